"""The games. Importing this package registers every game with the core registry."""

from tycoon.core.registry import load, registered
from tycoon.games import biznes_po_polsku as biznes_po_polsku
from tycoon.games import die_bosse as die_bosse
from tycoon.games import playboss as playboss

__all__ = ["load", "registered"]
