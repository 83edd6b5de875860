@tool
extends RefCounted
## What this process is, told the same way by the auth reply of both channels, their registry
## entries and editor.get_info: engine and addon versions, headless or not, the project
## (export-clean).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const VersionGate := preload("res://addons/godot_live_mcp/contract/version_gate.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")


## The versions a client checks before it talks to this process, and whether it runs headless.
static func versions() -> Dictionary:
	return {
		"protocol_version": ContractData.protocol_version(),
		"godot_version": VersionGate.engine_version(),
		"godot_version_full": str(Engine.get_version_info().get("string", "")),
		"plugin_version": ContractData.plugin_version(),
		"headless": DisplayServer.get_name() == "headless",
	}


## versions() plus the project it has open.
static func describe() -> Dictionary:
	var identity: Dictionary = versions()
	identity.merge({"project_path": ProjectIdentity.project_path(), "project_name": ProjectIdentity.project_name()})
	return identity
