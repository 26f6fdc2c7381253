"""The primes as a deal's form reads them: the petit au bout and the chelem for the deal, the
poignées and misères seat by seat (tournaments/forms/primes.py)."""

from django import forms

from tournaments.forms.primes import MISERES, POIGNEES, TypedPrimes, typed_primes
from tournaments.forms.sheets import DealForm

POIGNEE_FIELDS = ["poignee_N", "poignee_E", "poignee_S", "poignee_O"]


def test_each_seat_gets_a_choice_named_by_its_place_and_labelled_with_its_player():
    form = forms.Form()

    names = POIGNEES.add_fields(form, [("N", "Martin C."), ("E", "Écuyer A.")])

    assert names == ["poignee_N", "poignee_E"]
    assert [form.fields[name].label for name in names] == ["Martin C.", "Écuyer A."]
    assert form.fields["poignee_N"].choices[0] == ("", "—")
    assert form.fields["poignee_N"].initial == ""


def test_only_the_seats_that_showed_a_prime_are_kept_in_seat_order():
    data = {"poignee_N": "", "poignee_E": "double", "poignee_S": "", "poignee_O": "simple"}

    primes = typed_primes(data, poignee_fields=POIGNEE_FIELDS)

    assert primes.poignees == {"E": "double", "O": "simple"}
    assert list(primes.poignees) == ["E", "O"]


def test_a_seat_field_the_form_did_not_ask_is_not_read():
    data = {"misere_S": "pas_d_atout", "poignee_S": "simple"}

    primes = typed_primes(data, poignee_fields=["poignee_S"], misere_fields=[])

    assert primes.miseres == {}
    assert primes.poignees == {"S": "simple"}


def test_an_empty_choice_is_no_prime():
    primes = typed_primes({"petit_au_bout": "", "chelem": "", "chelem_announced": False})

    assert primes == TypedPrimes(petit_au_bout=None, chelem=None, chelem_announced=False)


def test_the_deal_wide_primes_are_read_as_typed():
    data = {"petit_au_bout": "defense", "chelem": "announced_made", "chelem_announced": True}

    primes = typed_primes(data)

    assert (primes.petit_au_bout, primes.chelem, primes.chelem_announced) == (
        "defense",
        "announced_made",
        True,
    )


def test_a_prime_says_the_deal_was_played_but_a_chelem_announced_at_the_bidding_does_not():
    assert typed_primes({"petit_au_bout": "attack"}).played
    assert typed_primes({"misere_E": "les_deux"}, misere_fields=["misere_E"]).played
    assert not typed_primes({"chelem_announced": True}).played


def test_a_misere_field_is_named_by_its_place_as_a_poignee_is():
    assert (POIGNEES.field_name("C"), MISERES.field_name("C")) == ("poignee_C", "misere_C")


def test_the_deal_forms_result_carries_the_primes_typed():
    form = DealForm(
        {
            "number": 1,
            "taker": "N",
            "contract": "garde",
            "bouts": "2",
            "points": "47",
            "petit_au_bout": "attack",
            "poignee_E": "simple",
            "misere_S": "pas_d_atout",
            "chelem": "",
        }
    )

    assert form.is_valid(), form.errors
    result = form.result()
    assert (result.petit_au_bout, result.poignees, result.miseres, result.chelem) == (
        "attack",
        {"E": "simple"},
        {"S": "pas_d_atout"},
        None,
    )


def test_a_poignee_without_points_asks_for_the_points():
    form = DealForm(
        {"number": 1, "taker": "N", "contract": "garde", "poignee_E": "simple", "chelem": ""}
    )

    assert not form.is_valid()
    assert form.errors["points"] == ["Indiquez les points, de 0 à 91."]
