"""The arbitre's seating wishes (issue 44): pairs kept apart and fixed tables, named with a
reason, journalled, held by every seating and published in the draw's input."""

import pytest
from django.db import transaction
from django.utils import timezone

from championships.models import Draw
from championships.selectors.draws import (
    Verification,
    draw_in_force,
    draw_players,
    pairs_made_by_swaps,
    verify_draws,
)
from common.refusals import Refused
from seating.draw import (
    commitment_of,
    fingerprint,
    input_document,
    plan_of,
    seed_of,
)
from seating.verify import verdicts
from tests.at_the_table import TESTS
from tests.factories import club_tournament, plan_committed, register, seat
from tournaments.models import ApartPair, FixedTable, JournalEntry, Registration
from tournaments.selectors.journal import with_changes
from tournaments.selectors.seating_wishes import unmet_wishes
from tournaments.services import journal
from tournaments.services.seating import publish_seating, swap_seats
from tournaments.services.seating_wishes import (
    fix_table,
    free_table,
    keep_apart,
    stop_keeping_apart,
)


@pytest.fixture
def sixteen(tournament):
    tournament.positions_count = 4
    tournament.save()
    return register(tournament, 16)


def seat_every_position(tournament):
    positions = []
    for number in range(1, tournament.positions_count + 1):
        position = plan_committed(tournament=tournament, number=number, by=TESTS)
        publish_seating(position=position, by=TESTS)
        positions.append(position)
    return positions


def table_of(position, registration) -> int:
    return position.seats.get(registration=registration).table.number


# Naming them ---------------------------------------------------------------------------------


def test_a_pair_kept_apart_is_journalled_with_its_reason(tournament, sixteen):
    pair = keep_apart(
        tournament=tournament, first=sixteen[3], second=sixteen[1], reason="Même famille", by=TESTS
    )

    entry = JournalEntry.objects.get(tournament=tournament, action="seating.apart_kept")
    assert (pair.first, pair.second) == (sixteen[1], sixteen[3])
    assert entry.after["reason"] == "Même famille"


def test_a_player_is_not_kept_apart_from_themselves(tournament, sixteen):
    with pytest.raises(Refused) as refused:
        keep_apart(tournament=tournament, first=sixteen[0], second=sixteen[0], reason="x", by=TESTS)

    assert refused.value.message == "Choisissez deux joueurs différents."


def test_the_same_pair_named_again_the_other_way_round_is_refused(tournament, sixteen):
    keep_apart(tournament=tournament, first=sixteen[0], second=sixteen[1], reason="x", by=TESTS)

    with pytest.raises(Refused) as refused:
        keep_apart(tournament=tournament, first=sixteen[1], second=sixteen[0], reason="y", by=TESTS)

    assert refused.value.message == "Ces deux joueurs sont déjà tenus à l'écart."
    assert ApartPair.objects.count() == 1


def test_another_tournaments_player_is_not_kept_apart(tournament, sixteen, arbitre):
    other = club_tournament(arbitre, name="Autre tournoi")
    stranger = Registration.objects.create(tournament=other, player=sixteen[0].player, number=1)

    with pytest.raises(Refused) as refused:
        keep_apart(tournament=tournament, first=sixteen[0], second=stranger, reason="x", by=TESTS)

    assert refused.value.code == "other_tournament"


@pytest.mark.parametrize("reason", ["", "   ", "x" * 1000])
def test_a_pair_is_kept_apart_only_with_a_reason_that_fits(tournament, sixteen, reason):
    with pytest.raises(Refused) as refused:
        keep_apart(
            tournament=tournament, first=sixteen[0], second=sixteen[1], reason=reason, by=TESTS
        )

    assert refused.value.field == "reason"
    assert not ApartPair.objects.exists()


def test_a_pair_no_longer_kept_apart_is_journalled_and_gone(tournament, sixteen):
    pair = keep_apart(
        tournament=tournament, first=sixteen[0], second=sixteen[1], reason="x", by=TESTS
    )

    stop_keeping_apart(pair=pair, by=TESTS)

    assert not ApartPair.objects.exists()
    assert JournalEntry.objects.filter(action="seating.apart_stopped").count() == 1


def test_a_fixed_table_past_the_tables_the_registered_players_make_is_refused(sixteen):
    with pytest.raises(Refused) as refused:
        fix_table(registration=sixteen[0], table=5, reason="Fauteuil", by=TESTS)

    assert refused.value.code == "table_past_tables"
    assert "4 tables au plus" in refused.value.message


def test_two_players_never_share_a_fixed_table(sixteen):
    fix_table(registration=sixteen[0], table=1, reason="Fauteuil", by=TESTS)

    with pytest.raises(Refused) as refused:
        fix_table(registration=sixteen[1], table=1, reason="Béquilles", by=TESTS)

    assert refused.value.code == "table_taken"
    assert "JOUEUR1 Prénom (n° 1)" in refused.value.message


def test_a_players_fixed_table_named_again_replaces_it(sixteen):
    fix_table(registration=sixteen[0], table=1, reason="Fauteuil", by=TESTS)
    fix_table(registration=sixteen[0], table=2, reason="Près de la porte", by=TESTS)

    fixed = FixedTable.objects.get()
    assert (fixed.table, fixed.reason) == (2, "Près de la porte")
    assert JournalEntry.objects.filter(action="seating.table_fixed").count() == 2


def test_a_freed_table_is_journalled_and_gone(sixteen):
    fixed = fix_table(registration=sixteen[0], table=1, reason="Fauteuil", by=TESTS)

    free_table(fixed=fixed, by=TESTS)

    assert not FixedTable.objects.exists()
    assert JournalEntry.objects.filter(action="seating.table_freed").count() == 1


# Seating with them ---------------------------------------------------------------------------


def test_a_pair_kept_apart_never_shares_a_table_over_the_positions(tournament, sixteen):
    pairs = [(sixteen[0], sixteen[1]), (sixteen[2], sixteen[9]), (sixteen[4], sixteen[15])]
    for first, second in pairs:
        keep_apart(tournament=tournament, first=first, second=second, reason="x", by=TESTS)

    for position in seat_every_position(tournament):
        for first, second in pairs:
            assert table_of(position, first) != table_of(position, second)


def test_a_fixed_player_sits_at_their_table_at_every_position(tournament, sixteen):
    fix_table(registration=sixteen[5], table=1, reason="Fauteuil", by=TESTS)
    fix_table(registration=sixteen[11], table=3, reason="Près de la porte", by=TESTS)

    for position in seat_every_position(tournament):
        assert table_of(position, sixteen[5]) == 1
        assert table_of(position, sixteen[11]) == 3


def test_a_fixed_table_the_present_players_do_not_make_is_refused_naming_the_player(
    tournament, sixteen
):
    fix_table(registration=sixteen[0], table=4, reason="Fauteuil", by=TESTS)
    sixteen[15].checked_in = False
    sixteen[15].save()
    sixteen[14].checked_in = False
    sixteen[14].save()
    sixteen[13].checked_in = False
    sixteen[13].save()
    sixteen[12].checked_in = False
    sixteen[12].save()

    with pytest.raises(Refused) as refused:
        plan_committed(tournament=tournament, number=1, by=TESTS)

    assert refused.value.code == "fixed_past_tables"
    assert "JOUEUR1 Prénom (n° 1)" in refused.value.message
    assert "ne font que 3 tables" in refused.value.message


# The draw ------------------------------------------------------------------------------------


def test_the_draws_input_lists_the_pairs_and_fixed_tables_by_player_id(tournament, sixteen):
    keep_apart(tournament=tournament, first=sixteen[2], second=sixteen[7], reason="x", by=TESTS)
    fix_table(registration=sixteen[4], table=2, reason="Fauteuil", by=TESTS)

    plan_committed(tournament=tournament, number=1, by=TESTS)

    draw = draw_in_force(tournament=tournament, number=1)
    assert draw.input["apart"] == [sorted([sixteen[2].player_id, sixteen[7].player_id])]
    assert draw.input["fixed"] == [[sixteen[4].player_id, 2]]


def test_a_draw_with_wishes_verifies_from_its_published_json(client, tournament, sixteen):
    keep_apart(tournament=tournament, first=sixteen[2], second=sixteen[7], reason="x", by=TESTS)
    fix_table(registration=sixteen[4], table=2, reason="Fauteuil", by=TESTS)
    seat_every_position(tournament)

    document = client.get(f"/tournois/{tournament.pk}/tirages.json").json()

    assert verify_draws(tournament=tournament) == Verification(checked=4, differences=[])
    assert [draw["input"]["fixed"] for draw in document["draws"]] == [
        [[sixteen[4].player_id, 2]]
    ] * 4
    assert [(verdict.checked, verdict.found) for verdict in verdicts(document)] == [(True, [])] * 4


def test_a_draw_made_before_the_wishes_still_verifies(tournament, sixteen):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    publish_seating(position=position, by=TESTS)

    keep_apart(tournament=tournament, first=sixteen[2], second=sixteen[7], reason="x", by=TESTS)
    fix_table(registration=sixteen[4], table=2, reason="Fauteuil", by=TESTS)

    assert draw_in_force(tournament=tournament, number=1).input["apart"] == []
    assert verify_draws(tournament=tournament) == Verification(checked=1, differences=[])


@pytest.mark.parametrize("version", ["tarot-seating-1", "tarot-seating-2"])
def test_a_draw_of_an_older_version_still_verifies_once_wishes_are_named(
    tournament, sixteen, version
):
    document = input_document(
        position=1, positions=4, allow_five=False, players=draw_players(sixteen), history=[],
        version=version,
    )  # fmt: skip
    secret = "cd" * 32
    seed = seed_of(
        secret=secret, input_fingerprint=fingerprint(document), position=1, version=version
    )
    plan = plan_of(document, seed)[:1]
    by_player = {registration.player_id: registration for registration in sixteen}
    seat(tournament, 1, [[by_player[pid] for pid in table] for table in plan[0]])
    now = timezone.now()
    draw = Draw.objects.create(
        tournament=tournament, position_number=1, attempt=1, secret=secret,
        commitment=commitment_of(secret), committed_at=now, generator=version,
        input=document, input_fingerprint=fingerprint(document), seed=seed, plan=plan,
        plan_fingerprint=fingerprint(plan), drawn_at=now, revealed_at=now,
    )  # fmt: skip
    with transaction.atomic():
        journal.record(
            tournament=tournament, action=journal.Action.DRAW_COMMITTED, by=TESTS,
            subject=draw, after={"commitment": draw.commitment, "reason": ""},
        )  # fmt: skip
    tournament.positions.filter(number=1).update(seating_published_at=now)
    keep_apart(tournament=tournament, first=sixteen[2], second=sixteen[7], reason="x", by=TESTS)
    fix_table(registration=sixteen[4], table=2, reason="Fauteuil", by=TESTS)

    assert "apart" not in document
    assert verify_draws(tournament=tournament) == Verification(checked=1, differences=[])


# The report ----------------------------------------------------------------------------------


def test_the_report_says_a_hand_swap_seated_a_pair_kept_apart_together(tournament, sixteen):
    keep_apart(tournament=tournament, first=sixteen[0], second=sixteen[1], reason="x", by=TESTS)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    second_table = position.seats.get(registration=sixteen[1]).table
    beside = position.seats.filter(table=position.seats.get(registration=sixteen[0]).table).exclude(
        registration=sixteen[0]
    )[0]
    moving = position.seats.get(registration=sixteen[1])
    swap_seats(position=position, first=beside, second=moving, by=TESTS, reason="Choix")
    draw = draw_in_force(tournament=tournament, number=1)
    draw.refresh_from_db()

    lines = unmet_wishes(
        position=position,
        swapped=pairs_made_by_swaps(tournament=tournament, upto=1),
        drawn_at=draw.drawn_at,
    )

    assert second_table.number != table_of(position, sixteen[1])
    assert lines == [
        "JOUEUR1 Prénom (n° 1) et JOUEUR2 Prénom (n° 2), à tenir à l'écart, jouent ensemble "
        f"à la table {table_of(position, sixteen[0])} : un échange à la main les a réunis."
    ]


def test_the_report_says_a_fixed_table_named_after_the_draw_needs_a_new_draw(tournament, sixteen):
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    table = table_of(position, sixteen[0])
    wanted = 1 if table != 1 else 2
    fix_table(registration=sixteen[0], table=wanted, reason="Fauteuil", by=TESTS)
    draw = draw_in_force(tournament=tournament, number=1)

    lines = unmet_wishes(position=position, swapped=set(), drawn_at=draw.drawn_at)

    assert lines == [
        f"JOUEUR1 Prénom (n° 1), table fixe {wanted}, joue à la table {table} : contrainte "
        "demandée après le tirage de cette position : elle vaut pour les placements tirés "
        "ensuite."
    ]


def test_the_journal_says_a_fixed_table_in_words(sixteen):
    fix_table(registration=sixteen[0], table=2, reason="Fauteuil", by=TESTS)

    entry = with_changes(JournalEntry.objects.filter(action="seating.table_fixed"))[0]

    # PostgreSQL's JSON keeps its keys in an order of its own: the words, whatever the order.
    assert sorted((change.label, change.after) for change in entry.changes) == [
        ("motif", "Fauteuil"),
        ("table fixe", "2"),
    ]


def test_the_report_says_a_fixed_table_the_position_does_not_have(tournament, sixteen):
    for registration in sixteen[12:]:
        registration.checked_in = False
        registration.save()
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    fix_table(registration=sixteen[0], table=4, reason="Fauteuil", by=TESTS)

    lines = unmet_wishes(position=position, swapped=set(), drawn_at=None)

    assert lines == [
        f"JOUEUR1 Prénom (n° 1), table fixe 4, joue à la table {table_of(position, sixteen[0])} : "
        "la position ne compte que 3 tables."
    ]


def test_the_report_says_a_hand_swap_moved_a_fixed_player(tournament, sixteen):
    fix_table(registration=sixteen[0], table=1, reason="Fauteuil", by=TESTS)
    position = plan_committed(tournament=tournament, number=1, by=TESTS)
    fixed_seat = position.seats.get(registration=sixteen[0])
    other = position.seats.filter(table__number=2)[0]
    swap_seats(position=position, first=fixed_seat, second=other, by=TESTS, reason="Choix")
    draw = draw_in_force(tournament=tournament, number=1)

    lines = unmet_wishes(
        position=position,
        swapped=pairs_made_by_swaps(tournament=tournament, upto=1),
        drawn_at=draw.drawn_at,
    )

    assert lines == [
        "JOUEUR1 Prénom (n° 1), table fixe 1, joue à la table 2 : un échange à la main l'a déplacé."
    ]
