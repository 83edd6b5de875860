@tool
extends RefCounted
## Whether the running Godot is one the toolkit supports (contract.json "oldest_godot"). Written in
## the syntax of every Godot 4 and loaded before any other toolkit script, so an older engine gets one
## clear line instead of parse errors scattered over the addon.

const CONTRACT_PATH := "res://addons/godot_live_mcp/contract/contract.json"


## "" when ``version`` (Engine.get_version_info()) is supported, else the line to print.
static func refusal(version: Dictionary) -> String:
	var oldest: String = oldest_supported()
	var running: String = (
		"%d.%d.%d" % [int(version.get("major", 0)), int(version.get("minor", 0)), int(version.get("patch", 0))]
	)
	if compare(running, oldest) < 0:
		return (
			(
				"godot_live_mcp: Godot %s is older than %s, the oldest this addon supports; it stays off. "
				+ "Upgrade Godot to %s or newer."
			)
			% [running, oldest, oldest]
		)
	return ""


static func oldest_supported() -> String:
	var parsed: Variant = JSON.parse_string(FileAccess.get_file_as_string(CONTRACT_PATH))
	if parsed is Dictionary:
		return str((parsed as Dictionary).get("oldest_godot", "4.0"))
	return "4.0"


## -1, 0 or 1, comparing dotted versions numerically part by part (missing parts count as 0).
static func compare(a: String, b: String) -> int:
	var left: PackedStringArray = a.split(".")
	var right: PackedStringArray = b.split(".")
	var i: int = 0
	while i < maxi(left.size(), right.size()):
		var x: int = int(left[i]) if i < left.size() else 0
		var y: int = int(right[i]) if i < right.size() else 0
		if x != y:
			return -1 if x < y else 1
		i += 1
	return 0
