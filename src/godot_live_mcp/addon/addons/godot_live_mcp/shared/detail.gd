@tool
extends RefCounted
## The detail levels of the big readers and the size cap of each (export-clean). brief: names, types
## and paths only; normal: what a caller usually needs; full: everything. A page longer than its
## level's cap (contract.json "detail") is cut at an item boundary, keeps every error item, and says
## how to get the rest; the cut is what keeps one call inside a model's context.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const WireNumbers := preload("res://addons/godot_live_mcp/contract/wire_numbers.gd")

## The argument, in schema shorthand; %s says what each level holds for this reader, e.g.
## `"detail": Detail.ARG % "brief: path and type; normal: + script and groups; full: every field"`.
const ARG := 'enum(brief|normal|full)="normal": How much to return (%s).'


## The character cap of level (a JSON text of the page's items stays under it).
static func cap(level: String) -> int:
	var caps: Dictionary = ContractData.section("detail").get("caps", {})
	return int(caps.get(level, caps.get("normal", 8000)))


## page (a Pagination page whose items are under key, starting at offset) cut so that its JSON text,
## the page's other fields included, fits level's cap (at least one item stays, so paging advances).
## Errors live in their own field beside the items and are never cut. A cut page says has_more, the
## next offset and a hint naming narrower ways to ask (narrower: e.g. "filter by type, or detail = brief").
static func fit(page: Dictionary, key: String, offset: int, level: String, narrower: String) -> Dictionary:
	var items: Array = page.get(key, [])
	var limit: int = cap(level)
	var used: int = _bookkeeping(page, key, offset + items.size(), level, narrower)
	var kept: int = 0
	for item: Variant in items:
		var size: int = WireNumbers.json_text(item).length() + 1
		if kept > 0 and used + size > limit:
			break
		used += size
		kept += 1
	if kept >= items.size():
		return page
	page[key] = items.slice(0, kept)
	page["returned"] = kept
	page["has_more"] = true
	page["next_offset"] = offset + kept
	page["hint"] = _hint(level, offset + kept, narrower)
	return page


static func _hint(level: String, next_offset: int, narrower: String) -> String:
	return (
		"Cut at %d characters (detail %s): call again with offset = %d, or %s."
		% [cap(level), level, next_offset, narrower]
	)


## Characters of page without its items, with the largest next_offset and hint a cut can add: they
## count against the cap too, so the whole result stays under it.
static func _bookkeeping(page: Dictionary, key: String, furthest: int, level: String, narrower: String) -> int:
	var rest: Dictionary = page.duplicate()
	rest.erase(key)
	rest.merge({"has_more": true, "next_offset": furthest, "hint": _hint(level, furthest, narrower)}, true)
	return WireNumbers.json_text(rest).length() + JSON.stringify(key).length() + 3
