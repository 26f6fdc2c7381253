"""Money as a French page writes it: « 1 234,56 € »."""

from django import template

register = template.Library()


@register.filter
def euros(cents: int | None) -> str:
    """Cents in euros, the thousands set apart by a narrow space: « 1 234,56 € »."""
    if cents is None:
        return ""
    sign = "−" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}{whole:,}".replace(",", "\u202f") + f",{part:02d}\u00a0€"


@register.filter
def french_list(names: list[str]) -> str:
    """« A », « A et B », « A, B et C »."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " et " + names[-1]
