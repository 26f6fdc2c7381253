"""A season recomputed without one of its evenings: what its page says about it, and the line
the seasons' journal keeps of it."""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from common.actors import Actor
from seasons.models import Recount, RecountReason, Season
from seasons.services import journal
from tournaments.models import Tournament


def note_evening_removed(*, tournament: Tournament, reason: str, by: Actor) -> list[Recount]:
    """Mark every season that counted ``tournament`` as recomputed without it, and journal
    each one: who removed it (``by``), which evening, why.

    Called inside the write that removes the tournament (its delete or its unpublishing), so
    the mark and its journal line stand or fall with it; a save made outside any transaction
    (a script's) gets one of its own for them.
    """
    seasons = (
        Season.objects.filter(
            Q(chosen=True, tournaments=tournament)
            | Q(
                chosen=False,
                club_id=tournament.club_id,
                start__lte=tournament.date,
                end__gte=tournament.date,
            )
        )
        .distinct()
        .select_related("club")
    )
    now = timezone.now()
    with transaction.atomic():
        recounts = Recount.objects.bulk_create(
            Recount(season=season, at=now, evening=str(tournament)[:250], reason=reason)
            for season in seasons
        )
        for recount in recounts:
            journal.record(
                season=recount.season,
                action=journal.Action.SEASON_RECOUNTED,
                by=by,
                after={"evening": recount.evening, "reason": str(RecountReason(reason).label)},
            )
    return recounts
