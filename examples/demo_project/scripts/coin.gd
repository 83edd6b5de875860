class_name Coin
extends Area2D
## A pickup worth [member value] points; it disappears when the player touches it.

signal collected(value: int)

@export var value: int = 1


func _on_body_entered(body: Node2D) -> void:
	if not body.is_in_group("player"):
		return
	GameState.add_score(value)
	collected.emit(value)
	queue_free()
