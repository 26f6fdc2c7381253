"""Every URL, walked by the roles given for one tournament: an « arbitre de salle » of the
first hall and a « pointeur », in a tournament of two halls. Each reads and writes only what
its role opens (its hall's room, calls, phones, sheets and penalties; the check-in), and
count 0 reads or writes anywhere else: the other hall, the set-up, the whole room."""

import pytest

from championships.models import Stage
from clubs.models import Player
from tests.tournaments.views.test_setup_permissions import urls as setup_urls
from tests.walks import walk
from tournaments.models import HandledCall, JournalEntry, Penalty, Team


def hall_urls(event, hall_number: int):
    """What a hall's arbitre de salle reads and writes, for hall ``hall_number``: its room
    and prints, its signed table's sheet (reopened), its unsigned one's (closed), a call and
    a penalty."""
    t = event["tournament"].pk
    hall = event["halls"][hall_number - 1]
    table, unsigned = event["tables"][hall.first_table], event["tables"][hall.last_table]
    deal = table.deals.get(contract="garde_sans")
    base = f"/arbitre/tournois/{t}"
    gets = [
        f"{base}/positions/1/salles/{hall_number}/",
        f"{base}/positions/1/salles/{hall_number}/plan.pdf",
        f"{base}/positions/1/salles/{hall_number}/feuilles.pdf",
        f"/tables/{table.pk}/reouverture/",
        f"/tables/{table.pk}/historique/",
        f"/tables/{unsigned.pk}/cloture/",
    ]
    posts = [
        (f"{base}/positions/1/salle/tables/{table.pk}/telephone/", {}),
        (f"{base}/donnes/{deal.pk}/appel/", {}),
        (f"{base}/penalites/{event['penalties'][hall_number].pk}/annuler/", {}),
        (f"/tables/{unsigned.pk}/cloture/", {"reason": "Un joueur est parti"}),
    ]
    return gets, posts


def everything_else(event):
    """The set-up's every URL, the whole room, and the halls' page."""
    t = event["tournament"].pk
    team = Team.objects.create(tournament=event["tournament"], name="Les As")
    stage = Stage.objects.create(
        tournament=event["tournament"], number=1, name="Phase unique", positions_count=3
    )
    gets, posts = setup_urls(event["tournament"], event["registrations"][0], team, stage)
    gets += [
        f"/arbitre/tournois/{t}/positions/1/salle/",
        f"/arbitre/tournois/{t}/salles/",
        f"/arbitre/tournois/{t}/positions/1/feuilles.pdf",
    ]
    posts += [
        f"/arbitre/tournois/{t}/positions/1/clore/",
        f"/arbitre/tournois/{t}/positions/1/rouvrir/",
        f"/arbitre/tournois/{t}/salles/",
        f"/arbitre/tournois/{t}/roles/",
        f"/arbitre/tournois/{t}/positions/1/placement/engagement/",
        f"/arbitre/tournois/{t}/salles/1/retirer/",
        f"/arbitre/tournois/{t}/roles/{event['tournament'].roles.first().pk}/retirer/",
    ]
    return gets, [(url, {"name": "Piraté", "reason": "x", "username": "pirate"}) for url in posts]


def refused(response) -> bool:
    """Not found, forbidden, or sent to the page where a table's phone types its code."""
    if response.status_code == 302:
        return "/acces/" in response.url
    return response.status_code in (403, 404)


def state(event):
    """What a write would change: the journal, the calls answered, the penalties given or
    cancelled, the tables' signatures."""
    tournament = event["tournament"]
    return (
        JournalEntry.objects.filter(tournament=tournament).count(),
        tournament.halls.count(),
        tournament.roles.count(),
        HandledCall.objects.count(),
        list(Penalty.objects.values_list("pk", "cancelled_at")),
        sorted(tournament.positions.get(number=1).tables.values_list("number", "locked_at")),
    )


@pytest.mark.parametrize("who", ["hall_arbitre", "pointeur"])
def test_a_role_reads_and_writes_nothing_outside_its_hall_or_check_in(client, event, request, who):
    client.force_login(request.getfixturevalue(who))
    gets, posts = everything_else(event)
    if who == "pointeur":  # the check-in is theirs
        gets = [url for url in gets if "/pointage/" not in url]
        posts = [(url, data) for url, data in posts if "/pointage/" not in url]
    other_gets, other_posts = hall_urls(event, 2)
    before = state(event)

    outside = []
    for url, response in walk(client, gets + other_gets, posts + other_posts):
        if not refused(response):
            outside.append((url, response.status_code))

    assert outside == []
    assert state(event) == before


def test_the_pointeur_gets_nothing_of_a_hall(client, event, pointeur):
    client.force_login(pointeur)
    gets, posts = hall_urls(event, 1)
    before = state(event)

    outside = [
        (url, response.status_code)
        for url, response in walk(client, gets, posts)
        if not refused(response)
    ]

    assert outside == []
    assert state(event) == before


def test_a_hall_arbitre_reads_their_halls_pages(client, event, hall_arbitre):
    client.force_login(hall_arbitre)
    gets, _posts = hall_urls(event, 1)

    for url in gets:
        assert client.get(url).status_code == 200, url


def test_a_hall_arbitres_room_shows_their_tables_only(client, event, hall_arbitre):
    client.force_login(hall_arbitre)
    t = event["tournament"].pk

    page = client.get(f"/arbitre/tournois/{t}/positions/1/salles/1/").content.decode()

    assert event["tables"][1].code in page and event["tables"][2].code in page
    assert event["tables"][3].code not in page and event["tables"][4].code not in page


def test_a_hall_arbitre_answers_their_halls_call_journalled_as_themselves(
    client, event, hall_arbitre
):
    client.force_login(hall_arbitre)
    deal = event["tables"][1].deals.get(contract="garde_sans")

    client.post(f"/arbitre/tournois/{event['tournament'].pk}/donnes/{deal.pk}/appel/")

    entry = JournalEntry.objects.get(action="call.handled")
    assert entry.actor_user == hall_arbitre


def test_a_hall_arbitre_reopens_their_halls_sheet(client, event, hall_arbitre):
    client.force_login(hall_arbitre)
    table = event["tables"][1]

    client.post(f"/tables/{table.pk}/reouverture/", {"reason": "Erreur de saisie"})

    table.refresh_from_db()
    assert table.locked_at is None
    assert JournalEntry.objects.get(action="sheet.reopened").actor_user == hall_arbitre


def test_a_hall_arbitre_closes_their_halls_sheet_and_goes_back_to_their_room(
    client, event, hall_arbitre
):
    client.force_login(hall_arbitre)
    table = event["tables"][2]

    response = client.post(f"/tables/{table.pk}/cloture/", {"reason": "Un joueur est parti"})

    table.refresh_from_db()
    assert table.locked_at is not None
    assert response.url == f"/arbitre/tournois/{event['tournament'].pk}/positions/1/salles/1/"
    assert JournalEntry.objects.get(action="sheet.closed").actor_user == hall_arbitre


def test_a_hall_arbitre_may_not_close_another_halls_sheet(client, event, hall_arbitre):
    client.force_login(hall_arbitre)
    table = event["tables"][4]

    response = client.post(f"/tables/{table.pk}/cloture/", {"reason": "Un joueur est parti"})

    table.refresh_from_db()
    assert response.status_code == 403
    assert table.locked_at is None
    assert not JournalEntry.objects.filter(action="sheet.closed").exists()


def test_a_hall_arbitres_room_offers_to_close_their_unsigned_sheet_only(
    client, event, hall_arbitre
):
    client.force_login(hall_arbitre)

    page = client.get(f"/arbitre/tournois/{event['tournament'].pk}/positions/1/salles/1/")

    html = page.content.decode()
    assert f"/tables/{event['tables'][2].pk}/cloture/" in html
    assert html.count("/cloture/") == 1
    assert "Clore la position" not in html


def test_a_hall_arbitre_penalises_their_halls_player_and_only_them(client, event, hall_arbitre):
    client.force_login(hall_arbitre)
    t = event["tournament"]
    mine = event["tables"][1].seats.last().registration
    theirs = event["tables"][4].seats.last().registration
    url = f"/arbitre/tournois/{t.pk}/penalites/"

    refused = client.post(url, {"number": theirs.number, "position": 1, "points": 5, "reason": "x"})
    given = client.post(url, {"number": mine.number, "position": 1, "points": 5, "reason": "x"})

    assert refused.status_code == 422
    assert "pas placé dans votre salle" in refused.content.decode()
    assert given.status_code == 302
    assert Penalty.objects.get(registration=mine, points=5).arbitre == hall_arbitre
    assert not Penalty.objects.filter(registration=theirs, points=5).exists()


def test_a_hall_arbitres_penalty_register_lists_their_hall_only(client, event, hall_arbitre):
    client.force_login(hall_arbitre)

    page = client.get(f"/arbitre/tournois/{event['tournament'].pk}/penalites/").content.decode()

    mine, theirs = event["penalties"][1], event["penalties"][2]
    assert str(mine.registration.player) in page
    assert str(theirs.registration.player) not in page


def test_the_pointeur_checks_players_in_journalled_as_themselves(client, event, pointeur):
    client.force_login(pointeur)
    tournament = event["tournament"]
    late = tournament.registrations.create(
        player=Player.objects.create(last_name="Tardieu", first_name="Zoé"), number=17
    )

    page = client.get(f"/arbitre/tournois/{tournament.pk}/pointage/")
    client.post(f"/arbitre/tournois/{tournament.pk}/pointage/{late.pk}/", {"present": "1"})

    assert page.status_code == 200
    assert ">Retrait<" not in page.content.decode()
    late.refresh_from_db()
    assert late.checked_in
    assert JournalEntry.objects.filter(actor_user=pointeur).get().subject_id == late.pk


def test_the_clubs_arbitre_keeps_every_hall(arbitre_client, event):
    t = event["tournament"].pk
    for hall in (1, 2):
        assert (
            arbitre_client.get(f"/arbitre/tournois/{t}/positions/1/salles/{hall}/").status_code
            == 200
        )


def test_a_hall_arbitres_table_card_fetches_itself_from_their_halls_room(
    client, event, hall_arbitre
):
    client.force_login(hall_arbitre)
    room = f"/arbitre/tournois/{event['tournament'].pk}/positions/1/salles/1/"

    page = client.get(room).content.decode()
    card = client.get(f"{room}?table=2", HTTP_HX_REQUEST="true")

    assert f'hx-get="{room}?table=2"' in page
    assert card.status_code == 200
    assert 'id="table-2"' in card.content.decode()
    assert "<html" not in card.content.decode()
