"""The ranking as a PDF, for the wall and the federation (/tournois/<id>/classement.pdf)."""

import pytest

from clubs.models import Player
from tests.at_the_table import play, prise_by
from tests.factories import duo_with_penalty, enrol, seat, seated_room
from tests.pdfs import (
    assert_pdf,
    pdf_info,
    pdf_pages,
    pdf_text,
    save_first_page,
    word_boxes,
    words,
)


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
    assert "1 5 JOUEUR5 Prénom 9000005" in text
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

    assert "JOUEUR5 Prénom 9000005 — +87 +87" in text


def test_the_ranking_pdf_marks_a_position_not_played_and_who_has_not_played(client, forced_close):
    tournament = forced_close[0].position.tournament

    pdf = client.get(url(tournament)).content
    text = words(pdf)

    assert "2 ex 2 JOUEUR2 Prénom 9000002 −29 −29" in text
    assert "— 5 JOUEUR5 Prénom (n'a pas joué) 9000005 — 0" in text
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


def test_the_ranking_pdf_never_prints_the_login_of_an_arbitre_without_a_name(
    client, short_tournament, players
):
    arbitre = short_tournament.arbitre
    arbitre.username, arbitre.first_name, arbitre.last_name = "jdupont-connexion", "", ""
    arbitre.save()
    seat(short_tournament, 1, [players[:4]])

    text = words(client.get(url(short_tournament)).content)

    assert "jdupont-connexion" not in text
    assert "Classement provisionnel" in text


LONG_CLUB = "Amicale des Joueurs de Tarot de Villefranche-sur-Saône et environs"
LONG_NAME = "DUPONT-AIGNAN DE LA TOUR-MAUBOURG"


def test_a_long_club_is_cut_to_its_one_line(client, first_position, players):
    Player.objects.filter(pk=players[0].player_id).update(club=LONG_CLUB)
    tournament = first_position[0].position.tournament

    lines = pdf_text(client.get(url(tournament)).content).splitlines()

    (row,) = [line for line in lines if "JOUEUR1 " in line]
    assert "Amicale des Joueurs de Tarot de" in row
    assert "…" in row
    assert not any("environs" in line for line in lines)


def test_a_long_name_is_printed_whole_beside_its_club(client, first_position, players):
    Player.objects.filter(pk=players[0].player_id).update(
        last_name=LONG_NAME, first_name="Marie-Charlotte", club="Tarot Club Lyonnais"
    )
    tournament = first_position[0].position.tournament

    pdf = client.get(url(tournament)).content

    boxes = word_boxes(pdf)
    club = next(box for box in boxes if box[0] == "Lyonnais")
    name = [box for box in boxes if box[0] in LONG_NAME.split() + ["Marie-Charlotte"]]
    assert {box[0] for box in name} == {*LONG_NAME.split(), "Marie-Charlotte"}
    # Every word of the name ends before the club's column starts.
    assert max(box[3] for box in name) < club[1] - 4


def test_a_ranking_of_many_positions_is_printed_on_landscape_pages(client, arbitre):
    tournament, _position, tables, registrations = seated_room(arbitre, positions_count=10)
    for table in tables:
        play(table, prise_by("N"))
    for number in range(2, 11):
        for table in seat(tournament, number, [registrations[:4], registrations[4:]]):
            play(table, prise_by("E"))

    pdf = client.get(url(tournament)).content

    width, height = pdf_info(pdf)["Page size"].split(" pts")[0].split(" x ")
    assert float(width) > float(height)
    assert "P1 P2 P3 P4 P5 P6 P7 P8 P9 P10 PÉN. TOTAL" in words(pdf)
    assert pdf_pages(pdf) == 1
