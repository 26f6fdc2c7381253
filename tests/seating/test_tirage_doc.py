"""docs/tirage.md's annex, « Le générateur, pas à pas », against the generator it specifies:
its constants and the figures of its worked example are the code's own (the JavaScript port,
tests/seating/js/, shows the rest of it is complete: test_second_implementation.py)."""

import random
import re
from pathlib import Path

import pytest

from seating import repair, seats, tabu
from seating.draw import DrawPlayer, fingerprint, input_document, plan_of, seed_of
from seating.problem import CLASH_WEIGHT, ODD_WEIGHT, REPEAT_WEIGHT, SeatingProblem

DOC = Path(__file__).resolve().parents[2] / "docs" / "tirage.md"


@pytest.fixture(scope="module")
def annex() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Annexe : le générateur, pas à pas") :]


@pytest.fixture(scope="module")
def prose(annex) -> str:
    """The annex with every run of spaces and line ends as one space, as it reads."""
    return re.sub(r"\s+", " ", annex)


def constants_row(annex: str, name: str) -> str:
    """The cells of the constants table's row for ``name``, spaces dropped."""
    rows = [line for line in annex.splitlines() if line.startswith(f"| `{name}`")]
    assert len(rows) == 1, name
    return re.sub(r"\s", "", rows[0].split("|")[2])


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ODD_WEIGHT", ODD_WEIGHT),
        ("CLASH_WEIGHT", CLASH_WEIGHT),
        ("REPEAT_WEIGHT", REPEAT_WEIGHT),
        ("_ODD_FIRST_WEIGHT", tabu._ODD_FIRST_WEIGHT),
        ("_FRUITLESS_RESTARTS", tabu._FRUITLESS_RESTARTS),
        ("_FRUITLESS_PERTURBATIONS", tabu._FRUITLESS_PERTURBATIONS),
        ("_PERTURBATION_SWAPS", tabu._PERTURBATION_SWAPS),
        ("_CANDIDATES_CAP", tabu._CANDIDATES_CAP),
        ("WorkBudget.CAP", tabu.WorkBudget.CAP),
        ("WorkBudget.PER_PAIR_AND_POSITION", tabu.WorkBudget.PER_PAIR_AND_POSITION),
        ("WorkBudget.CANDIDATE_OVERHEAD", tabu.WorkBudget.CANDIDATE_OVERHEAD),
        ("_PASSES", repair._PASSES),
        ("_DRAWS_PER_CONFLICT", repair._DRAWS_PER_CONFLICT),
        ("_SEAT_PASSES", seats._SEAT_PASSES),
    ],
)
def test_the_annex_gives_each_constant_of_the_generator_its_value(annex, name, value):
    written = constants_row(annex, name)

    assert written.split("=")[-1] == str(value)


@pytest.mark.parametrize(
    ("names", "values"),
    [
        ("_STALL_BASE`, `_STALL_PER_PLAYER", (tabu._STALL_BASE, tabu._STALL_PER_PLAYER)),
        ("_TENURE_MIN`, `_TENURE_SPREAD", (tabu._TENURE_MIN, tabu._TENURE_SPREAD)),
    ],
)
def test_the_annex_gives_each_pair_of_constants_their_values(annex, names, values):
    assert constants_row(annex, names) == ",".join(map(str, values))


@pytest.fixture(scope="module")
def example():
    """The worked example of docs/tirage.md: its document and its seed (test_docs.py checks
    the page's figures for them)."""
    licences = [("0412361", 31), ("0098765", 12), ("0731002", 47), ("0245118", 5)]
    licences += [("0560034", 28), ("0188870", 19), ("0650441", 53), ("0300297", 8)]
    players = [
        DrawPlayer(pid, licence, club="Tarot club de Lyon" if pid in (31, 5) else None)
        for licence, pid in licences
    ]
    document = input_document(
        position=1, positions=3, allow_five=False, players=players, history=[]
    )
    seed = seed_of(
        secret="9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
        input_fingerprint=fingerprint(document),
        position=1,
        version=document["version"],
        room_seed="615243",
    )
    return document, int(seed, 16)


def test_the_annex_gives_the_examples_seed_in_decimal(prose, example):
    _, seed = example

    assert f"G = {seed}" in prose


def test_the_annex_gives_the_first_words_of_the_wishes_generator(prose, example):
    _, seed = example
    wishes = random.Random(f"{seed}:wishes")

    words = [wishes.getrandbits(32) for _ in range(3)]

    assert f"`{seed}:wishes`" in prose
    assert "{}, {} et {}".format(*words) in prose


def test_the_annex_gives_the_draft_the_search_makes_for_the_examples_first_position(prose, example):
    document, seed = example
    problem = SeatingProblem(
        present=list(range(8)), sizes=(4, 4), positions=3, team_of={}, history=()
    )

    draft = tabu.TabuSearch(problem, random.Random(seed), repairs=True).run()

    assert f"le brouillon `{draft[0]}`" in prose
    assert plan_of(document, f"{seed:016x}")[0] == [[19, 5, 47, 8], [31, 12, 53, 28]]


def test_the_annex_gives_the_first_numbers_of_the_seats_shuffle(prose, example):
    _, seed = example
    numbers = list(range(24))
    random.Random(seed).shuffle(numbers)

    assert "S.shuffle([0, …, 23]) commence par {}, {}, {}".format(*numbers[:3]) in prose
