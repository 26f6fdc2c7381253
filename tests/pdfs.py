"""Reading a PDF as poppler-utils does (pdfinfo, pdftotext), and keeping its first page as a
PNG under tests/artifacts/ (pdftoppm), to look at the layout.

poppler-utils is installed by ``./dev test`` and ``.ci/run`` (apt-get, when root).
"""

import html
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def _poppler(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.fail(f"{tool} is missing: install Debian's poppler-utils (./dev test does it)")
    return path


def pdf_info(pdf: bytes) -> dict[str, str]:
    """The document's information as ``pdfinfo`` gives it (Title, Pages…)."""
    info = subprocess.run(
        [_poppler("pdfinfo"), "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    return {
        key.strip(): value.strip()
        for key, value in (line.split(":", 1) for line in info.splitlines() if ":" in line)
    }


def pdf_pages(pdf: bytes) -> int:
    return int(pdf_info(pdf)["Pages"])


def pdf_text(pdf: bytes, *, raw: bool = False) -> str:
    """The text of the PDF laid out as on the page (``pdftotext -layout``: a table's rows are
    lines), or in the order it was written (``-raw``: each block of the sheet whole)."""
    mode = "-raw" if raw else "-layout"
    return subprocess.run(
        [_poppler("pdftotext"), mode, "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


def word_boxes(pdf: bytes) -> list[tuple[str, float, float, float, float]]:
    """Every word of the PDF with its box (``pdftotext -bbox``): text, x min, y min, x max,
    y max, in points, in writing order."""
    listing = subprocess.run(
        [_poppler("pdftotext"), "-bbox", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    number = r'"([\d.]+)"'
    pattern = rf"<word xMin={number} yMin={number} xMax={number} yMax={number}>([^<]*)</word>"
    return [
        (html.unescape(text), float(x0), float(y0), float(x1), float(y1))
        for x0, y0, x1, y1, text in re.findall(pattern, listing)
    ]


def words(pdf: bytes) -> str:
    """The text in writing order, every run of white space as one space."""
    return " ".join(pdf_text(pdf, raw=True).split())


def save_first_page(pdf: bytes, name: str) -> Path:
    """Render page 1 to tests/artifacts/<name>.png (100 dpi), to be looked at."""
    ARTIFACTS.mkdir(exist_ok=True)
    target = ARTIFACTS / name
    subprocess.run(
        [_poppler("pdftoppm"), "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile", "-",
         str(target)],
        input=pdf,
        check=True,
    )  # fmt: skip
    return target.with_suffix(".png")


def assert_pdf(response, filename: str) -> bytes:
    """A PDF answer: status 200, ``%PDF`` magic, content type, and the file name it saves as."""
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{filename}"'
    assert response.content.startswith(b"%PDF-")
    return response.content


def assert_says(pdf: bytes, *phrases: str) -> None:
    """Each phrase stands in the PDF's text read in writing order (``words``)."""
    text = words(pdf)
    for phrase in phrases:
        assert phrase in text, f"« {phrase} » is not in the PDF: {text}"
