"""One job per document and stamp: where its drawing stands, the file once it is drawn, and
who asked for it."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from common.actors import Actor, ActorKind
from common.models import actor_kind_known, actor_named


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
    # When the worker drawing it last said it was alive (documents.drawing.said_alive).
    alive_at = models.DateTimeField(null=True, blank=True)
    # Who asked for it last (its drawing, or « Réessayer »), as a journal names them: the
    # journal's line of its failure, written by the worker, names them too.
    actor_kind = models.CharField(
        _("demandé par"), max_length=8, choices=ActorKind, default=ActorKind.VISITOR
    )
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("compte"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    actor_script = models.CharField(_("script"), max_length=100, blank=True)

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
            actor_kind_known("document_job"),
            actor_named("document_job"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} @ {self.stamp} ({self.state})"

    @property
    def asked_by(self) -> Actor:
        return Actor(
            kind=ActorKind(self.actor_kind), user=self.actor_user, script=self.actor_script
        )


def asker_fields(by: Actor) -> dict:
    """The job's columns naming who asked (``by``)."""
    return {"actor_kind": by.kind, "actor_user": by.user, "actor_script": by.script}


class DocumentPart(models.Model):
    """One part of a job's document drawn in parts (``registry.Document.split``): its params,
    and its file once drawn, kept until the parts are joined into the job's file."""

    job = models.ForeignKey(DocumentJob, on_delete=models.CASCADE, related_name="parts")
    number = models.PositiveSmallIntegerField()
    # The part's params as canonical JSON (a part may name many tables: no length set).
    key = models.TextField()
    file = models.CharField(max_length=200, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    alive_at = models.DateTimeField(null=True, blank=True)
    # How many times it was sent again because the worker drawing it fell silent.
    resent = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["job", "number"]
        constraints = [
            models.UniqueConstraint(fields=["job", "number"], name="document_part_once"),
            # Drawn: its file and when it was finished are written together.
            models.CheckConstraint(
                condition=Q(file="", finished_at__isnull=True)
                | (~Q(file="") & Q(finished_at__isnull=False)),
                name="document_part_drawn_has_file",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.job_id} part {self.number}"
