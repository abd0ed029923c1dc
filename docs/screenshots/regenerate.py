"""Regenerate the screenshots in this folder: each game's page at desktop (1280×800) and phone
(390×844) sizes, the lobby, the Playboss teacher's view and a replay; and each game's page at
desktop size in German, Dutch and Polish (``<game>-<lang>-desktop.png``), read by a browser
whose language is that one.

    .venv/bin/python docs/screenshots/regenerate.py

It starts its own ``tycoon serve`` (a throwaway database, bots moving at once), plays each game
for a while through the page with seeded choices, as the browser tests do, and photographs it
with Debian's Chromium (``/usr/bin/chromium``; the test extra's Playwright drives it).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "web"))

import browserkit  # noqa: E402
from browserkit import Seat, bot, person  # noqa: E402
from playwright.sync_api import Page  # noqa: E402

SIZES = {"desktop": browserkit.DESKTOP, "phone": browserkit.PHONE}


def shoot(page: Page, name: str) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        page.evaluate("window.scrollTo(0, 0)")
        path = HERE / f"{name}-{size}.png"
        page.screenshot(path=str(path))
        print(f"wrote {path.relative_to(HERE.parents[1])}")
    page.set_viewport_size(browserkit.DESKTOP)


LANGUAGES = {"de": "de-DE", "nl": "nl-NL", "pl": "pl-PL"}
"""The languages photographed besides English, with the browser's locale for each."""

PLAYS = {
    "die_bosse": (3, 30, browserkit.chooser(4, prefer=("buy", "place"), avoid=("move", "transfer", "end"))),
    "playboss": (
        3,
        25,
        browserkit.chooser(8, prefer=("purchase", "invest", "produce", "sell"), avoid=("offer-loan", "offer-trade")),
    ),
    "biznes_po_polsku": (
        4,
        36,
        browserkit.chooser(
            2, prefer=("buy", "roll", "take-job"), avoid=("offer-sale", "offer-purchase", "offer-exchange")
        ),
    ),
}
"""Each game as photographed in each language: its seats (one person, bots), how many of the
person's decisions are played first, and how they are chosen."""


def shoot_languages(chromium: Any, server: Any) -> None:
    """Each game's page in each language, at desktop size."""
    for language, locale in LANGUAGES.items():
        context = chromium.new_context(viewport=browserkit.DESKTOP, locale=locale)
        for game, (seats, decisions, choose) in PLAYS.items():
            table = server.table(game, [person("Ann")] + [bot() for _ in range(seats - 1)])
            seat = Seat(context, table["seats"][0]["link"])
            browserkit.play(seat, decisions, choose)
            seat.page.wait_for_timeout(300)
            seat.page.evaluate("window.scrollTo(0, 0)")
            path = HERE / f"{game.replace('_', '-')}-{language}-desktop.png"
            seat.page.screenshot(path=str(path))
            print(f"wrote {path.relative_to(HERE.parents[1])}")
        context.close()


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        server = browserkit.LiveServer(Path(folder))
        try:
            with browserkit.browser() as chromium:
                context = chromium.new_context(viewport=browserkit.DESKTOP)
                page = context.new_page()
                page.goto(server.base + "/")
                page.wait_for_selector("[data-testid=create]")
                shoot(page, "lobby")

                table = server.table("die_bosse", [person("Ann"), person("Bob"), bot()])
                bob = Seat(chromium.new_context(viewport=browserkit.DESKTOP), table["seats"][1]["link"])
                ann = Seat(context, table["seats"][0]["link"])
                choose = browserkit.chooser(4, prefer=("buy", "place"), avoid=("move", "transfer", "end"))
                browserkit.play_together([ann, bob], 40, choose)
                mover = ann if ann.my_turn() else bob
                mover.page.locator("#chat-text").fill("good luck, everyone")
                mover.page.locator("form.say button").click()
                shoot(mover.page, "die-bosse")

                table = server.table("playboss", [person("Ann"), bot(), bot()], options={"years": 3, "steps": [4]})
                seat = Seat(context, table["seats"][0]["link"])
                browserkit.play(
                    seat,
                    25,
                    browserkit.chooser(
                        8, prefer=("purchase", "invest", "produce", "sell"), avoid=("offer-loan", "offer-trade")
                    ),
                )
                shoot(seat.page, "playboss")
                # A bot may have just offered Ann a deal: she declines it before turning to the
                # balance sheets, which the offer's dialog covers.
                while seat.page.locator("dialog[open]").count():
                    seat.act(next(c for c in seat.choices() if c.startswith("decline")))
                seat.page.locator("[data-testid=tab-sheets]").click()
                shoot(seat.page, "playboss-teacher")

                table = server.table("biznes_po_polsku", [person("Ann"), bot(), bot(), bot()])
                seat = Seat(context, table["seats"][0]["link"])
                browserkit.play(
                    seat,
                    36,
                    browserkit.chooser(
                        2,
                        prefer=("buy", "roll", "take-job"),
                        avoid=("offer-sale", "offer-purchase", "offer-exchange"),
                    ),
                )
                shoot(seat.page, "biznes-po-polsku")

                table = server.table("die_bosse", [person("Ann"), bot()])
                seat = Seat(context, table["seats"][0]["link"])
                browserkit.play(seat, 2000, browserkit.chooser(5, prefer=("buy", "place"), avoid=("move", "transfer")))
                seat.page.locator("[data-testid=tab-replay]").click()
                seat.page.locator("[data-testid=replay-slider]").wait_for()
                seat.page.locator("[data-testid=replay-round]").select_option(index=8)
                seat.page.wait_for_timeout(500)
                shoot(seat.page, "die-bosse-replay")
                shoot_languages(chromium, server)
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
