@tool
extends RefCounted
## The node tree a scene file holds, read from its PackedScene's SceneState: no node is built and no
## script runs, so it works for any scene file, open or not, text or binary. Lists the nodes the file
## itself declares (an instanced scene is one row naming it, not its children).

const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")

## The rows, as scene.read_file declares them (schema shorthand).
const ROWS := {
	"@": "array: The nodes, in file (tree) order.",
	"path!": "string: Path of the node ('.' is the scene's root).",
	"type!": "string: The node's class (an instanced scene's root class; '' for a node only overridden here).",
	"instance": "string: The scene this node instances.",
	"name": "string",
	"depth": "integer: Levels below the root.",
	"script": "string: res:// path of the script the file gives it.",
	"unloadable": "string: The script or scene this node uses that this editor cannot load, and why.",
	"groups": "array<string>: The groups the file puts it in.",
	"properties":
	{
		"@": "array: The properties the file sets on it (full only).",
		"name!": "string",
		"value": "any: The value as JSON (engine types tagged).",
		"omitted": "any: In place of value, when it is too large to include.",
		"unreadable": "any: In place of value, when it has no JSON form.",
	},
}
const MAX_INSTANCE_DEPTH := 16


## One row per node of state at level (brief: path, type, instance; normal: + name, depth, script,
## groups; full: + properties).
static func rows(state: SceneState, level: String) -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	for index: int in state.get_node_count():
		listed.append(_row(state, index, level))
	return listed


## The class of the scene's root: its declared type, or the root class of the scene it inherits.
static func root_type(state: SceneState) -> String:
	return _type(state, 0, 0) if state.get_node_count() > 0 else ""


## The res:// path of the scene this one inherits from, "" when none.
static func inherits(state: SceneState) -> String:
	var base: SceneState = state.get_base_scene_state()
	return base.get_path() if base != null else ""


static func _row(state: SceneState, index: int, level: String) -> Dictionary:
	var path: String = str(state.get_node_path(index)).trim_prefix("./")
	var row: Dictionary = {"path": Scrubber.scrub(path), "type": _type(state, index, 0)}
	var instance: PackedScene = state.get_node_instance(index)
	if instance != null and index > 0:
		row["instance"] = instance.resource_path
	if level == "brief":
		return row
	row["name"] = Scrubber.scrub(str(state.get_node_name(index)))
	row["depth"] = 0 if path == "." else path.count("/") + 1
	var script: Variant = _property(state, index, "script")
	if script is Script:
		row["script"] = (script as Script).resource_path
	var groups: Array[String] = []
	for group: String in state.get_node_groups(index):
		groups.append(Scrubber.scrub(group))
	if not groups.is_empty():
		row["groups"] = groups
	if level == "full":
		row["properties"] = _properties(state, index)
	return row


## The node's class; an instanced node's is the root class of the scene it instances.
static func _type(state: SceneState, index: int, depth: int) -> String:
	var declared: String = str(state.get_node_type(index))
	var instance: PackedScene = state.get_node_instance(index)
	if declared != "" or instance == null or depth >= MAX_INSTANCE_DEPTH:
		return declared
	var inner: SceneState = instance.get_state()
	return _type(inner, 0, depth + 1) if inner.get_node_count() > 0 else ""


static func _property(state: SceneState, index: int, name: String) -> Variant:
	for at: int in state.get_node_property_count(index):
		if state.get_node_property_name(index, at) == name:
			return state.get_node_property_value(index, at)
	return null


static func _properties(state: SceneState, index: int) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for at: int in state.get_node_property_count(index):
		var name: String = state.get_node_property_name(index, at)
		if name == "script":
			continue
		var entry: Dictionary = {"name": Scrubber.scrub(name)}
		entry.merge(PropertyOutput.json_of(state.get_node_property_value(index, at), {}))
		found.append(entry)
	return found
