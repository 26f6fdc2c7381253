"""The club's pages show its seasons too: the seasons' club and season, for the modules here
that need no club of their own."""

from tests.seasons.conftest import club, season  # noqa: F401 - fixtures, found by name
