"""The offline book: a post-build step that writes the service worker into a built site.

``mkdocs build`` calls :func:`write_service_worker` from the hook ``on_post_build`` (after the
runtime's files are in place); it runs ``node build_scripts/offline.mjs SITE_DIR``, which asks
Workbox (npm ``workbox-build``, pinned in ``package.json``) for ``sw.js``: every page, answer file,
stylesheet, script, image and the search index precached with their hashes as revisions, the
Pyodide runtime cached on first use (see the script). The step only reads the built folder, so it
does not depend on MkDocs: ``python -m build_scripts.offline SITE_DIR`` runs it on any build.

``mkdocs serve`` has no service worker: it serves :data:`UNREGISTER` as ``sw.js`` instead, so a
worker left by a built site previewed at the same address (``make preview``) removes itself and its
caches, and the live-reloaded pages are never answered from an old cache.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(__file__).resolve().with_name("offline.mjs")
WORKBOX = REPO_ROOT / "node_modules" / "workbox-build"

UNREGISTER = """/* mkdocs serve: no offline copy. A service worker left by a built site at this address
   removes itself and its caches, then reloads its pages from the live server. */
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) { return Promise.all(names.map(function (name) { return caches.delete(name); })); })
      .then(function () { return self.registration.unregister(); })
      .then(function () { return self.clients.matchAll({ type: "window" }); })
      .then(function (clients) { clients.forEach(function (client) { client.navigate(client.url); }); })
  );
});
"""


class OfflineError(Exception):
    """The service worker could not be written (the message says why)."""


def write_service_worker(site_dir: Path) -> dict[str, Any]:
    """Write ``sw.js`` into ``site_dir``; return Workbox's summary
    (``{"precached": files, "bytes": total, "runtimeCache": name}``)."""
    node = shutil.which("node")
    if node is None or not WORKBOX.is_dir():
        raise OfflineError("the offline copy needs Node and npm's workbox-build: run `make node-deps` (npm ci)")
    proc = subprocess.run(
        [node, str(SCRIPT), str(site_dir)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if proc.returncode != 0:
        raise OfflineError(f"build_scripts/offline.mjs failed: {proc.stderr.strip() or proc.stdout.strip()}")
    if proc.stderr.strip():
        raise OfflineError(proc.stderr.strip())  # Workbox's warnings (a file too large to precache ...)
    summary: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return summary


def enabled() -> bool:
    """``EUCHRE_OFFLINE=0`` builds without a service worker (the pages then unregister none)."""
    return os.environ.get("EUCHRE_OFFLINE", "1") != "0"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m build_scripts.offline SITE_DIR")
    print(json.dumps(write_service_worker(Path(sys.argv[1]))))
