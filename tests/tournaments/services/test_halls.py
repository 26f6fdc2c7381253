"""Halls and roles (services.halls): ranges that never overlap, roles by the rules."""

import pytest
from django.contrib.auth import get_user_model

from championships.services.halls import add_hall, give_role, remove_hall, remove_role
from common.refusals import Refused
from tests.at_the_table import TESTS
from tournaments.models import JournalEntry


@pytest.fixture
def hall(tournament):
    return add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=10, by=TESTS)


@pytest.fixture
def account(db):  # noqa: ARG001 - db: it writes to the test database
    return get_user_model().objects.create_user(username="salle-a", password="x")


def test_halls_are_numbered_and_journalled(tournament, hall):
    second = add_hall(
        tournament=tournament, name="Salle B", first_table=11, last_table=20, by=TESTS
    )

    assert (hall.number, second.number) == (1, 2)
    assert JournalEntry.objects.filter(action="hall.added").count() == 2


def test_a_hall_overlapping_another_is_refused_naming_it(tournament, hall):  # noqa: ARG001
    with pytest.raises(Refused) as refused:
        add_hall(tournament=tournament, name="Salle B", first_table=10, last_table=20, by=TESTS)

    assert refused.value.message == "Les tables 1 à 10 sont déjà celles de la salle « Salle A »."
    assert tournament.halls.count() == 1


def test_a_hall_ending_before_it_starts_is_refused(tournament):
    with pytest.raises(Refused):
        add_hall(tournament=tournament, name="Salle B", first_table=9, last_table=3, by=TESTS)


def test_a_hall_arbitre_needs_a_hall(tournament, account):
    with pytest.raises(Refused) as refused:
        give_role(
            tournament=tournament, username=account.username, role="salle", hall=None, by=TESTS
        )

    assert refused.value.field == "hall"


def test_a_role_goes_to_an_existing_account_only(tournament, hall):
    with pytest.raises(Refused) as refused:
        give_role(tournament=tournament, username="personne", role="salle", hall=hall, by=TESTS)

    assert refused.value.code == "no_account"


def test_the_clubs_arbitre_needs_no_role(tournament, arbitre, hall):
    with pytest.raises(Refused) as refused:
        give_role(
            tournament=tournament, username=arbitre.username, role="salle", hall=hall, by=TESTS
        )

    assert refused.value.code == "club_arbitre"


def test_an_account_holds_one_role_per_tournament(tournament, hall, account):
    give_role(tournament=tournament, username=account.username, role="salle", hall=hall, by=TESTS)

    with pytest.raises(Refused) as refused:
        give_role(
            tournament=tournament, username=account.username, role="pointeur", hall=None, by=TESTS
        )

    assert refused.value.code == "has_role"


def test_a_staffed_hall_is_not_removed_until_its_role_is(tournament, hall, account):
    role = give_role(
        tournament=tournament, username=account.username, role="salle", hall=hall, by=TESTS
    )

    with pytest.raises(Refused):
        remove_hall(hall=hall, by=TESTS)
    remove_role(role=role, by=TESTS)
    remove_hall(hall=hall, by=TESTS)

    assert not tournament.halls.exists()
    assert [e.action for e in JournalEntry.objects.order_by("pk")][-3:] == [
        "role.given",
        "role.removed",
        "hall.removed",
    ]
