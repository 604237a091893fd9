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
# Targets: L2 - F <= 200 (append), L3 - FC <= 600 (cycle), L1 <= 1.02 F (append). PoCL's own
# count per enqueue moves by some 50 instructions from run to run (its allocator, its locks and
# its worker threads' timing), more than the differences measured: the verdicts of L2 and L3
# compare the instructions executed in the layers' own code (the library's shared object
# against the floor layer's, from the profiles), which repeat to the instruction; the totals
# are printed beside them. L3's own code excludes the OpenCL calls completion tracking makes
# (FC makes them too).
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

# own ROW OP LIB: instructions per operation in the shared object LIB (from the profile: every
# function of it, --threshold=100; callgrind_annotate's default leaves out the smallest ones, a
# wrapper of 5 instructions a call among them)
own() {
  n=$N
  [ "$2" = cycle ] && n=$((N / 4))
  [ -s "$OUT/callgrind.$1.$2" ] || { echo "-"; return; }
  callgrind_annotate --inclusive=no --threshold=100 "$OUT/callgrind.$1.$2" 2>/dev/null |
    awk -v lib="$3" -v n="$n" 'index($0, lib "]") { gsub(/,/, "", $1); s += $1 } END { printf "%d\n", s / n }'
}

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
Fo=$(own F append libbench_cl_floor.so)
L2o=$(own L2 append libbench_cl_tool.so)
FCo=$(own FC cycle libbench_cl_floor.so)
L3o=$(own L3 cycle libbench_cl_tool.so)
echo "OpenCL on PoCL ($(dpkg-query -W -f '${Version}' pocl-opencl-icd 2>/dev/null)), ICD loader ocl-icd $(dpkg-query -W -f '${Version}' ocl-icd-libopencl1 2>/dev/null): instructions per operation"
printf '%-4s %-42s %8s %8s %8s  %s\n' row configuration append cycle "own" target
printf '%-4s %-42s %8s %8s %8s  %s\n' A "no layer" "$A" - - "reference"
printf '%-4s %-42s %8s %8s %8s  %s\n' F "a pass-through layer" "$F" "$Fc" "$Fo" "floor"
printf '%-4s %-42s %8s %8s %8s  %s\n' FC "F + the calls completion tracking makes" "$FCa" "$FCc" "$FCo" "floor of L3"
printf '%-4s %-42s %8s %8s %8s  %s\n' L0 "library as the layer, no subscriber" "$L0" - - "report"
L1t=$(awk -v f="$F" 'BEGIN { printf "%d", f * 1.02 }')
printf '%-4s %-42s %8s %8s %8s  %s\n' L1 "KERNEL_CREATED on (not fired)" "$L1" - - "<= 1.02 F = $L1t: $(verdict "$L1" "$L1t")"
printf '%-4s %-42s %8s %8s %8s  %s\n' L2 "APPENDED on, empty callback" "$L2" - "$L2o" \
  "own L2 - F = $((L2o - Fo)) <= 200: $(verdict $((L2o - Fo)) 200) (totals: $((L2 - F)))"
printf '%-4s %-42s %8s %8s %8s  %s\n' L3 "APPENDED + COMPLETED on" "$L3a" "$L3c" "$L3o" \
  "own L3 - FC = $((L3o - FCo)) <= 600 (cycle): $(verdict $((L3o - FCo)) 600) (totals: $((L3c - FCc)))"
echo "own: the instructions in the layer's own shared object per operation (the library's, or the floor layer's)"
