"""The seasons' URLs: the club's public page and its page for its arbitres (composed with the
club's evenings and seasons), the public season pages and exports, a player's history, and
the arbitre's season pages (fixed, like the tournaments': docs, « Saisons »)."""

from django.urls import path

from seasons.views import arbitre, clubs, public

urlpatterns = [
    # The club's pages that show its evenings and seasons, composed here (the top app
    # may read all they show); the club's other pages are clubs/urls.py and tournaments/urls.py.
    path("clubs/<int:club_id>/", clubs.club_detail, name="club_detail"),
    path("arbitre/clubs/<int:club_id>/", clubs.club_manage, name="club_manage"),
    path("arbitre/clubs/<int:club_id>/arbitres/", clubs.club_arbitre_add, name="club_arbitre_add"),
    path("arbitre/clubs/<int:club_id>/journal/", clubs.club_journal_page, name="club_journal"),
    path("saisons/<int:season_id>/", public.season_page, name="season_page"),
    path("saisons/<int:season_id>/classement.csv", public.season_csv, name="season_csv"),
    path("saisons/<int:season_id>/classement.xlsx", public.season_xlsx, name="season_xlsx"),
    path("saisons/<int:season_id>/classement.pdf", public.season_pdf, name="season_pdf"),
    path("saisons/<int:season_id>/classement.json", public.season_json, name="season_json"),
    path("saisons/<int:season_id>/projection/", public.season_projector, name="season_projector"),
    path("joueurs/<int:player_id>/", public.player_history_page, name="player_history"),
    path(
        "arbitre/clubs/<int:club_id>/saisons/nouvelle/",
        arbitre.season_create,
        name="season_create",
    ),
    path("arbitre/saisons/<int:season_id>/", arbitre.season_edit, name="season_edit"),
    path("arbitre/saisons/<int:season_id>/supprimer/", arbitre.season_delete, name="season_delete"),
]
