@tool
extends RefCounted
## Marks the stretches where engine code pumps the main loop from inside a handler (a scene save
## shows a progress dialog that runs whole frames). While held, the servers read no new requests,
## so no handler ever runs re-entrantly inside another one's save.

static var _holds: int = 0


static func hold() -> void:
	_holds += 1


static func release() -> void:
	_holds = maxi(_holds - 1, 0)


static func is_held() -> bool:
	return _holds > 0
