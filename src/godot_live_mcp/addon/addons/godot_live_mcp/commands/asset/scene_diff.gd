@tool
extends RefCounted
## The differences between two scene states (SceneState of a saved file, or of an open scene packed
## as it is now): nodes added, removed, and changed in class, instance, script or the properties the
## scene stores. Values are compared in their JSON form, so a sub-resource equal in content is equal.

const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const WireNumbers := preload("res://addons/godot_live_mcp/contract/wire_numbers.gd")

const CHANGE := {
	"@": "array: One row per node that differs, in the order of the second scene.",
	"path!": "string: Node path ('.' is the root).",
	"change!": "enum(added|removed|changed)",
	"type": "string: The node's class ('' for a node only overridden here).",
	"properties":
	{
		"@": "array: Properties that differ (changed rows).",
		"name!": "string",
		"before": "any: null when the first scene does not set it.",
		"after": "any: null when the second scene does not set it.",
	},
}


## The change rows turning scene state before into after.
static func rows(before: SceneState, after: SceneState) -> Array[Dictionary]:
	var old_nodes: Dictionary = _nodes(before)
	var new_nodes: Dictionary = _nodes(after)
	var found: Array[Dictionary] = []
	for path: String in new_nodes:
		var node: Dictionary = new_nodes[path]
		if not old_nodes.has(path):
			found.append({"path": Scrubber.scrub(path), "change": "added", "type": node["type"]})
			continue
		var changed: Array[Dictionary] = _changed_properties(old_nodes[path], node)
		if not changed.is_empty():
			found.append(
				{"path": Scrubber.scrub(path), "change": "changed", "type": node["type"], "properties": changed}
			)
	for path: String in old_nodes:
		if not new_nodes.has(path):
			found.append({"path": Scrubber.scrub(path), "change": "removed", "type": old_nodes[path]["type"]})
	return found


## path -> {type, values: {name -> JSON}}; class, instance and groups count as values too.
static func _nodes(state: SceneState) -> Dictionary:
	var nodes: Dictionary = {}
	for index: int in state.get_node_count():
		var values: Dictionary = {}
		for at: int in state.get_node_property_count(index):
			var json: Dictionary = PropertyOutput.json_of(state.get_node_property_value(index, at), {})
			values[state.get_node_property_name(index, at)] = json.get("value", json)
		var instance: PackedScene = state.get_node_instance(index)
		if instance != null:
			values["(instance)"] = instance.resource_path
		if not state.get_node_groups(index).is_empty():
			values["(groups)"] = Array(state.get_node_groups(index))
		var type: String = str(state.get_node_type(index))
		values["(class)"] = type
		nodes[str(state.get_node_path(index)).trim_prefix("./")] = {"type": type, "values": values}
	return nodes


static func _changed_properties(old_node: Dictionary, new_node: Dictionary) -> Array[Dictionary]:
	var old_values: Dictionary = old_node["values"]
	var new_values: Dictionary = new_node["values"]
	var changed: Array[Dictionary] = []
	var names: Dictionary = old_values.merged(new_values)
	for name: String in names:
		var before: Variant = old_values.get(name)
		var after: Variant = new_values.get(name)
		if WireNumbers.json_text(before) != WireNumbers.json_text(after):
			changed.append({"name": Scrubber.scrub(name), "before": before, "after": after})
	return changed
