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
	var stat: String = FileAccess.get_file_as_string("/proc/%d/stat" % pid)
	var end_of_name: int = stat.rfind(")")
	return end_of_name >= 0 and stat.substr(end_of_name + 2, 1) == "Z"
