"""Every write to a prize table: set, refused in French (nothing saved), locked once the
ranking is final, unlocked with a reason; each journalled."""

from decimal import Decimal

import pytest

from common.actors import Actor
from common.refusals import Refused
from palmares.models import Category, PotKind, PrizeAction, PrizeJournalEntry, PrizeTable
from palmares.selectors.prize_lists import prize_list
from palmares.services.prize_tables import (
    RowSpec,
    lock_prize_list,
    set_prize_table,
    unlock_prize_list,
)
from tests.at_the_table import TESTS
from tests.factories import club_tournament
from tests.palmares.conftest import amounts
from tournaments.services.penalties import add_penalty


def actions(tournament) -> list[str]:
    return list(
        PrizeJournalEntry.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("action", flat=True)
    )


def test_setting_the_table_is_journalled_with_its_rows_in_words(evening):
    amounts(evening, "100", "60.50")

    entry = PrizeJournalEntry.objects.get(tournament=evening)
    assert entry.action == PrizeAction.TABLE_SET
    assert entry.after["rows"] == ["1re place : 100.00 €", "2e place : 60.50 €"]


def test_setting_it_again_replaces_the_rows(evening):
    amounts(evening, "100", "60")
    amounts(evening, "80")

    assert list(PrizeTable.objects.get().rows.values_list("amount", flat=True)) == [Decimal("80")]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("-5", "de 0 à 999 999,99 €"),
        ("1000000", "de 0 à 999 999,99 €"),
        ("12.345", "au centime près"),
    ],
)
def test_an_amount_out_of_bounds_is_refused_in_french(evening, value, words):
    with pytest.raises(Refused, match=words):
        amounts(evening, "100", value)

    assert not PrizeTable.objects.exists()


def test_shares_over_100_percent_are_refused(evening):
    rows = [RowSpec(Category.SCRATCH, Decimal("60")), RowSpec(Category.SCRATCH, Decimal("50"))]

    with pytest.raises(Refused, match="font 110 %"):
        set_prize_table(
            tournament=evening,
            pot_kind=PotKind.TAKINGS,
            fee=Decimal("10"),
            percent=Decimal("70"),
            rows=rows,
            by=TESTS,
        )


def test_a_pot_of_takings_needs_its_fee(evening):
    with pytest.raises(Refused, match="droit d'inscription"):
        set_prize_table(
            tournament=evening,
            pot_kind=PotKind.TAKINGS,
            percent=Decimal("70"),
            rows=[RowSpec(Category.SCRATCH, Decimal("100"))],
            by=TESTS,
        )


def test_a_series_prize_names_its_series(evening):
    with pytest.raises(Refused, match="dit sa série"):
        set_prize_table(
            tournament=evening,
            pot_kind=PotKind.AMOUNTS,
            rows=[RowSpec(Category.SERIE, Decimal("10"), serie="  ")],
            by=TESTS,
        )


def test_a_table_without_rows_is_refused(evening):
    with pytest.raises(Refused, match="aucun prix"):
        set_prize_table(tournament=evening, pot_kind=PotKind.AMOUNTS, rows=[], by=TESTS)


def test_locking_keeps_the_list_as_it_was(evening, players, arbitre):
    amounts(evening, "100", "60")
    lock_prize_list(tournament=evening, by=Actor.arbitre(arbitre))
    # The winner loses 300 points after the lock: the ranking moves, the list does not.
    add_penalty(
        registration=players[6],
        position=evening.positions.get(),
        points=300,
        reason="Faute",
        by=Actor.arbitre(arbitre),
    )

    listed = prize_list(PrizeTable.objects.get())

    assert listed.locked
    assert [(line.number, line.cents) for line in listed.paid] == [(6, 10000), (1, 6000)]
    assert actions(evening) == [PrizeAction.TABLE_SET, PrizeAction.LIST_LOCKED]


def test_a_locked_table_cannot_be_changed(evening, arbitre):
    amounts(evening, "100")
    lock_prize_list(tournament=evening, by=Actor.arbitre(arbitre))

    with pytest.raises(Refused, match="rouvrez-le"):
        amounts(evening, "200")


def test_locking_waits_for_the_final_ranking(arbitre):
    tournament = club_tournament(arbitre)
    amounts(tournament, "100")

    with pytest.raises(Refused, match="pas encore définitif"):
        lock_prize_list(tournament=tournament, by=Actor.arbitre(arbitre))


def test_unlocking_needs_a_reason(evening, arbitre):
    amounts(evening, "100")
    lock_prize_list(tournament=evening, by=Actor.arbitre(arbitre))

    with pytest.raises(Refused, match="Dites pourquoi"):
        unlock_prize_list(tournament=evening, reason=" \t", by=Actor.arbitre(arbitre))


def test_unlocking_is_journalled_with_its_reason_and_follows_the_ranking_again(
    evening, players, arbitre
):
    amounts(evening, "100", "60")
    lock_prize_list(tournament=evening, by=Actor.arbitre(arbitre))
    add_penalty(
        registration=players[6],
        position=evening.positions.get(),
        points=300,
        reason="Faute",
        by=Actor.arbitre(arbitre),
    )

    unlock_prize_list(tournament=evening, reason="Pénalité oubliée", by=Actor.arbitre(arbitre))

    entry = PrizeJournalEntry.objects.order_by("pk").last()
    assert (entry.action, entry.after) == (
        PrizeAction.LIST_UNLOCKED,
        {"reason": "Pénalité oubliée"},
    )
    assert prize_list(PrizeTable.objects.get()).paid[0].number == 1
