"""The catalogue's text format: a subset of ICU MessageFormat 1, parsed once, formatted often.

    {name}                                            the parameter, rendered
    {n, plural, =0 {…} one {…} few {…} many {…} other {…}}   by the CLDR plural category of n;
                                                      ``#`` in a branch is n, formatted
    {x, select, a {…} b {…} other {…}}                by the value of x
    {seat, case, gen}                                 x in a grammatical case (a seat:
                                                      ``cli.name.seat``/``cli.name.named``)

``{`` and ``}`` are always syntax, ``#`` only directly inside a plural branch; there is no
quoting (an apostrophe is plain text, as players write it). ``other`` is required in a plural
and a select. The browser's ``i18n.js`` reads the same subset (docs/decisions/0038-words-as-
data.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

__all__ = ["Arg", "Choice", "Hash", "Node", "TextError", "parse", "placeholders"]


class TextError(ValueError):
    """A catalogue text that does not parse: says where and what was expected."""


@dataclass(frozen=True)
class Arg:
    """``{name}``, or ``{name, case, gen}``: the parameter in a grammatical case (Polish "od
    gracza 2", "graczowi 2"), which the catalogue's ``cli.name.`` texts spell out."""

    name: str
    case: str = ""


@dataclass(frozen=True)
class Hash:
    """``#`` in a plural branch: the number the plural counts."""


@dataclass(frozen=True)
class Choice:
    """``{name, plural, …}`` or ``{name, select, …}``."""

    name: str
    kind: str
    branches: dict[str, tuple[Node, ...]]


Node: TypeAlias = "str | Arg | Hash | Choice"

KINDS = ("plural", "select")
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


def parse(text: str) -> tuple[Node, ...]:
    """The nodes of ``text``; :class:`TextError` saying where it goes wrong."""
    parser = _Parser(text)
    nodes = parser.nodes(in_plural=False, closing=False)
    return nodes


def placeholders(nodes: tuple[Node, ...]) -> set[str]:
    """Every parameter name the text uses, in branches too."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, Arg):
            found.add(node.name)
        elif isinstance(node, Choice):
            found.add(node.name)
            for branch in node.branches.values():
                found |= placeholders(branch)
    return found


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def fail(self, expected: str) -> TextError:
        near = self.text[self.at : self.at + 12] or "the end"
        return TextError(f"{self.text!r}: at {self.at} ({near!r}) expected {expected}")

    def nodes(self, in_plural: bool, closing: bool) -> tuple[Node, ...]:
        found: list[Node] = []
        plain: list[str] = []
        text = self.text
        while self.at < len(text):
            c = text[self.at]
            if c == "}":
                if not closing:
                    raise self.fail("text or '{' (a '}' closes nothing here)")
                break
            if c == "{":
                if plain:
                    found.append("".join(plain))
                    plain = []
                found.append(self.placeholder())
                continue
            if c == "#" and in_plural:
                if plain:
                    found.append("".join(plain))
                    plain = []
                found.append(Hash())
                self.at += 1
                continue
            plain.append(c)
            self.at += 1
        else:
            if closing:
                raise self.fail("'}' to close a branch")
        if plain:
            found.append("".join(plain))
        return tuple(found)

    def skip(self) -> None:
        while self.at < len(self.text) and self.text[self.at].isspace():
            self.at += 1

    def word(self, what: str) -> str:
        self.skip()
        start = self.at
        while self.at < len(self.text) and (self.text[self.at].isalnum() or self.text[self.at] in "_=.-"):
            self.at += 1
        if self.at == start:
            raise self.fail(what)
        return self.text[start : self.at]

    def expect(self, c: str) -> None:
        self.skip()
        if self.at >= len(self.text) or self.text[self.at] != c:
            raise self.fail(repr(c))
        self.at += 1

    def placeholder(self) -> Node:
        self.at += 1  # the "{"
        name = self.word("a parameter's name")
        self.skip()
        if self.at < len(self.text) and self.text[self.at] == "}":
            self.at += 1
            return Arg(name)
        self.expect(",")
        kind = self.word("'plural', 'select' or 'case'")
        if kind == "case":
            self.expect(",")
            case = self.word("a case's name")
            self.expect("}")
            return Arg(name, case)
        if kind not in KINDS:
            raise self.fail("'plural', 'select' or 'case'")
        self.expect(",")
        branches: dict[str, tuple[Node, ...]] = {}
        while True:
            self.skip()
            if self.at < len(self.text) and self.text[self.at] == "}":
                self.at += 1
                break
            key = self.word("a branch's name or '}'")
            if kind == "plural" and key not in PLURAL_CATEGORIES and not key[1:].isdigit():
                raise TextError(f"{self.text!r}: {key!r} is no plural category (one of {PLURAL_CATEGORIES} or =N)")
            if key in branches:
                raise TextError(f"{self.text!r}: the branch {key!r} comes twice")
            self.expect("{")
            branches[key] = self.nodes(in_plural=kind == "plural", closing=True)
            self.at += 1  # the "}" closing the branch
        if "other" not in branches:
            raise TextError(f"{self.text!r}: the {kind} of {name!r} has no 'other' branch")
        return Choice(name, kind, branches)
