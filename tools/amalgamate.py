#!/usr/bin/env python3
"""Make pti_callback_impl.h, the implementation users copy, from the development sources in src/.

The sources, in this order (the order data flows, as the file's map at its top lists it):
  src/core.h              the core, which knows no API (its #include "api_counts.h" is inlined)
  src/levelzero.h         the Level Zero backend
  src/levelzero_tables.h  its generated tables (tools/gen_ze_tables.py)
  src/opencl.h            the OpenCL backend (an OpenCL layer)
  src/opencl_tables.h     its generated tables (tools/gen_cl_tables.py)
  src/itt.h               the application's ITT annotations: the marker domain, the collector
  src/backends.h          the table of backends, and the end of the include guard

Usage
  tools/amalgamate.py             rewrite pti_callback_impl.h
  tools/amalgamate.py --check     exit 1 if pti_callback_impl.h is not what the sources make
  tools/amalgamate.py --out FILE  write the amalgamation to FILE instead
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SRC = os.path.join(ROOT, "src")
FILES = ["core.h", "levelzero.h", "levelzero_tables.h", "opencl.h", "opencl_tables.h", "itt.h", "backends.h"]
OUT = os.path.join(ROOT, "pti_callback_impl.h")
INCLUDE = re.compile(r'^#include "([A-Za-z0-9_]+\.h)"[^\n]*$', re.M)


def inline(name, seen):
    """The text of src/<name> with its includes of other files of src/ inlined (once each)."""
    if name in seen:
        sys.exit("src/%s is included twice" % name)
    seen.add(name)
    text = open(os.path.join(SRC, name)).read()

    def sub(m):
        inc = m.group(1)
        if not os.path.exists(os.path.join(SRC, inc)):
            return m.group(0)  # (pti_callback.h and the like: not a source of the amalgamation)
        return inline(inc, seen).rstrip("\n")

    return INCLUDE.sub(sub, text)


def main():
    args = sys.argv[1:]
    check = "--check" in args
    out = args[args.index("--out") + 1] if "--out" in args else OUT
    seen = set()
    text = "".join(inline(f, seen) for f in FILES)
    old = open(out).read() if os.path.exists(out) else ""
    if text == old:
        return 0
    if check:
        print("pti_callback_impl.h is not what src/ makes: run tools/amalgamate.py (make amalgamate)")
        return 1
    open(out, "w").write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
