extends SceneTree
## Run by bench/editor_start.py in the addon's copy (`godot --headless --script`): loads what an editor
## loads of the addon at start, in that order, and prints the milliseconds each took (the scripts
## it pulls in that were not loaded yet included) and how many of the addon's scripts are then loaded.

const ADDON := "res://addons/godot_live_mcp/"
const AT_START: PackedStringArray = [
	"runtime/mcp_runtime_server.gd",  # the autoload: the editor loads its script to see whether it is @tool
	"plugin.gd",
	"core/plugin_root.gd",
]


func _init() -> void:
	for path: String in AT_START:
		var started: int = Time.get_ticks_usec()
		load(ADDON + path)
		print("load %-34s %6.0f ms" % [path, (Time.get_ticks_usec() - started) / 1000.0])
	var scripts: PackedStringArray = _scripts(ADDON)
	var loaded: int = 0
	for path: String in scripts:
		loaded += int(ResourceLoader.has_cached(path))
	print("scripts loaded %d of %d" % [loaded, scripts.size()])
	quit()


func _scripts(folder: String) -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray()
	for file: String in DirAccess.get_files_at(folder):
		if file.ends_with(".gd"):
			found.append(folder + file)
	for sub: String in DirAccess.get_directories_at(folder):
		found.append_array(_scripts(folder + sub + "/"))
	return found
