"""Impossible club primes are refused, with the field (docs/scoring.md §Règles du club)."""

import pytest

from scoring.club import score_seats
from scoring.profile import FFT, RuleProfile
from scoring.rules import Deal, InvalidDeal, Misere, Poignee, score_deal

FOUR = ("N", "E", "S", "O")
FIVE = ("N", "E", "S", "O", "C")
MISERES = RuleProfile(club=True, miseres=True)
MISERES_INDIVIDUAL = RuleProfile(club=True, miseres=True, individual_primes=True)
SEUL = RuleProfile(club=True, seul_contre_tous=True)


def deal(**overrides):
    """A garde at 4 players won by 8 (49 points, 2 bouts), changed by the overrides."""
    fields = {"players": 4, "contract": "garde", "points": 49, "bouts": 2}
    fields.update(overrides)
    return Deal(**fields)


def refusal(make, *args, **kwargs):
    with pytest.raises(InvalidDeal) as refused:
        make(*args, **kwargs)
    return refused.value.field, str(refused.value)


def pas_d_atout(camp="defense", seat=None):
    return Misere(camp=camp, kind="pas_d_atout", seat=seat)


def test_misere_under_the_fft_profile_is_refused():
    assert refusal(score_deal, deal(miseres=(pas_d_atout(),)), FFT) == (
        "miseres",
        "Ce tournoi se joue sans misères (Règles FFT) : « pas d'atout » ne compte pas.",
    )


def test_misere_under_a_club_profile_without_miseres_is_refused():
    profile = RuleProfile(club=True, individual_primes=True)
    misere = Misere(camp="attack", kind="pas_d_honneur", seat="N")

    assert refusal(
        score_seats, deal(miseres=(misere,)), seats=FOUR, taker="N", profile=profile
    ) == (
        "miseres",
        "Ce tournoi se joue sans misères (Règles du club : primes individuelles) : "
        "« pas d'honneur » ne compte pas.",
    )


def test_pas_d_atout_and_a_poignee_by_the_same_player_are_refused():
    assert refusal(
        deal,
        poignees=(Poignee(camp="defense", size="simple", seat="E"),),
        miseres=(pas_d_atout(seat="E"),),
    ) == (
        "miseres",
        "« E » annonce « pas d'atout » et montre une poignée : "
        "un joueur sans atout ne peut pas montrer de poignée.",
    )


def test_pas_d_atout_and_a_poignee_in_a_camp_of_one_are_refused_without_seats():
    assert refusal(
        deal, poignees=(Poignee(camp="attack", size="simple"),), miseres=(pas_d_atout("attack"),)
    ) == (
        "miseres",
        "1 poignée(s) et 1 « pas d'atout » pour l'attaque, qui compte 1 joueur : "
        "un joueur sans atout ne montre pas de poignée.",
    )


def test_the_same_misere_twice_for_one_player_is_refused():
    assert refusal(deal, miseres=(pas_d_atout(seat="S"), pas_d_atout(seat="S"))) == (
        "miseres",
        "« S » annonce deux fois « pas d'atout » : chaque misère ne compte qu'une fois.",
    )


def test_the_same_misere_more_often_than_the_camp_has_players_is_refused():
    assert refusal(deal, miseres=(pas_d_atout("attack"), pas_d_atout("attack"))) == (
        "miseres",
        "2 « pas d'atout » pour l'attaque, qui compte 1 joueur : "
        "un joueur n'annonce chaque misère qu'une fois.",
    )


def test_two_poignees_for_one_player_are_refused():
    assert refusal(
        deal,
        poignees=(
            Poignee(camp="defense", size="simple", seat="E"),
            Poignee(camp="defense", size="double", seat="E"),
        ),
    ) == (
        "poignees",
        "« E » montre 2 poignées : un joueur n'en montre qu'une par donne.",
    )


def test_poignees_over_22_trumps_are_refused_with_seats_too():
    assert refusal(
        deal,
        poignees=(
            Poignee(camp="defense", size="double", seat="E"),
            Poignee(camp="defense", size="simple", seat="S"),
        ),
    ) == (
        "poignees",
        "Ces poignées montrent au moins 23 atouts (double 13 + simple 10) à 4 joueurs : "
        "le jeu n'en a que 22 (21 atouts et l'Excuse).",
    )


def test_one_seat_in_both_camps_is_refused():
    assert refusal(
        deal,
        poignees=(Poignee(camp="attack", size="simple", seat="N"),),
        miseres=(Misere(camp="defense", kind="pas_d_honneur", seat="N"),),
    ) == ("miseres", "« N » ne peut pas être à la fois attaque et défense.")


def test_individual_primes_need_the_player_who_showed_each():
    assert refusal(
        score_seats,
        deal(miseres=(pas_d_atout(),)),
        seats=FOUR,
        taker="N",
        profile=MISERES_INDIVIDUAL,
    ) == (
        "miseres",
        "Indiquez qui a annoncé « pas d'atout » : avec les primes individuelles, "
        "la prime est payée à ce joueur ou par lui.",
    )


def test_a_prime_said_to_be_the_defences_but_shown_by_the_taker_is_refused():
    assert refusal(
        score_seats,
        deal(poignees=(Poignee(camp="defense", size="simple", seat="N"),)),
        seats=FOUR,
        taker="N",
    ) == ("poignees", "« N » joue en attaque, pas en défense.")


def test_a_prime_shown_by_someone_not_at_the_table_is_refused():
    assert refusal(
        score_seats,
        deal(miseres=(pas_d_atout(seat="C"),)),
        seats=FOUR,
        taker="N",
        profile=MISERES,
    ) == ("miseres", "« C » n'est pas assis à cette table.")


def test_a_prime_shown_by_the_mort_is_refused():
    assert refusal(
        score_seats,
        deal(poignees=(Poignee(camp="defense", size="simple", seat="C"),)),
        seats=FIVE,
        taker="N",
        sitting_out="C",
    ) == ("poignees", "« C » est le mort : il ne joue pas la donne.")


def test_a_partner_in_seul_contre_tous_is_refused():
    five = Deal(players=5, contract="garde", points=49, bouts=2, partner=True)

    assert refusal(score_seats, five, seats=FIVE, taker="N", partner="S", profile=SEUL) == (
        "partner",
        "Ce tournoi se joue en seul contre tous : le preneur joue seul contre quatre, "
        "sans partenaire.",
    )


def test_a_mort_in_seul_contre_tous_is_refused():
    assert refusal(score_seats, deal(), seats=FIVE, taker="N", sitting_out="C", profile=SEUL) == (
        "sitting_out",
        "Ce tournoi se joue en seul contre tous : les cinq joueurs jouent chaque donne, sans mort.",
    )


def test_an_unknown_misere_is_refused():
    with pytest.raises(InvalidDeal) as refused:
        Misere(camp="defense", kind="pas_de_roi")

    assert refused.value.field == "miseres"
    assert str(refused.value) == (
        "Misère inconnue : « pas_de_roi ». Valeurs possibles : « pas_d_honneur », « pas_d_atout »."
    )


def test_an_fft_profile_with_a_club_option_is_refused():
    with pytest.raises(InvalidDeal) as refused:
        RuleProfile(miseres=True)

    assert (refused.value.field, str(refused.value)) == (
        "profile",
        "Les règles FFT n'ont pas d'option : « misères » demande les règles du club.",
    )


def test_a_refusal_naming_a_seat_may_name_its_player_instead():
    refusal = InvalidDeal("poignees", "« N » joue en attaque, pas en défense.", "N")

    named = refusal.naming({"N": "Martin C."})

    assert (named.field, named.message) == (
        "poignees",
        "Martin C. joue en attaque, pas en défense.",
    )


def test_a_refusal_naming_no_seat_is_kept_as_it_is():
    refusal = InvalidDeal("points", "Les points vont de 0 à 91.")

    assert refusal.naming({"N": "Martin C."}) is refusal
