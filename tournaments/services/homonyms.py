"""The one rule of homonyms: a record typed in, renamed or read from a CSV file under the name of
another record the club may see (``selectors.clubs.homonyms``) would make the same person twice.
The arbitre is shown who is already known, and says whether it is them, or another person; every
warning says so in the same words (``homonym_message``).

It is no write of its own: the services that make or rename a record call it (a registration, a
member added or corrected, a CSV import).
"""

from django.utils.translation import gettext as _

from clubs.models import Player
from common.refusals import Refused
from tournaments.selectors.clubs import homonyms


def homonym_message(player: Player, *, then: str) -> str:
    """The words of every homonym warning (a player typed in, a member renamed, a row of a CSV
    file): who is already known under the name, then ``then``, what the arbitre may do."""
    return _("Un joueur du nom de %(player)s figure déjà dans l'annuaire : %(then)s") % {
        "player": player,
        "then": then,
    }


def refuse_homonym(
    *,
    club_id: int,
    last_name: str,
    first_name: str,
    licence: str,
    other_than: Player | None = None,
) -> None:
    """A record under the name of another player the club may see (``selectors.clubs.
    homonyms``), typed in or renamed (``other_than``, the record renamed), would make the same
    person twice: refused (code « homonym »), until the arbitre says it is another person."""
    known = homonyms(
        club_id=club_id,
        last_name=last_name,
        first_name=first_name,
        licence=licence,
        other_than=other_than,
    )
    if not known:
        return
    if other_than is None:
        then = _("choisissez sa fiche ci-dessus, ou cochez « C'est une autre personne ».")
    else:
        then = _(
            "si c'est la même personne, fusionnez les deux fiches ci-dessus ; sinon, cochez "
            "« C'est une autre personne »."
        )
    raise Refused(homonym_message(known[0].player, then=then), code="homonym", field="last_name")
