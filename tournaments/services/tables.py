"""The arbitre's writes on a table from the room: letting a phone in with a one-time link."""

from dataclasses import dataclass

from django.db import transaction
from django.urls import reverse

from common.actors import Actor
from common.db import retry_once_on_conflict
from tournaments.models import Table
from tournaments.services import journal
from tournaments.table_access import GRANT_LINK_SECONDS, clear_code_attempts, new_grant_token


@dataclass(frozen=True)
class DeviceGrantLink:
    path: str
    expires_in_minutes: int


@retry_once_on_conflict
@transaction.atomic
def grant_device_link(*, table: Table, by: Actor) -> DeviceGrantLink:
    """A one-time link that lets the phone opening it in on ``table``; it also clears the
    table's code attempts, so that the arbitre's tap always unblocks the table. The journal
    keeps who let a phone in, and on which table."""
    journal.record(
        tournament=table.position.tournament,
        action=journal.Action.TABLE_PHONE_OPENED,
        by=by,
        table=table,
    )
    clear_code_attempts(table=table)
    token = new_grant_token(table=table)
    return DeviceGrantLink(
        path=reverse("sheet_device_grant", kwargs={"table_id": table.pk, "token": token}),
        expires_in_minutes=GRANT_LINK_SECONDS // 60,
    )
