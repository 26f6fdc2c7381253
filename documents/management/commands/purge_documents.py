"""Run daily (docs, « Deploying »): delete the kept documents nobody can ask for any more.

A document is asked for at its current stamp only; a job of any other stamp (the tournament
changed since), or of a subject gone, can never be served again: its file and its row go. So
do the files no job names (left by a job drawn twice at once, or by a row deleted by hand).
"""

import json

from django.core.exceptions import ObjectDoesNotExist
from django.core.management.base import BaseCommand

from documents.drawing import kept_files
from documents.models import DocumentJob, DocumentPart
from documents.registry import document, kinds


class Command(BaseCommand):
    help = "Supprime les documents gardés que plus personne ne peut demander."

    def handle(self, *_args, **_options) -> None:
        gone, files = 0, 0
        storage = kept_files()
        for kind, key in DocumentJob.objects.values_list("kind", "key").distinct().order_by():
            current = _current_stamp(kind, key)
            stale = DocumentJob.objects.filter(kind=kind, key=key).exclude(stamp=current or "")
            for name in stale.exclude(file="").values_list("file", flat=True):
                storage.delete(name)
                files += 1
            gone += stale.delete()[0]
        for kind in kinds():
            files += _orphans(storage, kind)
        self.stdout.write(f"{gone} travaux et {files} fichiers supprimés.")


def _current_stamp(kind: str, key: str) -> str | None:
    """The stamp a request would ask for now, or None when nobody can ask any more."""
    try:
        return document(kind).stamp(json.loads(key))
    except (KeyError, ObjectDoesNotExist):
        return None


def _orphans(storage, kind: str) -> int:
    """Delete the files of ``kind`` that no job names."""
    try:
        _folders, names = storage.listdir(kind)
    except (FileNotFoundError, NotImplementedError):
        return 0
    named = set(DocumentJob.objects.filter(kind=kind).values_list("file", flat=True))
    # A part's file is named by its row until its job joins the parts (and deletes it).
    named |= set(DocumentPart.objects.filter(job__kind=kind).values_list("file", flat=True))
    orphans = [f"{kind}/{name}" for name in names if f"{kind}/{name}" not in named]
    for name in orphans:
        storage.delete(name)
    return len(orphans)
