"""The tokens of Godot's Variant text (``core/variant/variant_parser.cpp``, ``get_token``), read byte by
byte as the engine reads a file: punctuation, identifiers, numbers, colors, and strings that span lines,
hold escapes and are then re-read as UTF-8 (a string Godot would garble is refused here)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto

__all__ = ["ConfigParseError", "Construct", "Kind", "Lexer", "Token", "Value", "utf8"]


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


class Kind(Enum):
    PUNCT = auto()
    IDENTIFIER = auto()
    STRING = auto()
    NUMBER = auto()
    COLOR = auto()
    EOF = auto()


@dataclass(frozen=True)
class Token:
    kind: Kind
    value: Value = None


_PUNCT = set("{}[]():,.=")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r"}
_HEX = set("0123456789abcdefABCDEF")


class Lexer:
    def __init__(self, data: bytes) -> None:
        self.chars = data.decode("latin-1")  # Godot reads the file byte by byte
        self.pos = 0
        self.eof = False
        self.saved = ""
        self.line = 1

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

    def _skip_comment(self) -> bool:
        while True:
            char = self._get()
            if self.eof:
                return False
            if char == "\n":
                self.line += 1
                return True

    def _token(self) -> Token:
        while True:
            char = self._next() if self.saved else self._get()
            if self.eof:
                return Token(Kind.EOF)
            if char == "\n":
                self.line += 1
            elif char == "\0":
                return Token(Kind.EOF)
            elif char in _PUNCT:
                return Token(Kind.PUNCT, char)
            elif char == ";":
                if not self._skip_comment():
                    return Token(Kind.EOF)
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

    def _color(self) -> Token:
        text = "#"
        while True:
            char = self._get()
            if self.eof:
                return Token(Kind.EOF)
            if char not in _HEX:
                self.saved = char
                return Token(Kind.COLOR, Construct("Color(" + text + ")"))
            text += char

    def _string(self) -> Token:
        text = ""
        while True:
            char = self._get()
            if char == "\0":
                raise self._fail("Unterminated string")
            if char == '"':
                return Token(Kind.STRING, utf8(text, self))
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

    def _word(self, first: str) -> Token:
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
            return Token(Kind.IDENTIFIER, text)
        raise self._fail("Unexpected character")

    def _number(self, text: str, char: str) -> Token:
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
        return Token(Kind.NUMBER, _to_number(text, is_float))


def utf8(latin: str, parser: Lexer) -> str:
    try:
        return latin.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        raise parser._fail("text that is not UTF-8, which Godot garbles") from None


def _to_number(text: str, is_float: bool) -> int | float:
    try:
        return float(text) if is_float else int(text)
    except ValueError:
        return 0
