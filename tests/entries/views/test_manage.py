"""The arbitre's page: the settings saved or refused beside their field (values kept, htmx
swapping the form alone), the lists, who confirmed, the tables to prepare, a homonym named."""

import html

from clubs.models import Player
from common.actors import Actor
from entries.models import EntryAction
from entries.services.entries import confirm_entry
from entries.services.evenings import answer_evening
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter
from tests.factories import club_player, club_tournament

SETTINGS = {
    "opens_at": "2026-11-01T09:00",
    "closes_at": "2026-12-20T18:00",
    "capacity": "40",
    "eligibility": "licensed",
    "note": "Tenue correcte exigée.",
}


def url(tournament, tail="") -> str:
    return f"/arbitre/tournois/{tournament.pk}/inscriptions/{tail}"


def read(response) -> str:
    return html.unescape(response.content.decode())


def test_the_arbitre_opens_online_registration(arbitre_client, arbitre):
    tournament = club_tournament(arbitre)

    response = arbitre_client.post(url(tournament, "reglages/"), SETTINGS)

    assert response.status_code == 302
    opening = tournament.opening
    assert (opening.capacity, opening.eligibility) == (40, "licensed")
    assert tournament.entry_journal.get().action == EntryAction.OPENING_SET


def test_a_closing_before_the_opening_is_refused_with_the_values_kept(arbitre_client, arbitre):
    tournament = club_tournament(arbitre)

    response = arbitre_client.post(
        url(tournament, "reglages/"),
        {**SETTINGS, "closes_at": "2026-10-01T09:00"},
        headers={"HX-Request": "true"},
    )

    text = read(response)
    assert response.status_code == 200
    assert text.lstrip().startswith('<form id="opening-form"')
    assert "La clôture des inscriptions vient après leur ouverture." in text
    assert "Tenue correcte exigée." in text


def test_the_page_counts_the_registered_the_waiting_the_confirmed_and_the_tables(
    arbitre_client, arbitre
):
    tournament = open_evening(arbitre, capacity=8)
    entries = [enter(tournament, last_name=f"Joueur{n}", licence=f"{n}") for n in range(10)]
    confirm_entry(entry=entries[0], by=Actor.visitor())

    text = read(arbitre_client.get(url(tournament)))

    assert "8 inscrits" in text
    assert "2 en attente" in text
    assert "venues confirmées par e-mail : 1" in text
    assert "2 tables de 4" in text


def test_the_arbitre_closes_early(arbitre_client, evening):
    arbitre_client.post(url(evening, "clore/"))

    assert arbitre_client.get(f"/tournois/{evening.pk}/inscriptions.json").json()["open"] is False


def test_the_arbitre_names_a_homonyms_record_from_the_page(arbitre_client, evening):
    known = club_player(evening.club, last_name="Martin", first_name="Claire")
    entry = enter(evening)

    page = read(arbitre_client.get(url(evening)))
    arbitre_client.post(url(evening, f"{entry.pk}/fiche/"), {"player": str(known.pk)})

    entry.refresh_from_db()
    assert "Homonymes à vérifier" in page
    assert entry.player == known


def test_a_forged_record_id_is_refused_in_french(arbitre_client, evening):
    club_player(evening.club, last_name="Martin", first_name="Claire")
    entry = enter(evening)

    for forged in ("99999999999999999999", "-1", "x", ""):
        response = arbitre_client.post(url(evening, f"{entry.pk}/fiche/"), {"player": forged})
        assert response.status_code in (302, 404), forged
    entry.refresh_from_db()
    assert entry.player is None
    assert Player.objects.filter(last_name="Martin").count() == 1


def test_the_page_shows_the_journal_in_words(arbitre_client, arbitre):
    tournament = open_evening(arbitre, capacity=1)
    enter(tournament, last_name="Premier", licence="1")
    enter(tournament, last_name="Second", licence="2")

    text = read(arbitre_client.get(url(tournament)))

    assert "Journal des inscriptions en ligne" in text
    assert "Mise en liste d'attente" in text
    assert "Un visiteur" in text
    assert "SECOND Claire" in text


def test_the_page_counts_the_members_answers(arbitre_client, evening):
    coming, declining, _silent = (
        club_player(evening.club, last_name=name, first_name="Claire", licence=licence)
        for name, licence in (("Vient", "1"), ("Absent", "2"), ("Muet", "3"))
    )
    for member, answer in ((coming, True), (declining, False)):
        answer_evening(
            tournament=evening, player=member, email="m@ex.org", coming=answer, by=Actor.visitor()
        )

    text = read(arbitre_client.get(url(evening)))

    assert "viennent : 1 · ne viennent pas : 1 · sans réponse : 1" in text
