#!/bin/sh
# Runs the demo (examples/workload.c with examples/demo_tool.c preloaded) on the simulated
# device and checks the tool against the workload's own counts: one APPENDED ENTER and one
# EXIT line per appended operation, one CREATED / DESTROYED line per kernel, nothing on stdout.
# $1: the workload binary, $2: libdemo_tool.so (absolute). Needs ZE_ENABLE_ALT_DRIVERS.
# $VALGRIND, when set, prefixes the workload. Prints cmocka-style summary lines.
workload=$1
tool=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# A sanitizer runtime must come first in the preload list (ASan refuses to start otherwise).
preload=$(ldd "$workload" | awk '$1 ~ /^lib[at]san\.so/ {print $3}' | tr '\n' ' ')
preload="$preload$tool"

run_plain() { $VALGRIND "$workload" >"$tmp/plain.out" 2>"$tmp/plain.err"; }
run_tool() {
  if [ -n "$VALGRIND" ]; then # keep the preload out of valgrind's own launcher
    $VALGRIND --trace-children=yes env LD_PRELOAD="$preload" "$workload"
  else
    LD_PRELOAD="$preload" "$workload"
  fi >"$tmp/tool.out" 2>"$tmp/tool.err"
}

run_plain; plain_rc=$?
run_tool; tool_rc=$?
appends=$(sed -n 's/^appends=\([0-9]*\) .*/\1/p' "$tmp/tool.out")
kernels=$(sed -n 's/.* kernels_created=\([0-9]*\).*/\1/p' "$tmp/tool.out")
# lines() DOMAIN PHASE: how many per-record lines the tool printed for them.
lines() { awk -v d="$1" -v p="$2" '$1 == "[demo]" && $2 == d && $3 == p' "$tmp/tool.err" | wc -l; }

# Each check prints why it failed and returns non-zero.
check_plain_run() {
  [ "$plain_rc" -eq 0 ] && grep -q ': OK$' "$tmp/plain.out" && return 0
  echo "workload alone exited $plain_rc:"; cat "$tmp/plain.out" "$tmp/plain.err"; return 1
}
check_tool_run() {
  [ "$tool_rc" -eq 0 ] && grep -q ': OK$' "$tmp/tool.out" && [ -n "$appends" ] && [ -n "$kernels" ] &&
    return 0
  echo "workload with the tool exited $tool_rc:"; cat "$tmp/tool.out"; tail -n 20 "$tmp/tool.err"
  return 1
}
check_stdout_untouched() {
  cmp -s "$tmp/plain.out" "$tmp/tool.out" && return 0
  echo "stdout differs with the tool preloaded:"; diff "$tmp/plain.out" "$tmp/tool.out"; return 1
}
check_count() { # label, got, expected
  [ -n "$3" ] && [ "$2" -eq "$3" ] && return 0
  echo "$1: $2 lines, expected ${3:-?}"; return 1
}
check_appended_enter() { check_count "APPENDED ENTER" "$(lines APPENDED ENTER)" "$appends"; }
check_appended_exit() {
  check_count "APPENDED EXIT" "$(lines APPENDED EXIT)" "$appends" || return 1
  ok=$(grep -c '^\[demo\] APPENDED  EXIT .* ret=ZE_RESULT_SUCCESS$' "$tmp/tool.err")
  check_count "APPENDED EXIT with ret=ZE_RESULT_SUCCESS" "$ok" "$appends"
}
check_kernels() {
  check_count "CREATED EXIT" "$(lines CREATED EXIT)" "$kernels" &&
    check_count "DESTROYED EXIT" "$(lines DESTROYED EXIT)" "$kernels"
}
check_summary() {
  want="[demo] summary: $appends operations appended, $kernels kernels created, $kernels destroyed"
  grep -qxF "$want" "$tmp/tool.err" && return 0
  echo "missing: $want"; grep 'summary' "$tmp/tool.err"; return 1
}

tests="plain_run tool_run stdout_untouched appended_enter appended_exit kernels summary"
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
