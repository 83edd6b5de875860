@tool
extends RefCounted
## The game's recent output and errors, numbered so readers can page with a cursor (export-clean).
## Written from any thread (the engine logs from worker threads too), so every access locks.
## Also mirrors lines into a tail file the editor reads after the game has ended, even by a crash.

const CAPACITY := 2000
const TAIL_FILE_MAX_BYTES := 512 * 1024
const TAIL_KEPT_ON_ROTATE := 50

var _entries: Array[Dictionary] = []
var _next_seq: int = 1
var _mutex: Mutex = Mutex.new()
var _tail: FileAccess
var _tail_path: String = ""
var _tail_dirty: bool = false


## kind: "message", "stderr", "error", "warning", "script" or "shader"; source: "file:line" or "".
func add(kind: String, text: String, source: String = "") -> void:
	var entry: Dictionary = {"seq": 0, "kind": kind, "text": text, "source": source, "time_ms": Time.get_ticks_msec()}
	_mutex.lock()
	entry["seq"] = _next_seq
	_next_seq += 1
	_entries.append(entry)
	if _entries.size() > CAPACITY:
		_entries.pop_front()
	_write_tail(entry)
	_mutex.unlock()


## The sequence number the next entry will get: a cursor that skips everything logged so far.
func next_seq() -> int:
	_mutex.lock()
	var seq: int = _next_seq
	_mutex.unlock()
	return seq


## Entries with seq >= cursor (at most limit), oldest first, optionally only some kinds.
func read(cursor: int, limit: int, kinds: PackedStringArray = PackedStringArray()) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	_mutex.lock()
	for entry: Dictionary in _entries:
		if found.size() >= limit:
			break
		if int(entry["seq"]) >= cursor and (kinds.is_empty() or str(entry["kind"]) in kinds):
			found.append(entry.duplicate())
	_mutex.unlock()
	return found


## The oldest seq still held (older entries were dropped to keep the buffer bounded).
func first_seq() -> int:
	_mutex.lock()
	var seq: int = int(_entries[0]["seq"]) if not _entries.is_empty() else _next_seq
	_mutex.unlock()
	return seq


## Starts mirroring every entry into path (truncated first).
func open_tail(path: String) -> void:
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	_mutex.lock()
	_tail_path = path
	_tail = FileAccess.open(path, FileAccess.WRITE)
	_mutex.unlock()


## Called once a frame: writes buffered tail lines out, so at most a frame of them can be lost.
func flush_tail() -> void:
	_mutex.lock()
	if _tail != null and _tail_dirty:
		_tail.flush()
		_tail_dirty = false
	_mutex.unlock()


## Stops mirroring; remove deletes the tail file too.
func close_tail(remove: bool) -> void:
	_mutex.lock()
	if _tail != null:
		_tail.close()
		_tail = null
	if remove and _tail_path != "":
		DirAccess.remove_absolute(_tail_path)
	_mutex.unlock()


## One line per entry, as the tail file and game.status show them.
static func format_line(entry: Dictionary) -> String:
	var source: String = str(entry["source"])
	var where: String = " (%s)" % source if source != "" else ""
	return "[%s] %s%s" % [entry["kind"], entry["text"], where]


func _write_tail(entry: Dictionary) -> void:
	if _tail == null:
		return
	if _tail.get_length() > TAIL_FILE_MAX_BYTES:
		_rotate_tail()
	_tail.store_line(format_line(entry))
	_tail_dirty = true
	# Errors often come right before a crash: never leave them in the buffer.
	if entry["kind"] != "message":
		_tail.flush()
		_tail_dirty = false


func _rotate_tail() -> void:
	_tail.close()
	_tail = FileAccess.open(_tail_path, FileAccess.WRITE)
	if _tail == null:
		return
	for entry: Dictionary in _entries.slice(-TAIL_KEPT_ON_ROTATE):
		_tail.store_line(format_line(entry))
