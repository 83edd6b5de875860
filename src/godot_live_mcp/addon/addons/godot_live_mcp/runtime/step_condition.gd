@tool
extends RefCounted
## The condition of runtime.step_until: a Condition (runtime/conditions, docs/conditions.md) read once
## and checked after each stepped frame against the current scene (export-clean). It runs no code.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Condition := preload("res://addons/godot_live_mcp/runtime/conditions/condition.gd")
const ConditionScope := preload("res://addons/godot_live_mcp/runtime/conditions/condition_scope.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")

## The first failure of the condition ("" while it evaluates cleanly).
var failure: String = ""
var _failure_hint: String = ""
var _condition: Condition


## Reads text as the condition: OK, or PARSE_ERROR / INVALID_PARAMS with what is wrong.
func parse(text: String) -> Result:
	var compiled: Result = Condition.compile(text)
	if compiled.succeeded():
		_condition = compiled.value
	return compiled


## Whether the condition holds now; a failing one counts as holding (the step ends) and sets failure.
func holds() -> bool:
	var now: Result = _condition.holds(ConditionScope.new(RuntimeNodes.scene_root()))
	if now.failed():
		failure = now.message
		_failure_hint = now.hint
		return true
	return bool(now.value)


## EXECUTION_ERROR for the failure, after frames stepped frames.
func failed_after(frames: int) -> Result:
	var when: String = "before the first frame" if frames == 0 else "after frame %d" % frames
	return Result.fail("EXECUTION_ERROR", "The condition failed %s: %s" % [when, failure], _failure_hint)
