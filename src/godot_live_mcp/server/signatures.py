"""A tool in one line, for discovery: a typed signature with required and optional arguments, enums and
defaults, then the first sentence of its description, e.g.
``tilemap_fill_rect(node_path: str, rect: dict, source: int, alternative?: int=0). Fill ...``.
A line stays within ``LINE_BUDGET`` characters: the required arguments and the sentence always stand,
the optional ones as many as fit (``+3 more`` counts the others). A model calls the tool from this
line; the full input schema is one ``include_schemas`` away."""

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
LINE_BUDGET = 200
# Optional arguments many tools share, with one meaning everywhere: shown after a tool's own.
SHARED_ARGUMENTS = ("scene", "if_exists", "offset", "limit", "detail")
_ENUM_SHOWN = 6
_DEFAULT_SHOWN = 24
_SENTENCE_SHOWN = 90


def signature(tool: types.Tool) -> str:
    """``name(arguments). First sentence.``"""
    schema = tool.input_schema
    properties = schema.get("properties")
    required = schema.get("required")
    needed = set(required) if isinstance(required, list) else set()
    arguments = properties if isinstance(properties, dict) else {}
    sentence = first_sentence(tool.description or "")
    head = [_argument(name, arguments[name], True) for name in arguments if name in needed]
    rest = [name for name in arguments if name not in needed]
    rest.sort(key=lambda name: name in SHARED_ARGUMENTS)  # stable: each side as declared
    optional = [_argument(name, arguments[name], False) for name in rest]
    room = LINE_BUDGET - len(tool.name) - len(sentence) - len("(). ")
    call = f"{tool.name}({', '.join(_fitting(head, optional, room))})"
    return f"{call}. {sentence}" if sentence else call


def _fitting(head: list[str], optional: list[str], room: int) -> list[str]:
    """``head``, then the ``optional`` arguments that fit in ``room`` characters, in order; the others
    counted (``+2 more``)."""
    shown, left = list(head), 0
    marker = len(f", +{len(optional)} more")
    for part in optional:
        if len(", ".join([*shown, part])) + marker <= room:
            shown.append(part)
        else:
            left += 1
    return [*shown, f"+{left} more"] if left else shown


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
