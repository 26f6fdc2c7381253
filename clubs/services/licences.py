"""The federation's licence list imported into the directory (docs, « La liste des licences »):
a new licence is a new player, a known one keeps its player whatever the list now writes of
their name, club, série or catégorie, and nothing is ever made twice.

``licence_differences`` (clubs.selectors.licences) shows what an import would do; this applies
it, in one transaction, journalled in the club's journal, and remembers the club's columns
and licences for its next list.
"""

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.licence_files import FIELDS, LicenceTable, missing_columns
from clubs.models import Club, LicenceList, Player
from clubs.selectors.licences import LicenceDifferences, licence_differences
from clubs.services import journal
from common.actors import Actor
from common.db import retry_once_on_conflict
from common.names import search_name
from common.refusals import Refused

BATCH = 1000


@retry_once_on_conflict
@transaction.atomic
def import_licences(
    *,
    club: Club,
    table: LicenceTable,
    columns: dict[str, str],
    fingerprint: str = "",
    by: Actor,
) -> LicenceDifferences:
    """Apply the licence list ``table`` (its columns ``columns``) to the directory, for
    ``club``: the new licences made players, the changed ones corrected, the lines refused
    left out (the preview names them). With ``fingerprint``, the differences shown then:
    refused if the list or the directory changed since."""
    columns = {name: header for name, header in columns.items() if name in FIELDS and header}
    missing = missing_columns(columns)
    if missing:
        raise Refused(
            _("Colonne à choisir : %(fields)s.") % {"fields": ", ".join(missing)},
            code="columns",
        )
    # One import at a time per club: the second waits for the first, then sees its players.
    LicenceList.objects.get_or_create(club=club)
    kept = LicenceList.objects.select_for_update().get(club=club)
    differences = licence_differences(club=club, table=table, columns=columns)
    if fingerprint and fingerprint != differences.fingerprint:
        raise Refused(
            _(
                "La liste ou l'annuaire a changé depuis l'aperçu : revoyez les différences "
                "avant de les appliquer."
            ),
            code="stale",
        )
    try:
        _apply(differences)
    except IntegrityError as error:
        raise Refused(
            _("Un autre enregistrement de joueur a eu lieu pendant l'import ; réessayez."),
            code="conflict",
        ) from error
    kept.columns = columns
    kept.licences = differences.licences
    kept.imported_at = timezone.now()
    kept.save()
    journal.record(
        club=club,
        action=journal.Action.LICENCES_IMPORTED,
        by=by,
        after={
            "new": len(differences.new),
            "changed": len(differences.changed),
            "gone": differences.gone_count,
            "refused": len(differences.refused),
        },
    )
    return differences


def _apply(differences: LicenceDifferences) -> None:
    with transaction.atomic():
        Player.objects.bulk_create(
            (_new_player(row.licence, row.values) for row in differences.new), batch_size=BATCH
        )
        changed_fields = set()
        players = []
        for change in differences.changed:
            player = change.player
            for name, (_before, after) in change.fields.items():
                setattr(player, name, after)
                changed_fields.add(name)
            player.search_name = search_name(
                last_name=player.last_name, first_name=player.first_name
            )
            players.append(player)
        if players:
            Player.objects.bulk_update(
                players, [*sorted(changed_fields), "search_name"], batch_size=BATCH
            )


def _new_player(licence: str, values: dict) -> Player:
    """A new record, as ``Player.save`` would write it (``bulk_create`` calls no ``save``)."""
    player = Player(licence=licence, **values)
    player.search_name = search_name(last_name=player.last_name, first_name=player.first_name)
    return player
