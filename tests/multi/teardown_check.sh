#!/bin/sh
# The active copy is the last torn down (README "Several tools in one process"): a tool whose
# destructor flushes gets the completions of what still runs at exit, whichever copy is active
# and whatever order glibc runs the destructors in (the executable's first, then the libraries
# in load order, a preloaded one before a dlopened one). $1: build folder (absolute) with
# teardown_host (no copy of its own), teardown_host_copy (one: the active copy), libmt_a.so,
# libmt_b.so and libmt_c.so. The host dlopens the tools, leaves a 200 ms kernel running and
# exits; every tool must report the kernel appended and completed, none lost, no warning, and
# pticFlush at exit returning PTI_SUCCESS (multi_tool.c's line).
# The host runs under $VALGRIND (run.sh: the newest leg's dynamic loader, or valgrind). Needs
# ZE_ENABLE_ALT_DRIVERS. Prints cmocka-style summary lines.
b=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
san=$(ldd "$b/teardown_host" | awk '/lib[at]san\.so/ {print $3}')
want="appended=1 completed=1 joined=0 lost=0 warnings=0 dup=0 api_dup=0 api_unpaired=0 kernels=1 flush=0"

# one_run NAME PRELOAD HOST TOOLS...: every tool of PRELOAD and TOOLS must print $want
one_run() {
  name=$1; pre=$2; host=$3; shift 3
  args=""; tools=""
  for t in "$@"; do args="$args $b/libmt_$t.so"; tools="$tools $t"; done
  preload=$san
  [ -n "$pre" ] && { tools="$tools $pre"; preload="$preload${preload:+:}$b/libmt_$pre.so"; }
  # shellcheck disable=SC2086
  LD_PRELOAD=$preload timeout 60 $VALGRIND "$b/$host" $args 2>"$tmp/run.err"
  rc=$?
  ok=1
  [ "$rc" -eq 0 ] || { echo "$name: exit status $rc"; ok=0; }
  for t in $tools; do
    line=$(grep "^multi_tool $t " "$tmp/run.err")
    [ "$line" = "multi_tool $t $want" ] || { echo "$name: tool $t: ${line:-no summary}"; ok=0; }
  done
  [ $ok -eq 1 ] || { sed 's/^/  | /' "$tmp/run.err" | tail -n 20; }
  [ $ok -eq 1 ]
}

run=0; failed=0; names=""
check() {
  run=$((run + 1))
  echo "[ RUN      ] $1"
  if one_run "$@"; then echo "[       OK ] $1"; else echo "[  FAILED  ] $1"; failed=$((failed + 1)); names="$names $1"; fi
}

echo "[==========] Running the teardown orders."
check executable_copy_then_a_tool "" teardown_host_copy a
check executable_copy_then_two_tools "" teardown_host_copy a c
check two_dlopened_tools "" teardown_host a c
check preloaded_then_dlopened b teardown_host a
echo "[==========] $run test(s) run."
echo "[  PASSED  ] $((run - failed)) test(s)."
if [ $failed -ne 0 ]; then
  echo "[  FAILED  ] $failed test(s), listed below:"
  for n in $names; do echo "[  FAILED  ] $n"; done
  exit 1
fi
exit 0
