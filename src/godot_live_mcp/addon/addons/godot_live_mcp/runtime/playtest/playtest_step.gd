@tool
extends RefCounted
## One step of a playtest script, read and checked (export-clean): what playtest_script.gd builds and
## playtest_runner.gd runs. The format is docs/playtest.md.

const Condition := preload("res://addons/godot_live_mcp/runtime/conditions/condition.gd")

## Its place in the script's steps, for messages ("steps[3]").
var index: int = 0
## One of PlaytestScript.VERBS.
var verb: String = ""
## The script frame to reach before it acts (-1: right after the step before).
var at: int = -1
## What an input step presses: exactly one of action, key and button is set.
var action: String = ""
var key: String = ""
var button: String = ""
var position: Vector2 = Vector2.ZERO
var strength: float = 1.0
var frames: int = 1
## A step_until or assert condition, compiled.
var condition: Condition
## A screenshot's file name, without extension.
var name: String = ""
## What a set step changes: a node's property (node, property) or a project setting, to value.
var node: String = ""
var property: String = ""
var setting: String = ""
var value: Variant = null


## What it acts on, as the timeline names it: "jump", "key Space", "left (100, 200)".
func target() -> String:
	if action != "":
		return action
	if key != "":
		return "key " + key
	return "%s (%d, %d)" % [button, position.x, position.y]


func place() -> String:
	return "steps[%d]" % index
