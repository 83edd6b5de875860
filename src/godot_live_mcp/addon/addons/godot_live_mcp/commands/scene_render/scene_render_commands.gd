@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## scene.render: a scene drawn without playing it, as an image the assistant can look at, from any
## editor (a headless one too): a separate Godot renders it on a private virtual screen.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const RenderJob := preload("res://addons/godot_live_mcp/commands/scene_render/render_job.gd")

const GROUP := "scene"
const WINDOW_WIDTH := "display/window/size/viewport_width"
const WINDOW_HEIGHT := "display/window/size/viewport_height"
## Where an open scene is written, with its unsaved edits, for the renderer to load.
const EDITED_COPY := "user://godot_live_mcp/scene_render/edited_%d.tscn"
const VIEW := (
	'enum(camera|framing)="camera": Through the current camera of the scene, or a framing of its contents'
	+ " (also when it has no camera)."
)
const COMMANDS := {
	"scene.render":
	{
		"text":
		(
			"Draw a scene without playing it, as an image (JPEG, long side at most 900 px unless asked"
			+ " otherwise): a scene file, or an open scene with its unsaved edits. Seen through its"
			+ " camera (Camera2D/Camera3D), else a framing of all it shows. Its nodes' _ready runs,"
			+ " nothing processes. Works from a headless editor (on a private virtual screen; a few seconds)."
		),
		"args":
		[
			ScreenshotCodec.ARGS,
			{"scene": "string: res:// path of the scene; the active scene when omitted.", "view": VIEW},
			{"width": "integer[16..4096]: Pixels drawn across (the project's window width)."},
			{"height": "integer[16..4096]: Pixels drawn down (the project's window height)."},
		],
		"returns":
		[
			{"image!": ScreenshotCodec.IMAGE, "scene!": "string", "view!": "enum(camera|framing): How it was seen."},
			{"camera": "string: Path of its camera.", "source_width!": "integer", "source_height!": "integer"},
		],
		"timeout_ms": 60000,
		"guard": ["scene"],
		"marks": "read_only idempotent scene_independent long_running",
		"keywords": ["image", "preview", "thumbnail", "screenshot", "picture"],
	},
}


func render(params: CommandParams) -> Result:
	var source: Result = _source(params.text("scene"))
	if source.failed():
		return source
	var size: Vector2i = Vector2i(
		int(params.raw.get("width", ProjectSettings.get_setting(WINDOW_WIDTH, 1152))),
		int(params.raw.get("height", ProjectSettings.get_setting(WINDOW_HEIGHT, 648)))
	)
	var scene_file: String = str(source.value["file"])
	var rendered: Result = await RenderJob.render(
		scene_file, size, params.text("view") == "framing", _services.ended_displays
	)
	if scene_file.begins_with("user://"):
		DirAccess.remove_absolute(scene_file)
	if rendered.failed():
		return rendered
	var image: Image = rendered.value["image"]
	var encoded: Result = ScreenshotCodec.encode(image, params.raw)
	if encoded.failed():
		return encoded
	var result: Dictionary = {"image": encoded.value, "scene": source.value["scene"], "view": rendered.value["view"]}
	if str(rendered.value.get("camera", "")) != "":
		result["camera"] = rendered.value["camera"]
	result.merge({"source_width": image.get_width(), "source_height": image.get_height()})
	return Result.of(result)


## {scene: what the caller named, file: what the renderer loads}: an open scene is written to a copy
## with its unsaved edits; a scene file that is not open is rendered as saved.
static func _source(wanted: String) -> Result:
	var target: Result = SceneTarget.require(wanted)
	if target.failed():
		var path: String = wanted if wanted.begins_with("res://") or wanted == "" else "res://" + wanted
		if path != "" and ResourceLoader.exists(path, "PackedScene"):
			return Result.of({"scene": path, "file": path})
		return target
	var root: Node = (target.value as SceneTarget).root
	var packed: PackedScene = PackedScene.new()
	var copy: String = EDITED_COPY % Time.get_ticks_usec()
	DirAccess.make_dir_recursive_absolute(copy.get_base_dir())
	if packed.pack(root) != OK or ResourceSaver.save(packed, copy) != OK:
		return Result.fail("INVALID_STATE", "The open scene could not be copied for rendering.", "Save it, then retry.")
	return Result.of({"scene": (target.value as SceneTarget).path, "file": copy})
