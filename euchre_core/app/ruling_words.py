"""The ruling at a moment of the play, in words from a reader's chair: the one voice is
:mod:`euchre_core.app.ruling_voice` (issue 35); this module keeps the older import path.

>>> from euchre_core.app.ruling_words import moment as m
>>> from euchre_core.app.ruling_voice import moment
>>> m is moment
True
"""

from __future__ import annotations

from .ruling_voice import WHO, Seats, headline, moment, reader_seat, requirement_words, ruling_now

__all__ = ["WHO", "Seats", "reader_seat", "requirement_words", "headline", "ruling_now", "moment"]
