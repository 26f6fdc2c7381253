"""The choices for an enum of the rules (common.choices.labelled): each member gets its French
words, or the app does not start."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from common.choices import labelled
from scoring import rules, season


def test_a_rules_member_without_its_french_label_stops_the_app():
    with pytest.raises(ImproperlyConfigured, match="Camp"):
        labelled(rules.Camp, {rules.Camp.ATTACK: "Attaque"}, module=__name__)


def test_the_choices_keep_the_rules_values_and_order_with_their_labels():
    method = labelled(
        season.Method,
        {
            season.Method.CUMUL: "Cumul",
            season.Method.PLACE_POINTS: "Points de place",
            season.Method.AVERAGE: "Moyenne",
        },
        module=__name__,
    )

    assert method.choices == [
        ("cumul", "Cumul"),
        ("points_de_place", "Points de place"),
        ("moyenne", "Moyenne"),
    ]
