extends "unit_test.gd"
## ProcessProbe reads a process's state from /proc (a whole-file read of /proc returned "" before,
## so an exited, unreaped process was taken for alive).

const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")


func test_the_state_of_this_process_is_read_from_proc() -> void:
	if not DirAccess.dir_exists_absolute("/proc/self"):
		return  # No /proc on this OS: the probe uses kill -0 there.
	check(ProcessProbe.state_of(OS.get_process_id()) in ["R", "S", "D"], "a running process's state")
	equal(ProcessProbe.state_of(0), "", "no process 0 in /proc")


func test_an_exited_unreaped_child_is_not_alive() -> void:
	if not DirAccess.dir_exists_absolute("/proc/self"):
		return
	var pid: int = OS.create_process("true", PackedStringArray())
	check(pid > 0, "the child started")
	var deadline: int = Time.get_ticks_msec() + 5000
	while ProcessProbe.state_of(pid) != "Z" and Time.get_ticks_msec() < deadline:
		OS.delay_msec(5)  # Polls the child's state until it exits (bounded), no fixed wait.
	equal(ProcessProbe.state_of(pid), "Z", "the child exited and nobody reaped it yet")
	check(not ProcessProbe.is_alive(pid), "an exited child is not alive")
