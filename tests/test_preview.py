"""``make preview`` (build_scripts/preview.py): a built site served at the URL it was built for."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from conftest import REPO_ROOT

from build_scripts import preview


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_preview_serves_the_site_at_its_site_url(tmp_path: Path) -> None:
    port = _free_port()
    (tmp_path / "cases" / "i").mkdir(parents=True)
    (tmp_path / "index.html").write_text("home")
    (tmp_path / "cases" / "i" / "answers.json").write_text("{}")
    (tmp_path / "sitemap.xml").write_text(
        f"<urlset><url><loc>http://127.0.0.1:{port}/sub/</loc></url>"
        f"<url><loc>http://127.0.0.1:{port}/sub/cases/i/</loc></url></urlset>"
    )
    assert preview.site_location(tmp_path) == f"http://127.0.0.1:{port}/sub/"
    proc = subprocess.Popen(
        [sys.executable, "-m", "build_scripts.preview", str(tmp_path)],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                body = urllib.request.urlopen(base + "/sub/", timeout=2).read()
                break
            except urllib.error.URLError:
                time.sleep(0.1)
        else:
            pytest.fail("the preview did not start: " + (proc.stderr.read() if proc.poll() is not None else ""))
        assert body == b"home"
        assert urllib.request.urlopen(base + "/sub/cases/i/answers.json", timeout=2).read() == b"{}"
        redirected = urllib.request.urlopen(base + "/cases/i/", timeout=2)  # outside the path: to the site's root
        assert redirected.geturl() == base + "/sub/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_preview_refuses_a_site_built_for_another_host(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text("<urlset><url><loc>https://example.org/laws/</loc></url></urlset>")
    with pytest.raises(SystemExit, match="built for https://example.org/laws/"):
        preview.main([str(tmp_path)])
