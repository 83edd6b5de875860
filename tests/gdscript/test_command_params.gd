extends "unit_test.gd"
## CommandParams: the typed view of a command's arguments, schema defaults applied once.

const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Shorthand := preload("res://addons/godot_live_mcp/contract/schema_shorthand.gd")

const ARGS := {
	"path!": "string: A res:// path.",
	"depth": "integer[1..10]=3: How deep.",
	"recursive": "boolean=false: Into folders.",
	"scale": "number=1.5: Scale.",
	"names": "array<string>: Names.",
	"options": "object: Options.",
}


func test_defaults_fill_what_is_absent_and_nothing_else() -> void:
	var given: Dictionary = {"path": "res://a.tscn"}
	var params: CommandParams = CommandParams.with_defaults(given, Shorthand.input(ARGS))
	equal(params.raw, {"path": "res://a.tscn", "depth": 3, "recursive": false, "scale": 1.5}, "raw")
	equal(given, {"path": "res://a.tscn"}, "the caller's dictionary is untouched")
	var explicit: CommandParams = CommandParams.with_defaults({"depth": 7}, Shorthand.input(ARGS))
	equal(explicit.integer("depth"), 7, "a given value wins")


func test_typed_readers() -> void:
	var raw: Dictionary = {"path": "res://a", "depth": 2.0, "recursive": true, "scale": 2, "names": ["a", 1]}
	raw["options"] = {"k": "v"}
	var params: CommandParams = CommandParams.new(raw)
	equal(params.text("path"), "res://a", "text")
	equal(params.integer("depth"), 2, "integer from a JSON float")
	equal(params.number("scale"), 2.0, "number from an int")
	equal(params.flag("recursive"), true, "flag")
	equal(params.strings("names"), PackedStringArray(["a", "1"]), "strings")
	equal(params.object("options"), {"k": "v"}, "object")
	equal(params.list("names"), ["a", 1], "list")


func test_absent_and_null_read_as_empty() -> void:
	var params: CommandParams = CommandParams.new({"gone": null})
	check(not params.has("gone") and not params.has("never"), "has")
	equal(params.text("gone"), "", "text")
	equal(params.integer("never"), 0, "integer")
	equal(params.flag("never"), false, "flag")
	equal(params.object("never"), {}, "object")
	equal(params.list("gone"), [], "list")
	equal(params.value("never", "fallback"), "fallback", "value fallback")
	equal(CommandParams.new({"options": "not an object"}).object("options"), {}, "a wrong type reads as empty")
