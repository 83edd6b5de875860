"""The prompts: built-in recipes for common Godot tasks, and the project's own prompt files."""

from godot_live_mcp.server.prompts.builtin import BUILTIN_PROMPTS
from godot_live_mcp.server.prompts.library import PromptLibrary
from godot_live_mcp.server.prompts.template import (
    MissingArgumentError,
    PromptArgument,
    PromptTemplate,
    tool_calls,
)
from godot_live_mcp.server.prompts.user_files import PROMPTS_FOLDER, PromptFileError, read_prompt_file

__all__ = [
    "BUILTIN_PROMPTS",
    "PROMPTS_FOLDER",
    "MissingArgumentError",
    "PromptArgument",
    "PromptFileError",
    "PromptLibrary",
    "PromptTemplate",
    "read_prompt_file",
    "tool_calls",
]
