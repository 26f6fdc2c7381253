"""The documents the apps above register: each under a kind, with how to stamp and draw it.

``params`` are what names one document of a kind (a tournament's id, a position's number, the
site's address printed on its QR codes): small JSON values, the same from the request to the
worker. ``stamp(params)`` reads, cheaply, what changes whenever anything the document shows
changes (raising ``ObjectDoesNotExist`` once its subject is gone); ``draw(params)`` returns the
file's bytes.

A PDF long to draw may be drawn in parts by several workers at once: ``split(params)`` gives
each part's params (the same document narrowed to some of its pages, drawn by the same
``draw``), and the parts' pages, in that order, make the file. Fewer than two parts: it is drawn
whole.

``journal`` writes, in the journal of the tournament or season the document belongs to, what
happened to it (``Happened``): this app sits below them and names neither. It is called inside
the transaction that makes it happen, with who asked (``by``) and, for a failure, the French
words the page shows (``error``); it may raise ``ObjectDoesNotExist`` when the document's
subject is gone, and then nothing is written.
"""

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from common.actors import Actor

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"
JSON = "application/json"
EXTENSIONS = {PDF: "pdf", XLSX: "xlsx", CSV: "csv", JSON: "json"}
# Opened in the browser rather than saved (as these URLs answered before the queue).
INLINE = {PDF, JSON}

Params = dict[str, int | str | bool | list[int]]


class Happened(enum.StrEnum):
    ASKED = "asked"  # a request asked for it, and a job was made to draw it
    FAILED = "failed"  # its render failed, or it was not ready in time
    RETRIED = "retried"  # « Réessayer » queued its failed job again


class Journal(Protocol):
    def __call__(
        self, *, kind: str, params: Params, happened: Happened, by: Actor, error: str
    ) -> None: ...


# The broker's priorities (with Redis, the lowest first): a task sent with none (a
# notification) comes before any document. A part of a document drawn in parts (a second or
# so) comes with the rest, after the long documents drawn whole: the longest render starts
# first and the parts fill the workers around it (a ranking of 5 s taken after the sheets'
# parts ended its round last).
LONG_FIRST, THE_REST = 3, 6
PARTS = THE_REST


@dataclass(frozen=True)
class Document:
    kind: str
    stamp: Callable[[Params], str]
    draw: Callable[[Params], bytes]
    content_type: str = PDF
    journal: Journal | None = None
    # Long to draw (seconds, not tenths: hundreds of pages, or a table of hundreds of rows):
    # such a document waiting in the queue is taken before the others, so that documents asked
    # together on few workers are all ready soonest (the longest first).
    long: bool = False
    # Its parts' params (module docstring), or None: always drawn whole.
    split: Callable[[Params], list[Params]] | None = None

    def __post_init__(self) -> None:
        if self.split is not None and self.content_type != PDF:
            raise ValueError(f"{self.kind}: only a PDF is drawn in parts (its pages joined).")

    @property
    def priority(self) -> int:
        return LONG_FIRST if self.long else THE_REST

    @property
    def extension(self) -> str:
        return EXTENSIONS[self.content_type]

    @property
    def inline(self) -> bool:
        return self.content_type in INLINE


def even_parts(items: list, most: int, *, step: int = 1) -> list[list]:
    """``items`` in order, cut into parts of at most ``most`` (a whole number of ``step``: a
    page's worth, so that only the last part's last page is less full), as even as can be:
    drawn together, they end together. 100 by at most 25: 4 of 25; 60: 3 of 20."""
    if not items:
        return []
    count = -(-len(items) // most)
    size = -(-len(items) // count)
    size = -(-size // step) * step
    return [items[start : start + size] for start in range(0, len(items), size)]


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
