@tool
extends RefCounted
## animation.* commands on the tracks and keys of one animation of an AnimationPlayer. Each call is
## one undo step in the scene's history (the animation's state before and after, see AnimationSnapshot).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PlayerAnimation := preload("res://addons/godot_live_mcp/commands/animation/player_animation.gd")
const AnimationKeys := preload("res://addons/godot_live_mcp/commands/animation/animation_keys.gd")
const AnimationSnapshot := preload("res://addons/godot_live_mcp/commands/animation/animation_snapshot.gd")
const AnimationVocabulary := preload("res://addons/godot_live_mcp/commands/animation/animation_vocabulary.gd")

const GROUP := "animation"
const TRACK_INDEX := {"track!": "integer[0..]: Index of the track (animation_get lists them)."}
const KEY_IN := {
	"@": "object: One key.",
	"time!": "number[0..86400]: Seconds.",
	"value":
	(
		"any: Value/position_3d/scale_3d/bezier keys: typed JSON of the property ({'type': 'Vector3', ...},"
		+ " a number for bezier); rotation_3d: Euler radians as Vector3."
	),
	"transition": "number: Easing curve; 1 is linear.",
	"method": "string: Method tracks: the method to call.",
	"args": "array: Method tracks: its arguments as typed JSON.",
	"in_handle": "object: Bezier tracks: Vector2 handle, e.g. {'type': 'Vector2', 'x': -0.1, 'y': 0}.",
	"out_handle": "object: Bezier tracks: Vector2 handle.",
	"stream": "string: Audio tracks: res:// path of the sound.",
	"start_offset": "number: Audio tracks: seconds cut from the start.",
	"end_offset": "number: Audio tracks: seconds cut from the end.",
}
const DONE := {
	"scene!": "string",
	"node_path!": "string",
	"animation!": "string",
	"warning":
	"string: Set when a path reaches nothing, a key lies past the end, or the animation has a file of its own.",
}
const DEFAULTS := {"guard": ["scene"], "target": "node:AnimationPlayer"}
const COMMANDS := {
	"animation.add_track":
	{
		"text":
		(
			"Add a track to an animation. path is relative to the player's root_node: 'Sprite2D:frame' for"
			+ " value/bezier tracks (bezier: one number, e.g. 'Sprite2D:position:x'), 'Mesh' for 3D and method tracks."
		),
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			{
				"type": AnimationVocabulary.TRACK_TYPE + '="value": The track type.',
				"path!": "string: Node path (and ':property' for value and bezier tracks).",
				"interpolation":
				AnimationVocabulary.INTERPOLATION + '="linear": How values between keys are filled in.',
				"update_mode": AnimationVocabulary.UPDATE_MODE + '="continuous": Value tracks only.',
				"if_exists": "@if_exists",
			},
		],
		"returns": [DONE, {"track!": AnimationKeys.TRACK, "status!": "@create_status"}],
	},
	"animation.remove_track":
	{
		"text": "Remove a track (and its keys) from an animation; later tracks move down one index.",
		"args": [PlayerAnimation.PLAYER, PlayerAnimation.ANIMATION, TRACK_INDEX],
		"returns": [DONE, {"track!": AnimationKeys.TRACK, "removed!": "boolean"}],
		"marks": "destructive",
	},
	"animation.insert_keys":
	{
		"text": "Insert keys into one track of an animation (a key at an existing time replaces it); one undo step.",
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			TRACK_INDEX,
			{"keys!": {"@": "array: The keys to insert.", "@items": KEY_IN}},
		],
		"returns": [DONE, {"track!": AnimationKeys.TRACK, "inserted!": "integer"}],
	},
	"animation.remove_keys":
	{
		"text": "Remove keys from one track of an animation, by time or by index; one undo step.",
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			TRACK_INDEX,
			{
				"times": "array<number>: Times (seconds) of the keys to remove.",
				"indices": "array<integer>: Indices of the keys to remove (animation_get_keys lists them).",
			},
		],
		"returns": [DONE, {"track!": AnimationKeys.TRACK, "removed!": "integer"}],
		"marks": "destructive",
	},
}


static func add_track(params: CommandParams, player: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_target(player, params.text("animation"))
	var read: Result = IfExists.read(params) if found.succeeded() else found
	if read.failed():
		return read
	var policy: String = read.value
	var target: PlayerAnimation = found.value
	var kind: int = AnimationVocabulary.TRACK_TYPES.get(params.text("type"), Animation.TYPE_VALUE)
	var path: NodePath = NodePath(params.text("path"))
	var needs_property: bool = kind == Animation.TYPE_VALUE or kind == Animation.TYPE_BEZIER
	if needs_property and path.get_subname_count() == 0:
		return Result.fail(
			"INVALID_PARAMS",
			"A %s track animates a property: '%s' names none." % [params.text("type"), path],
			"Write the path as 'Node:property', e.g. 'Sprite2D:frame' (relative to the player's root_node)."
		)
	var existing: int = target.animation.find_track(path, kind)
	if existing >= 0 and policy != IfExists.REPLACE:
		return IfExists.answer(policy, "A %s track for '%s'" % [params.text("type"), path], _done(target, existing))
	var before: Animation = AnimationSnapshot.take(target.animation)
	if existing >= 0:
		target.animation.remove_track(existing)
	var track: int = target.animation.add_track(kind, existing)
	target.animation.track_set_path(track, path)
	target.animation.track_set_interpolation_type(
		track, AnimationVocabulary.INTERPOLATIONS.get(params.text("interpolation"), 1)
	)
	if kind == Animation.TYPE_VALUE:
		target.animation.value_track_set_update_mode(
			track, AnimationVocabulary.UPDATE_MODES.get(params.text("update_mode"), 0)
		)
	AnimationSnapshot.record("Add track '%s' to '%s'" % [path, target.name], target.player, target.animation, before)
	var result: Dictionary = _done(target, track)
	result["status"] = "replaced" if existing >= 0 else "created"
	_warn(result, _path_warning(target, path, needs_property))
	return Result.of(result)


static func remove_track(params: CommandParams, player: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_track(player, params.text("animation"), params.integer("track"))
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	var track: int = params.integer("track")
	var result: Dictionary = _done(target, track)
	var before: Animation = AnimationSnapshot.take(target.animation)
	target.animation.remove_track(track)
	AnimationSnapshot.record(
		"Remove track '%s' of '%s'" % [result["track"]["path"], target.name], target.player, target.animation, before
	)
	result["removed"] = true
	return Result.of(result)


static func insert_keys(params: CommandParams, player: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_track(player, params.text("animation"), params.integer("track"))
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	var track: int = params.integer("track")
	var parsed: Result = _parse_keys(target, track, params.list("keys"))
	if parsed.failed():
		return parsed
	var before: Animation = AnimationSnapshot.take(target.animation)
	var latest: float = 0.0
	for key: AnimationKeys.TrackKey in parsed.value:
		AnimationKeys.insert(target.animation, track, key)
		latest = maxf(latest, key.time)
	var what: String = "Insert %d key(s) into track %d of '%s'" % [(parsed.value as Array).size(), track, target.name]
	AnimationSnapshot.record(what, target.player, target.animation, before)
	var result: Dictionary = _done(target, track)
	result["inserted"] = (parsed.value as Array).size()
	if latest > target.animation.length:
		_warn(
			result,
			(
				"A key at %s s lies beyond the animation's length (%s s): raise the length with animation_set."
				% [latest, target.animation.length]
			)
		)
	return Result.of(result)


static func remove_keys(params: CommandParams, player: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_track(player, params.text("animation"), params.integer("track"))
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	var track: int = params.integer("track")
	var chosen: Result = _chosen_keys(target.animation, track, params)
	if chosen.failed():
		return chosen
	var indices: Array[int] = chosen.value
	var before: Animation = AnimationSnapshot.take(target.animation)
	for index: int in indices:
		target.animation.track_remove_key(track, index)
	var what: String = "Remove %d key(s) from track %d of '%s'" % [indices.size(), track, target.name]
	AnimationSnapshot.record(what, target.player, target.animation, before)
	var result: Dictionary = _done(target, track)
	result["removed"] = indices.size()
	return Result.of(result)


## The key indices params name (times or indices), highest first so removing keeps the rest in place;
## NOT_FOUND for a time or index the track lacks.
static func _chosen_keys(animation: Animation, track: int, params: CommandParams) -> Result:
	var indices: Array[int] = []
	var count: int = animation.track_get_key_count(track)
	for time: Variant in params.list("times"):
		var index: int = animation.track_find_key(track, float(time), Animation.FIND_MODE_APPROX)
		if index < 0:
			return Result.fail(
				"NOT_FOUND", "Track %d has no key at %s s." % [track, time], "animation_get_keys lists its keys."
			)
		if index not in indices:
			indices.append(index)
	for index: Variant in params.list("indices"):
		if int(index) < 0 or int(index) >= count:
			return Result.fail(
				"NOT_FOUND",
				"Track %d has no key %s (it has %d)." % [track, index, count],
				"animation_get_keys lists its keys."
			)
		if int(index) not in indices:
			indices.append(int(index))
	if indices.is_empty():
		return Result.fail("INVALID_PARAMS", "No key chosen.", "Pass times or indices.")
	indices.sort()
	indices.reverse()
	return Result.of(indices)


## Every key of json parsed for track before any is inserted, so a bad key leaves the track as it was.
static func _parse_keys(target: PlayerAnimation, track: int, json_keys: Array) -> Result:
	if json_keys.is_empty():
		return Result.fail("INVALID_PARAMS", "keys is empty.", 'Pass at least one key, e.g. {"time": 0, "value": 1}.')
	var path: NodePath = target.animation.track_get_path(track)
	var node: Node = _path_node(target, path)
	var property: String = path.get_concatenated_subnames()
	var keys: Array[AnimationKeys.TrackKey] = []
	for json: Variant in json_keys:
		if not json is Dictionary:
			return Result.fail(
				"INVALID_PARAMS", "Each key must be an object.", 'Write a key as {"time": 0.5, "value": 2}.'
			)
		var key: Result = AnimationKeys.parse(json, target.animation, track, node, property)
		if key.failed():
			return key
		keys.append(key.value)
	return Result.of(keys)


## The node path reaches from the player's root_node, or null.
static func _path_node(target: PlayerAnimation, path: NodePath) -> Node:
	var base: Node = target.player.get_node_or_null(target.player.root_node)
	if base == null:
		return null
	return base.get_node_or_null(NodePath(path.get_concatenated_names()))


static func _path_warning(target: PlayerAnimation, path: NodePath, needs_property: bool) -> String:
	var node: Node = _path_node(target, path)
	if node == null:
		return (
			"No node '%s' from the player's root_node '%s' yet; the track does nothing until it exists."
			% [path.get_concatenated_names(), target.player.root_node]
		)
	var property: String = path.get_subname(0) if path.get_subname_count() > 0 else ""
	if needs_property and property not in node:
		return "%s '%s' has no property '%s'." % [node.get_class(), node.name, property]
	return ""


static func _done(target: PlayerAnimation, track: int) -> Dictionary:
	var done: Dictionary = {
		"node_path": target.player_path,
		"animation": target.name,
		"track": AnimationKeys.describe_track(target.animation, track),
	}
	_warn(done, target.file_warning())
	return done


## Adds text to the result's warning (after any warning already there).
static func _warn(result: Dictionary, text: String) -> void:
	if text != "":
		result["warning"] = (str(result["warning"]) + " " + text) if result.has("warning") else text
