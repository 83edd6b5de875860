@tool
extends RefCounted
## Property values coming in as JSON, turned into engine values for one object through the shared
## coercion table. All are checked before any is applied, so a bad value leaves nothing half-set.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")

## Properties with a tool of their own: setting them here would bypass its checks.
const OWN_TOOLS: Dictionary = {
	"name": "node_rename",
	"script": "script_attach",
	"owner": "node_reparent",
}


## The name -> JSON value map a set-style tool was asked for: properties, plus property with value
## when given; {} when neither names anything.
static func requested(params: Dictionary) -> Dictionary:
	var wanted: Dictionary = {}
	if params.get("properties") is Dictionary:
		wanted = (params["properties"] as Dictionary).duplicate()
	if params.has("property"):
		wanted[str(params["property"])] = params.get("value")
	return wanted


## {"ok": true, "values": {name: value}} or {"ok": false, "error": envelope}.
static func coerce_all(target: Object, properties: Variant) -> Dictionary:
	if not properties is Dictionary:
		return _refuse(MCPToolkitError.fail("INVALID_PARAMS", "properties must be an object of name -> value."))
	var values: Dictionary = {}
	for key: Variant in properties:
		var name: String = str(key)
		var refused: Dictionary = writable_problem(target, name)
		if not refused.is_empty():
			return _refuse(refused)
		var converted: Dictionary = Coercion.for_property(target, name, properties[key])
		if not bool(converted.get("ok", false)):
			return _refuse(_conversion_failure(target, name, converted))
		values[name] = converted["value"]
	return {"ok": true, "values": values}


## {} when target has a settable property called name; NOT_FOUND or INVALID_PARAMS otherwise.
static func writable_problem(target: Object, name: String) -> Dictionary:
	if OWN_TOOLS.has(name):
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "'%s' is not set as a property here." % name, "Use %s for it." % OWN_TOOLS[name]
		)
	var info: Dictionary = PropertyOutput.info_of(target, name)
	if info.is_empty():
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"%s has no property '%s'." % [_describe(target), name],
			MCPToolkitError.hint_for_param("property")
		)
	if int(info["usage"]) & PROPERTY_USAGE_READ_ONLY != 0:
		return MCPToolkitError.fail("INVALID_OPERATION", "'%s' of %s is read-only." % [name, _describe(target)])
	return {}


static func _conversion_failure(target: Object, name: String, converted: Dictionary) -> Dictionary:
	var info: Dictionary = PropertyOutput.info_of(target, name)
	return MCPToolkitError.fail(
		str(converted.get("code", "TYPE_MISMATCH")),
		"Property '%s' (%s): %s" % [name, PropertyOutput.type_name(info), str(converted.get("message", ""))],
		str(converted.get("hint", "node_list_properties shows each property's type; docs/coercion.md the JSON shapes."))
	)


static func _describe(target: Object) -> String:
	var node: Node = target as Node
	return "%s '%s'" % [target.get_class(), node.name] if node != null else target.get_class()


static func _refuse(envelope: Dictionary) -> Dictionary:
	return {"ok": false, "error": envelope}


## The coerced {name: value} map for target, all checked before any is applied; or the failure of
## the first that cannot be set.
static func coerce_values(target: Object, properties: Dictionary) -> Result:
	var coerced: Dictionary = coerce_all(target, properties)
	return Result.of(coerced["values"]) if coerced["ok"] else Result.from_envelope(coerced["error"])
