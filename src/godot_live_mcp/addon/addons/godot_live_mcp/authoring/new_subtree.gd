@tool
extends RefCounted
## The children node_create adds with a node, described as data: each {class_name, name, properties,
## children}. The whole subtree is built and checked before the scene sees any of it, so one undo
## action adds it and one undo removes it; a bad child makes nothing.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NodeClasses := preload("res://addons/godot_live_mcp/authoring/node_classes.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")

const MAX_NODES := 256
const MAX_DEPTH := 16
const FIELDS: Array[String] = ["class_name", "name", "properties", "children"]
## The JSON Schema of node_create's children: short, as node_create is always listed; build() checks
## each child's fields.
const SCHEMA := {
	"type": "array",
	"maxItems": MAX_NODES,
	"description": "Child nodes: {class_name, name, properties, children}, nested alike.",
	"items": {"type": "object", "required": ["class_name"]},
}


## Builds the children specs describe under node (not yet in the scene); its value is every node
## made, top-down. On failure node keeps what was built so far: the caller frees node.
static func build(node: Node, specs: Array, place: String = "children") -> Result:
	var made: Array[Node] = []
	var built: Result = _add_children(node, specs, place, made, 1)
	return built if built.failed() else Result.of(made)


static func _add_children(node: Node, specs: Array, place: String, made: Array[Node], depth: int) -> Result:
	if depth > MAX_DEPTH:
		return Result.fail("LIMIT_EXCEEDED", "%s: more than %d levels of children." % [place, MAX_DEPTH])
	for index: int in specs.size():
		var here: String = "%s[%d]" % [place, index]
		if not specs[index] is Dictionary:
			return Result.fail("INVALID_PARAMS", "%s is not an object {class_name, name, properties, children}." % here)
		var child: Result = _child(specs[index], here)
		if child.failed():
			return child
		node.add_child(child.value, true)
		made.append(child.value)
		if made.size() > MAX_NODES:
			return Result.fail("LIMIT_EXCEEDED", "More than %d child nodes in one node_create." % MAX_NODES)
		var spec: Dictionary = specs[index]
		var below: Variant = spec.get("children", [])
		if not below is Array:
			return Result.fail("INVALID_PARAMS", "%s.children is not a list." % here)
		var nested: Result = _add_children(child.value, below, here + ".children", made, depth + 1)
		if nested.failed():
			return nested
	return Result.of()


## One child with its properties set (it is new, so no undo is needed for them).
static func _child(spec: Dictionary, place: String) -> Result:
	var kind: String = str(spec.get("class_name", ""))
	var stray: String = ""
	for key: Variant in spec:
		stray = str(key) if stray == "" and not FIELDS.has(str(key)) else stray
	var checked: Result = NodeClasses.require(kind, place + ".class_name")
	if stray != "":
		checked = Result.fail("INVALID_PARAMS", "%s has no field '%s'; a child takes %s." % [place, stray, FIELDS])
	if checked.succeeded():
		checked = NodeNames.check(str(spec.get("name", "")), place + ".name", true)
	var properties: Variant = spec.get("properties", {})
	if checked.succeeded() and not properties is Dictionary:
		checked = Result.fail("INVALID_PARAMS", "%s.properties is not an object." % place)
	if checked.failed():
		return checked
	var child: Node = NodeClasses.instantiate(kind)
	child.name = str(spec.get("name", "")) if str(spec.get("name", "")) != "" else kind.validate_node_name()
	var values: Result = PropertyInput.coerce_values(child, properties)
	if values.failed():
		child.free()
		return values.within(place)
	for property: String in values.value:
		child.set(property, values.value[property])
	return Result.of(child)
