"""The words of the action families (a form's title, its questions, its fields' labels and units,
its choices' labels) are messages that read in each of the four languages."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from tycoon.agents import RandomAgent
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.families import ActionFamily, Choice
from tycoon.core.game import CHANCE
from tycoon.core.messages import Message, Text
from tycoon.core.registry import load
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.words import problems, render

from .test_messages import ENGLISH

SIGNS = ("%", "zł")
"""Units every language writes alike, kept as plain strings."""


def english_words(language: str) -> tuple[str, ...]:
    """The common English words (the list the narration's tests use) a text in ``language``
    must not hold; Dutch says "of" for "or"."""
    return tuple(w for w in ENGLISH if not (language == "nl" and w == " of "))


def words_of(family: ActionFamily) -> Iterator[Text]:
    """Everything a person reads of ``family`` on a form."""
    yield family.label
    for i, domain in enumerate(family.domains):
        yield family.prompt(i)
        yield family.field_label(i)
        unit = family.field_unit(i)
        if unit:
            yield unit
        if isinstance(domain, Choice):
            yield from domain.labels


def _families(game_id: str, seed: int, **options: object) -> list[ActionFamily]:
    """The families of every seat at every decision of a seeded game of two bots and two random
    agents (which make offers the bots answer)."""
    game = load(game_id, **options)
    state = game.new_state()
    bot = PlaybossBot if game_id == "playboss" else BiznesBot
    agents: list[Agent] = [bot() if s % 2 == 0 else RandomAgent(f"{seed}:{s}") for s in range(4)]
    rng = random.Random(seed)
    found: list[ActionFamily] = []
    while not state.is_terminal():
        seat = state.current_player()
        if seat != CHANCE:
            found.extend(state.action_families(seat))
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
        state.apply(action, seat)
    return found


@pytest.fixture(scope="module")
def families() -> list[ActionFamily]:
    found = _families("playboss", 1, players=4, years=2, steps=[1, 2, 3, 4, 5, 6])
    found += _families("playboss", 2, players=4, years=2)
    found += _families("biznes_po_polsku", 3, players=4, rounds=12)
    return found


def test_the_families_of_seeded_games_say_everything_in_messages(families: list[ActionFamily]) -> None:
    """No label, question, field label or choice of a family is an English string: each is a
    message (a unit may be a sign every language shares)."""
    texts = {w for f in families for w in words_of(f)}
    plain = sorted(w for w in texts if isinstance(w, str) and w not in SIGNS)
    assert plain == []
    keys = {w.key for w in texts if isinstance(w, Message)}
    # Families of the core, of each game, the reasons and a firm on a form among them.
    assert {"pb.fam.offer_loan", "pb.fam.counter", "bp.fam.sale", "bp.fam.firm"} <= keys
    assert any(k.startswith("pb.fam.reason.") for k in keys)
    assert any(k.startswith("bp.reason_line.") for k in keys)


@pytest.mark.parametrize("language", ["en", "de", "nl", "pl"])
def test_the_families_words_read_in_each_language_without_english(families: list[ActionFamily], language: str) -> None:
    """Each word of a family renders from the language's own catalogue, no key or parameter
    missing, and the German, Dutch and Polish ones hold no common English word."""
    messages = {w for f in families for w in words_of(f) if isinstance(w, Message)}
    wrong = sorted({p for m in messages for p in problems(m, language)})
    assert wrong == []
    if language != "en":
        texts = [render(m, language) for m in messages]
        english = sorted(t for t in texts if any(w in f" {t} " for w in english_words(language)))
        assert english == [], english[:5]


def test_a_family_on_the_wire_carries_its_words_as_messages(families: list[ActionFamily]) -> None:
    """``to_json`` sends the label, the questions, the fields' labels and the choices' labels in
    the wire form of messages, which the page renders for its reader."""
    family = next(f for f in families if f.kind == "offer-sale")
    data = family.to_json()
    assert data["label"] == {"k": "bp.fam.sale"}
    space = data["fields"][0]
    assert space["prompt"] == {"k": "bp.fam.which_firm"}
    assert space["label"] == {"k": "bp.fam.field.your_firm"}
    assert space["labels"][0]["k"] in ("bp.fam.firm", "bp.fam.firm_mortgaged")
    assert set(space["labels"][0]["p"]) == {"firm", "n", "owner"}
    assert "seat" in space["labels"][0]["p"]["owner"]
