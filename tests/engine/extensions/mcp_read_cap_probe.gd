@tool
class_name McpReadCapProbe
extends MCPToolkitExtension
## Test-only: changes the live read cap (godot_live_mcp/limits/read_cap_kb) in memory, never saved,
## so the read tools can be shown to follow it at once. Copied into the test project, never shipped.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const SETTING := "godot_live_mcp/limits/read_cap_kb"


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	var schema: Dictionary = S.object({"kb": S.integer("The new cap in KiB; 0 restores the default.", null, 0)}, ["kb"])
	registry.add(
		"harness.set_read_cap_kb",
		_set_read_cap_kb,
		(
			MCPToolkitExtensionOptions
			. new("Sets the read cap in memory and returns the previous value.")
			. with_input_schema(schema)
			. mark_scene_independent()
		)
	)


func _set_read_cap_kb(params: Dictionary) -> Dictionary:
	var previous: int = int(ProjectSettings.get_setting(SETTING, 0))
	var kb: int = int(params.get("kb", 0))
	ProjectSettings.set_setting(SETTING, kb if kb > 0 else null)
	return MCPToolkitSuccess.ok({"previous_kb": previous})
