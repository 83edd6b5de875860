@tool
extends RefCounted
## asset.create_inherited_scene and asset.diff_scenes: scenes as assets, derived from one another
## and compared node by node.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")
const SceneDiff := preload("res://addons/godot_live_mcp/commands/asset/scene_diff.gd")

const GROUP := "asset"
const COMMANDS := {
	"asset.create_inherited_scene":
	{
		"text":
		(
			"Create a new scene that inherits another .tscn (like Scene > New Inherited Scene): its nodes come"
			+ " from the base and follow the base's later changes. The file is written, not opened."
		),
		"args":
		{
			"base!": "string: res:// path of the .tscn or .scn to inherit.",
			"path!": "string: res:// path of the new .tscn file.",
			"if_exists": "@if_exists",
		},
		"returns":
		{
			"path!": "string",
			"base!": "string",
			"root_name!": "string: The root's name, the base's.",
			"status!": "@create_status",
		},
		"guard": ["base", "path"],
		"marks": "scene_independent",
	},
	"asset.diff_scenes":
	{
		"text":
		(
			"Compare two scene files, or an open scene with its saved file (omit other): nodes added, removed"
			+ " and changed, with the stored properties that differ."
		),
		"args":
		[
			{
				"scene!": "string: res:// path of a scene file (or of the open scene, when other is omitted).",
				"other": "string: res:// path of the scene file to compare it with.",
			},
			{"offset": PageArgs.OFFSET % "change", "limit": PageArgs.LIMIT_100 % "changes"},
		],
		"returns":
		{
			"@page": "changes offset",
			"before!": "string: What the changes start from: a file, or 'saved' for the open scene's file.",
			"after!": "string: What they lead to: a file, or 'open' for the open scene as it is now.",
			"changes!": SceneDiff.CHANGE,
		},
		"guard": ["scene", "other"],
		"marks": "read_only idempotent scene_independent",
	},
}


static func create_inherited_scene(params: CommandParams) -> Result:
	var base: Result = _loadable_scene(params.text("base"))
	var path: Result = PathGuard.writable_project_path(params.text("path")).within("path") if base.succeeded() else base
	if path.succeeded() and path.value.get_extension() != "tscn":
		path = Result.fail("INVALID_PARAMS", "'%s' is not a .tscn path." % path.value, "Name the new file *.tscn.")
	var policy: Result = IfExists.read(params) if path.succeeded() else path
	if policy.failed():
		return policy
	var state: SceneState = (base.value as PackedScene).get_state()
	var data: Dictionary = {"path": path.value, "base": params.text("base"), "root_name": str(state.get_node_name(0))}
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The scene '%s'" % path.value, data)
	var text: String = _inherited_text(params.text("base"), data["root_name"])
	var written: Result = await ProjectFiles.apply(
		"Create inherited scene %s" % path.value,
		PackedStringArray([path.value]),
		ProjectFiles.write_bytes.bind(path.value, text.to_utf8_buffer())
	)
	if written.failed():
		return written
	data["status"] = "replaced" if existed else "created"
	return Result.of(data)


static func diff_scenes(params: CommandParams) -> Result:
	var first: Result = _loadable_scene(params.text("scene"))
	if first.failed():
		return first
	var before: SceneState = (first.value as PackedScene).get_state()
	var after: Result = _open_state(params.text("scene"))
	var labels: Array[String] = ["saved", "open"]
	if params.text("other") != "":
		after = _loadable_scene(params.text("other"))
		after = Result.of((after.value as PackedScene).get_state()) if after.succeeded() else after
		labels = [params.text("scene"), params.text("other")]
	if after.failed():
		return after
	var rows: Array[Dictionary] = SceneDiff.rows(before, after.value)
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "changes", "changes"
	)
	page.merge({"before": labels[0], "after": labels[1]})
	return Result.of(page)


## The open scene at path packed as it is now; SCENE_NOT_OPEN with a hint to pass other.
static func _open_state(path: String) -> Result:
	if not path in EditorInterface.get_open_scenes():
		return Result.fail(
			"SCENE_NOT_OPEN",
			"'%s' is not open, so there are no unsaved changes to compare." % path,
			"Pass other to compare two files, or open it with scene_open."
		)
	var target: Result = SceneTarget.require(path)
	if target.failed():
		return target
	var packed: PackedScene = PackedScene.new()
	var err: Error = packed.pack((target.value as SceneTarget).root)
	if err != OK:
		return Result.fail("INVALID_STATE", "The open scene could not be packed: %s." % error_string(err))
	return Result.of(packed.get_state())


## The PackedScene saved at path (read fresh from disk); INVALID_PARAMS, NOT_FOUND or LOAD_FAILED.
static func _loadable_scene(path: String) -> Result:
	if not path.get_extension().to_lower() in ["tscn", "scn"]:
		return Result.fail("INVALID_PARAMS", "'%s' is not a scene file (.tscn or .scn)." % path)
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "No scene file at '%s'." % path, "asset_list with type=PackedScene lists them.")
	var broken: Array[Dictionary] = SceneDependencies.broken(path)
	var packed: PackedScene = null
	if broken.is_empty():
		packed = ResourceLoader.load(path, "PackedScene", ResourceLoader.CACHE_MODE_IGNORE) as PackedScene
	if packed == null or packed.get_state().get_node_count() == 0:
		return Result.fail(
			"LOAD_FAILED",
			"'%s' cannot be loaded here: %s." % [path, SceneDependencies.summary(broken) if broken else "not a scene"],
			"scene_read_file shows its nodes as the file writes them."
		)
	return Result.of(packed)


## The text of a scene whose root instances base (what the editor writes for an inherited scene).
static func _inherited_text(base: String, root_name: String) -> String:
	var uid: int = ResourceLoader.get_resource_uid(base)
	var uid_attr: String = ' uid="%s"' % ResourceUID.id_to_text(uid) if uid != ResourceUID.INVALID_ID else ""
	return (
		(
			'[gd_scene load_steps=2 format=3]\n\n[ext_resource type="PackedScene"%s path="%s" id="1_base"]\n\n'
			% [uid_attr, base]
		)
		+ '[node name="%s" instance=ExtResource("1_base")]\n' % root_name.c_escape()
	)
