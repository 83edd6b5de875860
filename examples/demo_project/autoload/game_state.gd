extends Node
## The score of the current run; registered as the [code]GameState[/code] autoload.

signal score_changed(new_score: int)

var score: int = 0


## Adds [param points] to the score and announces the new total.
func add_score(points: int) -> void:
	score += points
	score_changed.emit(score)


## Sets the score back to zero and announces it.
func reset() -> void:
	score = 0
	score_changed.emit(score)
