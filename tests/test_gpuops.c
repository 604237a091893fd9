/* test_gpuops.c - DISPATCHED and COMPLETED on the simulated device: every operation completed
   exactly once, after the device finished it, with the device's timestamps; events of every
   kind; regular lists executed many times; an application that never synchronises. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static ze_session S;
static ze_sim_hooks_t SIM;
static ze_kernel_handle_t K0; /* a kernel of 0 ns */
static ze_module_handle_t M0;


/* The poller is announced through INTERNAL_THREADS when COMPLETED is first enabled (this test
   runs first, before anything started the poller). */
static uint32_t g_thread_start_tid, g_thread_starts;
static void threads_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                       pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain != PTI_CB_DOMAIN_INTERNAL_THREADS) return;
  const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
  ptic_record_info info;
  if (d->_phase == PTI_CB_PHASE_INTERNAL_THREAD_START && pticGetRecordInfo(cb_data, &info) == PTI_SUCCESS) {
    __atomic_store_n(&g_thread_start_tid, info.thread_id, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&g_thread_starts, 1, __ATOMIC_SEQ_CST);
  }
}

static void test_poller_announced(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, threads_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_THREADS, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  for (int i = 0; i < 2000 && !__atomic_load_n(&g_thread_starts, __ATOMIC_SEQ_CST); i++) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(g_thread_starts, 1);
  assert_int_not_equal(g_thread_start_tid, (uint32_t)syscall(SYS_gettid)); /* its own thread */
}

/* ---- a subscriber that records APPENDED, DISPATCHED and COMPLETED operations ---- */

typedef struct op_rec {
  pti_callback_domain domain;
  pti_callback_phase phase;
  uint64_t op_id, kernel_handle;
  ptic_op_info info;
  void* list;
  void* queue;
  char name[48];
} op_rec;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static op_rec* g_ops;
static size_t g_n, g_cap;
static uint64_t g_info_errors;
static int g_op_cb_events; /* INTERNAL_EVENT records op_cb got */

static void ops_reset(void) {
  pthread_mutex_lock(&g_lock);
  g_n = 0;
  g_info_errors = 0;
  pthread_mutex_unlock(&g_lock);
}

static void op_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                  pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) __atomic_add_fetch(&g_op_cb_events, 1, __ATOMIC_RELAXED);
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED &&
      domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED &&
      domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    return;
  pti_callback_gpu_op_data* g = (pti_callback_gpu_op_data*)cb_data;
  pthread_mutex_lock(&g_lock);
  for (uint32_t i = 0; i < g->_operation_count; i++) {
    if (g_n == g_cap) {
      g_cap = g_cap ? g_cap * 2 : 1024;
      g_ops = (op_rec*)realloc(g_ops, g_cap * sizeof *g_ops);
    }
    op_rec* r = &g_ops[g_n++];
    memset(r, 0, sizeof *r);
    r->domain = domain;
    r->phase = g->_phase;
    r->op_id = g->_operation_details[i]._operation_id;
    r->kernel_handle = g->_operation_details[i]._kernel_handle;
    r->list = g->_cmd_list_handle;
    r->queue = g->_queue_handle;
    if (g->_operation_details[i]._name) snprintf(r->name, sizeof r->name, "%s", g->_operation_details[i]._name);
    if (pticGetOperationInfo(cb_data, i, &r->info) != PTI_SUCCESS) g_info_errors++;
    if (r->info.operation_id != r->op_id) g_info_errors++;
  }
  if (pticGetOperationInfo(cb_data, g->_operation_count, &g_ops[0].info) != PTI_ERROR_BAD_ARGUMENT) g_info_errors++;
  if (pticGetOperationInfo(cb_data, 0, NULL) != PTI_ERROR_BAD_ARGUMENT) g_info_errors++;
  pthread_mutex_unlock(&g_lock);
}

/* Records of one domain and phase (0: any), copied out. */
static size_t ops_select(pti_callback_domain d, pti_callback_phase p, op_rec* out, size_t max) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    if (g_ops[i].domain != d || (p && g_ops[i].phase != p)) continue;
    if (k < max) out[k] = g_ops[i];
    k++;
  }
  pthread_mutex_unlock(&g_lock);
  return k;
}

static size_t ops_count(pti_callback_domain d) { return ops_select(d, 0, NULL, 0); }

/* Wait (bounded) until n COMPLETED operations arrived, without any Level Zero call. */
static size_t wait_completed(size_t n, int seconds) {
  for (int i = 0; i < seconds * 1000; i++) {
    size_t c = ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED);
    if (c >= n) return c;
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  return ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED);
}

/* The device's own records of the kernels it ran on `list` (or, with queue set, on `queue`). */
static size_t sim_kernels(void* list, void* queue, ze_sim_command_record_t* out, size_t max) {
  size_t k = 0, n = SIM.LogCount();
  for (size_t i = 0; i < n; i++) {
    ze_sim_command_record_t r;
    if (SIM.LogGet(i, &r) != ZE_RESULT_SUCCESS) continue;
    if (r.kind != ZE_SIM_CMD_KERNEL) continue;
    if (queue ? (void*)r.queue != queue : (void*)r.command_list != list) continue;
    if (k < max) out[k] = r;
    k++;
  }
  return k;
}

static pti_callback_subscriber_handle g_last; /* unsubscribed by test_done if a test failed */

static pti_callback_subscriber_handle subscribe_ops(int appended, int dispatched) {
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, op_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  if (appended)
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  if (dispatched)
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 1, 1), PTI_SUCCESS);
  g_last = h;
  return h;
}

/* After each test: whatever a failed test left behind goes. */
static int test_done(void** state) {
  (void)state;
  ptiCallbackUnsubscribe(g_last); /* PTI_ERROR_BAD_ARGUMENT when the test did it */
  g_last = NULL;
  SIM.SetPaused(0);
  pticSetPollInterval(1000);
  ze_drain(&S, S.imm);
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  return 0;
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  M0 = ze_module_from_text(&S, "kernel k0 0\n");
  K0 = ze_kernel(M0, "k0");
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ZE_CHECK(zeKernelDestroy(K0));
  ZE_CHECK(zeModuleDestroy(M0));
  ze_session_close(&S);
  free(g_ops);
  /* the library's objects went with the context: the driver holds nothing */
  assert_int_equal(SIM.LiveObjectCount(), 0);
  return 0;
}

/* Each APPENDED operation completes exactly once; times equal the device's. */
static void check_exactly_once(void* list, void* queue, size_t expected) {
  op_rec* a = (op_rec*)calloc(expected + 1, sizeof *a);
  op_rec* c = (op_rec*)calloc(expected + 1, sizeof *c);
  ze_sim_command_record_t* dev = (ze_sim_command_record_t*)calloc(expected + 1, sizeof *dev);
  size_t nc = ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, expected + 1);
  assert_int_equal(nc, expected);
  size_t nd = sim_kernels(list, queue, dev, expected + 1);
  assert_int_equal(nd, expected);
  for (size_t i = 0; i < nc; i++) {
    assert_int_equal(c[i].phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(c[i].info.status, PTIC_OP_COMPLETED);
    for (size_t j = 0; j < i; j++) assert_true(c[i].info.execution_id != c[j].info.execution_id);
  }
  /* completions of one in-order stream come in order: match them to the device's records */
  for (size_t i = 0; i < nc; i++) {
    assert_true(c[i].info.device_end >= c[i].info.device_start);
    assert_true(c[i].info.device_start == dev[i].device_start);
    assert_true(c[i].info.device_end == dev[i].device_end);
    assert_true(c[i].info.end_ns >= c[i].info.start_ns);
    /* the same clock: the device ended before the host saw it end (one tick of rounding), and
       not long before (generous for sanitizers) */
    assert_true(c[i].info.end_ns <= dev[i].host_end_ns + 100);
    assert_true(c[i].info.end_ns + 200000000ull >= dev[i].host_end_ns);
  }
  assert_int_equal(g_info_errors, 0);
  free(a);
  free(c);
  free(dev);
}

static void test_immediate_no_event(void** state) {
  (void)state;
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(1, 0);
  for (int i = 0; i < 20; i++) ze_launch(S.imm, (i % 3) ? K0 : S.vmul, NULL);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  op_rec a[20], c[20];
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, a, 20), 20);
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 20), 20);
  for (int i = 0; i < 20; i++) {
    assert_true(a[i].op_id == c[i].op_id);
    assert_true(a[i].kernel_handle == c[i].kernel_handle);
    assert_string_equal(a[i].name, c[i].name);
    assert_ptr_equal(c[i].queue, S.imm);
    assert_true(c[i].info.execution_id == a[i].op_id); /* immediate: the same */
  }
  check_exactly_once(S.imm, NULL, 20);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* The application's event is signalled as it would be, whatever its kind. */
static void test_immediate_app_events(void** state) {
  (void)state;
  const ze_event_pool_flags_t kinds[3] = {0, ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                                          ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP};
  for (int k = 0; k < 3; k++) {
    SIM.LogClear();
    ops_reset();
    pti_callback_subscriber_handle h = subscribe_ops(0, 0);
    ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, kinds[k], 2};
    ze_event_pool_handle_t pool;
    ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &pool));
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ze_event_handle_t ev;
    ZE_CHECK(zeEventCreate(pool, &ed, &ev));
    for (int round = 0; round < 3; round++) { /* the event reused after reset */
      ze_launch(S.imm, S.vmul, ev);
      ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
      if (kinds[k] & ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP) {
        /* the application reads its own kernel timestamps: the operation's, not a barrier's */
        ze_kernel_timestamp_result_t ts;
        ZE_CHECK(zeEventQueryKernelTimestamp(ev, &ts));
        ze_sim_command_record_t dev[4];
        size_t nd = sim_kernels(S.imm, NULL, dev, 4);
        assert_int_equal(nd, (size_t)round + 1);
        assert_int_equal(ts.global.kernelStart, (uint32_t)dev[round].device_start);
        assert_int_equal(ts.global.kernelEnd, (uint32_t)dev[round].device_end);
      }
      ZE_CHECK(zeEventHostReset(ev));
      assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    }
    assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
    check_exactly_once(S.imm, NULL, 3);
    assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
    ZE_CHECK(zeEventDestroy(ev));
    ZE_CHECK(zeEventPoolDestroy(pool));
  }
}

/* One launch (list and kernel) that signals in turn an event without timestamps and one of a
   KERNEL_TIMESTAMP pool, with no object created in between: each call decides for its own event
   (the fast path keeps the last decision for its launch). The timestamp event stays the
   operation's, so the application reads the kernel's own timestamps; the other gets the
   library's event in front. */
static void test_app_event_kinds_alternate(void** state) {
  (void)state;
  const ze_event_pool_flags_t kinds[2] = {ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                                          ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP};
  ze_event_pool_handle_t pool[2];
  ze_event_handle_t ev[2];
  for (int k = 0; k < 2; k++) ev[k] = ze_pool_event(&S, kinds[k], &pool[k]);
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  enum { N = 8 };
  for (int i = 0; i < N; i++) {
    const int k = i % 2;
    ze_launch(S.imm, S.vmul, ev[k]);
    ZE_CHECK(zeEventHostSynchronize(ev[k], UINT64_MAX));
    ze_sim_command_record_t dev[N];
    assert_int_equal(sim_kernels(S.imm, NULL, dev, N), (size_t)i + 1);
    if (k == 1) { /* the operation's timestamps, not a barrier's */
      ze_kernel_timestamp_result_t ts;
      ZE_CHECK(zeEventQueryKernelTimestamp(ev[k], &ts));
      assert_int_equal(ts.global.kernelStart, (uint32_t)dev[i].device_start);
      assert_int_equal(ts.global.kernelEnd, (uint32_t)dev[i].device_end);
    }
    ZE_CHECK(zeEventHostReset(ev[k]));
    assert_int_equal(zeEventQueryStatus(ev[k]), ZE_RESULT_NOT_READY);
  }
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  check_exactly_once(S.imm, NULL, N);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  for (int k = 0; k < 2; k++) {
    ZE_CHECK(zeEventDestroy(ev[k]));
    ZE_CHECK(zeEventPoolDestroy(pool[k]));
  }
}

/* An immediate list reset between two launches of the same kernel: the reset collects what it
   had and closes its queue of pending operations, with no object created or destroyed, and the
   next launch's operation goes to a queue that is collected (the fast path keeps the list's
   queue from launch to launch, checked at each use). */
static void test_immediate_reset_between_launches(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = ze_pool_event(&S, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, &pool);
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  for (int i = 0; i < 3; i++) {
    ze_launch(S.imm, S.vmul, ev);
    ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
    ZE_CHECK(zeEventHostReset(ev));
    assert_int_equal(ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), (size_t)i + 1);
    ZE_CHECK(zeCommandListReset(S.imm));
  }
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  check_exactly_once(S.imm, NULL, 3);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* A COMPLETED record as a subscriber saw it, and what its callback did to the registry. */
typedef struct done_rec {
  uint32_t n, api_id;
  pti_backend_ctx_t ctx;
  pti_callback_gpu_op_data g;
  pti_gpu_op_details d;
  char name[32];
  ptic_op_info info;
  pti_result info_ok;
  pti_callback_subscriber_handle unsubscribe; /* at the first COMPLETED: this one goes */
} done_rec;
static void done_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                    void* cb_data, void* user, void** instance) {
  (void)group; (void)instance;
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) return;
  done_rec* r = (done_rec*)user;
  r->n++;
  r->api_id = api_id;
  r->ctx = ctx;
  r->g = *(const pti_callback_gpu_op_data*)cb_data;
  r->d = r->g._operation_details[0];
  snprintf(r->name, sizeof r->name, "%s", r->d._name ? r->d._name : "");
  r->info_ok = pticGetOperationInfo(cb_data, 0, &r->info);
  if (r->unsubscribe) {
    assert_int_equal(ptiCallbackUnsubscribe(r->unsubscribe), PTI_SUCCESS);
    r->unsubscribe = NULL;
  }
}
static pti_callback_subscriber_handle subscribe_done(done_rec* r) {
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, done_cb, r), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  return h;
}
/* One launch on the immediate list signalling ev, then its synchronisation; ev reset. */
static void launch_and_sync(ze_event_handle_t ev) {
  ze_launch(S.imm, S.vmul, ev);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(zeEventHostReset(ev));
}

/* The COMPLETED record of an operation collected by its own thread's synchronisation when it is
   the only one (the delivery through the published set), of one collected by pticFlush, and of
   one of two collected by one synchronisation (the general deliveries): the same fields, the
   same view through pticGetOperationInfo. */
static void test_completed_same_either_path(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = ze_pool_event(&S, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, &pool);
  pticSetPollInterval(0); /* no poller: the synchronisation collects */
  done_rec r[3];
  memset(r, 0, sizeof r);
  pti_callback_subscriber_handle h = subscribe_done(&r[0]);
  launch_and_sync(ev); /* the set (one operation pending) */
  assert_int_equal(r[0].n, 1);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  h = subscribe_done(&r[1]);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS); /* the ready list's delivery */
  assert_int_equal(r[1].n, 1);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  h = subscribe_done(&r[2]);
  ze_launch(S.imm, S.vmul, NULL);
  launch_and_sync(ev); /* two pending: the general delivery, one record for both */
  assert_int_equal(r[2].n, 1);
  assert_int_equal(r[2].g._operation_count, 2);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  for (int i = 0; i < 3; i++) {
    const done_rec* x = &r[i];
    assert_int_equal(x->g._domain, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED);
    assert_int_equal(x->g._phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(x->g._return_code, 0);
    assert_int_equal(x->g._cmd_list_properties, PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE);
    assert_ptr_equal(x->g._cmd_list_handle, S.imm);
    assert_ptr_equal(x->g._queue_handle, S.imm);
    assert_ptr_equal(x->g._device_handle, S.device);
    assert_ptr_equal(x->ctx, S.context);
    assert_int_equal(x->d._operation_kind, PTI_GPU_OPERATION_KIND_KERNEL);
    assert_int_equal(x->d._kernel_handle, r[0].d._kernel_handle);
    assert_string_equal(x->name, "vmul");
    assert_int_equal(x->info_ok, PTI_SUCCESS);
    assert_true(x->info.operation_id == x->d._operation_id);
    assert_true(x->info.execution_id == x->d._operation_id);
    assert_int_equal(x->info.status, PTIC_OP_COMPLETED);
    assert_int_equal(x->info.append_correlation_id, x->g._correlation_id);
    assert_int_equal(x->info.submit_correlation_id, x->g._correlation_id);
    assert_int_equal(x->info.thread_id, r[0].info.thread_id);
    assert_ptr_equal(x->info.cmd_list, S.imm);
    assert_ptr_equal(x->info.queue, S.imm);
    assert_true(x->info.device_start < x->info.device_end);
    assert_true(x->info.start_ns < x->info.end_ns);
    if (i) assert_true(x->d._operation_id > r[i - 1].d._operation_id);
  }
  assert_int_equal(r[0].api_id, zeEventHostSynchronize_id);
  assert_int_equal(r[1].api_id, zeEventQueryKernelTimestamp_id); /* noticed by the library itself */
  assert_int_equal(r[2].api_id, zeEventHostSynchronize_id);
  assert_int_equal(r[0].g._operation_count, 1);
  assert_int_equal(r[1].g._operation_count, 1);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* For two subscribers' records: an event of the application's, no poller (the
   synchronisation collects), both records empty. */
static ze_event_handle_t two_records(ze_event_pool_handle_t* pool, done_rec* a, done_rec* b) {
  ze_event_handle_t ev = ze_pool_event(&S, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, pool);
  pticSetPollInterval(0);
  memset(a, 0, sizeof *a);
  memset(b, 0, sizeof *b);
  return ev;
}

/* The times of a record the synchronisation delivers through the set are converted when a
   callback first asks for them (pticGetOperationInfo): every subscriber that asks sees the
   same view. Unbelievable timestamps found then give PTIC_OP_BAD_TIMES; their warning comes
   once the COMPLETED callbacks have returned and before the synchronisation returns, never
   inside the callback that asked. */
static int g_in_done; /* a COMPLETED callback of this test runs */
static uint32_t g_bad_warnings, g_bad_warnings_inside;
static void times_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                     void* cb_data, void* user, void** instance) {
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "timestamps that are not believable")) {
      g_bad_warnings++;
      g_bad_warnings_inside += (uint32_t)g_in_done;
    }
    return;
  }
  g_in_done = 1;
  done_cb(domain, group, api_id, ctx, cb_data, user, instance);
  g_in_done = 0;
}
static void test_completed_times_when_asked(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  done_rec a, b;
  ze_event_handle_t ev = two_records(&pool, &a, &b);
  pti_callback_subscriber_handle ha, hb;
  assert_int_equal(ptiCallbackSubscribe(&ha, times_cb, &a), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(ha, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(ha, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&hb, times_cb, &b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(hb, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  g_bad_warnings = g_bad_warnings_inside = 0;
  launch_and_sync(ev); /* one operation pending: the set's delivery */
  assert_int_equal(a.n, 1);
  assert_int_equal(b.n, 1);
  assert_int_equal(a.api_id, zeEventHostSynchronize_id);
  assert_int_equal(a.info_ok, PTI_SUCCESS);
  assert_int_equal(b.info_ok, PTI_SUCCESS);
  assert_int_equal(a.info.status, PTIC_OP_COMPLETED);
  assert_true(a.info.device_start < a.info.device_end);
  assert_true(a.info.start_ns > 0 && a.info.start_ns < a.info.end_ns);
  assert_memory_equal(&a.info, &b.info, sizeof a.info); /* converted once, seen alike */
  assert_int_equal(g_bad_warnings, 0);
  SIM.SetTimestampFault(ZE_SIM_TS_REVERSED);
  launch_and_sync(ev);
  SIM.SetTimestampFault(ZE_SIM_TS_OK);
  assert_int_equal(a.n, 2);
  assert_int_equal(b.n, 2);
  assert_int_equal(a.api_id, zeEventHostSynchronize_id);
  assert_int_equal(a.g._operation_count, 1);
  assert_int_equal(a.info.status, PTIC_OP_BAD_TIMES);
  assert_int_equal(a.info.device_start, 0);
  assert_int_equal(a.info.end_ns, 0);
  assert_memory_equal(&a.info, &b.info, sizeof a.info);
  assert_int_equal(g_bad_warnings, 1); /* before the synchronisation returned */
  assert_int_equal(g_bad_warnings_inside, 0);
  assert_int_equal(ptiCallbackUnsubscribe(hb), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(ha), PTI_SUCCESS);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* The delivery through the set follows the registry: a subscriber that turned COMPLETED off
   after the append gets nothing, nor one that turned it on after the append, and one unsubscribed by another's COMPLETED callback during
   the delivery gets nothing after that (COMPLETED goes to the newest subscription first). */
static void test_completed_set_follows_registry(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  done_rec a, b;
  ze_event_handle_t ev = two_records(&pool, &a, &b);
  pti_callback_subscriber_handle ha = subscribe_done(&a), hb = subscribe_done(&b);
  launch_and_sync(ev);
  assert_int_equal(a.n, 1);
  assert_int_equal(b.n, 1);
  /* turned off between the append and the synchronisation */
  ze_launch(S.imm, S.vmul, ev);
  assert_int_equal(ptiCallbackDisableDomain(ha, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), PTI_SUCCESS);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(zeEventHostReset(ev));
  assert_int_equal(a.n, 1);
  assert_int_equal(b.n, 2);
  /* turned on between the append and the synchronisation: not for this operation */
  ze_launch(S.imm, S.vmul, ev);
  assert_int_equal(ptiCallbackEnableDomain(ha, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(zeEventHostReset(ev));
  assert_int_equal(a.n, 1);
  assert_int_equal(b.n, 3);
  /* both; then b, called first, unsubscribes a */
  launch_and_sync(ev);
  assert_int_equal(a.n, 2);
  assert_int_equal(b.n, 4);
  b.unsubscribe = ha;
  launch_and_sync(ev);
  assert_int_equal(b.n, 5);
  assert_ptr_equal(b.unsubscribe, NULL);
  assert_int_equal(a.n, 2);
  launch_and_sync(ev);
  assert_int_equal(b.n, 6);
  assert_int_equal(a.n, 2);
  assert_int_equal(ptiCallbackUnsubscribe(hb), PTI_SUCCESS);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* Regular list executed several times: DISPATCHED per execution, COMPLETED per execution. */
static void test_regular_executions(void** state) {
  (void)state;
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(1, 1);
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t list;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &list));
  ze_launch(list, S.vmul, NULL);
  ze_launch(list, K0, NULL);
  ze_launch(list, S.vadd, NULL);
  ZE_CHECK(zeCommandListClose(list));
  const int runs = 4;
  for (int r = 0; r < runs; r++) ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);

  op_rec a[3], d[2 * 3 * 4], c[3 * 4];
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, a, 3), 3);
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, d, 24), 24);
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 12), 12);
  for (int r = 0; r < runs; r++) {
    for (int i = 0; i < 3; i++) {
      op_rec* en = &d[r * 6 + i];
      op_rec* ex = &d[r * 6 + 3 + i];
      assert_int_equal(en->phase, PTI_CB_PHASE_API_ENTER);
      assert_int_equal(ex->phase, PTI_CB_PHASE_API_EXIT);
      /* PTI's rule: every execution carries the APPENDED record's operation id; the
         execution is told apart by execution_id */
      assert_true(en->op_id == a[i].op_id);
      assert_true(ex->op_id == a[i].op_id);
      assert_true(en->info.operation_id == a[i].op_id);
      assert_true(en->info.execution_id == ex->info.execution_id);
      assert_true(en->info.execution_id != a[i].op_id);
      for (int q = 0; q < r; q++) assert_true(en->info.execution_id != d[q * 6 + i].info.execution_id);
      assert_ptr_equal(en->queue, S.queue);
      assert_ptr_equal(en->list, list);
      /* the completion of this execution's operation */
      assert_true(c[r * 3 + i].op_id == a[i].op_id);
      assert_true(c[r * 3 + i].info.execution_id == en->info.execution_id);
      assert_true(c[r * 3 + i].kernel_handle == a[i].kernel_handle);
    }
  }
  check_exactly_once(NULL, S.queue, 12);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeCommandListDestroy(list));
}

/* An application that never synchronises still gets its completions (the poller). */
static uint64_t g_api_calls;
static void api_count_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                         pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  if (domain == PTI_CB_DOMAIN_DRIVER_API) __atomic_add_fetch(&g_api_calls, 1, __ATOMIC_RELAXED);
}

static void test_never_syncs(void** state) {
  (void)state;
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  pti_callback_subscriber_handle api;
  assert_int_equal(ptiCallbackSubscribe(&api, api_count_cb, NULL), PTI_SUCCESS);
  for (int i = 0; i < 10; i++) ze_launch(S.imm, K0, NULL);
  /* from here the application makes no Level Zero call: DRIVER_API must stay silent while the
     library's poller queries events, reads timestamps and resets them */
  assert_int_equal(ptiCallbackEnableDomain(api, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  g_api_calls = 0;
  assert_int_equal(wait_completed(10, 10), 10);
  assert_int_equal(ptiCallbackUnsubscribe(api), PTI_SUCCESS);
  assert_int_equal(g_api_calls, 0);
  check_exactly_once(S.imm, NULL, 10);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* None reported before the device finished it: hold the device, nothing completes. */
static void test_not_before_device(void** state) {
  (void)state;
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  SIM.SetPaused(1);
  for (int i = 0; i < 5; i++) ze_launch(S.imm, K0, NULL);
  assert_int_equal(pticFlush(20000000ull), PTI_ERROR_INTERNAL); /* still pending */
  assert_int_equal(ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), 0);
  SIM.SetPaused(0);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  check_exactly_once(S.imm, NULL, 5);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* Many appends before the first synchronisation. */
static void test_many_pending(void** state) {
  (void)state;
  const int n = under_valgrind() ? 20000 : 100000; /* valgrind is slow */
  SIM.LogClear();
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* no poller: all pending until the sync */
  SIM.SetPaused(1);
  for (int i = 0; i < n; i++) ze_launch(S.imm, K0, NULL);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(30000000000ull), PTI_SUCCESS);
  assert_int_equal(ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), n + 1); /* + the drain barrier */
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}


/* A synchronising call that returns anything but ZE_RESULT_SUCCESS proves nothing finished, so
   it collects nothing: an application that polls zeEventQueryStatus pays no collection per poll.
   While it polls, every read of an event fails, so a collection then would report the operation
   lost; once the device runs and the wait succeeds, it is COMPLETED. (The poller is off.) Twice:
   with COMPLETED alone (the calls get no frame), and with HOST_SYNCHRONIZATION and DRIVER_API on
   too (each call has a frame and its records). */
static void test_not_ready_sync_collects_nothing(void** state) {
  (void)state;
  for (int framed = 0; framed < 2; framed++) {
    ops_reset();
    pti_callback_subscriber_handle h = subscribe_ops(0, 0);
    if (framed) {
      assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 1, 1), PTI_SUCCESS);
      assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
    }
    assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
    /* the poller reads the interval before each sleep: the sleep it is in (1 ms) and one more
       round may still come; a round while the reads fail would report the operation lost */
    struct timespec settle = {0, 100000000};
    nanosleep(&settle, NULL);
    ze_event_pool_handle_t pool;
    ze_event_handle_t ev = ze_pool_event(&S, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, &pool); /* the library's event signals */
    SIM.SetPaused(1);
    ze_launch(S.imm, S.vmul, ev);
    assert_int_equal(SIM.SetFailSpec("zeEventQueryKernelTimestamp:*:ZE_RESULT_ERROR_DEVICE_LOST"), ZE_RESULT_SUCCESS);
    for (int i = 0; i < 3; i++) {
      assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
      assert_int_equal(zeEventHostSynchronize(ev, 0), ZE_RESULT_NOT_READY);
    }
    assert_int_equal(SIM.SetFailSpec(NULL), ZE_RESULT_SUCCESS);
    SIM.SetPaused(0);
    ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
    op_rec c[2];
    assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 2), 1);
    assert_int_equal(c[0].info.status, PTIC_OP_COMPLETED);
    assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
    assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
    ZE_CHECK(zeEventDestroy(ev));
    ZE_CHECK(zeEventPoolDestroy(pool));
  }
}

/* Copies, fills and barriers complete too, with the device's timestamps. */
static void test_memory_operations(void** state) {
  (void)state;
  SIM.LogClear();
  ops_reset();
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void *host = NULL, *dev = NULL;
  ZE_CHECK(zeMemAllocHost(S.context, &hd, 4096, 64, &host));
  ZE_CHECK(zeMemAllocDevice(S.context, &dd, 4096, 64, S.device, &dev));
  memset(host, 0x5a, 4096);
  pti_callback_subscriber_handle h = subscribe_ops(1, 0);
  uint32_t pattern = 0x01020304;
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, dev, host, 4096, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendBarrier(S.imm, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryFill(S.imm, host, &pattern, sizeof pattern, 4096, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, (char*)host + 1024, dev, 1024, NULL, 0, NULL));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  op_rec c[4];
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 4), 4);
  assert_string_equal(c[0].name, "zeCommandListAppendMemoryCopy(H2D)");
  assert_string_equal(c[1].name, "zeCommandListAppendBarrier");
  assert_string_equal(c[2].name, "zeCommandListAppendMemoryFill(H)");
  assert_string_equal(c[3].name, "zeCommandListAppendMemoryCopy(D2H)");
  /* the device's records of these four commands, in order */
  const ze_sim_command_kind_t kinds[4] = {ZE_SIM_CMD_COPY, ZE_SIM_CMD_BARRIER, ZE_SIM_CMD_FILL, ZE_SIM_CMD_COPY};
  size_t k = 0, n = SIM.LogCount();
  for (size_t i = 0; i < n && k < 4; i++) {
    ze_sim_command_record_t r;
    ZE_CHECK(SIM.LogGet(i, &r));
    if ((void*)r.command_list != (void*)S.imm || r.kind != kinds[k]) continue;
    assert_true(c[k].info.device_start == r.device_start);
    assert_true(c[k].info.device_end == r.device_end);
    k++;
  }
  assert_int_equal(k, 4);
  /* the data is what it would be without the library */
  assert_int_equal(((uint32_t*)host)[0], pattern);
  assert_int_equal(((unsigned char*)host)[1024], 0x5a);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeMemFree(S.context, host));
  ZE_CHECK(zeMemFree(S.context, dev));
}

/* A thread that appends a launch, a copy and a fill in turn, with two kernels and memory of two
   kinds, takes the descriptions it made before back (ptic__ze_desc_take) instead of describing
   its frame anew: every APPENDED and COMPLETED record names its own operation, on an immediate
   and on a regular list, also once the first list's objects changed (a kernel destroyed). */
static void test_kept_descriptions_alternate(void** state) {
  (void)state;
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void *host = NULL, *dev = NULL;
  ZE_CHECK(zeMemAllocHost(S.context, &hd, 4096, 64, &host));
  ZE_CHECK(zeMemAllocDevice(S.context, &dd, 4096, 64, S.device, &dev));
  ze_kernel_handle_t k2 = ze_kernel(S.module, "vmul"); /* (a kernel of this test's own, destroyed below) */
  static const char* const names[6] = {"vadd", "zeCommandListAppendMemoryCopy(H2D)", "zeCommandListAppendMemoryFill(D)",
                                       "vmul", "zeCommandListAppendMemoryCopy(D2H)", "zeCommandListAppendMemoryFill(H)"};
  const ze_group_count_t groups = {1, 1, 1};
  const uint32_t pattern = 7;
  ZE_CHECK(zeCommandListReset(S.list));
  for (int l = 0; l < 2; l++) {
    ze_command_list_handle_t list = l == 0 ? S.imm : S.list;
    ops_reset();
    pti_callback_subscriber_handle h = subscribe_ops(1, 0);
    for (int round = 0; round < 4; round++) {
      if (round == 2 && l == 0) { /* the objects change: the descriptions kept before no longer hold */
        ZE_CHECK(zeKernelDestroy(k2));
        k2 = ze_kernel(S.module, "vmul");
      }
      ZE_CHECK(zeCommandListAppendLaunchKernel(list, S.vadd, &groups, NULL, 0, NULL));
      ZE_CHECK(zeCommandListAppendMemoryCopy(list, dev, host, 64, NULL, 0, NULL));
      ZE_CHECK(zeCommandListAppendMemoryFill(list, dev, &pattern, sizeof pattern, 64, NULL, 0, NULL));
      ZE_CHECK(zeCommandListAppendLaunchKernel(list, k2, &groups, NULL, 0, NULL));
      ZE_CHECK(zeCommandListAppendMemoryCopy(list, host, dev, 64, NULL, 0, NULL));
      ZE_CHECK(zeCommandListAppendMemoryFill(list, host, &pattern, sizeof pattern, 64, NULL, 0, NULL));
    }
    if (l == 1) {
      ZE_CHECK(zeCommandListClose(S.list));
      ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, NULL));
      ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
    }
    assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
    op_rec a[24], c[24];
    assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, a, 24), 24);
    assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 24), 24);
    for (int i = 0; i < 24; i++) {
      assert_string_equal(a[i].name, names[i % 6]);
      assert_string_equal(c[i].name, names[i % 6]);
      assert_ptr_equal(a[i].list, list);
      assert_int_equal(c[i].info.status, PTIC_OP_COMPLETED);
      assert_int_equal(c[i].info.operation_id, a[i].op_id);
      if (i % 3 != 0) assert_true(a[i].kernel_handle == 0);
      if (i % 6 == 0 || i % 6 == 3) assert_true(a[i].kernel_handle != 0);
      if (i >= 6) assert_true(a[i].kernel_handle == a[i - 6].kernel_handle || (l == 0 && i == 15));
    }
    assert_true(a[0].kernel_handle != a[3].kernel_handle);
    assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
    g_last = NULL;
  }
  ZE_CHECK(zeCommandListReset(S.list));
  ZE_CHECK(zeKernelDestroy(k2));
  ZE_CHECK(zeMemFree(S.context, host));
  ZE_CHECK(zeMemFree(S.context, dev));
}

/* Regular lists with application events of every kind, executed several times. */
static void test_regular_app_events(void** state) {
  (void)state;
  const ze_event_pool_flags_t kinds[3] = {0, ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
                                          ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP};
  for (int k = 0; k < 3; k++) {
    SIM.LogClear();
    ops_reset();
    pti_callback_subscriber_handle h = subscribe_ops(0, 0);
    ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, kinds[k] | ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
    ze_event_pool_handle_t pool;
    ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &pool));
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ze_event_handle_t ev;
    ZE_CHECK(zeEventCreate(pool, &ed, &ev));
    ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
    ze_command_list_handle_t list;
    ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &list));
    ze_launch(list, S.vmul, ev);
    ze_launch(list, K0, NULL);
    ZE_CHECK(zeCommandListClose(list));
    for (int r = 0; r < 3; r++) {
      ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
      ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX)); /* the application's event signals */
      ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
      ZE_CHECK(zeEventHostReset(ev));
    }
    assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
    check_exactly_once(NULL, S.queue, 6);
    assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
    ZE_CHECK(zeCommandListDestroy(list));
    ZE_CHECK(zeEventDestroy(ev));
    ZE_CHECK(zeEventPoolDestroy(pool));
  }
}

/* Several threads, each with its immediate list, and two queues. */
typedef struct worker_arg {
  ze_command_list_handle_t imm;
  ze_command_queue_handle_t queue;
  ze_command_list_handle_t list;
  int n;
} worker_arg;

static void* worker(void* p) {
  worker_arg* a = (worker_arg*)p;
  for (int i = 0; i < a->n; i++) {
    ze_launch(a->imm, K0, NULL);
    if (i % 10 == 0) ZE_CHECK(zeCommandQueueExecuteCommandLists(a->queue, 1, &a->list, NULL));
  }
  ZE_CHECK(zeCommandQueueSynchronize(a->queue, UINT64_MAX));
  return NULL;
}

static void test_threads_and_queues(void** state) {
  (void)state;
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(1, 1);
  enum { T = 3, N = 200 };
  worker_arg a[T];
  pthread_t th[T];
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  for (int i = 0; i < T; i++) {
    a[i].n = N;
    ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &qd, &a[i].imm));
    ZE_CHECK(zeCommandQueueCreate(S.context, S.device, &qd, &a[i].queue));
    ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &a[i].list));
    ze_launch(a[i].list, K0, NULL);
    ze_launch(a[i].list, K0, NULL);
    ZE_CHECK(zeCommandListClose(a[i].list));
  }
  for (int i = 0; i < T; i++) assert_int_equal(pthread_create(&th[i], NULL, worker, &a[i]), 0);
  for (int i = 0; i < T; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < T; i++) ze_drain(&S, a[i].imm);
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  /* every appended (immediate) or dispatched (regular) operation completed exactly once */
  const size_t execs = T * (N / 10), expected = T * N + 2 * execs + T; /* + the drain barriers */
  size_t na = ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED);
  size_t nd = ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, PTI_CB_PHASE_API_EXIT, NULL, 0);
  size_t nc = ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED);
  assert_int_equal(na, T * N + 2 * T + T);
  assert_int_equal(nd, 2 * execs);
  assert_int_equal(nc, expected);
  op_rec* c = (op_rec*)calloc(nc, sizeof *c);
  ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, nc);
  for (size_t i = 0; i < nc; i++) assert_int_equal(c[i].info.status, PTIC_OP_COMPLETED);
  /* no duplicate: sort execution ids and compare neighbours */
  for (size_t i = 1; i < nc; i++)
    for (size_t j = i; j > 0 && c[j - 1].info.execution_id > c[j].info.execution_id; j--) {
      op_rec x = c[j];
      c[j] = c[j - 1];
      c[j - 1] = x;
    }
  for (size_t i = 1; i < nc; i++) assert_true(c[i].info.execution_id != c[i - 1].info.execution_id);
  free(c);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  for (int i = 0; i < T; i++) {
    ZE_CHECK(zeCommandListDestroy(a[i].list));
    ZE_CHECK(zeCommandQueueDestroy(a[i].queue));
    ZE_CHECK(zeCommandListDestroy(a[i].imm));
  }
}

/* What cannot be observed any more is reported as lost, never dropped. */
static int g_warnings;
static void event_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    pti_internal_callback_data* d = (pti_internal_callback_data*)cb_data;
    assert_int_equal(d->_phase, PTI_CB_PHASE_INTERNAL_EVENT);
    assert_non_null(d->_message);
    __atomic_add_fetch(&g_warnings, 1, __ATOMIC_RELAXED);
  }
}

static void test_lost_operations(void** state) {
  (void)state;
  pti_callback_subscriber_handle ev_sub;
  assert_int_equal(ptiCallbackSubscribe(&ev_sub, event_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(ev_sub, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  /* 1: unsubscribing while operations run: they come as lost before Unsubscribe returns, and
     the INFO that says so goes to the subscriber that lost them, not to the others */
  ops_reset();
  g_warnings = 0;
  g_op_cb_events = 0;
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  SIM.SetPaused(1);
  for (int i = 0; i < 4; i++) ze_launch(S.imm, K0, NULL);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  op_rec c[8];
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 8), 4);
  for (int i = 0; i < 4; i++) assert_int_equal(c[i].info.status, PTIC_OP_LOST);
  assert_int_equal(g_op_cb_events, 1);
  assert_int_equal(g_warnings, 0);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm);
  /* 2: an application's timestamp event reset before its operation finished */
  ops_reset();
  g_warnings = 0;
  h = subscribe_ops(0, 0);
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1};
  ze_event_pool_handle_t pool;
  ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev;
  ZE_CHECK(zeEventCreate(pool, &ed, &ev));
  SIM.SetPaused(1);
  ze_launch(S.imm, K0, ev);
  ZE_CHECK(zeEventHostReset(ev));
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 8), 1);
  assert_int_equal(c[0].info.status, PTIC_OP_LOST);
  assert_true(g_warnings >= 1);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(1000000000ull), PTI_SUCCESS);
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, c, 8), 2); /* + the drain */
  assert_string_equal(c[1].name, "zeCommandListAppendBarrier"); /* the lost kernel is not reported twice */
  assert_int_equal(c[1].info.status, PTIC_OP_COMPLETED);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  assert_int_equal(ptiCallbackUnsubscribe(ev_sub), PTI_SUCCESS);
}

/* A regular list recorded while COMPLETED was off, executed three times once it is on: its
   operations are not tracked, and one INTERNAL_EVENT (not one per execution) says so. */
static int g_off_told;
static void off_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                   void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain != PTI_CB_DOMAIN_INTERNAL_EVENT) return;
  const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
  if (d->_message && strstr(d->_message, "recorded while COMPLETED was off")) __atomic_add_fetch(&g_off_told, 1, __ATOMIC_RELAXED);
}

static void test_recorded_without_completed_told_once(void** state) {
  (void)state;
  g_off_told = 0;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, off_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  const ze_kernel_handle_t k[2] = {S.vmul, S.vadd};
  ze_command_list_handle_t list = ze_closed_list(&S, 2, k);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  for (int r = 0; r < 3; r++) ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(g_off_told, 1);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeCommandListDestroy(list));
}

/* Regression: with its own event substituted and a barrier chained to signal the application's
   event, the library must not reset its event before that barrier ran (the application would
   wait forever). A busy poller makes the window likely. */
static void test_chained_event_not_reused_early(void** state) {
  (void)state;
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  assert_int_equal(pticSetPollInterval(1), PTI_SUCCESS);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = ze_pool_event(&S, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, &pool);
  const int cycles = 3000;
  for (int i = 0; i < cycles; i++) {
    ze_launch(S.imm, K0, ev);
    ze_result_t r = zeEventHostSynchronize(ev, 2000000000ull);
    if (r != ZE_RESULT_SUCCESS) fprintf(stderr, "cycle %d: the application's event never signalled\n", i);
    assert_int_equal(r, ZE_RESULT_SUCCESS);
    ZE_CHECK(zeEventHostReset(ev));
  }
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), cycles);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}


/* COMPLETED never comes before the APPENDED EXIT of the same operation, even when another
   subscriber's EXIT callback takes long and the poller is fast. */
static uint64_t g_exit_seen[64];
static int g_early;
static void order_a_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                       pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pti_callback_gpu_op_data* g = (pti_callback_gpu_op_data*)cb_data;
  for (uint32_t i = 0; i < g->_operation_count; i++) {
    ptic_op_info info; /* an execution's own id: executions share the operation id */
    memset(&info, 0, sizeof info);
    if (pticGetOperationInfo(cb_data, i, &info) != PTI_SUCCESS) __atomic_add_fetch(&g_early, 1000, __ATOMIC_RELAXED);
    uint64_t id = info.execution_id;
    if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED || domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED)
      __atomic_store_n(&g_exit_seen[id % 64], id, __ATOMIC_SEQ_CST);
    else if (__atomic_load_n(&g_exit_seen[id % 64], __ATOMIC_SEQ_CST) != id)
      __atomic_add_fetch(&g_early, 1, __ATOMIC_RELAXED);
  }
}
static void order_b_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                       pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  struct timespec ts = {0, 2000000};
  nanosleep(&ts, NULL); /* runs before A's EXIT callback: EXIT goes in reverse order */
}

static void test_completed_after_appended_exit(void** state) {
  (void)state;
  pti_callback_subscriber_handle a, b;
  g_early = 0;
  memset(g_exit_seen, 0, sizeof g_exit_seen);
  assert_int_equal(pticSetPollInterval(1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&a, order_a_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&b, order_b_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  for (int i = 0; i < 10; i++) ze_launch(S.imm, K0, NULL);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_int_equal(g_early, 0);
}

/* The same on a synchronous immediate list (the device finishes the operation before the append
   returns) and for executions of a regular list (COMPLETED after the DISPATCHED EXIT), the
   README's ordering promise. */
static void test_completed_after_exit_sync_and_regular(void** state) {
  (void)state;
  pti_callback_subscriber_handle a, b;
  g_early = 0;
  memset(g_exit_seen, 0, sizeof g_exit_seen);
  ops_reset();
  assert_int_equal(pticSetPollInterval(1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&a, order_a_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&b, order_b_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
  ze_command_list_handle_t sync_imm, list;
  ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &qd, &sync_imm));
  for (int i = 0; i < 10; i++) ze_launch(sync_imm, K0, NULL);
  list = ze_closed_list(&S, 1, &K0);
  for (int i = 0; i < 10; i++) ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  ZE_CHECK(zeCommandListDestroy(list));
  ZE_CHECK(zeCommandListDestroy(sync_imm));
  assert_int_equal(g_early, 0);
}

/* Level Zero calls made from inside a callback reach the driver (their results are the
   driver's, their kernels run) but the loader's tracing layer does not trace them: no record of
   any domain, and their operations are not tracked (no APPENDED, no COMPLETED). The calls
   around them are reported as usual. */
static uint32_t g_nested_left, g_api_query, g_api_launch;
static ze_result_t g_nested_query, g_nested_launch;
static void nested_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    const ptic_api_data* a = (const ptic_api_data*)cb_data;
    if (a->_phase != PTI_CB_PHASE_API_ENTER) return;
    if (api_id == zeEventQueryStatus_id) g_api_query++;
    if (api_id == zeCommandListAppendLaunchKernel_id) g_api_launch++;
    return;
  }
  op_cb(domain, group, api_id, ctx, cb_data, user, instance);
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && g->_phase == PTI_CB_PHASE_API_EXIT &&
      g_nested_left > 0) {
    g_nested_left--;
    g_nested_query = zeEventQueryStatus(S.drain_event);
    ze_group_count_t gc = {1, 1, 1};
    g_nested_launch = zeCommandListAppendLaunchKernel(S.imm, S.vmul, &gc, NULL, 0, NULL);
  }
}

static void test_nested_calls(void** state) {
  (void)state;
  SIM.LogClear();
  ops_reset();
  g_nested_left = 5;
  g_api_query = g_api_launch = 0;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, nested_cb, NULL), PTI_SUCCESS);
  g_last = h;
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  for (int i = 0; i < 5; i++) ze_launch(S.imm, K0, NULL);
  assert_int_equal(g_nested_left, 0);
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_API), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(g_nested_query, ZE_RESULT_NOT_READY); /* the driver's answer: drain_event is reset */
  assert_int_equal(g_nested_launch, ZE_RESULT_SUCCESS);
  assert_int_equal(sim_kernels(S.imm, NULL, NULL, 0), 10); /* the nested kernels ran */
  assert_int_equal(g_api_launch, 5);  /* the outer calls only */
  assert_int_equal(g_api_query, 0);
  /* records of the outer kernels (k0) only: none of the nested ones (vmul); ze_drain's barrier
     is an operation of its own */
  op_rec r[64];
  size_t n = ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, r, 64);
  size_t k0 = 0;
  for (size_t i = 0; i < n && i < 64; i++) {
    assert_string_not_equal(r[i].name, "vmul");
    k0 += strcmp(r[i].name, "k0") == 0;
  }
  assert_int_equal(k0, 5);
  n = ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, r, 64);
  k0 = 0;
  for (size_t i = 0; i < n && i < 64; i++) {
    assert_string_not_equal(r[i].name, "vmul");
    assert_int_equal(r[i].info.status, PTIC_OP_COMPLETED);
    k0 += strcmp(r[i].name, "k0") == 0;
  }
  assert_int_equal(k0, 5);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* Contexts come and go, each executing a regular list and running an immediate list: the
   library's objects in a context (events, pools, harvest lists, host memory) go with it, in an
   order the specification allows (the sim refuses to destroy a pool with live events). */
static void context_round(void) {
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_context_handle_t ctx;
  ZE_CHECK(zeContextCreate(S.driver, &cd, &ctx));
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  ze_command_queue_handle_t q;
  ze_command_list_handle_t imm, list;
  ZE_CHECK(zeCommandQueueCreate(ctx, S.device, &qd, &q));
  ZE_CHECK(zeCommandListCreateImmediate(ctx, S.device, &qd, &imm));
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ZE_CHECK(zeCommandListCreate(ctx, S.device, &ld, &list));
  ze_session cs;
  memset(&cs, 0, sizeof cs);
  cs.context = ctx;
  cs.device = S.device;
  ze_module_handle_t m = ze_module_from_text(&cs, "kernel k 0\n");
  ze_kernel_handle_t k = ze_kernel(m, "k");
  ze_launch(list, k, NULL);
  ze_launch(list, k, NULL);
  ZE_CHECK(zeCommandListClose(list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(q, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(q, UINT64_MAX));
  ze_launch(imm, k, NULL);
  ZE_CHECK(zeKernelDestroy(k));
  ZE_CHECK(zeModuleDestroy(m));
  ZE_CHECK(zeCommandListDestroy(list));
  ZE_CHECK(zeCommandListDestroy(imm));
  ZE_CHECK(zeCommandQueueDestroy(q));
  ZE_CHECK(zeContextDestroy(ctx));
}

static void test_context_rounds_leave_nothing(void** state) {
  (void)state;
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(1, 0);
  const uint64_t live0 = SIM.LiveObjectCount();
  for (int i = 0; i < 100; i++) context_round();
  assert_int_equal(SIM.LiveObjectCount(), live0);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, NULL, 0), 300);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* The event of an operation a thread collects goes back to that thread (its stash), for its
   next tracked append: it must still be destroyed with its context, whether the thread ended
   before (it gave the stash back) or is alive and idle (the context's destruction takes it). */
typedef struct stash_arg {
  ze_context_handle_t ctx;
  ze_command_list_handle_t imm;
  ze_kernel_handle_t k;
  int hold, ready, go; /* hold: stay alive after the syncs until `go` */
  int rounds;          /* 0: 20 */
} stash_arg;
static void* stash_worker(void* p) {
  stash_arg* a = (stash_arg*)p;
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
  ze_event_pool_handle_t pool;
  ZE_CHECK(zeEventPoolCreate(a->ctx, &pd, 1, &S.device, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev;
  ZE_CHECK(zeEventCreate(pool, &ed, &ev));
  for (int i = 0; i < (a->rounds ? a->rounds : 20); i++) { /* (the library's event signals the kernel) */
    ze_launch(a->imm, a->k, ev);
    ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
    ZE_CHECK(zeEventHostReset(ev));
  }
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  __atomic_store_n(&a->ready, 1, __ATOMIC_RELEASE);
  while (a->hold && !__atomic_load_n(&a->go, __ATOMIC_ACQUIRE)) sched_yield();
  return NULL;
}

/* The worker's own context, immediate list and kernel (the module returned), and their end. */
static ze_module_handle_t stash_context(stash_arg* a) {
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE_CHECK(zeContextCreate(S.driver, &cd, &a->ctx));
  a->imm = ze_immediate_list(a->ctx, S.device, 0);
  ze_session cs;
  memset(&cs, 0, sizeof cs);
  cs.context = a->ctx;
  cs.device = S.device;
  ze_module_handle_t m = ze_module_from_text(&cs, "kernel k 0\n");
  a->k = ze_kernel(m, "k");
  return m;
}
static void stash_context_end(stash_arg* a, ze_module_handle_t m) {
  ZE_CHECK(zeKernelDestroy(a->k));
  ZE_CHECK(zeModuleDestroy(m));
  ZE_CHECK(zeCommandListDestroy(a->imm));
  ZE_CHECK(zeContextDestroy(a->ctx));
}

static void test_event_stash_given_back(void** state) {
  (void)state;
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(1, 0);
  for (int hold = 0; hold < 2; hold++) {
    const uint64_t live0 = SIM.LiveObjectCount();
    stash_arg a;
    memset(&a, 0, sizeof a);
    a.hold = hold;
    ze_module_handle_t m = stash_context(&a);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, stash_worker, &a), 0);
    if (!hold) pthread_join(th, NULL);
    while (!__atomic_load_n(&a.ready, __ATOMIC_ACQUIRE)) sched_yield();
    stash_context_end(&a, m);
    assert_int_equal(SIM.LiveObjectCount(), live0); /* the library's pool and events went too */
    __atomic_store_n(&a.go, 1, __ATOMIC_RELEASE);
    if (hold) pthread_join(th, NULL);
  }
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, NULL, 0), 40);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* Operations that the poller collects: their events go back to the free lists, not to a stash
   of the poller's (it appends nothing, and the event would wait there for the next shrink). */
static void test_poller_keeps_no_event(void** state) {
  (void)state;
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  assert_int_equal(pticSetPollInterval(100), PTI_SUCCESS);
  for (int i = 0; i < 8; i++) ze_launch(S.imm, K0, NULL); /* no synchronisation: the poller collects */
  assert_int_equal(wait_completed(8, 20), 8);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  int stashed = 0;
  pthread_mutex_lock(&ptic__threads_lock);
  for (ptic__thread* t = ptic__threads; t; t = t->next)
    stashed += t->internal && ptic__stash_held(t) != 0;
  pthread_mutex_unlock(&ptic__threads_lock);
  assert_int_equal(stashed, 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* The library's own calls are not the application's: another tool's tracer does not see them,
   even when they are made outside any callback (pticFlush here). With one driver and handles
   the loader passes through, as here, they go to the driver directly (ptic__ze.direct); not
   with the validation layer loaded (run_test_gpuops_validation runs these tests so). */
static int g_foreign_ts, g_foreign_reset;
static void ZE_APICALL foreign_ts(ze_event_query_kernel_timestamp_params_t* p, ze_result_t r, void* user,
                                  void** inst) {
  (void)p; (void)r; (void)user; (void)inst;
  __atomic_add_fetch(&g_foreign_ts, 1, __ATOMIC_SEQ_CST);
}
static void ZE_APICALL foreign_reset(ze_event_host_reset_params_t* p, ze_result_t r, void* user, void** inst) {
  (void)p; (void)r; (void)user; (void)inst;
  __atomic_add_fetch(&g_foreign_reset, 1, __ATOMIC_SEQ_CST);
}
static void test_own_calls_unseen_by_other_tracers(void** state) {
  (void)state;
  zel_tracer_desc_t desc = {ZEL_STRUCTURE_TYPE_TRACER_EXP_DESC, NULL, NULL};
  zel_tracer_handle_t other = NULL;
  ZE_CHECK(zelTracerCreate(&desc, &other));
  ZE_CHECK(zelTracerEventQueryKernelTimestampRegisterCallback(other, ZEL_REGISTER_PROLOGUE, foreign_ts));
  ZE_CHECK(zelTracerEventHostResetRegisterCallback(other, ZEL_REGISTER_PROLOGUE, foreign_reset));
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(0, 0);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* no poller: pticFlush collects */
  for (int i = 0; i < 8; i++) ze_launch(S.imm, K0, NULL);
  g_foreign_ts = g_foreign_reset = 0;
  ZE_CHECK(zelTracerSetEnabled(other, 1));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ZE_CHECK(zelTracerSetEnabled(other, 0));
  assert_int_equal(ops_count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), 8);
  if (!getenv("ZE_ENABLE_VALIDATION_LAYER")) {
    assert_int_equal(ptic__ze.direct, 1);
    assert_int_equal(g_foreign_ts, 0);
    assert_int_equal(g_foreign_reset, 0);
  } else { /* (run_test_gpuops_validation: through the loader, where a tracer sees them) */
    assert_int_equal(ptic__ze.direct, 0);
    assert_true(g_foreign_ts >= 8);
  }
  /* the application's own calls still reach that tracer */
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
  ze_event_pool_handle_t pool;
  ZE_CHECK(zeEventPoolCreate(S.context, &pd, 0, NULL, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0};
  ze_event_handle_t ev;
  ZE_CHECK(zeEventCreate(pool, &ed, &ev));
  const int resets = g_foreign_reset;
  ZE_CHECK(zelTracerSetEnabled(other, 1));
  ZE_CHECK(zeEventHostReset(ev));
  ZE_CHECK(zelTracerSetEnabled(other, 0));
  assert_int_equal(g_foreign_reset, resets + 1);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  /* (left disabled, not destroyed: loader 1.8's zelTracerDestroy loses the tracer's memory) */
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* A thread takes its stashed event while other threads' contexts are destroyed (each
   destruction takes every stash back): every operation completes once, nothing is left. */
static void test_event_stash_while_contexts_go(void** state) {
  (void)state;
  ops_reset();
  pti_callback_subscriber_handle h = subscribe_ops(1, 0);
  const uint64_t live0 = SIM.LiveObjectCount();
  stash_arg a;
  memset(&a, 0, sizeof a);
  a.rounds = 400;
  ze_module_handle_t m = stash_context(&a);
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, stash_worker, &a), 0);
  int rounds = 0;
  while (!__atomic_load_n(&a.ready, __ATOMIC_ACQUIRE) || rounds < 20) {
    context_round(); /* (its context's destruction takes the worker's stash back) */
    rounds++;
  }
  pthread_join(th, NULL);
  stash_context_end(&a, m);
  assert_int_equal(SIM.LiveObjectCount(), live0);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  /* the worker's operations and each context round's three */
  assert_int_equal(ops_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, NULL, 0), 400 + 3 * (size_t)rounds);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* ---- the APPEND fast path: the same records as the general path ---- */

typedef struct full_rec {
  pti_callback_domain domain;
  uint32_t api_id;
  void* ctx;
  pti_callback_gpu_op_data g;
  pti_gpu_op_details d;
  char name[64];
  void* inst_at_exit;
  pti_result ri_r, oi_r; /* the accessors, called in the callback */
  ptic_record_info ri;
  ptic_op_info oi;
} full_rec;
static full_rec g_full[16];
static int g_nfull, g_nfull_api_exit;
static pti_callback_subscriber_handle g_other; /* ENTER turns DRIVER_API on for it (mode 2) */
static int g_full_mode;

static void full_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)user;
  if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    if (((ptic_api_data*)cb_data)->_phase == PTI_CB_PHASE_API_EXIT) g_nfull_api_exit++;
    return;
  }
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED || g_nfull == 16) return;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  full_rec* r = &g_full[g_nfull++];
  memset(r, 0, sizeof *r);
  r->domain = domain;
  r->api_id = api_id;
  r->ctx = ctx;
  r->g = *g;
  r->d = g->_operation_details[0];
  snprintf(r->name, sizeof r->name, "%s", g->_operation_details[0]._name ? g->_operation_details[0]._name : "");
  r->ri_r = pticGetRecordInfo(cb_data, &r->ri);
  r->oi_r = pticGetOperationInfo(cb_data, 0, &r->oi);
  if (g->_phase == PTI_CB_PHASE_API_ENTER) {
    *instance = r; /* seen again at EXIT */
    if (g_full_mode == 2) /* a subscription changes between this call's ENTER and EXIT */
      assert_int_equal(ptiCallbackEnableDomain(g_other, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  } else {
    r->inst_at_exit = *instance;
  }
}

/* The ENTER and EXIT records of one launch on `list`, APPENDED alone on (mode 0: the fast
   path), with DRIVER_API of zeCommandListAppendLaunchKernel on too (1: the general path), or
   with DRIVER_API coming on between ENTER and EXIT (2). */
static void full_launch(ze_command_list_handle_t list, int mode, full_rec out[2]) {
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, full_cb, NULL), PTI_SUCCESS);
  g_last = h;
  assert_int_equal(ptiCallbackSubscribe(&g_other, full_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  if (mode == 1) {
    assert_int_equal(pticEnableDriverApi(g_other, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 1, 1),
                     PTI_SUCCESS);
  }
  g_nfull = g_nfull_api_exit = 0;
  g_full_mode = mode;
  ze_launch(list, S.vadd, NULL);
  g_full_mode = 0;
  assert_int_equal(g_nfull, 2);
  assert_int_equal(g_nfull_api_exit, mode == 0 ? 0 : 1);
  out[0] = g_full[0];
  out[1] = g_full[1];
  assert_int_equal(ptiCallbackUnsubscribe(g_other), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_last = NULL;
}

static void test_appended_same_either_path(void** state) {
  (void)state;
  ze_command_list_handle_t lists[2] = {S.imm, S.list};
  ZE_CHECK(zeCommandListReset(S.list));
  for (int l = 0; l < 2; l++) {
    full_rec r[3][2];
    /* the EXIT of mode 2 runs right after a synchronisation left its own frame behind */
    ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
    full_launch(lists[l], 0, r[0]);
    ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
    full_launch(lists[l], 2, r[2]);
    full_launch(lists[l], 1, r[1]);
    for (int mode = 0; mode < 3; mode++) {
      for (int p = 0; p < 2; p++) {
        const full_rec* x = &r[mode][p];
        const full_rec* y = &r[1][p]; /* the general path's */
        assert_int_equal(x->domain, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED);
        assert_int_equal(x->g._domain, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED);
        assert_int_equal(x->api_id, zeCommandListAppendLaunchKernel_id);
        assert_ptr_equal(x->ctx, S.context);
        assert_int_equal(x->g._phase, p == 0 ? PTI_CB_PHASE_API_ENTER : PTI_CB_PHASE_API_EXIT);
        assert_int_equal(x->g._return_code, 0);
        assert_int_equal(x->g._cmd_list_properties, l == 0 ? PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE : 0);
        assert_ptr_equal(x->g._cmd_list_handle, lists[l]);
        assert_ptr_equal(x->g._queue_handle, l == 0 ? (void*)S.imm : NULL);
        assert_ptr_equal(x->g._device_handle, S.device);
        assert_int_equal(x->g._operation_count, 1);
        assert_int_equal(x->d._operation_kind, PTI_GPU_OPERATION_KIND_KERNEL);
        assert_string_equal(x->name, "vadd");
        assert_int_equal(x->d._kernel_handle, y->d._kernel_handle);
        assert_true(x->d._kernel_handle != 0);
        /* ids: new per call, the same at ENTER and EXIT */
        assert_true(x->g._correlation_id != 0 && x->d._operation_id != 0);
        assert_int_equal(x->g._correlation_id, r[mode][0].g._correlation_id);
        assert_int_equal(x->d._operation_id, r[mode][0].d._operation_id);
        if (mode != 1) assert_true(x->d._operation_id < r[1][p].d._operation_id); /* (mode 1 ran last) */
        /* the accessors know the record on every path */
        assert_int_equal(x->ri_r, PTI_SUCCESS);
        assert_int_equal(x->ri.api_id, zeCommandListAppendLaunchKernel_id);
        assert_int_equal(x->ri.domain, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED);
        assert_int_equal(x->ri.phase, x->g._phase);
        assert_int_equal(x->oi_r, PTI_SUCCESS);
        assert_int_equal(x->oi.operation_id, x->d._operation_id);
        assert_int_equal(x->oi.append_correlation_id, x->g._correlation_id);
        assert_ptr_equal(x->oi.cmd_list, lists[l]);
      }
      assert_ptr_equal(r[mode][1].inst_at_exit, &g_full[0]); /* the instance pointer ENTER set */
    }
  }
  ZE_CHECK(zeCommandListClose(S.list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  ZE_CHECK(zeCommandListReset(S.list));
}

/* The library's own Level Zero calls are not reported, on the fast path too: with the thread
   marked as calling for the library (as PTIC_INTERNAL_CALL does), a launch whose frame already
   holds its fields gives no record; nor does one with every frame in use. */
static int g_napp;
static void napp_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                    void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  g_napp++;
}
static void test_fast_path_skips_library_calls(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, napp_cb, NULL), PTI_SUCCESS);
  g_last = h;
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  g_napp = 0;
  ze_launch(S.imm, S.vadd, NULL);
  ze_launch(S.imm, S.vadd, NULL); /* (the frame holds this launch now) */
  assert_int_equal(g_napp, 4);
  assert_non_null(ptic__tls);
  ptic__tls->internal++;
  ze_launch(S.imm, S.vadd, NULL);
  ptic__tls->internal--;
  assert_int_equal(g_napp, 4);
  ze_launch(S.imm, S.vadd, NULL);
  assert_int_equal(g_napp, 6);
  /* every frame in use (calls nested PTIC_MAX_NESTING deep): not reported either */
  const uint32_t depth = ptic__tls->depth;
  ptic__tls->depth = PTIC_MAX_NESTING;
  ze_launch(S.imm, S.vadd, NULL);
  ptic__tls->depth = depth;
  assert_int_equal(g_napp, 6);
  ze_launch(S.imm, S.vadd, NULL);
  assert_int_equal(g_napp, 8);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_last = NULL;
  ze_drain(&S, S.imm);
}

/* The fast path keeps a launch's constant fields in the frame between calls: every record must
   still describe its own call when launches alternate between lists and kernels, and when a
   list is destroyed and another of another kind created with its handle. */
static uint64_t g_kid[2], g_last_op;
static void fast_launch_check(ze_command_list_handle_t list, ze_kernel_handle_t k, int immediate) {
  g_nfull = 0;
  ze_launch(list, k, NULL);
  assert_int_equal(g_nfull, 2);
  for (int p = 0; p < 2; p++) {
    const full_rec* x = &g_full[p];
    assert_int_equal(x->g._phase, p == 0 ? PTI_CB_PHASE_API_ENTER : PTI_CB_PHASE_API_EXIT);
    assert_ptr_equal(x->g._cmd_list_handle, list);
    assert_int_equal(x->g._cmd_list_properties, immediate ? PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE : 0);
    assert_ptr_equal(x->g._queue_handle, immediate ? (void*)list : NULL);
    assert_ptr_equal(x->ctx, S.context);
    assert_string_equal(x->name, k == S.vmul ? "vmul" : "vadd");
    uint64_t* kid = &g_kid[k == S.vmul];
    if (!*kid) *kid = x->d._kernel_handle;
    assert_int_equal(x->d._kernel_handle, *kid);
    assert_int_equal(x->g._correlation_id, g_full[0].g._correlation_id);
    assert_int_equal(x->d._operation_id, g_full[0].d._operation_id);
  }
  assert_true(g_full[0].d._operation_id > g_last_op);
  g_last_op = g_full[0].d._operation_id;
}
static void test_appended_fast_frame_follows_objects(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, full_cb, NULL), PTI_SUCCESS);
  g_last = h;
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  ZE_CHECK(zeCommandListReset(S.list));
  g_kid[0] = g_kid[1] = g_last_op = 0;
  fast_launch_check(S.imm, S.vadd, 1);
  fast_launch_check(S.imm, S.vmul, 1);
  fast_launch_check(S.list, S.vmul, 0);
  fast_launch_check(S.imm, S.vmul, 1);
  fast_launch_check(S.imm, S.vadd, 1);
  fast_launch_check(S.list, S.vadd, 0);
  assert_true(g_kid[0] != 0 && g_kid[1] != 0 && g_kid[0] != g_kid[1]);
  /* a regular list's launch, the list destroyed, an immediate list made with the old one's handle
     (the sim gives the last destroyed list's memory to the next one: zeSimSetRecycleLists), three
     times; the loop's spare lists would take care of an allocator's reuse without it */
  ze_command_list_desc_t ld;
  memset(&ld, 0, sizeof ld);
  ld.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC;
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  int reused = 0;
  SIM.SetRecycleLists(1);
  for (int round = 0; round < 32 && reused < 3; round++) {
    ze_command_list_handle_t reg = NULL, imm = NULL;
    ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &reg));
    fast_launch_check(reg, S.vadd, 0);
    ZE_CHECK(zeCommandListDestroy(reg));
    ze_command_list_handle_t spare[16];
    int nspare = 0;
    ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &qd, &imm));
    while (imm != reg && nspare < 16) {
      spare[nspare++] = imm;
      ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &qd, &imm));
    }
    reused += imm == reg;
    fast_launch_check(imm, S.vadd, 1);
    ze_drain(&S, imm);
    ZE_CHECK(zeCommandListDestroy(imm));
    while (nspare > 0) ZE_CHECK(zeCommandListDestroy(spare[--nspare]));
  }
  SIM.SetRecycleLists(0);
  assert_int_equal(reused, 3);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_last = NULL;
  ZE_CHECK(zeCommandListClose(S.list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  ZE_CHECK(zeCommandListReset(S.list));
}

/* DRIVER_API alone keeps a function's constant fields and its context in the frame between
   calls on the same handle: calls alternating between kernels of two contexts must each carry
   their own context, name, arguments, ids and return code. */
static uint32_t g_api_n;
static ptic_api_data g_api[8];
static void* g_api_ctx[8];
static ze_kernel_handle_t g_api_kernel[8];
static uint32_t g_api_index[8];
static void api_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                   void* cb_data, void* user, void** instance) {
  (void)group; (void)user; (void)instance; (void)api_id;
  if (domain != PTI_CB_DOMAIN_DRIVER_API || g_api_n == 8) return;
  const ptic_api_data* a = (const ptic_api_data*)cb_data;
  const ze_kernel_set_argument_value_params_t* pa = (const ze_kernel_set_argument_value_params_t*)a->_params;
  g_api_ctx[g_api_n] = ctx;
  g_api_kernel[g_api_n] = *pa->phKernel; /* (the params live during the call only) */
  g_api_index[g_api_n] = *pa->pargIndex;
  g_api[g_api_n++] = *a;
}
static void test_driver_api_frame_follows_objects(void** state) {
  (void)state;
  ze_session s2 = S;
  ze_context_desc_t cd;
  memset(&cd, 0, sizeof cd);
  cd.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
  ZE_CHECK(zeContextCreate(S.driver, &cd, &s2.context));
  ze_module_handle_t m2 = ze_module_from_text(&s2, ze_test_module_text);
  ze_kernel_handle_t k2 = ze_kernel(m2, "vmul");
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, api_cb, NULL), PTI_SUCCESS);
  g_last = h;
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeKernelSetArgumentValue_id, 1, 1), PTI_SUCCESS);
  const ze_kernel_handle_t ks[] = {S.vadd, S.vadd, k2, S.vadd, k2, k2};
  uint32_t last_corr = 0;
  for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
    uint64_t v = i;
    const uint32_t index = i == 3 ? 99u : 0u; /* an index the kernel has not: the driver's error */
    g_api_n = 0;
    const ze_result_t r = zeKernelSetArgumentValue(ks[i], index, sizeof v, &v);
    assert_int_equal(r != ZE_RESULT_SUCCESS, i == 3);
    assert_int_equal(g_api_n, 2);
    for (int p = 0; p < 2; p++) {
      const ptic_api_data* a = &g_api[p];
      assert_int_equal(a->_phase, p == 0 ? PTI_CB_PHASE_API_ENTER : PTI_CB_PHASE_API_EXIT);
      assert_int_equal(a->_api_id, zeKernelSetArgumentValue_id);
      assert_string_equal(a->_name, "zeKernelSetArgumentValue");
      assert_int_equal(a->_arg_count, 4);
      assert_int_equal(a->_return_code, p == 0 ? 0u : (uint32_t)r);
      assert_int_equal(a->_correlation_id, g_api[0]._correlation_id);
      assert_ptr_equal(g_api_ctx[p], ks[i] == k2 ? (void*)s2.context : (void*)S.context);
      assert_ptr_equal(g_api_kernel[p], ks[i]);
      assert_int_equal(g_api_index[p], index);
    }
    assert_true(g_api[0]._correlation_id > last_corr);
    last_corr = g_api[0]._correlation_id;
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  g_last = NULL;
  ZE_CHECK(zeKernelDestroy(k2));
  ZE_CHECK(zeModuleDestroy(m2));
  ZE_CHECK(zeContextDestroy(s2.context));
}

/* A synchronising call with DRIVER_API alone takes the lean path at ENTER. When completion
   tracking starts on another thread before its EXIT, the EXIT is the general one: what has
   finished by then is COMPLETED before the call returns, and the DRIVER_API EXIT record still
   pairs with the ENTER's instance data. */
static int g_ls_enter, g_ls_exit, g_ls_paired, g_ls_completed;
static pti_callback_subscriber_handle g_ls_b;
static void ls_b_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                    void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    __atomic_add_fetch(&g_ls_completed, (int)((pti_callback_gpu_op_data*)cb_data)->_operation_count,
                       __ATOMIC_SEQ_CST);
}
static void* ls_append(void* arg) {
  (void)arg;
  ze_launch(S.imm, S.vadd, NULL);
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX)); /* finished before the synchronisation's EXIT */
  return NULL;
}
static void ls_a_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                    void* cb_data, void* user, void** instance) {
  (void)group; (void)ctx; (void)user;
  if (domain != PTI_CB_DOMAIN_DRIVER_API || api_id != zeEventHostSynchronize_id) return;
  if (((const ptic_api_data*)cb_data)->_phase == PTI_CB_PHASE_API_ENTER) {
    g_ls_enter++;
    *instance = &g_ls_enter;
    assert_int_equal(ptiCallbackEnableDomain(g_ls_b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1),
                     PTI_SUCCESS);
    pthread_t th;
    assert_int_equal(pthread_create(&th, NULL, ls_append, NULL), 0);
    assert_int_equal(pthread_join(th, NULL), 0);
  } else {
    g_ls_exit++;
    g_ls_paired = *instance == &g_ls_enter;
  }
}
static void test_lean_sync_takes_general_exit_when_work_appears(void** state) {
  (void)state;
  g_ls_enter = g_ls_exit = g_ls_paired = g_ls_completed = 0;
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* completions only where the calls notice them */
  pti_callback_subscriber_handle a;
  assert_int_equal(ptiCallbackSubscribe(&a, ls_a_cb, NULL), PTI_SUCCESS);
  g_last = a;
  assert_int_equal(pticEnableDriverApi(a, PTI_API_GROUP_LEVELZERO, zeEventHostSynchronize_id, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&g_ls_b, ls_b_cb, NULL), PTI_SUCCESS);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = ze_pool_event(&S, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, &pool);
  ze_launch(S.imm, S.vmul, ev); /* not tracked: COMPLETED is off */
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS); /* nothing pending: the lean path */
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  assert_int_equal(g_ls_enter, 1);
  assert_int_equal(g_ls_exit, 1);
  assert_true(g_ls_paired);
  assert_int_equal(__atomic_load_n(&g_ls_completed, __ATOMIC_SEQ_CST), 1); /* before the call returned */
  assert_int_equal(ptiCallbackUnsubscribe(g_ls_b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  g_last = NULL;
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* Device ticks to ns: exactly floor(ticks * 1e9 / freq), on both sides of the one-division
   bound, for the timers of Intel GPUs, the simulated drivers' and awkward ones. */
__extension__ typedef unsigned __int128 u128;
static void test_ticks_ns_exact(void** state) {
  (void)state;
  const uint64_t freqs[] = {19200000u, 12500000u, 38400000u, 25000000u, 1000000000u, 19230769u,
                            999999937u, 3u, 1u, 4000000000u};
  uint64_t seed = 88172645463325252ull;
  for (size_t f = 0; f < sizeof freqs / sizeof freqs[0]; f++) {
    ptic__device d;
    memset(&d, 0, sizeof d);
    ptic__device_freq(&d, freqs[f]);
    const uint64_t fixed[] = {0, 1, 2, 191, 192, 193, 19199999, 19200000, d.ns_fast - 1, d.ns_fast,
                              d.ns_fast + 1, (1ull << 40) + 7, (1ull << 63) + 5, ~0ull};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0] + 2000; i++) {
      uint64_t ticks;
      if (i < sizeof fixed / sizeof fixed[0]) {
        ticks = fixed[i];
      } else { /* xorshift, at every magnitude */
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        ticks = seed >> (seed % 64);
      }
      const uint64_t want = (uint64_t)((u128)ticks * 1000000000u / freqs[f]);
      if (ptic__ticks_ns(&d, ticks) != want)
        fail_msg("freq %llu ticks %llu: %llu ns, not %llu", (unsigned long long)freqs[f], (unsigned long long)ticks,
                 (unsigned long long)ptic__ticks_ns(&d, ticks), (unsigned long long)want);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_poller_announced), /* first: the poller starts here */
      cmocka_unit_test_teardown(test_immediate_no_event, test_done),
      cmocka_unit_test_teardown(test_immediate_app_events, test_done),
      cmocka_unit_test_teardown(test_app_event_kinds_alternate, test_done),
      cmocka_unit_test_teardown(test_immediate_reset_between_launches, test_done),
      cmocka_unit_test_teardown(test_completed_same_either_path, test_done),
      cmocka_unit_test_teardown(test_completed_set_follows_registry, test_done),
      cmocka_unit_test_teardown(test_completed_times_when_asked, test_done),
      cmocka_unit_test_teardown(test_regular_executions, test_done),
      cmocka_unit_test_teardown(test_never_syncs, test_done),
      cmocka_unit_test_teardown(test_not_before_device, test_done),
      cmocka_unit_test_teardown(test_many_pending, test_done),
      cmocka_unit_test_teardown(test_memory_operations, test_done),
      cmocka_unit_test_teardown(test_kept_descriptions_alternate, test_done),
      cmocka_unit_test_teardown(test_regular_app_events, test_done),
      cmocka_unit_test_teardown(test_threads_and_queues, test_done),
      cmocka_unit_test_teardown(test_lost_operations, test_done),
      cmocka_unit_test_teardown(test_chained_event_not_reused_early, test_done),
      cmocka_unit_test_teardown(test_own_calls_unseen_by_other_tracers, test_done),
      cmocka_unit_test_teardown(test_completed_after_appended_exit, test_done),
      cmocka_unit_test_teardown(test_completed_after_exit_sync_and_regular, test_done),
      cmocka_unit_test_teardown(test_context_rounds_leave_nothing, test_done),
      cmocka_unit_test_teardown(test_event_stash_given_back, test_done),
      cmocka_unit_test_teardown(test_poller_keeps_no_event, test_done),
      cmocka_unit_test_teardown(test_event_stash_while_contexts_go, test_done),
      cmocka_unit_test_teardown(test_nested_calls, test_done),
      cmocka_unit_test_teardown(test_recorded_without_completed_told_once, test_done),
      cmocka_unit_test_teardown(test_appended_same_either_path, test_done),
      cmocka_unit_test_teardown(test_appended_fast_frame_follows_objects, test_done),
      cmocka_unit_test_teardown(test_fast_path_skips_library_calls, test_done),
      cmocka_unit_test_teardown(test_driver_api_frame_follows_objects, test_done),
      cmocka_unit_test_teardown(test_lean_sync_takes_general_exit_when_work_appears, test_done),
      cmocka_unit_test_teardown(test_not_ready_sync_collects_nothing, test_done),
      cmocka_unit_test(test_ticks_ns_exact),
  };
  return cmocka_run_group_tests_name("gpu operations", tests, setup, teardown);
}
