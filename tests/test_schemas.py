"""The JSON Schemas (schemas/) describe every content file and the engine's JSON formats, and their
messages name the file, the path inside it and the rule broken."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
from conftest import REPO_ROOT

from build_scripts import schemas
from euchre_core.formats.scenario import load_scenario


def test_every_file_is_valid_against_its_schema() -> None:
    assert schemas.validate_all() == []


def test_every_schema_names_files_that_exist_and_every_yaml_file_names_its_schema() -> None:
    for name, patterns in schemas.FILES.items():
        assert (schemas.SCHEMA_DIR / f"{name}.schema.json").is_file(), name
        for pattern in patterns:
            assert list(REPO_ROOT.glob(pattern)), pattern
    for path in sorted((REPO_ROOT / "content").rglob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert m, f"{path}: the first line must name its schema"
        assert (path.parent / m.group(1)).resolve().is_file(), path


def _laws() -> dict:
    return schemas.load(REPO_ROOT / "content" / "laws.yaml")


def test_a_broken_law_is_reported_with_its_path_and_rule() -> None:
    laws = copy.deepcopy(_laws())
    laws["sections"][2]["laws"][0]["number"] = 0
    laws["sections"][1]["laws"][0]["colour"] = "red"
    found = schemas.problems("laws", laws, "content/laws.yaml")
    assert "content/laws.yaml: sections[2].laws[0].number: 0 is less than the minimum of 1" in found
    assert any(
        p.startswith("content/laws.yaml: sections[1].laws[0]: Additional properties") and "'colour'" in p for p in found
    )


@pytest.mark.parametrize(
    ("name", "mutate", "path"),
    [
        ("record", lambda d: d["hands"].__setitem__("E", []), "hands"),
        ("record", lambda d: d.__setitem__("dealer", "BC"), "dealer"),
        ("record", lambda d: d["hands"]["A"].__setitem__(0, "1Z"), "hands.A[0]"),
        ("record", lambda d: d.__setitem__("rules", "bridge"), "rules"),
        ("position", lambda d: d.__setitem__("leader", "BCD"), "leader"),
        ("position", lambda d: d.__setitem__("trump", "X"), "trump"),
        ("scenario", lambda d: d["events"].__setitem__(0, 7), "events[0]"),
    ],
)
def test_the_engine_formats_refuse_a_bad_field(name: str, mutate, path: str) -> None:
    sample = {
        "record": REPO_ROOT / "tests" / "data" / "record_seed3.json",
        "position": REPO_ROOT / "examples" / "position_case1_trick1.json",
        "scenario": REPO_ROOT / "examples" / "law52_lead_out_of_turn.json",
    }[name]
    data = json.loads(sample.read_text(encoding="utf-8"))
    assert schemas.problems(name, data, "x") == []
    mutate(data)
    found = schemas.problems(name, data, "x")
    assert found and all(p.startswith("x: ") for p in found)
    assert any(p.startswith(f"x: {path}:") for p in found), found


def test_the_schemas_accept_what_the_engine_writes(tmp_path: Path) -> None:
    """A record and a scenario written by the engine itself pass their schemas."""
    from euchre_core.kernel.deal import Deal
    from euchre_core.kernel.rules import rules_by_name

    for name in ("somerset1888", "washington1877", "hoyle3", "hoyle2+joker"):
        deal = Deal.shuffled(seed=11, rules=rules_by_name(name))
        while not deal.is_over:
            deal = deal.apply(deal.legal_actions()[0])
        assert schemas.problems("record", deal.to_record(), name) == []
    scenario = json.loads((REPO_ROOT / "examples" / "law52_lead_out_of_turn.json").read_text(encoding="utf-8"))
    assert load_scenario(scenario) is not None and schemas.problems("scenario", scenario, "x") == []


def test_the_lesson_schema_knows_exactly_the_engine_exercise_kinds() -> None:
    from euchre_core.app import lessons

    schema = schemas.validator("lesson").schema
    kinds = schema["properties"]["sections"]["items"]["properties"]["exercises"]["items"]["properties"]["kind"]
    assert kinds["enum"] == sorted(lessons.KINDS)
