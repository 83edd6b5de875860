extends Node
## Script properties of the types the engine's own classes seldom expose, for coercion_roundtrip.gd.

@export_enum("Idle", "Walk:5", "Run") var mode: int = 0
@export var cell: Vector2i = Vector2i.ZERO
@export var cell_3d: Vector3i = Vector3i.ZERO
@export var plane_4d: Vector4 = Vector4.ZERO
@export var area: Rect2i = Rect2i()
@export var points_3d: PackedVector3Array = PackedVector3Array()
@export var stats: PlayerStats
@export var target: Node2D
@export var waypoints: Array[Vector2] = []
@export var amounts: Dictionary[String, int] = {}
@export var textures: Array[Texture2D] = []
@export var turn: Quaternion = Quaternion.IDENTITY
var by_id: Dictionary[int, Vector2] = {}
var anything: Variant
