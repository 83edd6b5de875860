@tool
extends RefCounted
## Runs a tool's work on the scene it targets (SceneTarget): that scene is the active tab while the
## work runs, so its nodes are inside the tree and its undo action lands in that scene's history
## (the editor files an action by the active scene); the previous tab comes back afterwards.
## A successful result names the scene it acted on.

const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")


## work: func(root: Node) -> Result (may await), run on the scene params["scene"] names (the active
## one by default). On success a Dictionary value names the scene (target's path unless work named
## one). Request intake pauses while another tab is shown, so no other command sees the switched tab.
static func edit(params: Dictionary, work: Callable) -> Result:
	var found: Result = SceneTarget.require(str(params.get("scene", "")))
	if found.failed():
		return found
	var target: SceneTarget = found.value
	var previous: String = SceneTabs.active_path()
	var switching: bool = target.path != previous
	# Static because every command module edits through it; the guard is this editor's (EditorServices).
	var main_loop: MainLoopGuard = EditorServices.current().main_loop
	if switching:
		main_loop.hold()
	# Untyped on purpose: a handler that breaks must not skip the release below.
	var outcome: Variant = await _edit_in(target, work)
	if switching:
		await SceneTabs.return_to(previous)
		main_loop.release()
	if not outcome is Result:
		return Result.fail("INTERNAL", "The edit of '%s' failed unexpectedly." % target.path)
	var result: Result = outcome
	if result.succeeded() and result.value is Dictionary and not (result.value as Dictionary).has("scene"):
		result.value["scene"] = target.path
	return result


static func _edit_in(target: SceneTarget, work: Callable) -> Result:
	var shown: Result = await SceneTabs.activate(target.path)
	return shown if shown.failed() else await work.call(target.root)
