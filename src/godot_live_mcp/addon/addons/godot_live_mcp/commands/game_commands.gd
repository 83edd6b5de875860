@tool
extends RefCounted
## game.start / game.stop / game.status: run the project's game from this editor for the runtime
## tools. Start and stop run one at a time with mutations (exclusive execution).

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const GameSession := preload("res://addons/godot_live_mcp/commands/playtest/game_session.gd")
const GameRun := preload("res://addons/godot_live_mcp/commands/playtest/game_run.gd")

const GROUP := "game"
const GROUP_TEXT := "Start, stop and check the game this editor runs; the runtime tools act on it."


static func register(registry: MCPToolkitCommandRegistry) -> void:
	# One session per registry: the lambdas hold it for as long as the commands exist.
	var session: GameSession = GameSession.new()
	registry.add(
		"game.start",
		func(params: Dictionary) -> Dictionary: return await start(session, params),
		(
			_options(
				(
					"Run the game from this editor (the main scene, or a given scene) and wait until the"
					+ " runtime tools can reach it. A headless editor runs it headless."
				)
			)
			. with_input_schema(
				(
					S
					. object(
						{
							"scene": S.string("res:// path of a scene to run instead of the main scene."),
							"break_on_error":
							S.boolean("Let a script error stop the game in the editor's debugger.", false),
						}
					)
				)
			)
			. with_timeout_ms(60000)
		)
	)
	registry.add(
		"game.stop",
		func(_params: Dictionary) -> Dictionary: return await session.stop(),
		_options("Stop the game this editor runs and wait until its process has ended.").with_input_schema(S.object({}))
	)
	registry.add(
		"game.status",
		func(_params: Dictionary) -> Dictionary: return MCPToolkitSuccess.ok(session.status()),
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Tell whether the game runs (pid, runtime port, scene) and how the last run ended: exited,"
					+ " stopped, or crashed, with its last log lines."
				)
			)
			. with_input_schema(S.object({}))
			. with_output_schema(_status_schema())
			. with_group(GROUP, GROUP_TEXT)
			. mark_read_only()
			. mark_scene_independent()
		)
	)


## Checks the scene to run, then starts the game through the session.
static func start(session: GameSession, params: Dictionary) -> Dictionary:
	var scene: String = str(params.get("scene", ""))
	if scene == "" and str(ProjectSettings.get_setting("application/run/main_scene", "")) == "":
		return MCPToolkitError.fail(
			"INVALID_STATE", "The project has no main scene.", "Pass scene, e.g. 'res://scenes/level.tscn'."
		)
	if scene != "" and (not scene.begins_with("res://") or not ResourceLoader.exists(scene, "PackedScene")):
		return MCPToolkitError.fail(
			"NOT_FOUND", "No scene at '%s'." % scene, MCPToolkitError.hint_for_param("file_path")
		)
	return await session.start(scene, bool(params.get("break_on_error", false)))


## Start and stop do not change the project, but must not overlap mutations or each other.
static func _options(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_output_schema(_status_schema())
		. with_group(GROUP, GROUP_TEXT)
		. mark_read_only()
		. mark_exclusive_execution()
		. mark_scene_independent()
	)


static func _status_schema() -> Dictionary:
	var run: Dictionary = (
		S
		. object(
			{
				"scene": S.string(),
				"started_by": S.enum_of(["mcp", "editor"]),
				"started_unix": S.number(),
				"pid": S.integer(),
				"runtime_port": S.integer(),
				"ended": S.enum_of(GameRun.ENDS),
				"ended_unix": S.number(),
				"last_log_lines": S.array(S.string(), "The game's last log lines (crashes included)."),
			},
			[],
			true
		)
	)
	return (
		S
		. object(
			{
				"running": S.boolean(),
				"headless": S.boolean("Whether this editor (and so the game it starts) runs headless."),
				"game": run,
				"last_run": run,
			},
			["running"],
			true
		)
	)
