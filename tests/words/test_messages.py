"""Messages and their rendering: the catalogue's text format, plurals by CLDR, numbers by one
rule a language, the wire form, and what keeps a message from being said."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from tycoon.agents import RandomAgent
from tycoon.core.actions import Action
from tycoon.core.driver import Agent, sample_chance
from tycoon.core.game import CHANCE, State
from tycoon.core.messages import Items, Message, Money, Param, Seat, Term, Text, from_wire, msg, to_wire
from tycoon.core.registry import load
from tycoon.games.biznes_po_polsku.bot import BiznesBot
from tycoon.games.die_bosse.bot import DieBosseBot
from tycoon.games.playboss.bot import PlaybossBot
from tycoon.words import catalogue, format_number, language_from_environment, problems, render
from tycoon.words.icu import Arg, Choice, Hash, TextError, parse, placeholders
from tycoon.words.numbers import plural_category, read_number

NBSP = "\u00a0"


def test_a_text_parses_into_words_placeholders_and_choices() -> None:
    nodes = parse("{seat} pays {n, plural, one {# card} other {# cards}} to {x, select, bank {the bank} other {x}}.")
    assert nodes[0] == Arg("seat")
    plural = nodes[2]
    assert isinstance(plural, Choice) and plural.kind == "plural"
    assert plural.branches["one"] == (Hash(), " card")
    assert placeholders(nodes) == {"seat", "n", "x"}
    assert parse("it's 5 o'clock # sharp") == ("it's 5 o'clock # sharp",)  # no quoting; # is text outside a plural


def test_a_seat_in_a_case_reads_as_polish_says_it_named_or_numbered() -> None:
    """``{seat, case, gen}``: Polish declines the word for a player, never the name (a name is
    the player's, as written); the number of a seat without a name follows the declined word.
    The other languages say the seat as they always do."""
    assert parse("od {seat, case, gen} za") == ("od ", Arg("seat", "gen"), " za")
    offer = msg("bp.terms.buy_from", firm=Term("bp.space.5"), seat=Seat(2), price=Money(1600, "bp.unit.zl"), note="")
    assert render(offer, "pl") == "kupić firmę Budka z hot-dogami od gracza 2 za 1\u00a0600 zł"
    assert (
        render(offer, "pl", ["Anna", "Bartek", "Celina"])
        == "kupić firmę Budka z hot-dogami od gracza Celina za 1\u00a0600 zł"
    )
    # The terminal numbers a seat without a name from 1: it gives that number in place of a name.
    assert render(offer, "pl", ["Anna", "Bartek", 3]) == "kupić firmę Budka z hot-dogami od gracza 3 za 1\u00a0600 zł"
    assert (
        render(offer, "de", ["Anna", "Bartek", 3])
        == "Budka z hot-dogami (Hotdog-Stand) von Spieler 3 für 1.600 zł zu kaufen"
    )
    paid = msg("bp.card.los.0", seat=Seat(0), amount=Money(300, "bp.unit.zl"), pyramid=Money(0, "bp.unit.zl"))
    assert render(paid, "pl", [1, "Bartek"]).endswith("BANK płaci 300 zł graczowi 1")
    # At the start of a sentence a seat without a name is capitalised, a name is as written.
    rolls = msg("bp.say.rolls", seat=Seat(0), pips=4)
    assert render(rolls, "pl", [1, "bot 2"]).startswith("Gracz 1 ")
    assert render(msg("bp.say.rolls", seat=Seat(1), pips=4), "pl", [1, "bot 2"]).startswith("bot 2 ")


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("{n, plural, one {# card}}", "no 'other'"),
        ("{n, plural, several {x} other {y}}", "no plural category"),
        ("{n, choose, a {x} other {y}}", "'plural', 'select' or 'case'"),
        ("{seat, case, gen {x}}", "'}'"),
        ("a } b", "closes nothing"),
        ("{n, plural, one {# card} other {# cards}", "expected"),
        ("{n, select, a {x} a {y} other {z}}", "comes twice"),
    ],
)
def test_a_text_that_does_not_parse_says_where(text: str, wrong: str) -> None:
    with pytest.raises(TextError, match=wrong):
        parse(text)


def test_polish_plurals_keep_all_four_cldr_categories() -> None:
    assert [plural_category(n, "pl") for n in (1, 2, 5, 12, 22, 25, 112)] == [
        "one",
        "few",
        "many",
        "many",
        "few",
        "many",
        "many",
    ]
    assert plural_category(1.5, "pl") == "other"  # gettext's three Polish forms have no place for it
    assert [plural_category(n, "de") for n in (0, 1, 2)] == ["other", "one", "other"]


def test_numbers_follow_one_rule_a_language_four_digit_polish_ones_grouped_too() -> None:
    amounts = (0, 7, 1234, 1234.5, 12345, -1234, 1234567.25)
    assert [format_number(n, "en") for n in amounts] == [
        "0",
        "7",
        "1,234",
        "1,234.5",
        "12,345",
        "-1,234",
        "1,234,567.25",
    ]
    assert [format_number(n, "de") for n in amounts] == [
        "0",
        "7",
        "1.234",
        "1.234,5",
        "12.345",
        "-1.234",
        "1.234.567,25",
    ]
    assert format_number(1234, "nl") == "1.234"
    assert format_number(1234, "pl") == f"1{NBSP}234"
    assert format_number(1234567.25, "pl") == f"1{NBSP}234{NBSP}567,25"


def test_a_message_renders_each_kind_of_parameter_in_each_language() -> None:
    paid = msg(
        "db.say.pays_bill",
        seat=Seat(1),
        paid=Money(15, "db.unit.million"),
        cards=Items(
            (
                msg("db.card.capital", value=10),
                msg("db.card.capital_symbol", value=5, symbol=Term("db.symbol.triangle")),
            )
        ),
        bill=Money(15, "db.unit.million"),
    )
    assert render(paid) == "Seat 1 pays 15 million (10M and 5M triangle) for a bill of 15 million."
    assert (
        render(paid, names=["Ann", "normal 2"])
        == "normal 2 pays 15 million (10M and 5M triangle) for a bill of 15 million."
    )
    assert render(paid, "de", ["Ann", "Bea"]).startswith("Bea zahlt 15 Millionen (10 Mio. und 5 Mio. ")
    assert render(msg("db.unit.million", n=1), "de") == "1 Million"
    polish = [render(msg("db.unit.million", n=n), "pl") for n in (1, 2, 5, 22)]
    assert polish == ["1 milion", "2 miliony", "5 milionów", "22 miliony"]


def test_a_key_missing_from_a_language_comes_from_english_and_one_missing_everywhere_shows_itself() -> None:
    assert render(msg("seat.n", n=2), "xx") == "seat 2"  # no such language: English
    assert render(msg("no.such.key", n=2)) == "no.such.key{'n': 2}"
    assert render("a plain string", "pl") == "a plain string"


def test_problems_name_every_missing_key_and_parameter_nested_ones_too() -> None:
    assert problems("plain") == []
    assert problems(msg("db.say.buys", seat=Seat(0), company=Term("db.industry.aviation"))) == []
    found = problems(msg("db.say.buys", seat=Seat(0), company=Items((Term("db.nothing"),))))
    assert found == ["'db.nothing' is not in the en catalogue"]
    assert problems(msg("db.say.buys", seat=Seat(0))) == [
        "'db.say.buys' uses ['company'] but the message gives ['seat']"
    ]


def test_the_wire_form_round_trips_and_refuses_what_is_no_message() -> None:
    message = msg(
        "x",
        a=1,
        b="text",
        c=Seat(2),
        d=Term("t"),
        e=Money(5, "u"),
        f=Items((1, Seat(0))),
        g=msg("y", n=3),
    )
    wire = to_wire(message)
    assert wire == {
        "k": "x",
        "p": {
            "a": 1,
            "b": "text",
            "c": {"seat": 2},
            "d": {"term": "t"},
            "e": {"money": 5, "unit": "u"},
            "f": {"list": [1, {"seat": 0}]},
            "g": {"msg": {"k": "y", "p": {"n": 3}}},
        },
    }
    assert from_wire(wire) == message
    assert from_wire("plain") == "plain"
    assert to_wire(msg("z")) == {"k": "z"}
    for wrong in (
        {"k": 1},
        {"k": "x", "p": {"a": True}},
        {"k": "x", "p": {"a": {"seat": "2"}}},
        [1],
        {"k": "x", "q": 1},
    ):
        with pytest.raises(ValueError, match="message"):
            from_wire(wrong)
    assert hash(message) == hash(from_wire(wire))


def test_the_terminal_language_comes_from_the_environment_if_tycoon_speaks_it() -> None:
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_environment({"LC_ALL": "pl_PL.UTF-8", "LANG": "de_DE.UTF-8"}) == "pl"
    assert language_from_environment({"LANG": "fr_FR.UTF-8"}) == "en"
    assert language_from_environment({"LANG": "C"}) == "en"
    assert language_from_environment({}) == "en"


def _all_bot_words(state: State, agents: Sequence[Agent], seed: int, labels: bool) -> list[Message | str]:
    """Every line narrated and every move's words for every seat in a game of ``agents`` from
    ``state``, chance drawn with ``seed``; with ``labels``, the labels of the first 40 legal
    actions of each seat deciding too."""
    state.log = []
    rng = random.Random(seed)
    said: list[Message | str] = []
    while not state.is_terminal():
        seat = state.current_player()
        if labels and seat != CHANCE:
            said.extend(state.describe(action, seat) for action in state.legal_actions(seat)[:40])
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
        said.extend(state.describe_all(action))
        state.apply(action, seat)
    return said + state.log


def _messages_of(said: list[Message | str], language: str) -> set[Message]:
    """``said``, which holds only messages, each of which renders in ``language`` from its own
    catalogue: no key missing, none taken from English."""
    messages = [s for s in said if isinstance(s, Message)]
    assert len(messages) == len(said), [s for s in said if not isinstance(s, Message)][:3]
    assert sorted({p for m in set(messages) for p in problems(m, language)}) == []
    return set(messages)


@pytest.mark.parametrize("language", ["en", "de", "nl", "pl"])
def test_an_all_bot_die_bosse_game_says_everything_in_each_language_without_english(language: str) -> None:
    """Every narrated line and every label of a seeded game of bots and random agents renders in
    ``language`` from its own catalogue: no key missing, none taken from English."""
    agents: list[Agent] = [DieBosseBot("5:0"), RandomAgent("5:1"), DieBosseBot("5:2")]
    _messages_of(_all_bot_words(load("die_bosse", players=3).new_state(), agents, 5, labels=False), language)
    assert catalogue(language) is not None


@pytest.mark.parametrize("language", ["en", "de", "nl", "pl"])
def test_an_all_bot_biznes_game_says_everything_in_each_language_without_english(language: str) -> None:
    """The same for Biznes po polsku: every narrated line and every label of seeded games of its
    bot and random agents (salaries paid at once, and claimed by the player) renders in
    ``language`` from its own catalogue."""
    said: list[Message | str] = []
    for seed, forfeit in ((3, False), (4, True)):
        game = load("biznes_po_polsku", players=4, rounds=12, forfeit_forgotten_salary=forfeit)
        agents: list[Agent] = [BiznesBot(), RandomAgent(f"{seed}:1"), BiznesBot(), RandomAgent(f"{seed}:3")]
        said += _all_bot_words(game.new_state(), agents, seed, labels=True)
    messages = _messages_of(said, language)
    assert {"bp.say.draws", "bp.say.pays", "bp.say.offers", "bp.do.found"} <= {m.key for m in messages}
    if language != "en":
        texts = [render(m, language) for m in messages]
        english = [t for t in texts if " the " in f" {t} " or " pays " in t]
        assert english == []


PLAYBOSS_STEPS = [(), (1,), (2,), (3,), (4,), (5,), (6,), (1, 2, 3, 4, 5, 6)]
"""The base game, each expansion step alone, and all six together."""

ENGLISH = (" the ", " of ", " and ", " for ", " with ", " offers ", " declines ", " accepts ")
"""Common English words that no German, Dutch or Polish label, offer or answer holds."""


def _playboss_words(steps: tuple[int, ...], bargainers: bool) -> list[Message | str]:
    """Every legal action's label (the listed actions, and three members drawn from each
    family: the offers' terms among them) for the seat deciding, the move's words for every
    seat, the offers and answers narrated, and the answer the view carries, in a seeded game
    of four Playboss bots of two years; with ``bargainers``, seats 1 and 3 are random agents
    instead, whose offers the bots decline and counter with their reasons (bots' own offers are
    priced to be taken)."""
    from tycoon.games.playboss.bot import PlaybossBot
    from tycoon.games.playboss.flow import PlaybossState

    said: list[Message | str] = []
    game = load("playboss", players=4, years=2, steps=list(steps))
    state = game.new_state()
    assert isinstance(state, PlaybossState)
    state.log = []
    seed = len(steps)
    agents: list[Agent] = [RandomAgent(f"{seed}:{s}") if bargainers and s % 2 else PlaybossBot() for s in range(4)]
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat != CHANCE:
            for action in state.legal_actions(seat)[:40]:
                said.append(state.describe(action, seat))
            for family in state.action_families(seat):
                for _ in range(3):
                    said.append(state.describe(family.sample(rng), seat))
        action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
        said.extend(state.describe_all(action))
        state.apply(action, seat)
        if state.deals.said is not None:
            said.append(state.deals.said.text)
    # The offers made and the answers given; the rest of the narration is not all messages yet.
    said.extend(m for m in state.log if isinstance(m, Message) and m.key.startswith(("pb.deal.", "pb.why.")))
    return said


@pytest.mark.parametrize("steps", PLAYBOSS_STEPS, ids=lambda s: "steps" + ("".join(map(str, s)) or "none"))
def test_all_bot_playboss_games_label_offer_and_answer_in_each_language_without_english(
    steps: tuple[int, ...],
) -> None:
    """Every label of a legal action, every offer and every answer a bot gives (with its reason
    and its figures) in seeded all-bot Playboss games renders in each of the four languages from
    its own catalogue: no key missing, none taken from English, no common English word in the
    German, Dutch or Polish words (the risk cards' titles, data in English only, left aside)."""
    said = _playboss_words(steps, bargainers=False) + _playboss_words(steps, bargainers=True)
    messages = [s for s in said if isinstance(s, Message)]
    assert len(messages) == len(said), [s for s in said if not isinstance(s, Message)][:3]
    keys = {m.key for m in messages}
    assert any(k.startswith("pb.do.") for k in keys)
    for language in ("en", "de", "nl", "pl"):
        wrong = sorted({p for m in set(messages) for p in problems(m, language)})
        assert wrong == [], language
        if language != "en":
            texts = [render(m, language) for m in set(messages)]
            english = [t for t in texts if any(w in f" {t} " for w in ENGLISH)]
            assert english == [], (language, english[:5])


def test_the_seeded_playboss_games_bargain_with_reasons() -> None:
    """The seeded games above do bargain: bots make offers to each other and answer the random
    agents' offers with reasons and counter-offers, so that the test above reads their words."""
    said = [m for steps in PLAYBOSS_STEPS for b in (False, True) for m in _playboss_words(steps, b)]
    keys = {m.key for m in said if isinstance(m, Message)}
    reasons = {p.key for m in said if isinstance(m, Message) for p in m.params.values() if isinstance(p, Message)}
    assert {"pb.deal.told_buy", "pb.deal.told_sell", "pb.why.accepts", "pb.why.declines_because"} <= keys
    assert {"pb.why.counters", "pb.why.counters_because"} & keys
    assert {"pb.why.price", "pb.why.short-of-cash", "pb.why.bank-cheaper", "pb.why.salary-above"} <= reasons


@pytest.mark.parametrize("language", ["en", "de", "nl", "pl"])
def test_all_bot_playboss_games_narrate_everything_in_each_language_without_english(language: str) -> None:
    """The same for Playboss's narration, in the base game and with all six expansion steps:
    every line its seeded games of bots and random agents tell renders in ``language`` from its
    own catalogue. Its labels and the answers to offers are English words still (``words.py``):
    an answer is the one line that may be a plain string, and it must be the answer given."""
    said: list[Message] = []
    for seed, steps in ((7, []), (8, [1, 2, 3, 4, 5, 6])):
        game = load("playboss", players=4, years=2, steps=steps)
        state = game.new_state()
        state.log = []
        agents: list[Agent] = [
            PlaybossBot(seed),
            RandomAgent(f"{seed}:1"),
            PlaybossBot(seed + 1),
            PlaybossBot(seed + 2),
        ]
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            action = sample_chance(state, rng) if seat == CHANCE else agents[seat].act(state, seat)
            told = len(state.log)
            state.apply(action, seat)
            for line in state.log[told:]:
                if isinstance(line, str):
                    answer = state.unwrapped.deals.said  # type: ignore[attr-defined]
                    assert answer is not None and line == answer.text, line
                else:
                    said.append(line)
    keys = {m.key for m in said}
    assert {"pb.say.moves", "pb.say.pays", "pb.say.draws_risk", "pb.say.crosses_start"} <= keys
    assert any(k.startswith("pb.deal.told_") for k in keys)
    assert {"pb.say.first_supplier", "pb.say.hires", "pb.say.statement", "pb.say.writes_goal"} <= keys
    wrong = sorted({p for m in set(said) for p in problems(m, language)})
    assert wrong == []
    if language != "en":
        english = [t for t in (render(m, language) for m in set(said)) if " the " in f" {t} " or " pays " in t]
        assert english == []


# --- refusals and the pending decision ----------------------------------------------------------

REFUSAL_PREFIXES = ("refuse.", "db.no.", "bp.no.", "pb.no.", "db.phase.", "bp.phase.", "pb.phase.")
"""The keys of refusals, of the rules they cite and of the pending decision's text."""

ENGLISH_WORDS = (" the ", " is not ", " you ", " not possible", " cannot ", " or pass", " roll the die")
"""Common English words that no German, Dutch or Polish refusal or decision text contains."""


def blanked(message: Message) -> Message:
    """``message`` with its literal strings (an action's notation, a person's name) blanked, so
    that what is left to read is the catalogue's words alone."""

    def param(value: Param) -> Param:
        if isinstance(value, str):
            return "·"
        if isinstance(value, Message):
            return blanked(value)
        if isinstance(value, Items):
            return Items(tuple(param(v) for v in value.items))
        return value

    return Message(message.key, {name: param(value) for name, value in message.params.items()})


@pytest.mark.parametrize("language", ["en", "de", "nl", "pl"])
def test_every_refusal_and_decision_key_is_in_each_language_with_englishs_parameters(language: str) -> None:
    """Every key of a refusal, a rule cited or a pending decision is in each language's own
    catalogue (no fallback to English), with the placeholders English's text has, and renders
    with a number for each."""
    english = catalogue("en") or {}
    keys = sorted(k for k in english if k.startswith(REFUSAL_PREFIXES))
    assert len(keys) > 300
    for key in keys:
        names = placeholders(parse(english[key]))
        message = Message(key, dict.fromkeys(names, 2))
        assert problems(message, language) == [], key
        assert placeholders(parse((catalogue(language) or {})[key])) == names, key
        assert render(message, language)


def seeded_refusals(game_id: str, agents: list[Agent], seed: int, moves: int, **options: Any) -> list[Text]:
    """The pending decision's text at every decision of a seeded game of ``agents``, and the
    refusals of actions tried out of place: every action seen so far in the game, by the seat to
    move and by another (the one that is not its turn)."""
    game = load(game_id, **options)
    state = game.new_state()
    rng = random.Random(seed)
    seen: dict[str, Action] = {}
    said: list[Text] = []
    for _ in range(moves):
        if state.is_terminal():
            break
        seat = state.current_player()
        said.append(state.phase_text())  # type: ignore[attr-defined]
        if seat == CHANCE:
            state.apply(sample_chance(state, rng), CHANCE)
            continue
        for action in state.legal_actions(seat):
            seen.setdefault(type(action).__name__, action)
        other = (seat + 1) % game.num_seats
        for action in seen.values():
            for s in (seat, other):
                refused = state.refusal(action, s)
                if refused is not None:
                    said.append(refused)
        state.apply(agents[seat].act(state, seat), seat)
    said.append(state.phase_text())  # type: ignore[attr-defined]
    return said


@pytest.mark.parametrize("language", ["en", "de", "nl", "pl"])
def test_refusals_and_decisions_of_seeded_all_bot_games_read_in_each_language_without_english(language: str) -> None:
    """The pending decision's text and every refusal met in seeded games of each game's bots and
    random agents are messages that render in ``language`` from its own catalogue, no key
    missing, and (in German, Dutch and Polish) no common English word in the catalogue's words."""
    from tycoon.games.playboss.bot import PlaybossBot

    said = [
        *seeded_refusals("die_bosse", [DieBosseBot("7:0"), RandomAgent("7:1"), DieBosseBot("7:2")], 7, 400, players=3),
        *seeded_refusals(
            "biznes_po_polsku", [BiznesBot(), RandomAgent("7:1"), BiznesBot()], 7, 400, players=3, rounds=8
        ),
        *seeded_refusals(
            "playboss",
            [PlaybossBot(), RandomAgent("7:1"), PlaybossBot()],
            7,
            500,
            players=3,
            steps=[1, 2, 3, 4, 5, 6],
            years=2,
        ),
    ]
    messages = {s for s in said if isinstance(s, Message)}
    assert len(messages) == len({s for s in said if isinstance(s, Message | str)})
    keys = {m.key for m in messages} | {n.key for m in messages for n in m.params.values() if isinstance(n, Message)}
    assert any(k.startswith("db.no.") for k in keys) and any(k.startswith("bp.no.") for k in keys)
    assert any(k.startswith("pb.no.") for k in keys) and any(k.startswith("refuse.") for k in keys)
    assert {"db.phase.turn", "bp.phase.turn", "pb.phase.red"} <= keys
    wrong = sorted({p for m in messages for p in problems(m, language)})
    assert wrong == []
    if language != "en":
        texts = {render(blanked(m), language) for m in messages}
        english = sorted(t for t in texts if any(w in f" {t} " for w in ENGLISH_WORDS))
        assert english == []


def test_a_count_given_already_written_out_picks_its_plural_form_and_shows_as_written() -> None:
    """As the page's renderer does (i18n.js, numberOf): a number passed as the text
    ``format_number`` made is read back for its plural form, and ``#`` shows the text."""
    for language, count, form in (("en", 1, "game"), ("en", 1000, "games"), ("pl", 2, "gry"), ("pl", 1000, "gier")):
        written = format_number(count, language)
        assert read_number(written, language) == count
        text = render(Message("cli.cmd.simulate.games", {"n": written}), language)
        assert text == f"{written} {form}", (language, text)
    assert read_number("1.234,5", "de") == 1234.5 and read_number("many", "en") is None
