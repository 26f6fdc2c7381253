"""Who may act on a tournament: its club's arbitres (and superusers) on everything; the
accounts given a role in it (« arbitre de salle », « pointeur ») on their few pages.

One rule: an account may act on a tournament when it is an arbitre of the tournament's club
(``clubs.permissions.arbitre_clubs``, which every check here composes). Views check login
with ``@login_required`` first; these helpers then answer 404 to anyone else, so that a
stranger cannot even learn that the tournament exists. Anyone may read a published
tournament (``visible_tournaments``).
"""

from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from clubs.permissions import arbitre_clubs, is_club_arbitre
from common.actors import Actor
from tournaments import championship
from tournaments.championship import HALL_ARBITRE, POINTEUR, Hall, TournamentRole
from tournaments.models import Table, Tournament


def arbitre_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments ``user`` may run: those of their clubs; every one for a superuser."""
    return Tournament.objects.filter(club__in=arbitre_clubs(user))


def runs_tournament(user, tournament: Tournament) -> bool:
    """Whether ``user`` may act on ``tournament``, as ``arbitre_tournaments`` filters them."""
    return is_club_arbitre(user, tournament.club_id)


def visible_tournaments(request: HttpRequest) -> QuerySet[Tournament]:
    """Published tournaments, and those of the arbitre's clubs whether published or not."""
    return tournaments_visible_to(request.user)


def tournaments_visible_to(user) -> QuerySet[Tournament]:
    """``visible_tournaments`` for ``user`` (an async view has the user, not the request's)."""
    if user.is_authenticated:
        theirs = arbitre_tournaments(user).values("pk")
        return Tournament.objects.filter(Q(published=True) | Q(pk__in=theirs))
    return Tournament.objects.filter(published=True)


def arbitre_tournament_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament ``tournament_id`` if the logged-in user may run it, else ``Http404``."""
    return get_object_or_404(arbitre_tournaments(request.user), pk=tournament_id)


# Roles per tournament (« arbitre de salle », « pointeur »), given by the club's arbitres:
# each opens a few pages of one tournament, and every other page stays a 404 to them.


def tournament_role(user, tournament: Tournament) -> TournamentRole | None:
    if not user.is_authenticated:
        return None
    return tournament.roles.select_related("hall").filter(user_id=user.pk).first()


def role_held(user, tournament_id: int) -> TournamentRole | None:
    """``user``'s role in the tournament ``tournament_id`` (with its hall), if they hold one."""
    if not user.is_authenticated:
        return None
    return championship.role_held(user_id=user.pk, tournament_id=tournament_id)


def role_tournaments(user) -> QuerySet[Tournament]:
    """The tournaments where ``user`` holds a role."""
    if not user.is_authenticated:
        return Tournament.objects.none()
    return Tournament.objects.filter(roles__user_id=user.pk)


def hall_of_user(user, tournament: Tournament) -> Hall | None:
    """The hall ``user`` referees in ``tournament``, if they are its « arbitre de salle »."""
    role = tournament_role(user, tournament)
    if role is None or role.role != HALL_ARBITRE:
        return None
    return role.hall


def acting(user, tournament: Tournament) -> Actor:
    """``user`` acting on ``tournament``, as the journal names them: the club's arbitres as
    « Arbitre », an account given a role by its role (« Arbitre de salle (Salle B) »,
    « Pointeur »). Asked by the views that a role opens, once they let ``user`` in."""
    if runs_tournament(user, tournament):
        return Actor.arbitre(user)
    role = tournament_role(user, tournament)
    return Actor.arbitre(user, role=role.acting_as if role is not None else "")


def table_arbitre(user, table: Table) -> tuple[Actor, Hall | None] | None:
    """Who has the arbitre's powers over ``table``'s sheet, and the hall whose room they run:
    the club's arbitres (every hall: None), and the arbitre de salle of the hall that holds
    it; None for anyone else."""
    tournament = table.position.tournament
    if runs_tournament(user, tournament):
        return Actor.arbitre(user), None
    role = tournament_role(user, tournament)
    if role is None or role.role != HALL_ARBITRE:
        return None
    if not role.hall.holds(table.number):
        return None
    return Actor.arbitre(user, role=role.acting_as), role.hall


def room_or_404(request: HttpRequest, tournament_id: int) -> tuple[Tournament, Hall | None]:
    """The tournament for its room: every hall's for the club's arbitres (hall None), one
    hall's for its arbitre de salle; else ``Http404``."""
    tournament = get_object_or_404(
        Tournament.objects.filter(
            Q(pk__in=arbitre_tournaments(request.user).values("pk"))
            | Q(pk__in=role_tournaments(request.user).values("pk"))
        ),
        pk=tournament_id,
    )
    if runs_tournament(request.user, tournament):
        return tournament, None
    hall = hall_of_user(request.user, tournament)
    if hall is None:
        raise Http404
    return tournament, hall


def hall_room_or_404(
    request: HttpRequest, tournament_id: int, hall_number: int
) -> tuple[Tournament, Hall]:
    """The tournament and its hall ``hall_number``, for the club's arbitres and for that
    hall's arbitre de salle; else ``Http404``."""
    tournament, own = room_or_404(request, tournament_id)
    hall = get_object_or_404(tournament.halls, number=hall_number)
    if own is not None and own.pk != hall.pk:
        raise Http404
    return tournament, hall


def checkin_tournament_or_404(request: HttpRequest, tournament_id: int) -> Tournament:
    """The tournament for its check-in: the club's arbitres and its pointeurs."""
    tournament = get_object_or_404(
        Tournament.objects.filter(
            Q(pk__in=arbitre_tournaments(request.user).values("pk"))
            | Q(roles__user_id=request.user.pk, roles__role=POINTEUR)
        ).distinct(),
        pk=tournament_id,
    )
    return tournament
