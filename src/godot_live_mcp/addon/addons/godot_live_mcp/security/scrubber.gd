@tool
extends RefCounted
## Redacts secrets (keys, tokens, private keys, password assignments) from text read out of the
## project before it reaches the model. Patterns live in contract.json "secret_patterns", where
## "{secret_words}" stands for contract.json "secret_words" (export-clean). Scrub a whole text before
## paging, encoding or searching it: a window of it could split a secret so that no pattern sees it,
## and a search of the raw text answers questions about what the redacted spans hold.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")

## Runs of at least this many printable ASCII characters are where binary data can hold a secret.
const BINARY_RUN := 8

static var _rules: Array[Dictionary] = []
static var _printable_run: RegEx


## text with every secret replaced by "[REDACTED:<kind>]" (what precedes a secret in its pattern,
## such as "password = ", is kept); a secret over several lines leaves its line breaks, so line
## numbers stay those of the file.
static func scrub(text: String) -> String:
	var result: String = text
	for rule: Dictionary in _compiled_rules():
		result = _redact(result, rule)
	return result


## value with every string in it (Dictionary keys included) scrubbed, the same value when none holds a
## secret: what the editor and the game send passes here (the transport's send), behind the scrubbing
## each tool does where it reads, which must stay (before paging, encoding or searching).
static func scrub_value(value: Variant) -> Variant:
	var texts: PackedStringArray = PackedStringArray()
	_collect(value, texts)
	if texts.is_empty() or not _holds_secret("\n".join(texts)):
		return value
	return _scrubbed_copy(value)


## Whether any pattern matches somewhere in text (one search a pattern, whatever the text's size).
static func _holds_secret(text: String) -> bool:
	for rule: Dictionary in _compiled_rules():
		if (rule["regex"] as RegEx).search(text) != null:
			return true
	return false


static func _collect(value: Variant, texts: PackedStringArray) -> void:
	match typeof(value):
		TYPE_STRING, TYPE_STRING_NAME:
			texts.append(str(value))
		TYPE_PACKED_STRING_ARRAY:
			texts.append_array(value)
		TYPE_ARRAY:
			for item: Variant in value:
				_collect(item, texts)
		TYPE_DICTIONARY:
			for key: Variant in value:
				_collect(key, texts)
				_collect((value as Dictionary)[key], texts)


static func _scrubbed_copy(value: Variant) -> Variant:
	match typeof(value):
		TYPE_STRING, TYPE_STRING_NAME:
			return scrub(str(value))
		TYPE_PACKED_STRING_ARRAY, TYPE_ARRAY:
			var items: Array = []
			for item: Variant in value:
				items.append(_scrubbed_copy(item))
			return items
		TYPE_DICTIONARY:
			var copy: Dictionary = {}
			for key: Variant in value:
				copy[_scrubbed_copy(key)] = _scrubbed_copy((value as Dictionary)[key])
			return copy
	return value


static func _redact(text: String, rule: Dictionary) -> String:
	var matches: Array[RegExMatch] = (rule["regex"] as RegEx).search_all(text)
	if matches.is_empty():
		return text
	var keep: int = int(rule["keep_group"])
	var parts: PackedStringArray = PackedStringArray()
	var done: int = 0
	for found: RegExMatch in matches:
		var secret_from: int = found.get_end(keep) if keep > 0 else found.get_start()
		parts.append(text.substr(done, secret_from - done))
		var secret: String = text.substr(secret_from, found.get_end() - secret_from)
		parts.append("[REDACTED:%s]%s" % [rule["kind"], "\n".repeat(secret.count("\n"))])
		done = found.get_end()
	parts.append(text.substr(done))
	return "".join(parts)


## The bytes of a UTF-8 text with its secrets redacted; binary data with the secrets in its printable
## runs redacted in place (the bytes around them kept), so a key stored in a binary file does not leave
## through a base64 read.
static func scrub_bytes(bytes: PackedByteArray) -> PackedByteArray:
	if not TextContent.is_utf8(bytes):
		return _scrub_binary(bytes)
	var text: String = TextContent.decode(bytes)
	var scrubbed: String = scrub(text)
	return bytes if scrubbed == text else scrubbed.to_utf8_buffer()


## Each run of printable ASCII (at least BINARY_RUN long) scrubbed as text; the bytes unchanged when
## none holds a secret.
static func _scrub_binary(bytes: PackedByteArray) -> PackedByteArray:
	if _printable_run == null:
		_printable_run = RegEx.create_from_string("[\\t\\n\\r\\x20-\\x7e]{%d,}" % BINARY_RUN)
	var runs: Array[RegExMatch] = _printable_run.search_all(_latin1(bytes))
	var texts: PackedStringArray = PackedStringArray()
	for run: RegExMatch in runs:
		texts.append(run.get_string())
	if texts.is_empty() or not _holds_secret("\n".join(texts)):
		return bytes
	var result: PackedByteArray = PackedByteArray()
	var done: int = 0
	for run: RegExMatch in runs:
		var scrubbed: String = scrub(run.get_string())
		if scrubbed != run.get_string():
			result.append_array(bytes.slice(done, run.get_start()))
			result.append_array(scrubbed.to_ascii_buffer())
			done = run.get_end()
	result.append_array(bytes.slice(done))
	return result


## bytes as text, one character a byte (Latin-1), a NUL byte as U+0001: the engine's decoder stops at
## NUL, so the text between NUL bytes is decoded piece by piece (eight NUL bytes at a time in a run).
static func _latin1(bytes: PackedByteArray) -> String:
	var parts: PackedStringArray = PackedStringArray()
	var size: int = bytes.size()
	var at: int = 0
	while at < size:
		var nul: int = bytes.find(0, at)
		if nul < 0:
			nul = size
		parts.append(bytes.slice(at, nul).get_string_from_ascii())
		var run_end: int = mini(nul + 1, size)
		while run_end + 8 <= size and bytes.decode_u64(run_end) == 0:
			run_end += 8
		while run_end < size and bytes[run_end] == 0:
			run_end += 1
		parts.append(String.chr(1).repeat(run_end - nul))
		at = run_end
	return "".join(parts)


static func _compiled_rules() -> Array[Dictionary]:
	if _rules.is_empty():
		var words: String = str(ContractData.data().get("secret_words", ""))
		for entry: Variant in ContractData.data().get("secret_patterns", []):
			var spec: Dictionary = entry
			var regex: RegEx = RegEx.new()
			if regex.compile(str(spec["pattern"]).replace("{secret_words}", words), false) != OK:
				push_error("godot_live_mcp: the secret pattern %s does not compile" % spec["kind"])
				continue
			_rules.append({"regex": regex, "kind": str(spec["kind"]), "keep_group": int(spec.get("keep_group", 0))})
	return _rules
