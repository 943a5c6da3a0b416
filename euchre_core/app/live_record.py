"""Play under the laws: the live game's record and its fold (:class:`LiveGame`).

The record is the seed, the reader's seat, the engine's strength and error rate, every deal's events
(the engine's included) and, for a game dealt at the table, every deal's shuffle, cut and deal; folding it
gives the same game anywhere. An event the laws refuse is refused naming its field, the game unchanged.
:func:`dealing_pause` says where a game dealt at the table waits for the reader's ``go``.

>>> g = LiveGame.fold({"seed": 1, "seat": "C", "deals": [[]], "dealing": [[]]})
>>> g.in_dealing, g.dp.dealer, dealing_pause(g)
(True, 0, None)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..formats.scenario import MAX_EVENT, load_scenario
from ..kernel import decode
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction, InputError
from ..kernel.limits import limit
from ..laws.dealing import DEALING_VERBS, DealingPhase, DealingProcedure, parse_dealing_event
from ..laws.director import Director, Phase
from ..laws.events import VERBS, Event
from ..laws.scoring import Rubber
from ..search import opponent as _opponent

__all__ = [
    "LiveGame",
    "dealing_pause",
    "error_rate",
    "live_verbs",
    "MAX_ERR",
    "MAX_DEALS",
    "MAX_DEAL_EVENTS",
    "GO",
    "WAIT",
]

MAX_ERR = 50  # the engine's error rate, per cent of its cards in play (0: it never errs)
MAX_DEALS = limit("table_actions") // 20  # deals of one record (a rubber has a few dozen)
MAX_DEAL_EVENTS = 400  # events of one deal (a deal has a few dozen, irregularities and all)
WAIT = "wait"  # the reader lets the engine player due act, where "Play any card" made the table wait (not recorded)
GO = "go"  # the reader lets the table go on at a pause of the dealing: the live game's own word, no act of the laws
# the verbs of a live game's record: the dealing's while the cards are dealt, else the play's; the reader's
# "go" in both (the same word may be of both: "cut" is the cutter's in the dealing, the table's after the hand)
_GO = {GO: ("seat", "let the table go on at a pause of the dealing")}
_DEALING_VERBS = {**DEALING_VERBS, **_GO}
_PLAY_VERBS = {**VERBS, **_GO}


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
    # the shuffle, the cut and the deal of every deal at the table (Laws 22-45), when the game deals them:
    # each deal's events, and its dealing procedures (one per deal begun: a new deal, a deal lost or stopped
    # begins another); None when the cards are shuffled from the seed and dealt without a dealing
    dealing: tuple[tuple[str, ...], ...] | None = None
    dps: tuple[tuple[DealingProcedure, ...], ...] = ()

    @property
    def number(self) -> int:
        return len(self.deals)

    @property
    def states(self) -> tuple[Director, ...]:
        """Every deal's director: the finished deals', then the current one once its cards are dealt (after
        the rubber's last deal, the current one is that deal)."""
        return self.finished if self.in_dealing else (*self.finished, self.st)

    @property
    def dp(self) -> DealingProcedure | None:
        """The current deal's dealing procedure (the last one begun), when the game deals at the table."""
        return self.dps[-1][-1] if self.dealing is not None and self.dps and self.dps[-1] else None

    @property
    def in_dealing(self) -> bool:
        """Whether the current deal's cards are still being shuffled, cut or dealt (no deal stands yet)."""
        dp = self.dp
        if dp is None:
            return False
        o = dp.outcome
        return o is None or o.kind != "deal-stands"

    def deal_seed(self, k: int) -> int:
        """The seed of deal ``k``'s cards (from 0): as the dealer's partner collects them, or as shuffled."""
        return (self.seed * 1000 + k) % (decode.MAX_SEED + 1)

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
        if self.dealing is not None:
            out["dealing"] = [list(d) for d in self.dealing]
        return out

    def side(self) -> int:
        return self.you % 2

    def dealt(self, k: int, dealer: int) -> Director:
        """Deal ``k`` (from 0) as it was dealt, under the director: the first from ``start`` when the game
        began from a law's scenario, every other shuffled from the seed (``seed * 1000 + k``)."""
        if k == 0 and self.start is not None:
            return load_scenario({**self.start, "events": []})
        if self.dealing is not None and k < len(self.dps) and self.dps[k]:
            o = self.dps[k][-1].outcome
            assert o is not None and o.deal is not None, "the deal is not dealt"
            return Director.start(o.deal)
        return Director.start(Deal.shuffled(self.seed * 1000 + k, dealer=dealer))

    def with_event(self, event: str) -> LiveGame:
        """The game after the reader's or the engine's next event: of the dealing while the cards are
        being dealt (and the reader's ``go`` at a pause of it), else of the deal's play."""
        if self.in_dealing or Event.parse(event, verbs=_PLAY_VERBS).verb == GO:
            return self.with_dealing_event(event)
        return self.with_play_event(event)

    def with_dealing_event(self, event: str) -> LiveGame:
        """The game after one more event of the shuffle, the cut or the deal (the procedure refuses what
        no player can do). A dealing that ends in a new deal, a deal lost or stopped begins the next
        dealing at once (Laws 33-45); a deal that stands is played under the director."""
        if self.dealing is None:
            raise IllegalAction("the cards of this game are dealt without a dealing at the table")
        ev = Event.parse(event, verbs=_DEALING_VERBS if self.in_dealing else _PLAY_VERBS)
        if ev.verb == GO:
            if ev.who != SEAT_NAMES[self.you] or ev.args or dealing_pause(self) is None:
                raise IllegalAction("the table is not waiting for you here")
            return replace(self, dealing=self.dealing[:-1] + (self.dealing[-1] + (str(ev),),))
        dp = self.dp
        if dp is None or not self.in_dealing:
            raise IllegalAction("the cards are dealt: the dealing is over")
        dp = dp.act(event)
        chain = self.dps[-1][:-1] + (dp,)
        dealing = self.dealing[:-1] + (self.dealing[-1] + (str(parse_dealing_event(event)),),)
        st, dealer = self.st, dp.dealer
        o = dp.outcome
        if o is not None and o.final:
            if o.kind == "deal-stands" and o.deal is not None:
                st, dealer = Director.start(o.deal), o.dealer
            else:
                nxt = dp.successor()
                chain, dealer = chain + (nxt,), nxt.dealer
        return replace(self, dealing=dealing, dps=self.dps[:-1] + (chain,), st=st, dealer=dealer)

    def with_play_event(self, event: str) -> LiveGame:
        """The game after one more event of the current deal's play (the director refuses what no player
        can do: the error names the law or the field, and the game is unchanged)."""
        if self.in_dealing:
            raise IllegalAction("the cards are still being dealt")
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
        if self.dealing is not None:
            # dealt at the table: the next dealer's partner collects the cards and the dealing begins (Law 25)
            dp = DealingProcedure.start(dealer, seed=self.deal_seed(len(self.deals)))
            return replace(
                self,
                deals=self.deals + ((),),
                dealing=self.dealing + ((),),
                dps=self.dps + ((dp,),),
                rubber=rubber,
                dealer=dealer,
                finished=self.finished + (self.st,),
            )
        st = self.dealt(len(self.deals), dealer)
        return replace(
            self, deals=self.deals + ((),), rubber=rubber, st=st, dealer=dealer, finished=self.finished + (self.st,)
        )

    @classmethod
    def fold(cls, record: Any) -> LiveGame:
        """The game a record describes; a record that does not replay is refused naming its field."""
        rec = decode.mapping(record, "record", keys=("seed", "seat", "strength", "err", "deals", "start", "dealing"))
        seed = decode.seed(rec.get("seed", 0), "record.seed")
        you = decode.seat(rec.get("seat", "C"), "record.seat")
        strength = decode.choice(rec.get("strength", "easy"), "record.strength", tuple(_opponent.STRENGTHS))
        err = error_rate(rec.get("err", 0), "record.err")
        start = rec.get("start")
        if start is not None:
            start = dict(decode.mapping(start, "record.start", keys=("hands", "turn_up", "dealer")))
            try:
                first = load_scenario({**start, "events": []})
            except EuchreError as ex:
                raise InputError(f"{ex}", "record.start") from None
        else:
            first = Director.start(Deal.shuffled(seed * 1000, dealer=0))
        deals = decode.array(rec.get("deals", [[]]), "record.deals", max_len=MAX_DEALS) or [[]]
        dealing_raw = rec.get("dealing")
        dealing = None if dealing_raw is None else decode.array(dealing_raw, "record.dealing", max_len=MAX_DEALS)
        game = cls(seed, you, strength, err, ((),), Rubber(), first, first.deal.dealer, start=start)
        if dealing is not None:
            dps: tuple[DealingProcedure, ...] = (
                () if start is not None else (DealingProcedure.start(0, seed=game.deal_seed(0)),)
            )
            game = replace(game, dealing=((),), dps=(dps,))
        for k in range(max(len(deals), len(dealing or ()))):
            if k and len(game.deals) != k + 1:
                raise InputError(f"deal {k + 1} is recorded, but deal {k} was not finished (cut)", f"record.deals[{k}]")
            if dealing is not None and k < len(dealing):
                events = decode.array(dealing[k], f"record.dealing[{k}]", max_len=MAX_DEAL_EVENTS)
                if events and game.dp is None:
                    raise InputError(
                        "the first deal is the scenario's: its cards are not dealt at the table", f"record.dealing[{k}]"
                    )
                game = _fold_events(game, events, f"record.dealing[{k}]", LiveGame.with_dealing_event)
            events = decode.array(deals[k], f"record.deals[{k}]", max_len=MAX_DEAL_EVENTS) if k < len(deals) else []
            game = _fold_events(game, events, f"record.deals[{k}]", LiveGame.with_play_event)
        if len(game.deals) > max(len(deals), len(dealing or ())) + 1:
            raise InputError("the record does not end where its deals end", "record.deals")
        return game


def _fold_events(game: LiveGame, events: list[Any], path: str, step: Callable[[LiveGame, str], LiveGame]) -> LiveGame:
    """``events`` (the list at ``path``) folded into ``game`` by ``step``; one that is not text, or that the
    laws refuse, is refused naming its place (``path[i]``)."""
    for i, e in enumerate(events):
        text = decode.text(e, f"{path}[{i}]", max_len=MAX_EVENT)
        try:
            game = step(game, text)
        except EuchreError as ex:
            raise InputError(f"{ex}", f"{path}[{i}]") from None
    return game


def dealing_pause(g: LiveGame) -> str | None:
    """Where the game, dealing at the table, waits for the reader though no act of his is due, so that he
    may break a law there: ``"cut"`` (the pack is cut and another is to deal: he may deal out of turn,
    Law 40) and ``"speak"`` (the trump card is turned and another speaks first: he may bid out of turn,
    Laws 79-82); None when he has passed it (``"C: go"``) or it is his own act."""
    dp = g.dp
    if dp is None or g.dealing is None or g.rubber.is_over:
        return None
    last = g.dealing[-1][-1] if g.dealing[-1] else ""
    if last == f"{SEAT_NAMES[g.you]}: {GO}":
        return None
    if g.in_dealing:
        if dp.phase is DealingPhase.CUT and dp.pending is None and dp.acting != g.you:
            return "cut"
        return None
    st = g.st
    if not g.deals[-1] and st.phase is Phase.BIDDING and st.pending is None and st.deal.actor != g.you:
        return "speak"
    return None


def error_rate(value: Any, path: str) -> int:
    """The engine's error rate: a whole number from 0 to :data:`MAX_ERR` (per cent)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ERR:
        raise InputError(f"a whole number from 0 to {MAX_ERR}, not {decode.excerpt(value)}", path)
    return value


def live_verbs(g: LiveGame) -> dict[str, tuple[str, str]]:
    """The verbs of an event now: the dealing's while the cards are dealt, else the play's (and "go")."""
    return _DEALING_VERBS if g.in_dealing else _PLAY_VERBS
