"""The publisher of a table: what each seat is shown, and the telling of it.

Every message to a client is built from its seat's ``view`` and from narration written for
that seat (``State.describe(action, seat)`` and the public ``state.log``); a spectator gets the
view of nobody's seat. A seat's picture is built once per version and kept, and so is the JSON
text of its parts, so that the clients of one seat cost one encoding between them. Chat lines
go out here too. See docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.game import CHANCE, TERMINAL
from tycoon.server.authority import Event
from tycoon.server.common import FINISHED, PLAYING, Client, TableError, dumps
from tycoon.server.store import ChatLine, StoreError

if TYPE_CHECKING:
    from tycoon.server.table import ServerTable

_MISSING = object()

PICTURE = ("status", "turn", "view", "legal", "families", "outcome")
"""The parts of a sync or an update that depend only on the version and the seat."""


class Publisher:
    """The clients of one table and what they are told."""

    def __init__(self, table: ServerTable) -> None:
        self.table = table
        self.clients: set[Client] = set()
        self.chat: deque[ChatLine] = deque(maxlen=100)
        self.chat_seen = 0
        self._cache: dict[int | None, dict[str, Any]] = {}
        self._families: dict[int, list[ActionFamily]] = {}
        """The families each seat's cached picture lists, in its order (``narrow`` names one by
        its index there)."""
        self._cache_key: tuple[int, str] = (-1, "")
        self._encoded: dict[tuple[int | None, str, str, int | None], str] = {}
        """JSON text of the cached pictures' parts, by seat, part, view key ("" for the whole
        part) and item of that key's list (``None`` for the whole value)."""

    # --- pictures -----------------------------------------------------------------------

    def _turn(self) -> dict[str, Any]:
        row = self.table.row
        p = self.table.state.current_player() if row.status == PLAYING else TERMINAL
        return {"seat": p if p >= 0 else None, "chance": p == CHANCE, "over": row.status == FINISHED}

    def picture(self, seat: int | None) -> dict[str, Any]:
        """The parts of a sync or an update that depend only on the version and the seat: the
        seat's view, its legal actions and families, whose decision it is, the status and the
        result once over. Built once per seat and version; never changed once built (diffs are
        taken against what a client was sent by identity first)."""
        table = self.table
        row, state = table.row, table.state
        # A start or a close changes the status without a log entry: both are the key.
        if self._cache_key != (table.version, row.status):
            self._cache.clear()
            self._families.clear()
            self._encoded.clear()
            self._cache_key = (table.version, row.status)
        cached = self._cache.get(seat)
        if cached is None:
            cached = {"status": row.status, "turn": self._turn(), "view": state.view(seat)}
            legal: list[dict[str, Any]] = []
            families: list[dict[str, Any]] = []
            if seat is not None and row.status == PLAYING and not state.is_terminal():
                try:
                    actions = state.legal_actions(seat)
                    found = state.action_families(seat)
                except IllegalAction:
                    actions, found = [], []
                legal = [{"action": a.to_json(), "text": str(a), "label": state.describe(a, seat)} for a in actions]
                families = [{**f.to_json(), "usage": " ".join([f.kind, *(f"<{n}>" for n in f.names)])} for f in found]
                self._families[seat] = list(found)
            cached["legal"] = legal
            cached["families"] = families
            if row.outcome is not None:
                cached["outcome"] = row.outcome
            self._cache[seat] = cached
        return cached

    def families(self, seat: int) -> list[ActionFamily]:
        """The families ``seat``'s picture lists now, in its order."""
        self.picture(seat)
        return self._families.get(seat, [])

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The seat's picture (:meth:`picture`) and the clocks, as a sync or a whole update has them."""
        out = dict(self.picture(seat))
        out["clocks"] = self.table.seating.clocks_json()
        return out

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

    # --- narration ----------------------------------------------------------------------

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
        history = self.table.authority.history
        now = self.table.version
        if version > now:
            return None
        if version == now:
            return []
        if not history or history[0].version > version + 1:
            return None
        if history[-1].version - version <= 8:
            # The usual case: a few events since; look from the end.
            out: list[Event] = []
            for event in reversed(history):
                if event.version <= version:
                    break
                out.append(event)
            out.reverse()
            return out
        return [e for e in history if e.version > version]

    # --- messages -----------------------------------------------------------------------

    def sync_message(self, client: Client, since: int | None = None) -> dict[str, Any]:
        """A whole picture for a client: the table, its seat's view and the narration it missed
        (since ``since``) or, when that is too old, the latest narration kept."""
        table = self.table
        seat = client.seat
        events = self.events_since(since, seat) if since is not None else None
        complete = events is not None
        if events is None:
            events = [e.for_viewer(seat) for e in list(table.authority.history)[-50:]]
        client.version = table.version
        chat = [self._chat_json(line) for line in self.chat if line.to is None or seat in (line.seat, line.to)]
        return {
            "type": "sync",
            "table": table.summary(),
            "seat": seat,
            "version": table.version,
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
        version = self.table.version
        if client.version == version and not client.acks:
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
            f'{{"type":"update","version":{version}',
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
        client.version = version
        parts.append(',"clocks":' + dumps(self.table.seating.clocks_json()))
        if client.acks:
            parts.append(',"re":' + dumps(client.acks))
            client.acks = []
        parts.append("}")
        return "".join(parts)

    def broadcast(self) -> None:
        """Let every client know there is news (each is sent :meth:`update_text` when its
        connection next writes)."""
        for client in list(self.clients):
            client.mark_dirty()

    def tell(self, message: dict[str, Any], seats: Iterable[int | None] | None = None) -> None:
        wanted = None if seats is None else set(seats)
        for client in list(self.clients):
            if wanted is None or client.seat in wanted:
                client.send(message)

    def tell_seats(self) -> None:
        self.tell({"type": "seats", "seats": self.table.seating.seat_json(), "status": self.table.row.status})

    def shut(self, reason: str) -> None:
        """Tell every client the table is shut, and let them go."""
        for client in list(self.clients):
            client.send({"type": "closed", "status": self.table.row.status, "message": reason})
            client.close(1000, reason)

    # --- chat ---------------------------------------------------------------------------

    async def restore_chat(self) -> None:
        for line in await self.table.store.chat(self.table.id, 0, 100):
            self.chat.append(line)
            self.chat_seen = max(self.chat_seen, line.id)

    async def catch_up_chat(self) -> None:
        for line in await self.table.store.chat(self.table.id, self.chat_seen, 100):
            self._deliver_chat(line)

    def _chat_json(self, line: ChatLine) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "chat", "id": line.id, "seat": line.seat, "name": line.name, "text": line.text}
        out["at"] = round(line.at, 3)
        if line.to is not None:
            out["to"] = line.to
        return out

    async def say(self, seat: int, text: str, to: int | None, ack: tuple[Client, Any] | None = None) -> None:
        """Store and deliver a chat line; the sender's copy answers its request (``re``)."""
        table = self.table
        if to is not None and not (isinstance(to, int) and not isinstance(to, bool) and 0 <= to < table.seats):
            raise TableError("chat", f"'to' is a seat from 0 to {table.seats - 1}, or left out for everyone")
        name = str(table.row.seats[seat].get("name") or f"seat {seat}")
        line = ChatLine(0, table.id, seat, to, name, text, time.time())
        try:
            line.id = await table.store.add_chat(line)
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
