"""A tournament deleted or hidden leaves its seasons, marked as recomputed.

The seasons listen to the tournaments (never the other way round: ``tournaments`` does not
know ``seasons``). The publish service says who hides an evening (``tournament_hidden``,
with its actor); whatever else removes a tournament from the public (the admin, a script
deleting or saving the row) is caught by the model's own signals, its actor unknown. Each
season that counted the evening gets a ``Recount``, which its page shows, and a line in the
seasons' journal (``recounts.note_evening_removed``).
"""

from django.db.models.signals import pre_delete, pre_save
from django.dispatch import receiver

from common.actors import Actor
from seasons.services.recounts import note_evening_removed
from tournaments.models import Tournament
from tournaments.signals import tournament_hidden

# Who removed the evening when no service said so (the admin, a script writing the table).
UNKNOWN = Actor.running("hors de l'application (admin ou script)")


@receiver(tournament_hidden, dispatch_uid="seasons_tournament_hidden_by")
def tournament_hidden_by(sender, tournament: Tournament, by: Actor, **_kwargs) -> None:  # noqa: ARG001
    note_evening_removed(tournament=tournament, reason="hidden", by=by)


@receiver(pre_delete, sender=Tournament, dispatch_uid="seasons_tournament_deleted")
def tournament_deleted(sender, instance: Tournament, **_kwargs) -> None:  # noqa: ARG001
    if instance.published:
        note_evening_removed(tournament=instance, reason="deleted", by=UNKNOWN)


@receiver(pre_save, sender=Tournament, dispatch_uid="seasons_tournament_hidden")
def tournament_hidden_outside(sender, instance: Tournament, **kwargs) -> None:  # noqa: ARG001
    if instance.pk is None or instance.published or kwargs.get("raw"):
        return
    fields = kwargs.get("update_fields")
    if fields is not None and "published" not in fields:
        return
    was_published = (
        Tournament.objects.filter(pk=instance.pk).values_list("published", flat=True).first()
    )
    if was_published:
        note_evening_removed(tournament=instance, reason="hidden", by=UNKNOWN)
