@tool
extends RefCounted
## The facts shared with the Python server, read once from contract.json, and the addon's version
## (export-clean).

const CONTRACT_PATH := "res://addons/godot_live_mcp/contract/contract.json"
## The addon's version is written once, in plugin.cfg (the Python installer reads it there too).
const PLUGIN_CFG_PATH := "res://addons/godot_live_mcp/plugin.cfg"

static var _data: Dictionary = {}
static var _plugin_version: String = ""


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


## Read once: every auth reply tells it, and an auth must not need a free file descriptor.
static func plugin_version() -> String:
	if _plugin_version.is_empty():
		var config: ConfigFile = ConfigFile.new()
		if config.load(PLUGIN_CFG_PATH) != OK:
			push_error("godot_live_mcp: cannot read %s" % PLUGIN_CFG_PATH)
		_plugin_version = str(config.get_value("plugin", "version", ""))
	return _plugin_version


static func protocol_version() -> int:
	return int(data().get("protocol_version", 0))


static func limit(name: String) -> int:
	return int(section("limits").get(name, 0))


static func timeout_ms(name: String) -> int:
	return int(section("timeouts_ms").get(name, 0))


static func port_band(channel: String) -> PackedInt32Array:
	var band: Array = section("ports").get(channel, [0, 0])
	return PackedInt32Array([int(band[0]), int(band[1])])


## Namespaces no extension may take: every group's name, then the other reserved ones (the same
## derivation as Contract.reserved_namespaces in Python).
static func reserved_namespaces() -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray(section("groups").keys())
	names.append_array(PackedStringArray(data().get("reserved_namespaces_beyond_groups", [])))
	return names


## A built-in group of contract.json: {"description", "keywords"}, or {} when there is none.
static func group(name: String) -> Dictionary:
	var found: Variant = section("groups").get(name, {})
	return found if found is Dictionary else {}


## The wire name of a protocol method or notice by its role ("catalog" is "mcp.catalog").
static func protocol_method(role: String) -> String:
	return str(section("protocol_methods").get(role, ""))


## A JSON-RPC error code by name ("method_not_found" is -32601).
static func jsonrpc_code(name: String) -> int:
	return int(section("jsonrpc_codes").get(name, 0))


## A WebSocket close code by name ("policy_violation" is 1008).
static func close_code(name: String) -> int:
	return int(section("close_codes").get(name, 0))


## Whether a command with these annotation flags is read-only: every flag of the read-only rule has its
## value there (read_only together with destructive counts as mutating). No rule read: mutating.
static func counts_as_read_only(flags: Dictionary) -> bool:
	var rule: Dictionary = section("read_only_rule")
	for flag: String in rule:
		if bool(flags.get(flag, false)) != bool(rule[flag]):
			return false
	return not rule.is_empty()


## A command's deadline as both sides settle it: no positive number means the default, else the number
## held between the floor and the cap.
static func clamp_timeout_ms(ms: int) -> int:
	if ms <= 0:
		return timeout_ms("default")
	return clampi(ms, timeout_ms("floor"), timeout_ms("cap"))
