@tool
extends RefCounted
## editor.screenshot: what the editor shows, as an image the assistant can look at.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const DrawnFrame := preload("res://addons/godot_live_mcp/contract/drawn_frame.gd")

## The main screen that shows each editor viewport (EditorInterface.set_main_screen_editor names).
const MAIN_SCREENS: Dictionary = {"2d": "2D", "3d": "3D"}
const GROUP := "editor"
const VIEWPORT := (
	"enum(2d|3d|main): What to capture: the 2D or 3D editor viewport (shown first if another"
	+ " screen is active), or 'main', the whole editor window. Default: the 2D or 3D viewport on"
	+ " screen, else the window."
)
const COMMANDS := {
	"editor.screenshot":
	{
		"text":
		(
			"Capture the editor as an image (JPEG, long side at most 900 px unless asked otherwise):"
			+ " the 2D or 3D viewport or the whole window. Not available in a headless editor."
		),
		"args": [ScreenshotCodec.ARGS, {"viewport": VIEWPORT}],
		"returns":
		[
			{"image!": ScreenshotCodec.IMAGE, "viewport!": "enum(2d|3d|main): What was captured."},
			{"source_width!": "integer: Width of the captured viewport before scaling."},
			{"source_height!": "integer: Height of the captured viewport before scaling."},
		],
		"marks": "read_only idempotent scene_independent",
		"keywords": ["viewport", "image"],
	},
}


static func screenshot(params: CommandParams) -> Result:
	if DisplayServer.get_name() == "headless":
		return Result.fail(
			"HEADLESS_UNSUPPORTED",
			"This editor runs headless: it draws nothing, so there is nothing to capture.",
			(
				"Screenshots need an editor with a display: start Godot without --headless, or let"
				+ " `godot-live-mcp serve --display` launch it on a private virtual screen. The game's own view"
				+ " needs no editor display: runtime_screenshot."
			)
		)
	var which: String = params.text("viewport") if params.has("viewport") else _on_screen_viewport()
	var image: Image = await _capture(which)
	var encoded: Result = ScreenshotCodec.encode(image, params.raw)
	if encoded.failed():
		return encoded
	var result: Dictionary = {"image": encoded.value, "viewport": which}
	result.merge({"source_width": image.get_width(), "source_height": image.get_height()})
	return Result.of(result)


## Brings a hidden 2D or 3D viewport on screen, waits for a drawn frame, and reads the pixels. A frame
## that does not come in time leaves the last one drawn, which is still what the editor shows.
static func _capture(which: String) -> Image:
	var viewport: Viewport = _viewport(which)
	if MAIN_SCREENS.has(which) and not _is_on_screen(viewport):
		EditorInterface.set_main_screen_editor(str(MAIN_SCREENS[which]))
		await DrawnFrame.next()  # this frame lays the screen out; the next one draws it
	EditorInterface.get_base_control().queue_redraw()
	await DrawnFrame.next()
	return viewport.get_texture().get_image()


static func _viewport(which: String) -> Viewport:
	match which:
		"2d":
			return EditorInterface.get_editor_viewport_2d()
		"3d":
			return EditorInterface.get_editor_viewport_3d(0)
	return EditorInterface.get_base_control().get_viewport()


static func _on_screen_viewport() -> String:
	for which: String in MAIN_SCREENS:
		if _is_on_screen(_viewport(which)):
			return which
	return "main"


## Whether the Control that holds viewport is visible (a hidden editor viewport is not redrawn).
static func _is_on_screen(viewport: Viewport) -> bool:
	var holder: Node = viewport.get_parent()
	while holder != null and not holder is Control:
		holder = holder.get_parent()
	return holder != null and (holder as Control).is_visible_in_tree()
