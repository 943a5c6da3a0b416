"""The hint tests' specs: the shipped file (``euchre_core/data/hint_tests.json``), a spec given as
JSON checked field by field (:func:`decode_spec`), and the hand tokens (``R``, ``st``, ``x1`` …:
:func:`parse_token`, :func:`check_distinct`, :func:`token_words`). The module docstring of
:mod:`euchre_core.search.simulate` gives a spec's form and the tokens' meaning.

>>> spec_by_id("second-3")["kind"], token_words("mt")
('bid', 'a medium trump')
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from ..kernel import decode
from ..kernel.cards import Card
from ..kernel.errors import InputError
from ..kernel.tables import LEFT_BOWER, RIGHT_BOWER
from .hint_players import SEATS

__all__ = [
    "KINDS",
    "RANKS",
    "specs_text",
    "load_specs",
    "spec_by_id",
    "decode_spec",
    "parse_token",
    "check_distinct",
    "token_words",
]

KINDS = ("bid", "make", "discard", "lead", "play")
RANKS = "789TJQKA"
_TOKEN = re.compile(
    r"^(?:(?P<code>[789TJQKA][CDHS])|(?P<bower>[RL])|(?P<trank>[AKQT987])t|(?P<tclass>[smt])t?"
    r"|(?P<prank>[AKQJT987xn])(?P<group>[123N])|(?P<plain>[xan]))$"
)


@lru_cache(maxsize=1)
def specs_text() -> str:
    return (resources.files("euchre_core") / "data" / "hint_tests.json").read_text(encoding="utf-8")


def load_specs() -> list[dict[str, Any]]:
    """Every hint test (``euchre_core/data/hint_tests.json``), in the file's order.

    >>> specs = load_specs()
    >>> specs[0]["hint"], specs[0]["kind"]
    ('eldest-1', 'bid')
    """
    return cast(list[dict[str, Any]], json.loads(specs_text())["specs"])  # the shipped file's list of objects


def spec_by_id(spec_id: str) -> dict[str, Any]:
    """The spec with this id, else the first spec of the hint with this id (InputError if none)."""
    specs = load_specs()
    for s in specs:
        if s["id"] == spec_id:
            return s
    for s in specs:
        if s["hint"] == spec_id:
            return s
    raise InputError(f"no hint test {spec_id!r}", "spec_or_id")


_SPEC_TEXT = (
    "id",
    "hint",
    "label",
    "kind",
    "seat",
    "trump",
    "turn_up",
    "turn_down",
    "advised",
    "maker",
    "alone",
    "then",
    "base",
)
_CONSTRAINTS = ("holds", "min_trumps", "max_trumps", "min_strength", "void")


def decode_spec(spec: dict[str, Any]) -> None:
    """The types and sizes of a spec given as JSON (the browser's widget sends one), before anything
    reads it: an :class:`InputError` naming the field as the simulation names it (``hand``,
    ``others.A.holds[2]``; the whole spec: ``spec_or_id``). What the fields mean (tokens, options) is
    checked by the simulation's own setup."""
    path = ""
    decode.check_tree(spec, "spec_or_id", max_depth=4, max_items=20, max_string=200, top=True)
    decode.mapping(
        spec, "spec_or_id", keys=(*_SPEC_TEXT, "hand", "alternatives", "others", "scores", "trick", "option_labels")
    )
    for k in _SPEC_TEXT:
        if spec.get(k) is not None:
            decode.text(spec[k], k, max_len=200)
    for k in ("seat", "maker", "alone"):  # a seat exactly: "" or "BC" is not a seat
        if spec.get(k) is not None:
            decode.seat(spec[k], k)
    if "hand" in spec:
        for i, t in enumerate(decode.array(spec["hand"], f"{path}hand", min_len=5, max_len=5)):
            decode.text(t, f"{path}hand[{i}]", max_len=4)
    for i, t in enumerate(decode.array(spec.get("alternatives") or [], f"{path}alternatives", max_len=8)):
        decode.text(t, f"{path}alternatives[{i}]", max_len=20)
    for i, sc in enumerate(decode.array(spec.get("scores") or [], f"{path}scores", max_len=8)):
        for j, x in enumerate(decode.array(sc, f"{path}scores[{i}]", min_len=2, max_len=2)):
            decode.integer(x, f"{path}scores[{i}][{j}]", 0, 4)
    for i, pair in enumerate(decode.array(spec.get("trick") or [], f"{path}trick", max_len=3)):
        where = f"{path}trick[{i}]"
        seat, tok = decode.array(pair, where, min_len=2, max_len=2)
        decode.seat(seat, where)
        decode.text(tok, where, max_len=4)
    others = decode.mapping(spec.get("others") or {}, f"{path}others", keys=tuple(SEATS))
    for seat, cons in others.items():
        where = f"{path}others.{seat}"
        decode.mapping(cons, where, keys=_CONSTRAINTS)
        for i, t in enumerate(decode.array(cons.get("holds") or [], f"{where}.holds", max_len=5)):
            decode.text(t, f"{where}.holds[{i}]", max_len=4)
        for k in ("min_trumps", "max_trumps"):
            if k in cons:
                decode.integer(cons[k], f"{where}.{k}", 0, 5)
        if "min_strength" in cons:
            v = cons["min_strength"]
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 20:
                raise InputError(f"a number from 0 to 20, not {decode.excerpt(v)}", f"{where}.min_strength")
        for i, v in enumerate(decode.array(cons.get("void") or [], f"{where}.void", max_len=4)):
            decode.choice(v, f"{where}.void[{i}]", ("C", "D", "H", "S", "t"))
    labels = decode.mapping(spec.get("option_labels") or {}, f"{path}option_labels", max_len=10)
    for k, v in labels.items():
        decode.text(v, f"{path}option_labels.{k[:20]}", max_len=80)


def parse_token(tok: str, field: str = "hand") -> re.Match[str]:
    """A card or token of the spec's ``field``; an :class:`InputError` naming that field when it is neither.

    >>> parse_token("ZZ", "turn_up")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: turn_up: 'ZZ' is neither a card (JC) nor a token (R, L, At, st, x1, …)
    """
    m = _TOKEN.match(str(tok))
    if not m:
        raise InputError(f"{tok!r} is neither a card (JC) nor a token (R, L, At, st, x1, …)", field)
    return m


def _named_card(tok: str, trump: int) -> int | None:
    """The one card a token names whatever the layout (a card's code, or a bower), else None."""
    m = parse_token(tok)
    if m.group("code"):
        return Card.parse(m.group("code"))
    if m.group("bower"):
        return RIGHT_BOWER[trump] if m.group("bower") == "R" else LEFT_BOWER[trump]
    return None


def check_distinct(named: list[tuple[str, str]], trump: int) -> None:
    """Each card named once in a spec: the same card in two places (the turn-up also in the hand…) is
    an :class:`InputError` naming the second place's field."""
    seen: dict[int, str] = {}
    for field, tok in named:
        card = _named_card(tok, trump)
        if card is None:
            continue
        if card in seen:
            raise InputError(f"{tok!r} is already in {seen[card]}: a card can be in one place only", field)
        seen[card] = field


_RANK_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "knave", "T": "ten", "9": "nine", "8": "eight", "7": "seven"}


def token_words(tok: str) -> str:
    """A hand token in words.

    >>> token_words("R"), token_words("st"), token_words("K2"), token_words("JC")
    ('the right bower', 'a small trump', 'the king of suit 2', 'the knave of clubs')
    """
    m = parse_token(tok)
    if m.group("code"):
        return "the " + Card.parse(m.group("code")).long_name()
    if m.group("bower"):
        return "the right bower" if m.group("bower") == "R" else "the left bower"
    if m.group("trank"):
        return f"the {_RANK_WORDS[m.group('trank')]} of trumps"
    if m.group("tclass"):
        return {"s": "a small trump", "m": "a medium trump", "t": "a trump"}[m.group("tclass")]
    if m.group("group"):
        g = m.group("group")
        suit = "the next suit" if g == "N" else f"suit {g}"
        r = m.group("prank")
        if r == "x":
            return f"a card of {suit}"
        if r == "n":
            return f"a card of {suit} below the ace"
        return f"the {_RANK_WORDS[r]} of {suit}"
    return {"x": "a plain card", "a": "a plain ace", "n": "a plain card below the ace"}[m.group("plain")]
