@tool
extends RefCounted
## Runs a GDScript snippet: one expression, or the body of a function, for execute.code in the game
## and editor.execute in the editor (export-clean). Compile errors come back with the snippet's own
## line numbers. The snippet sees `scene` (the scene's root, also `self` for an expression), `tree`,
## `root`, and the project's autoloads by name.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")

const ENTRY := "__mcp_run"
## The lines wrap_source puts before the snippet's first line; the first takes the warning names.
const HEADER: PackedStringArray = [
	"@warning_ignore_start(%s)",
	"extends RefCounted",
	"var scene: Node",
	"var tree: SceneTree",
	"var root: Window",
	"func " + ENTRY + "() -> Variant:",
]
## At most this many logged errors make up an EXECUTION_ERROR's message.
const ERRORS_SHOWN := 5
## What both code tools (editor.execute, execute.code) take and answer, in schema shorthand.
const ARGS := {
	"code!": "string: An expression, or statements with `return` for a value.",
	"mode": 'enum(auto|expression|body)="auto": How to read the code (auto: by its shape).',
}
const RETURNS := {
	"value": "any: The result, as JSON (engine types tagged).",
	"type": "string: The Godot type of the result, e.g. 'int', 'Vector2', 'Nil'.",
	"mode": "enum(expression|body): How the code was read.",
}
const STATEMENT_START := ["var ", "const ", "for ", "while ", "if ", "match ", "return", "pass", "await "]


## What the snippet returned, as {"value": Variant, "mode": "expression"|"body"}, or COMPILE_ERROR
## or EXECUTION_ERROR at its line. output (may be null) supplies the engine's messages. An
## expression runs through Expression (void calls allowed); a body compiles as a function.
static func run(code: String, mode: String, output: LogBuffer, scene: Node) -> Result:
	if code.strip_edges() == "":
		return Result.fail("INVALID_PARAMS", "code is empty.", "Pass an expression, or statements with `return`.")
	if mode == "expression" or (mode == "auto" and looks_like_expression(code)):
		var names: Dictionary = expression_names(code, scene)
		var expression: Expression = Expression.new()
		if expression.parse(code.strip_edges(), PackedStringArray(names.keys())) == OK:
			return _run_expression(expression, names.values(), output, scene)
		if mode == "expression":
			return _failure("COMPILE_ERROR", expression.get_error_text(), 1)
	return await _run_body(code, output, scene)


## What run() gave, as the code tools answer it: the value as JSON with its type, or the failure
## with a hint naming log_tool, the tool that shows the full error.
static func answer(outcome: Result, log_tool: String) -> Result:
	if outcome.code == "EXECUTION_ERROR":
		return Result.fail(
			outcome.code, outcome.message, "Fix the code and run it again; %s shows the full error." % log_tool
		)
	if outcome.failed():
		return outcome
	var value: Variant = outcome.value["value"]
	return Result.of(
		{"value": Coercion.to_json(value), "type": type_string(typeof(value)), "mode": outcome.value["mode"]}
	)


## One line that is not a statement such as `x = 1` or `var a` (those are bodies).
static func looks_like_expression(code: String) -> bool:
	var text: String = code.strip_edges()
	if text.contains("\n") or text.is_empty():
		return false
	for start: String in STATEMENT_START:
		if text.begins_with(start) or text == start.strip_edges():
			return false
	return true


static func _run_expression(expression: Expression, inputs: Array, output: LogBuffer, scene: Node) -> Result:
	var cursor: int = output.next_seq() if output != null else 0
	var value: Variant = expression.execute(inputs, scene, false)
	if expression.has_execute_failed():
		return _failure("EXECUTION_ERROR", expression.get_error_text(), 1)
	return _outcome(value, "expression", output, cursor)


static func _run_body(code: String, output: LogBuffer, scene: Node) -> Result:
	var script: GDScript = GDScript.new()
	script.source_code = wrap_source(code)
	var cursor: int = output.next_seq() if output != null else 0
	if script.reload() != OK:
		return _compile_failure(output, cursor)
	var instance: Object = script.new()
	var inputs: Dictionary = _inputs(scene)
	for name: String in inputs:
		instance.set(name, inputs[name])
	cursor = output.next_seq() if output != null else 0
	var value: Variant = await instance.call(ENTRY)
	return _outcome(value, "body", output, cursor)


## Errors the engine logged while the code ran turn the result into EXECUTION_ERROR.
static func _outcome(value: Variant, mode: String, output: LogBuffer, cursor: int) -> Result:
	var errors: Array[Dictionary] = errors_since(output, cursor)
	if not errors.is_empty():
		return _failure("EXECUTION_ERROR", texts_of(errors), _line_of(errors[0]))
	return Result.of({"value": value, "mode": mode})


## The first errors output logged from cursor on (none when output is null): what a call raised.
static func errors_since(output: LogBuffer, cursor: int) -> Array[Dictionary]:
	return output.read(cursor, ERRORS_SHOWN, LogBuffer.FAILURE_KINDS) if output != null else []


## The errors' texts as one message.
static func texts_of(errors: Array[Dictionary]) -> String:
	return "; ".join(PackedStringArray(errors.map(func(e: Dictionary) -> String: return str(e["text"]))))


## What an expression can name, as GDScript code could: scene, tree and root, the project's
## autoloads, the engine's singletons (OS, Input, DisplayServer, …) and the project's classes — those
## the code mentions.
static func expression_names(code: String, scene: Node) -> Dictionary:
	var names: Dictionary = _inputs(scene)
	for autoload: Node in autoloads_named_in(code):
		names[str(autoload.name)] = autoload
	for singleton: String in Engine.get_singleton_list():
		if code.contains(singleton):
			names[singleton] = Engine.get_singleton(singleton)
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if code.contains(str(entry["class"])):
			names[str(entry["class"])] = load(str(entry["path"]))
	for word: RegExMatch in RegEx.create_from_string("\\b[A-Z][A-Za-z0-9]+\\b").search_all(code):
		var name: String = word.get_string()
		if not names.has(name) and ClassDB.class_exists(name) and not Engine.has_singleton(name):
			names[name] = _native_class(name)
	return names


## The live autoload nodes whose names code mentions (none in the editor, which runs no autoloads
## but its @tool ones).
static func autoloads_named_in(code: String) -> Array[Node]:
	var found: Array[Node] = []
	var root: Window = (Engine.get_main_loop() as SceneTree).root
	for property: Dictionary in ProjectSettings.get_property_list():
		var key: String = property["name"]
		if key.begins_with("autoload/") and code.contains(key.get_slice("/", 1)):
			var node: Node = root.get_node_or_null(NodePath(key.get_slice("/", 1)))
			if node != null:
				found.append(node)
	return found


## The engine class itself, as GDScript code sees it (so `FileAccess.file_exists(…)` works).
static func _native_class(name: String) -> Variant:
	var script: GDScript = GDScript.new()
	script.source_code = "extends RefCounted\nstatic func get_class_ref() -> Variant:\n\treturn %s\n" % name
	return script.call("get_class_ref") if script.reload() == OK else null


## The names every snippet sees, as HEADER declares them.
static func _inputs(scene: Node) -> Dictionary:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	return {"scene": scene, "tree": tree, "root": tree.root}


## The snippet as a script: warnings that projects raise to errors are switched off for it.
static func wrap_source(body: String) -> String:
	var lines: PackedStringArray = HEADER.duplicate()
	lines[0] = HEADER[0] % _warning_names()
	for line: String in body.split("\n"):
		lines.append("\t" + line)
	return "\n".join(lines) + "\n\treturn null\n"


static func _warning_names() -> String:
	var names: PackedStringArray = PackedStringArray()
	for property: Dictionary in ProjectSettings.get_property_list():
		var key: String = property["name"]
		if key.begins_with("debug/gdscript/warnings/") and int(property["type"]) == TYPE_INT:
			names.append('"%s"' % key.get_file())
	return ", ".join(names)


static func _compile_failure(output: LogBuffer, cursor: int) -> Result:
	var errors: Array[Dictionary] = errors_since(output, cursor)
	if errors.is_empty():
		return _failure("COMPILE_ERROR", "The code does not compile.", 0)
	return _failure("COMPILE_ERROR", str(errors[0]["text"]), _line_of(errors[0]))


## A failure at a snippet line (0: none known); a compile error's hint points at the syntax.
static func _failure(code: String, message: String, line: int) -> Result:
	var at: String = " (line %d)" % line if line > 0 else ""
	return Result.fail(
		code, message + at, "Check the syntax at that line; indent blocks with tabs or spaces consistently."
	)


## The snippet line of an error raised in the wrapper script, 0 when it came from elsewhere.
static func _line_of(entry: Dictionary) -> int:
	var source: String = str(entry["source"])
	if not source.begins_with("gdscript://"):
		return 0
	var line: int = source.get_slice(":", 2).get_slice(" ", 0).to_int() - HEADER.size()
	return line if line > 0 else 0
