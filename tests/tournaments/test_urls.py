"""Every URL keeps its path and its name: printed QR codes, bookmarks and other tools use them
(docs, « Résultats »), however tournaments/urls.py groups them."""

import re

import pytest
from django.urls import get_resolver, resolve, reverse

T, TABLE, N = {"tournament_id": 7}, {"table_id": 12}, {"number": 3}
REGISTRATION = {"registration_id": 21}
CLUB, MEMBER = {"club_id": 5}, {"member_id": 9}
SEASON = {"season_id": 4}

PATHS = [
    ("home", {}, "/"),
    ("favicon", {}, "/favicon.ico"),
    ("guide_home", {}, "/aide/"),
    ("guide_page", {"path": "guide-arbitre/salle"}, "/aide/guide-arbitre/salle/"),
    ("tournament_detail", T, "/tournois/7/"),
    ("ranking", T, "/tournois/7/classement/"),
    ("ranking_csv", T, "/tournois/7/classement.csv"),
    ("ranking_xlsx", T, "/tournois/7/classement.xlsx"),
    ("ranking_pdf", T, "/tournois/7/classement.pdf"),
    ("ranking_json", T, "/tournois/7/classement.json"),
    ("ranking_teams_csv", T, "/tournois/7/classement-equipes.csv"),
    ("ranking_teams_xlsx", T, "/tournois/7/classement-equipes.xlsx"),
    ("deals_csv", T, "/tournois/7/donnes.csv"),
    ("deals_xlsx", T, "/tournois/7/donnes.xlsx"),
    ("deals_json", T, "/tournois/7/donnes.json"),
    ("plan_json", T, "/tournois/7/plan.json"),
    ("player_search", T, "/tournois/7/joueurs/"),
    ("player_page", {**T, **N}, "/tournois/7/joueurs/3/"),
    ("projector", T, "/tournois/7/projection/"),
    ("live_stream", T, "/tournois/7/direct/"),
    ("push_subscribe", T, "/tournois/7/notifications/"),
    ("push_unsubscribe", T, "/tournois/7/notifications/retrait/"),
    ("draws", T, "/tournois/7/tirages/"),
    ("hall_projector", {**T, "hall_number": 2}, "/tournois/7/projection/salles/2/"),
    ("hall_room", {**T, **N, "hall_number": 2}, "/arbitre/tournois/7/positions/3/salles/2/"),
    (
        "print_hall_plan",
        {**T, **N, "hall_number": 2},
        "/arbitre/tournois/7/positions/3/salles/2/plan.pdf",
    ),
    (
        "print_hall_sheets",
        {**T, **N, "hall_number": 2},
        "/arbitre/tournois/7/positions/3/salles/2/feuilles.pdf",
    ),
    ("setup_halls", T, "/arbitre/tournois/7/salles/"),
    ("setup_hall_remove", {**T, "hall_number": 2}, "/arbitre/tournois/7/salles/2/retirer/"),
    ("setup_role_give", T, "/arbitre/tournois/7/roles/"),
    ("setup_role_remove", {**T, "role_id": 5}, "/arbitre/tournois/7/roles/5/retirer/"),
    ("club_accounts", {"club_id": 3}, "/arbitre/clubs/3/comptes/"),
    ("club_licences", {"club_id": 3}, "/arbitre/clubs/3/licences/"),
    ("club_licences_preview", {"club_id": 3, "key": "k3y"}, "/arbitre/clubs/3/licences/k3y/"),
    ("account_password", {"uidb64": "MQ", "token": "abc-def"}, "/compte/MQ/abc-def/"),
    ("account_password_done", {}, "/compte/mot-de-passe-choisi/"),
    ("draws_json", T, "/tournois/7/tirages.json"),
    ("setup_home", {}, "/arbitre/"),
    ("setup_tournament_create", {}, "/arbitre/tournois/nouveau/"),
    ("setup_dashboard", T, "/arbitre/tournois/7/"),
    ("setup_tournament_edit", T, "/arbitre/tournois/7/modifier/"),
    ("setup_tournament_publish", T, "/arbitre/tournois/7/publier/"),
    ("setup_stages", T, "/arbitre/tournois/7/phases/"),
    ("setup_stage_edit", {**T, "stage_id": 2}, "/arbitre/tournois/7/phases/2/modifier/"),
    ("setup_stage_delete", {**T, "stage_id": 2}, "/arbitre/tournois/7/phases/2/supprimer/"),
    ("setup_players", T, "/arbitre/tournois/7/joueurs/"),
    ("setup_player_edit", {**T, **REGISTRATION}, "/arbitre/tournois/7/joueurs/21/modifier/"),
    (
        "setup_player_unregister",
        {**T, **REGISTRATION},
        "/arbitre/tournois/7/joueurs/21/desinscrire/",
    ),
    ("setup_team_assign", {**T, **REGISTRATION}, "/arbitre/tournois/7/joueurs/21/equipe/"),
    ("setup_withdraw", {**T, **REGISTRATION}, "/arbitre/tournois/7/joueurs/21/retrait/"),
    ("setup_import", T, "/arbitre/tournois/7/import/"),
    ("setup_teams", T, "/arbitre/tournois/7/equipes/"),
    ("setup_team_delete", {**T, "team_id": 5}, "/arbitre/tournois/7/equipes/5/supprimer/"),
    ("setup_checkin", T, "/arbitre/tournois/7/pointage/"),
    ("setup_checkin_toggle", {**T, **REGISTRATION}, "/arbitre/tournois/7/pointage/21/"),
    ("setup_checkin_scan", T, "/arbitre/tournois/7/pointage/scanner/"),
    ("checkin_link", {"token": "7.21:signature"}, "/pointage/7.21:signature/"),
    ("setup_placement", {**T, **N}, "/arbitre/tournois/7/positions/3/placement/"),
    (
        "setup_placement_generate",
        {**T, **N},
        "/arbitre/tournois/7/positions/3/placement/generer/",
    ),
    ("setup_placement_commit", {**T, **N}, "/arbitre/tournois/7/positions/3/placement/engagement/"),
    ("setup_placement_room_seed", {**T, **N}, "/arbitre/tournois/7/positions/3/placement/graine/"),
    ("setup_placement_swap", {**T, **N}, "/arbitre/tournois/7/positions/3/placement/echanger/"),
    (
        "setup_placement_publish",
        {**T, **N},
        "/arbitre/tournois/7/positions/3/placement/publier/",
    ),
    ("sheet", TABLE, "/tables/12/"),
    ("sheet_access", TABLE, "/tables/12/acces/"),
    ("sheet_device_grant", {**TABLE, "token": "abc"}, "/tables/12/acces/abc/"),
    ("sheet_deal_new", TABLE, "/tables/12/donnes/nouvelle/"),
    ("sheet_deal_edit", {**TABLE, **N}, "/tables/12/donnes/3/"),
    ("sheet_deal_delete", {**TABLE, **N}, "/tables/12/donnes/3/supprimer/"),
    ("sheet_preview", TABLE, "/tables/12/apercu/"),
    ("sheet_sign_off", TABLE, "/tables/12/signature/"),
    ("sheet_unlock", TABLE, "/tables/12/reouverture/"),
    ("sheet_close", TABLE, "/tables/12/cloture/"),
    ("sheet_history", TABLE, "/tables/12/historique/"),
    ("sheet_service_worker", {}, "/tables/service-worker.js"),
    ("sheet_manifest", TABLE, "/tables/12/manifest.webmanifest"),
    ("print_sheet", TABLE, "/tables/12/feuille.pdf"),
    ("sheet_room", {**T, **N}, "/arbitre/tournois/7/positions/3/salle/"),
    ("position_close", {**T, **N}, "/arbitre/tournois/7/positions/3/clore/"),
    ("position_reopen", {**T, **N}, "/arbitre/tournois/7/positions/3/rouvrir/"),
    ("position_seat_next", {**T, **N}, "/arbitre/tournois/7/positions/3/suivante/"),
    ("call_handle", {**T, "deal_id": 44}, "/arbitre/tournois/7/donnes/44/appel/"),
    ("journal", T, "/arbitre/tournois/7/journal/"),
    ("arbitre_live_stream", T, "/arbitre/tournois/7/direct/"),
    ("penalties", T, "/arbitre/tournois/7/penalites/"),
    ("penalty_cancel", {**T, "penalty_id": 9}, "/arbitre/tournois/7/penalites/9/annuler/"),
    (
        "sheet_room_device_grant",
        {**T, **N, **TABLE},
        "/arbitre/tournois/7/positions/3/salle/tables/12/telephone/",
    ),
    ("print_position_sheets", {**T, **N}, "/arbitre/tournois/7/positions/3/feuilles.pdf"),
    ("print_plan", {**T, **N}, "/arbitre/tournois/7/positions/3/plan.pdf"),
    ("print_cards", T, "/arbitre/tournois/7/cartes.pdf"),
    ("setup_seating_wishes", T, "/arbitre/tournois/7/contraintes/"),
    ("setup_seating_apart", T, "/arbitre/tournois/7/contraintes/ecart/"),
    (
        "setup_seating_apart_remove",
        {**T, "pair_id": 4},
        "/arbitre/tournois/7/contraintes/ecart/4/retirer/",
    ),
    ("setup_seating_fixed", T, "/arbitre/tournois/7/contraintes/tables/"),
    (
        "setup_seating_fixed_remove",
        {**T, "fixed_id": 4},
        "/arbitre/tournois/7/contraintes/tables/4/retirer/",
    ),
    ("setup_register_ticked", T, "/arbitre/tournois/7/joueurs/cocher/"),
    ("club_detail", CLUB, "/clubs/5/"),
    ("club_create", {}, "/arbitre/clubs/nouveau/"),
    ("club_manage", CLUB, "/arbitre/clubs/5/"),
    ("club_arbitre_add", CLUB, "/arbitre/clubs/5/arbitres/"),
    ("club_arbitre_remove", {**CLUB, "user_id": 3}, "/arbitre/clubs/5/arbitres/3/retirer/"),
    ("club_members", CLUB, "/arbitre/clubs/5/membres/"),
    ("club_member_edit", {**CLUB, **MEMBER}, "/arbitre/clubs/5/membres/9/"),
    ("club_member_remove", {**CLUB, **MEMBER}, "/arbitre/clubs/5/membres/9/retirer/"),
    ("club_record_merge", {**CLUB, "player_id": 9}, "/arbitre/clubs/5/fiches/9/fusionner/"),
    ("club_journal", CLUB, "/arbitre/clubs/5/journal/"),
    # seasons/: the club's seasons and a player's history.
    ("season_page", SEASON, "/saisons/4/"),
    ("season_csv", SEASON, "/saisons/4/classement.csv"),
    ("season_xlsx", SEASON, "/saisons/4/classement.xlsx"),
    ("season_pdf", SEASON, "/saisons/4/classement.pdf"),
    ("season_json", SEASON, "/saisons/4/classement.json"),
    ("season_projector", SEASON, "/saisons/4/projection/"),
    ("player_history", {"player_id": 11}, "/joueurs/11/"),
    ("season_create", CLUB, "/arbitre/clubs/5/saisons/nouvelle/"),
    ("season_edit", SEASON, "/arbitre/saisons/4/"),
    ("season_delete", SEASON, "/arbitre/saisons/4/supprimer/"),
    # palmares/: the prize list and the arbitre's prize table.
    ("prize_list", T, "/tournois/7/prix/"),
    ("prize_json", T, "/tournois/7/prix.json"),
    ("prize_pdf", T, "/tournois/7/prix.pdf"),
    ("prize_projector", T, "/tournois/7/prix/projection/"),
    ("prize_table", T, "/arbitre/tournois/7/prix/"),
    ("prize_list_lock", T, "/arbitre/tournois/7/prix/arreter/"),
    ("prize_list_unlock", T, "/arbitre/tournois/7/prix/rouvrir/"),
    # entries/: online registration; the form and its JSON are fixed (posters, other sites),
    # the signed links are in e-mails already sent.
    ("entry_form", T, "/tournois/7/inscription/"),
    ("entries_json", T, "/tournois/7/inscriptions.json"),
    ("entry_page", {**T, "token": "abc"}, "/tournois/7/inscription/abc/"),
    ("entry_confirm", {**T, "token": "abc"}, "/tournois/7/inscription/abc/confirmer/"),
    (
        "entry_answer",
        {**T, "token": "abc", "evening_id": 8},
        "/tournois/7/inscription/abc/soirees/8/",
    ),
    ("entry_withdraw", {**T, "token": "abc"}, "/tournois/7/inscription/desistement/abc/"),
    ("entries_manage", T, "/arbitre/tournois/7/inscriptions/"),
    ("entries_opening", T, "/arbitre/tournois/7/inscriptions/reglages/"),
    ("entries_close", T, "/arbitre/tournois/7/inscriptions/clore/"),
    ("entries_promote", {**T, "entry_id": 2}, "/arbitre/tournois/7/inscriptions/2/promouvoir/"),
    ("entries_cancel", {**T, "entry_id": 2}, "/arbitre/tournois/7/inscriptions/2/annuler/"),
    ("entries_move", {**T, "entry_id": 2}, "/arbitre/tournois/7/inscriptions/2/deplacer/"),
    ("entries_resolve", {**T, "entry_id": 2}, "/arbitre/tournois/7/inscriptions/2/fiche/"),
    # A member's own page of the club's evenings (its signed link is in e-mails already sent),
    # and the arbitre's sending of those links.
    ("member_evenings", {"club_id": 3, "token": "abc"}, "/clubs/3/mes-soirees/abc/"),
    (
        "member_evening_answer",
        {"club_id": 3, "token": "abc", "evening_id": 8},
        "/clubs/3/mes-soirees/abc/8/",
    ),
    ("club_member_links", {"club_id": 3}, "/arbitre/clubs/3/membres/soirees/"),
    ("club_links_send", {"club_id": 3}, "/arbitre/clubs/3/membres/soirees/envoyer/"),
    (
        "club_link_send",
        {"club_id": 3, "member_id": 2},
        "/arbitre/clubs/3/membres/2/lien/envoyer/",
    ),
    (
        "club_link_renew",
        {"club_id": 3, "member_id": 2},
        "/arbitre/clubs/3/membres/2/lien/renouveler/",
    ),
    ("entries_links_send", T, "/arbitre/tournois/7/inscriptions/membres/envoyer/"),
]


def _named_routes(patterns, prefix=""):
    for pattern in patterns:
        if hasattr(pattern, "url_patterns"):
            yield from _named_routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif pattern.name:
            yield pattern.name, prefix + str(pattern.pattern)


@pytest.mark.parametrize(("name", "kwargs", "path"), PATHS)
def test_each_name_still_reverses_to_its_path(name, kwargs, path):
    assert reverse(name, kwargs=kwargs) == path


@pytest.mark.parametrize(("name", "kwargs", "path"), PATHS)
def test_each_path_still_resolves_to_its_name_and_arguments(name, kwargs, path):
    match = resolve(path)

    assert match.view_name == name
    assert match.kwargs == kwargs


def test_the_site_names_no_route_that_is_not_listed_here():
    routes = {
        name: route
        for name, route in _named_routes(get_resolver().url_patterns)
        if not route.startswith(("admin/", "connexion/", "deconnexion/"))
    }

    assert set(routes) == {name for name, _kwargs, _path in PATHS}
    # A route that takes an argument not listed here would not be checked above.
    assert all(
        set(re.findall(r"<(?:\w+:)?(\w+)>", route)) == set(kwargs)
        for name, kwargs, _path in PATHS
        for route in [routes[name]]
    )
