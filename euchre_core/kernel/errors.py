"""The one exception type for actions the laws do not allow, and for bad input.

>>> e = IllegalAction("You must follow suit: you hold the 9 of hearts", laws=(62,))
>>> str(e)
'You must follow suit: you hold the 9 of hearts (law 62)'
>>> e.laws
(62,)
"""

from __future__ import annotations

__all__ = ["EuchreError", "IllegalAction", "InputError"]


class EuchreError(ValueError):
    """Base class of the engine's errors: the message is for a player, never a traceback."""

    index: int | None = None  # set by a replay (laws.procedure): the index, from 0, of the event at fault


def _cite(laws: tuple[int, ...]) -> str:
    if not laws:
        return ""
    if len(laws) == 1:
        return f" (law {laws[0]})"
    return " (laws " + ", ".join(str(n) for n in laws) + ")"


class IllegalAction(EuchreError):
    """An action the laws do not allow in this state. The state it was tried on is unchanged.

    ``laws`` holds the numbers of the laws that forbid it (empty when it is a matter of the
    game's mechanics, e.g. acting out of one's turn in the bidding, which the book covers as
    an irregularity).
    """

    def __init__(self, message: str, laws: tuple[int, ...] | list[int] = ()) -> None:
        self.laws: tuple[int, ...] = tuple(laws)
        self.reason = message
        super().__init__(message + _cite(self.laws))


class InputError(EuchreError):
    """Malformed input (a file, a card code, a seat, a field): the message names the field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)
