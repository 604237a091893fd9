#!/bin/sh
# Runs the test binaries given, TEST_JOBS at a time (default: one per core), prints each one's
# output as one block when it ends, and sums the cmocka summaries: ends with "N passed, N failed".
#
#   run.sh TEST...                               every TEST with $VALGRIND as its runner
#   run.sh -l TAG RUNNER TEST... [-l TAG RUNNER TEST...]...
#                                                legs: the TESTs after -l with RUNNER as theirs,
#                                                their blocks headed "== [TAG] TEST", one pool
#
# A runner is a command prefix (valgrind with its options, the newest loader's dynamic loader);
# an entry that is a shell script runs under sh and applies it, as $VALGRIND, to its own
# binaries. TEST_ALONE: tests that want the machine to themselves (they read the process's
# resident memory, or time): they run one at a time after all the others. TEST_FIRST: tests
# started before the others (the longest: the pool then ends with short ones). TEST_TIMEOUT:
# each run's time limit in seconds (default 900; a hang fails the run instead of stalling it).
# RUN_TALLY: a file that gets one line "TAG PASSED FAILED" per leg instead of the final line
# (tests/legs.sh sums the legs).
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# ---- the tasks: one per (leg, test), numbered in the order they start ----
# (three passes over the arguments: the tests of TEST_FIRST, the others, those of TEST_ALONE)
nlegs=0; n=0
for pass in first rest alone; do
  leg=0; i=0
  while [ $i -lt $# ]; do
    i=$((i + 1)); eval "a=\${$i}"
    if [ "$a" = -l ]; then # a leg: its number, tag and runner
      leg=$((leg + 1)); eval "ltag_$leg=\${$((i + 1))} lrunner_$leg=\${$((i + 2))}"; i=$((i + 2))
      continue
    fi
    if [ $leg = 0 ]; then leg=1 ltag_1="" lrunner_1=$VALGRIND; fi
    case " $TEST_ALONE " in *" $a "*) p=alone ;; *) case " $TEST_FIRST " in *" $a "*) p=first ;; *) p=rest ;; esac ;; esac
    if [ "$p" = "$pass" ]; then n=$((n + 1)); eval "leg_$n=$leg test_$n=\$a"; fi
  done
  nlegs=$leg
  [ $pass = rest ] && parallel=$n # tasks 1..parallel share the pool, the others run alone
done
l=0; while [ $l -lt $nlegs ]; do l=$((l + 1)); eval "passed_$l=0 failed_$l=0"; done

# ---- the pool: a finished task writes its number into a pipe the scheduler reads ----
mkfifo "$tmp/done" && exec 3<>"$tmp/done" || exit 1
start() { # task number
  eval "l=\$leg_$1 t=\$test_$1"; eval "r=\$lrunner_$l"
  cpu=""; [ ! -x /usr/bin/time ] || cpu="/usr/bin/time -f %U+%S -o $tmp/$1.cpu"
  (
    t0=$(date +%s%N)
    if [ "$(head -c 2 "$t")" = "#!" ]; then VALGRIND=$r $cpu timeout "${TEST_TIMEOUT:-900}" sh "$t" 3>&-
    else $cpu timeout "${TEST_TIMEOUT:-900}" $r "$t" 3>&-; fi >"$tmp/$1.out" 2>&1
    echo "$? $((($(date +%s%N) - t0) / 1000000)) $(tail -n 1 "$tmp/$1.cpu" 2>/dev/null)" >"$tmp/$1.rc"
    echo "$1" >&3
  ) &
}
status=0
report() { # task number: its block, and its counts added to its leg's
  eval "l=\$leg_$1 t=\$test_$1"; eval "tag=\$ltag_$l"
  read -r rc ms cpus <"$tmp/$1.rc"
  took="$((ms / 1000)).$((ms % 1000 / 100)) s${cpus:+, cpu $(echo "$cpus" | awk -F+ '{printf "%.1f", $1 + $2}') s}"
  if [ -z "$tag" ]; then echo "== $t ($took)"
  else echo "== [$tag] $t ($took)"; fi
  cat "$tmp/$1.out"
  p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$tmp/$1.out" | awk '{s+=$1} END {print s+0}')
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$tmp/$1.out" | awk '{s+=$1} END {print s+0}')
  rm -f "$tmp/$1.out" "$tmp/$1.rc" "$tmp/$1.cpu"
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "!! $t exited with status $rc"; f=1
  fi
  eval "passed_$l=\$((passed_$l + p)) failed_$l=\$((failed_$l + f))"
  [ "$f" -eq 0 ] || status=1
}

k=0; running=0
while [ $k -lt $parallel ] || [ $running -gt 0 ]; do
  if [ $k -lt $parallel ] && [ $running -lt "$jobs" ]; then
    k=$((k + 1)); start $k; running=$((running + 1))
  else
    read -r done <&3; report "$done"; running=$((running - 1))
  fi
done
while [ $k -lt $n ]; do # the tests that run alone
  k=$((k + 1)); start $k; read -r done <&3; report "$done"
done

total_p=0; total_f=0
l=0; while [ $l -lt $nlegs ]; do
  l=$((l + 1)); eval "tag=\$ltag_$l p=\$passed_$l f=\$failed_$l"
  total_p=$((total_p + p)); total_f=$((total_f + f))
  [ -z "$RUN_TALLY" ] || echo "${tag:--} $p $f" >>"$RUN_TALLY"
done
[ -n "$RUN_TALLY" ] || echo "$total_p passed, $total_f failed"
exit $status
