@tool
extends RefCounted
## Wraps text read from the project or the game (scripts, files, logs, dumps, setting values) so the
## model treats it as data: a nonce-delimited envelope, any envelope tag already inside neutralised,
## secrets scrubbed. Names (files, nodes, autoloads) stay bare while they are one plain word, since
## tools take them back as arguments; any other name is wrapped like text. Wrap once, where the
## content is read; never wrap a tool's result twice (export-clean).

const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

## One word of letters, digits and the punctuation of paths; nothing an instruction could be made of.
const PLAIN_NAME := "^[\\p{L}\\p{N}_.@:/%+-]{0,128}$"

static var _tag_in_body: RegEx = RegEx.create_from_string("(?i)<(/?)untrusted")
static var _plain_name: RegEx = RegEx.create_from_string(PLAIN_NAME)


## kind: what the text is ("script", "file", "log"); source: where it came from (a path).
static func wrap(kind: String, source: String, body: String) -> String:
	return _envelope(kind, source, body)


## json with each non-empty plain string in it wrapped and every key scrubbed; coercion tag objects
## ({"type": "Vector2", …}) are values, not text: they keep their shape, their strings scrubbed.
static func wrap_strings(kind: String, source: String, json: Variant) -> Variant:
	if json is String:
		return _envelope(kind, source, json) if not (json as String).is_empty() else json
	if json is Array:
		var items: Array = []
		for item: Variant in json:
			items.append(wrap_strings(kind, source, item))
		return items
	if json is Dictionary and _is_tagged_value(json):
		var scrubbed: Dictionary = {}
		for key: Variant in json:
			scrubbed[key] = Scrubber.scrub(json[key]) if json[key] is String else json[key]
		return scrubbed
	if json is Dictionary:
		var fields: Dictionary = {}
		for key: Variant in json:
			fields[Scrubber.scrub(key) if key is String else key] = wrap_strings(kind, source, json[key])
		return fields
	return json


## A name from the project (a file, node, autoload or setting name): scrubbed, and wrapped unless it
## is one plain word.
static func wrap_name(kind: String, source: String, text: String) -> String:
	var scrubbed: String = Scrubber.scrub(text)
	if scrubbed == text and _plain_name.search(text) != null:
		return text
	return _envelope(kind, source, text)


## A coercion tag object ({"type": "Vector2", "x": 1, "y": 2}): a value whose shape the caller
## relies on; its strings are scrubbed in place. Any other dictionary is data, wrapped string by string.
static func _is_tagged_value(json: Dictionary) -> bool:
	return json.get("type") is String and ContractData.data().get("coercion_tags", []).has(json["type"])


# Inside this class a bare wrap() would be the engine's numeric wrap(), hence the second name.
static func _envelope(kind: String, source: String, body: String) -> String:
	var tag: String = str(ContractData.section("untrusted").get("tag", "untrusted-content"))
	var nonce: String = Crypto.new().generate_random_bytes(6).hex_encode()
	var safe_body: String = _tag_in_body.sub(Scrubber.scrub(body), "&lt;$1untrusted", true)
	return (
		'<%s nonce="%s" kind="%s" source="%s">\n%s\n</%s nonce="%s">'
		% [tag, nonce, _attribute(kind), _attribute(source), safe_body, tag, nonce]
	)


static func _attribute(value: String) -> String:
	return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", " ")
