"""A deal in the sheet's words: points, signs, primes and the players' short names, as the
sheet, the live marques, the history, the journal and the prints all write them; and the
live explanation of a marque, as the players check it on paper (``marque_explanation``).

Below the services, selectors, forms, prints and template tags, which all word a deal here.
"""

from collections.abc import Mapping
from decimal import Decimal

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from common.names import names_short
from scoring import rules
from scoring.club import SeatMarques, SeatPrime
from scoring.rules import Marque
from scoring.values import MINUS, PRIME_NAMES, signed
from tournaments.choices import MISERE_KINDS, Camp, Chelem, MisereShown
from tournaments.deal_scoring import DealResult
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


# Each prime in words, once: the sheet's rows, the prints and the live explanation all word a
# prime with these three.


def petit_au_bout_words(camp: str) -> str:
    """« petit au bout à l'attaque »."""
    return str(PETIT_AU_BOUT[Camp(camp)])


def chelem_words(chelem: str) -> str:
    """« chelem annoncé et réalisé »."""
    return str(CHELEMS[Chelem(chelem)])


def shown_words(name: str, who: str) -> str:
    """A prime one player showed (``scoring.values.PRIME_NAMES``), and who showed it:
    « poignée simple (Martin C.) », « pas d'atout (Martin C.) »."""
    return _("%(prime)s (%(who)s)") % {"prime": name, "who": who}


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
            petit_au_bout_words(deal.petit_au_bout) + _term(marque and marque.petit_au_bout)
        )
    if poignees:
        primes.extend(poignees_words(deal.poignees(), names, seats, marque))
    if miseres:
        primes.extend(miseres_words(deal.miseres(), names, seats, marque))
    if deal.chelem:
        primes.append(chelem_words(deal.chelem) + _term(marque and marque.chelem))
    elif deal.chelem_announced:
        primes.append(_("chelem annoncé"))
    return primes


def poignees_words(
    poignees: Mapping[str, str],
    names: dict[str, str],
    seats: SeatMarques | None = None,
    marque: Marque | None = None,
) -> list[str]:
    """The poignées shown (size by place), which and whose, with their terms as
    ``prime_words`` gives them: « poignée simple (Martin C.) : +20 »."""
    shown = [(place, PRIME_NAMES[rules.PoigneeSize(size)]) for place, size in poignees.items()]
    return _shown_primes_words(shown, names, seats, marque.poignees if marque else ())


def miseres_words(
    miseres: Mapping[str, str],
    names: dict[str, str],
    seats: SeatMarques | None = None,
    marque: Marque | None = None,
) -> list[str]:
    """The misères announced (club rules; ``MisereShown`` by place), whose and which, with
    their terms as ``prime_words`` gives them: « pas d'atout (Martin C.) : +30, les autres
    −10 »."""
    shown = [
        (place, PRIME_NAMES[kind])
        for place, kinds in miseres.items()
        for kind in MISERE_KINDS[MisereShown(kinds)]
    ]
    return _shown_primes_words(shown, names, seats, marque.miseres if marque else ())


def _shown_primes_words(
    shown: list[tuple[str, str]], names: dict[str, str], seats: SeatMarques | None, terms
) -> list[str]:
    """Each prime shown (place, name), and its term: what its player and each other one mark
    under the club's individual primes (``seats``), else its term in the camp's value, in
    the order they were typed (``terms``, the marque's)."""
    individual = {(prime.seat, prime.name): prime for prime in seats.primes} if seats else {}
    terms = iter(terms)
    words = []
    for place, name in shown:
        prime = individual.get((place, name))
        words.append(
            shown_words(name, names.get(place, place))
            + (_paid(prime) if prime else _term(next(terms, None)))
        )
    return words


def shown_by_place(deal: Deal) -> dict[str, list[str]]:
    """Each player's poignée and misères, by seat, without their name: the printed sheet of the
    club's rules writes them in the player's own column (« Poignée triple », « Pas d'atout »)."""
    shown: dict[str, list[str]] = {}
    for place, size in deal.poignees().items():
        shown.setdefault(place, []).append(PRIME_NAMES[rules.PoigneeSize(size)])
    for place, kinds in deal.miseres().items():
        for kind in MISERE_KINDS[MisereShown(kinds)]:
            shown.setdefault(place, []).append(PRIME_NAMES[kind])
    return {place: [capitalised(word) for word in words] for place, words in shown.items()}


def capitalised(word: str) -> str:
    """« pas d'atout » as the first word of a line: « Pas d'atout »."""
    return word[:1].upper() + word[1:]


def _paid(prime: SeatPrime) -> str:
    """« : −60, les autres +20 »: what the player who showed it marks, and each other one."""
    return _(" : %(gain)s, les autres %(each)s") % {
        "gain": signed(prime.gain),
        "each": signed(prime.each),
    }


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(words: list[str]) -> str:
    """Words as one line of the printed sheet: « Petit au bout à l'attaque, poignée simple »."""
    return capitalized(", ".join(words))


# The live explanation of a deal's marque, as the players check it on paper.


def marque_explanation(
    marque: Marque | None,
    result: DealResult,
    *,
    names: dict[str, str],
    defense_points: Decimal | None = None,
    seat_marques: SeatMarques | None = None,
) -> list[str]:
    """The reasons of the marque, as the players check them on paper (docs/scoring.md §One
    deal and §Règles du club); ``defense_points``: what was typed when the points typed are the
    defense's; ``seat_marques``: every seat's terms, for the club's individual primes."""
    if marque is None:
        return [_("Tous passent : chacun marque 0.")]
    lines = []
    if defense_points is not None:
        lines.append(
            _("Points de la défense %(typed)s : l'attaque a 91 − %(typed)s = %(points)s.")
            % {
                "typed": points_text(defense_points),
                "points": points_text(Decimal(result.points)),
            }
        )
    lines.append(
        ngettext(
            "Avec %(bouts)s bout, il faut %(target)s points ; l'attaque en compte %(counted)s.",
            "Avec %(bouts)s bouts, il faut %(target)s points ; l'attaque en compte %(counted)s.",
            result.bouts,
        )
        % {
            "bouts": result.bouts,
            "target": marque.target,
            "counted": points_text(Decimal(str(result.points))),
        }
    )
    if Decimal(str(result.points)) != marque.counted_points:
        lines.append(
            _(
                "Le demi-point revient au camp gagnant, ici %(camp)s : l'attaque compte donc "
                "%(counted)s."
            )
            % {
                "camp": _("l'attaque") if marque.won else _("la défense"),
                "counted": marque.counted_points,
            }
        )
    lines.extend(_contract_lines(marque))
    if marque.petit_au_bout:
        lines.append(
            _("%(petit)s : 10 × %(m)s = %(points)s")
            % {
                "petit": capitalized(petit_au_bout_words(result.petit_au_bout)),
                "m": marque.multiplier,
                "points": camp_sign(marque.petit_au_bout),
            }
        )
    lines.extend(_camp_prime_lines(marque, result, names))
    if marque.chelem:
        lines.append(capitalized(chelem_words(result.chelem)) + _term(marque.chelem))
    lines.append(
        _("Chaque défenseur : %(defender)s ; preneur : %(factor)s × %(value)s = %(taker)s")
        % {
            "defender": camp_sign(marque.defender),
            "factor": marque.taker_factor,
            "value": str(marque.value).replace("-", "\N{MINUS SIGN}"),
            "taker": camp_sign(marque.taker),
        }
    )
    if marque.partner is not None:
        lines.append(_("Partenaire : %(partner)s") % {"partner": camp_sign(marque.partner)})
    for prime in seat_marques.primes if seat_marques else ():
        lines.append(_individual_prime_line(prime, names))
    return lines


def _contract_lines(marque: Marque) -> list[str]:
    """Made or failed by how much, rounded to the ten under the club's rules, and the contract's
    points (docs/scoring.md §One deal, 2-3 and §Règles du club)."""
    lines = []
    if marque.difference > 0:
        lines.append(_("Contrat gagné de %(d)s.") % {"d": marque.difference})
    elif marque.difference == 0:
        lines.append(_("Contrat juste fait."))
    else:
        lines.append(_("Contrat chuté de %(d)s.") % {"d": -marque.difference})
    counted = marque.difference
    if marque.counted_difference is not None:
        counted = marque.counted_difference
        lines.append(
            _("Arrondi à la dizaine : %(d)s compte %(counted)s.")
            % {"d": abs(marque.difference), "counted": abs(counted)}
        )
    lines.append(
        _("Contrat : (25 + %(d)s) × %(m)s = %(points)s")
        % {
            "d": abs(counted),
            "m": marque.multiplier,
            "points": camp_sign(marque.contract_points),
        }
    )
    return lines


def _camp_prime_lines(marque: Marque, result: DealResult, names: dict[str, str]) -> list[str]:
    """Each poignée and misère counted in the deal's value (``marque.value``, what each defender
    pays the attack), with its term (docs/scoring.md §One deal, 5 and §Règles du club), in the
    sheet's words. With the club's individual primes they are in no camp's value, but paid
    seat by seat (``_individual_prime_line``)."""
    if marque.individual_primes:
        return []
    return [
        capitalized(words)
        for words in (
            *poignees_words(result.poignees or {}, names, marque=marque),
            *miseres_words(result.miseres or {}, names, marque=marque),
        )
    ]


def _individual_prime_line(prime: SeatPrime, names: dict[str, str]) -> str:
    """« Pas d'atout (Martin C.) : 3 × 10 = +30 ; chacun des autres −10 »: the prime in the
    sheet's words, then how its player's gain is counted."""
    return capitalized(shown_words(prime.name, names.get(prime.seat, prime.seat))) + _(
        " : %(others)s × %(value)s = %(gain)s ; chacun des autres %(each)s"
    ) % {
        "others": prime.others,
        "value": prime.value,
        "gain": signed(prime.gain),
        "each": signed(prime.each),
    }
