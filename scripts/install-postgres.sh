#!/bin/sh
# Install Debian's PostgreSQL server for the PostgreSQL tests (tests/server/test_postgres.py
# starts a throwaway cluster with its initdb and pg_ctl; nothing is left running). The
# package also makes the `postgres` system user that the tests run the cluster as when
# they run as root (PostgreSQL refuses to run as root).
set -e
for bin in /usr/lib/postgresql/*/bin/initdb; do
    if [ -x "$bin" ] && id postgres >/dev/null 2>&1; then
        echo "postgresql already installed: $bin"
        exit 0
    fi
done
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
