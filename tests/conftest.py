"""Suite-wide settings.

Rate limits (webscore.limits) are off for every app and server the tests start, in this
process and in the gunicorn/flask subprocesses that inherit the environment: races of 20
phones, load and fuzzing post far faster than people do, on purpose.  tests/webscore/
test_limits.py turns them on explicitly (config ``RATELIMITS``) to test them.
"""

from __future__ import annotations

import os

os.environ.setdefault("WEBSCORE_RATELIMITS", "off")
