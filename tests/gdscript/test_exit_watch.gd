extends "unit_test.gd"
## ExitWatch: the editor's listener of the debugger panel's "stopped" goes back to its place, behind the
## listeners ahead of it and in front of the others, whatever left or joined the panel meanwhile.

const ExitWatch := preload("res://addons/godot_live_mcp/diagnostics/exit_watch.gd")

var _heard: PackedStringArray = PackedStringArray()


func _ahead() -> void:
	_heard.append("ahead")


func _editor() -> void:
	_heard.append("editor")


func _adapter() -> void:
	_heard.append("adapter")


func _newcomer() -> void:
	_heard.append("newcomer")


## A panel heard by _ahead, _editor and _adapter in that order, with _editor taken off as the watch takes
## the editor's listener (found by its engine class in a real editor, so set by hand here).
func watched_panel(watch: ExitWatch) -> Node:
	var panel: Node = made(Node.new())
	panel.add_user_signal("stopped")
	for listener: Callable in [_ahead, _editor, _adapter]:
		panel.connect("stopped", listener)
	watch._editor_stop_at.assign(panel.get_signal_connection_list("stopped").slice(0, 2))
	panel.disconnect("stopped", _editor)
	watch._panel = panel
	watch._editor_stop = _editor
	return panel


func heard_after_put_back(watch: ExitWatch, panel: Node) -> PackedStringArray:
	watch._put_back(_editor)
	_heard.clear()
	panel.emit_signal("stopped")
	return _heard


func test_the_listener_goes_back_between_its_neighbours() -> void:
	var watch: ExitWatch = made(ExitWatch.new())
	var panel: Node = watched_panel(watch)
	equal(heard_after_put_back(watch, panel), PackedStringArray(["ahead", "editor", "adapter"]))


func test_a_listener_ahead_that_left_does_not_put_it_behind_its_follower() -> void:
	var watch: ExitWatch = made(ExitWatch.new())
	var panel: Node = watched_panel(watch)
	panel.disconnect("stopped", _ahead)
	equal(heard_after_put_back(watch, panel), PackedStringArray(["editor", "adapter"]))


func test_a_listener_that_came_meanwhile_stays_behind_it() -> void:
	var watch: ExitWatch = made(ExitWatch.new())
	var panel: Node = watched_panel(watch)
	panel.connect("stopped", _newcomer)
	var heard: PackedStringArray = heard_after_put_back(watch, panel)
	equal(heard, PackedStringArray(["ahead", "editor", "adapter", "newcomer"]))


func test_with_its_follower_gone_it_still_goes_in_front_of_a_newcomer() -> void:
	var watch: ExitWatch = made(ExitWatch.new())
	var panel: Node = watched_panel(watch)
	panel.disconnect("stopped", _adapter)
	panel.connect("stopped", _newcomer)
	equal(heard_after_put_back(watch, panel), PackedStringArray(["ahead", "editor", "newcomer"]))
