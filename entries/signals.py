"""A record of the directory merged into another (« Fusionner », tournaments' service) leaves
its entries to the record kept, which its registrations already follow.

A registration taken off the tournament's list in « Joueurs » (tournaments' own service,
which never imports this app) frees the place its online entry held: the entry is cancelled,
and the waiting list's first takes the place, as when the arbitre cancels it here."""

from django.db.models import QuerySet
from django.db.models.signals import post_delete, pre_delete
from django.dispatch import receiver

from clubs.models import Player
from common.actors import Actor
from entries.models import Entry, EntryStatus
from entries.services.entries import cancel_entry
from tournaments.models import Registration

# The tournaments' service says nothing of who acts to the apps above it.
ELSEWHERE = Actor.running("désinscription depuis « Joueurs »")


def _taken_off_itself(origin) -> bool:
    """Whether the deletion is the registration's own (« Joueurs »), not a tournament's whose
    rows all go, its entries with them."""
    if isinstance(origin, Registration):
        return True
    return isinstance(origin, QuerySet) and origin.model is Registration


@receiver(pre_delete, sender=Registration, dispatch_uid="entries_registration_deleting")
def registration_deleting(sender, instance: Registration, origin=None, **_kwargs) -> None:  # noqa: ARG001
    # Noted before the row goes (and its entry's link with it); an entry this app takes off
    # itself has its link cleared first, and is not found here.
    if not _taken_off_itself(origin):
        return
    instance.freed_entry_id = (
        Entry.objects.filter(registration=instance, status=EntryStatus.REGISTERED)
        .values_list("pk", flat=True)
        .first()
    )


@receiver(post_delete, sender=Registration, dispatch_uid="entries_registration_deleted")
def registration_deleted(sender, instance: Registration, **_kwargs) -> None:  # noqa: ARG001
    entry = Entry.objects.filter(pk=getattr(instance, "freed_entry_id", None)).first()
    if entry is not None:
        cancel_entry(entry=entry, by=ELSEWHERE)


@receiver(pre_delete, sender=Player, dispatch_uid="entries_player_deleting")
def player_deleting(sender, instance: Player, **_kwargs) -> None:  # noqa: ARG001
    for entry in Entry.objects.filter(player=instance, registration__isnull=False).exclude(
        registration__player=instance
    ):
        Entry.objects.filter(pk=entry.pk).update(player_id=entry.registration.player_id)
