"""The table's sheet on a phone names its hall, and the hall of each player's next table."""

import pytest
from django.utils import timezone

from championships.services.halls import add_hall
from tests.at_the_table import TESTS, play, prise_by, sign
from tests.factories import seat
from tournaments.models import Position

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_halls(tournament):
    add_hall(tournament=tournament, name="Salle Loire", first_table=1, last_table=1, by=TESTS)
    add_hall(tournament=tournament, name="Salle Rhône", first_table=2, last_table=2, by=TESTS)


@pytest.fixture
def signed_then_published(tournament, registrations, table):
    """Table 1 signed; position 2 published, players 1 to 4 at table 2."""
    play(table, *[prise_by("N")] * tournament.deals_per_position)
    sign(table)
    seat(tournament, 2, [registrations[4:], registrations[:4]])
    Position.objects.filter(tournament=tournament, number=2).update(
        seating_published_at=timezone.now()
    )
    return table


@pytest.mark.usefixtures("two_halls")
def test_the_sheet_names_the_hall_of_its_table(client, table):
    response = client.get(f"/tables/{table.pk}/")

    assert response.context["hall"].name == "Salle Loire"
    assert "Salle Loire ·</span> Table 1" in response.text


@pytest.mark.usefixtures("two_halls")
def test_a_signed_sheet_names_the_hall_of_each_players_next_table(client, signed_then_published):
    response = client.get(f"/tables/{signed_then_published.pk}/")

    assert "Joueur1</strong> → Salle Rhône · table 2 · Nord" in response.text


def test_without_halls_a_signed_sheet_names_the_next_table_alone(client, signed_then_published):
    response = client.get(f"/tables/{signed_then_published.pk}/")

    assert "Joueur1</strong> → table 2, Nord" in response.text
    assert response.context["hall"] is None


@pytest.mark.usefixtures("two_halls")
def test_the_tables_code_page_names_its_hall(client, table):
    response = client.get(f"/tables/{table.pk}/acces/")

    assert "<h1>Salle Loire · Table 1" in response.text
