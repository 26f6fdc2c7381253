"""A registration taken off the tournament's list in « Joueurs » (tournaments' own service,
which never imports this app) frees the place its online entry held: the entry is cancelled,
and the waiting list's first takes the place, as when the arbitre cancels it here."""

from django.db.models.signals import post_delete, pre_delete
from django.dispatch import receiver

from common.actors import Actor
from entries.models import Entry, EntryStatus
from entries.services.entries import cancel_entry
from tournaments.models import Registration

# The tournaments' service says nothing of who acts to the apps above it.
ELSEWHERE = Actor.running("désinscription depuis « Joueurs »")


@receiver(pre_delete, sender=Registration, dispatch_uid="entries_registration_deleting")
def registration_deleting(sender, instance: Registration, **_kwargs) -> None:  # noqa: ARG001
    # Noted before the row goes (and its entry's link with it); an entry this app takes off
    # itself has its link cleared first, and is not found here.
    instance.freed_entry_id = (
        Entry.objects.filter(registration=instance, status=EntryStatus.REGISTERED)
        .values_list("pk", flat=True)
        .first()
    )


@receiver(post_delete, sender=Registration, dispatch_uid="entries_registration_deleted")
def registration_deleted(sender, instance: Registration, **_kwargs) -> None:  # noqa: ARG001
    entry_id = getattr(instance, "freed_entry_id", None)
    if entry_id is not None:
        cancel_entry(entry=Entry.objects.get(pk=entry_id), by=ELSEWHERE)
