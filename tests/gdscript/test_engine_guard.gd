extends "unit_test.gd"
## The engine check plugin.gd runs before it loads anything else of the addon: an engine older than
## contract.json "oldest_godot" gets one line naming both versions; a supported one gets none.

const EngineGuard := preload("res://addons/godot_live_mcp/core/engine_guard.gd")


func test_the_running_engine_is_supported() -> void:
	equal(EngineGuard.refusal(Engine.get_version_info()), "", "the engine CI runs")


func test_an_engine_older_than_the_oldest_supported_is_refused_in_one_line() -> void:
	var oldest: String = EngineGuard.oldest_supported()
	equal(oldest, "4.4", "contract.json names the oldest supported engine")
	var line: String = EngineGuard.refusal({"major": 4, "minor": 3, "patch": 2})
	check(line.begins_with("godot_live_mcp: Godot 4.3.2 is older than 4.4"), line)
	check(not "\n" in line, "one line")
	equal(EngineGuard.refusal({"major": 4, "minor": 4, "patch": 0}), "", "the oldest itself is supported")
	equal(EngineGuard.refusal({"major": 5, "minor": 0, "patch": 0}), "", "a newer major is not refused here")


func test_versions_compare_part_by_part() -> void:
	equal(EngineGuard.compare("4.10", "4.9"), 1, "numerically, not as text")
	equal(EngineGuard.compare("4.6", "4.6.0"), 0, "a missing part counts as 0")
	equal(EngineGuard.compare("4.5.1", "4.6"), -1, "older")
