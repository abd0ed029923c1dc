"""One table: a game in progress, its seats, its log, its clients, its bots and its clock.

The table holds the only true state of its game. A move is applied to a copy of the state,
followed by any chance outcomes it leads to (drawn from the table's seed, which never leaves
the server), stored, and only then published and told to the clients; if storing fails the
copy is dropped and nothing happened. Every message to a client is built from its seat's
``view`` and from narration written for that seat (``State.describe(action, seat)`` and the
public ``state.log``). See docs/decisions/0013-game-server.md.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import hashlib
import io
import logging
import pickle
import random
import sys
import time
import zlib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import orjson

from tycoon.agents.catalogue import make_agent
from tycoon.core.actions import Action, JSONValue
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.errors import IllegalAction, InvalidNotation
from tycoon.core.families import ActionFamily
from tycoon.core.game import CHANCE, TERMINAL, State
from tycoon.core.record import Move, Record
from tycoon.core.registry import load, spec
from tycoon.server.clocks import ClockRule, Clocks
from tycoon.server.guard import token_matches
from tycoon.server.store import ChatLine, Conflict, Entry, StoreError, TableRow

if TYPE_CHECKING:
    from tycoon.server.hub import Hub

log = logging.getLogger("tycoon.server")

WAITING, PLAYING, FINISHED, CLOSED = "waiting", "playing", "finished", "closed"
"""A table's status: seats still open, the game on, the game over, closed by its host."""

MAX_CHAIN = 10_000
"""Chance outcomes one move may lead to before the server gives up (a bug in the rules)."""

_MISSING = object()

PICTURE = ("status", "turn", "view", "legal", "families", "outcome")
"""The parts of a sync or an update that depend only on the version and the seat."""


def dumps(value: Any) -> str:
    """JSON text as every message is sent: compact, UTF-8, by orjson (a Die Bosse view in about
    5 µs against 62 µs for the standard library's encoder; encoding was a seventh of the
    server's work under load, docs/performance.md)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


class TableError(Exception):
    """A request the table refuses: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Stale(TableError):
    """The action was chosen at an older version of the table."""


class Client(Protocol):
    """A connected client, as the table sees it (``tycoon.server.ws.Connection``)."""

    seat: int | None
    address: str | None
    """Where the client connects from (its IP address), for the spectators' cap per address."""
    version: int
    acks: list[Any]
    diff: bool
    """Whether the client asked for updates as differences (``"diff": true`` in its hello)."""
    base: dict[str, Any] | None
    """What this client was last sent in whole or in part: the picture its next diff is taken
    against (``status``, ``turn``, ``view``, ``legal``, ``families``, ``outcome``)."""

    def send(self, message: dict[str, Any]) -> None: ...

    def mark_dirty(self) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Event:
    """One log entry as narrated: each seat's reading of it and the public narration."""

    version: int
    seat: int
    by: str
    texts: tuple[str, ...]
    """``describe`` of the action for each seat, then for a spectator (last)."""
    log: tuple[str, ...]
    """What the rules narrated while applying it (public) and the server's notes."""
    action: dict[str, Any] | None
    """The action's JSON form: shown only to the seat that took it."""
    takeback: bool = False

    def for_viewer(self, seat: int | None) -> dict[str, Any]:
        text = self.texts[-1] if seat is None else self.texts[seat]
        out: dict[str, Any] = {
            "v": self.version,
            "seat": self.seat if self.seat >= 0 else None,
            "by": self.by,
            "text": text,
            "log": list(self.log),
        }
        if self.takeback:
            out["takeback"] = True
        if seat is not None and seat == self.seat and self.action is not None:
            out["action"] = self.action
        return out


@dataclass
class Snapshot:
    """What a snapshot row holds (pickled, compressed)."""

    code: str
    """The :func:`code_tag` of the code that pickled it: a snapshot is used only by the same
    rules code (a pickled state read by other code could be quietly wrong)."""
    rules_version: str
    seq: int
    chances: int
    state: State
    before: State | None
    before_action: dict[str, Any] | None
    before_seat: int


@dataclass
class _Pending:
    """A move applied to a copy of the state, not yet stored."""

    work: State
    entries: list[Entry]
    events: list[Event]
    chances: int
    before: State | None = None
    before_action: dict[str, Any] | None = None
    before_seat: int = -1
    fields: dict[str, Any] = field(default_factory=dict)
    expect_meta: int | None = None
    actions: list[Action] = field(default_factory=list)
    """The entries' actions as objects, in order (none for a take-back)."""


class _SnapshotPickler(pickle.Pickler):
    """Pickles a snapshot with the table's game and its rules by reference, not by value: a
    state points at both, and the rules may carry memos shared by every table of the process
    (Die Bosse remembers up to 65,536 card lists' worths), which a snapshot must neither copy
    nor take its time over. The table's own game is put back in their place when read."""

    def __init__(self, file: io.BytesIO, game: object) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = {id(game): "game"}
        rules = getattr(game, "rules", None)
        if rules is not None:
            self.shared[id(rules)] = "rules"

    def persistent_id(self, obj: object) -> str | None:
        return self.shared.get(id(obj))


class _SnapshotUnpickler(pickle.Unpickler):
    """Reads what :class:`_SnapshotPickler` wrote (and snapshots written before it, which hold
    their own copy of the game)."""

    def __init__(self, file: io.BytesIO, game: object) -> None:
        super().__init__(file)
        self.game: Any = game

    def persistent_load(self, pid: object) -> object:
        if pid == "game":
            return self.game
        if pid == "rules":
            return self.game.rules
        raise pickle.UnpicklingError(f"unknown shared object {pid!r} in a snapshot")


@functools.cache
def code_tag(state_class: type) -> str:
    """A hash of the source of ``tycoon.core`` and of the package that defines ``state_class``
    (its rules, data and bots): it changes whenever a snapshot's pickled state could mean
    something else."""
    digest = hashlib.sha256()
    folders = {Path(sys.modules["tycoon.core"].__file__ or "").parent}
    module = sys.modules.get(state_class.__module__)
    if module is not None and module.__file__:
        folders.add(Path(module.__file__).parent)
    for folder in sorted(folders):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".toml", ".json"):
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _think(mirror: State, moves: list[tuple[int, Action | None]], agent: Agent, seat: int) -> Action:
    """In a bot thread: bring the bot's own copy of the state up to date, then decide."""
    for who, action in moves:
        assert action is not None
        mirror.apply(action, who)
    return agent.act(mirror, seat)


class Table:
    """A table in memory (the hub loads it from the store and keeps it while it is used)."""

    def __init__(self, hub: Hub, row: TableRow) -> None:
        self.hub = hub
        self.store = hub.store
        self.config = hub.config
        self.row = row
        self.id = row.id
        self.spec = spec(row.game)
        self.game = load(row.game, players=len(row.seats), **row.options)
        self.seats = len(row.seats)
        self.state: State = self.game.new_state()
        """The state as stored: never changed in place once clients may see it."""
        self.version = 0
        self.chances = 0
        self.before: State | None = None
        """The state before the last entry, while that entry is a person's decision that may be
        taken back."""
        self.before_action: dict[str, Any] | None = None
        self.before_seat = -1
        self.snapshot_seq = 0
        self.history: deque[Event] = deque(maxlen=max(10, self.config.history))
        self.chat: deque[ChatLine] = deque(maxlen=100)
        self.chat_seen = 0
        self.clients: set[Client] = set()
        self.local: list[int] = [0] * self.seats
        """Connections per seat in this process."""
        self.present: list[bool] = [False] * self.seats
        self.away_since: dict[int, float] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.lock = asyncio.Lock()
        self.think_lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.bot_for: tuple[int, int] | None = None
        self.agents: dict[tuple[int, str], Agent] = {}
        self.mirror: State | None = None
        self.mirror_moves: list[tuple[int, Action | None]] = []
        self.rule = ClockRule.read(row.settings.get("clock"))
        self.clocks = Clocks(self.rule, self.seats, (row.clocks or {}).get("banks")) if self.rule else None
        self.last_active = time.monotonic()
        self.closed = False
        self._cache: dict[int | None, dict[str, Any]] = {}
        self._families: dict[int, list[ActionFamily]] = {}
        """The families each seat's cached picture lists, in its order (``narrow`` names one by
        its index there)."""
        self._cache_key: tuple[int, str] = (-1, "")
        self._encoded: dict[tuple[int | None, str, str, int | None], str] = {}
        """JSON text of the cached pictures' parts, by seat, part, view key ("" for the whole
        part) and item of that key's list (``None`` for the whole value)."""

    # --- loading ------------------------------------------------------------------------

    async def restore(self) -> None:
        """Rebuild the game from the latest snapshot and the log entries after it."""
        start = 0
        found = await self.store.snapshot(self.id)
        if found is not None and found[0] <= self.row.version:
            snap = self._unpickle(found[1])
            if snap is not None:
                self.state, self.before = snap.state, snap.before
                self.before_action, self.before_seat = snap.before_action, snap.before_seat
                self.chances, self.version, self.snapshot_seq = snap.chances, snap.seq, snap.seq
                start = snap.seq
        entries = await self.store.entries(self.id, start)
        if start == 0:
            self.state = self.game.new_state()
        told = max(0, len(entries) - self.history.maxlen if self.history.maxlen else 0)
        for i, entry in enumerate(entries):
            self._replay(entry, narrate=i >= told)
        if self.version != self.row.version:
            log.warning("table %s: the log ends at %s but the table says %s", self.id, self.version, self.row.version)
        for line in await self.store.chat(self.id, 0, 100):
            self.chat.append(line)
            self.chat_seen = max(self.chat_seen, line.id)

    def _unpickle(self, data: bytes) -> Snapshot | None:
        try:
            snap = _SnapshotUnpickler(io.BytesIO(zlib.decompress(data)), self.game).load()
        except Exception as e:
            log.warning("table %s: snapshot unreadable (%s); replaying the whole log", self.id, e)
            return None
        if (
            not isinstance(snap, Snapshot)
            or snap.rules_version != self.game.rules_version
            or snap.code != code_tag(type(self.state))
        ):
            return None
        snap.state.log = None
        return snap

    def _replay(self, entry: Entry, *, narrate: bool) -> None:
        """Apply a stored entry (at load, or one another process stored)."""
        if entry.seq != self.version + 1:
            raise StoreError(f"table {self.id}: log entry {entry.seq} follows {self.version}")
        if entry.kind == "takeback":
            if self.before is None or self.before_action is None:
                raise StoreError(f"table {self.id}: entry {entry.seq} takes back a move that cannot be")
            taken = self.game.codec.from_json(self.before_action)
            if narrate:
                self.history.append(self._takeback_event(entry.seq, entry.seat, self.before, taken))
            self.state, self.before, self.before_action = self.before, None, None
            self.mirror_moves.clear()
            self.mirror = None
        else:
            assert entry.action is not None
            action = self.game.codec.from_json(entry.action)
            if entry.by == "person":
                self.before, self.before_action, self.before_seat = self.state, entry.action, entry.seat
                self.state = self.state.clone()
            else:
                self.before, self.before_action = None, None
            texts = self._texts(self.state, action) if narrate else ()
            self.state.log = [] if narrate else None
            self.state.apply(action, entry.seat)
            if narrate:
                self.history.append(
                    Event(entry.seq, entry.seat, entry.by, texts, tuple(self.state.log or ()), entry.action)
                )
            self.state.log = None
            if entry.seat == CHANCE:
                self.chances += 1
            self.mirror_moves.append((entry.seat, action))
        self.version = entry.seq

    # --- what seats see -----------------------------------------------------------------

    def _texts(self, state: State, action: Action) -> tuple[str, ...]:
        return state.describe_all(action)

    def _takeback_event(self, seq: int, seat: int, before: State, action: Action) -> Event:
        texts = tuple(f"takes back: {t}" for t in self._texts(before, action))
        return Event(seq, seat, "person", texts, (f"seat {seat} takes back their last decision.",), None, True)

    def seat_json(self) -> list[dict[str, Any]]:
        out = []
        for s, seat in enumerate(self.row.seats):
            out.append(
                {
                    "seat": s,
                    "name": seat.get("name"),
                    "kind": seat["kind"],
                    "bot": seat.get("bot"),
                    "connected": self.present[s] if seat["kind"] == "human" else None,
                    "stand_in": seat.get("stand_in"),
                }
            )
        return out

    def summary(self) -> dict[str, Any]:
        """The public summary of the table (``GET /api/tables/{id}``)."""
        return summary(self.row, self.seat_json(), self.version, self.spec.title)

    def _turn(self) -> dict[str, Any]:
        p = self.state.current_player() if self.row.status == PLAYING else TERMINAL
        return {"seat": p if p >= 0 else None, "chance": p == CHANCE, "over": self.row.status == FINISHED}

    def picture(self, seat: int | None) -> dict[str, Any]:
        """The parts of a sync or an update that depend only on the version and the seat: the
        seat's view, its legal actions and families, whose decision it is, the status and the
        result once over. Built once per seat and version; never changed once built (diffs are
        taken against what a client was sent by identity first)."""
        # A start or a close changes the status without a log entry: both are the key.
        if self._cache_key != (self.version, self.row.status):
            self._cache.clear()
            self._families.clear()
            self._encoded.clear()
            self._cache_key = (self.version, self.row.status)
        cached = self._cache.get(seat)
        if cached is None:
            cached = {"status": self.row.status, "turn": self._turn(), "view": self.state.view(seat)}
            legal: list[dict[str, Any]] = []
            families: list[dict[str, Any]] = []
            if seat is not None and self.row.status == PLAYING and not self.state.is_terminal():
                try:
                    actions = self.state.legal_actions(seat)
                    found = self.state.action_families(seat)
                except IllegalAction:
                    actions, found = [], []
                legal = [
                    {"action": a.to_json(), "text": str(a), "label": self.state.describe(a, seat)} for a in actions
                ]
                families = [{**f.to_json(), "usage": " ".join([f.kind, *(f"<{n}>" for n in f.names)])} for f in found]
                self._families[seat] = list(found)
            cached["legal"] = legal
            cached["families"] = families
            if self.row.outcome is not None:
                cached["outcome"] = self.row.outcome
            self._cache[seat] = cached
        return cached

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The seat's picture (:meth:`picture`) and the clocks, as a sync or a whole update has them."""
        out = dict(self.picture(seat))
        out["clocks"] = self._clocks_json()
        return out

    def _clocks_json(self) -> dict[str, Any] | None:
        return self.clocks.to_json(time.monotonic()) if self.clocks else None

    def _part_json(self, seat: int | None, part: str, key: str = "", item: int | None = None) -> str:
        """The JSON text of a part of ``picture(seat)``: with ``key``, of one key of its view;
        with ``item`` too, of one item of that key's list."""
        found = self._encoded.get((seat, part, key, item))
        if found is None:
            value = self.picture(seat)[part]
            if key:
                value = value[key] if item is None else value[key][item]
            found = self._encoded[(seat, part, key, item)] = dumps(value)
        return found

    def _events_json(self, seat: int | None, since: int, events: list[Event]) -> str:
        """The JSON text of ``events`` (those after ``since``) as ``seat`` is told them, kept for
        this version (the clients of one seat, or the spectators, are told them alike)."""
        key = (seat, "events", "", since)
        found = self._encoded.get(key)
        if found is None:
            found = self._encoded[key] = dumps([e.for_viewer(seat) for e in events])
        return found

    def events_since(self, version: int, seat: int | None) -> list[dict[str, Any]] | None:
        """The narration after ``version`` for ``seat``, or ``None`` if it is no longer kept."""
        found = self._events_after(version)
        return None if found is None else [e.for_viewer(seat) for e in found]

    def _events_after(self, version: int) -> list[Event] | None:
        if version > self.version:
            return None
        if version == self.version:
            return []
        if not self.history or self.history[0].version > version + 1:
            return None
        if self.history[-1].version - version <= 8:
            # The usual case: a few events since; look from the end.
            out: list[Event] = []
            for event in reversed(self.history):
                if event.version <= version:
                    break
                out.append(event)
            out.reverse()
            return out
        return [e for e in self.history if e.version > version]

    def sync_message(self, client: Client, since: int | None = None) -> dict[str, Any]:
        """A whole picture for a client: the table, its seat's view and the narration it missed
        (since ``since``) or, when that is too old, the latest narration kept."""
        seat = client.seat
        events = self.events_since(since, seat) if since is not None else None
        complete = events is not None
        if events is None:
            events = [e.for_viewer(seat) for e in list(self.history)[-50:]]
        client.version = self.version
        chat = [self._chat_json(line) for line in self.chat if line.to is None or seat in (line.seat, line.to)]
        return {
            "type": "sync",
            "table": self.summary(),
            "seat": seat,
            "version": self.version,
            "complete": complete,
            "events": events,
            "chat": chat[-50:],
            **self.state_for(seat),
        }

    def update_text(self, client: Client) -> str | None:
        """What a client has not heard yet, as the JSON text to send, or ``None``: the new
        narration and the new picture, whole or (for a client that asked for diffs) the parts
        that differ from what it was last sent. Called when the message is sent, so the client's
        ``base`` is what it holds once it has read this."""
        if client.version == self.version and not client.acks:
            return None
        seat = client.seat
        events = self._events_after(client.version)
        if events is None:
            message = self.sync_message(client)
            if client.acks:
                message["re"], client.acks = client.acks, []
            client.base = {k: message[k] for k in PICTURE if k in message}
            return dumps(message)
        picture = self.picture(seat)  # first: it lets go of what an older version left encoded
        parts = [
            f'{{"type":"update","version":{self.version}',
            ',"events":' + self._events_json(seat, client.version, events),
        ]
        base = client.base if client.diff else None
        if base is None:
            for part in PICTURE:
                if part in picture:
                    parts.append(f',"{part}":' + self._part_json(seat, part))
        else:
            for part in PICTURE:
                if part == "view" or part not in picture:
                    continue
                value, was = picture[part], base.get(part)
                if value is not was and value != was:
                    parts.append(f',"{part}":' + self._part_json(seat, part))
            view, seen = picture["view"], base.get("view") or {}
            changed: list[str] = []
            patched: list[str] = []
            for key, value in view.items():
                was = seen.get(key, _MISSING)
                if value is was or value == was:
                    continue
                if isinstance(value, list) and isinstance(was, list) and len(value) == len(was) > 1:
                    # A list as long as before (the players, say): only the items that changed.
                    items = [
                        f'"{i}":' + self._part_json(seat, "view", key, i)
                        for i, (item, old) in enumerate(zip(value, was, strict=True))
                        if item is not old and item != old
                    ]
                    if len(items) < len(value):
                        patched.append(dumps(key) + ":{" + ",".join(items) + "}")
                        continue
                changed.append(dumps(key) + ":" + self._part_json(seat, "view", key))
            parts.append(',"view_set":{' + ",".join(changed) + "}")
            if patched:
                parts.append(',"view_items":{' + ",".join(patched) + "}")
            gone = [key for key in seen if key not in view]
            if gone:
                parts.append(',"view_unset":' + dumps(gone))
        client.base = picture
        client.version = self.version
        parts.append(',"clocks":' + dumps(self._clocks_json()))
        if client.acks:
            parts.append(',"re":' + dumps(client.acks))
            client.acks = []
        parts.append("}")
        return "".join(parts)

    def _broadcast(self) -> None:
        for client in list(self.clients):
            client.mark_dirty()

    def _tell(self, message: dict[str, Any], seats: Iterable[int | None] | None = None) -> None:
        wanted = None if seats is None else set(seats)
        for client in list(self.clients):
            if wanted is None or client.seat in wanted:
                client.send(message)

    def _tell_seats(self) -> None:
        self._tell({"type": "seats", "seats": self.seat_json(), "status": self.row.status})

    # --- moves --------------------------------------------------------------------------

    def check_playing(self) -> None:
        if self.row.status != PLAYING:
            raise TableError(
                "not-playing",
                {
                    WAITING: "the game has not started yet",
                    FINISHED: "the game is over",
                    CLOSED: "the table is closed",
                }.get(self.row.status, f"the table is {self.row.status}"),
            )

    def read_action(self, data: Any) -> Action:
        """An action from a client: its JSON form (an object) or its text form (a string)."""
        try:
            if isinstance(data, str):
                if len(data) > 500:
                    raise InvalidNotation("an action's text is at most 500 characters")
                return self.game.codec.parse(data)
            if isinstance(data, dict):
                return self.game.codec.from_json(data)
        except InvalidNotation as e:
            raise TableError("bad-action", str(e)) from None
        raise TableError("bad-action", 'an action is its JSON form, {"kind": ...}, or its text form, e.g. "pass"')

    async def move(
        self,
        seat: int,
        action: Action,
        by: str,
        *,
        expect: int | None = None,
        ack: tuple[Client, Any] | None = None,
        note: str | None = None,
    ) -> None:
        """Apply ``action`` for ``seat``, then any chance it leads to; store it; tell everyone.

        Raises :class:`Stale` if ``expect`` is not the current version, ``IllegalAction`` (with
        the engine's message) if the rules refuse it, :class:`TableError` otherwise. Whatever
        is raised, the table is as it was."""
        async with self.lock:
            self.check_playing()
            if expect is not None and expect != self.version:
                raise Stale(
                    "stale",
                    f"the table has moved on to version {self.version}; your action was chosen at version "
                    f"{expect}, so it was not applied. Here is the table as it is now.",
                )
            if by == "person" and self.row.seats[seat].get("stand_in"):
                await self._set_stand_in(seat, None, notice=f"seat {seat} takes the seat back from the bot.")
            work = self.state.clone()
            texts = self._texts(work, action)
            work.log = []
            try:
                work.apply(action, seat)
            except IllegalAction:
                raise
            except Exception:
                log.exception("table %s: the rules failed on %s by seat %s", self.id, action, seat)
                raise TableError("internal", "the server could not apply this action; nothing changed") from None
            now = time.time()
            narration = tuple(work.log or ())
            if note:
                narration = (note, *narration)
            first = Entry(self.version + 1, "move", seat, action.to_json(), by, now)
            pending = _Pending(
                work, [first], [Event(first.seq, seat, by, texts, narration, first.action)], self.chances
            )
            pending.actions.append(action)
            self._chance(pending, now)
            if by == "person" and len(pending.entries) == 1:
                pending.before, pending.before_action, pending.before_seat = self.state, first.action, seat
            await self._commit(pending, actor=seat, ack=ack)

    async def narrow(self, seat: int, index: int, prefix: list[JSONValue], *, expect: int) -> dict[str, Any]:
        """The ``narrowed`` answer to ``seat``'s question: the domain of the next field of its
        family ``index`` (as its picture lists them at version ``expect``) once the first fields
        hold ``prefix`` (``State.narrow``). Where the game cannot narrow that field, the family's
        own domain, with ``"exact": false``. Raises :class:`TableError` for a stale version, a
        family that is not there or a value outside its field's own domain, and
        ``IllegalAction`` when no legal action starts with ``prefix``; nothing changes."""
        async with self.lock:
            self.check_playing()
            if expect != self.version:
                raise TableError(
                    "stale", f"the table has moved on to version {self.version}; the form was of version {expect}"
                )
            self.picture(seat)
            families = self._families.get(seat, [])
            if not 0 <= index < len(families):
                allowed = f"0 to {len(families) - 1}" if families else "none: this seat has no family now"
                raise TableError(
                    "bad-narrow", f"family is the index of one of this seat's families ({allowed}); not {index}"
                )
            family = families[index]
            if len(prefix) >= len(family.names):
                raise TableError(
                    "bad-narrow",
                    f"{family.kind} has {len(family.names)} field(s): a prefix holds at most "
                    f"{len(family.names) - 1} value(s), not {len(prefix)}",
                )
            for name, domain, value in zip(family.names, family.domains, prefix, strict=False):
                if value not in domain:
                    raise TableError("bad-narrow", f"{family.kind}: {name} must be one of {domain}, not {value!r}")
            # The search may try many completions: in a worker thread, so the other tables go
            # on; under the lock, so the state is not moved on meanwhile.
            loop = asyncio.get_running_loop()
            try:
                narrowed = await loop.run_in_executor(self.hub.bots, self.state.narrow, family, list(prefix), seat)
                exact = True
            except NotImplementedError:
                narrowed, exact = family.domains[len(prefix)], False
            except IllegalAction:
                raise
            except Exception:
                log.exception("table %s: the rules failed to narrow %s after %r", self.id, family.kind, prefix)
                raise TableError("internal", "the server could not narrow this field; nothing changed") from None
        return {
            "type": "narrowed",
            "version": expect,
            "family": index,
            "prefix": prefix,
            "field": family.names[len(prefix)],
            "domain": narrowed.to_json(),
            "exact": exact,
        }

    async def take_back(self, seat: int, *, expect: int | None = None, ack: tuple[Client, Any] | None = None) -> None:
        """Take back ``seat``'s last decision: only a person's own, and only while nothing has
        happened since (no chance outcome, no other seat's action, so nothing hidden was shown)."""
        async with self.lock:
            self.check_playing()
            if expect is not None and expect != self.version:
                raise Stale("stale", f"the table has moved on to version {self.version}; nothing was taken back.")
            if self.before is None or self.before_action is None or self.before_seat != seat:
                raise TableError(
                    "takeback",
                    "only your own last decision can be taken back, and only while nothing has happened since "
                    "(no die rolled or card drawn, no other player's action)",
                )
            taken = self.game.codec.from_json(self.before_action)
            entry = Entry(self.version + 1, "takeback", seat, None, "person", time.time())
            event = self._takeback_event(entry.seq, seat, self.before, taken)
            pending = _Pending(self.before, [entry], [event], self.chances)
            await self._commit(pending, actor=seat, ack=ack, takeback=True)

    def _chance(self, pending: _Pending, now: float) -> None:
        """Draw every chance outcome due now, each from the seed and its number (so tables
        sharing a deal see the same dice and cards in the same order)."""
        work = pending.work
        while work.current_player() == CHANCE:
            if len(pending.entries) > MAX_CHAIN:
                raise TableError("internal", "the game did not leave chance; nothing changed")
            outcome = sample_chance(work, random.Random(f"{self.row.seed}:chance:{pending.chances}"))
            texts = self._texts(work, outcome)
            work.log = []
            work.apply(outcome, CHANCE)
            seq = pending.entries[-1].seq + 1 if pending.entries else self.version + 1
            entry = Entry(seq, "move", CHANCE, outcome.to_json(), "chance", now)
            pending.entries.append(entry)
            pending.actions.append(outcome)
            pending.events.append(Event(entry.seq, CHANCE, "chance", texts, tuple(work.log or ()), entry.action))
            pending.chances += 1

    async def _commit(
        self, pending: _Pending, *, actor: int | None, ack: tuple[Client, Any] | None = None, takeback: bool = False
    ) -> None:
        """Store a pending change; publish it only once stored (called with the lock held)."""
        work = pending.work
        work.log = None
        fields = dict(pending.fields)
        status = pending.fields.get("status", self.row.status)
        outcome = None
        if status == PLAYING and work.is_terminal():
            o = work.outcome()
            outcome = {"scores": list(o.scores), "winners": list(o.winners), "eliminated": list(o.eliminated)}
            status = FINISHED
            fields["status"], fields["outcome"] = FINISHED, outcome
        saved_clocks = None
        if self.clocks is not None:
            saved_clocks = copy.copy(self.clocks)
            saved_clocks.banks = list(self.clocks.banks)
            self._clock_turn(work, status, actor, new_decision=True)
            fields["clocks"] = {"banks": self.clocks.banks}
        last = pending.entries[-1].seq if pending.entries else self.version
        snapshot = None
        if last - self.snapshot_seq >= self.config.snapshot_every and not work.is_terminal():
            snapshot = (last, self._pickle(pending, last))
        try:
            await self.store.append(self.id, self.version, pending.entries, fields, snapshot, pending.expect_meta)
        except Conflict:
            if saved_clocks is not None:
                self.clocks = saved_clocks
            await self._catch_up_locked()
            raise Stale("stale", "another move was made at the same time; here is the table as it is now") from None
        except StoreError:
            if saved_clocks is not None:
                self.clocks = saved_clocks
            raise TableError("storage", "the move could not be stored, so it did not happen; try again") from None
        # Stored: now it happened.
        if snapshot is not None:
            self.snapshot_seq = last
        self.state, self.version, self.chances = work, last, pending.chances
        self.before, self.before_action, self.before_seat = pending.before, pending.before_action, pending.before_seat
        if takeback:
            self.mirror = None
            self.mirror_moves.clear()
        else:
            self.mirror_moves.extend(zip((entry.seat for entry in pending.entries), pending.actions, strict=True))
        self.history.extend(pending.events)
        if "seats" in fields:
            self.row.seats = fields["seats"]
            self.row.meta += 1
        self.row.status = status
        self.row.version = last
        if outcome is not None:
            self.row.outcome = outcome
        if ack is not None and ack[1] is not None:
            ack[0].acks.append(ack[1])
        self._changed()
        if status == FINISHED:
            self.hub.finished(self)

    def _pickle(self, pending: _Pending, seq: int) -> bytes:
        state = pending.work.clone()
        state.log = None
        before = None
        if pending.before is not None:
            before = pending.before.clone()
            before.log = None
        snap = Snapshot(
            code_tag(type(state)),
            self.game.rules_version,
            seq,
            pending.chances,
            state,
            before,
            pending.before_action,
            pending.before_seat,
        )
        out = io.BytesIO()
        _SnapshotPickler(out, self.game).dump(snap)
        return zlib.compress(out.getvalue(), 1)

    # --- start, seats, stand-ins --------------------------------------------------------

    def default_bot(self) -> str:
        return str(self.row.settings.get("stand_in") or ("bot" if "bot" in self.spec.bots else "random"))

    async def start(self) -> None:
        """Start the game: open seats get bots, and chance deals."""
        async with self.lock:
            if self.row.status != WAITING:
                raise TableError("not-waiting", f"the game has already started (the table is {self.row.status})")
            seats = [dict(s) for s in self.row.seats]
            for number, seat in enumerate(seats):
                if seat["kind"] == "open":
                    seat.update(kind="bot", bot=self.default_bot(), name=seat.get("name") or f"Bot {number + 1}")
            work = self.state.clone()
            pending = _Pending(work, [], [], self.chances)
            pending.fields = {"status": PLAYING, "seats": seats}
            pending.expect_meta = self.row.meta
            self._chance(pending, time.time())
            try:
                await self._commit(pending, actor=None)
            except Stale:
                raise TableError("conflict", "the table changed at the same time; try again") from None
            self._tell_seats()

    async def seat_bot(self, seat: int, kind: str | None) -> None:
        """The host seats a bot: before the game, in place of whoever sat there; during it, as a
        stand-in for the person (``None`` gives the seat back)."""
        if not 0 <= seat < self.seats:
            raise TableError("bad-seat", f"there is no seat {seat}; seats are 0 to {self.seats - 1}")
        if kind is not None:
            make_agent(self.row.game, kind)  # raises UnknownAgent naming the known kinds
        async with self.lock:
            current = self.row.seats[seat]
            if self.row.status == WAITING:
                seats = [dict(s) for s in self.row.seats]
                if kind is None:
                    seats[seat] = {"kind": "open", "name": None}
                else:
                    seats[seat] = {"kind": "bot", "bot": kind, "name": current.get("name") or f"Bot {seat + 1}"}
                await self._update_seats(seats)
                self._tell_seats()
            elif self.row.status == PLAYING:
                if current["kind"] == "bot":
                    if kind is None:
                        raise TableError("bad-seat", f"seat {seat} is a bot's; name the kind of bot to seat instead")
                    seats = [dict(s) for s in self.row.seats]
                    seats[seat]["bot"] = kind
                    await self._update_seats(seats)
                    self._tell_seats()
                else:
                    notice = f"a bot plays for seat {seat}." if kind else f"seat {seat} is the person's again."
                    await self._set_stand_in(seat, kind, notice=notice)
                self._changed(actor=None, broadcast=False)
            else:
                self.check_playing()
        await self.start_if_full()

    async def start_if_full(self) -> None:
        if (
            self.row.status == WAITING
            and self.row.settings.get("autostart", True)
            and all(s["kind"] != "open" for s in self.row.seats)
        ):
            try:
                await self.start()
            except TableError as e:
                if e.code != "not-waiting":
                    raise

    async def join(self, name: str, token_hash: str, wanted: int | None) -> int:
        """A person takes an open seat (``wanted``, or the first open one)."""
        async with self.lock:
            if self.row.status != WAITING:
                raise TableError("not-waiting", "the game has started; no seat is open")
            open_seats = [s for s, seat in enumerate(self.row.seats) if seat["kind"] == "open"]
            if wanted is not None and wanted not in open_seats:
                raise TableError("seat-taken", f"seat {wanted} is not open; open seats: {open_seats or 'none'}")
            if not open_seats:
                raise TableError("full", "every seat at this table is taken")
            number = wanted if wanted is not None else open_seats[0]
            seats = [dict(s) for s in self.row.seats]
            seats[number] = {"kind": "human", "name": name or f"Player {number + 1}", "token": token_hash}
            await self._update_seats(seats)
            self._tell_seats()
        await self.start_if_full()
        return number

    async def _update_seats(self, seats: list[dict[str, Any]]) -> None:
        try:
            await self.store.update(self.id, {"seats": seats}, self.row.meta)
        except Conflict:
            await self._catch_up_locked()
            raise TableError("conflict", "the table changed at the same time; try again") from None
        except StoreError:
            raise TableError("storage", "the change could not be stored; try again") from None
        self.row.seats = seats
        self.row.meta += 1

    async def _set_stand_in(self, seat: int, kind: str | None, notice: str) -> None:
        seats = [dict(s) for s in self.row.seats]
        if seats[seat].get("stand_in") == kind:
            return
        seats[seat]["stand_in"] = kind
        await self._update_seats(seats)
        self._tell({"type": "notice", "text": notice})
        self._tell_seats()

    async def close(self) -> None:
        """The host closes the table: no more moves; clients are told and let go."""
        async with self.lock:
            if self.row.status != CLOSED:
                await self.store.append(self.id, self.version, [], {"status": CLOSED})
                self.row.status = CLOSED
        self.shut("the host closed the table")

    def shut(self, reason: str) -> None:
        """Stop everything this table runs in this process and let its clients go."""
        self.closed = True
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        if self.bot_task is not None:
            self.bot_task.cancel()
        for client in list(self.clients):
            client.send({"type": "closed", "status": self.row.status, "message": reason})
            client.close(1000, reason)

    # --- presence -----------------------------------------------------------------------

    async def may_watch(self, host: object) -> None:
        """Raise :class:`TableError` (``deal-in-play``) unless a spectator may watch now: not
        while another table of the same deal is waiting or playing, since its players would see
        the dice and cards their own table is yet to get. The host (``host``: the host's token)
        watches every table of the deal."""
        if token_matches(host, self.row.host):
            return
        try:
            others = await self.store.deal_tables(self.row.deal)
        except StoreError:
            raise TableError("storage", "the table could not be read; try again") from None
        if any(t.id != self.id and t.status in (WAITING, PLAYING) for t in others):
            raise TableError(
                "deal-in-play",
                "another table plays the same deal and is not over yet: this one is watched once all are over "
                "(or with the host's link)",
            )

    def admit(self, seat: int | None, address: str | None) -> None:
        """Raise :class:`TableError` (``full``) unless a client for ``seat`` (``None``: a
        spectator) from ``address`` may connect now. A seat's person always may: spectators are
        capped apart, per table and per address, so that watchers never lock the players out."""
        if seat is not None:
            return
        watching = [c for c in self.clients if c.seat is None]
        limit = self.config.max_spectators_per_table
        if len(watching) >= limit:
            raise TableError("full", f"this table has as many spectators as it takes ({limit}); try again later")
        per_address = self.config.max_spectators_per_address
        if sum(1 for c in watching if c.address == address) >= per_address:
            raise TableError(
                "full", f"this table takes at most {per_address} spectators from one address; close one to watch here"
            )

    def attach(self, client: Client) -> None:
        """A client joins: the others hear that its seat is here, then it gets its own sync
        (the caller sends it), which already shows it connected."""
        self.last_active = time.monotonic()
        if client.seat is not None:
            self.local[client.seat] += 1
            self.refresh_presence()
        self.clients.add(client)

    def detach(self, client: Client) -> None:
        self.clients.discard(client)
        self.last_active = time.monotonic()
        if client.seat is not None:
            self.local[client.seat] -= 1
            self.refresh_presence()

    def refresh_presence(self) -> None:
        """Notice seats whose person came or went (here or at another server process)."""
        changed = False
        for s in range(self.seats):
            now_present = self.local[s] > 0 or self.hub.remote_present(self.id, s)
            if now_present != self.present[s]:
                self.present[s] = now_present
                changed = True
                self._presence_changed(s, now_present)
        if changed:
            self.hub.announce(self)
            self._tell_seats()

    def _presence_changed(self, seat: int, present: bool) -> None:
        if self.row.seats[seat]["kind"] != "human" or self.closed:
            return
        now = time.monotonic()
        timer = self.timers.pop(f"away:{seat}", None)
        if timer is not None:
            timer.cancel()
        if present:
            self.away_since.pop(seat, None)
            if self.row.seats[seat].get("stand_in") and self.row.status == PLAYING:
                self.hub.spawn(self._returned(seat))
        else:
            self.away_since[seat] = now
            self._time_away(seat)
        if self.clocks is not None and self.clocks.seat == seat:
            self.clocks.run(now, present)
        self._schedule()

    def _time_away(self, seat: int) -> None:
        """Start the clock after which a bot stands in for ``seat``'s absent person."""
        after = self.row.settings.get("replace_after")
        if after is not None and self.row.status in (WAITING, PLAYING):
            self.timers[f"away:{seat}"] = asyncio.get_running_loop().call_later(
                float(after), lambda: self.hub.spawn(self._replace(seat))
            )

    def _time_the_absent(self) -> None:
        """In play, every person's seat nobody is connected to has its stand-in clock running:
        also for a person who never came (the clock then runs from the start of the game, or
        from the table's loading after a restart), not only for one who came and went."""
        if self.closed or self.row.status != PLAYING or self.row.settings.get("replace_after") is None:
            return
        now = time.monotonic()
        for seat, info in enumerate(self.row.seats):
            if (
                info["kind"] == "human"
                and not self.present[seat]
                and not info.get("stand_in")
                and f"away:{seat}" not in self.timers
            ):
                self.away_since.setdefault(seat, now)
                self._time_away(seat)

    async def reclaim(self, seat: int) -> None:
        """A person takes their seat back from the bot standing in for them."""
        async with self.lock:
            if not self.row.seats[seat].get("stand_in"):
                raise TableError("no-stand-in", "no bot plays for you: the seat is yours")
            await self._set_stand_in(seat, None, notice=f"seat {seat} takes the seat back from the bot.")
            self._changed(actor=None, broadcast=False)

    async def _returned(self, seat: int) -> None:
        async with self.lock:
            if self.present[seat] and self.row.seats[seat].get("stand_in"):
                await self._set_stand_in(seat, None, notice=f"seat {seat} is back and takes the seat from the bot.")
                self._changed(actor=None, broadcast=False)

    async def _replace(self, seat: int) -> None:
        self.timers.pop(f"away:{seat}", None)
        async with self.lock:
            if self.present[seat] or self.row.status != PLAYING or self.row.seats[seat].get("stand_in"):
                return
            await self._set_stand_in(seat, self.default_bot(), notice=f"seat {seat} is away: a bot plays for them.")
            self._changed(actor=None, broadcast=False)

    # --- what runs by itself: bots, clocks ----------------------------------------------

    def controller(self, seat: int) -> tuple[str, str | None]:
        """Who decides for ``seat`` now: ``("bot", kind)``, ``("stand-in", kind)`` or
        ``("person", None)``."""
        info = self.row.seats[seat]
        if info["kind"] == "bot":
            return "bot", info.get("bot") or self.default_bot()
        if info.get("stand_in"):
            return "stand-in", info["stand_in"]
        return "person", None

    def _clock_turn(self, state: State, status: str, actor: int | None, new_decision: bool) -> None:
        assert self.clocks is not None
        now = time.monotonic()
        p = state.current_player() if status == PLAYING else TERMINAL
        timed = p if p >= 0 and self.controller(p)[0] == "person" else None
        if timed is None:
            self.clocks.stop(now)
        elif self.clocks.seat != timed or (new_decision and actor == timed):
            self.clocks.start(timed, now, running=self.present[timed])
        else:
            self.clocks.run(now, self.present[timed])

    def _changed(self, actor: int | None = None, broadcast: bool = True) -> None:
        """After every change: tell the clients, then see what must happen by itself."""
        self.last_active = time.monotonic()
        if broadcast:
            self._broadcast()
        self._time_the_absent()
        if self.clocks is not None and actor is None:
            self._clock_turn(self.state, self.row.status, None, new_decision=False)
        self._schedule()

    def _schedule(self) -> None:
        timer = self.timers.pop("clock", None)
        if timer is not None:
            timer.cancel()
        if self.closed or self.row.status != PLAYING:
            return
        p = self.state.current_player()
        if p < 0:
            return
        who, kind = self.controller(p)
        if who != "person":
            assert kind is not None
            self._start_bot(p, kind, who, None)
        elif self.clocks is not None and self.clocks.seat == p and self.clocks.since is not None:
            left = self.clocks.left(time.monotonic()) or 0.0
            version = self.version
            self.timers["clock"] = asyncio.get_running_loop().call_later(
                max(0.0, left), lambda: self._clock_out(p, version)
            )

    def _clock_out(self, seat: int, version: int) -> None:
        self.timers.pop("clock", None)
        if self.version != version or self.clocks is None or self.clocks.seat != seat:
            return
        left = self.clocks.left(time.monotonic())
        if left is not None and left > 0.05:
            self._schedule()
            return
        self._start_bot(seat, self.default_bot(), "clock", f"seat {seat} ran out of time: a bot moved for them.")

    def _start_bot(self, seat: int, kind: str, by: str, note: str | None) -> None:
        key = (self.version, seat)
        if self.bot_task is not None and not self.bot_task.done() and self.bot_for == key:
            return
        self.bot_for = key
        self.bot_task = self.hub.spawn(self._bot_move(seat, kind, by, note, self.version))

    async def _bot_move(self, seat: int, kind: str, by: str, note: str | None, version: int) -> None:
        think = self.config.think_time
        if think > 0:
            await asyncio.sleep(think)
        if self.version != version or self.closed:
            return
        agent = self._agent(seat, kind)
        try:
            action = await self._think(agent, seat)
        except Exception:
            log.exception("table %s: bot %s failed for seat %s; a random legal action instead", self.id, kind, seat)
            action = None
        if self.version != version or self.closed:
            return
        if action is None:
            action = self._fallback(seat)
        try:
            await self.move(seat, action, by, expect=version, note=note)
        except Stale:
            return
        except IllegalAction as e:
            log.error("table %s: bot %s chose an illegal action %s (%s)", self.id, kind, action, e)
            self.mirror = None
            try:
                await self.move(seat, self._fallback(seat), by, expect=version, note=note)
            except (Stale, TableError, IllegalAction) as again:
                log.error("table %s: no move for seat %s: %s", self.id, seat, again)
        except TableError as e:
            log.warning("table %s: bot move not made: %s", self.id, e.message)
            if e.code == "storage":
                # Try again later rather than stall the table.
                loop = asyncio.get_running_loop()
                self.timers["retry"] = loop.call_later(1.0, self._schedule)

    def _fallback(self, seat: int) -> Action:
        legal = self.state.legal_actions(seat)
        if not legal:
            raise TableError("internal", f"seat {seat} has no legal action")
        return random.Random(f"{self.row.seed}:fallback:{self.version}").choice(legal)

    def _agent(self, seat: int, kind: str) -> Agent:
        agent = self.agents.get((seat, kind))
        if agent is None:
            agent = make_agent(self.row.game, kind)
            agent.seed(f"{self.row.seed}:{seat}:{kind}")
            self.agents[(seat, kind)] = agent
        return agent

    async def _think(self, agent: Agent, seat: int) -> Action:
        """Let ``agent`` decide on its own copy of the state, in a bot thread."""
        async with self.think_lock:
            if self.mirror is None:
                self.mirror = self.state.clone()
                self.mirror.log = None
                self.mirror_moves = []
            moves, self.mirror_moves = self.mirror_moves, []
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(self.hub.bots, _think, self.mirror, moves, agent, seat)
            except Exception:
                self.mirror = None
                raise

    # --- other processes ----------------------------------------------------------------

    async def catch_up(self) -> None:
        """Take in what another server process stored (a move, a seat, the status)."""
        async with self.lock:
            await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        row = await self.store.table(self.id)
        if row is None:
            return
        entries = await self.store.entries(self.id, self.version)
        seats_changed = row.meta != self.row.meta or row.status != self.row.status
        self.row.seats, self.row.settings, self.row.meta = row.seats, row.settings, row.meta
        for entry in entries:
            self._replay(entry, narrate=True)
        if row.clocks and self.clocks is not None and entries:
            self.clocks.banks = list(row.clocks.get("banks", self.clocks.banks))
        self.row.status, self.row.outcome, self.row.version = row.status, row.outcome, self.version
        if entries or seats_changed:
            self._changed(actor=None)
            if seats_changed:
                self._tell_seats()
        if self.row.status == CLOSED and not self.closed:
            self.shut("the host closed the table")

    async def catch_up_chat(self) -> None:
        for line in await self.store.chat(self.id, self.chat_seen, 100):
            self._deliver_chat(line)

    # --- chat ---------------------------------------------------------------------------

    def _chat_json(self, line: ChatLine) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "chat", "id": line.id, "seat": line.seat, "name": line.name, "text": line.text}
        out["at"] = round(line.at, 3)
        if line.to is not None:
            out["to"] = line.to
        return out

    async def say(self, seat: int, text: str, to: int | None, ack: tuple[Client, Any] | None = None) -> None:
        """Store and deliver a chat line; the sender's copy answers its request (``re``)."""
        if to is not None and not (isinstance(to, int) and not isinstance(to, bool) and 0 <= to < self.seats):
            raise TableError("chat", f"'to' is a seat from 0 to {self.seats - 1}, or left out for everyone")
        name = str(self.row.seats[seat].get("name") or f"seat {seat}")
        line = ChatLine(0, self.id, seat, to, name, text, time.time())
        try:
            line.id = await self.store.add_chat(line)
        except StoreError:
            raise TableError("storage", "the message could not be stored; try again") from None
        self._deliver_chat(line, ack)

    def _deliver_chat(self, line: ChatLine, ack: tuple[Client, Any] | None = None) -> None:
        if line.id <= self.chat_seen:
            return
        self.chat_seen = line.id
        self.chat.append(line)
        message = self._chat_json(line)
        for client in list(self.clients):
            if line.to is None or client.seat in (line.seat, line.to):
                if ack is not None and client is ack[0] and ack[1] is not None:
                    client.send({**message, "re": ack[1]})
                else:
                    client.send(message)

    # --- the record ---------------------------------------------------------------------

    async def record(self) -> Record:
        """The game's record: every move in force, and the moves taken back (in the result)."""
        entries = await self.store.entries(self.id, 0)
        moves: list[Move] = []
        taken_back: list[dict[str, Any]] = []
        for entry in entries:
            if entry.kind == "takeback":
                undone = moves.pop()
                taken_back.append({"after_move": len(moves), "seat": undone.seat, "action": undone.action})
            else:
                assert entry.action is not None
                moves.append(Move(entry.seat, entry.action))
        seats = [
            {"name": s.get("name"), "agent": s.get("bot") if s["kind"] == "bot" else "human"} for s in self.row.seats
        ]
        record = Record(self.game.id, self.game.rules_version, self.game.config(), seats, None, moves)
        result: dict[str, Any] = dict(self.row.outcome or {})
        result.update(actions=len(moves), taken_back=taken_back, table=self.id, status=self.row.status)
        record.result = result
        return record

    def busy(self) -> bool:
        """Whether something runs by itself here (a bot thinking, a clock or an away timer)."""
        return bool(self.timers) or (self.bot_task is not None and not self.bot_task.done())


def summary(row: TableRow, seats: list[dict[str, Any]], version: int, title: str) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "title": title,
        "options": row.options,
        "status": row.status,
        "version": version,
        "seats": seats,
        "clock": row.settings.get("clock"),
        "replace_after": row.settings.get("replace_after"),
        "outcome": row.outcome,
        "created": round(row.created, 3),
    }
