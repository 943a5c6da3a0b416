"""The Learn pages' exercises: made from seeded deals by the engine, and checked by the engine.

An exercise is a small JSON object, its *spec*: ``{"id": ..., "kind": ..., <parameters>}``. The
parameters describe the situation only (a trump suit, a deal and its log, a case and a trick);
never the answer. :func:`question` words it and lists the choices, :func:`solve_exercise` asks the
engine for the answer and the reasons (citing the laws, the hints, the cases), and
:func:`check_answer` tells a reader whether an answer is right. Where several answers are right
(two equal cards, any discard that loses nothing) all of them are accepted.

:func:`make_exercise` turns an entry of a lesson (``content/lessons/*.yaml``: a kind, a seed and
options) into a spec, searching seeded deals for a position that shows the point.

The package has a module per lesson (``the_pack`` … ``coups``, each with its kinds, and ``play``, the
play table of lesson 10), ``base`` (the types and ``KINDS``), ``helpers`` (what the lessons share)
and ``exercises`` (the entry points); this ``__init__`` re-exports the public names.

The browser calls the same functions through Pyodide with JSON in and out
(``euchre_core.app.lessons.check_answer``), and the play table of the last lesson through
:func:`table_new`, :func:`table_act` and :func:`table_engine`.

>>> spec = make_exercise({"id": "x", "kind": "left_bower", "trump": "H"})
>>> question(spec)["prompt"]
'When hearts are trumps, which card is the left bower?'
>>> check_answer(spec, "JD")["correct"], check_answer(spec, "JH")["correct"]
(True, False)
"""

from __future__ import annotations

from . import coups, following_suit, hints, irregularities, making_the_trump, playing_alone, scoring, the_deal, the_pack
from .base import KINDS, Answer, Kind, laws_cited
from .exercises import MAX_ANSWER as MAX_ANSWER
from .exercises import check_answer, make_exercise, question, solve_exercise
from .helpers import ROLE_WORDS as ROLE_WORDS
from .helpers import SEATS as SEATS
from .play import MAX_TABLE_ACTIONS as MAX_TABLE_ACTIONS
from .play import TABLE_SEAT as TABLE_SEAT
from .play import deal_words, table_act, table_engine, table_new, table_view
from .scoring import counters, read_counters

_deal_words = deal_words  # the Learn pages' generator words the end of a deal with it (build_scripts/lessons_pages.py)

#: The lessons with exercises, in the site's order (content/lessons/NN-*.yaml; lesson 10's play table
#: has none): ``KINDS`` lists their kinds in this order.
LESSONS = (
    the_pack,
    following_suit,
    the_deal,
    making_the_trump,
    scoring,
    playing_alone,
    irregularities,
    hints,
    coups,
)
for _lesson in LESSONS:
    KINDS.update(_lesson.KINDS)

# in the order of their sources (the API page lists them so)
__all__ = [
    "Answer",
    "Kind",
    "KINDS",
    "laws_cited",
    "counters",
    "read_counters",
    "make_exercise",
    "question",
    "solve_exercise",
    "check_answer",
    "table_view",
    "table_new",
    "table_act",
    "table_engine",
]
