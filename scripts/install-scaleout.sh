#!/bin/sh
# Install Debian's redis-server and nginx for the scale-out tests (tests/server/test_cluster.py
# starts throwaway servers of its own: `redis-server --port P --save '' --daemonize no` and
# nginx with the shipped deploy/cuttle-locations.conf, on loopback ports, and stops them;
# nothing is left running). The packages' own services are not used.
set -e
missing=""
command -v redis-server >/dev/null 2>&1 || missing="$missing redis-server"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
if [ -z "$missing" ]; then
    echo "redis-server and nginx already installed"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
