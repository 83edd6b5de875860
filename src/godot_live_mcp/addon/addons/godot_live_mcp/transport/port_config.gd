@tool
extends RefCounted
## Resolves which ports a channel may listen on, from the environment (export-clean).
## GODOT_MCP_<CHANNEL>_PORT pins one port (bind it or fail, never fall back); _MIN/_MAX move the
## scan band. A malformed or out-of-range value is a configuration error, never clamped.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


## The ports to try, first to last.
class Band:
	extends RefCounted
	var first: int
	var last: int
	## One port the environment pins: bind it or fail.
	var pinned: bool

	func _init(low: int, high: int, is_pinned: bool) -> void:
		first = low
		last = high
		pinned = is_pinned


## The channel's Band, or SETUP_FAILED naming the variable that is wrong.
static func resolve(channel: String) -> Result:
	var prefix: String = "GODOT_MCP_%s_PORT" % channel.to_upper()
	var pin: String = OS.get_environment(prefix).strip_edges()
	var low: String = OS.get_environment(prefix + "_MIN").strip_edges()
	var high: String = OS.get_environment(prefix + "_MAX").strip_edges()
	if pin != "":
		if low != "" or high != "":
			return _error("%s and %s_MIN/_MAX cannot be combined; choose a pin or a band." % [prefix, prefix])
		var pinned: Result = _parse_port(prefix, pin)
		return Result.of(Band.new(pinned.value, pinned.value, true)) if pinned.succeeded() else pinned
	var band: PackedInt32Array = ContractData.port_band(channel)
	var first: Result = _parse_port(prefix + "_MIN", low) if low != "" else Result.of(band[0])
	var last: Result = _parse_port(prefix + "_MAX", high) if high != "" else Result.of(band[1])
	for read: Result in [first, last]:
		if read.failed():
			return read
	if int(first.value) > int(last.value):
		return _error("%s_MIN (%d) is above %s_MAX (%d)." % [prefix, first.value, prefix, last.value])
	return Result.of(Band.new(first.value, last.value, false))


static func _parse_port(name: String, text: String) -> Result:
	if not text.is_valid_int():
		return _error("%s='%s' is not a port number." % [name, text])
	var port: int = text.to_int()
	if port < 1 or port > 65535:
		return _error("%s=%d is outside 1-65535." % [name, port])
	return Result.of(port)


static func _error(message: String) -> Result:
	return Result.fail("SETUP_FAILED", message)
