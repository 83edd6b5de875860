@tool
extends RefCounted
## Glob patterns ("*" any run, "?" any one character) matched in linear time, the one matcher every
## tool that takes a pattern uses (export-clean). String.match backtracks on each "*": 5,000 of them
## held a core for minutes. Here the pattern is split at "*" into fixed pieces, and each piece is
## matched at its leftmost place, which is always right for pieces of fixed length.

## The longest pattern a tool accepts: the "@glob" field of schema_shorthand.gd has it as maxLength.
const MAX_LENGTH := 256


## True when text matches pattern as String.match would (matchn when ignore_case).
static func matches(text: String, pattern: String, ignore_case: bool = false) -> bool:
	if text.is_empty():
		return false  # as String.match: an empty text matches nothing
	if ignore_case:
		text = text.to_lower()
		pattern = pattern.to_lower()
	var pieces: PackedStringArray = pattern.split("*")
	if pieces.size() == 1:
		return text.length() == pattern.length() and _fits_at(text, 0, pattern)
	var first: String = pieces[0]
	var last: String = pieces[pieces.size() - 1]
	var end: int = text.length() - last.length()
	if end < first.length() or not _fits_at(text, 0, first) or not _fits_at(text, end, last):
		return false
	var at: int = first.length()
	for index: int in range(1, pieces.size() - 1):
		var piece: String = pieces[index]
		if piece == "":
			continue
		var found: int = _find(text, piece, at, end)
		if found < 0:
			return false
		at = found + piece.length()
	return true


## The leftmost place from at where piece fits and ends by end, or -1.
static func _find(text: String, piece: String, at: int, end: int) -> int:
	if not piece.contains("?"):
		var found: int = text.find(piece, at)
		return found if found >= 0 and found + piece.length() <= end else -1
	for place: int in range(at, end - piece.length() + 1):
		if _fits_at(text, place, piece):
			return place
	return -1


## piece (no "*") matches text's characters from at on.
static func _fits_at(text: String, at: int, piece: String) -> bool:
	if at < 0 or at + piece.length() > text.length():
		return false
	var part: String = text.substr(at, piece.length())
	return part.match(piece) if piece.contains("?") else part == piece
