extends RefCounted
## The base of every test file: its test_* methods (coroutines allowed) call the checks below. A failed
## check records what was expected and what came, and the test goes on; run.gd reports it.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

var failures: PackedStringArray = PackedStringArray()
## Nodes and objects a test made, freed by tear_down().
var _made: Array[Object] = []
var _expected_errors: PackedStringArray = PackedStringArray()


func check(condition: bool, what: String) -> void:
	if not condition:
		failures.append(what)


func equal(actual: Variant, expected: Variant, what: String = "") -> void:
	if typeof(actual) != typeof(expected) or actual != expected:
		failures.append(
			(
				"%s: expected %s (%s), got %s (%s)"
				% [what, _shown(expected), type_string(typeof(expected)), _shown(actual), type_string(typeof(actual))]
			)
		)


func has_text(text: String, part: String, what: String = "") -> void:
	if not text.contains(part):
		failures.append("%s: %s does not contain %s" % [what, JSON.stringify(text), JSON.stringify(part)])


## The value of a Result that must have succeeded (null, and a failure recorded, when it did not).
func value_of(result: Result, what: String = "") -> Variant:
	if result == null or result.failed():
		failures.append("%s: expected success, got %s" % [what, _result_text(result)])
		return null
	return result.value


## A Result that must have failed with code; its message ("" when it did not).
func failure_of(result: Result, code: String, what: String = "") -> String:
	if result == null or result.succeeded() or result.code != code:
		failures.append("%s: expected a %s failure, got %s" % [what, code, _result_text(result)])
		return ""
	if result.message == "":
		failures.append("%s: the %s failure has no message" % [what, code])
	return result.message


## Keeps object for tear_down() to free (nodes and plain Objects; RefCounted ones free themselves).
func made(object: Object) -> Object:
	_made.append(object)
	return object


## An engine error containing part is this test's doing, not a failure.
func expect_error(part: String) -> void:
	_expected_errors.append(part)


func expects(error: String) -> bool:
	for part: String in _expected_errors:
		if error.contains(part):
			return true
	return false


## Frees what made() kept; a test may override it to undo more (call the base too).
func tear_down() -> void:
	for object: Object in _made:
		if is_instance_valid(object) and not object is RefCounted:
			object.free()
	_made.clear()


static func _shown(value: Variant) -> String:
	return JSON.stringify(value) if value is Dictionary or value is Array or value is String else str(value)


static func _result_text(result: Result) -> String:
	if result == null:
		return "null"
	if result.succeeded():
		return "success %s" % _shown(result.value)
	return "%s: %s" % [result.code, result.message]
