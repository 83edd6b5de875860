@tool
extends RefCounted
## The open scene a tool acts on: the one its `scene` parameter names, or else the active tab.
## Tools report `scene` in their result so a caller always knows where an edit landed.

const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")

var root: Node = null
var path: String = ""
var error: Dictionary = {}


## Resolves params["scene"] (a res:// path of an open scene) or the active scene.
static func resolve(params: Dictionary) -> SceneTarget:
	var target: SceneTarget = SceneTarget.new()
	var wanted: String = str(params.get("scene", "")).strip_edges()
	target.root = _open_root(wanted)
	if target.root == null:
		target.error = _missing(wanted)
	else:
		target.path = target.root.scene_file_path
	return target


func failed() -> bool:
	return root == null


static func _open_root(wanted: String) -> Node:
	if wanted == "":
		return EditorInterface.get_edited_scene_root()
	if not wanted.begins_with("res://"):
		wanted = "res://" + wanted
	for open_root: Node in EditorInterface.get_open_scene_roots():
		if open_root.scene_file_path == wanted:
			return open_root
	return null


static func _missing(wanted: String) -> Dictionary:
	if wanted == "":
		return MCPToolkitError.fail(
			"SCENE_NOT_OPEN",
			"No scene is open in the editor.",
			"Open one with scene_open or create one with scene_create."
		)
	return MCPToolkitError.fail("SCENE_NOT_OPEN", "The scene '%s' is not open in the editor." % wanted)
