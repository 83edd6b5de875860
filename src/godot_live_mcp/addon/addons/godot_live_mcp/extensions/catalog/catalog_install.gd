@tool
extends RefCounted
## Installs a downloaded catalog archive (its SHA-256 already checked): its one addons/<folder>/ is
## unpacked into a hidden staging folder beside the target (the editor does not scan dot folders),
## moved into place in one rename, then its extensions are enabled: the person pressed Install. Any
## failure removes the staging folder, so nothing half-installed remains. The same steps as the CLI's
## (extension_catalog/_install.py), with the same limits of contract.json extension_catalog.

const CatalogEntries := preload("res://addons/godot_live_mcp/extensions/catalog/catalog_entries.gd")
const ExtensionConsent := preload("res://addons/godot_live_mcp/extensions/extension_consent.gd")

const ADDONS := "res://addons/"
const MAINTAINERS := "tell the catalog's maintainers"


## {"folder": res:// path, "classes": [enabled class names]} or {"error": one line}.
static func install(zip_path: String, label: String) -> Dictionary:
	var reader: ZIPReader = ZIPReader.new()
	if reader.open(zip_path) != OK:
		return _fail("the archive of %s is no zip file" % label, MAINTAINERS)
	var picked: Dictionary = {}
	var error: String = _pick(reader.get_files(), label, picked)
	var chosen: Dictionary = {"error": error} if error != "" else _one_folder(picked, label)
	var result: Dictionary = chosen if chosen.has("error") else _install_folder(reader, picked, chosen["folder"], label)
	reader.close()
	return result


static func _install_folder(reader: ZIPReader, picked: Dictionary, folder: String, label: String) -> Dictionary:
	var target: String = ADDONS + folder
	if DirAccess.dir_exists_absolute(target):
		return _fail("%s exists already" % target, "remove that folder first to install %s" % label)
	var staging: String = ADDONS + str(CatalogEntries.rules()["staging_prefix"]) + str(randi())
	var error: String = _unpack(reader, picked, staging, label)
	var classes: Dictionary = {}
	if error == "":
		error = _classes(staging + "/addons/" + folder, label, classes)
	if error == "" and DirAccess.rename_absolute(staging + "/addons/" + folder, target) != OK:
		error = "could not move %s into place" % target
	_remove_tree(staging)
	if error != "":
		return {"error": error}
	for class_named: String in classes:
		ExtensionConsent.enable(class_named, target.path_join(str(classes[class_named])))
	return {"folder": target, "classes": classes.keys()}


## Fills picked (path once the top folder is dropped -> archive name) with the files under addons/;
## one unsafe entry refuses the whole archive.
static func _pick(files: PackedStringArray, label: String, picked: Dictionary) -> String:
	if files.size() > int(CatalogEntries.rules()["max_archive_files"]):
		return "the archive of %s holds too many files (%s)" % [label, MAINTAINERS]
	var prefix: String = _top_folder(files)
	for name: String in files:
		var parts: PackedStringArray = name.trim_prefix(prefix).trim_suffix("/").split("/")
		var unsafe: bool = name.begins_with("/") or name.contains("\\") or parts[0].contains(":")
		if unsafe or parts.has("..") or parts.has(""):
			return "the archive of %s holds an unsafe entry '%s' (%s)" % [label, name, MAINTAINERS]
		if parts.size() >= 3 and parts[0] == "addons" and not name.ends_with("/"):
			picked["/".join(parts)] = name
	return ""


## The single top folder every entry lies in, as Godot's asset installer drops it ("" when none; never
## addons/).
static func _top_folder(files: PackedStringArray) -> String:
	if files.is_empty() or not files[0].contains("/"):
		return ""
	var top: String = files[0].get_slice("/", 0) + "/"
	for name: String in files:
		if not name.begins_with(top):
			return ""
	return "" if top == "addons/" else top


## {"folder": the archive's one addon folder} or {"error": why it cannot be installed}.
static func _one_folder(picked: Dictionary, label: String) -> Dictionary:
	var folders: Dictionary = {}
	for path: String in picked:
		folders[path.get_slice("/", 1)] = true
	if folders.size() != 1:
		return _fail("the archive of %s must hold exactly one addons/<folder>/" % label, MAINTAINERS)
	var folder: String = str(folders.keys()[0])
	var rules: Dictionary = CatalogEntries.rules()
	if not CatalogEntries.matches(str(rules["addon_folder"]), folder) or folder in rules["refused_folders"]:
		var why: String = "%s would install into addons/%s/, which is not allowed" % [label, folder]
		return _fail(why, "an extension gets a folder of its own beside the toolkit's")
	return {"folder": folder}


static func _unpack(reader: ZIPReader, picked: Dictionary, staging: String, label: String) -> String:
	var budget: int = int(CatalogEntries.rules()["max_unpacked_bytes"])
	for path: String in picked:
		var data: PackedByteArray = reader.read_file(str(picked[path]))
		budget -= data.size()
		if budget < 0:
			return "the archive of %s unpacks to more than allowed (%s)" % [label, MAINTAINERS]
		var target: String = staging.path_join(path)
		DirAccess.make_dir_recursive_absolute(target.get_base_dir())
		var file: FileAccess = FileAccess.open(target, FileAccess.WRITE)
		if file == null:
			return "could not write %s: %s" % [target, error_string(FileAccess.get_open_error())]
		file.store_buffer(data)
		file.close()
	return ""


## Fills classes (class name -> path below the folder) with the folder's extension scripts; a class
## the project has already refuses the install.
static func _classes(folder: String, label: String, classes: Dictionary) -> String:
	var taken: Dictionary = {}
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		taken[str(entry["class"])] = str(entry["path"])
	var named: RegEx = RegEx.create_from_string("(?m)^class_name\\s+([A-Za-z_][A-Za-z0-9_]*)")
	var based: RegEx = RegEx.create_from_string("(?m)^extends\\s+MCPToolkitExtension\\b")
	for path: String in _scripts(folder, ""):
		var text: String = FileAccess.get_file_as_string(folder.path_join(path))
		var found: RegExMatch = named.search(text)
		if found == null or based.search(text) == null:
			continue
		if taken.has(found.get_string(1)):
			var why: String = "which %s has already (remove or rename that script first)" % taken[found.get_string(1)]
			return "%s brings class %s, %s" % [label, found.get_string(1), why]
		classes[found.get_string(1)] = path
	return "" if not classes.is_empty() else "the archive of %s holds no extension script (%s)" % [label, MAINTAINERS]


static func _scripts(root: String, below: String) -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray()
	for sub: String in DirAccess.get_directories_at(root.path_join(below)):
		found.append_array(_scripts(root, below.path_join(sub)))
	for file: String in DirAccess.get_files_at(root.path_join(below)):
		if file.ends_with(".gd"):
			found.append(below.path_join(file))
	return found


static func _remove_tree(path: String) -> void:
	if not DirAccess.dir_exists_absolute(path):
		return
	for sub: String in DirAccess.get_directories_at(path):
		_remove_tree(path.path_join(sub))
	for file: String in DirAccess.get_files_at(path):
		DirAccess.remove_absolute(path.path_join(file))
	DirAccess.remove_absolute(path)


static func _fail(message: String, fix: String) -> Dictionary:
	return {"error": "%s (%s)" % [message, fix]}
