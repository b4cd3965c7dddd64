"""Throwaway PostgreSQL and Redis servers for the server benchmark (``bench/server.py``).

PostgreSQL: Debian's ``initdb`` and ``pg_ctl`` (``scripts/install-postgres.sh``; or those
in the folder that ``CUTTLE_PG_BIN`` names, such as a copy unpacked elsewhere), a cluster
in a temporary folder on a free loopback port, run as the ``postgres`` user when this runs
as root (PostgreSQL refuses root), ``fsync`` left on. Redis: Debian's
``redis-server`` (``scripts/install-scaleout.sh``) without persistence.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from clusterutil import children_of
from srvutil import free_port


def cpu_seconds(pid: int, reaped: bool = False) -> float:
    """User plus system CPU seconds used so far by process ``pid`` (Linux ``/proc``; NaN
    if it is gone); with ``reaped``, plus those of its children that have ended (the
    backends PostgreSQL's postmaster started and waited for)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


class Postgres:
    """A throwaway PostgreSQL cluster with one empty database ``cuttle``."""

    def __init__(self) -> None:
        """Make and start it; raise ``RuntimeError`` if it cannot start."""
        override = os.environ.get("CUTTLE_PG_BIN")
        found = (
            [str(Path(override) / "initdb")]
            if override
            else sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        )
        if not found or not Path(found[-1]).exists():
            where = f"in CUTTLE_PG_BIN ({override})" if override else "(/usr/lib/postgresql)"
            raise RuntimeError(f"initdb not found {where}: run scripts/install-postgres.sh")
        self.bindir = Path(found[-1]).parent
        self.run_as = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
        self.root = Path(tempfile.mkdtemp(prefix="cuttle-bench-pg-", dir="/tmp"))
        self.port = free_port()
        self.password = secrets.token_urlsafe(12)
        kw: dict[str, Any] = {}
        if self.run_as:
            os.chown(self.root, self.run_as.pw_uid, self.run_as.pw_gid)
            kw = {"user": self.run_as.pw_uid, "group": self.run_as.pw_gid, "extra_groups": []}
        self.kw = kw
        pw = self.root / "pw"
        pw.write_text(self.password + "\n")
        if self.run_as:
            os.chown(pw, self.run_as.pw_uid, self.run_as.pw_gid)
        self._run("initdb", "-D", str(self.root / "data"), "-U", "cuttle", f"--pwfile={pw}",
                  "--auth-host=scram-sha-256", "--auth-local=trust", "--no-locale",
                  "--encoding=UTF8")  # fmt: skip
        opts = f"-h 127.0.0.1 -p {self.port} -k {self.root} -c max_connections=200"
        self._run("pg_ctl", "start", "-w", "-D", str(self.root / "data"), "-l",
                  str(self.root / "log"), "-o", opts)  # fmt: skip
        import psycopg

        with psycopg.connect(
            host="127.0.0.1", port=self.port, user="cuttle", password=self.password,
            dbname="postgres", autocommit=True,
        ) as pg:  # fmt: skip
            pg.execute("CREATE DATABASE cuttle")

    def _run(self, *cmd: str) -> None:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        if self.run_as:
            env.update(HOME=str(self.root), USER="postgres", LOGNAME="postgres")
        done = subprocess.run(
            [str(self.bindir / cmd[0]), *cmd[1:]], cwd=self.root, env=env,
            capture_output=True, text=True, check=False, **self.kw,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"{cmd[0]} failed: {done.stdout}{done.stderr}")

    @property
    def url(self) -> str:
        """The SQLAlchemy URL of the database."""
        return f"postgresql+psycopg://cuttle:{self.password}@127.0.0.1:{self.port}/cuttle"

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the server and its backends, those that have ended
        included (Linux ``/proc``: a connection closed takes its backend's time with it
        otherwise)."""
        pid = int((self.root / "data" / "postmaster.pid").read_text().split()[0])
        return cpu_seconds(pid, reaped=True) + sum(cpu_seconds(p) for p in children_of(pid))

    def count_moves(self, where: str = "true") -> int:
        """Rows in ``moves`` (those matching the SQL condition ``where``)."""
        import psycopg

        conninfo = self.url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(conninfo) as pg:
            row = pg.execute(f"select count(*) from moves where {where}").fetchone()
            return int(row[0]) if row else 0

    def stop(self) -> None:
        """Stop it and remove its folder."""
        try:
            self._run("pg_ctl", "stop", "-D", str(self.root / "data"), "-m", "fast", "-w")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


class Redis:
    """A throwaway redis-server on a free loopback port."""

    def __init__(self) -> None:
        """Start it and wait until it answers."""
        exe = shutil.which("redis-server")
        if exe is None:
            raise RuntimeError("redis-server not found: run scripts/install-scaleout.sh")
        self.port = free_port()
        self.proc = subprocess.Popen(
            [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        import redis

        for _ in range(200):
            try:
                if redis.Redis(port=self.port).ping():
                    return
            except redis.RedisError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not answer")

    @property
    def url(self) -> str:
        """Its URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the server."""
        return cpu_seconds(self.proc.pid)

    def stop(self) -> None:
        """Stop it."""
        self.proc.terminate()
        self.proc.wait(10)
