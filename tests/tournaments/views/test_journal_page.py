"""The journal's page: newest first, each line in words, filtered by position and table, in
pages, and in a bounded number of queries. (Who may see it: test_setup_permissions.py.)"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.actors import Actor
from tests.at_the_table import TESTS
from tests.htmx import HTMX
from tournaments.choices import Place
from tournaments.deal_scoring import DealResult
from tournaments.models import JournalEntry
from tournaments.selectors.journal import journal_table_numbers
from tournaments.services.deals import correct_deal, record_deal
from tournaments.services.registrations import update_registration
from tournaments.services.seating import seat_position
from tournaments.views.journal import ENTRIES_PER_PAGE

PRISE = DealResult(taker=Place.NORD, contract="prise", bouts=1, points=55)
GARDE = DealResult(taker=Place.NORD, contract="garde", bouts=1, points=55)


def url(tournament, query: str = "") -> str:
    return f"/arbitre/tournois/{tournament.pk}/journal/{query}"


@pytest.fixture
def played(table, registrations, arbitre):
    """Table 1 of position 1 plays a prise the arbitre corrects into a garde; table 2 plays
    a prise; position 2 is seated (its table 1 plays nothing)."""
    deal = record_deal(table=table, number=1, result=PRISE, by=Actor.table_device())
    correct_deal(
        table=table, number=1, version=deal.version, result=GARDE, by=Actor.arbitre(arbitre)
    )
    other = table.position.tables.get(number=2)
    record_deal(table=other, number=1, result=PRISE, by=Actor.table_device())
    second = table.position.tournament.positions.create(number=2)
    seat_position(position=second, tables=[registrations[4:], registrations[:4]], by=TESTS)
    return table


def lines(response) -> list[str]:
    """The journal's lines, in order, each as one line of text."""
    html = response.content.decode()
    items = html.split('<ol class="journal">', 1)[1].split("</ol>", 1)[0]
    return [
        " ".join(re.sub(r"<[^>]+>", " ", item).split())
        for item in items.split('<li class="journal-entry">')[1:]
    ]


def test_the_newest_entry_comes_first_in_words(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament))

    assert response.status_code == 200
    newest, *_rest, oldest = lines(response)
    assert "Placement tiré" in newest
    assert "Script : tests" in newest
    assert "Placement tiré" in oldest
    text = response.content.decode()
    assert "Donne corrigée" in text
    assert "Arbitre : Anne Arbitre" in text


def test_a_correction_reads_before_and_after_in_words(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament))

    corrected = next(line for line in lines(response) if "Donne corrigée" in line)
    assert "Position 1 · table 1 · Donne 1" in corrected
    assert "Contrat : Prise → Garde" in corrected
    assert "Marque Nord : +87 → +174" in corrected
    assert "Marque Est : −29 → −58" in corrected


def test_a_table_is_named_as_the_table_that_wrote(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament, "?position=1&table=2"))

    (line,) = lines(response)
    assert "Donne inscrite" in line
    assert "Table 2" in line
    assert "Contrat : Prise" in line


def test_the_position_filter_keeps_that_position_only(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament, "?position=2"))

    assert [line.count("Position 2") for line in lines(response)] == [1]
    assert "Placement tiré" in lines(response)[0]


def test_the_table_filter_keeps_that_table_of_that_position(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament, "?position=1&table=1"))

    actions = lines(response)
    assert len(actions) == 2
    assert "Donne corrigée" in actions[0]
    assert "Donne inscrite" in actions[1]


def test_the_table_filter_offers_each_table_once(played):
    # Table 1 wrote twice (a deal and its correction), table 2 once.
    assert journal_table_numbers(tournament=played.position.tournament) == [1, 2]


def test_a_filter_that_is_not_a_choice_is_refused_in_french(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament, "?position=abc&table=99"))

    assert response.status_code == 200
    assert "Sélectionnez un choix valide" in response.content.decode()
    assert len(lines(response)) == JournalEntry.objects.count()


def test_htmx_gets_the_list_only(arbitre_client, played):
    response = arbitre_client.get(url(played.position.tournament, "?position=1"), headers=HTMX)

    html = response.content.decode()
    assert '<ol class="journal">' in html
    assert "<form" not in html
    assert "<html" not in html


def test_an_empty_filter_says_so(arbitre_client, tournament):
    response = arbitre_client.get(url(tournament, "?position=3"))

    assert "Rien au journal pour cette position ou cette table." in response.content.decode()


def test_the_journal_comes_in_pages(arbitre_client, tournament, registrations):
    for number in range(ENTRIES_PER_PAGE + 1):
        update_registration(
            registration=registrations[0],
            last_name="Joueur1",
            first_name="Prénom",
            licence="L00001",
            club=f"Club {number}",
            by=TESTS,
        )

    first = arbitre_client.get(url(tournament))
    second = arbitre_client.get(url(tournament, "?page=2"))

    assert len(lines(first)) == ENTRIES_PER_PAGE
    assert "Club 50" in lines(first)[0]
    assert "Page 1 sur 2" in first.content.decode()
    (oldest,) = lines(second)
    assert "Club : — → Club 0" in oldest


def test_the_page_costs_the_same_queries_however_many_arbitres_wrote(arbitre_client, tournament):
    def write(count: int) -> None:
        for number in range(count):
            user = get_user_model().objects.create_user(username=f"aide{count}-{number}")
            JournalEntry.objects.create(
                tournament=tournament,
                at=timezone.now(),
                actor_kind="arbitre",
                actor_user=user,
                action=JournalEntry.Action.TOURNAMENT_UPDATED,
                before={"venue": "A"},
                after={"venue": "B"},
            )

    write(3)
    with CaptureQueriesContext(connection) as few:
        arbitre_client.get(url(tournament))
    write(30)
    with CaptureQueriesContext(connection) as many:
        response = arbitre_client.get(url(tournament))

    assert len(lines(response)) == 33
    assert len(many) == len(few)
    assert len(many) <= 8


def test_the_dashboard_and_the_room_lead_to_the_journal(arbitre_client, table):
    tournament = table.position.tournament
    dashboard = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/")
    room = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/")

    assert f'href="{url(tournament)}"' in dashboard.content.decode()
    assert f'href="{url(tournament)}?position=1"' in room.content.decode()
