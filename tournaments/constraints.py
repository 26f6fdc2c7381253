"""The constraint helpers the models' ``Meta.constraints`` share: a choice column's check,
made in Python by ``full_clean``, and the numbers that count from 1 within their parent."""

from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, models
from django.db.models import Q
from django.utils.functional import lazy
from django.utils.text import format_lazy


def spoken(choices: type[models.TextChoices]) -> str:
    """« Prise », « Garde », « Garde sans » ou « Garde contre »: what a column allows, said
    in a message. Lazy, like the labels it quotes."""

    def say() -> str:
        quoted = [f"« {label} »" for label in choices.labels]
        return f"{', '.join(quoted[:-1])} ou {quoted[-1]}"

    return lazy(say, str)()


class ChoiceCheck(models.CheckConstraint):
    """A choice column's check, which ``full_clean`` makes in Python.

    A plain CheckConstraint asks the database in ``full_clean`` (a query, in a savepoint): one
    per choice column would double the queries of each deal saved. The value is in the list or
    it is not; the database still checks every write, and migrations see a plain CheckConstraint.
    """

    def __init__(self, *, field: str, allowed: tuple[str | None, ...], **options) -> None:
        self.field, self.allowed = field, allowed
        condition = Q(**{f"{field}__in": [value for value in allowed if value is not None]})
        if None in allowed:
            condition |= Q(**{f"{field}__isnull": True})
        super().__init__(condition=condition, **options)

    def deconstruct(self):
        _path, args, kwargs = super().deconstruct()
        return "django.db.models.CheckConstraint", args, kwargs

    def clone(self) -> "ChoiceCheck":
        # Django clones each constraint of Meta when it makes the model: keep the field's list.
        _path, args, kwargs = self.deconstruct()
        del kwargs["condition"]
        return type(self)(*args, field=self.field, allowed=self.allowed, **kwargs)

    # Django's signature: the model and the database are not needed to read one value.
    def validate(self, model, instance, exclude=None, using=DEFAULT_DB_ALIAS) -> None:  # noqa: ARG002
        if exclude and self.field in exclude:
            return
        if getattr(instance, self.field) not in self.allowed:
            raise ValidationError(
                self.get_violation_error_message(), code=self.violation_error_code
            )


def one_of(
    model: str,
    field: str,
    choices: type[models.TextChoices],
    message: str,
    *,
    null: bool = False,
    **words: str,
) -> models.CheckConstraint:
    """The database's own check, ``<model>_<field>_known``, that a choice column holds one of
    its choices (or nothing, where the column may be empty), whatever writes it, raw SQL too.

    ``message`` says what is refused in a club's words: ``{allowed}`` in it becomes the
    choices, and each of ``words`` its own ``{word}``.
    """
    return ChoiceCheck(
        field=field,
        allowed=(*choices.values, None) if null else tuple(choices.values),
        name=f"{model}_{field}_known",
        violation_error_message=format_lazy(message, allowed=spoken(choices), **words),
    )


def numbered(model: str, *, within: str, taken: str, from_one: str) -> list[models.BaseConstraint]:
    """A ``number`` that counts from 1 and is taken once ``within`` its parent: participants in
    a tournament, positions in a tournament, tables in a position, deals on a sheet."""
    return [
        models.UniqueConstraint(
            fields=[within, "number"],
            name=f"{model}_number_unique",
            violation_error_message=taken,
        ),
        models.CheckConstraint(
            condition=Q(number__gte=1),
            name=f"{model}_number_positive",
            violation_error_message=from_one,
        ),
    ]
