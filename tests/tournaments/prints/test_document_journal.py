"""The tournament's journal says who asked for its documents: a document asked for (a new
file to draw), its failure and « Réessayer », each one line, with the position and table it
is of; these lines move no stamp, so asking again serves the file already drawn. The plan
and the cards show who plays where: a deal saved leaves them as they were drawn."""

import pytest
from django.test import Client

from common.actors import Actor
from documents.models import DocumentJob
from tests.at_the_table import play, prise_by
from tournaments.models import JournalEntry
from tournaments.prints import documents
from tournaments.selectors.standings import tournament_stamp
from tournaments.services.seating import swap_seats

pytestmark = pytest.mark.django_db

Action = JournalEntry.Action
DOCUMENT_ACTIONS = [Action.DOCUMENT_ASKED, Action.DOCUMENT_FAILED, Action.DOCUMENT_RETRIED]


def document_lines(tournament):
    return list(tournament.journal.filter(action__in=DOCUMENT_ACTIONS).order_by("pk"))


@pytest.fixture
def published(table):
    tournament = table.position.tournament
    tournament.published = True
    tournament.save()
    return tournament


@pytest.fixture
def plan_url(published):
    return f"/arbitre/tournois/{published.pk}/positions/1/plan.pdf"


@pytest.fixture
def broken_plan(monkeypatch):
    def broken(_params):
        raise RuntimeError("WeasyPrint broke")

    monkeypatch.setattr(documents, "draw_plan", broken)
    documents.register_documents()
    yield
    monkeypatch.undo()
    documents.register_documents()


def test_the_plan_asked_for_is_journalled_with_the_arbitre_and_its_position(
    arbitre_client, published, plan_url
):
    arbitre_client.get(plan_url)

    [line] = document_lines(published)
    assert (line.action, line.actor_label, line.position_number, line.table_number) == (
        Action.DOCUMENT_ASKED,
        "Arbitre : Anne Arbitre",
        1,
        None,
    )
    assert line.after == {"document": "plan de la position"}


def test_asking_again_serves_the_same_file_and_writes_no_line(arbitre_client, published, plan_url):
    stamp = tournament_stamp(published)
    arbitre_client.get(plan_url)

    again = arbitre_client.get(plan_url)

    assert again.status_code == 200
    assert tournament_stamp(published) == stamp
    assert DocumentJob.objects.count() == 1
    assert len(document_lines(published)) == 1


def test_a_visitor_asking_for_the_ranking_is_journalled_as_a_visitor(client, published):
    client.get(f"/tournois/{published.pk}/classement.pdf")

    [line] = document_lines(published)
    assert (line.actor_kind, line.actor_user, line.actor_label) == ("visitor", None, "Un visiteur")
    assert line.after == {"document": "classement (PDF)"}


def test_the_tables_phone_asking_for_its_sheet_is_the_table(table_client, table):
    table_client.get(f"/tables/{table.pk}/feuille.pdf")

    [line] = document_lines(table.position.tournament)
    assert (line.actor_kind, line.actor_label, line.position_number, line.table_number) == (
        "table",
        "Table 1",
        1,
        1,
    )
    assert line.after == {"document": "feuille de marque de la table"}


def test_a_halls_plan_names_its_hall():
    journal_words = documents.document_words(
        documents.PLAN, {"tournament": 1, "position": 1, "hall": 2}
    )

    assert journal_words == "plan de la position, salle 2"


@pytest.mark.usefixtures("broken_plan")
def test_a_failed_render_is_journalled_with_who_asked_and_why(arbitre_client, published, plan_url):
    arbitre_client.get(plan_url)

    failed = document_lines(published)[-1]
    assert (failed.action, failed.actor_label) == (Action.DOCUMENT_FAILED, "Arbitre : Anne Arbitre")
    assert failed.after == {
        "document": "plan de la position",
        "error": "Le document n'a pas pu être préparé.",
    }


@pytest.mark.usefixtures("broken_plan")
def test_reessayer_is_journalled(arbitre_client, published, plan_url):
    arbitre_client.get(plan_url)
    digest = DocumentJob.objects.get().digest

    arbitre_client.get(f"{plan_url}?travail={digest}&reessayer=1")

    assert [line.action for line in document_lines(published)] == [
        Action.DOCUMENT_ASKED,
        Action.DOCUMENT_FAILED,
        Action.DOCUMENT_RETRIED,
        Action.DOCUMENT_FAILED,
    ]


def test_the_journal_page_shows_who_asked_for_a_document(arbitre_client, published):
    Client().get(f"/tournois/{published.pk}/classement.pdf")

    page = arbitre_client.get(f"/arbitre/tournois/{published.pk}/journal/").content.decode()

    assert "Document demandé" in page
    assert "Un visiteur" in page
    assert "classement (PDF)" in page


def test_a_deal_saved_leaves_the_plan_drawn_before_it(arbitre_client, plan_url, table):
    arbitre_client.get(plan_url)

    play(table, prise_by("N"))
    again = arbitre_client.get(plan_url)

    assert again.status_code == 200
    assert again["Content-Type"] == "application/pdf"
    assert DocumentJob.objects.filter(kind=documents.PLAN).count() == 1


def jobs_asked_around_a_deal(client, url: str, table, kind: str) -> int:
    """Ask for the document at ``url``, save a deal at ``table``, ask again: its jobs."""
    client.get(url)
    play(table, prise_by("N"))
    client.get(url)
    return DocumentJob.objects.filter(kind=kind).count()


def test_a_deal_saved_makes_a_new_ranking_pdf(arbitre_client, published, table):
    url = f"/tournois/{published.pk}/classement.pdf"

    assert jobs_asked_around_a_deal(arbitre_client, url, table, documents.RANKING) == 2


def test_players_swapped_make_a_new_plan(arbitre_client, plan_url, table, arbitre):
    arbitre_client.get(plan_url)
    first, second = table.seats.order_by("pk")[:2]

    swap_seats(position=table.position, first=first, second=second, by=Actor.arbitre(arbitre))
    arbitre_client.get(plan_url)

    assert DocumentJob.objects.filter(kind=documents.PLAN).count() == 2


def test_a_deal_saved_leaves_the_cards_drawn_before_it(arbitre_client, published, table):
    url = f"/arbitre/tournois/{published.pk}/cartes.pdf"

    assert jobs_asked_around_a_deal(arbitre_client, url, table, documents.CARDS) == 1
