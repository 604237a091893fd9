/* test_faults.c - the Level Zero calls the library makes on its own behalf fail, one function at
   a time (zeSimSetFailSpec): the application's calls still return what the driver returned, its
   events are still signalled, the library says where it gave up (INTERNAL_EVENT), nothing
   crashes, operations are delivered at most once, and once the fault stops new operations are
   tracked and completed again.

   The fail spec counts the application's calls too: each scenario sets up its objects first,
   makes only calls of other functions while the fault is on (or expects the injected result
   from its own calls of the same function), and clears the spec. Each scenario uses a fresh
   context, so that the library has to create its event pools and harvest lists anew. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "common.h"
#include "ze_sim.h"

#include <time.h>

static ze_session S;
static ze_sim_hooks_t SIM;
static ze_module_handle_t M0;
static ze_kernel_handle_t K0;    /* 0 ns */
static ze_kernel_handle_t KLONG; /* 5 ms */
static ze_module_handle_t M_EARLY;
static ze_kernel_handle_t K_EARLY; /* created before the library's tracer existed */

/* ---- what the subscriber saw ---- */

typedef struct frec {
  pti_callback_domain domain;
  pti_callback_phase phase;
  uint64_t op_id;
  uint32_t ret;
  uint32_t props;
  ptic_op_info info;
  uint32_t detail;
  char text[160]; /* operation name or internal-event message */
} frec;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static frec* g_r;
static size_t g_n, g_cap;

static void push(const frec* x) {
  pthread_mutex_lock(&g_lock);
  if (g_n == g_cap) {
    g_cap = g_cap ? 2 * g_cap : 256;
    g_r = (frec*)realloc(g_r, g_cap * sizeof *g_r);
  }
  g_r[g_n++] = *x;
  pthread_mutex_unlock(&g_lock);
}

static void f_reset(void) {
  pthread_mutex_lock(&g_lock);
  g_n = 0;
  pthread_mutex_unlock(&g_lock);
}

static void fault_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  frec x;
  memset(&x, 0, sizeof x);
  x.domain = domain;
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* e = (const pti_internal_callback_data*)cb_data;
    x.phase = e->_phase;
    x.detail = e->_detail;
    snprintf(x.text, sizeof x.text, "%s", e->_message ? e->_message : "");
    push(&x);
    return;
  }
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED &&
      domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED &&
      domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    return;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  for (uint32_t i = 0; i < g->_operation_count; i++) {
    x.phase = g->_phase;
    x.ret = g->_return_code;
    x.props = g->_cmd_list_properties;
    x.op_id = g->_operation_details[i]._operation_id;
    memset(&x.info, 0, sizeof x.info);
    pticGetOperationInfo(cb_data, i, &x.info);
    snprintf(x.text, sizeof x.text, "%s", g->_operation_details[i]._name ? g->_operation_details[i]._name : "");
    push(&x);
  }
}

static size_t count(pti_callback_domain d) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) k += g_r[i].domain == d;
  pthread_mutex_unlock(&g_lock);
  return k;
}

/* INTERNAL_EVENT records of at least `type` whose message contains `what`. */
static size_t warnings(const char* what) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++)
    if (g_r[i].domain == PTI_CB_DOMAIN_INTERNAL_EVENT && g_r[i].detail >= PTI_INTERNAL_EVENT_TYPE_WARNING &&
        (!what || strstr(g_r[i].text, what)))
      k++;
  pthread_mutex_unlock(&g_lock);
  return k;
}

static void dump(void) {
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const frec* r = &g_r[i];
    if (r->domain == PTI_CB_DOMAIN_INTERNAL_EVENT)
      printf("    INTERNAL_EVENT %u \"%s\"\n", r->detail, r->text);
    else
      printf("    %s %s op %llu status %u ret 0x%x %s\n", ptiCallbackDomainTypeToString(r->domain),
             ptiCallbackPhaseTypeToString(r->phase), (unsigned long long)r->op_id, r->info.status, r->ret, r->text);
  }
  pthread_mutex_unlock(&g_lock);
}

/* Every operation that will complete (APPENDED on immediate lists, DISPATCHED) is COMPLETED at
   most once; returns how many were completed with PTIC_OP_COMPLETED, *lost the PTIC_OP_LOST. */
static size_t check_at_most_once(size_t* lost, size_t* expected) {
  size_t completed = 0, l = 0, e = 0, dup = 0, bad = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    const frec* c = &g_r[i];
    if (c->domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
      if (c->phase == PTI_CB_PHASE_API_EXIT && c->ret == ZE_RESULT_SUCCESS &&
          ((c->domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && (c->props & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE)) ||
           c->domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED))
        e++;
      continue;
    }
    for (size_t j = 0; j < i; j++) /* executions of a regular list share the operation id */
      if (g_r[j].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED &&
          g_r[j].info.execution_id == c->info.execution_id)
        dup++;
    if (c->info.status == PTIC_OP_COMPLETED) completed++;
    else if (c->info.status == PTIC_OP_LOST) l++;
    else bad++;
  }
  pthread_mutex_unlock(&g_lock); /* (no assertion under the lock: a failure would leave it held) */
  assert_int_equal(dup, 0);
  assert_int_equal(bad, 0);
  if (lost) *lost = l;
  if (expected) *expected = e;
  assert_true(completed + l <= e);
  return completed;
}

/* ---- a fresh context per scenario ---- */

typedef struct world {
  ze_context_handle_t ctx;
  ze_command_list_handle_t imm;
  ze_command_queue_handle_t queue;
  ze_command_list_handle_t list;
  ze_event_pool_handle_t pool_hv, pool_ts; /* host-visible; host-visible + kernel timestamps */
  ze_event_handle_t e_hv, e_ts, e_done;
  ze_fence_handle_t fence;
  void* host;
  void* dev;
} world;

static void world_open(world* w) {
  memset(w, 0, sizeof *w);
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE_CHECK(zeContextCreate(S.driver, &cd, &w->ctx));
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ZE_CHECK(zeCommandListCreateImmediate(w->ctx, S.device, &qd, &w->imm));
  ZE_CHECK(zeCommandQueueCreate(w->ctx, S.device, &qd, &w->queue));
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ZE_CHECK(zeCommandListCreate(w->ctx, S.device, &ld, &w->list));
  ze_event_pool_desc_t hv = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2};
  ze_event_pool_desc_t ts = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1};
  ZE_CHECK(zeEventPoolCreate(w->ctx, &hv, 1, &S.device, &w->pool_hv));
  ZE_CHECK(zeEventPoolCreate(w->ctx, &ts, 1, &S.device, &w->pool_ts));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ZE_CHECK(zeEventCreate(w->pool_hv, &ed, &w->e_hv));
  ZE_CHECK(zeEventCreate(w->pool_ts, &ed, &w->e_ts));
  ed.index = 1;
  ZE_CHECK(zeEventCreate(w->pool_hv, &ed, &w->e_done));
  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0};
  ZE_CHECK(zeFenceCreate(w->queue, &fd, &w->fence));
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ZE_CHECK(zeMemAllocHost(w->ctx, &hd, 4096, 64, &w->host));
  ZE_CHECK(zeMemAllocDevice(w->ctx, &dd, 4096, 64, S.device, &w->dev));
}

static void world_close(world* w) {
  ZE_CHECK(zeMemFree(w->ctx, w->host));
  ZE_CHECK(zeMemFree(w->ctx, w->dev));
  ZE_CHECK(zeFenceDestroy(w->fence));
  ZE_CHECK(zeEventDestroy(w->e_hv));
  ZE_CHECK(zeEventDestroy(w->e_ts));
  ZE_CHECK(zeEventDestroy(w->e_done));
  ZE_CHECK(zeEventPoolDestroy(w->pool_hv));
  ZE_CHECK(zeEventPoolDestroy(w->pool_ts));
  ZE_CHECK(zeCommandListDestroy(w->list));
  ZE_CHECK(zeCommandQueueDestroy(w->queue));
  ZE_CHECK(zeCommandListDestroy(w->imm));
  ZE_CHECK(zeContextDestroy(w->ctx));
}

static pti_callback_subscriber_handle g_sub;

static void subscribe_all(void) {
  assert_int_equal(ptiCallbackSubscribe(&g_sub, fault_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_sub, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  /* completions are collected at the application's synchronisations and pticFlush only: the
     scenarios decide when the library calls Level Zero */
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
}

static void record_list(world* w);

/* The regular list recorded again (its earlier recording may be untracked). */
static void rerecord(world* w) {
  ZE_CHECK(zeCommandQueueSynchronize(w->queue, UINT64_MAX));
  ZE_CHECK(zeCommandListReset(w->list));
  record_list(w);
}

/* After each scenario: whatever a failed one left behind goes. */
static int scenario_done(void** state) {
  (void)state;
  SIM.SetFailSpec(NULL);
  SIM.SetPaused(0);
  ptiCallbackUnsubscribe(g_sub); /* BAD_ARGUMENT when the scenario did it */
  g_sub = NULL;
  pticSetPollInterval(1000);
  f_reset();
  return 0;
}

static void fail_spec(const char* spec) { assert_int_equal(SIM.SetFailSpec(spec), ZE_RESULT_SUCCESS); }

/* The application's event is signalled (not forever: a missing signal fails, it does not hang). */
static void expect_signalled(ze_event_handle_t ev, const char* what) {
  ze_result_t r = zeEventHostSynchronize(ev, 3000000000ull);
  if (r != ZE_RESULT_SUCCESS) fail_msg("the application's %s was not signalled (%d)", what, (int)r);
}

/* The workload run while a fault is on: launches on the immediate list without an event, with a
   host-visible event (the library chains it behind its own) and with a kernel-timestamp event
   (used as it is); a copy; a regular list executed twice. Every result is the application's
   and must be SUCCESS (the failing function is not one it calls), and its events signal. */
static void workload(world* w, int with_regular) {
  ze_group_count_t g = {1, 1, 1};
  assert_int_equal(zeCommandListAppendLaunchKernel(w->imm, K0, &g, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(zeCommandListAppendLaunchKernel(w->imm, K0, &g, w->e_hv, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(zeCommandListAppendMemoryCopy(w->imm, w->dev, w->host, 256, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(zeCommandListAppendLaunchKernel(w->imm, K0, &g, w->e_ts, 0, NULL), ZE_RESULT_SUCCESS);
  expect_signalled(w->e_ts, "kernel-timestamp event");
  expect_signalled(w->e_hv, "host-visible event");
  if (!with_regular) return;
  assert_int_equal(zeCommandQueueExecuteCommandLists(w->queue, 1, &w->list, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(zeCommandQueueExecuteCommandLists(w->queue, 1, &w->list, w->fence), ZE_RESULT_SUCCESS);
  assert_int_equal(zeFenceHostSynchronize(w->fence, 3000000000ull), ZE_RESULT_SUCCESS);
  expect_signalled(w->e_done, "event of the regular list");
}

/* Record the regular list: two launches, the last one signalling e_done. */
static void record_list(world* w) {
  ze_group_count_t g = {1, 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchKernel(w->list, K0, &g, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendLaunchKernel(w->list, K0, &g, w->e_done, 0, NULL));
  ZE_CHECK(zeCommandListClose(w->list));
}

/* Reset the application's events and the fence for another round. */
static void rearm(world* w) {
  ZE_CHECK(zeEventHostReset(w->e_hv));
  ZE_CHECK(zeEventHostReset(w->e_ts));
  ZE_CHECK(zeEventHostReset(w->e_done));
  ZE_CHECK(zeFenceReset(w->fence));
}

/* After the fault: everything pending is delivered, then new work is completed, every op. */
static void expect_recovery(world* w, int with_regular) {
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  size_t lost = 0, expected = 0;
  check_at_most_once(&lost, &expected);
  f_reset();
  rearm(w);
  workload(w, with_regular);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  size_t completed = check_at_most_once(&lost, &expected);
  if (completed != expected || lost) dump();
  assert_int_equal(lost, 0);
  assert_int_equal(completed, expected);
  assert_true(expected >= (with_regular ? 8u : 4u));
}

/* ---- the scenarios ---- */

/* The library cannot make its event pool: operations without a suitable event of their own are
   not tracked (announced); the application is not affected. */
static void test_event_pool_create(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  fail_spec("zeEventPoolCreate:*:ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY");
  workload(&w, 0);
  record_list(&w); /* recorded without events of the library's: its executions are not tracked */
  assert_int_equal(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, w.fence), ZE_RESULT_SUCCESS);
  assert_int_equal(zeFenceHostSynchronize(w.fence, 3000000000ull), ZE_RESULT_SUCCESS);
  expect_signalled(w.e_done, "event of the regular list");
  fail_spec(NULL);
  if (!warnings("zeEventPoolCreate")) dump();
  assert_true(warnings("zeEventPoolCreate") >= 1);
  rerecord(&w);
  expect_recovery(&w, 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

static void test_event_create(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  fail_spec("zeEventCreate:*:ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY");
  workload(&w, 0);
  record_list(&w); /* recorded without events of the library's: its executions are not tracked */
  assert_int_equal(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, w.fence), ZE_RESULT_SUCCESS);
  assert_int_equal(zeFenceHostSynchronize(w.fence, 3000000000ull), ZE_RESULT_SUCCESS);
  expect_signalled(w.e_done, "event of the regular list");
  fail_spec(NULL);
  if (!warnings("zeEventCreate")) dump();
  assert_true(warnings("zeEventCreate") >= 1);
  rerecord(&w);
  expect_recovery(&w, 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* The library cannot read its events: the operations are delivered as lost (announced), exactly
   once; the application's own queries get the driver's result. */
static void test_event_query_status(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  /* the library reads its events with zeEventQueryKernelTimestamp, harvest events with
     zeEventQueryStatus */
  fail_spec("zeEventQueryStatus:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeEventQueryKernelTimestamp:*:ZE_RESULT_ERROR_DEVICE_LOST");
  workload(&w, 0);
  assert_int_equal(zeEventQueryStatus(w.e_ts), ZE_RESULT_ERROR_DEVICE_LOST); /* as the driver says */
  assert_int_equal(pticFlush(200000000ull), PTI_SUCCESS); /* given up on, not pending for ever */
  fail_spec(NULL);
  size_t lost = 0, expected = 0;
  check_at_most_once(&lost, &expected);
  if (lost && !warnings(NULL)) dump();
  if (lost) assert_true(warnings(NULL) >= 1); /* every loss is announced */
  expect_recovery(&w, 0);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

static void test_event_query_kernel_timestamp(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  fail_spec("zeEventQueryKernelTimestamp:*:ZE_RESULT_ERROR_DEVICE_LOST");
  workload(&w, 0);
  ze_kernel_timestamp_result_t ts;
  assert_int_equal(zeEventQueryKernelTimestamp(w.e_ts, &ts), ZE_RESULT_ERROR_DEVICE_LOST);
  assert_int_equal(pticFlush(200000000ull), PTI_SUCCESS);
  fail_spec(NULL);
  size_t lost = 0, expected = 0;
  check_at_most_once(&lost, &expected);
  if (lost && !warnings(NULL)) dump();
  if (lost) assert_true(warnings(NULL) >= 1);
  expect_recovery(&w, 0);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* An operation given up on (its event unreadable) while it still runs on the device: the
   library must not hand its event to a later operation, or that one is reported complete when
   the first one ends, before it ran itself. */
static void test_lost_event_not_reused_while_running(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  ze_group_count_t g = {1, 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchKernel(w.imm, K0, &g, NULL, 0, NULL)); /* the library's pool exists */
  ZE_CHECK(zeCommandListAppendBarrier(w.imm, w.e_done, 0, NULL));
  expect_signalled(w.e_done, "event of the barrier");
  ZE_CHECK(zeEventHostReset(w.e_done));
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  SIM.SetPaused(1);
  ZE_CHECK(zeCommandListAppendLaunchKernel(w.imm, KLONG, &g, NULL, 0, NULL)); /* A: 5 ms */
  fail_spec("zeEventQueryKernelTimestamp:*:ZE_RESULT_ERROR_DEVICE_LOST");
  assert_int_equal(pticFlush(100000000ull), PTI_SUCCESS); /* A given up on; it has not run yet */
  fail_spec(NULL);
  f_reset();
  /* B waits for the host (e_hv) after A */
  ZE_CHECK(zeCommandListAppendLaunchKernel(w.imm, K0, &g, NULL, 1, &w.e_hv));
  SIM.SetPaused(0);
  struct timespec ts = {0, 30000000}; /* A ends */
  nanosleep(&ts, NULL);
  const pti_result early = pticFlush(20000000ull);
  const size_t early_completed = count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED);
  if (early_completed) dump();
  ZE_CHECK(zeEventHostSignal(w.e_hv));
  ZE_CHECK(zeCommandListAppendBarrier(w.imm, w.e_done, 0, NULL));
  expect_signalled(w.e_done, "event of the barrier");
  assert_int_equal(early_completed, 0); /* B has not run */
  assert_int_equal(early, PTI_ERROR_INTERNAL);
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* The library cannot reset its events: the application's own resets get the driver's result;
   a later execution of the regular list is not reported complete before the device ran it
   (the harvest event the library failed to reset must not be taken for the next one's). */
static void test_event_host_reset(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  record_list(&w);
  assert_int_equal(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, w.fence), ZE_RESULT_SUCCESS);
  fail_spec("zeEventHostReset:*:ZE_RESULT_ERROR_DEVICE_LOST");
  assert_int_equal(zeFenceHostSynchronize(w.fence, 3000000000ull), ZE_RESULT_SUCCESS); /* harvested */
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  assert_int_equal(zeEventHostReset(w.e_done), ZE_RESULT_ERROR_DEVICE_LOST); /* the driver's result */
  fail_spec(NULL);
  rearm(&w);
  f_reset();
  /* the device holds back: nothing of this execution may be reported complete */
  SIM.SetPaused(1);
  ZE_CHECK(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, NULL));
  const pti_result early = pticFlush(50000000ull);
  const size_t early_completed = count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED);
  if (early_completed) dump();
  SIM.SetPaused(0);
  ZE_CHECK(zeCommandQueueSynchronize(w.queue, UINT64_MAX));
  assert_int_equal(early_completed, 0);
  assert_int_equal(early, PTI_ERROR_INTERNAL); /* still pending: the device holds it */
  ZE_CHECK(zeEventHostReset(w.e_done));
  expect_recovery(&w, 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* The barrier that signals the application's host-visible event after the library's own fails:
   the application's event must be signalled anyway (it waits on it). */
static void test_chain_barrier(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
  ze_group_count_t g = {1, 1, 1};
  fail_spec("zeCommandListAppendBarrier:1:ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"); /* the library's */
  assert_int_equal(zeCommandListAppendLaunchKernel(w.imm, K0, &g, w.e_hv, 0, NULL), ZE_RESULT_SUCCESS);
  fail_spec(NULL);
  size_t critical = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++)
    critical += g_r[i].domain == PTI_CB_DOMAIN_INTERNAL_EVENT && strstr(g_r[i].text, "zeCommandListAppendBarrier");
  pthread_mutex_unlock(&g_lock);
  assert_true(critical >= 1);
  expect_signalled(w.e_hv, "host-visible event behind the failed barrier");
  expect_recovery(&w, 0);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* The harvest list of an execution cannot be made or recorded: that execution is not tracked
   (announced); DISPATCHED still comes; the application is not affected. */
static void harvest_fault(const char* spec, const char* message) {
  world w;
  world_open(&w);
  subscribe_all();
  record_list(&w);
  fail_spec(spec);
  workload(&w, 1);
  fail_spec(NULL);
  if (!warnings(message)) dump();
  assert_true(warnings(message) >= 1);
  assert_true(count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED) >= 4);
  expect_recovery(&w, 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

static void test_harvest_list_create(void** state) {
  (void)state;
  harvest_fault("zeCommandListCreate:*:ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY", "harvest list");
}
static void test_harvest_list_reset(void** state) {
  (void)state;
  harvest_fault("zeCommandListReset:*:ZE_RESULT_ERROR_DEVICE_LOST", "harvest list");
}
static void test_harvest_list_close(void** state) {
  (void)state;
  harvest_fault("zeCommandListClose:*:ZE_RESULT_ERROR_DEVICE_LOST", "harvest list");
}
static void test_harvest_query_timestamps(void** state) {
  (void)state;
  harvest_fault("zeCommandListAppendQueryKernelTimestamps:*:ZE_RESULT_ERROR_DEVICE_LOST", "harvest list");
}
static void test_mem_alloc_host(void** state) {
  (void)state;
  harvest_fault("zeMemAllocHost:*:ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY", "not tracked");
}

/* Executing the same regular list again executes its harvest list again as it was recorded: no
   zeCommandListAppendEventReset (failing here) is needed for the second execution, and every
   operation of both is completed. Reset and recorded with another operation, the list gets a
   harvest list of its own (the fault off), whose completions are those of the new recording. */
static void test_harvest_list_reused(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  record_list(&w);
  assert_int_equal(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, w.fence), ZE_RESULT_SUCCESS);
  assert_int_equal(zeFenceHostSynchronize(w.fence, 3000000000ull), ZE_RESULT_SUCCESS);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  size_t lost = 0, expected = 0;
  assert_int_equal(check_at_most_once(&lost, &expected), 2);
  f_reset();
  rearm(&w);
  fail_spec("zeCommandListAppendEventReset:*:ZE_RESULT_ERROR_DEVICE_LOST");
  assert_int_equal(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, w.fence), ZE_RESULT_SUCCESS);
  assert_int_equal(zeFenceHostSynchronize(w.fence, 3000000000ull), ZE_RESULT_SUCCESS);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  fail_spec(NULL);
  size_t completed = check_at_most_once(&lost, &expected);
  if (completed != 2 || lost || warnings(NULL)) dump();
  assert_int_equal(warnings(NULL), 0);
  assert_int_equal(lost, 0);
  assert_int_equal(completed, 2);
  f_reset();
  rearm(&w);
  ZE_CHECK(zeCommandListReset(w.list));
  ze_group_count_t g = {1, 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchKernel(w.list, KLONG, &g, NULL, 0, NULL));
  record_list(&w);
  assert_int_equal(zeCommandQueueExecuteCommandLists(w.queue, 1, &w.list, w.fence), ZE_RESULT_SUCCESS);
  assert_int_equal(zeFenceHostSynchronize(w.fence, 3000000000ull), ZE_RESULT_SUCCESS);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  completed = check_at_most_once(&lost, &expected);
  if (completed != 3 || lost) dump();
  assert_int_equal(lost, 0);
  assert_int_equal(completed, 3);
  size_t klong = 0;
  for (size_t i = 0; i < g_n; i++)
    if (g_r[i].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED && !strcmp(g_r[i].text, "klong")) {
      klong++;
      assert_true(g_r[i].info.end_ns - g_r[i].info.start_ns >= 4000000u); /* its own times, 5 ms */
    }
  assert_int_equal(klong, 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* The clocks cannot be correlated: completions still come, with the device's times or with an
   announcement that their times are not right. */
static void test_global_timestamps(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
  SIM.LogClear();
  fail_spec("zeDeviceGetGlobalTimestamps:*:ZE_RESULT_ERROR_DEVICE_LOST");
  ze_group_count_t g = {1, 1, 1};
  struct timespec ts = {0, 20000000}; /* later than the last correlation */
  nanosleep(&ts, NULL);
  ZE_CHECK(zeCommandListAppendLaunchKernel(w.imm, KLONG, &g, w.e_ts, 0, NULL));
  expect_signalled(w.e_ts, "kernel-timestamp event");
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  fail_spec(NULL);
  size_t lost = 0, expected = 0;
  size_t completed = check_at_most_once(&lost, &expected);
  assert_int_equal(completed + lost, expected);
  ze_sim_command_record_t dev;
  int found = 0;
  for (size_t i = 0; i < SIM.LogCount(); i++)
    if (SIM.LogGet(i, &dev) == ZE_RESULT_SUCCESS && dev.kind == ZE_SIM_CMD_KERNEL && dev.command_list == w.imm) {
      found = 1;
      break;
    }
  assert_true(found);
  pthread_mutex_lock(&g_lock);
  int right = 1;
  for (size_t i = 0; i < g_n; i++)
    if (g_r[i].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED && g_r[i].info.status == PTIC_OP_COMPLETED &&
        (g_r[i].info.device_start != dev.device_start || g_r[i].info.device_end != dev.device_end)) {
      printf("    reported device times %llu..%llu, the device's %llu..%llu\n",
             (unsigned long long)g_r[i].info.device_start, (unsigned long long)g_r[i].info.device_end,
             (unsigned long long)dev.device_start, (unsigned long long)dev.device_end);
      right = 0;
    }
  pthread_mutex_unlock(&g_lock);
  if (!right) assert_true(warnings("zeDeviceGetGlobalTimestamps") >= 1);
  expect_recovery(&w, 0);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* A module's kernel names cannot be read: the module loads, its kernels keep their names. */
static void test_module_get_kernel_names(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  fail_spec("zeModuleGetKernelNames:*:ZE_RESULT_ERROR_DEVICE_LOST");
  static const char text[] = "kernel named 0\n";
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof text - 1,
                         (const uint8_t*)text, NULL, NULL};
  ze_module_handle_t m = NULL;
  assert_int_equal(zeModuleCreate(w.ctx, S.device, &md, &m, NULL), ZE_RESULT_SUCCESS);
  fail_spec(NULL);
  assert_true(warnings("zeModuleGetKernelNames") >= 1);
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "named"};
  ze_kernel_handle_t k = NULL;
  ZE_CHECK(zeKernelCreate(m, &kd, &k));
  f_reset();
  ze_launch(w.imm, k, w.e_ts);
  expect_signalled(w.e_ts, "kernel-timestamp event");
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  pthread_mutex_lock(&g_lock);
  assert_true(g_n >= 2);
  assert_string_equal(g_r[0].text, "named");
  pthread_mutex_unlock(&g_lock);
  ZE_CHECK(zeKernelDestroy(k));
  ZE_CHECK(zeModuleDestroy(m));
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* A kernel made before the library's tracer existed: its name is asked from Level Zero, which
   fails; the launch works; once the fault is gone the name is known. */
static void test_kernel_get_name(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  fail_spec("zeKernelGetName:*:ZE_RESULT_ERROR_DEVICE_LOST");
  ze_group_count_t g = {1, 1, 1};
  assert_int_equal(zeCommandListAppendLaunchKernel(w.imm, K_EARLY, &g, w.e_ts, 0, NULL), ZE_RESULT_SUCCESS);
  expect_signalled(w.e_ts, "kernel-timestamp event");
  fail_spec(NULL);
  assert_true(warnings("zeKernelGetName") >= 1);
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  f_reset();
  ZE_CHECK(zeEventHostReset(w.e_ts));
  assert_int_equal(zeCommandListAppendLaunchKernel(w.imm, K_EARLY, &g, w.e_ts, 0, NULL), ZE_RESULT_SUCCESS);
  expect_signalled(w.e_ts, "kernel-timestamp event");
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  pthread_mutex_lock(&g_lock);
  assert_true(g_n >= 2);
  assert_string_equal(g_r[0].text, "early");
  pthread_mutex_unlock(&g_lock);
  size_t lost = 0, expected = 0;
  assert_int_equal(check_at_most_once(&lost, &expected), 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* Memory types cannot be asked: copies still copy, complete, and are named (as plain memory). */
static void test_mem_get_alloc_properties(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  memset(w.host, 0xab, 256);
  fail_spec("zeMemGetAllocProperties:*:ZE_RESULT_ERROR_DEVICE_LOST");
  ZE_CHECK(zeCommandListAppendMemoryCopy(w.imm, w.dev, w.host, 256, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopy(w.imm, (uint8_t*)w.host + 1024, w.dev, 256, w.e_ts, 0, NULL));
  expect_signalled(w.e_ts, "kernel-timestamp event");
  fail_spec(NULL);
  for (int i = 0; i < 256; i++) assert_int_equal(((uint8_t*)w.host)[1024 + i], 0xab);
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  size_t lost = 0, expected = 0;
  assert_int_equal(check_at_most_once(&lost, &expected), 2);
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++)
    if (g_r[i].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED)
      assert_non_null(strstr(g_r[i].text, "zeCommandListAppendMemoryCopy("));
  pthread_mutex_unlock(&g_lock);
  expect_recovery(&w, 0);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

/* Every function the library calls for itself fails at once, for a while: the application's
   work runs as it would, and the library comes back. */
static void test_everything_fails(void** state) {
  (void)state;
  world w;
  world_open(&w);
  subscribe_all();
  record_list(&w);
  fail_spec("zeEventPoolCreate:*:ZE_RESULT_ERROR_DEVICE_LOST, zeEventCreate:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeEventQueryKernelTimestamp:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeCommandListCreate:*:ZE_RESULT_ERROR_DEVICE_LOST, zeCommandListReset:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeCommandListAppendQueryKernelTimestamps:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeMemAllocHost:*:ZE_RESULT_ERROR_DEVICE_LOST, zeDeviceGetGlobalTimestamps:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeModuleGetKernelNames:*:ZE_RESULT_ERROR_DEVICE_LOST, zeKernelGetName:*:ZE_RESULT_ERROR_DEVICE_LOST,"
            "zeMemGetAllocProperties:*:ZE_RESULT_ERROR_DEVICE_LOST");
  for (int round = 0; round < 3; round++) {
    workload(&w, 1);
    rearm(&w);
  }
  assert_int_equal(pticFlush(500000000ull), PTI_SUCCESS);
  fail_spec(NULL);
  assert_true(warnings(NULL) >= 1);
  rerecord(&w);
  expect_recovery(&w, 1);
  assert_int_equal(ptiCallbackUnsubscribe(g_sub), PTI_SUCCESS);
  world_close(&w);
}

static int setup(void** state) {
  (void)state;
  /* a kernel the library will not have seen created */
  ZE_CHECK(zeInit(0));
  ze_driver_handle_t drv;
  ze_device_handle_t dev;
  uint32_t n = 1;
  ZE_CHECK(zeDriverGet(&n, &drv));
  n = 1;
  ZE_CHECK(zeDeviceGet(drv, &n, &dev));
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_context_handle_t early_ctx;
  ZE_CHECK(zeContextCreate(drv, &cd, &early_ctx));
  static const char early_text[] = "kernel early 0\n";
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof early_text - 1,
                         (const uint8_t*)early_text, NULL, NULL};
  ZE_CHECK(zeModuleCreate(early_ctx, dev, &md, &M_EARLY, NULL));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "early"};
  ZE_CHECK(zeKernelCreate(M_EARLY, &kd, &K_EARLY));
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  M0 = ze_module_from_text(&S, "kernel k0 0\nkernel klong 5000000\n");
  K0 = ze_kernel(M0, "k0");
  KLONG = ze_kernel(M0, "klong");
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ZE_CHECK(zeKernelDestroy(K0));
  ZE_CHECK(zeKernelDestroy(KLONG));
  ZE_CHECK(zeModuleDestroy(M0));
  ZE_CHECK(zeKernelDestroy(K_EARLY));
  ZE_CHECK(zeModuleDestroy(M_EARLY));
  ze_session_close(&S);
  free(g_r);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(test_event_pool_create, scenario_done),
      cmocka_unit_test_teardown(test_event_create, scenario_done),
      cmocka_unit_test_teardown(test_event_query_status, scenario_done),
      cmocka_unit_test_teardown(test_event_query_kernel_timestamp, scenario_done),
      cmocka_unit_test_teardown(test_event_host_reset, scenario_done),
      cmocka_unit_test_teardown(test_harvest_list_create, scenario_done),
      cmocka_unit_test_teardown(test_harvest_list_reset, scenario_done),
      cmocka_unit_test_teardown(test_harvest_list_close, scenario_done),
      cmocka_unit_test_teardown(test_harvest_query_timestamps, scenario_done),
      cmocka_unit_test_teardown(test_mem_alloc_host, scenario_done),
      cmocka_unit_test_teardown(test_harvest_list_reused, scenario_done),
      cmocka_unit_test_teardown(test_global_timestamps, scenario_done),
      cmocka_unit_test_teardown(test_module_get_kernel_names, scenario_done),
      cmocka_unit_test_teardown(test_kernel_get_name, scenario_done),
      cmocka_unit_test_teardown(test_mem_get_alloc_properties, scenario_done),
      cmocka_unit_test_teardown(test_everything_fails, scenario_done),
      /* last: when they fail they leave an operation or a list behind */
      cmocka_unit_test_teardown(test_lost_event_not_reused_while_running, scenario_done),
      cmocka_unit_test_teardown(test_chain_barrier, scenario_done),
  };
  return cmocka_run_group_tests_name("injected faults", tests, setup, teardown);
}
