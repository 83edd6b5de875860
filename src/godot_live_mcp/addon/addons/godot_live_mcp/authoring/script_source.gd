@tool
extends RefCounted
## GDScript text as the script tools write and read it: templates for new scripts, and the
## top-level declarations (class_name, extends, @tool) read from the text without compiling it.

const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")

const EMPTY := "empty"
const NODE := "node"
const TOOL := "tool"
const TEMPLATES: Array[String] = [EMPTY, NODE, TOOL]
const LIFECYCLE := "\n\nfunc _ready() -> void:\n\tpass\n\n\nfunc _process(_delta: float) -> void:\n\tpass\n"
## How far a chain of script bases is followed before giving up (a cycle, or a very deep hierarchy).
const MAX_BASE_DEPTH := 32

static var _class_line: RegEx = RegEx.create_from_string("(?m)^class_name\\s+([A-Za-z_][A-Za-z0-9_]*)")
static var _extends_line: RegEx = RegEx.create_from_string(
	"(?m)^(?:class_name\\s+[A-Za-z_][A-Za-z0-9_]*\\s+)?extends\\s+(\"[^\"]*\"|'[^']*'|[A-Za-z_][A-Za-z0-9_.]*)"
)
static var _tool_line: RegEx = RegEx.create_from_string("(?m)^@tool\\b")


## The text of a new script: template is one of TEMPLATES; base is a class name or a res:// script path.
static func from_template(template: String, base: String, global_name: String, node_based: bool) -> String:
	var head: PackedStringArray = PackedStringArray()
	if template == TOOL:
		head.append("@tool")
	if global_name != "":
		head.append("class_name " + global_name)
	head.append("extends " + (('"%s"' % base) if base.begins_with("res://") else base))
	var text: String = "\n".join(head) + "\n"
	if template == NODE or (template == TOOL and node_based):
		text += LIFECYCLE
	return text


## {"class_name": "" or the global name, "extends": the base as written (a path without quotes), "tool": bool}.
static func declarations(text: String) -> Dictionary:
	var global_name: RegExMatch = _class_line.search(text)
	var base: RegExMatch = _extends_line.search(text)
	return {
		"class_name": global_name.get_string(1) if global_name != null else "",
		"extends":
		base.get_string(1).trim_prefix('"').trim_suffix('"').replace("'", "") if base != null else "RefCounted",
		"tool": _tool_line.search(text) != null,
	}


## The engine class at the root of base (an engine class, a global script class or a res:// script
## path), or "" when base names nothing this project knows.
static func native_base(base: String) -> String:
	var current: String = base
	for _step: int in MAX_BASE_DEPTH:
		if ClassDB.class_exists(current):
			return current
		var next: String = _script_base(current)
		if next == "":
			return ""
		current = next
	return ""


static func _script_base(base: String) -> String:
	if not base.begins_with("res://"):
		return ClassCatalog.script_class_base(base)
	if not FileAccess.file_exists(base):
		return ""
	return str(declarations(FileAccess.get_file_as_string(base))["extends"])
