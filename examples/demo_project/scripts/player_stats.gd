class_name PlayerStats
extends Resource
## Tunable numbers for a player character, kept in a [code].tres[/code] file.

@export var max_health: int = 3
@export var move_speed: float = 200.0
@export var display_name: String = "Hero"
@export var tint: Color = Color.WHITE
