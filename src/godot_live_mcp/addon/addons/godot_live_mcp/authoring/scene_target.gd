@tool
extends RefCounted
## The open scene a tool acts on: the one its `scene` parameter names, or else the active tab.
## Tools report `scene` in their result so a caller always knows where an edit landed.

const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

var root: Node = null
var path: String = ""


## The open scene at wanted (a res:// path; "res://" may be left out), or the active scene when
## wanted is ""; SCENE_NOT_OPEN when there is none.
static func require(wanted: String) -> Result:
	wanted = wanted.strip_edges()
	var found: Node = _open_root(wanted)
	if found == null:
		return _missing(wanted)
	var target: SceneTarget = SceneTarget.new()
	target.root = found
	target.path = found.scene_file_path
	return Result.of(target)


static func _open_root(wanted: String) -> Node:
	if wanted == "":
		return EditorInterface.get_edited_scene_root()
	if not wanted.begins_with("res://"):
		wanted = "res://" + wanted
	for open_root: Node in EditorInterface.get_open_scene_roots():
		if open_root.scene_file_path == wanted:
			return open_root
	return null


static func _missing(wanted: String) -> Result:
	if wanted == "":
		return Result.fail(
			"SCENE_NOT_OPEN",
			"No scene is open in the editor.",
			"Open one with scene_open or create one with scene_create."
		)
	return Result.fail("SCENE_NOT_OPEN", "The scene '%s' is not open in the editor." % wanted)
