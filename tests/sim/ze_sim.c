/* ze_sim.c - a simulated Level Zero GPU driver for tests (libze_sim.so).

   The real loader loads this library through ZE_ENABLE_ALT_DRIVERS and fills its dispatch
   tables from the zeGet*ProcAddrTable / zetGet* / zesGet* getters exported at the end of the
   file. Every API entry point is a static function named sim_<api name>; SIM_ENTER() at its
   top applies fault injection under that name.

   Concurrency: one mutex (g.mtx) guards every object, the registry of live handles, the
   command FIFOs and the log; one condition variable (g.cv, on CLOCK_MONOTONIC) is broadcast
   on every state change. Each command queue and each immediate command list owns a worker
   thread that runs its FIFO in order; a worker drops the lock while a command "runs" (sleeps
   for its duration, copies, fills), so queues proceed in parallel. With ZE_SIM_OOO, commands of
   lists without the in-order flag may overlap: the worker keeps them in a set of running
   commands (sim__flight) and completes each when its time has passed.

   Handles are validated by looking their value up in a hash set of live objects before
   anything is dereferenced: a garbage pointer is never read.

   Lifetime: destroying a queue or an immediate list WAITS until its submitted work has
   completed, then joins its worker. At unload (destructor) pending work is cancelled, every
   worker is joined and every object and allocation still alive is freed.

   Sections: >>util >>registry >>fail >>log >>engine >>driver >>device >>context >>memory >>vmem
   >>ipc-memory >>spirv >>module >>kernel >>event >>fence >>queue >>list >>appends >>hooks >>ddi
   >>lifetime
*/
#define _GNU_SOURCE
#include "ze_sim.h"

#include <level_zero/ze_ddi.h>
#include <level_zero/zes_ddi.h>
#include <level_zero/zet_ddi.h>

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define SIM_MAX_DEVICES 8
#define SIM_BUCKETS 4096 /* initial size of the handle table; it doubles with the live objects */
#define SIM_MAGIC 0x5a53494du /* "ZSIM" */
#define SIM_MAX_FILL_PATTERN 128
#define SIM_DEFAULT_ALIGN 64
#define SIM_MAX_GROUP_SIZE 1024
#define SIM_DEFAULT_NUM_ARGS 8
#define SIM_MAX_NUM_ARGS 64
/* ze_device_module_properties_t.spirvVersionSupported: 1.6, the newest SPIR-V; the sim reads
   only what every version lays out alike (the header, OpEntryPoint, OpFunction...). */
#define SIM_SPIRV_MAX_MINOR 6
#define SIM_BUILD_MSG_MAX 256 /* a build log's message, nul included */
#define SIM_CMD_FENCE 1000 /* internal: signals a fence, not logged */
#define SIM_CMD_GRAPH_END 1001 /* internal: the end of a graph execution, not logged */
#define SIM_CMD_GRAPH_BEGIN 1002 /* internal: waits for the previous execution of a graph, not logged */

/* Built against headers of spec 1.17 (they name the record-and-replay graph extension): the
   entry points of spec 1.5 to 1.17 are compiled in (>>newer). */
#if defined(ZE_RECORD_REPLAY_GRAPH_EXT_NAME)
#define SIM_SPEC_1_17 1
#endif

/* Flag values of newer specs that the core code tests, fixed by the spec (the 1.4 headers do
   not name them): ze_command_list_flag_t, ze_command_queue_flag_t (1.7), ze_event_pool_flag_t
   (1.6), ze_event_counter_based_flag_t (1.15). */
#define SIM_LIST_FLAG_RELAXED_ORDERING 0x1u
#define SIM_LIST_FLAG_IN_ORDER 0x8u
#define SIM_QUEUE_FLAG_IN_ORDER 0x2u
#define SIM_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP 0x8u
#define SIM_CB_FLAG_IMMEDIATE 0x1u
#define SIM_CB_FLAG_NON_IMMEDIATE 0x2u
/* zeDeviceGetCounterBasedEventMaxValue: the largest completion value of externally stored
   counters (a value of the sim's choosing, small enough that a test can exceed it). */
#define SIM_CB_MAX_VALUE ((1ull << 48) - 1)
/* How often a wait on memory the application writes (external counter storage) looks again. */
#define SIM_POLL_NS 1000000u

/* ------------------------------------------------------------------------------------------
   >>util
   ------------------------------------------------------------------------------------------ */

static uint64_t sim__now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

#ifndef ZE_SIM_DRIVER2
/* 19.2 MHz: ticks = ns * 12 / 625, split to stay exact without overflow. */
#define SIM_TICKS_PER_SECOND ZE_SIM_TICKS_PER_SECOND
#define SIM_NS_PER_TICK 52u
static uint64_t sim__ns_to_ticks(uint64_t ns) {
    return ns / 625u * 12u + ns % 625u * 12u / 625u;
}
#else
/* The second driver (libze_sim2.so, as a machine with two GPU drivers has): 12.5 MHz, 80 ns a
   tick, counted from ZE_SIM2_CLOCK_OFFSET_NS before the host clock's origin. */
#define SIM_TICKS_PER_SECOND ZE_SIM2_TICKS_PER_SECOND
#define SIM_NS_PER_TICK 80u
static uint64_t sim__ns_to_ticks(uint64_t ns) {
    return (ns + ZE_SIM2_CLOCK_OFFSET_NS) / SIM_NS_PER_TICK;
}
#endif

static bool sim__is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

static char *sim__strndup(const char *s, size_t n) {
    char *d = malloc(n + 1);
    if (d != NULL) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* ------------------------------------------------------------------------------------------
   >>registry: every live object starts with sim__obj and sits in a hash set keyed by address
   ------------------------------------------------------------------------------------------ */

typedef enum sim__kind {
    SIM_K_DRIVER = 1, SIM_K_DEVICE, SIM_K_CONTEXT, SIM_K_QUEUE, SIM_K_LIST, SIM_K_POOL,
    SIM_K_EVENT, SIM_K_FENCE, SIM_K_MODULE, SIM_K_BUILD_LOG, SIM_K_KERNEL, SIM_K_GRAPH, SIM_K_XGRAPH,
    SIM_K_PHYS
} sim__kind;

typedef struct sim__obj {
    uint32_t magic;
    sim__kind kind;
    struct sim__obj *hnext;
} sim__obj;

typedef struct sim__kinfo {
    char name[ZE_SIM_NAME_MAX];
    uint64_t dur_ns;
    uint32_t nargs;
} sim__kinfo;

typedef struct sim__cmd sim__cmd;
typedef struct sim__flight sim__flight;

/* A counter-based event's tracking point: one submission of a command that signals it (spec
   1.17 programming guide, "Counter Based Events": "When a CB Event is passed as a signal event,
   it points to a specific counter value and memory location"). The event refers to its latest
   point; waits submitted before a re-arm keep the point they were submitted with. Reference
   counted under g.mtx: the event, the command and every captured wait hold one. */
typedef struct sim__point {
    uint32_t refs;
    bool done;
    uint64_t start_ticks, end_ticks;
    uint64_t target;                      /* the counter value it stands for */
    struct sim__counter *counter;         /* the event's counter, raised to target when done */
} sim__point;

/* The memory a counter-based event's zeEventCounterBasedGetDeviceAddress names: raised to each
   point's target as the point completes. Shared by the event and its points (reference counted
   under g.mtx), so that it outlives an event destroyed before its work completes. */
typedef struct sim__counter {
    uint32_t refs;
    uint64_t value;                       /* read by the application: atomic */
    uint64_t last_target;
} sim__counter;

typedef struct sim__engine {
    sim__cmd *head, *tail;
    uint64_t submitted, completed;
    uint64_t last_end_ns;
    sim__flight *flight;                  /* commands running concurrently (ZE_SIM_OOO), worker-owned */
    uint32_t nflight, capflight;
    uint32_t device_index;
    uint64_t serial;                      /* tells a new engine from a freed one at the same address */
    ze_command_queue_handle_t queue;      /* for the log; NULL for immediate lists */
    ze_command_list_handle_t imm_list;
    pthread_t thread;
    bool started, stop;
    struct sim__engine *next;             /* g.engines */
} sim__engine;

typedef struct sim__device {
    sim__obj h;
    uint32_t index;
} sim__device;

typedef struct sim__context {
    sim__obj h;
} sim__context;

typedef struct sim__queue {
    sim__obj h;
    sim__device *dev;
    uint32_t ordinal, index;
    uint32_t flags;                       /* ze_command_queue_flags_t */
    ze_command_queue_mode_t mode;
    sim__engine *eng;
} sim__queue;

typedef struct sim__list {
    sim__obj h;
    sim__device *dev;
    sim__context *ctx;                    /* zeCommandListGetContextHandle */
    uint32_t ordinal, index;              /* index: immediate lists' queue index */
    uint32_t flags;                       /* ze_command_list_flags_t (regular lists) */
    uint32_t qflags;                      /* ze_command_queue_flags_t (immediate lists) */
    bool immediate, closed, sync;
    bool in_order;                        /* ZE_COMMAND_LIST_FLAG_IN_ORDER / ZE_COMMAND_QUEUE_FLAG_IN_ORDER */
    bool last_barrier;                    /* immediate: the last append was a barrier (ZE_SIM_OOO) */
    struct sim__graph *capture;           /* immediate: the graph its appends are recorded into */
    /* mutable command lists (ze_mutable_command_list_exp_desc_t) */
    bool mutable_, updating;              /* updating: updated since the last close */
    uint64_t next_id;                     /* the last command id handed out */
    uint64_t pend_id;                     /* the id the next append gets (0: none) ... */
    uint32_t pend_flags;                  /* ... its ze_mutable_command_exp_flags_t ... */
    uint32_t pend_nkernels;               /* ... and the kernels it may switch to */
    void **pend_kernels;
    sim__cmd *head, *tail;
    sim__engine *eng;                     /* immediate only */
} sim__list;

/* A regular event's state: signalled, and the kernel timestamps of the command that signalled
   it; in its pool's memory at its index. */
typedef struct sim__evstate {
    uint64_t start_ticks, end_ticks;
    bool signaled;
} sim__evstate;

/* An event pool's memory, made at zeEventPoolCreate as a driver allocates a pool's memory for
   the state of every index (none for a counter-based pool: its events' state is their points).
   Shared by the pools opened from the pool's IPC handle, whose events alias the exporter's of
   the same index; reference counted under g.mtx by them, the pool and the handle's export. */
typedef struct sim__store {
    uint32_t refs;
    uint32_t count;
    sim__evstate state[];
} sim__store;

typedef struct sim__pool {
    sim__obj h;
    sim__context *ctx;                    /* zeEventPoolGetContextHandle */
    ze_event_pool_flags_t flags;
    uint32_t count;
    uint32_t nevents;                     /* live events created from it */
    uint32_t cb_flags;                    /* counter-based pool (1.8 extension): its mode flags, else 0 */
    sim__store *store;                    /* NULL: counter-based */
    unsigned char *records;               /* its events' records, one per index (sim__event, or
                                             sim__cbevent in a counter-based pool): zeEventCreate
                                             takes no memory of its own */
    bool ipc_opened;                      /* by zeEventPoolOpenIpcHandle */
} sim__pool;

/* An event's record: 32 bytes in its pool's memory (a counter-based event's, sim__cbevent, is
   larger). A regular event's state is its pool's (sim__state). */
typedef struct sim__event {
    sim__obj h;
    sim__pool *pool;                      /* zeEventGetEventPool; counts its live events; NULL: counter-based without pool */
    uint32_t index;                       /* in its pool */
    uint8_t signal_scope, wait_scope;     /* ze_event_scope_flags_t: 3 bits ("0x7 < desc->signal" is invalid) */
    bool kernel_ts : 1, mapped_ts : 1;
    bool cb : 1, ipc_opened : 1;          /* cb: a counter-based event, a sim__cbevent */
} sim__event;

/* A regular event's state: its pool's memory at its index. */
static sim__evstate *sim__record_state(const sim__pool *p, uint32_t index) { return &p->store->state[index]; }
static sim__evstate *sim__state(const sim__event *ev) { return sim__record_state(ev->pool, ev->index); }

/* A counter-based event (1.8 pools, 1.15 zeEventCounterBasedCreate): its state in `point`.
   Only these events have it: a regular event's state is its pool's memory at its index. */
typedef struct sim__cbevent {
    sim__event ev;
    uint32_t cb_flags;                    /* ze_event_counter_based_flags_t, mode bits never both 0 */
    sim__point *point;                    /* latest signal submitted; NULL: never (complete) */
    sim__counter *counter;                /* zeEventCounterBasedGetDeviceAddress */
    uint64_t *agg_mem;                    /* external aggregate storage: += agg_inc per signal ... */
    uint64_t agg_inc, agg_value;          /* ... complete while *agg_mem >= agg_value */
    uint64_t *ext_dev, *ext_host;         /* external sync allocation, until a signal replaces it: */
    uint64_t ext_value;                   /* complete while *ext_host (host) / *ext_dev (device) >= it */
} sim__cbevent;
#define SIM_CB(e) ((sim__cbevent *)(e)) /* a counter-based event's own state (e->cb) */

/* zeSimSetTimestampFault: how kernel timestamps are reported (a test hook, see ze_sim.h). */
static int sim__ts_fault_mode;
static int sim__ts_fault(void) { return __atomic_load_n(&sim__ts_fault_mode, __ATOMIC_RELAXED); }

/* An event's kernel timestamp result: 32 valid bits (kernelTimestampValidBits), global and
   context alike; or what zeSimSetTimestampFault asks for. */
static void sim__kernel_ts(const sim__event *ev, ze_kernel_timestamp_result_t *ts) {
    /* a counter-based event's timestamps are its latest point's (the latest append's) */
    const sim__point *p = ev->cb ? SIM_CB(ev)->point : NULL;
    uint64_t start = (ev->cb ? (p ? p->start_ticks : 0) : sim__state(ev)->start_ticks) & 0xffffffffu;
    uint64_t end = (ev->cb ? (p ? p->end_ticks : 0) : sim__state(ev)->end_ticks) & 0xffffffffu;
    if (sim__ts_fault() == ZE_SIM_TS_REVERSED) end = (start - 1000u) & 0xffffffffu;
    if (sim__ts_fault() == ZE_SIM_TS_GARBAGE) start |= 0xdead00000000ull, end |= 0xdead00000000ull;
    ts->global.kernelStart = ts->context.kernelStart = start;
    ts->global.kernelEnd = ts->context.kernelEnd = end;
}

typedef struct sim__fence {
    sim__obj h;
    sim__queue *queue;                    /* compared, never dereferenced after creation */
    bool signaled;
} sim__fence;

typedef struct sim__module {
    sim__obj h;
    sim__device *dev;
    uint8_t *binary;
    size_t binary_size;
    uint32_t nkernels;
    sim__kinfo *kernels;
    const char **names;
} sim__module;

typedef struct sim__build_log {
    sim__obj h;
    char *text;
} sim__build_log;

typedef struct sim__kernel {
    sim__obj h;
    sim__kinfo info;
    uint32_t group[3];
    uint64_t args_set;
    ze_kernel_indirect_access_flags_t indirect;
} sim__kernel;

/* What made an entry of g.allocs: zeMemAlloc* (the only ones zeMemFree and zeMemFreeExt take),
   zeVirtualMemMap (physical memory mapped into a reservation), zeMemOpenIpcHandle (the only ones
   zeMemCloseIpcHandle takes). */
typedef enum sim__origin { SIM_ALLOC_USM, SIM_ALLOC_MAPPED, SIM_ALLOC_IPC } sim__origin;

typedef struct sim__alloc {
    struct sim__alloc *next;
    void *base;
    size_t size;
    ze_memory_type_t type;
    sim__device *dev;
    uint64_t id;
    sim__origin origin;
    uint64_t page_size;                   /* zeMemGetAllocProperties */
    void *map;                            /* memory of its own from mmap (device, IPC): munmap'ed, else freed */
    size_t map_len;
    int fd;                               /* the memfd behind it once it was exported (device), else -1 */
    struct sim__phys *phys;               /* mapped: the physical memory ... */
    size_t phys_offset;                   /* ... from this offset ... */
    struct sim__vres *res;                /* ... in this reservation */
} sim__alloc;

/* A physical memory object (zePhysicalMemCreate): a memfd, so that zeVirtualMemMap can map its
   pages at any number of addresses, in this process and (IPC) in others. */
typedef struct sim__phys {
    sim__obj h;
    sim__device *dev;                     /* NULL: host memory (ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST) */
    size_t size;
    uint64_t id;                          /* zePhysicalMemGetProperties */
    int fd;
    uint32_t nmaps;                       /* live mappings: zePhysicalMemDestroy says in use */
} sim__phys;

/* A span of pages of a reservation with one access attribute (sorted, adjacent spans differ). */
typedef struct sim__span {
    size_t off, len;
    ze_memory_access_attribute_t access;
} sim__span;

/* A virtual address reservation (zeVirtualMemReserve): pages mapped PROT_NONE until
   zeVirtualMemMap maps physical memory over them. */
typedef struct sim__vres {
    struct sim__vres *next;
    uint8_t *base;
    size_t size;
    sim__span *spans;                     /* zeVirtualMemSetAccessAttribute / ...GetAccessAttribute */
    uint32_t nspans;
} sim__vres;

/* A memory IPC handle given out by zeMemGetIpcHandle: a descriptor of its own (a dup of the memory's
   memfd, which another process opens through /proc/<pid>/fd) naming part of the memfd. Lives until
   zeMemPutIpcHandle, or until the memory it names is freed. */
typedef struct sim__mexport {
    struct sim__mexport *next;
    uint64_t id;
    int fd;
    uint64_t dev, ino;                    /* the memfd's identity, checked by the opener */
    size_t offset, size;
    ze_memory_type_t type;
    uint64_t page_size;
    sim__alloc *alloc;                    /* the device allocation it names, or ... */
    sim__phys *phys;                      /* ... the physical memory */
} sim__mexport;

/* A zeMemFreeExt with ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE: the allocation is no longer
   one, its memory goes once every engine has completed what it had been given before the call. */
typedef struct sim__mark {
    const struct sim__engine *e;
    uint64_t serial, seq;
} sim__mark;

typedef struct sim__deferred {
    struct sim__deferred *next;
    sim__alloc *a;
    sim__mark *marks;
    uint32_t nmarks;
} sim__deferred;

/* An IPC handle given out: what its opaque bytes (SIM_IPC_MAGIC, then the id) name. Kept until
   unload: the application may open a handle any number of times. */
#define SIM_IPC_MAGIC "ZESIMIPC"
typedef struct sim__export {
    struct sim__export *next;
    uint64_t id;
    sim__point *pt;                       /* counter-based event: its state when exported */
    uint32_t cb_flags;
    ze_event_scope_flags_t signal_scope, wait_scope;
    struct sim__store *store;             /* event pool: its memory */
    ze_event_pool_flags_t pool_flags;
    uint32_t count;
} sim__export;

static struct {
    pthread_mutex_t mtx;
    pthread_cond_t cv;
    atomic_bool stopping;                 /* read by sleeping workers without the lock */
    bool paused;
    bool ooo;                             /* ZE_SIM_OOO / zeSimSetOutOfOrder */
    bool recycle_lists;                   /* zeSimSetRecycleLists */
    struct sim__list *spare_list;         /* with it: the last list destroyed, for the next one made */
    sim__obj driver;
    sim__device dev[SIM_MAX_DEVICES];
    uint32_t ndev;
    sim__obj **buckets;
    size_t nbuckets, nregistered;
    uint64_t nlive;
    sim__alloc *allocs;
    uint64_t nallocs, next_alloc_id;
    sim__vres *vres;                      /* virtual address reservations */
    uint64_t nvres;
    sim__mexport *mexports;               /* memory IPC handles given out */
    uint64_t nmexports;
    sim__deferred *deferred;              /* zeMemFreeExt DEFER_FREE, memory not yet released */
    uint64_t ndeferred;
    sim__engine *engines;
    uint64_t next_engine_serial;
    uint64_t pending;
    ze_sim_command_record_t *log;
    size_t log_first, log_count;
    uint64_t log_seq;
    sim__export *exports;
    uint64_t next_export;
    struct sim__graph *captures;          /* graphs being captured (1.17) */
} g = { .mtx = PTHREAD_MUTEX_INITIALIZER };

static size_t sim__bucket(const void *p) {
    uintptr_t v = (uintptr_t)p;
    v ^= v >> 17;
    v *= (uintptr_t)0x9e3779b97f4a7c15ull;
    return (size_t)(v >> 7) % g.nbuckets;
}

/* Keeps the chains short and the table no larger than needed: resizes it to n buckets (a failed
   allocation keeps it as it is). Caller holds g.mtx. */
static void sim__reg_resize(size_t n) {
    size_t old_n = g.nbuckets, i;
    sim__obj **old = g.buckets;
    sim__obj **nb = (sim__obj **)calloc(n, sizeof *nb);
    if (nb == NULL) return;
    g.buckets = nb;
    g.nbuckets = n;
    for (i = 0; i < old_n; i++) {
        while (old[i] != NULL) {
            sim__obj *o = old[i];
            size_t b = sim__bucket(o);
            old[i] = o->hnext;
            o->hnext = nb[b];
            nb[b] = o;
        }
    }
    free(old);
}

/* Caller holds g.mtx. */
static void sim__reg_add(sim__obj *o, sim__kind kind) {
    size_t b;
    if (g.nbuckets == 0 || g.nregistered >= 2 * g.nbuckets) sim__reg_resize(g.nbuckets ? 2 * g.nbuckets : SIM_BUCKETS);
    b = sim__bucket(o);
    g.nregistered++;
    o->magic = SIM_MAGIC;
    o->kind = kind;
    o->hnext = g.buckets[b];
    g.buckets[b] = o;
    if (kind != SIM_K_DRIVER && kind != SIM_K_DEVICE) g.nlive++;
}

/* Caller holds g.mtx. */
static void sim__reg_del(sim__obj *o) {
    sim__obj **pp = &g.buckets[sim__bucket(o)];
    while (*pp != NULL && *pp != o) pp = &(*pp)->hnext;
    if (*pp == o) {
        *pp = o->hnext;
        o->magic = 0;
        g.nregistered--;
        g.nlive--;
        if (g.nbuckets > SIM_BUCKETS && g.nregistered < g.nbuckets / 8) sim__reg_resize(g.nbuckets / 2);
    }
}

/* Finds a live object of `kind` at address h without dereferencing h unless it is registered.
   Caller holds g.mtx. */
static void *sim__find(const void *h, sim__kind kind) {
    sim__obj *o;
    if (h == NULL || g.nbuckets == 0) return NULL;
    for (o = g.buckets[sim__bucket(h)]; o != NULL; o = o->hnext) {
        if ((const void *)o == h) return (o->magic == SIM_MAGIC && o->kind == kind) ? o : NULL;
    }
    return NULL;
}

/* Like sim__find, and says which error the API returns when h is not a live `kind`. */
static void *sim__get(const void *h, sim__kind kind, ze_result_t *res) {
    void *o = sim__find(h, kind);
    if (o == NULL) *res = h == NULL ? ZE_RESULT_ERROR_INVALID_NULL_HANDLE : ZE_RESULT_ERROR_INVALID_ARGUMENT;
    return o;
}

static void sim__lock(void) { pthread_mutex_lock(&g.mtx); }
static void sim__unlock(void) { pthread_mutex_unlock(&g.mtx); }
static void sim__wake(void) { pthread_cond_broadcast(&g.cv); }

/* Looks up a handle with g.mtx held; on failure unlocks and returns the API error. */
#define SIM_GET(var, type, kind, handle) \
    type *var = sim__get((handle), (kind), &res_); \
    if (var == NULL) { sim__unlock(); return res_; }

/* Absolute CLOCK_MONOTONIC deadline `ns` from now (g.cv runs on CLOCK_MONOTONIC). */
static struct timespec sim__deadline(uint64_t ns) {
    struct timespec ts;
    uint64_t nsec;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if (ns > (uint64_t)365 * 24 * 3600 * 1000000000ull) ns = (uint64_t)365 * 24 * 3600 * 1000000000ull;
    nsec = (uint64_t)ts.tv_nsec + ns % 1000000000ull;
    ts.tv_sec += (time_t)(ns / 1000000000ull + nsec / 1000000000ull);
    ts.tv_nsec = (long)(nsec % 1000000000ull);
    return ts;
}

/* One wait step of a host wait with a timeout, g.mtx held. Returns false once the deadline
   has passed (timeout 0: at once; UINT64_MAX: never). */
static bool sim__wait_step(uint64_t timeout, const struct timespec *deadline) {
    if (timeout == 0) return false;
    if (timeout == UINT64_MAX) {
        pthread_cond_wait(&g.cv, &g.mtx);
        return true;
    }
    return pthread_cond_timedwait(&g.cv, &g.mtx, deadline) != ETIMEDOUT;
}

/* ------------------------------------------------------------------------------------------
   >>fail: ZE_SIM_FAIL / zeSimSetFailSpec fault injection
   ------------------------------------------------------------------------------------------ */

#define SIM_RESULTS(X) \
    X(ZE_RESULT_SUCCESS) X(ZE_RESULT_NOT_READY) X(ZE_RESULT_ERROR_DEVICE_LOST) \
    X(ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY) X(ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY) \
    X(ZE_RESULT_ERROR_MODULE_BUILD_FAILURE) X(ZE_RESULT_ERROR_MODULE_LINK_FAILURE) \
    X(ZE_RESULT_ERROR_DEVICE_REQUIRES_RESET) X(ZE_RESULT_ERROR_DEVICE_IN_LOW_POWER_STATE) \
    X(ZE_RESULT_ERROR_INSUFFICIENT_PERMISSIONS) X(ZE_RESULT_ERROR_NOT_AVAILABLE) \
    X(ZE_RESULT_ERROR_DEPENDENCY_UNAVAILABLE) X(ZE_RESULT_WARNING_DROPPED_DATA) \
    X(ZE_RESULT_ERROR_UNINITIALIZED) X(ZE_RESULT_ERROR_UNSUPPORTED_VERSION) \
    X(ZE_RESULT_ERROR_UNSUPPORTED_FEATURE) X(ZE_RESULT_ERROR_INVALID_ARGUMENT) \
    X(ZE_RESULT_ERROR_INVALID_NULL_HANDLE) X(ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE) \
    X(ZE_RESULT_ERROR_INVALID_NULL_POINTER) X(ZE_RESULT_ERROR_INVALID_SIZE) \
    X(ZE_RESULT_ERROR_UNSUPPORTED_SIZE) X(ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT) \
    X(ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT) X(ZE_RESULT_ERROR_INVALID_ENUMERATION) \
    X(ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION) X(ZE_RESULT_ERROR_UNSUPPORTED_IMAGE_FORMAT) \
    X(ZE_RESULT_ERROR_INVALID_NATIVE_BINARY) X(ZE_RESULT_ERROR_INVALID_GLOBAL_NAME) \
    X(ZE_RESULT_ERROR_INVALID_KERNEL_NAME) X(ZE_RESULT_ERROR_INVALID_FUNCTION_NAME) \
    X(ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION) X(ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION) \
    X(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX) X(ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE) \
    X(ZE_RESULT_ERROR_INVALID_KERNEL_ATTRIBUTE_VALUE) X(ZE_RESULT_ERROR_INVALID_MODULE_UNLINKED) \
    X(ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE) X(ZE_RESULT_ERROR_OVERLAPPING_REGIONS) \
    X(ZE_RESULT_WARNING_ACTION_REQUIRED) X(ZE_RESULT_ERROR_UNKNOWN)

static const struct { const char *name; ze_result_t value; } sim__result_names[] = {
#define SIM_RESULT_ENTRY(r) { #r, r },
    SIM_RESULTS(SIM_RESULT_ENTRY)
#undef SIM_RESULT_ENTRY
};

typedef struct sim__fail_entry {
    char fn[96];
    uint64_t lo, hi;
    ze_result_t result;
    uint64_t calls;        /* calls of fn so far; shared by every entry naming fn (kept in the first) */
    size_t counter;        /* index of the entry that holds the counter for fn */
} sim__fail_entry;

static struct {
    pthread_mutex_t mtx;
    sim__fail_entry *entries;
    size_t n;
    atomic_bool active;
} gf = { .mtx = PTHREAD_MUTEX_INITIALIZER };

static bool sim__parse_u64(const char *s, size_t n, uint64_t *out) {
    char buf[32], *end;
    if (n == 0 || n >= sizeof buf || !isdigit((unsigned char)s[0])) return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    errno = 0;
    *out = strtoull(buf, &end, 10);
    return errno == 0 && *end == '\0';
}

static bool sim__parse_result(const char *s, size_t n, ze_result_t *out) {
    char buf[96], *end;
    size_t i;
    if (n == 0 || n >= sizeof buf) return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    for (i = 0; i < sizeof sim__result_names / sizeof sim__result_names[0]; i++) {
        if (strcmp(buf, sim__result_names[i].name) == 0) {
            *out = sim__result_names[i].value;
            return true;
        }
    }
    if (!isdigit((unsigned char)buf[0])) return false;
    errno = 0;
    unsigned long v = strtoul(buf, &end, 0);
    if (errno != 0 || *end != '\0' || v > 0xffffffffu) return false;
    *out = (ze_result_t)v;
    return true;
}

/* Parses "fn:n:RES,fn:n-m:RES,fn:*:RES" into a new array. Empty entries are skipped. */
static bool sim__parse_fail_spec(const char *spec, sim__fail_entry **out, size_t *nout) {
    sim__fail_entry *v = NULL;
    size_t n = 0, i;
    const char *p = spec;
    while (p != NULL && *p != '\0') {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        const char *c1, *c2, *dash;
        sim__fail_entry e;
        while (len > 0 && isspace((unsigned char)*p)) { p++; len--; }
        while (len > 0 && isspace((unsigned char)p[len - 1])) len--;
        if (len > 0) {
            memset(&e, 0, sizeof e);
            c1 = memchr(p, ':', len);
            c2 = c1 ? memchr(c1 + 1, ':', len - (size_t)(c1 + 1 - p)) : NULL;
            if (c1 == NULL || c2 == NULL || c1 == p || (size_t)(c1 - p) >= sizeof e.fn) goto bad;
            memcpy(e.fn, p, (size_t)(c1 - p));
            if (c2 - c1 == 2 && c1[1] == '*') {
                e.lo = 1;
                e.hi = UINT64_MAX;
            } else {
                dash = memchr(c1 + 1, '-', (size_t)(c2 - c1 - 1));
                if (dash != NULL) {
                    if (!sim__parse_u64(c1 + 1, (size_t)(dash - c1 - 1), &e.lo) ||
                        !sim__parse_u64(dash + 1, (size_t)(c2 - dash - 1), &e.hi)) goto bad;
                } else {
                    if (!sim__parse_u64(c1 + 1, (size_t)(c2 - c1 - 1), &e.lo)) goto bad;
                    e.hi = e.lo;
                }
                if (e.lo == 0 || e.hi < e.lo) goto bad;
            }
            if (!sim__parse_result(c2 + 1, len - (size_t)(c2 + 1 - p), &e.result)) goto bad;
            sim__fail_entry *nv = realloc(v, (n + 1) * sizeof *v);
            if (nv == NULL) goto bad;
            v = nv;
            e.counter = n;
            for (i = 0; i < n; i++) {
                if (strcmp(v[i].fn, e.fn) == 0) {
                    e.counter = v[i].counter;
                    break;
                }
            }
            v[n++] = e;
        }
        p = end ? end + 1 : NULL;
    }
    *out = v;
    *nout = n;
    return true;
bad:
    free(v);
    return false;
}

static ze_result_t sim__set_fail_spec(const char *spec) {
    sim__fail_entry *v = NULL, *old;
    size_t n = 0;
    if (spec != NULL && !sim__parse_fail_spec(spec, &v, &n)) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    pthread_mutex_lock(&gf.mtx);
    old = gf.entries;
    gf.entries = v;
    gf.n = n;
    atomic_store(&gf.active, n > 0);
    pthread_mutex_unlock(&gf.mtx);
    free(old);
    return ZE_RESULT_SUCCESS;
}

/* Counts a call of `fn` and says whether the spec makes it fail. */
static ze_result_t sim__inject(const char *fn) {
    ze_result_t res = ZE_RESULT_SUCCESS;
    size_t i;
    uint64_t call = 0;
    bool counted = false;
    if (!atomic_load_explicit(&gf.active, memory_order_relaxed)) return ZE_RESULT_SUCCESS;
    pthread_mutex_lock(&gf.mtx);
    for (i = 0; i < gf.n; i++) {
        sim__fail_entry *e = &gf.entries[i];
        if (strcmp(e->fn, fn) != 0) continue;
        if (!counted) {
            call = ++gf.entries[e->counter].calls;
            counted = true;
        }
        if (call >= e->lo && call <= e->hi) {
            res = e->result;
            break;
        }
    }
    pthread_mutex_unlock(&gf.mtx);
    return res;
}

/* First statement of every API entry point: sim_zeFoo is counted as "zeFoo". */
#define SIM_ENTER() \
    ze_result_t res_ = sim__inject(__func__ + 4); \
    if (res_ != ZE_RESULT_SUCCESS) return res_

/* ------------------------------------------------------------------------------------------
   >>log: a ring of completed commands
   ------------------------------------------------------------------------------------------ */

/* Caller holds g.mtx. */
static void sim__log_add(const ze_sim_command_record_t *r) {
    size_t slot;
    if (g.log == NULL) {
        g.log = calloc(ZE_SIM_LOG_CAPACITY, sizeof *g.log);
        if (g.log == NULL) return;
    }
    if (g.log_count == ZE_SIM_LOG_CAPACITY) {
        g.log_first = (g.log_first + 1) % ZE_SIM_LOG_CAPACITY;
        g.log_count--;
    }
    slot = (g.log_first + g.log_count) % ZE_SIM_LOG_CAPACITY;
    g.log[slot] = *r;
    g.log[slot].seq = ++g.log_seq;
    g.log_count++;
}

/* ------------------------------------------------------------------------------------------
   >>engine: in-order command FIFOs, one worker thread each
   ------------------------------------------------------------------------------------------ */

/* A command record: what every command has, then what its kind needs. A record is allocated
   only as long as its kind needs (sim__cmd_size): an event reset 72 bytes, a barrier or a copy
   168, a kernel launch 280, a fill or a region copy the whole record. */
struct sim__cmd {
    sim__cmd *next;
    int kind;                             /* ze_sim_command_kind_t, or SIM_CMD_* (internal, not logged) */
    uint8_t size_class;                   /* sim__cmd_size: how much of the record is allocated */
    bool conc, join;                      /* ZE_SIM_OOO: see sim__cmd_order */
    uint32_t nwait;
    void **wait;
    void *signal;
    ze_command_list_handle_t list;
    uint64_t eseq;
    struct sim__mut *mut;                 /* a mutable command's id (recorded in a mutable list only;
                                             copies for execution have none) */
    void *dst;                            /* an event reset: its event */
    /* every other command (SIM_CMD_TINY ends here) */
    const void *src;
    size_t size;
    void *fence;
    uint32_t nevents;                     /* query kernel timestamps */
    uint32_t nkernels;                    /* multi indirect */
    void **events;
    size_t *offsets;
    sim__kinfo *kinfos;
    /* set when submitted to an engine (sim__cmd_arm); freeing them needs g.mtx */
    sim__point *spoint;                   /* counter-based signal event: the point it completes */
    sim__point *gpoint;                   /* the end of a graph execution: the point it completes */
    uint64_t *agg_mem, agg_inc;           /* aggregate-storage signal event: the add it makes */
    struct sim__wcap *wcaps;              /* counter-based wait events: what each wait was bound to */
    /* kernel launches (SIM_CMD_SMALL ends here) */
    sim__kinfo kinfo;                     /* single kernel launches */
    uint32_t group[3];
    const ze_group_count_t *indirect;     /* read at execution */
    const uint32_t *pcount;
    /* fills and region copies (SIM_CMD_KERNEL_SIZE ends here) */
    size_t pattern_size;
    uint8_t pattern[SIM_MAX_FILL_PATTERN];
    ze_copy_region_t dreg, sreg;
    uint32_t dpitch, dslice, spitch, sslice;
};

/* A mutable command's id, what it may be updated with, and what its events must match. */
typedef struct sim__mut {
    uint64_t id;
    uint32_t flags;
    uint32_t nkernels;
    void **kernels;                       /* zeCommandListGetNextCommandIdWithKernelsExp */
    uint32_t nwait;                       /* the wait events it was appended with */
    struct sim__evprops *props;           /* of its wait events (nwait) and signal event (last) */
} sim__mut;

/* What a wait on a counter-based event was bound to when it was submitted. */
typedef struct sim__wcap {
    sim__point *pt;                       /* a point to complete, or NULL */
    const uint64_t *mem;                  /* or memory to reach `value` (external storage) */
    uint64_t value;
} sim__wcap;

/* What must match when a mutable command's event is replaced ("The type, scope and flags of the
   signal event must match those of the source command"). */
typedef struct sim__evprops {
    bool valid, cb;
    uint32_t flags;                       /* pool flags, or counter-based flags */
    ze_event_scope_flags_t scope;         /* signal or wait scope */
} sim__evprops;

/* Points and counters: g.mtx held. */
static sim__point *sim__point_ref(sim__point *p) {
    if (p != NULL) p->refs++;
    return p;
}

static void sim__counter_unref(sim__counter *k) {
    if (k != NULL && --k->refs == 0) free(k);
}

static void sim__point_unref(sim__point *p) {
    if (p != NULL && --p->refs == 0) {
        sim__counter_unref(p->counter);
        free(p);
    }
}

/* How much of a command record a kind needs: a real driver encodes an event reset or a barrier
   in a few dwords of its command buffer, and a kernel launch in not much more; the sim keeps what
   it reads when the command runs (every kind: its events and list; copies: the pointers and
   size; kernels: the kernel's name, duration and group count; fills and region copies: the
   pattern and regions). An event reset has no wait or signal events: its record is the part
   every command has (its event in `dst`). SIM_CMD_FULL is 0, so a zeroed record is a whole one. */
enum { SIM_CMD_FULL = 0, SIM_CMD_KERNEL_SIZE = 1, SIM_CMD_SMALL = 2, SIM_CMD_TINY = 3, SIM_CMD_CLASSES = 4 };
static const size_t sim__cmd_bytes[SIM_CMD_CLASSES] = {
    sizeof(sim__cmd), offsetof(sim__cmd, pattern_size), offsetof(sim__cmd, kinfo), offsetof(sim__cmd, src)};

static int sim__cmd_size(int kind) {
    switch (kind) {
    case ZE_SIM_CMD_FILL: case ZE_SIM_CMD_COPY_REGION:
        return SIM_CMD_FULL;
    case ZE_SIM_CMD_KERNEL: case ZE_SIM_CMD_KERNEL_COOPERATIVE: case ZE_SIM_CMD_KERNEL_INDIRECT:
    case ZE_SIM_CMD_KERNEL_MULTI_INDIRECT:
        return SIM_CMD_KERNEL_SIZE;
    case ZE_SIM_CMD_EVENT_RESET:
        return SIM_CMD_TINY;
    default:
        return SIM_CMD_SMALL;
    }
}

/* Command records are recycled, as a driver reuses its command buffers: an append takes one
   from this cache (one per size), and the worker puts back the commands it completes (up to
   SIM_CMD_CACHE of each size), both under g.mtx; other commands come from malloc and go to
   free. The worker thread frees most commands, so with malloc alone the appending thread's
   allocator never saw them again, and what each append cost the driver then depended on how
   the heap happened to be laid out: the same calls cost the driver more or less from one
   configuration of the benchmark to the next. The cache takes no lock of its own, which would
   add its own contention between the two threads. Under AddressSanitizer every command is
   malloc'ed and freed (its use-after-free checks stay on the sim). */
#define SIM_CMD_CACHE 4096u
#if defined(__SANITIZE_ADDRESS__)
#define SIM_CMD_RECYCLE 0
#else
#define SIM_CMD_RECYCLE 1
#endif
static struct {
    sim__cmd *free;
    unsigned n;
} sim__cmds[SIM_CMD_CLASSES];

/* A record of size class sz; `locked`: g.mtx held, from the cache when it has one. */
static sim__cmd *sim__cmd_alloc(int sz, bool locked) {
    sim__cmd *c = NULL;
    if (SIM_CMD_RECYCLE && locked && sim__cmds[sz].free != NULL) {
        c = sim__cmds[sz].free;
        sim__cmds[sz].free = c->next;
        sim__cmds[sz].n--;
    }
    return c != NULL ? c : malloc(sim__cmd_bytes[sz]);
}

/* A zeroed command of `kind`; `locked`: g.mtx held. */
static sim__cmd *sim__cmd_new(int kind, bool locked) {
    const int sz = sim__cmd_size(kind);
    sim__cmd *c = sim__cmd_alloc(sz, locked);
    if (c != NULL) {
        memset(c, 0, sim__cmd_bytes[sz]);
        c->kind = kind;
        c->size_class = (uint8_t)sz;
    }
    return c;
}

/* Caller holds g.mtx when the command was submitted (it may hold points); with `cache`, it
   holds g.mtx and the record goes back to the cache when it has room. */
static void sim__cmd_release(sim__cmd *c, bool cache) {
    uint32_t i;
    if (c == NULL) return;
    if (c->size_class != SIM_CMD_TINY) {
        sim__point_unref(c->spoint);
        sim__point_unref(c->gpoint);
        for (i = 0; c->wcaps != NULL && i < c->nwait; i++) sim__point_unref(c->wcaps[i].pt);
        free(c->wcaps);
        free(c->kinfos);
        free(c->events);
        free(c->offsets);
    }
    if (c->mut != NULL) {
        free(c->mut->kernels);
        free(c->mut->props);
        free(c->mut);
    }
    free(c->wait);
    if (SIM_CMD_RECYCLE && cache && sim__cmds[c->size_class].n < SIM_CMD_CACHE) {
        c->next = sim__cmds[c->size_class].free;
        sim__cmds[c->size_class].free = c;
        sim__cmds[c->size_class].n++;
        return;
    }
    free(c);
}
static void sim__cmd_free(sim__cmd *c) { sim__cmd_release(c, false); }

static void *sim__memdup(const void *p, size_t n) {
    void *d;
    if (p == NULL || n == 0) return NULL;
    d = malloc(n);
    if (d != NULL) memcpy(d, p, n);
    return d;
}

/* A copy of c for one execution of its list or graph. g.mtx held. */
static sim__cmd *sim__cmd_clone(const sim__cmd *c) {
    sim__cmd *d = sim__cmd_alloc(c->size_class, true);
    if (d == NULL) return NULL;
    memcpy(d, c, sim__cmd_bytes[c->size_class]);
    d->next = NULL;
    d->mut = NULL;
    d->wait = sim__memdup(c->wait, c->nwait * sizeof *c->wait);
    if (c->size_class == SIM_CMD_TINY) {
        if (c->nwait > 0 && !d->wait) {
            sim__cmd_free(d);
            return NULL;
        }
        return d;
    }
    d->spoint = NULL;
    d->gpoint = NULL;
    d->agg_mem = NULL;
    d->wcaps = NULL;
    d->kinfos = sim__memdup(c->kinfos, c->nkernels * sizeof *c->kinfos);
    d->events = sim__memdup(c->events, c->nevents * sizeof *c->events);
    d->offsets = sim__memdup(c->offsets, c->nevents * sizeof *c->offsets);
    if ((c->kinfos && !d->kinfos) || (c->events && !d->events) || (c->offsets && !d->offsets) ||
        (c->nwait > 0 && !d->wait)) {
        sim__cmd_free(d);
        return NULL;
    }
    return d;
}

/* Whether an event is signalled (regular) or complete (counter-based) now; `host` picks the host
   copy of an external sync allocation. Caller holds g.mtx. */
static bool sim__event_done(const sim__event *ev, bool host) {
    if (!ev->cb) return sim__state(ev)->signaled;
    if (SIM_CB(ev)->agg_mem != NULL) return __atomic_load_n(SIM_CB(ev)->agg_mem, __ATOMIC_ACQUIRE) >= SIM_CB(ev)->agg_value;
    if (SIM_CB(ev)->ext_dev != NULL) return __atomic_load_n(host ? SIM_CB(ev)->ext_host : SIM_CB(ev)->ext_dev, __ATOMIC_ACQUIRE) >= SIM_CB(ev)->ext_value;
    return SIM_CB(ev)->point == NULL || SIM_CB(ev)->point->done;
}

/* Caller holds g.mtx. A wait event that no longer exists counts as signalled. *poll is set when
   a wait depends on memory the application writes (nothing wakes the worker for it). */
static bool sim__waits_ready(const sim__cmd *c, bool *poll) {
    uint32_t i;
    for (i = 0; i < c->nwait; i++) {
        if (c->wait[i] != NULL) {
            sim__event *ev = sim__find(c->wait[i], SIM_K_EVENT);
            if (ev != NULL && !sim__event_done(ev, false)) return false;
        } else if (c->wcaps != NULL) {
            const sim__wcap *w = &c->wcaps[i];
            if (w->pt != NULL && !w->pt->done) return false;
            if (w->mem != NULL && __atomic_load_n(w->mem, __ATOMIC_ACQUIRE) < w->value) {
                *poll = true;
                return false;
            }
        }
    }
    return true;
}

/* Binds a submitted command to the counter-based events it signals and waits for (spec 1.17
   programming guide, "Counter Based Events": an append, or an execution of a regular list, that
   signals the event replaces its state, "A new API call just replaces its previous state"; a wait
   waits for the state the event had when the wait was submitted, "cmdList2 waits for counter=X";
   an aggregate-storage event is not replaced: each signal adds incrementValue). g.mtx held. */
static ze_result_t sim__cmd_arm(sim__cmd *c) {
    uint32_t i;
    sim__event *ev;
    for (i = 0; i < c->nwait; i++) {
        ev = sim__find(c->wait[i], SIM_K_EVENT);
        if (ev == NULL || !ev->cb) continue;
        if (c->wcaps == NULL && (c->wcaps = calloc(c->nwait, sizeof *c->wcaps)) == NULL)
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        if (SIM_CB(ev)->agg_mem != NULL) {
            c->wcaps[i].mem = SIM_CB(ev)->agg_mem;
            c->wcaps[i].value = SIM_CB(ev)->agg_value;
        } else if (SIM_CB(ev)->ext_dev != NULL) {
            c->wcaps[i].mem = SIM_CB(ev)->ext_dev;
            c->wcaps[i].value = SIM_CB(ev)->ext_value;
        } else {
            c->wcaps[i].pt = sim__point_ref(SIM_CB(ev)->point);
        }
        c->wait[i] = NULL;
    }
    ev = sim__find(c->signal, SIM_K_EVENT);
    if (ev != NULL && ev->cb) {
        sim__point *p = calloc(1, sizeof *p);
        if (p == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        p->refs = 2; /* the event's and the command's */
        if (SIM_CB(ev)->agg_mem != NULL) {
            c->agg_mem = SIM_CB(ev)->agg_mem;
            c->agg_inc = SIM_CB(ev)->agg_inc;
        } else {
            p->counter = SIM_CB(ev)->counter;
            p->counter->refs++;
            p->target = ++p->counter->last_target;
            SIM_CB(ev)->ext_dev = SIM_CB(ev)->ext_host = NULL;
        }
        sim__point_unref(SIM_CB(ev)->point);
        SIM_CB(ev)->point = p;
        c->spoint = p;
    }
    return ZE_RESULT_SUCCESS;
}

static void sim__sleep_until_ns(uint64_t target) {
    for (;;) {
        uint64_t now = sim__now_ns(), step;
        struct timespec ts;
        if (now >= target || atomic_load(&g.stopping)) return;
        step = target - now;
        if (step > 2000000u) step = 2000000u; /* re-check shutdown every 2 ms */
        ts.tv_sec = 0;
        ts.tv_nsec = (long)step;
        nanosleep(&ts, NULL);
    }
}

static uint64_t sim__cmd_duration_ns(const sim__cmd *c, uint64_t bytes) {
    switch (c->kind) {
    case ZE_SIM_CMD_COPY: case ZE_SIM_CMD_COPY_REGION: case ZE_SIM_CMD_COPY_FROM_CONTEXT:
    case ZE_SIM_CMD_FILL:
        return 1000u + bytes;
    default:
        return 0;
    }
}

static void sim__fill(uint8_t *dst, size_t size, const uint8_t *pattern, size_t psize) {
    size_t i;
    for (i = 0; i < size; i += psize) memcpy(dst + i, pattern, size - i < psize ? size - i : psize);
}

/* The part of a command that touches application memory, g.mtx NOT held. Returns bytes. */
static uint64_t sim__cmd_move_bytes(const sim__cmd *c) {
    uint32_t z, y;
    switch (c->kind) {
    case ZE_SIM_CMD_COPY: case ZE_SIM_CMD_COPY_FROM_CONTEXT:
        if (c->size > 0) memmove(c->dst, c->src, c->size);
        return c->size;
    case ZE_SIM_CMD_FILL:
        sim__fill(c->dst, c->size, c->pattern, c->pattern_size);
        return c->size;
    case ZE_SIM_CMD_COPY_REGION:
        for (z = 0; z < c->dreg.depth; z++) {
            for (y = 0; y < c->dreg.height; y++) {
                uint8_t *d = (uint8_t *)c->dst + (size_t)(c->dreg.originZ + z) * c->dslice +
                             (size_t)(c->dreg.originY + y) * c->dpitch + c->dreg.originX;
                const uint8_t *s = (const uint8_t *)c->src + (size_t)(c->sreg.originZ + z) * c->sslice +
                                   (size_t)(c->sreg.originY + y) * c->spitch + c->sreg.originX;
                memmove(d, s, c->dreg.width);
            }
        }
        return (uint64_t)c->dreg.width * c->dreg.height * c->dreg.depth;
    default:
        return 0;
    }
}

/* Completion of a command, g.mtx held: events, fences, device-side writes, log. */
static void sim__cmd_complete(sim__engine *e, const sim__cmd *c, ze_sim_command_record_t *recs,
                              uint32_t nrecs, uint64_t start_ticks, uint64_t end_ticks) {
    uint32_t i;
    uint64_t host_end = sim__now_ns();
    sim__event *sig = sim__find(c->signal, SIM_K_EVENT);
    switch (c->kind) {
    case ZE_SIM_CMD_EVENT_RESET: {
        sim__event *ev = sim__find(c->dst, SIM_K_EVENT);
        if (ev != NULL && !ev->cb) sim__state(ev)->signaled = false;
        break;
    }
    case ZE_SIM_CMD_WRITE_TIMESTAMP:
        memcpy(c->dst, &end_ticks, sizeof end_ticks);
        break;
    case ZE_SIM_CMD_QUERY_KERNEL_TIMESTAMPS:
        for (i = 0; i < c->nevents; i++) {
            sim__event *ev = sim__find(c->events[i], SIM_K_EVENT);
            ze_kernel_timestamp_result_t ts;
            memset(&ts, 0, sizeof ts);
            if (ev != NULL) sim__kernel_ts(ev, &ts);
            if (sim__ts_fault() != ZE_SIM_TS_UNWRITTEN)
                memcpy((uint8_t *)c->dst + (c->offsets ? c->offsets[i] : i * sizeof ts), &ts, sizeof ts);
        }
        break;
    case SIM_CMD_FENCE: {
        sim__fence *f = sim__find(c->fence, SIM_K_FENCE);
        if (f != NULL) f->signaled = true;
        break;
    }
    default:
        break;
    }
    sim__point *const spoint = c->size_class != SIM_CMD_TINY ? c->spoint : NULL;
    if (spoint != NULL) {
        sim__point *p = spoint;
        p->start_ticks = start_ticks;
        p->end_ticks = end_ticks;
        p->done = true;
        if (p->counter != NULL && __atomic_load_n(&p->counter->value, __ATOMIC_RELAXED) < p->target)
            __atomic_store_n(&p->counter->value, p->target, __ATOMIC_RELEASE);
    }
    if (c->size_class != SIM_CMD_TINY && c->agg_mem != NULL) __atomic_add_fetch(c->agg_mem, c->agg_inc, __ATOMIC_RELEASE);
    if (c->size_class != SIM_CMD_TINY && c->gpoint != NULL) c->gpoint->done = true;
    if (spoint == NULL && sig != NULL && !sig->cb) {
        sim__evstate *st = sim__state(sig);
        st->start_ticks = start_ticks;
        st->end_ticks = end_ticks;
        st->signaled = true;
    }
    for (i = 0; i < nrecs; i++) {
        recs[i].device_index = e->device_index;
        recs[i].command_list = c->list;
        recs[i].queue = e->queue;
        recs[i].signal_event = i + 1 == nrecs ? (ze_event_handle_t)c->signal : NULL;
        recs[i].host_end_ns = host_end;
        sim__log_add(&recs[i]);
    }
    e->completed++;
    g.pending--;
    sim__wake();
}

/* Runs the part of a command that takes device time, g.mtx NOT held: fills its log records
   (*precs is `one` or an allocation) and moves its bytes. Returns its end, in host ns. */
static uint64_t sim__cmd_run(const sim__cmd *c, uint64_t start_ns, ze_sim_command_record_t *one,
                             ze_sim_command_record_t **precs, uint32_t *pnrecs) {
    ze_sim_command_record_t *recs = one;
    uint32_t nrecs, i, nk;
    uint64_t t_ns = start_ns, bytes;
    memset(one, 0, sizeof *one);
    if (c->kind == ZE_SIM_CMD_KERNEL_MULTI_INDIRECT) {
        nk = c->pcount ? *c->pcount : 0;
        if (nk > c->nkernels) nk = c->nkernels;
        recs = nk > 1 ? calloc(nk, sizeof *recs) : one;
        if (recs == NULL) {
            recs = one;
            nk = 1;
        }
        for (i = 0; i < nk; i++) {
            const ze_group_count_t *gc = &c->indirect[i];
            recs[i].kind = ZE_SIM_CMD_KERNEL_MULTI_INDIRECT;
            memcpy(recs[i].kernel_name, c->kinfos[i].name, ZE_SIM_NAME_MAX);
            recs[i].group_count[0] = gc->groupCountX;
            recs[i].group_count[1] = gc->groupCountY;
            recs[i].group_count[2] = gc->groupCountZ;
            recs[i].device_start = sim__ns_to_ticks(t_ns);
            t_ns += c->kinfos[i].dur_ns;
            recs[i].device_end = sim__ns_to_ticks(t_ns);
        }
        nrecs = nk;
    } else if (c->kind >= ZE_SIM_CMD_KERNEL && c->kind <= ZE_SIM_CMD_KERNEL_INDIRECT) {
        one->kind = (ze_sim_command_kind_t)c->kind;
        memcpy(one->kernel_name, c->kinfo.name, ZE_SIM_NAME_MAX);
        if (c->indirect != NULL) {
            one->group_count[0] = c->indirect->groupCountX;
            one->group_count[1] = c->indirect->groupCountY;
            one->group_count[2] = c->indirect->groupCountZ;
        } else {
            memcpy(one->group_count, c->group, sizeof one->group_count);
        }
        one->device_start = sim__ns_to_ticks(t_ns);
        t_ns += c->kinfo.dur_ns;
        one->device_end = sim__ns_to_ticks(t_ns);
        nrecs = 1;
    } else {
        bytes = sim__cmd_move_bytes(c);
        one->kind = (ze_sim_command_kind_t)c->kind;
        one->bytes = bytes;
        one->device_start = sim__ns_to_ticks(t_ns);
        t_ns += sim__cmd_duration_ns(c, bytes);
        one->device_end = sim__ns_to_ticks(t_ns);
        nrecs = c->kind >= SIM_CMD_FENCE ? 0 : 1;
    }
    *precs = recs;
    *pnrecs = nrecs;
    return t_ns;
}

/* A command running concurrently with others of its engine (ZE_SIM_OOO). */
struct sim__flight {
    sim__cmd *c;
    ze_sim_command_record_t one, *many;   /* its log records: `many` when it has several */
    uint32_t nrecs;
    uint64_t start_ns, end_ns;
};

static void sim__flight_free(sim__flight *f) {
    free(f->many);
    sim__cmd_free(f->c);
}

/* Starts c concurrently with the engine's running commands. g.mtx held (dropped while its bytes
   move). Returns false when out of memory (c goes back to the head of the FIFO). */
static bool sim__flight_start(sim__engine *e, sim__cmd *c) {
    sim__flight *f;
    ze_sim_command_record_t one, *recs;
    uint32_t nrecs;
    uint64_t start_ns = sim__now_ns(), end_ns;
    if (e->nflight == e->capflight) {
        uint32_t cap = e->capflight ? 2 * e->capflight : 8;
        sim__flight *nf = realloc(e->flight, cap * sizeof *nf);
        if (nf == NULL) return false;
        e->flight = nf;
        e->capflight = cap;
    }
    if (e->nflight == 0 && start_ns < e->last_end_ns) start_ns = e->last_end_ns;
    sim__unlock();
    end_ns = sim__cmd_run(c, start_ns, &one, &recs, &nrecs);
    sim__lock();
    f = &e->flight[e->nflight++];
    f->c = c;
    f->one = one;
    f->many = recs == &one ? NULL : recs;
    f->nrecs = nrecs;
    f->start_ns = start_ns;
    f->end_ns = end_ns;
    return true;
}

/* Completes the running commands whose time has passed, earliest end first. g.mtx held.
   Returns the earliest end still to come (UINT64_MAX: none running). */
static uint64_t sim__flight_retire(sim__engine *e) {
    for (;;) {
        uint32_t i, k = 0;
        uint64_t now = sim__now_ns();
        sim__flight f;
        if (e->nflight == 0) return UINT64_MAX;
        for (i = 1; i < e->nflight; i++) {
            if (e->flight[i].end_ns < e->flight[k].end_ns) k = i;
        }
        if (e->flight[k].end_ns > now) return e->flight[k].end_ns;
        f = e->flight[k];
        e->flight[k] = e->flight[--e->nflight];
        if (f.end_ns > e->last_end_ns) e->last_end_ns = f.end_ns;
        sim__cmd_complete(e, f.c, f.many ? f.many : &f.one, f.nrecs, sim__ns_to_ticks(f.start_ns),
                          sim__ns_to_ticks(f.end_ns));
        sim__flight_free(&f);
    }
}

/* Waits on g.cv until `raw_ns` on CLOCK_MONOTONIC_RAW at the latest (g.cv runs on
   CLOCK_MONOTONIC). g.mtx held. */
static void sim__wait_until_raw(uint64_t raw_ns) {
    uint64_t now = sim__now_ns();
    struct timespec dl;
    if (raw_ns <= now) return;
    dl = sim__deadline(raw_ns - now);
    pthread_cond_timedwait(&g.cv, &g.mtx, &dl);
}

/* The engine's worker. A command starts once its wait events are signalled and, unless it may
   overlap the commands running before it (c->conc and not c->join, ZE_SIM_OOO), once they have
   completed. Others run one at a time: the worker sleeps through each. */
static void *sim__worker(void *arg) {
    sim__engine *e = arg;
    sim__lock();
    for (;;) {
        sim__cmd *c;
        ze_sim_command_record_t one, *recs;
        uint32_t nrecs;
        uint64_t start_ns, t_ns, next_end;
        bool poll = false;
        if (atomic_load(&g.stopping)) break;
        next_end = sim__flight_retire(e);
        if (e->stop && e->head == NULL && e->nflight == 0) break;
        c = e->head;
        if (c == NULL || g.paused || !sim__waits_ready(c, &poll) || (e->nflight > 0 && (!c->conc || c->join))) {
            uint64_t until = next_end;
            if (poll && (until == UINT64_MAX || until > sim__now_ns() + SIM_POLL_NS)) until = sim__now_ns() + SIM_POLL_NS;
            if (until != UINT64_MAX) sim__wait_until_raw(until);
            else pthread_cond_wait(&g.cv, &g.mtx);
            continue;
        }
        e->head = c->next;
        if (e->head == NULL) e->tail = NULL;
        if (c->conc) {
            if (!sim__flight_start(e, c)) {
                c->next = e->head;
                e->head = c;
                if (e->tail == NULL) e->tail = c;
                sim__wait_until_raw(sim__now_ns() + SIM_POLL_NS);
            }
            continue;
        }
        start_ns = sim__now_ns();
        if (start_ns < e->last_end_ns) start_ns = e->last_end_ns;
        sim__unlock();
        t_ns = sim__cmd_run(c, start_ns, &one, &recs, &nrecs);
        sim__sleep_until_ns(t_ns);
        sim__lock();
        e->last_end_ns = t_ns;
        sim__cmd_complete(e, c, recs, nrecs, sim__ns_to_ticks(start_ns), sim__ns_to_ticks(t_ns));
        if (recs != &one) free(recs);
        sim__cmd_release(c, true);
    }
    while (e->nflight > 0) sim__flight_free(&e->flight[--e->nflight]);
    free(e->flight);
    e->flight = NULL;
    e->capflight = 0;
    sim__unlock();
    return NULL;
}

/* Caller holds g.mtx. */
static sim__engine *sim__engine_new(uint32_t device_index) {
    sim__engine *e = calloc(1, sizeof *e);
    if (e == NULL) return NULL;
    e->device_index = device_index;
    e->serial = ++g.next_engine_serial;
    e->next = g.engines;
    g.engines = e;
    return e;
}

/* Queues c (taking ownership) on e, starting the worker on first use. Caller holds g.mtx. */
static ze_result_t sim__engine_push(sim__engine *e, sim__cmd *c) {
    ze_result_t r;
    if (!e->started) {
        if (pthread_create(&e->thread, NULL, sim__worker, e) != 0) {
            sim__cmd_free(c);
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        }
        e->started = true;
    }
    r = sim__cmd_arm(c);
    if (r != ZE_RESULT_SUCCESS) {
        sim__cmd_free(c);
        return r;
    }
    c->next = NULL;
    c->eseq = ++e->submitted;
    if (e->tail != NULL) e->tail->next = c;
    else e->head = c;
    e->tail = c;
    g.pending++;
    sim__wake();
    return ZE_RESULT_SUCCESS;
}

/* Whether the commands of list l may run concurrently: only with the opt-in (ZE_SIM_OOO,
   zeSimSetOutOfOrder), and only for a list created without the in-order flag. Programming
   guide, "Execution Barriers": "Commands executed on a command list are only guaranteed to
   start in the same order in which they are submitted; i.e. there is no implicit definition of
   the order of completion"; ze_api.h, ZE_COMMAND_LIST_FLAG_IN_ORDER / ZE_COMMAND_QUEUE_FLAG_IN_ORDER:
   "commands appended to this command list are executed in-order". g.mtx held. */
static bool sim__list_ooo(const sim__list *l) { return g.ooo && !l->in_order; }

static bool sim__is_barrier(int kind) {
    return kind == ZE_SIM_CMD_BARRIER || kind == ZE_SIM_CMD_MEMORY_RANGES_BARRIER;
}

/* Marks a command submitted from a list whose commands may run concurrently (ooo): it runs
   concurrently (conc) and starts only once everything before it on its engine completed (join)
   when it is the first of a list execution (command lists do not overlap each other), a barrier
   ("Append a barrier into a command list to ensure hKernel1 completes before hKernel2 begins"),
   or the command after a barrier. Other commands start in order and may overlap. */
static void sim__cmd_order(sim__cmd *c, bool ooo, bool first, bool after_barrier) {
    c->conc = ooo;
    c->join = first || after_barrier || sim__is_barrier(c->kind);
}

/* Appends copies of a closed regular list's commands, ordered for one execution of it, at
   **tail (advanced). g.mtx held. */
static ze_result_t sim__list_clone_into(const sim__list *l, sim__cmd ***tail) {
    const sim__cmd *c, *prev = NULL;
    for (c = l->head; c != NULL; prev = c, c = c->next) {
        sim__cmd *d = sim__cmd_clone(c);
        if (d == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        sim__cmd_order(d, sim__list_ooo(l), prev == NULL, prev != NULL && sim__is_barrier(prev->kind));
        **tail = d;
        *tail = &d->next;
    }
    return ZE_RESULT_SUCCESS;
}

/* Waits until e has completed command eseq. Caller holds g.mtx. */
static ze_result_t sim__engine_wait(sim__engine *e, uint64_t eseq, uint64_t timeout) {
    struct timespec dl = sim__deadline(timeout == UINT64_MAX ? 0 : timeout);
    while (e->completed < eseq) {
        if (atomic_load(&g.stopping)) return ZE_RESULT_ERROR_DEVICE_LOST;
        if (!sim__wait_step(timeout, &dl) && e->completed < eseq) return ZE_RESULT_NOT_READY;
    }
    return ZE_RESULT_SUCCESS;
}

/* Waits for all work of e, stops and joins its worker, frees it. Called with g.mtx held;
   returns with it held. */
static void sim__engine_destroy(sim__engine *e) {
    sim__engine **pp;
    sim__engine_wait(e, e->submitted, UINT64_MAX);
    e->stop = true;
    sim__wake();
    if (e->started) {
        sim__unlock();
        pthread_join(e->thread, NULL);
        sim__lock();
    }
    for (pp = &g.engines; *pp != NULL; pp = &(*pp)->next) {
        if (*pp == e) {
            *pp = e->next;
            break;
        }
    }
    while (e->head != NULL) {
        sim__cmd *c = e->head;
        e->head = c->next;
        g.pending--;
        sim__cmd_free(c);
    }
    free(e);
}

#ifdef SIM_SPEC_1_17
/* A recorded graph (1.17, record and replay): the commands captured from its primary list. */
typedef struct sim__graph_cb {
    struct sim__graph_cb *next;
    zex_mem_graph_free_callback_fn_t fn;
    void *user;
} sim__graph_cb;

typedef struct sim__graph {
    sim__obj h;
    sim__context *ctx;
    sim__cmd *head, *tail;
    uint32_t ncmds;
    ze_command_list_handle_t primary;     /* the list that captured it; NULL: never captured */
    sim__device *dev;                     /* the primary's device, ordinal and order */
    uint32_t ordinal;
    bool in_order;
    bool capturing;
    bool sim_owned;                       /* made by zeCommandListBeginGraphCaptureExt, not yet handed out */
    uint32_t nexec;                       /* executable graphs made from it */
    struct sim__graph *next_capture;      /* g.captures */
    sim__graph_cb *cbs;                   /* zeGraphSetDestructionCallbackExt */
} sim__graph;

/* An executable graph: a copy of the recorded commands. */
typedef struct sim__xgraph {
    sim__obj h;
    sim__graph *src;
    sim__cmd *head;
    sim__point *last;                     /* the end of its latest execution (the next waits for it) */
} sim__xgraph;

/* The graph being captured that records a signal of event h, or NULL. g.mtx held. */
static sim__graph *sim__captured_in(const void *h) {
    sim__graph *gr;
    const sim__cmd *c;
    if (h == NULL) return NULL;
    for (gr = g.captures; gr != NULL; gr = gr->next_capture) {
        for (c = gr->head; c != NULL; c = c->next) {
            if (c->signal == h) return gr;
        }
    }
    return NULL;
}

/* Rules of zeCommandListBeginGraphCaptureExt on the events of an append to l, while some list
   captures. g.mtx held. "If an event signaled by a captured command list is used in the wait list
   of another immediate command list, that command list also enters graph capture mode" (a fork:
   not simulated, ZE_RESULT_ERROR_UNSUPPORTED_FEATURE); "It is invalid to merge two separate graph
   capture sessions ... by waiting on an event associated with a different graph"; "internal
   counter-based events (i.e. without ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL) captured in the
   graph cannot be used outside the graph"; without ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_CB_EXTERNAL_IPC,
   "using an event that was created with both ZEX_COUNTER_BASED_EVENT_FLAG_IPC and
   ZEX_COUNTER_BASED_EVENT_FLAG_GRAPH_EXTERNAL returns an error". */
static ze_result_t sim__capture_check(const sim__list *l, ze_event_handle_t hSignal, uint32_t numWait,
                                      ze_event_handle_t *phWait) {
    const uint32_t ipc_ext = ZE_EVENT_COUNTER_BASED_FLAG_IPC | ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL;
    uint32_t i;
    for (i = 0; i <= numWait; i++) {
        const void *h = i < numWait ? (const void *)phWait[i] : (const void *)hSignal;
        const sim__event *ev = sim__find(h, SIM_K_EVENT);
        const bool internal = ev != NULL && ev->cb && !(SIM_CB(ev)->cb_flags & ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL);
        sim__graph *gr;
        if (ev == NULL) continue;
        if (l->capture != NULL && ev->cb && (SIM_CB(ev)->cb_flags & ipc_ext) == ipc_ext) return ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED;
        gr = sim__captured_in(h);
        if (gr == NULL || gr == l->capture) continue;
        if (internal) return ZE_RESULT_ERROR_GRAPH_INTERNAL_EVENT;
        if (i == numWait) continue; /* signalling an event of another capture: no rule */
        if (l->capture != NULL) return ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT;
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    }
    return ZE_RESULT_SUCCESS;
}

/* Ends the capture on l (g.mtx held); a graph nobody was handed is freed: returns its destruction
   callbacks, for the caller to run once it released g.mtx. */
static void sim__graph_free(sim__graph *gr);
static sim__graph_cb *sim__capture_stop(sim__list *l) {
    sim__graph *gr = l->capture, **pp;
    sim__graph_cb *cbs = NULL;
    if (gr == NULL) return NULL;
    for (pp = &g.captures; *pp != NULL; pp = &(*pp)->next_capture) {
        if (*pp == gr) {
            *pp = gr->next_capture;
            break;
        }
    }
    gr->capturing = false;
    l->capture = NULL;
    if (gr->sim_owned) {
        sim__reg_del(&gr->h);
        cbs = gr->cbs;
        gr->cbs = NULL;
        sim__graph_free(gr);
    }
    return cbs;
}

/* Runs and frees destruction callbacks (zeGraphSetDestructionCallbackExt), g.mtx not held. */
static void sim__graph_cbs_run(sim__graph_cb *cbs) {
    while (cbs != NULL) {
        sim__graph_cb *cb = cbs;
        cbs = cb->next;
        cb->fn(cb->user);
        free(cb);
    }
}
#endif

/* ------------------------------------------------------------------------------------------
   >>driver
   ------------------------------------------------------------------------------------------ */

/* Fills a count/array query: *pCount 0 asks the count, else copies min(*pCount, n). */
#define SIM_COUNT_QUERY(pCount, n) \
    if (pCount == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER; \
    if (*pCount == 0 || *pCount > (n)) *pCount = (n)

static ze_result_t ZE_APICALL sim_zeInit(ze_init_flags_t flags) {
    SIM_ENTER();
    if (flags & ~(ze_init_flags_t)(ZE_INIT_FLAG_GPU_ONLY | ZE_INIT_FLAG_VPU_ONLY))
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDriverGet(uint32_t *pCount, ze_driver_handle_t *phDrivers) {
    SIM_ENTER();
    SIM_COUNT_QUERY(pCount, 1u);
    if (phDrivers != NULL && *pCount > 0) phDrivers[0] = (ze_driver_handle_t)&g.driver;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDriverGetApiVersion(ze_driver_handle_t hDriver, ze_api_version_t *version) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(drv, sim__obj, SIM_K_DRIVER, hDriver);
    (void)drv;
    sim__unlock();
    if (version == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    *version = ZE_API_VERSION_CURRENT;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDriverGetProperties(ze_driver_handle_t hDriver, ze_driver_properties_t *p) {
#ifndef ZE_SIM_DRIVER2
    static const uint8_t uuid[ZE_MAX_DRIVER_UUID_SIZE] = "pti-cb ze_sim 01";
#else
    static const uint8_t uuid[ZE_MAX_DRIVER_UUID_SIZE] = "pti-cb ze_sim 02";
#endif
    SIM_ENTER();
    sim__lock();
    SIM_GET(drv, sim__obj, SIM_K_DRIVER, hDriver);
    (void)drv;
    sim__unlock();
    if (p == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    memcpy(p->uuid.id, uuid, sizeof p->uuid.id);
    p->driverVersion = 1;
    /* zeMemFreeExt takes both policies besides the immediate one ("All drivers must support an
       immediate free policy, which is the default free policy") */
    for (ze_base_properties_t *x = p->pNext; x != NULL; x = x->pNext) {
        if (x->stype == ZE_STRUCTURE_TYPE_DRIVER_MEMORY_FREE_EXT_PROPERTIES)
            ((ze_driver_memory_free_ext_properties_t *)x)->freePolicies =
                ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE | ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE;
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDriverGetIpcProperties(ze_driver_handle_t hDriver, ze_driver_ipc_properties_t *p) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(drv, sim__obj, SIM_K_DRIVER, hDriver);
    (void)drv;
    sim__unlock();
    if (p == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    /* memory (zeMemGetIpcHandle and friends, also across processes) and event pools
       (zeEventPoolGetIpcHandle and friends, within the process) */
    p->flags = ZE_IPC_PROPERTY_FLAG_MEMORY | ZE_IPC_PROPERTY_FLAG_EVENT_POOL;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDriverGetExtensionProperties(ze_driver_handle_t hDriver, uint32_t *pCount,
                                                                 ze_driver_extension_properties_t *p) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(drv, sim__obj, SIM_K_DRIVER, hDriver);
    (void)drv;
    sim__unlock();
    (void)p;
    SIM_COUNT_QUERY(pCount, 0u);
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>device
   ------------------------------------------------------------------------------------------ */

#ifndef ZE_SIM_DRIVER2
#define SIM_DEVICE_ID 0x0bd5
#define SIM_DEVICE_UUID "ZESIMDEV"
#define SIM_DEVICE_NAME "Simulated Intel GPU (pti-callback ze_sim)"
#else
#define SIM_DEVICE_ID ZE_SIM2_DEVICE_ID
#define SIM_DEVICE_UUID "ZESIMDV2"
#define SIM_DEVICE_NAME "Simulated Intel GPU 2 (pti-callback ze_sim2)"
#endif

#define SIM_DEVICE_ENTRY(dev, hDevice, p) \
    SIM_ENTER(); \
    sim__lock(); \
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice); \
    sim__unlock(); \
    if (p == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER

static ze_result_t ZE_APICALL sim_zeDeviceGet(ze_driver_handle_t hDriver, uint32_t *pCount, ze_device_handle_t *phDevices) {
    uint32_t i;
    SIM_ENTER();
    sim__lock();
    SIM_GET(drv, sim__obj, SIM_K_DRIVER, hDriver);
    (void)drv;
    sim__unlock();
    SIM_COUNT_QUERY(pCount, g.ndev);
    if (phDevices != NULL) {
        for (i = 0; i < *pCount; i++) phDevices[i] = (ze_device_handle_t)&g.dev[i];
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetSubDevices(ze_device_handle_t hDevice, uint32_t *pCount,
                                                        ze_device_handle_t *phSubdevices) {
    SIM_DEVICE_ENTRY(dev, hDevice, pCount);
    (void)dev;
    (void)phSubdevices;
    *pCount = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetProperties(ze_device_handle_t hDevice, ze_device_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, p);
    p->type = ZE_DEVICE_TYPE_GPU;
    p->vendorId = 0x8086;
    p->deviceId = SIM_DEVICE_ID;
    p->flags = 0;
    p->subdeviceId = 0;
    p->coreClockRate = 1600;
    p->maxMemAllocSize = 4ull << 30;
    p->maxHardwareContexts = 65536;
    p->maxCommandQueuePriority = 0;
    p->numThreadsPerEU = 8;
    p->physicalEUSimdWidth = 8;
    p->numEUsPerSubslice = 8;
    p->numSubslicesPerSlice = 8;
    p->numSlices = 1;
    /* DEVICE_PROPERTIES: ns per tick; DEVICE_PROPERTIES_1_2: ticks per second. */
    p->timerResolution = p->stype == ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2 ? SIM_TICKS_PER_SECOND : SIM_NS_PER_TICK;
    p->timestampValidBits = 64;
    p->kernelTimestampValidBits = 32;
    memset(p->uuid.id, 0, sizeof p->uuid.id);
    memcpy(p->uuid.id, SIM_DEVICE_UUID, 8);
    p->uuid.id[15] = (uint8_t)(dev->index + 1);
    snprintf(p->name, sizeof p->name, "%s", SIM_DEVICE_NAME);
#ifdef SIM_SPEC_1_17
    /* Extension properties chained in pNext: what the sim implements of each. */
    for (ze_base_properties_t *x = p->pNext; x != NULL; x = x->pNext) {
        if (x->stype == ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES)
            ((ze_device_event_properties_t *)x)->flags = ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE |
                                                        ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_IPC |
                                                        ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION;
        else if (x->stype == ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES) {
            ((ze_mutable_command_list_exp_properties_t *)x)->mutableCommandListFlags = 0;
            ((ze_mutable_command_list_exp_properties_t *)x)->mutableCommandFlags =
                ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS | ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT |
                ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE | ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET |
                ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT | ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS |
                ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION;
        } else if (x->stype == ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES)
            ((ze_record_replay_graph_ext_properties_t *)x)->graphFlags = ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH;
        else if (x->stype == ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_PROPERTIES)
            ((ze_event_query_kernel_timestamps_ext_properties_t *)x)->flags =
                ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_KERNEL | ZE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_FLAG_SYNCHRONIZED;
        else if (x->stype == ZE_STRUCTURE_TYPE_DEVICE_READONLY_MEMORY_EXT_PROPERTIES) /* not enforced (>>vmem) */
            ((ze_device_readonly_memory_ext_properties_t *)x)->readonlyCapability = ZE_DEVICE_READONLY_MEMORY_CAPABILITY_NONE;
    }
#endif
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetComputeProperties(ze_device_handle_t hDevice, ze_device_compute_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, p);
    (void)dev;
    p->maxTotalGroupSize = SIM_MAX_GROUP_SIZE;
    p->maxGroupSizeX = SIM_MAX_GROUP_SIZE;
    p->maxGroupSizeY = SIM_MAX_GROUP_SIZE;
    p->maxGroupSizeZ = 64;
    p->maxGroupCountX = p->maxGroupCountY = p->maxGroupCountZ = 0xffffffffu;
    p->maxSharedLocalMemory = 65536;
    p->numSubGroupSizes = 3;
    memset(p->subGroupSizes, 0, sizeof p->subGroupSizes);
    p->subGroupSizes[0] = 8;
    p->subGroupSizes[1] = 16;
    p->subGroupSizes[2] = 32;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetModuleProperties(ze_device_handle_t hDevice, ze_device_module_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, p);
    (void)dev;
    p->spirvVersionSupported = ZE_MAKE_VERSION(1, SIM_SPIRV_MAX_MINOR);
    p->flags = ZE_DEVICE_MODULE_FLAG_FP16 | ZE_DEVICE_MODULE_FLAG_INT64_ATOMICS;
    p->fp16flags = p->fp32flags = ZE_DEVICE_FP_FLAG_ROUND_TO_NEAREST | ZE_DEVICE_FP_FLAG_FMA;
    p->fp64flags = 0;
    p->maxArgumentsSize = 2048;
    p->printfBufferSize = 4u << 20;
    memset(p->nativeKernelSupported.id, 0, sizeof p->nativeKernelSupported.id);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetCommandQueueGroupProperties(ze_device_handle_t hDevice, uint32_t *pCount,
                                                                         ze_command_queue_group_properties_t *p) {
    uint32_t i;
    SIM_DEVICE_ENTRY(dev, hDevice, pCount);
    (void)dev;
    SIM_COUNT_QUERY(pCount, 2u);
    for (i = 0; p != NULL && i < *pCount; i++) {
        p[i].flags = i == 0 ? ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE | ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY |
                                  ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COOPERATIVE_KERNELS
                            : ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY;
        p[i].maxMemoryFillPatternSize = SIM_MAX_FILL_PATTERN;
        p[i].numQueues = i == 0 ? 4 : 2;
    }
    return ZE_RESULT_SUCCESS;
}

static uint32_t sim__group_num_queues(uint32_t ordinal) { return ordinal == 0 ? 4 : 2; }

static ze_result_t ZE_APICALL sim_zeDeviceGetMemoryProperties(ze_device_handle_t hDevice, uint32_t *pCount,
                                                              ze_device_memory_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, pCount);
    (void)dev;
    SIM_COUNT_QUERY(pCount, 1u);
    if (p != NULL && *pCount > 0) {
        p->flags = 0;
        p->maxClockRate = 1600;
        p->maxBusWidth = 64;
        p->totalSize = 16ull << 30;
        snprintf(p->name, sizeof p->name, "HBM");
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetMemoryAccessProperties(ze_device_handle_t hDevice,
                                                                    ze_device_memory_access_properties_t *p) {
    const ze_memory_access_cap_flags_t rw = ZE_MEMORY_ACCESS_CAP_FLAG_RW | ZE_MEMORY_ACCESS_CAP_FLAG_ATOMIC;
    SIM_DEVICE_ENTRY(dev, hDevice, p);
    (void)dev;
    p->hostAllocCapabilities = rw;
    p->deviceAllocCapabilities = rw;
    p->sharedSingleDeviceAllocCapabilities = rw;
    p->sharedCrossDeviceAllocCapabilities = 0;
    p->sharedSystemAllocCapabilities = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetCacheProperties(ze_device_handle_t hDevice, uint32_t *pCount,
                                                             ze_device_cache_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, pCount);
    (void)dev;
    SIM_COUNT_QUERY(pCount, 1u);
    if (p != NULL && *pCount > 0) {
        p->flags = 0;
        p->cacheSize = 16u << 20;
    }
    return ZE_RESULT_SUCCESS;
}

/* Images are not simulated: every limit is 0 and the image entry points are absent
   (the loader answers ZE_RESULT_ERROR_UNSUPPORTED_FEATURE). */
static ze_result_t ZE_APICALL sim_zeDeviceGetImageProperties(ze_device_handle_t hDevice, ze_device_image_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, p);
    (void)dev;
    p->maxImageDims1D = p->maxImageDims2D = p->maxImageDims3D = 0;
    p->maxImageBufferSize = 0;
    p->maxImageArraySlices = p->maxSamplers = p->maxReadImageArgs = p->maxWriteImageArgs = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetExternalMemoryProperties(ze_device_handle_t hDevice,
                                                                      ze_device_external_memory_properties_t *p) {
    SIM_DEVICE_ENTRY(dev, hDevice, p);
    (void)dev;
    p->memoryAllocationImportTypes = p->memoryAllocationExportTypes = 0;
    p->imageImportTypes = p->imageExportTypes = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetP2PProperties(ze_device_handle_t hDevice, ze_device_handle_t hPeer,
                                                           ze_device_p2p_properties_t *p) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    SIM_GET(peer, sim__device, SIM_K_DEVICE, hPeer);
    (void)dev;
    (void)peer;
    sim__unlock();
    if (p == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    p->flags = ZE_DEVICE_P2P_PROPERTY_FLAG_ACCESS;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceCanAccessPeer(ze_device_handle_t hDevice, ze_device_handle_t hPeer,
                                                        ze_bool_t *value) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    SIM_GET(peer, sim__device, SIM_K_DEVICE, hPeer);
    (void)dev;
    (void)peer;
    sim__unlock();
    if (value == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    *value = 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetStatus(ze_device_handle_t hDevice) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)dev;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeDeviceGetGlobalTimestamps(ze_device_handle_t hDevice, uint64_t *hostTimestamp,
                                                              uint64_t *deviceTimestamp) {
    uint64_t now;
    SIM_ENTER();
    sim__lock();
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)dev;
    sim__unlock();
    if (hostTimestamp == NULL || deviceTimestamp == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    now = sim__now_ns();
    *hostTimestamp = now;
    *deviceTimestamp = sim__ns_to_ticks(now);
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>context
   ------------------------------------------------------------------------------------------ */

static ze_result_t sim__context_create(ze_driver_handle_t hDriver, const ze_context_desc_t *desc,
                                       uint32_t numDevices, ze_device_handle_t *phDevices,
                                       ze_context_handle_t *phContext) {
    sim__context *c;
    uint32_t i;
    ze_result_t res_;
    sim__lock();
    SIM_GET(drv, sim__obj, SIM_K_DRIVER, hDriver);
    (void)drv;
    if (desc == NULL || phContext == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (numDevices > 0 && phDevices == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    for (i = 0; i < numDevices; i++) {
        SIM_GET(dev, sim__device, SIM_K_DEVICE, phDevices[i]);
        (void)dev;
    }
    if (desc->flags & ~(ze_context_flags_t)ZE_CONTEXT_FLAG_TBD) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    c = calloc(1, sizeof *c);
    if (c == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    sim__reg_add(&c->h, SIM_K_CONTEXT);
    sim__unlock();
    *phContext = (ze_context_handle_t)c;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeContextCreate(ze_driver_handle_t hDriver, const ze_context_desc_t *desc,
                                                  ze_context_handle_t *phContext) {
    SIM_ENTER();
    return sim__context_create(hDriver, desc, 0, NULL, phContext);
}

static ze_result_t ZE_APICALL sim_zeContextCreateEx(ze_driver_handle_t hDriver, const ze_context_desc_t *desc,
                                                    uint32_t numDevices, ze_device_handle_t *phDevices,
                                                    ze_context_handle_t *phContext) {
    SIM_ENTER();
    return sim__context_create(hDriver, desc, numDevices, phDevices, phContext);
}

static ze_result_t ZE_APICALL sim_zeContextDestroy(ze_context_handle_t hContext) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(c, sim__context, SIM_K_CONTEXT, hContext);
    sim__reg_del(&c->h);
    sim__unlock();
    free(c);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeContextGetStatus(ze_context_handle_t hContext) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(c, sim__context, SIM_K_CONTEXT, hContext);
    (void)c;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeContextSystemBarrier(ze_context_handle_t hContext, ze_device_handle_t hDevice) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(c, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)c;
    (void)dev;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t sim__context_residency(ze_context_handle_t hContext, ze_device_handle_t hDevice, void *ptr) {
    ze_result_t res_;
    sim__lock();
    SIM_GET(c, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)c;
    (void)dev;
    sim__unlock();
    return ptr == NULL ? ZE_RESULT_ERROR_INVALID_NULL_POINTER : ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeContextMakeMemoryResident(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                              void *ptr, size_t size) {
    SIM_ENTER();
    (void)size;
    return sim__context_residency(hContext, hDevice, ptr);
}

static ze_result_t ZE_APICALL sim_zeContextEvictMemory(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                       void *ptr, size_t size) {
    SIM_ENTER();
    (void)size;
    return sim__context_residency(hContext, hDevice, ptr);
}

/* ------------------------------------------------------------------------------------------
   >>memory: host memory underneath, registered so that properties resolve interior pointers.
   Host and shared allocations come from the heap. Device allocations are pages of their own
   from mmap, so that zeMemGetIpcHandle can put a memfd under them (>>ipc-memory).
   ------------------------------------------------------------------------------------------ */

/* The operating system's page size (sysconf, read at load). */
static size_t sim__page = 4096;

/* v rounded up to a multiple of a (a power of two); SIZE_MAX when that overflows. */
static size_t sim__round_up(size_t v, size_t a) {
    return v > SIZE_MAX - (a - 1) ? SIZE_MAX : (v + a - 1) & ~(a - 1);
}

/* len bytes of new anonymous pages at an address aligned to `align` (a power of two, at least a
   page), protection `prot`, extra mmap flags `flags`; NULL when the address space has no room. */
static void *sim__map_aligned(size_t len, size_t align, int prot, int flags) {
    size_t span;
    uint8_t *m, *a;
    if (align < sim__page) align = sim__page;
    if (len > SIZE_MAX - align) return NULL;
    span = len + align - sim__page;
    m = mmap(NULL, span, prot, MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
    if (m == MAP_FAILED) return NULL;
    a = (uint8_t *)(((uintptr_t)m + align - 1) & ~(uintptr_t)(align - 1));
    if (a > m) munmap(m, (size_t)(a - m));
    if (m + span > a + len) munmap(a + len, (size_t)(m + span - (a + len)));
    return a;
}

/* Caller holds g.mtx. */
static sim__alloc *sim__alloc_find(const void *p) {
    sim__alloc *a;
    for (a = g.allocs; a != NULL; a = a->next) {
        const uint8_t *b = a->base;
        if ((const uint8_t *)p >= b && (const uint8_t *)p < b + a->size) return a;
    }
    return NULL;
}

/* The entry of `origin` that starts at p, unlinked from g.allocs when `unlink`. g.mtx held. */
static sim__alloc *sim__alloc_at(const void *p, sim__origin origin, bool unlink) {
    sim__alloc **pp, *a;
    for (pp = &g.allocs; (a = *pp) != NULL; pp = &a->next) {
        if (a->base == p && a->origin == origin) {
            if (unlink) {
                *pp = a->next;
                g.nallocs--;
            }
            return a;
        }
    }
    return NULL;
}

/* Gives back an entry's memory and the entry, g.mtx NOT held. A mapping's pages belong to its
   reservation (the caller restored them). */
static void sim__alloc_release(sim__alloc *a) {
    if (a->map != NULL) munmap(a->map, a->map_len);
    else if (a->origin == SIM_ALLOC_USM) free(a->base);
    if (a->fd >= 0) close(a->fd);
    free(a);
}

/* Drops the IPC handles that name allocation a or physical memory p: what zeMemPutIpcHandle does
   for each, and what "is eventually done by zeMemFree" when it was not called (programming
   guide, "Inter-Process Communication", Memory). g.mtx held. */
static void sim__mexports_drop(const sim__alloc *a, const struct sim__phys *p) {
    sim__mexport **pp = &g.mexports, *x;
    while ((x = *pp) != NULL) {
        if ((a != NULL && x->alloc == a) || (p != NULL && x->phys == p)) {
            *pp = x->next;
            close(x->fd);
            free(x);
            g.nmexports--;
        } else {
            pp = &x->next;
        }
    }
}

/* What each engine with unfinished work has been given so far (*n marks, *out NULL when there
   are none). false: out of memory. g.mtx held. */
static bool sim__marks_take(sim__mark **out, uint32_t *n) {
    sim__engine *e;
    uint32_t k = 0;
    *out = NULL;
    *n = 0;
    for (e = g.engines; e != NULL; e = e->next) k += e->completed < e->submitted;
    if (k == 0) return true;
    if ((*out = calloc(k, sizeof **out)) == NULL) return false;
    for (e = g.engines; e != NULL; e = e->next) {
        if (e->completed < e->submitted) {
            (*out)[*n].e = e;
            (*out)[*n].serial = e->serial;
            (*out)[(*n)++].seq = e->submitted;
        }
    }
    return true;
}

/* Whether every engine of the marks completed what it had been given (an engine destroyed
   since completed everything: zeCommandQueueDestroy and immediate lists wait for it). As
   zeDeviceSynchronize, counts completed commands. g.mtx held. */
static bool sim__marks_done(const sim__mark *m, uint32_t n) {
    uint32_t i;
    for (i = 0; i < n; i++) {
        const sim__engine *e;
        for (e = g.engines; e != NULL && !(e == m[i].e && e->serial == m[i].serial); e = e->next) {}
        if (e != NULL && e->completed < m[i].seq) return false;
    }
    return true;
}

/* Releases the memory of deferred frees whose commands have completed. g.mtx NOT held. */
static void sim__reap(void) {
    sim__deferred *ready = NULL, **pp, *d;
    sim__lock();
    for (pp = &g.deferred; (d = *pp) != NULL;) {
        if (sim__marks_done(d->marks, d->nmarks)) {
            *pp = d->next;
            d->next = ready;
            ready = d;
            g.ndeferred--;
        } else {
            pp = &d->next;
        }
    }
    sim__unlock();
    while ((d = ready) != NULL) {
        ready = d->next;
        sim__alloc_release(d->a);
        free(d->marks);
        free(d);
    }
}

static ze_result_t sim__mem_alloc(ze_context_handle_t hContext, ze_device_handle_t hDevice, bool need_device,
                                  ze_memory_type_t type, size_t size, size_t alignment, void **pptr) {
    sim__alloc *a;
    void *mem = NULL;
    ze_result_t res_;
    sim__device *dev = NULL;
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (need_device || hDevice != NULL) {
        dev = sim__get(hDevice, SIM_K_DEVICE, &res_);
        if (dev == NULL) {
            sim__unlock();
            return res_;
        }
    }
    sim__unlock();
    if (pptr == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (size == 0 || size > (4ull << 30)) return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    if (alignment != 0 && !sim__is_pow2(alignment)) return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    if (alignment < SIM_DEFAULT_ALIGN) alignment = SIM_DEFAULT_ALIGN;
    a = calloc(1, sizeof *a);
    if (a != NULL && type == ZE_MEMORY_TYPE_DEVICE) {
        a->map_len = sim__round_up(size, sim__page);
        a->map = mem = sim__map_aligned(a->map_len, alignment, PROT_READ | PROT_WRITE, 0);
    } else if (a != NULL && posix_memalign(&mem, alignment, size) != 0) {
        mem = NULL;
    }
    if (mem == NULL) {
        free(a);
        return type == ZE_MEMORY_TYPE_HOST ? ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY : ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
    }
    a->base = mem;
    a->size = size;
    a->type = type;
    a->dev = dev;
    a->origin = SIM_ALLOC_USM;
    a->page_size = sim__page;
    a->fd = -1;
    sim__lock();
    a->id = ++g.next_alloc_id;
    a->next = g.allocs;
    g.allocs = a;
    g.nallocs++;
    sim__unlock();
    *pptr = mem;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeMemAllocShared(ze_context_handle_t hContext, const ze_device_mem_alloc_desc_t *device_desc,
                                                   const ze_host_mem_alloc_desc_t *host_desc, size_t size, size_t alignment,
                                                   ze_device_handle_t hDevice, void **pptr) {
    SIM_ENTER();
    if (device_desc == NULL || host_desc == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    return sim__mem_alloc(hContext, hDevice, false, ZE_MEMORY_TYPE_SHARED, size, alignment, pptr);
}

static ze_result_t ZE_APICALL sim_zeMemAllocDevice(ze_context_handle_t hContext, const ze_device_mem_alloc_desc_t *device_desc,
                                                   size_t size, size_t alignment, ze_device_handle_t hDevice, void **pptr) {
    SIM_ENTER();
    if (device_desc == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    return sim__mem_alloc(hContext, hDevice, true, ZE_MEMORY_TYPE_DEVICE, size, alignment, pptr);
}

static ze_result_t ZE_APICALL sim_zeMemAllocHost(ze_context_handle_t hContext, const ze_host_mem_alloc_desc_t *host_desc,
                                                 size_t size, size_t alignment, void **pptr) {
    SIM_ENTER();
    if (host_desc == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    return sim__mem_alloc(hContext, NULL, false, ZE_MEMORY_TYPE_HOST, size, alignment, pptr);
}

/* zeMemFree and zeMemFreeExt: only pointers zeMemAlloc* returned (an opened IPC pointer "should
   not be freed with zeMemFree, but rather with zeMemCloseIpcHandle"; mapped virtual memory is
   no allocation of theirs): ZE_RESULT_ERROR_INVALID_ARGUMENT otherwise. The free policy
   (ze_driver_memory_free_policy_ext_flag_t, ze_api.h):
   - 0, zeMemFree: "The implementation will use the default and immediate policy to schedule all
     Host and Device allocations associated with this memory to be freed, without any safety
     checking": freed at once.
   - BLOCKING_FREE: "Blocks until all commands using the memory are complete before scheduling
     memory to be freed".
   - DEFER_FREE: "Immediately schedules the memory to be freed and returns without blocking.
     Memory may be freed after all commands using the memory are complete": the pointer is no
     allocation any more when the call returns; its memory stays until then (sim__reap).
   The sim does not know which memory a kernel uses, so "all commands using the memory" are all
   commands submitted to the device before the call (a superset). */
static ze_result_t sim__mem_free(ze_context_handle_t hContext, void *ptr, uint32_t policy) {
    sim__alloc *a;
    sim__mark *marks = NULL;
    uint32_t nmarks = 0;
    sim__deferred *d = NULL;
    ze_result_t res_;
    sim__reap();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (sim__alloc_at(ptr, SIM_ALLOC_USM, false) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    if (policy != 0 && (!sim__marks_take(&marks, &nmarks) ||
                        (policy == ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE && nmarks > 0 &&
                         (d = calloc(1, sizeof *d)) == NULL))) {
        sim__unlock();
        free(marks);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (policy == ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE) {
        while (!sim__marks_done(marks, nmarks)) {
            if (atomic_load(&g.stopping)) {
                sim__unlock();
                free(marks);
                return ZE_RESULT_ERROR_DEVICE_LOST;
            }
            pthread_cond_wait(&g.cv, &g.mtx);
        }
    }
    /* "The application must not call this function from simultaneous threads with the same
       pointer": if it did while this call blocked, the pointer is gone */
    if ((a = sim__alloc_at(ptr, SIM_ALLOC_USM, true)) == NULL) {
        sim__unlock();
        free(marks);
        free(d);
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    sim__mexports_drop(a, NULL);
    if (d != NULL) {
        d->a = a;
        d->marks = marks;
        d->nmarks = nmarks;
        d->next = g.deferred;
        g.deferred = d;
        g.ndeferred++;
        marks = NULL;
        a = NULL;
    }
    sim__unlock();
    free(marks);
    if (a != NULL) sim__alloc_release(a);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeMemFree(ze_context_handle_t hContext, void *ptr) {
    SIM_ENTER();
    return sim__mem_free(hContext, ptr, 0);
}

/* zeMemFreeExt (1.3, ZE_extension_memory_free_policies): "0x3 < pMemFreeDesc->freePolicy" is
   ZE_RESULT_ERROR_INVALID_ENUMERATION; the policy "must be 0 (default) or a supported
   ze_driver_memory_free_policy_ext_flag_t" - one of them: both at once is
   ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION. */
static ze_result_t ZE_APICALL sim_zeMemFreeExt(ze_context_handle_t hContext, const ze_memory_free_ext_desc_t *pMemFreeDesc,
                                               void *ptr) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    sim__unlock();
    if (pMemFreeDesc == NULL || ptr == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (pMemFreeDesc->freePolicy > 0x3u) return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    if (pMemFreeDesc->freePolicy == 0x3u) return ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION;
    return sim__mem_free(hContext, ptr, pMemFreeDesc->freePolicy);
}

/* For memory the sim did not allocate: "The application may query attributes of a memory
   allocation unrelated to the context. When this occurs, the returned allocation type will be
   ZE_MEMORY_TYPE_UNKNOWN" (so are pages of a reservation that nothing is mapped to). Mapped
   virtual memory and opened IPC pointers answer as in >>vmem and >>ipc-memory. */
static ze_result_t ZE_APICALL sim_zeMemGetAllocProperties(ze_context_handle_t hContext, const void *ptr,
                                                          ze_memory_allocation_properties_t *p,
                                                          ze_device_handle_t *phDevice) {
    sim__alloc *a;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL || p == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    a = sim__alloc_find(ptr);
    p->type = a ? a->type : ZE_MEMORY_TYPE_UNKNOWN;
    p->id = a ? a->id : 0;
    p->pageSize = a ? a->page_size : 0;
    if (phDevice != NULL) *phDevice = a && a->dev ? (ze_device_handle_t)a->dev : NULL;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeMemGetAddressRange(ze_context_handle_t hContext, const void *ptr, void **pBase,
                                                       size_t *pSize) {
    sim__alloc *a;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    a = sim__alloc_find(ptr);
    if (a != NULL) {
        if (pBase != NULL) *pBase = a->base;
        if (pSize != NULL) *pSize = a->size;
    }
    sim__unlock();
    return a ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

/* ------------------------------------------------------------------------------------------
   >>vmem: virtual and physical memory (ze_api.h, the "Virtual Memory Management" functions;
   programming guide, "Reserved Device Allocations"). A reservation is address space mapped
   PROT_NONE; a physical memory object is a memfd; zeVirtualMemMap maps the memfd's pages over the
   reservation's (MAP_SHARED | MAP_FIXED), so copies and fills reach the physical pages, and two
   mappings of one physical object alias.
   ------------------------------------------------------------------------------------------ */

/* The device's page: zeVirtualMemQueryPageSize for every size, the alignment of reservations,
   of device physical memory and of its mappings. */
#define SIM_VM_PAGE ((size_t)64 << 10)
/* The largest reservation (address space only) and physical memory object. */
#define SIM_VM_MAX_RESERVE ((size_t)1 << 40)
#define SIM_VM_MAX_PHYS ((size_t)4 << 30)
/* ze_physical_mem_desc_t.flags: 1.4 has ZE_PHYSICAL_MEM_FLAG_TBD (bit 0) only; 1.17 names bit 0
   ALLOCATE_ON_DEVICE and bit 1 ALLOCATE_ON_HOST ("0x3 < desc->flags" is invalid). */
#ifdef SIM_SPEC_1_17
#define SIM_PHYS_FLAGS 0x3u
#else
#define SIM_PHYS_FLAGS 0x1u
#endif
#define SIM_PHYS_FLAG_DEVICE 0x1u
#define SIM_PHYS_FLAG_HOST 0x2u

/* The reservation holding [p, p + n), or NULL. g.mtx held. */
static sim__vres *sim__vres_find(const void *p, size_t n) {
    sim__vres *r;
    for (r = g.vres; r != NULL; r = r->next) {
        if ((const uint8_t *)p >= r->base && (const uint8_t *)p < r->base + r->size)
            return n <= r->size - (size_t)((const uint8_t *)p - r->base) ? r : NULL;
    }
    return NULL;
}

/* r's access spans with [off, off + len) set to `access`: a new array (*nout spans), NULL when out
   of memory. The spans cover the reservation, sorted, adjacent ones of different access. */
static sim__span *sim__spans_with(const sim__vres *r, size_t off, size_t len, ze_memory_access_attribute_t access,
                                  uint32_t *nout) {
    sim__span *v = malloc((r->nspans + 2) * sizeof *v);
    uint32_t n = 0, i;
    bool placed = false;
    size_t end = off + len;
#define SIM_SPAN_PUSH(o, l, acc)                                                                     \
    do {                                                                                             \
        if (n > 0 && v[n - 1].access == (acc)) v[n - 1].len += (l);                                  \
        else v[n].off = (o), v[n].len = (l), v[n++].access = (acc);                                  \
    } while (0)
    if (v == NULL) return NULL;
    for (i = 0; i < r->nspans; i++) {
        const sim__span s = r->spans[i];
        if (s.off + s.len <= off || s.off >= end) {
            SIM_SPAN_PUSH(s.off, s.len, s.access);
            continue;
        }
        if (s.off < off) SIM_SPAN_PUSH(s.off, off - s.off, s.access);
        if (!placed) SIM_SPAN_PUSH(off, len, access);
        placed = true;
        if (s.off + s.len > end) SIM_SPAN_PUSH(end, s.off + s.len - end, s.access);
    }
#undef SIM_SPAN_PUSH
    *nout = n;
    return v;
}

static void sim__spans_replace(sim__vres *r, sim__span *v, uint32_t n) {
    free(r->spans);
    r->spans = v;
    r->nspans = n;
}

/* Gives the pages of a mapping back to its reservation (PROT_NONE, no memory) and forgets the
   mapping. g.mtx held. */
static void sim__unmap(sim__alloc *a) {
    sim__alloc **pp;
    mmap(a->base, a->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    for (pp = &g.allocs; *pp != NULL && *pp != a; pp = &(*pp)->next) {}
    if (*pp == a) {
        *pp = a->next;
        g.nallocs--;
    }
    a->phys->nmaps--;
    free(a);
}

/* zeVirtualMemQueryPageSize: "Queries page size to use for aligning virtual memory reservations
   and physical memory allocations": SIM_VM_PAGE whatever the size ("0 == size" is
   ZE_RESULT_ERROR_UNSUPPORTED_SIZE). */
static ze_result_t ZE_APICALL sim_zeVirtualMemQueryPageSize(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                            size_t size, size_t *pagesize) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)ctx;
    (void)dev;
    sim__unlock();
    if (pagesize == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (size == 0) return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    *pagesize = SIM_VM_PAGE;
    return ZE_RESULT_SUCCESS;
}

/* zeVirtualMemReserve: "The starting address and size must be page aligned" (a size that is not:
   ZE_RESULT_ERROR_UNSUPPORTED_SIZE, as "0 == size"); "If pStart is not null then implementation
   will attempt to reserve starting from that address. If not available then will find another
   suitable starting address" (an unaligned pStart is not available); "The access attributes will
   default to none". The kernel gives the address space, so a reservation overlaps no allocation,
   no other reservation and nothing else the process has mapped. */
static ze_result_t ZE_APICALL sim_zeVirtualMemReserve(ze_context_handle_t hContext, const void *pStart, size_t size,
                                                      void **pptr) {
    sim__vres *r;
    void *mem = NULL;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    sim__unlock();
    if (pptr == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (size == 0 || size % SIM_VM_PAGE != 0 || size > SIM_VM_MAX_RESERVE) return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    r = calloc(1, sizeof *r);
    if (r == NULL || (r->spans = malloc(sizeof *r->spans)) == NULL) {
        free(r);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (pStart != NULL && (uintptr_t)pStart % SIM_VM_PAGE == 0) {
        void *m = mmap((void *)(uintptr_t)pStart, size, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
        if (m == pStart) mem = m;
        else if (m != MAP_FAILED) munmap(m, size); /* a kernel that takes the flag as a hint */
    }
    if (mem == NULL) mem = sim__map_aligned(size, SIM_VM_PAGE, PROT_NONE, MAP_NORESERVE);
    if (mem == NULL) {
        free(r->spans);
        free(r);
        return ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
    }
    r->base = mem;
    r->size = size;
    r->spans[0].off = 0;
    r->spans[0].len = size;
    r->spans[0].access = ZE_MEMORY_ACCESS_ATTRIBUTE_NONE;
    r->nspans = 1;
    sim__lock();
    r->next = g.vres;
    g.vres = r;
    g.nvres++;
    sim__unlock();
    *pptr = mem;
    return ZE_RESULT_SUCCESS;
}

/* zeVirtualMemFree: a whole reservation ("pointer to start of region to free"; an address or a
   size that is not page aligned: ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT, ..._UNSUPPORTED_SIZE;
   no reservation there: ZE_RESULT_ERROR_INVALID_ARGUMENT). "Any existing virtual mappings for the
   range will be unmapped. Physical allocations objects that were mapped to this range will not
   be destroyed". Not simulated: freeing part of a reservation (ZE_RESULT_ERROR_UNSUPPORTED_FEATURE). */
static ze_result_t ZE_APICALL sim_zeVirtualMemFree(ze_context_handle_t hContext, const void *ptr, size_t size) {
    sim__vres **pp, *r;
    sim__alloc *a, *next;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (size == 0 || size % SIM_VM_PAGE != 0 || (uintptr_t)ptr % SIM_VM_PAGE != 0) {
        sim__unlock();
        return size == 0 || size % SIM_VM_PAGE != 0 ? ZE_RESULT_ERROR_UNSUPPORTED_SIZE : ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    }
    for (pp = &g.vres; *pp != NULL && (*pp)->base != ptr; pp = &(*pp)->next) {}
    if (*pp == NULL || (*pp)->size != size) {
        bool inside = sim__vres_find(ptr, 1) != NULL;
        sim__unlock();
        return inside ? ZE_RESULT_ERROR_UNSUPPORTED_FEATURE : ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    r = *pp;
    *pp = r->next;
    g.nvres--;
    for (a = g.allocs; a != NULL; a = next) {
        next = a->next;
        if (a->origin == SIM_ALLOC_MAPPED && a->res == r) sim__unmap(a);
    }
    munmap(r->base, r->size);
    sim__unlock();
    free(r->spans);
    free(r);
    return ZE_RESULT_SUCCESS;
}

/* zePhysicalMemCreate: a memfd of desc->size bytes. "The size must be page aligned. For host
   memory, the operating system page size should be used. For device memory, see
   zeVirtualMemQueryPageSize" (ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT; "0 == desc->size":
   ..._UNSUPPORTED_SIZE, as is more than 4 GiB). hDevice "can be nullptr if creating physical
   host memory" (1.17: ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST; with ..._ON_DEVICE too: no valid
   combination, ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION). Not simulated: external memory
   (ze_external_memory_export_desc_t, ze_external_memory_import_fd_t in pNext). */
static ze_result_t ZE_APICALL sim_zePhysicalMemCreate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                      ze_physical_mem_desc_t *desc,
                                                      ze_physical_mem_handle_t *phPhysicalMemory) {
    sim__phys *p;
    sim__device *dev = NULL;
    bool host;
    int fd;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    host = desc != NULL && (desc->flags & SIM_PHYS_FLAGS & SIM_PHYS_FLAG_HOST);
    if (!host || hDevice != NULL) {
        SIM_GET(d, sim__device, SIM_K_DEVICE, hDevice);
        dev = d;
    }
    sim__unlock();
    if (desc == NULL || phPhysicalMemory == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (desc->flags & ~SIM_PHYS_FLAGS) return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    if (host && (desc->flags & SIM_PHYS_FLAG_DEVICE)) return ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION;
    for (const ze_base_desc_t *x = desc->pNext; x != NULL; x = x->pNext) {
        if (x->stype == ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC || x->stype == ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD)
            return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    }
    if (desc->size == 0 || desc->size > SIM_VM_MAX_PHYS) return ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    if (desc->size % (host ? sim__page : SIM_VM_PAGE) != 0) return ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    p = calloc(1, sizeof *p);
    fd = memfd_create("ze_sim physical memory", MFD_CLOEXEC);
    if (p == NULL || fd < 0 || ftruncate(fd, (off_t)desc->size) != 0) {
        if (fd >= 0) close(fd);
        free(p);
        return host ? ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY : ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY;
    }
    p->dev = host ? NULL : dev;
    p->size = desc->size;
    p->fd = fd;
    sim__lock();
    p->id = ++g.next_alloc_id;
    sim__reg_add(&p->h, SIM_K_PHYS);
    sim__unlock();
    *phPhysicalMemory = (ze_physical_mem_handle_t)p;
    return ZE_RESULT_SUCCESS;
}

/* zePhysicalMemDestroy: "The application must ensure the device is not currently referencing the
   physical memory object before it is deleted": while mapped, ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE.
   Its IPC handles go with it; pointers opened from them keep the pages ("The driver must not
   release the underlying physical memory until all IPC handles referencing it have been closed"). */
static ze_result_t ZE_APICALL sim_zePhysicalMemDestroy(ze_context_handle_t hContext, ze_physical_mem_handle_t hPhysicalMemory) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(p, sim__phys, SIM_K_PHYS, hPhysicalMemory);
    (void)ctx;
    if (p->nmaps > 0) {
        sim__unlock();
        return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
    }
    sim__mexports_drop(NULL, p);
    sim__reg_del(&p->h);
    sim__unlock();
    close(p->fd);
    free(p);
    return ZE_RESULT_SUCCESS;
}

/* zeVirtualMemMap: "The virtual address range must have been reserved using zeVirtualMemReserve"
   (else ZE_RESULT_ERROR_INVALID_ARGUMENT, as is a range beyond the physical object's end); "The
   virtual start address and size must be page aligned", "offset ... must be page aligned": the
   device page for device physical memory, the operating system's for host physical memory
   ("The application should use, for the starting address and size, the same size alignment used
   for the physical allocation"); an address or offset that is not: ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT,
   a size: ..._UNSUPPORTED_SIZE. "ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY < access" is
   ZE_RESULT_ERROR_INVALID_ENUMERATION. A physical object may be mapped any number of times.
   Not simulated: mapping over pages already mapped (ZE_RESULT_ERROR_UNSUPPORTED_FEATURE; unmap
   them first). zeMemGetAllocProperties then sees the mapping as an allocation: device memory for
   device physical memory ("Reserved Device Allocations"), host memory for host physical memory,
   the page size its alignment, the physical object's device; zeMemGetAddressRange gives the
   mapping. */
static ze_result_t ZE_APICALL sim_zeVirtualMemMap(ze_context_handle_t hContext, const void *ptr, size_t size,
                                                  ze_physical_mem_handle_t hPhysicalMemory, size_t offset,
                                                  ze_memory_access_attribute_t access) {
    sim__vres *r = NULL;
    sim__alloc *a, *m;
    sim__span *spans;
    uint32_t nspans;
    size_t page;
    ze_result_t res = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(p, sim__phys, SIM_K_PHYS, hPhysicalMemory);
    (void)ctx;
    page = p->dev != NULL ? SIM_VM_PAGE : sim__page;
    if (ptr == NULL) res = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    else if ((uint32_t)access > ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY) res = ZE_RESULT_ERROR_INVALID_ENUMERATION;
    else if (size == 0 || size % page != 0) res = ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    else if ((uintptr_t)ptr % page != 0 || offset % page != 0) res = ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    else if (offset > p->size || size > p->size - offset || (r = sim__vres_find(ptr, size)) == NULL)
        res = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (res != ZE_RESULT_SUCCESS) {
        sim__unlock();
        return res;
    }
    for (m = g.allocs; m != NULL; m = m->next) {
        if (m->origin == SIM_ALLOC_MAPPED && m->res == r && (const uint8_t *)ptr < (uint8_t *)m->base + m->size &&
            (uint8_t *)m->base < (const uint8_t *)ptr + size) {
            sim__unlock();
            return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
        }
    }
    a = calloc(1, sizeof *a);
    spans = a ? sim__spans_with(r, (size_t)((const uint8_t *)ptr - r->base), size, access, &nspans) : NULL;
    if (spans == NULL) {
        sim__unlock();
        free(a);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (mmap((void *)(uintptr_t)ptr, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, p->fd, (off_t)offset) == MAP_FAILED) {
        sim__unlock();
        free(a);
        free(spans);
        return p->dev != NULL ? ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY : ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    sim__spans_replace(r, spans, nspans);
    a->base = (void *)(uintptr_t)ptr;
    a->size = size;
    a->type = p->dev != NULL ? ZE_MEMORY_TYPE_DEVICE : ZE_MEMORY_TYPE_HOST;
    a->dev = p->dev;
    a->id = ++g.next_alloc_id;
    a->origin = SIM_ALLOC_MAPPED;
    a->page_size = page;
    a->fd = -1;
    a->phys = p;
    a->phys_offset = offset;
    a->res = r;
    a->next = g.allocs;
    g.allocs = a;
    g.nallocs++;
    p->nmaps++;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* The checks zeVirtualMemUnmap, ...SetAccessAttribute and ...GetAccessAttribute share: ptr
   non-null, "Address must be page aligned" (ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT), "0 == size",
   "Size must be page aligned" (..._UNSUPPORTED_SIZE) - pages of the operating system, the
   smallest a mapping has - and a range inside one reservation (ZE_RESULT_ERROR_INVALID_ARGUMENT).
   On success returns with g.mtx held and *out the reservation. */
static ze_result_t sim__vm_range(ze_context_handle_t hContext, const void *ptr, size_t size, sim__vres **out) {
    ze_result_t res_;
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL) res_ = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    else if ((uintptr_t)ptr % sim__page != 0) res_ = ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT;
    else if (size == 0 || size % sim__page != 0) res_ = ZE_RESULT_ERROR_UNSUPPORTED_SIZE;
    else if ((*out = sim__vres_find(ptr, size)) == NULL) res_ = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else return ZE_RESULT_SUCCESS;
    sim__unlock();
    return res_;
}

/* zeVirtualMemUnmap: every mapping in the range goes; "The page access attributes for virtual
   address range will revert back to none". Pages of the range that are not mapped stay as they
   are. Not simulated: unmapping part of a mapping (ZE_RESULT_ERROR_UNSUPPORTED_FEATURE). */
static ze_result_t ZE_APICALL sim_zeVirtualMemUnmap(ze_context_handle_t hContext, const void *ptr, size_t size) {
    sim__vres *r;
    sim__alloc *a, *next;
    sim__span *spans;
    uint32_t nspans;
    const uint8_t *lo = ptr, *hi = (const uint8_t *)ptr + size;
    ze_result_t res;
    SIM_ENTER();
    if ((res = sim__vm_range(hContext, ptr, size, &r)) != ZE_RESULT_SUCCESS) return res;
    for (a = g.allocs; a != NULL; a = a->next) {
        const uint8_t *b = a->base;
        if (a->origin == SIM_ALLOC_MAPPED && a->res == r && b < hi && b + a->size > lo && (b < lo || b + a->size > hi)) {
            sim__unlock();
            return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
        }
    }
    spans = sim__spans_with(r, (size_t)(lo - r->base), size, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE, &nspans);
    if (spans == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    for (a = g.allocs; a != NULL; a = next) {
        next = a->next;
        if (a->origin == SIM_ALLOC_MAPPED && a->res == r && (const uint8_t *)a->base >= lo && (const uint8_t *)a->base < hi)
            sim__unmap(a);
    }
    sim__spans_replace(r, spans, nspans);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeVirtualMemSetAccessAttribute: any pages of a reservation, mapped or not
   ("ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY < access": ZE_RESULT_ERROR_INVALID_ENUMERATION). The
   attributes are kept and reported, not enforced: copies and fills write READONLY and NONE pages
   that are mapped (1.17, ze_device_readonly_memory_ext_properties_t:
   ZE_DEVICE_READONLY_MEMORY_CAPABILITY_NONE, "Read-only attribute has no effect"). */
static ze_result_t ZE_APICALL sim_zeVirtualMemSetAccessAttribute(ze_context_handle_t hContext, const void *ptr, size_t size,
                                                                 ze_memory_access_attribute_t access) {
    sim__vres *r;
    sim__span *spans;
    uint32_t nspans;
    ze_result_t res;
    SIM_ENTER();
    if (ptr != NULL && (uint32_t)access > ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY) {
        sim__lock();
        SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
        (void)ctx;
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    if ((res = sim__vm_range(hContext, ptr, size, &r)) != ZE_RESULT_SUCCESS) return res;
    spans = sim__spans_with(r, (size_t)((const uint8_t *)ptr - r->base), size, access, &nspans);
    if (spans != NULL) sim__spans_replace(r, spans, nspans);
    sim__unlock();
    return spans != NULL ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
}

/* zeVirtualMemGetAccessAttribute: the attribute of the page at ptr, and in *outSize the "size of
   virtual address range, starting at ptr, that shares same access attribute", at most size ("If
   size and outSize are equal then the pages in the specified virtual address range have the same
   access attributes"). */
static ze_result_t ZE_APICALL sim_zeVirtualMemGetAccessAttribute(ze_context_handle_t hContext, const void *ptr, size_t size,
                                                                 ze_memory_access_attribute_t *access, size_t *outSize) {
    sim__vres *r;
    size_t off;
    uint32_t i;
    ze_result_t res;
    SIM_ENTER();
    if (ptr != NULL && (access == NULL || outSize == NULL)) {
        sim__lock();
        SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
        (void)ctx;
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if ((res = sim__vm_range(hContext, ptr, size, &r)) != ZE_RESULT_SUCCESS) return res;
    off = (size_t)((const uint8_t *)ptr - r->base);
    for (i = 0; i + 1 < r->nspans && r->spans[i].off + r->spans[i].len <= off; i++) {}
    *access = r->spans[i].access;
    *outSize = r->spans[i].off + r->spans[i].len - off < size ? r->spans[i].off + r->spans[i].len - off : size;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

#ifdef SIM_SPEC_1_17
/* zePhysicalMemGetProperties (1.15): "unique identifier for the physical memory object" (from the
   allocations' sequence of ids) and its size. Not simulated: ze_external_memory_export_fd_t in
   pNext (no external memory), left untouched. */
static ze_result_t ZE_APICALL sim_zePhysicalMemGetProperties(ze_context_handle_t hContext, ze_physical_mem_handle_t hPhysicalMem,
                                                             ze_physical_mem_properties_t *pMemProperties) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(p, sim__phys, SIM_K_PHYS, hPhysicalMem);
    (void)ctx;
    if (pMemProperties == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    pMemProperties->id = p->id;
    pMemProperties->size = p->size;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}
#endif

/* ------------------------------------------------------------------------------------------
   >>ipc-memory: memory IPC handles, within the process and across processes. The handle names
   a memfd: a device allocation gets one under its pages at its first export (its contents
   copied, same address), physical memory is one. The opener maps the memfd at an address of
   its own: through the exporter's descriptor in this process, through /proc/<pid>/fd/<fd> in
   another (same user), checked against the memfd's identity.
   ------------------------------------------------------------------------------------------ */

#define SIM_MIPC_MAGIC "ZESIMMEM"
/* What a memory IPC handle's bytes hold. */
typedef struct sim__mipc {
    char magic[8];
    uint32_t pid;                         /* the exporting process */
    int32_t fd;                           /* its descriptor of the memfd */
    uint64_t dev, ino;                    /* the memfd's identity (fstat) */
    uint64_t offset, size;                /* the part named */
    uint64_t id;                          /* the export (sim__mexport) */
    uint32_t page_size;
    uint32_t type;                        /* ze_memory_type_t of the memory */
} sim__mipc;
_Static_assert(sizeof(sim__mipc) <= ZE_MAX_IPC_HANDLE_SIZE, "a memory IPC handle holds a sim__mipc");

static void sim__mipc_write(char *data, const sim__mexport *x) {
    sim__mipc h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, SIM_MIPC_MAGIC, sizeof h.magic);
    h.pid = (uint32_t)getpid();
    h.fd = x->fd;
    h.dev = x->dev;
    h.ino = x->ino;
    h.offset = x->offset;
    h.size = x->size;
    h.id = x->id;
    h.page_size = (uint32_t)x->page_size;
    h.type = (uint32_t)x->type;
    memset(data, 0, ZE_MAX_IPC_HANDLE_SIZE);
    memcpy(data, &h, sizeof h);
}

/* Reads a handle's bytes; false when they are no memory handle of this sim. */
static bool sim__mipc_read(const char *data, sim__mipc *h) {
    memcpy(h, data, sizeof *h);
    return memcmp(h->magic, SIM_MIPC_MAGIC, sizeof h->magic) == 0 && h->size > 0;
}

/* This process's export a handle names, or NULL (another process's, put, or freed). g.mtx held. */
static sim__mexport *sim__mexport_of(const sim__mipc *h) {
    sim__mexport *x;
    if (h->pid != (uint32_t)getpid()) return NULL;
    for (x = g.mexports; x != NULL && x->id != h->id; x = x->next) {}
    return x;
}

/* Puts a memfd under device allocation a: same address, same contents (copied once, at the
   first export; device work writing the allocation at that moment may be lost). g.mtx held. */
static bool sim__alloc_share(sim__alloc *a) {
    int fd = memfd_create("ze_sim device memory", MFD_CLOEXEC);
    size_t done = 0;
    if (fd < 0) return false;
    if (ftruncate(fd, (off_t)a->map_len) != 0) goto fail;
    while (done < a->map_len) {
        ssize_t w = pwrite(fd, (const uint8_t *)a->map + done, a->map_len - done, (off_t)done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) goto fail;
        done += (size_t)w;
    }
    if (mmap(a->map, a->map_len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) goto fail;
    a->fd = fd;
    return true;
fail:
    close(fd);
    return false;
}

/* zeMemGetIpcHandle: "Takes a pointer to a device memory allocation"; 1.4: "The pointer must be
   base pointer of the device memory allocation; i.e. the value returned from zeMemAllocDevice"
   (any other pointer - interior, host, shared, opened from a handle, not allocated -:
   ZE_RESULT_ERROR_INVALID_ARGUMENT). 1.17 also: "The pointer may also be a physical memory handle
   cast to void*" (the whole object) and, programming guide "Inter-Process Communication",
   "After mapping a physical memory object to a virtual address using zeVirtualMemMap, the mapped
   virtual address pointer can be passed directly" (the start of a mapping: the pages it maps).
   The same memory gives the same handle until it is put. */
static ze_result_t ZE_APICALL sim_zeMemGetIpcHandle(ze_context_handle_t hContext, const void *ptr, ze_ipc_mem_handle_t *pIpcHandle) {
    sim__alloc *a = NULL;
    sim__phys *p = NULL;
    sim__mexport *x;
    size_t offset = 0, size = 0;
    struct stat st;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL || pIpcHandle == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
#ifdef SIM_SPEC_1_17
    if ((p = sim__find(ptr, SIM_K_PHYS)) != NULL) size = p->size;
#endif
    if (p == NULL) {
        a = sim__alloc_at(ptr, SIM_ALLOC_USM, false);
        if (a != NULL && a->type == ZE_MEMORY_TYPE_DEVICE) size = a->size;
#ifdef SIM_SPEC_1_17
        else if ((a = sim__alloc_at(ptr, SIM_ALLOC_MAPPED, false)) != NULL) {
            p = a->phys;
            offset = a->phys_offset;
            size = a->size;
            a = NULL;
        }
#endif
        else a = NULL;
    }
    if (a == NULL && p == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    for (x = g.mexports; x != NULL && !(x->alloc == a && x->phys == p && x->offset == offset && x->size == size); x = x->next) {}
    if (x == NULL) {
        if ((a != NULL && a->fd < 0 && !sim__alloc_share(a)) || (x = calloc(1, sizeof *x)) == NULL) {
            sim__unlock();
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        }
        x->fd = fcntl(a != NULL ? a->fd : p->fd, F_DUPFD_CLOEXEC, 0);
        if (x->fd < 0 || fstat(x->fd, &st) != 0) {
            if (x->fd >= 0) close(x->fd);
            sim__unlock();
            free(x);
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        }
        x->id = ++g.next_export;
        x->dev = (uint64_t)st.st_dev;
        x->ino = (uint64_t)st.st_ino;
        x->offset = offset;
        x->size = size;
        x->alloc = a;
        x->phys = p;
        x->type = a != NULL || p->dev != NULL ? ZE_MEMORY_TYPE_DEVICE : ZE_MEMORY_TYPE_HOST;
        x->page_size = a != NULL ? a->page_size : p->dev != NULL ? SIM_VM_PAGE : sim__page;
        x->next = g.mexports;
        g.mexports = x;
        g.nmexports++;
    }
    sim__mipc_write(pIpcHandle->data, x);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeMemOpenIpcHandle: "Multiple calls to this function with the same IPC handle will return
   unique pointers": each call maps the memory at a new address, which aliases the exporter's
   ("there is no guaranteed address equivalence"), in this process too. "0x3 < flags" is
   ZE_RESULT_ERROR_INVALID_ENUMERATION; bytes that are no handle of this sim, a handle put or whose
   memory was freed, or one whose process is gone: ZE_RESULT_ERROR_INVALID_ARGUMENT. The opened
   pointer is an allocation of the exported memory's type, associated with hDevice (device
   memory), until zeMemCloseIpcHandle. */
static ze_result_t ZE_APICALL sim_zeMemOpenIpcHandle(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                     ze_ipc_mem_handle_t handle, ze_ipc_memory_flags_t flags, void **pptr) {
    sim__mipc h;
    sim__mexport *x;
    sim__alloc *a;
    void *m;
    size_t len;
    int fd = -1;
    struct stat st;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)ctx;
    sim__unlock();
    if (flags > 0x3u) return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    if (pptr == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (!sim__mipc_read(handle.data, &h) || h.size > SIZE_MAX - sim__page) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if ((a = calloc(1, sizeof *a)) == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    len = sim__round_up((size_t)h.size, sim__page);
    if (h.pid != (uint32_t)getpid()) {
        char path[64];
        snprintf(path, sizeof path, "/proc/%u/fd/%d", (unsigned)h.pid, (int)h.fd);
        fd = open(path, O_RDWR | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &st) != 0 || (uint64_t)st.st_dev != h.dev || (uint64_t)st.st_ino != h.ino) {
            if (fd >= 0) close(fd);
            free(a);
            return ZE_RESULT_ERROR_INVALID_ARGUMENT;
        }
    }
    sim__lock();
    x = fd < 0 ? sim__mexport_of(&h) : NULL;
    if (fd < 0 && x == NULL) {
        sim__unlock();
        free(a);
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd >= 0 ? fd : x->fd, (off_t)h.offset);
    if (fd >= 0) close(fd); /* the mapping keeps the memory */
    if (m == MAP_FAILED) {
        sim__unlock();
        free(a);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    a->base = a->map = m;
    a->map_len = len;
    a->size = (size_t)h.size;
    a->type = (ze_memory_type_t)h.type;
    a->dev = a->type == ZE_MEMORY_TYPE_DEVICE ? dev : NULL;
    a->id = ++g.next_alloc_id;
    a->origin = SIM_ALLOC_IPC;
    a->page_size = h.page_size;
    a->fd = -1;
    a->next = g.allocs;
    g.allocs = a;
    g.nallocs++;
    sim__unlock();
    *pptr = m;
    return ZE_RESULT_SUCCESS;
}

/* zeMemCloseIpcHandle: "Closes an IPC memory handle by unmapping memory that was opened in this
   process using zeMemOpenIpcHandle" (any other pointer: ZE_RESULT_ERROR_INVALID_ARGUMENT). */
static ze_result_t ZE_APICALL sim_zeMemCloseIpcHandle(ze_context_handle_t hContext, const void *ptr) {
    sim__alloc *a;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (ptr == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    a = sim__alloc_at(ptr, SIM_ALLOC_IPC, true);
    sim__unlock();
    if (a == NULL) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    sim__alloc_release(a);
    return ZE_RESULT_SUCCESS;
}

#ifdef SIM_SPEC_1_17
/* zeMemPutIpcHandle (1.6): "Returns an IPC memory handle to the driver ... it may close the file
   descriptor contained in the IPC handle": it does, so opening the handle afterwards fails here
   and in other processes (ZE_RESULT_ERROR_INVALID_ARGUMENT); pointers opened before keep the
   memory; "This call does not free the original allocation". A handle that is not one this
   process gave out (or already put): ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeMemPutIpcHandle(ze_context_handle_t hContext, ze_ipc_mem_handle_t handle) {
    sim__mipc h;
    sim__mexport **pp, *x = NULL;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (sim__mipc_read(handle.data, &h) && sim__mexport_of(&h) != NULL) {
        for (pp = &g.mexports; (x = *pp)->id != h.id; pp = &x->next) {}
        *pp = x->next;
        g.nmexports--;
    }
    sim__unlock();
    if (x == NULL) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    close(x->fd);
    free(x);
    return ZE_RESULT_SUCCESS;
}

/* zeMemGetFileDescriptorFromIpcHandleExp (1.6): the descriptor a handle of this process holds
   (its own, valid until the handle is put or its memory freed). Any other bytes:
   ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeMemGetFileDescriptorFromIpcHandleExp(ze_context_handle_t hContext,
                                                                         ze_ipc_mem_handle_t ipcHandle, uint64_t *pHandle) {
    sim__mipc h;
    sim__mexport *x;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (pHandle == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    x = sim__mipc_read(ipcHandle.data, &h) ? sim__mexport_of(&h) : NULL;
    if (x != NULL) *pHandle = (uint64_t)x->fd;
    sim__unlock();
    return x != NULL ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

/* zeMemGetIpcHandleFromFileDescriptorExp (1.6): "Handle passed must be a valid file descriptor
   obtained with ze_external_memory_export_fd_t via zeMemGetAllocProperties or
   zePhysicalMemGetProperties". The sim has no external memory, so the descriptors it takes are
   those zeMemGetFileDescriptorFromIpcHandleExp gives: the handle back. Any other:
   ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeMemGetIpcHandleFromFileDescriptorExp(ze_context_handle_t hContext, uint64_t handle,
                                                                         ze_ipc_mem_handle_t *pIpcHandle) {
    sim__mexport *x;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (pIpcHandle == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    for (x = g.mexports; x != NULL && (uint64_t)x->fd != handle; x = x->next) {}
    if (x != NULL) sim__mipc_write(pIpcHandle->data, x);
    sim__unlock();
    return x != NULL ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT;
}
#endif

/* ------------------------------------------------------------------------------------------
   >>spirv: the kernels of a SPIR-V module. The rules cite the SPIR-V specification (unified,
   1.6: 2.2.1 Literal String, 2.3 Physical Layout, 2.4 Logical Layout, 2.16.1 Universal
   Validation Rules, 3.1 Magic Number, OpEntryPoint) and Level Zero's "SPIR-V Programming Guide"
   (SPIRV.rst of level-zero-spec).
   The sim checks the layout it reads, not the instructions' semantics.
   ------------------------------------------------------------------------------------------ */

#define SIM_SPIRV_MAGIC 0x07230203u
enum {
    SIM_SPV_OP_MEMORY_MODEL = 14, SIM_SPV_OP_ENTRY_POINT = 15, SIM_SPV_OP_CAPABILITY = 17,
    SIM_SPV_OP_TYPE_VOID = 19, SIM_SPV_OP_FUNCTION = 54, SIM_SPV_OP_FUNCTION_PARAMETER = 55,
    SIM_SPV_OP_FUNCTION_END = 56
};
enum { SIM_SPV_MODEL_KERNEL = 6, SIM_SPV_CAP_LINKAGE = 5, SIM_SPV_ADDR_PHYSICAL64 = 2, SIM_SPV_MEM_OPENCL = 2 };

/* zeSimSetSpirvKernelDuration / ZE_SIM_SPIRV_KERNEL_NS: read when a module is created. */
static uint64_t sim__spirv_ns = ZE_SIM_SPIRV_DEFAULT_NS;

static uint32_t sim__word(const uint8_t *p, size_t i) {
    uint32_t w;
    memcpy(&w, p + 4 * i, sizeof w); /* the input need not be aligned */
    return w;
}

/* Whether the input starts with the magic number, in host byte order or the other (3.1: "the
   magic number can be used to deduce what endianness to apply"). */
static bool sim__is_spirv(const uint8_t *p, size_t n) {
    uint32_t w;
    if (n < 4) return false;
    w = sim__word(p, 0);
    return w == SIM_SPIRV_MAGIC || __builtin_bswap32(w) == SIM_SPIRV_MAGIC;
}

/* Whether the input's first word holds a byte the text format has no use for: then it was meant
   as a binary module. */
static bool sim__is_binary(const uint8_t *p, size_t n) {
    size_t i;
    for (i = 0; i < n && i < 4; i++) {
        if (!isprint(p[i]) && !isspace(p[i])) return true;
    }
    return false;
}

static ze_result_t sim__spirv_fail(char *msg, ze_result_t r, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static ze_result_t sim__spirv_fail(char *msg, ze_result_t r, const char *fmt, ...) {
    va_list ap;
    int n = snprintf(msg, SIM_BUILD_MSG_MAX, "SPIR-V: ");
    va_start(ap, fmt);
    vsnprintf(msg + n, SIM_BUILD_MSG_MAX - (size_t)n, fmt, ap);
    va_end(ap);
    return r;
}

/* The literal string in words [at, end) (2.2.1: "UTF-8 octets ... packed four per word, following
   the little-endian convention (i.e., the first octet is in the lowest-order 8 bits of the word)",
   nul-terminated): copied to out (at most cap - 1 bytes); returns its length, or SIZE_MAX when
   the nul is not within the words. */
static size_t sim__spirv_string(const uint8_t *p, size_t at, size_t end, char *out, size_t cap) {
    size_t len = 0, i;
    unsigned b;
    for (i = at; i < end; i++) {
        uint32_t w = sim__word(p, i);
        for (b = 0; b < 4; b++) {
            char c = (char)(w >> (8 * b) & 0xffu);
            if (c == '\0') {
                out[len < cap ? len : cap - 1] = '\0';
                return len;
            }
            if (len + 1 < cap) out[len] = c;
            len++;
        }
    }
    return SIZE_MAX;
}

static bool sim__spirv_has(const uint32_t *ids, size_t n, uint32_t id) {
    size_t i;
    for (i = 0; i < n; i++) {
        if (ids[i] == id) return true;
    }
    return false;
}

/* Reads the kernels of SPIR-V module p (size bytes, starting with the magic number) into m, each
   running dur_ns. On failure msg says why: ZE_RESULT_ERROR_MODULE_BUILD_FAILURE for a module that
   is not valid ("see build log for details", ze_api.h), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE for a
   valid one the sim cannot keep (names, argument counts). */
static ze_result_t sim__spirv_parse(sim__module *m, const uint8_t *p, size_t size, uint64_t dur_ns, char *msg) {
    const ze_result_t bad = ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, unsupported = ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
    /* Per kernel: its OpEntryPoint's function <id>, and whether that OpFunction was seen. */
    uint32_t *fids = NULL, *voids = NULL, version, bound, cur = 0;
    bool *defined = NULL, linkage = false, in_function = false;
    size_t n = size / 4, i, k, nvoids = 0;
    unsigned models = 0;
    ze_result_t r = ZE_RESULT_SUCCESS;
    /* 2.3: "a SPIR-V module is a single linear stream of words", the first five the header. */
    if (size % 4 != 0) return sim__spirv_fail(msg, bad, "%zu bytes, not a whole number of 32-bit words (2.3 Physical Layout)", size);
    if (n < 5) return sim__spirv_fail(msg, bad, "%zu words, fewer than the 5 of the header (2.3 Physical Layout)", n);
    /* SPIRV.rst, Common Properties: "A SPIR-V module is interpreted as a series of 32-bit words in
       host endianness". */
    if (sim__word(p, 0) != SIM_SPIRV_MAGIC)
        return sim__spirv_fail(msg, bad, "the words are in the other byte order: Level Zero reads a module as 32-bit words "
                                         "in host endianness (SPIR-V Programming Guide, Common Properties)");
    /* 2.3: "Version number. The bytes are, high-order to low-order: 0 | Major Number | Minor
       Number | 0"; SPIRV.rst: "The maximum SPIR-V version supported by a device is described by
       ze_device_module_properties_t.spirvVersionSupported". */
    version = sim__word(p, 1);
    if ((version & 0xff0000ffu) != 0 || (version >> 16 & 0xffu) != 1)
        return sim__spirv_fail(msg, bad, "version word 0x%08x is no SPIR-V version 1.x (2.3 Physical Layout)", version);
    if ((version >> 8 & 0xffu) > SIM_SPIRV_MAX_MINOR)
        return sim__spirv_fail(msg, bad, "version 1.%u, the device supports up to 1.%u (spirvVersionSupported)",
                               version >> 8 & 0xffu, SIM_SPIRV_MAX_MINOR);
    /* 2.3: "Bound; where all <id>s in this module are guaranteed to satisfy 0 < id < Bound",
       then "0 (Reserved for instruction schema, if needed.)" */
    bound = sim__word(p, 3);
    if (bound == 0) return sim__spirv_fail(msg, bad, "bound 0: no <id> satisfies 0 < id < Bound (2.3 Physical Layout)");
    if (sim__word(p, 4) != 0)
        return sim__spirv_fail(msg, bad, "schema word %u, not the reserved 0 (2.3 Physical Layout)", sim__word(p, 4));
    for (i = 5; i < n; ) {
        /* 2.3: the first word of an instruction is "Opcode: The 16 high-order bits are the
           WordCount of the instruction. The 16 low-order bits are the opcode enumerant." */
        uint32_t w = sim__word(p, i), count = w >> 16, op = w & 0xffffu, need = 0;
        if (count == 0) {
            r = sim__spirv_fail(msg, bad, "the instruction at word %zu has a word count of 0 (2.3 Physical Layout)", i);
            goto out;
        }
        if (count > n - i) {
            r = sim__spirv_fail(msg, bad, "the instruction at word %zu (opcode %u, %u words) runs past the end of the module "
                                          "(%zu words)", i, op, count, n);
            goto out;
        }
        switch (op) {
        case SIM_SPV_OP_CAPABILITY: need = 2; break;
        case SIM_SPV_OP_TYPE_VOID: need = 2; break;
        case SIM_SPV_OP_MEMORY_MODEL: need = 3; break;
        case SIM_SPV_OP_ENTRY_POINT: need = 4; break;
        case SIM_SPV_OP_FUNCTION: need = 5; break;
        case SIM_SPV_OP_FUNCTION_PARAMETER: need = 3; break;
        default: break;
        }
        if (count < need) {
            r = sim__spirv_fail(msg, bad, "the instruction at word %zu (opcode %u) has %u words, too few for its operands", i, op, count);
            goto out;
        }
        if (op == SIM_SPV_OP_CAPABILITY && sim__word(p, i + 1) == SIM_SPV_CAP_LINKAGE) linkage = true;
        if (op == SIM_SPV_OP_MEMORY_MODEL) {
            /* SPIRV.rst, Validation Rules: "The Addressing Model declared in OpMemoryModel must
               [be] Physical64", "The Memory Model declared in OpMemoryModel must be OpenCL". */
            models++;
            if (sim__word(p, i + 1) != SIM_SPV_ADDR_PHYSICAL64 || sim__word(p, i + 2) != SIM_SPV_MEM_OPENCL) {
                r = sim__spirv_fail(msg, bad, "OpMemoryModel %u %u, not Physical64 OpenCL (SPIR-V Programming Guide, "
                                              "Validation Rules)", sim__word(p, i + 1), sim__word(p, i + 2));
                goto out;
            }
        }
        if (op == SIM_SPV_OP_TYPE_VOID) {
            uint32_t *nv = realloc(voids, (nvoids + 1) * sizeof *nv);
            if (nv == NULL) { r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY; goto out; }
            voids = nv;
            voids[nvoids++] = sim__word(p, i + 1);
        }
        if (op == SIM_SPV_OP_ENTRY_POINT) {
            char name[ZE_SIM_NAME_MAX];
            uint32_t model = sim__word(p, i + 1), fid = sim__word(p, i + 2);
            size_t len = sim__spirv_string(p, i + 3, i + count, name, sizeof name);
            sim__kinfo *nk;
            uint32_t *nf;
            bool *nd;
            if (len == SIZE_MAX) {
                r = sim__spirv_fail(msg, bad, "the name of the OpEntryPoint at word %zu has no terminating nul within the "
                                              "instruction (2.2.1 Literal String)", i);
                goto out;
            }
            /* SPIRV.rst, Validation Rules: "The Execution Model declared in OpEntryPoint must be
               Kernel". */
            if (model != SIM_SPV_MODEL_KERNEL) {
                r = sim__spirv_fail(msg, bad, "OpEntryPoint \"%s\" has execution model %u, not Kernel (SPIR-V Programming "
                                              "Guide, Validation Rules)", name, model);
                goto out;
            }
            if (fid == 0 || fid >= bound) {
                r = sim__spirv_fail(msg, bad, "OpEntryPoint \"%s\" names <id> %u, not within 0 < id < Bound %u "
                                              "(2.3 Physical Layout)", name, fid, bound);
                goto out;
            }
            /* OpEntryPoint: "A module must not have two OpEntryPoint instructions with the same
               Execution Model and the same Name string." */
            for (k = 0; k < m->nkernels; k++) {
                if (strcmp(m->kernels[k].name, name) == 0) {
                    r = sim__spirv_fail(msg, bad, "two OpEntryPoint Kernel named \"%s\" (OpEntryPoint)", name);
                    goto out;
                }
            }
            /* The sim keeps names of up to 63 bytes, and writes them in its text native binary,
               which separates fields by blanks. */
            if (len >= ZE_SIM_NAME_MAX) {
                r = sim__spirv_fail(msg, unsupported, "kernel name of %zu bytes: the simulated device keeps at most %d", len,
                                    ZE_SIM_NAME_MAX - 1);
                goto out;
            }
            for (k = 0; k < len; k++) {
                if (!isgraph((unsigned char)name[k])) break;
            }
            if (len == 0 || k < len) {
                r = sim__spirv_fail(msg, unsupported, "kernel name \"%s\" is empty or holds a blank or a byte outside "
                                                      "printable ASCII: not simulated", name);
                goto out;
            }
            nk = realloc(m->kernels, (m->nkernels + 1) * sizeof *nk);
            if (nk != NULL) m->kernels = nk;
            nf = realloc(fids, (m->nkernels + 1) * sizeof *nf);
            if (nf != NULL) fids = nf;
            nd = realloc(defined, (m->nkernels + 1) * sizeof *nd);
            if (nd != NULL) defined = nd;
            if (nk == NULL || nf == NULL || nd == NULL) { r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY; goto out; }
            memset(&nk[m->nkernels], 0, sizeof *nk);
            memcpy(nk[m->nkernels].name, name, len + 1);
            nk[m->nkernels].dur_ns = dur_ns;
            fids[m->nkernels] = fid;
            defined[m->nkernels] = false;
            m->nkernels++;
        }
        if (op == SIM_SPV_OP_FUNCTION) {
            in_function = true;
            cur = sim__word(p, i + 2);
            for (k = 0; k < m->nkernels; k++) {
                if (fids[k] != cur) continue;
                /* SPIRV.rst, Kernel Return Types: "The Result Type for an OpFunction identified
                   with OpEntryPoint must be OpTypeVoid." */
                if (!sim__spirv_has(voids, nvoids, sim__word(p, i + 1))) {
                    r = sim__spirv_fail(msg, bad, "kernel \"%s\": its OpFunction's result type is not OpTypeVoid (SPIR-V "
                                                  "Programming Guide, Kernel Return Types)", m->kernels[k].name);
                    goto out;
                }
                defined[k] = true;
            }
        }
        /* SPIRV.rst, Kernel Arguments: "An OpFunctionParameter for an OpFunction that is
           identified with OpEntryPoint defines a kernel argument." */
        if (op == SIM_SPV_OP_FUNCTION_PARAMETER && cur != 0) {
            for (k = 0; k < m->nkernels; k++) {
                if (fids[k] == cur) m->kernels[k].nargs++;
            }
        }
        if (op == SIM_SPV_OP_FUNCTION_END) {
            in_function = false;
            cur = 0;
        }
        i += count;
    }
    /* 2.4 Logical Layout: a function definition is "OpFunction ... OpFunctionEnd". */
    if (in_function) {
        r = sim__spirv_fail(msg, bad, "the module ends inside a function, before its OpFunctionEnd (2.4 Logical Layout)");
        goto out;
    }
    /* 2.4 Logical Layout: "The single required OpMemoryModel instruction." */
    if (models != 1) {
        r = sim__spirv_fail(msg, bad, "%u OpMemoryModel instructions, not 1 (2.4 Logical Layout)", models);
        goto out;
    }
    for (k = 0; k < m->nkernels; k++) {
        /* OpEntryPoint: "Entry Point must be the Result <id> of an OpFunction instruction." */
        if (!defined[k]) {
            r = sim__spirv_fail(msg, bad, "OpEntryPoint \"%s\" names <id> %u, which is no OpFunction of the module "
                                          "(OpEntryPoint)", m->kernels[k].name, fids[k]);
            goto out;
        }
        if (m->kernels[k].nargs > SIM_MAX_NUM_ARGS) {
            r = sim__spirv_fail(msg, unsupported, "kernel \"%s\" has %u arguments: the simulated device keeps at most %d",
                                m->kernels[k].name, m->kernels[k].nargs, SIM_MAX_NUM_ARGS);
            goto out;
        }
    }
    /* 2.16.1: "There is at least one OpEntryPoint instruction, unless the Linkage capability is
       being used." A module with Linkage and no kernel builds, with no kernel. */
    if (m->nkernels == 0 && !linkage)
        r = sim__spirv_fail(msg, bad, "no OpEntryPoint, and no Linkage capability (2.16.1 Universal Validation Rules)");
out:
    free(fids);
    free(voids);
    free(defined);
    return r;
}

/* The sim's native binary of a module read from SPIR-V: its kernels in the text format, with
   the durations and argument counts they were built with. */
static ze_result_t sim__module_native_text(sim__module *m) {
    static const char head[] = "# ze_sim: the kernels of a SPIR-V module\n";
    size_t size = sizeof head - 1, at;
    uint32_t i;
    for (i = 0; i < m->nkernels; i++)
        size += (size_t)snprintf(NULL, 0, "kernel %s %llu %u\n", m->kernels[i].name,
                                 (unsigned long long)m->kernels[i].dur_ns, m->kernels[i].nargs);
    m->binary = malloc(size + 1);
    if (m->binary == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    memcpy(m->binary, head, sizeof head - 1);
    at = sizeof head - 1;
    for (i = 0; i < m->nkernels; i++)
        at += (size_t)snprintf((char *)m->binary + at, size + 1 - at, "kernel %s %llu %u\n", m->kernels[i].name,
                               (unsigned long long)m->kernels[i].dur_ns, m->kernels[i].nargs);
    m->binary_size = size;
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>module: SPIR-V (>>spirv) or the sim's text, both described in ze_sim.h and README.md
   ------------------------------------------------------------------------------------------ */

static sim__build_log *sim__build_log_new(const char *text, size_t n) {
    sim__build_log *l = calloc(1, sizeof *l);
    if (l == NULL) return NULL;
    l->text = sim__strndup(text, n);
    if (l->text == NULL) {
        free(l);
        return NULL;
    }
    return l;
}

/* Parses src. On ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, err and errlen give the message. */
static ze_result_t sim__module_parse(sim__module *m, const char *src, size_t n, const char **err, size_t *errlen) {
    size_t pos = 0;
    while (pos < n) {
        const char *line = src + pos, *eol = memchr(line, '\n', n - pos);
        size_t len = eol ? (size_t)(eol - line) : n - pos, wlen;
        pos += len + (eol ? 1 : 0);
        while (len > 0 && isspace((unsigned char)*line)) { line++; len--; }
        while (len > 0 && (isspace((unsigned char)line[len - 1]) || line[len - 1] == '\0')) len--;
        if (len == 0 || line[0] == '#') continue;
        for (wlen = 0; wlen < len && !isspace((unsigned char)line[wlen]); wlen++) {}
        if (wlen == 5 && memcmp(line, "error", 5) == 0) {
            *err = line + wlen;
            *errlen = len - wlen;
            while (*errlen > 0 && isspace((unsigned char)**err)) { (*err)++; (*errlen)--; }
            return ZE_RESULT_ERROR_MODULE_BUILD_FAILURE;
        }
        if (wlen == 6 && memcmp(line, "kernel", 6) == 0) {
            char buf[256], name[ZE_SIM_NAME_MAX + 1], dur_s[21], nargs_s[21] = "";
            unsigned long long dur, nargs = SIM_DEFAULT_NUM_ARGS;
            int used = 0;
            sim__kinfo *nk;
            if (len >= sizeof buf) return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
            memcpy(buf, line, len);
            buf[len] = '\0';
            /* Digits only: a "-1" must not wrap around to a near-infinite duration. */
            if (sscanf(buf, "kernel %64s %20[0-9] %n", name, dur_s, &used) != 2) return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
            if (buf[used] != '\0') {
                int used2 = 0;
                if (sscanf(buf + used, "%20[0-9] %n", nargs_s, &used2) != 1 || buf[used + used2] != '\0')
                    return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
                nargs = strtoull(nargs_s, NULL, 10);
            }
            dur = strtoull(dur_s, NULL, 10);
            if (strlen(name) >= ZE_SIM_NAME_MAX || nargs > SIM_MAX_NUM_ARGS) return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
            nk = realloc(m->kernels, (m->nkernels + 1) * sizeof *nk);
            if (nk == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
            m->kernels = nk;
            memset(&nk[m->nkernels], 0, sizeof *nk);
            memcpy(nk[m->nkernels].name, name, strlen(name) + 1);
            nk[m->nkernels].dur_ns = dur;
            nk[m->nkernels].nargs = (uint32_t)nargs;
            m->nkernels++;
            continue;
        }
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    }
    return m->nkernels > 0 ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
}

static void sim__module_free(sim__module *m) {
    if (m == NULL) return;
    free(m->binary);
    free(m->kernels);
    free(m->names);
    free(m);
}

static ze_result_t ZE_APICALL sim_zeModuleCreate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                 const ze_module_desc_t *desc, ze_module_handle_t *phModule,
                                                 ze_module_build_log_handle_t *phBuildLog) {
    sim__module *m;
    sim__build_log *log = NULL;
    const char *err = "";
    char msg[SIM_BUILD_MSG_MAX] = "";
    size_t errlen = 0;
    uint32_t i;
    bool spirv;
    ze_result_t res;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)ctx;
    sim__unlock();
    if (desc == NULL || phModule == NULL || desc->pInputModule == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (desc->format != ZE_MODULE_FORMAT_IL_SPIRV && desc->format != ZE_MODULE_FORMAT_NATIVE)
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    if (desc->inputSize == 0) return ZE_RESULT_ERROR_INVALID_SIZE;
    /* IL is read as SPIR-V when it starts with the magic number, or when its first word is no
       text (a binary module whose magic number is wrong); otherwise as the sim's text. SPIR-V is
       no native binary of this device ("native binary is not supported by the device"). */
    spirv = sim__is_spirv(desc->pInputModule, desc->inputSize);
    if (spirv && desc->format == ZE_MODULE_FORMAT_NATIVE) {
        if (phBuildLog != NULL) *phBuildLog = NULL; /* as for text that is no module */
        return ZE_RESULT_ERROR_INVALID_NATIVE_BINARY;
    }
    m = calloc(1, sizeof *m);
    if (m == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    m->dev = dev;
    if (spirv) {
        res = sim__spirv_parse(m, desc->pInputModule, desc->inputSize, __atomic_load_n(&sim__spirv_ns, __ATOMIC_RELAXED), msg);
        if (res == ZE_RESULT_SUCCESS) res = sim__module_native_text(m);
    } else if (desc->format == ZE_MODULE_FORMAT_IL_SPIRV && sim__is_binary(desc->pInputModule, desc->inputSize)) {
        /* 2.3: word 0 is the "Magic Number"; 3.1 Magic Number: 0x07230203. */
        uint32_t w0 = 0;
        memcpy(&w0, desc->pInputModule, desc->inputSize < 4 ? desc->inputSize : 4);
        res = sim__spirv_fail(msg, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE,
                              "not a SPIR-V module: its first word is 0x%08x, not the magic number 0x%08x (3.1 Magic Number)",
                              w0, SIM_SPIRV_MAGIC);
    } else {
        res = sim__module_parse(m, (const char *)desc->pInputModule, desc->inputSize, &err, &errlen);
        if (res == ZE_RESULT_SUCCESS) {
            m->binary = sim__memdup(desc->pInputModule, desc->inputSize);
            m->binary_size = desc->inputSize;
            if (m->binary == NULL) res = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        }
    }
    if (msg[0] != '\0') {
        err = msg;
        errlen = strlen(msg);
    }
    if (res == ZE_RESULT_SUCCESS) {
        m->names = calloc(m->nkernels ? m->nkernels : 1, sizeof *m->names);
        if (m->names == NULL) res = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        for (i = 0; m->names != NULL && i < m->nkernels; i++) m->names[i] = m->kernels[i].name;
    }
    if (phBuildLog != NULL) {
        log = sim__build_log_new(err, errlen);
        if (log == NULL) res = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    /* A build log for every module that was built: built, failed, or beyond what the sim does. */
    if (res != ZE_RESULT_SUCCESS && res != ZE_RESULT_ERROR_MODULE_BUILD_FAILURE &&
        res != ZE_RESULT_ERROR_UNSUPPORTED_FEATURE && log != NULL) {
        free(log->text);
        free(log);
        log = NULL;
    }
    sim__lock();
    if (log != NULL) sim__reg_add(&log->h, SIM_K_BUILD_LOG);
    if (res == ZE_RESULT_SUCCESS) sim__reg_add(&m->h, SIM_K_MODULE);
    sim__unlock();
    if (phBuildLog != NULL) *phBuildLog = (ze_module_build_log_handle_t)log;
    if (res != ZE_RESULT_SUCCESS) {
        sim__module_free(m);
        return res;
    }
    *phModule = (ze_module_handle_t)m;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleDestroy(ze_module_handle_t hModule) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    sim__reg_del(&m->h);
    sim__unlock();
    sim__module_free(m);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleDynamicLink(uint32_t numModules, ze_module_handle_t *phModules,
                                                      ze_module_build_log_handle_t *phLinkLog) {
    uint32_t i;
    sim__build_log *log = NULL;
    SIM_ENTER();
    if (phModules == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    sim__lock();
    for (i = 0; i < numModules; i++) {
        SIM_GET(m, sim__module, SIM_K_MODULE, phModules[i]);
        (void)m;
    }
    sim__unlock();
    if (phLinkLog != NULL) {
        log = sim__build_log_new("", 0);
        if (log == NULL) return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        sim__lock();
        sim__reg_add(&log->h, SIM_K_BUILD_LOG);
        sim__unlock();
        *phLinkLog = (ze_module_build_log_handle_t)log;
    }
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleGetNativeBinary(ze_module_handle_t hModule, size_t *pSize,
                                                          uint8_t *pModuleNativeBinary) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    if (pSize == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (pModuleNativeBinary != NULL) {
        if (*pSize < m->binary_size) {
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_SIZE;
        }
        memcpy(pModuleNativeBinary, m->binary, m->binary_size);
    }
    *pSize = m->binary_size;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleGetGlobalPointer(ze_module_handle_t hModule, const char *pGlobalName,
                                                           size_t *pSize, void **pptr) {
    SIM_ENTER();
    (void)pSize;
    (void)pptr;
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    (void)m;
    sim__unlock();
    return pGlobalName == NULL ? ZE_RESULT_ERROR_INVALID_NULL_POINTER : ZE_RESULT_ERROR_INVALID_GLOBAL_NAME;
}

static ze_result_t ZE_APICALL sim_zeModuleGetKernelNames(ze_module_handle_t hModule, uint32_t *pCount,
                                                         const char **pNames) {
    uint32_t i;
    SIM_ENTER();
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    if (pCount == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (*pCount == 0 || *pCount > m->nkernels) *pCount = m->nkernels;
    for (i = 0; pNames != NULL && i < *pCount; i++) pNames[i] = m->names[i];
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleGetProperties(ze_module_handle_t hModule, ze_module_properties_t *p) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    (void)m;
    sim__unlock();
    if (p == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    p->flags = 0;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleGetFunctionPointer(ze_module_handle_t hModule, const char *pFunctionName,
                                                             void **pfnFunction) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    (void)m;
    sim__unlock();
    if (pFunctionName == NULL || pfnFunction == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    return ZE_RESULT_ERROR_INVALID_FUNCTION_NAME;
}

static ze_result_t ZE_APICALL sim_zeModuleBuildLogDestroy(ze_module_build_log_handle_t hModuleBuildLog) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__build_log, SIM_K_BUILD_LOG, hModuleBuildLog);
    sim__reg_del(&l->h);
    sim__unlock();
    free(l->text);
    free(l);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeModuleBuildLogGetString(ze_module_build_log_handle_t hModuleBuildLog, size_t *pSize,
                                                            char *pBuildLog) {
    size_t need;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__build_log, SIM_K_BUILD_LOG, hModuleBuildLog);
    if (pSize == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    need = strlen(l->text) + 1;
    if (pBuildLog != NULL) {
        if (*pSize < need) {
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_SIZE;
        }
        memcpy(pBuildLog, l->text, need);
    }
    *pSize = need;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>kernel
   ------------------------------------------------------------------------------------------ */

static ze_result_t ZE_APICALL sim_zeKernelCreate(ze_module_handle_t hModule, const ze_kernel_desc_t *desc,
                                                 ze_kernel_handle_t *phKernel) {
    sim__kernel *k;
    uint32_t i;
    SIM_ENTER();
    sim__lock();
    SIM_GET(m, sim__module, SIM_K_MODULE, hModule);
    if (desc == NULL || phKernel == NULL || desc->pKernelName == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    for (i = 0; i < m->nkernels; i++) {
        if (strcmp(m->kernels[i].name, desc->pKernelName) == 0) break;
    }
    if (i == m->nkernels) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_KERNEL_NAME;
    }
    k = calloc(1, sizeof *k);
    if (k == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    k->info = m->kernels[i];
    k->group[0] = k->group[1] = k->group[2] = 1;
    sim__reg_add(&k->h, SIM_K_KERNEL);
    sim__unlock();
    *phKernel = (ze_kernel_handle_t)k;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelDestroy(ze_kernel_handle_t hKernel) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    sim__reg_del(&k->h);
    sim__unlock();
    free(k);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelSetCacheConfig(ze_kernel_handle_t hKernel, ze_cache_config_flags_t flags) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    (void)k;
    sim__unlock();
    if (flags & ~(ze_cache_config_flags_t)(ZE_CACHE_CONFIG_FLAG_LARGE_SLM | ZE_CACHE_CONFIG_FLAG_LARGE_DATA))
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelSetGroupSize(ze_kernel_handle_t hKernel, uint32_t x, uint32_t y, uint32_t z) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    if (x == 0 || y == 0 || z == 0 || (uint64_t)x * y * z > SIM_MAX_GROUP_SIZE) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    }
    k->group[0] = x;
    k->group[1] = y;
    k->group[2] = z;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static uint32_t sim__largest_divisor(uint32_t n, uint32_t cap) {
    uint32_t d;
    if (cap == 0) return 1;
    for (d = n < cap ? n : cap; d > 1; d--) {
        if (n % d == 0) return d;
    }
    return 1;
}

static ze_result_t ZE_APICALL sim_zeKernelSuggestGroupSize(ze_kernel_handle_t hKernel, uint32_t gx, uint32_t gy,
                                                           uint32_t gz, uint32_t *x, uint32_t *y, uint32_t *z) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    (void)k;
    sim__unlock();
    if (x == NULL || y == NULL || z == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (gx == 0 || gy == 0 || gz == 0) return ZE_RESULT_ERROR_INVALID_GLOBAL_WIDTH_DIMENSION;
    /* Largest divisors of the global sizes whose product stays within the group limit. */
    *x = sim__largest_divisor(gx, 256);
    *y = sim__largest_divisor(gy, SIM_MAX_GROUP_SIZE / *x);
    *z = sim__largest_divisor(gz, SIM_MAX_GROUP_SIZE / (*x * *y) < 64 ? SIM_MAX_GROUP_SIZE / (*x * *y) : 64);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelSuggestMaxCooperativeGroupCount(ze_kernel_handle_t hKernel, uint32_t *totalGroupCount) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    (void)k;
    sim__unlock();
    if (totalGroupCount == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    *totalGroupCount = 64;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelSetArgumentValue(ze_kernel_handle_t hKernel, uint32_t argIndex, size_t argSize,
                                                           const void *pArgValue) {
    SIM_ENTER();
    (void)pArgValue;
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    if (argIndex >= k->info.nargs) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX;
    }
    if (argSize == 0 && pArgValue != NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE;
    }
    k->args_set |= 1ull << argIndex;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelSetIndirectAccess(ze_kernel_handle_t hKernel, ze_kernel_indirect_access_flags_t flags) {
    const ze_kernel_indirect_access_flags_t all = ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST | ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE |
                                                  ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED;
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    if (flags & ~all) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    k->indirect = flags;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelGetIndirectAccess(ze_kernel_handle_t hKernel, ze_kernel_indirect_access_flags_t *pFlags) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    if (pFlags == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    *pFlags = k->indirect;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelGetSourceAttributes(ze_kernel_handle_t hKernel, uint32_t *pSize, char **pString) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    (void)k;
    sim__unlock();
    if (pSize == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (pString != NULL && *pString != NULL && *pSize >= 1) (*pString)[0] = '\0';
    *pSize = 1;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelGetProperties(ze_kernel_handle_t hKernel, ze_kernel_properties_t *p) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    if (p == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    p->numKernelArgs = k->info.nargs;
    p->requiredGroupSizeX = p->requiredGroupSizeY = p->requiredGroupSizeZ = 0;
    p->requiredNumSubGroups = 0;
    p->requiredSubgroupSize = 0;
    p->maxSubgroupSize = 32;
    p->maxNumSubgroups = 32;
    p->localMemSize = 0;
    p->privateMemSize = 0;
    p->spillMemSize = 0;
    memset(&p->uuid, 0, sizeof p->uuid);
    memcpy(p->uuid.kid, k->info.name, strlen(k->info.name) < sizeof p->uuid.kid ? strlen(k->info.name) : sizeof p->uuid.kid);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeKernelGetName(ze_kernel_handle_t hKernel, size_t *pSize, char *pName) {
    size_t need;
    SIM_ENTER();
    sim__lock();
    SIM_GET(k, sim__kernel, SIM_K_KERNEL, hKernel);
    if (pSize == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    need = strlen(k->info.name) + 1;
    if (pName != NULL) {
        if (*pSize < need) {
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_SIZE;
        }
        memcpy(pName, k->info.name, need);
    }
    *pSize = need;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>event
   ------------------------------------------------------------------------------------------ */

/* IPC handles: SIM_IPC_MAGIC and the export id. */
static void sim__ipc_write(char *data, uint64_t id) {
    memset(data, 0, ZE_MAX_IPC_HANDLE_SIZE);
    memcpy(data, SIM_IPC_MAGIC, 8);
    memcpy(data + 8, &id, sizeof id);
}

/* The export an IPC handle's bytes name, or NULL. g.mtx held. */
static sim__export *sim__ipc_read(const char *data) {
    sim__export *x;
    uint64_t id;
    if (memcmp(data, SIM_IPC_MAGIC, 8) != 0) return NULL;
    memcpy(&id, data + 8, sizeof id);
    for (x = g.exports; x != NULL; x = x->next) {
        if (x->id == id) return x;
    }
    return NULL;
}

/* Stores: g.mtx held. A new one: every index unsignalled. NULL: out of memory. */
static sim__store *sim__store_new(uint32_t count) {
    sim__store *st = calloc(1, sizeof *st + (size_t)count * sizeof st->state[0]);
    if (st == NULL) return NULL;
    st->refs = 1;
    st->count = count;
    return st;
}

static void sim__store_unref(sim__store *st) {
    if (st != NULL && --st->refs == 0) free(st);
}

/* The size of an event's record in pool p. */
static size_t sim__record_size(const sim__pool *p) {
    return p->cb_flags != 0 ? sizeof(sim__cbevent) : sizeof(sim__event);
}

/* The record of pool p's event at `index`: live while registered. */
static sim__event *sim__record_at(const sim__pool *p, uint32_t index) {
    return (sim__event *)(void *)(p->records + (size_t)index * sim__record_size(p));
}

/* A pool's memory: the records of its events, and, unless it is counter-based or opened from an
   IPC handle (which shares the exporter's), the state of each index. Caller holds g.mtx. */
static bool sim__pool_memory(sim__pool *p) {
    p->records = calloc(p->count, sim__record_size(p));
    if (p->records != NULL && p->cb_flags == 0 && !p->ipc_opened && (p->store = sim__store_new(p->count)) == NULL) {
        free(p->records);
        p->records = NULL;
    }
    return p->records != NULL;
}

static void sim__pool_free(sim__pool *p) {
    sim__store_unref(p->store);
    free(p->records);
    free(p);
}

static ze_result_t ZE_APICALL sim_zeEventPoolCreate(ze_context_handle_t hContext, const ze_event_pool_desc_t *desc,
                                                    uint32_t numDevices, ze_device_handle_t *phDevices,
                                                    ze_event_pool_handle_t *phEventPool) {
#ifdef SIM_SPEC_1_17
    const ze_event_pool_flags_t all = ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_IPC |
                                      ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP | ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP;
#else
    const ze_event_pool_flags_t all = ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_IPC |
                                      ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;
#endif
    const ze_event_pool_flags_t both_ts = ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP | SIM_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP;
    sim__pool *p;
    uint32_t i, cb_flags = 0;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    if (desc == NULL || phEventPool == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    /* ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP (1.6): "cannot be combined with
       ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP" */
    if ((desc->flags & ~all) || (desc->flags & both_ts) == both_ts) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
#ifdef SIM_SPEC_1_17
    /* The counter-based event pools extension (1.8): ze_event_pool_counter_based_exp_desc_t in
       pNext; its flags "must be 0 (default) or a valid value", "default behavior is counter-based
       event pool is only used for immediate command lists". */
    for (const ze_base_desc_t *x = desc->pNext; x != NULL; x = x->pNext) {
        if (x->stype != ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC) continue;
        cb_flags = ((const ze_event_pool_counter_based_exp_desc_t *)x)->flags;
        if (cb_flags & ~(uint32_t)(ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE | ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_NON_IMMEDIATE)) {
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_ENUMERATION;
        }
        if (cb_flags == 0) cb_flags = SIM_CB_FLAG_IMMEDIATE;
        /* not simulated: sharing a counter-based pool through IPC */
        if (desc->flags & ZE_EVENT_POOL_FLAG_IPC) {
            sim__unlock();
            return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
        }
    }
#endif
    if (desc->count == 0 || (numDevices > 0 && phDevices == NULL)) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    for (i = 0; i < numDevices; i++) {
        SIM_GET(dev, sim__device, SIM_K_DEVICE, phDevices[i]);
        (void)dev;
    }
    p = calloc(1, sizeof *p);
    if (p == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    p->ctx = ctx;
    p->flags = desc->flags;
    p->count = desc->count;
    p->cb_flags = cb_flags;
    if (!sim__pool_memory(p)) {
        free(p);
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    sim__reg_add(&p->h, SIM_K_POOL);
    sim__unlock();
    *phEventPool = (ze_event_pool_handle_t)p;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeEventPoolDestroy(ze_event_pool_handle_t hEventPool) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(p, sim__pool, SIM_K_POOL, hEventPool);
    /* zeEventPoolOpenIpcHandle: "The event handle in this process should not be freed with
       zeEventPoolDestroy, but rather with zeEventPoolCloseIpcHandle" */
    if (p->ipc_opened) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    /* ze_api.h, zeEventPoolDestroy: "The application must destroy all event handles created
       from the pool before destroying the pool itself" */
    if (p->nevents > 0) {
        sim__unlock();
        return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
    }
    sim__reg_del(&p->h);
    sim__pool_free(p);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* A counter-based event's counter (zeEventCounterBasedGetDeviceAddress). NULL: out of memory. */
static sim__counter *sim__counter_new(void) {
    sim__counter *k = calloc(1, sizeof *k);
    if (k != NULL) k->refs = 1;
    return k;
}

/* zeEventPoolGetIpcHandle: "Event pool must have been created with ZE_EVENT_POOL_FLAG_IPC" (else,
   and for a pool opened from a handle, ZE_RESULT_ERROR_INVALID_ARGUMENT). Within the process, the
   handle names the pool's event memory: events created in a pool opened from it alias the
   exporter's events of the same index. */
static ze_result_t ZE_APICALL sim_zeEventPoolGetIpcHandle(ze_event_pool_handle_t hEventPool, ze_ipc_event_pool_handle_t *phIpc) {
    sim__export *x;
    SIM_ENTER();
    sim__lock();
    SIM_GET(p, sim__pool, SIM_K_POOL, hEventPool);
    if (phIpc == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (!(p->flags & ZE_EVENT_POOL_FLAG_IPC) || p->ipc_opened) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    for (x = g.exports; x != NULL && x->store != p->store; x = x->next) {}
    if (x == NULL && (x = calloc(1, sizeof *x)) != NULL) {
        x->id = ++g.next_export;
        x->store = p->store;
        x->store->refs++;
        x->pool_flags = p->flags;
        x->count = p->count;
        x->next = g.exports;
        g.exports = x;
    }
    if (x != NULL) sim__ipc_write(phIpc->data, x->id);
    sim__unlock();
    return x != NULL ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
}

/* zeEventPoolOpenIpcHandle: "Multiple calls to this function with the same IPC handle will return
   unique event pool handles", each sharing the exporter's event memory; bytes that are no pool
   handle of this sim: ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeEventPoolOpenIpcHandle(ze_context_handle_t hContext, ze_ipc_event_pool_handle_t hIpc,
                                                           ze_event_pool_handle_t *phEventPool) {
    sim__export *x;
    sim__pool *p;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    if (phEventPool == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    x = sim__ipc_read(hIpc.data);
    if (x == NULL || x->store == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    p = calloc(1, sizeof *p);
    if (p == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    p->ctx = ctx;
    p->flags = x->pool_flags;
    p->count = x->count;
    p->ipc_opened = true;
    if (!sim__pool_memory(p)) {
        free(p);
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    p->store = x->store;
    p->store->refs++;
    sim__reg_add(&p->h, SIM_K_POOL);
    sim__unlock();
    *phEventPool = (ze_event_pool_handle_t)p;
    return ZE_RESULT_SUCCESS;
}

static void sim__event_free(sim__event *ev);

/* zeEventPoolCloseIpcHandle: "Closes an IPC event handle by destroying events that were opened in
   this process using zeEventPoolOpenIpcHandle" - the pool and the events created from it; a pool
   not opened from a handle is ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeEventPoolCloseIpcHandle(ze_event_pool_handle_t hEventPool) {
    uint32_t i;
    SIM_ENTER();
    sim__lock();
    SIM_GET(p, sim__pool, SIM_K_POOL, hEventPool);
    if (!p->ipc_opened) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    for (i = 0; i < p->count && p->nevents > 0; i++) {
        sim__event *ev = sim__record_at(p, i);
        if (ev->h.magic == SIM_MAGIC) sim__event_free(ev);
    }
    sim__reg_del(&p->h);
    sim__pool_free(p);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeEventCreate(ze_event_pool_handle_t hEventPool, const ze_event_desc_t *desc,
                                                ze_event_handle_t *phEvent) {
    const ze_event_scope_flags_t scopes = ZE_EVENT_SCOPE_FLAG_SUBDEVICE | ZE_EVENT_SCOPE_FLAG_DEVICE | ZE_EVENT_SCOPE_FLAG_HOST;
    sim__event *ev;
    SIM_ENTER();
    sim__lock();
    SIM_GET(p, sim__pool, SIM_K_POOL, hEventPool);
    if (desc == NULL || phEvent == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if ((desc->signal & ~scopes) || (desc->wait & ~scopes)) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    if (desc->index >= p->count) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    /* "The application must ensure the location in the pool is not being used by another event" */
    ev = sim__record_at(p, desc->index);
    if (ev->h.magic == SIM_MAGIC) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    if (p->cb_flags != 0 && (SIM_CB(ev)->counter = sim__counter_new()) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    /* a new event is unsignalled; one of a pool opened from an IPC handle is the exporter's */
    if (p->store != NULL && !p->ipc_opened) memset(sim__record_state(p, desc->index), 0, sizeof(sim__evstate));
    ev->pool = p;
    ev->index = desc->index;
    ev->signal_scope = desc->signal;
    ev->wait_scope = desc->wait;
    ev->kernel_ts = (p->flags & (ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP | SIM_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP)) != 0;
    ev->mapped_ts = (p->flags & SIM_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP) != 0;
    ev->cb = p->cb_flags != 0;
    if (ev->cb) SIM_CB(ev)->cb_flags = p->cb_flags;
    p->nevents++;
    sim__reg_add(&ev->h, SIM_K_EVENT);
    sim__unlock();
    *phEvent = (ze_event_handle_t)ev;
    return ZE_RESULT_SUCCESS;
}

/* What an event holds besides its record: a counter-based event's point and counter; its record
   freed unless it is in its pool's memory. g.mtx held. */
static void sim__event_release(sim__event *ev) {
    sim__pool *p = ev->pool;
    if (ev->cb) {
        sim__point_unref(SIM_CB(ev)->point);
        sim__counter_unref(SIM_CB(ev)->counter);
    }
    if (p != NULL) memset(ev, 0, sim__record_size(p)); /* the index is free again */
    else free(ev);
}

/* Unregisters and frees an event. g.mtx held. */
static void sim__event_free(sim__event *ev) {
    if (ev->pool != NULL) ev->pool->nevents--;
    sim__reg_del(&ev->h);
    sim__event_release(ev);
    sim__wake(); /* a worker waiting on it treats it as signalled now */
}

static ze_result_t ZE_APICALL sim_zeEventDestroy(ze_event_handle_t hEvent) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    /* an event opened from an IPC handle is released by zeEventCounterBasedCloseIpcHandle (as an
       opened pool "should not be freed with zeEventPoolDestroy, but rather with
       zeEventPoolCloseIpcHandle") */
    if (ev->ipc_opened) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    /* a counter-based event may be destroyed before its work completed ("No need to wait for
       completion before reusing/destroying"): its points outlive it */
    sim__event_free(ev);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeEventHostSignal(ze_event_handle_t hEvent) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    /* counter-based: "zeEventHostSignal is not allowed. Can be signaled only from in-order
       command list" */
    if (ev->cb) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    sim__state(ev)->signaled = true;
    sim__wake();
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeEventHostReset(ze_event_handle_t hEvent) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    /* counter-based: "zeEventHostReset is not allowed" */
    if (ev->cb) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    memset(sim__state(ev), 0, sizeof(sim__evstate));
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeEventQueryStatus(ze_event_handle_t hEvent) {
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    r = sim__event_done(ev, true) ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
    sim__unlock();
    return r;
}

/* sim__wait_step, waking at least every SIM_POLL_NS when `poll` (waits on application memory). */
static bool sim__wait_step_poll(uint64_t timeout, const struct timespec *deadline, bool poll) {
    struct timespec step, now;
    if (!poll) return sim__wait_step(timeout, deadline);
    if (timeout == 0) return false;
    step = sim__deadline(SIM_POLL_NS);
    if (timeout != UINT64_MAX &&
        (step.tv_sec > deadline->tv_sec || (step.tv_sec == deadline->tv_sec && step.tv_nsec > deadline->tv_nsec)))
        step = *deadline;
    pthread_cond_timedwait(&g.cv, &g.mtx, &step);
    if (timeout == UINT64_MAX) return true;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec < deadline->tv_sec || (now.tv_sec == deadline->tv_sec && now.tv_nsec < deadline->tv_nsec);
}

static ze_result_t ZE_APICALL sim_zeEventHostSynchronize(ze_event_handle_t hEvent, uint64_t timeout) {
    struct timespec dl = sim__deadline(timeout == UINT64_MAX ? 0 : timeout);
    sim__point *pt = NULL;
    ze_result_t r = ZE_RESULT_SUCCESS;
    bool last = false;
    SIM_ENTER();
    (void)res_;
    sim__lock();
#ifdef SIM_SPEC_1_17
    /* zeCommandListBeginGraphCaptureExt: "While capture is active, host-side synchronization
       operations on recorded work, such as zeCommandListHostSynchronize or zeEventHostSynchronize,
       return ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED" */
    if (g.captures != NULL && sim__captured_in(hEvent) != NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED;
    }
#endif
    for (;;) {
        bool done, poll = false;
        if (pt != NULL) {
            done = pt->done;
        } else {
            /* Looked up again after every wait: the event may be gone. */
            sim__event *ev = sim__get(hEvent, SIM_K_EVENT, &r);
            if (ev == NULL) break;
            /* counter-based: waits for the state the event has now, "EventHostSynchronize(event1)
               // wait for counter=Y", even if a later append replaces it or it is destroyed */
            if (ev->cb && SIM_CB(ev)->agg_mem == NULL && SIM_CB(ev)->ext_dev == NULL && SIM_CB(ev)->point != NULL && !SIM_CB(ev)->point->done) {
                pt = sim__point_ref(SIM_CB(ev)->point);
                continue;
            }
            done = sim__event_done(ev, true);
            poll = ev->cb;
        }
        if (done) break;
        if (last) {
            r = ZE_RESULT_NOT_READY;
            break;
        }
        if (atomic_load(&g.stopping)) {
            r = ZE_RESULT_ERROR_DEVICE_LOST;
            break;
        }
        if (!sim__wait_step_poll(timeout, &dl, poll)) last = true;
    }
    sim__point_unref(pt);
    sim__unlock();
    return r;
}

/* Whether the event's kernel timestamps are there to read: a regular event once signalled, a
   counter-based one once its latest signal completed (none before its first append). g.mtx held. */
static bool sim__event_ts_ready(const sim__event *ev) {
    return ev->cb ? SIM_CB(ev)->point != NULL && SIM_CB(ev)->point->done : sim__state(ev)->signaled;
}

static ze_result_t ZE_APICALL sim_zeEventQueryKernelTimestamp(ze_event_handle_t hEvent, ze_kernel_timestamp_result_t *dst) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    if (dst == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    /* "The application must ensure the event was created from an event pool that was created
       using ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP or ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP flag"
       (counter-based: ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP or ..._HOST_TIMESTAMP) */
    if (!ev->kernel_ts) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    if (!sim__event_ts_ready(ev)) {
        sim__unlock();
        return ZE_RESULT_NOT_READY;
    }
    if (sim__ts_fault() != ZE_SIM_TS_UNWRITTEN) sim__kernel_ts(ev, dst);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>fence
   ------------------------------------------------------------------------------------------ */

static ze_result_t ZE_APICALL sim_zeFenceCreate(ze_command_queue_handle_t hCommandQueue, const ze_fence_desc_t *desc,
                                                ze_fence_handle_t *phFence) {
    sim__fence *f;
    SIM_ENTER();
    sim__lock();
    SIM_GET(q, sim__queue, SIM_K_QUEUE, hCommandQueue);
    if (desc == NULL || phFence == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (desc->flags & ~(ze_fence_flags_t)ZE_FENCE_FLAG_SIGNALED) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    f = calloc(1, sizeof *f);
    if (f == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    f->queue = q;
    f->signaled = (desc->flags & ZE_FENCE_FLAG_SIGNALED) != 0;
    sim__reg_add(&f->h, SIM_K_FENCE);
    sim__unlock();
    *phFence = (ze_fence_handle_t)f;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeFenceDestroy(ze_fence_handle_t hFence) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(f, sim__fence, SIM_K_FENCE, hFence);
    sim__reg_del(&f->h);
    sim__unlock();
    free(f);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeFenceHostSynchronize(ze_fence_handle_t hFence, uint64_t timeout) {
    struct timespec dl = sim__deadline(timeout == UINT64_MAX ? 0 : timeout);
    SIM_ENTER();
    sim__lock();
    for (;;) {
        SIM_GET(f, sim__fence, SIM_K_FENCE, hFence);
        if (f->signaled) break;
        if (atomic_load(&g.stopping)) {
            sim__unlock();
            return ZE_RESULT_ERROR_DEVICE_LOST;
        }
        if (!sim__wait_step(timeout, &dl)) {
            f = sim__get(hFence, SIM_K_FENCE, &res_);
            if (f == NULL) {
                sim__unlock();
                return res_;
            }
            if (f->signaled) break;
            sim__unlock();
            return ZE_RESULT_NOT_READY;
        }
    }
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeFenceQueryStatus(ze_fence_handle_t hFence) {
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(f, sim__fence, SIM_K_FENCE, hFence);
    r = f->signaled ? ZE_RESULT_SUCCESS : ZE_RESULT_NOT_READY;
    sim__unlock();
    return r;
}

static ze_result_t ZE_APICALL sim_zeFenceReset(ze_fence_handle_t hFence) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(f, sim__fence, SIM_K_FENCE, hFence);
    f->signaled = false;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>queue
   ------------------------------------------------------------------------------------------ */

/* Validates a queue descriptor for dev; caller holds g.mtx. */
static ze_result_t sim__check_queue_desc(const ze_command_queue_desc_t *desc) {
    if (desc->ordinal >= 2 || desc->index >= sim__group_num_queues(desc->ordinal)) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if ((unsigned)desc->mode > ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS ||
        (unsigned)desc->priority > ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH)
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandQueueCreate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                       const ze_command_queue_desc_t *desc,
                                                       ze_command_queue_handle_t *phCommandQueue) {
    sim__queue *q;
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)ctx;
    if (desc == NULL || phCommandQueue == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    r = sim__check_queue_desc(desc);
    if (r != ZE_RESULT_SUCCESS) {
        sim__unlock();
        return r;
    }
    q = calloc(1, sizeof *q);
    if (q == NULL || (q->eng = sim__engine_new(dev->index)) == NULL) {
        free(q);
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    q->dev = dev;
    q->ordinal = desc->ordinal;
    q->index = desc->index;
    q->flags = desc->flags;
    q->mode = desc->mode;
    q->eng->queue = (ze_command_queue_handle_t)q;
    sim__reg_add(&q->h, SIM_K_QUEUE);
    sim__unlock();
    *phCommandQueue = (ze_command_queue_handle_t)q;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandQueueDestroy(ze_command_queue_handle_t hCommandQueue) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(q, sim__queue, SIM_K_QUEUE, hCommandQueue);
    sim__reg_del(&q->h);
    sim__engine_destroy(q->eng);
    sim__unlock();
    free(q);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandQueueExecuteCommandLists(ze_command_queue_handle_t hCommandQueue,
                                                                    uint32_t numCommandLists,
                                                                    ze_command_list_handle_t *phCommandLists,
                                                                    ze_fence_handle_t hFence) {
    sim__cmd *batch = NULL, **tail = &batch, *c;
    sim__fence *f = NULL;
    uint32_t i;
    uint64_t last;
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(q, sim__queue, SIM_K_QUEUE, hCommandQueue);
    if (phCommandLists == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (numCommandLists == 0) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    if (hFence != NULL) {
        f = sim__get(hFence, SIM_K_FENCE, &r);
        if (f == NULL || f->queue != q) {
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT;
        }
    }
    /* Check every list before queueing anything: all or nothing. */
    for (i = 0; i < numCommandLists; i++) {
        sim__list *l = sim__get(phCommandLists[i], SIM_K_LIST, &r);
        if (l == NULL) break;
        if (l->immediate || l->ordinal != q->ordinal || l->dev != q->dev) {
            r = ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE;
            break;
        }
        /* mutable lists: "The application must close a mutable command list after completing all
           updates" */
        if (!l->closed || l->updating) {
            r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
            break;
        }
        r = sim__list_clone_into(l, &tail);
        if (r != ZE_RESULT_SUCCESS) break;
    }
    if (r == ZE_RESULT_SUCCESS && f != NULL) {
        c = sim__cmd_new(SIM_CMD_FENCE, false);
        if (c == NULL) {
            r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        } else {
            c->fence = f;
            *tail = c;
        }
    }
    if (r != ZE_RESULT_SUCCESS) {
        while (batch != NULL) {
            c = batch;
            batch = c->next;
            sim__cmd_free(c);
        }
        sim__unlock();
        return r;
    }
    while (batch != NULL && r == ZE_RESULT_SUCCESS) {
        c = batch;
        batch = c->next;
        r = sim__engine_push(q->eng, c);
    }
    while (batch != NULL) {
        c = batch;
        batch = c->next;
        sim__cmd_free(c);
    }
    last = q->eng->submitted;
    if (r == ZE_RESULT_SUCCESS && q->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS) r = sim__engine_wait(q->eng, last, UINT64_MAX);
    sim__unlock();
    return r;
}

static ze_result_t ZE_APICALL sim_zeCommandQueueSynchronize(ze_command_queue_handle_t hCommandQueue, uint64_t timeout) {
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(q, sim__queue, SIM_K_QUEUE, hCommandQueue);
    /* q stays valid while we wait: destroying a queue someone synchronizes on is an
       application error that the spec leaves undefined. */
    r = sim__engine_wait(q->eng, q->eng->submitted, timeout);
    sim__unlock();
    return r;
}

/* ------------------------------------------------------------------------------------------
   >>list
   ------------------------------------------------------------------------------------------ */


static void sim__list_clear(sim__list *l) {
    while (l->head != NULL) {
        sim__cmd *c = l->head;
        l->head = c->next;
        sim__cmd_free(c);
    }
    l->tail = NULL;
    free(l->pend_kernels);
    l->pend_kernels = NULL;
    l->pend_nkernels = 0;
    l->pend_id = 0;
    l->updating = false;
}

/* A new list's zeroed memory: the last destroyed list's when zeSimSetRecycleLists kept it (its
   handle given again, as an allocator does; a destroyed object's handle is no longer valid, so
   the spec allows it), else calloc's. Lock held. */
static sim__list *sim__list_alloc(void) {
    sim__list *l = g.spare_list;
    if (l == NULL) return calloc(1, sizeof *l);
    g.spare_list = NULL;
    memset(l, 0, sizeof *l);
    return l;
}

static ze_result_t ZE_APICALL sim_zeCommandListCreate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                      const ze_command_list_desc_t *desc,
                                                      ze_command_list_handle_t *phCommandList) {
    sim__list *l;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    if (desc == NULL || phCommandList == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (desc->commandQueueGroupOrdinal >= 2) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    /* ze_api.h, ZE_COMMAND_LIST_FLAG_IN_ORDER: "Cannot be combined with
       ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING" (flags: "a valid combination") */
    if (desc->flags > 0xf || (desc->flags & (SIM_LIST_FLAG_IN_ORDER | SIM_LIST_FLAG_RELAXED_ORDERING)) ==
                                 (SIM_LIST_FLAG_IN_ORDER | SIM_LIST_FLAG_RELAXED_ORDERING)) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    l = sim__list_alloc();
    if (l == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    l->dev = dev;
    l->ctx = ctx;
    l->ordinal = desc->commandQueueGroupOrdinal;
    l->flags = desc->flags;
    l->in_order = (desc->flags & SIM_LIST_FLAG_IN_ORDER) != 0;
#ifdef SIM_SPEC_1_17
    /* "A mutable command list is created by supplying a ze_mutable_command_list_exp_desc_t object
       via the pNext member of ze_command_list_desc_t" (its flags: 0 or RESERVED) */
    for (const ze_base_desc_t *x = desc->pNext; x != NULL; x = x->pNext) {
        if (x->stype != ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC) continue;
        if (((const ze_mutable_command_list_exp_desc_t *)x)->flags & ~(uint32_t)ZE_MUTABLE_COMMAND_LIST_EXP_FLAG_RESERVED) {
            free(l);
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_ENUMERATION;
        }
        l->mutable_ = true;
    }
#endif
    sim__reg_add(&l->h, SIM_K_LIST);
    sim__unlock();
    *phCommandList = (ze_command_list_handle_t)l;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandListCreateImmediate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                               const ze_command_queue_desc_t *altdesc,
                                                               ze_command_list_handle_t *phCommandList) {
    sim__list *l;
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    if (altdesc == NULL || phCommandList == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    r = sim__check_queue_desc(altdesc);
    if (r != ZE_RESULT_SUCCESS) {
        sim__unlock();
        return r;
    }
    l = sim__list_alloc();
    if (l == NULL || (l->eng = sim__engine_new(dev->index)) == NULL) {
        free(l);
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    l->dev = dev;
    l->ctx = ctx;
    l->ordinal = altdesc->ordinal;
    l->index = altdesc->index;
    l->immediate = true;
    l->sync = altdesc->mode == ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
    l->qflags = altdesc->flags;
    l->in_order = (altdesc->flags & SIM_QUEUE_FLAG_IN_ORDER) != 0;
    l->eng->imm_list = (ze_command_list_handle_t)l;
    sim__reg_add(&l->h, SIM_K_LIST);
    sim__unlock();
    *phCommandList = (ze_command_list_handle_t)l;
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandListDestroy(ze_command_list_handle_t hCommandList) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
#ifdef SIM_SPEC_1_17
    sim__graph_cb *cbs = sim__capture_stop(l);
#endif
    sim__reg_del(&l->h);
    if (l->eng != NULL) sim__engine_destroy(l->eng);
    sim__list_clear(l);
    if (g.recycle_lists && g.spare_list == NULL) { /* kept for the next list made: the same handle */
        g.spare_list = l;
        l = NULL;
    }
    sim__unlock();
#ifdef SIM_SPEC_1_17
    sim__graph_cbs_run(cbs);
#endif
    free(l);
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandListClose(ze_command_list_handle_t hCommandList) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    if (l->immediate) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else l->closed = true, l->updating = false;
    sim__unlock();
    return r;
}

static ze_result_t ZE_APICALL sim_zeCommandListReset(ze_command_list_handle_t hCommandList) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    sim__list_clear(l);
    l->closed = false;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>appends: validate under g.mtx, build a sim__cmd, record it or run it (immediate lists)
   ------------------------------------------------------------------------------------------ */

/* Whether list l may signal event ev (g.mtx held). Counter-based events (spec 1.17 programming
   guide, "Counter Based Events"): "The CB Event can only be signaled on the GPU using an in-order
   command list"; ze_event_counter_based_flag_t: ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE "is used
   for immediate command lists (default)", ..._NON_IMMEDIATE "for non-immediate command lists";
   an event opened from an IPC handle "can be used only for waiting/querying". */
static ze_result_t sim__check_signal(const sim__list *l, const sim__event *ev) {
    if (!ev->cb) return ZE_RESULT_SUCCESS;
    if (ev->ipc_opened || !l->in_order) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if (!(SIM_CB(ev)->cb_flags & (l->immediate ? SIM_CB_FLAG_IMMEDIATE : SIM_CB_FLAG_NON_IMMEDIATE)))
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    return ZE_RESULT_SUCCESS;
}

/* The properties of an event that a mutable command's replacement event must match. */
static sim__evprops sim__props_of(const sim__event *ev, bool wait) {
    sim__evprops p;
    memset(&p, 0, sizeof p);
    if (ev == NULL) return p;
    p.valid = true;
    p.cb = ev->cb;
    p.flags = ev->cb ? SIM_CB(ev)->cb_flags : ev->pool->flags;
    p.scope = wait ? ev->wait_scope : ev->signal_scope;
    return p;
}

/* Validates the list, the signal event and the wait events; fills c's event fields.
   Caller holds g.mtx. Returns the list or NULL with *res set. */
static sim__list *sim__append_begin(ze_command_list_handle_t hList, sim__cmd *c, ze_event_handle_t hSignal,
                                    uint32_t numWait, ze_event_handle_t *phWait, ze_result_t *res) {
    uint32_t i;
    sim__event *sig = NULL;
    sim__list *l = sim__get(hList, SIM_K_LIST, res);
    if (l == NULL) return NULL;
    if (!l->immediate && l->closed) {
        *res = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        return NULL;
    }
    if (hSignal != NULL && (sig = sim__find(hSignal, SIM_K_EVENT)) == NULL) {
        *res = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        return NULL;
    }
    if (sig != NULL && (*res = sim__check_signal(l, sig)) != ZE_RESULT_SUCCESS) return NULL;
#ifdef SIM_SPEC_1_17
    if (g.captures != NULL && numWait > 0 && phWait == NULL) {
        *res = ZE_RESULT_ERROR_INVALID_SIZE;
        return NULL;
    }
    if (g.captures != NULL && (*res = sim__capture_check(l, hSignal, numWait, phWait)) != ZE_RESULT_SUCCESS) return NULL;
#endif
    if (numWait > 0 && phWait == NULL) {
        *res = ZE_RESULT_ERROR_INVALID_SIZE;
        return NULL;
    }
    for (i = 0; i < numWait; i++) {
        if (sim__get(phWait[i], SIM_K_EVENT, res) == NULL) return NULL;
    }
    c->signal = hSignal;
    c->list = hList;
    c->nwait = numWait;
    if (numWait > 0) {
        c->wait = sim__memdup(phWait, numWait * sizeof *phWait);
        if (c->wait == NULL) {
            *res = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
            return NULL;
        }
    }
    return l;
}

/* Records c in a regular list or submits it on an immediate one; takes ownership of c.
   Caller holds g.mtx; releases it. */
static ze_result_t sim__append_end(sim__list *l, sim__cmd *c) {
    ze_result_t r = ZE_RESULT_SUCCESS;
#ifdef SIM_SPEC_1_17
    /* zeCommandListBeginGraphCaptureExt: "append operations issued to the command list are
       recorded into a graph and are not submitted to the device" */
    if (l->capture != NULL) {
        sim__graph *gr = l->capture;
        c->next = NULL;
        if (gr->tail != NULL) gr->tail->next = c;
        else gr->head = c;
        gr->tail = c;
        gr->ncmds++;
        sim__unlock();
        return r;
    }
#endif
    if (!l->immediate && l->pend_id != 0) {
        /* zeCommandListGetNextCommandIdExp: the id "for the next command to be appended" */
        uint32_t i;
        sim__mut *m = c->mut = calloc(1, sizeof *c->mut);
        if (m == NULL || (m->props = calloc(c->nwait + 1, sizeof *m->props)) == NULL) {
            sim__unlock();
            sim__cmd_free(c);
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        }
        for (i = 0; i < c->nwait; i++) m->props[i] = sim__props_of(sim__find(c->wait[i], SIM_K_EVENT), true);
        m->props[c->nwait] = sim__props_of(sim__find(c->signal, SIM_K_EVENT), false);
        m->nwait = c->nwait;
        m->id = l->pend_id;
        m->flags = l->pend_flags;
        m->nkernels = l->pend_nkernels;
        m->kernels = l->pend_kernels;
        l->pend_id = 0;
        l->pend_nkernels = 0;
        l->pend_kernels = NULL;
    }
    if (l->immediate) {
        sim__cmd_order(c, sim__list_ooo(l), false, l->last_barrier);
        l->last_barrier = sim__is_barrier(c->kind);
        r = sim__engine_push(l->eng, c);
        if (r == ZE_RESULT_SUCCESS && l->sync) r = sim__engine_wait(l->eng, l->eng->submitted, UINT64_MAX);
    } else {
        c->next = NULL;
        if (l->tail != NULL) l->tail->next = c;
        else l->head = c;
        l->tail = c;
    }
    sim__unlock();
    return r;
}

/* Allocates a command and runs sim__append_begin; on failure unlocks and returns. */
#define SIM_APPEND_BEGIN(l, c, kind_, hList, hSignal, numWait, phWait) \
    sim__list *l; \
    sim__cmd *c; \
    sim__lock(); \
    c = sim__cmd_new((kind_), true); \
    if (c == NULL) { sim__unlock(); return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY; } \
    l = sim__append_begin(hList, c, hSignal, numWait, phWait, &res_); \
    if (l == NULL) { sim__unlock(); sim__cmd_free(c); return res_; }

#define SIM_APPEND_FAIL(c, r) do { sim__unlock(); sim__cmd_free(c); return (r); } while (0)

static bool sim__overlap(const void *a, const void *b, size_t n) {
    const uint8_t *x = a, *y = b;
    return n > 0 && x < y + n && y < x + n;
}

static ze_result_t sim__append_kernel(int kind, ze_command_list_handle_t hList, ze_kernel_handle_t hKernel,
                                      const ze_group_count_t *args, ze_event_handle_t hSignal, uint32_t numWait,
                                      ze_event_handle_t *phWait) {
    ze_result_t res_;
    sim__kernel *k;
    SIM_APPEND_BEGIN(l, c, kind, hList, hSignal, numWait, phWait);
    k = sim__get(hKernel, SIM_K_KERNEL, &res_);
    if (k == NULL) SIM_APPEND_FAIL(c, res_);
    if (args == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (l->ordinal != 0) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE);
    c->kinfo = k->info;
    if (kind == ZE_SIM_CMD_KERNEL_INDIRECT) {
        c->indirect = args;
    } else {
        c->group[0] = args->groupCountX;
        c->group[1] = args->groupCountY;
        c->group[2] = args->groupCountZ;
    }
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendLaunchKernel(ze_command_list_handle_t hCommandList,
                                                                  ze_kernel_handle_t hKernel,
                                                                  const ze_group_count_t *pLaunchFuncArgs,
                                                                  ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                                  ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    return sim__append_kernel(ZE_SIM_CMD_KERNEL, hCommandList, hKernel, pLaunchFuncArgs, hSignalEvent, numWaitEvents,
                              phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendLaunchCooperativeKernel(ze_command_list_handle_t hCommandList,
                                                                             ze_kernel_handle_t hKernel,
                                                                             const ze_group_count_t *pLaunchFuncArgs,
                                                                             ze_event_handle_t hSignalEvent,
                                                                             uint32_t numWaitEvents,
                                                                             ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    return sim__append_kernel(ZE_SIM_CMD_KERNEL_COOPERATIVE, hCommandList, hKernel, pLaunchFuncArgs, hSignalEvent,
                              numWaitEvents, phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendLaunchKernelIndirect(ze_command_list_handle_t hCommandList,
                                                                          ze_kernel_handle_t hKernel,
                                                                          const ze_group_count_t *pLaunchArgumentsBuffer,
                                                                          ze_event_handle_t hSignalEvent,
                                                                          uint32_t numWaitEvents,
                                                                          ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    return sim__append_kernel(ZE_SIM_CMD_KERNEL_INDIRECT, hCommandList, hKernel, pLaunchArgumentsBuffer, hSignalEvent,
                              numWaitEvents, phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendLaunchMultipleKernelsIndirect(
    ze_command_list_handle_t hCommandList, uint32_t numKernels, ze_kernel_handle_t *phKernels,
    const uint32_t *pCountBuffer, const ze_group_count_t *pLaunchArgumentsBuffer, ze_event_handle_t hSignalEvent,
    uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    uint32_t i;
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_KERNEL_MULTI_INDIRECT, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (phKernels == NULL || pCountBuffer == NULL || pLaunchArgumentsBuffer == NULL)
        SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (numKernels == 0) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_SIZE);
    if (l->ordinal != 0) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE);
    c->kinfos = calloc(numKernels, sizeof *c->kinfos);
    if (c->kinfos == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
    c->nkernels = numKernels;
    for (i = 0; i < numKernels; i++) {
        sim__kernel *k = sim__get(phKernels[i], SIM_K_KERNEL, &res_);
        if (k == NULL) SIM_APPEND_FAIL(c, res_);
        c->kinfos[i] = k->info;
    }
    c->pcount = pCountBuffer;
    c->indirect = pLaunchArgumentsBuffer;
    return sim__append_end(l, c);
}

/* zeCommandListAppendMemoryCopy and ...WithParameters (its pNext chain has nothing the sim
   reads). */
static ze_result_t sim__append_copy(ze_command_list_handle_t hCommandList, void *dstptr, const void *srcptr,
                                    size_t size, ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                    ze_event_handle_t *phWaitEvents) {
    ze_result_t res_;
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_COPY, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (dstptr == NULL || srcptr == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (sim__overlap(dstptr, srcptr, size)) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_OVERLAPPING_REGIONS);
    c->dst = dstptr;
    c->src = srcptr;
    c->size = size;
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryCopy(ze_command_list_handle_t hCommandList, void *dstptr,
                                                                const void *srcptr, size_t size,
                                                                ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                                ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    return sim__append_copy(hCommandList, dstptr, srcptr, size, hSignalEvent, numWaitEvents, phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryCopyFromContext(ze_command_list_handle_t hCommandList,
                                                                           void *dstptr, ze_context_handle_t hContextSrc,
                                                                           const void *srcptr, size_t size,
                                                                           ze_event_handle_t hSignalEvent,
                                                                           uint32_t numWaitEvents,
                                                                           ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_COPY_FROM_CONTEXT, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (sim__get(hContextSrc, SIM_K_CONTEXT, &res_) == NULL) SIM_APPEND_FAIL(c, res_);
    if (dstptr == NULL || srcptr == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (sim__overlap(dstptr, srcptr, size)) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_OVERLAPPING_REGIONS);
    c->dst = dstptr;
    c->src = srcptr;
    c->size = size;
    return sim__append_end(l, c);
}

/* zeCommandListAppendMemoryFill and ...WithParameters. */
static ze_result_t sim__append_fill(ze_command_list_handle_t hCommandList, void *ptr, const void *pattern,
                                    size_t pattern_size, size_t size, ze_event_handle_t hSignalEvent,
                                    uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    ze_result_t res_;
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_FILL, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (ptr == NULL || pattern == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (!sim__is_pow2(pattern_size) || pattern_size > SIM_MAX_FILL_PATTERN) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_SIZE);
    c->dst = ptr;
    c->size = size;
    memcpy(c->pattern, pattern, pattern_size);
    c->pattern_size = pattern_size;
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryFill(ze_command_list_handle_t hCommandList, void *ptr,
                                                                const void *pattern, size_t pattern_size, size_t size,
                                                                ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                                ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    return sim__append_fill(hCommandList, ptr, pattern, pattern_size, size, hSignalEvent, numWaitEvents, phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryCopyRegion(
    ze_command_list_handle_t hCommandList, void *dstptr, const ze_copy_region_t *dstRegion, uint32_t dstPitch,
    uint32_t dstSlicePitch, const void *srcptr, const ze_copy_region_t *srcRegion, uint32_t srcPitch,
    uint32_t srcSlicePitch, ze_event_handle_t hSignalEvent, uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_COPY_REGION, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (dstptr == NULL || srcptr == NULL || dstRegion == NULL || srcRegion == NULL)
        SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (dstRegion->width != srcRegion->width || dstRegion->height != srcRegion->height ||
        dstRegion->depth != srcRegion->depth)
        SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_ARGUMENT);
    if ((dstRegion->height > 1 && dstPitch < dstRegion->originX + dstRegion->width) ||
        (srcRegion->height > 1 && srcPitch < srcRegion->originX + srcRegion->width))
        SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_SIZE);
    c->dst = dstptr;
    c->src = srcptr;
    c->dreg = *dstRegion;
    c->sreg = *srcRegion;
    c->dpitch = dstPitch;
    c->dslice = dstSlicePitch;
    c->spitch = srcPitch;
    c->sslice = srcSlicePitch;
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendBarrier(ze_command_list_handle_t hCommandList,
                                                             ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
                                                             ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_BARRIER, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryRangesBarrier(ze_command_list_handle_t hCommandList,
                                                                         uint32_t numRanges, const size_t *pRangeSizes,
                                                                         const void **pRanges,
                                                                         ze_event_handle_t hSignalEvent,
                                                                         uint32_t numWaitEvents,
                                                                         ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_MEMORY_RANGES_BARRIER, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (pRangeSizes == NULL || pRanges == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    (void)numRanges;
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendSignalEvent(ze_command_list_handle_t hCommandList,
                                                                 ze_event_handle_t hEvent) {
    SIM_ENTER();
    if (hEvent == NULL) return ZE_RESULT_ERROR_INVALID_NULL_HANDLE;
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_SIGNAL_EVENT, hCommandList, hEvent, 0, NULL);
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendWaitOnEvents(ze_command_list_handle_t hCommandList,
                                                                  uint32_t numEvents, ze_event_handle_t *phEvents) {
    SIM_ENTER();
    if (phEvents == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_WAIT_EVENTS, hCommandList, NULL, numEvents, phEvents);
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendEventReset(ze_command_list_handle_t hCommandList,
                                                                ze_event_handle_t hEvent) {
    SIM_ENTER();
    sim__event *ev;
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_EVENT_RESET, hCommandList, NULL, 0, NULL);
    if ((ev = sim__get(hEvent, SIM_K_EVENT, &res_)) == NULL) SIM_APPEND_FAIL(c, res_);
    /* counter-based events: "zeEventHostReset is not allowed" and "must not be reset, i.e., a call
       to zeEventHostReset or zeCommandListAppendEventReset is not allowed" (1.8 extension) */
    if (ev->cb) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_ARGUMENT);
    c->dst = hEvent;
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendWriteGlobalTimestamp(ze_command_list_handle_t hCommandList,
                                                                          uint64_t *dstptr, ze_event_handle_t hSignalEvent,
                                                                          uint32_t numWaitEvents,
                                                                          ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_WRITE_TIMESTAMP, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (dstptr == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    c->dst = dstptr;
    return sim__append_end(l, c);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendQueryKernelTimestamps(ze_command_list_handle_t hCommandList,
                                                                           uint32_t numEvents, ze_event_handle_t *phEvents,
                                                                           void *dstptr, const size_t *pOffsets,
                                                                           ze_event_handle_t hSignalEvent,
                                                                           uint32_t numWaitEvents,
                                                                           ze_event_handle_t *phWaitEvents) {
    uint32_t i;
    SIM_ENTER();
    SIM_APPEND_BEGIN(l, c, ZE_SIM_CMD_QUERY_KERNEL_TIMESTAMPS, hCommandList, hSignalEvent, numWaitEvents, phWaitEvents);
    if (phEvents == NULL || dstptr == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    if (numEvents == 0) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_SIZE);
    for (i = 0; i < numEvents; i++) {
        sim__event *ev = sim__get(phEvents[i], SIM_K_EVENT, &res_);
        if (ev == NULL) SIM_APPEND_FAIL(c, res_);
        if (!ev->kernel_ts) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_INVALID_ARGUMENT);
    }
    c->events = sim__memdup(phEvents, numEvents * sizeof *phEvents);
    if (c->events == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
    c->nevents = numEvents;
    if (pOffsets != NULL) {
        c->offsets = sim__memdup(pOffsets, numEvents * sizeof *pOffsets);
        if (c->offsets == NULL) SIM_APPEND_FAIL(c, ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY);
    }
    c->dst = dstptr;
    return sim__append_end(l, c);
}

/* Prefetch and advice change nothing on this device: validated, then done at once. */
static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryPrefetch(ze_command_list_handle_t hCommandList,
                                                                    const void *ptr, size_t size) {
    SIM_ENTER();
    (void)size;
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    (void)l;
    sim__unlock();
    return ptr == NULL ? ZE_RESULT_ERROR_INVALID_NULL_POINTER : ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemAdvise(ze_command_list_handle_t hCommandList,
                                                               ze_device_handle_t hDevice, const void *ptr, size_t size,
                                                               ze_memory_advice_t advice) {
    SIM_ENTER();
    (void)size;
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)l;
    (void)dev;
    sim__unlock();
    if (ptr == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    return (unsigned)advice > ZE_MEMORY_ADVICE_CLEAR_PREFERRED_LOCATION ? ZE_RESULT_ERROR_INVALID_ENUMERATION
                                                                                      : ZE_RESULT_SUCCESS;
}

/* ------------------------------------------------------------------------------------------
   >>hooks: exported for tests, declared in ze_sim.h
   ------------------------------------------------------------------------------------------ */

ZE_SIM_API ze_result_t zeSimSetFailSpec(const char *spec) { return sim__set_fail_spec(spec); }

ZE_SIM_API size_t zeSimLogCount(void) {
    size_t n;
    sim__lock();
    n = g.log_count;
    sim__unlock();
    return n;
}

ZE_SIM_API ze_result_t zeSimLogGet(size_t index, ze_sim_command_record_t *out) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    if (out == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    sim__lock();
    if (index >= g.log_count) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else *out = g.log[(g.log_first + index) % ZE_SIM_LOG_CAPACITY];
    sim__unlock();
    return r;
}

ZE_SIM_API void zeSimLogClear(void) {
    sim__lock();
    g.log_first = g.log_count = 0;
    sim__unlock();
}

ZE_SIM_API uint64_t zeSimPendingCount(void) {
    uint64_t n;
    sim__lock();
    n = g.pending;
    sim__unlock();
    return n;
}

ZE_SIM_API uint64_t zeSimDeviceTicks(void) { return sim__ns_to_ticks(sim__now_ns()); }

ZE_SIM_API void zeSimSetTimestampFault(ze_sim_ts_fault_t fault) {
    __atomic_store_n(&sim__ts_fault_mode, (int)fault, __ATOMIC_RELAXED);
}

ZE_SIM_API void zeSimSetRecycleLists(int on) {
    sim__lock();
    g.recycle_lists = on != 0;
    if (!g.recycle_lists) {
        free(g.spare_list);
        g.spare_list = NULL;
    }
    sim__unlock();
}

ZE_SIM_API uint64_t zeSimSetSpirvKernelDuration(uint64_t ns) {
    return __atomic_exchange_n(&sim__spirv_ns, ns, __ATOMIC_RELAXED);
}

ZE_SIM_API void zeSimSetOutOfOrder(int on) {
    sim__lock();
    g.ooo = on != 0;
    sim__unlock();
}

ZE_SIM_API void zeSimSetPaused(int paused) {
    sim__lock();
    g.paused = paused != 0;
    sim__wake();
    sim__unlock();
}

ZE_SIM_API ze_result_t zeSimWaitIdle(uint64_t timeout_ns) {
    struct timespec dl = sim__deadline(timeout_ns == UINT64_MAX ? 0 : timeout_ns);
    ze_result_t r = ZE_RESULT_SUCCESS;
    sim__lock();
    while (g.pending > 0) {
        if (!sim__wait_step(timeout_ns, &dl) && g.pending > 0) {
            r = ZE_RESULT_NOT_READY;
            break;
        }
    }
    sim__unlock();
    return r;
}

ZE_SIM_API uint64_t zeSimLiveObjectCount(void) {
    uint64_t n;
    sim__reap();
    sim__lock();
    n = g.nlive + g.nallocs + g.ndeferred + g.nvres + g.nmexports;
    sim__unlock();
    return n;
}

/* ------------------------------------------------------------------------------------------
   >>newer: entry points of spec 1.6 to 1.17, built only against headers that declare them
   (ZE_RECORD_REPLAY_GRAPH_EXT_NAME: the 1.17 headers); a loader gets them only when it asks
   for a table version that has them (>>ddi)
   ------------------------------------------------------------------------------------------ */
#ifdef SIM_SPEC_1_17

/* Device ticks to host ns (sim__ns_to_ticks the other way). */
static uint64_t sim__ticks_to_ns(uint64_t ticks) {
#ifndef ZE_SIM_DRIVER2
    return ticks / 12u * 625u + ticks % 12u * 625u / 12u;
#else
    return ticks * SIM_NS_PER_TICK - ZE_SIM2_CLOCK_OFFSET_NS;
#endif
}

/* zeInitDrivers (1.10): the one GPU driver, for a request that includes GPU drivers. */
static ze_result_t ZE_APICALL sim_zeInitDrivers(uint32_t *pCount, ze_driver_handle_t *phDrivers,
                                                ze_init_driver_type_desc_t *desc) {
    SIM_ENTER();
    if (pCount == NULL || desc == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if (desc->flags == 0 || (desc->flags & ~(ze_init_driver_type_flags_t)0xf)) return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    const uint32_t n = (desc->flags & ZE_INIT_DRIVER_TYPE_FLAG_GPU) ? 1u : 0u;
    if (*pCount == 0 || *pCount > n) *pCount = n;
    if (phDrivers != NULL && *pCount > 0) phDrivers[0] = (ze_driver_handle_t)&g.driver;
    return ZE_RESULT_SUCCESS;
}

/* zeDeviceSynchronize (1.14): waits for all work submitted to the device's queues and
   immediate lists when the call is made. */
static ze_result_t ZE_APICALL sim_zeDeviceSynchronize(ze_device_handle_t hDevice) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    sim__engine *e;
    SIM_ENTER();
    sim__lock();
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    for (e = g.engines; e != NULL && r == ZE_RESULT_SUCCESS; e = e->next)
        if (e->device_index == dev->index) r = sim__engine_wait(e, e->submitted, UINT64_MAX);
    sim__unlock();
    return r;
}

/* zeCommandListHostSynchronize (1.6): immediate lists only (ZE_RESULT_ERROR_INVALID_ARGUMENT
   otherwise); ZE_RESULT_NOT_READY once timeout ns passed. */
static ze_result_t ZE_APICALL sim_zeCommandListHostSynchronize(ze_command_list_handle_t hCommandList, uint64_t timeout) {
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    if (l->capture != NULL) r = ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED; /* "host-side synchronization operations on recorded work" */
    else r = l->immediate ? sim__engine_wait(l->eng, l->eng->submitted, timeout) : ZE_RESULT_ERROR_INVALID_ARGUMENT;
    sim__unlock();
    return r;
}

/* Launches with arguments (1.14): sets the group size and the kernel's arguments (each entry of
   pArguments points to one argument's value) and appends, as zeCommandListAppendLaunchKernel. */
static ze_result_t ZE_APICALL sim_zeCommandListAppendLaunchKernelWithArguments(
    ze_command_list_handle_t hCommandList, ze_kernel_handle_t hKernel, const ze_group_count_t groupCounts,
    const ze_group_size_t groupSizes, void **pArguments, const void *pNext, ze_event_handle_t hSignalEvent,
    uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    sim__kernel *k;
    uint32_t i;
    (void)pNext;
    SIM_ENTER();
    if (groupSizes.groupSizeX == 0 || groupSizes.groupSizeY == 0 || groupSizes.groupSizeZ == 0)
        return ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION;
    sim__lock();
    SIM_GET(kk, sim__kernel, SIM_K_KERNEL, hKernel);
    k = kk;
    if (k->info.nargs > 0 && pArguments == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    k->group[0] = groupSizes.groupSizeX;
    k->group[1] = groupSizes.groupSizeY;
    k->group[2] = groupSizes.groupSizeZ;
    for (i = 0; i < k->info.nargs && i < 64; i++) k->args_set |= (uint64_t)1 << i;
    sim__unlock();
    return sim__append_kernel(ZE_SIM_CMD_KERNEL, hCommandList, hKernel, &groupCounts, hSignalEvent, numWaitEvents,
                              phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendLaunchKernelWithParameters(
    ze_command_list_handle_t hCommandList, ze_kernel_handle_t hKernel, const ze_group_count_t *pGroupCounts,
    const void *pNext, ze_event_handle_t hSignalEvent, uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    (void)pNext;
    SIM_ENTER();
    return sim__append_kernel(ZE_SIM_CMD_KERNEL, hCommandList, hKernel, pGroupCounts, hSignalEvent, numWaitEvents,
                              phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryCopyWithParameters(
    ze_command_list_handle_t hCommandList, void *dstptr, const void *srcptr, size_t size, const void *pNext,
    ze_event_handle_t hSignalEvent, uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    (void)pNext;
    SIM_ENTER();
    return sim__append_copy(hCommandList, dstptr, srcptr, size, hSignalEvent, numWaitEvents, phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListAppendMemoryFillWithParameters(
    ze_command_list_handle_t hCommandList, void *ptr, const void *pattern, size_t pattern_size, size_t size,
    const void *pNext, ze_event_handle_t hSignalEvent, uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    (void)pNext;
    SIM_ENTER();
    return sim__append_fill(hCommandList, ptr, pattern, pattern_size, size, hSignalEvent, numWaitEvents, phWaitEvents);
}

/* Regular lists run on an immediate list (1.9; ...WithParameters 1.16): closed, not immediate,
   of the immediate list's device and ordinal (else ZE_RESULT_ERROR_INVALID_ARGUMENT), run in
   order after the wait events, then the signal event is signalled; each list may be appended
   any number of times. */
static ze_result_t sim__immediate_append_lists(ze_command_list_handle_t hImm, uint32_t numCommandLists,
                                               ze_command_list_handle_t *phCommandLists, ze_event_handle_t hSignalEvent,
                                               uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    sim__cmd *batch = NULL, **tail = &batch, *c;
    ze_result_t r = ZE_RESULT_SUCCESS;
    uint32_t i;
    sim__lock();
    sim__list *imm = sim__get(hImm, SIM_K_LIST, &r);
    if (imm == NULL) {
        sim__unlock();
        return r;
    }
    if (!imm->immediate) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    /* capturing: the device lacks ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_APPEND_COMMANDLIST, so "calling
       zeCommandListImmediateAppendCommandListsExp on the capturing command list returns an error
       (ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED)" */
    else if (imm->capture != NULL) r = ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED;
    if (r == ZE_RESULT_SUCCESS && (numCommandLists == 0 || phCommandLists == NULL)) r = ZE_RESULT_ERROR_INVALID_SIZE;
    /* wait events first: a command that only waits */
    if (r == ZE_RESULT_SUCCESS && numWaitEvents > 0) {
        c = sim__cmd_new(ZE_SIM_CMD_WAIT_EVENTS, false);
        if (c == NULL) r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        else {
            *tail = c;
            tail = &c->next;
            if (sim__append_begin(hImm, c, NULL, numWaitEvents, phWaitEvents, &r) == NULL && r == ZE_RESULT_SUCCESS)
                r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        }
    }
    if (r == ZE_RESULT_SUCCESS && hSignalEvent != NULL) {
        sim__event *sig = sim__find(hSignalEvent, SIM_K_EVENT);
        r = sig == NULL ? ZE_RESULT_ERROR_INVALID_ARGUMENT : sim__check_signal(imm, sig);
    }
    for (i = 0; i < numCommandLists && r == ZE_RESULT_SUCCESS; i++) {
        sim__list *l = sim__get(phCommandLists[i], SIM_K_LIST, &r);
        if (l == NULL) break;
        if (l->immediate || !l->closed || l->updating || l->dev != imm->dev || l->ordinal != imm->ordinal) {
            r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
            break;
        }
        r = sim__list_clone_into(l, &tail);
    }
    if (r == ZE_RESULT_SUCCESS && hSignalEvent != NULL) {
        c = sim__cmd_new(ZE_SIM_CMD_SIGNAL_EVENT, false);
        if (c == NULL) r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        else {
            c->signal = hSignalEvent;
            c->list = hImm;
            *tail = c;
        }
    }
    while (batch != NULL && r == ZE_RESULT_SUCCESS) {
        c = batch;
        batch = c->next;
        c->next = NULL;
        r = sim__engine_push(imm->eng, c);
    }
    while (batch != NULL) {
        c = batch;
        batch = c->next;
        sim__cmd_free(c);
    }
    if (r == ZE_RESULT_SUCCESS && imm->sync) r = sim__engine_wait(imm->eng, imm->eng->submitted, UINT64_MAX);
    sim__unlock();
    return r;
}

static ze_result_t ZE_APICALL sim_zeCommandListImmediateAppendCommandListsExp(
    ze_command_list_handle_t hCommandListImmediate, uint32_t numCommandLists, ze_command_list_handle_t *phCommandLists,
    ze_event_handle_t hSignalEvent, uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    SIM_ENTER();
    return sim__immediate_append_lists(hCommandListImmediate, numCommandLists, phCommandLists, hSignalEvent,
                                       numWaitEvents, phWaitEvents);
}

static ze_result_t ZE_APICALL sim_zeCommandListImmediateAppendCommandListsWithParameters(
    ze_command_list_handle_t hCommandListImmediate, uint32_t numCommandLists, ze_command_list_handle_t *phCommandLists,
    const void *pNext, ze_event_handle_t hSignalEvent, uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    (void)pNext;
    SIM_ENTER();
    return sim__immediate_append_lists(hCommandListImmediate, numCommandLists, phCommandLists, hSignalEvent,
                                       numWaitEvents, phWaitEvents);
}

/* zeEventQueryKernelTimestampsExt (1.6): one packet per event; *pCount 0 asks how many. Kernel
   timestamps as zeEventQueryKernelTimestamp; synchronized ones (host CLOCK_MONOTONIC_RAW ns) only
   for events of a ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP pool or with
   ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP: "For collecting synchronized timestamps, the
   application must ensure the event was created from an event pool that was created using
   ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP flag" (else ZE_RESULT_ERROR_INVALID_ARGUMENT). "The
   destination memory will be unmodified if the event has not been signaled." */
static ze_result_t ZE_APICALL sim_zeEventQueryKernelTimestampsExt(
    ze_event_handle_t hEvent, ze_device_handle_t hDevice, uint32_t *pCount,
    ze_event_query_kernel_timestamps_results_ext_properties_t *pResults) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)dev;
    if (pCount == NULL) r = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    else if (!ev->kernel_ts) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else if (*pCount != 0 && pResults != NULL && pResults->pSynchronizedTimestampsBuffer != NULL && !ev->mapped_ts)
        r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else if (!sim__event_ts_ready(ev)) r = ZE_RESULT_NOT_READY;
    else if (*pCount == 0 || pResults == NULL) *pCount = 1;
    else {
        const bool cb = ev->cb && SIM_CB(ev)->point != NULL;
        *pCount = 1;
        if (pResults->pKernelTimestampsBuffer != NULL && sim__ts_fault() != ZE_SIM_TS_UNWRITTEN)
            sim__kernel_ts(ev, pResults->pKernelTimestampsBuffer);
        if (pResults->pSynchronizedTimestampsBuffer != NULL) {
            ze_synchronized_timestamp_result_ext_t *st = pResults->pSynchronizedTimestampsBuffer;
            st->global.kernelStart = st->context.kernelStart =
                sim__ticks_to_ns(cb ? SIM_CB(ev)->point->start_ticks : sim__state(ev)->start_ticks);
            st->global.kernelEnd = st->context.kernelEnd = sim__ticks_to_ns(cb ? SIM_CB(ev)->point->end_ticks : sim__state(ev)->end_ticks);
        }
    }
    sim__unlock();
    return r;
}

/* zeEventCounterBasedCreate (1.15). Spec 1.17 programming guide, "Counter Based Events": no
   pool; "After creation, a CB Event is initially marked as completed. The completion state
   changes if the event is assigned as a signalEvent to an append call or if external storage is
   specified during creation"; ze_event_counter_based_flag_t: DEVICE_TIMESTAMP and HOST_TIMESTAMP
   "Cannot be combined"; "Timestamps are not allowed for IPC sharing"; external sync allocation and
   aggregate storage: "This extension cannot be used with "external storage" extension", and a
   completionValue above zeDeviceGetCounterBasedEventMaxValue is ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeEventCounterBasedCreate(ze_context_handle_t hContext, ze_device_handle_t hDevice,
                                                            const ze_event_counter_based_desc_t *desc,
                                                            ze_event_handle_t *phEvent) {
    const uint32_t scopes = ZE_EVENT_SCOPE_FLAG_SUBDEVICE | ZE_EVENT_SCOPE_FLAG_DEVICE | ZE_EVENT_SCOPE_FLAG_HOST;
    const uint32_t ts = ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP | ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP;
    const ze_event_counter_based_external_sync_allocation_desc_t *sync = NULL;
    const ze_event_counter_based_external_aggregate_storage_desc_t *agg = NULL;
    sim__event *ev;
    uint32_t flags;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    SIM_GET(dev, sim__device, SIM_K_DEVICE, hDevice);
    (void)ctx;
    (void)dev;
    sim__unlock();
    if (desc == NULL || phEvent == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    flags = desc->flags;
    if (flags > 0x7f || desc->signal > scopes || desc->wait > scopes || (flags & ts) == ts)
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    if ((flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC) && (flags & ts)) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    for (const ze_base_desc_t *x = desc->pNext; x != NULL; x = x->pNext) {
        if (x->stype == ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC)
            sync = (const ze_event_counter_based_external_sync_allocation_desc_t *)x;
        else if (x->stype == ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC)
            agg = (const ze_event_counter_based_external_aggregate_storage_desc_t *)x;
    }
    if (sync != NULL && agg != NULL) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    if ((sync != NULL && (sync->deviceAddress == NULL || sync->hostAddress == NULL)) ||
        (agg != NULL && agg->deviceAddress == NULL))
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    if ((sync != NULL && sync->completionValue > SIM_CB_MAX_VALUE) || (agg != NULL && agg->completionValue > SIM_CB_MAX_VALUE))
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    /* "ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE: ... used for immediate command lists (default)" */
    if (!(flags & (SIM_CB_FLAG_IMMEDIATE | SIM_CB_FLAG_NON_IMMEDIATE))) flags |= SIM_CB_FLAG_IMMEDIATE;
    ev = calloc(1, sizeof(sim__cbevent));
    if (ev == NULL || (SIM_CB(ev)->counter = sim__counter_new()) == NULL) {
        free(ev);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    ev->cb = true;
    SIM_CB(ev)->cb_flags = flags;
    ev->signal_scope = desc->signal;
    ev->wait_scope = desc->wait;
    ev->kernel_ts = (flags & ts) != 0;
    ev->mapped_ts = (flags & ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP) != 0;
    if (sync != NULL) {
        SIM_CB(ev)->ext_dev = sync->deviceAddress;
        SIM_CB(ev)->ext_host = sync->hostAddress;
        SIM_CB(ev)->ext_value = sync->completionValue;
    }
    if (agg != NULL) {
        SIM_CB(ev)->agg_mem = agg->deviceAddress;
        SIM_CB(ev)->agg_inc = agg->incrementValue;
        SIM_CB(ev)->agg_value = agg->completionValue;
    }
    sim__lock();
    sim__reg_add(&ev->h, SIM_K_EVENT);
    sim__unlock();
    *phEvent = (ze_event_handle_t)ev;
    return ZE_RESULT_SUCCESS;
}

/* zeEventCounterBasedGetDeviceAddress (1.15): "User may obtain counter memory location and value
   using zeEventCounterBasedGetDeviceAddress. For example, waiting for completion outside the L0
   Driver" - the value at the address reaches the completion value once the event's latest signal
   completed (the storage the application gave for external events). A regular event:
   ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeEventCounterBasedGetDeviceAddress(ze_event_handle_t hEvent, uint64_t *completionValue,
                                                                      uint64_t *deviceAddress) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    if (completionValue == NULL || deviceAddress == NULL) {
        r = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    } else if (!ev->cb) {
        r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    } else if (SIM_CB(ev)->agg_mem != NULL) {
        *completionValue = SIM_CB(ev)->agg_value;
        *deviceAddress = (uint64_t)(uintptr_t)SIM_CB(ev)->agg_mem;
    } else if (SIM_CB(ev)->ext_dev != NULL) {
        *completionValue = SIM_CB(ev)->ext_value;
        *deviceAddress = (uint64_t)(uintptr_t)SIM_CB(ev)->ext_dev;
    } else {
        const sim__counter *k = SIM_CB(ev)->point != NULL && SIM_CB(ev)->point->counter != NULL ? SIM_CB(ev)->point->counter : SIM_CB(ev)->counter;
        *completionValue = SIM_CB(ev)->point != NULL ? SIM_CB(ev)->point->target : 0;
        *deviceAddress = (uint64_t)(uintptr_t)&k->value;
    }
    sim__unlock();
    return r;
}

/* Finds or adds the export of a counter-based event's current state. g.mtx held. */
static sim__export *sim__export_cb(const sim__event *ev) {
    sim__export *x;
    for (x = g.exports; x != NULL; x = x->next) {
        if (x->pt == SIM_CB(ev)->point && x->cb_flags == SIM_CB(ev)->cb_flags && x->signal_scope == ev->signal_scope &&
            x->wait_scope == ev->wait_scope)
            return x;
    }
    x = calloc(1, sizeof *x);
    if (x == NULL) return NULL;
    x->id = ++g.next_export;
    x->pt = sim__point_ref(SIM_CB(ev)->point);
    x->cb_flags = SIM_CB(ev)->cb_flags;
    x->signal_scope = ev->signal_scope;
    x->wait_scope = ev->wait_scope;
    x->next = g.exports;
    g.exports = x;
    return x;
}

/* zeEventPoolPutIpcHandle (1.6): "Returns an IPC event pool handle to the driver" - opening it
   afterwards is ZE_RESULT_ERROR_INVALID_ARGUMENT; pools already opened keep the memory ("This call
   does not destroy the original event pool"). Bytes that are no pool handle of this sim:
   ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeEventPoolPutIpcHandle(ze_context_handle_t hContext, ze_ipc_event_pool_handle_t hIpc) {
    sim__export **pp, *x;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    x = sim__ipc_read(hIpc.data);
    if (x == NULL || x->store == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    for (pp = &g.exports; *pp != x; pp = &(*pp)->next) {}
    *pp = x->next;
    sim__store_unref(x->store);
    sim__unlock();
    free(x);
    return ZE_RESULT_SUCCESS;
}

/* zeEventCounterBasedGetIpcHandle (1.15), within one process: the handle names the event's state
   now ("Second process points to the original state until zeEventCounterBasedCloseIpcHandle is
   called. Original Event state may be changed without waiting for completion. Second process is
   not affected"). Only for an event created with ZE_EVENT_COUNTER_BASED_FLAG_IPC ("Event can be
   shared across processes for waiting") and without external storage; a regular event is
   ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT. */
static ze_result_t ZE_APICALL sim_zeEventCounterBasedGetIpcHandle(ze_event_handle_t hEvent,
                                                                  ze_ipc_event_counter_based_handle_t *phIpc) {
    sim__export *x;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    if (phIpc == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (!ev->cb) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT;
    }
    if (!(SIM_CB(ev)->cb_flags & ZE_EVENT_COUNTER_BASED_FLAG_IPC) || ev->ipc_opened || SIM_CB(ev)->agg_mem != NULL || SIM_CB(ev)->ext_dev != NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    x = sim__export_cb(ev);
    if (x != NULL) sim__ipc_write(phIpc->data, x->id);
    sim__unlock();
    return x != NULL ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
}

/* zeEventCounterBasedOpenIpcHandle (1.15): a new event with the exported state, "Opened event can
   be used only for waiting/querying (on host and GPU)"; bytes that are no handle of this sim:
   ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeEventCounterBasedOpenIpcHandle(ze_context_handle_t hContext,
                                                                   ze_ipc_event_counter_based_handle_t hIpc,
                                                                   ze_event_handle_t *phEvent) {
    sim__export *x;
    sim__event *ev;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    (void)ctx;
    if (phEvent == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    x = sim__ipc_read(hIpc.data);
    if (x == NULL || x->cb_flags == 0) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    ev = calloc(1, sizeof(sim__cbevent));
    if (ev == NULL || (SIM_CB(ev)->counter = sim__counter_new()) == NULL) {
        free(ev);
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    ev->cb = ev->ipc_opened = true;
    SIM_CB(ev)->cb_flags = x->cb_flags;
    ev->signal_scope = x->signal_scope;
    ev->wait_scope = x->wait_scope;
    SIM_CB(ev)->point = sim__point_ref(x->pt);
    sim__reg_add(&ev->h, SIM_K_EVENT);
    sim__unlock();
    *phEvent = (ze_event_handle_t)ev;
    return ZE_RESULT_SUCCESS;
}

/* zeEventCounterBasedCloseIpcHandle (1.15): releases an event opened from an IPC handle; any other
   event is ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT. */
static ze_result_t ZE_APICALL sim_zeEventCounterBasedCloseIpcHandle(ze_event_handle_t hEvent) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(ev, sim__event, SIM_K_EVENT, hEvent);
    if (!ev->ipc_opened) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT;
    }
    sim__event_free(ev);
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeDeviceGetCounterBasedEventMaxValue (1.17): the largest completionValue external storage may
   use (SIM_CB_MAX_VALUE). */
static ze_result_t ZE_APICALL sim_zeDeviceGetCounterBasedEventMaxValue(ze_device_handle_t hDevice, uint64_t *maxValue) {
    SIM_DEVICE_ENTRY(dev, hDevice, maxValue);
    (void)dev;
    *maxValue = SIM_CB_MAX_VALUE;
    return ZE_RESULT_SUCCESS;
}

/* zeDeviceGetAggregatedCopyOffloadIncrementValue (1.15): the device splits no append over several
   engines, so one signal adds 1. */
static ze_result_t ZE_APICALL sim_zeDeviceGetAggregatedCopyOffloadIncrementValue(ze_device_handle_t hDevice,
                                                                                 uint32_t *incrementValue) {
    SIM_DEVICE_ENTRY(dev, hDevice, incrementValue);
    (void)dev;
    *incrementValue = 1;
    return ZE_RESULT_SUCCESS;
}

/* zeCommandListImmediateGetFlags (1.17): "The application must call this function only with
   command lists created with zeCommandListCreateImmediate" (ZE_RESULT_ERROR_INVALID_ARGUMENT). */
static ze_result_t ZE_APICALL sim_zeCommandListImmediateGetFlags(ze_command_list_handle_t h, ze_command_queue_flags_t *out) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, h);
    if (out == NULL) r = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    else if (!l->immediate) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else *out = l->qflags;
    sim__unlock();
    return r;
}

/* ---- record and replay graphs (1.17, ZE_RECORD_REPLAY_GRAPH_EXT_NAME). The device supports
   ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH only: no subgraphs, no appended command lists,
   no mutable graphs, no events with both IPC and GRAPH_EXTERNAL; forks are not simulated. ---- */

static void sim__cmds_free(sim__cmd *c) {
    while (c != NULL) {
        sim__cmd *n = c->next;
        sim__cmd_free(c);
        c = n;
    }
}

/* Frees an unregistered graph: its commands and callbacks (the callbacks ran). g.mtx held. */
static void sim__graph_free(sim__graph *gr) {
    while (gr->cbs != NULL) {
        sim__graph_cb *cb = gr->cbs;
        gr->cbs = cb->next;
        free(cb);
    }
    sim__cmds_free(gr->head);
    free(gr);
}

static sim__graph *sim__graph_new(sim__context *ctx) {
    sim__graph *gr = calloc(1, sizeof *gr);
    if (gr != NULL) gr->ctx = ctx;
    return gr;
}

/* zeGraphCreateExt: "A newly created graph is an empty container for captured operations". */
static ze_result_t ZE_APICALL sim_zeGraphCreateExt(ze_context_handle_t hContext, const void *pNext, ze_graph_handle_t *phGraph) {
    sim__graph *gr;
    (void)pNext;
    SIM_ENTER();
    sim__lock();
    SIM_GET(ctx, sim__context, SIM_K_CONTEXT, hContext);
    if (phGraph == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if ((gr = sim__graph_new(ctx)) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    sim__reg_add(&gr->h, SIM_K_GRAPH);
    sim__unlock();
    *phGraph = (ze_graph_handle_t)gr;
    return ZE_RESULT_SUCCESS;
}

/* Starts capturing the appends of l into gr. "The application must call this function only with an
   immediate command list", "must not call this function with a synchronous immediate command list"
   (ZE_RESULT_ERROR_INVALID_ARGUMENT, as is a list already capturing). g.mtx held. */
static ze_result_t sim__capture_start(sim__list *l, sim__graph *gr) {
    if (!l->immediate || l->sync || l->capture != NULL) return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    gr->capturing = true;
    gr->primary = (ze_command_list_handle_t)l;
    gr->dev = l->dev;
    gr->ordinal = l->ordinal;
    gr->in_order = l->in_order;
    gr->next_capture = g.captures;
    g.captures = gr;
    l->capture = gr;
    return ZE_RESULT_SUCCESS;
}

/* zeCommandListBeginGraphCaptureExt: capture into a new graph, handed out by
   zeCommandListEndGraphCaptureExt. */
static ze_result_t ZE_APICALL sim_zeCommandListBeginGraphCaptureExt(ze_command_list_handle_t hCommandList, const void *pNext) {
    sim__graph *gr;
    ze_result_t r;
    (void)pNext;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    if ((gr = sim__graph_new(l->ctx)) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    r = sim__capture_start(l, gr);
    if (r == ZE_RESULT_SUCCESS) {
        gr->sim_owned = true;
        sim__reg_add(&gr->h, SIM_K_GRAPH);
    } else {
        free(gr);
    }
    sim__unlock();
    return r;
}

/* zeCommandListBeginCaptureIntoGraphExt: "The graph must be empty when capture begins" (else, and
   for a graph already capturing or made into executable graphs, ZE_RESULT_ERROR_INVALID_ARGUMENT). */
static ze_result_t ZE_APICALL sim_zeCommandListBeginCaptureIntoGraphExt(ze_command_list_handle_t hCommandList,
                                                                         ze_graph_handle_t hGraph, const void *pNext) {
    ze_result_t r;
    (void)pNext;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    if (gr->capturing || gr->ncmds > 0 || gr->nexec > 0) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else r = sim__capture_start(l, gr);
    sim__unlock();
    return r;
}

/* zeCommandListIsGraphCaptureEnabledExt: ZE_RESULT_QUERY_TRUE / ZE_RESULT_QUERY_FALSE. */
static ze_result_t ZE_APICALL sim_zeCommandListIsGraphCaptureEnabledExt(ze_command_list_handle_t hCommandList) {
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    r = l->capture != NULL ? ZE_RESULT_QUERY_TRUE : ZE_RESULT_QUERY_FALSE;
    sim__unlock();
    return r;
}

/* zeCommandListEndGraphCaptureExt: "may only be called on the primary command list"; "If capture
   mode is not active on the command list, an error is returned"
   (ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING); the graph is the one given to
   zeCommandListBeginCaptureIntoGraphExt, if any; "After this call succeeds, subsequent append
   operations submit work to the device normally". */
static ze_result_t ZE_APICALL sim_zeCommandListEndGraphCaptureExt(ze_command_list_handle_t hCommandList, const void *pNext,
                                                                   ze_graph_handle_t *phGraph) {
    sim__graph *gr;
    (void)pNext;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    if (phGraph == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if ((gr = l->capture) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING;
    }
    gr->sim_owned = false; /* the application's now */
    (void)sim__capture_stop(l);
    sim__unlock();
    *phGraph = (ze_graph_handle_t)gr;
    return ZE_RESULT_SUCCESS;
}

/* zeCommandListGetGraphExt: "If the command list is not in graph capture mode, an error is
   returned and *phGraph is set to null". */
static ze_result_t ZE_APICALL sim_zeCommandListGetGraphExt(ze_command_list_handle_t hCommandList, ze_graph_handle_t *phGraph) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    if (phGraph == NULL) r = ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    else if (l->capture == NULL) *phGraph = NULL, r = ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING;
    else *phGraph = (ze_graph_handle_t)l->capture;
    sim__unlock();
    return r;
}

/* zeGraphGetPrimaryCommandListExt: the list that captured the graph (NULL for a graph never
   captured), "while the graph is being recorded and after capture has ended". */
static ze_result_t ZE_APICALL sim_zeGraphGetPrimaryCommandListExt(ze_graph_handle_t hGraph, ze_command_list_handle_t *phCommandList) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    if (phCommandList == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    *phCommandList = gr->primary;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeGraphSetDestructionCallbackExt: "All registered callbacks are invoked when the graph is
   destroyed". */
static ze_result_t ZE_APICALL sim_zeGraphSetDestructionCallbackExt(ze_graph_handle_t hGraph, zex_mem_graph_free_callback_fn_t pfnCallback,
                                                                   void *pUserData, const void *pNext) {
    sim__graph_cb *cb;
    (void)pNext;
    SIM_ENTER();
    if (pfnCallback == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    sim__lock();
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    if ((cb = malloc(sizeof *cb)) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    cb->fn = pfnCallback;
    cb->user = pUserData;
    cb->next = gr->cbs;
    gr->cbs = cb;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeGraphInstantiateExt: an executable copy of a recorded graph; a graph still capturing ("cannot
   be instantiated until capture is ended") or never captured is ZE_RESULT_ERROR_INVALID_ARGUMENT.
   "Multiple executable graph objects may be created from a single recorded graph". */
static ze_result_t ZE_APICALL sim_zeGraphInstantiateExt(ze_graph_handle_t hGraph, const void *pNext,
                                                        ze_executable_graph_handle_t *phExecutableGraph) {
    sim__xgraph *xg;
    sim__cmd **tail, *c;
    (void)pNext;
    SIM_ENTER();
    sim__lock();
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    if (phExecutableGraph == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (gr->capturing || gr->primary == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    if ((xg = calloc(1, sizeof *xg)) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    tail = &xg->head;
    for (c = gr->head; c != NULL; c = c->next) {
        sim__cmd *d = sim__cmd_clone(c);
        if (d == NULL) {
            sim__cmds_free(xg->head);
            free(xg);
            sim__unlock();
            return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
        }
        *tail = d;
        tail = &d->next;
    }
    xg->src = gr;
    gr->nexec++;
    sim__reg_add(&xg->h, SIM_K_XGRAPH);
    sim__unlock();
    *phExecutableGraph = (ze_executable_graph_handle_t)xg;
    return ZE_RESULT_SUCCESS;
}

/* zeCommandListAppendGraphExt: runs the recorded commands, with their events, in order. "The
   destination command list must match the type and execution characteristics of the command list
   used to initiate recording, including the queue group ordinal and immediate mode configuration"
   (an immediate list of the primary's device, ordinal and order; else ZE_RESULT_ERROR_INVALID_ARGUMENT);
   "If this function is called while the executable graph is already running, the new execution is
   scheduled after the current execution completes"; "If wait events are provided, graph execution
   does not begin until all wait events are satisfied"; "If hSignalEvent is provided, it is signaled
   after all recorded append operations ... complete". A capturing destination: the device lacks
   ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_SUBGRAPHS (ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED). */
static ze_result_t ZE_APICALL sim_zeCommandListAppendGraphExt(ze_command_list_handle_t hCommandList, ze_executable_graph_handle_t hGraph,
                                                              const void *pNext, ze_event_handle_t hSignalEvent,
                                                              uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents) {
    sim__cmd *batch = NULL, **tail = &batch, *c, *w, *end;
    sim__point *gp;
    sim__list *l;
    sim__xgraph *xg;
    ze_result_t r = ZE_RESULT_SUCCESS;
    const sim__cmd *prev = NULL;
    (void)pNext;
    SIM_ENTER();
    (void)res_;
    w = calloc(1, sizeof *w);
    end = calloc(1, sizeof *end);
    gp = calloc(1, sizeof *gp);
    if (w == NULL || end == NULL || gp == NULL) {
        free(w);
        free(end);
        free(gp);
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    sim__lock();
    /* the wait: the application's events and the end of the previous execution */
    w->kind = ZE_SIM_CMD_WAIT_EVENTS;
    l = sim__append_begin(hCommandList, w, NULL, numWaitEvents, phWaitEvents, &r);
    xg = l != NULL ? sim__get(hGraph, SIM_K_XGRAPH, &r) : NULL;
    if (l != NULL && xg != NULL) {
        const sim__graph *gr = xg->src;
        sim__event *sig = hSignalEvent != NULL ? sim__find(hSignalEvent, SIM_K_EVENT) : NULL;
        if (l->capture != NULL) r = ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED;
        else if (!l->immediate || l->dev != gr->dev || l->ordinal != gr->ordinal || l->in_order != gr->in_order)
            r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        else if (hSignalEvent != NULL && sig == NULL) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        else if (sig != NULL) r = sim__check_signal(l, sig);
    }
    if (r == ZE_RESULT_SUCCESS) {
        void **nw = realloc(w->wait, (w->nwait + 1) * sizeof *nw);
        if (nw != NULL) w->wait = nw;
        if (nw == NULL || (w->wcaps = calloc(w->nwait + 1, sizeof *w->wcaps)) == NULL) r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (r != ZE_RESULT_SUCCESS) {
        sim__cmd_free(w);
        free(end);
        free(gp);
        sim__unlock();
        return r;
    }
    if (w->nwait == 0) w->kind = SIM_CMD_GRAPH_BEGIN; /* no wait of the application's: not logged */
    w->wait[w->nwait] = NULL;
    w->wcaps[w->nwait].pt = sim__point_ref(xg->last);
    w->nwait++;
    *tail = w;
    tail = &w->next;
    for (c = xg->head; c != NULL && r == ZE_RESULT_SUCCESS; prev = c, c = c->next) {
        sim__cmd *d = sim__cmd_clone(c);
        if (d == NULL) {
            r = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
            break;
        }
        d->list = hCommandList;
        sim__cmd_order(d, sim__list_ooo(l), prev == NULL, prev != NULL && sim__is_barrier(prev->kind));
        *tail = d;
        tail = &d->next;
    }
    /* the end: the application's signal, and the point the next execution waits for */
    end->kind = hSignalEvent != NULL ? ZE_SIM_CMD_SIGNAL_EVENT : SIM_CMD_GRAPH_END;
    end->signal = hSignalEvent;
    end->list = hCommandList;
    gp->refs = 2; /* the executable graph's and the command's */
    end->gpoint = gp;
    *tail = end;
    if (r != ZE_RESULT_SUCCESS) {
        gp->refs = 1;
        sim__cmds_free(batch);
        sim__unlock();
        return r;
    }
    sim__point_unref(xg->last);
    xg->last = gp;
    while (batch != NULL && r == ZE_RESULT_SUCCESS) {
        c = batch;
        batch = c->next;
        c->next = NULL;
        r = sim__engine_push(l->eng, c);
    }
    sim__cmds_free(batch);
    if (r == ZE_RESULT_SUCCESS && l->sync) r = sim__engine_wait(l->eng, l->eng->submitted, UINT64_MAX);
    sim__unlock();
    return r;
}

/* zeExecutableGraphGetSourceGraphExt: the recorded graph it was made from. */
static ze_result_t ZE_APICALL sim_zeExecutableGraphGetSourceGraphExt(ze_executable_graph_handle_t hGraph, ze_graph_handle_t *phSourceGraph) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(xg, sim__xgraph, SIM_K_XGRAPH, hGraph);
    if (phSourceGraph == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    *phSourceGraph = (ze_graph_handle_t)xg->src;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeGraphIsEmptyExt: ZE_RESULT_QUERY_TRUE "when the graph contains no operations", else
   ZE_RESULT_QUERY_FALSE. */
static ze_result_t ZE_APICALL sim_zeGraphIsEmptyExt(ze_graph_handle_t hGraph) {
    ze_result_t r;
    SIM_ENTER();
    sim__lock();
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    r = gr->ncmds == 0 ? ZE_RESULT_QUERY_TRUE : ZE_RESULT_QUERY_FALSE;
    sim__unlock();
    return r;
}

static const char *sim__cmd_name(int kind) {
    switch (kind) {
    case ZE_SIM_CMD_KERNEL: return "zeCommandListAppendLaunchKernel";
    case ZE_SIM_CMD_KERNEL_COOPERATIVE: return "zeCommandListAppendLaunchCooperativeKernel";
    case ZE_SIM_CMD_KERNEL_INDIRECT: return "zeCommandListAppendLaunchKernelIndirect";
    case ZE_SIM_CMD_KERNEL_MULTI_INDIRECT: return "zeCommandListAppendLaunchMultipleKernelsIndirect";
    case ZE_SIM_CMD_COPY: return "zeCommandListAppendMemoryCopy";
    case ZE_SIM_CMD_COPY_REGION: return "zeCommandListAppendMemoryCopyRegion";
    case ZE_SIM_CMD_COPY_FROM_CONTEXT: return "zeCommandListAppendMemoryCopyFromContext";
    case ZE_SIM_CMD_FILL: return "zeCommandListAppendMemoryFill";
    case ZE_SIM_CMD_BARRIER: return "zeCommandListAppendBarrier";
    case ZE_SIM_CMD_MEMORY_RANGES_BARRIER: return "zeCommandListAppendMemoryRangesBarrier";
    case ZE_SIM_CMD_SIGNAL_EVENT: return "zeCommandListAppendSignalEvent";
    case ZE_SIM_CMD_WAIT_EVENTS: return "zeCommandListAppendWaitOnEvents";
    case ZE_SIM_CMD_EVENT_RESET: return "zeCommandListAppendEventReset";
    case ZE_SIM_CMD_WRITE_TIMESTAMP: return "zeCommandListAppendWriteGlobalTimestamp";
    case ZE_SIM_CMD_QUERY_KERNEL_TIMESTAMPS: return "zeCommandListAppendQueryKernelTimestamps";
    default: return "command";
    }
}

/* zeGraphDumpContentsExt: "Writes a DOT description of a recorded graph to disk": one node per
   recorded append, in order (kernel nodes name their kernel), an edge to the next. A file that
   cannot be written: ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static ze_result_t ZE_APICALL sim_zeGraphDumpContentsExt(ze_graph_handle_t hGraph, const char *filePath, const void *pNext) {
    const sim__cmd *c;
    unsigned n = 0;
    FILE *f;
    int bad;
    (void)pNext;
    SIM_ENTER();
    if (filePath == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    sim__lock();
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    if ((f = fopen(filePath, "w")) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    fprintf(f, "digraph ze_sim_graph {\n");
    for (c = gr->head; c != NULL; c = c->next, n++) {
        if (c->kind >= ZE_SIM_CMD_KERNEL && c->kind <= ZE_SIM_CMD_KERNEL_INDIRECT)
            fprintf(f, "  n%u [label=\"%s\\n%s\"];\n", n, sim__cmd_name(c->kind), c->kinfo.name);
        else
            fprintf(f, "  n%u [label=\"%s\"];\n", n, sim__cmd_name(c->kind));
        if (n > 0) fprintf(f, "  n%u -> n%u;\n", n - 1, n);
    }
    fprintf(f, "}\n");
    bad = ferror(f);
    bad |= fclose(f);
    sim__unlock();
    return bad ? ZE_RESULT_ERROR_INVALID_ARGUMENT : ZE_RESULT_SUCCESS;
}

/* zeExecutableGraphDestroyExt: "The executable graph must not be in use or executing on any command
   list when it is destroyed" (ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE while an execution is pending). */
static ze_result_t ZE_APICALL sim_zeExecutableGraphDestroyExt(ze_executable_graph_handle_t hGraph) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(xg, sim__xgraph, SIM_K_XGRAPH, hGraph);
    if (xg->last != NULL && !xg->last->done) {
        sim__unlock();
        return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
    }
    sim__reg_del(&xg->h);
    xg->src->nexec--;
    sim__point_unref(xg->last);
    sim__cmds_free(xg->head);
    sim__unlock();
    free(xg);
    return ZE_RESULT_SUCCESS;
}

/* zeGraphDestroyExt: "All executable graph instances created from the recorded graph must be
   destroyed before this function is called" (ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE, as for a graph
   being captured); the destruction callbacks run, outside the sim's lock. */
static ze_result_t ZE_APICALL sim_zeGraphDestroyExt(ze_graph_handle_t hGraph) {
    sim__graph_cb *cbs;
    SIM_ENTER();
    sim__lock();
    SIM_GET(gr, sim__graph, SIM_K_GRAPH, hGraph);
    if (gr->nexec > 0 || gr->capturing) {
        sim__unlock();
        return ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE;
    }
    sim__reg_del(&gr->h);
    cbs = gr->cbs;
    gr->cbs = NULL;
    sim__graph_free(gr);
    sim__unlock();
    sim__graph_cbs_run(cbs);
    return ZE_RESULT_SUCCESS;
}

/* ---- mutable command lists (ZE_experimental_mutable_command_list, 1.9 / 1.10) ---- */

#define SIM_MUT_ALL ((uint32_t)(ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS | ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT | \
                                ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE | ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET | \
                                ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT | ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS | \
                                ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION))

/* zeCommandListGetNextCommandIdExp / ...WithKernelsExp: "may only be called for a mutable command
   list", "may not be called on a closed command list" (ZE_RESULT_ERROR_INVALID_ARGUMENT); flags
   "must be 0 (default, equivalent to setting all flags bar kernel instruction)"; the id is the next
   append's. */
static ze_result_t sim__next_command_id(ze_command_list_handle_t hCommandList, const ze_mutable_command_id_exp_desc_t *desc,
                                        uint32_t numKernels, ze_kernel_handle_t *phKernels, uint64_t *pCommandId) {
    ze_result_t res_;
    void **kernels = NULL;
    uint32_t i;
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, hCommandList);
    if (desc == NULL || pCommandId == NULL || (numKernels > 0 && phKernels == NULL)) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (desc->flags > 0xff) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ENUMERATION;
    }
    if (desc->flags & ZE_MUTABLE_COMMAND_EXP_FLAG_GRAPH_ARGUMENTS) {
        sim__unlock();
        return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE; /* graph arguments: not simulated */
    }
    if (!l->mutable_ || l->closed) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    for (i = 0; i < numKernels; i++) {
        if (sim__get(phKernels[i], SIM_K_KERNEL, &res_) == NULL) {
            sim__unlock();
            return res_;
        }
    }
    if (numKernels > 0 && (kernels = sim__memdup(phKernels, numKernels * sizeof *phKernels)) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    free(l->pend_kernels);
    l->pend_kernels = kernels;
    l->pend_nkernels = numKernels;
    l->pend_id = ++l->next_id;
    l->pend_flags = desc->flags != 0 ? desc->flags : SIM_MUT_ALL & ~(uint32_t)ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION;
    *pCommandId = l->pend_id;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

static ze_result_t ZE_APICALL sim_zeCommandListGetNextCommandIdExp(ze_command_list_handle_t hCommandList,
                                                                   const ze_mutable_command_id_exp_desc_t *desc, uint64_t *pCommandId) {
    SIM_ENTER();
    return sim__next_command_id(hCommandList, desc, 0, NULL, pCommandId);
}

static ze_result_t ZE_APICALL sim_zeCommandListGetNextCommandIdWithKernelsExp(ze_command_list_handle_t hCommandList,
                                                                              const ze_mutable_command_id_exp_desc_t *desc,
                                                                              uint32_t numKernels, ze_kernel_handle_t *phKernels,
                                                                              uint64_t *pCommandId) {
    SIM_ENTER();
    return sim__next_command_id(hCommandList, desc, numKernels, phKernels, pCommandId);
}

/* The mutable list an update works on, g.mtx held: "This function may only be called for a mutable
   command list"; "Mutable command lists support mutation to identified commands after being closed"
   (else, or for an unknown handle, NULL with *res set). */
static sim__list *sim__mutable_list(ze_command_list_handle_t h, ze_result_t *res) {
    sim__list *l = sim__get(h, SIM_K_LIST, res);
    if (l != NULL && (!l->mutable_ || !l->closed)) {
        *res = ZE_RESULT_ERROR_INVALID_ARGUMENT;
        return NULL;
    }
    return l;
}

/* The command of list l with id `id` whose flags allow `flag`, or NULL. g.mtx held. */
static sim__cmd *sim__mutable_cmd(sim__list *l, uint64_t id, uint32_t flag) {
    sim__cmd *c;
    if (id == 0) return NULL;
    for (c = l->head; c != NULL; c = c->next) {
        if (c->mut != NULL && c->mut->id == id) return (c->mut->flags & flag) ? c : NULL;
    }
    return NULL;
}

static bool sim__is_kernel_cmd(const sim__cmd *c) {
    return c->kind == ZE_SIM_CMD_KERNEL || c->kind == ZE_SIM_CMD_KERNEL_COOPERATIVE;
}

/* zeCommandListUpdateMutableCommandsExp: the descriptors chained to desc, all or nothing:
   ze_mutable_kernel_argument_exp_desc_t (an argument slot of the command's kernel),
   ..._group_count_exp_desc_t (the group count it runs with: the log shows it), ..._group_size_ and
   ..._global_offset_exp_desc_t (checked and accepted: the sim does not use them). "Invalid kernel
   argument or not matching update descriptor provided": ZE_RESULT_ERROR_INVALID_ARGUMENT (also for
   a command id whose flags do not allow the update, or a command that is no direct kernel launch);
   graph arguments: not simulated. "The application must close a mutable command list after
   completing all updates": it cannot be executed until then. */
static ze_result_t ZE_APICALL sim_zeCommandListUpdateMutableCommandsExp(ze_command_list_handle_t hCommandList,
                                                                        const ze_mutable_commands_exp_desc_t *desc) {
    const ze_base_desc_t *x;
    sim__list *l;
    int pass;
    SIM_ENTER();
    if (desc == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    sim__lock();
    if ((l = sim__mutable_list(hCommandList, &res_)) == NULL) {
        sim__unlock();
        return res_;
    }
    if (desc->flags != 0) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    for (pass = 0; pass < 2; pass++) { /* check everything, then apply */
        for (x = desc->pNext; x != NULL; x = x->pNext) {
            sim__cmd *c;
            if (x->stype == ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC) {
                const ze_mutable_kernel_argument_exp_desc_t *d = (const void *)x;
                c = sim__mutable_cmd(l, d->commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_ARGUMENTS);
                if (c == NULL || !sim__is_kernel_cmd(c) || d->argIndex >= c->kinfo.nargs) goto bad;
            } else if (x->stype == ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC) {
                const ze_mutable_group_count_exp_desc_t *d = (const void *)x;
                c = sim__mutable_cmd(l, d->commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT);
                if (c == NULL || !sim__is_kernel_cmd(c) || d->pGroupCount == NULL) goto bad;
                if (pass == 1) {
                    c->group[0] = d->pGroupCount->groupCountX;
                    c->group[1] = d->pGroupCount->groupCountY;
                    c->group[2] = d->pGroupCount->groupCountZ;
                }
            } else if (x->stype == ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC) {
                const ze_mutable_group_size_exp_desc_t *d = (const void *)x;
                c = sim__mutable_cmd(l, d->commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_SIZE);
                if (c == NULL || !sim__is_kernel_cmd(c) || d->groupSizeX == 0 || d->groupSizeY == 0 || d->groupSizeZ == 0 ||
                    (uint64_t)d->groupSizeX * d->groupSizeY * d->groupSizeZ > SIM_MAX_GROUP_SIZE)
                    goto bad;
            } else if (x->stype == ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC) {
                const ze_mutable_global_offset_exp_desc_t *d = (const void *)x;
                c = sim__mutable_cmd(l, d->commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_GLOBAL_OFFSET);
                if (c == NULL || !sim__is_kernel_cmd(c)) goto bad;
            } else if (x->stype == ZE_STRUCTURE_TYPE_MUTABLE_GRAPH_ARGUMENT_EXP_DESC) {
                sim__unlock();
                return ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
            } else {
                goto bad;
            }
        }
    }
    l->updating = true;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
bad:
    sim__unlock();
    return ZE_RESULT_ERROR_INVALID_ARGUMENT;
}

/* Whether a replacement event matches what the command was appended with. */
static bool sim__props_match(sim__evprops want, sim__evprops have) {
    return want.valid && have.valid && want.cb == have.cb && want.flags == have.flags && want.scope == have.scope;
}

/* zeCommandListUpdateMutableCommandSignalEventExp: "The type, scope and flags of the signal event
   must match those of the source command" (regular or counter-based, pool or counter-based flags,
   signal scope; a command appended without one takes none) - else ZE_RESULT_ERROR_INVALID_ARGUMENT;
   NULL removes the signal. */
static ze_result_t ZE_APICALL sim_zeCommandListUpdateMutableCommandSignalEventExp(ze_command_list_handle_t hCommandList,
                                                                                  uint64_t commandId, ze_event_handle_t hSignalEvent) {
    sim__list *l;
    sim__cmd *c;
    sim__event *ev = NULL;
    ze_result_t r = ZE_RESULT_SUCCESS;
    SIM_ENTER();
    sim__lock();
    if ((l = sim__mutable_list(hCommandList, &res_)) == NULL) {
        sim__unlock();
        return res_;
    }
    c = sim__mutable_cmd(l, commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT);
    if (hSignalEvent != NULL) ev = sim__find(hSignalEvent, SIM_K_EVENT);
    if (c == NULL || (hSignalEvent != NULL && ev == NULL)) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else if (ev != NULL && !sim__props_match(c->mut->props[c->mut->nwait], sim__props_of(ev, false))) r = ZE_RESULT_ERROR_INVALID_ARGUMENT;
    else if (ev != NULL) r = sim__check_signal(l, ev);
    if (r == ZE_RESULT_SUCCESS) {
        c->signal = hSignalEvent;
        l->updating = true;
    }
    sim__unlock();
    return r;
}

/* zeCommandListUpdateMutableCommandWaitEventsExp: "The number of wait events must match that of the
   source command" (ZE_RESULT_ERROR_INVALID_SIZE); "The type, scope and flags of the wait events must
   match" (ZE_RESULT_ERROR_INVALID_ARGUMENT); "Passing nullptr as the wait events will update the
   command to not wait on any events prior to dispatch"; "Passing nullptr as an event on event wait
   list will remove event dependency from this wait list slot". */
static ze_result_t ZE_APICALL sim_zeCommandListUpdateMutableCommandWaitEventsExp(ze_command_list_handle_t hCommandList,
                                                                                 uint64_t commandId, uint32_t numWaitEvents,
                                                                                 ze_event_handle_t *phWaitEvents) {
    sim__list *l;
    sim__cmd *c;
    uint32_t i;
    SIM_ENTER();
    sim__lock();
    if ((l = sim__mutable_list(hCommandList, &res_)) == NULL) {
        sim__unlock();
        return res_;
    }
    if ((c = sim__mutable_cmd(l, commandId, ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS)) == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    if (phWaitEvents == NULL) {
        c->nwait = 0;
        l->updating = true;
        sim__unlock();
        return ZE_RESULT_SUCCESS;
    }
    if (numWaitEvents != c->mut->nwait) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_SIZE;
    }
    for (i = 0; i < numWaitEvents; i++) {
        sim__event *ev = phWaitEvents[i] != NULL ? sim__find(phWaitEvents[i], SIM_K_EVENT) : NULL;
        if ((phWaitEvents[i] != NULL && ev == NULL) ||
            (ev != NULL && !sim__props_match(c->mut->props[i], sim__props_of(ev, true)))) {
            sim__unlock();
            return ZE_RESULT_ERROR_INVALID_ARGUMENT;
        }
    }
    if (numWaitEvents > 0) memcpy(c->wait, phWaitEvents, numWaitEvents * sizeof *phWaitEvents);
    c->nwait = numWaitEvents;
    l->updating = true;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* zeCommandListUpdateMutableCommandKernelsExp: "The kernel handle must be from the provided list for
   given command id" (ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE); the command's id needs
   ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION (ZE_RESULT_ERROR_INVALID_ARGUMENT). The command then
   runs the new kernel (its name and duration in the log). All or nothing. */
static ze_result_t ZE_APICALL sim_zeCommandListUpdateMutableCommandKernelsExp(ze_command_list_handle_t hCommandList,
                                                                              uint32_t numKernels, uint64_t *pCommandId,
                                                                              ze_kernel_handle_t *phKernels) {
    sim__list *l;
    uint32_t i, j;
    int pass;
    SIM_ENTER();
    if (pCommandId == NULL || phKernels == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    sim__lock();
    if ((l = sim__mutable_list(hCommandList, &res_)) == NULL) {
        sim__unlock();
        return res_;
    }
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i < numKernels; i++) {
            sim__cmd *c = sim__mutable_cmd(l, pCommandId[i], ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION);
            sim__kernel *k = sim__find(phKernels[i], SIM_K_KERNEL);
            if (c == NULL || !sim__is_kernel_cmd(c)) {
                sim__unlock();
                return ZE_RESULT_ERROR_INVALID_ARGUMENT;
            }
            for (j = 0; j < c->mut->nkernels && c->mut->kernels[j] != (void *)phKernels[i]; j++) {}
            if (k == NULL || j == c->mut->nkernels) {
                sim__unlock();
                return ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE;
            }
            if (pass == 1) c->kinfo = k->info;
        }
    }
    l->updating = true;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

/* The spec 1.9 queries of what an object was created with. */
#define SIM_QUERY(name, handle_t, obj_t, kind, out_t, value)                                   \
    static ze_result_t ZE_APICALL sim_##name(handle_t h, out_t *out) {                         \
        SIM_ENTER();                                                                           \
        sim__lock();                                                                           \
        SIM_GET(o, obj_t, kind, h);                                                            \
        if (out == NULL) {                                                                     \
            sim__unlock();                                                                     \
            return ZE_RESULT_ERROR_INVALID_NULL_POINTER;                                       \
        }                                                                                      \
        *out = (value);                                                                        \
        sim__unlock();                                                                         \
        return ZE_RESULT_SUCCESS;                                                              \
    }
SIM_QUERY(zeCommandListGetContextHandle, ze_command_list_handle_t, sim__list, SIM_K_LIST, ze_context_handle_t,
          (ze_context_handle_t)o->ctx)
SIM_QUERY(zeCommandListGetDeviceHandle, ze_command_list_handle_t, sim__list, SIM_K_LIST, ze_device_handle_t,
          (ze_device_handle_t)o->dev)
SIM_QUERY(zeCommandListIsImmediate, ze_command_list_handle_t, sim__list, SIM_K_LIST, ze_bool_t, o->immediate)
SIM_QUERY(zeCommandListGetOrdinal, ze_command_list_handle_t, sim__list, SIM_K_LIST, uint32_t, o->ordinal)
SIM_QUERY(zeCommandListGetFlags, ze_command_list_handle_t, sim__list, SIM_K_LIST, ze_command_list_flags_t,
          o->immediate ? 0 : o->flags)
SIM_QUERY(zeCommandQueueGetOrdinal, ze_command_queue_handle_t, sim__queue, SIM_K_QUEUE, uint32_t, o->ordinal)
SIM_QUERY(zeCommandQueueGetIndex, ze_command_queue_handle_t, sim__queue, SIM_K_QUEUE, uint32_t, o->index)
SIM_QUERY(zeEventGetEventPool, ze_event_handle_t, sim__event, SIM_K_EVENT, ze_event_pool_handle_t,
          (ze_event_pool_handle_t)o->pool)
SIM_QUERY(zeEventGetSignalScope, ze_event_handle_t, sim__event, SIM_K_EVENT, ze_event_scope_flags_t, o->signal_scope)
SIM_QUERY(zeEventGetWaitScope, ze_event_handle_t, sim__event, SIM_K_EVENT, ze_event_scope_flags_t, o->wait_scope)
SIM_QUERY(zeEventPoolGetContextHandle, ze_event_pool_handle_t, sim__pool, SIM_K_POOL, ze_context_handle_t,
          (ze_context_handle_t)o->ctx)
SIM_QUERY(zeEventPoolGetFlags, ze_event_pool_handle_t, sim__pool, SIM_K_POOL, ze_event_pool_flags_t, o->flags)
SIM_QUERY(zeCommandListIsMutableExp, ze_command_list_handle_t, sim__list, SIM_K_LIST, ze_bool_t, o->mutable_)
SIM_QUERY(zeCommandQueueGetFlags, ze_command_queue_handle_t, sim__queue, SIM_K_QUEUE, ze_command_queue_flags_t, o->flags)
/* "Returns 0 for regular events created with zeEventCreate, and a valid combination of
   ze_event_counter_based_flag_t for counter based events" (events of a counter-based pool: its
   mode flags) */
SIM_QUERY(zeEventGetCounterBasedFlags, ze_event_handle_t, sim__event, SIM_K_EVENT, ze_event_counter_based_flags_t,
          o->cb ? SIM_CB(o)->cb_flags : 0)

/* zeCommandListImmediateGetIndex: only for immediate lists. */
static ze_result_t ZE_APICALL sim_zeCommandListImmediateGetIndex(ze_command_list_handle_t h, uint32_t *out) {
    SIM_ENTER();
    sim__lock();
    SIM_GET(l, sim__list, SIM_K_LIST, h);
    if (out == NULL) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_NULL_POINTER;
    }
    if (!l->immediate) {
        sim__unlock();
        return ZE_RESULT_ERROR_INVALID_ARGUMENT;
    }
    *out = l->index;
    sim__unlock();
    return ZE_RESULT_SUCCESS;
}

#endif /* SIM_SPEC_1_17 */

/* ------------------------------------------------------------------------------------------
   >>ddi: the getters the loader calls; tables arrive zero-filled and keep NULL where the
   sim has no implementation
   ------------------------------------------------------------------------------------------ */

#define SIM_DDI_CHECK(version, table) \
    if (ZE_MAJOR_VERSION(version) != 1) return ZE_RESULT_ERROR_UNSUPPORTED_VERSION; \
    if ((table) == NULL) return ZE_RESULT_ERROR_INVALID_NULL_POINTER

/* An entry of a newer spec: written only into tables of a version that has it (the table
   the loader passes is of the version it asks for; writing beyond it would overrun it). */
#define SIM_DDI_SINCE(minor, field, fn) \
    if (ZE_MINOR_VERSION(version) >= (minor)) t->field = fn

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetGlobalProcAddrTable(ze_api_version_t version, ze_global_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnInit = sim_zeInit;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(10, pfnInitDrivers, sim_zeInitDrivers);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetDriverProcAddrTable(ze_api_version_t version, ze_driver_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnGet = sim_zeDriverGet;
    t->pfnGetApiVersion = sim_zeDriverGetApiVersion;
    t->pfnGetProperties = sim_zeDriverGetProperties;
    t->pfnGetIpcProperties = sim_zeDriverGetIpcProperties;
    t->pfnGetExtensionProperties = sim_zeDriverGetExtensionProperties;
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetDeviceProcAddrTable(ze_api_version_t version, ze_device_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnGet = sim_zeDeviceGet;
    t->pfnGetSubDevices = sim_zeDeviceGetSubDevices;
    t->pfnGetProperties = sim_zeDeviceGetProperties;
    t->pfnGetComputeProperties = sim_zeDeviceGetComputeProperties;
    t->pfnGetModuleProperties = sim_zeDeviceGetModuleProperties;
    t->pfnGetCommandQueueGroupProperties = sim_zeDeviceGetCommandQueueGroupProperties;
    t->pfnGetMemoryProperties = sim_zeDeviceGetMemoryProperties;
    t->pfnGetMemoryAccessProperties = sim_zeDeviceGetMemoryAccessProperties;
    t->pfnGetCacheProperties = sim_zeDeviceGetCacheProperties;
    t->pfnGetImageProperties = sim_zeDeviceGetImageProperties;
    t->pfnGetExternalMemoryProperties = sim_zeDeviceGetExternalMemoryProperties;
    t->pfnGetP2PProperties = sim_zeDeviceGetP2PProperties;
    t->pfnCanAccessPeer = sim_zeDeviceCanAccessPeer;
    t->pfnGetStatus = sim_zeDeviceGetStatus;
    t->pfnGetGlobalTimestamps = sim_zeDeviceGetGlobalTimestamps;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(14, pfnSynchronize, sim_zeDeviceSynchronize);
    SIM_DDI_SINCE(15, pfnGetAggregatedCopyOffloadIncrementValue, sim_zeDeviceGetAggregatedCopyOffloadIncrementValue);
    SIM_DDI_SINCE(17, pfnGetCounterBasedEventMaxValue, sim_zeDeviceGetCounterBasedEventMaxValue);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetContextProcAddrTable(ze_api_version_t version, ze_context_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeContextCreate;
    t->pfnDestroy = sim_zeContextDestroy;
    t->pfnGetStatus = sim_zeContextGetStatus;
    t->pfnSystemBarrier = sim_zeContextSystemBarrier;
    t->pfnMakeMemoryResident = sim_zeContextMakeMemoryResident;
    t->pfnEvictMemory = sim_zeContextEvictMemory;
    t->pfnCreateEx = sim_zeContextCreateEx;
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetCommandQueueProcAddrTable(ze_api_version_t version, ze_command_queue_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeCommandQueueCreate;
    t->pfnDestroy = sim_zeCommandQueueDestroy;
    t->pfnExecuteCommandLists = sim_zeCommandQueueExecuteCommandLists;
    t->pfnSynchronize = sim_zeCommandQueueSynchronize;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(9, pfnGetOrdinal, sim_zeCommandQueueGetOrdinal);
    SIM_DDI_SINCE(9, pfnGetIndex, sim_zeCommandQueueGetIndex);
    SIM_DDI_SINCE(17, pfnGetFlags, sim_zeCommandQueueGetFlags);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetCommandListProcAddrTable(ze_api_version_t version, ze_command_list_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeCommandListCreate;
    t->pfnCreateImmediate = sim_zeCommandListCreateImmediate;
    t->pfnDestroy = sim_zeCommandListDestroy;
    t->pfnClose = sim_zeCommandListClose;
    t->pfnReset = sim_zeCommandListReset;
    t->pfnAppendWriteGlobalTimestamp = sim_zeCommandListAppendWriteGlobalTimestamp;
    t->pfnAppendBarrier = sim_zeCommandListAppendBarrier;
    t->pfnAppendMemoryRangesBarrier = sim_zeCommandListAppendMemoryRangesBarrier;
    t->pfnAppendMemoryCopy = sim_zeCommandListAppendMemoryCopy;
    t->pfnAppendMemoryFill = sim_zeCommandListAppendMemoryFill;
    t->pfnAppendMemoryCopyRegion = sim_zeCommandListAppendMemoryCopyRegion;
    t->pfnAppendMemoryCopyFromContext = sim_zeCommandListAppendMemoryCopyFromContext;
    t->pfnAppendMemoryPrefetch = sim_zeCommandListAppendMemoryPrefetch;
    t->pfnAppendMemAdvise = sim_zeCommandListAppendMemAdvise;
    t->pfnAppendSignalEvent = sim_zeCommandListAppendSignalEvent;
    t->pfnAppendWaitOnEvents = sim_zeCommandListAppendWaitOnEvents;
    t->pfnAppendEventReset = sim_zeCommandListAppendEventReset;
    t->pfnAppendQueryKernelTimestamps = sim_zeCommandListAppendQueryKernelTimestamps;
    t->pfnAppendLaunchKernel = sim_zeCommandListAppendLaunchKernel;
    t->pfnAppendLaunchCooperativeKernel = sim_zeCommandListAppendLaunchCooperativeKernel;
    t->pfnAppendLaunchKernelIndirect = sim_zeCommandListAppendLaunchKernelIndirect;
    t->pfnAppendLaunchMultipleKernelsIndirect = sim_zeCommandListAppendLaunchMultipleKernelsIndirect;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(6, pfnHostSynchronize, sim_zeCommandListHostSynchronize);
    SIM_DDI_SINCE(9, pfnGetDeviceHandle, sim_zeCommandListGetDeviceHandle);
    SIM_DDI_SINCE(9, pfnGetContextHandle, sim_zeCommandListGetContextHandle);
    SIM_DDI_SINCE(9, pfnGetOrdinal, sim_zeCommandListGetOrdinal);
    SIM_DDI_SINCE(9, pfnImmediateGetIndex, sim_zeCommandListImmediateGetIndex);
    SIM_DDI_SINCE(9, pfnIsImmediate, sim_zeCommandListIsImmediate);
    SIM_DDI_SINCE(14, pfnAppendLaunchKernelWithParameters, sim_zeCommandListAppendLaunchKernelWithParameters);
    SIM_DDI_SINCE(14, pfnAppendLaunchKernelWithArguments, sim_zeCommandListAppendLaunchKernelWithArguments);
    SIM_DDI_SINCE(16, pfnAppendMemoryCopyWithParameters, sim_zeCommandListAppendMemoryCopyWithParameters);
    SIM_DDI_SINCE(16, pfnAppendMemoryFillWithParameters, sim_zeCommandListAppendMemoryFillWithParameters);
    SIM_DDI_SINCE(16, pfnImmediateAppendCommandListsWithParameters,
                  sim_zeCommandListImmediateAppendCommandListsWithParameters);
    SIM_DDI_SINCE(17, pfnGetFlags, sim_zeCommandListGetFlags);
    SIM_DDI_SINCE(17, pfnImmediateGetFlags, sim_zeCommandListImmediateGetFlags);
    SIM_DDI_SINCE(17, pfnBeginGraphCaptureExt, sim_zeCommandListBeginGraphCaptureExt);
    SIM_DDI_SINCE(17, pfnBeginCaptureIntoGraphExt, sim_zeCommandListBeginCaptureIntoGraphExt);
    SIM_DDI_SINCE(17, pfnIsGraphCaptureEnabledExt, sim_zeCommandListIsGraphCaptureEnabledExt);
    SIM_DDI_SINCE(17, pfnEndGraphCaptureExt, sim_zeCommandListEndGraphCaptureExt);
    SIM_DDI_SINCE(17, pfnGetGraphExt, sim_zeCommandListGetGraphExt);
    SIM_DDI_SINCE(17, pfnAppendGraphExt, sim_zeCommandListAppendGraphExt);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetEventProcAddrTable(ze_api_version_t version, ze_event_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeEventCreate;
    t->pfnDestroy = sim_zeEventDestroy;
    t->pfnHostSignal = sim_zeEventHostSignal;
    t->pfnHostSynchronize = sim_zeEventHostSynchronize;
    t->pfnQueryStatus = sim_zeEventQueryStatus;
    t->pfnHostReset = sim_zeEventHostReset;
    t->pfnQueryKernelTimestamp = sim_zeEventQueryKernelTimestamp;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(6, pfnQueryKernelTimestampsExt, sim_zeEventQueryKernelTimestampsExt);
    SIM_DDI_SINCE(9, pfnGetEventPool, sim_zeEventGetEventPool);
    SIM_DDI_SINCE(9, pfnGetSignalScope, sim_zeEventGetSignalScope);
    SIM_DDI_SINCE(9, pfnGetWaitScope, sim_zeEventGetWaitScope);
    SIM_DDI_SINCE(15, pfnCounterBasedCreate, sim_zeEventCounterBasedCreate);
    SIM_DDI_SINCE(15, pfnCounterBasedGetIpcHandle, sim_zeEventCounterBasedGetIpcHandle);
    SIM_DDI_SINCE(15, pfnCounterBasedOpenIpcHandle, sim_zeEventCounterBasedOpenIpcHandle);
    SIM_DDI_SINCE(15, pfnCounterBasedCloseIpcHandle, sim_zeEventCounterBasedCloseIpcHandle);
    SIM_DDI_SINCE(15, pfnCounterBasedGetDeviceAddress, sim_zeEventCounterBasedGetDeviceAddress);
    SIM_DDI_SINCE(17, pfnGetCounterBasedFlags, sim_zeEventGetCounterBasedFlags);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetEventPoolProcAddrTable(ze_api_version_t version, ze_event_pool_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeEventPoolCreate;
    t->pfnDestroy = sim_zeEventPoolDestroy;
    t->pfnGetIpcHandle = sim_zeEventPoolGetIpcHandle;
    t->pfnOpenIpcHandle = sim_zeEventPoolOpenIpcHandle;
    t->pfnCloseIpcHandle = sim_zeEventPoolCloseIpcHandle;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(6, pfnPutIpcHandle, sim_zeEventPoolPutIpcHandle);
    SIM_DDI_SINCE(9, pfnGetContextHandle, sim_zeEventPoolGetContextHandle);
    SIM_DDI_SINCE(9, pfnGetFlags, sim_zeEventPoolGetFlags);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetFenceProcAddrTable(ze_api_version_t version, ze_fence_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeFenceCreate;
    t->pfnDestroy = sim_zeFenceDestroy;
    t->pfnHostSynchronize = sim_zeFenceHostSynchronize;
    t->pfnQueryStatus = sim_zeFenceQueryStatus;
    t->pfnReset = sim_zeFenceReset;
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetKernelProcAddrTable(ze_api_version_t version, ze_kernel_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeKernelCreate;
    t->pfnDestroy = sim_zeKernelDestroy;
    t->pfnSetCacheConfig = sim_zeKernelSetCacheConfig;
    t->pfnSetGroupSize = sim_zeKernelSetGroupSize;
    t->pfnSuggestGroupSize = sim_zeKernelSuggestGroupSize;
    t->pfnSuggestMaxCooperativeGroupCount = sim_zeKernelSuggestMaxCooperativeGroupCount;
    t->pfnSetArgumentValue = sim_zeKernelSetArgumentValue;
    t->pfnSetIndirectAccess = sim_zeKernelSetIndirectAccess;
    t->pfnGetIndirectAccess = sim_zeKernelGetIndirectAccess;
    t->pfnGetSourceAttributes = sim_zeKernelGetSourceAttributes;
    t->pfnGetProperties = sim_zeKernelGetProperties;
    t->pfnGetName = sim_zeKernelGetName;
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetMemProcAddrTable(ze_api_version_t version, ze_mem_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnAllocShared = sim_zeMemAllocShared;
    t->pfnAllocDevice = sim_zeMemAllocDevice;
    t->pfnAllocHost = sim_zeMemAllocHost;
    t->pfnFree = sim_zeMemFree;
    t->pfnGetAllocProperties = sim_zeMemGetAllocProperties;
    t->pfnGetAddressRange = sim_zeMemGetAddressRange;
    t->pfnGetIpcHandle = sim_zeMemGetIpcHandle;
    t->pfnOpenIpcHandle = sim_zeMemOpenIpcHandle;
    t->pfnCloseIpcHandle = sim_zeMemCloseIpcHandle;
    SIM_DDI_SINCE(3, pfnFreeExt, sim_zeMemFreeExt);
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(6, pfnPutIpcHandle, sim_zeMemPutIpcHandle);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetPhysicalMemProcAddrTable(ze_api_version_t version, ze_physical_mem_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zePhysicalMemCreate;
    t->pfnDestroy = sim_zePhysicalMemDestroy;
#ifdef SIM_SPEC_1_17
    SIM_DDI_SINCE(15, pfnGetProperties, sim_zePhysicalMemGetProperties);
#endif
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetVirtualMemProcAddrTable(ze_api_version_t version, ze_virtual_mem_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnReserve = sim_zeVirtualMemReserve;
    t->pfnFree = sim_zeVirtualMemFree;
    t->pfnQueryPageSize = sim_zeVirtualMemQueryPageSize;
    t->pfnMap = sim_zeVirtualMemMap;
    t->pfnUnmap = sim_zeVirtualMemUnmap;
    t->pfnSetAccessAttribute = sim_zeVirtualMemSetAccessAttribute;
    t->pfnGetAccessAttribute = sim_zeVirtualMemGetAccessAttribute;
    return ZE_RESULT_SUCCESS;
}

#ifdef SIM_SPEC_1_17
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetMemExpProcAddrTable(ze_api_version_t version, ze_mem_exp_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    SIM_DDI_SINCE(6, pfnGetIpcHandleFromFileDescriptorExp, sim_zeMemGetIpcHandleFromFileDescriptorExp);
    SIM_DDI_SINCE(6, pfnGetFileDescriptorFromIpcHandleExp, sim_zeMemGetFileDescriptorFromIpcHandleExp);
    return ZE_RESULT_SUCCESS;
}
#endif

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetModuleProcAddrTable(ze_api_version_t version, ze_module_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnCreate = sim_zeModuleCreate;
    t->pfnDestroy = sim_zeModuleDestroy;
    t->pfnDynamicLink = sim_zeModuleDynamicLink;
    t->pfnGetNativeBinary = sim_zeModuleGetNativeBinary;
    t->pfnGetGlobalPointer = sim_zeModuleGetGlobalPointer;
    t->pfnGetKernelNames = sim_zeModuleGetKernelNames;
    t->pfnGetProperties = sim_zeModuleGetProperties;
    t->pfnGetFunctionPointer = sim_zeModuleGetFunctionPointer;
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetModuleBuildLogProcAddrTable(ze_api_version_t version,
                                                                     ze_module_build_log_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    t->pfnDestroy = sim_zeModuleBuildLogDestroy;
    t->pfnGetString = sim_zeModuleBuildLogGetString;
    return ZE_RESULT_SUCCESS;
}

#ifdef SIM_SPEC_1_17
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetCommandListExpProcAddrTable(ze_api_version_t version,
                                                                     ze_command_list_exp_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    SIM_DDI_SINCE(9, pfnImmediateAppendCommandListsExp, sim_zeCommandListImmediateAppendCommandListsExp);
    SIM_DDI_SINCE(9, pfnGetNextCommandIdExp, sim_zeCommandListGetNextCommandIdExp);
    SIM_DDI_SINCE(9, pfnUpdateMutableCommandsExp, sim_zeCommandListUpdateMutableCommandsExp);
    SIM_DDI_SINCE(9, pfnUpdateMutableCommandSignalEventExp, sim_zeCommandListUpdateMutableCommandSignalEventExp);
    SIM_DDI_SINCE(9, pfnUpdateMutableCommandWaitEventsExp, sim_zeCommandListUpdateMutableCommandWaitEventsExp);
    SIM_DDI_SINCE(10, pfnGetNextCommandIdWithKernelsExp, sim_zeCommandListGetNextCommandIdWithKernelsExp);
    SIM_DDI_SINCE(10, pfnUpdateMutableCommandKernelsExp, sim_zeCommandListUpdateMutableCommandKernelsExp);
    SIM_DDI_SINCE(17, pfnIsMutableExp, sim_zeCommandListIsMutableExp);
    return ZE_RESULT_SUCCESS;
}
#endif

#ifdef SIM_SPEC_1_17
ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetGraphProcAddrTable(ze_api_version_t version, ze_graph_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    SIM_DDI_SINCE(17, pfnCreateExt, sim_zeGraphCreateExt);
    SIM_DDI_SINCE(17, pfnGetPrimaryCommandListExt, sim_zeGraphGetPrimaryCommandListExt);
    SIM_DDI_SINCE(17, pfnSetDestructionCallbackExt, sim_zeGraphSetDestructionCallbackExt);
    SIM_DDI_SINCE(17, pfnInstantiateExt, sim_zeGraphInstantiateExt);
    SIM_DDI_SINCE(17, pfnIsEmptyExt, sim_zeGraphIsEmptyExt);
    SIM_DDI_SINCE(17, pfnDumpContentsExt, sim_zeGraphDumpContentsExt);
    SIM_DDI_SINCE(17, pfnDestroyExt, sim_zeGraphDestroyExt);
    return ZE_RESULT_SUCCESS;
}

ZE_DLLEXPORT ze_result_t ZE_APICALL zeGetExecutableGraphProcAddrTable(ze_api_version_t version, ze_executable_graph_dditable_t *t) {
    SIM_DDI_CHECK(version, t);
    SIM_DDI_SINCE(17, pfnGetSourceGraphExt, sim_zeExecutableGraphGetSourceGraphExt);
    SIM_DDI_SINCE(17, pfnDestroyExt, sim_zeExecutableGraphDestroyExt);
    return ZE_RESULT_SUCCESS;
}
#endif

/* Getters the loader requires but whose tables the sim leaves empty (images, samplers, tools,
   sysman, experimental extensions). */
#define SIM_EMPTY_TABLE(getter, table_t) \
    ZE_DLLEXPORT ze_result_t ZE_APICALL getter(ze_api_version_t version, table_t *t) { \
        SIM_DDI_CHECK(version, t); \
        return ZE_RESULT_SUCCESS; \
    }

SIM_EMPTY_TABLE(zeGetImageProcAddrTable, ze_image_dditable_t)
SIM_EMPTY_TABLE(zeGetSamplerProcAddrTable, ze_sampler_dditable_t)
SIM_EMPTY_TABLE(zeGetDeviceExpProcAddrTable, ze_device_exp_dditable_t)
SIM_EMPTY_TABLE(zeGetKernelExpProcAddrTable, ze_kernel_exp_dditable_t)
SIM_EMPTY_TABLE(zeGetImageExpProcAddrTable, ze_image_exp_dditable_t)
SIM_EMPTY_TABLE(zeGetEventExpProcAddrTable, ze_event_exp_dditable_t)
SIM_EMPTY_TABLE(zeGetFabricVertexExpProcAddrTable, ze_fabric_vertex_exp_dditable_t)
SIM_EMPTY_TABLE(zeGetFabricEdgeExpProcAddrTable, ze_fabric_edge_exp_dditable_t)
SIM_EMPTY_TABLE(zetGetDeviceProcAddrTable, zet_device_dditable_t)
SIM_EMPTY_TABLE(zetGetContextProcAddrTable, zet_context_dditable_t)
SIM_EMPTY_TABLE(zetGetCommandListProcAddrTable, zet_command_list_dditable_t)
SIM_EMPTY_TABLE(zetGetModuleProcAddrTable, zet_module_dditable_t)
SIM_EMPTY_TABLE(zetGetKernelProcAddrTable, zet_kernel_dditable_t)
SIM_EMPTY_TABLE(zetGetDebugProcAddrTable, zet_debug_dditable_t)
SIM_EMPTY_TABLE(zetGetMetricProcAddrTable, zet_metric_dditable_t)
SIM_EMPTY_TABLE(zetGetMetricGroupProcAddrTable, zet_metric_group_dditable_t)
SIM_EMPTY_TABLE(zetGetMetricQueryProcAddrTable, zet_metric_query_dditable_t)
SIM_EMPTY_TABLE(zetGetMetricQueryPoolProcAddrTable, zet_metric_query_pool_dditable_t)
SIM_EMPTY_TABLE(zetGetMetricStreamerProcAddrTable, zet_metric_streamer_dditable_t)
SIM_EMPTY_TABLE(zetGetTracerExpProcAddrTable, zet_tracer_exp_dditable_t)
SIM_EMPTY_TABLE(zesGetDriverProcAddrTable, zes_driver_dditable_t)
SIM_EMPTY_TABLE(zesGetDeviceProcAddrTable, zes_device_dditable_t)
SIM_EMPTY_TABLE(zesGetSchedulerProcAddrTable, zes_scheduler_dditable_t)
SIM_EMPTY_TABLE(zesGetPerformanceFactorProcAddrTable, zes_performance_factor_dditable_t)
SIM_EMPTY_TABLE(zesGetPowerProcAddrTable, zes_power_dditable_t)
SIM_EMPTY_TABLE(zesGetFrequencyProcAddrTable, zes_frequency_dditable_t)
SIM_EMPTY_TABLE(zesGetEngineProcAddrTable, zes_engine_dditable_t)
SIM_EMPTY_TABLE(zesGetStandbyProcAddrTable, zes_standby_dditable_t)
SIM_EMPTY_TABLE(zesGetFirmwareProcAddrTable, zes_firmware_dditable_t)
SIM_EMPTY_TABLE(zesGetMemoryProcAddrTable, zes_memory_dditable_t)
SIM_EMPTY_TABLE(zesGetFabricPortProcAddrTable, zes_fabric_port_dditable_t)
SIM_EMPTY_TABLE(zesGetTemperatureProcAddrTable, zes_temperature_dditable_t)
SIM_EMPTY_TABLE(zesGetPsuProcAddrTable, zes_psu_dditable_t)
SIM_EMPTY_TABLE(zesGetFanProcAddrTable, zes_fan_dditable_t)
SIM_EMPTY_TABLE(zesGetLedProcAddrTable, zes_led_dditable_t)
SIM_EMPTY_TABLE(zesGetRasProcAddrTable, zes_ras_dditable_t)
SIM_EMPTY_TABLE(zesGetDiagnosticsProcAddrTable, zes_diagnostics_dditable_t)

/* ------------------------------------------------------------------------------------------
   >>lifetime: set up at load, everything joined and freed at unload
   ------------------------------------------------------------------------------------------ */

__attribute__((constructor)) static void sim__load(void) {
    pthread_condattr_t ca;
    const char *env;
    uint32_t i;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&g.cv, &ca);
    pthread_condattr_destroy(&ca);
    g.ndev = 1;
    if (sysconf(_SC_PAGESIZE) > 0) sim__page = (size_t)sysconf(_SC_PAGESIZE);
    env = getenv("ZE_SIM_DEVICES");
    if (env != NULL && *env != '\0') {
        char *end;
        unsigned long n = strtoul(env, &end, 10);
        if (*end == '\0' && n >= 1 && n <= SIM_MAX_DEVICES) g.ndev = (uint32_t)n;
        else fprintf(stderr, "ze_sim: ZE_SIM_DEVICES=%s ignored (expected 1..%d)\n", env, SIM_MAX_DEVICES);
    }
    sim__lock();
    sim__reg_add(&g.driver, SIM_K_DRIVER);
    for (i = 0; i < g.ndev; i++) {
        g.dev[i].index = i;
        sim__reg_add(&g.dev[i].h, SIM_K_DEVICE);
    }
    sim__unlock();
    env = getenv("ZE_SIM_OOO");
    if (env != NULL && *env != '\0') {
        if (strcmp(env, "1") == 0 || strcmp(env, "0") == 0) g.ooo = env[0] == '1';
        else fprintf(stderr, "ze_sim: ZE_SIM_OOO=%s ignored (expected 0 or 1)\n", env);
    }
    env = getenv("ZE_SIM_SPIRV_KERNEL_NS");
    if (env != NULL && *env != '\0') {
        char *end;
        unsigned long long ns;
        errno = 0;
        ns = strtoull(env, &end, 10);
        if (isdigit((unsigned char)env[0]) && *end == '\0' && errno == 0) sim__spirv_ns = ns;
        else fprintf(stderr, "ze_sim: ZE_SIM_SPIRV_KERNEL_NS=%s ignored (expected a duration in ns, decimal digits)\n", env);
    }
    env = getenv("ZE_SIM_FAIL");
    if (env != NULL && sim__set_fail_spec(env) != ZE_RESULT_SUCCESS)
        fprintf(stderr, "ze_sim: malformed ZE_SIM_FAIL=%s ignored\n", env);
}

static void sim__free_obj(sim__obj *o) {
    switch (o->kind) {
    case SIM_K_EVENT: sim__event_release((sim__event *)o); break;
    case SIM_K_MODULE: sim__module_free((sim__module *)o); break;
    case SIM_K_BUILD_LOG: free(((sim__build_log *)o)->text); free(o); break;
    case SIM_K_LIST: sim__list_clear((sim__list *)o); free(o); break;
    case SIM_K_POOL: sim__pool_free((sim__pool *)o); break;
    case SIM_K_PHYS: close(((sim__phys *)o)->fd); free(o); break;
#ifdef SIM_SPEC_1_17
    case SIM_K_GRAPH: sim__graph_free((sim__graph *)o); break;
    case SIM_K_XGRAPH:
        sim__point_unref(((sim__xgraph *)o)->last);
        sim__cmds_free(((sim__xgraph *)o)->head);
        free(o);
        break;
#endif
    case SIM_K_DRIVER: case SIM_K_DEVICE: break;
    default: free(o); break;
    }
}

__attribute__((destructor)) static void sim__unload(void) {
    sim__engine *e;
    size_t b;
    sim__lock();
    atomic_store(&g.stopping, true);
    sim__wake();
    for (e = g.engines; e != NULL; e = e->next) {
        if (e->started) {
            sim__unlock();
            pthread_join(e->thread, NULL);
            sim__lock();
            e->started = false;
        }
    }
    while (g.engines != NULL) {
        e = g.engines;
        g.engines = e->next;
        while (e->head != NULL) {
            sim__cmd *c = e->head;
            e->head = c->next;
            sim__cmd_free(c);
        }
        free(e);
    }
    /* events first: most are in their pool's memory */
    for (b = 0; b < g.nbuckets; b++) {
        sim__obj **pp = &g.buckets[b];
        while (*pp != NULL) {
            sim__obj *o = *pp;
            if (o->kind != SIM_K_EVENT) {
                pp = &o->hnext;
                continue;
            }
            *pp = o->hnext;
            o->magic = 0;
            sim__free_obj(o);
        }
    }
    for (b = 0; b < g.nbuckets; b++) {
        while (g.buckets[b] != NULL) {
            sim__obj *o = g.buckets[b];
            g.buckets[b] = o->hnext;
            o->magic = 0;
            sim__free_obj(o);
        }
    }
    g.nlive = 0;
    g.nregistered = 0;
    while (g.allocs != NULL) {
        sim__alloc *a = g.allocs;
        g.allocs = a->next;
        if (a->origin == SIM_ALLOC_MAPPED) free(a); /* its pages go with its reservation */
        else sim__alloc_release(a);
    }
    g.nallocs = 0;
    while (g.deferred != NULL) {
        sim__deferred *d = g.deferred;
        g.deferred = d->next;
        sim__alloc_release(d->a);
        free(d->marks);
        free(d);
    }
    g.ndeferred = 0;
    while (g.vres != NULL) {
        sim__vres *r = g.vres;
        g.vres = r->next;
        munmap(r->base, r->size);
        free(r->spans);
        free(r);
    }
    g.nvres = 0;
    while (g.mexports != NULL) {
        sim__mexport *x = g.mexports;
        g.mexports = x->next;
        close(x->fd);
        free(x);
    }
    g.nmexports = 0;
    while (g.exports != NULL) {
        sim__export *x = g.exports;
        g.exports = x->next;
        sim__point_unref(x->pt);
        sim__store_unref(x->store);
        free(x);
    }
    free(g.log);
    g.log = NULL;
    g.log_first = g.log_count = 0;
    for (int k = 0; k < SIM_CMD_CLASSES; k++) {
        while (sim__cmds[k].free != NULL) {
            sim__cmd *c = sim__cmds[k].free;
            sim__cmds[k].free = c->next;
            free(c);
        }
        sim__cmds[k].n = 0;
    }
    sim__unlock();
    sim__set_fail_spec(NULL);
}
