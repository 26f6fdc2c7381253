"""Properties of the marque under every rule profile (docs/scoring.md §Règles du club)."""

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.club import score_seats
from scoring.profile import FFT, RuleProfile
from scoring.rules import Misere, Poignee, score_deal
from scoring.sheet import seat_marques
from tests.scoring.test_rules_properties import POIGNEE_TRUMPS, seated_deals

PROPERTY_SETTINGS = settings(max_examples=300, deadline=None)


@st.composite
def profiles(draw):
    club = draw(st.booleans())
    if not club:
        return FFT
    return RuleProfile(
        club=True,
        miseres=draw(st.booleans()),
        individual_primes=draw(st.booleans()),
        round_to_ten=draw(st.booleans()),
    )


@st.composite
def seated_club_deals(draw, profile):
    """A seated deal whose poignées and misères name the seats that showed them."""
    deal, seating = draw(seated_deals())
    attack = {seating["taker"], seating["partner"]} - {None}
    playing = [seat for seat in seating["seats"] if seat != seating["sitting_out"]]
    poignees, miseres, trumps = [], [], 0
    for seat in playing:
        camp = "attack" if seat in attack else "defense"
        size = draw(st.sampled_from([None, None, "simple", "double", "triple"]))
        if size is not None and trumps + POIGNEE_TRUMPS[deal.players][size] <= 22:
            trumps += POIGNEE_TRUMPS[deal.players][size]
            poignees.append(Poignee(camp=camp, size=size, seat=seat))
        elif profile.miseres:
            for kind in draw(st.sets(st.sampled_from(["pas_d_honneur", "pas_d_atout"]))):
                miseres.append(Misere(camp=camp, kind=kind, seat=seat))
    return dataclasses.replace(deal, poignees=tuple(poignees), miseres=tuple(miseres)), seating


@st.composite
def profiled_deals(draw):
    profile = draw(profiles())
    deal, seating = draw(seated_club_deals(profile))
    return profile, deal, seating


@PROPERTY_SETTINGS
@given(profiled_deals())
def test_every_profile_sums_every_deal_to_zero(profiled):
    profile, deal, seating = profiled

    assert sum(score_seats(deal, profile=profile, **seating).marques.values()) == 0


@PROPERTY_SETTINGS
@given(seated_club_deals(FFT))
def test_fft_profile_gives_exactly_the_fft_marque(seated):
    deal, seating = seated

    scored = score_seats(deal, **seating)

    assert scored.marques == seat_marques(deal, **seating)
    assert scored.marque == score_deal(deal)
    assert scored.marques[seating["taker"]] == score_deal(deal).taker


@PROPERTY_SETTINGS
@given(seated_club_deals(RuleProfile(club=True, individual_primes=True)))
def test_individual_primes_move_only_the_primes(seated):
    deal, seating = seated
    individual = score_seats(
        deal, profile=RuleProfile(club=True, individual_primes=True), **seating
    )
    bare = seat_marques(dataclasses.replace(deal, poignees=()), **seating)

    for seat, marque in individual.marques.items():
        shown = sum(prime.gain for prime in individual.primes if prime.seat == seat)
        paid = sum(prime.each for prime in individual.primes if prime.seat != seat)
        expected = bare[seat] + (0 if seat == seating["sitting_out"] else shown + paid)
        assert marque == expected


@PROPERTY_SETTINGS
@given(profiled_deals())
def test_rounded_base_is_25_plus_a_multiple_of_ten(profiled):
    profile, deal, seating = profiled
    rounded = dataclasses.replace(profile, club=True, round_to_ten=True)

    marque = score_deal(dataclasses.replace(deal, miseres=()), rounded)

    assert (marque.base - 25) % 10 == 0
    assert abs(marque.base - 25 - abs(marque.difference)) <= 5
