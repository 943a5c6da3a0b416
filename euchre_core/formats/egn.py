"""EGN (Euchre Game Notation): import, replay through the engine, and export.

EGN is a JSON record of euchre games (NextSuit Labs' public specification, v1.0-1.4): the
rules profile (``metadata.ruleset``), and for each deal the dealer, the up-card, the
bidding calls (``"Pass"``, ``"Order"``, a suit letter in the second round, ``isAlone``,
the dealer's ``discard``) and the tricks as the cards hit the table. Who played each
card is deduced, as the specification asks, by replaying the deal: the first lead by the
rules (or ``initialLead``), then the winner of each trick leads the next. Hands that the
file does not list (``player_cards``/``playerCards`` empty or missing) are rebuilt from
the cards each seat played; cards no record shows (a sitting-out partner's hand, an
unrecorded discard, the unplayed cards of an unfinished deal) are filled from the unseen
cards, never in a suit the player has shown out of, and are reported as inferred.

Every deal goes through :class:`~euchre_core.kernel.deal.Deal`, so every call, discard and card
is checked by the same laws as a game played here; a violation raises :class:`EgnError`
naming the deal (counted from 1), the trick (from 1) and the rule with its law, e.g.
``deal 3, trick 2: seat 1 (B) cannot play 9h: You must follow suit: ... (law 62)``.

Seats are EGN's 0-3 clockwise (partners 0-2 and 1-3), which are the engine's seats (the
book's A-D). EGN cards are rank then lower-case suit (``"Ts"``, ``"9c"``, ``"Jh"``;
``"N"`` for a nine, ``"10"`` for a ten, ``"R"``/``"L"`` for the bowers, ``"B"`` for the
Joker); the engine writes ``TS``, ``9C``, ``JH``, ``JK``.

>>> deal = {"dealNumber": 0, "initialState": {"dealer": 3, "upCard": "Jd", "kitty": ["9h", "Qh", "As"]},
...         "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Pass", "Pass", "Order"],
...                     "isAlone": False, "discard": "9s"},
...                    {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
...                        ["Ac", "Tc", "9c", "Kc"], ["Ah", "Kh", "Th", "Qd"], ["Jd", "9d", "Ad", "Kd"],
...                        ["Jh", "Td", "Ks", "Ts"], ["Qc", "Qs", "Js", "Jc"]]}]}
>>> game = load_egn({"fileType": "Euchre Game Notation", "version": "1.4", "deals": [deal]})
>>> d = game.deals[0]
>>> d.trump, d.maker, d.result.tricks_won, d.result.points
(Suit.DIAMONDS, 3, (1, 4), (0, 1))
>>> replay_json(game)["deals"][0]["tricks"][0]
{'leader': '0', 'cards': [['0', 'AC'], ['1', 'TC'], ['2', '9C'], ['3', 'KC']], 'winner': '0'}
>>> load_egn(export_egn(game)).deals[0].state == d.state
True
>>> bad = json.loads(json.dumps(deal))
>>> tricks = bad["phases"][1]["tricks"]
>>> tricks[1][1], tricks[3][2] = "Ks", "Kh"          # seat 1 keeps the Kh and plays a spade to hearts
>>> load_egn({"deals": [bad]})
Traceback (most recent call last):
  ...
euchre_core.formats.egn_types.EgnError: deal 1, trick 2: seat 1 (B) cannot play Ks: You must follow suit: hearts were led \
and you hold the king of hearts (law 62)
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

from ..kernel import decode
from ..kernel.errors import InputError

# the notation's records, cards and rules, the replay of a deal and the writers, each in its own module
from .egn_export import export_egn as export_egn
from .egn_export import replay_json as replay_json
from .egn_notation import egn_card as egn_card
from .egn_notation import egn_ruleset as egn_ruleset
from .egn_notation import parse_egn_card as parse_egn_card
from .egn_notation import rules_from_egn as rules_from_egn
from .egn_notation import split_annotation as split_annotation
from .egn_replay import replay_deal
from .egn_types import EGN_FILE_TYPE as EGN_FILE_TYPE
from .egn_types import EGN_VERSION
from .egn_types import EMN_FILE_TYPE as EMN_FILE_TYPE
from .egn_types import EgnDeal as EgnDeal
from .egn_types import EgnError as EgnError
from .egn_types import EgnGame as EgnGame

__all__ = ["load_egn", "load_emn"]


# ---------------------------------------------------------------------------------------------- import
def load_egn(source: str | bytes | Mapping[str, Any]) -> EgnGame:
    """Read an EGN game (JSON text or the parsed object) and replay every deal.

    Raises :class:`EgnError` (an :class:`~euchre_core.kernel.errors.InputError`) naming the field
    of malformed input, or the deal, trick and law of a play the laws do not allow.
    """
    data = _json_object(source, "EGN")
    file_type = data.get("fileType")
    if file_type == EMN_FILE_TYPE or "games" in data and "deals" not in data:
        raise EgnError("this is an EMN match file (several games): read it with load_emn", "fileType")
    if file_type is not None and file_type != EGN_FILE_TYPE:
        raise EgnError(f"{json.dumps(file_type)} is not {EGN_FILE_TYPE!r}", "fileType")
    version = data.get("version", EGN_VERSION)
    if not isinstance(version, str):
        raise EgnError(f"the version is a string such as '1.4', not {json.dumps(version)}", "version")
    metadata = data.get("metadata", {})
    if metadata is None:
        metadata = {}
    if not isinstance(metadata, Mapping):
        raise EgnError("the metadata is a JSON object", "metadata")
    _check_metadata(metadata)
    rules = rules_from_egn(metadata.get("ruleset"))
    if "deals" not in data:
        raise EgnError("missing: an EGN game lists its deals", "deals")
    raw_deals = data["deals"]
    if not isinstance(raw_deals, list):
        raise EgnError("the deals are a JSON array", "deals")
    deals = [replay_deal(raw, i, rules) for i, raw in enumerate(raw_deals)]
    extra = {k: copy.deepcopy(v) for k, v in data.items() if k not in ("fileType", "version", "metadata", "deals")}
    ruleset = metadata.get("ruleset") or {}
    num_deals = ruleset.get("num_deals") or 0
    winning = ruleset.get("winning_score", 0 if num_deals else 10) or 0
    game = EgnGame(dict(copy.deepcopy(metadata)), rules, deals, version, file_type, extra, winning, num_deals)
    _check_game(game)
    return game


def _check_game(game: EgnGame) -> None:
    """What holds across deals: only the last deal may stop unfinished, and no deal is
    played once the game is won (``winning_score``) or its deals are done (``num_deals``)."""
    deals = game.deals
    for d in deals[:-1]:
        if not d.state.is_over:
            played = len(d.state.tricks)
            where = f"after {played} of 5 tricks" if d.state.phase == "play" else "in the bidding"
            raise EgnError(
                f"the deal stops {where}, but more deals follow (only the last deal of a record may be unfinished)",
                deal=d.index + 1,
            )
    if game.num_deals and len(deals) > game.num_deals:
        raise EgnError(
            f"the game is over: it has {game.num_deals} deals (metadata.ruleset.num_deals)", deal=game.num_deals + 1
        )
    if game.winning_score:
        score = game.initial_score
        for i, d in enumerate(deals):
            if max(score) >= game.winning_score:
                team = "0-2" if score[0] >= game.winning_score else "1-3"
                when = f"after deal {i}" if i else "before the first deal (metadata.initialScore)"
                raise EgnError(
                    f"the game is already over: team {team} reached {max(score)} points {when} "
                    f"(winning_score {game.winning_score}), yet this deal is recorded",
                    deal=i + 1,
                )
            if d.result is not None:
                score = (score[0] + d.result.points[0], score[1] + d.result.points[1])


def load_emn(source: str | bytes | Mapping[str, Any]) -> list[EgnGame]:
    """Read an EMN match file (``games[i].gameData`` are EGN games) and replay each game.
    Errors name the game (``games[2]: deal 4, trick 1: ...``)."""
    data = _json_object(source, "EMN")
    file_type = data.get("fileType")
    if file_type is not None and file_type != EMN_FILE_TYPE:
        raise EgnError(f"{json.dumps(file_type)} is not {EMN_FILE_TYPE!r}", "fileType")
    games = data.get("games")
    if not isinstance(games, list):
        raise EgnError("missing or not a JSON array: an EMN match lists its games", "games")
    out = []
    for i, g in enumerate(games):
        if not isinstance(g, Mapping) or not isinstance(g.get("gameData"), Mapping):
            raise EgnError("each game holds its EGN record in gameData", f"games[{i}].gameData")
        try:
            out.append(load_egn(g["gameData"]))
        except EgnError as e:
            err = EgnError(f"games[{i}]: {e}", None)
            err.field, err.deal, err.trick, err.laws = e.field, e.deal, e.trick, e.laws
            raise err from None
    return out


def _json_object(source: str | bytes | Mapping[str, Any], what: str) -> Mapping[str, Any]:
    """The record's JSON object. Text is bounded in UTF-8 bytes (``text``: 1,000,000; a record of 4-byte
    characters is refused at a quarter of that many characters), counted before it is decoded or parsed; at
    most one leading byte order mark is dropped, from bytes as from text (a second is not JSON: refused)."""
    most = decode.MAX_TEXT_BYTES
    if isinstance(source, (bytes, bytearray)):
        if len(source) > most:
            raise EgnError(f"an {what} record of at most {most:,} bytes (UTF-8), not {len(source):,}", "file")
        try:
            source = bytes(source).decode("utf-8")  # the byte order mark, if any, is dropped below (once)
        except UnicodeDecodeError as e:
            raise EgnError(f"not UTF-8 text: {e.reason} at byte {e.start}", "file") from None
    if isinstance(source, str):
        if decode.over_utf8_bytes(source, most):
            raise EgnError(f"an {what} record of at most {most:,} bytes (UTF-8)", "file")
        if source.startswith("\ufeff"):
            source = source[1:]
        try:
            source = decode.loads(source, "file")
        except InputError as e:
            raise EgnError(e.args[0].split(": ", 1)[1], e.field) from None
    if not isinstance(source, Mapping):
        raise EgnError(f"an {what} file is a JSON object, not {type(source).__name__}", "file")
    try:  # the limits of the boundary (size, depth, strings), for a parsed object too
        decode.check_tree(dict(source), "file", top=True)
    except InputError as e:
        raise EgnError(e.args[0].split(": ", 1)[1], e.field) from None
    return source


def _check_metadata(metadata: Mapping[str, Any]) -> None:
    score = metadata.get("initialScore")
    if score is not None and (
        not isinstance(score, list)
        or len(score) != 2
        or any(isinstance(x, bool) or not isinstance(x, int) for x in score)
    ):
        raise EgnError(f"two whole numbers (team 0-2, team 1-3), not {json.dumps(score)}", "metadata.initialScore")
    players = metadata.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != 4):
        raise EgnError("four players, seats 0 to 3", "metadata.players")
