"""The worked example of the arbitre's guide (docs/guide-arbitre/prix.md, « Un exemple ») is
what the app computes for the evening of ``conftest.py``, through the pages' own path."""

from pathlib import Path

from palmares.selectors.prize_lists import prize_list, prize_table_of
from palmares.templatetags.palmares_tags import euros
from tests.palmares.views.test_public import takings_table

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "guide-arbitre" / "prix.md").read_text(
    encoding="utf-8"
)


def said(cents: int) -> str:
    return euros(cents).replace("\u00a0", " ")


def test_the_guides_example_is_the_evenings_prize_list(evening):
    takings_table(evening)
    shown = prize_list(prize_table_of(evening))

    assert f"| recettes | {said(shown.takings_cents)} |" in GUIDE
    assert f"| dotation | {said(shown.pot_cents)} |" in GUIDE
    assert f"| le club garde | {said(shown.kept_cents)} |" in GUIDE
    first, second, *third = shown.paid
    assert f"| 1re place | {said(first.cents)} |" in GUIDE
    assert f"| 2e place | {said(second.cents)} |" in GUIDE
    assert len(third) == 3 and {line.cents for line in third} == {560}
    assert f"| 3e place, partagée entre trois | {said(560)} chacun |" in GUIDE
    assert shown.paid_cents == shown.pot_cents
