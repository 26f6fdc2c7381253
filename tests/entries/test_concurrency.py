"""The last places under a rush: 50 people send the form at the same moment for the last 30
places, through a live server answering each in its own thread and database connection.
Exactly 30 more are registered and 20 wait, ranked 1 to 20, never 31 (the entries take their
turn on the tournament's Opening row, locked before the places are counted).

Row locks are PostgreSQL's: on SQLite, which writes one transaction at a time, it is skipped
(run it with ``DATABASE_URL=postgres://… pytest tests/entries/test_concurrency.py``).
"""

import http.client
import http.cookiejar
import threading
import time
import urllib.parse
import urllib.request

import pytest
from django.db import connection

from entries.models import Entry, EntryStatus
from tests.entries.conftest import open_evening
from tests.entries.services.test_entering import enter

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL only"
)

RUSH = 50
LEFT = 30
ALREADY = 10


class Person:
    """One phone: its own cookies, the form's token read before the rush."""

    def __init__(self, form_url: str):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.form_url = form_url
        self.opener.open(form_url).read()
        self.token = next(cookie.value for cookie in self.jar if cookie.name == "csrftoken")
        self.status = None

    def send(self, number: int) -> None:
        data = urllib.parse.urlencode(
            {
                "last_name": f"Joueur{number}",
                "first_name": "Rapide",
                "licence": f"77{number:05d}",
                "club": "",
                "email": f"joueur{number}@example.org",
                "csrfmiddlewaretoken": self.token,
            }
        ).encode()
        request = urllib.request.Request(
            self.form_url, data=data, headers={"Referer": self.form_url}
        )
        for _attempt in range(5):
            try:
                self.status = self.opener.open(request, timeout=60).status
            except urllib.error.HTTPError as error:
                self.status = error.code
            except (ConnectionError, urllib.error.URLError, http.client.HTTPException):
                # The test server's backlog is short: a connection it turned away never
                # reached Django, and the phone sends again.
                time.sleep(0.05)
                continue
            return


@pytest.mark.django_db(transaction=True)
def test_fifty_at_once_for_the_last_thirty_places_leave_thirty_registered_and_twenty_waiting(
    live_server, arbitre, settings
):
    settings.ENTRIES_PER_MINUTE = 1000  # one address for all: the pacing is not tested here
    tournament = open_evening(arbitre, capacity=ALREADY + LEFT)
    for number in range(ALREADY):
        enter(tournament, last_name=f"Premier{number}", licence=f"1{number}")
    form_url = f"{live_server.url}/tournois/{tournament.pk}/inscription/"
    people = [Person(form_url) for _ in range(RUSH)]
    start = threading.Barrier(RUSH)

    def rush(person: Person, number: int) -> None:
        start.wait()
        person.send(number)

    threads = [
        threading.Thread(target=rush, args=(person, number)) for number, person in enumerate(people)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    entries = Entry.objects.filter(tournament=tournament)
    assert [person.status for person in people] == [200] * RUSH  # each followed to its page
    assert entries.filter(status=EntryStatus.REGISTERED).count() == ALREADY + LEFT
    assert entries.filter(status=EntryStatus.WAITING).count() == RUSH - LEFT
    assert sorted(entries.exclude(rank=None).values_list("rank", flat=True)) == list(
        range(1, RUSH - LEFT + 1)
    )
    assert tournament.registrations.count() == ALREADY + LEFT
