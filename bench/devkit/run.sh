#!/bin/bash
# The multi-worker server benchmark (bench/server.py --backend pg) on a bare, offline lent
# machine: the kit's wheels into $SITE, PostgreSQL 15 and redis-server (Debian bookworm
# builds, with their libraries) unpacked into $PGROOT, then two runs (4 workers and 4 load
# generators, then 2 and 2), all output to $OUT/bench.log.
# Run from anywhere: bash .devkit/run.sh   (PY, SITE, PGROOT, OUT, SECONDS_RUN, GAMES,
# WARMUP, RUNS may be set; RUNS is a list of "workers:clients" pairs).
set -u
cd "$(dirname "$0")/.." || exit 1
PY=${PY:-python3}
SITE=${SITE:-/tmp/site}
PGROOT=${PGROOT:-/tmp/pgroot}
OUT=${OUT:-/tmp/cuttle-bench-out}
GAMES=${GAMES:-400}
SECONDS_RUN=${SECONDS_RUN:-30}
WARMUP=${WARMUP:-8}
RUNS=${RUNS:-"4:4 2:2"}
mkdir -p "$OUT"

main() {
echo "== host $(date -u +%FT%TZ)"
echo "nproc: $(nproc)"
"$PY" --version
echo "glibc: $(getconf GNU_LIBC_VERSION 2>/dev/null || ldd --version | head -1)"
head -2 /etc/os-release 2>/dev/null
uname -r
free -g | head -2
ls -ld /dev/shm /usr/share/zoneinfo 2>&1
"$PY" -c 'import sys, uvloop; print("python", sys.executable, "uvloop", uvloop.__version__)' \
    || echo "(no uvloop: the servers and clients run on asyncio's loop)"

echo "== wheels into $SITE"
rm -rf "$SITE"
"$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
    --target "$SITE" .devkit/whl/*.whl || { echo "KIT FAILED: pip install"; return 1; }

echo "== PostgreSQL 15 and redis-server into $PGROOT"
rm -rf "$PGROOT"
tmpx=$(mktemp -d)
tar -C "$tmpx" -xJf .devkit/pgroot.tar.xz 2>/dev/null \
    || "$PY" -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
        .devkit/pgroot.tar.xz "$tmpx" || { echo "KIT FAILED: unpack"; return 1; }
mkdir -p "$(dirname "$PGROOT")" && mv "$tmpx/pgroot" "$PGROOT" && rm -rf "$tmpx"
chmod 755 "$PGROOT"
PGBIN=$PGROOT/usr/lib/postgresql/15/bin
# the kit's libstdc++/libgcc_s only where the system's do not load (glibc 2.36 needed)
if ! LD_LIBRARY_PATH=$PGROOT/lib "$PGBIN/postgres" --version >/dev/null 2>&1; then
    touch "$PGROOT/use-lib-gcc"
    echo "using the kit's libstdc++ and libgcc_s"
fi
"$PGROOT/wrapbin/initdb" --version && "$PGROOT/wrapbin/pg_ctl" --version \
    && "$PGROOT/wrapbin/redis-server" --version || { echo "KIT FAILED: binaries"; return 1; }
lp=$PGROOT/lib; [ -e "$PGROOT/use-lib-gcc" ] && lp=$lp:$PGROOT/lib-gcc
echo "libraries taken from the system (all others from the kit):"
for exe in "$PGBIN/postgres" "$PGBIN/initdb" "$PGBIN/pg_ctl" "$PGROOT/usr/bin/redis-check-rdb" \
    "$PGROOT"/usr/lib/postgresql/15/lib/{plpgsql,dict_snowball}.so; do
    LD_LIBRARY_PATH=$lp ldd "$exe"
done | grep -v "$PGROOT" | awk '{print "  " $1, $3}' | sort -u
# PostgreSQL refuses root: bench/backends.py runs it as the user postgres
if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --home-dir /nonexistent --shell /bin/false postgres \
        2>/dev/null || {
        echo "postgres:x:990:990::/nonexistent:/bin/false" >>/etc/passwd
        echo "postgres:x:990:" >>/etc/group
    }
fi
id postgres

export PYTHONPATH=$PWD/src:$SITE PYTHONUNBUFFERED=1
export CUTTLE_PG_BIN=$PGROOT/wrapbin PATH=$PGROOT/wrapbin:$PATH
"$PY" -c 'import cuttle.server.app, cuttle.server.cli, psycopg, redis, hiredis, orjson, limits
from cuttle.bots import encoding
print("imports ok; psycopg", psycopg.pq.__impl__, "; compiled encoder", encoding.compiled_available())' \
    2>&1 || "$PY" -c 'import cuttle.server.app' || { echo "KIT FAILED: imports"; return 1; }

status=0
for pair in $RUNS; do
    IFS=: read -r w c tree <<<"$pair"
    root=$PWD
    [ "$tree" = before ] && root=$PWD/.devkit/before
    echo "== bench ${tree:-after}: --backend pg --workers $w --clients $c --rate 1000 --games $GAMES" \
         "--seconds $SECONDS_RUN --warmup $WARMUP ($(date -u +%T))"
    # SIGINT at the limit: the benchmark's finally blocks stop its servers, Redis, PostgreSQL
    PYTHONPATH=$root/src:$SITE timeout -s INT -k 20 $((SECONDS_RUN + WARMUP + 100)) \
        "$PY" "$root/bench/server.py" --games "$GAMES" \
        --seconds "$SECONDS_RUN" --warmup "$WARMUP" --rate 1000 --backend pg \
        --workers "$w" --clients "$c" || { status=$?; echo "bench exited with $status"; }
done
if [ $status != 0 ]; then
    echo "== diagnosis: one server on SQLite, asked for /api/options"
    d=$(mktemp -d)
    timeout 25 "$PY" -m cuttle.server.cli --port 18777 --data "$d" &
    "$PY" -c 'import time, httpx
for _ in range(80):
    try:
        print("GET /api/options:", httpx.get("http://127.0.0.1:18777/api/options").status_code)
        break
    except httpx.HTTPError:
        time.sleep(0.25)
else:
    print("the server did not answer in 20 s")'
    kill %1 2>/dev/null; wait
fi
echo "== done $(date -u +%T), status $status"
return $status
}

main 2>&1 | tee -a "$OUT/bench.log"
exit "${PIPESTATUS[0]}"
