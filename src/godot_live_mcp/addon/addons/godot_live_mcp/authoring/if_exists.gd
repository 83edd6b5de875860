@tool
extends RefCounted
## The create policy every create-style tool takes: "return" (default: leave the existing target,
## status "returned"), "fail" (ALREADY_EXISTS) or "replace" (overwrite, status "replaced").
## A fresh creation reports status "created".

const RETURN := "return"
const FAIL := "fail"
const REPLACE := "replace"
const POLICIES: Array[String] = [RETURN, FAIL, REPLACE]

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")


## The policy asked for, or INVALID_PARAMS naming the three.
static func read(params: CommandParams) -> Result:
	var chosen: String = params.text("if_exists") if params.has("if_exists") else RETURN
	if chosen in POLICIES:
		return Result.of(chosen)
	return Result.fail("INVALID_PARAMS", "if_exists is '%s'; use one of %s." % [chosen, ", ".join(POLICIES)])


## The answer when the target exists and the policy is not "replace": data with status "returned",
## or ALREADY_EXISTS.
static func answer(chosen: String, what: String, data: Dictionary) -> Result:
	if chosen == FAIL:
		return Result.fail(
			"ALREADY_EXISTS",
			"%s already exists." % what,
			"Pass if_exists='replace' to overwrite it, or 'return' to keep it."
		)
	var result: Dictionary = data.duplicate()
	result["status"] = "returned"
	return Result.of(result)
