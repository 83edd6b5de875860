@tool
extends RefCounted
## The AnimationTree a tool names and its root state machine: found, copied for an edit (an edit
## swaps the whole root, so undo puts the previous root back), and described as results carry it.

const StateMachineGraph := preload("res://addons/godot_live_mcp/commands/animation/state_machine_graph.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const AnimationVocabulary := preload("res://addons/godot_live_mcp/commands/animation/animation_vocabulary.gd")

## The graph's own entry and exit states: always there, never added or removed by a tool.
const START := "Start"
const END := "End"

var tree: AnimationTree
var tree_path: String


## The graph of the AnimationTree a command's target is.
static func of(target: CommandTarget) -> StateMachineGraph:
	var graph: StateMachineGraph = StateMachineGraph.new()
	graph.tree = target.node
	graph.tree_path = target.node_path
	return graph


## The root state machine (null when the tree has no root yet), or INVALID_OPERATION for another root.
func machine() -> Result:
	var current: AnimationRootNode = tree.tree_root
	if current == null or current is AnimationNodeStateMachine:
		return Result.of(current)
	return Result.fail(
		"INVALID_OPERATION",
		"The tree_root of '%s' is an %s; these tools edit a state machine root." % [tree_path, current.get_class()],
		"Edit it in the editor's AnimationTree panel, or set tree_root to a new AnimationNodeStateMachine."
	)


## A copy of the root state machine to change (a new one when the tree has none).
func editable_copy() -> Result:
	var current: Result = machine()
	if current.failed() or current.value == null:
		return current if current.failed() else Result.of(AnimationNodeStateMachine.new())
	return Result.of((current.value as AnimationNodeStateMachine).duplicate_deep())


## NOT_FOUND naming the states unless machine has a state called name (Start/End only with ends).
static func require_state(machine: AnimationNodeStateMachine, name: String, ends: bool = false) -> Result:
	if machine != null and machine.has_node(name) and (ends or name not in [START, END]):
		return Result.of(machine.get_node(name))
	var names: Array = state_names(machine)
	return Result.fail(
		"NOT_FOUND",
		"The state machine has no state '%s'." % name,
		(
			"%sIts states: %s. animation_tree_add_state adds one."
			% [NameSuggestions.did_you_mean(name, names), ", ".join(names) if names else "none"]
		)
	)


## The states a tool can name (Start and End left out), sorted.
static func state_names(machine: AnimationNodeStateMachine) -> Array[String]:
	var names: Array[String] = []
	if machine == null:
		return names
	for name: StringName in machine.get_node_list():
		if str(name) not in [START, END]:
			names.append(str(name))
	names.sort()
	return names


## The state the machine starts in (the target of Start's transition), or "".
static func start_state(machine: AnimationNodeStateMachine) -> String:
	if machine == null:
		return ""
	for index: int in machine.get_transition_count():
		if str(machine.get_transition_from(index)) == START:
			return str(machine.get_transition_to(index))
	return ""


## A state as results describe it.
static func state_row(machine: AnimationNodeStateMachine, name: String) -> Dictionary:
	var node: AnimationNode = machine.get_node(name)
	var row: Dictionary = {"state": name, "position": Coercion.to_json(machine.get_node_position(name))}
	if node is AnimationNodeAnimation:
		row["type"] = "animation"
		row["animation"] = str((node as AnimationNodeAnimation).animation)
	elif node is AnimationNodeBlendSpace1D or node is AnimationNodeBlendSpace2D:
		row["type"] = "blend_space_1d" if node is AnimationNodeBlendSpace1D else "blend_space_2d"
		row["blend_points"] = _points(node)
	else:
		row["type"] = node.get_class()
	return row


## {x, y (2D only), animation} of each point of a 1D or 2D blend space (the two share no base class).
static func _points(space: AnimationRootNode) -> Array[Dictionary]:
	var points: Array[Dictionary] = []
	for index: int in space.call("get_blend_point_count"):
		var at: Variant = space.call("get_blend_point_position", index)
		var point: Dictionary = {"x": at.x, "y": at.y} if at is Vector2 else {"x": at}
		point["animation"] = _animation_of(space.call("get_blend_point_node", index))
		points.append(point)
	return points


static func _animation_of(node: AnimationRootNode) -> String:
	return str((node as AnimationNodeAnimation).animation) if node is AnimationNodeAnimation else node.get_class()


## The transition at index as results describe it.
static func transition_row(machine: AnimationNodeStateMachine, index: int) -> Dictionary:
	var transition: AnimationNodeStateMachineTransition = machine.get_transition(index)
	return {
		"from": str(machine.get_transition_from(index)),
		"to": str(machine.get_transition_to(index)),
		"switch_mode": AnimationVocabulary.name_of(AnimationVocabulary.SWITCH_MODES, transition.switch_mode),
		"advance_mode": AnimationVocabulary.name_of(AnimationVocabulary.ADVANCE_MODES, transition.advance_mode),
		"advance_condition": str(transition.advance_condition),
		"xfade_time": snappedf(transition.xfade_time, 0.000001),
	}


## The index of the transition from -> to, or -1.
static func transition_index(machine: AnimationNodeStateMachine, from: String, to: String) -> int:
	for index: int in machine.get_transition_count():
		if str(machine.get_transition_from(index)) == from and str(machine.get_transition_to(index)) == to:
			return index
	return -1


## A warning when the tree cannot play animation now (no player, or no such animation), else "".
func animation_warning(animation: String) -> String:
	if tree.anim_player.is_empty() and tree.get_animation_library_list().is_empty():
		return "The AnimationTree has no anim_player yet: set it (node_set_property) so its states can play."
	if not tree.has_animation(animation):
		return "The tree's player has no animation '%s' yet (animation_list shows them)." % animation
	return ""
