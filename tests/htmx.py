"""Requests as htmx sends them."""

HTMX = {"HX-Request": "true"}
"""Headers of a request sent by htmx, for ``client.get(url, headers=HTMX)``."""
