"""Who may write on a sheet: the arbitre of the tournament, or a device let in on the table.

A device gets in two ways, and either lets it write on that one table of one position:

- it types the table's code (``Table.code``: 6 characters from 31, about 887 million codes);
- the arbitre lets it in from the room: a one-time link, shown as a QR code, valid
  ``GRANT_LINK_SECONDS`` and opened once (``services.tables.grant_device_link``,
  ``open_device_grant``).

The session keeps when each table was granted. A grant ends when the table's position is
closed, or ``GRANT_HOURS`` after it was given: never the session's two weeks.

Guessing a code is bounded per table, whoever guesses: every check of a code takes one of
``TABLE_ATTEMPTS`` places per ``WINDOW_SECONDS`` window *before* the code is compared (a
burst of parallel guesses cannot get more checks in), and a right code gives its place back.
At most 30 checks per quarter of an hour make 2,880 a day: finding one table's code takes
about 150,000 days on average, and a tournament day gives one chance in 300,000. Nothing is
counted per session (a dropped cookie would reset it), and a wrong code on one table never
keeps another table out. Whoever
hammers one table from several addresses can hold that table's code entry; the arbitre then
lets its phone in from the room, which also clears the table's count (``clear_code_attempts``).

One client is bounded too, by its address (``common.addresses``): ``CLIENT_TABLE_ATTEMPTS``
checks a window on one table, fewer than the table's places, and ``CLIENT_ATTEMPTS`` across
every table. A client over either bound is refused before it takes a table's place, so one
client flooding a hundred tables with wrong codes keeps none of them from the phones at other
addresses, and is itself stopped after ``CLIENT_ATTEMPTS``. A check refused uses up nothing: a
phone retrying a wrong code on its own table a hundred times spends that table's bound only,
never the address's budget, which is every other table's in a venue. A room's phones share its
address behind the venue's box: their few typos stay far below these bounds, and when someone in the
room floods, the arbitre's one-time link still lets each phone in. A right code gives its
counts back. These counts are increments (atomic in Redis and in memory; the database cache's
may let a burst slip a few checks past the client's bounds, never past the table's places).

Counters live in Django's cache, which every web process shares in production (Redis, or the
database cache). Each attempt claims a numbered place with ``cache.add``, which is atomic on
every backend (Redis SET NX, a unique key in the database cache), so no count is lost between
two processes and no timeout is reset by an increment.
"""

import secrets
import time
from contextlib import suppress
from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from common.actors import Actor
from common.addresses import client_address
from tournaments.championship import Hall
from tournaments.models import Table
from tournaments.permissions import table_arbitre

SESSION_KEY = "sheet_grants"
TABLE_ATTEMPTS = 30
# One client (one address: a whole room's phones often share the venue's) checks at most
# CLIENT_TABLE_ATTEMPTS codes a window on one table, fewer than the table's places, so that it
# never keeps that table from the phones at other addresses; and CLIENT_ATTEMPTS across every
# table, far more than a room's typos, so that a flooder stops there.
CLIENT_TABLE_ATTEMPTS = 10
CLIENT_ATTEMPTS = 100
WINDOW_SECONDS = 15 * 60
GRANT_HOURS = 12
GRANT_LINK_SECONDS = 15 * 60
GRANT_SALT = "tournaments.table_access.device_grant"


@dataclass(frozen=True)
class SheetAccess:
    """What a request may do on one table's sheet."""

    actor: Actor | None
    # The arbitre de salle's hall, whose room the sheet leads back to; None for the club's
    # arbitres (the whole room), a table's device and a reader.
    hall: Hall | None = None

    @property
    def can_edit(self) -> bool:
        return self.actor is not None

    @property
    def is_arbitre(self) -> bool:
        return self.actor is not None and self.actor.is_arbitre


def sheet_access(request: HttpRequest, table: Table) -> SheetAccess:
    """The arbitre of the table's tournament (or a superuser, or the arbitre de salle of its
    hall), the table's device, or a reader."""
    arbitre = table_arbitre(request.user, table)
    if arbitre is not None:
        actor, hall = arbitre
        return SheetAccess(actor=actor, hall=hall)
    if device_granted(request, table):
        return SheetAccess(actor=Actor.table_device())
    return SheetAccess(actor=None)


def device_granted(request: HttpRequest, table: Table) -> bool:
    """Whether this session was let in on ``table``, less than ``GRANT_HOURS`` ago, and the
    table's position is still open."""
    return grant_held(request, table.pk) and table.position.closed_at is None


def grant_held(request: HttpRequest, table_id: int) -> bool:
    """Whether this session was let in on table ``table_id`` less than ``GRANT_HOURS`` ago:
    the session alone says it, without reading the table. Whether its position is still open
    is for whoever reads the table (``device_granted``, or a service under the table's lock)."""
    grants = request.session.get(SESSION_KEY)
    if not isinstance(grants, dict):
        return False
    granted_at = grants.get(str(table_id))
    if not isinstance(granted_at, int | float):
        return False
    return time.time() - granted_at <= timedelta(hours=GRANT_HOURS).total_seconds()


def _let_in(request: HttpRequest, table: Table) -> None:
    grants = request.session.get(SESSION_KEY)
    grants = dict(grants) if isinstance(grants, dict) else {}
    grants[str(table.pk)] = time.time()
    # A new session key with the new right, so a key planted or seen before is worth nothing.
    request.session.cycle_key()
    request.session[SESSION_KEY] = grants


# --- Counting the attempts ---------------------------------------------------------------


def _window() -> int:
    return int(time.time() // WINDOW_SECONDS)


def _places(table: Table, window: int) -> list[str]:
    return [f"table-code:{table.pk}:{window}:{place}" for place in range(TABLE_ATTEMPTS)]


def _take_place(table: Table) -> str | None:
    """Claim one free place of the table's current window, or None when they are all taken."""
    places = _places(table, _window())
    taken = cache.get_many(places)
    for key in places:
        # add() fails when another request claimed this place meanwhile: try the next one.
        if key not in taken and cache.add(key, 1, WINDOW_SECONDS * 2):
            return key
    return None


def code_attempts_left(table: Table) -> int:
    return TABLE_ATTEMPTS - len(cache.get_many(_places(table, _window())))


def clear_code_attempts(*, table: Table) -> None:
    """The arbitre lifts the table's block: its code may be typed again at once."""
    window = _window()
    cache.delete_many(_places(table, window) + _places(table, window - 1))


def _client_counts(request: HttpRequest, table: Table) -> list[str]:
    """The keys that count this client's checks in the current window: across every table,
    and on this one."""
    address = client_address(request) or "unknown"
    window = _window()
    return [f"code-client:{address}:{window}", f"code-client:{address}:{table.pk}:{window}"]


def _count(key: str) -> int:
    """One more on the counter ``key`` (atomic on Redis and in memory), its new value."""
    cache.add(key, 0, WINDOW_SECONDS * 2)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, WINDOW_SECONDS * 2)
        return 1


# Which bound refused a check: the table's places, this address's on this table, or this
# address's across every table.
TABLE, CLIENT_ON_TABLE, CLIENT = "table", "client-table", "client"


@dataclass(frozen=True)
class Blocked:
    """A check refused before the code was compared: which bound, and in how many seconds
    the next window opens (the answer's Retry-After)."""

    bound: str
    retry_after: int


def _blocked(bound: str) -> Blocked:
    return Blocked(bound, max(1, int(WINDOW_SECONDS - time.time() % WINDOW_SECONDS) + 1))


def _over(every_table: int, this_table: int) -> str | None:
    if every_table > CLIENT_ATTEMPTS:
        return CLIENT
    if this_table > CLIENT_TABLE_ATTEMPTS:
        return CLIENT_ON_TABLE
    return None


def _client_takes_check(keys: list[str]) -> str | None:
    """Count one check for this client, unless it is already at either bound (then that
    bound): a check refused uses up nothing, so that a phone retrying a wrong code on its own
    table a hundred times spends its table's bound only, never its address's budget for the
    other tables."""
    counts = cache.get_many(keys)
    bound = _over(*(counts.get(key, 0) + 1 for key in keys))
    if bound:
        return bound
    # Two checks at once may both pass the read above: the increments decide.
    bound = _over(*(_count(key) for key in keys))
    if bound:
        _give_back(keys)
    return bound


def _give_back(keys: list[str]) -> None:
    for key in keys:
        # A count expired meanwhile has nothing to give back.
        with suppress(ValueError):
            cache.decr(key)


def check_code(request: HttpRequest, *, table: Table, code: str) -> bool | Blocked:
    """Let this session in on ``table`` if ``code`` is the table's code.

    True: let in. False: a wrong code. ``Blocked``: the table's attempts are used up for now,
    or this client's (which bound it says), and the code was not even compared. Compared in
    constant time; codes are typed on phones, so spaces and lower case are forgiven.

    The client's own bounds are counted first: over them, the check takes none of the
    table's places, so one client flooding many tables keeps none of them from their phones.
    A check refused (over a bound, or the table's places all taken) counts for nothing.
    """
    client = _client_counts(request, table)
    bound = _client_takes_check(client)
    if bound:
        return _blocked(bound)
    place = _take_place(table)
    if place is None:
        _give_back(client)
        return _blocked(TABLE)
    typed = "".join(code.split()).upper()
    if not secrets.compare_digest(typed.encode(), table.code.encode()):
        return False
    cache.delete(place)
    _give_back(client)
    _let_in(request, table)
    return True


# --- The arbitre lets a device in --------------------------------------------------------


def new_grant_token(*, table: Table) -> str:
    """A signed, single-use token for the arbitre's link to ``table`` (``grant_link_valid``)."""
    return signing.dumps({"table": table.pk, "nonce": secrets.token_urlsafe(16)}, salt=GRANT_SALT)


def grant_link_valid(*, table: Table, token: str) -> bool:
    """Whether ``token`` is a link for ``table``, unexpired and not yet used."""
    payload = _grant_payload(table=table, token=token)
    return payload is not None and cache.get(_used_key(payload["nonce"])) is None


def open_device_grant(request: HttpRequest, *, table: Table, token: str) -> bool:
    """Let this session in on ``table`` with the arbitre's link, which then serves no more."""
    payload = _grant_payload(table=table, token=token)
    if payload is None:
        return False
    # add() is atomic: of two phones opening the same link at once, one only gets in.
    if not cache.add(_used_key(payload["nonce"]), 1, GRANT_LINK_SECONDS * 2):
        return False
    _let_in(request, table)
    return True


def _grant_payload(*, table: Table, token: str) -> dict | None:
    try:
        payload = signing.loads(token, salt=GRANT_SALT, max_age=GRANT_LINK_SECONDS)
    except signing.BadSignature:
        return None
    if not isinstance(payload, dict) or payload.get("table") != table.pk:
        return None
    if not isinstance(payload.get("nonce"), str) or table.position.closed_at is not None:
        return None
    return payload


def _used_key(nonce: str) -> str:
    return f"table-grant-used:{nonce}"


# The table of a sheet's page, and what the request may do on it.


def any_table_or_404(table_id: int) -> Table:
    """Table ``table_id`` with its position and tournament, before asking who may see it
    (``access_or_404``, ``sheet_access``); else ``Http404``."""
    return get_object_or_404(Table.objects.select_related("position__tournament"), pk=table_id)


def table_or_404(request: HttpRequest, table_id: int) -> tuple[Table, SheetAccess]:
    """The table and what this request may do on it; 404 if the tournament is hidden to it."""
    table = any_table_or_404(table_id)
    return table, access_or_404(request, table)


def access_or_404(request: HttpRequest, table: Table) -> SheetAccess:
    access = sheet_access(request, table)
    if not table.position.tournament.published and not access.can_edit:
        raise Http404
    return access


def editor_or_403(access: SheetAccess) -> None:
    if not access.can_edit:
        raise PermissionDenied(_("Saisissez d'abord le code de la table."))
