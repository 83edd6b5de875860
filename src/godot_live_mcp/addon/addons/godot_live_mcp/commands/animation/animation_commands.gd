@tool
extends RefCounted
## animation.* commands on an AnimationPlayer of an open scene: its animations (create, delete, list)
## and one animation's tracks and keys. Each change is one undo step in the scene's history.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const PlayerAnimation := preload("res://addons/godot_live_mcp/commands/animation/player_animation.gd")
const AnimationKeys := preload("res://addons/godot_live_mcp/commands/animation/animation_keys.gd")
const AnimationVocabulary := preload("res://addons/godot_live_mcp/commands/animation/animation_vocabulary.gd")
const AnimationSnapshot := preload("res://addons/godot_live_mcp/commands/animation/animation_snapshot.gd")

const GROUP := "animation"
## Keys a track row of animation.get carries at most; animation.get_keys pages the rest.
const KEYS_SHOWN := 50
const ROW := {
	"animation!": "string: Name as the player lists it.",
	"length!": "number: Seconds.",
	"loop_mode!": AnimationVocabulary.LOOP_MODE,
	"step!": "number: Editor snap step in seconds.",
	"track_count!": "integer",
}
const KEY := {
	"@": "array: Keys in time order.",
	"index!": "integer",
	"time!": "number",
	"transition!": "number: Easing curve (1 linear).",
	"value": "any: Typed JSON (rotation_3d: Euler radians as Vector3; bezier: number).",
	"method": "string: Method tracks.",
	"args": "array: Method tracks.",
	"in_handle": "object: Bezier tracks (Vector2).",
	"out_handle": "object: Bezier tracks (Vector2).",
	"stream": "string: Audio tracks: res:// path.",
	"start_offset": "number: Audio tracks.",
	"end_offset": "number: Audio tracks.",
}
const DEFAULTS := {"guard": ["scene"], "target": "node:AnimationPlayer"}
const COMMANDS := {
	"animation.list":
	{
		"text": "List an AnimationPlayer's animations (every library) with their length, loop mode and track count.",
		"args":
		[PlayerAnimation.PLAYER, {"offset": PageArgs.OFFSET % "animation", "limit": PageArgs.LIMIT_100 % "animations"}],
		"returns":
		[
			{"@page": "animations offset", "scene!": "string", "node_path!": "string"},
			{"libraries!": "array<string>: Library names ('' is the default library)."},
			{"animations!": [{"@": "array"}, ROW]},
		],
		"marks": "read_only idempotent",
	},
	"animation.create":
	{
		"run": "create_animation",
		"text":
		(
			"Create an Animation in an AnimationPlayer (its library is created when missing); add tracks with"
			+ " animation_add_track and keys with animation_insert_keys."
		),
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			{
				"length": "number[0.001..86400]=1.0: Length in seconds.",
				"loop_mode": AnimationVocabulary.LOOP_MODE + '="none": linear repeats, pingpong plays back and forth.',
				"step": "number[0..86400]: Editor snap step in seconds; the engine's default (1/30 s) when omitted.",
				"if_exists": "@if_exists",
			},
		],
		"returns": [{"scene!": "string", "node_path!": "string"}, ROW, {"status!": "@create_status"}],
	},
	"animation.set":
	{
		"run": "set_animation",
		"text": "Change an animation's length, loop mode or snap step (only those given); its tracks and keys stay.",
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			{
				"length": "number[0.001..86400]: Length in seconds.",
				"loop_mode": AnimationVocabulary.LOOP_MODE + ": linear repeats, pingpong plays back and forth.",
				"step": "number[0..86400]: Editor snap step in seconds.",
			},
		],
		"returns": [{"scene!": "string", "node_path!": "string"}, ROW, {"warning": "string"}],
		"marks": "idempotent",
	},
	"animation.delete":
	{
		"run": "delete_animation",
		"text": "Delete an animation from its AnimationPlayer's library.",
		"args": [PlayerAnimation.PLAYER, PlayerAnimation.ANIMATION],
		"returns": {"scene!": "string", "node_path!": "string", "animation!": "string", "deleted!": "boolean"},
		"marks": "destructive",
	},
	"animation.get":
	{
		"run": "get_animation",
		"text":
		(
			(
				"Read one animation: length, loop, and its tracks (paged) with their first %d keys each;"
				+ " animation_get_keys pages one track's keys."
			)
			% KEYS_SHOWN
		),
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			{"offset": PageArgs.OFFSET % "track", "limit": PageArgs.LIMIT_100 % "tracks"}
		],
		"returns":
		[
			{"@page": "tracks offset", "scene!": "string", "node_path!": "string"},
			ROW,
			{"tracks!": [{"@": "array"}, AnimationKeys.TRACK, {"keys!": KEY}]},
		],
		"marks": "read_only idempotent",
	},
	"animation.get_keys":
	{
		"text": "Read the keys of one track of an animation, paged (animation_get lists the tracks).",
		"args":
		[
			PlayerAnimation.PLAYER,
			PlayerAnimation.ANIMATION,
			{"track!": "integer[0..]: Index of the track."},
			{"offset": PageArgs.OFFSET % "key", "limit": PageArgs.LIMIT_200 % "keys"},
		],
		"returns":
		[
			{"@page": "keys offset", "scene!": "string", "node_path!": "string"},
			{"track!": AnimationKeys.TRACK, "keys!": KEY}
		],
		"marks": "read_only idempotent",
	},
}


## The row animation.list and animation.create report for animation called name.
static func row(name: String, animation: Animation) -> Dictionary:
	return {
		"animation": name,
		"length": animation.length,
		"loop_mode": AnimationVocabulary.name_of(AnimationVocabulary.LOOP_MODES, animation.loop_mode),
		# The engine keeps step as a 32-bit float: 0.05 would come back as 0.0500000007.
		"step": snappedf(animation.step, 0.000001),
		"track_count": animation.get_track_count(),
	}


static func list(params: CommandParams, target: CommandTarget) -> Result:
	var player: AnimationPlayer = target.node
	var rows: Array[Dictionary] = []
	for name: String in player.get_animation_list():
		rows.append(row(name, player.get_animation(name)))
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "animations", "animations"
	)
	page["node_path"] = target.node_path
	page["libraries"] = Array(PackedStringArray(player.get_animation_library_list()))
	return Result.of(page)


static func get_animation(params: CommandParams, player: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_target(player, params.text("animation"))
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	var tracks: Array[Dictionary] = []
	for track: int in target.animation.get_track_count():
		tracks.append(_track_with_keys(target.animation, track))
	var page: Dictionary = Pagination.list_page(
		tracks, params.integer("offset"), params.integer("limit"), "tracks", "tracks"
	)
	page.merge(row(target.name, target.animation))
	page["node_path"] = target.player_path
	return Result.of(page)


static func get_keys(params: CommandParams, player: CommandTarget) -> Result:
	var track: int = params.integer("track")
	var found: Result = PlayerAnimation.of_track(player, params.text("animation"), track)
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	var keys: Array[Dictionary] = []
	for index: int in target.animation.track_get_key_count(track):
		keys.append(AnimationKeys.read(target.animation, track, index))
	var page: Dictionary = Pagination.list_page(keys, params.integer("offset"), params.integer("limit"), "keys", "keys")
	page["track"] = AnimationKeys.describe_track(target.animation, track)
	page["node_path"] = target.player_path
	return Result.of(page)


static func _track_with_keys(animation: Animation, track: int) -> Dictionary:
	var described: Dictionary = AnimationKeys.describe_track(animation, track)
	var keys: Array[Dictionary] = []
	for index: int in mini(animation.track_get_key_count(track), KEYS_SHOWN):
		keys.append(AnimationKeys.read(animation, track, index))
	described["keys"] = keys
	return described


static func create_animation(params: CommandParams, target: CommandTarget) -> Result:
	var read: Result = IfExists.read(params)
	if read.failed():
		return read
	var policy: String = read.value
	var player: AnimationPlayer = target.node
	var full_name: String = params.text("animation")
	var parts: PackedStringArray = PlayerAnimation.split_name(full_name)
	if parts[1] == "" or parts[1].contains("/") or full_name.contains(":") or full_name.contains(","):
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is not a valid animation name." % full_name,
			"Use a name like 'walk' or 'library/walk' without ':', ',' or a second '/'."
		)
	var data: Dictionary = {"node_path": target.node_path}
	if player.has_animation(full_name) and policy != IfExists.REPLACE:
		data.merge(row(full_name, player.get_animation(full_name)))
		return IfExists.answer(policy, "Animation '%s'" % full_name, data)
	var animation: Animation = Animation.new()
	animation.length = params.number("length")
	animation.loop_mode = AnimationVocabulary.LOOP_MODES.get(params.text("loop_mode"), Animation.LOOP_NONE)
	if params.has("step"):
		animation.step = params.number("step")
	data["status"] = "replaced" if player.has_animation(full_name) else "created"
	_add_recorded(player, parts, animation)
	data.merge(row(full_name, animation))
	return Result.of(data)


## Puts animation into the player's library parts[0] under parts[1] (making the library when it is
## missing, replacing an animation of that name) and records the undo step.
static func _add_recorded(player: AnimationPlayer, parts: PackedStringArray, animation: Animation) -> void:
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"Create animation '%s' in '%s'" % ["/".join(parts).trim_prefix("/"), player.name], player
	)
	var library: AnimationLibrary = (
		player.get_animation_library(parts[0]) if player.has_animation_library(parts[0]) else null
	)
	var made_library: bool = library == null
	if made_library:
		library = AnimationLibrary.new()
		player.add_animation_library(parts[0], library)
		step.do_method(player.add_animation_library.bind(parts[0], library)).do_reference(library)
	var previous: Animation = library.get_animation(parts[1]) if library.has_animation(parts[1]) else null
	if previous != null:
		library.remove_animation(parts[1])
		step.do_method(library.remove_animation.bind(parts[1]))
	library.add_animation(parts[1], animation)
	step.do_method(library.add_animation.bind(parts[1], animation)).do_reference(animation)
	step.undo_method(library.remove_animation.bind(parts[1]))
	if previous != null:
		step.undo_method(library.add_animation.bind(parts[1], previous)).undo_reference(previous)
	if made_library:
		step.undo_method(player.remove_animation_library.bind(parts[0]))
	step.commit_recorded()


static func delete_animation(params: CommandParams, on: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_target(on, params.text("animation"))
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	var library_name: StringName = target.player.find_animation_library(target.animation)
	var library: AnimationLibrary = target.player.get_animation_library(library_name)
	var key: String = PlayerAnimation.split_name(target.name)[1]
	library.remove_animation(key)
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"Delete animation '%s' of '%s'" % [target.name, target.player.name], target.player
	)
	step.do_method(library.remove_animation.bind(key))
	step.undo_method(library.add_animation.bind(key, target.animation)).undo_reference(target.animation)
	step.commit_recorded()
	return Result.of({"node_path": target.player_path, "animation": target.name, "deleted": true})


static func set_animation(params: CommandParams, on: CommandTarget) -> Result:
	var found: Result = PlayerAnimation.of_target(on, params.text("animation"))
	if found.failed():
		return found
	var target: PlayerAnimation = found.value
	if not (params.has("length") or params.has("loop_mode") or params.has("step")):
		return Result.fail("INVALID_PARAMS", "Nothing to change.", "Pass length, loop_mode or step.")
	var animation: Animation = target.animation
	var before: Animation = AnimationSnapshot.take(animation)
	if params.has("length"):
		animation.length = params.number("length")
	if params.has("loop_mode"):
		animation.loop_mode = AnimationVocabulary.LOOP_MODES.get(params.text("loop_mode"), animation.loop_mode)
	if params.has("step"):
		animation.step = params.number("step")
	AnimationSnapshot.record("Set '%s' of '%s'" % [target.name, target.player.name], target.player, animation, before)
	var data: Dictionary = row(target.name, animation)
	data["node_path"] = target.player_path
	if target.file_warning() != "":
		data["warning"] = target.file_warning()
	return Result.of(data)
