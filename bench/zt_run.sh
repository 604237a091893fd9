#!/bin/sh
# bench/zt_run.sh - `make bench`'s ze_trace rows (issue 39): what ze_trace adds to a whole
# program, against unitrace in the matching mode.
#
# Runs bench/zt_workload.c (kernels, copies and fills on an immediate and a regular list) as one
# process each: untraced, under ze_trace (summary; -o, the JSON trace) and, when UNITRACE names
# its build, under unitrace (-d, the device timing summary; --chrome-call-logging
# --chrome-kernel-logging). Each tool is preloaded into the workload as its launcher would do
# it (the dynamic loader's --preload and the variables its launcher sets), so that the launcher
# processes are not counted for either. Instructions: the whole process under callgrind (every
# thread: the program's, the simulated device's workers, the tool's), the median of
# ZT_REPS runs; ze_trace's completion poller is off (PTIC_POLL_INTERVAL_US=0: it runs on a
# timer, and valgrind's slowdown would multiply its wake-ups), so completions are collected at
# the program's synchronisations, as unitrace collects them. Peak RSS (/usr/bin/time %M),
# natively, with the default poller: on the same workload, and on a regular list of ZT_KERNELS
# kernels executed twice.
#
# Usage: sh bench/zt_run.sh [-q]     (-q: a 4x smaller workload and kernel list)
# Environment: ZE_ENABLE_ALT_DRIVERS (the sim; make sets it), BUILD (build), BENCH_PREFIX (make
#   gives the newest loader's "ld-linux-x86-64.so.2 --library-path DIR"; empty: the system's),
#   BENCH_LEG (that loader's name, for the output folder), BENCH_LOADER (its name in the header),
#   UNITRACE (unitrace's build folder, the one holding libunitrace_tool.so; bench/README.md says
#   how to build it; it needs a loader >= 1.26, so it runs on the newest leg only), ZT_ROUNDS
#   (rounds per list, 1024), ZT_KERNELS (60000), ZT_REPS (3).
# Profiles and outputs stay in $BUILD/zt-out (callgrind_annotate works on them).
set -u
BUILD=${BUILD:-build}
ROUNDS=${ZT_ROUNDS:-1024}
KERNELS=${ZT_KERNELS:-60000}
REPS=${ZT_REPS:-3}
if [ "${1:-}" = -q ]; then ROUNDS=256 KERNELS=15000 REPS=1; fi
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(mkdir -p "$BUILD/zt-out${BENCH_LEG:+-$BENCH_LEG}" && cd "$BUILD/zt-out${BENCH_LEG:+-$BENCH_LEG}" && pwd)
rm -rf "${OUT:?}"/*
W=$(cd "$BUILD" && pwd)/zt_workload
ZT=$(cd "$BUILD" && pwd)/libze_trace.so
[ -x "$W" ] && [ -f "$ZT" ] || { echo "zt bench: $W or $ZT missing (run through make bench)" >&2; exit 1; }
# the dynamic loader, named, so that --preload puts a tool into the workload only
if [ -n "${BENCH_PREFIX:-}" ]; then
  LDSO=$BENCH_PREFIX
else
  LDSO=$(readelf -l "$W" | sed -n 's/.*interpreter: \(.*\)\]/\1/p')
fi
UT=
if [ -n "${UNITRACE:-}" ] && [ -f "$UNITRACE/libunitrace_tool.so" ]; then UT=$UNITRACE/libunitrace_tool.so; fi
# unitrace's tracer calls zeEventGetEventPool, which loaders before 1.26 do not have
UT_WHY=
if [ -z "$UT" ]; then UT_WHY="UNITRACE does not name a unitrace build (bench/README.md: ze_trace and unitrace)"
elif [ -z "${BENCH_PREFIX:-}" ]; then UT_WHY="needs a loader >= 1.26 (zeEventGetEventPool): newest leg only"; UT=; fi
HAVE_VG=1
command -v valgrind >/dev/null 2>&1 || HAVE_VG=0
# what the launchers set (ze_trace_launch.c: its run folder, which the trace's checksum is for;
# unitrace.cc)
mkdir -p "$OUT/run"
ZT_ENV="ZE_TRACE_RUN_DIR=$OUT/run"
UT_ENV="UNITRACE_ChromeEventBufferSize=-1 ZE_ENABLE_TRACING_LAYER=1 ZES_ENABLE_SYSMAN=1"

# row | preload | variables | what
ROWS="U||-|untraced
S|$ZT|PTIC_POLL_INTERVAL_US=0 $ZT_ENV|ze_trace (summary)
O|$ZT|PTIC_POLL_INTERVAL_US=0 $ZT_ENV ZE_TRACE_JSON=$OUT/trace.json|ze_trace -o
UD|$UT|UNITRACE_DeviceTiming=1 $UT_ENV|unitrace -d
UC|$UT|UNITRACE_ChromeCallLogging=1 UNITRACE_ChromeKernelLogging=1 $UT_ENV|unitrace --chrome-call/kernel-logging"

WRAP= # what runs the workload: valgrind, /usr/bin/time, or nothing
# one run: row preload variables -- workload arguments; in $OUT, where unitrace writes its trace
run() {
  r=$1 pre=$2 vars=$3
  shift 4
  [ "$vars" = - ] && vars=
  # shellcheck disable=SC2086
  (cd "$OUT" && env $vars $WRAP $LDSO ${pre:+--preload "$pre"} "$W" "$@")
}

echo "ze_trace and unitrace on bench/zt_workload.c, ${BENCH_LOADER:-the system loader}:"
echo "  $ROUNDS rounds of a kernel, a copy and a fill on an immediate list, and as many on a regular"
echo "  list executed twice; peak RSS also with a regular list of $KERNELS kernels executed twice"
ops=$(run U "" - -- -n "$ROUNDS" | sed -n 's/.*executed=\([0-9]*\).*/\1/p')
[ -n "$ops" ] || { echo "zt bench: the workload failed: $(run U "" - -- -n "$ROUNDS" 2>&1 | tail -n 1)"; exit 1; }

# instructions: the median of REPS runs of each row
if [ $HAVE_VG = 1 ]; then
  echo "$ROWS" | while IFS="|" read -r r pre vars _; do
    [ "$r" = U ] || [ -n "$pre" ] || continue
    i=1
    while [ $i -le "$REPS" ]; do
      WRAP="valgrind -q --tool=callgrind --compress-strings=no --compress-pos=no --callgrind-out-file=$OUT/cg.$r.$i"
      run "$r" "$pre" "$vars" -- -n "$ROUNDS" >"$OUT/out.$r.$i" 2>&1
      sed -n 's/^totals: //p' "$OUT/cg.$r.$i" >>"$OUT/ir.$r"
      i=$((i + 1))
    done
    m=$(sort -n "$OUT/ir.$r" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    f=$(grep -l "^totals: $m\$" "$OUT"/cg."$r".* | head -n 1)
    awk -f "$HERE/zt_split.awk" "$f" >"$OUT/split.$r"
    echo "$r $m" >>"$OUT/ir"
  done
fi

# peak RSS, natively: the workload, then the kernel list
for r in U S O UD UC; do
  line=$(echo "$ROWS" | grep "^$r|")
  pre=$(echo "$line" | cut -d'|' -f2) vars=$(echo "$line" | cut -d'|' -f3)
  [ "$r" = U ] || [ -n "$pre" ] || continue
  for w in "-n $ROUNDS" "-k $KERNELS"; do
    # shellcheck disable=SC2086
    WRAP="/usr/bin/time -o $OUT/rss.tmp -f %M"
    run "$r" "$pre" "$vars" -- $w >"$OUT/rssout.$r" 2>&1
    printf ' %s' "$(tail -n 1 "$OUT/rss.tmp")" >>"$OUT/rss.$r"
  done
done
WRAP=

echo "$ROWS" | awk -F'|' -v out="$OUT" -v ops="$ops" -v vg="$HAVE_VG" -v why="$UT_WHY" -v reps="$REPS" '
  function fmt(x) { return sprintf("%.1fM", x / 1e6) }
  BEGIN {
    while ((getline l < (out "/ir")) > 0) { split(l, f, " "); ir[f[1]] = f[2] }
    split("U S O UD UC", rs, " ")
    for (i = 1; i <= 5; i++) {
      fn = out "/rss." rs[i]
      if ((getline l < fn) > 0) { split(l, v, " "); rw[rs[i]] = v[1]; rk[rs[i]] = v[2] }
      fn = out "/split." rs[i]
      while ((getline l < fn) > 0) { split(l, v, " "); if (v[1] == "part") sp[rs[i], v[2]] = v[3] }
    }
    # targets (issue 39): ze_trace adds at most half of unitrace in the matching mode
    match_of["S"] = "UD"; match_of["O"] = "UC"
    printf "  %-38s %10s %10s %9s  %-24s %s\n", "", "Ir", "added", "added/op", "target", "result"
  }
  {
    r = $1; what = $4
    if (r ~ /^U./ && $2 == "") { printf "  %-38s n/a: %s\n", what, why; next }
    if (!vg || !(r in ir)) { printf "  %-38s %10s\n", what, "(no valgrind)"; next }
    add = ir[r] - ir["U"]; tg = ""; res = ""
    if (r in match_of) {
      m = match_of[r]
      if (m in ir) {
        lim = 0.5 * (ir[m] - ir["U"])
        tg = "<= 0.5 x " (m == "UD" ? "unitrace -d" : "unitrace chrome") " " fmt(lim)
        res = add <= lim ? "PASS" : "MISS"
      } else tg = "<= 0.5 x unitrace: n/a"
    }
    printf "  %-38s %10s %10s %9s  %-24s %s\n", what, fmt(ir[r]), r == "U" ? "" : "+" fmt(add),
      r == "U" ? "" : sprintf("%.0f", add / ops), tg, res
  }
  END {
    printf "  added/op: instructions added over the untraced run per GPU operation executed (%d: each appended\n", ops
    printf "  operation, the regular list'"'"'s twice), the calls that append and synchronise them included;\n"
    printf "  the median of %d callgrind runs of the whole process.\n", reps
    printf "  Where the added instructions go (own instructions of each part, against untraced):\n"
    np = split("tool library driver loader runtime app", parts, " ")
    for (i = 2; i <= 5; i++) {
      r = rs[i]
      if (!(r in ir)) continue
      line = ""
      for (k = 1; k <= np; k++) {
        d = sp[r, parts[k]] - sp["U", parts[k]]
        if (d >= 5e4 || d <= -5e4) line = line sprintf(" %s %+.1fM,", parts[k], d / 1e6)
      }
      sub(/,$/, "", line)
      printf "    %-4s%s\n", r ":", line
    }
    printf "  Peak RSS, KiB (added over untraced; target: ze_trace <= unitrace in the matching mode):\n"
    printf "  %-38s %18s %18s\n", "", "workload", "kernel list"
    for (i = 1; i <= 5; i++) {
      r = rs[i]
      if (!(r in rw)) continue
      res = ""
      if (r == "S" || r == "O") {
        m = r == "S" ? "UD" : "UC"
        if (m in rw) res = (rw[r] - rw["U"] <= rw[m] - rw["U"] && rk[r] - rk["U"] <= rk[m] - rk["U"]) ? "PASS" : "MISS"
      }
      printf "  %-38s %18s %18s  %s\n", name[r], rw[r] (r == "U" ? "" : sprintf(" (%+d)", rw[r] - rw["U"])),
        rk[r] (r == "U" ? "" : sprintf(" (%+d)", rk[r] - rk["U"])), res
    }
  }
  { name[r] = what }
  BEGIN { name["U"] = "untraced"; name["S"] = "ze_trace (summary)"; name["O"] = "ze_trace -o";
          name["UD"] = "unitrace -d"; name["UC"] = "unitrace --chrome-call/kernel-logging" }'
