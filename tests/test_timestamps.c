/* test_timestamps.c - kernel timestamps the driver reports are checked before use.

   The simulated device misreports them on request (zeSimSetTimestampFault): not written at all
   (as Intel's null driver does), end before start, bits beyond the valid ones. Each operation
   still completes exactly once, with status PTIC_OP_BAD_TIMES and no times instead of garbage
   durations, and one INTERNAL_EVENT warning says so; believable timestamps give
   PTIC_OP_COMPLETED. Both ways of reading them are covered: the library's event on an
   immediate list (zeEventQueryKernelTimestamp) and a regular list's execution
   (zeCommandListAppendQueryKernelTimestamps). */
#include "common.h"
#include "ze_sim.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_completed, g_good, g_bad, g_other, g_warnings, g_zero_ids;
static uint32_t g_last_api_id;
static ze_session S;
static ze_sim_hooks_t SIM;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "timestamps that are not believable")) g_warnings++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    if (api_id == 0) g_zero_ids++; /* every record carries a real api id */
    g_last_api_id = api_id;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info info;
      g_completed++;
      assert_int_equal(pticGetOperationInfo(cb_data, i, &info), PTI_SUCCESS);
      if (info.status == PTIC_OP_COMPLETED && info.device_end >= info.device_start && info.start_ns > 0 &&
          info.end_ns - info.start_ns < 1000000000ull)
        g_good++;
      else if (info.status == PTIC_OP_BAD_TIMES && info.device_start == 0 && info.device_end == 0 &&
               info.start_ns == 0 && info.end_ns == 0)
        g_bad++;
      else
        g_other++;
    }
  }
  pthread_mutex_unlock(&g_lock);
}

/* Two kernels on the immediate list, one regular-list execution of one kernel. */
static void run(ze_sim_ts_fault_t fault) {
  pthread_mutex_lock(&g_lock);
  g_completed = g_good = g_bad = g_other = 0;
  pthread_mutex_unlock(&g_lock);
  SIM.SetTimestampFault(fault);
  ze_launch(S.imm, S.vadd, NULL);
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  SIM.SetTimestampFault(ZE_SIM_TS_OK);
}

static void test_timestamps_checked(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  ze_launch(S.list, S.vadd, NULL);
  ZE_CHECK(zeCommandListClose(S.list));

  run(ZE_SIM_TS_OK); /* 2 kernels + ze_drain's barrier, 1 execution */
  assert_int_equal(g_completed, 4);
  assert_int_equal(g_good, 4);
  assert_int_equal(g_warnings, 0);
  const ze_sim_ts_fault_t faults[] = {ZE_SIM_TS_UNWRITTEN, ZE_SIM_TS_REVERSED, ZE_SIM_TS_GARBAGE};
  for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++) {
    run(faults[i]);
    printf("  fault %d: %zu completed, %zu with times, %zu PTIC_OP_BAD_TIMES\n", (int)faults[i], g_completed,
           g_good, g_bad);
    assert_int_equal(g_completed, 4);
    assert_int_equal(g_bad, 4);
    assert_int_equal(g_other, 0);
  }
  assert_int_equal(g_warnings, 1); /* once */
  run(ZE_SIM_TS_OK);
  assert_int_equal(g_good, 4);
  /* noticed by the library itself (no application call saw it finish): its own read's id */
  ze_launch(S.imm, S.vadd, NULL);
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(g_last_api_id, zeEventQueryKernelTimestamp_id);
  assert_int_equal(g_zero_ids, 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_session_close(&S);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_timestamps_checked)};
  return cmocka_run_group_tests_name("timestamps checked", tests, NULL, NULL);
}
