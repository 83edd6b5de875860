@tool
extends RefCounted
## Characters no path or name given to the tools may hold: control characters (a newline in a file
## name makes the editor log a file-system cache error on every rescan) and the bidirectional
## controls that make a name display in another order than it is read (export-clean).

## Arabic letter mark, LRM/RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI, and the line and paragraph
## separators (line breaks by another name).
const INVISIBLE_CONTROLS: PackedInt32Array = [
	0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x2028, 0x2029
]


## "" when text is fine, else what is wrong with it ("holds the control character U+000A at
## character 4"), to follow "The path" or "The name".
static func problem(text: String) -> String:
	if text.to_utf8_buffer().has(0):
		return "holds a NUL character"
	for index: int in text.length():
		var code: int = text.unicode_at(index)
		if code < 0x20 or (code >= 0x7F and code <= 0x9F):
			return "holds the control character U+%04X at character %d" % [code, index + 1]
		if code in INVISIBLE_CONTROLS:
			return "holds the bidirectional or line control U+%04X at character %d" % [code, index + 1]
	return ""
