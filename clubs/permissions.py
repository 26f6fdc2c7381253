"""Who may act on a club: its arbitres (and superusers), nobody else.

Views check login with ``@login_required`` first; these helpers then answer 404 to anyone
else, so that a stranger cannot even learn that the club exists. The tournaments' rule
(``tournaments.permissions``) and the seasons' rest on it: an account may act on a
tournament or a season when it is an arbitre of its club.
"""

from django.db.models import QuerySet
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from clubs.models import Club, Member


def arbitre_clubs(user) -> QuerySet[Club]:
    """The clubs ``user`` is an arbitre of; every club for a superuser."""
    if user.is_superuser:
        return Club.objects.all()
    return Club.objects.filter(arbitres__pk=user.pk)


def is_club_arbitre(user, club_id: int) -> bool:
    """Whether ``user`` is an arbitre of the club ``club_id`` (or a superuser): the one rule
    that the tournaments', the seasons' and the services' checks compose."""
    return user.is_authenticated and arbitre_clubs(user).filter(pk=club_id).exists()


def arbitre_club_or_404(request: HttpRequest, club_id: int) -> Club:
    """The club ``club_id`` if the logged-in user is one of its arbitres, else ``Http404``."""
    return get_object_or_404(arbitre_clubs(request.user), pk=club_id)


def club_member_or_404(club: Club, member_id: int) -> Member:
    """The member ``member_id`` of ``club`` (the club already checked), else ``Http404``."""
    return get_object_or_404(club.members.select_related("player"), pk=member_id)
