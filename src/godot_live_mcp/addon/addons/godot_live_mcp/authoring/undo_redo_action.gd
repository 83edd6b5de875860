@tool
class_name MCPToolkitUndoRedoAction
extends RefCounted
## Records a change in the editor's undo history as "MCP: <what>". The context object picks the
## history: pass a node that is still in the edited scene (the parent of a node you removed, not
## the removed node) so the action lands in that scene's history; null means the global history.
## Usual pattern: apply the change, describe both directions, then commit_recorded(). Outside the
## editor (no undo system) every call is a no-op and is_active() is false.

## What every action's name starts with, so the history tells MCP's actions apart.
const PREFIX := "MCP: "

var _manager: EditorUndoRedoManager
var _committed: bool = false


static func begin(
	what: String, context: Object = null, merge: UndoRedo.MergeMode = UndoRedo.MERGE_DISABLE
) -> MCPToolkitUndoRedoAction:
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.new()
	action._manager = EditorInterface.get_editor_undo_redo() if Engine.is_editor_hint() else null
	if action._manager != null:
		action._manager.create_action(PREFIX + what, merge, context)
	return action


## False where there is no editor undo system to record into.
func is_active() -> bool:
	return _manager != null


func do_method(callable: Callable) -> MCPToolkitUndoRedoAction:
	if is_active():
		_add(_manager.add_do_method, callable)
	return self


func undo_method(callable: Callable) -> MCPToolkitUndoRedoAction:
	if is_active():
		_add(_manager.add_undo_method, callable)
	return self


func do_property(object: Object, property: StringName, value: Variant) -> MCPToolkitUndoRedoAction:
	if is_active():
		_manager.add_do_property(object, property, value)
	return self


func undo_property(object: Object, property: StringName, value: Variant) -> MCPToolkitUndoRedoAction:
	if is_active():
		_manager.add_undo_property(object, property, value)
	return self


## Keeps a newly created object alive while the action can be redone.
func do_reference(object: Object) -> MCPToolkitUndoRedoAction:
	if is_active():
		_manager.add_do_reference(object)
	return self


## Keeps a removed or replaced object alive while the action can be undone.
func undo_reference(object: Object) -> MCPToolkitUndoRedoAction:
	if is_active():
		_manager.add_undo_reference(object)
	return self


## The do side already happened: record the action without running it again.
func commit_recorded() -> void:
	_commit(false)


## Record the action and run its do side now.
func commit() -> void:
	_commit(true)


func _commit(execute: bool) -> void:
	if _committed:
		push_warning("godot_live_mcp: an undo action was committed twice; the second commit is ignored")
		return
	_committed = true
	if is_active():
		_manager.commit_action(execute)


func _add(adder: Callable, callable: Callable) -> void:
	var arguments: Array = [callable.get_object(), callable.get_method()]
	arguments.append_array(callable.get_bound_arguments())
	adder.callv(arguments)
