"""An outside party on loopback that answers with raw bytes, however it likes: dripping a byte at a
time (status line, headers or body), redirecting, oversized, cut short, or slow. Counts the
requests it read and the connections it accepted."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable


class Outside:
    """`answer(path)` gives the bytes to send, or a list of pieces sent `drip_seconds` apart; a
    server that speaks first (SMTP's greeting) sends `answer("")` on connection, reading nothing."""

    def __init__(
        self,
        answer: Callable[[str], bytes | list[bytes]],
        port: int = 0,
        drip_seconds: float = 0.0,
        stall_seconds: float = 0.0,
        speaks_first: bool = False,
    ):
        self.answer, self.drip_seconds, self.stall_seconds = answer, drip_seconds, stall_seconds
        self.speaks_first = speaks_first
        self.connections, self.requests, self.paths = 0, 0, []
        self._lock = threading.Lock()
        self._held: list[socket.socket] = []
        self._stop = threading.Event()
        self._listener = socket.create_server(("127.0.0.1", port))
        self._listener.settimeout(0.2)
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._accepting = threading.Thread(target=self._accept, daemon=True)
        self._accepting.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                connection, _ = self._listener.accept()
            except OSError:
                continue
            with self._lock:
                self.connections += 1
                self._held.append(connection)
            threading.Thread(target=self._serve, args=(connection,), daemon=True).start()

    def _serve(self, connection: socket.socket) -> None:
        try:
            path = "" if self.speaks_first else self._read(connection)
            if path is None:
                return
            with self._lock:
                self.requests += 1
                self.paths.append(path)
            time.sleep(self.stall_seconds)
            answer = self.answer(path)
            for piece in answer if isinstance(answer, list) else [answer]:
                if self._stop.is_set():
                    return
                connection.sendall(piece)
                time.sleep(self.drip_seconds)
        except OSError:
            pass
        finally:
            connection.close()

    @staticmethod
    def _read(connection: socket.socket) -> str | None:
        """The path of the request (its body read too), or None when the connection closed."""
        head = b""
        while b"\r\n\r\n" not in head:
            piece = connection.recv(65536)
            if not piece:
                return None
            head += piece
        lines = head.split(b"\r\n")
        length = next((int(line.split(b":")[1]) for line in lines if line.lower().startswith(b"content-length:")), 0)
        body = head.split(b"\r\n\r\n", 1)[1]
        while len(body) < length and (piece := connection.recv(65536)):
            body += piece
        return lines[0].split(b" ")[1].decode()

    def stop(self) -> None:
        self._stop.set()
        # The listener closes once its thread has left accept(): closed under a waiting accept(),
        # it kept the port (LISTEN) until that wait ended, and the next test's server on the same
        # reserved port found it taken (OSError: [Errno 98]).
        self._accepting.join()
        self._listener.close()
        with self._lock:
            for connection in self._held:
                with contextlib.suppress(OSError):
                    connection.close()


def http(status: int = 200, body: bytes = b"", **headers: str) -> bytes:
    """A whole HTTP/1.1 answer (Content-Length from the body unless given; the connection closes)."""
    fields = {
        "Content-Length": str(len(body)),
        "Connection": "close",
        **{name.replace("_", "-"): value for name, value in headers.items()},
    }
    head = f"HTTP/1.1 {status} X\r\n" + "".join(f"{name}: {value}\r\n" for name, value in fields.items()) + "\r\n"
    return head.encode() + body


def dripped(data: bytes) -> list[bytes]:
    """The bytes one at a time."""
    return [data[i : i + 1] for i in range(len(data))]
