"""The arbitre's seating wishes (issue 44): pairs of players kept apart, and players at a
fixed table (reduced mobility: the table near the door). Both are hard constraints of the
generator, given to it at every seating (``plan_position``) through the verifiable draw's
input (``apart`` and ``fixed``, docs/tirage.md); a wish changes no seating already drawn,
it holds from the next one.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from common.actors import Actor
from common.db import retry_once_on_conflict
from common.refusals import Refused
from seating import SeatingError, table_sizes
from tournaments.models import ApartPair, FixedTable, Registration, Tournament
from tournaments.services import journal
from tournaments.services.errors import refusal_for_violation, required_reason
from tournaments.services.locks import lock_tournament


def _check_own(tournament: Tournament, *registrations: Registration) -> None:
    if any(registration.tournament_id != tournament.pk for registration in registrations):
        raise Refused(_("Ce joueur n'est pas inscrit à ce tournoi."), code="other_tournament")


@retry_once_on_conflict
@transaction.atomic
def keep_apart(
    *,
    tournament: Tournament,
    first: Registration,
    second: Registration,
    reason: str,
    by: Actor,
) -> ApartPair:
    """Never seat ``first`` and ``second`` at one table, from the next seating drawn."""
    tournament = lock_tournament(tournament)
    _check_own(tournament, first, second)
    if first.pk == second.pk:
        raise Refused(_("Choisissez deux joueurs différents."), field="second", code="same_player")
    reason = required_reason(
        reason,
        missing=_("Donnez le motif : pourquoi ces deux joueurs ne jouent pas ensemble."),
    )
    low, high = sorted((first, second), key=lambda registration: registration.pk)
    try:
        with transaction.atomic():
            pair = ApartPair.objects.create(
                tournament=tournament,
                first=low,
                second=high,
                reason=reason,
                added_by=str(by.label())[:400],
            )
    except IntegrityError as error:
        raise refusal_for_violation(error, ApartPair) or error from error
    journal.record(
        tournament=tournament,
        action=journal.Action.APART_KEPT,
        by=by,
        subject=pair,
        after={"first": low.numbered, "second": high.numbered, "reason": reason},
    )
    return pair


@retry_once_on_conflict
@transaction.atomic
def stop_keeping_apart(*, pair: ApartPair, by: Actor) -> None:
    """The pair may sit together again, from the next seating drawn."""
    tournament = lock_tournament(pair.tournament)
    if not ApartPair.objects.filter(pk=pair.pk).exists():
        return  # Removed by the same tap, posted twice.
    journal.record(
        tournament=tournament,
        action=journal.Action.APART_STOPPED,
        by=by,
        subject=pair,
        before={
            "first": pair.first.numbered,
            "second": pair.second.numbered,
            "reason": pair.reason,
        },
    )
    pair.delete()


def most_tables(tournament: Tournament) -> int:
    """The most tables a position of ``tournament`` can have: every player not withdrawn
    present, at tables of 4 and 3."""
    count = tournament.registrations.filter(withdrawn_from__isnull=True).count()
    try:
        return len(table_sizes(player_count=count, allow_five=False))
    except SeatingError:
        return 1


@retry_once_on_conflict
@transaction.atomic
def fix_table(*, registration: Registration, table: int, reason: str, by: Actor) -> FixedTable:
    """Seat ``registration`` at table ``table`` at every position, from the next seating
    drawn; replaces the player's fixed table if they had one."""
    tournament = lock_tournament(registration.tournament)
    if isinstance(table, bool) or not isinstance(table, int) or table < 1:
        raise Refused(
            _("Les tables sont numérotées à partir de 1."), field="table", code="table_number"
        )
    tables = most_tables(tournament)
    if table > tables:
        raise Refused(
            _(
                "Le tournoi ne peut pas compter de table %(table)s : ses %(players)s inscrits "
                "font %(tables)s tables au plus."
            )
            % {
                "table": table,
                "players": tournament.registrations.filter(withdrawn_from__isnull=True).count(),
                "tables": tables,
            },
            field="table",
            code="table_past_tables",
        )
    reason = required_reason(
        reason, missing=_("Donnez le motif de la table fixe (par exemple : mobilité réduite).")
    )
    before = FixedTable.objects.filter(registration=registration).first()
    taken = FixedTable.objects.filter(tournament=tournament, table=table).exclude(
        registration=registration
    )
    if taken.exists():
        raise Refused(
            _(
                "La table %(table)s est déjà la table fixe de %(player)s : un seul joueur "
                "par table fixe."
            )
            % {"table": table, "player": taken.get().registration.numbered},
            field="table",
            code="table_taken",
        )
    try:
        with transaction.atomic():
            fixed, _created = FixedTable.objects.update_or_create(
                registration=registration,
                defaults={
                    "tournament": tournament,
                    "table": table,
                    "reason": reason,
                    "added_by": str(by.label())[:400],
                },
            )
    except IntegrityError as error:
        raise refusal_for_violation(error, FixedTable) or error from error
    journal.record(
        tournament=tournament,
        action=journal.Action.TABLE_FIXED,
        by=by,
        subject=registration,
        before={"fixed_table": before.table, "reason": before.reason} if before else {},
        after={"fixed_table": table, "reason": reason},
    )
    return fixed


@retry_once_on_conflict
@transaction.atomic
def free_table(*, fixed: FixedTable, by: Actor) -> None:
    """The player is seated by the draw again, from the next seating drawn."""
    tournament = lock_tournament(fixed.tournament)
    if not FixedTable.objects.filter(pk=fixed.pk).exists():
        return
    journal.record(
        tournament=tournament,
        action=journal.Action.TABLE_FREED,
        by=by,
        subject=fixed.registration,
        before={"fixed_table": fixed.table, "reason": fixed.reason},
    )
    fixed.delete()
