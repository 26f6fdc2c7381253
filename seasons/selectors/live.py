"""The evening a season's page follows live: its club's published tournament under way."""

from seasons.models import Season
from tournaments.models import Tournament


def evening_under_way(season: Season) -> Tournament | None:
    """The club's published evening being played within the season's dates, if any (the
    latest, should two run at once)."""
    return (
        Tournament.objects.filter(
            club_id=season.club_id,
            published=True,
            status=Tournament.Status.RUNNING,
            date__range=(season.start, season.end),
        )
        .order_by("-date", "-pk")
        .first()
    )
