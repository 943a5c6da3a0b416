"""Lesson 1, the pack, the ranks and the bowers: the kinds left_bower, effective_suit, highest_trump, count_trumps."""

from __future__ import annotations

from typing import Any

from ...kernel import tables as _tables
from ...kernel.cards import Card, Rank, Suit, mask_of, pack
from .base import Answer, Kind, kind_registrar
from .helpers import card_choice as _card_choice
from .helpers import lesson_rng as _rng
from .helpers import list_words as _list_words
from .helpers import text_choice as _text_choice
from .helpers import the as _the
from .helpers import to_cards as _cards
from .helpers import to_suit as _suit

KINDS: dict[str, Kind] = {}  # this lesson's kinds, in order (the package's KINDS gathers every lesson's)
_kind = kind_registrar(KINDS)


def _make_trump(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "trump" not in spec:
        spec["trump"] = "CDHS"[_rng(spec).randrange(4)]
    return spec


def _ask_left_bower(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    return {
        "prompt": f"When {t.word} are trumps, which card is the left bower?",
        "choices": [_card_choice(Card.of(Rank.KNAVE, s)) for s in Suit],
        "show": {"trump": t.letter},
    }


@_kind("left_bower", _make_trump)
def _left_bower(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    left = Card(_tables.LEFT_BOWER[t])
    right = Card(_tables.RIGHT_BOWER[t])
    colour = "red" if t.is_red else "black"
    return Answer(
        [str(left)],
        f"The {left.long_name()}.",
        f"The left bower is the knave of the other suit of the same colour as the trump ({colour}): with "
        f"{t.word} trumps it is {_the(left)}. It is the second-best card, below the right bower ({_the(right)}) and "
        f"above the ace of {t.word}, and it counts as a {t.word[:-1]} for every purpose of the play.",
        terms=["left-bower", "right-bower"],
    )


def _ask_effective_suit(spec: dict[str, Any]) -> dict[str, Any]:
    t, c = _suit(spec["trump"]), Card.parse(spec["card"])
    return {
        "prompt": f"When {t.word} are trumps, to which suit does {_the(c)} belong in the play?",
        "choices": [_text_choice(s.letter, s.word) for s in Suit],
        "show": {"trump": t.letter, "card": str(c)},
    }


def _make_effective_suit(entry: dict[str, Any]) -> dict[str, Any]:
    spec = _make_trump(entry)
    if "card" not in spec:
        t = _suit(spec["trump"])
        spec["card"] = str(Card(_tables.LEFT_BOWER[t]))
    return spec


@_kind("effective_suit", _make_effective_suit)
def _effective_suit(spec: dict[str, Any]) -> Answer:
    t, c = _suit(spec["trump"]), Card.parse(spec["card"])
    eff = Suit(_tables.EFFECTIVE_SUIT[t][c])
    if eff != c.suit:
        why = (
            f"{_the(c).capitalize()} is the left bower when {t.word} are trumps: it is a {t.word[:-1]}, not a "
            f"{c.suit.word[:-1] if c.suit is not None else ''}. When {t.word} are led it follows suit and must be "
            f"played if it is its holder's only trump; when {c.suit.word if c.suit is not None else ''} are led "
            "it is not one of them (a revoke, Law 62, is judged by the suit as the trump makes it)."
        )
    else:
        why = (
            f"{_the(c).capitalize()} keeps its own suit: only the two bowers change suit, and the "
            f"{c.rank.word if c.rank is not None else ''} is not a bower when {t.word} are trumps."
        )
    return Answer([eff.letter], f"To {eff.word}.", why, terms=["left-bower"])


def _make_highest(entry: dict[str, Any]) -> dict[str, Any]:
    spec = _make_trump(entry)
    if "cards" not in spec:
        rng = _rng(spec)
        t = _suit(spec["trump"])
        trumps = [c for c in pack(32) if _tables.EFFECTIVE_SUIT[t][c] == t]
        others = [c for c in pack(32) if c not in trumps]
        picks = rng.sample(trumps, 3) + rng.sample(others, 2)
        if Card(_tables.LEFT_BOWER[t]) not in picks:
            picks[0] = Card(_tables.LEFT_BOWER[t])
        rng.shuffle(picks)
        spec["cards"] = [str(c) for c in picks]
    return spec


def _ask_highest_trump(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    cards = _cards(spec["cards"])
    return {
        "prompt": f"When {t.word} are trumps, which of these cards is the highest?",
        "choices": [_card_choice(c) for c in cards],
        "show": {"trump": t.letter},
    }


@_kind("highest_trump", _make_highest)
def _highest_trump(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    cards = _cards(spec["cards"])
    power = _tables.TRUMP_POWER[t]
    order = sorted(cards, key=lambda c: (-power[c], -(c & 7)))
    best = order[0]
    trumps = [c for c in order if power[c]]
    words = [_the(c) for c in trumps]
    why = (
        f"The order of the trumps is: the right bower ({_the(Card(_tables.RIGHT_BOWER[t]))}), the left bower "
        f"({_the(Card(_tables.LEFT_BOWER[t]))}), then the ace, king, queen, 10, 9, 8 and 7 of {t.word}. "
        f"Of these cards the trumps rank {_list_words(words, 'then')}; any trump is above any other card."
    )
    return Answer([str(best)], f"{_the(best).capitalize()}.", why, terms=["right-bower", "left-bower"])


def _ask_count_trumps(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    return {
        "prompt": f"The pack has 32 cards, from the ace down to the 7 in each suit. When {t.word} are trumps, "
        "how many trumps are there in the pack?",
        "choices": [_text_choice(str(n), str(n)) for n in (7, 8, 9, 10)],
        "show": {"trump": t.letter},
    }


@_kind("count_trumps", _make_trump)
def _count_trumps(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    in_pack = _tables.SUIT_MASK[t][t] & mask_of(pack(32))
    n = bin(in_pack).count("1")
    left = Card(_tables.LEFT_BOWER[t])
    return Answer(
        [str(n)],
        f"{n}.",
        f"The eight {t.word} and {_the(left)}, the left bower, which is a "
        f"{t.word[:-1]} while {t.word} are trumps; the suit of the same colour "
        f"({left.suit.word if left.suit is not None else ''}) "
        "has only seven cards.",
        terms=["left-bower"],
    )
