@tool
extends RefCounted
## asset.import and asset.reimport: bring a file from an allowed folder outside the project into it,
## and change how the editor imports a file. Both change files, so each is one undo action in the
## global history; both wait until the editor has finished importing.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ImportSources := preload("res://addons/godot_live_mcp/commands/asset/import_sources.gd")
const ImportSettings := preload("res://addons/godot_live_mcp/commands/asset/import_settings.gd")

const GROUP := "asset"
const SETTLE_FRAMES := 3
const DEFAULTS := {"guard": ["path"], "timeout_ms": 120000}
const COMMANDS := {
	"asset.import":
	{
		"run": "import_file",
		"text":
		(
			"Copy a file from a folder outside the project into it and wait until the editor has imported it."
			+ " Only folders listed in the project setting godot_live_mcp/assets/import_from are allowed."
		),
		"args":
		{
			"source!": "string: Absolute path of the file on this machine.",
			"path!": "string: res:// path to copy it to (a folder keeps the file's name).",
			"if_exists": "@if_exists",
		},
		"returns":
		{
			"path!": "string",
			"source!": "string: The real path the file was copied from.",
			"type!": "string: The resource class the editor reads it as.",
			"imported!": "boolean: Whether the editor made an import for it (a .import file).",
			"status!": "@create_status",
		},
		"marks": "cancellable long_running scene_independent",
	},
	"asset.reimport":
	{
		"text":
		(
			"Change import settings of an imported file (the [params] of its .import file) and reimport it;"
			+ " returns the settings now in effect. Without settings it lists them."
		),
		"args":
		{
			"path!": "string: res:// path of the imported file (e.g. a .png or .wav).",
			"settings": 'object: Setting name -> new value, e.g. {"compress/mode": 2}.',
		},
		"returns":
		{
			"path!": "string",
			"importer!": "string",
			"settings!": "object: Every import setting and its value.",
			"changed": "array<string>: The settings this call changed.",
		},
		"marks": "idempotent scene_independent",
	},
}


static func import_file(params: CommandParams, context: MCPToolkitToolContext) -> Result:
	var source: Result = ImportSources.allowed(params.text("source"))
	if source.failed():
		return source
	var target: Result = _target(params.text("path"), str(source.value).get_file())
	var policy: Result = IfExists.read(params) if target.succeeded() else target
	if policy.failed():
		return policy
	var path: String = target.value
	if FileAccess.file_exists(path) and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "'%s'" % path, _imported(path, source.value))
	context.report_progress(0, 3, "Copying %s." % path.get_file())
	var copied: Result = await _copy_recorded(source.value, path, context)
	if copied.failed():
		return copied
	var data: Dictionary = _imported(path, source.value)
	if data["type"] == "":
		return Result.fail(
			"IMPORT_FAILED",
			"'%s' was copied but the editor reads no resource from it." % path,
			"editor_get_log shows why; editor_undo removes the copy."
		)
	data["status"] = "replaced" if copied.value else "created"
	return Result.of(data)


static func reimport(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	var current: Result = ImportSettings.read(path.value) if path.succeeded() else path
	if current.failed():
		return current
	var config: ConfigFile = current.value
	var changed: Result = ImportSettings.change(config, params.object("settings"))
	if changed.failed():
		return changed
	var keys: Array[String] = changed.value
	if not keys.is_empty():
		var idle: Result = await ProjectFiles.wait_until_idle()
		if idle.failed():
			return idle
		var before: String = FileAccess.get_file_as_string(path.value + ".import")
		ImportSettings.apply(path.value, config.encode_to_text())
		var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Reimport %s" % path.value)
		step.do_method(ImportSettings.apply.bind(path.value, config.encode_to_text()))
		step.undo_method(ImportSettings.apply.bind(path.value, before))
		step.commit_recorded()
	var data: Dictionary = ImportSettings.summary(path.value)
	if not keys.is_empty():
		data["changed"] = keys
	return Result.of(data)


## The res:// file path to copy to (a folder gets the source's name); PATH_DENIED for places not writable.
static func _target(raw: String, file_name: String) -> Result:
	var guarded: Result = PathGuard.writable_project_path(raw).within("path")
	if guarded.failed():
		return guarded
	var path: String = guarded.value
	if raw.ends_with("/") or DirAccess.dir_exists_absolute(path):
		path = path.path_join(file_name)
	return PathGuard.writable_project_path(path).within("path")


## Copies source to path, lets the editor scan and import it, and records the files before and
## after as one global undo action; its value is whether a file was replaced.
static func _copy_recorded(source: String, path: String, context: MCPToolkitToolContext) -> Result:
	var idle: Result = await ProjectFiles.wait_until_idle()
	if idle.failed():
		return idle
	var paths: PackedStringArray = PackedStringArray([path, path + ".import", path + ".uid"])
	var before: Dictionary = ProjectFiles.snapshot(paths)
	var replaced: bool = FileAccess.file_exists(path)
	var err: Error = ProjectFiles.write_bytes(path, FileAccess.get_file_as_bytes(source))
	if err != OK:
		return ProjectFiles.write_failed(path, err)
	context.report_progress(1, 3, "Importing %s." % path.get_file())
	ProjectFiles.request_scan()
	var settled: Result = await _settle(context)
	if settled.failed():
		return settled
	var after: Dictionary = ProjectFiles.snapshot(paths) if not before.is_empty() else {}
	if not after.is_empty():
		ProjectFiles.record("Import %s" % path, before, after)
	context.report_progress(3, 3, "Imported %s." % path.get_file())
	return Result.of(replaced)


## Waits until the scan and the imports it starts are over (a few quiet frames), or EDITOR_BUSY.
static func _settle(context: MCPToolkitToolContext) -> Result:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	var deadline: int = Time.get_ticks_msec() + 100000
	var quiet: int = 0
	while quiet < SETTLE_FRAMES:
		if Time.get_ticks_msec() > deadline:
			return Result.fail("EDITOR_BUSY", "The editor is still importing.", "Call editor_wait_for_idle.")
		if context.is_cancelled():
			return Result.fail("CANCELLED", "The wait was cancelled; the file is copied.")
		await (Engine.get_main_loop() as SceneTree).process_frame
		quiet = 0 if filesystem.is_scanning() else quiet + 1
	return Result.of()


static func _imported(path: String, source: String) -> Dictionary:
	return {
		"path": path,
		"source": source,
		"type": EditorInterface.get_resource_filesystem().get_file_type(path),
		"imported": FileAccess.file_exists(path + ".import"),
	}
