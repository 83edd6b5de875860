@tool
extends RefCounted
## How tools name the type of a property, argument or return value from the engine's info
## dictionaries ({"type", "class_name", "hint", "hint_string", "usage"}), in the editor and the
## game alike (export-clean).


## "Vector2", "Node" (an object with a class), "Array[Node2D]", "Dictionary[String, int]",
## "Variant", or "void".
static func of(info: Dictionary) -> String:
	var type: int = int(info.get("type", TYPE_NIL))
	var hint: int = int(info.get("hint", PROPERTY_HINT_NONE))
	var hint_string: String = str(info.get("hint_string", ""))
	if type == TYPE_OBJECT:
		return _object_class(str(info.get("class_name", "")), hint, hint_string)
	if type == TYPE_ARRAY and hint == PROPERTY_HINT_ARRAY_TYPE and hint_string != "":
		return "Array[%s]" % hint_string
	if type == TYPE_DICTIONARY and hint == PROPERTY_HINT_DICTIONARY_TYPE and hint_string.contains(";"):
		return "Dictionary[%s]" % ", ".join(hint_string.split(";"))
	if type == TYPE_NIL:
		return "void" if int(info.get("usage", 0)) & PROPERTY_USAGE_NIL_IS_VARIANT == 0 else "Variant"
	return type_string(type)


## "name: Type" for each argument of a method or signal description.
static func arguments(args: Array) -> Array[String]:
	var named: Array[String] = []
	for arg: Dictionary in args:
		named.append("%s: %s" % [arg.get("name", ""), of(arg)])
	return named


## The class an object-typed value has: its declared class, else the resource type its hint names.
static func _object_class(declared: String, hint: int, hint_string: String) -> String:
	if declared != "":
		return declared
	if hint == PROPERTY_HINT_RESOURCE_TYPE and hint_string != "":
		return hint_string
	return "Object"
