"""The project's settings, URLs and entry points; its Celery app is loaded with it, so that the
tasks' ``delay`` and ``apply_async`` reach the broker of the settings (docs, « Deploying »)."""

from tarot_club.celery import app as celery_app

__all__ = ("celery_app",)
