"""The documents the apps above register: each under a kind, with how to stamp and draw it.

``params`` are what names one document of a kind (a tournament's id, a position's number, the
site's address printed on its QR codes): small JSON values, the same from the request to the
worker. ``stamp(params)`` reads, cheaply, what changes whenever anything the document shows
changes (raising ``ObjectDoesNotExist`` once its subject is gone); ``draw(params)`` returns the
file's bytes.
"""

from collections.abc import Callable
from dataclasses import dataclass

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

Params = dict[str, int | str | bool]


@dataclass(frozen=True)
class Document:
    kind: str
    stamp: Callable[[Params], str]
    draw: Callable[[Params], bytes]
    content_type: str = PDF

    @property
    def extension(self) -> str:
        return "xlsx" if self.content_type == XLSX else "pdf"


_documents: dict[str, Document] = {}
_warm_ups: list[Callable[[], object]] = []


def register(document: Document) -> Document:
    """Register ``document`` under its kind (again: the same kind replaced, for a reload)."""
    _documents[document.kind] = document
    return document


def document(kind: str) -> Document:
    return _documents[kind]


def kinds() -> list[str]:
    return sorted(_documents)


def on_worker_start(warm_up: Callable[[], object]) -> None:
    """Run ``warm_up`` in each worker process as it starts (fonts loaded, stylesheets parsed),
    so that its first document does not pay for them."""
    if warm_up not in _warm_ups:
        _warm_ups.append(warm_up)


def warm_up() -> None:
    for run in _warm_ups:
        run()
