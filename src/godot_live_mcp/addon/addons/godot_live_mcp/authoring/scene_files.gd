@tool
extends RefCounted
## Scene files as the scene tools name and report them: which paths are scenes, the scene one
## inherits from, and the refusal to drop unsaved changes.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const SCENE_EXTENSIONS: Array[String] = ["tscn", "scn"]
const INHERITS := "string: The scene this one inherits from, or ''."


## The refusal for dropping changes that may not be saved; unsaved is true, or null when unknown.
static func unsaved_refusal(path: String, unsaved: Variant, verb: String) -> Result:
	var state: String = (
		"has unsaved changes" if unsaved == true else "may have unsaved changes (the editor's tabs cannot be read)"
	)
	return Result.fail(
		"INVALID_STATE",
		"'%s' %s; refusing to %s it." % [path, state, verb],
		"Save it with scene_save first, or pass discard_changes=true to drop the changes."
	)


## path when it names a scene file (.tscn or .scn), else INVALID_PARAMS.
static func scene_path(path: String) -> Result:
	if path.get_extension().to_lower() in SCENE_EXTENSIONS:
		return Result.of(path)
	return Result.fail("INVALID_PARAMS", "'%s' is not a scene file; scene paths end in .tscn or .scn." % path)


## The scene the file at path inherits from, "" when it inherits none (or cannot be read).
static func inherited_from(path: String) -> String:
	if path == "" or not ResourceLoader.exists(path, "PackedScene"):
		return ""
	var packed: PackedScene = ResourceLoader.load(path, "PackedScene") as PackedScene
	if packed == null:
		return ""
	var base: SceneState = packed.get_state().get_base_scene_state()
	return base.get_path() if base != null else ""
