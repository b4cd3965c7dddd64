"""Helpers for the scale-out tests: a throwaway redis-server, bot workers, process trees."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from srvutil import ChildProcess, free_port


class RedisProc(ChildProcess):
    """Debian's ``redis-server`` on a free loopback port, no persistence; restartable."""

    def __init__(self, folder: Path) -> None:
        """Keep its log in ``folder``; call :meth:`start`."""
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its ``redis://`` URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisProc:
        """Start it and wait until it answers PING; fail (never skip) if it cannot."""
        exe = shutil.which("redis-server")
        if exe is None:
            pytest.fail("redis-server not found: run scripts/install-scaleout.sh (make test does)")
        log = open(self.folder / f"redis-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                *(exe, "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--daemonize", "no"),
                *("--dir", str(self.folder)),
            ],
            stdout=log,
            stderr=log,
        )
        import redis

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"redis-server exited with {self.proc.returncode}")
            try:
                if redis.Redis(port=self.port, socket_timeout=1).ping():
                    return self
            except redis.RedisError:
                time.sleep(0.05)
        pytest.fail("redis-server did not answer")

    def client(self) -> Any:
        """A redis-py client (strings decoded)."""
        import redis

        return redis.Redis(port=self.port, decode_responses=True, socket_timeout=5)


class BotWorkerProc(ChildProcess):
    """``cuttle bot-worker`` in a subprocess."""

    def __init__(self, folder: Path, database_url: str, redis_url: str, lease: float = 2.0):
        """Remember its settings; call :meth:`start`."""
        self.folder = folder
        self.env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        self.env.update(DATABASE_URL=database_url, REDIS_URL=redis_url, CUTTLE_BOT_LEASE=str(lease))
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, jobs: int = 1) -> BotWorkerProc:
        """Start it (it is ready within a second or two)."""
        log = open(self.folder / f"botworker-{time.monotonic_ns()}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cuttle.server.botworker", "--jobs", str(jobs)],
            env=self.env,
            stdout=log,
            stderr=log,
        )
        return self

    @property
    def pid(self) -> int:
        """Its process id."""
        assert self.proc is not None
        return self.proc.pid


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def wait_until(pred: Any, timeout: float = 20, what: str = "condition") -> None:
    """Poll ``pred()`` until it holds; fail the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


class NginxProc(ChildProcess):
    """nginx on a free loopback port in front of ``backends``, with the site's shipped
    routes (``deploy/cuttle-locations.conf``) inside a plain-HTTP server block."""

    def __init__(self, folder: Path, backends: list[int]) -> None:
        """Write its configuration into ``folder``; call :meth:`start`."""
        self.folder = folder
        self.port = free_port()
        self.backends = backends
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Its base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> NginxProc:
        """Check the configuration, start nginx and wait until it answers."""
        exe = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.path.exists(exe):
            pytest.fail("nginx not found: run scripts/install-scaleout.sh (make test does)")
        d = self.folder
        servers = "\n".join(f"    server 127.0.0.1:{p};" for p in self.backends)
        conf = d / "nginx.conf"
        conf.write_text(
            f"""pid {d}/nginx.pid;
error_log {d}/nginx-error.log;
daemon off;
worker_processes 1;
events {{}}
http {{
  access_log off;
  client_body_temp_path {d}/body; proxy_temp_path {d}/proxy;
  fastcgi_temp_path {d}/fcgi; uwsgi_temp_path {d}/uwsgi; scgi_temp_path {d}/scgi;
  upstream cuttle {{
{servers}
    keepalive 8;
  }}
  map $http_upgrade $cuttle_connection {{ default upgrade; '' ''; }}
  limit_req_zone $binary_remote_addr zone=cuttle_req:1m rate=200r/s;
  server {{
    listen 127.0.0.1:{self.port};
    client_max_body_size 16k;
    include {DEPLOY / "cuttle-locations.conf"};
  }}
}}
"""
        )
        check = subprocess.run([exe, "-t", "-c", str(conf)], capture_output=True, text=True)
        if check.returncode != 0:
            pytest.fail(f"nginx refuses the configuration: {check.stderr}")
        log = open(d / "nginx-out.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen([exe, "-c", str(conf)], stdout=log, stderr=log)
        import httpx

        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                pytest.fail(f"nginx exited with {self.proc.returncode}")
            try:
                httpx.get(self.url + "/api/options", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.05)
        pytest.fail("nginx did not answer")
