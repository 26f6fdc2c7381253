"""The verifiable draw's pure scheme (seating.draw, docs/tirage.md)."""

import hashlib
from dataclasses import replace

from seating.draw import (
    GENERATOR_VERSION,
    DrawPlayer,
    PublicDraw,
    canonical_json,
    commitment_of,
    differences,
    fingerprint,
    input_document,
    plan_of,
    room_seed_of,
    seed_of,
    with_swaps,
)

SECRET = "00" * 32
ROOM_SEED = "425163"


def document(history=()):
    players = [DrawPlayer(player_id=100 + n, licence=f"0{9 - n}") for n in range(8)]
    return input_document(
        position=len(history) + 1, positions=2, allow_five=False, players=players, history=history
    )


def public(doc=None, secret=SECRET, room_seed=ROOM_SEED):
    doc = doc or document()
    input_fingerprint = fingerprint(doc)
    seed = seed_of(
        secret=secret, input_fingerprint=input_fingerprint, position=doc["position"],
        version=doc["version"], room_seed=room_seed,
    )  # fmt: skip
    plan = plan_of(doc, seed)[:1]
    return PublicDraw(
        position=doc["position"], attempt=1, commitment=commitment_of(secret), secret=secret,
        version=doc["version"], input=doc, input_fingerprint=input_fingerprint, seed=seed,
        plan=plan, plan_fingerprint=fingerprint(plan), room_seed=room_seed,
    )  # fmt: skip


def test_the_commitment_is_the_sha256_of_the_secrets_characters():
    assert commitment_of(SECRET) == hashlib.sha256(SECRET.encode()).hexdigest()


def test_the_input_lists_the_players_by_licence():
    licences = [player["licence"] for player in document()["players"]]

    assert licences == sorted(licences)


def test_the_seed_is_the_start_of_the_sha256_of_its_five_inputs_joined_by_colons():
    text = f"{SECRET}:{ROOM_SEED}:abc:3:{GENERATOR_VERSION}"

    seed = seed_of(
        secret=SECRET, input_fingerprint="abc", position=3, version=GENERATOR_VERSION,
        room_seed=ROOM_SEED,
    )  # fmt: skip

    assert seed == hashlib.sha256(text.encode()).hexdigest()[:16]


def test_a_version_2_seed_still_has_its_four_inputs_without_a_room_seed():
    text = f"{SECRET}:abc:3:tarot-seating-2"

    seed = seed_of(secret=SECRET, input_fingerprint="abc", position=3, version="tarot-seating-2")

    assert seed == hashlib.sha256(text.encode()).hexdigest()[:16]


def test_another_room_seed_draws_another_plan():
    assert public(room_seed="615243").plan != public().plan


def test_a_draw_of_the_current_version_without_a_room_seed_is_refused_by_the_check():
    found = differences(replace(public(), room_seed=""))

    assert found == ["Position 1, tirage n° 1 : pas de graine de la salle valable ('')."]


def test_a_draw_of_version_2_still_verifies_without_a_room_seed():
    players = [DrawPlayer(player_id=100 + n, licence=f"0{9 - n}") for n in range(8)]
    doc = input_document(
        position=1, positions=2, allow_five=False, players=players, history=(),
        version="tarot-seating-2",
    )  # fmt: skip

    assert "club" not in doc["players"][0]
    assert differences(public(doc, room_seed="")) == []


def test_the_room_seed_keeps_its_digits_and_drops_spaces():
    assert room_seed_of(" 4 2 5 1 6 3 ") == "425163"


def test_a_room_seed_with_a_letter_or_too_few_digits_is_none():
    assert [room_seed_of(typed) for typed in ("42a163", "123", "4\x002516", "١٢٣٤٥")] == [None] * 4


def test_the_input_holds_the_clubs_the_pairs_kept_apart_and_the_fixed_tables():
    players = [
        DrawPlayer(player_id=n, licence=f"0{n}", club="Lyon" if n < 2 else None) for n in range(8)
    ]
    doc = input_document(
        position=1, positions=2, allow_five=False, players=players, history=(),
        apart=[(5, 3)], fixed={6: 2},
    )  # fmt: skip

    assert [player["club"] for player in doc["players"][:3]] == ["Lyon", "Lyon", None]
    assert (doc["apart"], doc["fixed"]) == ([[3, 5]], [[6, 2]])


def test_the_drawn_plan_keeps_the_pairs_apart_and_the_fixed_tables_of_its_input():
    players = [DrawPlayer(player_id=n, licence=f"0{n:02}") for n in range(16)]
    doc = input_document(
        position=1, positions=3, allow_five=False, players=players, history=(),
        apart=[(0, 4), (1, 2)], fixed={5: 3},
    )  # fmt: skip

    plan = plan_of(doc, "0123456789abcdef")

    together = [{0, 4} <= set(t) or {1, 2} <= set(t) for tables in plan for t in tables]
    assert not any(together)
    assert all(5 in tables[2] for tables in plan)


def test_the_drawn_plan_spreads_a_club_over_the_tables():
    players = [
        DrawPlayer(player_id=n, licence=f"0{n:02}", club="Lyon" if n < 4 else None)
        for n in range(16)
    ]
    doc = input_document(position=1, positions=1, allow_five=False, players=players, history=())

    tables = plan_of(doc, "0123456789abcdef")[0]

    assert [len({0, 1, 2, 3} & set(table)) for table in tables] == [1, 1, 1, 1]


def test_the_same_document_and_seed_draw_the_same_plan():
    assert plan_of(document(), "0123456789abcdef") == plan_of(document(), "0123456789abcdef")


def test_another_secret_draws_another_plan():
    assert public(secret="11" * 32).plan != public().plan


def test_a_plan_seats_every_player_of_the_input_once():
    seated = sorted(player for table in public().plan[0] for player in table)

    assert seated == list(range(100, 108))


def test_a_draw_made_by_the_scheme_has_no_difference():
    assert differences(public()) == []


def test_a_plan_changed_after_the_draw_is_named_by_its_table():
    draw = public()
    changed = [[list(reversed(draw.plan[0][0])), *draw.plan[0][1:]]]

    found = differences(replace(draw, plan=changed, plan_fingerprint=fingerprint(changed)))

    assert found == [
        f"Position 1, tirage n° 1 : position 1, table 1 : publiée {changed[0][0]}, "
        f"re-tirée {draw.plan[0][0]}."
    ]


def test_a_secret_that_does_not_give_the_commitment_is_named():
    found = differences(replace(public(), commitment=commitment_of("22" * 32)))

    assert found == ["Position 1, tirage n° 1 : le secret ne donne pas l'engagement publié."]


def test_an_input_changed_after_the_draw_is_named():
    draw = public()
    other = {**draw.input, "allow_five": True}

    assert (
        "les données d'entrée ne donnent pas l'empreinte publiée"
        in differences(replace(draw, input=other))[0]
    )


def test_the_history_keeps_players_no_longer_present_out_of_the_plan():
    first = public().plan[0]
    gone = first[0][0]
    doc = document(history=[first])
    doc["players"] = [player for player in doc["players"] if player["player_id"] != gone]

    plan = plan_of(doc, "0123456789abcdef")

    assert gone not in [player for table in plan[0] for player in table]


def test_a_swap_exchanges_two_players_wherever_they_sit():
    assert with_swaps([[1, 2, 3, 4], [5, 6, 7, 8]], [[2, 7]]) == [[1, 7, 3, 4], [5, 6, 2, 8]]


# A draw made with the first generator, as docs/tirage.md published it before version 2:
# eight players, position 1 of 3. Its plan must still check, by the generator it names.
FIRST_VERSION_INPUT = {
    "allow_five": False,
    "history": [],
    "players": [
        {"licence": licence, "player_id": player_id, "team": None}
        for licence, player_id in [
            ("0098765", 12), ("0188870", 19), ("0245118", 5), ("0300297", 8),
            ("0412361", 31), ("0560034", 28), ("0650441", 53), ("0731002", 47),
        ]
    ],
    "position": 1,
    "positions": 3,
    "version": "tarot-seating-1",
}  # fmt: skip
FIRST_VERSION_DRAW = PublicDraw(
    position=1,
    attempt=1,
    commitment="7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c",
    secret="9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    version="tarot-seating-1",
    input=FIRST_VERSION_INPUT,
    input_fingerprint="1bf8e023a3865a49f6c2d2b1d7ffe7f71c3c297a29f6b337ff9787a4df33a2a7",
    seed="c25245657a4160ab",
    plan=[[[8, 12, 19, 53], [31, 5, 47, 28]]],
    plan_fingerprint="918a24edf03d0ca9f4c86262665bc525c2f0119377d068c07ae8cda201e5439a",
)


def test_a_draw_of_the_first_generator_still_checks_after_the_version_changed():
    assert GENERATOR_VERSION != "tarot-seating-1"
    assert differences(FIRST_VERSION_DRAW) == []


def tables_of(plan):
    return [{frozenset(table) for table in tables} for tables in plan]


def sixteen_players_drawn_twice(version):
    """Position 1 of 5 drawn, then position 2 with it as history, from one seed: the plan
    of position 2 beside the rest of the first plan, as tables of players."""
    players = [DrawPlayer(player_id=100 + n, licence=f"{n:02d}") for n in range(16)]
    first = {**input_document(position=1, positions=5, allow_five=False, players=players,
                              history=[]), "version": version}  # fmt: skip
    planned = plan_of(first, "0123456789abcdef")
    second = {**input_document(position=2, positions=4, allow_five=False, players=players,
                               history=planned[:1]), "version": version}  # fmt: skip
    return tables_of(plan_of(second, "0123456789abcdef")), tables_of(planned[1:])


def test_the_first_generator_continues_a_plan_its_history_begins():
    again, rest = sixteen_players_drawn_twice("tarot-seating-1")

    assert again == rest


def test_the_current_generator_plans_after_the_history_without_looking_for_the_plan():
    """A draw's seed changes with its position, so the plan its history would begin is never
    the one drawn: version 2 no longer plans it again, in full, to find out."""
    again, rest = sixteen_players_drawn_twice(GENERATOR_VERSION)

    assert again != rest


def test_a_draw_of_an_unknown_generator_is_named():
    draw = replace(FIRST_VERSION_DRAW, version="tarot-seating-0")

    assert differences(draw) == [
        "Position 1, tirage n° 1 : version du générateur tarot-seating-0 inconnue."
    ]


def test_an_input_naming_another_version_than_its_draw_is_named():
    draw = replace(FIRST_VERSION_DRAW, version=GENERATOR_VERSION)

    assert differences(draw) == [
        f"Position 1, tirage n° 1 : les données d'entrée nomment la version tarot-seating-1, "
        f"le tirage la version {GENERATOR_VERSION}."
    ]


def test_the_canonical_json_is_written_as_docs_tirage_says():
    document = {"b": 10, "a_b": 'œ🃏\x7f/"\\\n\x01', "aB": [True, None, -3]}

    assert canonical_json(document) == (
        '{"aB":[true,null,-3],"a_b":"\\u0153\\ud83c\\udccf\\u007f/\\"\\\\\\n\\u0001","b":10}'
    )


def test_players_without_a_licence_come_first_then_licences_as_text():
    players = [
        DrawPlayer(player_id=3, licence="9"),
        DrawPlayer(player_id=2, licence="10"),
        DrawPlayer(player_id=9, licence=""),
        DrawPlayer(player_id=1, licence=""),
    ]
    doc = input_document(position=1, positions=1, allow_five=False, players=players, history=())

    assert [player["player_id"] for player in doc["players"]] == [1, 9, 2, 3]
