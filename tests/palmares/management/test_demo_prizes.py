"""The demo championship's prize table: ``./dev serve`` shows a prize list at once, with a
share of the takings, prizes for the ladies and the young, and a paid place shared."""

import pytest
from django.core.management import call_command

from championships.management.commands.demo_championship import DEMO_NAME
from palmares.models import PotKind, PrizeJournalEntry, PrizeTable
from palmares.selectors.prize_lists import prize_list
from tests.module_db import kept_for_the_module
from tournaments.models import Tournament


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):  # noqa: ARG001 - the database first
    """The demo championship and its prize table, built once for the module and rolled back
    after it."""
    with django_db_blocker.unblock(), kept_for_the_module():
        call_command("demo_championship", stdout=None)
        call_command("demo_prizes", stdout=None)
        yield Tournament.objects.get(name=DEMO_NAME)


@pytest.fixture
def shown(demo):
    return prize_list(PrizeTable.objects.get(tournament=demo))


@pytest.mark.django_db
def test_the_demo_pays_a_share_of_its_takings_to_the_cent(shown):
    assert shown.pot_kind == PotKind.TAKINGS
    assert (shown.takings_cents, shown.pot_cents) == (64 * 1500, 64 * 1500 * 70 // 100)
    assert shown.paid_cents + shown.unawarded_cents + shown.unallotted_cents == shown.pot_cents


@pytest.mark.django_db
def test_the_demo_gives_prizes_to_ladies_and_to_the_young(shown):
    labels = {line.label for line in shown.paid}

    assert {"1re dame", "2e dame", "1er jeune"} <= labels
    assert shown.unawarded == []


@pytest.mark.django_db
def test_the_demo_shares_a_paid_place_between_ex_aequo(shown):
    shared = [line for line in shown.paid if line.shared_with]

    assert len(shared) >= 2
    # « 6e et 7e places », « de la 6e à la 8e place », or « 8e place » shared with the 9th,
    # whose place pays nothing.
    assert all("place" in line.label for line in shared), [line.label for line in shared]


@pytest.mark.django_db
def test_the_demo_table_is_journalled_by_its_script(demo):
    entry = PrizeJournalEntry.objects.get(tournament=demo)

    assert (entry.actor_kind, entry.actor_script) == ("script", "demo_prizes")


@pytest.mark.django_db
@pytest.mark.usefixtures("demo")
def test_if_absent_leaves_the_table_as_it_is():
    table = PrizeTable.objects.get()

    call_command("demo_prizes", if_absent=True, stdout=None)

    assert PrizeTable.objects.get().pk == table.pk
