"""The pictures of the guides (docs/captures/), each taken by tests/browser/test_guide_captures.py
from a page of the accessibility walk as its reader sees it, so that they stay true as the
pages change. A guide shows one with ``![words](../captures/<file>)``."""

from dataclasses import dataclass
from pathlib import Path

CAPTURES_DIR = Path(__file__).resolve().parent.parent / "docs" / "captures"

PHONE_WIDTH = 390
DESKTOP_WIDTH = 1280


@dataclass(frozen=True)
class Capture:
    page: str  # a Page's name in tests/browser/test_accessibility.py
    file: str  # under docs/captures/
    width: int
    height: int


CAPTURES = [
    Capture("feuille", "feuille-telephone.png", PHONE_WIDTH, 844),
    Capture("formulaire de donne", "donne-telephone.png", PHONE_WIDTH, 844),
    Capture("donne refusée", "donne-refusee-telephone.png", PHONE_WIDTH, 844),
    Capture("page d'un joueur", "page-joueur-telephone.png", PHONE_WIDTH, 844),
    Capture("salle", "salle-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("tableau de bord", "tableau-de-bord-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("pointage", "pointage-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("classement", "classement-telephone.png", PHONE_WIDTH, 844),
    Capture("pénalités", "penalites-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("historique de la feuille", "historique-telephone.png", PHONE_WIDTH, 844),
    Capture("membres du club", "membres-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("saison", "saison-telephone.png", PHONE_WIDTH, 844),
    Capture("phases", "phases-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("salles et équipe", "salles-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("tirages", "tirages-telephone.png", PHONE_WIDTH, 844),
    Capture("contraintes de placement", "contraintes-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("liste des licences", "licences-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("scanner des QR codes", "scanner-telephone.png", PHONE_WIDTH, 844),
    Capture("tableau des prix", "tableau-des-prix-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("palmarès et prix", "palmares-telephone.png", PHONE_WIDTH, 844),
    Capture("inscriptions en ligne (arbitre)", "inscriptions-ordinateur.png", DESKTOP_WIDTH, 800),
    Capture("inscription en ligne (complet)", "inscription-telephone.png", PHONE_WIDTH, 844),
    Capture("mes soirées au club", "mes-soirees-telephone.png", PHONE_WIDTH, 844),
]
