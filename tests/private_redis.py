"""A Redis server of the test's own (Debian's redis-server, on a free port of the loopback),
that the test stops, freezes and starts again: what the app meets when its Redis is restarted,
hangs or is gone, with the shared server untouched. Nothing kept on disk. Used by the tests
and by bench/fault_bench.py."""

import os
import shutil
import signal
import socket
import subprocess
import time

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(16).startswith(b"+PONG")
    except OSError:
        return False


class RedisServerMissing(RuntimeError):
    pass


class PrivateRedis:
    def __init__(self):
        if not os.access(REDIS_SERVER, os.X_OK):
            raise RedisServerMissing("redis-server is not installed (Debian package redis-server)")
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        self.start()

    def url(self, database: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        """Redis running and answering (thawed, or started again: empty)."""
        if self.process is not None and self.process.poll() is None:
            self.thaw()
            return
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not answers(self.port):
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not answer on port {self.port}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Redis stopped: its connections closed, new ones refused."""
        if self.process is None or self.process.poll() is not None:
            return
        self.thaw()
        self.process.terminate()
        self.process.wait(timeout=10)

    def freeze(self) -> None:
        """Redis hung (SIGSTOP): connections open, nothing answered."""
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)

    def close(self) -> None:
        self.stop()


def private_redis_or_skip() -> PrivateRedis:
    import pytest

    try:
        return PrivateRedis()
    except RedisServerMissing as missing:
        pytest.skip(str(missing))
