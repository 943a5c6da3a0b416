"""The command line: ``python3 -m euchre_core`` (or ``euchre`` once installed).

Subcommands: ``deal``, ``play``, ``replay``, ``case``, ``bench``, ``table``. Bad input
prints one line naming the field or the law, and exits with status 2; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from ..formats.cases import list_cases, replay_case
from ..kernel import decode
from ..kernel.cards import cards_of_mask
from ..kernel.deal import SEAT_NAMES, Deal
from ..kernel.errors import EuchreError, InputError
from ..kernel.limits import limit
from ..kernel.rules import RULE_SETS, RulesError, rules_by_name
from ..kernel.version import __version__
from ..search.analysis import case_to_json

__all__ = ["main", "MAX_GAMES"]

MAX_GAMES = limit("bench_games")  # bench --games: at most 200,000 deals (about 10 s here)
NOTHING_TO_REPLAY = "nothing to replay: the file lists no deals"


def _rules(name: str) -> Any:
    decode.text(name, "--rules", max_len=limit("rules_name"))
    try:
        return rules_by_name(name)
    except RulesError as e:
        raise InputError(str(e), "--rules") from None


def _hands_text(d: Deal) -> str:
    lines = []
    for s in range(d.n):
        role = " (dealer)" if s == d.dealer else (" (eldest)" if s == d.eldest else "")
        cards = " ".join(c.pretty() for c in cards_of_mask(d.dealt[s]))
        lines.append(f"{SEAT_NAMES[s]}{role}: {cards}")
    lines.append(f"Turn-up: {d.turn_up.pretty()}")
    return "\n".join(lines)


def _cmd_deal(a: argparse.Namespace) -> int:
    rules = _rules(a.rules)
    seed = decode.seed(a.seed, "--seed")
    d = Deal.shuffled(seed, dealer=_seat(a.dealer, rules.players), rules=rules)
    if a.json:
        _print_json(d.to_record())
    else:
        print(f"Deal {a.seed} ({rules.title})")
        print(_hands_text(d))
    return 0


def _seat(name: str, n: int) -> int:
    return decode.seat(name, "--dealer", n)


def _cmd_play(a: argparse.Namespace) -> int:
    rules = _rules(a.rules)
    seed = decode.seed(a.seed, "--seed")
    d = Deal.shuffled(seed, dealer=_seat(a.dealer, rules.players), rules=rules)
    rng = random.Random(seed)
    start = d
    while not d.is_over:
        d = d.apply(rng.choice(d.legal_actions()))
    if a.json:
        out = {"record": d.to_record(), "deals": [d.summary(SEAT_NAMES)]}
        _print_json(out)
        return 0
    print(f"Deal {a.seed} ({rules.title}), random legal play")
    print(_hands_text(start))
    for seat, act in d.log:
        shown = f" ({act.card.pretty()})" if act.kind == "play" and act.card is not None else ""
        print(f"  {d.describe_action(seat, act)}{shown}")
    _print_result(d)
    return 0


def _print_result(d: Deal) -> None:
    res = d.result
    if res is None:
        print("The deal is not finished.")
        return
    if res.passed_out:
        print("All passed twice: the deal is at an end, and the next player deals (law 77).")
        return
    for t in d.tricks:
        cards = ", ".join(f"{SEAT_NAMES[s]} {c.pretty()}" for s, c in t.cards)
        print(f"  trick: {cards} -> {SEAT_NAMES[t.winner]}")
    won = ", ".join(f"{d.side_name(i)} {w}" for i, w in enumerate(res.tricks_won))
    pts = ", ".join(f"{d.side_name(i)} {p:+d}" for i, p in enumerate(res.points))
    what = "euchred" if res.euchred else ("march" if res.march else "point")
    print(f"Tricks: {won}. {what}. Points: {pts}.")


def _cmd_replay(a: argparse.Namespace) -> int:
    data = decode.load_json_file(a.file, "FILE")
    from ..formats.egn_laws import is_law_egn

    if is_law_egn(data):
        return _replay_law_game(data, a.json)
    if isinstance(data, dict) and (
        data.get("fileType") == "Euchre Game Notation"
        or (
            isinstance(data.get("deals"), list)
            and data["deals"]
            and isinstance(data["deals"][0], dict)
            and "initialState" in data["deals"][0]
        )
    ):
        from ..formats.egn import load_egn, replay_json

        game = load_egn(data)
        if not game.deals:
            raise InputError(NOTHING_TO_REPLAY, "deals")
        out = replay_json(game)
        if a.json:
            _print_json(out)
        else:
            for i, dj in enumerate(out["deals"]):
                print(f"deal {i}: makers {dj['makers']}, tricks {dj['tricks_won']}, points {dj['points']}")
        return 0
    records: Any
    if isinstance(data, dict) and "record" in data:
        records = [data["record"]]  # what `euchre play --json` writes: the deal's record and its summary
    else:
        records = data.get("deals") if isinstance(data, dict) and "deals" in data else [data]
    records = decode.array(records, "deals", max_len=limit("replay_deals"))
    if not records:
        raise InputError(NOTHING_TO_REPLAY, "deals")
    deals = []
    for i, rec in enumerate(records):
        try:
            deals.append(Deal.replay(rec))
        except EuchreError as e:
            raise InputError(str(e), f"deals[{i}]") from None
    if a.json:
        _print_json({"deals": [d.summary(SEAT_NAMES) for d in deals]})
    else:
        for i, d in enumerate(deals):
            print(f"Deal {i + 1}:")
            _print_result(d)
    return 0


def _replay_law_game(data: Any, as_json: bool) -> int:
    """An EGN record of a game played under the laws (Play under the laws): every deal re-ruled by the
    director; each deal's rulings (the book's letters) and its score."""
    from .live_game import LiveGame, record_from_egn

    record = record_from_egn(data)
    g = LiveGame.fold(record)
    deals: list[dict[str, Any]] = []
    for k, st in enumerate(g.states):
        penalties, points = st.tally()
        deals.append(
            {
                "deal": k + 1,
                "events": len(g.deals[k]),
                "rulings": [{"laws": list(r.laws), "text": r.text, "chosen": r.chosen} for r in st.rulings],
                "revoke_penalties": list(penalties),
                "points": list(points),
            }
        )
    if as_json:
        _print_json({"record": record, "deals": deals, "game": list(g.rubber.game), "rubber_over": g.rubber.is_over})
        return 0
    for d in deals:
        print(f"Deal {d['deal']}: {d['events']} events, points {d['points']}, revoke penalties {d['revoke_penalties']}")
        for r in d["rulings"]:
            chosen = f" [elected: {r['chosen']}]" if r["chosen"] else ""
            print(f"  laws {', '.join(map(str, r['laws']))}: {r['text']}{chosen}")
    print(f"Game: {g.rubber.game[0]}-{g.rubber.game[1]}; games finished: {len(g.rubber.games)}")
    return 0


def _cmd_case(a: argparse.Namespace) -> int:
    decode.text(a.id, "ID", max_len=limit("case_id"))
    if a.json:
        _print_json(case_to_json(a.id))
        return 0
    rep = replay_case(a.id)
    data = rep.data
    print(f"Case {data['id']}. {data.get('title') or ''}".rstrip())
    for s in "ADBC":
        print(f"  {s}: " + " ".join(data["hands_text"].get(s, [])))
    print(f"  {data.get('score_text', '')} {data['declaration'].get('text', '')}")
    _print_result(rep.deal) if rep.deal.is_over else None
    if not rep.deal.is_over:
        for t in rep.deal.tricks:
            cards = ", ".join(f"{SEAT_NAMES[s]} {c.pretty()}" for s, c in t.cards)
            print(f"  trick: {cards} -> {SEAT_NAMES[t.winner]}")
        print("  (the book's narration stops here)")
    for e in data.get("errata", []):
        print(f"  Note: {e.get('where')}: {e.get('resolution')}")
    return 0


def _cmd_bench(a: argparse.Namespace) -> int:
    from ..kernel.fastplay import play_random_deals

    rules = _rules(a.rules)
    decode.integer(a.games, "--games", 1, MAX_GAMES)
    seed = decode.seed(a.seed, "--seed")
    t0 = time.perf_counter()
    totals = play_random_deals(rules, a.games, seed=seed)
    secs = time.perf_counter() - t0
    out = {
        "games": a.games,
        "seconds": round(secs, 4),
        "games_per_s": round(a.games / secs, 1),
        "rules": rules.name,
        "points": list(totals),
    }
    if a.json:
        _print_json(out)
    else:
        print(json.dumps(out))
    return 0


def _cmd_table(a: argparse.Namespace) -> int:
    from ..laws.table import form_table

    t = form_table(a.names, seed=decode.seed(a.seed, "--seed", optional=True), rules=_rules(a.rules))
    _print_json(
        {
            "players": t.players,
            "table": t.table,
            "partners": t.partners,
            "dealer": t.dealer,
            "seats": dict(zip(SEAT_NAMES, t.seats, strict=True)),
            "cuts": t.cuts,
        }
    )
    return 0


def _cmd_rule(a: argparse.Namespace) -> int:
    from ..formats.scenario import main_rule

    return main_rule(a.file, a.json)


def _cmd_solve(a: argparse.Namespace) -> int:
    from ..search.solver import main_solve

    return main_solve(a.file, a.json)


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=None, ensure_ascii=False))


def _whole(text: str) -> int:
    """A whole number on the command line, read by the boundary (decode.integer_text: its digits counted
    before conversion); the command decodes its range (a seed, a number of games)."""
    try:
        return decode.integer_text(text, "number", -decode.MAX_SEED, decode.MAX_SEED)
    except InputError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("number: ")) from None


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on standard error and the status 2."""

    def error(self, message: str) -> Any:
        print(f"euchre: {_one_line(message)} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(2)


def _one_line(message: str) -> str:
    line = " ".join(str(message).split())
    return line if len(line) <= 300 else line[:299] + "…"


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="euchre", description="The Laws of Euchre (1888) as a rules engine.")
    p.add_argument("--version", action="version", version=f"euchre_core {__version__}")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    names = ", ".join(RULE_SETS)

    d = sub.add_parser("deal", help="deal from a seed and print the hands and the turn-up")
    d.add_argument("--seed", type=_whole, required=True)
    d.add_argument("--rules", default="somerset1888", help=names)
    d.add_argument("--dealer", default="A")
    d.add_argument("--json", action="store_true")
    d.set_defaults(func=_cmd_deal)

    pl = sub.add_parser("play", help="play a whole deal with random legal actions")
    pl.add_argument("--seed", type=_whole, required=True)
    pl.add_argument("--rules", default="somerset1888", help=names)
    pl.add_argument("--dealer", default="A")
    pl.add_argument("--random", action="store_true", required=True, help="random legal actions (seeded)")
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(func=_cmd_play)

    r = sub.add_parser(
        "replay",
        help='replay a saved log (what `euchre play --json` writes, a deal record or {"deals": [...]}) or an EGN file',
    )
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=_cmd_replay)

    c = sub.add_parser("case", help=f"replay one of the book's Cases ({', '.join(list_cases())})")
    c.add_argument("id")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=_cmd_case)

    b = sub.add_parser("bench", help="play N random complete deals and time them")
    b.add_argument("--games", type=_whole, default=10000)
    b.add_argument("--rules", default="somerset1888", help=names)
    b.add_argument("--seed", type=_whole, default=1)
    b.add_argument("--json", action="store_true")
    b.set_defaults(func=_cmd_bench)

    ru = sub.add_parser("rule", help="rule on a scenario: a deal and an event log with irregularities")
    ru.add_argument("file")
    ru.add_argument("--json", action="store_true")
    ru.set_defaults(func=_cmd_rule)

    so = sub.add_parser("solve", help="double-dummy: the makers' tricks with best play, and each card's value")
    so.add_argument("file")
    so.add_argument("--json", action="store_true")
    so.set_defaults(func=_cmd_solve)

    t = sub.add_parser("table", help="cut for the table, partners and deal (laws 8-14)")
    t.add_argument("names", nargs="+")
    t.add_argument("--seed", type=_whole, default=None)
    t.add_argument("--rules", default="somerset1888", help=names)
    t.set_defaults(func=_cmd_table)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except (EuchreError, ValueError) as e:
        print(f"euchre: {_one_line(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
