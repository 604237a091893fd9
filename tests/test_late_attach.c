/* test_late_attach.c - a tool that starts tracing after the application made its objects.

   Every object (context, immediate and regular lists, queue, module and kernels, an event pool
   with kernel timestamps and its event) exists before the first subscription, so before the
   library's tracer. Where the loader has the spec 1.9 queries (zeCommandListGetContextHandle,
   ...), the operations are tracked like any other: context, device, list kind, every one
   COMPLETED. Where it does not (loader 1.8), never silently: APPENDED says UNKNOWN, and one
   INTERNAL_EVENT warning per list says that its completions cannot be observed.

   Then events created after the first subscription from event pools created before it (one
   with kernel timestamps, one without), signalled by launches on lists created after it: every
   operation COMPLETED with times in order, on both loaders. Loader 1.32 tells the library each
   pool's flags (zeEventPoolGetFlags), so the timestamp event stays the application's; loader
   1.8 cannot, so the library signals such an event after its own (one INTERNAL_EVENT warning per
   event). */
#include "common.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_appended, g_completed, g_warnings, g_bad_times;
static size_t g_unknown, g_right_ctx, g_immediate, g_regular;
static ze_session S;

/* Made before the first subscription (test_objects_made_before_the_tracer), used after it
   (test_events_of_pools_made_before_the_tracer). */
static ze_context_handle_t g_early_ctx;
static ze_device_handle_t g_early_dev;
static ze_event_pool_handle_t g_early_plain, g_early_ts;

static void make_early_pools(void) {
  ze_context_desc_t cd;
  memset(&cd, 0, sizeof cd);
  cd.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
  ZE_CHECK(zeContextCreate(S.driver, &cd, &g_early_ctx));
  g_early_dev = S.device;
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2};
  ZE_CHECK(zeEventPoolCreate(g_early_ctx, &pd, 1, &g_early_dev, &g_early_plain));
  pd.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;
  ZE_CHECK(zeEventPoolCreate(g_early_ctx, &pd, 1, &g_early_dev, &g_early_ts));
}

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_detail == PTI_INTERNAL_EVENT_TYPE_WARNING && d->_message &&
        strstr(d->_message, "before the library's tracer existed"))
      g_warnings++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    g_appended += g->_operation_count;
    if (g->_cmd_list_properties == PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN) g_unknown++;
    if (g->_cmd_list_properties == PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) g_immediate++;
    if (g->_cmd_list_properties == 0) g_regular++;
    if (ctx == (pti_backend_ctx_t)S.context && g->_device_handle == (pti_device_handle_t)S.device) g_right_ctx++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info info;
      g_completed++;
      if (pticGetOperationInfo(cb_data, i, &info) != PTI_SUCCESS || info.status != PTIC_OP_COMPLETED ||
          info.device_end < info.device_start || info.end_ns < info.start_ns)
        g_bad_times++;
    }
  }
  pthread_mutex_unlock(&g_lock);
}

static void test_objects_made_before_the_tracer(void** state) {
  (void)state;
  ze_session_open(&S); /* no subscriber yet: the library has no tracer */
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = ze_timestamp_event(&S, &pool);
  make_early_pools();

  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);

  ze_launch(S.imm, S.vadd, NULL);
  ze_launch(S.imm, S.vmul, ev); /* the application's event, with kernel timestamps */
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ze_kernel_timestamp_result_t ts;
  ZE_CHECK(zeEventQueryKernelTimestamp(ev, &ts));
  assert_true(ts.global.kernelEnd >= ts.global.kernelStart); /* still the application's kernel */
  ze_drain(&S, S.imm);
  ze_launch(S.list, S.vadd, NULL);
  ZE_CHECK(zeCommandListClose(S.list));
  for (int i = 0; i < 2; i++) ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);

  const int queries = loader_offers("CommandListGetContextHandle");
  printf("  loader %s the spec 1.9 queries: %zu appended (%zu immediate, %zu regular, %zu unknown), "
         "%zu completed, %zu warnings\n", queries ? "has" : "lacks", g_appended, g_immediate, g_regular,
         g_unknown, g_completed, g_warnings);
  assert_int_equal(g_appended, 4); /* vadd, vmul, ze_drain's barrier, the regular list's vadd */
  if (queries) {
    assert_int_equal(g_immediate, 3);
    assert_int_equal(g_regular, 1);
    assert_int_equal(g_right_ctx, 4);
    assert_int_equal(g_completed, 3 + 2); /* the regular list's operation in both executions */
    assert_int_equal(g_bad_times, 0);
    assert_int_equal(g_warnings, 0);
  } else {
    assert_int_equal(g_unknown, 4);
    assert_int_equal(g_completed, 0);
    assert_int_equal(g_warnings, 2); /* one per list */
  }
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ze_session_close(&S);
}

/* ---- events of pools made before the tracer ---- */
static size_t g2_appended, g2_completed, g2_bad, g2_lost, g2_unknown_pool, g2_wrong_ctx;

static void cb2(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "pool the library cannot ask")) g2_unknown_pool++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    g2_appended += g->_operation_count;
    if (ctx != (pti_backend_ctx_t)g_early_ctx) g2_wrong_ctx++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    if (ctx != (pti_backend_ctx_t)g_early_ctx) g2_wrong_ctx++;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info info;
      g2_completed++;
      if (pticGetOperationInfo(cb_data, i, &info) != PTI_SUCCESS) g2_bad++;
      else if (info.status == PTIC_OP_LOST) g2_lost++;
      else if (info.status != PTIC_OP_COMPLETED || info.device_end < info.device_start ||
               info.end_ns < info.start_ns || info.start_ns == 0)
        g2_bad++;
    }
  }
  pthread_mutex_unlock(&g_lock);
}

/* Each pool's event signalled by 5 launches on a new immediate list and by a launch in a new
   regular list executed 5 times: 20 operations, each COMPLETED with its times. */
static void test_events_of_pools_made_before_the_tracer(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb2, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  const int queries = loader_offers("EventPoolGetFlags");
  ze_module_desc_t md = ze_module_desc(ze_test_module_text, ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ZE_CHECK(zeModuleCreate(g_early_ctx, g_early_dev, &md, &m, NULL));
  ze_kernel_handle_t k = ze_kernel(m, "vmul");
  ze_command_list_handle_t imm = ze_immediate_list(g_early_ctx, g_early_dev, 0);
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  ze_command_queue_handle_t q = NULL;
  ZE_CHECK(zeCommandQueueCreate(g_early_ctx, g_early_dev, &qd, &q));
  const ze_event_pool_handle_t pools[2] = {g_early_plain, g_early_ts};
  ze_event_handle_t evs[2] = {NULL, NULL};
  ze_command_list_handle_t lists[2] = {NULL, NULL};
  for (int p = 0; p < 2; p++) {
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ZE_CHECK(zeEventCreate(pools[p], &ed, &evs[p]));
    for (int i = 0; i < 5; i++) {
      ze_launch(imm, k, evs[p]);
      ZE_CHECK(zeEventHostSynchronize(evs[p], UINT64_MAX));
      if (p == 1) { /* the application reads its own kernel's timestamps (vmul: 5 us, 96 ticks),
                       where the library knows the pool has them */
        ze_kernel_timestamp_result_t ts;
        ZE_CHECK(zeEventQueryKernelTimestamp(evs[p], &ts));
        assert_true(ts.global.kernelEnd >= ts.global.kernelStart);
        if (queries) assert_true(ts.global.kernelEnd - ts.global.kernelStart >= 90);
      }
      ZE_CHECK(zeEventHostReset(evs[p]));
    }
    ze_command_list_desc_t ld;
    memset(&ld, 0, sizeof ld);
    ld.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC;
    ZE_CHECK(zeCommandListCreate(g_early_ctx, g_early_dev, &ld, &lists[p]));
    ze_launch(lists[p], k, evs[p]);
    ZE_CHECK(zeCommandListClose(lists[p]));
    for (int i = 0; i < 5; i++) {
      ZE_CHECK(zeCommandQueueExecuteCommandLists(q, 1, &lists[p], NULL));
      ZE_CHECK(zeCommandQueueSynchronize(q, UINT64_MAX));
      ZE_CHECK(zeEventHostReset(evs[p]));
    }
  }
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);

  printf("  loader %s zeEventPoolGetFlags: %zu appended, %zu completed (%zu lost, %zu bad), %zu warnings\n",
         queries ? "has" : "lacks", g2_appended, g2_completed, g2_lost, g2_bad, g2_unknown_pool);
  assert_int_equal(g2_appended, 2 * (5 + 1));
  assert_int_equal(g2_completed, 2 * (5 + 5));
  assert_int_equal(g2_lost, 0);
  assert_int_equal(g2_bad, 0);
  assert_int_equal(g2_wrong_ctx, 0);
  assert_int_equal(g2_unknown_pool, queries ? 0 : 2); /* loader 1.8: one per event */

  for (int p = 0; p < 2; p++) {
    ZE_CHECK(zeCommandListDestroy(lists[p]));
    ZE_CHECK(zeEventDestroy(evs[p]));
    ZE_CHECK(zeEventPoolDestroy(pools[p]));
  }
  ZE_CHECK(zeCommandQueueDestroy(q));
  ZE_CHECK(zeCommandListDestroy(imm));
  ZE_CHECK(zeKernelDestroy(k));
  ZE_CHECK(zeModuleDestroy(m));
  ZE_CHECK(zeContextDestroy(g_early_ctx));
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_objects_made_before_the_tracer),
                                     cmocka_unit_test(test_events_of_pools_made_before_the_tracer)};
  return cmocka_run_group_tests_name("late attach", tests, NULL, NULL);
}
