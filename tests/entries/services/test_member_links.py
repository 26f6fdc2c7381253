"""The members' own pages of the club's evenings: the links the arbitre sends (the same until
renewed), and the answer from there, counted where the arbitre counts the tables."""

import pytest

from common.refusals import Refused
from entries.links import member_token
from entries.models import EntryStatus, MemberLink, MemberLinkJournalEntry
from entries.selectors.entries import tables_to_prepare
from entries.selectors.members import evening_members, member_of_token
from entries.services.members import (
    answer_from_member_page,
    renew_evenings_link,
    send_evenings_links,
)
from tests.at_the_table import TESTS
from tests.entries.conftest import club_member, member_link_token, open_evening
from tests.entries.services.test_entering import VISITOR, enter
from tests.factories import club_of


@pytest.fixture
def club(evening):
    return evening.club


@pytest.fixture
def claire(club):
    return club_member(club, email="claire@example.org")


def test_je_viens_from_the_members_page_counts_in_the_tables_to_prepare(evening, claire):
    for number in range(7):
        enter(evening, last_name=f"Joueur{number}", licence=f"50{number}")

    answer_from_member_page(member=claire, tournament=evening, coming=True, by=VISITOR)

    tables = tables_to_prepare(evening)
    assert (tables.players, tables.count, tables.fours) == (8, 2, 2)


def test_je_ne_viens_pas_from_the_members_page_frees_the_place(evening, claire):
    answer_from_member_page(member=claire, tournament=evening, coming=True, by=VISITOR)

    entry = answer_from_member_page(member=claire, tournament=evening, coming=False, by=VISITOR)

    assert entry.status == EntryStatus.DECLINED
    assert tables_to_prepare(evening).players == 0
    (line,) = evening_members(evening).lines
    assert line.coming is False


def test_the_members_page_answers_only_its_own_clubs_evenings(claire, other_arbitre):
    elsewhere = open_evening(other_arbitre)
    # Claire is a member of the other club too: its evening is still not this page's.
    elsewhere.club.members.create(player=claire.player)

    with pytest.raises(Refused, match="pas une soirée de votre club"):
        answer_from_member_page(member=claire, tournament=elsewhere, coming=True, by=VISITOR)


def test_sending_reaches_only_the_members_with_an_address(club, claire):
    club_member(club, last_name="Sans", first_name="Adresse")

    sent = send_evenings_links(club=club, by=TESTS)

    assert sent == [claire]
    assert MemberLink.objects.get().member == claire
    line = MemberLinkJournalEntry.objects.get()
    assert line.after == {"members": ["MARTIN Claire"]}


def test_sending_to_a_member_without_an_address_is_refused_in_french(club):
    nobody = club_member(club, last_name="Sans", first_name="Adresse")

    with pytest.raises(Refused, match="n'a pas d'adresse e-mail"):
        send_evenings_links(club=club, member=nobody, by=TESTS)


def test_sending_again_sends_the_same_link(claire):
    token = member_link_token(claire)

    send_evenings_links(club=claire.club, member=claire, by=TESTS)

    assert member_of_token(claire.club_id, token) == claire


def test_a_renewed_link_stops_the_one_sent_before(claire):
    old = member_link_token(claire)

    link = renew_evenings_link(member=claire, by=TESTS)

    assert member_of_token(claire.club_id, old) is None
    assert member_of_token(claire.club_id, member_token(claire.pk, link.key)) == claire


def test_a_link_is_not_another_clubs(claire, other_arbitre):
    token = member_link_token(claire)

    assert member_of_token(club_of(other_arbitre).pk, token) is None


def test_a_member_taken_off_the_club_loses_the_link(claire):
    token = member_link_token(claire)

    claire.delete()

    assert member_of_token(claire.club_id, token) is None
