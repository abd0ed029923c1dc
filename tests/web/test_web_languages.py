"""The page in English, German, Dutch and Polish (decision 0039): the renderer of catalogue texts
and of the server's messages (each kind of parameter, the CLDR plural forms, select), the number
rule of each language, the language selector remembered across pages and visits, and two people
at one table reading it in two languages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import browserkit
import pytest
from browserkit import Seat, bot, person

import tycoon.server

CLIENT = Path(tycoon.server.__file__).parent / "client"
NBSP = "\u00a0"

# Texts of this test's own, added to the served catalogues, so that the renderer is tested on
# texts written for it and not on what the games' catalogues happen to say.
TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "test.points": "{n, plural, =0 {no points} one {# point} other {# points}}",
        "test.gets": "{who} gets {n, plural, one {# point} other {# points}}",
        "test.pays": "{who} pays {amount} for {what}",
        "test.unit": "{n, plural, one {# Mark} other {# Marks}}",
        "test.field": "the start field",
        "test.buys": "{who} buys {items}",
        "test.said": "{who} says: {what}",
        "test.owner": "{owner, select, bank {the bank} nobody {nobody} other {player {owner}}}",
        "test.only_english": "only in English, {n}",
    },
    "de": {
        "test.points": "{n, plural, =0 {keine Punkte} one {# Punkt} other {# Punkte}}",
        "test.unit": "{n, plural, one {# Mark} other {# Mark}}",
    },
    "pl": {
        "test.points": "{n, plural, =0 {żadnego punktu} one {# punkt} few {# punkty} many {# punktów}"
        " other {# punktu}}",
        "test.gets": "{who} dostaje {n, plural, one {# punkt} few {# punkty} many {# punktów} other {# punktu}}",
        "test.pays": "{who} płaci {amount} za {what}",
        "test.unit": "{n} zł",
        "test.field": "pole startowe",
        "test.buys": "{who} kupuje {items}",
        "test.said": "{who} mówi: {what}",
        "test.owner": "{owner, select, bank {bank} nobody {nikt} other {gracz {owner}}}",
    },
}


def with_test_texts(page: Any) -> None:
    """Serve each catalogue with this test's texts added."""

    def serve(route: Any) -> None:
        answer = route.fetch()
        language = route.request.url.rsplit("/", 1)[-1].removesuffix(".json")
        texts = {**answer.json(), **TEXTS.get(language, {})}
        route.fulfill(response=answer, body=json.dumps(texts), content_type="application/json")

    page.route("**/client/messages/*.json", serve)


I18N = "const i18n = await import('/client/i18n.js');"
USE = f"async (lang) => {{ {I18N} await i18n.setLanguage(lang); return i18n.lang(); }}"
RENDER = "async ([message, names]) => (await import('/client/i18n.js')).render(message, names)"
NUMBERS = f"async (values) => {{ {I18N} return values.map((n) => i18n.num(n)); }}"


@pytest.fixture
def lobby(server: Any, context: Any) -> Any:
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    with_test_texts(page)
    page.goto(server.base + "/")
    page.wait_for_selector("body[data-ready=yes]")
    page.warnings = warnings
    return page


def speak(page: Any, language: str) -> None:
    assert page.evaluate(USE, language) == language


def render(page: Any, message: Any, names: list[str] | None = None) -> str:
    text: str = page.evaluate(RENDER, [message, names])
    return text


def test_messages_render_each_kind_of_parameter_plural_forms_and_select(lobby: Any) -> None:
    page = lobby
    speak(page, "pl")
    names = ["Anna", "Bartek"]
    # Plural forms by the CLDR rules: one, few, many, other; an exact =0 first; "#" the number.
    points = {n: render(page, {"k": "test.points", "p": {"n": n}}) for n in (1, 2, 5, 12, 22, 1.5, 0, 1234, 111)}
    assert points == {
        1: "1 punkt",
        2: "2 punkty",
        5: "5 punktów",
        12: "12 punktów",
        22: "22 punkty",
        1.5: "1,5 punktu",
        0: "Żadnego punktu",  # a message begins with a capital
        1234: f"1{NBSP}234 punkty",
        111: "111 punktów",
    }
    # A seat by the name the reader knows it by, else the catalogue's "seat.n".
    assert render(page, {"k": "test.gets", "p": {"who": {"seat": 1}, "n": 22}}, names) == "Bartek dostaje 22 punkty"
    assert render(page, {"k": "test.gets", "p": {"who": {"seat": 1}, "n": 5}}) == "Gracz 1 dostaje 5 punktów"
    # Money in its unit, a term in the reader's language, a literal string.
    pays = {
        "k": "test.pays",
        "p": {"who": {"seat": 0}, "amount": {"money": 1500, "unit": "test.unit"}, "what": {"term": "test.field"}},
    }
    assert render(page, pays, names) == f"Anna płaci 1{NBSP}500 zł za pole startowe"
    # A list joined as Polish joins one; a nested message, not capitalised inside.
    items = {"list": [{"term": "test.field"}, "dom", {"money": 5, "unit": "test.unit"}]}
    assert (
        render(page, {"k": "test.buys", "p": {"who": "ktoś", "items": items}})
        == "Ktoś kupuje pole startowe, dom i 5 zł"
    )
    said = {"k": "test.said", "p": {"who": {"seat": 0}, "what": {"msg": {"k": "test.points", "p": {"n": 0}}}}}
    assert render(page, said, names) == "Anna mówi: żadnego punktu"
    # Select by the string, "other" for any other.
    owners = [render(page, {"k": "test.owner", "p": {"owner": o}}) for o in ("bank", "nobody", "Celina")]
    assert owners == ["Bank", "Nikt", "Gracz Celina"]
    # A plain string (an old record's line) is shown as it is.
    assert render(page, "seat 2 buys aviation") == "seat 2 buys aviation"
    assert [w for w in page.warnings if " test." in w] == []

    # The same messages in English and German: their own plural rules and numbers.
    speak(page, "en")
    assert [render(page, {"k": "test.points", "p": {"n": n}}) for n in (0, 1, 1.5, 1234)] == [
        "No points",
        "1 point",
        "1.5 points",
        "1,234 points",
    ]
    assert render(page, pays, names) == "Anna pays 1,500 Marks for the start field"
    assert render(page, {"k": "test.buys", "p": {"who": {"seat": 1}, "items": items}}, names) == (
        "Bartek buys the start field, dom and 5 Marks"
    )
    assert render(page, {"k": "test.owner", "p": {"owner": "bank"}}) == "The bank"
    speak(page, "de")
    assert [render(page, {"k": "test.points", "p": {"n": n}}) for n in (0, 1, 1.5, 1234)] == [
        "Keine Punkte",
        "1 Punkt",
        "1,5 Punkte",
        "1.234 Punkte",
    ]


def test_a_missing_text_is_english_then_the_key_and_old_callers_still_work(lobby: Any) -> None:
    page = lobby
    speak(page, "pl")
    assert render(page, {"k": "test.only_english", "p": {"n": 1234}}) == f"Only in English, 1{NBSP}234"
    assert any("test.only_english" in w and "pl" in w for w in page.warnings), page.warnings
    t = "async ([key, params]) => (await import('/client/i18n.js')).t(key, params)"
    assert page.evaluate(t, ["test.nowhere", None]) == "test.nowhere"
    assert any("test.nowhere" in w for w in page.warnings)
    # t() as every caller uses it: a name filled in, a number by the rule, an unknown name kept.
    assert page.evaluate(t, ["lobby.seat_choice", {"n": 3}]) == "Miejsce 3"
    assert page.evaluate(t, ["lobby.created", {}]) == "Stół {id} został założony"
    assert page.evaluate(t, ["narration.times", {"n": 12}]) == "12 razy z rzędu"
    # A typed parameter or a message given to t() is rendered (not capitalised: not a message).
    assert page.evaluate(t, ["decision.theirs", {"name": {"seat": 2}}]) == "gracz 2 decyduje"
    assert page.evaluate(t, ["chat.to", {"name": {"k": "test.points", "p": {"n": 5}}}]) == "prywatnie do: 5 punktów"
    # A number the games' pages pass already written (num's text) still picks its plural form.
    assert page.evaluate(t, ["narration.earlier", {"n": f"1{NBSP}232"}]) == (
        f"Pokaż wcześniejsze ruchy (jeszcze 1{NBSP}232 ruchy)"
    )
    # Each catalogue text is parsed once: asked again, the same parts come back.
    same = f"async (text) => {{ {I18N} return i18n.parse(text) === i18n.parse(text); }}"
    assert page.evaluate(same, "{n, plural, one {#} other {#}}")


NUMBERS_SHOWN = {
    "en": ["0", "7", "1,234", "1,234.5", "12,345", "-1,234", "1,234,567.25"],
    "de": ["0", "7", "1.234", "1.234,5", "12.345", "-1.234", "1.234.567,25"],
    "nl": ["0", "7", "1.234", "1.234,5", "12.345", "-1.234", "1.234.567,25"],
    "pl": ["0", "7", f"1{NBSP}234", f"1{NBSP}234,5", f"12{NBSP}345", f"-1{NBSP}234", f"1{NBSP}234{NBSP}567,25"],
}


def test_numbers_follow_one_rule_per_language(lobby: Any) -> None:
    page = lobby
    amounts = [0, 7, 1234, 1234.5, 12345, -1234, 1234567.25]
    for language, shown in NUMBERS_SHOWN.items():
        speak(page, language)
        assert page.evaluate(NUMBERS, amounts) == shown, language
        # Halves rounded to even at the second decimal, as Babel rounds; no sign before a zero.
        point = "." if language == "en" else ","
        assert page.evaluate(NUMBERS, [0.125, 2.675, 1.005, -0.001]) == [f"0{point}12", f"2{point}68", "1", "0"]


def test_numbers_are_the_strings_babel_writes(lobby: Any) -> None:
    """The Python side's rule (babel's format_decimal with "#,##0.##") and the page's give the
    same strings; a zero's sign apart, which the page leaves out."""
    numbers = pytest.importorskip("babel.numbers")
    page = lobby
    amounts = [0, 7, 999, 1000, 1234, 1234.5, 12345, -1234, 1234567.25, 0.125, 2.675, 1.005, 0.5, 99999.99, 10**9]
    for language, locale in {"en": "en_GB", "de": "de_DE", "nl": "nl_NL", "pl": "pl_PL"}.items():
        speak(page, language)
        expected = [numbers.format_decimal(n, format="#,##0.##", locale=locale) for n in amounts]
        assert page.evaluate(NUMBERS, amounts) == expected, language


def game_without_catalogue(game: str, language: str) -> bool:
    return not (CLIENT / "messages" / game / f"{language}.json").is_file()


def missing_keys(warnings: list[str], game: str, language: str) -> list[str]:
    """The keys the page found missing: every one of the page's own, and a game's once that game
    has a catalogue in the language."""
    own = json.loads((CLIENT / "messages" / "en.json").read_text(encoding="utf-8"))
    found = []
    for warning in warnings:
        if not warning.startswith("message "):
            continue
        key = warning.split(" ")[1]
        if key in own or not game_without_catalogue(game, language):
            found.append(warning)
    return found


def test_the_language_chosen_in_the_lobby_holds_at_the_table_and_after_a_reload(server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport=browserkit.DESKTOP, locale="en-GB")
    try:
        page = context.new_page()
        page.set_default_timeout(browserkit.TIMEOUT_MS)
        warnings: list[str] = []
        sockets: list[str] = []
        page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(server.base + "/")
        page.wait_for_selector("[data-testid=create]")
        assert page.locator("#create-title").inner_text() == "Set up a table"
        assert page.locator("[data-testid=language]").input_value() == "en"

        page.locator("[data-testid=language]").select_option("de")
        page.wait_for_function("document.documentElement.lang === 'de'")
        assert page.locator("#create-title").inner_text() == "Einen Tisch einrichten"
        assert page.title() == "tycoon — Tisch einrichten"
        assert page.evaluate("localStorage.getItem('tycoon.language')") == "de"
        page.locator("input[name=game][value=playboss]").check()
        page.locator("#seat-0-name").fill("Anna")
        page.locator("[data-testid=create]").click()
        page.locator("[data-testid=open-my-seat]").click()
        page.wait_for_selector("[data-testid=connection][data-status=open]")
        page.wait_for_selector(".table-page[data-page=ready]")

        def german() -> None:
            assert page.evaluate("document.documentElement.lang") == "de"
            assert page.locator("[data-testid=language]").input_value() == "de"
            assert page.locator("#narration-title").inner_text() == "Was passiert"
            assert page.locator("[data-testid=connection]").inner_text() == "verbunden"
            assert page.locator("[data-testid=seat-0] .you").text_content() == "du"
            assert "Tasten: 1–9" in page.locator("footer.keys").inner_text()
            assert page.title().startswith("Playboss · Tisch ")

        german()
        assert missing_keys(warnings, "playboss", "de") == []
        page.reload()
        page.wait_for_selector("[data-testid=connection][data-status=open]")
        page.wait_for_selector(".table-page[data-page=ready]")
        german()

        # Another language on the table page: drawn again in it, on the same connection.
        opened = len(sockets)
        page.evaluate("window.tycoon.connection.marked = true")
        warnings.clear()
        page.locator("[data-testid=language]").select_option("nl")
        page.wait_for_function("document.documentElement.lang === 'nl'")
        assert page.locator("#narration-title").inner_text() == "Wat er gebeurt"
        assert page.locator("[data-testid=connection]").inner_text() == "verbonden"
        assert page.evaluate("window.tycoon.connection.marked === true && window.tycoon.connection.status") == "open"
        assert len(sockets) == opened
        assert missing_keys(warnings, "playboss", "nl") == []
        # And the lobby, another page, opens in it.
        page.goto(server.base + "/")
        page.wait_for_selector("[data-testid=create]")
        assert page.locator("#create-title").inner_text() == "Een tafel aanmaken"
    finally:
        context.close()


def test_two_people_at_one_table_read_the_same_game_in_german_and_in_polish(server: Any, chromium: Any) -> None:
    table = server.table("playboss", [person("Anna"), person("Bartek"), bot()], options={"years": 3})
    german = chromium.new_context(viewport=browserkit.DESKTOP, locale="de-DE")
    polish = chromium.new_context(viewport=browserkit.DESKTOP, locale="pl-PL")
    try:
        anna = Seat(german, table["seats"][0]["link"])
        bartek = Seat(polish, table["seats"][1]["link"])
        # Each page speaks its reader's language, chosen from the browser's languages.
        assert anna.js("document.documentElement.lang") == "de"
        assert bartek.js("document.documentElement.lang") == "pl"
        browserkit.play_together([anna, bartek], 12, browserkit.chooser(7, avoid=("borrow", "offer")))
        version = max(anna.version(), bartek.version())
        for seat in (anna, bartek):
            seat.page.wait_for_function(f"window.tycoon.connection.version >= {version}")
        assert anna.version() == bartek.version()

        # The same game: the same moves told, the same turn, the same public board.
        events = "window.tycoon.connection.events.map((e) => [e.v, e.seat, e.by, e.text, e.log])"
        assert anna.js(events) == bartek.js(events) and len(anna.js(events)) >= 12
        assert anna.js("window.tycoon.connection.game.turn") == bartek.js("window.tycoon.connection.game.turn")
        board = "JSON.stringify([window.tycoon.connection.game.view.round, window.tycoon.connection.game.view.market])"
        assert anna.js(board) == bartek.js(board)
        lines = "document.querySelectorAll('[data-testid=narration] li.event').length"
        assert anna.js(lines) == bartek.js(lines)

        # Each reads it in their own words, the numbers too.
        assert anna.page.locator("#narration-title").inner_text() == "Was passiert"
        assert bartek.page.locator("#narration-title").inner_text() == "Co się dzieje"
        assert anna.page.locator("[data-testid=seat-0] .you").text_content() == "du"
        assert bartek.page.locator("[data-testid=seat-1] .you").text_content() == "ty"
        assert anna.js("(async () => (await import('/client/i18n.js')).num(12345.5))()") == "12.345,5"
        assert bartek.js("(async () => (await import('/client/i18n.js')).num(12345.5))()") == f"12{NBSP}345,5"
        assert anna.errors == [] and bartek.errors == []
    finally:
        german.close()
        polish.close()


def test_narration_lines_and_labels_as_messages_or_strings_both_read_in_the_readers_language(
    server: Any, chromium: Any
) -> None:
    """The server sends strings today and messages once its words are data: the page shows
    both, a message in the reader's language with the seats by their names."""
    table = server.table("playboss", [person("Anna"), bot()], options={"years": 3})
    context = chromium.new_context(viewport=browserkit.DESKTOP, locale="pl-PL")
    try:
        with_test_texts(context)
        anna = Seat(context, table["seats"][0]["link"])
        assert anna.wait_turn_or_end()
        said = {"k": "test.gets", "p": {"who": {"seat": 1}, "n": 5}}
        anna.js(
            """((said) => {
              const c = window.tycoon.connection;
              const v = c.events[c.events.length - 1].v;
              c.events = [...c.events,
                {v: v + 0.25, seat: 1, by: "bot", text: said, log: [{k: "test.points", p: {n: 22}}, "seat 0 waits"]},
                {v: v + 0.5, seat: 1, by: "bot", text: said, log: []},
                {v: v + 0.75, seat: 1, by: "bot", text: said, log: []}];
              const legal = c.game.legal.map((x, i) => i === 0 ? {...x, label: {k: "test.field"}} : x);
              c.game = {...c.game, legal};
              c.changed();
            })"""
            + f"({json.dumps(said)})"
        )
        told = anna.page.locator("[data-testid=narration] li.event").nth(-2)
        assert told.locator(".what").inner_text() == "Bot 2 dostaje 5 punktów"
        assert told.locator(".log").inner_text().splitlines() == ["22 punkty", "Anna waits"]
        # Two lines saying the same message fold into one with a count.
        last = anna.page.locator("[data-testid=narration] li.event").last
        assert last.locator(".what").inner_text() == "Bot 2 dostaje 5 punktów"
        assert last.locator(".times").inner_text().strip() == "(×2)"
        first = anna.page.locator("[data-testid=decision] button.choice").first
        assert first.locator("span").inner_text() == "Pole startowe"
        assert anna.errors == []
    finally:
        context.close()


def test_the_lobby_says_each_game_and_each_bots_level_in_the_readers_language(server: Any, chromium: Any) -> None:
    """The games' summaries and the line under each bot seat come from the catalogue, as
    ``tycoon games`` says them, not in the English of the games' specs."""
    for locale, summary, level in (
        ("pl-PL", "Polska gra planszowa", "Zakłada firmy"),
        ("de-DE", "Ein polnisches Laufspiel", "gründet und handelt für ganze Farbgruppen"),
    ):
        context = chromium.new_context(viewport=browserkit.DESKTOP, locale=locale)
        try:
            page = context.new_page()
            page.goto(server.base + "/")
            page.wait_for_selector("[data-testid=create]")
            text = page.locator("body").inner_text()
            assert summary in text and level.lower() in text.lower(), text[:1500]
            assert "a Polish track game" not in text and "founds and trades" not in text
        finally:
            context.close()
