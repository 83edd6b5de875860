@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.screenshot: what the running game shows, as an image the assistant can look at.

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
			+ " otherwise), or a region of it: a node's rectangle or pixels. Works paused too; the"
			+ " game's state is kept. A game a headless editor runs headless draws nothing: start it"
			+ " with game_start display: true to capture it mid-game."
		),
		"args":
		[
			ScreenshotCodec.ARGS,
			{"region": REGION},
			{
				"restart":
				(
					"boolean=false: If the game runs headless, restart it on a private display first:"
					+ " it starts over from its first frame (its state is lost)."
				)
			},
		],
		"returns":
		[
			{"image!": ScreenshotCodec.IMAGE, "source_width!": "integer: Width of the game's viewport before scaling."},
			{"source_height!": "integer: Height of the game's viewport before scaling."},
			{"note": "string: Why the game restarted first.", "restarted_game": "object: As in game_status."},
		],
		"timeout_ms": 60000,  # as long as a game_start: with restart, a headless game restarts first
		"marks": "read_only idempotent needs_display",
	},
}


static func screenshot(params: CommandParams) -> Result:
	if DisplayServer.get_name() == "headless":
		return Result.fail(
			"HEADLESS_UNSUPPORTED",
			"The game runs headless: it draws nothing, so there is nothing to capture.",
			"Run it with a display: game_stop, then game_start with display: true (its state starts over)."
		)
	var image: Image = await _current_picture()
	var region: Result = _node_region(params.raw.get("region"))
	if region.failed():
		return region
	var encoded: Result = ScreenshotCodec.encode(image, params.raw, region.value)
	if encoded.failed():
		return encoded
	return Result.of({"image": encoded.value, "source_width": image.get_width(), "source_height": image.get_height()})


## What the game shows now. A game that draws on demand only (the private display) draws it at once,
## with no frame run: its frame counter and state stay as they are. Any other draws every frame,
## paused or not, so the next drawn frame shows the current state.
static func _current_picture() -> Image:
	var root: Window = (Engine.get_main_loop() as SceneTree).root
	if RenderingServer.render_loop_enabled:
		await DrawnFrame.next()
	else:
		RenderingServer.force_draw(false)
	return root.get_texture().get_image()


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
