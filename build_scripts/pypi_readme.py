"""The readme that PyPI shows: README.md with every relative link and image made absolute.

PyPI renders the package's readme without the repository beside it, so ``![…](docs/assets/x.png)``
and ``[ARCHITECTURE.md](ARCHITECTURE.md)`` would break there. ``python -m build_scripts.pypi_readme``
writes ``README.pypi.md`` (the ``readme`` of ``pyproject.toml``): images from the repository's raw
files, links to its pages, both at the ``Repository`` URL that ``pyproject.toml`` declares.
``tests/test_packaging.py`` checks that the file is current and has no relative link left.

>>> absolute_links("![a](docs/x.png) [b](B.md) [c](https://e.org/) [d](#top)", "https://github.com/o/r")
'![a](https://raw.githubusercontent.com/o/r/main/docs/x.png) [b](https://github.com/o/r/blob/main/B.md) [c](https://e.org/) [d](#top)'
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "README.md"
TARGET = REPO_ROOT / "README.pypi.md"
BRANCH = "main"
_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")
_ABSOLUTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|#|//)", re.I)


def repository_url(pyproject: Path = REPO_ROOT / "pyproject.toml") -> str:
    """The ``Repository`` URL of ``[project.urls]``.

    >>> repository_url().startswith("https://github.com/")
    True
    """
    m = re.search(r'^Repository\s*=\s*"([^"]+)"', pyproject.read_text(encoding="utf-8"), re.M)
    if not m:
        raise SystemExit("pyproject.toml: [project.urls] has no Repository")
    return m.group(1).rstrip("/")


def absolute_links(markdown: str, repository: str) -> str:
    """``markdown`` with its relative links and images pointing into ``repository`` (a GitHub URL)."""
    raw = repository.replace("https://github.com/", "https://raw.githubusercontent.com/") + f"/{BRANCH}/"
    blob = f"{repository}/blob/{BRANCH}/"

    def fix(m: re.Match[str]) -> str:
        bang, text, target = m.groups()
        if _ABSOLUTE.match(target):
            return m.group(0)
        return f"{bang}[{text}]({(raw if bang else blob) + target.removeprefix('./')})"

    return _LINK.sub(fix, markdown)


def relative_links(markdown: str) -> list[str]:
    """The targets of ``markdown``'s links and images that are not absolute URLs or anchors.

    >>> relative_links("[a](x.md) ![b](https://e.org/b.png) [c](#c)")
    ['x.md']
    """
    return [m.group(3) for m in _LINK.finditer(markdown) if not _ABSOLUTE.match(m.group(3))]


def pypi_readme() -> str:
    """The text of ``README.pypi.md``, made from ``README.md`` now."""
    note = "<!-- Written by `python -m build_scripts.pypi_readme` from README.md: edit that file. -->\n"
    return note + absolute_links(SOURCE.read_text(encoding="utf-8"), repository_url())


def main() -> int:
    TARGET.write_text(pypi_readme(), encoding="utf-8")
    print(f"{TARGET.name}: {len(relative_links(SOURCE.read_text(encoding='utf-8')))} links made absolute")
    return 0


if __name__ == "__main__":
    sys.exit(main())
