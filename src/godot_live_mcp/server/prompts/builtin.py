"""The built-in prompts: recipes that walk the assistant through common Godot tasks with real tools."""

from __future__ import annotations

from godot_live_mcp.server.prompts.template import PromptArgument, PromptTemplate

_SCENE = PromptArgument("scene", "res:// path of the scene, e.g. res://levels/main.tscn.")

DEBUG_SCENE = PromptTemplate(
    name="debug-scene",
    title="Debug a node of a scene",
    description="Find out why a node of a scene misbehaves: read it, run the scene, watch it, then fix it.",
    arguments=(
        _SCENE,
        PromptArgument("node_path", "Path of the node from the scene root, e.g. Player/Sprite2D."),
    ),
    text="""Debug the node {{node_path}} of the scene {{scene}} in this Godot project.

Load the tool groups this uses first:
discover_tools(request=["scene", "script", "signal", "editor", "runtime"])
(run_tool(name=..., arguments=...) also calls a tool that is not listed).

1. Open the scene with scene_open(path="{{scene}}") and look at the nodes around the target with
   scene_get_tree(scene="{{scene}}", max_depth=3).
2. Read the node: node_get(scene="{{scene}}", node_path="{{node_path}}") gives its class,
   script, groups and the values that differ from the defaults; signal_list(scene="{{scene}}",
   node_path="{{node_path}}") shows its connections. If it has a script, read it with script_read(path=...)
   and check it compiles with script_check(path=...).
3. Look for errors the editor already reported: editor_get_log(kinds=["error", "script_error", "warning"]).
4. Run the scene and watch the node live: game_start(scene="{{scene}}"), then
   runtime_get_node(node_path="{{node_path}}") and runtime_get_log(). Pause and step frame by frame around
   the problem with runtime_pause() and runtime_step(frames=1), or run until a condition holds with
   runtime_step_until(condition=..., max_frames=600); a condition only reads the game, e.g.
   "$Player.velocity.y > 0 and GameState.score > 0". End with game_stop().
5. Say what causes the problem before changing anything. Then fix it (node_set_property(scene="{{scene}}",
   node_path="{{node_path}}", property=..., value=...) or script_patch(path=..., search=..., content=...)),
   save with scene_save(scene="{{scene}}"), and run the scene again to confirm the fix.""",
)

WRITE_TEST = PromptTemplate(
    name="write-test",
    title="Write a test for a script",
    description="Read a script, write a test for its behaviour in the project's style, and run it.",
    arguments=(PromptArgument("path", "res:// path of the script to test, e.g. res://scripts/player.gd."),),
    text="""Write a test for the script {{path}}.

Load the tool groups this uses first:
discover_tools(request=["scene", "script", "file", "classdb", "runtime"])
(run_tool(name=..., arguments=...) also calls a tool that is not listed).

1. Read it with script_read(path="{{path}}") and make sure it compiles: script_check(path="{{path}}").
   Look up the engine classes it relies on with classdb_get_class(class_name=...).
2. Find how this project tests: file_search(query="extends GutTest") and
   file_search(query="extends GdUnitTestSuite") show a test framework; file_list(path="res://",
   glob="test_*.gd", recursive=true) shows existing tests. Follow their folder, naming and style.
3. Write the test: script_create(path=..., extends=...) for a new file, then script_write(path=...,
   content=...) with its body. Cover the script's public functions, the edge cases you can see in the code,
   and one case that should fail loudly. Check it compiles with script_check(path=...).
4. Without a framework, make the test a scene whose root runs the checks in _ready, prints one PASS or FAIL
   line each and quits: scene_create(path=..., root_class="Node"), script_attach(node_path=".", path=...),
   scene_save(). Run it with game_start(scene=...) and read the lines with runtime_get_log(); end with
   game_stop().
5. Report what the test covers and what it found.""",
)

BUILD_LEVEL = PromptTemplate(
    name="build-level",
    title="Build a level",
    description="Build a new level scene from a description: layout, player, obstacles, pickups.",
    arguments=(PromptArgument("description", "What the level should be like, in your own words."),),
    text="""Build a new level for this Godot project: {{description}}

Load the tool groups this uses first:
discover_tools(request=["scene", "file", "project", "classdb", "runtime", "input"])
(run_tool(name=..., arguments=...) also calls a tool that is not listed).

1. Learn the project first: project_get_info() gives the main scene, autoloads and input actions;
   file_list(path="res://", glob="*.tscn", recursive=true) lists the scenes you can reuse (player, enemies,
   pickups). Read one existing level with scene_get_tree(scene=...) after scene_open(path=...) to copy its
   structure and naming.
2. Create the scene: scene_create(path="res://levels/<name>.tscn", root_class="Node2D") (Node3D for 3D).
3. Add the parts: scene_instantiate(path=..., parent=".", properties=...) for existing scenes, and
   node_create(class_name=..., parent=..., name=..., properties=...) for new nodes. Positions and other
   engine values are tagged JSON, e.g. {"type": "Vector2", "x": 100, "y": 200} (resource
   godot://docs/coercion lists every shape). Check what a class offers with classdb_get_class(class_name=...).
4. Look at it without playing: scene_render(scene=...). Save with scene_save(), then play it:
   game_start(scene=..., display=true) (display lets runtime_screenshot capture a headless editor's game
   mid-play, keeping its state), look with runtime_screenshot() or runtime_get_tree(), try the controls with
   input_action_tap(action=..., frames=10), read runtime_get_log() for errors, and game_stop().
5. Adjust until it matches the description, save, and summarise what you built.""",
)

REVIEW_SCRIPT = PromptTemplate(
    name="review-script",
    title="Review a script",
    description="Review a GDScript file for bugs, engine misuse, typing and style, with concrete fixes.",
    arguments=(PromptArgument("path", "res:// path of the script to review."),),
    text="""Review the script {{path}}.

Load the tool groups this uses first:
discover_tools(request=["node", "script", "file", "classdb"])
(run_tool(name=..., arguments=...) also calls a tool that is not listed).

1. Read it with script_read(path="{{path}}") and compile it with script_check(path="{{path}}").
2. Check its use of the engine against the class reference: classdb_get_class(class_name=...) and
   classdb_get_method(class_name=..., method=...) for the classes and methods it calls.
3. See where it is used: file_search(query=...) for its class_name or path, and node_find(script="{{path}}")
   in an open scene, to judge the effect of a change.
4. Report, most important first: bugs (null access, wrong signal signatures, frame-rate dependent movement
   without delta, leaks), engine misuse, missing static types, and style. For each finding give the line and
   a concrete replacement.
5. Change nothing unless asked; when asked, apply each fix with script_patch(path="{{path}}", search=...,
   content=...) and run script_check(path="{{path}}") after.""",
)

PROFILE_GAME = PromptTemplate(
    name="profile-game",
    title="Profile the game",
    description="Run a scene, measure frame time, node counts and memory, and find what costs the most.",
    arguments=(_SCENE,),
    text="""Profile the game running the scene {{scene}}.

Load the tool groups this uses first:
discover_tools(request=["runtime", "input"])
(run_tool(name=..., arguments=...) also calls a tool that is not listed).

1. Start it: game_start(scene="{{scene}}"). Let it settle with runtime_step(frames=120), then read
   runtime_get_performance() for fps, frame and physics time, object and node counts, memory and draw calls.
2. Play the heavy part: drive it with input_action_tap(action=..., frames=...) or
   runtime_step_until(condition=..., max_frames=...), and read runtime_get_performance() again.
   Compare the two readings.
3. Find the cost: runtime_get_tree(type=...) counts nodes by class (look for growing counts: leaks);
   runtime_get_node(node_path=...) shows a suspect's settings; runtime_get_log() shows
   warnings. Read the scripts that run every frame with script_read(path=...).
4. End the run with game_stop(). Report the numbers, the likely causes ranked by cost, and concrete fixes
   (pooling, fewer physics bodies, process only when needed), without changing anything unless asked.""",
)

BUILTIN_PROMPTS: tuple[PromptTemplate, ...] = (
    DEBUG_SCENE,
    WRITE_TEST,
    BUILD_LEVEL,
    REVIEW_SCRIPT,
    PROFILE_GAME,
)
