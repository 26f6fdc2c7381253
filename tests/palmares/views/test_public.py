"""The prize list for everyone who may read the ranking: its page, prix.json (its shape is
fixed), its PDF and the prize-giving's screen."""

import json
from decimal import Decimal

from django.test import Client

from common.actors import Actor
from documents.models import DocumentJob
from documents.pace import is_public_document
from palmares.models import Category, PotKind, PrizeJournalEntry
from palmares.services.prize_tables import RowSpec, lock_prize_list, set_prize_table
from tests.at_the_table import TESTS
from tests.palmares.conftest import amounts, describe
from tests.pdfs import assert_pdf, assert_says, save_first_page
from tournaments.services.penalties import add_penalty


def takings_table(evening):
    """70 % of 8 × 15 €: 84,00 €; 50 %, 30 %, 20 % for places 1 to 3 (3rd place shared by
    players 2, 3 and 4 with nothing for the 4th and 5th: 16,80 € in three)."""
    rows = [RowSpec(Category.SCRATCH, Decimal(share)) for share in ("50", "30", "20")]
    set_prize_table(
        tournament=evening,
        pot_kind=PotKind.TAKINGS,
        fee=Decimal("15"),
        percent=Decimal("70"),
        rows=rows,
        by=TESTS,
    )


def test_prix_json_has_the_fixed_shape(client, evening, players):
    takings_table(evening)

    data = client.get(f"/tournois/{evening.pk}/prix.json").json()

    assert list(data) == ["pot", "currency", "prizes"]
    assert (data["pot"], data["currency"]) == ("84.00", "EUR")
    assert data["prizes"][:2] == [
        {"player_id": players[6].player_id, "rank": 1, "amount": "42.00", "prize": "1re place",
         "shared_with": []},
        {"player_id": players[1].player_id, "rank": 2, "amount": "25.20", "prize": "2e place",
         "shared_with": []},
    ]  # fmt: skip
    assert data["prizes"][2] == {
        "player_id": players[2].player_id,
        "rank": 3,
        "amount": "5.60",
        "prize": "3e place",
        "shared_with": [players[3].player_id, players[4].player_id],
    }


def test_prix_json_pays_the_pot_to_the_cent(client, evening):
    takings_table(evening)

    data = client.get(f"/tournois/{evening.pk}/prix.json").json()

    paid = sum(Decimal(prize["amount"]) for prize in data["prizes"])
    assert paid == Decimal(data["pot"]) == Decimal("84.00")
    assert all(len(prize["amount"].split(".")[1]) == 2 for prize in data["prizes"])


def test_prix_json_is_paced_as_every_public_file(client, evening, settings):
    amounts(evening, "10")
    settings.DOCUMENTS_PUBLIC_PER_MINUTE = 2
    url = f"/tournois/{evening.pk}/prix.json"

    answers = [client.get(url).status_code for _ in range(3)]

    assert is_public_document(url)
    assert answers == [200, 200, 429]


def test_an_unpublished_tournaments_prizes_are_not_found(arbitre_client, evening):
    amounts(evening, "10")
    evening.published = False
    evening.save(update_fields=["published"])

    for path in ("prix/", "prix.json", "prix/projection/", "prix.pdf"):
        assert Client().get(f"/tournois/{evening.pk}/{path}").status_code == 404, path
    assert arbitre_client.get(f"/tournois/{evening.pk}/prix.json").status_code == 200


def test_a_tournament_without_a_prize_table_has_no_prize_list(client, evening):
    for path in ("prix/", "prix.json", "prix/projection/", "prix.pdf"):
        assert client.get(f"/tournois/{evening.pk}/{path}").status_code == 404, path


def test_the_page_shows_the_arithmetic_of_the_pot_and_the_shares(client, evening):
    takings_table(evening)

    page = client.get(f"/tournois/{evening.pk}/prix/").content.decode()

    assert "8 joueurs pointés × 15,00\u00a0€ = <strong>120,00\u00a0€</strong> de recettes" in page
    assert "le club garde 36,00\u00a0€" in page
    assert "partagés entre JOUEUR2 Prénom (5,60\u00a0€), JOUEUR3 Prénom (5,60\u00a0€) et " in page


def test_under_htmx_the_page_answers_its_list_alone(client, evening):
    amounts(evening, "10")

    response = client.get(f"/tournois/{evening.pk}/prix/", headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert 'id="prize-list"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_the_projector_shows_each_prize_large(client, evening):
    amounts(evening, "100", "60")

    page = client.get(f"/tournois/{evening.pk}/prix/projection/").content.decode()

    assert 'class="projector"' in page
    assert "1re place" in page
    assert "100,00\u00a0€" in page


def test_the_projector_turns_its_pages(client, evening):
    amounts(evening, *["1"] * 8)

    first = client.get(f"/tournois/{evening.pk}/prix/projection/?ecran=abc")

    assert first.status_code == 200
    assert "?ecran=0" in first.content.decode()  # one screen: it comes round to itself


def test_the_pdf_shows_the_pot_and_who_receives_what(client, evening, players):
    describe(players[7], sex="F")
    takings_table(evening)

    pdf = assert_pdf(client.get(f"/tournois/{evening.pk}/prix.pdf"), f"palmares-{evening.pk}.pdf")

    save_first_page(pdf, "palmares_prix")
    assert_says(pdf, "Palmarès et prix", "84,00 €", "JOUEUR6 Prénom", "1re place", "42,00 €")
    assert_says(pdf, "le club garde 36,00 €")


def test_a_visitor_asking_for_the_pdf_is_in_the_prizes_journal(evening):
    amounts(evening, "10")

    Client().get(f"/tournois/{evening.pk}/prix.pdf")

    entry = PrizeJournalEntry.objects.order_by("pk").last()
    assert (entry.action, entry.actor_kind) == ("document.asked", "visitor")


def test_the_json_as_bytes_keeps_accents(client, evening, players):
    describe(players[6], sex="F")
    rows = [RowSpec(Category.LADIES, Decimal("10"))]
    set_prize_table(tournament=evening, pot_kind=PotKind.AMOUNTS, rows=rows, by=TESTS)

    content = client.get(f"/tournois/{evening.pk}/prix.json").content

    assert json.loads(content)["prizes"][0]["prize"] == "1re dame"


def test_a_locked_list_no_longer_moves_and_says_so(client, evening, players, arbitre):
    takings_table(evening)
    lock_prize_list(tournament=evening, by=Actor.arbitre(arbitre))
    before = client.get(f"/tournois/{evening.pk}/prix.json").json()
    add_penalty(
        registration=players[6],
        position=evening.positions.get(),
        points=400,
        reason="Faute",
        by=Actor.arbitre(arbitre),
    )

    after = client.get(f"/tournois/{evening.pk}/prix.json").json()
    page = client.get(f"/tournois/{evening.pk}/prix/").content.decode()

    assert after == before
    assert "Palmarès arrêté le" in page
    assert "il ne suit plus le classement" in page


def test_a_new_table_draws_a_new_pdf(client, evening):
    amounts(evening, "100")
    first = client.get(f"/tournois/{evening.pk}/prix.pdf").content

    amounts(evening, "250")
    second = client.get(f"/tournois/{evening.pk}/prix.pdf").content

    assert_says(first, "100,00 €")
    assert_says(second, "250,00 €")


def test_the_pdf_asked_again_without_a_change_is_the_kept_one(client, evening):
    amounts(evening, "100")
    client.get(f"/tournois/{evening.pk}/prix.pdf")

    client.get(f"/tournois/{evening.pk}/prix.pdf")

    assert DocumentJob.objects.count() == 1


def test_prix_json_moves_with_the_ranking_while_open(client, evening, players, arbitre):
    amounts(evening, "100")
    before = client.get(f"/tournois/{evening.pk}/prix.json").json()
    add_penalty(
        registration=players[6],
        position=evening.positions.get(),
        points=400,
        reason="Faute",
        by=Actor.arbitre(arbitre),
    )

    after = client.get(f"/tournois/{evening.pk}/prix.json").json()

    assert before["prizes"][0]["player_id"] == players[6].player_id
    assert after["prizes"][0]["player_id"] == players[1].player_id


def test_the_tournament_s_page_links_its_prize_list_once_it_has_a_table(client, evening):
    page = f"/tournois/{evening.pk}/"
    assert "/prix/" not in client.get(page).content.decode()

    amounts(evening, "50")

    assert f'href="/tournois/{evening.pk}/prix/"' in client.get(page).content.decode()
