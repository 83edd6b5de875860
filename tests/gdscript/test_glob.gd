extends "unit_test.gd"
## The one glob matcher: String.match's answers, in linear time.

const Glob := preload("res://addons/godot_live_mcp/shared/glob.gd")

const CASES := [
	["Coin", "Coin"],
	["Coin", "C*"],
	["Coin", "*n"],
	["Coin", "C?in"],
	["Coin", "*o*"],
	["CoinBig", "C*n*g"],
	["CoinBig", "*i*i*"],
	["Coin", "Coin*"],
	["Coin", "*Coin"],
	["Coin", "**"],
	["Coin", "C?*?n"],
	["Coin", "Co?"],
	["Coin", "x*"],
	["Coin", "*x"],
	["aaa", "a*a*a*a"],
	["abab", "*ab?b"],
	["scripts/a.gd", "*/*.gd"],
	["", "*"],
	["", "?"],
	["ab", "a?*b"],
]


func test_it_answers_as_string_match_does() -> void:
	for case: Array in CASES:
		var text: String = case[0]
		var pattern: String = case[1]
		equal(Glob.matches(text, pattern), text.match(pattern), "%s ~ %s" % [text, pattern])
		equal(Glob.matches(text.to_upper(), pattern, true), text.matchn(pattern), "case-insensitive %s" % pattern)


func test_many_stars_take_no_time() -> void:
	var started: int = Time.get_ticks_msec()
	var name: String = "a".repeat(200)
	for i: int in 200:
		check(not Glob.matches(name, "*a".repeat(120) + "b"), "no match")
		check(Glob.matches(name, "*".repeat(5000) + "a"), "a match")
	check(Time.get_ticks_msec() - started < 5000, "linear time")
