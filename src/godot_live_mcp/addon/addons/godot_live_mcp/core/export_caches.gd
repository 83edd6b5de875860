@tool
extends RefCounted
## The two project caches an export copies as they are on disk, whatever the plugins leave out: the
## global class cache (the game's ProjectSettings.get_global_class_list()) and the uid cache (every
## uid:// path). For one export, leave_out() writes both without the entries of the files the export
## strips; put_back() writes the originals back, byte for byte. The editor itself reads neither file
## while it runs, and rebuilds both from the scripts and .uid files when it starts.

const CLASS_CACHE := "res://.godot/global_script_class_cache.cfg"
const UID_CACHE := "res://.godot/uid_cache.bin"

## path -> the bytes it held before leave_out().
var _originals: Dictionary = {}


## Rewrites the caches without the entries whose path stripped.call(path) is true.
func leave_out(stripped: Callable) -> void:
	put_back()
	_rewrite(CLASS_CACHE, _class_cache_without(stripped))
	_rewrite(UID_CACHE, _uid_cache_without(stripped))


## Writes back what leave_out() replaced; safe to call twice.
func put_back() -> void:
	for path: String in _originals:
		var file: FileAccess = FileAccess.open(path, FileAccess.WRITE)
		if file == null:
			push_error("godot_live_mcp: cannot restore %s: %s" % [path, error_string(FileAccess.get_open_error())])
			continue
		file.store_buffer(_originals[path])
	_originals.clear()


func _rewrite(path: String, kept: PackedByteArray) -> void:
	if kept.is_empty():
		return
	var original: PackedByteArray = FileAccess.get_file_as_bytes(path)
	var file: FileAccess = FileAccess.open(path, FileAccess.WRITE)
	if file == null:
		push_error(
			"godot_live_mcp: cannot rewrite %s for the export: %s" % [path, error_string(FileAccess.get_open_error())]
		)
		return
	_originals[path] = original
	file.store_buffer(kept)


## The class cache without the stripped classes; empty when there is none to leave out.
static func _class_cache_without(stripped: Callable) -> PackedByteArray:
	var cache: ConfigFile = ConfigFile.new()
	if not FileAccess.file_exists(CLASS_CACHE) or cache.load(CLASS_CACHE) != OK:
		return PackedByteArray()
	var listed: Array = cache.get_value("", "list", [])
	var kept: Array = listed.filter(func(entry: Variant) -> bool: return not _strips_class(entry, stripped))
	if kept.size() == listed.size():
		return PackedByteArray()
	cache.set_value("", "list", kept)
	return cache.encode_to_text().to_utf8_buffer()


static func _strips_class(entry: Variant, stripped: Callable) -> bool:
	return entry is Dictionary and bool(stripped.call(str((entry as Dictionary).get("path", ""))))


## The uid cache (a count, then per entry: uid as 64 bits, path length as 32 bits, the path's UTF-8
## bytes) without the stripped paths; empty when there is none to leave out or the file is unreadable.
static func _uid_cache_without(stripped: Callable) -> PackedByteArray:
	var file: FileAccess = FileAccess.open(UID_CACHE, FileAccess.READ)
	if file == null:
		return PackedByteArray()
	var count: int = file.get_32()
	var kept: StreamPeerBuffer = StreamPeerBuffer.new()
	kept.put_u32(0)
	var left_out: int = 0
	for _index: int in count:
		var uid: int = file.get_64()
		var length: int = file.get_32()
		var path_bytes: PackedByteArray = file.get_buffer(length)
		if path_bytes.size() != length:
			return PackedByteArray()
		if stripped.call(path_bytes.get_string_from_utf8()):
			left_out += 1
			continue
		kept.put_64(uid)
		kept.put_u32(path_bytes.size())
		kept.put_data(path_bytes)
	if left_out == 0:
		return PackedByteArray()
	kept.seek(0)
	kept.put_u32(count - left_out)
	return kept.data_array
