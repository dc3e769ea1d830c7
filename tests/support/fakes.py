"""The outside services of delivery, on loopback: a real SMTP server (aiosmtpd) that
accepts, refuses or never answers, and a fake GC Notify API that accepts, fails or is slow."""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Message as MessageHandler

from tests.conftest import free_port, serve_in_thread


class Collect(MessageHandler):
    """Keeps every message; with refuse, answers `reply` (550 by default: refused for good; a 4xx
    asks to try later) to every recipient instead; with delay_seconds, takes that long to accept
    each message."""

    def __init__(self):
        super().__init__()
        self.received = []
        self.refused = 0
        self.refuse = False
        self.reply = "550 5.1.1 mailbox unavailable"
        self.delay_seconds = 0.0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.refuse:
            self.refused += 1
            return self.reply
        envelope.rcpt_tos.append(address)
        return "250 OK"

    def handle_message(self, message):
        time.sleep(self.delay_seconds)
        self.received.append(message)


@pytest.fixture
def smtp_server():
    handler = Collect()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, handler
    controller.stop()


@pytest.fixture
def silent_server():
    """Port of a server that accepts connections and never says a word."""
    listener = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join(timeout=5)
    for connection in held:
        connection.close()
    listener.close()


def notify_settings(url: str, **more: str) -> dict[str, str]:
    """The settings of delivery through GC Notify at url (the fake below), which production
    reaches only as an operator allows a private destination (idp/outbound)."""
    return {
        "IDP_OUTBOUND_ALLOW_PRIVATE_DESTINATIONS": "true",
        "IDP_NOTIFY_PROVIDER": "notify",
        "IDP_NOTIFY_NOTIFY_BASE_URL": url,
        "IDP_NOTIFY_NOTIFY_API_KEY": (
            "test-key-00000000-0000-0000-0000-000000000000-00000000-0000-0000-0000-000000000000"
        ),
        "IDP_NOTIFY_NOTIFY_EMAIL_TEMPLATE_ID": "email-template",
        "IDP_NOTIFY_NOTIFY_SMS_TEMPLATE_ID": "sms-template",
        **more,
    }


class FakeNotify(BaseHTTPRequestHandler):
    received: list = []
    status = 201
    delay_seconds = 0.0

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).received.append((self.path, self.headers.get("Authorization", ""), body))
        time.sleep(type(self).delay_seconds)
        self.send_response(type(self).status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        ok = type(self).status == 201
        error = {"errors": [{"error": "BadRequestError", "message": "no"}], "status_code": type(self).status}
        self.wfile.write(json.dumps({"id": str(uuid.uuid4())} if ok else error).encode())

    def log_message(self, *args):
        pass


@pytest.fixture
def notify_server():
    FakeNotify.received, FakeNotify.status, FakeNotify.delay_seconds = [], 201, 0.0
    server = ThreadingHTTPServer(("127.0.0.1", free_port()), FakeNotify)
    serve_in_thread(server)
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
