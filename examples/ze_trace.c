/* ze_trace.c - a profiler for any Level Zero program, preloaded (pti-callback example).

   What it demonstrates: a complete tool on pti-callback, built as one shared library from this
   file. Preloaded into a program, a constructor subscribes before the program's main (and so
   before its zeInit) and enables
     GPU_OPERATION_COMPLETED (EXIT)   device start/end of every kernel, copy, fill and barrier,
                                      through pticGetOperationInfo
     GPU_OPERATION_APPENDED (EXIT)    how many operations the program appended
     HOST_SYNCHRONIZATION (ENTER+EXIT) time the program waits for the device: the ENTER time is
                                      kept in the per-call instance_user_data slot, read at EXIT
     DRIVER_API (ENTER+EXIT)          every Level Zero call, for the JSON trace only
     INTERNAL_EVENT                   the library's own problems, reported at exit
   At exit it calls pticFlush so that every completion is in, unsubscribes (no callback runs
   after that), prints a summary to stderr and, if asked, writes a Chrome trace-event JSON file
   (Perfetto: ui.perfetto.dev -> "Open trace file"; or chrome://tracing) with one track per GPU
   queue or immediate list, one per host thread, and an arrow from each append call to the GPU
   operations it produced. Callbacks run concurrently on the program's threads and on the
   library's poller thread: everything the tool keeps is under one mutex.

     make examples
     ZE_TRACE_JSON=trace.json LD_PRELOAD=$PWD/build/libze_trace.so ./your_level_zero_program
     ZE_TRACE_HELP=1 LD_PRELOAD=$PWD/build/libze_trace.so /bin/true   # the options

   On the simulated device add ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so (see `make demo`).
*/
#define _GNU_SOURCE /* CLOCK_MONOTONIC_RAW, the clock of ptic_op_info's start_ns and end_ns */
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char help_text[] =
    "ze_trace: GPU time per kernel and memory operation, host synchronisation time, and an\n"
    "optional Chrome/Perfetto trace of a Level Zero program. Output goes to stderr and files,\n"
    "never to the program's stdout. Environment variables:\n"
    "  ZE_TRACE_HELP=1          print this text (the program then runs as usual)\n"
    "  ZE_TRACE_QUIET=1         no summary on stderr (errors and warnings are still printed)\n"
    "  ZE_TRACE_JSON=FILE       write a Chrome trace-event JSON file (\"%p\" in FILE: the pid);\n"
    "                           open it in ui.perfetto.dev (Open trace file) or chrome://tracing.\n"
    "                           Every Level Zero call is then traced too, which costs more.\n"
    "  ZE_TRACE_MAX_EVENTS=N    events kept in memory for the JSON file (default 1000000, 80 bytes\n"
    "                           each); later ones are left out and counted, the summary has all\n"
    "  ZE_TRACE_FLUSH_MS=N      at exit, wait up to N ms for GPU operations still running\n"
    "                           (default 3000); those that do not finish are reported as lost\n";

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

/* One complete event of the JSON file: a GPU operation or a Level Zero call. */
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
  uint8_t gpu;
} trace_event;
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

static struct {
  pthread_mutex_t lock;
  pti_callback_subscriber_handle sub;
  pid_t pid;        /* of the process that loaded the tool: forked children stay silent */
  uint64_t base_ns; /* time 0 of the JSON file: when the tool loaded */
  /* options */
  int quiet;
  char* json_path;
  uint64_t max_events, flush_ns;
  /* summary */
  op_name names[MAX_NAMES];
  uint32_t name_slot[NAME_SLOTS];
  uint32_t name_count;
  timing sync[PTIC_LEVELZERO_ID_MAX]; /* host synchronisation, by api id */
  uint64_t appended, completed, lost, device_ns;
  uint64_t internal_events;
  char first_internal_event[200];
  /* JSON events, in chunks so that the buffer never moves */
  trace_event** chunks;
  uint64_t event_count, dropped;
  track tracks[MAX_TRACKS];
  uint32_t track_count;
} g = {.lock = PTHREAD_MUTEX_INITIALIZER, .names[OTHER_NAMES].name = "(other names)"};

/* The instance_user_data slot holds a pointer: a 64-bit timestamp fits in it directly. */
_Static_assert(sizeof(void*) >= sizeof(uint64_t), "ze_trace stores timestamps in void*");

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Index of `name` in g.names, added if new. Call with g.lock held. */
static uint32_t name_index(const char* name) {
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

/* ---- the callback ---- */

static void on_completed(const pti_callback_gpu_op_data* rec) {
  int immediate = (rec->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) != 0;
  for (uint32_t i = 0; i < rec->_operation_count; i++) {
    ptic_op_info op;
    if (pticGetOperationInfo(rec, i, &op) != PTI_SUCCESS) continue;
    const char* name = rec->_operation_details[i]._name;
    pthread_mutex_lock(&g.lock);
    if (op.status == PTIC_OP_COMPLETED) {
      uint32_t n = name_index(name ? name : "(unnamed)");
      timing_add(&g.names[n].time, op.end_ns - op.start_ns);
      g.completed++;
      g.device_ns += op.end_ns - op.start_ns;
      trace_event* e = g.json_path ? new_event() : NULL;
      if (e)
        *e = (trace_event){.start_ns = op.start_ns, .end_ns = op.end_ns,
                           .device_start = op.device_start, .device_end = op.device_end,
                           .op_id = op.execution_id, .cmd_list = op.cmd_list, .queue = op.queue,
                           .name = n, .tid = op.thread_id, .corr = op.append_correlation_id,
                           .submit_corr = op.submit_correlation_id, .gpu = 1,
                           .track = track_index(op.queue, rec->_device_handle, immediate)};
    } else {
      g.lost++;
    }
    pthread_mutex_unlock(&g.lock);
  }
}

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t context, void* cb_data, void* user_data,
                      void** instance_user_data) {
  (void)group;
  (void)context;
  (void)user_data;
  switch (domain) {
  case PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED:
    on_completed(cb_data);
    break;
  case PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED: {
    const pti_callback_gpu_op_data* rec = cb_data;
    if (rec->_return_code != 0) break; /* the append failed: nothing was appended */
    pthread_mutex_lock(&g.lock);
    g.appended += rec->_operation_count;
    pthread_mutex_unlock(&g.lock);
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
    uint64_t start = (uint64_t)(uintptr_t)*instance_user_data;
    if (start == 0 || api_id >= PTIC_LEVELZERO_ID_MAX) break; /* enabled during the call */
    pthread_mutex_lock(&g.lock);
    if (domain == PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION) {
      timing_add(&g.sync[api_id], t - start);
    } else {
      const ptic_api_data* rec = cb_data;
      trace_event* e = new_event();
      if (e)
        *e = (trace_event){.start_ns = start, .end_ns = t, .name = api_id, .tid = info.thread_id,
                           .corr = rec->_correlation_id, .result = rec->_return_code};
    }
    pthread_mutex_unlock(&g.lock);
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

/* ---- the summary (stderr) ---- */

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

static void timing_row(const timing* s, uint64_t all_ns, const char* name) {
  char b[4][32];
  double share = all_ns ? 100.0 * (double)s->total_ns / (double)all_ns : 0.0;
  fprintf(stderr, "  %7.1f %14s %8llu %12s %12s %12s  %s\n", share, us(s->total_ns, b[0]),
          (unsigned long long)s->calls, us(s->total_ns / (s->calls ? s->calls : 1), b[1]),
          us(s->min_ns, b[2]), us(s->max_ns, b[3]), name);
}

static const char table_head[] =
    "  Time(%%)     Total (us)    Calls     Avg (us)     Min (us)     Max (us)  %s\n"
    "  -------  -------------  -------  -----------  -----------  -----------  ----\n";

static void print_summary(void) {
  static op_name* rows[MAX_NAMES]; /* static: too large for some threads' stacks */
  uint32_t n = 0;
  for (uint32_t i = 0; i < MAX_NAMES; i++)
    if (g.names[i].time.calls) rows[n++] = &g.names[i];
  qsort(rows, n, sizeof rows[0], by_total_desc);
  fprintf(stderr, "\nze_trace: GPU operations, device time (%llu executed, %llu appended, %llu lost)\n\n",
          (unsigned long long)g.completed, (unsigned long long)g.appended, (unsigned long long)g.lost);
  fprintf(stderr, table_head, "Name");
  for (uint32_t i = 0; i < n; i++) timing_row(&rows[i]->time, g.device_ns, rows[i]->name);
  if (n == 0) fprintf(stderr, "  (none)\n");

  /* the same for the sync functions, in the same rows */
  static op_name syncs[PTIC_LEVELZERO_ID_MAX];
  uint64_t sync_ns = 0;
  n = 0;
  for (uint32_t id = 0; id < PTIC_LEVELZERO_ID_MAX; id++) {
    if (!g.sync[id].calls) continue;
    syncs[n] = (op_name){pticApiIdName(id), g.sync[id]};
    rows[n] = &syncs[n];
    sync_ns += syncs[n++].time.total_ns;
  }
  qsort(rows, n, sizeof rows[0], by_total_desc);
  fprintf(stderr, "\nze_trace: host synchronisation, time in the call\n\n");
  fprintf(stderr, table_head, "Function");
  for (uint32_t i = 0; i < n; i++) timing_row(&rows[i]->time, sync_ns, rows[i]->name);
  if (n == 0) fprintf(stderr, "  (none)\n");
  fputc('\n', stderr);
  if (g.lost)
    fprintf(stderr, "ze_trace: %llu operations lost: their completion could not be observed\n",
            (unsigned long long)g.lost);
}

/* ---- the JSON trace ---- */

#define GPU_PID 0x7f000000u /* + device number: above any Linux pid */

static void json_string(FILE* f, const char* s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

/* Microseconds since g.base_ns with nanosecond digits, computed exactly from integers. */
static void json_us(FILE* f, const char* key, uint64_t ns, int relative) {
  int neg = relative && ns < g.base_ns;
  uint64_t v = !relative ? ns : neg ? g.base_ns - ns : ns - g.base_ns;
  fprintf(f, ",\"%s\":%s%llu.%03llu", key, neg ? "-" : "", (unsigned long long)(v / 1000),
          (unsigned long long)(v % 1000));
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

static void process_name(FILE* f, uint32_t pid, const char* name, int sort) {
  fprintf(f, "{\"ph\":\"M\",\"pid\":%u,\"name\":\"process_name\",\"args\":{\"name\":", pid);
  json_string(f, name);
  fprintf(f, "}},\n{\"ph\":\"M\",\"pid\":%u,\"name\":\"process_sort_index\",\"args\":"
             "{\"sort_index\":%d}},\n", pid, sort);
}

static int write_json(const char* path, uint64_t* written) {
  FILE* f = fopen(path, "w");
  if (!f) return -1;
  size_t ncalls = 0;
  trace_event** calls = malloc(sizeof *calls * (g.event_count ? g.event_count : 1));
  if (!calls) {
    fclose(f);
    return -1;
  }
  for (uint64_t i = 0; i < g.event_count; i++)
    if (!event_at(i)->gpu) calls[ncalls++] = event_at(i);
  qsort(calls, ncalls, sizeof *calls, by_corr);

  char comm[64] = "host";
  FILE* c = fopen("/proc/self/comm", "r");
  if (c) {
    if (fgets(comm, sizeof comm, c)) comm[strcspn(comm, "\n")] = '\0';
    fclose(c);
  }
  char label[160];
  fprintf(f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"tool\":\"ze_trace\","
             "\"clock\":\"CLOCK_MONOTONIC_RAW\",\"base_ns\":%llu,\"events\":%llu,"
             "\"dropped_events\":%llu},\n\"traceEvents\":[\n",
          (unsigned long long)g.base_ns, (unsigned long long)g.event_count,
          (unsigned long long)g.dropped);
  snprintf(label, sizeof label, "%s (pid %d)", comm, (int)g.pid);
  process_name(f, (uint32_t)g.pid, label, 0);
  /* one process per device (numbered in order of appearance), one thread per queue */
  uint32_t track_pid[MAX_TRACKS], ndevices = 0;
  for (uint32_t i = 0; i < g.track_count; i++) {
    track* t = &g.tracks[i];
    uint32_t j = 0;
    while (j < i && g.tracks[j].device != t->device) j++;
    track_pid[i] = j < i ? track_pid[j] : GPU_PID + ndevices++;
    if (j == i) {
      snprintf(label, sizeof label, "GPU %u (device %p)", track_pid[i] - GPU_PID, t->device);
      process_name(f, track_pid[i], label, 1 + (int)(track_pid[i] - GPU_PID));
    }
    if (i == MAX_TRACKS - 1) snprintf(label, sizeof label, "more queues");
    else snprintf(label, sizeof label, "%s %p", t->immediate ? "immediate list" : "queue", t->queue);
    fprintf(f, "{\"ph\":\"M\",\"pid\":%u,\"tid\":%u,\"name\":\"thread_name\",\"args\":{\"name\":",
            track_pid[i], i + 1);
    json_string(f, label);
    fprintf(f, "}},\n");
  }

  for (uint64_t i = 0; i < g.event_count; i++) {
    trace_event* e = event_at(i);
    if (!e->gpu) {
      const char* name = pticApiIdName(e->name);
      fprintf(f, "{\"ph\":\"X\",\"cat\":\"api\",\"pid\":%d,\"tid\":%u,\"name\":", (int)g.pid, e->tid);
      json_string(f, name ? name : "?");
      json_us(f, "ts", e->start_ns, 1);
      json_us(f, "dur", e->end_ns - e->start_ns, 0);
      fprintf(f, ",\"args\":{\"corr\":%u,\"result\":\"0x%x\"}},\n", e->corr, e->result);
      continue;
    }
    uint32_t pid = track_pid[e->track], tid = e->track + 1u;
    fprintf(f, "{\"ph\":\"X\",\"cat\":\"gpu\",\"pid\":%u,\"tid\":%u,\"name\":", pid, tid);
    json_string(f, g.names[e->name].name);
    json_us(f, "ts", e->start_ns, 1);
    json_us(f, "dur", e->end_ns - e->start_ns, 0);
    fprintf(f, ",\"args\":{\"op_id\":%llu,\"append_corr\":%u,\"submit_corr\":%u,"
               "\"start_ns\":%llu,\"end_ns\":%llu,\"device_start\":%llu,\"device_end\":%llu,"
               "\"cmd_list\":\"%p\",\"queue\":\"%p\"}},\n",
            (unsigned long long)e->op_id, e->corr, e->submit_corr,
            (unsigned long long)e->start_ns, (unsigned long long)e->end_ns,
            (unsigned long long)e->device_start, (unsigned long long)e->device_end, e->cmd_list,
            e->queue);
    /* the arrow: from inside the append call (1 ns after it starts) to the slice that starts
       next on the GPU track (1 ns before the operation: even a 0 ns barrier binds) */
    trace_event* call = host_call(calls, ncalls, e->corr);
    if (!call) continue;
    fprintf(f, "{\"ph\":\"s\",\"cat\":\"flow\",\"name\":\"append\",\"id\":%llu,\"pid\":%d,"
               "\"tid\":%u",
            (unsigned long long)e->op_id, (int)g.pid, call->tid);
    json_us(f, "ts", call->start_ns + (call->end_ns - call->start_ns >= 2), 1);
    fprintf(f, "},\n{\"ph\":\"f\",\"cat\":\"flow\",\"name\":\"append\",\"id\":%llu,\"pid\":%u,"
               "\"tid\":%u",
            (unsigned long long)e->op_id, pid, tid);
    json_us(f, "ts", e->start_ns - 1, 1);
    fprintf(f, "},\n");
  }
  /* a last event without a trailing comma: the tool's own marker at time 0 */
  fprintf(f, "{\"ph\":\"i\",\"s\":\"g\",\"name\":\"ze_trace loaded\",\"pid\":%d,\"tid\":%d,"
             "\"ts\":0}\n]}\n",
          (int)g.pid, (int)g.pid);
  free(calls);
  *written = g.event_count;
  int failed = ferror(f);
  return fclose(f) == 0 && !failed ? 0 : -1;
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

/* ZE_TRACE_JSON with "%p" replaced by the pid. */
static char* json_path(void) {
  const char* v = getenv("ZE_TRACE_JSON");
  if (!v || !*v) return NULL;
  const char* p = strstr(v, "%p");
  size_t n = strlen(v) + 16;
  char* path = malloc(n);
  if (!path) return NULL;
  if (p) snprintf(path, n, "%.*s%d%s", (int)(p - v), v, (int)getpid(), p + 2);
  else snprintf(path, n, "%s", v);
  return path;
}

static int enable(pti_callback_domain domain, uint32_t enter, uint32_t exit) {
  pti_result r = ptiCallbackEnableDomain(g.sub, domain, enter, exit);
  if (r != PTI_SUCCESS)
    fprintf(stderr, "ze_trace: cannot enable %s: %s%s\n", ptiCallbackDomainTypeToString(domain),
            ptiResultTypeToString(r),
            r == PTI_ERROR_DRIVER ? " (no Level Zero loader or driver): nothing is traced" : "");
  return r == PTI_SUCCESS;
}

__attribute__((constructor)) static void start(void) {
  g.pid = getpid();
  g.base_ns = now_ns();
  if (env_u64("ZE_TRACE_HELP", 0, 1)) fputs(help_text, stderr);
  g.quiet = env_u64("ZE_TRACE_QUIET", 0, 1) != 0;
  g.max_events = env_u64("ZE_TRACE_MAX_EVENTS", 1000000, 1000000000);
  g.flush_ns = env_u64("ZE_TRACE_FLUSH_MS", 3000, 3600000) * 1000000u;
  g.json_path = json_path();
  if (g.json_path && g.max_events) {
    g.chunks = calloc(g.max_events / CHUNK_EVENTS + 1, sizeof *g.chunks);
    if (!g.chunks) fprintf(stderr, "ze_trace: out of memory: no JSON file\n");
  }
  if (ptiCallbackSubscribe(&g.sub, on_record, NULL) != PTI_SUCCESS) {
    fprintf(stderr, "ze_trace: cannot subscribe: nothing is traced\n");
    return;
  }
  /* the first enable loads Level Zero: without a driver nothing else can work */
  if (!enable(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1)) {
    ptiCallbackUnsubscribe(g.sub);
    g.sub = NULL;
    return;
  }
  enable(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1);
  enable(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 1, 1);
  enable(PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1);
  if (g.json_path) enable(PTI_CB_DOMAIN_DRIVER_API, 1, 1);
}

/* Destructors of one file run in reverse order of definition: this one, defined after the
   implementation, runs before pti-callback's own. glibc runs libraries' destructors in load
   order, and LD_PRELOAD loads this one before the Level Zero loader and driver. (An atexit
   handler registered in the constructor is no earlier: glibc runs it with this library's
   destructors, and TSan only after every library's.) */
__attribute__((destructor)) static void finish(void) {
  if (!g.sub || getpid() != g.pid) return; /* a forked child that did not exec */
  if (pticFlush(g.flush_ns) != PTI_SUCCESS)
    fprintf(stderr, "ze_trace: GPU operations still running after ZE_TRACE_FLUSH_MS: "
                    "they count as lost\n");
  ptiCallbackUnsubscribe(g.sub); /* delivers what is left; no callback runs after it returns */
  g.sub = NULL;

  pthread_mutex_lock(&g.lock);
  if (!g.quiet) print_summary();
  if (g.internal_events)
    fprintf(stderr, "ze_trace: pti-callback reported %llu problem(s), the first: %s\n",
            (unsigned long long)g.internal_events, g.first_internal_event);
  uint64_t written = 0;
  if (g.json_path && write_json(g.json_path, &written) != 0)
    fprintf(stderr, "ze_trace: cannot write %s\n", g.json_path);
  else if (g.json_path && !g.quiet)
    fprintf(stderr, "ze_trace: wrote %s (%llu events): open it in ui.perfetto.dev or "
                    "chrome://tracing\n",
            g.json_path, (unsigned long long)written);
  if (g.dropped)
    fprintf(stderr, "ze_trace: ZE_TRACE_MAX_EVENTS=%llu reached: %llu later events are not in %s "
                    "(the summary counts them)\n",
            (unsigned long long)g.max_events, (unsigned long long)g.dropped, g.json_path);
  for (uint64_t i = 0; g.chunks && i <= g.max_events / CHUNK_EVENTS; i++) free(g.chunks[i]);
  free(g.chunks);
  g.chunks = NULL;
  for (uint32_t i = 0; i < g.name_count; i++) free((char*)g.names[i].name);
  g.name_count = 0;
  free(g.json_path);
  g.json_path = NULL;
  pthread_mutex_unlock(&g.lock);
}
