@tool
extends RefCounted
## file.search: text or regular-expression search across the project's text files, one match per
## line, paginated, with the matched lines scrubbed of secrets.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const ProjectTree := preload("res://addons/godot_live_mcp/authoring/project_tree.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const ProjectFolder := preload("res://addons/godot_live_mcp/authoring/project_folder.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

## Files larger than this are skipped (counted in files_skipped), like binary files.
const MAX_FILE_BYTES := 4 * 1024 * 1024
## Longest line excerpt returned; longer lines are cut around the match.
const EXCERPT_CHARS := 240
## How much of a cut line is kept before the match.
const EXCERPT_LEAD := 60

const GROUP := "file"
const MATCHES := {
	"@": "array", "path!": "string", "line!": "integer: 1-based.", "column!": "integer: 1-based, in characters."
}
const COMMANDS := {
	"file.search":
	{
		"text":
		(
			"Search the project's text files for a text or regular expression: the first match on each line,"
			+ " with line and column, paginated. Use it to find where a name is used before editing. Secrets are"
			+ " redacted before matching (a search never matches inside one); secret files (.env, keys) are skipped."
		),
		"args":
		[
			{"query!": "string[1..1024]: Text to find (or a regular expression when regex is true)."},
			{"regex": "boolean=false: Treat query as a PCRE regular expression."},
			{"case_sensitive": "boolean=true: Match letter case exactly."},
			{"path": 'string="res://": Folder to search, recursively (res:// path).'},
			{"glob": "@glob=\"*\": Only files whose name matches ('*.gd'); with '/' it matches the relative path."},
			{"offset": PageArgs.OFFSET % "match", "limit": PageArgs.LIMIT_100 % "matches"},
		],
		"returns":
		[
			{"@page": "matches offset", "path": "string", "matches!": MATCHES, "files_searched": "integer"},
			{"files_skipped": "integer: Binary, non-UTF-8 or over-4-MiB files left out."},
			{"lines": "string: This page's matching lines as 'path:line:column: text'."},
		],
		"marks": "read_only idempotent scene_independent",
		"guard": ["path"],
	},
}


static func search(params: CommandParams) -> Result:
	var folder: Result = ProjectFolder.existing_folder(params)
	if folder.failed():
		return folder
	var pattern: RegEx = _pattern(params)
	if pattern == null:
		return Result.fail(
			"INVALID_PARAMS",
			"query is empty or not a valid regular expression: '%s'." % params.text("query"),
			"Pass regex=false to search for the text as written."
		)
	var found: Dictionary = _scan(folder.value, params.text("glob"), pattern)
	var page: Dictionary = ProjectFolder.listing(params, folder.value, found["matches"], "matches")
	page.merge({"files_searched": found["searched"], "files_skipped": found["skipped"]})
	page["lines"] = Scrubber.scrub(_grep_lines(page["matches"]))
	return Result.of(page)


## The compiled search, or null for an empty query or an invalid expression (compiled silently).
static func _pattern(params: CommandParams) -> RegEx:
	var query: String = params.text("query")
	if query == "":
		return null
	var source: String = query if params.flag("regex") else _escaped(query)
	if not params.flag("case_sensitive"):
		source = "(?i)" + source
	var pattern: RegEx = RegEx.new()
	return pattern if pattern.compile(source, false) == OK else null


static func _escaped(text: String) -> String:
	const REGEX_SPECIALS := "\\.^$|?*+()[]{}"
	var escaped: String = ""
	for character: String in text:
		escaped += ("\\" + character) if REGEX_SPECIALS.contains(character) else character
	return escaped


## {"matches": [{path, line, column, excerpt}], "searched": n, "skipped": n} over the text files.
static func _scan(folder: String, glob: String, pattern: RegEx) -> Dictionary:
	var matches: Array[Dictionary] = []
	var searched: int = 0
	var skipped: int = 0
	for path: String in ProjectTree.files(folder, true, glob):
		var bytes: PackedByteArray = (
			FileAccess.get_file_as_bytes(path) if FileAccess.get_size(path) <= MAX_FILE_BYTES else PackedByteArray([0])
		)
		if not TextContent.is_utf8(bytes):
			skipped += 1
			continue
		searched += 1
		# The redacted text, never the raw one: a pattern must not probe what a redaction hides.
		_match_lines(path, Scrubber.scrub(TextContent.decode(bytes)), pattern, matches)
	return {"matches": matches, "searched": searched, "skipped": skipped}


static func _match_lines(path: String, text: String, pattern: RegEx, matches: Array[Dictionary]) -> void:
	var number: int = 0
	for line: String in TextContent.lines_of(text):
		number += 1
		var hit: RegExMatch = pattern.search(line)
		if hit != null:
			var column: int = hit.get_start() + 1
			matches.append({"path": path, "line": number, "column": column, "excerpt": _excerpt(line, column)})


static func _excerpt(line: String, column: int) -> String:
	var text: String = line.strip_edges(false, true)
	if text.length() <= EXCERPT_CHARS:
		return text
	var start: int = clampi(column - 1 - EXCERPT_LEAD, 0, text.length() - EXCERPT_CHARS)
	return "…" + text.substr(start, EXCERPT_CHARS) + "…"


## The page's matches as grep prints them ("path:line:column: text"); the excerpts leave the dictionaries.
static func _grep_lines(matches: Array) -> String:
	var lines: PackedStringArray = PackedStringArray()
	for item: Dictionary in matches:
		lines.append("%s:%d:%d: %s" % [item["path"], item["line"], item["column"], item["excerpt"]])
		item.erase("excerpt")
		item["path"] = Scrubber.scrub(item["path"])
	return "\n".join(lines)
