@tool
extends RefCounted
## asset.list and asset.dependencies: what the editor's filesystem knows about the project's assets
## (their resource types, and which files use which), read without loading them.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const SceneDependencies := preload("res://addons/godot_live_mcp/authoring/scene_dependencies.gd")
const AssetIndex := preload("res://addons/godot_live_mcp/commands/asset/asset_index.gd")

const GROUP := "asset"
const ROW := {"@": "array", "path!": "string", "type!": "string: The resource class the editor reads it as."}
const DEFAULTS := {"marks": "read_only idempotent scene_independent"}
const COMMANDS := {
	"asset.list":
	{
		"text":
		(
			"List the project's assets of a resource type (e.g. Texture2D, PackedScene, AudioStream, Script,"
			+ " Material; subclasses included) as the editor's filesystem knows them."
		),
		"args":
		[
			{
				"type": 'string="Resource": Resource class to match, subclasses included.',
				"folder": 'string="res://": Only assets under this folder.',
			},
			{"offset": PageArgs.OFFSET % "asset", "limit": PageArgs.LIMIT_200 % "assets"},
		],
		"returns": {"@page": "assets offset", "type!": "string", "folder!": "string", "assets!": ROW},
		"guard": ["folder"],
	},
	"asset.dependencies":
	{
		"text":
		(
			"The files an asset uses (its dependencies, with missing ones marked) and the project files that"
			+ " use it (its dependents)."
		),
		"args":
		[
			{"path!": "string: res:// path of the asset (scene, resource, texture, script...)."},
			{"offset": PageArgs.OFFSET % "dependent", "limit": PageArgs.LIMIT_200 % "dependents"},
		],
		"returns":
		[
			{"@page": "dependents offset", "path!": "string"},
			{
				"dependencies!":
				[
					{"@": "array: Files this asset uses directly."},
					{"path!": "string", "type": "string", "missing": "boolean: True when the file is gone."},
				],
				"dependents!": {"@items": "string: res:// path of a file that uses this asset."},
			},
		],
		"guard": ["path"],
	},
}


static func list(params: CommandParams) -> Result:
	var wanted: String = params.text("type")
	if not ClassDB.class_exists(wanted) or not ClassDB.is_parent_class(wanted, "Resource"):
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is not a resource class." % wanted,
			"Use an engine Resource class such as Texture2D, PackedScene, AudioStream, Script or Material."
		)
	var folder: String = params.text("folder")
	var files: Result = AssetIndex.files_under(folder if folder == "res://" else folder.trim_suffix("/"))
	if files.failed():
		return files
	var rows: Array[Dictionary] = []
	for entry: Dictionary in files.value:
		var type: String = entry["type"]
		if type == wanted or (ClassDB.class_exists(type) and ClassDB.is_parent_class(type, wanted)):
			rows.append(entry)
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "assets", "assets"
	)
	page.merge({"type": wanted, "folder": params.text("folder")})
	return Result.of(page)


static func dependencies(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	if path.failed():
		return path
	var uses: Array[Dictionary] = []
	for dependency: String in ResourceLoader.get_dependencies(path.value):
		var needed: String = SceneDependencies.resolve(dependency)
		var row: Dictionary = {"path": needed}
		var parts: PackedStringArray = dependency.split("::")
		if parts.size() == 3 and parts[1] != "":
			row["type"] = parts[1]
		if not FileAccess.file_exists(needed):
			row["missing"] = true
		uses.append(row)
	var dependents: Result = AssetIndex.dependents_of(path.value)
	if dependents.failed():
		return dependents
	var page: Dictionary = Pagination.list_page(
		dependents.value, params.integer("offset"), params.integer("limit"), "dependents", "dependents"
	)
	page.merge({"path": path.value, "dependencies": uses})
	return Result.of(page)
