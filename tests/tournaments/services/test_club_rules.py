"""The club's rules on a tournament (docs/scoring.md §Règles du club): chosen in its settings,
fixed at its first deal, and every deal scored by them."""

from decimal import Decimal

import pytest

from common.refusals import Refused
from scoring.rules import InvalidDeal
from tests.at_the_table import TESTS
from tests.factories import seated_room
from tournaments.deal_scoring import DealResult
from tournaments.models import JournalEntry
from tournaments.services.deals import record_deal
from tournaments.services.tournaments import update_tournament

CLUB = {"rules": "club", "club_miseres": True, "club_individual_primes": True}


def club_room(arbitre, sizes=(4, 4), **rules):
    tournament, _position, tables, _registrations = seated_room(
        arbitre, sizes=sizes, **(rules or CLUB)
    )
    return tournament, tables[0]


def test_a_misere_is_paid_to_its_player_under_individual_primes(arbitre):
    _tournament, table = club_room(arbitre)
    result = DealResult(
        taker="N", contract="prise", points=Decimal(38), bouts=2, miseres={"S": "pas_d_atout"}
    )

    deal = record_deal(table=table, number=1, result=result, by=TESTS)

    assert deal.marques() == {"N": -94, "E": 18, "S": 58, "O": 18, "C": None}
    assert deal.miseres() == {"S": "pas_d_atout"}


def test_a_poignee_is_paid_by_its_losing_player_under_individual_primes(arbitre):
    _tournament, table = club_room(arbitre)
    result = DealResult(
        taker="N", contract="garde", points=Decimal(56), bouts=1, poignees={"E": "simple"}
    )

    deal = record_deal(table=table, number=1, result=result, by=TESTS)

    assert deal.marques() == {"N": 200, "E": -120, "S": -40, "O": -40, "C": None}


def test_the_points_are_rounded_to_the_ten_when_the_club_rounds(arbitre):
    _tournament, table = club_room(arbitre, rules="club", club_round_to_ten=True)
    result = DealResult(taker="N", contract="garde_sans", points=Decimal(57), bouts=2)

    deal = record_deal(table=table, number=1, result=result, by=TESTS)

    assert deal.marques() == {"N": 540, "E": -180, "S": -180, "O": -180, "C": None}


def test_seul_contre_tous_scores_the_taker_alone_against_four(arbitre):
    _tournament, table = club_room(
        arbitre, sizes=(5,), rules="club", allow_five=True, five_mode="seul"
    )
    result = DealResult(taker="O", contract="garde", points=Decimal(40), bouts=2)

    deal = record_deal(table=table, number=1, result=result, by=TESTS)

    assert deal.marques() == {"N": 52, "E": 52, "S": 52, "O": -208, "C": 52}


def test_seul_contre_tous_refuses_a_partner(arbitre):
    _tournament, table = club_room(
        arbitre, sizes=(5,), rules="club", allow_five=True, five_mode="seul"
    )
    result = DealResult(taker="O", partner="N", contract="garde", points=Decimal(40), bouts=2)

    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=result, by=TESTS)

    assert refused.value.field == "partner"


def test_a_misere_under_the_fft_rules_is_refused_on_the_miseres(arbitre):
    _tournament, table = club_room(arbitre, rules="fft")
    result = DealResult(
        taker="N", contract="prise", points=Decimal(38), bouts=2, miseres={"S": "pas_d_atout"}
    )

    with pytest.raises(InvalidDeal) as refused:
        record_deal(table=table, number=1, result=result, by=TESTS)

    assert refused.value.field == "miseres"
    assert "sans misères (Règles FFT)" in refused.value.message


def test_pas_d_atout_with_a_poignee_by_the_same_player_is_refused(arbitre):
    _tournament, table = club_room(arbitre)
    result = DealResult(
        taker="N",
        contract="prise",
        points=Decimal(38),
        bouts=2,
        poignees={"S": "simple"},
        miseres={"S": "les_deux"},
    )

    with pytest.raises(InvalidDeal) as refused:
        record_deal(table=table, number=1, result=result, by=TESTS)

    assert refused.value.field == "miseres"


def test_the_rules_change_before_the_first_deal_and_the_journal_says_so(arbitre):
    tournament, _table = club_room(arbitre, rules="fft")

    update_tournament(tournament=tournament, settings=CLUB, by=TESTS)

    tournament.refresh_from_db()
    assert tournament.rules_label == "Règles du club : misères, primes individuelles"
    entry = JournalEntry.objects.filter(action="tournament.updated").get()
    assert (entry.before["rules"], entry.after["rules"]) == ("fft", "club")


def test_the_rules_are_refused_to_change_once_a_deal_is_recorded(arbitre):
    tournament, table = club_room(arbitre, rules="fft")
    record_deal(
        table=table,
        number=1,
        result=DealResult(taker="N", contract="prise", points=Decimal(41), bouts=2),
        by=TESTS,
    )

    with pytest.raises(Refused) as refused:
        update_tournament(tournament=tournament, settings=CLUB, by=TESTS)

    assert (refused.value.code, refused.value.field) == ("rules_fixed", "rules")
    assert refused.value.message == (
        "Des donnes sont déjà inscrites aux « Règles FFT » : les règles du tournoi ne peuvent "
        "plus changer, pour que toutes les donnes se marquent de la même façon."
    )
    tournament.refresh_from_db()
    assert tournament.rules == "fft"


def test_other_settings_still_change_once_a_deal_is_recorded(arbitre):
    tournament, table = club_room(arbitre)
    record_deal(
        table=table,
        number=1,
        result=DealResult(taker="N", contract="prise", points=Decimal(41), bouts=2),
        by=TESTS,
    )

    update_tournament(tournament=tournament, settings={**CLUB, "venue": "Mairie"}, by=TESTS)

    tournament.refresh_from_db()
    assert tournament.venue == "Mairie"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"homologable": True, "rules": "club"},
            "Un tournoi homologable se joue aux règles FFT, sans règle de club.",
        ),
        (
            {"rules": "fft", "club_miseres": True},
            "Les misères, les primes individuelles et l'arrondi sont des règles du club : "
            "choisissez « Règles du club » pour les jouer.",
        ),
        (
            {"rules": "fft", "allow_five": True, "five_mode": "seul"},
            "Le seul contre tous à 5 est une règle du club : choisissez « Règles du club » "
            "pour le jouer.",
        ),
    ],
)
def test_rules_that_do_not_hold_together_are_refused(arbitre, changes, message):
    tournament, _table = club_room(arbitre, rules="fft")

    with pytest.raises(Refused) as refused:
        update_tournament(tournament=tournament, settings=changes, by=TESTS)

    assert refused.value.message == message
    tournament.refresh_from_db()
    assert (tournament.rules, tournament.homologable) == ("fft", False)
