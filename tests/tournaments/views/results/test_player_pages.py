"""Every player's page, finding it, the ranking page and the projector in the room."""

import re

import pytest
from django.utils import dateformat, timezone

from common.actors import Actor
from tests.at_the_table import TESTS, play, prise_by, sign
from tests.factories import enrol, seat
from tests.htmx import HTMX
from tournaments.models import Position
from tournaments.services.penalties import add_penalty
from tournaments.services.positions import close_position


def page_url(tournament, number) -> str:
    return f"/tournois/{tournament.pk}/joueurs/{number}/"


@pytest.fixture
def second_position(short_tournament, players, first_position):  # noqa: ARG001 - after position 1
    """Position 2 seated and published: player 1 at table 2, Sud."""
    tables = seat(
        short_tournament, 2, [players[4:], [players[2], players[3], players[0], players[1]]]
    )
    Position.objects.filter(number=2).update(seating_published_at=timezone.now())
    return tables


@pytest.mark.usefixtures("first_position")
def test_a_player_page_shows_each_deal_with_its_contract_taker_and_marque(client, short_tournament):
    response = client.get(page_url(short_tournament, 2))

    page = response.context["page"]
    (position,) = page.positions
    (line,) = position.deals
    assert (position.number, position.seat.place, position.bilan) == (1, "E", -29)
    assert (line.deal.contract, line.taker, line.marque) == ("prise", "Prénom Joueur1", -29)
    assert [seat.registration.number for seat in position.others] == [1, 3, 4]


def test_a_player_page_shows_the_total_rank_and_penalties(
    client, short_tournament, players, first_position, arbitre
):
    add_penalty(
        registration=players[0],
        position=first_position[0].position,
        points=20,
        reason="Carte exposée",
        by=Actor.arbitre(arbitre),
    )

    content = client.get(page_url(short_tournament, 1)).content.decode()

    assert "+67" in content
    assert "dont −20 de pénalités" in content
    assert "Pénalité : −20 (Carte exposée)" in content


@pytest.mark.usefixtures("second_position")
def test_a_player_page_says_where_the_player_sits_next(client, short_tournament, first_position):
    for table in first_position:
        sign(table)

    content = client.get(page_url(short_tournament, 1)).content.decode()

    assert "Position 2 : votre place" in content
    assert "Table 2, Sud" in content


@pytest.mark.usefixtures("second_position")
def test_the_next_seat_waits_for_the_seating_to_be_published(
    client, short_tournament, first_position
):
    Position.objects.filter(number=2).update(seating_published_at=None)
    for table in first_position:
        sign(table)

    assert client.get(page_url(short_tournament, 1)).context["page"].next_seat is None


def french_time(moment) -> str:
    """« 21 h 42 », as the page writes the time."""
    return dateformat.format(timezone.localtime(moment), "G \\h i")


@pytest.mark.usefixtures("first_position")
def test_a_player_page_follows_by_itself_and_says_when_it_was_updated(client, short_tournament):
    before = timezone.now()
    content = client.get(page_url(short_tournament, 1)).content.decode()
    after = timezone.now()

    live = re.search(r'<div id="player-live" ([^>]*)>', content).group(1)
    assert f'hx-get="{page_url(short_tournament, 1)}"' in live
    assert 'hx-trigger="live"' in live
    registration = short_tournament.registrations.get(number=1)
    assert f'data-live-on="registration:{registration.pk} ' in live
    assert 'data-live-every="30"' in live
    assert 'hx-swap="outerHTML"' in live
    updated = re.search(r"Mis à jour à (\d{1,2} h \d{2})", content).group(1)
    assert updated in {french_time(before), french_time(after)}


@pytest.mark.usefixtures("second_position")
def test_the_player_fragment_brings_the_next_seat_once_published(
    client, short_tournament, first_position
):
    for table in first_position:
        sign(table)
    Position.objects.filter(number=2).update(seating_published_at=None)
    waiting = client.get(page_url(short_tournament, 1), headers=HTMX).content.decode()
    Position.objects.filter(number=2).update(seating_published_at=timezone.now())

    published = client.get(page_url(short_tournament, 1), headers=HTMX).content.decode()

    assert "votre place" not in waiting
    assert "<html" not in published
    assert published.lstrip().startswith('<div id="player-live"')
    assert "Position 2 : votre place" in published
    assert "Table 2, Sud" in published
    assert published.index("votre place") < published.index("Position 1 · table 1")


def test_the_player_page_stops_following_once_the_ranking_is_final(
    client, short_tournament, players
):
    short_tournament.positions_count = 1
    short_tournament.save()
    tables = seat(short_tournament, 1, [players[:4], players[4:]])
    for table in tables:
        play(table, prise_by("N"))
        sign(table)
    close_position(position=tables[0].position, by=TESTS)

    content = client.get(page_url(short_tournament, 1)).content.decode()

    assert "Classement définitif." in content
    assert '<div id="player-live"' in content
    assert "hx-trigger" not in content
    assert "la page se met à jour d'elle-même" not in content


@pytest.mark.usefixtures("first_position")
def test_the_running_total_is_drawn_across_positions(client, short_tournament, second_position):
    play(second_position[1], prise_by("S"))  # player 1 takes again: +87

    page = client.get(page_url(short_tournament, 1)).context["page"]

    assert [(point.label, point.total) for point in page.chart] == [
        ("", 0),
        ("P1", 87),
        ("P2", 174),
    ]
    assert "<polyline" in client.get(page_url(short_tournament, 1)).content.decode()


@pytest.mark.usefixtures("first_position")
def test_an_unknown_participant_number_is_a_french_404(client, short_tournament):
    response = client.get(page_url(short_tournament, 99))

    assert response.status_code == 404
    assert "Aucun participant ne porte le numéro 99." in response.content.decode()


def test_a_player_is_found_by_name_without_accents(client, short_tournament, players):
    players[3].player.last_name = "Séguin"
    players[3].player.save()
    players[4].player.last_name = "Œillet"
    players[4].player.save()

    seguin = client.get(f"/tournois/{short_tournament.pk}/joueurs/", {"q": "seguin"})
    oeillet = client.get(f"/tournois/{short_tournament.pk}/joueurs/", {"q": "OEILLET prénom"})

    assert seguin.status_code == 302
    assert seguin.url == page_url(short_tournament, 4)
    assert oeillet.url == page_url(short_tournament, 5)


@pytest.mark.usefixtures("players")
def test_a_player_is_found_by_participant_number(client, short_tournament):
    response = client.get(f"/tournois/{short_tournament.pk}/joueurs/", {"q": " 7 "})

    assert response.url == page_url(short_tournament, 7)


@pytest.mark.usefixtures("players")
def test_several_players_found_are_listed_for_htmx(client, short_tournament):
    response = client.get(
        f"/tournois/{short_tournament.pk}/joueurs/", {"q": "joueur"}, headers=HTMX
    )

    assert response.status_code == 200
    assert response.content.decode().count("<li>") == 8
    assert "<html" not in response.content.decode()


# A NUL character is answered 400 before any view (tests/tarot_club/test_nul_characters.py).
@pytest.mark.parametrize("query", ["²²", "9" * 5000, "'; DROP TABLE x; --", "Ω", "%"])
@pytest.mark.usefixtures("players")
def test_odd_searches_find_nobody_without_an_error(client, short_tournament, query):
    response = client.get(f"/tournois/{short_tournament.pk}/joueurs/", {"q": query})

    assert response.status_code == 200
    assert response.context["found"] == []


def test_the_ranking_page_marks_ties_withdrawals_and_missed_positions(
    client, short_tournament, players
):
    seat(short_tournament, 1, [players[:4]])
    (late,) = seat(short_tournament, 2, [players[4:]])
    play(late, prise_by("N"))
    players[1].withdrawn_from = 2
    players[1].save()

    content = client.get(f"/tournois/{short_tournament.pk}/classement/").content.decode()

    assert "provisoire" in content
    assert "ex æquo" in content
    assert '<span class="badge">retrait</span>' in content
    assert 'title="non jouée">—<span class="visually-hidden"> non jouée</span></span>' in content


def test_the_ranking_page_says_how_many_tables_still_play(client, short_tournament, first_position):
    sign(first_position[0])

    content = client.get(f"/tournois/{short_tournament.pk}/classement/").content.decode()

    assert "Position 1 en cours : 1 table encore en jeu" in content


@pytest.mark.usefixtures("first_position")
def test_the_ranking_page_answers_htmx_with_its_fragment(client, short_tournament):
    response = client.get(f"/tournois/{short_tournament.pk}/classement/", headers=HTMX)

    assert "<html" not in response.content.decode()
    assert "Classement individuel" in response.content.decode()


@pytest.mark.usefixtures("short_tournament", "second_position")
def test_a_table_phone_shows_each_players_next_seat_once_signed(client, first_position):
    table = first_position[0]
    sign(table)

    content = client.get(f"/tables/{table.pk}/").content.decode()

    assert "Position 2 : vos places" in content
    assert "Prénom Joueur1</strong> → table 2, Sud" in content


# The projector ----------------------------------------------------------------------------


def projector(client, tournament, screen=None, **extra):
    query = {} if screen is None else {"ecran": screen}
    return client.get(f"/tournois/{tournament.pk}/projection/", query, **extra)


@pytest.mark.usefixtures("first_position")
def test_the_projector_pages_through_the_whole_ranking(client, short_tournament):
    response = projector(client, short_tournament)

    screen = response.context["screen"]
    assert (screen["kind"], screen["page"], screen["pages"]) == ("ranking", 1, 1)
    assert len(screen["rows"]) == 8
    assert "<form" not in response.content.decode()


def test_the_projector_shows_every_row_across_its_screens(client, short_tournament, players):
    more = enrol(short_tournament, range(9, 29))
    everyone = [*players, *more]
    seat(short_tournament, 1, [everyone[i : i + 4] for i in range(0, 28, 4)])

    screens = [projector(client, short_tournament, n).context["screen"] for n in range(3)]

    assert [len(screen["rows"]) for screen in screens] == [12, 12, 4]
    numbers = [ranked.registration.number for screen in screens for ranked in screen["rows"]]
    assert sorted(numbers) == list(range(1, 29))


@pytest.mark.usefixtures("first_position")
def test_the_projector_polls_for_its_next_screen(client, short_tournament):
    response = projector(client, short_tournament, 0, headers=HTMX)

    content = response.content.decode()
    assert f'hx-get="/tournois/{short_tournament.pk}/projection/?ecran=0"' in content
    assert 'hx-trigger="every 10s, live"' in content
    assert "<html" not in content


@pytest.mark.usefixtures("players", "first_position", "second_position")
def test_the_projector_alternates_with_the_seats_of_a_new_seating(client, short_tournament):
    screens = [projector(client, short_tournament, n).context["screen"] for n in range(2)]

    assert [screen["kind"] for screen in screens] == ["ranking", "seats"]
    assert (
        "Trouver sa place · position 2" in projector(client, short_tournament, 1).content.decode()
    )


@pytest.mark.usefixtures("first_position")
def test_the_projector_stops_showing_seats_once_play_has_started(
    client, short_tournament, second_position
):
    play(second_position[0], prise_by("N"))

    screen = projector(client, short_tournament, 1).context["screen"]

    assert screen["kind"] == "ranking"


@pytest.mark.usefixtures("first_position")
def test_the_projector_ignores_an_odd_screen_number(client, short_tournament):
    for screen in ["-5", "abc", "9" * 5000]:
        assert projector(client, short_tournament, screen).status_code == 200


@pytest.mark.usefixtures("first_position")
def test_the_projector_needs_no_login_once_published(client, short_tournament):
    assert projector(client, short_tournament).status_code == 200
    short_tournament.published = False
    short_tournament.save()
    assert projector(client, short_tournament).status_code == 404


def test_the_ranking_page_lists_who_has_not_played_last_marked_with_no_rank(client, forced_close):
    tournament = forced_close[0].position.tournament

    response = client.get(f"/tournois/{tournament.pk}/classement/")

    ranking = response.context["ranking"]
    assert [p.registration.number for p in ranking.players] == [1, 2, 3, 4, 5, 6, 7, 8]
    content = response.content.decode()
    assert content.count('<span class="badge">n\'a pas joué</span>') == 4
    assert content.count('<td class="num rank">—</td>') == 4
    assert content.index("JOUEUR4") < content.index("JOUEUR5")


def test_the_chart_has_no_point_for_a_position_not_played(client, forced_close, players):
    tournament = forced_close[0].position.tournament
    (table,) = seat(tournament, 2, [players[4:]])
    play(table, prise_by("N"))  # player 5 takes: +87

    page = client.get(page_url(tournament, 5)).context["page"]

    assert [(point.label, point.total) for point in page.chart] == [("", 0), ("P2", 87)]


def test_the_chart_draws_a_penalty_at_the_position_it_was_given_even_unplayed(
    client, forced_close, players, arbitre
):
    tournament = forced_close[0].position.tournament
    add_penalty(
        registration=players[4],
        position=forced_close[0].position,
        points=20,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )
    (table,) = seat(tournament, 2, [players[4:]])
    play(table, prise_by("N"))  # player 5 takes: +87

    page = client.get(page_url(tournament, 5)).context["page"]

    assert [(point.label, point.total) for point in page.chart] == [
        ("", 0),
        ("P1", -20),
        ("P2", 67),
    ]
    assert page.chart_notes == ["P1 : pénalité de 20 points, déduite."]


def test_a_player_page_says_the_position_was_not_played(client, forced_close):
    tournament = forced_close[0].position.tournament

    content = client.get(page_url(tournament, 6)).content.decode()

    assert "Position non jouée : aucune donne jouée à cette table." in content
    assert '<strong class="big">n\'a pas joué</strong>' in content


def test_the_projector_shows_no_rank_for_who_has_not_played(client, forced_close):
    tournament = forced_close[0].position.tournament

    content = projector(client, tournament).content.decode()

    assert content.count('<span class="rank">—</span>') == 4
    assert '<span class="rank">1</span>' in content
