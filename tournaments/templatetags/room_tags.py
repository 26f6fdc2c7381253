"""The arbitre's room, table by table and call by call, written in Python.

The room lists every table of the position (250 at the largest tournaments) and every call,
and refreshes itself every 20 seconds. Written with template tags, each card took some sixty
nodes to render, and a URL reversed by name and the same words translated again for every
table: most of the page's time (``bench/room_bench.py``). Here the words are translated once
per page, the URLs reversed once and completed with each table's key, and every value is
escaped as the template escaped it (``conditional_escape``), so the page is the same.
"""

from __future__ import annotations

from html import escape

from django import template
from django.template.defaultfilters import date as date_filter
from django.urls import reverse
from django.utils.formats import localize
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django.utils.translation import gettext

from tournaments.models import Table

register = template.Library()

# A key no table or deal has, reversed in place of theirs and replaced by each one's.
_KEY = 987654321

_CSRF_INPUT = '<input type="hidden" name="csrfmiddlewaretoken" value="{}">'

_CARD = (
    '\n<li class="card room-card{state}" id="table-{number}"'
    ' hx-get="{room}?table={raw}" hx-trigger="live" hx-target="this" hx-swap="outerHTML"'
    ' data-live-on="table:{position}:{raw}">\n'
    '<div class="room-card-head">\n<a href="{url}"><strong>{name}</strong></a>\n{badge}\n</div>\n'
    '<ul class="room-players">\n{players}\n</ul>\n'
    '<dl class="room-state">\n'
    "<dt>{deals}</dt>\n<dd>{played} / {expected}{waiting}</dd>\n"
    "<dt>{sum}</dt>\n<dd>{balance}</dd>\n"
    "<dt>{code_word}</dt>\n<dd><code>{code}</code> \n{grant}\n</dd>\n"
    "</dl>\n{close}</li>\n"
)
_CLOSE = '<p class="room-card-close"><a href="{url}">{label}</a></p>\n'
_PLAYER = '<li><span class="place">{}</span> {} {}.{}</li>'
# Two players of the position with the same short name: each with their participant number.
_NUMBER = ' <span class="muted">n° {}</span>'
_GRANT = (
    '<form method="post" action="{url}" class="inline device-grant-form">{csrf}'
    '<button type="submit" class="link" title="{title}">{label}</button></form>'
)
_CALL = (
    '\n<li class="alert-item{state}">\n'
    '<p><a href="{url}#donne-{number}"><strong>{table}</strong>, {deal}</a> :\n'
    "<strong>{alert}</strong> · {detail}{chelem}\n{under_way}</p>\n{answer}\n</li>\n"
)
_HANDLE = (
    '<form method="post" action="{url}" hx-post="{url}">\n{csrf}\n'
    '<button type="submit">{label}</button>\n</form>'
)


def _text(value: object) -> str:
    """``value`` escaped for HTML unless it is already safe (``conditional_escape``)."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return escape(str(value))


def _count(value: int) -> str:
    """A table's or deal's number, or a count of deals: under a thousand, so written as
    ``localize`` writes it, without its cost."""
    return str(value)


class _UrlPattern:
    """A URL reversed once by name, its last argument a stand-in, completed per object."""

    def __init__(self, name: str, *args: object) -> None:
        self.head, self.tail = reverse(name, args=[*args, _KEY]).rsplit(str(_KEY), 1)

    def __call__(self, key: int) -> str:
        return _text(f"{self.head}{key}{self.tail}")


class _TableNames(dict):
    """Each table's name (« Table 3 »), translated once per table."""

    def __missing__(self, table: Table) -> str:
        name = self[table] = _text(table)
        return name


@register.simple_tag(takes_context=True)
def room_cards(context: template.Context, rooms: list[dict]) -> SafeString:
    """One card per table of the room: its players, its deals, its sum and its code."""
    tournament, position = context["tournament"], context["position"]
    page = {
        "sheet": _UrlPattern("sheet"),
        "names": context.render_context.setdefault("room_table_names", _TableNames()),
        "signed": _badge("ok", gettext("signée")),
        "closed": _badge("ok", gettext("close par l'arbitre")),
        "to_sign": _badge("", gettext("à signer")),
        "under_way": _badge("muted", gettext("en cours")),
        "waiting": " " + _badge("warn", gettext("contrat annoncé, résultat à venir")),
        "deals": _text(gettext("Donnes")),
        "sum": _text(gettext("Somme")),
        "code_word": _text(gettext("Code")),
        "grant": None,
        "close": None,
        # Where a card fetches itself again: its hall's room in a hall's (the arbitre de
        # salle opens no other), else the position's.
        "room": reverse("hall_room", args=[tournament.pk, position.number, hall.number])
        if (hall := context.get("hall")) is not None
        else reverse("sheet_room", args=[tournament.pk, position.number]),
        "position": position.number,
    }
    if not position.closed_at:
        # The form that lets a table's phone in (``device_grant``), for an open position.
        page["grant"] = _UrlPattern("sheet_room_device_grant", tournament.pk, position.number)
        # The page that closes a sheet its players have not all signed (``sheet_close``).
        page["close"] = _UrlPattern("sheet_close")
        page["close_label"] = _text(gettext("Clore la feuille…"))
        page["grant_words"] = {
            "csrf": _CSRF_INPUT.format(_text(context.get("csrf_token", ""))),
            "title": _text(gettext("Un lien à usage unique, et les essais de code remis à zéro")),
            "label": _text(gettext("Ouvrir un téléphone")),
        }
    return mark_safe("".join(_card(room, page) for room in rooms))


@register.simple_tag
def table_links(numbers: list[int]) -> SafeString:
    """Links to the cards of the tables ``numbers``: « table 3, table 7 », the words
    translated once for the list. A forced close can leave every table of a hall unsigned
    and unplayed (250 of them), each written with its own ``blocktranslate`` before."""
    words = gettext("table %(number)s")
    return mark_safe(
        ", ".join(
            f'<a href="#table-{number}">{_text(words % {"number": _count(number)})}</a>'
            for number in numbers
        )
    )


@register.simple_tag
def table_names(numbers: list[int]) -> SafeString:
    """The tables ``numbers`` named (« table 3, table 7 »), the words translated once."""
    words = gettext("table %(number)s")
    return mark_safe(", ".join(_text(words % {"number": _count(number)}) for number in numbers))


def _badge(kind: str, word: str) -> str:
    return f'<span class="badge{" " + kind if kind else ""}">{_text(word)}</span>'


def _card(room: dict, page: dict) -> str:
    """A table's card."""
    table = room["table"]
    if table.locked_at and table.unconfirmed:
        state, badge = " signed", page["closed"]
    elif table.locked_at:
        state, badge = " signed", page["signed"]
    elif room["complete"]:
        state, badge = " complete", page["to_sign"]
    else:
        state, badge = "", page["under_way"]
    totals = room["sheet_totals"]
    if totals.balanced:
        balance = '<span class="badge ok">✓ 0</span>'
    else:
        balance = f'<span class="badge warn">✗ {_text(localize(totals.bilans_sum))}</span>'
    grant = close = ""
    if page["grant"] is not None:
        grant = _GRANT.format(url=page["grant"](table.pk), **page["grant_words"])
    if page["close"] is not None and not table.locked_at:
        close = _CLOSE.format(url=page["close"](table.pk), label=page["close_label"])
    return _CARD.format(
        state=state,
        room=page["room"],
        position=page["position"],
        raw=table.number,
        number=_count(table.number),
        url=page["sheet"](table.pk),
        name=page["names"][table],
        badge=badge,
        players="".join(
            _PLAYER.format(
                _text(label),
                _text(seat.last_name),
                _text(seat.first_name[:1]),
                _NUMBER.format(seat.number) if seat.homonym else "",
            )
            for label, seat in room["places"]
        ),
        deals=page["deals"],
        played=_count(room["played_count"]),
        expected=_count(room["expected_count"]),
        waiting=page["waiting"] if room["waiting"] else "",
        sum=page["sum"],
        balance=balance,
        code_word=page["code_word"],
        code=_text(table.code),
        grant=grant,
        close=close,
    )


@register.simple_tag(takes_context=True)
def room_calls(context: template.Context, calls: list[dict]) -> SafeString:
    """One item per call to the arbitre: the table and deal, what was called, and whether it
    was answered (by whom and when) or the button that answers it."""
    page = {
        "sheet": _UrlPattern("sheet"),
        "handle": _UrlPattern("call_handle", context["tournament"].pk),
        "names": context.render_context.setdefault("room_table_names", _TableNames()),
        "deal": gettext("donne %(number)s"),
        "chelem": _text(gettext("chelem")),
        "under_way": _badge("warn", gettext("en cours")),
        "handled": gettext("Pris en compte par %(who)s à %(when)s"),
        "label": _text(gettext("Pris en compte")),
        "unanswered": _text(gettext("Sans réponse : la position est close.")),
        "csrf": _CSRF_INPUT.format(_text(context.get("csrf_token", ""))),
    }
    return mark_safe("".join(_call(call, page) for call in calls))


def _call(call: dict, page: dict) -> str:
    """A call's item."""
    row, handled = call["row"], call["handled"]
    deal = row.deal
    played = deal.is_played
    number = _count(deal.number)
    chelem = ""
    if deal.chelem:
        chelem = f" · {page['chelem']} {_text(deal.get_chelem_display().lower())}"
    if handled:
        by = handled.handled_by
        when = date_filter(template_localtime(handled.handled_at), "H:i")
        note = page["handled"] % {
            "who": _text(by.get_full_name() or by.username),
            "when": _text(when),
        }
        answer = f'<p class="handled-note">✓ {note}</p>'
    elif call["closed"]:
        answer = f'<p class="handled-note">{page["unanswered"]}</p>'
    else:
        answer = _HANDLE.format(url=page["handle"](deal.pk), csrf=page["csrf"], label=page["label"])
    return _CALL.format(
        state=" handled" if handled or call["closed"] else ("" if played else " live"),
        url=page["sheet"](call["table"].pk),
        number=number,
        table=page["names"][call["table"]],
        deal=page["deal"] % {"number": number},
        alert=_text(row.alert),
        detail=_text(row.call_detail),
        chelem=chelem,
        under_way="" if played else page["under_way"],
        answer=answer,
    )
