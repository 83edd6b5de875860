extends SceneTree
## The main loop of a Godot the editor starts to render one scene without playing it (scene.render):
## on a private display, it adds the scene with its tree paused (each node's _ready runs, nothing
## processes), sets up the view, draws one frame, writes it as a PNG with a JSON note beside it
## ({view, camera} or {error}), and quits. Arguments after `--`: scene path, output path (no
## extension), framing ("1" to frame the contents even when the scene has a camera).

const SceneFraming := preload("res://addons/godot_live_mcp/commands/scene_render/scene_framing.gd")

## Frames drawn before the capture: the first lays out Controls and cameras, the next shows them.
const SETTLE_FRAMES := 2


func _initialize() -> void:
	var args: PackedStringArray = OS.get_cmdline_user_args()
	if args.size() < 3:
		quit(2)
		return
	_render(args[0], args[1], args[2] == "1")


func _render(scene_path: String, output: String, framing: bool) -> void:
	var packed: PackedScene = load(scene_path) as PackedScene
	var scene: Node = packed.instantiate() if packed != null else null
	if scene == null:
		_finish(output, {"error": "'%s' could not be loaded or instanced as a scene." % scene_path})
		return
	paused = true
	root.add_child(scene)
	for _frame: int in SETTLE_FRAMES:
		await process_frame
	var seen: Dictionary = SceneFraming.apply(scene, framing)
	for _frame: int in SETTLE_FRAMES:
		await process_frame
	await RenderingServer.frame_post_draw
	var saved: Error = root.get_texture().get_image().save_png(output + ".png")
	_finish(output, seen if saved == OK else {"error": "Writing the picture failed (%s)." % error_string(saved)})


func _finish(output: String, note: Dictionary) -> void:
	var file: FileAccess = FileAccess.open(output + ".json", FileAccess.WRITE)
	if file != null:
		file.store_string(JSON.stringify(note))
		file.close()
	quit(0 if not note.has("error") else 1)
