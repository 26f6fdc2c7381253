"""The database holds the rules of a sheet (``Deal.Meta.constraints``); the save does not check
them again by a query each. A deal that breaks one anyway (a number or a form's id another
write raced in, a script's raw row) comes back as a French refusal: the message of the
constraint it broke, found by its name, on the field that constraint is about."""

import dataclasses

import pytest
from django.db import IntegrityError, transaction

from common.actors import Actor
from common.db import violated_constraint
from common.refusals import Refused
from tests import fft_example
from tournaments.models import Deal, Table
from tournaments.services import deals
from tournaments.services.deals import record_deal
from tournaments.services.errors import refusal_for_violation

TESTS = Actor.running("tests")


def constraint(name: str):
    return next(rule for rule in Deal._meta.constraints if rule.name == name)


def database_error(write) -> IntegrityError:
    with pytest.raises(IntegrityError) as raised, transaction.atomic():
        write()
    return raised.value


def raw_deal(table, **fields) -> Deal:
    """A played deal as a script could write it, bypassing the services."""
    played = {"taker": "N", "contract": "prise", "bouts": 1, "points": 55}
    marques = {"marque_nord": 30, "marque_est": -10, "marque_sud": -10, "marque_ouest": -10}
    return Deal(table=table, number=1, **{**played, **marques, **fields})


@pytest.fixture
def blind_to_other_saves(monkeypatch):
    """The service reads the sheet without the deals another device has just saved, as if
    that save had come in between its read and its write."""
    read = deals._locked_sheet
    monkeypatch.setattr(
        deals, "_locked_sheet", lambda table: dataclasses.replace(read(table), deals=[])
    )


@pytest.mark.usefixtures("blind_to_other_saves")
def test_a_number_raced_in_is_refused_on_the_number_in_the_words_of_its_constraint(table):
    record_deal(table=table, number=1, result=fft_example.RESULTS[0], by=TESTS)

    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=fft_example.RESULTS[1], by=TESTS)

    rule = constraint("deal_number_unique")
    assert (refused.value.message, refused.value.field) == (
        rule.get_violation_error_message(),
        "number",
    )
    assert Deal.objects.get(table=table).taker == "E"


def test_one_form_id_on_two_deals_is_refused_above_the_form_in_the_words_of_its_constraint(
    table,
):
    form_id = "6f1c2f64-5d0a-4bb8-9d5e-3a1d3f0d7a11"
    record_deal(
        table=table, number=1, result=fft_example.RESULTS[0], submission_id=form_id, by=TESTS
    )

    with pytest.raises(Refused) as refused:
        record_deal(
            table=table, number=2, result=fft_example.RESULTS[1], submission_id=form_id, by=TESTS
        )

    rule = constraint("deal_submission_unique")
    assert (refused.value.message, refused.value.field) == (
        rule.get_violation_error_message(),
        None,
    )


@pytest.mark.usefixtures("blind_to_other_saves")
def test_a_refusal_by_the_database_never_shows_the_constraints_name(table):
    record_deal(table=table, number=1, result=fft_example.RESULTS[0], by=TESTS)

    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=fft_example.RESULTS[1], by=TESTS)

    assert "deal_number_unique" not in refused.value.message


def test_a_unique_constraint_is_found_by_its_name_or_its_columns(table):
    raw_deal(table).save()

    error = database_error(lambda: raw_deal(table).save())

    assert violated_constraint(error, Deal).name == "deal_number_unique"


def test_a_check_constraint_is_found_by_its_name(table):
    error = database_error(lambda: raw_deal(table, bouts=7).save())

    assert violated_constraint(error, Deal).name == "deal_bouts_0_to_3"


def test_a_check_constraint_on_one_field_is_refused_on_that_field(table):
    error = database_error(lambda: raw_deal(table, points=95).save())

    assert refusal_for_violation(error, Deal).field == "points"


def test_a_constraint_of_another_model_is_not_taken_for_a_deals(table):
    error = database_error(
        lambda: Table.objects.create(position=table.position, number=table.number)
    )

    assert refusal_for_violation(error, Deal) is None
