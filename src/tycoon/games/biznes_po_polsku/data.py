"""Biznes po polsku component data, read from the TOML files in ``data/``.

The files say, entry by entry, what comes from the rulebook or the research facts
(``[source]``), what is worked out from them (``[derived]``) and what was designed here
(``[designed here]``, with a sentence why). This module turns them into typed, validated values.
Spaces are numbered 1 to 40 from START, as printed on the board (research 3.3).

Every number of a file, a track or a deck of one's own too, is a whole number from 0 to
1,000,000 złoty or things counted (``tycoon.core.datafiles.MOST``), but for ``RANGES``: a
space named (``number``, a card's ``space``) is 1 to 40, a card moves at most 39 ``steps``,
turns to wait (``wait``, ``turns``) are 0 to 10, a group's colour is three values 0 to 255,
and the bank's ``margin_percent`` is 0 to 100.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from tycoon.core.datafiles import DataError, parse

SPACE_KINDS = (
    "start",
    "profession",
    "police",
    "firm",
    "party",
    "los",
    "hospital",
    "dismissal",
    "post",
    "tax",
    "prison",
    "niespodzianka",
)
"""Every kind of track space."""

POSTS = ("councillor", "mp", "senator")
"""The political offices: city council member (RADNY), MP (POSEŁ), senator (SENATOR)."""

CARD_EFFECTS = (
    "receive",
    "pay",
    "collect",
    "pay_each",
    "repairs",
    "advance",
    "forward",
    "back",
    "go",
    "wait",
    "dismissal",
    "car_stolen",
    "insurance",
    "lose_mandate",
)
"""What a LOS or NIESPODZIANKA card can do (the data files explain each)."""

DECKS = ("los", "niespodzianka")
"""The two card stacks: LOS (chance) and NIESPODZIANKA (surprise)."""

SOURCE_TAGS = ("[source]", "[derived]", "[designed here]")


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the track. Fields that do not apply to its kind are 0 or empty."""

    number: int
    """1 to 40, from START, as printed."""
    kind: str
    """One of ``SPACE_KINDS``."""
    name: str
    """The Polish name printed on the board."""
    english: str
    """An English reading of the name."""
    group: str = ""
    """A firm's colour group."""
    cost: int = 0
    """A firm's founding cost or an office's campaign cost, in złoty."""
    investment: int = 0
    """A firm's price of one investment level element."""
    mortgage: int = 0
    """A firm's mortgage value."""
    fees: tuple[int, ...] = ()
    """A firm's fee without investment, then at investment levels 1 to 5."""
    salary: int = 0
    """A profession's salary, paid on passing or stopping on its space."""
    fee: int = 0
    """A profession's fee paid by others who stop there; the party's entry fee."""
    allowance: int = 0
    """An office's allowance (diety), paid on passing its space."""
    donation: int = 0
    """An office's donation paid by others who stop there."""
    unbought_fine: int = 0
    """MP space: what a non-member who stops on the unbought space pays to the bank."""
    support: int = 0
    """Party space: what a non-member who cannot join pays to the bank."""
    post: str = ""
    """An office space's office, one of ``POSTS``."""
    bonus: int = 0
    """START: the bonus for stopping on it."""
    fine: int = 0
    """Hospital and tax office: what stopping there costs."""
    wait: int = 0
    """Police station, hospital, prison: turns to wait."""
    source: str = ""

    def __str__(self) -> str:
        return f"{self.number} {self.name}"


@dataclass(frozen=True, slots=True)
class Card:
    """One LOS or NIESPODZIANKA card."""

    deck: str
    """``"los"`` or ``"niespodzianka"``."""
    number: int
    """Position in its data file, 0 to 29: the card's identity in records."""
    title: str
    """The card's text as printed, addressed to the player who draws it ("the BANK pays you 300 zł")."""
    effect: str
    """One of ``CARD_EFFECTS``."""
    amount: int = 0
    """Złoty for money effects; per brick for repairs."""
    pyramid: int = 0
    """Repairs: złoty per pyramid."""
    space: int = 0
    """advance / go: the target space."""
    steps: int = 0
    """forward / back: how many spaces."""
    turns: int = 0
    """wait: how many turns."""
    wait: int = 0
    """Turns to wait after another effect."""
    insurable: bool = False
    police: bool = False
    told: str = ""
    """The card as the narration tells it, in the third person, ``{seat}`` standing for the player
    who drew it ("Tax refund for last year - the BANK pays {seat} 300 zł"); the part before
    `` - `` also says what a payment is for. Optional: without it the printed text is quoted."""
    source: str = ""

    def told_for(self, seat: int) -> str:
        """What the card says, told of ``seat`` as ``seat N`` (a front end puts the name in)."""
        if self.told:
            return self.told.replace("{seat}", f"seat {seat}")
        return f"“{self.title}”"

    @property
    def why(self) -> str:
        """What a payment the card makes is for: the first part of ``told`` ("tax refund for
        last year"), or the card itself when that part names the player or is missing."""
        head, dash, _ = self.told.partition(" - ")
        if not dash or "{seat}" in head:
            head, dash, _ = self.title.partition(" - ")
            if not dash or re.search(r"\b(you|your)\b", head, re.IGNORECASE):
                return f"the {self.deck.upper()} card"
        first = head.split(" ", 1)[0]
        return head if first.isupper() and len(first) > 1 else head[0].lower() + head[1:]


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number of the game, the track and the two decks."""

    board: tuple[Space, ...]
    """The 40 spaces; ``board[n - 1]`` is space ``n``."""
    groups: dict[str, tuple[int, ...]]
    """Colour group → the space numbers of its firms, in track order."""
    group_colours: dict[str, tuple[int, int, int]]
    firms: tuple[int, ...]
    """The space numbers of the 23 firms."""
    professions: tuple[int, ...]
    """The space numbers of the 5 professions."""
    post_spaces: dict[str, int]
    """Office → its space number."""
    party_space: int
    los: tuple[Card, ...]
    niespodzianka: tuple[Card, ...]
    min_players: int
    max_players: int
    start_cash: int
    welfare: int
    welfare_cards: int
    car_price: int
    car_reach: int
    car_mortgage: int
    car_redeem_fee: int
    cars: int
    bricks: int
    pyramids: int
    levels: int
    margin_percent: int
    party_cards: int
    smallest_note: int
    """The smallest banknote: prices agreed between players and bids are multiples of it."""
    offers_per_turn: int
    """Trade offers a player may make before one roll."""
    min_raise: int
    """The least a bid at the bankruptcy auction beats the standing bid by."""
    default_rounds: int
    post_of: dict[int, str]
    """Office space number → its office (the inverse of ``post_spaces``)."""
    group_of: tuple[tuple[int, ...], ...]
    """Space number → the firms of its colour group (empty for a space that is no firm); index 0
    is unused."""
    redemptions: tuple[int, ...]
    """Space number → what redeeming the firm there costs (0 for a space that is no firm)."""

    def space(self, number: int) -> Space:
        return self.board[number - 1]

    def deck(self, name: str) -> tuple[Card, ...]:
        return self.los if name == "los" else self.niespodzianka

    def redemption(self, number: int) -> int:
        """What redeeming firm ``number`` costs: its mortgage value plus the bank's margin."""
        return self.redemptions[number]


DATA_FILES = ("board", "los", "niespodzianka")
"""The data files a game may replace with its own (the options of the same names): ``board.toml``,
``los.toml`` and ``niespodzianka.toml`` of ``data/``, in the same format."""


RANGES: dict[str, tuple[int, int]] = {
    "number": (1, 40),
    "space": (0, 40),
    "steps": (0, 39),
    "wait": (0, 10),
    "turns": (0, 10),
    "margin_percent": (0, 100),
}
"""The entries of the data files whose numbers have a narrower range than 0 to 1,000,000 (a
card's ``space`` is 0 where its effect names none)."""


def _load(name: str) -> dict[str, Any]:
    text = resources.files("tycoon.games.biznes_po_polsku").joinpath("data", name).read_text(encoding="utf-8")
    return parse(name, text, RANGES)


def _check_types(file: str, what: str, entry: Space | Card) -> None:
    """Refuse an entry whose value has the wrong type (``cost = "2800"``): a space or a card is
    built from the file's entries as they are."""
    for f in fields(entry):
        want = {"int": int, "str": str, "bool": bool}.get(str(f.type))
        value = getattr(entry, f.name)
        if want is not None and (type(value) is not want):
            kind = {"int": "a whole number", "str": "text", "bool": "true or false"}[str(f.type)]
            raise DataError(f"{file}: {what}: {f.name} must be {kind}, not {value!r}")


def _check_source(file: str, what: str, entry: dict[str, Any]) -> None:
    source = str(entry.get("source", ""))
    if not source.startswith(SOURCE_TAGS):
        raise DataError(
            f"{file}: {what} must say where it comes from: source = '[source] …', '[derived] …' or '[designed here] …'"
        )


def _space(entry: dict[str, Any]) -> Space:
    values = dict(entry)
    if "fees" in values:
        values["fees"] = tuple(int(x) for x in values["fees"])
    return Space(**values)


def _cards(deck: str, table: dict[str, Any]) -> tuple[Card, ...]:
    file = f"{deck}.toml"
    cards = []
    for i, c in enumerate(table["card"]):
        _check_source(file, f"card {i}", c)
        card = Card(deck=deck, number=i, **c)
        _check_types(file, f"card {i}", card)
        if card.effect not in CARD_EFFECTS:
            raise DataError(f"{file}: card {i} has unknown effect {card.effect!r}; known: {CARD_EFFECTS}")
        if card.effect in ("advance", "go") and not 1 <= card.space <= 40:
            raise DataError(f"{file}: card {i} must name a space 1 to 40")
        cards.append(card)
    return tuple(cards)


@cache
def rules() -> Rules:
    """The rules and components, loaded once."""
    return rules_with()


@lru_cache(maxsize=32)
def rules_with(board: str | None = None, los: str | None = None, niespodzianka: str | None = None) -> Rules:
    """The rules with the track and the decks replaced by the TOML texts given (``None``: the
    shipped file), each checked as the shipped ones are."""
    given = {"board": board, "los": los, "niespodzianka": niespodzianka}
    tables = {
        name: _load(f"{name}.toml") if text is None else parse(f"{name}.toml", text, RANGES)
        for name, text in given.items()
    }
    try:
        return _rules(_load("rules.toml"), tables["board"], tables["los"], tables["niespodzianka"])
    except DataError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        # A replaced file lacking an entry, holding one it should not or a value of the wrong type.
        names = [f"{name}.toml" for name, text in given.items() if text is not None]
        detail = f"lacks the entry {e}" if isinstance(e, KeyError) else str(e)
        raise DataError(f"{' or '.join(names) or 'data'}: {detail}") from None


def _rules(r: dict[str, Any], b: dict[str, Any], los: dict[str, Any], niespodzianka: dict[str, Any]) -> Rules:
    board = []
    for i, entry in enumerate(b["space"], 1):
        _check_source("board.toml", f"space {i}", entry)
        space = _space(entry)
        _check_types("board.toml", f"space {i}", space)
        if space.number != i or space.kind not in SPACE_KINDS:
            raise DataError(f"board.toml: space {i} is numbered {space.number} of kind {space.kind!r}")
        if space.kind == "firm" and (len(space.fees) != 6 or space.group not in b["groups"]):
            raise DataError(f"board.toml: firm {space} needs six fees and a known colour group")
        board.append(space)
    if len(board) != 40 or board[0].kind != "start":
        raise DataError("board.toml: the track has 40 spaces and START is space 1")
    groups = {g: tuple(s.number for s in board if s.kind == "firm" and s.group == g) for g in b["groups"]}
    posts = {s.post: s.number for s in board if s.kind == "post"}
    for g, c in b["groups"].items():
        if not (isinstance(c, list) and len(c) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in c)):
            raise DataError(f"board.toml: groups.{g} must be a colour: three whole numbers from 0 to 255, not {c!r}")
    margin = r["mortgage"]["margin_percent"]
    parties = [s.number for s in board if s.kind == "party"]
    if len(parties) != 1:
        raise DataError(f"board.toml: the track has one party space, not {len(parties)}")
    if sorted(posts) != sorted(POSTS):
        raise DataError(f"board.toml: the offices must be {POSTS}")
    return Rules(
        board=tuple(board),
        groups=groups,
        group_colours={g: (int(c[0]), int(c[1]), int(c[2])) for g, c in b["groups"].items()},
        firms=tuple(s.number for s in board if s.kind == "firm"),
        professions=tuple(s.number for s in board if s.kind == "profession"),
        post_spaces=posts,
        party_space=parties[0],
        los=_cards("los", los),
        niespodzianka=_cards("niespodzianka", niespodzianka),
        min_players=r["players"]["min"],
        max_players=r["players"]["max"],
        start_cash=r["money"]["start"],
        welfare=r["welfare"]["amount"],
        welfare_cards=r["welfare"]["cards"],
        car_price=r["car"]["price"],
        car_reach=r["car"]["reach"],
        car_mortgage=r["car"]["mortgage"],
        car_redeem_fee=r["car"]["redeem_fee"],
        cars=r["car"]["supply"],
        bricks=r["elements"]["bricks"],
        pyramids=r["elements"]["pyramids"],
        levels=r["elements"]["levels"],
        margin_percent=margin,
        party_cards=r["party"]["cards"],
        smallest_note=r["money"]["smallest_note"],
        offers_per_turn=r["trade"]["offers_per_turn"],
        min_raise=r["auction"]["min_raise"],
        default_rounds=r["game"]["default_rounds"],
        post_of={n: post for post, n in posts.items()},
        group_of=((), *(groups[s.group] if s.kind == "firm" else () for s in board)),
        redemptions=(0, *(s.mortgage + s.mortgage * margin // 100 for s in board)),
    )
