"""Filling an evening from the club's members: the tick list on the tournament's players
page, « Mêmes joueurs que la dernière soirée », registering the ticked players."""

import datetime

import pytest

from clubs.models import Member, Player
from tests.factories import club_of, club_tournament
from tournaments.models import Registration


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def evenings(arbitre, club):
    """Last week's evening (Abel and Zola played), tonight's (nobody yet); Martin, a member,
    did not come last week."""
    players = {
        name: Player.objects.create(last_name=name, first_name="A")
        for name in ("Abel", "Martin", "Zola")
    }
    for player in players.values():
        Member.objects.create(club=club, player=player)
    last_week = club_tournament(arbitre, name="Semaine 1", date=datetime.date(2026, 3, 6))
    for number, name in enumerate(["Abel", "Zola"], start=1):
        Registration.objects.create(tournament=last_week, player=players[name], number=number)
    tonight = club_tournament(arbitre, name="Semaine 2", date=datetime.date(2026, 3, 13))
    return tonight, players


def ticked(page: str, player) -> bool:
    return f'value="{player.pk}" checked' in page


def test_the_players_page_lists_the_members_to_tick(arbitre_client, evenings):
    tonight, players = evenings

    page = arbitre_client.get(f"/arbitre/tournois/{tonight.pk}/joueurs/").content.decode()

    assert "Mêmes joueurs que la dernière soirée" in page
    assert all(f'value="{player.pk}"' in page for player in players.values())
    assert not any(ticked(page, player) for player in players.values())


def test_same_players_as_last_evening_ticks_them(arbitre_client, evenings):
    tonight, players = evenings

    page = arbitre_client.get(f"/arbitre/tournois/{tonight.pk}/joueurs/?memes=1").content.decode()

    assert [name for name, player in players.items() if ticked(page, player)] == ["Abel", "Zola"]


def test_the_ticked_players_are_registered(arbitre_client, evenings):
    tonight, players = evenings

    response = arbitre_client.post(
        f"/arbitre/tournois/{tonight.pk}/joueurs/cocher/",
        {"players": [players["Abel"].pk, players["Martin"].pk]},
        follow=True,
    )

    assert "2 joueurs inscrits." in response.content.decode()
    assert [(r.number, r.player.last_name) for r in tonight.registrations.all()] == [
        (1, "Abel"),
        (2, "Martin"),
    ]


def test_a_forged_id_among_the_ticks_registers_nobody(arbitre_client, evenings, other_arbitre):
    tonight, players = evenings
    hidden = Player.objects.create(last_name="Caché", first_name="Sam")
    Member.objects.create(club=club_of(other_arbitre), player=hidden)

    response = arbitre_client.post(
        f"/arbitre/tournois/{tonight.pk}/joueurs/cocher/",
        {"players": [players["Abel"].pk, hidden.pk]},
        follow=True,
    )

    assert "Joueur inconnu." in response.content.decode()
    assert not tonight.registrations.exists()


def test_ticking_nobody_is_refused_in_french(arbitre_client, evenings):
    tonight, _players = evenings

    response = arbitre_client.post(f"/arbitre/tournois/{tonight.pk}/joueurs/cocher/", follow=True)

    assert "Cochez au moins un joueur." in response.content.decode()
