"""The engine's version (one place: the package, the wheel and the simulation cache read it)."""

__version__ = "0.1.0"
