extends Node2D
## The demo level: shows the score and reports when every coin has been taken.

signal level_cleared

var _coins_left: int = 0

@onready var _score_label: Label = $HUD/ScoreLabel


func _ready() -> void:
	_coins_left = get_tree().get_nodes_in_group("coins").size()
	GameState.score_changed.connect(_on_score_changed)
	_show_score(GameState.score)


func _on_coin_collected(_value: int) -> void:
	_coins_left -= 1
	if _coins_left == 0:
		level_cleared.emit()


func _on_score_changed(new_score: int) -> void:
	_show_score(new_score)


func _show_score(score: int) -> void:
	_score_label.text = "Score: %d" % score
