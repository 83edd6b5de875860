@tool
extends RefCounted
## The facts shared with the Python server, read once from contract.json, and the addon's version
## (export-clean).

const CONTRACT_PATH := "res://addons/godot_live_mcp/contract/contract.json"
## The addon's version is written once, in plugin.cfg (the Python installer reads it there too).
const PLUGIN_CFG_PATH := "res://addons/godot_live_mcp/plugin.cfg"

static var _data: Dictionary = {}


static func data() -> Dictionary:
	if _data.is_empty():
		var text: String = FileAccess.get_file_as_string(CONTRACT_PATH)
		var parsed: Variant = JSON.parse_string(text)
		if parsed is Dictionary:
			_data = parsed
		else:
			push_error("godot_live_mcp: cannot read %s" % CONTRACT_PATH)
	return _data


static func section(name: String) -> Dictionary:
	var value: Variant = data().get(name, {})
	return value if value is Dictionary else {}


static func plugin_version() -> String:
	var config: ConfigFile = ConfigFile.new()
	if config.load(PLUGIN_CFG_PATH) != OK:
		push_error("godot_live_mcp: cannot read %s" % PLUGIN_CFG_PATH)
	return str(config.get_value("plugin", "version", ""))


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


## A built-in group of contract.json: {"description", "keywords"}, or {} when there is none.
static func group(name: String) -> Dictionary:
	var found: Variant = section("groups").get(name, {})
	return found if found is Dictionary else {}
