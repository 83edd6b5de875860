@tool
extends RefCounted
## The newest engine output (prints, warnings, errors) of the editor or the game, numbered from 0 in
## arrival order so readers page with a cursor; bounded, the oldest dropped first (export-clean).
## A message that repeats one of the last few entries is folded into it: the entry moves to the end
## with the new number and counts its repeats, so a flood of one error takes one entry, and a reader
## from a cursor before the repeat still sees it. The editor's progress lines ("[ 31% ] task | step")
## fold the same way into one entry per task, which shows the newest percentage and step. A tally keeps
## the counts since start.
## The engine logs from any thread, so every access locks. Optionally mirrors each entry into a tail
## file that outlives the process (the game's, which the editor reads after a crash), and the tally
## into a summary file beside it.

## What an entry reports; the Logger's error types map onto the last four.
const KINDS: PackedStringArray = ["message", "stderr", "error", "warning", "script_error", "shader_error"]
## Kinds that mean something failed (the snippet runner and the node tools look for these).
const FAILURE_KINDS: PackedStringArray = ["error", "script_error"]
## A longer text is cut: one runaway message must not crowd out the rest of the buffer.
const MAX_TEXT_CHARS := 4000
## Loaded by path, only where the engine has Logger (4.5+), so this file parses on older engines.
const CAPTURE_PATH := "res://addons/godot_live_mcp/diagnostics/log_capture.gd"
const LogTally := preload("res://addons/godot_live_mcp/diagnostics/log_tally.gd")
## How many of the newest entries a new message is compared with for folding.
const FOLD_WINDOW := 8
## The summary file is rewritten at most this often while entries come in.
const SUMMARY_EVERY_MS := 250
const TAIL_FILE_MAX_BYTES := 512 * 1024
const TAIL_KEPT_ON_ROTATE := 50
const OWNER_ONLY_FILE := FileAccess.UNIX_READ_OWNER | FileAccess.UNIX_WRITE_OWNER
const OWNER_ONLY_DIR := OWNER_ONLY_FILE | FileAccess.UNIX_EXECUTE_OWNER

## An editor progress line, colour codes removed: "[ 31% ] update_scripts_classes | step text", or
## "[ DONE ] reimport" at the end of a task.
const PROGRESS_LINE := "^\\[\\s*(?:\\d+%|DONE)\\s*\\]\\s*(\\S+)(?:\\s*\\|\\s*(.*))?$"
static var _progress_line: RegEx = RegEx.create_from_string(PROGRESS_LINE)
static var _colour: RegEx = RegEx.create_from_string("\\x1b\\[[0-9;?]*[ -/]*[@-~]")

var _capacity: int
var _entries: Array[Dictionary] = []
var _next_seq: int = 0
## The seq of the newest entry dropped to keep the buffer bounded (-1: none yet).
var _evicted_through: int = -1
var _tally: LogTally = LogTally.new()
var _lock: Mutex = Mutex.new()
var _capture: RefCounted
var _tail: FileAccess
var _tail_path: String = ""
var _tail_dirty: bool = false
var _summary_dirty: bool = false
var _summary_written_ms: int = 0


func _init(capacity: int) -> void:
	_capacity = maxi(capacity, 1)


## True where the engine lets scripts receive its messages (Logger and OS.add_logger, Godot 4.5+).
static func can_capture() -> bool:
	return ClassDB.class_exists(&"Logger") and OS.has_method(&"add_logger")


## Starts feeding everything the engine logs into this buffer; false where the engine cannot.
func start_capture() -> bool:
	if _capture == null and can_capture():
		_capture = (load(CAPTURE_PATH) as GDScript).new(self)
		OS.call(&"add_logger", _capture)
	return _capture != null


func is_capturing() -> bool:
	return _capture != null


## Unregisters the capture (which also holds this buffer, so this breaks the cycle).
func stop_capture() -> void:
	if _capture != null:
		OS.call(&"remove_logger", _capture)
		_capture = null


## kind: one of KINDS; source: "file:line in function()" or "".
func add(kind: String, text: String, source: String = "") -> void:
	var clipped: String = text.left(MAX_TEXT_CHARS)
	_lock.lock()
	_tally.count(kind, clipped, source)
	_summary_dirty = true
	var progress: RegExMatch = _progress_line.search(_colour.sub(clipped, "", true)) if kind == "message" else null
	var entry: Dictionary = _take_progress(progress) if progress != null else _take_repeat(kind, clipped, source)
	if entry.is_empty():
		entry = {"kind": kind, "text": clipped, "source": source, "repeat": 0}
	if progress != null:
		_fold_progress(entry, progress)
	entry["repeat"] = int(entry["repeat"]) + 1
	entry["time_ms"] = Time.get_ticks_msec()
	entry["seq"] = _next_seq
	_next_seq += 1
	_entries.append(entry)
	if _entries.size() > _capacity:
		_evicted_through = int(_entries.pop_front()["seq"])
	_write_tail(entry)
	_lock.unlock()


## The entry among the newest FOLD_WINDOW with this kind, text and source, taken out of the list; {} if none.
func _take_repeat(kind: String, text: String, source: String) -> Dictionary:
	for i: int in range(_entries.size() - 1, maxi(_entries.size() - FOLD_WINDOW, 0) - 1, -1):
		var entry: Dictionary = _entries[i]
		if entry["text"] == text and entry["kind"] == kind and entry["source"] == source:
			_entries.remove_at(i)
			return entry
	return {}


## The entry among the newest FOLD_WINDOW holding progress of the same task, taken out; {} if none.
func _take_progress(progress: RegExMatch) -> Dictionary:
	for i: int in range(_entries.size() - 1, maxi(_entries.size() - FOLD_WINDOW, 0) - 1, -1):
		if _entries[i].get("progress", "") == progress.get_string(1):
			var entry: Dictionary = _entries[i]
			_entries.remove_at(i)
			return entry
	return {}


## The entry shows the newest percentage and the newest step that has words (most steps are blank).
static func _fold_progress(entry: Dictionary, progress: RegExMatch) -> void:
	var step: String = progress.get_string(2).strip_edges()
	if step == "" and entry.has("progress"):
		step = str(entry["text"]).get_slice("| ", 1)
	entry["progress"] = progress.get_string(1)
	entry["text"] = "%s | %s" % [progress.get_string(0).get_slice("|", 0).strip_edges(), step]


## The seq the next entry will get: a cursor past everything logged so far, and the count ever logged.
func next_seq() -> int:
	_lock.lock()
	var seq: int = _next_seq
	_lock.unlock()
	return seq


## The seq of the oldest entry still held (older ones were dropped, or folded into newer ones).
func first_seq() -> int:
	_lock.lock()
	var seq: int = int(_entries[0]["seq"]) if not _entries.is_empty() else _next_seq
	_lock.unlock()
	return seq


## How many entries from seq on were dropped to keep the buffer bounded.
func dropped_from(seq: int) -> int:
	_lock.lock()
	var dropped: int = maxi(_evicted_through + 1 - seq, 0)
	_lock.unlock()
	return dropped


## The counts since start and the distinct messages (see LogTally.summary). What a caller was told is
## written out at once, so the summary left for the editor (game_stop) is never older than that.
func summary() -> Dictionary:
	_lock.lock()
	var found: Dictionary = _tally.summary()
	if _tail != null and _summary_dirty:
		_write_summary()
	_lock.unlock()
	return found


## Copies of the entries with seq >= from_seq, oldest first: at most limit (-1: all), only of kinds
## when given.
func read(from_seq: int, limit: int = -1, kinds: PackedStringArray = PackedStringArray()) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	_lock.lock()
	var start: int = _entries.bsearch_custom({"seq": from_seq}, _is_before)
	for entry: Dictionary in _entries.slice(start):
		if found.size() == limit:
			break
		if kinds.is_empty() or str(entry["kind"]) in kinds:
			found.append(entry.duplicate())
	_lock.unlock()
	return found


static func _is_before(entry: Dictionary, other: Dictionary) -> bool:
	return int(entry["seq"]) < int(other["seq"])


## One entry as a line: "KIND: text (repeated N times)  (at source)".
static func format_line(entry: Dictionary) -> String:
	var line: String = "%s: %s" % [str(entry["kind"]).to_upper(), entry["text"]]
	var repeats: int = int(entry.get("repeat", 1))
	var folded: String = " (%d progress lines)" if entry.has("progress") else " (repeated %d times)"
	line += (folded % repeats) if repeats > 1 else ""
	var source: String = str(entry["source"])
	return line + ("  (at %s)" % source if source != "" else "")


## Where the summary of the log mirrored into tail_path goes.
static func summary_path(tail_path: String) -> String:
	return tail_path.get_basename() + ".summary.json"


## Starts mirroring every entry into path (truncated first). What a game logs may hold secrets:
## the file and its folder are for this user only (0600 and 0700).
func open_tail(path: String) -> void:
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	FileAccess.set_unix_permissions(path.get_base_dir(), OWNER_ONLY_DIR)
	_lock.lock()
	_tail_path = path
	_tail = FileAccess.open(path, FileAccess.WRITE)
	if _tail != null:
		FileAccess.set_unix_permissions(path, OWNER_ONLY_FILE)
		_write_summary()
	_lock.unlock()


## Called once a frame: writes buffered tail lines out, so at most a frame of them can be lost, and
## the summary when it changed (at most every SUMMARY_EVERY_MS).
func flush_tail() -> void:
	_lock.lock()
	if _tail != null and _tail_dirty:
		_tail.flush()
		_tail_dirty = false
	if _tail != null and _summary_dirty and Time.get_ticks_msec() - _summary_written_ms >= SUMMARY_EVERY_MS:
		_write_summary()
	_lock.unlock()


## Stops mirroring; remove deletes the tail file too.
func close_tail(remove: bool) -> void:
	_lock.lock()
	if _tail != null:
		_write_summary()
		_tail.close()
		_tail = null
	if remove and _tail_path != "":
		DirAccess.remove_absolute(_tail_path)
		DirAccess.remove_absolute(summary_path(_tail_path))
	_lock.unlock()


## The tally as JSON beside the tail, with this process's id (the reader tells runs apart by it).
func _write_summary() -> void:
	var summary_file: FileAccess = FileAccess.open(summary_path(_tail_path), FileAccess.WRITE)
	if summary_file != null:
		FileAccess.set_unix_permissions(summary_path(_tail_path), OWNER_ONLY_FILE)
		var found: Dictionary = _tally.summary()
		found["pid"] = OS.get_process_id()
		summary_file.store_string(JSON.stringify(found))
		summary_file.close()
	_summary_dirty = false
	_summary_written_ms = Time.get_ticks_msec()


func _write_tail(entry: Dictionary) -> void:
	if _tail == null:
		return
	if _tail.get_length() > TAIL_FILE_MAX_BYTES:
		_rotate_tail()
		if _tail == null:
			return
	# Every occurrence, as logged: the reader folds repeated lines itself.
	_tail.store_line(format_line({"kind": entry["kind"], "text": entry["text"], "source": entry["source"]}))
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
