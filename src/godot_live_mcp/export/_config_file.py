"""Godot's ``ConfigFile`` text read by Godot's own rules (``core/variant/variant_parser.cpp``:
``parse_tag_assign_eof`` and ``get_token``), so the server sees exactly the sections and values the
engine will: a section starts at any ``[`` where a key could, quoted strings span lines and take
escapes, keys skip whitespace, ``;`` starts a comment, ``key=null`` erases a key. A StringName or
NodePath is read as its text (a path Godot would use as a string is checked like one). Where Godot would
garble a string (a character it cannot re-read as UTF-8), this parser refuses instead of guessing."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, auto

__all__ = ["ConfigParseError", "ConfigText", "Construct", "Value", "parse_config", "quoted"]


@dataclass(frozen=True)
class Construct:
    """A constructed value the export tools never read (``Vector2(...)``, ``Object(...)``), by name."""

    name: str


Value = str | bool | int | float | None | list["Value"] | dict[str, "Value"] | Construct


class ConfigParseError(ValueError):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


@dataclass
class ConfigText:
    """The sections as Godot holds them, and where each ``[section]`` tag starts (byte offsets)."""

    sections: dict[str, dict[str, Value]] = field(default_factory=dict)
    tags: list[tuple[str, int]] = field(default_factory=list)


class _Kind(Enum):
    PUNCT = auto()
    IDENTIFIER = auto()
    STRING = auto()
    NUMBER = auto()
    COLOR = auto()
    EOF = auto()


@dataclass(frozen=True)
class _Token:
    kind: _Kind
    value: Value = None


_PUNCT = set("{}[]():,.=")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
_HEX = set("0123456789abcdefABCDEF")
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


class _Parser:
    def __init__(self, data: bytes) -> None:
        self.chars = data.decode("latin-1")  # Godot reads the file byte by byte
        self.pos = 0
        self.eof = False
        self.saved = ""
        self.line = 1

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

    def _get(self) -> str:
        if self.pos >= len(self.chars):
            self.eof = True
            self.pos = len(self.chars) + 1
            return "\0"
        char = self.chars[self.pos]
        self.pos += 1
        return char

    def _next(self) -> str:
        if self.saved:
            char, self.saved = self.saved, ""
            return char
        return self._get()

    def _fail(self, reason: str) -> ConfigParseError:
        return ConfigParseError(self.line, reason)

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
                    if token.kind is not _Kind.STRING:
                        raise self._fail("Error reading quoted string")
                    what = str(token.value)
                elif char != "=":
                    what += char
                else:
                    return _Assign(what, self._value(self._token()))
            elif char == "\n":
                self.line += 1

    def _skip_comment(self) -> bool:
        while True:
            char = self._get()
            if self.eof:
                return False
            if char == "\n":
                self.line += 1
                return True

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
        trimmed = _utf8(name, self).strip("".join(chr(code) for code in range(33)))
        return _Tag(trimmed.replace("\\]", "]"), start)

    def _token(self) -> _Token:
        while True:
            char = self._next() if self.saved else self._get()
            if self.eof:
                return _Token(_Kind.EOF)
            if char == "\n":
                self.line += 1
            elif char == "\0":
                return _Token(_Kind.EOF)
            elif char in _PUNCT:
                return _Token(_Kind.PUNCT, char)
            elif char == ";":
                if not self._skip_comment():
                    return _Token(_Kind.EOF)
            elif char == "#":
                return self._color()
            elif char in "&@":
                if self._get() != '"':
                    raise self._fail("Expected '\"' after '&'")
                return self._string()
            elif char == '"':
                return self._string()
            elif ord(char) > 32:
                return self._word(char)

    def _color(self) -> _Token:
        text = "#"
        while True:
            char = self._get()
            if self.eof:
                return _Token(_Kind.EOF)
            if char not in _HEX:
                self.saved = char
                return _Token(_Kind.COLOR, Construct("Color(" + text + ")"))
            text += char

    def _string(self) -> _Token:
        text = ""
        while True:
            char = self._get()
            if char == "\0":
                raise self._fail("Unterminated string")
            if char == '"':
                return _Token(_Kind.STRING, _utf8(text, self))
            if char == "\\":
                text += self._escape()
            else:
                self.line += char == "\n"
                text += char

    def _escape(self) -> str:
        after = self._get()
        if after == "\0":
            raise self._fail("Unterminated string")
        if after in _ESCAPES:
            return _ESCAPES[after]
        if after not in "uU":
            return after
        digits = "".join(self._get() for _ in range(6 if after == "U" else 4))
        if len(digits) != (6 if after == "U" else 4) or any(digit not in _HEX for digit in digits):
            raise self._fail("Malformed hex constant in string")
        code = int(digits, 16)
        if code > 0xFF:  # Godot re-reads the string as Latin-1 bytes: it would garble this one
            raise self._fail(f"\\{after}{digits} is a character Godot garbles in a string")
        return chr(code)

    def _word(self, first: str) -> _Token:
        text, char = "", first
        if char == "-":
            text, char = "-", self._get()
        if char.isascii() and char.isdigit():
            return self._number(text, char)
        if char.isascii() and (char.isalpha() or char == "_"):
            while char.isascii() and (char.isalnum() or char == "_"):
                text += char
                char = self._get()
            self.saved = "" if char == "\0" and self.eof else char
            return _Token(_Kind.IDENTIFIER, text)
        raise self._fail("Unexpected character")

    def _number(self, text: str, char: str) -> _Token:
        state, exp_sign, exp_digits, is_float = "int", False, False, False
        while True:
            if state == "int":
                if char == ".":
                    state, is_float = "dec", True
                elif char in "eE":
                    state, is_float = "exp", True
                elif not (char.isascii() and char.isdigit()):
                    break
            elif state == "dec":
                if char in "eE":
                    state = "exp"
                elif not (char.isascii() and char.isdigit()):
                    break
            elif char.isascii() and char.isdigit():
                exp_digits = True
            elif char in "+-" and not exp_sign and not exp_digits:
                exp_sign = True
            else:
                break
            text += char
            char = self._get()
        self.saved = "" if char == "\0" and self.eof else char
        return _Token(_Kind.NUMBER, _to_number(text, is_float))

    def _value(self, token: _Token) -> Value:
        if token.kind is _Kind.PUNCT and token.value == "{":
            return self._dictionary()
        if token.kind is _Kind.PUNCT and token.value == "[":
            return self._array()
        if token.kind is _Kind.IDENTIFIER:
            return self._identified(str(token.value))
        if token.kind in (_Kind.NUMBER, _Kind.STRING, _Kind.COLOR):
            return token.value
        raise self._fail("Expected value")

    def _array(self) -> list[Value]:
        items: list[Value] = []
        need_comma = False
        while True:
            if self.eof:
                raise self._fail("Unexpected EOF while parsing array")
            token = self._token()
            if token == _Token(_Kind.PUNCT, "]"):
                return items
            if need_comma:
                if token != _Token(_Kind.PUNCT, ","):
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
            if token == _Token(_Kind.PUNCT, "}"):
                return found
            if need_comma:
                if token != _Token(_Kind.PUNCT, ","):
                    raise self._fail("Expected '}' or ','")
                need_comma = False
                continue
            key = self._value(token)
            if self._token() != _Token(_Kind.PUNCT, ":"):
                raise self._fail("Expected ':'")
            found[str(key)] = self._value(self._token())
            need_comma = True

    def _identified(self, name: str) -> Value:
        if name in _LITERALS:
            return _LITERALS[name]
        opening = self._token()
        if name in ("Array", "Dictionary") and opening == _Token(_Kind.PUNCT, "["):
            self._balanced("[")
            opening = self._token()
        if opening != _Token(_Kind.PUNCT, "("):
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
                if after == _Token(_Kind.PUNCT, ")"):
                    return items
                if after != _Token(_Kind.PUNCT, ","):
                    raise self._fail("Expected ',' or ')'")
            token = self._token()
            if token == _Token(_Kind.PUNCT, ")"):
                return items
            if token.kind is not _Kind.STRING:
                raise self._fail("Expected String")
            items.append(token.value)

    def _node_path(self) -> str:
        token = self._token()
        if token.kind is not _Kind.STRING or self._token() != _Token(_Kind.PUNCT, ")"):
            raise self._fail("Expected string as argument for NodePath()")
        return str(token.value)

    def _balanced(self, opening: str) -> None:
        """Every token up to the one closing ``opening`` (strings and comments are whole tokens)."""
        depth = [_CLOSING[opening]]
        while depth:
            token = self._token()
            if token.kind is _Kind.EOF:
                raise self._fail("Unexpected EOF in a constructor")
            if token.kind is _Kind.PUNCT and str(token.value) in _CLOSING:
                depth.append(_CLOSING[str(token.value)])
            elif token.kind is _Kind.PUNCT and token.value == depth[-1]:
                depth.pop()


@dataclass(frozen=True)
class _Tag:
    name: str
    start: int


@dataclass(frozen=True)
class _Assign:
    key: str
    value: Value


def _utf8(latin: str, parser: _Parser) -> str:
    try:
        return latin.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        raise parser._fail("text that is not UTF-8, which Godot garbles") from None


def _to_number(text: str, is_float: bool) -> int | float:
    try:
        return float(text) if is_float else int(text)
    except ValueError:
        return 0


def _set_value(sections: dict[str, dict[str, Value]], section: str, key: str, value: Value) -> None:
    """ConfigFile.set_value: null erases the key, and a section left empty goes with it."""
    if value is not None:
        sections.setdefault(section, {})[key] = value
        return
    if section in sections:
        sections[section].pop(key, None)
        if not sections[section]:
            del sections[section]
