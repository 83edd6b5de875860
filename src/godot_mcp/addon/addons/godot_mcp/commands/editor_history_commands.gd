@tool
extends RefCounted
## editor.undo / editor.redo / editor.get_history: the editor's own undo histories, per open scene
## (node edits) or global (project settings, input map, autoloads, files).

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")
const SceneTarget := preload("res://addons/godot_mcp/authoring/scene_target.gd")
const MCP_PREFIX := "MCP: "


static func register(registry: MCPToolkitCommandRegistry) -> void:
	var target: Dictionary = {
		"scene": S.scene(),
		"history":
		S.enum_of(["scene", "global"], "Which history: the scene's (node edits) or the global one.", "scene"),
	}
	registry.add(
		"editor.undo",
		undo,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description("Undo the latest action of a scene's (or the global) undo history.")
			. with_input_schema(S.object(target))
			. with_output_schema(_step_schema())
		)
	)
	registry.add(
		"editor.redo",
		redo,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description("Redo the latest undone action of a scene's (or the global) undo history.")
			. with_input_schema(S.object(target))
			. with_output_schema(_step_schema())
		)
	)
	var history_params: Dictionary = target.duplicate()
	history_params["limit"] = S.integer("How many actions to list, newest first.", 50, 1)
	registry.add(
		"editor.get_history",
		get_history,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				"List an undo history newest first, marking the actions MCP tools made and the current position."
			)
			. with_input_schema(S.object(history_params))
			. with_output_schema(_history_schema())
			. mark_read_only()
			. mark_idempotent()
		)
	)


static func undo(params: Dictionary) -> Dictionary:
	return _step(params, true)


static func redo(params: Dictionary) -> Dictionary:
	return _step(params, false)


static func get_history(params: Dictionary) -> Dictionary:
	var chosen: Dictionary = _history(params)
	if chosen.has("error"):
		return chosen["error"]
	var history: UndoRedo = chosen["undo_redo"]
	var current: int = history.get_current_action()
	var actions: Array[Dictionary] = []
	var count: int = history.get_history_count()
	for index: int in range(count - 1, maxi(count - int(params.get("limit", 50)), 0) - 1, -1):
		var action_name: String = history.get_action_name(index)
		actions.append(
			{
				"index": index,
				"name": action_name,
				"by_mcp": action_name.begins_with(MCP_PREFIX),
				"applied": index <= current
			}
		)
	return MCPToolkitSuccess.ok(
		{"history": chosen["label"], "scene": chosen["scene"], "current": current, "total": count, "actions": actions}
	)


static func _step(params: Dictionary, backwards: bool) -> Dictionary:
	var chosen: Dictionary = _history(params)
	if chosen.has("error"):
		return chosen["error"]
	var history: UndoRedo = chosen["undo_redo"]
	var possible: bool = history.has_undo() if backwards else history.has_redo()
	if not possible:
		var what: String = "undo" if backwards else "redo"
		return MCPToolkitError.fail(
			"NOTHING_TO_UNDO",
			"The %s history has nothing to %s." % [chosen["label"], what],
			"editor_get_history lists what it holds."
		)
	var action_name: String = (
		history.get_current_action_name() if backwards else history.get_action_name(history.get_current_action() + 1)
	)
	var done: bool = history.undo() if backwards else history.redo()
	if not done:
		return MCPToolkitError.fail("INVALID_STATE", "The editor refused to step the %s history." % chosen["label"])
	return MCPToolkitSuccess.ok(
		{
			"action": action_name,
			"history": chosen["label"],
			"scene": chosen["scene"],
			"by_mcp": action_name.begins_with(MCP_PREFIX)
		}
	)


## {"undo_redo": UndoRedo, "label": "scene"|"global", "scene": path} or {"error": envelope}.
static func _history(params: Dictionary) -> Dictionary:
	var manager: EditorUndoRedoManager = EditorInterface.get_editor_undo_redo()
	if str(params.get("history", "scene")) == "global":
		return {
			"undo_redo": manager.get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY),
			"label": "global",
			"scene": ""
		}
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return {"error": target.error}
	var id: int = manager.get_object_history_id(target.root)
	return {"undo_redo": manager.get_history_undo_redo(id), "label": "scene", "scene": target.path}


static func _step_schema() -> Dictionary:
	return S.object(
		{
			"action": S.string("Name of the action stepped over."),
			"history": S.string(),
			"scene": S.string(),
			"by_mcp": S.boolean()
		},
		["action"],
		true
	)


static func _history_schema() -> Dictionary:
	var action: Dictionary = S.object(
		{"index": S.integer(), "name": S.string(), "by_mcp": S.boolean(), "applied": S.boolean()}, [], true
	)
	return S.object(
		{
			"history": S.string(),
			"scene": S.string(),
			"current": S.integer(),
			"total": S.integer(),
			"actions": S.array(action)
		},
		["actions"],
		true
	)
