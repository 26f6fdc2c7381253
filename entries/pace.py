"""A flood of entries from one address is slowed: ``ENTRIES_PER_MINUTE`` sent a minute per
address (the form's posts, counted before anything is read or written), then « Trop de
demandes » until the minute ends, as the public files are (``documents.limits``). A club's
room behind one box sends a few; a script in a loop is stopped after them."""

from django.conf import settings
from django.http import HttpRequest

from common.addresses import client_address
from documents.limits import count_asked, seconds_left


def seconds_to_wait(request: HttpRequest) -> int:
    """0 when this address may send one more entry (counted); else the seconds to wait."""
    if request.user.is_authenticated:
        return 0
    sent = count_asked(client_address(request), counted="entries-sent")
    return 0 if sent <= settings.ENTRIES_PER_MINUTE else seconds_left()
