"""Talking to Godot: JSON-RPC framing, the auth handshake, the one connection to a peer (an editor or
the game it runs), the typed command reply, the link keeping the editor and the link to its game."""
