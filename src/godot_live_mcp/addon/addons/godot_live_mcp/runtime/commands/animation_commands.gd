@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.animation: read and drive an AnimationPlayer or an AnimationTree of the running game.

const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const PLAYBACK := "parameters/playback"
const COMMANDS := {
	"runtime.animation":
	{
		"text":
		(
			"Read or drive an AnimationPlayer or AnimationTree of the running game: status (current animation,"
			+ " position, length, playing), play (an animation, or a state of the tree's state machine),"
			+ " pause, stop, seek (AnimationPlayer). Answers the status after the action."
		),
		"args":
		{
			"node_path!": RuntimeNodes.NODE_PATH,
			"action": 'enum(status|play|pause|stop|seek)="status": What to do.',
			"animation": "string: play: the animation (or state machine state); omitted: resume the current one.",
			"position": "number[0..]: seek: the position in seconds.",
			"speed": "number=1: play: the speed (negative plays backwards).",
		},
		"returns":
		{
			"node_path!": "string",
			"type!": "enum(AnimationPlayer|AnimationTree)",
			"playing!": "boolean",
			"animation": "string: The current animation (AnimationTree: the state machine's state), '' when none.",
			"position": "number: Seconds into it.",
			"length": "number: Its length in seconds.",
			"animations": "array<string>: The animations it can play (AnimationTree: its libraries' animations).",
			"active": "boolean: AnimationTree: whether it processes.",
		},
	},
}


func animation(params: CommandParams) -> Result:
	var found: Result = RuntimeNodes.require(params.text("node_path"))
	if found.failed():
		return found
	var node: Node = found.value
	var acted: Result = Result.of(null)
	if node is AnimationPlayer:
		acted = _on_player(node as AnimationPlayer, params)
	elif node is AnimationTree:
		acted = _on_tree(node as AnimationTree, params)
	else:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is a %s, not an AnimationPlayer or AnimationTree." % [params.text("node_path"), node.get_class()],
			"runtime_find with type 'AnimationPlayer' (or 'AnimationTree') lists them."
		)
	return acted if acted.failed() else Result.of(_status(node))


static func _on_player(player: AnimationPlayer, params: CommandParams) -> Result:
	match params.text("action"):
		"play":
			var name: String = params.text("animation")
			if name != "" and not player.has_animation(name):
				return _no_animation(name, player.get_animation_list())
			player.play(name, -1.0, params.number("speed"), params.number("speed") < 0.0)
		"pause":
			player.pause()
		"stop":
			player.stop()
		"seek":
			if not player.is_animation_active():
				return Result.fail("INVALID_STATE", "No animation is playing or paused to seek in.", "Play one first.")
			player.seek(params.number("position"), true)
	return Result.of(null)


static func _on_tree(tree: AnimationTree, params: CommandParams) -> Result:
	var playback: AnimationNodeStateMachinePlayback = tree.get(PLAYBACK) as AnimationNodeStateMachinePlayback
	match params.text("action"):
		"play":
			tree.active = true
			var state: String = params.text("animation")
			if state != "" and playback == null:
				return Result.fail(
					"INVALID_STATE", "Its tree root is not a state machine: it has no states to play.", ""
				)
			if state != "":
				playback.travel(state)
		"pause":
			tree.active = false
		"stop":
			if playback != null:
				playback.stop()
			tree.active = false
		"seek":
			return Result.fail(
				"UNSUPPORTED",
				"An AnimationTree has no single timeline to seek in.",
				"Seek its AnimationPlayer instead, or play a state."
			)
	return Result.of(null)


static func _status(node: Node) -> Dictionary:
	var found: Dictionary = {"node_path": RuntimeNodes.path_of(node), "type": node.get_class()}
	var mixer: AnimationMixer = node as AnimationMixer
	found["animations"] = Array(mixer.get_animation_list())
	if node is AnimationPlayer:
		var player: AnimationPlayer = node as AnimationPlayer
		found["playing"] = player.is_playing()
		found["animation"] = str(player.assigned_animation)
		# Active: playing or paused (a stopped one is back at its start).
		var active: bool = player.is_animation_active()
		var assigned: Animation = player.get_animation(player.assigned_animation) if found["animation"] != "" else null
		found["position"] = player.current_animation_position if active else 0.0
		found["length"] = player.current_animation_length if active else (assigned.length if assigned != null else 0.0)
		return found
	var tree: AnimationTree = node as AnimationTree
	var playback: AnimationNodeStateMachinePlayback = tree.get(PLAYBACK) as AnimationNodeStateMachinePlayback
	found["active"] = tree.active
	found["playing"] = tree.active and (playback == null or playback.is_playing())
	found["animation"] = str(playback.get_current_node()) if playback != null else ""
	found["position"] = playback.get_current_play_position() if playback != null else 0.0
	found["length"] = playback.get_current_length() if playback != null else 0.0
	return found


static func _no_animation(name: String, known: PackedStringArray) -> Result:
	return Result.fail(
		"NOT_FOUND",
		"No animation '%s'." % name,
		"%sIts animations: %s." % [NameSuggestions.did_you_mean(name, Array(known)), ", ".join(known)]
	)
