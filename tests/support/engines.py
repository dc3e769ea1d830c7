"""The engines operators run, started by the tests themselves: a PostgreSQL cluster of its own
(initdb, on a free port), its streaming standby (pg_basebackup), PgBouncer (Debian's package) and
a redis-server, each in a folder of its own that goes with it. The machine's own PostgreSQL and
Redis are never stopped, restarted nor reconfigured: other sessions and CI use them.

initdb, PostgreSQL and PgBouncer each refuse to run as root ("cannot be run as root", "PgBouncer
should not run as root"), and CI runs as root: there they run as the `postgres` account that
Debian's PostgreSQL package creates, in a folder made under /tmp and given to it (pytest's own
folders are root's alone, 0700). A developer who is not root runs them as themselves."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from tests.conftest import free_port

SUPERUSER = "postgres"


def postgres_bin(program: str) -> str:
    """A PostgreSQL program of the newest server installed (/usr/lib/postgresql/N/bin)."""
    folders = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda folder: int(folder.parent.name))
    if not folders:
        raise RuntimeError("no PostgreSQL server is installed (Debian's postgresql package)")
    return str(folders[-1] / program)


def _owner() -> pwd.struct_passwd | None:
    """The account the engines run as: postgres when this process is root, else this process's own."""
    return pwd.getpwnam("postgres") if os.geteuid() == 0 else None


def engine_folder(prefix: str) -> Path:
    """A folder under /tmp that the engines' account owns; remove it with remove_folder."""
    folder = Path(tempfile.mkdtemp(prefix=f"idp-{prefix}-"))
    owner = _owner()
    if owner is not None:
        os.chown(folder, owner.pw_uid, owner.pw_gid)
    return folder


def remove_folder(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


def run_as_owner(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    owner = _owner()
    if owner is not None:
        kwargs.update(user=owner.pw_uid, group=owner.pw_gid, extra_groups=[])
    return subprocess.run(command, check=True, capture_output=True, text=True, timeout=60, **kwargs)


def start_as_owner(command: list[str], log: Path) -> subprocess.Popen:
    owner = _owner()
    extra = {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": []} if owner is not None else {}
    with log.open("w") as out:
        if owner is not None:
            os.chown(log, owner.pw_uid, owner.pw_gid)
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, **extra)


def wait_for_port(port: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return
        time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port}")


class Cluster:
    """A PostgreSQL cluster in folder/data on a free port of loopback, trust authentication (as
    the machine's), its log in folder/postgres.log."""

    def __init__(self, folder: Path, name: str):
        self.folder = folder
        self.name = name
        self.data = folder / name
        self.log = folder / f"{name}.log"
        self.port = free_port()

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def init(self) -> Cluster:
        run_as_owner(
            [
                postgres_bin("initdb"),
                "--pgdata",
                str(self.data),
                "--username",
                SUPERUSER,
                "--auth",
                "trust",
                "--no-sync",
                "--no-instructions",
            ]
        )
        return self

    def start(self, **settings: str) -> Cluster:
        """settings: PostgreSQL's, given on its command line for this start only (a standby made
        from this cluster's files does not inherit them)."""
        options = {
            "listen_addresses": "127.0.0.1",
            "port": str(self.port),
            "unix_socket_directories": str(self.folder),
            "cluster_name": self.name,
            **settings,
        }
        given = " ".join(f"-c {name}='{value}'" for name, value in options.items())
        run_as_owner(
            [
                postgres_bin("pg_ctl"),
                "--pgdata",
                str(self.data),
                "--log",
                str(self.log),
                "--options",
                given,
                "--wait",
                "start",
            ]
        )
        return self

    def stop(self, mode: str = "fast") -> None:
        """mode: fast (clients are told, WAL reaches the standbys first) or immediate (every
        process stops at once, as on a crash)."""
        run_as_owner([postgres_bin("pg_ctl"), "--pgdata", str(self.data), "--mode", mode, "--wait", "stop"])

    def stop_if_running(self) -> None:
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(subprocess.CalledProcessError):
                self.stop("immediate")

    def standby(self, name: str) -> Cluster:
        """A streaming standby of this running cluster: its base backup (pg_basebackup -R, which
        writes standby.signal and the primary's address), not yet started. It reports to the
        primary as `name` (synchronous_standby_names)."""
        standby = Cluster(self.folder, name)
        run_as_owner(
            [
                postgres_bin("pg_basebackup"),
                "--dbname",
                f"host=127.0.0.1 port={self.port} user={SUPERUSER} application_name={name}",
                "--pgdata",
                str(standby.data),
                "--write-recovery-conf",
                "--wal-method",
                "stream",
                "--no-sync",
                "--checkpoint",
                "fast",
            ]
        )
        return standby

    def wait_for_commits_on(self, standby: str) -> None:
        """From now on a commit here returns once the standby has it on disk (synchronous
        replication: synchronous_standby_names, synchronous_commit on). Set once the standby is
        made, in this cluster's own settings file: a standby made before does not carry it, and
        set before any standby streams, every commit would wait for one."""
        with self.connect() as connection:
            connection.execute(f"ALTER SYSTEM SET synchronous_standby_names = '{standby}'")
            connection.execute("SELECT pg_reload_conf()")
            deadline = time.monotonic() + 20
            while (
                connection.execute(
                    "SELECT 1 FROM pg_stat_replication WHERE application_name = %s AND sync_state = 'sync'", (standby,)
                ).fetchone()
                is None
            ):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{standby} is not a synchronous standby of {self.name}")
                time.sleep(0.1)

    def connect(self, database: str = "postgres"):
        import psycopg

        return psycopg.connect(self.url(database), autocommit=True)

    def promote(self) -> None:
        run_as_owner([postgres_bin("pg_ctl"), "--pgdata", str(self.data), "--wait", "promote"])


class PgBouncer:
    """Debian's PgBouncer on a free port of loopback in front of a PostgreSQL server, trust
    authentication for the postgres account, its log in folder/pgbouncer.log. databases: the
    [databases] section's lines (name = connection string); settings: [pgbouncer]'s, over a
    transaction-mode pool."""

    def __init__(self, folder: Path, databases: dict[str, str], **settings: str):
        self.folder = folder
        self.port = free_port()
        self.log = folder / "pgbouncer.log"
        self.settings = {
            "listen_addr": "127.0.0.1",
            "listen_port": str(self.port),
            "unix_socket_dir": "",
            "auth_type": "trust",
            "auth_file": str(folder / "users.txt"),
            "pool_mode": "transaction",
            "admin_users": SUPERUSER,
            **settings,
        }
        self.databases = databases
        self.process: subprocess.Popen | None = None

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> PgBouncer:
        (self.folder / "users.txt").write_text(f'"{SUPERUSER}" ""\n', encoding="utf-8")
        ini = [
            "[databases]",
            *(f"{name} = {line}" for name, line in self.databases.items()),
            "[pgbouncer]",
            *(f"{name} = {value}" for name, value in self.settings.items()),
        ]
        config = self.folder / "pgbouncer.ini"
        config.write_text("\n".join(ini) + "\n", encoding="utf-8")
        self.process = start_as_owner(["pgbouncer", str(config)], self.log)
        wait_for_port(self.port)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


class RedisServer:
    """A redis-server of the test's own on a free port, its files in folder. persistent: with an
    append-only file written to disk every second (appendfsync everysec), as docs/operations.md
    asks of production's; else nothing on disk (as the machine's, and a cache's)."""

    def __init__(self, folder: Path, persistent: bool = False):
        self.port = free_port()
        self.folder = folder
        self.persistent = persistent
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        keeping = ["--appendonly", "yes", "--appendfsync", "everysec"] if self.persistent else ["--appendonly", "no"]
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                *keeping,
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, 10)
        return self

    def __enter__(self) -> RedisServer:
        return self.start()

    def __exit__(self, *exception) -> None:
        self.stop()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def crash(self) -> None:
        """SIGKILL: Redis writes nothing more, as when its process dies."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
