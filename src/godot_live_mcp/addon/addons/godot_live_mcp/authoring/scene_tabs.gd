@tool
extends RefCounted
## The editor's scene tabs: which scene is active, switching to a scene for an edit and back, and
## which tabs carry unsaved changes. The engine exposes no unsaved flag to scripts; the editor marks
## such tabs "name(*)", and refreshes those titles in its own process step, so they are read after
## letting that step run.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")

const UNSAVED_MARK := "(*)"
## The editor refreshes tab titles in its process step, which runs after process_frame is emitted.
const REFRESH_FRAMES := 2
## How many frames a tab switch may take before it counts as refused.
const SWITCH_FRAMES := 10


## The res:// path of the active scene tab, "" when no scene is open.
static func active_path() -> String:
	var root: Node = EditorInterface.get_edited_scene_root()
	return root.scene_file_path if root != null else ""


## Makes the open scene at path the active tab (an edit is recorded in the active scene's history);
## false when the editor did not switch within SWITCH_FRAMES frames.
static func switch_to(path: String) -> bool:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	for _frame: int in SWITCH_FRAMES:
		if path == "" or active_path() == path:
			return true
		EditorInterface.open_scene_from_path(path)
		# The editor ignores further switches until its deferred scene setup has run.
		await tree.process_frame
	return active_path() == path


## switch_to() as a Result: path, or EDITOR_BUSY when the editor did not switch in time.
static func activate(path: String) -> Result:
	if await switch_to(path):
		return Result.of(path)
	return Result.fail("EDITOR_BUSY", "The editor did not switch to '%s' in time." % path, "Retry in a moment.")


## Switches back to previous after switch_to(), if it is still open and not already active.
static func return_to(previous: String) -> void:
	if previous != "" and previous != active_path() and previous in EditorInterface.get_open_scenes():
		await switch_to(previous)


## Whether the open scene at path has unsaved changes; null when the editor's tabs cannot be read.
static func is_unsaved(path: String) -> Variant:
	var marks: Dictionary = await unsaved_marks()
	return marks.get(path)


## path -> bool for every open scene; empty when the tab strip cannot be read (an unknown layout,
## or an untitled tab that shifts the indices).
static func unsaved_marks() -> Dictionary:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	for _frame: int in REFRESH_FRAMES:
		await tree.process_frame
	var bar: TabBar = _find_tab_bar()
	var scenes: PackedStringArray = EditorInterface.get_open_scenes()
	if bar == null or bar.tab_count != scenes.size():
		return {}
	var marks: Dictionary = {}
	for index: int in scenes.size():
		marks[scenes[index]] = bar.get_tab_title(index).ends_with(UNSAVED_MARK)
	return marks


## Kept by the plugin run (EditorServices.scene_tab_bar): a search of the editor's ~20,000 nodes
## takes 50 to 70 ms.
static func _find_tab_bar() -> TabBar:
	var services: EditorServices = EditorServices.current()
	if services != null and is_instance_valid(services.scene_tab_bar):
		return services.scene_tab_bar
	var bar: TabBar = _search_tab_bar()
	if services != null:
		services.scene_tab_bar = bar
	return bar


static func _search_tab_bar() -> TabBar:
	var strips: Array[Node] = EditorInterface.get_base_control().find_children("*", "EditorSceneTabs", true, false)
	if strips.is_empty():
		return null
	var bars: Array[Node] = strips[0].find_children("*", "TabBar", true, false)
	return bars[0] as TabBar if not bars.is_empty() else null
