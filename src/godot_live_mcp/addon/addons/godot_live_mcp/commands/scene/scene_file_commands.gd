@tool
extends RefCounted
## scene.* file work: create a scene file, open it in a tab, reload it from disk, read its tree without
## opening it. Like the editor's File menu these act on files and tabs, not on a scene's contents, so
## they are not undo actions; they refuse to drop unsaved changes unless asked.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneFiles := preload("res://addons/godot_live_mcp/authoring/scene_files.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")
const DependencyDialog := preload("res://addons/godot_live_mcp/authoring/dependency_dialog.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const NodeClasses := preload("res://addons/godot_live_mcp/authoring/node_classes.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const SceneFileTree := preload("res://addons/godot_live_mcp/authoring/scene_file_tree.gd")
const SceneTextTree := preload("res://addons/godot_live_mcp/authoring/scene_text_tree.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")

const GROUP := "scene"
## What scene.create, scene.open and scene.reload return (_opened()).
const OPENED := {
	"scene!": "string: res:// path of the scene, now the active tab.",
	"root_name": "string",
	"root_type": "string",
	"inherits": SceneFiles.INHERITS,
	"already_open": "boolean",
	"discarded_changes": "boolean",
	"broken_dependencies":
	[
		{"@": "array: Referenced files that could not be loaded and were left empty."},
		{"path": "string", "problem": "string", "reason": "string", "needed_by": "string"},
	],
}
const DEFAULTS := {"marks": "destructive", "guard": ["path"]}
const COMMANDS := {
	"scene.create":
	{
		"text": "Create a new scene file with one root node and open it in a tab (it becomes the active scene).",
		"args":
		{
			"path!": "string: res:// path of the new .tscn file.",
			"root_class": 'string="Node2D": Class of the root node (engine class or script class_name).',
			"root_name": "string: Name of the root node; defaults to the file name in PascalCase.",
			"if_exists": "@if_exists",
		},
		"returns": [OPENED, {"status!": "@create_status"}],
		"marks": "destructive opens_scene",
	},
	"scene.open":
	{
		"text":
		(
			"Open a scene file in an editor tab, or switch to its tab if already open; it becomes the active"
			+ " scene. Scenes whose dependencies cannot be loaded are refused with the list of broken files."
		),
		"args":
		{
			"path!": "string: res:// path of the .tscn or .scn file.",
			"ignore_missing_dependencies":
			"boolean=false: Open even if referenced files are missing (those references stay empty; saving drops them).",
		},
		"returns": OPENED,
		"marks": "idempotent opens_scene",
	},
	"scene.reload":
	{
		"text": "Reload an open scene from its file, dropping its in-editor changes and undo history.",
		"args": {"scene": "@scene", "discard_changes": "boolean=false: Reload even if it has unsaved changes."},
		"returns": OPENED,
		"guard": ["scene"],
		"marks": "destructive outside_undo",
	},
	"scene.read_file":
	{
		"text":
		(
			"List the nodes a scene file (.tscn or .scn) declares, read from disk without opening it: what is"
			+ " saved, not unsaved edits. An instanced scene is one node naming it (read that file for its nodes)."
			+ " A .tscn this editor cannot load (C# scripts, missing files) is read from its text, the parts marked."
		),
		"args":
		[
			{"path!": "string: res:// path of the .tscn or .scn file."},
			{"detail": Detail.ARG % "brief: path, type, instance; normal: + name, script, groups; full: + properties"},
			{"offset": PageArgs.OFFSET % "node", "limit": PageArgs.LIMIT_200 % "nodes"},
		],
		"returns":
		[
			{"@page": "nodes offset", "scene!": "string", "root_type": "string", "nodes!": SceneFileTree.ROWS},
			{"inherits": SceneFiles.INHERITS, "open": "boolean: Whether the scene is open in an editor tab."},
			{
				"from_text": "boolean: True when read from the file's text because the scene cannot load here.",
				"broken_dependencies": OPENED["broken_dependencies"],
			},
		],
		"marks": "read_only idempotent scene_independent",
	},
}


static func create(params: CommandParams) -> Result:
	var path: String = params.text("path")
	var checked: Result = SceneFiles.scene_path(path)
	if checked.succeeded():
		checked = NodeClasses.require(params.text("root_class"), "root_class")
	if checked.succeeded():
		checked = NodeNames.check(params.text("root_name").strip_edges(), "root_name", true)
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.failed():
		return checked
	var policy: String = checked.value
	var existed: bool = FileAccess.file_exists(path)
	if existed and policy != IfExists.REPLACE:
		return await _return_existing(path, policy)
	var written: Result = await _write_new_scene(path, params)
	if written.failed():
		return written
	if path in EditorInterface.get_open_scenes():
		EditorInterface.reload_scene_from_path(path)
	var opened: Result = await open_file(path, false)
	if opened.succeeded():
		opened.value["status"] = "replaced" if existed else "created"
	return opened


static func open(params: CommandParams) -> Result:
	return await open_file(params.text("path"), params.flag("ignore_missing_dependencies"))


static func reload(params: CommandParams) -> Result:
	return await SceneEdit.edit(params.raw, _reload_in.bind(params.flag("discard_changes")))


static func read_file(params: CommandParams) -> Result:
	var path: String = params.text("path")
	var loaded: Result = _packed_scene(path)
	if loaded.failed() and loaded.code == "LOAD_FAILED" and path.get_extension().to_lower() == "tscn":
		return _read_text(params, SceneDependencies.broken(path))
	if loaded.failed():
		return loaded
	var state: SceneState = (loaded.value as PackedScene).get_state()
	var page: Dictionary = _node_page(params, SceneFileTree.rows(state, params.text("detail")))
	page["root_type"] = SceneFileTree.root_type(state)
	page["inherits"] = SceneFileTree.inherits(state)
	return Result.of(page)


## scene.read_file for a .tscn this editor cannot load: its structure from the text, the unloadable
## parts marked, so a scene written elsewhere (C#, missing files) can still be read.
static func _read_text(params: CommandParams, broken: Array[Dictionary]) -> Result:
	var text: Result = ProjectFiles.text_of(params.text("path"))
	if text.failed():
		return text
	var tree: SceneTextTree = SceneTextTree.parse(text.value, broken)
	var page: Dictionary = _node_page(params, tree.rows(params.text("detail")))
	page.merge({"root_type": tree.root_type(), "inherits": tree.inherits(), "from_text": true})
	page["broken_dependencies"] = broken
	return Result.of(page)


static func _node_page(params: CommandParams, rows: Array[Dictionary]) -> Dictionary:
	var offset: int = params.integer("offset")
	var level: String = params.text("detail")
	var page: Dictionary = Pagination.list_page(rows, offset, params.integer("limit"), "nodes", "nodes")
	page = Detail.fit(page, "nodes", offset, level, "detail = brief")
	page["scene"] = params.text("path")
	page["open"] = params.text("path") in EditorInterface.get_open_scenes()
	return page


## Opens the scene file at path in a tab (or switches to its tab); LOAD_FAILED when a dependency
## stops it (missing ones only unless ignore_missing).
static func open_file(path: String, ignore_missing: bool) -> Result:
	var checked: Result = SceneFiles.scene_path(path)
	if checked.failed():
		return checked
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "No scene file at '%s'." % path, MCPToolkitError.hint_for_param("path"))
	if path in EditorInterface.get_open_scenes():
		await SceneTabs.switch_to(path)
		return Result.of(_opened(path, {"already_open": true}))
	var broken: Array[Dictionary] = SceneDependencies.broken(path)
	var blocked: Result = _blocking(path, broken, ignore_missing)
	if blocked.failed():
		return blocked
	EditorInterface.open_scene_from_path(path)
	if not broken.is_empty():
		DependencyDialog.open_anyway(path)
	if not path in EditorInterface.get_open_scenes():
		return Result.fail(
			"LOAD_FAILED", "The editor could not open '%s'." % path, "editor_get_log shows the engine's reason."
		)
	return Result.of(_opened(path, {"already_open": false, "broken_dependencies": broken}))


## The PackedScene saved at path, read from disk (not the editor's cached copy); NOT_FOUND, or
## LOAD_FAILED naming the files it needs that cannot be loaded.
static func _packed_scene(path: String) -> Result:
	var checked: Result = SceneFiles.scene_path(path)
	if checked.failed():
		return checked
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "No scene file at '%s'." % path, MCPToolkitError.hint_for_param("path"))
	var broken: Array[Dictionary] = SceneDependencies.broken(path)
	if not broken.is_empty():
		return Result.fail(
			"LOAD_FAILED",
			"'%s' needs files that cannot be loaded: %s." % [path, SceneDependencies.summary(broken)],
			"Restore or move those files (file_move); file_read shows a .tscn's text meanwhile."
		)
	var packed: PackedScene = ResourceLoader.load(path, "PackedScene", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene
	if packed == null:
		return Result.fail(
			"LOAD_FAILED",
			"'%s' is not a scene this editor can load." % path,
			"editor_get_log shows the engine's reason."
		)
	return Result.of(packed)


static func _reload_in(root: Node, discard: bool) -> Result:
	var path: String = root.scene_file_path
	if path == "":
		return Result.fail(
			"INVALID_STATE", "The scene was never saved, so there is no file to reload.", "Save it with scene_save_as."
		)
	var unsaved: Variant = await SceneTabs.is_unsaved(path)
	if unsaved != false and not discard:
		return SceneFiles.unsaved_refusal(path, unsaved, "reload")
	EditorInterface.reload_scene_from_path(path)
	return Result.of(_opened(path, {"discarded_changes": unsaved == true}))


static func _return_existing(path: String, policy: String) -> Result:
	var what: String = "The scene '%s'" % path
	if policy == IfExists.FAIL:
		return IfExists.answer(policy, what, {})
	var opened: Result = await open_file(path, false)
	return IfExists.answer(policy, what, _opened(path, {})) if opened.succeeded() else opened


static func _write_new_scene(path: String, params: CommandParams) -> Result:
	var idle: Result = await MCPToolkitSafeSceneOps.scan_idle()
	if idle.failed():
		return idle
	var root: Node = NodeClasses.instantiate(params.text("root_class"))
	var root_name: String = params.text("root_name").strip_edges()
	root.name = root_name if root_name != "" else path.get_file().get_basename().to_pascal_case()
	var packed: PackedScene = PackedScene.new()
	var err: Error = packed.pack(root)
	root.free()
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	if err == OK:
		err = ResourceSaver.save(packed, path)
	if err != OK:
		return Result.fail("SAVE_FAILED", "Writing '%s' failed: %s." % [path, error_string(err)])
	EditorInterface.get_resource_filesystem().update_file(path)
	return Result.of(path)


## LOAD_FAILED when a broken dependency stops the open: always for unloadable files, for missing
## ones unless the caller accepts leaving them empty.
static func _blocking(path: String, broken: Array[Dictionary], ignore_missing: bool) -> Result:
	var unloadable: Array[Dictionary] = []
	for entry: Dictionary in broken:
		if entry["problem"] == "unloadable":
			unloadable.append(entry)
	if not unloadable.is_empty():
		return Result.fail(
			"LOAD_FAILED",
			"This editor cannot open '%s': %s." % [path, SceneDependencies.summary(unloadable)],
			(
				"Open it in an editor build that reads these files, or remove the references"
				+ " (scene_read_file lists its nodes)."
			)
		)
	if broken.is_empty() or ignore_missing:
		return Result.of(path)
	return Result.fail(
		"LOAD_FAILED",
		"'%s' references files that are missing: %s." % [path, SceneDependencies.summary(broken)],
		(
			"Restore or move those files (file_move), or pass ignore_missing_dependencies=true to open it"
			+ " with them left empty."
		)
	)


static func _opened(path: String, extra: Dictionary) -> Dictionary:
	var found: Result = SceneTarget.require(path)
	var root: Node = (found.value as SceneTarget).root if found.succeeded() else null
	var data: Dictionary = {
		"scene": path,
		"root_name": str(root.name) if root != null else "",
		"root_type": root.get_class() if root != null else "",
		"inherits": SceneFiles.inherited_from(path),
	}
	data.merge(extra)
	return data
