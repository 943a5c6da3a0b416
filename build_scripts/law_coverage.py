"""Which code and which tests cite each law: the engine's coverage of the 1888 code.

The convention of the project is that a law's number stands next to the code that applies
it ("Law 64", "Laws 74-76", "(law 62)") and in the names of the tests that check it
(``test_law_52_...``). This module reads the engine's sources and the tests and returns,
for every law number, the places that cite it, so the site can say "how the engine applies
this law" and print a coverage table.

Run ``python3 -m build_scripts.law_coverage`` for a plain-text report.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CITE = re.compile(r"\b[Ll]aws?\s+((?:\d{1,3})(?:\s*(?:[-–,]|and|or)\s*\d{1,3})*)")
_TEST = re.compile(r"^\s*def\s+(test_\w*laws?_\d{1,3}\w*)\s*\(", re.M)


@dataclass
class LawCoverage:
    """The code and tests that cite one law."""

    number: int
    code: list[str] = field(default_factory=list)  # "euchre_core/kernel/deal.py:123"
    tests: list[str] = field(default_factory=list)  # "tests/test_engine_rules.py::test_law_88_..."

    @property
    def status(self) -> str:
        """``enforced`` (code and a test), ``cited`` (code only) or ``presented`` (neither)."""
        if self.code and self.tests:
            return "enforced"
        if self.code or self.tests:
            return "cited"
        return "presented"


def _numbers(text: str) -> list[int]:
    """``"74-76"`` -> [74, 75, 76]; ``"2 and 3"`` -> [2, 3]."""
    out: list[int] = []
    for part in re.split(r"\s*(?:,|and|or)\s*", text):
        m = re.match(r"(\d+)\s*[-–]\s*(\d+)", part)
        if m:
            a, b = int(m.group(1)), int(m.group(2))
            if a < b <= a + 20:
                out.extend(range(a, b + 1))
            continue
        if part.strip().isdigit():
            out.append(int(part))
    return [n for n in out if 1 <= n <= 116]


def collect(root: Path = ROOT) -> dict[int, LawCoverage]:
    """Scan ``euchre_core/*.py`` for citations and ``tests/test_*.py`` for law-named tests."""
    cov = {n: LawCoverage(n) for n in range(1, 117)}
    for path in sorted((root / "euchre_core").glob("*.py")):
        rel = path.relative_to(root).as_posix()
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in _CITE.finditer(line):
                for n in _numbers(m.group(1)):
                    where = f"{rel}:{lineno}"
                    if where not in cov[n].code:
                        cov[n].code.append(where)
    for path in sorted((root / "tests").glob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        for m in _TEST.finditer(text):
            name = m.group(1)
            # every "law_N" in the name: test_law_74_..._law_94, test_law_2_and_law_3_...
            nums = sorted({int(x) for x in re.findall(r"laws?_(\d{1,3})", name)})
            for n in nums:
                if 1 <= n <= 116:
                    cov[n].tests.append(f"{rel}::{name}")
    return cov


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cov = collect()
    if "--json" in argv:
        print(json.dumps({n: {**asdict(c), "status": c.status} for n, c in cov.items()}, indent=1))
        return 0
    for n, c in cov.items():
        print(f"Law {n:3d}  {c.status:9s}  code: {len(c.code):2d}  tests: {len(c.tests):2d}")
    counts = {s: sum(1 for c in cov.values() if c.status == s) for s in ("enforced", "cited", "presented")}
    print(counts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
