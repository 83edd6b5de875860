extends "unit_test.gd"
## The scene lease: one active tab shared between peers, with a stand-in for the editor's tabs.

const SceneLease := preload("res://addons/godot_live_mcp/dispatch/scene_lease.gd")

const A := "res://a.tscn"
const B := "res://b.tscn"
const EDIT := "node.create"


## The editor's tabs as the lease sees them: the scenes open, the active one, the switches asked for.
class FakeTabs:
	extends SceneLease.Tabs
	var open: PackedStringArray = PackedStringArray()
	var active: String = ""
	var switches: PackedStringArray = PackedStringArray()

	func active_path() -> String:
		return active

	func switch_to(path: String) -> bool:
		switches.append(path)
		if not path in open:
			return false
		active = path
		return true


var _lease: SceneLease = SceneLease.new()
var _tabs: FakeTabs = FakeTabs.new()
var _ttl_before: Variant = ProjectSettings.get_setting(SceneLease.TTL_SETTING)
var _passes: Dictionary = {}


func _init() -> void:
	_lease.tabs = _tabs
	_set_ttl(60000)


func tear_down() -> void:
	ProjectSettings.set_setting(SceneLease.TTL_SETTING, _ttl_before)
	super.tear_down()


func test_a_lone_peer_never_waits_and_nothing_switches() -> void:
	await _open(1, A)
	var entry: SceneLease.Pass = await _lease.enter(1, EDIT, {}, 1000, _context())
	check(entry.refusal == null, "admitted")
	equal(entry.scene, A, "the peer's scene")
	equal(_tabs.switches, PackedStringArray(), "no switch")


func test_another_peer_waits_while_the_holder_works_and_times_out() -> void:
	await _open(1, A)
	_enter(2, "scene.open", {"path": B}, 0)
	check(not _passes.has(2), "peer 2 waits")
	OS.delay_msec(2)
	_lease.tick()
	await _frame()
	equal(_passes[2].refusal.code, "SCENE_LEASE_TIMEOUT", "refusal")
	has_text(_passes[2].failure.get("error", ""), A, "the transitional envelope names the holder's scene")


func test_an_idle_holder_hands_the_lease_over_and_the_tab_follows() -> void:
	_tabs.open = PackedStringArray([A, B])
	_set_ttl(0)
	await _open(1, A)
	await _open(2, B)
	_enter(1, EDIT, {}, 1000)
	await _frame()
	check(_passes.has(1) and _passes[1].refusal == null, "peer 1 took the lease back")
	equal(_tabs.switches, PackedStringArray([A]), "the tab switched to peer 1's scene")


func test_a_named_scene_is_the_one_a_command_needs_and_leaves_the_peers_own() -> void:
	_tabs.open = PackedStringArray([A, B])
	_set_ttl(0)
	await _open(1, A)
	await _open(2, B)
	var named: SceneLease.Pass = await _lease.enter(1, EDIT, {"scene": B}, 1000, _context())
	equal(named.scene, B, "the scene the command names")
	check(named.refusal == null, "admitted")
	_lease.leave(named, {"success": true})
	var unnamed: SceneLease.Pass = await _lease.enter(1, EDIT, {}, 1000, _context())
	equal(unnamed.scene, A, "peer 1 still works on its own scene")


func test_a_waiter_whose_scene_was_closed_is_refused() -> void:
	_tabs.open = PackedStringArray([B])
	_set_ttl(0)
	await _open(1, A)
	await _open(2, B)
	_enter(1, EDIT, {}, 1000)
	await _frame()
	equal(_passes[1].refusal.code if _passes.has(1) else "", "SCENE_NOT_OPEN", "refusal")


func test_a_cancelled_waiter_and_a_departed_peer_are_dropped() -> void:
	await _open(1, A)
	var context: MCPToolkitToolContext = _context()
	_enter(2, "scene.open", {"path": B}, 10000, context)
	context.cancel()
	_lease.tick()
	await _frame()
	equal(_passes[2].refusal.code, "CANCELLED", "cancelled")
	_enter(3, "scene.open", {"path": B}, 10000)
	_lease.forget_peer(3)
	_lease.tick()
	await _frame()
	equal(_passes[3].refusal.code, "CANCELLED", "departed")


func test_a_failed_open_gives_the_scene_back() -> void:
	await _open(1, A)
	var entry: SceneLease.Pass = await _lease.enter(1, "scene.open", {"path": B}, 1000, _context())
	_lease.leave(entry, {"success": false})
	var next: SceneLease.Pass = await _lease.enter(1, EDIT, {}, 1000, _context())
	equal(next.scene, A, "the peer works on its earlier scene again")


func test_only_scene_dependent_commands_pass_the_lease() -> void:
	var independent: MCPToolkitCommandOptions = MCPToolkitCommandOptions.new().mark_scene_independent()
	check(not SceneLease.applies_to("file.read", independent), "scene independent")
	check(SceneLease.applies_to("node.create", MCPToolkitCommandOptions.new()), "scene dependent")
	check(SceneLease.applies_to("scene.open", independent), "a granting command always")


## peer opens scene: the granting command runs and succeeds, and the tab shows it.
func _open(peer: int, scene: String) -> void:
	var entry: SceneLease.Pass = await _lease.enter(peer, "scene.open", {"path": scene}, 1000, _context())
	check(entry.refusal == null, "peer %d may open %s" % [peer, scene])
	_tabs.active = scene
	_lease.leave(entry, {"success": true})


## Enters without waiting; the Pass lands in _passes[peer] once settled.
func _enter(
	peer: int, method: String, params: Dictionary, timeout_ms: int, context: MCPToolkitToolContext = null
) -> void:
	var ctx: MCPToolkitToolContext = context if context != null else _context()
	var run: Callable = func() -> void: _passes[peer] = await _lease.enter(peer, method, params, timeout_ms, ctx)
	run.call()


func _context() -> MCPToolkitToolContext:
	return MCPToolkitToolContext.new()


func _set_ttl(ms: int) -> void:
	ProjectSettings.set_setting(SceneLease.TTL_SETTING, ms)


func _frame() -> void:
	await (Engine.get_main_loop() as SceneTree).process_frame
