"""itt_check.py - the ITT collector and PTIC_CB_DOMAIN_MARKER, run by `make test`.

Runs ITT-instrumented programs with tools preloaded (tests/itt/itt_tool.c: libitt_tool_a.so
subscribes only; libitt_tool_b.so and libitt_tool_c.so are also ITT collectors) and checks the
records the tools wrote:
  - itt_client (an ITT static part of the test's own, tests/itt/itt_client.c): nested tasks
    around Level Zero launches, a task on a second thread, a region, frames, a marker, thread
    names, pause and resume, an end without a begin; correlation ids matched, the launches'
    between their task's;
  - with another collector named in INTEL_LIBITTNOTIFY64: no annotation, one warning saying so;
  - two tools, the collector not the active copy: both get every annotation (forwarded);
  - two collectors: both get every annotation, once;
  - tbb_client (Debian's oneTBB, whose libtbb loads the collector itself; skipped when it was
    not built): its flow graph's tasks and regions, and its algorithms' tasks.
Usage: itt_check.py BUILD_DIR. Needs ZE_ENABLE_ALT_DRIVERS. $VALGRIND, when set, prefixes the
programs (valgrind, or the newest-loader leg's dynamic loader). Prints cmocka-style summary
lines; exit status 1 on failure.
"""
import os
import re
import subprocess
import sys
import tempfile

BUILD = os.path.abspath(sys.argv[1])
VALGRIND = os.environ.get("VALGRIND", "").split()
CLIENT = os.path.join(BUILD, "itt_client")
TBB = os.path.join(BUILD, "tbb_client")
TOOL = {t: os.path.join(BUILD, "libitt_tool_%s.so" % t) for t in "abc"}
LINE = re.compile(r"(\w+)=(\S+(?: \S+)*?)(?= \w+=|$)")


def sanitizer_runtime():
    """A sanitizer runtime must come first in LD_PRELOAD."""
    out = subprocess.run(["ldd", TOOL["b"]], capture_output=True, text=True).stdout
    return [f.split()[2] for f in out.splitlines() if re.match(r"\s*lib[at]san\.so", f)]


def run(program, tools, env=None, log=None):
    """Runs program with the tools preloaded; returns (exit status, stdout, {tool: [records]})."""
    e = dict(os.environ)
    e.pop("INTEL_LIBITTNOTIFY64", None)
    e.update(env or {})
    e["LD_PRELOAD"] = ":".join(sanitizer_runtime() + [TOOL[t] for t in tools])
    e["ITT_LOG"] = log
    p = subprocess.run(VALGRIND + [program], env=e, capture_output=True, text=True, timeout=300)
    logs = {}
    for t in tools:
        path = "%s.%s" % (log, t)
        recs = []
        if os.path.exists(path):
            for line in open(path):
                kind, _, rest = line.rstrip("\n").partition(" ")
                rec = dict(LINE.findall(rest)) if kind != "internal" else {"message": rest}
                rec["type"] = kind
                recs.append(rec)
            os.unlink(path)
        logs[t] = recs
    return p.returncode, p.stdout + p.stderr, logs


def markers(recs):
    return [r for r in recs if r["type"] == "marker"]


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def check_pairs(ms):
    """Every exit with a correlation id matches one enter of the same kind and thread (tasks)."""
    enters = {}
    for m in ms:
        expect(m["group"] == "itt" and m["api"] == m["kind"], "group and api id: %s" % m)
        if m["phase"] == "enter":
            expect(m["corr"] not in enters, "a correlation id twice: %s" % m)
            enters[m["corr"]] = m
        elif m["corr"] != "0":
            e = enters.get(m["corr"])
            expect(e is not None and e["kind"] == m["kind"], "an exit without its enter: %s" % m)
            if m["kind"] == "1":
                expect(e["tid"] == m["tid"], "a task ends on another thread: %s" % m)
    return enters


def check_client(log):
    rc, out, logs = run(CLIENT, "b", {"ITT_CLIENT_ZE": "1", "ITT_TOOL_APPENDED": "1"}, log)
    expect(rc == 0 and "itt_client: collector loaded" in out and "itt_client: OK" in out, out)
    recs = logs["b"]
    expect(not [r for r in recs if r["type"] in ("internal", "error")], "problems: %s" % recs)
    ms = markers(recs)
    check_pairs(ms)
    names = [(m["phase"], m["kind"], m.get("name")) for m in ms]
    expect(("enter", "6", "itt main") in names and ("enter", "6", "itt worker") in names, "thread names")
    tasks = {m["name"]: m for m in ms if m["kind"] == "1" and m["phase"] == "enter"}
    outer, inner, worker = tasks["outer"], tasks["inner"], tasks["worker task"]
    expect(outer["parent"] == "0" and inner["parent"] == outer["corr"], "nesting: %s %s" % (outer, inner))
    expect(worker["parent"] == "0" and worker["tid"] != outer["tid"], "the worker's task: %s" % worker)
    # the launches: one before the tasks, one in outer, one in inner, one in the worker's task
    main = [r for r in recs if r.get("tid") == outer["tid"] and r["type"] in ("marker", "appended")]
    seq = [(r["type"], r.get("phase"), r.get("kind"), int(r["corr"])) for r in main]
    order = [s for s in seq if s[0] == "appended" or s[2] == "1"]
    kinds = [(t, p) for t, p, _, _ in order[:6]]
    expect(kinds == [("appended", None), ("marker", "enter"), ("appended", None), ("marker", "enter"),
                     ("appended", None), ("marker", "exit")], "order of launches and tasks: %s" % order)
    ids = [c for _, _, _, c in order[:6]]
    expect(ids[0] < ids[1] < ids[2] < ids[3] < ids[4], "ids increase on the thread: %s" % ids)
    wl = [r for r in recs if r["type"] == "appended" and r["tid"] == worker["tid"]]
    expect(len(wl) == 1 and int(wl[0]["corr"]) > int(worker["corr"]), "the worker's launch: %s" % wl)
    region = [m for m in ms if m["kind"] == "3"]
    expect(len(region) == 2 and region[0]["corr"] == region[1]["corr"] and region[0]["id"] == "5" and
           region[0].get("name") == "region", "the region: %s" % region)
    frames = [m for m in ms if m["kind"] == "4"]
    expect(len(frames) == 4 and frames[0]["corr"] == frames[1]["corr"] and frames[2]["corr"] == frames[3]["corr"],
           "the frames: %s" % frames)
    for k in ("5", "7", "8"):
        pts = [m for m in ms if m["kind"] == k]
        expect(len(pts) == 2 and pts[0]["phase"] == "enter" and pts[1]["phase"] == "exit" and
               pts[0]["corr"] == pts[1]["corr"], "point kind %s: %s" % (k, pts))
    expect([m for m in ms if m["kind"] == "5"][0].get("name") == "mark", "the marker's name")
    last = ms[-1]
    expect(last["phase"] == "exit" and last["kind"] == "1" and last["corr"] == "0", "an end without begin: %s" % last)


def check_client_alone(log):
    rc, out, _ = run(CLIENT, "", None, log)
    expect(rc == 0 and "collector absent" in out and "itt_client: OK" in out, out)


def check_other_collector(log):
    other = "/nonexistent/libother_collector.so"
    rc, out, logs = run(CLIENT, "b", {"INTEL_LIBITTNOTIFY64": other}, log)
    expect(rc == 0 and "collector absent" in out, out)
    recs = logs["b"]
    expect(not markers(recs), "annotations arrived: %s" % recs)
    warn = [r for r in recs if r["type"] == "internal"]
    expect(len(warn) == 1 and other in warn[0]["message"] and "another ITT collector" in warn[0]["message"],
           "the warning: %s" % warn)


def check_forwarded(log):
    """a (first: the active copy) has no collector; b is the collector and forwards to a."""
    rc, out, logs = run(CLIENT, "ab", {}, log)
    expect(rc == 0 and "itt_client: OK" in out, out)
    ma, mb = markers(logs["a"]), markers(logs["b"])
    expect(len(ma) == len(mb) == 23, "%d and %d annotations" % (len(ma), len(mb)))
    expect(ma == mb, "the two tools got different annotations")
    check_pairs(ma)


def check_two_collectors(log):
    rc, out, logs = run(CLIENT, "bc", {}, log)
    expect(rc == 0 and "itt_client: OK" in out, out)
    mb, mc = markers(logs["b"]), markers(logs["c"])
    expect(len(mb) == 23 and mb == mc, "%d and %d annotations" % (len(mb), len(mc)))
    expect(not [r for r in logs["b"] + logs["c"] if r["type"] == "internal"], "warnings")


def check_tbb(log):
    rc, out, logs = run(TBB, "b", {}, log)
    expect(rc == 0 and "tbb_client: OK" in out, out)
    ms = markers(logs["b"])
    check_pairs(ms)
    bodies = [m for m in ms if m["kind"] == "1" and m["phase"] == "enter" and m["domain"] == "tbb.flow" and
              m.get("name") == "body"]
    expect(len(bodies) == 20, "flow graph bodies: %d" % len(bodies))  # 10 messages, 2 nodes
    regions = [m for m in ms if m["kind"] == "3" and m["domain"] == "tbb.flow"]
    expect(len(regions) == 40 and all(m["corr"] != "0" for m in regions), "regions: %d" % len(regions))
    algos = {m.get("name") for m in ms if m["kind"] == "1" and m["domain"] == "tbb" and m["phase"] == "enter"}
    expect({"tbb_flow_graph", "tbb_parallel_for"} <= algos, "algorithms: %s" % algos)
    ends = [m for m in ms if m["phase"] == "exit"]
    expect(len(ends) == len(ms) // 2 and all(m["corr"] != "0" for m in ends), "every end matched")


def main():
    tests = [check_client, check_client_alone, check_other_collector, check_forwarded, check_two_collectors]
    if os.path.exists(TBB):
        tests.append(check_tbb)
    else:
        print("tbb_client not built (libtbb-dev missing): the oneTBB check is left out")
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for t in tests:
            try:
                t(os.path.join(tmp, "log"))
                print("[       OK ] %s" % t.__name__)
                passed += 1
            except (AssertionError, KeyError, IndexError, subprocess.TimeoutExpired) as e:
                print("[  FAILED  ] %s: %s" % (t.__name__, str(e)[:2000]))
                failed += 1
    print("[  PASSED  ] %d test(s)." % passed)
    if failed:
        print("[  FAILED  ] %d test(s)." % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
