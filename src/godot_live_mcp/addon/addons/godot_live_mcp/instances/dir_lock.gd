@tool
extends RefCounted
## A machine-wide lock made by creating a folder (atomic on every OS), with its owner's
## "pid:unix_ms" inside so a dead or stale holder can be stolen (export-clean).
## Held only for the few milliseconds of a registry rebuild. acquire_within() spins for at most a
## given time, for start-up and exit, where nothing can be awaited; acquire_async() waits frames.
## A live holder is waited for until it is stale, never robbed sooner: two rebuilds at once let a stale
## projection land after a fresh one (a busy machine can pause a holder for a second or more).

const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")

const STALE_AFTER_MS := 10000
const BACKOFF_START_MS := 2
const BACKOFF_MAX_MS := 50

var _path: String
var _stale_after_ms: int
var _stamp: String = ""


func _init(lock_path: String, stale_after_ms: int = STALE_AFTER_MS) -> void:
	_path = lock_path
	_stale_after_ms = stale_after_ms


## True once held, false when a live holder kept it for max_ms (it sleeps, blocking its thread).
func acquire_within(max_ms: int) -> bool:
	var wait_ms: int = BACKOFF_START_MS
	var give_up_ms: int = Time.get_ticks_msec() + max_ms
	while not _take():
		if Time.get_ticks_msec() >= give_up_ms:
			return false
		OS.delay_msec(mini(wait_ms, maxi(give_up_ms - Time.get_ticks_msec(), 1)))
		wait_ms = mini(wait_ms * 2, BACKOFF_MAX_MS)
	return true


## True once held, waiting whole frames, so the editor keeps running. Past twice the stale age it
## takes the lock whoever holds it, so a caller always makes progress.
func acquire_async() -> bool:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	var give_up_ms: int = Time.get_ticks_msec() + 2 * _stale_after_ms
	while Time.get_ticks_msec() < give_up_ms:
		if _take():
			return true
		await tree.process_frame
	return _steal()


## Removes the lock only while it is still ours (a holder thought stale may have lost it to another).
func release() -> void:
	if _stamp != "" and FileAccess.get_file_as_string(_path.path_join("owner")) in [_stamp, ""]:
		_break()
	_stamp = ""


## Creates the lock, or takes it over from a dead or stale holder.
func _take() -> bool:
	if _try_create():
		return true
	return _holder_is_stale() and _steal()


func _steal() -> bool:
	_break()
	return _try_create()


func _try_create() -> bool:
	DirAccess.make_dir_recursive_absolute(_path.get_base_dir())
	if DirAccess.make_dir_absolute(_path) != OK:
		return false
	var stamp: String = "%d:%d" % [OS.get_process_id(), int(Time.get_unix_time_from_system() * 1000.0)]
	var owner: FileAccess = FileAccess.open(_path.path_join("owner"), FileAccess.WRITE)
	if owner != null:
		owner.store_string(stamp)
		owner.close()
	_stamp = stamp
	return true


func _holder_is_stale() -> bool:
	var text: String = FileAccess.get_file_as_string(_path.path_join("owner"))
	var parts: PackedStringArray = text.split(":")
	if parts.size() != 2:
		return _age_ms_of_dir() > _stale_after_ms
	var pid: int = parts[0].to_int()
	var age_ms: int = int(Time.get_unix_time_from_system() * 1000.0) - parts[1].to_int()
	return age_ms > _stale_after_ms or not ProcessProbe.is_alive(pid)


func _age_ms_of_dir() -> int:
	# The holder may not have written its owner file yet: judge by the folder's own age.
	var modified: int = FileAccess.get_modified_time(_path)
	if modified == 0:
		return 0
	return (int(Time.get_unix_time_from_system()) - modified) * 1000


func _break() -> void:
	DirAccess.remove_absolute(_path.path_join("owner"))
	DirAccess.remove_absolute(_path)
