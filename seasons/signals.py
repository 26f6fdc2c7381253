"""A tournament deleted or hidden leaves its seasons, marked as recomputed.

The seasons listen to the tournaments (never the other way round: ``tournaments`` does not
know ``seasons``). Whatever removes a tournament from the public (the publish service, the
admin, a script), each season that counted it gets a ``Recount``, which its page shows, and
a line in its club's journal (``recounts.note_evening_removed``). Published again, it counts
again, and the notice that it no longer did goes (``recounts.note_evening_shown_again``).
"""

from django.db.models.signals import pre_delete, pre_save
from django.dispatch import receiver

from seasons.services.recounts import note_evening_removed, note_evening_shown_again
from tournaments.models import Tournament


@receiver(pre_delete, sender=Tournament, dispatch_uid="seasons_tournament_deleted")
def tournament_deleted(sender, instance: Tournament, **_kwargs) -> None:  # noqa: ARG001
    if instance.published:
        note_evening_removed(tournament=instance, reason="deleted")


@receiver(pre_save, sender=Tournament, dispatch_uid="seasons_tournament_hidden")
def tournament_hidden(sender, instance: Tournament, **kwargs) -> None:  # noqa: ARG001
    if instance.pk is None or kwargs.get("raw"):
        return
    fields = kwargs.get("update_fields")
    if fields is not None and "published" not in fields:
        return
    was_published = (
        Tournament.objects.filter(pk=instance.pk).values_list("published", flat=True).first()
    )
    if was_published and not instance.published:
        note_evening_removed(tournament=instance, reason="hidden")
    elif was_published is False and instance.published:
        note_evening_shown_again(tournament=instance)
