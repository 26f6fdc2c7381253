"""The championship's URLs, under the tournament's prefixes (tournaments/urls.py): its stages,
halls and roles for the arbitre, its public draws. Every path and name is fixed
(tests/test_url_paths.py)."""

from django.urls import include, path

from championships.views import draws, halls, stages

# tournois/<tournament_id>/: the public draws.
tournament_pages = [
    path("tirages/", draws.draws, name="draws"),
    path("tirages.json", draws.draws_json, name="draws_json"),
]

# arbitre/tournois/<tournament_id>/: the stages, the halls and the roles.
arbitre_pages = [
    path("phases/", stages.stages, name="setup_stages"),
    path("phases/<int:stage_id>/modifier/", stages.stage_edit, name="setup_stage_edit"),
    path("phases/<int:stage_id>/supprimer/", stages.stage_delete, name="setup_stage_delete"),
    path("salles/", halls.halls, name="setup_halls"),
    path("salles/<int:hall_number>/retirer/", halls.hall_remove, name="setup_hall_remove"),
    path("roles/", halls.role_give, name="setup_role_give"),
    path("roles/<int:role_id>/retirer/", halls.role_remove, name="setup_role_remove"),
]

urlpatterns = [
    path("tournois/<int:tournament_id>/", include(tournament_pages)),
    path("arbitre/tournois/<int:tournament_id>/", include(arbitre_pages)),
]
