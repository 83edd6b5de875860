@tool
extends RefCounted
## audio.list_buses / add_bus / remove_bus / set_bus: the project's audio buses. Every change is saved
## to the bus layout file and is one step of the global history (editor_undo history='global').

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const AudioBuses := preload("res://addons/godot_live_mcp/commands/audio/audio_buses.gd")
const BusLayoutChange := preload("res://addons/godot_live_mcp/commands/audio/bus_layout_change.gd")

const GROUP := "audio"
const SETTINGS := {
	"volume_db": "number: Volume in dB (0 is unchanged, -80 silent).",
	"mute": "boolean: Silence the bus.",
	"solo": "boolean: Play only the solo buses.",
	"bypass_effects": "boolean: Skip the bus's effects.",
	"send": "string: Name of the bus this one feeds (not for Master).",
}
const DEFAULTS := {"marks": "scene_independent"}
const COMMANDS := {
	"audio.list_buses":
	{
		"text": "List the audio buses with volume, mute, solo, bypass, send and their effects with parameters.",
		"args": {"offset": PageArgs.OFFSET % "bus", "limit": PageArgs.LIMIT_100 % "buses"},
		"returns": {"@page": "buses offset", "buses!": [{"@": "array"}, AudioBuses.BUS], "layout_file!": "string"},
		"marks": "read_only idempotent scene_independent",
	},
	"audio.add_bus":
	{
		"text": "Add an audio bus (e.g. 'SFX', 'Music'), optionally with volume and send. " + BusLayoutChange.SAVED,
		"args":
		[
			{
				"name!": "string: The new bus's name.",
				"position": "integer[1..]: Index to insert at; last when omitted."
			},
			SETTINGS,
			{"if_exists": "@if_exists"},
		],
		"returns": [AudioBuses.BUS, {"status!": "@create_status"}],
	},
	"audio.remove_bus":
	{
		"text": "Remove an audio bus (not Master); buses that sent to it send to Master. " + BusLayoutChange.SAVED,
		"args": {"name!": "string: The bus to remove."},
		"returns": {"removed!": "string: Its name.", "buses!": "array<string>: The buses left."},
		"marks": "destructive scene_independent",
	},
	"audio.set_bus":
	{
		"text":
		(
			"Rename an audio bus or set its volume, mute, solo, bypass or send; what is not given stays. "
			+ BusLayoutChange.SAVED
		),
		"args": [{"name!": "string: The bus to change.", "new_name": "string: Rename it (not Master)."}, SETTINGS],
		"returns": AudioBuses.BUS,
		"marks": "idempotent scene_independent",
	},
}


static func list_buses(params: CommandParams) -> Result:
	var buses: Array[Dictionary] = []
	for index: int in AudioServer.bus_count:
		buses.append(AudioBuses.describe(index))
	var page: Dictionary = Pagination.list_page(
		buses, params.integer("offset"), params.integer("limit"), "buses", "buses"
	)
	var path: Result = BusLayoutChange.layout_path()
	page["layout_file"] = str(path.value) if path.succeeded() else ""
	return Result.of(page)


static func add_bus(params: CommandParams) -> Result:
	var policy: Result = IfExists.read(params)
	if policy.failed():
		return policy
	var name: String = params.text("name").strip_edges()
	if name == "":
		return Result.fail("INVALID_PARAMS", "name is empty.", "Give the bus a name, e.g. 'SFX'.")
	var existing: int = AudioServer.get_bus_index(name)
	if existing >= 0 and policy.value != IfExists.REPLACE:
		return IfExists.answer(str(policy.value), "An audio bus '%s'" % name, AudioBuses.describe(existing))
	var made: Result = await BusLayoutChange.apply("Add audio bus '%s'" % name, _add.bind(params, name, existing))
	if made.succeeded():
		made.value["status"] = "replaced" if existing >= 0 else "created"
	return made


static func remove_bus(params: CommandParams) -> Result:
	var found: Result = _changeable(params.text("name"), "remove")
	if found.failed():
		return found
	var name: String = params.text("name")
	var change: Callable = func() -> Result:
		AudioServer.remove_bus(int(found.value))
		return Result.of({"removed": name, "buses": AudioBuses.names()})
	return await BusLayoutChange.apply("Remove audio bus '%s'" % name, change)


static func set_bus(params: CommandParams) -> Result:
	var found: Result = AudioBuses.index_of(params.text("name"))
	if found.failed():
		return found
	if params.has("new_name"):
		var renamable: Result = _changeable(params.text("name"), "rename")
		if renamable.failed():
			return renamable
		var taken: int = AudioServer.get_bus_index(params.text("new_name").strip_edges())
		if taken >= 0 and taken != int(found.value):
			return Result.fail(
				"ALREADY_EXISTS",
				"An audio bus '%s' already exists." % params.text("new_name"),
				"Pick another name, or remove that bus with audio_remove_bus."
			)
	var index: int = found.value
	var change: Callable = func() -> Result: return _settings(index, params)
	return await BusLayoutChange.apply("Change audio bus '%s'" % params.text("name"), change)


## Adds the bus (in place of the bus at existing when that is >= 0) and applies its settings.
static func _add(params: CommandParams, name: String, existing: int) -> Result:
	if existing >= 0:
		AudioServer.remove_bus(existing)
	var position: int = params.integer("position") if params.has("position") else existing
	if position >= AudioServer.bus_count:
		position = -1
	AudioServer.add_bus(position)
	var index: int = position if position >= 0 else AudioServer.bus_count - 1
	AudioServer.set_bus_name(index, name)
	AudioServer.set_bus_send(index, AudioBuses.MASTER)
	return _settings(index, params)


## Applies the settings params gives to the bus at index; NOT_FOUND for a send to an unknown bus.
static func _settings(index: int, params: CommandParams) -> Result:
	if params.has("send"):
		var target: Result = AudioBuses.index_of(params.text("send"))
		if target.failed() or int(target.value) == index:
			return (
				target.within("send") if target.failed() else Result.fail("INVALID_PARAMS", "A bus cannot feed itself.")
			)
		AudioServer.set_bus_send(index, params.text("send"))
	if params.has("new_name"):
		_rename(index, params.text("new_name").strip_edges())
	if params.has("volume_db"):
		AudioServer.set_bus_volume_db(index, params.number("volume_db"))
	if params.has("mute"):
		AudioServer.set_bus_mute(index, params.flag("mute"))
	if params.has("solo"):
		AudioServer.set_bus_solo(index, params.flag("solo"))
	if params.has("bypass_effects"):
		AudioServer.set_bus_bypass_effects(index, params.flag("bypass_effects"))
	return Result.of(AudioBuses.describe(index))


## Renames the bus at index, and the sends of the buses that fed it (as the editor's Audio dock does).
static func _rename(index: int, new_name: String) -> void:
	var old_name: StringName = AudioServer.get_bus_name(index)
	AudioServer.set_bus_name(index, new_name)
	for other: int in AudioServer.bus_count:
		if other != index and AudioServer.get_bus_send(other) == old_name:
			AudioServer.set_bus_send(other, new_name)


## The index of a bus that may be removed or renamed: not Master.
static func _changeable(name: String, verb: String) -> Result:
	var found: Result = AudioBuses.index_of(name)
	if found.succeeded() and int(found.value) == 0:
		return Result.fail(
			"INVALID_OPERATION",
			"Cannot %s the Master bus: every project has it as bus 0." % verb,
			"Change its volume or effects with audio_set_bus / audio_add_effect."
		)
	return found
