@tool
extends RefCounted
## The editor's first scan and import of the project. The channel listens from the plugin's start, a
## few frames before the editor has imported a fresh project's assets: a command that arrived then (a
## game started at once after a launch) ran on scenes whose textures did not exist yet. Until the
## first scan ends, every command waits for it; afterwards this costs one check a call.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

var _done: bool = false


## An empty Dictionary once the first scan and import have ended (at once after that), or the
## EDITOR_BUSY envelope when they outlast the scan-idle timeout.
func wait(context: MCPToolkitToolContext) -> Dictionary:
	if _done:
		return {}
	if EditorInterface.get_resource_filesystem().is_scanning():
		context.report_progress(0.0, 0.0, "The editor is importing the project's files (its first scan)")
	var idle: Result = await MCPToolkitSafeSceneOps.scan_idle()
	if idle.failed():
		return idle.to_envelope()
	_done = true
	return {}
