@tool
extends RefCounted
## Reads the JSON arguments of a method call or a signal emission into the types its signature
## declares, through the shared coercion table (export-clean). A node argument is given by its path in
## the running game: {"node": "Player"} for any parameter, or a path (plain, or a tagged NodePath) for
## a node-typed one; paths are relative to the current scene, or absolute ("/root/GameState").

const PropertyCoercion := preload("res://addons/godot_live_mcp/contract/property_coercion.gd")
const CoercionTarget := preload("res://addons/godot_live_mcp/contract/coercion_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")

## The argument shape that names a live node, for messages.
const NODE_SHAPE := '{"node": "Player"} (a path relative to the current scene, or from /root/)'


## The arguments as an Array, or the failure naming the argument that failed.
## signature: an entry of get_method_list() or get_signal_list(); what: how messages name the callee.
static func read(signature: Dictionary, given: Array, what: String) -> Result:
	var declared: Array = signature.get("args", [])
	var optional: int = (signature.get("default_args", []) as Array).size()
	var vararg: bool = int(signature.get("flags", 0)) & METHOD_FLAG_VARARG != 0
	if given.size() < declared.size() - optional or (given.size() > declared.size() and not vararg):
		var wanted: String = str(declared.size())
		if optional > 0:
			wanted = "%d to %d" % [declared.size() - optional, declared.size()]
		wanted += " argument" if wanted == "1" else " arguments"
		return Result.fail("INVALID_PARAMS", "%s takes %s, got %d." % [what, wanted, given.size()])
	var args: Array = []
	for i: int in given.size():
		var info: Dictionary = declared[i] if i < declared.size() else {}
		var read_one: Result = _argument(given[i], _target(info))
		if read_one.failed():
			return read_one.within("Argument %d of %s" % [i + 1, what])
		args.append(read_one.value)
	return Result.of(args)


## One argument: the live node a {"node": path} names, else the JSON read as target's type.
static func _argument(json: Variant, target: CoercionTarget) -> Result:
	if json is Dictionary and (json as Dictionary).size() == 1 and (json as Dictionary).has("node"):
		var found: Result = RuntimeNodes.require(str(json["node"]))
		if found.failed() or target.type == TYPE_NIL:
			return found
		return PropertyCoercion.fit(found.value, target)
	var read: Result = PropertyCoercion.coerce(json, target)
	if read.failed() and target.wants_node():
		return Result.fail(read.code, read.message, "Pass the node as %s." % NODE_SHAPE)
	return read


## What a parameter of the signature takes; node paths in it are read in the current scene.
static func _target(info: Dictionary) -> CoercionTarget:
	var kind: int = int(info.get("type", TYPE_NIL))
	return CoercionTarget.new(
		kind,
		int(info.get("hint", PROPERTY_HINT_NONE)),
		str(info.get("hint_string", "")),
		str(info.get("class_name", "")) if kind == TYPE_OBJECT else "",
		RuntimeNodes.scene_root()
	)
