"""Reads of tournaments themselves: one as it is stored, and whether one is among those a
reader may follow (the live streams)."""

from django.db.models import QuerySet

from tournaments.models import Tournament


def tournament_as_stored(tournament: Tournament) -> Tournament:
    """``tournament`` read again: a form changes the instance it checks, while the page and
    the service want the settings as they are stored."""
    return Tournament.objects.get(pk=tournament.pk)


def published_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(published=True)


def tournament_among(tournaments: QuerySet[Tournament], tournament_id: int) -> bool:
    """Whether tournament ``tournament_id`` is one of ``tournaments`` (one query)."""
    return tournaments.filter(pk=tournament_id).exists()
