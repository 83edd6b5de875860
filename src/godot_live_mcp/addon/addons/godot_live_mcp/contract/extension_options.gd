@tool
class_name MCPToolkitExtensionOptions
extends MCPToolkitCommandOptions
## Options for an extension's command: the same builder, with the description required up front.


func _init(text: String) -> void:
	description = text
