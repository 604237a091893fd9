#!/usr/bin/env python3
"""Generate the OpenCL tables of pti_callback.h / pti_callback_impl.h from the ICD dispatch table.

Input: CL/cl_icd.h (Debian's opencl-headers): struct _cl_icd_dispatch, whose member order
Khronos froze (new functions are only appended), and the cl_api_<function> typedefs that give
each member's signature. A function's api id is PTIC_OPENCL_ID_BASE (0x20000) plus its place in
that struct, so ids never change. Members whose typedef is a bare `void *` on this platform
(Direct3D and DirectX media sharing: Windows only) keep an id and a name but are not wrapped:
the layer passes the next layer's pointer through.

Outputs
  - pti_callback.h     >>gen:opencl-ids      enum ptic_api_id_opencl (between its marker lines)
  - src/api_counts.h   >>gen:opencl-count    PTIC_OPENCL_API_COUNT (wrapped functions),
                                             PTIC_OPENCL_ID_COUNT (members of the dispatch table),
                                             PTIC_CL_SVM_FREE_INDEX (clEnqueueSVMFree's wrapped index)
  - src/opencl_tables.h (the whole file): one descriptor per wrapped function (id, role,
                       operation, which argument fills which view field), the list the layer's
                       wrappers are made from, the id names, the argument descriptors
  tools/amalgamate.py then makes pti_callback_impl.h.

Usage
  tools/gen_cl_tables.py [--include DIR]           rewrite them (DIR: the folder holding CL/)
  tools/gen_cl_tables.py --check [--include DIR]   exit 1 if they differ from what would be made
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ID_BASE = 0x20000

# What each function does besides DRIVER_API (the core's roles), and the operation or object it
# works on (PTIC_CLOP_*). Every other function has role NONE.
KERNEL, MEMORY, OTHER = "KERNEL", "MEMORY", "OTHER"
APPENDS = {
    "clEnqueueNDRangeKernel": KERNEL, "clEnqueueTask": KERNEL, "clEnqueueNativeKernel": KERNEL,
    "clEnqueueReadBuffer": MEMORY, "clEnqueueWriteBuffer": MEMORY, "clEnqueueCopyBuffer": MEMORY,
    "clEnqueueReadBufferRect": MEMORY, "clEnqueueWriteBufferRect": MEMORY,
    "clEnqueueCopyBufferRect": MEMORY, "clEnqueueFillBuffer": MEMORY,
    "clEnqueueReadImage": MEMORY, "clEnqueueWriteImage": MEMORY, "clEnqueueCopyImage": MEMORY,
    "clEnqueueCopyImageToBuffer": MEMORY, "clEnqueueCopyBufferToImage": MEMORY,
    "clEnqueueFillImage": MEMORY, "clEnqueueMapBuffer": MEMORY, "clEnqueueMapImage": MEMORY,
    "clEnqueueUnmapMemObject": MEMORY, "clEnqueueMigrateMemObjects": MEMORY,
    "clEnqueueSVMFree": "SVM_FREE", "clEnqueueSVMMemcpy": MEMORY, "clEnqueueSVMMemFill": MEMORY,
    "clEnqueueSVMMap": MEMORY, "clEnqueueSVMUnmap": MEMORY, "clEnqueueSVMMigrateMem": MEMORY,
    "clEnqueueMarker": OTHER, "clEnqueueMarkerWithWaitList": OTHER, "clEnqueueBarrier": OTHER,
    "clEnqueueBarrierWithWaitList": OTHER,
}
ROLES = {fn: ("APPEND", kind) for fn, kind in APPENDS.items()}
ROLES.update({
    # the host waits (HOST_SYNCHRONIZATION; completions delivered before the call returns);
    # blocking reads, writes and maps are APPENDs that also synchronise (their `blocking` view)
    "clFinish": ("HOST_SYNC", "QUEUE"),
    "clWaitForEvents": ("HOST_SYNC", "EVENTS"),
    # domains of objects
    "clCreateContext": ("CONTEXT_CREATE", "CONTEXT"),
    "clCreateContextFromType": ("CONTEXT_CREATE", "CONTEXT"),
    "clReleaseContext": ("CONTEXT_DESTROY", "CONTEXT"),
    "clBuildProgram": ("MODULE_CREATE", "BUILD"),
    "clLinkProgram": ("MODULE_CREATE", "LINK"),
    "clCreateProgramWithBuiltInKernels": ("MODULE_CREATE", "BUILTIN"),
    "clReleaseProgram": ("MODULE_DESTROY", "PROGRAM"),
    "clCreateKernel": ("KERNEL_CREATE", "KERNEL_OBJ"),
    "clCreateKernelsInProgram": ("KERNEL_CREATE", "KERNELS_OBJ"),
    "clCloneKernel": ("KERNEL_CREATE", "CLONE"),
    "clReleaseKernel": ("KERNEL_DESTROY", "KERNEL_OBJ"),
    # objects tracked: queues (profiling forced, hidden), programs (how they were made)
    "clCreateCommandQueue": ("OBJ_CREATE", "QUEUE"),
    "clCreateCommandQueueWithProperties": ("OBJ_CREATE", "QUEUE_PROPS"),
    "clReleaseCommandQueue": ("OBJ_DESTROY", "QUEUE"),
    "clCreateProgramWithSource": ("OBJ_CREATE", "SOURCE"),
    "clCreateProgramWithBinary": ("OBJ_CREATE", "BINARY"),
    "clCreateProgramWithIL": ("OBJ_CREATE", "IL"),
    # memory (the MEMORY domain): memory objects, SVM; clEnqueueSVMFree (an APPEND, SVM_FREE
    # above) frees when its command runs
    "clCreateBuffer": ("MEM_ALLOC", "BUFFER"),
    "clCreateBufferWithProperties": ("MEM_ALLOC", "BUFFER"),
    "clCreateSubBuffer": ("MEM_ALLOC", "SUB_BUFFER"),
    "clCreateImage": ("MEM_ALLOC", "IMAGE"),
    "clCreateImage2D": ("MEM_ALLOC", "IMAGE"),
    "clCreateImage3D": ("MEM_ALLOC", "IMAGE"),
    "clCreateImageWithProperties": ("MEM_ALLOC", "IMAGE"),
    "clCreatePipe": ("MEM_ALLOC", "PIPE"),
    "clSVMAlloc": ("MEM_ALLOC", "SVM"),
    "clReleaseMemObject": ("MEM_FREE", "MEM_OBJ"),
    "clSVMFree": ("MEM_FREE", "SVM"),
    # what the program reads back is what it would read without the layer
    "clGetCommandQueueInfo": ("LIST_STATE", "QUEUE_INFO"),
    "clGetEventInfo": ("LIST_STATE", "EVENT_INFO"),
    "clGetEventProfilingInfo": ("LIST_STATE", "EVENT_PROFILING"),
})

# Parameter names (as cl_icd.h names them) that fill a field of the backend's view (the
# argument's address is kept: a prologue may change the argument).
VIEW = {
    "context": "context", "command_queue": "queue", "kernel": "kernel",
    "source_kernel": "kernel", "program": "program", "device": "device",
    "devices": "devices", "device_list": "devices", "num_devices": "num_devices",
    "event": "event", "errcode_ret": "errcode", "properties": "props",
    "blocking_read": "blocking", "blocking_write": "blocking",
    "blocking_map": "blocking", "blocking_copy": "blocking",
    "num_events": "num_events", "event_list": "events",
    "param_name": "param_name", "param_value_size": "value_size",
    "param_value": "value", "param_value_size_ret": "value_size_ret",
    "kernel_name": "name", "kernel_names": "name", "kernels": "kernels",
    "num_kernels": "num_kernels", "num_kernels_ret": "num_kernels_ret",
    "count": "count", "lengths": "lengths", "length": "length",
    "input_programs": "programs", "num_input_programs": "num_programs",
    "strings": "strings", "binaries": "binaries", "il": "il", "options": "options",
    "flags": "flags", "size": "size", "host_ptr": "host_ptr", "memobj": "mem", "buffer": "mem",
    "buffer_create_type": "create_type", "buffer_create_info": "region",
    "alignment": "alignment", "svm_pointer": "svm", "pfn_free_func": "free_fn",
}

HANDLES = {"cl_platform_id", "cl_device_id", "cl_context", "cl_command_queue", "cl_mem",
           "cl_program", "cl_kernel", "cl_event", "cl_sampler"}
INTS = {"cl_int": 4, "int": 4, "cl_GLint": 4}
UINTS = {"cl_uint": 4, "size_t": 8, "cl_ulong": 8, "cl_GLuint": 4, "cl_GLenum": 4,
         "cl_bitfield": 8, "cl_GLsync": 8, "unsigned int": 4}


def strip_comments(s):
    return re.sub(r"/\*(.*?)\*/", lambda m: " /*%s*/ " % m.group(1).strip(), s, flags=re.S)


def split_top(s):
    parts, depth, cur = [], 0, ""
    for c in s:
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur)
    return parts


def parse_param(p, i):
    """(declaration with the name a<i>, name, type as text) of one parameter."""
    p = " ".join(strip_comments(p).split())
    comment = re.search(r"/\*\s*(\w+)\s*\*/", p)
    p = re.sub(r"/\*.*?\*/", "", p).strip()
    p = " ".join(p.split())
    m = re.match(r"(.*?)\(\s*(?:CL_CALLBACK\s*)?\*\s*(\w*)\s*\)\s*(\(.*\))$", p)
    if m:  # a function pointer
        ret, name, args = m.group(1).strip(), m.group(2) or (comment.group(1) if comment else ""), m.group(3)
        return "%s (*a%d)%s" % (ret, i, args), name, "%s (*)%s" % (ret, args)
    arr = re.match(r"(.*\b)(\w+)\s*\[(\w*)\]$", p)
    if arr:  # an array parameter: a pointer
        ty = " ".join(arr.group(1).split())
        return "%s a%d[%s]" % (ty, i, arr.group(3)), arr.group(2), ty + "*"
    toks = p.replace("*", " * ").split()
    if comment:  # the name as a comment: every token is the type
        name, tys = comment.group(1), toks
    else:
        name, tys = toks[-1], toks[:-1]
    ty = " ".join(tys).replace(" *", "*").replace("* ", "*")
    ty = re.sub(r"\*(?=\w)", "* ", ty)
    return "%s a%d" % (ty, i), name, ty


def preprocess(text):
    """The text as compiled on Linux with every OpenCL version on: #if blocks that name _WIN32
    are dropped, those that name CL_VERSION_* kept (their #else dropped)."""
    out, stack = [], []
    for line in text.split("\n"):
        d = re.match(r"\s*#\s*(ifdef|ifndef|if|else|elif|endif)\b(.*)", line)
        if d:
            kw, cond = d.group(1), d.group(2)
            if kw in ("ifdef", "if"):
                stack.append("_WIN32" not in cond)
            elif kw == "ifndef":
                stack.append(True)
            elif kw in ("else", "elif"):
                stack[-1] = not stack[-1]
            else:
                stack.pop()
            continue
        if all(stack):
            out.append(line)
    return "\n".join(out)


def parse(inc):
    text = preprocess(open(os.path.join(inc, "CL", "cl_icd.h")).read())
    struct = re.search(r"typedef struct _cl_icd_dispatch \{(.*?)\} cl_icd_dispatch;", text, re.S).group(1)
    members = re.findall(r"cl_api_(\w+)\s+(\w+)\s*;", struct)
    for t, n in members:
        if t != n:
            sys.exit("dispatch member %s has type cl_api_%s" % (n, t))
    sigs = {}
    for m in re.finditer(r"typedef\s+([\w\s\*]+?)\s*\(\s*CL_API_CALL\s*\*\s*cl_api_(\w+)\s*\)\s*\(", text):
        ret, fn = " ".join(m.group(1).split()), m.group(2)
        i, depth = m.end(), 1
        while depth:
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            i += 1
        body = text[m.end():i - 1]
        params = [] if body.strip() in ("", "void") else split_top(body)
        sigs[fn] = (ret, [parse_param(p, k) for k, p in enumerate(params)])
    return [n for _, n in members], sigs


def arg_kind(ty):
    t = ty.replace("const ", "").strip()
    if "(*)" in t:
        return "PTR", 8
    if t.endswith("*"):
        return ("STR", 8) if t == "char*" else ("PTR", 8)
    if t in HANDLES:
        return "HANDLE", 8
    if t == "cl_bool":
        return "BOOL", 4
    if t in INTS:
        return "INT", INTS[t]
    if t in UINTS:
        return "UINT", UINTS[t]
    if t.endswith("_flags") or t.endswith("_properties") or t in ("cl_device_type", "cl_map_flags"):
        return "HEX", 8
    if t.endswith("_info") or t.endswith("_type") or t.endswith("_order") or t.endswith("_mode"):
        return "HEX", 4
    if t.startswith("cl_") or t.startswith("CL"):
        return "HEX", 4 if t not in ("cl_device_partition_property", "cl_context_properties") else 8
    sys.exit("argument type not understood: " + ty)


def generate(inc):
    names, sigs = parse(inc)
    for fn in ROLES:
        if fn not in sigs:
            sys.exit("ROLES names a function without a signature: " + fn)
    wrapped = [n for n in names if n in sigs]
    ids = {n: ID_BASE + i for i, n in enumerate(names)}

    id_lines = ["#define PTIC_OPENCL_ID_BASE 0x%xu" % ID_BASE, "typedef enum _ptic_api_id_opencl {"]
    id_lines += ["  ptic_%s_id = 0x%x," % (n, ids[n]) for n in names]
    id_lines += ["  PTIC_OPENCL_ID_MAX = 0x%x /* one past the largest */" % (ID_BASE + len(names)),
                 "} ptic_api_id_opencl;"]
    count = ["#define PTIC_OPENCL_API_COUNT %du /* functions of the ICD dispatch table the layer wraps */" % len(wrapped),
             "#define PTIC_OPENCL_ID_COUNT %du /* members of the ICD dispatch table: one id each */" % len(names),
             "#define PTIC_CL_SVM_FREE_INDEX %du /* clEnqueueSVMFree's: it also frees (>>cl-memory) */"
             % wrapped.index("clEnqueueSVMFree")]

    tab = ["/* {function, api id, role, operation, arguments, view: {field, argument index}...} */",
           "static const ptic__cl_desc ptic__cl_apis[PTIC_OPENCL_API_COUNT] = {"]
    fns = ["/* X(index, function, return kind, return type, role, (parameters), (arguments),",
           "     (argument addresses), errcode_ret argument, APPEND's queue, kernel and event arguments (the",
           "     last by address) and its blocking argument (CL_FALSE for none)):",
           "   one wrapper each (>>cl-layer) */",
           "#define PTIC_CL_FUNCTIONS(X) \\"]
    args = ["/* {wrapped function, argument index, name, C type, PTIC_CLARG_*, size} */",
            "static const ptic__cl_arg ptic__cl_args[] = {"]
    for i, fn in enumerate(wrapped):
        ret, params = sigs[fn]
        role, op = ROLES.get(fn, ("NONE", "NONE"))
        slots = []
        err = None
        for k, (decl, name, ty) in enumerate(params):
            if name in VIEW:
                slots.append("PTIC_CLVS(%s, %d)" % (VIEW[name], k))
            if name == "errcode_ret":
                err = k
            kind, size = arg_kind(ty)
            args.append('    {%d, %d, "%s", "%s", PTIC_CLARG_%s, %d},' % (i, k, name, ty, kind, size))
        if len(slots) >= 10:
            sys.exit("%s fills %d view fields; raise PTIC_CL_VIEW_SLOTS" % (fn, len(slots)))
        tab.append("    {%s, 0x%x, PTIC_ROLE_%s, PTIC_CLOP_%s, %d, {%s}}," % (
            '"%s"' % fn, ids[fn], role, op, len(params), ", ".join(slots) if slots else "PTIC_CLVS_END"))
        rk = "INT" if ret == "cl_int" else "VOID" if ret == "void" else "OBJ" if err is not None else "PTR"
        decls = ", ".join(d for d, _, _ in params) or "void"
        call = ", ".join("a%d" % k for k in range(len(params)))
        addrs = ", ".join("&a%d" % k for k in range(len(params))) or "NULL"  # (in parentheses: one macro argument)
        # APPEND: the kernel argument and the event argument's address, for its fast path
        names_ = [n for _, n, _ in params]
        kern = "a%d" % names_.index("kernel") if role == "APPEND" and "kernel" in names_ else "PTIC_CL_NO_KERNEL"
        kern = ("a0, " if role == "APPEND" else "PTIC_CL_NO_KERNEL, ") + kern
        evt = "&a%d" % names_.index("event") if role == "APPEND" and "event" in names_ else "PTIC_CL_NO_EVENT"
        blk = [k for k, n in enumerate(names_) if VIEW.get(n) == "blocking"]
        blk = "a%d" % blk[0] if role == "APPEND" and blk else "CL_FALSE"
        fns.append("  X(%d, %s, %s, %s, %s, (%s), (%s), (%s), %s, %s, %s, %s) \\" % (
            i, fn, rk, ret, role, decls, call, addrs, "a%d" % err if err is not None else "none", kern, evt, blk))
    tab.append("};")
    fns.append("  /* end */")
    args.append('    {PTIC_OPENCL_API_COUNT, 0, "", "", 0, 0}};')
    idn = ["/* The name of every member of the dispatch table, by id - PTIC_OPENCL_ID_BASE */",
           "static const char* const ptic__cl_id_names[PTIC_OPENCL_ID_COUNT] = {"]
    idn += ['    "%s",' % n for n in names] + ["};"]
    body = HEAD + tab + [""] + fns + [""] + idn + [""] + args + TAIL
    return ({"pti_callback.h": {"opencl-ids": id_lines}, "src/api_counts.h": {"opencl-count": count}},
            {"src/opencl_tables.h": body})


HEAD = """
/* ==== >>cl-gen ============================================================================ */
/* Generated by tools/gen_cl_tables.py from CL/cl_icd.h (do not edit): data a reader can skip. */
#ifndef PTIC_NO_OPENCL
""".split("\n")
TAIL = """static PTIC_ALWAYS_INLINE const ptic__cl_desc* ptic__cl_api(uint32_t i) { return &ptic__cl_apis[i]; }
static const char* ptic__cl_id_name_at(uint32_t index) { return ptic__cl_id_names[index]; }
/* The arguments of a wrapped function (in index order), NULL for none. */
static const ptic__cl_arg* ptic__cl_args_of(uint32_t i) {
  size_t lo = 0, hi = sizeof ptic__cl_args / sizeof ptic__cl_args[0] - 1; /* the table is in function order */
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (ptic__cl_args[mid].api < i) lo = mid + 1;
    else hi = mid;
  }
  return ptic__cl_args[lo].api == i && i < PTIC_OPENCL_API_COUNT ? &ptic__cl_args[lo] : NULL;
}

/* The layer's function of every wrapped member (ptic__cl_<fn>: >>cl-layer). */
PTIC_CL_FUNCTIONS(PTIC_CL_WRAPPER)
static void ptic__cl_fill_layer(void) {
#define PTIC_X(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event, blocking) \\
  if (ptic__cl.next.fn) ptic__cl.layer.fn = ptic__cl_##fn;
  PTIC_CL_FUNCTIONS(PTIC_X)
#undef PTIC_X
}
/* Every wrapped member is traced (once the loader gave its table: those it has). */
static void ptic__cl_mark_traced(void) {
  const int known = ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE) != 0;
#define PTIC_X(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event, blocking) \\
  if (!known || ptic__cl.next.fn) ptic__api_set_traced(PTIC_CL_BASE + (i));
  PTIC_CL_FUNCTIONS(PTIC_X)
#undef PTIC_X
}
#endif /* PTIC_NO_OPENCL */""".split("\n")


def splice(text, block, lines, path):
    begin = "// >>gen:%s (generated by tools/gen_cl_tables.py, do not edit)" % block
    end = "// <<gen:%s" % block
    i, j = text.find(begin), text.find(end)
    if i < 0 or j < 0:
        sys.exit("%s: markers for %s not found" % (path, block))
    return text[:i + len(begin)] + "\n" + "\n".join(lines) + "\n" + text[j:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--include", default="/usr/include")
    opts = ap.parse_args()
    if not os.path.exists(os.path.join(opts.include, "CL", "cl_icd.h")):
        sys.exit("%s: no CL/cl_icd.h (Debian: opencl-headers)" % opts.include)
    out, whole = generate(opts.include)
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
    for fname, lines in whole.items():
        path = os.path.join(ROOT, fname)
        new = "\n".join(lines) + "\n"
        old = open(path).read() if os.path.exists(path) else ""
        if new != old:
            stale.append(fname)
            if not opts.check:
                open(path, "w").write(new)
    if opts.check and stale:
        print("out of date: " + ", ".join(stale) + " (run tools/gen_cl_tables.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
