#!/bin/sh
# Fetches the Khronos OpenCL ICD loader of Debian unstable (khronos-opencl-icd-libopencl1),
# without touching the system: a private apt configuration under build/clnew, `apt-get download`,
# `dpkg -x` into build/clnew/root. It runs on bookworm's C runtime: a program uses it instead of
# the system's ocl-icd when its folder comes first in the library path:
#
#   LD_LIBRARY_PATH=build/clnew/root/usr/lib/x86_64-linux-gnu ./build/test_cl
#
# The archive is the machine's own (the first non-security entry of its apt sources: deb822
# `URIs:` in /etc/apt/sources.list.d/*.sources, or a `deb` line of /etc/apt/sources.list); the
# suite is sid. Cached: nothing is downloaded when build/clnew/root holds the loader. When the
# archive cannot be reached, says so in one line and exits 0 (the Khronos leg is then skipped),
# or 1 with CL_NEW_REQUIRED=1 (CI). Usage: tools/newest_opencl_loader.sh [DIR] (default
# build/clnew).
set -u
dir=${1:-build/clnew}
root=$dir/root
lib=$root/usr/lib/x86_64-linux-gnu
say() { echo "khronos opencl loader: $*"; }

have() { [ -e "$lib/libOpenCL.so.1" ]; }

# The address of the machine's Debian archive (not its security archive).
archive() {
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    awk 'BEGIN { RS = ""; FS = "\n" }
         { uris = ""; deb = 0
           for (i = 1; i <= NF; i++) {
             if ($i ~ /^Types:.*(^|[ \t])deb([ \t]|$)/) deb = 1
             if ($i ~ /^URIs:/) { uris = $i; sub(/^URIs:[ \t]*/, "", uris) }
           }
           if (deb && uris != "" && uris !~ /security/) { split(uris, u, /[ \t]+/); print u[1]; exit } }' "$f"
  done | head -n 1 | grep . && return 0
  [ -r /etc/apt/sources.list ] &&
    sed -n 's/^deb[ \t]\+\(\[[^]]*\][ \t]\+\)\?\([^ \t]\+\).*/\2/p' /etc/apt/sources.list | grep -v security | head -n 1 | grep .
}

if ! have; then
  if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
    say "apt-get or dpkg missing: the Khronos leg is skipped"; exit 0
  fi
  uri=$(archive)
  if [ -z "$uri" ]; then
    say "no Debian archive in the apt sources: the Khronos leg is skipped"
    [ "${CL_NEW_REQUIRED:-0}" = 1 ] && exit 1
    exit 0
  fi
  mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/debs"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri sid main" >"$dir/apt/sources.list"
  abs=$(cd "$dir" && pwd)
  opts="-o Dir::Etc::SourceList=$abs/apt/sources.list -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists=$abs/apt/lists -o Dir::Cache=$abs/apt/cache -o APT::Get::List-Cleanup=0
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root -o Acquire::Retries=2
        -o Acquire::Check-Valid-Until=false"
  # shellcheck disable=SC2086
  if ! apt-get -qq $opts update >"$dir/apt.log" 2>&1 ||
     ! (cd "$dir/debs" && apt-get -qq $opts download khronos-opencl-icd-libopencl1) >>"$dir/apt.log" 2>&1; then
    say "Debian's archive cannot be reached ($(tail -n 1 "$dir/apt.log")): the Khronos leg is skipped"
    [ "${CL_NEW_REQUIRED:-0}" = 1 ] && exit 1
    exit 0
  fi
  rm -rf "$root.tmp" && mkdir -p "$root.tmp"
  for d in "$dir"/debs/*.deb; do dpkg -x "$d" "$root.tmp" || { say "dpkg -x $d failed: leg skipped"; exit 0; }; done
  rm -rf "$root" && mv "$root.tmp" "$root"
  rm -f "$dir"/debs/*.deb
  rm -rf "$dir/apt/lists" "$dir/apt/cache" # the package lists, needed once
  have || { say "the package lacks libOpenCL.so.1: leg skipped"; exit 0; }
fi
ver=$(ls "$lib"/libOpenCL.so.1.* 2>/dev/null | sed -n 's/.*libOpenCL\.so\.1\.//p' | head -n 1)
say "libOpenCL.so.1.$ver in $root"
