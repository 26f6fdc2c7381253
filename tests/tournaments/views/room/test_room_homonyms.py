"""The room's cards name each player short (« Martin C. »): two players of the position with
the same short name each get their participant number."""

from clubs.models import Player
from tests.factories import seated_room


def room_page(client, tournament) -> str:
    return client.get(f"/arbitre/tournois/{tournament.pk}/positions/1/salle/").content.decode()


def test_two_players_with_the_same_short_name_show_their_numbers(arbitre_client, arbitre):
    tournament, _position, _tables, registrations = seated_room(arbitre)
    for registration, first_name in zip(registrations[:2], ["Claude", "Claire"], strict=True):
        Player.objects.filter(pk=registration.player_id).update(
            last_name="MARTIN", first_name=first_name
        )
    Player.objects.filter(pk=registrations[5].player_id).update(
        last_name="DURAND", first_name="Paul"
    )

    page = room_page(arbitre_client, tournament)

    assert 'MARTIN C. <span class="muted">n° 1</span>' in page
    assert 'MARTIN C. <span class="muted">n° 2</span>' in page
    assert "DURAND P.</li>" in page
