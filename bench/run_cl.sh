#!/bin/sh
# bench/run_cl.sh - `make bench`'s OpenCL table: instructions per clEnqueueNDRangeKernel on PoCL
# (bench/bench_cl.c), counted by callgrind in the functions bench_measure_* of the program's
# main thread (PoCL's worker threads are not counted; the library's poller is off:
# PTIC_POLL_INTERVAL_US=0, completions are collected at the clFinish).
#   append   an enqueue without event, in batches of 64 (the clFinish after each batch uncounted)
#   cycle    an enqueue and its clFinish, both counted
# Rows: A no layer; F a pass-through layer (the floor of any layer); FC F plus the OpenCL calls
# completion tracking makes (an event per command; its status, START and END read, its
# release); L0 the library as the layer, no subscriber; L1 a subscriber whose domain these calls
# do not fire (KERNEL_CREATED); L2 APPENDED with an empty callback; L3 APPENDED + COMPLETED.
# Targets: L2 - F <= 200 (append), L3 - FC <= 600 (cycle), L1 <= 1.02 F (append).
# Usage: sh bench/run_cl.sh [-q]    Environment: BUILD (build), BENCH_CL_N (append count, 2048).
set -u
BUILD=${BUILD:-build}
N=${BENCH_CL_N:-2048}
[ "${1:-}" = -q ] && N=256
OUT=$BUILD/bench-out-cl
mkdir -p "$OUT" && rm -f "$OUT"/*
if ! command -v valgrind >/dev/null 2>&1; then echo "bench (OpenCL): valgrind missing: no table"; exit 0; fi
for b in bench_cl libbench_cl_floor.so libbench_cl_tool.so; do
  [ -e "$BUILD/$b" ] || { echo "bench (OpenCL): $BUILD/$b missing (run through make bench)" >&2; exit 1; }
done

# count ROW PRELOAD OP: instructions per operation
count() {
  n=$N
  [ "$3" = cycle ] && n=$((N / 4))
  env BENCH_CL_MODE=$1 PTIC_POLL_INTERVAL_US=0 ${2:+LD_PRELOAD=$2} valgrind --tool=callgrind \
    --toggle-collect='bench_measure_*' --callgrind-out-file="$OUT/callgrind.$1.$3" \
    "$BUILD/bench_cl" "$3" "$n" >"$OUT/$1.$3.out" 2>"$OUT/$1.$3.log" || { echo "-"; return; }
  tot=$(sed -n 's/^\(totals\|summary\): *\([0-9]*\).*/\2/p' "$OUT/callgrind.$1.$3" | head -n 1)
  [ -n "$tot" ] && echo $((tot / n)) || echo "-"
}

floor=$(cd "$BUILD" && pwd)/libbench_cl_floor.so
tool=$(cd "$BUILD" && pwd)/libbench_cl_tool.so
A=$(count A "" append)
F=$(count F "$floor" append)
FCa=$(count FC "$floor" append)
FCc=$(count FC "$floor" cycle)
L0=$(count L0 "$tool" append)
L1=$(count L1 "$tool" append)
L2=$(count L2 "$tool" append)
L3a=$(count L3 "$tool" append)
L3c=$(count L3 "$tool" cycle)
Fc=$(count F "$floor" cycle)

verdict() { [ "$1" = - ] || [ "$2" = - ] && { echo "-"; return; }; awk -v x="$1" -v y="$2" 'BEGIN { print (x <= y) ? "PASS" : "MISS" }'; }
echo "OpenCL on PoCL ($(dpkg-query -W -f '${Version}' pocl-opencl-icd 2>/dev/null)), ICD loader ocl-icd $(dpkg-query -W -f '${Version}' ocl-icd-libopencl1 2>/dev/null): instructions per operation"
printf '%-4s %-46s %9s %9s  %s\n' row configuration append cycle target
printf '%-4s %-46s %9s %9s  %s\n' A "no layer" "$A" - "reference"
printf '%-4s %-46s %9s %9s  %s\n' F "a pass-through layer" "$F" "$Fc" "floor"
printf '%-4s %-46s %9s %9s  %s\n' FC "F + the calls completion tracking makes" "$FCa" "$FCc" "floor of L3"
printf '%-4s %-46s %9s %9s  %s\n' L0 "library as the layer, no subscriber" "$L0" - "report"
L1t=$(awk -v f="$F" 'BEGIN { printf "%d", f * 1.02 }')
printf '%-4s %-46s %9s %9s  %s\n' L1 "KERNEL_CREATED on (not fired)" "$L1" - "<= 1.02 F = $L1t: $(verdict "$L1" "$L1t")"
L2t=$((F + 200))
printf '%-4s %-46s %9s %9s  %s\n' L2 "APPENDED on, empty callback" "$L2" - "L2 - F = $((L2 - F)) <= 200: $(verdict "$L2" "$L2t")"
L3t=$((FCc + 600))
printf '%-4s %-46s %9s %9s  %s\n' L3 "APPENDED + COMPLETED on" "$L3a" "$L3c" "L3 - FC = $((L3c - FCc)) <= 600 (cycle): $(verdict "$L3c" "$L3t")"
