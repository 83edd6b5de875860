extends "unit_test.gd"
## The one pagination contract.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")


func test_a_middle_page_says_where_to_go_on() -> void:
	var page: Dictionary = Pagination.list_page(range(10), 2, 3, "items", "things")
	equal(page["items"], [2, 3, 4], "items")
	equal([page["has_more"], page["total_things"], page["returned"], page["next_offset"]], [true, 10, 3, 5], "fields")
	has_text(page["hint"], "offset = 5", "hint")


func test_the_last_page_has_no_cursor_and_no_hint() -> void:
	var page: Dictionary = Pagination.list_page(range(4), 2, 10, "items", "things")
	equal(page, {"has_more": false, "total_things": 4, "returned": 2, "items": [2, 3]}, "page")


func test_offsets_and_limits_out_of_range_are_held_in() -> void:
	equal(Pagination.list_page(range(3), 7, 2, "items", "x")["items"], [], "past the end")
	equal(Pagination.list_page(range(3), -4, 2, "items", "x")["items"], [0, 1], "negative offset")
	equal(Pagination.list_page(range(3), 0, -1, "items", "x")["items"], [0], "negative limit")


func test_a_page_with_more_after_it_always_advances() -> void:
	for limit: int in [0, -1, -9223372036854775807 - 1]:
		var page: Dictionary = Pagination.list_page(range(3), 1, limit, "items", "x")
		equal([page["has_more"], page["next_offset"]], [true, 2], "limit %d" % limit)


func test_the_schema_fields_match_what_a_page_carries() -> void:
	var fields: Dictionary = Pagination.fields("things", "offset")
	for key: String in Pagination.list_page(range(10), 0, 1, "items", "things"):
		check(key == "items" or fields.has(key), "%s is described" % key)
	for key: String in Pagination.required_fields("things"):
		check(fields.has(key), "%s is a field" % key)
