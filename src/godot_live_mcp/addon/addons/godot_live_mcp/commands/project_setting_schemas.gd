@tool
extends RefCounted
## The published descriptions and schemas of project.get_setting / set_setting / list_settings.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const ProjectCommands := preload("res://addons/godot_live_mcp/commands/project_commands.gd")
const DEFAULT_LIMIT := 100


static func get_setting_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = S.object(
		{"name": S.string("Setting name, e.g. 'display/window/size/viewport_width'.")}, ["name"]
	)
	var output: Dictionary = _setting_schema()
	output["properties"]["default"] = S.any("The engine's default (absent for the project's own settings).")
	return (
		_options("Read one project setting: its value (typed JSON, see docs/coercion.md), type and default.")
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_read_only()
		. mark_idempotent()
	)


static func set_setting_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"name": S.string("Setting name, e.g. 'application/run/main_scene'; a new name creates the setting."),
				"value":
				S.any(
					(
						"The new value, read as the setting's type ({'type': 'Vector2', ...} tags for engine types)."
						+ " A new setting keeps the JSON type (whole numbers become ints). null resets an engine"
						+ " setting to its default and removes a project's own setting."
					)
				),
			},
			["name", "value"]
		)
	)
	var output: Dictionary = _setting_schema()
	output["required"] = ["name", "previous", "created", "removed"]
	(
		output["properties"]
		. merge(
			{
				"previous": S.any("The value before (null when the setting did not exist)."),
				"created": S.boolean("The setting did not exist before."),
				"removed": S.boolean("The setting no longer exists (a project setting set to null)."),
			}
		)
	)
	return (
		_options(
			(
				"Change (or create) a project setting and save project.godot; undoable with editor_undo"
				+ " history='global'. Input actions and autoloads have tools of their own."
			)
		)
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_idempotent()
	)


static func list_settings_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"prefix": S.string("Only settings whose name starts with this, e.g. 'display/window/'."),
				"changed_only":
				S.boolean("Only settings that differ from the engine default (what project.godot holds).", false),
				"offset": S.integer("Index of the first setting to return.", 0, 0),
				"limit": S.integer("How many settings to return at most.", DEFAULT_LIMIT, 1),
			}
		)
	)
	var entry: Dictionary = _setting_schema()
	entry["properties"]["value_omitted"] = S.string("Why value is missing: too large to list.")
	entry["required"] = ["name", "type", "is_default"]
	var output: Dictionary = S.page("settings", "offset", {"settings": S.array(entry, "Sorted by name.")}, ["settings"])
	return (
		_options("List project settings by name prefix, with their values and whether they differ from the default.")
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_read_only()
		. mark_idempotent()
	)


static func _options(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_group("project", ProjectCommands.GROUP_TEXT, ProjectCommands.KEYWORDS)
		. mark_scene_independent()
	)


static func _setting_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"name": S.string(),
				"value": S.any("Typed JSON (docs/coercion.md)."),
				"type": S.string("The Godot type of the value, e.g. 'String', 'Vector2i'."),
				"is_default": S.boolean("Equal to the engine's default (so not written in project.godot)."),
			},
			["name", "value", "type", "is_default"],
			true
		)
	)
