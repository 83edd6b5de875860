@tool
class_name McpConcurrencyTools
extends MCPToolkitExtension
## Test-only commands for the dispatch lanes: a read-modify-write mutation that loses updates unless
## mutations are serialized (its list lives in a metadata entry of the active scene's root), a plain
## and an exclusive read of that list, a mutation that overruns its deadline, and a scene-dependent
## read naming the active scene. Copied into the test project, never shipped.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")

## harness.wedge runs still going, and those whose tail found itself cancelled (read by harness.wedge_report).
var wedges_running: int = 0
var wedge_tails_cancelled: int = 0
## Keys a harness.hold holds the mutation lane for -> whether harness.hold_release let it go.
var holds: Dictionary = {}


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
		"harness.append",
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
		"harness.wedge",
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
		"harness.wedge_report",
		_wedge_report,
		(
			MCPToolkitExtensionOptions
			. new("How many harness.wedge runs are still going.")
			. mark_read_only()
			. mark_scene_independent()
		)
	)
	var hold_schema: Dictionary = S.object({"key": S.string("Metadata entry to append 'held' to.")}, ["key"])
	registry.add(
		"harness.hold",
		_hold,
		(
			MCPToolkitExtensionOptions
			. new("A mutation that holds the lane until harness.hold_release names its key (20 s at most).")
			. with_input_schema(hold_schema)
			. with_timeout_ms(30000)
		)
	)
	var release_schema: Dictionary = S.object(
		{"key": S.string(), "release": S.boolean("Let it go; false only asks.", true)}, ["key"]
	)
	registry.add(
		"harness.hold_release",
		_hold_release,
		_options("Whether a harness.hold of this key holds; lets it go.", release_schema).mark_scene_independent()
	)
	registry.add(
		"harness.scene_read",
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
	registry.add("harness.append_read", _read, _options("Read the list harness.append wrote.", read_schema))
	registry.add(
		"harness.exclusive_read",
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


## Holds the mutation lane until released (a state the test sets, not a time), then appends 'held'.
func _hold(params: Dictionary) -> Dictionary:
	var key: String = str(params["key"])
	holds[key] = false
	var deadline: int = Time.get_ticks_msec() + 20000
	while not holds[key] and Time.get_ticks_msec() < deadline:
		await _pause(0)
	var released: bool = holds[key]
	holds.erase(key)
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	root.set_meta(StringName(key), (root.get_meta(StringName(key), []) as Array) + ["held"])
	return MCPToolkitSuccess.ok({"released": released})


func _hold_release(params: Dictionary) -> Dictionary:
	var key: String = str(params["key"])
	var holding: bool = holds.has(key) and not holds[key]
	if holding and params.get("release", true):
		holds[key] = true
	return MCPToolkitSuccess.ok({"holding": holding})


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
