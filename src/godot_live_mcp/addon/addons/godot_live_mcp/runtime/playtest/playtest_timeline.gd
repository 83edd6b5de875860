@tool
extends RefCounted
## What a playtest run saw, in order (export-clean): one event per thing that happened (frame, kind,
## text), the assertions with what they saw, screenshots by path. Bounded: past MAX_EVENTS only the
## count goes on. Frame N means N frames of the script had run (input sent at N reaches frame N + 1).

## Kinds of events; "audio" is filled by an audio event source (see timeline_source.gd).
const KINDS: PackedStringArray = [
	"input", "until", "watch", "signal", "error", "warning", "print", "audio", "screenshot", "assert", "set"
]
const MAX_EVENTS := 1000

var events: Array[Dictionary] = []
var assertions: Array[Dictionary] = []
var screenshots: Array[Dictionary] = []
var dropped: int = 0
var _counts: Dictionary = {"error": 0, "warning": 0}


func add(frame: int, kind: String, text: String) -> void:
	assert(kind in KINDS, "godot_live_mcp: unknown timeline kind '%s'" % kind)
	if _counts.has(kind):
		_counts[kind] = int(_counts[kind]) + 1
	if events.size() >= MAX_EVENTS:
		dropped += 1
		return
	events.append({"frame": frame, "kind": kind, "text": text})


func add_assertion(frame: int, condition: String, passed: bool, seen: String) -> void:
	assertions.append({"frame": frame, "condition": condition, "passed": passed, "seen": seen})
	add(frame, "assert", "%s %s (seen %s)" % ["pass" if passed else "FAIL", condition, seen])


func add_screenshot(frame: int, name: String, path: String) -> void:
	screenshots.append({"frame": frame, "name": name, "path": path})


func passed() -> bool:
	return assertions.all(func(entry: Dictionary) -> bool: return bool(entry["passed"]))


## The result a caller reads; its bytes are the same for the same script on the same start.
## stopped: why the run ended before its last step ({} when it did not), which fails it.
func to_result(frames: int, stopped: Dictionary = {}) -> Dictionary:
	var failed: int = assertions.filter(func(entry: Dictionary) -> bool: return not entry["passed"]).size()
	var result: Dictionary = {
		"passed": passed() and stopped.is_empty(),
		"frames": frames,
		"assertions_failed": failed,
		"errors": _counts["error"],
		"warnings": _counts["warning"],
		"timeline": events,
		"assertions": assertions,
	}
	if not stopped.is_empty():
		result["stopped"] = stopped
	if not screenshots.is_empty():
		result["screenshots"] = screenshots
	if dropped > 0:
		result["events_dropped"] = dropped
	return result
