"""The guides' pictures taken from the pages themselves (tests/guide_captures.py): each test
opens its page as the accessibility walk does and writes the picture the guide shows."""

import pytest

from tests.browser.test_accessibility import PAGES, open_page, push_offered, room  # noqa: F401
from tests.guide_captures import CAPTURES, CAPTURES_DIR

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("capture", CAPTURES, ids=[capture.file for capture in CAPTURES])
def test_a_guide_picture_is_taken_from_its_page_as_its_reader_sees_it(open_page, capture):  # noqa: F811
    spec = next(spec for spec in PAGES if spec.name == capture.page)
    page = open_page(spec)
    page.set_viewport_size({"width": capture.width, "height": capture.height})
    page.evaluate("() => document.fonts.ready")
    path = CAPTURES_DIR / capture.file

    page.screenshot(path=str(path), animations="disabled", caret="hide")

    written = path.read_bytes()
    assert written.startswith(b"\x89PNG")
    # Width and height from the PNG's header: the reader's screen, not a page's whole length.
    assert int.from_bytes(written[16:20], "big") == capture.width
    assert int.from_bytes(written[20:24], "big") == capture.height
