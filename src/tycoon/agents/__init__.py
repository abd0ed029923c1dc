"""Game-agnostic agents over the core protocol."""

from tycoon.agents.partners import Partners
from tycoon.agents.random_agent import RandomAgent

__all__ = ["Partners", "RandomAgent"]
