"""``make preview``: serve a built site at the URL it was built for, so instant navigation works.

Material's instant navigation only follows links that its ``sitemap.xml`` lists, and the sitemap's
URLs carry the build's ``site_url``: a site built for ``http://127.0.0.1:8000/`` and served on another
port or under a sub-path reloads every page on each click (and the engine's worker with it). This
server reads the URL from the built ``sitemap.xml`` and serves the folder there: on its host, its
port and under its path (``/`` redirects to it). For another URL, build with ``SITE_URL=...``;
the Pages workflow sets the real one.

>>> site_location(Path("/nonexistent"))
Traceback (most recent call last):
...
SystemExit: preview: /nonexistent/sitemap.xml is missing: run `make build` first
>>> _split("http://127.0.0.1:8000/repo/")
('127.0.0.1', 8000, '/repo/')
"""

from __future__ import annotations

import argparse
import functools
import re
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

LOCAL = ("127.0.0.1", "localhost", "::1", "0.0.0.0")


def _split(url: str) -> tuple[str, int, str]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return parts.hostname or "127.0.0.1", port, path


def site_location(site: Path) -> str:
    """The site's root URL as its build wrote it (the first ``<loc>`` of ``sitemap.xml``, the home page)."""
    sitemap = site / "sitemap.xml"
    if not sitemap.is_file():
        raise SystemExit(f"preview: {sitemap} is missing: run `make build` first")
    m = re.search(r"<loc>\s*([^<\s]+)\s*</loc>", sitemap.read_text(encoding="utf-8"))
    if not m:
        raise SystemExit(f"preview: {sitemap} lists no page")
    return m.group(1)


class _Handler(SimpleHTTPRequestHandler):
    prefix = "/"

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :] if path.startswith(self.prefix) else path)

    def _outside(self) -> bool:
        """A path outside the site's: redirected to the site's root."""
        if self.path.startswith(self.prefix):
            return False
        self.send_response(302)
        self.send_header("Location", self.prefix)
        self.end_headers()
        return True

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        if not self._outside():
            super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if not self._outside():
            super().do_HEAD()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", default="site", help="the built site (default: site)")
    args = parser.parse_args(argv)
    site = Path(args.site).resolve()
    url = site_location(site)
    host, port, path = _split(url)
    if host not in LOCAL:
        raise SystemExit(
            f"preview: {site} was built for {url}; build it for this machine to preview it "
            "(`SITE_URL=http://127.0.0.1:8000/ make build`), or serve it at that address"
        )
    handler = functools.partial(type("Handler", (_Handler,), {"prefix": path}), directory=str(site))
    server = ThreadingHTTPServer((host, port), handler)
    print(f"Serving {site} at {url} (instant navigation works at this address only; Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
