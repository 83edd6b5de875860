@tool
extends RefCounted
## The extension catalog's entries as the dock shows them: checked against contract.json
## extension_catalog (the rules `godot-live-mcp extensions catalog` applies too, in Python) and
## filtered by the running toolkit and Godot. The catalog url is the person's setting.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")

const SETTINGS_FIX := "check the url in %s, or remove it for the default catalog"


static func rules() -> Dictionary:
	return ContractData.section("extension_catalog")


static func settings_path() -> String:
	return "res://" + str(ContractData.section("person_only_files").get("catalog_file", ""))


## {"url", "prefixes"} from the person's settings file (absent: the default catalog), or {"error"}.
static func settings() -> Dictionary:
	var data: Variant = {}
	if FileAccess.file_exists(settings_path()):
		data = JSON.parse_string(FileAccess.get_file_as_string(settings_path()))
		if not data is Dictionary:
			return {"error": "%s is not a JSON object (fix or delete that file)" % settings_path()}
	var url: String = str((data as Dictionary).get("url", ""))
	var prefixes: PackedStringArray = PackedStringArray([str(rules()["secure_prefix"])])
	if (data as Dictionary).get(str(rules()["loopback_http_setting"])) == true:
		prefixes.append(str(rules()["loopback_http_prefix"]))
	return {"url": url if url != "" else str(rules()["default_url"]), "prefixes": prefixes}


## The fix a line about the catalog's address ends with.
static func settings_fix() -> String:
	return SETTINGS_FIX % settings_path().trim_prefix("res://")


static func url_allowed(url: String, prefixes: PackedStringArray) -> bool:
	return Array(prefixes).any(func(prefix: String) -> bool: return url.begins_with(prefix))


## The catalog document as {"entries": [entry...], "problems": [line...]}, or {"error": line}.
static func parse(text: String, prefixes: PackedStringArray) -> Dictionary:
	var data: Variant = JSON.parse_string(text)
	var format: int = int(rules()["format"])
	if not data is Dictionary or not (data as Dictionary).get("format") is float:
		return {"error": "the catalog is not a format %d catalog" % format}
	if int((data as Dictionary)["format"]) != format:
		return {"error": "the catalog is not a format %d catalog" % format}
	var items: Variant = (data as Dictionary).get("extensions")
	if not items is Array or (items as Array).size() > int(rules()["max_entries"]):
		return {"error": 'the catalog has no "extensions" list of at most %d entries' % int(rules()["max_entries"])}
	var entries: Array[Dictionary] = []
	var problems: PackedStringArray = PackedStringArray()
	for index: int in (items as Array).size():
		var item: Variant = (items as Array)[index]
		var problem: String = entry_problem(item, prefixes)
		if problem == "":
			entries.append(item)
			continue
		var named: Variant = (item as Dictionary).get("name") if item is Dictionary else null
		var label: String = " (%s)" % named if named is String else ""
		problems.append("catalog entry %d%s left out: %s" % [index + 1, label, problem])
	return {"entries": entries, "problems": problems}


## Why item is no valid entry ("" when it is).
static func entry_problem(item: Variant, prefixes: PackedStringArray) -> String:
	if not item is Dictionary:
		return "not a JSON object"
	var entry: Dictionary = item
	var required: Dictionary = rules()["required"]
	var optional: Dictionary = rules()["optional"]
	for field: String in required:
		if not (entry.get(field) is String and matches(str(required[field]), str(entry[field]))):
			return "%s missing or malformed" % field
	for field: String in optional:
		if entry.has(field) and not (entry[field] is String and matches(str(optional[field]), str(entry[field]))):
			return "%s malformed" % field
	var unknown: Array = entry.keys().filter(
		func(key: Variant) -> bool: return not (required.has(key) or optional.has(key))
	)
	unknown.sort()
	if not unknown.is_empty():
		return "unknown field %s" % unknown[0]
	if not url_allowed(str(entry["archive"]), prefixes):
		return "archive is not an https:// address"
	return ""


## Whether the whole of value matches pattern.
static func matches(pattern: String, value: String) -> bool:
	var regex: RegEx = RegEx.create_from_string("^(?:%s)\\z" % pattern)
	return regex.is_valid() and regex.search(value) != null


## For each name, its newest release that fits the running toolkit and Godot; by name.
static func compatible(entries: Array[Dictionary]) -> Array[Dictionary]:
	var best: Dictionary = {}
	for entry: Dictionary in entries:
		if not fits(entry, ContractData.plugin_version(), VersionGate.engine_version()):
			continue
		var kept: Variant = best.get(entry["name"])
		if kept == null or VersionGate.compare(str(entry["version"]), str((kept as Dictionary)["version"])) > 0:
			best[entry["name"]] = entry
	var names: Array = best.keys()
	names.sort_custom(func(a: String, b: String) -> bool: return a.to_lower() < b.to_lower())
	var chosen: Array[Dictionary] = []
	for name: String in names:
		chosen.append(best[name])
	return chosen


static func fits(entry: Dictionary, toolkit: String, godot: String) -> bool:
	for pair: Array in [["toolkit", toolkit], ["godot", godot]]:
		var low: String = str(entry.get("min_%s_version" % pair[0], ""))
		var high: String = str(entry.get("max_%s_version" % pair[0], ""))
		if not VersionGate.within(str(pair[1]), low, high):
			return false
	return true
