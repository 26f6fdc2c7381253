"""Failed logins counted for django-axes per pair (account, address) and per address, in the
shared cache (issue 31).

django-axes's own cache handler counts the account alone when asked to, so that anyone who
knows an arbitre's login could shut him out from everywhere; and it wipes every count of the
request on a successful login, so that an attacker logging into his own account between
guesses was never stopped. Here:

- AXES_FAILURE_LIMIT (10) failures for one account from one address lock that pair only: the
  owner, from his own address, still logs in (an account attacked from many addresses costs
  each of them its own budget);
- LOGIN_FAILURE_LIMIT_PER_ADDRESS (20) failures from one address, whatever the accounts, lock
  that address: twice the pair's, since the arbitres of a venue share its address;
- a successful login forgets the failures of its own pair, never the address's;
- a failure refused while locked is not counted, so the end of the lock holds, and each count
  keeps the moment it ends, so that the lockout page says the time actually left.

The keys are our own (a digest of the pair, the address as it is): django-axes joins the
values without a separator, so that « 1 » from 98.51.100.1 would count as 198.51.100.1.
"""

import time
from hashlib import sha256
from math import ceil

from axes.handlers.base import AbstractAxesHandler, AxesBaseHandler
from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from axes.signals import user_locked_out
from django.conf import settings
from django.core.cache import caches


def clock() -> float:
    """Now, in seconds (the tests move it)."""
    return time.time()


def _keys(username: str | None, address: str | None) -> list[str]:
    pair = sha256(f"{username or ''}\0{address or ''}".encode()).hexdigest()
    return [f"login-failures:pair:{pair}", f"login-failures:address:{address or ''}"]


def _request_keys(request, credentials: dict | None) -> list[str]:
    return _keys(get_client_username(request, credentials), request.axes_ip_address)


def _limits(request, credentials: dict | None) -> list[int]:
    """The limits of the keys above, in their order."""
    return [get_failure_limit(request, credentials), settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS]


class LoginThrottle(AbstractAxesHandler, AxesBaseHandler):
    """django-axes's handler (settings.AXES_HANDLER)."""

    def __init__(self) -> None:
        self.cache = caches[getattr(settings, "AXES_CACHE", "default")]

    def _cool_off(self, request) -> int:
        return max(1, int(get_cool_off(request).total_seconds()))

    def _locked_keys(self, request, credentials: dict | None) -> list[str]:
        keys = _request_keys(request, credentials)
        counts = self.cache.get_many(keys)
        return [
            key
            for key, limit in zip(keys, _limits(request, credentials), strict=True)
            if counts.get(key, 0) >= limit
        ]

    def get_failures(self, request, credentials: dict | None = None) -> int:
        """The failures counted for the pair of this request (django-axes's question)."""
        return self.cache.get(_request_keys(request, credentials)[0], 0)

    def is_locked(self, request, credentials: dict | None = None) -> bool:
        return bool(self._locked_keys(request, credentials))

    def seconds_left(self, request, credentials: dict | None = None) -> int:
        """How long the lock on this request (its pair or its address) still holds."""
        now = clock()
        ends = self.cache.get_many(
            [f"{key}:ends" for key in self._locked_keys(request, credentials)]
        )
        return max(0, ceil(max(ends.values(), default=now) - now))

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs) -> None:  # noqa: ARG002
        if request is None:
            return
        request.axes_credentials = credentials
        if not getattr(request, "axes_locked_out", False):
            cool_off = self._cool_off(request)
            ends = clock() + cool_off
            locked = False
            for key, limit in zip(
                _request_keys(request, credentials), _limits(request, credentials), strict=True
            ):
                if self.cache.add(key, 1, timeout=cool_off):
                    count = 1
                else:
                    count = self.cache.incr(key)
                    self.cache.touch(key, timeout=cool_off)
                self.cache.set(f"{key}:ends", ends, timeout=cool_off)
                locked = locked or count >= limit
            if not locked:
                return
            request.axes_locked_out = True
        user_locked_out.send(
            "axes",
            request=request,
            username=get_client_username(request, credentials),
            ip_address=request.axes_ip_address,
        )

    def user_logged_in(self, sender, request, user, **kwargs) -> None:  # noqa: ARG002
        pair = _keys(user.get_username(), request.axes_ip_address)[0]
        self.cache.delete_many([pair, f"{pair}:ends"])

    def user_logged_out(self, sender, request, user, **kwargs) -> None:
        """Nothing to count."""

    def reset_attempts(
        self,
        *,
        ip_address: str | None = None,
        username: str | None = None,
        ip_or_username: bool = False,  # noqa: ARG002 - django-axes's signature
    ) -> int:
        """What `manage.py axes_reset_ip` and `axes_reset_username` ask: an address's count, or
        the pair of an account and an address, forgotten."""
        if ip_address is None:
            return 0
        keys = _keys(username, ip_address)[:1] if username else _keys(None, ip_address)[1:]
        self.cache.delete_many([*keys, *(f"{key}:ends" for key in keys)])
        return len(keys)
