/* ze_sim.h - test hooks of the simulated Level Zero device (libze_sim.so).

    WHAT IT IS
    ==========
    libze_sim.so is a Level Zero driver without hardware: the real Level Zero loader loads it
    through ZE_ENABLE_ALT_DRIVERS=/absolute/path/libze_sim.so, and every ze* call of a program
    then lands on a simulated GPU whose command queues run asynchronously on worker threads.
    Kernels compute nothing: each one takes the duration its module says. Copies and fills
    really move bytes. See tests/sim/README.md for the environment variables.

    This header declares what the sim exports beyond the Level Zero DDI getters: hooks that a
    test uses to look inside the device (a log of completed commands, a pause switch, fault
    injection). It holds declarations only; the driver is tests/sim/ze_sim.c.

    REACHING THE HOOKS
    ==================
    The loader dlopen()s the sim during zeInit, so a test does not link it. After zeInit:

        ze_sim_hooks_t sim;
        if (ze_sim_hooks_load(&sim) != 0) { ... the sim is not the loaded driver ... }
        sim.SetPaused(1);

    ze_sim_hooks_load() reopens the path named in ZE_ENABLE_ALT_DRIVERS with RTLD_NOLOAD (the
    first entry containing "ze_sim", else the first entry) and looks up every hook.

    MODULE FORMATS
    ==============
    zeModuleCreate takes two kinds of input (tests/sim/README.md has the rules and the spec
    they come from):

    SPIR-V (ZE_MODULE_FORMAT_IL_SPIRV only): a real module, e.g. from clang and llvm-spirv.
    Its kernels are its OpEntryPoint instructions (execution model Kernel); each has the
    argument count of its OpFunction's OpFunctionParameter instructions and runs for the SPIR-V
    kernel duration in force when the module is created: ZE_SIM_SPIRV_DEFAULT_NS, the
    environment variable ZE_SIM_SPIRV_KERNEL_NS (read at load), or zeSimSetSpirvKernelDuration.
    A malformed module fails with ZE_RESULT_ERROR_MODULE_BUILD_FAILURE and the build log says
    why; a SPIR-V module given as ZE_MODULE_FORMAT_NATIVE fails with
    ZE_RESULT_ERROR_INVALID_NATIVE_BINARY.

    Text (either format), for tests that choose each kernel's duration; one directive per line
    (inputSize bytes, no terminating NUL needed):

        # a comment                      ignored, as are blank lines
        kernel <name> <duration_ns> [num_args]
                                         a kernel; it runs for duration_ns on the device and
                                         has num_args argument slots (default 8, at most 64);
                                         name is at most ZE_SIM_NAME_MAX-1 characters
        error <message>                  zeModuleCreate fails with
                                         ZE_RESULT_ERROR_MODULE_BUILD_FAILURE and the build
                                         log holds <message>

    Input that is empty, holds no kernel, or has any other line fails with
    ZE_RESULT_ERROR_INVALID_NATIVE_BINARY. Example: "kernel vadd 20000\nkernel vmul 5000 3\n".
    The text is also the sim's native binary: zeModuleGetNativeBinary of a SPIR-V module gives
    its kernels in this form, with the durations they were built with.

    DEVICE TIME
    ===========
    Device ticks run at 19.2 MHz (one tick = 52.083 ns) and are derived from
    CLOCK_MONOTONIC_RAW: ticks = ns * 12 / 625. Kernel timestamps returned through the API are
    masked to 32 bits as on hardware; the command log keeps the full 64-bit values.
*/
#ifndef ZE_SIM_H_
#define ZE_SIM_H_

#include <level_zero/ze_api.h>

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ZE_SIM_API __attribute__((visibility("default")))
#else
#define ZE_SIM_API
#endif

/* Longest kernel name the sim keeps, terminating NUL included. */
#define ZE_SIM_NAME_MAX 64
/* Records the command log retains; older ones are dropped first. */
#define ZE_SIM_LOG_CAPACITY 16384
/* How long a kernel of a SPIR-V module runs unless ZE_SIM_SPIRV_KERNEL_NS or
   zeSimSetSpirvKernelDuration says otherwise: 10 us. */
#define ZE_SIM_SPIRV_DEFAULT_NS 10000ull
/* Device timer: 19.2 MHz. */
#define ZE_SIM_TICKS_PER_SECOND 19200000ull
/* The second driver, libze_sim2.so (ze_sim.c built with ZE_SIM_DRIVER2): device id 0x0bd6, a
   timer of 12.5 MHz (80 ns a tick) whose ticks count from 1000 s before the host clock's origin. */
#define ZE_SIM2_DEVICE_ID 0x0bd6
#define ZE_SIM2_TICKS_PER_SECOND 12500000ull
#define ZE_SIM2_CLOCK_OFFSET_NS 1000000000000ull

/* What a completed device command was. Kernels of one multi-kernel indirect launch produce
   one record each. */
typedef enum ze_sim_command_kind_t {
    ZE_SIM_CMD_KERNEL = 1,              /* zeCommandListAppendLaunchKernel */
    ZE_SIM_CMD_KERNEL_COOPERATIVE,      /* zeCommandListAppendLaunchCooperativeKernel */
    ZE_SIM_CMD_KERNEL_INDIRECT,         /* zeCommandListAppendLaunchKernelIndirect */
    ZE_SIM_CMD_KERNEL_MULTI_INDIRECT,   /* zeCommandListAppendLaunchMultipleKernelsIndirect */
    ZE_SIM_CMD_COPY,                    /* zeCommandListAppendMemoryCopy */
    ZE_SIM_CMD_COPY_REGION,             /* zeCommandListAppendMemoryCopyRegion */
    ZE_SIM_CMD_COPY_FROM_CONTEXT,       /* zeCommandListAppendMemoryCopyFromContext */
    ZE_SIM_CMD_FILL,                    /* zeCommandListAppendMemoryFill */
    ZE_SIM_CMD_BARRIER,                 /* zeCommandListAppendBarrier */
    ZE_SIM_CMD_MEMORY_RANGES_BARRIER,   /* zeCommandListAppendMemoryRangesBarrier */
    ZE_SIM_CMD_SIGNAL_EVENT,            /* zeCommandListAppendSignalEvent */
    ZE_SIM_CMD_WAIT_EVENTS,             /* zeCommandListAppendWaitOnEvents */
    ZE_SIM_CMD_EVENT_RESET,             /* zeCommandListAppendEventReset */
    ZE_SIM_CMD_WRITE_TIMESTAMP,         /* zeCommandListAppendWriteGlobalTimestamp */
    ZE_SIM_CMD_QUERY_KERNEL_TIMESTAMPS  /* zeCommandListAppendQueryKernelTimestamps */
} ze_sim_command_kind_t;

/* One completed device command. */
typedef struct ze_sim_command_record_t {
    uint64_t seq;                        /* completion order, from 1 at process start; never reset */
    ze_sim_command_kind_t kind;
    char kernel_name[ZE_SIM_NAME_MAX];   /* kernels only, else "" */
    uint32_t group_count[3];             /* kernels: the group count used (indirect: as read) */
    uint64_t bytes;                      /* copies and fills: bytes written */
    uint32_t device_index;               /* 0-based, order of zeDeviceGet */
    ze_command_list_handle_t command_list;
    ze_command_queue_handle_t queue;     /* NULL for an immediate command list */
    ze_event_handle_t signal_event;      /* NULL when none */
    uint64_t device_start;               /* device ticks, full 64 bits */
    uint64_t device_end;                 /* >= device_start */
    uint64_t host_end_ns;                /* CLOCK_MONOTONIC_RAW ns when it completed */
} ze_sim_command_record_t;

/* Replaces the fault-injection spec (same syntax as ZE_SIM_FAIL, see README.md) and resets
   every call counter. NULL or "" clears it. A malformed spec returns
   ZE_RESULT_ERROR_INVALID_ARGUMENT and keeps the previous one. */
ZE_SIM_API ze_result_t zeSimSetFailSpec(const char *spec);
/* Number of records the command log holds (at most ZE_SIM_LOG_CAPACITY). */
ZE_SIM_API size_t zeSimLogCount(void);
/* Copies record `index` (0 = oldest held) to *out. ZE_RESULT_ERROR_INVALID_ARGUMENT when
   index >= zeSimLogCount(), ZE_RESULT_ERROR_INVALID_NULL_POINTER when out is NULL. */
ZE_SIM_API ze_result_t zeSimLogGet(size_t index, ze_sim_command_record_t *out);
/* Empties the command log (seq numbers keep counting). */
ZE_SIM_API void zeSimLogClear(void);
/* Commands submitted to the device and not yet complete, over all queues and lists. */
ZE_SIM_API uint64_t zeSimPendingCount(void);
/* The device clock now, in ticks (64 bits). */
ZE_SIM_API uint64_t zeSimDeviceTicks(void);
/* Non-zero: device workers start no new command (one already running finishes). Zero: resume. */
ZE_SIM_API void zeSimSetPaused(int paused);
/* Non-zero: commands of command lists created without the in-order flag
   (ZE_COMMAND_LIST_FLAG_IN_ORDER, or ZE_COMMAND_QUEUE_FLAG_IN_ORDER for immediate lists) may run
   concurrently, as the spec allows ("Commands executed on a command list are only guaranteed to
   start in the same order in which they are submitted"): each starts in order, once its wait
   events are signalled, without waiting for the commands before it to complete - except the
   first command of a list execution, a barrier and the command after a barrier, which start once
   everything before them completed. Zero (the default; env ZE_SIM_OOO=1 sets it at load): every
   list runs in order. Applies to commands submitted afterwards. */
ZE_SIM_API void zeSimSetOutOfOrder(int on);
/* Non-zero: the memory of the last command list destroyed is kept and given to the next list
   created (of either kind), so that the new list has the destroyed one's handle, as a memory
   allocator often does (deterministic, also under AddressSanitizer and valgrind, which hold freed
   memory back). Zero (the default): each list has memory of its own from calloc. */
ZE_SIM_API void zeSimSetRecycleLists(int on);
/* Waits until zeSimPendingCount() is 0: ZE_RESULT_SUCCESS, or ZE_RESULT_NOT_READY once
   timeout_ns passed (UINT64_MAX waits forever). */
ZE_SIM_API ze_result_t zeSimWaitIdle(uint64_t timeout_ns);
/* Live API objects (contexts, queues, lists, pools, events, fences, modules, build logs,
   kernels, graphs, physical memory objects) plus live memory: allocations (those of zeMemAlloc*,
   mappings of zeVirtualMemMap, pointers of zeMemOpenIpcHandle, and memory of a zeMemFreeExt with
   DEFER_FREE not yet released), virtual address reservations and memory IPC handles not yet put
   or freed with their memory: lets a test check that code under test frees what it creates. */
ZE_SIM_API uint64_t zeSimLiveObjectCount(void);

/* Misbehaving timestamps, for testing what a tool does with them (no spec rule: a driver bug).
   They apply to zeEventQueryKernelTimestamp and zeCommandListAppendQueryKernelTimestamps:
   ZE_SIM_TS_UNWRITTEN returns success without writing the result (as Intel's null driver does),
   ZE_SIM_TS_REVERSED reports an end 1000 ticks before the start, ZE_SIM_TS_GARBAGE sets bits
   beyond the 32 valid ones. ZE_SIM_TS_OK: as the device measured. */
typedef enum { ZE_SIM_TS_OK, ZE_SIM_TS_UNWRITTEN, ZE_SIM_TS_REVERSED, ZE_SIM_TS_GARBAGE } ze_sim_ts_fault_t;
ZE_SIM_API void zeSimSetTimestampFault(ze_sim_ts_fault_t fault);

/* Sets how long each kernel of a SPIR-V module runs (ns, 0 allowed), for modules created
   afterwards; modules already created keep their durations. Returns the previous value. The
   environment variable ZE_SIM_SPIRV_KERNEL_NS (decimal digits) sets it at load; the default is
   ZE_SIM_SPIRV_DEFAULT_NS. */
ZE_SIM_API uint64_t zeSimSetSpirvKernelDuration(uint64_t ns);

/* The hooks, looked up at run time. */
typedef struct ze_sim_hooks_t {
    ze_result_t (*SetFailSpec)(const char *spec);
    size_t (*LogCount)(void);
    ze_result_t (*LogGet)(size_t index, ze_sim_command_record_t *out);
    void (*LogClear)(void);
    uint64_t (*PendingCount)(void);
    uint64_t (*DeviceTicks)(void);
    void (*SetPaused)(int paused);
    void (*SetOutOfOrder)(int on);
    ze_result_t (*WaitIdle)(uint64_t timeout_ns);
    uint64_t (*LiveObjectCount)(void);
    void (*SetTimestampFault)(ze_sim_ts_fault_t fault);
    void (*SetRecycleLists)(int on);
    uint64_t (*SetSpirvKernelDuration)(uint64_t ns);
} ze_sim_hooks_t;

/* Fills *h from the sim the loader has loaded. Call after zeInit. Returns 0, or -1 when
   ZE_ENABLE_ALT_DRIVERS is unset or does not name a loaded library exporting the hooks. */
static inline int ze_sim_hooks_load(ze_sim_hooks_t *h) {
    const char *env = getenv("ZE_ENABLE_ALT_DRIVERS");
    char path[4096];
    const char *start, *end;
    void *lib, *sym;
    size_t len;
    if (h == NULL || env == NULL || *env == '\0') return -1;
    start = strstr(env, "ze_sim");
    if (start != NULL) {
        while (start > env && start[-1] != ',') start--;
    } else {
        start = env;
    }
    end = strchr(start, ',');
    len = end ? (size_t)(end - start) : strlen(start);
    if (len == 0 || len >= sizeof path) return -1;
    memcpy(path, start, len);
    path[len] = '\0';
    lib = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    if (lib == NULL) return -1;
    /* memcpy, not a cast: ISO C has no conversion from void * to a function pointer. */
#define ZE_SIM__HOOK(field, name) \
    sym = dlsym(lib, name); \
    if (sym == NULL) { dlclose(lib); return -1; } \
    memcpy(&h->field, &sym, sizeof sym)
    ZE_SIM__HOOK(SetFailSpec, "zeSimSetFailSpec");
    ZE_SIM__HOOK(LogCount, "zeSimLogCount");
    ZE_SIM__HOOK(LogGet, "zeSimLogGet");
    ZE_SIM__HOOK(LogClear, "zeSimLogClear");
    ZE_SIM__HOOK(PendingCount, "zeSimPendingCount");
    ZE_SIM__HOOK(DeviceTicks, "zeSimDeviceTicks");
    ZE_SIM__HOOK(SetPaused, "zeSimSetPaused");
    ZE_SIM__HOOK(SetOutOfOrder, "zeSimSetOutOfOrder");
    ZE_SIM__HOOK(WaitIdle, "zeSimWaitIdle");
    ZE_SIM__HOOK(LiveObjectCount, "zeSimLiveObjectCount");
    ZE_SIM__HOOK(SetTimestampFault, "zeSimSetTimestampFault");
    ZE_SIM__HOOK(SetRecycleLists, "zeSimSetRecycleLists");
    ZE_SIM__HOOK(SetSpirvKernelDuration, "zeSimSetSpirvKernelDuration");
#undef ZE_SIM__HOOK
    /* The loader keeps its own reference: the hooks stay valid while it has the sim loaded. */
    dlclose(lib);
    return 0;
}

#ifdef __cplusplus
}
#endif

#endif /* ZE_SIM_H_ */
