@tool
extends RefCounted
## editor.undo / editor.redo / editor.get_history: the editor's own undo histories, one per open
## scene (node edits) plus the global one (project settings, input map, autoloads).
## Steps go straight to the history's UndoRedo: the engine exposes no scripted way to ask the
## editor's undo manager itself, so its Undo menu may lag one step behind an undo made here.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")

const GROUP := "editor"
const HISTORY := (
	'enum(scene|global)="scene": Which history: the scene\'s (node edits) or the global one'
	+ " (project settings, input map, autoloads)."
)
## Where a step without scene and history goes (the server aims it; see the steps_history mark).
const UNTARGETED := " Without scene and history: the history your own last change went to (else the active tab's)."
## Which history a tool works on.
const TARGET := {"scene": "@scene", "history": HISTORY}
## Whether an MCP tool made an action.
const BY_MCP := "boolean: Whether an MCP tool made that action."
const STEP := [
	{"action!": "string: Name of the action stepped over.", "history!": "enum(scene|global)"},
	{"scene!": "string: The scene whose history was stepped ('' for the global history).", "by_mcp!": BY_MCP},
]
const ACTIONS := {
	"@": "array: Newest first.", "index!": "integer", "name!": "string", "by_mcp!": BY_MCP, "applied!": "boolean"
}
## What undo and redo share (editor.get_history declares its own).
const DEFAULTS := {"args": TARGET, "returns": STEP, "marks": "steps_history"}
const COMMANDS := {
	"editor.undo":
	{
		"text":
		(
			"Undo the latest action of a scene's undo history (node edits) or of the global one"
			+ " (project settings, input map, autoloads), exactly like the editor's Undo."
			+ UNTARGETED
		),
	},
	"editor.redo":
	{
		"text": "Redo the latest undone action of a scene's (or the global) undo history." + UNTARGETED,
	},
	"editor.get_history":
	{
		"text":
		(
			"List an undo history newest first, marking the actions MCP tools made ('MCP: ...') and"
			+ " which are applied. Use before editor_undo to see what it would undo."
		),
		"args":
		[
			TARGET,
			{"offset": "integer[0..]=0: How many of the newest actions to skip."},
			{"limit": "integer[1..10000]=50: How many actions to list, newest first."},
		],
		"returns":
		[
			{"@page": "actions offset", "actions!": ACTIONS, "history!": "enum(scene|global)"},
			{"scene": "string", "current!": "integer: Index of the newest applied action (-1: none)."},
			{"total": "integer: Same as total_actions."},
		],
		"marks": "read_only idempotent",
	},
}


static func undo(params: CommandParams) -> Result:
	return await _in_history(params, _step.bind(true))


static func redo(params: CommandParams) -> Result:
	return await _in_history(params, _step.bind(false))


static func get_history(params: CommandParams) -> Result:
	return await _in_history(params, _list.bind(params.integer("offset"), params.integer("limit")))


## Runs job(history: UndoRedo, label, scene) -> Result on the history params name. A scene's history
## is used while that scene is the active tab (SceneEdit): the editor files and steps it there.
static func _in_history(params: CommandParams, job: Callable) -> Result:
	var manager: EditorUndoRedoManager = EditorInterface.get_editor_undo_redo()
	if params.text("history") == "global":
		return job.call(manager.get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY), "global", "")
	var in_scene: Callable = func(root: Node) -> Result:
		var history: UndoRedo = manager.get_history_undo_redo(manager.get_object_history_id(root))
		return job.call(history, "scene", root.scene_file_path)
	return await SceneEdit.edit(params.raw, in_scene)


static func _step(history: UndoRedo, label: String, scene: String, backwards: bool) -> Result:
	var possible: bool = history.has_undo() if backwards else history.has_redo()
	if not possible:
		var which: String = "The global history" if label == "global" else "The history of %s" % _named(scene)
		return Result.fail(
			"NOTHING_TO_UNDO", "%s has nothing to %s." % [which, "undo" if backwards else "redo"], _elsewhere(label)
		)
	var action_name: String = (
		history.get_current_action_name() if backwards else history.get_action_name(history.get_current_action() + 1)
	)
	var done: bool = history.undo() if backwards else history.redo()
	if not done:
		return Result.fail("INVALID_STATE", "The editor refused to step the %s history." % label)
	return Result.of({"action": action_name, "history": label, "scene": scene, "by_mcp": _by_mcp(action_name)})


static func _list(history: UndoRedo, label: String, scene: String, offset: int, limit: int) -> Result:
	var current: int = history.get_current_action()
	var actions: Array[Dictionary] = []
	for index: int in range(history.get_history_count() - 1, -1, -1):
		var action_name: String = history.get_action_name(index)
		var row: Dictionary = {"index": index, "name": action_name, "by_mcp": _by_mcp(action_name)}
		row["applied"] = index <= current
		actions.append(row)
	var page: Dictionary = Pagination.list_page(actions, offset, limit, "actions", "actions")
	page.merge({"history": label, "scene": scene, "current": current, "total": actions.size()})
	return Result.of(page)


static func _named(scene: String) -> String:
	return scene if scene != "" else "the unsaved active scene"


## Where else the action may be: node edits are in their scene's history, the rest in the global one.
static func _elsewhere(label: String) -> String:
	if label == "global":
		return "Node edits are in their scene's history: pass scene (editor_get_history lists a history)."
	return (
		"Pass the scene the edit went to (scene_list_open lists them), or history 'global' for project"
		+ " settings, input map and autoloads; editor_get_history lists a history."
	)


static func _by_mcp(action_name: String) -> bool:
	return action_name.begins_with(MCPToolkitUndoRedoAction.PREFIX)
