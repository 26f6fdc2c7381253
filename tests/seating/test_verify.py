"""``python -m seating.verify``: a tournament's tirages.json checked with the seating package
alone. ``tirages.json`` beside this file was produced by the app (a tournament of 12 players
of two clubs and one without licence: position 1 drawn, swapped by hand and published;
position 2 drawn twice, the second with a swap that repeats a meeting; position 3 committed,
its room seed entered); each tampered copy must fail."""

import copy
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from seating.verify import FAILED, OK, UNREADABLE, hall_of, main, published_seating, verdicts

FIXTURE = Path(__file__).with_name("tirages.json")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def published():
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def failures(document) -> list[str]:
    return [found for verdict in verdicts(document) for found in verdict.found]


def last_drawn(document):
    """Position 2's second draw: the one in force, with a swap and its reason."""
    return document["draws"][2]


def test_the_apps_file_verifies(published):
    results = verdicts(published)

    assert [(v.checked, v.found) for v in results] == [(True, [])] * 3 + [(False, [])]


def test_a_draw_not_yet_made_is_listed_as_pending(published):
    assert verdicts(published)[3].line == (
        "EN ATTENTE / PENDING  Position 3, tirage n° 1 : engagement affiché, pas encore tiré"
    )


def test_another_secret_fails_the_commitment(published):
    last_drawn(published)["secret"] = "0" * 64

    assert "le secret ne donne pas l'engagement publié" in failures(published)[0]


def test_another_room_seed_fails_the_seed(published):
    last_drawn(published)["room_seed"] = "31415927"

    found = failures(published)
    assert found[0] == (
        "Position 2, tirage n° 2 : la graine publiée n'est pas celle que donnent ses entrées."
    )
    assert any("re-tirée" in line for line in found[1:])


def test_a_draw_of_version_3_without_a_room_seed_fails(published):
    last_drawn(published)["room_seed"] = None

    assert failures(published) == [
        "Position 2, tirage n° 2 : pas de graine de la salle valable ('')."
    ]


def test_a_player_changed_in_the_input_fails_its_fingerprint(published):
    last_drawn(published)["input"]["players"][1]["club"] = "Autre club"

    assert "les données d'entrée ne donnent pas l'empreinte publiée" in failures(published)[0]


def test_two_players_exchanged_in_the_plan_fail_by_their_table(published):
    plan = last_drawn(published)["plan"][0]
    plan[0][0], plan[1][0] = plan[1][0], plan[0][0]

    found = failures(published)
    assert "le placement publié ne donne pas son empreinte" in found[0]
    assert any("position 2, table 1 : publiée" in line for line in found)


def test_a_meeting_of_the_input_that_is_not_the_published_seating_fails(published):
    draw = last_drawn(published)
    history = draw["input"]["history"][0]
    history[0][0], history[1][0] = history[1][0], history[0][0]

    found = failures(published)
    assert any("les rencontres de la position 1 dans ses données" in line for line in found)


def test_a_swap_naming_a_player_not_seated_fails(published):
    last_drawn(published)["swaps"][0]["players"][0] = 999

    assert failures(published) == [
        "Position 2, tirage n° 2 : l'échange de la position 2 nomme un joueur qui n'y est "
        f"pas placé ({last_drawn(published)['swaps'][0]['players']})."
    ]


def test_a_room_seed_dated_before_its_commitment_fails(published):
    draw = last_drawn(published)
    draw["room_seed_at"] = "2000-01-01T00:00:00+00:00"

    assert failures(published) == [
        "Position 2, tirage n° 2 : la graine de la salle saisie est daté d'avant "
        "l'engagement affiché."
    ]


def test_an_unknown_generator_fails(published):
    draw = last_drawn(published)
    draw["version"] = draw["input"]["version"] = "tarot-seating-99"

    assert failures(published) == [
        "Position 2, tirage n° 2 : version du générateur tarot-seating-99 inconnue."
    ]


def test_the_published_seating_is_the_plan_after_its_swaps(published):
    draw = last_drawn(published)
    first, second = draw["swaps"][0]["players"]

    seated = published_seating(published["draws"], 2)[0]

    spot = {player: t for t, table in enumerate(draw["plan"][0]) for player in table}
    moved = {player: t for t, table in enumerate(seated) for player in table}
    assert (moved[first], moved[second]) == (spot[second], spot[first])


def test_a_table_is_in_the_hall_whose_range_holds_it():
    halls = [
        {"name": "Salle A", "first_table": 1, "last_table": 20},
        {"name": "Salle B", "first_table": 21, "last_table": 40},
    ]

    assert [hall_of(halls, n) for n in (1, 20, 21, 41)] == ["Salle A", "Salle A", "Salle B", None]


def test_the_command_exits_0_when_all_match(capsys):
    assert main([str(FIXTURE)]) == OK
    assert "3 draw(s) checked: all match." in capsys.readouterr().out


def test_the_command_exits_1_and_names_the_mismatch(published, tmp_path, capsys):
    tampered = copy.deepcopy(published)
    last_drawn(tampered)["seed"] = "0" * 16
    path = tmp_path / "tirages.json"
    path.write_text(json.dumps(tampered), encoding="utf-8")

    assert main([str(path)]) == FAILED
    out = capsys.readouterr().out
    assert "ÉCHEC / MISMATCH  Position 2, tirage n° 2" in out
    assert "la graine publiée n'est pas celle que donnent ses entrées" in out


def test_the_command_exits_2_on_a_file_that_is_not_json(tmp_path):
    path = tmp_path / "tirages.json"
    path.write_text("<html>", encoding="utf-8")

    assert main([str(path)]) == UNREADABLE


def test_the_verifier_runs_with_the_seating_package_alone(tmp_path):
    shutil.copytree(ROOT / "seating", tmp_path / "seating")
    code = (
        "import sys, runpy; sys.argv = ['verify', sys.argv[1]];"
        "import seating.verify;"
        "assert not [m for m in sys.modules if m.split('.')[0] in ('django', 'tournaments')];"
        "runpy.run_module('seating.verify', run_name='__main__')"
    )
    ran = subprocess.run(
        [sys.executable, "-E", "-s", "-c", code, str(FIXTURE)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert ran.returncode == 0, ran.stderr
    assert "CONFORME / VERIFIED  Position 2, tirage n° 2" in ran.stdout
