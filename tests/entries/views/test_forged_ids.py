"""Ids no row can have, in the paths: a 404, never a 500."""

import pytest

from entries.links import page_token
from tests.entries.services.test_entering import enter

HUGE = "9" * 30


@pytest.mark.parametrize(
    "path",
    [
        f"/tournois/{HUGE}/inscription/",
        f"/tournois/{HUGE}/inscriptions.json",
        f"/tournois/{HUGE}/inscription/abc/",
        f"/arbitre/tournois/{HUGE}/inscriptions/",
    ],
)
def test_a_huge_id_is_not_found(arbitre_client, path):
    assert arbitre_client.get(path).status_code == 404


def test_a_huge_evening_or_entry_id_is_not_found(arbitre_client, evening):
    entry = enter(evening, licence="1")
    page = f"/tournois/{evening.pk}/inscription/{page_token(entry)}/"
    base = f"/arbitre/tournois/{evening.pk}/inscriptions"

    assert arbitre_client.post(f"{page}soirees/{HUGE}/", {"vient": "oui"}).status_code == 404
    assert arbitre_client.post(f"{base}/{HUGE}/annuler/").status_code == 404
