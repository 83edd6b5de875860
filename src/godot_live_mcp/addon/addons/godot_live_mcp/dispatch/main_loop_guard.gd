@tool
extends RefCounted
## Marks the stretches where engine code pumps the main loop from inside a handler (a scene save
## shows a progress dialog that runs whole frames). While held, the servers read no new requests,
## so no handler ever runs re-entrantly inside another one's save. One per editor (EditorServices).

var _holds: int = 0


func hold() -> void:
	_holds += 1


func release() -> void:
	_holds = maxi(_holds - 1, 0)


func is_held() -> bool:
	return _holds > 0
