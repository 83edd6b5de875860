@tool
extends RefCounted
## Reads the JSON arguments of a method call or a signal emission into the types its signature
## declares, through the shared coercion table (export-clean).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


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
		var read_one: Result = Coercion.from_json(
			given[i],
			int(info.get("type", TYPE_NIL)),
			int(info.get("hint", PROPERTY_HINT_NONE)),
			str(info.get("hint_string", ""))
		)
		if read_one.failed():
			return read_one.within("Argument %d of %s" % [i + 1, what])
		args.append(read_one.value)
	return Result.of(args)
