#!/bin/sh
# Real OpenCL programs under ze_trace (build/libze_trace.so, preloaded), on PoCL, through each
# ICD loader (the system's ocl-icd; Debian unstable's Khronos loader when fetched):
#   cl_workload   (tests/cl/cl_workload.c: dlopen()s libOpenCL, enqueues from 4 worker threads
#                 on in-order and out-of-order queues made without profiling, events of its own
#                 and none) prints the same traced and untraced, and ze_trace counts every
#                 command it enqueued exactly once: executed = appended = enqueued, none lost
#   clinfo        prints the same traced and untraced; nothing lost
#   clpeak --kernel-latency   20 000 kernels with the program's own events: executed =
#                 appended >= 20000, none lost, a clFinish per kernel; its JSON trace holds them
# Prints cmocka-style lines for tests/run.sh. Usage: cl_programs_check.sh BUILD CLNEW_ROOT
build=$1
clnew=$2/usr/lib/x86_64-linux-gnu
here=$(cd "$(dirname "$0")" && pwd)
tool=$build/libze_trace.so
pass=0; fail=0; failed=""
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

ok() { echo "[       OK ] $1"; pass=$((pass + 1)); }
bad() { echo "[  FAILED  ] $1: $2"; fail=$((fail + 1)); failed="$failed $1"; }

# A sanitizer's runtime must come first in a process: the tool built with one cannot be
# preloaded into these programs.
case $(ldd "$tool" 2>/dev/null) in
  *libasan* | *libtsan* | *libubsan*) echo "skip: $tool is built with a sanitizer"; echo "[  PASSED  ] 0 test(s)."; exit 0 ;;
esac

# counts LOG: "executed appended lost" from ze_trace's summary line
counts() { sed -n 's/.*GPU operations, device time (\([0-9]*\) executed, \([0-9]*\) appended, \([0-9]*\) lost).*/\1 \2 \3/p' "$1"; }

run_leg() { # name, library path ("" for the system's)
  leg=$1
  lp=$2
  env_lp() { if [ -n "$lp" ]; then LD_LIBRARY_PATH=$lp "$@"; else "$@"; fi; }

  # the differential test, and exactly once
  env_lp "$build/cl_workload" 4 150 >"$out/w.plain" 2>"$out/w.plain.err"
  env_lp env LD_PRELOAD="$tool" "$build/cl_workload" 4 150 >"$out/w.traced" 2>"$out/w.err"
  n=$(sed -n 's/^enqueued //p' "$out/w.plain")
  set -- $(counts "$out/w.err")
  if ! cmp -s "$out/w.plain" "$out/w.traced"; then bad "$leg: cl_workload" "traced output differs: $(diff "$out/w.plain" "$out/w.traced" | head -n 3)"
  elif [ -z "$n" ] || [ "${1:-x}" != "$n" ] || [ "${2:-x}" != "$n" ] || [ "${3:-x}" != 0 ]; then
    bad "$leg: cl_workload" "enqueued ${n:-?}, ze_trace: ${1:-?} executed, ${2:-?} appended, ${3:-?} lost"
  elif grep -q "problem" "$out/w.err"; then bad "$leg: cl_workload" "$(grep problem "$out/w.err")"
  else ok "$leg: cl_workload ($n commands from 4 threads, traced exactly once, same results)"; fi

  # clinfo
  env_lp clinfo >"$out/c.plain" 2>&1
  env_lp env LD_PRELOAD="$tool" clinfo >"$out/c.traced" 2>"$out/c.err"
  set -- $(counts "$out/c.err")
  if ! cmp -s "$out/c.plain" "$out/c.traced"; then bad "$leg: clinfo" "traced output differs"
  elif [ "${3:-x}" != 0 ] || grep -q "problem" "$out/c.err"; then bad "$leg: clinfo" "$(cat "$out/c.err")"
  else ok "$leg: clinfo (same output)"; fi

  # clpeak --kernel-latency, with a JSON trace
  rm -f "$out"/cp.*.json
  env_lp env LD_PRELOAD="$tool" ZE_TRACE_JSON="$out/cp.json" clpeak --kernel-latency >"$out/p.out" 2>"$out/p.err"
  rc=$?
  set -- $(counts "$out/p.err")
  finishes=$(sed -n 's/.* \([0-9][0-9]*\) .*[0-9] *clFinish$/\1/p' "$out/p.err" | head -n 1)
  json=$(ls "$out"/cp.*.json 2>/dev/null | head -n 1)
  pid=$(echo "$json" | sed -n 's/.*cp\.\([0-9]*\)\.json/\1/p')
  if [ $rc -ne 0 ] || ! grep -q "Kernel launch latency" "$out/p.out"; then bad "$leg: clpeak" "exit $rc: $(tail -n 3 "$out/p.out")"
  elif [ "${1:-0}" -lt 20000 ] || [ "$1" != "$2" ] || [ "$3" != 0 ]; then bad "$leg: clpeak" "${1:-?} executed, ${2:-?} appended, ${3:-?} lost"
  elif [ "${finishes:-0}" -lt 20000 ]; then bad "$leg: clpeak" "${finishes:-no} clFinish calls timed"
  elif ! python3 "$here/../trace/trace_json.py" "$json" --pids "$pid" --gpu "$1" --api clEnqueueNDRangeKernel --api clFinish; then
    bad "$leg: clpeak" "its JSON trace"
  else ok "$leg: clpeak --kernel-latency ($1 kernels, each once; $finishes clFinish)"; fi
}

run_leg "ocl-icd" ""
if [ -e "$clnew/libOpenCL.so.1" ]; then
  run_leg "Khronos loader" "$clnew"
else
  echo "skip: the Khronos loader is not fetched (tools/newest_opencl_loader.sh)"
  [ "${CL_NEW_REQUIRED:-0}" = 1 ] && bad "Khronos loader" "not fetched"
fi

echo "[  PASSED  ] $pass test(s)."
[ $fail -eq 0 ] || { echo "[  FAILED  ] $fail test(s), listed below:$failed"; exit 1; }
exit 0
