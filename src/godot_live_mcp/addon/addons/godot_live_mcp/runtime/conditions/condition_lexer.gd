@tool
extends RefCounted
## Cuts a condition's text into tokens (export-clean). It reads every character GDScript may write so
## that the parser can say exactly what a condition may not do; it judges nothing itself.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const NUMBER := "number"
const STRING := "string"
const NAME := "name"
## `$Player/Sprite` or `$"../Coin 1"`: a node path read from the scene's root.
const NODE := "node"
const OPERATOR := "operator"
const END := "end"

## Space-separated, longest first, so that `<=` is never read as `<` then `=`.
const OPERATORS := (
	"**= <<= >>= := += -= *= /= %= &= |= ^= == != <= >= && || -> ** << >>"
	+ " + - * / % < > = ! ( ) [ ] , . { } : ; & | ^ ~ @"
)
const ESCAPES := {"n": "\n", "t": "\t", "\\": "\\", "'": "'", '"': '"'}


class Token:
	extends RefCounted
	var kind: String
	var text: String
	var value: Variant
	## Where it starts in the condition (0-based).
	var at: int

	func _init(token_kind: String, token_text: String, token_value: Variant, start: int) -> void:
		kind = token_kind
		text = token_text
		value = token_value
		at = start

	func is_operator(symbol: String) -> bool:
		return kind == OPERATOR and text == symbol


var _number: RegEx = RegEx.create_from_string("^(0x[0-9a-fA-F_]+|[0-9][0-9_]*(\\.[0-9_]*)?([eE][+-]?[0-9]+)?)")
var _name: RegEx = RegEx.create_from_string("^[A-Za-z_][A-Za-z0-9_]*")
var _node_path: RegEx = RegEx.create_from_string("^[A-Za-z0-9_%/]+")
var _operators: PackedStringArray = OPERATORS.split(" ")


## The tokens of text, the last one END; PARSE_ERROR at the first character no token starts with.
func tokens_of(text: String) -> Result:
	var tokens: Array[Token] = []
	var at: int = 0
	while at < text.length():
		if text[at] in [" ", "\t", "\n", "\r"]:
			at += 1
			continue
		var read: Result = _token_at(text, at)
		if read.failed():
			return read
		var token: Token = read.value
		tokens.append(token)
		at += token.text.length()
	tokens.append(Token.new(END, "", null, text.length()))
	return Result.of(tokens)


func _token_at(text: String, at: int) -> Result:
	var rest: String = text.substr(at)
	var first: String = text[at]
	if first == "'" or first == '"':
		return _string_at(text, at, STRING)
	if first == "$":
		return _node_at(text, at)
	var number: RegExMatch = _number.search(rest)
	if number != null:
		var digits: String = number.get_string().replace("_", "")
		var value: Variant = digits.hex_to_int() if digits.begins_with("0x") else _decimal(digits)
		return Result.of(Token.new(NUMBER, number.get_string(), value, at))
	var name: RegExMatch = _name.search(rest)
	if name != null:
		return Result.of(Token.new(NAME, name.get_string(), name.get_string(), at))
	for symbol: String in _operators:
		if rest.begins_with(symbol):
			return Result.of(Token.new(OPERATOR, symbol, symbol, at))
	return _refused(at, "'%s' is not part of a condition" % first)


static func _decimal(digits: String) -> Variant:
	if digits.contains(".") or digits.contains("e") or digits.contains("E"):
		return digits.to_float()
	return digits.to_int()


## A quoted string with \n \t \\ \' \" escapes, as a token of kind.
func _string_at(text: String, at: int, kind: String) -> Result:
	var quote: String = text[at]
	var value: String = ""
	var i: int = at + 1
	while i < text.length() and text[i] != quote:
		if text[i] == "\\" and i + 1 < text.length() and ESCAPES.has(text[i + 1]):
			value += ESCAPES[text[i + 1]]
			i += 2
			continue
		value += text[i]
		i += 1
	if i >= text.length():
		return _refused(at, "the string that starts here never ends")
	return Result.of(Token.new(kind, text.substr(at, i - at + 1), value, at))


func _node_at(text: String, at: int) -> Result:
	if at + 1 < text.length() and (text[at + 1] == '"' or text[at + 1] == "'"):
		var quoted: Result = _string_at(text, at + 1, NODE)
		if quoted.succeeded():
			var token: Token = quoted.value
			return Result.of(Token.new(NODE, "$" + token.text, token.value, at))
		return quoted
	var path: RegExMatch = _node_path.search(text.substr(at + 1))
	if path == null:
		return _refused(at, "'$' needs a node path after it, e.g. $Player or $\"HUD/Score\"")
	return Result.of(Token.new(NODE, "$" + path.get_string(), path.get_string(), at))


static func _refused(at: int, why: String) -> Result:
	return Result.fail("PARSE_ERROR", "The condition does not parse at character %d: %s." % [at + 1, why])
