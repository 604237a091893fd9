#!/bin/sh
# bench/smoke.sh - the bench binary works: a tiny run of configuration L2 (APPENDED on) that
# must print all three operations with no library allocation per call. Part of `make test`;
# the benchmark itself (`make bench`) is not. $1: the bench_ptic binary. $VALGRIND, when set,
# prefixes the run. Prints cmocka-style summary lines for tests/run.sh.
bin=$1
out=$(mktemp)
echo "[==========] Running 1 test(s)."
echo "[ RUN      ] bench_smoke_L2"
ok=1
timeout 120 $VALGRIND "$bin" L2 -n 300 -c 50 >"$out" 2>&1 || { echo "bench exited with status $?"; ok=0; }
for op in append setarg cycle; do
  if ! grep -q "^op=$op n=[0-9]* ns=[0-9.]* allocs_per_call=0.0000$" "$out"; then
    echo "no line 'op=$op ... allocs_per_call=0.0000' in the output"
    ok=0
  fi
done
if [ $ok = 1 ]; then
  echo "[       OK ] bench_smoke_L2"
  echo "[==========] 1 test(s) run."
  echo "[  PASSED  ] 1 test(s)."
else
  cat "$out"
  echo "[  FAILED  ] bench_smoke_L2"
  echo "[==========] 1 test(s) run."
  echo "[  PASSED  ] 0 test(s)."
  echo "[  FAILED  ] 1 test(s), listed below:"
  echo "[  FAILED  ] bench_smoke_L2"
fi
rm -f "$out"
[ $ok = 1 ]
