"""Accounts: sign-up, log-in and API tokens over django.contrib.auth.

It lives in the project package because it adds no models of its own: users are Django's, tokens
are DRF's authtoken.
"""

from django import forms
from django.contrib.auth import get_user_model, login, password_validation
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.shortcuts import redirect, render
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

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


class Credentials(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, trim_whitespace=False)


class RegisterApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [ScopedRateThrottle]
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


class TokenApi(ObtainAuthToken):
    """POST {username, password} → {"token": "..."}, for `Authorization: Token ...`."""

    @extend_schema(
        request=Credentials,
        responses={200: inline_serializer("TokenResponse", {"token": serializers.CharField()})},
        summary="Get an API token",
    )
    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token, _ = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})


class SignUpForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]  # django-stubs omit this Meta
        model = User
        fields = ("username",)

    username = forms.CharField(max_length=150, help_text="Letters, digits and @/./+/-/_ only.")


def signup(request):
    if request.user.is_authenticated:
        return redirect("decks:card-search")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("decks:card-search")
    return render(request, "registration/signup.html", {"form": form})
