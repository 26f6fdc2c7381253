"""WSGI entry point, for gunicorn: ``gunicorn tarot_club.wsgi``."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")

application = get_wsgi_application()
