@tool
extends RefCounted
## The client configuration the dock copies: the .mcp.json that `godot-live-mcp configure claude-code`
## writes for this project (cli/_clients.py and cli/_client_config.py are the source; a test checks this
## text against theirs), with the command as found on PATH, since Godot cannot know where it is installed.

const COMMAND := "godot-live-mcp"
const SERVER_NAME := "godot"


## The whole .mcp.json for this project, formatted as configure writes a new file.
static func claude_code_json() -> String:
	var entry: Dictionary = {"type": "stdio", "command": COMMAND, "args": ["serve", "--project", project_path()]}
	return JSON.stringify({"mcpServers": {SERVER_NAME: entry}}, "  ", false) + "\n"


## The project's folder as the operating system writes it, without a trailing separator.
static func project_path() -> String:
	var path: String = ProjectSettings.globalize_path("res://").trim_suffix("/")
	return path.replace("/", "\\") if OS.get_name() == "Windows" else path
