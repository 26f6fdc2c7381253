"""The journal: every service that changes a tournament writes exactly one entry, with who
acted, the action, what it was on, and the fields it changed before and after."""

import datetime
from collections.abc import Callable

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from championships.services.draws import commit_draw, enter_room_seed
from common.actors import Actor, ActorKind
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import ROOM_SEED, club_of, plan_committed, register, start
from tournaments.choices import Place
from tournaments.deal_scoring import DealResult
from tournaments.models import JournalEntry, Position, Tournament
from tournaments.services import journal
from tournaments.services.deals import correct_deal, delete_deal, record_deal
from tournaments.services.imports import import_registrations
from tournaments.services.penalties import add_penalty, cancel_penalty
from tournaments.services.positions import close_position, handle_call, reopen_position
from tournaments.services.registrations import (
    cancel_withdrawal,
    check_in,
    create_team,
    delete_team,
    register_player,
    set_team,
    unregister_player,
    update_registration,
    withdraw_player,
)
from tournaments.services.seating import plan_position, publish_seating, swap_seats
from tournaments.services.sheets import confirm_bilan, unlock_sheet
from tournaments.services.tables import grant_device_link
from tournaments.services.tournaments import (
    create_tournament,
    publish_tournament,
    update_tournament,
)

Action = JournalEntry.Action
PRISE = DealResult(taker=Place.NORD, contract="prise", bouts=1, points=55)


def only_entry(write: Callable[[], object]) -> JournalEntry:
    """The one entry ``write`` adds to the journal (failing if it adds none, or several)."""
    known = set(JournalEntry.objects.values_list("pk", flat=True))
    write()
    added = list(JournalEntry.objects.exclude(pk__in=known))
    assert len(added) == 1, [entry.action for entry in added]
    return added[0]


@pytest.fixture
def as_arbitre(arbitre):
    return Actor.arbitre(arbitre)


@pytest.fixture
def one_deal_tournament(tournament):
    tournament.deals_per_position = 1
    tournament.save()
    return tournament


# --- The tournament ------------------------------------------------------------------------


def test_creating_a_tournament_is_kept_with_its_settings(arbitre, as_arbitre):
    settings = {"name": "Open d'hiver", "date": datetime.date(2026, 12, 5), "positions_count": 4}

    club = club_of(arbitre)

    entry = only_entry(lambda: create_tournament(club=club, settings=settings, by=as_arbitre))

    assert (entry.action, entry.actor_kind, entry.actor_user) == (
        Action.TOURNAMENT_CREATED,
        ActorKind.ARBITRE,
        arbitre,
    )
    assert entry.before == {}
    assert entry.after["name"] == "Open d'hiver"
    assert entry.after["date"] == "2026-12-05"
    assert entry.after["positions_count"] == 4


def test_changing_the_settings_keeps_only_the_fields_changed(tournament, as_arbitre):
    entry = only_entry(
        lambda: update_tournament(
            tournament=tournament,
            settings={"name": "Tournoi du club", "venue": "Gymnase"},
            by=as_arbitre,
        )
    )

    assert entry.action == Action.TOURNAMENT_UPDATED
    assert (entry.before, entry.after) == ({"venue": "Salle des fêtes"}, {"venue": "Gymnase"})


def test_hiding_a_tournament_says_so(tournament, as_arbitre):
    entry = only_entry(
        lambda: publish_tournament(tournament=tournament, published=False, by=as_arbitre)
    )

    assert entry.action == Action.TOURNAMENT_HIDDEN
    assert (entry.before, entry.after) == ({"published": True}, {"published": False})


# --- Registrations, check-in, withdrawals ---------------------------------------------------


def test_registering_a_player_names_the_registration_and_the_script(tournament):
    entry = only_entry(
        lambda: register_player(
            tournament=tournament, last_name="Morel", first_name="Lou", checked_in=True, by=TESTS
        )
    )

    assert (entry.action, entry.actor_kind, entry.actor_script) == (
        Action.REGISTRATION_REGISTERED,
        ActorKind.SCRIPT,
        "tests",
    )
    assert entry.subject_type == "registration"
    assert entry.subject == "1. MOREL Lou"
    assert entry.after == {
        "last_name": "Morel",
        "first_name": "Lou",
        "number": 1,
        "checked_in": True,
    }


def test_correcting_a_registration_keeps_the_club_before_and_after(registrations, as_arbitre):
    registration = registrations[0]

    entry = only_entry(
        lambda: update_registration(
            registration=registration,
            last_name=registration.player.last_name,
            first_name=registration.player.first_name,
            licence=registration.player.licence,
            club="Les Excuses",
            by=as_arbitre,
        )
    )

    assert entry.action == Action.REGISTRATION_UPDATED
    assert (entry.before, entry.after) == ({"club": ""}, {"club": "Les Excuses"})


def test_unregistering_keeps_who_it_was(registrations, as_arbitre):
    entry = only_entry(lambda: unregister_player(registration=registrations[7], by=as_arbitre))

    assert entry.action == Action.REGISTRATION_UNREGISTERED
    assert entry.subject == "8. JOUEUR8 Prénom"
    assert entry.before["last_name"] == "Joueur8"
    assert entry.after == {}


def test_a_csv_import_is_one_entry_with_its_count(tournament, as_arbitre):
    content = "nom;prénom\nMorel;Lou\nBlanc;Ana\n".encode()

    entry = only_entry(
        lambda: import_registrations(tournament=tournament, content=content, by=as_arbitre)
    )

    assert entry.action == Action.REGISTRATION_IMPORTED
    assert entry.after == {"count": 2}


def test_a_refused_import_writes_nothing(tournament, as_arbitre):
    import_registrations(tournament=tournament, content=b"nom;prenom\n;Lou\n", by=as_arbitre)

    assert not JournalEntry.objects.exists()


def test_checking_in_a_player_before_play(tournament, as_arbitre):
    registration = register_player(
        tournament=tournament, last_name="Morel", first_name="Lou", by=TESTS
    )

    entry = only_entry(lambda: check_in(registration=registration, present=True, by=as_arbitre))

    assert entry.action == Action.REGISTRATION_CHECKED_IN
    assert (entry.before, entry.after) == ({"checked_in": False}, {"checked_in": True})


def test_a_player_pointed_once_play_started_is_a_late_arrival(tournament, as_arbitre):
    register(tournament, 8)
    start(plan_committed(tournament=tournament, number=1, by=TESTS))
    late = register_player(tournament=tournament, last_name="Tardieu", first_name="Zoé", by=TESTS)

    entry = only_entry(lambda: check_in(registration=late, present=True, by=as_arbitre))

    assert entry.action == Action.REGISTRATION_LATE
    assert entry.after == {"checked_in": True, "joins_from": 2}


def test_pointing_a_player_as_they_already_are_writes_nothing(registrations, as_arbitre):
    check_in(registration=registrations[0], present=True, by=as_arbitre)

    assert not JournalEntry.objects.exists()


def test_a_withdrawal_and_its_cancellation(registrations, as_arbitre):
    registration = registrations[0]

    withdrawn = only_entry(lambda: withdraw_player(registration=registration, by=as_arbitre))
    back = only_entry(lambda: cancel_withdrawal(registration=registration, by=as_arbitre))

    assert withdrawn.action == Action.REGISTRATION_WITHDRAWN
    assert (withdrawn.before, withdrawn.after) == ({"withdrawn_from": None}, {"withdrawn_from": 1})
    assert back.action == Action.REGISTRATION_RETURNED
    assert (back.before, back.after) == ({"withdrawn_from": 1}, {"withdrawn_from": None})


# --- Teams ---------------------------------------------------------------------------------


@pytest.fixture
def duo(tournament):
    tournament.formula = "duo"
    tournament.save()
    return tournament


def test_teams_created_joined_and_deleted(duo, registrations, as_arbitre):
    created = only_entry(
        lambda: create_team(
            tournament=duo, name="Les As", members=[registrations[0]], by=as_arbitre
        )
    )
    team = duo.teams.get()
    joined = only_entry(lambda: set_team(registration=registrations[1], team=team, by=as_arbitre))
    deleted = only_entry(lambda: delete_team(team=team, by=as_arbitre))

    assert created.action == Action.TEAM_CREATED
    assert created.after == {"name": "Les As", "members": ["1. JOUEUR1 Prénom"]}
    assert joined.action == Action.TEAM_CHANGED
    assert (joined.subject, joined.before, joined.after) == (
        "2. JOUEUR2 Prénom",
        {"team": None},
        {"team": "Les As"},
    )
    assert deleted.action == Action.TEAM_DELETED
    assert deleted.before["members"] == ["1. JOUEUR1 Prénom", "2. JOUEUR2 Prénom"]


# --- Seating -------------------------------------------------------------------------------


@pytest.mark.usefixtures("registrations")
def test_planning_a_position_is_kept_on_that_position(tournament, as_arbitre):
    commit_draw(tournament=tournament, number=1, by=as_arbitre)
    enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=as_arbitre)
    entry = only_entry(lambda: plan_position(tournament=tournament, number=1, by=as_arbitre))

    assert entry.action == Action.SEATING_PLANNED
    assert (entry.position_number, entry.table_number) == (1, None)
    assert {"tables": 2, "players": 8}.items() <= entry.after.items()
    assert len(entry.after["seed"]) == 16


@pytest.mark.usefixtures("registrations")
def test_planning_again_says_which_later_positions_were_drawn_again(tournament):
    for number in (1, 2, 3):
        plan_committed(tournament=tournament, number=number, by=TESTS)
    commit_draw(tournament=tournament, number=1, by=TESTS, reason="Un joueur en retard.")
    enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=TESTS)
    before = JournalEntry.objects.order_by("pk").last().pk

    plan_position(tournament=tournament, number=1, by=TESTS)

    kept = JournalEntry.objects.filter(pk__gt=before).order_by("position_number")
    assert [(entry.position_number, entry.action) for entry in kept] == [
        (1, Action.SEATING_PLANNED),
        (2, Action.SEATING_REPLANNED),
        (3, Action.SEATING_REPLANNED),
    ]


def test_a_swap_names_both_seats_before_and_after(table, as_arbitre):
    position = table.position
    north, east = table.seats.get(place="N"), table.seats.get(place="E")

    entry = only_entry(
        lambda: swap_seats(position=position, first=north, second=east, by=as_arbitre)
    )

    assert entry.action == Action.SEATING_SWAPPED
    assert (entry.position_number, entry.table_number) == (1, 1)
    assert entry.before == {"Table 1 Nord": "1. JOUEUR1 Prénom", "Table 1 Est": "2. JOUEUR2 Prénom"}
    assert entry.after == {"Table 1 Nord": "2. JOUEUR2 Prénom", "Table 1 Est": "1. JOUEUR1 Prénom"}


def test_publishing_a_seating_starts_the_tournament(table, as_arbitre):
    publish_seating(position=table.position, by=as_arbitre)

    entry = JournalEntry.objects.get(action=Action.SEATING_PUBLISHED)

    assert entry.action == Action.SEATING_PUBLISHED
    assert entry.before == {"seating_published": False, "status": Tournament.Status.PREPARATION}
    assert entry.after == {"seating_published": True, "status": Tournament.Status.RUNNING}


def test_publishing_a_seating_fixes_the_next_positions_commitment(table, as_arbitre):
    publish_seating(position=table.position, by=as_arbitre)

    entry = JournalEntry.objects.get(action=Action.DRAW_COMMITTED)
    assert entry.subject == "Position 2, tirage n° 1"


# --- The sheets ----------------------------------------------------------------------------


def test_a_deal_recorded_by_a_table_names_the_table(table):
    entry = only_entry(
        lambda: record_deal(table=table, number=1, result=PRISE, by=Actor.table_device())
    )

    assert (entry.action, entry.actor_kind, entry.actor_user) == (
        Action.DEAL_RECORDED,
        ActorKind.TABLE,
        None,
    )
    assert (entry.position_number, entry.table_number) == (1, 1)
    assert (entry.subject_type, entry.subject) == ("deal", "Donne 1")
    assert entry.actor_label == "Table 1"
    assert entry.after["contract"] == "prise"
    assert entry.after["marque_nord"] == 87


def test_a_deal_corrected_keeps_what_changed(table, as_arbitre):
    deal = record_deal(table=table, number=1, result=PRISE, by=TESTS)
    garde = DealResult(taker=Place.NORD, contract="garde", bouts=1, points=55)

    entry = only_entry(
        lambda: correct_deal(
            table=table, number=1, version=deal.version, result=garde, by=as_arbitre
        )
    )

    assert entry.action == Action.DEAL_CORRECTED
    assert entry.before == {
        "contract": "prise",
        "marque_nord": 87,
        "marque_est": -29,
        "marque_sud": -29,
        "marque_ouest": -29,
    }
    assert entry.after == {
        "contract": "garde",
        "marque_nord": 174,
        "marque_est": -58,
        "marque_sud": -58,
        "marque_ouest": -58,
    }


def test_a_deal_deleted_keeps_what_it_was(table, as_arbitre):
    deal = record_deal(table=table, number=1, result=PRISE, by=TESTS)

    entry = only_entry(
        lambda: delete_deal(table=table, number=1, version=deal.version, by=as_arbitre)
    )

    assert entry.action == Action.DEAL_DELETED
    assert entry.before["contract"] == "prise"
    assert entry.after == {}


@pytest.mark.usefixtures("one_deal_tournament")
def test_a_deal_corrected_after_bilans_were_confirmed_says_they_are_withdrawn(table):
    deal = record_deal(table=table, number=1, result=PRISE, by=TESTS)
    for place in ("S", "N"):
        confirm_bilan(table=table, place=place, by=Actor.table_device())
    garde = DealResult(taker=Place.NORD, contract="garde", bouts=1, points=55)

    entry = only_entry(
        lambda: correct_deal(
            table=table, number=1, version=deal.version, result=garde, by=Actor.table_device()
        )
    )

    assert entry.after["withdrawn"] == ["Nord", "Sud"]
    assert not table.seats.filter(confirmed_at__isnull=False).exists()


@pytest.mark.usefixtures("one_deal_tournament")
def test_a_signed_sheet_corrected_names_the_bilans_to_confirm_again(table, as_arbitre):
    deal = record_deal(table=table, number=1, result=PRISE, by=TESTS)
    for place in "NESO":
        confirm_bilan(table=table, place=place, by=Actor.table_device())
    # Est takes instead of Nord: Nord's and Est's marques change, Sud's and Ouest's do not.
    est = DealResult(taker=Place.EST, contract="prise", bouts=1, points=55)

    entry = only_entry(
        lambda: correct_deal(
            table=table, number=1, version=deal.version, result=est, by=as_arbitre,
            reason="Preneur mal noté",
        )
    )  # fmt: skip

    assert entry.after["withdrawn"] == ["Nord", "Est"]
    assert entry.after["reason"] == "Preneur mal noté"


def test_a_deal_recorded_on_an_unconfirmed_sheet_withdraws_nothing(table):
    entry = only_entry(lambda: record_deal(table=table, number=1, result=PRISE, by=TESTS))

    assert "withdrawn" not in entry.after


@pytest.mark.usefixtures("one_deal_tournament")
def test_bilans_confirmed_then_the_sheet_signed_then_reopened(table, as_arbitre):
    record_deal(table=table, number=1, result=PRISE, by=TESTS)

    first = only_entry(lambda: confirm_bilan(table=table, place="N", by=Actor.table_device()))
    for place in ("E", "S"):
        confirm_bilan(table=table, place=place, by=Actor.table_device())
    signed = only_entry(lambda: confirm_bilan(table=table, place="O", by=Actor.table_device()))
    reopened = only_entry(
        lambda: unlock_sheet(table=table, by=as_arbitre, reason="Erreur de preneur")
    )

    assert first.action == Action.BILAN_CONFIRMED
    assert (first.subject_type, first.after) == ("seat", {"confirmed": "Nord"})
    assert signed.action == Action.SHEET_SIGNED
    assert signed.after == {"confirmed": "Ouest", "signed": True}
    assert reopened.action == Action.SHEET_REOPENED
    assert (reopened.before, reopened.after) == (
        {"signed": True},
        {"signed": False, "reason": "Erreur de preneur"},
    )


# --- Positions, calls, penalties -----------------------------------------------------------


def test_a_position_forced_closed_then_reopened(table, as_arbitre):
    position = table.position

    closed = only_entry(
        lambda: close_position(position=position, by=as_arbitre, force=True, reason="Panne")
    )
    reopened = only_entry(
        lambda: reopen_position(position=position, by=as_arbitre, reason="Réclamation")
    )

    assert closed.action == Action.POSITION_CLOSED
    assert closed.position_number == 1
    assert closed.after == {
        "closed": True,
        "close_reason": "Panne",
        "unsigned_at_close": [1, 2],
        "status": Tournament.Status.RUNNING,
    }
    assert reopened.action == Action.POSITION_REOPENED
    assert reopened.before == {"closed": True, "close_reason": "Panne", "unsigned_at_close": [1, 2]}
    assert reopened.after == {
        "closed": False,
        "close_reason": "",
        "unsigned_at_close": [],
        "reopen_reason": "Réclamation",
    }


def test_a_script_closing_a_position_is_named_as_the_script(table, tournament):
    entry = only_entry(
        lambda: close_position(position=table.position, by=TESTS, force=True, reason="Fin")
    )

    assert (entry.actor_kind, entry.actor_script, entry.actor_user) == ("script", "tests", None)
    assert entry.actor_label == "Script : tests"
    assert Position.objects.get(pk=table.position.pk).closed_by == tournament.arbitre


def test_a_phone_let_in_from_the_room_names_the_arbitre_and_the_table(table, as_arbitre):
    entry = only_entry(lambda: grant_device_link(table=table, by=as_arbitre))

    assert (entry.action, entry.actor_kind) == (Action.TABLE_PHONE_OPENED, ActorKind.ARBITRE)
    assert (entry.position_number, entry.table_number) == (1, 1)
    assert entry.get_action_display() == "Téléphone ouvert depuis la salle"
    assert entry.subject == ""  # the table is said once, by its number


def test_a_call_answered_once(table, as_arbitre):
    garde_sans = DealResult(taker=Place.NORD, contract="garde_sans", bouts=2, points=50)
    deal = record_deal(table=table, number=1, result=garde_sans, by=TESTS)

    entry = only_entry(lambda: handle_call(deal=deal, by=as_arbitre))
    handle_call(deal=deal, by=as_arbitre)

    assert entry.action == Action.CALL_HANDLED
    assert (entry.table_number, entry.subject, entry.after) == (
        1,
        "Donne 1",
        {"call": "garde_sans"},
    )
    assert JournalEntry.objects.filter(action=Action.CALL_HANDLED).count() == 1


def test_a_penalty_given_then_cancelled_by_the_arbitre(table, registrations, arbitre):
    position = table.position

    added = only_entry(
        lambda: add_penalty(
            registration=registrations[0],
            position=position,
            points=20,
            reason="Retard",
            by=Actor.arbitre(arbitre),
        )
    )
    penalty = position.penalties.get()
    cancelled = only_entry(lambda: cancel_penalty(penalty=penalty, by=Actor.arbitre(arbitre)))

    assert (added.action, added.actor_kind, added.actor_user) == (
        Action.PENALTY_ADDED,
        ActorKind.ARBITRE,
        arbitre,
    )
    assert (added.subject_type, added.position_number) == ("penalty", 1)
    assert added.after == {"points": 20, "reason": "Retard"}
    assert cancelled.action == Action.PENALTY_CANCELLED
    assert (cancelled.before, cancelled.after) == ({"cancelled": False}, {"cancelled": True})


# --- What the journal holds ----------------------------------------------------------------


def test_a_refused_write_leaves_no_entry(table, as_arbitre):
    known = JournalEntry.objects.count()

    with pytest.raises(Refused):
        record_deal(table=table, number=9, result=PRISE, by=as_arbitre)

    assert JournalEntry.objects.count() == known


@pytest.mark.django_db(transaction=True)
def test_an_entry_is_written_only_inside_the_write(tournament):
    # Outside a transaction, an entry could outlive a write rolled back.
    with pytest.raises(RuntimeError):
        journal.record(tournament=tournament, action=Action.TOURNAMENT_UPDATED, by=TESTS)

    assert not JournalEntry.objects.exists()


@pytest.mark.parametrize(
    ("kind", "user", "script"),
    [("script", None, ""), ("table", None, "tests"), ("arbitre", None, "")],
)
def test_the_database_refuses_an_actor_not_named_as_its_kind(tournament, kind, user, script):
    with pytest.raises(IntegrityError), transaction.atomic():
        JournalEntry.objects.create(
            tournament=tournament,
            at=timezone.now(),
            actor_kind=kind,
            actor_user=user,
            actor_script=script,
            action=Action.TOURNAMENT_UPDATED,
        )


def test_the_database_refuses_an_unknown_action_and_a_table_without_position(tournament):
    fields = {"tournament": tournament, "at": timezone.now(), "actor_kind": "table"}
    with pytest.raises(IntegrityError), transaction.atomic():
        JournalEntry.objects.create(**fields, action="deal.stolen")
    with pytest.raises(IntegrityError), transaction.atomic():
        JournalEntry.objects.create(**fields, action=Action.DEAL_RECORDED, table_number=2)
