"""The agent catalogue: build an agent for a game from a short kind name.

``"random"`` is the game-agnostic :class:`~tycoon.agents.RandomAgent`. Every other kind is a
game's own, from its :class:`~tycoon.core.spec.GameSpec`: its ``levels`` (``easy``,
``normal``, ``hard``, each with a line on how it plays) and its ``bots``, kind names mapped to
factories that take no arguments. A game that declares a ``search`` and an ``evaluate`` has
``hard`` built here: :class:`~tycoon.agents.ismcts.IsmctsAgent` over its ``normal`` level, so
no game imports an agent. The older name ``bot`` is ``normal``
(``tycoon.core.spec.LEVEL_ALIASES``): a game that declares either has both. A game that offers
no bots still plays with ``"random"``.

A seat run by two partners is written ``KIND+KIND`` (``"bot+random"``): the first manages
purchase, production and labour, the second marketing and finance
(:class:`~tycoon.agents.Partners`). Only a game that divides a business between two partners
offers it, with the spec hooks ``competency(action) -> str`` (``"production"``,
``"finance"`` or ``"either"``) and, optionally, ``decision_competency(state, seat)``, the
competency of a pending decision as a whole or ``None``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from tycoon.core.registry import registered, spec
from tycoon.core.spec import LEVEL_ALIASES, LEVELS, RANDOM_DESCRIPTION, lazy, resolved

if TYPE_CHECKING:
    from tycoon.agents.partners import Competency, DecisionCompetency, Partners
    from tycoon.core.driver import Agent

AgentFactory = Callable[[], "Agent"]
"""Builds a fresh agent; the driver seeds it before each game."""

GENERIC_KINDS: dict[str, AgentFactory] = {"random": lazy("tycoon.agents.random_agent:RandomAgent")}
"""Agents that play any game, by kind name."""

PARTNER_SEPARATOR = "+"
"""Joins the kinds of the two partners who run one seat: ``bot+random``."""


class UnknownAgent(ValueError):
    """An agent kind that neither the catalogue nor the game knows."""


def game_bots(game_id: str) -> dict[str, AgentFactory]:
    """The bots a game offers by kind: its levels, weakest first, then its spec's other
    ``bots``; each level under its older name too (``bot`` for ``normal``)."""
    s = spec(game_id)
    own = {name: s.levels[name].factory for name in _level_order(s.levels)}
    own.update((k, f) for k, f in s.bots.items() if k not in own)
    for old, new in LEVEL_ALIASES.items():
        if new in own and old not in own:
            own[old] = own[new]
        elif old in own and new not in own:
            own[new] = own[old]
    if "hard" not in own and s.search is not None and s.evaluate is not None and "normal" in own:
        own["hard"] = functools.partial(_searching, game_id)
        # Keep the levels' order (hard last of them) before the older names.
        own = {name: own[name] for name in _level_order(own)}
    return own


def _searching(game_id: str) -> Agent:
    """A fresh ``hard`` agent of ``game_id``: the search its spec declares (``GameSpec.search``)
    from its ``normal`` level's choice (or its search's own ``bot``'s), positions scored by its
    ``evaluate``, the others and the play on in the worlds searched ``normal``'s (or the
    search's ``rollout`` bot's)."""
    s = spec(game_id)
    assert s.search is not None and s.evaluate is not None
    normal = s.levels["normal"].factory if "normal" in s.levels else s.bots["bot"]
    from tycoon.agents.ismcts import IsmctsAgent

    search = s.search
    return IsmctsAgent(
        normal if search.bot is None else search.bot,
        resolved(s.evaluate),
        iterations=search.iterations,
        horizon=search.horizon,
        candidates=resolved(search.candidates),
        rollout=search.rollout if search.bot is None else (search.rollout or normal),
        explore=search.explore,
        keep=search.keep,
    )


def _level_order(names: Mapping[str, object]) -> list[str]:
    """The names of ``LEVELS`` among ``names`` in its order, then any others as given."""
    return [*(n for n in LEVELS if n in names), *(n for n in names if n not in LEVELS)]


def game_levels(game_id: str) -> dict[str, str]:
    """The levels of computer opponent ``game_id`` offers, weakest first, each with its line on
    how it plays: ``random`` always, then the game's own (``easy``, ``normal``, ``hard``).

    A game that declares no levels offers ``normal`` if it has a ``bot``."""
    s = spec(game_id)
    levels = {"random": RANDOM_DESCRIPTION}
    levels.update((name, s.levels[name].description) for name in _level_order(s.levels))
    if "normal" not in levels and "bot" in s.bots:
        levels["normal"] = "the game's bot"
    if "hard" not in levels and s.search is not None and s.evaluate is not None and "normal" in levels:
        levels["hard"] = s.search.description
    return levels


def known_kinds(game_id: str, bots: Mapping[str, AgentFactory] | None = None) -> list[str]:
    """Every agent kind that can play ``game_id``: ``"random"`` first, then the game's levels
    and bots (``game_bots``).

    ``bots`` replaces the game's own (useful for tests and experiments).
    """
    own = game_bots(game_id) if bots is None else dict(bots)
    return [*GENERIC_KINDS, *(k for k in own if k not in GENERIC_KINDS)]


def partner_kinds(kind: str) -> tuple[str, str] | None:
    """The two partners' kinds of a seat kind ``PRODUCTION+FINANCE``, or ``None`` for one agent.

    >>> partner_kinds("bot+random"), partner_kinds("bot")
    (('bot', 'random'), None)
    """
    if PARTNER_SEPARATOR not in kind:
        return None
    parts = [part.strip() for part in kind.split(PARTNER_SEPARATOR)]
    if len(parts) != 2 or not all(parts):
        raise UnknownAgent(
            f"{kind!r}: a seat run by two partners is written PRODUCTION+FINANCE, two kinds joined by "
            "'+', e.g. bot+random"
        )
    return parts[0], parts[1]


def partner_note(game_id: str) -> str:
    """A reminder, for the game's known kinds, that two partners may run a seat (or nothing)."""
    return f"; a seat run by two partners: KIND{PARTNER_SEPARATOR}KIND" if _division(game_id) is not None else ""


def partner_games() -> list[str]:
    """The registered games that divide a business between two partners."""
    return [game_id for game_id in registered() if _division(game_id) is not None]


def _division(game_id: str) -> tuple[Competency, DecisionCompetency | None] | None:
    """The game's ``competency`` and ``decision_competency`` hooks, or ``None`` if it has none."""
    hooks = spec(game_id).hooks
    competency = hooks.get("competency")
    if not callable(competency):
        return None
    decision = hooks.get("decision_competency")
    return competency, decision if callable(decision) else None


def make_partners(game_id: str, production: Agent, finance: Agent) -> Partners:
    """One seat of ``game_id`` run by two agents, with the game's competency division.

    Raises :class:`UnknownAgent` if the game divides nothing between partners.
    """
    from tycoon.agents.partners import Partners

    competency, decision = _required_division(game_id)
    return Partners(production, finance, resolved(competency), resolved(decision))


def check_partners(game_id: str) -> None:
    """Raise :class:`UnknownAgent`, naming the games that do, unless ``game_id`` divides a
    business between two partners."""
    _required_division(game_id)


def _required_division(game_id: str) -> tuple[Competency, DecisionCompetency | None]:
    division = _division(game_id)
    if division is None:
        games = ", ".join(partner_games()) or "none"
        raise UnknownAgent(
            f"{game_id} does not divide a business between two partners, so no seat of it can be "
            f"played by two (KIND{PARTNER_SEPARATOR}KIND); games that do: {games}"
        )
    return division


def make_agent(game_id: str, kind: str, bots: Mapping[str, AgentFactory] | None = None) -> Agent:
    """A fresh agent of ``kind`` for ``game_id``.

    ``kind`` is ``"random"`` or one of the game's levels or bots (``game_bots``), or two of them
    joined by ``+`` for a seat run by two partners (``"bot+random"``: production, then
    finance); ``bots`` replaces the game's own. Raises :class:`UnknownAgent` listing the known kinds
    otherwise.
    """
    partners = partner_kinds(kind)
    if partners is not None:
        production, finance = partners
        check_partners(game_id)
        try:
            return make_partners(game_id, make_agent(game_id, production, bots), make_agent(game_id, finance, bots))
        except UnknownAgent as e:
            raise UnknownAgent(f"{kind!r}: {e}") from None
    own = game_bots(game_id) if bots is None else dict(bots)
    factory = own.get(kind) or GENERIC_KINDS.get(kind)
    if factory is None:
        known = ", ".join(known_kinds(game_id, own))
        raise UnknownAgent(f"unknown agent kind {kind!r} for {game_id}; known kinds: {known}{partner_note(game_id)}")
    return factory()
