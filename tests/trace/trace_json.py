"""trace_json.py - checks a ze_trace JSON file for tests/trace/trace_check.sh.

Usage: trace_json.py FILE [--pids PID...] [--gpu N] [--api NAME]... [--rank R] [--sequential]
  FILE           must parse as JSON, with a traceEvents list and ze_trace's otherData
  --pids         the processes whose events it holds, exactly (a per-process file: its own pid,
                 which otherData.pid must say too; a merged file: otherData.processes)
  --gpu N        each of those processes has N GPU operations (events of category "gpu"), each
                 on a GPU track of its own process and with an arrow from its append call
  --api NAME     a Level Zero call NAME is in the file (category "api")
  --rank R       otherData.rank is R
  --sequential   the processes ran one after the other, in the order of --pids: on the shared
                 time axis, each one's GPU operations end before the next one's start
Prints what is wrong and exits 1; prints nothing and exits 0 when all holds.
"""
import argparse
import collections
import json
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--pids", nargs="+", type=int)
    ap.add_argument("--gpu", type=int)
    ap.add_argument("--api", action="append", default=[])
    ap.add_argument("--rank", type=int)
    ap.add_argument("--sequential", action="store_true")
    a = ap.parse_args()
    problems = []
    try:
        with open(a.file) as f:
            doc = json.load(f)
        events, other = doc["traceEvents"], doc["otherData"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        print("%s: not a ze_trace JSON file: %s" % (a.file, e))
        return 1
    by_pid = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X":
            by_pid[e["pid"]].append(e)
    if a.pids is not None:
        if sorted(by_pid) != sorted(a.pids):
            problems.append("events of pids %s, expected %s" % (sorted(by_pid), sorted(a.pids)))
        listed = [p["pid"] for p in other["processes"]] if "processes" in other else [other.get("pid")]
        if sorted(listed) != sorted(a.pids):
            problems.append("otherData names pids %s, expected %s" % (listed, sorted(a.pids)))
    flows = {e["id"]: e for e in events if e.get("ph") == "f"}
    for pid, evs in sorted(by_pid.items()):
        gpu = [e for e in evs if e.get("cat") == "gpu"]
        if a.gpu is not None and len(gpu) != a.gpu:
            problems.append("pid %d: %d GPU operations, expected %d" % (pid, len(gpu), a.gpu))
        for e in gpu:
            f = flows.get("%x" % (pid << 40 | e["args"]["op_id"]))
            if e["tid"] != 0x40000000 | pid << 8 | e["tid"] & 0xFF or not f or (f["pid"], f["tid"]) != (pid, e["tid"]):
                problems.append("pid %d: GPU operation %s not on its own GPU track with its arrow" % (pid, e))
                break
    names = {e["name"] for evs in by_pid.values() for e in evs if e.get("cat") == "api"}
    for name in a.api:
        if name not in names:
            problems.append("no %s call in the trace" % name)
    if a.rank is not None and other.get("rank") != a.rank:
        problems.append("otherData.rank is %s, expected %d" % (other.get("rank"), a.rank))
    if a.sequential and a.pids:
        spans = []
        for pid in a.pids:
            gpu = [e for e in by_pid.get(pid, []) if e.get("cat") == "gpu"]
            if gpu:
                spans.append((pid, min(e["ts"] for e in gpu), max(e["ts"] + e["dur"] for e in gpu)))
        for (p1, _, end1), (p2, start2, _) in zip(spans, spans[1:]):
            if not end1 < start2:
                problems.append("pid %d's GPU work (until %.3f us) is not before pid %d's (from %.3f us): "
                                "not one time axis" % (p1, end1, p2, start2))
    for p in problems:
        print("%s: %s" % (a.file, p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
