"""Godot's ``ConfigFile`` text read by Godot's own rules (``core/variant/variant_parser.cpp``:
``parse_tag_assign_eof`` and ``get_token``), so the server sees exactly the sections and values the
engine will: a section starts at any ``[`` where a key could, quoted strings span lines and take
escapes, keys skip whitespace, ``;`` starts a comment, ``key=null`` erases a key. A StringName or
NodePath is read as its text (a path Godot would use as a string is checked like one). Where Godot would
garble a string (a character it cannot re-read as UTF-8), this parser refuses instead of guessing."""

from __future__ import annotations

from dataclasses import dataclass, field

from godot_live_mcp.export._config_tokens import ConfigParseError, Construct, Kind, Lexer, Token, Value, utf8

__all__ = ["ConfigParseError", "ConfigText", "Construct", "Value", "parse_config", "quoted"]


@dataclass
class ConfigText:
    """The sections as Godot holds them, and where each ``[section]`` tag starts (byte offsets)."""

    sections: dict[str, dict[str, Value]] = field(default_factory=dict)
    tags: list[tuple[str, int]] = field(default_factory=list)


_LITERALS: dict[str, Value] = {
    "true": True,
    "false": False,
    "null": None,
    "nil": None,
    "inf": float("inf"),
    "-inf": float("-inf"),
    "inf_neg": float("-inf"),
    "nan": float("nan"),
}
_CLOSING = {"(": ")", "[": "]", "{": "}"}


def parse_config(data: bytes) -> ConfigText:
    """The sections of ``data``; ``ConfigParseError`` where Godot's parser fails (then the engine loads
    nothing from the file) or would garble a string."""
    return _Parser(data).run()


def quoted(text: str) -> str:
    """``text`` as a ConfigFile string literal that reads back as ``text`` (no raw control character)."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    for raw, letter in (("\n", "n"), ("\r", "r"), ("\t", "t"), ("\b", "b"), ("\f", "f")):
        escaped = escaped.replace(raw, "\\" + letter)
    if any(ord(char) < 32 or ord(char) == 127 for char in escaped):
        raise ValueError("control characters are refused before a value is written")
    return '"' + escaped + '"'


class _Parser(Lexer):
    def run(self) -> ConfigText:
        config = ConfigText()
        section = ""
        while True:
            entry = self._entry()
            if entry is None:
                return config
            if isinstance(entry, _Tag):
                section = entry.name
                config.tags.append((entry.name, entry.start))
            else:
                _set_value(config.sections, section, entry.key, entry.value)

    def _entry(self) -> _Tag | _Assign | None:
        """One tag or ``key=value`` (parse_tag_assign_eof); None at the end of the file."""
        what = ""
        while True:
            char = self._next()
            if self.eof:
                return None
            if char == ";":
                if not self._skip_comment():
                    return None
            elif char == "[" and not what:
                return self._tag(self.pos - 1)
            elif ord(char) > 32:
                if char == '"':
                    self.saved = '"'
                    token = self._token()
                    if token.kind is not Kind.STRING:
                        raise self._fail("Error reading quoted string")
                    what = str(token.value)
                elif char != "=":
                    what += char
                else:
                    return _Assign(what, self._value(self._token()))
            elif char == "\n":
                self.line += 1

    def _tag(self, start: int) -> _Tag:
        """A simple tag: every byte up to the first ``]`` not after a backslash, trimmed."""
        name, escaping = "", False
        while True:
            char = self._get()
            if self.eof:
                raise self._fail("Unexpected EOF while parsing simple tag")
            if char == "]" and not escaping:
                break
            escaping = char == "\\"
            name += char
        trimmed = utf8(name, self).strip("".join(chr(code) for code in range(33)))
        return _Tag(trimmed.replace("\\]", "]"), start)

    def _value(self, token: Token) -> Value:
        if token.kind is Kind.PUNCT and token.value == "{":
            return self._dictionary()
        if token.kind is Kind.PUNCT and token.value == "[":
            return self._array()
        if token.kind is Kind.IDENTIFIER:
            return self._identified(str(token.value))
        if token.kind in (Kind.NUMBER, Kind.STRING, Kind.COLOR):
            return token.value
        raise self._fail("Expected value")

    def _array(self) -> list[Value]:
        items: list[Value] = []
        need_comma = False
        while True:
            if self.eof:
                raise self._fail("Unexpected EOF while parsing array")
            token = self._token()
            if token == Token(Kind.PUNCT, "]"):
                return items
            if need_comma:
                if token != Token(Kind.PUNCT, ","):
                    raise self._fail("Expected ','")
                need_comma = False
                continue
            items.append(self._value(token))
            need_comma = True

    def _dictionary(self) -> dict[str, Value]:
        found: dict[str, Value] = {}
        need_comma = False
        while True:
            if self.eof:
                raise self._fail("Unexpected EOF while parsing dictionary")
            token = self._token()
            if token == Token(Kind.PUNCT, "}"):
                return found
            if need_comma:
                if token != Token(Kind.PUNCT, ","):
                    raise self._fail("Expected '}' or ','")
                need_comma = False
                continue
            key = self._value(token)
            if self._token() != Token(Kind.PUNCT, ":"):
                raise self._fail("Expected ':'")
            found[str(key)] = self._value(self._token())
            need_comma = True

    def _identified(self, name: str) -> Value:
        if name in _LITERALS:
            return _LITERALS[name]
        opening = self._token()
        if name in ("Array", "Dictionary") and opening == Token(Kind.PUNCT, "["):
            self._balanced("[")
            opening = self._token()
        if opening != Token(Kind.PUNCT, "("):
            raise self._fail(f"Unexpected identifier '{name}'")
        if name == "PackedStringArray":
            return self._string_array()
        if name == "NodePath":  # read as its text: Godot turns it into a path string where one is wanted
            return self._node_path()
        self._balanced("(")
        return Construct(name)

    def _string_array(self) -> list[Value]:
        items: list[Value] = []
        while True:
            if items:
                after = self._token()
                if after == Token(Kind.PUNCT, ")"):
                    return items
                if after != Token(Kind.PUNCT, ","):
                    raise self._fail("Expected ',' or ')'")
            token = self._token()
            if token == Token(Kind.PUNCT, ")"):
                return items
            if token.kind is not Kind.STRING:
                raise self._fail("Expected String")
            items.append(token.value)

    def _node_path(self) -> str:
        token = self._token()
        if token.kind is not Kind.STRING or self._token() != Token(Kind.PUNCT, ")"):
            raise self._fail("Expected string as argument for NodePath()")
        return str(token.value)

    def _balanced(self, opening: str) -> None:
        """Every token up to the one closing ``opening`` (strings and comments are whole tokens)."""
        depth = [_CLOSING[opening]]
        while depth:
            token = self._token()
            if token.kind is Kind.EOF:
                raise self._fail("Unexpected EOF in a constructor")
            if token.kind is Kind.PUNCT and str(token.value) in _CLOSING:
                depth.append(_CLOSING[str(token.value)])
            elif token.kind is Kind.PUNCT and token.value == depth[-1]:
                depth.pop()


@dataclass(frozen=True)
class _Tag:
    name: str
    start: int


@dataclass(frozen=True)
class _Assign:
    key: str
    value: Value


def _set_value(sections: dict[str, dict[str, Value]], section: str, key: str, value: Value) -> None:
    """ConfigFile.set_value: null erases the key, and a section left empty goes with it."""
    if value is not None:
        sections.setdefault(section, {})[key] = value
        return
    if section in sections:
        sections[section].pop(key, None)
        if not sections[section]:
            del sections[section]
