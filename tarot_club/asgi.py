"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
# Under ASGI each request's synchronous code runs in a thread of its own: a connection kept
# after the request would be one per thread, never used again, until PostgreSQL refuses more
# clients. Each request opens its own and closes it (Django's advice for ASGI).
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")

application = get_asgi_application()
