@tool
extends RefCounted
## The facts shared with the Python server, read once from contract.json (export-clean).

const CONTRACT_PATH := "res://addons/godot_mcp/contract/contract.json"
const PLUGIN_VERSION := "0.1.0"

static var _data: Dictionary = {}


static func data() -> Dictionary:
	if _data.is_empty():
		var text: String = FileAccess.get_file_as_string(CONTRACT_PATH)
		var parsed: Variant = JSON.parse_string(text)
		if parsed is Dictionary:
			_data = parsed
		else:
			push_error("godot_mcp: cannot read %s" % CONTRACT_PATH)
	return _data


static func section(name: String) -> Dictionary:
	var value: Variant = data().get(name, {})
	return value if value is Dictionary else {}


static func protocol_version() -> int:
	return int(data().get("protocol_version", 0))


static func limit(name: String) -> int:
	return int(section("limits").get(name, 0))


static func timeout_ms(name: String) -> int:
	return int(section("timeouts_ms").get(name, 0))


static func port_band(channel: String) -> PackedInt32Array:
	var band: Array = section("ports").get(channel, [0, 0])
	return PackedInt32Array([int(band[0]), int(band[1])])


static func reserved_namespaces() -> PackedStringArray:
	return PackedStringArray(data().get("reserved_namespaces", []))
