"""Dates as French writes them: « 1er septembre », then « 2 septembre »."""

import datetime

from django.utils.dateformat import format as date_format


def french_date(value: datetime.date | None, pattern: str) -> str:
    """``value`` in Django's date ``pattern`` (« j F Y », « l j F Y »…), the first day of a
    month written « 1er » as French writes it (« samedi 1er novembre 2026 »)."""
    if value is None:
        return ""
    if value.day == 1:
        pattern = pattern.replace("j", r"j\e\r", 1)
    return date_format(value, pattern)
