"""What the server does so that project content reaches the model as data, never as instructions."""

from godot_live_mcp.security.untrusted import envelope, is_plain_word, needs_envelope

__all__ = ["envelope", "is_plain_word", "needs_envelope"]
