"""Who acts (common.actors): named for the writes a service sets off beyond its own."""

from common.actors import Actor, acting, current_actor


def test_the_actor_is_known_only_inside_the_write_that_names_them():
    script = Actor.running("tests")

    with acting(script):
        inside = current_actor()

    assert (inside, current_actor()) == (script, None)


def test_an_inner_write_names_its_own_actor_and_gives_back_the_outer_one():
    outer, inner = Actor.running("dehors"), Actor.table_device()

    with acting(outer):
        with acting(inner):
            seen_inside = current_actor()
        seen_after = current_actor()

    assert (seen_inside, seen_after) == (inner, outer)
