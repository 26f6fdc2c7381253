"""A place freed goes to the waiting list's first, told by e-mail; the withdrawal link works
once and until the tournament's day; the arbitre cancels, promotes, moves, closes, and says
who a homonym is; everything journalled."""

import datetime

import pytest

from clubs.models import Player
from common.actors import Actor
from common.refusals import Refused
from entries.models import Entry, EntryAction, EntryJournalEntry, EntryStatus
from entries.services.entries import (
    cancel_entry,
    move_entry,
    promote_entry,
    resolve_entry,
    withdraw_entry,
)
from entries.services.openings import set_opening
from tests.at_the_table import TESTS
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import VISITOR, enter
from tests.factories import club_player
from tournaments.services.members import merge_players
from tournaments.services.registrations import unregister_player


@pytest.fixture
def full(arbitre):
    """Two places taken, three waiting."""
    tournament = open_evening(arbitre, capacity=2)
    entries = [enter(tournament, last_name=f"Joueur{n}", licence=f"100{n}") for n in range(5)]
    return tournament, entries


def refreshed(entries):
    for entry in entries:
        entry.refresh_from_db()
    return entries


def test_a_withdrawal_gives_the_place_to_the_first_waiting(full):
    tournament, entries = full

    withdraw_entry(entry=entries[0], nonce=entries[0].withdraw_nonce, by=VISITOR)

    first, _second, promoted, *waiting = refreshed(entries)
    assert first.status == EntryStatus.WITHDRAWN
    assert first.registration is None
    assert promoted.status == EntryStatus.REGISTERED
    assert promoted.registration is not None
    assert [entry.status for entry in waiting] == ["waiting", "waiting"]
    assert sorted(r.player.last_name for r in tournament.registrations.all()) == [
        "Joueur1",
        "Joueur2",
    ]


def test_the_withdrawal_link_works_once(full):
    _tournament, entries = full
    nonce = entries[0].withdraw_nonce
    withdraw_entry(entry=entries[0], nonce=nonce, by=VISITOR)

    with pytest.raises(Refused, match="déjà servi"):
        withdraw_entry(entry=refreshed(entries)[0], nonce=nonce, by=VISITOR)


def test_the_withdrawal_link_expires_with_the_tournament(full):
    tournament, entries = full
    tournament.date -= datetime.timedelta(days=30)
    tournament.save()
    entries[0].refresh_from_db()

    with pytest.raises(Refused, match="expiré"):
        withdraw_entry(entry=entries[0], nonce=entries[0].withdraw_nonce, by=VISITOR)


def test_a_withdrawn_waiting_entry_frees_no_place(full):
    _tournament, entries = full

    withdraw_entry(entry=entries[3], nonce=entries[3].withdraw_nonce, by=VISITOR)

    assert [entry.status for entry in refreshed(entries)] == [
        "registered", "registered", "waiting", "withdrawn", "waiting",
    ]  # fmt: skip


def test_the_arbitre_cancels_and_the_first_waiting_takes_the_place(full):
    tournament, entries = full

    cancel_entry(entry=entries[1], by=TESTS)

    assert [entry.status for entry in refreshed(entries)][:3] == [
        "registered", "cancelled", "registered",
    ]  # fmt: skip
    assert tournament.entry_journal.filter(action=EntryAction.CANCELLED).count() == 1
    assert tournament.entry_journal.filter(action=EntryAction.PROMOTED).count() == 1


def test_the_arbitre_promotes_past_the_capacity(full):
    tournament, entries = full

    promote_entry(entry=entries[4], by=TESTS)

    assert refreshed(entries)[4].status == EntryStatus.REGISTERED
    assert tournament.registrations.count() == 3


def test_the_arbitre_moves_a_waiting_entry_up(full):
    _tournament, entries = full

    move_entry(entry=entries[4], up=True, by=TESTS)

    ranks = {entry.last_name: entry.rank for entry in refreshed(entries)[2:]}
    assert ranks == {"Joueur2": 1, "Joueur3": 3, "Joueur4": 2}


def test_a_move_past_the_end_changes_nothing(full):
    _tournament, entries = full

    move_entry(entry=entries[2], up=True, by=TESTS)

    assert refreshed(entries)[2].rank == 1


def test_a_registered_entry_cannot_be_moved_nor_promoted(full):
    _tournament, entries = full

    with pytest.raises(Refused, match="pas en liste d'attente"):
        move_entry(entry=entries[0], up=True, by=TESTS)
    with pytest.raises(Refused, match="pas en liste d'attente"):
        promote_entry(entry=entries[0], by=TESTS)


def test_a_larger_capacity_takes_the_waiting_in(full):
    tournament, entries = full
    opening = tournament.opening
    set_opening(
        tournament=tournament,
        opens_at=opening.opens_at,
        closes_at=opening.closes_at,
        capacity=4,
        eligibility=opening.eligibility,
        by=TESTS,
    )

    assert [entry.status for entry in refreshed(entries)] == ["registered"] * 4 + ["waiting"]


def test_the_arbitre_says_a_held_entry_is_a_known_record(evening):
    known = club_player(evening.club, last_name="Martin", first_name="Claire")
    entry = enter(evening)

    resolve_entry(entry=entry, player=known, by=TESTS)

    entry.refresh_from_db()
    assert entry.player == known
    assert entry.registration.player == known


def test_the_arbitre_says_a_held_entry_is_another_person(evening):
    club_player(evening.club, last_name="Martin", first_name="Claire")
    entry = enter(evening)

    resolve_entry(entry=entry, player=None, by=TESTS)

    entry.refresh_from_db()
    assert Player.objects.filter(last_name="Martin").count() == 2
    assert entry.registration.player == entry.player


def test_a_held_entry_cannot_be_given_a_record_of_another_name(evening):
    club_player(evening.club, last_name="Martin", first_name="Claire")
    stranger = Player.objects.create(last_name="Autre", first_name="Nom")
    entry = enter(evening)

    with pytest.raises(Refused, match="Joueur inconnu"):
        resolve_entry(entry=entry, player=stranger, by=TESTS)


def test_a_player_taken_off_in_joueurs_frees_the_place_for_the_first_waiting(full):
    tournament, entries = full

    unregister_player(registration=entries[0].registration, by=TESTS)

    first, _second, promoted, *_rest = refreshed(entries)
    assert first.status == EntryStatus.CANCELLED
    assert promoted.status == EntryStatus.REGISTERED
    assert tournament.registrations.count() == 2


def test_a_tournament_deleted_takes_its_entries_with_it(full):
    tournament, _entries = full

    tournament.delete()

    assert not Entry.objects.exists()
    assert not EntryJournalEntry.objects.exists()


def test_a_record_merged_into_another_leaves_its_entry_to_the_record_kept(arbitre, evening):
    kept = club_player(evening.club, last_name="Martin", first_name="Claire", licence="0412345")
    merged = club_player(evening.club, last_name="MARTIN", first_name="Claire")
    entry = enter(evening, licence="")  # held: two records under this name
    resolve_entry(entry=entry, player=merged, by=TESTS)

    merge_players(club=evening.club, kept=kept, merged=merged, by=Actor.arbitre(arbitre))

    entry.refresh_from_db()
    assert entry.player == kept
    assert entry.registration.player == kept
