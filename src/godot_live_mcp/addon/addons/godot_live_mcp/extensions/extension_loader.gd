@tool
extends RefCounted
## Keeps the project's extensions loaded in the command table and in step with the project. Each is
## found by reflection over the global class list (ExtensionCandidates), created once, and handed a
## MCPToolkitCommandRegistry view of its own; its instance is kept while it is loaded, since its
## handlers are bound to it. refresh() applies what was added, edited or deleted since the last one;
## the watcher calls it after filesystem changes, extensions.refresh on request.

const CommandTable := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
## Loaded with the first rescan, not with the editor (ADR 0006).
const PROJECT_FILES := "res://addons/godot_live_mcp/authoring/project_files.gd"
const Declarations := preload("res://addons/godot_live_mcp/dispatch/declarations.gd")
const EditorServer := preload("res://addons/godot_live_mcp/transport/editor_server.gd")
const ExtensionCandidates := preload("res://addons/godot_live_mcp/extensions/extension_candidates.gd")
const ExtensionCommands := preload("res://addons/godot_live_mcp/extensions/extension_commands.gd")
const ExtensionConsent := preload("res://addons/godot_live_mcp/extensions/extension_consent.gd")
const ExtensionRecord := preload("res://addons/godot_live_mcp/extensions/extension_record.gd")
const ExtensionWatcher := preload("res://addons/godot_live_mcp/extensions/extension_watcher.gd")
const ScriptErrorWatch := preload("res://addons/godot_live_mcp/extensions/script_error_watch.gd")

## How long rescan() waits for the editor's scan to finish.
const SCAN_WAIT_MS := 20000

var _table: CommandTable
var _server: EditorServer
var _records: Dictionary = {}  # class name -> ExtensionRecord, loaded or failed
var _watcher: ExtensionWatcher
var _errors: ScriptErrorWatch = ScriptErrorWatch.new()
## The handlers of extensions.list and extensions.refresh are bound to it.
var _commands: ExtensionCommands


func _init(table: CommandTable, server: EditorServer) -> void:
	_table = table
	_server = server
	_watcher = ExtensionWatcher.new(refresh)


## Adds extensions.list and extensions.refresh, loads every extension, then follows changes.
func start() -> void:
	_commands = ExtensionCommands.new(describe, rescan)
	Declarations.register_module(_table, ExtensionCommands, _commands)
	refresh()
	_watcher.start()


## Stops following changes and unloads every extension (the reverse of start()).
func stop() -> void:
	_watcher.stop()
	_table.hold_changes()
	for record: ExtensionRecord in _records.values():
		_unload(record)
	_records.clear()
	_table.release_changes()


## Has the editor rescan the project's files, then refresh(); the watcher stays out of it meanwhile,
## so the answer tells every change the scan brought.
func rescan() -> Dictionary:
	_watcher.hold()
	await _scan()
	var changes: Dictionary = refresh()
	_watcher.release()
	return changes


## Brings the loaded extensions in line with the project: {"added", "removed", "reloaded"} class
## names, and "waiting": those a person has not enabled as they are (found, never loaded). Peers hear
## of a change as the extensions_changed notice (and the catalogue's own).
func refresh() -> Dictionary:
	var found: Dictionary = {}
	for entry: Dictionary in ExtensionCandidates.in_project():
		# The class list lags behind a deletion until the editor's next scan.
		if FileAccess.file_exists(str(entry["path"])):
			found[str(entry["class"])] = entry
	var changes: Dictionary = {"added": [], "removed": [], "reloaded": []}
	_table.hold_changes()
	for name: String in _records.keys():
		var record: ExtensionRecord = _records[name]
		var stale: String = _staleness(record, found.get(name, {}))
		if stale != "":
			_unload(record)
			_records.erase(name)
			if record.waiting == "":  # a waiting one had nothing to withdraw
				(changes[stale] as Array).append(name)
	for name: String in found:
		if not _records.has(name):
			_records[name] = _load(found[name])
			_note_load(changes, _records[name])
	_table.release_changes()
	if changes.values().any(func(names: Array) -> bool: return not names.is_empty()):
		_server.notify_peers("extensions_changed", changes)
	changes["waiting"] = waiting()
	return changes


## Why a found extension waits ("" when it does not, or is not found).
func waiting_reason(class_named: String) -> String:
	return (_records[class_named] as ExtensionRecord).waiting if _records.has(class_named) else ""


## The script path of a found extension ("" when none is found by that class name).
func script_path(class_named: String) -> String:
	return (_records[class_named] as ExtensionRecord).path if _records.has(class_named) else ""


## The person's consent from the dock: enables the waiting extension as its script is now, and loads it.
func enable(class_named: String) -> void:
	if waiting_reason(class_named) == "":
		return
	var err: Error = ExtensionConsent.enable(class_named, script_path(class_named))
	if err != OK:
		push_warning("godot_live_mcp: could not record that %s is enabled: %s" % [class_named, error_string(err)])
		return
	refresh()


## Files a fresh load under "added" (or "reloaded" when it replaced a loaded one, "removed" when that
## one now waits for a person).
static func _note_load(changes: Dictionary, record: ExtensionRecord) -> void:
	var was_loaded: bool = record.name in changes["reloaded"]
	if record.waiting != "" and was_loaded:
		(changes["reloaded"] as Array).erase(record.name)
		(changes["removed"] as Array).append(record.name)
	elif record.waiting == "" and not was_loaded:
		(changes["added"] as Array).append(record.name)


## The class names of the extensions found that wait for a person to enable them.
func waiting() -> Array[String]:
	var names: Array[String] = []
	for record: ExtensionRecord in _records.values():
		if record.waiting != "":
			names.append(record.name)
	names.sort()
	return names


## Until the editor has scanned the project's files and updated its class list (bounded).
static func _scan() -> void:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	var scanned: Array[bool] = [false]
	var note: Callable = func() -> void: scanned[0] = true
	filesystem.filesystem_changed.connect(note, CONNECT_ONE_SHOT)
	if (load(PROJECT_FILES) as Script).call("request_scan"):
		var deadline: int = Time.get_ticks_msec() + SCAN_WAIT_MS
		while not scanned[0] and Time.get_ticks_msec() < deadline:
			await (Engine.get_main_loop() as SceneTree).process_frame
	if filesystem.filesystem_changed.is_connected(note):
		filesystem.filesystem_changed.disconnect(note)


## Every extension found, loaded or failed, as extensions.list reports it.
func describe() -> Array[Dictionary]:
	var reports: Array[Dictionary] = []
	for record: ExtensionRecord in _records.values():
		reports.append(record.describe())
	reports.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return str(a["class"]) < str(b["class"]))
	return reports


## "removed" when the class is gone from the list (or moved, or its file deleted), "reloaded" when
## its script was edited or a person enabled (or no longer enables) it as it is, "" when it is as loaded.
static func _staleness(record: ExtensionRecord, entry: Dictionary) -> String:
	if entry.is_empty() or str(entry["path"]) != record.path or not FileAccess.file_exists(record.path):
		return "removed"
	if FileAccess.get_md5(record.path) != record.fingerprint:
		return "reloaded"
	return "reloaded" if ExtensionConsent.waiting_reason(record.name, record.path) != record.waiting else ""


func _load(entry: Dictionary) -> ExtensionRecord:
	var record: ExtensionRecord = ExtensionRecord.new(str(entry["class"]), str(entry["path"]), str(entry["language"]))
	record.waiting = ExtensionConsent.waiting_reason(record.name, record.path)
	if record.waiting != "":  # never loaded, so none of its code runs before a person says so
		print(
			(
				"godot_live_mcp: extension %s waits: %s. %s"
				% [record.name, record.waiting, ExtensionConsent.hint_for(record.name)]
			)
		)
		return record
	var instance: Object = _instantiate(record)
	if instance == null:
		push_warning("godot_live_mcp: extension %s skipped: %s" % [record.name, record.error])
		return record
	record.instance = instance
	record.loaded = true
	_table.set_source(record.owner(), record.path)
	var view: MCPToolkitCommandRegistry = MCPToolkitCommandRegistry.new(_table, record)
	_errors.start()
	if instance is MCPToolkitExtension:
		(instance as MCPToolkitExtension).register(view, _server)
	else:
		instance.call("Register" if instance.has_method("Register") else "register", view, _server)
	var broke: PackedStringArray = _errors.stop()
	if not broke.is_empty():
		_unload(record)
		record.error = "its register() raised an error: %s" % broke[0]
		push_warning("godot_live_mcp: extension %s skipped, its commands withdrawn: %s" % [record.name, record.error])
	return record


## A fresh instance of the extension's script (re-read from disk), or null with record.error set.
static func _instantiate(record: ExtensionRecord) -> Object:
	if not FileAccess.file_exists(record.path):  # deleted since the class list was read
		record.error = "its script was deleted"
		return null
	var script: Script = ResourceLoader.load(record.path, "", ResourceLoader.CACHE_MODE_IGNORE) as Script
	if script != null and not script.is_tool():
		record.error = "it is not a @tool script: the editor runs only those (put @tool on its first line)"
		return null
	if script == null or not script.can_instantiate():
		record.error = "its script does not load or compile (the editor log names the error)"
		return null
	var instance: Object = script.new()
	var usable: bool = instance is MCPToolkitExtension
	if record.language == ExtensionRecord.CSHARP:
		usable = instance.has_method("Register") or instance.has_method("register")
	if not usable:
		record.error = "it has no register(registry, server) method"
		return null
	return instance


## Withdraws the extension's commands and lets its instance go.
func _unload(record: ExtensionRecord) -> void:
	record.loaded = false
	_table.remove_owned(record.owner())
	record.commands.clear()
	record.instance = null
