@tool
extends RefCounted
## What an internal step that can fail returns (export-clean): a value, or a failure with a code
## of contract.json, a message and a hint. Command handlers return one too; the registry turns it
## into the response envelope at the wire.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## The success payload; a handler's is the Dictionary the caller receives.
var value: Variant = null
## "" on success, else one of contract.json's error codes.
var code: String = ""
var message: String = ""
var hint: String = ""


static func of(success_value: Variant = null) -> Result:
	var made: Result = Result.new()
	made.value = success_value
	return made


## A failure; without a hint it takes the code's default hint from the contract.
static func fail(failure_code: String, text: String, next_step: String = "") -> Result:
	var made: Result = Result.new()
	made.code = failure_code
	made.message = text
	made.hint = next_step if next_step != "" else MCPToolkitError.default_hint(failure_code)
	return made


## The failure carried by a response envelope ({"success": false, ...}), or its data on success.
static func from_envelope(envelope: Dictionary) -> Result:
	if bool(envelope.get("success", false)):
		var data: Dictionary = envelope.duplicate()
		data.erase("success")
		return of(data)
	return fail(str(envelope.get("code", "INTERNAL")), str(envelope.get("error", "")), str(envelope.get("hint", "")))


func failed() -> bool:
	return code != ""


func succeeded() -> bool:
	return code == ""


## The same failure with its place in front of the message ("Property 'size': …"), unless the
## message already begins with that place; a success is returned as it is.
func within(place: String) -> Result:
	if succeeded() or message.begins_with(place + ":"):
		return self
	return Result.fail(code, "%s: %s" % [place, message], hint)


## The response envelope: the Dictionary value with success = true, or the failure's fields.
func to_envelope() -> Dictionary:
	if failed():
		return MCPToolkitError.fail(code, message, hint)
	if value is Dictionary:
		return MCPToolkitSuccess.ok(value)
	return MCPToolkitSuccess.ok({} if value == null else {"value": value})
