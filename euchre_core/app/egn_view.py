"""Any euchre game on the reader's table: an EGN record, deal by deal and step by step.

The "Replay a game" page sends the file's text (nothing leaves the reader's browser: this runs under
Pyodide) and asks for what the table draws: :func:`egn_open` checks the whole record through the
engine (an illegal record is refused with :class:`~euchre_core.formats.egn.EgnError`, naming the deal,
the trick and the law) and lists its deals with the running score of the game; :func:`egn_step` gives one
position of one deal in the shape of :func:`euchre_core.app.web.case_step` (hands, the trick on the
table, tricks won, whose turn, the legal cards), with EGN's annotations and their marks (``[!]``,
``[??]`` …) and the recorded alternative lines at their step, and in the play the double-dummy value
and every card that keeps it; :func:`egn_branch` plays another card there and lets the solver finish the
deal; :func:`egn_export` writes the record back as EGN with the reader's branches as alternative lines.

A step counts the deal's actions (calls, the dealer's discard, cards): step 0 is before the first
call, the last step is the deal's end.

>>> text = example_egn()
>>> game = egn_open(text)
>>> len(game["deals"]), game["deals"][0]["complete"]
(3, True)
>>> s = egn_step(text, 0, 0)
>>> s["phase"], s["step"], s["annotations"]
('bid1', 0, [])
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import random
from typing import Any, cast

from ..formats.egn import EgnDeal, EgnError, EgnGame, export_egn, load_egn, split_annotation
from ..kernel import decode
from ..kernel.actions import Action
from ..kernel.cards import Card, CardError
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import InputError
from ..kernel.limits import limit
from ..kernel.rules import RuleSet
from ..search.completion import best_cards
from ..search.solver import solve
from .web import card_info, deal_outcome

__all__ = ["egn_open", "egn_step", "egn_branch", "egn_export", "example_egn", "MAX_EGN_BYTES"]

MAX_EGN_BYTES = limit("text")  # a record larger than this is refused (the corpus' largest is ~60 kB)
MAX_BRANCHES = limit("egn_branches")
MARKS = {
    "[??]": "blunder",
    "[?]": "mistake",
    "[?!]": "dubious",
    "[!?]": "interesting",
    "[!]": "good",
    "[!!]": "brilliant",
}


def example_egn(seed: int = 1888, deals: int = 3) -> str:
    """A short game the engine plays against itself (seeded random legal play, modern rules), as EGN text:
    the page's "try an example" record."""
    from ..kernel.rules import MODERN_24

    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**32:
        raise InputError("a seed from 0 to 2**32 - 1", "seed")
    if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= 20:
        raise InputError("from 1 to 20 deals", "deals")
    rng = random.Random(seed)
    played = []
    for i in range(deals):
        d = Deal.shuffled(seed=rng.randrange(2**32), rules=MODERN_24, dealer=i % 4)
        while not d.is_over:
            actions = d.legal_actions()
            plays = [a for a in actions if a.kind not in ("alone",)]
            d = d.apply(rng.choice(plays or actions))
        played.append(d)
    record = export_egn(
        played,
        {
            "title": "An example: the engine against itself",
            "players": ["Abel", "Bess", "Cyrus", "Dora"],
            "initialScore": [0, 0],
        },
    )
    return json.dumps(record, indent=1)


def _text(text: Any) -> str:
    """The record's text, at most ``text`` (1,000,000) bytes of UTF-8: bytes counted before they are
    decoded, a string's bytes counted without encoding it when its length settles it (and a lone
    surrogate, which a JSON escape can carry, counted rather than raising)."""
    if isinstance(text, bytes) and len(text) > MAX_EGN_BYTES:
        raise InputError(f"an EGN record of at most {MAX_EGN_BYTES:,} bytes (UTF-8)", "text")
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if not isinstance(text, str):
        raise InputError("an EGN record is the text of an .egn file (JSON)", "text")
    if decode.over_utf8_bytes(text, MAX_EGN_BYTES):
        raise InputError(f"an EGN record of at most {MAX_EGN_BYTES:,} bytes (UTF-8)", "text")
    return text


@functools.lru_cache(maxsize=4)
def _game(text: str) -> EgnGame:
    return load_egn(text)


def _deal(text: Any, deal: Any) -> tuple[EgnGame, EgnDeal]:
    game = _game(_text(text))
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < len(game.deals):
        raise InputError(f"a deal from 0 to {len(game.deals) - 1}", "deal")
    return game, game.deals[deal]


def _sides(scores: tuple[int, int]) -> dict[str, int]:
    return {"AC": scores[0], "BD": scores[1]}


def _players(game: EgnGame) -> dict[str, str]:
    """Seat (A-D) -> how the table labels it: the player's name if recorded, else nothing (the seat's
    letter says it; EGN's seat numbers S0-S3 mean nothing to a reader)."""
    names = game.metadata.get("players")
    out = {}
    for s in range(4):
        name = None
        if isinstance(names, list) and s < len(names):
            raw = names[s]
            name = raw.get("name") if isinstance(raw, dict) else raw
        out[SEAT_NAMES[s]] = str(name).strip()[:40] if isinstance(name, str) and name.strip() else ""
    return out


_LONE_LEAD_WORDS = {
    "eldest": "eldest hand leads against a lone hand",
    "left_of_lone": "the lone player's left-hand adversary leads",
    "lone_player": "the lone player leads",
}
_PACK_WORDS = {24: "24-card pack", 32: "32-card pack", 33: "32 cards and the Joker"}


def rules_words(rules: RuleSet) -> str:
    """A record's rules in a reader's words (its profile's id, ``modern24`` or ``egn``, is not for him).

    >>> from euchre_core.kernel.rules import MODERN_24
    >>> rules_words(MODERN_24)
    'modern euchre: 24-card pack, stick the dealer, eldest hand leads against a lone hand'
    """
    parts = [_PACK_WORDS.get(rules.pack_size, f"{rules.pack_size} cards")]
    if rules.stick_the_dealer:
        parts.append("stick the dealer")
    parts.append(_LONE_LEAD_WORDS.get(rules.lone_lead, ""))
    return "modern euchre: " + ", ".join(p for p in parts if p)


def egn_open(text: str) -> dict[str, Any]:
    """Check a whole EGN record and list its deals: dealer, up-card, trump, makers, alone, the result
    and the game's score after each deal, how many steps each has and where its annotations are."""
    game = _game(_text(text))
    if not game.deals:
        raise InputError("nothing to replay: the record lists no deals", "deals")
    scores = game.scores
    deals = []
    for i, d in enumerate(game.deals):
        st = d.state
        deals.append(
            {
                "index": i,
                "number": d.number,
                "dealer": SEAT_NAMES[d.dealer],
                "up_card": str(d.up_card),
                "trump": st.trump.letter if st.trump is not None else None,
                "makers": st.side_name(st.makers) if st.makers is not None else None,
                "alone": SEAT_NAMES[st.alone] if st.alone is not None else None,
                "complete": st.is_over,
                "steps": len(st.log),
                "result": deal_outcome(st) if st.is_over else None,
                "score_after": _sides(scores[i]),
                "annotated_steps": sorted(_annotations(d)),
                "alternative_steps": sorted(_alternatives(d)),
            }
        )
    meta = game.metadata
    return {
        "id": hashlib.sha256(text.encode("utf-8")).hexdigest()[:12],
        "title": str(meta.get("title") or "")[:200],
        "description": str(meta.get("description") or "")[:2000],
        "date": str(meta.get("date") or "")[:40],
        "players": _players(game),
        "rules": game.rules.name,
        "rules_words": rules_words(game.rules),
        "winning_score": game.winning_score,
        "initial_score": _sides(game.initial_score),
        "deals": deals,
    }


def _decision_steps(d: EgnDeal) -> tuple[list[int], list[int]]:
    """The steps (indexes into the deal's log) of EGN's calls and of its cards, in order."""
    calls, plays = [], []
    for k, (_, action) in enumerate(d.state.log):
        if action.kind == "play":
            plays.append(k)
        elif action.kind != "discard":
            calls.append(k)
    return calls, plays


def _annotations(d: EgnDeal) -> dict[int, list[dict[str, Any]]]:
    """Step -> the annotations at that step (the decision taken at it), each with its mark."""
    calls, plays = _decision_steps(d)
    out: dict[int, list[dict[str, Any]]] = {}
    for index, notes in d.call_annotations.items():
        if 0 <= index < len(calls):
            out.setdefault(calls[index], []).extend(_note(n) for n in notes)
    for index, notes in d.play_annotations.items():
        if 0 <= index < len(plays):
            out.setdefault(plays[index], []).extend(_note(n) for n in notes)
    return out


def _note(text: str) -> dict[str, Any]:
    tag, words = split_annotation(str(text))
    return {"mark": tag, "meaning": MARKS.get(tag or ""), "text": words[:4000]}


def _alternatives(d: EgnDeal) -> dict[int, list[dict[str, Any]]]:
    """Step -> the recorded alternative lines that depart there (EGN's ``branchIndex`` counts the calls,
    then the cards), each as its calls and cards in EGN's notation with its annotations."""
    calls, plays = _decision_steps(d)
    decisions = calls + plays
    out: dict[int, list[dict[str, Any]]] = {}
    for alt in d.alternative_lines or []:
        if not isinstance(alt, dict):
            continue
        index = alt.get("branchIndex")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(decisions):
            continue
        moves: list[str] = []
        notes: list[dict[str, Any]] = []
        for phase in alt.get("phases") or []:
            if not isinstance(phase, dict):
                continue
            moves += [str(c) for c in phase.get("calls") or []][:40]
            for trick in phase.get("tricks") or []:
                if isinstance(trick, list):
                    moves += [str(c) for c in trick][:8]
            for key in ("callAnnotations", "playAnnotations"):
                for _, texts in sorted((phase.get(key) or {}).items()):
                    notes += [_note(t) for t in texts if isinstance(t, str)][:20]
        out.setdefault(decisions[index], []).append({"moves": moves[:60], "notes": notes[:20]})
    return out


@functools.lru_cache(maxsize=64)
def _states(text: str, deal: int) -> tuple[Deal, ...]:
    """The deal before each of its actions, and at its end (the fold of its log), for a deal of a record
    already opened (:func:`_game` caches the record, this the states of each deal asked for)."""
    game = _game(text)
    state = game.deals[deal].state
    record = state.to_record()
    current = Deal.replay(dict(record, log=[]), rules=game.rules)
    out = [current]
    for _, action in state.log:
        current = current.apply(action)
        out.append(current)
    return tuple(out)


_SUIT_SIGNS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def action_words(deal: Deal, seat: int, action: Action) -> str:
    """An action of the record in a reader's words, cards and suits with their signs.

    >>> d = Deal.shuffled(seed=4)
    >>> action_words(d, 1, Action.parse("pass")), action_words(d, 2, Action.parse("call H"))
    ('B passes', 'C makes it \u2665 hearts (crossing the suit)')
    >>> action_words(d, 0, Action.parse("discard QC")), action_words(d, 3, Action.parse("play JS"))
    ('A discards Q\u2663', 'D plays J\u2660')
    """
    if action.kind in ("discard", "play") and action.card is not None:
        verb = "discards" if action.kind == "discard" else "plays"
        return f"{SEAT_NAMES[seat]} {verb} {card_info(str(action.card))[0]}"
    words = deal.describe_action(seat, action)
    if action.kind == "call" and action.suit is not None:
        words = words.replace(action.suit.word, f"{_SUIT_SIGNS[action.suit.letter]} {action.suit.word}", 1)
    return words


def _state_json(deal: Deal, players: dict[str, str]) -> dict[str, Any]:
    playing = deal.phase == "play" and not deal.is_over
    hands = {SEAT_NAMES[s]: [str(c) for c in deal.hand(s)] for s in range(deal.n)}
    trick: dict[str, Any]
    if deal.trick or not deal.tricks:
        trick = {
            "number": len(deal.tricks) + 1,
            "leader": SEAT_NAMES[deal.leader] if playing else None,
            "cards": [[SEAT_NAMES[s], str(c)] for s, c in deal.trick],
            "winner": None,
        }
    else:
        t = deal.tricks[-1]
        trick = {
            "number": len(deal.tricks),
            "leader": SEAT_NAMES[t.leader],
            "cards": [[SEAT_NAMES[s], str(c)] for s, c in t.cards],
            "winner": SEAT_NAMES[t.winner],
        }
    legal = [str(a) for a in deal.legal_actions()] if not deal.is_over else []
    codes = {c for h in hands.values() for c in h} | {c for _, c in trick["cards"]} | {str(deal.turn_up)}
    return {
        "phase": "over" if deal.is_over else getattr(deal.phase, "value", deal.phase),
        "dealer": SEAT_NAMES[deal.dealer],
        "turn_up": str(deal.turn_up),
        "trump": deal.trump.letter if deal.trump is not None else None,
        "makers": deal.side_name(deal.makers) if deal.makers is not None else None,
        "maker": SEAT_NAMES[deal.maker] if deal.maker is not None else None,
        "alone": SEAT_NAMES[deal.alone] if deal.alone is not None else None,
        "hands": hands,
        "trick": trick,
        "tricks_won": {deal.side_name(i): w for i, w in enumerate(deal.tricks_won_by_side())},
        "to_move": SEAT_NAMES[deal.actor] if not deal.is_over else None,
        "legal": legal,
        "legal_cards": sorted({str(a.card) for a in deal.legal_actions() if a.card is not None}) if playing else [],
        "calls": [[SEAT_NAMES[s], str(a)] for s, a in deal.log if a.kind not in ("play",)],
        "said": [action_words(deal, s, a) for s, a in deal.log if a.kind not in ("play",)],
        "result": deal_outcome(deal) if deal.is_over else None,
        "players": players,
        "cards": {c: card_info(c) for c in sorted(codes)},
    }


def _dd(deal: Deal) -> dict[str, Any] | None:
    """The double-dummy value of a play position and every card that keeps it."""
    if deal.phase != "play" or deal.is_over:
        return None
    res = solve(deal)
    best = res.maker_tricks
    return {
        "makers_tricks": best,
        "moves": dict(sorted(res.moves.items())),
        "best": sorted(c for c, v in res.moves.items() if v == best),
    }


def egn_step(text: str, deal: int, step: int) -> dict[str, Any]:
    """Deal ``deal`` (0-based) of the record before its ``step``-th action (``steps``: the end)."""
    game, d = _deal(text, deal)
    states = _states(text, deal)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(states):
        raise InputError(f"a step from 0 to {len(states) - 1}", "step")
    st = states[step]
    out = _state_json(st, _players(game))
    log = d.state.log
    before = game.scores[deal - 1] if deal > 0 else game.initial_score
    out.update(
        {
            "deal": deal,
            "number": d.number,
            "step": step,
            "steps": len(states) - 1,
            "next": [SEAT_NAMES[log[step][0]], str(log[step][1])] if step < len(log) else None,
            "next_words": action_words(st, log[step][0], log[step][1]) if step < len(log) else None,
            "annotations": _annotations(d).get(step, []),
            "alternatives": _alternatives(d).get(step, []),
            "score_before": _sides(before),
            "score_after": _sides(game.scores[deal]),
            "dd": _dd(st),
        }
    )
    return out


def egn_branch(text: str, deal: int, step: int, moves: list[str]) -> dict[str, Any]:
    """Play ``moves`` (actions such as ``"play QS"``, or bare cards in the play) from ``step`` instead of
    the record's, then let the solver finish the deal for both sides (once in the play). Each step of the
    branch is returned in :func:`egn_step`'s shape; an illegal move raises the engine's error (with its law).
    """
    game, d = _deal(text, deal)
    states = _states(text, deal)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(states) - 1:
        raise InputError(f"a step from 0 to {len(states) - 2} (a step with an action to change)", "step")
    if not isinstance(moves, list) or not moves or len(moves) > 40:
        raise InputError('moves: a list of 1 to 40 actions, e.g. ["play QS"]', "moves")
    deal_state = states[step]
    players = _players(game)
    line = [_state_json(deal_state, players)]
    for i, move in enumerate(moves):
        if not isinstance(move, str) or len(move) > 40:
            raise InputError("an action such as 'play QS', 'pass' or 'order'", f"moves[{i}]")
        try:
            action = Action.parse(move) if " " in move or not _looks_like_card(move) else Action.play(Card.parse(move))
        except (CardError, ValueError) as e:
            raise InputError(str(e), f"moves[{i}]") from None
        deal_state = deal_state.apply(action)  # IllegalAction names the law
        line.append(_state_json(deal_state, players))
    solver_moves = []
    while deal_state.phase == "play" and not deal_state.is_over:
        card = best_cards(deal_state)[0]  # the same choice as the cases' completion
        solver_moves.append([SEAT_NAMES[deal_state.actor], str(card)])
        deal_state = deal_state.apply(Action.play(card))
        line.append(_state_json(deal_state, players))
    return {
        "deal": deal,
        "step": step,
        "moves": moves,
        "solver_moves": solver_moves,
        "steps": line,
        "result": deal_outcome(deal_state) if deal_state.is_over else None,
    }


def _looks_like_card(text: str) -> bool:
    try:
        Card.parse(text)
    except (CardError, ValueError):
        return False
    return True


def egn_export(text: str, branches: list[dict[str, Any]] | None = None) -> str:
    """The record as EGN text, with each of the reader's ``branches`` (``{"deal", "step", "moves"}``) added to
    its deal's ``alternativeLines`` (``branchIndex`` counting the calls, then the cards, as EGN does)."""
    game = _game(_text(text))
    if branches is not None and not isinstance(branches, list):
        raise InputError("a list of branches, each {deal, step, moves}", "branches")
    if branches is not None and len(branches) > MAX_BRANCHES:  # checked before any work
        raise InputError(f"at most {MAX_BRANCHES} branches", "branches")
    data = export_egn(game)
    for i, b in enumerate(branches or []):
        if not isinstance(b, dict):
            raise InputError("a branch is {deal, step, moves}", f"branches[{i}]")
        answer = egn_branch(
            text, cast(int, b.get("deal")), cast(int, b.get("step")), cast("list[str]", b.get("moves"))
        )  # egn_branch checks every field
        d = game.deals[answer["deal"]]
        calls, plays = _decision_steps(d)
        decisions = calls + plays
        step = answer["step"]
        index = sum(1 for k in decisions if k < step)
        played = list(answer["moves"]) + [c for _, c in answer["solver_moves"]]
        line = {"branchIndex": index, "phases": _branch_phases(_states(text, answer["deal"])[step], played, i)}
        data["deals"][answer["deal"]].setdefault("alternativeLines", []).append(copy.deepcopy(line))
    return json.dumps(data, indent=1, ensure_ascii=False)


def _branch_phases(state: Deal, moves: list[str], i: int) -> list[dict[str, Any]]:
    """A branch's actions from ``state`` as EGN phases: its calls (and the dealer's discard) in a bidding
    phase, its cards in a play phase grouped into tricks as the engine closes them. Every move was already
    checked by :func:`egn_branch`; a move EGN cannot record (another profile's act) is refused by field."""
    from ..formats.egn import egn_card

    call_words: list[str] = []
    is_alone = False
    discard: str | None = None
    tricks: list[list[str]] = []
    current: list[str] = []
    for k, move in enumerate(moves):
        action = Action.parse(move) if " " in move or not _looks_like_card(move) else Action.play(Card.parse(move))
        kind = action.kind
        if kind == "play" and action.card is not None:
            current.append(egn_card(action.card))
        elif kind == "discard" and action.card is not None:
            discard = egn_card(action.card)
        elif kind == "pass":
            call_words.append("Pass")
        elif kind == "order":
            call_words.append("Order")
        elif kind == "call" and action.suit is not None:
            call_words.append(action.suit.letter.lower())
        elif kind not in ("alone", "stay") or action.alone > 1:
            raise InputError(f"EGN cannot record {move!r} in an alternative line", f"branches[{i}].moves[{k}]")
        is_alone = is_alone or kind == "alone" or action.alone == 1
        before = len(state.tricks)
        state = state.apply(action)
        if len(state.tricks) > before:  # the trick this card completed
            tricks.append(current)
            current = []
    if current:
        tricks.append(current)
    phases: list[dict[str, Any]] = []
    if call_words or discard is not None or is_alone:
        bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": call_words, "isAlone": is_alone}
        if discard is not None:
            bid["discard"] = discard
        phases.append(bid)
    if tricks:
        phases.append({"phaseNumber": len(phases), "type": "TRICK_PLAY", "tricks": tricks})
    return phases


__all__ += ["EgnError"]
