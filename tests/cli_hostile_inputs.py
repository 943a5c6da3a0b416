"""Hand-made bad command lines for ``python3 -m euchre_core`` (issue 11): each must end with status 2
and one line on standard error, never a traceback, never a hang, never accepted.

:func:`bad_inputs` builds them (with the files they read) in a folder: arguments of every
subcommand, and files for ``replay``, ``rule`` and ``solve`` made from a valid one with one field
made hostile. :func:`good_inputs` are the valid counterparts, which must exit 0.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DEEP = "[" * 600 + "]" * 600
VERY_DEEP = "[" * 100_000 + "]" * 100_000

RECORD: dict[str, Any] = {
    "rules": "somerset1888",
    "dealer": "A",
    "hands": {
        "A": ["QC", "7S", "KS", "JH", "TD"],
        "B": ["9C", "TC", "JD", "QS", "TH"],
        "C": ["AC", "9D", "KD", "9S", "AS"],
        "D": ["7C", "8C", "8D", "QD", "8S"],
    },
    "turn_up": "KC",
    "stock": [],
    "log": ["B: pass", "C: order"],
}
SCENARIO: dict[str, Any] = {
    "title": "B leads out of turn",
    "dealer": "A",
    "hands": {
        "A": ["JC", "AH", "KH", "8S", "QD"],
        "B": ["AC", "QH", "8H", "JD", "TS"],
        "C": ["7D", "8D", "TD", "QS", "TH"],
        "D": ["KC", "TC", "AS", "9S", "9H"],
    },
    "turn_up": "9C",
    "events": ["B: pass", "C: pass", "D: pass", "A: order", "A: discard 8S", "C: play 7D"],
}
POSITION: dict[str, Any] = {
    "trump": "C",
    "leader": "B",
    "makers": "AC",
    "hands": {
        "A": ["9C", "JC", "AH", "KH", "8S"],
        "B": ["AC", "QH", "8H", "JD", "TS"],
        "C": ["7D", "8D", "TD", "QS", "TH"],
        "D": ["KC", "TC", "AS", "9S", "9H"],
    },
}
# rule set names that are none (a + with nothing or something else after it, a stray + before)
RULES_NAMES = (
    "nosuch",
    "",
    "x" * 300,
    "somerset 1888",
    "somerset1888+",
    "somerset1888+jokers",
    "somerset1888++joker",
    "somerset1888+joker+",
    "+joker",
    "+",
    "hoyle2+ joker",
    "modern24+JOKER",
)
BOM = b"\xef\xbb\xbf"
# values that are never right for the fields below (each field's own valid values are not among them)
HOSTILE: list[Any] = ["BC", "", " A", 7, -1, 10**40, True, None, [], {}, "x" * 300, [[["deep"]]]]
HUGE = "9" * 5000  # a number of more digits than Python converts (4,300): written into the JSON text as it is


def _set(doc: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(doc))
    target = out
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    return out


def _file_cases() -> list[tuple[str, str, str]]:
    """(subcommand, description, file text)."""
    out: list[tuple[str, str, str]] = []
    fields = {
        "replay": (
            RECORD,
            [
                ["dealer"],
                ["hands"],
                ["hands", "A"],
                ["hands", "A", 0],
                ["turn_up"],
                ["stock"],
                ["log"],
                ["log", 0],
                ["rules"],
            ],
        ),
        "rule": (
            SCENARIO,
            [
                ["dealer"],
                ["hands"],
                ["hands", "B"],
                ["hands", "B", 3],
                ["turn_up"],
                ["events"],
                ["events", 2],
                ["rules"],
            ],
        ),
        "solve": (
            POSITION,
            [["trump"], ["leader"], ["makers"], ["hands"], ["hands", "A"], ["hands", "A", 1], ["trick"], ["rules"]],
        ),
    }
    skip = {("rule", "events", "[]"), ("solve", "trick", "[]"), ("solve", "trick", "None")}
    for cmd, (doc, paths) in fields.items():
        for path in paths:
            for value in HOSTILE:
                if (cmd, path[-1], repr(value)) in skip or (path[-1] in ("stock", "log") and value == []):
                    continue
                desc = f"{'.'.join(map(str, path))} = {json.dumps(value)[:20]}"
                out.append((cmd, desc, json.dumps(_set(doc, path, value))))
            for sign in ("", "-"):  # a huge number, everywhere a value is read
                text = json.dumps(_set(doc, path, "__HUGE__")).replace('"__HUGE__"', sign + HUGE)
                out.append((cmd, f"{'.'.join(map(str, path))} = {sign}5000 digits", text))
    # extra fields of each format
    for value in ("BC", "", 0, "CD", "BCD", True):
        out.append(("solve", f"alone = {value!r}", json.dumps(dict(POSITION, alone=value))))
    for value in (-1, True, 10**40, "5", 1.5, None):
        out.append(("rule", f"seed = {value!r}", json.dumps({"seed": value, "events": []})))
    out.append(("rule", "seed = 5000 digits", '{"seed": ' + HUGE + ', "events": []}'))
    out.append(
        (
            "solve",
            "tricks_won = 5000 digits",
            json.dumps(dict(POSITION, tricks_won={"AC": 0})).replace('"AC": 0', '"AC": ' + HUGE),
        )
    )
    for entry in ("A: shuffle " + HUGE, "D: cut " + HUGE, "B: holds " + HUGE):
        out.append(("rule", f"event {entry[:14]!r}…", json.dumps(dict(SCENARIO, events=[entry]))))
    for value in ({"AC": -1}, {"AC": 10**40}, {"XX": 1}, {"AC": True}, [1, 2], "AC"):
        out.append(("solve", f"tricks_won = {value!r}", json.dumps(dict(POSITION, tricks_won=value))))
    for value in (["B: pass"] * 6000, ["x" * 300], [["B: pass"]], "B: pass"):
        out.append(("rule", f"events = {json.dumps(value)[:20]}", json.dumps(dict(SCENARIO, events=value))))
    out.append(("rule", "title = 5", json.dumps(dict(SCENARIO, title=5))))
    for entry in ("BCD: order", "BC: pass", "B pass", ": pass", "E: pass", "B: order up now please", "B: play 0"):
        out.append(("replay", f"log entry {entry!r}", json.dumps(dict(RECORD, log=[entry]))))
    out.append(("replay", "log of 6000 entries", json.dumps(dict(RECORD, log=["B: pass"] * 6000))))
    out.append(("replay", "no deals", json.dumps({"deals": []})))
    out.append(("replay", "EGN without deals", json.dumps({"fileType": "Euchre Game Notation", "deals": []})))
    for cmd, doc in (("replay", RECORD), ("rule", SCENARIO), ("solve", POSITION)):
        for rules in RULES_NAMES[4:]:
            out.append((cmd, f"rules = {rules!r}", json.dumps(dict(doc, rules=rules))))
    out.append(("replay", "deals not a list", json.dumps({"deals": 5})))
    out.append(("replay", "deals of a bad record", json.dumps({"deals": [RECORD, {"x": 1}]})))
    out.append(("replay", "EGN deals not a list", json.dumps({"fileType": "Euchre Game Notation", "deals": 5})))
    out.append(("replay", "EGN nested 600", '{"fileType": "Euchre Game Notation", "deals": [' + DEEP + "]}"))
    # whole files that are not the format
    for cmd in ("replay", "rule", "solve"):
        for desc, text in (
            ("empty", ""),
            ("null", "null"),
            ("a list", "[]"),
            ("a number", "5"),
            ("a string", '"x"'),
            ("not JSON", "{not json"),
            ("NaN", '{"a": NaN}'),
            ("nested 600", DEEP),
            ("nested 100000", VERY_DEEP),
            ("truncated", json.dumps(RECORD)[:40]),
            ("2 MB", '{"title": "' + "x" * 2_000_000 + '"}'),
            ("a 20000-character key", '{"' + "k" * 20_000 + '": 1}'),
        ):
            out.append((cmd, desc, text))
    return out


def bad_inputs(folder: Path) -> list[tuple[str, list[str]]]:
    """(description, argv) of every bad command line, with its files written in ``folder``."""
    cases: list[tuple[str, list[str]]] = []
    for sub in ("deal", "play"):
        extra = ["--random"] if sub == "play" else []
        for seed in ("-7", "-1", "1.5", "x", "", "0x10", "1e3", str(10**40), str(2**63), "--json", HUGE, "-" + HUGE):
            cases.append((f"{sub} --seed {seed[:12]}", [sub, "--seed", seed, *extra]))
        for dealer in ("BC", "BCD", "", " A", "a", "E", "AB", "1", "A B", "x" * 300):
            cases.append((f"{sub} --dealer {dealer[:12]!r}", [sub, "--seed", "7", "--dealer", dealer, *extra]))
        for rules in RULES_NAMES:
            cases.append((f"{sub} --rules {rules[:12]!r}", [sub, "--seed", "7", "--rules", rules, *extra]))
        cases.append((f"{sub} without --seed", [sub, *extra]))
        cases.append((f"{sub} hoyle2 dealer C", [sub, "--seed", "1", "--rules", "hoyle2", "--dealer", "C", *extra]))
    cases.append(("play without --random", ["play", "--seed", "1"]))
    for games in ("0", "-1", "200001", str(10**12), "x", "1.5", "", HUGE):
        cases.append((f"bench --games {games[:12]}", ["bench", "--games", games]))
    cases += [("bench --seed -1", ["bench", "--games", "1", "--seed", "-1"])]
    for rules in RULES_NAMES:
        cases.append((f"bench --rules {rules[:20]!r}", ["bench", "--games", "1", "--rules", rules]))
        cases.append((f"table --rules {rules[:20]!r}", ["table", "Ames", "Bell", "Cole", "Dunn", "--rules", rules]))
    names = ["Ames", "Bell", "Cole", "Dunn"]
    cases += [
        ("table of three", ["table", *names[:3]]),
        ("table with a name twice", ["table", *names, "Ames"]),
        ("table of 40 names", ["table", *[f"p{i}" for i in range(40)]]),
        ("table of 33 names", ["table", *[f"p{i}" for i in range(33)]]),
        ("table with a 41-character name", ["table", *names[:3], "x" * 41]),
        ("table with an empty name", ["table", *names[:3], ""]),
        ("table --seed -1", ["table", *names, "--seed", "-1"]),
        ("table --seed of 5000 digits", ["table", *names, "--seed", HUGE]),
        ("table --rules nosuch", ["table", *names, "--rules", "nosuch"]),
        ("table with no names", ["table"]),
    ]
    for cid in ("x" * 300, "../x", "../../etc/passwd", "X", "0", "10", "", "I/..", ".", "-1", "v.json", "\u2163"):
        cases.append((f"case {cid[:12]!r}", ["case", cid]))
        if cid in ("x" * 300, "../x", "10"):
            cases.append((f"case --json {cid[:12]!r}", ["case", cid, "--json"]))
    cases += [("no command", []), ("unknown command", ["shuffle"]), ("unknown option", ["deal", "--seed", "1", "--x"])]
    for cmd in ("replay", "rule", "solve"):
        cases += [
            (f"{cmd} of a missing file", [cmd, str(folder / "missing.json")]),
            (f"{cmd} of a folder", [cmd, str(folder)]),
            (f"{cmd} of /dev/zero", [cmd, "/dev/zero"]),
            (f"{cmd} of a 5000-character path", [cmd, "x" * 5000]),
        ]
        binary = folder / f"{cmd}-binary.json"
        binary.write_bytes(b"\xff\xfe\x00{")
        cases.append((f"{cmd} of a binary file", [cmd, str(binary)]))
        twice = folder / f"{cmd}-two-boms.json"  # one byte order mark is dropped, not two
        twice.write_bytes(BOM * 2 + json.dumps({"replay": RECORD, "rule": SCENARIO, "solve": POSITION}[cmd]).encode())
        cases.append((f"{cmd} of a file with two byte order marks", [cmd, str(twice)]))
        utf16 = folder / f"{cmd}-utf16.json"  # a UTF-16 byte order mark: not UTF-8
        utf16.write_bytes(
            b"\xff\xfe" + json.dumps({"replay": RECORD, "rule": SCENARIO, "solve": POSITION}[cmd]).encode("utf-16-le")
        )
        cases.append((f"{cmd} of a UTF-16 file", [cmd, str(utf16)]))
        wide = folder / f"{cmd}-wide.json"  # under the bound in characters, over it in bytes (2 a character)
        doc = {"replay": RECORD, "rule": SCENARIO, "solve": POSITION}[cmd]
        wide.write_bytes(
            (json.dumps(doc)[:-1] + ', "notes": ' + json.dumps(["é" * 5000] * 101, ensure_ascii=False) + "}").encode()
        )
        cases.append((f"{cmd} of a file over the bound in bytes, not in characters", [cmd, str(wide)]))
    for i, (cmd, desc, text) in enumerate(_file_cases()):
        path = folder / f"{cmd}-{i}.json"
        path.write_text(text, encoding="utf-8")
        cases.append((f"{cmd}: {desc}", [cmd, str(path)]))
    return cases


def good_inputs(folder: Path) -> list[tuple[str, list[str]]]:
    """Valid command lines (status 0)."""
    files = {"replay": RECORD, "rule": SCENARIO, "solve": POSITION}
    out = [
        ("deal", ["deal", "--seed", "7"]),
        ("deal --dealer D", ["deal", "--seed", "0", "--dealer", "D"]),
        ("play", ["play", "--seed", "3", "--random", "--json"]),
        ("bench", ["bench", "--games", "5"]),
        ("table", ["table", "Ames", "Bell", "Cole", "Dunn", "Eddy", "--seed", "2"]),
        ("case", ["case", "v"]),
        ("deal seed 2**63-1", ["deal", "--seed", str(2**63 - 1)]),
    ]
    for cmd, doc in files.items():
        path = folder / f"good-{cmd}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        out.append((cmd, [cmd, str(path)]))
        bom = folder / f"good-{cmd}-bom.json"  # a UTF-8 byte order mark, as some editors write: dropped
        bom.write_bytes(BOM + json.dumps(doc).encode())
        out.append((f"{cmd} with a byte order mark", [cmd, str(bom)]))
    out += [
        ("deal hoyle2+joker", ["deal", "--seed", "1", "--rules", "hoyle2+joker"]),
        ("bench modern24+joker", ["bench", "--games", "2", "--rules", "modern24+joker"]),
    ]
    return out
