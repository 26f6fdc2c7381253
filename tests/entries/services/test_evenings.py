"""A club member's « je viens » / « je ne viens pas », and the reminder of the day before."""

import io

import pytest
from django.core.management import call_command

from common.refusals import Refused
from entries.models import Entry, EntryStatus
from entries.selectors.entries import member_evenings, tables_to_prepare
from entries.services.evenings import answer_evening
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import VISITOR, enter
from tests.factories import club_player


@pytest.fixture
def member(evening):
    return club_player(evening.club, last_name="Martin", first_name="Claire", licence="0412345")


def answer(evening, member, coming):
    return answer_evening(
        tournament=evening, player=member, email="claire@example.org", coming=coming, by=VISITOR
    )


def test_je_viens_registers_the_member(evening, member):
    entry = answer(evening, member, coming=True)

    assert entry.status == EntryStatus.REGISTERED
    assert entry.registration.player == member


def test_je_ne_viens_pas_takes_the_member_off(evening, member):
    answer(evening, member, coming=True)

    answer(evening, member, coming=False)

    assert evening.registrations.count() == 0
    assert Entry.objects.get(player=member).status == EntryStatus.DECLINED


def test_je_ne_viens_pas_first_is_kept_as_an_answer(evening, member):
    answer(evening, member, coming=False)

    (found,) = member_evenings(member)
    assert found.coming is False


def test_an_evening_of_another_club_is_refused(other_arbitre, member):
    elsewhere = open_evening(other_arbitre)

    with pytest.raises(Refused, match="pas membre"):
        answer(elsewhere, member, coming=True)


def test_the_tables_to_prepare_count_the_members_coming(evening):
    for number in range(9):
        enter(evening, last_name=f"Joueur{number}", licence=f"50{number}")

    tables = tables_to_prepare(evening)

    assert (tables.players, tables.count, tables.fours, tables.threes) == (9, 3, 0, 3)


def test_the_reminder_goes_once_to_tomorrows_players(
    arbitre, smtp, django_capture_on_commit_callbacks
):
    tomorrow = open_evening(arbitre, days_ahead=1)
    next_week = open_evening(arbitre, name="Soirée suivante")
    enter(tomorrow, licence="1", email="demain@example.org")
    enter(next_week, licence="2", email="plus-tard@example.org")
    already = len(smtp.wait_for(0))

    with django_capture_on_commit_callbacks(execute=True):
        call_command("remind_entries", stdout=io.StringIO())
    with django_capture_on_commit_callbacks(execute=True):
        call_command("remind_entries", stdout=io.StringIO())

    reminders = smtp.wait_for(already + 1)[already:]
    assert [message["To"] for message in reminders] == ["demain@example.org"]
    assert str(reminders[0]["Subject"]).strip().startswith("C'est demain")
