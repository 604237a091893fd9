/* test_late_attach.c - a tool that starts tracing after the application made its objects.

   Every object (context, immediate and regular lists, queue, module and kernels, an event pool
   with kernel timestamps and its event) exists before the first subscription, so before the
   library's tracer. Where the loader has the spec 1.9 queries (zeCommandListGetContextHandle,
   ...), the operations are tracked like any other: context, device, list kind, every one
   COMPLETED. Where it does not (loader 1.8), never silently: APPENDED says UNKNOWN, and one
   INTERNAL_EVENT warning per list says that its completions cannot be observed. */
#include "common.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_appended, g_completed, g_warnings, g_bad_times;
static size_t g_unknown, g_right_ctx, g_immediate, g_regular;
static ze_session S;

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

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_objects_made_before_the_tracer)};
  return cmocka_run_group_tests_name("late attach", tests, NULL, NULL);
}
