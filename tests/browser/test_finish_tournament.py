"""A small tournament played through two positions with the room open, closed, and ranked.

The arbitre watches the room on a laptop; each table enters its deal and signs on its own
phone; the arbitre closes each position, seats the next in one tap, and finds the final
ranking. Screenshots of the ranking, a player's page and the projector are kept as artifacts.
"""

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Deal, Position, Tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def two_positions(tournament, registrations):  # noqa: ARG001 - its 8 players registered
    """8 players, 2 positions of one deal: the shortest whole tournament."""
    tournament.positions_count = 2
    tournament.deals_per_position = 1
    tournament.save()
    return tournament


def play_table(chromium, live_server, table, taker: str) -> None:
    """A phone at the table: the code, a prise of 55 with 1 bout, then every player signs."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"/tables/{table.pk}/acces/?code={table.code}")
    page.get_by_role("button", name="Ouvrir la feuille").click()
    form = page.locator("form.deal-form")
    for legend, label in [("Preneur", taker), ("Contrat", "Prise"), ("Bouts de l'attaque", "1")]:
        group = form.locator("fieldset", has=page.get_by_text(legend, exact=True))
        group.locator("label.choice", has_text=re.compile(f"^{re.escape(label)}")).first.click()
    form.get_by_label("Points", exact=True).fill("55")
    expect(page.locator("#preview")).to_contain_text("+87")
    form.get_by_role("button", name="Enregistrer la donne").click()
    expect(page.locator("#donne-1")).to_contain_text("+87")
    signs = page.locator("button.sign")
    for index in range(signs.count()):
        signs.nth(index).click()
        # One signature at a time, each seen confirmed before the next tap, as a player does:
        # taps sent while the sheet's fragment is swapped (its own echo) could be lost.
        if index < signs.count() - 1:
            expect(page.locator("button.sign.confirmed")).to_have_count(index + 1)
    expect(page.locator(".signed-note")).to_contain_text("Feuille signée")
    context.close()


@pytest.mark.usefixtures("arbitre")
def test_an_arbitre_runs_a_tournament_to_its_final_ranking(
    chromium, live_server, two_positions, artifacts
):
    tournament = two_positions
    laptop = chromium.new_context(
        viewport={"width": 1280, "height": 900}, locale="fr-FR", base_url=live_server.url
    )
    room = laptop.new_page()
    room.set_default_timeout(10_000)
    room.goto("/connexion/")
    room.get_by_label("Identifiant").fill("arbitre")
    room.get_by_label("Mot de passe").fill("mot-de-passe-arbitre")
    room.get_by_role("button", name="Se connecter").click()

    # Position 1: generated and published from the placement screen.
    room.goto(f"/arbitre/tournois/{tournament.pk}/positions/1/placement/")
    room.get_by_role("button", name="Fixer l'engagement du tirage").click()
    room.get_by_label("Graine de la salle").fill("4 2 5 1 6 3")
    room.get_by_role("button", name="Saisir la graine de la salle").click()
    room.get_by_role("button", name="Générer le placement").click()
    room.get_by_role("button", name=re.compile("Publier")).click()
    expect(room.get_by_text("Placement publié")).to_be_visible()

    for number in (1, 2):
        room.goto(f"/arbitre/tournois/{tournament.pk}/positions/{number}/salle/")
        position = Position.objects.get(tournament=tournament, number=number)
        for table in position.tables.order_by("number"):
            taker = table.seats.get(place="N").registration.player.last_name
            play_table(chromium, live_server, table, f"{taker} P.")
        room.reload()
        expect(room.locator("#room")).to_contain_text("2 signées sur 2")
        room.get_by_role("button", name="Clore la position").click()
        if number == 1:
            expect(room.get_by_text("Position 1 close.")).to_be_visible()
            room.get_by_role("button", name="Placer la position 2").click()
            # The commitment was fixed at publication: the room seed, then the draw.
            room.get_by_label("Graine de la salle").fill("615243")
            room.get_by_role("button", name="Saisir la graine de la salle").click()
            room.get_by_role("button", name="Générer le placement").click()
            expect(room.get_by_text("Placement généré")).to_be_visible()
            room.get_by_role("button", name=re.compile("Publier")).click()
            expect(room.get_by_text("Placement publié")).to_be_visible()

    expect(room.get_by_text("le tournoi est terminé")).to_be_visible()
    room.get_by_role("link", name="Tournoi terminé : voir le classement final").click()
    expect(room.get_by_role("heading", level=1)).to_contain_text("définitif")
    assert Deal.objects.filter(table__position__tournament=tournament).count() == 4
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    totals = room.locator(".ranking-grid td.total")
    expect(totals).to_have_count(8)
    # Each position: two takers at +87, six defenders at −29; the totals sum to zero.
    shown = [int(text.replace("−", "-")) for text in totals.all_inner_texts()]
    assert sum(shown) == 0
    assert shown == sorted(shown, reverse=True)
    room.screenshot(path=str(artifacts / "ranking.png"), full_page=True)

    # A player's page on a phone, found by name without its accents.
    phone = chromium.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", base_url=live_server.url
    )
    page = phone.new_page()
    page.goto(f"/tournois/{tournament.pk}/classement/")
    page.get_by_placeholder("Votre nom ou votre n°").fill("joueur3 prenom")
    page.get_by_role("button", name="Ma page").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Prénom JOUEUR3")
    expect(page.locator(".player-position")).to_have_count(2)
    expect(page.locator("svg polyline")).to_be_visible()
    page.screenshot(path=str(artifacts / "player_page.png"), full_page=True)

    screen = chromium.new_context(
        viewport={"width": 1920, "height": 1080}, locale="fr-FR", base_url=live_server.url
    )
    projector = screen.new_page()
    projector.goto(f"/tournois/{tournament.pk}/projection/")
    rows = projector.locator(".ranking-rows li")
    expect(rows).to_have_count(8)
    # Every row drawn whole: the last one ends inside the screen.
    last = rows.last.bounding_box()
    assert last["y"] + last["height"] <= 1080
    projector.screenshot(path=str(artifacts / "projector.png"))
    # Closed before the live server stops: the pages poll it (htmx) for as long as they live.
    for context in (screen, laptop, phone):
        context.close()
