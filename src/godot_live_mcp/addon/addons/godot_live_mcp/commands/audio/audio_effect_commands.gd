@tool
extends RefCounted
## audio.add_effect / remove_effect: effects on an audio bus (AudioEffect subclasses such as
## AudioEffectReverb), saved to the bus layout file and undoable in the global history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const AudioBuses := preload("res://addons/godot_live_mcp/commands/audio/audio_buses.gd")
const BusLayoutChange := preload("res://addons/godot_live_mcp/commands/audio/bus_layout_change.gd")

const GROUP := "audio"
const BUS := [{"@": "object: The bus after the change."}, AudioBuses.BUS]
const DEFAULTS := {"marks": "scene_independent"}
const COMMANDS := {
	"audio.add_effect":
	{
		"text":
		(
			"Add an effect to an audio bus by class (e.g. AudioEffectReverb, AudioEffectDelay) with parameters. "
			+ BusLayoutChange.SAVED
		),
		"args":
		{
			"bus!": "string: The bus name, e.g. 'Master'.",
			"class_name!": "string: An AudioEffect subclass, e.g. 'AudioEffectReverb'.",
			"parameters": 'object: Its properties, e.g. {"room_size": 0.8, "wet": 0.3}.',
			"position": "integer[0..]: Slot to insert at; last when omitted.",
		},
		"returns": {"bus!": BUS, "effect!": [{"@": "object: The new effect."}, AudioBuses.EFFECT]},
	},
	"audio.remove_effect":
	{
		"text": "Remove the effect at an index of an audio bus (audio_list_buses shows them). " + BusLayoutChange.SAVED,
		"args": {"bus!": "string: The bus name.", "index!": "integer[0..]: The effect's slot."},
		"returns": {"removed!": "string: The effect's class.", "bus!": BUS},
		"marks": "destructive scene_independent",
	},
}


static func add_effect(params: CommandParams) -> Result:
	var bus: Result = AudioBuses.index_of(params.text("bus"))
	var made: Result = _effect(params.text("class_name"), params.object("parameters")) if bus.succeeded() else bus
	if made.failed():
		return made
	var index: int = bus.value
	var effect: AudioEffect = made.value
	var count: int = AudioServer.get_bus_effect_count(index)
	var slot: int = clampi(params.integer("position"), 0, count) if params.has("position") else count
	var change: Callable = func() -> Result:
		AudioServer.add_bus_effect(index, effect, slot)
		return Result.of({"bus": AudioBuses.describe(index), "effect": AudioBuses.describe_effect(index, slot)})
	return await BusLayoutChange.apply("Add %s to audio bus '%s'" % [effect.get_class(), params.text("bus")], change)


static func remove_effect(params: CommandParams) -> Result:
	var bus: Result = AudioBuses.index_of(params.text("bus"))
	if bus.failed():
		return bus
	var index: int = bus.value
	var slot: int = params.integer("index")
	var count: int = AudioServer.get_bus_effect_count(index)
	if slot >= count:
		return Result.fail(
			"NOT_FOUND",
			"Bus '%s' has %d effects; no index %d." % [params.text("bus"), count, slot],
			"audio_list_buses shows each bus's effects with their index."
		)
	var removed: String = AudioServer.get_bus_effect(index, slot).get_class()
	var change: Callable = func() -> Result:
		AudioServer.remove_bus_effect(index, slot)
		return Result.of({"removed": removed, "bus": AudioBuses.describe(index)})
	return await BusLayoutChange.apply("Remove %s from audio bus '%s'" % [removed, params.text("bus")], change)


## A new effect of class_name with parameters set; INVALID_PARAMS naming the effect classes.
static func _effect(class_name_wanted: String, parameters: Dictionary) -> Result:
	if not ClassDB.is_parent_class(class_name_wanted, "AudioEffect") or not ClassDB.can_instantiate(class_name_wanted):
		var known: Array[String] = []
		for each: StringName in ClassDB.get_inheriters_from_class("AudioEffect"):
			if ClassDB.can_instantiate(each):
				known.append(str(each))
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is not an audio effect class." % class_name_wanted,
			NameSuggestions.did_you_mean(class_name_wanted, known) + "classdb_list_classes with base 'AudioEffect'."
		)
	var effect: AudioEffect = ClassDB.instantiate(class_name_wanted)
	var values: Result = PropertyInput.coerce_values(effect, parameters)
	if values.failed():
		return values
	for name: String in values.value:
		effect.set(name, values.value[name])
	return Result.of(effect)
