"""The verifiable draw (services.draws, selectors.draws, docs/tirage.md): a commitment fixed
before the draw, the secret revealed once the plan is published, every plan re-derived from
the public data alone."""

import pytest
from django.core.management import call_command

from championships.models import Draw
from championships.selectors.draws import draw_in_force, seated_ids, verify_draws
from championships.services.draws import commit_draw
from common.refusals import Refused
from seating.draw import commitment_of, fingerprint, plan_of, seed_of
from tests.at_the_table import TESTS
from tests.factories import plan_committed, register, seat_ahead_then_change
from tournaments.models import JournalEntry, Seat
from tournaments.services.seating import plan_position, publish_seating, swap_seats


@pytest.fixture
def drawn(tournament, registrations):  # noqa: ARG001 - the players to seat
    commit_draw(tournament=tournament, number=1, by=TESTS)
    return plan_committed(tournament=tournament, number=1, by=TESTS)


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
        plan_committed(tournament=tournament, number=drawn.number, by=TESTS)

    assert refused.value.code == "reason_needed"
    assert Draw.objects.filter(tournament=tournament).count() == 1


@pytest.mark.usefixtures("drawn")
def test_drawing_again_is_draw_number_2_with_its_reason_and_reveals_the_first(tournament):
    commit_draw(tournament=tournament, number=1, by=TESTS, reason="Joueur arrivé en retard.")
    plan_committed(tournament=tournament, number=1, by=TESTS)

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
    assert [(swap["position"], swap["players"], swap["by"]) for swap in draw.swaps] == [
        (1, [first.registration.player_id, second.registration.player_id], "Script : tests")
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
        # As if the journal had published this commitment: the draw follows its journal's.
        each.journal.filter(action=JournalEntry.Action.DRAW_COMMITTED).update(
            after={"commitment": draw.commitment, "reason": ""}
        )
        secret_draws.append(seated_ids(plan_committed(tournament=each, number=1, by=TESTS)))

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
    plan_committed(tournament=tournament, number=2, by=TESTS, reason="Arrivée, retrait.")
    for number in (2, 3):
        publish_seating(position=tournament.positions.get(number=number), by=TESTS)

    draw = draw_in_force(tournament=tournament, number=3)
    assert (draw.position_number, len(draw.plan)) == (2, 2)
    found = verify_draws(tournament=tournament, number=3).differences
    assert found == []


# The commitment shown before the draw (issue 45) ------------------------------------------


def test_nothing_is_drawn_without_a_commitment_fixed_and_shown_first(tournament, registrations):
    with pytest.raises(Refused) as refused:
        plan_position(tournament=tournament, number=1, by=TESTS)

    assert refused.value.code == "commitment_first"
    assert not Draw.objects.filter(tournament=tournament).exists()
    assert not Seat.objects.filter(position__tournament=tournament).exists()
    assert len(registrations) == 8


@pytest.mark.usefixtures("registrations")
def test_a_commitment_other_than_the_journals_is_not_drawn_from(tournament):
    draw = commit_draw(tournament=tournament, number=1, by=TESTS)
    draw.secret = "ef" * 32
    draw.commitment = commitment_of(draw.secret)
    draw.save()

    with pytest.raises(Refused) as refused:
        plan_position(tournament=tournament, number=1, by=TESTS)

    assert refused.value.code == "commitment_changed"
    assert Draw.objects.get(pk=draw.pk).drawn_at is None


def rewritten_whole(draw: Draw) -> Draw:
    """The draw rewritten in the database from a secret of one's choosing: its commitment,
    seed, plan and fingerprints all consistent with each other, as a cheat would write them."""
    draw.secret = "ef" * 32
    draw.commitment = commitment_of(draw.secret)
    draw.seed = seed_of(
        secret=draw.secret,
        input_fingerprint=draw.input_fingerprint,
        position=draw.position_number,
        version=draw.generator,
    )
    draw.plan = plan_of(draw.input, draw.seed)[: len(draw.plan)]
    draw.plan_fingerprint = fingerprint(draw.plan)
    draw.save()
    return draw


def test_a_draw_rewritten_whole_in_the_database_fails_against_the_journal(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)
    journalled = draw_in_force(tournament=tournament, number=1).commitment
    rewritten_whole(draw_in_force(tournament=tournament, number=1))

    found = verify_draws(tournament=tournament).differences

    assert (
        "Position 1, tirage n° 1 : son engagement n'est pas celui que le journal a publié "
        f"avant le tirage ({journalled})."
    ) in found
    assert not any("le secret ne donne pas" in difference for difference in found)


def test_verify_draw_exits_1_for_a_draw_rewritten_whole(tournament, drawn, capsys):
    publish_seating(position=drawn, by=TESTS)
    rewritten_whole(draw_in_force(tournament=tournament, number=1))

    with pytest.raises(SystemExit) as exit_:
        call_command("verify_draw", str(tournament.pk))

    assert exit_.value.code == 1
    assert "que le journal a publié avant le tirage" in capsys.readouterr().err


def test_the_journals_first_commitment_counts_not_a_line_added_later(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)
    draw = rewritten_whole(draw_in_force(tournament=tournament, number=1))
    journal_line = tournament.journal.get(
        action=JournalEntry.Action.DRAW_COMMITTED, subject_id=draw.pk
    )
    journal_line.pk = None
    journal_line.after = {"commitment": draw.commitment, "reason": ""}
    journal_line.save()

    found = verify_draws(tournament=tournament).differences

    assert any("que le journal a publié avant le tirage" in difference for difference in found)


def test_a_draw_whose_commitment_the_journal_never_published_fails(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)
    tournament.journal.filter(action=JournalEntry.Action.DRAW_COMMITTED).delete()

    found = verify_draws(tournament=tournament).differences

    assert (
        "Position 1, tirage n° 1 : le journal ne garde pas l'engagement publié avant ce tirage."
    ) in found


def test_a_commitment_waiting_is_checked_against_the_journal_too(tournament, drawn):
    publish_seating(position=drawn, by=TESTS)  # fixes position 2's commitment
    Draw.objects.filter(tournament=tournament, position_number=2).update(commitment="0" * 64)

    found = verify_draws(tournament=tournament, number=2).differences

    assert any(
        difference.startswith("Position 2, tirage n° 1 : son engagement") for difference in found
    )
