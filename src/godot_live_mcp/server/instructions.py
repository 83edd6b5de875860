"""The guide sent to the model when it connects (``instructions``): finding tools on this kind of
connection, paths, undo and save, playing the game. At most ``MAX_INSTRUCTIONS`` characters; every tool
it names must exist (a test checks). The group names come from contract.json.

A handshake connection (protocol up to 2025-11-25) gets ``GROWING_LIST``: its tool list grows as
``discover_tools`` loads groups, and the client is told. A 2026-07-28 connection keeps no session, so
its list stays fixed: ``FIXED_LIST`` sends it to ``run_tool``. ``INSTRUCTIONS``, for a rules file
(``configure``), covers both.
"""

from __future__ import annotations

from godot_live_mcp.contract import CONTRACT

MAX_INSTRUCTIONS = 2000

_GROWING = """\
Your tool list grows: the core tools are listed, and discover_tools {"request": "runtime"} (a group, \
tool names, or a task in words) adds a group's tools to it (your client is told to list them again)."""

_FIXED = """\
Your tool list stays as it is on this connection (protocol 2026-07-28): discover_tools \
{"request": "runtime"} (a group, tool names, or a task in words) answers each tool of a group in one \
line, and run_tool calls it."""

_EITHER = """\
The core tools are listed; discover_tools {"request": "runtime"} (a group, tool names, or a task in \
words) adds a group's tools to your list, or, where the list does not grow, answers each in one line \
for run_tool."""

_BODY = """\
Tools for a live Godot 4 editor and the game it runs.

Finding tools: {kind} Groups: {groups}. discover_tools without arguments shows every group and its \
tools. run_tool {{"name", "arguments"}} calls any tool, listed or not.

Paths: files are res:// paths (res://scenes/level.tscn). A node path is relative to the scene root: \
"." is the root, "Player/Sprite2D" a child of Player. Tools act on the active scene unless given \
scene (the res:// path of an open scene); scene_get_tree shows its nodes.

Undo and save: each edit is one step of the editor's undo history (editor_undo; history "global" \
for scripts, resources, project settings, input map and autoloads); editor_batch makes many edits \
one step, all or nothing ("$0.field": step 0's result). Node edits change the open scene only: \
scene_save or editor_save_all writes it to disk. Scripts are written at once; script_check compiles one.

Playing: the game runs what is saved. game_start runs it; runtime_playtest plays a script of \
inputs, frame steps and checks in one call and answers a timeline; the runtime and input groups \
read and drive it step by step. game_stop ends it. From a headless editor, game_start with \
display: true if you will want runtime_screenshot (a headless game is never captured); \
scene_render draws a scene without playing it.

Values: vectors, colors and resources are tagged objects such as {{"type": "Vector2", "x": 1, "y": 2}}. \
Every failure carries a code and a hint naming the next step."""


def _instructions(kind: str) -> str:
    return _BODY.format(kind=kind, groups=", ".join(CONTRACT.groups))


GROWING_LIST = _instructions(_GROWING)
FIXED_LIST = _instructions(_FIXED)
INSTRUCTIONS = _instructions(_EITHER)
