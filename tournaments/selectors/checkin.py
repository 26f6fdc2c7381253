"""Reads of the check-in page: who is registered (filtered by name or number), who is
present, and what the present players make in tables."""

import datetime
from operator import attrgetter

from django.db.models import Q

from common.names import by_name, name_matches
from tournaments.models import JournalEntry, Registration, Tournament
from tournaments.selectors.registrations import (
    last_played_position_number,
    last_seated_position_number,
)
from tournaments.selectors.seating import count_tables

PARTICIPANT_NUMBER_DIGITS = 4


def checkin_page(*, tournament: Tournament, query: str = "") -> dict:
    """The registrations matching ``query`` (each word a name or a participant number), the
    count of the present players and the tables they make, and where play stands."""
    registrations = tournament.registrations.select_related("player", "team")
    for word in query.split():
        match = name_matches(word, player="player__")
        # A participant number: ASCII digits only (« ² » is a digit to str.isdigit but not to
        # int), and short enough for the database's small integer.
        if word.isascii() and word.isdigit() and len(word) <= PARTICIPANT_NUMBER_DIGITS:
            match |= Q(number=int(word))
        registrations = registrations.filter(match)
    present = tournament.registrations.filter(checked_in=True, withdrawn_from__isnull=True)
    count = present.count()
    last_played = last_played_position_number(tournament=tournament)
    return {
        "tournament": tournament,
        "registrations": by_name(registrations, player=attrgetter("player")),
        "query": query,
        "present": count,
        "registered": tournament.registrations.count(),
        "tables": count_tables(player_count=count, allow_five=tournament.allow_five),
        "tables_with_five": (
            None if tournament.allow_five else count_tables(player_count=count, allow_five=True)
        ),
        "last_seated": last_seated_position_number(tournament=tournament),
        "last_played": last_played,
        "first_open": last_played + 1,
        # Who sat at a position under way: only a withdrawal takes them out.
        "played_ids": set(
            tournament.registrations.filter(seats__position__number__lte=last_played).values_list(
                "pk", flat=True
            )
        ),
    }


def checked_in_at(registration: Registration) -> datetime.datetime | None:
    """When the player was last checked in, as the tournament's journal keeps it."""
    return (
        JournalEntry.objects.filter(
            tournament_id=registration.tournament_id,
            subject_type="registration",
            subject_id=registration.pk,
            action__in=(
                JournalEntry.Action.REGISTRATION_CHECKED_IN,
                JournalEntry.Action.REGISTRATION_LATE,
            ),
        )
        .order_by("-at", "-id")
        .values_list("at", flat=True)
        .first()
    )


def scanned_registration(*, tournament_id: int, registration_id: int) -> Registration | None:
    """The registration a check-in link names, with its player and tournament, if it still
    exists in that tournament."""
    return (
        Registration.objects.select_related("player", "tournament")
        .filter(pk=registration_id, tournament_id=tournament_id)
        .first()
    )
