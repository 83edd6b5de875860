@tool
extends RefCounted
## editor.get_log: the editor's output (prints, warnings, errors) since the plugin started, read
## by cursor so a caller can fetch only what is new since its last call.

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_mcp/contract/pagination.gd")
const ToolkitSettings := preload("res://addons/godot_mcp/core/toolkit_settings.gd")
const VersionGate := preload("res://addons/godot_mcp/contract/version_gate.gd")
const Untrusted := preload("res://addons/godot_mcp/security/untrusted.gd")
const EditorLog := preload("res://addons/godot_mcp/diagnostics/editor_log.gd")
const EditorCommands := preload("res://addons/godot_mcp/commands/editor_commands.gd")
const LEVELS: Array[String] = ["info", "warning", "error", "script_error", "shader_error"]
const DEFAULT_LIMIT := 200

## Terminal colour codes (the editor colours its output) and other control characters: noise to a
## reader, and not valid raw inside JSON strings.
static var _control: RegEx = RegEx.create_from_string("\\x1b\\[[0-9;?]*[ -/]*[@-~]|[\\x00-\\x08\\x0b-\\x1f\\x7f]")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"editor.get_log",
		get_log,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Read the Godot editor's output log (prints, warnings, errors, script errors) captured since"
					+ " the MCP plugin started. Without cursor: the newest entries. Pass resume_cursor from the"
					+ " previous call as cursor to get only what was logged since. Use after a change to look for"
					+ " errors the editor reported."
				)
			)
			. with_input_schema(_input_schema())
			. with_output_schema(_output_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["log", "output", "errors"])
			. mark_read_only()
			. mark_scene_independent()
		)
	)


static func get_log(params: Dictionary) -> Dictionary:
	if not EditorLog.is_capturing():
		return _unavailable()
	var total: int = EditorLog.next_seq()
	var limit: int = int(params.get("limit", DEFAULT_LIMIT))
	var from: int = int(params.get("cursor", -1))
	if from > total:
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"cursor %d is past the end of the log (%d entries so far)." % [from, total],
			"Pass the resume_cursor of an earlier editor_get_log answer, or omit cursor for the newest entries."
		)
	var start: int = from if from >= 0 else EditorLog.first_seq()
	var entries: Array[Dictionary] = _matching(EditorLog.entries_from(start), params, total)
	if from < 0:
		entries = entries.slice(maxi(entries.size() - limit, 0))
	return MCPToolkitSuccess.ok(_page(entries, start, limit, total))


## The entries before seq `end` that pass the levels and contains filters, as copies with their
## text cleaned; entries left blank by the cleaning (colour resets) are dropped.
static func _matching(entries: Array[Dictionary], params: Dictionary, end: int) -> Array[Dictionary]:
	var levels: Array = params.get("levels", LEVELS)
	var contains: String = str(params.get("contains", "")).to_lower()
	var kept: Array[Dictionary] = []
	for entry: Dictionary in entries:
		if int(entry["seq"]) >= end:
			break
		var text: String = _control.sub(str(entry["text"]), "", true).strip_edges(false, true).lstrip("\n")
		if text.strip_edges() == "" or not entry["level"] in levels:
			continue
		if contains != "" and not (text + str(entry["source"])).to_lower().contains(contains):
			continue
		var cleaned: Dictionary = entry.duplicate()
		cleaned["text"] = text
		kept.append(cleaned)
	return kept


## Lines up to the limit and the live read cap; the page ends after the last entry returned.
static func _page(entries: Array[Dictionary], from: int, limit: int, total: int) -> Dictionary:
	var lines: PackedStringArray = PackedStringArray()
	var counts: Dictionary = {}
	var budget: int = ToolkitSettings.read_cap_bytes()
	var next_cursor: int = total
	for entry: Dictionary in entries:
		var line: String = _line(entry)
		budget -= line.to_utf8_buffer().size() + 1
		if lines.size() >= limit or (budget < 0 and not lines.is_empty()):
			next_cursor = int(entry["seq"])
			break
		lines.append(line)
		counts[entry["level"]] = int(counts.get(entry["level"], 0)) + 1
	var page: Dictionary = Pagination.build("entries", total, lines.size(), next_cursor, "cursor")
	page["log"] = Untrusted.wrap("log", "editor output", "\n".join(lines)) if not lines.is_empty() else ""
	page["resume_cursor"] = next_cursor
	page["oldest_cursor"] = EditorLog.first_seq()
	page["dropped"] = maxi(EditorLog.first_seq() - from, 0)
	page["counts"] = counts
	return page


static func _line(entry: Dictionary) -> String:
	var line: String = "[%d] %s: %s" % [int(entry["seq"]), str(entry["level"]).to_upper(), entry["text"]]
	if str(entry["source"]) != "":
		line += "  (at %s)" % entry["source"]
	return line


static func _unavailable() -> Dictionary:
	var version: String = VersionGate.engine_version()
	if not EditorLog.is_supported():
		return MCPToolkitError.fail(
			"LOG_UNAVAILABLE",
			(
				"Godot %s cannot hand its output to plugins; that needs Godot %s or newer."
				% [version, EditorLog.MIN_GODOT_VERSION]
			),
			(
				(
					"Upgrade the editor to Godot %s+ to read its log here; until then read the output in the terminal"
					+ " that started Godot (or the editor's Output panel)."
				)
				% EditorLog.MIN_GODOT_VERSION
			)
		)
	return MCPToolkitError.fail(
		"LOG_UNAVAILABLE",
		"The editor log is not being captured (the MCP plugin did not start its capture).",
		"Disable and re-enable the godot_mcp plugin (Project Settings > Plugins), then retry."
	)


static func _input_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"cursor":
				S.integer(
					"Return entries from this sequence number on (a resume_cursor). Omit for the newest.", null, 0
				),
				"limit": S.integer("How many entries to return at most.", DEFAULT_LIMIT, 1),
				"levels": S.array(S.enum_of(LEVELS), "Only entries of these levels (default: all)."),
				"contains": S.string("Only entries whose text contains this (case-insensitive)."),
			}
		)
	)


static func _output_schema() -> Dictionary:
	var fields: Dictionary = S.page_fields("entries", "cursor")
	(
		fields
		. merge(
			{
				"log": S.string("One line per entry ('[seq] LEVEL: text  (at source)'), wrapped as untrusted content."),
				"resume_cursor": S.integer("Pass as cursor next time to get only newer entries."),
				"oldest_cursor": S.integer("Sequence number of the oldest entry still held."),
				"dropped": S.integer("Entries asked for that were already overwritten in the ring buffer."),
				"counts": S.object({}, [], true),
			}
		)
	)
	return S.object(fields, ["log", "resume_cursor", "has_more", "total_entries", "returned"], true)
