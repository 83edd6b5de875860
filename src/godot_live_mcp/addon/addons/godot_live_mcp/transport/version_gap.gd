@tool
extends RefCounted
## The sentence a person needs when a server and this addon are of different versions (export-clean):
## the dock shows it. Which side is older is the server's to tell (its VERSION_UNSUPPORTED and its
## start-up report); here the fix is named either way.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const ProjectIdentity := preload("res://addons/godot_live_mcp/instances/project_identity.gd")


## "" when a server of server_version speaking protocol matches this addon (or did not say its
## version, as the first servers did not), else what differs and the commands that fix it.
static func between(server_version: String, protocol: int) -> String:
	var addon: String = ContractData.plugin_version()
	var own_protocol: int = ContractData.protocol_version()
	if protocol == own_protocol and (server_version.is_empty() or server_version == addon):
		return ""
	var server: String = server_version if not server_version.is_empty() else "of another version"
	var gap: String = "Server godot-live-mcp %s, addon %s" % [server, addon]
	if protocol != own_protocol:
		gap += " (protocol %d there, %d here: the server refuses this editor)" % [protocol, own_protocol]
	var fixes: Dictionary = ContractData.section("version_fixes")
	var install: String = str(fixes.get("install_addon", "")).format({"project": ProjectIdentity.project_path()})
	var upgrade: String = str(fixes.get("upgrade_server", ""))
	return (
		gap
		+ (
			". Install the server's addon with `%s`, or upgrade the server (`%s`); then restart the editor."
			% [install, upgrade]
		)
	)
