@tool
extends RefCounted
## A declared type to coerce into: a Variant type with its property hint, hint string and class, and for a
## Node-typed value the node whose scene its path is read in. A typed Array or Dictionary gives the targets of
## its elements. Export-clean.

const CoercionTarget := preload("res://addons/godot_live_mcp/contract/coercion_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CoercionResources := preload("res://addons/godot_live_mcp/contract/coercion_resources.gd")
const CoercionTags := preload("res://addons/godot_live_mcp/contract/coercion_tags.gd")

const CLASS_HINTS: Array[int] = [PROPERTY_HINT_RESOURCE_TYPE, PROPERTY_HINT_NODE_TYPE]

var type: int = TYPE_NIL
var hint: int = PROPERTY_HINT_NONE
var hint_string: String = ""
## The class an Object value must have ("" for any): a built-in class or a script's class_name, or
## several separated by commas ("CanvasItemMaterial,ShaderMaterial"), any one of which will do.
var object_class: String = ""
## Node paths in a Node-typed value are read in this node's scene.
var base: Node = null


func _init(
	variant_type: int = TYPE_NIL,
	property_hint: int = PROPERTY_HINT_NONE,
	property_hint_string: String = "",
	required_class: String = "",
	base_node: Node = null,
) -> void:
	type = variant_type
	hint = property_hint
	hint_string = property_hint_string
	object_class = required_class
	base = base_node


## The target of an entry of holder.get_property_list().
static func of_property(info: Dictionary, holder: Object) -> CoercionTarget:
	var kind: int = int(info["type"])
	var required: String = str(info.get("class_name", "")) if kind == TYPE_OBJECT else ""
	return CoercionTarget.new(kind, int(info["hint"]), str(info["hint_string"]), required, holder as Node)


## The classes an Object value may have (any one of them); empty when any object will do.
func classes() -> PackedStringArray:
	var listed: String = object_class
	if listed == "" and type == TYPE_OBJECT and CLASS_HINTS.has(hint):
		listed = hint_string
	var names: PackedStringArray = PackedStringArray()
	for name: String in listed.split(",", false):
		names.append(name.strip_edges())
	return names


## True for an Object type whose value is a node (given as a path in the scene).
func wants_node() -> bool:
	if type != TYPE_OBJECT:
		return false
	if hint == PROPERTY_HINT_NODE_TYPE:
		return true
	for name: String in classes():
		if ClassDB.is_parent_class(CoercionResources.native_class(name), "Node"):
			return true
	return false


## What is expected, for messages: "Vector2", "Texture2D", "int or one of the names A, B, C".
func expected_name() -> String:
	if type == TYPE_OBJECT and not classes().is_empty():
		return " or ".join(classes())
	if type == TYPE_INT and hint == PROPERTY_HINT_ENUM:
		return "int or one of the names " + ", ".join(enum_names())
	if type == TYPE_INT and CoercionTags.is_layer_hint(hint):
		return "a layer bitmask (int) or a list of layer numbers 1 to %d" % CoercionTags.LAYER_COUNT
	return type_string(type)


## The value of a name of an enum hint ("Clear Color,Sky:2"): the name written (clear_color) or the label,
## in any case; TYPE_MISMATCH naming the names when it is none of them.
func enum_value(name: String) -> Result:
	var entries: Dictionary = _enum_entries()
	if entries.has(name):
		return Result.of(entries[name])
	for label: String in entries:
		if enum_label_name(label) == enum_label_name(name):
			return Result.of(entries[label])
	return Result.fail("TYPE_MISMATCH", "'%s' is not one of %s." % [name, ", ".join(enum_names())])


## The name an enum value is written as: its label in the hint, lower case, words joined by "_"
## (background_mode 2 of "Clear Color,Custom Color,Sky" is "sky"); the number itself when no label has it.
func enum_name(value: int) -> Variant:
	var entries: Dictionary = _enum_entries()
	for label: String in entries:
		if int(entries[label]) == value:
			return enum_label_name(label)
	return value


## The names of the enum's values, as they are written.
func enum_names() -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray()
	for label: String in _enum_entries():
		names.append(enum_label_name(label))
	return names


## "Clear Color" -> "clear_color", "Per-Pixel" -> "per_pixel", "AgX" -> "agx".
static func enum_label_name(label: String) -> String:
	var words: PackedStringArray = PackedStringArray()
	var word: String = ""
	for character: String in label.to_lower():
		if (character >= "a" and character <= "z") or (character >= "0" and character <= "9"):
			word += character
		elif word != "":
			words.append(word)
			word = ""
	if word != "":
		words.append(word)
	return "_".join(words)


## The target of a typed Array's elements (a TYPE_NIL target when the array is untyped).
func element_target() -> CoercionTarget:
	return _spec_target(hint_string if _declares_elements() else "")


func key_target() -> CoercionTarget:
	return _spec_target(hint_string.get_slice(";", 0) if _declares_elements() else "")


func value_target() -> CoercionTarget:
	return _spec_target(hint_string.get_slice(";", 1) if _declares_elements() else "")


## items as the declared typed Array (Array[int], Array[Texture2D], …), or as they are when untyped.
func typed_array(items: Array) -> Array:
	var element: Array = _typed_parts(element_target())
	if not _is_typed() or int(element[0]) == TYPE_NIL:
		return items
	return Array(items, element[0], element[1], element[2])


## entries as the declared typed Dictionary, or as they are when untyped.
func typed_dictionary(entries: Dictionary) -> Dictionary:
	var key: Array = _typed_parts(key_target())
	var value: Array = _typed_parts(value_target())
	if not _is_typed() or (int(key[0]) == TYPE_NIL and int(value[0]) == TYPE_NIL):
		return entries
	return Dictionary(entries, key[0], key[1], key[2], value[0], value[1], value[2])


## The Variant type named by a built-in type name ("int", "Vector2", "PackedInt32Array"), or TYPE_NIL.
static func builtin_type(name: String) -> int:
	for kind: int in range(1, TYPE_MAX):
		if type_string(kind) == name:
			return kind
	return TYPE_NIL


func _declares_elements() -> bool:
	var container: bool = type == TYPE_ARRAY or type == TYPE_DICTIONARY
	var typed_hint: bool = hint in [PROPERTY_HINT_ARRAY_TYPE, PROPERTY_HINT_DICTIONARY_TYPE, PROPERTY_HINT_TYPE_STRING]
	return container and typed_hint


## Scripts declare typed containers with ARRAY_TYPE/DICTIONARY_TYPE ("int", "int;Vector2") or, when exported,
## with TYPE_STRING ("2:", "24/17:Texture2D"); a TYPE_STRING hint of a bare name only describes the items.
func _is_typed() -> bool:
	return _declares_elements() and (hint != PROPERTY_HINT_TYPE_STRING or hint_string.contains(":"))


## A target from one element spec: "int", "Texture2D", "PlayerStats", "2:", "24/17:Texture2D", "2/2:A,B".
func _spec_target(spec: String) -> CoercionTarget:
	if spec == "" or spec == "Variant":
		return CoercionTarget.new(TYPE_NIL, PROPERTY_HINT_NONE, "", "", base)
	if not spec.contains(":"):
		var builtin: int = builtin_type(spec)
		var required: String = spec if builtin == TYPE_NIL else ""
		return CoercionTarget.new(
			TYPE_OBJECT if builtin == TYPE_NIL else builtin, PROPERTY_HINT_NONE, "", required, base
		)
	var head: String = spec.get_slice(":", 0)
	var rest: String = spec.substr(head.length() + 1)
	var kind: int = head.get_slice("/", 0).to_int()
	var sub_hint: int = head.get_slice("/", 1).to_int() if head.contains("/") else PROPERTY_HINT_NONE
	var required_class: String = rest if kind == TYPE_OBJECT and CLASS_HINTS.has(sub_hint) else ""
	return CoercionTarget.new(kind, sub_hint, rest, required_class, base)


## [Variant type, native class, script] for the typed Array/Dictionary constructors.
func _typed_parts(target: CoercionTarget) -> Array:
	if target.type != TYPE_OBJECT:
		return [target.type, &"", null]
	var native: String = CoercionResources.native_class(target.object_class)
	var script: Script = (
		null if ClassDB.class_exists(target.object_class) else CoercionResources.script_class(target.object_class)
	)
	return [TYPE_OBJECT, StringName(native if native != "" else "Object"), script]


func _enum_entries() -> Dictionary:
	var entries: Dictionary = {}
	var next: int = 0
	for entry: String in hint_string.split(",", false):
		var value: int = entry.get_slice(":", 1).to_int() if entry.contains(":") else next
		entries[entry.get_slice(":", 0).strip_edges()] = value
		next = value + 1
	return entries
