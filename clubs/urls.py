"""The club's own URLs (fixed, like every other: docs, « Le club »); the club's pages that
show its evenings and seasons (its journal among them, with its seasons' entries) are
seasons/urls.py, its members' tournaments/urls.py."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from clubs.views import clubs, licences

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
    path("arbitre/clubs/<int:club_id>/comptes/", clubs.club_accounts, name="club_accounts"),
    path("arbitre/clubs/<int:club_id>/licences/", licences.club_licences, name="club_licences"),
    path(
        "arbitre/clubs/<int:club_id>/licences/<str:key>/",
        licences.club_licences_preview,
        name="club_licences_preview",
    ),
    # The one-time page where a new account chooses its password (Django's reset token).
    path(
        "compte/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="registration/password_set.html",
            success_url=reverse_lazy("account_password_done"),
        ),
        name="account_password",
    ),
    path(
        "compte/mot-de-passe-choisi/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="registration/password_set_done.html"
        ),
        name="account_password_done",
    ),
]
