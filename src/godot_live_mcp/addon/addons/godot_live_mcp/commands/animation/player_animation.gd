@tool
extends RefCounted
## The AnimationPlayer a tool names (node_path) and, when asked, one of its animations ("walk" in the
## default library, "moves/walk" in library "moves"), with the failures worded for a model to correct.

const PlayerAnimation := preload("res://addons/godot_live_mcp/commands/animation/player_animation.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
## The arguments that name the player and one of its animations.
const PLAYER := {"scene": "@scene", "node_path!": "@node_path: Path of the AnimationPlayer."}
const ANIMATION := {
	"animation!": "string: Animation name: 'walk' (default library) or 'library/walk' (as the player lists it)."
}

var player: AnimationPlayer
var player_path: String
var scene_path: String
var name: String = ""
var animation: Animation = null


## The animation called animation_name of the player a command's target is, or NOT_FOUND naming the
## player's animations.
static func of_target(on: CommandTarget, animation_name: String) -> Result:
	var target: PlayerAnimation = PlayerAnimation.new()
	target.player = on.node
	target.player_path = on.node_path
	target.scene_path = on.scene_path
	target.name = animation_name
	if not target.player.has_animation(animation_name):
		var names: Array = Array(target.player.get_animation_list())
		return Result.fail(
			"NOT_FOUND",
			"AnimationPlayer '%s' has no animation '%s'." % [target.player_path, animation_name],
			(
				"%sIts animations: %s. animation_create makes one."
				% [NameSuggestions.did_you_mean(animation_name, names), ", ".join(names) if names else "none"]
			)
		)
	target.animation = target.player.get_animation(animation_name)
	return Result.of(target)


## ["moves", "walk"] for "moves/walk", ["", "walk"] for "walk".
static func split_name(animation_name: String) -> PackedStringArray:
	var slash: int = animation_name.find("/")
	if slash < 0:
		return PackedStringArray(["", animation_name])
	return PackedStringArray([animation_name.left(slash), animation_name.substr(slash + 1)])


## A warning when the animation (or its library) is kept in a file of its own, which saving the
## scene does not write; "" when the scene holds it.
func file_warning() -> String:
	var library: AnimationLibrary = player.get_animation_library(player.find_animation_library(animation))
	for resource: Resource in [animation, library]:
		var path: String = resource.resource_path if resource != null else ""
		if path != "" and not path.contains("::") and path != scene_path:
			return (
				"'%s' is kept in %s, not in the scene: scene_save does not write that file," % [name, path]
				+ " so this change lasts only while the editor runs unless that resource is saved."
			)
	return ""


## of_target's animation when track is one of its indices, else of_target's failure or NOT_FOUND.
static func of_track(on: CommandTarget, animation_name: String, track: int) -> Result:
	var found: Result = of_target(on, animation_name)
	var count: int = (found.value as PlayerAnimation).animation.get_track_count() if found.succeeded() else 0
	if found.failed() or (track >= 0 and track < count):
		return found
	return Result.fail(
		"NOT_FOUND",
		"Animation '%s' has no track %d (it has %d)." % [animation_name, track, count],
		"animation_get lists the tracks with their indices."
	)
