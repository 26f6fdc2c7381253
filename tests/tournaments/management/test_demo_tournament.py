"""The demo tournament a newcomer sees: realistic, balanced, and safe to load twice."""

import pytest
from django.core.management import call_command

from tests import fft_example
from tests.module_db import loaded_for_the_module
from tournaments.management.commands.demo_tournament import DEMO_NAME
from tournaments.models import Deal, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo_loaded(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """The demo loaded once for the module (it plays two positions through the services), in
    a transaction rolled back after the module's tests, whose own transactions nest in it:
    what a test writes (the command run again) is rolled back after that test."""
    with loaded_for_the_module(django_db_blocker, "demo_tournament"):
        yield Tournament.objects.get(name=DEMO_NAME).pk


@pytest.fixture
def demo(demo_loaded):
    """The demo tournament, read afresh for each test."""
    return Tournament.objects.get(pk=demo_loaded)


def deal_sums(tournament):
    deals = Deal.objects.filter(table__position__tournament=tournament)
    return [sum(m or 0 for m in deal.marques().values()) for deal in deals]


def test_every_demo_deal_sums_to_zero(demo):
    sums = deal_sums(demo)

    assert len(sums) > 50
    assert set(sums) == {0}


@pytest.mark.usefixtures("demo")
def test_demo_runs_twice_and_keeps_one_tournament():
    call_command("demo_tournament", stdout=open("/dev/null", "w"))  # noqa: SIM115

    assert Tournament.objects.filter(name=DEMO_NAME).count() == 1
    assert set(deal_sums(Tournament.objects.get(name=DEMO_NAME))) == {0}


def test_demo_if_absent_leaves_an_existing_demo_alone(demo):
    call_command("demo_tournament", "--if-absent", stdout=open("/dev/null", "w"))  # noqa: SIM115

    assert Tournament.objects.get(name=DEMO_NAME).pk == demo.pk


def test_demo_has_28_players_and_a_table_of_3(demo):
    first = demo.positions.get(number=1)
    table_sizes = sorted(table.seats.count() for table in first.tables.all())

    assert demo.registrations.count() == 28
    assert table_sizes == [3, 4, 4, 4, 4, 4, 4]


def test_demo_first_position_is_fully_played(demo):
    first = demo.positions.get(number=1)

    assert first.closed_at is not None
    assert [table.deals.count() for table in first.tables.all()] == [5] * 7


def test_demo_table_1_is_the_fft_example_sheet(demo):
    table = demo.positions.get(number=1).tables.get(number=1)
    bilans = {place: sum(deal.marque(place) for deal in table.deals.all()) for place in "NSEO"}

    assert bilans == fft_example.BILANS


def test_demo_shows_every_kind_of_prime(demo):
    deals = Deal.objects.filter(table__position__tournament=demo)

    assert {d.contract for d in deals} >= {"prise", "garde", "garde_sans", "garde_contre"}
    assert {d.chelem for d in deals} >= {
        "announced_made",
        "unannounced_made",
        "announced_failed",
        "defense",
    }
    assert {d.petit_au_bout for d in deals} >= {"attack", "defense"}
    assert {size for d in deals for size in d.poignees().values()} == {"simple", "double", "triple"}


def test_demo_second_position_is_under_way(demo):
    second = demo.positions.get(number=2)
    counts = [table.deals.count() for table in second.tables.all()]

    assert second.seating_published_at is not None
    assert min(counts) < 5
    assert max(counts) == 5


def test_demo_belongs_to_its_club_whose_own_players_are_members(demo):
    club = demo.club
    members = {member.player.last_name for member in club.members.select_related("player")}
    from_the_club = {
        registration.player.last_name
        for registration in demo.registrations.select_related("player")
        if registration.player.club == "Tarot Club Lyonnais"
    }

    assert (club.name, club.town) == ("Tarot Club Lyonnais", "Lyon")
    assert [user.username for user in club.arbitres.all()] == ["arbitre"]
    assert members == from_the_club and len(members) == 8


@pytest.mark.usefixtures("demo")
def test_demo_run_twice_keeps_one_club_and_its_members():
    call_command("demo_tournament", stdout=open("/dev/null", "w"))  # noqa: SIM115

    club = Tournament.objects.get(name=DEMO_NAME).club
    assert club.members.count() == 8
    assert club.journal.filter(action="club.created").count() == 1
