/* test_reset.c - an application event the library reads itself (one of a KERNEL_TIMESTAMP pool)
   reset on the device, or by another process, before the library read it.

   The library cannot see such a reset, so the operation's event reads "not signalled" forever.
   That operation must not hold back the others of its list, and it is reported (COMPLETED with
   status PTIC_OP_BAD_TIMES: it finished, its times are gone) no later than the synchronisation
   that proves it finished: a later operation of its in-order list, or a barrier of any list,
   that completed. A reset appended to a regular list that is never executed changes nothing:
   the operation completes with its times. Every case: APPENDED = COMPLETED + LOST exactly, and
   pticFlush succeeds. The poller is off and the device paused while the work is appended, so
   the reset always runs before the library looks. */
#include "common.h"
#include "ze_sim.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_appended, g_completed, g_timed, g_bad, g_lost, g_reset_warnings, g_lost_warnings;
static ze_session S;
static ze_sim_hooks_t SIM;
static pti_callback_subscriber_handle H;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "reset before the library read it")) g_reset_warnings++;
    if (d->_message && strstr(d->_message, "lost")) g_lost_warnings++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    if (g->_phase == PTI_CB_PHASE_API_EXIT && g->_return_code == 0) g_appended += g->_operation_count;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info info;
      assert_int_equal(pticGetOperationInfo(cb_data, i, &info), PTI_SUCCESS);
      g_completed++;
      if (info.status == PTIC_OP_COMPLETED && info.end_ns >= info.start_ns && info.start_ns > 0) g_timed++;
      else if (info.status == PTIC_OP_BAD_TIMES && info.start_ns == 0 && info.end_ns == 0) g_bad++;
      else if (info.status == PTIC_OP_LOST) g_lost++;
    }
  }
  pthread_mutex_unlock(&g_lock);
}

static size_t get(const size_t* x) {
  pthread_mutex_lock(&g_lock);
  const size_t v = *x;
  pthread_mutex_unlock(&g_lock);
  return v;
}

static int setup(void** state) {
  (void)state;
  pthread_mutex_lock(&g_lock);
  g_appended = g_completed = g_timed = g_bad = g_lost = g_reset_warnings = g_lost_warnings = 0;
  pthread_mutex_unlock(&g_lock);
  assert_int_equal(ptiCallbackSubscribe(&H, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* only synchronisations collect */
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  SIM.SetPaused(0);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(H), PTI_SUCCESS);
  ze_session_close(&S);
  return 0;
}

/* Every operation appended came back exactly once, none lost; `bad` of them without times. */
static void expect_all(size_t bad) {
  printf("  %zu appended, %zu completed (%zu with times, %zu PTIC_OP_BAD_TIMES, %zu lost)\n", get(&g_appended),
         get(&g_completed), get(&g_timed), get(&g_bad), get(&g_lost));
  assert_int_equal(get(&g_completed), get(&g_appended));
  assert_int_equal(get(&g_lost), 0);
  assert_int_equal(get(&g_bad), bad);
  assert_int_equal(get(&g_timed), get(&g_appended) - bad);
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);
  assert_int_equal(get(&g_completed), get(&g_appended));
}

/* A launch signalling ev, then `more` launches without an event, on list l. */
static void launches(ze_command_list_handle_t l, ze_event_handle_t ev, int more) {
  ze_launch(l, S.vmul, ev);
  for (int i = 0; i < more; i++) ze_launch(l, S.vmul, NULL);
}

/* Wait, unseen by the library, until the device ran everything. */
static void device_idle(void) { ZE_CHECK(SIM.WaitIdle(10000000000ull)); }

/* A regular list holding a reset of ev, executed after the kernel signalling ev ended: the
   rest of the in-order list completes, and the drain's synchronisation delivers all of it. */
static void test_reset_in_executed_regular_list(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  ze_event_handle_t y = ze_timestamp_event(&S, &pool);
  ze_command_list_handle_t imm = ze_immediate_list(S.context, S.device, 2);
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t r = NULL;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &r));
  ZE_CHECK(zeCommandListAppendEventReset(r, y));
  ZE_CHECK(zeCommandListClose(r));
  for (int round = 0; round < 3; round++) {
    launches(imm, y, 10);
    device_idle();
    ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &r, NULL));
    ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
    ze_drain(&S, imm);
    assert_int_equal(get(&g_completed), get(&g_appended)); /* at the drain's return */
  }
  expect_all(3);
  assert_int_equal(get(&g_reset_warnings), 1); /* said once */
  ZE_CHECK(zeCommandListDestroy(r));
  ZE_CHECK(zeCommandListDestroy(imm));
  ZE_CHECK(zeEventDestroy(y));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* The common [wait Y; reset Y] on another immediate list, appended while the kernel signalling
   Y waits to run: on an in-order list (later kernels prove it finished) and on a list that is
   not in order (the drain's barrier does). */
static void wait_reset(uint32_t queue_flags) {
  ze_event_pool_handle_t pool;
  ze_event_handle_t y = ze_timestamp_event(&S, &pool);
  ze_command_list_handle_t imm = ze_immediate_list(S.context, S.device, queue_flags);
  ze_command_list_handle_t other = ze_immediate_list(S.context, S.device, 0);
  for (int round = 0; round < 3; round++) {
    SIM.SetPaused(1);
    launches(imm, y, 10);
    ZE_CHECK(zeCommandListAppendWaitOnEvents(other, 1, &y));
    ZE_CHECK(zeCommandListAppendEventReset(other, y));
    assert_int_equal(get(&g_lost), 0); /* not lost at the append: the reset waits for the kernel */
    SIM.SetPaused(0);
    device_idle();
    ze_drain(&S, imm);
    assert_int_equal(get(&g_completed), get(&g_appended));
  }
  expect_all(3);
  ZE_CHECK(zeCommandListDestroy(other));
  ZE_CHECK(zeCommandListDestroy(imm));
  ZE_CHECK(zeEventDestroy(y));
  ZE_CHECK(zeEventPoolDestroy(pool));
}
static void test_wait_reset_in_order(void** state) {
  (void)state;
  wait_reset(2);
}
static void test_wait_reset_not_in_order(void** state) {
  (void)state;
  wait_reset(0);
}

/* The later operation alone proves it on an in-order list: pticFlush delivers everything, with
   no synchronisation on the list at all. */
static void test_later_operation_proves(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  ze_event_handle_t y = ze_timestamp_event(&S, &pool);
  ze_command_list_handle_t imm = ze_immediate_list(S.context, S.device, 2);
  ze_command_list_handle_t other = ze_immediate_list(S.context, S.device, 0);
  SIM.SetPaused(1);
  launches(imm, y, 10);
  ZE_CHECK(zeCommandListAppendWaitOnEvents(other, 1, &y));
  ZE_CHECK(zeCommandListAppendEventReset(other, y));
  SIM.SetPaused(0);
  device_idle();
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);
  expect_all(1);
  ZE_CHECK(zeCommandListDestroy(other));
  ZE_CHECK(zeCommandListDestroy(imm));
  ZE_CHECK(zeEventDestroy(y));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* A reset appended to a regular list that is never executed does nothing: the kernel that
   signals the event completes with its times. */
static void test_reset_never_executed(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  ze_event_handle_t y = ze_timestamp_event(&S, &pool);
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t r = NULL;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &r));
  SIM.SetPaused(1);
  launches(S.imm, y, 3);
  ZE_CHECK(zeCommandListAppendEventReset(r, y));
  assert_int_equal(get(&g_lost), 0);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm);
  expect_all(0);
  assert_int_equal(get(&g_lost_warnings), 0);
  ZE_CHECK(zeCommandListDestroy(r));
  ZE_CHECK(zeEventDestroy(y));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* An importer of the event's pool (another process, here the same one through the IPC handle)
   resets it after the kernel ended: the library cannot tell that event is the one it reads. */
static void test_ipc_importer_reset(void** state) {
  (void)state;
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP |
                                 ZE_EVENT_POOL_FLAG_IPC,
                             1};
  ze_event_pool_handle_t pool = NULL, opened = NULL;
  ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t y = NULL, theirs = NULL;
  ZE_CHECK(zeEventCreate(pool, &ed, &y));
  ze_ipc_event_pool_handle_t ih;
  ZE_CHECK(zeEventPoolGetIpcHandle(pool, &ih));
  ZE_CHECK(zeEventPoolOpenIpcHandle(S.context, ih, &opened));
  ZE_CHECK(zeEventCreate(opened, &ed, &theirs));
  ze_command_list_handle_t imm = ze_immediate_list(S.context, S.device, 2);
  launches(imm, y, 10);
  device_idle();
  ZE_CHECK(zeEventHostReset(theirs));
  ze_drain(&S, imm);
  assert_int_equal(get(&g_completed), get(&g_appended));
  expect_all(1);
  ZE_CHECK(zeCommandListDestroy(imm));
  ZE_CHECK(zeEventDestroy(theirs));
  ZE_CHECK(zeEventPoolCloseIpcHandle(opened));
  ZE_CHECK(zeEventDestroy(y));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

int main(void) {
  ptic_test_create_tracer();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_reset_in_executed_regular_list, setup, teardown),
      cmocka_unit_test_setup_teardown(test_wait_reset_in_order, setup, teardown),
      cmocka_unit_test_setup_teardown(test_wait_reset_not_in_order, setup, teardown),
      cmocka_unit_test_setup_teardown(test_later_operation_proves, setup, teardown),
      cmocka_unit_test_setup_teardown(test_reset_never_executed, setup, teardown),
      cmocka_unit_test_setup_teardown(test_ipc_importer_reset, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
