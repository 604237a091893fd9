#!/usr/bin/env python3
"""Generate the per-API tables of pti_callback.h / pti_callback_impl.h.

Inputs
  - tools/levelzero_api_ids.tsv: PTI's stable Level Zero api ids (id<TAB>function).
  - the Level Zero headers (ze_api.h, layers/zel_tracing_register_cb.h): the callback
    parameter struct of every function the loader's tracing layer can trace.

Outputs (each between its marker lines, rewritten in place)
  - pti_callback.h       >>gen:api-ids     enum pti_api_id_driver_levelzero (all TSV ids)
  - pti_callback_impl.h  >>gen:api-table   PTIC_ZE_API_TABLE: one row per traceable function
                         >>gen:api-views   one function per API that reads its parameters
                                           into the common ptic__view struct
                         >>gen:api-args    argument descriptors for argument iteration

Usage
  tools/gen_ze_tables.py            rewrite the headers
  tools/gen_ze_tables.py --check    exit 1 if the headers differ from what would be generated
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# Which role (handler) each function feeds. Every other traceable function has role NONE and
# reaches subscribers only through PTI_CB_DOMAIN_DRIVER_API. Adding a domain: add rows here,
# regenerate, and write the role's handler in pti_callback_impl.h (>>domains).
ROLES = {
    "zeCommandListAppendLaunchKernel": "APPEND",
    "zeCommandListAppendLaunchCooperativeKernel": "APPEND",
    "zeCommandListAppendLaunchKernelIndirect": "APPEND",
    "zeCommandListAppendLaunchMultipleKernelsIndirect": "APPEND",
    "zeCommandListAppendMemoryCopy": "APPEND",
    "zeCommandListAppendMemoryFill": "APPEND",
    "zeCommandListAppendMemoryCopyRegion": "APPEND",
    "zeCommandListAppendMemoryCopyFromContext": "APPEND",
    "zeCommandListAppendImageCopy": "APPEND",
    "zeCommandListAppendImageCopyRegion": "APPEND",
    "zeCommandListAppendImageCopyToMemory": "APPEND",
    "zeCommandListAppendImageCopyFromMemory": "APPEND",
    "zeCommandListAppendImageCopyToMemoryExt": "APPEND",
    "zeCommandListAppendImageCopyFromMemoryExt": "APPEND",
    "zeCommandListAppendBarrier": "APPEND",
    "zeCommandListAppendMemoryRangesBarrier": "APPEND",
    "zeKernelCreate": "KERNEL_CREATE",
    "zeKernelDestroy": "KERNEL_DESTROY",
    "zeModuleCreate": "MODULE_CREATE",
    "zeModuleDestroy": "MODULE_DESTROY",
    "zeContextCreate": "CONTEXT_CREATE",
    "zeContextCreateEx": "CONTEXT_CREATE",
    "zeContextDestroy": "CONTEXT_DESTROY",
    "zeEventHostSynchronize": "HOST_SYNC",
    "zeFenceHostSynchronize": "HOST_SYNC",
    "zeCommandQueueSynchronize": "HOST_SYNC",
    "zeCommandQueueExecuteCommandLists": "EXECUTE",
    "zeEventQueryStatus": "SYNC_POINT",
    "zeFenceQueryStatus": "SYNC_POINT",
    "zeEventQueryKernelTimestamp": "SYNC_POINT",
    "zeEventHostReset": "EVENT_REUSE",
    "zeCommandListAppendEventReset": "EVENT_REUSE",
    "zeCommandListReset": "LIST_RESET",
    "zeCommandListCreate": "OBJ_CREATE",
    "zeCommandListCreateImmediate": "OBJ_CREATE",
    "zeCommandQueueCreate": "OBJ_CREATE",
    "zeFenceCreate": "OBJ_CREATE",
    "zeEventPoolCreate": "OBJ_CREATE",
    "zeEventCreate": "OBJ_CREATE",
    "zeCommandListDestroy": "OBJ_DESTROY",
    "zeCommandQueueDestroy": "OBJ_DESTROY",
    "zeFenceDestroy": "OBJ_DESTROY",
    "zeEventPoolDestroy": "OBJ_DESTROY",
    "zeEventDestroy": "OBJ_DESTROY",
}

# Parameter members (as named in the params structs) that the common view carries.
# member name -> (view field, how to read it)
VIEW_FIELDS = {
    "phDriver": "driver",
    "phDevice": "device",
    "phContext": "context",
    "phCommandQueue": "queue",
    "phCommandList": "cmd_list",
    "phModule": "module",
    "phKernel": "kernel",
    "phEvent": "event",
    "phEventPool": "event_pool",
    "phFence": "fence",
    "phSignalEvent": "signal_event",
    "pdesc": "desc",
    "paltdesc": "alt_desc",
    "pdstptr": "dst",
    "psrcptr": "src",
    "psize": "size",
    "ptimeout": "timeout",
    "pnumKernels": "num_kernels",
    "pphKernels": "kernels",
    "pnumCommandLists": "num_cmd_lists",
    "pphCommandLists": "cmd_lists",
    "ppKernelName": "name",
    "pptr": "dst",
}
# Members whose address the view keeps, so that a prologue can change the argument.
ARG_FIELDS = {
    "phSignalEvent": "signal_event_arg",
    "pnumCommandLists": "num_cmd_lists_arg",
    "pphCommandLists": "cmd_lists_arg",
}
# Output handle members (pointer to the application's variable, read at EXIT).
OUT_FIELDS = {"pphKernel", "pphModule", "pphCommandList", "pphContext", "pphCommandQueue",
              "pphEvent", "pphEventPool", "pphFence"}

PARAMS_RE = re.compile(
    r"Callback function parameters for (ze\w+)\s.*?typedef struct _(\w+_params_t)\s*\{(.*?)\}\s*\2;",
    re.S)
REG_RE = re.compile(
    r"zelTracer(\w+)RegisterCallback\(\s*zel_tracer_handle_t\s+\w+,\s*zel_tracer_reg_t\s+\w+,\s*(\w+)\s+\w+\s*\)",
    re.S)


def parse_members(body):
    members = []
    for line in body.split(";"):
        line = " ".join(line.split())
        if not line:
            continue
        m = re.match(r"(.*?)(\w+)$", line)
        ctype, name = m.group(1).strip(), m.group(2)
        members.append((ctype, name))
    return members


def read_tsv(path):
    ids = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            num, name = line.rstrip("\n").split("\t")
            ids.append((int(num), name))
    return ids


def arg_kind(argtype, enums):
    """How argument iteration prints a value (PTIC_ARG_* in the implementation)."""
    t = argtype.replace("const ", "").strip()
    if t.endswith("*"):
        if t == "char*":
            return "STR"
        if re.match(r"ze_\w+_(desc|properties)_t\*$", t):
            return "DESC"
        return "PTR"
    if t.endswith("_handle_t"):
        return "HANDLE"
    if t == "ze_bool_t":
        return "BOOL"
    if t in ("int32_t", "int"):
        return "INT"
    if t.endswith("_flags_t") and t[:-len("s_t")] + "_t" in enums:
        return "FLAGS"
    if t in enums:
        return "ENUM"
    return "UINT"


def parse_enums(text):
    """enum type -> [enumerator names], ze_* enums of a header, *_FORCE_UINT32 left out."""
    enums = {}
    for name, body in re.findall(r"typedef enum _(\w+)\s*\{(.*?)\}\s*\1;", text, re.S):
        body = re.sub(r"///<.*", "", body)
        body = re.sub(r"//.*", "", body)
        names = [m for m in re.findall(r"^\s*(\w+)\s*=", body, re.M)
                 if not m.endswith("FORCE_UINT32")]
        enums[name] = names
    return enums


def view_layout():
    """The fields of ptic__view (pti_callback_impl.h), grouped by type in declaration order: a
    view function writes every one of them."""
    impl = open(os.path.join(ROOT, "pti_callback_impl.h")).read()
    m = re.search(r"typedef struct ptic__view \{(.*?)\} ptic__view;", impl, re.S)
    if not m:
        sys.exit("pti_callback_impl.h: struct ptic__view not found")
    groups = []
    for decl in re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S).split(";"):
        decl = decl.strip()
        if not decl:
            continue
        name = re.search(r"\w+$", decl)
        ctype = decl[:name.start()].strip()
        name = name.group(0)
        if not groups or groups[-1][0] != ctype:
            groups.append((ctype, []))
        groups[-1][1].append(name)
    return groups


def generate(inc):
    api = {}
    for hdr in ("ze_api.h", "layers/zel_tracing_register_cb.h"):
        text = open(os.path.join(inc, hdr)).read()
        for fn, ptype, body in PARAMS_RE.findall(text):
            api.setdefault(fn, (ptype, parse_members(body)))
    regtext = open(os.path.join(inc, "layers/zel_tracing_register_cb.h")).read()
    cbtypes = {"ze" + n: cb for n, cb in REG_RE.findall(regtext)}
    enums = parse_enums(open(os.path.join(inc, "ze_api.h")).read())
    ids = read_tsv(os.path.join(HERE, "levelzero_api_ids.tsv"))
    idmap = {name: num for num, name in ids}

    traced = sorted((idmap[fn], fn) for fn in cbtypes if fn in api and fn in idmap)
    missing = [fn for fn in cbtypes if fn not in idmap or fn not in api]
    if missing:
        sys.exit("no PTI id or params struct for: " + ", ".join(missing))
    for fn in ROLES:
        if fn not in cbtypes:
            sys.exit("ROLES names an untraceable function: " + fn)

    # pti_callback.h: the id enum
    ids_lines = ["typedef enum _pti_api_id_driver_levelzero {",
                 "  reserved_driver_levelzero_id = 0,"]
    ids_lines += ["  %s_id = %d," % (name, num) for num, name in ids]
    ids_lines += ["  PTIC_LEVELZERO_ID_MAX = %d /* one past the largest id (not PTI's) */" % (ids[-1][0] + 1),
                  "} pti_api_id_driver_levelzero;"]

    # impl: the table
    tab = ["/* X(function, PTI api id, params struct, tracer callback type, role, argument count) */",
           "#define PTIC_ZE_API_TABLE(X) \\"]
    for num, fn in traced:
        ptype, members = api[fn]
        tab.append("  X(%s, %d, %s, %s, %s, %d) \\" % (fn, num, ptype, cbtypes[fn],
                                                    ROLES.get(fn, "NONE"), len(members)))
    tab.append("  /* end */")
    tab.append("")
    tab.append("/* X(function, PTI api id) for every id PTI defines (traceable here or not) */")
    tab.append("#define PTIC_ZE_ID_TABLE(X) \\")
    for num, name in ids:
        tab.append("  X(%s, %d) \\" % (name, num))
    tab.append("  /* end */")

    # impl: the views (one per traced function; empty when it has no member of interest)
    views = []
    layout = view_layout()
    for num, fn in traced:
        ptype, members = api[fn]
        body = []
        for ctype, name in members:
            if name in VIEW_FIELDS:
                field = VIEW_FIELDS[name]
                if field in ("size", "timeout", "num_kernels", "num_cmd_lists"):
                    body.append("  v->%s = (uint64_t)*q->%s;" % (field, name))
                elif field in ("kernels", "cmd_lists"):
                    body.append("  v->%s = (void* const*)*q->%s;" % (field, name))
                else:
                    body.append("  v->%s = (const void*)*q->%s;" % (field, name))
            elif name in OUT_FIELDS:
                body.append("  v->out = (void**)*q->%s;" % name)
            if name in ARG_FIELDS:
                body.append("  v->%s = (void*)q->%s;" % (ARG_FIELDS[name], name))
        views.append("static void ptic__view_%s(const void* params, ptic__view* v) {" % fn)
        if body:
            views.append("  const %s* q = (const %s*)params;" % (ptype, ptype))
            views.extend(body)
        else:
            views.append("  (void)params;")
        # every other field zero: the frame's view is not cleared beforehand (no memset per call)
        done = {b.split("->", 1)[1].split(" ", 1)[0] for b in body}
        for ctype, fields in layout:
            rest = [f for f in fields if f not in done]
            if rest:
                views.append("  %s = %s;" % (" = ".join("v->" + f for f in rest),
                                              "0" if ctype == "uint64_t" else "NULL"))
        views.append("}")

    # impl: argument descriptors, and names of the enums and flags they use
    args = ["/* A(function, index, argument name, C type, kind, size of the type, formatter) */",
            "#define PTIC_ZE_ARG_TABLE(A) \\"]
    used = set(["ze_structure_type_t"])
    for num, fn in traced:
        ptype, members = api[fn]
        for i, (ctype, name) in enumerate(members):
            argtype = ctype[:-1].strip() if ctype.endswith("*") else ctype
            argname = name[1:] if name.startswith("p") else name
            kind = arg_kind(argtype, enums)
            fmt = "ptic__fmt_none"
            base = argtype.replace("const ", "").strip()
            if kind == "ENUM":
                fmt = "ptic__fmt_" + base
                used.add(base)
            elif kind == "FLAGS":
                fmt = "ptic__fmt_" + base
                used.add(base)
            args.append('  A(%s, %d, "%s", "%s", %s, sizeof(%s), %s) \\' % (
                fn, i, argname, argtype, kind, argtype, fmt))
    args.append("  /* end */")
    fmts = []
    for t in sorted(used):
        if t.endswith("_flags_t"):
            bits = enums[t[:-len("s_t")] + "_t"]
            fmts.append("static void ptic__fmt_%s(uint64_t v, char* buf, size_t n) {" % t)
            fmts.append("  static const ptic__flag_name names[] = {")
            fmts.extend('    {(uint64_t)%s, "%s"},' % (b, b) for b in bits)
            fmts.append("  };")
            fmts.append("  ptic__fmt_flags(v, names, sizeof names / sizeof names[0], buf, n);")
            fmts.append("}")
        else:
            fmts.append("static void ptic__fmt_%s(uint64_t v, char* buf, size_t n) {" % t)
            fmts.append("  const char* s = NULL;")
            for e in enums[t]:
                fmts.append('  if (!s && v == (uint64_t)%s) s = "%s";' % (e, e))
            fmts.append("  ptic__fmt_enum(v, s, buf, n);")
            fmts.append("}")
    args = fmts + [""] + args

    return {
        "pti_callback.h": {"api-ids": ids_lines},
        "pti_callback_impl.h": {"api-table": tab, "api-views": views, "api-args": args},
    }


def splice(text, block, lines, path):
    begin = "// >>gen:%s (generated by tools/gen_ze_tables.py, do not edit)" % block
    end = "// <<gen:%s" % block
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < 0:
        sys.exit("%s: markers for %s not found" % (path, block))
    return text[:i + len(begin)] + "\n" + "\n".join(lines) + "\n" + text[j:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--include", default="/usr/include/level_zero")
    opts = ap.parse_args()
    out = generate(opts.include)
    stale = []
    for fname, blocks in out.items():
        path = os.path.join(ROOT, fname)
        old = open(path).read()
        new = old
        for block, lines in blocks.items():
            new = splice(new, block, lines, path)
        if new != old:
            stale.append(fname)
            if not opts.check:
                open(path, "w").write(new)
    if opts.check and stale:
        print("out of date: " + ", ".join(stale) + " (run tools/gen_ze_tables.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
