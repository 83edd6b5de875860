@tool
extends RefCounted
## What a log received since it started, however much of it its buffer had to drop (export-clean):
## how many entries of each kind, and the distinct messages with how often each came. The owner locks.

## Distinct messages kept; later new ones are only counted.
const MAX_DISTINCT := 200
## Distinct messages a summary lists, the most frequent first.
const SHOWN := 20

## kind -> entries logged since start.
var totals: Dictionary = {}
var _distinct: Dictionary = {}  # "kind|source|text" -> {kind, text, source, count}
var _unlisted: int = 0


func count(kind: String, text: String, source: String) -> void:
	totals[kind] = int(totals.get(kind, 0)) + 1
	var key: String = "%s|%s|%s" % [kind, source, text]
	if _distinct.has(key):
		_distinct[key]["count"] += 1
	elif _distinct.size() < MAX_DISTINCT:
		_distinct[key] = {"kind": kind, "text": text, "source": source, "count": 1}
	else:
		_unlisted += 1


## {totals, distinct: the SHOWN most frequent messages that are not plain prints (kind, text, source,
## count), distinct_messages: how many distinct ones came, unlisted: entries past MAX_DISTINCT}.
func summary() -> Dictionary:
	var failures: Array = _distinct.values().filter(func(item: Dictionary) -> bool: return item["kind"] != "message")
	failures.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return int(a["count"]) > int(b["count"]))
	var shown: Array = []
	for item: Dictionary in failures.slice(0, SHOWN):
		shown.append(item.duplicate())
	var found: Dictionary = {"totals": totals.duplicate(), "distinct": shown, "distinct_messages": _distinct.size()}
	if _unlisted > 0:
		found["unlisted"] = _unlisted
	return found
