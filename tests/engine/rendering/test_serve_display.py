"""``serve --display``: the editor the server launches draws on a private Xvfb, so editor_screenshot works.

About 1 GB and a busy core while that editor runs; the server ends it, and its display, when it exits.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client
from tests.engine.rendering.image_files import png_pixels
from tests.engine.rendering.images import image_result
from tests.mcp_results import structured
from tests.processes import still_alive

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

OPENED_WITHIN_S = 120.0


def displays_of(project: Path) -> set[int]:
    """Pids of the Xvfb servers a process serving ``project`` started."""
    found = set()
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
            parent_command = Path(f"/proc/{parent}/cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if command[0].endswith(b"Xvfb") and str(project).encode() in parent_command:
            found.add(int(entry.name))
    return found


async def test_an_editor_launched_with_display_is_captured_with_real_pixels(
    engine_editor: EngineEditor, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project = copy_demo_project(tmp_path_factory.mktemp("served") / "demo_project", test_extensions=False)

    async with mcp_client(engine_editor, "--launch", "--display", project=project) as client:
        with anyio.fail_after(OPENED_WITHIN_S):
            info = structured(await client.call_tool("editor_get_info", {}))
        arguments = {"viewport": "main", "format": "png", "max_size": 640}
        shot = image_result(await client.call_tool("editor_screenshot", arguments))
        started_displays = displays_of(project)

    assert (info["headless"], info["display_server"]) == (False, "X11")
    assert (shot.described["source_width"], shot.described["source_height"]) == (1280, 720)
    assert len(png_pixels(shot.data).colours()) > 50, "an editor window has text, icons and panels"
    assert len(started_displays) == 1
    assert not still_alive(started_displays, 30.0), "the server stopped the display with its editor"
