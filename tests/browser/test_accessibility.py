"""Every page for every eye: axe-core finds no violation on a 390 px phone, and the key pages
stay whole at 200 % text size (nothing of the main content runs off the screen's side).

PAGES is the one list of the pages checked: a new page joins by one line there (its name, who
opens it, its path, and what to do on it first, if anything).
"""

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.urls import URLResolver, get_resolver, resolve
from playwright.sync_api import expect

from championships.services.draws import commit_draw
from championships.services.halls import add_hall, give_role
from clubs.models import Member, Player
from common.actors import Actor
from documents.services import ask_document
from entries.links import page_token, withdraw_token
from notifications.management.commands.vapid_keys import new_keys
from palmares.services.prize_tables import RowSpec, lock_prize_list, set_prize_table
from seasons.models import Season
from tarot_club.celery import app as celery_app
from tests.at_the_table import TESTS, fill_sheet, sign
from tests.browser.conftest import PHONE, log_in
from tests.browser.taps import press_save_once_settled, tap
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.entries.conftest import member_link_token, open_evening
from tests.entries.services.test_entering import enter
from tests.factories import club_player, club_tournament, enrol, plan_committed, register, seat
from tournaments.checkin_links import checkin_token
from tournaments.deal_scoring import DealResult
from tournaments.models import Seat, Team
from tournaments.prints.documents import PLAN
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.deals import record_deal
from tournaments.services.penalties import add_penalty
from tournaments.services.registrations import withdraw_player
from tournaments.services.seating import publish_seating
from tournaments.services.seating_wishes import fix_table, keep_apart
from tournaments.table_access import CLIENT_TABLE_ATTEMPTS

pytestmark = pytest.mark.browser

AXE = Axe()


@dataclass(frozen=True)
class Room:
    """A club's DUO under way (the club has a member): four teams, position 1 published,
    table 1 signed, table 2 at its second deal after a garde sans (a call to the arbitre), a
    penalty, a withdrawn player."""

    club: int
    tournament: int
    signed_table: int
    open_table: int
    open_code: str
    season: int
    player: int
    registration: int
    member: int  # Gaëlle Lefèvre, a member of the club
    preparing: str  # the job of the plan being drawn, that the 202 page follows
    arbitre: int
    record: int  # Gaëlle's record of the directory
    twin: int  # another member's record under the same name as Gaëlle's
    guest: int  # the record of a player of the club's evening who is no member
    championship: int  # a qualification played, 4 qualified for the final
    finished: int  # a championship played to its end, a penalty in its qualification
    finalist: int  # the number of its finalist who took that penalty
    evening: int  # a club evening a week ahead, open to online registration, full
    entry_page: str  # a player's own page of their entry in it (its signed token)
    entry_withdraw: str  # their withdrawal link's token
    checkin_token: str  # the signed check-in link of the first player (tournaments.checkin_links)
    member_link: str  # Gaëlle's link to her page of the club's evenings (its signed token)
    apart: int  # a pair kept apart, named once position 2 was drawn
    fixed: int  # a fixed table: JOUEUR5's table at position 2


@dataclass(frozen=True)
class Page:
    name: str
    # "anyone", "arbitre" (logged in), "table" (the open table's phone), or a role given in
    # the room: "salle" (the arbitre de salle of « Salle B »), "pointeur"
    who: str
    path: str  # formatted with the Room's fields
    then: Callable | None = None  # what is done on the page before it is checked
    reaches: tuple[str, ...] = ()  # the URLs' names that ``then`` leads to, if another page


def fill_a_deal(page) -> None:
    """The deal form half filled, its live marques shown."""
    form = page.locator("form.deal-form")
    tap(form, "Preneur", "Joueur5 P.")
    tap(form, "Contrat", "Garde")
    tap(form, "Bouts de l'attaque", "2")
    form.get_by_label("Points", exact=True).fill("48")
    expect(page.locator("#preview .preview-marques")).to_be_visible()


def grant_a_phone(page) -> None:
    """The room's « ouvrir sur un téléphone » tapped for the open table: its QR code shown."""
    page.locator(".device-grant-form button").last.click()
    expect(page.locator(".device-grant .qr")).to_be_visible()


def open_the_grant(page) -> None:
    """The one-time link a table's phone opens, from the QR code the room showed."""
    grant_a_phone(page)
    page.goto(page.locator(".grant-url code").inner_text())
    expect(page.get_by_role("button", name="Ouvrir la feuille sur ce téléphone")).to_be_visible()


def warn_a_swap(page) -> None:
    """Position 2's JOUEUR5, at a fixed table, tapped, then a player of the other table: the
    warning before the swap, its reason asked."""
    page.get_by_role("link", name="JOUEUR5 Prénom", exact=True).click()
    other = page.locator("li.table-card").filter(has_not_text="JOUEUR5 Prénom")
    other.locator("button.seat-pick").first.click()
    expect(page.locator("#swap-warning")).to_contain_text("de sa table fixe")


def refuse_a_deal(page) -> None:
    """The deal form sent with too many points: its messages shown."""
    form = page.locator("form.deal-form")
    tap(form, "Preneur", "Joueur5 P.")
    tap(form, "Contrat", "Prise")
    tap(form, "Bouts de l'attaque", "1")
    form.get_by_label("Points", exact=True).fill("95")
    expect(page.locator("#preview")).to_contain_text("entre 0 et 91")
    press_save_once_settled(page, form)
    # The save's own answer, which swaps the whole form.
    expect(page.locator("#preview")).to_contain_text("une fois corrigé ce qui est signalé")
    expect(page.locator("#errors-points")).to_contain_text("entre 0 et 91")


def send_a_licence_list(page) -> None:
    """A licence list sent from the club's page: its columns and differences shown, a line
    refused among them."""
    content = (
        "N° licence;Nom;Prénom;Club;Série;Catégorie\n"
        "0412345;Dupont;Jean;TC Lyon;2e série Pique;Vermeil\n"
        "0412399;Lefèvre;Gaëlle;TC Villeurbanne;3e série;Senior\n"
        "04A;Martin;Luc;;;\n"
    ).encode("cp1252")
    page.get_by_label("Fichier de la liste des licences").set_input_files(
        {"name": "licences.csv", "mimeType": "text/csv", "buffer": content}
    )
    page.get_by_role("button", name="Voir les différences").click()
    expect(page.get_by_role("button", name="Appliquer ces différences")).to_be_visible()


def exhaust_the_tables_code(page) -> None:
    """Wrong codes typed on one table from one phone until its connection's bound: the 429,
    saying which bound was reached and when to try again."""
    for _ in range(CLIENT_TABLE_ATTEMPTS + 1):
        page.locator("#id_code").fill("ZZZZZZ")
        page.get_by_role("button", name="Ouvrir la feuille").click()
    expect(page.get_by_text("Trop d'essais sur cette table depuis cette connexion")).to_be_visible()


def add_a_homonym(page) -> None:
    """A member typed in under a name the club already knows: who it is shown, to choose."""
    page.locator("#id_last_name").fill("Lefevre")
    page.locator("#id_first_name").fill("Gaelle")
    page.get_by_role("button", name="Ajouter au club").click()
    expect(page.locator(".homonyms")).to_be_visible()


def close_despite_a_call(page) -> None:
    """The position closed by force while table 2's garde sans is unanswered: the calls
    listed beside « Clore quand même »."""
    page.get_by_label("Forcer la clôture malgré les feuilles non signées").check()
    page.locator("#id_reason").fill("Table 2 partie")
    page.get_by_role("button", name="Clore la position").click()
    expect(page.get_by_role("button", name="Clore quand même")).to_be_visible()


def rename_onto_a_known_name(page) -> None:
    """A member renamed onto the name of another record of the club: that record shown first."""
    page.locator("#id_last_name").fill("Joueur2")
    page.locator("#id_first_name").fill("Prénom")
    page.locator("#id_licence").fill("")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator(".homonyms")).to_be_visible()


def import_a_known_name(page) -> None:
    """A CSV file whose row bears a name the club already knows: held, who it may be shown."""
    csv = {"name": "joueurs.csv", "mimeType": "text/csv", "buffer": b"Lefevre;Gaelle;\n"}
    page.locator("#id_file").set_input_files(csv)
    page.get_by_role("button", name="Importer").click()
    expect(page.locator(".held-rows")).to_be_visible()


def ask_to_be_told(page) -> None:
    """« Me prévenir » tapped on a browser that does not allow notifications: what to do."""
    page.get_by_role("button", name="Me prévenir").click()
    expect(page.locator("#notify-status")).to_contain_text("n’autorise pas les notifications")


def refuse_a_prize(page) -> None:
    """A share typed with three decimals: the form answers beside what was typed."""
    page.locator("#id_lignes-1-value").fill("12,345")
    page.get_by_role("button", name="Enregistrer le tableau").click()
    expect(page.locator(".errors").first).to_contain_text("au centième près")


def send_an_empty_entry(page) -> None:
    """The entry form sent with nothing typed: each field says what it needs."""
    page.locator("#entry-form").evaluate("form => form.noValidate = true")
    page.get_by_role("button", name="M'inscrire en liste d'attente").click()
    expect(page.locator("#entry-form .errorlist").first).to_be_visible()


PAGES = [
    Page("connexion", "anyone", "/connexion/"),
    Page("accueil", "anyone", "/"),
    Page("aide", "anyone", "/aide/"),
    Page("aide : la salle", "anyone", "/aide/guide-arbitre/salle/"),
    Page("aide : les prix (tableaux)", "anyone", "/aide/prix/"),
    Page("accueil de l'arbitre", "arbitre", "/arbitre/"),
    Page("tableau de bord", "arbitre", "/arbitre/tournois/{tournament}/"),
    Page("nouveau tournoi", "arbitre", "/arbitre/tournois/nouveau/"),
    Page("modifier le tournoi", "arbitre", "/arbitre/tournois/{tournament}/modifier/"),
    Page("joueurs", "arbitre", "/arbitre/tournois/{tournament}/joueurs/"),
    Page(
        "modifier un inscrit",
        "arbitre",
        "/arbitre/tournois/{tournament}/joueurs/{registration}/modifier/",
    ),
    Page("import", "arbitre", "/arbitre/tournois/{tournament}/import/"),
    Page("équipes", "arbitre", "/arbitre/tournois/{tournament}/equipes/"),
    Page("pointage", "arbitre", "/arbitre/tournois/{tournament}/pointage/"),
    Page("placement", "arbitre", "/arbitre/tournois/{tournament}/positions/1/placement/"),
    # A second draw committed, its room seed still to enter: the room seed's form.
    Page(
        "placement : graine de la salle",
        "arbitre",
        "/arbitre/tournois/{tournament}/positions/2/placement/",
    ),
    Page("salle", "arbitre", "/arbitre/tournois/{tournament}/positions/1/salle/"),
    Page(
        "téléphone d'une table",
        "arbitre",
        "/arbitre/tournois/{tournament}/positions/1/salle/",
        grant_a_phone,
        reaches=("sheet_room_device_grant",),
    ),
    Page(
        "lien d'un téléphone",
        "arbitre",
        "/arbitre/tournois/{tournament}/positions/1/salle/",
        open_the_grant,
        reaches=("sheet_device_grant",),
    ),
    Page("journal", "arbitre", "/arbitre/tournois/{tournament}/journal/"),
    Page("pénalités", "arbitre", "/arbitre/tournois/{tournament}/penalites/"),
    Page("contraintes de placement", "arbitre", "/arbitre/tournois/{tournament}/contraintes/"),
    Page(
        "retirer une paire tenue à l'écart",
        "arbitre",
        "/arbitre/tournois/{tournament}/contraintes/ecart/{apart}/retirer/",
    ),
    Page(
        "retirer une table fixe",
        "arbitre",
        "/arbitre/tournois/{tournament}/contraintes/tables/{fixed}/retirer/",
    ),
    Page(
        "placement : échange à confirmer",
        "arbitre",
        "/arbitre/tournois/{tournament}/positions/2/placement/",
        warn_a_swap,
    ),
    Page("feuille vue par l'arbitre", "arbitre", "/tables/{signed_table}/"),
    Page("historique de la feuille", "arbitre", "/tables/{signed_table}/historique/"),
    Page("réouverture de la feuille", "arbitre", "/tables/{signed_table}/reouverture/"),
    Page("clôture de la feuille", "arbitre", "/tables/{open_table}/cloture/"),
    Page("code de la table", "anyone", "/tables/{open_table}/acces/"),
    Page(
        "code de la table : trop d'essais",
        "anyone",
        "/tables/{open_table}/acces/",
        exhaust_the_tables_code,
    ),
    Page("feuille", "table", "/tables/{open_table}/"),
    Page("formulaire de donne", "table", "/tables/{open_table}/", fill_a_deal),
    Page("donne refusée", "table", "/tables/{open_table}/", refuse_a_deal),
    Page("correction d'une donne", "table", "/tables/{open_table}/donnes/1/"),
    Page("page publique du tournoi", "anyone", "/tournois/{tournament}/"),
    Page("classement", "anyone", "/tournois/{tournament}/classement/"),
    Page("recherche d'un joueur", "anyone", "/tournois/{tournament}/joueurs/?q=joueur"),
    Page("page d'un joueur", "anyone", "/tournois/{tournament}/joueurs/1/"),
    Page(
        "page d'un joueur : notifications non autorisées",
        "anyone",
        "/tournois/{tournament}/joueurs/1/",
        ask_to_be_told,
    ),
    Page("projection", "anyone", "/tournois/{tournament}/projection/"),
    Page("page publique du club", "anyone", "/clubs/{club}/"),
    Page("nouveau club", "arbitre", "/arbitre/clubs/nouveau/"),
    Page("gestion du club", "arbitre", "/arbitre/clubs/{club}/"),
    Page("membres du club", "arbitre", "/arbitre/clubs/{club}/membres/"),
    Page("modifier un membre", "arbitre", "/arbitre/clubs/{club}/membres/{member}/"),
    Page("journal du club", "arbitre", "/arbitre/clubs/{club}/journal/"),
    Page("saison", "anyone", "/saisons/{season}/"),
    Page("projection de la saison", "anyone", "/saisons/{season}/projection/"),
    Page("historique d'un joueur", "anyone", "/joueurs/{player}/"),
    Page("nouvelle saison", "arbitre", "/arbitre/clubs/{club}/saisons/nouvelle/"),
    Page("modifier la saison", "arbitre", "/arbitre/saisons/{season}/"),
    Page(
        "impression en préparation",
        "arbitre",
        "/arbitre/tournois/{tournament}/positions/1/plan.pdf?travail={preparing}",
    ),
    Page("supprimer la saison", "arbitre", "/arbitre/saisons/{season}/supprimer/"),
    Page("retirer un arbitre", "arbitre", "/arbitre/clubs/{club}/arbitres/{arbitre}/retirer/"),
    Page("membre déjà connu", "arbitre", "/arbitre/clubs/{club}/membres/", add_a_homonym),
    Page(
        "choisir la fiche à fusionner",
        "arbitre",
        "/arbitre/clubs/{club}/fiches/{record}/fusionner/",
    ),
    Page(
        "fusionner deux fiches",
        "arbitre",
        "/arbitre/clubs/{club}/fiches/{record}/fusionner/?other={twin}",
    ),
    Page(
        "membre renommé sur un nom connu",
        "arbitre",
        "/arbitre/clubs/{club}/membres/{member}/",
        rename_onto_a_known_name,
    ),
    Page(
        "import : un nom déjà connu",
        "arbitre",
        "/arbitre/tournois/{tournament}/import/",
        import_a_known_name,
    ),
    Page(
        "fusionner la fiche d'un non-membre",
        "arbitre",
        "/arbitre/clubs/{club}/fiches/{guest}/fusionner/?other={record}",
    ),
    Page("salles et équipe", "arbitre", "/arbitre/tournois/{tournament}/salles/"),
    Page("salle d'une salle", "arbitre", "/arbitre/tournois/{tournament}/positions/1/salles/1/"),
    Page("projection d'une salle", "anyone", "/tournois/{tournament}/projection/salles/1/"),
    Page("tirages", "anyone", "/tournois/{tournament}/tirages/"),
    Page("comptes du club", "arbitre", "/arbitre/clubs/{club}/comptes/"),
    Page("liste des licences", "arbitre", "/arbitre/clubs/{club}/licences/"),
    Page(
        "différences de la liste des licences",
        "arbitre",
        "/arbitre/clubs/{club}/licences/",
        then=lambda page: send_a_licence_list(page),
        reaches=("club_licences_preview",),
    ),
    Page("choisir son mot de passe", "anyone", "/compte/MQ/lien-perime/"),
    Page("mot de passe choisi", "anyone", "/compte/mot-de-passe-choisi/"),
    Page("phases", "arbitre", "/arbitre/tournois/{championship}/phases/"),
    Page("classement d'un championnat", "anyone", "/tournois/{championship}/classement/"),
    Page(
        "classement d'une catégorie",
        "anyone",
        "/tournois/{tournament}/classement/?categorie=Vermeil",
    ),
    Page("accueil d'un arbitre de salle", "salle", "/arbitre/"),
    Page("accueil d'un pointeur", "pointeur", "/arbitre/"),
    Page("scanner des QR codes", "pointeur", "/arbitre/tournois/{tournament}/pointage/scanner/"),
    Page("lien de pointage ouvert par un joueur", "anyone", "/pointage/{checkin_token}/"),
    Page("lien de pointage ouvert par le pointeur", "pointeur", "/pointage/{checkin_token}/"),
    Page("lien de pointage faux", "anyone", "/pointage/1.2:faux/"),
    Page(
        "clôture malgré un appel",
        "arbitre",
        "/arbitre/tournois/{tournament}/positions/1/salle/",
        close_despite_a_call,
    ),
    Page("salles d'un championnat", "arbitre", "/arbitre/tournois/{championship}/salles/"),
    Page(
        "page d'un finaliste (report, pénalité)",
        "anyone",
        "/tournois/{finished}/joueurs/{finalist}/",
    ),
    Page("tableau des prix", "arbitre", "/arbitre/tournois/{championship}/prix/"),
    Page(
        "tableau des prix refusé",
        "arbitre",
        "/arbitre/tournois/{championship}/prix/",
        refuse_a_prize,
    ),
    Page("palmarès arrêté", "arbitre", "/arbitre/tournois/{finished}/prix/"),
    Page("rouvrir le palmarès", "arbitre", "/arbitre/tournois/{finished}/prix/rouvrir/"),
    Page("palmarès et prix", "anyone", "/tournois/{finished}/prix/"),
    Page("projection du palmarès", "anyone", "/tournois/{finished}/prix/projection/"),
    Page("inscription en ligne (complet)", "anyone", "/tournois/{evening}/inscription/"),
    Page(
        "inscription en ligne : refusée",
        "anyone",
        "/tournois/{evening}/inscription/",
        send_an_empty_entry,
    ),
    Page("ma page d'inscription", "anyone", "/tournois/{evening}/inscription/{entry_page}/"),
    Page(
        "désistement",
        "anyone",
        "/tournois/{evening}/inscription/desistement/{entry_withdraw}/",
    ),
    Page("inscriptions en ligne (arbitre)", "arbitre", "/arbitre/tournois/{evening}/inscriptions/"),
    Page("mes soirées au club", "anyone", "/clubs/{club}/mes-soirees/{member_link}/"),
    Page("lien des soirées périmé", "anyone", "/clubs/{club}/mes-soirees/lien-perime/"),
    Page("soirées des membres", "arbitre", "/arbitre/clubs/{club}/membres/soirees/"),
]

# The pages read at 200 % text size: every page, for a reader who needs large text needs it
# on every page (the arbitre's on a phone too).
ZOOMED = [spec.name for spec in PAGES]


@pytest.fixture(autouse=True)
def push_offered(settings):
    """The site has its VAPID keys: a player's page offers « Me prévenir »."""
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = new_keys()


@pytest.fixture
def room(arbitre) -> Room:
    tournament = club_tournament(arbitre, formula="duo")
    member = club_player(
        tournament.club, last_name="Lefèvre", first_name="Gaëlle", licence="0412345"
    ).memberships.get()
    twin = club_player(tournament.club, last_name="LEFEVRE", first_name="Gaelle")
    players = register(tournament, 8)
    # Séries and catégories as the licence list gives them: the ranking offers its filters.
    for registration, (serie, categorie) in zip(
        players, [("2e série Pique", "Vermeil"), ("3e série", "Senior")] * 4, strict=True
    ):
        Player.objects.filter(pk=registration.player_id).update(serie=serie, categorie=categorie)
    # A member already registered: the tick list shows him « inscrit ».
    Member.objects.create(club=tournament.club, player=players[0].player)
    for number in range(4):
        team = Team.objects.create(tournament=tournament, name=f"Équipe {number + 1}")
        for registration in players[number * 2 : number * 2 + 2]:
            registration.team = team
            registration.save(update_fields=["team"])
    withdraw_player(registration=enrol(tournament, [9])[0], by=TESTS)
    signed, open_table = seat(tournament, 1, [players[:4], players[4:]])
    publish_seating(position=signed.position, by=TESTS)
    fill_sheet(signed)
    sign(signed)
    garde_sans = DealResult(taker="E", contract="garde_sans", bouts=2, points=45)
    record_deal(table=open_table, number=1, result=garde_sans, by=TESTS)
    add_penalty(
        registration=players[0],
        position=signed.position,
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=1, by=TESTS)
    second_hall = add_hall(
        tournament=tournament, name="Salle B", first_table=2, last_table=2, by=TESTS
    )
    for username, role, hall in (("salle", "salle", second_hall), ("pointeur", "pointeur", None)):
        get_user_model().objects.create_user(username=username, password="x")
        give_role(tournament=tournament, username=username, role=role, hall=hall, by=TESTS)
    # Position 2 drawn, then drawn again with a reason: the first draw's secret revealed, the
    # second's commitment waiting.
    plan_committed(tournament=tournament, number=2, by=TESTS)
    commit_draw(tournament=tournament, number=2, by=TESTS, reason="Un joueur oublié au pointage.")
    # Two seating wishes, named once position 2 is drawn (the guide's picture shows them).
    named_by = Actor.arbitre(arbitre)
    apart = keep_apart(
        tournament=tournament,
        first=players[2],
        second=players[5],
        reason="Même famille",
        by=named_by,
    )
    at_two = Seat.objects.get(position__number=2, registration=players[4])
    fixed = fix_table(
        registration=players[4], table=at_two.table.number, reason="Mobilité réduite", by=named_by
    )
    season = Season.objects.create(
        club=tournament.club,
        name="Saison du club",
        start=tournament.date - datetime.timedelta(days=30),
        end=tournament.date + datetime.timedelta(days=30),
        method="points_de_place",
    )
    # The plan asked for while a broker takes the job and no worker draws it yet.
    celery_app.conf.task_always_eager = False  # given back by tests/conftest.py
    preparing = ask_document(
        kind=PLAN, params={"tournament": tournament.pk, "position": 1}, by=TESTS
    )
    celery_app.conf.task_always_eager = True
    return Room(
        tournament.club_id,
        tournament.pk,
        signed.pk,
        open_table.pk,
        open_table.code,
        season.pk,
        players[0].player_id,
        players[0].pk,
        member.pk,
        preparing.digest,
        arbitre.pk,
        member.player_id,
        twin.pk,
        players[1].player_id,
        played_qualification(arbitre),
        *played_championship(arbitre),
        *open_evening_entered(arbitre),
        checkin_token(players[0]),
        member_link_of(member),
        apart.pk,
        fixed.pk,
    )


def member_link_of(member) -> str:
    """The link the arbitre sends Gaëlle to her page of the club's evenings."""
    member.email = "gaelle@example.org"
    member.save(update_fields=["email"])
    return member_link_token(member)


def open_evening_entered(arbitre) -> tuple[int, str, str]:
    """A club evening open online, its one place taken and one player waiting: the player's
    own page and withdrawal link."""
    evening = open_evening(arbitre, capacity=1, name="Soirée de la semaine prochaine")
    entry = enter(evening, last_name="Lefèvre", first_name="Gaëlle", licence="0499999")
    enter(evening, last_name="Attente", licence="0488888")
    return evening.pk, page_token(entry), withdraw_token(entry)


def played_qualification(arbitre) -> int:
    """A championship of 16 players: its qualification played, 4 qualified for the final."""
    championship = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(championship)
    # Two halls of two tables: the final's one table leaves « Salle Rhône » without any.
    add_hall(tournament=championship, name="Salle Loire", first_table=1, last_table=2, by=TESTS)
    add_hall(tournament=championship, name="Salle Rhône", first_table=3, last_table=4, by=TESTS)
    set_cut(qualification, 4)
    play_position(championship, 1)
    prize_table(championship)
    return championship.pk


def prize_table(championship) -> None:
    """Half of 16 entries at 10 €, for three places, the first lady and the first young."""
    shares = [("general", "40"), ("general", "25"), ("general", "15"), ("dames", "10")]
    set_prize_table(
        tournament=championship,
        pot_kind="recettes",
        fee=Decimal("10"),
        percent=Decimal("50"),
        rows=[RowSpec(category, Decimal(share)) for category, share in shares],
        by=TESTS,
    )


def played_championship(arbitre) -> tuple[int, int]:
    """A championship of 16 played to its end: a finalist given a penalty in the qualification,
    so that their chart shows it and the carry-over to the final."""
    championship = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(championship, licences="F")
    set_cut(qualification, 4)
    first = play_position(championship, 1)
    finalist = next(p for p in tournament_ranking(championship).players if p.total == 87)
    add_penalty(
        registration=finalist.registration,
        position=first,
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    play_position(championship, 2)
    prize_table(championship)
    lock_prize_list(tournament=championship, by=Actor.arbitre(arbitre))
    return championship.pk, finalist.registration.number


@pytest.fixture
def open_page(chromium, live_server, arbitre, room):
    """Open a Page as its reader would, on a 390 px phone. Its script errors fail the test,
    and so does any request to another site: axe-core's script comes from the package."""
    contexts, errors, elsewhere = [], [], []

    def outside(url: str) -> list[str]:
        on_the_web = url.startswith(("http:", "https:"))
        return [url] if on_the_web and not url.startswith(live_server.url) else []

    def open_(spec: Page):
        context = chromium.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
        contexts.append(context)
        if spec.who == "arbitre":
            log_in(context, arbitre, live_server)
        elif spec.who in ("salle", "pointeur"):
            log_in(context, get_user_model().objects.get(username=spec.who), live_server)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: elsewhere.extend(outside(request.url)))
        if spec.who == "table":
            page.goto(f"/tables/{room.open_table}/acces/?code={room.open_code}")
            page.get_by_role("button", name="Ouvrir la feuille").click()
            expect(page.locator("form.deal-form")).to_be_visible()
        page.goto(spec.path.format(**vars(room)))
        if spec.then:
            spec.then(page)
        return page

    yield open_
    # Closed before the live server stops: some pages poll it (htmx) while they live.
    for context in contexts:
        context.close()
    assert not errors, errors
    assert elsewhere == []


def violations_report(violations: list[dict]) -> str:
    """Each violated rule's id, impact and the targets of its elements (the first 12), then
    what axe says of the first one."""
    lines = []
    for violation in violations:
        nodes = violation["nodes"]
        targets = ", ".join(" ".join(node["target"]) for node in nodes[:12])
        lines.append(f"{violation['id']} ({violation['impact']}, {len(nodes)}): {targets}")
        lines.append(f"    {nodes[0]['failureSummary']}".replace("\n", " "))
    return "\n".join(lines)


@pytest.mark.parametrize("spec", PAGES, ids=[spec.name for spec in PAGES])
def test_axe_finds_no_violation_at_390_px(open_page, spec):
    page = open_page(spec)

    violations = AXE.run(page).response["violations"]

    assert violations == [], f"{spec.name} ({page.url}):\n{violations_report(violations)}"


def test_the_pages_list_covers_every_page_the_issue_names():
    names = {spec.name for spec in PAGES}
    assert {
        "connexion", "accueil de l'arbitre", "tableau de bord", "joueurs", "pointage",
        "placement", "salle", "journal", "pénalités", "code de la table", "feuille",
        "formulaire de donne", "page publique du tournoi", "classement", "page d'un joueur",
        "projection",
    } <= names  # fmt: skip
    assert set(ZOOMED) <= names


# The URLs that are no page to read: files (exports, prints, the phone's worker and manifest;
# the plan's URL is listed as the « Impression en préparation… » page that every document's
# URL answers while it is drawn, one template), the targets of forms and of htmx requests
# that answer on the page they came from, the live streams, and the logout.
NOT_PAGES = {
    "favicon", "logout", "sheet_service_worker", "sheet_manifest",
    "ranking_csv", "ranking_xlsx", "ranking_pdf", "ranking_json", "ranking_teams_csv",
    "ranking_teams_xlsx", "deals_csv", "deals_xlsx", "deals_json", "season_csv", "season_pdf",
    "season_json", "print_position_sheets", "print_cards", "print_sheet",
    "live_stream", "arbitre_live_stream", "push_subscribe", "push_unsubscribe",
    "print_hall_plan", "print_hall_sheets", "plan_json", "season_xlsx", "draws_json",
    "setup_hall_remove", "setup_role_give", "setup_role_remove", "setup_placement_commit",
    "setup_placement_room_seed",
    "setup_stage_edit", "setup_stage_delete", "prize_json", "prize_pdf", "prize_list_lock",
    "club_member_remove", "club_arbitre_add", "setup_tournament_publish",
    "setup_register_ticked", "setup_player_unregister", "setup_team_assign", "setup_withdraw",
    "setup_team_delete", "setup_checkin_toggle", "setup_placement_generate",
    "setup_placement_swap", "setup_placement_publish", "position_close", "position_reopen",
    "position_seat_next", "call_handle", "penalty_cancel", "sheet_deal_new", "sheet_deal_delete",
    "sheet_preview", "sheet_sign_off", "setup_seating_apart", "setup_seating_fixed",
    "entries_json", "entry_confirm", "entry_answer", "entries_opening", "entries_close",
    "entries_promote", "entries_cancel", "entries_move", "entries_resolve",
    "member_evening_answer", "club_links_send", "club_link_send", "club_link_renew",
    "entries_links_send",
}  # fmt: skip


def url_names(resolver=None) -> set[str]:
    """Every URL's name of the site, the admin's aside."""
    names = set()
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":
                names |= url_names(pattern)
        else:
            names.add(pattern.name)
    return names


def test_the_pages_list_holds_every_page_of_the_site():
    ids = dict.fromkeys(Room.__dataclass_fields__, 1)
    listed = set()
    for spec in PAGES:
        listed.add(resolve(urlsplit(spec.path.format(**ids)).path).url_name)
        listed.update(spec.reaches)

    assert url_names() - NOT_PAGES == listed


# The outermost elements of <main> whose box runs past the screen's left or right edge, but
# for those inside a box that scrolls sideways on its own (a table's .scroll) or hidden from
# sight; and the table cells whose text runs out of the cell, into its neighbour.
OFF_SCREEN = """() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element) => {
        let box = element.parentElement;
        for (; box && box.tagName !== "MAIN"; box = box.parentElement) {
            const overflow = getComputedStyle(box).overflowX;
            if (overflow === "auto" || overflow === "scroll") return true;
        }
        return false;
    };
    const off = Array.from(document.querySelectorAll("main *"))
        .filter((element) => element.getClientRects().length > 0)
        .filter((element) => !element.closest(".visually-hidden"))
        .filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && (box.right > width + 1 || box.left < -1);
        })
        .filter((element) => !scrolls(element));
    // A cell inside a box of one pixel that hides what overflows it is hidden to the eye (a
    // stacked table's head, kept for screen readers): its text runs into nothing anybody sees.
    const hidden = (cell) => {
        for (let box = cell.parentElement; box && box !== document.body; box = box.parentElement) {
            const clipped = getComputedStyle(box).overflow === "hidden";
            if (box.getBoundingClientRect().width <= 1 && clipped) {
                return true;
            }
        }
        return false;
    };
    const overflowing = Array.from(document.querySelectorAll("main td, main th"))
        .filter((cell) => !hidden(cell))
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1);
    const named = (element) => element.tagName.toLowerCase()
        + (typeof element.className === "string" && element.className.trim()
            ? "." + element.className.trim().split(/\\s+/).join(".") : "")
        + " « " + element.textContent.trim().replace(/\\s+/g, " ").slice(0, 40) + " »";
    return off.filter((element) => !off.includes(element.parentElement))
        .map((element) => "off the screen: " + named(element))
        .concat(overflowing.map((cell) => "out of its cell: " + named(cell)));
}"""

ZOOM = "() => { document.documentElement.style.fontSize = '200%'; }"


@pytest.mark.parametrize("name", ZOOMED)
def test_nothing_runs_off_a_390_px_screen_at_200_percent_text(open_page, name, artifacts):
    spec = next(spec for spec in PAGES if spec.name == name)
    page = open_page(spec)
    slug = "".join(c if c.isalnum() else "_" for c in name)
    page.screenshot(path=str(artifacts / f"a11y_{slug}_390_100.png"), full_page=True)

    page.evaluate(ZOOM)

    page.screenshot(path=str(artifacts / f"a11y_{slug}_390_200.png"), full_page=True)
    page.screenshot(path=str(artifacts / f"a11y_{slug}_390_200_screen.png"))
    assert page.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "32px"
    off_screen = page.evaluate(OFF_SCREEN)
    assert off_screen == [], f"{name} at 200 %:\n" + "\n".join(off_screen)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
