@tool
extends RefCounted
## Redacts secrets (keys, tokens, private keys, password assignments) from text read out of the
## project before it reaches the model. Patterns live in contract.json (export-clean).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

static var _rules: Array[Dictionary] = []


static func scrub(text: String) -> String:
	var result: String = text
	for rule: Dictionary in _compiled_rules():
		var regex: RegEx = rule["regex"]
		var keep: int = int(rule["keep_group"])
		var replacement: String = "[REDACTED:%s]" % rule["kind"]
		if keep > 0:
			replacement = "$%d%s" % [keep, replacement]
		result = regex.sub(result, replacement, true)
	return result


static func _compiled_rules() -> Array[Dictionary]:
	if _rules.is_empty():
		for entry: Variant in ContractData.data().get("secret_patterns", []):
			var spec: Dictionary = entry
			var regex: RegEx = RegEx.create_from_string(str(spec["pattern"]))
			if regex.is_valid():
				_rules.append({"regex": regex, "kind": str(spec["kind"]), "keep_group": int(spec.get("keep_group", 0))})
	return _rules
