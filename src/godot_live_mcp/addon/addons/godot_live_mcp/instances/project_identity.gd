@tool
extends RefCounted
## Names this project on the machine: its absolute path, display name and 12-hex key (export-clean).


static func project_path() -> String:
	var path: String = ProjectSettings.globalize_path("res://")
	return path.trim_suffix("/") if path.length() > 1 else path


static func project_name() -> String:
	return str(ProjectSettings.get_setting("application/config/name", project_path().get_file()))


## The first 12 hex digits of the SHA-256 of the project's absolute path.
static func project_hash() -> String:
	return project_path().sha256_text().substr(0, 12)
