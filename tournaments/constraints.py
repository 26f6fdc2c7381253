"""The constraint helpers the models' ``Meta.constraints`` share: a choice column's check,
made in Python by ``full_clean``, and the numbers that count from 1 within their parent."""

from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, models
from django.db.models import Q
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.choices import (
    MISERE_FIELDS,
    POIGNEE_FIELDS,
    FiveMode,
    MisereShown,
    PoigneeSize,
    RuleSet,
)


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


def rules_checks() -> list[models.BaseConstraint]:
    """The tournament's rules hold together (docs/scoring.md §Règles du club): the club's
    options only under the club's rules, which a homologable tournament never plays."""
    return [
        one_of("tournament", "rules", RuleSet, _("Règles inconnues : ce doit être {allowed}.")),
        models.CheckConstraint(
            condition=Q(rules=RuleSet.CLUB)
            | Q(club_miseres=False, club_individual_primes=False, club_round_to_ten=False),
            name="tournament_club_options_need_club_rules",
            violation_error_message=_(
                "Les misères, les primes individuelles et l'arrondi sont des règles du club : "
                "choisissez « Règles du club » pour les jouer."
            ),
        ),
        models.CheckConstraint(
            condition=Q(homologable=False) | Q(rules=RuleSet.FFT),
            name="tournament_homologable_plays_fft",
            violation_error_message=_(
                "Un tournoi homologable se joue aux règles FFT, sans règle de club."
            ),
        ),
        models.CheckConstraint(
            condition=~Q(five_mode=FiveMode.ALONE) | Q(rules=RuleSet.CLUB),
            name="tournament_seul_contre_tous_needs_club_rules",
            violation_error_message=_(
                "Le seul contre tous à 5 est une règle du club : choisissez « Règles du "
                "club » pour le jouer."
            ),
        ),
    ]


def prime_checks() -> list[models.BaseConstraint]:
    """Each seat's poignée and misères on a deal: known values, and no « pas d'atout » with a
    poignée (a player without a trump has none to show)."""
    return [
        *(
            one_of(
                "deal",
                field,
                PoigneeSize,
                _("Poignée {place} inconnue : ce doit être {allowed}."),
                null=True,
                place=place.label,
            )
            for place, field in POIGNEE_FIELDS.items()
        ),
        *(
            one_of(
                "deal",
                field,
                MisereShown,
                _("Misère {place} inconnue : ce doit être {allowed}."),
                null=True,
                place=place.label,
            )
            for place, field in MISERE_FIELDS.items()
        ),
        *(
            models.CheckConstraint(
                condition=Q(**{f"{POIGNEE_FIELDS[place]}__isnull": True})
                | Q(**{f"{field}__isnull": True})
                | Q(**{field: MisereShown.PAS_D_HONNEUR}),
                name=f"deal_{field}_no_trump_no_poignee",
                violation_error_message=_(
                    "%(place)s annonce « pas d'atout » : il ne peut pas montrer de poignée."
                )
                % {"place": place.label},
            )
            for place, field in MISERE_FIELDS.items()
        ),
    ]


def result_checks() -> list[models.BaseConstraint]:
    """A deal's result holds together: « tous passent » or a taker and a contract, and once
    played, its points, bouts and marques all in."""
    return [
        # A deal is either "tous passent" (no taker, no contract, everyone marks 0) or
        # has a taker and a contract, its result following after play.
        models.CheckConstraint(
            condition=(
                Q(
                    all_pass=True,
                    taker__isnull=True,
                    contract__isnull=True,
                    points__isnull=True,
                    marque_nord=0,
                    marque_est=0,
                    marque_sud=0,
                )
                | Q(all_pass=False, taker__isnull=False, contract__isnull=False)
            ),
            name="deal_all_pass_or_taken",
            violation_error_message=_(
                "Une donne a un preneur et un contrat, sauf quand tous passent : "
                "elle n'a alors ni preneur, ni contrat, ni points, et chacun marque 0."
            ),
        ),
        # Once the result is in, the deal is scored: points, bouts and marques together.
        models.CheckConstraint(
            condition=(
                Q(points__isnull=True, bouts__isnull=True, marque_nord__isnull=True)
                | Q(
                    points__isnull=False,
                    bouts__isnull=False,
                    marque_nord__isnull=False,
                    marque_est__isnull=False,
                    marque_sud__isnull=False,
                )
                | Q(all_pass=True)
            ),
            name="deal_played_is_scored",
            violation_error_message=_(
                "Une donne jouée s'inscrit en entier : les points, les bouts et la marque "
                "de chaque joueur."
            ),
        ),
    ]
