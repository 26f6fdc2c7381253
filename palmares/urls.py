"""The prize list's URLs (fixed: ``prix.json`` is read by other tools, docs/reference/prizes.md):
the public page, its JSON, its PDF and its projector screen, and the arbitre's prize table."""

from django.urls import path

from palmares.views import arbitre, public

urlpatterns = [
    path("tournois/<int:tournament_id>/prix/", public.prize_list_page, name="prize_list"),
    path("tournois/<int:tournament_id>/prix.json", public.prize_list_json, name="prize_json"),
    path("tournois/<int:tournament_id>/prix.pdf", public.prize_list_pdf, name="prize_pdf"),
    path(
        "tournois/<int:tournament_id>/prix/projection/",
        public.prize_projector,
        name="prize_projector",
    ),
    path("arbitre/tournois/<int:tournament_id>/prix/", arbitre.prize_table, name="prize_table"),
    path(
        "arbitre/tournois/<int:tournament_id>/prix/arreter/",
        arbitre.prize_list_lock,
        name="prize_list_lock",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/prix/rouvrir/",
        arbitre.prize_list_unlock,
        name="prize_list_unlock",
    ),
]
