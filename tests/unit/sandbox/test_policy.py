"""The sandbox's policy and switches (pure logic; the engine tests prove the confinement itself)."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.sandbox import NO_SANDBOX_ENV, confine, sandbox_state
from godot_live_mcp.sandbox._policy import SandboxPolicy, build_policy
from godot_live_mcp.sandbox._seccomp import _program


def test_the_switch_turns_it_off_with_the_reason() -> None:
    assert sandbox_state({NO_SANDBOX_ENV: "--no-sandbox"}) == "off: --no-sandbox"


def test_an_unconfined_run_is_still_tied_to_the_server(tmp_path: Path) -> None:
    command, env = confine(["godot", "--headless"], tmp_path, {NO_SANDBOX_ENV: "test"})
    split = command.index("--")
    assert command[split - 1 :] == ["-", "--", "godot", "--headless"]
    assert env["GODOT_LIVE_MCP_SANDBOX"] == "off: test"


def test_the_policy_opens_the_project_and_its_user_folder_not_the_home(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "project.godot").write_text('[application]\n\nconfig/name="My: Game"\n')
    home = tmp_path / "home"
    env = {
        "HOME": str(home),
        "GODOT_MCP_REGISTRY_DIR": str(tmp_path / "registry"),
        "GODOT_MCP_LSP_PORT": "7001",
    }
    policy = build_policy(Path("/usr/bin/true"), project, env)
    assert str(project) in policy.write
    assert str(home / ".local/share/godot/app_userdata/My_ Game") in policy.write
    assert not any(path in (str(home), str(tmp_path)) for path in (*policy.read, *policy.write))
    assert {6007, 6550, 6585, 7001} <= set(policy.tcp_ports)
    assert SandboxPolicy.from_json(policy.to_json()) == policy


def test_a_pinned_port_replaces_its_band(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "GODOT_MCP_REGISTRY_DIR": str(tmp_path), "GODOT_MCP_EDITOR_PORT": "7100"}
    ports = set(build_policy(Path("/usr/bin/true"), tmp_path, env).tcp_ports)
    assert 7100 in ports
    assert 6550 not in ports


def test_every_jump_of_the_socket_filter_lands_inside_it() -> None:
    program = _program(0xC000003E, 41)
    for at, (code, jump_true, jump_false, _k) in enumerate(program):
        if code == 0x06:
            continue  # a return
        assert at + 1 + jump_true < len(program)
        assert at + 1 + jump_false < len(program)
