"""The API reference (docs/api/, rendered by mkdocstrings) has a page per layer naming every module."""

from __future__ import annotations

import re

import pytest
from conftest import REPO_ROOT

from tests.test_layers import LAYERS

PACKAGE = REPO_ROOT / "euchre_core"


@pytest.mark.parametrize("layer", LAYERS)
def test_every_module_of_a_layer_is_on_its_api_page(layer: str) -> None:
    page = (REPO_ROOT / "docs" / "api" / f"{layer}.md").read_text(encoding="utf-8")
    listed = set(re.findall(rf"^::: euchre_core\.{layer}\.(\w+)$", page, re.M))
    modules = {p.stem for p in (PACKAGE / layer).glob("*.py") if p.stem != "__init__"}
    modules |= {p.parent.name for p in (PACKAGE / layer).glob("*/__init__.py")}  # a module written as a package
    assert listed == modules
