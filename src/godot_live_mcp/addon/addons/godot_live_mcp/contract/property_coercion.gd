@tool
extends RefCounted
## Coerces JSON into a declared type. A tagged object is decoded by its codec, then fitted to the type (Vector2i
## into Vector2 when lossless, a NodePath into a Node-typed property, a class check for objects); plain JSON is
## read as the type itself (numbers, strings, enum names, layer lists, [x, y], typed arrays). Export-clean.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CoercionTags := preload("res://addons/godot_live_mcp/contract/coercion_tags.gd")
const Components := preload("res://addons/godot_live_mcp/contract/coercion_components.gd")
const CoercionResources := preload("res://addons/godot_live_mcp/contract/coercion_resources.gd")
const CoercionTarget := preload("res://addons/godot_live_mcp/contract/coercion_target.gd")
const PropertyBounds := preload("res://addons/godot_live_mcp/contract/property_bounds.gd")

const SKIPPED_USAGE := PROPERTY_USAGE_CATEGORY | PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP
const INT_MIN := -9223372036854775807 - 1
const INT_MAX := 9223372036854775807
const TEXT_TYPES: Array[int] = [TYPE_STRING, TYPE_STRING_NAME, TYPE_NODE_PATH]
## Types without a JSON shape of their own: written as Godot text, "Quaternion(0, 0, 0, 1)".
const GODOT_TEXT_TYPES: Array[int] = [TYPE_BASIS, TYPE_QUATERNION, TYPE_PLANE, TYPE_AABB, TYPE_PROJECTION]
## Packed arrays, read from plain JSON arrays, mapped to their element type.
const PACKED_ELEMENTS: Dictionary = {
	TYPE_PACKED_BYTE_ARRAY: TYPE_INT,
	TYPE_PACKED_INT32_ARRAY: TYPE_INT,
	TYPE_PACKED_INT64_ARRAY: TYPE_INT,
	TYPE_PACKED_FLOAT32_ARRAY: TYPE_FLOAT,
	TYPE_PACKED_FLOAT64_ARRAY: TYPE_FLOAT,
	TYPE_PACKED_STRING_ARRAY: TYPE_STRING,
	TYPE_PACKED_VECTOR2_ARRAY: TYPE_VECTOR2,
	TYPE_PACKED_VECTOR3_ARRAY: TYPE_VECTOR3,
	TYPE_PACKED_COLOR_ARRAY: TYPE_COLOR,
	TYPE_PACKED_VECTOR4_ARRAY: TYPE_VECTOR4,
}
const INT_RANGES: Dictionary = {
	TYPE_PACKED_BYTE_ARRAY: [0, 255],
	TYPE_PACKED_INT32_ARRAY: [Components.INT32_MIN, Components.INT32_MAX],
}
## Each type mapped to the one that holds its values exactly when they are whole (Vector2 ⇄ Vector2i).
const SIBLINGS: Dictionary = {
	TYPE_INT: TYPE_FLOAT,
	TYPE_FLOAT: TYPE_INT,
	TYPE_VECTOR2: TYPE_VECTOR2I,
	TYPE_VECTOR2I: TYPE_VECTOR2,
	TYPE_VECTOR3: TYPE_VECTOR3I,
	TYPE_VECTOR3I: TYPE_VECTOR3,
	TYPE_VECTOR4: TYPE_VECTOR4I,
	TYPE_VECTOR4I: TYPE_VECTOR4,
	TYPE_RECT2: TYPE_RECT2I,
	TYPE_RECT2I: TYPE_RECT2,
}
const NEW_RESOURCE_SHAPE := '{"type": "NewResource", "class": "RectangleShape2D", "properties": {…}}'


## json coerced to the declared type of target's property (script properties included); NOT_FOUND with a hint
## when there is no such property. A failure names the property ("Property 'size': …").
static func for_property(target: Object, property: String, json: Variant) -> Result:
	if not is_instance_valid(target):
		return Result.fail("INVALID_PARAMS", "There is no object to set '%s' on." % property)
	var info: Dictionary = find_property(target, property)
	if info.is_empty():
		var message: String = "%s has no property '%s'." % [_name_of(target), property]
		return Result.fail("NOT_FOUND", message, MCPToolkitError.hint_for_param("property"))
	var read: Result = coerce(json, CoercionTarget.of_property(info, target))
	var bounded: Result = PropertyBounds.check_value(info, read.value) if read.succeeded() else read
	read = bounded if bounded.failed() else read
	return read.within("Property '%s'" % property)


## The property-list entry named property, or {}.
static func find_property(target: Object, property: String) -> Dictionary:
	for info: Dictionary in target.get_property_list():
		if str(info["name"]) == property and int(info["usage"]) & SKIPPED_USAGE == 0:
			return info
	return {}


## json coerced to target: a tagged object is decoded, then fitted; plain JSON is read as the target's type.
static func coerce(json: Variant, target: CoercionTarget) -> Result:
	if json is Dictionary and (json as Dictionary).has("type"):
		var decoded: Result = decode_tagged(json)
		return fit(decoded.value, target) if decoded.succeeded() else decoded
	return _coerce_plain(json, target)


## The value of a tagged object; INVALID_PARAMS for a tag outside contract.json's coercion_tags.
static func decode_tagged(data: Dictionary) -> Result:
	var tag: Variant = data["type"]
	var vocabulary: PackedStringArray = CoercionTags.vocabulary()
	if not tag is String or not vocabulary.has(tag):
		var message: String = "Unknown type tag %s; the tags are %s." % [JSON.stringify(tag), ", ".join(vocabulary)]
		return Result.fail("INVALID_PARAMS", message, Components.SHAPES_HINT)
	if tag == CoercionResources.NEW_RESOURCE:
		return _new_resource(data)
	if CoercionResources.handles(tag):
		return CoercionResources.find(tag, data)
	return CoercionTags.decode(tag, data)


## A decoded value fitted to target: its own type, a lossless sibling (Vector2i into Vector2), the node a
## NodePath names, or an object of an allowed class; TYPE_MISMATCH otherwise.
static func fit(value: Variant, target: CoercionTarget) -> Result:
	var kind: int = typeof(value)
	if target.type == TYPE_NIL or (kind == target.type and kind != TYPE_OBJECT):
		return Result.of(value)
	if target.type == TYPE_OBJECT:
		return _fit_object(value, target)
	if int(SIBLINGS.get(kind, TYPE_NIL)) == target.type:
		var converted: Variant = type_convert(value, target.type)
		if type_convert(converted, kind) == value:
			return Result.of(converted)
	return mismatch(value, target)


## The root of the scene a node is part of: the edited or current scene holding it, else its topmost owner.
static func scene_root_of(node: Node) -> Node:
	if node.is_inside_tree():
		var tree: SceneTree = node.get_tree()
		for root: Node in [tree.edited_scene_root, tree.current_scene]:
			if root != null and (root == node or root.is_ancestor_of(node)):
				return root
	var top: Node = node
	while top.owner != null:
		top = top.owner
	return top


static func mismatch(value: Variant, target: CoercionTarget) -> Result:
	var message: String = "Expected %s, got %s." % [target.expected_name(), Components.describe(value)]
	return Result.fail("TYPE_MISMATCH", message, Components.SHAPES_HINT)


static func _coerce_plain(json: Variant, target: CoercionTarget) -> Result:
	var kind: int = target.type
	if kind == TYPE_NIL or kind == TYPE_ARRAY or kind == TYPE_DICTIONARY:
		return _plain_container(json, target)
	if kind == TYPE_OBJECT:
		return _plain_object(json, target)
	if PACKED_ELEMENTS.has(kind):
		return _plain_packed(json, kind)
	if CoercionTags.has_plain_form(kind):
		return CoercionTags.decode_plain(kind, json)
	return _plain_int(json, target) if kind == TYPE_INT else _plain_scalar(json, target)


static func _plain_container(json: Variant, target: CoercionTarget) -> Result:
	if json is Array and target.type != TYPE_DICTIONARY:
		return _plain_array(json, target)
	if json is Dictionary and target.type != TYPE_ARRAY:
		return _plain_dictionary(json, target)
	return Result.of(json) if target.type == TYPE_NIL else mismatch(json, target)


static func _plain_array(items: Array, target: CoercionTarget) -> Result:
	var element: CoercionTarget = target.element_target()
	var values: Array = []
	for index: int in items.size():
		var read: Result = coerce(items[index], element)
		if read.failed():
			return read.within("[%d]" % index)
		values.append(read.value)
	return Result.of(target.typed_array(values))


static func _plain_dictionary(data: Dictionary, target: CoercionTarget) -> Result:
	var key_target: CoercionTarget = target.key_target()
	var value_target: CoercionTarget = target.value_target()
	var entries: Dictionary = {}
	for key: Variant in data:
		var place: String = "[%s]" % JSON.stringify(str(key))
		var read_key: Result = _dictionary_key(key, key_target)
		if read_key.failed():
			return read_key.within(place + " key")
		var read: Result = coerce(data[key], value_target)
		if read.failed():
			return read.within(place)
		entries[read_key.value] = read.value
	return Result.of(target.typed_dictionary(entries))


## JSON object keys are strings: "3" is read as a number for a Dictionary[int, …] or Dictionary[float, …].
static func _dictionary_key(key: Variant, target: CoercionTarget) -> Result:
	var numeric: bool = target.type == TYPE_INT or target.type == TYPE_FLOAT
	if numeric and key is String and (key as String).is_valid_float():
		return coerce((key as String).to_float(), target)
	return coerce(key, target)


static func _plain_packed(json: Variant, kind: int) -> Result:
	if not json is Array:
		return mismatch(json, CoercionTarget.new(kind))
	var element: CoercionTarget = CoercionTarget.new(PACKED_ELEMENTS[kind])
	var limits: Array = INT_RANGES.get(kind, [])
	var values: Array = []
	for index: int in (json as Array).size():
		var read: Result = coerce((json as Array)[index], element)
		if read.succeeded() and not limits.is_empty() and (read.value < limits[0] or read.value > limits[1]):
			var message: String = "%s holds whole numbers from %d to %d, got %d."
			read = Result.fail("TYPE_MISMATCH", message % [type_string(kind), limits[0], limits[1], read.value])
		if read.failed():
			return read.within("[%d]" % index)
		values.append(read.value)
	return Result.of(type_convert(values, kind))


static func _plain_object(json: Variant, target: CoercionTarget) -> Result:
	if typeof(json) == TYPE_NIL:
		return Result.of(null)
	if not json is String:
		return mismatch(json, target)
	if target.wants_node():
		return _resolve_node(json, target)
	var found: Result = CoercionResources.load_path(json)
	return fit(found.value, target) if found.succeeded() else found


static func _plain_int(json: Variant, target: CoercionTarget) -> Result:
	var number: Result = Components.whole_number(json, INT_MIN, INT_MAX)
	if number.failed() and json is String and target.hint == PROPERTY_HINT_ENUM:
		number = target.enum_value(json)
	if number.succeeded():
		return number
	if json is Array and CoercionTags.is_layer_hint(target.hint):
		var mask: Result = CoercionTags.layers_to_mask(json)
		return mask if mask.succeeded() else Result.fail("TYPE_MISMATCH", "Layers: %s." % mask.message)
	return mismatch(json, target)


static func _plain_scalar(json: Variant, target: CoercionTarget) -> Result:
	var kind: int = target.type
	var value: Variant = null
	if kind == TYPE_BOOL and json is bool:
		value = json
	elif kind == TYPE_FLOAT:
		value = Components.real(json).value
	elif TEXT_TYPES.has(kind) and (json is String or json is StringName):
		value = type_convert(json, kind)
	elif GODOT_TEXT_TYPES.has(kind) and json is String and (json as String).begins_with(type_string(kind) + "("):
		value = str_to_var(json)
	if typeof(value) == TYPE_NIL or typeof(value) != kind:
		return mismatch(json, target)
	return Result.of(value)


static func _fit_object(value: Variant, target: CoercionTarget) -> Result:
	if value is NodePath and target.wants_node():
		return _resolve_node(value, target)
	if not value is Object:
		return mismatch(value, target)
	var classes: PackedStringArray = target.classes()
	for name: String in classes:
		if CoercionResources.fits_class(value, name):
			return Result.of(value)
	if classes.is_empty():
		return Result.of(value)
	var path: String = (value as Resource).resource_path if value is Resource else ""
	var where: String = " (%s)" % path if path != "" else ""
	var message: String = "Expected a %s, got a %s%s."
	return Result.fail("TYPE_MISMATCH", message % [target.expected_name(), CoercionResources.class_of(value), where])


## The node a path names, read from the scene root of the node that holds the property.
static func _resolve_node(path: Variant, target: CoercionTarget) -> Result:
	if target.base == null:
		var message: String = "A %s is a node; it can only be set on a node's property, by its path in the scene."
		return Result.fail("TYPE_MISMATCH", message % target.expected_name())
	var root: Node = scene_root_of(target.base)
	var node_path: NodePath = NodePath(str(path))
	var node: Node = null
	if not node_path.is_absolute() or root.is_inside_tree():
		node = root.get_node_or_null(node_path)
	if node == null:
		var missing: String = "No node at '%s' in the scene of '%s'." % [node_path, root.name]
		return Result.fail("NOT_FOUND", missing, MCPToolkitError.hint_for_param("node_path"))
	return _fit_object(node, target)


static func _new_resource(data: Dictionary) -> Result:
	var stray: String = Components.unexpected_key(data, ["class", "properties"])
	var properties: Variant = data.get("properties", {})
	if stray != "" or not properties is Dictionary:
		var problem: String = "unexpected field '%s'" % stray
		if stray == "":
			problem = "'properties' must be an object, got %s" % Components.describe(properties)
		var message: String = "NewResource: %s; write it as %s." % [problem, NEW_RESOURCE_SHAPE]
		return Result.fail("INVALID_PARAMS", message, Components.SHAPES_HINT)
	var made: Result = CoercionResources.instantiate(data.get("class"))
	return _apply_properties(made.value, properties) if made.succeeded() else made


static func _apply_properties(resource: Resource, properties: Dictionary) -> Result:
	var names: Array = properties.keys()
	if names.has("script"):
		# A script's own properties exist only once the script is set.
		names.erase("script")
		names.push_front("script")
	for name: Variant in names:
		var read: Result = for_property(resource, str(name), properties[name])
		if read.failed():
			return read.within("NewResource %s" % CoercionResources.class_of(resource))
		resource.set(str(name), read.value)
	var sized: Result = PropertyBounds.check_product(resource)
	return (
		sized.within("NewResource %s" % CoercionResources.class_of(resource)) if sized.failed() else Result.of(resource)
	)


static func _name_of(target: Object) -> String:
	if target is Node and not str((target as Node).name).is_empty():
		return "Node '%s' (%s)" % [(target as Node).name, CoercionResources.class_of(target)]
	return "A " + CoercionResources.class_of(target)
