"""The ``narrow`` message: a seat asks the domain of a family's next field for the values it
chose for the fields before it, and gets it (a firm's price up to what the chosen buyer holds),
or an error that changes nothing."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest
from serverkit import Client, Server

from tycoon.core.families import IntRange

FRYZJER = 14
"""Zakład fryzjerski, a firm of Biznes po polsku."""
PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Cy"}]


class Sale(NamedTuple):
    table: Any
    """The server's table."""
    client: Client
    """The connection of the seat to move."""
    family: int
    """The index of its family of sales."""
    rich: int
    """The seat holding the starting 15,000 zł."""
    poor: int
    """The seat holding little."""
    tokens: list[str]
    """Each seat's token."""


def _sale_table(server: Server, poor_cash: int = 150) -> Sale:
    """A table of three people where the seat to move owns a firm, one other seat holds the
    starting 15,000 zł and the third ``poor_cash``."""
    answer = server.create("biznes_po_polsku", PEOPLE)
    table = server.table(answer["id"])
    state = table.state
    mover = state.current_player()
    rich, poor = [s for s in range(3) if s != mover]
    # The position is set on the table's state before anyone has been sent its families.
    state.set_owner(FRYZJER, mover)
    state.ledger_out += poor_cash - state.players[poor].cash
    state.players[poor].cash = poor_cash
    table.publisher._cache_key = (-1, "")
    tokens = [s["token"] for s in answer["seats"]]
    client = server.connect(answer["id"], tokens[mover])
    kinds = [f["kind"] for f in client.state["families"]]
    return Sale(table, client, kinds.index("offer-sale"), rich, poor, tokens)


def _narrow(client: Client, family: int, prefix: list[Any], version: int | None = None) -> dict[str, Any]:
    return client.request(
        {
            "type": "narrow",
            "version": client.version if version is None else version,
            "family": family,
            "prefix": prefix,
        }
    )


def test_the_price_follows_the_buyer_chosen(db: str) -> None:
    with Server(db) as server:
        table, ann, sale, rich, poor, _ = _sale_table(server)
        (price,) = [f for f in ann.state["families"][sale]["fields"] if f["name"] == "price"]
        assert (price["lo"], price["hi"], price["step"]) == (10, 15_000, 10)
        to_poor = _narrow(ann, sale, [FRYZJER, poor])
        assert to_poor["type"] == "narrowed" and to_poor["version"] == ann.version
        assert (to_poor["family"], to_poor["prefix"], to_poor["field"]) == (sale, [FRYZJER, poor], "price")
        assert to_poor["domain"] == IntRange(10, 150, 10).to_json() and to_poor["exact"] is True
        assert _narrow(ann, sale, [FRYZJER, rich])["domain"] == IntRange(10, 15_000, 10).to_json()
        buyers = _narrow(ann, sale, [FRYZJER])
        assert buyers["field"] == "to" and sorted(buyers["domain"]["values"]) == sorted([rich, poor])
        assert table.version == ann.version


def _bad_questions(version: int, sale: int, poor: int) -> list[tuple[dict[str, Any], str]]:
    """(message, expected error code) pairs; none may change anything."""
    ask = {"type": "narrow", "version": version, "family": sale}
    return [
        ({"type": "narrow", "family": sale, "prefix": []}, "bad-message"),  # no version
        ({**ask, "version": "1", "prefix": []}, "bad-message"),
        ({**ask, "version": version - 1, "prefix": []}, "stale"),
        ({**ask}, "bad-narrow"),  # no prefix
        ({**ask, "prefix": "14"}, "bad-narrow"),
        ({**ask, "prefix": {"space": 14}}, "bad-narrow"),
        ({**ask, "prefix": list(range(1000))}, "bad-narrow"),
        ({**ask, "prefix": [[FRYZJER]]}, "bad-narrow"),
        ({**ask, "prefix": [{"a": 1}]}, "bad-narrow"),
        ({**ask, "prefix": [2**70]}, "bad-narrow"),
        ({**ask, "prefix": ["x" * 1000]}, "bad-narrow"),
        ({**ask, "prefix": [1.5]}, "bad-narrow"),
        ({**ask, "prefix": [True]}, "bad-narrow"),  # not a firm: true is no space number
        ({**ask, "prefix": [str(FRYZJER)]}, "bad-narrow"),
        ({**ask, "prefix": [FRYZJER + 1]}, "bad-narrow"),
        ({**ask, "prefix": [FRYZJER, 9]}, "bad-narrow"),
        ({**ask, "prefix": [FRYZJER, poor, 10]}, "bad-narrow"),  # no field left to narrow
        ({**ask, "family": 99, "prefix": []}, "bad-narrow"),
        ({**ask, "family": -1, "prefix": []}, "bad-narrow"),
        ({**ask, "family": True, "prefix": []}, "bad-narrow"),
        ({**ask, "family": "0", "prefix": []}, "bad-narrow"),
        ({**ask, "family": 10**30, "prefix": []}, "bad-narrow"),
        ({**ask, "family": None, "prefix": []}, "bad-narrow"),
        ({**ask, "seat": poor, "prefix": []}, "not-your-seat"),
    ]


def test_bad_questions_are_answered_with_an_error_and_change_nothing(db: str) -> None:
    with Server(db) as server:
        table, ann, sale, _, poor, _ = _sale_table(server)
        fingerprint, version = table.state.fingerprint(), table.version
        for message, code in _bad_questions(version, sale, poor):
            reply = ann.request(message)
            assert reply["type"] == "error", message
            assert reply["code"] == code, (message, reply)
            assert reply["message"] and "Traceback" not in reply["message"]
            assert len(reply["message"]) < 500
            assert table.state.fingerprint() == fingerprint and table.version == version
        # and the connection still answers
        assert _narrow(ann, sale, [FRYZJER, poor])["domain"]["hi"] == 150


def test_a_prefix_no_legal_action_starts_with_is_illegal(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with Server(db) as server:
        table, ann, sale, _, poor, _ = _sale_table(server, poor_cash=0)
        # A seat with nothing is no buyer: it is not offered, so it is refused as outside the field.
        reply = _narrow(ann, sale, [FRYZJER, poor])
        assert reply["type"] == "error" and reply["code"] == "bad-narrow"
        fingerprint = table.state.fingerprint()
        # A prefix inside the family's own domains that no legal member starts with is the
        # rules' refusal, in their words.
        family = table.publisher._families[ann.seat][sale]

        def nothing_fits(state: Any, family: Any, prefix: Any, seat: Any = None) -> Any:
            from tycoon.core.errors import IllegalAction

            raise IllegalAction("offer-sale: no legal member starts with that")

        monkeypatch.setattr(type(table.state), "narrow", nothing_fits)
        refused = _narrow(ann, sale, [family.domains[0].values[0]])
        assert refused["type"] == "error" and refused["code"] == "illegal"
        assert "no legal member" in refused["message"]
        assert table.state.fingerprint() == fingerprint


def test_a_field_the_game_cannot_narrow_is_answered_with_its_own_domain(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Server(db) as server:
        table, ann, sale, _, poor, _ = _sale_table(server)

        def cannot(state: Any, family: Any, prefix: Any, seat: Any = None) -> Any:
            raise NotImplementedError("too many completions")

        monkeypatch.setattr(type(table.state), "narrow", cannot)
        reply = _narrow(ann, sale, [FRYZJER, poor])
        assert reply["exact"] is False and reply["domain"] == IntRange(10, 15_000, 10).to_json()


def test_a_spectator_and_a_seat_without_families_are_refused(db: str) -> None:
    with Server(db) as server:
        table, _, _, rich, _, tokens = _sale_table(server)
        watcher = server.connect(table.id)
        reply = watcher.request({"type": "narrow", "version": watcher.version, "family": 0, "prefix": []})
        assert reply["code"] == "spectator"
        # Another seat is sent no family now: no index names one of its families.
        other = server.connect(table.id, tokens[rich])
        assert other.state["families"] == []
        refused = other.request({"type": "narrow", "version": other.version, "family": 0, "prefix": []})
        assert refused["code"] == "bad-narrow" and "none" in refused["message"]
