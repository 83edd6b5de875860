@tool
extends RefCounted
## Turns a captured Image into the image payload every screenshot tool returns (export-clean):
## optionally cropped to a region and scaled, then JPEG by default, PNG on request, the long side
## scaled down to max_size, within a byte budget. Pixels are what an assistant pays for, so the
## defaults keep images small.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")

const FORMATS: Array[String] = ["jpeg", "png"]
const DEFAULT_FORMAT := "jpeg"
const DEFAULT_QUALITY := 75
const DEFAULT_MAX_SIZE := 900
const MIN_MAX_SIZE := 16
const MAX_MAX_SIZE := 1 << 16
const MIN_MAX_BYTES := 1024
## More than a message carries is lowered to what it does (transport_cap_bytes).
const MAX_MAX_BYTES := 1 << 30
## Over budget, JPEG quality drops in these steps down to the floor before the image shrinks.
const QUALITY_STEP := 20
const QUALITY_FLOOR := 35
const MIN_LONG_SIDE := 64
const MAX_ATTEMPTS := 12
## Room left in a frame for the JSON around the base64 text.
const FRAME_MARGIN_BYTES := 8192
const MIN_SCALE := 0.05
const MAX_SCALE := 4.0
## A region in the captured image's own pixels.
const REGION := {
	"@": "object: Capture only this rectangle (x, y, width, height) in pixels of the full image.",
	"x": "integer[0..16384]: Left edge.",
	"y": "integer[0..16384]: Top edge.",
	"width": "integer[1..16384]: Width.",
	"height": "integer[1..16384]: Height.",
}
## The parameters every screenshot tool takes, and the image its result describes (the pixels travel
## as MCP image content, not in the result), in schema shorthand.
const ARGS := {
	"format":
	{
		"type": "string",
		"enum": FORMATS,
		"default": DEFAULT_FORMAT,
		"description": "Image format: 'jpeg' (small) or 'png' (lossless, larger).",
	},
	"quality": "integer[1..100]=%d: JPEG quality, 1-100." % DEFAULT_QUALITY,
	"max_size":
	(
		("integer[%d.." % MIN_MAX_SIZE)
		+ ("%d" % MAX_MAX_SIZE)
		+ ("]=%d: Longest side in pixels; larger images are scaled down." % DEFAULT_MAX_SIZE)
	),
	"max_bytes":
	(
		(
			("integer[%d.." % MIN_MAX_BYTES)
			+ ("%d]: Byte budget of the encoded image; quality, then size, is lowered to meet it." % MAX_MAX_BYTES)
		)
		+ " Default: the godot_live_mcp/limits/screenshot_max_kb setting."
	),
	"scale":
	(
		"number[0.05..4]=1: Resize by this factor after cropping, e.g. 0.5 for half, 4 to enlarge a small"
		+ " region; max_size still caps the long side."
	),
	"region": REGION,
}
const IMAGE := {
	"@": "object: The encoded image (its pixels are the tool's image content).",
	"mime_type!": "enum(image/jpeg|image/png)",
	"width!": "integer: Width in pixels, after scaling.",
	"height!": "integer: Height in pixels, after scaling.",
	"bytes!": "integer: Size of the encoded image.",
	"region": "object: The rectangle captured, in pixels of the full image (when a region was asked for).",
}


## The image payload ({mime_type, data (base64), width, height, bytes, region?}), or why there is none.
## Reads format, quality, max_size, max_bytes, scale and region (pixels) from params; region, when it
## has an area, is the rectangle to capture instead (a node's, found by the caller).
static func encode(image: Image, params: Dictionary, region: Rect2i = Rect2i()) -> Result:
	var problem: String = _param_problem(params)
	if problem != "":
		return Result.fail("INVALID_PARAMS", problem, "See the tool's input schema for the allowed values.")
	if image == null or image.is_empty():
		return Result.fail(
			"INVALID_STATE", "The viewport gave an empty image.", "Wait a moment for it to draw, then retry."
		)
	var asked: Result = _asked_region(params, region, image)
	if asked.failed():
		return asked
	var crop: Rect2i = asked.value
	var cropped: Image = image if crop.size == image.get_size() else image.get_region(crop)
	var source: Image = _resized(_prepared(cropped, str(params.get("format", DEFAULT_FORMAT))), params)
	var attempt: Dictionary = {
		"format": str(params.get("format", DEFAULT_FORMAT)),
		"quality": int(params.get("quality", DEFAULT_QUALITY)),
		"long_side": mini(_long_side(source), int(params.get("max_size", DEFAULT_MAX_SIZE))),
	}
	var encoded: Result = _fit_budget(source, attempt, budget_bytes(params))
	if encoded.succeeded() and crop.size != image.get_size():
		encoded.value["region"] = {"x": crop.position.x, "y": crop.position.y}
		encoded.value["region"].merge({"width": crop.size.x, "height": crop.size.y})
	return encoded


## The rectangle to capture: region (a node's), else params' region, else the whole image; clipped to
## the image, INVALID_PARAMS when nothing of it is inside.
static func _asked_region(params: Dictionary, region: Rect2i, image: Image) -> Result:
	var whole: Rect2i = Rect2i(Vector2i.ZERO, image.get_size())
	var wanted: Rect2i = region
	if not region.has_area():
		if not params.get("region") is Dictionary:
			return Result.of(whole)
		var asked: Dictionary = params["region"]
		wanted = Rect2i(
			int(asked.get("x", 0)), int(asked.get("y", 0)), int(asked.get("width", 0)), int(asked.get("height", 0))
		)
	var inside: Rect2i = wanted.intersection(whole)
	if not inside.has_area():
		return Result.fail(
			"INVALID_PARAMS",
			"The region %s lies outside the %dx%d image." % [wanted, whole.size.x, whole.size.y],
			"Give x, y, width and height within source_width x source_height (a capture without region tells them)."
		)
	return Result.of(inside)


## source resized by params' scale (nearest pixels when enlarging, so they stay sharp).
static func _resized(source: Image, params: Dictionary) -> Image:
	var factor: float = float(params.get("scale", 1.0))
	if is_equal_approx(factor, 1.0):
		return source
	var width: int = maxi(1, roundi(source.get_width() * factor))
	var height: int = maxi(1, roundi(source.get_height() * factor))
	source.resize(width, height, Image.INTERPOLATE_NEAREST if factor > 1.0 else Image.INTERPOLATE_LANCZOS)
	return source


## The byte budget for params: max_bytes, else the project setting; never more than a frame can carry.
static func budget_bytes(params: Dictionary) -> int:
	var asked: int = int(params.get("max_bytes", ToolkitSettings.screenshot_max_bytes()))
	return mini(asked, transport_cap_bytes())


## The largest encoded image whose base64 text still fits the peer's frame buffer.
static func transport_cap_bytes() -> int:
	return int((ToolkitSettings.ws_buffer_bytes() - FRAME_MARGIN_BYTES) * 0.75)  # base64 adds a third


## Encodes, and while over budget tries again smaller (at most MAX_ATTEMPTS encodings in all).
static func _fit_budget(source: Image, attempt: Dictionary, budget: int) -> Result:
	var size: int = 0
	var side: int = -1
	var scaled: Image = source
	for _try: int in MAX_ATTEMPTS:
		if side != int(attempt["long_side"]):  # a lower quality alone reuses the scaled image
			side = int(attempt["long_side"])
			scaled = _scaled(source, side)
		var encoded: PackedByteArray = _encoded(scaled, attempt)
		size = encoded.size()
		if size <= budget:
			return Result.of(_payload(scaled, encoded, str(attempt["format"])))
		if not _next_attempt(attempt, size, budget):
			break
	return Result.fail(
		"RESPONSE_TOO_LARGE",
		"The screenshot needs %d bytes at %d px on its long side, over the budget of %d bytes." % [size, side, budget],
		"Ask for a smaller max_size, or JPEG instead of PNG, or raise max_bytes (at most %d)." % transport_cap_bytes()
	)


## Lower JPEG quality first (down to the floor), then shrink in proportion to the overshoot.
static func _next_attempt(attempt: Dictionary, size: int, budget: int) -> bool:
	var quality: int = int(attempt["quality"])
	if attempt["format"] == "jpeg" and quality > QUALITY_FLOOR:
		attempt["quality"] = maxi(QUALITY_FLOOR, quality - QUALITY_STEP)
		return true
	var long_side: int = int(attempt["long_side"])
	if long_side <= MIN_LONG_SIDE:
		return false
	var ratio: float = sqrt(float(budget) / float(size)) * 0.9
	attempt["long_side"] = maxi(MIN_LONG_SIDE, mini(int(long_side * ratio), long_side - 1))
	return true


## A decompressed copy in 8-bit RGB (RGBA for a PNG with transparency); the caller's image is untouched.
static func _prepared(image: Image, format: String) -> Image:
	var copy: Image = image.duplicate() as Image
	if copy.is_compressed():
		copy.decompress()
	var keeps_alpha: bool = format == "png" and copy.detect_alpha() != Image.ALPHA_NONE
	copy.convert(Image.FORMAT_RGBA8 if keeps_alpha else Image.FORMAT_RGB8)
	return copy


static func _scaled(source: Image, long_side: int) -> Image:
	var longest: int = _long_side(source)
	if long_side >= longest:
		return source
	var factor: float = float(long_side) / float(longest)
	var scaled: Image = source.duplicate() as Image
	scaled.resize(
		maxi(1, roundi(source.get_width() * factor)),
		maxi(1, roundi(source.get_height() * factor)),
		Image.INTERPOLATE_LANCZOS
	)
	return scaled


static func _encoded(image: Image, attempt: Dictionary) -> PackedByteArray:
	if attempt["format"] == "png":
		return image.save_png_to_buffer()
	return image.save_jpg_to_buffer(int(attempt["quality"]) / 100.0)


static func _payload(image: Image, encoded: PackedByteArray, format: String) -> Dictionary:
	return {
		"mime_type": "image/png" if format == "png" else "image/jpeg",
		"data": Marshalls.raw_to_base64(encoded),
		"width": image.get_width(),
		"height": image.get_height(),
		"bytes": encoded.size(),
	}


static func _param_problem(params: Dictionary) -> String:
	if not FORMATS.has(str(params.get("format", DEFAULT_FORMAT))):
		return "format must be one of %s." % ", ".join(FORMATS)
	if not _int_within(params, "quality", 1, 100):
		return "quality must be an integer from 1 to 100."
	if not _int_within(params, "max_size", MIN_MAX_SIZE, MAX_MAX_SIZE):
		return "max_size must be an integer of at least %d." % MIN_MAX_SIZE
	if not _int_within(params, "max_bytes", MIN_MAX_BYTES, MAX_MAX_BYTES):
		return "max_bytes must be an integer of at least %d." % MIN_MAX_BYTES
	var factor: Variant = params.get("scale", 1.0)
	if not (factor is int or factor is float) or float(factor) < MIN_SCALE or float(factor) > MAX_SCALE:
		return "scale must be a number from %s to %s." % [MIN_SCALE, MAX_SCALE]
	return _region_problem(params.get("region"))


## What is wrong with a region in pixels ("" when it is absent or fine; one naming a node is the caller's).
static func _region_problem(region: Variant) -> String:
	if region == null or (region is Dictionary and region.has("node")):
		return ""
	if not region is Dictionary:
		return "region must be an object with x, y, width and height."
	for name: String in ["x", "y", "width", "height"]:
		if not (region as Dictionary).has(name):
			return "region needs x, y, width and height (missing %s)." % name
		if not _int_within(region, name, 1 if name in ["width", "height"] else 0, 1 << 16):
			return (
				"region.%s must be a whole number of pixels%s."
				% [name, " of at least 1" if name in ["width", "height"] else ""]
			)
	return ""


## True when params lacks name, or holds a whole number in [low, high] (JSON numbers arrive as floats).
static func _int_within(params: Dictionary, name: String, low: int, high: int) -> bool:
	if not params.has(name):
		return true
	var value: Variant = params[name]
	if not (value is int or value is float) or float(value) != floorf(float(value)):
		return false
	return int(value) >= low and int(value) <= high


static func _long_side(image: Image) -> int:
	return maxi(image.get_width(), image.get_height())
