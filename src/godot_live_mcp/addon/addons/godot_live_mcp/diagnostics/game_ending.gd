@tool
extends RefCounted
## How a game process ended, told from what it left behind (export-clean). A clean shutdown withdraws
## its runtime entry and logs its exit code; a crash leaves the entry and the engine's crash report
## with the signal; its wait status (ExitWatch) names the signal that killed it. One that left its entry,
## reported nothing and whose status was not caught (not on Linux) was killed from outside all the same.

const GameEnding := preload("res://addons/godot_live_mcp/diagnostics/game_ending.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const ExitWatch := preload("res://addons/godot_live_mcp/diagnostics/exit_watch.gd")

## "exited": it shut down by itself; "stopped": game_stop ended it; "crashed": the engine reported a
## crash; "killed": it vanished without either (or game_stop had to kill it).
const ENDS: PackedStringArray = ["exited", "stopped", "crashed", "killed"]
const TAIL_LINES := 40
const SIGNAL_NAMES := {
	1: "SIGHUP",
	2: "SIGINT",
	3: "SIGQUIT",
	4: "SIGILL",
	5: "SIGTRAP",
	6: "SIGABRT",
	7: "SIGBUS",
	8: "SIGFPE",
	9: "SIGKILL",
	11: "SIGSEGV",
	13: "SIGPIPE",
	15: "SIGTERM"
}

## Signals a crash raises (the engine's crash handler reports them, unless it crashed too hard).
const CRASH_SIGNALS: Array[int] = [4, 6, 7, 8, 11]

static var _crash_line: RegEx = RegEx.create_from_string("Program crashed with signal (\\d+)")
static var _native_frame: RegEx = RegEx.create_from_string("^STDERR: \\[\\d+\\] ")

## One of ENDS.
var end: String = ""
## How it ended, in words: "exited with code 3", "crashed with signal 11 (SIGSEGV)", "killed by signal 9 (SIGKILL)".
var how: String = ""
## The code it exited with (-1: not known).
var exit_code: int = -1
## The signal that ended it (0: none known).
var signal_number: int = 0
## Its last log lines, secrets redacted, repeats folded, a crash's native backtrace in one line.
var last_log_lines: PackedStringArray = PackedStringArray()
## What it logged since start: totals by kind and its most frequent errors (LogTally.summary), if known.
var log_summary: Dictionary = {}


## The end of the game process pid, which left tail_path (and its summary) behind. stop_requested:
## game_stop ended it; kill_reason: why it had to be killed ("" when it was not); wait_status: its
## wait status as ExitWatch caught it (ExitWatch.UNKNOWN when it did not).
static func read(
	pid: int, stop_requested: bool, kill_reason: String, entry_left: bool, wait_status: int, tail_path: String
) -> GameEnding:
	var ending: GameEnding = GameEnding.new()
	var text: String = FileAccess.get_file_as_string(tail_path)
	ending.last_log_lines = _folded_tail(Scrubber.scrub(text))
	var summary: Dictionary = JsonFile.read(LogBuffer.summary_path(tail_path))
	if int(summary.get("pid", 0)) == pid and pid > 0:
		summary.erase("pid")
		ending.log_summary = Scrubber.scrub_value(summary)
	var decoded: PackedInt32Array = ExitWatch.decode(wait_status)
	ending.exit_code = decoded[0]
	ending.signal_number = decoded[1]
	var reported: String = _last_match(_crash_line, text) if entry_left else ""
	if kill_reason != "":
		ending._record("killed", "killed by %s" % kill_reason)
	elif stop_requested:
		ending._record("stopped", "stopped by game_stop")
	elif reported != "":
		ending.exit_code = -1
		ending.signal_number = int(reported)
		ending._crashed_or_killed(true)
	elif ending.exit_code >= 0 or not entry_left:
		ending._exited()
	else:
		ending._crashed_or_killed(false)
	return ending


## What game_status shows besides "ended": how, exit_code, signal, log.
func to_dict() -> Dictionary:
	var data: Dictionary = {"how": how}
	if exit_code >= 0:
		data["exit_code"] = exit_code
	if signal_number > 0:
		data["signal"] = signal_number
	if not log_summary.is_empty():
		data["log"] = log_summary
	return data


func _record(kind: String, words: String) -> void:
	end = kind
	how = words


func _exited() -> void:
	_record("exited", ("exited with code %d" % exit_code) if exit_code >= 0 else "exited by itself")


## A crash reported by the engine (or a signal a crash raises); any other signal, or none known, killed it.
func _crashed_or_killed(reported: bool) -> void:
	var named: String = "signal %d (%s)" % [signal_number, SIGNAL_NAMES.get(signal_number, "?")]
	if reported or signal_number in CRASH_SIGNALS:
		_record("crashed", "crashed with %s" % named if signal_number > 0 else "crashed")
	elif signal_number > 0:
		_record("killed", "killed by %s" % named)
	else:
		_record("killed", "killed from outside: it neither shut down nor reported a crash (SIGKILL, out of memory)")


static func _last_match(pattern: RegEx, text: String) -> String:
	var found: Array[RegExMatch] = pattern.search_all(text)
	return found[-1].get_string(1) if not found.is_empty() else ""


## The last TAIL_LINES lines, runs of one line folded ("(repeated N times)"), a crash's machine-code
## backtrace folded into one line.
static func _folded_tail(text: String) -> PackedStringArray:
	var kept: PackedStringArray = PackedStringArray()
	var repeats: PackedInt32Array = PackedInt32Array()
	var frames: int = 0
	for line: String in text.strip_edges().split("\n", false):
		if _native_frame.search(line) != null:
			frames += 1
			continue
		if frames > 0:
			kept.append("STDERR: (%d native backtrace frames left out)" % frames)
			repeats.append(1)
			frames = 0
		if not kept.is_empty() and kept[-1] == line:
			repeats[-1] += 1
			continue
		kept.append(line)
		repeats.append(1)
	for i: int in kept.size():
		if repeats[i] > 1:
			kept[i] += " (repeated %d times)" % repeats[i]
	return kept.slice(-TAIL_LINES)
