"""``mkdocs.yml`` made into a configuration that Zensical renders the generated docs tree with.

Zensical (a MkDocs successor by Material's authors) reads ``mkdocs.yml`` itself, but runs no MkDocs
hooks (``hooks:`` is ignored), so what :mod:`build_scripts.hooks` sets at ``on_config`` must be in the
configuration: the navigation (the tree's ``.nav.json``), the theme's script (``extra.theme_script``)
and the offline switch (``extra.euchre_offline``: off, there is no service worker without the hooks'
``on_post_build``). Zensical also wants ``docs_dir`` and ``site_dir`` inside the folder of its
configuration file, so the configuration is written beside them (``build/zensical.yml`` by default),
with every path of ``mkdocs.yml`` made relative to it, and the ``classic`` variant of its theme
(Material's look). ``tests/test_zensical.py`` renders the tree with it::

    python -m build_scripts.zensical_config   # writes build/zensical.yml
    zensical build -f build/zensical.yml      # renders build/docs into build/zensical-site
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parent.parent


# YAML with MkDocs' ``!ENV`` tag: ``!ENV NAME`` or ``!ENV [NAME, ..., default]`` (a loader of its own:
# yaml.SafeLoader stays as it is)
_EnvLoader: Any = type("_EnvLoader", (yaml.SafeLoader,), {})


def _env(loader: Any, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return os.environ.get(loader.construct_scalar(node))
    names = loader.construct_sequence(node)
    for name in names[:-1]:
        if name in os.environ:
            return yaml.safe_load(os.environ[name])
    return names[-1]


_EnvLoader.add_constructor("!ENV", _env)


def load_mkdocs_config(path: Path) -> dict[str, Any]:
    """``mkdocs.yml`` as a dict, its ``!ENV`` tags read from the environment.

    >>> load_mkdocs_config(REPO_ROOT / "mkdocs.yml")["theme"]["name"]
    'material'
    """
    config: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_EnvLoader)  # noqa: S506
    return config


def _relative(path: Path, root: Path) -> str:
    return Path(os.path.relpath(path.resolve(), root.resolve())).as_posix()


def zensical_config(
    mkdocs_yml: Path,
    docs_dir: Path,
    site_dir: Path,
    out: Path,
    theme_dirs: list[Path],
    nav: list[Any] | None = None,
) -> dict[str, Any]:
    """The configuration for ``zensical build -f OUT``: ``mkdocs.yml`` with the hooks' settings.

    ``theme_dirs``: where the theme's script is looked for (``overrides/``, then Zensical's theme);
    ``nav``: the navigation, by default the docs tree's ``.nav.json``.

    >>> config = zensical_config(
    ...     REPO_ROOT / "mkdocs.yml", REPO_ROOT / "build/docs", REPO_ROOT / "build/zensical-site",
    ...     REPO_ROOT / "build/zensical.yml", [], nav=[{"Home": "index.md"}])
    >>> config["docs_dir"], config["site_dir"], config["theme"]["custom_dir"], "hooks" in config
    ('docs', 'zensical-site', '../overrides', False)
    >>> config["plugins"][1]["mkdocstrings"]["handlers"]["python"]["paths"]
    ['..']
    """
    config = load_mkdocs_config(mkdocs_yml)
    root, base = out.parent, mkdocs_yml.parent
    config.pop("hooks", None)  # Zensical runs none: their settings follow
    config["docs_dir"] = _relative(docs_dir, root)
    config["site_dir"] = _relative(site_dir, root)
    config["theme"]["custom_dir"] = _relative(base / config["theme"]["custom_dir"], root)
    config["theme"]["variant"] = "classic"
    if nav is None:
        nav = json.loads((docs_dir / ".nav.json").read_text(encoding="utf-8"))
    config["nav"] = nav
    extra = config.setdefault("extra", {})
    extra["euchre_offline"] = False
    if theme_dirs:
        from build_scripts.hooks import theme_script

        extra["theme_script"] = theme_script(theme_dirs)
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "mkdocstrings" in plugin:
            python = plugin["mkdocstrings"]["handlers"]["python"]
            python["paths"] = [_relative(base / p, root) for p in python.get("paths", [])]
            options = python.get("options", {})
            options["extensions"] = [
                _relative(base / e.split(":")[0], root) + ":" + e.split(":", 1)[1] if ".py:" in e else e
                for e in options.get("extensions", [])
            ]
    return config


def write_config(mkdocs_yml: Path, docs_dir: Path, site_dir: Path, out: Path) -> dict[str, Any]:
    """Write the configuration to ``out`` (with Zensical's own theme, so Zensical must be installed)."""
    from zensical.config import get_builtin_theme_dir

    overrides = load_mkdocs_config(mkdocs_yml)["theme"]["custom_dir"]
    theme_dirs = [mkdocs_yml.parent / overrides, Path(get_builtin_theme_dir())]
    config = zensical_config(mkdocs_yml, docs_dir, site_dir, out, theme_dirs)
    out.parent.mkdir(parents=True, exist_ok=True)
    text = "# written by `python -m build_scripts.zensical_config` from mkdocs.yml: do not edit\n"
    out.write_text(text + yaml.safe_dump(config, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return config


def main(argv: list[str] | None = None) -> None:
    """``python -m build_scripts.zensical_config [--docs-dir D] [--site-dir S] [--out F]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--docs-dir", type=Path, default=REPO_ROOT / "build" / "docs")
    parser.add_argument("--site-dir", type=Path, default=REPO_ROOT / "build" / "zensical-site")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "build" / "zensical.yml")
    args = parser.parse_args(argv)
    write_config(REPO_ROOT / "mkdocs.yml", args.docs_dir, args.site_dir, args.out)


if __name__ == "__main__":
    main()
