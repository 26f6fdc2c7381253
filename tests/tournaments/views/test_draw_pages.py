"""The draw's commitment where the room looks (the arbitre's room, the projector, the plan's
header), and the public page of every draw."""

import pytest

from championships.services.draws import commit_draw
from tests.at_the_table import TESTS
from tests.factories import plan_committed
from tests.pdfs import pdf_text
from tournaments.services.seating import publish_seating, swap_seats


@pytest.fixture
def published(tournament, registrations):  # noqa: ARG001 - the players to seat
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    first, second = (
        position.seats.filter(table__number=1)[0],
        position.seats.filter(table__number=2)[0],
    )
    swap_seats(position=position, first=first, second=second, by=TESTS)
    publish_seating(position=position, by=TESTS)
    return position


@pytest.mark.usefixtures("published")
def test_the_projector_shows_the_next_draws_commitment(client, tournament):
    waiting = tournament.draws.get(position_number=2)

    page = client.get(f"/tournois/{tournament.pk}/projection/").content.decode()

    assert waiting.commitment in page
    assert "Tirage de la position 2 (n° 1)" in page


@pytest.mark.usefixtures("published")
def test_the_room_shows_its_draw_and_the_next_commitment(arbitre_client, tournament):
    page = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/")

    text = page.content.decode()
    for draw in tournament.draws.all():
        assert draw.commitment in text


@pytest.mark.usefixtures("published")
def test_the_plans_header_shows_the_commitment(arbitre_client, tournament):
    draw = tournament.draws.get(position_number=1)

    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/plan.pdf")

    assert draw.commitment[:20] in pdf_text(response.content).replace("\n", "")


@pytest.mark.usefixtures("published")
def test_the_public_page_reveals_a_published_draws_secret_and_its_swap(client, tournament):
    draw = tournament.draws.get(position_number=1)

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()

    assert draw.secret in page and draw.plan_fingerprint in page
    assert "Position 1 : JOUEUR" in page and "échangés" in page


def test_the_public_page_hides_a_secret_not_yet_revealed(client, tournament, registrations):  # noqa: ARG001
    draw = commit_draw(tournament=tournament, number=1, by=TESTS)
    plan_committed(tournament=tournament, number=1, by=TESTS)

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()
    draw.refresh_from_db()

    assert draw.commitment in page
    assert draw.secret not in page
    assert "révélé à la publication du placement" in page


def test_a_second_draw_shows_its_number_and_reason(client, tournament, registrations):  # noqa: ARG001
    plan_committed(tournament=tournament, number=1, by=TESTS)
    commit_draw(tournament=tournament, number=1, by=TESTS, reason="Un joueur oublié au pointage.")

    page = client.get(f"/tournois/{tournament.pk}/tirages/").content.decode()

    assert "Position 1 · tirage n° 2" in page
    assert "Un joueur oublié au pointage." in page


@pytest.mark.usefixtures("published")
def test_the_json_gives_what_the_checker_needs_once_revealed(client, tournament):
    listed = client.get(f"/tournois/{tournament.pk}/tirages.json").json()["draws"]

    first, waiting = listed
    assert first["secret"] and first["input"]["players"] and first["swaps"]
    assert waiting["secret"] is None and waiting["plan"] is None


def test_an_unpublished_tournaments_draws_are_not_found(client, tournament):
    tournament.published = False
    tournament.save()

    assert client.get(f"/tournois/{tournament.pk}/tirages/").status_code == 404
