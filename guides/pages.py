"""The guides the app shows under « Aide » (docs/, the same pages as the documentation site),
and where each page of the app finds its help.

The guides are the Markdown files of ``docs/`` written in French for the arbitre and the
player; the technical reference (in English) stays on the documentation site. A page is
rendered once per process and per change of its file.
"""

from __future__ import annotations

import itertools
import posixpath
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.templatetags.static import static

DOCS = Path(settings.BASE_DIR) / "docs"

# The guides the app serves, by their path in docs/ without « .md » (also their URL).
GUIDES = (
    "index",
    "guide-arbitre/index",
    "guide-arbitre/soiree",
    "guide-arbitre/inscriptions",
    "guide-arbitre/salle",
    "guide-arbitre/corrections",
    "guide-arbitre/impressions",
    "guide-arbitre/saison",
    "guide-arbitre/championnat",
    "guide-arbitre/prix",
    "guide-arbitre/licences-et-pointage",
    "guide-joueur",
    "scoring",
    "tirage",
    "prix",
)

# Each page of the app (its URL name) and the section of the guides that helps there; the
# anchors are the headings' own (Python-Markdown's, as the documentation site's).
HELP = {
    "home": "guide-joueur",
    "tournament_detail": "guide-joueur#votre-page",
    "player_page": "guide-joueur#votre-page",
    "player_search": "guide-joueur#votre-page",
    "ranking": "guide-joueur#votre-page",
    "sheet": "guide-joueur#le-telephone-a-la-table",
    "sheet_access": "guide-joueur#le-telephone-a-la-table",
    "login": "guide-arbitre/index",
    "setup_home": "guide-arbitre/index",
    "setup_tournament_create": "guide-arbitre/soiree#avant-la-soiree",
    "setup_tournament_edit": "guide-arbitre/soiree#avant-la-soiree",
    "setup_dashboard": "guide-arbitre/soiree",
    "setup_players": "guide-arbitre/soiree#avant-la-soiree",
    "setup_import": "guide-arbitre/soiree#avant-la-soiree",
    "setup_checkin": "guide-arbitre/soiree#le-jour-meme",
    "setup_placement": "guide-arbitre/soiree#le-jour-meme",
    "sheet_room": "guide-arbitre/salle",
    "hall_room": "guide-arbitre/salle#les-salles-dun-championnat",
    "penalties": "guide-arbitre/corrections#les-penalites",
    "journal": "guide-arbitre/corrections#rouvrir-une-position",
    "setup_stages": "guide-arbitre/championnat#les-phases",
    "setup_halls": "guide-arbitre/championnat#les-salles-et-lequipe",
    "draws": "guide-arbitre/championnat#le-tirage-verifiable",
    "club_members": "guide-arbitre/saison#le-club",
    "prize_table": "guide-arbitre/prix",
    "prize_list_unlock": "guide-arbitre/prix#arreter-le-palmares",
    "prize_list": "prix",
    "entry_form": "guide-joueur#sinscrire-en-ligne",
    "entry_page": "guide-joueur#sinscrire-en-ligne",
    "entry_withdraw": "guide-joueur#sinscrire-en-ligne",
    "entries_manage": "guide-arbitre/inscriptions",
    "club_licences": "guide-arbitre/licences-et-pointage#la-liste-des-licences",
    "club_licences_preview": "guide-arbitre/licences-et-pointage#la-liste-des-licences",
    "setup_checkin_scan": "guide-arbitre/licences-et-pointage#pointage-par-qr-code",
    "checkin_link": "guide-arbitre/licences-et-pointage#pointage-par-qr-code",
}

LINK = re.compile(r'href="(?P<target>[^":#]+)\.md(?P<anchor>#[^"]*)?"')
# A guide's picture, named from its page as the documentation site names it.
PICTURE = re.compile(r'src="(?:\.\./)*captures/(?P<file>[\w.-]+\.png)"')


@dataclass(frozen=True)
class Guide:
    path: str
    title: str
    html: str


def help_target(url_name: str | None) -> str:
    """The guide (and section) that helps on the page named ``url_name``; the guides' home
    for any other."""
    page, _, anchor = HELP.get(url_name or "", "index").partition("#")
    return f"{page}/" + (f"#{anchor}" if anchor else "")


def guide(path: str) -> Guide | None:
    """The guide at ``path`` rendered, or None when no guide has that path."""
    if path not in GUIDES:
        return None
    source = DOCS / f"{path}.md"
    return _rendered(path, source.stat().st_mtime_ns)


@lru_cache(maxsize=len(GUIDES))
def _rendered(path: str, _changed: int) -> Guide:
    text = (DOCS / f"{path}.md").read_text(encoding="utf-8")
    title, _, _body = text.partition("\n")
    html = markdown.markdown(text, extensions=["tables", "toc", "attr_list", "admonition"])
    # A wide table scrolls on its own on a phone, not the whole page (focusable, so that a
    # keyboard scrolls it too).
    numbers = itertools.count(1)
    html = re.sub(
        "<table>",
        lambda _match: (
            f'<div class="scroll" tabindex="0" role="region" '
            f'aria-label="Tableau {next(numbers)}"><table>'
        ),
        html,
    ).replace("</table>", "</table></div>")
    return Guide(path=path, title=title.lstrip("# ").strip(), html=_links(html, path))


def _links(html: str, path: str) -> str:
    """The guides' links to one another, as the app's URLs; a link to a page the app does not
    serve (the technical reference) goes to the same page of the documentation site's
    sources, named as text. Their pictures come from the static files."""

    def relink(match: re.Match) -> str:
        folder = posixpath.dirname(path)
        target = posixpath.normpath(posixpath.join(folder, match["target"]))
        if target in GUIDES:
            return f'href="/aide/{target}/{match["anchor"] or ""}"'
        return f'href="/aide/" data-docs="docs/{target}.md"'

    html = LINK.sub(relink, html)

    def picture(match: re.Match) -> str:
        return 'src="{}"'.format(static("captures/" + match["file"]))

    return PICTURE.sub(picture, html)
