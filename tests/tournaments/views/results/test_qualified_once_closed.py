"""Nobody is « qualifié » before the stage's last position closes: the ranking page, the
player's page, classement.json and the ranking's PDF say « en position de se qualifier »
(``"qualified": null``) until then, and agree once it is closed."""

import pytest

from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.pdfs import words
from tests.tournaments.test_exports import read_csv
from tournaments.selectors.ranking import tournament_ranking

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(arbitre):
    return championship_tournament(arbitre)


@pytest.fixture
def under_way(tournament):
    """A qualification of two positions cut at 4, its first position closed: the four Nords
    (+87) lead, the twelve others tie at −29."""
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 4, positions_count=2)
    play_position(tournament, 1)
    return tournament


@pytest.fixture
def closed(under_way):
    """The qualification's second position closed too: its cut is final."""
    play_position(under_way, 2)
    return under_way


def url(tournament, name: str) -> str:
    return f"/tournois/{tournament.pk}/{name}"


def nord_number(tournament) -> int:
    """A player who led after position 1 (a Nord): within the cut."""
    seat = tournament.positions.get(number=1).seats.filter(place="N").first()
    return seat.registration.number


def test_the_json_gives_null_before_the_stage_closes(client, under_way):
    players = client.get(url(under_way, "classement.json")).json()["players"]

    assert [p["qualified"] for p in players] == [None] * 16


def qualified_count(tournament) -> int:
    return tournament_ranking(tournament).stages[0].qualified_count


def test_the_json_gives_true_or_false_once_the_stage_closes(client, closed):
    players = client.get(url(closed, "classement.json")).json()["players"]

    qualified = [p["qualified"] for p in players]
    assert qualified.count(True) == qualified_count(closed) >= 4
    assert qualified.count(False) == 16 - qualified_count(closed)


def test_the_ranking_page_says_en_position_before_the_stage_closes(client, under_way):
    page = client.get(url(under_way, "classement/")).text

    assert page.count("en position de se qualifier") == 8  # each stage's table and the whole
    assert "qualifié·e pour" not in page
    assert "Les 4 premiers seront qualifiés pour la Finale." in page


def test_the_ranking_page_says_qualifie_once_the_stage_closes(client, closed):
    page = client.get(url(closed, "classement/")).text

    assert "en position de se qualifier" not in page
    assert "Les 4 premiers sont qualifiés pour la Finale." in page
    # Each qualified player's badge in the stage's table and in the whole ranking.
    assert page.count("qualifié·e pour la Finale") == 2 * qualified_count(closed)


def test_a_tie_at_the_cut_counts_those_en_position_not_the_qualified(client, tournament):
    qualification, _final = qualification_and_final(tournament)
    set_cut(qualification, 5, positions_count=2)
    play_position(tournament, 1)

    page = client.get(url(tournament, "classement/")).text

    assert (
        "Ex aequo à la limite pour l&#x27;instant : 16 joueurs en position de se qualifier." in page
    )
    assert "joueurs qualifiés" not in page


def test_the_players_page_says_en_position_before_the_stage_closes(client, under_way):
    page = client.get(url(under_way, f"joueurs/{nord_number(under_way)}/")).text

    assert "En position de se qualifier pour la Finale" in page
    assert "Qualifié·e" not in page


def test_the_players_page_says_qualifie_once_the_stage_closes(client, closed):
    page = client.get(url(closed, f"joueurs/{nord_number(closed)}/")).text

    assert "Qualifié·e pour la Finale" in page


def test_the_ranking_pdf_says_en_position_before_the_stage_closes(client, under_way):
    text = words(client.get(url(under_way, "classement.pdf")).content)

    assert "Les 4 premiers seront qualifiés pour la Finale." in text
    assert text.count("Qualification (en position de se qualifier)") == 4
    assert "(qualifié·e)" not in text


def test_the_ranking_pdf_says_qualifie_once_the_stage_closes(client, closed):
    text = words(client.get(url(closed, "classement.pdf")).content)

    assert text.count("Qualification (qualifié·e)") == qualified_count(closed)
    assert "en position de se qualifier" not in text


def test_the_ranking_csv_says_en_position_before_the_stage_closes(client, under_way):
    rows = read_csv(client.get(url(under_way, "classement.csv")))

    assert rows[1][-2:] == ["Qualification", "en position de se qualifier"]
    assert rows[-1][-2:] == ["Qualification", ""]
