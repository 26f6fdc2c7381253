from django.urls import path

from tournaments.views import journal, offline, prints, public, results, room, setup, sheets

urlpatterns = [
    path("", public.home, name="home"),
    path("favicon.ico", public.favicon, name="favicon"),
    path("tournois/<int:tournament_id>/", public.tournament_detail, name="tournament_detail"),
    # The results: fixed URLs, printed on QR codes and read by other tools (README).
    path("tournois/<int:tournament_id>/classement/", results.ranking, name="ranking"),
    path("tournois/<int:tournament_id>/classement.csv", results.ranking_csv, name="ranking_csv"),
    path("tournois/<int:tournament_id>/classement.pdf", prints.ranking_pdf, name="ranking_pdf"),
    path("tournois/<int:tournament_id>/classement.json", results.ranking_json, name="ranking_json"),
    path(
        "tournois/<int:tournament_id>/classement-equipes.csv",
        results.teams_csv,
        name="ranking_teams_csv",
    ),
    path("tournois/<int:tournament_id>/donnes.csv", results.deals_csv, name="deals_csv"),
    path("tournois/<int:tournament_id>/donnes.json", results.deals_json, name="deals_json"),
    path("tournois/<int:tournament_id>/joueurs/", results.player_search, name="player_search"),
    path("tournois/<int:tournament_id>/joueurs/<int:number>/", results.player, name="player_page"),
    path("tournois/<int:tournament_id>/projection/", results.projector, name="projector"),
    # The arbitre's set-up.
    path("arbitre/", setup.arbitre_home, name="setup_home"),
    path("arbitre/tournois/nouveau/", setup.tournament_create, name="setup_tournament_create"),
    path("arbitre/tournois/<int:tournament_id>/", setup.dashboard, name="setup_dashboard"),
    path(
        "arbitre/tournois/<int:tournament_id>/modifier/",
        setup.tournament_edit,
        name="setup_tournament_edit",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/publier/",
        setup.tournament_publish,
        name="setup_tournament_publish",
    ),
    path("arbitre/tournois/<int:tournament_id>/joueurs/", setup.players, name="setup_players"),
    path(
        "arbitre/tournois/<int:tournament_id>/joueurs/<int:registration_id>/modifier/",
        setup.player_edit,
        name="setup_player_edit",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/joueurs/<int:registration_id>/desinscrire/",
        setup.player_unregister,
        name="setup_player_unregister",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/joueurs/<int:registration_id>/equipe/",
        setup.team_assign,
        name="setup_team_assign",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/joueurs/<int:registration_id>/retrait/",
        setup.withdraw,
        name="setup_withdraw",
    ),
    path("arbitre/tournois/<int:tournament_id>/import/", setup.csv_import, name="setup_import"),
    path("arbitre/tournois/<int:tournament_id>/equipes/", setup.teams, name="setup_teams"),
    path(
        "arbitre/tournois/<int:tournament_id>/equipes/<int:team_id>/supprimer/",
        setup.team_delete,
        name="setup_team_delete",
    ),
    path("arbitre/tournois/<int:tournament_id>/pointage/", setup.checkin, name="setup_checkin"),
    path(
        "arbitre/tournois/<int:tournament_id>/pointage/<int:registration_id>/",
        setup.checkin_toggle,
        name="setup_checkin_toggle",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/placement/",
        setup.placement,
        name="setup_placement",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/placement/generer/",
        setup.placement_generate,
        name="setup_placement_generate",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/placement/echanger/",
        setup.placement_swap,
        name="setup_placement_swap",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/placement/publier/",
        setup.placement_publish,
        name="setup_placement_publish",
    ),
    # The feuilles de marque: a table's device (by its code) and the arbitre.
    path("tables/<int:table_id>/", sheets.sheet, name="sheet"),
    path("tables/<int:table_id>/acces/", sheets.table_access, name="sheet_access"),
    path(
        "tables/<int:table_id>/acces/<str:token>/",
        sheets.device_grant_open,
        name="sheet_device_grant",
    ),
    path("tables/<int:table_id>/donnes/nouvelle/", sheets.deal_new, name="sheet_deal_new"),
    path("tables/<int:table_id>/donnes/<int:number>/", sheets.deal_edit, name="sheet_deal_edit"),
    path(
        "tables/<int:table_id>/donnes/<int:number>/supprimer/",
        sheets.deal_delete,
        name="sheet_deal_delete",
    ),
    path("tables/<int:table_id>/apercu/", sheets.deal_preview, name="sheet_preview"),
    path("tables/<int:table_id>/signature/", sheets.sign_off, name="sheet_sign_off"),
    path("tables/<int:table_id>/reouverture/", sheets.sheet_unlock, name="sheet_unlock"),
    path("tables/<int:table_id>/historique/", sheets.sheet_history, name="sheet_history"),
    # Hors connexion: the worker's scope is /tables/, every sheet (README).
    path("tables/service-worker.js", offline.service_worker, name="sheet_service_worker"),
    path("tables/<int:table_id>/manifest.webmanifest", offline.manifest, name="sheet_manifest"),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/salle/",
        room.position_room,
        name="sheet_room",
    ),
    # Closing positions, the calls and the penalties: the arbitre's room.
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/clore/",
        room.position_close,
        name="position_close",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/rouvrir/",
        room.position_reopen,
        name="position_reopen",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/suivante/",
        room.next_position_seat,
        name="position_seat_next",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/donnes/<int:deal_id>/appel/",
        room.call_handle,
        name="call_handle",
    ),
    path("arbitre/tournois/<int:tournament_id>/penalites/", room.penalties, name="penalties"),
    # Every write to the tournament, who made it and what it changed.
    path("arbitre/tournois/<int:tournament_id>/journal/", journal.journal, name="journal"),
    path(
        "arbitre/tournois/<int:tournament_id>/penalites/<int:penalty_id>/annuler/",
        room.penalty_cancel,
        name="penalty_cancel",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/salle/tables/<int:table_id>/telephone/",
        room.device_grant,
        name="sheet_room_device_grant",
    ),
    # Printing (PDF).
    path("tables/<int:table_id>/feuille.pdf", prints.table_sheet_pdf, name="print_sheet"),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/feuilles.pdf",
        prints.position_sheets_pdf,
        name="print_position_sheets",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/plan.pdf",
        prints.position_plan_pdf,
        name="print_plan",
    ),
    path(
        "arbitre/tournois/<int:tournament_id>/cartes.pdf",
        prints.player_cards_pdf,
        name="print_cards",
    ),
]
