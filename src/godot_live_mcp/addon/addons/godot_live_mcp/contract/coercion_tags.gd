@tool
extends RefCounted
## Codecs of the value tags (vectors, Color, rectangles, transforms, NodePath, packed arrays, LayerMask):
## tagged JSON object ⇄ Variant. A value tag is named after its Variant type (type_string); contract.json's
## coercion_tags says which tags exist. Components and numbers: coercion_components.gd. Export-clean.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Components := preload("res://addons/godot_live_mcp/contract/coercion_components.gd")
const FIELDS: Dictionary = Components.FIELDS

const LAYER_MASK := "LayerMask"
const LAYER_COUNT := 32
const LAYER_HINTS: Array[int] = [
	PROPERTY_HINT_LAYERS_2D_RENDER,
	PROPERTY_HINT_LAYERS_2D_PHYSICS,
	PROPERTY_HINT_LAYERS_2D_NAVIGATION,
	PROPERTY_HINT_LAYERS_3D_RENDER,
	PROPERTY_HINT_LAYERS_3D_PHYSICS,
	PROPERTY_HINT_LAYERS_3D_NAVIGATION,
	PROPERTY_HINT_LAYERS_AVOIDANCE,
]
## Transforms are written as their columns (exact); position/rotation/scale are accepted too.
const COLUMNS: Dictionary = {
	TYPE_TRANSFORM2D: ["x", "y", "origin"],
	TYPE_TRANSFORM3D: ["x", "y", "z", "origin"],
}
const PARTS: Dictionary = {
	TYPE_TRANSFORM2D: ["position", "rotation", "rotation_degrees", "scale", "skew"],
	TYPE_TRANSFORM3D: ["position", "rotation", "rotation_degrees", "scale"],
}
## Packed arrays written as {"values": [...]}, mapped to their element type.
const PACKED: Dictionary = {
	TYPE_PACKED_VECTOR2_ARRAY: TYPE_VECTOR2,
	TYPE_PACKED_VECTOR3_ARRAY: TYPE_VECTOR3,
	TYPE_PACKED_COLOR_ARRAY: TYPE_COLOR,
	TYPE_PACKED_VECTOR4_ARRAY: TYPE_VECTOR4,
}
static var _codec_types: Array[int] = _list_codec_types()
## The codec types whose tag is in the vocabulary, worked out once: every encoded value asks.
static var _tagged_types: Array[int] = _list_tagged_types()


## contract.json's coercion_tags: the whole vocabulary, value and resource tags alike.
static func vocabulary() -> PackedStringArray:
	return PackedStringArray(ContractData.data().get("coercion_tags", []))


## The Variant type a value tag decodes to (TYPE_INT for LayerMask), TYPE_NIL for any other name.
static func type_of(tag: String) -> int:
	if tag == LAYER_MASK:
		return TYPE_INT
	for kind: int in _codec_types:
		if type_string(kind) == tag:
			return kind
	return TYPE_NIL


## True when values of this Variant type are written as their tag (a codec exists and the tag is in the vocabulary).
static func is_tagged_type(kind: int) -> bool:
	return _tagged_types.has(kind)


static func is_layer_hint(hint: int) -> bool:
	return LAYER_HINTS.has(hint)


## The value a tagged object stands for; INVALID_PARAMS naming the shape when its fields do not fit.
static func decode(tag: String, data: Dictionary) -> Result:
	var kind: int = type_of(tag)
	var read: Result
	if tag == LAYER_MASK:
		read = _only(data, ["layers"], layers_to_mask.bind(data.get("layers")))
	elif FIELDS.has(kind):
		read = Components.read_fields(kind, data)
	elif COLUMNS.has(kind):
		read = read_transform(kind, data)
	elif PACKED.has(kind):
		read = _only(data, ["values"], _read_packed.bind(kind, data.get("values")))
	elif kind == TYPE_NODE_PATH:
		read = _only(data, ["path"], _read_node_path.bind(data.get("path")))
	else:
		read = Components.invalid("no codec for this tag")
	if read.succeeded():
		return read
	var message: String = "%s: %s; write it as %s." % [tag, read.message, example(tag)]
	return Result.fail("INVALID_PARAMS", message, Components.SHAPES_HINT)


## A value of kind from plain JSON (no "type" key): [x, y] or {"x": …} for vectors, "#rrggbb" or a name for
## colours, a columns object for transforms. TYPE_MISMATCH showing the shape when json is none of them.
static func decode_plain(kind: int, json: Variant) -> Result:
	var read: Result
	if kind == TYPE_COLOR and json is String:
		read = Components.read_color_text(json)
	elif FIELDS.has(kind):
		read = Components.read_fields(kind, json)
	elif COLUMNS.has(kind) and json is Dictionary:
		read = read_transform(kind, json)
	else:
		read = Components.invalid("that is not a %s" % type_string(kind))
	if read.succeeded():
		return read
	var shapes: String = example(type_string(kind))
	if FIELDS.has(kind):
		shapes = "[%s] or %s" % [", ".join(PackedStringArray(FIELDS[kind])), shapes]
	var message: String = "Expected a %s, written %s; got %s" % [type_string(kind), shapes, Components.describe(json)]
	# The reader's detail only helps when the structure was right and a part of it was not.
	var detail: String = " (%s)." % read.message if json is Array or json is Dictionary else "."
	return Result.fail("TYPE_MISMATCH", message + detail, Components.SHAPES_HINT)


static func has_plain_form(kind: int) -> bool:
	return FIELDS.has(kind) or COLUMNS.has(kind)


## The tagged JSON of a value whose type has a codec (see is_tagged_type).
static func encode(value: Variant) -> Dictionary:
	var kind: int = typeof(value)
	var data: Dictionary = {"type": type_string(kind)}
	if FIELDS.has(kind):
		var fields: Array = FIELDS[kind]
		var parts: Array = Components.components_json(value)
		for index: int in fields.size():
			data[fields[index]] = parts[index]
	elif COLUMNS.has(kind):
		data.merge(_columns_json(value))
	elif PACKED.has(kind):
		var values: Array = []
		for item: Variant in value:
			values.append(Components.components_json(item))
		data["values"] = values
	elif kind == TYPE_NODE_PATH:
		data["path"] = str(value)
	return data


static func encode_layers(mask: int) -> Dictionary:
	var layers: Array = []
	for bit: int in LAYER_COUNT:
		if mask & (1 << bit) != 0:
			layers.append(bit + 1)
	return {"type": LAYER_MASK, "layers": layers}


## A list of layer numbers 1..32 as the int bitmask.
static func layers_to_mask(layers: Variant) -> Result:
	if not layers is Array:
		var wanted: String = "'layers' must be a list of layer numbers 1 to %d, got %s"
		return Components.invalid(wanted % [LAYER_COUNT, Components.describe(layers)])
	var mask: int = 0
	for item: Variant in layers:
		var layer: Result = Components.whole_number(item, 1, LAYER_COUNT)
		if layer.failed():
			return Components.invalid(
				"layer numbers go from 1 to %d, got %s" % [LAYER_COUNT, Components.describe(item)]
			)
		mask |= 1 << (int(layer.value) - 1)
	return Result.of(mask)


## A transform from its columns ("x", "y", ("z",) "origin") or from position/rotation/scale (and 2D skew).
static func read_transform(kind: int, data: Dictionary) -> Result:
	var columns: Array = COLUMNS[kind]
	var stray: String = Components.unexpected_key(data, columns + PARTS[kind])
	if stray != "":
		return Components.invalid("unexpected field '%s'" % stray)
	if _first_present(data, columns) == "":
		return _transform_from_parts(kind, data)
	var mixed: String = _first_present(data, PARTS[kind])
	if mixed != "":
		return Components.invalid("give either the columns or position/rotation/scale, not both ('%s')" % mixed)
	return _transform_from_columns(kind, data)


## How a tagged shape is written, for messages.
static func example(tag: String) -> String:
	var kind: int = type_of(tag)
	var body: String = ""
	if tag == LAYER_MASK:
		body = '"layers": [1, 3]'
	elif FIELDS.has(kind):
		body = _field_list(FIELDS[kind], "…")
	elif COLUMNS.has(kind):
		body = _field_list(COLUMNS[kind], "[…]")
	elif PACKED.has(kind):
		body = '"values": [[%s], …]' % ", ".join(PackedStringArray(FIELDS[PACKED[kind]]))
	elif kind == TYPE_NODE_PATH:
		body = '"path": "Player/Sprite2D"'
	return '{"type": "%s", %s}' % [tag, body]


static func _field_list(fields: Array, placeholder: String) -> String:
	var listed: PackedStringArray = []
	for field: String in fields:
		listed.append('"%s": %s' % [field, placeholder])
	return ", ".join(listed)


static func _list_codec_types() -> Array[int]:
	var kinds: Array[int] = [TYPE_TRANSFORM2D, TYPE_TRANSFORM3D, TYPE_NODE_PATH]
	for kind: Variant in FIELDS:
		kinds.append(int(kind))
	for kind: Variant in PACKED:
		kinds.append(int(kind))
	return kinds


static func _list_tagged_types() -> Array[int]:
	var tags: PackedStringArray = vocabulary()
	var kinds: Array[int] = []
	for kind: int in _codec_types:
		if tags.has(type_string(kind)):
			kinds.append(kind)
	return kinds


static func _only(data: Dictionary, allowed: Array, read: Callable) -> Result:
	var stray: String = Components.unexpected_key(data, allowed)
	if stray != "":
		return Components.invalid("unexpected field '%s'" % stray)
	if not data.has(allowed[0]):
		return Components.invalid("missing field '%s'" % allowed[0])
	return read.call()


static func _read_node_path(path: Variant) -> Result:
	if not path is String:
		return Components.invalid("'path' must be a string, got %s" % Components.describe(path))
	return Result.of(NodePath(path))


static func _read_packed(kind: int, items: Variant) -> Result:
	if not items is Array:
		return Components.invalid("'values' must be an array, got %s" % Components.describe(items))
	var element: int = PACKED[kind]
	var values: Array = []
	for index: int in (items as Array).size():
		var item: Variant = (items as Array)[index]
		var as_text: bool = element == TYPE_COLOR and item is String
		var read: Result = Components.read_color_text(item) if as_text else Components.read_fields(element, item)
		if read.failed():
			return read.within("values[%d]" % index)
		values.append(read.value)
	return Result.of(type_convert(values, kind))


static func _columns_json(value: Variant) -> Dictionary:
	if value is Transform2D:
		var flat: Transform2D = value
		return {
			"x": Components.components_json(flat.x),
			"y": Components.components_json(flat.y),
			"origin": Components.components_json(flat.origin)
		}
	var solid: Transform3D = value
	return {
		"x": Components.components_json(solid.basis.x),
		"y": Components.components_json(solid.basis.y),
		"z": Components.components_json(solid.basis.z),
		"origin": Components.components_json(solid.origin),
	}


static func _transform_from_columns(kind: int, data: Dictionary) -> Result:
	var column_kind: int = TYPE_VECTOR2 if kind == TYPE_TRANSFORM2D else TYPE_VECTOR3
	var vectors: Array = []
	for key: String in COLUMNS[kind]:
		if not data.has(key):
			return Components.invalid("missing column '%s'" % key)
		var read: Result = Components.read_fields(column_kind, data[key])
		if read.failed():
			return read.within("'%s'" % key)
		vectors.append(read.value)
	if kind == TYPE_TRANSFORM2D:
		return Result.of(Transform2D(vectors[0], vectors[1], vectors[2]))
	return Result.of(Transform3D(vectors[0], vectors[1], vectors[2], vectors[3]))


static func _transform_from_parts(kind: int, data: Dictionary) -> Result:
	var flat: bool = kind == TYPE_TRANSFORM2D
	var vector_kind: int = TYPE_VECTOR2 if flat else TYPE_VECTOR3
	var position: Result = _part(data, "position", vector_kind, 0.0)
	var scale: Result = _part(data, "scale", vector_kind, 1.0)
	var rotation: Result = _rotation(data, TYPE_FLOAT if flat else vector_kind)
	var skew: Result = _part(data, "skew", TYPE_FLOAT, 0.0)
	for part: Result in [position, scale, rotation, skew]:
		if part.failed():
			return part
	if flat:
		return Result.of(Transform2D(rotation.value, scale.value, skew.value, position.value))
	var basis: Basis = Basis.from_euler(rotation.value) * Basis.from_scale(scale.value)
	return Result.of(Transform3D(basis, position.value))


static func _rotation(data: Dictionary, kind: int) -> Result:
	if data.has("rotation") and data.has("rotation_degrees"):
		return Components.invalid("give 'rotation' (radians) or 'rotation_degrees', not both")
	if not data.has("rotation_degrees"):
		return _part(data, "rotation", kind, 0.0)
	var degrees: Result = _part(data, "rotation_degrees", kind, 0.0)
	return Result.of(degrees.value * (PI / 180.0)) if degrees.succeeded() else degrees


## An optional number (kind TYPE_FLOAT) or vector field; when absent, fill in every component.
static func _part(data: Dictionary, key: String, kind: int, fill: float) -> Result:
	if kind == TYPE_FLOAT:
		var number: Result = Components.real(data.get(key, fill))
		return number if number.succeeded() else Components.invalid("'%s' must be a number" % key)
	if not data.has(key):
		var filled: Array = []
		filled.resize((FIELDS[kind] as Array).size())
		filled.fill(fill)
		return Result.of(Components.build(kind, filled))
	return Components.read_fields(kind, data[key]).within("'%s'" % key)


static func _first_present(data: Dictionary, keys: Array) -> String:
	for key: String in keys:
		if data.has(key):
			return key
	return ""
