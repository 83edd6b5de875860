@tool
extends RefCounted
## What in a scene reaches a node (or a node of its branch) by path: NodePath properties of the
## scene's nodes, animation track paths, and `$Path`, `%Name` and get_node("Path") in the scripts
## attached to them. Captured before a rename or move, then measured again after it, so a caller
## learns which paths the change broke and can rewrite them.

const NodeReferences := preload("res://addons/godot_live_mcp/authoring/node_references.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## What node.rename and node.reparent add to their results (schema shorthand).
const ROWS := [
	{"@": "array: Paths that led to the node (or inside it) before the change; only when there are any."},
	{
		"kind!": "enum(property|track|script)",
		"at!": "string: 'Node.property', 'Player/anim[track]' or 'res://x.gd:line'."
	},
	{"path!": "string: The path as written.", "new_path!": "string: The path that leads there now."},
]
const UPDATED := "boolean: Whether those paths were rewritten (update_references)."
const SCRIPTS := "array<string>: Scripts rewritten; each is its own step in the global undo history."
## `$Path`, `$"Path"`, `%Name`, get_node("Path") (and get_node_or_null) in GDScript source.
const SCRIPT_PATTERN := (
	'\\$"([^"]+)"|\\$([A-Za-z0-9_%/]+)|(?<![\\w"\'%)\\]])%([A-Za-z_][A-Za-z0-9_]*)'
	+ '|get_node(?:_or_null)?\\(\\s*"([^"]+)"\\s*\\)'
)


## One path that reaches the node: who holds it, what it pointed to, how it is written.
class Reference:
	var kind: String
	var at: String
	var holder: Object
	var base: Node
	var target: Node
	var old_text: String
	var new_text: String = ""
	var key: Variant  # property name, track index, or [start, end] of the text in the script
	var unique: Node = null  # the %Name node a path starts from
	var subnames: String = ""
	var file: String = ""  # the script a script reference is written in
	var bare: bool = false  # written as $Path without quotes

	func row() -> Dictionary:
		return {"kind": kind, "at": at, "path": old_text, "new_path": new_text}


var _found: Array[Reference] = []


## The references to node and its branch in root's scene, as the tree is now (before the change).
static func capture(root: Node, node: Node) -> NodeReferences:
	var references: NodeReferences = NodeReferences.new()
	var seen_scripts: Dictionary = {}
	for holder: Node in NodeSubtree.owned(root, root):
		references._properties_of(root, holder, node)
		if holder is AnimationMixer:
			references._tracks_of(root, holder as AnimationMixer, node)
		var script: Script = holder.get_script() as Script
		if script != null and script.resource_path.ends_with(".gd") and not seen_scripts.has(script.resource_path):
			seen_scripts[script.resource_path] = true
			references._script_paths(holder, script.resource_path, node)
	return references


## Measures every path again after the change; keeps those now written differently.
func measure() -> void:
	var broken: Array[Reference] = []
	for reference: Reference in _found:
		reference.new_text = _now(reference)
		if reference.new_text != reference.old_text:
			broken.append(reference)
	_found = broken


func is_empty() -> bool:
	return _found.is_empty()


func rows() -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	for reference: Reference in _found:
		listed.append(reference.row())
	return listed


## Rewrites the NodePath properties and track paths now and records both directions in action.
func rewrite_in_scene(action: MCPToolkitUndoRedoAction) -> void:
	for reference: Reference in _found:
		if reference.kind == "property":
			reference.base.set(reference.key, NodePath(reference.new_text))
			action.do_property(reference.base, reference.key, NodePath(reference.new_text))
			action.undo_property(reference.base, reference.key, NodePath(reference.old_text))
		elif reference.kind == "track":
			var animation: Animation = reference.holder
			animation.track_set_path(reference.key, NodePath(reference.new_text))
			action.do_method(animation.track_set_path.bind(reference.key, NodePath(reference.new_text)))
			action.undo_method(animation.track_set_path.bind(reference.key, NodePath(reference.old_text)))


## Rewrites the script paths, one file write (and global undo step) per script; the scripts written.
func rewrite_scripts() -> Result:
	var edits: Dictionary = {}  # script path -> its references, last in the text first
	for reference: Reference in _found:
		if reference.kind == "script":
			edits.get_or_add(reference.file, []).push_front(reference)
	var written: Array[String] = []
	for path: String in edits:
		var text: String = FileAccess.get_file_as_string(path)
		for reference: Reference in edits[path]:
			var span: Array = reference.key
			text = text.left(span[0]) + _written(reference) + text.substr(span[1])
		var changed: Result = await ProjectFiles.apply(
			"Update node paths in %s" % path,
			PackedStringArray([path]),
			ProjectFiles.write_bytes.bind(path, text.to_utf8_buffer())
		)
		if changed.failed():
			return changed
		written.append(path)
	return Result.of(written)


func _properties_of(root: Node, holder: Node, node: Node) -> void:
	for info: Dictionary in holder.get_property_list():
		if int(info["type"]) != TYPE_NODE_PATH or int(info["usage"]) & PROPERTY_USAGE_STORAGE == 0:
			continue
		var value: NodePath = holder.get(info["name"])
		var target: Node = holder.get_node_or_null(value) if not value.is_empty() else null
		if _reaches(target, node):
			var reference: Reference = _add("property", "%s.%s" % [NodeLookup.path_of(root, holder), info["name"]])
			_point(reference, holder, holder, target, str(value), str(value))
			reference.key = StringName(info["name"])


func _tracks_of(root: Node, mixer: AnimationMixer, node: Node) -> void:
	var base: Node = mixer.get_node_or_null(mixer.root_node)
	if base == null:
		return
	for animation_name: StringName in mixer.get_animation_list():
		var animation: Animation = mixer.get_animation(animation_name)
		for index: int in animation.get_track_count():
			var track: NodePath = animation.track_get_path(index)
			var target: Node = base.get_node_or_null(NodePath(track.get_concatenated_names()))
			if _reaches(target, node):
				var at: String = "%s/%s[%d]" % [NodeLookup.path_of(root, mixer), animation_name, index]
				var reference: Reference = _add("track", at)
				_point(reference, animation, base, target, str(track), str(track.get_concatenated_names()))
				reference.key = index
				reference.subnames = str(track.get_concatenated_subnames())


func _script_paths(holder: Node, path: String, node: Node) -> void:
	var text: String = FileAccess.get_file_as_string(path)
	for found: RegExMatch in RegEx.create_from_string(SCRIPT_PATTERN).search_all(text):
		var group: int = 1
		while found.get_string(group) == "" and group < 4:
			group += 1
		var written: String = ("%" if group == 3 else "") + found.get_string(group)
		var target: Node = holder.get_node_or_null(NodePath(written))
		if not _reaches(target, node):
			continue
		var line: int = text.left(found.get_start(group)).count("\n") + 1
		var reference: Reference = _add("script", "%s:%d" % [path, line])
		_point(reference, holder, holder, target, written, written)
		var start: int = found.get_start(group) - (1 if group == 3 else 0)
		reference.key = [start, found.get_end(group)]
		reference.file = path
		reference.bare = group == 2


func _add(kind: String, at: String) -> Reference:
	var reference: Reference = Reference.new()
	reference.kind = kind
	reference.at = at
	_found.append(reference)
	return reference


## Fills in where a reference points; names is the node part of written (no :subnames).
static func _point(
	reference: Reference, holder: Object, base: Node, target: Node, written: String, names: String
) -> void:
	reference.holder = holder
	reference.base = base
	reference.target = target
	reference.old_text = written
	if names.begins_with("%"):
		reference.unique = base.get_node_or_null(NodePath(names.get_slice("/", 0)))


## How the reference's path has to be written now to reach the same node.
static func _now(reference: Reference) -> String:
	var target: Node = reference.target
	var path: String = str(reference.base.get_path_to(target))
	if reference.unique != null:
		var rest: String = "" if target == reference.unique else "/" + str(reference.unique.get_path_to(target))
		path = "%" + str(reference.unique.name) + rest
	return path + ":" + reference.subnames if reference.subnames != "" else path


## The new path as the script has to spell it: a bare $Path that now needs '..' gets quotes.
static func _written(reference: Reference) -> String:
	if reference.bare and not RegEx.create_from_string("^[A-Za-z0-9_%/]+$").search(reference.new_text):
		return '"%s"' % reference.new_text
	return reference.new_text


static func _reaches(target: Node, node: Node) -> bool:
	return target != null and (target == node or node.is_ancestor_of(target))
