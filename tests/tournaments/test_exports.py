"""The exports, parsed back: CSV for French spreadsheets, JSON for other tools."""

import csv
import io
import json
from decimal import Decimal

import pytest

from tests.at_the_table import play, prise_by
from tests.factories import duo_with_penalty, seat
from tournaments.deal_scoring import DealResult


def read_csv(response) -> list[list[str]]:
    content = response.content
    assert content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=";"))


@pytest.fixture
def results(short_tournament, players, first_position, arbitre):
    """Position 1 played, a penalty, a DUO team, and a player whose name starts with « = »."""
    duo_with_penalty(
        short_tournament, players, first_position[0].position, arbitre, team_name="@Les As"
    )
    players[1].player.last_name = '=HYPERLIEN("http://x")'
    players[1].player.club = "-Club"
    players[1].player.save()
    return short_tournament


def url(tournament, name: str) -> str:
    return f"/tournois/{tournament.pk}/{name}"


def test_the_ranking_csv_is_utf8_with_a_bom_and_semicolons(client, results):
    response = client.get(url(results, "classement.csv"))

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="classement-{results.pk}.csv"'
    rows = read_csv(response)
    assert rows[0][:9] == [
        "Rang", "Ex aequo", "N°", "Nom", "Prénom", "Licence", "Club", "Équipe", "Retiré",
    ]  # fmt: skip
    assert rows[0][9:] == [
        "Position 1",
        "Pénalités",
        "Total",
        "Donnes à 3",
        "Donnes à 4",
        "Donnes à 5",
        "Règles",
    ]
    assert rows[1][-1] == "Règles FFT"


def test_the_ranking_csv_holds_every_player_in_ranking_order(client, results):
    rows = read_csv(client.get(url(results, "classement.csv")))[1:]

    assert [row[2] for row in rows] == ["5", "1", "2", "3", "4", "6", "7", "8"]
    first, second = rows[0], rows[1]
    assert (first[0], first[1], first[9], first[11]) == ("1", "", "87", "87")
    assert (second[0], second[9], second[10], second[11]) == ("2", "87", "-50", "37")
    assert rows[2][1] == "oui"  # six players share −29


def test_numbers_stay_numbers_and_formulas_are_neutralised(client, results):
    rows = read_csv(client.get(url(results, "classement.csv")))
    player_2 = next(row for row in rows if row[2] == "2")

    assert player_2[3] == '\'=HYPERLIEN("http://x")'
    assert player_2[6] == "'-Club"
    assert player_2[7] == "'@Les As"
    assert player_2[11] == "-29"


def test_the_ranking_json_has_the_fixed_shape(client, results):
    data = client.get(url(results, "classement.json")).json()

    assert data["tournament"] == {
        "id": results.pk,
        "name": "Tournoi du club",
        "date": "2026-11-21",
        "formula": "duo",
        "rules": "Règles FFT",
        "final": False,
        "positions": 3,
        "positions_closed": 0,
    }
    assert data["players"][1] == {
        "rank": 2,
        "tied": False,
        "number": 1,
        "player_id": results.registrations.get(number=1).player_id,
        "last_name": "Joueur1",
        "first_name": "Prénom",
        "licence": "9000001",
        "club": "",
        "team": "@Les As",
        "withdrawn": False,
        "total": 37,
        "penalties": -50,
        "positions": [{"number": 1, "table": 1, "seat": "N", "bilan": 87}],
        "deals_by_table_size": {"3": 0, "4": 1, "5": 0},
        "stage_reached": None,
        "qualified": False,
        "serie": "",
        "categorie": "",
    }
    assert data["stages"] == []
    assert data["teams"] == [
        {"rank": 1, "tied": False, "name": "@Les As", "members": [1, 2], "total": 8}
    ]


def test_the_ranking_json_follows_a_deal_recorded_after_it_was_read(
    client, short_tournament, players
):
    (table,) = seat(short_tournament, 1, [players[:4]])
    before = client.get(url(short_tournament, "classement.json")).json()

    play(table, prise_by("N"))

    after = client.get(url(short_tournament, "classement.json")).json()
    assert [p["total"] for p in before["players"]] == [0, 0, 0, 0]
    assert sorted(p["total"] for p in after["players"]) == [-29, -29, -29, 87]


def test_the_ranking_json_reads_the_tournaments_own_fields_fresh(client, results):
    client.get(url(results, "classement.json"))
    results.name = "Tournoi de printemps"
    results.save()  # no service, no journal entry: the stamp, and the players, stay

    data = client.get(url(results, "classement.json")).json()

    assert data["tournament"]["name"] == "Tournoi de printemps"
    assert data["players"][1]["total"] == 37


def test_the_json_and_the_csv_say_the_same(client, results):
    data = client.get(url(results, "classement.json")).json()
    rows = read_csv(client.get(url(results, "classement.csv")))[1:]

    assert [(p["rank"], p["number"], p["total"]) for p in data["players"]] == [
        (int(row[0]), int(row[2]), int(row[11])) for row in rows
    ]


def test_each_player_of_the_json_carries_their_player_id(client, results):
    data = client.get(url(results, "classement.json")).json()

    registrations = {r.number: r.player_id for r in results.registrations.all()}
    assert len(data["players"]) == 8
    assert all(p["player_id"] == registrations[p["number"]] for p in data["players"])


def test_a_late_arrival_lists_only_the_positions_played(client, short_tournament, players):
    seat(short_tournament, 1, [players[:4]])
    (late,) = seat(short_tournament, 2, [players[4:]])
    play(late, prise_by("N"))

    data = client.get(url(short_tournament, "classement.json")).json()
    late_player = next(p for p in data["players"] if p["number"] == 5)
    rows = read_csv(client.get(url(short_tournament, "classement.csv")))
    late_row = next(row for row in rows if row[2] == "5")

    assert late_player["positions"] == [{"number": 2, "table": 1, "seat": "N", "bilan": 87}]
    assert (late_row[9], late_row[10]) == ("", "87")


def test_a_position_not_played_is_an_empty_cell_and_no_rank_in_the_csv(client, forced_close):
    tournament = forced_close[0].position.tournament

    rows = read_csv(client.get(url(tournament, "classement.csv")))[1:]

    by_number = {row[2]: row for row in rows}
    assert [row[2] for row in rows] == ["1", "2", "3", "4", "5", "6", "7", "8"]
    assert (by_number["2"][0], by_number["2"][9]) == ("2", "-29")
    assert (by_number["5"][0], by_number["5"][9], by_number["5"][11]) == ("", "", "0")


def test_a_position_not_played_is_null_in_the_json(client, forced_close):
    tournament = forced_close[0].position.tournament

    players = {
        p["number"]: p for p in client.get(url(tournament, "classement.json")).json()["players"]
    }

    assert players[5]["rank"] is None
    assert players[5]["positions"] == [{"number": 1, "table": 2, "seat": "N", "bilan": None}]
    assert players[2]["positions"][0]["bilan"] == -29


def test_the_deals_csv_has_every_deal_with_its_marques(client, short_tournament, players):
    (table,) = seat(short_tournament, 1, [players[:3]])
    play(table, DealResult(taker="E", contract="garde", bouts=2, points=Decimal("40.5")))

    rows = read_csv(client.get(url(short_tournament, "donnes.csv")))

    assert rows[0][:10] == [
        "Position", "Table", "Donne", "Contrat", "Preneur (n°)", "Preneur",
        "Partenaire (n°)", "Mort (n°)", "Bouts", "Points de l'attaque",
    ]  # fmt: skip
    deal = rows[1]
    assert deal[:10] == ["1", "1", "1", "Garde", "2", "Joueur2 Prénom", "", "", "2", "40,5"]
    # 40,5 for 41 with 2 bouts at 3: lost by ½, the half point going to the defence (26 × 2).
    assert deal[13:19] == ["1", "52", "2", "-104", "3", "52"]
    assert deal[19:] == ["", "", "", "", "", "Règles FFT"]


def test_the_deals_json_has_every_deal_with_its_marques(client, short_tournament, players):
    (table,) = seat(short_tournament, 1, [players[:4]])
    play(
        table, DealResult(taker="S", contract="prise", bouts=1, points=55, poignees={"S": "simple"})
    )

    (deal,) = json.loads(client.get(url(short_tournament, "donnes.json")).content)

    assert (deal["taker"], deal["points"], deal["poignees"]) == (3, 55.0, {"3": "simple"})
    assert [m["marque"] for m in deal["marques"]] == [-49, -49, 147, -49]


def test_exports_of_an_unpublished_tournament_are_hidden_from_the_public(client, results):
    results.published = False
    results.save()

    for name in ["classement.csv", "classement.json", "donnes.csv", "donnes.json"]:
        assert client.get(url(results, name)).status_code == 404, name


def test_the_exports_state_the_club_rules_and_each_misere(client, short_tournament, players):
    short_tournament.rules = "club"
    short_tournament.club_miseres = True
    short_tournament.save()
    (table,) = seat(short_tournament, 1, [players[:4]])
    play(
        table,
        DealResult(
            taker="N", contract="prise", points=Decimal(38), bouts=2, miseres={"S": "pas_d_atout"}
        ),
    )

    rules = "Règles du club : misères"
    assert client.get(url(short_tournament, "classement.json")).json()["tournament"]["rules"] == (
        rules
    )
    (deal,) = client.get(url(short_tournament, "donnes.json")).json()
    assert deal["rules"] == rules
    assert deal["miseres"] == {str(players[2].number): "pas_d_atout"}
    assert [row[-2:] for row in read_csv(client.get(url(short_tournament, "donnes.csv")))] == [
        ["Misères", "Règles"],
        [f"{players[2].player.last_name} {players[2].player.first_name} : Pas d'atout", rules],
    ]
