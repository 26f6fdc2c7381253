"""Names as French people type and read them: searches ignore accents, case and ligatures, and
every list of names is in French alphabetical order.

Run on PostgreSQL too (``DATABASE_URL=postgres://… pytest tests/tournaments/test_names.py``):
both databases must find and order the same players.
"""

import random

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from clubs.models import Player
from common.names import fold, name_key
from tests.at_the_table import TESTS
from tests.factories import club_player, club_tournament
from tests.htmx import HTMX
from tournaments.choices import Formula
from tournaments.forms.registrations import TeamForm
from tournaments.forms.seating import SwapForm
from tournaments.models import Position, Registration, Team
from tournaments.selectors.registrations import search_players
from tournaments.selectors.seating import seating_plan
from tournaments.services.registrations import register_player, update_registration
from tournaments.services.seating import seat_position

# The order issue 11 asks for, accents and case aside.
FRENCH_ORDER = [
    "Abel",
    "Ångström",
    "Château",
    "Chrétien",
    "Dufaÿ",
    "Évrard",
    "Lefèvre",
    "Müller",
    "Noël",
    "Œillet",
    "Séguin",
    "Zola",
]


def shuffled(names):
    names = list(names)
    random.Random(11).shuffle(names)
    return names


@pytest.fixture
def room(tournament):
    """The twelve players registered in a shuffled order, their numbers in that order."""
    return [
        register_player(tournament=tournament, last_name=name, first_name="Camille", by=TESTS)
        for name in shuffled(FRENCH_ORDER)
    ]


def shown(player_name: str) -> str:
    """How pages show a player: « SÉGUIN Camille »."""
    return f"{player_name.upper()} Camille"


def order_on_page(html: str) -> list[str]:
    """The twelve last names in the order the page shows them."""
    return sorted(FRENCH_ORDER, key=lambda name: html.index(shown(name)))


# Folding ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name"),
    [("oeillet", "Œillet"), ("lefevre", "Lefèvre"), ("seguin", "Séguin"), ("AEGIR", "Ægir")],
)
def test_a_name_folds_to_what_is_typed_without_accents(typed, name):
    assert fold(name) == fold(typed)


def test_sorting_by_name_key_gives_the_french_order():
    players = [Player(last_name=name, first_name="Camille") for name in shuffled(FRENCH_ORDER)]

    assert [player.last_name for player in sorted(players, key=name_key)] == FRENCH_ORDER


# The folded search column -------------------------------------------------------------------


@pytest.mark.usefixtures("db")
def test_saving_a_player_writes_their_folded_names():
    player = Player.objects.create(last_name="Œillet", first_name="Gwénaëlle")

    assert Player.objects.get(pk=player.pk).search_name == "oeillet gwenaelle"


@pytest.mark.usefixtures("db")
def test_saving_only_the_last_name_rewrites_the_folded_names():
    player = Player.objects.create(last_name="Martin", first_name="Zoé")
    player.last_name = "Lefèvre"
    player.save(update_fields=["last_name"])

    assert Player.objects.get(pk=player.pk).search_name == "lefevre zoe"


def test_correcting_a_registration_rewrites_the_folded_names(tournament):
    registration = register_player(
        tournament=tournament, last_name="Seguin", first_name="Léa", by=TESTS
    )

    update_registration(
        registration=registration, last_name="Séguin", first_name="Léonie", by=TESTS
    )

    assert Player.objects.get(pk=registration.player_id).search_name == "seguin leonie"


def test_an_overlong_odd_name_is_cut_rather_than_refused(tournament):
    # « ﷺ » is one character that folds into eighteen.
    registration = register_player(
        tournament=tournament, last_name="ﷺ" * 100, first_name="Œ", by=TESTS
    )

    assert len(Player.objects.get(pk=registration.player_id).search_name) == 255


@pytest.mark.usefixtures("db")
def test_the_migration_fills_the_folded_names_of_players_already_known():
    migration = __import__(
        "tournaments.migrations.0007_player_search_name", fromlist=["fill_search_names"]
    )
    player = Player.objects.create(last_name="Noël", first_name="Ève")
    Player.objects.filter(pk=player.pk).update(search_name="")

    # The apps as they were at that migration, when the directory was the tournaments'.
    state = MigrationLoader(connection).project_state(("tournaments", "0007_player_search_name"))
    migration.fill_search_names(state.apps, None)

    assert Player.objects.get(pk=player.pk).search_name == "noel eve"


# Searches ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("lefevre", "Lefèvre"),
        ("LEFÈVRE", "Lefèvre"),
        ("oeillet", "Œillet"),
        ("Œillet", "Œillet"),
        ("seguin camille", "Séguin"),
        ("angstrom", "Ångström"),
        ("dufay", "Dufaÿ"),
        ("mull", "Müller"),
    ],
)
@pytest.mark.usefixtures("known_players")
def test_the_player_search_when_registering_ignores_accents_and_case(tournament, query, found):
    assert [player.last_name for player in search_players(tournament=tournament, query=query)] == [
        found
    ]


def test_a_name_typed_with_accents_finds_it_written_without(tournament):
    club_player(tournament.club, last_name="Seguin", first_name="Paul")

    assert [
        player.first_name for player in search_players(tournament=tournament, query="Séguin")
    ] == ["Paul"]


@pytest.mark.usefixtures("known_players")
def test_the_player_search_lists_the_players_found_in_french_order(tournament):
    found = search_players(tournament=tournament, query="camille")

    assert [player.last_name for player in found] == FRENCH_ORDER


@pytest.mark.usefixtures("known_players")
def test_the_player_search_page_finds_lefevre(arbitre_client, tournament):
    response = arbitre_client.get(
        f"/arbitre/tournois/{tournament.pk}/joueurs/",
        {"q": "lefevre"},
        headers={**HTMX, "HX-Target": "search-results"},
    )

    assert shown("Lefèvre") in response.content.decode()
    assert shown("Lemaire") not in response.content.decode()


@pytest.mark.parametrize("query", ["seguin", "SEGUIN", "séguin", "Séguin Camille"])
@pytest.mark.usefixtures("room")
def test_the_check_in_filter_ignores_accents_and_case(arbitre_client, tournament, query):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/pointage/", {"q": query})

    assert [r.player.last_name for r in response.context["registrations"]] == ["Séguin"]


@pytest.mark.usefixtures("room")
def test_the_check_in_filter_finds_a_ligature_typed_as_two_letters(arbitre_client, tournament):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/pointage/", {"q": "oeil"})

    assert [r.player.last_name for r in response.context["registrations"]] == ["Œillet"]


@pytest.mark.parametrize("query", ["lefevre", "chretien", "evrard", "oeillet"])
def test_the_public_search_finds_a_player_without_accents(client, tournament, room, query):
    response = client.get(f"/tournois/{tournament.pk}/joueurs/", {"q": query})

    wanted = next(r for r in room if fold(r.player.last_name) == query)
    assert response.status_code == 302
    assert response.url == f"/tournois/{tournament.pk}/joueurs/{wanted.number}/"


# A NUL character is answered 400 before any view (tests/tarot_club/test_nul_characters.py).
@pytest.mark.parametrize("query", ["\u200b", "\u0301"])
@pytest.mark.usefixtures("room")
def test_a_search_of_invisible_characters_finds_nobody(client, tournament, query):
    response = client.get(f"/tournois/{tournament.pk}/joueurs/", {"q": query})

    assert response.status_code == 200
    assert response.context["found"] == []


# Lists in French alphabetical order -----------------------------------------------------------


@pytest.mark.usefixtures("room")
@pytest.mark.parametrize("page", ["joueurs", "pointage"], ids=["players list", "check-in list"])
def test_the_arbitre_lists_are_in_french_order(arbitre_client, tournament, page):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/{page}/")

    assert order_on_page(response.content.decode()) == FRENCH_ORDER


@pytest.mark.usefixtures("room")
def test_the_check_in_list_filtered_stays_in_french_order(arbitre_client, tournament):
    response = arbitre_client.get(f"/arbitre/tournois/{tournament.pk}/pointage/", {"q": "R"})

    expected = ["Ångström", "Chrétien", "Évrard", "Lefèvre", "Müller"]
    assert [r.player.last_name for r in response.context["registrations"]] == expected


@pytest.mark.usefixtures("room")
def test_the_public_participants_list_is_in_french_order(client, tournament):
    response = client.get(f"/tournois/{tournament.pk}/")

    assert order_on_page(response.content.decode()) == FRENCH_ORDER


@pytest.mark.usefixtures("room")
def test_the_public_search_lists_several_players_found_in_french_order(client, tournament):
    response = client.get(f"/tournois/{tournament.pk}/joueurs/", {"q": "camille"})

    assert [r.player.last_name for r in response.context["found"]] == FRENCH_ORDER


@pytest.mark.usefixtures("client")
def test_trouver_sa_place_lists_the_seats_in_french_order(tournament, room):
    position = Position.objects.create(tournament=tournament, number=1)
    seat_position(position=position, tables=[room[0:4], room[4:8], room[8:12]], by=TESTS)

    assert [
        seat.registration.player.last_name for seat in seating_plan(position=position).by_name
    ] == (FRENCH_ORDER)


def test_the_players_offered_for_a_swap_are_in_french_order(tournament, room):
    position = Position.objects.create(tournament=tournament, number=1)
    seat_position(position=position, tables=[room[0:4], room[4:8], room[8:12]], by=TESTS)
    seats = position.seats.select_related("registration__player", "table")

    labels = [choice.choice_label for choice in SwapForm(seats=seats)["first"]][1:]

    assert [label.split(" (table")[0] for label in labels] == [shown(n) for n in FRENCH_ORDER]


@pytest.fixture
def duo(arbitre):
    duo = club_tournament(arbitre, formula=Formula.DUO)
    for name in shuffled(FRENCH_ORDER):
        register_player(tournament=duo, last_name=name, first_name="Camille", by=TESTS)
    return duo


def test_the_players_without_a_team_are_in_french_order(arbitre_client, duo):
    response = arbitre_client.get(f"/arbitre/tournois/{duo.pk}/equipes/")

    assert [r.player.last_name for r in response.context["without_team"]] == FRENCH_ORDER


def test_the_players_offered_for_a_new_team_are_in_french_order(duo):
    field = TeamForm(tournament=duo)["members"]

    # Each choice reads « 3. ABEL Camille »: the participant number, then the name.
    labels = [choice.choice_label.split(". ", 1)[1] for choice in field]
    assert labels == [shown(name) for name in FRENCH_ORDER]


def test_teams_and_their_members_are_in_french_order(arbitre_client, duo):
    by_name = {r.player.last_name: r for r in duo.registrations.select_related("player")}
    for team_name, members in [("Écluse", ["Zola", "Abel"]), ("Dauphins", ["Noël", "Évrard"])]:
        team = Team.objects.create(tournament=duo, name=team_name)
        Registration.objects.filter(pk__in=[by_name[m].pk for m in members]).update(team=team)

    teams = arbitre_client.get(f"/arbitre/tournois/{duo.pk}/equipes/").context["teams"]

    assert [(team.name, [r.player.last_name for r in team.members]) for team in teams] == [
        ("Dauphins", ["Évrard", "Noël"]),
        ("Écluse", ["Abel", "Zola"]),
    ]


# The directory the registration search reads ---------------------------------------------------


@pytest.fixture
def known_players(tournament):
    """The twelve, and a Lemaire, members of the tournament's club: its arbitres find them."""
    for name in shuffled(FRENCH_ORDER):
        club_player(tournament.club, last_name=name, first_name="Camille")
    club_player(tournament.club, last_name="Lemaire", first_name="Sacha")


def test_a_team_member_id_too_big_for_the_database_is_a_form_error(arbitre_client, duo):
    response = arbitre_client.post(
        f"/arbitre/tournois/{duo.pk}/equipes/", {"name": "Dauphins", "members": [str(10**30)]}
    )

    assert response.status_code == 200
    assert not Team.objects.filter(tournament=duo).exists()


def test_a_seat_id_too_big_for_the_database_is_not_a_swap(tournament, room):
    position = Position.objects.create(tournament=tournament, number=1)
    seat_position(position=position, tables=[room[0:4], room[4:8], room[8:12]], by=TESTS)
    seats = position.seats.all()

    form = SwapForm({"first": str(10**30), "second": str(seats[0].pk)}, seats=seats)

    assert not form.is_valid()
    assert "first" in form.errors
