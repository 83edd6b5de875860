extends "unit_test.gd"
## The editor's progress lines fold into one entry per task; other lines keep their own entries.

const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")


func _lines(buffer: LogBuffer) -> Array[String]:
	var lines: Array[String] = []
	for entry: Dictionary in buffer.read(0):
		lines.append(LogBuffer.format_line(entry))
	return lines


func test_a_tasks_progress_takes_one_entry_with_the_newest_step() -> void:
	var buffer: LogBuffer = LogBuffer.new(100)
	buffer.add(
		"message", "[   0% ] \u001b[90m\u001b[1mupdate_scripts_classes\u001b[22m | Started Registering (3 steps)"
	)
	buffer.add("message", "[  33% ] update_scripts_classes | ")
	buffer.add("message", "[  66% ] update_scripts_classes | ")
	buffer.add("message", "[ DONE ] update_scripts_classes")
	equal(
		_lines(buffer),
		["MESSAGE: [ DONE ] update_scripts_classes | Started Registering (3 steps) (4 progress lines)"],
		"one entry"
	)


func test_other_lines_and_other_tasks_keep_their_entries() -> void:
	var buffer: LogBuffer = LogBuffer.new(100)
	buffer.add("message", "[  0% ] reimport | icon.svg")
	buffer.add("message", "Loaded 3 scenes")
	buffer.add("message", "[  0% ] loading_editor_layout | Loading docks...")
	buffer.add("warning", "[ 50% ] reimport | not progress: a warning")
	buffer.add("message", "[ 75% ] reimport | Finalizing Asset Import...")
	equal(
		_lines(buffer),
		[
			"MESSAGE: Loaded 3 scenes",
			"MESSAGE: [  0% ] loading_editor_layout | Loading docks...",
			"WARNING: [ 50% ] reimport | not progress: a warning",
			"MESSAGE: [ 75% ] reimport | Finalizing Asset Import... (2 progress lines)",
		],
		"entries"
	)
