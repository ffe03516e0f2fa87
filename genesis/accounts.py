"""Accounts: sign-up, log-in and API tokens over django.contrib.auth.

It lives in the project package because it adds no models of its own: users are Django's, tokens
are DRF's authtoken. Usernames are unique ignoring case, in the database itself (migration
genesis 0001), and log-in finds the account ignoring case (genesis.authentication). Failed
log-ins are limited per account and address by django-axes, counted in the database (settings:
AXES_*), sign-ups by one shared rate for the API and the form (in the cache, which fails open:
genesis/cache.py), and tokens expire (settings.TOKEN_TTL) and can be revoked. The account page
also keeps the user's e-mail address, where the round e-mails they ask for go and a password reset
link is sent (Django's own views and tokens).
"""

import math
from typing import Any, NoReturn

from axes.helpers import get_cool_off
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login, password_validation
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from .authentication import ExpiringTokenAuthentication
from .cache import SharedOrLocal
from .edge import BoundedJSONParser
from .errors import Conflict, Refusal

User = get_user_model()


@transaction.atomic
def user_register(*, username: str, password: str):
    """Create an account, checking the password against the site's password rules."""
    username = username.strip()
    field = User._meta.get_field("username")
    try:
        field.run_validators(username)
    except ValidationError as exc:
        raise Refusal(" ".join(exc.messages), code="invalid_username") from None
    if User.objects.filter(username__iexact=username).exists():
        raise Conflict("That username is taken.", code="username_taken")
    candidate = User(username=username)
    try:
        password_validation.validate_password(password, candidate)
    except ValidationError as exc:
        raise Refusal(" ".join(exc.messages), code="weak_password") from None
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password)
    except IntegrityError:
        raise Conflict("That username is taken.", code="username_taken") from None


class SignupLimited(Refusal):
    status_code = 429
    default_code = "throttled"


class SignupThrottle(ScopedRateThrottle):
    """The sign-up limit (scope "register", SIGNUP_RATE), counted per client in the shared
    cache, and in each process's memory while Redis does not answer (genesis.cache)."""

    cache = SharedOrLocal()  # type: ignore[assignment]  # a throttle calls only get and set


def signup_throttle(request: HttpRequest) -> None:
    """One sign-up limit for the API and the form, counted per client in the shared cache."""
    throttle = SignupThrottle()
    view = RegisterApi()
    if not throttle.allow_request(request, view):  # type: ignore[arg-type]
        wait = math.ceil(throttle.wait() or 60)
        raise SignupLimited(
            f"Too many sign-ups from here; try again in {wait} seconds.", retry_after=wait
        )


def locked_out(request: HttpRequest, credentials: Any, *args: Any, **kwargs: Any) -> HttpResponse:
    """django-axes' answer to a locked-out log-in: 429 with Retry-After, JSON under /api/. The
    wait is the cool-off of now (genesis.authentication.login_cool_off): a refused attempt
    starts it again."""
    wait = math.ceil(get_cool_off(request).total_seconds())
    detail = (
        "Too many failed log-ins to this account from this address; try again in "
        f"{_duration(wait)}, or from another address."
    )
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"code": "locked_out", "detail": detail}, status=429)
    else:
        response = render(request, "registration/locked_out.html", {"detail": detail}, status=429)
    response["Retry-After"] = str(wait)
    return response


def _duration(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} seconds"
    return f"{math.ceil(seconds / 60)} minutes"


def token_expires(token: Token) -> Any:
    return token.created + settings.TOKEN_TTL


class Credentials(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class RegisterApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [SignupThrottle]
    throttle_scope = "register"

    @extend_schema(
        request=Credentials,
        responses={
            201: inline_serializer(
                "Registered",
                {"id": serializers.IntegerField(), "username": serializers.CharField()},
            )
        },
        summary="Create an account",
    )
    def post(self, request):
        data = Credentials(data=request.data)
        data.is_valid(raise_exception=True)
        user = user_register(**data.validated_data)
        return Response({"id": user.pk, "username": user.username}, status=status.HTTP_201_CREATED)

    def throttled(self, request: Any, wait: float | None) -> NoReturn:
        seconds = math.ceil(wait or 60)
        raise SignupLimited(
            f"Too many sign-ups from here; try again in {seconds} seconds.", retry_after=seconds
        )


class TokenCredentials(AuthTokenSerializer):
    """DRF's log-in serializer with the fields bounded like the account's own (an unbounded
    username reached the log-in counter's table and failed there: a 500)."""

    username = serializers.CharField(max_length=150, write_only=True)
    password = serializers.CharField(max_length=128, trim_whitespace=False, write_only=True)


class TokenApi(ObtainAuthToken):
    """POST {username, password} → {"token": "...", "expires": ...}, for
    `Authorization: Token ...`; DELETE (authenticated) revokes the caller's token."""

    # DRF's ObtainAuthToken names its own parsers; use the site's, whose JSON depth is bounded.
    parser_classes = [BoundedJSONParser, FormParser, MultiPartParser]
    serializer_class = TokenCredentials

    @extend_schema(
        request=Credentials,
        responses={
            200: inline_serializer(
                "TokenResponse",
                {"token": serializers.CharField(), "expires": serializers.DateTimeField()},
            )
        },
        summary="Get an API token (it expires; see docs/api.md)",
    )
    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token, _ = Token.objects.get_or_create(user=user)
        if token.created < timezone.now() - settings.TOKEN_TTL:
            token.delete()
            token = Token.objects.create(user=user)
        return Response({"token": token.key, "expires": token_expires(token)})

    @extend_schema(request=None, responses={204: None}, summary="Revoke your API token")
    def delete(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            raise exceptions.NotAuthenticated()
        Token.objects.filter(user=request.user).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)

    def get_serializer_context(self) -> dict[str, Any]:
        # authenticate() gets Django's request, not DRF's wrapper: django-axes marks a locked-out
        # log-in on it, and its middleware answers from that mark.
        return {**super().get_serializer_context(), "request": self.request._request}

    def get_permissions(self) -> list[Any]:
        return [IsAuthenticated()] if self._revoking() else [AllowAny()]

    def get_authenticators(self) -> list[Any]:
        return [ExpiringTokenAuthentication()] if self._revoking() else []

    def _revoking(self) -> bool:
        # The schema generator builds this view without a request.
        return getattr(getattr(self, "request", None), "method", None) == "DELETE"


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]  # django-stubs omit this Meta
        model = User
        fields = ("username",)

    username = forms.CharField(max_length=150, help_text="Letters, digits and @/./+/-/_ only.")


def signup(request: HttpRequest) -> HttpResponse:
    """The sign-up form: the same checks, and the same shared limit, as the API's."""
    if request.user.is_authenticated:
        return redirect("decks:card-search")
    form = SignUpForm(request.POST or None)
    status_code = 200
    if request.method == "POST" and form.is_valid():
        try:
            signup_throttle(request)
            user = user_register(
                username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
        except Refusal as exc:
            form.add_error(None, exc.detail)
            status_code = exc.status_code
        else:
            login(request, user, backend="genesis.authentication.UsernameAnyCaseBackend")
            messages.success(request, f"Welcome, {user.username}: your account is ready.")
            return redirect("welcome")
    return render(request, "registration/signup.html", {"form": form}, status=status_code)


@login_required
def welcome(request: HttpRequest) -> HttpResponse:
    """Where a new account lands: what the site does, each with the one step that starts it."""
    return render(request, "registration/welcome.html")


def _tokens_of(user: Any) -> Any:
    return Token.objects.filter(user=user)


@login_required
def account(request: HttpRequest) -> HttpResponse:
    """The account page: who you are, your e-mail address, and your API token's state, with a
    way to revoke it."""
    token = _tokens_of(request.user).first()
    return render(
        request,
        "registration/account.html",
        {"token": token, "expires": token_expires(token) if token else None},
    )


@transaction.atomic
def user_email_set(*, user: Any, email: str) -> Any:
    """Set the account's e-mail address (where the round e-mails a player asks for go), or
    clear it with an empty one."""
    email = User.objects.normalize_email(email.strip())
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise Refusal("That is not an e-mail address.", code="invalid_email") from None
    user.email = email
    user.save(update_fields=["email"])
    return user


@require_POST
@login_required
def email_set(request: HttpRequest) -> HttpResponse:
    try:
        user = user_email_set(user=request.user, email=request.POST.get("email", ""))
    except Refusal as exc:
        messages.error(request, exc.detail)
    else:
        saved = "saved" if user.email else "removed"
        messages.success(request, f"Your e-mail address is {saved}.")
    return redirect("account")


@require_POST
@login_required
def token_revoke(request: HttpRequest) -> HttpResponse:
    _tokens_of(request.user).delete()
    messages.success(request, "Your API token is revoked: ask for a new one when you need it.")
    return redirect("account")


class PasswordReset(auth_views.PasswordResetView):
    """Django's password reset, asked for by e-mail address: the same page whether or not an
    account has that address (no way to learn who has an account), and a link with Django's
    one-time token (valid PASSWORD_RESET_TIMEOUT) to the site's public address (SITE_URL)."""

    template_name = "registration/password_reset_form.html"
    email_template_name = "registration/password_reset_email.txt"
    subject_template_name = "registration/password_reset_subject.txt"

    def form_valid(self, form: Any) -> HttpResponse:
        self.extra_email_context = {"site_url": settings.SITE_URL}
        return super().form_valid(form)
