"""A second implementation of the draw, in JavaScript (tests/seating/js/), written from
docs/tirage.md alone: that it seats every case as this code does is what shows the document
says everything another program needs (issue 41, « Redo it anywhere »).

It runs on Node.js, which ``./dev test`` installs (Debian's package ``nodejs``). Without it the
tests are skipped, with the reason, except where REQUIRE_NODE=1 (CI sets it)."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from seating.draw import GENERATORS
from tests.seating.port_cases import cases

HERE = Path(__file__).parent
PORT = HERE / "js"
FIXTURE = HERE / "tirages.json"


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        reason = "node is missing: install Debian's nodejs package (./dev test does)"
        if os.environ.get("REQUIRE_NODE") == "1":
            pytest.fail(f"REQUIRE_NODE=1 but {reason}")
        pytest.skip(reason)
    return found


def run(node: str, script: str, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [node, str(PORT / script), *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.fixture(scope="module")
def corpus() -> list[dict]:
    return cases()


@pytest.fixture(scope="module")
def ported(node, corpus) -> list[dict]:
    asked = [{"document": case["document"], "seed": case["seed"]} for case in corpus]
    answer = run(node, "plan.mjs", stdin=json.dumps(asked))
    assert answer.returncode == 0, answer.stderr
    return json.loads(answer.stdout)


def test_the_corpus_holds_every_step_of_the_generator(corpus):
    names = " ; ".join(case["name"] for case in corpus)

    assert len(corpus) >= 60
    for part in ("plan affine", "tables de 5", "équipes", "un forfait, une arrivée", "clubs"):
        assert part in names
    assert {case["document"]["version"] for case in corpus} == set(GENERATORS)


def test_the_port_draws_every_case_seat_for_seat_as_this_code(corpus, ported):
    differing = [
        case["name"]
        for case, answer in zip(corpus, ported, strict=True)
        if answer != ({"refused": True} if case.get("refused") else {"plan": case["plan"]})
    ]

    assert differing == []


def test_the_port_refuses_the_draws_this_code_refuses(corpus, ported):
    refused = [
        case["name"] for case, answer in zip(corpus, ported, strict=True) if "refused" in answer
    ]

    assert refused == [case["name"] for case in corpus if case.get("refused")]
    assert len(refused) == 4


def test_the_port_verifies_every_draw_of_a_tournament_made_by_the_app(node):
    answer = run(node, "verify.mjs", str(FIXTURE))

    assert answer.returncode == 0, answer.stdout + answer.stderr
    lines = answer.stdout.splitlines()
    assert sum("CONFORME / VERIFIED" in line for line in lines) == 3
    assert sum("EN ATTENTE / PENDING" in line for line in lines) == 1


@pytest.fixture
def published() -> dict:
    """The app's tirages.json, to tamper with."""
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def verified(node, tmp_path, document) -> subprocess.CompletedProcess:
    path = tmp_path / "tirages.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return run(node, "verify.mjs", str(path))


def test_the_port_fails_a_plan_with_two_players_exchanged(node, tmp_path, published):
    table = published["draws"][0]["plan"][0][0]
    table[0], table[1] = table[1], table[0]

    answer = verified(node, tmp_path, published)

    assert answer.returncode == 1
    assert "ÉCHEC / MISMATCH" in answer.stdout


def test_the_port_fails_another_room_seed(node, tmp_path, published):
    published["draws"][2]["room_seed"] = "31415927"

    answer = verified(node, tmp_path, published)

    assert answer.returncode == 1
    assert "ÉCHEC / MISMATCH" in answer.stdout


def test_the_port_says_a_file_that_is_not_json_is_unreadable(node, tmp_path):
    path = tmp_path / "tirages.json"
    path.write_text("<html>", encoding="utf-8")

    assert run(node, "verify.mjs", str(path)).returncode == 2


def test_the_port_runs_no_other_program():
    sources = "\n".join(path.read_text(encoding="utf-8") for path in PORT.glob("*.mjs"))

    assert "export function planOf" in sources
    assert "child_process" not in sources
