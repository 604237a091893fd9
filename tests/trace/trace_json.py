"""trace_json.py - checks a ze_trace JSON file for tests/trace/trace_check.sh.

Usage: trace_json.py FILE [--pids PID...] [--gpu N] [--api NAME]... [--rank R] [--sequential]
                     [--memory SUMMARY [--alloc NAME:BYTES:N]...] [--no-memory]
  FILE           must parse as JSON, with a traceEvents list and ze_trace's otherData
  --pids         the processes whose events it holds, exactly (a per-process file: its own pid,
                 which otherData.pid must say too; a merged file: otherData.processes)
  --gpu N        each of those processes has N GPU operations (events of category "gpu"), each
                 on a GPU track of its own process and with an arrow from its append call
  --api NAME     a Level Zero call NAME is in the file (category "api")
  --rank R       otherData.rank is R
  --sequential   the processes ran one after the other, in the order of --pids: on the shared
                 time axis, each one's GPU operations end before the next one's start
  --memory SUMMARY  the memory counters (events "C" of category "memory", one counter per device
                 and kind, args {"bytes": live bytes}): replayed in file order, each one starts
                 from 0, moves by whole allocations, never goes below 0 and ends at 0; SUMMARY
                 (the process's stderr) has the memory table, whose peaks are exactly the
                 counters' maxima (the total: the maximum of the sum of host, device, shared and
                 physical memory at each step) and whose counts are the counters' steps up and down
  --alloc NAME:BYTES:N  (with --memory) counter NAME has exactly N allocations and N frees, each
                 of BYTES
  --no-memory    no memory counter in the file
Prints what is wrong and exits 1; prints nothing and exits 0 when all holds.
"""
import argparse
import collections
import json
import re
import sys

TOTAL_KINDS = ("host memory", "device memory", "shared memory", "physical memory")


def check_memory(events, summary, allocs):
    """What is wrong with the memory counters and the summary's memory table, as strings."""
    problems = []
    live, peak, ups, downs, sizes = {}, {}, {}, {}, {}
    total = total_peak = 0
    for e in events:
        if e.get("ph") != "C" or e.get("cat") != "memory":
            continue
        name, value = e["name"], e["args"]["bytes"]
        if value < 0:
            problems.append("counter %s below 0: %s" % (name, e))
        step = value - live.get(name, 0)
        if step == 0:
            problems.append("counter %s does not change: %s" % (name, e))
        (ups if step > 0 else downs)[name] = (ups if step > 0 else downs).get(name, 0) + 1
        sizes.setdefault(name, set()).add(abs(step))
        live[name] = value
        peak[name] = max(peak.get(name, 0), value)
        if name.endswith(TOTAL_KINDS):
            total += step
            total_peak = max(total_peak, total)
    if not live:
        return ["no memory counter"]
    for name, value in live.items():
        if value != 0:
            problems.append("counter %s ends at %d, not 0" % (name, value))
    for spec in allocs:
        name, size, n = spec.rsplit(":", 2)
        size, n = int(size), int(n)
        if (ups.get(name, 0), downs.get(name, 0), sizes.get(name)) != (n, n, {size}):
            problems.append("counter %s: %d steps up, %d down, of %s bytes; expected %d and %d of %d" %
                            (name, ups.get(name, 0), downs.get(name, 0), sorted(sizes.get(name, [])), n, n, size))
    with open(summary) as f:
        text = f.read()
    head = re.search(r"^ze_trace: memory, .*\((\d+) allocations, (\d+) frees\)$", text, re.M)
    if not head:
        return problems + ["no memory table in the summary"]
    rows = {}
    for line in text[head.end():].lstrip("\n").split("\n")[2:]:
        m = re.match(r"^ +(\d+) +(\d+) +(\d+)  (.+)$", line)
        if not m:
            break
        rows[m.group(4)] = tuple(int(x) for x in m.groups()[:3])
    want = {name: (peak[name], ups.get(name, 0), downs.get(name, 0)) for name in live}
    totals = [rows.pop(k) for k in list(rows) if k.startswith("total")]
    if rows != want:
        problems.append("memory table %s, the counters say %s" % (rows, want))
    in_total = [n for n in want if n.endswith(TOTAL_KINDS)]
    want_total = (total_peak, sum(want[n][1] for n in in_total), sum(want[n][2] for n in in_total))
    if totals != [want_total]:
        problems.append("memory table total %s, the counters say %s" % (totals, want_total))
    counts = (int(head.group(1)), int(head.group(2)))
    if counts != (sum(ups.values()), sum(downs.values())):
        problems.append("summary counts %s allocations and frees, the counters %s" %
                        (counts, (sum(ups.values()), sum(downs.values()))))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--pids", nargs="+", type=int)
    ap.add_argument("--gpu", type=int)
    ap.add_argument("--api", action="append", default=[])
    ap.add_argument("--rank", type=int)
    ap.add_argument("--sequential", action="store_true")
    ap.add_argument("--memory")
    ap.add_argument("--alloc", action="append", default=[])
    ap.add_argument("--no-memory", action="store_true")
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
    if a.memory:
        problems += check_memory(events, a.memory, a.alloc)
    if a.no_memory and any(e.get("ph") == "C" for e in events):
        problems.append("memory counters, which were switched off")
    for p in problems:
        print("%s: %s" % (a.file, p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
