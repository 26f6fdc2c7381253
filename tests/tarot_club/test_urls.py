"""The root URLconf: every path is answered by one view, under one name; none shadows another
(an earlier pattern answering a later one's path, as the club's pages once were)."""

from collections import Counter

from django.urls import URLPattern, URLResolver, get_resolver


def _routes(
    resolver: URLResolver, prefix: str = "", namespace: str = ""
) -> list[tuple[str, str | None]]:
    """Every pattern of ``resolver``, its full route and its name (with its namespace, as
    ``reverse`` reads it), in the order Django tries them."""
    routes = []
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLPattern):
            routes.append((route, pattern.name and namespace + pattern.name))
        else:
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            routes.extend(_routes(pattern, route, inner))
    return routes


def test_no_path_is_answered_twice():
    counts = Counter(route for route, _name in _routes(get_resolver()))

    assert [route for route, count in counts.items() if count > 1] == []


def test_no_name_names_two_paths():
    counts = Counter(name for _route, name in _routes(get_resolver()) if name)

    assert [name for name, count in counts.items() if count > 1] == []


def test_the_club_pages_are_answered_once_by_the_views_that_compose_them():
    resolver = get_resolver()
    public, manage = resolver.resolve("/clubs/5/"), resolver.resolve("/arbitre/clubs/5/")

    assert (public.url_name, public.func.__module__) == ("club_detail", "seasons.views.clubs")
    assert (manage.url_name, manage.func.__module__) == ("club_manage", "seasons.views.clubs")
