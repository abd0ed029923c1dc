"""Words as data: the catalogues of the four languages, and messages rendered from them.

The rules tell what happens in messages (``tycoon.core.messages``); the terminal, the page and
the reports render them here (the page with ``client/i18n.js``, from the same catalogues). One
catalogue a language, merged from the page's own texts and each registered game's (its spec's
``faces.messages``), read by Python and by the browser alike. Texts are a subset of ICU
MessageFormat (:mod:`tycoon.words.icu`); plurals by the CLDR rules and numbers by one rule a
language (:mod:`tycoon.words.numbers`). The design: docs/decisions/0038-words-as-data.md.

    >>> from tycoon.core.messages import Seat, msg
    >>> render(msg("seat.n", n=3))
    'Seat 3'
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping, Sequence
from functools import cache

from tycoon.core.errors import InvalidConfig
from tycoon.core.messages import Items, Message, Money, Param, Seat, Term, Text
from tycoon.core.registry import specs
from tycoon.core.spec import resource
from tycoon.words.icu import Arg, Choice, Hash, Node, TextError, parse, placeholders
from tycoon.words.numbers import LANGUAGES, format_number, join_list, plural_category, read_number

__all__ = [
    "LANGUAGES",
    "PAGE_TEXTS",
    "SeatNumber",
    "catalogue",
    "format_number",
    "has",
    "language_from_environment",
    "problems",
    "render",
]

log = logging.getLogger(__name__)

PAGE_TEXTS = "tycoon.server:client/messages"
"""The platform's own texts (the page's, and the few every game shares: ``seat.n``)."""

FALLBACK = "en"


class SeatNumber(str):
    """The words for a seat that has no name, as a front end has already written them ("Gracz
    1"), keeping its ``number``: given to a text as a name, a case form (``{name, case, gen}``)
    says the number again in that case ("gracza 1"), as it does for a :class:`Seat`."""

    number: int

    def __new__(cls, text: str, number: int) -> SeatNumber:
        made = super().__new__(cls, text)
        made.number = number
        return made


def catalogue(language: str) -> dict[str, str] | None:
    """The texts of ``language``: the platform's own, then every registered game's merged in
    (a key is the first one's, so that no game changes another's texts); ``None`` when no part
    has that language. Read once a process for each set of registered games."""
    sources = (("the platform", PAGE_TEXTS), *((g.id, g.faces.messages) for g in specs() if g.faces.messages))
    return _merged(language, sources)


@cache
def _merged(language: str, sources: tuple[tuple[str, str], ...]) -> dict[str, str] | None:
    merged: dict[str, str] = {}
    found = False
    for owner, folder in sources:
        try:
            texts = resource(folder).joinpath(f"{language}.json")
            given = json.loads(texts.read_text(encoding="utf-8")) if texts.is_file() else None
        except (ImportError, InvalidConfig, OSError, ValueError) as e:
            # One game's broken texts leave the others as they are.
            log.error("%s's texts %r cannot be read: %s", owner, folder, e)
            continue
        if not isinstance(given, dict):
            continue
        found = True
        for key, text in given.items():
            if key in merged:
                log.warning("%s's text %r is another's already; kept as it was", owner, key)
            elif isinstance(text, str):
                merged[key] = text
    return merged if found else None


def _parsed(language: str, key: str) -> tuple[Node, ...] | None:
    text = (catalogue(language) or {}).get(key)
    return None if text is None else _parse(language, key, text)


@cache
def _parse(language: str, key: str, text: str) -> tuple[Node, ...] | None:
    try:
        return parse(text)
    except TextError as e:
        log.error("the %s text of %r does not parse: %s", language, key, e)
        return None


def has(key: str, language: str = FALLBACK) -> bool:
    """Whether ``language``'s catalogue has ``key`` (no fallback)."""
    return key in (catalogue(language) or {})


def render(text: Text, language: str = FALLBACK, names: Sequence[str | int] | None = None) -> str:
    """``text`` as a reader of ``language`` reads it: a plain string as it is; a message from
    the catalogue, seats by ``names`` (``seat N`` in the language when none are given, ``Seat N``
    at the start). An entry of ``names`` is a seat's name, or the number by which the reader
    knows a seat that has none (the terminal counts from 1): that seat is the catalogue's
    ``seat N``. A key missing from the language is taken from English, and one missing there
    too is shown as the key with its parameters, never dropped."""
    if isinstance(text, str):
        return text
    renderer = _Renderer(language, names)
    rendered = renderer.message(text)
    if renderer.seat_first(text):
        # A sentence that begins with a seat no name is known for: "Seat 2 buys…" ("seat 2"
        # elsewhere). A player's name is written as the player gave it ("normal 2 buys…").
        return rendered[:1].upper() + rendered[1:]
    return rendered


def problems(text: Text, language: str = FALLBACK) -> list[str]:
    """What keeps ``text`` from rendering fully in ``language`` without falling back: a key
    missing from its catalogue (a message's or a term's, nested ones too), a text that does not
    parse, a parameter its text uses that the message does not give. Empty for a plain string."""
    found: list[str] = []
    if isinstance(text, Message):
        _problems(text, language, found)
    return found


def _problems(message: Message, language: str, found: list[str]) -> None:
    texts = catalogue(language) or {}
    if message.key not in texts:
        found.append(f"{message.key!r} is not in the {language} catalogue")
    else:
        nodes = _parsed(language, message.key)
        if nodes is None:
            found.append(f"the {language} text of {message.key!r} does not parse")
        else:
            missing = placeholders(nodes) - set(message.params)
            if missing:
                found.append(f"{message.key!r} uses {sorted(missing)} but the message gives {sorted(message.params)}")
    for value in message.params.values():
        _param_problems(value, language, found)


def _param_problems(value: Param, language: str, found: list[str]) -> None:
    if isinstance(value, Message):
        _problems(value, language, found)
    elif isinstance(value, Term):
        _problems(Message(value.key, {}), language, found)
    elif isinstance(value, Money):
        _problems(Message(value.unit, {"n": value.amount}), language, found)
    elif isinstance(value, Items):
        for item in value.items:
            _param_problems(item, language, found)
    elif isinstance(value, Seat) and not has("seat.n", language):
        found.append(f"'seat.n' is not in the {language} catalogue")


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the first set), if tycoon has it;
    English otherwise (``de_DE.UTF-8`` → ``de``; ``C`` or ``POSIX`` → ``en``)."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            code = value.split(".")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else FALLBACK
    return FALLBACK


class _Renderer:
    def __init__(self, language: str, names: Sequence[str | int] | None) -> None:
        self.language = language if language in LANGUAGES else FALLBACK
        self.names = names

    def nodes_of(self, key: str) -> tuple[Node, ...] | None:
        found = _parsed(self.language, key)
        if found is None and self.language != FALLBACK:
            found = _parsed(FALLBACK, key)
        return found

    def seat_first(self, message: Message) -> bool:
        """Whether ``message`` begins with a seat this renderer knows no name for."""
        nodes = self.nodes_of(message.key)
        if not nodes or not isinstance(nodes[0], Arg):
            return False
        first = message.params.get(nodes[0].name)
        return isinstance(first, Seat) and not isinstance(self.name_of(first.seat), str)

    def message(self, message: Message) -> str:
        nodes = self.nodes_of(message.key)
        if nodes is None:
            log.warning("no text for %r in %s or English", message.key, self.language)
            return str(message)
        return self.format(nodes, message.params, None)

    def format(self, nodes: tuple[Node, ...], params: dict[str, Param], counted: int | float | str | None) -> str:
        out: list[str] = []
        for node in nodes:
            if isinstance(node, str):
                out.append(node)
            elif isinstance(node, Arg):
                if node.name not in params:
                    out.append("{" + node.name + "}")
                elif node.case:
                    out.append(self.in_case(params[node.name], node.case))
                else:
                    out.append(self.param(params[node.name]))
            elif isinstance(node, Hash):
                if counted is None:
                    out.append("#")
                else:
                    out.append(counted if isinstance(counted, str) else format_number(counted, self.language))
            else:
                out.append(self.choice(node, params))
        return "".join(out)

    def choice(self, node: Choice, params: dict[str, Param]) -> str:
        value = params.get(node.name)
        if node.kind == "plural":
            given = value.amount if isinstance(value, Money) else value
            number: int | float | None = given if isinstance(given, (int, float)) else None
            shown: int | float | str | None = number
            if isinstance(given, str):
                # A number already written out ("1,000"), as the page's renderer takes it too:
                # read back for its plural form, shown as written.
                shown, number = given, read_number(given, self.language)
            if number is None or isinstance(number, bool):
                return self.format(node.branches["other"], params, shown)
            branch = node.branches.get(f"={number}")
            if branch is None:
                branch = node.branches.get(plural_category(number, self.language), node.branches["other"])
            return self.format(branch, params, shown)
        chosen = value if isinstance(value, str) else str(value)
        return self.format(node.branches.get(chosen, node.branches["other"]), params, None)

    def in_case(self, value: Param, case: str) -> str:
        """``value`` in the grammatical ``case`` (``{seat, case, gen}``): a seat by its name or
        its number as ``cli.name.named``/``cli.name.seat`` say it in that case ("gracza Anna",
        "gracza 2"); a plain string as a name; anything else as it is."""
        if isinstance(value, Seat):
            name = self.name_of(value.seat)
            if isinstance(name, str):
                return self.message(Message("cli.name.named", {"name": name, "case": case}))
            return self.message(Message("cli.name.seat", {"n": name, "case": case}))
        if isinstance(value, SeatNumber):
            return self.message(Message("cli.name.seat", {"n": value.number, "case": case}))
        if isinstance(value, str):
            return self.message(Message("cli.name.named", {"name": value, "case": case}))
        return self.param(value)

    def name_of(self, seat: int) -> str | int:
        """The name the reader knows ``seat`` by, or the number of a seat it has no name for."""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return seat

    def param(self, value: Param) -> str:
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            return format_number(value, self.language)
        if isinstance(value, str):
            return value
        if isinstance(value, Seat):
            name = self.name_of(value.seat)
            return name if isinstance(name, str) else self.message(Message("seat.n", {"n": name}))
        if isinstance(value, Term):
            return self.message(Message(value.key, {}))
        if isinstance(value, Money):
            return self.message(Message(value.unit, {"n": value.amount}))
        if isinstance(value, Items):
            return join_list([self.param(item) for item in value.items], self.language)
        return self.message(value)
