"""``GET /metrics`` on the public port: only for ``Authorization: Bearer <metrics_token>``.

Anyone else — no token configured, none given, a wrong one — gets the same 404 as for a
page that does not exist, so the public port does not even say that metrics are there. The
comparison takes the same time whatever the guess (``hmac.compare_digest``).
"""

from __future__ import annotations

import hmac

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from doublesix.server.ops.metrics import CONTENT_TYPE
from doublesix.server.ops.observe import Observer


def allowed(expected: str | None, authorization: str) -> bool:
    if not expected:
        return False
    return hmac.compare_digest(authorization.encode(), f"Bearer {expected}".encode())


async def metrics(request: Request) -> Response:
    observe: Observer = request.app.state.observe
    if not allowed(observe.settings.metrics_token, request.headers.get("authorization", "")):
        return PlainTextResponse("Not Found", status_code=404)
    return Response(observe.metrics.render(), media_type=CONTENT_TYPE)
