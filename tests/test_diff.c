/* test_diff.c - transparency: one deterministic workload runs in child processes, once without
   the library (no subscriber, tracing layer off) and once with subscribers listening (APPENDED,
   COMPLETED and DRIVER_API; then every domain). Each run writes what the application observes:
   every return code, every event's state after each synchronisation, kernel timestamps (end >=
   start, duration, order on the queue), a checksum of every buffer written, and the commands the
   device ran for the application's lists. The logs must be identical.

   The traced child also checks that every operation appended to an immediate list or dispatched
   was COMPLETED exactly once with device times, except the ones the workload expects the library
   to leave untracked (README, "Completions").

   Built with DIFF_MODERN against the newest headers (test_diff_modern, newest loader's leg only),
   the workload goes on with today's kinds: in-order lists, counter-based events (pool extension
   and zeEventCounterBasedCreate, re-armed without reset, with timestamps, destroyed while
   pending), mapped timestamps, IPC pools, launches with arguments, zeCommandListHostSynchronize,
   regular lists appended to an immediate one, graph capture and replay, mutable lists.

   Processes, because the library's tracer cannot be removed once made and the loader reads its
   environment once. */
#define _GNU_SOURCE
#include "common.h"
#include "ze_sim.h"

#include <dlfcn.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- the child's log ---- */

static FILE* g_log;
#define LOG(...) fprintf(g_log, __VA_ARGS__)
#define RC(what, call) LOG("%s -> 0x%x\n", what, (unsigned)(call))

static uint64_t fnv(const void* p, size_t n) {
  const uint8_t* b = (const uint8_t*)p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* ---- the subscriber of the traced runs ---- */

static uint64_t g_records, g_completed, g_internal, g_info_errors;

/* Exactly once: the executions that must complete (immediate appends and dispatched operations
   that succeeded) and the completions seen, by execution id; bad: a completion without device
   times or not PTIC_OP_COMPLETED. g_untracked: operations the workload expects the library to
   leave untracked. */
typedef struct idset {
  uint64_t* id;
  size_t n, cap;
} idset;
static idset g_expected, g_done;
static uint64_t g_bad_completions, g_untracked;
static pthread_mutex_t g_ids_lock = PTHREAD_MUTEX_INITIALIZER;
static char g_messages[8192]; /* the INTERNAL_EVENT messages, one per line */

static void idset_add(idset* s, uint64_t id) {
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 256;
    s->id = (uint64_t*)realloc(s->id, s->cap * sizeof *s->id);
    if (!s->id) abort();
  }
  s->id[s->n++] = id;
}

static int cmp_u64(const void* a, const void* b) {
  const uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
  return x < y ? -1 : x > y;
}

static void arg_fn(uint32_t index, const char* name, const char* type, const char* value, void* user) {
  (void)index; (void)name; (void)type;
  *(size_t*)user += strlen(value);
}

static void listen_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  __atomic_add_fetch(&g_records, 1, __ATOMIC_RELAXED);
  size_t len = 0;
  if (domain == PTI_CB_DOMAIN_DRIVER_API && pticIterateArgs(cb_data, arg_fn, &len) != PTI_SUCCESS)
    __atomic_add_fetch(&g_info_errors, 1, __ATOMIC_RELAXED);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    __atomic_add_fetch(&g_internal, 1, __ATOMIC_RELAXED);
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    pthread_mutex_lock(&g_ids_lock);
    const size_t used = strlen(g_messages);
    snprintf(g_messages + used, sizeof g_messages - used, "%s\n", d->_message ? d->_message : "");
    pthread_mutex_unlock(&g_ids_lock);
  }
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED || domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED ||
      domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    const int completed = domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED;
    /* what must complete: appends to immediate lists and dispatches, when the call succeeded */
    const int expected = g->_phase == PTI_CB_PHASE_API_EXIT && g->_return_code == ZE_RESULT_SUCCESS &&
                         (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED ||
                          (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED &&
                           (g->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE)));
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info oi;
      memset(&oi, 0, sizeof oi);
      if (pticGetOperationInfo(cb_data, i, &oi) != PTI_SUCCESS) __atomic_add_fetch(&g_info_errors, 1, __ATOMIC_RELAXED);
      if (completed) __atomic_add_fetch(&g_completed, 1, __ATOMIC_RELAXED);
      pthread_mutex_lock(&g_ids_lock);
      if (expected) idset_add(&g_expected, oi.execution_id);
      if (completed) {
        idset_add(&g_done, oi.execution_id);
        if (oi.status != PTIC_OP_COMPLETED || oi.device_start == 0 || oi.device_end < oi.device_start ||
            oi.start_ns == 0 || oi.end_ns < oi.start_ns)
          g_bad_completions++;
      }
      pthread_mutex_unlock(&g_ids_lock);
    }
  }
}

/* Every expected execution completed once, nothing else completed, except g_untracked expected
   ones that never complete. Returns the number of problems (printed). */
static size_t check_exactly_once(void) {
  qsort(g_expected.id, g_expected.n, sizeof *g_expected.id, cmp_u64);
  qsort(g_done.id, g_done.n, sizeof *g_done.id, cmp_u64);
  size_t dup_expected = 0, dup_done = 0, missing = 0, extra = 0, i = 0, j = 0;
  for (size_t k = 1; k < g_expected.n; k++) dup_expected += g_expected.id[k] == g_expected.id[k - 1];
  for (size_t k = 1; k < g_done.n; k++) dup_done += g_done.id[k] == g_done.id[k - 1];
  while (i < g_expected.n || j < g_done.n) {
    if (j == g_done.n || (i < g_expected.n && g_expected.id[i] < g_done.id[j])) missing++, i++;
    else if (i == g_expected.n || g_done.id[j] < g_expected.id[i]) extra++, j++;
    else i++, j++;
  }
  fprintf(stderr, "  (%zu operations expected, %zu completions: %zu never completed (%llu expected untracked), "
          "%zu completed without being appended or dispatched, %zu twice, %zu ids twice, %llu without device times)\n",
          g_expected.n, g_done.n, missing, (unsigned long long)g_untracked, extra, dup_done, dup_expected,
          (unsigned long long)g_bad_completions);
  return (missing != g_untracked) + (extra != 0) + (dup_done != 0) + (dup_expected != 0) + (g_bad_completions != 0);
}

/* ---- the workload ---- */

enum { P_NONE, P_HV, P_TS, P_BOTH, NPOOLS, NEV = 4 };
static const char* const k_pool_names[NPOOLS] = {"plain", "host-visible", "timestamp", "host-visible+timestamp"};

typedef struct app {
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t ctx;
  ze_command_list_handle_t imm, a, b, open;
  ze_command_list_handle_t io, ior, mut; /* DIFF_MODERN: in-order immediate and regular, mutable */
  ze_command_queue_handle_t queue;
  ze_fence_handle_t fence;
  ze_event_pool_handle_t pool[NPOOLS];
  ze_event_handle_t ev[NPOOLS][NEV];
  ze_module_handle_t module;
  ze_kernel_handle_t work, zero;
  uint8_t *host, *dev, *shared, *plain, *readback;
  uint64_t work_ticks; /* the duration of "work" in device ticks */
} app;

static const char k_module_text[] = "kernel work 20000\nkernel zero 0\n";
#define BUF 4096

/* Every event: its state, its kernel timestamps (whether they can be read, end >= start, and for
   kernel-timestamp events whether the duration covers `min_ticks[p][i]`). */
static void log_events(app* w, const char* when, const uint64_t min_ticks[NPOOLS][NEV]) {
  for (int p = 0; p < NPOOLS; p++)
    for (int i = 0; i < NEV; i++) {
      ze_kernel_timestamp_result_t ts;
      memset(&ts, 0, sizeof ts);
      ze_result_t qs = zeEventQueryStatus(w->ev[p][i]);
      ze_result_t qt = zeEventQueryKernelTimestamp(w->ev[p][i], &ts);
      LOG("%s: event %s[%d] status 0x%x timestamp 0x%x", when, k_pool_names[p], i, (unsigned)qs, (unsigned)qt);
      if (qt == ZE_RESULT_SUCCESS) {
        uint32_t d = ts.global.kernelEnd - ts.global.kernelStart; /* 32-bit timestamps */
        LOG(" end>=start %d duration>=kernel %d", ts.global.kernelEnd >= ts.global.kernelStart,
            min_ticks ? d >= min_ticks[p][i] : 1);
      }
      LOG("\n");
    }
}

/* Order on one in-order list or queue: the operation signalling `later` started after the one
   signalling `earlier` ended (both kernel-timestamp events). */
static void log_order(app* w, const char* what, ze_event_handle_t earlier, ze_event_handle_t later) {
  (void)w;
  ze_kernel_timestamp_result_t a, b;
  ze_result_t ra = zeEventQueryKernelTimestamp(earlier, &a), rb = zeEventQueryKernelTimestamp(later, &b);
  LOG("order %s: 0x%x 0x%x", what, (unsigned)ra, (unsigned)rb);
  if (ra == ZE_RESULT_SUCCESS && rb == ZE_RESULT_SUCCESS)
    LOG(" later-start>=earlier-end %d", (int32_t)(b.global.kernelStart - a.global.kernelEnd) >= 0);
  LOG("\n");
}

static void reset_events(app* w, const char* when) {
  for (int p = 0; p < NPOOLS; p++)
    for (int i = 0; i < NEV; i++) {
      char what[96];
      snprintf(what, sizeof what, "%s: reset %s[%d]", when, k_pool_names[p], i);
      RC(what, zeEventHostReset(w->ev[p][i]));
    }
}

static void log_buffers(app* w, const char* when) {
  /* device and shared memory are read back through a copy, as an application does */
  RC("readback dev", zeCommandListAppendMemoryCopy(w->imm, w->readback, w->dev, BUF, w->ev[P_HV][3], 0, NULL));
  RC("readback wait", zeEventHostSynchronize(w->ev[P_HV][3], UINT64_MAX));
  RC("readback reset", zeEventHostReset(w->ev[P_HV][3]));
  LOG("%s: host %016llx dev %016llx shared %016llx plain %016llx\n", when,
      (unsigned long long)fnv(w->host, BUF), (unsigned long long)fnv(w->readback, BUF),
      (unsigned long long)fnv(w->shared, BUF), (unsigned long long)fnv(w->plain, BUF));
}

/* What the device ran for the application's lists: kernels, copies and fills in order. */
static void log_device(app* w, ze_sim_hooks_t* sim) {
  const void* lists[7] = {w->imm, w->a, w->b, w->open, w->io, w->ior, w->mut};
  const char* names[7] = {"imm", "A", "B", "open", "in-order imm", "in-order regular", "mutable"};
  for (size_t i = 0; i < sim->LogCount(); i++) {
    ze_sim_command_record_t r;
    if (sim->LogGet(i, &r) != ZE_RESULT_SUCCESS) continue;
    if (r.kind != ZE_SIM_CMD_KERNEL && r.kind != ZE_SIM_CMD_COPY && r.kind != ZE_SIM_CMD_FILL) continue;
    int l = -1;
    for (int k = 0; k < 7; k++)
      if (lists[k] && (const void*)r.command_list == lists[k]) l = k;
    if (l < 0) {
      LOG("device: a command on a list that is not the application's\n");
      continue;
    }
    LOG("device: %s kind %d %s bytes %llu on %s\n", names[l], (int)r.kind, r.kernel_name,
        (unsigned long long)r.bytes, r.queue ? "queue" : "immediate");
  }
}

#ifdef DIFF_MODERN
/* One event's state and kernel timestamps (when it has them) after a wait. */
static void log_event(const char* when, ze_event_handle_t ev, uint64_t min_ticks) {
  ze_kernel_timestamp_result_t ts;
  memset(&ts, 0, sizeof ts);
  ze_result_t qs = zeEventQueryStatus(ev);
  ze_result_t qt = zeEventQueryKernelTimestamp(ev, &ts);
  LOG("%s: status 0x%x timestamp 0x%x", when, (unsigned)qs, (unsigned)qt);
  if (qt == ZE_RESULT_SUCCESS) {
    uint32_t d = ts.global.kernelEnd - ts.global.kernelStart;
    LOG(" end>=start %d duration>=kernel %d", ts.global.kernelEnd >= ts.global.kernelStart, d >= min_ticks);
  }
  LOG("\n");
}

static ze_event_pool_handle_t modern_pool(app* w, ze_event_pool_flags_t flags, uint32_t cb_flags, uint32_t n) {
  ze_event_pool_counter_based_exp_desc_t cb = {ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC, NULL, cb_flags};
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, cb_flags ? &cb : NULL, flags, n};
  ze_event_pool_handle_t pool = NULL;
  RC("modern pool", zeEventPoolCreate(w->ctx, &pd, 1, &w->device, &pool));
  return pool;
}

static ze_event_handle_t modern_event(ze_event_pool_handle_t pool, uint32_t index) {
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, index, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev = NULL;
  RC("modern event", zeEventCreate(pool, &ed, &ev));
  return ev;
}

static ze_event_handle_t counter_event(app* w, ze_event_counter_based_flags_t flags) {
  ze_event_counter_based_desc_t d = {ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC, NULL, flags, ZE_EVENT_SCOPE_FLAG_HOST,
                                     ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev = NULL;
  RC("zeEventCounterBasedCreate", zeEventCounterBasedCreate(w->ctx, w->device, &d, &ev));
  return ev;
}

/* Today's event and list kinds. g_untracked counts the operations the README says the library
   leaves untracked (no COMPLETED). */
static void run_modern(app* w) {
  ze_group_count_t g = {1, 1, 1};
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  RC("in-order imm", zeCommandListCreateImmediate(w->ctx, w->device, &qd, &w->io));
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, ZE_COMMAND_LIST_FLAG_IN_ORDER};
  RC("in-order regular", zeCommandListCreate(w->ctx, w->device, &ld, &w->ior));

  /* M1. counter-based events of a pool (1.8 extension) on the in-order immediate list, re-armed
     without a reset; a plain event chained in order */
  ze_event_pool_handle_t cbpool = modern_pool(w, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE, 2);
  ze_event_handle_t cb[2] = {modern_event(cbpool, 0), modern_event(cbpool, 1)};
  log_event("cb[0] fresh", cb[0], 0);
  for (int i = 0; i < 6; i++) {
    char what[64];
    snprintf(what, sizeof what, "M1 launch %d", i);
    RC(what, zeCommandListAppendLaunchKernel(w->io, (i % 2) ? w->zero : w->work, &g, cb[i % 2], i ? 1 : 0,
                                             i ? &cb[(i + 1) % 2] : NULL));
    if (i % 3 == 2) {
      RC("M1 sync", zeEventHostSynchronize(cb[i % 2], UINT64_MAX));
      log_event("M1 cb[0]", cb[0], 0);
      log_event("M1 cb[1]", cb[1], 0);
    }
  }
  RC("M1 host reset of a counter-based event", zeEventHostReset(cb[0]));
  RC("M1 host signal of a counter-based event", zeEventHostSignal(cb[0]));
  RC("M1 append reset of a counter-based event", zeCommandListAppendEventReset(w->io, cb[0]));
  RC("M1 copy H2D", zeCommandListAppendMemoryCopy(w->io, w->dev + 512, w->host + 512, 512, cb[1], 0, NULL));
  RC("M1 copy sync", zeEventHostSynchronize(cb[1], UINT64_MAX));
  RC("M1 counter-based on a list not in order", zeCommandListAppendLaunchKernel(w->imm, w->zero, &g, cb[0], 0, NULL));
  RC("M1 plain hv on in-order", zeCommandListAppendLaunchKernel(w->io, w->work, &g, w->ev[P_HV][0], 0, NULL));
  RC("M1 plain hv sync", zeEventHostSynchronize(w->ev[P_HV][0], UINT64_MAX));
  log_event("M1 plain hv", w->ev[P_HV][0], 0);
  RC("M1 plain hv reset", zeEventHostReset(w->ev[P_HV][0]));

  /* M2. zeEventCounterBasedCreate (1.15): plain, with device timestamps (left untracked: the
     application reads the kernel's times from it), destroyed while its kernel is pending */
  ze_event_handle_t cbc = counter_event(w, ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE | ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE);
  ze_event_handle_t cbts = counter_event(w, ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE | ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE |
                                                ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP);
  for (int i = 0; i < 3; i++) {
    RC("M2 launch cbc", zeCommandListAppendLaunchKernel(w->io, w->work, &g, cbc, 0, NULL));
    RC("M2 launch cbts", zeCommandListAppendLaunchKernel(w->io, w->work, &g, cbts, 1, &cbc));
    g_untracked++;
    RC("M2 sync cbts", zeEventHostSynchronize(cbts, UINT64_MAX));
    log_event("M2 cbc", cbc, 0);
    log_event("M2 cbts", cbts, w->work_ticks);
  }
  ze_event_handle_t gone = counter_event(w, ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE | ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE);
  RC("M2 launch, event destroyed while pending", zeCommandListAppendLaunchKernel(w->io, w->work, &g, gone, 0, NULL));
  RC("M2 destroy pending", zeEventDestroy(gone));

  /* M3. launches with arguments (1.14) and zeCommandListHostSynchronize (1.9) */
  ze_group_size_t gs = {1, 1, 1};
  uint64_t values[8] = {0};
  void* args[8];
  for (int i = 0; i < 8; i++) args[i] = &values[i];
  RC("M3 launch with arguments", zeCommandListAppendLaunchKernelWithArguments(w->io, w->work, g, gs, args, NULL, cbc, 0, NULL));
  RC("M3 list host sync", zeCommandListHostSynchronize(w->io, UINT64_MAX));
  log_event("M3 cbc", cbc, 0);
  RC("M3 list host sync, timeout 0", zeCommandListHostSynchronize(w->io, 0));
  RC("M3 list host sync of a regular list", zeCommandListHostSynchronize(w->a, 0));

  /* M4. mapped timestamps (1.6) read by the application with zeEventQueryKernelTimestampsExt */
  ze_event_pool_handle_t mpool = modern_pool(w, ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP, 0, 1);
  ze_event_handle_t mev = modern_event(mpool, 0);
  for (int i = 0; i < 2; i++) {
    RC("M4 launch mapped", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, mev, 0, NULL));
    RC("M4 sync", zeEventHostSynchronize(mev, UINT64_MAX));
    uint32_t count = 0;
    RC("M4 ts ext count", zeEventQueryKernelTimestampsExt(mev, w->device, &count, NULL));
    ze_kernel_timestamp_result_t kts[2];
    ze_synchronized_timestamp_result_ext_t sts[2];
    memset(kts, 0, sizeof kts);
    memset(sts, 0, sizeof sts);
    ze_event_query_kernel_timestamps_results_ext_properties_t res = {
        ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES, NULL, kts, sts};
    if (count > 2) count = 2;
    RC("M4 ts ext", zeEventQueryKernelTimestampsExt(mev, w->device, &count, &res));
    LOG("M4 count %u end>=start %d duration>=kernel %d synchronized end>=start %d\n", count,
        kts[0].global.kernelEnd >= kts[0].global.kernelStart,
        kts[0].global.kernelEnd - kts[0].global.kernelStart >= w->work_ticks,
        sts[0].global.kernelEnd >= sts[0].global.kernelStart);
    log_event("M4 mapped", mev, w->work_ticks);
    RC("M4 reset", zeEventHostReset(mev));
  }

  /* M5. an in-order regular list with a counter-based (non-immediate) event, executed three
     times without a reset, and appended to the in-order immediate list (1.9) */
  ze_event_pool_handle_t nipool = modern_pool(w, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_NON_IMMEDIATE, 1);
  ze_event_handle_t niev = modern_event(nipool, 0);
  RC("M5 work", zeCommandListAppendLaunchKernel(w->ior, w->work, &g, NULL, 0, NULL));
  RC("M5 copy", zeCommandListAppendMemoryCopy(w->ior, w->shared + 2048, w->dev + 2048, 256, NULL, 0, NULL));
  RC("M5 zero/cb", zeCommandListAppendLaunchKernel(w->ior, w->zero, &g, niev, 0, NULL));
  RC("M5 close", zeCommandListClose(w->ior));
  for (int i = 0; i < 3; i++) {
    RC("M5 execute", zeCommandQueueExecuteCommandLists(w->queue, 1, &w->ior, NULL));
    RC("M5 sync event", zeEventHostSynchronize(niev, UINT64_MAX));
    log_event("M5 cb", niev, 0);
    RC("M5 queue sync", zeCommandQueueSynchronize(w->queue, UINT64_MAX));
  }
  ze_command_list_handle_t plain_list = w->a; /* closed in the 1.4 part: a list not in order */
  for (int i = 0; i < 2; i++) {
    RC("M5 immediate append of lists", zeCommandListImmediateAppendCommandListsExp(w->imm, 1, &plain_list, NULL, 0, NULL));
    RC("M5 immediate list sync", zeCommandListHostSynchronize(w->imm, UINT64_MAX));
  }
  reset_events(w, "M5");

  /* M6. an IPC event pool opened in the same process: the exporter's events are tracked (the
     library reads its own event), the opened pool's are left alone (another process may reset
     them) */
  ze_event_pool_handle_t ipool = modern_pool(w, ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_IPC, 0, 1);
  ze_event_handle_t iev = modern_event(ipool, 0);
  ze_ipc_event_pool_handle_t ih;
  memset(&ih, 0, sizeof ih);
  ze_event_pool_handle_t opened = NULL;
  RC("M6 get ipc", zeEventPoolGetIpcHandle(ipool, &ih));
  RC("M6 open ipc", zeEventPoolOpenIpcHandle(w->ctx, ih, &opened));
  ze_event_handle_t oev = opened ? modern_event(opened, 0) : NULL;
  RC("M6 launch on the exporter's event", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, iev, 0, NULL));
  RC("M6 sync opened", zeEventHostSynchronize(oev, UINT64_MAX));
  log_event("M6 opened", oev, 0);
  log_event("M6 exporter", iev, 0);
  RC("M6 reset through the opened pool", zeEventHostReset(oev));
  log_event("M6 exporter after", iev, 0);
  RC("M6 launch on the opened event", zeCommandListAppendLaunchKernel(w->imm, w->zero, &g, oev, 0, NULL));
  g_untracked++;
  RC("M6 sync exporter", zeEventHostSynchronize(iev, UINT64_MAX));
  log_event("M6 exporter", iev, 0);
  RC("M6 reset exporter", zeEventHostReset(iev));

  /* M7. graph capture on the in-order list and two replays (1.17) */
  RC("M7 begin capture", zeCommandListBeginGraphCaptureExt(w->io, NULL));
  RC("M7 captured work", zeCommandListAppendLaunchKernel(w->io, w->work, &g, NULL, 0, NULL));
  RC("M7 captured fill", zeCommandListAppendMemoryFill(w->io, w->shared + 100, &values[0], 1, 16, NULL, 0, NULL));
  g_untracked += 2;
  RC("M7 host sync while capturing", zeCommandListHostSynchronize(w->io, 0));
  ze_graph_handle_t gr = NULL;
  RC("M7 end capture", zeCommandListEndGraphCaptureExt(w->io, NULL, &gr));
  ze_executable_graph_handle_t xg = NULL;
  RC("M7 instantiate", zeGraphInstantiateExt(gr, NULL, &xg));
  for (int i = 0; i < 2; i++) {
    RC("M7 replay", zeCommandListAppendGraphExt(w->io, xg, NULL, w->ev[P_BOTH][0], 0, NULL));
    RC("M7 replay sync", zeEventHostSynchronize(w->ev[P_BOTH][0], UINT64_MAX));
    log_event("M7 replay event", w->ev[P_BOTH][0], 0);
    RC("M7 replay reset", zeEventHostReset(w->ev[P_BOTH][0]));
  }
  RC("M7 tracked again", zeCommandListAppendLaunchKernel(w->io, w->zero, &g, NULL, 0, NULL));
  RC("M7 sync", zeCommandListHostSynchronize(w->io, UINT64_MAX));

  /* M8. a mutable command list: executed twice, its operations left alone */
  ze_mutable_command_list_exp_desc_t md = {ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC, NULL, 0};
  ze_command_list_desc_t mld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, &md, 0, 0};
  RC("M8 mutable list", zeCommandListCreate(w->ctx, w->device, &mld, &w->mut));
  RC("M8 work", zeCommandListAppendLaunchKernel(w->mut, w->work, &g, w->ev[P_TS][0], 0, NULL));
  RC("M8 zero", zeCommandListAppendLaunchKernel(w->mut, w->zero, &g, NULL, 0, NULL));
  RC("M8 close", zeCommandListClose(w->mut));
  for (int i = 0; i < 2; i++) {
    RC("M8 execute", zeCommandQueueExecuteCommandLists(w->queue, 1, &w->mut, NULL));
    g_untracked += 2;
    RC("M8 sync", zeCommandQueueSynchronize(w->queue, UINT64_MAX));
    log_event("M8 ts event", w->ev[P_TS][0], w->work_ticks);
    RC("M8 reset", zeEventHostReset(w->ev[P_TS][0]));
  }
  log_buffers(w, "modern");

  RC("M destroy graph", zeExecutableGraphDestroyExt(xg));
  RC("M destroy graph 2", zeGraphDestroyExt(gr));
  RC("M destroy opened event", zeEventDestroy(oev));
  RC("M close ipc", zeEventPoolCloseIpcHandle(opened));
  RC("M destroy ipc event", zeEventDestroy(iev));
  RC("M destroy ipc pool", zeEventPoolDestroy(ipool));
  RC("M destroy cb", zeEventDestroy(cb[0]));
  RC("M destroy cb", zeEventDestroy(cb[1]));
  RC("M destroy cb pool", zeEventPoolDestroy(cbpool));
  RC("M destroy cbc", zeEventDestroy(cbc));
  RC("M destroy cbts", zeEventDestroy(cbts));
  RC("M destroy mev", zeEventDestroy(mev));
  RC("M destroy mpool", zeEventPoolDestroy(mpool));
  RC("M destroy niev", zeEventDestroy(niev));
  RC("M destroy nipool", zeEventPoolDestroy(nipool));
}
#endif

static void run_workload(int traced) {
  app W;
  app* w = &W;
  memset(w, 0, sizeof *w);
  ze_sim_hooks_t sim;
  ze_group_count_t g = {1, 1, 1};
  RC("zeInit", zeInit(0));
  if (ze_sim_hooks_load(&sim) != 0) {
    LOG("no sim\n");
    return;
  }
  uint32_t n = 1;
  RC("zeDriverGet", zeDriverGet(&n, &w->driver));
  n = 1;
  RC("zeDeviceGet", zeDeviceGet(w->driver, &n, &w->device));
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  RC("zeContextCreate", zeContextCreate(w->driver, &cd, &w->ctx));
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  RC("zeCommandListCreateImmediate", zeCommandListCreateImmediate(w->ctx, w->device, &qd, &w->imm));
  RC("zeCommandQueueCreate", zeCommandQueueCreate(w->ctx, w->device, &qd, &w->queue));
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  RC("zeCommandListCreate A", zeCommandListCreate(w->ctx, w->device, &ld, &w->a));
  RC("zeCommandListCreate B", zeCommandListCreate(w->ctx, w->device, &ld, &w->b));
  RC("zeCommandListCreate open", zeCommandListCreate(w->ctx, w->device, &ld, &w->open));
  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0};
  RC("zeFenceCreate", zeFenceCreate(w->queue, &fd, &w->fence));
  const ze_event_pool_flags_t flags[NPOOLS] = {0, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP,
                                                ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP};
  for (int p = 0; p < NPOOLS; p++) {
    ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, flags[p], NEV};
    RC("zeEventPoolCreate", zeEventPoolCreate(w->ctx, &pd, 1, &w->device, &w->pool[p]));
    for (uint32_t i = 0; i < NEV; i++) {
      ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, i, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
      RC("zeEventCreate", zeEventCreate(w->pool[p], &ed, &w->ev[p][i]));
    }
  }
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof k_module_text - 1,
                         (const uint8_t*)k_module_text, NULL, NULL};
  RC("zeModuleCreate", zeModuleCreate(w->ctx, w->device, &md, &w->module, NULL));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "work"};
  RC("zeKernelCreate work", zeKernelCreate(w->module, &kd, &w->work));
  kd.pKernelName = "zero";
  RC("zeKernelCreate zero", zeKernelCreate(w->module, &kd, &w->zero));
  w->work_ticks = 20000ull * ZE_SIM_TICKS_PER_SECOND / 1000000000ull;
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  RC("zeMemAllocHost", zeMemAllocHost(w->ctx, &hd, BUF, 64, (void**)&w->host));
  RC("zeMemAllocDevice", zeMemAllocDevice(w->ctx, &dd, BUF, 64, w->device, (void**)&w->dev));
  RC("zeMemAllocShared", zeMemAllocShared(w->ctx, &dd, &hd, BUF, 64, w->device, (void**)&w->shared));
  w->plain = (uint8_t*)calloc(1, BUF);
  w->readback = (uint8_t*)calloc(1, BUF);
  for (int i = 0; i < BUF; i++) w->host[i] = (uint8_t)(i * 7 + 3);
  memset(w->shared, 0, BUF);

  /* what each event's operation needs at least, in ticks (kernel-timestamp events) */
  uint64_t min_ticks[NPOOLS][NEV];
  memset(min_ticks, 0, sizeof min_ticks);

  /* 1. the immediate list: every kind of event on kernels, copies, fills, a barrier */
  const uint32_t pattern = 0x5a5aa5a5u;
  RC("imm copy H2D", zeCommandListAppendMemoryCopy(w->imm, w->dev, w->host, BUF, NULL, 0, NULL));
  RC("imm work/plain", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, w->ev[P_NONE][0], 0, NULL));
  RC("imm work/hv", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, w->ev[P_HV][0], 0, NULL));
  RC("imm work/ts", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, w->ev[P_TS][0], 0, NULL));
  min_ticks[P_TS][0] = w->work_ticks;
  RC("imm work/both", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, w->ev[P_BOTH][0], 0, NULL));
  min_ticks[P_BOTH][0] = w->work_ticks;
  RC("imm fill shared/ts", zeCommandListAppendMemoryFill(w->imm, w->shared, &pattern, sizeof pattern, 1024,
                                                          w->ev[P_TS][1], 0, NULL));
  RC("imm copy D2S/both", zeCommandListAppendMemoryCopy(w->imm, w->shared + 1024, w->dev, 1024, w->ev[P_BOTH][1], 0, NULL));
  RC("imm copy D2M/plain", zeCommandListAppendMemoryCopy(w->imm, w->plain, w->dev + 7, 999, w->ev[P_NONE][1], 0, NULL));
  RC("imm zero", zeCommandListAppendLaunchKernel(w->imm, w->zero, &g, NULL, 0, NULL));
  RC("imm barrier/hv", zeCommandListAppendBarrier(w->imm, w->ev[P_HV][1], 0, NULL));
  RC("imm sync", zeEventHostSynchronize(w->ev[P_HV][1], UINT64_MAX));
  log_events(w, "imm", (const uint64_t(*)[NEV])min_ticks);
  log_order(w, "imm ts->both", w->ev[P_TS][0], w->ev[P_BOTH][0]);
  log_order(w, "imm both->fill", w->ev[P_BOTH][0], w->ev[P_TS][1]);
  log_buffers(w, "imm");
  reset_events(w, "imm");
  log_events(w, "imm after reset", NULL);

  /* 2. regular lists executed three times, events of every kind */
  RC("A work/hv", zeCommandListAppendLaunchKernel(w->a, w->work, &g, w->ev[P_HV][2], 0, NULL));
  RC("A copy H2D", zeCommandListAppendMemoryCopy(w->a, w->dev + 2048, w->host + 100, 1000, NULL, 0, NULL));
  RC("A work/ts", zeCommandListAppendLaunchKernel(w->a, w->work, &g, w->ev[P_TS][2], 0, NULL));
  RC("A zero/both", zeCommandListAppendLaunchKernel(w->a, w->zero, &g, w->ev[P_BOTH][2], 0, NULL));
  RC("A fill/plain", zeCommandListAppendMemoryFill(w->a, w->shared + 3000, &pattern, 4, 64, w->ev[P_NONE][2], 0, NULL));
  RC("A close", zeCommandListClose(w->a));
  RC("B barrier", zeCommandListAppendBarrier(w->b, NULL, 0, NULL));
  RC("B work/both", zeCommandListAppendLaunchKernel(w->b, w->work, &g, w->ev[P_BOTH][3], 0, NULL));
  RC("B close", zeCommandListClose(w->b));
  memset(min_ticks, 0, sizeof min_ticks);
  min_ticks[P_TS][2] = w->work_ticks;
  min_ticks[P_BOTH][3] = w->work_ticks;
  ze_command_list_handle_t lists[2] = {w->a, w->b};
  for (int round = 0; round < 3; round++) {
    char when[32];
    snprintf(when, sizeof when, "exec %d", round);
    w->host[100 + round] ^= 0xff; /* what A copies changes */
    RC(when, zeCommandQueueExecuteCommandLists(w->queue, 2, lists, w->fence));
    RC("fence sync", zeFenceHostSynchronize(w->fence, UINT64_MAX));
    RC("fence query", zeFenceQueryStatus(w->fence));
    log_events(w, when, (const uint64_t(*)[NEV])min_ticks);
    log_order(w, "A ts->both", w->ev[P_TS][2], w->ev[P_BOTH][2]);
    log_order(w, "A->B", w->ev[P_BOTH][2], w->ev[P_BOTH][3]);
    log_buffers(w, when);
    reset_events(w, when);
    RC("fence reset", zeFenceReset(w->fence));
  }
  /* executed twice before a synchronisation, events left signalled from the first */
  RC("exec twice 1", zeCommandQueueExecuteCommandLists(w->queue, 1, &w->a, NULL));
  RC("exec twice 2", zeCommandQueueExecuteCommandLists(w->queue, 1, &w->a, NULL));
  RC("queue sync", zeCommandQueueSynchronize(w->queue, UINT64_MAX));
  log_events(w, "exec twice", NULL);
  reset_events(w, "exec twice");

  /* 3. the application's own synchronisation primitives on the device */
  RC("imm work/both 3", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, w->ev[P_BOTH][3], 0, NULL));
  RC("imm wait both 3", zeCommandListAppendWaitOnEvents(w->imm, 1, &w->ev[P_BOTH][3]));
  RC("imm signal hv 3", zeCommandListAppendSignalEvent(w->imm, w->ev[P_HV][3]));
  RC("imm work/ts 3 waits hv 3", zeCommandListAppendLaunchKernel(w->imm, w->zero, &g, w->ev[P_TS][3], 1, &w->ev[P_HV][3]));
  RC("imm event reset plain 3", zeCommandListAppendEventReset(w->imm, w->ev[P_NONE][3]));
  RC("imm work/hv 2", zeCommandListAppendLaunchKernel(w->imm, w->zero, &g, w->ev[P_HV][2], 0, NULL));
  RC("sync hv 2", zeEventHostSynchronize(w->ev[P_HV][2], UINT64_MAX));
  log_events(w, "device sync", NULL);
  reset_events(w, "device sync");

  /* 4. many launches, events reused after host resets, waits with timeouts */
  for (int i = 0; i < 24; i++) {
    const int p = i % NPOOLS;
    char what[64];
    snprintf(what, sizeof what, "loop %d launch %s", i, k_pool_names[p]);
    RC(what, zeCommandListAppendLaunchKernel(w->imm, (i % 3) ? w->zero : w->work, &g, w->ev[p][0], 0, NULL));
    if (p == P_HV || p == P_BOTH) {
      RC("loop sync", zeEventHostSynchronize(w->ev[p][0], UINT64_MAX));
      RC("loop query", zeEventQueryStatus(w->ev[p][0]));
      RC("loop reset", zeEventHostReset(w->ev[p][0]));
      RC("loop query after reset", zeEventQueryStatus(w->ev[p][0]));
      RC("loop sync timeout 0", zeEventHostSynchronize(w->ev[p][0], 0));
    }
  }
  RC("loop barrier", zeCommandListAppendBarrier(w->imm, w->ev[P_BOTH][1], 0, NULL));
  RC("loop final sync", zeEventHostSynchronize(w->ev[P_BOTH][1], UINT64_MAX));
  log_events(w, "loop", NULL);
  reset_events(w, "loop");

  /* 5. errors the driver reports */
  RC("append to closed list", zeCommandListAppendLaunchKernel(w->a, w->work, &g, NULL, 0, NULL));
  RC("execute open list", zeCommandQueueExecuteCommandLists(w->queue, 1, &w->open, NULL));
  RC("execute immediate list", zeCommandQueueExecuteCommandLists(w->queue, 1, &w->imm, NULL));
  ze_kernel_timestamp_result_t ts;
  RC("timestamp of a plain event", zeEventQueryKernelTimestamp(w->ev[P_NONE][0], &ts));
  RC("timestamp of an unsignalled event", zeEventQueryKernelTimestamp(w->ev[P_BOTH][0], &ts));
  RC("sync unsignalled timeout", zeEventHostSynchronize(w->ev[P_HV][0], 1000));
  RC("garbage list", zeCommandListAppendLaunchKernel((ze_command_list_handle_t)(uintptr_t)&ts, w->work, &g, NULL, 0, NULL));
  RC("garbage event", zeCommandListAppendLaunchKernel(w->imm, w->work, &g, (ze_event_handle_t)(uintptr_t)&ts, 0, NULL));
  RC("null group count", zeCommandListAppendLaunchKernel(w->imm, w->work, NULL, NULL, 0, NULL));
  RC("final barrier", zeCommandListAppendBarrier(w->imm, w->ev[P_HV][0], 0, NULL));
  RC("final sync", zeEventHostSynchronize(w->ev[P_HV][0], UINT64_MAX));
#ifdef DIFF_MODERN
  run_modern(w);
#endif
  log_buffers(w, "end");
  log_device(w, &sim);

  /* 6. teardown */
  free(w->plain);
  free(w->readback);
  RC("free host", zeMemFree(w->ctx, w->host));
  RC("free dev", zeMemFree(w->ctx, w->dev));
  RC("free shared", zeMemFree(w->ctx, w->shared));
  RC("destroy work", zeKernelDestroy(w->work));
  RC("destroy zero", zeKernelDestroy(w->zero));
  RC("destroy module", zeModuleDestroy(w->module));
  for (int p = 0; p < NPOOLS; p++) {
    for (int i = 0; i < NEV; i++) RC("destroy event", zeEventDestroy(w->ev[p][i]));
    RC("destroy pool", zeEventPoolDestroy(w->pool[p]));
  }
  RC("destroy fence", zeFenceDestroy(w->fence));
  RC("destroy A", zeCommandListDestroy(w->a));
  RC("destroy B", zeCommandListDestroy(w->b));
  RC("destroy open", zeCommandListDestroy(w->open));
  if (w->io) RC("destroy in-order imm", zeCommandListDestroy(w->io));
  if (w->ior) RC("destroy in-order regular", zeCommandListDestroy(w->ior));
  if (w->mut) RC("destroy mutable", zeCommandListDestroy(w->mut));
  RC("destroy queue", zeCommandQueueDestroy(w->queue));
  RC("destroy imm", zeCommandListDestroy(w->imm));
  RC("destroy context", zeContextDestroy(w->ctx));
  (void)traced;
}

/* ---- running it ---- */

enum { PLAIN, TRACED, ALL_DOMAINS };

/* The child: runs the workload, writes the log to `out`, exits 0 (or 3 when the library itself
   misbehaved: a bad result, a failed flush, internal events). */
static void child(int mode, FILE* out) {
  g_log = out;
  int bad = 0;
  pti_callback_subscriber_handle h = NULL;
  if (mode == PLAIN) {
    setenv("ZE_ENABLE_TRACING_LAYER", "0", 1); /* no layer, no tracer: the application alone */
  } else {
    bad |= ptiCallbackSubscribe(&h, listen_cb, NULL) != PTI_SUCCESS;
    if (mode == TRACED) {
      bad |= ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1) != PTI_SUCCESS;
      bad |= ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1) != PTI_SUCCESS;
      bad |= ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1) != PTI_SUCCESS;
      bad |= ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1) != PTI_SUCCESS;
    } else {
      bad |= pticEnableAllDomains(h, 1, 1) != PTI_SUCCESS;
    }
    /* completions collected at the application's synchronisations only: deterministic (the
       poller's timing is the stress test's business) */
    bad |= pticSetPollInterval(0) != PTI_SUCCESS;
  }
  run_workload(mode != PLAIN);
  if (h) {
    bad |= pticFlush(5000000000ull) != PTI_SUCCESS;
    bad |= ptiCallbackUnsubscribe(h) != PTI_SUCCESS;
    fprintf(stderr, "  (mode %d: %llu records, %llu completions, %llu internal events, %llu query errors)\n", mode,
            (unsigned long long)g_records, (unsigned long long)g_completed, (unsigned long long)g_internal,
            (unsigned long long)g_info_errors);
    bad |= g_info_errors != 0 || g_records == 0 || g_completed == 0;
    bad |= check_exactly_once() != 0;
    /* COMPLETED was on from the start: no operation can have been recorded without it */
    if (mode == ALL_DOMAINS && strstr(g_messages, "COMPLETED was off")) {
      fprintf(stderr, "  an INTERNAL_EVENT blames COMPLETED being off; they were:\n%s", g_messages);
      bad = 1;
    }
    /* the garbage list of step 5: where the loader has the spec 1.9 queries, the warning does not
       say it lacks them */
    if (mode == ALL_DOMAINS && dlsym(RTLD_DEFAULT, "zeCommandListGetContextHandle") &&
        strstr(g_messages, "it lacks zeCommandListGetContextHandle")) {
      fprintf(stderr, "  an INTERNAL_EVENT says the loader lacks the queries it has:\n%s", g_messages);
      bad = 1;
    }
#ifdef DIFF_MODERN
    /* every kind left untracked is announced (INTERNAL_EVENT is on in the every-domain run) */
    static const char* const told[] = {"counter-based event with timestamps", "IPC handle", "graph", "mutable"};
    for (size_t i = 0; mode == ALL_DOMAINS && i < sizeof told / sizeof *told; i++)
      if (!strstr(g_messages, told[i])) {
        fprintf(stderr, "  no INTERNAL_EVENT mentions \"%s\"; they were:\n%s", told[i], g_messages);
        bad = 1;
      }
#endif
  }
  fflush(out);
  exit(bad ? 3 : 0);
}

/* Runs one mode in a child process; returns its log (malloc'd) and its line count. */
static char* run_mode(int mode, size_t* len) {
  FILE* f = tmpfile();
  assert_non_null(f);
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    alarm(120);
    child(mode, f);
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    fail_msg("mode %d: the workload's process %s %d", mode, WIFEXITED(status) ? "exited with" : "died of signal",
             WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  long size = ftell(f);
  assert_true(size > 0);
  char* buf = (char*)malloc((size_t)size + 1);
  rewind(f);
  assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
  buf[size] = '\0';
  fclose(f);
  *len = (size_t)size;
  return buf;
}

/* Line-by-line comparison; prints the differences (up to 20). */
static size_t diff_logs(const char* a, const char* b, const char* name_b) {
  size_t diffs = 0, line = 1;
  while (*a || *b) {
    const char* ea = strchr(a, '\n');
    const char* eb = strchr(b, '\n');
    size_t la = ea ? (size_t)(ea - a) : strlen(a), lb = eb ? (size_t)(eb - b) : strlen(b);
    if (la != lb || memcmp(a, b, la) != 0) {
      if (++diffs <= 20)
        printf("  line %zu: without the library: %.*s\n           %s: %.*s\n", line, (int)la, a, name_b, (int)lb, b);
    }
    a += la + (ea ? 1 : 0);
    b += lb + (eb ? 1 : 0);
    line++;
  }
  return diffs;
}

static char* g_plain;
static size_t g_plain_len;

static int setup(void** state) {
  (void)state;
  g_plain = run_mode(PLAIN, &g_plain_len);
  return 0;
}
static int teardown(void** state) {
  (void)state;
  free(g_plain);
  return 0;
}

static void compare_with(int mode, const char* name) {
  size_t len = 0;
  char* traced = run_mode(mode, &len);
  size_t lines = 0;
  for (const char* p = g_plain; *p; p++) lines += *p == '\n';
  size_t diffs = diff_logs(g_plain, traced, name);
  printf("  %zu observations compared, %zu differ\n", lines, diffs);
  free(traced);
  assert_int_equal(diffs, 0);
}

static void test_same_with_appended_completed_api(void** state) {
  (void)state;
  compare_with(TRACED, "APPENDED+DISPATCHED+COMPLETED+DRIVER_API");
}

static void test_same_with_every_domain(void** state) {
  (void)state;
  compare_with(ALL_DOMAINS, "every domain");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_same_with_appended_completed_api),
      cmocka_unit_test(test_same_with_every_domain),
  };
  return cmocka_run_group_tests_name("transparency", tests, setup, teardown);
}
