@tool
extends RefCounted
## Tells whether a process id is alive (export-clean). OS.is_process_running() only knows this
## process's own children, so other instances are probed through the OS instead.


static func is_alive(pid: int) -> bool:
	if pid <= 0:
		return false
	if pid == OS.get_process_id():
		return true
	match OS.get_name():
		"Linux", "FreeBSD", "NetBSD", "OpenBSD", "BSD":
			if DirAccess.dir_exists_absolute("/proc/self"):
				return DirAccess.dir_exists_absolute("/proc/%d" % pid) and not _is_zombie(pid)
			return OS.execute("kill", PackedStringArray(["-0", str(pid)])) == 0
		"macOS":
			return OS.execute("kill", PackedStringArray(["-0", str(pid)])) == 0
	# Windows: no reliable cheap probe; entries there are pruned by port conflicts only.
	return true


## A process that has exited but whose parent has not reaped it yet still has a /proc entry.
static func _is_zombie(pid: int) -> bool:
	return state_of(pid) == "Z"


## The one-letter state of a process from /proc/PID/stat ("R", "S", "Z", ...), "" when unreadable.
## Read line by line: /proc files report a length of 0, so a whole-file read returns nothing.
static func state_of(pid: int) -> String:
	var file: FileAccess = FileAccess.open("/proc/%d/stat" % pid, FileAccess.READ)
	if file == null:
		return ""
	var stat: String = file.get_line()
	var end_of_name: int = stat.rfind(")")
	return stat.substr(end_of_name + 2, 1) if end_of_name >= 0 else ""
