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


## name -> JSON value for each of names.
static func properties(resource: Resource, names: PackedStringArray) -> Dictionary:
	var hints: Dictionary = _hints(resource)
	var values: Dictionary = {}
	for name: String in names:
		var json: Variant = Coercion.to_json(resource.get(name), int(hints.get(name, PROPERTY_HINT_NONE)))
		values[name] = Scrubber.scrub_value(json)
	return values


static func _hints(resource: Resource) -> Dictionary:
	var hints: Dictionary = {}
	for property: Dictionary in resource.get_property_list():
		hints[str(property["name"])] = int(property["hint"])
	return hints
