@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.screenshot: what the running game shows, as an image the assistant can look at.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const DrawnFrame := preload("res://addons/godot_live_mcp/contract/drawn_frame.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const ScreenRect := preload("res://addons/godot_live_mcp/runtime/screen_rect.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
## A region in pixels, or a live node's on-screen rectangle.
const REGION := [
	ScreenshotCodec.REGION,
	{"@": "object: Capture only a live node's rectangle (node, margin), or pixels (x, y, width, height)."},
	{"node": "string: A live node's path, e.g. 'Player'.", "margin": "integer[0..4096]=0: Pixels added around it."},
]
const COMMANDS := {
	"runtime.screenshot":
	{
		"text":
		(
			"Capture what the running game shows (JPEG, long side at most 900 px unless asked"
			+ " otherwise), or a region of it: a node's rectangle or pixels. Works paused too. A game"
			+ " a headless editor runs headless draws nothing: it is restarted on a private virtual"
			+ " screen first (the game starts over; about 2 s, then a CPU core while it draws), unless"
			+ " game_start had display: true."
		),
		"args": [ScreenshotCodec.ARGS, {"region": REGION}],
		"returns":
		[
			{"image!": ScreenshotCodec.IMAGE, "source_width!": "integer: Width of the game's viewport before scaling."},
			{"source_height!": "integer: Height of the game's viewport before scaling."},
			{"note": "string: Why the game restarted first.", "restarted_game": "object: As in game_status."},
		],
		"timeout_ms": 60000,  # as long as a game_start: a headless game restarts first
		"marks": "read_only idempotent needs_display",
	},
}


static func screenshot(params: CommandParams) -> Result:
	if DisplayServer.get_name() == "headless":
		return Result.fail(
			"HEADLESS_UNSUPPORTED",
			"The game runs headless: it draws nothing, so there is nothing to capture.",
			(
				"game_stop, then game_start with display: true runs it on a private virtual screen"
				+ " (`godot-live-mcp godot install --with-display` provides one)."
			)
		)
	# The game draws every frame, paused or not: the next drawn frame shows the current state.
	await DrawnFrame.next()
	var image: Image = (Engine.get_main_loop() as SceneTree).root.get_texture().get_image()
	var region: Result = _node_region(params.raw.get("region"))
	if region.failed():
		return region
	var encoded: Result = ScreenshotCodec.encode(image, params.raw, region.value)
	if encoded.failed():
		return encoded
	return Result.of({"image": encoded.value, "source_width": image.get_width(), "source_height": image.get_height()})


## The on-screen rectangle of the node a region names (no area when the region names none).
static func _node_region(region: Variant) -> Result:
	if not (region is Dictionary and (region as Dictionary).has("node")):
		return Result.of(Rect2i())
	var found: Result = RuntimeNodes.require(str(region["node"]))
	if found.failed():
		return found.within("region.node")
	var shown: Rect2 = ScreenRect.of(found.value)
	if not shown.has_area():
		return Result.fail(
			"INVALID_STATE",
			"'%s' shows nothing on screen (hidden, or no Control, sprite, shape or mesh)." % region["node"],
			"Name a visible node, or give the region in pixels."
		)
	var margin: float = float(region.get("margin", 0))
	return Result.of(Rect2i(shown.grow(margin).position.floor(), shown.grow(margin).size.ceil()))
