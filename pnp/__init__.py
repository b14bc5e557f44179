"""Print-and-play kits and rules engines for five space-themed tabletop games."""

__version__ = "0.1.0"
