#!/bin/bash
# Builds the ignored folder .devkit/ for the multi-worker server benchmark on a bare,
# offline lent machine (Python 3.12, x86-64, 16 cores): cp312 wheels of what the server and
# bench/server.py need (wheels.txt, pinned), PostgreSQL 15 and redis-server from Debian
# bookworm with their libraries (build-pgroot.sh), and the A/B tree to compare with.
# Run here (Debian, root):  bash bench/devkit/make-kit.sh [BEFORE_COMMIT]
# Then, with the device tool:  run(command="bash .devkit/run.sh", carry=[".devkit"],
# timeout_s=420); RUNS="4:4:before 4:4 2:2:before 2:2" compares BEFORE_COMMIT's tree.
set -euo pipefail
cd "$(dirname "$0")/../.."
grep -qx '/.devkit/' .git/info/exclude || echo '/.devkit/' >>.git/info/exclude
rm -rf .devkit && mkdir -p .devkit/whl
cp bench/devkit/run.sh bench/devkit/build-pgroot.sh .devkit/
plats=()
for p in manylinux_2_28_x86_64 manylinux_2_27_x86_64 manylinux_2_26_x86_64 manylinux_2_24_x86_64 \
    manylinux_2_17_x86_64 manylinux2014_x86_64 manylinux1_x86_64 manylinux_2_5_x86_64; do
    plats+=(--platform "$p")
done
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --implementation cp --abi cp312 --abi abi3 --abi none "${plats[@]}" --platform any \
    -d .devkit/whl -r bench/devkit/wheels.txt
apt-get update -qq
mkdir -p /tmp/debdl && rm -f /tmp/debdl/*.deb
(cd /tmp/debdl && apt-get download postgresql-15 libpq5 redis-server redis-tools libatomic1 \
    libaudit1 libcap-ng0 libcap2 libcom-err2 libffi8 libgcc-s1 libgcrypt20 libgmp10 libgnutls30 \
    libgpg-error0 libgssapi-krb5-2 libhogweed6 libicu72 libidn2-0 libjemalloc2 libk5crypto3 \
    libkeyutils1 libkrb5-3 libkrb5support0 libldap-2.5-0 liblz4-1 liblzf1 liblzma5 libnettle8 \
    libp11-kit0 libpam0g libsasl2-2 libssl3 libstdc++6 libsystemd0 libtasn1-6 libunistring2 \
    libxml2 libzstd1 zlib1g)
DEBS=/tmp/debdl bash .devkit/build-pgroot.sh
if [ $# -ge 1 ]; then  # the tree to compare with (its benchmark harness made current)
    mkdir -p .devkit/before
    git archive "$1" src bench tests/server | tar -x -C .devkit/before
    cp bench/backends.py .devkit/before/bench/backends.py
fi
du -sh .devkit
