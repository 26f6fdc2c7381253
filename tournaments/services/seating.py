"""Storing each position's seating, planned by ``seating``, swapping seats by hand
and publishing the plan.

Past positions never change: a position is seated once the previous one is, and a seating can
be redone or swapped by hand only while no deal was played in it.
"""

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.actors import Actor
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.refusals import Refused
from seating import SeatingError, table_sizes
from tournaments.championship import (
    Draw,
    StageSpan,
    commit_first_draw,
    commitment_published,
    draw_input,
    drawn,
    make_draw,
    note_swap,
    pending_draw,
    reveal_published,
    span_of,
    tournament_stages,
)
from tournaments.choices import PLACES_BY_TABLE_SIZE
from tournaments.models import Deal, Position, Registration, Seat, Table, Tournament
from tournaments.selectors.placement import swap_repeats
from tournaments.selectors.registrations import (
    last_played_position_number,
    last_seated_position_number,
    position_participants,
)
from tournaments.selectors.seating import seating_changes
from tournaments.selectors.seating_wishes import (
    ApartSwapped,
    FixedSwapped,
    fixed_past_tables,
    swap_breaks_wishes,
)
from tournaments.services import journal
from tournaments.services.locks import lock_position, lock_tournament
from tournaments.services.penalties import cancel_penalties_of_unseated


def _locked_tournament(tournament: Tournament) -> Tournament:
    return lock_tournament(tournament)


@retry_once_on_conflict
@transaction.atomic
def seat_position(
    *, position: Position, tables: Sequence[Sequence[Registration]], by: Actor
) -> list[Table]:
    """Seat the players of one position, a table per list, in seat order (Nord, Est, ...).

    Replaces any seating the position had, which is only allowed while no deal was played;
    the penalties of players it no longer seats are cancelled (``cancel_penalties_of_unseated``).
    """
    created = _store_seating(position, tables)
    cancel_penalties_of_unseated(position=position, by=by)
    journal.record_change(
        action=journal.Action.SEATING_PLANNED,
        by=by,
        position=position,
        subject=position,
        after=_seated(tables),
    )
    return created


def _seated(tables: Sequence[Sequence[Registration]]) -> dict:
    """A seating as its journal entry says it: how many tables and players."""
    return {"tables": len(tables), "players": sum(len(players) for players in tables)}


def _store_seating(position: Position, tables: Sequence[Sequence[Registration]]) -> list[Table]:
    if Deal.objects.filter(table__position=position).exists():
        raise Refused(
            _("Des donnes ont déjà été jouées dans cette position : son placement est figé."),
            code="position_played",
        )
    for players in tables:
        if len(players) not in PLACES_BY_TABLE_SIZE:
            raise Refused(
                _("Une table compte 3, 4 ou 5 joueurs, pas %(count)s.") % {"count": len(players)},
                code="table_size",
            )
    position.tables.all().delete()
    # Every table in one insert, then every seat in another, by keys: a query per table,
    # and the related objects set on each seat, took seconds at 500 tables.
    created = Table.objects.bulk_create(
        Table(position=position, number=number) for number in range(1, len(tables) + 1)
    )
    Seat.objects.bulk_create(
        Seat(
            position_id=position.pk,
            table_id=table.pk,
            place=place,
            registration_id=registration.pk,
        )
        for table, players in zip(created, tables, strict=True)
        for place, registration in zip(PLACES_BY_TABLE_SIZE[len(players)], players, strict=True)
    )
    return created


@retry_once_on_conflict
@transaction.atomic
def plan_position(
    *,
    tournament: Tournament,
    number: int,
    by: Actor,
    reason: str = "",  # noqa: ARG001 - kept for its callers: the reason is the commitment's
) -> Position:
    """Seat position ``number`` with the generator, keeping every earlier position as it is.

    The generator plans every position still to come, so that this one leaves the later ones
    room to avoid repeat meetings. This one is stored, and so are the later positions already
    seated ahead of time, all in this one step: their seating was drawn after this one's, so
    it is drawn again with it (a position where a deal was played never changes). The later
    positions not seated yet are planned again when their turn comes, with the players then
    present. Every seating stored here is unpublished.

    The draw is the one committed for this position (``services.draws.commit_draw``), in an
    earlier request that showed the commitment in the room and journalled it: its seed comes
    from the commitment's secret and the public input (docs/tirage.md). Without a commitment
    waiting, nothing is drawn: a commitment fixed in the same step would be one nobody saw.
    ``reason`` is the commitment's, given to ``commit_draw`` when it is fixed; a caller's is
    no longer read here.

    The penalties of the players a new seating no longer seats at its position are cancelled,
    struck through in the register; the position returned lists them in
    ``penalties_cancelled``, for the arbitre to be told.
    """
    # One planning at a time per tournament: a double tap on « Générer » waits for the first,
    # then draws again, instead of both creating table 1.
    tournament = _locked_tournament(tournament)
    if not 1 <= number <= tournament.positions_count:
        raise Refused(
            _("Le tournoi compte %(count)s positions.") % {"count": tournament.positions_count},
            code="no_such_position",
        )
    last_seated = last_seated_position_number(tournament=tournament)
    if number > last_seated + 1:
        raise Refused(
            _("Placez d'abord la position %(number)s.") % {"number": last_seated + 1},
            code="previous_not_seated",
        )
    later_played = last_played_position_number(tournament=tournament)
    if number < later_played:
        raise Refused(
            _("La position %(later)s a commencé : la position %(number)s ne change plus.")
            % {"later": later_played, "number": number},
            code="later_played",
        )
    spans = tournament_stages(tournament)
    span = span_of(spans, number)
    if span is not None and span.number > 1 and number == span.first:
        _check_previous_stage(tournament, spans[span.number - 2], span)
    last = span.last if span is not None else tournament.positions_count
    position, _created = Position.objects.get_or_create(tournament=tournament, number=number)
    # The position locked after the tournament and before its tables (services.locks).
    position = lock_position(position, tournament=tournament)
    if position.closed_at:
        raise Refused(_("Cette position est close."), code="position_closed")
    # Within the stage: the next stage's players are not known before this one ends.
    seated_ahead = list(
        tournament.positions.filter(number__gt=number, number__lte=min(last_seated, last)).order_by(
            "number"
        )
    )
    # Arrivals and withdrawals take effect from the first position not started, and every
    # position planned here comes after it: the same players play them all.
    participants = position_participants(tournament=tournament, number=number)
    _check_fixed_tables(tournament, participants)
    draw = _shown_commitment(tournament, number)
    document = draw_input(
        tournament=tournament,
        number=number,
        positions=last - number + 1,
        participants=participants,
    )
    try:
        plan = make_draw(draw=draw, input_document=document, stored=1 + len(seated_ahead))
    except SeatingError as error:
        raise Refused(str(error), code="seating") from error
    by_player = {r.player_id: r for r in participants}
    cancelled = []
    for planned, tables in zip([position, *seated_ahead], plan, strict=False):
        seated = [[by_player[pk] for pk in table] for table in tables]
        _store_seating(planned, seated)
        action = (
            journal.Action.SEATING_PLANNED
            if planned is position
            else journal.Action.SEATING_REPLANNED
        )
        journal.record_change(
            action=action,
            by=by,
            position=planned,
            subject=planned,
            after=_seated(seated) | drawn(draw),
        )
        cancelled += cancel_penalties_of_unseated(position=planned, by=by)
        if planned.seating_published_at:
            planned.seating_published_at = None
            planned.save(update_fields=["seating_published_at"])
    position.penalties_cancelled = cancelled
    return position


def _check_fixed_tables(tournament: Tournament, participants: Sequence[Registration]) -> None:
    """A fixed table the players present do not make is refused here, naming the player:
    the generator would refuse it too, by its numbers only."""
    try:
        tables = len(table_sizes(player_count=len(participants), allow_five=tournament.allow_five))
    except SeatingError:
        return  # The generator says why these players cannot be seated.
    past = fixed_past_tables(tournament=tournament, participants=participants, tables=tables)
    if past:
        raise Refused(
            " ".join(
                [*past, _("Changez ou retirez sa table fixe (page « Contraintes de placement »).")]
            ),
            code="fixed_past_tables",
        )


def _shown_commitment(tournament: Tournament, number: int) -> Draw:
    """The commitment waiting for position ``number``, as the journal published it; else
    the refusal that asks for it first."""
    draw = pending_draw(tournament=tournament, number=number)
    if draw is None:
        raise Refused(
            _(
                "Fixez d'abord l'engagement du tirage de la position %(number)s : il s'affiche "
                "dans la salle et sur l'écran de projection avant que le placement soit tiré."
            )
            % {"number": number},
            code="commitment_first",
        )
    if not commitment_published(draw):
        raise Refused(
            _(
                "L'engagement de ce tirage n'est pas celui que le journal a publié : fixez "
                "l'engagement d'un nouveau tirage, avec son motif."
            ),
            code="commitment_changed",
        )
    if not draw.room_seed:
        raise Refused(
            _(
                "Saisissez d'abord la graine de la salle : les chiffres qu'un joueur tape, "
                "ou les dés lancés dans la salle, une fois l'engagement affiché."
            ),
            code="room_seed_first",
        )
    return draw


def _check_previous_stage(tournament: Tournament, previous: StageSpan, span: StageSpan) -> None:
    """A stage is seated once the previous one is over and its cut is known."""
    closed = tournament.positions.filter(
        number__in=previous.positions, closed_at__isnull=False
    ).count()
    if closed < len(previous.positions):
        raise Refused(
            _(
                "La phase « %(previous)s » n'est pas close : la phase « %(name)s » se place "
                "une fois toutes ses positions closes."
            )
            % {"previous": previous.name, "name": span.name},
            code="previous_stage_open",
        )
    if previous.cut is None:
        raise Refused(
            _(
                "La phase « %(previous)s » ne dit pas combien de joueurs se qualifient : "
                "fixez-le avant de placer la phase « %(name)s »."
            )
            % {"previous": previous.name, "name": span.name},
            code="no_cut",
        )


@retry_once_on_conflict
@transaction.atomic
def swap_seats(
    *, position: Position, first: Seat, second: Seat, by: Actor, reason: str = ""
) -> None:
    """Swap the players of two seats of one position, by the arbitre's hand.

    A swap that seats together two players who already met (at another position), or that
    breaks one of the arbitre's seating wishes the seating keeps (a pair kept apart seated
    together, a player taken from their fixed table), is refused with who and where, every
    reason in one message, until the arbitre gives a ``reason``: the choice stays theirs, and
    the public list of swaps shows it beside what it breaks. That refusal is a ``SwapWarning``
    (code ``swap_repeats`` when it repeats a meeting, else ``swap_wishes``)."""
    _locked_tournament(position.tournament)
    # Read again under the lock: the same swap posted twice finds its seats already rewritten.
    current = {
        seat.pk: seat
        for seat in Seat.objects.filter(pk__in=[first.pk, second.pk]).select_related(
            "table", "registration__player"
        )
    }
    if first.pk not in current or second.pk not in current:
        raise Refused(
            _("Le placement vient de changer : vérifiez-le avant d'échanger."), code="stale"
        )
    first, second = current[first.pk], current[second.pk]
    if first.position_id != position.pk or second.position_id != position.pk:
        raise Refused(_("Ces places ne sont pas de cette position."), code="other_position")
    if first.pk == second.pk:
        raise Refused(_("Choisissez deux joueurs différents."), code="same_seat", field="second")
    if position.closed_at or Deal.objects.filter(table__position=position).exists():
        raise Refused(
            _("Des donnes ont déjà été jouées dans cette position : son placement est figé."),
            code="position_played",
        )
    repeats = swap_repeats(position=position, first=first, second=second)
    broken = swap_breaks_wishes(position=position, first=first, second=second)
    reason = reason.strip()
    if (repeats or broken) and not reason:
        raise SwapWarning(_swap_warnings(repeats, broken), repeats=bool(repeats))
    # A player is seated once per position (a constraint checked at every row), so the two
    # seats are written again rather than updated one after the other.
    swapped = [
        Seat(
            position=position,
            table_id=first.table_id,
            place=first.place,
            registration_id=second.registration_id,
        ),
        Seat(
            position=position,
            table_id=second.table_id,
            place=second.place,
            registration_id=first.registration_id,
        ),
    ]
    Seat.objects.filter(pk__in=[first.pk, second.pk]).delete()
    Seat.objects.bulk_create(swapped)
    note_swap(
        position=position,
        first_player=first.registration.player_id,
        second_player=second.registration.player_id,
        by=by,
        reason=reason,
        repeats=[
            [repeat.first.player_id, repeat.second.player_id, repeat.position, repeat.table]
            for repeat in repeats
        ],
        apart=[
            [wish.first.player_id, wish.second.player_id, wish.table]
            for wish in broken
            if isinstance(wish, ApartSwapped)
        ],
        fixed=[
            [wish.registration.player_id, wish.fixed, wish.table]
            for wish in broken
            if isinstance(wish, FixedSwapped)
        ],
    )
    _record_swap(position, first, second, by, reason=reason if repeats or broken else "")


class SwapWarning(Refused):
    """A swap refused until the arbitre writes its reason: ``warnings``, one sentence each
    thing it breaks, then the message says how to swap all the same."""

    def __init__(self, warnings: list[str], *, repeats: bool):
        self.warnings = warnings
        super().__init__(
            " ".join(
                [*warnings, _("Pour échanger quand même, écrivez le motif : il sera public.")]
            ),
            code="swap_repeats" if repeats else "swap_wishes",
            field="reason",
        )


def _swap_warnings(repeats: Sequence, broken: Sequence) -> list[str]:
    """What a swap would break, in French: the meetings it repeats, then the wishes."""
    said = [str(wish) for wish in broken]
    if repeats:
        said.insert(
            0,
            _("Cet échange ferait se rencontrer de nouveau %(repeats)s.")
            % {"repeats": _(" ; ").join(str(repeat) for repeat in repeats)},
        )
    return said


def _record_swap(
    position: Position, first: Seat, second: Seat, by: Actor, *, reason: str = ""
) -> None:
    """Who sat where before the swap, and after: each seat named by its table and place."""
    first_place = f"{first.table} {first.get_place_display()}"
    second_place = f"{second.table} {second.get_place_display()}"
    journal.record(
        tournament=position.tournament,
        action=journal.Action.SEATING_SWAPPED,
        by=by,
        position=position,
        table=first.table if first.table_id == second.table_id else None,
        subject=first.registration,
        before={first_place: first.registration, second_place: second.registration},
        after={first_place: second.registration, second_place: first.registration}
        | ({"reason": reason} if reason else {}),
    )


@retry_once_on_conflict
@transaction.atomic
def publish_seating(*, position: Position, by: Actor) -> Position:
    """Show a position's seating to the players; the tournament is then under way.

    A seating that no longer matches who plays the position (an arrival or a withdrawal
    since it was drawn) is refused, naming the players concerned.
    """
    # Under the lock that planning takes, so that a seating drawn again meanwhile is the one
    # checked and published.
    _locked_tournament(position.tournament)
    if not position.tables.exists():
        raise Refused(_("Cette position n'est pas encore placée."), code="not_seated")
    changes = seating_changes(position=position)
    if changes.stale:
        raise Refused(changes.message, code="seating_stale")
    tournament = position.tournament
    before = {"seating_published": position.seating_published_at is not None, **_status(tournament)}
    position.seating_published_at = timezone.now()
    position.save(update_fields=["seating_published_at"])
    reveal_published(position=position, by=by)
    if position.number < tournament.positions_count:
        # The next position's commitment, fixed now: shown in the room and on the projector
        # while this one is played, before anyone knows who will play the next.
        commit_first_draw(tournament=tournament, number=position.number + 1, by=by)
    if tournament.status == Tournament.Status.PREPARATION:
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    journal.record(
        tournament=tournament,
        action=journal.Action.SEATING_PUBLISHED,
        by=by,
        position=position,
        subject=position,
        before=before,
        after={"seating_published": True, **_status(tournament)},
    )
    return position


def _status(tournament: Tournament) -> dict:
    return fields_of(tournament, ["status"])
