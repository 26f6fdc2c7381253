"""The prints of a championship: the ranking states its stages, the plan and the sheets the
stage of their position."""

import pytest

from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.pdfs import words

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def qualified(tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4)
    play_position(tournament, 1)
    return tournament


def test_the_ranking_pdf_states_each_stage_and_who_qualified(client, qualified):
    text = words(client.get(f"/tournois/{qualified.pk}/classement.pdf").content)

    assert "Qualification · position 1 · Les 4 premiers sont qualifiés pour la Finale." in text
    assert "Finale · position 2 · Report de la moitié du total" in text
    assert text.count("Qualification (qualifié·e)") == 4


def test_the_plan_pdf_names_the_stage_of_its_position(arbitre_client, qualified):
    play_position(qualified, 2)

    pdf = arbitre_client.get(f"/arbitre/tournois/{qualified.pk}/positions/2/plan.pdf").content

    assert "Placement · Finale · position 2" in words(pdf)


def test_each_sheet_names_the_stage_of_its_position(arbitre_client, qualified):
    play_position(qualified, 2)
    base = f"/arbitre/tournois/{qualified.pk}/positions"

    qualification = words(arbitre_client.get(f"{base}/1/feuilles.pdf").content)
    final = words(arbitre_client.get(f"{base}/2/feuilles.pdf").content)

    assert qualification.count("Règles FFT Qualification · position 1 POSITION 1 TABLE") == 4
    assert final.count("Règles FFT Finale · position 2 POSITION 2 TABLE") == 1
