"""Correcting a player of the shared directory (clubs.services.players.corrected_player): one
rule, and one message, for a member and a participant alike."""

import pytest

from clubs.models import Player
from clubs.services.players import corrected_player
from common.refusals import Refused


@pytest.fixture
def zoe(db):  # noqa: ARG001 - db: it writes to the test database
    return Player.objects.create(last_name="Lefèvre", first_name="Zoé", licence="0451")


def correct(player, *, seen, licence="0451"):
    return corrected_player(
        player=player,
        last_name="Lefebvre",
        first_name="Zoé",
        licence=licence,
        club="Les Excuses",
        seen=seen,
    )


def test_a_player_the_club_sees_in_no_other_club_is_corrected_in_place(zoe):
    # Whether another club lists them privately is not asked: the answer would show (D9).
    corrected = correct(zoe, seen=False)

    assert (corrected.pk, corrected.last_name) == (zoe.pk, "Lefebvre")


def test_a_player_of_another_clubs_published_evening_keeps_their_record_when_the_licence_stays(
    zoe,
):
    with pytest.raises(Refused) as refused:
        correct(zoe, seen=True)

    assert refused.value.code == "shared_player"
    assert "figure aussi dans un autre club" in refused.value.message
    zoe.refresh_from_db()
    assert zoe.last_name == "Lefèvre"


def test_a_player_of_another_clubs_published_evening_gets_a_record_of_their_own_for_another_licence(
    zoe,
):
    corrected = correct(zoe, seen=True, licence="")

    assert corrected.pk is None
    assert (corrected.last_name, corrected.licence) == ("Lefebvre", "")
    zoe.refresh_from_db()
    assert zoe.last_name == "Lefèvre"
