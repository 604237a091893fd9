#!/bin/sh
# The launcher's files when runs meet (examples/ze_trace_launch.c), on the simulated device with
# build/workload as the Level Zero program:
#   concurrent_merge  two launchers merge into one FILE at once, many rounds: FILE is always one
#                     complete valid trace of one of them, both succeed and print nothing
#   pid_reuse         two concurrent runs in one folder whose processes have one pid (the
#                     fixed_pid.c shim): each run lists, or merges, its own process's trace
#   odd_names         -o with a newline, a tab, spaces, quotes, a backslash and a non-ASCII
#                     byte, in a folder with a newline: the per-process file and the merge work
#   damaged_traces    a per-process file truncated, with a byte changed, or cut and closed again
#                     before the launcher reads it: named with the reason, not merged nor
#                     listed, status 125; the intact trace is still merged or listed
#   event_count       the events the launcher reports are the entries written, arrows included
# $1: ze_trace, $2: workload, $3: libfixed_pid.so (absolute). The launcher does not depend on
# the loader: on the newest leg (the loader runner in $VALGRIND) nothing runs; with valgrind in
# $VALGRIND it runs the launcher. Needs ZE_ENABLE_ALT_DRIVERS. Prints cmocka-style summaries.
launcher=$1
W=$2
shim=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C # names with any byte, compared as bytes
unset PMI_RANK OMPI_COMM_WORLD_RANK PMIX_RANK PALS_RANKID SLURM_PROCID ZE_TRACE_JSON ZE_TRACE_QUIET
# a sanitizer runtime must come first in LD_PRELOAD
san=$(ldd "$W" | awk '/lib[at]san\.so/ {printf "%s:", $3}')
case $VALGRIND in
  *ld-linux*) LPRE=""; rounds=0 ;;
  *valgrind*) LPRE=$VALGRIND; rounds=3 ;;
  *) LPRE=""; rounds=20 ;;
esac
py=$(python3 -c 'import sys; print(sys.executable)') || py=python3

# launch NAME ARGS...: the launcher, with the fixed-pid shim when $FIXED_PID is set; its
# stderr and status in $tmp/NAME.err and $tmp/NAME.rc
launch() {
  n=$1; shift
  LD_PRELOAD=$san${FIXED_PID:+$shim} $LPRE "$launcher" "$@" >/dev/null 2>"$tmp/$n.err"
  echo $? >"$tmp/$n.rc"
}
rc() { cat "$tmp/$1.rc"; }
fail() {
  echo "$1"; shift
  for n in "$@"; do sed "s/^/  $n | /" "$tmp/$n.err" | tail -n 12; done
  return 1
}
# how many files a folder holds (any byte in their names)
nfiles() { find "$1" -mindepth 1 -maxdepth 1 -printf x | wc -c; }
# the files of a folder, names quoted, on one line
files() { "$py" -c 'import os, sys; print(" ".join(sorted(repr(f) for f in os.listdir(sys.argv[1]))))' "$1"; }
# trace FILE...: for each ze_trace JSON file (per process or merged) a line "<entries>
# <processes> <sum of the processes' events> <base_ns> <names>" (names: its process_name
# labels, comma-separated), or "invalid: why"
trace() {
  "$py" - "$@" <<'EOF'
import json, sys
for name in sys.argv[1:]:
    try:
        with open(name, "rb") as f:
            doc = json.load(f)
        other, events = doc["otherData"], doc["traceEvents"]
        procs = other["processes"] if "processes" in other else [other]
        names = [e["args"]["name"].split(" ")[0] for e in events if e.get("name") == "process_name"]
        print(len(events), len(procs), sum(p["events"] for p in procs), other["base_ns"],
              ",".join(names) or "-")
    except Exception as e:
        print("invalid: %s" % e)
EOF
}
# the run's time 0, as the program under the launcher saw it: PROGRAM writes it to $tmp/NAME.base
base_of() { cat "$tmp/$1.base"; }
# wait_for FILE: until it exists (10 s at most)
wait_for() {
  i=0
  while [ ! -e "$1" ] && [ $i -lt 1000 ]; do sleep 0.01; i=$((i + 1)); done
}

check_concurrent_merge() {
  d=$tmp/merge; mkdir "$d" "$tmp/rounds"
  fifo=$tmp/go; mkfifo "$fifo"
  exec 3<>"$fifo" # held open: a line written is there for a reader that comes late
  # each PROGRAM runs the workload, says so, and waits for a line (the shell reads a pipe a
  # byte at a time): both end together, so the two launchers merge at the same time; in the
  # later rounds all with one pid (FIXED_PID)
  prog='"$1" >/dev/null || exit 1; : >"$2"; read -r line <"$3"'
  r=0
  while [ $r -lt $rounds ]; do
    r=$((r + 1)); rm -f "$tmp"/ready.*
    pid=$( [ $r -gt $((rounds / 2)) ] && echo 4242)
    FIXED_PID=$pid launch a -q -m -o "$d/t.json" sh -c "$prog" sh "$W" "$tmp/ready.a" "$fifo" &
    FIXED_PID=$pid launch b -q -m -o "$d/t.json" sh -c "$prog" sh "$W" "$tmp/ready.b" "$fifo" &
    wait_for "$tmp/ready.a"; wait_for "$tmp/ready.b"
    printf '\n\n' >&3
    wait
    [ "$(rc a)" -eq 0 ] && [ "$(rc b)" -eq 0 ] && [ ! -s "$tmp/a.err" ] && [ ! -s "$tmp/b.err" ] ||
      { fail "round $r: status $(rc a) and $(rc b), expected 0 and no message:" a b; exec 3>&-; return 1; }
    [ "$(ls -A "$d")" = t.json ] || { echo "round $r: left in the folder: $(files "$d")"; exec 3>&-; return 1; }
    mv "$d/t.json" "$tmp/rounds/$r.json"
  done
  exec 3>&-
  r=0
  trace $(seq -f "$tmp/rounds/%g.json" $rounds) | while read -r got; do
    r=$((r + 1))
    case $got in [0-9]*" 1 "*) ;; *) echo "round $r: t.json: $got"; exit 1 ;; esac
  done
}

check_pid_reuse() {
  # A's process writes its trace, then B's, with the same pid, into the same folder and with
  # the same -o; B's launcher lists (or merges) what it collected, then A's
  prog_a='echo "$ZE_TRACE_BASE_NS" >"$2/a.base"; "$1" >/dev/null || exit 1; : >"$2/a.done"
          while [ ! -e "$2/b.exited" ]; do sleep 0.01; done'
  prog_b='echo "$ZE_TRACE_BASE_NS" >"$2/b.base"; while [ ! -e "$2/a.done" ]; do sleep 0.01; done
          "$1" >/dev/null'
  for how in list merge; do
    d=$tmp/reuse_$how; mkdir "$d"; rm -f "$tmp/a.done" "$tmp/b.exited"
    case $how in list) m="" ;; merge) m=-m ;; esac
    FIXED_PID=4242 launch a $m -o "$d/t.json" sh -c "$prog_a" sh "$W" "$tmp" &
    FIXED_PID=4242 launch b $m -o "$d/t.json" sh -c "$prog_b" sh "$W" "$tmp"
    : >"$tmp/b.exited"
    wait
    [ "$(rc a)" -eq 0 ] && [ "$(rc b)" -eq 0 ] || { fail "$how: status $(rc a) and $(rc b)" a b; return 1; }
    ! grep -v -e '^ze_trace: wrote ' -e '^ze_trace: open ' -e '^ze_trace: merged ' -e '^ze_trace: GPU' \
      -e '^ze_trace: host' -e '^ze_trace: workload' -e '^ze_trace: memory' -e '^ *[0-9-]' -e '^ *Time' \
      -e '^ *Peak' -e '^$' "$tmp/a.err" "$tmp/b.err" ||
      { fail "$how: unexpected messages" a b; return 1; }
    for n in b a; do
      if [ $how = list ]; then
        f=$(sed -n 's/^ze_trace: wrote \(.*\) (workload, pid 4242, [0-9]* events)$/\1/p' "$tmp/$n.err")
        [ "$(echo "$f" | wc -w)" -eq 1 ] && [ -f "$f" ] || { fail "$n lists '$f'" $n; return 1; }
        eval "f_$n=\$f"
      else # t.json is the merge of the launcher that ended last, A
        grep -q '^ze_trace: merged 1 trace into ' "$tmp/$n.err" || { fail "$n: no 'merged 1 trace'" $n; return 1; }
        f=$d/t.json
        [ $n = b ] && continue
      fi
      got=$(trace "$f")
      case $got in
        *" 1 "*" $(base_of $n) workload") ;;
        *) fail "$how: $n's trace $f is not its own run's (time 0 $(base_of $n)): $got" a b; return 1 ;;
      esac
    done
    if [ $how = list ]; then
      [ "$f_a" != "$f_b" ] && [ "$(nfiles "$d")" -eq 2 ] ||
        { fail "list: both runs list $f_a and $f_b; in the folder: $(files "$d")" a b; return 1; }
    else
      [ "$(files "$d")" = "'t.json'" ] || { fail "merge: left in the folder: $(files "$d")" a b; return 1; }
    fi
  done
}

check_odd_names() {
  d=$(printf '%s/odd\nfolder' "$tmp"); mkdir "$d"
  name=$(printf 'a b\tc\nd "q" '"'"'s\\ \377.json')
  per=$(printf 'a b\tc\nd "q" '"'"'s\\ \377.4242.json')
  # as the launcher shows it: relative to the current folder when under it, in double quotes,
  # C escapes for control characters, \ and "
  case $tmp in "$PWD"/*) at=${tmp#"$PWD"/} ;; *) at=$tmp ;; esac
  shown=$(printf '"%s/odd\\nfolder/a b\\tc\\nd \\"q\\" '"'"'s\\\\ \377.4242.json"' "$at")
  FIXED_PID=4242 launch a -o "$d/$name" "$W"
  [ "$(rc a)" -eq 0 ] || { fail "list: status $(rc a)" a; return 1; }
  [ -f "$d/$per" ] && [ "$(nfiles "$d")" -eq 1 ] || { fail "list: in the folder: $(files "$d")" a; return 1; }
  case $(trace "$d/$per") in *" 1 "*) ;; *) fail "list: $(trace "$d/$per")" a; return 1 ;; esac
  grep -qF "ze_trace: wrote $shown (workload, pid 4242, " "$tmp/a.err" || { fail "list: not listed as $shown" a; return 1; }
  rm -f "$d/$per"
  launch a -m -o "$d/$name" sh -c '"$1" && "$1"' sh "$W"
  [ "$(rc a)" -eq 0 ] || { fail "merge: status $(rc a)" a; return 1; }
  [ "$(nfiles "$d")" -eq 1 ] && [ -f "$d/$name" ] || { fail "merge: in the folder: $(files "$d")" a; return 1; }
  case $(trace "$d/$name") in *" 2 "*) ;; *) fail "merge: $(trace "$d/$name")" a; return 1 ;; esac
}

check_damaged_traces() {
  # PROGRAM: the workload, then DAMAGE on its trace, then the workload again (intact)
  prog='"$1" >/dev/null || exit 1; f=$(ls "$2"/t.*.json); eval "$3"; "$1" >/dev/null'
  for how in truncated changed reclosed; do
    case $how in
      truncated) damage='truncate -s $(($(stat -c %s "$f") / 2)) "$f"' ;;
      changed) damage='h=$(($(stat -c %s "$f") / 2)); { head -c $h "$f"; printf "\001"; tail -c +$((h + 2)) "$f"; } >"$f.new"
               mv "$f.new" "$f"' ;;
      reclosed) damage='head -n 40 "$f" | sed "\$ s/,\$//" >"$f.cut"; printf "]}\n" >>"$f.cut"; mv "$f.cut" "$f"' ;;
    esac
    for m in list merge; do
      d=$tmp/damaged_${how}_$m; mkdir "$d"
      case $m in list) launch a -o "$d/t.json" sh -c "$prog" sh "$W" "$d" "$damage" ;;
        merge) launch a -m -o "$d/t.json" sh -c "$prog" sh "$W" "$d" "$damage" ;; esac
      [ "$(rc a)" -eq 125 ] || { fail "$how, $m: status $(rc a), expected 125" a; return 1; }
      bad=$(grep -c '^ze_trace: .*/t\.[0-9]*\.json is damaged: ' "$tmp/a.err")
      [ "$bad" -eq 1 ] || { fail "$how, $m: the damaged trace is not named with its reason" a; return 1; }
      # the damaged file stays, for a look; the intact one is listed, or merged
      [ "$(nfiles "$d")" -eq 2 ] || { fail "$how, $m: in the folder: $(files "$d")" a; return 1; }
      if [ $m = list ]; then
        [ "$(grep -c '^ze_trace: wrote ' "$tmp/a.err")" -eq 1 ] || { fail "$how, list: not one trace listed" a; return 1; }
      else
        grep -q '^ze_trace: merged 1 trace into ' "$tmp/a.err" || { fail "$how, merge: no 'merged 1 trace'" a; return 1; }
        case $(trace "$d/t.json") in *" 1 "*) ;; *) fail "$how, merge: $(trace "$d/t.json")" a; return 1 ;; esac
      fi
    done
  done
}

check_event_count() {
  d=$tmp/count; mkdir "$d"
  launch a -m -o "$d/t.json" sh -c '"$1" && "$1"' sh "$W"
  said=$(sed -n 's/^ze_trace: merged 2 traces into .* (\([0-9]*\) events).*/\1/p' "$tmp/a.err")
  set -- $(trace "$d/t.json")
  [ "$(rc a)" -eq 0 ] && [ -n "$said" ] && [ "$said" -eq "$1" ] && [ "$3" -eq "$1" ] ||
    { fail "merge: said '$said' events; in the file: $1 entries, processes' events summing to $3" a; return 1; }
  rm -f "$d/t.json"
  launch a -o "$d/t.json" sh -c '"$1" && "$1"' sh "$W"
  [ "$(rc a)" -eq 0 ] || { fail "list: status $(rc a)" a; return 1; }
  sed -n 's/^ze_trace: wrote \(.*\) (workload, pid [0-9]*, \([0-9]*\) events)$/\2 \1/p' "$tmp/a.err" >"$tmp/listed"
  [ "$(wc -l <"$tmp/listed")" -eq 2 ] || { fail "list: not 2 files listed" a; return 1; }
  while read -r said f; do
    set -- $(trace "$f")
    [ "$said" -eq "$1" ] && [ "$3" -eq "$1" ] ||
      { fail "list: $f: said $said events; in the file: $1 entries, otherData.events $3" a; return 1; }
  done <"$tmp/listed"
}

tests="concurrent_merge pid_reuse odd_names damaged_traces event_count"
[ "$rounds" -gt 0 ] || { tests=""; echo "(the launcher's checks run on the system loader's leg)"; }
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
