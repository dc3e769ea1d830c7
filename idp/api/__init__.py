"""The /v1 JSON API: thin views that parse JSON, call a flow and answer the envelope."""
from idp.api.blueprint import bp

# View modules register their routes on bp when imported.
from idp.api import policy  # noqa: E402,F401
from idp.api import guard, openapi, signin, signup  # noqa: E402,F401
from idp.api import services, session_info  # noqa: E402,F401
from idp.api import profile, recovery  # noqa: E402,F401
from idp.api import account, insight  # noqa: E402,F401

__all__ = ["bp"]
