"""Every error code written anywhere, in GDScript or Python, belongs to the contract's closed vocabulary."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from godot_live_mcp.contract import CONTRACT, ErrorCode, addon_source_dir

REPO = Path(__file__).resolve().parents[3]
GDSCRIPT_ROOTS = (addon_source_dir(), REPO / "tests" / "engine" / "extensions")
# fail("CODE", ...) in GDScript: MCPToolkitError.fail, registry.fail, and the runtime's own calls.
GD_FAIL = re.compile(r"""\bfail\(\s*"([A-Z_]+)\"""")
GD_CODE_FIELD = re.compile(r""""code":\s*"([A-Z_]+)\"""")
# The contract probe extension fails with this one on purpose, to prove the registry catches it.
DELIBERATELY_UNKNOWN = {"NO_SUCH_CODE"}


def gdscript_codes() -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for root in GDSCRIPT_ROOTS:
        for script in root.rglob("*.gd"):
            text = script.read_text("utf-8")
            for code in {*GD_FAIL.findall(text), *GD_CODE_FIELD.findall(text)}:
                found.setdefault(code, set()).add(
                    str(script.relative_to(REPO if REPO in script.parents else root))
                )
    return found


def test_the_vocabulary_has_the_codes_the_contract_promises() -> None:
    promised = {
        *("NOT_FOUND", "INVALID_PARAMS", "ALREADY_EXISTS", "PATH_DENIED", "FILE_TOO_LARGE"),
        *("RESPONSE_TOO_LARGE", "TIMEOUT", "CANCELLED", "INTERNAL", "HEADLESS_UNSUPPORTED"),
        *("GAME_NOT_RUNNING", "VERSION_UNSUPPORTED", "SCENE_NOT_OPEN", "EDITOR_BUSY", "PERMISSION_DENIED"),
        *("TYPE_MISMATCH", "LOG_BUSY", "LOG_UNAVAILABLE"),
    }
    assert promised <= set(CONTRACT.error_codes)


def test_gdscript_uses_only_contract_codes() -> None:
    codes = gdscript_codes()
    assert codes, "the scan found no error codes at all: the pattern is wrong"
    unknown = {
        code: sorted(files)
        for code, files in codes.items()
        if code not in CONTRACT.error_codes and code not in DELIBERATELY_UNKNOWN
    }
    assert not unknown, f"codes missing from contract.json: {unknown}"


@pytest.mark.parametrize("name", [name for name in vars(ErrorCode) if name.isupper()])
def test_python_uses_only_contract_codes(name: str) -> None:
    assert getattr(ErrorCode, name) in CONTRACT.error_codes


def test_every_default_hint_is_a_sentence() -> None:
    for code, entry in CONTRACT.error_codes.items():
        assert entry.get("meaning"), code
        hint = entry.get("hint", "")
        assert not hint or hint.endswith("."), f"{code}: {hint!r}"
