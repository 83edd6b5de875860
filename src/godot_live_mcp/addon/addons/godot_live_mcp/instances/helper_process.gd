@tool
extends RefCounted
## Whether this process is a helper, not a serving editor or a game to drive (export-clean): a Godot
## the server starts for an export, an import or a test run (contract.json "helper_process", set in its
## environment), or any batch export or import run from a command line. A helper serves no tools and
## never registers in the instance registry.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

## The engine's own batch modes: the editor they load quits when its one job is done.
const BATCH_FLAGS: PackedStringArray = [
	"--export-release", "--export-debug", "--export-pack", "--export-patch", "--import"
]


static func is_helper() -> bool:
	var variable: String = str(ContractData.section("helper_process").get("env", ""))
	if variable != "" and OS.get_environment(variable).strip_edges() != "":
		return true
	for argument: String in OS.get_cmdline_args():
		if argument in BATCH_FLAGS:
			return true
	return false
