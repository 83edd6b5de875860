@tool
extends RefCounted
## Project text as the read tools see it: strict UTF-8 checks done before decoding (the engine's
## decoder logs an error for every bad byte), and the line and byte windows the pagination
## contract pages through.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")

## The high bit of each of eight bytes read at once (0x8080808080808080 as a signed 64-bit int).
const HIGH_BITS: int = -0x7F7F7F7F7F7F7F80


## True when bytes are UTF-8 text: valid sequences and no NUL byte (which marks binary data).
static func is_utf8(bytes: PackedByteArray) -> bool:
	if bytes.has(0):
		return false
	var index: int = 0
	var size: int = bytes.size()
	while index < size:
		if index + 8 <= size and bytes.decode_u64(index) & HIGH_BITS == 0:
			index += 8  # eight ASCII bytes at once: source files are mostly ASCII
			continue
		var length: int = _sequence_length(bytes, index)
		if length == 0:
			return false
		index += length
	return true


## The text of bytes already checked with is_utf8.
static func decode(bytes: PackedByteArray) -> String:
	return bytes.get_string_from_utf8()


## True when the byte at index starts a character (is not a UTF-8 continuation byte).
static func starts_character(bytes: PackedByteArray, index: int) -> bool:
	return index >= bytes.size() or bytes[index] & 0xC0 != 0x80


## The last character boundary at or before end, but past start when one character is wider than the window.
static func boundary_before(bytes: PackedByteArray, start: int, end: int) -> int:
	var cut: int = end
	while cut > start and not starts_character(bytes, cut):
		cut -= 1
	if cut > start:
		return cut
	cut = end
	while not starts_character(bytes, cut):
		cut += 1
	return cut


## The lines of text without their "\n"; a final newline does not start another line.
static func lines_of(text: String) -> PackedStringArray:
	var lines: PackedStringArray = text.split("\n")
	if text.ends_with("\n") or text.is_empty():
		lines.remove_at(lines.size() - 1)
	return lines


## Lines first..last (1-based, inclusive) of text exactly as stored, each with its newline.
static func line_window(text: String, lines: PackedStringArray, first: int, last: int) -> String:
	if last < first:
		return ""
	var window: String = "\n".join(lines.slice(first - 1, last))
	if last < lines.size() or text.ends_with("\n"):
		window += "\n"
	return window


## The UTF-8 size of each line with its newline.
static func line_sizes(lines: PackedStringArray) -> PackedInt64Array:
	var sizes: PackedInt64Array = PackedInt64Array()
	for line: String in lines:
		sizes.append(line.to_utf8_buffer().size() + 1)
	return sizes


## The pagination fields of a line window ending at last (1-based) of total lines.
static func line_page(total: int, returned: int, last: int) -> Dictionary:
	var page: Dictionary = Pagination.build("lines", total, returned, last, "start_line")
	if page["has_more"]:
		page["next_start_line"] = last + 1
		page["hint"] = (
			"More lines remain (%d in all); call again with start_line = %d until has_more is false."
			% [total, last + 1]
		)
	return page


## Length of the valid UTF-8 sequence at index, or 0 when it is not one.
static func _sequence_length(bytes: PackedByteArray, index: int) -> int:
	var rule: Vector3i = _lead_rule(bytes[index])
	var trailing: int = rule.x
	if trailing == 0:
		return 1
	if trailing < 0 or index + trailing >= bytes.size():
		return 0
	var second: int = bytes[index + 1]
	if second < rule.y or second > rule.z:
		return 0
	for offset: int in range(2, trailing + 1):
		if bytes[index + offset] & 0xC0 != 0x80:
			return 0
	return trailing + 1


## (continuation bytes, lowest second byte, highest second byte) for a lead byte; x = -1 if invalid.
## The narrowed ranges refuse overlong forms, surrogates and code points past U+10FFFF.
static func _lead_rule(lead: int) -> Vector3i:
	if lead < 0x80:
		return Vector3i(0, 0, 0)
	if lead >= 0xC2 and lead <= 0xDF:
		return Vector3i(1, 0x80, 0xBF)
	if lead >= 0xE0 and lead <= 0xEF:
		return Vector3i(2, 0xA0 if lead == 0xE0 else 0x80, 0x9F if lead == 0xED else 0xBF)
	if lead >= 0xF0 and lead <= 0xF4:
		return Vector3i(3, 0x90 if lead == 0xF0 else 0x80, 0x8F if lead == 0xF4 else 0xBF)
	return Vector3i(-1, 0, 0)
