"""The arbitre's stages page: stages added, changed, refused with what was typed kept."""

import pytest

from championships.models import Stage
from tests.championship import championship_tournament, qualification_and_final
from tests.htmx import HTMX


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


def url(tournament, rest: str = "") -> str:
    return f"/arbitre/tournois/{tournament.pk}/phases/{rest}"


def test_it_shows_the_stages_with_their_positions(arbitre_client, tournament):
    qualification_and_final(tournament)

    response = arbitre_client.get(url(tournament))

    assert response.status_code == 200
    page = response.content.decode()
    assert "1. Qualification" in page
    assert "positions 2" not in page and "position 2" in page
    assert "Report de la moitié du total de la phase précédente, arrondi au point" in page


def test_htmx_gets_the_page_fragment(arbitre_client, tournament):
    response = arbitre_client.get(url(tournament), headers=HTMX)

    assert response.status_code == 200
    assert b"<html" not in response.content
    assert "Ajouter une première phase" in response.content.decode()


def test_adding_a_stage_saves_it_and_comes_back_to_the_page(arbitre_client, tournament):
    response = arbitre_client.post(
        url(tournament),
        {"nouvelle-name": "Qualification", "nouvelle-positions_count": "3"},
    )

    assert response.status_code == 302
    stage = tournament.stages.get()
    assert (stage.name, stage.positions_count, stage.carry_over) == ("Qualification", 3, 0)


def test_a_cut_above_the_field_is_refused_beside_it_with_the_values_kept(
    arbitre_client, tournament
):
    qualification, _final = qualification_and_final(tournament)
    prefix = f"phase-{qualification.pk}"

    response = arbitre_client.post(
        url(tournament, f"{qualification.pk}/modifier/"),
        {f"{prefix}-name": "Qualif", f"{prefix}-positions_count": "1", f"{prefix}-cut": "40"},
    )

    assert response.status_code == 422
    page = response.content.decode()
    assert "compte 16 joueurs : elle ne peut pas en qualifier 40" in page
    assert 'value="40"' in page and 'value="Qualif"' in page
    assert Stage.objects.get(pk=qualification.pk).name == "Qualification"


def test_a_refusal_under_htmx_is_a_200_fragment(arbitre_client, tournament):
    qualification, _final = qualification_and_final(tournament)
    prefix = f"phase-{qualification.pk}"

    response = arbitre_client.post(
        url(tournament, f"{qualification.pk}/modifier/"),
        {f"{prefix}-name": "Qualification", f"{prefix}-positions_count": "1", f"{prefix}-cut": "2"},
        headers=HTMX,
    )

    assert response.status_code == 200
    assert "une table au moins" in response.content.decode()


def test_setting_the_cut_saves_it(arbitre_client, tournament):
    qualification, _final = qualification_and_final(tournament)
    prefix = f"phase-{qualification.pk}"

    arbitre_client.post(
        url(tournament, f"{qualification.pk}/modifier/"),
        {f"{prefix}-name": "Qualification", f"{prefix}-positions_count": "1", f"{prefix}-cut": "8"},
    )

    assert Stage.objects.get(pk=qualification.pk).cut == 8


def test_deleting_the_last_stage(arbitre_client, tournament):
    _qualification, final = qualification_and_final(tournament)

    arbitre_client.post(url(tournament, f"{final.pk}/supprimer/"))

    assert list(tournament.stages.values_list("name", flat=True)) == ["Qualification"]


def test_another_clubs_arbitre_finds_no_stages_page(client, other_arbitre, tournament):
    _qualification, final = qualification_and_final(tournament)
    client.force_login(other_arbitre)

    assert client.get(url(tournament)).status_code == 404
    assert client.post(url(tournament, f"{final.pk}/supprimer/")).status_code == 404
    assert tournament.stages.count() == 2
