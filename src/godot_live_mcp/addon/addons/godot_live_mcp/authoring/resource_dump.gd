@tool
extends RefCounted
## A resource's stored properties as JSON, through the coercion table, with every string of project
## content in it scrubbed of secrets (tag objects such as {"type": "Vector2", …} are left as they are).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")

## Stored but described elsewhere in the result (script) or meaningless to edit (the file's own path).
const LEFT_OUT: Array[String] = ["script", "resource_path"]


## The names of the properties the resource saves to its file, in the engine's order.
static func stored_names(resource: Resource) -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray()
	for property: Dictionary in resource.get_property_list():
		if int(property["usage"]) & PROPERTY_USAGE_STORAGE and not str(property["name"]) in LEFT_OUT:
			names.append(str(property["name"]))
	return names


## name -> JSON value for each of names (with its property's hint: layers, enum names).
static func properties(resource: Resource, names: PackedStringArray) -> Dictionary:
	var infos: Dictionary = _infos(resource)
	var values: Dictionary = {}
	for name: String in names:
		var info: Dictionary = infos.get(name, {})
		var hint: int = int(info.get("hint", PROPERTY_HINT_NONE))
		var json: Variant = Coercion.to_json(resource.get(name), hint, str(info.get("hint_string", "")))
		values[name] = Scrubber.scrub_value(json)
	return values


static func _infos(resource: Resource) -> Dictionary:
	var infos: Dictionary = {}
	for property: Dictionary in resource.get_property_list():
		infos[str(property["name"])] = property
	return infos
