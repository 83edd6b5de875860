@tool
extends RefCounted
## "Did you mean" for every kind of name a caller may misspell: classes, properties, actions,
## signals, methods, nodes (export-clean). The Python server words tool names the same way.

const SHOWN := 5
const FLOOR := 0.35


## The candidates most like wanted, best first: at most SHOWN, none below the FLOOR similarity
## (a case-insensitive prefix always counts).
static func closest(wanted: String, candidates: Array) -> PackedStringArray:
	var key: String = wanted.to_lower()
	var scored: Array = []
	for candidate: Variant in candidates:
		var name: String = str(candidate)
		var score: float = name.to_lower().similarity(key)
		if name.to_lower().begins_with(key) or key.begins_with(name.to_lower()):
			score = maxf(score, FLOOR)
		if score >= FLOOR and name != wanted:
			scored.append([score, name])
	scored.sort_custom(func(a: Array, b: Array) -> bool: return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1]))
	var names: PackedStringArray = PackedStringArray()
	for pair: Array in scored.slice(0, SHOWN):
		names.append(pair[1])
	return names


## "Did you mean 'a', 'b'? " (with the trailing space) or "" when nothing is close; put it in front
## of a hint.
static func did_you_mean(wanted: String, candidates: Array) -> String:
	var names: PackedStringArray = closest(wanted, candidates)
	if names.is_empty():
		return ""
	return "Did you mean %s? " % ", ".join(Array(names).map(func(name: String) -> String: return "'%s'" % name))
