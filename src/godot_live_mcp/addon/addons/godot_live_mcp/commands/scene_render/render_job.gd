@tool
extends RefCounted
## One render of a scene without playing it: a Godot started on a private display (GameDisplay) runs
## render_main.gd on the scene and writes the picture; this waits for it (bounded), reads it back and
## removes what it wrote. Its output goes to pipes read here, never to the editor's log.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const GameDisplay := preload("res://addons/godot_live_mcp/commands/playtest/game_display.gd")
const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")

const MAIN := "res://addons/godot_live_mcp/commands/scene_render/render_main.gd"
const FOLDER := "user://godot_live_mcp/scene_render"
const TIMEOUT_S := 40.0
const POLL_S := 0.05
## Lines of the renderer's own output kept for a failure's message.
const KEPT_LINES := 12
## Software OpenGL on the private display, no sound, no waiting for V-Sync.
const FLAGS: Array[String] = [
	"--rendering-method",
	"gl_compatibility",
	"--rendering-driver",
	"opengl3",
	"--audio-driver",
	"Dummy",
	"--disable-vsync"
]


## {image: Image, view, camera} of the scene file at scene_path, drawn at size; framing: frame its
## contents even when it has a camera. ended_displays: this editor's (GameDisplay).
static func render(scene_path: String, size: Vector2i, framing: bool, ended_displays: Array[int]) -> Result:
	var display: GameDisplay = GameDisplay.new(ended_displays)
	var screen: Result = await display.start()
	if screen.failed():
		return screen
	DirAccess.make_dir_recursive_absolute(FOLDER)
	var output: String = ProjectSettings.globalize_path(FOLDER.path_join("%d_%d" % [Time.get_ticks_usec(), randi()]))
	var ran: Result = await _run(_args(scene_path, output, size, framing), screen.value)
	display.stop()
	var read: Result = _read(output, str(ran.value)) if ran.succeeded() else ran
	for written: String in [output + ".png", output + ".json"]:
		DirAccess.remove_absolute(written)
	return read


static func _args(scene_path: String, output: String, size: Vector2i, framing: bool) -> PackedStringArray:
	var args: PackedStringArray = PackedStringArray(["--path", ProjectSettings.globalize_path("res://")])
	args.append_array(FLAGS)
	args.append_array(["--resolution", "%dx%d" % [size.x, size.y], "--script", MAIN])
	args.append_array(["--", scene_path, output, "1" if framing else "0"])
	return args


## Starts the renderer with env added to this editor's environment (it is a helper process: it serves
## no tools and does not register) and waits for its end.
static func _run(args: PackedStringArray, env: Dictionary) -> Result:
	var saved: Dictionary = {}
	env = env.duplicate()
	env[str(ContractData.section("helper_process").get("env", ""))] = "scene_render"
	for name: String in env:
		saved[name] = OS.get_environment(name) if OS.has_environment(name) else null
		OS.set_environment(name, str(env[name]))
	var started: Dictionary = OS.execute_with_pipe(OS.get_executable_path(), args, false)
	for name: String in saved:
		if saved[name] == null:
			OS.unset_environment(name)
		else:
			OS.set_environment(name, str(saved[name]))
	if started.is_empty():
		return Result.fail("INVALID_STATE", "Could not start %s to render." % OS.get_executable_path())
	return await _wait(started)


static func _wait(started: Dictionary) -> Result:
	var pid: int = int(started["pid"])
	var output: Array[String] = []
	var deadline: int = Time.get_ticks_msec() + int(TIMEOUT_S * 1000)
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	while ProcessProbe.is_alive(pid) and Time.get_ticks_msec() < deadline:
		_drain(started, output)
		await tree.create_timer(POLL_S).timeout
	_drain(started, output)
	var timed_out: bool = ProcessProbe.is_alive(pid)
	if timed_out:
		OS.kill(pid)
	OS.is_process_running(pid)  # reaps it
	for pipe: String in ["stdio", "stderr"]:
		(started[pipe] as FileAccess).close()
	if timed_out:
		return Result.fail("TIMEOUT", "The scene did not render within %.0f s." % TIMEOUT_S, _last_lines(output))
	return Result.of(_last_lines(output))


## Reads what the renderer wrote so far (its pipes must not fill up), keeping the last lines.
static func _drain(started: Dictionary, output: Array[String]) -> void:
	for pipe: String in ["stdio", "stderr"]:
		var text: String = (started[pipe] as FileAccess).get_buffer(1 << 16).get_string_from_utf8()
		if text.strip_edges() != "":
			output.append_array(Array(text.strip_edges().split("\n")))
	if output.size() > KEPT_LINES:
		output.assign(output.slice(output.size() - KEPT_LINES))


static func _last_lines(output: Array[String]) -> String:
	return "The renderer's last lines: " + " | ".join(PackedStringArray(output)) if not output.is_empty() else ""


static func _read(output: String, said: String) -> Result:
	var note: Variant = JSON.parse_string(FileAccess.get_file_as_string(output + ".json"))
	if not note is Dictionary:
		return Result.fail("INVALID_STATE", "The renderer ended without a picture. " + said, GameDisplay.HINT)
	if (note as Dictionary).has("error"):
		return Result.fail(
			"INVALID_STATE", str(note["error"]), "Check the scene opens: scene_open, then editor_get_log."
		)
	var image: Image = Image.new()
	if image.load_png_from_buffer(FileAccess.get_file_as_bytes(output + ".png")) != OK or image.is_empty():
		return Result.fail("INVALID_STATE", "The renderer's picture could not be read.", "")
	var rendered: Dictionary = (note as Dictionary).duplicate()
	rendered["image"] = image
	return Result.of(rendered)
