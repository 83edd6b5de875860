extends "unit_test.gd"
## PathGuard: LLM-supplied paths stay inside res:// (or user://).

const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")


func test_project_paths_are_simplified() -> void:
	equal(value_of(PathGuard.project_path("res://scenes/./a.tscn")), "res://scenes/a.tscn", "a dot")
	equal(value_of(PathGuard.project_path("res://scenes//a.tscn")), "res://scenes/a.tscn", "a double slash")
	equal(value_of(PathGuard.project_path("scenes/a.tscn")), "res://scenes/a.tscn", "relative under res://")
	equal(value_of(PathGuard.project_path("  res://levels/  ")), "res://levels", "edges and trailing slash")
	equal(value_of(PathGuard.project_path("res://")), "res://", "the root")


func test_escapes_are_denied() -> void:
	var denied: Dictionary = {
		"res://../../etc/passwd": "climbs out",
		"/etc/passwd": "absolute OS path",
		"C:/Windows/win.ini": "absolute OS path",
		"res:\\\\scenes\\\\a.tscn": "backslashes",
		"user://save.dat": "not under res://",
		"http://example.com/a": "not under res://",
		"": "empty",
		"res://scenes/../../a": "climbs out",
	}
	for raw: String in denied:
		has_text(failure_of(PathGuard.project_path(raw), "PATH_DENIED", raw), denied[raw], raw)
	failure_of(PathGuard.project_path(42), "PATH_DENIED", "a number")


func test_the_addon_folder_is_off_limits() -> void:
	for raw: String in [PathGuard.ADDON_DIR, PathGuard.ADDON_DIR + "/plugin.cfg", "addons/godot_live_mcp/x.gd"]:
		has_text(failure_of(PathGuard.project_path(raw), "PATH_DENIED", raw), "addon", raw)
	equal(
		value_of(PathGuard.project_path("res://addons/godot_live_mcp_extra/a.gd")),
		"res://addons/godot_live_mcp_extra/a.gd",
		"a sibling"
	)


func test_user_paths_have_their_own_root_and_hint() -> void:
	equal(value_of(PathGuard.user_path("saves/one.json")), "user://saves/one.json", "relative under user://")
	var denied: Result = PathGuard.user_path(PathGuard.USER_INTERNAL_DIR + "/token")
	has_text(failure_of(denied, "PATH_DENIED", "internal"), "internal folder", "message")
	has_text(denied.hint, "user://", "hint")
	failure_of(PathGuard.user_path("res://a.tscn"), "PATH_DENIED", "res:// under user")


## Links planted in the unit project: one out of it (absolute and relative), one inside, two that
## loop into themselves, one into the addon and one onto project.godot.
func _plant_links() -> String:
	var outside: String = ProjectSettings.globalize_path("res://").trim_suffix("/").get_base_dir().path_join("outside")
	DirAccess.make_dir_recursive_absolute(outside)
	FileAccess.open(outside.path_join("secret.txt"), FileAccess.WRITE).store_string("outside")
	DirAccess.make_dir_recursive_absolute("res://links/deep")
	DirAccess.make_dir_recursive_absolute("res://real_dir")
	var dir: DirAccess = DirAccess.open("res://links")
	var links: Dictionary = {
		"out": outside,
		"rel_out": "../../outside",
		"inside": "../real_dir",
		"deep/up": "..",
		"deep/self": "../deep",  # create_link refuses "." itself
		"loop_a": "loop_b",
		"loop_b": "loop_a",
		"addon": "../addons/godot_live_mcp",
		"settings": "../project.godot",
	}
	for name: String in links:
		if not dir.is_link(name):
			dir.create_link(links[name], name)
	return outside


func test_links_out_of_the_project_are_refused() -> void:
	_plant_links()
	for raw: String in ["res://links/out", "res://links/out/secret.txt", "links/rel_out/secret.txt"]:
		has_text(failure_of(PathGuard.project_path(raw), "PATH_DENIED", raw), "leads out of res://", raw)
	has_text(failure_of(PathGuard.project_path("res://links/loop_a/x"), "PATH_DENIED", "a loop"), "loop", "loop")
	has_text(failure_of(PathGuard.project_path("res://links/addon/plugin.gd"), "PATH_DENIED", "addon"), "addon", "")


func test_links_inside_the_project_are_followed_to_the_real_path() -> void:
	_plant_links()
	equal(value_of(PathGuard.project_path("res://links/inside/a.txt")), "res://real_dir/a.txt", "inside")
	equal(value_of(PathGuard.project_path("res://links/deep/self/self/self/a")), "res://links/deep/a", "self")
	equal(value_of(PathGuard.project_path("res://links/deep/up/deep/up/real")), "res://links/real", "up")
	equal(value_of(PathGuard.project_path("res://links/deep/up/up/up")), "res://links/up/up", "up then plain")


func test_writes_stay_out_of_the_cache_and_the_project_file() -> void:
	_plant_links()
	for raw: String in ["res://.godot/x.cfg", "res://.godot", "res://project.godot", "res://links/settings"]:
		failure_of(PathGuard.writable_project_path(raw), "PATH_DENIED", raw)
	equal(value_of(PathGuard.writable_project_path("res://godot/x.cfg")), "res://godot/x.cfg", "a lookalike")
	value_of(PathGuard.project_path("res://project.godot"), "project.godot can be read")


func test_links_themselves_are_never_deleted_or_moved() -> void:
	_plant_links()
	for raw: String in ["res://links/out", "res://links/inside", "res://links/deep/self"]:
		has_text(failure_of(PathGuard.project_entry(raw), "PATH_DENIED", raw), "symbolic link", raw)
	equal(value_of(PathGuard.project_entry("res://links/inside/a.txt")), "res://real_dir/a.txt", "through one")
	check(PathGuard.is_link("res://links/out") and not PathGuard.is_link("res://links/deep"), "is_link")


func test_control_and_bidirectional_characters_are_refused() -> void:
	for raw: String in ["res://a\nb.txt", "res://a\tb.gd", "res://evil\u202Etxt.gd", "res://x\u2066y", "res://\u0085"]:
		has_text(failure_of(PathGuard.project_path(raw), "PATH_DENIED", raw.c_escape()), "U+", raw.c_escape())
