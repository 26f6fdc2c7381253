"""Walking every URL of an area with one client, for the permission tests."""


def walk(client, gets, posts):
    """Each URL with the answer ``client`` gets: every GET, then every POST of ``posts``
    (pairs of URL and data)."""
    for url in gets:
        yield url, client.get(url)
    for url, data in posts:
        yield url, client.post(url, data)
