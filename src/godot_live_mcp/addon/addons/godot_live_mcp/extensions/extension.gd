@tool
class_name MCPToolkitExtension
extends RefCounted
## Base class of a third-party extension. Declare `class_name Anything extends MCPToolkitExtension`
## anywhere in an enabled project and implement register(); the toolkit finds it by reflection
## at start-up and calls register() once with the command registry and the editor server node.


## Add your commands here: registry.add("physics.list_bodies", handler, options).
func register(_registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	pass
