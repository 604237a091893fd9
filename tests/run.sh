#!/bin/sh
# Runs each test binary given, sums the cmocka summaries, ends with "N passed, N failed".
# VALGRIND, when set, is a command prefix (valgrind with its options) for binaries; an entry
# that is a shell script runs under sh and applies $VALGRIND to its own binaries.
passed=0; failed=0; status=0
for t in "$@"; do
  echo "== $t"
  out=$(mktemp)
  # every binary has its own time limit: a hang fails the run instead of stalling it
  if [ "$(head -c 2 "$t")" = "#!" ]; then timeout "${TEST_TIMEOUT:-900}" sh "$t" >"$out" 2>&1
  else timeout "${TEST_TIMEOUT:-900}" $VALGRIND "$t" >"$out" 2>&1; fi
  rc=$?
  cat "$out"
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | awk '{s+=$1} END {print s+0}')
  rm -f "$out"
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "!! $t exited with status $rc"; f=1
  fi
  passed=$((passed + p)); failed=$((failed + f))
  [ "$f" -eq 0 ] || status=1
done
echo "$passed passed, $failed failed"
exit $status
