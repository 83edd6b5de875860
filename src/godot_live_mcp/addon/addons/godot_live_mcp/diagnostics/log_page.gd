@tool
extends RefCounted
## One page of a LogBuffer, as editor.get_log and runtime.get_log both answer it (export-clean): from
## a cursor (omitted: the newest entries), filtered by kind and text, bounded by the limit and the
## read cap, scrubbed of secrets, with the pagination contract fields and counts by kind.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")

const DEFAULT_LIMIT := 100
## The first engine with the Logger API.
const MIN_GODOT_VERSION := "4.5"
## What a log tool takes and answers (editor.get_log, runtime.get_log), in schema shorthand.
const ARGS := {
	"cursor": "integer[0..]: Return entries from this sequence number on (a resume_cursor). Omit for the newest.",
	"limit": "integer[1..10000]=%d: How many entries to return at most." % DEFAULT_LIMIT,
	"kinds":
	{
		"type": "array",
		"description": "Only entries of these kinds (default: all).",
		"items": {"type": "string", "enum": LogBuffer.KINDS},
	},
	"contains": "string: Only entries whose text or source contains this (case-insensitive).",
}
const RETURNS := {
	"@page": "entries cursor",
	"log!": "string: One line per entry ('[seq] KIND: text (repeated N times)  (at source)'), secrets redacted.",
	"resume_cursor!": "integer: Pass as cursor next time to get only newer entries.",
	"last_seq": "integer: Sequence number of the newest entry (-1 before the first).",
	"oldest_cursor": "integer: Sequence number of the oldest entry still held.",
	"dropped": "integer: Entries asked for that were already dropped to keep the log bounded.",
	"counts": "object: How many messages of each kind the returned entries hold (repeats included).",
	"totals": "object: How many messages of each kind were logged since start (repeats included).",
}

## Terminal colour codes (the editor colours its output) and other control characters: noise to a
## reader, and not valid raw inside JSON strings.
static var _control: RegEx = RegEx.create_from_string("\\x1b\\[[0-9;?]*[ -/]*[@-~]|[\\x00-\\x08\\x0b-\\x1f\\x7f]")


## The page params ask for (cursor, limit, kinds, contains), or INVALID_PARAMS for a cursor past the
## end. tool is the caller's MCP name, for the hint.
static func read(buffer: LogBuffer, params: Dictionary, tool: String) -> Result:
	var total: int = buffer.next_seq()
	var from: int = int(params.get("cursor", -1))
	if from > total:
		return Result.fail(
			"INVALID_PARAMS",
			"cursor %d is past the end of the log (%d entries so far)." % [from, total],
			"Pass the resume_cursor of an earlier %s answer, or omit cursor for the newest entries." % tool
		)
	var limit: int = maxi(int(params.get("limit", DEFAULT_LIMIT)), 1)
	var start: int = from if from >= 0 else buffer.first_seq()
	var kinds: PackedStringArray = PackedStringArray(params.get("kinds", []))
	var entries: Array[Dictionary] = _matching(buffer.read(start, -1, kinds), str(params.get("contains", "")), total)
	if from < 0:
		entries = entries.slice(maxi(entries.size() - limit, 0))
	var page: Dictionary = _page(entries, limit, total)
	page["last_seq"] = total - 1
	page["oldest_cursor"] = buffer.first_seq()
	page["dropped"] = buffer.dropped_from(start)
	page["totals"] = buffer.summary()["totals"]
	return Result.of(page)


## LOG_UNAVAILABLE on an engine that cannot hand its output to scripts; elsewhere says where to
## read it meanwhile.
static func unsupported(whose: String, elsewhere: String) -> Result:
	return Result.fail(
		"LOG_UNAVAILABLE",
		(
			"Godot %s cannot hand %s to scripts; that needs Godot %s or newer."
			% [VersionGate.engine_version(), whose, MIN_GODOT_VERSION]
		),
		"Upgrade to Godot %s+ to read it here; until then %s." % [MIN_GODOT_VERSION, elsewhere]
	)


## The entries before seq `end` (logged while this page was being read) whose text or source
## contains `contains`, as copies with their text cleaned; entries the cleaning blanks are dropped.
static func _matching(entries: Array[Dictionary], contains: String, end: int) -> Array[Dictionary]:
	var needle: String = contains.to_lower()
	var kept: Array[Dictionary] = []
	for entry: Dictionary in entries:
		if int(entry["seq"]) >= end:
			break
		var text: String = _control.sub(str(entry["text"]), "", true).strip_edges(false, true).lstrip("\n")
		if text.strip_edges() == "":
			continue
		if needle != "" and not (text + str(entry["source"])).to_lower().contains(needle):
			continue
		entry["text"] = text
		kept.append(entry)
	return kept


## Lines up to the limit and the live read cap; the page ends after the last entry returned.
static func _page(entries: Array[Dictionary], limit: int, total: int) -> Dictionary:
	var lines: PackedStringArray = PackedStringArray()
	var counts: Dictionary = {}
	var budget: int = ToolkitSettings.read_cap_bytes()
	var next_cursor: int = total
	for entry: Dictionary in entries:
		var line: String = "[%d] %s" % [int(entry["seq"]), LogBuffer.format_line(entry)]
		budget -= line.to_utf8_buffer().size() + 1
		if lines.size() >= limit or (budget < 0 and not lines.is_empty()):
			next_cursor = int(entry["seq"])
			break
		lines.append(line)
		counts[entry["kind"]] = int(counts.get(entry["kind"], 0)) + int(entry.get("repeat", 1))
	var page: Dictionary = Pagination.build("entries", total, lines.size(), next_cursor, "cursor")
	page["log"] = Scrubber.scrub("\n".join(lines)) if not lines.is_empty() else ""
	page["resume_cursor"] = next_cursor
	page["counts"] = counts
	return page
