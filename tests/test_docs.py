"""The project's own documentation stands in the repository, and ./dev serve takes a port."""

import re
import subprocess
from pathlib import Path

import pytest

from tests import fft_example
from tests.fft_example import signed

ROOT = Path(__file__).resolve().parent.parent


def test_every_relative_link_of_the_readme_names_a_file_of_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((?!https?:|#)([^)]+)\)", readme)

    assert "docs/scoring.md" in links
    assert [link for link in links if not (ROOT / link).is_file()] == []
    assert "../shared" not in readme


def test_the_rules_document_carries_the_fft_example_sheet_bilans():
    rules = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8")

    # The document's columns are Nord, Sud, Est, Ouest.
    bilans = " | ".join(f"**{signed(fft_example.BILANS[place])}**" for place in "NSEO")
    assert f"| **bilan** | | | {bilans} |" in rules


@pytest.mark.parametrize(("arguments", "environment"), [(["70000"], {}), ([], {"PORT": "abc"})])
def test_dev_serve_refuses_a_port_that_is_not_one_before_setting_anything_up(
    arguments, environment
):
    result = subprocess.run(
        ["bash", str(ROOT / "dev"), "serve", *arguments],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", **environment},
        timeout=30,
    )

    assert result.returncode == 2
    assert "Port invalide" in result.stderr
    assert "par exemple ./dev serve 8080" in result.stderr
