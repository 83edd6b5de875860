extends "unit_test.gd"
## editor_batch's references between steps: "$N.field", "$N.field/rest", "$$" for a plain "$".

const StepReferences := preload("res://addons/godot_live_mcp/authoring/step_references.gd")

var _results: Array[Dictionary] = [{"node_path": "Player", "size": 3, "rows": [{"name": "a"}, {"name": "b"}]}]


func test_a_whole_string_reference_is_the_value_itself() -> void:
	equal(value_of(StepReferences.resolve("$0.size", _results)), 3)
	equal(value_of(StepReferences.resolve("$0.rows.1.name", _results)), "b")


func test_a_path_after_the_field_is_appended() -> void:
	equal(value_of(StepReferences.resolve("$0.node_path/Sprite", _results)), "Player/Sprite")


func test_references_are_resolved_at_any_depth_and_other_text_is_left_alone() -> void:
	var given: Dictionary = {"a": ["$0.node_path", {"b": "$0.size"}], "c": "cost: $5", "d": "$$0.size", "e": 1}
	var resolved: Dictionary = value_of(StepReferences.resolve(given, _results))
	equal(resolved, {"a": ["Player", {"b": 3}], "c": "cost: $5", "d": "$0.size", "e": 1})


func test_a_missing_field_fails_naming_the_reference() -> void:
	has_text(failure_of(StepReferences.resolve({"x": "$0.nope"}, _results), "INVALID_PARAMS"), "'$0.nope'")
	failure_of(StepReferences.resolve("$0.rows.5.name", _results), "INVALID_PARAMS")


func test_the_steps_a_value_uses_are_listed() -> void:
	equal(StepReferences.used_by({"a": ["$2.node_path", "$$3.x"], "b": "$0.size/x"}), [2, 0])
