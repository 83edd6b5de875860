@tool
class_name MCPToolkitUndoRedoAction
extends RefCounted
## Records a change in the editor's undo history as "MCP: <what>". The context object picks the
## history: pass a node that is still in the edited scene (the parent of a node you removed, not
## the removed node) so the action lands in that scene's history; null means the global history.
## Usual pattern: apply the change, describe both directions, then commit_recorded(). Outside the
## editor (no undo system) every call is a no-op and is_active() is false. While an UndoBatch
## collects (editor_batch), actions go to it instead: commit() runs the do side at once, and the
## batch files all of them as one action when it ends, or undoes them when a step fails.

const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const UndoLedger := preload("res://addons/godot_live_mcp/authoring/undo_ledger.gd")

## What every action's name starts with, so the history tells MCP's actions apart.
const PREFIX := "MCP: "

## What a collected action holds (see UndoLedger.collector): its context and both sides as Callables, in order.
var context: Object = null
var do_calls: Array[Callable] = []
var undo_calls: Array[Callable] = []
var do_references: Array[Object] = []
var undo_references: Array[Object] = []

var _manager: EditorUndoRedoManager
## The running plugin's ledger (EditorServices.undo): where this action is collected, where it landed.
var _ledger: UndoLedger = null
var _committed: bool = false
var _collecting: bool = false


static func begin(
	what: String, context: Object = null, merge: UndoRedo.MergeMode = UndoRedo.MERGE_DISABLE
) -> MCPToolkitUndoRedoAction:
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.new()
	action._manager = EditorInterface.get_editor_undo_redo() if Engine.is_editor_hint() else null
	action.context = context
	var services: EditorServices = EditorServices.current()
	action._ledger = services.undo if services != null else null
	action._collecting = action._manager != null and action._ledger != null and action._ledger.is_collecting()
	if action._collecting:
		action._ledger.collector.opened(action)
	elif action._manager != null:
		action._manager.create_action(PREFIX + what, merge, context)
	return action


## False where there is no editor undo system to record into.
func is_active() -> bool:
	return _manager != null


func do_method(callable: Callable) -> MCPToolkitUndoRedoAction:
	if _collecting:
		do_calls.append(callable)
	elif is_active():
		_add(_manager.add_do_method, callable)
	return self


func undo_method(callable: Callable) -> MCPToolkitUndoRedoAction:
	if _collecting:
		undo_calls.append(callable)
	elif is_active():
		_add(_manager.add_undo_method, callable)
	return self


func do_property(object: Object, property: StringName, value: Variant) -> MCPToolkitUndoRedoAction:
	if _collecting:
		do_calls.append(Callable(object, "set").bind(property, value))
	elif is_active():
		_manager.add_do_property(object, property, value)
	return self


func undo_property(object: Object, property: StringName, value: Variant) -> MCPToolkitUndoRedoAction:
	if _collecting:
		undo_calls.append(Callable(object, "set").bind(property, value))
	elif is_active():
		_manager.add_undo_property(object, property, value)
	return self


## Keeps a newly created object alive while the action can be redone.
func do_reference(object: Object) -> MCPToolkitUndoRedoAction:
	if _collecting:
		do_references.append(object)
	elif is_active():
		_manager.add_do_reference(object)
	return self


## Keeps a removed or replaced object alive while the action can be undone.
func undo_reference(object: Object) -> MCPToolkitUndoRedoAction:
	if _collecting:
		undo_references.append(object)
	elif is_active():
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
	if _collecting:
		if execute:
			for call: Callable in do_calls:
				call.call()
		if _ledger.is_collecting():  # not when its batch was cut by its deadline meanwhile
			_ledger.collector.committed(self)
		return
	if not is_active():
		return
	# The editor files the action in the active scene's history or in the global one: the one whose
	# version moved is where it went.
	var root: Node = EditorInterface.get_edited_scene_root()
	var scene_id: int = _manager.get_object_history_id(root) if root != null else EditorUndoRedoManager.GLOBAL_HISTORY
	var scene: UndoRedo = (
		_manager.get_history_undo_redo(scene_id) if scene_id != EditorUndoRedoManager.GLOBAL_HISTORY else null
	)
	var global: UndoRedo = _manager.get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY)
	var versions: Array[int] = [scene.get_version() if scene != null else 0, global.get_version()]
	var scene_path: String = root.scene_file_path if root != null else ""
	_manager.commit_action(execute)
	if _ledger == null:
		return
	if scene != null and scene.get_version() != versions[0]:
		_ledger.landing = {"history": "scene", "scene": scene_path}
	elif global.get_version() != versions[1]:
		_ledger.landing = {"history": "global"}


func _add(adder: Callable, callable: Callable) -> void:
	var arguments: Array = [callable.get_object(), callable.get_method()]
	arguments.append_array(callable.get_bound_arguments())
	adder.callv(arguments)
