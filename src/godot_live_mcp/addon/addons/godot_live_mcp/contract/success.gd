@tool
class_name MCPToolkitSuccess
extends RefCounted
## Builds the success half of the response envelope: the data with success = true, never a code.


static func ok(data: Dictionary = {}) -> Dictionary:
	var result: Dictionary = data.duplicate()
	result.erase("code")
	result["success"] = true
	return result
