@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.screenshot: what the running game shows, as an image the assistant can look at.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const DrawnFrame := preload("res://addons/godot_live_mcp/contract/drawn_frame.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const COMMANDS := {
	"runtime.screenshot":
	{
		"text":
		(
			"Capture what the running game shows (JPEG, long side at most 900 px unless asked"
			+ " otherwise). Works paused too. Not available when the game runs headless."
		),
		"args": ScreenshotCodec.ARGS,
		"returns":
		[
			{"image!": ScreenshotCodec.IMAGE, "source_width!": "integer: Width of the game's viewport before scaling."},
			{"source_height!": "integer: Height of the game's viewport before scaling."},
		],
		"marks": "read_only idempotent",
	},
}


static func screenshot(params: CommandParams) -> Result:
	if DisplayServer.get_name() == "headless":
		return Result.fail(
			"HEADLESS_UNSUPPORTED",
			"The game runs headless: it draws nothing, so there is nothing to capture.",
			(
				"A headless editor starts its game headless. Run the editor with a display (on a machine without"
				+ " a screen, under Xvfb; `godot-live-mcp godot install --with-display` provides one), then"
				+ " game_start again."
			)
		)
	# The game draws every frame, paused or not: the next drawn frame shows the current state.
	await DrawnFrame.next()
	var image: Image = (Engine.get_main_loop() as SceneTree).root.get_texture().get_image()
	var encoded: Result = ScreenshotCodec.encode(image, params.raw)
	if encoded.failed():
		return encoded
	return Result.of({"image": encoded.value, "source_width": image.get_width(), "source_height": image.get_height()})
