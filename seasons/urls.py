"""The seasons' URLs: the public season pages and exports, a player's history, and the
arbitre's season pages (fixed, like the tournaments': README, « Saisons »)."""

from django.urls import path

from seasons.views import arbitre, clubs, public

urlpatterns = [
    # The club's pages, composed with their seasons: listed before tournaments' own (the
    # root URLconf includes these first), they answer the same paths under the same names
    # (seasons/views/clubs.py).
    path("clubs/<int:club_id>/", clubs.club_page, name="club_detail"),
    path("arbitre/clubs/<int:club_id>/", clubs.club_manage, name="club_manage"),
    path("saisons/<int:season_id>/", public.season_page, name="season_page"),
    path("saisons/<int:season_id>/classement.csv", public.season_csv, name="season_csv"),
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
]
