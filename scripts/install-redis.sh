#!/bin/sh
# Install Debian's redis-server for the scale-out tests (tests/server/test_cluster.py starts
# throwaway servers with `redis-server --port P --save '' --daemonize no` on loopback
# ports and stops them; nothing is left running). The package's own service is not used.
set -e
if command -v redis-server >/dev/null 2>&1; then
    echo "redis-server already installed: $(command -v redis-server)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends redis-server
