"""Who acted, named by their role: an entry an arbitre de salle writes reads « Arbitre de
salle (Salle A) », one a pointeur writes « Pointeur », on the journal's page and in a sheet's
history; the club's arbitres still read « Arbitre »."""

import pytest
from django.db import IntegrityError
from django.test import Client

from championships.services.halls import remove_role
from clubs.models import Player
from common.actors import Actor
from tests.at_the_table import TESTS
from tournaments.models import JournalEntry


def logged_in(user) -> Client:
    """A browser of its own for ``user`` (``client`` is the arbitre's, who reads the journal)."""
    browser = Client()
    browser.force_login(user)
    return browser


def journal_page(client, event) -> str:
    return client.get(f"/arbitre/tournois/{event['tournament'].pk}/journal/").content.decode()


def test_a_call_answered_by_an_arbitre_de_salle_reads_so_with_the_hall_in_the_journal(
    arbitre_client, event, hall_arbitre
):
    client = logged_in(hall_arbitre)
    deal = event["tables"][1].deals.get(contract="garde_sans")
    client.post(f"/arbitre/tournois/{event['tournament'].pk}/donnes/{deal.pk}/appel/")

    page = journal_page(arbitre_client, event)

    entry = JournalEntry.objects.get(action="call.handled")
    assert entry.actor_label == "Arbitre de salle (Salle A) : arbitre-salle-a"
    assert "Arbitre de salle (Salle A) : arbitre-salle-a" in page


def test_a_player_checked_in_by_the_pointeur_reads_pointeur_in_the_journal(
    arbitre_client, event, pointeur
):
    client = logged_in(pointeur)
    tournament = event["tournament"]
    late = tournament.registrations.create(
        player=Player.objects.create(last_name="Tardieu", first_name="Zoé"), number=17
    )
    client.post(f"/arbitre/tournois/{tournament.pk}/pointage/{late.pk}/", {"present": "1"})

    page = journal_page(arbitre_client, event)

    assert JournalEntry.objects.get(actor_user=pointeur).actor_label == "Pointeur : pointeur"
    assert "Pointeur : pointeur" in page


def test_the_clubs_arbitre_still_reads_arbitre_in_the_journal(arbitre_client, event):
    page = journal_page(arbitre_client, event)

    entry = JournalEntry.objects.filter(action="penalty.added").first()
    assert entry.actor_label == "Arbitre : Anne Arbitre"
    assert "Arbitre : Anne Arbitre" in page
    assert "Arbitre de salle" not in page


def test_an_arbitre_de_salles_penalty_and_phone_link_are_journalled_under_their_role(
    client, event, hall_arbitre
):
    client.force_login(hall_arbitre)
    t = event["tournament"]
    mine = event["tables"][1].seats.last().registration
    table = event["tables"][2]

    client.post(
        f"/arbitre/tournois/{t.pk}/penalites/",
        {"number": mine.number, "position": 1, "points": 5, "reason": "Bavardage"},
    )
    client.post(f"/arbitre/tournois/{t.pk}/positions/1/salle/tables/{table.pk}/telephone/")

    roles = JournalEntry.objects.filter(actor_user=hall_arbitre).values_list("action", "actor_role")
    assert sorted(roles) == [
        ("penalty.added", "Arbitre de salle (Salle A)"),
        ("table.phone_opened", "Arbitre de salle (Salle A)"),
    ]


def test_a_sheets_history_names_the_arbitre_de_salle_who_reopened_it(client, event, hall_arbitre):
    client.force_login(hall_arbitre)
    table = event["tables"][1]
    client.post(f"/tables/{table.pk}/reouverture/", {"reason": "Erreur de saisie"})

    page = client.get(f"/tables/{table.pk}/historique/").content.decode()

    assert "Arbitre de salle (Salle A) : arbitre-salle-a" in page


def test_an_entry_keeps_the_role_its_author_had_once_the_role_is_taken_back(
    arbitre_client, event, hall_arbitre
):
    client = logged_in(hall_arbitre)
    deal = event["tables"][1].deals.get(contract="garde_sans")
    client.post(f"/arbitre/tournois/{event['tournament'].pk}/donnes/{deal.pk}/appel/")
    remove_role(role=event["tournament"].roles.get(user=hall_arbitre), by=TESTS)

    page = journal_page(arbitre_client, event)

    assert "Arbitre de salle (Salle A) : arbitre-salle-a" in page


@pytest.mark.django_db
def test_the_database_refuses_a_role_to_a_table(event):
    with pytest.raises(IntegrityError):
        JournalEntry.objects.create(
            tournament=event["tournament"],
            action="deal.recorded",
            at=event["position"].seating_published_at,
            actor_kind=Actor.table_device().kind,
            actor_role="Pointeur",
        )
