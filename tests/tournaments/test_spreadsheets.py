"""The exports as Excel workbooks (tournaments.spreadsheets), read back with openpyxl."""

import io
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from tests.at_the_table import play
from tests.factories import duo_with_penalty, seat
from tournaments.deal_scoring import DealResult


@pytest.fixture
def results(short_tournament, players, first_position, arbitre):
    """Position 1 played, a penalty, a DUO team, a licence with a leading zero, and a name
    that a spreadsheet would run as a formula."""
    duo_with_penalty(
        short_tournament, players, first_position[0].position, arbitre, team_name="Les As"
    )
    players[0].player.licence = "0412361"
    players[0].player.save()
    players[1].player.last_name = '=HYPERLIEN("http://x")'
    players[1].player.save()
    return short_tournament


def sheet_of(response, filename: str):
    assert response.status_code == 200
    assert response["Content-Type"] == (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    return load_workbook(io.BytesIO(response.content)).active


def rows_by_number(sheet) -> dict:
    header = [cell.value for cell in sheet[1]]
    return {row[2].value: dict(zip(header, row, strict=True)) for row in sheet.iter_rows(min_row=2)}


def test_the_ranking_xlsx_keeps_the_licence_as_text_with_its_zero(client, results):
    sheet = sheet_of(
        client.get(f"/tournois/{results.pk}/classement.xlsx"), f"classement-{results.pk}.xlsx"
    )

    licence = rows_by_number(sheet)[1]["Licence"]
    assert (licence.value, licence.data_type, licence.number_format) == ("0412361", "s", "@")


def test_the_ranking_xlsx_writes_ranks_bilans_and_totals_as_numbers(client, results):
    sheet = sheet_of(
        client.get(f"/tournois/{results.pk}/classement.xlsx"), f"classement-{results.pk}.xlsx"
    )

    first = rows_by_number(sheet)[1]
    assert [first[name].value for name in ("Rang", "N°", "Position 1", "Pénalités", "Total")] == [
        2, 1, 87, -50, 37,
    ]  # fmt: skip
    assert first["Total"].data_type == "n"


def test_the_ranking_xlsx_freezes_its_header_row(client, results):
    sheet = sheet_of(
        client.get(f"/tournois/{results.pk}/classement.xlsx"), f"classement-{results.pk}.xlsx"
    )

    assert sheet.freeze_panes == "A2"
    assert [cell.value for cell in sheet[1]][:4] == ["Rang", "Ex aequo", "N°", "Nom"]


def test_a_name_like_a_formula_stays_text_in_the_xlsx(client, results):
    sheet = sheet_of(
        client.get(f"/tournois/{results.pk}/classement.xlsx"), f"classement-{results.pk}.xlsx"
    )

    name = rows_by_number(sheet)[2]["Nom"]
    assert (name.value, name.data_type) == ('=HYPERLIEN("http://x")', "s")


def test_the_teams_xlsx_has_each_team_and_its_total(client, results):
    sheet = sheet_of(
        client.get(f"/tournois/{results.pk}/classement-equipes.xlsx"),
        f"classement-equipes-{results.pk}.xlsx",
    )

    assert [cell.value for cell in sheet[1]] == [
        "Rang",
        "Ex aequo",
        "Équipe",
        "Membres (n°)",
        "Total",
    ]
    (team,) = sheet.iter_rows(min_row=2, values_only=True)
    assert (team[2], team[4]) == ("Les As", 87 - 29 - 50)


def test_the_deals_xlsx_writes_half_points_as_a_number(client, short_tournament, players):
    (table,) = seat(short_tournament, 1, [players[:3]])
    play(table, DealResult(taker="N", contract="garde", bouts=2, points=Decimal("40.5")))

    sheet = sheet_of(
        client.get(f"/tournois/{short_tournament.pk}/donnes.xlsx"),
        f"donnes-{short_tournament.pk}.xlsx",
    )

    header = [cell.value for cell in sheet[1]]
    (deal,) = sheet.iter_rows(min_row=2, values_only=True)
    assert deal[header.index("Points de l'attaque")] == 40.5
    assert deal[header.index("Position")] == 1


def test_the_xlsx_of_an_unpublished_tournament_is_hidden_from_the_public(client, results):
    results.published = False
    results.save()

    for name in ["classement.xlsx", "classement-equipes.xlsx", "donnes.xlsx"]:
        assert client.get(f"/tournois/{results.pk}/{name}").status_code == 404
