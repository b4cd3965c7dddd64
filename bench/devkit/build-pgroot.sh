#!/bin/bash
# Builds .devkit/pgroot.tar.xz (run HERE, on the Debian bookworm dev machine): PostgreSQL 15,
# redis-server and every shared library they link to except glibc's own, taken from
# Debian bookworm .deb files fetched with `apt-get download` into $DEBS (default /tmp/debdl):
#   postgresql-15 libpq5 redis-server redis-tools libatomic1 libaudit1 libcap-ng0 libcap2
#   libcom-err2 libffi8 libgcc-s1 libgcrypt20 libgmp10 libgnutls30 libgpg-error0
#   libgssapi-krb5-2 libhogweed6 libicu72 libidn2-0 libjemalloc2 libk5crypto3 libkeyutils1
#   libkrb5-3 libkrb5support0 libldap-2.5-0 liblz4-1 liblzf1 liblzma5 libnettle8 libp11-kit0
#   libpam0g libsasl2-2 libssl3 libstdc++6 libsystemd0 libtasn1-6 libunistring2 libxml2
#   libzstd1 zlib1g
# Layout of the tarball (unpacked on the device into /tmp/pgroot by run.sh):
#   usr/lib/postgresql/15/{bin,lib}, usr/share/postgresql/15: Debian's tree, relocatable
#   usr/bin/redis-server (-> redis-check-rdb)
#   lib/: the libraries (glibc excluded); lib-gcc/: libstdc++ and libgcc_s, used only if
#   the device has none; wrapbin/: initdb, pg_ctl, redis-server with LD_LIBRARY_PATH set for
#   them alone (the Python processes keep the device's own libraries).
set -euo pipefail
DEBS=${DEBS:-/tmp/debdl}
KIT=$(cd "$(dirname "$0")" && pwd)
X=$(mktemp -d); R=$(mktemp -d)/pgroot
for f in "$DEBS"/*.deb; do dpkg -x "$f" "$X"; done
mkdir -p "$R/usr/lib/postgresql/15/bin" "$R/usr/lib/postgresql/15/lib" "$R/usr/share/postgresql" \
         "$R/usr/bin" "$R/lib" "$R/lib-gcc" "$R/wrapbin"
cp -a "$X"/usr/lib/postgresql/15/bin/{postgres,initdb,pg_ctl} "$R/usr/lib/postgresql/15/bin/"
# server modules, without the LLVM JIT (llvmjit.so and its bitcode: jit stays unavailable)
find "$X/usr/lib/postgresql/15/lib" -maxdepth 1 -name '*.so' ! -name 'llvmjit*' \
    -exec cp -a {} "$R/usr/lib/postgresql/15/lib/" \;
cp -a "$X/usr/share/postgresql/15" "$R/usr/share/postgresql/"
rm -rf "$R/usr/share/postgresql/15/man"
# extensions: plpgsql alone (initdb installs it; the contrib ones are never created)
find "$R/usr/share/postgresql/15/extension" -type f ! -name 'plpgsql*' -delete
cp -a "$X/usr/bin/redis-check-rdb" "$R/usr/bin/"
ln -s redis-check-rdb "$R/usr/bin/redis-server"
for d in "$X/lib/x86_64-linux-gnu" "$X/usr/lib/x86_64-linux-gnu"; do
    [ -d "$d" ] || continue
    find "$d" -maxdepth 1 \( -type f -o -type l \) -name '*.so.*' -exec cp -a {} "$R/lib/" \;
done
mv "$R"/lib/libstdc++.so.6* "$R"/lib/libgcc_s.so.1 "$R/lib-gcc/"
rm -f "$R"/lib/*.py  # gdb helpers shipped beside libstdc++
rm -f "$R"/lib/libicu{io,test,tu}.so.*  # ICU's tools: only data, uc and i18n are linked
for exe in initdb pg_ctl redis-server; do
    case $exe in redis-server) real=usr/bin/redis-server ;; *) real=usr/lib/postgresql/15/bin/$exe ;; esac
    cat >"$R/wrapbin/$exe" <<WRAP
#!/bin/sh
# $exe from the kit, with the kit's libraries (lib-gcc only where the system has none)
here=\$(cd "\$(dirname "\$0")/.." && pwd)
lp=\$here/lib
[ -e "\$here/use-lib-gcc" ] && lp=\$lp:\$here/lib-gcc
LD_LIBRARY_PATH=\$lp\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH} exec "\$here/$real" "\$@"
WRAP
    chmod 755 "$R/wrapbin/$exe"
done
tar -C "$(dirname "$R")" -cJf "$KIT/pgroot.tar.xz" pgroot
du -sh "$R" "$KIT/pgroot.tar.xz"
rm -rf "$X" "$(dirname "$R")"
