"""The penalties register: given with a reason, cancelled but never deleted."""

import pytest
from django.db import IntegrityError
from django.db.models import ProtectedError, RestrictedError
from django.utils import timezone

from common.actors import Actor
from common.refusals import Refused
from tests.at_the_table import TESTS
from tests.factories import club_of, seat
from tournaments.models import Penalty, Position, Tournament
from tournaments.services.penalties import add_penalty, cancel_penalty
from tournaments.services.registrations import register_player


@pytest.fixture
def position(first_position):
    return first_position[0].position


def penalties_url(tournament) -> str:
    return f"/arbitre/tournois/{tournament.pk}/penalites/"


def give_penalty(client, tournament, **fields):
    """The penalty form posted: 25 points to player 3 at position 1, unless ``fields`` say."""
    penalty = {"number": 3, "position": 1, "points": 25, "reason": "Parole pendant le jeu"}
    return client.post(penalties_url(tournament), {**penalty, **fields})


def test_a_penalty_keeps_the_player_position_points_reason_and_who(players, position, arbitre):
    penalty = add_penalty(
        registration=players[2],
        position=position,
        points=40,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    assert (penalty.registration, penalty.position, penalty.points, penalty.reason) == (
        players[2],
        position,
        40,
        "Retard",
    )
    assert (penalty.arbitre, penalty.is_cancelled) == (arbitre, False)


@pytest.mark.parametrize("points", [0, -10, 5001, True, "50"])
def test_a_penalty_takes_off_a_positive_whole_number_of_points(players, position, arbitre, points):
    with pytest.raises(Refused) as refusal:
        add_penalty(
            registration=players[0],
            position=position,
            points=points,
            reason="x",
            by=Actor.arbitre(arbitre),
        )

    assert refusal.value.field == "points"


def test_a_penalty_needs_a_reason(players, position, arbitre):
    with pytest.raises(Refused) as refusal:
        add_penalty(
            registration=players[0],
            position=position,
            points=10,
            reason="",
            by=Actor.arbitre(arbitre),
        )

    assert refusal.value.field == "reason"


@pytest.mark.usefixtures("position")
def test_a_penalty_is_refused_for_a_position_of_another_tournament(players, arbitre, other_arbitre):
    other = Tournament.objects.create(
        name="Autre", date="2026-12-01", arbitre=other_arbitre, club=club_of(other_arbitre)
    )
    elsewhere = Position.objects.create(tournament=other, number=1)

    with pytest.raises(Refused) as refusal:
        add_penalty(
            registration=players[0],
            position=elsewhere,
            points=10,
            reason="x",
            by=Actor.arbitre(arbitre),
        )

    assert refusal.value.code == "other_tournament"


def test_cancelling_keeps_the_penalty_marked_with_who_and_when(players, position, arbitre):
    penalty = add_penalty(
        registration=players[0], position=position, points=10, reason="x", by=Actor.arbitre(arbitre)
    )

    cancelled = cancel_penalty(penalty=penalty, by=Actor.arbitre(arbitre))

    assert Penalty.objects.count() == 1
    assert (cancelled.is_cancelled, cancelled.cancelled_by) == (True, arbitre)


def test_cancelling_twice_keeps_the_first_cancellation(players, position, arbitre, other_arbitre):
    penalty = add_penalty(
        registration=players[0], position=position, points=10, reason="x", by=Actor.arbitre(arbitre)
    )
    first = cancel_penalty(penalty=penalty, by=Actor.arbitre(arbitre))

    second = cancel_penalty(penalty=penalty, by=Actor.arbitre(other_arbitre))

    assert (second.cancelled_at, second.cancelled_by) == (first.cancelled_at, arbitre)


def test_a_penalised_player_cannot_be_deleted_with_their_penalty(players, position, arbitre):
    add_penalty(
        registration=players[0], position=position, points=10, reason="x", by=Actor.arbitre(arbitre)
    )

    with pytest.raises((RestrictedError, ProtectedError)):
        players[0].delete()


def test_the_database_refuses_a_cancellation_without_who(players, position, arbitre):
    penalty = add_penalty(
        registration=players[0], position=position, points=10, reason="x", by=Actor.arbitre(arbitre)
    )

    with pytest.raises(IntegrityError, match="penalty_cancelled_with_who_and_when"):
        Penalty.objects.filter(pk=penalty.pk).update(cancelled_at=timezone.now())


# The page ---------------------------------------------------------------------------------


@pytest.mark.usefixtures("position")
def test_the_arbitre_gives_a_penalty_by_participant_number(arbitre_client, short_tournament):
    response = give_penalty(arbitre_client, short_tournament)

    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.registration.number, penalty.points) == (3, 25)


@pytest.mark.usefixtures("position")
def test_an_unknown_participant_number_is_refused_keeping_what_was_typed(
    arbitre_client, short_tournament
):
    response = give_penalty(arbitre_client, short_tournament, number=99)

    assert response.status_code == 422
    content = response.content.decode()
    assert "Aucun participant ne porte le numéro 99." in content
    assert 'value="Parole pendant le jeu"' in content
    assert not Penalty.objects.exists()


@pytest.mark.usefixtures("position")
def test_a_participant_not_seated_is_refused_keeping_what_was_typed(
    arbitre_client, short_tournament
):
    late = register_player(
        tournament=short_tournament, last_name="Tardif", first_name="Léa", by=TESTS
    )

    response = give_penalty(arbitre_client, short_tournament, number=late.number)

    content = response.content.decode()
    assert response.status_code == 422
    assert "n&#x27;a pas de place à la position 1" in content
    assert 'value="Parole pendant le jeu"' in content
    assert not Penalty.objects.exists()


@pytest.mark.usefixtures("position")
def test_huge_points_are_refused_in_french(arbitre_client, short_tournament):
    response = give_penalty(arbitre_client, short_tournament, points="9" * 40, reason="x")

    assert response.status_code == 422
    assert "inférieure ou égale à 5000" in response.content.decode()


def test_the_register_shows_a_cancelled_penalty_struck_through(
    arbitre_client, short_tournament, players, position, arbitre
):
    penalty = add_penalty(
        registration=players[0],
        position=position,
        points=10,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )

    arbitre_client.post(f"{penalties_url(short_tournament)}{penalty.pk}/annuler/")
    content = arbitre_client.get(penalties_url(short_tournament)).content.decode()

    assert '<li class="cancelled">' in content
    assert "annulée par Anne Arbitre" in content


@pytest.mark.usefixtures("position")
def test_the_form_offers_the_position_under_way(arbitre_client, short_tournament, players):
    seat(short_tournament, 2, [players[:4]])

    response = arbitre_client.get(penalties_url(short_tournament))

    assert response.context["form"].initial["position"] == 1


def test_a_penalty_is_refused_for_a_position_the_player_did_not_sit(
    short_tournament, position, arbitre
):
    late = register_player(
        tournament=short_tournament, last_name="Tardif", first_name="Léa", by=TESTS
    )

    with pytest.raises(Refused) as refusal:
        add_penalty(
            registration=late, position=position, points=10, reason="x", by=Actor.arbitre(arbitre)
        )

    assert refusal.value.code == "not_seated"
    assert "n'a pas de place à la position 1" in refusal.value.message
    assert not Penalty.objects.exists()


@pytest.mark.parametrize("by", [Actor.table_device(), TESTS], ids=["table", "script"])
def test_only_an_arbitre_with_an_account_gives_a_penalty(players, position, by):
    with pytest.raises(Refused) as refusal:
        add_penalty(registration=players[0], position=position, points=10, reason="x", by=by)

    assert refusal.value.code == "not_arbitre"
    assert not Penalty.objects.exists()
