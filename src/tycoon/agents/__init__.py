"""Game-agnostic agents over the core protocol."""

from tycoon.agents.random_agent import RandomAgent

__all__ = ["RandomAgent"]
