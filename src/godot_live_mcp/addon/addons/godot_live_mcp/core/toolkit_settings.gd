@tool
extends RefCounted
## Live reads of the godot_live_mcp/* project settings, defaulting to contract.json (export-clean).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")


## A limit under godot_live_mcp/limits/<name>, read on every call so a change applies at once.
static func limit(name: String) -> int:
	return int(ProjectSettings.get_setting("godot_live_mcp/limits/" + name, ContractData.limit(name)))


static func ws_buffer_bytes() -> int:
	return limit("ws_buffer_kb") * 1024


static func read_cap_bytes() -> int:
	return limit("read_cap_kb") * 1024


## The default byte budget of one encoded screenshot (godot_live_mcp/limits/screenshot_max_kb).
static func screenshot_max_bytes() -> int:
	return limit("screenshot_max_kb") * 1024
