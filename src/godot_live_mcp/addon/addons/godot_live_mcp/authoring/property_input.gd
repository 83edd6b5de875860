@tool
extends RefCounted
## Property values coming in as JSON, turned into engine values for one object through the shared
## coercion table. All are checked before any is applied, so a bad value leaves nothing half-set.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const PropertyBounds := preload("res://addons/godot_live_mcp/contract/property_bounds.gd")

## The properties argument of tools that set several properties at once (JSON Schema as it is).
const VALUES := {
	"type": "object",
	"description": "Values to set: name -> JSON value (a tagged one for engine types).",
	"additionalProperties": true,
}
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


## The coerced {name: value} map for target, all checked before any is applied; or the failure of
## the first that cannot be set, its message naming the property once ("Property 'size': …").
static func coerce_values(target: Object, properties: Dictionary) -> Result:
	var values: Dictionary = {}
	for key: Variant in properties:
		var name: String = str(key)
		var converted: Result = writable(target, name)
		if converted.succeeded():
			# The coercion table names the property itself; within() then adds nothing.
			converted = Coercion.property_from_json(target, name, properties[key]).within("Property '%s'" % name)
		if converted.failed():
			return converted
		values[name] = converted.value
	var sized: Result = PropertyBounds.check_product(target, values)
	return sized if sized.failed() else Result.of(values)


## The property-list entry of name when target has a property so called that may be set here;
## NOT_FOUND (naming the closest properties), INVALID_PARAMS or INVALID_OPERATION otherwise.
static func writable(target: Object, name: String) -> Result:
	if OWN_TOOLS.has(name):
		return Result.fail(
			"INVALID_PARAMS", "'%s' is not set as a property here." % name, "Use %s for it." % OWN_TOOLS[name]
		)
	var found: Result = PropertyOutput.find(target, name)
	if found.succeeded() and int(found.value["usage"]) & PROPERTY_USAGE_READ_ONLY != 0:
		return Result.fail("INVALID_OPERATION", "'%s' of %s is read-only." % [name, PropertyOutput.describe(target)])
	return found
