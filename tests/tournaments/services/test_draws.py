"""The verifiable draw (services.draws, selectors.draws, docs/tirage.md): a commitment fixed
before the draw, the secret revealed once the plan is published, every plan re-derived from
the public data alone."""

import pytest
from django.core.management import call_command

from common.refusals import Refused
from seating.draw import commitment_of
from tests.at_the_table import TESTS
from tests.factories import register, seat_ahead_then_change
from tournaments.models import Draw, JournalEntry, Seat
from tournaments.selectors.draws import draw_in_force, seated_ids, verify_draws
from tournaments.services.draws import commit_draw
from tournaments.services.seating import plan_position, publish_seating, swap_seats


@pytest.fixture
def drawn(tournament, registrations):  # noqa: ARG001 - the players to seat
    commit_draw(tournament=tournament, number=1, by=TESTS)
    return plan_position(tournament=tournament, number=1, by=TESTS)


def test_a_draw_uses_the_commitment_fixed_before_it(tournament, drawn):
    draw = draw_in_force(tournament=tournament, number=drawn.number)

    assert draw.attempt == 1
    assert draw.commitment == commitment_of(draw.secret)
    assert draw.committed_at < draw.drawn_at


def test_the_secret_stays_hidden_until_the_plan_is_published(tournament, drawn):
    draw = draw_in_force(tournament=tournament, number=1)
    assert not draw.is_revealed

    publish_seating(position=drawn, by=TESTS)

    draw.refresh_from_db()
    assert draw.is_revealed


def test_publishing_fixes_the_next_positions_commitment(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)

    waiting = Draw.objects.get(tournament=tournament, position_number=2)
    assert waiting.drawn_at is None and waiting.attempt == 1


@pytest.mark.usefixtures("drawn")
def test_the_draw_is_journalled_with_its_seeds_inputs_and_plans_fingerprint(tournament):
    draw = draw_in_force(tournament=tournament, number=1)

    entry = JournalEntry.objects.get(tournament=tournament, action="seating.planned")

    assert entry.after["seed"] == draw.seed
    assert entry.after["input_fingerprint"] == draw.input_fingerprint
    assert entry.after["plan_fingerprint"] == draw.plan_fingerprint
    assert entry.after["commitment"] == draw.commitment


def test_drawing_again_without_a_reason_is_refused(tournament, drawn):
    with pytest.raises(Refused) as refused:
        plan_position(tournament=tournament, number=drawn.number, by=TESTS)

    assert refused.value.code == "reason_needed"
    assert Draw.objects.filter(tournament=tournament).count() == 1


@pytest.mark.usefixtures("drawn")
def test_drawing_again_is_draw_number_2_with_its_reason_and_reveals_the_first(tournament):
    commit_draw(tournament=tournament, number=1, by=TESTS, reason="Joueur arrivé en retard.")
    plan_position(tournament=tournament, number=1, by=TESTS)

    first, second = Draw.objects.filter(tournament=tournament).order_by("attempt")
    assert (second.attempt, second.reason) == (2, "Joueur arrivé en retard.")
    assert first.is_revealed and second.commitment != first.commitment
    assert draw_in_force(tournament=tournament, number=1) == second


def test_fixing_a_commitment_twice_keeps_one(tournament):
    first = commit_draw(tournament=tournament, number=1, by=TESTS)

    assert commit_draw(tournament=tournament, number=1, by=TESTS) == first


def test_a_published_draw_is_verified_from_its_public_data(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)

    result = verify_draws(tournament=tournament)

    assert (result.checked, result.differences) == (1, [])


def test_a_hand_swap_is_kept_on_the_draw_and_still_verifies(tournament, drawn):
    first, second = drawn.seats.filter(table__number=1)[0], drawn.seats.filter(table__number=2)[0]
    swap_seats(position=drawn, first=first, second=second, by=TESTS)
    publish_seating(position=drawn, by=TESTS)

    draw = draw_in_force(tournament=tournament, number=1)
    assert draw.swaps == [
        {
            "position": 1,
            "players": [first.registration.player_id, second.registration.player_id],
        }
    ]
    assert verify_draws(tournament=tournament).differences == []


def test_a_seating_changed_outside_the_draw_is_named(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)
    north, east = Seat.objects.filter(position=drawn, table__number=1).order_by("place")[:2]
    Seat.objects.filter(pk__in=[north.pk, east.pk]).delete()
    Seat.objects.create(
        position=drawn, table=north.table, place=north.place, registration=east.registration
    )
    Seat.objects.create(
        position=drawn, table=east.table, place=east.place, registration=north.registration
    )

    assert verify_draws(tournament=tournament).differences == [
        "Position 1 : le placement publié n'est pas celui du tirage n° 1 et des échanges publiés."
    ]


def test_a_plan_tampered_with_after_the_draw_is_named(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)
    draw = draw_in_force(tournament=tournament, number=1)
    draw.secret = "ab" * 32
    draw.save()

    found = verify_draws(tournament=tournament).differences

    assert "Position 1, tirage n° 1 : le secret ne donne pas l'engagement publié." in found


def test_the_draw_follows_the_players_licences_not_their_keys(tournament, arbitre):
    """Two tournaments of the same players, registered in opposite orders, draw the same plan
    from the same secret: the generator sees the players in licence order."""
    from tests.factories import club_tournament

    players = register(tournament, 8)
    other = club_tournament(arbitre, name="Le même, à l'envers")
    for number, registration in enumerate(reversed(players), start=1):
        other.registrations.create(player=registration.player, number=number, checked_in=True)
    secret_draws = []
    for each in (tournament, other):
        draw = commit_draw(tournament=each, number=1, by=TESTS)
        draw.secret = "cd" * 32
        draw.commitment = commitment_of(draw.secret + str(each.pk))  # unique per tournament
        draw.save()
        secret_draws.append(seated_ids(plan_position(tournament=each, number=1, by=TESTS)))

    assert secret_draws[0] == secret_draws[1]


def test_verify_draw_exits_1_naming_the_difference(tournament, drawn, capsys):
    publish_seating(position=drawn, by=TESTS)
    Draw.objects.filter(tournament=tournament).update(plan_fingerprint="0" * 64)

    with pytest.raises(SystemExit) as exit_:
        call_command("verify_draw", str(tournament.pk))

    assert exit_.value.code == 1
    assert "le placement publié ne donne pas son empreinte" in capsys.readouterr().err


def test_verify_draw_says_every_plan_matches(tournament, drawn, capsys):
    publish_seating(position=drawn, by=TESTS)

    call_command("verify_draw", str(tournament.pk), "1")

    assert "1 tirage(s) vérifié(s)" in capsys.readouterr().out


def test_positions_seated_ahead_are_covered_by_the_draw_that_seated_them(tournament):
    tournament.positions_count = 3
    tournament.save()
    seat_ahead_then_change(tournament)
    plan_position(tournament=tournament, number=2, by=TESTS, reason="Arrivée, retrait.")
    for number in (2, 3):
        publish_seating(position=tournament.positions.get(number=number), by=TESTS)

    draw = draw_in_force(tournament=tournament, number=3)
    assert (draw.position_number, len(draw.plan)) == (2, 2)
    found = verify_draws(tournament=tournament, number=3).differences
    assert found == []
