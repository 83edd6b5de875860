@tool
extends RefCounted
## Packs and archives: a Godot pack (.pck, or one embedded at the end of an exported game), zip and the
## formats built on it, tar, gzip, 7z and the like. The tools do not read them: their packed or
## compressed members would pass the scrubber unread, secrets and all.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const EXTENSIONS: PackedStringArray = [
	"pck",
	"zip",
	"apk",
	"aab",
	"ipa",
	"jar",
	"aar",
	"xpi",
	"whl",
	"nupkg",
	"7z",
	"rar",
	"tar",
	"gz",
	"tgz",
	"bz2",
	"tbz2",
	"xz",
	"txz",
	"zst",
	"lz4",
	"lzma",
	"cab",
	"iso",
	"dmg",
	"deb",
	"rpm",
	"cpio"
]
## The first bytes of each format, in hex: Godot pack, zip (local, empty, spanned), gzip, bzip2, xz, 7z,
## rar, zstd, lz4, cab, ar.
const MAGIC_HEX: PackedStringArray = [
	"47445043",
	"504b0304",
	"504b0506",
	"504b0708",
	"1f8b",
	"425a68",
	"fd377a585a00",
	"377abcaf271c",
	"526172211a07",
	"28b52ffd",
	"04224d18",
	"4d534346",
	"213c617263683e"
]
const PACK_MAGIC_HEX := "47445043"
const ZIP_END_HEX := "504b0506"
## A zip's end record lies within this many bytes of the end (its comment is at most 64 KiB).
const ZIP_END_REACH := 65557
const TAR_MAGIC_AT := 257


## PATH_DENIED when path is a pack or an archive by its name or its bytes; success (path) otherwise.
static func check(path: String, bytes: PackedByteArray) -> Result:
	if not is_archive(path, bytes):
		return Result.of(path)
	return Result.fail(
		"PATH_DENIED",
		"'%s' is a pack or an archive: the tools do not read one, as its packed files would pass unscrubbed." % path,
		"Read the project files it was built from instead; export_run reports what a build holds (pack_file_count)."
	)


static func is_archive(path: String, bytes: PackedByteArray) -> bool:
	if path.get_extension().to_lower() in EXTENSIONS:
		return true
	for magic: String in MAGIC_HEX:
		if bytes.slice(0, magic.length() / 2).hex_encode() == magic:
			return true
	if bytes.size() >= 16 and bytes.slice(bytes.size() - 4).hex_encode() == PACK_MAGIC_HEX:
		return true  # an exported game with its pack embedded
	if bytes.slice(TAR_MAGIC_AT, TAR_MAGIC_AT + 5).get_string_from_ascii() == "ustar":
		return true
	return _has_zip_end(bytes)


static func _has_zip_end(bytes: PackedByteArray) -> bool:
	var tail: String = bytes.slice(maxi(bytes.size() - ZIP_END_REACH, 0)).hex_encode()
	var at: int = tail.find(ZIP_END_HEX)
	while at != -1:
		if at % 2 == 0:
			return true
		at = tail.find(ZIP_END_HEX, at + 1)
	return false
