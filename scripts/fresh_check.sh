#!/usr/bin/env bash
# `make fresh-check`: README's two commands on a truly fresh Debian 12. Builds a minimal
# Debian 12 root with debootstrap (from this machine's Debian mirror), adds only git, make and
# ca-certificates, clones this repository's committed HEAD into it (without ../shared beside
# it, as a newcomer's clone), and runs there, as root in a chroot:
#   make test    must print its summary line with 0 failed;
#   make serve   must answer on its port with the page.
# Needs root (debootstrap, chroot, bind mounts) and ~30 min on 2 cores (27 measured); not part of make test.
# This machine's extra CA certificates (/usr/local/share/ca-certificates) are copied in, so npm
# reaches its registry from the root as it does from here.
# Environment: FRESH_ROOT (default /var/tmp/astar-fresh-root), FRESH_KEEP=1 keeps the root
# afterwards, FRESH_SHARED=1 puts a read-only ../shared beside the clone, FRESH_PORT (default
# 18080) for make serve. Logs and figures: build/fresh-check/.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
root="${FRESH_ROOT:-/var/tmp/astar-fresh-root}"
port="${FRESH_PORT:-18080}"
out="$repo/build/fresh-check"
clone=/root/astar-playground

if [ "$(id -u)" -ne 0 ]; then
  echo "fresh_check.sh: needs root (debootstrap, chroot and bind mounts)" >&2
  exit 2
fi
command -v debootstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; }
mkdir -p "$out"

# The first Debian archive this machine uses (deb822 or one-line sources).
mirror="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | grep -v security | head -1)"
[ -n "$mirror" ] || mirror="$(sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) bookworm .*/\2/p' /etc/apt/sources.list 2>/dev/null | head -1)"
mirror="${mirror:-http://deb.debian.org/debian}"

mounts=(proc sys dev dev/pts dev/shm)
cleanup() {
  # Whatever still runs inside the root (a server, a browser) is ended before unmounting.
  local pid
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$root" ] && kill -9 "$pid" 2>/dev/null
  done
  local i
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    mountpoint -q "$root/${mounts[$i]}" && umount -l "$root/${mounts[$i]}"
  done
  mountpoint -q "$root/root/shared" && umount -l "$root/root/shared"
  if [ "${FRESH_KEEP:-0}" != 1 ]; then rm -rf --one-file-system "$root"; fi
}
if [ -e "$root" ]; then cleanup; rm -rf --one-file-system "$root"; fi
trap cleanup EXIT

started=$(date +%s)
echo "fresh_check.sh: debootstrap --variant=minbase bookworm $root $mirror"
debootstrap --variant=minbase bookworm "$root" "$mirror" > "$out/debootstrap.log" 2>&1 \
  || { tail -20 "$out/debootstrap.log"; echo "fresh_check.sh: debootstrap failed" >&2; exit 1; }
for m in "${mounts[@]}"; do mount --bind "/$m" "$root/$m"; done
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The same suites as this machine (bookworm, -updates, -security) when it lists them.
if [ -f /etc/apt/sources.list.d/debian.sources ]; then
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/debian.sources"
  rm -f "$root/etc/apt/sources.list"
fi
extra_ca=0
if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  extra_ca=1
fi

in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin /bin/bash -c "$1"
}
echo "fresh_check.sh: apt-get install git make ca-certificates"
in_root "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends git make ca-certificates" \
  > "$out/base-packages.log" 2>&1 || { tail -20 "$out/base-packages.log"; exit 1; }
if [ "$extra_ca" = 1 ]; then
  in_root "update-ca-certificates > /dev/null && echo cafile=/etc/ssl/certs/ca-certificates.crt > /etc/npmrc"
fi
base_seconds=$(($(date +%s) - started))

commit="$(git -C "$repo" rev-parse HEAD)"
git clone -q "$repo" "$root$clone"
if [ "${FRESH_SHARED:-0}" = 1 ] && [ -d "$repo/../shared" ]; then
  mkdir -p "$root/root/shared"
  mount --bind -o ro "$repo/../shared" "$root/root/shared"
fi
echo "fresh_check.sh: base system in $base_seconds s; $commit cloned; make test (log: $out/make-test.log)"

test_started=$(date +%s)
test_status=0
in_root "cd $clone && make test" > "$out/make-test.log" 2>&1 || test_status=$?
test_seconds=$(($(date +%s) - test_started))
summary="$(grep -E '^summary: ' "$out/make-test.log" | tail -1 || true)"
echo "fresh_check.sh: make test exited $test_status after $test_seconds s; ${summary:-no summary line}"
[ -n "$summary" ] || tail -30 "$out/make-test.log"

echo "fresh_check.sh: make serve on port $port (log: $out/make-serve.log)"
serve_started=$(date +%s)
chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
  PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  setsid /bin/bash -c "cd $clone && exec make serve PORT=$port" > "$out/make-serve.log" 2>&1 &
serve_pid=$!
# The page, as a browser asks for it (bash's /dev/tcp: nothing else needs installing here).
fetch_page() {
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf 'GET / HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$port" >&3
  cat <&3
  exec 3<&-
}
serve_answered=0
for _ in $(seq 1 600); do
  if page="$(fetch_page 2>/dev/null)" && grep -q '^HTTP/1.[01] 200' <<<"$page" && grep -q '<canvas' <<<"$page"; then
    serve_answered=1
    break
  fi
  kill -0 "$serve_pid" 2>/dev/null || break  # make serve ended: it will not answer
  sleep 1
done
serve_seconds=$(($(date +%s) - serve_started))
if [ "$serve_answered" = 1 ]; then echo "fresh_check.sh: make serve answered with the page after $serve_seconds s"
else echo "fresh_check.sh: make serve did not answer on port $port within $serve_seconds s"; tail -20 "$out/make-serve.log"; fi

{
  echo "commit: $commit"
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "base system (debootstrap + git, make, ca-certificates): $base_seconds s"
  echo "make test: exit $test_status, $test_seconds s, ${summary:-no summary}"
  echo "make serve: $([ "$serve_answered" = 1 ] && echo "answered after $serve_seconds s" || echo "no answer")"
} | tee "$out/figures.txt"

failed="$(sed -nE 's/^summary: [0-9]+ passed, ([0-9]+) failed.*/\1/p' <<<"$summary")"
[ "$test_status" -eq 0 ] && [ "$failed" = 0 ] && [ "$serve_answered" = 1 ]
