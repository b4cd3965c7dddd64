#!/bin/sh
# Install Debian's chromium for the end-to-end tests (Playwright drives it; no
# `playwright install` is needed or possible here).
set -e
if [ -x /usr/bin/chromium ]; then
    echo "chromium already installed: /usr/bin/chromium"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update
$SUDO apt-get install -y chromium
