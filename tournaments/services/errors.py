"""The refusals of the tournaments' services beyond the one ``Refused`` (common.refusals):
a constraint the database enforced, put in its own words, and a reason the arbitre must give.
"""

from django.db import IntegrityError, models
from django.utils.translation import gettext as _

from common.db import violated_constraint
from common.refusals import Refused


def refusal_for_violation(error: IntegrityError, model: type[models.Model]) -> Refused | None:
    """The refusal of a write the database turned down, in the words of the constraint it
    broke (its ``violation_error_message``), on the field that constraint is about; None when
    ``error`` names none of ``model``'s constraints.

    The database holds the rules; checking them again before each write would cost a query
    each (``full_clean``). So a write simply runs, and only a write that breaks a rule pays
    for finding out which one.
    """
    constraint = violated_constraint(error, model)
    if constraint is None:
        return None
    return Refused(
        constraint.get_violation_error_message(),
        field=_constraint_field(model, constraint),
        code=constraint.violation_error_code or "refused",
    )


def _constraint_field(model: type[models.Model], constraint: models.BaseConstraint) -> str | None:
    """The one field typed by a person that the constraint is about (a deal's number, its
    bouts), or None when it is about several, or about what nobody types (the table, the
    form's id): its message then goes above the form."""
    if isinstance(constraint, models.UniqueConstraint):
        names = constraint.fields
    elif isinstance(getattr(constraint, "condition", None), models.Q):
        names = constraint.condition.referenced_base_fields
    else:
        names = ()
    fields = [model._meta.get_field(name) for name in names]
    typed = [field.name for field in fields if field.editable and not field.is_relation]
    return typed[0] if len(typed) == 1 else None


REASON_MAX_LENGTH = 300


def required_reason(reason: str, *, missing: str) -> str:
    """A reason the arbitre must give (a forced closing, a penalty), on one line.

    Refused with ``missing`` when empty, and when longer than the register keeps.
    """
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refused(missing, field="reason", code="reason_missing")
    if len(reason) > REASON_MAX_LENGTH:
        raise Refused(
            _("Le motif tient en %(max)s caractères au plus.") % {"max": REASON_MAX_LENGTH},
            field="reason",
            code="reason_too_long",
        )
    return reason
