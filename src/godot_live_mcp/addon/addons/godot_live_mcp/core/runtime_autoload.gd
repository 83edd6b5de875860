@tool
extends RefCounted
## The game-side runtime server is the autoload MCPRuntimeServer. Enabling the plugin adds it (an
## undoable editor action); loading the plugin re-asserts it when the project lost its entry, for
## instance because the plugin was enabled by editing project.godot; disabling removes it.

const NAME := "MCPRuntimeServer"
const PATH := "res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"
const SETTING := "autoload/" + NAME


static func is_registered() -> bool:
	return str(ProjectSettings.get_setting(SETTING, "")) == "*" + PATH


## Plugin enabled by the user: the standard, undoable registration.
static func add(plugin: EditorPlugin) -> void:
	if not is_registered():
		plugin.add_autoload_singleton(NAME, PATH)


## Plugin loaded: put a missing or stale entry back without an undo step the user never asked for.
static func heal() -> void:
	if is_registered():
		return
	ProjectSettings.set_setting(SETTING, "*" + PATH)
	var err: Error = ProjectSettings.save()
	if err != OK:
		push_error("godot_live_mcp: cannot save the %s autoload into project.godot: %s" % [NAME, error_string(err)])


## Plugin disabled: the game no longer gets the server (an undoable editor action).
static func remove(plugin: EditorPlugin) -> void:
	if ProjectSettings.has_setting(SETTING):
		plugin.remove_autoload_singleton(NAME)
