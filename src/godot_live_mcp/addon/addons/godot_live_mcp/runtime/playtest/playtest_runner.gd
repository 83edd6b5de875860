@tool
extends RefCounted
## Runs a checked playtest script on the game in stepped time (export-clean): it pauses the game
## where it is (frame 0), does each step in order, polls its timeline sources after every frame, and
## leaves the game paused at the end. The same script from the same start gives the same result.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const ConditionScope := preload("res://addons/godot_live_mcp/runtime/conditions/condition_scope.gd")
const DrawnFrame := preload("res://addons/godot_live_mcp/contract/drawn_frame.gd")
const PlaytestScript := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_script.gd")
const PlaytestStep := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_step.gd")
const PlaytestTimeline := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_timeline.gd")
const PlaytestInput := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_input.gd")
const PlaytestValues := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_values.gd")
const TimelineSource := preload("res://addons/godot_live_mcp/runtime/playtest/timeline_source.gd")
const WatchSource := preload("res://addons/godot_live_mcp/runtime/playtest/watch_source.gd")
const SignalSource := preload("res://addons/godot_live_mcp/runtime/playtest/signal_source.gd")
const LogSource := preload("res://addons/godot_live_mcp/runtime/playtest/log_source.gd")
const AudioSource := preload("res://addons/godot_live_mcp/runtime/playtest/audio_source.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")

## Where screenshots go, one file per name (a rerun replaces them).
const SCREENSHOT_FOLDER := "user://mcp_playtest"

## Where to save the viewport at the run's first failure (a failed assertion, a stopped step); "" for
## none. A sweep's replay of a failing run on a display sets it; a headless game saves nothing.
var failure_shot: String = ""

var _clock: TimeControl
var _script: PlaytestScript
var _timeline: PlaytestTimeline = PlaytestTimeline.new()
var _sources: Array[TimelineSource]
var _input: PlaytestInput
var _start: int = 0
var _shot_taken: bool = false
## What StepRunner reports to: cancelled with the caller, its per-step progress kept to itself.
var _steps_context: MCPToolkitToolContext = MCPToolkitToolContext.new()


func _init(clock: TimeControl, script: PlaytestScript, log_buffer: LogBuffer) -> void:
	_clock = clock
	_script = script
	_input = PlaytestInput.new(clock)
	_sources = sources(script, log_buffer, clock)


## What the timeline hears from, in the order it lists one frame's events.
static func sources(script: PlaytestScript, log_buffer: LogBuffer, clock: TimeControl) -> Array[TimelineSource]:
	return [
		SignalSource.new(script.signals),
		AudioSource.new(clock),
		WatchSource.new(script.watch_texts, script.watches, script.watch_every),
		LogSource.new(log_buffer, script.log_mode == "all"),
	]


## The result (PlaytestTimeline.to_result), or the failure that kept it from starting (a watched
## node missing) or that the caller no longer waits for (CANCELLED). A run stopped part-way (a
## condition that failed to read, a step that timed out) gives the timeline so far, with "stopped".
func run(context: MCPToolkitToolContext) -> Result:
	context.cancelled.connect(_steps_context.cancel)
	_clock.pause()
	_start = _clock.game_frames
	var opened: Result = _open()
	var outcome: Result = opened
	var stopped_at: int = -1
	if opened.succeeded():
		_poll(true)
		_clock.frame_stepped.connect(_on_frame)
		for step: PlaytestStep in _script.steps:
			var total: int = _script.steps.size()
			context.report_progress(step.index, total, "Step %d of %d." % [step.index + 1, total])
			outcome = await _run_step(step)
			if outcome.failed():
				stopped_at = step.index
				if outcome.code != "CANCELLED":
					await _shoot_failure()
				break
		_clock.frame_stepped.disconnect(_on_frame)
		_poll(true)
	for source: TimelineSource in _sources:
		source.close()
	if opened.failed() or outcome.code == "CANCELLED":
		return outcome
	return Result.of(_timeline.to_result(frame(), _stopped(outcome, stopped_at)))


## Script frames run so far.
func frame() -> int:
	return _clock.game_frames - _start


## Why the run stopped at step index ({} when it ran to the end).
static func _stopped(outcome: Result, index: int) -> Dictionary:
	if outcome.succeeded():
		return {}
	return {"step": index, "code": outcome.code, "error": outcome.message, "hint": outcome.hint}


func _open() -> Result:
	for source: TimelineSource in _sources:
		var opened: Result = source.open(_timeline, frame)
		if opened.failed():
			return opened
	return Result.of(null)


func _run_step(step: PlaytestStep) -> Result:
	if step.at >= 0:
		var reached: Result = await _reach(step)
		if reached.failed():
			return reached
	match step.verb:
		"press", "release":
			_input.send(step, step.verb == "press")
			_note("%s %s" % [step.verb, step.target()])
		"tap", "click":
			_input.tap(step)
			_note("%s %s" % [step.verb, step.target()] + (" for %d frames" % step.frames if step.frames > 1 else ""))
		"hold":
			return await _hold(step)
		"move":
			_input.move(step)
			_note("move to (%d, %d)" % [step.position.x, step.position.y])
		"step":
			return await _step(step.frames)
		"step_until":
			return await _step_until(step)
		"screenshot":
			await _screenshot(step)
		"assert":
			if not _assert(step):
				await _shoot_failure()
		"set":
			return _set_value(step)
	return Result.of(null)


## Steps to the frame step.at names; a frame already past is a mistake of the script.
func _reach(step: PlaytestStep) -> Result:
	if step.at < frame():
		return Result.fail(
			"EXECUTION_ERROR",
			"%s.at: frame %d is past, %d frames have run." % [step.place(), step.at, frame()],
			"Give it a later frame, or leave 'at' out to act right after the step before."
		)
	return await _step(step.at - frame()) if step.at > frame() else Result.of(null)


func _hold(step: PlaytestStep) -> Result:
	_input.send(step, true)
	_note("press %s" % step.target())
	var stepped: Result = await _step(step.frames)
	_input.send(step, false)
	_note("release %s" % step.target())
	return stepped


func _step(frames: int, until: Callable = Callable()) -> Result:
	var stepped: Result = await StepRunner.run(_clock, frames, until, _steps_context)
	# The step ends inside the engine's physics frame signal: acting before that frame is done would
	# let the next step begin in it, one frame early. The paused turn to its idle part counts no frame.
	await _clock.get_tree().process_frame
	_poll(true)
	return stepped


func _step_until(step: PlaytestStep) -> Result:
	var failure: PackedStringArray = PackedStringArray()
	var until: Callable = func() -> bool:
		var now: Result = step.condition.holds(ConditionScope.new(RuntimeNodes.scene_root()))
		if now.failed():
			failure.append(now.message)
		return now.failed() or bool(now.value)
	var stepped: Result = await _step(step.frames, until)
	if not failure.is_empty():
		return Result.fail(
			"EXECUTION_ERROR", "%s.condition failed at frame %d: %s" % [step.place(), frame(), failure[0]]
		)
	if stepped.succeeded():
		var met: bool = _clock.condition_met()
		_timeline.add(
			frame(), "until", ("met: " if met else "not met in %d frames: " % step.frames) + step.condition.text
		)
	return stepped


## Whether the condition held; the timeline lists the assertion either way.
func _assert(step: PlaytestStep) -> bool:
	var scope: ConditionScope = ConditionScope.new(RuntimeNodes.scene_root())
	var holds: Result = step.condition.holds(scope)
	var seen: Result = step.condition.subject(scope)
	var shown: String = PlaytestValues.render(seen.value) if seen.succeeded() else "error: " + seen.message
	var passed: bool = holds.succeeded() and bool(holds.value)
	_timeline.add_assertion(frame(), step.condition.text, passed, shown)
	return passed


## A node's property (coerced to its type) or a project setting, changed now; a "set" event says to what.
func _set_value(step: PlaytestStep) -> Result:
	if step.setting != "":
		ProjectSettings.set_setting(step.setting, step.value)
		_timeline.add(frame(), "set", "%s = %s" % [step.setting, PlaytestValues.render(step.value)])
		return Result.of(null)
	var found: Result = RuntimeNodes.require(step.node)
	if found.failed():
		return found.within(step.place() + ".node")
	var node: Node = found.value
	var coerced: Result = PropertyInput.coerce_values(node, {step.property: step.value})
	if coerced.failed():
		return coerced.within(step.place())
	node.set(step.property, coerced.value[step.property])
	var now: String = PlaytestValues.render(node.get(step.property))
	_timeline.add(frame(), "set", "%s.%s = %s" % [step.node, step.property, now])
	return Result.of(null)


func _screenshot(step: PlaytestStep) -> void:
	if DisplayServer.get_name() == "headless":
		_timeline.add(frame(), "screenshot", "%s skipped: the game runs headless" % step.name)
		return
	var path: String = "%s/%s.png" % [SCREENSHOT_FOLDER, step.name]
	var err: Error = await _save_viewport(path)
	var text: String = path if err == OK else "%s not saved: %s" % [step.name, error_string(err)]
	_timeline.add(frame(), "screenshot", text)
	if err == OK:
		_timeline.add_screenshot(frame(), step.name, ProjectSettings.globalize_path(path))


## Once a run, at its first failure, when asked (failure_shot) and the game draws. Not in the timeline:
## the result stays the same bytes as the headless run's.
func _shoot_failure() -> void:
	if failure_shot == "" or _shot_taken or DisplayServer.get_name() == "headless":
		return
	_shot_taken = true
	var err: Error = await _save_viewport(failure_shot)
	if err != OK:
		push_warning(
			"godot_live_mcp: the failure's screenshot %s was not saved: %s" % [failure_shot, error_string(err)]
		)


## The viewport as the renderer next draws it, saved as a PNG at path (its folder made).
static func _save_viewport(path: String) -> Error:
	await DrawnFrame.next()
	DirAccess.make_dir_recursive_absolute(ProjectSettings.globalize_path(path).get_base_dir())
	var image: Image = (Engine.get_main_loop() as SceneTree).root.get_texture().get_image()
	return image.save_png(path)


func _note(text: String) -> void:
	_timeline.add(frame(), "input", text)


func _on_frame(_stepped: int) -> void:
	_poll(false)


func _poll(forced: bool) -> void:
	for source: TimelineSource in _sources:
		source.poll(frame(), forced)
