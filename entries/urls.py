"""Online registration's URLs. The form and the JSON are fixed (printed on posters, read by
other sites); the signed links are in e-mails already sent."""

from django.urls import path

from entries.views import arbitre, members, public

urlpatterns = [
    path("tournois/<int:tournament_id>/inscription/", public.entry_form, name="entry_form"),
    path(
        "tournois/<int:tournament_id>/inscriptions.json", public.entries_json, name="entries_json"
    ),
    path(
        "tournois/<int:tournament_id>/inscription/desistement/<str:token>/",
        public.entry_withdraw,
        name="entry_withdraw",
    ),
    path(
        "tournois/<int:tournament_id>/inscription/<str:token>/",
        public.entry_page,
        name="entry_page",
    ),
    path(
        "tournois/<int:tournament_id>/inscription/<str:token>/confirmer/",
        public.entry_confirm,
        name="entry_confirm",
    ),
    path(
        "tournois/<int:tournament_id>/inscription/<str:token>/soirees/<int:evening_id>/",
        public.entry_answer,
        name="entry_answer",
    ),
    path(
        "clubs/<int:club_id>/mes-soirees/<str:token>/",
        members.member_evenings_page,
        name="member_evenings",
    ),
    path(
        "clubs/<int:club_id>/mes-soirees/<str:token>/<int:evening_id>/",
        members.member_evening_answer,
        name="member_evening_answer",
    ),
    path(
        "arbitre/clubs/<int:club_id>/membres/soirees/",
        members.club_member_links,
        name="club_member_links",
    ),
    path(
        "arbitre/clubs/<int:club_id>/membres/soirees/envoyer/",
        members.club_links_send,
        name="club_links_send",
    ),
    path(
        "arbitre/clubs/<int:club_id>/membres/<int:member_id>/lien/envoyer/",
        members.club_link_send,
        name="club_link_send",
    ),
    path(
        "arbitre/clubs/<int:club_id>/membres/<int:member_id>/lien/renouveler/",
        members.club_link_renew,
        name="club_link_renew",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/", arbitre.manage, name="entries_manage"
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/membres/envoyer/",
        members.evening_links_send,
        name="entries_links_send",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/reglages/",
        arbitre.opening_edit,
        name="entries_opening",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/clore/",
        arbitre.opening_close,
        name="entries_close",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/<int:entry_id>/promouvoir/",
        arbitre.entry_promote,
        name="entries_promote",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/<int:entry_id>/annuler/",
        arbitre.entry_cancel,
        name="entries_cancel",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/<int:entry_id>/deplacer/",
        arbitre.entry_move,
        name="entries_move",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/inscriptions/<int:entry_id>/fiche/",
        arbitre.entry_resolve,
        name="entries_resolve",
    ),
]
