"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
# Each request's database work runs in a thread of its own under ASGI: a connection kept open
# for the next request would never be reused by it, and they would pile up to the server's
# limit (tarot_club/settings.py).
os.environ.setdefault("DB_CONN_MAX_AGE", "0")

application = get_asgi_application()
