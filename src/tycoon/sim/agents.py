"""The agent catalogue, kept here for code that imports it from its old place: it lives in
:mod:`tycoon.agents.catalogue` now, with the agents it builds."""

from tycoon.agents.catalogue import (
    GENERIC_KINDS,
    PARTNER_SEPARATOR,
    AgentFactory,
    UnknownAgent,
    check_partners,
    game_bots,
    known_kinds,
    make_agent,
    make_partners,
    partner_games,
    partner_kinds,
    partner_note,
)

__all__ = [
    "GENERIC_KINDS",
    "PARTNER_SEPARATOR",
    "AgentFactory",
    "UnknownAgent",
    "check_partners",
    "game_bots",
    "known_kinds",
    "make_agent",
    "make_partners",
    "partner_games",
    "partner_kinds",
    "partner_note",
]
