@tool
extends RefCounted
## audio.generate_sound: a short placeholder sound written as a WAV file, imported by the editor
## (one step of the global history), and optionally put on an AudioStreamPlayer of the scene (a step
## of that scene's history).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const FileImport := preload("res://addons/godot_live_mcp/authoring/file_import.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const AudioBuses := preload("res://addons/godot_live_mcp/commands/audio/audio_buses.gd")
const ToneSynth := preload("res://addons/godot_live_mcp/commands/audio/tone_synth.gd")

const GROUP := "audio"
const MAX_SECONDS := 5.0
const PLAYERS: Array[String] = ["AudioStreamPlayer", "AudioStreamPlayer2D", "AudioStreamPlayer3D"]
const DEFAULTS := {"guard": ["path", "scene"]}
const COMMANDS := {
	"audio.generate_sound":
	{
		"text":
		(
			"Generate a placeholder sound (tone or noise burst, envelope, frequency sweep; at most 5 s) as a"
			+ " WAV file the editor imports; optionally set it as an AudioStreamPlayer's stream and bus."
		),
		"args":
		[
			{
				"path!": "string: res:// path of the .wav file to write.",
				"waveform": 'enum(sine|square|saw|triangle|noise)="sine": A tone of that shape, or a noise burst.',
				"frequency": "number[1..20000]=440: Pitch in Hz at the start.",
				"end_frequency": "number[1..20000]: Pitch in Hz at the end (a sweep); the start pitch when omitted.",
			},
			{
				"duration": "number[0..%d]=0.3: Length in seconds." % MAX_SECONDS,
				"attack": "number[0..%d]=0.01:" % MAX_SECONDS + " Seconds to fade in.",
				"decay": "number[0..%d]=0.1:" % MAX_SECONDS + " Seconds to fade out at the end.",
				"volume": "number[0..1]=0.5: Peak amplitude.",
				"mix_rate": "integer[8000..48000]=22050: Samples a second.",
				"seed": "integer=1: Noise seed (the same seed gives the same noise).",
				"if_exists": "@if_exists",
			},
			{
				"scene": "@scene",
				"node_path": "@node_path: An AudioStreamPlayer(2D/3D) that gets the sound as its stream.",
				"bus": "string: With node_path: the audio bus the player plays on.",
			},
		],
		"returns":
		{
			"path!": "string",
			"status!": "@create_status",
			"bytes!": "integer: Size of the WAV file.",
			"imported!": "boolean: The editor imported it as an AudioStreamWAV.",
			"node_path": "string: The player that got the stream.",
			"scene": "string",
		},
		"marks": "destructive",
	},
}


static func generate_sound(params: CommandParams) -> Result:
	var checked: Result = _checked(params)
	var policy: Result = IfExists.read(params) if checked.succeeded() else checked
	if policy.failed():
		return policy
	var path: String = checked.value
	var existed: bool = FileAccess.file_exists(path)
	if existed and policy.value != IfExists.REPLACE:
		var kept: Result = IfExists.answer(str(policy.value), "The file '%s'" % path, _row(path))
		return kept if kept.failed() else await _assigned(params, path, kept.value)
	var written: Result = await _write(path, _synth(params).wav_bytes())
	if written.failed():
		return written
	var data: Dictionary = _row(path)
	data["status"] = "replaced" if existed else "created"
	return await _assigned(params, path, data)


## The guarded .wav path; LIMIT_EXCEEDED for a sound over MAX_SECONDS; INVALID_PARAMS for a bus without a player.
static func _checked(params: CommandParams) -> Result:
	var path: Result = PathGuard.writable_project_path(params.value("path")).within("path")
	if path.failed():
		return path
	if str(path.value).get_extension().to_lower() != "wav":
		return Result.fail(
			"INVALID_PARAMS",
			"path must end in .wav; got '%s'." % path.value,
			"Give a .wav path, e.g. res://sounds/jump.wav."
		)
	var seconds: float = params.number("duration")
	if seconds > MAX_SECONDS or seconds <= 0.0:
		return Result.fail(
			"LIMIT_EXCEEDED",
			"duration %s s is outside 0..%s s: placeholder sounds are short." % [seconds, MAX_SECONDS],
			"Generate up to 5 s and loop it (the imported stream's loop settings), or import a real recording."
		)
	if params.has("bus") and not params.has("node_path"):
		return Result.fail("INVALID_PARAMS", "bus is set on a player.", "Pass node_path of an AudioStreamPlayer too.")
	return path


static func _synth(params: CommandParams) -> ToneSynth:
	var synth: ToneSynth = ToneSynth.new()
	synth.wave = params.text("waveform")
	for name: String in ["frequency", "duration", "attack", "decay", "volume"]:
		synth.set(name, params.number(name))
	synth.end_frequency = params.number("end_frequency") if params.has("end_frequency") else synth.frequency
	synth.mix_rate = params.integer("mix_rate")
	synth.noise_seed = params.integer("seed")
	return synth


## Writes and imports the file (one step of the global history), then loads its stream afresh so it can be
## assigned at once.
static func _write(path: String, bytes: PackedByteArray) -> Result:
	var written: Result = await FileImport.write_imported("Generate sound '%s'" % path, path, bytes)
	if written.succeeded():
		ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_REPLACE)
	return written


static func _row(path: String) -> Dictionary:
	return {
		"path": path,
		"bytes": FileAccess.get_file_as_bytes(path).size(),
		"imported": ResourceLoader.exists(path) and ResourceLoader.load(path) is AudioStreamWAV,
	}


## data with the player's path added once node_path's player has the sound (and bus) set.
static func _assigned(params: CommandParams, path: String, data: Dictionary) -> Result:
	if not params.has("node_path"):
		return Result.of(data)
	var assigned: Result = await SceneEdit.edit(params.raw, _assign_in.bind(params, path))
	if assigned.failed():
		return Result.fail(assigned.code, "%s (the file %s is written)." % [assigned.message, path], assigned.hint)
	data.merge(assigned.value, true)
	return Result.of(data)


static func _assign_in(root: Node, params: CommandParams, path: String) -> Result:
	var found: Result = NodeLookup.require(root, params.text("node_path"))
	if found.failed():
		return found
	var player: Node = found.value
	if not player.get_class() in PLAYERS:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is a %s, not an AudioStreamPlayer(2D/3D)." % [params.text("node_path"), player.get_class()],
			"Add one with node_create (class_name 'AudioStreamPlayer') and pass its path."
		)
	var stream: AudioStream = ResourceLoader.load(path) as AudioStream
	if stream == null:
		return Result.fail(
			"IMPORT_FAILED", "The editor did not import %s as a sound." % path, "editor_get_log shows why."
		)
	var values: Dictionary = {"stream": stream}
	if params.has("bus"):
		var bus: Result = AudioBuses.index_of(params.text("bus"))
		if bus.failed():
			return bus.within("bus")
		values["bus"] = StringName(params.text("bus"))
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Set the sound of '%s'" % player.name, player)
	for property: String in values:
		action.do_property(player, property, values[property]).undo_property(player, property, player.get(property))
	action.commit()
	return Result.of({"node_path": NodeLookup.path_of(root, player)})
