@tool
extends RefCounted
## A page of listed nodes (scene trees, find results) at a detail level, the same in the editor and
## the game (export-clean). brief: one line a node under "tree"; normal: rows of path, type and what
## is set of script and instance; full: every field of NodeReport.row.

const NodeListing := preload("res://addons/godot_live_mcp/shared/node_listing.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const NodeReport := preload("res://addons/godot_live_mcp/shared/node_report.gd")

## The detail argument of a listing (schema shorthand).
const ARG := {
	"detail":
	(
		Detail.ARG
		% (
			"brief: 'tree' lines 'name: Type', ~30 chars a node; normal: 'nodes' rows of path, type, script,"
			+ " instance, ~60; full: + groups and counts, ~130"
		)
	),
}
## What a listing returns beside its page fields (schema shorthand): tree at brief, nodes otherwise.
const RETURNS := {
	"tree":
	(
		"array<string>: detail brief: one line a node, '<name>: <Type>' indented two spaces deeper than"
		+ " its parent's line above, or '<path>: <Type>' unindented when its parent is not that line."
	),
	"nodes": NodeReport.ROWS,
}


## One node of a listing: how the caller's channel names it, and its depth in the walk.
class Entry:
	extends RefCounted
	var node: Node
	var path: String
	var depth: int

	func _init(listed_node: Node, listed_path: String, listed_depth: int) -> void:
		node = listed_node
		path = listed_path
		depth = listed_depth


## The page of entries (tree order) params.offset and params.limit select, at params.detail, cut
## to that level's cap. unit names the total ("nodes", "matches"); fields: the caller's own fields of
## the page (counted against the cap too); edited_root: the edited scene's root in the editor (rows
## then say whether an instance's children are editable), null in the game.
static func page(
	entries: Array[Entry], params: CommandParams, unit: String, fields: Dictionary, edited_root: Node = null
) -> Dictionary:
	var level: String = params.text("detail")
	var offset: int = clampi(params.integer("offset"), 0, entries.size())
	var listed: Dictionary = Pagination.list_page(entries, offset, params.integer("limit"), "nodes", unit)
	var shown: Array = listed["nodes"]
	var key: String = "tree" if level == "brief" else "nodes"
	listed.erase("nodes")
	listed.merge(fields)
	listed[key] = lines(shown) if level == "brief" else _rows(shown, level, edited_root)
	var narrower: String = "narrow it with name, type or group"
	if level != "brief":
		narrower = "ask for detail = 'brief', or " + narrower
	return Detail.fit(listed, key, offset, level, narrower)


## The brief lines of entries (see RETURNS "tree"): a node hangs under its parent's line when that
## line is the nearest one above at one indent less; otherwise it starts at the left with its path.
static func lines(entries: Array) -> Array[String]:
	var written: Array[String] = []
	var open: Array[Entry] = []  # The line at each indent that later lines may still hang under.
	for entry: Entry in entries:
		var label: String = entry.path
		var indent: int = 0
		for at: int in range(open.size() - 1, -1, -1):
			if open[at].node == entry.node.get_parent():
				if entry.path == _joined(open[at].path, str(entry.node.name)):
					label = str(entry.node.name)
					indent = at + 1
				break
		open.resize(indent)
		open.append(entry)
		written.append("%s%s: %s" % ["  ".repeat(indent), NodeReport.scrubbed(label), entry.node.get_class()])
	return written


static func _rows(entries: Array, level: String, edited_root: Node) -> Array[Dictionary]:
	var rows: Array[Dictionary] = []
	for entry: Entry in entries:
		var row: Dictionary = NodeReport.row(entry.node, entry.path, entry.depth, edited_root)
		rows.append(row if level == "full" else NodeReport.lean(row))
	return rows


## A child's path from its parent's ("." is the scene's root).
static func _joined(parent_path: String, name: String) -> String:
	return name if parent_path == "." else "%s/%s" % [parent_path, name]
