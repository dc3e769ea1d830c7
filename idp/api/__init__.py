"""The /v1 JSON API: thin views that parse JSON, call a flow and answer the envelope."""

# View modules register their routes on bp when imported.
from idp.api import (  # noqa: E402,F401  # noqa: E402,F401  # noqa: E402,F401  # noqa: E402,F401
    account,
    guard,
    insight,
    openapi,
    policy,  # noqa: E402,F401
    profile,
    recovery,
    services,
    session_info,
    signin,
    signup,
)
from idp.api.blueprint import bp

__all__ = ["bp"]
