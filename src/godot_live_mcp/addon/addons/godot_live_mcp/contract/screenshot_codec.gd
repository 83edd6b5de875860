@tool
extends RefCounted
## Turns a captured Image into the image payload every screenshot tool returns (export-clean):
## JPEG by default, PNG on request, the long side scaled down to max_size, within a byte budget.
## Pixels are what an assistant pays for, so the defaults keep images small.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")

const FORMATS: Array[String] = ["jpeg", "png"]
const DEFAULT_FORMAT := "jpeg"
const DEFAULT_QUALITY := 75
const DEFAULT_MAX_SIZE := 900
const MIN_MAX_SIZE := 16
const MIN_MAX_BYTES := 1024
## Over budget, JPEG quality drops in these steps down to the floor before the image shrinks.
const QUALITY_STEP := 20
const QUALITY_FLOOR := 35
const MIN_LONG_SIDE := 64
const MAX_ATTEMPTS := 12
## Room left in a frame for the JSON around the base64 text.
const FRAME_MARGIN_BYTES := 8192
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
		+ ("]=%d: Longest side in pixels; larger images are scaled down." % DEFAULT_MAX_SIZE)
	),
	"max_bytes":
	(
		("integer[%d..]: Byte budget of the encoded image; quality, then size, is lowered to meet it." % MIN_MAX_BYTES)
		+ " Default: the godot_live_mcp/limits/screenshot_max_kb setting."
	),
}
const IMAGE := {
	"@": "object: The encoded image (its pixels are the tool's image content).",
	"mime_type!": "enum(image/jpeg|image/png)",
	"width!": "integer: Width in pixels, after scaling.",
	"height!": "integer: Height in pixels, after scaling.",
	"bytes!": "integer: Size of the encoded image.",
}


## The image payload ({mime_type, data (base64), width, height, bytes}), or why there is none. Reads
## format, quality, max_size and max_bytes from params.
static func encode(image: Image, params: Dictionary) -> Result:
	var problem: String = _param_problem(params)
	if problem != "":
		return Result.fail("INVALID_PARAMS", problem, "See the tool's input schema for the allowed values.")
	if image == null or image.is_empty():
		return Result.fail(
			"INVALID_STATE", "The viewport gave an empty image.", "Wait a moment for it to draw, then retry."
		)
	var source: Image = _prepared(image, str(params.get("format", DEFAULT_FORMAT)))
	var attempt: Dictionary = {
		"format": str(params.get("format", DEFAULT_FORMAT)),
		"quality": int(params.get("quality", DEFAULT_QUALITY)),
		"long_side": mini(_long_side(source), int(params.get("max_size", DEFAULT_MAX_SIZE))),
	}
	return _fit_budget(source, attempt, budget_bytes(params))


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
	if not _int_within(params, "max_size", MIN_MAX_SIZE, 1 << 16):
		return "max_size must be an integer of at least %d." % MIN_MAX_SIZE
	if not _int_within(params, "max_bytes", MIN_MAX_BYTES, 1 << 40):
		return "max_bytes must be an integer of at least %d." % MIN_MAX_BYTES
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
