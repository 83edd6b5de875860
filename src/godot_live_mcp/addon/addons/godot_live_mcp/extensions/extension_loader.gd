@tool
extends RefCounted
## Finds MCPToolkitExtension subclasses in the global class list (direct subclasses only), loads
## each once, and lets it register its commands under its own owner (the registry refuses a
## reserved, built-in namespace to it). Returns the live instances, which the caller keeps so their
## handlers stay bound.

const BASE_CLASS := &"MCPToolkitExtension"


static func load_all(registry: MCPToolkitCommandRegistry, server: Node) -> Array[MCPToolkitExtension]:
	var loaded: Array[MCPToolkitExtension] = []
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if StringName(entry.get("base", "")) != BASE_CLASS:
			continue
		var instance: MCPToolkitExtension = _instantiate(str(entry["class"]), str(entry["path"]))
		if instance != null:
			_register(instance, str(entry["class"]), registry, server)
			loaded.append(instance)
	return loaded


static func _instantiate(name: String, path: String) -> MCPToolkitExtension:
	var script: Script = load(path) as Script
	if script == null or not script.can_instantiate():
		push_warning("godot_live_mcp: extension %s (%s) cannot be loaded; skipped" % [name, path])
		return null
	var instance: MCPToolkitExtension = script.new() as MCPToolkitExtension
	if instance == null:
		push_warning("godot_live_mcp: extension %s does not extend MCPToolkitExtension; skipped" % name)
	return instance


static func _register(
	instance: MCPToolkitExtension, name: String, registry: MCPToolkitCommandRegistry, server: Node
) -> void:
	registry.begin_owner("extension:" + name)
	instance.register(registry, server)
	registry.end_owner()
