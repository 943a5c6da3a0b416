"""Play under the laws: a live game against three engine players, where mistakes happen and the laws
are claimed (issue 38).

The reader holds one seat; the engine holds the other three. Every deal is played under the
:class:`~euchre_core.laws.director.Director`, so anything a player can do at a table may be done:
a card that does not follow suit though he could (a revoke), a lead out of turn, a card dropped face
up, an order after passing. Nothing is refused that a table would let happen; the director rules,
and the players enforce the ruling at the moment the law allows:

- the engine players elect the option best for their side (:func:`~euchre_core.search.law_players.choose_sampled`,
  each option valued by playing the hand out under it in deals they cannot tell from the real one: they
  do not see the reader's cards), claim an adversary's revoke once the hand is
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

from typing import Any

from ..formats.egn_laws import LawDeal, export_law_egn, load_law_egn
from ..formats.scenario import MAX_EVENT, load_scenario
from ..kernel import decode
from ..kernel.cards import Card, cards_of_mask
from ..kernel.deal import SEAT_NAMES
from ..kernel.errors import IllegalAction, InputError
from ..kernel.limits import limit
from ..kernel.tables import EFFECTIVE_SUIT
from ..laws.dealing import DealingPhase
from ..laws.director import Phase
from ..laws.events import Event
from ..laws.rulings import Irregularity, Ruling
from ..search import law_players as lp
from ..search import opponent as _opponent
from . import live_dealing as ldw
from .lessons.play import action_label
from .live_record import GO, MAX_ERR, WAIT, LiveGame, dealing_pause, error_rate, live_verbs
from .live_turns import advance, deal_start, due, election, engine_step, readers, waiting_for
from .live_words import bid_words, event_words, label
from .ruling_voice import Seats, dealing_moment, election_value_words, moment
from .sandbox import scenarios
from .sandbox_json import card_json

__all__ = [
    "LiveGame",
    "election",
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
    dp = g.dp
    if dp is not None and g.in_dealing:
        return ldw.dealing_claims(dp, g.you)
    out = []
    for c in lp.claims_open(g.st, g.side(), g.you):
        if c.kind == "revoke":
            if g.st.claims_closed:
                continue
            words, lasts = label("claim-revoke"), label("until-revoke")
        else:
            assert c.card is not None and c.seat is not None
            words = label("call-card", card=c.card.long_name(), seat=Seats(g.you, g.st.deal.dealer).name(c.seat))
            lasts = label("until-call-card")
        out.append({"event": c.event, "kind": c.kind, "label": words, "laws": list(c.laws), "until": lasts})
    return out


def _acts(g: LiveGame, pause: bool = False) -> list[dict[str, Any]]:
    """The reader's ordinary acts now (a bid, the discard, a lawful card, an election, the cut)."""
    what, who = waiting_for(g, pause)
    st = g.st
    me = SEAT_NAMES[g.you]
    if not readers(g, what, who):
        return []
    dp = g.dp
    if dp is not None and g.in_dealing:
        if what == "elect":
            side = g.st.side_name(g.side())
            m = dealing_moment(dp, None, g.you)
            return [
                {"event": f"{side}: choose {o['id']}", "label": o["label"], "effect": "; ".join(o.get("effect", []))}
                for o in m.get("options", [])
            ]
        return ldw.dealing_acts(dp, g.you, dealing_pause(g))
    if what == "speak":
        eldest = seats_of(g).name(st.deal.actor)
        return [{"event": f"{me}: {GO}", "label": label("speak-first", seat=eldest)}]
    if what == "wait":
        act, nxt = due(g)
        assert nxt is not None
        key = "wait-bid" if act == "bid" else "wait-play"
        return [{"event": WAIT, "label": label(key, seat=seats_of(g).name(nxt))}]
    if what == "bid":
        d = st.deal
        return [{"event": f"{me}: {a}", "label": action_label(d, a)} for a in d.legal_actions()]
    fixes = [
        {"event": e, "label": label("correct", card=Card.parse(e.split()[-1]).long_name())}
        for e in lp.corrections(st, g.you)
    ]
    if what == "correct":
        return fixes
    ask = _ask_partner(g)
    if what == "play":  # the ordinary act first: a lawful card
        return [{"event": f"{me}: play {c}", "card": str(c)} for c in lp.lawful_plays(st, g.you)] + fixes + ask
    if what == "next" and (fixes or ask):
        return _next_act(g) + fixes + ask
    if what == "answer":
        return [
            {"event": f"{me}: answer no", "label": label("answer-no")},
            {"event": f"{me}: answer yes", "label": label("answer-yes")},
        ]
    if what == "elect":
        m = moment(st, None, g.you)
        side = st.side_name(g.side())
        out = []
        for o in m.get("options", []):
            if o["id"] == "call-suit":
                for s in "CDHS":
                    out.append(
                        {
                            "event": f"{side}: choose call-suit {s}",
                            "label": label("suit-called", option=o["label"], suit=s),
                        }
                    )
            else:
                out.append({"event": f"{side}: choose {o['id']}", "label": o["label"], "effect": o.get("effect")})
        return out
    if what == "claims":
        return [{"event": "cut", "label": label("cut-next")}]
    if what == "next":
        return _next_act(g)
    return []


def _ask_partner(g: LiveGame) -> list[dict[str, Any]]:
    """Law 65: the reader's partner has not followed suit in the trick on the table: the reader may ask
    him whether he has none of the suit (once; the question keeps a revoke open for correction)."""
    st = g.st
    partner = (g.you + 2) % 4
    face_up = st.tricks[-1].cards if st.tricks and not st.trick and not st.quitted else ()
    cards = st.trick or face_up
    if st.phase is not Phase.PLAY or st.question is not None or len(cards) < 2 or partner not in st.active():
        return []
    led = EFFECTIVE_SUIT[st.trump][cards[0][1]]
    if not any(s == partner and EFFECTIVE_SUIT[st.trump][c] != led for s, c in cards[1:]):
        return []
    played_at = max(
        (i for i, e in enumerate(st.log) if e.verb == "play" and e.who == SEAT_NAMES[partner]), default=len(st.log)
    )
    if any(
        r.kind is Irregularity.PARTNERS_QUESTION and r.event is not None and r.event > played_at for r in st.rulings
    ):
        return []
    return [{"event": f"{SEAT_NAMES[g.you]}: ask", "label": label("ask")}]


def _next_act(g: LiveGame) -> list[dict[str, Any]]:
    """The trick complete: turn it and quit it, and its winner leads."""
    leader = seats_of(g).name(g.st.actor, cap=True)
    return [{"event": "quit", "label": label("next-trick", seat=leader)}]


def seats_of(g: LiveGame) -> Seats:
    """The seats' names from the reader's chair."""
    return Seats(g.you, g.st.deal.dealer)


def _breaches(g: LiveGame, pause: bool = False) -> list[dict[str, Any]]:
    """The deliberate breaches the reader may commit now ("play any card"), each one the director rules an
    offence: a card played that breaks a law (a revoke, a lead out of turn), two cards played at once
    (Law 46), a card dropped face up (Law 46), the hand thrown down (Laws 48-50); in the bidding, a bid the
    laws forbid him (the turned-down suit named, a lone hand he may not play, an order after passing);
    as the dealer, a card played before he has discarded (Laws 87, 90)."""
    st = g.st
    me = SEAT_NAMES[g.you]
    out: list[dict[str, Any]] = []
    what, _who = waiting_for(g, pause)
    dp = g.dp
    if dp is not None and g.in_dealing:
        return ldw.dealing_breaches(dp, g.you) if what != "elect" or dp.phase is not DealingPhase.TURNED else []
    if what == "speak" or (what == "wait" and st.phase is Phase.BIDDING):
        return ldw.speak_breaches(st, g.you)
    if st.pending is not None or st.phase not in (Phase.PLAY, Phase.BIDDING):
        return out
    if st.phase is Phase.PLAY:
        hand = cards_of_mask(st.hands[g.you])
        for c in hand:
            if lp.breaks_a_law(st, f"{me}: play {c}", g.you):
                out.append({"event": f"{me}: play {c}", "card": str(c), "label": label("play", card=c.long_name())})
        if st.actor == g.you and len(hand) >= 2:
            two = f"{me}: play {hand[0]} {hand[1]}"
            if lp.breaks_a_law(st, two, g.you):
                out.append(
                    {"event": two, "label": label("play-two", card=hand[0].long_name(), card2=hand[1].long_name())}
                )
        for c in hand:
            if not st.exposed[g.you] >> c & 1:
                out.append({"event": f"{me}: expose {c}", "card": str(c), "label": label("drop", card=c.long_name())})
        out.append({"event": f"{me}: throw", "label": label("throw")})
        return out
    d = st.deal
    if d.actor != g.you:
        return out
    if d.phase == "discard":
        for c in cards_of_mask(d.hands[g.you]):
            e = f"{me}: play {c}"
            if lp.breaks_a_law(st, e, g.you):
                out.append({"event": e, "label": label("lead-undiscarded", card=c.long_name())})
        return out
    regular = {f"{me}: {a}" for a in d.legal_actions()}
    verbs = ["pass", "order", "order alone"] + [f"{v} {s}" for v in ("call", "mention") for s in "CDHS"]
    for verb in verbs:
        e = f"{me}: {verb}"
        broken = lp.breaks_a_law(st, e, g.you)
        # an offence the director rules, or an act the laws turn into another (law 78: the suit turned down named
        # is a pass)
        if broken or (broken is False and e not in regular and not verb.startswith("pass")):
            out.append({"event": e, "label": bid_words(verb)})
    return out


def live_view(g: LiveGame, error: dict[str, Any] | None = None, pause: bool = False) -> dict[str, Any]:
    """The JSON the game page draws: the reader's hand, the trick, the cards on the table, the score,
    the rulings seen (each told from the reader's chair), what he may do, claim, or break."""
    st = g.st
    what, who = waiting_for(g, pause)
    dealing = _dealing_part(g)
    if g.in_dealing:
        return _dealing_view(g, dealing, what, who, error)
    visible = [r for r in st.rulings if not _hidden(g, r)]
    rulings = ldw.dealing_rulings(g.dps[-1], g.you) if g.dealing is not None and g.dps else []
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
        **_frame(g, st.deal.dealer, st.deal.dealer),
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
        "turn": what if readers(g, what, who) else "engine",
        "waiting": what,
        "acts": _acts(g, pause),
        "breaches": _breaches(g, pause),
        "claims": live_claims(g),
        "rulings": rulings,
        "history": _history(g),
        "score": _score(g),
        "cards": cards,
        "dealing": dealing,
        "error": error,
    }


def _frame(g: LiveGame, dealer: int, dealing: int) -> dict[str, Any]:
    """The view's fields of every moment: the record, the reader's seat, the deal's number, who deals
    (``dealing``: who is dealing it, a deal out of turn's dealer), the seats' names from his chair."""
    seats = Seats(g.you, dealer)
    return {
        "record": g.record(),
        "you": SEAT_NAMES[g.you],
        "deal": g.number,
        "dealer": SEAT_NAMES[dealing],
        "seats": {SEAT_NAMES[s]: seats.marked(s) for s in range(4)},
        # short names for the table's seats on a phone: the chair, and the dealer marked
        "chairs": {
            SEAT_NAMES[s]: ("you", "left", "partner", "right")[(s - g.you) % 4] + (", dealer" if s == dealer else "")
            for s in range(4)
        },
    }


def _score(g: LiveGame) -> dict[str, Any]:
    """The rubber's score: the game's points, the games played, whether the rubber is over."""
    return {"game": list(g.rubber.game), "games": [str(x) for x in g.rubber.games], "over": g.rubber.is_over}


def _dealing_part(g: LiveGame) -> dict[str, Any] | None:
    """The current deal's dealing at the table, for the page: its stage and its events in words."""
    dp = g.dp
    if dp is None or g.dealing is None:
        return None
    return {
        "stage": ldw.DEALING_PHASE_WORDS[dp.phase] if g.in_dealing else None,
        "dealer": SEAT_NAMES[dp.acting],
        "log": ldw.dealing_log(dp, g.dealing[-1]),
        "pause": dealing_pause(g),
    }


def _dealing_view(
    g: LiveGame, dealing: dict[str, Any] | None, what: str, who: int | None, error: dict[str, Any] | None
) -> dict[str, Any]:
    """The view while the cards are being shuffled, cut and dealt: the cards each seat has received,
    the trump card once turned, the dealing's rulings, what the reader may do, break or claim."""
    dp = g.dp
    assert dp is not None
    hand = ldw.dealing_hand(dp, g.you)
    cards: dict[str, Any] = {c: card_json(c) for c in hand}
    exposed = ldw.exposed_in_dealing(dp)
    for shown in exposed.values():
        for c in shown:
            cards[c] = card_json(c)
    if dp.turn_up is not None:
        cards[str(dp.turn_up)] = card_json(dp.turn_up)
    return {
        **_frame(g, dp.dealer, dp.acting),
        "turn_up": str(dp.turn_up) if dp.turn_up is not None else None,
        "trump": None,
        "hand": hand,
        "counts": {SEAT_NAMES[s]: len(dp.received[s]) for s in range(4)},
        "out": [],
        "trick": [],
        "trick_number": 0,
        "trick_winner": None,
        "exposed": exposed,
        "tricks_won": [0, 0],
        "turn": what if readers(g, what, who) else "engine",
        "waiting": what,
        "acts": _acts(g),
        "breaches": _breaches(g),
        "claims": live_claims(g),
        "rulings": ldw.dealing_rulings(g.dps[-1], g.you),
        "history": _history(g),
        "score": _score(g),
        "cards": cards,
        "dealing": dealing,
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
    try:
        values = election(deal_start(g).deal, tuple(events[:at]), g.seed).values
    except ValueError:
        return None
    if not values:
        return None
    seats = seats_of(g)
    chosen = " ".join(log[at].args)
    if chosen not in values:
        return None
    return election_value_words(r, chosen, values, seats, st.deal.dealer)


def _history(g: LiveGame) -> list[dict[str, Any]]:
    """The rulings of the game so far, deal by deal, from the reader's chair (a printable log): every
    ruling of a finished deal, the rulings the reader has seen of the current one."""
    out: list[dict[str, Any]] = []

    def dealt(k: int) -> None:
        if g.dealing is not None and k < len(g.dps):
            for told in ldw.dealing_rulings(g.dps[k], g.you):
                out.append({"deal": k + 1, "headline": told["headline"], "laws": told["laws"]})

    for k, st in enumerate(g.states):
        dealt(k)
        for r in st.rulings:
            if st is g.st and _hidden(g, r):
                continue
            told = moment(st, None, g.you, ruling=r)
            out.append({"deal": k + 1, "headline": told["headline"], "laws": list(r.laws)})
    if g.in_dealing:
        dealt(len(g.deals) - 1)
    return out


def live_new(
    seed: int = 0, seat: str = "C", strength: str = "easy", err: int = 0, dealing: bool = False, pause: bool = False
) -> dict[str, Any]:
    """A new game: the engine plays up to the reader's first act. With ``dealing``, every deal is
    shuffled, cut and dealt at the table under Laws 22-45 (the reader does his part, and may deal out of
    turn, misdeal, expose a card, bid before his turn); else the cards come dealt. With ``pause`` (the
    page's "Play any card"), the table waits for him before each engine bid or card he could forestall.

    >>> v = live_new(seed=1, seat="C", dealing=True)          # A deals; C, his partner, shuffles first
    >>> v["waiting"], [a["event"] for a in v["acts"]]
    ('deal', ['C: shuffle', 'C: decline'])
    """
    record: dict[str, Any] = {
        "seed": decode.seed(seed, "seed"),
        "seat": decode.seat_name(seat, "seat"),
        "strength": decode.choice(strength, "strength", tuple(_opponent.STRENGTHS)),
        "err": error_rate(err, "err"),
        "deals": [[]],
    }
    if decode.boolean(dealing, "dealing"):
        record["dealing"] = [[]]
    stop = decode.boolean(pause, "pause")
    return live_view(advance(LiveGame.fold(record), stop), pause=stop)


def live_from_scenario(
    law: Any, seat: Any = None, err: int = 0, dealing: bool = False, pause: bool = False
) -> dict[str, Any]:
    """A game that begins with a law's ready scenario (the penalty sandbox's, the director's guide's "try
    it live"): its deal, and its events up to the irregularity; the reader sits at ``seat`` (by default
    the offender's), the engine at the other three, and the game goes on from there under the laws (the
    later deals dealt at the table with ``dealing``).

    >>> v = live_from_scenario(52)                     # C led out of turn; B and D elect at once
    >>> v["you"], v["rulings"][0]["kind"], v["rulings"][0]["status"]
    ('C', 'lead-out-of-turn', 'ruled')
    """
    number = decode.integer(law, "law", 1, 116)
    err = error_rate(err, "err")
    at_table = decode.boolean(dealing, "dealing")
    stop = decode.boolean(pause, "pause")
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
    record: dict[str, Any] = {
        "seed": number,
        "seat": seat,
        "strength": "easy",
        "err": err,
        "deals": [list(sc["events"])],
        "start": start,
    }
    if at_table:
        record["dealing"] = [[]]
    return live_view(advance(LiveGame.fold(record), stop), pause=stop)


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
                    {"headline": told["headline"], "laws": told["laws"], "chosen": told["chosen"]}
                    for told in ldw.dealing_rulings(g.dps[k] if g.dealing is not None and k < len(g.dps) else (), None)
                ]
                + [
                    {"headline": moment(st, None, None, ruling=r)["headline"], "laws": list(r.laws), "chosen": r.chosen}
                    for r in st.rulings
                ],
                "points": {"AC": penalties[0] + points[0], "BD": penalties[1] + points[1]},
                "steps": _replay_events(g, k),
            }
        )
    return {"record": record, "deals": deals, "game": {"AC": g.rubber.game[0], "BD": g.rubber.game[1]}}


def _replay_events(g: LiveGame, k: int) -> list[dict[str, Any]]:
    """Deal ``k``'s events for the Replay page, in words: ``phase`` (``dealing`` or ``play``) and ``i`` place
    each in the record, ``mine`` marks the reader's own acts (the moments the game can be opened at)."""
    me, side = SEAT_NAMES[g.you], g.st.side_name(g.side())
    out: list[dict[str, Any]] = []
    lists = [("dealing", g.dealing[k] if g.dealing is not None and k < len(g.dealing) else ())]
    lists.append(("play", g.deals[k] if k < len(g.deals) else ()))
    for phase, events in lists:
        for i, e in enumerate(events):
            who = e.partition(":")[0].strip() if ":" in e else ""
            out.append({"phase": phase, "i": i, "words": event_words(e), "mine": who in (me, side) or not who})
    return out


def live_open(record: Any, pause: bool = False) -> dict[str, Any]:
    """A game from its record (a stored game, a shared link), at the moment it was left: a record that
    does not replay is refused naming its field.

    >>> v = live_new(seed=2)
    >>> live_open(v["record"])["acts"] == v["acts"]
    True
    """
    stop = decode.boolean(pause, "pause")
    return live_view(advance(LiveGame.fold(record), stop), pause=stop)


def live_act(record: Any, event: Any, pause: bool = False, hold: bool = False) -> dict[str, Any]:
    """The reader's act (his seat's, his side's, or the cut), then the engine's acts until it is the
    reader's turn again (with ``pause``, or until the next engine bid or card he could forestall: then
    ``"wait"`` lets that player act; with ``hold``, or until an engine side is to elect: the view then has
    ``turn`` "engine", and :func:`live_open` lets it elect). An act that is not the reader's, or that no
    player can do, comes back as ``error`` with the game unchanged.

    >>> v = live_new(seed=3, seat="C", pause=True)            # B speaks first: the table waits for C
    >>> v["waiting"], v["acts"][0]["event"]
    ('wait', 'wait')
    >>> live_act(v["record"], "wait", pause=True)["record"]["deals"][0][:1]
    ['B: pass']
    """
    g = LiveGame.fold(record)
    text = decode.text(event, "event", max_len=MAX_EVENT)
    stop = decode.boolean(pause, "pause")
    held = decode.boolean(hold, "hold")
    try:
        if text.strip().lower() == WAIT:
            if waiting_for(g, stop)[0] != "wait":
                raise IllegalAction("the table is not waiting for you to let another act")
            nxt = engine_step(g)
            if nxt is None:
                raise IllegalAction("nobody is due to act")
            return live_view(advance(g.with_event(nxt), stop, held), pause=stop)
        ev = Event.parse(text, verbs=live_verbs(g))
        me, side = SEAT_NAMES[g.you], g.st.side_name(g.side())
        if ev.who not in (me, side, ""):
            raise InputError(f"you play {me}: {decode.excerpt(text)} is not yours to do", "event")
        if ev.who == "" and ev.verb not in ("cut", "quit"):
            raise InputError(f"{decode.excerpt(text)}: of the table's acts the reader may cut or quit a trick", "event")
        g2 = g.with_event(str(ev))
    except (IllegalAction, InputError) as e:
        return live_view(
            g,
            {"message": str(e), "laws": list(getattr(e, "laws", ())), "field": getattr(e, "field", None) or "event"},
            pause=stop,
        )
    return live_view(advance(g2, stop, held), pause=stop)
