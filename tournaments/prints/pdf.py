"""PDFs: a Django template rendered to HTML, drawn by WeasyPrint with the one print stylesheet.

Every printed document (feuilles de marque, seating plan, player cards, ranking) goes through
``render_pdf``: the template extends ``prints/base.html``, and ``static/css/print.css`` is
handed to WeasyPrint directly, read from disk, never fetched over HTTP from the site itself.
Fonts are DejaVu (Debian's ``fonts-dejavu-core``), found by fontconfig, so a document prints
the same on every machine that has them.

WeasyPrint is fast enough for a 100-table position when it lays out one HTML document with
page breaks (rather than 100 documents merged), when the fonts and the parsed stylesheet are
shared between renders (both are built once per process here), and when what every page has in
common is laid out and drawn once: see ``Stamp``.
"""

import gc
import threading
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from hashlib import md5
from pathlib import Path

import pydyf
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.http import content_disposition_header
from weasyprint import CSS, HTML, URLFetcher
from weasyprint.text.fonts import FontConfiguration

PRINT_CSS = Path(settings.BASE_DIR) / "static" / "css" / "print.css"

# Only inline data (the QR codes' SVG may come as data: URIs): a template must never make
# WeasyPrint fetch a page of the site, or anything else, while a request waits for it.
_FETCHER = URLFetcher(allowed_protocols={"data"})

_lock = threading.Lock()
_shared: dict = {}
# The shared fonts hold a Pango font map, which is not thread-safe: one render at a time per
# process. Rendering is CPU-bound under the GIL anyway, so threads would not run in parallel.
_render_lock = threading.Lock()


def _fonts_and_stylesheet() -> tuple[FontConfiguration, CSS]:
    """The shared FontConfiguration and the parsed print.css, parsed again when it changed."""
    modified = PRINT_CSS.stat().st_mtime_ns
    with _lock:
        if _shared.get("modified") != modified:
            fonts = _shared.get("fonts") or FontConfiguration()
            stylesheet = CSS(filename=str(PRINT_CSS), font_config=fonts, url_fetcher=_FETCHER)
            _shared.update(fonts=fonts, stylesheet=stylesheet, modified=modified)
        return _shared["fonts"], _shared["stylesheet"]


# --- Stamps: drawn once, shown on many pages ------------------------------------------------
#
# WeasyPrint lays out and draws every page anew, SVG images included; only raster images are
# kept once per document and shown on each page by reference. A stamp uses that: the template
# places a tiny image (``Stamp.url``, an empty pixel with its own name) where the stamp goes, in
# the order its words must be read, and once the PDF is drawn ``_apply_stamps`` turns that
# image into a PDF form holding either a page of the document (which it then takes out of the
# page list) or vector drawing operators. The words of a stamp stay text, found by pdftotext,
# and the vector drawing stays vector; each is written once in the file.

# One white pixel (PNG, 8-bit grey): never shown, the stamp takes its place.
_PIXEL = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAsTj2FAAAAABJRU5ErkJggg=="
)


@dataclass(frozen=True)
class Stamp:
    """``name`` shown wherever the template shows the image ``stamp.url`` (an ``<img>`` or a
    background, sized to the whole page for a page, to its box for a drawing): page ``page``
    of the document, which is then left out of the PDF, or ``drawing``, PDF operators in a
    ``size`` × ``size`` square whose y axis points up (a QR code's modules)."""

    name: str
    page: int | None = None
    drawing: bytes = b""
    size: int = 1

    @property
    def url(self) -> str:
        return f"data:image/png;name={self.name};base64,{_PIXEL}"


def _apply_stamps(stamps: Sequence[Stamp], pdf: pydyf.PDF) -> None:
    """Turn each stamp's placeholder image into its form, then drop the stamp pages."""
    kids = pdf.pages["Kids"]
    pages = [pdf.objects[kids[index]] for index in range(0, len(kids), 3)]
    # An image is named in the resources of the page, or of the group that draws a background.
    x_objects = {}
    for resources in pdf.objects:
        if isinstance(resources, pydyf.Dictionary) and "XObject" in resources:
            x_objects.update(resources["XObject"])
    stamp_pages = set()
    for stamp in stamps:
        image_id = md5(stamp.url.encode(), usedforsecurity=False).hexdigest()
        references = [x_objects.get(f"i{image_id}{interpolate}") for interpolate in (0, 1)]
        for reference in filter(None, references):
            form = pdf.objects[int(reference.split()[0])]
            if stamp.page is not None:
                page = pages[stamp.page]
                content = pdf.objects[int(page["Contents"].split()[0])]
                width, height = page["MediaBox"][2], page["MediaBox"][3]
                form.stream = list(content.stream)
                box = (width, height)
                stamp_pages.add(stamp.page)
            else:
                form.stream = [stamp.drawing]
                box = (stamp.size, stamp.size)
            form.extra = pydyf.Dictionary({
                "Type": "/XObject",
                "Subtype": "/Form",
                "BBox": pydyf.Array([0, 0, *box]),
                "Matrix": pydyf.Array([1 / box[0], 0, 0, 1 / box[1], 0, 0]),
                "Resources": pages[0]["Resources"],
            })  # fmt: skip
            form.compress = True
    for index in sorted(stamp_pages, reverse=True):
        pdf.objects[int(pages[index]["Contents"].split()[0])].stream = []
        del kids[3 * index : 3 * index + 3]
    pdf.pages["Count"] = len(kids) // 3


def shared_fonts() -> FontConfiguration:
    """The FontConfiguration every render of this process shares."""
    return _fonts_and_stylesheet()[0]


@contextmanager
def _collector_paused():
    """Python's cyclic garbage collector held off while WeasyPrint draws: a 100-table document
    makes millions of objects that live as long as the render, and the collector's passes over
    them took a fifth of its time (bench/print_bench.py). What garbage the render leaves in
    cycles goes at the collector's next pass, once it runs again."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def html_to_pdf(html: str, *, stamps: Sequence[Stamp] = ()) -> bytes:
    """Draw an HTML document (already rendered) as a PDF, with print.css and DejaVu fonts,
    and with ``stamps`` applied (the pages they name are then left out)."""
    fonts, stylesheet = _fonts_and_stylesheet()
    document = HTML(string=html, base_url=str(settings.BASE_DIR), url_fetcher=_FETCHER)
    with _render_lock, _collector_paused():
        return document.write_pdf(
            stylesheets=[stylesheet],
            font_config=fonts,
            finisher=(lambda _document, pdf: _apply_stamps(stamps, pdf)) if stamps else None,
        )


def render_pdf(
    template_name: str,
    context: dict,
    *,
    request: HttpRequest | None = None,
    stamps: Sequence[Stamp] = (),
) -> bytes:
    """Render ``template_name`` (which extends ``prints/base.html``) with ``context`` to a PDF."""
    return html_to_pdf(render_to_string(template_name, context, request=request), stamps=stamps)


def pdf_response(
    request: HttpRequest,
    template_name: str,
    context: dict,
    *,
    filename: str,
    stamps: Sequence[Stamp] = (),
) -> HttpResponse:
    """The PDF of ``template_name`` as an answer the browser opens (and saves as ``filename``)."""
    response = HttpResponse(
        render_pdf(template_name, context, request=request, stamps=stamps),
        content_type="application/pdf",
    )
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response
