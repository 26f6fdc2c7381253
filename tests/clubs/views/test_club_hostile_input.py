"""The club's forms take random and hostile values (Hypothesis): never a 5xx, never an answer
that grows with what was typed (as tests/tournaments/views/test_hostile_input.py for the
tournament's forms)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.factories import club_of, club_player, club_tournament
from tests.tournaments.views.test_hostile_input import RUN, VALUE, check, posted


@pytest.fixture
def club(arbitre):
    return club_of(arbitre)


@pytest.fixture
def member(club):
    player = club_player(club, last_name="Membre", first_name="Zoé")
    return player.memberships.get()


@RUN
@given(data=posted(["name", "town"]))
def test_the_club_forms_survive_anything(arbitre_client, club, data):
    check(arbitre_client.post("/arbitre/clubs/nouveau/", data))
    check(arbitre_client.post(f"/arbitre/clubs/{club.pk}/", data))


@RUN
@given(username=VALUE)
def test_adding_an_arbitre_survives_anything(arbitre_client, club, username):
    check(arbitre_client.post(f"/arbitre/clubs/{club.pk}/arbitres/", {"username": username}))


@RUN
@given(data=posted(["player", "last_name", "first_name", "licence"]), query=VALUE)
def test_the_members_page_survives_anything(arbitre_client, club, member, data, query):
    check(arbitre_client.get(f"/arbitre/clubs/{club.pk}/membres/", {"q": query}))
    check(arbitre_client.post(f"/arbitre/clubs/{club.pk}/membres/", data))
    check(arbitre_client.post(f"/arbitre/clubs/{club.pk}/membres/{member.pk}/", data))


@RUN
@given(ticked=st.lists(VALUE, max_size=5), same=VALUE)
def test_the_tick_list_survives_anything(arbitre_client, arbitre, club, ticked, same):  # noqa: ARG001
    tonight = club_tournament(arbitre)
    check(arbitre_client.get(f"/arbitre/tournois/{tonight.pk}/joueurs/", {"memes": same}))
    check(
        arbitre_client.post(f"/arbitre/tournois/{tonight.pk}/joueurs/cocher/", {"players": ticked})
    )
