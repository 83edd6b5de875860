@tool
extends RefCounted
## Small JSON (and token) files written so a crash never leaves one half-written (export-clean).


## Writes data as indented JSON with write_text_atomic().
static func write_atomic(path: String, data: Dictionary) -> Error:
	return write_text_atomic(path, JSON.stringify(data, "  "))


## Writes to a temporary sibling of our own (two processes never write into one file), gives it
## unix_permissions when non-zero, then renames it over the target.
static func write_text_atomic(path: String, text: String, unix_permissions: int = 0) -> Error:
	var err: Error = DirAccess.make_dir_recursive_absolute(path.get_base_dir())
	if err != OK and err != ERR_ALREADY_EXISTS:
		return err
	var temp_path: String = "%s.%d.tmp" % [path, OS.get_process_id()]
	var file: FileAccess = FileAccess.open(temp_path, FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	if unix_permissions != 0:
		FileAccess.set_unix_permissions(temp_path, unix_permissions)  # before a byte of it is written
	file.store_string(text)
	file.close()
	return DirAccess.rename_absolute(temp_path, path)


## The object in the file, or {} when it is missing or unreadable.
static func read(path: String) -> Dictionary:
	if not FileAccess.file_exists(path):
		return {}
	var parsed: Variant = JSON.parse_string(FileAccess.get_file_as_string(path))
	return _integral_floats_as_ints(parsed) if parsed is Dictionary else {}


static func remove(path: String) -> void:
	if FileAccess.file_exists(path):
		DirAccess.remove_absolute(path)


## JSON numbers come back as floats; ports and pids must stay integers when written again.
static func _integral_floats_as_ints(value: Variant) -> Variant:
	if value is float and is_equal_approx(value, roundf(value)) and absf(value) < 1.0e15:
		return int(value)
	if value is Dictionary:
		var copy: Dictionary = {}
		for key: Variant in value:
			copy[key] = _integral_floats_as_ints(value[key])
		return copy
	if value is Array:
		var items: Array = []
		for item: Variant in value:
			items.append(_integral_floats_as_ints(item))
		return items
	return value
