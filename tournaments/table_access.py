"""Who may write on a sheet: the arbitre of the tournament, or a device holding the table's code.

A table's code (``Table.code``, 6 random characters from 31: about 887 million codes) is typed
once on the table's page; the session then holds that table's id, and only that one: a code
opens exactly one table of one position. Failed attempts are counted with Django's cache
framework, per session and per IP address, so that guessing is cut off after a few tries:

- per session: ``SESSION_ATTEMPTS`` failures per ``WINDOW_SECONDS``;
- per IP address: ``IP_ATTEMPTS`` failures, more, because a whole tournament room often shares
  one address behind the venue's box, and dropping the session cookie must not reset the count.
"""

import secrets
from dataclasses import dataclass

from django.core.cache import cache
from django.http import HttpRequest

from tournaments.models import Table
from tournaments.services.deals import SheetActor

SESSION_KEY = "sheet_tables"
SESSION_ATTEMPTS = 5
IP_ATTEMPTS = 30
WINDOW_SECONDS = 15 * 60


@dataclass(frozen=True)
class SheetAccess:
    """What a request may do on one table's sheet."""

    actor: SheetActor | None

    @property
    def can_edit(self) -> bool:
        return self.actor is not None

    @property
    def is_arbitre(self) -> bool:
        return self.actor is not None and self.actor.is_arbitre


def sheet_access(request: HttpRequest, table: Table) -> SheetAccess:
    """The arbitre of the table's tournament (or a superuser), the table's device, or a reader."""
    user = request.user
    runs_it = table.position.tournament.arbitre_id == user.pk or user.is_superuser
    if user.is_authenticated and runs_it:
        return SheetAccess(actor=SheetActor.arbitre(user))
    if table.pk in request.session.get(SESSION_KEY, []):
        return SheetAccess(actor=SheetActor.table_device())
    return SheetAccess(actor=None)


def _client_ip(request: HttpRequest) -> str:
    # REMOTE_ADDR only: X-Forwarded-For is whatever the client wants it to be.
    return request.META.get("REMOTE_ADDR", "")


def _counter_keys(request: HttpRequest) -> list[tuple[str, int]]:
    if not request.session.session_key:
        request.session.save()
    return [
        (f"table-code:session:{request.session.session_key}", SESSION_ATTEMPTS),
        (f"table-code:ip:{_client_ip(request)}", IP_ATTEMPTS),
    ]


def attempts_exhausted(request: HttpRequest) -> bool:
    """Whether this session, or this address, has failed too often lately."""
    return any((cache.get(key) or 0) >= limit for key, limit in _counter_keys(request))


def _count_failure(request: HttpRequest) -> None:
    for key, _limit in _counter_keys(request):
        cache.add(key, 0, WINDOW_SECONDS)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, WINDOW_SECONDS)


def grant_table(request: HttpRequest, *, table: Table, code: str) -> bool:
    """Open the table's sheet to this session if ``code`` is the table's code.

    Compared in constant time; the caller checks ``attempts_exhausted`` first. Codes are typed
    on phones, so spaces and lower case are forgiven.
    """
    typed = "".join(code.split()).upper()
    if not secrets.compare_digest(typed.encode(), table.code.encode()):
        _count_failure(request)
        return False
    granted = [pk for pk in request.session.get(SESSION_KEY, []) if pk != table.pk]
    # A new session key with the new right, so a key planted or seen before is worth nothing.
    request.session.cycle_key()
    request.session[SESSION_KEY] = [*granted, table.pk]
    return True
