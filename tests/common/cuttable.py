"""A TCP proxy to the tests' Redis that a test cuts and restores: what a Redis gone for a while
looks like to the bus (connections dropped, new ones refused), the shared server untouched."""

import asyncio
import threading
from urllib.parse import urlsplit


class CuttableRedis:
    def __init__(self, url: str):
        parts = urlsplit(url)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 6379)
        self.db = parts.path.lstrip("/") or "0"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.pipes: set[asyncio.StreamWriter] = set()
        self.server = None
        self.port = 0
        self.restore()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/{self.db}"

    async def _pipe(self, reader, writer) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except OSError:
            pass
        finally:
            writer.close()

    async def _accept(self, client_reader, client_writer) -> None:
        try:
            redis_reader, redis_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.close()
            return
        self.pipes |= {client_writer, redis_writer}
        await asyncio.gather(
            self._pipe(client_reader, redis_writer), self._pipe(redis_reader, client_writer)
        )
        self.pipes -= {client_writer, redis_writer}

    def _run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=5)

    def restore(self) -> None:
        async def start():
            self.server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)
            self.port = self.server.sockets[0].getsockname()[1]

        self._run(start())

    def cut(self) -> None:
        async def stop():
            self.server.close()
            for writer in list(self.pipes):
                writer.transport.abort()
            self.pipes.clear()

        self._run(stop())

    def close(self) -> None:
        async def shut():
            self.server.close()
            for writer in list(self.pipes):
                writer.transport.abort()
            others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.gather(*others, return_exceptions=True)

        self._run(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        self.loop.close()
