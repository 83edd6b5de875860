@tool
extends RefCounted
## runtime.screenshot: what the running game shows, as an image the assistant can look at.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const DrawnFrame := preload("res://addons/godot_live_mcp/contract/drawn_frame.gd")

const HEADLESS_HINT := (
	"A headless editor starts its game headless. Run the editor with a display (on a machine without"
	+ " a screen, under Xvfb; `godot-live-mcp godot install --with-display` provides one), then game_start again."
)


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"runtime.screenshot",
		screenshot,
		(
			Options
			. reading(
				"runtime.screenshot",
				(
					"Capture what the running game shows (JPEG, long side at most 900 px unless asked"
					+ " otherwise). Works paused too. Not available when the game runs headless."
				)
			)
			. with_input_schema(S.object(ScreenshotCodec.input_properties()))
			. with_output_schema(_screenshot_schema())
		)
	)


static func screenshot(params: Dictionary) -> Dictionary:
	if DisplayServer.get_name() == "headless":
		return MCPToolkitError.fail(
			"HEADLESS_UNSUPPORTED",
			"The game runs headless: it draws nothing, so there is nothing to capture.",
			HEADLESS_HINT
		)
	# The game draws every frame, paused or not: the next drawn frame shows the current state.
	await DrawnFrame.next()
	var image: Image = (Engine.get_main_loop() as SceneTree).root.get_texture().get_image()
	var encoded: Dictionary = ScreenshotCodec.encode(image, params)
	if not encoded["ok"]:
		return MCPToolkitError.fail(str(encoded["code"]), str(encoded["message"]), str(encoded["hint"]))
	return MCPToolkitSuccess.ok(
		{"image": encoded["image"], "source_width": image.get_width(), "source_height": image.get_height()}
	)


static func _screenshot_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"image": ScreenshotCodec.image_schema(),
				"source_width": S.integer("Width of the game's viewport before scaling."),
				"source_height": S.integer("Height of the game's viewport before scaling."),
			},
			["image", "source_width", "source_height"],
			true
		)
	)
