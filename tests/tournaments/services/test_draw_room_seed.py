"""The room seed of a draw (« la graine de la salle », docs/tirage.md): entered once the
commitment is shown, part of the seed, fixed once entered; and the times a draw's page
gives."""

import pytest
from django.db import transaction
from django.utils import timezone

from championships.models import Draw
from championships.selectors.draws import (
    Verification,
    draw_in_force,
    draw_players,
    verify_draws,
)
from championships.services.draws import commit_draw, enter_room_seed
from clubs.models import Player
from common.refusals import Refused
from seating.draw import (
    GENERATOR_VERSION,
    commitment_of,
    fingerprint,
    input_document,
    plan_of,
    seed_of,
)
from tests.at_the_table import TESTS
from tests.factories import ROOM_SEED, plan_committed, seat
from tournaments.models import JournalEntry
from tournaments.selectors.journal import with_changes
from tournaments.services import journal
from tournaments.services.seating import plan_position, publish_seating


@pytest.fixture
def committed(tournament, registrations):  # noqa: ARG001 - the players to seat
    return commit_draw(tournament=tournament, number=1, by=TESTS)


def test_the_room_seed_cannot_be_entered_before_a_commitment(tournament):
    with pytest.raises(Refused) as refused:
        enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=TESTS)

    assert refused.value.code == "commitment_first"


def test_a_draw_without_its_room_seed_is_refused(tournament, committed):
    with pytest.raises(Refused) as refused:
        plan_position(tournament=tournament, number=1, by=TESTS)

    assert refused.value.code == "room_seed_first"
    committed.refresh_from_db()
    assert not committed.is_drawn


def test_the_room_seed_is_kept_as_digits_and_journalled(tournament, committed):
    enter_room_seed(tournament=tournament, number=1, room_seed=" 42 51 63 ", by=TESTS)

    committed.refresh_from_db()
    entry = JournalEntry.objects.get(tournament=tournament, action="draw.room_seed")
    assert committed.room_seed == "425163"
    assert committed.room_seed_at >= committed.committed_at
    assert entry.after == {"commitment": committed.commitment, "room_seed": "425163"}


@pytest.mark.parametrize("typed", ["", "123", "4251a3", "1" * 41, "١٢٣٤٥"])
def test_a_room_seed_that_is_not_4_to_40_digits_is_refused(tournament, committed, typed):
    with pytest.raises(Refused) as refused:
        enter_room_seed(tournament=tournament, number=1, room_seed=typed, by=TESTS)

    assert refused.value.field == "room_seed"
    committed.refresh_from_db()
    assert committed.room_seed == ""


def test_other_digits_once_the_room_seed_is_entered_are_refused(tournament, committed):
    enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=TESTS)

    with pytest.raises(Refused) as refused:
        enter_room_seed(tournament=tournament, number=1, room_seed="615243", by=TESTS)

    assert refused.value.code == "room_seed_entered"
    committed.refresh_from_db()
    assert committed.room_seed == ROOM_SEED


@pytest.mark.usefixtures("committed")
def test_the_same_room_seed_twice_is_one_entry(tournament):
    enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=TESTS)
    enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=TESTS)

    assert JournalEntry.objects.filter(action="draw.room_seed").count() == 1


@pytest.mark.usefixtures("registrations")
def test_the_seed_is_drawn_from_the_secret_and_the_room_seed(tournament):
    plan_committed(tournament=tournament, number=1, by=TESTS)

    draw = draw_in_force(tournament=tournament, number=1)
    assert draw.generator == GENERATOR_VERSION
    assert draw.seed == seed_of(
        secret=draw.secret,
        input_fingerprint=draw.input_fingerprint,
        position=1,
        version=GENERATOR_VERSION,
        room_seed=ROOM_SEED,
    )


@pytest.mark.usefixtures("registrations")
def test_a_room_seed_changed_in_the_database_after_the_draw_is_named(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)
    Draw.objects.filter(position_number=1).update(room_seed="999999")

    found = verify_draws(tournament=tournament).differences

    assert any("graine de la salle n'est pas celle que le journal a écrite" in f for f in found)


@pytest.mark.usefixtures("registrations")
def test_the_draw_keeps_when_its_seating_was_published(tournament):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)

    draw = draw_in_force(tournament=tournament, number=1)
    assert draw.drawn_at <= draw.seating_published_at <= draw.revealed_at


@pytest.mark.usefixtures("registrations")
def test_a_commitment_made_while_the_tournament_is_unpublished_says_so(tournament):
    tournament.published = False
    tournament.save()

    draw = commit_draw(tournament=tournament, number=1, by=TESTS)

    assert draw.committed_unpublished


def test_a_commitment_made_once_the_tournament_is_public_is_not_marked(tournament, committed):
    assert tournament.published
    assert not committed.committed_unpublished


def test_the_journal_words_the_room_seed_and_the_commitment_in_french(tournament, committed):
    enter_room_seed(tournament=tournament, number=1, room_seed=ROOM_SEED, by=TESTS)

    entry = with_changes(JournalEntry.objects.filter(action="draw.room_seed"))[0]

    # PostgreSQL's JSON keeps its keys in an order of its own: the words, whatever the order.
    assert sorted((change.label, change.after) for change in entry.changes) == [
        ("engagement", committed.commitment),
        ("graine de la salle", ROOM_SEED),
    ]


def test_the_draws_input_gives_each_players_club(tournament, registrations):
    Player.objects.filter(pk=registrations[0].player_id).update(club=" Tarot club de Lyon ")
    plan_committed(tournament=tournament, number=1, by=TESTS)

    draw = draw_in_force(tournament=tournament, number=1)
    clubs = {player["player_id"]: player["club"] for player in draw.input["players"]}
    assert clubs[registrations[0].player_id] == "Tarot club de Lyon"
    assert clubs[registrations[1].player_id] is None
    assert (draw.input["apart"], draw.input["fixed"]) == ([], [])


def test_a_draw_of_version_2_made_before_the_room_seed_still_verifies(tournament, registrations):
    """A draw stored before this version, as the app then made it: no room seed, its seed of
    four parts, its plan by the generator it names."""
    players = draw_players(registrations)
    document = input_document(
        position=1, positions=3, allow_five=False, players=players, history=[],
        version="tarot-seating-2",
    )  # fmt: skip
    secret = "ab" * 32
    seed = seed_of(
        secret=secret, input_fingerprint=fingerprint(document), position=1,
        version="tarot-seating-2",
    )  # fmt: skip
    plan = plan_of(document, seed)[:1]
    by_player = {registration.player_id: registration for registration in registrations}
    seat(tournament, 1, [[by_player[pid] for pid in table] for table in plan[0]])
    now = timezone.now()
    draw = Draw.objects.create(
        tournament=tournament, position_number=1, attempt=1, secret=secret,
        commitment=commitment_of(secret), committed_at=now, generator="tarot-seating-2",
        input=document, input_fingerprint=fingerprint(document), seed=seed, plan=plan,
        plan_fingerprint=fingerprint(plan), drawn_at=now, revealed_at=now,
    )  # fmt: skip
    with transaction.atomic():
        journal.record(
            tournament=tournament, action=journal.Action.DRAW_COMMITTED, by=TESTS,
            subject=draw, after={"commitment": draw.commitment, "reason": ""},
        )  # fmt: skip
    tournament.positions.filter(number=1).update(seating_published_at=now)

    assert verify_draws(tournament=tournament) == Verification(checked=1, differences=[])
