"""A tournament deleted or hidden leaves its seasons, marked as recomputed.

The seasons listen to the tournaments (never the other way round: ``tournaments`` does not
know ``seasons``). The publish service says who hides an evening (``tournament_hidden``,
with its actor); whatever else removes a tournament from the public (the admin, a script
deleting or saving the row) is caught by the model's own signals, its actor unknown. Each
season that counted the evening gets a ``Recount``, which its page shows, and a line in the
seasons' journal (``recounts.note_evening_removed``). Published again (``tournament_shown``,
or a save outside the services), it counts again, and the notice that it no longer did goes
(``recounts.note_evening_shown_again``).
"""

from django.db.models.signals import pre_delete, pre_save
from django.dispatch import receiver

from common.actors import Actor
from seasons.services.recounts import note_evening_removed, note_evening_shown_again
from tournaments.models import Tournament
from tournaments.signals import tournament_hidden, tournament_shown

# Who removed the evening when no service said so (the admin, a script writing the table).
UNKNOWN = Actor.running("hors de l'application (admin ou script)")


@receiver(tournament_hidden, dispatch_uid="seasons_tournament_hidden_by")
def tournament_hidden_by(sender, tournament: Tournament, by: Actor, **_kwargs) -> None:  # noqa: ARG001
    note_evening_removed(tournament=tournament, reason="hidden", by=by)


@receiver(tournament_shown, dispatch_uid="seasons_tournament_shown_by")
def tournament_shown_by(sender, tournament: Tournament, **_kwargs) -> None:  # noqa: ARG001
    note_evening_shown_again(tournament=tournament)


@receiver(pre_delete, sender=Tournament, dispatch_uid="seasons_tournament_deleted")
def tournament_deleted(sender, instance: Tournament, **_kwargs) -> None:  # noqa: ARG001
    if instance.published:
        note_evening_removed(tournament=instance, reason="deleted", by=UNKNOWN)


@receiver(pre_save, sender=Tournament, dispatch_uid="seasons_tournament_hidden")
def tournament_hidden_outside(sender, instance: Tournament, **kwargs) -> None:  # noqa: ARG001
    if instance.pk is None or kwargs.get("raw"):
        return
    fields = kwargs.get("update_fields")
    if fields is not None and "published" not in fields:
        return
    was_published = (
        Tournament.objects.filter(pk=instance.pk).values_list("published", flat=True).first()
    )
    if was_published and not instance.published:
        note_evening_removed(tournament=instance, reason="hidden", by=UNKNOWN)
    elif was_published is False and instance.published:
        note_evening_shown_again(tournament=instance)
