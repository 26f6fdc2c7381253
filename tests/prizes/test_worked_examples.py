"""The worked examples of docs/prix.md are what prizes/ computes."""

from fractions import Fraction
from pathlib import Path

from prizes import Placed, Prize, attribute, pot_of_takings, rows_of_shares

DOC = (Path(__file__).resolve().parents[2] / "docs" / "prix.md").read_text(encoding="utf-8")
DAME, JEUNE = frozenset({"dame"}), frozenset({"jeune"})


def french(cents: int) -> str:
    return f"{cents // 100},{cents % 100:02d} €"


def table() -> list[Prize]:
    pot = pot_of_takings(entries=37, fee_cents=1500, percent=Fraction(70))
    rows = rows_of_shares(pot.cents, [Fraction(share) for share in (40, 25, 15, 10, 10)])
    labels = [("1re place", None), ("2e place", None), ("3e place", None)]
    labels += [("1re dame", "dame"), ("1er jeune", "jeune")]
    return [
        Prize(label, cents, category) for (label, category), cents in zip(labels, rows, strict=True)
    ]


def lines(names: dict[int, str], ranking: list[Placed]) -> list[str]:
    """The example's table rows, as the page writes them."""
    attribution = attribute(table(), ranking)
    rows = []
    for award in attribution.awards:
        placed = next(p for p in ranking if p.player == award.player)
        category = next(iter(placed.categories), "")
        label = award.label
        if award.shared_with:
            label += ", partagés avec " + " et ".join(names[p] for p in award.shared_with)
        cells = [str(award.rank), names[award.player], category, label, french(award.cents)]
        rows.append(("| " + " | ".join(cells) + " |").replace("|  |", "| |"))
    return rows


def test_example_1_the_pot_and_its_rows():
    pot = pot_of_takings(entries=37, fee_cents=1500, percent=Fraction(70))

    assert [pot.takings_cents, pot.cents, pot.kept_cents] == [55500, 38850, 16650]
    assert "555,00 € de recettes" in DOC
    assert "388,50 €, et le club garde 166,50 €" in DOC
    for prize in table():
        assert f"| {prize.label} |" in DOC
        assert f"| {french(prize.cents)} |" in DOC


def test_example_2_one_prize_each():
    names = dict(enumerate(["Armand", "Brigitte", "Charles", "Denis", "Émilie", "Fabrice"], 1))
    categories = {2: DAME, 4: JEUNE, 5: DAME}
    ranking = [Placed(n, n, categories.get(n, frozenset())) for n in names]

    for line in lines(names, ranking):
        assert line in DOC, line


def test_example_3_ex_aequo_share():
    names = dict(enumerate(["Armand", "Bernard", "Claire", "Danielle", "Étienne"], 1))
    ranking = [
        Placed(1, 1),
        Placed(2, 2),
        Placed(3, 2, DAME),
        Placed(4, 4, DAME),
        Placed(5, 5, JEUNE),
    ]

    for line in lines(names, ranking):
        assert line in DOC, line
