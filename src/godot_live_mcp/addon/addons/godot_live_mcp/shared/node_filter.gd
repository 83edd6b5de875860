@tool
extends RefCounted
## Which nodes a listing keeps: a name pattern (case-insensitive glob, "*" and "?"), a class (engine
## class with its subclasses, or a script's class_name), a group and a script path. Every filter
## given must match; none given keeps everything. The editor's and the game's node listings take
## the same filter arguments (export-clean).

const Glob := preload("res://addons/godot_live_mcp/shared/glob.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/shared/node_filter.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")

## The filter arguments as commands declare them (schema shorthand), the same in editor and game.
const ARGS := {
	"name": "@glob: Keep nodes whose name matches this pattern (case-insensitive, * and ?), e.g. 'Coin*'.",
	"type": "string: Keep nodes of this class or a subclass, e.g. 'Area2D', or whose script has this class_name.",
	"group": "string: Keep nodes in this group.",
	"script": "string: Keep nodes whose script is this res:// path.",
}

var name_pattern: String = ""
var type: String = ""
var group: String = ""
var script_path: String = ""


static func from_params(params: CommandParams) -> NodeFilter:
	var filter: NodeFilter = NodeFilter.new()
	filter.name_pattern = params.text("name").strip_edges()
	filter.type = params.text("type").strip_edges()
	filter.group = params.text("group").strip_edges()
	filter.script_path = params.text("script").strip_edges()
	return filter


func matches(node: Node) -> bool:
	if name_pattern != "" and not Glob.matches(str(node.name), name_pattern, true):
		return false
	if type != "" and not _is_of_type(node):
		return false
	if group != "" and not node.is_in_group(group):
		return false
	return script_path == "" or script_of(node) == script_path


## The res:// path of node's script ("" without one; "<scene>::<id>" for a built-in script).
static func script_of(node: Node) -> String:
	var script: Script = node.get_script() as Script
	return script.resource_path if script != null else ""


func _is_of_type(node: Node) -> bool:
	if node.is_class(type):
		return true
	var script: Script = node.get_script() as Script
	while script != null:
		if str(script.get_global_name()) == type:
			return true
		script = script.get_base_script()
	return false
