@tool
extends RefCounted
## Short placeholder sounds: a tone (sine, square, saw, triangle) or a noise burst with a linear
## frequency sweep and an attack/decay envelope, as the bytes of a 16-bit mono PCM WAV file.

const WAVES: Array[String] = ["sine", "square", "saw", "triangle", "noise"]
const WAV_HEADER_BYTES := 44

var wave: String = "sine"
var frequency: float = 440.0
## The frequency at the end: equal to frequency for a steady tone.
var end_frequency: float = 440.0
var duration: float = 0.5
var attack: float = 0.01
var decay: float = 0.1
## Peak amplitude, 0..1.
var volume: float = 0.5
var mix_rate: int = 22050
var noise_seed: int = 1


## The whole WAV file.
func wav_bytes() -> PackedByteArray:
	var count: int = int(duration * mix_rate)
	var bytes: PackedByteArray = _header(count)
	bytes.resize(WAV_HEADER_BYTES + count * 2)
	var noise: RandomNumberGenerator = RandomNumberGenerator.new()
	noise.seed = noise_seed
	var phase: float = 0.0
	for index: int in count:
		var time: float = float(index) / mix_rate
		var value: float = _shape(phase, noise) * _envelope(time) * volume
		bytes.encode_s16(WAV_HEADER_BYTES + index * 2, clampi(roundi(value * 32767.0), -32768, 32767))
		phase = fposmod(phase + lerpf(frequency, end_frequency, time / duration) / mix_rate, 1.0)
	return bytes


## One sample of the wave at phase (0..1 of a cycle), -1..1.
func _shape(phase: float, noise: RandomNumberGenerator) -> float:
	match wave:
		"square":
			return 1.0 if phase < 0.5 else -1.0
		"saw":
			return phase * 2.0 - 1.0
		"triangle":
			return 1.0 - 4.0 * absf(phase - 0.5)
		"noise":
			return noise.randf_range(-1.0, 1.0)
	return sin(phase * TAU)


## Gain at time: rising over attack, falling to silence over the last decay seconds.
func _envelope(time: float) -> float:
	var rise: float = minf(1.0, time / attack) if attack > 0.0 else 1.0
	var fall: float = minf(1.0, (duration - time) / decay) if decay > 0.0 else 1.0
	return clampf(minf(rise, fall), 0.0, 1.0)


## RIFF/WAVE header of count 16-bit mono samples.
func _header(count: int) -> PackedByteArray:
	var header: PackedByteArray = PackedByteArray()
	header.resize(WAV_HEADER_BYTES)
	var data_size: int = count * 2
	_put_text(header, 0, "RIFF")
	header.encode_u32(4, 36 + data_size)
	_put_text(header, 8, "WAVE")
	_put_text(header, 12, "fmt ")
	header.encode_u32(16, 16)  # the size of the fmt chunk
	header.encode_u16(20, 1)  # PCM
	header.encode_u16(22, 1)  # mono
	header.encode_u32(24, mix_rate)
	header.encode_u32(28, mix_rate * 2)  # bytes a second
	header.encode_u16(32, 2)  # bytes a sample frame
	header.encode_u16(34, 16)  # bits a sample
	_put_text(header, 36, "data")
	header.encode_u32(40, data_size)
	return header


static func _put_text(bytes: PackedByteArray, at: int, text: String) -> void:
	var ascii: PackedByteArray = text.to_ascii_buffer()
	for index: int in ascii.size():
		bytes[at + index] = ascii[index]
