extends "unit_test.gd"
## The public extension API where no editor runs (a game, or this plain script process): undo actions are
## a harmless no-op, and the error helpers carry the contract's hints.


func test_an_undo_action_outside_the_editor_records_nothing_and_breaks_nothing() -> void:
	var node: Node = Node.new()
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("rename", node)
	check(not action.is_active(), "inactive without an editor")
	action.do_property(node, "name", "After").undo_property(node, "name", "Before")
	action.do_method(node.set_name.bind("After")).undo_method(node.set_name.bind("Before"))
	action.do_reference(node).undo_reference(node).commit_recorded()
	equal(str(node.name), "", "nothing ran")
	node.free()


func test_the_standard_parameter_hints_are_the_contracts() -> void:
	equal(MCPToolkitError.HINT_NODE_PATH, MCPToolkitError.hint_for_param("node_path"), "node_path")
	equal(MCPToolkitError.HINT_FILE_PATH, MCPToolkitError.hint_for_param("file_path"), "file_path")
	equal(MCPToolkitError.HINT_CLASS_NAME, MCPToolkitError.hint_for_param("class_name"), "class_name")
	check(MCPToolkitError.HINT_NODE_PATH != "", "node_path has a hint")


func test_success_never_carries_a_code() -> void:
	equal(MCPToolkitSuccess.ok({"data": 1, "code": "X"}), {"data": 1, "success": true}, "ok")
