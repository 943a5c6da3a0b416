"""One EGN deal replayed through the engine (:func:`replay_deal`): the calls and cards read, who
played each card deduced (the first lead by the rules or ``initialLead``, then each trick's winner),
the hands rebuilt from the cards each seat played and, where no record shows a card, filled from the
unseen cards, never in a suit the player has shown out of; every call, discard and card applied to a
:class:`~euchre_core.kernel.deal.Deal`, so that a breach of the laws is an :class:`EgnError` naming the
deal, the trick or call, and the law.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..kernel.actions import Action
from ..kernel.cards import JOKER, Card, Suit, pack
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, IllegalAction
from ..kernel.play import trick_winner_index
from ..kernel.rules import RuleSet
from ..kernel.tables import EFFECTIVE_SUIT
from .egn_notation import EGN_SUITS, egn_card, parse_egn_card
from .egn_types import BIDDING, CALL_ANNOTATION_KEYS, PLAY, PLAY_ANNOTATION_KEYS, EgnDeal, EgnError

__all__ = ["ROUND_ONE_MAKING", "replay_deal"]

ROUND_ONE_MAKING = ("order", "pickup", "pick up", "orderup", "order up", "alone", "call", "assist", "take")


def _seat_label(seat: int) -> str:
    return f"seat {seat} ({SEAT_NAMES[seat]})"


def _int_field(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EgnError(f"a whole number from {low} to {high}, not {json.dumps(value)}", where)
    return value


class _Replay:
    """The replay of one EGN deal: parse, deduce the seats, rebuild the hands, apply."""

    def __init__(self, raw: Any, index: int, rules: RuleSet) -> None:
        self.raw = raw
        self.index = index
        self.label = index + 1
        self.rules = rules
        self.path = f"deals[{index}]"

    # -- errors
    def fail(
        self,
        message: str,
        *,
        trick: int | None = None,
        call: int | None = None,
        laws: Iterable[int] = (),
        field: str | None = None,
    ) -> EgnError:
        err = EgnError(message, None, deal=self.label, trick=trick, call=call, laws=laws)
        err.field = field
        return err

    # -- parse
    def run(self) -> EgnDeal:
        raw = self.raw
        path = self.path
        if not isinstance(raw, Mapping):
            raise EgnError("a deal is a JSON object", path)
        number = raw.get("dealNumber", self.index)
        if isinstance(number, bool) or not isinstance(number, int):
            raise EgnError(f"a whole number, not {json.dumps(number)}", f"{path}.dealNumber")
        init = raw.get("initialState")
        if not isinstance(init, Mapping):
            raise EgnError("missing or not a JSON object: the dealer and the up-card", f"{path}.initialState")
        ipath = f"{path}.initialState"
        if "dealer" not in init:
            raise EgnError("missing: the dealer's seat, 0 to 3", f"{ipath}.dealer")
        dealer = _int_field(init["dealer"], f"{ipath}.dealer", 0, 3)
        if "upCard" not in init:
            raise EgnError("missing: the card turned up", f"{ipath}.upCard")
        up = parse_egn_card(init["upCard"], f"{ipath}.upCard", pack_size=self.rules.pack_size)
        if up == JOKER:
            raise EgnError(
                "the Joker turned up is not supported: EGN does not say which suit it makes", f"{ipath}.upCard"
            )
        phases = raw.get("phases", [])
        if not isinstance(phases, list):
            raise EgnError("the phases are a JSON array", f"{path}.phases")
        bid: Mapping[str, Any] | None = None
        play: Mapping[str, Any] | None = None
        bid_path = play_path = ""
        for j, ph in enumerate(phases):
            ppath = f"{path}.phases[{j}]"
            if not isinstance(ph, Mapping):
                raise EgnError("a phase is a JSON object", ppath)
            kind = ph.get("type")
            if kind == BIDDING and bid is None and play is None:
                bid, bid_path = ph, ppath
            elif kind == PLAY and play is None and bid is not None:
                play, play_path = ph, ppath
            elif kind in (BIDDING, PLAY):
                raise EgnError(f"one {BIDDING} phase, then one {PLAY} phase", f"{ppath}.type")
            else:
                raise EgnError(f"unknown phase type {json.dumps(kind)} (use {BIDDING} or {PLAY})", f"{ppath}.type")

        # -- the bidding (hand-independent): find the trump, the maker, the lone hand, the first leader
        calls: list[str] = []
        is_alone = False
        discard: Card | None = None
        actions: list[Action] = []
        if bid is not None:
            calls_raw = bid.get("calls", [])
            if not isinstance(calls_raw, list):
                raise EgnError("the calls are a JSON array of strings", f"{bid_path}.calls")
            is_alone = bid.get("isAlone", False)
            if is_alone is None:
                is_alone = False
            if not isinstance(is_alone, bool):
                raise EgnError(f"true or false, not {json.dumps(is_alone)}", f"{bid_path}.isAlone")
            defender = bid.get("aloneDefender")
            if defender not in (None, -1):
                raise EgnError(
                    "defending alone is not supported by this engine (ruleset.defend_alone)",
                    f"{bid_path}.aloneDefender",
                )
            if bid.get("cardExchanges"):
                raise EgnError(
                    "card exchanges (partner's best, going under, farmer's hand) are not supported by this engine",
                    f"{bid_path}.cardExchanges",
                )
            calls = list(calls_raw)
            actions = [
                self.call_action(c, k, dealer, up, is_alone, f"{bid_path}.calls[{k}]") for k, c in enumerate(calls)
            ]
        dummy = self.bid_on_dummy(actions, dealer, up, calls)
        if is_alone and dummy.maker is None:
            raise self.fail("isAlone is set but no one made the trump", field=f"{bid_path}.isAlone")
        trump = dummy.trump
        takes_up = dummy.phase == "discard"
        if bid is not None and bid.get("discard") not in (None, ""):
            discard = parse_egn_card(bid["discard"], f"{bid_path}.discard", trump, self.rules.pack_size)
            if takes_up and discard == up:
                raise self.fail(
                    f"the dealer ({_seat_label(dealer)}) cannot discard {egn_card(up)}: the trump card "
                    "cannot be discarded",
                    laws=(88,),
                    field=f"{bid_path}.discard",
                )
            if not takes_up:
                why = (
                    "no one made the trump"
                    if trump is None
                    else "the trump was named in the second round"
                    if dummy.how == "make"
                    else f"the dealer sits out (seat {dummy.alone} plays alone)"
                )
                raise self.fail(
                    f"a discard ({egn_card(discard)}) is recorded but the dealer does not take up the turn-up: {why}",
                    field=f"{bid_path}.discard",
                )
        if takes_up:
            dummy = dummy.apply(dummy.legal_actions()[0])

        # -- the kitty and the recorded hands
        kitty: list[Card | None] | None = None
        if "kitty" in init and init["kitty"] is not None:
            if not isinstance(init["kitty"], list):
                raise EgnError("the kitty is a JSON array of cards", f"{ipath}.kitty")
            kitty = [
                None if c in ("", None) else parse_egn_card(c, f"{ipath}.kitty[{k}]", trump, self.rules.pack_size)
                for k, c in enumerate(init["kitty"])
            ]
        hands_key = "player_cards" if "player_cards" in init else "playerCards"
        recorded: list[list[Card] | None] | None = None
        if init.get(hands_key) is not None:
            hk = init[hands_key]
            if not isinstance(hk, list) or len(hk) != 4 or not all(isinstance(h, list) for h in hk):
                raise EgnError("four hands (arrays of cards, empty when unknown), seats 0 to 3", f"{ipath}.{hands_key}")
            recorded = []
            for s, h in enumerate(hk):
                if not h:
                    recorded.append(None)
                    continue
                cards = [
                    parse_egn_card(c, f"{ipath}.{hands_key}[{s}][{k}]", trump, self.rules.pack_size)
                    for k, c in enumerate(h)
                ]
                if len(cards) != 5:
                    raise EgnError(
                        f"seat {s} is dealt {len(cards)} cards, not five (Laws 42, 90)", f"{ipath}.{hands_key}[{s}]"
                    )
                recorded.append(cards)

        # -- the play: who played each card (the winner of each trick leads the next)
        tricks_raw: list[Any] = []
        initial_lead: int | None = None
        if play is not None:
            tricks_raw = play.get("tricks", [])
            if tricks_raw is None:
                tricks_raw = []
            if not isinstance(tricks_raw, list) or not all(isinstance(t, list) for t in tricks_raw):
                raise EgnError("the tricks are a JSON array of arrays of cards", f"{play_path}.tricks")
            if play.get("initialLead") is not None:
                initial_lead = _int_field(play["initialLead"], f"{play_path}.initialLead", 0, 3)
        if tricks_raw and dummy.phase != "play":
            why = "the deal was passed out" if dummy.phase == "done" else "the bidding is unfinished (no trump made)"
            raise self.fail(f"tricks are recorded but {why}", field=f"{play_path}.tricks")
        tricks: list[list[tuple[int, Card]]] = []
        if dummy.phase == "play":
            if initial_lead is not None and initial_lead != dummy.actor:
                raise self.fail(
                    f"initialLead is seat {initial_lead}, but {_seat_label(dummy.actor)} leads the first trick: "
                    f"{self.why_leads(dummy)}",
                    trick=1,
                    laws=(52,),
                    field=f"{play_path}.initialLead",
                )
            tricks = self.assign_seats(tricks_raw, dummy, trump, play_path)

        # -- rebuild the hands as dealt, then replay through the engine
        hands, inferred, discard_used = self.rebuild_hands(
            dealer, up, takes_up, discard, kitty, recorded, tricks, dummy, trump
        )
        try:
            state = Deal.start(hands, up, dealer, self.rules, stock=[c for c in kitty or () if c is not None])
        except EuchreError as e:
            raise self.fail(f"the hands cannot be dealt: {e}") from None
        for k, act in enumerate(actions):
            state = self.apply(state, act, call=k + 1)
        if state.phase == "discard":
            assert discard_used is not None
            try:
                state = state.apply(Action.discard_card(discard_used))
            except IllegalAction as e:
                if discard is None:
                    raise self.fail(
                        f"the dealer ({_seat_label(dealer)}) took up {egn_card(up)} and never played "
                        f"it, so he discarded it: {e}",
                        laws=e.laws,
                    ) from None
                raise self.fail(
                    f"the dealer ({_seat_label(dealer)}) cannot discard {egn_card(discard_used)}: {e}",
                    laws=e.laws,
                    field=f"{bid_path}.discard",
                ) from None
        for t, trick in enumerate(tricks):
            for seat, card in trick:
                if state.actor != seat:  # pragma: no cover - the seats were deduced by the same rules
                    raise self.fail(f"{_seat_label(state.actor)} is to play, not seat {seat}", trick=t + 1)
                try:
                    state = state.apply(Action.play(card))
                except IllegalAction as e:
                    raise self.fail(
                        f"{_seat_label(seat)} cannot play {egn_card(card)}: {e}", trick=t + 1, laws=e.laws
                    ) from None

        annotations: dict[str, dict[str, list[str]]] = {}
        extra: dict[str, dict[str, Any]] = {
            "deal": {
                k: copy.deepcopy(v)
                for k, v in raw.items()
                if k not in ("dealNumber", "initialState", "phases", "alternativeLines")
            },
            "initialState": {
                k: copy.deepcopy(v)
                for k, v in init.items()
                if k not in ("dealer", "upCard", "kitty", "player_cards", "playerCards")
            },
        }
        for ph, keys, name, base in (
            (bid, CALL_ANNOTATION_KEYS, "bidding", ("calls", "isAlone", "discard")),
            (play, PLAY_ANNOTATION_KEYS, "play", ("tricks", "initialLead")),
        ):
            if ph is None:
                continue
            for key in keys:
                if key in ph and ph[key] is not None:
                    annotations[key] = _check_annotations(ph[key], f"{bid_path if ph is bid else play_path}.{key}")
            extra[name] = {k: copy.deepcopy(v) for k, v in ph.items() if k not in base + keys}
        alt = raw.get("alternativeLines")
        if alt is not None and not isinstance(alt, list):
            raise EgnError("the alternative lines are a JSON array", f"{path}.alternativeLines")
        return EgnDeal(
            index=self.index,
            number=number,
            dealer=dealer,
            up_card=up,
            state=state,
            calls=tuple(calls),
            is_alone=is_alone,
            discard=discard,
            kitty=tuple(kitty) if kitty is not None else None,
            recorded_hands=tuple(tuple(h) if h else None for h in recorded) if recorded is not None else None,
            hands_key=hands_key,
            initial_lead=initial_lead,
            has_play_phase=play is not None,
            inferred=inferred,
            annotations=annotations,
            alternative_lines=copy.deepcopy(alt),
            extra=extra,
        )

    def call_action(self, call: Any, k: int, dealer: int, up: Card, is_alone: bool, where: str) -> Action:
        """EGN's call number ``k`` as an engine action (round one: calls 1-4, round two: 5-8)."""
        if not isinstance(call, str):
            raise EgnError(f"a call is a string ('Pass', 'Order' or a suit letter), not {json.dumps(call)}", where)
        word = call.strip().lower()
        alone = 1 if is_alone else 0
        if word == "pass":
            return Action("pass")
        if k < 4:
            if word in ROUND_ONE_MAKING:
                return Action("order", alone=1 if word == "alone" else alone)
            if word in EGN_SUITS or word in ("n", "x"):
                up_suit = up.suit
                assert up_suit is not None
                if EGN_SUITS.get(word) == up_suit:
                    return Action("order", alone=alone)
                raise self.fail(
                    f"{_seat_label((dealer + 1 + k) % 4)} cannot call {call!r} in the first round: "
                    "only the suit turned up can be made there (order it up, or pass)",
                    call=k + 1,
                    laws=(74, 77),
                    field=where,
                )
        else:
            if word == "n":
                raise EgnError("a no-trump bid is not supported by this engine (ruleset.allow_no_trump)", where)
            if word == "x":
                raise EgnError("an unknown call cannot be replayed", where)
            if word in EGN_SUITS:
                suit = EGN_SUITS[word]
                if suit == up.suit:
                    raise self.fail(
                        f"{_seat_label((dealer + 1 + k) % 4)} cannot name {suit.word}, the suit turned "
                        "down: naming it is a pass",
                        call=k + 1,
                        laws=(78,),
                        field=where,
                    )
                return Action("call", suit=suit, alone=alone)
            if word in ROUND_ONE_MAKING:
                raise self.fail(
                    f"{_seat_label((dealer + 1 + k) % 4)} cannot order up in the second round: the "
                    "turn-up has been turned down; name a suit or pass",
                    call=k + 1,
                    laws=(77,),
                    field=where,
                )
        raise EgnError(
            f"not an EGN call: {call!r} ('Pass', 'Order' in the first round, a suit letter c d h s in the second)",
            where,
        )

    def bid_on_dummy(self, actions: Sequence[Action], dealer: int, up: Card, calls: Sequence[str]) -> Deal:
        """Apply the bidding to a stand-in deal (the bidding does not depend on the hands)."""
        rest = [c for c in pack(self.rules.pack_size) if c != up]
        st = Deal.start([rest[5 * i : 5 * i + 5] for i in range(4)], up, dealer, self.rules)
        for k, act in enumerate(actions):
            if st.phase not in ("bid1", "bid2"):
                if st.phase == "done":
                    raise self.fail(
                        "the deal was already passed out: all passed twice (law 77)", call=k + 1, laws=(77,)
                    )
                maker = st.maker
                assert maker is not None
                raise self.fail(
                    f"the trump was already made by {_seat_label(maker)}; no more calls (got {calls[k]!r})", call=k + 1
                )
            st = self.apply(st, act, call=k + 1)
        return st

    def apply(self, state: Deal, action: Action, call: int) -> Deal:
        try:
            return state.apply(action)
        except IllegalAction as e:
            raise self.fail(
                f"{_seat_label(state.actor)} cannot {_describe_call(action)}: {e}", call=call, laws=e.laws
            ) from None

    def why_leads(self, st: Deal) -> str:
        if st.alone is None:
            return "the eldest hand, on the dealer's left, leads"
        if self.rules.lone_lead == "left_of_lone":
            return "the player on the lone hand's left leads (ruleset.loner_lead LEFT_OF_LONER)"
        if st.out >> st.eldest & 1:
            return "the eldest hand sits out (his partner plays alone), so the next player leads"
        return "the eldest hand, on the dealer's left, leads (ruleset.loner_lead LEFT_OF_DEALER)"

    def assign_seats(
        self, tricks_raw: Sequence[Any], dummy: Deal, trump: Suit | None, play_path: str
    ) -> list[list[tuple[int, Card]]]:
        assert trump is not None
        active = dummy.active_seats()
        leader = dummy.actor
        out: list[list[tuple[int, Card]]] = []
        for t, raw_trick in enumerate(tricks_raw):
            tpath = f"{play_path}.tricks[{t}]"
            if t >= 5:
                raise self.fail(f"a deal has five tricks; {len(tricks_raw)} are recorded", trick=t + 1, field=tpath)
            if not raw_trick:
                raise self.fail("an empty trick", trick=t + 1, field=tpath)
            if len(raw_trick) > len(active):
                lone = f" ({_seat_label(dummy.alone)} plays alone)" if dummy.alone is not None else ""
                raise self.fail(
                    f"{len(raw_trick)} cards are recorded but {len(active)} players play{lone}",
                    trick=t + 1,
                    laws=(101,) if lone else (),
                    field=tpath,
                )
            if len(raw_trick) < len(active) and t < len(tricks_raw) - 1:
                raise self.fail(
                    f"only {len(raw_trick)} cards are recorded for this trick, and more tricks follow",
                    trick=t + 1,
                    field=tpath,
                )
            i = active.index(leader)
            seats = [active[(i + j) % len(active)] for j in range(len(raw_trick))]
            cards = [parse_egn_card(c, f"{tpath}[{j}]", trump, self.rules.pack_size) for j, c in enumerate(raw_trick)]
            out.append(list(zip(seats, cards, strict=True)))
            if len(cards) == len(active):
                leader = seats[trick_winner_index(trump, cards)]
        return out

    def rebuild_hands(
        self,
        dealer: int,
        up: Card,
        takes_up: bool,
        discard: Card | None,
        kitty: Sequence[Card | None] | None,
        recorded: Sequence[Sequence[Card] | None] | None,
        tricks: Sequence[Sequence[tuple[int, Card]]],
        dummy: Deal,
        trump: Suit | None,
    ) -> tuple[list[list[Card]], dict[str, tuple[Card, ...]], Card | None]:
        """The hands as dealt: the recorded hands, else the cards each seat played, the dealer's
        discard put back and the turn-up taken out; the cards no record shows are filled in from
        the unseen cards (never of a suit the player has shown out of)."""
        where: dict[Card, str] = {}

        def place(card: Card, what: str) -> None:
            if card in where:
                raise self.fail(f"{egn_card(card)} is both {where[card]} and {what}: the pack is imperfect", laws=(33,))
            where[card] = what

        place(up, "the turn-up")
        for c in kitty or ():
            if c is not None:
                place(c, "in the kitty")
        if discard is not None and discard != up:
            place(discard, "the dealer's discard")
        rec = list(recorded) if recorded is not None else [None] * 4
        for s, h in enumerate(rec):
            for c in h or ():
                if not (s == dealer and c == discard):
                    place(c, f"in seat {s}'s recorded hand")
        played: list[list[Card]] = [[] for _ in range(4)]
        played_at: dict[Card, tuple[int, int]] = {}
        voids: list[set[int]] = [set() for _ in range(4)]
        for t, trick in enumerate(tricks):
            led = EFFECTIVE_SUIT[trump][trick[0][1]] if trump is not None else None
            for seat, card in trick:
                if card in played_at:
                    pt, ps = played_at[card]
                    raise self.fail(
                        f"{_seat_label(seat)} cannot play {egn_card(card)}: it was played in trick "
                        f"{pt} by seat {ps}: the pack is imperfect",
                        trick=t + 1,
                        laws=(33,),
                    )
                owner = where.get(card)
                if card == up:
                    if not takes_up:
                        raise self.fail(
                            f"{_seat_label(seat)} cannot play {egn_card(card)}: it is the turn-up, "
                            "turned down and out of play",
                            trick=t + 1,
                            laws=(77,),
                        )
                    if seat != dealer:
                        raise self.fail(
                            f"{_seat_label(seat)} cannot play {egn_card(card)}: it is the turn-up, "
                            f"which the dealer ({_seat_label(dealer)}) took into his hand",
                            trick=t + 1,
                            laws=(86,),
                        )
                elif owner is not None and owner != f"in seat {seat}'s recorded hand":
                    raise self.fail(
                        f"{_seat_label(seat)} cannot play {egn_card(card)}: it is {owner}",
                        trick=t + 1,
                        laws=(86,) if owner == "the dealer's discard" else (),
                    )
                played_at[card] = (t + 1, seat)
                played[seat].append(card)
                if led is not None and trump is not None and EFFECTIVE_SUIT[trump][card] != led:
                    voids[seat].add(led)

        # the cards each seat is known to have been dealt, and the slots to fill
        dealt: list[list[Card]] = [[] for _ in range(4)]
        inferred: dict[str, list[Card]] = {}
        slots: list[tuple[str, int, frozenset[int]]] = []  # (what, seat, suits it may not be)
        discard_used = discard
        active = set(dummy.active_seats()) if dummy.phase == "play" else set(range(4))
        for s in range(4):
            h = rec[s]
            if h is not None:
                dealt[s] = list(h)
                if s == dealer and takes_up and discard is None:
                    # an unrecorded discard from a recorded hand: a card he held and never played
                    spare = sorted(
                        (c for c in h if c not in played[s]),
                        key=lambda c: trump is None or EFFECTIVE_SUIT[trump][c] not in voids[s],
                    )
                    discard_used = spare[0] if spare and (up in played[s] or len(played[s]) < 5) else up
                    inferred["discard"] = [discard_used]
                continue
            never: frozenset[int] = frozenset(voids[s]) if s in active else frozenset()
            mine = played[s]
            if s == dealer and takes_up:
                if discard is None and up not in mine and len(mine) == 5:
                    discard_used = up  # he never played the turn-up: he must have discarded it
                if discard_used == up:
                    dealt[s] = list(mine)
                    slots += [("hand", s, never)] * (5 - len(mine))
                    continue
                held = [c for c in mine if c != up]
                if discard_used is not None:
                    held.append(discard_used)
                if len(held) > 5:
                    raise self.fail(
                        f"the dealer ({_seat_label(s)}) took up {egn_card(up)}, discarded "
                        f"{egn_card(discard_used or up)} and played five other cards",
                        laws=(86,),
                    )
                dealt[s] = held
                if discard_used is None:
                    slots.append(("discard", s, frozenset()))
                slots += [("hand", s, never)] * (5 - len(held) - (discard_used is None))
                continue
            dealt[s] = list(mine)
            slots += [("hand", s, never)] * (5 - len(mine))
        known = set(where) | set(played_at)
        unseen = [c for c in pack(self.rules.pack_size) if c not in known]
        fill = _assign(slots, unseen, trump)
        if fill is None:
            raise self.fail(
                "no distribution of the unseen cards agrees with the play: a player who showed out of "
                "a suit must have held it (a revoke)",
                laws=(62,),
            )
        for (what, s, _), card in zip(slots, fill, strict=True):
            dealt[s].append(card)
            if what == "discard":
                discard_used = card
                inferred["discard"] = [card]
            else:
                inferred.setdefault(str(s), []).append(card)
        return dealt, {k: tuple(v) for k, v in inferred.items()}, discard_used


def _assign(
    slots: Sequence[tuple[str, int, frozenset[int]]], cards: Sequence[Card], trump: Suit | None
) -> list[Card] | None:
    """A card for each slot, none of a suit the slot forbids (effective suits under ``trump``):
    a bipartite matching (augmenting paths), lowest cards first so the result is reproducible."""

    def ok(slot: int, card: Card) -> bool:
        never = slots[slot][2]
        return not never or trump is None or EFFECTIVE_SUIT[trump][card] not in never

    owner: dict[int, int] = {}  # card index -> slot

    def augment(slot: int, seen: set[int]) -> bool:
        for ci, card in enumerate(cards):
            if ci in seen or not ok(slot, card):
                continue
            seen.add(ci)
            if ci not in owner or augment(owner[ci], seen):
                owner[ci] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not augment(slot, set()):
            return None
    by_slot = {slot: cards[ci] for ci, slot in owner.items()}
    return [by_slot[i] for i in range(len(slots))]


def _check_annotations(value: Any, where: str) -> dict[str, list[str]]:
    if not isinstance(value, Mapping):
        raise EgnError("annotations are a JSON object from an index to a list of strings", where)
    out: dict[str, list[str]] = {}
    for k, notes in value.items():
        if isinstance(notes, str):
            notes = [notes]
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes):
            raise EgnError("a list of strings", f"{where}.{k}")
        out[str(k)] = list(notes)
    return out


def _describe_call(action: Action) -> str:
    if action.kind == "pass":
        return "pass"
    alone = " alone" if action.alone else ""
    if action.kind == "order":
        return "order up" + alone
    if action.kind == "call" and action.suit is not None:
        return f"name {action.suit.word}" + alone
    return str(action)


def replay_deal(raw: Any, index: int, rules: RuleSet) -> EgnDeal:
    return _Replay(raw, index, rules).run()
