"""Every URL, walked by the roles given for one tournament: an « arbitre de salle » of the
first hall and a « pointeur », in a tournament of two halls. Each reads and writes only what
its role opens (its hall's room, calls, phones, sheets and penalties; the check-in), and
count 0 reads or writes anywhere else: the other hall, the set-up, the whole room."""

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Player
from common.actors import Actor
from tests.at_the_table import TESTS, fill_sheet, sign
from tests.factories import register
from tests.tournaments.views.test_setup_permissions import urls as setup_urls
from tests.walks import walk
from tournaments.models import HandledCall, JournalEntry, Penalty, Stage, Team
from tournaments.services.halls import add_hall, give_role
from tournaments.services.penalties import add_penalty
from tournaments.services.seating import plan_position, publish_seating


@pytest.fixture
def event(tournament, arbitre):
    """16 players at 4 tables: « Salle A » holds tables 1–2, « Salle B » tables 3–4; each
    table has played the FFT example's five deals (a garde sans among them: a call) and
    signed; a penalty in each hall."""
    registrations = register(tournament, 16)
    first = add_hall(tournament=tournament, name="Salle A", first_table=1, last_table=2, by=TESTS)
    second = add_hall(tournament=tournament, name="Salle B", first_table=3, last_table=4, by=TESTS)
    position = plan_position(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)
    tables = {table.number: table for table in position.tables.all()}
    for table in tables.values():
        fill_sheet(table)
        sign(table)
    penalties = {}
    for hall, table in ((first, tables[1]), (second, tables[3])):
        seat = table.seats.first()
        penalties[hall.number] = add_penalty(
            registration=seat.registration, position=position, points=10, reason="Retard",
            by=Actor.arbitre(arbitre),
        )  # fmt: skip
    return {
        "tournament": tournament,
        "registrations": registrations,
        "halls": (first, second),
        "position": position,
        "tables": tables,
        "penalties": penalties,
    }


def _account(username):
    return get_user_model().objects.create_user(username=username, password="x")


@pytest.fixture
def hall_arbitre(event):
    user = _account("arbitre-salle-a")
    give_role(
        tournament=event["tournament"], username=user.username, role="salle",
        hall=event["halls"][0], by=TESTS,
    )  # fmt: skip
    return user


@pytest.fixture
def pointeur(event):
    user = _account("pointeur")
    give_role(
        tournament=event["tournament"], username=user.username, role="pointeur", hall=None, by=TESTS
    )
    return user


def hall_urls(event, hall_number: int, table_number: int):
    """What a hall's arbitre de salle reads and writes, for hall ``hall_number`` and one of
    its tables."""
    t = event["tournament"].pk
    table = event["tables"][table_number]
    deal = table.deals.get(contract="garde_sans")
    base = f"/arbitre/tournois/{t}"
    gets = [
        f"{base}/positions/1/salles/{hall_number}/",
        f"{base}/positions/1/salles/{hall_number}/plan.pdf",
        f"{base}/positions/1/salles/{hall_number}/feuilles.pdf",
        f"/tables/{table.pk}/reouverture/",
        f"/tables/{table.pk}/historique/",
    ]
    posts = [
        (f"{base}/positions/1/salle/tables/{table.pk}/telephone/", {}),
        (f"{base}/donnes/{deal.pk}/appel/", {}),
        (f"{base}/penalites/{event['penalties'][hall_number].pk}/annuler/", {}),
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
    other_gets, other_posts = hall_urls(event, 2, 3)
    before = state(event)

    outside = []
    for url, response in walk(client, gets + other_gets, posts + other_posts):
        if not refused(response):
            outside.append((url, response.status_code))

    assert outside == []
    assert state(event) == before


def test_the_pointeur_gets_nothing_of_a_hall(client, event, pointeur):
    client.force_login(pointeur)
    gets, posts = hall_urls(event, 1, 1)
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
    gets, _posts = hall_urls(event, 1, 1)

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
    table = event["tables"][2]

    client.post(f"/tables/{table.pk}/reouverture/", {"reason": "Erreur de saisie"})

    table.refresh_from_db()
    assert table.locked_at is None
    assert JournalEntry.objects.get(action="sheet.reopened").actor_user == hall_arbitre


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
