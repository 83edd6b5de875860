@tool
extends RefCounted
## Keys of one track as JSON, both ways. A key is {time, value, transition} with, per track type:
## method tracks {method, args}, bezier tracks {value, in_handle, out_handle}, audio tracks
## {stream, start_offset, end_offset}; 3D rotation keys are Euler angles in radians (Vector3).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CoercionResources := preload("res://addons/godot_live_mcp/contract/coercion_resources.gd")
const AnimationVocabulary := preload("res://addons/godot_live_mcp/commands/animation/animation_vocabulary.gd")

## A track as results describe it (describe_track).
const TRACK := {
	"index!": "integer",
	"type!": "string",
	"path!": "string: Node path relative to the player's root_node, with ':property' for value tracks.",
	"interpolation!": "string",
	"update_mode": "string: Value tracks only.",
	"enabled!": "boolean",
	"key_count!": "integer",
}
## Track types whose key value is one Vector3.
const VECTOR3_TRACKS: Array[int] = [Animation.TYPE_POSITION_3D, Animation.TYPE_ROTATION_3D, Animation.TYPE_SCALE_3D]
## Track types whose key value is one number.
const NUMBER_TRACKS: Array[int] = [Animation.TYPE_BEZIER, Animation.TYPE_BLEND_SHAPE]


## One key ready to insert: its time, its engine value and its transition.
class TrackKey:
	var time: float
	var value: Variant
	var transition: float = 1.0
	var in_handle: Vector2 = Vector2.ZERO
	var out_handle: Vector2 = Vector2.ZERO
	var start_offset: float = 0.0
	var end_offset: float = 0.0


## The key json describes for track of animation; target is the node and property a value track
## animates (null when the path does not resolve: the value is then decoded without a type).
static func parse(json: Dictionary, animation: Animation, track: int, target: Object, property: String) -> Result:
	var key: TrackKey = TrackKey.new()
	if not (json.get("time") is float or json.get("time") is int):
		return Result.fail(
			"INVALID_PARAMS", "Each key needs a 'time' in seconds.", 'Write a key as {"time": 0.5, ...}.'
		)
	key.time = float(json["time"])
	key.transition = float(json.get("transition", 1.0))
	var kind: int = animation.track_get_type(track)
	var decoded: Result = _value(json, kind, target, property)
	if decoded.failed():
		return decoded.within("Key at %s s" % key.time)
	key.value = decoded.value
	if kind == Animation.TYPE_BEZIER:
		for side: String in ["in_handle", "out_handle"]:
			var handle: Result = Coercion.from_json(json.get(side, {"type": "Vector2", "x": 0, "y": 0}), TYPE_VECTOR2)
			if handle.failed():
				return handle.within("Key at %s s, %s" % [key.time, side])
			key.set(side, handle.value)
	key.start_offset = float(json.get("start_offset", 0.0))
	key.end_offset = float(json.get("end_offset", 0.0))
	return Result.of(key)


static func _value(json: Dictionary, kind: int, target: Object, property: String) -> Result:
	if kind == Animation.TYPE_METHOD:
		return _method_call(json)
	if kind == Animation.TYPE_AUDIO:
		return _stream(json)
	if not json.has("value"):
		return Result.fail("INVALID_PARAMS", "The key has no 'value'.", "Give each key a value of the track's type.")
	var raw: Variant = json["value"]
	if kind in VECTOR3_TRACKS:
		return Coercion.from_json(raw, TYPE_VECTOR3)
	if kind in NUMBER_TRACKS:
		return Coercion.from_json(raw, TYPE_FLOAT)
	if target != null and property != "" and not property.contains(":"):
		return Coercion.property_from_json(target, property, raw)
	return Coercion.from_json(raw)


static func _method_call(json: Dictionary) -> Result:
	var method: String = str(json.get("method", ""))
	if method == "":
		return Result.fail(
			"INVALID_PARAMS",
			"A method track key needs 'method'.",
			'Write it as {"time": 0, "method": "hit", "args": []}.'
		)
	var args: Result = Coercion.from_json(json.get("args", []), TYPE_ARRAY)
	if args.failed():
		return args
	return Result.of({"method": StringName(method), "args": args.value})


static func _stream(json: Dictionary) -> Result:
	var loaded: Result = CoercionResources.load_path(str(json.get("stream", "")))
	if loaded.failed():
		return loaded
	if not loaded.value is AudioStream:
		return Result.fail(
			"TYPE_MISMATCH", "'%s' is not an AudioStream." % json.get("stream"), "Pass the res:// path of a sound file."
		)
	return loaded


## Inserts key into track; the key's index.
static func insert(animation: Animation, track: int, key: TrackKey) -> int:
	match animation.track_get_type(track):
		Animation.TYPE_BEZIER:
			return animation.bezier_track_insert_key(track, key.time, key.value, key.in_handle, key.out_handle)
		Animation.TYPE_AUDIO:
			return animation.audio_track_insert_key(track, key.time, key.value, key.start_offset, key.end_offset)
		Animation.TYPE_ROTATION_3D:
			return animation.rotation_track_insert_key(track, key.time, Quaternion.from_euler(key.value))
	return animation.track_insert_key(track, key.time, key.value, key.transition)


## Key index of track as JSON (what key reading tools return).
static func read(animation: Animation, track: int, index: int) -> Dictionary:
	var key: Dictionary = {"index": index, "time": animation.track_get_key_time(track, index)}
	key["transition"] = animation.track_get_key_transition(track, index)
	match animation.track_get_type(track):
		Animation.TYPE_METHOD:
			key["method"] = str(animation.method_track_get_name(track, index))
			key["args"] = Coercion.to_json(animation.method_track_get_params(track, index))
		Animation.TYPE_BEZIER:
			key["value"] = animation.bezier_track_get_key_value(track, index)
			key["in_handle"] = Coercion.to_json(animation.bezier_track_get_key_in_handle(track, index))
			key["out_handle"] = Coercion.to_json(animation.bezier_track_get_key_out_handle(track, index))
		Animation.TYPE_AUDIO:
			var stream: Resource = animation.audio_track_get_key_stream(track, index)
			key["stream"] = stream.resource_path if stream != null else ""
			key["start_offset"] = animation.audio_track_get_key_start_offset(track, index)
			key["end_offset"] = animation.audio_track_get_key_end_offset(track, index)
		Animation.TYPE_ROTATION_3D:
			key["value"] = Coercion.to_json((animation.track_get_key_value(track, index) as Quaternion).get_euler())
		_:
			key["value"] = Coercion.to_json(animation.track_get_key_value(track, index))
	return key


## The track as results describe it (without its keys).
static func describe_track(animation: Animation, track: int) -> Dictionary:
	var kind: int = animation.track_get_type(track)
	var row: Dictionary = {
		"index": track,
		"type": AnimationVocabulary.name_of(AnimationVocabulary.TRACK_TYPES, kind),
		"path": str(animation.track_get_path(track)),
		"interpolation":
		AnimationVocabulary.name_of(AnimationVocabulary.INTERPOLATIONS, animation.track_get_interpolation_type(track)),
		"enabled": animation.track_is_enabled(track),
		"key_count": animation.track_get_key_count(track),
	}
	if kind == Animation.TYPE_VALUE:
		row["update_mode"] = AnimationVocabulary.name_of(
			AnimationVocabulary.UPDATE_MODES, animation.value_track_get_update_mode(track)
		)
	return row
