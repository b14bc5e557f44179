"""Property test of the JSON API from its own OpenAPI document (Schemathesis): whatever the
generated request, the answer is never a server error."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from webscore import create_app

_DB = Path(tempfile.mkdtemp(prefix="webscore-fuzz-")) / "f.sqlite3"
APP = create_app({"SECRET_KEY": "fuzz", "AUTO_MIGRATE": True, "PROPAGATE_EXCEPTIONS": True,
                  "DATABASE_URL": f"sqlite:///{_DB}"})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_answers_5xx(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, response.text[:500])
