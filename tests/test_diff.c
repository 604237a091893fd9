/* test_diff.c - transparency: one deterministic workload runs in child processes, once without
   the library (no subscriber, tracing layer off) and once with subscribers listening (APPENDED,
   COMPLETED and DRIVER_API; then every domain). Each run writes what the application observes:
   every return code, every event's state after each synchronisation, kernel timestamps (end >=
   start, duration, order on the queue), a checksum of every buffer written, and the commands the
   device ran for the application's lists. The logs must be identical.

   Processes, because the library's tracer cannot be removed once made and the loader reads its
   environment once. */
#define _GNU_SOURCE
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

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
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) __atomic_add_fetch(&g_internal, 1, __ATOMIC_RELAXED);
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED || domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED ||
      domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info oi;
      if (pticGetOperationInfo(cb_data, i, &oi) != PTI_SUCCESS) __atomic_add_fetch(&g_info_errors, 1, __ATOMIC_RELAXED);
      if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) __atomic_add_fetch(&g_completed, 1, __ATOMIC_RELAXED);
    }
  }
}

/* ---- the workload ---- */

enum { P_NONE, P_HV, P_TS, P_BOTH, NPOOLS, NEV = 4 };
static const char* const k_pool_names[NPOOLS] = {"plain", "host-visible", "timestamp", "host-visible+timestamp"};

typedef struct app {
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t ctx;
  ze_command_list_handle_t imm, a, b, open;
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
  const void* lists[4] = {w->imm, w->a, w->b, w->open};
  const char* names[4] = {"imm", "A", "B", "open"};
  for (size_t i = 0; i < sim->LogCount(); i++) {
    ze_sim_command_record_t r;
    if (sim->LogGet(i, &r) != ZE_RESULT_SUCCESS) continue;
    if (r.kind != ZE_SIM_CMD_KERNEL && r.kind != ZE_SIM_CMD_COPY && r.kind != ZE_SIM_CMD_FILL) continue;
    int l = -1;
    for (int k = 0; k < 4; k++)
      if ((const void*)r.command_list == lists[k]) l = k;
    if (l < 0) {
      LOG("device: a command on a list that is not the application's\n");
      continue;
    }
    LOG("device: %s kind %d %s bytes %llu on %s\n", names[l], (int)r.kind, r.kernel_name,
        (unsigned long long)r.bytes, r.queue ? "queue" : "immediate");
  }
}

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
  compare_with(TRACED, "APPENDED+COMPLETED+DRIVER_API");
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
