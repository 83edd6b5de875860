@tool
extends RefCounted
## The one line editor_batch answers for a step: "2 node_create: node_path=Player/Body status=created".

const FIELDS := 3
const VALUE_CHARS := 48
## Fields every step of a batch would repeat, or that say nothing about what it did.
const SKIPPED: Array[String] = ["scene", "hint"]


static func of(index: int, tool: String, result: Dictionary) -> String:
	var parts: PackedStringArray = []
	for key: Variant in result:
		var value: Variant = result[key]
		if parts.size() == FIELDS or SKIPPED.has(str(key)):
			continue
		if value is String or value is StringName or value is int or value is float or value is bool:
			parts.append("%s=%s" % [key, clip(str(value), VALUE_CHARS)])
	return "%d %s: %s" % [index, tool, " ".join(parts) if not parts.is_empty() else "ok"]


static func clip(text: String, most: int) -> String:
	return text if text.length() <= most else text.left(most - 1) + "…"
