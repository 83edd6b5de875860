@tool
extends RefCounted
## The port of the editor's GDScript language server, for the registry entry (export-clean: no editor
## class is named, so a game's copy of the addon still compiles). The engine keeps --lsp-port from
## OS.get_cmdline_args(), so the server's launcher also passes it in the environment; an editor started
## otherwise listens on its editor settings' port. The debug adapter is not published: the debug tools
## use the editor's debugger session, and a launched editor keeps the adapter closed (engine_servers.gd).

const _SOURCES := {
	"lsp_port": ["GODOT_MCP_LSP_PORT", "network/language_server/remote_port"],
}


## {"lsp_port": int} in an editor; empty in a game.
static func fields() -> Dictionary:
	if not Engine.is_editor_hint() or not Engine.has_singleton(&"EditorInterface"):
		return {}
	var ports: Dictionary = {}
	for key: String in _SOURCES:
		var variable: String = _SOURCES[key][0]
		var from_env: String = OS.get_environment(variable)
		var port: int = from_env.to_int() if from_env.is_valid_int() else _editor_setting(_SOURCES[key][1])
		if port > 0:
			ports[key] = port
	return ports


static func _editor_setting(setting: String) -> int:
	var editor: Object = Engine.get_singleton(&"EditorInterface")
	var settings: Object = editor.call(&"get_editor_settings")
	if settings == null or not settings.call(&"has_setting", setting):
		return 0
	return int(settings.call(&"get_setting", setting))
