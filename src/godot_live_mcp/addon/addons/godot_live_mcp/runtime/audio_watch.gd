@tool
extends RefCounted
## Makes the game's audio players follow stepped time and records what they did (export-clean).
## While a step runs the mixer is held (AudioServer.lock), so no sound moves on with the wall clock;
## each stepped physics frame moves every playing sound on by 1 / physics_ticks_per_second seconds
## (times its pitch_scale and AudioServer.playback_speed_scale). A sound that reaches the end of a
## stream that does not loop is stopped and its player emits `finished` at the start of that frame,
## before nodes process it: started in frame S, a sound L seconds long finishes at the start of frame
## S + ceil(L * ticks per second), or one frame sooner (the engine starts a sound a few milliseconds
## in). Engine.time_scale does not apply, as in real time. When the step ends every sound of known
## length is moved to its stepped position and the mixer released, so real time carries on from
## there. Only a player's newest voice is followed; a stream of unknown length (a generator, a
## randomizer) or one that loops never ends by itself; one the game paused waits where it is.
##
## Events, for the step result and the playtest timeline (each reader keeps its own mark):
## `var from := audio.mark()`, step, then `audio.events_since(from)`: oldest first, each
## {frame, event: "started" | "finished" | "stopped", node: path, stream: resource path or class},
## `frame` being the game frame (TimeControl.game_frames) it happened in. The last CAPACITY are kept.

const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")

const CAPACITY := 1000
const END_EPSILON_S := 1e-6
const PLAYER_CLASSES: Array[String] = ["AudioStreamPlayer", "AudioStreamPlayer2D", "AudioStreamPlayer3D"]


## One sound in play during a step: the engine's playback and where stepped time has it.
class Voice:
	var playback: AudioStreamPlayback
	var position: float
	var ends_at: float  # the position it ends at (INF: never by itself)
	var loop_length: float  # a loop's length; 0 when it does not loop or its length is unknown

	func _init(player: Node, voice: AudioStreamPlayback) -> void:
		playback = voice
		position = player.call(&"get_playback_position")
		var stream: AudioStream = player.get(&"stream")
		var length: float = stream.get_length()
		loop_length = length if Voice.loops(stream) else 0.0
		# Whole frames add up to a length inexactly: this close to the end is the end.
		ends_at = length - END_EPSILON_S if length > 0.0 and loop_length == 0.0 else INF

	## Where the engine should go on from, or -1 where seeking would change the sound (a randomizer
	## picks anew, a generator has no position to go to).
	func seek_position() -> float:
		if loop_length > 0.0:
			return fposmod(position, loop_length)  # a WAV loop region starting later is not kept
		return position if ends_at < INF else -1.0

	## Whether stream repeats: WAV by its loop mode, Ogg Vorbis and MP3 by their loop flag.
	static func loops(stream: AudioStream) -> bool:
		if stream is AudioStreamWAV:
			return (stream as AudioStreamWAV).loop_mode != AudioStreamWAV.LOOP_DISABLED
		return stream.get(&"loop") == true


var _players: Dictionary = {}  # instance id -> every audio player in the tree
var _voices: Dictionary = {}  # instance id -> Voice: the sounds stepped time follows
var _events: Array[Dictionary] = []
var _first_seq: int = 0  # the sequence number of _events[0]
var _holding: bool = false
var _parked_at: int = -1  # the game frame the last step ended at; its voices carry into the next


## Follows the players of tree, those there now and those added later.
func attach(tree: SceneTree) -> void:
	tree.node_added.connect(_on_node_added)
	tree.node_removed.connect(_on_node_removed)
	for player_class: String in PLAYER_CLASSES:
		for node: Node in tree.root.find_children("*", player_class, true, false):
			_on_node_added(node)


## A step starts after game frame `frame`: hold the mixer and take up the sounds playing now. If no
## frame ran since the last step, they go on from where it left them (the engine's own position
## moves at each pause) and a sound started meanwhile (by a command) counts as started in `frame`.
func begin_step(frame: int) -> void:
	if not _holding:
		AudioServer.lock()
		_holding = true
	var carried_on: bool = frame == _parked_at
	if not carried_on:
		_voices.clear()
	for id: int in _players.keys():
		var player: Node = _live_player(id)
		if player != null:
			_follow(id, player, frame, carried_on)


## At the start of stepped game frame `frame`, before nodes process it: one frame of sound passes.
## It runs for every player in every stepped frame, so the usual cases take the fewest engine calls.
func advance(frame: int) -> void:
	var seconds: float = AudioServer.playback_speed_scale / float(Engine.physics_ticks_per_second)
	for id: int in _players.keys():
		var player: Variant = _players.get(id)  # a finished handler may have removed it
		if not is_instance_valid(player):
			continue  # forgotten at the step's end
		var playing: bool = player.get(&"playing")
		var voice: Voice = _voices.get(id)
		if not playing and voice == null:
			continue
		if not playing or voice == null or voice.playback != player.call(&"get_stream_playback"):
			voice = _follow(id, player, frame - 1, true)  # it started, started again or stopped
			if voice == null:
				continue
		voice.position += seconds * float(player.get(&"pitch_scale"))
		if voice.position >= voice.ends_at:
			_finish(id, player, frame)


## The step ends after game frame `frame`, before the tree pauses (a paused sound cannot seek):
## what that frame started or stopped is recorded, and each sound goes to its stepped position.
## The mixer stays held until release().
func end_step(frame: int) -> void:
	for id: int in _players.keys():
		var player: Node = _live_player(id)
		var voice: Voice = null if player == null else _follow(id, player, frame, true)
		if voice != null and voice.seek_position() >= 0.0:
			player.call(&"seek", voice.seek_position())
			voice.playback = _playback_of(player)  # seeking starts a new playback
	_parked_at = frame


## Lets the mixer run on with the wall clock (the step is over, or the game is quitting).
func release() -> void:
	if _holding:
		_holding = false
		AudioServer.unlock()


## The mark of the next event: events_since(mark) returns the events from here on.
func mark() -> int:
	return _first_seq + _events.size()


## The events recorded since mark() returned `from`, oldest first (those still kept).
func events_since(from: int) -> Array[Dictionary]:
	return _events.slice(maxi(0, from - _first_seq))


## The voice stepped time follows for player, or null when it sounds nothing; a change since the
## last look is recorded as happening in game frame `frame` when `report` is set.
func _follow(id: int, player: Node, frame: int, report: bool) -> Voice:
	var voice: Voice = _voices.get(id)
	var playback: AudioStreamPlayback = _playback_of(player)
	if playback == null:
		if voice != null and not (player.is_inside_tree() and player.get(&"stream_paused")):
			_voices.erase(id)  # stopped; one the game paused keeps its place (and does not move)
			if report:
				_record(frame, "stopped", player)
		return null
	if voice == null or voice.playback != playback:
		voice = Voice.new(player, playback)
		_voices[id] = voice
		if report:
			_record(frame, "started", player)
	return voice


## A sound reached its end: stop it as the engine would and tell the game, at the start of frame.
func _finish(id: int, player: Node, frame: int) -> void:
	_voices.erase(id)
	player.call(&"stop")
	_record(frame, "finished", player)
	player.emit_signal(&"finished")


## The voice a player is sounding now, or null (none, paused, outside the tree, or no player).
func _playback_of(player: Node) -> AudioStreamPlayback:
	if player == null or not player.is_inside_tree() or not bool(player.get(&"playing")):
		return null
	return player.call(&"get_stream_playback") if player.call(&"has_stream_playback") else null


func _live_player(id: int) -> Node:
	var player: Variant = _players.get(id)  # a freed one may not be typed as Node: check it first
	if is_instance_valid(player):
		return player
	_players.erase(id)
	_voices.erase(id)
	return null


func _on_node_added(node: Node) -> void:
	if node is AudioStreamPlayer or node is AudioStreamPlayer2D or node is AudioStreamPlayer3D:
		_players[node.get_instance_id()] = node


## A player that leaves the tree stops sounding (the engine pauses it); it is taken up again if it comes back.
func _on_node_removed(node: Node) -> void:
	_players.erase(node.get_instance_id())
	_voices.erase(node.get_instance_id())


func _record(frame: int, event: String, player: Node) -> void:
	if _events.size() >= CAPACITY:
		_events.pop_front()
		_first_seq += 1
	var stream: AudioStream = player.get(&"stream")
	var stream_name: String = "" if stream == null else stream.resource_path
	if stream_name == "" and stream != null:
		stream_name = stream.get_class()
	_events.append({"frame": frame, "event": event, "node": RuntimeNodes.path_of(player), "stream": stream_name})
