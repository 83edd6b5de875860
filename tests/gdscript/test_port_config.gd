extends "unit_test.gd"
## Which ports a channel may listen on, from the environment.

const PortConfig := preload("res://addons/godot_live_mcp/transport/port_config.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

const PREFIX := "GODOT_MCP_UNITS_PORT"


func tear_down() -> void:
	for suffix: String in ["", "_MIN", "_MAX"]:
		OS.unset_environment(PREFIX + suffix)
	super.tear_down()


func test_without_settings_the_contract_band_is_scanned() -> void:
	var band: PackedInt32Array = ContractData.port_band("editor")
	var ports: PortConfig.Band = value_of(PortConfig.resolve("editor"))
	equal([ports.first, ports.last, ports.pinned], [band[0], band[1], false], "the editor band")


func test_a_pin_is_one_port() -> void:
	OS.set_environment(PREFIX, " 7001 ")
	var ports: PortConfig.Band = value_of(PortConfig.resolve("units"))
	equal([ports.first, ports.last, ports.pinned], [7001, 7001, true], "pinned")


func test_a_band_may_be_moved() -> void:
	OS.set_environment(PREFIX + "_MIN", "7000")
	OS.set_environment(PREFIX + "_MAX", "7010")
	var ports: PortConfig.Band = value_of(PortConfig.resolve("units"))
	equal([ports.first, ports.last, ports.pinned], [7000, 7010, false], "band")


func test_bad_values_are_configuration_errors_never_clamped() -> void:
	var cases: Array = [
		[{"": "http"}, "is not a port number"],
		[{"": "70000"}, "outside 1-65535"],
		[{"": "7000", "_MIN": "7001"}, "cannot be combined"],
		[{"_MIN": "7010", "_MAX": "7000"}, "is above"],
	]
	for case: Array in cases:
		for suffix: String in ["", "_MIN", "_MAX"]:
			OS.unset_environment(PREFIX + suffix)
		for suffix: String in case[0]:
			OS.set_environment(PREFIX + suffix, case[0][suffix])
		has_text(failure_of(PortConfig.resolve("units"), "SETUP_FAILED", str(case[0])), case[1], str(case[0]))
