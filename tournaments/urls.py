from django.urls import path

from tournaments.views import prints, public, setup, sheets

urlpatterns = [
    path("", public.home, name="home"),
    path("tournois/<int:tournament_id>/", public.tournament_detail, name="tournament_detail"),
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
    path(
        "arbitre/tournois/<int:tournament_id>/positions/<int:number>/salle/",
        sheets.position_room,
        name="sheet_room",
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
