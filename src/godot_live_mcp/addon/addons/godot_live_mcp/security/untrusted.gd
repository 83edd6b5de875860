@tool
extends RefCounted
## Wraps text read from the project (scripts, files, logs, dumps) so the model treats it as data:
## a nonce-delimited envelope, any envelope tag already inside neutralised, secrets scrubbed.
## Wrap once, where the content is read; never wrap a tool's result twice (export-clean).

const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

static var _tag_in_body: RegEx = RegEx.create_from_string("(?i)<(/?)untrusted")


## kind: what the text is ("script", "file", "log"); source: where it came from (a path).
static func wrap(kind: String, source: String, body: String) -> String:
	return _envelope(kind, source, body)


## json with each non-empty plain string in it wrapped; coercion tag objects ({"type": "Vector2", …})
## are values, not text, and stay as they are.
static func wrap_strings(kind: String, source: String, json: Variant) -> Variant:
	if json is String:
		return _envelope(kind, source, json) if not (json as String).is_empty() else json
	if json is Array:
		var items: Array = []
		for item: Variant in json:
			items.append(wrap_strings(kind, source, item))
		return items
	if json is Dictionary and not (json as Dictionary).has("type"):
		var fields: Dictionary = {}
		for key: Variant in json:
			fields[key] = wrap_strings(kind, source, json[key])
		return fields
	return json


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
