@tool
extends RefCounted
## animation.tree_* commands: the root state machine of an AnimationTree (states, transitions, the
## start state, blend points of blend space states). Each change is one undo step in the scene's
## history: the edited copy of the root replaces the root, and undo puts the previous root back.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const StateMachineGraph := preload("res://addons/godot_live_mcp/commands/animation/state_machine_graph.gd")
const AnimationVocabulary := preload("res://addons/godot_live_mcp/commands/animation/animation_vocabulary.gd")

const GROUP := "animation"
const TREE := {"scene": "@scene", "node_path!": "@node_path: Path of the AnimationTree."}
const STATE := {"state!": "string: Name of a state of the tree's root state machine."}
const STATE_ROW := {
	"@": "object",
	"state!": "string",
	"type!": "string: animation, blend_space_1d, blend_space_2d or another AnimationNode class.",
	"animation": "string: Animation states: the animation played.",
	"position!": "object: Place in the graph editor (Vector2).",
	"blend_points": "array<object>: Blend spaces: {x, y (2D), animation} of each point.",
}
const TRANSITION_ROW := {
	"@": "object",
	"from!": "string",
	"to!": "string",
	"switch_mode!": "string",
	"advance_mode!": "string",
	"advance_condition!": "string",
	"xfade_time!": "number",
}
const LINK := {"from!": "string: State the transition leaves.", "to!": "string: State it enters."}
const DONE := {
	"scene!": "string", "node_path!": "string", "root_created": "boolean: The tree had no root; one was made."
}
## Where a new state goes in the graph when no position is given: a row, one step per state.
const LAYOUT_STEP := Vector2(180, 0)
const LAYOUT_ORIGIN := Vector2(200, 100)
const DEFAULTS := {"guard": ["scene"], "target": "node:AnimationTree"}
const COMMANDS := {
	"animation.tree_get":
	{
		"text":
		"Read an AnimationTree's root state machine: its states (paged) with blend points, transitions, start state.",
		"args": [TREE, {"offset": PageArgs.OFFSET % "state", "limit": PageArgs.LIMIT_100 % "states"}],
		"returns":
		[
			{"@page": "states offset", "scene!": "string", "node_path!": "string"},
			{"anim_player!": "string: The AnimationPlayer the tree takes animations from.", "root_type!": "string"},
			{"start_state!": "string: '' when none.", "states!": {"@": "array", "@items": STATE_ROW}},
			{"transitions!": {"@": "array: Every transition, Start's included.", "@items": TRANSITION_ROW}},
		],
		"marks": "read_only idempotent",
	},
	"animation.tree_add_state":
	{
		"text":
		(
			"Add a state to an AnimationTree's root state machine (made when the tree has no root): an animation"
			+ " or a blend space (fill it with animation_tree_add_blend_point); animation_tree_set_start picks the first."
		),
		"args":
		[
			TREE,
			STATE,
			{
				"type": 'enum(animation|blend_space_1d|blend_space_2d)="animation": What the state plays.',
				"animation": "string: Animation states: the animation to play, as the player lists it.",
				"position": "object: Place in the graph editor ({'type': 'Vector2', ...}); in a row when omitted.",
				"if_exists": "@if_exists",
			},
		],
		"returns": [DONE, {"state!": STATE_ROW, "status!": "@create_status", "warning": "string"}],
	},
	"animation.tree_remove_state":
	{
		"text": "Remove a state and its transitions from an AnimationTree's root state machine.",
		"args": [TREE, STATE],
		"returns": [DONE, {"state!": "string", "removed!": "boolean"}],
		"marks": "destructive",
	},
	"animation.tree_add_transition":
	{
		"text": "Add a transition between two states of an AnimationTree's state machine ('End' may be the target).",
		"args":
		[
			TREE,
			LINK,
			{
				"switch_mode": AnimationVocabulary.SWITCH_MODE + '="immediate": When to switch (at_end: when it ends).',
				"advance_mode":
				(
					AnimationVocabulary.ADVANCE_MODE
					+ '="enabled": auto: take it by itself; enabled: by travel or condition.'
				),
				"advance_condition": "string: Condition name; set parameters/conditions/<name> to true to take it.",
				"xfade_time": "number[0..86400]=0: Cross-fade seconds.",
				"if_exists": "@if_exists",
			},
		],
		"returns": [DONE, {"transition!": TRANSITION_ROW, "status!": "@create_status"}],
	},
	"animation.tree_remove_transition":
	{
		"text": "Remove the transition between two states of an AnimationTree's state machine.",
		"args": [TREE, LINK],
		"returns": [DONE, {"removed!": "boolean"}],
		"marks": "destructive",
	},
	"animation.tree_set_start":
	{
		"text": "Make a state the one an AnimationTree's state machine starts in (an auto transition from Start).",
		"args": [TREE, STATE],
		"returns": [DONE, {"start_state!": "string", "previous!": "string: '' when there was none."}],
		"marks": "idempotent",
	},
	"animation.tree_add_blend_point":
	{
		"text": "Add an animation as a blend point of a blend space state (the space grows to hold the point).",
		"args":
		[
			TREE,
			STATE,
			{
				"animation!": "string: The animation of the point, as the player lists it.",
				"x!": "number: Position on the blend axis (x axis for 2D).",
				"y": "number=0: 2D blend spaces: position on the y axis.",
			},
		],
		"returns": [DONE, {"state!": STATE_ROW, "warning": "string"}],
	},
}


static func tree_get(params: CommandParams, target: CommandTarget) -> Result:
	var graph: StateMachineGraph = StateMachineGraph.of(target)
	var current: Result = graph.machine()
	var machine: AnimationNodeStateMachine = current.value if current.succeeded() else null
	var states: Array[Dictionary] = []
	for name: String in StateMachineGraph.state_names(machine):
		states.append(StateMachineGraph.state_row(machine, name))
	var page: Dictionary = Pagination.list_page(
		states, params.integer("offset"), params.integer("limit"), "states", "states"
	)
	page["node_path"] = graph.tree_path
	page["anim_player"] = str(graph.tree.anim_player)
	page["root_type"] = "none" if graph.tree.tree_root == null else graph.tree.tree_root.get_class()
	page["start_state"] = StateMachineGraph.start_state(machine)
	var transitions: Array[Dictionary] = []
	for index: int in machine.get_transition_count() if machine != null else 0:
		transitions.append(StateMachineGraph.transition_row(machine, index))
	page["transitions"] = transitions
	return Result.of(page)


static func tree_add_state(params: CommandParams, target: CommandTarget) -> Result:
	var policy: Result = IfExists.read(params)
	if policy.failed():
		return policy
	return _edit(target, "Add state '%s'" % params.text("state"), _add_state.bind(params, str(policy.value)))


static func tree_remove_state(params: CommandParams, target: CommandTarget) -> Result:
	return _edit(target, "Remove state '%s'" % params.text("state"), _remove_state.bind(params))


static func tree_add_transition(params: CommandParams, target: CommandTarget) -> Result:
	var policy: Result = IfExists.read(params)
	if policy.failed():
		return policy
	var what: String = "Add transition '%s' -> '%s'" % [params.text("from"), params.text("to")]
	return _edit(target, what, _add_transition.bind(params, str(policy.value)))


static func tree_remove_transition(params: CommandParams, target: CommandTarget) -> Result:
	var what: String = "Remove transition '%s' -> '%s'" % [params.text("from"), params.text("to")]
	return _edit(target, what, _remove_transition.bind(params))


static func tree_set_start(params: CommandParams, target: CommandTarget) -> Result:
	return _edit(target, "Start in state '%s'" % params.text("state"), _set_start.bind(params))


static func tree_add_blend_point(params: CommandParams, target: CommandTarget) -> Result:
	var what: String = "Add blend point '%s' to '%s'" % [params.text("animation"), params.text("state")]
	return _edit(target, what, _add_blend_point.bind(params))


## Runs change (func(machine, graph) -> Result) on a copy of the tree's root state machine; unless
## it fails or changed nothing (status "returned"), the copy becomes the root as one undo step.
static func _edit(target: CommandTarget, what: String, change: Callable) -> Result:
	var graph: StateMachineGraph = StateMachineGraph.of(target)
	var copy: Result = graph.editable_copy()
	if copy.failed():
		return copy
	var changed: Result = change.call(copy.value, graph)
	if changed.failed():
		return changed
	var data: Dictionary = changed.value
	data["node_path"] = graph.tree_path
	if data.get("status", "") == "returned":
		return changed
	var previous: AnimationRootNode = graph.tree.tree_root
	graph.tree.tree_root = copy.value
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"%s of '%s'" % [what, graph.tree.name], graph.tree
	)
	step.do_property(graph.tree, &"tree_root", copy.value).undo_property(graph.tree, &"tree_root", previous)
	step.commit_recorded()
	if previous == null:
		data["root_created"] = true
	return Result.of(data)


static func _add_state(
	machine: AnimationNodeStateMachine, graph: StateMachineGraph, params: CommandParams, policy: String
) -> Result:
	var name: String = params.text("state")
	if name.is_empty() or name.contains("/") or name in [StateMachineGraph.START, StateMachineGraph.END]:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' cannot name a state." % name,
			"Use a name such as 'idle', without '/'; Start and End are built in."
		)
	var existed: bool = machine.has_node(name)
	if existed and policy != IfExists.REPLACE:
		return IfExists.answer(policy, "State '%s'" % name, {"state": StateMachineGraph.state_row(machine, name)})
	var made: Result = _state_node(params)
	if made.failed():
		return made
	if existed:
		machine.replace_node(name, made.value)
	else:
		var place: Result = _position(params, machine)
		if place.failed():
			return place
		machine.add_node(name, made.value, place.value)
	var status: String = "replaced" if existed else "created"
	var data: Dictionary = {"state": StateMachineGraph.state_row(machine, name), "status": status}
	var warning: String = (
		graph.animation_warning(params.text("animation")) if made.value is AnimationNodeAnimation else ""
	)
	if warning != "":
		data["warning"] = warning
	return Result.of(data)


static func _state_node(params: CommandParams) -> Result:
	match params.text("type"):
		"blend_space_1d":
			return Result.of(AnimationNodeBlendSpace1D.new())
		"blend_space_2d":
			return Result.of(AnimationNodeBlendSpace2D.new())
	if params.text("animation").is_empty():
		return Result.fail(
			"INVALID_PARAMS", "An animation state needs 'animation'.", "animation_list shows the player's animations."
		)
	var node: AnimationNodeAnimation = AnimationNodeAnimation.new()
	node.animation = params.text("animation")
	return Result.of(node)


static func _position(params: CommandParams, machine: AnimationNodeStateMachine) -> Result:
	if params.has("position"):
		return Coercion.from_json(params.value("position"), TYPE_VECTOR2).within("position")
	return Result.of(LAYOUT_ORIGIN + LAYOUT_STEP * StateMachineGraph.state_names(machine).size())


static func _remove_state(
	machine: AnimationNodeStateMachine, _graph: StateMachineGraph, params: CommandParams
) -> Result:
	var name: String = params.text("state")
	var found: Result = StateMachineGraph.require_state(machine, name)
	if found.failed():
		return found
	machine.remove_node(name)
	return Result.of({"state": name, "removed": true})


static func _add_transition(
	machine: AnimationNodeStateMachine, _graph: StateMachineGraph, params: CommandParams, policy: String
) -> Result:
	var from: String = params.text("from")
	var to: String = params.text("to")
	for end: String in [from, to]:
		var found: Result = StateMachineGraph.require_state(machine, end, true)
		if found.failed():
			return found
	var existing: int = StateMachineGraph.transition_index(machine, from, to)
	if existing >= 0 and policy != IfExists.REPLACE:
		var row: Dictionary = {"transition": StateMachineGraph.transition_row(machine, existing)}
		return IfExists.answer(policy, "The transition '%s' -> '%s'" % [from, to], row)
	if existing >= 0:
		machine.remove_transition_by_index(existing)
	var transition: AnimationNodeStateMachineTransition = AnimationNodeStateMachineTransition.new()
	transition.switch_mode = AnimationVocabulary.SWITCH_MODES.get(params.text("switch_mode"), 0)
	transition.advance_mode = AnimationVocabulary.ADVANCE_MODES.get(params.text("advance_mode"), 1)
	transition.advance_condition = params.text("advance_condition")
	transition.xfade_time = params.number("xfade_time")
	machine.add_transition(from, to, transition)
	var index: int = StateMachineGraph.transition_index(machine, from, to)
	var status: String = "replaced" if existing >= 0 else "created"
	return Result.of({"transition": StateMachineGraph.transition_row(machine, index), "status": status})


static func _remove_transition(
	machine: AnimationNodeStateMachine, _graph: StateMachineGraph, params: CommandParams
) -> Result:
	var index: int = StateMachineGraph.transition_index(machine, params.text("from"), params.text("to"))
	if index < 0:
		return Result.fail(
			"NOT_FOUND",
			"No transition from '%s' to '%s'." % [params.text("from"), params.text("to")],
			"animation_tree_get lists the transitions."
		)
	machine.remove_transition_by_index(index)
	return Result.of({"removed": true})


static func _set_start(machine: AnimationNodeStateMachine, _graph: StateMachineGraph, params: CommandParams) -> Result:
	var name: String = params.text("state")
	var found: Result = StateMachineGraph.require_state(machine, name)
	if found.failed():
		return found
	var previous: String = StateMachineGraph.start_state(machine)
	if previous == name:
		return Result.of({"start_state": name, "previous": previous, "status": "returned"})
	for index: int in range(machine.get_transition_count() - 1, -1, -1):
		if str(machine.get_transition_from(index)) == StateMachineGraph.START:
			machine.remove_transition_by_index(index)
	var transition: AnimationNodeStateMachineTransition = AnimationNodeStateMachineTransition.new()
	transition.advance_mode = AnimationNodeStateMachineTransition.ADVANCE_MODE_AUTO
	machine.add_transition(StateMachineGraph.START, name, transition)
	return Result.of({"start_state": name, "previous": previous})


static func _add_blend_point(
	machine: AnimationNodeStateMachine, graph: StateMachineGraph, params: CommandParams
) -> Result:
	var name: String = params.text("state")
	var found: Result = StateMachineGraph.require_state(machine, name)
	if found.failed():
		return found
	var point: AnimationNodeAnimation = AnimationNodeAnimation.new()
	point.animation = params.text("animation")
	var at: Vector2 = Vector2(params.number("x"), params.number("y"))
	if found.value is AnimationNodeBlendSpace1D:
		var line: AnimationNodeBlendSpace1D = found.value
		line.min_space = minf(line.min_space, at.x)
		line.max_space = maxf(line.max_space, at.x)
		line.add_blend_point(point, at.x)
	elif found.value is AnimationNodeBlendSpace2D:
		var plane: AnimationNodeBlendSpace2D = found.value
		plane.min_space = plane.min_space.min(at)
		plane.max_space = plane.max_space.max(at)
		plane.add_blend_point(point, at)
	else:
		return Result.fail(
			"INVALID_OPERATION",
			"State '%s' is not a blend space." % name,
			"Add a blend_space_1d or blend_space_2d state with animation_tree_add_state."
		)
	var data: Dictionary = {"state": StateMachineGraph.state_row(machine, name)}
	var warning: String = graph.animation_warning(point.animation)
	if warning != "":
		data["warning"] = warning
	return Result.of(data)
