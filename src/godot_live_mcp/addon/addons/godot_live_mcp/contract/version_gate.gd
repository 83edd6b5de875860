@tool
extends RefCounted
## Compares dotted Godot versions ("4.5", "4.6.1") against the running engine.


static func engine_version() -> String:
	var info: Dictionary = Engine.get_version_info()
	return "%d.%d.%d" % [int(info["major"]), int(info["minor"]), int(info["patch"])]


## -1, 0 or 1, comparing numerically part by part (missing parts count as 0).
static func compare(a: String, b: String) -> int:
	var left: PackedStringArray = a.split(".")
	var right: PackedStringArray = b.split(".")
	for i: int in maxi(left.size(), right.size()):
		var x: int = int(left[i]) if i < left.size() else 0
		var y: int = int(right[i]) if i < right.size() else 0
		if x != y:
			return -1 if x < y else 1
	return 0


## True when the engine lies within [min_version, max_version]; an empty bound is open.
## A max of "4.6" admits every 4.6.x patch release.
static func engine_within(min_version: String, max_version: String) -> bool:
	var current: String = engine_version()
	if min_version != "" and compare(current, min_version) < 0:
		return false
	if max_version != "":
		var depth: int = max_version.split(".").size()
		var trimmed: String = ".".join(current.split(".").slice(0, depth))
		if compare(trimmed, max_version) > 0:
			return false
	return true
