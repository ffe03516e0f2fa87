"""API authentication: DRF's tokens, with an expiry (settings.TOKEN_TTL).

A module of its own because DRF imports authentication classes while it loads its views: this one
must import nothing that imports them back."""

from typing import Any

from axes.backends import AxesStandaloneBackend
from django.conf import settings
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
        return super().authenticate(request, username, password, **kwargs)
