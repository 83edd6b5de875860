"""The last lines of a run's output quoted in an error are cut from the output scrubbed whole."""

from __future__ import annotations

from godot_live_mcp.project_tests._process import GodotRun


def test_a_private_key_whose_first_line_is_cut_off_is_still_redacted() -> None:
    body = [f"MIIEowIBAAKCAQEA{index:04d}fakefakefakefakefake" for index in range(20)]
    lines = ("run starts", "-----BEGIN RSA PRIVATE KEY-----", *body, "-----END RSA PRIVATE KEY-----", "done")
    tail = GodotRun(1, lines, 1.0).tail(5)
    assert "MIIEowIBAAKCAQEA" not in tail
    assert tail.endswith("done")
