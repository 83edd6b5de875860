@tool
extends RefCounted
## The node tree of a .tscn read from its text, for scenes this editor cannot load (a C# script
## without .NET, a missing file): the rows SceneFileTree gives, with the parts that cannot load
## marked "unloadable" instead of the whole scene refused. Nothing is loaded or instantiated.

const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const SceneTextTree := preload("res://addons/godot_live_mcp/authoring/scene_text_tree.gd")

const HEADER := '^\\[(\\w+)((?:\\s+\\w+=(?:"(?:[^"\\\\]|\\\\.)*"|\\[[^\\]]*\\]|[^\\s\\]]+))*)\\s*\\]\\s*$'
const ATTRIBUTE := '(\\w+)=("(?:[^"\\\\]|\\\\.)*"|\\[[^\\]]*\\]|[^\\s\\]]+)'
const PROPERTY := "^([A-Za-z_][\\w/:.\\-]*) = (.*)$"
const RESOURCE_CALL := '^(Ext|Sub)Resource\\(\\s*"([^"]*)"\\s*\\)$'

var _external: Dictionary = {}  # id -> {path, type}
var _nodes: Array[Dictionary] = []  # {attributes, properties: [[name, raw text]]}
var _broken: Dictionary = {}  # res:// path -> why it cannot load


## The tree of the .tscn text; broken: SceneDependencies.broken() of the file.
static func parse(text: String, broken: Array[Dictionary]) -> SceneTextTree:
	var tree: SceneTextTree = SceneTextTree.new()
	for entry: Dictionary in broken:
		var why: String = "%s (%s)" % [entry["reason"], entry["problem"]]
		tree._broken[entry["path"]] = why
		# The scene or resource that needs the broken file cannot load either.
		tree._broken.get_or_add(entry["needed_by"], "needs %s: %s" % [entry["path"], why])
	tree._read(text)
	return tree


## The res:// path of the scene the root instances (an inherited scene), "" when none.
func inherits() -> String:
	if _nodes.is_empty() or _nodes[0]["attributes"].has("parent"):
		return ""
	return _external_path(str(_nodes[0]["attributes"].get("instance", "")))


func root_type() -> String:
	return str(_nodes[0]["attributes"].get("type", "")) if not _nodes.is_empty() else ""


## One row per node, shaped as SceneFileTree.rows() (brief, normal or full).
func rows(level: String) -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	for node: Dictionary in _nodes:
		listed.append(_row(node, level))
	return listed


func _read(text: String) -> void:
	var header: RegEx = RegEx.create_from_string(HEADER)
	var property: RegEx = RegEx.create_from_string(PROPERTY)
	var current: Dictionary = {}
	for line: String in text.split("\n"):
		var opened: RegExMatch = header.search(line.strip_edges(false, true))
		if opened != null:
			current = _section(opened.get_string(1), _attributes(opened.get_string(2)))
			continue
		var assigned: RegExMatch = property.search(line)
		if not current.is_empty() and assigned != null:
			current["properties"].append([assigned.get_string(1), assigned.get_string(2)])
		elif not current.is_empty() and not current["properties"].is_empty():
			var last: Array = current["properties"][-1]
			last[1] = str(last[1]) + "\n" + line


## Records a section; the node section it opens (where its properties go), or {} for others.
func _section(kind: String, attributes: Dictionary) -> Dictionary:
	if kind == "ext_resource":
		_external[str(attributes.get("id", ""))] = {
			"path": str(attributes.get("path", "")), "type": str(attributes.get("type", ""))
		}
	if kind != "node":
		return {}
	var node: Dictionary = {"attributes": attributes, "properties": []}
	_nodes.append(node)
	return node


static func _attributes(text: String) -> Dictionary:
	var found: Dictionary = {}
	for pair: RegExMatch in RegEx.create_from_string(ATTRIBUTE).search_all(text):
		var value: String = pair.get_string(2)
		if value.begins_with('"'):
			value = value.substr(1, value.length() - 2).c_unescape()
		found[pair.get_string(1)] = value
	return found


func _row(node: Dictionary, level: String) -> Dictionary:
	var attributes: Dictionary = node["attributes"]
	var name: String = str(attributes.get("name", ""))
	var parent: String = str(attributes.get("parent", ""))
	var path: String = "." if not attributes.has("parent") else (name if parent == "." else parent + "/" + name)
	var row: Dictionary = {"path": Scrubber.scrub(path), "type": str(attributes.get("type", ""))}
	var instance: String = _external_path(str(attributes.get("instance", "")))
	if instance != "" and path != ".":
		row["instance"] = instance
	var script: String = _script_of(node)
	var unloadable: String = _why_unloadable([instance, script])
	if unloadable != "":
		row["unloadable"] = unloadable
	if level == "brief":
		return row
	row.merge({"name": Scrubber.scrub(name), "depth": 0 if path == "." else path.count("/") + 1})
	if script != "":
		row["script"] = script
	var groups: Array = str_to_var(str(attributes.get("groups", "[]"))) if attributes.has("groups") else []
	if not groups.is_empty():
		row["groups"] = groups.map(func(group: Variant) -> String: return Scrubber.scrub(str(group)))
	if level == "full":
		row["properties"] = _properties(node)
	return row


func _script_of(node: Dictionary) -> String:
	for pair: Array in node["properties"]:
		if pair[0] == "script":
			return _external_path(str(pair[1]))
	return ""


func _properties(node: Dictionary) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for pair: Array in node["properties"]:
		if pair[0] != "script":
			var entry: Dictionary = {"name": Scrubber.scrub(str(pair[0]))}
			entry.merge(_value(str(pair[1]).strip_edges()))
			found.append(entry)
	return found


## The JSON of a property's text: plain values parsed, a file's resource named by its path, other
## resources and objects not rebuilt (nothing is loaded or made from a file that failed to load).
func _value(raw: String) -> Dictionary:
	var call: RegExMatch = RegEx.create_from_string(RESOURCE_CALL).search(raw)
	if call != null and call.get_string(1) == "Ext":
		var used: Dictionary = _external.get(call.get_string(2), {})
		var path: String = str(used.get("path", ""))
		if _broken.has(path):
			return {"unreadable": "%s: %s" % [path, _broken[path]]}
		return {"value": {"type": str(used.get("type", "Resource")), "path": path}}
	if raw.contains("Resource(") or raw.contains("Object("):
		return {"unreadable": "a resource written in the scene; this editor cannot load the scene to read it"}
	var parsed: Variant = str_to_var(raw)
	if parsed == null and raw != "null":
		return {"unreadable": "not a value this editor reads"}
	return PropertyOutput.json_of(parsed, {})


func _external_path(text: String) -> String:
	var call: RegExMatch = RegEx.create_from_string(RESOURCE_CALL).search(text)
	if call == null or call.get_string(1) != "Ext":
		return ""
	return str(_external.get(call.get_string(2), {}).get("path", ""))


func _why_unloadable(paths: Array[String]) -> String:
	for path: String in paths:
		if _broken.has(path):
			return "%s: %s" % [path, _broken[path]]
	return ""
