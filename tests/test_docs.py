"""The project's own documentation stands in the repository, and ./dev checks what it is given."""

import os
import re
import subprocess
from pathlib import Path

import pytest

from tests import fft_example
from tests.fft_example import signed

ROOT = Path(__file__).resolve().parent.parent


def test_every_relative_link_of_the_readme_names_a_file_of_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((?!https?:|#)([^)]+)\)", readme)

    assert "docs/scoring.md" in links
    assert [link for link in links if not (ROOT / link).is_file()] == []
    assert "../shared" not in readme


def test_the_rules_document_carries_the_fft_example_sheet_bilans():
    rules = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")

    # The document's columns are Nord, Sud, Est, Ouest.
    bilans = " | ".join(f"**{signed(fft_example.BILANS[place])}**" for place in "NSEO")
    assert f"| **bilan** | | | {bilans} |" in rules


@pytest.mark.parametrize(("arguments", "environment"), [(["70000"], {}), ([], {"PORT": "abc"})])
def test_dev_serve_refuses_a_port_that_is_not_one_before_setting_anything_up(
    arguments, environment
):
    result = subprocess.run(
        ["bash", str(ROOT / "dev"), "serve", *arguments],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", **environment},
        timeout=30,
    )

    assert result.returncode == 2
    assert "Port invalide" in result.stderr
    assert "par exemple ./dev serve 8080" in result.stderr


@pytest.mark.parametrize(
    ("environment", "missing"),
    [
        ({}, "SECRET_KEY ALLOWED_HOSTS"),
        ({"SECRET_KEY": "une-clé"}, "ALLOWED_HOSTS"),
        ({"ALLOWED_HOSTS": "tarot.example.org"}, "SECRET_KEY"),
    ],
)
def test_dev_prod_refuses_to_start_without_a_secret_key_and_allowed_hosts(environment, missing):
    result = subprocess.run(
        ["bash", str(ROOT / "dev"), "prod"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", **environment},
        timeout=30,
    )

    assert result.returncode == 2
    assert f"./dev prod ne démarre pas : {missing} manque(nt)." in result.stderr
    assert "PLAIN_HTTP=1" in result.stderr


def test_dev_prod_refuses_a_port_that_is_not_one():
    result = subprocess.run(
        ["bash", str(ROOT / "dev"), "prod", "70000"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "x", "ALLOWED_HOSTS": "x"},
        timeout=30,
    )

    assert result.returncode == 2
    assert "par exemple ./dev prod 8080" in result.stderr


def test_the_draws_worked_example_is_what_the_code_computes():
    import random

    from seating.draw import (
        GENERATOR_VERSION,
        DrawPlayer,
        canonical_json,
        commitment_of,
        fingerprint,
        input_document,
        plan_of,
        seed_of,
        seed_text,
    )

    document = (ROOT / "docs" / "tirage.md").read_text(encoding="utf-8")
    licences = [("0412361", 31), ("0098765", 12), ("0731002", 47), ("0245118", 5)]
    licences += [("0560034", 28), ("0188870", 19), ("0650441", 53), ("0300297", 8)]
    lyon = {31, 5}
    players = [
        DrawPlayer(
            player_id=pid, licence=licence, club="Tarot club de Lyon" if pid in lyon else None
        )
        for licence, pid in licences
    ]
    data = input_document(position=1, positions=3, allow_five=False, players=players, history=[])
    secret = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    seeded = {
        "secret": secret,
        "input_fingerprint": fingerprint(data),
        "position": 1,
        "version": GENERATOR_VERSION,
        "room_seed": "615243",
    }
    seed = seed_of(**seeded)
    plan = plan_of(data, seed)[:1]
    words = random.Random(int(seed, 16))

    for shown in (
        commitment_of(secret),
        canonical_json(data),
        fingerprint(data),
        seed_text(**seeded),
        seed,
        canonical_json(plan),
        fingerprint(plan),
        "{}, {} et {}".format(*(words.getrandbits(32) for _ in range(3))),
    ):
        assert shown in document
    assert GENERATOR_VERSION in document


def test_the_readme_keeps_to_what_a_newcomer_needs_first():
    readme = (ROOT / "README.md").read_bytes()

    assert len(readme) < 20_000
    assert b"## Quick start" in readme
    assert b"./dev prod" in readme


def test_the_documentation_site_builds_without_a_warning(tmp_path):
    built = subprocess.run(
        [str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=120,
    )

    assert built.returncode == 0, built.stderr
    assert (tmp_path / "guide-arbitre" / "soiree" / "index.html").is_file()
    assert (
        "Une soirée de club" in (tmp_path / "guide-arbitre" / "soiree" / "index.html").read_text()
    )


def test_every_picture_of_the_guides_is_one_the_browser_tests_take():
    from tests.guide_captures import CAPTURES

    shown = {
        match
        for page in (ROOT / "docs").rglob("*.md")
        for match in re.findall(r"\]\((?:\.\./)*captures/([\w.-]+\.png)\)", page.read_text("utf-8"))
    }
    taken = {capture.file for capture in CAPTURES}

    assert shown == taken
    assert sorted(path.name for path in (ROOT / "docs" / "captures").glob("*.png")) == sorted(taken)
