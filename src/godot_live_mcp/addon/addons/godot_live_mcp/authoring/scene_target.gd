@tool
extends RefCounted
## The open scene a tool acts on: the one its `scene` parameter names, or else the active tab.
## Tools report `scene` in their result so a caller always knows where an edit landed.

const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

var root: Node = null
var path: String = ""


## The open scene at wanted (a res:// path; "res://" may be left out), or the active scene when
## wanted is ""; NOT_FOUND when no such file exists, SCENE_NOT_OPEN when it is not open.
static func require(wanted: String) -> Result:
	wanted = wanted.strip_edges()
	if wanted != "" and not wanted.begins_with("res://"):
		wanted = "res://" + wanted
	var found: Node = _open_root(wanted)
	if found == null:
		return refusal(wanted)
	var target: SceneTarget = SceneTarget.new()
	target.root = found
	target.path = found.scene_file_path
	return Result.of(target)


static func _open_root(wanted: String) -> Node:
	if wanted == "":
		return EditorInterface.get_edited_scene_root()
	for open_root: Node in EditorInterface.get_open_scene_roots():
		if open_root.scene_file_path == wanted:
			return open_root
	return null


## Why wanted (a res:// path, or "" for the active tab) names no open scene: NOT_FOUND when no such
## file exists, else SCENE_NOT_OPEN.
static func refusal(wanted: String) -> Result:
	if wanted == "":
		return Result.fail(
			"SCENE_NOT_OPEN",
			"No scene is open in the editor.",
			"Open one with scene_open or create one with scene_create."
		)
	if not FileAccess.file_exists(wanted):
		return Result.fail(
			"NOT_FOUND",
			"There is no scene file '%s'." % wanted,
			"scene_create makes it; file_list {'glob': '*.tscn'} lists the scenes there are."
		)
	return Result.fail("SCENE_NOT_OPEN", "The scene '%s' is not open in the editor." % wanted)
