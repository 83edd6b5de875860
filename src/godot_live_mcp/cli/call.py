"""``godot-live-mcp call TOOL --json ARGS``: one tool call from the shell against the live editor of a
project, through the same server code a client talks to (argument checks, read-only rule, the game's
tools routed to the game); the result printed as JSON, the exit code telling success (0) from failure."""

from __future__ import annotations

import base64
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import click

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.addon_install import project_root
from godot_live_mcp.instances.registry import find_instance
from godot_live_mcp.instances.registry_dir import registry_dir
from godot_live_mcp.regular_files import LARGE_CAP, read_regular_text

if TYPE_CHECKING:
    import mcp_types as types

__all__ = ["call_command"]

_STARTUP_WAIT_S = 10.0


@click.command("call")
@click.argument("tool")
@click.option(
    "--json",
    "arguments",
    default="{}",
    show_default=True,
    help="The tool's arguments as a JSON object; '-' reads them from stdin, '@FILE' from a file.",
)
@click.option(
    "--project",
    type=click.Path(path_type=Path),
    default=None,
    help="The project whose live editor to call (default: the only or most recent live editor).",
)
@click.option("--read-only", is_flag=True, help="Refuse the call if the tool could change the project.")
@click.option("--allow-execute", is_flag=True, help="Allow editor_execute and execute_code (arbitrary code).")
@click.option(
    "--images",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Save the images a tool returns (screenshots) into this folder.",
)
def call_command(
    tool: str, arguments: str, project: Path | None, read_only: bool, allow_execute: bool, images: Path | None
) -> None:
    """Call TOOL once on a live Godot editor and print its result.

    Exit code 0 when the tool succeeded, 1 when it failed (its code, message and hint on stderr),
    2 when the arguments are not a JSON object.
    """
    parsed = _arguments(arguments)
    with reported_as_click_error():
        folder = project_root(project).resolve() if project is not None else None
        if find_instance(folder) is None:
            raise ToolError(
                ErrorCode.EDITOR_DISCONNECTED,
                f"No live Godot editor{f' for {folder}' if folder else ''} is registered in "
                f"{registry_dir()}.",
                "Open the project in Godot with the godot_live_mcp addon enabled; "
                "`godot-live-mcp instances` lists the live editors.",
            )
    result = anyio.run(_call, folder, tool, parsed, read_only, allow_execute)
    sys.exit(_print_result(result, images))


def _arguments(text: str) -> dict[str, Any]:
    if text == "-":
        text = sys.stdin.read()
    elif text.startswith("@"):
        text = read_regular_text(Path(text[1:]), cap=LARGE_CAP)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise click.UsageError(f"--json is not JSON: {error}") from None
    if not isinstance(value, dict):
        raise click.UsageError('--json must be a JSON object, such as {"node_path": "Player"}')
    return value


async def _call(
    project: Path | None, tool: str, arguments: dict[str, Any], read_only: bool, allow_execute: bool
) -> types.CallToolResult:
    # Imported here: the server and the MCP client are heavy, and only this command needs them.
    from mcp.client import Client

    from godot_live_mcp.bridge.debugger_pause import follow_debugger
    from godot_live_mcp.bridge.editor_link import EditorLink
    from godot_live_mcp.bridge.runtime_link import RuntimeLink
    from godot_live_mcp.instances.editor_source import RegistrySource
    from godot_live_mcp.server.app import GodotMcpApp
    from godot_live_mcp.server.tool_policy import ToolPolicy

    link = EditorLink(RegistrySource(project), read_only=read_only)
    runtime = RuntimeLink(lambda: link.instance, pause=follow_debugger(link))
    policy = ToolPolicy.from_settings(read_only, allow_execute)
    app = GodotMcpApp(link, policy, runtime=runtime, startup_wait_s=_STARTUP_WAIT_S)
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(link.run)
        tasks.start_soon(runtime.run)
        await link.wait_connected(_STARTUP_WAIT_S)
        async with Client(app.server) as client:
            result = await client.call_tool(tool, arguments)
        link.close()
        tasks.cancel_scope.cancel()
    return result


def _print_result(result: types.CallToolResult, images: Path | None) -> int:
    """Structured content as JSON on stdout, else the text; a failure's text on stderr. The exit code."""
    import mcp_types as types

    texts = [item.text for item in result.content if isinstance(item, types.TextContent)]
    if result.is_error:
        click.echo("\n".join(texts) or "the tool failed without a message", err=True)
        return 1
    for index, item in enumerate(i for i in result.content if isinstance(i, types.ImageContent)):
        click.echo(_image_note(item, index, images), err=True)
    if result.structured_content is not None:
        click.echo(json.dumps(result.structured_content, indent=2, ensure_ascii=False))
    else:
        click.echo("\n".join(texts))
    return 0


def _image_note(image: types.ImageContent, index: int, folder: Path | None) -> str:
    data = base64.b64decode(image.data)
    if folder is None:
        return f"[{image.mime_type} image, {len(data)} bytes: pass --images DIR to save it]"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"image-{index + 1}.{image.mime_type.split('/')[-1]}"
    path.write_bytes(data)
    return f"saved {image.mime_type} image to {path}"
