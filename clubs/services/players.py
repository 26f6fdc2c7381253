"""The player directory, shared by every club: a player typed in, a player corrected, and
whether a licence typed is already another record's own.

Which records a club may see, and so which one a licence typed names, and whether the club
sees a player in another club, depends on the tournaments they played: those rules are
``tournaments.selectors.registrations`` (``players_visible_to``, ``seen_in_another_club``),
whose answers the callers pass here.
"""

from django.utils.translation import gettext as _

from clubs.models import Player
from common.refusals import Refused, clean_or_refuse


def licence_held_elsewhere(licence: str, *, player: Player | None = None) -> bool:
    """Whether a record other than ``player`` holds ``licence`` as its own (not pending)."""
    if not licence:
        return False
    holders = Player.objects.filter(licence=licence, licence_pending=False)
    if player is not None and player.pk is not None:
        holders = holders.exclude(pk=player.pk)
    return holders.exists()


def new_player(*, last_name: str, first_name: str, licence: str = "", club: str = "") -> Player:
    """A new record of the directory, as typed.

    Its licence may already be that of a player the club may not see: the record is then
    « licence à rapprocher » (``licence_pending``) and keeps the licence as typed, for the
    administrator to reconcile, so that the arbitre sees exactly what a licence nobody held
    would have shown.
    """
    player = Player(
        last_name=last_name.strip(),
        first_name=first_name.strip(),
        licence=licence.strip(),
        club=club.strip(),
    )
    player.licence_pending = licence_held_elsewhere(player.licence)
    clean_or_refuse(player)
    player.save()
    return player


def refuse_licence_taken(licence: str, holder: Player) -> None:
    """A licence typed that a player the club may see already holds: refused, naming them."""
    raise Refused(
        _("Le n° de licence %(licence)s est déjà celui de %(player)s.")
        % {"licence": licence, "player": holder},
        code="licence_taken",
        field="licence",
    )


def corrected_player(
    *,
    player: Player,
    last_name: str,
    first_name: str,
    licence: str,
    club: str,
    seen: bool,
) -> Player:
    """The directory's record after a correction of ``player`` (a member's, a participant's),
    checked and not yet saved: the caller saves it inside its own write.

    The player is one person across clubs, and one record: a club corrects that record, for
    every club that lists them, the same way whether or not another club lists them privately
    (its members, its unpublished evenings), so that nothing, neither a refusal nor a new
    record, tells this club another one knows them. Only where the club may see them in
    another club (``seen``: another club's published evening, whose results are public) does
    the record stay as it is: a correction that keeps the licence is refused (the administrator
    corrects it), and one that changes it says this is another person, who gets a new record
    of their own (the caller moves its registration or membership to it). A licence another
    record holds, that the club may not see, is kept as typed, « à rapprocher »
    (``new_player``).
    """
    if seen:
        if licence and licence == player.licence:
            raise Refused(
                _(
                    "%(player)s figure aussi dans un autre club : son nom, son n° de licence et "
                    "son club ne se corrigent pas ici. Demandez-le à l'administrateur."
                )
                % {"player": player},
                code="shared_player",
                field="last_name",
            )
        player = Player()
    player.last_name, player.first_name = last_name, first_name
    player.licence, player.club = licence, club
    player.licence_pending = licence_held_elsewhere(licence, player=player)
    clean_or_refuse(player)
    return player
