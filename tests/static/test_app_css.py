"""The stylesheet's colours: each text colour of app.css's variables reads at 4.5:1 or more
(WCAG AA) on each of its backgrounds, so a page built from them passes axe-core's contrast."""

import re
from pathlib import Path

import pytest
from django.conf import settings

APP_CSS = Path(settings.BASE_DIR) / "static" / "css" / "app.css"
TEXTS = ["ink", "muted", "accent", "plus", "minus", "warn"]
BACKGROUNDS = ["paper", "white", "ok-bg", "warn-bg", "error-bg", "head-bg", "faded-bg"]
ON_DARK = [("on-dark", "ink"), ("on-dark-muted", "ink"), ("accent-ink", "accent")]


def palette() -> dict[str, str]:
    css = APP_CSS.read_text(encoding="utf-8")
    root = css[css.index(":root {") : css.index("}", css.index(":root {"))]
    found = re.findall(r"--([\w-]+):\s*#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", root)
    # #fff is #ffffff: each digit of the short form doubled.
    return {"white": "#ffffff"} | {
        name: "#" + (digits if len(digits) == 6 else "".join(d * 2 for d in digits))
        for name, digits in found
    }


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a #rrggbb colour."""

    def channel(hex_pair: str) -> float:
        value = int(hex_pair, 16) / 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (channel(colour[index : index + 2]) for index in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    lighter, darker = sorted([luminance(first), luminance(second)], reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_of_black_on_white_is_21():
    assert round(contrast("#000000", "#ffffff"), 2) == 21.0


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("background", BACKGROUNDS)
def test_every_text_colour_reads_on_every_background(text, background):
    colours = palette()

    assert contrast(colours[text], colours[background]) >= 4.5


@pytest.mark.parametrize(("text", "background"), ON_DARK)
def test_light_text_reads_on_the_dark_backgrounds(text, background):
    colours = palette()

    assert contrast(colours[text], colours[background]) >= 4.5


def test_no_opacity_fades_text():
    """Opacity mixes text into its background (the ranking's names read at 4.3:1 that way):
    only the hidden radio inputs of the deal form's buttons use it, at 0."""
    css = APP_CSS.read_text(encoding="utf-8")

    assert re.findall(r"opacity:\s*([\d.]+)", css) == ["0"]


@pytest.mark.parametrize("name", ["app.css", "seasons.css", "print.css", "offline.css"])
def test_every_brace_of_the_stylesheets_closes_one_it_opened(name):
    """A stray « } » drops the rule after it without a word (the ranking's « ex æquo » lost its
    style that way): every closing brace closes an opened one, and all are closed."""
    css = re.sub(r"/\*.*?\*/", "", (APP_CSS.parent / name).read_text(encoding="utf-8"), flags=re.S)
    depth = 0
    for brace in re.findall(r"[{}]", css):
        depth += 1 if brace == "{" else -1
        assert depth >= 0, f"{name}: a « }} » closes nothing"
    assert depth == 0
