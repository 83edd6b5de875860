"""Checking tool arguments against the tool's input schema before anything leaves the server.

One leniency, for clients that send lists and objects as JSON text: where the schema expects an
array or an object and a string arrives that parses to that type, the parsed value is used.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from jsonschema import ValidationError
from jsonschema.exceptions import best_match
from jsonschema.protocols import Validator
from jsonschema.validators import Draft202012Validator, validator_for

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server.schema_bounds import bounded_schema
from godot_live_mcp.server.suggestions import did_you_mean

_MAX_COERCIONS = 32
_PARSED_TYPES: dict[str, type] = {"array": list, "object": dict}
_JSON_TYPE_NAMES: dict[type, str] = {
    dict: "object",
    list: "array",
    str: "string",
    bool: "boolean",
    int: "integer",
    float: "number",
    type(None): "null",
}
GENERIC_HINT = (
    "Check the tool's inputSchema (tools/list, or discover_tools with include_schemas) for the arguments."
)


class ArgumentValidator:
    """The compiled input schema of one tool."""

    def __init__(self, schema: Mapping[str, JsonValue], *, trusted: bool = False) -> None:
        """Raises ``jsonschema.SchemaError`` when the schema itself is invalid. A ``trusted`` schema (the
        toolkit's own: the engine tests check every one) is not checked again here: the check of 229
        schemas against the metaschema took 0.9 s of every session's first list. Every number is
        checked within safe bounds too, published or not (``schema_bounds``)."""
        cls = validator_for(schema, default=Draft202012Validator)
        if not trusted:
            cls.check_schema(dict(schema))
        self._validator: Validator = cls(bounded_schema(dict(schema)))

    def validate(self, tool: str, arguments: Mapping[str, Any] | None) -> JsonObject:
        """The arguments to send (JSON text leniency applied); raises ``ToolError`` ``INVALID_PARAMS``."""
        values: JsonObject = dict(arguments or {})
        copied = False
        for _ in range(_MAX_COERCIONS):
            errors = list(self._validator.iter_errors(values))
            if not errors:
                return values
            fix = next((fix for error in errors for fix in _json_text_fixes(error)), None)
            if fix is None:
                raise invalid_params(tool, _pick(errors))
            if not copied:
                values, copied = copy.deepcopy(values), True
            _set_at(values, fix[0], fix[1])
        raise invalid_params(tool, _pick(list(self._validator.iter_errors(values))))


def _pick(errors: Sequence[ValidationError]) -> ValidationError:
    best: ValidationError | None = best_match(errors)
    assert best is not None  # errors is never empty here
    return best


def _json_text_fixes(error: ValidationError) -> Iterator[tuple[Sequence[str | int], JsonValue]]:
    """(path, parsed value) for each string that should have been an array or object."""
    if error.validator == "type" and isinstance(error.instance, str):
        expected = (
            error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        )
        wanted = tuple(_PARSED_TYPES[name] for name in expected if name in _PARSED_TYPES)
        if wanted:
            try:
                parsed: JsonValue = json.loads(error.instance)
            except json.JSONDecodeError:
                parsed = None
            if isinstance(parsed, wanted):
                yield list(error.absolute_path), parsed
    for sub_error in error.context or ():
        yield from _json_text_fixes(sub_error)


def _set_at(values: JsonObject, path: Sequence[str | int], value: JsonValue) -> None:
    target: Any = values
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


def invalid_params(tool: str, error: ValidationError) -> ToolError:
    """The ``INVALID_PARAMS`` error for ``error``, naming the JSON pointer and what was expected; the
    hint fits the error (an unknown argument gets the names the tool takes, not a value's hint)."""
    path = [str(part) for part in error.absolute_path]
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        return _unknown_argument(tool, path, error)
    if error.validator == "required" and isinstance(error.instance, dict):
        required = error.validator_value if isinstance(error.validator_value, list) else []
        missing = [name for name in required if name not in error.instance]
        path.append(missing[0] if missing else "")
        hint = _missing_hint(error, missing)
        return ToolError(ErrorCode.INVALID_PARAMS, f"{tool}: {json_pointer(path)} is required.", hint)
    if error.validator == "type":
        expected = error.validator_value
        expected_text = " or ".join(expected) if isinstance(expected, list) else str(expected)
        detail = f"must be {expected_text}, got {_json_type(error.instance)} {_short(error.instance)}"
    else:
        detail = f"is invalid: {error.message}"
    hint = _bound_hint(error) or _choice_hint(error) or _hint_for(path)
    return ToolError(ErrorCode.INVALID_PARAMS, f"{tool}: {json_pointer(path)} {detail}.", hint)


def _choice_hint(error: ValidationError) -> str:
    """For a value outside an enum, the values it may take (not where to look values up)."""
    if error.validator != "enum" or not isinstance(error.validator_value, list):
        return ""
    return f"Pass one of: {', '.join(json.dumps(value) for value in error.validator_value)}."


_BOUNDS: dict[str, tuple[str, str, str]] = {
    "minimum": ("minimum", "maximum", ""),
    "maximum": ("minimum", "maximum", ""),
    "exclusiveMinimum": ("minimum", "maximum", ""),
    "exclusiveMaximum": ("minimum", "maximum", ""),
    "minLength": ("minLength", "maxLength", " characters long"),
    "maxLength": ("minLength", "maxLength", " characters long"),
    "minItems": ("minItems", "maxItems", " items long"),
    "maxItems": ("minItems", "maxItems", " items long"),
}


def _plain(bound: object) -> object:
    """5.0 as 5: bounds read as a person writes them."""
    return int(bound) if isinstance(bound, float) and bound.is_integer() else bound


def _bound_hint(error: ValidationError) -> str:
    """For a value outside its bounds, the hint naming them ("Pass a value from 1 to 1024.")."""
    keys = _BOUNDS.get(str(error.validator))
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if keys is None:
        return ""
    low, high = _plain(schema.get(keys[0])), _plain(schema.get(keys[1]))
    if low is not None and high is not None:
        allowed = f"from {low} to {high}"
    else:
        allowed = f"at least {low}" if low is not None else f"at most {high}"
    return f"Pass a value {allowed}{keys[2]}."


def _missing_hint(error: ValidationError, missing: Sequence[str]) -> str:
    """For a missing argument, what to pass (its schema's description), not where to look up a value."""
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    properties = schema.get("properties", {})
    described = [
        f"{name} ({properties[name].get('description', properties[name].get('type', 'a value'))})"
        if isinstance(properties.get(name), Mapping)
        else name
        for name in missing
    ]
    return f"Pass {' and '.join(described)}." if described else GENERIC_HINT


def _unknown_argument(tool: str, path: list[str], error: ValidationError) -> ToolError:
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    allowed = sorted(schema.get("properties", {}))
    given = error.instance if isinstance(error.instance, dict) else {}
    extra = sorted(set(given) - set(allowed))
    wrong = extra[0] if extra else ""
    owner = f"an argument of {tool}" if not path else f"a field of {json_pointer(path)}"
    takes = ", ".join(allowed) or "nothing"
    return ToolError(
        ErrorCode.INVALID_PARAMS,
        f"{tool}: {json_pointer([*path, wrong])} is not {owner} (it takes: {takes}).",
        did_you_mean(wrong, allowed)
        + f"Use only those names; {tool}'s inputSchema (tools/list, or discover_tools with "
        + "include_schemas) describes each.",
    )


def json_pointer(path: Sequence[str]) -> str:
    """RFC 6901 pointer of ``path`` (``/`` alone for the whole arguments object)."""
    return "/" + "/".join(part.replace("~", "~0").replace("/", "~1") for part in path)


def _hint_for(path: Sequence[str]) -> str:
    names = [part for part in reversed(path) if not part.isdigit()]
    return CONTRACT.param_hints.get(names[0], GENERIC_HINT) if names else GENERIC_HINT


def _json_type(value: object) -> str:
    return _JSON_TYPE_NAMES.get(type(value), type(value).__name__)


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "..."
