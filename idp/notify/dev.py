"""Development outbox pages: what would have been sent, with the codes. 404 elsewhere."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, render_template

from idp.extensions import db
from idp.models import OutboxMessage

bp = Blueprint("dev_outbox", __name__, url_prefix="/dev")

ESPEAK_VOICES = {"en": "en", "fr": "fr"}


@bp.before_request
def development_only():
    if current_app.config["IDP"]["server"]["environment"] != "development":
        abort(404)


def _newest_first() -> list[OutboxMessage]:
    return db.session.scalars(db.select(OutboxMessage).order_by(OutboxMessage.id.desc()).limit(200)).all()


def _as_json(message: OutboxMessage) -> dict:
    return {
        "id": message.id,
        "channel": message.channel,
        "to": message.to,
        "language": message.language,
        "subject": message.subject,
        "body": message.body,
        "code": message.code,
        "created": message.created.isoformat() + "Z",
    }


@bp.get("/outbox")
def outbox_page():
    return render_template("dev/outbox.html", messages=_newest_first(), espeak=shutil.which("espeak-ng") is not None)


@bp.get("/outbox.json")
def outbox_json():
    response = jsonify(messages=[_as_json(message) for message in _newest_first()])
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/outbox/<int:message_id>/audio.wav")
def outbox_audio(message_id: int):
    message = db.session.get(OutboxMessage, message_id)
    espeak = shutil.which("espeak-ng")
    if message is None or message.channel != "voice" or espeak is None:
        abort(404)
    with tempfile.TemporaryDirectory() as folder:
        wav = Path(folder) / "message.wav"
        subprocess.run(
            [espeak, "-v", ESPEAK_VOICES[message.language], "-w", str(wav), message.body],
            check=True,
            capture_output=True,
            timeout=30,
        )
        audio = wav.read_bytes()
    return current_app.response_class(audio, mimetype="audio/wav")
