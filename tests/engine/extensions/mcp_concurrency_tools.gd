@tool
class_name McpConcurrencyTools
extends MCPToolkitExtension
## Test-only commands for the dispatch lanes: a read-modify-write mutation that loses updates unless
## mutations are serialized (its list lives in a metadata entry of the active scene's root), a plain
## and an exclusive read of that list, a mutation that overruns its deadline, and a scene-dependent
## read naming the active scene. Copied into the test project, never shipped.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")

## test.wedge runs still going, and those whose tail found itself cancelled (read by test.wedge_report).
var wedges_running: int = 0
var wedge_tails_cancelled: int = 0


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	var append_schema: Dictionary = (
		S
		. object(
			{
				"key": S.string("Metadata entry of the scene root holding the list."),
				"items": S.array(S.string(), "Strings appended one by one."),
				"hold_ms": S.integer("Wait between reading the list and writing it back.", 0, 0),
			},
			["key", "items"]
		)
	)
	registry.add(
		"test.append",
		_append,
		(
			MCPToolkitExtensionOptions
			. new("Append items to a list on the scene root, one read-modify-write each.")
			. with_input_schema(append_schema)
		)
	)
	var wedge_schema: Dictionary = S.object(
		{"key": S.string("Metadata entry to append 'wedge' to."), "ms": S.integer("How long it runs.", 2000, 0)},
		["key"]
	)
	registry.add(
		"test.wedge",
		_wedge,
		(
			MCPToolkitExtensionOptions
			. new("A mutation that overruns its 1 s deadline, then writes only if it was not cancelled.")
			. with_input_schema(wedge_schema)
			. with_timeout_ms(1000)
			. mark_cancellable()
		)
	)
	registry.add(
		"test.wedge_report",
		_wedge_report,
		(
			MCPToolkitExtensionOptions
			. new("How many test.wedge runs are still going.")
			. mark_read_only()
			. mark_scene_independent()
		)
	)
	registry.add(
		"test.scene_read",
		_scene_read,
		(
			MCPToolkitExtensionOptions
			. new("Name the active scene: a scene-dependent read with a 1 s deadline.")
			. with_input_schema(S.object({}))
			. with_timeout_ms(1000)
			. mark_read_only()
		)
	)
	var read_schema: Dictionary = S.object(
		{"key": S.string(), "clear": S.boolean("Remove the entry after reading.", false)}, ["key"]
	)
	registry.add("test.append_read", _read, _options("Read the list test.append wrote.", read_schema))
	registry.add(
		"test.exclusive_read",
		_read,
		_options("The same read, but exclusive: it waits for mutations.", read_schema).mark_exclusive_execution()
	)


func _options(description: String, schema: Dictionary) -> MCPToolkitExtensionOptions:
	return MCPToolkitExtensionOptions.new(description).with_input_schema(schema).mark_read_only()


## Each item: read the list, wait (a frame at least), write it back with the item. Two runs that
## overlap would lose one of the items.
func _append(params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	var key: StringName = StringName(str(params["key"]))
	var positions: Array[int] = []
	for item: Variant in params["items"]:
		var items: Array = root.get_meta(key, [])
		await _pause(int(params.get("hold_ms", 0)))
		positions.append(items.size())
		root.set_meta(key, items + [str(item)])
	return MCPToolkitSuccess.ok({"positions": positions})


## Runs past its deadline, then ends by itself (a handler that never ends would keep the addon's
## objects alive at editor exit); its tail writes nothing once the watchdog has cancelled it.
func _wedge(params: Dictionary, context: MCPToolkitToolContext) -> Dictionary:
	wedges_running += 1
	await _pause(int(params.get("ms", 2000)))
	wedges_running -= 1
	if context.is_cancelled():
		wedge_tails_cancelled += 1
		return MCPToolkitSuccess.ok({"wrote": false})
	var root: Node = EditorInterface.get_edited_scene_root()
	var key: StringName = StringName(str(params["key"]))
	root.set_meta(key, (root.get_meta(key, []) as Array) + ["wedge"])
	return MCPToolkitSuccess.ok({"wrote": true})


func _wedge_report(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"running": wedges_running, "tails_cancelled": wedge_tails_cancelled})


func _read(params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	var key: StringName = StringName(str(params["key"]))
	var items: Array = root.get_meta(key, [])
	if params.get("clear", false) and root.has_meta(key):
		root.remove_meta(key)
	return MCPToolkitSuccess.ok({"items": items})


func _scene_read(_params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	return MCPToolkitSuccess.ok({"scene": root.scene_file_path if root != null else ""})


func _pause(ms: int) -> void:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	if ms > 0:
		await tree.create_timer(ms / 1000.0).timeout
	else:
		await tree.process_frame
