"""An arbitre goes from an empty tournament to a published seating, on a phone, as a new user
would: create the tournament, register a player, import the others, check them in, seat
position 1, swap two players, publish; the public page then shows each player's seat."""

import re

import pytest
from playwright.sync_api import expect

from tournaments.models import Tournament

pytestmark = pytest.mark.browser

PLAYERS_CSV = "Nom;Prénom;Licence;Club\n" + "".join(
    f"Joueur{n:02d};Prénom;01000{n:02d};Club {n % 3}\n" for n in range(1, 13)
)


@pytest.mark.usefixtures("arbitre")
def test_arbitre_seats_position_1_from_an_empty_tournament(phone, tmp_path):
    page = phone
    page.goto("/connexion/")
    page.get_by_label("Identifiant").fill("arbitre")
    page.get_by_label("Mot de passe").fill("mot-de-passe-arbitre")
    page.get_by_role("button", name=re.compile("connecter", re.I)).click()

    page.get_by_role("link", name="Arbitre").click()
    page.get_by_role("link", name="Créer un tournoi").click()
    page.get_by_label("Nom :").fill("Tournoi du jeudi")
    page.get_by_label("Date").fill("2026-11-26")
    page.get_by_label("Nombre de positions").fill("3")
    page.get_by_role("button", name="Créer le tournoi").click()
    expect(page.get_by_role("heading", name="Tournoi du jeudi")).to_be_visible()

    page.get_by_role("link", name="Inscrire les joueurs").click()
    page.get_by_label("Nom :", exact=True).fill("Girard")
    page.get_by_label("Prénom :").fill("Daniel")
    page.get_by_label("Pointé présent").check()
    page.get_by_role("button", name="Inscrire").click()
    expect(page.get_by_text("Inscription enregistrée : GIRARD Daniel, n° 1.")).to_be_visible()

    csv_file = tmp_path / "joueurs.csv"
    csv_file.write_text(PLAYERS_CSV, encoding="utf-8")
    page.get_by_role("link", name="Importer une liste (fichier CSV)").click()
    page.get_by_label("Fichier CSV").set_input_files(csv_file)
    page.get_by_role("button", name="Importer").click()
    expect(page.get_by_text("12 joueurs inscrits depuis le fichier.")).to_be_visible()

    page.get_by_role("link", name="Pointage").first.click()
    # One tap at a time: each waits for the previous one's answer (a slow machine would
    # otherwise tap a button that htmx is about to replace).
    to_check_in = page.get_by_role("button", name="Pointer", exact=True)
    for left in range(12, 0, -1):
        expect(to_check_in).to_have_count(left)
        to_check_in.first.click()
    expect(to_check_in).to_have_count(0)
    expect(page.get_by_text("13 présents")).to_be_visible()
    expect(page.locator("#checkin-counter")).to_contain_text("1 table de 4, 3 tables de 3")

    page.get_by_role("link", name="Placement").first.click()
    page.get_by_role("button", name="Fixer l'engagement du tirage").click()
    page.get_by_label("Graine de la salle").fill("4 2 5 1 6 3")
    page.get_by_role("button", name="Saisir la graine de la salle").click()
    page.get_by_role("button", name="Générer le placement").click()
    expect(page.get_by_text("Aucune rencontre répétée")).to_be_visible()
    expect(page.locator(".table-card")).to_have_count(4)

    girard = page.locator("#id_first option", has_text="GIRARD Daniel").get_attribute("value")
    page.get_by_label("Joueur :").select_option(girard)
    page.get_by_label("avec :").select_option(index=3)
    page.get_by_role("button", name="Échanger").click()
    expect(page.get_by_text(re.compile("GIRARD Daniel et .* échangés"))).to_be_visible()

    page.get_by_role("button", name="Publier le placement").click()
    expect(page.get_by_text("Placement publié")).to_be_visible()

    tournament = Tournament.objects.get(name="Tournoi du jeudi")
    seat = (
        tournament.positions.get(number=1)
        .seats.select_related("table")
        .get(registration__player__last_name="Girard")
    )
    page.get_by_role("link", name="Page publique").click()
    expect(page.locator(".find-seat")).to_contain_text(
        f"GIRARD Daniel → table {seat.table.number}, {seat.get_place_display()}"
    )
