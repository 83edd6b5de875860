extends "unit_test.gd"
## The JSON Schema builders extensions use (docs/extending.md).

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Shorthand := preload("res://addons/godot_live_mcp/contract/schema_shorthand.gd")


func test_builders_match_the_shorthand_of_the_built_in_commands() -> void:
	equal(S.integer("How deep.", 3, 1), Shorthand.field("integer[1..]=3: How deep."), "integer")
	equal(S.string("A name."), Shorthand.field("string: A name."), "string")
	equal(S.boolean("", false), Shorthand.field("boolean=false"), "boolean")
	equal(S.enum_of(["a", "b"], "Mode.", "a"), Shorthand.field('enum(a|b)="a": Mode.'), "enum")
	equal(S.array(S.string()), Shorthand.field("array<string>"), "array")
	equal(S.any("Anything."), Shorthand.field("any: Anything."), "any")
	equal(S.number(), {"type": "number"}, "number")


func test_an_object_is_closed_unless_asked() -> void:
	var closed: Dictionary = S.object({"path": S.string()}, ["path"])
	equal(closed, Shorthand.input({"path!": "string"}), "closed")
	equal(S.object({}, [], true)["additionalProperties"], true, "open")


func test_a_page_carries_the_pagination_fields() -> void:
	var page: Dictionary = S.page("nodes", "offset", {"nodes": S.array(S.object({}))}, ["nodes"])
	equal(page, Shorthand.output({"@page": "nodes offset", "nodes!": {"type": "array", "items": S.object({})}}), "")
