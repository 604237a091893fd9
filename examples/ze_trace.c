/* ze_trace.c - a profiler for any Level Zero or OpenCL program, preloaded (pti-callback example).

   What it demonstrates: a complete tool on pti-callback, built as one shared library from this
   file. Preloaded into a program, a constructor subscribes before the program's main (and so
   before its zeInit) and enables
     GPU_OPERATION_COMPLETED (EXIT)   device start/end of every kernel, copy, fill and barrier,
                                      through pticGetOperationInfo
     GPU_OPERATION_APPENDED (EXIT)    how many operations the program appended
     HOST_SYNCHRONIZATION (ENTER+EXIT) time the program waits for the device: the ENTER time is
                                      kept in the per-call instance_user_data slot, read at EXIT
     DRIVER_API (ENTER+EXIT)          every Level Zero and OpenCL call, for the JSON trace; without one,
                                      zeInit, zeInitDrivers, zeDriverGet and clGetPlatformIDs
                                      only (EXIT): did this process use Level Zero or OpenCL?
     INTERNAL_EVENT                   the library's own problems, reported at exit
     MEMORY (EXIT)                    every allocation and free that succeeded: live bytes per
                                      device and kind of memory, as counter tracks of the JSON
                                      trace and as peaks in the summary (ZE_TRACE_MEMORY=0: off)
     MARKER (ENTER+EXIT)              the program's ITT annotations: the tool is the ITT collector
                                      (PTIC_ITT_COLLECTOR): task, region and frame ranges as
                                      slices on their thread, with the device time of the GPU
                                      operations appended inside each; __itt_pause/__itt_resume
                                      stop and start the collection
   and, when asked: DRIVER_API for a host-side summary of every Level Zero call
   (ZE_TRACE_HOST_SUMMARY) and a log of every call with its arguments (ZE_TRACE_CALL_LOG,
   pticIterateArgs); filters of GPU operations by name (ZE_TRACE_KERNEL_INCLUDE / _EXCLUDE);
   starting paused (ZE_TRACE_START_PAUSED), until __itt_resume or SIGUSR2.
   At exit, in a process that used Level Zero or OpenCL, it calls pticFlush so that every completion is
   in, unsubscribes (no callback runs after that), prints a summary to stderr and, if asked,
   writes a Chrome trace-event JSON file (Perfetto: ui.perfetto.dev -> "Open trace file"; or
   chrome://tracing): the process's host threads and its GPU queues or immediate lists as
   tracks, and an arrow from each append call to the GPU operations it produced. A process that
   never used either (a shell, `timeout`, `env`, mpirun starting the real program) writes
   and prints nothing. Each process writes its own file, named after it (see trace_path), to a
   temporary name first and renames it into place. Callbacks run concurrently on the program's
   threads and on the library's poller thread: everything the tool keeps is under one mutex,
   but for the memory counts, which have their own (an allocation never waits for a GPU
   operation's callback, nor one for an allocation).

     make examples
     ./build/ze_trace -o trace.json ./your_level_zero_program      (the launcher, ze_trace_launch.c)
     ZE_TRACE_JSON=trace.json LD_PRELOAD=$PWD/build/libze_trace.so ./your_level_zero_program
     ZE_TRACE_HELP=1 LD_PRELOAD=$PWD/build/libze_trace.so /bin/true   # the variables

   On the simulated device add ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so (see `make demo`).
*/
#define _GNU_SOURCE /* CLOCK_MONOTONIC_RAW (the clock of ptic_op_info's times), open_memstream,
                       renameat2; dladdr for PTIC_ITT_COLLECTOR */
#define PTI_CALLBACK_IMPLEMENTATION
#define PTIC_ITT_COLLECTOR /* this library is the program's ITT collector (MARKER records) */
#include "pti_callback.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static const char help_text[] =
    "ze_trace: GPU time per kernel and memory operation, host synchronisation time, and an\n"
    "optional Chrome/Perfetto trace of a Level Zero or OpenCL program. Output goes to stderr and\n"
    "files, never to the program's stdout; a process that uses neither writes and prints\n"
    "nothing. The launcher `ze_trace [options] PROGRAM` (next to libze_trace.so) sets these\n"
    "variables for you (ze_trace --help). Environment variables:\n"
    "  ZE_TRACE_HELP=1          print this text (the program then runs as usual)\n"
    "  ZE_TRACE_QUIET=1         no summary on stderr (errors and warnings are still printed)\n"
    "  ZE_TRACE_JSON=FILE       each process that uses Level Zero or OpenCL writes a trace-event\n"
    "                           JSON file: FILE with .<pid> inserted before its extension\n"
    "                           (t.json -> t.1234.json; t.rank3.1234.json when an MPI rank is\n"
    "                           set), or FILE with \"%p\" replaced by the pid if it has one.\n"
    "                           Open it in ui.perfetto.dev (Open trace file) or chrome://tracing.\n"
    "                           Every Level Zero and OpenCL call is then traced too (more cost).\n"
    "  ZE_TRACE_MAX_EVENTS=N    calls and GPU operations kept in memory for the JSON file\n"
    "                           (default 1000000, 80 bytes each), and as many changes of the\n"
    "                           memory counters (24 bytes each); later ones are left out and\n"
    "                           counted, the summary has all\n"
    "  ZE_TRACE_FLUSH_MS=N      at exit, wait up to N ms for GPU operations still running\n"
    "                           (default 3000); those that do not finish are reported as lost\n"
    "  ZE_TRACE_HOST_SUMMARY=1  a summary of every Level Zero call: host time per function\n"
    "  ZE_TRACE_CALL_LOG=FILE   every Level Zero call with its arguments and result, one line\n"
    "                           each, to FILE (\"-\": stderr; \"%p\" in FILE: the pid)\n"
    "  ZE_TRACE_KERNEL_INCLUDE=A,B  only GPU operations whose name contains A or B\n"
    "  ZE_TRACE_KERNEL_EXCLUDE=A,B  no GPU operation whose name contains A or B\n"
    "  ZE_TRACE_START_PAUSED=1  collect nothing until the program calls __itt_resume or the\n"
    "                           process gets SIGUSR2 (which then switches collection on and\n"
    "                           off; __itt_pause stops it in any case)\n"
    "  ZE_TRACE_MEMORY=0        do not follow memory (on by default: live bytes per device and\n"
    "                           kind of memory, a counter track each in the JSON file, their\n"
    "                           peaks in the summary; a callback per allocation and free)\n"
    "ITT annotations (tasks, regions, frames) are collected when the program uses ITT: the\n"
    "tool names itself in INTEL_LIBITTNOTIFY64 unless that names another collector.\n";

/* ---- what the tool keeps ---- */

typedef struct timing {
  uint64_t calls, total_ns, min_ns, max_ns;
} timing;

static void timing_add(timing* s, uint64_t ns) {
  if (s->calls == 0 || ns < s->min_ns) s->min_ns = ns;
  if (ns > s->max_ns) s->max_ns = ns;
  s->calls++;
  s->total_ns += ns;
}

/* Operation names ("vadd", "zeCommandListAppendMemoryCopy(D2H)") with their device time. A
   name seen for the first time is copied; when MAX_NAMES - 1 are taken (or memory is out), new
   ones share the last entry, OTHER_NAMES. */
#define MAX_NAMES 4096
#define OTHER_NAMES (MAX_NAMES - 1)
#define NAME_SLOTS (2 * MAX_NAMES) /* hash table of indices + 1, a power of two */
typedef struct op_name {
  const char* name;
  timing time;
} op_name;

/* One complete event of the JSON file: a GPU operation, a Level Zero or OpenCL call or an ITT
   range. */
typedef struct trace_event {
  uint64_t start_ns, end_ns; /* CLOCK_MONOTONIC_RAW */
  uint64_t device_start, device_end; /* GPU: device timer ticks */
  uint64_t op_id;            /* GPU: execution id (unique), also the id of its flow arrow */
  void* cmd_list;            /* GPU */
  void* queue;               /* GPU: its track */
  uint32_t name;             /* GPU: index in names[]; host: api id */
  uint32_t tid;              /* host: the calling thread; GPU: the appending/submitting one */
  uint32_t corr;             /* host: the call's correlation id; GPU: its append call's */
  uint32_t submit_corr;      /* GPU */
  uint32_t result;           /* host: ze_result_t */
  uint16_t track;            /* GPU: index in tracks[] */
  uint8_t gpu;               /* EV_CALL, EV_GPU, EV_RANGE (name: index in names[]) */
} trace_event;
enum { EV_CALL = 0, EV_GPU = 1, EV_RANGE = 2 };
_Static_assert(sizeof(trace_event) == 80, "the help text says 80 bytes");

/* GPU tracks: one per queue or immediate list (by handle; a handle reused after a destroy
   continues its track). Past MAX_TRACKS, the last one takes the rest. */
#define MAX_TRACKS 256
typedef struct track {
  void* queue;
  void* device;
  int immediate;
} track;

#define CHUNK_EVENTS 4096

/* Per-function tables are indexed by a dense slot: PTI's Level Zero api ids first, then the
   library's own (from PTIC_OWN_API_ID_BASE, for functions PTI has no id for), then the OpenCL
   ids (from PTIC_OPENCL_ID_BASE). */
#define OWN_IDS ((uint32_t)PTIC_OWN_ID_MAX - PTIC_OWN_API_ID_BASE)
#define CL_IDS ((uint32_t)PTIC_OPENCL_ID_MAX - PTIC_OPENCL_ID_BASE)
#define API_SLOTS ((uint32_t)PTIC_LEVELZERO_ID_MAX + OWN_IDS + CL_IDS)

/* The slot of an api id, API_SLOTS for an id newer than this header. */
static uint32_t api_slot(uint32_t id) {
  if (id < (uint32_t)PTIC_LEVELZERO_ID_MAX) return id;
  if (id - PTIC_OWN_API_ID_BASE < OWN_IDS) return (uint32_t)PTIC_LEVELZERO_ID_MAX + (id - PTIC_OWN_API_ID_BASE);
  if (id - PTIC_OPENCL_ID_BASE < CL_IDS) return (uint32_t)PTIC_LEVELZERO_ID_MAX + OWN_IDS + (id - PTIC_OPENCL_ID_BASE);
  return API_SLOTS;
}

static uint32_t slot_api(uint32_t slot) {
  if (slot < (uint32_t)PTIC_LEVELZERO_ID_MAX) return slot;
  slot -= (uint32_t)PTIC_LEVELZERO_ID_MAX;
  return slot < OWN_IDS ? PTIC_OWN_API_ID_BASE + slot : PTIC_OPENCL_ID_BASE + (slot - OWN_IDS);
}

static struct {
  pthread_mutex_t lock;
  pti_callback_subscriber_handle sub;
  pid_t pid;        /* of the process that loaded the tool: forked children stay silent */
  uint64_t load_ns; /* when the tool loaded */
  uint64_t base_ns; /* time 0 of the JSON file: load_ns, or the launcher's start (one for all
                       processes of its run, so that their files merge) */
  int used;         /* the process made a Level Zero or OpenCL call: only then is anything written */
  char rank[12];    /* the MPI rank from the environment, digits, or "" */
  char comm[64];    /* the process's name, read at exit (after any exec) */
  /* options */
  int quiet;
  char* json_pattern; /* ZE_TRACE_JSON, made absolute when the tool loaded */
  char* run_dir;      /* ZE_TRACE_RUN_DIR: the launcher's list of this run's processes */
  uint64_t max_events, flush_ns;
  /* summary */
  op_name names[MAX_NAMES];
  uint32_t name_slot[NAME_SLOTS];
  uint32_t name_count;
  timing sync[API_SLOTS]; /* host synchronisation, by api slot */
  uint64_t appended, completed, lost, device_ns;
  uint64_t internal_events;
  char first_internal_event[200];
  /* host summary (ZE_TRACE_HOST_SUMMARY), call log (ZE_TRACE_CALL_LOG) */
  int host_summary;
  timing calls[API_SLOTS];
  FILE* call_log;
  /* GPU operation filters: comma-separated substrings */
  char* include;
  char* exclude;
  /* collection switched off and on (ZE_TRACE_START_PAUSED, __itt_pause / __itt_resume,
     SIGUSR2): the times it changed, CLOCK_MONOTONIC_RAW; on at time t when the number of
     changes before t is even (collecting from the start) or odd (started paused) */
  uint64_t toggles[1024];
  uint32_t ntoggles;
  int start_paused;
  /* ITT ranges: per name (index in names[]), their host time and the device time of the GPU
     operations appended inside them; open ranges by correlation id */
  timing range_host[MAX_NAMES];
  uint64_t range_device[MAX_NAMES];
  struct open_range {
    uint32_t corr, name, tid, parent; /* parent: index + 1 in ranges[], 0 for none */
    uint64_t start;
  } * ranges;
  uint32_t nranges, ranges_cap;
  /* GPU operations appended inside a range: operation id -> range index + 1 */
  struct op_range {
    uint64_t op_id;
    uint32_t range;
  } * op_ranges;
  uint64_t op_ranges_cap, op_ranges_used;
  /* JSON events, in chunks so that the buffer never moves */
  trace_event** chunks;
  uint64_t event_count, dropped;
  track tracks[MAX_TRACKS];
  uint32_t track_count;
} g = {.lock = PTHREAD_MUTEX_INITIALIZER, .names[OTHER_NAMES].name = "(other names)"};

/* Memory (PTIC_CB_DOMAIN_MEMORY): live bytes per device and kind of memory, a series each, and
   their changes over time for the JSON file. Under a lock of their own: an allocation never
   waits for a GPU operation's callback, nor one for an allocation. A free subtracts the size
   its record carries, which the library knows also for most memory allocated before ze_trace
   subscribed: a series never goes below 0, and such a free (or one of memory the library does
   not know) is counted as unknown. Past MAX_MEM_SERIES series, allocations are only counted. */
#define MAX_MEM_SERIES 128
typedef struct mem_series {
  void* device; /* NULL: host memory, reservations, memory of no device */
  ptic_memory_kind kind;
  uint64_t live, peak, allocs, frees;
} mem_series;
typedef struct mem_sample {
  uint64_t ns;    /* CLOCK_MONOTONIC_RAW */
  uint64_t bytes; /* the series' live bytes from then on */
  uint32_t series;
} mem_sample;
static struct {
  pthread_mutex_t lock;
  int on; /* ZE_TRACE_MEMORY */
  mem_series series[MAX_MEM_SERIES];
  uint32_t nseries;
  uint64_t allocs, frees, unknown_frees;
  uint64_t total, total_peak; /* host, device, shared and physical memory together */
  mem_sample* samples;        /* only with a JSON file, at most g.max_events */
  uint64_t nsamples, cap, dropped;
} mem = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* The instance_user_data slot holds a pointer: a 64-bit timestamp fits in it directly. */
_Static_assert(sizeof(void*) >= sizeof(uint64_t), "ze_trace stores timestamps in void*");

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Index of `name` in g.names, added if new. Call with g.lock held. A name comes at every
   completion, mostly through the same few pointers: the last index seen at a pointer is tried
   first (and checked: a pointer may hold another name later). */
static struct {
  const char* name;
  uint32_t index;
} name_seen[256];
static uint32_t name_index_of(const char* name);
static uint32_t name_index(const char* name) {
  uint32_t k = (uint32_t)((uintptr_t)name >> 3) & 255u;
  if (name_seen[k].name == name && strcmp(g.names[name_seen[k].index].name, name) == 0) return name_seen[k].index;
  uint32_t n = name_index_of(name);
  if (n != OTHER_NAMES) name_seen[k].name = name, name_seen[k].index = n;
  return n;
}
static uint32_t name_index_of(const char* name) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (const char* p = name; *p; p++) h = (h ^ (uint8_t)*p) * 16777619u;
  for (uint32_t i = h & (NAME_SLOTS - 1);; i = (i + 1) & (NAME_SLOTS - 1)) {
    uint32_t n = g.name_slot[i];
    if (n && strcmp(g.names[n - 1].name, name) == 0) return n - 1;
    if (n) continue;
    size_t len = strlen(name) + 1;
    char* copy = g.name_count < OTHER_NAMES ? malloc(len) : NULL;
    if (!copy) return OTHER_NAMES;
    memcpy(copy, name, len);
    g.names[g.name_count].name = copy;
    g.name_slot[i] = ++g.name_count;
    return g.name_count - 1;
  }
}

/* Index of the track of `queue`. Call with g.lock held. */
static uint16_t track_index(void* queue, void* device, int immediate) {
  for (uint32_t i = 0; i < g.track_count; i++)
    if (g.tracks[i].queue == queue) return (uint16_t)i;
  if (g.track_count == MAX_TRACKS) return MAX_TRACKS - 1;
  g.tracks[g.track_count] = (track){queue, device, immediate};
  return (uint16_t)g.track_count++;
}

/* A new JSON event, or NULL past the limit. Call with g.lock held. */
static trace_event* new_event(void) {
  if (!g.chunks || g.event_count >= g.max_events) {
    g.dropped++;
    return NULL;
  }
  trace_event** chunk = &g.chunks[g.event_count / CHUNK_EVENTS];
  if (!*chunk && !(*chunk = calloc(CHUNK_EVENTS, sizeof(trace_event)))) {
    g.dropped++;
    return NULL;
  }
  return &(*chunk)[g.event_count++ % CHUNK_EVENTS];
}

static trace_event* event_at(uint64_t i) { return &g.chunks[i / CHUNK_EVENTS][i % CHUNK_EVENTS]; }

/* ---- pausing, filters, ranges ---- */

/* SIGUSR2 (with ZE_TRACE_START_PAUSED): when it came, applied by the next callback or at exit. */
static uint64_t signal_ns;
static void on_signal(int sig) {
  (void)sig;
  __atomic_store_n(&signal_ns, now_ns(), __ATOMIC_RELAXED);
}

/* Whether the collection is on at time t. Call with g.lock held. */
static int collecting_at(uint64_t t) {
  uint32_t before = 0;
  while (before < g.ntoggles && g.toggles[before] <= t) before++;
  return (int)(before & 1u) == g.start_paused;
}
/* The collection on (or off) from time t on, t no earlier than the last change. g.lock held. */
/* APPENDED operations are counted without the lock (appended_unlocked) while nothing can make
   one count otherwise: no filter, never paused nor resumed, no range opened. appended_locked
   turns 1, under g.lock, once one of them is; it never turns back. */
static uint64_t appended_unlocked;
static int appended_locked;
static void set_collecting(uint64_t t, int on) {
  if (collecting_at(t) != on && g.ntoggles < sizeof g.toggles / sizeof g.toggles[0]) {
    __atomic_store_n(&appended_locked, 1, __ATOMIC_RELEASE);
    g.toggles[g.ntoggles++] = t;
  }
}
/* A signal's switch. g.lock held. */
static void apply_signal(void) {
  uint64_t t = __atomic_exchange_n(&signal_ns, 0, __ATOMIC_RELAXED);
  if (t) set_collecting(t, !collecting_at(t));
}

/* Whether `name` contains one of the comma-separated parts of `list`. */
static int name_in(const char* list, const char* name) {
  for (const char* p = list; *p;) {
    size_t n = strcspn(p, ",");
    if (n && memmem(name, strlen(name), p, n)) return 1;
    p += n + (p[n] == ',');
  }
  return 0;
}
static int op_filtered_in(const char* name) {
  if (!name) name = "(unnamed)";
  return (!g.include || name_in(g.include, name)) && (!g.exclude || !name_in(g.exclude, name));
}
static inline int op_wanted(const char* name) {
  return (!g.include && !g.exclude) || op_filtered_in(name); /* (no filter: no call per operation) */
}

/* The ranges open around a GPU operation appended on thread tid: their names (index + 1), the
   innermost first, into names[4]. g.lock held. */
static void ranges_of(uint32_t tid, uint32_t names[4]) {
  memset(names, 0, 4 * sizeof names[0]);
  uint32_t r = 0;
  for (uint32_t i = g.nranges; i-- > 0 && !r;)
    if (g.ranges[i].tid == tid) r = i + 1;
  for (int k = 0; r && k < 4; k++) {
    names[k] = g.ranges[r - 1].name + 1;
    r = g.ranges[r - 1].parent;
  }
}
/* The operation map: op_id -> the names of the ranges around it (a hash table, grown at 3/4). */
typedef struct op_names {
  uint64_t op_id;
  uint32_t names[4];
} op_names;
static op_names* op_map;
static uint64_t op_map_cap, op_map_used;
static op_names* op_slot(uint64_t id) {
  for (uint64_t i = (id * 0x9e3779b97f4a7c15u) >> 20 & (op_map_cap - 1);; i = (i + 1) & (op_map_cap - 1))
    if (op_map[i].op_id == id || op_map[i].op_id == 0) return &op_map[i];
}
static void op_map_put(uint64_t id, const uint32_t names[4]) {
  if ((op_map_used + 1) * 4 >= op_map_cap * 3) {
    uint64_t ncap = op_map_cap ? op_map_cap * 2 : 4096;
    op_names* old = op_map;
    uint64_t ocap = op_map_cap;
    if (!(op_map = calloc(ncap, sizeof *op_map))) {
      op_map = old;
      return;
    }
    op_map_cap = ncap;
    for (uint64_t i = 0; i < ocap; i++)
      if (old[i].op_id) *op_slot(old[i].op_id) = old[i];
    free(old);
  }
  op_names* e = op_slot(id);
  if (!e->op_id) op_map_used++;
  e->op_id = id;
  memcpy(e->names, names, sizeof e->names);
}

static void on_marker(const ptic_marker_data* m, uint32_t tid) {
  uint64_t t = now_ns();
  pthread_mutex_lock(&g.lock);
  if (m->_kind == PTIC_MARKER_PAUSE || m->_kind == PTIC_MARKER_RESUME) {
    if (m->_phase == PTI_CB_PHASE_API_ENTER) set_collecting(t, m->_kind == PTIC_MARKER_RESUME);
  } else if (m->_kind != PTIC_MARKER_INSTANT && m->_kind != PTIC_MARKER_THREAD_NAME && m->_correlation_id) {
    if (m->_phase == PTI_CB_PHASE_API_ENTER) {
      char label[256];
      snprintf(label, sizeof label, "%s", m->_name ? m->_name : m->_domain_name ? m->_domain_name : "(range)");
      if (g.nranges == g.ranges_cap) {
        uint32_t ncap = g.ranges_cap ? g.ranges_cap * 2 : 64;
        struct open_range* r = realloc(g.ranges, ncap * sizeof *r);
        if (r) g.ranges = r, g.ranges_cap = ncap;
      }
      if (g.nranges < g.ranges_cap) {
        uint32_t parent = 0;
        for (uint32_t i = g.nranges; i-- > 0 && !parent;)
          if (g.ranges[i].corr == m->_parent_correlation_id && m->_parent_correlation_id) parent = i + 1;
        __atomic_store_n(&appended_locked, 1, __ATOMIC_RELEASE);
        g.ranges[g.nranges++] = (struct open_range){m->_correlation_id, name_index(label), tid, parent, t};
      }
    } else {
      for (uint32_t i = g.nranges; i-- > 0;) {
        if (g.ranges[i].corr != m->_correlation_id) continue;
        struct open_range r = g.ranges[i];
        /* (ranges after it that name it as parent keep their parent index: shift them) */
        memmove(&g.ranges[i], &g.ranges[i + 1], (g.nranges - i - 1) * sizeof r);
        g.nranges--;
        for (uint32_t k = i; k < g.nranges; k++) {
          uint32_t* parent = &g.ranges[k].parent;
          if (*parent == i + 1) *parent = 0;
          else if (*parent > i + 1) (*parent)--;
        }
        if (!collecting_at(r.start)) break;
        g.used = 1;
        timing_add(&g.range_host[r.name], t - r.start);
        trace_event* e = g.json_pattern ? new_event() : NULL;
        if (e) *e = (trace_event){.start_ns = r.start, .end_ns = t, .name = r.name, .tid = r.tid, .corr = r.corr,
                                  .gpu = EV_RANGE};
        break;
      }
    }
  }
  pthread_mutex_unlock(&g.lock);
}

/* One argument of a logged call: "name=value", comma-separated. */
typedef struct arg_line {
  char* buf;
  size_t size, used;
} arg_line;
static void log_arg(uint32_t index, const char* name, const char* type, const char* value, void* user) {
  (void)type;
  arg_line* l = user;
  if (l->used >= l->size) return;
  int n = snprintf(l->buf + l->used, l->size - l->used, "%s%s=%s", index ? ", " : "", name, value);
  if (n > 0) l->used += (size_t)n;
}

/* ---- memory ---- */

/* Memory that takes room (reservations take addresses, mappings show physical memory, IPC
   memory is another process's): what the total adds up. */
static int mem_in_total(ptic_memory_kind kind) {
  return kind == PTIC_MEMORY_HOST || kind == PTIC_MEMORY_DEVICE || kind == PTIC_MEMORY_SHARED ||
         kind == PTIC_MEMORY_PHYSICAL || kind == PTIC_MEMORY_BUFFER || kind == PTIC_MEMORY_IMAGE ||
         kind == PTIC_MEMORY_PIPE || kind == PTIC_MEMORY_SVM; /* (not sub-buffers: their parent's) */
}

/* The series of (device, kind), added if new; NULL when all are taken. mem.lock held. */
static mem_series* mem_series_of(void* device, ptic_memory_kind kind) {
  for (uint32_t i = 0; i < mem.nseries; i++)
    if (mem.series[i].device == device && mem.series[i].kind == kind) return &mem.series[i];
  if (mem.nseries == MAX_MEM_SERIES) return NULL;
  mem.series[mem.nseries] = (mem_series){.device = device, .kind = kind};
  return &mem.series[mem.nseries++];
}

/* EXIT of an allocation or a free that succeeded: the live bytes of its series. */
static void on_memory(const ptic_memory_data* m) {
  if (m->_phase != PTI_CB_PHASE_API_EXIT || m->_return_code != 0) return;
  int alloc = m->_operation == PTIC_MEMORY_ALLOCATE;
  pthread_mutex_lock(&mem.lock);
  uint64_t t = now_ns(); /* under the lock: the samples are in time order */
  mem_series* s = m->_kind ? mem_series_of(m->_device_handle, m->_kind) : NULL;
  uint64_t size = m->_size;
  if (alloc) {
    mem.allocs++;
  } else {
    mem.frees++;
    if (!m->_kind || (s && size > s->live)) mem.unknown_frees++;
    if (s && size > s->live) size = s->live;
  }
  if (s) {
    alloc ? s->allocs++ : s->frees++;
    s->live = alloc ? s->live + size : s->live - size;
    if (s->live > s->peak) s->peak = s->live;
    if (mem_in_total(s->kind)) {
      mem.total = alloc ? mem.total + size : mem.total - size;
      if (mem.total > mem.total_peak) mem.total_peak = mem.total;
    }
  }
  if (s && size && g.json_pattern) {
    if (mem.nsamples == mem.cap && mem.cap < g.max_events) {
      uint64_t ncap = mem.cap ? mem.cap * 2 : 1024;
      if (ncap > g.max_events) ncap = g.max_events;
      mem_sample* more = realloc(mem.samples, ncap * sizeof *more);
      if (more) mem.samples = more, mem.cap = ncap;
    }
    if (mem.nsamples < mem.cap) mem.samples[mem.nsamples++] = (mem_sample){t, s->live, (uint32_t)(s - mem.series)};
    else mem.dropped++;
  }
  pthread_mutex_unlock(&mem.lock);
}

/* Devices are numbered in order of appearance: those of the GPU tracks, then those that only
   allocated memory. g.lock held, and mem.lock (or no callback running any more). */
static uint32_t device_number(void* device) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < g.track_count; i++) {
    if (g.tracks[i].device == device) return n;
    uint32_t j = 0;
    while (j < i && g.tracks[j].device != g.tracks[i].device) j++;
    n += j == i;
  }
  for (uint32_t i = 0; i < mem.nseries; i++) {
    void* d = mem.series[i].device;
    uint32_t j = 0;
    while (j < g.track_count && g.tracks[j].device != d) j++;
    if (!d || j < g.track_count) continue;
    if (d == device) return n;
    j = 0;
    while (j < i && mem.series[j].device != d) j++;
    n += j == i;
  }
  return n;
}

/* A series' name, that of its counter track: "GPU 0 device memory", "host memory". */
static const char* mem_label(const mem_series* s, char* buf, size_t size) {
  static const char* const kinds[] = {"memory of unknown kind", "host memory", "device memory",
                                      "shared memory", "reserved addresses", "physical memory",
                                      "mapped memory", "IPC memory", "OpenCL buffers",
                                      "OpenCL sub-buffers", "OpenCL images", "OpenCL pipes",
                                      "SVM memory"};
  const char* kind = (uint32_t)s->kind < sizeof kinds / sizeof kinds[0] ? kinds[s->kind] : kinds[0];
  if (s->device) snprintf(buf, size, "GPU %u %s", device_number(s->device), kind);
  else snprintf(buf, size, "%s", kind);
  return buf;
}

/* ---- the callback ---- */

/* The names of one record's operations come through few pointers (a record holds many
   operations of a few kernels and memory operations): the indexes of the last pointers seen in
   this callback, which holds the strings constant while it runs, spare name_index's string
   comparison. */
typedef struct names_seen {
  const char* name[4];
  uint32_t index[4];
  uint32_t next;
} names_seen;
static uint32_t name_index_in(names_seen* s, const char* name) {
  for (uint32_t k = 0; k < 4; k++)
    if (s->name[k] == name) return s->index[k];
  uint32_t n = name_index(name);
  if (n != OTHER_NAMES) s->name[s->next] = name, s->index[s->next] = n, s->next = (s->next + 1) & 3u;
  return n;
}

/* COMPLETED: the operations are read (pticGetOperationInfo) before the lock is taken, a chunk
   at a time, and counted under one lock per chunk, not one per operation. */
#define COMPLETED_CHUNK 32
static void on_completed(const pti_callback_gpu_op_data* rec) {
  int immediate = (rec->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) != 0;
  names_seen seen = {{NULL}, {0}, 0};
  for (uint32_t base = 0; base < rec->_operation_count; base += COMPLETED_CHUNK) {
    ptic_op_info ops[COMPLETED_CHUNK];
    const char* names[COMPLETED_CHUNK];
    uint32_t n = 0;
    for (uint32_t i = base; i < rec->_operation_count && i < base + COMPLETED_CHUNK; i++) {
      if (pticGetOperationInfo(rec, i, &ops[n]) != PTI_SUCCESS) continue;
      names[n] = rec->_operation_details[i]._name;
      if (op_wanted(names[n])) n++;
    }
    if (!n) continue;
    pthread_mutex_lock(&g.lock);
    g.used = 1;
    for (uint32_t k = 0; k < n; k++) {
      const ptic_op_info op = ops[k];
      if (op.status == PTIC_OP_COMPLETED && !collecting_at(op.start_ns)) {
      } else if (op.status == PTIC_OP_COMPLETED) {
        if (op_map_cap) {
          const op_names* in = op_slot(op.operation_id);
          for (int j = 0; in->op_id && j < 4 && in->names[j]; j++) g.range_device[in->names[j] - 1] += op.end_ns - op.start_ns;
        }
        uint32_t ni = names[k] ? name_index_in(&seen, names[k]) : name_index("(unnamed)");
        timing_add(&g.names[ni].time, op.end_ns - op.start_ns);
        g.completed++;
        g.device_ns += op.end_ns - op.start_ns;
        trace_event* e = g.json_pattern ? new_event() : NULL;
        if (e)
          *e = (trace_event){.start_ns = op.start_ns, .end_ns = op.end_ns,
                             .device_start = op.device_start, .device_end = op.device_end,
                             .op_id = op.execution_id, .cmd_list = op.cmd_list, .queue = op.queue,
                             .name = ni, .tid = op.thread_id, .corr = op.append_correlation_id,
                             .submit_corr = op.submit_correlation_id, .gpu = 1,
                             .track = track_index(op.queue, rec->_device_handle, immediate)};
      } else {
        g.lost++;
      }
    }
    pthread_mutex_unlock(&g.lock);
  }
}

/* DRIVER_API is on only for the calls that tell whether the process uses Level Zero or OpenCL
   (enable_init_calls), until one of them came. */
static int init_calls_only;

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t context, void* cb_data, void* user_data,
                      void** instance_user_data) {
  (void)group;
  (void)context;
  (void)user_data;
  if (__atomic_load_n(&signal_ns, __ATOMIC_RELAXED)) {
    pthread_mutex_lock(&g.lock);
    apply_signal();
    pthread_mutex_unlock(&g.lock);
  }
  switch ((uint32_t)domain) { /* (MARKER is a value of ours, outside PTI's enum) */
  case PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED:
    on_completed(cb_data);
    break;
  case PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED: {
    const pti_callback_gpu_op_data* rec = cb_data;
    if (rec->_return_code != 0) break; /* the append failed: nothing was appended */
    if (!__atomic_load_n(&appended_locked, __ATOMIC_ACQUIRE)) { /* (as set_collecting says) */
      __atomic_add_fetch(&appended_unlocked, rec->_operation_count, __ATOMIC_RELAXED);
      break;
    }
    pthread_mutex_lock(&g.lock);
    g.used = 1;
    uint32_t names[4] = {0, 0, 0, 0};
    ptic_record_info info; /* (the appending thread: asked only when a range is open somewhere) */
    if (g.nranges && pticGetRecordInfo(cb_data, &info) == PTI_SUCCESS) ranges_of(info.thread_id, names);
    for (uint32_t i = 0; i < rec->_operation_count; i++) {
      if (!op_wanted(rec->_operation_details[i]._name)) continue;
      g.appended += g.ntoggles || g.start_paused ? collecting_at(now_ns()) : 1; /* (no clock read when never paused) */
      if (names[0]) op_map_put(rec->_operation_details[i]._operation_id, names);
    }
    pthread_mutex_unlock(&g.lock);
    break;
  }
  case PTIC_CB_DOMAIN_MEMORY:
    on_memory(cb_data);
    break;
  case PTIC_CB_DOMAIN_MARKER: {
    ptic_record_info info;
    if (pticGetRecordInfo(cb_data, &info) == PTI_SUCCESS) on_marker(cb_data, info.thread_id);
    break;
  }
  case PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION:
  case PTI_CB_DOMAIN_DRIVER_API: {
    /* ENTER keeps its time in this call's own slot; EXIT of the same call reads it back */
    uint64_t t = now_ns();
    ptic_record_info info;
    if (pticGetRecordInfo(cb_data, &info) != PTI_SUCCESS) break;
    if (info.phase == PTI_CB_PHASE_API_ENTER) {
      *instance_user_data = (void*)(uintptr_t)t;
      break;
    }
    /* 0: enabled during the call, or an EXIT-only function (zeInit, ...: "used Level Zero or OpenCL") */
    uint64_t start = (uint64_t)(uintptr_t)*instance_user_data;
    pthread_mutex_lock(&g.lock);
    g.used = 1;
    if (start == 0) {
    } else if (!collecting_at(start)) {
    } else if (domain == PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION) {
      uint32_t slot = api_slot(api_id);
      if (slot < API_SLOTS) timing_add(&g.sync[slot], t - start);
    } else {
      const ptic_api_data* rec = cb_data;
      uint32_t slot = api_slot(api_id);
      if (g.host_summary && slot < API_SLOTS) timing_add(&g.calls[slot], t - start);
      if (g.call_log) {
        char args[2048] = "";
        arg_line l = {args, sizeof args, 0};
        pthread_mutex_unlock(&g.lock); /* (pticIterateArgs calls back: no lock held) */
        pticIterateArgs(cb_data, log_arg, &l);
        pthread_mutex_lock(&g.lock);
        fprintf(g.call_log, "[%u] %s(%s) = 0x%x (%llu ns)\n", info.thread_id, rec->_name ? rec->_name : "?", args,
                rec->_return_code, (unsigned long long)(t - start));
      }
      trace_event* e = g.json_pattern ? new_event() : NULL;
      if (e)
        *e = (trace_event){.start_ns = start, .end_ns = t, .name = api_id, .tid = info.thread_id,
                           .corr = rec->_correlation_id, .result = rec->_return_code};
    }
    pthread_mutex_unlock(&g.lock);
    if (domain == PTI_CB_DOMAIN_DRIVER_API && __atomic_exchange_n(&init_calls_only, 0, __ATOMIC_RELAXED))
      ptiCallbackDisableDomain(g.sub, PTI_CB_DOMAIN_DRIVER_API); /* (enable_init_calls: said all they tell) */
    break;
  }
  case PTI_CB_DOMAIN_INTERNAL_EVENT: {
    const pti_internal_callback_data* rec = cb_data;
    pthread_mutex_lock(&g.lock);
    if (g.internal_events++ == 0)
      snprintf(g.first_internal_event, sizeof g.first_internal_event, "%s",
               rec->_message ? rec->_message : "");
    pthread_mutex_unlock(&g.lock);
    break;
  }
  default:
    break;
  }
}

/* ---- the summary (stderr, written at once) ---- */

static int by_total_desc(const void* a, const void* b) {
  const op_name* x = *(const op_name* const*)a;
  const op_name* y = *(const op_name* const*)b;
  if (x->time.total_ns != y->time.total_ns) return x->time.total_ns < y->time.total_ns ? 1 : -1;
  return strcmp(x->name, y->name);
}

/* "12.345" microseconds from nanoseconds, exactly. */
static const char* us(uint64_t ns, char* buf) {
  sprintf(buf, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
  return buf;
}

static void timing_row(FILE* out, const timing* s, uint64_t all_ns, const char* name) {
  char b[4][32];
  double share = all_ns ? 100.0 * (double)s->total_ns / (double)all_ns : 0.0;
  fprintf(out, "  %7.1f %14s %8llu %12s %12s %12s  %s\n", share, us(s->total_ns, b[0]),
          (unsigned long long)s->calls, us(s->total_ns / (s->calls ? s->calls : 1), b[1]),
          us(s->min_ns, b[2]), us(s->max_ns, b[3]), name);
}

static const char table_head[] =
    "  Time(%%)     Total (us)    Calls     Avg (us)     Min (us)     Max (us)  %s\n"
    "  -------  -------------  -------  -----------  -----------  -----------  ----\n";

/* "workload (pid 1234)", "workload (rank 3, pid 1234)" */
static void process_label(char* buf, size_t size) {
  snprintf(buf, size, "%s (%s%s%spid %d)", g.comm, g.rank[0] ? "rank " : "", g.rank,
           g.rank[0] ? ", " : "", (int)g.pid);
}

/* Host memory and the like first, then each device's, by kind. */
static int by_device_kind(const void* a, const void* b) {
  const mem_series* x = *(const mem_series* const*)a;
  const mem_series* y = *(const mem_series* const*)b;
  uint64_t kx = x->device ? 1 + (uint64_t)device_number(x->device) : 0;
  uint64_t ky = y->device ? 1 + (uint64_t)device_number(y->device) : 0;
  if (kx != ky) return kx < ky ? -1 : 1;
  return (x->kind > y->kind) - (x->kind < y->kind);
}

static void print_memory(FILE* out) {
  const mem_series* rows[MAX_MEM_SERIES];
  char label[64];
  uint64_t allocs = 0, frees = 0;
  for (uint32_t i = 0; i < mem.nseries; i++) {
    rows[i] = &mem.series[i];
    if (mem_in_total(mem.series[i].kind)) allocs += mem.series[i].allocs, frees += mem.series[i].frees;
  }
  qsort(rows, mem.nseries, sizeof rows[0], by_device_kind);
  fprintf(out, "\nze_trace: memory, live bytes at their peak (%llu allocations, %llu frees)\n\n"
               "     Peak (bytes)  Allocations        Frees  Memory\n"
               "  ---------------  -----------  -----------  ------\n",
          (unsigned long long)mem.allocs, (unsigned long long)mem.frees);
  for (uint32_t i = 0; i < mem.nseries; i++)
    fprintf(out, "  %15llu  %11llu  %11llu  %s\n", (unsigned long long)rows[i]->peak,
            (unsigned long long)rows[i]->allocs, (unsigned long long)rows[i]->frees,
            mem_label(rows[i], label, sizeof label));
  if (mem.nseries)
    fprintf(out, "  %15llu  %11llu  %11llu  total (host, device, shared and physical memory)\n",
            (unsigned long long)mem.total_peak, (unsigned long long)allocs, (unsigned long long)frees);
  else
    fprintf(out, "  (none)\n");
  if (mem.unknown_frees)
    fprintf(out, "ze_trace: %llu frees of memory allocated before ze_trace or of unknown size: "
                 "live bytes are kept at 0 or above\n",
            (unsigned long long)mem.unknown_frees);
}

static void print_summary(FILE* out) {
  static op_name* rows[MAX_NAMES]; /* static: too large for some threads' stacks */
  char label[160];
  process_label(label, sizeof label);
  fprintf(out, "\nze_trace: %s\n", label);
  uint32_t n = 0;
  for (uint32_t i = 0; i < MAX_NAMES; i++)
    if (g.names[i].time.calls) rows[n++] = &g.names[i];
  qsort(rows, n, sizeof rows[0], by_total_desc);
  fprintf(out, "ze_trace: GPU operations, device time (%llu executed, %llu appended, %llu lost)\n\n",
          (unsigned long long)g.completed,
          (unsigned long long)(g.appended + __atomic_load_n(&appended_unlocked, __ATOMIC_RELAXED)),
          (unsigned long long)g.lost);
  fprintf(out, table_head, "Name");
  for (uint32_t i = 0; i < n; i++) timing_row(out, &rows[i]->time, g.device_ns, rows[i]->name);
  if (n == 0) fprintf(out, "  (none)\n");

  /* the same for the sync functions, in the same rows */
  static op_name syncs[API_SLOTS];
  uint64_t sync_ns = 0;
  n = 0;
  for (uint32_t slot = 0; slot < API_SLOTS; slot++) {
    if (!g.sync[slot].calls) continue;
    const char* name = pticApiIdName(slot_api(slot));
    syncs[n] = (op_name){name ? name : "?", g.sync[slot]};
    rows[n] = &syncs[n];
    sync_ns += syncs[n++].time.total_ns;
  }
  qsort(rows, n, sizeof rows[0], by_total_desc);
  fprintf(out, "\nze_trace: host synchronisation, time in the call\n\n");
  fprintf(out, table_head, "Function");
  for (uint32_t i = 0; i < n; i++) timing_row(out, &rows[i]->time, sync_ns, rows[i]->name);
  if (n == 0) fprintf(out, "  (none)\n");
  if (g.host_summary) { /* every Level Zero call */
    uint64_t calls_ns = 0;
    n = 0;
    for (uint32_t slot = 0; slot < API_SLOTS; slot++) {
      if (!g.calls[slot].calls) continue;
      const char* name = pticApiIdName(slot_api(slot));
      syncs[n] = (op_name){name ? name : "?", g.calls[slot]};
      rows[n] = &syncs[n];
      calls_ns += syncs[n++].time.total_ns;
    }
    qsort(rows, n, sizeof rows[0], by_total_desc);
    fprintf(out, "\nze_trace: Level Zero calls, host time in the call\n\n");
    fprintf(out, table_head, "Function");
    for (uint32_t i = 0; i < n; i++) timing_row(out, &rows[i]->time, calls_ns, rows[i]->name);
    if (n == 0) fprintf(out, "  (none)\n");
  }
  n = 0;
  for (uint32_t i = 0; i < MAX_NAMES; i++)
    if (g.range_host[i].calls) rows[n++] = &g.names[i];
  if (n) { /* ITT ranges: host time, and the device time of what was appended inside */
    fprintf(out, "\nze_trace: ITT ranges, host time, and device time of the GPU operations appended inside\n\n");
    fprintf(out, "     Calls     Host (us)   Device (us)  Name\n"
                 "  --------  ------------  ------------  ----\n");
    for (uint32_t i = 0; i < n; i++) {
      const uint32_t k = (uint32_t)(rows[i] - g.names);
      char b[2][32];
      fprintf(out, "  %8llu  %12s  %12s  %s\n", (unsigned long long)g.range_host[k].calls,
              us(g.range_host[k].total_ns, b[0]), us(g.range_device[k], b[1]), g.names[k].name);
    }
  }
  if (mem.on && mem.allocs + mem.frees) print_memory(out); /* (OpenCL's are not followed yet) */
  fputc('\n', out);
  if (g.lost)
    fprintf(out, "ze_trace: %llu operations lost: their completion could not be observed\n",
            (unsigned long long)g.lost);
}

/* ---- the JSON trace ---- */

/* What the launcher checks a trace file against before it lists or merges it. */
typedef struct written_trace {
  uint64_t entries; /* elements of its traceEvents array */
  uint64_t size;    /* bytes */
  uint64_t fnv;     /* FNV-1a (64-bit) of its bytes */
} written_trace;

/* The trace's writer: its bytes go through a buffer of its own to fd, counted and hashed on
   their way. An event is formatted straight into the buffer (put_*), in room reserved for it
   (jw_room), rather than by stdio, whose formatting took four fifths of the instructions
   ze_trace -o added to a program. */
#define JW_SIZE 65536
#define JW_EVENT 1024 /* room for any event's line but its name (names come quoted: quoted) */
typedef struct jw {
  int fd;
  int err; /* errno of the first write that failed; nothing more is written after it */
  written_trace* w;
  size_t n;
  char buf[JW_SIZE];
} jw;

/* FNV-1a (64-bit), eight bytes a round. */
static uint64_t fnv1a(uint64_t h, const unsigned char* p, size_t n) {
  const uint64_t prime = 0x100000001b3u;
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    h = (h ^ p[i]) * prime, h = (h ^ p[i + 1]) * prime, h = (h ^ p[i + 2]) * prime;
    h = (h ^ p[i + 3]) * prime, h = (h ^ p[i + 4]) * prime, h = (h ^ p[i + 5]) * prime;
    h = (h ^ p[i + 6]) * prime, h = (h ^ p[i + 7]) * prime;
  }
  for (; i < n; i++) h = (h ^ p[i]) * prime;
  return h;
}

static void jw_flush(jw* j) {
  j->w->fnv = fnv1a(j->w->fnv, (const unsigned char*)j->buf, j->n);
  for (size_t done = 0; done < j->n && !j->err;) {
    ssize_t k = write(j->fd, j->buf + done, j->n - done);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) j->err = k < 0 ? errno : EIO;
    else done += (size_t)k;
  }
  j->w->size += j->n;
  j->n = 0;
}

static void jw_bytes(jw* j, const char* s, size_t n) {
  while (n > JW_SIZE - j->n) {
    size_t k = JW_SIZE - j->n;
    memcpy(j->buf + j->n, s, k);
    j->n += k, s += k, n -= k;
    jw_flush(j);
  }
  memcpy(j->buf + j->n, s, n);
  j->n += n;
}
#define JW_LIT(j, s) jw_bytes((j), s, sizeof s - 1)

/* Where the next n bytes (at most JW_SIZE) go; jw_done says where they ended. */
static char* jw_room(jw* j, size_t n) {
  if (JW_SIZE - j->n < n) jw_flush(j);
  return j->buf + j->n;
}
static void jw_done(jw* j, const char* end) { j->n = (size_t)(end - j->buf); }

/* printf's formatting, for the few lines that are not per event. */
static void jw_printf(jw* j, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
static void jw_printf(jw* j, const char* fmt, ...) {
  char small[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof small) {
    jw_bytes(j, small, (size_t)n);
    return;
  }
  char* big = malloc((size_t)n + 1);
  if (!big) {
    if (!j->err) j->err = ENOMEM;
    return;
  }
  va_start(ap, fmt);
  vsnprintf(big, (size_t)n + 1, fmt, ap);
  va_end(ap);
  jw_bytes(j, big, (size_t)n);
  free(big);
}

#define PUT_LIT(o, s) (memcpy((o), s, sizeof s - 1), (o) + sizeof s - 1)

static char* put_u64(char* o, uint64_t v) {
  static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                              "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                              "8081828384858687888990919293949596979899";
  static const uint64_t pow10[20] = {1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
                                     100000000u, 1000000000u, 10000000000u, 100000000000u,
                                     1000000000000u, 10000000000000u, 100000000000000u,
                                     1000000000000000u, 10000000000000000u, 100000000000000000u,
                                     1000000000000000000u, 10000000000000000000u};
  uint32_t bits = 64u - (uint32_t)__builtin_clzll(v | 1u), t = bits * 1233u >> 12; /* ~log10 */
  char* end = o + t + (v >= pow10[t]) + !v;
  for (o = end; v >= 100; v /= 100) memcpy(o -= 2, pairs + 2 * (v % 100), 2);
  if (v >= 10) memcpy(o - 2, pairs + 2 * v, 2);
  else o[-1] = (char)('0' + v);
  return end;
}

static char* put_hex(char* o, uint64_t v) {
  char* end = o + (67u - (uint32_t)__builtin_clzll(v | 1u)) / 4u;
  for (o = end; v > 0xff; v >>= 8) memcpy(o -= 2, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
                                                  "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
                                                  "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f"
                                                  "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f"
                                                  "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
                                                  "a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf"
                                                  "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedf"
                                                  "e0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff" + 2 * (v & 0xff), 2);
  if (v > 0xf) o[-2] = "0123456789abcdef"[v >> 4];
  o[-1] = "0123456789abcdef"[v & 15];
  return end;
}

/* A pointer as printf's %p writes it. */
static char* put_ptr(char* o, const void* p) {
  if (!p) return PUT_LIT(o, "(nil)");
  return put_hex(PUT_LIT(o, "0x"), (uintptr_t)p);
}

/* Microseconds since g.base_ns (relative), or ns as microseconds, with nanosecond digits,
   computed exactly from integers. */
static char* put_us(char* o, uint64_t ns, int relative) {
  int neg = relative && ns < g.base_ns;
  uint64_t v = !relative ? ns : neg ? g.base_ns - ns : ns - g.base_ns;
  if (neg) *o++ = '-';
  o = put_u64(o, v / 1000);
  uint32_t f = (uint32_t)(v % 1000);
  o[0] = '.', o[1] = (char)('0' + f / 100), o[2] = (char)('0' + f / 10 % 10), o[3] = (char)('0' + f % 10);
  return o + 4;
}

/* GPU tracks are threads of their process, so that a process's host threads and GPU queues form
   one group, also in a merged file. Their thread ids are unique in a run: above any Linux thread
   id (pid_max is at most 2^22), made of the pid and the track. Flow arrows are matched by id
   across the whole file: the pid and the execution id, as a hex string (a 64-bit number). */
static uint32_t gpu_tid(uint32_t track) { return 0x40000000u | (uint32_t)g.pid << 8 | track; }
_Static_assert(MAX_TRACKS <= 256, "gpu_tid has 8 bits for the track");

static char* put_flow_id(char* o, uint64_t op_id) {
  o = put_hex(PUT_LIT(o, ",\"id\":\""), (uint64_t)g.pid << 40 | (op_id & 0xffffffffffu));
  return PUT_LIT(o, "\"");
}

/* s as a JSON string, quotes included, into out (room for 6 bytes a byte, and 2); its length. */
static size_t json_quote(char* out, const char* s) {
  char* o = out;
  *o++ = '"';
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      *o++ = '\\';
      *o++ = (char)c;
    } else if (c < 0x20) {
      memcpy(o, "\\u00", 4);
      o[4] = "0123456789abcdef"[c >> 4];
      o[5] = "0123456789abcdef"[c & 15];
      o += 6;
    } else {
      *o++ = (char)c;
    }
  }
  *o++ = '"';
  return (size_t)(o - out);
}

/* A name as a JSON string, quoted once and kept: names repeat on every event. */
typedef struct quoted {
  char* s; /* NULL: not quoted yet */
  size_t len;
} quoted;

static void json_string(jw* j, const char* s) {
  char* out = malloc(6 * strlen(s) + 2);
  if (!out) {
    if (!j->err) j->err = ENOMEM;
    return;
  }
  jw_bytes(j, out, json_quote(out, s));
  free(out);
}

/* The quoted name at o, in room for JW_EVENT bytes more after it; returns where it ends. A
   name too long for the buffer goes through jw_bytes. */
static char* put_name(jw* j, char* o, quoted* q, const char* s) {
  if (!q->s) {
    if (!(q->s = malloc(6 * strlen(s) + 2))) {
      jw_done(j, o);
      json_string(j, s);
      return jw_room(j, JW_EVENT);
    }
    q->len = json_quote(q->s, s);
  }
  if (q->len > JW_SIZE - JW_EVENT) {
    jw_done(j, o);
    jw_bytes(j, q->s, q->len);
    return jw_room(j, JW_EVENT);
  }
  jw_done(j, o);
  o = jw_room(j, q->len + JW_EVENT);
  memcpy(o, q->s, q->len);
  return o + q->len;
}

static int by_corr(const void* a, const void* b) {
  uint32_t x = (*(trace_event* const*)a)->corr, y = (*(trace_event* const*)b)->corr;
  return x < y ? -1 : x > y;
}

/* The host event of the call with correlation id `corr`, or NULL. */
static trace_event* host_call(trace_event** calls, size_t n, uint32_t corr) {
  trace_event key = {.corr = corr}, *k = &key;
  trace_event** hit = bsearch(&k, calls, n, sizeof *calls, by_corr);
  return hit ? *hit : NULL;
}

/* Writes the trace through j; sets *entries to the number of elements of its traceEvents array
   (otherData.events): metadata, calls, GPU operations, each arrow's two ends. Each element is
   one line; the last one has no trailing comma and the file ends with "\n]}\n":
   ze_trace_launch.c checks files by these and merges them by joining their arrays. Returns 0,
   or -1 with errno. */
static int write_json(jw* j, uint64_t* entries) {
  size_t ncalls = 0;
  trace_event** calls = malloc(sizeof *calls * (g.event_count ? g.event_count : 1));
  quoted* names = calloc(MAX_NAMES, sizeof *names);
  quoted* apis = calloc(API_SLOTS, sizeof *apis);
  quoted* series = calloc(MAX_MEM_SERIES, sizeof *series);
  if (!calls || !names || !apis || !series) {
    free(calls), free(names), free(apis), free(series);
    errno = ENOMEM;
    return -1;
  }
  for (uint64_t i = 0; i < g.event_count; i++)
    if (event_at(i)->gpu == EV_CALL) calls[ncalls++] = event_at(i);
  qsort(calls, ncalls, sizeof *calls, by_corr);
  uint64_t arrows = 0;
  for (uint64_t i = 0; i < g.event_count; i++)
    arrows += event_at(i)->gpu == EV_GPU && host_call(calls, ncalls, event_at(i)->corr);
  /* process_name, process_sort_index, the track names, the events, the arrows, the load mark */
  *entries = 2 + g.track_count + g.event_count + 2 * arrows + mem.nsamples + 1;

  int pid = (int)g.pid;
  char label[160], pid_text[16];
  size_t pid_len = (size_t)snprintf(pid_text, sizeof pid_text, "%d", pid);
  jw_printf(j, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"ze_trace\","
               "\"clock\":\"CLOCK_MONOTONIC_RAW\",\"base_ns\":%llu,\"pid\":%d,\"rank\":%s,"
               "\"events\":%llu,\"dropped_events\":%llu},\n\"traceEvents\":[\n",
            (unsigned long long)g.base_ns, pid, g.rank[0] ? g.rank : "null",
            (unsigned long long)*entries, (unsigned long long)g.dropped);
  process_label(label, sizeof label);
  jw_printf(j, "{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_name\",\"args\":{\"name\":", pid);
  json_string(j, label);
  jw_printf(j, "}},\n{\"ph\":\"M\",\"pid\":%d,\"name\":\"process_sort_index\",\"args\":"
               "{\"sort_index\":%s}},\n", pid, g.rank[0] ? g.rank : "0");
  /* GPU tracks: devices numbered in order of appearance, one track per queue */
  uint32_t device_of[MAX_TRACKS];
  for (uint32_t i = 0; i < g.track_count; i++) {
    track* t = &g.tracks[i];
    device_of[i] = device_number(t->device);
    if (i == MAX_TRACKS - 1) snprintf(label, sizeof label, "GPU: more queues");
    else snprintf(label, sizeof label, "GPU %u %s %p", device_of[i],
                  t->immediate ? "immediate list" : "queue", t->queue);
    jw_printf(j, "{\"ph\":\"M\",\"pid\":%d,\"tid\":%u,\"name\":\"thread_name\",\"args\":{\"name\":",
              pid, gpu_tid(i));
    json_string(j, label);
    JW_LIT(j, "}},\n");
  }

  for (uint64_t i = 0; i < g.event_count; i++) {
    trace_event* e = event_at(i);
    char* o = jw_room(j, JW_EVENT);
    if (e->gpu == EV_RANGE) { /* an ITT range: a slice on its thread */
      o = PUT_LIT(o, "{\"ph\":\"X\",\"cat\":\"itt\",\"pid\":");
      memcpy(o, pid_text, sizeof pid_text), o += pid_len;
      o = put_u64(PUT_LIT(o, ",\"tid\":"), e->tid);
      o = put_name(j, PUT_LIT(o, ",\"name\":"), &names[e->name], g.names[e->name].name);
      o = put_us(PUT_LIT(o, ",\"ts\":"), e->start_ns, 1);
      o = put_us(PUT_LIT(o, ",\"dur\":"), e->end_ns - e->start_ns, 0);
      o = put_u64(PUT_LIT(o, ",\"args\":{\"corr\":"), e->corr);
      jw_done(j, PUT_LIT(o, "}},\n"));
      continue;
    }
    if (e->gpu == EV_CALL) {
      const char* name = pticApiIdName(e->name);
      uint32_t slot = api_slot(e->name);
      o = PUT_LIT(o, "{\"ph\":\"X\",\"cat\":\"api\",\"pid\":");
      memcpy(o, pid_text, sizeof pid_text), o += pid_len;
      o = put_u64(PUT_LIT(o, ",\"tid\":"), e->tid);
      o = PUT_LIT(o, ",\"name\":");
      if (name && slot < API_SLOTS) {
        o = put_name(j, o, &apis[slot], name);
      } else {
        jw_done(j, o);
        json_string(j, name ? name : "?");
        o = jw_room(j, JW_EVENT);
      }
      o = put_us(PUT_LIT(o, ",\"ts\":"), e->start_ns, 1);
      o = put_us(PUT_LIT(o, ",\"dur\":"), e->end_ns - e->start_ns, 0);
      o = put_u64(PUT_LIT(o, ",\"args\":{\"corr\":"), e->corr);
      o = put_hex(PUT_LIT(o, ",\"result\":\"0x"), e->result);
      jw_done(j, PUT_LIT(o, "\"}},\n"));
      continue;
    }
    uint32_t tid = gpu_tid(e->track);
    o = PUT_LIT(o, "{\"ph\":\"X\",\"cat\":\"gpu\",\"pid\":");
    memcpy(o, pid_text, sizeof pid_text), o += pid_len;
    o = put_u64(PUT_LIT(o, ",\"tid\":"), tid);
    o = put_name(j, PUT_LIT(o, ",\"name\":"), &names[e->name], g.names[e->name].name);
    o = put_us(PUT_LIT(o, ",\"ts\":"), e->start_ns, 1);
    o = put_us(PUT_LIT(o, ",\"dur\":"), e->end_ns - e->start_ns, 0);
    o = put_u64(PUT_LIT(o, ",\"args\":{\"op_id\":"), e->op_id);
    o = put_u64(PUT_LIT(o, ",\"append_corr\":"), e->corr);
    o = put_u64(PUT_LIT(o, ",\"submit_corr\":"), e->submit_corr);
    o = put_u64(PUT_LIT(o, ",\"start_ns\":"), e->start_ns);
    o = put_u64(PUT_LIT(o, ",\"end_ns\":"), e->end_ns);
    o = put_u64(PUT_LIT(o, ",\"device_start\":"), e->device_start);
    o = put_u64(PUT_LIT(o, ",\"device_end\":"), e->device_end);
    o = put_u64(PUT_LIT(o, ",\"device\":"), device_of[e->track]);
    o = put_ptr(PUT_LIT(o, ",\"cmd_list\":\""), e->cmd_list);
    o = put_ptr(PUT_LIT(o, "\",\"queue\":\""), e->queue);
    o = PUT_LIT(o, "\"}},\n");
    /* the arrow: from inside the append call (1 ns after it starts) to the slice that starts
       next on the GPU track (1 ns before the operation: even a 0 ns barrier binds) */
    trace_event* call = host_call(calls, ncalls, e->corr);
    if (call) {
      o = PUT_LIT(o, "{\"ph\":\"s\",\"cat\":\"flow\",\"name\":\"append\",\"pid\":");
      memcpy(o, pid_text, sizeof pid_text), o += pid_len;
      o = put_flow_id(put_u64(PUT_LIT(o, ",\"tid\":"), call->tid), e->op_id);
      o = put_us(PUT_LIT(o, ",\"ts\":"), call->start_ns + (call->end_ns - call->start_ns >= 2), 1);
      o = PUT_LIT(o, "},\n{\"ph\":\"f\",\"cat\":\"flow\",\"name\":\"append\",\"pid\":");
      memcpy(o, pid_text, sizeof pid_text), o += pid_len;
      o = put_flow_id(put_u64(PUT_LIT(o, ",\"tid\":"), tid), e->op_id);
      o = put_us(PUT_LIT(o, ",\"ts\":"), e->start_ns - 1, 1);
      o = PUT_LIT(o, "},\n");
    }
    jw_done(j, o);
  }
  /* the memory counters: a track per device and kind, its live bytes from each change on */
  for (uint64_t i = 0; i < mem.nsamples; i++) {
    const mem_sample* m = &mem.samples[i];
    char* o = jw_room(j, JW_EVENT);
    o = PUT_LIT(o, "{\"ph\":\"C\",\"cat\":\"memory\",\"pid\":");
    memcpy(o, pid_text, sizeof pid_text), o += pid_len;
    if (!series[m->series].s) mem_label(&mem.series[m->series], label, sizeof label);
    o = put_name(j, PUT_LIT(o, ",\"name\":"), &series[m->series], label);
    o = put_us(PUT_LIT(o, ",\"ts\":"), m->ns, 1);
    o = put_u64(PUT_LIT(o, ",\"args\":{\"bytes\":"), m->bytes);
    jw_done(j, PUT_LIT(o, "}},\n"));
  }
  /* the last event, without a trailing comma: when the tool was loaded */
  jw_printf(j, "{\"ph\":\"i\",\"s\":\"p\",\"name\":\"ze_trace loaded\",\"pid\":%d,\"tid\":%d", pid, pid);
  char* o = put_us(PUT_LIT(jw_room(j, JW_EVENT), ",\"ts\":"), g.load_ns, 1);
  jw_done(j, PUT_LIT(o, "}\n]}\n"));
  jw_flush(j);
  for (uint32_t i = 0; i < MAX_NAMES; i++) free(names[i].s);
  for (uint32_t i = 0; i < API_SLOTS; i++) free(apis[i].s);
  for (uint32_t i = 0; i < MAX_MEM_SERIES; i++) free(series[i].s);
  free(calls), free(names), free(apis), free(series);
  if (j->err) errno = j->err;
  return j->err ? -1 : 0;
}

/* ---- the output files ---- */

/* The n-th candidate name (n = 1, 2, ...) of this process's trace: the pattern with
   ".rank<R>" (when an MPI rank is set) and ".<pid>" inserted before the extension of its last
   component ("t.json" -> "t.rank3.1234.json", "trace" -> "trace.1234"), or with every "%p"
   replaced by the pid when it has one; from n = 2 on, "-<n>" before the extension. */
static char* trace_path(unsigned n) {
  const char* pat = g.json_pattern;
  char pid[16], tail[64] = "";
  snprintf(pid, sizeof pid, "%d", (int)g.pid);
  size_t size = strlen(pat) * (strlen(pid) + 1) + sizeof tail;
  char* path = malloc(size);
  if (!path) return NULL;
  size_t len = 0;
  int has_p = 0;
  for (const char* c = pat; *c; c++) {
    if (c[0] == '%' && c[1] == 'p') {
      len += (size_t)sprintf(path + len, "%s", pid);
      has_p = 1;
      c++;
    } else {
      path[len++] = *c;
    }
  }
  path[len] = '\0';
  const char* slash = strrchr(path, '/');
  const char* base = slash ? slash + 1 : path;
  const char* dot = strrchr(base, '.');
  size_t stem = dot && dot != base ? (size_t)(dot - path) : len;
  if (!has_p) snprintf(tail, sizeof tail, "%s%s.%s", g.rank[0] ? ".rank" : "", g.rank, pid);
  if (n > 1) snprintf(tail + strlen(tail), sizeof tail - strlen(tail), "-%u", n);
  size_t extra = strlen(tail);
  memmove(path + stem + extra, path + stem, len - stem + 1);
  memcpy(path + stem, tail, extra);
  return path;
}

/* A new hidden file next to path, ".NAME.<random>.tmp", created exclusively: no other process
   writes into it, not even one with the same pid in another run. Sets *tmp to its name (to be
   freed); returns its descriptor, or -1. */
static int create_temp(const char* path, char** tmp) {
  const char* slash = strrchr(path, '/');
  size_t dir = slash ? (size_t)(slash - path) + 1 : 0, size = strlen(path) + 32;
  if (!(*tmp = malloc(size))) return -1;
  for (uint64_t i = 0; i < 100; i++) {
    uint64_t r;
    if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r) r = now_ns() ^ i << 40;
    snprintf(*tmp, size, "%.*s.%s.%08llx.tmp", (int)dir, path, path + dir,
             (unsigned long long)(r & 0xffffffffu));
    int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

/* Moves tmp to path unless something is there (then fails with EEXIST), atomically:
   renameat2's RENAME_NOREPLACE, or link() where the file system does not have it. */
static int place_new(const char* tmp, const char* path) {
  if (renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  if (link(tmp, path) != 0) return -1;
  unlink(tmp);
  return 0;
}

/* Writes the trace to a new temporary file next to its name, then moves it there: a reader
   never sees a partial trace at the name. Without the launcher the name is trace_path's first
   candidate, and a file left there by an earlier run is replaced. Under the launcher it is the
   first candidate nothing is at: no process takes another's name, in its run or in another
   run writing into the same folder, even when a pid is reused, so that each launcher finds
   the file its process wrote. Sets *path (NULL when out of memory) and *w; returns 0, or -1
   with errno. */
static int write_trace(char** path, written_trace* w) {
  *w = (written_trace){.fnv = 0xcbf29ce484222325u};
  char* tmp = NULL;
  *path = trace_path(1);
  int fd = *path ? create_temp(*path, &tmp) : -1;
  jw* j = fd >= 0 ? malloc(sizeof *j) : NULL;
  int r = -1;
  if (j) {
    j->fd = fd, j->err = 0, j->w = w, j->n = 0;
    r = write_json(j, &w->entries);
    int e = errno;
    free(j);
    if (close(fd) != 0 && r == 0) r = -1;
    else errno = e;
  } else {
    if (fd >= 0) close(fd);
    if (!*path || fd >= 0) errno = ENOMEM;
  }
  for (unsigned n = 2; r == 0; n++) {
    if ((g.run_dir ? place_new(tmp, *path) : rename(tmp, *path)) == 0) break;
    r = -1;
    if (errno != EEXIST || n > 1000) break;
    free(*path);
    *path = trace_path(n);
    r = *path ? 0 : (errno = ENOMEM, -1);
  }
  if (r != 0 && fd >= 0) {
    int e = errno;
    unlink(tmp);
    errno = e;
  }
  free(tmp);
  return r;
}

static void write_all(int fd, const char* s, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, s, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    s += w;
    n -= (size_t)w;
  }
}

/* Under the launcher: this process's entry in the run directory, "pid<pid>-<n>", created
   exclusively (a pid may come twice in a run). Returns its descriptor, or -1 without a run
   directory (or when it is gone: the launcher has finished). */
static int open_entry(void) {
  char entry[4096];
  for (unsigned n = 1; g.run_dir && n <= 1000; n++) {
    snprintf(entry, sizeof entry, "%s/pid%d-%u", g.run_dir, (int)g.pid, n);
    int fd = open(entry, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

/* What the launcher reads from the entry: "key=value" fields, each ended by a NUL byte, as a
   file name may hold any other byte (a newline too); the last one is "end=", so that an entry
   still being written is not taken for a complete one. */
static void write_entry(int fd, const char* path, int written, const written_trace* w) {
  char* text = NULL;
  size_t len = 0;
  FILE* f = open_memstream(&text, &len);
  if (!f) return;
  fprintf(f, "pid=%d%crank=%s%cname=%s%cbase_ns=%llu%c", (int)g.pid, 0, g.rank, 0, g.comm, 0,
          (unsigned long long)g.base_ns, 0);
  if (path && written)
    fprintf(f, "events=%llu%cdropped=%llu%csize=%llu%cfnv=%016llx%cfile=%s%c",
            (unsigned long long)w->entries, 0, (unsigned long long)g.dropped, 0,
            (unsigned long long)w->size, 0, (unsigned long long)w->fnv, 0, path, 0);
  fprintf(f, "end=%c", 0);
  if (fclose(f) == 0) write_all(fd, text, len);
  free(text);
}

/* ---- start and end ---- */

/* A variable as a decimal number from 0 to max, digits only; anything else keeps the fallback,
   with a warning naming the variable and the value. */
static uint64_t env_u64(const char* name, uint64_t fallback, uint64_t max) {
  const char* v = getenv(name);
  if (!v || !*v) return fallback;
  uint64_t n = 0;
  const char* c = v;
  while (*c >= '0' && *c <= '9' && n <= max) n = n * 10 + (uint64_t)(*c++ - '0');
  if (*c || n > max) {
    fprintf(stderr, "ze_trace: %s=\"%s\" is not a whole number from 0 to %llu; using %llu\n", name, v,
            (unsigned long long)max, (unsigned long long)fallback);
    return fallback;
  }
  return n;
}

/* The MPI rank, from the first of these set to digits: MPICH / Intel MPI (PMI_RANK), Open MPI,
   PMIx, Cray PALS, Slurm. Local ranks (MPI_LOCALRANKID) are not unique across nodes. */
static void read_rank(void) {
  static const char* const vars[] = {"PMI_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK",
                                     "PALS_RANKID", "SLURM_PROCID"};
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
    const char* v = getenv(vars[i]);
    size_t n = v ? strspn(v, "0123456789") : 0;
    if (n == 0 || v[n] != '\0') continue;
    while (n > 1 && *v == '0') v++, n--; /* a JSON number: no leading zeros */
    if (n < sizeof g.rank) memcpy(g.rank, v, n + 1);
    return;
  }
}

/* A copy of the variable `name` as an absolute path, or NULL when unset or empty. A relative
   path is taken from the folder this process started in, and the variable is set to the
   absolute path, so that the programs it starts, wherever they run, write next to it too. */
static char* env_path(const char* name) {
  const char* v = getenv(name);
  if (!v || !*v) return NULL;
  char cwd[4096];
  int relative = v[0] != '/' && getcwd(cwd, sizeof cwd);
  const char* sep = relative && strcmp(cwd, "/") != 0 ? "/" : "";
  size_t n = strlen(v) + (relative ? strlen(cwd) + 2 : 1);
  char* path = malloc(n);
  if (!path) return NULL;
  snprintf(path, n, "%s%s%s", relative ? cwd : "", sep, v);
  if (relative) setenv(name, path, 1);
  return path;
}

/* Enables a domain; quietly, as a process without Level Zero or OpenCL must not print anything. */
static int enable(pti_callback_domain domain, uint32_t enter, uint32_t exit) {
  return ptiCallbackEnableDomain(g.sub, domain, enter, exit) == PTI_SUCCESS;
}

/* EXIT of zeInit, zeInitDrivers, zeDriverGet and clGetPlatformIDs: whether the process uses
   Level Zero or OpenCL, when DRIVER_API is not on for the JSON file anyway. A loader without
   zeInitDrivers refuses it; a tool that cannot be the OpenCL layer refuses clGetPlatformIDs.
   The first such EXIT tells it: DRIVER_API is turned off then (on_record), since DRIVER_API on
   for any function keeps every traced call off the library's shortest paths. */
static void enable_init_calls(void) {
  static const char* const names[] = {"zeInit", "zeInitDrivers", "zeDriverGet", "clGetPlatformIDs"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    uint32_t id;
    if (pticApiIdFromName(names[i], &id) == PTI_SUCCESS)
      pticEnableDriverApi(g.sub, names[i][0] == 'c' ? PTI_API_GROUP_OPENCL : PTI_API_GROUP_LEVELZERO, id, 0, 1);
  }
}

__attribute__((constructor)) static void start(void) {
  g.pid = getpid();
  g.load_ns = now_ns();
  g.base_ns = env_u64("ZE_TRACE_BASE_NS", g.load_ns, 1000000000000000000u);
  if (env_u64("ZE_TRACE_HELP", 0, 1)) fputs(help_text, stderr);
  g.quiet = env_u64("ZE_TRACE_QUIET", 0, 1) != 0;
  g.max_events = env_u64("ZE_TRACE_MAX_EVENTS", 1000000, 1000000000);
  g.flush_ns = env_u64("ZE_TRACE_FLUSH_MS", 3000, 3600000) * 1000000u;
  g.json_pattern = env_path("ZE_TRACE_JSON");
  g.run_dir = env_path("ZE_TRACE_RUN_DIR");
  g.host_summary = env_u64("ZE_TRACE_HOST_SUMMARY", 0, 1) != 0;
  g.start_paused = env_u64("ZE_TRACE_START_PAUSED", 0, 1) != 0;
  mem.on = env_u64("ZE_TRACE_MEMORY", 1, 1) != 0;
  const char* inc = getenv("ZE_TRACE_KERNEL_INCLUDE");
  const char* exc = getenv("ZE_TRACE_KERNEL_EXCLUDE");
  g.include = inc && *inc ? strdup(inc) : NULL;
  g.exclude = exc && *exc ? strdup(exc) : NULL;
  const char* log = getenv("ZE_TRACE_CALL_LOG");
  if (log && strcmp(log, "-") == 0) {
    g.call_log = stderr;
  } else if (log && *log) {
    char* pattern = g.json_pattern;
    g.json_pattern = env_path("ZE_TRACE_CALL_LOG");
    char* path = g.json_pattern ? trace_path(1) : NULL; /* (.<pid> inserted, or %p replaced) */
    free(g.json_pattern);
    g.json_pattern = pattern;
    if (!path || !(g.call_log = fopen(path, "w")))
      fprintf(stderr, "ze_trace: cannot write the call log %s: %s\n", path ? path : log, strerror(errno));
    free(path);
  }
  if (g.start_paused) { /* SIGUSR2 switches the collection, unless the program handles it */
    struct sigaction old;
    if (sigaction(SIGUSR2, NULL, &old) == 0 && old.sa_handler == SIG_DFL) {
      struct sigaction sa;
      memset(&sa, 0, sizeof sa);
      sa.sa_handler = on_signal;
      sa.sa_flags = SA_RESTART;
      sigaction(SIGUSR2, &sa, NULL);
    }
  }
  read_rank();
  if (g.json_pattern && g.max_events) {
    g.chunks = calloc(g.max_events / CHUNK_EVENTS + 1, sizeof *g.chunks);
    if (!g.chunks) fprintf(stderr, "ze_trace: out of memory: no JSON file\n");
  }
  appended_locked = g.include || g.exclude || g.start_paused; /* (set_collecting) */
  if (ptiCallbackSubscribe(&g.sub, on_record, NULL) != PTI_SUCCESS) return;
  /* The first enable loads Level Zero and installs the OpenCL layer: with neither nothing else
     can work. No message: the process may use neither (the launcher says when no process of
     its run was traced). */
  if (!enable(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1)) {
    ptiCallbackUnsubscribe(g.sub);
    g.sub = NULL;
    return;
  }
  enable(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1);
  enable(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 1, 1);
  enable(PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1);
  enable(PTIC_CB_DOMAIN_MARKER, 1, 1);
  if (mem.on) mem.on = enable(PTIC_CB_DOMAIN_MEMORY, 0, 1);
  if (g.json_pattern || g.host_summary || g.call_log) enable(PTI_CB_DOMAIN_DRIVER_API, 1, 1);
  else {
    init_calls_only = 1;
    enable_init_calls();
  }
}

/* At exit of a process that used Level Zero or OpenCL: the trace file, then the summary and any problem
   on stderr in one write (several processes of a run may end at once), then the run directory
   entry that tells the launcher the trace is complete. Call with g.lock held. */
static void report(int flushed) {
  FILE* c = fopen("/proc/self/comm", "r");
  if (!c || !fgets(g.comm, sizeof g.comm, c)) snprintf(g.comm, sizeof g.comm, "process");
  g.comm[strcspn(g.comm, "\n")] = '\0';
  if (c) fclose(c);

  char* path = NULL;
  int entry = open_entry();
  written_trace w = {0};
  int written = g.json_pattern && write_trace(&path, &w) == 0;
  int write_errno = errno;

  char* text = NULL;
  size_t len = 0;
  FILE* out = open_memstream(&text, &len);
  if (!out) out = stderr;
  if (!g.quiet) print_summary(out);
  if (!flushed)
    fprintf(out, "ze_trace: GPU operations still running after ZE_TRACE_FLUSH_MS: they count as "
                 "lost\n");
  if (g.internal_events)
    fprintf(out, "ze_trace: pti-callback reported %llu problem(s), the first: %s\n",
            (unsigned long long)g.internal_events, g.first_internal_event);
  if (g.json_pattern && !written)
    fprintf(out, "ze_trace: cannot write %s: %s\n", path ? path : g.json_pattern,
            strerror(path ? write_errno : ENOMEM));
  else if (written && !g.quiet && entry < 0) /* under the launcher, it lists the files */
    fprintf(out, "ze_trace: wrote %s (%llu events): open it in ui.perfetto.dev or "
                 "chrome://tracing\n",
            path, (unsigned long long)w.entries);
  if (g.dropped)
    fprintf(out, "ze_trace: ZE_TRACE_MAX_EVENTS=%llu reached: %llu later events are not in %s "
                 "(the summary counts them)\n",
            (unsigned long long)g.max_events, (unsigned long long)g.dropped,
            path ? path : "the trace");
  if (out != stderr && fclose(out) == 0) write_all(2, text, len);
  free(text);

  if (entry >= 0) {
    write_entry(entry, path, written, &w);
    close(entry);
  }
  free(path);
}

/* Destructors of one file run in reverse order of definition: this one, defined after the
   implementation, runs before pti-callback's own. glibc runs libraries' destructors in load
   order, and LD_PRELOAD loads this one before the Level Zero loader and driver. (An atexit
   handler registered in the constructor is no earlier: glibc runs it with this library's
   destructors, and TSan only after every library's.) A process that ends by a signal or
   _exit() runs no destructor and writes nothing. */
__attribute__((destructor)) static void finish(void) {
  if (!g.sub || getpid() != g.pid) return; /* a forked child that did not exec */
  int flushed = pticFlush(g.flush_ns) == PTI_SUCCESS;
  ptiCallbackUnsubscribe(g.sub); /* delivers what is left; no callback runs after it returns */
  g.sub = NULL;

  pthread_mutex_lock(&g.lock);
  pthread_mutex_lock(&mem.lock);
  apply_signal();
  g.dropped += mem.dropped;
  if (g.used || __atomic_load_n(&appended_unlocked, __ATOMIC_RELAXED)) report(flushed);
  if (g.call_log && g.call_log != stderr) fclose(g.call_log);
  g.call_log = NULL;
  free(g.include);
  free(g.exclude);
  free(g.ranges);
  free(op_map);
  g.include = g.exclude = NULL;
  g.ranges = NULL;
  op_map = NULL;
  for (uint64_t i = 0; g.chunks && i <= g.max_events / CHUNK_EVENTS; i++) free(g.chunks[i]);
  free(g.chunks);
  g.chunks = NULL;
  for (uint32_t i = 0; i < g.name_count; i++) free((char*)g.names[i].name);
  g.name_count = 0;
  memset(name_seen, 0, sizeof name_seen);
  free(g.json_pattern);
  g.json_pattern = NULL;
  free(g.run_dir);
  g.run_dir = NULL;
  free(mem.samples);
  mem.samples = NULL;
  mem.nsamples = mem.cap = 0;
  pthread_mutex_unlock(&mem.lock);
  pthread_mutex_unlock(&g.lock);
}
