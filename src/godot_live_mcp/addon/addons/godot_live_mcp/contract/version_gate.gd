@tool
extends RefCounted
## Compares dotted Godot versions ("4.5", "4.6.1") against the running engine.

const EngineGuard := preload("res://addons/godot_live_mcp/core/engine_guard.gd")


static func engine_version() -> String:
	var info: Dictionary = Engine.get_version_info()
	return "%d.%d.%d" % [int(info["major"]), int(info["minor"]), int(info["patch"])]


## -1, 0 or 1, comparing numerically part by part (missing parts count as 0).
static func compare(a: String, b: String) -> int:
	return EngineGuard.compare(a, b)


## True when the engine lies within [min_version, max_version]; an empty bound is open.
## A max of "4.6" admits every 4.6.x patch release.
static func engine_within(min_version: String, max_version: String) -> bool:
	return within(engine_version(), min_version, max_version)


## True when current lies within [min_version, max_version], compared as engine_within() does.
static func within(current: String, min_version: String, max_version: String) -> bool:
	if min_version != "" and compare(current, min_version) < 0:
		return false
	if max_version != "":
		var depth: int = max_version.split(".").size()
		var trimmed: String = ".".join(current.split(".").slice(0, depth))
		if compare(trimmed, max_version) > 0:
			return false
	return true
