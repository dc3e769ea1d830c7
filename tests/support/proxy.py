"""A TCP proxy on loopback between the product and a real server, which a test can cut
(every open connection closed, new ones refused), stall (connections accepted, nothing
forwarded) and restore: faults of a real PostgreSQL or Redis without touching them."""

from __future__ import annotations

import asyncio
import threading

from tests.conftest import free_port

OPEN, CUT, STALLED = "open", "cut", "stalled"


class Proxy:
    def __init__(self, target_host: str, target_port: int):
        self.target = (target_host, target_port)
        self.port = free_port()
        self.mode = OPEN
        # connections the stall holds now, and the most it held at once
        self.stalled, self.most_stalled = 0, 0
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def start(self) -> Proxy:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(timeout=5)
        return self

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.mode == CUT:
            writer.close()
            return
        self._writers.add(writer)
        if self.mode == STALLED:
            await self._hold(reader, writer)
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self._writers.add(upstream_writer)
        await asyncio.gather(self._pipe(reader, upstream_writer), self._pipe(upstream_reader, writer))

    async def _hold(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Take what the client sends, answer nothing, until it gives up (or the mode changes)."""
        self.stalled += 1
        self.most_stalled = max(self.most_stalled, self.stalled)
        try:
            while await reader.read(65536):
                pass
        except (ConnectionError, OSError):
            pass
        finally:
            self.stalled -= 1
            writer.close()
            self._writers.discard(writer)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            writer.close()
            self._writers.discard(writer)

    def _set(self, mode: str) -> None:
        async def change() -> None:
            self.mode = mode
            if mode != OPEN:
                for writer in list(self._writers):
                    writer.close()
                self._writers.clear()

        asyncio.run_coroutine_threadsafe(change(), self._loop).result(timeout=5)

    def cut(self) -> None:
        self._set(CUT)

    def stall(self) -> None:
        self._set(STALLED)

    def restore(self) -> None:
        self._set(OPEN)

    def stop(self) -> None:
        async def close() -> None:
            self.mode = CUT
            self._server.close()
            for writer in list(self._writers):
                writer.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(timeout=5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
