"""The authority of a table: the only true state of its game, and the one way it changes.

A move is applied to a copy of the state, followed by any chance outcomes it leads to (drawn
from the table's seed, which never leaves the server), stored, and only then adopted and
published; if storing fails the copy is dropped and nothing happened. The authority also
restores a table from its snapshot and log, takes in what another process stored, and keeps
the log's narration (:class:`Event`) that the publisher filters for each seat. See
docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from tycoon.core.actions import Action, JSONValue
from tycoon.core.driver import sample_chance
from tycoon.core.errors import IllegalAction, InvalidNotation
from tycoon.core.game import CHANCE, State
from tycoon.core.messages import Seat, Text, msg, to_wire
from tycoon.core.record import Move, Record
from tycoon.server.common import CLOSED, FINISHED, PLAYING, WAITING, Client, Stale, TableError
from tycoon.server.store import Conflict, Entry, StoreError

if TYPE_CHECKING:
    from tycoon.server.table import ServerTable

log = logging.getLogger("tycoon.server")

MAX_CHAIN = 10_000
"""Chance outcomes one move may lead to before the server gives up (a bug in the rules)."""

MAX_FOLLOWING = 100
"""Decisions of one seat a move may take in one step (``Authority.move``'s ``follow``)."""

Follow = Callable[[State], Action | None]
"""What chooses a seat's next decision in the same step (``Authority.move``): given the state
the step has reached (to read, not to change), that seat's next action, or ``None`` to stop."""


def wired(texts: Iterable[Text]) -> tuple[Any, ...]:
    """Narration as it goes to the pages: each message on the wire (each page renders it in its
    reader's language), each plain string as it is. A message is kept as its JSON text (an
    ``orjson.Fragment``, written into every frame as it is): a table keeps its recent narration
    for clients that catch up, and a message's nested dicts cost it several times the bytes of
    its text (decoded to ``str``: orjson's ``bytes`` keep the room of its buffer, kilobytes
    each). A game tells most actions alike to every seat by one message repeated
    (``describe_all``): it is encoded once."""
    out: list[Any] = []
    last: Text | None = None
    wire: Any = None
    for text in texts:
        if text is not last:
            last = text
            wire = text if isinstance(text, str) else orjson.Fragment(orjson.dumps(to_wire(text)).decode())
        out.append(wire)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Event:
    """One log entry as narrated: each seat's reading of it and the public narration."""

    version: int
    seat: int
    by: str
    texts: tuple[Any, ...]
    """``describe`` of the action for each seat, then for a spectator (last), on the wire
    (``tycoon.core.messages.to_wire``: a message for each page to render in its reader's
    language, or a plain string)."""
    log: tuple[Any, ...]
    """What the rules narrated while applying it (public) and the server's notes, on the wire."""
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
class Pending:
    """A change applied to a copy of the state, not yet stored."""

    work: State
    entries: list[Entry]
    events: list[Event]
    chances: int
    before: State | None = None
    before_action: dict[str, Any] | None = None
    before_seat: int = -1
    fields: dict[str, Any] = field(default_factory=dict)
    """The table's columns the change sets besides its version (status, seats)."""
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


class Authority:
    """The state of one table's game as stored, and every change to it (called with the
    table's lock held, except :meth:`restore` and :meth:`record`)."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table
        self.game = table.game
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
        self.history: deque[Event] = deque(maxlen=max(10, table.config.history))
        """The narration of the latest entries, for the clients that missed them."""

    # --- loading ------------------------------------------------------------------------

    async def restore(self) -> None:
        """Rebuild the game from the latest snapshot and the log entries after it."""
        table = self.table
        start = 0
        found = await table.store.snapshot(table.id)
        if found is not None and found[0] <= table.row.version:
            snap = self._unpickle(found[1])
            if snap is not None:
                self.state, self.before = snap.state, snap.before
                self.before_action, self.before_seat = snap.before_action, snap.before_seat
                self.chances, self.version, self.snapshot_seq = snap.chances, snap.seq, snap.seq
                start = snap.seq
        entries = await table.store.entries(table.id, start)
        if start == 0:
            self.state = self.game.new_state()
        told = max(0, len(entries) - self.history.maxlen if self.history.maxlen else 0)
        for i, entry in enumerate(entries):
            self.replay(entry, narrate=i >= told)
        if self.version != table.row.version:
            log.warning("table %s: the log ends at %s but the table says %s", table.id, self.version, table.row.version)

    def _unpickle(self, data: bytes) -> Snapshot | None:
        try:
            snap = _SnapshotUnpickler(io.BytesIO(zlib.decompress(data)), self.game).load()
        except Exception as e:
            log.warning("table %s: snapshot unreadable (%s); replaying the whole log", self.table.id, e)
            return None
        if (
            not isinstance(snap, Snapshot)
            or snap.rules_version != self.game.rules_version
            or snap.code != code_tag(type(self.state))
        ):
            return None
        snap.state.log = None
        return snap

    def replay(self, entry: Entry, *, narrate: bool) -> None:
        """Apply a stored entry (at load, or one another process stored)."""
        table = self.table
        if entry.seq != self.version + 1:
            raise StoreError(f"table {table.id}: log entry {entry.seq} follows {self.version}")
        if entry.kind == "takeback":
            if self.before is None or self.before_action is None:
                raise StoreError(f"table {table.id}: entry {entry.seq} takes back a move that cannot be")
            taken = self.game.codec.from_json(self.before_action)
            if narrate:
                self.history.append(self.takeback_event(entry.seq, entry.seat, self.before, taken))
            self.state, self.before, self.before_action = self.before, None, None
            table.bots.forget()
        else:
            assert entry.action is not None
            action = self.game.codec.from_json(entry.action)
            if entry.by == "person":
                self.before, self.before_action, self.before_seat = self.state, entry.action, entry.seat
                self.state = self.state.clone()
            else:
                self.before, self.before_action = None, None
            texts = self.state.describe_all(action) if narrate else ()
            self.state.log = [] if narrate else None
            self.state.apply(action, entry.seat)
            if narrate:
                self.history.append(
                    Event(entry.seq, entry.seat, entry.by, wired(texts), wired(self.state.log or ()), entry.action)
                )
            self.state.log = None
            if entry.seat == CHANCE:
                self.chances += 1
            table.bots.moved([(entry.seat, action)])
        self.version = entry.seq

    def takeback_event(self, seq: int, seat: int, before: State, action: Action) -> Event:
        texts = wired(msg("table.takes_back", what=t) for t in before.describe_all(action))
        return Event(seq, seat, "person", texts, wired([msg("table.took_back", seat=Seat(seat))]), None, True)

    # --- moves --------------------------------------------------------------------------

    def check_playing(self) -> None:
        status = self.table.row.status
        if status != PLAYING:
            raise TableError(
                "not-playing",
                {
                    WAITING: "the game has not started yet",
                    FINISHED: "the game is over",
                    CLOSED: "the table is closed",
                }.get(status, f"the table is {status}"),
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
        follow: Follow | None = None,
    ) -> None:
        """Apply ``action`` for ``seat``, then any chance it leads to; store it; tell everyone.

        With ``follow`` (a bot that moves at once, decision 0054), while ``seat`` decides again
        its next actions as ``follow`` chooses them go into the same step: stored in the same
        write, published once. The step ends where ``follow`` gives ``None`` or an action the
        rules refuse (the bot's next move is then made apart, as any other).

        Raises :class:`Stale` if ``expect`` is not the current version, ``IllegalAction`` (with
        the engine's message) if the rules refuse it, :class:`TableError` otherwise. Whatever
        is raised, the table is as it was."""
        table = self.table
        async with table.lock:
            self.check_playing()
            if expect is not None and expect != self.version:
                raise Stale(
                    "stale",
                    f"the table has moved on to version {self.version}; your action was chosen at version "
                    f"{expect}, so it was not applied. Here is the table as it is now.",
                )
            if by == "person" and table.row.seats[seat].get("stand_in"):
                await table.seating.set_stand_in(seat, None, notice=f"seat {seat} takes the seat back from the bot.")
            work = self.state.clone()
            texts = work.describe_all(action)
            work.log = []
            try:
                work.apply(action, seat)
            except IllegalAction:
                raise
            except Exception:
                log.exception("table %s: the rules failed on %s by seat %s", table.id, action, seat)
                raise TableError("internal", "the server could not apply this action; nothing changed") from None
            now = time.time()
            narration = wired(work.log or ())
            if note:
                narration = (note, *narration)
            first = Entry(self.version + 1, "move", seat, action.to_json(), by, now)
            pending = Pending(
                work, [first], [Event(first.seq, seat, by, wired(texts), narration, first.action)], self.chances
            )
            pending.actions.append(action)
            self.chance(pending, now)
            if follow is not None:
                self.following(pending, seat, by, follow, now)
            if by == "person" and len(pending.entries) == 1:
                pending.before, pending.before_action, pending.before_seat = self.state, first.action, seat
            await self.commit(pending, actor=seat, ack=ack)

    async def narrow(self, seat: int, index: int, prefix: list[JSONValue], *, expect: int) -> dict[str, Any]:
        """The ``narrowed`` answer to ``seat``'s question: the domain of the next field of its
        family ``index`` (as its picture lists them at version ``expect``) once the first fields
        hold ``prefix`` (``State.narrow``). Where the game cannot narrow that field, the family's
        own domain, with ``"exact": false``. Raises :class:`TableError` for a stale version, a
        family that is not there or a value outside its field's own domain, and
        ``IllegalAction`` when no legal action starts with ``prefix``; nothing changes."""
        table = self.table
        async with table.lock:
            self.check_playing()
            if expect != self.version:
                raise TableError(
                    "stale", f"the table has moved on to version {self.version}; the form was of version {expect}"
                )
            families = table.publisher.families(seat)
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
                narrowed = await loop.run_in_executor(table.hub.bots, self.state.narrow, family, list(prefix), seat)
                exact = True
            except NotImplementedError:
                narrowed, exact = family.domains[len(prefix)], False
            except IllegalAction:
                raise
            except Exception:
                log.exception("table %s: the rules failed to narrow %s after %r", table.id, family.kind, prefix)
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
        async with self.table.lock:
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
            event = self.takeback_event(entry.seq, seat, self.before, taken)
            pending = Pending(self.before, [entry], [event], self.chances)
            await self.commit(pending, actor=seat, ack=ack, takeback=True)

    def following(self, pending: Pending, seat: int, by: str, follow: Follow, now: float) -> None:
        """Apply ``seat``'s next decisions as ``follow`` chooses them, each followed by the
        chance it leads to, for as long as the decision is ``seat``'s (see :meth:`move`)."""
        work = pending.work
        for _ in range(MAX_FOLLOWING):
            if work.current_player() != seat:
                return
            action = follow(work)
            if action is None:
                return
            try:
                texts = work.describe_all(action)
                work.log = []
                work.apply(action, seat)
            except IllegalAction:
                work.log = None  # the rules left the state as it was: the step ends before it
                return
            except Exception:
                log.exception("table %s: the rules failed on %s by seat %s", self.table.id, action, seat)
                raise TableError("internal", "the server could not apply this action; nothing changed") from None
            entry = Entry(pending.entries[-1].seq + 1, "move", seat, action.to_json(), by, now)
            pending.entries.append(entry)
            pending.actions.append(action)
            pending.events.append(Event(entry.seq, seat, by, wired(texts), wired(work.log or ()), entry.action))
            self.chance(pending, now)

    def chance(self, pending: Pending, now: float) -> None:
        """Draw every chance outcome due now, each from the seed and its number (so tables
        sharing a deal see the same dice and cards in the same order)."""
        work = pending.work
        while work.current_player() == CHANCE:
            if len(pending.entries) > MAX_CHAIN:
                raise TableError("internal", "the game did not leave chance; nothing changed")
            outcome = sample_chance(work, random.Random(f"{self.table.row.seed}:chance:{pending.chances}"))
            texts = work.describe_all(outcome)
            work.log = []
            work.apply(outcome, CHANCE)
            seq = pending.entries[-1].seq + 1 if pending.entries else self.version + 1
            entry = Entry(seq, "move", CHANCE, outcome.to_json(), "chance", now)
            pending.entries.append(entry)
            pending.actions.append(outcome)
            pending.events.append(Event(entry.seq, CHANCE, "chance", wired(texts), wired(work.log or ()), entry.action))
            pending.chances += 1

    async def commit(
        self, pending: Pending, *, actor: int | None, ack: tuple[Client, Any] | None = None, takeback: bool = False
    ) -> None:
        """Store a pending change; adopt and publish it only once stored (called with the lock
        held)."""
        table = self.table
        row = table.row
        seating = table.seating
        work = pending.work
        work.log = None
        fields = dict(pending.fields)
        status = pending.fields.get("status", row.status)
        outcome = None
        if status == PLAYING and work.is_terminal():
            o = work.outcome()
            outcome = {"scores": list(o.scores), "winners": list(o.winners), "eliminated": list(o.eliminated)}
            status = FINISHED
            fields["status"], fields["outcome"] = FINISHED, outcome
        saved_clocks = None
        if seating.clocks is not None:
            saved_clocks = copy.copy(seating.clocks)
            saved_clocks.banks = list(seating.clocks.banks)
            seating.clock_turn(work, status, actor, new_decision=True)
            fields["clocks"] = {"banks": seating.clocks.banks}
        last = pending.entries[-1].seq if pending.entries else self.version
        snapshot = None
        if last - self.snapshot_seq >= table.config.snapshot_every and not work.is_terminal():
            snapshot = (last, self._pickle(pending, last))
        try:
            await table.store.append(table.id, self.version, pending.entries, fields, snapshot, pending.expect_meta)
        except Conflict:
            if saved_clocks is not None:
                seating.clocks = saved_clocks
            await table.catch_up_locked()
            raise Stale("stale", "another move was made at the same time; here is the table as it is now") from None
        except StoreError:
            if saved_clocks is not None:
                seating.clocks = saved_clocks
            raise TableError("storage", "the move could not be stored, so it did not happen; try again") from None
        # Stored: now it happened.
        if snapshot is not None:
            self.snapshot_seq = last
        self.state, self.version, self.chances = work, last, pending.chances
        self.before, self.before_action, self.before_seat = pending.before, pending.before_action, pending.before_seat
        if takeback:
            table.bots.forget()
        else:
            table.bots.moved(list(zip((entry.seat for entry in pending.entries), pending.actions, strict=True)))
        self.history.extend(pending.events)
        if "seats" in fields:
            row.seats = fields["seats"]
            row.meta += 1
        row.status = status
        row.version = last
        if outcome is not None:
            row.outcome = outcome
        if ack is not None and ack[1] is not None:
            ack[0].acks.append(ack[1])
        table.changed()

    def _pickle(self, pending: Pending, seq: int) -> bytes:
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

    # --- the record ---------------------------------------------------------------------

    async def record(self) -> Record:
        """The game's record: every move in force, and the moves taken back (in the result)."""
        table = self.table
        entries = await table.store.entries(table.id, 0)
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
            {"name": s.get("name"), "agent": s.get("bot") if s["kind"] == "bot" else "human"} for s in table.row.seats
        ]
        record = Record(self.game.id, self.game.rules_version, self.game.config(), seats, None, moves)
        result: dict[str, Any] = dict(table.row.outcome or {})
        result.update(actions=len(moves), taken_back=taken_back, table=table.id, status=table.row.status)
        record.result = result
        return record
