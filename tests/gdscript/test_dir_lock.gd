extends "unit_test.gd"
## The registry lock waits for a live holder until it is stale and never robs it sooner, a bounded wait
## gives up instead; a holder that lost the lock leaves the new holder's lock alone.

const DirLock := preload("res://addons/godot_live_mcp/instances/dir_lock.gd")

## More frames than the old lock waited (40) before it took the lock from anyone.
const FRAMES_WAITED := 120

var _acquired: bool = false


func test_a_live_holder_is_waited_for_not_robbed() -> void:
	var path: String = _fresh_path("live")
	_hold_as(path, OS.get_process_id())  # alive, and it took the lock just now
	var lock: DirLock = DirLock.new(path)
	_acquire_in_background(lock)
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	for _frame: int in FRAMES_WAITED:
		await tree.process_frame
	check(not _acquired, "the lock was taken from a live holder after %d frames" % FRAMES_WAITED)
	_remove(path)  # the holder releases
	while not _acquired:
		await tree.process_frame  # the runner's deadline bounds this wait
	lock.release()
	check(not DirAccess.dir_exists_absolute(path), "released")


func test_a_bounded_wait_leaves_a_live_holder_its_lock() -> void:
	var path: String = _fresh_path("bounded")
	_hold_as(path, OS.get_process_id())
	var owner: String = FileAccess.get_file_as_string(path.path_join("owner"))
	check(not DirLock.new(path).acquire_within(20), "gave up while the holder lives")
	check(FileAccess.get_file_as_string(path.path_join("owner")) == owner, "the holder's stamp is untouched")
	_remove(path)


func test_a_dead_holder_is_robbed_at_once() -> void:
	var path: String = _fresh_path("dead")
	_hold_as(path, 0)  # no process 0
	var lock: DirLock = DirLock.new(path)
	check(await lock.acquire_async(), "taken")
	lock.release()


func test_a_holder_that_lost_the_lock_leaves_the_new_one_alone() -> void:
	var path: String = _fresh_path("lost")
	var first: DirLock = DirLock.new(path, 0)  # stale at once, as a paused process would be
	check(first.acquire_within(0), "taken by the first")
	var second: DirLock = DirLock.new(path, 0)
	OS.delay_msec(2)  # the first one's stamp must be older than 0 ms
	check(second.acquire_within(0), "taken over by the second")
	first.release()
	check(DirAccess.dir_exists_absolute(path), "the second one still holds it")
	second.release()
	check(not DirAccess.dir_exists_absolute(path), "released by the second")


func _acquire_in_background(lock: DirLock) -> void:
	_acquired = false
	var acquiring: Callable = func() -> void: _acquired = await lock.acquire_async()
	acquiring.call()


func _fresh_path(label: String) -> String:
	var folder: String = ProjectSettings.globalize_path("res://").path_join(".godot")  # the run's own project
	return folder.path_join("lock-%s-%d-%d" % [label, OS.get_process_id(), Time.get_ticks_usec()])


func _hold_as(path: String, pid: int) -> void:
	DirAccess.make_dir_recursive_absolute(path)
	var owner: FileAccess = FileAccess.open(path.path_join("owner"), FileAccess.WRITE)
	owner.store_string("%d:%d" % [pid, int(Time.get_unix_time_from_system() * 1000.0)])
	owner.close()


func _remove(path: String) -> void:
	DirAccess.remove_absolute(path.path_join("owner"))
	DirAccess.remove_absolute(path)
