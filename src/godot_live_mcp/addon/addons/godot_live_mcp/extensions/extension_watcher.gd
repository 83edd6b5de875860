@tool
extends RefCounted
## Calls on_change once the editor's filesystem, its script classes or the project settings have
## been quiet for DEBOUNCE_S after a change: the editor signals several times for one save, and
## enabling or disabling an addon is a settings change. The person's list of enabled extensions lives
## in a hidden folder the editor does not scan, so it is polled (its hash, every POLL_S).

const ExtensionConsent := preload("res://addons/godot_live_mcp/extensions/extension_consent.gd")

const DEBOUNCE_S := 0.5
const POLL_S := 1.0

var _on_change: Callable
## Bumped by every change; a timer fires on_change only when no later change followed it.
var _generation: int = 0
var _held: bool = false
var _consent_stamp: String = ""
var _polling: bool = false


func _init(on_change: Callable) -> void:
	_on_change = on_change


func start() -> void:
	for source: Signal in _sources():
		source.connect(_poke)
	_consent_stamp = ExtensionConsent.stamp()
	_polling = true
	_poll()


## Disconnects; a change already waiting never fires.
func stop() -> void:
	for source: Signal in _sources():
		if source.is_connected(_poke):
			source.disconnect(_poke)
	_generation += 1
	_polling = false


func _poll() -> void:
	if not _polling:
		return
	var stamp: String = ExtensionConsent.stamp()
	if stamp != _consent_stamp and stamp != ExtensionConsent.UNREADABLE:
		_consent_stamp = stamp
		_poke()
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	tree.create_timer(POLL_S).timeout.connect(_poll)


static func _sources() -> Array[Signal]:
	var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
	return [filesystem.filesystem_changed, filesystem.script_classes_updated, ProjectSettings.settings_changed]


## While held, changes are ignored: whoever holds it refreshes by itself.
func hold() -> void:
	_held = true


func release() -> void:
	_held = false


func _poke() -> void:
	_generation += 1
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	tree.create_timer(DEBOUNCE_S).timeout.connect(_fire.bind(_generation))


func _fire(generation: int) -> void:
	if generation == _generation and not _held:
		_on_change.call()
