@tool
extends RefCounted
## Files that are secrets by their name: .env files, keys, keystores, credentials (contract.json
## "secret_files", plus the names the project lists in godot_live_mcp/security/secret_files). The
## tools do not read, search, copy, move, write or delete them unless the project sets
## godot_live_mcp/security/allow_secret_files to true (export-clean).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const EXTRA_SETTING := "godot_live_mcp/security/secret_files"
const ALLOW_SETTING := "godot_live_mcp/security/allow_secret_files"


## The first name pattern path's file name matches (case ignored), or that its editor backup or swap
## file's original name matches (".env~", "secrets.json.bak", ".id_rsa.swp", "#.env#"); "" when it is
## no secret by name or the project allows secret files.
static func pattern_for(path: String) -> String:
	if bool(ProjectSettings.get_setting(ALLOW_SETTING, false)):
		return ""
	var found: PackedStringArray = patterns()
	for name: String in _names_of(path.trim_suffix("/").get_file()):
		for pattern: String in found:
			if name.matchn(pattern):
				return pattern
	return ""


## name, and the original names it may be a backup or swap file of (contract.json "secret_file_backups").
static func _names_of(name: String) -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray([name])
	var bare: String = name.trim_prefix(".#").trim_suffix("~")
	if bare.begins_with("#") and bare.ends_with("#"):
		bare = bare.substr(1, bare.length() - 2)
	for suffix: Variant in ContractData.data().get("secret_file_backups", []):
		if bare.to_lower().ends_with(str(suffix)):
			bare = bare.left(bare.length() - str(suffix).length())
			names.append(bare.trim_prefix("."))  # vim's swap file of "secrets.json": ".secrets.json.swp"
			break
	names.append(bare)
	return names


## The contract's patterns and the project's own.
static func patterns() -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray(ContractData.data().get("secret_files", []))
	var extra: Variant = ProjectSettings.get_setting(EXTRA_SETTING, PackedStringArray())
	if extra is String:
		extra = (extra as String).split(",", false)
	if extra is Array or extra is PackedStringArray:
		for pattern: Variant in extra:
			if str(pattern).strip_edges() != "":
				found.append(str(pattern).strip_edges())
	return found


## PATH_DENIED for a secret file, naming the pattern and the opt-in; success (path) otherwise.
static func check(path: String) -> Result:
	var pattern: String = pattern_for(path)
	if pattern == "" or DirAccess.dir_exists_absolute(path):
		return Result.of(path)
	return Result.fail(
		"PATH_DENIED",
		"'%s' is a secret file by its name (%s): the tools do not read, search or change it." % [path, pattern],
		(
			(
				"Leave it out. If this project means to share such files, a person sets the project setting %s"
				+ " to true (Project Settings, Advanced); %s lists more names to keep out."
			)
			% [ALLOW_SETTING, EXTRA_SETTING]
		)
	)
