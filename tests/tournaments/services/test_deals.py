"""Recording a deal: what the service checks itself, under the table's lock, whoever calls it.

A table's phone saves without its sheet being read first (``views.sheets.deal_new``): the
service alone then says whether the sheet is open, the tournament counts the deal and the
table is still there.
"""

import pytest
from django.utils import timezone

from tests import fft_example
from tournaments.actors import Actor
from tournaments.models import Deal, Table
from tournaments.services.deals import DealResult, record_deal
from tournaments.services.errors import Refused

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
