"""A player's page names the hall of each of their tables, in a tournament with halls."""

import pytest
from django.utils import timezone

from championships.services.halls import add_hall
from tests.at_the_table import TESTS
from tests.factories import seat
from tournaments.models import Position

pytestmark = pytest.mark.django_db


def page_url(tournament, number) -> str:
    return f"/tournois/{tournament.pk}/joueurs/{number}/"


@pytest.fixture
def two_halls(tournament):
    add_hall(tournament=tournament, name="Salle Loire", first_table=1, last_table=1, by=TESTS)
    add_hall(tournament=tournament, name="Salle Rhône", first_table=2, last_table=2, by=TESTS)


@pytest.fixture
def published(tournament, registrations):
    """Position 1 published: players 1 to 4 at table 1, 5 to 8 at table 2."""
    tables = seat(tournament, 1, [registrations[:4], registrations[4:]])
    Position.objects.filter(tournament=tournament, number=1).update(
        seating_published_at=timezone.now()
    )
    return tables


@pytest.mark.usefixtures("two_halls", "published")
def test_the_next_seat_names_its_hall(client, tournament):
    response = client.get(page_url(tournament, 6))

    assert 'Salle Rhône · <span class="nowrap">table 2 · Est</span>' in response.text
    assert response.context["page"].next_hall.name == "Salle Rhône"


@pytest.mark.usefixtures("two_halls", "published")
def test_each_position_names_the_hall_of_its_table(client, tournament):
    response = client.get(page_url(tournament, 3))

    assert "Position 1 · Salle Loire · table 1 · Sud" in response.text


@pytest.mark.usefixtures("published")
def test_without_halls_the_table_is_named_as_before(client, tournament):
    response = client.get(page_url(tournament, 6))

    assert "Table 2, Est" in response.text
    assert "Position 1 · table 2, Est" in response.text
    assert response.context["page"].next_hall is None
