"""Every page of a built site says, in its head, what it may load: a Content-Security-Policy.

GitHub Pages sends no headers of ours, so the policy is a ``<meta http-equiv="Content-Security-Policy">``,
the first thing in each page's head (a policy given in the page applies only to what comes after it). It
allows the site itself and nothing else (:data:`SOURCES`); the theme's small inline scripts (Material's
``__md_scope``/``__md_get`` in the head, its colour-scheme and tab scripts in the body, our own
before-first-paint script in ``overrides/main.html``) are allowed by their SHA-256, computed here from
the built pages: the same policy for every page, since Material's instant navigation keeps the first
page's policy while it runs the next page's body scripts.

The console's worker is started from a ``blob:`` URL (``docs/javascripts/engine.mjs``) so that this
policy is its own too: a reader's snippet can reach no other host. A worker started from the site's own
URL would take its policy from HTTP headers alone.

Called from the hooks' ``on_post_build`` (:func:`add_policy`), for a built site only: ``mkdocs serve``
injects its own inline live-reload script and keeps no policy.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Iterable
from pathlib import Path

#: Each directive, its sources and why (the hashes of the inline scripts are added to ``script-src``).
SOURCES: dict[str, tuple[str, ...]] = {
    "default-src": ("'self'",),  # anything not named below: the site itself
    # the site's modules; blob: the console's worker (a blob: URL importing engine-worker.mjs) and, in it,
    # the runtime's JavaScript inflated from its .gz copy; 'wasm-unsafe-eval': Pyodide compiles its wasm
    "script-src": ("'self'", "blob:", "'wasm-unsafe-eval'"),
    "worker-src": ("'self'", "blob:"),  # the engine's worker, the console's (blob:), search, service worker
    "connect-src": ("'self'",),  # the answers, the runtime, the search index: never another host
    "img-src": ("'self'", "data:"),  # data: the theme's icons, drawn from SVG data URLs in its stylesheet
    "font-src": ("'self'",),  # no web fonts from elsewhere (mkdocs.yml: font: false)
    "style-src": ("'self'",),  # one stylesheet; no style attributes (a widget's bar is drawn by a class)
    "manifest-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
    "form-action": ("'self'",),
}

_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.DOTALL | re.IGNORECASE)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.IGNORECASE)
_EXECUTED_TYPES = {"text/javascript", "application/javascript", "module"}
_HEAD = re.compile(r"<head(?:\s[^>]*)?>\s*(?:<meta charset=[^>]*>)?", re.IGNORECASE)
META = '<meta http-equiv="Content-Security-Policy" content="{}">'


def inline_script_hashes(html: str) -> list[str]:
    """The ``'sha256-…'`` source of each inline script the browser runs (not a ``src=`` script, not a
    data block such as Material's ``type="application/json"`` configuration), in order, once each.

    >>> inline_script_hashes('<script>a()</script><script src="x.js"></script><script type="application/json">{}</script>')
    ["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]
    """
    found: list[str] = []
    for match in _SCRIPT.finditer(html):
        attrs = match["attrs"]
        if re.search(r"\bsrc\s*=", attrs, re.IGNORECASE):
            continue
        kind = _TYPE.search(attrs)
        if kind and kind.group(1).lower() not in _EXECUTED_TYPES:
            continue
        digest = base64.b64encode(hashlib.sha256(match["body"].encode("utf-8")).digest()).decode("ascii")
        source = f"'sha256-{digest}'"
        if source not in found:
            found.append(source)
    return found


def policy(hashes: Iterable[str]) -> str:
    """The policy's text: :data:`SOURCES`, with ``hashes`` added to ``script-src``.

    >>> policy(["'sha256-AA=='"]).split("; ")[1]
    "script-src 'self' blob: 'wasm-unsafe-eval' 'sha256-AA=='"
    """
    extra = sorted(set(hashes))
    return "; ".join(
        " ".join((name, *sources, *(extra if name == "script-src" else ()))) for name, sources in SOURCES.items()
    )


def with_policy(html: str, text: str) -> str:
    """``html`` with the policy's meta tag first in its head (after ``<meta charset>``, which must come
    first); a page that already has one is left as it is.

    >>> print(with_policy('<html><head><meta charset="utf-8"><title>t</title></head></html>', "default-src 'self'"))
    <html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'"><title>t</title></head></html>
    """
    if 'http-equiv="Content-Security-Policy"' in html:
        return html
    meta = META.format(text.replace("&", "&amp;").replace('"', "&quot;"))
    match = _HEAD.search(html)
    if match is None:
        return html
    return html[: match.end()] + meta + html[match.end() :]


def add_policy(site_dir: Path) -> str:
    """Every HTML page of the built site with the one policy (every page's inline scripts hashed);
    returns the policy's text."""
    pages = sorted(site_dir.rglob("*.html"))
    texts = {page: page.read_text(encoding="utf-8") for page in pages}
    hashes = [h for text in texts.values() for h in inline_script_hashes(text)]
    text = policy(hashes)
    for page, html in texts.items():
        changed = with_policy(html, text)
        if changed != html:
            page.write_text(changed, encoding="utf-8")
    return text
