"""What the live pages' tests share: what the bus was handed (the ``live_bus`` fixture of
tests/conftest.py gives each test its own, in memory)."""


def published(the_bus) -> list[dict]:
    """The events the bus was handed, oldest first."""
    return [event.data for event in the_bus.since_start()]


def kinds(the_bus) -> list[str]:
    return [event["kind"] for event in published(the_bus)]
