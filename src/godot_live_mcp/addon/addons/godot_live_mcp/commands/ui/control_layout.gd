@tool
extends RefCounted
## A Control's layout as the ui tools name it: anchor presets, the four sides, size flags by name,
## and the whole layout as one ordered state that an undo step puts back in one go.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const SIDES: Array[String] = ["left", "top", "right", "bottom"]
## Control.LayoutPreset by name, in the engine's order (0..15).
const PRESETS: Array[String] = [
	"top_left",
	"top_right",
	"bottom_left",
	"bottom_right",
	"center_left",
	"center_top",
	"center_right",
	"center_bottom",
	"center",
	"left_wide",
	"top_wide",
	"right_wide",
	"bottom_wide",
	"vcenter_wide",
	"hcenter_wide",
	"full_rect",
]
## Control.LayoutPresetMode by name.
const RESIZE_MODES: Array[String] = ["minsize", "keep_width", "keep_height", "keep_size"]
## Control.SizeFlags bits by name; no bit at all is shrink_begin.
const SIZE_FLAGS: Dictionary = {"fill": 1, "expand": 2, "shrink_center": 4, "shrink_end": 8}
## The layout_mode the editor gives a Control placed by anchors.
const LAYOUT_MODE_ANCHORS := 1
## Every property of the layout, in the order they are applied (a preset first, then the sides it sets).
const STATE: Array[String] = [
	"layout_mode",
	"anchors_preset",
	"anchor_left",
	"anchor_top",
	"anchor_right",
	"anchor_bottom",
	"offset_left",
	"offset_top",
	"offset_right",
	"offset_bottom",
	"grow_horizontal",
	"grow_vertical",
	"size_flags_horizontal",
	"size_flags_vertical",
	"size_flags_stretch_ratio",
	"custom_minimum_size",
]


## The layout properties of control, name -> value, in STATE order.
static func state(control: Control) -> Dictionary:
	var values: Dictionary = {}
	for name: String in STATE:
		values[name] = control.get(name)
	return values


## Puts a state back in order, so the preset's side values are then overridden by the stored ones.
static func apply_state(control: Control, values: Dictionary) -> void:
	for name: String in STATE:
		if values.has(name):
			control.set(name, values[name])


## The Container control sits in, or null.
static func container_of(control: Control) -> Container:
	return control.get_parent() as Container


## Size flag bits for a list of names, or INVALID_PARAMS.
static func flag_bits(names: Array, argument: String) -> Result:
	var bits: int = 0
	for name: Variant in names:
		if not SIZE_FLAGS.has(str(name)):
			return Result.fail(
				"INVALID_PARAMS",
				"%s: unknown size flag '%s'." % [argument, name],
				"Use fill, expand, shrink_center, shrink_end ([] is shrink_begin)."
			)
		bits |= int(SIZE_FLAGS[str(name)])
	return Result.of(bits)


static func flag_names(bits: int) -> Array[String]:
	var names: Array[String] = []
	for name: String in SIZE_FLAGS:
		if bits & int(SIZE_FLAGS[name]) != 0:
			names.append(name)
	return names


## side -> number for an object such as {"left": 0, "right": 1}, or TYPE_MISMATCH.
static func sides(json: Dictionary, argument: String) -> Result:
	var values: Dictionary = {}
	for key: Variant in json:
		var side: int = SIDES.find(str(key))
		if side < 0 or not (json[key] is float or json[key] is int):
			return Result.fail(
				"INVALID_PARAMS",
				"%s: '%s' is not a side with a number." % [argument, key],
				'Give numbers for left, top, right, bottom, e.g. {"left": 0.5, "right": 0.5}.'
			)
		values[side] = float(json[key])
	return Result.of(values)


## The layout as ui_get_layout reports it.
static func report(control: Control) -> Dictionary:
	var anchors: Dictionary = {}
	var offsets: Dictionary = {}
	for side: int in SIDES.size():
		anchors[SIDES[side]] = control.get_anchor(side)
		offsets[SIDES[side]] = control.get_offset(side)
	var preset: int = int(control.get("anchors_preset"))
	var parent: Container = container_of(control)
	return {
		"anchors": anchors,
		"offsets": offsets,
		"preset": PRESETS[preset] if preset >= 0 and preset < PRESETS.size() else "custom",
		"position": Coercion.to_json(control.position),
		"size": Coercion.to_json(control.size),
		"horizontal": flag_names(control.size_flags_horizontal),
		"vertical": flag_names(control.size_flags_vertical),
		"stretch_ratio": control.size_flags_stretch_ratio,
		"min_size": Coercion.to_json(control.custom_minimum_size),
		"container": parent.get_class() if parent != null else "",
	}
