@tool
extends RefCounted
## Reads a condition's tokens into a tree of ConditionNode by recursive descent (export-clean), and
## refuses at once what a condition may not do: a call outside the contract's list, an engine
## singleton or class, an assignment, a lambda (INVALID_PARAMS); text that is no expression is a
## PARSE_ERROR. The grammar is in docs/conditions.md.
##
##   or := and (("or" | "||") and)*        and := not (("and" | "&&") not)*
##   not := ("not" | "!") not | compare    compare := sum (("==" | "!=" | "<" | "<=" | ">" | ">=") sum)?
##   sum := product (("+" | "-") product)* product := unary (("*" | "/" | "%") unary)*
##   unary := "-" unary | postfix          postfix := primary ("." NAME call? | "[" or "]")*
##   primary := literal | NAME call? | "$" path | "(" or ")"      call := "(" (or ("," or)*)? ")"

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ConditionLexer := preload("res://addons/godot_live_mcp/runtime/conditions/condition_lexer.gd")
const ConditionNode := preload("res://addons/godot_live_mcp/runtime/conditions/condition_node.gd")
const ConditionRules := preload("res://addons/godot_live_mcp/runtime/conditions/condition_rules.gd")

const COMPARISONS: PackedStringArray = ["==", "!=", "<", "<=", ">", ">="]
const ASSIGNMENTS: PackedStringArray = ["=", ":=", "+=", "-=", "*=", "/=", "%=", "**=", "&=", "|=", "^=", "<<=", ">>="]
const LITERALS := {"true": true, "false": false, "null": null}
## Words of GDScript that would declare code, and those that would run it.
const DECLARING_WORDS: PackedStringArray = ["func", "lambda", "var", "const", "signal", "static", "class", "extends"]
const RUNNING_WORDS: PackedStringArray = [
	"await", "breakpoint", "assert", "return", "yield", "while", "for", "match", "preload", "load", "new", "super"
]
## Words of GDScript a condition does not have (no code, just not in the grammar).
const UNSUPPORTED_WORDS: PackedStringArray = ["in", "is", "as", "if", "else", "elif", "pass", "PI", "TAU", "INF", "NAN"]

var _tokens: Array[ConditionLexer.Token] = []
var _next: int = 0
var _nodes: int = 0
var _depth: int = 0
var _failure: Result = null


## The condition's tree, or its PARSE_ERROR / INVALID_PARAMS.
func parse(text: String) -> Result:
	if text.strip_edges() == "":
		return _fail_at("PARSE_ERROR", 0, "it is empty")
	if text.length() > ConditionRules.limit("max_chars"):
		return _fail_at("INVALID_PARAMS", 0, "it is longer than %d characters" % ConditionRules.limit("max_chars"))
	var read: Result = ConditionLexer.new().tokens_of(text)
	if read.failed():
		return read
	_tokens.assign(read.value)
	var tree: ConditionNode = _or()
	if _failure == null and _peek().kind != ConditionLexer.END:
		_unexpected(_peek())
	return _failure if _failure != null else Result.of(tree)


func _or() -> ConditionNode:
	return _chain(_and, ["or", "||"], "or")


func _and() -> ConditionNode:
	return _chain(_not, ["and", "&&"], "and")


## left (symbol right)*, each symbol of symbols becoming the operator called name (by default, itself).
func _chain(operand: Callable, symbols: Array, name: String = "") -> ConditionNode:
	var left: ConditionNode = operand.call()
	while left != null and _peek().text in symbols:
		var symbol: ConditionLexer.Token = _take()
		left = _made(ConditionNode.BINARY, name if name != "" else symbol.text, symbol.at, [left, operand.call()])
	return left


func _not() -> ConditionNode:
	if _peek().text == "not" or _peek().is_operator("!"):
		var at: int = _take().at
		return _deeper(func() -> ConditionNode: return _made(ConditionNode.UNARY, "not", at, [_not()]))
	return _compare()


func _compare() -> ConditionNode:
	var left: ConditionNode = _sum()
	if left != null and _peek().kind == ConditionLexer.OPERATOR and _peek().text in COMPARISONS:
		var symbol: ConditionLexer.Token = _take()
		return _made(ConditionNode.BINARY, symbol.text, symbol.at, [left, _sum()])
	return left


func _sum() -> ConditionNode:
	return _chain(_product, ["+", "-"])


func _product() -> ConditionNode:
	return _chain(_unary, ["*", "/", "%"])


func _unary() -> ConditionNode:
	if _peek().is_operator("-"):
		var at: int = _take().at
		return _deeper(func() -> ConditionNode: return _made(ConditionNode.UNARY, "-", at, [_unary()]))
	return _postfix(_primary())


func _postfix(base: ConditionNode) -> ConditionNode:
	while base != null:
		if _peek().is_operator("."):
			_take()
			var name: ConditionLexer.Token = _take()
			if name.kind != ConditionLexer.NAME:
				return _unexpected(name)
			base = _call(name, base) if _peek().is_operator("(") else _property(name, base)
		elif _peek().is_operator("["):
			var at: int = _take().at
			var key: ConditionNode = _deeper(_or)
			base = _made(ConditionNode.INDEX, "[]", at, [base, key]) if _expect("]") else null
		else:
			return base
	return null


func _property(name: ConditionLexer.Token, base: ConditionNode) -> ConditionNode:
	return _made(ConditionNode.PROPERTY, name.text, name.at, [base])


func _primary() -> ConditionNode:
	var token: ConditionLexer.Token = _take()
	if token.kind == ConditionLexer.NUMBER or token.kind == ConditionLexer.STRING:
		return _made(ConditionNode.LITERAL, token.value, token.at)
	if token.kind == ConditionLexer.NODE:
		return _made(ConditionNode.NODE, token.value, token.at)
	if token.is_operator("("):
		var inner: ConditionNode = _deeper(_or)
		return inner if _expect(")") else null
	if token.kind == ConditionLexer.NAME:
		return _named(token)
	return _unexpected(token)


func _named(token: ConditionLexer.Token) -> ConditionNode:
	if LITERALS.has(token.text):
		return _made(ConditionNode.LITERAL, LITERALS[token.text], token.at)
	if token.text in DECLARING_WORDS or token.text in RUNNING_WORDS:
		return _refuse(token, "'%s' is GDScript code, and a condition runs no code" % token.text)
	if token.text in UNSUPPORTED_WORDS or token.text in ["and", "or", "not"]:
		return _unexpected(token)
	if _peek().is_operator("("):
		return _call(token, null)
	if _is_engine_name(token.text):
		return _refuse(token, "'%s' is an engine singleton or class, which a condition may not use" % token.text)
	return _made(ConditionNode.NAME, token.text, token.at)


## A call of name: refused unless the contract lists it (with this many arguments).
func _call(name: ConditionLexer.Token, base: ConditionNode) -> ConditionNode:
	var wanted: Variant = ConditionRules.arguments_of(name.text, base != null)
	if wanted == null:
		var what: String = "'%s' is not a method a condition may call" % name.text
		return _refuse(name, "%s (it may call: %s)" % [what, ", ".join(ConditionRules.callable_names())])
	var arguments: Array = [] if base == null else [base]
	_take()
	while _failure == null and not _peek().is_operator(")"):
		arguments.append(_deeper(_or))
		if not _peek().is_operator(")") and not _expect(","):
			return null
	if _failure != null or not _expect(")"):
		return null
	var count: int = arguments.size() - (0 if base == null else 1)
	if count != (wanted as Array).size():
		return _refuse(name, "%s() takes %d argument(s), not %d" % [name.text, (wanted as Array).size(), count])
	var call: ConditionNode = _made(ConditionNode.CALL, name.text, name.at, arguments)
	if call != null:
		call.has_base = base != null
	return call


## Engine singletons (OS, Engine, ClassDB...), engine classes and the project's global classes; an
## autoload of that name is the project's own node and stays readable.
static func _is_engine_name(name: String) -> bool:
	if ProjectSettings.has_setting("autoload/" + name):
		return false
	if Engine.has_singleton(name) or ClassDB.class_exists(name):
		return true
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if str(entry["class"]) == name:
			return true
	return false


## A node, counted against the budget; null once anything failed.
func _made(kind: int, value: Variant, at: int, children: Array = []) -> ConditionNode:
	if _failure != null or children.has(null):
		return null
	_nodes += 1
	if _nodes > ConditionRules.limit("max_nodes"):
		return _refuse(_peek(), "it has more than %d parts" % ConditionRules.limit("max_nodes"), "INVALID_PARAMS")
	return ConditionNode.new(kind, value, at, children)


## inner(), one nesting level down; refused past the depth budget.
func _deeper(inner: Callable) -> ConditionNode:
	_depth += 1
	if _depth > ConditionRules.limit("max_depth"):
		return _refuse(_peek(), "it nests deeper than %d levels" % ConditionRules.limit("max_depth"))
	var made: ConditionNode = inner.call()
	_depth -= 1
	return made


func _peek() -> ConditionLexer.Token:
	return _tokens[_next]


func _take() -> ConditionLexer.Token:
	var token: ConditionLexer.Token = _tokens[_next]
	_next = mini(_next + 1, _tokens.size() - 1)
	return token


func _expect(symbol: String) -> bool:
	if _peek().is_operator(symbol):
		_take()
		return true
	_unexpected(_peek(), "'%s' was expected" % symbol)
	return false


func _unexpected(token: ConditionLexer.Token, why: String = "") -> ConditionNode:
	if token.kind == ConditionLexer.OPERATOR and token.text in ASSIGNMENTS:
		return _refuse(token, "'%s' assigns, and a condition changes nothing" % token.text)
	var what: String = "it ends too early" if token.kind == ConditionLexer.END else "'%s' is unexpected" % token.text
	if why != "" and token.kind != ConditionLexer.END:
		what += " (%s)" % why
	_fail_at("PARSE_ERROR", token.at, what)
	return null


func _refuse(token: ConditionLexer.Token, why: String, code: String = "INVALID_PARAMS") -> ConditionNode:
	_fail_at(code, token.at, why)
	return null


func _fail_at(code: String, at: int, why: String) -> Result:
	if _failure == null:
		_failure = Result.fail(code, "The condition %s at character %d: %s." % [_verb(code), at + 1, why])
	return _failure


static func _verb(code: String) -> String:
	return "is refused" if code == "INVALID_PARAMS" else "does not parse"
