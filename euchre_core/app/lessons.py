"""The Learn pages' exercises: made from seeded deals by the engine, and checked by the engine.

An exercise is a small JSON object, its *spec*: ``{"id": ..., "kind": ..., <parameters>}``. The
parameters describe the situation only (a trump suit, a deal and its log, a case and a trick);
never the answer. :func:`question` words it and lists the choices, :func:`solve_exercise` asks the
engine for the answer and the reasons (citing the laws, the hints, the cases), and
:func:`check_answer` tells a reader whether an answer is right. Where several answers are right
(two equal cards, any discard that loses nothing) all of them are accepted.

:func:`make_exercise` turns an entry of a lesson (``content/lessons/*.yaml``: a kind, a seed and
options) into a spec, searching seeded deals for a position that shows the point.

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

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..formats.cases import replay_case
from ..kernel import deal as _deal
from ..kernel import decode
from ..kernel import play as _play
from ..kernel import tables as _tables
from ..kernel.actions import Action
from ..kernel.cards import Card, CardError, Rank, Suit, mask_of, pack
from ..kernel.deal import SEAT_NAMES, Deal, DealSetup, Trick
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..kernel.limits import limit
from ..kernel.rules import SOMERSET_1888
from ..laws.director import Director
from ..laws.match import Match
from ..laws.scoring import Rubber
from ..search import opponent as _opponent
from ..search import solver as _solver
from .web import card_info

_R = TypeVar("_R")

__all__ = [
    "KINDS",
    "make_exercise",
    "question",
    "solve_exercise",
    "check_answer",
    "counters",
    "read_counters",
    "table_new",
    "table_view",
    "table_act",
    "table_engine",
]

SEATS = SEAT_NAMES
_NUMBER_WORDS = ("none", "one", "two", "three", "four", "five")
ROLE_WORDS = {"eldest": "eldest hand", "second": "second hand", "third": "third hand", "dealer": "dealer"}
_LAW_RE = re.compile(r"\b[Ll]aws?\s+(\d+(?:(?:,\s*|\s+and\s+|\s*[–-]\s*)\d+)*)")


# --------------------------------------------------------------------------------------------
# The pieces


@dataclass
class Answer:
    """What the engine says: the accepted values (any one of them when ``mode`` is ``one``; the
    whole set when it is ``many``), the answer in words, why (citing laws and hints), and what
    it cites."""

    answers: list[str]
    text: str
    why: str
    mode: str = "one"
    hints: list[str] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    detail: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The JSON form (``laws`` are read from the text)."""
        return {
            "answers": list(self.answers),
            "mode": self.mode,
            "text": self.text,
            "why": self.why,
            "detail": list(self.detail),
            "laws": laws_cited(" ".join([self.text, self.why, *self.detail])),
            "hints": list(self.hints),
            "cases": list(self.cases),
            "terms": list(self.terms),
        }


@dataclass(frozen=True)
class Kind:
    """One kind of exercise: how a lesson entry becomes a spec, how it is asked, how it is answered,
    and (optionally) what to say about a wrong answer."""

    name: str
    make: Callable[[dict[str, Any]], dict[str, Any]]
    ask: Callable[[dict[str, Any]], dict[str, Any]]
    solve: Callable[[dict[str, Any]], Answer]
    wrong: Callable[[dict[str, Any], Any, Answer], str] | None = None


KINDS: dict[str, Kind] = {}


def _kind(
    name: str,
    make: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
    wrong: Callable[[dict[str, Any], Any, Answer], str] | None = None,
) -> Callable[[Any], Any]:
    """Register a kind: the decorated function answers it; ``ask`` is the function named ``ask_<name>``."""

    def deco(fn: Callable[[dict[str, Any]], Answer]) -> Callable[[dict[str, Any]], Answer]:
        ask = globals()[f"_ask_{name}"]
        KINDS[name] = Kind(name, make or (lambda e: e), ask, fn, wrong)
        return fn

    return deco


def laws_cited(text: str) -> list[int]:
    """The law numbers a text cites, in order.

    >>> laws_cited("Laws 74, 75 and 94; Law 62; Laws 2-3")
    [74, 75, 94, 62, 2, 3]
    """
    found: list[int] = []
    for m in _LAW_RE.finditer(text):
        nums = [int(x) for x in re.findall(r"\d+", m.group(1))]
        if len(nums) == 2 and re.search(r"\d\s*[–-]\s*\d", m.group(1)):
            nums = list(range(nums[0], nums[1] + 1))
        for n in nums:
            if 1 <= n <= 116 and n not in found:
                found.append(n)
    return found


def _the(card: Card | int) -> str:
    """``the knave of diamonds``."""
    c = Card(int(card))
    name = c.long_name()
    return name if name.startswith("the ") else "the " + name


def _list_words(items: list[str], conj: str = "and") -> str:
    """``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def _card_choice(c: Card | int) -> dict[str, Any]:
    card = Card(int(c))
    return {"value": str(card), "label": card.long_name(), "card": str(card)}


def _text_choice(value: str, label: str) -> dict[str, Any]:
    return {"value": value, "label": label, "card": None}


def _suit(x: Any) -> Suit:
    return x if isinstance(x, Suit) else Suit.parse(str(x))


def _seat(x: Any, path: str = "seat") -> int:
    if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(SEATS):
        return x
    return decode.seat(x, path)


def _cards(xs: Any) -> list[Card]:
    return [Card.parse(x) for x in xs]


def _rng(spec: dict[str, Any]) -> random.Random:
    return random.Random(f"lesson|{spec.get('kind')}|{spec.get('seed', 0)}")


def _sorted_hand(cards: list[Card], trump: Suit | None) -> list[Card]:
    """A hand in a readable order: trumps first (highest first), then the other suits."""
    t = int(trump) if trump is not None else None

    def key(c: Card) -> tuple[int, int, int]:
        if t is not None and _tables.EFFECTIVE_SUIT[t][c] == t:
            return (0, 0, -_tables.TRUMP_POWER[t][c])
        eff = _tables.EFFECTIVE_SUIT[t][c] if t is not None else c >> 3
        return (1, eff, -(c & 7))

    return sorted(cards, key=key)


# --------------------------------------------------------------------------------------------
# Lesson 1: the pack, the ranks, the bowers


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


# --------------------------------------------------------------------------------------------
# Lesson 2: following suit, winning the trick


def _seeded_deal(seed: int, rng: random.Random, play_cards: int | None = None) -> Deal | None:
    """A deal from ``seed`` bid by the book's rules of thumb (a deal passed out gives None), then
    played with random legal cards: ``play_cards`` of them, or to the end."""
    d = Deal.shuffled(seed, dealer=seed % 4)
    d = _opponent._rollout(d)
    if d.is_over:
        return None
    n = 0
    while not d.is_over and (play_cards is None or n < play_cards):
        d = d.apply(rng.choice(d.legal_actions()))
        n += 1
    return d


_LEGAL_FOCUS: dict[str, Callable[[Deal], object]] = {
    # the seat to play holds the left bower and the led suit is its printed suit
    "left-printed": lambda d: (
        d.trick
        and _holds_left(d)
        and d.trick[0][1] >> 3 == _left(d) >> 3
        and _tables.EFFECTIVE_SUIT[_trump(d)][d.trick[0][1]] != _trump(d)
    ),
    # trumps led, and the left bower is the seat's only trump
    "left-only-trump": lambda d: (
        d.trick
        and _holds_left(d)
        and _led(d) == _trump(d)
        and len(_opponent.trumps_in(d.hand(d.actor), _trump(d))) == 1
    ),
    # the seat holds none of the suit led: anything goes
    "void": lambda d: d.trick and len(d.legal_actions()) == len(d.hand(d.actor)) >= 3,
    # the seat must follow, and has a choice
    "follow": lambda d: d.trick and 2 <= len(d.legal_actions()) < len(d.hand(d.actor)),
}


def _trump(d: Deal) -> Suit:
    """The trump suit of a deal past the bidding (the focus tests ask only of those)."""
    assert d.trump is not None
    return d.trump


def _left(d: Deal) -> int:
    return _tables.LEFT_BOWER[int(d.trump)] if d.trump is not None else -1


def _holds_left(d: Deal) -> bool:
    return d.trump is not None and bool(d.hands[d.actor] >> _left(d) & 1)


def _led(d: Deal) -> int:
    return _tables.EFFECTIVE_SUIT[int(d.trump)][d.trick[0][1]] if d.trick and d.trump is not None else -1


def _make_legal_plays(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "deal" in spec:
        return spec
    focus = _LEGAL_FOCUS[spec.get("focus", "follow")]
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 5000):
        rng = random.Random(k)
        d = _seeded_deal(k, rng, play_cards=0)
        if d is None:
            continue
        while not d.is_over:
            if d.phase == "play" and focus(d):
                spec["deal"] = d.to_record()
                return spec
            d = d.apply(rng.choice(d.legal_actions()))
    raise InputError(f"no deal found for {entry}", "seed")


def _position_show(d: Deal, seat: int) -> dict[str, Any]:
    return {
        "trump": d.trump.letter if d.trump is not None else None,
        "turn_up": str(d.turn_up),
        "dealer": SEATS[d.dealer],
        "seat": SEATS[seat],
        "trick": [[SEATS[s], str(c)] for s, c in d.trick],
        "cards": [str(c) for c in _sorted_hand(d.hand(seat), d.trump)],
    }


def _ask_legal_plays(spec: dict[str, Any]) -> dict[str, Any]:
    d = Deal.replay(spec["deal"])
    seat = d.actor
    assert d.trump is not None
    led = ", ".join(f"{SEATS[s]} {_the(c)}" for s, c in d.trick)
    return {
        "prompt": f"{d.trump.word.capitalize()} are trumps. The trick so far: {led}. You are {SEATS[seat]}: "
        "which of your cards may you play? (Choose every one.)",
        "mode": "many",
        "choices": [_card_choice(c) for c in _sorted_hand(d.hand(seat), d.trump)],
        "show": _position_show(d, seat),
    }


def _legal_wrong(spec: dict[str, Any], value: Any, ans: Answer) -> str:
    chosen = set(value if isinstance(value, list) else [value])
    right = set(ans.answers)
    extra = sorted(chosen - right)
    missing = sorted(right - chosen)
    parts = []
    if extra:
        parts.append("you may not play " + _list_words([_the(Card.parse(c)) for c in extra], "or"))
    if missing:
        parts.append("you may also play " + _list_words([_the(Card.parse(c)) for c in missing], "or"))
    text = "; ".join(parts)
    return (text[0].upper() + text[1:] + ". " + ans.why) if parts else ans.why


@_kind("legal_plays", _make_legal_plays, _legal_wrong)
def _legal_plays(spec: dict[str, Any]) -> Answer:
    d = Deal.replay(spec["deal"])
    assert d.trump is not None
    legal = [a.card for a in d.legal_actions() if a.card is not None]
    hand = d.hand(d.actor)
    led_card = d.trick[0][1]
    led = Suit(_tables.EFFECTIVE_SUIT[d.trump][led_card])
    led_word = "trumps" if led == d.trump else led.word
    names = _list_words([_the(c) for c in _sorted_hand(legal, d.trump)], "or")
    left = Card(_tables.LEFT_BOWER[d.trump])
    notes = []
    if led_card == left:
        notes.append(f"{_the(left).capitalize()} was led: it is the left bower, so trumps were led.")
    if left in hand:
        notes.append(
            f"Your {left.long_name()} is the left bower: it is a trump, not a "
            f"{left.suit.word[:-1] if left.suit is not None else ''}."
        )
    if len(legal) == len(hand):
        why = f"{led_word.capitalize()} were led and you hold none: you may play any card."
    else:
        why = (
            f"{led_word.capitalize()} were led and you hold some: you must follow suit with {names}. To play a "
            "card of another suit holding one of the suit led is a revoke (Law 62), which costs three points "
            "(Law 63)."
        )
    return Answer(
        [str(c) for c in legal],
        "You may play " + names + ".",
        " ".join(notes + [why]),
        mode="many",
        terms=["left-bower"],
    )


_WIN_FOCUS: dict[str, Callable[[Deal, Trick], object]] = {
    "left-wins": lambda d, t: t.cards[[c for _, c in t.cards].index(_winning_card(d, t))][1] == _left(d),
    "trumped": lambda d, t: (
        _tables.EFFECTIVE_SUIT[_trump(d)][t.cards[0][1]] != _trump(d)
        and _tables.TRUMP_POWER[_trump(d)][_winning_card(d, t)] > 0
    ),
    "led-suit": lambda d, t: (
        _tables.TRUMP_POWER[_trump(d)][_winning_card(d, t)] == 0
        and t.winner != t.leader
        and any(c & 7 > _winning_card(d, t) & 7 for _, c in t.cards)
    ),
    "left-led": lambda d, t: t.cards[0][1] == _left(d),
}


def _winning_card(d: Deal, t: Trick) -> Card:
    return next(c for s, c in t.cards if s == t.winner)


def _make_trick_winner(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "cards" in spec:
        return spec
    focus = _WIN_FOCUS[spec.get("focus", "trumped")]
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 5000):
        rng = random.Random(k)
        d = _seeded_deal(k, rng)
        if d is None or d.alone is not None:
            continue
        for t in d.tricks:
            if focus(d, t):
                assert d.trump is not None
                spec["trump"] = d.trump.letter
                spec["cards"] = [[SEATS[s], str(c)] for s, c in t.cards]
                return spec
    raise InputError(f"no trick found for {entry}", "seed")


def _ask_trick_winner(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    played = ", ".join(f"{s} {_the(Card.parse(c))}" for s, c in spec["cards"])
    return {
        "prompt": f"{t.word.capitalize()} are trumps. {spec['cards'][0][0]} leads; the cards fall: {played}. "
        "Who wins the trick?",
        "choices": [_text_choice(s, f"{s} ({Card.parse(c).long_name()})") for s, c in spec["cards"]],
        "show": {"trump": t.letter, "trick": spec["cards"]},
    }


@_kind("trick_winner", _make_trick_winner)
def _trick_winner(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    cards = [Card.parse(c) for _, c in spec["cards"]]
    i = _play.trick_winner_index(int(t), cards)
    seat, card = spec["cards"][i][0], cards[i]
    led = Suit(_tables.EFFECTIVE_SUIT[t][cards[0]])
    if _tables.TRUMP_POWER[t][card]:
        trumps = [c for c in cards if _tables.TRUMP_POWER[t][c]]
        among = f" (of {_list_words([_the(c) for c in trumps])})" if len(trumps) > 1 else ""
        why = (
            f"{_the(card).capitalize()} is the highest trump played"
            + among
            + ": a trick with trumps in it is won by the highest trump."
        )
        if card == _tables.LEFT_BOWER[t]:
            why += f" The {card.long_name()} is the left bower, second only to the right bower."
    else:
        why = (
            f"No trump was played, so the highest {led.word[:-1]} wins: a card of another suit, however high, "
            "cannot win the trick."
        )
    return Answer([seat], f"{seat}, with {_the(card)}.", why, terms=["right-bower", "left-bower"])


# --------------------------------------------------------------------------------------------
# Lesson 3: the deal, the turn-up, the seats


def _ask_seat_role(spec: dict[str, Any]) -> dict[str, Any]:
    dealer = spec["dealer"]
    return {
        "prompt": f"{dealer} deals. Who is the {ROLE_WORDS[spec['role']]}?",
        "choices": [_text_choice(s, s) for s in SEATS],
        "show": {"dealer": dealer, "seats": True},
    }


@_kind("seat_role")
def _seat_role(spec: dict[str, Any]) -> Answer:
    dealer = _seat(spec["dealer"])
    d = Deal.shuffled(0, dealer=dealer)
    order = []
    for _ in range(4):
        order.append(d.actor)
        d = d.apply(Action("pass"))
    roles = {"eldest": order[0], "second": order[1], "third": order[2], "dealer": order[3]}
    seat = SEATS[roles[spec["role"]]]
    names = ", ".join(f"{SEATS[s]} ({ROLE_WORDS[r]})" for r, s in roles.items())
    why = (
        f"The players speak in turn from the dealer's left: {names}. The eldest hand may pass, order up or "
        "play alone (Law 74); then the second hand, the dealer's partner, may assist (Law 75); then the third "
        "hand, and the dealer last (Law 76). The eldest hand also leads to the first trick."
    )
    return Answer([seat], f"{seat}.", why, terms=["hand"])


def _ask_misdeal(spec: dict[str, Any]) -> dict[str, Any]:
    if "cut" in spec:
        prompt = (
            f"The player on the dealer's right cuts the pack of 32 leaving {spec['cut']} cards in one packet. "
            "Is the cut good?"
        )
    else:
        a, b = (_NUMBER_WORDS[int(x)] for x in spec["packets"])
        prompt = (
            f"The dealer gives {a} card{'s' if a != 'one' else ''} to each player in turn, then {b}. Is the deal good?"
        )
    return {
        "prompt": prompt,
        "choices": [_text_choice("good", "Yes, it is good"), _text_choice("bad", "No: the laws do not allow it")],
        "show": {},
    }


@_kind("misdeal")
def _misdeal(spec: dict[str, Any]) -> Answer:
    order = tuple(pack(32))
    cut = int(spec.get("cut", 16))
    packets = tuple(spec.get("packets", (2, 3)))
    try:
        Deal.from_setup(DealSetup(order, cut, packets))
    except IllegalAction as e:
        laws = ", ".join(str(n) for n in e.laws)
        if "cut" in spec:
            why = (
                f"The engine refuses it: {e.reason} (Law {laws}). The cut must leave at least four cards in "
                "each packet; if not, the pack must be cut again."
            )
        else:
            why = (
                f"The engine refuses it: {e.reason} (Law {laws}). It is a misdeal (Law 42: unless the dealer "
                "gives two then three, or three then two), and a misdeal loses the deal (Law 41)."
            )
        return Answer(["bad"], "No.", why)
    if "cut" in spec:
        why = f"Each packet has at least four cards ({cut} and {32 - cut}), as Law 29 requires."
    else:
        why = "Two then three, or three then two, to each player in turn: the deal of Law 42."
    return Answer(["good"], "Yes.", why)


def _ask_stock(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": "Four play with the pack of 32. After the deal and the turn-up, how many cards are left "
        "in the pack, under the trump card?",
        "choices": [_text_choice(str(n), str(n)) for n in (7, 11, 12, 16)],
        "show": {},
    }


@_kind("stock")
def _stock(spec: dict[str, Any]) -> Answer:
    d = Deal.shuffled(int(spec.get("seed", 0)))
    n = len(d.stock)
    return Answer(
        [str(n)],
        f"{n}.",
        f"Five cards to each of four players make 20; the 21st is turned up for "
        f"trump (Law 86 calls it the card turned up); {n} remain below it, out of the play.",
    )


# --------------------------------------------------------------------------------------------
# Lesson 4: making the trump


def _bidding(dealer: int, actions: list[str]) -> Deal:
    d = Deal.shuffled(0, dealer=dealer)
    for a in actions:
        d = d.apply(a)
    return d


def _say(d: Deal, actions: list[str]) -> str:
    """The bidding so far in the book's words."""
    out = []
    st = Deal.shuffled(0, dealer=d.dealer)
    for a in actions:
        act = Action.parse(a)
        out.append(st.describe_action(st.actor, act))
        st = st.apply(act)
    return "; ".join(out)


def _ask_bid_word(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": f"{spec['dealer']} deals. In the first round, {spec['seat']} accepts the suit turned up for "
        "trump. What is this called?",
        "choices": [_text_choice(v, v) for v in ("orders up", "assists", "takes up")],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("bid_word")
def _bid_word(spec: dict[str, Any]) -> Answer:
    dealer, seat = _seat(spec["dealer"]), _seat(spec["seat"])
    d = Deal.shuffled(0, dealer=dealer)
    while d.actor != seat:
        d = d.apply(Action("pass"))
    said = d.describe_action(seat, Action("order"))
    verb = said.split(" ", 1)[1]
    law = {"orders up": "Laws 74 and 76", "assists": "Law 75", "takes up": "Law 76"}[verb]
    who = {
        "orders up": "the eldest or the third hand, an adversary of the dealer",
        "assists": "the dealer's partner",
        "takes up": "the dealer himself",
    }[verb]
    return Answer(
        [verb],
        f"{SEATS[seat]} {verb}.",
        f"{SEATS[seat]} is {who}: he {verb} ({law}). Whoever does it, the "
        "card turned up is the trump, the dealer takes it into his hand and discards (Law 86).",
        terms=["ordering-up", "assist"],
    )


def _ask_who_may_take(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), spec["actions"][:-1])
    return {
        "prompt": f"{spec['dealer']} deals. {_say(d, spec['actions'])}. "
        "Who, if anyone, may now take it from him and play alone?",
        "choices": [_text_choice(s, s) for s in SEATS] + [_text_choice("nobody", "Nobody")],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("who_may_take")
def _who_may_take(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    maker = d.maker
    assert maker is not None
    partner = SEATS[(maker + 2) % 4]
    if any(a.kind == "take" for a in d.legal_actions()):
        seat = SEATS[d.actor]
        return Answer(
            [seat],
            f"{seat}, his partner.",
            f"{seat} has not passed, so he may say \u201cI take it from "
            "you\u201d and play alone (Laws 74, 75, 93 and 94).",
            terms=["alone"],
        )
    return Answer(
        ["nobody"],
        "Nobody.",
        f"Only the partner of the player who made the trump may take it from him, "
        f"and only if he has not already passed (Law 93); {partner} has passed.",
        terms=["alone"],
    )


def _ask_turned_down(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), ["pass"] * 4)
    t = d.turn_suit
    return {
        "prompt": f"{spec['dealer']} deals and turns {_the(d.turn_up)}. All four pass, and the trump card is "
        f"turned down. Then {SEATS[d.actor]}, the eldest hand, names {t.word}. What follows?",
        "choices": [
            _text_choice("trump", f"{t.word.capitalize()} are trumps"),
            _text_choice("passed", "He is considered to have passed"),
            _text_choice("newdeal", "There must be a new deal"),
        ],
        "show": {"dealer": spec["dealer"], "turn_up": str(d.turn_up)},
    }


@_kind("turned_down")
def _turned_down(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), ["pass"] * 4)
    before = d.actor
    after = d.apply(Action("call", suit=d.turn_suit))
    if after.trump is None and after.actor != before:
        return Answer(
            ["passed"],
            "He is considered to have passed.",
            f"Naming the suit turned down counts as a pass "
            f"(Law 78); it is now {SEATS[after.actor]}'s turn to name a suit or pass (Law 77).",
        )
    return Answer(["trump"], f"{after.trump.word.capitalize() if after.trump else ''} are trumps.", "")


def _ask_next_or_cross(spec: dict[str, Any]) -> dict[str, Any]:
    down, named = _suit(spec["turned_down"]), _suit(spec["named"])
    return {
        "prompt": f"{down.word.capitalize()} were turned down. A player makes it {named.word}. What is this called?",
        "choices": [_text_choice("next", "Making it next"), _text_choice("cross", "Crossing the suit")],
        "show": {"trump": named.letter},
    }


@_kind("next_or_cross")
def _next_or_cross(spec: dict[str, Any]) -> Answer:
    down, named = _suit(spec["turned_down"]), _suit(spec["named"])
    hands = [pack(32)[5 * i : 5 * i + 5] for i in range(4)]
    turn = next(c for c in pack(32)[20:] if c.suit == down)
    rest = [c for c in pack(32)[20:] if c != turn]
    d = Deal.start(hands, turn, 0, stock=rest)
    for _ in range(4):
        d = d.apply(Action("pass"))
    said = d.describe_action(d.actor, Action("call", suit=named))
    if "(next)" in said:
        return Answer(
            ["next"],
            "Making it next.",
            f"{named.word.capitalize()} are of the same colour as the "
            f"{down.word} turned down: that is \u201cnext\u201d.",
            terms=["next"],
        )
    return Answer(
        ["cross"],
        "Crossing the suit.",
        f"{named.word.capitalize()} are of the other colour from the "
        f"{down.word} turned down: that is crossing the suit.",
        terms=["crossing-the-suit"],
    )


def _make_discard_position(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "deal" in spec:
        return spec
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 5000):
        d = Deal.shuffled(k, dealer=k % 4)
        while d.phase == "bid1":
            a = _opponent._policy(d)
            d = d.apply(a)
        if d.phase == "take":
            d = d.apply(Action("stay"))
        if d.phase == "discard":
            spec["deal"] = d.to_record()
            if spec["kind"] != "best_discard" or len(_best_discards(d)[0]) < 5:
                return spec
    raise InputError(f"no deal found for {entry}", "seed")


def _ask_discard_choices(spec: dict[str, Any]) -> dict[str, Any]:
    d = Deal.replay(spec["deal"])
    assert d.trump is not None
    return {
        "prompt": f"{SEATS[d.dealer]} deals and turns {_the(d.turn_up)}; {_say(d, [a for _, a in _logged(d)])}. "
        f"{SEATS[d.dealer]} now holds six cards. Which of them may he discard? (Choose every one.)",
        "mode": "many",
        "choices": [_card_choice(c) for c in _sorted_hand(d.hand(d.dealer), d.trump)],
        "show": {
            "trump": d.trump.letter,
            "turn_up": str(d.turn_up),
            "dealer": SEATS[d.dealer],
            "cards": [str(c) for c in _sorted_hand(d.hand(d.dealer), d.trump)],
        },
    }


def _logged(d: Deal) -> list[tuple[int, str]]:
    return [(s, str(a)) for s, a in d.log]


@_kind("discard_choices", _make_discard_position)
def _discard_choices(spec: dict[str, Any]) -> Answer:
    d = Deal.replay(spec["deal"])
    may = [a.card for a in d.legal_actions() if a.card is not None]
    return Answer(
        [str(c) for c in may],
        "Any card but the turn-up.",
        f"The dealer must discard one card at once "
        f"(Law 86), and the trump card cannot be discarded (Law 88): {_the(d.turn_up)} stays.",
        mode="many",
    )


def _best_discards(d: Deal) -> tuple[list[str], dict[str, int]]:
    values = {}
    for a in d.legal_actions():
        after = d.apply(a)
        values[str(a.card)] = _solver.solve(after).maker_tricks
    best = max(values.values())
    return [c for c, v in values.items() if v == best], values


def _ask_best_discard(spec: dict[str, Any]) -> dict[str, Any]:
    d = Deal.replay(spec["deal"])
    assert d.trump is not None
    hands = {SEATS[s]: [str(c) for c in _sorted_hand(d.hand(s), d.trump)] for s in range(4)}
    return {
        "prompt": f"All four hands are shown. {SEATS[d.dealer]} has taken up {_the(d.turn_up)} and must discard. "
        "With every card open and best play by all, which discard gives his side the most tricks?",
        "choices": [_card_choice(c) for c in _sorted_hand(d.hand(d.dealer), d.trump) if c != d.turn_up],
        "show": {"deal": hands, "trump": d.trump.letter, "turn_up": str(d.turn_up), "dealer": SEATS[d.dealer]},
    }


@_kind("best_discard", _make_discard_position)
def _best_discard(spec: dict[str, Any]) -> Answer:
    d = Deal.replay(spec["deal"])
    best, values = _best_discards(d)
    side = "the makers" if d.makers == d.side_of(d.dealer) else "his side"
    detail = [
        f"Discard {_the(Card.parse(c))}: {side} take {v} trick{'s' if v != 1 else ''}."
        for c, v in sorted(values.items(), key=lambda kv: -kv[1])
    ]
    names = _list_words([_the(Card.parse(c)) for c in best], "or")
    return Answer(
        best,
        f"Discard {names}.",
        f"The solver plays the deal out after each discard, every hand open: "
        f"{names} give{'s' if len(best) == 1 else ''} {values[best[0]]} tricks, the most; any of them is "
        "right. (The dealer discards at once, Law 86, and never the trump card, Law 88.)",
        detail=detail,
    )


# --------------------------------------------------------------------------------------------
# Lesson 5: scoring


def _ask_deal_points(spec: dict[str, Any]) -> dict[str, Any]:
    alone = bool(spec.get("alone"))
    who = "A makes the trump and plays alone" if alone else "A and C make the trump"
    n = int(spec["tricks"])
    return {
        "prompt": f"{who}. They take {n} trick{'s' if n != 1 else ''}. What is scored?",
        "choices": [
            _text_choice(v, label)
            for v, label in (
                ("AC1", "A C score one"),
                ("AC2", "A C score two"),
                ("AC4", "A C score four"),
                ("BD2", "B D score two"),
                ("BD4", "B D score four"),
                ("none", "Nobody scores"),
            )
        ],
        "show": {},
    }


@_kind("deal_points")
def _deal_points(spec: dict[str, Any]) -> Answer:
    alone = bool(spec.get("alone"))
    n = int(spec["tricks"])
    res = _deal.score_deal(SOMERSET_1888, 0, 0, 0 if alone else None, 1 if alone else 0, (n, 5 - n))
    side = 0 if res.points[0] else 1 if res.points[1] else None
    if side is None:
        return Answer(["none"], "Nobody scores.", "")
    pts = res.points[side]
    value = f"{'AC' if side == 0 else 'BD'}{pts}"
    word = {1: "one", 2: "two", 4: "four"}.get(pts, str(pts))
    law = "Law 3" if alone else "Law 2"
    if res.euchred:
        why = f"The makers failed to take three tricks: they are euchred, and the adversaries score {word} ({law})."
    elif res.march:
        why = f"All five tricks are a march: {word} ({law})."
    else:
        why = f"Three or four tricks: the makers score one ({law})."
    return Answer([value], f"{'A C' if side == 0 else 'B D'} score {word}.", why, terms=["march", "euchre"])


def _ask_game_value(spec: dict[str, Any]) -> dict[str, Any]:
    x = int(spec["losers"])
    return {
        "prompt": f"A C reach five points and win the game; B D have {x}. What does the game count for A C?",
        "choices": [_text_choice("1", "One game"), _text_choice("2", "Two games (a double game)")],
        "show": {},
    }


@_kind("game_value")
def _game_value(spec: dict[str, Any]) -> Answer:
    x = int(spec["losers"])
    r = Rubber(SOMERSET_1888, (4, x)).record((1, 0))
    v = r.games[0].value
    if v == 2:
        why = (
            "The losers have not scored: the game counts two (Law 7), a double (Technical Terms: Love Game, "
            "Slam, Double)."
        )
    else:
        why = f"The losers have scored ({x}): the game counts one (Law 7)."
    return Answer([str(v)], "Two games." if v == 2 else "One game.", why, terms=["love-game"])


def _ask_lap(spec: dict[str, Any]) -> dict[str, Any]:
    a, b = spec["before"]
    p = int(spec["points"])
    return {
        "prompt": f"A C have {a}, B D have {b}. A C score {p} more and win the game. With the lap, how does the "
        "next game start?",
        "choices": [_text_choice(f"{i}-0", f"A C {i}, B D 0") for i in range(0, 4)],
        "show": {},
    }


@_kind("lap")
def _lap(spec: dict[str, Any]) -> Answer:
    a, b = spec["before"]
    r = Rubber(SOMERSET_1888, (int(a), int(b))).record((int(spec["points"]), 0))
    g = r.game
    return Answer(
        [f"{g[0]}-{g[1]}"],
        f"A C {g[0]}, B D {g[1]}.",
        f"A C made {int(a) + int(spec['points'])}: five win the game and the rest, {g[0]}, are carried "
        "to the "
        "next game (the Lap, in the Technical Terms).",
        terms=["lap"],
    )


def _ask_rubber_over(spec: dict[str, Any]) -> dict[str, Any]:
    games = ", ".join(
        f"{w} win game {i + 1}" + (f" with {lap} over" if lap else "") for i, (w, lap) in enumerate(spec["games"])
    )
    return {
        "prompt": f"{games}. Is the rubber over?",
        "choices": [_text_choice("yes", "Yes"), _text_choice("no", "No: another game is played")],
        "show": {},
    }


def _rubber_from(games: list[list[Any]]) -> Rubber:
    r = Rubber(SOMERSET_1888)
    for w, lap in games:
        side = 0 if w == "AC" else 1
        pts = [0, 0]
        pts[1 - side] = 1
        r = r.record(tuple(pts))
        pts = [0, 0]
        pts[side] = 5 - r.game[side] + int(lap)
        r = r.record(tuple(pts))
    return r


@_kind("rubber_over")
def _rubber_over(spec: dict[str, Any]) -> Answer:
    r = _rubber_from(spec["games"])
    n = len(spec["games"])
    if r.is_over:
        return Answer(
            ["yes"],
            "Yes.",
            f"The rubber is the best of three games (Law 1); after {n} games it is over, "
            f"won by {'A C' if r.winner == 0 else 'B D'}.",
            terms=["rubber"],
        )
    if n == 2:
        why = (
            "The rubber is the best of three games, and the third game is played even when the first two are "
            "won by the same players (Law 1)."
        )
    else:
        why = "The third game lapped, so a fourth game is played (Law 1)."
    return Answer(["no"], "No.", why, terms=["rubber", "lap"])


def _ask_rubber_points(spec: dict[str, Any]) -> dict[str, Any]:
    games = "; ".join(f"{w} win game {i + 1}, the losers having {x}" for i, (w, x) in enumerate(spec["games"]))
    return {
        "prompt": f"{games}. How many points does the rubber give A C, the winners?",
        "choices": [_text_choice(str(n), str(n)) for n in range(3, 11)],
        "show": {},
    }


@_kind("rubber_points")
def _rubber_points(spec: dict[str, Any]) -> Answer:
    r = Rubber(SOMERSET_1888)
    for w, x in spec["games"]:
        side = 0 if w == "AC" else 1
        pts = [0, 0]
        if x:
            pts[1 - side] = int(x)
            r = r.record(tuple(pts))
            pts = [0, 0]
        pts[side] = 5 - r.game[side]
        r = r.record(tuple(pts))
    p = r.points[0]
    values = " + ".join(str(g.value) for g in r.games if g.winner == 0)
    return Answer(
        [str(p)],
        f"{p}.",
        f"Each game won counts one, or two when the losers have not scored; the winners "
        f"of the rubber take two more (Law 7): {values} + 2 = {p}.",
        terms=["rubber"],
    )


def counters(points: int) -> dict[str, Any]:
    """How a side marks its score with a three and a four (Hoyle's "Marking the Score").

    ``{"up": 3 or 4, "covered": bool}``: the card face up, and whether the other card lies face
    down on it; ``{"up": None}`` before the side has scored.

    >>> [counters(p) for p in (1, 2, 3, 4)][:2]
    [{'up': 3, 'covered': True}, {'up': 4, 'covered': True}]
    """
    if points == 0:
        return {"up": None, "covered": False}
    if not 1 <= points <= 4:
        raise InputError("the counters show one to four", "points")
    return {"up": 3 if points in (1, 3) else 4, "covered": points in (1, 2)}


def read_counters(layout: dict[str, Any]) -> int:
    """The score that a layout of the three and the four shows (Hoyle: the three face up with the four
    face down on it counts one, the four so covered two; the three face up alone counts three, the
    four four, "however many pips may chance to be exposed").

    >>> read_counters({"up": 3, "covered": True}), read_counters({"up": 4, "covered": False})
    (1, 4)
    """
    up = layout.get("up")
    if up is None:
        return 0
    if layout.get("covered"):
        return 1 if up == 3 else 2
    return int(up)


def _ask_counters(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": "A side marks its score with a three and a four. What does this show?",
        "choices": [_text_choice(str(n), str(n)) for n in range(1, 5)],
        "show": {"counters": counters(int(spec["points"]))},
    }


@_kind("counters")
def _counters(spec: dict[str, Any]) -> Answer:
    layout = counters(int(spec["points"]))
    n = read_counters(layout)
    if layout["covered"]:
        how = (
            f"the {'three' if layout['up'] == 3 else 'four'} face up with the "
            f"{'four' if layout['up'] == 3 else 'three'} face down on it"
        )
    else:
        how = f"the face of the {'three' if layout['up'] == 3 else 'four'} uppermost"
    return Answer([str(n)], f"{n}.", f"By Hoyle's rule, {how} counts {n}, however many pips happen to show.")


# --------------------------------------------------------------------------------------------
# Lesson 6: playing alone


def _ask_may_alone(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    return {
        "prompt": f"{spec['dealer']} deals. {_say(d, spec['actions'])}. May {SEATS[d.actor]} now play alone?",
        "choices": [_text_choice("yes", "Yes"), _text_choice("no", "No")],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("may_alone")
def _may_alone(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    seat = SEATS[d.actor]
    alone = [a for a in d.legal_actions() if a.alone]
    maker = SEATS[d.maker] if d.maker is not None else None
    if alone:
        if d.phase == "take":
            why = (
                f"{maker} made the trump, and {seat}, his partner, has not passed: he may take it from him "
                "(Laws 93 and 94: \u201cI take it from you\u201d)."
            )
        else:
            why = f"{seat} may play alone when he orders up, assists, adopts or makes the trump (Law 93)."
        return Answer(["yes"], "Yes.", why, terms=["alone"])
    return Answer(
        ["no"],
        "No.",
        f"{seat} cannot play alone now: a player may play alone when he or his partner makes "
        "the trump, provided he has not already passed (Law 93), and not when the adversaries make it "
        "(Law 95).",
        terms=["alone"],
    )


def _ask_alone_leader(spec: dict[str, Any]) -> dict[str, Any]:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    return {
        "prompt": f"{spec['dealer']} deals. {_say(d, spec['actions'])}. Who leads to the first trick?",
        "choices": [_text_choice(s, s) for s in SEATS],
        "show": {"dealer": spec["dealer"], "seats": True},
    }


@_kind("alone_leader")
def _alone_leader(spec: dict[str, Any]) -> Answer:
    d = _bidding(_seat(spec["dealer"]), spec["actions"])
    while d.phase != "play":
        d = d.apply(_opponent._policy(d))
    leader = SEATS[d.actor]
    out = [SEATS[s] for s in range(4) if d.out >> s & 1]
    eldest = SEATS[d.eldest]
    if out and out[0] == eldest:
        why = (
            f"The eldest hand, {eldest}, would lead, but he is out: his partner plays alone and he lays his "
            f"cards face down (Law 101). The lead goes to the next player, {leader}."
        )
    else:
        why = f"The eldest hand, {eldest}, leads to the first trick, whoever plays alone."
    return Answer([leader], f"{leader}.", why, terms=["alone"])


# --------------------------------------------------------------------------------------------
# Lesson 7: the revoke and the other irregularities (the director)

# A small deal for the director's scenarios: Case I's hands, A deals, the nine of clubs is turned.
_HANDS = {
    "A": "JC AH KH 8S QD".split(),
    "B": "AC QH 8H JD TS".split(),
    "C": "7D 8D TD QS TH".split(),
    "D": "KC TC AS 9S 9H".split(),
}


def _director(spec: dict[str, Any]) -> Director:
    hands = spec.get("hands") or _HANDS
    d = Deal.start([hands[s] for s in SEATS], spec.get("turn_up", "9C"), _seat(spec.get("dealer", "A")))
    return Director.start(d).replay(list(spec["events"]))


_OPTION_LABELS = {
    "call-card": "Call the card led in error",
    "call-suit": "Call a suit from him or his partner at their next lead",
    "waive": "Exact no penalty",
    "new-deal": "Claim a new deal",
    "deal-stands": "Let the deal stand",
    "highest": "Call on him to play his highest of the suit led",
    "lowest": "Call on him to play his lowest of the suit led",
    "win": "Call on him to win the trick",
    "lose": "Call on him to lose the trick",
    "partner-passes": "His partner must pass",
    "played": "Elect that the order shall be played",
    "with-partner": "Require him to play with his partner",
    "let-alone": "Let him play alone",
    "alone": "Let him play alone",
    "three-points": "Score three points for a revoke",
}


def _director_show(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "events": list(spec["events"]),
        "deal": spec.get("hands") or _HANDS,
        "turn_up": spec.get("turn_up", "9C"),
        "dealer": spec.get("dealer", "A"),
    }


def _ask_ruling_options(spec: dict[str, Any]) -> dict[str, Any]:
    ids = list(spec["choices"])
    return {
        "prompt": f"{spec['story']} What may {spec['side']} do? (Choose every option the laws give them.)",
        "mode": "many",
        "choices": [_text_choice(i, _OPTION_LABELS.get(i, i)) for i in ids],
        "show": _director_show(spec),
    }


@_kind("ruling_options")
def _ruling_options(spec: dict[str, Any]) -> Answer:
    t = _director(spec)
    r = t.rulings[-1]
    opts = [o.id for o in r.options]
    text = "; ".join(o.text for o in r.options)
    laws = ", ".join(str(n) for n in r.laws)
    return Answer(
        opts,
        "They may: " + text + ".",
        f"The director's ruling on the {r.irregularity} (Law "
        f"{laws}): {r.text} Only the side wronged chooses, and one election is final (Law 85).",
        mode="many",
    )


def _ask_ruling_score(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": f"{spec['story']} What does each side score for the hand?",
        "choices": [_text_choice(v, _score_label(v)) for v in spec["choices"]],
        "show": _director_show(spec),
    }


def _make_director(entry: dict[str, Any]) -> dict[str, Any]:
    """``play_out``: after the events the hand is played out, each player playing his lowest lawful
    card, then ``claim`` (an event, e.g. a revoke claim) is added; the spec gets the full list."""
    spec = dict(entry)
    if spec.pop("play_out", False):
        t = _director(spec)
        events = list(spec["events"])
        while t.phase == "play":
            assert t.deal.trump is not None
            trump = int(t.deal.trump)
            card = min(t.legal_plays(), key=lambda c: (_tables.TRUMP_POWER[trump][c], c & 7, c))
            ev = f"{SEATS[t.actor]}: play {card}"
            t = t.act(ev)
            events.append(ev)
        claim = spec.pop("claim", None)
        if claim:
            events.append(claim)
        spec["events"] = events
    return spec


def _score_label(value: str) -> str:
    """A score choice's value in words: ``AC-1-BD-3`` → ``A C 1, B D 3`` (as the answer says it).

    >>> _score_label("AC-1-BD-3")
    'A C 1, B D 3'
    """
    parts = value.split("-")
    if len(parts) == 4 and parts[0] == "AC" and parts[2] == "BD":
        return f"A C {parts[1]}, B D {parts[3]}"
    return value.replace("-", " ")


@_kind("ruling_score", _make_director)
def _ruling_score(spec: dict[str, Any]) -> Answer:
    t = _director(spec)
    res = t.result()
    pts = res["points"]
    value = f"AC-{pts['AC']}-BD-{pts['BD']}"
    entries = "; ".join(
        f"{e['what']}: {e['side']} {e['points']:+d} (Law{'s' if len(e['laws']) > 1 else ''} "
        f"{', '.join(str(n) for n in e['laws'])})"
        for e in res["entries"]
    )
    rulings = " ".join(f"{r.irregularity.capitalize()}: {r.text}" for r in t.rulings)
    return Answer([value], f"A C {pts['AC']}, B D {pts['BD']}.", f"{rulings} The score: {entries}.")


def _ask_revoke_correct(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "prompt": f"{spec['story']} May {spec['seat']} still take back the {Card.parse(spec['card']).long_name()} "
        "and play a card of the suit led?",
        "choices": [_text_choice("yes", "Yes"), _text_choice("no", "No: the revoke is established")],
        "show": _director_show(spec),
    }


@_kind("revoke_correct")
def _revoke_correct(spec: dict[str, Any]) -> Answer:
    t = _director(spec)
    try:
        after = t.act(f"{spec['seat']}: correct {spec['with']}")
    except IllegalAction as e:
        laws = ", ".join(str(n) for n in e.laws)
        return Answer(
            ["no"],
            "No.",
            f"The director refuses: {e.reason} (Law {laws}). A revoke is established when "
            "the trick is turned and quitted, or when the revoking player or his partner plays to the next "
            "trick (Law 64); it then costs three points, five against a lone hand (Law 63).",
        )
    r = after.rulings[-1]
    return Answer(["yes"], "Yes.", f"{r.text} (Laws 65, 69: the revoke is not yet established, Law 64.)")


# --------------------------------------------------------------------------------------------
# Lesson 8: the hints by position (the book's rules of thumb, as the engine applies them)

_ROLE_VERB = {"eldest": "order up", "second": "assist", "third": "order up", "dealer": "take up"}


def _ask_book_bid(spec: dict[str, Any]) -> dict[str, Any]:
    role = spec["role"]
    up = Card.parse(spec["turn_up"])
    t = up.suit
    assert t is not None
    return {
        "prompt": f"You are the {ROLE_WORDS[role]}. {_the(up).capitalize()} is turned up. Your hand is shown. "
        f"By the book's hints, do you {_ROLE_VERB[role]} or pass?",
        "choices": [_text_choice("act", _ROLE_VERB[role].capitalize()), _text_choice("pass", "Pass")],
        "show": {
            "turn_up": str(up),
            "trump": t.letter,
            "cards": [str(c) for c in _sorted_hand(_cards(spec["hand"]), t)],
        },
    }


def _make_book_bid(entry: dict[str, Any]) -> dict[str, Any]:
    spec = dict(entry)
    if "hand" in spec:
        return spec
    want = spec["hint"]
    role = want.split("-")[0] if want.split("-")[0] in ROLE_WORDS else spec["role"]
    spec.setdefault("role", role)
    base = int(spec.get("seed", 0)) * 1000
    for k in range(base, base + 20000):
        rng = random.Random(k)
        cards = pack(32)
        rng.shuffle(cards)
        hand, up = cards[:5], cards[5]
        if spec.get("right_turned") and up & 7 != Rank.KNAVE:
            continue
        adv = _opponent.book_bid(hand, up, spec["role"])
        if want in adv.hints and len(adv.hints) == 1 and not adv.score_dependent:
            spec["hand"] = [str(c) for c in hand]
            spec["turn_up"] = str(up)
            return spec
    raise InputError(f"no hand found for {entry}", "hint")


@_kind("book_bid", _make_book_bid)
def _book_bid(spec: dict[str, Any]) -> Answer:
    role = spec["role"]
    adv = _opponent.book_bid(_cards(spec["hand"]), Card.parse(spec["turn_up"]), role)
    verb = _ROLE_VERB[role]
    hints = ", ".join(adv.hints)
    if adv.act:
        text = f"{verb.capitalize()}."
        why = (
            f"The hand matches the book's list (hint{'s' if len(adv.hints) > 1 else ''} {hints})."
            if role != "eldest"
            else adv.reason + f" (Hint {hints}.)"
        )
    else:
        text = "Pass."
        why = (
            (adv.reason + (f" (Hint {hints}.)" if hints else ""))
            if adv.reason
            else ("The hand matches nothing in the book's list for this position.")
        )
    if adv.score_dependent:
        why += " It also matches " + ", ".join(adv.score_dependent) + ", which the book leaves to the score."
    return Answer(["act" if adv.act else "pass"], text, why, hints=list(adv.hints) + list(adv.score_dependent))


def _ask_book_make(spec: dict[str, Any]) -> dict[str, Any]:
    down = _suit(spec["turned_down"])
    role = spec["role"]
    return {
        "prompt": f"You are the {ROLE_WORDS[role]}. {down.word.capitalize()} were turned down. "
        "By the book's hints, which suit do you make, if any?",
        "choices": [_text_choice("pass", "Pass")]
        + [_text_choice(s.letter, s.word.capitalize()) for s in Suit if s != down],
        "show": {"cards": [str(c) for c in _sorted_hand(_cards(spec["hand"]), None)]},
    }


@_kind("book_make")
def _book_make(spec: dict[str, Any]) -> Answer:
    down = _suit(spec["turned_down"])
    adv = _opponent.book_make(_cards(spec["hand"]), down, spec["role"])
    if adv.act and adv.suit is not None:
        kind = "next" if adv.suit == down.partner else "crossing the suit"
        return Answer(
            [adv.suit.letter],
            f"Make it {adv.suit.word} ({kind}).",
            (adv.reason + " " if adv.reason else "") + f"(Hint {', '.join(adv.hints)}.)",
            hints=list(adv.hints),
        )
    return Answer(["pass"], "Pass.", "No suit is strong enough by the book's hints.", hints=list(adv.hints))


def _ask_book_discard(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    six = _cards(spec["six"])
    up = Card.parse(spec["turn_up"])
    return {
        "prompt": f"You deal and take up {_the(up)}; {t.word} are trumps. By the book's hints, which card "
        "do you discard?",
        "choices": [_card_choice(c) for c in _sorted_hand(six, t) if c != up],
        "show": {"trump": t.letter, "turn_up": str(up), "cards": [str(c) for c in _sorted_hand(six, t)]},
    }


@_kind("book_discard")
def _book_discard(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    c = _opponent.book_discard(_cards(spec["six"]), t, Card.parse(spec["turn_up"]))
    hint = spec.get("hint", "dealer-18")
    return Answer(
        [str(c)],
        f"{_the(c).capitalize()}.",
        "Discard the lowest card of a short suit, keeping the aces "
        "(hints dealer-18 and dealer-19); of two short suits, throw from the one the ace does not head.",
        hints=[hint],
    )


def _ask_book_lead_lone(spec: dict[str, Any]) -> dict[str, Any]:
    t = _suit(spec["trump"])
    hand = _cards(spec["hand"])
    return {
        "prompt": f"{t.word.capitalize()} are trumps and the dealer plays alone. You are the eldest hand and lead. "
        "By the book's hints, which card do you lead?",
        "choices": [_card_choice(c) for c in _sorted_hand(hand, t)],
        "show": {"trump": t.letter, "cards": [str(c) for c in _sorted_hand(hand, t)]},
    }


@_kind("book_lead_lone")
def _book_lead_lone(spec: dict[str, Any]) -> Answer:
    t = _suit(spec["trump"])
    c = _opponent.book_lead_against_lone(_cards(spec["hand"]), t)
    hint = spec.get("hint", "lone-hands-6")
    return Answer(
        [str(c)],
        f"{_the(c).capitalize()}.",
        "Against a lone hand, lead from a short suit or a suit of "
        "equals (hint lone-hands-6): the lone player must win every trick for his four points, and your "
        "partner and you can each keep a guard in a different suit.",
        hints=[hint],
    )


# --------------------------------------------------------------------------------------------
# Lesson 9: the coups


def _coup_state(spec: dict[str, Any]) -> tuple[Deal, str, dict[str, Any]]:
    rep = replay_case(spec["case"])
    data = rep.data
    t = int(spec["trick"])
    seat = spec["seat"]
    before = sum(len(tr["cards"]) for tr in data["tricks"][: t - 1])
    cards = data["tricks"][t - 1]["cards"]
    pos = [s for s, _ in cards].index(seat)
    state = rep.states[before + pos]
    if SEATS[state.actor] != seat:
        raise InputError(f"Case {spec['case']}: {seat} is not to play at trick {t}", "seat")
    return state, cards[pos][1], data


def _ask_coup(spec: dict[str, Any]) -> dict[str, Any]:
    state, _, data = _coup_state(spec)
    seat = _seat(spec["seat"])
    assert state.trump is not None
    done = [[[SEATS[s], str(c)] for s, c in t.cards] for t in state.tricks]
    makers = data["makers"]
    role = "one of the makers" if SEATS[seat] in makers else "an adversary of the makers"
    trick = (
        f" The trick so far: {', '.join(f'{SEATS[s]} {_the(c)}' for s, c in state.trick)}."
        if state.trick
        else " It is your lead."
    )
    now = {SEATS[s]: [str(c) for c in _sorted_hand(state.hand(s), state.trump)] for s in range(4)}
    return {
        "prompt": f"Case {spec['case']}: you are {SEATS[seat]}, {role} ({' and '.join(makers)}). "
        f"{state.trump.word.capitalize()} are trumps. Trick {int(spec['trick'])}.{trick} "
        "Which card does the book play?",
        "choices": [_card_choice(a.card) for a in state.legal_actions() if a.card is not None],
        "show": {
            "deal": now,
            "trump": state.trump.letter,
            "turn_up": data.get("turn_up"),
            "dealer": data.get("dealer"),
            "alone": data.get("alone"),
            "tricks": done,
            "trick": [[SEATS[s], str(c)] for s, c in state.trick],
            "seat": SEATS[seat],
        },
    }


def _principal_line(d: Deal, first: Card | None = None) -> list[str]:
    """The rest of the deal after ``first`` (the card to play now), with best play by all: each seat's
    best card by the solver (the lowest of equals), trick by trick."""
    out = []
    while not d.is_over:
        if first is not None:
            card, first = first, None
        else:
            res = _solver.solve(d)
            maker = d.makers == d.side_of(d.actor)
            best = max(res.moves.values()) if maker else min(res.moves.values())
            assert d.trump is not None
            t = int(d.trump)
            card = min(
                (Card.parse(c) for c, v in res.moves.items() if v == best),
                key=lambda c: (_tables.TRUMP_POWER[t][c], c & 7),
            )
        n = len(d.tricks)
        d = d.apply(Action.play(card))
        if len(d.tricks) > n:
            tr = d.tricks[-1]
            out.append(
                f"trick {n + 1}: "
                + ", ".join(f"{SEATS[s]} {c.pretty()}" for s, c in tr.cards)
                + f", won by {SEATS[tr.winner]}"
            )
    return out


def _coup_wrong(spec: dict[str, Any], value: Any, ans: Answer) -> str:
    state, book, data = _coup_state(spec)
    try:
        card = Card.parse(str(value))
        state.apply(Action.play(card))
    except (EuchreError, CardError):
        return "That card cannot be played here."
    res = _solver.solve(state)
    v, b = res.moves[str(card)], res.moves[book]
    line = "; ".join(_principal_line(state, card))
    makers = " and ".join(data["makers"])
    return (
        f"After {_the(card)} the makers ({makers}) take {v} trick{'s' if v != 1 else ''} with best play "
        f"by all, against {b} after the book's {Card.parse(book).long_name()}: {line}."
    )


@_kind("coup", wrong=_coup_wrong)
def _coup(spec: dict[str, Any]) -> Answer:
    state, book, data = _coup_state(spec)
    res = _solver.solve(state)
    v = res.moves[book]
    accepted = [c for c, x in res.moves.items() if x == v]
    makers = " and ".join(data["makers"])
    told = data["tricks"][int(spec["trick"]) - 1].get("text") or ""
    remark = " ".join(r["text"] for r in data.get("remarks", []) if r["text"] != told)
    others = [c for c in accepted if c != book]
    # the book's remarks are quoted too: unquoted, they would read as the site's words (issue 15)
    why = " ".join(
        x
        for x in (
            f"The book: \u201c{told}\u201d" if told else "",
            f"The book's remarks: \u201c{remark}\u201d" if remark else "",
        )
        if x
    )
    if others:
        why += (
            f" With every hand open the solver finds {_list_words([_the(Card.parse(c)) for c in others], 'and')} "
            f"as good ({makers} take {v} tricks either way): the book's play counts on what the others cannot "
            "see, and the solver sees everything, so it accepts these too."
        )
    else:
        why += (
            f" The solver agrees: after {_the(Card.parse(book))} the makers ({makers}) take {v} tricks with best play."
        )
    line = _principal_line(state, Card.parse(book))
    detail = ["After the book's card, best play by all: " + "; ".join(line) + "."]
    return Answer(accepted, f"{_the(Card.parse(book)).capitalize()}.", why.strip(), cases=[spec["case"]], detail=detail)


# --------------------------------------------------------------------------------------------
# The public entry points


def make_exercise(entry: dict[str, Any]) -> dict[str, Any]:
    """A lesson entry (``kind`` and its options, maybe a ``seed``) → the exercise's spec, with the
    situation made explicit (a seeded search for a deal that shows the point, where needed).

    >>> make_exercise({"id": "c", "kind": "count_trumps", "trump": "S"})
    {'id': 'c', 'kind': 'count_trumps', 'trump': 'S'}
    """
    kind = KINDS.get(str(entry.get("kind")))
    if kind is None:
        raise InputError(f"no exercise kind {entry.get('kind')!r}", "kind")
    spec = kind.make(dict(entry))
    spec["kind"] = kind.name
    return spec


def question(exercise: dict[str, Any]) -> dict[str, Any]:
    """The exercise as the reader sees it: ``prompt``, ``mode`` (``one``: choose one; ``many``:
    choose every right one), ``choices`` (``value``, ``label``, ``card``) and ``show`` (what to draw:
    cards, a trick, a deal, the counters).

    >>> q = question({"id": "c3", "kind": "counters", "points": 3})
    >>> q["mode"], [c["value"] for c in q["choices"]], q["show"]
    ('one', ['1', '2', '3', '4'], {'counters': {'up': 3, 'covered': False}})
    """
    kind = _kind_of(exercise)
    q = _guarded(kind, kind.ask, exercise)
    q.setdefault("mode", "one")
    q["id"] = exercise.get("id")
    q["kind"] = exercise["kind"]
    return q


def solve_exercise(exercise: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer: ``answers`` (every value accepted), ``text``, ``why``, ``detail`` and the
    ``laws``, ``hints``, ``cases`` and ``terms`` it cites.

    >>> solve_exercise({"kind": "deal_points", "tricks": 5, "alone": True})["text"]
    'A C score four.'
    """
    kind = _kind_of(exercise)
    return _guarded(kind, kind.solve, exercise).to_json()


MAX_ANSWER = limit("answer")  # characters of one value of an answer


def check_answer(exercise: dict[str, Any], answer: Any) -> dict[str, Any]:
    """Is ``answer`` right? ``{"correct", "feedback", "answer": solve_exercise(...)}``: the feedback
    explains (why it is right; or the answer and why, or what follows from the wrong card). For a
    ``many`` exercise ``answer`` is the list of values chosen (or one value); it is right when it is
    exactly the set of right values. A value that is not one of the exercise's choices is refused
    (:class:`InputError` on ``answer``).

    >>> ex = {"kind": "trick_winner", "trump": "H", "cards": [["B", "AD"], ["C", "JD"], ["D", "KD"], ["A", "9H"]]}
    >>> check_answer(ex, "C")["correct"], check_answer(ex, "B")["feedback"][:11]
    (True, 'The answer:')
    >>> check_answer(ex, "E")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: answer: 'E' is not one of the choices (B, C, D, A)
    """
    kind = _kind_of(exercise)
    values = [answer] if not isinstance(answer, list) else decode.array(answer, "answer", max_len=33)
    for i, v in enumerate(values):
        decode.text(v, "answer" if not isinstance(answer, list) else f"answer[{i}]", max_len=MAX_ANSWER)
    choices = [str(c["value"]) for c in _guarded(kind, kind.ask, exercise).get("choices", [])]
    for v in values:
        if choices and v not in choices:
            raise InputError(f"{decode.excerpt(v)} is not one of the choices ({', '.join(choices)})", "answer")
    ans = _guarded(kind, kind.solve, exercise)
    if ans.mode == "many":
        chosen = sorted(set(values))
        correct = chosen == sorted(set(ans.answers))
    else:
        value = values[0] if len(values) == 1 else answer
        correct = isinstance(value, str) and value in ans.answers
    if correct:
        feedback = "Right. " + ans.why
    elif kind.wrong is not None:
        wrong = kind.wrong
        feedback = _guarded(kind, lambda ex: wrong(ex, answer, ans), exercise)
    else:
        feedback = f"The answer: {ans.text} {ans.why}".strip()
    return {"correct": correct, "feedback": feedback, "answer": ans.to_json()}


_EXERCISE_TEXT = ("id", "kind", "trump", "turn_up", "card", "role", "hint", "focus", "case", "named")


def _decode_exercise(exercise: Any) -> dict[str, Any]:
    """The types and sizes of an exercise's common fields, before a kind reads them."""
    checked = decode.mapping(exercise, "exercise")  # the same dict, typed
    decode.check_tree(exercise, "exercise", max_depth=8, max_items=200, max_string=500)
    for k in _EXERCISE_TEXT:
        if exercise.get(k) is not None:
            decode.text(exercise[k], decode.field("exercise", k), max_len=80)
    for k in ("dealer", "seat"):
        v = exercise.get(k)
        if v is not None and not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 4):
            decode.seat(v, decode.field("exercise", k))
    for k in ("hand", "six"):
        if exercise.get(k) is not None:
            for i, c in enumerate(decode.array(exercise[k], decode.field("exercise", k), max_len=6)):
                decode.text(c, f"exercise.{k}[{i}]", max_len=10)
    if exercise.get("seed") is not None:
        decode.seed(exercise["seed"], "exercise.seed")
    for k in ("points", "tricks"):
        if exercise.get(k) is not None:
            decode.integer(exercise[k], decode.field("exercise", k), 0, 100)
    for k in ("events", "actions"):
        if exercise.get(k) is not None:
            for i, e in enumerate(decode.array(exercise[k], decode.field("exercise", k), max_len=200)):
                decode.text(e, f"exercise.{k}[{i}]", max_len=200)
    return checked


def _guarded(kind: Kind, fn: Callable[[dict[str, Any]], _R], exercise: dict[str, Any]) -> _R:
    """Run one step of a kind on a decoded exercise. The common fields are decoded first; a field that only
    this kind reads and that is of the wrong shape gives an :class:`InputError` on ``exercise`` naming
    the kind, never a Python error."""
    try:
        return fn(exercise)
    except (EuchreError, CardError) as e:
        if isinstance(e, EuchreError) and not isinstance(e, CardError):
            raise
        raise InputError(str(e), "exercise") from None
    except (
        TypeError,
        LookupError,
        ValueError,
        AttributeError,
        AssertionError,
        ArithmeticError,
        StopIteration,
        RecursionError,
    ) as e:
        raise InputError(
            f"not a well-formed {kind.name} exercise ({type(e).__name__}: {decode.excerpt(str(e))})", "exercise"
        ) from None


def _kind_of(exercise: dict[str, Any]) -> Kind:
    _decode_exercise(exercise)
    name = exercise.get("kind")
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise InputError(f"no exercise kind {decode.excerpt(exercise.get('kind'))}", "kind")
    return kind


# --------------------------------------------------------------------------------------------
# Lesson 10: a rubber against the engine (three engine seats and the reader's)

TABLE_SEAT = "C"


MAX_TABLE_ACTIONS = limit("table_actions")  # actions of a rubber against the engine (a rubber has a few hundred)


def _decode_record(record: Any) -> dict[str, Any]:
    """The play table's record, typed and bounded: ``seed`` (0 to 2**63 - 1), ``seat`` (A-D),
    ``strength`` (a name of :data:`~euchre_core.search.opponent.STRENGTHS`), ``actions`` (at most
    5,000 strings of at most 40 characters)."""
    checked = decode.mapping(record, "record", keys=("seed", "seat", "strength", "actions"))  # the same dict, typed
    decode.seed(record.get("seed", 0), "record.seed")
    decode.seat(record.get("seat", TABLE_SEAT), "record.seat")
    decode.choice(record.get("strength", _opponent.DEFAULT_STRENGTH), "record.strength", tuple(_opponent.STRENGTHS))
    for i, a in enumerate(decode.array(record.get("actions", []), "record.actions", max_len=MAX_TABLE_ACTIONS)):
        decode.text(a, f"record.actions[{i}]", max_len=40)
    return checked


def _match(record: dict[str, Any]) -> Match:
    _decode_record(record)
    m = Match.new(seed=int(record.get("seed", 0)))
    for i, text in enumerate(record.get("actions", [])):
        try:
            m = m.apply(Action.parse(text))
        except EuchreError as e:
            raise InputError(str(e), f"record.actions[{i}]") from None
    return m


_YOU_VERBS = {
    "passes": "pass",
    "orders": "order",
    "assists": "assist",
    "takes": "take",
    "plays": "play",
    "discards": "discard",
    "makes": "make",
    "lets": "let",
    "goes": "go",
    "calls": "call",
    "shows": "show",
}


def _describe(deal: Deal, seat: int, action: Action, you: int) -> str:
    """An action in words for the table's announcements (the reader's own as "You (C) ...").

    >>> d = Deal.shuffled(0)
    >>> _describe(d, 1, Action("pass"), 2), _describe(d, 2, Action("order"), 2)
    ('B passes.', 'You (C) assist.')
    """
    text = deal.describe_action(seat, action)
    if action.kind == "discard":
        text = f"{SEATS[seat]} discards" + (f" {_the(action.card)}" if seat == you and action.card is not None else "")
    if seat == you:
        rest = text[1:].lstrip()
        verb, _, tail = rest.partition(" ")
        rest = _YOU_VERBS.get(verb, verb) + (" " + tail if tail else "")
        text = f"You ({SEATS[seat]}) {rest}".replace(" : ", ": ")
    return text + "."


def _trick_words(deal: Deal, you: int) -> str:
    t = deal.tricks[-1]
    who = "You take" if t.winner == you else f"{SEATS[t.winner]} takes"
    card = next(c for s, c in t.cards if s == t.winner)
    return f"{who} the trick with {_the(card)}."


def _deal_words(deal: Deal) -> str:
    res = deal.result
    assert res is not None
    if res.passed_out:
        return "All pass twice: the deal is at an end, and the next player deals (Law 77)."
    if res.jamboree:
        return "A jamboree."
    side = " ".join(deal.side_name(res.makers or 0))
    won = res.tricks_won[res.makers or 0]
    pts = max(res.points)
    scorer = " ".join(deal.side_name(0 if res.points[0] else 1))
    if res.euchred:
        what = f"{side} are euchred ({won} tricks): {scorer} score {pts}"
    elif res.march:
        what = f"{side} march: {pts} points"
    else:
        what = f"{side} take {won} tricks: one point"
    return what + (" (Law 3)." if res.alone is not None else " (Law 2).")


def table_view(record: dict[str, Any]) -> dict[str, Any]:
    """The table as the reader (seat C) sees it: the hand, the trick, the bidding, what may be done
    now, the score of the game and the rubber.

    >>> v = table_new(seed=1)
    >>> v["seat"], len(v["hand"]), v["rubber"]["games"]
    ('C', 5, [])
    """
    m = _match(record)
    you = _seat(record.get("seat", TABLE_SEAT))
    d = m.deal
    legal = []
    if d.actor == you and not m.is_over:
        for a in d.legal_actions():
            legal.append(
                {"action": str(a), "label": _action_label(d, a), "card": str(a.card) if a.card is not None else None}
            )
    bidding = [_describe(d, s, a, you) for s, a in d.log if a.kind not in ("play",)]
    bids = {SEATS[s]: w for s, w in _bids(d).items()}
    illegal = _illegal_cards(d, you) if d.actor == you and not m.is_over else {}
    last = None
    if d.tricks:
        t = d.tricks[-1]
        last = {"cards": [[SEATS[s], str(c)] for s, c in t.cards], "winner": SEATS[t.winner]}
    previous = None
    if m.history:
        h = m.history[-1]
        previous = {
            "text": _deal_words(h),
            "points": list(h.result.points) if h.result else [0, 0],
            "tricks": [
                {"cards": [[SEATS[s], str(c)] for s, c in t.cards], "winner": SEATS[t.winner]} for t in h.tricks
            ],
        }
    r = m.rubber
    shown = [d.turn_up, *d.hand(you), *(c for _, c in d.trick)]
    shown += [c for t in d.tricks for _, c in t.cards]
    if m.history:
        shown += [c for t in m.history[-1].tricks for _, c in t.cards]
    return {
        "record": record,
        "seat": SEATS[you],
        "deal_number": m.number,
        "dealer": SEATS[d.dealer],
        "turn_up": str(d.turn_up),
        "turn_suit": d.turn_suit.letter,
        "phase": d.phase,
        "actor": SEATS[d.actor],
        "your_turn": d.actor == you and not m.is_over,
        "trump": d.trump.letter if d.trump is not None else None,
        "maker": SEATS[d.maker] if d.maker is not None else None,
        "alone": SEATS[d.alone] if d.alone is not None else None,
        "out": [SEATS[s] for s in range(4) if d.out >> s & 1],
        "hand": [str(c) for c in _sorted_hand(d.hand(you), d.trump or d.turn_suit)],
        "counts": {SEATS[s]: bin(d.hands[s]).count("1") for s in range(4)},
        "bidding": bidding,
        "trick": [[SEATS[s], str(c)] for s, c in d.trick],
        "last_trick": last,
        "tricks_won": {"AC": d.tricks_won_by_side()[0], "BD": d.tricks_won_by_side()[1]},
        "legal": legal,
        "illegal": illegal,
        "bids": bids,
        "tricks_played": len(d.tricks),
        "cards": {str(c): card_info(str(c)) for c in shown},
        "previous": previous,
        "score": {"AC": r.game[0], "BD": r.game[1]},
        "rubber": {
            "games": [{"winner": "AC" if g.winner == 0 else "BD", "value": g.value} for g in r.games],
            "over": r.is_over,
            "winner": None if r.winner is None else ("AC" if r.winner == 0 else "BD"),
            "points": {"AC": r.points[0], "BD": r.points[1]},
        },
        "over": m.is_over,
    }


def _bids(d: Deal) -> dict[int, str]:
    """What each seat said last in this deal's making (Laws 74-77), in the book's words without
    the seat's name, for the table to show at the seats; the dealer's discard is not said.

    >>> d = Deal.shuffled(0)
    >>> d.actor, _bids(d.apply(Action("pass")))
    (1, {1: 'passes'})
    """
    said: dict[int, str] = {}
    for s, a in d.log:
        if a.kind in ("play", "discard"):
            continue
        said[s] = d.describe_action(s, a).split(" ", 1)[1].lstrip(": ")
    return said


def _illegal_cards(d: Deal, you: int) -> dict[str, dict[str, Any]]:
    """The cards of the reader's hand that may not be played now, each with the engine's reason
    and the laws it cites (Law 62: a player holding the suit led must follow it), so that the
    table can say why a card is refused without asking. Empty when no card is to be played.

    >>> d = Deal.shuffled(3)
    >>> _illegal_cards(d, d.actor)
    {}
    """
    if d.phase != _deal.Phase.PLAY or d.actor != you:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for c in d.hand(you):
        try:
            d.apply(Action("play", c))
        except IllegalAction as e:
            out[str(c)] = {"reason": e.reason, "laws": list(e.laws)}
    return out


def _action_label(d: Deal, a: Action) -> str:
    seat = d.actor
    if a.kind == "play":
        return f"Play {_the(a.card)}" if a.card is not None else "Play"
    if a.kind == "discard":
        return f"Discard {_the(a.card)}" if a.card is not None else "Discard"
    if a.kind == "pass":
        return "Pass"
    if a.kind == "order":
        verb = d.describe_action(seat, Action("order")).split(" ", 1)[1]
        verb = {"orders up": "Order up", "assists": "Assist", "takes up": "Take up"}.get(verb, verb)
        return "Play alone" if a.alone else verb
    if a.kind == "call":
        assert a.suit is not None
        return f"Make it {a.suit.word}" + (" alone" if a.alone else "")
    if a.kind == "take":
        return "I take it from you (alone)"
    if a.kind == "stay":
        return "Let it stand"
    if a.kind == "alone":
        return "Go alone"
    return str(a)


def table_new(
    seed: int | None = None, strength: str = _opponent.DEFAULT_STRENGTH, seat: str = TABLE_SEAT
) -> dict[str, Any]:
    """A new rubber: the reader at ``seat`` (C, A's partner), the engine at the other three.

    >>> table_new(seed=2)["record"]
    {'seed': 2, 'seat': 'C', 'strength': 'default', 'actions': []}
    """
    seed = decode.seed(seed, "seed", optional=True)
    if seed is None:
        seed = random.randrange(1, 10**6)
    decode.choice(strength, "strength", tuple(_opponent.STRENGTHS))
    decode.seat(seat, "seat")
    return table_view({"seed": seed, "seat": seat, "strength": strength, "actions": []})


def _step(record: dict[str, Any], m: Match, action: Action) -> dict[str, Any]:
    you = _seat(record.get("seat", TABLE_SEAT))
    d = m.deal
    said = [_describe(d, d.actor, action, you)]
    said_next: list[str] = []  # the next deal's first words: the table shows them when the reader deals on
    after = d.apply(action)
    if len(after.tricks) > len(d.tricks):
        said.append(_trick_words(after, you))
    if after.is_over:
        said.append(_deal_words(after))
        m2 = m.apply(action)
        if m2.rubber.games != m.rubber.games:
            g = m2.rubber.games[-1]
            double = " double (Law 7)." if g.value == 2 else "."
            said.append(f"{'A C' if g.winner == 0 else 'B D'} win the game" + double)
        if m2.is_over:
            w = m2.rubber.winner
            said.append(f"{'A C' if w == 0 else 'B D'} win the rubber: {m2.rubber.points[w or 0]} points (Law 7).")
        else:
            said_next.append(f"{SEATS[m2.deal.dealer]} deals; {_the(m2.deal.turn_up)} is turned up.")
    new = dict(record)
    new["actions"] = list(record.get("actions", [])) + [str(action)]
    view = table_view(new)
    view["said"] = said
    view["said_next"] = said_next
    return view


def table_act(record: dict[str, Any], action: str) -> dict[str, Any]:
    """The reader's action (his turn, and lawful): the new view, with ``said``, what happened in words.

    >>> v = table_new(seed=3)
    >>> v["actor"]
    'B'
    >>> table_act(v["record"], "pass")
    Traceback (most recent call last):
    ...
    euchre_core.kernel.errors.InputError: record: it is B's turn, not yours
    """
    m = _match(record)
    you = _seat(record.get("seat", TABLE_SEAT))
    if m.is_over:
        raise InputError("the rubber is over", "record")
    if m.deal.actor != you:
        raise InputError(f"it is {SEATS[m.deal.actor]}'s turn, not yours", "record")
    act = Action.parse(decode.text(action, "action", max_len=40))
    if act not in m.deal.legal_actions():
        try:
            m.deal.apply(act)
        except IllegalAction as e:
            raise InputError(str(e), "action") from None
        raise InputError(f"{action} is not allowed now", "action")
    return _step(record, m, act)


def table_engine(record: dict[str, Any]) -> dict[str, Any]:
    """One action by the engine seat to act (it sees only its own seat's knowledge), and the new view.

    >>> v = table_new(seed=3)
    >>> v2 = table_engine(v["record"])
    >>> len(v2["record"]["actions"]), v2["said"][0][:2]
    (1, 'B ')
    """
    m = _match(record)
    you = _seat(record.get("seat", TABLE_SEAT))
    if m.is_over:
        raise InputError("the rubber is over", "record")
    if m.deal.actor == you:
        raise InputError("it is your turn", "record")
    strength = record.get("strength", _opponent.DEFAULT_STRENGTH)
    seed = int(record.get("seed", 0)) * 1009 + len(record.get("actions", []))
    act = _opponent.choose(m.deal, strength=strength, seed=seed)
    return _step(record, m, act)
