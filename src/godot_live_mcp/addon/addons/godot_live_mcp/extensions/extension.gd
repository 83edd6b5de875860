@tool
class_name MCPToolkitExtension
extends RefCounted
## Base class of an extension: tools of your own, written in GDScript. Put `@tool`, a `class_name` of
## any name and `extends MCPToolkitExtension` (directly: a subclass of an extension is not loaded) in a
## script anywhere in the project, outside disabled addons and .gdignore folders, and implement
## register(). The toolkit finds the class by reflection, keeps one instance while the script exists,
## and loads it again when the script is edited.


## Called once per load. Add your commands with registry.add("namespace.action", handler, options);
## server is the editor channel's node (a parent for timers and HTTPRequests). A run-time error here
## withdraws everything this call added, and the extension is reported as failed.
func register(_registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	pass
