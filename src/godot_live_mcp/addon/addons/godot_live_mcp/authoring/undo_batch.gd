@tool
extends RefCounted
## The undo actions of several commands collected into one (editor_batch). While it collects,
## MCPToolkitUndoRedoAction hands it every action instead of the editor's history; file_as() then
## records them as one action, or roll_back() undoes them and leaves the history as it was.
## All of a batch's actions go to one history: the first scene one, else the global one.

## Set when an action belongs to another scene's history than the batch's.
var conflict: String = ""
## The scene whose history the batch's action goes to ("" for the global history). The editor files
## an action by the active tab, so file_as() must run while that scene is active.
var scene: String = ""

## The committed actions, oldest first.
var _actions: Array[MCPToolkitUndoRedoAction] = []
var _context: Object = null
var _history: int = EditorUndoRedoManager.GLOBAL_HISTORY


func opened(action: MCPToolkitUndoRedoAction) -> void:
	if action.context == null:
		return
	var history: int = EditorInterface.get_editor_undo_redo().get_object_history_id(action.context)
	if history == EditorUndoRedoManager.GLOBAL_HISTORY:
		return
	if _history == EditorUndoRedoManager.GLOBAL_HISTORY:
		_history = history
		_context = action.context
		var root: Node = EditorInterface.get_edited_scene_root()
		scene = root.scene_file_path if root != null else ""
	elif history != _history and conflict == "":
		conflict = "it edits another scene than the batch's earlier steps"


func committed(action: MCPToolkitUndoRedoAction) -> void:
	_actions.append(action)


## How many actions were collected since the count was taken (a step's own).
func count() -> int:
	return _actions.size()


## Undo the actions collected after the first keep ones, newest first; nothing reaches the history.
func roll_back(keep: int = 0) -> void:
	while _actions.size() > keep:
		var action: MCPToolkitUndoRedoAction = _actions.pop_back()
		for call: Callable in action.undo_calls:
			call.call()
		for object: Object in action.do_references:
			_free_if_orphan(object, action)


## Record every collected action as one "MCP: <what>" action (their do sides already ran). False
## when there was nothing to record.
func file_as(what: String) -> bool:
	if _actions.is_empty():
		return false
	var combined: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, _context)
	for action: MCPToolkitUndoRedoAction in _actions:
		for call: Callable in action.do_calls:
			combined.do_method(call)
		for object: Object in action.do_references:
			combined.do_reference(object)
	for index: int in range(_actions.size() - 1, -1, -1):
		for call: Callable in _actions[index].undo_calls:
			combined.undo_method(call)
		for object: Object in _actions[index].undo_references:
			combined.undo_reference(object)
	combined.commit_recorded()
	return true


## A node the undone action created and no longer in the tree is freed, as the history would free it.
func _free_if_orphan(object: Object, action: MCPToolkitUndoRedoAction) -> void:
	if not is_instance_valid(object) or object is RefCounted or action.undo_references.has(object):
		return
	if object is Node and not (object as Node).is_inside_tree():
		object.free()
