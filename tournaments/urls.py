"""The site's URLs, grouped by the prefix they share. Every path and name is fixed: they are
printed on QR codes and sheets, and read by other tools (docs, « Résultats »);
tests/test_url_paths.py lists them all. The championship's pages (stages, halls, draws) are
championships/urls.py, the live streams and « Me prévenir » notifications/urls.py, under the
same prefixes."""

from django.urls import include, path

from tournaments.views import (
    checkin,
    checkin_scan,
    deals,
    journal,
    members,
    offline,
    penalties,
    prints,
    public,
    registrations,
    results,
    room,
    seating,
    seating_wishes,
    sheet,
    table_access,
    tournaments,
)

# tournois/<tournament_id>/: the tournament's public pages and its results.
tournament_pages = [
    path("", public.tournament_detail, name="tournament_detail"),
    path("classement/", results.ranking, name="ranking"),
    path("classement.csv", results.ranking_csv, name="ranking_csv"),
    path("classement.xlsx", results.ranking_xlsx, name="ranking_xlsx"),
    path("classement.pdf", prints.ranking_pdf, name="ranking_pdf"),
    path("classement.json", results.ranking_json, name="ranking_json"),
    path("classement-equipes.csv", results.teams_csv, name="ranking_teams_csv"),
    path("classement-equipes.xlsx", results.teams_xlsx, name="ranking_teams_xlsx"),
    path("donnes.csv", results.deals_csv, name="deals_csv"),
    path("donnes.xlsx", results.deals_xlsx, name="deals_xlsx"),
    path("donnes.json", results.deals_json, name="deals_json"),
    path("plan.json", results.plan_json, name="plan_json"),
    path("joueurs/", results.player_search, name="player_search"),
    path("joueurs/<int:number>/", results.player, name="player_page"),
    path("projection/", results.projector, name="projector"),
    path("projection/salles/<int:hall_number>/", results.hall_projector, name="hall_projector"),
]

# arbitre/tournois/<tournament_id>/joueurs/<registration_id>/: one registration.
registration_pages = [
    path("modifier/", registrations.player_edit, name="setup_player_edit"),
    path("desinscrire/", registrations.player_unregister, name="setup_player_unregister"),
    path("equipe/", registrations.team_assign, name="setup_team_assign"),
    path("retrait/", checkin.withdraw, name="setup_withdraw"),
]

# arbitre/tournois/<tournament_id>/positions/<number>/: seating, the room, closing, printing.
position_pages = [
    path("placement/", seating.placement, name="setup_placement"),
    path("placement/generer/", seating.placement_generate, name="setup_placement_generate"),
    path("placement/engagement/", seating.placement_commit, name="setup_placement_commit"),
    path("placement/graine/", seating.placement_room_seed, name="setup_placement_room_seed"),
    path("placement/echanger/", seating.placement_swap, name="setup_placement_swap"),
    path("placement/publier/", seating.placement_publish, name="setup_placement_publish"),
    path("salle/", room.position_room, name="sheet_room"),
    path("salles/<int:hall_number>/", room.hall_room, name="hall_room"),
    path("salles/<int:hall_number>/plan.pdf", prints.hall_plan_pdf, name="print_hall_plan"),
    path(
        "salles/<int:hall_number>/feuilles.pdf",
        prints.hall_sheets_pdf,
        name="print_hall_sheets",
    ),
    path(
        "salle/tables/<int:table_id>/telephone/",
        table_access.device_grant,
        name="sheet_room_device_grant",
    ),
    path("clore/", room.position_close, name="position_close"),
    path("rouvrir/", room.position_reopen, name="position_reopen"),
    path("suivante/", room.next_position_seat, name="position_seat_next"),
    path("feuilles.pdf", prints.position_sheets_pdf, name="print_position_sheets"),
    path("plan.pdf", prints.position_plan_pdf, name="print_plan"),
]

# arbitre/tournois/<tournament_id>/: the arbitre's set-up, room and penalties.
arbitre_pages = [
    path("", tournaments.dashboard, name="setup_dashboard"),
    path("modifier/", tournaments.tournament_edit, name="setup_tournament_edit"),
    path("publier/", tournaments.tournament_publish, name="setup_tournament_publish"),
    path("joueurs/", registrations.players, name="setup_players"),
    path("joueurs/cocher/", members.register_ticked, name="setup_register_ticked"),
    path("joueurs/<int:registration_id>/", include(registration_pages)),
    path("import/", registrations.csv_import, name="setup_import"),
    path("equipes/", registrations.teams, name="setup_teams"),
    path("equipes/<int:team_id>/supprimer/", registrations.team_delete, name="setup_team_delete"),
    path("pointage/", checkin.checkin, name="setup_checkin"),
    path("pointage/<int:registration_id>/", checkin.checkin_toggle, name="setup_checkin_toggle"),
    path("pointage/scanner/", checkin_scan.checkin_scan, name="setup_checkin_scan"),
    path("positions/<int:number>/", include(position_pages)),
    path("donnes/<int:deal_id>/appel/", room.call_handle, name="call_handle"),
    path("journal/", journal.journal, name="journal"),
    path("penalites/", penalties.penalties, name="penalties"),
    path("penalites/<int:penalty_id>/annuler/", penalties.penalty_cancel, name="penalty_cancel"),
    path("cartes.pdf", prints.player_cards_pdf, name="print_cards"),
    path("contraintes/", seating_wishes.seating_wishes, name="setup_seating_wishes"),
    path("contraintes/ecart/", seating_wishes.seating_wishes_apart, name="setup_seating_apart"),
    path(
        "contraintes/ecart/<int:pair_id>/retirer/",
        seating_wishes.seating_wishes_apart_remove,
        name="setup_seating_apart_remove",
    ),
    path("contraintes/tables/", seating_wishes.seating_wishes_fixed, name="setup_seating_fixed"),
    path(
        "contraintes/tables/<int:fixed_id>/retirer/",
        seating_wishes.seating_wishes_fixed_remove,
        name="setup_seating_fixed_remove",
    ),
]

# tables/<table_id>/: a table's feuille de marque, written by its device (by its code) and
# by the arbitre.
table_pages = [
    path("", sheet.sheet, name="sheet"),
    path("acces/", table_access.table_access, name="sheet_access"),
    path("acces/<str:token>/", table_access.device_grant_open, name="sheet_device_grant"),
    path("donnes/nouvelle/", deals.deal_new, name="sheet_deal_new"),
    path("donnes/<int:number>/", deals.deal_edit, name="sheet_deal_edit"),
    path("donnes/<int:number>/supprimer/", deals.deal_delete, name="sheet_deal_delete"),
    path("apercu/", deals.deal_preview, name="sheet_preview"),
    path("signature/", sheet.sign_off, name="sheet_sign_off"),
    path("reouverture/", sheet.sheet_unlock, name="sheet_unlock"),
    path("cloture/", sheet.sheet_close, name="sheet_close"),
    path("historique/", sheet.sheet_history, name="sheet_history"),
    path("manifest.webmanifest", offline.manifest, name="sheet_manifest"),
    path("feuille.pdf", prints.table_sheet_pdf, name="print_sheet"),
]

# arbitre/clubs/<club_id>/: the club's members for its arbitres (the club's own pages are
# clubs/urls.py, its page with its evenings and seasons seasons/urls.py).
club_pages = [
    path("membres/", members.club_members_page, name="club_members"),
    path("membres/<int:member_id>/", members.club_member_edit, name="club_member_edit"),
    path("fiches/<int:player_id>/fusionner/", members.club_record_merge, name="club_record_merge"),
]

urlpatterns = [
    path("", public.home, name="home"),
    path("favicon.ico", public.favicon, name="favicon"),
    path("tournois/<int:tournament_id>/", include(tournament_pages)),
    path("arbitre/", tournaments.arbitre_home, name="setup_home"),
    path("arbitre/clubs/<int:club_id>/", include(club_pages)),
    path(
        "arbitre/tournois/nouveau/", tournaments.tournament_create, name="setup_tournament_create"
    ),
    path("arbitre/tournois/<int:tournament_id>/", include(arbitre_pages)),
    # Hors connexion: the worker's scope is /tables/, every sheet (docs).
    path("tables/service-worker.js", offline.service_worker, name="sheet_service_worker"),
    path("tables/<int:table_id>/", include(table_pages)),
    # A registration's check-in link, signed: the QR code of its player's card and e-mail.
    path("pointage/<str:token>/", checkin_scan.checkin_link, name="checkin_link"),
]
