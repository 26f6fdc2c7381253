"""The choices the tables hold: each of the rules' enums gets its French words here."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from scoring import rules
from tournaments.choices import _labelled


def test_a_rules_member_without_its_french_label_stops_the_app():
    with pytest.raises(ImproperlyConfigured, match="Camp"):
        _labelled(rules.Camp, {rules.Camp.ATTACK: "Attaque"})
