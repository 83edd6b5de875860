"""A tool in one line, for discovery: a typed signature with required and optional arguments, enums and
defaults, then the first sentence of its description, e.g.
``tilemap_fill_rect(node_path: str, rect: dict, source: int, alternative?: int=0) -> cells. Fill ...``.
A model calls the tool from this line; the full input schema is one ``include_schemas`` away."""

from __future__ import annotations

import json
from collections.abc import Mapping

import mcp_types as types

from godot_live_mcp.bridge.jsonrpc import JsonValue

_TYPE_NAMES = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "object": "dict",
    "null": "null",
}
_ENUM_SHOWN = 6
_DEFAULT_SHOWN = 24
_SENTENCE_SHOWN = 90
_RETURNS_SHOWN = 2


def signature(tool: types.Tool) -> str:
    """``name(arguments) -> what it returns. First sentence.``"""
    schema = tool.input_schema
    properties = schema.get("properties")
    required = schema.get("required")
    needed = set(required) if isinstance(required, list) else set()
    arguments = properties if isinstance(properties, dict) else {}
    ordered = sorted(arguments, key=lambda name: name not in needed)  # required first, else as declared
    parts = [_argument(name, arguments[name], name in needed) for name in ordered]
    returns = _returns(tool.output_schema)
    head = f"{tool.name}({', '.join(parts)})" + (f" -> {returns}" if returns else "")
    sentence = first_sentence(tool.description or "")
    return f"{head}{'' if head.endswith('…') else '.'} {sentence}" if sentence else head


def first_sentence(text: str) -> str:
    """The description's first sentence, cut to a line's room."""
    line = " ".join(text.split())
    end = line.find(". ")
    sentence = line[: end + 1] if end >= 0 else line
    return sentence if len(sentence) <= _SENTENCE_SHOWN else sentence[: _SENTENCE_SHOWN - 1] + "…"


def _argument(name: str, schema: JsonValue, required: bool) -> str:
    spec = schema if isinstance(schema, dict) else {}
    text = f"{name}{'' if required else '?'}: {_type(spec)}"
    if "default" in spec:
        shown = json.dumps(_whole(spec["default"]), ensure_ascii=False, separators=(",", ":"))
        text += "=" + (shown if len(shown) <= _DEFAULT_SHOWN else "…")
    return text


def _whole(value: JsonValue) -> JsonValue:
    """Whole floats as ints (the addon's JSON writes 0 as 0.0): ``[0,0]``, not ``[0.0,0.0]``."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_whole(item) for item in value]
    return value


def _type(spec: Mapping[str, JsonValue]) -> str:
    enum = spec.get("enum")
    if isinstance(enum, list) and enum:
        values = [str(value) for value in enum[:_ENUM_SHOWN]]
        return "|".join(values) + ("|…" if len(enum) > _ENUM_SHOWN else "")
    kind = spec.get("type")
    if kind == "array":
        items = spec.get("items")
        return f"list[{_type(items)}]" if isinstance(items, dict) and items else "list"
    if isinstance(kind, list):
        return "|".join(_TYPE_NAMES.get(str(item), str(item)) for item in kind)
    if isinstance(kind, str):
        return _TYPE_NAMES.get(kind, kind)
    choices = spec.get("anyOf") or spec.get("oneOf")
    if isinstance(choices, list) and choices:
        return "|".join(_type(choice) for choice in choices if isinstance(choice, dict))
    return "any"


def _returns(output: Mapping[str, JsonValue] | None) -> str:
    """The names of what the result holds, the first two (``a, b, …``)."""
    properties = output.get("properties") if output else None
    if not isinstance(properties, dict) or not properties:
        return ""
    names = list(properties)
    return ", ".join(names[:_RETURNS_SHOWN]) + (", …" if len(names) > _RETURNS_SHOWN else "")
