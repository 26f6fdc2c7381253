"""Each row of the sheet says what its marque holds, so that the players can check it before
they sign: the contract and points, and every prime (poignées: whose and which; petit au bout:
which camp; the chelem), with its term of the marque."""

from tests.at_the_table import TESTS, fill_sheet
from tournaments.choices import FiveMode
from tournaments.deal_scoring import DealResult
from tournaments.services.deals import record_deal


def row_html(client, table, number: int) -> str:
    html = client.get(f"/tables/{table.pk}/").content.decode()
    start = html.index(f'id="donne-{number}"')
    return html[start : html.index("</tbody>", start)]


def test_a_row_names_the_poignee_its_size_and_who_showed_it(table_client, table):
    fill_sheet(table)

    row = row_html(table_client, table, 1)

    assert "poignée simple (Joueur2 P.) : +20" in row


def test_a_row_says_which_camp_took_the_petit_au_bout(table_client, table):
    fill_sheet(table)

    assert "petit au bout à l&#x27;attaque : +20" in row_html(table_client, table, 1)
    assert "petit au bout à la défense : −40" in row_html(table_client, table, 2)


def test_a_row_says_the_chelem(table_client, table):
    fill_sheet(table)

    row = row_html(table_client, table, 5)

    assert "chelem annoncé et réalisé : +400" in row
    assert "Garde — Joueur3 P. · 87 pts, 2 bouts" in row


def test_a_row_without_primes_says_only_the_contract_and_points(table_client, table):
    record_deal(
        table=table,
        number=1,
        result=DealResult(taker="N", contract="prise", bouts=1, points=55),
        by=TESTS,
    )

    row = row_html(table_client, table, 1)

    assert "Prise — Joueur1 P. · 55 pts, 1 bout" in row
    assert 'class="prime"' not in row


def test_a_poignee_shown_by_a_defender_of_a_lost_contract_counts_for_the_defence(
    table_client, table
):
    result = DealResult(taker="N", contract="garde", bouts=1, points=40, poignees={"S": "double"})
    record_deal(table=table, number=1, result=result, by=TESTS)

    assert "poignée double (Joueur3 P.) : −30" in row_html(table_client, table, 1)


def test_a_row_at_five_with_a_mort_names_the_mort(client, table_of_five):
    tournament = table_of_five.position.tournament
    tournament.five_mode = FiveMode.DEAD
    tournament.save()
    result = DealResult(taker="N", contract="prise", bouts=1, points=55, sitting_out="C")
    record_deal(table=table_of_five, number=1, result=result, by=TESTS)
    client.post(f"/tables/{table_of_five.pk}/acces/", {"code": table_of_five.code})

    assert "mort : Joueur5 P." in row_html(client, table_of_five, 1)
