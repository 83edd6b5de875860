@tool
extends RefCounted
## One extension the loader found: where its script is, the instance kept alive while it is loaded
## (its handlers are bound to it), what it registered, what was refused, and why it failed if it did.

const ExtensionConsent := preload("res://addons/godot_live_mcp/extensions/extension_consent.gd")

const CSHARP := "C#"

var name: String
var path: String
var language: String
## The script's content hash when it was loaded: a different one means the file was edited.
var fingerprint: String = ""
var instance: Object = null
var loaded: bool = false
var commands: PackedStringArray = PackedStringArray()
var refused: Array[Dictionary] = []
## Why loading or register() failed; "" when it did not.
var error: String = ""
## Why it waits for a person to enable it (never loaded meanwhile); "" when it may load.
var waiting: String = ""
## Group name -> the options of this extension's commands in it (so one declaration serves all).
var group_members: Dictionary = {}


func _init(class_named: String, script_path: String, script_language: String) -> void:
	name = class_named
	path = script_path
	language = script_language
	fingerprint = FileAccess.get_md5(script_path)


## The owner its commands are registered under in the command table.
func owner() -> String:
	return "extension:" + name


func refuse(command: String, code: String, reason: String) -> void:
	refused.append({"command": command, "code": code, "reason": reason})


func failed() -> bool:
	return error != ""


func status() -> String:
	if waiting != "":
		return "waiting"
	return "failed" if failed() else "loaded"


## What extensions_list reports about it.
func describe() -> Dictionary:
	var report: Dictionary = {
		"class": name,
		"path": path,
		"language": language,
		"status": status(),
		"commands": Array(commands),
	}
	if not refused.is_empty():
		report["refused"] = refused
	if failed():
		report["error"] = error
	if waiting != "":
		report["error"] = waiting
		report["hint"] = ExtensionConsent.hint_for(name)
	return report
