"""The player directory's new records, shared by every club: a player typed in, and whether a
licence typed is already another record's own.

Which records a club may see, and so which one a licence typed names, depends on the
tournaments they played: that rule is ``tournaments.selectors.registrations.players_visible_to``.
"""

from clubs.models import Player
from common.refusals import clean_or_refuse


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
