"""A flood of entries from one address is slowed: ``ENTRIES_PER_MINUTE`` sent a minute per
address (the form's posts, counted before anything is read or written), then « Trop de
demandes » until the minute ends, as the public files are (``documents.limits``). A club's
room behind one box sends a few; a script in a loop is stopped after them."""

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from common.addresses import client_address
from documents.limits import WINDOW_SECONDS, seconds_left


def seconds_to_wait(request: HttpRequest) -> int:
    """0 when this address may send one more entry (counted); else the seconds to wait."""
    if request.user.is_authenticated:
        return 0
    key = f"entries-sent:{client_address(request)}:{int(time.time() // WINDOW_SECONDS)}"
    cache.add(key, 0, 2 * WINDOW_SECONDS)
    try:
        sent = cache.incr(key)
    except ValueError:
        sent = 1
    return 0 if sent <= settings.ENTRIES_PER_MINUTE else seconds_left()
