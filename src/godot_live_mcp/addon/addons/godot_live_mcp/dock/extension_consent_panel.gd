@tool
extends VBoxContainer
## The dock's list of extensions that wait for a person: one Enable button each. Pressing it is the
## person's consent (recorded in .godot-live-mcp/extensions.json, which no tool may write); the
## extension then loads as its script is now.

const ExtensionLoader := preload("res://addons/godot_live_mcp/extensions/extension_loader.gd")

const HEADING := "Extensions waiting for you"
const TIP := (
	"GDScript extensions found in the project that no person enabled yet, or whose script changed since."
	+ "\nNone of their code has run. Read the script, then press Enable to load it (or run"
	+ " 'godot-live-mcp extensions enable NAME' in a terminal)."
)

var _loader: ExtensionLoader
var _shown: Array[String] = []


func _init(loader: ExtensionLoader) -> void:
	name = "ExtensionsWaiting"
	_loader = loader
	tooltip_text = TIP


## Rebuilds the buttons when the waiting list changed; hidden while nothing waits.
func refresh() -> void:
	var waiting: Array[String] = _loader.waiting()
	visible = not waiting.is_empty()
	if waiting == _shown:
		return
	_shown = waiting
	for child: Node in get_children():
		child.queue_free()
	var heading: Label = Label.new()
	heading.text = HEADING
	heading.tooltip_text = TIP
	add_child(heading)
	for class_named: String in waiting:
		var button: Button = Button.new()
		button.name = "Enable" + class_named
		button.text = "Enable %s" % class_named
		button.tooltip_text = "%s (%s)" % [_loader.waiting_reason(class_named), _loader.script_path(class_named)]
		button.pressed.connect(_loader.enable.bind(class_named))
		add_child(button)
