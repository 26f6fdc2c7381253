"""A deal in the sheet's words: points, signs, primes and the players' short names, as the
sheet, the live marques, the history, the journal and the prints all write them.

Below the services, selectors, forms, prints and template tags, which all word a deal here.
"""

from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import rules
from scoring.club import SeatMarques, SeatPrime
from scoring.rules import Marque
from scoring.values import MINUS, PRIME_NAMES, signed
from tournaments.choices import MISERE_KINDS, Camp, Chelem, MisereShown, PoigneeSize
from tournaments.models import Deal, Seat

PETIT_AU_BOUT = {
    Camp.ATTACK: gettext_lazy("petit au bout à l'attaque"),
    Camp.DEFENSE: gettext_lazy("petit au bout à la défense"),
}
CHELEMS = {
    Chelem.ANNOUNCED_MADE: gettext_lazy("chelem annoncé et réalisé"),
    Chelem.UNANNOUNCED_MADE: gettext_lazy("chelem réalisé sans annonce"),
    Chelem.ANNOUNCED_FAILED: gettext_lazy("chelem annoncé et chuté"),
    Chelem.DEFENSE: gettext_lazy("chelem réalisé par la défense"),
}


def points_text(points: Decimal | None) -> str:
    """Points as the sheet writes them: « 41 », « 40,5 »; empty for none."""
    if points is None:
        return ""
    whole = points == points.to_integral_value()
    return (str(int(points)) if whole else str(points)).replace(".", ",")


def unsigned(value) -> str:
    """A total of the + or − column, written without its sign."""
    return "" if value is None else str(abs(int(value)))


def camp_sign(value) -> str:
    """A term of the marque seen from the attack, always with its sign (+20, −20, +0)."""
    value = int(value)
    return f"+{value}" if value >= 0 else f"{MINUS}{-value}"


def short_name(seat: Seat) -> str:
    """A player as the sheet names them: last name and initial (« Martin C. »)."""
    player = seat.registration.player
    return names_short(player.last_name, player.first_name)


def names_short(last_name: str, first_name: str) -> str:
    """Last name and initial (« Martin C. »), from the names themselves."""
    initial = f" {first_name[:1]}." if first_name else ""
    return f"{last_name}{initial}"


def seat_names(seats) -> dict[str, str]:
    """Each place's player as the sheet names them (« Martin C. »)."""
    return {seat.place: short_name(seat) for seat in seats}


def result_words(deal: Deal) -> str:
    """« 49 pts, 2 bouts », or that the result is still to come (a deal bid only)."""
    if deal.points is None:
        return _("résultat à venir")
    bouts = ngettext("%(bouts)s bout", "%(bouts)s bouts", deal.bouts) % {"bouts": deal.bouts}
    return _("%(points)s pts, %(bouts)s") % {"points": points_text(deal.points), "bouts": bouts}


def _term(value: int | None) -> str:
    return "" if value is None else f" : {camp_sign(value)}"


def prime_words(
    deal: Deal,
    names: dict[str, str],
    marque: Marque | None = None,
    seats: SeatMarques | None = None,
    *,
    poignees: bool = True,
    miseres: bool = True,
) -> list[str]:
    """The primes of a deal (docs/scoring.md §One deal, 4-6 and §Règles du club): the petit au
    bout (which camp), each poignée and misère (which, whose) and the chelem; each with its term
    of the marque when ``marque`` (the deal scored again, ``deal_scoring.stored_seats``) is
    given, or, with the club's individual primes, what its player and each other one mark when
    ``seats`` (``deal_scoring.stored_seats``) is."""
    primes = []
    if deal.petit_au_bout:
        primes.append(
            str(PETIT_AU_BOUT[Camp(deal.petit_au_bout)]) + _term(marque and marque.petit_au_bout)
        )
    if poignees:
        primes.extend(poignees_words(deal, names, seats, marque))
    if miseres:
        primes.extend(miseres_words(deal, names, seats, marque))
    if deal.chelem:
        primes.append(str(CHELEMS[Chelem(deal.chelem)]) + _term(marque and marque.chelem))
    elif deal.chelem_announced:
        primes.append(_("chelem annoncé"))
    return primes


def poignees_words(
    deal: Deal,
    names: dict[str, str],
    seats: SeatMarques | None = None,
    marque: Marque | None = None,
) -> list[str]:
    """The poignées of a deal, which and whose, with their terms as ``prime_words`` gives
    them: « poignée simple (Martin C.) : +20 »."""
    individual = {(prime.seat, prime.name): prime for prime in seats.primes} if seats else {}
    terms = iter(marque.poignees if marque else ())
    words = []
    for place, size in deal.poignees().items():
        prime = individual.get((place, PRIME_NAMES[rules.PoigneeSize(size)]))
        words.append(
            _("poignée %(size)s (%(who)s)")
            % {"size": PoigneeSize(size).label.lower(), "who": names.get(place, place)}
            + (_paid(prime) if prime else _term(next(terms, None)))
        )
    return words


def miseres_words(
    deal: Deal,
    names: dict[str, str],
    seats: SeatMarques | None = None,
    marque: Marque | None = None,
) -> list[str]:
    """The misères of a deal (club rules), whose and which, with their terms as ``prime_words``
    gives them: « pas d'atout (Martin C.) : +30, les autres −10 »."""
    individual = {(prime.seat, prime.name): prime for prime in seats.primes} if seats else {}
    terms = iter(marque.miseres if marque else ())
    words = []
    for place, kinds in deal.miseres().items():
        for kind in MISERE_KINDS[MisereShown(kinds)]:
            prime = individual.get((place, PRIME_NAMES[kind]))
            words.append(
                _("%(misere)s (%(who)s)")
                % {"misere": PRIME_NAMES[kind], "who": names.get(place, place)}
                + (_paid(prime) if prime else _term(next(terms, None)))
            )
    return words


def _paid(prime: SeatPrime) -> str:
    """« : −60, les autres +20 »: what the player who showed it marks, and each other one."""
    return _(" : %(gain)s, les autres %(each)s") % {
        "gain": signed(prime.gain),
        "each": signed(prime.each),
    }


def individual_prime_words(prime: SeatPrime, names: dict[str, str]) -> str:
    """« Est : pas d'atout, 3 × 10 = +30 ; chacun des autres −10 » (the live marques)."""
    return _(
        "%(who)s : %(prime)s, %(others)s × %(value)s = %(gain)s ; chacun des autres %(each)s"
    ) % {
        "who": names.get(prime.seat, prime.seat),
        "prime": prime.name,
        "others": prime.others,
        "value": prime.value,
        "gain": signed(prime.gain),
        "each": signed(prime.each),
    }


def sentence(words: list[str]) -> str:
    """Words as one line of the printed sheet: « Petit au bout à l'attaque, poignée simple »."""
    text = ", ".join(words)
    return text[:1].upper() + text[1:]
