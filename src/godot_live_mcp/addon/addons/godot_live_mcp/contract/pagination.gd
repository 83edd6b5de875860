@tool
extends RefCounted
## The one pagination contract: has_more, total_<unit> and returned always; next_<cursor> and a
## one-line hint only when more remains (export-clean).


## Pages an Array by offset/limit; items are returned under key. A page with more after it holds at
## least one item, whatever the limit (a wrapped huge limit arrives negative), so paging always advances.
static func list_page(items: Array, offset: int, limit: int, key: String, unit: String) -> Dictionary:
	var start: int = clampi(offset, 0, items.size())
	var count: int = clampi(maxi(limit, 1), 0, items.size() - start)
	var page: Dictionary = build(unit, items.size(), count, start + count, "offset")
	page[key] = items.slice(start, start + count)
	return page


## The bookkeeping fields for a window that ends at next_cursor of a source of total units.
static func build(unit: String, total: int, returned: int, next_cursor: int, cursor: String) -> Dictionary:
	var more: bool = next_cursor < total
	var page: Dictionary = {"has_more": more, "total_" + unit: total, "returned": returned}
	if more:
		page["next_" + cursor] = next_cursor
		page["hint"] = (
			"More %s remain (%d in all); call again with %s = %d until has_more is false."
			% [unit, total, cursor, next_cursor]
		)
	return page


## The JSON Schema of the fields a page carries (see build).
static func fields(unit: String, cursor: String) -> Dictionary:
	return {
		"has_more": {"type": "boolean"},
		"total_" + unit: {"type": "integer"},
		"returned": {"type": "integer"},
		"next_" + cursor: {"type": "integer"},
		"hint": {"type": "string"},
	}


## The page fields always present.
static func required_fields(unit: String) -> Array[String]:
	return ["has_more", "total_" + unit, "returned"]
