"""PDFs: a Django template rendered to HTML, drawn by WeasyPrint with the one print stylesheet.

Every printed document (feuilles de marque, seating plan, player cards, ranking) goes through
``render_pdf``: the template extends ``prints/base.html``, and ``static/css/print.css`` is
handed to WeasyPrint directly, read from disk, never fetched over HTTP from the site itself.
Fonts are DejaVu (Debian's ``fonts-dejavu-core``), found by fontconfig, so a document prints
the same on every machine that has them.

WeasyPrint is fast enough for a 100-table position when it lays out one HTML document with
page breaks (rather than 100 documents merged), and when the fonts and the parsed stylesheet
are shared between renders: both are built once per process here.
"""

import threading
from pathlib import Path

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


def html_to_pdf(html: str) -> bytes:
    """Draw an HTML document (already rendered) as a PDF, with print.css and DejaVu fonts."""
    fonts, stylesheet = _fonts_and_stylesheet()
    document = HTML(string=html, base_url=str(settings.BASE_DIR), url_fetcher=_FETCHER)
    with _render_lock:
        return document.write_pdf(stylesheets=[stylesheet], font_config=fonts)


def render_pdf(template_name: str, context: dict, *, request: HttpRequest | None = None) -> bytes:
    """Render ``template_name`` (which extends ``prints/base.html``) with ``context`` to a PDF."""
    return html_to_pdf(render_to_string(template_name, context, request=request))


def pdf_response(
    request: HttpRequest, template_name: str, context: dict, *, filename: str
) -> HttpResponse:
    """The PDF of ``template_name`` as an answer the browser opens (and saves as ``filename``)."""
    response = HttpResponse(
        render_pdf(template_name, context, request=request), content_type="application/pdf"
    )
    response["Content-Disposition"] = content_disposition_header(False, filename)
    return response
