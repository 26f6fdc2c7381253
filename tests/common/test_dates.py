import datetime

import pytest
from django.template import Context, Template
from django.utils import timezone

from common.dates import french_date


def test_the_first_of_a_month_is_written_premier():
    assert french_date(datetime.date(2026, 9, 1), "j F Y") == "1er septembre 2026"


def test_another_day_is_written_as_its_number():
    assert french_date(datetime.date(2026, 9, 2), "l j F Y") == "mercredi 2 septembre 2026"


def test_no_date_is_written_as_nothing():
    assert french_date(None, "j F Y") == ""


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (datetime.date(2026, 11, 1), "dimanche 1er novembre 2026"),
        (datetime.date(2026, 11, 21), "samedi 21 novembre 2026"),
    ],
)
def test_the_pages_filter_writes_the_first_premier(value, written):
    template = Template('{% load french_dates %}{{ day|french_date:"l j F Y" }}')

    assert template.render(Context({"day": value})) == written


def test_the_pages_filter_writes_a_moment_in_the_local_time(settings):
    settings.TIME_ZONE = "Europe/Paris"
    moment = datetime.datetime(2026, 6, 1, 16, 30, tzinfo=datetime.UTC)
    template = Template('{% load french_dates %}{{ moment|french_date:"j F à H:i" }}')

    with timezone.override("Europe/Paris"):
        assert template.render(Context({"moment": moment})) == "1er juin à 18:30"
