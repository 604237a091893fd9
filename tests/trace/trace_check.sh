#!/bin/sh
# ze_trace's launcher and per-process output (examples/README.md, "ze_trace"), on the simulated
# device, with build/workload as the Level Zero program:
#   exit_status       PROGRAM's status comes back: 0, 3, 128+signal, 127; a signal sent to the
#                     launcher reaches PROGRAM
#   bad_options       each bad option: a message, status 2, PROGRAM not run; --help
#   wrappers          `timeout`, `sh -c`, `env` (and issue 15's LD_PRELOAD command without the
#                     launcher): one complete trace, the Level Zero process's, one summary
#   no_level_zero     processes that never use Level Zero: no file, no output
#   two_processes     two Level Zero processes at once: two complete files, two summaries
#   mpi_ranks         PMI_RANK / OMPI_COMM_WORLD_RANK in the names, rank 0 listed first
#   merge             --merge: one valid file with both processes on one time axis, nothing else
#   atomic_write      no temporary file or run folder left by any run; a trace that cannot be
#                     written completely (file size limit) leaves nothing at its name
#   own_api_ids       (newest leg) calls with pti-callback's own api ids are in the trace
#   host_summary      -H: a row per Level Zero function the workload calls
#   call_log          -c FILE: one line per call with its arguments and result
#   kernel_filters    --kernel-include / --kernel-exclude: the GPU table has only the names asked
#   itt_ranges        an ITT program (build/itt_client): its tasks in the summary with the device
#                     time of the launches inside, as slices of the JSON trace
#   start_paused      --start-paused: nothing before the program's __itt_resume
#   other_collector   INTEL_LIBITTNOTIFY64 naming another collector: the launcher says so
#   memory            the memory counters follow the workload's allocations (per thread 4 KiB of
#                     device, 4 KiB of shared, 2 x 4 KiB of host memory), the summary's peaks are
#                     the counters' maxima; --no-memory and ZE_TRACE_MEMORY=0: neither
# $1: build folder (absolute) with ze_trace, libze_trace.so, workload; $2 (newest leg only):
# own_ids (tests/trace/own_ids.c), then only own_api_ids runs. $VALGRIND: the newest leg's
# dynamic loader runs the Level Zero programs; valgrind runs the launcher (the programs it
# starts run natively). Needs ZE_ENABLE_ALT_DRIVERS. Prints cmocka-style summary lines.
b=$1
own_ids=$2
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
W=$b/workload
lib=$b/libze_trace.so
# a rank set by the machine running the tests would change every file name
unset PMI_RANK OMPI_COMM_WORLD_RANK PMIX_RANK PALS_RANKID SLURM_PROCID ZE_TRACE_JSON ZE_TRACE_QUIET ZE_TRACE_MEMORY
# a sanitizer runtime must come first in LD_PRELOAD (the launcher appends libze_trace.so)
san=$(ldd "$W" | awk '/lib[at]san\.so/ {print $3}')
case $VALGRIND in
  *ld-linux*) PRE=$VALGRIND; LPRE="" ;;
  *valgrind*) PRE=""; LPRE=$VALGRIND ;;
  *) PRE=""; LPRE="" ;;
esac

# launch ARGS...: the launcher; its stdout, stderr and status in $tmp/out, $tmp/err, $rc
launch() {
  LD_PRELOAD=$san $LPRE "$b/ze_trace" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
# preload DIR ARGS...: issue 15's way, without the launcher: ZE_TRACE_JSON=DIR/t.json
preload() {
  d=$1; shift
  ZE_TRACE_JSON=$d/t.json LD_PRELOAD=$san${san:+:}$lib "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
fail() {
  echo "$*"
  sed 's/^/  | /' "$tmp/err" | tail -n 12
  return 1
}
# the files of a folder, on one line
files() { ls -A "$1" | tr '\n' ' ' | sed 's/ $//'; }
# traces DIR N: DIR holds exactly N files t.<pid>.json; sets $pids
traces() {
  pids=""
  for f in $(ls -A "$1"); do
    p=${f#t.}; p=${p%.json}
    case $p in '' | *[!0-9]*) echo "unexpected file $1/$f (all: $(files "$1"))"; return 1 ;; esac
    pids="${pids:+$pids }$p"
  done
  [ "$(echo $pids | wc -w)" -eq "$2" ] || { echo "$1: $(files "$1"), expected $2 trace(s)"; return 1; }
}
# the interpreter itself, found once (a version manager's shim costs a lot per call)
py=$(python3 -c 'import sys; print(sys.executable)') || py=python3
json() { "$py" "$here/trace_json.py" "$@"; }
summaries() { grep -c '^ze_trace: GPU operations' "$tmp/err"; }

# the workload alone: its output, and how many GPU operations it executes
timeout 60 $PRE "$W" >"$tmp/ref.out" 2>"$tmp/ref.err" || { echo "workload alone failed:"; cat "$tmp/ref.err"; }
GPU=$(sed -n 's/^executed=\([0-9]*\) .*/\1/p' "$tmp/ref.out")

check_exit_status() {
  for want in 0 3; do
    launch sh -c "exit $want"
    [ "$rc" -eq "$want" ] || { fail "sh -c 'exit $want': status $rc"; return 1; }
  done
  launch sh -c 'kill -TERM $$'
  [ "$rc" -eq 143 ] || { fail "killed by SIGTERM: status $rc, expected 143"; return 1; }
  launch sh -c 'kill -KILL $$'
  [ "$rc" -eq 137 ] || { fail "killed by SIGKILL: status $rc, expected 137"; return 1; }
  launch "$tmp/no such program"
  [ "$rc" -eq 127 ] || { fail "missing program: status $rc, expected 127"; return 1; }
  d=$tmp/status; mkdir "$d"
  launch -o "$d/t.json" sh -c '"$@" || exit 9; exit 5' sh $PRE "$W"
  [ "$rc" -eq 5 ] || { fail "traced run: status $rc, expected 5"; return 1; }
  traces "$d" 1 && json "$d/t.$pids.json" --pids $pids --gpu "$GPU" || return 1
  # SIGTERM sent to the launcher (as `timeout` does) ends the program, whose status comes back.
  # Not under ThreadSanitizer: there the forwarding was lost once (status 0; TSan defers the
  # delivery of asynchronous signals); the plain, ASan and valgrind runs check it.
  case $san in *libtsan*) return 0 ;; esac
  LD_PRELOAD=$san $LPRE "$b/ze_trace" sh -c 'echo $$ > "$1.tmp"; mv "$1.tmp" "$1"; exec sleep 30' sh \
    "$tmp/sleeper" >/dev/null 2>"$tmp/err" &
  launcher=$!
  i=0
  while [ ! -s "$tmp/sleeper" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
  kill -TERM "$launcher"
  wait "$launcher"
  rc=$?
  sleeper=$(cat "$tmp/sleeper" 2>/dev/null)
  [ "$rc" -eq 143 ] || { fail "SIGTERM to the launcher: status $rc, expected 143"; return 1; }
  if [ -z "$sleeper" ] || kill -0 "$sleeper" 2>/dev/null; then
    kill "$sleeper" 2>/dev/null; fail "the program did not get the launcher's SIGTERM"; return 1
  fi
}

check_bad_options() {
  for args in "--bogus" "-x" "--max-events=1e3" "--flush-ms=-1" "--flush-ms=3600001" "--merge" \
              "--quiet=1" "--no-memory=1" "-o $tmp" "-o $tmp/missing/t.json" "-m -o $tmp/t%p.json"; do
    rm -f "$tmp/ran"
    launch $args touch "$tmp/ran"
    [ "$rc" -eq 2 ] || { fail "ze_trace $args: status $rc, expected 2"; return 1; }
    head -n 1 "$tmp/err" | grep -q '^ze_trace: ..*' && grep -q "^Try 'ze_trace --help'" "$tmp/err" ||
      { fail "ze_trace $args: no clear message"; return 1; }
    [ ! -e "$tmp/ran" ] || { fail "ze_trace $args: the program ran"; return 1; }
  done
  for args in "" "-q" "-o"; do
    launch $args
    [ "$rc" -eq 2 ] || { fail "ze_trace $args (no program): status $rc, expected 2"; return 1; }
  done
  launch --help
  [ "$rc" -eq 0 ] || { fail "--help: status $rc"; return 1; }
  for o in --output --merge --quiet --max-events --flush-ms --no-memory --help; do
    grep -q -- "$o" "$tmp/out" || { fail "--help does not list $o"; return 1; }
  done
}

check_wrappers() {
  for how in timeout sh env preload; do
    d=$tmp/wrap_$how; mkdir "$d"
    case $how in
      timeout) launch -o "$d/t.json" timeout 60 $PRE "$W" ;;
      sh) launch -o "$d/t.json" sh -c '"$@"; exit $?' sh $PRE "$W" ;;
      env) launch -o "$d/t.json" env ZE_TRACE_CHECK=1 $PRE "$W" ;;
      preload) preload "$d" timeout 60 $PRE "$W" ;;
    esac
    [ "$rc" -eq 0 ] || { fail "$how: status $rc"; return 1; }
    cmp -s "$tmp/out" "$tmp/ref.out" || { fail "$how: the program's output differs"; return 1; }
    traces "$d" 1 && json "$d/t.$pids.json" --pids $pids --gpu "$GPU" --api zeDriverGet || return 1
    [ "$(summaries)" -eq 1 ] || { fail "$how: $(summaries) summaries, expected the workload's"; return 1; }
  done
}

check_no_level_zero() {
  d=$tmp/none; mkdir "$d"
  preload "$d" timeout 60 sh -c 'echo hi; env true'
  [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = hi ] && [ ! -s "$tmp/err" ] && [ -z "$(files "$d")" ] ||
    { fail "preloaded: status $rc, stdout '$(cat "$tmp/out")', files '$(files "$d")', stderr:"; return 1; }
  launch -q sh -c 'echo hi'
  [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = hi ] && [ ! -s "$tmp/err" ] ||
    { fail "ze_trace -q: status $rc, stdout '$(cat "$tmp/out")', stderr:"; return 1; }
  launch -o "$d/t.json" sh -c 'echo hi'
  [ "$rc" -eq 0 ] && [ -z "$(files "$d")" ] &&
    [ "$(cat "$tmp/err")" = "ze_trace: no process used Level Zero: no trace written" ] ||
    { fail "ze_trace -o: status $rc, files '$(files "$d")', stderr:"; return 1; }
}

check_two_processes() {
  d=$tmp/two; mkdir "$d"
  launch -o "$d/t.json" sh -c '"$@" & "$@"; wait' sh $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  traces "$d" 2 || return 1
  for p in $pids; do json "$d/t.$p.json" --pids "$p" --gpu "$GPU" || return 1; done
  [ "$(summaries)" -eq 2 ] || { fail "$(summaries) summaries, expected 2"; return 1; }
  [ "$(grep -c '^ze_trace: wrote ' "$tmp/err")" -eq 2 ] || { fail "the launcher does not list 2 files"; return 1; }
}

check_mpi_ranks() {
  d=$tmp/ranks; mkdir "$d"
  launch -o "$d/t.json" sh -c 'PMI_RANK=1 "$@" & OMPI_COMM_WORLD_RANK=0 "$@"; wait' sh $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  for r in 0 1; do
    f=$(cd "$d" && ls t.rank$r.*.json 2>/dev/null)
    p=${f#t.rank$r.}; p=${p%.json}
    [ -n "$f" ] && json "$d/$f" --pids "$p" --gpu "$GPU" --rank $r ||
      { fail "rank $r: files $(files "$d")"; return 1; }
  done
  [ "$(files "$d" | wc -w)" -eq 2 ] || { fail "files: $(files "$d")"; return 1; }
  grep '^ze_trace: wrote ' "$tmp/err" | head -n 1 | grep -q 'rank 0' || { fail "rank 0 not listed first"; return 1; }
}

check_merge() {
  d=$tmp/merge; mkdir "$d"
  launch -m -o "$d/t.json" sh -c '"$@" && "$@"' sh $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  [ "$(files "$d")" = t.json ] || { fail "files: $(files "$d"), expected t.json"; return 1; }
  pids=$(sed -n 's/^ze_trace: .* (pid \([0-9]*\))$/\1/p' "$tmp/err")
  [ "$(echo $pids | wc -w)" -eq 2 ] || { fail "summaries of pids '$pids', expected 2"; return 1; }
  json "$d/t.json" --pids $pids --gpu "$GPU" --sequential || return 1
  grep -q '^ze_trace: merged 2 traces into ' "$tmp/err" || { fail "no 'merged 2 traces' line"; return 1; }
}

check_atomic_write() {
  for d in "$tmp"/*/; do
    leftovers=$(ls -A "$d" | grep -E '^\.|\.tmp')
    [ -z "$leftovers" ] || { fail "left in $d: $leftovers"; return 1; }
  done
  # a file size limit of 8 KiB, with SIGXFSZ ignored: writing the trace (~45 KiB) fails
  for how in launcher preload; do
    d=$tmp/atomic_$how; mkdir "$d"
    case $how in
      launcher) (trap '' XFSZ; ulimit -f 16; launch -o "$d/t.json" $PRE "$W"; exit $rc) ;;
      preload) (trap '' XFSZ; ulimit -f 16; preload "$d" $PRE "$W"; exit $rc) ;;
    esac
    rc=$?
    [ "$rc" -eq 0 ] || { fail "$how: status $rc"; return 1; }
    [ -z "$(files "$d")" ] || { fail "$how: a trace that could not be written left: $(files "$d")"; return 1; }
    grep -q '^ze_trace: cannot write .*t\.[0-9]*\.json' "$tmp/err" || { fail "$how: the failure is not reported"; return 1; }
  done
}

check_own_api_ids() {
  d=$tmp/own; mkdir "$d"
  launch -o "$d/t.json" $PRE "$own_ids"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  traces "$d" 1 && json "$d/t.$pids.json" --pids $pids --gpu 1 --api zeCommandListGetFlags \
    --api zeCommandListAppendMemoryFillWithParameters
}

ITT=$b/itt_client
check_host_summary() {
  launch -H $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  grep -q '^ze_trace: Level Zero calls, host time in the call' "$tmp/err" || { fail "no host summary"; return 1; }
  # (not zeInit: newer loaders trace none after the library's own)
  for f in zeCommandListAppendLaunchKernel zeCommandQueueExecuteCommandLists zeEventHostSynchronize zeDriverGet; do
    grep -q " $f\$" "$tmp/err" || { fail "no row for $f"; return 1; }
  done
  launch $PRE "$W"
  ! grep -q 'Level Zero calls, host time' "$tmp/err" || { fail "a host summary without -H"; return 1; }
}
check_call_log() {
  d=$tmp/calls; mkdir "$d"
  launch -q -c "$d/calls.log" $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  n=$(ls "$d" | wc -l)
  [ "$n" -eq 1 ] || { fail "$n call logs: $(files "$d")"; return 1; }
  log=$d/$(ls "$d")
  grep -q '^\[[0-9]*\] zeCommandListAppendLaunchKernel(hCommandList=0x[0-9a-f]*, hKernel=0x[0-9a-f]*, pLaunchFuncArgs=0x[0-9a-f]*, hSignalEvent=[^,]*, numWaitEvents=[0-9]*, phWaitEvents=[^)]*) = 0x0 ([0-9]* ns)$' "$log" ||
    { fail "no launch in the log: $(head -n 3 "$log")"; return 1; }
  grep -q '^\[[0-9]*\] zeDriverGet(pCount=0x[0-9a-f]*, phDrivers=0x[0-9a-f]*) = 0x0' "$log" ||
    { fail "no zeDriverGet in the log"; return 1; }
  launch -q -c - $PRE "$W"
  grep -q 'zeCommandQueueExecuteCommandLists(hCommandQueue=' "$tmp/err" || { fail "-c -: nothing on stderr"; return 1; }
}
gpu_names() { sed -n '/^ze_trace: GPU operations/,/^ze_trace: host sync/p' "$tmp/err" | awk 'NF >= 7 && $1 ~ /^[0-9.]+$/ {print $7}' | sort | tr '\n' ' '; }
check_kernel_filters() {
  launch --kernel-include vadd,vmul $PRE "$W"
  [ "$rc" -eq 0 ] && [ "$(gpu_names)" = "vadd vmul " ] || { fail "--kernel-include vadd,vmul: $(gpu_names)"; return 1; }
  launch --kernel-exclude Memory,reduce $PRE "$W"
  case "$(gpu_names)" in *Memory* | *reduce* | "") fail "--kernel-exclude Memory,reduce: $(gpu_names)"; return 1 ;; esac
}
check_itt_ranges() {
  d=$tmp/itt; mkdir "$d"
  ITT_CLIENT_ZE=1 launch -o "$d/t.json" $PRE "$ITT"
  [ "$rc" -eq 0 ] && grep -q 'itt_client: OK' "$tmp/out" && grep -q 'collector loaded' "$tmp/out" ||
    { fail "status $rc: $(cat "$tmp/out")"; return 1; }
  grep -q '^ze_trace: ITT ranges' "$tmp/err" || { fail "no range table"; return 1; }
  # one launch before any range (counted without ze_trace's lock), three once ranges opened
  grep -q '(4 executed, 4 appended, 0 lost)' "$tmp/err" ||
    { fail "appended before and in ranges: $(grep 'executed,' "$tmp/err")"; return 1; }
  # outer holds two launches (one in inner), inner one, the worker's task one (about 1 us each)
  awk '$1 == 1 && $4 == "outer" {o = $3} $1 == 1 && $4 == "inner" {i = $3} $1 == 1 && $4 == "worker" {w = $3}
       END {exit !(i > 0.5 && w > 0.5 && o > 1.5 * i)}' "$tmp/err" ||
    { fail "the device time of the ranges' launches"; return 1; }
  traces "$d" 1 && grep -c '"cat":"itt"' "$d/t.$pids.json" | grep -qx 6 || { fail "itt slices: $(grep -c '"cat":"itt"' "$d/t.$pids.json")"; return 1; }
  json "$d/t.$pids.json" --pids $pids --gpu 4 >/dev/null || { fail "the trace is not valid"; return 1; }
}
check_start_paused() {
  ITT_CLIENT_ZE=1 launch --start-paused $PRE "$ITT"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  grep -q '(0 executed, 0 appended, 0 lost)' "$tmp/err" || { fail "collected while paused"; return 1; }
  ! grep -q '^ze_trace: ITT ranges' "$tmp/err" || { fail "ranges while paused"; return 1; }
}
check_other_collector() {
  INTEL_LIBITTNOTIFY64=/nonexistent/libother.so launch $PRE "$ITT"
  [ "$rc" -eq 0 ] && grep -q 'collector absent' "$tmp/out" || { fail "status $rc: $(cat "$tmp/out")"; return 1; }
  grep -q 'INTEL_LIBITTNOTIFY64 names another ITT collector (/nonexistent/libother.so)' "$tmp/err" ||
    { fail "no note"; return 1; }
}
check_memory() {
  d=$tmp/memory; mkdir "$d"
  launch -o "$d/t.json" $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "status $rc"; return 1; }
  traces "$d" 1 && json "$d/t.$pids.json" --pids $pids --gpu "$GPU" --memory "$tmp/err" \
    --alloc "GPU 0 device memory:4096:2" --alloc "GPU 0 shared memory:4096:2" --alloc "host memory:4096:4" ||
    { fail "the memory counters or table"; return 1; }
  # the launcher's own switch wins over a variable (its command line is the whole configuration)
  d=$tmp/no_memory; mkdir "$d"
  ZE_TRACE_MEMORY=1 launch --no-memory -o "$d/t.json" $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "--no-memory: status $rc"; return 1; }
  traces "$d" 1 && json "$d/t.$pids.json" --pids $pids --gpu "$GPU" --no-memory || return 1
  ! grep -q '^ze_trace: memory' "$tmp/err" || { fail "--no-memory: a memory table"; return 1; }
  d=$tmp/no_memory_env; mkdir "$d"
  ZE_TRACE_MEMORY=0 preload "$d" $PRE "$W"
  [ "$rc" -eq 0 ] || { fail "ZE_TRACE_MEMORY=0: status $rc"; return 1; }
  traces "$d" 1 && json "$d/t.$pids.json" --pids $pids --gpu "$GPU" --no-memory || return 1
  ! grep -q '^ze_trace: memory' "$tmp/err" || { fail "ZE_TRACE_MEMORY=0: a memory table"; return 1; }
}

if [ -n "$own_ids" ]; then
  tests="own_api_ids"
else
  tests="exit_status bad_options wrappers no_level_zero two_processes mpi_ranks merge atomic_write host_summary
         call_log kernel_filters itt_ranges start_paused other_collector memory"
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
