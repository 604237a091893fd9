"""ze_trace_check.py - checks of examples/ze_trace.c, run by `make test`.

Runs build/workload on the simulated device, alone and with libze_trace.so preloaded, and
checks the tool's summary and JSON trace against three references that do not come from the
tool:
  - what the workload says it appended, executed and waited for (its stdout);
  - the kernel durations in the workload's module and the simulated device's model of copies
    and fills (1 us + 1 ns per byte), both read from examples/workload.c and tests/sim;
  - the simulated device's own log of completed commands with their device ticks, written at
    exit by libsim_log.so (examples/check/sim_log.c), preloaded next to the tool.
What this proves about timestamps: every GPU event of the JSON has exactly the device start
and end ticks of a command the device ran (matched one to one), its ts/dur are its start_ns and
end_ns (the host-clock values pticGetOperationInfo gave) converted exactly, and those agree with
the ticks to within a tick. It does not prove anything about real hardware clocks.

Usage: ze_trace_check.py WORKLOAD LIBZE_TRACE LIBSIM_LOG. Needs ZE_ENABLE_ALT_DRIVERS. $VALGRIND,
when set, prefixes the traced runs (valgrind, or the newest-loader leg's dynamic loader). Prints cmocka-style summary lines; exit status 1 on failure.
"""
import collections
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

WORKLOAD, TOOL, SIM_LOG = sys.argv[1:4]
HERE = os.path.dirname(os.path.abspath(__file__))
VALGRIND = os.environ.get("VALGRIND", "").split()
TICK_NS = 1e9 / 19200000  # the simulated device's timer (tests/sim/ze_sim.h)
SIM_KIND = {"kernel": 1, "copy": 5, "fill": 8, "barrier": 9}  # ze_sim_command_kind_t
APPEND_PREFIX = "zeCommandListAppend"


def sanitizer_runtime():
    """A sanitizer runtime must come first in LD_PRELOAD (ASan refuses to start otherwise)."""
    out = subprocess.run(["ldd", WORKLOAD], capture_output=True, text=True).stdout
    return [f.split()[2] for f in out.splitlines() if re.match(r"\s*lib[at]san\.so", f)]


def run(tmp, name, preload=True, **env):
    """Runs the workload; returns (exit status, stdout, stderr)."""
    full = dict(os.environ, **env)
    cmd = [WORKLOAD]
    if preload:
        libs = " ".join(sanitizer_runtime() + [SIM_LOG, TOOL])
        if VALGRIND and os.path.basename(VALGRIND[0]) == "valgrind":  # keep the preload out of valgrind's own launcher
            cmd = VALGRIND + ["--trace-children=yes", "env", "LD_PRELOAD=" + libs] + cmd
        else:  # no runner, or another dynamic loader (the newest-loader leg): it honours LD_PRELOAD
            full["LD_PRELOAD"] = libs
            cmd = VALGRIND + cmd
    elif VALGRIND:
        cmd = VALGRIND + cmd
    p = subprocess.run(cmd, env=full, capture_output=True, text=True, timeout=600)
    with open(os.path.join(tmp, name + ".err"), "w") as f:
        f.write(p.stderr)
    return p.returncode, p.stdout, p.stderr


def key_values(text):
    """{'appends': 38, 'vadd': 12, ...} from the workload's 'key=value' words."""
    return {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", text)}


def workload_model():
    """Kernel durations (ns) and the buffer size, from the workload's source."""
    src = open(os.path.join(HERE, "..", "workload.c")).read()
    kernels = {k: int(d) for k, d in re.findall(r'"kernel (\w+) (\d+)\\n"', src)}
    size = int(re.search(r"#define SIZE (\d+)", src).group(1))
    return kernels, size


ROW = re.compile(r"^\s+([\d.]+)\s+([\d.]+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\S.*)$")


def summary_tables(stderr):
    """{'gpu': {name: row}, 'sync': {name: row}}; row: share, total, calls, avg, min, max (us)."""
    tables, current = {"gpu": {}, "sync": {}}, None
    for line in stderr.splitlines():
        if line.startswith("ze_trace: GPU operations"):
            current = "gpu"
        elif line.startswith("ze_trace: host synchronisation"):
            current = "sync"
        elif line.startswith("ze_trace:"):
            current = None
        m = ROW.match(line)
        if current and m:
            share, total, calls, avg, lo, hi, name = m.groups()
            tables[current][name] = dict(share=float(share), total=float(total), calls=int(calls),
                                         avg=float(avg), min=float(lo), max=float(hi))
    return tables


def category(name):
    """kernel, copy, fill or barrier, from an operation name."""
    for prefix, cat in (("zeCommandListAppendMemoryCopy", "copy"),
                        ("zeCommandListAppendMemoryFill", "fill"),
                        ("zeCommandListAppendBarrier", "barrier")):
        if name.startswith(prefix):
            return cat
    return "kernel"


class Failed(Exception):
    pass


def trace_of(pattern):
    """The one trace file a run wrote for ZE_TRACE_JSON=pattern: the pid inserted before the
    extension (a missing file fails the tests that read it)."""
    stem, ext = os.path.splitext(pattern)
    found = glob.glob(stem + ".[0-9]*" + ext)
    return found[0] if len(found) == 1 else pattern + " (%d files)" % len(found)


def expect(cond, message):
    if not cond:
        raise Failed(message)


def main():
    tmp = tempfile.mkdtemp(prefix="ze_trace_check.")
    trace, simlog = os.path.join(tmp, "trace.json"), os.path.join(tmp, "sim.log")
    plain = run(tmp, "plain", preload=False)
    traced = run(tmp, "traced", ZE_TRACE_JSON=trace, SIM_LOG_FILE=simlog)
    quiet = run(tmp, "quiet", ZE_TRACE_QUIET="1", ZE_TRACE_HELP="1",
                ZE_TRACE_JSON=os.path.join(tmp, "quiet.json"))
    capped_json = os.path.join(tmp, "capped.json")
    capped = run(tmp, "capped", ZE_TRACE_MAX_EVENTS="20", ZE_TRACE_JSON=capped_json)
    badenv = run(tmp, "badenv", ZE_TRACE_MAX_EVENTS="1e3", ZE_TRACE_FLUSH_MS="-1",
                 PTIC_POLL_INTERVAL_US="garbage")

    trace, quiet_json, capped_json = trace_of(trace), trace_of(os.path.join(tmp, "quiet.json")), trace_of(capped_json)
    wl = key_values(plain[1])
    kernels, size = workload_model()
    tables = summary_tables(traced[2])
    doc = {}
    sim = []

    def events(ph, cat=None):
        return [e for e in doc.get("traceEvents", []) if e.get("ph") == ph and
                (cat is None or e.get("cat") == cat)]

    def check_plain_run():
        expect(plain[0] == 0 and ": OK\n" in plain[1] and "executed" in wl,
               "workload alone exited %d:\n%s%s" % (plain[0], plain[1], plain[2]))

    def check_traced_run():
        expect(traced[0] == 0 and ": OK\n" in traced[1],
               "workload with ze_trace exited %d:\n%s%s" % (traced[0], traced[1], traced[2][-3000:]))

    def check_stdout_untouched():
        for name, (_, out, _) in (("traced", traced), ("quiet", quiet), ("capped", capped)):
            expect(out == plain[1], "%s run: stdout differs:\n%s\n--- alone:\n%s" % (name, out, plain[1]))

    def check_summary_counts():
        gpu = tables["gpu"]
        expect(gpu, "no GPU table on stderr:\n" + traced[2])
        header = "(%d executed, %d appended, 0 lost)" % (wl["executed"], wl["appends"])
        expect(header in traced[2], "missing '%s' in:\n%s" % (header, traced[2]))
        by_cat = collections.Counter()
        for name, row in gpu.items():
            by_cat[category(name)] += row["calls"]
            if category(name) == "kernel":
                expect(row["calls"] == wl.get(name), "%s: %d calls, workload executed %s"
                       % (name, row["calls"], wl.get(name)))
        for cat, key in (("copy", "copies"), ("fill", "fills"), ("barrier", "barriers")):
            expect(by_cat[cat] == wl[key], "%s: %d calls, workload executed %d" % (cat, by_cat[cat], wl[key]))
        expect(sum(by_cat.values()) == wl["executed"], "%d calls in all" % sum(by_cat.values()))
        expect(set(kernels) <= set(gpu), "kernels missing: %s" % (set(kernels) - set(gpu)))

    def check_summary_times():
        gpu = tables["gpu"]
        rows = list(gpu.values())
        expect(rows == sorted(rows, key=lambda r: -r["total"]), "rows not sorted by total time")
        expect(abs(sum(r["share"] for r in rows) - 100) < 0.1 * len(rows), "shares do not add up")
        tick = TICK_NS / 1000
        for name, row in gpu.items():
            cat = category(name)
            want = {"kernel": kernels.get(name, 0) / 1000, "copy": 1 + size / 1000,
                    "fill": 1 + size / 1000, "barrier": 0}[cat]
            for k in ("avg", "min", "max"):  # the device model, to a tick of the timer
                expect(abs(row[k] - want) <= tick + 0.001, "%s %s %.3f us, the device takes %.3f"
                       % (name, k, row[k], want))
            expect(abs(row["total"] - row["avg"] * row["calls"]) <= 0.001 * row["calls"] + 0.001,
                   "%s: total %.3f is not calls x avg" % (name, row["total"]))

    def check_summary_syncs():
        sync = tables["sync"]
        for fn in ("zeEventHostSynchronize", "zeFenceHostSynchronize", "zeCommandQueueSynchronize"):
            got = sync.get(fn, {}).get("calls")
            expect(got == wl[fn], "%s: %s calls in the summary, the workload made %d" % (fn, got, wl[fn]))
            expect(sync[fn]["min"] <= sync[fn]["avg"] <= sync[fn]["max"], fn + ": min/avg/max")
        expect(len(sync) == 3, "unexpected rows: %s" % sorted(sync))

    def check_json_parses():
        with open(trace) as f:
            doc.update(json.load(f))
        expect(isinstance(doc.get("traceEvents"), list), "no traceEvents list")
        expect(doc["otherData"]["dropped_events"] == 0, "events dropped")
        with open(simlog) as f:
            sim.extend(line.split() for line in f)

    def check_json_gpu_events():
        gpu = events("X", "gpu")
        expect(len(gpu) == wl["executed"], "%d GPU events, workload executed %d" % (len(gpu), wl["executed"]))
        expect(len({e["args"]["op_id"] for e in gpu}) == len(gpu), "operation ids repeat")
        names = collections.Counter(e["name"] for e in gpu)
        expect(names == {n: r["calls"] for n, r in tables["gpu"].items()},
               "GPU events per name %s differ from the summary" % dict(names))
        base = doc["otherData"]["base_ns"]
        for e in gpu:  # ts/dur: start_ns/end_ns from pticGetOperationInfo, in us, exactly
            a = e["args"]
            expect(abs(e["ts"] - (a["start_ns"] - base) / 1000) < 0.0005 and
                   abs(e["dur"] - (a["end_ns"] - a["start_ns"]) / 1000) < 0.0005,
                   "ts/dur of %s do not match its start_ns/end_ns" % e)

    def check_json_matches_device_log():
        free = collections.defaultdict(list)  # (kind, name, start, end) -> unmatched log lines
        for kind, kname, start, end in sim:
            free[(int(kind), kname, int(start), int(end))].append(1)
        matched = collections.Counter()
        for e in events("X", "gpu"):
            a, cat = e["args"], category(e["name"])
            key = (SIM_KIND[cat], e["name"] if cat == "kernel" else "-", a["device_start"], a["device_end"])
            expect(free[key], "%s: no command with device ticks %d..%d in the device's log"
                   % (e["name"], a["device_start"], a["device_end"]))
            free[key].pop()
            matched[cat] += 1
            # host ns and device ticks: same instants (the sim's ticks are CLOCK_MONOTONIC_RAW)
            expect(abs((a["end_ns"] - a["start_ns"]) - (a["device_end"] - a["device_start"]) * TICK_NS) <= 2,
                   "%s: %d ns between start_ns and end_ns, %d ticks on the device"
                   % (e["name"], a["end_ns"] - a["start_ns"], a["device_end"] - a["device_start"]))
            expect(abs(a["start_ns"] - a["device_start"] * TICK_NS) < 2 * TICK_NS,
                   "%s: start_ns %d is not device tick %d" % (e["name"], a["start_ns"], a["device_start"]))
        # kernels and fills are the application's only: the device ran no more than were traced
        for cat in ("kernel", "fill"):
            ran = sum(1 for line in sim if int(line[0]) == SIM_KIND[cat])
            expect(ran == matched[cat], "the device ran %d %ss, the trace has %d" % (ran, cat, matched[cat]))

    def check_json_api_events():
        api = events("X", "api")
        expect(len({e["pid"] for e in api}) == 1, "host calls in several processes")
        corrs = [e["args"]["corr"] for e in api]
        expect(len(set(corrs)) == len(corrs), "a call appears twice")
        names = collections.Counter(e["name"] for e in api)
        appends = sum(n for name, n in names.items() if name.startswith(APPEND_PREFIX))
        expect(appends == wl["appends"], "%d append calls, the workload made %d" % (appends, wl["appends"]))
        for fn in ("zeEventHostSynchronize", "zeFenceHostSynchronize", "zeCommandQueueSynchronize"):
            expect(names[fn] == wl[fn], "%s: %d calls traced, workload made %d" % (fn, names[fn], wl[fn]))
        expect(names["zeCommandQueueExecuteCommandLists"] == 2 * wl["zeCommandQueueSynchronize"],
               "zeCommandQueueExecuteCommandLists: %d" % names["zeCommandQueueExecuteCommandLists"])
        expect(all(e["dur"] >= 0 and e["args"]["result"] == "0x0" for e in api), "bad call event")

    def check_json_flows():
        calls = {e["args"]["corr"]: e for e in events("X", "api")}
        starts = {e["id"]: e for e in events("s")}
        ends = {e["id"]: e for e in events("f")}
        gpu = events("X", "gpu")
        expect(len(starts) == len(ends) == len(gpu) == len(events("s")) == len(events("f")),
               "%d flow starts, %d flow ends for %d GPU events" % (len(starts), len(ends), len(gpu)))
        for e in gpu:
            a = e["args"]
            flow = "%x" % (e["pid"] << 40 | a["op_id"])  # the pid and the execution id
            s, f, call = starts.get(flow), ends.get(flow), calls.get(a["append_corr"])
            expect(s and f and call, "operation %d: no flow or no append call" % a["op_id"])
            expect(call["name"].startswith(APPEND_PREFIX), "op %d flows from %s" % (a["op_id"], call["name"]))
            expect((s["pid"], s["tid"]) == (call["pid"], call["tid"]) and
                   call["ts"] <= s["ts"] <= call["ts"] + call["dur"], "flow start outside its call")
            expect((f["pid"], f["tid"]) == (e["pid"], e["tid"]) and abs(f["ts"] - (e["ts"] - 0.001)) < 0.0005,
                   "flow end not just before its operation")
            expect((s["cat"], s["name"]) == (f["cat"], f["name"]), "flow start and end differ")

    def check_quiet_and_help():
        expect(quiet[0] == 0, "quiet run exited %d" % quiet[0])
        expect("ZE_TRACE_MAX_EVENTS=N" in quiet[2], "no help text:\n" + quiet[2])
        expect("Calls" not in quiet[2] and "wrote" not in quiet[2], "not quiet:\n" + quiet[2])
        with open(quiet_json) as f:
            expect(len(json.load(f)["traceEvents"]) > 0, "quiet run wrote no events")

    def check_event_cap():
        expect(capped[0] == 0, "capped run exited %d" % capped[0])
        with open(capped_json) as f:
            d = json.load(f)
        n = sum(1 for e in d["traceEvents"] if e["ph"] == "X")
        expect(n == 20 and d["otherData"]["dropped_events"] > 0, "%d events kept with a cap of 20" % n)
        expect("ZE_TRACE_MAX_EVENTS=20 reached" in capped[2], "no warning:\n" + capped[2])
        expect("(%d executed," % wl["executed"] in capped[2], "the summary lost operations")

    def check_invalid_environment():
        # each invalid value is named with its variable, and the run goes on with the defaults
        expect(badenv[0] == 0, "run with invalid variables exited %d" % badenv[0])
        for named in ('ZE_TRACE_MAX_EVENTS="1e3"', 'ZE_TRACE_FLUSH_MS="-1"', 'PTIC_POLL_INTERVAL_US="garbage"'):
            expect(named in badenv[2], "no warning naming %s:\n%s" % (named, badenv[2]))
        expect("(%d executed," % wl["executed"] in badenv[2], "the summary lost operations")

    tests = [(name[6:], fn) for name, fn in locals().items() if name.startswith("check_")]
    print("[==========] Running %d test(s)." % len(tests))
    failed = []
    for name, fn in tests:
        print("[ RUN      ] " + name)
        try:
            fn()
            print("[       OK ] " + name)
        except (Failed, KeyError, ValueError, OSError, TypeError) as e:
            print("%s: %s: %s" % (name, type(e).__name__, e))
            print("[  FAILED  ] " + name)
            failed.append(name)
    print("[==========] %d test(s) run." % len(tests))
    print("[  PASSED  ] %d test(s)." % (len(tests) - len(failed)))
    if failed:
        print("[  FAILED  ] %d test(s), listed below:" % len(failed))
        for name in failed:
            print("[  FAILED  ] " + name)
        print("(outputs kept in %s)" % tmp)
        return 1
    subprocess.run(["rm", "-rf", tmp])
    return 0


if __name__ == "__main__":
    sys.exit(main())
