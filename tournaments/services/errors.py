"""The one refusal every service raises: a French message, the field it is about, a code.

Views turn it into a message beside the field (``forms.add_refusal``); ``code`` says which
reason, so that a view can answer with its own status (a sheet's ``stale`` or ``locked``).
"""

from django.utils.translation import gettext as _


class Refused(ValueError):
    def __init__(self, message: str, *, field: str | None = None, code: str = "refused"):
        super().__init__(message)
        self.message = message
        self.field = field
        self.code = code


REASON_MAX_LENGTH = 300


def required_reason(reason: str, *, missing: str) -> str:
    """A reason the arbitre must give (a forced closing, a penalty), on one line.

    Refused with ``missing`` when empty, and when longer than the register keeps.
    """
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refused(missing, field="reason", code="reason_missing")
    if len(reason) > REASON_MAX_LENGTH:
        raise Refused(
            _("Le motif tient en %(max)s caractères au plus.") % {"max": REASON_MAX_LENGTH},
            field="reason",
            code="reason_too_long",
        )
    return reason
