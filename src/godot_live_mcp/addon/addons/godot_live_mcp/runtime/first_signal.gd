@tool
extends RefCounted
## Awaits whichever of several parameterless signals comes first (export-clean):
## `var index: int = await FirstSignal.new([done, timer.timeout]).fired`.

signal fired(index: int)

var _done: bool = false


func _init(signals: Array[Signal]) -> void:
	for i: int in signals.size():
		signals[i].connect(_on_signal.bind(i), CONNECT_ONE_SHOT)


func _on_signal(index: int) -> void:
	if not _done:
		_done = true
		fired.emit(index)
