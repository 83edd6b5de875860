@tool
class_name McpScreenshotProbe
extends MCPToolkitExtension
## Test-only: runs the screenshot codec on a generated noise image, so its format, scaling and
## budget rules can be tested on any editor, headless included. Copied into the test project, never
## shipped.

const ScreenshotCodec := preload("res://addons/godot_live_mcp/contract/screenshot_codec.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	registry.add(
		"harness.encode_image",
		_encode_image,
		(
			MCPToolkitExtensionOptions
			. new("Encodes a width x height noise image (default 1280x720) with the screenshot codec.")
			. with_input_schema({"type": "object", "properties": {}, "additionalProperties": true})
			. mark_read_only()
			. mark_scene_independent()
		)
	)


func _encode_image(params: Dictionary) -> Dictionary:
	var encoded: Result = ScreenshotCodec.encode(_noise(params), params)
	if encoded.failed():
		return encoded.to_envelope()
	return MCPToolkitSuccess.ok({"image": encoded.value})


## Fine-grained value noise: it compresses badly, so budgets bite.
func _noise(params: Dictionary) -> Image:
	var noise: FastNoiseLite = FastNoiseLite.new()
	noise.noise_type = FastNoiseLite.TYPE_VALUE
	noise.frequency = 0.5
	return noise.get_image(int(params.get("width", 1280)), int(params.get("height", 720)))
