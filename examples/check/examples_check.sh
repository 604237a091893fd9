#!/bin/sh
# Runs examples/minimal.c and examples/external_correlation.c on the simulated device; each
# checks itself and ends with a line "...: OK" and status 0. $1: minimal, $2:
# external_correlation, $3: libze_trace.so (absolute); each also runs with ze_trace preloaded
# (two copies of the implementation in one process). Needs ZE_ENABLE_ALT_DRIVERS; $VALGRIND, when set, prefixes
# them. Prints cmocka-style summary lines.
minimal=$1
external_correlation=$2
ze_trace=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# runs_ok NAME BINARY: the program exits 0 and its last line says OK
runs_ok() {
  $PRELOAD $VALGRIND "$2" >"$tmp/$1.out" 2>"$tmp/$1.err"
  rc=$?
  [ "$rc" -eq 0 ] && tail -n 1 "$tmp/$1.out" | grep -q ': OK$' && return 0
  echo "$1 exited $rc:"; tail -n 20 "$tmp/$1.out" "$tmp/$1.err"; return 1
}
check_minimal() {
  runs_ok minimal "$minimal" || return 1
  # one line per operation and phase: as many "completed" lines as "appended" ones
  a=$(grep -c '^appended ' "$tmp/minimal.out"); c=$(grep -c '^completed ' "$tmp/minimal.out")
  [ "$a" -eq 3 ] && [ "$c" -eq 3 ] && return 0
  echo "minimal: $a appended and $c completed lines, expected 3 and 3"; return 1
}
check_external_correlation() {
  runs_ok external_correlation "$external_correlation" || return 1
  n=$(grep -c ': ok$' "$tmp/external_correlation.out")
  [ "$n" -eq 18 ] && return 0
  echo "external_correlation: $n operations matched, expected 18"; return 1
}

# minimal under valgrind's leak check, where it is installed: at exit nothing of the library's
# is lost, not even possibly (what it keeps for the process's life, the interned kernel names
# among it, stays reachable from its own state); system loader, no sanitizer
check_minimal_leaks() {
  valgrind -q --leak-check=full --errors-for-leak-kinds=definite,possible --error-exitcode=99 \
    --suppressions="$(dirname "$0")/../../tests/valgrind.supp" "$minimal" >"$tmp/leaks.out" 2>&1
  rc=$?
  [ "$rc" -eq 0 ] && tail -n 1 "$tmp/leaks.out" | grep -q ': OK$' && return 0
  echo "minimal under valgrind exited $rc:"; grep -A12 'lost in loss record' "$tmp/leaks.out" | head -n 40
  return 1
}

# the same under ze_trace, which gets every operation of the program too
# (a sanitizer runtime must come first in LD_PRELOAD; under valgrind this check is left out)
check_under_ze_trace() {
  san=$(ldd "$minimal" | awk '/lib[at]san\.so/ {printf "%s:", $3}')
  PRELOAD="env ZE_TRACE_QUIET=1 LD_PRELOAD=$san$ze_trace"
  check_minimal && check_external_correlation
  r=$?; PRELOAD=""; return $r
}

PRELOAD=""
tests="minimal external_correlation"
[ -n "$VALGRIND" ] || tests="$tests under_ze_trace"
if [ -z "$VALGRIND" ] && command -v valgrind >/dev/null 2>&1 && ! ldd "$minimal" | grep -q 'lib[at]san\.so'; then
  tests="$tests minimal_leaks"
fi
total=0; failed=""
echo "[==========] Running $(echo $tests | wc -w) test(s)."
for t in $tests; do
  total=$((total + 1))
  echo "[ RUN      ] $t"
  if "check_$t"; then echo "[       OK ] $t"; else echo "[  FAILED  ] $t"; failed="$failed $t"; fi
done
nfailed=$(echo $failed | wc -w)
echo "[==========] $total test(s) run."
echo "[  PASSED  ] $((total - nfailed)) test(s)."
if [ "$nfailed" -gt 0 ]; then
  echo "[  FAILED  ] $nfailed test(s), listed below:"
  for t in $failed; do echo "[  FAILED  ] $t"; done
  exit 1
fi
exit 0
