@tool
class_name McpTestTools
extends MCPToolkitExtension
## Test-only commands the engine tests need: contract breakers, oversized answers and a
## cancellable slow read. Copied into the test project, never shipped.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")

## How many times harness.slow_read saw its context cancelled (read by harness.cancel_report).
## An instance variable on purpose: a static var in an extension script leaks at editor exit (4.6).
var cancellations_seen: int = 0


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	registry.add("harness.broken_non_dict", _broken_non_dict, _read("Returns a number instead of a Dictionary."))
	registry.add("harness.broken_no_success", _broken_no_success, _read("Returns a Dictionary without 'success'."))
	registry.add("harness.echo", _echo, _read("Returns its parameters.").with_input_schema(S.object({}, [], true)))
	var big_schema: Dictionary = S.object({"bytes": S.integer("Size of the payload.", 1024, 0)})
	registry.add(
		"harness.big_response",
		_big_response,
		_read("Answers with a payload of the given size.").with_input_schema(big_schema)
	)
	registry.add("harness.slow_read", _slow_read, _read("Waits until cancelled (at most 20 s).").mark_cancellable())
	registry.add("harness.cancel_report", _cancel_report, _read("How often harness.slow_read saw a cancellation."))


func _read(description: String) -> MCPToolkitExtensionOptions:
	return MCPToolkitExtensionOptions.new(description).mark_read_only().mark_scene_independent()


func _broken_non_dict(_params: Dictionary) -> Variant:
	return 42


func _broken_no_success(_params: Dictionary) -> Dictionary:
	return {"data": 1}


func _echo(params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"params": params})


func _big_response(params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"payload": "x".repeat(int(params.get("bytes", 1024)))})


func _slow_read(_params: Dictionary, context: MCPToolkitToolContext) -> Dictionary:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	for step: int in 200:
		if context.is_cancelled():
			cancellations_seen += 1
			return MCPToolkitSuccess.ok({"cancelled_after_steps": step})
		await tree.create_timer(0.1).timeout
	return MCPToolkitSuccess.ok({"cancelled_after_steps": -1})


func _cancel_report(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"cancellations_seen": cancellations_seen})
