"""Every page for every eye: axe-core finds no violation on a 390 px phone, and the key pages
stay whole at 200 % text size (nothing of the main content runs off the screen's side).

PAGES is the one list of the pages checked: a new page joins by one line there (its name, who
opens it, its path, and what to do on it first, if anything).
"""

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from common.actors import Actor
from seasons.models import Season
from tests.at_the_table import TESTS, fill_sheet, sign
from tests.browser.conftest import PHONE
from tests.browser.taps import tap
from tests.championship import (
    championship_tournament,
    play_position,
    qualification_and_final,
    set_cut,
)
from tests.factories import club_player, club_tournament, enrol, register, seat
from tournaments.deal_scoring import DealResult
from tournaments.models import Team
from tournaments.services.deals import record_deal
from tournaments.services.draws import commit_draw
from tournaments.services.halls import add_hall
from tournaments.services.penalties import add_penalty
from tournaments.services.registrations import withdraw_player
from tournaments.services.seating import plan_position, publish_seating

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
    championship: int  # a qualification played, 4 qualified for the final


@dataclass(frozen=True)
class Page:
    name: str
    who: str  # "anyone", "arbitre" (logged in) or "table" (the open table's phone)
    path: str  # formatted with the Room's fields
    then: Callable | None = None  # what is done on the page before it is checked


def fill_a_deal(page) -> None:
    """The deal form half filled, its live marques shown."""
    form = page.locator("form.deal-form")
    tap(form, "Preneur", "Joueur5 P.")
    tap(form, "Contrat", "Garde")
    tap(form, "Bouts de l'attaque", "2")
    form.get_by_label("Points", exact=True).fill("48")
    expect(page.locator("#preview .preview-marques")).to_be_visible()


def refuse_a_deal(page) -> None:
    """The deal form sent with too many points: its messages shown."""
    form = page.locator("form.deal-form")
    tap(form, "Preneur", "Joueur5 P.")
    tap(form, "Contrat", "Prise")
    tap(form, "Bouts de l'attaque", "1")
    form.get_by_label("Points", exact=True).fill("95")
    form.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#errors-points")).to_contain_text("entre 0 et 91")


PAGES = [
    Page("connexion", "anyone", "/connexion/"),
    Page("accueil", "anyone", "/"),
    Page("accueil de l'arbitre", "arbitre", "/arbitre/"),
    Page("tableau de bord", "arbitre", "/arbitre/tournois/{tournament}/"),
    Page("joueurs", "arbitre", "/arbitre/tournois/{tournament}/joueurs/"),
    Page("import", "arbitre", "/arbitre/tournois/{tournament}/import/"),
    Page("équipes", "arbitre", "/arbitre/tournois/{tournament}/equipes/"),
    Page("pointage", "arbitre", "/arbitre/tournois/{tournament}/pointage/"),
    Page("placement", "arbitre", "/arbitre/tournois/{tournament}/positions/1/placement/"),
    Page("salle", "arbitre", "/arbitre/tournois/{tournament}/positions/1/salle/"),
    Page("journal", "arbitre", "/arbitre/tournois/{tournament}/journal/"),
    Page("pénalités", "arbitre", "/arbitre/tournois/{tournament}/penalites/"),
    Page("feuille vue par l'arbitre", "arbitre", "/tables/{signed_table}/"),
    Page("historique de la feuille", "arbitre", "/tables/{signed_table}/historique/"),
    Page("code de la table", "anyone", "/tables/{open_table}/acces/"),
    Page("feuille", "table", "/tables/{open_table}/"),
    Page("formulaire de donne", "table", "/tables/{open_table}/", fill_a_deal),
    Page("donne refusée", "table", "/tables/{open_table}/", refuse_a_deal),
    Page("correction d'une donne", "table", "/tables/{open_table}/donnes/1/"),
    Page("page publique du tournoi", "anyone", "/tournois/{tournament}/"),
    Page("classement", "anyone", "/tournois/{tournament}/classement/"),
    Page("recherche d'un joueur", "anyone", "/tournois/{tournament}/joueurs/?q=joueur"),
    Page("page d'un joueur", "anyone", "/tournois/{tournament}/joueurs/1/"),
    Page("projection", "anyone", "/tournois/{tournament}/projection/"),
    Page("page publique du club", "anyone", "/clubs/{club}/"),
    Page("nouveau club", "arbitre", "/arbitre/clubs/nouveau/"),
    Page("gestion du club", "arbitre", "/arbitre/clubs/{club}/"),
    Page("membres du club", "arbitre", "/arbitre/clubs/{club}/membres/"),
    Page("journal du club", "arbitre", "/arbitre/clubs/{club}/journal/"),
    Page("saison", "anyone", "/saisons/{season}/"),
    Page("projection de la saison", "anyone", "/saisons/{season}/projection/"),
    Page("historique d'un joueur", "anyone", "/joueurs/{player}/"),
    Page("nouvelle saison", "arbitre", "/arbitre/clubs/{club}/saisons/nouvelle/"),
    Page("modifier la saison", "arbitre", "/arbitre/saisons/{season}/"),
    Page("salles et équipe", "arbitre", "/arbitre/tournois/{tournament}/salles/"),
    Page("salle d'une salle", "arbitre", "/arbitre/tournois/{tournament}/positions/1/salles/1/"),
    Page("projection d'une salle", "anyone", "/tournois/{tournament}/projection/salles/1/"),
    Page("tirages", "anyone", "/tournois/{tournament}/tirages/"),
    Page("comptes du club", "arbitre", "/arbitre/clubs/{club}/comptes/"),
    Page("choisir son mot de passe", "anyone", "/compte/MQ/lien-perime/"),
    Page("phases", "arbitre", "/arbitre/tournois/{championship}/phases/"),
    Page("classement d'un championnat", "anyone", "/tournois/{championship}/classement/"),
]
# The pages read at 200 % text size: those read on a phone during play.
ZOOMED = [
    "feuille",
    "formulaire de donne",
    "classement",
    "page d'un joueur",
    "salle",
    "pointage",
    "page publique du tournoi",
    "salle d'une salle",
    "tirages",
    "classement d'un championnat",
]


@pytest.fixture
def room(arbitre) -> Room:
    tournament = club_tournament(arbitre, formula="duo")
    club_player(tournament.club, last_name="Lefèvre", first_name="Gaëlle", licence="0412345")
    players = register(tournament, 8)
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
    add_hall(tournament=tournament, name="Salle B", first_table=2, last_table=2, by=TESTS)
    # Position 2 drawn, then drawn again with a reason: the first draw's secret revealed, the
    # second's commitment waiting.
    plan_position(tournament=tournament, number=2, by=TESTS)
    commit_draw(tournament=tournament, number=2, by=TESTS, reason="Un joueur oublié au pointage.")
    season = Season.objects.create(
        club=tournament.club,
        name="Saison du club",
        start=tournament.date - datetime.timedelta(days=30),
        end=tournament.date + datetime.timedelta(days=30),
        method="points_de_place",
    )
    return Room(
        tournament.club_id,
        tournament.pk,
        signed.pk,
        open_table.pk,
        open_table.code,
        season.pk,
        players[0].player_id,
        played_qualification(arbitre),
    )


def played_qualification(arbitre) -> int:
    """A championship of 16 players: its qualification played, 4 qualified for the final."""
    championship = championship_tournament(arbitre)
    qualification, _final = qualification_and_final(championship)
    set_cut(qualification, 4)
    play_position(championship, 1)
    return championship.pk


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
            client = Client()
            client.force_login(arbitre)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
            context.add_cookies(
                [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
            )
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
    const overflowing = Array.from(document.querySelectorAll("main td, main th"))
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
