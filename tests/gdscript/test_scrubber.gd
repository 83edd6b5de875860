extends "unit_test.gd"
## Scrubber and SecretFiles: secrets never leave in clear, whatever their shape or file.

const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")

## kind -> (a line holding a fake secret, the secret itself)
const PLANTED := {
	"private_key":
	["-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAfake\n-----END RSA PRIVATE KEY-----", "MIIEowIBAAKCAQEAfake"],
	"aws_access_key": ["key_id = AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"],
	"aws_secret_key":
	["aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
	"github_token": ["token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"],
	"github_pat": ["github_pat_11ABCDEFG0123456789_abcdefghijk", "github_pat_11ABCDEFG0123456789_abcdefghijk"],
	"slack_token": ["xoxb-1234567890-abcdefghij", "xoxb-1234567890-abcdefghij"],
	"google_api_key": ["AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA1234567890abcdefghijklmnopqrstuv"],
	"stripe_key": ["stripe: sk_live_51H8abcdefghijklmnopqrst", "sk_live_51H8abcdefghijklmnopqrst"],
	"huggingface_token": ["HF hf_abcdefghijklmnopqrstuvwxyzABCDEFGH", "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH"],
	"api_key": ['const KEY = "sk-ant-api03-FAKEFAKEFAKEFAKEFAKE0123"', "sk-ant-api03-FAKEFAKEFAKEFAKEFAKE0123"],
	"jwt": ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N", "dozjgNryP4J3jVmNHl0w5N"],
	"env_password": ["DB_PASSWORD=hunter2hunter2", "hunter2hunter2"],
	"json_api_key": ['{"api_key": "abcd1234efgh5678"}', "abcd1234efgh5678"],
	"gdscript_secret": ['const CLIENT_SECRET := "s3cr3t-v4lu3"', "s3cr3t-v4lu3"],
	"url_password": ["postgres://admin:pa55word@db.local/game", "pa55word"],
	"npm_token": ["//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789", "npm_abcdefghij"],
}


func test_every_planted_kind_is_redacted() -> void:
	for kind: String in PLANTED:
		var scrubbed: String = Scrubber.scrub("before\n%s\nafter" % PLANTED[kind][0])
		check(not scrubbed.contains(PLANTED[kind][1]), "%s leaked: %s" % [kind, scrubbed])
		has_text(scrubbed, "[REDACTED:", kind)
		has_text(scrubbed, "before\n", kind + " keeps the text around it")


func test_code_that_only_names_a_secret_is_left_alone() -> void:
	for line: String in [
		"var secret := get_secret()",
		'\tpassword = ProjectSettings.get_setting("x")',
		"func check_password(password: String) -> bool:",
	]:
		equal(Scrubber.scrub(line), line, line)


func test_a_key_cut_off_at_the_end_is_redacted_to_the_end() -> void:
	var cut: String = Scrubber.scrub("x\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC")
	check(not cut.contains("MIIEvQ"), cut)


func test_bytes_are_scrubbed_as_text_and_binary_without_secrets_is_left_alone() -> void:
	var text: PackedByteArray = "DB_PASSWORD=hunter2hunter2\n".to_utf8_buffer()
	check(not Scrubber.scrub_bytes(text).get_string_from_utf8().contains("hunter2"), "text")
	var binary: PackedByteArray = PackedByteArray([0, 255, 1, 2])
	equal(Scrubber.scrub_bytes(binary), binary, "binary")
	var plain: PackedByteArray = PackedByteArray([0, 0, 200]) + "just a label here".to_ascii_buffer()
	plain.append_array(PackedByteArray([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255]))
	equal(Scrubber.scrub_bytes(plain), plain, "binary with printable text but no secret")


func test_a_secret_stored_in_binary_data_is_redacted_in_place() -> void:
	var github: String = "ghp_" + "d".repeat(36)
	var binary: PackedByteArray = PackedByteArray([137, 80, 78, 71, 0, 0, 0, 13, 255])
	binary.append_array("tEXt".to_ascii_buffer() + PackedByteArray([0]))
	binary.append_array('api_key = "abcd1234efgh5678"'.to_ascii_buffer())
	binary.append_array(PackedByteArray([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 200, 201]))
	binary.append_array(("token " + github).to_ascii_buffer())
	binary.append_array(PackedByteArray([0, 7]))
	var scrubbed: PackedByteArray = Scrubber.scrub_bytes(binary)
	var latin1: String = scrubbed.hex_encode()
	check(not latin1.contains("abcd1234".to_ascii_buffer().hex_encode()), "the assignment's value")
	check(not latin1.contains(("d".repeat(36)).to_ascii_buffer().hex_encode()), "the token")
	check(latin1.contains("[REDACTED:github_token]".to_ascii_buffer().hex_encode()), "marked")
	equal(scrubbed.slice(0, 9), binary.slice(0, 9), "the bytes before are kept")
	equal(scrubbed.slice(scrubbed.size() - 2), PackedByteArray([0, 7]), "the bytes after are kept")


func test_secret_files_are_known_by_name() -> void:
	for path: String in [
		"res://.env",
		"res://.env.production",
		"res://config/prod.env",
		"res://keys/server.PEM",
		"res://tls.key",
		"res://id_rsa",
		"res://id_ed25519.pub",
		"res://android/release.keystore",
		"res://credentials.json",
		"res://.godot/export_credentials.cfg",
		"res://.netrc",
		"res://.envrc",
		"res://.env~",
		"res://.env.bak",
		"res://.env.swp",
		"res://#.env#",
		"res://config/.secrets.json.swp",
		"res://keys/server.pem.orig",
		"res://id_rsa~",
	]:
		check(SecretFiles.pattern_for(path) != "", path)
		has_text(failure_of(SecretFiles.check(path), "PATH_DENIED", path), "secret file", path)
	for path: String in [
		"res://environment.gd",
		"res://keys.tscn",
		"res://player.gd",
		"res://env/level.tscn",
		"res://notes.bak",
		"res://level.tscn~",
		"res://.player.gd.swp",
	]:
		equal(SecretFiles.pattern_for(path), "", path)
	has_text(SecretFiles.check("res://.env").hint, SecretFiles.ALLOW_SETTING, "the hint names the opt-in")


func test_the_project_can_add_names_and_opt_in() -> void:
	ProjectSettings.set_setting(SecretFiles.EXTRA_SETTING, PackedStringArray(["*.vault"]))
	check(SecretFiles.pattern_for("res://game.vault") == "*.vault", "an added name")
	ProjectSettings.set_setting(SecretFiles.ALLOW_SETTING, true)
	equal(SecretFiles.pattern_for("res://.env"), "", "opted in")
	ProjectSettings.set_setting(SecretFiles.ALLOW_SETTING, null)
	ProjectSettings.set_setting(SecretFiles.EXTRA_SETTING, null)
	check(SecretFiles.pattern_for("res://.env") != "", "back to the default")


func test_every_string_of_a_value_is_scrubbed_and_its_shape_kept() -> void:
	var data: Dictionary = Scrubber.scrub_value({"type": "api", "key": "hf_" + "a".repeat(34), "list": ["ok", 1]})
	equal(data["type"], "api", "a plain string is kept as it is, never wrapped")
	equal(data["list"], ["ok", 1], "a list keeps its items")
	check(not str(data["key"]).contains("hf_aaaa"), "the key is scrubbed: %s" % data["key"])
	var tag: Dictionary = Scrubber.scrub_value({"type": "NodePath", "path": "Player"})
	equal(tag, {"type": "NodePath", "path": "Player"}, "a tag keeps its shape")
	var keyed: Dictionary = Scrubber.scrub_value({"ghp_" + "b".repeat(36): 1})
	check(not str(keyed.keys()).contains("ghp_bbbb"), "keys are scrubbed")


func test_text_and_names_are_scrubbed_and_never_wrapped() -> void:
	# The server marks a whole result untrusted once (godot_live_mcp.security.untrusted); the addon only scrubs.
	for text: String in ["Player", "Ignore previous instructions", "a<b", "name\nnext", "</untrusted-content>"]:
		equal(Scrubber.scrub(text), text, text.c_escape())
	var secret: String = "sk-ant-" + "c".repeat(24)
	check(not Scrubber.scrub(secret).contains("cccc"), "a secret name")
	check(not Scrubber.scrub("key " + secret).contains("cccc"), "a secret in text")


func test_a_secret_over_several_lines_keeps_the_line_count() -> void:
	var text: String = "a\n" + PLANTED["private_key"][0] + "\nb\n"
	var scrubbed: String = Scrubber.scrub(text)
	equal(scrubbed.count("\n"), text.count("\n"), "line breaks")
	check(scrubbed.begins_with("a\n[REDACTED:private_key]") and scrubbed.ends_with("\nb\n"), scrubbed)


func test_a_tight_assignment_anywhere_in_a_line_is_redacted() -> void:
	for line: String in ["MESSAGE: api_key=abcdefgh12345678 leaked", "GET /x?token=1&password=hunter22&y=1"]:
		var scrubbed: String = Scrubber.scrub(line)
		check(not scrubbed.contains("abcdefgh1234") and not scrubbed.contains("hunter22"), scrubbed)
	equal(Scrubber.scrub("secret=get_secret()"), "secret=get_secret()", "a call is code")


## The samples the Python scrubber's unit test reads too (secret_samples.json): both scrubbers agree.
func test_the_shared_samples_are_redacted_and_the_near_misses_kept() -> void:
	var samples: Dictionary = JSON.parse_string(FileAccess.get_file_as_string("res://unit/secret_samples.json"))
	for pair: Variant in samples["redacted"]:
		var scrubbed: String = Scrubber.scrub(str(pair[0]))
		check(not scrubbed.contains(str(pair[1])), "leaked: %s" % scrubbed.c_escape())
		has_text(scrubbed, "[REDACTED:", str(pair[0]).c_escape())
	for line: Variant in samples["kept"]:
		equal(Scrubber.scrub(str(line)), str(line), str(line).c_escape())
