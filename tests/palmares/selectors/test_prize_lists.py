"""The prize list computed from the tournament's ranking through Django (docs/prix.md): the
same arithmetic as ``prizes``, fed by the ranking, the players' records and the table."""

import datetime
import random
from decimal import Decimal

from common.actors import Actor
from palmares.models import Category, PotKind, TieRule
from palmares.selectors.prize_lists import prize_list, prize_table_of, shared_label
from palmares.services.prize_tables import RowSpec, set_prize_table
from tests.at_the_table import TESTS
from tests.palmares.conftest import amounts, describe
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.penalties import add_penalty


def shown(tournament):
    return prize_list(prize_table_of(tournament))


def paid(tournament) -> list[tuple[int, str, int]]:
    return [(line.number, line.label, line.cents) for line in shown(tournament).paid]


def test_the_evening_ranks_as_its_fixture_says(evening):
    ranking = tournament_ranking(evening)

    assert [(p.registration.number, p.rank) for p in ranking.players] == [
        (6, 1), (1, 2), (2, 3), (3, 3), (4, 3), (5, 6), (7, 6), (8, 6),
    ]  # fmt: skip


def test_each_place_goes_to_its_rank(evening):
    amounts(evening, "100", "60")

    assert paid(evening) == [(6, "1re place", 10000), (1, "2e place", 6000)]


def test_ex_aequo_share_the_prizes_of_their_places(evening):
    amounts(evening, "100", "60", "30", "20")

    assert paid(evening)[2:] == [
        (2, "3e et 4e places", 1667),
        (3, "3e et 4e places", 1667),
        (4, "3e et 4e places", 1666),
    ]


def test_the_shares_spell_out_their_arithmetic(evening):
    amounts(evening, "100", "60", "30", "20")

    (share,) = shown(evening).shares

    assert share.prizes == [["3e place", 3000], ["4e place", 2000]]
    assert share.total_cents == 5000
    assert [cents for _name, cents in share.players] == [1667, 1667, 1666]


def penalised_onto_the_third(evening, players, arbitre) -> None:
    """Player 1 (+87) loses 116 points: −29, ex aequo with players 2, 3 and 4, whose only
    bilan is −29 when player 1's best is +87."""
    add_penalty(
        registration=players[1],
        position=evening.positions.get(),
        points=116,
        reason="Retard",
        by=Actor.arbitre(arbitre),
    )


def test_partage_shares_between_every_ex_aequo(evening, players, arbitre):
    penalised_onto_the_third(evening, players, arbitre)
    amounts(evening, "100", "60", "30", "20")

    assert [cents for _n, _label, cents in paid(evening)[1:]] == [2750, 2750, 2750, 2750]


def test_the_tie_break_puts_the_best_position_first(evening, players, arbitre):
    penalised_onto_the_third(evening, players, arbitre)
    amounts(evening, "100", "60", "30", "20", ties=TieRule.BEST_POSITION)

    assert paid(evening)[1:] == [
        (1, "2e place", 6000),
        (2, "3e et 4e places", 1667),
        (3, "3e et 4e places", 1667),
        (4, "3e et 4e places", 1666),
    ]


def test_the_first_lady_is_the_best_ranked_player_of_sex_f(evening, players):
    describe(players[3], sex="F")
    describe(players[7], sex="F")
    set_prize_table(
        tournament=evening,
        pot_kind=PotKind.AMOUNTS,
        rows=[
            RowSpec(Category.SCRATCH, Decimal("100")),
            RowSpec(Category.LADIES, Decimal("20")),
            RowSpec(Category.LADIES, Decimal("10")),
        ],
        by=TESTS,
    )

    assert paid(evening) == [(6, "1re place", 10000), (3, "1re dame", 2000), (7, "2e dame", 1000)]


def test_a_junior_and_a_player_under_18_by_birth_are_young(evening, players):
    describe(players[4], categorie="Junior")
    describe(players[8], born_on=evening.date - datetime.timedelta(days=365 * 17))
    describe(players[2], categorie="Senior", born_on=evening.date - datetime.timedelta(days=3650))
    rows = [RowSpec(Category.YOUNG, Decimal("20")), RowSpec(Category.YOUNG, Decimal("10"))]
    set_prize_table(tournament=evening, pot_kind=PotKind.AMOUNTS, rows=rows, by=TESTS)

    assert paid(evening) == [(4, "1er jeune", 2000), (8, "2e jeune", 1000)]


def test_a_series_prize_goes_to_the_best_of_that_series(evening, players):
    describe(players[2], serie="2 T")
    describe(players[5], serie="2t")
    rows = [RowSpec(Category.SERIE, Decimal("15"), serie="2T")]
    set_prize_table(tournament=evening, pot_kind=PotKind.AMOUNTS, rows=rows, by=TESTS)

    assert paid(evening) == [(2, "1er de la série 2T", 1500)]


def test_a_prize_nobody_can_receive_is_said_unawarded(evening):
    rows = [RowSpec(Category.SCRATCH, Decimal("50")), RowSpec(Category.LADIES, Decimal("20"))]
    set_prize_table(tournament=evening, pot_kind=PotKind.AMOUNTS, rows=rows, by=TESTS)

    assert [row.label for row in shown(evening).unawarded] == ["1re dame"]
    assert shown(evening).left_cents == 2000


def test_a_pot_of_takings_counts_the_players_checked_in(evening):
    set_prize_table(
        tournament=evening,
        pot_kind=PotKind.TAKINGS,
        fee=Decimal("15"),
        percent=Decimal("70"),
        rows=[RowSpec(Category.SCRATCH, Decimal("60")), RowSpec(Category.SCRATCH, Decimal("40"))],
        by=TESTS,
    )

    listed = shown(evening)

    assert (listed.entries, listed.takings_cents, listed.pot_cents) == (8, 12000, 8400)
    assert listed.kept_cents == 3600
    assert [row.cents for row in listed.rows] == [5040, 3360]


def test_what_is_paid_and_unawarded_makes_the_pot_to_the_cent(evening, players):
    """Random tables of shares over the evening's ties and categories: never a cent astray."""
    rng = random.Random(44)
    for number in (2, 5, 7):
        describe(players[number], sex="F")
    describe(players[8], categorie="Cadet")
    for _ in range(40):
        categories = [Category.SCRATCH, Category.SCRATCH, Category.LADIES, Category.YOUNG]
        rows = [
            RowSpec(rng.choice(categories), Decimal(rng.randint(1, 1200)) / 100)
            for _ in range(rng.randint(1, 9))
        ]
        set_prize_table(
            tournament=evening,
            pot_kind=PotKind.TAKINGS,
            fee=Decimal(rng.randint(100, 3000)) / 100,
            percent=Decimal(rng.randint(1, 10000)) / 100,
            rows=rows,
            ties=rng.choice(TieRule.values),
            one_prize_each=rng.random() < 0.7,
            by=TESTS,
        )

        listed = shown(evening)

        assert listed.paid_cents + listed.unawarded_cents + listed.unallotted_cents == (
            listed.pot_cents
        )
        assert listed.rows_cents + listed.unallotted_cents == listed.pot_cents


def test_places_in_a_row_shared_read_as_a_club_says_them():
    assert shared_label("2e place et 3e place") == "2e et 3e places"
    assert shared_label("1re place et 2e place et 3e place") == "de la 1re à la 3e place"
    assert shared_label("1re dame et 2e dame") == "1re dame et 2e dame"
