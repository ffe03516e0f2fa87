"""URL map: pages, the REST API under /api/, the OpenAPI schema and its docs, and the
operations endpoints (/healthz, /readyz, /metrics)."""

from csp.decorators import csp_exempt
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import accounts, health, metrics


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers and crawlers ask for /favicon.ico whatever the page names: the site's icon
    (its address is looked up at the request, when the static files' manifest is there)."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


api: list[URLPattern | URLResolver] = [
    path("auth/register/", accounts.RegisterApi.as_view(), name="register"),
    path("auth/token/", accounts.TokenApi.as_view(), name="token"),
    path("", include("decks.api_urls")),
    path("", include("matchups.api_urls")),
    path("", include("metagame.api_urls")),
    path("", include("tournaments.api_urls")),
    path("rules/", include("rules.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # Swagger UI runs an inline script, which the Content-Security-Policy would block.
    path(
        "docs/",
        csp_exempt()(SpectacularSwaggerView.as_view(url_name="api:schema")),
        name="docs",
    ),
]

urlpatterns = [
    # Operations (docs/deployment.md): liveness, readiness, Prometheus metrics.
    path("favicon.ico", favicon),
    path("healthz", health.healthz, name="healthz"),
    path("readyz", health.readyz, name="readyz"),
    path("metrics", metrics.metrics, name="metrics"),
    path("", include("decks.urls")),
    path("", include("matchups.urls")),
    path("", include("metagame.urls")),
    path("events/", include("tournaments.urls")),
    path("tournaments/", include("tournaments.slip_urls")),  # match slips, to print
    path("series/", include("tournaments.series_urls")),
    path("players/", include("tournaments.player_urls")),
    path("api/", include((api, "api"))),
    path("rules/", include("rules.urls")),
    path("accounts/", accounts.account, name="account"),
    path("accounts/token/revoke/", accounts.token_revoke, name="token-revoke"),
    path("accounts/email/", accounts.email_set, name="account-email"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/welcome/", accounts.welcome, name="welcome"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Password reset by e-mail: Django's own views and tokens (genesis.accounts.PasswordReset).
    path("accounts/password/reset/", accounts.PasswordReset.as_view(), name="password_reset"),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("admin/", admin.site.urls),
]

# Under /api/ an unknown path or a server error answers JSON, like the rest of the API.
handler400 = "genesis.edge.bad_request"
handler404 = "genesis.edge.not_found"
handler500 = "genesis.edge.server_error"
