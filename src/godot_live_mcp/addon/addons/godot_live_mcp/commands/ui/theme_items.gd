@tool
extends RefCounted
## Theme items as the ui theme tools name them: a kind (color, constant, font_size, font, icon,
## stylebox), the theme type they style ("Button") and the item's name ("font_color"), with values
## read from JSON and reported back in the same shapes.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")

## Theme.DataType by kind name, in the engine's order.
const KINDS: Array[String] = ["color", "constant", "font", "font_size", "icon", "stylebox"]
const KIND := "enum(color|constant|font|font_size|icon|stylebox)"
## The class a file named by a font or icon value must have.
const FILE_CLASSES := {"font": "Font", "icon": "Texture2D"}
const STYLEBOX_CLASSES := {"flat": "StyleBoxFlat", "empty": "StyleBoxEmpty"}


## One item change: where it goes and, for a set, its engine value.
class ThemeItem:
	var data_type: int
	var type_name: String
	var name: String
	var value: Variant


## The items of a list of {kind, type, name, value} objects (value left out when with_values is
## false), every value checked; the failure of the first bad one names its index.
static func read_items(items: Array, with_values: bool) -> Result:
	var read: Array[ThemeItem] = []
	for index: int in items.size():
		var item: Dictionary = items[index] if items[index] is Dictionary else {}
		var entry: ThemeItem = ThemeItem.new()
		entry.data_type = KINDS.find(str(item.get("kind", "")))
		entry.type_name = str(item.get("type", ""))
		entry.name = str(item.get("name", ""))
		var problem: Result = Result.of()
		if entry.data_type < 0 or entry.type_name == "" or entry.name == "":
			problem = Result.fail(
				"INVALID_PARAMS",
				"An item needs kind, type and name.",
				'Example: {"kind": "color", "type": "Label", "name": "font_color", "value": "#ffcc00"}.'
			)
		elif with_values:
			problem = value_of(entry.data_type, item.get("value"))
			entry.value = problem.value
		if problem.failed():
			return problem.within("Item %d" % index)
		read.append(entry)
	return Result.of(read)


## The engine value of a JSON value for an item of data_type.
static func value_of(data_type: int, json: Variant) -> Result:
	var kind: String = KINDS[data_type]
	match kind:
		"color":
			return Coercion.from_json(json, TYPE_COLOR)
		"constant", "font_size":
			if json is float or json is int:
				return Result.of(int(json))
			return Result.fail("TYPE_MISMATCH", "A %s is a whole number." % kind, "Pass e.g. 16.")
		"stylebox":
			return stylebox(json)
	return _file_of(json, FILE_CLASSES[kind])


## A StyleBoxFlat or StyleBoxEmpty built from {class, bg_color, border_color, border_width, ...}.
static func stylebox(json: Variant) -> Result:
	var spec: Dictionary = json if json is Dictionary else {}
	var kind: String = str(spec.get("class", "flat"))
	if not STYLEBOX_CLASSES.has(kind):
		return Result.fail(
			"INVALID_PARAMS",
			"A stylebox value is an object with class flat or empty.",
			'Example: {"class": "flat", "bg_color": "#202020", "corner_radius": 6}.'
		)
	var box: StyleBox = ClassDB.instantiate(STYLEBOX_CLASSES[kind])
	if spec.has("content_margin"):
		box.set_content_margin_all(float(spec["content_margin"]))
	if box is StyleBoxFlat:
		var flat: StyleBoxFlat = box
		for property: String in ["bg_color", "border_color"]:
			if spec.has(property):
				var color: Result = Coercion.from_json(spec[property], TYPE_COLOR).within(property)
				if color.failed():
					return color
				flat.set(property, color.value)
		flat.set_border_width_all(int(spec.get("border_width", 0)))
		flat.set_corner_radius_all(int(spec.get("corner_radius", 0)))
	return Result.of(box)


## An item's value as JSON: colours as #rrggbb(aa), files by path, styleboxes by their main settings.
static func json_of(value: Variant) -> Variant:
	if value is Color:
		var color: Color = value
		return "#" + color.to_html(color.a < 1.0)
	if value is StyleBox:
		return _stylebox_json(value)
	if value is Resource:
		var resource: Resource = value
		return resource.resource_path if resource.resource_path.begins_with("res://") else resource.get_class()
	return value


static func _stylebox_json(box: StyleBox) -> Dictionary:
	var data: Dictionary = {"class": box.get_class(), "content_margin": box.get_content_margin(SIDE_LEFT)}
	if box is StyleBoxFlat:
		var flat: StyleBoxFlat = box
		data["bg_color"] = json_of(flat.bg_color)
		data["border_color"] = json_of(flat.border_color)
		data["border_width"] = flat.border_width_left
		data["corner_radius"] = flat.corner_radius_top_left
	return data


static func _file_of(json: Variant, type: String) -> Result:
	var path: Result = PathGuard.project_path(json)
	if path.failed():
		return path
	if not ResourceLoader.exists(path.value):
		return Result.fail("NOT_FOUND", "No resource at '%s'." % path.value, "resource_list lists %s files." % type)
	var loaded: Resource = ResourceLoader.load(path.value)
	if loaded == null or not loaded.is_class(type):
		return Result.fail("TYPE_MISMATCH", "'%s' is not a %s." % [path.value, type], "Pass a %s file." % type)
	return Result.of(loaded)
