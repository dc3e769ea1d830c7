"""Solving the provider's proofs of work as a browser does (idp/flows/proof.py, ALTCHA v1)."""

from __future__ import annotations

import base64
import json

import altcha


def solved(challenge: dict, number: int | None = None) -> str:
    """The X-Proof-Of-Work header that answers the challenge (with another number, when given)."""
    solution = altcha.solve_challenge_v1(
        challenge["challenge"], challenge["salt"], challenge["algorithm"], challenge["maxNumber"]
    )
    payload = {key: challenge[key] for key in ("algorithm", "challenge", "salt", "signature")}
    payload["number"] = solution.number if number is None else number
    return base64.b64encode(json.dumps(payload).encode()).decode()


def with_proof(call, client):
    """call(): a request of that test client; when it is asked a proof of work, the proof is
    solved and the request sent again, as the login UI does unseen. Answers the last answer."""
    answer = call()
    if answer.status_code == 428 and answer.json["message"] == "43":
        client.environ_base["HTTP_X_PROOF_OF_WORK"] = solved(answer.json["data"]["challenge"])
        try:
            answer = call()
        finally:
            client.environ_base.pop("HTTP_X_PROOF_OF_WORK", None)
    return answer
