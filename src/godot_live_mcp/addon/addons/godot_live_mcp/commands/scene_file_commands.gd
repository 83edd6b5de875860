@tool
extends RefCounted
## scene.* file work: create a scene file, open it in a tab, reload it from disk. Like the editor's
## File menu these act on files and tabs, not on a scene's contents, so they are not undo actions;
## they refuse to drop unsaved changes unless asked.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const SceneCommands := preload("res://addons/godot_live_mcp/commands/scene_commands.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SceneTabs := preload("res://addons/godot_live_mcp/authoring/scene_tabs.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")
const DependencyDialog := preload("res://addons/godot_live_mcp/authoring/dependency_dialog.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const NodeClasses := preload("res://addons/godot_live_mcp/authoring/node_classes.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")

const SCENE_EXTENSIONS: Array[String] = ["tscn", "scn"]


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"scene.create",
			create,
			(
				SceneCommands
				. options(
					"Create a new scene file with one root node and open it in a tab (it becomes the active scene).",
					{
						"path": S.string("res:// path of the new .tscn file."),
						"root_class": S.string("Class of the root node (engine class or script class_name).", "Node2D"),
						"root_name": S.string("Name of the root node; defaults to the file name in PascalCase."),
						"if_exists": S.if_exists(),
					},
					["path"]
				)
				. with_output_schema(_opened_schema(true))
				. guard_project_path("path")
				. mark_destructive()
			)
		)
	)
	(
		registry
		. add(
			"scene.open",
			open,
			(
				SceneCommands
				. options(
					(
						"Open a scene file in an editor tab, or switch to its tab if already open; it becomes the active"
						+ " scene. Scenes whose dependencies cannot be loaded are refused with the list of broken files."
					),
					{
						"path": S.string("res:// path of the .tscn or .scn file."),
						"ignore_missing_dependencies":
						(
							S
							. boolean(
								"Open even if referenced files are missing (those references stay empty; saving drops them).",
								false
							)
						),
					},
					["path"]
				)
				. with_output_schema(_opened_schema(false))
				. guard_project_path("path")
				. mark_idempotent()
			)
		)
	)
	registry.add(
		"scene.reload",
		reload,
		(
			SceneCommands
			. options(
				"Reload an open scene from its file, dropping its in-editor changes and undo history.",
				{"scene": S.scene(), "discard_changes": S.boolean("Reload even if it has unsaved changes.", false)}
			)
			. with_output_schema(_opened_schema(false))
			. guard_project_path("scene")
			. mark_destructive()
		)
	)


static func create(params: Dictionary) -> Dictionary:
	var path: String = str(params["path"])
	var refused: Dictionary = scene_path_problem(path)
	if refused.is_empty():
		refused = NodeClasses.check(str(params.get("root_class", "Node2D")), "root_class")
	if refused.is_empty():
		refused = NodeNames.problem(str(params.get("root_name", "")).strip_edges(), "root_name", true)
	if not refused.is_empty():
		return refused
	var policy: String = IfExists.policy(params)
	if policy == "":
		return IfExists.invalid(params)
	var existed: bool = FileAccess.file_exists(path)
	if existed and policy != IfExists.REPLACE:
		return await _return_existing(path, policy)
	var written: Dictionary = await _write_new_scene(path, params)
	if not bool(written.get("success", false)):
		return written
	return await _open_written(path, existed)


static func open(params: Dictionary) -> Dictionary:
	var path: String = str(params["path"])
	var refused: Dictionary = scene_path_problem(path)
	if not refused.is_empty():
		return refused
	if not FileAccess.file_exists(path):
		return MCPToolkitError.fail(
			"NOT_FOUND", "No scene file at '%s'." % path, MCPToolkitError.hint_for_param("path")
		)
	if path in EditorInterface.get_open_scenes():
		await SceneTabs.switch_to(path)
		return MCPToolkitSuccess.ok(_opened(path, {"already_open": true}))
	var broken: Array[Dictionary] = SceneDependencies.broken(path)
	var blocked: Dictionary = _blocking(path, broken, bool(params.get("ignore_missing_dependencies", false)))
	if not blocked.is_empty():
		return blocked
	EditorInterface.open_scene_from_path(path)
	if not broken.is_empty():
		DependencyDialog.open_anyway(path)
	if not path in EditorInterface.get_open_scenes():
		return MCPToolkitError.fail(
			"LOAD_FAILED", "The editor could not open '%s'." % path, "editor_get_log shows the engine's reason."
		)
	return MCPToolkitSuccess.ok(_opened(path, {"already_open": false, "broken_dependencies": broken}))


static func reload(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _reload_in.bind(bool(params.get("discard_changes", false))))


static func _reload_in(root: Node, discard: bool) -> Dictionary:
	var path: String = root.scene_file_path
	if path == "":
		return MCPToolkitError.fail(
			"INVALID_STATE", "The scene was never saved, so there is no file to reload.", "Save it with scene_save_as."
		)
	var unsaved: Variant = await SceneTabs.is_unsaved(path)
	if unsaved != false and not discard:
		return unsaved_refusal(path, unsaved, "reload")
	EditorInterface.reload_scene_from_path(path)
	return MCPToolkitSuccess.ok(_opened(path, {"discarded_changes": unsaved == true}))


## The refusal for dropping changes that may not be saved; unsaved is true, or null when unknown.
static func unsaved_refusal(path: String, unsaved: Variant, verb: String) -> Dictionary:
	var state: String = (
		"has unsaved changes" if unsaved == true else "may have unsaved changes (the editor's tabs cannot be read)"
	)
	return MCPToolkitError.fail(
		"INVALID_STATE",
		"'%s' %s; refusing to %s it." % [path, state, verb],
		"Save it with scene_save first, or pass discard_changes=true to drop the changes."
	)


## INVALID_PARAMS unless path names a scene file (.tscn or .scn); {} when it does.
static func scene_path_problem(path: String) -> Dictionary:
	if path.get_extension().to_lower() in SCENE_EXTENSIONS:
		return {}
	return MCPToolkitError.fail(
		"INVALID_PARAMS", "'%s' is not a scene file; scene paths end in .tscn or .scn." % path, ""
	)


static func _return_existing(path: String, policy: String) -> Dictionary:
	if policy == IfExists.FAIL:
		return IfExists.existing(policy, "The scene '%s'" % path, {})
	var opened: Dictionary = await open({"path": path})
	if not bool(opened.get("success", false)):
		return opened
	return IfExists.existing(policy, "The scene '%s'" % path, _opened(path, {}))


static func _write_new_scene(path: String, params: Dictionary) -> Dictionary:
	if not await MCPToolkitSafeSceneOps.wait_for_scan_idle():
		return MCPToolkitError.fail("EDITOR_BUSY", "The editor is still scanning the filesystem.")
	var root: Node = NodeClasses.instantiate(str(params.get("root_class", "Node2D")))
	var root_name: String = str(params.get("root_name", "")).strip_edges()
	root.name = root_name if root_name != "" else path.get_file().get_basename().to_pascal_case()
	var packed: PackedScene = PackedScene.new()
	var err: Error = packed.pack(root)
	root.free()
	DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	if err == OK:
		err = ResourceSaver.save(packed, path)
	if err != OK:
		return MCPToolkitError.fail("SAVE_FAILED", "Writing '%s' failed: %s." % [path, error_string(err)])
	EditorInterface.get_resource_filesystem().update_file(path)
	return MCPToolkitSuccess.ok()


static func _open_written(path: String, replaced: bool) -> Dictionary:
	if path in EditorInterface.get_open_scenes():
		EditorInterface.reload_scene_from_path(path)
	var opened: Dictionary = await open({"path": path})
	if not bool(opened.get("success", false)):
		return opened
	opened["status"] = "replaced" if replaced else "created"
	return opened


## LOAD_FAILED when a broken dependency stops the open: always for unloadable files, for missing
## ones unless the caller accepts leaving them empty.
static func _blocking(path: String, broken: Array[Dictionary], ignore_missing: bool) -> Dictionary:
	var unloadable: Array[Dictionary] = []
	for entry: Dictionary in broken:
		if entry["problem"] == "unloadable":
			unloadable.append(entry)
	if not unloadable.is_empty():
		return (
			MCPToolkitError
			. fail(
				"LOAD_FAILED",
				"This editor cannot open '%s': %s." % [path, SceneDependencies.summary(unloadable)],
				"Open it in an editor build that reads these files, or remove the references (file_read shows the .tscn text)."
			)
		)
	if broken.is_empty() or ignore_missing:
		return {}
	return (
		MCPToolkitError
		. fail(
			"LOAD_FAILED",
			"'%s' references files that are missing: %s." % [path, SceneDependencies.summary(broken)],
			"Restore or move those files (file_move), or pass ignore_missing_dependencies=true to open it with them left empty."
		)
	)


static func _opened(path: String, extra: Dictionary) -> Dictionary:
	var root: Node = SceneTarget.resolve({"scene": path}).root
	var data: Dictionary = {
		"scene": path,
		"root_name": str(root.name) if root != null else "",
		"root_type": root.get_class() if root != null else "",
		"inherits": SceneCommands.inherited_from(path),
	}
	data.merge(extra)
	return data


static func _opened_schema(with_status: bool) -> Dictionary:
	var broken: Dictionary = S.object(
		{"path": S.string(), "problem": S.string(), "reason": S.string(), "needed_by": S.string()}, [], true
	)
	var fields: Dictionary = {
		"scene": S.string("res:// path of the scene, now the active tab."),
		"root_name": S.string(),
		"root_type": S.string(),
		"inherits": S.string("The scene this one inherits from, or ''."),
		"already_open": S.boolean(),
		"discarded_changes": S.boolean(),
		"broken_dependencies": S.array(broken, "Referenced files that could not be loaded and were left empty."),
	}
	if with_status:
		fields["status"] = S.create_status()
	return S.object(fields, ["scene", "status"] if with_status else ["scene"], true)
