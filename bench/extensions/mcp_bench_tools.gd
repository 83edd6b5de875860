@tool
class_name McpBenchTools
extends MCPToolkitExtension
## Bench-only commands: a small mutation, one that holds the mutation lock until cancelled, and a
## read saying whether the lock is held. Copied into the bench's temporary project, never shipped.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")

var _holding: bool = false


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	registry.add(
		"bench.touch",
		_touch,
		MCPToolkitExtensionOptions.new("Count one more touch in a metadata entry of the active scene's root.")
	)
	registry.add(
		"bench.hold",
		_hold,
		(
			MCPToolkitExtensionOptions
			. new("Hold the mutation lock for ms milliseconds or until cancelled.")
			. with_input_schema(S.object({"ms": S.integer("How long to hold.", 10000, 0)}))
			. with_timeout_ms(60000)
			. mark_cancellable()
		)
	)
	registry.add(
		"bench.state",
		_state,
		MCPToolkitExtensionOptions.new("Whether bench.hold holds the lock.").mark_read_only().mark_scene_independent()
	)


func _touch(_params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	var touches: int = int(root.get_meta(&"bench_touches", 0)) + 1
	root.set_meta(&"bench_touches", touches)
	return MCPToolkitSuccess.ok({"touches": touches})


func _hold(params: Dictionary, context: MCPToolkitToolContext) -> Dictionary:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	var deadline: int = Time.get_ticks_msec() + int(params.get("ms", 10000))
	_holding = true
	while not context.is_cancelled() and Time.get_ticks_msec() < deadline:
		await tree.create_timer(0.05).timeout
	_holding = false
	return MCPToolkitSuccess.ok({"cancelled": context.is_cancelled()})


func _state(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"holding": _holding})
