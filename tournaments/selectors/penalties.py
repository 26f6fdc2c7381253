"""Reads about penalties: the points each player loses (the ranking's and the seasons'), the
tournament's register, and where a new penalty is most likely given."""

from collections.abc import Iterable

from django.db.models import Exists, OuterRef, QuerySet, Sum

from tournaments.championship import Hall, in_hall
from tournaments.models import Penalty, Position, Registration, Seat, Tournament


def penalty_points(*, tournament_ids: Iterable[int]) -> dict[int, int]:
    """The points taken off each registration of these tournaments by the penalties still
    standing (cancelled ones aside), by registration id: one query however many."""
    return dict(
        Penalty.objects.filter(position__tournament__in=tournament_ids, cancelled_at__isnull=True)
        .values("registration_id")
        .annotate(points=Sum("points"))
        .values_list("registration_id", "points")
        .order_by()
    )


def penalty_register(*, tournament: Tournament, hall: Hall | None = None) -> QuerySet[Penalty]:
    """Every penalty of the tournament, cancelled ones too, newest first; those an arbitre de
    salle sees when ``hall`` is theirs: the players seated in it at the penalty's position."""
    register = Penalty.objects.filter(position__tournament=tournament)
    if hall is not None:
        seated_here = Seat.objects.filter(
            in_hall(hall, "table__"),
            position=OuterRef("position"),
            registration=OuterRef("registration"),
        )
        register = register.filter(Exists(seated_here))
    return register.select_related(
        "registration__player", "position", "arbitre", "cancelled_by"
    ).order_by("-created_at", "-pk")


def seated_in_hall(*, hall: Hall | None, registration: Registration, position: Position) -> bool:
    """Whether ``registration`` is seated in ``hall`` at ``position``: where an arbitre de
    salle may give them a penalty (anywhere, without a hall)."""
    if hall is None:
        return True
    return Seat.objects.filter(
        in_hall(hall, "table__"), position=position, registration=registration
    ).exists()


def penalty_position(*, tournament: Tournament) -> Position | None:
    """The position under way, or the last one seated: where a penalty is most often given."""
    seated = tournament.positions.filter(tables__isnull=False).distinct().order_by("number")
    return seated.filter(closed_at__isnull=True).first() or seated.last()
