"""The ranking as a PDF, for the wall and the federation (/tournois/<id>/classement.pdf)."""

import pytest

from tests.at_the_table import play, prise_by
from tests.factories import duo_with_penalty, enrol, seat
from tests.pdfs import assert_pdf, pdf_pages, save_first_page, words


@pytest.fixture
def played(short_tournament, players, first_position, arbitre):
    """Position 1 played at two tables, a DUO team, a penalty."""
    position = first_position[0].position
    return duo_with_penalty(short_tournament, players, position, arbitre, team_name="Les Excusés")


def url(tournament) -> str:
    return f"/tournois/{tournament.pk}/classement.pdf"


def test_the_ranking_pdf_holds_every_player_with_rank_total_and_penalties(client, played):
    pdf = assert_pdf(client.get(url(played)), f"classement-{played.pk}.pdf")

    text = words(pdf)
    assert pdf_pages(pdf) == 1
    assert "Classement provisionnel · Tournoi du club" in text
    assert "1 5 JOUEUR5 Prénom L00005" in text
    assert "2 1 JOUEUR1 Prénom" in text
    assert "−50 +37" in text
    assert "Classement par équipes" in text
    assert "Les Excusés" in text
    save_first_page(pdf, "print_ranking")


def test_the_ranking_pdf_marks_a_missed_position(client, short_tournament, players):
    seat(short_tournament, 1, [players[:4]])
    (late,) = seat(short_tournament, 2, [players[4:]])
    play(late, prise_by("N"))

    text = words(client.get(url(short_tournament)).content)

    assert "JOUEUR5 Prénom L00005 — +87 +87" in text


def test_the_ranking_pdf_marks_a_position_not_played_and_who_has_not_played(client, forced_close):
    tournament = forced_close[0].position.tournament

    pdf = client.get(url(tournament)).content
    text = words(pdf)

    assert "2 ex 2 JOUEUR2 Prénom L00002 −29 −29" in text
    assert "— 5 JOUEUR5 Prénom (n'a pas joué) L00005 — 0" in text
    save_first_page(pdf, "print_ranking_forced_close")


def test_a_long_ranking_runs_over_several_pages(client, short_tournament, players):
    everyone = [*players, *enrol(short_tournament, range(9, 97))]
    tables = seat(short_tournament, 1, [everyone[i : i + 4] for i in range(0, 96, 4)])
    for table in tables:
        play(table, prise_by("E"))

    pdf = client.get(url(short_tournament)).content

    assert pdf_pages(pdf) >= 2
    assert words(pdf).count("RENFORT") == 88


def test_the_ranking_pdf_of_an_unpublished_tournament_is_its_arbitre_s_alone(
    client, played, arbitre, other_arbitre
):
    played.published = False
    played.save()

    assert client.get(url(played)).status_code == 404
    client.force_login(other_arbitre)
    assert client.get(url(played)).status_code == 404
    client.force_login(arbitre)
    assert client.get(url(played)).status_code == 200
