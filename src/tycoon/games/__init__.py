"""The games. Importing this package registers every game with the core registry."""

from tycoon.core.registry import load, registered
from tycoon.games import playboss as playboss

__all__ = ["load", "registered"]
