"""A season recomputed without one of its evenings: what its page says about it."""

from django.db.models import Q
from django.utils import timezone

from seasons.models import Recount, Season
from tournaments.models import Tournament


def note_evening_removed(*, tournament: Tournament, reason: str) -> list[Recount]:
    """Mark every season that counted ``tournament`` as recomputed without it.

    Called inside the write that removes the tournament (its delete or its unpublishing), so
    the mark stands or falls with it.
    """
    seasons = Season.objects.filter(
        Q(chosen=True, tournaments=tournament)
        | Q(
            chosen=False,
            club_id=tournament.club_id,
            start__lte=tournament.date,
            end__gte=tournament.date,
        )
    ).distinct()
    now = timezone.now()
    return Recount.objects.bulk_create(
        Recount(season=season, at=now, evening=str(tournament)[:250], reason=reason)
        for season in seasons
    )
