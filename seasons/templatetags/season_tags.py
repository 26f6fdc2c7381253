"""How a season's numbers read: exact fractions shown rounded half up to one decimal."""

import threading
from collections import OrderedDict
from fractions import Fraction
from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.season import rounded
from scoring.values import MINUS, signed

register = template.Library()


@register.filter
def score(value) -> str:
    """1000/3 as « 333,3 », −5/4 as « −1,3 », 1200 and 11189/10 as « 1200 » and « 1119 »;
    empty for nothing."""
    if value is None or value == "":
        return ""
    shown = rounded(Fraction(value))
    text = str(int(shown)) if shown == shown.to_integral_value() else str(shown)
    return text.replace("-", MINUS).replace(".", ",")


@register.filter
def evening_sum(evenings) -> str:
    """The values of ``evenings`` (a line's counted evenings) as French writes a sum:
    « 846 − 589 + 12 », a negative one subtracted rather than « + −589 »."""
    terms = []
    for index, evening in enumerate(evenings):
        value = Fraction(evening.result.value)
        if index == 0:
            terms.append(score(value))
        else:
            terms.append(f"{MINUS if value < 0 else '+'} {score(abs(value))}")
    return " ".join(terms)


@register.filter
def signed_score(value) -> str:
    """A score with its sign, as the sheets write totals: « +120 », « −33,3 », « 0 »."""
    if value is None or value == "":
        return ""
    return signed(Fraction(value), words=score)


@register.filter
def percent_of(part, whole) -> str:
    """« 12 % », rounded half up to the unit: the share a French reader expects."""
    if not whole:
        return ""
    return f"{rounded(Fraction(int(part) * 100, int(whole)), 0)}\N{NO-BREAK SPACE}%"


@register.simple_tag
def season_evenings(line, method: str) -> SafeString:
    """A player's evenings in the season, as the page lists them under their line (« 04/09/2026
    · Soirée : place 2 sur 48, total +120 → 46 points », struck through when not counted).

    Built here rather than by a loop of the template, which took nine tenths of a season
    page's time: a line for each player and evening, 1,500 on a club's season (issue 31).
    Each item is kept by what it says (``_evening_item``): a season page read again while
    tonight's deals are entered writes only tonight's items anew.
    """
    points, language = method == "points_de_place", get_language()
    items = "".join(
        _evening_item(
            evening.tournament.date,
            evening.tournament.name,
            evening.result.place,
            evening.result.players,
            evening.result.total,
            evening.result.value if points else None,
            evening.counted,
            language,
        )
        for evening in line.evenings
    )
    # Every item escaped its words and names; the numbers are digits and signs.
    return mark_safe(f'<ul class="evenings">{items}</ul>')


@lru_cache(maxsize=20_000)
def _evening_item(date, name, place, players, total, value, counted, language) -> str:  # noqa: ARG001 - language: part of the key
    text = escape(
        f"{date:%d/%m/%Y} · {name} : "
        + _("place %(place)s sur %(players)s") % {"place": score(place), "players": players}
        + f", {_('total')} {signed(total)}"
        + (f" → {score(value)} {_('points')}" if value is not None else "")
    )
    if counted:
        return f"<li>{text}</li>"
    return (
        f'<li><del>{text}</del> <span class="muted small">{escape(_("(non retenue)"))}</span></li>'
    )


class _RenderedLines:
    """The season lines this process wrote last, by what they show (``lines_stamp``): a
    season page read again before anything changed writes none of its lines anew. A few
    pages' worth: a club's seasons, each as it stands."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.pages: OrderedDict[tuple, str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple) -> str | None:
        with self.lock:
            html = self.pages.get(key)
            if html is not None:
                self.pages.move_to_end(key)
            return html

    def keep(self, key: tuple, html: str) -> None:
        with self.lock:
            self.pages[key] = html
            self.pages.move_to_end(key)
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)


_rendered_lines = _RenderedLines(size=32)


@register.simple_tag
def season_lines(ranking, *, ranked: bool) -> SafeString:
    """The season's ranked (or not yet ranked) lines, ``seasons/_lines.html``, written once
    for each state of the season in this process."""
    key = (ranking.season.pk, ranking.lines_stamp, ranked, get_language())
    html = _rendered_lines.get(key) if ranking.lines_stamp else None
    if html is None:
        lines = ranking.ranked if ranked else ranking.unranked
        context = {"lines": lines, "ranked": ranked, "season": ranking.season}
        html = render_to_string("seasons/_lines.html", context)
        _rendered_lines.keep(key, html)
    return mark_safe(html)  # noqa: S308 - the template's own output, escaped by it
