@tool
extends RefCounted
## What an operator or a read of a condition returns instead of a value when it cannot apply
## (export-clean): made only on failure, so the evaluation of a condition that holds allocates nothing.

const ConditionFailure := preload("res://addons/godot_live_mcp/runtime/conditions/condition_failure.gd")

var why: String


static func because(reason: String) -> ConditionFailure:
	var made: ConditionFailure = ConditionFailure.new()
	made.why = reason
	return made
