@tool
extends RefCounted
## A project folder a listing tool (file_list, script_list, resource_list, file_search) names, and
## the page it answers with.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")


## The existing folder params["path"] names (file_list, script_list, file_search), or PATH_DENIED,
## NOT_FOUND, or INVALID_PARAMS for a file.
static func existing_folder(params: CommandParams) -> Result:
	var folder: Result = ProjectFiles.guarded(params)
	if folder.failed() or DirAccess.dir_exists_absolute(folder.value):
		return folder
	if FileAccess.file_exists(folder.value):
		return Result.fail("INVALID_PARAMS", "'%s' is a file, not a folder." % folder.value, "Read it with file_read.")
	return Result.fail("NOT_FOUND", "No folder at '%s'." % folder.value, "List folders with file_list.")


## A page of a folder listing (file_list, script_list, resource_list) by offset and limit: the
## items under key, and the folder's path.
static func listing(params: CommandParams, folder: String, items: Array, key: String) -> Dictionary:
	var page: Dictionary = Pagination.list_page(items, params.integer("offset"), params.integer("limit"), key, key)
	page["path"] = folder
	return page
