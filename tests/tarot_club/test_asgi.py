"""The ASGI entry point: the live streams are served by a handler that keeps no thread for
them; every other path by Django's own."""

import pytest

from tarot_club import asgi


@pytest.mark.parametrize("path", ["/tournois/12/direct/", "/arbitre/tournois/3/direct/"])
def test_a_stream_goes_to_the_stream_handler(path):
    assert asgi.STREAMS.match(path)


@pytest.mark.parametrize(
    "path", ["/tournois/12/classement/", "/tournois/12/direct/x/", "/tournois/direct/", "/"]
)
def test_every_other_path_goes_to_djangos_handler(path):
    assert not asgi.STREAMS.match(path)


def test_the_stream_handler_is_djangos_without_its_thread_per_request():
    assert isinstance(asgi.streams, asgi.ASGIHandler)
    assert type(asgi.pages) is asgi.ASGIHandler
