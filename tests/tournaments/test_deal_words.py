"""A deal in the sheet's words, the same on the sheet, in the live marques and on paper."""

from decimal import Decimal

from scoring.rules import Deal as ScoredDeal
from scoring.rules import Poignee, score_deal
from tournaments.deal_scoring import DealResult
from tournaments.deal_words import (
    camp_sign,
    marque_explanation,
    points_text,
    prime_words,
    result_words,
    sentence,
)
from tournaments.models import Deal

NAMES = {"N": "Martin C.", "E": "Écuyer A."}


def test_a_deal_bid_only_has_its_result_to_come():
    assert result_words(Deal(taker="N", contract="garde")) == "résultat à venir"


def test_a_half_point_is_written_with_a_comma_and_the_bouts_agree():
    assert result_words(Deal(points=Decimal("40.5"), bouts=1)) == "40,5 pts, 1 bout"
    assert result_words(Deal(points=Decimal("49"), bouts=2)) == "49 pts, 2 bouts"


def test_the_primes_name_the_camp_the_size_and_who_showed_it():
    deal = Deal(points=Decimal("56"), bouts=2, petit_au_bout="attack", poignee_est="double")

    assert sentence(prime_words(deal, NAMES)) == (
        "Petit au bout à l'attaque, poignée double (Écuyer A.)"
    )


def test_a_chelem_announced_before_its_result_is_said_so():
    assert prime_words(Deal(taker="N", contract="garde", chelem_announced=True), NAMES) == [
        "chelem annoncé"
    ]


def test_a_term_of_the_marque_always_carries_its_sign():
    assert [camp_sign(20), camp_sign(-20), camp_sign(0)] == ["+20", "\N{MINUS SIGN}20", "+0"]
    assert points_text(None) == ""


def test_the_live_explanation_words_each_prime_as_the_sheet_does():
    marque = score_deal(
        ScoredDeal(
            players=4,
            contract="garde",
            points=49,
            bouts=2,
            petit_au_bout="attack",
            poignees=(Poignee(camp="attack", size="simple"),),
        )
    )
    typed = DealResult(
        taker="N",
        contract="garde",
        bouts=2,
        points=49,
        petit_au_bout="attack",
        poignees={"E": "simple"},
    )
    stored = Deal(points=Decimal(49), bouts=2, petit_au_bout="attack", poignee_est="simple")

    explained = marque_explanation(marque, typed, names=NAMES)

    assert prime_words(stored, NAMES, marque) == [
        "petit au bout à l'attaque : +20",
        "poignée simple (Écuyer A.) : +20",
    ]
    assert "Petit au bout à l'attaque : 10 × 2 = +20" in explained
    assert "Poignée simple (Écuyer A.) : +20" in explained
