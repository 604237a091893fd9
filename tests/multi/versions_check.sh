#!/bin/sh
# Copies of the implementation from different versions in one process (README "Several tools in
# one process"): they must not pair. $1: build folder (absolute) with workload, libmt_a.so (this
# version), libmt_skew.so (this version with ptic_op_info one field longer: a layout changed
# without the hub's major) and libmt_v1.so (built from the commit that introduced the hub,
# major 1: tests.mk takes it from the repository's history; absent in a shallow clone, and
# those runs are then skipped). Each pair is preloaded into the workload both ways; glibc
# constructs the last object of LD_PRELOAD first, which makes it the active copy.
#   - The active copy's tool gets all its records, as alone (multi_check.sh's line); with the
#     skewed copy beside it, also one INTERNAL_EVENT WARNING saying another version refused.
#   - The other copy's tool cannot subscribe: this version and the skewed one answer
#     PTIC_ERROR_INCOMPATIBLE_COPY, the version 1 copy PTI_ERROR_NOT_IMPLEMENTED (its refusal).
#   - No crash, the workload's output unchanged.
# The workload runs under $VALGRIND (run.sh: the newest leg's dynamic loader, or valgrind). Needs
# ZE_ENABLE_ALT_DRIVERS. Prints cmocka-style summary lines.
b=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
san=$(ldd "$b/workload" | awk '/lib[at]san\.so/ {print $3}')
timeout 60 $VALGRIND "$b/workload" >"$tmp/ref.out" 2>"$tmp/ref.err" || { echo "workload alone failed"; cat "$tmp/ref.err"; }

alone="appended=38 completed=58 joined=0 lost=0 warnings=0 dup=0 api_dup=0 api_unpaired=0 kernels=6 flush=0"
warned="appended=38 completed=58 joined=0 lost=0 warnings=1 dup=0 api_dup=0 api_unpaired=0 kernels=6 flush=0"
v1_alone="appended=38 completed=58 joined=0 lost=0 warnings=0 dup=0"
refused="subscription failed: PTIC_ERROR_INCOMPATIBLE_COPY"

# one_run NAME OTHER ACTIVE OTHER_LINE ACTIVE_LINE: the workload with tools OTHER and ACTIVE
# preloaded (ACTIVE last); each tool's stderr must have the line "multi_tool TOOL LINE" (its
# summary) or "multi_tool TOOL: LINE" (its failure).
one_run() {
  LD_PRELOAD=$san${san:+:}$b/libmt_$2.so:$b/libmt_$3.so timeout 60 $VALGRIND "$b/workload" >"$tmp/run.out" 2>"$tmp/run.err"
  rc=$?
  ok=1
  [ "$rc" -eq 0 ] || { echo "$1: exit status $rc"; ok=0; }
  cmp -s "$tmp/ref.out" "$tmp/run.out" || { echo "$1: the program's output differs"; ok=0; }
  for t in "$2:$4" "$3:$5"; do
    name=${t%%:*}; want=${t#*:}
    grep -qFx -e "multi_tool $name $want" -e "multi_tool $name: $want" "$tmp/run.err" ||
      { echo "$1: tool $name: expected \"$want\""; ok=0; }
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

echo "[==========] Running the versions' pairs."
check skew_beside_active a skew "$refused" "$warned"
check active_beside_skew skew a "$refused" "$warned"
if [ -f "$b/libmt_v1.so" ]; then
  check version1_beside_active a v1 "$refused" "$v1_alone"
  check active_beside_version1 v1 a "subscription failed" "$alone"
else
  echo "[  SKIPPED ] version1_beside_active, active_beside_version1: no libmt_v1.so (no history of the hub: a shallow clone?)"
fi
echo "[==========] $run test(s) run."
echo "[  PASSED  ] $((run - failed)) test(s)."
if [ $failed -ne 0 ]; then
  echo "[  FAILED  ] $failed test(s), listed below:"
  for n in $names; do echo "[  FAILED  ] $n"; done
  exit 1
fi
exit 0
