@tool
extends RefCounted
## Wraps text read from the project (scripts, files, logs, dumps) so the model treats it as data:
## a nonce-delimited envelope, any envelope tag already inside neutralised, secrets scrubbed.
## Wrap once, where the content is read; never wrap a tool's result twice (export-clean).

const Scrubber := preload("res://addons/godot_mcp/security/scrubber.gd")
const ContractData := preload("res://addons/godot_mcp/contract/contract_data.gd")

static var _tag_in_body: RegEx = RegEx.create_from_string("(?i)<(/?)untrusted")


## kind: what the text is ("script", "file", "log"); source: where it came from (a path).
static func wrap(kind: String, source: String, body: String) -> String:
	var tag: String = str(ContractData.section("untrusted").get("tag", "untrusted-content"))
	var nonce: String = Crypto.new().generate_random_bytes(6).hex_encode()
	var safe_body: String = _tag_in_body.sub(Scrubber.scrub(body), "&lt;$1untrusted", true)
	return (
		'<%s nonce="%s" kind="%s" source="%s">\n%s\n</%s nonce="%s">'
		% [tag, nonce, _attribute(kind), _attribute(source), safe_body, tag, nonce]
	)


static func _attribute(value: String) -> String:
	return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace("\n", " ")
