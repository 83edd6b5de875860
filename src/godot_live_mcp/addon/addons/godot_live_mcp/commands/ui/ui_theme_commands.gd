@tool
extends RefCounted
## ui.theme_* commands: Theme resource files, created and edited item by item (colours, constants,
## font sizes, fonts, icons, styleboxes per theme type) and read back paged. Writes are undoable in
## the global history. A theme is given to a Control with node_set_property (property 'theme').

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const ThemeItems := preload("res://addons/godot_live_mcp/commands/ui/theme_items.gd")

const GROUP := "ui"
const ITEM_KEYS := {
	"kind!": ThemeItems.KIND + ": What sort of item.",
	"type!": "string: The theme type it styles, e.g. 'Button', 'Label', 'PanelContainer'.",
	"name!": "string: The item, e.g. 'font_color', 'font_size', 'normal' (a stylebox), 'separation'.",
}
const ITEMS := [
	{"@": "array: Items to set."},
	ITEM_KEYS,
	{
		"value!":
		(
			"any: color: '#rrggbb' or [r, g, b]; constant, font_size: an integer; font, icon: a res:// file;"
			+ ' stylebox: {"class": "flat"|"empty", "bg_color", "border_color", "border_width", "corner_radius",'
			+ ' "content_margin"}.'
		),
	},
]
const ITEM_ROWS := [{"@": "array"}, {"kind!": "string", "type!": "string", "name!": "string", "value": "any"}]
const UNDO_TEXT := " Undo: editor_undo (history 'global')."
const DEFAULTS := {"marks": "scene_independent", "guard": ["path"], "target": "resource:Theme by ui_theme_create"}
const COMMANDS := {
	"ui.theme_create":
	{
		"text":
		(
			"Create a Theme resource file, optionally with items. Give it to a Control with node_set_property"
			+ ' (property "theme", value {"type": "Resource", "path": ...}).'
			+ UNDO_TEXT
		),
		"args":
		[
			{"path!": "string: Where to save it (res:// path ending in .tres).", "if_exists": "@if_exists"},
			{"default_font_size": "integer[1..4096]: Font size of every control that sets none.", "items": ITEMS},
		],
		"returns": [ProjectFiles.CHANGED, {"status": "@create_status", "item_count!": "integer"}],
		"target": "",
	},
	"ui.theme_set_items":
	{
		"text":
		(
			"Set items (colours, constants, font sizes, fonts, icons, styleboxes) of a Theme file, all checked"
			+ " before any is written."
			+ UNDO_TEXT
		),
		"args": {"path!": "string: The Theme file (res:// path).", "items!": ITEMS},
		"returns": [ProjectFiles.CHANGED, {"item_count!": "integer: Items the theme holds now."}],
		"marks": "idempotent scene_independent",
	},
	"ui.theme_remove_items":
	{
		"text": "Remove items from a Theme file; one it does not hold fails (NOT_FOUND), removing nothing." + UNDO_TEXT,
		"args":
		{"path!": "string: The Theme file (res:// path).", "items!": [{"@": "array: Items to remove."}, ITEM_KEYS]},
		"returns": [ProjectFiles.CHANGED, {"item_count!": "integer: Items the theme holds now."}],
		"marks": "destructive scene_independent",
	},
	"ui.theme_get":
	{
		"text": "Read a Theme file: its types and items (kind, type, name, value), paged.",
		"args":
		{
			"path!": "string: The Theme file (res:// path).",
			"type": "string: Only items of this theme type.",
			"offset": PageArgs.OFFSET % "item",
			"limit": PageArgs.LIMIT_100 % "items",
		},
		"returns":
		{
			"@page": "items offset",
			"path!": "string",
			"types!": "array<string>: Every theme type that has items.",
			"default_font_size!": "integer: -1 when unset.",
			"items!": ITEM_ROWS,
		},
		"marks": "read_only idempotent scene_independent",
	},
}


static func theme_create(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	var theme: Theme = Theme.new()
	var checked: Result = ResourceFile.savable_as(theme, path.value) if path.succeeded() else path
	var items: Result = ThemeItems.read_items(params.list("items"), true) if checked.succeeded() else checked
	var policy: Result = IfExists.read(params) if items.succeeded() else items
	if policy.failed():
		return policy
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy.value != IfExists.REPLACE:
		var kept: Result = ProjectFiles.load_resource(path.value, PackedStringArray(["Theme"]))
		var count: int = _count(kept.value) if kept.succeeded() else 0
		return IfExists.answer(policy.value, "The file '%s'" % path.value, {"path": path.value, "item_count": count})
	if params.has("default_font_size"):
		theme.default_font_size = params.integer("default_font_size")
	var saved: Result = await _write("Create theme %s" % path.value, theme, items.value, [], path.value)
	if saved.failed():
		return saved
	var status: String = "replaced" if existed else "created"
	return Result.of({"path": path.value, "status": status, "undoable": saved.value, "item_count": _count(theme)})


static func theme_set_items(params: CommandParams, file: CommandTarget) -> Result:
	var items: Result = ThemeItems.read_items(params.list("items"), true)
	if items.failed():
		return items
	var theme: Theme = file.resource
	var path: String = theme.resource_path
	var saved: Result = await _write("Set theme items of %s" % path, theme, items.value, [], path)
	if saved.failed():
		return saved
	return Result.of({"path": path, "undoable": saved.value, "item_count": _count(theme)})


static func theme_remove_items(params: CommandParams, file: CommandTarget) -> Result:
	var items: Result = ThemeItems.read_items(params.list("items"), false)
	if items.failed():
		return items
	var theme: Theme = file.resource
	for item: ThemeItems.ThemeItem in items.value:
		if not theme.has_theme_item(item.data_type, item.name, item.type_name):
			return Result.fail(
				"NOT_FOUND",
				(
					"The theme has no %s '%s' for type '%s'."
					% [ThemeItems.KINDS[item.data_type], item.name, item.type_name]
				),
				"ui_theme_get lists its items; nothing was removed."
			)
	var path: String = theme.resource_path
	var saved: Result = await _write("Remove theme items of %s" % path, theme, [], items.value, path)
	if saved.failed():
		return saved
	return Result.of({"path": path, "undoable": saved.value, "item_count": _count(theme)})


static func theme_get(params: CommandParams, file: CommandTarget) -> Result:
	var theme: Theme = file.resource
	var wanted: String = params.text("type")
	var rows: Array[Dictionary] = []
	for type_name: String in theme.get_type_list():
		if wanted == "" or type_name == wanted:
			rows.append_array(_rows_of(theme, type_name))
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "items", "items"
	)
	page.merge({"path": theme.resource_path, "types": Array(theme.get_type_list())})
	page["default_font_size"] = theme.default_font_size
	return Result.of(page)


static func _rows_of(theme: Theme, type_name: String) -> Array[Dictionary]:
	var rows: Array[Dictionary] = []
	for data_type: int in ThemeItems.KINDS.size():
		for name: String in theme.get_theme_item_list(data_type, type_name):
			var row: Dictionary = {"kind": ThemeItems.KINDS[data_type], "type": type_name, "name": name}
			row["value"] = ThemeItems.json_of(theme.get_theme_item(data_type, name, type_name))
			rows.append(row)
	return rows


static func _count(theme: Theme) -> int:
	var count: int = 0
	for type_name: String in theme.get_type_list():
		count += _rows_of(theme, type_name).size()
	return count


## Saves theme to path with the items set and removed, undoable (ProjectFiles.apply).
static func _write(what: String, theme: Theme, setting: Array, removing: Array, path: String) -> Result:
	return await ProjectFiles.apply(
		what, PackedStringArray([path]), _change_and_save.bind(theme, setting, removing, path)
	)


static func _change_and_save(theme: Theme, setting: Array, removing: Array, path: String) -> Error:
	for item: ThemeItems.ThemeItem in setting:
		theme.set_theme_item(item.data_type, item.name, item.type_name, item.value)
	for item: ThemeItems.ThemeItem in removing:
		theme.clear_theme_item(item.data_type, item.name, item.type_name)
	var folder_error: Error = DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	return folder_error if folder_error != OK else ResourceSaver.save(theme, path)
