extends "unit_test.gd"
## RunArgs: the flags a game started for the tools needs go where the engine reads them.

const RunArgs := preload("res://addons/godot_live_mcp/commands/playtest/run_args.gd")
const FLAGS: PackedStringArray = ["--headless", "--fixed-fps", "60"]


func test_flags_follow_the_users_engine_arguments() -> void:
	equal(RunArgs.combined("", FLAGS), "--headless --fixed-fps 60", "no user arguments")
	equal(RunArgs.combined("--verbose", FLAGS), "--verbose --headless --fixed-fps 60", "after the user's")


func test_flags_go_before_the_games_own_arguments() -> void:
	equal(RunArgs.combined("-- --level 3", FLAGS), "--headless --fixed-fps 60 -- --level 3", "before --")
	equal(RunArgs.combined("--debug-collisions ++ x", FLAGS), "--debug-collisions --headless --fixed-fps 60 ++ x", "++")
	equal(
		RunArgs.combined("prime-run %command% --time-scale 2 -- a", FLAGS),
		"prime-run %command% --time-scale 2 --headless --fixed-fps 60 -- a",
		"a command wrapper keeps its place"
	)
