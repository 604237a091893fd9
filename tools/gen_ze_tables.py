#!/usr/bin/env python3
"""Generate the per-API tables of pti_callback.h / pti_callback_impl.h.

Inputs
  - tools/levelzero_api_ids.tsv: PTI's stable Level Zero api ids (id<TAB>function).
  - tools/ptic_api_ids.tsv: this library's ids for traceable functions PTI has no id for yet,
    from PTIC_OWN_API_ID_BASE (0x10000) up; a new function gets the next free id, so ids never
    change once given.
  - the newest Level Zero headers (ze_api.h, layers/zel_tracing_register_cb.h): every function
    the loader's tracing layer can trace, with the members of its callback parameter struct.

Every parameter struct of the tracing layer is a struct of pointers, one per argument, so an
argument is found by its index alone: the tables name no Level Zero type and compile against
any headers from spec 1.4 on, while describing every function of the newest ones.

Outputs
  - pti_callback.h       >>gen:api-ids       enum pti_api_id_driver_levelzero (all of PTI's ids)
                         >>gen:own-ids       enum ptic_api_id_levelzero_own (this library's ids)
                         (between their marker lines, rewritten in place)
  - src/api_counts.h     >>gen:levelzero-count  PTIC_LEVELZERO_API_COUNT and friends
  - src/levelzero_tables.h  (the whole file) one descriptor per traceable function (id, role,
                         operation, which argument fills which view field), the trampoline list,
                         names of the ids, argument descriptors and enum names for argument
                         iteration; tools/amalgamate.py then makes pti_callback_impl.h

Usage
  tools/gen_ze_tables.py [--include DIR]           rewrite the headers
  tools/gen_ze_tables.py --check [--include DIR]   exit 1 if they differ from what would be generated
DIR is the level_zero include folder; by default the newest loader's (build/zenew, see
tools/newest_loader.sh), which the committed tables come from.
"""
import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
OWN_ID_BASE = 0x10000

# Which role (handler) each function feeds besides DRIVER_API, and the operation or object it
# works on (PTIC_OP_*). Every other traceable function has role NONE and reaches subscribers
# only through PTI_CB_DOMAIN_DRIVER_API. Adding a domain: add rows here, regenerate, and write
# the role's handler in pti_callback_impl.h (>>domains).
ROLES = {
    # APPEND: puts GPU work on a command list (APPENDED, DISPATCHED, COMPLETED)
    "zeCommandListAppendLaunchKernel": ("APPEND", "KERNEL"),
    "zeCommandListAppendLaunchCooperativeKernel": ("APPEND", "KERNEL"),
    "zeCommandListAppendLaunchKernelIndirect": ("APPEND", "KERNEL"),
    "zeCommandListAppendLaunchKernelWithArguments": ("APPEND", "KERNEL"),
    "zeCommandListAppendLaunchKernelWithParameters": ("APPEND", "KERNEL"),
    "zeCommandListAppendLaunchMultipleKernelsIndirect": ("APPEND", "KERNELS"),
    "zeCommandListAppendMemoryCopy": ("APPEND", "COPY"),
    "zeCommandListAppendMemoryCopyRegion": ("APPEND", "COPY"),
    "zeCommandListAppendMemoryCopyFromContext": ("APPEND", "COPY"),
    "zeCommandListAppendMemoryCopyWithParameters": ("APPEND", "COPY"),
    "zeRTASBuilderCommandListAppendCopyExt": ("APPEND", "COPY"),
    "zeCommandListAppendMemoryFill": ("APPEND", "FILL"),
    "zeCommandListAppendMemoryFillWithParameters": ("APPEND", "FILL"),
    "zeCommandListAppendImageCopy": ("APPEND", "IMAGE"),
    "zeCommandListAppendImageCopyRegion": ("APPEND", "IMAGE"),
    "zeCommandListAppendImageCopyToMemory": ("APPEND", "IMAGE"),
    "zeCommandListAppendImageCopyFromMemory": ("APPEND", "IMAGE"),
    "zeCommandListAppendImageCopyToMemoryExt": ("APPEND", "IMAGE"),
    "zeCommandListAppendImageCopyFromMemoryExt": ("APPEND", "IMAGE"),
    "zeCommandListAppendBarrier": ("APPEND", "OTHER"),
    "zeCommandListAppendMemoryRangesBarrier": ("APPEND", "OTHER"),
    "zeCommandListAppendHostFunction": ("APPEND", "OTHER"),
    "zeCommandListAppendSignalExternalSemaphoreExt": ("APPEND", "OTHER"),
    "zeCommandListAppendWaitExternalSemaphoreExt": ("APPEND", "OTHER"),
    # EXECUTE: submits closed regular lists (DISPATCHED, COMPLETED)
    "zeCommandQueueExecuteCommandLists": ("EXECUTE", "QUEUE"),
    "zeCommandListImmediateAppendCommandListsExp": ("EXECUTE", "LIST"),
    "zeCommandListImmediateAppendCommandListsWithParameters": ("EXECUTE", "LIST"),
    # HOST_SYNC: the host waits (HOST_SYNCHRONIZATION; completions delivered by the EXIT)
    "zeEventHostSynchronize": ("HOST_SYNC", "EVENT"),
    "zeFenceHostSynchronize": ("HOST_SYNC", "FENCE"),
    "zeCommandQueueSynchronize": ("HOST_SYNC", "QUEUE"),
    "zeCommandListHostSynchronize": ("HOST_SYNC", "LIST"),
    "zeDeviceSynchronize": ("HOST_SYNC", "DEVICE"),
    # SYNC_POINT: the host learns that work finished (completions delivered by the EXIT)
    "zeEventQueryStatus": ("SYNC_POINT", "EVENT"),
    "zeFenceQueryStatus": ("SYNC_POINT", "FENCE"),
    "zeEventQueryKernelTimestamp": ("SYNC_POINT", "EVENT"),
    "zeEventQueryKernelTimestampsExt": ("SYNC_POINT", "EVENT"),
    # EVENT_REUSE: an event is made ready for reuse; LIST_STATE: a list is reset, or starts or
    # ends recording into a graph (its appends are then recorded, not executed)
    "zeEventHostReset": ("EVENT_REUSE", "EVENT"),
    "zeCommandListAppendEventReset": ("EVENT_REUSE", "EVENT"),
    "zeCommandListReset": ("LIST_STATE", "LIST"),
    "zeCommandListBeginGraphCaptureExt": ("LIST_STATE", "CAPTURE_BEGIN"),
    "zeCommandListBeginCaptureIntoGraphExt": ("LIST_STATE", "CAPTURE_BEGIN"),
    "zeCommandListEndGraphCaptureExt": ("LIST_STATE", "CAPTURE_END"),
    # domains of objects
    "zeKernelCreate": ("KERNEL_CREATE", "KERNEL_OBJ"),
    "zeKernelDestroy": ("KERNEL_DESTROY", "KERNEL_OBJ"),
    "zeModuleCreate": ("MODULE_CREATE", "MODULE"),
    "zeModuleDestroy": ("MODULE_DESTROY", "MODULE"),
    "zeContextCreate": ("CONTEXT_CREATE", "CONTEXT"),
    "zeContextCreateEx": ("CONTEXT_CREATE", "CONTEXT"),
    "zeContextDestroy": ("CONTEXT_DESTROY", "CONTEXT"),
    # OBJ_CREATE / OBJ_DESTROY: objects the library tracks
    "zeCommandListCreate": ("OBJ_CREATE", "LIST"),
    "zeCommandListCreateImmediate": ("OBJ_CREATE", "LIST_IMMEDIATE"),
    "zeCommandListCreateCloneExp": ("OBJ_CREATE", "LIST_CLONE"),
    "zeCommandQueueCreate": ("OBJ_CREATE", "QUEUE"),
    "zeFenceCreate": ("OBJ_CREATE", "FENCE"),
    "zeEventPoolCreate": ("OBJ_CREATE", "EVENT_POOL"),
    "zeEventCreate": ("OBJ_CREATE", "EVENT"),
    "zeEventCounterBasedCreate": ("OBJ_CREATE", "EVENT_COUNTER_BASED"),
    "zeEventPoolOpenIpcHandle": ("OBJ_CREATE", "EVENT_POOL_OPEN"),
    "zeEventCounterBasedOpenIpcHandle": ("OBJ_CREATE", "EVENT_OPEN"),
    "zeEventPoolCloseIpcHandle": ("OBJ_DESTROY", "EVENT_POOL"),
    "zeEventCounterBasedCloseIpcHandle": ("OBJ_DESTROY", "EVENT"),
    "zeCommandListDestroy": ("OBJ_DESTROY", "LIST"),
    "zeCommandQueueDestroy": ("OBJ_DESTROY", "QUEUE"),
    "zeFenceDestroy": ("OBJ_DESTROY", "FENCE"),
    "zeEventPoolDestroy": ("OBJ_DESTROY", "EVENT_POOL"),
    "zeEventDestroy": ("OBJ_DESTROY", "EVENT"),
    # MEM_ALLOC / MEM_FREE: memory the application holds (PTIC_CB_DOMAIN_MEMORY; the library's
    # map of allocations, which names memory operations by their pointers' kinds)
    "zeMemAllocHost": ("MEM_ALLOC", "MEM_HOST"),
    "zeMemAllocDevice": ("MEM_ALLOC", "MEM_DEVICE"),
    "zeMemAllocShared": ("MEM_ALLOC", "MEM_SHARED"),
    "zeMemOpenIpcHandle": ("MEM_ALLOC", "MEM_IPC"),
    "zeVirtualMemReserve": ("MEM_ALLOC", "MEM_VIRTUAL"),
    "zeVirtualMemMap": ("MEM_ALLOC", "MEM_MAPPING"),
    "zePhysicalMemCreate": ("MEM_ALLOC", "MEM_PHYSICAL"),
    "zeMemFree": ("MEM_FREE", "MEM_USM"),
    "zeMemFreeExt": ("MEM_FREE", "MEM_USM"),
    "zeMemCloseIpcHandle": ("MEM_FREE", "MEM_IPC"),
    "zeVirtualMemFree": ("MEM_FREE", "MEM_VIRTUAL"),
    "zeVirtualMemUnmap": ("MEM_FREE", "MEM_MAPPING"),
    "zePhysicalMemDestroy": ("MEM_FREE", "MEM_PHYSICAL"),
    # RUNTIME_INIT: drivers are initialised (DRIVER_INITIALIZATION)
    "zeInit": ("RUNTIME_INIT", "INIT"),
    "zeInitDrivers": ("RUNTIME_INIT", "INIT_DRIVERS"),
}

# Parameter members (as named in the params structs) that fill a field of the common view
# (PTIC_VIEW_FIELDS in pti_callback_impl.h), with the C types the field can be read from.
HANDLE = None  # any handle or pointer
VIEW_FIELDS = {
    "phDriver": ("driver", HANDLE),
    "phDevice": ("device", HANDLE),
    "phContext": ("context", HANDLE),
    "phCommandQueue": ("queue", HANDLE),
    "phCommandList": ("cmd_list", HANDLE),
    "phCommandListImmediate": ("cmd_list", HANDLE),
    "phModule": ("module", HANDLE),
    "phKernel": ("kernel", HANDLE),
    "phEvent": ("event", HANDLE),
    "phEventPool": ("event_pool", HANDLE),
    "phFence": ("fence", HANDLE),
    "phSignalEvent": ("signal_event", HANDLE),
    "pdesc": ("desc", HANDLE),
    "paltdesc": ("alt_desc", HANDLE),
    "pdevice_desc": ("desc", HANDLE),
    "phost_desc": ("alt_desc", HANDLE),
    "phPhysicalMemory": ("physical", HANDLE),
    "palignment": ("alignment", ("size_t",)),
    "paccess": ("access", ("ze_memory_access_attribute_t",)),
    "pdstptr": ("dst", HANDLE),
    "psrcptr": ("src", HANDLE),
    "pptr": ("dst", HANDLE),
    "ppKernelName": ("name", HANDLE),
    "pphKernels": ("kernels", HANDLE),
    "pphCommandLists": ("cmd_lists", HANDLE),
    "psize": ("size", ("size_t", "uint64_t")),
    "ptimeout": ("timeout", ("uint64_t",)),
    "pnumKernels": ("num_kernels", ("uint32_t",)),
    "pnumCommandLists": ("num_cmd_lists", ("uint32_t",)),
    "pflags": ("flags", ("ze_init_flags_t", "ze_ipc_memory_flags_t", "ze_cache_config_flags_t",
                         "ze_kernel_indirect_access_flags_t")),
    "ppCount": ("count_ptr", HANDLE),
    "pphDrivers": ("drivers", HANDLE),
}
# Members that fill a view field only in these functions (elsewhere they are other things).
VIEW_ONLY = {"paccess": {"zeVirtualMemMap"}}
# Members whose address the view keeps, so that a prologue can change the argument.
ARG_FIELDS = {
    "phSignalEvent": "signal_event_arg",
    "pnumCommandLists": "num_cmd_lists_arg",
    "pphCommandLists": "cmd_lists_arg",
}
# Output handle members (pointer to the application's variable, read at EXIT).
OUT_FIELDS = {"pphKernel", "pphModule", "pphCommandList", "pphContext", "pphCommandQueue",
              "pphEvent", "pphEventPool", "pphFence", "pphClonedCommandList", "ppptr",
              "pphPhysicalMemory"}
VIEW_SLOTS = 8  # PTIC_VIEW_SLOTS: view fields one function fills, plus the terminator

# Sizes of the scalar argument types (x86-64 and every LP64 target Level Zero supports).
SCALARS = {"uint8_t": 1, "int8_t": 1, "ze_bool_t": 1, "uint16_t": 2, "int16_t": 2,
           "uint32_t": 4, "int32_t": 4, "int": 4, "float": 4, "uint64_t": 8, "int64_t": 8,
           "size_t": 8, "uintptr_t": 8, "double": 8, "unsigned int": 4}

PARAMS_RE = re.compile(
    r"Callback function parameters for (ze\w+)\s.*?typedef struct _(\w+_params_t)\s*\{(.*?)\}\s*\2;",
    re.S)
# the registration function and the callback type it takes: ze_pfn<Name>Cb_t for zeName, and
# zer_pfn<Name>Cb_t for the runtime API's zerName (registered as zelTracer<Name>RegisterCallback)
REG_RE = re.compile(
    r"zelTracer(\w+)RegisterCallback\(\s*zel_tracer_handle_t\s+\w+,\s*zel_tracer_reg_t\s+\w+,\s*(ze|zer)_pfn(\w+)Cb_t",
    re.S)


def parse_members(body):
    members = []
    for line in body.split(";"):
        line = " ".join(line.split())
        if not line:
            continue
        m = re.match(r"(.*?)(\w+)$", line)
        ctype, name = m.group(1).strip(), m.group(2)
        members.append((" ".join(ctype.replace("*", " * ").split()).replace(" *", "*"), name))
    return members


def read_tsv(path):
    ids = []
    if not os.path.exists(path):
        return ids
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            num, name = line.rstrip("\n").split("\t")
            ids.append((int(num), name))
    return ids


def enum_value(expr, known):
    """The value of an enumerator's initializer: numbers, ZE_BIT, ZE_MAKE_VERSION, names."""
    e = re.sub(r"ZE_BIT\(\s*(\w+)\s*\)", r"(1 << (\1))", expr)
    e = re.sub(r"ZE_MAKE_VERSION\(\s*(\w+)\s*,\s*(\w+)\s*\)", r"(((\1) << 16) | ((\2) & 0xffff))", e)
    e = re.sub(r"\b(\d+)[uUlL]+\b", r"\1", e)
    e = re.sub(r"\b(0x[0-9a-fA-F]+)[uUlL]+\b", r"\1", e)
    e = re.sub(r"\b[A-Za-z_]\w*\b", lambda m: str(known[m.group(0)]) if m.group(0) in known else m.group(0), e)
    if re.search(r"[A-Za-z_]", re.sub(r"\b0x[0-9a-fA-F]+\b", "0", e)):
        raise ValueError(expr)
    return eval(e, {"__builtins__": {}}) & 0xffffffffffffffff  # noqa: S307 (header text)


def parse_enums(text):
    """enum type -> [(enumerator, value)], *_FORCE_UINT32 left out."""
    enums = {}
    known = {}
    for name, body in re.findall(r"typedef enum _(\w+)\s*\{(.*?)\}\s*\1;", text, re.S):
        body = re.sub(r"///<.*", "", body)
        body = re.sub(r"//.*", "", body)
        vals = []
        for ename, expr in re.findall(r"^\s*(\w+)\s*=\s*([^,]+?)\s*,?\s*$", body, re.M):
            if ename.endswith("FORCE_UINT32"):
                continue
            try:
                v = enum_value(expr, known)
            except (ValueError, SyntaxError):
                continue
            known[ename] = v
            vals.append((ename, v))
        enums[name] = vals
    return enums


def arg_kind(argtype, enums, structs):
    """How argument iteration prints a value (PTIC_ARG_* in the implementation), and its size."""
    t = argtype.replace("const ", "").strip()
    if t.endswith("*"):
        if t == "char*":
            return "STR", 8
        if re.match(r"ze_\w+_(desc|properties)_t\*$", t):
            return "DESC", 8
        return "PTR", 8
    if t.endswith("_handle_t") and t not in structs:
        return "HANDLE", 8
    if t == "ze_bool_t":
        return "BOOL", 1
    if t in ("int32_t", "int", "int64_t"):
        return "INT", SCALARS[t]
    if t.endswith("_flags_t") and t[:-len("s_t")] + "_t" in enums:
        return "FLAGS", 4
    if t in enums:
        return "ENUM", 4
    if t in SCALARS:
        return "UINT", SCALARS[t]
    if t in structs:
        return "STRUCT", 0
    if t.endswith("_t"):  # function pointer types (callbacks) and opaque typedefs
        return "PTR", 8
    sys.exit("argument type not understood: " + argtype)


def c_str(s):
    return '"%s"' % s


def generate(inc):
    api = {}
    text = ""
    for hdr in ("ze_api.h", "layers/zel_tracing_register_cb.h"):
        t = open(os.path.join(inc, hdr)).read()
        text += t
        for fn, ptype, body in PARAMS_RE.findall(t):
            api.setdefault(fn, parse_members(body))
    regtext = open(os.path.join(inc, "layers/zel_tracing_register_cb.h")).read()
    traceable = []
    for reg, prefix, name in REG_RE.findall(regtext):
        if reg != name:
            sys.exit("zelTracer%sRegisterCallback takes callbacks of %s%s" % (reg, prefix, name))
        traceable.append(prefix + name)
    enums = parse_enums(text)
    structs = set(re.findall(r"typedef struct _(\w+)\s+\1;", text))
    ids = read_tsv(os.path.join(HERE, "levelzero_api_ids.tsv"))
    own_path = os.path.join(HERE, "ptic_api_ids.tsv")
    own = read_tsv(own_path)
    idmap = {name: num for num, name in ids}
    ownmap = {name: num for num, name in own}

    missing = [fn for fn in traceable if fn not in api]
    if missing:
        sys.exit("no params struct for: " + ", ".join(missing))
    for fn in ROLES:
        if fn not in traceable:
            sys.exit("ROLES names an untraceable function: " + fn)
    new_own = []
    for fn in traceable:
        if fn not in idmap and fn not in ownmap:
            num = OWN_ID_BASE + len(own)  # dense: id - OWN_ID_BASE indexes the names
            own.append((num, fn))
            ownmap[fn] = num
            new_own.append(fn)

    def api_id(fn):
        return idmap.get(fn, ownmap.get(fn))

    traced = sorted(traceable, key=lambda fn: (fn not in idmap, api_id(fn)))

    # pti_callback.h: the id enums
    ids_lines = ["typedef enum _pti_api_id_driver_levelzero {",
                 "  reserved_driver_levelzero_id = 0,"]
    ids_lines += ["  %s_id = %d%s" % (name, num, "," if (num, name) != ids[-1] else "") for num, name in ids]
    ids_lines += ["} pti_api_id_driver_levelzero;"]
    # outside the enum: the same whether PTI's header or ours declared the ids
    own_lines = ["#define PTIC_LEVELZERO_ID_MAX %du /* one past the largest of PTI's ids */" % (ids[-1][0] + 1),
                 "#define PTIC_OWN_API_ID_BASE 0x%xu" % OWN_ID_BASE,
                 "typedef enum _ptic_api_id_levelzero_own {"]
    own_lines += ["  ptic_%s_id = 0x%x," % (name, num) for num, name in own]
    own_lines += ["  PTIC_OWN_ID_MAX = 0x%x /* one past the largest */" % (own[-1][0] + 1 if own else OWN_ID_BASE),
                  "} ptic_api_id_levelzero_own;"]

    # impl: counts
    count = ["#define PTIC_LEVELZERO_API_COUNT %du /* traceable functions of the newest headers */" % len(traced),
             "#define PTIC_OWN_ID_COUNT %du /* ids of ours (ptic_api_id_levelzero_own) */" % len(own)]

    # impl: descriptors, trampolines, id names
    opnames = ["/* Names of the memory operations: the function and the memory types (>>domains) */"]
    for fn in traced:
        op = ROLES.get(fn, ("NONE", "NONE"))[1]
        if op in ("COPY", "FILL"):
            opnames.append("static const char* const ptic__opnames_%s[%d] = {PTIC_%s_NAMES(\"%s\")};" % (
                fn, 16 if op == "COPY" else 4, op, fn))
    tab = ["/* {function, api id, role, operation, arguments, operation names,",
           "    view: {field, argument index}...} */",
           "static const ptic__api_desc ptic__apis[PTIC_LEVELZERO_API_COUNT] = {"]
    tramp = ["/* X(index, function, role): one prologue and one epilogue each (>>tracer) */",
             "#define PTIC_ZE_TRAMPOLINES(X) \\"]
    for i, fn in enumerate(traced):
        members = api[fn]
        role, op = ROLES.get(fn, ("NONE", "NONE"))
        slots = []
        for idx, (ctype, name) in enumerate(members):
            if name in VIEW_FIELDS and fn in VIEW_ONLY.get(name, {fn}):
                field, types = VIEW_FIELDS[name]
                base = ctype[:-1].replace("const ", "").strip()
                if types is not None and base not in types:
                    sys.exit("%s: %s is %s, the view reads %s" % (fn, name, ctype, "/".join(types)))
                slots.append("PTIC_VS(%s, %d)" % (field, idx))
            elif name in OUT_FIELDS:
                slots.append("PTIC_VS(out, %d)" % idx)
            if name in ARG_FIELDS:
                slots.append("PTIC_VS(%s, %d)" % (ARG_FIELDS[name], idx))
        if len(slots) >= VIEW_SLOTS:
            sys.exit("%s fills %d view fields; raise PTIC_VIEW_SLOTS" % (fn, len(slots)))
        tab.append("    {%s, 0x%x, PTIC_ROLE_%s, PTIC_OP_%s, %d, %s, {%s}}," % (
            c_str(fn), api_id(fn), role, op, len(members),
            "ptic__opnames_" + fn if op in ("COPY", "FILL") else "NULL",
            ", ".join(slots) if slots else "PTIC_VS_END"))
        tramp.append("  X(%d, %s, %s) \\" % (i, fn, role))
    tab.append("};")
    tramp.append("  /* end */")
    names = ["/* Names of PTI's ids (traceable here or not), then of ours */",
             "static const char* const ptic__pti_id_names[PTIC_LEVELZERO_ID_MAX] = {"]
    byid = dict(ids)
    names += ["    %s," % (c_str(byid[n]) if n in byid else "NULL") for n in range(ids[-1][0] + 1)]
    names += ["};", "static const char* const ptic__our_id_names[PTIC_OWN_ID_COUNT + 1] = {"]
    names += ["    %s," % c_str(name) for num, name in own] + ['    ""};']
    tab = opnames + [""] + tab + [""] + tramp + [""] + names

    # impl: argument descriptors, and names of the enums and flags they use
    used = ["ze_structure_type_t"]  # table 0: descriptors print their stype with it
    args = ["/* {traceable function, argument index, name, C type, PTIC_ARG_*, size, names} */",
            "static const ptic__arg ptic__args[] = {"]
    for i, fn in enumerate(traced):
        for idx, (ctype, name) in enumerate(api[fn]):
            argtype = ctype[:-1].strip() if ctype.endswith("*") else ctype
            argname = name[1:] if name.startswith("p") else name
            kind, size = arg_kind(argtype, enums, structs)
            table = 0
            if kind in ("ENUM", "FLAGS"):
                base = argtype.replace("const ", "").strip()
                if base not in used:
                    used.append(base)
                table = used.index(base)
            args.append('    {%d, %d, "%s", "%s", PTIC_ARG_%s, %d, %d},' % (
                i, idx, argname, argtype, kind, size, table))
    args.append('    {PTIC_LEVELZERO_API_COUNT, 0, "", "", 0, 0, 0}};')
    fmts = []
    refs = ["static const ptic__names ptic__arg_names[] = {"]
    for n, t in enumerate(used):
        flags = t.endswith("_flags_t")
        vals = enums[t[:-len("s_t")] + "_t"] if flags else enums[t]
        fmts.append("static const ptic__flag_name ptic__names_%d[] = { /* %s */" % (n, t))
        fmts.extend('    {0x%xull, "%s"},' % (v, e) for e, v in vals)
        fmts.append("};")
        refs.append("    {ptic__names_%d, %d, %d}," % (n, len(vals), 1 if flags else 0))
    refs.append("};")
    args = fmts + refs + [""] + args

    out = {
        "pti_callback.h": {"api-ids": ids_lines, "own-ids": own_lines},
        "src/api_counts.h": {"levelzero-count": count},
    }
    whole = {"src/levelzero_tables.h": TABLES_HEAD + tab + [""] + TABLES_MID + args + [""] + TABLES_TAIL}
    return out, whole, own, new_own, own_path


# The fixed text around the generated tables of src/levelzero_tables.h.
TABLES_HEAD = """
/* ==== >>gen =============================================================================== */
/* Generated by tools/gen_ze_tables.py from the newest Level Zero headers (do not edit): data a
   reader can skip. */
""".split("\n")
TABLES_MID = """static PTIC_ALWAYS_INLINE const ptic__api_desc* ptic__ze_api(uint32_t i) { return &ptic__apis[i]; }

/* The trampolines of every function (ptic__pro_<fn>, ptic__epi_<fn>: >>ze-tracer). */
PTIC_ZE_TRAMPOLINES(PTIC_TRAMPOLINES)
static void ptic__trampolines(uint32_t i, ptic__tracer_cb* pro, ptic__tracer_cb* epi) {
  static const ptic__tracer_cb table[PTIC_LEVELZERO_API_COUNT][2] = {
#define PTIC_X(i, fn, role) {ptic__pro_##fn, ptic__epi_##fn},
      PTIC_ZE_TRAMPOLINES(PTIC_X)
#undef PTIC_X
  };
  *pro = table[i][0];
  *epi = table[i][1];
}
static const char* ptic__pti_id_name(uint32_t id) {
  return id < PTIC_LEVELZERO_ID_MAX ? ptic__pti_id_names[id] : NULL;
}
static const char* ptic__our_id_name(uint32_t index) {
  return index < PTIC_OWN_ID_COUNT ? ptic__our_id_names[index] : NULL;
}
""".split("\n")
TABLES_TAIL = """/* The arguments of a traceable function (in index order), NULL for none. */
static const ptic__arg* ptic__args_of(uint32_t i) {
  size_t lo = 0, hi = sizeof ptic__args / sizeof ptic__args[0] - 1; /* the table is in function order */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (ptic__args[mid].api < i) lo = mid + 1;
    else hi = mid;
  }
  return ptic__args[lo].api == i && i < PTIC_LEVELZERO_API_COUNT ? &ptic__args[lo] : NULL;
}
static const ptic__names* ptic__arg_names_of(uint32_t table) { return &ptic__arg_names[table]; }""".split("\n")


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
    ap.add_argument("--include", default=os.path.join(ROOT, "build/zenew/root/usr/include/level_zero"))
    opts = ap.parse_args()
    if not os.path.exists(os.path.join(opts.include, "ze_api.h")):
        sys.exit("%s: no ze_api.h (run tools/newest_loader.sh, or give --include)" % opts.include)
    out, whole, own, new_own, own_path = generate(opts.include)
    stale = []
    if new_own:
        stale.append("tools/ptic_api_ids.tsv (new: %s)" % ", ".join(new_own))
        if not opts.check:
            with open(own_path, "w") as f:
                f.write("# Ids this library gives traceable Level Zero functions that PTI has no id for\n"
                        "# (tools/levelzero_api_ids.tsv). From 0x10000 up, never reused or changed.\n"
                        "# columns: id<TAB>function\n")
                f.writelines("%d\t%s\n" % (num, name) for num, name in own)
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
        print("out of date: " + ", ".join(stale) + " (run tools/gen_ze_tables.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
