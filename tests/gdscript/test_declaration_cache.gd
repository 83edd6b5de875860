extends "unit_test.gd"
## The declarations' cache: read when it matches the addon on disk, rebuilt when it does not.

const DeclarationCache := preload("res://addons/godot_live_mcp/dispatch/declaration_cache.gd")

const RECORDS := [{"path": "res://m.gd", "GROUP": "node", "COMMANDS": {"node.x": {"text": "X.", "timeout_ms": 5}}}]


func test_a_cache_of_the_addon_as_it_is_is_read_without_building() -> void:
	DirAccess.remove_absolute(DeclarationCache.FILE)
	var builds: Array[int] = [0]
	var build: Callable = func() -> Array:
		builds[0] += 1
		return RECORDS.duplicate(true)
	equal(DeclarationCache.records(build), RECORDS, "built")
	equal(DeclarationCache.records(build), RECORDS, "read back with its types")
	equal(builds[0], 1, "built once")


func test_a_cache_of_another_addon_or_engine_is_rebuilt() -> void:
	DirAccess.make_dir_recursive_absolute(DeclarationCache.FILE.get_base_dir())
	var stale: FileAccess = FileAccess.open(DeclarationCache.FILE, FileAccess.WRITE)
	stale.store_var({"key": "an older addon", "records": []})
	stale.close()
	equal(DeclarationCache.records(func() -> Array: return RECORDS.duplicate(true)), RECORDS, "rebuilt")


func test_the_key_follows_the_scripts_contents() -> void:
	var key: String = DeclarationCache.fingerprint()
	equal(DeclarationCache.fingerprint(), key, "stable")
	var extra: String = DeclarationCache.ADDON_FOLDER + "unit_extra.gd"
	FileAccess.open(extra, FileAccess.WRITE).store_string("extends RefCounted\n")
	check(DeclarationCache.fingerprint() != key, "a new script changes it")
	DirAccess.remove_absolute(extra)
	equal(DeclarationCache.fingerprint(), key, "back when it is gone")
