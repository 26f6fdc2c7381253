"""One job per document and stamp: where its drawing stands, and the file once it is drawn."""

from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class DocumentJob(models.Model):
    class State(models.TextChoices):
        WAITING = "waiting", _("en attente")
        DRAWING = "drawing", _("en cours")
        READY = "ready", _("prêt")
        FAILED = "failed", _("échoué")

    kind = models.CharField(max_length=60)
    # The document's params as canonical JSON (registry.py).
    key = models.CharField(max_length=400)
    stamp = models.CharField(max_length=200)
    # sha256 of the kind, the key and the stamp: one job per document and stamp, a second
    # request joins it; it names the kept file too.
    digest = models.CharField(max_length=64, unique=True)
    state = models.CharField(max_length=8, choices=State.choices, default=State.WAITING)
    file = models.CharField(max_length=200, blank=True)
    error = models.CharField(max_length=300, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [models.Index(fields=["kind", "key"], name="document_job_kind_key")]
        constraints = [
            models.CheckConstraint(
                condition=Q(state__in=["waiting", "drawing", "ready", "failed"]),
                name="document_job_state_known",
            ),
            models.CheckConstraint(
                condition=~Q(state="ready") | ~Q(file=""), name="document_job_ready_has_file"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} @ {self.stamp} ({self.state})"
