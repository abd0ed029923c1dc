"""The publisher of a table: what each seat is shown, and the telling of it.

Every message to a client is built from its seat's ``view`` and from narration written for
that seat (``State.describe(action, seat)`` and the public ``state.log``); a spectator gets the
view of nobody's seat. A seat's picture is built once per version and kept, and so is the JSON
text of its parts, so that the clients of one seat cost one encoding between them. Chat lines
go out here too. See docs/decisions/0013-game-server.md and docs/decisions/0027-server-in-parts.md.
"""

from __future__ import annotations

import functools
import time
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tycoon.core.errors import IllegalAction
from tycoon.core.families import ActionFamily
from tycoon.core.game import CHANCE, TERMINAL
from tycoon.core.messages import to_wire
from tycoon.server.authority import Event
from tycoon.server.common import FINISHED, PLAYING, Client, TableError, dumps
from tycoon.server.store import ChatLine, StoreError

if TYPE_CHECKING:
    from tycoon.core.actions import Action
    from tycoon.server.table import ServerTable

_MISSING = object()

ACTION_FORMS_KEPT = 4096
"""How many actions' JSON and text forms a table keeps before it starts again."""

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
        """This version's pictures, by seat."""
        self._cache_key: tuple[int, str] = (-1, "")
        self._action_forms: dict[Action, tuple[dict[str, Any], str]] = {}
        """The JSON and text forms of the actions the pictures listed, by action."""
        self._families: dict[int, list[ActionFamily]] = {}
        """The families each seat's cached picture lists, in its order (``narrow`` names one by
        its index there)."""
        self._common: dict[str, Any] | None = None
        """This version's common view (``State.common_view``), once a picture needed it."""
        self._common_built = False
        self._turn: dict[str, Any] | None = None
        """This version's ``turn``, once a picture needed it."""
        self._last: dict[int | None, dict[str, Any]] = {}
        """Each seat's latest picture, of this version or an earlier one: what a new one keeps
        the parts of that did not change."""
        self._last_common: dict[str, Any] = {}
        self._texts: dict[int, tuple[Any, str]] = {}
        """The JSON text of the parts encoded at this version, by the identity of the part
        (held with it, so that the identity is not taken by another object meanwhile)."""
        self._older_texts: dict[int, tuple[Any, str]] = {}
        """The same for the version before: a part that did not change keeps its text."""
        self._events: dict[tuple[int | None, int], str] = {}
        """This version's narration as JSON text, by seat and the version it follows."""
        self._frames: dict[tuple[Any, ...], tuple[Any, str]] = {}
        """This version's updates as JSON text up to the clocks, by seat, the version the client
        was told of and (for a diff) the identity of each part of the picture it holds, held with
        that picture so that no identity is taken by another object meanwhile: the clients of one
        seat, or the spectators, that hold the same parts share one frame."""

    # --- pictures -----------------------------------------------------------------------

    def _now(self) -> None:
        """Let go of what was built for an older version (a start or a close changes the
        status without a log entry: both are the key)."""
        table = self.table
        key = (table.version, table.row.status)
        if self._cache_key != key:
            self._cache_key = key
            self._cache.clear()
            self._families.clear()
            self._events.clear()
            self._frames.clear()
            self._common, self._common_built, self._turn = None, False, None
            self._older_texts, self._texts = self._texts, {}

    def picture(self, seat: int | None) -> dict[str, Any]:
        """The parts of a sync or an update that depend only on the version and the seat: the
        seat's view, its legal actions and families, whose decision it is, the status and the
        result once over. Built once per seat and version; never changed once built (diffs are
        taken against what a client was sent by identity first). A part equal to the one the
        seat's latest picture had is that very object, so that what did not change is
        compared at a glance and encoded once."""
        self._now()
        cached = self._cache.get(seat)
        if cached is None:
            cached = self._build(seat)
            self._cache[seat] = cached
            self._last[seat] = cached
        return cached

    def _build(self, seat: int | None) -> dict[str, Any]:
        table = self.table
        row, state = table.row, table.state
        last = self._last.get(seat) or {}
        if self._turn is None:
            p = state.current_player() if row.status == PLAYING else TERMINAL
            turn = {"seat": p if p >= 0 else None, "chance": p == CHANCE, "over": row.status == FINISHED}
            self._turn = last.get("turn") if last.get("turn") == turn else turn
        picture: dict[str, Any] = {"status": row.status, "turn": self._turn, "view": self._view(seat, last)}
        legal: list[dict[str, Any]] = []
        families: list[dict[str, Any]] = []
        if seat is not None and row.status == PLAYING and not state.is_terminal():
            try:
                actions = state.legal_actions(seat)
                found = state.action_families(seat)
            except IllegalAction:
                actions, found = [], []
            forms = self._action_forms
            if len(forms) >= ACTION_FORMS_KEPT:
                forms.clear()
            # An action's label reads the state, and is described anew (what the labels share
            # the game makes once).
            labels = state.labels(actions, seat)
            legal = []
            for a, label in zip(actions, labels, strict=True):
                # An action's JSON and text forms are its own, the same at every version: made
                # once.
                form = forms.get(a)
                if form is None:
                    form = forms[a] = (a.to_json(), str(a))
                legal.append({"action": form[0], "text": form[1], "label": to_wire(label)})
            families = [{**f.to_json(), "usage": " ".join([f.kind, *(f"<{n}>" for n in f.names)])} for f in found]
            self._families[seat] = list(found)
        picture["legal"] = _same(last.get("legal"), legal)
        picture["families"] = _same(last.get("families"), families)
        if row.outcome is not None:
            picture["outcome"] = row.outcome
        return picture

    def _view(self, seat: int | None, last: dict[str, Any]) -> dict[str, Any]:
        """The seat's view at this version: the common part built once for every seat and kept
        where it did not change, and the seat's own part over it (a game that does not split
        its view: the whole view, kept where it did not change)."""
        state = self.table.state
        if not self._common_built:
            self._common_built = True
            common = state.common_view()
            if common is not None:
                self._common = self._last_common = _kept(self._last_common, common)
        seen = last.get("view") or {}
        if self._common is None:
            return _kept(seen, state.view(seat))
        own = state.own_view(seat, self._common)
        if not own:
            return self._common
        return self._common | _kept(seen, own)

    def families(self, seat: int) -> list[ActionFamily]:
        """The families ``seat``'s picture lists now, in its order."""
        self.picture(seat)
        return self._families.get(seat, [])

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The seat's picture (:meth:`picture`) and the clocks, as a sync or a whole update has them."""
        out = dict(self.picture(seat))
        out["clocks"] = self.table.seating.clocks_json()
        return out

    def _text(self, value: Any) -> str:
        """The JSON text of a part of a picture, encoded once for every client and seat that is
        sent it at this version, and kept for the next while the part stays the same."""
        found = self._texts.get(id(value))
        if found is None or found[0] is not value:
            found = self._older_texts.get(id(value))
            if found is None or found[0] is not value:
                found = (value, dumps(value))
            self._texts[id(value)] = found
        return found[1]

    # --- narration ----------------------------------------------------------------------

    def _events_json(self, seat: int | None, since: int, events: list[Event]) -> str:
        """The JSON text of ``events`` (those after ``since``) as ``seat`` is told them, kept for
        this version (the clients of one seat, or the spectators, are told them alike)."""
        found = self._events.get((seat, since))
        if found is None:
            found = self._events[(seat, since)] = dumps([e.for_viewer(seat) for e in events])
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
        base = client.base if client.diff else None
        # The parts the client holds, by identity (a client's picture after a sync is a dict of
        # its own, with the parts of the picture that seat had then).
        key = (
            (seat, client.version, *(id(base.get(part)) for part in PICTURE))
            if base is not None
            else (seat, client.version)
        )
        found = self._frames.get(key)
        if found is None:
            found = self._frames[key] = (base, self._update_body(seat, client.version, events, picture, base))
        client.base = picture
        client.version = version
        parts = [found[1], ',"clocks":' + dumps(self.table.seating.clocks_json())]
        if client.acks:
            parts.append(',"re":' + dumps(client.acks))
            client.acks = []
        parts.append("}")
        return "".join(parts)

    def _update_body(
        self, seat: int | None, since: int, events: list[Event], picture: dict[str, Any], base: dict[str, Any] | None
    ) -> str:
        """An update's JSON text up to its clocks, for a client of ``seat`` told of version
        ``since`` that holds ``base`` (``None``: it takes whole pictures)."""
        version = self.table.version
        text = self._text
        parts = [
            f'{{"type":"update","version":{version}',
            ',"events":' + self._events_json(seat, since, events),
        ]
        if base is None:
            for part in PICTURE:
                if part in picture:
                    parts.append(f',"{part}":' + text(picture[part]))
        else:
            for part in PICTURE:
                if part == "view" or part not in picture:
                    continue
                value, was = picture[part], base.get(part)
                if value is not was and value != was:
                    parts.append(f',"{part}":' + text(value))
            view, seen = picture["view"], base.get("view") or {}
            changed: list[str] = []
            patched: list[str] = []
            if view is not seen:
                for key, value in view.items():
                    was = seen.get(key, _MISSING)
                    if value is was or value == was:
                        continue
                    if isinstance(value, list) and isinstance(was, list) and len(value) == len(was) > 1:
                        # A list as long as before (the players, say): only the items that changed.
                        items = [
                            f'"{i}":' + text(item)
                            for i, (item, old) in enumerate(zip(value, was, strict=True))
                            if item is not old and item != old
                        ]
                        if len(items) < len(value):
                            patched.append(_key(key) + ":{" + ",".join(items) + "}")
                            continue
                    changed.append(_key(key) + ":" + text(value))
            parts.append(',"view_set":{' + ",".join(changed) + "}")
            if patched:
                parts.append(',"view_items":{' + ",".join(patched) + "}")
            gone = [key for key in seen if key not in view]
            if gone:
                parts.append(',"view_unset":' + dumps(gone))
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


def _same(last: Any, fresh: Any) -> Any:
    """``last`` if it equals ``fresh`` (so that a part that did not change stays the same
    object), else ``fresh``."""
    return last if last is not None and (last is fresh or last == fresh) else fresh


def _kept(last: dict[str, Any], fresh: dict[str, Any]) -> dict[str, Any]:
    """``fresh``, a view or a part of one just built, with each value that equals ``last``'s
    under the same key replaced by ``last``'s, and each item of a list as long as before that
    equals the item it follows likewise: what did not change since ``last`` is the same object."""
    for key, value in fresh.items():
        was = last.get(key, _MISSING)
        if was is value:
            continue
        if was == value:
            fresh[key] = was
        elif type(value) is list and type(was) is list and len(value) == len(was):
            fresh[key] = [old if old is new or old == new else new for old, new in zip(was, value, strict=True)]
    return fresh


@functools.cache
def _key(key: str) -> str:
    """A view's key as JSON text."""
    return dumps(key)
