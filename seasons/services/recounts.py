"""A season recomputed without one of its evenings: what its page says about it, and the line
the club's journal keeps of it."""

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from clubs.services import journal
from common.actors import Actor, current_actor
from seasons.models import Recount, RecountReason, Season
from tournaments.models import Tournament

# Who removed the evening, when no service said so (the admin, a script writing the table).
UNKNOWN = Actor.running("hors de l'application (admin ou script)")


def note_evening_removed(*, tournament: Tournament, reason: str) -> list[Recount]:
    """Mark every season that counted ``tournament`` as recomputed without it, and journal
    each one in the club's journal: who removed it (the service's actor when a service did),
    which evening, why.

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
    by = current_actor() or UNKNOWN
    with transaction.atomic():
        recounts = Recount.objects.bulk_create(
            Recount(season=season, at=now, evening=str(tournament)[:250], reason=reason)
            for season in seasons
        )
        for recount in recounts:
            journal.record(
                club=recount.season.club,
                action=journal.Action.SEASON_RECOUNTED,
                by=by,
                subject=recount.season,
                after={"evening": recount.evening, "reason": str(RecountReason(reason).label)},
            )
    return recounts
