"""tabletop: one shared screen for Eden, Catan and the Eden skirmish game."""

__version__ = "0.1.0"
