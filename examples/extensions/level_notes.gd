@tool
class_name LevelNotes
extends MCPToolkitExtension
## An example extension: notes on the nodes of a scene, kept as node metadata (so they are saved with
## the scene). Copy this file anywhere into a project that has the godot_live_mcp addon enabled (not
## into addons/godot_live_mcp/); the editor loads it on its next filesystem scan, or at once when a
## client calls extensions_refresh. This folder has a .gdignore, so the copy here stays inert.

const NOTE := &"note"
const GROUP := "level_notes"
const GROUP_TEXT := "Notes on the nodes of a scene: write them, list them, find them across the project."
const KEYWORDS := ["note", "comment", "annotate", "todo"]
## In a saved .tscn, a node's note is the line `metadata/note = "..."`.
const SAVED_NOTE := '(?m)^metadata/note = "(.*)"$'


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	var writing: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new(
		"Set the note of a node of the edited scene (an empty text removes it); undoable with editor_undo."
	)
	writing.with_input_schema(_schema(_write_fields(), ["node_path", "text"]))
	writing.with_group(GROUP, GROUP_TEXT, KEYWORDS).with_success_hint("notes_list shows every note of the scene.")
	registry.add("notes.write", _write, writing)

	var listing: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new(
		"List the notes of the edited scene's nodes, in tree order."
	)
	registry.add("notes.list", _list, listing.mark_read_only().mark_idempotent().with_group(GROUP))

	var finding: MCPToolkitExtensionOptions = MCPToolkitExtensionOptions.new(
		"Find the notes saved in the scenes under a folder of the project; stops early when cancelled."
	)
	var folder: Dictionary = {"type": "string", "description": "res:// folder to search.", "default": "res://"}
	finding.with_input_schema(_schema({"folder": folder}, [])).guard_project_path("folder")
	finding.mark_read_only().mark_scene_independent().mark_cancellable().with_timeout_ms(120000)
	registry.add("notes.find", _find, finding.with_group(GROUP))


func _write_fields() -> Dictionary:
	return {
		"node_path": {"type": "string", "description": "Path of the node from the scene root ('.' is the root)."},
		"text": {"type": "string", "description": "The note; empty to remove it."},
		"save": {"type": "boolean", "description": "Save the scene afterwards.", "default": false},
	}


static func _schema(properties: Dictionary, required: Array) -> Dictionary:
	return {"type": "object", "properties": properties, "required": required, "additionalProperties": false}


func _write(params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	var node: Node = root.get_node_or_null(NodePath(str(params["node_path"])))
	if node == null:
		return MCPToolkitError.fail(
			"NOT_FOUND", "No node at '%s'." % params["node_path"], "notes_list or scene_get_tree show the paths."
		)
	var before: String = str(node.get_meta(NOTE, ""))
	var after: String = str(params["text"])
	node.set_meta(NOTE, _stored(after))
	# The change is applied already: record it so editor_undo (or Ctrl+Z) takes it back. The history
	# calls the node's own set_meta, so undoing works even after this extension was reloaded.
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("note on %s" % node.name, node)
	action.do_method(node.set_meta.bind(NOTE, _stored(after))).undo_method(node.set_meta.bind(NOTE, _stored(before)))
	action.commit_recorded()
	if params.get("save", false):
		var saved: Dictionary = await MCPToolkitSafeSceneOps.save_scene()
		if not saved["success"]:
			return saved
	return MCPToolkitSuccess.ok({"node_path": str(root.get_path_to(node)), "previous": before})


func _list(_params: Dictionary) -> Dictionary:
	var root: Node = EditorInterface.get_edited_scene_root()
	if root == null:
		return MCPToolkitError.fail("SCENE_NOT_OPEN", "No scene is open in the editor.")
	var notes: Array[Dictionary] = []
	var nodes: Array[Node] = [root]
	nodes.append_array(root.find_children("*", "", true, false))
	for node: Node in nodes:
		if node.has_meta(NOTE):
			notes.append({"node_path": str(root.get_path_to(node)), "text": str(node.get_meta(NOTE))})
	return MCPToolkitSuccess.ok({"scene": root.scene_file_path, "notes": notes})


func _find(params: Dictionary, context: MCPToolkitToolContext) -> Dictionary:
	var saved_note: RegEx = RegEx.create_from_string(SAVED_NOTE)
	var found: Array[Dictionary] = []
	var folders: Array[String] = [str(params.get("folder", "res://"))]
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	while not folders.is_empty():
		if context.is_cancelled():
			return MCPToolkitError.fail("CANCELLED", "Stopped on request after %d notes." % found.size())
		var folder: String = folders.pop_back()
		for sub: String in DirAccess.get_directories_at(folder):
			if not sub.begins_with(".") and folder.path_join(sub) != "res://addons":
				folders.append(folder.path_join(sub))
		for file: String in DirAccess.get_files_at(folder):
			if file.ends_with(".tscn"):
				var text: String = FileAccess.get_file_as_string(folder.path_join(file))
				for match: RegExMatch in saved_note.search_all(text):
					found.append({"scene": folder.path_join(file), "text": match.get_string(1)})
		await tree.process_frame  # a folder a frame keeps the editor responsive
	return MCPToolkitSuccess.ok({"notes": found})


## set_meta() removes the entry when given null.
static func _stored(text: String) -> Variant:
	return text if text != "" else null
