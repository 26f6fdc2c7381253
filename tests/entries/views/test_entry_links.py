"""The player's own page and the withdrawal link: signed, one use, another tournament's or a
forged one a 404; the withdrawal asks before it acts (a mail reader opening links withdraws
nobody)."""

from entries.links import page_token, withdraw_token
from entries.models import EntryStatus
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter
from tests.entries.views.test_entry_form import read
from tests.factories import club_player


def withdraw_url(entry) -> str:
    return f"/tournois/{entry.tournament_id}/inscription/desistement/{withdraw_token(entry)}/"


def page_url(entry) -> str:
    return f"/tournois/{entry.tournament_id}/inscription/{page_token(entry)}/"


def test_opening_the_withdrawal_link_withdraws_nobody(client, evening):
    entry = enter(evening, licence="1")

    page = read(client.get(withdraw_url(entry)))

    entry.refresh_from_db()
    assert "Oui, je me désiste" in page
    assert entry.status == EntryStatus.REGISTERED


def test_the_withdrawal_link_withdraws_once(client, evening):
    entry = enter(evening, licence="1")
    url = withdraw_url(entry)

    done = read(client.post(url))
    again = read(client.post(url))

    entry.refresh_from_db()
    assert "vous n'êtes plus inscrit(e)" in done
    assert "Ce lien de désistement a déjà servi." in again
    assert entry.status == EntryStatus.WITHDRAWN


def test_a_forged_or_foreign_link_is_not_found(client, arbitre, evening):
    entry = enter(evening, licence="1")
    other = open_evening(arbitre, name="Autre soirée")

    assert client.get(f"/tournois/{evening.pk}/inscription/desistement/abc:def/").status_code == 404
    assert client.get(f"/tournois/{evening.pk}/inscription/{'x' * 5000}/").status_code == 404
    assert (
        client.get(withdraw_url(entry).replace(str(evening.pk), str(other.pk), 1)).status_code
        == 404
    )
    assert client.get(page_url(entry).replace(str(evening.pk), str(other.pk), 1)).status_code == 404


def test_the_page_confirms_the_players_coming(client, evening):
    entry = enter(evening, licence="1")

    client.post(page_url(entry) + "confirmer/")

    entry.refresh_from_db()
    assert entry.confirmed_at is not None
    assert "venue confirmée" in read(client.get(page_url(entry)))


def test_a_member_answers_je_viens_from_their_page(client, arbitre, evening):
    member = club_player(evening.club, last_name="Martin", first_name="Claire", licence="9")
    entry = enter(evening, licence="9")
    next_evening = open_evening(arbitre, name="Soirée suivante", days_ahead=14)

    page = read(client.get(page_url(entry)))
    client.post(page_url(entry) + f"soirees/{next_evening.pk}/", {"vient": "oui"})

    assert "Soirée suivante" in page
    assert next_evening.registrations.get().player == member


def test_a_member_answers_je_ne_viens_pas(client, evening):
    club_player(evening.club, last_name="Martin", first_name="Claire", licence="9")
    entry = enter(evening, licence="9")

    client.post(page_url(entry) + f"soirees/{evening.pk}/", {"vient": "non"})

    entry.refresh_from_db()
    assert entry.status == EntryStatus.DECLINED
    assert evening.registrations.count() == 0


def test_under_htmx_the_withdrawal_answers_its_fragment_alone(client, evening):
    entry = enter(evening, licence="1")

    response = client.post(withdraw_url(entry), headers={"HX-Request": "true"})

    text = read(response)
    assert response.status_code == 200
    assert text.lstrip().startswith('<section id="withdraw"')
    assert "vous n'êtes plus inscrit(e)" in text


def test_under_htmx_the_page_answers_the_entrys_status_alone(client, evening):
    entry = enter(evening, licence="1")

    text = read(client.get(page_url(entry), headers={"HX-Request": "true"}))

    assert text.lstrip().startswith('<section id="entry-status"')
    assert "Vous êtes inscrit(e)." in text


def test_a_waiting_players_page_says_where_they_stand(client, arbitre):
    tournament = open_evening(arbitre, capacity=1)
    enter(tournament, last_name="Premier", licence="1")
    enter(tournament, last_name="Second", licence="2")
    third = enter(tournament, last_name="Troisieme", licence="3")

    text = read(client.get(page_url(third)))

    assert "Vous êtes en liste d'attente." in text
    assert "Vous êtes n° 2 sur la liste d'attente." in text
