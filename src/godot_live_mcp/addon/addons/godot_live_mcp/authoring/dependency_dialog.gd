@tool
extends RefCounted
## The editor's "missing dependencies" dialog. Opening a scene whose dependencies are missing stops
## at this dialog, and its "Open Anyway" button is the only way the editor offers to open the scene
## regardless (with those references left empty); no script API reaches that path directly.


## Presses "Open Anyway" on the dialog shown for scene_path; false when no such dialog is showing.
static func open_anyway(scene_path: String) -> bool:
	var dialog: AcceptDialog = _showing_for(scene_path)
	if dialog == null:
		return false
	dialog.get_ok_button().pressed.emit()
	dialog.hide()
	return true


static func _showing_for(scene_path: String) -> AcceptDialog:
	var editor: Node = EditorInterface.get_base_control().get_parent()
	for found: Node in editor.find_children("*", "DependencyErrorDialog", true, false):
		var dialog: AcceptDialog = found as AcceptDialog
		if dialog != null and dialog.visible and dialog.title.ends_with(scene_path.get_file()):
			return dialog
	return null
