@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## game.start / game.stop / game.status: run the project's game from this editor for the runtime
## tools. Start and stop run one at a time with mutations (exclusive execution).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const GameSession := preload("res://addons/godot_live_mcp/commands/playtest/game_session.gd")

const GROUP := "game"
const RUN := [
	{"@": "object: A run of the game.", "scene": "string: res:// path of the scene it runs."},
	{"started_by": "enum(mcp|editor): Who started it: game_start, or the editor's own play button."},
	{"started_unix": "number", "pid": "integer", "runtime_port": "integer: Where the runtime tools reach it."},
	{"game_id": "string: Its id (launcher pid-game pid); runtime tools take it as game to aim at this run."},
	{"display": "enum(none|screen|virtual): What it draws on: nothing (headless), the editor's screen, a private one."},
	{"ended": "enum(exited|stopped|crashed|killed): How it ended.", "ended_unix": "number"},
	{"how": "string: In words: 'exited with code 3', 'crashed with signal 11 (SIGSEGV)', 'killed by timeout: ...'."},
	{"exit_code": "integer: The code it exited with.", "signal": "integer: The signal that ended it."},
	{"log": "object: What it logged since start: totals by kind, and its most frequent errors (distinct)."},
	{"last_log_lines": "array<string>: The game's last log lines (crashes included)."},
]
## What every command here answers.
const STATUS := [
	{"running!": "boolean", "headless": "boolean: Whether this editor (and so the game it starts) runs headless."},
	{"game": RUN, "last_run": RUN, "sandbox": "string: Where the game runs: 'landlock' (see doctor), or 'off: why'."},
	{"debugger": "object: Where the editor's debugger holds the game (paused, at, reason, error): see debug_state."},
]
const DEFAULTS := {"marks": "exclusive scene_independent idempotent"}
const COMMANDS := {
	"game.start":
	{
		"text":
		(
			"Run the game (the main scene, or scene) and wait until the runtime tools reach it; unthrottled"
			+ " while stepping, else paced to real time. A headless editor runs it headless unless display is true."
		),
		"args":
		{
			"scene": "string: res:// path of a scene to run instead of the main scene.",
			"display":
			(
				"boolean=false: From a headless editor, run on a private virtual screen so runtime_screenshot"
				+ " can capture it mid-game (~1 s slower start; it draws only for screenshots)."
			),
			"break_on_error": "boolean=false: Let a script error stop the game in the editor's debugger.",
		},
		"returns": STATUS,
		"timeout_ms": 60000,
		"guard": ["scene"],
		"marks": "read_only exclusive scene_independent long_running saves_scenes starts_game",
	},
	"game.stop":
	{
		"text": "Stop the game this editor runs and wait until its process has ended.",
		"returns": STATUS,
		"marks": "exclusive scene_independent idempotent stops_game outside_undo",
	},
	"game.status":
	{
		"text":
		(
			"Tell whether the game runs (pid, runtime port, scene) and how the last run ended: exited,"
			+ " stopped, or crashed, with its last log lines."
		),
		"returns": STATUS,
		"marks": "read_only scene_independent",
	},
}

## The game this editor runs, one per plugin run: made with this module, on its first call (the editor
## does not load the game's machinery at start).
var _game: GameSession


func _init(services: EditorServices, registry: WeakRef) -> void:
	super(services, registry)
	_game = GameSession.new(services.debugger, services.main_loop, services.ended_displays)


## Checks the scene to run, then starts the game through the session.
func start(params: CommandParams) -> Result:
	var scene: String = params.text("scene")
	if scene == "" and str(ProjectSettings.get_setting("application/run/main_scene", "")) == "":
		return Result.fail(
			"INVALID_STATE", "The project has no main scene.", "Pass scene, e.g. 'res://scenes/level.tscn'."
		)
	if scene != "" and (not scene.begins_with("res://") or not ResourceLoader.exists(scene, "PackedScene")):
		return Result.fail("NOT_FOUND", "No scene at '%s'." % scene, MCPToolkitError.hint_for_param("file_path"))
	return await _game.start(scene, params.flag("break_on_error"), params.flag("display"))


func stop(_params: CommandParams) -> Result:
	return await _game.stop()


func status(_params: CommandParams) -> Result:
	return Result.of(_game.status())
