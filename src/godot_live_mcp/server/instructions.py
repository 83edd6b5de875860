"""The guide sent to the model at initialize (``instructions``): finding tools, paths, undo and save,
playing the game. At most ``MAX_INSTRUCTIONS`` characters; every tool it names must exist (a test checks)."""

from __future__ import annotations

MAX_INSTRUCTIONS = 2000

INSTRUCTIONS = """\
Tools for a live Godot 4 editor and the game it runs.

Finding tools: the core tools are listed; the others come in groups (scene, node, script, file, \
resource, project, input_map, signal, classdb, game, runtime, input, editor; animation, tilemap, \
sprite, ui, spatial, material, particles, audio, physics, navigation, asset; lsp, test, export...). \
discover_tools without arguments shows every group and its tools; discover_tools \
{"request": "runtime"} (a group, tool names, or a task in words) adds a group to your list. \
run_tool {"name", "arguments"} calls any tool, listed or not.

Paths: files are res:// paths (res://scenes/level.tscn). A node path is relative to the scene root: \
"." is the root, "Player/Sprite2D" a child of Player. Tools act on the active scene unless given \
scene (the res:// path of an open scene); scene_get_tree shows its nodes.

Undo and save: each edit is one step of the editor's undo history (editor_undo; history "global" \
for scripts, resources, project settings, input map and autoloads); editor_batch makes many edits \
one step, all or nothing ("$0.field": step 0's result). Node edits change the open scene only: \
scene_save or editor_save_all writes it to disk. Scripts are written at once; script_check compiles one.

Playing: the game runs what is saved. game_start runs it, then the runtime group reads and drives \
it (runtime_get_tree, runtime_get_node, runtime_step advances exact frames, runtime_screenshot, \
runtime_get_log) and the input group sends actions and keys. game_stop ends it; game_status tells \
how the last run ended. From a headless editor, game_start with display: true if you will want \
runtime_screenshot (a headless game is never captured; restart: true restarts it from its first \
frame); scene_render draws a scene without playing it.

Values: vectors, colors and resources are tagged objects such as {"type": "Vector2", "x": 1, "y": 2}. \
Every failure carries a code and a hint naming the next step."""
