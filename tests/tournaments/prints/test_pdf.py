"""Drawing a PDF (tournaments.prints.pdf): what a render leaves of the process as it was."""

import gc

import pytest

from tournaments.prints import pdf


def test_the_garbage_collector_runs_again_after_a_render():
    pdf.html_to_pdf("<!doctype html><p>Feuille</p>")

    assert gc.isenabled()


def test_the_garbage_collector_runs_again_after_a_render_that_failed(monkeypatch):
    def fail(*_args, **_kwargs):
        raise RuntimeError("WeasyPrint a échoué")

    monkeypatch.setattr(pdf.HTML, "write_pdf", fail)

    with pytest.raises(RuntimeError):
        pdf.html_to_pdf("<!doctype html><p>Feuille</p>")
    assert gc.isenabled()


def test_a_render_holds_the_garbage_collector_off_while_weasyprint_draws(monkeypatch):
    seen = []

    def draw(*_args, **_kwargs):
        seen.append(gc.isenabled())
        return b"%PDF"

    monkeypatch.setattr(pdf.HTML, "write_pdf", draw)

    assert pdf.html_to_pdf("<!doctype html><p>Feuille</p>") == b"%PDF"
    assert seen == [False]
