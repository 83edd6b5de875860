@tool
extends RefCounted
## The project's layer names (project.godot layer_names/<kind>/layer_N) and layer lists given by name
## or number, turned into the bit masks the engine stores.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")

const KINDS: Array[String] = [
	"2d_physics", "3d_physics", "2d_render", "3d_render", "2d_navigation", "3d_navigation", "avoidance"
]
const LAYER_COUNT := 32


static func setting(kind: String, layer: int) -> String:
	return "layer_names/%s/layer_%d" % [kind, layer]


static func name_of(kind: String, layer: int) -> String:
	var key: String = setting(kind, layer)
	return str(ProjectSettings.get_setting(key, "")) if ProjectSettings.has_setting(key) else ""


## The bit mask of layers, each a layer number (1..32) or a name of kind; INVALID_PARAMS for an unknown
## name or a number out of range, naming the argument.
static func mask_of(kind: String, layers: Array, argument: String) -> Result:
	var mask: int = 0
	for item: Variant in layers:
		var number: Result = _number(kind, item)
		if number.failed():
			return number.within(argument)
		mask |= 1 << (int(number.value) - 1)
	return Result.of(mask)


## The layers set in mask, each as {layer, name} (name "" when the project names none).
static func rows(kind: String, mask: int) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for layer: int in range(1, LAYER_COUNT + 1):
		if mask & (1 << (layer - 1)):
			found.append({"layer": layer, "name": name_of(kind, layer)})
	return found


static func _number(kind: String, item: Variant) -> Result:
	if item is float or item is int:
		var number: int = int(item)
		if float(item) == float(number) and number >= 1 and number <= LAYER_COUNT:
			return Result.of(number)
		return Result.fail("INVALID_PARAMS", "layer %s is not a layer number 1..32." % str(item))
	var wanted: String = str(item).strip_edges()
	var names: Array[String] = []
	for layer: int in range(1, LAYER_COUNT + 1):
		var named: String = name_of(kind, layer)
		if named == wanted and wanted != "":
			return Result.of(layer)
		if named != "":
			names.append(named)
	return Result.fail(
		"INVALID_PARAMS",
		"no %s layer is named '%s'." % [kind, wanted],
		(
			NameSuggestions.did_you_mean(wanted, names)
			+ "physics_list_layer_names lists the names; physics_set_layer_name names a layer."
		)
	)
