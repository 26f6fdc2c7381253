"""A season's public pages and exports, and a player's history page."""

import csv
import html
import io
from collections import defaultdict

import pytest
from django.db.models import F

from seasons.models import method_words
from tests.htmx import HTMX
from tests.seasons.evenings import evening
from tournaments.models import Seat, Tournament


@pytest.fixture
def played(club, arbitre, people, season):
    """Three evenings, the last four players at the first only: « Points de place », the best
    2 evenings, at least 2 to be ranked."""
    evening(club, arbitre, 6, people, takers=("N", "E"))
    evening(club, arbitre, 13, people[3::-1], takers=("S",))
    evening(club, arbitre, 20, people[:4], takers=("O",))
    season.method, season.best, season.minimum = "points_de_place", 2, 2
    season.save()
    people[1].last_name = '=HYPERLIEN("http://x")'
    people[1].save()
    return season


def place_points_by_hand() -> dict[int, list]:
    """Each player's place points at each evening, counted here from the seats' bilans."""
    bilans = defaultdict(lambda: defaultdict(int))
    for seat in Seat.objects.annotate(tournament=F("position__tournament")).select_related(
        "registration"
    ):
        marques = seat.table.deals.values_list(f"marque_{seat.get_place_display().lower()}")
        bilans[seat.tournament][seat.registration.player_id] += sum(m for (m,) in marques)
    points = defaultdict(list)
    for totals in bilans.values():
        n = len(totals)
        for player, total in totals.items():
            above = sum(1 for other in totals.values() if other > total)
            same = sum(1 for other in totals.values() if other == total)
            place = above + (same + 1) / 2
            points[player].append((n - place) / (n - 1) * 1000)
    return points


@pytest.mark.usefixtures("played")
def test_the_json_matches_a_count_made_by_hand(client, season, people):
    data = client.get(f"/saisons/{season.pk}/classement.json").json()

    hand = place_points_by_hand()
    assert (data["method"], data["best"], data["minimum"]) == ("points_de_place", 2, 2)
    assert [e["date"] for e in data["evenings"]] == ["2026-10-06", "2026-10-13", "2026-10-20"]
    for player in data["players"]:
        best_two = sorted(hand[player["player_id"]], reverse=True)[:2]
        assert player["score"] == pytest.approx(sum(best_two), abs=0.05)
        assert player["evenings_played"] == len(hand[player["player_id"]])
        assert player["ranked"] == (player["evenings_played"] >= 2)
        assert len(player["tournaments_counted"]) == min(2, player["evenings_played"])
    ranked = [p for p in data["players"] if p["ranked"]]
    assert [p["score"] for p in ranked] == sorted((p["score"] for p in ranked), reverse=True)
    assert {p["player_id"] for p in data["players"]} == {p.pk for p in people}


@pytest.mark.usefixtures("played")
def test_the_csv_is_the_tournaments_kind_with_formulas_neutralised(client, season):
    response = client.get(f"/saisons/{season.pk}/classement.csv")

    assert response.content.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:7] == ["Rang", "Ex aequo", "Classé", "Nom", "Prénom", "Licence", "Score"]
    assert '\'=HYPERLIEN("http://x")' in [row[3] for row in rows]
    assert len(rows) == 1 + 8


@pytest.mark.usefixtures("played")
def test_the_page_works_one_line_out_and_strikes_the_dropped_evenings(client, season):
    response = client.get(f"/saisons/{season.pk}/")

    page = response.content.decode()
    assert response.status_code == 200
    assert "Points de place" in page and "Exemple" in page
    assert "provisoire" in page
    assert "<details>" in page and "<del>" in page
    assert "Moins de 2 soirées : pas encore classés" in page


@pytest.mark.usefixtures("played")
def test_under_htmx_the_page_answers_its_ranking_alone(client, season):
    response = client.get(f"/saisons/{season.pk}/", headers=HTMX)

    assert response.status_code == 200
    assert b"<html" not in response.content
    assert b"season-lines" in response.content


@pytest.mark.usefixtures("played")
def test_the_pdf_and_the_projector_answer(client, season):
    pdf = client.get(f"/saisons/{season.pk}/classement.pdf")
    screen = client.get(f"/saisons/{season.pk}/projection/?ecran=x", headers=HTMX)

    assert (pdf.status_code, pdf["Content-Type"]) == (200, "application/pdf")
    assert pdf.content.startswith(b"%PDF")
    assert screen.status_code == 200 and b"ABEL" in screen.content


def test_an_unknown_season_is_a_404(client, db):  # noqa: ARG001 - db: the query needs it
    assert client.get("/saisons/999999/").status_code == 404


@pytest.mark.usefixtures("played")
def test_the_history_page_shows_the_evenings_and_the_chart(client, people):
    response = client.get(f"/joueurs/{people[0].pk}/")

    page = response.content.decode()
    assert response.status_code == 200
    assert "ABEL" in page and "<svg" in page and "Ses statistiques" in page
    assert page.index("20/10/2026") < page.index("06/10/2026")


def test_a_player_of_no_published_evening_is_a_404_naming_nobody(client, club, arbitre, people):
    evening(club, arbitre, 6, people[:4], published=False)

    response = client.get(f"/joueurs/{people[0].pk}/")

    assert response.status_code == 404
    assert people[0].last_name.encode() not in response.content
    assert people[0].licence.encode() not in response.content


def test_each_tournaments_player_page_links_to_the_history(client, club, arbitre, people):
    tournament = evening(club, arbitre, 6, people[:4])

    response = client.get(f"/tournois/{tournament.pk}/joueurs/1/")

    assert f'href="/joueurs/{people[0].pk}/"' in response.content.decode()


def test_the_page_says_when_an_evening_was_removed_and_the_season_recomputed(
    client, club, arbitre, people, season
):
    gone = evening(club, arbitre, 13, people[:4])
    gone.delete()

    page = client.get(f"/saisons/{season.pk}/").content.decode()

    assert "Classement recalculé le" in page
    assert f"la soirée « {gone} » a été supprimée et ne compte plus" in page


def test_a_season_whose_evenings_mix_rules_says_which_evening_played_which(
    client, club, arbitre, people, season
):
    evening(club, arbitre, 6, people[:4])
    club_evening = evening(club, arbitre, 13, people[:4])
    Tournament.objects.filter(pk=club_evening.pk).update(rules="club", club_miseres=True)

    page = client.get(f"/saisons/{season.pk}/").content.decode()

    assert "ne se sont pas toutes jouées avec les mêmes règles" in page
    assert "Règles FFT : Soirée du 6/10 (6 octobre)" in page
    assert "Règles du club : misères : Soirée du 13/10 (13 octobre)" in page


def test_a_season_played_by_one_set_of_rules_says_nothing_of_them(
    client, club, arbitre, people, season
):
    evening(club, arbitre, 6, people[:4])
    evening(club, arbitre, 13, people[:4])

    page = client.get(f"/saisons/{season.pk}/").content.decode()

    assert "mêmes règles" not in page


def test_the_method_reads_in_the_same_words_on_the_form_and_on_the_season_page(
    arbitre_client, season
):
    season.method = "points_de_place"
    season.save()
    words = html.escape(method_words("points_de_place"))

    page = arbitre_client.get(f"/saisons/{season.pk}/").content.decode()
    form = arbitre_client.get(f"/arbitre/saisons/{season.pk}/").content.decode()

    assert "1000 au premier" in words
    assert words in page
    assert words in form
