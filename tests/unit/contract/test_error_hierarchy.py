"""One error hierarchy on the Python side: every error a person or client sees has a contract code, a
message and a hint, and the command line prints each the same way."""

from __future__ import annotations

import click
import pytest

from godot_live_mcp.cli._errors import reported_as_click_error
from godot_live_mcp.contract import ActionableError, ErrorCode, SetupError, ToolError, default_hint
from godot_live_mcp.godot import DisplayError, GodotInstallError, GodotNotFound
from godot_live_mcp.godot._apt_closure import AptError
from godot_live_mcp.godot._elf_patch import PatchError
from godot_live_mcp.instances.addon_install import AddonInstallError
from godot_live_mcp.instances.launcher import EditorLaunchError

SETUP_ERRORS = [AddonInstallError, AptError, DisplayError, GodotInstallError, GodotNotFound, PatchError]


@pytest.mark.parametrize("kind", SETUP_ERRORS, ids=lambda kind: kind.__name__)
def test_setup_errors_share_the_base_and_its_code(kind: type[SetupError]) -> None:
    error = kind("it broke", "run the fix")
    assert isinstance(error, ActionableError)
    assert (error.code, error.message, error.hint) == (ErrorCode.SETUP_FAILED, "it broke", "run the fix")


def test_tool_errors_and_launch_errors_are_actionable_too() -> None:
    assert issubclass(ToolError, ActionableError)
    launch = EditorLaunchError("no editor", None)
    assert isinstance(launch, ActionableError)
    assert launch.code == ErrorCode.EDITOR_DISCONNECTED


def test_a_missing_hint_is_the_code_default() -> None:
    assert ToolError(ErrorCode.TIMEOUT, "slow").hint == default_hint(ErrorCode.TIMEOUT)


def test_an_unknown_code_is_refused() -> None:
    with pytest.raises(ValueError, match=r"contract\.json"):
        ActionableError("x", code="NO_SUCH_CODE")


@pytest.mark.parametrize(
    "error",
    [SetupError("no Godot", "install it"), ToolError(ErrorCode.AUTH_FAILED, "bad token", "restart")],
    ids=["setup", "tool"],
)
def test_the_command_line_prints_message_then_hint_for_every_kind(error: ActionableError) -> None:
    with pytest.raises(click.ClickException) as printed, reported_as_click_error():
        raise error
    assert printed.value.message == f"{error.message}\nhint: {error.hint}"
