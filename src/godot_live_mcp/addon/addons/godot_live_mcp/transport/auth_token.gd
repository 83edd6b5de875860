@tool
extends RefCounted
## The per-instance secret a client must present in its first frame (export-clean).

const JsonFile := preload("res://addons/godot_live_mcp/instances/json_file.gd")

const OWNER_ONLY_FILE := FileAccess.UNIX_READ_OWNER | FileAccess.UNIX_WRITE_OWNER
const OWNER_ONLY_DIR := OWNER_ONLY_FILE | FileAccess.UNIX_EXECUTE_OWNER


## 256 random bits from the engine's CSPRNG, hex encoded.
static func generate() -> String:
	return Crypto.new().generate_random_bytes(32).hex_encode()


## Writes the token so only this user can read it: a private folder, then an atomic rename.
static func write(path: String, token: String) -> Error:
	var folder: String = path.get_base_dir()
	var err: Error = DirAccess.make_dir_recursive_absolute(folder)
	if err != OK and err != ERR_ALREADY_EXISTS:
		return err
	FileAccess.set_unix_permissions(folder, OWNER_ONLY_DIR)
	return JsonFile.write_text_atomic(path, token, OWNER_ONLY_FILE)


## Compares in time independent of where the strings differ.
static func matches(expected: String, given: String) -> bool:
	if expected.is_empty() or expected.length() != given.length():
		return false
	var diff: int = 0
	for i: int in expected.length():
		diff |= expected.unicode_at(i) ^ given.unicode_at(i)
	return diff == 0
