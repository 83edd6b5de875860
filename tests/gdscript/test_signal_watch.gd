extends "unit_test.gd"
## SignalWatch: what a cursor reads, and the arguments an emission records.

const SignalWatch := preload("res://addons/godot_live_mcp/runtime/signal_watch.gd")


## A watch of a user signal with one argument, started, on a node freed at tear-down.
func watching(node: Node) -> SignalWatch:
	node.add_user_signal("scored", [{"name": "points", "type": TYPE_INT}])
	var watch: SignalWatch = SignalWatch.new(1, node, &"scored", "Level", func() -> int: return 7)
	check(watch.start(1), "a one-argument signal is watched")
	return watch


func test_each_emission_is_recorded_with_its_arguments() -> void:
	var node: Node = made(Node.new())
	var watch: SignalWatch = watching(node)
	node.emit_signal("scored", 5)
	node.emit_signal("scored", 8)
	var events: Array[Dictionary] = watch.events_since(1)
	equal(events.map(func(event: Dictionary) -> Array: return event["args"]), [[5], [8]], "arguments")
	equal(events.map(func(event: Dictionary) -> int: return event["seq"]), [1, 2], "seqs")
	equal(int(events[0]["frame"]), 7, "the frame stamp")
	watch.stop()
	node.emit_signal("scored", 9)
	equal(watch.events_since(1).size(), 2, "nothing recorded once stopped")


func test_a_cursor_reads_from_its_seq_and_past_the_last_reads_nothing() -> void:
	var node: Node = made(Node.new())
	var watch: SignalWatch = watching(node)
	for points: int in 3:
		node.emit_signal("scored", points)
	equal(watch.events_since(3).map(func(event: Dictionary) -> int: return event["seq"]), [3], "from seq 3")
	equal(watch.events_since(4), [], "past the last")
	# Array.slice takes 32 bits: a cursor beyond them must not wrap round to old events.
	equal(watch.events_since(4294967296), [], "2^32")
	equal(watch.events_since(4294967297), [], "2^32 + 1")
