from flask import current_app

from idp.api.blueprint import bp
from idp.api.envelope import ok


@bp.get("/password/policy")
def password_policy():
    policy = current_app.config["IDP"]["password"]
    return ok({"pwdMinLength": policy["min_length"], "pwdMaxLength": policy["max_length"]})
