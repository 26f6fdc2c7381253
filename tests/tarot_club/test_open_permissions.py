"""The URLs open to everyone, walked by each role: the icon, the guides, leaving one's session."""

import pytest


@pytest.mark.parametrize("logged_in", [False, True])
def test_the_icon_is_everyones(client, arbitre, logged_in):
    if logged_in:
        client.force_login(arbitre)

    assert client.get("/favicon.ico").status_code == 200


@pytest.mark.parametrize("logged_in", [False, True])
def test_logging_out_ends_the_session_and_is_a_post_only(client, arbitre, logged_in):
    if logged_in:
        client.force_login(arbitre)

    by_link = client.get("/deconnexion/")
    by_form = client.post("/deconnexion/")

    assert (by_link.status_code, by_form.status_code) == (405, 302)
    assert "_auth_user_id" not in client.session


@pytest.mark.parametrize("logged_in", [False, True])
def test_the_guides_are_everyones(client, arbitre, logged_in):
    if logged_in:
        client.force_login(arbitre)

    home = client.get("/aide/")
    room = client.get("/aide/guide-arbitre/salle/")

    assert (home.status_code, room.status_code) == (200, 200)
