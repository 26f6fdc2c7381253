"""A pointeur for a test, given the role as a club's arbitre gives it: through the team's
page of the tournament (its fixed URL), whichever app keeps the roles."""

from django.contrib.auth import get_user_model
from django.test import Client


def given_pointeur(tournament, arbitre, *, username: str = "pointeur"):
    """A new account, « pointeur » of ``tournament``, given by ``arbitre`` (one of its club's)."""
    user = get_user_model().objects.create_user(username=username, password="x")
    browser = Client()
    browser.force_login(arbitre)
    response = browser.post(
        f"/arbitre/tournois/{tournament.pk}/roles/", {"username": username, "role": "pointeur"}
    )
    assert response.status_code == 302, response.content.decode()[:500]
    return user
