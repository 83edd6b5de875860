@tool
extends RefCounted
## Runs a tool's work on the scene it targets (SceneTarget): that scene is the active tab while the
## work runs, so its nodes are inside the tree and its undo action lands in that scene's history
## (the editor files an action by the active scene); the previous tab comes back afterwards.
## A successful result names the scene it acted on.

const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")


## work: func(root: Node) -> Dictionary (may await). Returns its envelope; on success it names the
## scene (target's path unless work named one).
## Request intake pauses while another tab is shown, so no other command sees the switched tab.
static func run(params: Dictionary, work: Callable) -> Dictionary:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return target.error
	var previous: String = SceneTabs.active_path()
	var switching: bool = target.path != previous
	if switching:
		MainLoopGuard.hold()
	# Untyped on purpose: a handler that breaks must not skip the release below.
	var outcome: Variant = await _work_in(target, work)
	if switching:
		await SceneTabs.return_to(previous)
		MainLoopGuard.release()
	if not outcome is Dictionary:
		return MCPToolkitError.fail("INTERNAL", "The edit of '%s' failed unexpectedly." % target.path)
	var result: Dictionary = outcome
	if bool(result.get("success", false)) and not result.has("scene"):
		result["scene"] = target.path
	return result


static func _work_in(target: SceneTarget, work: Callable) -> Dictionary:
	if not await SceneTabs.switch_to(target.path):
		return MCPToolkitError.fail(
			"EDITOR_BUSY", "The editor did not switch to '%s' in time." % target.path, "Retry in a moment."
		)
	return await work.call(target.root)


## As run, for work that returns a Result (func(root: Node) -> Result); on success a Dictionary
## value names the scene it acted on.
static func edit(params: Dictionary, work: Callable) -> Result:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return Result.from_envelope(target.error)
	var previous: String = SceneTabs.active_path()
	var switching: bool = target.path != previous
	if switching:
		MainLoopGuard.hold()
	# Untyped on purpose: a handler that breaks must not skip the release below.
	var outcome: Variant = await _edit_in(target, work)
	if switching:
		await SceneTabs.return_to(previous)
		MainLoopGuard.release()
	if not outcome is Result:
		return Result.fail("INTERNAL", "The edit of '%s' failed unexpectedly." % target.path)
	var result: Result = outcome
	if result.succeeded() and result.value is Dictionary and not (result.value as Dictionary).has("scene"):
		result.value["scene"] = target.path
	return result


static func _edit_in(target: SceneTarget, work: Callable) -> Result:
	if not await SceneTabs.switch_to(target.path):
		return Result.fail(
			"EDITOR_BUSY", "The editor did not switch to '%s' in time." % target.path, "Retry in a moment."
		)
	return await work.call(target.root)
