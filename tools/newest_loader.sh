#!/bin/sh
# Fetches the newest Level Zero loader Debian has (unstable's libze1 + libze-dev) and the C
# runtime its binaries need (libc6, libstdc++6, libgcc-s1), without touching the system: a
# private apt configuration under build/zenew (suite sid of the archive this machine's apt
# already uses, found by tools/debian_archive.sh), `apt-get download`, `dpkg -x` into
# build/zenew/root. Binaries built on bookworm run there unchanged through that runtime's
# dynamic loader:
#
#   L=build/zenew/root/usr/lib/x86_64-linux-gnu
#   $L/ld-linux-x86-64.so.2 --library-path $L ./build/test_core
#
# Cached: nothing is downloaded when build/zenew/root holds the loader. When this machine's apt
# names no Debian archive, or the archive cannot be reached, says so in one line and exits 0
# (the newest-loader leg is then skipped), or 1 with ZE_NEW_REQUIRED=1 (CI, which must run that
# leg). Signatures are checked; the Release file's expiry is not (a mirror may serve one older
# than this machine's clock allows).
# Prints the loader version it has. Usage: tools/newest_loader.sh [DIR] (default build/zenew).
set -u
dir=${1:-build/zenew}
root=$dir/root
lib=$root/usr/lib/x86_64-linux-gnu
say() { echo "newest loader: $*"; }

have() { [ -x "$lib/ld-linux-x86-64.so.2" ] && [ -e "$lib/libze_loader.so.1" ] && [ -f "$root/usr/include/level_zero/ze_api.h" ]; }

if ! have; then
  if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
    say "apt-get or dpkg missing: the newest-loader leg is skipped"; exit 0
  fi
  # the archive this machine's apt uses, its unstable suite (sid)
  if ! archive=$(sh "$(dirname "$0")/debian_archive.sh"); then
    say "no Debian archive in this machine's apt sources (tools/debian_archive.sh): the newest-loader leg is skipped"
    [ "${ZE_NEW_REQUIRED:-0}" = 1 ] && exit 1
    exit 0
  fi
  mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/debs"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $archive sid main" >"$dir/apt/sources.list"
  abs=$(cd "$dir" && pwd)
  opts="-o Dir::Etc::SourceList=$abs/apt/sources.list -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists=$abs/apt/lists -o Dir::Cache=$abs/apt/cache -o APT::Get::List-Cleanup=0
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root -o Acquire::Retries=2
        -o Acquire::Check-Valid-Until=false"
  # shellcheck disable=SC2086
  if ! apt-get -qq $opts update >"$dir/apt.log" 2>&1 ||
     ! (cd "$dir/debs" && apt-get -qq $opts download libze1 libze-dev libc6 libstdc++6 libgcc-s1) >>"$dir/apt.log" 2>&1; then
    say "Debian's archive cannot be reached ($(tail -n 1 "$dir/apt.log")): the newest-loader leg is skipped"
    [ "${ZE_NEW_REQUIRED:-0}" = 1 ] && exit 1
    exit 0
  fi
  rm -rf "$root.tmp" && mkdir -p "$root.tmp"
  for d in "$dir"/debs/*.deb; do dpkg -x "$d" "$root.tmp" || { say "dpkg -x $d failed: leg skipped"; exit 0; }; done
  rm -rf "$root" && mv "$root.tmp" "$root"
  rm -f "$dir"/debs/*.deb
  rm -rf "$dir/apt/lists" "$dir/apt/cache" # the package lists: 150 MB, needed once
  have || { say "the packages lack the loader or its runtime: leg skipped"; exit 0; }
  touch "$dir/fetched" # when: dpkg -x keeps the packages' own file times (builds depend on this)
fi
[ -e "$dir/fetched" ] || touch "$dir/fetched"
ver=$(ls "$lib"/libze_loader.so.1.* 2>/dev/null | sed -n 's/.*libze_loader\.so\.//p' | head -n 1)
say "libze_loader $ver (spec $(sed -n 's/.*ZE_API_VERSION_CURRENT = ZE_MAKE_VERSION( *\([0-9]*\), *\([0-9]*\) *).*/\1.\2/p' "$root/usr/include/level_zero/ze_api.h")) in $root"
