"""The season form under hostile values (Hypothesis): a French message, never a 5xx, never a
huge answer, never a season saved from nonsense."""

from hypothesis import given, settings
from hypothesis import strategies as st

from seasons.models import Season
from tests.tournaments.views.test_hostile_input import MAX_ANSWER_BYTES, RUN, VALUE

FEW = settings(RUN, max_examples=15)

FIELDS = ["name", "start", "end", "method", "best", "minimum", "evenings", "tournaments"]


@FEW
@given(data=st.fixed_dictionaries(dict.fromkeys(FIELDS, VALUE)))
def test_hostile_values_never_break_the_season_form(arbitre_client, club, data):
    before = Season.objects.count()

    response = arbitre_client.post(f"/arbitre/clubs/{club.pk}/saisons/nouvelle/", data)

    # A NUL character anywhere is the middleware's 400, before the form.
    nul = any("\x00" in value for value in data.values())
    assert response.status_code in ((400,) if nul else (302, 422)), response.status_code
    assert len(response.content) < MAX_ANSWER_BYTES
    if response.status_code in (400, 422):
        assert Season.objects.count() == before


@FEW
@given(season_id=st.integers(min_value=0, max_value=2**70), screen=VALUE)
def test_hostile_ids_and_screens_are_a_404_or_a_page(client, db, season_id, screen):  # noqa: ARG001
    projector = client.get(f"/saisons/{season_id}/projection/", {"ecran": screen})

    # A NUL character is the middleware's 400, before the season is looked for.
    assert projector.status_code == (400 if "\x00" in screen else 404)
    assert client.get(f"/joueurs/{season_id}/").status_code == 404
