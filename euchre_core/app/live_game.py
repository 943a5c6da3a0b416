"""Play under the laws: a live game against three engine players, where mistakes happen and the laws
are claimed (issue 38).

The reader holds one seat; the engine holds the other three. Every deal is played under the
:class:`~euchre_core.laws.director.Director`, so anything a player can do at a table may be done:
a card that does not follow suit though he could (a revoke), a lead out of turn, a card dropped face
up, an order after passing. Nothing is refused that a table would let happen; the director rules,
and the players enforce the ruling at the moment the law allows:

- the engine players elect the option best for their side (:func:`~euchre_core.search.law_players.choose_option`,
  each option valued by playing the hand out under it), claim an adversary's revoke once the hand is
  played, before the cut (Law 68), and may make the commonest real mistakes when the reader sets a rate;
- the reader elects when his side elects, and claims through :func:`live_claims`: what his side may
  claim now, with the law that ends the right. A claim the play does not prove is ruled as the book
  rules it (Law 66: the tricks are searched and nothing is found).

The game is its record: the seed, the reader's seat, the engine's strength and error rate, and every
deal's events (the engine's acts included), so a record replays to the same game and the same rulings.
An adversary's revoke is kept from the reader's view until it is claimed or the cards are cut (a player
does not see his adversary's hand).

>>> g = live_new(seed=4, seat="C")
>>> g["you"], g["deal"], g["turn"] in ("bid", "play", "discard")
('C', 1, True)
>>> g2 = live_act(g["record"], g["acts"][0]["event"])
>>> g2["error"] is None and len(g2["record"]["deals"][0]) > len(g["record"]["deals"][0])
True
>>> live_act(g["record"], "A: pass")["error"]["field"]              # not the reader's seat
'event'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from ..formats.egn_laws import LawDeal, export_law_egn, load_law_egn
from ..formats.scenario import MAX_EVENT, load_scenario
from ..kernel import decode
from ..kernel.cards import Suit, cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..kernel.limits import limit
from ..laws.director import Director, Phase
from ..laws.events import Event
from ..laws.rulings import Irregularity, Ruling
from ..laws.scoring import Rubber
from ..search import law_players as lp
from ..search import opponent as _opponent
from .lessons.play import action_label
from .ruling_voice import Seats, election_value_words, moment
from .sandbox import scenarios
from .sandbox_json import card_json

__all__ = [
    "LiveGame",
    "live_new",
    "live_open",
    "live_act",
    "live_from_scenario",
    "live_egn",
    "record_from_egn",
    "live_replay",
    "live_view",
    "live_claims",
    "MAX_ERR",
]

MAX_ERR = 50  # the engine's error rate, per cent of its cards in play (0: it never errs)
MAX_DEALS = limit("table_actions") // 20  # deals of one record (a rubber has a few dozen)
MAX_DEAL_EVENTS = 400  # events of one deal (a deal has a few dozen, irregularities and all)
_ENGINE_STEPS = 200  # the engine's acts between two of the reader's (a guard: a deal needs about 30)


@dataclass(frozen=True)
class LiveGame:
    """A game under the laws, folded from its record: the rubber's score before the current deal,
    the deal in play (under the director) and the finished deals."""

    seed: int
    you: int
    strength: str
    err: int
    deals: tuple[tuple[str, ...], ...]
    rubber: Rubber
    st: Director
    dealer: int
    finished: tuple[Director, ...] = field(default=())
    start: dict[str, Any] | None = None  # the first deal's cards (a law's ready scenario), else shuffled

    @property
    def number(self) -> int:
        return len(self.deals)

    @property
    def states(self) -> tuple[Director, ...]:
        """Every deal's director, one for each of :attr:`deals`: the finished deals', then the current one
        (after the rubber's last deal, the current one is that deal)."""
        return (*self.finished, self.st)

    def record(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "seat": SEAT_NAMES[self.you],
            "strength": self.strength,
            "err": self.err,
            "deals": [list(d) for d in self.deals],
        }
        if self.start is not None:
            out["start"] = dict(self.start)
        return out

    def side(self) -> int:
        return self.you % 2

    def dealt(self, k: int, dealer: int) -> Director:
        """Deal ``k`` (from 0) as it was dealt, under the director: the first from ``start`` when the game
        began from a law's scenario, every other shuffled from the seed (``seed * 1000 + k``)."""
        if k == 0 and self.start is not None:
            return load_scenario({**self.start, "events": []})
        return Director.start(Deal.shuffled(self.seed * 1000 + k, dealer=dealer))

    def with_event(self, event: str) -> LiveGame:
        """The game after one more event of the current deal (the director refuses what no player can
        do: the error names the law or the field, and the game is unchanged)."""
        st = self.st.act(event)
        deals = self.deals[:-1] + (self.deals[-1] + (str(Event.parse(event)),),)
        return replace(self, deals=deals, st=st)._next_deal_if_cut()

    def _next_deal_if_cut(self) -> LiveGame:
        """After the cut (or a deal annulled), the deal is scored and the next is dealt: by the player on
        the dealer's left (Law 28), or by the same dealer when the deal was annulled (Laws 33, 60)."""
        if self.st.phase is not Phase.DONE or self.rubber.is_over:
            return self
        penalties, points = self.st.tally()
        rubber = self.rubber
        if any(penalties) or any(points):
            rubber = rubber.record(points, revoke=penalties)
        if rubber.is_over:
            return replace(self, rubber=rubber)
        dealer = self.dealer if self.st.new_deal else (self.dealer + 1) % 4
        st = self.dealt(len(self.deals), dealer)
        return replace(
            self, deals=self.deals + ((),), rubber=rubber, st=st, dealer=dealer, finished=self.finished + (self.st,)
        )

    @classmethod
    def fold(cls, record: Any) -> LiveGame:
        """The game a record describes; a record that does not replay is refused naming its field."""
        rec = decode.mapping(record, "record", keys=("seed", "seat", "strength", "err", "deals", "start"))
        seed = decode.seed(rec.get("seed", 0), "record.seed")
        you = decode.seat(rec.get("seat", "C"), "record.seat")
        strength = decode.choice(rec.get("strength", "easy"), "record.strength", tuple(_opponent.STRENGTHS))
        err = _err(rec.get("err", 0), "record.err")
        start = rec.get("start")
        if start is not None:
            start = dict(decode.mapping(start, "record.start", keys=("hands", "turn_up", "dealer")))
            try:
                first = load_scenario({**start, "events": []})
            except EuchreError as ex:
                raise InputError(f"{ex}", "record.start") from None
        else:
            first = Director.start(Deal.shuffled(seed * 1000, dealer=0))
        deals = decode.array(rec.get("deals", [[]]), "record.deals", max_len=MAX_DEALS)
        game = cls(seed, you, strength, err, ((),), Rubber(), first, first.deal.dealer, start=start)
        for k, events in enumerate(deals or [[]]):
            events = decode.array(events, f"record.deals[{k}]", max_len=MAX_DEAL_EVENTS)
            if k and len(game.deals) != k + 1:
                raise InputError(f"deal {k + 1} is recorded, but deal {k} was not finished (cut)", f"record.deals[{k}]")
            for i, e in enumerate(events):
                text = decode.text(e, f"record.deals[{k}][{i}]", max_len=MAX_EVENT)
                try:
                    game = game.with_event(text)
                except EuchreError as ex:
                    raise InputError(f"{ex}", f"record.deals[{k}][{i}]") from None
        if len(game.deals) > len(deals or [[]]) + 1:
            raise InputError("the record does not end where its deals end", "record.deals")
        return game


# ----------------------------------------------------------------------------------------------
# Whose move, and the engine's


def _waiting_for(g: LiveGame) -> tuple[str, int | None]:
    """Who the game waits for: ``("elect", side)``, ``("answer", seat)``, ``("bid", seat)``,
    ``("play", seat)``, ``("claims", None)`` (the hand is played: claims, then the cut), ``("over", None)``."""
    st = g.st
    if g.rubber.is_over:
        return "over", None
    if st.pending is not None:
        r = st.rulings[st.pending]
        return "elect", r.chooser if r.chooser is not None else 0
    if st.question is not None:
        return "answer", st.question
    if st.phase is Phase.BIDDING:
        return "bid", st.deal.actor
    if st.phase is Phase.PLAY and st.tricks and not st.trick and not st.quitted and st.actor != g.you:
        # the trick is complete and still face up: the reader sees it, and may claim, before it is turned
        # and quitted (Law 64) and the winner leads; or lead out of turn himself (Laws 52, 53)
        return "next", None
    if st.phase is Phase.PLAY:
        return "play", st.actor
    if st.phase is Phase.CLAIMS:
        return "claims", None
    return "over", None


def _readers(g: LiveGame, what: str, who: int | None) -> bool:
    if what == "elect":
        return who == g.side()
    if what in ("bid", "play", "answer"):
        return who == g.you
    return what in ("claims", "next")


def _rng(g: LiveGame) -> random.Random:
    """The engine's dice at this moment of the game: reproducible from the seed and the events."""
    return random.Random(g.seed * 7919 + len(g.deals) * 1009 + len(g.deals[-1]))


def _engine_answer(g: LiveGame, seat: int) -> str:
    """Law 65: asked whether he has none of the suit, the engine player answers truly (yes when he has
    revoked in this trick and has not corrected it)."""
    st = g.st
    idx = len(st.tricks) - (0 if st.trick else 1)
    mine = any(r.seat == seat and r.trick == idx and not r.established and not r.corrected for r in st.revokes)
    return f"{SEAT_NAMES[seat]}: answer {'yes' if mine else 'no'}"


def _engine_step(g: LiveGame) -> str | None:
    """The engine's next act, or None when the game waits for the reader."""
    what, who = _waiting_for(g)
    st = g.st
    if what == "over":
        return None
    if what == "claims":
        for side in (1 - g.side(),):
            claim = lp.engine_claim(st, side)
            if claim is not None and claim not in g.deals[-1]:
                return claim
        return None
    if _readers(g, what, who):
        return None
    assert who is not None
    if what == "elect":
        return lp.choose_option(st).event
    if what == "answer":
        return _engine_answer(g, who)
    if what == "bid":
        return lp.choose_bid(st, who, g.strength, seed=g.seed + len(g.deals[-1]))
    rng = _rng(g)
    if g.err and rng.randrange(100) < g.err:
        # only the reader's adversaries err: every slip is one the reader can claim
        slips = [e for seat in (1 - g.side(), 3 - g.side()) if seat == who or not st.trick for e in lp.slips(st, seat)]
        if slips:
            return lp.pick(rng, slips)
    opp = _call_exposed(g)
    if opp is not None:
        return opp
    card = lp.choose_play(st, who, g.strength, seed=g.seed + len(g.deals[-1]))
    return f"{SEAT_NAMES[who]}: play {card}"


def _call_exposed(g: LiveGame) -> str | None:
    """The engine's side calls the reader's side's exposed card (Laws 46, 56) when it is worth more
    to it than letting the card lie (the hand played out both ways)."""
    st = g.st
    side = 1 - g.side()
    if st.phase is not Phase.PLAY or st.side_of(st.actor) != g.side():
        return None
    letting_lie: int | None = None  # the hand played out without the call: once, for every card it could call
    for c in lp.claims_open(st, side):
        if c.kind != "call-card" or c.seat != st.actor or c.event in g.deals[-1]:
            continue
        try:
            after = st.act(c.event)
        except EuchreError:
            continue
        if letting_lie is None:
            letting_lie = lp.side_points(lp.play_out(st), side)
        if lp.side_points(lp.play_out(after), side) > letting_lie:
            return c.event
    return None


def _advance(g: LiveGame) -> LiveGame:
    """The engine plays until the game waits for the reader."""
    for _ in range(_ENGINE_STEPS):
        event = _engine_step(g)
        if event is None:
            return g
        g = g.with_event(event)
    return g


# ----------------------------------------------------------------------------------------------
# The view


def _hidden(g: LiveGame, r: Ruling) -> bool:
    """An adversary's revoke is not seen at the table until it is claimed or the cards are cut."""
    st = g.st
    if r.kind is not Irregularity.REVOKE or r.offender is None or st.side_of(r.offender) == g.side():
        return False
    if st.phase is Phase.DONE:
        return False
    return g.side() not in st.claimants


def live_claims(g: LiveGame) -> list[dict[str, Any]]:
    """What the reader's side may claim now, each with the laws that allow it and the law that ends
    the right (``until``), asked of the director."""
    out = []
    for c in lp.claims_open(g.st, g.side(), g.you):
        if c.kind == "revoke":
            if g.st.claims_closed:
                continue
            words = "Claim a revoke (the tricks are searched)"
            lasts = "a revoke may be claimed until the cards are cut: law 68"
        else:
            assert c.card is not None and c.seat is not None
            words = f"Call the {c.card.long_name()} of {Seats(g.you, g.st.deal.dealer).name(c.seat)}"
            lasts = "an exposed card may be called until it is played: law 56"
        out.append({"event": c.event, "kind": c.kind, "label": words, "laws": list(c.laws), "until": lasts})
    return out


def _acts(g: LiveGame) -> list[dict[str, Any]]:
    """The reader's ordinary acts now (a bid, the discard, a lawful card, an election, the cut)."""
    what, who = _waiting_for(g)
    st = g.st
    me = SEAT_NAMES[g.you]
    if not _readers(g, what, who):
        return []
    if what == "bid":
        d = st.deal
        return [{"event": f"{me}: {a}", "label": action_label(d, a)} for a in d.legal_actions()]
    if what == "play":
        return [{"event": f"{me}: play {c}", "card": str(c)} for c in lp.lawful_plays(st, g.you)]
    if what == "answer":
        return [
            {"event": f"{me}: answer no", "label": "I have none"},
            {"event": f"{me}: answer yes", "label": "I have one"},
        ]
    if what == "elect":
        m = moment(st, None, g.you)
        side = st.side_name(g.side())
        out = []
        for o in m.get("options", []):
            if o["id"] == "call-suit":
                for s in "CDHS":
                    out.append({"event": f"{side}: choose call-suit {s}", "label": f"{o['label']}: {s}"})
            else:
                out.append({"event": f"{side}: choose {o['id']}", "label": o["label"], "effect": o.get("effect")})
        return out
    if what == "claims":
        return [{"event": "cut", "label": "Cut for the next deal (no revoke can be claimed after: law 68)"}]
    if what == "next":
        leader = seats_of(g).name(st.actor, cap=True)
        return [{"event": "quit", "label": f"Next trick: {leader} leads"}]
    return []


def seats_of(g: LiveGame) -> Seats:
    """The seats' names from the reader's chair."""
    return Seats(g.you, g.st.deal.dealer)


_BID_BREACH_WORDS = {
    "pass": "Pass",
    "order": "Order it up (assist, take it up)",
    "order alone": "Order it up and play alone",
}


def _bid_breach_words(verb: str) -> str:
    if verb.startswith("call "):
        return f"Make it {Suit.parse(verb.split()[1]).word}"
    if verb.startswith("mention "):
        return f"Say you meant to make it {Suit.parse(verb.split()[1]).word}"
    return _BID_BREACH_WORDS[verb]


def _breaches(g: LiveGame) -> list[dict[str, Any]]:
    """The deliberate breaches the reader may commit now ("play any card"), each one the director rules an
    offence: a card played that breaks a law (a revoke, a lead out of turn), two cards played at once
    (Law 46), a card dropped face up (Law 46), the hand thrown down (Laws 48-50); in the bidding, a bid the
    laws forbid him (the turned-down suit named, a lone hand he may not play, an order after passing);
    as the dealer, a card played before he has discarded (Laws 87, 90)."""
    st = g.st
    me = SEAT_NAMES[g.you]
    out: list[dict[str, Any]] = []
    if st.pending is not None or st.phase not in (Phase.PLAY, Phase.BIDDING):
        return out
    if st.phase is Phase.PLAY:
        hand = cards_of_mask(st.hands[g.you])
        for c in hand:
            if lp.breaks_a_law(st, f"{me}: play {c}", g.you):
                out.append({"event": f"{me}: play {c}", "card": str(c), "label": f"Play the {c.long_name()}"})
        if st.actor == g.you and len(hand) >= 2:
            two = f"{me}: play {hand[0]} {hand[1]}"
            if lp.breaks_a_law(st, two, g.you):
                out.append(
                    {"event": two, "label": f"Play the {hand[0].long_name()} and the {hand[1].long_name()} together"}
                )
        for c in hand:
            if not st.exposed[g.you] >> c & 1:
                out.append({"event": f"{me}: expose {c}", "card": str(c), "label": f"Drop the {c.long_name()} face up"})
        out.append({"event": f"{me}: throw", "label": "Throw the hand down"})
        return out
    d = st.deal
    if d.actor != g.you:
        return out
    if d.phase == "discard":
        for c in cards_of_mask(d.hands[g.you]):
            e = f"{me}: play {c}"
            if lp.breaks_a_law(st, e, g.you):
                out.append({"event": e, "label": f"Lead the {c.long_name()} without discarding"})
        return out
    regular = {f"{me}: {a}" for a in d.legal_actions()}
    verbs = ["pass", "order", "order alone"] + [f"{v} {s}" for v in ("call", "mention") for s in "CDHS"]
    for verb in verbs:
        e = f"{me}: {verb}"
        broken = lp.breaks_a_law(st, e, g.you)
        # an offence the director rules, or an act the laws turn into another (law 78: the suit turned down named
        # is a pass)
        if broken or (broken is False and e not in regular and not verb.startswith("pass")):
            out.append({"event": e, "label": _bid_breach_words(verb)})
    return out


def live_view(g: LiveGame, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON the game page draws: the reader's hand, the trick, the cards on the table, the score,
    the rulings seen (each told from the reader's chair), what he may do, claim, or break."""
    st = g.st
    seats = Seats(g.you, st.deal.dealer)
    what, who = _waiting_for(g)
    visible = [r for r in st.rulings if not _hidden(g, r)]
    rulings = []
    for r in visible:
        told = moment(st, None, g.you, ruling=r)
        told["kind"] = r.kind.value if r.kind is not None else None
        told["offender"] = SEAT_NAMES[r.offender] if r.offender is not None else None
        told["valued"] = _election_value(g, r)
        rulings.append(told)
    tricks_won = [0, 0]
    for s, w in enumerate(st.won):
        tricks_won[s % 2] += w
    hand = cards_of_mask(st.hands[g.you] if st.phase is not Phase.BIDDING else st.deal.hands[g.you])
    cards: dict[str, Any] = {str(c): card_json(c) for c in hand}
    face_up = st.tricks[-1] if st.tricks and not st.trick and not st.quitted else None
    for _, c in st.trick or (face_up.cards if face_up else ()):
        cards[str(c)] = card_json(c)
    cards[str(st.deal.turn_up)] = card_json(st.deal.turn_up)
    exposed = {SEAT_NAMES[s]: [str(c) for c in cards_of_mask(m)] for s, m in enumerate(st.exposed) if m}
    for m in st.exposed:
        for shown in cards_of_mask(m):
            cards[str(shown)] = card_json(shown)
    return {
        "record": g.record(),
        "you": SEAT_NAMES[g.you],
        "deal": g.number,
        "dealer": SEAT_NAMES[st.deal.dealer],
        "seats": {SEAT_NAMES[s]: seats.marked(s) for s in range(4)},
        # short names for the table's seats on a phone: the chair, and the dealer marked
        "chairs": {
            SEAT_NAMES[s]: ("you", "left", "partner", "right")[(s - g.you) % 4]
            + (", dealer" if s == st.deal.dealer else "")
            for s in range(4)
        },
        "turn_up": str(st.deal.turn_up),
        "trump": st.deal.trump.letter if st.deal.trump is not None else None,
        "hand": [str(c) for c in hand],
        "counts": {SEAT_NAMES[s]: bin(st.hands[s]).count("1") for s in range(4)},
        "out": [SEAT_NAMES[s] for s in range(4) if st.deal.out >> s & 1],  # a lone player's partner (Law 101)
        # the trick on the table: the one being played, or the last one while it lies face up (Law 64)
        "trick": [[SEAT_NAMES[s], str(c)] for s, c in (st.trick or (face_up.cards if face_up else ()))],
        "trick_number": len(st.tricks) + (1 if st.trick or not face_up else 0),
        "trick_winner": SEAT_NAMES[face_up.winner] if face_up and not st.trick else None,
        "exposed": exposed,
        "tricks_won": tricks_won,
        "turn": what if _readers(g, what, who) else "engine",
        "waiting": what,
        "acts": _acts(g),
        "breaches": _breaches(g),
        "claims": live_claims(g),
        "rulings": rulings,
        "history": _history(g),
        "score": {"game": list(g.rubber.game), "games": [str(x) for x in g.rubber.games], "over": g.rubber.is_over},
        "cards": cards,
        "error": error,
    }


def _election_value(g: LiveGame, r: Ruling) -> str | None:
    """An engine side's election in words with what it is worth to them: every election the ruling
    offered valued as the engine valued it when it chose (the hand played out under each)."""
    st = g.st
    if r.chosen is None or r.chooser is None or r.chooser == g.side() or r.event is None or not r.options:
        return None
    events = g.deals[-1]
    log = list(st.log)
    at = next((i for i in range(r.event + 1, len(log)) if log[i].verb == "choose"), None)
    if at is None or at >= len(events):
        return None
    before = _deal_start(g).replay(events[:at])
    values = lp.option_values(before)
    if not values:
        return None
    seats = seats_of(g)
    chosen = " ".join(log[at].args)
    if chosen not in values:
        return None
    return election_value_words(r, chosen, values, seats, st.deal.dealer)


def _deal_start(g: LiveGame) -> Director:
    """The current deal as it was dealt, under the director."""
    return g.dealt(len(g.deals) - 1, g.dealer)


def _history(g: LiveGame) -> list[dict[str, Any]]:
    """The rulings of the game so far, deal by deal, from the reader's chair (a printable log): every
    ruling of a finished deal, the rulings the reader has seen of the current one."""
    out: list[dict[str, Any]] = []
    for k, st in enumerate(g.states):
        for r in st.rulings:
            if st is g.st and _hidden(g, r):
                continue
            told = moment(st, None, g.you, ruling=r)
            out.append({"deal": k + 1, "headline": told["headline"], "laws": list(r.laws)})
    return out


def live_new(seed: int = 0, seat: str = "C", strength: str = "easy", err: int = 0) -> dict[str, Any]:
    """A new game: the engine plays up to the reader's first act."""
    record = {
        "seed": decode.seed(seed, "seed"),
        "seat": decode.seat_name(seat, "seat"),
        "strength": decode.choice(strength, "strength", tuple(_opponent.STRENGTHS)),
        "err": _err(err, "err"),
        "deals": [[]],
    }
    return live_view(_advance(LiveGame.fold(record)))


def _err(value: Any, path: str) -> int:
    """The engine's error rate: a whole number from 0 to :data:`MAX_ERR` (per cent)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ERR:
        raise InputError(f"a whole number from 0 to {MAX_ERR}, not {decode.excerpt(value)}", path)
    return value


def live_from_scenario(law: Any, seat: Any = None, err: int = 0) -> dict[str, Any]:
    """A game that begins with a law's ready scenario (the penalty sandbox's, the director's guide's "try
    it live"): its deal, and its events up to the irregularity; the reader sits at ``seat`` (by default
    the offender's), the engine at the other three, and the game goes on from there under the laws.

    >>> v = live_from_scenario(52)                     # C led out of turn; B and D elect at once
    >>> v["you"], v["rulings"][0]["kind"], v["rulings"][0]["status"]
    ('C', 'lead-out-of-turn', 'ruled')
    """
    number = decode.integer(law, "law", 1, 116)
    err = _err(err, "err")
    if seat is not None:
        seat = decode.seat_name(seat, "seat")
    if number not in scenarios():
        raise InputError(f"no ready scenario for law {number}", "law")
    sc = scenarios()[number]
    start = {"hands": sc["hands"], "turn_up": sc["turn_up"], "dealer": sc.get("dealer", "A")}
    if seat is None:
        st = load_scenario(sc)
        offenders = [r.offender for r in st.rulings if r.offender is not None]
        seat = SEAT_NAMES[offenders[-1]] if offenders else "C"
    record = {
        "seed": number,
        "seat": seat,
        "strength": "easy",
        "err": err,
        "deals": [list(sc["events"])],
        "start": start,
    }
    return live_view(_advance(LiveGame.fold(record)))


def live_egn(record: Any) -> dict[str, Any]:
    """The game as an EGN record (:mod:`euchre_core.formats.egn_laws`: every deal's cards, events and
    rulings; ``metadata.lawGame`` to play it on): the Replay page and ``python3 -m euchre_core replay``
    read it back and re-rule it.

    >>> egn = live_egn(live_new(seed=3)["record"])
    >>> egn["metadata"]["lawGame"]["seat"], "lawEvents" in egn["deals"][0]
    ('C', True)
    >>> record_from_egn(egn) == LiveGame.fold(live_new(seed=3)["record"]).record()
    True
    """
    g = LiveGame.fold(record)
    law_deals = [LawDeal(g.dealt(k, st.deal.dealer).deal, g.deals[k], st) for k, st in enumerate(g.states)]
    game = {k: v for k, v in g.record().items() if k != "deals"}
    return export_law_egn(law_deals, game)


def record_from_egn(data: Any) -> dict[str, Any]:
    """The live game's record an EGN record played under the laws holds (re-ruled deal by deal by the
    director; the game is then folded again, and its cards must be the game's own)."""
    game, deals = load_law_egn(data)
    record = {**game, "deals": [list(d.events) for d in deals]}
    g = LiveGame.fold(record)
    for k, d in enumerate(deals):
        if k < len(g.deals) and g.dealt(k, d.deal.dealer).deal.hands != d.deal.hands:
            raise InputError(f"deal {k + 1}'s cards are not the ones the game's seed deals", f"deals[{k}].initialState")
    return g.record()


def live_replay(text: Any) -> dict[str, Any]:
    """The Replay page's view of an EGN record played under the laws (``text``: the file): the game's
    record (to play it on), and each deal re-ruled by the director: its rulings in the book's letters,
    with their laws and the option elected, and its points.

    >>> import json
    >>> v = live_replay(json.dumps(live_egn(live_from_scenario(52)["record"])))
    >>> v["deals"][0]["rulings"][0]["laws"], v["deals"][0]["rulings"][0]["chosen"] is not None
    ([52, 53], True)
    """
    if not isinstance(text, str):
        raise InputError("an EGN record is the text of an .egn file (JSON)", "text")
    record = record_from_egn(decode.loads(text, "text", max_bytes=limit("text") * 2, max_string=limit("text")))
    g = LiveGame.fold(record)
    deals = []
    for k, st in enumerate(g.states):
        penalties, points = st.tally()
        deals.append(
            {
                "deal": k + 1,
                "dealer": SEAT_NAMES[st.deal.dealer],
                "events": len(g.deals[k]),
                "rulings": [
                    {"headline": moment(st, None, None, ruling=r)["headline"], "laws": list(r.laws), "chosen": r.chosen}
                    for r in st.rulings
                ],
                "points": {"AC": penalties[0] + points[0], "BD": penalties[1] + points[1]},
            }
        )
    return {"record": record, "deals": deals, "game": {"AC": g.rubber.game[0], "BD": g.rubber.game[1]}}


def live_open(record: Any) -> dict[str, Any]:
    """A game from its record (a stored game, a shared link), at the moment it was left: a record that
    does not replay is refused naming its field.

    >>> v = live_new(seed=2)
    >>> live_open(v["record"])["acts"] == v["acts"]
    True
    """
    return live_view(_advance(LiveGame.fold(record)))


def live_act(record: Any, event: Any) -> dict[str, Any]:
    """The reader's act (his seat's, his side's, or the cut), then the engine's acts until it is the
    reader's turn again. An act that is not the reader's, or that no player can do, comes back as
    ``error`` with the game unchanged."""
    g = LiveGame.fold(record)
    text = decode.text(event, "event", max_len=MAX_EVENT)
    try:
        ev = Event.parse(text)
        me, side = SEAT_NAMES[g.you], g.st.side_name(g.side())
        if ev.who not in (me, side, ""):
            raise InputError(f"you play {me}: {decode.excerpt(text)} is not yours to do", "event")
        if ev.who == "" and ev.verb not in ("cut", "quit"):
            raise InputError(f"{decode.excerpt(text)}: of the table's acts the reader may cut or quit a trick", "event")
        g2 = g.with_event(str(ev))
    except (IllegalAction, InputError) as e:
        return live_view(
            g, {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None) or "event"}
        )
    return live_view(_advance(g2))
