@tool
extends RefCounted
## Shares the editor's one active scene tab between peers. scene.open (and scene.create, which opens
## what it creates) grants the peer the lease on its scene. While the holder keeps working (a command
## in flight, or one finished less than the TTL ago), a scene-dependent command of another peer for
## another scene waits. Once the holder has been idle for the TTL, the waiter takes the lease over and
## the tab switches to its scene. A peer that never opened a scene follows whatever tab is active.
## With one peer using scenes nothing waits and nothing switches.

const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## The commands that make a scene the active tab, with the parameter naming it.
const GRANTING_COMMANDS := {"scene.open": "path", "scene.create": "path"}
const TTL_SETTING := "godot_live_mcp/concurrency/scene_lease_ttl_ms"
const DEFAULT_TTL_MS := 8000


## The editor's scene tabs as the lease sees them (the unit tests give it a stand-in).
class Tabs:
	extends RefCounted

	## The res:// path of the active scene tab, "" when no scene is open.
	func active_path() -> String:
		return SceneTabs.active_path()

	## Makes the open scene at path the active tab; false when it is not open.
	func switch_to(path: String) -> bool:
		if not path in EditorInterface.get_open_scenes():
			return false
		EditorInterface.open_scene_from_path(path)  # an open scene: this switches to its tab
		return true


## One command's passage through the lease; enter() returns it, leave() takes it back.
class Pass:
	extends RefCounted
	signal settled
	var peer_id: int
	## The scene the command needs active; "" when any active scene will do.
	var scene: String
	## A granting command (scene.open) with a usable path: it grants the lease to its peer.
	var grants: bool
	var context: MCPToolkitToolContext
	var deadline_ms: int
	## The peer's scene before this command, restored when a granting command fails.
	var previous_scene: String = ""
	## Set when the command may not run: why not.
	var refusal: Result = null
	## Transitional: the refusal as a failure envelope, {} when the command may run (what the router reads).
	var failure: Dictionary:
		get:
			return refusal.to_envelope() if refusal != null else {}
	var left: bool = false

	func _init(peer: int, wanted: String, opens: bool, ctx: MCPToolkitToolContext, timeout_ms: int) -> void:
		peer_id = peer
		scene = wanted
		grants = opens and wanted != ""
		context = ctx
		deadline_ms = Time.get_ticks_msec() + timeout_ms


var tabs: Tabs = Tabs.new()
var _holder: int = 0
var _holder_scene: String = ""
var _renewed_ms: int = 0
var _affinity: Dictionary = {}  # peer id -> the scene it works on
var _running: Dictionary = {}  # peer id -> its commands in flight; the keys are the peers using scenes
var _waiting: Array[Pass] = []


## Whether a command goes through the lease: the granting ones always, others unless scene-independent.
static func applies_to(method: String, options: MCPToolkitCommandOptions) -> bool:
	return GRANTING_COMMANDS.has(method) or not options.scene_independent


## The Pass once the command may use the active tab, or with its refusal set when its wait
## ended otherwise (timeout_ms passed, the caller cancelled, the peer left).
func enter(peer_id: int, method: String, params: Dictionary, timeout_ms: int, context: MCPToolkitToolContext) -> Pass:
	var entry: Pass = Pass.new(
		peer_id, _wanted(peer_id, method, params), GRANTING_COMMANDS.has(method), context, timeout_ms
	)
	entry.previous_scene = str(_affinity.get(peer_id, ""))
	_running[peer_id] = int(_running.get(peer_id, 0))
	if _may_run(entry):
		_admit(entry)
		return entry
	_waiting.append(entry)
	await entry.settled
	return entry


## The command is done: the holder's lease is renewed, and a granting command grants (or, failed, gives back).
func leave(entry: Pass, result: Dictionary) -> void:
	if entry.left or entry.refusal != null or not _running.has(entry.peer_id):
		return
	entry.left = true
	_running[entry.peer_id] = maxi(int(_running[entry.peer_id]) - 1, 0)
	if entry.grants:
		_settle_open(entry, bool(result.get("success", false)))
	if _holder == entry.peer_id:
		_renewed_ms = Time.get_ticks_msec()


## A peer is gone: its lease and its scene end; its waiting commands are dropped on the next tick.
func forget_peer(peer_id: int) -> void:
	_running.erase(peer_id)
	_affinity.erase(peer_id)
	if _holder == peer_id:
		_holder = 0


## Called every frame: admits the waiters that may run now (in arrival order), fails the overdue.
func tick() -> void:
	if _waiting.is_empty():
		return
	var still: Array[Pass] = []
	var done: Array[Pass] = []
	for entry: Pass in _waiting:
		if _settle_waiter(entry):
			done.append(entry)
		else:
			still.append(entry)
	_waiting = still
	for entry: Pass in done:
		entry.settled.emit()


func _settle_waiter(entry: Pass) -> bool:
	if entry.context.is_cancelled() or not _running.has(entry.peer_id):
		entry.refusal = Result.fail("CANCELLED", "The request was cancelled while it waited for the scene tab.")
	elif _may_run(entry):
		_admit(entry)
	elif Time.get_ticks_msec() > entry.deadline_ms:
		entry.refusal = _timeout_failure(entry)
	else:
		return false
	return true


## The scene a command needs: the one it names (a granting command's path, or any command's scene
## argument), else the peer's own. One peer may be a server with several sessions, each with its scene.
func _wanted(peer_id: int, method: String, params: Dictionary) -> String:
	var named: Variant = params.get(GRANTING_COMMANDS.get(method, "scene"))
	if named is String and named != "":
		var checked: Result = PathGuard.project_path(named)
		return str(checked.value) if checked.succeeded() else ""
	return "" if GRANTING_COMMANDS.has(method) else str(_affinity.get(peer_id, ""))


func _may_run(entry: Pass) -> bool:
	if _running.size() <= 1 or entry.scene == "":
		return true
	if entry.peer_id == _holder or not _holder_is_working():
		return true
	return entry.scene == _holder_scene


func _holder_is_working() -> bool:
	if _holder == 0 or not _running.has(_holder):
		return false
	return int(_running[_holder]) > 0 or Time.get_ticks_msec() - _renewed_ms < _ttl()


## Lets the command run: counts it, and grants (or takes over) the lease it needs. Sets the
## entry's refusal instead when its scene has to be switched to but is no longer open.
func _admit(entry: Pass) -> void:
	if entry.scene == "" or not (entry.peer_id == _holder or not _holder_is_working()):
		_running[entry.peer_id] = int(_running[entry.peer_id]) + 1
		return
	if (
		not entry.grants
		and _running.size() > 1
		and tabs.active_path() != entry.scene
		and not tabs.switch_to(entry.scene)
	):
		entry.refusal = _closed_failure(entry)
		return
	_running[entry.peer_id] = int(_running[entry.peer_id]) + 1
	_hold(entry.peer_id, entry.scene)


## The peer now works on scene: later commands of it that name no scene act there.
func _grant(peer_id: int, scene: String) -> void:
	_affinity[peer_id] = scene
	_hold(peer_id, scene)


## The peer holds the active tab, on scene, without changing the scene it works on.
func _hold(peer_id: int, scene: String) -> void:
	_holder = peer_id
	_holder_scene = scene
	_renewed_ms = Time.get_ticks_msec()


func _settle_open(entry: Pass, succeeded: bool) -> void:
	if succeeded:
		var opened: String = tabs.active_path()
		if opened != "":
			_grant(entry.peer_id, opened)  # the engine's own spelling of the path
		return
	if entry.previous_scene == "":
		_affinity.erase(entry.peer_id)
	else:
		_affinity[entry.peer_id] = entry.previous_scene
	if _holder == entry.peer_id:
		_holder_scene = entry.previous_scene
		if entry.previous_scene == "":
			_holder = 0


func _timeout_failure(entry: Pass) -> Result:
	return Result.fail(
		"SCENE_LEASE_TIMEOUT",
		(
			"Another client keeps working on %s in the editor's active tab; this command needs %s and gave up waiting."
			% [_holder_scene, entry.scene]
		),
		(
			"Retry in a few seconds: a tab left idle for %.1f s is handed over. Scene-independent tools never wait."
			% (_ttl() / 1000.0)
		)
	)


func _closed_failure(entry: Pass) -> Result:
	return Result.fail(
		"SCENE_NOT_OPEN",
		"This client works on %s, which is no longer open in the editor." % entry.scene,
		"Open it again with scene_open, or open the scene you want to work on."
	)


## Read on every check, so a change of the setting applies at once.
func _ttl() -> int:
	return int(ProjectSettings.get_setting(TTL_SETTING, DEFAULT_TTL_MS))
