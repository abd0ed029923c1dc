"""The decision panel as a person meets it: number keys for what is on screen, forms that say
what they will do, pages short enough to find the narration, a header one can read."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import browserkit
import pytest
from browserkit import Seat, bot, person

KEYED = """(() => {
  const scope = document.querySelector('[data-testid=decision]');
  return [...scope.querySelectorAll('button.choice')].map((b) => ({
    action: b.dataset.action, key: b.getAttribute('aria-keyshortcuts'), shown: b.checkVisibility() }));
})()"""
"""Every choice button of the decision panel in document order: its text form, its key, and
whether it is on screen (not inside a folded group)."""


FOLDED_SEED = "folded-1"
"""A deal in which Ann, choosing as ``chooser(5)`` does, meets a folded group with choices after it."""


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server of its own that deals from a fixed seed, so the turn sought below always comes."""
    live = browserkit.LiveServer(Path(tmp_path_factory.mktemp("seeded-server")), seed=FOLDED_SEED)
    try:
        yield live
    finally:
        live.stop()


def folded_choices(server: Any, context: Any) -> tuple[Seat, list[dict[str, Any]], list[int]]:
    """A Die Bosse seat at a turn where a kind of choice is folded away with choices shown after
    it, its buttons and the folded ones' places. The server deals from ``FOLDED_SEED`` and the
    bot and Ann choose from seeds, so the same game is played on every run."""
    choose = browserkit.chooser(5, prefer=("buy", "place"), avoid=("move", "transfer", "end"))
    table = server.table("die_bosse", [person("Ann"), bot()])
    seat = Seat(context, table["seats"][0]["link"])
    for _ in range(300):
        if not seat.wait_turn_or_end(timeout=30):
            break
        buttons = seat.js(KEYED)
        folded = [i for i, b in enumerate(buttons) if not b["shown"]]
        if folded and any(b["shown"] for b in buttons[folded[-1] :]):
            return seat, buttons, folded
        seat.act(choose(seat, seat.choices()))
    raise AssertionError(f"the game dealt from {FOLDED_SEED!r} ended without a folded group of choices")


def test_number_keys_go_to_the_choices_on_screen_in_their_order(seeded_server: Any, context: Any) -> None:
    seat, buttons, folded = folded_choices(seeded_server, context)
    assert_keys_follow_the_screen(buttons)
    # Unfolded, the group's choices take the keys in the order they are now shown; folded
    # again, they give them back.
    # (the folded group itself: another group of many choices may have been opened on an earlier turn)
    kind = seat.page.evaluate("document.querySelector('[data-testid=decision] details.group:not([open])').dataset.kind")
    group = f"document.querySelector('[data-testid=decision] details.group[data-kind={kind}]')"
    fold = f"(open) => {{ {group}.open = open; }}"
    seat.page.evaluate(fold, True)
    seat.page.wait_for_function(f"{group}.querySelector('kbd') !== null")
    assert_keys_follow_the_screen(seat.js(KEYED))
    seat.page.evaluate(fold, False)
    seat.page.wait_for_function(f"{group}.querySelector('kbd') === null")
    buttons = seat.js(KEYED)
    assert_keys_follow_the_screen(buttons)
    shown = [b for b in buttons if b["shown"]]
    # The last key on screen takes the choice it is shown on, after the folded group.
    last = max((b for b in shown if b["key"]), key=lambda b: int(b["key"]))
    assert buttons.index(last) > folded[0]
    before = seat.version()
    seat.page.keyboard.press(last["key"])
    seat.page.wait_for_function(f"window.tycoon.connection.version > {before}")
    mine = [e for m in seat.messages() for e in m.get("events", []) if e.get("seat") == 0 and "action" in e]
    assert mine[-1]["v"] > before
    assert last["action"].split(" ")[0] == mine[-1]["action"]["kind"], (last, mine[-1])
    assert not seat.errors


def assert_keys_follow_the_screen(buttons: list[dict[str, Any]]) -> None:
    """Keys 1 to 9 belong to the first nine choices on screen, in the order shown, and no
    choice out of sight has one."""
    shown = [b for b in buttons if b["shown"]]
    expected = [str(n) if n <= 9 else None for n in range(1, len(shown) + 1)]
    assert [b["key"] for b in shown] == expected, [(b["action"], b["key"]) for b in shown]
    hidden = [b for b in buttons if not b["shown"] and b["key"] is not None]
    assert not hidden, hidden[:3]


CONTRAST = """(() => {
  const chip = document.querySelector('header .chip, .top .chip');
  if (!chip) return null;
  const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const style = getComputedStyle(chip);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
  return { text: chip.textContent, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
})()"""
"""The header's chip (host's view, watching): its text and the WCAG contrast ratio of its
computed text colour on its computed background."""


def test_the_header_chips_can_be_read(server: Any, context: Any) -> None:
    table = server.table("playboss", [person("Ann"), bot()])
    for link, text in ((table["host_link"], "host's view"), (table["spectator_link"], "watching")):
        page = Seat(context, link)
        chip = page.js(CONTRAST)
        assert chip is not None and chip["text"] == text, chip
        assert chip["ratio"] >= 4.5, chip
        assert not page.errors
        page.page.close()


NARRATED = """[...document.querySelectorAll('[data-testid=narration] li.event')].map((li) => ({
  who: li.querySelector('.who').textContent, what: li.querySelector('.what').textContent,
  times: li.querySelector('.times')?.textContent ?? null }))"""
"""Each line of the narration: who, what, and its count of repeats if it has one."""


def test_the_same_line_told_again_at_once_is_counted_not_repeated(server: Any, context: Any) -> None:
    table = server.table("die_bosse", [person("Ann"), bot()])
    watcher = Seat(context, table["spectator_link"])
    watcher.page.wait_for_function("document.querySelectorAll('[data-testid=narration] li.event').length > 0")
    lines = watcher.js(NARRATED)
    pairs = list(pairwise(lines))
    assert not [a for a, b in pairs if (a["who"], a["what"]) == (b["who"], b["what"])], lines
    dealt = [line for line in lines if line["what"] == "An action card is dealt"]
    assert dealt and dealt[0]["times"] is not None, lines
    # The count is the number of the deal's events, every one of them told by chance (a message
    # the page renders, a capital first).
    told = [e for m in watcher.messages() for e in m.get("events", []) if e.get("text") == {"k": "db.do.dealt"}]
    assert sum(int(line["times"].strip(" ()×")) for line in dealt) == len(told), (dealt, len(told))
    assert not watcher.errors


FORM = """(kind) => {
  const form = document.querySelector(`form[data-family=${kind}]`);
  if (!form) return null;
  const button = form.querySelector('button[type=submit]');
  const style = getComputedStyle(button);
  return {
    labels: Object.fromEntries([...form.querySelectorAll('.field')].map((f) => [
      f.querySelector('input, select').name, f.querySelector('label').textContent])),
    button: button.textContent.trim(), background: style.backgroundColor,
    summary: form.querySelector('[data-testid=family-summary]')?.textContent ?? null };
}"""
"""A family form as a person reads it: each field's label, the submit button's text and
background, and the line that says what the form will do."""


def test_a_loan_form_speaks_in_words_and_units_and_says_what_it_will_do(server: Any, context: Any) -> None:
    table = server.table("playboss", [person("Ann"), bot()])
    seat = Seat(context, table["seats"][0]["link"])
    assert seat.wait_turn_or_end(timeout=30)
    seat.page.wait_for_selector("form[data-family=offer-loan]", state="attached")
    form = seat.page.evaluate(FORM, "offer-loan")
    assert form["labels"]["interest"] == "Interest at each crossing of start (%)", form
    assert form["labels"]["amount"] == "Amount (Marks)", form
    assert form["labels"]["fee"] == "Fee at each crossing of start (Marks)", form
    assert "crossings of start" in form["labels"]["laps"], form
    assert form["labels"]["lend"] == "You lend (no: you borrow)", form
    # The button is named after what it does, and looks like a button, not a text box.
    assert form["button"] == "Offer a loan, or ask for one", form
    assert form["background"] not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)"), form
    # The summary follows what is filled in.
    opener = (
        "(kind) => { const d = document.querySelector(`form[data-family=${kind}]`).closest('details');"
        " if (d) d.open = true; }"
    )
    seat.page.evaluate(opener, "offer-loan")
    box = seat.page.locator("form[data-family=offer-loan] input[name=amount]")
    box.fill("1234")
    summary = seat.page.evaluate(FORM, "offer-loan")["summary"]
    assert summary is not None and "1,234 Marks" in summary and "Amount" in summary, summary
    assert not seat.errors


SIDE = """(() => {
  const side = document.querySelector('aside.side');
  const narration = document.querySelector('section.narration');
  const forms = [...document.querySelectorAll('[data-testid=decision] form.family')];
  return { side: side.scrollHeight,
    narration: narration.getBoundingClientRect().top - side.getBoundingClientRect().top + side.scrollTop,
    forms: forms.length, shownForms: forms.filter((f) => f.checkVisibility()).length,
    headings: [...document.querySelectorAll('[data-testid=decision] details.families-group > summary')]
      .map((s) => s.textContent.trim()) };
})()"""
"""The right-hand panel's height (all of it, scrolled or not), where the narration starts in it, how many family
forms the decision panel holds and how many of them are open, and the headings of the folded
groups of forms."""


def test_the_family_forms_fold_so_the_narration_is_near_the_top(server: Any, chromium: Any) -> None:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        table = server.table("playboss", [person("Ann"), bot()])
        seat = Seat(context, table["seats"][0]["link"])
        assert seat.wait_turn_or_end(timeout=30)
        choose = browserkit.chooser(3, avoid=("offer", "end-game"))
        for _ in range(200):  # until the seat may make most kinds of deal
            side = seat.js(SIDE)
            if side["forms"] >= 6:
                break
            assert seat.wait_turn_or_end(timeout=30), "the game ended before the deals opened"
            seat.act(choose(seat, seat.choices()))
        else:
            raise AssertionError(f"never more than {side['forms']} forms")
        # Unfolded, seven forms ran the panel to about 3,900 px, the narration starting near
        # 3,500 px; now every form waits behind a heading of its own.
        assert side["shownForms"] == 0, side
        assert len(side["headings"]) == side["forms"], side
        assert all(side["headings"]), side
        assert side["side"] < 1600, side
        assert side["narration"] < 1000, side
        # A heading opens its form.
        seat.page.locator("[data-testid=decision] details.families-group > summary").first.click()
        assert seat.js(SIDE)["shownForms"] == 1
        assert not seat.errors
    finally:
        context.close()
