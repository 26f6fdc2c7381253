"""The phones that asked « Me prévenir » (docs, « Me prévenir »), and what each was sent.

The notifications' (notifications/, above tournaments/): they name the registration by its
label.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """One phone's Web Push subscription for one player of one tournament: where its push
    service takes the messages (``endpoint``) and the keys the phone decrypts them with."""

    registration = models.ForeignKey(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(_("adresse du service de notification"), max_length=1000)
    p256dh = models.CharField(_("clé publique du téléphone"), max_length=200)
    auth = models.CharField(_("secret du téléphone"), max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)
    # Which address subscribed it, keyed (``services.push.address_key``): the phones one
    # address subscribes are bounded, and the address itself is never kept.
    address_key = models.CharField(max_length=64, blank=True, default="", editable=False)

    class Meta:
        verbose_name = _("abonnement aux notifications")
        verbose_name_plural = _("abonnements aux notifications")
        db_table = "tournaments_pushsubscription"  # the table keeps its name (notifications 0001)
        indexes = [models.Index(fields=["address_key"], name="push_subscription_address")]
        constraints = [
            models.UniqueConstraint(
                fields=["registration", "endpoint"],
                name="push_subscription_once_per_phone",
                violation_error_message=_("Ce téléphone est déjà abonné pour ce joueur."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.registration} → {self.endpoint[:60]}"


class PushDelivery(models.Model):
    """A notification sent (or being sent) to one phone for one event: a task run again finds
    it and sends nothing twice."""

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="deliveries"
    )
    event = models.CharField(_("événement"), max_length=80)
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("notification envoyée")
        verbose_name_plural = _("notifications envoyées")
        db_table = "tournaments_pushdelivery"  # the table keeps its name
        constraints = [
            models.UniqueConstraint(
                fields=["subscription", "event"],
                name="push_delivery_once_per_event_and_phone",
                violation_error_message=_("Cette notification a déjà été envoyée à ce téléphone."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} → {self.subscription_id}"
