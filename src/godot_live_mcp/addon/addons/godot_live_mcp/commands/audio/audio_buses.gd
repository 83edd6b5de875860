@tool
extends RefCounted
## The AudioServer's buses as the audio tools name and describe them: found by name, reported with
## their settings and effects (each effect's stored properties as typed JSON).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")

const MASTER := "Master"
## A bus and its effects as the audio tools report them.
const EFFECT := {
	"index!": "integer",
	"class!": "string",
	"enabled!": "boolean",
	"parameters!": "object: The effect's properties as typed JSON.",
}
const EFFECTS := [{"@": "array"}, EFFECT]
const BUS := {
	"index!": "integer",
	"name!": "string",
	"volume_db!": "number",
	"mute!": "boolean",
	"solo!": "boolean",
	"bypass_effects!": "boolean",
	"send!": "string: The bus this one feeds ('' for Master).",
	"effects!": EFFECTS,
}
## Properties every resource has, which say nothing about the effect.
const SKIPPED_PROPERTIES: Array[String] = ["resource_local_to_scene", "resource_path", "resource_name", "script"]


static func names() -> Array[String]:
	var found: Array[String] = []
	for index: int in AudioServer.bus_count:
		found.append(AudioServer.get_bus_name(index))
	return found


## The index of the bus called name, or NOT_FOUND naming the buses.
static func index_of(name: String) -> Result:
	var index: int = AudioServer.get_bus_index(name)
	if index >= 0:
		return Result.of(index)
	return Result.fail(
		"NOT_FOUND",
		"No audio bus '%s'." % name,
		NameSuggestions.did_you_mean(name, names()) + "Buses: %s (audio_list_buses)." % ", ".join(names())
	)


static func describe(index: int) -> Dictionary:
	var effects: Array[Dictionary] = []
	for slot: int in AudioServer.get_bus_effect_count(index):
		effects.append(describe_effect(index, slot))
	return {
		"index": index,
		"name": AudioServer.get_bus_name(index),
		"volume_db": AudioServer.get_bus_volume_db(index),
		"mute": AudioServer.is_bus_mute(index),
		"solo": AudioServer.is_bus_solo(index),
		"bypass_effects": AudioServer.is_bus_bypassing_effects(index),
		"send": str(AudioServer.get_bus_send(index)) if index > 0 else "",
		"effects": effects,
	}


static func describe_effect(bus: int, slot: int) -> Dictionary:
	var effect: AudioEffect = AudioServer.get_bus_effect(bus, slot)
	return {
		"index": slot,
		"class": effect.get_class(),
		"enabled": AudioServer.is_bus_effect_enabled(bus, slot),
		"parameters": parameters(effect),
	}


## The effect's stored properties (its parameters) as typed JSON.
static func parameters(effect: AudioEffect) -> Dictionary:
	var found: Dictionary = {}
	for property: Dictionary in effect.get_property_list():
		var name: String = property["name"]
		if int(property["usage"]) & PROPERTY_USAGE_STORAGE == 0 or name in SKIPPED_PROPERTIES:
			continue
		found[name] = Coercion.to_json(effect.get(name), int(property.get("hint", PROPERTY_HINT_NONE)))
	return found
