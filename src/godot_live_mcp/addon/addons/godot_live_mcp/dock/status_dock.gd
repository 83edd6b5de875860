@tool
extends VBoxContainer
## The MCP dock of a non-headless editor: the editor server's port and connected clients, the mode
## they run in, its last calls with their durations (the server passes them on in batches, once
## requests pause: transport/finished_calls.gd), the extensions waiting for the person to enable them,
## the extension catalog, and a button that copies the client configuration.

const EditorServer := preload("res://addons/godot_live_mcp/transport/editor_server.gd")
const WsTransport := preload("res://addons/godot_live_mcp/transport/ws_transport.gd")
const ClientConfig := preload("res://addons/godot_live_mcp/dock/client_config.gd")
const ExtensionConsentPanel := preload("res://addons/godot_live_mcp/dock/extension_consent_panel.gd")
const ExtensionCatalogPanel := preload("res://addons/godot_live_mcp/dock/extension_catalog_panel.gd")
const ExtensionLoader := preload("res://addons/godot_live_mcp/extensions/extension_loader.gd")

const TITLE := "MCP"
const CALLS_KEPT := 20
const REFRESH_S := 0.5
const COPIED_SHOWN_MS := 2000
const NOT_LISTENING := "Not listening: the Output panel says why"
const COPY_TEXT := "Copy client configuration"
const COPY_TIP := (
	"Copies the .mcp.json of Claude Code for this project (the server named godot, started as"
	+ " 'godot-live-mcp serve --project <this project>').\nThe command is looked up on PATH; for its absolute"
	+ " path or another client (Cursor, VS Code, Claude Desktop, ...) run 'godot-live-mcp configure <client>'"
	+ " in a terminal."
)
const READ_ONLY_TIP := (
	"On when every connected server runs read-only: it lists and runs only the tools that change nothing.\n"
	+ "The server decides this, not the editor: add --read-only to the args of its configuration (or set"
	+ " GODOT_MCP_READ_ONLY=1 for it) and restart the client to turn it on; remove it to turn it off."
)

var _server: EditorServer
var _status: Label = Label.new()
var _read_only: CheckButton = CheckButton.new()
var _clients: Label = Label.new()
var _version_gap: Label = Label.new()
var _calls: ItemList = ItemList.new()
var _copy: Button = Button.new()
var _timer: Timer = Timer.new()
var _copied_until_ms: int = 0
var _waiting: ExtensionConsentPanel
var _catalog: ExtensionCatalogPanel


func _init(server: EditorServer, extensions: ExtensionLoader) -> void:
	name = TITLE
	_server = server
	_waiting = ExtensionConsentPanel.new(extensions)
	_catalog = ExtensionCatalogPanel.new(extensions)
	_build()
	_server.call_finished.connect(_on_call_finished)
	_timer.timeout.connect(_refresh)
	_refresh()


## The copy button's action: the configuration goes to the clipboard.
func copy_configuration() -> void:
	DisplayServer.clipboard_set(ClientConfig.claude_code_json())
	_copy.text = "Copied"
	_copied_until_ms = Time.get_ticks_msec() + COPIED_SHOWN_MS


func _build() -> void:
	_status.name = "Status"
	_read_only.name = "ReadOnly"
	_read_only.text = "Read-only"
	_read_only.disabled = true
	_read_only.tooltip_text = READ_ONLY_TIP
	_clients.name = "Clients"
	_clients.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_version_gap.name = "VersionGap"
	_version_gap.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	_version_gap.add_theme_color_override("font_color", get_theme_color("warning_color", "Editor"))
	_calls.name = "Calls"
	_calls.size_flags_vertical = Control.SIZE_EXPAND_FILL
	_calls.custom_minimum_size = Vector2(0, 120 * EditorInterface.get_editor_scale())
	_calls.tooltip_text = "The last %d commands, newest first, with the time from request to answer." % CALLS_KEPT
	_copy.name = "CopyConfig"
	_copy.text = COPY_TEXT
	_copy.tooltip_text = COPY_TIP
	_copy.pressed.connect(copy_configuration)
	_timer.name = "Refresh"
	_timer.wait_time = REFRESH_S
	_timer.autostart = true
	var heading: Label = Label.new()
	heading.text = "Last calls"
	var rows: Array[Node] = [_status, _read_only, _clients, _version_gap, _waiting, _catalog, heading, _calls]
	for child: Node in rows + [_copy, _timer]:
		add_child(child)


func _refresh() -> void:
	var clients: Array[WsTransport.Greeting] = _server.clients()
	var port: int = _server.port()
	_status.text = "Listening on port %d, %s" % [port, _count(clients.size())] if port > 0 else NOT_LISTENING
	var read_only: int = clients.filter(func(client: WsTransport.Greeting) -> bool: return client.read_only).size()
	_read_only.set_pressed_no_signal(not clients.is_empty() and read_only == clients.size())
	var lines: PackedStringArray = PackedStringArray()
	for client: WsTransport.Greeting in clients:
		lines.append("%s%s" % [client.client, " (read-only)" if client.read_only else ""])
	_clients.text = "\n".join(lines)
	_clients.visible = not lines.is_empty()
	_version_gap.text = _server.version_gap()
	_version_gap.visible = not _version_gap.text.is_empty()
	_waiting.refresh()
	if _copied_until_ms != 0 and Time.get_ticks_msec() > _copied_until_ms:
		_copy.text = COPY_TEXT
		_copied_until_ms = 0


func _on_call_finished(method: String, duration_ms: float, succeeded: bool) -> void:
	var line: String = "%s  %s  %s" % [Time.get_time_string_from_system(), method.replace(".", "_"), _ms(duration_ms)]
	_calls.add_item(line if succeeded else line + "  failed")
	_calls.move_item(_calls.item_count - 1, 0)
	while _calls.item_count > CALLS_KEPT:
		_calls.remove_item(_calls.item_count - 1)


static func _count(clients: int) -> String:
	return "1 client connected" if clients == 1 else "%d clients connected" % clients


static func _ms(duration_ms: float) -> String:
	return "%.1f ms" % duration_ms if duration_ms < 1000.0 else "%.2f s" % (duration_ms / 1000.0)
