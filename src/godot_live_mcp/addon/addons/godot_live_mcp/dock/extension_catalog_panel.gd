@tool
extends VBoxContainer
## The dock's extension catalog. On the person's request it fetches the maintainer-curated catalog
## (the url of .godot-live-mcp/extension_catalog.json, which only a person edits, else the default),
## lists the entries that fit this toolkit and Godot, and installs the one whose Install button the
## person presses into a folder of its own, enabling its extensions. Each failure is one status line.

const CatalogEntries := preload("res://addons/godot_live_mcp/extensions/catalog/catalog_entries.gd")
const CatalogInstall := preload("res://addons/godot_live_mcp/extensions/catalog/catalog_install.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const ExtensionLoader := preload("res://addons/godot_live_mcp/extensions/extension_loader.gd")

const HEADING := "Extension catalog"
const SHOW_TEXT := "Show extension catalog"
const TIP := (
	"Community extensions from the maintainers' catalog that fit this toolkit and Godot version.\n"
	+ "Install puts one into res://addons/<its folder>/ and enables it: read its code at its repository first,"
	+ " it runs in the editor with your rights."
)
const DOWNLOAD := "user://godot_live_mcp/catalog_download.zip"
const ARCHIVE_REDIRECTS := 8
const MAINTAINERS := "tell the catalog's maintainers"
const REASONS := {
	HTTPRequest.RESULT_CANT_CONNECT: "cannot connect",
	HTTPRequest.RESULT_CANT_RESOLVE: "cannot resolve the host",
	HTTPRequest.RESULT_CONNECTION_ERROR: "the connection failed",
	HTTPRequest.RESULT_TLS_HANDSHAKE_ERROR: "the TLS handshake failed",
	HTTPRequest.RESULT_NO_RESPONSE: "no response",
	HTTPRequest.RESULT_BODY_SIZE_LIMIT_EXCEEDED: "larger than allowed",
	HTTPRequest.RESULT_REDIRECT_LIMIT_REACHED: "it redirects elsewhere",
	HTTPRequest.RESULT_TIMEOUT: "timed out",
}

var _loader: ExtensionLoader
var _show: Button = Button.new()
var _status: Label = Label.new()
var _rows: VBoxContainer = VBoxContainer.new()
var _http: HTTPRequest = HTTPRequest.new()
var _prefixes: PackedStringArray = PackedStringArray()


func _init(loader: ExtensionLoader) -> void:
	name = "ExtensionCatalog"
	tooltip_text = TIP
	_loader = loader
	var heading: Label = Label.new()
	heading.text = HEADING
	heading.tooltip_text = TIP
	_show.name = "CatalogShow"
	_show.text = SHOW_TEXT
	_show.tooltip_text = TIP
	_show.pressed.connect(show_catalog)
	_status.name = "CatalogStatus"
	_status.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_rows.name = "CatalogEntries"
	_http.name = "CatalogRequest"
	for child: Node in [heading, _show, _status, _rows, _http]:
		add_child(child)


## Fetches the catalog and lists the entries that fit (the Show button).
func show_catalog() -> void:
	var settings: Dictionary = CatalogEntries.settings()
	if settings.has("error"):
		_say(str(settings["error"]))
		return
	var url: String = settings["url"]
	_prefixes = settings["prefixes"]
	_clear_rows()
	_busy("Fetching %s..." % url)
	var got: Dictionary = await _fetch(url, "the catalog", int(CatalogEntries.rules()["max_catalog_bytes"]), 0, "")
	var parsed: Dictionary = got if got.has("error") else CatalogEntries.parse(got["body"], _prefixes)
	if parsed.has("error"):
		_say("%s (%s)" % [parsed["error"], CatalogEntries.settings_fix()] if got.has("body") else str(parsed["error"]))
		return
	var shown: Array[Dictionary] = CatalogEntries.compatible(parsed["entries"])
	for entry: Dictionary in shown:
		_rows.add_child(_row(entry))
	var lines: PackedStringArray = PackedStringArray(["%d extension(s) for this toolkit and Godot" % shown.size()])
	lines.append_array(parsed["problems"])
	_say("\n".join(lines))


## Downloads the entry's archive, checks its SHA-256, installs and enables it (an Install button).
func install(entry: Dictionary) -> void:
	var label: String = "%s %s" % [entry["name"], entry["version"]]
	_busy("Installing %s..." % label)
	DirAccess.make_dir_recursive_absolute(DOWNLOAD.get_base_dir())
	var what: String = "the archive of " + label
	var limit: int = int(CatalogEntries.rules()["max_archive_bytes"])
	var got: Dictionary = await _fetch(str(entry["archive"]), what, limit, ARCHIVE_REDIRECTS, DOWNLOAD)
	var line: String = str(got.get("error", ""))
	if line == "" and FileAccess.get_sha256(DOWNLOAD) != str(entry["sha256"]):
		var digest: String = FileAccess.get_sha256(DOWNLOAD).left(16)
		line = (
			"%s is not the one the catalog lists (SHA-256 %s...) (nothing was installed; %s)"
			% [what, digest, MAINTAINERS]
		)
	if line == "":
		var done: Dictionary = CatalogInstall.install(DOWNLOAD, label)
		line = str(done.get("error", ""))
		if line == "":
			await _loader.rescan()
			line = "Installed %s into %s and enabled %s." % [label, done["folder"], ", ".join(done["classes"])]
	DirAccess.remove_absolute(DOWNLOAD)
	_say(line)


## {"body": PackedByteArray} (empty when it went to download_to), or {"error": one line}.
func _fetch(url: String, what: String, limit: int, redirects: int, download_to: String) -> Dictionary:
	var fix: String = CatalogEntries.settings_fix() if what == "the catalog" else "try again, or " + MAINTAINERS
	if not CatalogEntries.url_allowed(url, _prefixes):
		return {
			"error":
			"%s '%s' is not an https:// address (a catalog and its archives are fetched over https only)" % [what, url]
		}
	_http.max_redirects = redirects
	_http.body_size_limit = limit
	_http.download_file = download_to
	_http.timeout = float(CatalogEntries.rules()["timeout_ms"]) / 1000.0
	var agent: String = "User-Agent: godot-live-mcp/%s" % ContractData.plugin_version()
	var err: Error = _http.request(url, PackedStringArray([agent]))
	if err != OK:
		return {"error": "%s at %s is unreachable: %s (%s)" % [what, url, error_string(err), fix]}
	var done: Array = await _http.request_completed
	if int(done[0]) != HTTPRequest.RESULT_SUCCESS:
		var reason: String = str(REASONS.get(int(done[0]), "request failed (%d)" % int(done[0])))
		return {"error": "%s at %s is unreachable: %s (%s)" % [what, url, reason, fix]}
	if int(done[1]) != 200:
		return {"error": "%s at %s is unreachable: HTTP %d (%s)" % [what, url, int(done[1]), fix]}
	return {"body": (done[3] as PackedByteArray).get_string_from_utf8()}


func _row(entry: Dictionary) -> Control:
	var row: VBoxContainer = VBoxContainer.new()
	var about: Label = Label.new()
	about.text = "%s %s: %s" % [entry["name"], entry["version"], entry["description"]]
	about.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	about.tooltip_text = str(entry["repository"])
	var button: Button = Button.new()
	button.name = "Install" + str(entry["name"]).validate_node_name().replace(" ", "")
	button.text = "Install %s" % entry["name"]
	button.tooltip_text = "Into res://addons/, enabled at once. Read its code first: %s" % entry["repository"]
	button.pressed.connect(install.bind(entry))
	row.add_child(about)
	row.add_child(button)
	return row


func _busy(line: String) -> void:
	_status.text = line
	_show.disabled = true
	for button: Node in _rows.find_children("Install*", "Button", true, false):
		(button as Button).disabled = true


func _say(line: String) -> void:
	_status.text = line
	_show.disabled = false
	for button: Node in _rows.find_children("Install*", "Button", true, false):
		(button as Button).disabled = false


func _clear_rows() -> void:
	for child: Node in _rows.get_children():
		child.queue_free()
