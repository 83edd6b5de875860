extends "unit_test.gd"
## Result: the one shape of a step that can fail.


func test_a_success_carries_its_value() -> void:
	var made: Result = Result.of({"a": 1})
	check(made.succeeded() and not made.failed(), "succeeded")
	equal(made.value, {"a": 1}, "value")
	equal(made.code, "", "code")


func test_a_failure_without_a_hint_takes_the_contract_default() -> void:
	var failed: Result = Result.fail("PATH_DENIED", "'/etc' is an absolute OS path.")
	check(failed.failed(), "failed")
	equal(failed.hint, MCPToolkitError.default_hint("PATH_DENIED"), "hint")
	check(failed.hint != "", "PATH_DENIED has a default hint")
	equal(Result.fail("PATH_DENIED", "x", "Use another.").hint, "Use another.", "a given hint wins")


func test_within_puts_the_place_in_front_once() -> void:
	var failed: Result = Result.fail("TYPE_MISMATCH", "Expected Vector2, got a string.")
	var placed: Result = failed.within("Property 'position'")
	equal(placed.message, "Property 'position': Expected Vector2, got a string.", "once")
	equal(placed.within("Property 'position'").message, placed.message, "twice is still once")
	equal(placed.within("Node 'Player'").message, "Node 'Player': " + placed.message, "an outer place")
	equal(placed.code, "TYPE_MISMATCH", "code kept")


func test_within_does_not_mistake_a_word_for_the_place() -> void:
	var failed: Result = Result.fail("INVALID_PARAMS", "'x' must be a number")
	equal(failed.within("'x'").message, "'x': 'x' must be a number", "a message that starts with the same word")


func test_within_leaves_a_success_alone() -> void:
	var made: Result = Result.of(3)
	check(made.within("anywhere") == made, "same object")


func test_to_envelope_is_the_wire_shape() -> void:
	equal(Result.of({"path": "res://a.tscn"}).to_envelope(), {"path": "res://a.tscn", "success": true}, "success")
	equal(Result.of().to_envelope(), {"success": true}, "no value")
	equal(Result.of(7).to_envelope(), {"value": 7, "success": true}, "a plain value")
	var envelope: Dictionary = Result.fail("NOT_FOUND", "No node 'X'.", "Look elsewhere.").to_envelope()
	equal(envelope, {"success": false, "error": "No node 'X'.", "code": "NOT_FOUND", "hint": "Look elsewhere."}, "")


func test_from_envelope_reads_both_halves() -> void:
	var ok: Result = Result.from_envelope({"success": true, "path": "res://a"})
	equal(value_of(ok), {"path": "res://a"}, "success data")
	var failed: Result = Result.from_envelope({"success": false, "error": "gone", "code": "NOT_FOUND", "hint": "h"})
	equal([failed.code, failed.message, failed.hint], ["NOT_FOUND", "gone", "h"], "failure fields")
