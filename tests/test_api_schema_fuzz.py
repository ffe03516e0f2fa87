"""schemathesis against /api/schema/: generated requests to every operation, anonymous and with a
token, get no server error and answers that match the schema (documented status codes, content
types and bodies). Bounded: a few examples per operation. (Requests the schema allows but the
service refuses, such as a weak password, are not counted against it.)"""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    """As Django's test client does: the requests run inside the test's transaction, so the
    end of a request must not close the connection."""
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


# Anonymous requests get one generated example and none of schemathesis's explicit and coverage
# examples (boundary and invalid values, about 50 requests per operation): most operations
# refuse an anonymous request before reading any input, and the token run below sends every
# public operation those examples with the same bodies. (They were 40 s of the suite's CPU.)
@schema.parametrize()
@settings(
    max_examples=1,
    phases=[Phase.generate],
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_anonymous_requests_match_the_schema(case):
    case.call_and_validate(checks=CHECKS)


@pytest.fixture
def token():
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user = get_user_model().objects.create_user("fuzz", password="a-long-fuzz-password")
    return Token.objects.create(user=user).key


@schema.parametrize()
@settings(max_examples=3, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_requests_with_a_token_match_the_schema(case, token):
    case.call_and_validate(checks=CHECKS, headers={"Authorization": f"Token {token}"})
