"""The ``godot-live-mcp`` command line: one click group, one module per command group."""

from __future__ import annotations

import click

from godot_live_mcp import __version__
from godot_live_mcp.cli.call import call_command
from godot_live_mcp.cli.configure import configure_command
from godot_live_mcp.cli.demo import demo_command
from godot_live_mcp.cli.doctor import doctor_command
from godot_live_mcp.cli.extensions_cmd import extensions_group
from godot_live_mcp.cli.godot_cmd import godot_group
from godot_live_mcp.cli.install_addon import install_addon_command
from godot_live_mcp.cli.instances_cmd import instances_command
from godot_live_mcp.cli.playtest_cmd import playtest_command
from godot_live_mcp.cli.plugins import plugins_group
from godot_live_mcp.cli.serve import serve_command
from godot_live_mcp.cli.snapshot import snapshot_command
from godot_live_mcp.cli.tools import tools_group
from godot_live_mcp.cli.tools_browse import browse_commands


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="godot-live-mcp")
def cli() -> None:
    """Let an AI assistant see and change a live Godot project over MCP."""


cli.add_command(godot_group)
cli.add_command(doctor_command)
cli.add_command(install_addon_command)
cli.add_command(serve_command)
cli.add_command(demo_command)
cli.add_command(tools_group)
cli.add_command(plugins_group)
cli.add_command(extensions_group)
cli.add_command(snapshot_command)
cli.add_command(configure_command)
cli.add_command(instances_command)
cli.add_command(call_command)
cli.add_command(playtest_command)
for _command in browse_commands:
    tools_group.add_command(_command)


def main() -> None:
    cli()
