"""Authentication: DRF's tokens, with an expiry (settings.TOKEN_TTL), and the log-in backends
(settings.AUTHENTICATION_BACKENDS): django-axes' limit on failed log-ins, with its escalating
cool-off, and usernames matched ignoring case.

A module of its own because DRF imports authentication classes while it loads its views: this one
must import nothing that imports them back."""

from datetime import timedelta
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.models import AccessFailureLog
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db.models import Value
from django.db.models.functions import Lower
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing (and deleting) a token older than TOKEN_TTL."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token.created < timezone.now() - settings.TOKEN_TTL:
            token.delete()
            raise exceptions.AuthenticationFailed("The token has expired: ask for a new one.")
        return user, token


class LoginLimitBackend(AxesStandaloneBackend):
    """django-axes' check on every log-in that comes with a request (the log-in page and the
    token endpoint). A log-in without one is made by code, not by a client (Django's test
    client, a shell), and has nothing to count; it falls through to the next backend."""

    def authenticate(
        self,
        request: Any,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if request is None:
            return None
        # The account this log-in is for, for the cool-off below: django-axes hands that
        # function the request only, and a JSON body is not in request.POST.
        request.login_account = login_account(request, {"username": username})
        return super().authenticate(request, username, password, **kwargs)


class UsernameAnyCaseBackend(ModelBackend):
    """Django's ModelBackend, finding the account ignoring the username's case: `ALICE` logs in
    to `alice`. Usernames are unique ignoring case (migration genesis 0001, an index on
    lower(username)), so at most one account matches, and the lookup uses that index.

    It has the last word on a username and password: a wrong one raises PermissionDenied, which
    ends Django's chain of backends as a failed log-in. So ModelBackend, listed after it only
    because the sessions it logged in name it (and Django keeps a session only while its backend
    is listed), never checks a password a second time."""

    def authenticate(
        self,
        request: Any,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        users = get_user_model()
        if username is None:
            username = kwargs.get(users.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = (
            users._default_manager.alias(key=Lower(users.USERNAME_FIELD))
            .filter(key=Lower(Value(username)))
            .first()
        )
        if user is None:
            users().set_password(password)  # as ModelBackend: no account costs a hash too
        elif user.check_password(password) and self.user_can_authenticate(user):
            return user
        raise PermissionDenied("Wrong username or password.")


def login_account(request: Any, credentials: dict | None) -> str | None:
    """django-axes' name for the account a log-in is for (AXES_USERNAME_CALLABLE): the username
    in lower case, so that `ALICE` and `alice` are counted as the one account they are."""
    username = (credentials or {}).get("username")
    if username is None:
        username = getattr(request, "POST", {}).get("username")
    return str(username).lower() if username is not None else None


def login_cool_off(request: Any) -> timedelta:
    """How long a log-in stays refused once an account and address pair has failed
    AXES_FAILURE_LIMIT times (AXES_COOLOFF_TIME): LOGIN_COOLOFF_FIRST, doubled for every further
    AXES_FAILURE_LIMIT failures on the account from any address in the last
    LOGIN_ESCALATION_WINDOW, up to LOGIN_COOLOFF_LONGEST.

    So an account guessed at from many addresses gets slower for all of them, and an owner who
    mistypes is refused for a minute; the lock is per account *and* address
    (AXES_LOCKOUT_PARAMETERS), so the owner on another address is never refused at all."""
    first, longest = settings.LOGIN_COOLOFF_FIRST, settings.LOGIN_COOLOFF_LONGEST
    account = getattr(request, "login_account", None)
    if account is None:
        return first
    since = timezone.now() - settings.LOGIN_ESCALATION_WINDOW
    failures = AccessFailureLog.objects.filter(username=account, attempt_time__gte=since).count()
    doublings = max(0, failures // settings.AXES_FAILURE_LIMIT - 1)
    if doublings >= 32:  # far past any cap; keeps the arithmetic small
        return longest
    return min(longest, first * 2**doublings)
