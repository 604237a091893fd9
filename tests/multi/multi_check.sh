#!/bin/sh
# Several copies of the implementation in one process (README "Several tools in one process").
# $1: build folder (absolute) with workload, libmt_a.so, libmt_b.so, libmt_c.so (built with
# -fvisibility=hidden) and libmt_d.so (default visibility). Preloads 2 and 3 of them into the
# plain Level Zero workload (2 threads, immediate and regular lists, 3 kinds of host
# synchronisation) in every order, 44 runs in all, each under a watchdog: every copy sees all
# 38 appended operations and 58 completions, the completions name exactly the appended ids,
# none twice, none lost, no warning, every DRIVER_API record once and with its other phase,
# the 6 kernels created with their names, pticFlush at exit returning PTI_SUCCESS; the
# workload's stdout is the same as without tools.
# A tool written with "+" (a:c+) also subscribes and unsubscribes in a thread of its own while
# the program runs (multi_tool.c: MULTI_CHURN, as fast as it can; with "%", MULTI_CHURN_MIX,
# other domains and per-function DRIVER_API in turn); the other copies' counts must not change,
# and the churning subscriptions must get records of their domains only. A tool written with
# "=" (b=) also takes DRIVER_API (MULTI_API). (The mixed churn found a subscription getting
# another function's DRIVER_API record, once in 44 runs under TSan: test_core
# test_slot_taken_mid_delivery_gets_only_its_functions holds that bug.)
# Needs ZE_ENABLE_ALT_DRIVERS. Prints cmocka-style summary lines.
b=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
RUNS=${MULTI_RUNS:-44}
# "sh" first: through `sh -c` (the shell loads the tools too and exports its PTIC_HUB, stale in
# the program it starts); "exec": `sh -c 'exec ...'`, the program in the shell's process.
ORDERS=${MULTI_ORDERS:-"a:b sh:b:a a:d exec:d:a b:d a:b:c sh:c:b:a a:b:d exec:a:d:b b:a:d b:d:a d:a:b d:b:a a:c+ c+:a d+:a:b b:d:c+ a:c% b:d% a=:b= b=:d=:c% d=:a+"}

# a sanitizer runtime must come first in LD_PRELOAD
san=$(ldd "$b/workload" | awk '/lib[at]san\.so/ {print $3}')

timeout 20 "$b/workload" >"$tmp/ref.out" 2>"$tmp/ref.err" || { echo "workload alone failed"; cat "$tmp/ref.err"; }

# one_run ORDER: the workload with the tools of ORDER preloaded in that order
one_run() {
  pre=$san; how=""; tools=""; churn=""; mix=""; api=""
  for t in $(echo "$1" | tr ':' ' '); do
    case $t in *=) t=${t%=}; api="$api$t" ;; esac
    case $t in *+) t=${t%+}; churn="$churn$t" ;; *%) t=${t%\%}; mix="$mix$t" ;; esac
    case $t in sh | exec) how=$t ;; *) pre="$pre${pre:+:}$b/libmt_$t.so"; tools="$tools $t" ;; esac
  done
  export MULTI_CHURN=$churn MULTI_CHURN_MIX=$mix MULTI_API=$api
  case $how in
    sh) LD_PRELOAD=$pre timeout 20 sh -c '"$1"; exit $?' sh "$b/workload" >"$tmp/run.out" 2>"$tmp/run.err" ;;
    exec) LD_PRELOAD=$pre timeout 20 sh -c 'exec "$1"' sh "$b/workload" >"$tmp/run.out" 2>"$tmp/run.err" ;;
    *) LD_PRELOAD=$pre timeout 20 "$b/workload" >"$tmp/run.out" 2>"$tmp/run.err" ;;
  esac
  rc=$?
  ok=1
  [ "$rc" -eq 0 ] || { echo "order $1: exit status $rc"; ok=0; }
  cmp -s "$tmp/ref.out" "$tmp/run.out" || { echo "order $1: the program's output differs"; diff "$tmp/ref.out" "$tmp/run.out"; ok=0; }
  for t in $tools; do
    line=$(grep "^multi_tool $t " "$tmp/run.err")
    [ "$line" = "multi_tool $t appended=38 completed=58 joined=0 lost=0 warnings=0 dup=0 api_dup=0 api_unpaired=0 kernels=6 flush=0" ] ||
      { echo "order $1: tool $t: ${line:-no summary}"; ok=0; }
  done
  for t in $(echo "$churn$mix" | sed 's/./& /g'); do
    line=$(grep "^multi_churn $t " "$tmp/run.err")
    case $line in
      "multi_churn $t rounds="*" records="*" bad=0") ;;
      *) echo "order $1: churning tool $t: ${line:-no summary}"; ok=0 ;;
    esac
    echo "  order $1: $line"
  done
  grep -q 'internal event' "$tmp/run.err" && { echo "order $1: internal events"; ok=0; }
  [ $ok -eq 1 ] || { sed 's/^/  | /' "$tmp/run.err" | tail -n 20; }
  [ $ok -eq 1 ]
}

echo "[==========] Running 1 test(s)."
echo "[ RUN      ] copies_in_every_order"
failed=0; i=0
set -- $ORDERS; n=$#
while [ $i -lt "$RUNS" ]; do
  k=$((i % n + 1)); eval "order=\${$k}"
  one_run "$order" || failed=$((failed + 1))
  i=$((i + 1))
done
echo "[==========] 1 test(s) run."
if [ $failed -eq 0 ]; then
  echo "[       OK ] copies_in_every_order ($RUNS runs)"; echo "[  PASSED  ] 1 test(s)."; exit 0
fi
echo "[  FAILED  ] copies_in_every_order: $failed of $RUNS runs"
echo "[  FAILED  ] 1 test(s), listed below:"; echo "[  FAILED  ] copies_in_every_order"
exit 1
