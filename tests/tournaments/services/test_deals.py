"""Recording a deal: what the service checks itself, under the table's lock, whoever calls it.

A table's phone saves without its sheet being read first (``views.deals.deal_new``): the
service alone then says whether the sheet is open, the tournament counts the deal and the
table is still there.
"""

import pytest
from django.utils import timezone

from common.actors import Actor
from common.refusals import Refused
from tests import fft_example
from tournaments.deal_scoring import DealResult
from tournaments.models import Deal, Table
from tournaments.services.deals import record_deal

PHONE = Actor.table_device()


def test_tous_passent_is_refused_where_the_tournament_redeals(table):
    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=DealResult(all_pass=True), by=PHONE)

    assert "redistribuée sans être notée" in refused.value.message
    assert not Deal.objects.exists()


def test_tous_passent_is_recorded_where_the_tournament_counts_it(table):
    table.position.tournament.counts_all_pass = True
    table.position.tournament.save(update_fields=["counts_all_pass"])

    deal = record_deal(table=table, number=1, result=DealResult(all_pass=True), by=PHONE)

    assert deal.all_pass and deal.marques()["N"] == 0


def test_a_table_named_by_its_key_alone_is_read_under_the_lock(table):
    deal = record_deal(table=Table(pk=table.pk), number=1, result=fft_example.RESULTS[0], by=PHONE)

    assert deal.table == table
    assert deal.marque_est == 318


def test_a_table_gone_is_refused_as_missing(table):
    gone = table.pk
    table.delete()

    with pytest.raises(Refused) as refused:
        record_deal(table=Table(pk=gone), number=1, result=fft_example.RESULTS[0], by=PHONE)

    assert refused.value.code == "missing"
    assert refused.value.message == "Cette table n'existe plus."


def test_a_phone_is_refused_once_the_position_is_closed(table):
    table.position.closed_at = timezone.now()
    table.position.save(update_fields=["closed_at"])

    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=fft_example.RESULTS[0], by=PHONE)

    assert refused.value.code == "locked"
    assert refused.value.message.startswith("La position est close")
    assert not Deal.objects.exists()


BID = {"taker": "E", "contract": "garde"}


def test_a_bid_naming_a_partner_at_a_table_of_four_is_refused(table):
    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=DealResult(**BID, partner="N"), by=PHONE)

    assert refused.value.field == "partner"
    assert not Deal.objects.exists()


def test_a_bid_naming_a_mort_at_a_table_of_four_is_refused(table):
    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=1, result=DealResult(**BID, sitting_out="N"), by=PHONE)

    assert refused.value.field == "sitting_out"
    assert not Deal.objects.exists()


def test_the_taker_cannot_be_the_mort(table_of_five):
    tournament = table_of_five.position.tournament
    tournament.five_mode = "mort"
    tournament.save(update_fields=["five_mode"])

    with pytest.raises(Refused) as refused:
        record_deal(
            table=table_of_five, number=1, result=DealResult(**BID, sitting_out="E"), by=PHONE
        )

    assert refused.value.message == "Le preneur joue la donne : il ne peut pas être le mort."


def test_a_deal_after_a_gap_is_refused_naming_the_deal_missing(table):
    record_deal(table=table, number=1, result=fft_example.RESULTS[0], by=PHONE)

    with pytest.raises(Refused) as refused:
        record_deal(table=table, number=3, result=fft_example.RESULTS[2], by=PHONE)

    assert refused.value.code == "previous_missing"
    assert refused.value.message.startswith("La donne 2 n'est pas inscrite")
    assert list(table.deals.values_list("number", flat=True)) == [1]
