"""The bodies of the API's requests, read into typed values: every check of what a client
sent, and the message saying what was wrong and what would be right, in one place. What
needs the database (the table a ``same_deal_as`` names, its host token) is checked by the hub.
See docs/protocol.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tycoon.core.errors import InvalidConfig
from tycoon.core.registry import load, registered, spec
from tycoon.server.bots import UnknownAgent, check_kind
from tycoon.server.clocks import ClockRule
from tycoon.server.guard import clean_name

MAX_COPIES = 30
"""The most tables one request may set up with the same deal."""

SEAT_KINDS = ("human", "bot", "open")
"""A seat is for a person, for a bot, or open for whoever joins."""

_SEAT_FIELDS = {"human": {"kind", "name"}, "bot": {"kind", "bot", "name"}, "open": {"kind"}}

_NEW_TABLE_FIELDS = (
    "autostart",
    "clock",
    "copies",
    "game",
    "host_seat",
    "listed",
    "options",
    "replace_after",
    "same_deal_as",
    "seats",
    "stand_in",
)


class RequestError(Exception):
    """A request the API refuses: the HTTP status, a code and a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """One seat of a table to set up."""

    kind: str
    """``human``, ``bot`` or ``open``."""
    name: str | None
    """The name shown to the others (none for an open seat)."""
    bot: str | None = None
    """The bot's kind, for a bot's seat."""

    def to_row(self) -> dict[str, Any]:
        """The seat as the table's row holds it (a person's token is added by the hub)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind == "bot":
            out["bot"] = self.bot
        out["name"] = self.name
        return out


@dataclass(frozen=True, slots=True)
class DealRef:
    """``same_deal_as``: the table whose deal (seed of chance) a new table shares."""

    table: str
    host_token: object
    """What the request says is that table's host token (the hub checks it)."""


@dataclass(frozen=True, slots=True)
class NewTable:
    """A ``POST /api/tables`` body."""

    game: str
    options: dict[str, Any]
    seats: tuple[SeatPlan, ...]
    clock: ClockRule | None
    replace_after: int | float | None
    """Seconds a person may be away before a bot stands in; none: never."""
    stand_in: str | None
    """The kind of bot that stands in (none: the game's default)."""
    listed: bool
    """Whether the lobby lists the table while a seat is open."""
    autostart: bool
    """Whether the game starts once no seat is open."""
    copies: int
    """How many tables, sharing one deal."""
    host_seat: int | None
    """The seat whose link carries the host's token too."""
    same_deal_as: DealRef | None

    def settings(self) -> dict[str, Any]:
        """The table's settings, as its row holds them."""
        return {
            "clock": self.clock.to_json() if self.clock else None,
            "replace_after": self.replace_after,
            "stand_in": self.stand_in,
            "listed": self.listed,
            "autostart": self.autostart,
        }


@dataclass(frozen=True, slots=True)
class Join:
    """A ``POST /api/tables/{id}/join`` body (anything but an object is an empty one)."""

    name: str
    """The name to show ("" for the seat's default)."""
    seat: int | None
    """The seat wanted, or the first open one."""


@dataclass(frozen=True, slots=True)
class SeatBot:
    """A ``POST /api/tables/{id}/seats/{seat}/bot`` body."""

    bot: str | None
    """The kind of bot to seat, or none to give the seat back."""


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def bot_kind(game_id: str, kind: object) -> str:
    """``kind`` if it names a bot ``game_id`` can seat; :class:`RequestError` otherwise."""
    if not isinstance(kind, str) or not kind or len(kind) > 40:
        raise RequestError(400, "bad-bot", f"a bot is named by its kind, a word; not {kind!r}")
    try:
        check_kind(game_id, kind)
    except (UnknownAgent, ValueError) as e:
        raise RequestError(400, "bad-bot", str(e)) from None
    return kind


def read_new_table(body: Any) -> NewTable:
    """The table a ``POST /api/tables`` body asks for, or :class:`RequestError` saying what is
    wrong with it (the first thing wrong, in the order of the fields as documented)."""
    if not isinstance(body, dict):
        raise RequestError(400, "bad-request", 'the body is a JSON object: {"game": ..., "seats": [...]}')
    unknown = sorted(set(body) - set(_NEW_TABLE_FIELDS))
    if unknown:
        raise RequestError(
            400, "bad-request", f"unknown field(s) {', '.join(unknown)}; fields: {', '.join(_NEW_TABLE_FIELDS)}"
        )
    game_id = body.get("game")
    if not isinstance(game_id, str) or game_id not in registered():
        raise RequestError(400, "bad-game", f"game is one of {', '.join(registered())}; not {game_id!r}")
    game_spec = spec(game_id)
    options = body.get("options") or {}
    if not isinstance(options, dict) or "players" in options:
        raise RequestError(
            400, "bad-options", "options is an object of the game's options (the seats say how many play)"
        )
    seats_in = body.get("seats")
    if not isinstance(seats_in, list) or not game_spec.min_seats <= len(seats_in) <= game_spec.max_seats:
        raise RequestError(
            400,
            "bad-seats",
            f"seats is a list of {game_spec.min_seats} to {game_spec.max_seats} seats, each "
            '{"kind": "human", "name": ...}, {"kind": "bot", "bot": ...} or {"kind": "open"}',
        )
    try:
        load(game_id, players=len(seats_in), **options)
    except (InvalidConfig, TypeError, ValueError) as e:
        raise RequestError(400, "bad-options", str(e)) from None
    try:
        clock = ClockRule.read(body.get("clock"))
    except ValueError as e:
        raise RequestError(400, "bad-clock", str(e)) from None
    after = body.get("replace_after")
    if after is not None and (
        isinstance(after, bool) or not isinstance(after, (int, float)) or not 1 <= after <= 86400
    ):
        raise RequestError(400, "bad-request", f"replace_after is seconds from 1 to 86400, or null; not {after!r}")
    stand_in = body.get("stand_in")
    if stand_in is not None:
        bot_kind(game_id, stand_in)
    flags = {}
    for flag in ("listed", "autostart"):
        value = body.get(flag, True)
        if not isinstance(value, bool):
            raise RequestError(400, "bad-request", f"{flag} is true or false; not {value!r}")
        flags[flag] = value
    copies = body.get("copies", 1)
    if not _is_whole(copies) or not 1 <= copies <= MAX_COPIES:
        raise RequestError(400, "bad-request", f"copies is a whole number from 1 to {MAX_COPIES}; not {copies!r}")
    host_seat = body.get("host_seat")
    if host_seat is not None and (not _is_whole(host_seat) or not 0 <= host_seat < len(seats_in)):
        raise RequestError(400, "bad-request", f"host_seat is a seat from 0 to {len(seats_in) - 1}; not {host_seat!r}")
    plans = tuple(read_seat(game_id, number, seat) for number, seat in enumerate(seats_in))
    if host_seat is not None and plans[host_seat].kind != "human":
        raise RequestError(400, "bad-request", "host_seat names a seat for a person (kind human)")
    ref = body.get("same_deal_as")
    deal = None
    if ref is not None:
        if not isinstance(ref, dict) or not isinstance(ref.get("table"), str):
            raise RequestError(
                400, "bad-request", 'same_deal_as is {"table": <id>, "host_token": <that table\'s host token>}'
            )
        deal = DealRef(ref["table"], ref.get("host_token"))
    return NewTable(
        game=game_id,
        options=options,
        seats=plans,
        clock=clock,
        replace_after=after,
        stand_in=stand_in,
        listed=flags["listed"],
        autostart=flags["autostart"],
        copies=copies,
        host_seat=host_seat,
        same_deal_as=deal,
    )


def read_seat(game_id: str, number: int, seat: Any) -> SeatPlan:
    """Seat ``number`` of a new table of ``game_id``, as the request's ``seats`` has it."""
    if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS:
        raise RequestError(
            400,
            "bad-seats",
            f'seat {number}: each seat is {{"kind": "human", "name": ...}}, {{"kind": "bot", "bot": ...}} '
            'or {"kind": "open"}',
        )
    extra = sorted(set(seat) - _SEAT_FIELDS[seat["kind"]])
    if extra:
        raise RequestError(400, "bad-seats", f"seat {number}: a {seat['kind']} seat has no {', '.join(extra)}")
    try:
        if seat["kind"] == "human":
            return SeatPlan("human", clean_name(seat.get("name"), f"Player {number + 1}"))
        if seat["kind"] == "bot":
            kind = bot_kind(game_id, seat.get("bot", "bot" if "bot" in spec(game_id).bots else "random"))
            return SeatPlan("bot", clean_name(seat.get("name"), f"Bot {number + 1}"), kind)
    except ValueError as e:
        raise RequestError(400, "bad-name", f"seat {number}: {e}") from None
    return SeatPlan("open", None)


def read_join(body: Any) -> Join:
    """What a ``join`` body asks for, or :class:`RequestError`."""
    if not isinstance(body, dict):
        body = {}
    try:
        name = clean_name(body.get("name"), "")
    except ValueError as e:
        raise RequestError(400, "bad-name", str(e)) from None
    wanted = body.get("seat")
    if wanted is not None and not _is_whole(wanted):
        raise RequestError(400, "bad-seat", f"seat is a seat number; not {wanted!r}")
    return Join(name, wanted)


def read_seat_bot(body: Any) -> SeatBot:
    """What a ``seats/{seat}/bot`` body asks for, or :class:`RequestError`."""
    if not isinstance(body, dict) or "bot" not in body or not (body["bot"] is None or isinstance(body["bot"], str)):
        raise RequestError(400, "bad-request", 'the body is {"bot": <kind>} to seat a bot, or {"bot": null} to stop')
    return SeatBot(body["bot"])
