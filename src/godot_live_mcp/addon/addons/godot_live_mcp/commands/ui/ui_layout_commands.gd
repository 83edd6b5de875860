@tool
extends RefCounted
## ui.set_layout and ui.get_layout: a Control's anchors, offsets, size flags and minimum size in one
## call, one undo step in the scene's history. Containers are made with node_create (e.g. VBoxContainer).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const ControlLayout := preload("res://addons/godot_live_mcp/commands/ui/control_layout.gd")

const GROUP := "ui"
const PRESET := (
	"enum(top_left|top_right|bottom_left|bottom_right|center_left|center_top|center_right|center_bottom|center"
	+ "|left_wide|top_wide|right_wide|bottom_wide|vcenter_wide|hcenter_wide|full_rect)"
)
const FLAGS := "array<enum(fill|expand|shrink_center|shrink_end)>"
const SIDES := {
	"left": "number: Left side.",
	"top": "number: Top side.",
	"right": "number: Right side.",
	"bottom": "number: Bottom side."
}
const LAYOUT := {
	"scene!": "string",
	"node_path!": "string",
	"anchors!": [{"@": "object: 0..1 of the parent's rect per side."}, SIDES],
	"offsets!": [{"@": "object: Pixels from each anchor."}, SIDES],
	"preset!": "string: The anchor preset last applied, or 'custom'.",
	"position!": "object",
	"size!": "object",
	"horizontal!": "array<string>: Size flags ([] is shrink_begin).",
	"vertical!": "array<string>",
	"stretch_ratio!": "number",
	"min_size!": "object: custom_minimum_size.",
	"container!": "string: The Container class the control sits in ('' for none: anchors place it).",
}
const LAYOUT_ARGUMENTS: Array[String] = [
	"preset", "anchors", "offsets", "horizontal", "vertical", "stretch_ratio", "min_size"
]
const DEFAULTS := {"guard": ["scene"], "target": "node:Control", "returns": LAYOUT}
const COMMANDS := {
	"ui.set_layout":
	{
		"text":
		(
			"Lay out a Control in one call: an anchor preset (like the editor's Layout menu), explicit"
			+ " anchors/offsets, size flags, stretch ratio, minimum size; what is not given stays. One undo step."
		),
		"args":
		[
			{"scene": "@scene", "node_path!": "@node_path: The Control."},
			{
				"preset": PRESET + ": Anchors and offsets at once (not inside a container).",
				"resize_mode": 'enum(minsize|keep_width|keep_height|keep_size)="minsize": How the preset sizes it.',
				"margin": "integer=0: Pixels kept from the parent's edges by the preset.",
			},
			{
				"anchors": [{"@": "object: Anchors 0..1 per side, applied after the preset."}, SIDES],
				"offsets": [{"@": "object: Offsets in pixels per side, applied last."}, SIDES],
				"horizontal": FLAGS + ": Horizontal size flags (for containers); [] is shrink_begin.",
				"vertical": FLAGS + ": Vertical size flags.",
				"stretch_ratio": "number: Share of the expanding space among expanding siblings.",
				"min_size": "any: custom_minimum_size, [width, height].",
			},
		],
		"marks": "idempotent",
	},
	"ui.get_layout":
	{
		"text": "Read a Control's layout: anchors, offsets, position, size, size flags, minimum size, its container.",
		"args": {"scene": "@scene", "node_path!": "@node_path: The Control."},
		"marks": "read_only idempotent",
	},
}


static func get_layout(_params: CommandParams, target: CommandTarget) -> Result:
	var data: Dictionary = ControlLayout.report(target.node)
	data["node_path"] = target.node_path
	return Result.of(data)


static func set_layout(params: CommandParams, target: CommandTarget) -> Result:
	var change: Result = _read_change(params)
	if change.failed():
		return change
	var control: Control = target.node
	var placed: bool = params.has("preset") or params.has("anchors") or params.has("offsets")
	var parent: Container = ControlLayout.container_of(control)
	if placed and parent != null:
		return Result.fail(
			"INVALID_OPERATION",
			(
				"'%s' sits in a %s, which places it; anchors and offsets do not apply."
				% [control.name, parent.get_class()]
			),
			"Use horizontal/vertical size flags, stretch_ratio and min_size instead."
		)
	var before: Dictionary = ControlLayout.state(control)
	_apply(control, params, change.value)
	var after: Dictionary = ControlLayout.state(control)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Lay out '%s'" % control.name, control)
	action.do_method(ControlLayout.apply_state.bind(control, after))
	action.undo_method(ControlLayout.apply_state.bind(control, before))
	action.commit_recorded()
	var data: Dictionary = ControlLayout.report(control)
	data["node_path"] = target.node_path
	return Result.of(data)


## Everything the call asks for, checked before anything changes: property -> value, and the sides.
static func _read_change(params: CommandParams) -> Result:
	var change: Dictionary = {}
	for argument: String in ["horizontal", "vertical"]:
		if params.has(argument):
			var bits: Result = ControlLayout.flag_bits(params.list(argument), argument)
			if bits.failed():
				return bits
			change["size_flags_" + argument] = bits.value
	if params.has("stretch_ratio"):
		change["size_flags_stretch_ratio"] = params.number("stretch_ratio")
	if params.has("min_size"):
		var size: Result = Coercion.from_json(params.value("min_size"), TYPE_VECTOR2).within("min_size")
		if size.failed():
			return size
		change["custom_minimum_size"] = size.value
	for argument: String in ["anchors", "offsets"]:
		var sides: Result = ControlLayout.sides(params.object(argument), argument)
		if sides.failed():
			return sides
		change[argument] = sides.value
	if not LAYOUT_ARGUMENTS.any(params.has):
		return Result.fail("INVALID_PARAMS", "Nothing to lay out.", "Pass preset, anchors, offsets or size flags.")
	return Result.of(change)


static func _apply(control: Control, params: CommandParams, change: Dictionary) -> void:
	var anchors: Dictionary = change["anchors"]
	var offsets: Dictionary = change["offsets"]
	if params.has("preset") or not anchors.is_empty() or not offsets.is_empty():
		control.set("layout_mode", ControlLayout.LAYOUT_MODE_ANCHORS)
	if params.has("preset"):
		var preset: int = ControlLayout.PRESETS.find(params.text("preset"))
		var mode: int = ControlLayout.RESIZE_MODES.find(params.text("resize_mode"))
		control.set_anchors_and_offsets_preset(
			preset as Control.LayoutPreset, mode as Control.LayoutPresetMode, params.integer("margin")
		)
	elif not anchors.is_empty():
		control.set("anchors_preset", -1)
	for side: int in anchors:
		control.set_anchor(side, anchors[side])
	for side: int in offsets:
		control.set_offset(side, offsets[side])
	for name: String in change:
		if name != "anchors" and name != "offsets":
			control.set(name, change[name])
