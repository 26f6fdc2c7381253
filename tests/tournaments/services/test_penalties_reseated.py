"""A penalty at a position the player is seated out of (issue 31, item 5): pointed absent,
then the position seated again without them. The penalty is cancelled, struck through in the
register and said to the arbitre; « Désinscrire » is refused with its reason, never a 500."""

import pytest

from common.actors import Actor
from common.refusals import Refused
from tests.factories import plan_committed, register
from tournaments.models import JournalEntry, Penalty, Registration
from tournaments.services.penalties import add_penalty
from tournaments.services.registrations import check_in, unregister_player

# Seating a position again draws anew, which needs a public reason (docs/tirage.md).
ABSENT = "Un joueur pointé absent"


@pytest.fixture
def seated_out(tournament, arbitre):
    """Nine players seated at position 1; player 1 penalised there, then pointed absent."""
    players = register(tournament, 9)
    by = Actor.arbitre(arbitre)
    position = plan_committed(tournament=tournament, number=1, by=by)
    add_penalty(registration=players[0], position=position, points=20, reason="Retard", by=by)
    check_in(registration=players[0], present=False, by=by)
    return players[0]


def generate(client, tournament):
    """The placement page's three taps: the new draw's commitment, with its reason, the room
    seed, then the draw."""
    placement = f"/arbitre/tournois/{tournament.pk}/positions/1/placement/"
    client.post(f"{placement}engagement/", {"reason": "Un joueur absent"})
    client.post(f"{placement}graine/", {"room_seed": "425163"})
    return client.post(f"{placement}generer/", follow=True)


def test_seating_again_without_a_penalised_player_cancels_the_penalty(seated_out, arbitre):
    position = plan_committed(
        tournament=seated_out.tournament, number=1, reason=ABSENT, by=Actor.arbitre(arbitre)
    )

    penalty = Penalty.objects.get()
    assert position.penalties_cancelled == [penalty]
    assert (penalty.is_cancelled, penalty.cancelled_by) == (True, arbitre)
    entry = JournalEntry.objects.filter(action="penalty.cancelled").get()
    assert "n'est plus placé à la position 1" in str(entry.after)


def test_seating_again_with_the_penalised_player_keeps_the_penalty(seated_out, arbitre):
    by = Actor.arbitre(arbitre)
    check_in(registration=seated_out, present=True, by=by)

    position = plan_committed(tournament=seated_out.tournament, number=1, reason=ABSENT, by=by)

    assert position.penalties_cancelled == []
    assert not Penalty.objects.get().is_cancelled


def test_the_arbitre_is_told_which_penalty_the_new_seating_cancelled(arbitre_client, seated_out):
    response = generate(arbitre_client, seated_out.tournament)

    html = response.content.decode()
    assert "La pénalité de JOUEUR1 Prénom à la position 1 (−20) est annulée" in html


def test_unregistering_a_player_in_the_penalties_register_is_refused_with_its_reason(
    arbitre_client, seated_out
):
    generate(arbitre_client, seated_out.tournament)
    url = f"/arbitre/tournois/{seated_out.tournament_id}/joueurs/{seated_out.pk}/desinscrire/"

    response = arbitre_client.post(url, follow=True)

    assert response.status_code == 200
    assert "figure au registre des pénalités" in response.content.decode()
    assert Registration.objects.filter(pk=seated_out.pk).exists()


def test_the_service_refuses_to_unregister_a_penalised_player(seated_out, arbitre):
    plan_committed(
        tournament=seated_out.tournament, number=1, reason=ABSENT, by=Actor.arbitre(arbitre)
    )

    with pytest.raises(Refused) as refusal:
        unregister_player(registration=seated_out, by=Actor.arbitre(arbitre))

    assert refusal.value.code == "has_penalties"
