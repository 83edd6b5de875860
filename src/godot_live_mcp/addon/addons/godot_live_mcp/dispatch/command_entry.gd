@tool
extends RefCounted
## One registered command: its published name, handler, options and owner.

var name: String
var handler: Callable
var options: MCPToolkitCommandOptions
var owner: String
## Declared as data: the handler takes a CommandParams and returns a Result.
var typed: bool = false


func _init(
	command_name: String, command_handler: Callable, command_options: MCPToolkitCommandOptions, by: String
) -> void:
	name = command_name
	handler = command_handler
	options = command_options
	owner = by


func to_catalog_entry() -> Dictionary:
	var entry: Dictionary = options.to_dict()
	entry["name"] = name
	entry["owner"] = owner
	return entry
