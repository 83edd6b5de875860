@tool
extends RefCounted
## Where the machine-wide instance registry lives (export-clean). The Python server finds the
## same folder with platformdirs; tests/engine check that both agree.

const APP_DIR := "godot-live-mcp"


static func root() -> String:
	var override: String = OS.get_environment("GODOT_MCP_REGISTRY_DIR").strip_edges()
	if override != "":
		return override.simplify_path()
	var home: String = OS.get_environment("HOME")
	match OS.get_name():
		"Windows":
			return OS.get_environment("APPDATA").path_join(APP_DIR)
		"macOS":
			return home.path_join("Library/Application Support").path_join(APP_DIR)
	var data_home: String = OS.get_environment("XDG_DATA_HOME").strip_edges()
	if data_home == "" or not data_home.is_absolute_path():
		data_home = home.path_join(".local/share")
	return data_home.path_join(APP_DIR)


static func entries_dir() -> String:
	return root().path_join("entries")


static func tokens_dir() -> String:
	return root().path_join("tokens")


static func projects_file() -> String:
	return root().path_join("projects.json")


static func lock_dir() -> String:
	return root().path_join("projects.lock")
