"""A championship's stages (« phases »): adding them, changing them while they fit what is
seated, taking the last one off.

A tournament with stages plays as many positions as its stages together
(``Tournament.positions_count`` follows them). Every refusal leaves everything as it was.
"""

from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext as _

from championships.models import Stage
from championships.models.stages import SMALLEST_FIELD
from championships.selectors.hall_tables import stage_field
from championships.selectors.stages import StageSpan, tournament_stages
from common.actors import Actor
from common.db import retry_once_on_conflict
from common.journal import fields_of
from common.refusals import Refused, clean_or_refuse
from tournaments.models import Tournament
from tournaments.selectors.registrations import last_seated_position_number
from tournaments.services import journal
from tournaments.services.locks import lock_tournament

STAGE_FIELDS = (
    "name",
    "positions_count",
    "cut",
    "cut_per_hall",
    "carry_numerator",
    "carry_denominator",
)


@retry_once_on_conflict
@transaction.atomic
def add_stage(
    *,
    tournament: Tournament,
    name: str,
    positions_count: int,
    carry_over: Fraction = Fraction(0),
    by: Actor,
) -> Stage:
    """A new last stage of ``positions_count`` positions, after the others. The first stage
    added to a tournament starts at its first position; the previous last stage then needs
    its cut (``update_stage``) before this one can be seated."""
    tournament = lock_tournament(tournament)
    spans = tournament_stages(tournament)
    number = len(spans) + 1
    if number == 1 and carry_over:
        raise Refused(
            _("La première phase ne reporte rien : aucune phase ne la précède."),
            code="first_carries_nothing",
            field="carry_over",
        )
    stage = Stage(
        tournament=tournament,
        number=number,
        name=name.strip(),
        positions_count=positions_count,
        carry_numerator=carry_over.numerator,
        carry_denominator=carry_over.denominator,
    )
    _save(stage)
    _follow_stages(tournament, by)
    journal.record_fields(
        action=journal.Action.STAGE_ADDED, by=by, subject=stage, fields=STAGE_FIELDS
    )
    return stage


@retry_once_on_conflict
@transaction.atomic
def update_stage(
    *,
    stage: Stage,
    name: str,
    positions_count: int,
    cut: int | None,
    cut_per_hall: bool = False,
    carry_over: Fraction = Fraction(0),
    by: Actor,
) -> Stage:
    """Change a stage: its name always; its positions while those seated still fit; its cut
    until the next stage is seated, within its field; its carry-over until it is seated."""
    tournament = lock_tournament(stage.tournament)
    # Through the tournament locked, which the stage read then holds (its journal entry's).
    stage = tournament.stages.get(pk=stage.pk)
    spans = tournament_stages(tournament)
    span = spans[stage.number - 1]
    last_seated = last_seated_position_number(tournament=tournament)
    later = spans[stage.number] if stage.number < len(spans) else None
    if positions_count != stage.positions_count:
        _check_positions(span, later, positions_count, last_seated)
    if cut != stage.cut or cut_per_hall != stage.cut_per_hall:
        _check_cut(tournament, spans, span, later, cut, last_seated)
        if cut_per_hall:
            _check_cut_per_hall(tournament, spans, span, cut)
    if carry_over != stage.carry_over and last_seated >= span.first:
        raise Refused(
            _("La phase « %(name)s » est déjà placée : son report ne change plus.")
            % {"name": stage.name},
            code="stage_seated",
            field="carry_over",
        )
    before = fields_of(stage, STAGE_FIELDS)
    stage.name = name.strip()
    stage.positions_count = positions_count
    stage.cut = cut
    stage.cut_per_hall = cut_per_hall
    stage.carry_numerator, stage.carry_denominator = carry_over.numerator, carry_over.denominator
    _save(stage)
    _follow_stages(tournament, by)
    journal.record_fields(
        action=journal.Action.STAGE_UPDATED,
        by=by,
        subject=stage,
        fields=STAGE_FIELDS,
        before=before,
    )
    return stage


@retry_once_on_conflict
@transaction.atomic
def delete_stage(*, stage: Stage, by: Actor) -> None:
    """Take the last stage off, while none of its positions is seated; the stage before it
    becomes the last, and qualifies nobody."""
    tournament = lock_tournament(stage.tournament)
    spans = tournament_stages(tournament)
    span = spans[stage.number - 1]
    if span.number != len(spans):
        raise Refused(_("Seule la dernière phase peut être supprimée."), code="not_last_stage")
    if last_seated_position_number(tournament=tournament) >= span.first:
        raise Refused(
            _("La phase « %(name)s » est déjà placée : elle ne peut plus être supprimée.")
            % {"name": span.name},
            code="stage_seated",
        )
    before = fields_of(stage, STAGE_FIELDS)
    subject = str(stage)
    stage.delete()
    tournament.stages.filter(number=span.number - 1).update(cut=None, cut_per_hall=False)
    _follow_stages(tournament, by)
    journal.record(
        tournament=tournament,
        action=journal.Action.STAGE_DELETED,
        by=by,
        before={**before, "stage": subject},
    )


def _save(stage: Stage) -> None:
    clean_or_refuse(stage)
    stage.save()


def _follow_stages(tournament: Tournament, by: Actor) -> None:
    """The tournament plays as many positions as its stages together."""
    total = sum(
        span.positions.stop - span.positions.start for span in tournament_stages(tournament)
    )
    if total and total != tournament.positions_count:
        before = fields_of(tournament, ["positions_count"])
        tournament.positions_count = total
        tournament.save(update_fields=["positions_count"])
        journal.record_fields(
            action=journal.Action.TOURNAMENT_UPDATED,
            by=by,
            subject=tournament,
            fields=["positions_count"],
            before=before,
        )


def _check_positions(
    span: StageSpan, later: StageSpan | None, count: int, last_seated: int
) -> None:
    if later is not None and last_seated >= later.first:
        raise Refused(
            _(
                "La phase « %(next)s » est déjà placée : les positions des phases précédentes "
                "ne changent plus."
            )
            % {"next": later.name},
            code="later_stage_seated",
            field="positions_count",
        )
    if span.first + count - 1 < last_seated:
        raise Refused(
            _("La position %(number)s est déjà placée : la phase en compte au moins jusque-là.")
            % {"number": last_seated},
            code="positions_seated",
            field="positions_count",
        )


def _check_cut(
    tournament: Tournament,
    spans: list[StageSpan],
    span: StageSpan,
    later: StageSpan | None,
    cut: int | None,
    last_seated: int,
) -> None:
    """A cut names how many go on to a next stage, at least a table of them and no more than
    the stage's field; it is fixed once the next stage is seated."""
    if later is None:
        if cut is None:
            return
        raise Refused(
            _("La dernière phase ne qualifie pour aucune autre : ajoutez d'abord la suivante."),
            code="last_stage_cut",
            field="cut",
        )
    if last_seated >= later.first:
        raise Refused(
            _("La phase « %(next)s » est déjà placée : le nombre de qualifiés ne change plus.")
            % {"next": later.name},
            code="next_stage_seated",
            field="cut",
        )
    if cut is None:
        return
    if cut < SMALLEST_FIELD:
        raise Refused(
            _(
                "La phase « %(next)s » se joue à une table au moins : %(least)s qualifiés au "
                "minimum."
            )
            % {"next": later.name, "least": SMALLEST_FIELD},
            code="cut_below_table",
            field="cut",
        )
    field = stage_field(tournament, spans, span)
    if field is not None and cut > field:
        raise Refused(
            _(
                "La phase « %(name)s » compte %(field)s joueurs : elle ne peut pas en qualifier "
                "%(cut)s."
            )
            % {"name": span.name, "field": field, "cut": cut},
            code="cut_above_field",
            field="cut",
        )


def _check_cut_per_hall(
    tournament: Tournament, spans: list[StageSpan], span: StageSpan, cut: int | None
) -> None:
    """A cut per hall needs halls, and N of each of them no more than the stage's field."""
    halls = tournament.halls.count()
    if cut is None:
        raise Refused(
            _("Une qualification par salle dit combien de joueurs de chaque salle."),
            code="cut_per_hall_without_cut",
            field="cut",
        )
    if not halls:
        raise Refused(
            _("Ce tournoi n'a pas de salles : la qualification se fait sur tout le classement."),
            code="no_halls",
            field="cut_per_hall",
        )
    field = stage_field(tournament, spans, span)
    if field is not None and cut * halls > field:
        raise Refused(
            _(
                "La phase « %(name)s » compte %(field)s joueurs : %(cut)s par salle dans "
                "%(halls)s salles en feraient %(total)s."
            )
            % {"name": span.name, "field": field, "cut": cut, "halls": halls, "total": cut * halls},
            code="cut_above_field",
            field="cut",
        )
