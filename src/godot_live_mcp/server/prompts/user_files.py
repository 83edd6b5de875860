"""Prompts a project adds as files: ``<project>/.godot-live-mcp/prompts/<name>.md``.

The file name is the prompt's name. YAML front matter between ``---`` lines describes it::

    ---
    title: Add an enemy
    description: Add an enemy of a kind to a level.
    arguments:
      - name: scene
        description: res:// path of the level.
        required: true
    ---
    Add a {{kind}} enemy to {{scene}} with scene_instantiate(path=..., scene="{{scene}}").
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import yaml

from godot_live_mcp.regular_files import CONFIG_CAP, read_regular_text
from godot_live_mcp.server.prompts.template import NAME_RULE, PromptArgument, PromptTemplate

logger = logging.getLogger(__name__)

PROMPTS_FOLDER = Path(".godot-live-mcp") / "prompts"
_FENCE = "---"


class PromptFileError(ValueError):
    """A prompt file that cannot be read as a prompt; the message says what to fix."""


def project_prompts(project: Path) -> list[PromptTemplate]:
    """The readable prompt files of ``project``, by name; unreadable ones are logged and skipped."""
    folder = project / PROMPTS_FOLDER
    if not folder.is_dir():
        return []
    prompts = []
    for path in sorted(folder.glob("*.md")):
        try:
            prompts.append(read_prompt_file(path, inside=project))
        except (OSError, PromptFileError) as error:
            logger.warning("skipping the prompt file %s: %s", path, error)
    return prompts


def read_prompt_file(path: Path, inside: Path | None = None) -> PromptTemplate:
    """A prompt file: a regular file (within ``inside``, links resolved) of at most ``CONFIG_CAP``."""
    name = path.stem
    if not NAME_RULE.match(name):
        raise PromptFileError(f"{name!r} is not a prompt name: use lower-case letters, digits, '-', '_', '.'")
    front, body = split_front_matter(read_regular_text(path, inside=inside, cap=CONFIG_CAP))
    return PromptTemplate(
        name=name,
        title=_text(front, "title"),
        description=_text(front, "description"),
        arguments=tuple(_argument(item) for item in _list(front, "arguments")),
        text=body.strip(),
        source=str(path),
    )


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """(front matter, body); a file without front matter is all body."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != _FENCE:
        return {}, text
    for index, line in enumerate(lines[1:], start=1):
        if line.strip() == _FENCE:
            return _mapping("".join(lines[1:index])), "".join(lines[index + 1 :])
    raise PromptFileError("the front matter has no closing '---' line")


def _mapping(source: str) -> dict[str, Any]:
    try:
        data = yaml.safe_load(source)
    except yaml.YAMLError as error:
        raise PromptFileError(f"the front matter is not valid YAML: {error}") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise PromptFileError("the front matter must be a mapping (key: value lines)")
    return data


def _text(front: dict[str, Any], key: str) -> str:
    value = front.get(key, "")
    if not isinstance(value, str):
        raise PromptFileError(f"{key} must be text")
    return value.strip()


def _list(front: dict[str, Any], key: str) -> list[Any]:
    value = front.get(key) or []
    if not isinstance(value, list):
        raise PromptFileError(f"{key} must be a list")
    return value


def _argument(item: Any) -> PromptArgument:
    if isinstance(item, str):
        return PromptArgument(item, "")
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        raise PromptFileError("each argument needs a name (- name: scene)")
    return PromptArgument(
        name=item["name"],
        description=str(item.get("description", "")),
        required=bool(item.get("required", True)),
    )
