@tool
extends RefCounted
## JSON ⇄ Variant through one table: the type tags of contract.json's coercion_tags. Reading JSON returns a
## Result (INVALID_PARAMS, TYPE_MISMATCH, NOT_FOUND or PATH_DENIED when it fails); writing JSON never fails.
## Export-clean: the game runs it too.

const CoercionTags := preload("res://addons/godot_live_mcp/contract/coercion_tags.gd")
const Components := preload("res://addons/godot_live_mcp/contract/coercion_components.gd")
const CoercionResources := preload("res://addons/godot_live_mcp/contract/coercion_resources.gd")
const CoercionTarget := preload("res://addons/godot_live_mcp/contract/coercion_target.gd")
const PropertyCoercion := preload("res://addons/godot_live_mcp/contract/property_coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## Deeper nesting is cut short (self-containing arrays, cycles of unsaved resources).
const MAX_DEPTH := 32
const TOO_DEEP := "(nested too deep)"


## The vocabulary of type tags (contract.json's coercion_tags).
static func tags() -> PackedStringArray:
	return CoercionTags.vocabulary()


## Tags of the vocabulary that no codec here implements (empty when the table is complete).
static func missing_codecs() -> PackedStringArray:
	var missing: PackedStringArray = []
	for tag: String in tags():
		if not CoercionResources.handles(tag) and CoercionTags.type_of(tag) == TYPE_NIL:
			missing.append(tag)
	return missing


## JSON as a Variant of expected_type (TYPE_NIL: any; tagged objects are decoded at any depth). For an
## Object type, hint_string names the class(es) with PROPERTY_HINT_RESOURCE_TYPE.
static func from_json(
	json: Variant,
	expected_type: int = TYPE_NIL,
	property_hint: int = PROPERTY_HINT_NONE,
	hint_string: String = "",
) -> Result:
	return PropertyCoercion.coerce(json, CoercionTarget.new(expected_type, property_hint, hint_string))


## JSON as the declared type of target's property (script properties included); NOT_FOUND with a hint for an
## unknown property, TYPE_MISMATCH naming the expected type and what arrived when the value cannot fit. The
## message names the property once ("Property 'size': …"); Result.within with the same place adds nothing.
static func property_from_json(target: Object, property: String, json: Variant) -> Result:
	return PropertyCoercion.for_property(target, property, json)


## Any Variant as JSON-safe data: tagged objects for the tag types (an int as LayerMask when property_hint is
## a PROPERTY_HINT_LAYERS_* hint, as its name when it is PROPERTY_HINT_ENUM with hint_string's labels),
## numbers, strings and bools as they are (floats by Components.float_json), arrays and dictionaries
## recursively, nodes as their NodePath in their scene, other objects by class.
static func to_json(value: Variant, property_hint: int = PROPERTY_HINT_NONE, hint_string: String = "") -> Variant:
	return _encode(value, property_hint, hint_string, 0)


## The JSON of target's property, with the property's hint (a layer property comes out as LayerMask, an
## enum property as its value's name).
static func property_to_json(target: Object, property: String) -> Variant:
	var info: Dictionary = PropertyCoercion.find_property(target, property)
	return to_json(target.get(property), int(info.get("hint", PROPERTY_HINT_NONE)), str(info.get("hint_string", "")))


static func _encode(value: Variant, hint: int, hint_string: String, depth: int) -> Variant:
	var kind: int = typeof(value)
	if depth > MAX_DEPTH:
		return TOO_DEEP
	if kind == TYPE_OBJECT:
		return _encode_object(value, depth)
	if kind == TYPE_ARRAY or kind == TYPE_DICTIONARY:
		return _encode_array(value, depth) if kind == TYPE_ARRAY else _encode_dictionary(value, depth)
	if CoercionTags.is_tagged_type(kind):
		return CoercionTags.encode(value)
	if kind == TYPE_INT and CoercionTags.is_layer_hint(hint):
		return CoercionTags.encode_layers(value)
	if kind == TYPE_INT and hint == PROPERTY_HINT_ENUM:
		return CoercionTarget.new(TYPE_INT, hint, hint_string).enum_name(value)
	return _encode_plain(value, depth)


static func _encode_plain(value: Variant, depth: int) -> Variant:
	var kind: int = typeof(value)
	var encoded: Variant = value
	if kind == TYPE_FLOAT:
		encoded = Components.float_json(value)
	elif kind == TYPE_STRING_NAME or kind == TYPE_CALLABLE or kind == TYPE_SIGNAL or kind == TYPE_RID:
		encoded = str(value)
	elif kind == TYPE_PACKED_FLOAT32_ARRAY:
		encoded = Array(value).map(func(number: float) -> Variant: return Components.shortest_json(number, true))
	elif kind >= TYPE_PACKED_BYTE_ARRAY:
		encoded = _encode_array(Array(value), depth)
	elif CoercionTags.has_plain_form(kind):
		encoded = Components.components_json(value)
	elif kind != TYPE_NIL and kind != TYPE_BOOL and kind != TYPE_INT and kind != TYPE_STRING:
		encoded = var_to_str(value)
	return encoded


static func _encode_array(items: Array, depth: int) -> Array:
	var encoded: Array = []
	for item: Variant in items:
		encoded.append(_encode(item, PROPERTY_HINT_NONE, "", depth + 1))
	return encoded


static func _encode_dictionary(entries: Dictionary, depth: int) -> Dictionary:
	var encoded: Dictionary = {}
	for key: Variant in entries:
		var name: Variant = _encode(key, PROPERTY_HINT_NONE, "", depth + 1)
		var item: Variant = _encode(entries[key], PROPERTY_HINT_NONE, "", depth + 1)
		encoded[name if name is String else JSON.stringify(name)] = item
	return encoded


static func _encode_object(value: Variant, depth: int) -> Variant:
	if not is_instance_valid(value):
		return null
	var object: Object = value
	if object is Node:
		return CoercionTags.encode(NodePath(_scene_path(object as Node)))
	if object is Resource:
		return _encode_resource(object as Resource, depth)
	return {"type": "Object", "class": CoercionResources.class_of(object)}


## A resource with a path by reference (Resource, ResourceRef); one without as NewResource with the
## stored properties that differ from a new instance of its class.
static func _encode_resource(resource: Resource, depth: int) -> Dictionary:
	var reference: Dictionary = CoercionResources.reference_json(resource)
	if not reference.is_empty():
		return reference
	var properties: Dictionary = {}
	for change: Dictionary in CoercionResources.stored_changes(resource):
		properties[change["name"]] = _encode(change["value"], change["hint"], change["hint_string"], depth + 1)
	var class_named: String = CoercionResources.class_of(resource)
	return {"type": CoercionResources.NEW_RESOURCE, "class": class_named, "properties": properties}


## A node's path from its scene root ("." for the root itself); absolute for a node outside any scene.
static func _scene_path(node: Node) -> String:
	var root: Node = PropertyCoercion.scene_root_of(node)
	if root == node and node.owner == null and node.is_inside_tree() and not _is_scene_root(node):
		return str(node.get_path())
	return str(root.get_path_to(node))


static func _is_scene_root(node: Node) -> bool:
	var tree: SceneTree = node.get_tree()
	return node == tree.edited_scene_root or node == tree.current_scene
