"""Engine players under the laws: they play a deal the director rules, claim what the book lets
them claim while the law still allows it, elect the option best for their side, and (when asked
to) make the mistakes real players make.

Nothing here is a second copy of a rule. Whether an act breaks a law is asked of the
:class:`~euchre_core.laws.director.Director` itself (the act is made on a copy and the rulings it
draws are read, by their typed kind and offender); what a claim may still be made is asked of it
the same way (the claim made on a copy is refused, with its law, once the law no longer allows it).

- :func:`lawful_plays`: the cards a seat can play now without breaking a law (the calls and the
  highest/lowest/win/lose requirements of Laws 47, 52, 56, 59, 83 and 89 included).
- :func:`choose_play`, :func:`choose_bid`: an engine player's lawful act. In a deal played
  regularly so far, the card is the sampling opponent's (:mod:`euchre_core.search.opponent`);
  after an irregularity, a player's rule of thumb among the lawful cards.
- :func:`option_values`: each option of the ruling awaiting its election, valued for the side that
  elects by playing the rest of the hand out under that option (points for the side less the
  other side's); :func:`choose_option` takes the best. :func:`sampled_option_values` values them as
  the electing side can, not seeing its adversaries' hands: averaged over deals it cannot tell from the
  real one (:func:`worlds`).
- :func:`claims_open`: what a side may claim now (a revoke, until the cut: Law 68; an exposed card
  of an adversary: Laws 46, 56), each with the law that bounds it; :func:`engine_claim`: the claim
  an engine side makes, only when the claim is proved and worth something to it.
- :func:`slips`: the breaches an erring engine player may commit at this moment (a left bower
  played as its printed suit, a lead out of turn, a card dropped face up), each one the director
  rules and the reader can claim.

>>> from euchre_core.kernel.deal import Deal
>>> from euchre_core.laws.director import Director
>>> hands = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(),
...          "KC TC AS 9S 9H".split()]
>>> t = Director.start(Deal.start(hands, "9C")).replay(["B: pass", "C: pass", "D: pass", "A: order",
...                                                      "A: discard 8S", "C: play 7D"])
>>> sorted(option_values(t))                        # C led out of turn: B and D elect (law 52)
['call-card', 'call-suit C', 'call-suit D', 'call-suit H', 'call-suit S', 'waive']
>>> choose_option(t).event.startswith("BD: choose ")
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..kernel.actions import Action
from ..kernel.cards import Card, CardError, Suit, cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError
from ..kernel.play import trick_winner_index
from ..kernel.tables import EFFECTIVE_SUIT, LEFT_BOWER, TRUMP_POWER
from ..laws.director import Director, Phase
from ..laws.events import Event
from ..laws.rulings import Irregularity, Ruling
from . import opponent

__all__ = [
    "Claim",
    "Valued",
    "breaks_a_law",
    "lawful_plays",
    "choose_play",
    "choose_bid",
    "option_values",
    "choose_option",
    "worlds",
    "cards_named",
    "sampled_option_values",
    "choose_sampled",
    "ELECTION_SAMPLES",
    "claims_open",
    "engine_claim",
    "corrections",
    "slips",
    "side_points",
    "play_out",
]

#: The rulings that are an offence of the seat named (a revoke, a card exposed, a lead out of turn ...),
#: as against those that only record what happened (a claim examined, an election made, a trick stands).
_NOT_AN_OFFENCE = frozenset(
    {
        Irregularity.REVOKE_CLAIMED,
        Irregularity.PARTNERS_QUESTION,
    }
)


def _new_rulings(before: Director, after: Director) -> Sequence[Ruling]:
    return [after.rulings[i] for i in range(len(before.rulings), len(after.rulings))]


def breaks_a_law(st: Director, event: str, seat: int) -> bool | None:
    """Whether ``event`` by ``seat`` breaks a law, by the director's own ruling of it: True when it
    draws a ruling naming ``seat`` the offender, False when it passes, None when the director refuses
    it outright (not a possible act now).

    >>> from euchre_core.kernel.deal import Deal
    >>> t = Director.start(Deal.start(["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(),
    ...     "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()], "9C"))
    >>> breaks_a_law(t, "B: pass", 1), breaks_a_law(t, "C: order", 2)
    (False, True)
    """
    try:
        after = st.act(event)
    except EuchreError:
        return None
    return any(r.offender == seat and r.kind not in _NOT_AN_OFFENCE for r in _new_rulings(st, after))


def lawful_plays(st: Director, seat: int | None = None) -> list[Card]:
    """The cards ``seat`` (the player to play, by default) can play now without breaking a law: the
    director's legal cards less those that would disobey a call or a requirement on him.

    >>> from euchre_core.kernel.deal import Deal
    >>> t = Director.start(Deal.start(["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(),
    ...     "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()], "9C")).replay(
    ...     ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D", "BD: choose call-card"])
    >>> [str(c) for c in lawful_plays(t)]                      # B leads: any card; C must play the 7D
    ['AC', 'JD', '8H', 'QH', 'TS']
    """
    if st.phase is not Phase.PLAY or st.pending is not None:
        return []
    seat = st.actor if seat is None else seat
    if seat != st.actor:
        return []
    name = SEAT_NAMES[seat]
    return [c for c in st.legal_plays() if breaks_a_law(st, f"{name}: play {c}", seat) is False]


def _offences(st: Director, event: str, seat: int) -> int:
    try:
        after = st.act(event)
    except EuchreError:
        return 99
    return sum(1 for r in _new_rulings(st, after) if r.offender == seat and r.kind not in _NOT_AN_OFFENCE)


def _least_offending(st: Director, seat: int) -> list[Card]:
    """When every card breaks some call (two exposed cards called, one lead), the cards that break
    the fewest."""
    hand = st.legal_plays() or cards_of_mask(st.hands[seat])
    counts = {c: _offences(st, f"{SEAT_NAMES[seat]}: play {c}", seat) for c in hand}
    least = min(counts.values(), default=0)
    return [c for c in hand if counts[c] == least]


def _strength(card: Card, trump: int) -> tuple[int, int]:
    return TRUMP_POWER[trump][card], card & 7


def _rule_of_thumb(st: Director, seat: int, cards: Sequence[Card]) -> Card:
    """A plain player's card among ``cards``: second hand low, third hand high, win as cheaply as
    he can, throw the lowest when the partner holds the trick or it cannot be won; lead the best
    trump when his side made it, else his best plain card."""
    trump = st.trump
    ordered = sorted(cards, key=lambda c: _strength(c, trump))
    if not st.trick:
        makers = st.deal.maker is not None and st.side_of(st.deal.maker) == st.side_of(seat)
        trumps = [c for c in ordered if EFFECTIVE_SUIT[trump][c] == trump]
        plain = [c for c in ordered if EFFECTIVE_SUIT[trump][c] != trump]
        if makers and trumps:
            return trumps[-1]
        aces = [c for c in plain if c & 7 == 7]
        return aces[-1] if aces else (plain[0] if plain else ordered[0])
    played = [c for _, c in st.trick]
    best = trick_winner_index(trump, played)
    if st.side_of(st.trick[best][0]) == st.side_of(seat):
        return ordered[0]
    winners = [c for c in ordered if trick_winner_index(trump, [*played, c]) == len(played)]
    return winners[0] if winners else ordered[0]


def _as_deal(st: Director) -> Deal | None:
    """The deal as the regular rules see it, when everything played so far was lawful and nothing
    binds a player (no call, no card on the table): the sampling opponent can then decide."""
    if st.rulings or st.requirements or any(st.exposed) or st.revokes or st.aside or st.gathered or st.imperfect:
        return None
    d = st.deal
    try:
        for t in st.tricks:
            for _, c in t.cards:
                d = d.apply(Action.parse(f"play {c}"))
        for _, c in st.trick:
            d = d.apply(Action.parse(f"play {c}"))
    except EuchreError:
        return None
    return d if d.phase == "play" and d.actor == st.actor else None


def choose_play(st: Director, seat: int, strength: str = "easy", seed: int = 0) -> Card:
    """The engine's card for ``seat`` (the player to play): never one that breaks a law."""
    cards = lawful_plays(st, seat) or _least_offending(st, seat)
    if not cards:
        raise ValueError(f"{SEAT_NAMES[seat]} has no card to play")
    if len(cards) == 1:
        return cards[0]
    d = _as_deal(st)
    if d is not None:
        try:
            a = opponent.choose(d, seat, strength=strength, seed=seed)
        except EuchreError:  # a position the sampler cannot rebuild: the rule of thumb decides
            a = None
        if a is not None and a.card is not None and a.card in cards:
            return a.card
    return _rule_of_thumb(st, seat, cards)


def choose_bid(st: Director, seat: int, strength: str = "easy", seed: int = 0) -> str:
    """The engine's act in the bidding or the discard for ``seat`` (the player to act), as an event;
    an act the director would rule an offence (a lone hand Law 99 forbids, an order after
    passing ...) is replaced by the plain pass."""
    d = st.deal
    a = opponent.choose(d, seat, strength=strength, seed=seed)
    event = f"{SEAT_NAMES[seat]}: {a}"
    if breaks_a_law(st, event, seat) is not False:
        for alt in d.legal_actions():
            event = f"{SEAT_NAMES[seat]}: {alt}"
            if breaks_a_law(st, event, seat) is False:
                return event
    return event


def side_points(st: Director, side: int) -> int:
    """The deal's points for ``side`` less the other side's, as the director scores it so far."""
    penalties, points = st.tally()
    return penalties[side] + points[side] - penalties[1 - side] - points[1 - side]


def play_out(st: Director, limit: int = 80) -> Director:
    """The rest of the hand played by every seat's rule of thumb (lawful cards only); an election
    that falls due is made by the same valuing, one level deep (its first option)."""
    for _ in range(limit):
        if st.phase is not Phase.PLAY:
            break
        if st.pending is not None:
            r = st.rulings[st.pending]
            if not r.options:
                break
            side = r.chooser if r.chooser is not None else 0
            st = st.act(f"{st.side_name(side)}: choose {_option_args(r.options[0].id)[0]}")
            continue
        seat = st.actor
        cards = lawful_plays(st, seat) or st.legal_plays()
        if not cards:
            break
        st = st.act(f"{SEAT_NAMES[seat]}: play {_rule_of_thumb(st, seat, cards)}")
    return st


def _option_args(option_id: str) -> list[str]:
    """An option's elections: a suit to call is one election per suit."""
    if option_id == "call-suit":
        return [f"call-suit {s.letter}" for s in Suit]
    return [option_id]


@dataclass(frozen=True)
class Valued:
    """The election an engine side makes: the event, and every election's value to that side."""

    event: str
    values: dict[str, float]


def option_values(st: Director) -> dict[str, float]:
    """Each election the awaited ruling offers (``"call-suit H"`` for a suit called), valued for the
    side that elects: the hand played out under it (points for the side less the other side's). An
    election the director refuses (a suit it cannot call) is left out."""
    if st.pending is None:
        return {}
    r = st.rulings[st.pending]
    side = r.chooser if r.chooser is not None else 0
    out: dict[str, float] = {}
    for o in r.options:
        for args in _option_args(o.id):
            try:
                after = st.act(f"{st.side_name(side)}: choose {args}")
            except EuchreError:
                continue
            out[args] = float(side_points(play_out(after), side))
    return out


def choose_option(st: Director) -> Valued:
    """The election best for the side that elects (ties: the first option the ruling lists)."""
    values = option_values(st)
    if not values:
        raise ValueError("no election is awaited")
    r = st.rulings[st.pending] if st.pending is not None else None
    assert r is not None
    side = r.chooser if r.chooser is not None else 0
    best = max(values, key=lambda k: values[k])  # max keeps the first of equal values
    return Valued(f"{st.side_name(side)}: choose {best}", values)


ELECTION_SAMPLES = 4  # the deals an engine side imagines to value an election (each option played out in each)


def cards_named(events: Sequence[str]) -> set[Card]:
    """Every card an event names (played, exposed, discarded, called): seen at the table."""
    out: set[Card] = set()
    for e in events:
        try:
            args = Event.parse(e).args
        except EuchreError:
            continue
        for a in args:
            try:
                out.add(Card.parse(a))
            except (CardError, ValueError):
                continue
    return out


def _fingerprint(st: Director) -> tuple[object, ...]:
    """What the table knows of the deal so far: the rulings, the revokes, the phase and the election due."""
    return (
        tuple((r.kind, r.offender, r.laws, r.chosen) for r in st.rulings),
        tuple((rv.seat, rv.trick) for rv in st.revokes),
        st.phase,
        st.pending,
    )


def worlds(start: Deal, events: Sequence[str], side: int, n: int = ELECTION_SAMPLES, seed: int = 0) -> list[Director]:
    """Up to ``n`` deals ``side`` cannot tell from ``start`` after ``events``: the cards its adversaries
    hold unseen and the cards not dealt are shared out again at random (what each adversary played,
    exposed or discarded stays his), the same events are played on them, and a deal is kept only when the
    director rules it as it ruled the real one (the same rulings, the same revokes): nothing the side has
    seen tells the deals apart.

    >>> from euchre_core.kernel.cards import pack
    >>> from euchre_core.kernel.deal import Deal
    >>> hands = ["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(), "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()]
    >>> rest = [c for c in pack(32) if str(c) not in sum(hands, []) + ["9C"]]
    >>> d = Deal.start(hands, "9C", stock=rest)
    >>> ws = worlds(d, ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D"], side=1, n=3)
    >>> len(ws), all(w.deal.hands[1] == d.hands[1] for w in ws), ws[0].pending is not None
    (3, True, True)
    """
    return _worlds(start, events, Director.start(start).replay(events), side, n, seed)


def _worlds(start: Deal, events: Sequence[str], real: Director, side: int, n: int, seed: int) -> list[Director]:
    """:func:`worlds`, the real deal's director after ``events`` given."""
    known = _fingerprint(real)
    named = cards_named(events)
    opp = [s for s in range(4) if s % 2 != side]
    fixed = {s: [c for c in cards_of_mask(start.hands[s]) if c in named] for s in opp}
    pool = [c for s in opp for c in cards_of_mask(start.hands[s]) if c not in named]
    pool += [c for c in start.stock if c not in named]
    pool.sort()  # where the unseen cards really lie makes no difference to the deals imagined
    rng = random.Random(seed)
    out: list[Director] = []
    for _ in range(n * 6):
        if len(out) >= n:
            break
        rng.shuffle(pool)
        hands = [cards_of_mask(h) for h in start.hands]
        i = 0
        for s in opp:
            k = len(hands[s]) - len(fixed[s])
            hands[s] = fixed[s] + pool[i : i + k]
            i += k
        stock = [c for c in start.stock if c in named] + pool[i:]
        try:
            world = Director.start(Deal.start(hands, start.turn_up, start.dealer, start.rules, stock=stock)).replay(
                events
            )
        except EuchreError:
            continue
        if _fingerprint(world) == known:
            out.append(world)
    return out


def _elections(st: Director) -> list[str]:
    """The elections the awaited ruling offers that the director takes (a suit it cannot call left out)."""
    if st.pending is None:
        return []
    r = st.rulings[st.pending]
    side = st.side_name(r.chooser if r.chooser is not None else 0)
    out = []
    for o in r.options:
        for args in _option_args(o.id):
            try:
                st.act(f"{side}: choose {args}")
            except EuchreError:
                continue
            out.append(args)
    return out


def _sampled(start: Deal, events: Sequence[str], n: int, seed: int) -> tuple[Director, dict[str, float]]:
    """The real deal's director after ``events``, and :func:`sampled_option_values`' values."""
    real = Director.start(start).replay(events)
    if real.pending is None:
        return real, {}
    r = real.rulings[real.pending]
    side = r.chooser if r.chooser is not None else 0
    imagined = _worlds(start, events, real, side, n, seed) or [real]
    sums: dict[str, list[float]] = {}
    for w in imagined:
        for k, value in option_values(w).items():
            sums.setdefault(k, []).append(value)
    valid = set(_elections(real))  # an election the real director refuses is not offered
    return real, {k: round(sum(v) / len(v), 1) for k, v in sums.items() if k in valid}


def sampled_option_values(
    start: Deal, events: Sequence[str], n: int = ELECTION_SAMPLES, seed: int = 0
) -> dict[str, float]:
    """Each election of the ruling awaiting its election after ``events``, valued as the electing side can
    value it: :func:`option_values` averaged over :func:`worlds` (the real deal when none is found), to
    one decimal. ``{}`` when no election is awaited."""
    return _sampled(start, events, n, seed)[1]


def choose_sampled(start: Deal, events: Sequence[str], seed: int = 0) -> Valued:
    """The election best for the side that elects, by :func:`sampled_option_values` (ties: the first
    election the ruling lists), with every election's value."""
    real, values = _sampled(start, events, ELECTION_SAMPLES, seed)
    if not values or real.pending is None:
        raise ValueError("no election is awaited")
    r = real.rulings[real.pending]
    side = r.chooser if r.chooser is not None else 0
    best = max(values, key=lambda k: values[k])
    return Valued(f"{real.side_name(side)}: choose {best}", values)


@dataclass(frozen=True)
class Claim:
    """A claim a side may make now: its event, its kind (``"revoke"``, ``"call-card"``), the laws
    that allow it and the law that ends the right (``until``)."""

    event: str
    kind: str
    laws: tuple[int, ...]
    until: int
    card: Card | None = None
    seat: int | None = None


def claims_open(st: Director, side: int, caller: int | None = None) -> list[Claim]:
    """What ``side`` may claim now, asked of the director (a claim it would refuse is not offered):
    a revoke, during the play and after it until the cards are cut (Laws 63, 66, 68); an
    adversary's exposed card, called by ``caller`` (Laws 46, 56: the call is the adversaries' right
    until the card is played)."""
    if st.pending is not None or st.phase not in (Phase.PLAY, Phase.CLAIMS):
        return []
    name = st.side_name(side)
    out: list[Claim] = []
    try:
        st.act(f"{name}: claim")
        out.append(Claim(f"{name}: claim", "revoke", (63, 66), 68))
    except EuchreError:
        pass
    if st.phase is Phase.PLAY:
        if caller is None or st.side_of(caller) != side:
            caller = next(s for s in range(st.n) if st.side_of(s) == side)
        for seat in range(st.n):
            if st.side_of(seat) == side:
                continue
            for c in cards_of_mask(st.exposed[seat]):
                event = f"{SEAT_NAMES[caller]}: callcard {SEAT_NAMES[seat]} {c}"
                try:
                    st.act(event)
                except EuchreError:
                    continue
                out.append(Claim(event, "call-card", (46, 56), 56, c, seat))
    return out


def engine_claim(st: Director, side: int) -> str | None:
    """The claim an engine side makes now, if any: a revoke of the adversaries once the hand is
    played (the tricks searched prove it; claimed before the cut, Law 68) when it is worth points to
    the side; an adversary's exposed card is called when the call is his next lawful play's
    obligation and costs him (a card he would not have played)."""
    for c in claims_open(st, side):
        if c.kind == "revoke" and st.phase is Phase.CLAIMS:
            after = st.act(c.event)
            if side_points(after, side) > side_points(st, side):
                return c.event
    return None


def corrections(st: Director, seat: int) -> list[str]:
    """The corrections ``seat`` may make of his revoke still open (Laws 65, 69: he takes back his card
    and plays one of the suit instead), as events the director takes, the card a player's rule of thumb
    would play first; ``[]`` when he has no revoke to correct."""
    if not any(r.seat == seat and not r.established and not r.corrected for r in st.revokes):
        return []
    name = SEAT_NAMES[seat]
    ok: list[Card] = []
    for c in cards_of_mask(st.hands[seat]):
        try:
            st.act(f"{name}: correct {c}")
        except EuchreError:
            continue
        ok.append(c)
    if not ok:
        return []
    first = _rule_of_thumb(st, seat, ok) if st.trick else ok[0]
    return [f"{name}: correct {c}" for c in [first] + [c for c in ok if c != first]]


def slips(st: Director, seat: int) -> list[str]:
    """The breaches an erring player at ``seat`` might commit now: the left bower played as its
    printed suit, or a card of another suit played holding the suit led (a revoke: Law 62); a lead
    when it is another's (Laws 52, 53); a card dropped face up (Law 46). Only breaches that give his
    adversaries a remedy are offered: an election, a revoke to claim, or a card to call (a lone
    player's exposed card, which no law lets them call, is not a slip they could punish).

    >>> from euchre_core.kernel.deal import Deal
    >>> t = Director.start(Deal.start(["JC AH KH 8S QD".split(), "AC QH 8H JD TS".split(),
    ...     "7D 8D TD QS TH".split(), "KC TC AS 9S 9H".split()], "9C")).replay(
    ...     ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S"])
    >>> slips(t, 2)                                       # B leads: C may lead before him, or drop a card
    ['C: play 7D', 'C: expose 7D']
    """
    if st.pending is not None or st.phase is not Phase.PLAY or not st.hands[seat]:
        return []
    name = SEAT_NAMES[seat]
    trump = st.trump
    hand = sorted(cards_of_mask(st.hands[seat]), key=lambda c: _strength(c, trump))
    candidates: list[str] = []
    if seat == st.actor and st.trick:
        led_suit = EFFECTIVE_SUIT[trump][st.trick[0][1]]
        left = Card(LEFT_BOWER[trump])
        if st.hands[seat] >> left & 1 and left.suit == led_suit:
            candidates.append(f"{name}: play {left}")  # the left bower taken for its printed suit
        other = [c for c in hand if EFFECTIVE_SUIT[trump][c] != led_suit]
        if other:
            candidates.append(f"{name}: play {other[0]}")  # a card of the suit overlooked
    if not st.trick and seat != st.actor:
        candidates.append(f"{name}: play {hand[0]}")
    hidden = [c for c in hand if not st.exposed[seat] >> c & 1]
    if hidden:
        candidates.append(f"{name}: expose {hidden[0]}")
    side = 1 - st.side_of(seat)
    before = {c.event for c in claims_open(st, side)}
    out = []
    for event in candidates:
        if not breaks_a_law(st, event, seat):
            continue
        after = st.act(event)
        if after.pending is not None and after.rulings[after.pending].chooser == side:
            out.append(event)
        elif any(r.seat == seat and not r.corrected for r in after.revokes) and after.revokes != st.revokes:
            out.append(event)
        elif any(c.kind == "call-card" and c.event not in before for c in claims_open(after, side)):
            out.append(event)
    return out


def pick(rng: random.Random, options: Sequence[str]) -> str:
    """One of ``options``, reproducibly from ``rng``."""
    return options[rng.randrange(len(options))]
