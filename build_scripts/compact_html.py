"""Each built page without the template's indentation: a smaller page for instant navigation.

Material's templates indent every tag and leave blank lines between them; a case page is about a
sixth whitespace. :func:`compact` turns every run of whitespace that holds a line break into one
line break, in text only: never inside a tag (attribute values are kept as written), a comment, or
a ``<pre>``, ``<textarea>``, ``<script>`` or ``<style>`` element. Outside those, HTML renders a run of
whitespace as one space, so the page looks the same (the hook ``on_post_page`` in ``hooks.py``).

>>> compact("<ul>\\n    <li>\\n      <a href='x'>\\n        Home\\n      </a>\\n    </li>\\n</ul>\\n")
"<ul>\\n<li>\\n<a href='x'>\\nHome\\n</a>\\n</li>\\n</ul>\\n"
>>> compact("<pre>  a\\n    b\\n</pre>\\n\\n   <p title='x\\n   y'>one  two</p>")
"<pre>  a\\n    b\\n</pre>\\n<p title='x\\n   y'>one  two</p>"
"""

from __future__ import annotations

import re

_RAW = re.compile(r"(<(pre|textarea|script|style)\b.*?</\2\s*>)", re.S | re.I)
_TAG = re.compile(r"""(<!--.*?-->|<(?:[^>"']|"[^"]*"|'[^']*')*>)""", re.S)
_RUN = re.compile(r"[ \t\r\f\v]*\n\s*")


def compact(html: str) -> str:
    """``html`` with each whitespace run that holds a line break, in text, made one line break."""
    parts = _RAW.split(html)  # text, raw element, its tag name, text, …
    out: list[str] = []
    for i in range(0, len(parts), 3):
        pieces = _TAG.split(parts[i])  # text, tag, text, …
        for j in range(0, len(pieces), 2):
            pieces[j] = _RUN.sub("\n", pieces[j])
        out.append("".join(pieces))
        if i + 1 < len(parts):
            out.append(parts[i + 1])
    return "".join(out)
