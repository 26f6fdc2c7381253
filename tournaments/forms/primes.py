"""The primes of a deal as the sheet's form reads them (docs/scoring.md §One deal, 4-6 and
§Règles du club): the petit au bout and the chelem, typed for the whole deal, and the
poignées and misères, typed seat by seat. ``SeatPrime`` adds a seat's fields to the form and
reads them back; ``typed_primes`` reads every prime of a form's cleaned data, as
``DealResult`` holds them (``DealForm.result``)."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from django import forms

from tournaments.choices import MisereShown, PoigneeSize
from tournaments.widgets import choice_buttons

NONE = ""


@dataclass(frozen=True)
class SeatPrime:
    """A prime typed seat by seat: one choice a seat (« — » for none), its field named by
    ``prefix`` and the seat's place (« poignee_N »)."""

    prefix: str
    choices: list[tuple[str, str]]

    def field_name(self, place: str) -> str:
        return f"{self.prefix}{place}"

    def add_fields(self, form: forms.Form, names: Iterable[tuple[str, str]]) -> list[str]:
        """One choice a seat added to ``form``, each labelled with the seat's player
        (``names``: place and name); the fields' names, in seat order."""
        fields = []
        for place, name in names:
            name_of_field = self.field_name(place)
            form.fields[name_of_field] = choice_buttons([(NONE, "—"), *self.choices], initial=NONE)
            form.fields[name_of_field].label = name
            fields.append(name_of_field)
        return fields

    def chosen(self, data: Mapping, fields: Iterable[str]) -> dict[str, str]:
        """What each seat of ``fields`` showed, by place, for the seats that showed something."""
        return {name.removeprefix(self.prefix): data[name] for name in fields if data.get(name)}


POIGNEES = SeatPrime("poignee_", PoigneeSize.choices)
MISERES = SeatPrime("misere_", MisereShown.choices)


@dataclass(frozen=True)
class TypedPrimes:
    """The primes of one deal as typed; its fields are ``DealResult``'s of the same names."""

    petit_au_bout: str | None = None
    chelem: str | None = None
    chelem_announced: bool = False
    poignees: dict[str, str] = field(default_factory=dict)
    miseres: dict[str, str] = field(default_factory=dict)

    @property
    def played(self) -> bool:
        """Whether a prime says the deal was played, so that its points are due; the chelem
        announced is said at the bidding, before."""
        return bool(self.petit_au_bout or self.chelem or self.poignees or self.miseres)


def typed_primes(
    data: Mapping, *, poignee_fields: Iterable[str] = (), misere_fields: Iterable[str] = ()
) -> TypedPrimes:
    """The primes in a deal form's cleaned ``data``: a choice left empty is no prime; of the
    seats, only the fields the form asked are read (``poignee_fields``, ``misere_fields``,
    from ``SeatPrime.add_fields``)."""
    return TypedPrimes(
        petit_au_bout=data.get("petit_au_bout") or None,
        chelem=data.get("chelem") or None,
        chelem_announced=bool(data.get("chelem_announced")),
        poignees=POIGNEES.chosen(data, poignee_fields),
        miseres=MISERES.chosen(data, misere_fields),
    )
