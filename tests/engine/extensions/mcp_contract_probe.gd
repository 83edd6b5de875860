@tool
class_name McpContractProbe
extends MCPToolkitExtension
## Test-only probes of the registration contract: names refused, version gates, timeout clamping,
## reserved namespaces, hints and the closed error vocabulary. Copied into the test project only.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")

## What registry.add() answered for each probe, read back by test.registration_report.
var registrations: Dictionary = {}


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	var long_name: String = "probe." + "x".repeat(70)
	registry.add("probe.first", _ok, _read("Registered first; a second add of this name is refused."))
	registrations = {
		"no_namespace": registry.add("nonamespace", _ok, _read("A name without a namespace.")),
		"space_in_name": registry.add("probe.bad name", _ok, _read("A name with a space.")),
		"too_long": registry.add(long_name, _ok, _read("A name over the length limit.")),
		"min_version_99": registry.add("probe.future", _ok, _read("Needs Godot 99.").with_min_godot_version("99.0")),
		"max_version_4_0": registry.add("probe.past", _ok, _read("Only up to 4.0.").with_max_godot_version("4.0")),
		"within_versions":
		registry.add("probe.now", _ok, _read("Any 4.x.").with_min_godot_version("4.0").with_max_godot_version("4.99")),
		"duplicate": registry.add("probe.first", _own_hint, _read("Collides with probe.first.")),
		"reserved_namespace": registry.add("scene.hijack", _ok, _read("Tries a built-in namespace.")),
	}
	registry.add("probe.timeout_floor", _ok, _read("Asks for 10 ms.").with_timeout_ms(10))
	registry.add("probe.timeout_default", _ok, _read("Asks for 0 ms.").with_timeout_ms(0))
	registry.add("probe.timeout_cap", _ok, _read("Asks for 10 minutes.").with_timeout_ms(600000))
	registry.add("probe.read_only_destructive", _ok, _read("Read-only and destructive at once.").mark_destructive())
	registry.add(
		"probe.success_hint", _ok, _read("Has a registered success hint.").with_success_hint("Registered hint.")
	)
	registry.add("probe.own_hint", _own_hint, _read("Sets its own hint.").with_success_hint("Registered hint."))
	registry.add("probe.fail_hint", _fail_with_default_hint, _read("Fails with a code that has a default hint."))
	var require_schema: Dictionary = S.object({"node_path": S.string(), "file_path": S.string()}, [], true)
	registry.add(
		"probe.require", _require, _read("Requires node_path and file_path.").with_input_schema(require_schema)
	)
	var path_schema: Dictionary = S.object({"path": S.string()}, [], true)
	registry.add(
		"probe.guarded_path", _ok, _read("Guards its path.").with_input_schema(path_schema).guard_project_path("path")
	)
	registry.add("probe.registration_report", _report, _read("What registry.add() answered for each probe."))
	registry.add("probe.unknown_code", _unknown_code, _read("Fails with a code outside the vocabulary."))


func _read(description: String) -> MCPToolkitExtensionOptions:
	return MCPToolkitExtensionOptions.new(description).mark_read_only().mark_scene_independent()


func _ok(params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"params": params})


func _own_hint(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"hint": "Handler hint."})


func _fail_with_default_hint(_params: Dictionary) -> Dictionary:
	return MCPToolkitError.fail("GAME_NOT_RUNNING", "No game runs.")


func _require(params: Dictionary) -> Dictionary:
	var missing: Variant = MCPToolkitError.require(params, ["node_path", "file_path"])
	if missing != null:
		return missing
	return MCPToolkitSuccess.ok()


func _unknown_code(_params: Dictionary) -> Dictionary:
	return MCPToolkitError.fail("NO_SUCH_CODE", "A code nobody declared.")


func _report(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok({"registrations": registrations})
