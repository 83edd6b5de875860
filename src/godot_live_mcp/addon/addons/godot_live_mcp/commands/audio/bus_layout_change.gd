@tool
extends RefCounted
## A change of the audio buses made the way the audio tools make one: applied to the AudioServer,
## saved to the project's bus layout file (the setting audio/buses/default_bus_layout) and recorded
## as "MCP: <what>" in the global history; undo puts back both the buses and the file's bytes.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const BusLayoutChange := preload("res://addons/godot_live_mcp/commands/audio/bus_layout_change.gd")

const LAYOUT_SETTING := "audio/buses/default_bus_layout"
const DEFAULT_LAYOUT := "res://default_bus_layout.tres"
## How the bus-changing tools word their saving and undo.
const SAVED := "Saved to the bus layout file; undo with editor_undo history='global'."


## The layout file the project's buses are kept in, or PATH_DENIED when the setting points outside.
static func layout_path() -> Result:
	var path: String = str(ProjectSettings.get_setting(LAYOUT_SETTING, DEFAULT_LAYOUT))
	if path.begins_with("uid://"):
		path = ResourceUID.ensure_path(path)  # the editor's Audio panel names the layout by uid once it saved it
	return PathGuard.writable_project_path(path if path != "" else DEFAULT_LAYOUT).within(LAYOUT_SETTING)


## Runs change (func() -> Result, editing the AudioServer), then saves and records it. A failed change
## or save puts the buses back as they were; the change's Result is returned.
static func apply(what: String, change: Callable) -> Result:
	var path: Result = layout_path()
	if path.failed():
		return path
	var idle: Result = await ProjectFiles.wait_until_idle()
	if idle.failed():
		return idle
	var files: PackedStringArray = PackedStringArray([path.value])
	var before_layout: AudioBusLayout = AudioServer.generate_bus_layout()
	var done: Result = change.call()
	if done.failed():
		_use(before_layout)
		return done
	if not FileAccess.file_exists(path.value):
		# Undo then writes the buses as they were instead of deleting the file: the editor's Audio dock
		# saves the layout itself after each change, and logs errors when its file has gone.
		ResourceSaver.save(before_layout, path.value)
	var before_files: Dictionary = ProjectFiles.snapshot(files)
	var after_layout: AudioBusLayout = AudioServer.generate_bus_layout()
	var err: Error = ResourceSaver.save(after_layout, path.value)
	if err != OK:
		_use(before_layout)
		return ProjectFiles.write_failed(path.value, err)
	ProjectFiles.sync_editor(files)
	var after_files: Dictionary = ProjectFiles.snapshot(files)
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what)
	step.do_method(BusLayoutChange.install.bind(after_layout, after_files))
	step.undo_method(BusLayoutChange.install.bind(before_layout, before_files))
	step.commit_recorded()
	return done


## Puts the buses and the layout file back as a recorded side of a change holds them.
static func install(layout: AudioBusLayout, files: Dictionary) -> void:
	_use(layout)
	ProjectFiles.restore(files)


## set_bus_layout does not tell the editor's Audio dock, whose meters would then read buses that are
## gone (an engine error each frame): the signal makes the dock rebuild.
static func _use(layout: AudioBusLayout) -> void:
	AudioServer.set_bus_layout(layout)
	AudioServer.bus_layout_changed.emit()
