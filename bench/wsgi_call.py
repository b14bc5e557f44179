"""One in-process WSGI request, with an environ as gunicorn builds one, and the CPU the app
spent on it: the in-process write benchmarks (bench_write_cpu, bench_write_gc) call the app
this way so no test client or socket is measured with it."""

from __future__ import annotations

import io
import sys
import time
from collections.abc import Mapping
from typing import Any


def wsgi_call(app: Any, method: str, path: str, data: bytes | None = None,
              headers: Mapping[str, str] | None = None,
              threaded: bool = False) -> tuple[int, bytes, float]:
    """(status, body, CPU seconds inside the app) of one request; ``path`` may carry a query."""
    query = ""
    if "?" in path:
        path, query = path.split("?", 1)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method, "SCRIPT_NAME": "", "PATH_INFO": path, "QUERY_STRING": query,
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1", "REMOTE_PORT": "40000", "HTTP_HOST": "127.0.0.1:8000",
        "HTTP_CONNECTION": "close", "RAW_URI": path, "SERVER_SOFTWARE": "gunicorn/bench",
        "wsgi.version": (1, 0), "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(data or b""), "wsgi.errors": sys.stderr,
        "wsgi.multithread": threaded, "wsgi.multiprocess": True, "wsgi.run_once": False}
    for name, value in (headers or {}).items():
        key = name.upper().replace("-", "_")
        environ[key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"] = value
    if data is not None:
        environ["CONTENT_LENGTH"] = str(len(data))
    status: list[str] = []

    def start_response(s: str, _headers: Any, _exc: Any = None) -> None:
        status.append(s)

    t0 = time.process_time()
    chunks = app(environ, start_response)
    try:
        raw = b"".join(chunks)
    finally:
        getattr(chunks, "close", lambda: None)()
    return int(status[0].split()[0]), raw, time.process_time() - t0
