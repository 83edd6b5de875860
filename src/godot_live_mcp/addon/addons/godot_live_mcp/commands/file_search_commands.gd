@tool
extends RefCounted
## file.search: text or regular-expression search across the project's text files, one match per
## line, paginated, with the matched lines returned as untrusted content.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Untrusted := preload("res://addons/godot_live_mcp/security/untrusted.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ProjectTree := preload("res://addons/godot_live_mcp/authoring/project_tree.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const FileSchemas := preload("res://addons/godot_live_mcp/commands/file_schemas.gd")

const DEFAULT_LIMIT := 100
## Files larger than this are skipped (counted in files_skipped), like binary files.
const MAX_FILE_BYTES := 4 * 1024 * 1024
## Longest line excerpt returned; longer lines are cut around the match.
const EXCERPT_CHARS := 240
## How much of a cut line is kept before the match.
const EXCERPT_LEAD := 60
const REGEX_SPECIALS := "\\.^$|?*+()[]{}"


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("file.search", search, _options())


static func search(params: Dictionary) -> Dictionary:
	var folder: String = ProjectFiles.guarded(params.get("path", "res://"))
	if folder == "":
		return ProjectFiles.denied("path", params.get("path"))
	if not DirAccess.dir_exists_absolute(folder):
		return MCPToolkitError.fail("NOT_FOUND", "No folder at '%s'." % folder, "List folders with file_list.")
	var pattern: RegEx = _pattern(params)
	if pattern == null:
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"query is empty or not a valid regular expression: '%s'." % params.get("query", ""),
			"Pass regex=false to search for the text as written."
		)
	var found: Dictionary = _scan(folder, str(params.get("glob", "*")), pattern)
	var page: Dictionary = Pagination.list_page(
		found["matches"], int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "matches", "matches"
	)
	(
		page
		. merge(
			{
				"path": folder,
				"files_searched": found["searched"],
				"files_skipped": found["skipped"],
				"lines": Untrusted.wrap("search", folder, _grep_lines(page["matches"])),
			}
		)
	)
	return MCPToolkitSuccess.ok(page)


## The compiled search, or null for an empty query or an invalid expression (compiled silently).
static func _pattern(params: Dictionary) -> RegEx:
	var query: String = str(params.get("query", ""))
	if query == "":
		return null
	var source: String = query if bool(params.get("regex", false)) else _escaped(query)
	if not bool(params.get("case_sensitive", true)):
		source = "(?i)" + source
	var pattern: RegEx = RegEx.new()
	return pattern if pattern.compile(source, false) == OK else null


static func _escaped(text: String) -> String:
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
		_match_lines(path, TextContent.decode(bytes), pattern, matches)
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
	return "\n".join(lines)


static func _options() -> MCPToolkitCommandOptions:
	var params: Dictionary = {
		"query": S.string("Text to find (or a regular expression when regex is true)."),
		"regex": S.boolean("Treat query as a PCRE regular expression.", false),
		"case_sensitive": S.boolean("Match letter case exactly.", true),
		"path": S.string("Folder to search, recursively (res:// path).", "res://"),
		"glob": S.string("Only files whose name matches ('*.gd'); with '/' it matches the relative path.", "*"),
		"offset": S.integer("Index of the first match to return.", 0, 0),
		"limit": S.integer("How many matches to return at most.", DEFAULT_LIMIT, 1),
	}
	var item: Dictionary = S.object(
		{"path": S.string(), "line": S.integer("1-based."), "column": S.integer("1-based, in characters.")},
		["path", "line", "column"],
		true
	)
	var output: Dictionary = (
		S
		. page(
			"matches",
			"offset",
			{
				"path": S.string(),
				"matches": S.array(item),
				"files_searched": S.integer(),
				"files_skipped": S.integer("Binary, non-UTF-8 or over-4-MiB files left out."),
				"lines": S.string("This page's matching lines as 'path:line:column: text', as untrusted content."),
			},
			["matches"]
		)
	)
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(
			(
				"Search the project's text files for a text or regular expression: the first match on each line,"
				+ " with line and column, paginated. Use it to find where a name is used before editing."
			)
		)
		. with_input_schema(S.object(params, ["query"]))
		. with_output_schema(output)
		. with_group(FileSchemas.GROUP, FileSchemas.GROUP_TEXT, FileSchemas.KEYWORDS)
		. guard_project_path("path")
		. mark_read_only()
		. mark_idempotent()
		. mark_scene_independent()
	)
