#!/bin/sh
# bench/smoke.sh - the bench binaries work: tiny runs of configuration L2 (the library, APPENDED
# on), FC (the completion floor's own tracer, bench.c fc_*), FM (the minimal tool, fm_*) and FG
# (a design with the guarantees, fg_*) that must print all three operations, L2 with no library
# allocation per call. With their counting callbacks: FM two APPENDED records per COMPLETED one
# and nothing left pending; FG one ENTER, one EXIT that reads back the ENTER's instance data and
# one COMPLETED with host times per operation, nothing pending, and never its way out
# (fg_general, which exits). Part of `make test`; the benchmark itself (`make bench`) is not. $1: the bench_ptic binary, $2: bench_ze. $VALGRIND, when set, prefixes
# the runs. Prints cmocka-style summary lines for tests/run.sh.
ptic=$1 ze=$2
out=$(mktemp)
passed=0 failed=""
# smoke NAME ALLOCS COMMAND...: ALLOCS is the allocs_per_call every op line must show (or .*)
smoke() {
  name=$1 allocs=$2; shift 2
  echo "[ RUN      ] $name"
  ok=1
  timeout 120 "$@" >"$out" 2>&1 || { echo "bench exited with status $?"; ok=0; }
  for op in append setarg cycle; do
    if ! grep -q "^op=$op n=[0-9]* ns=[0-9.]* allocs_per_call=$allocs$" "$out"; then
      echo "no line 'op=$op ... allocs_per_call=$allocs' in the output"
      ok=0
    fi
  done
  if [ "$name" = bench_smoke_FM ] &&
     ! awk '/^fm_records / { split($2, a, "="); split($3, c, "="); split($4, p, "=")
                             ok = c[2] > 0 && a[2] == 2 * c[2] && p[2] == 0 }
            END { exit !ok }' "$out"; then
    echo "FM: not two APPENDED records per COMPLETED one with nothing pending"
    ok=0
  fi
  if [ "$name" = bench_smoke_FG ] &&
     ! awk '/^fg_records / { split($2, e, "="); split($3, x, "="); split($4, c, "="); split($5, p, "=")
                             ok = c[2] > 0 && e[2] == c[2] && x[2] == c[2] && p[2] == 0 }
            END { exit !ok }' "$out"; then
    echo "FG: not one ENTER, one EXIT with its instance data and one COMPLETED per operation, nothing pending"
    ok=0
  fi
  if [ $ok = 1 ]; then
    echo "[       OK ] $name"
    passed=$((passed + 1))
  else
    cat "$out"
    echo "[  FAILED  ] $name"
    failed="$failed $name"
  fi
}
echo "[==========] Running 4 test(s)."
smoke bench_smoke_L2 0.0000 $VALGRIND "$ptic" L2 -n 300 -c 50
smoke bench_smoke_FC '.*' env ZE_ENABLE_TRACING_LAYER=1 $VALGRIND "$ze" FC -n 300 -c 50
smoke bench_smoke_FM '.*' env ZE_ENABLE_TRACING_LAYER=1 BENCH_FM_COUNT=1 $VALGRIND "$ze" FM -n 300 -c 50
smoke bench_smoke_FG '.*' env ZE_ENABLE_TRACING_LAYER=1 BENCH_FM_COUNT=1 $VALGRIND "$ze" FG -n 300 -c 50
rm -f "$out"
echo "[==========] 4 test(s) run."
echo "[  PASSED  ] $passed test(s)."
if [ -n "$failed" ]; then
  set -- $failed
  echo "[  FAILED  ] $# test(s), listed below:"
  for f in $failed; do echo "[  FAILED  ] $f"; done
  exit 1
fi
