"""Properties of the marque over every valid deal (docs/scoring.md §One deal), with Hypothesis.

The strategy below builds valid deals from the rules as docs/scoring.md states them, written out
again here rather than read from ``scoring.rules``, so that a wrong table there shows up.
"""

import dataclasses
from decimal import Decimal

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.rules import Deal, InvalidDeal, Poignee, points_bounds, score_deal
from scoring.sheet import seat_marques, sheet_totals

TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}
MULTIPLIERS = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
POIGNEE_PRIMES = {"simple": 20, "double": 30, "triple": 40}
POIGNEE_TRUMPS = {
    3: {"simple": 13, "double": 15, "triple": 18},
    4: {"simple": 10, "double": 13, "triple": 15},
    5: {"simple": 8, "double": 10, "triple": 13},
}
SEATS = {3: ("N", "E", "S"), 4: ("N", "E", "S", "O"), 5: ("N", "E", "S", "O", "C")}

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


def as_points(half_points):
    return half_points // 2 if half_points % 2 == 0 else Decimal(half_points) / 2


def possible_poignees(players, attackers):
    """No poignée, one, or two that a player each can show: at most one a player, 22 trumps."""
    shown = [(camp, size) for camp in ("attack", "defense") for size in POIGNEE_PRIMES]
    pairs = [
        (first, second)
        for first in shown
        for second in shown
        if [first[0], second[0]].count("attack") <= attackers
        and POIGNEE_TRUMPS[players][first[1]] + POIGNEE_TRUMPS[players][second[1]] <= 22
    ]
    choices = [st.just(()), st.sampled_from([(one,) for one in shown])]
    if pairs:
        choices.append(st.sampled_from(pairs))
    return st.one_of(choices).map(
        lambda poignees: tuple(Poignee(camp, size) for camp, size in poignees)
    )


@st.composite
def valid_deals(draw, players=None):
    players = draw(st.sampled_from([3, 4, 5])) if players is None else players
    partner = draw(st.booleans()) if players == 5 else False
    contract = draw(st.sampled_from(list(MULTIPLIERS)))
    bouts = draw(st.integers(0, 3))
    chelem = draw(
        st.sampled_from(
            [None, None, "announced_made", "unannounced_made", "announced_failed", "defense"]
        )
    )

    # In half points; an attack chelem wins the contract, a defence chelem loses it. Outside a
    # garde contre (whose chien is the defence's), an attack chelem holds every card but,
    # perhaps, the Excuse: 91 points with 3 bouts, 87 with 2.
    lowest, highest = 0, 182
    if chelem in ("announced_made", "unannounced_made") and contract != "garde_contre":
        bouts = draw(st.sampled_from([2, 3]))
        lowest = highest = {3: 182, 2: 174}[bouts]
    elif chelem in ("announced_made", "unannounced_made"):
        lowest = 2 * TARGETS[bouts]
    elif chelem == "defense":
        highest = 2 * TARGETS[bouts] - 1
    bounds = points_bounds(players, bouts)
    lowest, highest = max(lowest, bounds.lowest), min(highest, bounds.highest)
    half_points = draw(st.integers(lowest, highest))
    if players == 4:
        half_points -= half_points % 2

    # A chelem leaves the last trick, and so the petit au bout, to the camp that made it.
    camps = [None]
    if chelem != "defense":
        camps.append("attack")
    if chelem not in ("announced_made", "unannounced_made"):
        camps.append("defense")
    petit_au_bout = draw(st.sampled_from(camps))

    shown = draw(possible_poignees(players, attackers=2 if partner else 1))

    return Deal(
        players=players,
        contract=contract,
        points=as_points(half_points),
        bouts=bouts,
        petit_au_bout=petit_au_bout,
        poignees=shown,
        chelem=chelem,
        partner=partner,
    )


@st.composite
def seated_deals(draw, table_size=None):
    """A valid deal and a seating for it, with a mort now and then at a table of 5."""
    table_size = draw(st.sampled_from([3, 4, 5])) if table_size is None else table_size
    seats = SEATS[table_size]
    with_mort = table_size == 5 and draw(st.booleans())
    deal = draw(valid_deals(players=4 if with_mort else table_size))
    sitting_out = draw(st.sampled_from(seats)) if with_mort else None
    playing = [seat for seat in seats if seat != sitting_out]
    taker = draw(st.sampled_from(playing))
    partner = None
    if deal.partner:
        partner = draw(st.sampled_from([seat for seat in playing if seat != taker]))
    seating = {"seats": seats, "taker": taker, "partner": partner, "sitting_out": sitting_out}
    return deal, seating


@st.composite
def scored_sheets(draw):
    """A table's seats and the seat marques of a few deals played at it."""
    table_size = draw(st.sampled_from([3, 4, 5]))
    seated = draw(st.lists(seated_deals(table_size), max_size=8))
    return SEATS[table_size], [seat_marques(deal, **seating) for deal, seating in seated]


def sign(number):
    return (number > 0) - (number < 0)


@PROPERTY_SETTINGS
@given(seated_deals())
def test_seat_marques_always_sum_to_zero(seated):
    deal, seating = seated

    assert sum(seat_marques(deal, **seating).values()) == 0


@PROPERTY_SETTINGS
@given(valid_deals())
def test_attack_and_defence_marques_sum_to_zero(deal):
    marque = score_deal(deal)
    defenders = deal.players - (2 if deal.partner else 1)

    assert marque.attack + defenders * marque.defender == 0


@PROPERTY_SETTINGS
@given(valid_deals(), st.integers(1, 40))
def test_more_points_never_lower_the_attack_marque(deal, more_half_points):
    step = 2 if deal.players == 4 else 1
    more = int(deal.points * 2) + step * more_half_points
    assume(more <= 182)
    try:
        better = dataclasses.replace(deal, points=as_points(more))
    except InvalidDeal:
        # A defence chelem cannot be had with the contract won, nor more points than the
        # defence's bouts leave: no better deal to compare.
        assume(False)

    assert score_deal(better).attack >= score_deal(deal).attack


@PROPERTY_SETTINGS
@given(valid_deals())
def test_attack_and_defence_marques_are_opposite_in_sign(deal):
    marque = score_deal(deal)

    assert sign(marque.taker) == -sign(marque.defender) == sign(marque.value)
    if marque.partner is not None:
        assert sign(marque.partner) == sign(marque.taker)


@PROPERTY_SETTINGS
@given(valid_deals())
def test_marque_adds_up_its_terms(deal):
    marque = score_deal(deal)
    multiplier = MULTIPLIERS[deal.contract]
    won = deal.points >= TARGETS[deal.bouts]

    assert marque.won is won
    assert marque.multiplier == multiplier
    assert marque.base == 25 + abs(marque.difference)
    assert marque.contract_points == (1 if won else -1) * marque.base * multiplier
    assert marque.value == (
        marque.contract_points + marque.petit_au_bout + sum(marque.poignees) + marque.chelem
    )


@PROPERTY_SETTINGS
@given(valid_deals())
def test_difference_gives_the_half_point_to_the_winner(deal):
    marque = score_deal(deal)
    exact = deal.points - TARGETS[deal.bouts]

    assert abs(marque.difference) >= abs(exact)
    assert abs(marque.difference - exact) <= Decimal("0.5")
    assert (marque.difference >= 0) is (exact >= 0)


@PROPERTY_SETTINGS
@given(valid_deals())
def test_petit_au_bout_goes_to_its_camp_whatever_the_result(deal):
    prime = {None: 0, "attack": 10, "defense": -10}[deal.petit_au_bout]

    assert score_deal(deal).petit_au_bout == prime * MULTIPLIERS[deal.contract]


@PROPERTY_SETTINGS
@given(valid_deals())
def test_poignees_go_to_the_winner_whoever_showed_them_never_multiplied(deal):
    marque = score_deal(deal)
    to_winner = 1 if marque.won else -1

    assert marque.poignees == tuple(
        to_winner * POIGNEE_PRIMES[poignee.size] for poignee in deal.poignees
    )


@PROPERTY_SETTINGS
@given(valid_deals())
def test_chelem_is_never_multiplied(deal):
    prime = {
        None: 0,
        "announced_made": 400,
        "unannounced_made": 200,
        "announced_failed": -200,
        "defense": -200,
    }[deal.chelem]

    assert score_deal(deal).chelem == prime


@PROPERTY_SETTINGS
@given(valid_deals())
def test_taker_marks_his_share_of_v(deal):
    marque = score_deal(deal)
    share = {3: 2, 4: 3, 5: 2 if deal.partner else 4}[deal.players]

    assert marque.taker == share * marque.value
    assert marque.partner == (marque.value if deal.partner else None)


@settings(max_examples=100, deadline=None)
@given(scored_sheets())
def test_sheet_of_scored_deals_balances_and_bilans_add_up(sheet):
    seats, deals = sheet

    totals = sheet_totals(seats, deals)

    assert totals.balanced is True
    assert totals.bilans == {seat: sum(marques[seat] for marques in deals) for seat in seats}
