@tool
extends RefCounted
## Resolves which ports a channel may listen on, from the environment (export-clean).
## GODOT_MCP_<CHANNEL>_PORT pins one port (bind it or fail, never fall back); _MIN/_MAX move the
## scan band. A malformed or out-of-range value is a configuration error, never clamped.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")


## {"ok": true, "first": p, "last": q, "pinned": bool} or {"ok": false, "error": "…"}.
static func resolve(channel: String) -> Dictionary:
	var prefix: String = "GODOT_MCP_%s_PORT" % channel.to_upper()
	var pin: String = OS.get_environment(prefix).strip_edges()
	var low: String = OS.get_environment(prefix + "_MIN").strip_edges()
	var high: String = OS.get_environment(prefix + "_MAX").strip_edges()
	if pin != "":
		if low != "" or high != "":
			return _error("%s and %s_MIN/_MAX cannot be combined; choose a pin or a band." % [prefix, prefix])
		var pinned: Dictionary = _parse_port(prefix, pin)
		if not pinned["ok"]:
			return pinned
		return {"ok": true, "first": pinned["port"], "last": pinned["port"], "pinned": true}
	var band: PackedInt32Array = ContractData.port_band(channel)
	var first: Dictionary = _parse_port(prefix + "_MIN", low) if low != "" else {"ok": true, "port": band[0]}
	var last: Dictionary = _parse_port(prefix + "_MAX", high) if high != "" else {"ok": true, "port": band[1]}
	if not first["ok"]:
		return first
	if not last["ok"]:
		return last
	if int(first["port"]) > int(last["port"]):
		return _error("%s_MIN (%d) is above %s_MAX (%d)." % [prefix, first["port"], prefix, last["port"]])
	return {"ok": true, "first": first["port"], "last": last["port"], "pinned": false}


static func _parse_port(name: String, text: String) -> Dictionary:
	if not text.is_valid_int():
		return _error("%s='%s' is not a port number." % [name, text])
	var port: int = text.to_int()
	if port < 1 or port > 65535:
		return _error("%s=%d is outside 1-65535." % [name, port])
	return {"ok": true, "port": port}


static func _error(message: String) -> Dictionary:
	return {"ok": false, "error": message}
