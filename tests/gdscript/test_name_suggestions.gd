extends "unit_test.gd"
## The one "did you mean" helper for every kind of name.

const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")


func test_the_closest_names_come_first() -> void:
	var names: Array = ["position", "rotation", "scale", "skew", "global_position"]
	var closest: PackedStringArray = NameSuggestions.closest("postion", names)
	check(not closest.is_empty() and closest[0] == "position", "position first, got %s" % [closest])
	check(not closest.has("skew"), "a name nothing like it is left out")


func test_a_prefix_counts_and_the_name_itself_does_not() -> void:
	equal(NameSuggestions.closest("Sprite", ["Sprite2D", "Camera2D"]), PackedStringArray(["Sprite2D"]), "prefix")
	equal(NameSuggestions.closest("Node2D", ["Node2D"]), PackedStringArray(), "the exact name")


func test_did_you_mean_is_a_hint_prefix_or_nothing() -> void:
	equal(NameSuggestions.did_you_mean("jumpp", ["jump", "crouch"]), "Did you mean 'jump'? ", "one name")
	equal(NameSuggestions.did_you_mean("zzz", ["jump", "crouch"]), "", "nothing close")


func test_at_most_five_names() -> void:
	var names: Array = []
	for i: int in 10:
		names.append("move_%d" % i)
	equal(NameSuggestions.closest("move_", names).size(), NameSuggestions.SHOWN, "count")
