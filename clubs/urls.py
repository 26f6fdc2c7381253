"""The club's own URLs (fixed, like every other: README, « Le club »); the club's pages that
show its evenings and seasons (its journal among them, with its seasons' entries) are
seasons/urls.py, its members' tournaments/urls.py."""

from django.urls import path

from clubs.views import clubs

urlpatterns = [
    path("arbitre/clubs/nouveau/", clubs.club_create, name="club_create"),
    path(
        "arbitre/clubs/<int:club_id>/arbitres/<int:user_id>/retirer/",
        clubs.club_arbitre_remove,
        name="club_arbitre_remove",
    ),
    path(
        "arbitre/clubs/<int:club_id>/membres/<int:member_id>/retirer/",
        clubs.club_member_remove,
        name="club_member_remove",
    ),
]
