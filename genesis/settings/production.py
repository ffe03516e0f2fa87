"""Production settings: refuse to start without SECRET_KEY; HTTPS only (redirect, HSTS, secure
cookies); a Content-Security-Policy; compressed statics. Every option is documented in
docs/deployment.md, and `manage.py check --deploy --fail-level WARNING` is clean with them."""

import os

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import ALLOWED_HOSTS, INSTALLED_APPS, MIDDLEWARE, SECRET_KEY, env_bool

if not SECRET_KEY:
    # manage.py, genesis.wsgi and the Celery app use these settings when DJANGO_SETTINGS_MODULE
    # is unset, so the message says how to run with the local ones instead.
    raise ImproperlyConfigured(
        "SECRET_KEY must be set in the environment for production (genesis.settings.production, "
        "which manage.py uses when DJANGO_SETTINGS_MODULE is unset). To run on your own machine, "
        "use the local settings, as ./scripts/serve does: "
        "DJANGO_SETTINGS_MODULE=genesis.settings.local python manage.py <command>"
    )

DEBUG = False
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
# HTTPS only: plain HTTP is redirected, and browsers are told to use HTTPS for a year (set
# HSTS_SECONDS=0 until the whole site, subdomains included, is known to serve HTTPS).
SECURE_SSL_REDIRECT = env_bool("SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", str(365 * 24 * 3600)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", True)
# A load balancer may probe, and Prometheus scrape, over plain HTTP inside the network.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]

# Content-Security-Policy (django-csp): the pages load scripts, styles and images from this site
# only; no page has an inline script or an eval (htmx's eval is off: templates/base.html). Style
# attributes are allowed ("'unsafe-inline'" for styles only): the charts set widths inline.
# CSP_REPORT_ONLY=1 reports violations without blocking them, to try a change first.
INSTALLED_APPS = [*INSTALLED_APPS, "csp"]
_after = MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1
MIDDLEWARE = [*MIDDLEWARE[:_after], "csp.middleware.CSPMiddleware", *MIDDLEWARE[_after:]]
_policy = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
if env_bool("CSP_REPORT_ONLY", False):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = _policy
else:
    CONTENT_SECURITY_POLICY = _policy

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Round e-mails go out by SMTP (EMAIL_HOST, EMAIL_PORT, ...: docs/deployment.md, E-mail), and
# link to the site by its public address.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
SITE_URL = (os.environ.get("SITE_URL") or f"https://{ALLOWED_HOSTS[0].lstrip('*.')}").rstrip("/")
