"""Entering online: registered while places are left, then the waiting list in order of
arrival; one record per licence; the same licence twice « déjà inscrit(e) »."""

import datetime

import pytest
from django.utils import timezone

from clubs.models import Player
from common.actors import Actor
from common.refusals import Refused
from entries.models import Entry, EntryAction, EntryStatus
from entries.services.entries import submit_entry
from entries.services.openings import close_opening_early, set_opening
from tests.at_the_table import TESTS
from tests.entries.conftest import open_evening
from tests.factories import club_player
from tournaments.services.registrations import register_player

VISITOR = Actor.visitor()


def enter(tournament, last_name="Martin", first_name="Claire", licence="", **typed):
    return submit_entry(
        tournament=tournament,
        last_name=last_name,
        first_name=first_name,
        licence=licence,
        club=typed.pop("club", "TC Lyon"),
        email=typed.pop("email", f"{last_name.lower().encode('ascii', 'ignore').decode()}@ex.org"),
        by=VISITOR,
    )


def test_an_entry_with_places_left_is_registered_in_the_tournament(evening):
    entry = enter(evening, licence="0412345")

    assert entry.status == EntryStatus.REGISTERED
    assert entry.registration.tournament == evening
    assert entry.registration.player.licence == "0412345"
    assert entry.registration.number == 1


def test_past_the_capacity_entries_wait_in_order_of_arrival(arbitre):
    tournament = open_evening(arbitre, capacity=2)

    entries = [enter(tournament, last_name=f"Joueur{n}", licence=f"100{n}") for n in range(5)]

    assert [entry.status for entry in entries] == ["registered"] * 2 + ["waiting"] * 3
    assert [entry.rank for entry in entries[2:]] == [1, 2, 3]
    assert all(entry.registration is None for entry in entries[2:])
    assert tournament.registrations.count() == 2


def test_a_licence_already_known_names_the_same_record(evening):
    known = Player.objects.create(last_name="Lefèvre", first_name="Gaëlle", licence="0412345")

    entry = enter(evening, last_name="LEFEVRE", first_name="Gaelle", licence="0412345")

    assert entry.player == known
    assert Player.objects.filter(licence="0412345").count() == 1


def test_a_licence_under_another_name_is_refused_without_naming_its_holder(evening):
    Player.objects.create(last_name="Lefèvre", first_name="Gaëlle", licence="0412345")

    with pytest.raises(Refused) as refused:
        enter(evening, last_name="Dupont", licence="0412345")

    assert "autre nom" in refused.value.message
    assert "Lefèvre" not in refused.value.message.upper() + refused.value.message


def test_the_same_licence_twice_is_told_already_registered(evening):
    enter(evening, licence="0412345")

    with pytest.raises(Refused, match=r"Déjà inscrit\(e\)"):
        enter(evening, licence="0412345", email="autre@example.org")
    assert Entry.objects.filter(tournament=evening).count() == 1


def test_a_player_the_arbitre_registered_himself_is_told_already_registered(evening):
    member = club_player(evening.club, last_name="Martin", first_name="Claire", licence="0412345")
    register_player(tournament=evening, player=member, by=TESTS)

    with pytest.raises(Refused, match=r"Déjà inscrit\(e\)"):
        enter(evening, licence="0412345")


def test_a_name_the_club_knows_without_licence_is_held_for_the_arbitre(evening):
    club_player(evening.club, last_name="Martin", first_name="Claire")

    entry = enter(evening)

    assert entry.held
    assert entry.status == EntryStatus.REGISTERED
    assert entry.registration is None
    assert Player.objects.filter(last_name="Martin").count() == 1


def test_a_new_name_makes_one_new_record(evening):
    entry = enter(evening, last_name="Nouveau", first_name="Joueur")

    assert entry.player.last_name == "Nouveau"
    assert entry.registration.player == entry.player


def test_a_closed_registration_refuses_the_entry(evening):
    close_opening_early(tournament=evening, by=TESTS)

    with pytest.raises(Refused, match="closes"):
        enter(evening)
    assert not Entry.objects.exists()


def test_a_registration_not_yet_open_refuses_the_entry(arbitre):
    tournament = open_evening(arbitre)
    now = timezone.now()
    set_opening(
        tournament=tournament,
        opens_at=now + datetime.timedelta(days=1),
        closes_at=now + datetime.timedelta(days=2),
        capacity=None,
        eligibility="everyone",
        by=TESTS,
    )

    with pytest.raises(Refused, match="pas encore ouvertes"):
        enter(tournament)


def test_licensed_only_asks_for_the_licence(arbitre):
    tournament = open_evening(arbitre, eligibility="licensed")

    with pytest.raises(Refused, match="licenciés") as refused:
        enter(tournament)
    assert refused.value.field == "licence"


def test_members_only_refuses_who_is_no_member(arbitre):
    tournament = open_evening(arbitre, eligibility="members")

    with pytest.raises(Refused, match="membres du club"):
        enter(tournament, last_name="Inconnu", licence="0999999")
    assert not Player.objects.filter(licence="0999999").exists()


def test_members_only_takes_a_member_by_licence(arbitre):
    tournament = open_evening(arbitre, eligibility="members")
    member = club_player(tournament.club, last_name="Martin", first_name="Claire", licence="777")

    assert enter(tournament, licence="777").player == member


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("last_name", "x" * 101),
        ("last_name", "Mar\x00tin"),
        ("last_name", "Mar\u200btin"),
        ("licence", "04A123"),
        ("email", "pas-une-adresse"),
        ("email", ""),
        ("first_name", "   "),
    ],
)
def test_hostile_values_are_refused_in_french_on_their_field(evening, field, value):
    typed = {"last_name": "Martin", "first_name": "Claire", "licence": "", "email": "c@ex.org"}
    typed[field] = value

    with pytest.raises(Refused) as refused:
        submit_entry(tournament=evening, club="", by=VISITOR, **typed)

    assert refused.value.field == field
    assert not Entry.objects.exists()


def test_every_entry_is_journalled_as_registered_or_waiting(arbitre):
    tournament = open_evening(arbitre, capacity=1)
    enter(tournament, last_name="Premier", licence="1")
    enter(tournament, last_name="Second", licence="2")

    actions = list(
        tournament.entry_journal.order_by("at", "pk").values_list("action", "actor_kind")
    )

    assert actions[-2:] == [
        (EntryAction.ENTERED, "visitor"),
        (EntryAction.WAITLISTED, "visitor"),
    ]


def test_a_held_entry_sent_twice_is_told_already_registered(evening):
    club_player(evening.club, last_name="Martin", first_name="Claire")
    enter(evening)

    with pytest.raises(Refused, match=r"Déjà inscrit\(e\)"):
        enter(evening, last_name="MARTIN")
    assert Entry.objects.count() == 1
