@tool
extends RefCounted
## What a declared command acts on (its table's "target"), found once before its handler runs and
## failing with the shared error and hint (editor-only: it finds scenes through the scene edit). The words:
##   "scene"     the open scene the `scene` argument names (the active tab when absent);
##   "node"      and that scene's node at `node_path` ("" or "." is the root);
##   "node:A|B"  and that node is an A or a B (or inherits one);
##   "own_node"  and the scene stores that node's structure (not instanced, not inherited);
##   "resource", "resource:A|B"  the resource file at `path` (of class A or B);
##   "resource:A|B or node[.p]"  that file when `path` is given, else the node at `node_path` (and the
##               resource its property p holds: `resource`, with `path` its file or "" when built in);
##   "... by <tool>"  the tool that makes one, named by the hint of a refusal (node_create, resource_create).
## A scene or node target is found inside SceneEdit.edit, where the handler then runs: the scene is
## the active tab and its history takes the undo action. The handler takes (params, target), and
## the context after them when the command is cancellable.

const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")

const KINDS: PackedStringArray = ["scene", "node", "own_node", "resource"]

## The edited scene's root and its res:// path (scene and node targets).
var root: Node = null
var scene_path: String = ""
## The node, and its path as tools report it ("." for the root), for node targets.
var node: Node = null
var node_path: String = ""
## The file's resource and its res:// path, for resource targets.
var resource: Resource = null
var path: String = ""
## The node's property that holds the resource, for "or node.p" targets.
var property: String = ""

var _kind: String = ""
var _classes: PackedStringArray = PackedStringArray()
var _verb: String = ""
var _maker: String = ""
var _or_node: bool = false


## handler wrapped to find what spec (a word above) names first; verb words own_node's refusal.
static func wrap(spec: String, handler: Callable, verb: String, cancellable: bool) -> Callable:
	var wanted: CommandTarget = CommandTarget.new()
	var what: String = spec.get_slice(" by ", 0).get_slice(" or ", 0)
	wanted._or_node = spec.contains(" or node")
	wanted.property = spec.get_slice(" or node.", 1).get_slice(" ", 0) if spec.contains(" or node.") else ""
	wanted._kind = what.get_slice(":", 0)
	assert(wanted._kind in KINDS, "godot_live_mcp: unknown target '%s'" % spec)
	wanted._classes = what.get_slice(":", 1).split("|", false) if what.contains(":") else PackedStringArray()
	wanted._maker = spec.get_slice(" by ", 1) if spec.contains(" by ") else ""
	wanted._verb = verb
	# Bound as an argument, which holds it: a method Callable alone would not keep it alive.
	return (CommandTarget._run_cancellable if cancellable else CommandTarget._run).bind(wanted, handler)


static func _run(params: CommandParams, wanted: CommandTarget, handler: Callable) -> Result:
	return await wanted._resolved(
		params, func(target: CommandTarget) -> Variant: return await handler.call(params, target)
	)


static func _run_cancellable(
	params: CommandParams, context: MCPToolkitToolContext, wanted: CommandTarget, handler: Callable
) -> Result:
	return await wanted._resolved(
		params, func(target: CommandTarget) -> Variant: return await handler.call(params, target, context)
	)


## work(target) with the target found: in the scene edit, unless the target is a resource file.
func _resolved(params: CommandParams, work: Callable) -> Result:
	var one: Result = either(params, " or ".join(_classes), property) if _or_node else Result.of()
	if one.failed():
		return one
	if _kind != "resource" or params.has("node_path"):
		return await SceneEdit.edit(params.raw, _in_scene.bind(params.text("node_path"), work))
	var found: Result = _resource_at(params)
	return await work.call(found.value) if found.succeeded() else found


func _in_scene(scene_root: Node, wanted: String, work: Callable) -> Result:
	var found: Result = _in(scene_root, wanted)
	return await work.call(found.value) if found.succeeded() else found


## The target in the scene of scene_root, or the failure naming what is missing or of another class.
func _in(scene_root: Node, wanted: String) -> Result:
	var target: CommandTarget = CommandTarget.new()
	target.root = scene_root
	target.scene_path = scene_root.scene_file_path
	if _kind == "scene":
		return Result.of(target)
	var found: Result = NodeLookup.require(scene_root, wanted, _kind == "own_node", _verb)
	if found.failed():
		return found
	target.node = found.value
	target.node_path = NodeLookup.path_of(scene_root, target.node)
	if _kind == "resource":
		return _held_by(target)
	var typed: Result = NodeLookup.of_class(scene_root, target.node, wanted, _classes, _maker)
	return typed if typed.failed() else Result.of(target)


## The resource of the file at params.path; PATH_DENIED, NOT_FOUND, LOAD_FAILED, or INVALID_PARAMS for
## a file that holds no resource or one of another class.
func _resource_at(params: CommandParams) -> Result:
	var loaded: Result = ProjectFiles.resource_at(params, _classes, _maker if _maker != "" else "resource_create")
	if loaded.failed():
		return loaded
	var target: CommandTarget = CommandTarget.new()
	target.resource = loaded.value
	target.path = target.resource.resource_path
	return Result.of(target)


## target, with the resource its node holds in property (when the word names one); INVALID_PARAMS for
## a node without the property, INVALID_STATE when it holds nothing.
func _held_by(target: CommandTarget) -> Result:
	if property == "":
		return Result.of(target)
	if not property in target.node:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is a %s, without %s." % [target.node_path, target.node.get_class(), property],
			"Pass a node with %s (%s), or a file as path." % [property, ", ".join(_holders())]
		)
	target.property = property
	target.resource = target.node.get(property)
	if target.resource == null:
		return Result.fail(
			"INVALID_STATE",
			"'%s' has no %s in %s." % [target.node_path, " or ".join(_classes), property],
			"Give it one with %s (node_path), then retry." % _maker
		)
	target.path = "" if target.resource.resource_path.contains("::") else target.resource.resource_path
	return Result.of(target)


## The node classes that declare property (named in a refusal).
func _holders() -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray()
	for name: String in ClassDB.get_inheriters_from_class("Node"):
		if ClassDB.class_get_property_list(name, true).any(func(p: Dictionary) -> bool: return p.name == property):
			found.append(name)
	found.sort()
	return found


## INVALID_PARAMS unless params give exactly one of path (a file of classes) and node_path (a node, holding
## it in property when named): the refusal of every tool that takes either.
static func either(params: CommandParams, classes: String, held_in: String = "") -> Result:
	if params.has("path") != params.has("node_path"):
		return Result.of()
	var holder: String = "a node's %s" % held_in if held_in != "" else "a node"
	return Result.fail(
		"INVALID_PARAMS",
		"Pass either path (a %s file) or node_path (%s), not both or neither." % [classes, holder],
		"path names a file of the project; node_path a node of the scene (scene_get_tree lists them)."
	)
