"""The room's screens read on a laptop's projector, a 1080p TV and a 4K TV: every name whole
when it fits the screen, the title above its subtitle, every row inside the screen."""

import datetime
from decimal import Decimal

import pytest

from clubs.models import Player
from palmares.services.prize_tables import RowSpec, set_prize_table
from seasons.models import Season
from tests.at_the_table import TESTS
from tests.factories import club_of, seat
from tests.seasons.evenings import evening
from tournaments.services.seating import publish_seating

pytestmark = pytest.mark.browser

SCREENS = [
    pytest.param({"width": 1280, "height": 720}, id="1280"),
    pytest.param({"width": 1920, "height": 1080}, id="1920"),
    pytest.param({"width": 3840, "height": 2160}, id="3840"),
]

# Names as long as a club's list has them, each with its club as long.
NAMES = [
    ("DE LA ROCHEFOUCAULD-MONTBEL", "Marie-Christine"),
    ("LEFÈVRE-DUBOIS", "Jean-Christophe"),
    ("VAN DEN BERGHE", "Anne-Sophie"),
    ("MARTIN", "Léa"),
    ("BOURGUIGNON", "Pierre-Emmanuel"),
    ("O'NEILL", "Éléonore"),
    ("CHÂTEAUNEUF", "Maximilien"),
    ("DUPRÉ", "Hélène"),
    ("SAINT-GERMAIN", "François-Xavier"),
    ("LE GOFF", "Gwénaëlle"),
    ("ABADIE", "Jean"),
    ("ZIMMERMANN", "Marguerite"),
]
CLUB = "Les Excuses de Villeurbanne et du Grand Lyon"


@pytest.fixture
def screens(arbitre):
    """A club's evening of 12 long names, its position 1 played and position 2 seated and
    published (the room's « Trouver sa place »), and the club's season counting it."""
    club = club_of(arbitre)
    club.name = "Tarot Club des Monts du Lyonnais et de la Vallée du Gier"
    club.save()
    people = [
        Player.objects.create(last_name=last, first_name=first, club=CLUB) for last, first in NAMES
    ]
    tournament = evening(club, arbitre, 12, people, takers=("N", "E"))
    tournament.name = "Tournoi de la Saint-Martin du Tarot Club des Monts du Lyonnais"
    tournament.positions_count = 2
    tournament.save()
    registrations = list(tournament.registrations.order_by("number"))
    tables = seat(tournament, 2, [registrations[i::3] for i in range(3)])
    publish_seating(position=tables[0].position, by=TESTS)
    season = Season.objects.create(
        club=club,
        name="Challenge d'automne des Monts du Lyonnais",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30),
        method="points_de_place",
    )
    rows = [RowSpec("general", Decimal(12 - place)) for place in range(12)]
    set_prize_table(tournament=tournament, pot_kind="montants", rows=rows, by=TESTS)
    return {
        "palmarès": f"/tournois/{tournament.pk}/prix/projection/",
        "tournoi, classement": f"/tournois/{tournament.pk}/projection/?ecran=0",
        "tournoi, trouver sa place": f"/tournois/{tournament.pk}/projection/?ecran=1",
        "saison": f"/saisons/{season.pk}/projection/",
    }


# Every name cut though it would fit its row: the row's width less what else the row must
# show whole (the rank, the total, the seat) and the gaps between them, a club's name giving
# way first (a prize's words on the prize-giving's screen).
CUT_NAMES = """() => Array.from(document.querySelectorAll(".projector-rows li")).flatMap((row) => {
    const name = row.querySelector(".name");
    if (!name || name.scrollWidth <= name.clientWidth + 1) return [];
    const cells = Array.from(row.children).map((cell) => cell.getBoundingClientRect());
    const gaps = cells.slice(1).reduce((sum, box, i) => sum + box.left - cells[i].right, 0);
    const kept = Array.from(row.children)
        .filter((cell) => cell !== name && !cell.matches(".club, .prize"))
        .reduce((sum, cell) => sum + cell.getBoundingClientRect().width, 0);
    const room = row.getBoundingClientRect().width - gaps - kept;
    return name.scrollWidth <= room ? [name.textContent.trim()] : [];
})"""


@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize(
    "screen", ["tournoi, classement", "tournoi, trouver sa place", "saison", "palmarès"]
)
def test_the_projector_shows_every_name_that_fits_whole(
    chromium, live_server, screens, screen, size, artifacts
):
    context = chromium.new_context(viewport=size, locale="fr-FR", base_url=live_server.url)
    page = context.new_page()
    page.goto(screens[screen])
    slug = "".join(c if c.isalnum() else "_" for c in screen)
    page.screenshot(path=str(artifacts / f"projector_{slug}_{size['width']}.png"))

    cut = page.evaluate(CUT_NAMES)
    widths = page.locator(".projector-rows .name").evaluate_all(
        "(names) => names.map((name) => name.getBoundingClientRect().width)"
    )
    context.close()

    assert len(widths) == 12 and min(widths) > 0
    assert cut == []


@pytest.mark.parametrize("size", SCREENS)
@pytest.mark.parametrize("screen", ["tournoi, classement", "saison", "palmarès"])
def test_the_projector_title_stands_above_its_subtitle_and_rows_fit(
    chromium, live_server, screens, screen, size
):
    context = chromium.new_context(viewport=size, locale="fr-FR", base_url=live_server.url)
    page = context.new_page()
    page.goto(screens[screen])

    title = page.locator(".projector-head h1").bounding_box()
    subtitle = page.locator(".projector-head p").bounding_box()
    rows = page.locator(".projector-rows li")
    first, last = rows.first.bounding_box(), rows.last.bounding_box()
    title_cut = page.locator(".projector-head h1").evaluate(
        "(title) => title.scrollWidth > title.clientWidth + 1"
    )
    width = page.evaluate("() => document.documentElement.scrollWidth")
    context.close()

    assert title["y"] >= 0 and not title_cut
    assert title["y"] + title["height"] <= subtitle["y"] + 1
    assert subtitle["y"] + subtitle["height"] <= first["y"] + 1
    assert last["y"] + last["height"] <= size["height"] + 1
    assert width <= size["width"]
