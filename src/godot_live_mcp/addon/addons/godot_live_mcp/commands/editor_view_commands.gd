@tool
extends RefCounted
## editor.screenshot: what the editor shows, as an image the assistant can look at.

const EditorCommands := preload("res://addons/godot_live_mcp/commands/editor_commands.gd")
const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const DrawnFrame := preload("res://addons/godot_live_mcp/contract/drawn_frame.gd")

const VIEWPORTS: Array[String] = ["2d", "3d", "main"]
## The main screen that shows each editor viewport (EditorInterface.set_main_screen_editor names).
const MAIN_SCREENS: Dictionary = {"2d": "2D", "3d": "3D"}
const HEADLESS_HINT := (
	"Screenshots need an editor with a display: start Godot without --headless (on a machine"
	+ " without a screen, under Xvfb; `godot-live-mcp godot install --with-display` provides one)."
)


static func register(registry: MCPToolkitCommandRegistry) -> void:
	var inputs: Dictionary = ScreenshotCodec.input_properties()
	inputs["viewport"] = S.enum_of(
		VIEWPORTS,
		(
			"What to capture: the 2D or 3D editor viewport (shown first if another screen is active), or"
			+ " 'main', the whole editor window. Default: the 2D or 3D viewport on screen, else the window."
		)
	)
	registry.add(
		"editor.screenshot",
		screenshot,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Capture the editor as an image (JPEG, long side at most 900 px unless asked otherwise):"
					+ " the 2D or 3D viewport or the whole window. Not available in a headless editor."
				)
			)
			. with_input_schema(S.object(inputs))
			. with_output_schema(_screenshot_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["screenshot", "viewport", "image"])
			. mark_read_only()
			. mark_idempotent()
			. mark_scene_independent()
		)
	)


static func screenshot(params: Dictionary) -> Dictionary:
	if DisplayServer.get_name() == "headless":
		return MCPToolkitError.fail(
			"HEADLESS_UNSUPPORTED",
			"This editor runs headless: it draws nothing, so there is nothing to capture.",
			HEADLESS_HINT
		)
	var which: String = str(params.get("viewport", ""))
	if which != "" and not VIEWPORTS.has(which):
		return MCPToolkitError.fail("INVALID_PARAMS", "viewport must be one of %s." % ", ".join(VIEWPORTS))
	if which == "":
		which = _on_screen_viewport()
	var image: Image = await _capture(which)
	var encoded: Dictionary = ScreenshotCodec.encode(image, params)
	if not encoded["ok"]:
		return MCPToolkitError.fail(str(encoded["code"]), str(encoded["message"]), str(encoded["hint"]))
	var result: Dictionary = {"image": encoded["image"], "viewport": which}
	result.merge({"source_width": image.get_width(), "source_height": image.get_height()})
	return MCPToolkitSuccess.ok(result)


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


static func _screenshot_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"image": ScreenshotCodec.image_schema(),
				"viewport": S.enum_of(VIEWPORTS, "What was captured."),
				"source_width": S.integer("Width of the captured viewport before scaling."),
				"source_height": S.integer("Height of the captured viewport before scaling."),
			},
			["image", "viewport", "source_width", "source_height"],
			true
		)
	)
