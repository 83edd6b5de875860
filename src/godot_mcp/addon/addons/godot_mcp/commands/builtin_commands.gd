@tool
extends RefCounted
## The one explicit list of built-in command modules; each registers its own domain.

const EditorCommands := preload("res://addons/godot_mcp/commands/editor_commands.gd")
const SceneCommands := preload("res://addons/godot_mcp/commands/scene_commands.gd")
const ClassdbCommands := preload("res://addons/godot_mcp/commands/classdb_commands.gd")
const ProjectCommands := preload("res://addons/godot_mcp/commands/project_commands.gd")
const EditorHistoryCommands := preload("res://addons/godot_mcp/commands/editor_history_commands.gd")


static func register_all(registry: MCPToolkitCommandRegistry) -> void:
	EditorCommands.register(registry)
	SceneCommands.register(registry)
	ClassdbCommands.register(registry)
	ProjectCommands.register(registry)
	EditorHistoryCommands.register(registry)
