@tool
extends RefCounted
## A project setting changed the way the settings tools change one: written, saved to project.godot
## and recorded as "MCP: <what>" in the global history, one step that undo takes back whole. The
## setting keeps its place in project.godot; a failed save puts the old value back.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


## Sets key to value (null removes it), saves, and records the undo step. follow(key, value) runs
## after every write, undo and redo included, so the editor's own copies (its InputMap, its autoload
## list) keep up. The key on success, otherwise SAVE_FAILED.
static func apply(key: String, value: Variant, what: String, follow: Callable = Callable()) -> Result:
	var old: Variant = ProjectSettings.get_setting(key) if ProjectSettings.has_setting(key) else null
	var order: int = ProjectSettings.get_order(key) if old != null else -1
	var err: Error = _write(key, value, order, follow)
	if err != OK:
		_write(key, old, order, follow)
		return Result.fail(
			"SAVE_FAILED", "Could not save project.godot: %s." % error_string(err), "Check that the file is writable."
		)
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what)
	step.do_method(_write.bind(key, value, order, follow)).undo_method(_write.bind(key, old, order, follow))
	step.commit_recorded()
	return Result.of(key)


static func _write(key: String, value: Variant, order: int, follow: Callable) -> Error:
	ProjectSettings.set_setting(key, value)
	if value != null and order >= 0:
		ProjectSettings.set_order(key, order)
	if follow.is_valid():
		follow.call(key, value)
	return ProjectSettings.save()
