"""Playboss component data, read from the TOML files in ``data/``.

The files say, entry by entry, what comes from the rulebook, from research, or was designed
here. This module only turns them into typed, validated values.

Every number of a file is a whole number from 0 to 1,000,000 (``tycoon.core.datafiles.MOST``),
in a board of one's own and a risk deck of one's own too; ``start_position`` is a space of the
board, and the bank's ``interest_percent`` is 0 to 100.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from tycoon.core.datafiles import DataError, parse

SPACE_KINDS = ("start", "red", "green", "yellow", "blue", "white")
"""start; red decision field; green WEB field; yellow cost field; blue risk field; white write-off."""

RISK_EFFECTS = ("pay", "pay_per_machine", "receive", "lose_raw", "lose_finished", "lose_machine", "downgrade")
RISK_NEEDS = ("", "raw", "finished", "machine", "double", "workforce", "insured", "sales")
"""What a risk card's text says a business must have for the card to concern it: nothing
(every business), raw products, finished products, a machine, a double machine, a workforce
(with step 6 a worker unit, else a machine someone runs), the insurance of 2 WEBs, or sales made
(customers)."""


@dataclass(frozen=True, slots=True)
class RiskCard:
    """One blue risk card."""

    number: int
    """Position in the data file, 0 to 29; the card's identity in records."""
    title: str
    effect: str
    """One of ``RISK_EFFECTS``."""
    amount: int
    """Marks for money effects, a count for product effects."""
    insurable: bool
    """A business holding enough WEBs to be insured is spared."""
    computer_protects: bool
    """A business with a computer (leased or owned) is spared."""
    needs: str = ""
    """One of ``RISK_NEEDS``: what its text says a business must have for it to apply; a
    business without it is not concerned ("" : every business is)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every number of the base model, plus the board, the market and the risk deck."""

    board: tuple[str, ...]
    """Kind of each space; index 0 is start."""
    start_position: int
    zone_prices: tuple[int, ...]
    """Price of each market zone in Marks, cheapest first."""
    dimples: int
    """Dimples per zone."""
    few_players: int
    """Below this many businesses the market is only half filled."""
    empty_up_to: int
    """With few players, zones priced up to this stay empty at the start."""
    risk_cards: tuple[RiskCard, ...]
    start_capital: int
    after_first_lap: int
    machines: int
    computers: int
    webs: int
    products: int
    machine_price: int
    computer_price: int
    web_price: int
    production: int
    production_with_computer: int
    sale_multiplier: int
    advertising_cap: int
    credit_per_machine: int
    credit_per_computer: int
    interest_percent: int
    loan_fee: int
    credit_step: int
    efficiency_webs: int
    advertising_webs: int
    lease_webs: int
    insurance_webs: int
    cost_field_production: int
    cost_field_idle: int
    cost_field_webs: int
    repurchase_machine: int
    repurchase_computer: int
    repurchase_raw: int
    repurchase_finished: int
    value_machine: int
    value_computer: int
    value_raw: int
    value_finished: int
    delivery_turns: int
    auction_raises: tuple[int, ...]
    # --- Part II, the expansion steps -------------------------------------------------
    full_capital: int
    """II, "Starting Capital": the whole starting capital, paid at once when any step is on."""
    underbid_step: int
    """II, "1. Step": the Marks by which a price is underbid, and the steps of every price."""
    underbid_lowest: int
    """II, "1. Step": the lowest price per unit that may be offered (designed here)."""
    purchase_at_market: int
    """II, "2. Step": units the player on the red field may buy at market price."""
    purchase_raises: tuple[int, ...]
    """II, "2. Step": steps (Marks per unit) by which a purchase-auction bid rises."""
    marketing_troughs: int
    marketing_founding: int
    marketing_yearly: int
    marketing_webs: int
    tax_bands: tuple[tuple[int, int], ...]
    """II, "4. Step": (from, percent) per band, marginal rates on the profit above ``from``."""
    tax_rounding: int
    sales_target: int
    workers: int
    """II, "6. Step": the worker units in the box."""
    unemployment_fund: int
    salary: int
    """II, "6. Step": the salary per worker unit and red field until it is negotiated."""
    labour_production: int
    labour_production_with_computer: int
    labour_cost_field: int
    """II, "6. Step": producing on the yellow field costs this per machine, and the salaries."""
    strike_idle: int
    lockout_idle: int


def _load(name: str) -> dict[str, Any]:
    text = resources.files("tycoon.games.playboss").joinpath("data", name).read_text(encoding="utf-8")
    return parse(name, text, RANGES)


def expanded(base: Rules) -> Rules:
    """The rules with any expansion step on: Playboss II, "Starting Capital": all 20,000 Marks
    at the beginning, and the second 10,000 after the first lap goes away."""
    return replace(base, start_capital=base.full_capital, after_first_lap=0)


DATA_FILES = ("board", "risk_cards")
"""The data files a game may replace with its own (the ``board`` and ``risk_cards`` options):
``board.toml`` and ``risk_cards.toml`` of ``data/``, in the same format."""


RANGES: dict[str, tuple[int, int]] = {"interest_percent": (0, 100)}
"""The entries of the data files whose numbers have a narrower range than 0 to 1,000,000."""


@cache
def rules() -> Rules:
    """The base model's rules and components, loaded once."""
    return rules_with()


@lru_cache(maxsize=32)
def rules_with(board: str | None = None, risk_cards: str | None = None) -> Rules:
    """The base model's rules with the board and the risk deck replaced by the TOML texts given
    (``None``: the shipped file), each checked as the shipped ones are."""
    r = _load("rules.toml")
    m = _load("market.toml")
    b = _load("board.toml") if board is None else parse("board.toml", board, RANGES)
    deck = _load("risk_cards.toml") if risk_cards is None else parse("risk_cards.toml", risk_cards, RANGES)
    try:
        return _rules(r, m, b, deck)
    except DataError:
        raise
    except (KeyError, TypeError, ValueError) as e:
        # A replaced file lacking an entry or holding a value of the wrong type.
        given = [name for name, text in (("board.toml", board), ("risk_cards.toml", risk_cards)) if text is not None]
        detail = f"lacks the entry {e}" if isinstance(e, KeyError) else str(e)
        raise DataError(f"{' or '.join(given) or 'data'}: {detail}") from None


def _rules(r: dict[str, Any], m: dict[str, Any], b: dict[str, Any], deck: dict[str, Any]) -> Rules:
    cards = tuple(
        RiskCard(
            number=i,
            title=str(c["title"]),
            effect=str(c["effect"]),
            amount=int(c.get("amount", 0)),
            insurable=bool(c.get("insurable", False)),
            computer_protects=bool(c.get("computer_protects", False)),
            needs=str(c.get("needs", "")),
        )
        for i, c in enumerate(deck["card"])
    )
    spaces = tuple(str(s) for s in b["spaces"])
    if not spaces or spaces[0] != "start" or spaces.count("start") != 1:
        raise DataError("board.toml: space 0 must be the only start field")
    bad = [s for s in spaces if s not in SPACE_KINDS]
    if bad:
        raise DataError(f"board.toml: unknown space kinds {bad}; known kinds: {SPACE_KINDS}")
    start_position = b["start_position"]
    if not isinstance(start_position, int) or not 0 <= start_position < len(spaces):
        raise DataError(
            f"board.toml: start_position must be a space from 0 to {len(spaces) - 1}, not {start_position!r}"
        )
    if not cards:
        raise DataError("risk_cards.toml: the risk deck needs at least one card")
    for card in cards:
        if card.effect not in RISK_EFFECTS:
            raise DataError(
                f"risk_cards.toml: card {card.title!r} has unknown effect {card.effect!r}; "
                f"known effects: {', '.join(RISK_EFFECTS)}"
            )
        if card.needs not in RISK_NEEDS:
            raise DataError(f"risk_cards.toml: card {card.title!r} needs {card.needs!r}; known needs: {RISK_NEEDS}")
    prices = tuple(int(p) for p in m["prices"])
    if list(prices) != sorted(prices):
        raise ValueError("market.toml: zone prices must be listed cheapest first")
    if len(prices) * int(m["dimples_per_zone"]) != int(r["supply"]["products"]):
        raise ValueError("market.toml: zones × dimples must hold exactly the products in the box")
    return Rules(
        board=spaces,
        start_position=start_position,
        zone_prices=prices,
        dimples=int(m["dimples_per_zone"]),
        few_players=int(m["few_players"]),
        empty_up_to=int(m["empty_with_few_players_up_to"]),
        risk_cards=cards,
        start_capital=r["capital"]["start"],
        after_first_lap=r["capital"]["after_first_lap"],
        machines=r["supply"]["machines"],
        computers=r["supply"]["computers"],
        webs=r["supply"]["webs"],
        products=r["supply"]["products"],
        machine_price=r["prices"]["machine"],
        computer_price=r["prices"]["computer"],
        web_price=r["prices"]["web"],
        production=r["prices"]["production"],
        production_with_computer=r["prices"]["production_with_computer"],
        sale_multiplier=r["prices"]["sale_multiplier"],
        advertising_cap=r["prices"]["advertising_cap"],
        credit_per_machine=r["credit"]["per_machine"],
        credit_per_computer=r["credit"]["per_computer"],
        interest_percent=r["credit"]["interest_percent"],
        loan_fee=r["credit"]["fee"],
        credit_step=r["credit"]["step"],
        efficiency_webs=r["web_options"]["efficiency"],
        advertising_webs=r["web_options"]["advertising"],
        lease_webs=r["web_options"]["computer_lease"],
        insurance_webs=r["web_options"]["insurance"],
        cost_field_production=r["cost_field"]["production"],
        cost_field_idle=r["cost_field"]["idle_per_machine"],
        cost_field_webs=r["cost_field"]["web"],
        repurchase_machine=r["repurchase"]["machine"],
        repurchase_computer=r["repurchase"]["computer"],
        repurchase_raw=r["repurchase"]["raw"],
        repurchase_finished=r["repurchase"]["finished"],
        value_machine=r["valuation"]["machine"],
        value_computer=r["valuation"]["computer"],
        value_raw=r["valuation"]["raw"],
        value_finished=r["valuation"]["finished"],
        delivery_turns=r["machines"]["delivery_turns"],
        auction_raises=tuple(int(x) for x in r["auction"]["raises"]),
        full_capital=r["capital"]["full_with_any_step"],
        underbid_step=r["free_market"]["underbid_step"],
        underbid_lowest=r["free_market"]["lowest_price"],
        purchase_at_market=r["purchase_auction"]["at_market_price"],
        purchase_raises=tuple(int(x) for x in r["purchase_auction"]["raises"]),
        marketing_troughs=r["marketing"]["organisations"],
        marketing_founding=r["marketing"]["founding"],
        marketing_yearly=r["marketing"]["yearly"],
        marketing_webs=r["marketing"]["webs"],
        tax_bands=tuple((int(a), int(p)) for a, p in r["taxation"]["bands"]),
        tax_rounding=r["taxation"]["rounding"],
        sales_target=r["goals"]["sales_target"],
        workers=r["labour"]["workers"],
        unemployment_fund=r["labour"]["fund"],
        salary=r["labour"]["salary"],
        labour_production=r["labour"]["production"],
        labour_production_with_computer=r["labour"]["production_with_computer"],
        labour_cost_field=r["labour"]["cost_field_production"],
        strike_idle=r["labour"]["strike_idle"],
        lockout_idle=r["labour"]["lockout_idle"],
    )
