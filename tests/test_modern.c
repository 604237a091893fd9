/* test_modern.c - completions with the event and list kinds of today's Level Zero (spec 1.6 ..
   1.17), on the newest loader's leg: counter-based events, in-order lists, mapped timestamps,
   mutable command lists, graph capture. Each test checks what the library reports (COMPLETED exactly once with
   the device's times, or untracked with one INTERNAL_EVENT) and what the device ran (the sim's
   command log: which event each command signalled, and what the library added). */
#include "common.h"
#include "ze_sim.h"

static ze_session S;
static ze_sim_hooks_t SIM;
static pti_callback_subscriber_handle H;

typedef struct done {
  uint64_t op_id, device_start, device_end;
  uint32_t status;
} done;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static done g_done[64];
static size_t g_ndone, g_ndispatched, g_nwarnings;
static char g_warning[256];

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_detail == PTI_INTERNAL_EVENT_TYPE_WARNING) {
      g_nwarnings++;
      snprintf(g_warning, sizeof g_warning, "%s", d->_message ? d->_message : "");
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    if (g->_phase == PTI_CB_PHASE_API_EXIT) g_ndispatched += g->_operation_count;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count && g_ndone < 64; i++) {
      ptic_op_info info;
      memset(&info, 0, sizeof info);
      pticGetOperationInfo(cb_data, i, &info);
      done* x = &g_done[g_ndone++];
      x->op_id = g->_operation_details[i]._operation_id;
      x->device_start = info.device_start;
      x->device_end = info.device_end;
      x->status = info.status;
    }
  }
  pthread_mutex_unlock(&g_lock);
}

static int before(void** state) {
  (void)state;
  pthread_mutex_lock(&g_lock);
  g_ndone = g_ndispatched = g_nwarnings = 0;
  g_warning[0] = 0;
  pthread_mutex_unlock(&g_lock);
  SIM.LogClear();
  return 0;
}

/* The sim's log of completed commands, oldest first. */
static size_t device_log(ze_sim_command_record_t* out, size_t max) {
  size_t n = SIM.LogCount();
  if (n > max) n = max;
  for (size_t i = 0; i < n; i++) ZE_CHECK(SIM.LogGet(i, &out[i]));
  return n;
}

static ze_command_list_handle_t immediate_list(int in_order) {
  return ze_immediate_list(S.context, S.device, in_order ? ZE_COMMAND_QUEUE_FLAG_IN_ORDER : 0);
}

/* An event of a pool of its own; counter_based: with the counter-based pool extension. */
static ze_event_handle_t pool_event(ze_event_pool_flags_t flags, int counter_based, ze_event_pool_handle_t* pool) {
  ze_event_pool_counter_based_exp_desc_t cb = {ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC, NULL,
                                               ZE_EVENT_POOL_COUNTER_BASED_EXP_FLAG_IMMEDIATE};
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, counter_based ? &cb : NULL, flags, 1};
  ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev = NULL;
  ZE_CHECK(zeEventCreate(*pool, &ed, &ev));
  return ev;
}

/* Completions match the device's kernels one for one, in order, with its times. */
static void check_kernels_completed(const ze_sim_command_record_t* log, size_t n, size_t expected) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  const size_t nd = g_ndone;
  pthread_mutex_unlock(&g_lock);
  assert_int_equal(nd, expected);
  for (size_t i = 0; i < n; i++) {
    if (log[i].kind != ZE_SIM_CMD_KERNEL) continue;
    assert_true(k < nd);
    assert_int_equal(g_done[k].status, PTIC_OP_COMPLETED);
    assert_true(g_done[k].device_start == log[i].device_start);
    assert_true(g_done[k].device_end == log[i].device_end);
    k++;
  }
  assert_int_equal(k, expected);
}

/* A counter-based event on an in-order list, signalled twice without a reset (re-armed by the
   second append, as the extension allows): the library never reads it; its own event signals
   each kernel and the application's event is signalled right after by a signal command, no
   barrier. Both operations complete with the device's times; no warning. */
static void test_counter_based_in_order(void** state) {
  (void)state;
  ze_command_list_handle_t l = immediate_list(1);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1, &pool);
  ze_launch(l, S.vmul, ev);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ze_launch(l, S.vadd, ev);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ze_sim_command_record_t log[16];
  size_t n = device_log(log, 16);
  size_t kernels = 0, signals = 0, barriers = 0;
  for (size_t i = 0; i < n; i++) {
    if (log[i].kind == ZE_SIM_CMD_KERNEL) {
      kernels++;
      assert_ptr_not_equal(log[i].signal_event, ev);
      assert_non_null(log[i].signal_event);
      assert_true(i + 1 < n && log[i + 1].kind == ZE_SIM_CMD_SIGNAL_EVENT && log[i + 1].signal_event == ev);
    }
    signals += log[i].kind == ZE_SIM_CMD_SIGNAL_EVENT;
    barriers += log[i].kind == ZE_SIM_CMD_BARRIER;
  }
  assert_int_equal(kernels, 2);
  assert_int_equal(signals, 2);
  assert_int_equal(barriers, 0);
  check_kernels_completed(log, n, 2);
  assert_int_equal(g_nwarnings, 0);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeCommandListDestroy(l));
}

/* SYCL v2's loop: launches on an in-order list, each signalling a counter-based event re-armed
   without a reset, each waited for by zeEventHostSynchronize or zeCommandListHostSynchronize.
   With no poller, each synchronisation collects the one operation itself and delivers its
   COMPLETED (through the published set) before it returns; a flush then finds nothing more:
   every operation exactly once, with the device's times. */
static void test_sync_delivers_in_order_counter_based(void** state) {
  (void)state;
  pticSetPollInterval(0);
  ze_command_list_handle_t l = immediate_list(1);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1, &pool);
  enum { N = 8 };
  for (size_t i = 0; i < N; i++) {
    ze_launch(l, (i % 2) ? S.vadd : S.vmul, ev);
    if (i % 2) ZE_CHECK(zeCommandListHostSynchronize(l, UINT64_MAX));
    else ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
    pthread_mutex_lock(&g_lock);
    const size_t nd = g_ndone;
    pthread_mutex_unlock(&g_lock);
    assert_int_equal(nd, i + 1); /* delivered before the synchronisation returned */
  }
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ze_sim_command_record_t log[64];
  const size_t n = device_log(log, 64);
  check_kernels_completed(log, n, N);
  for (size_t i = 1; i < N; i++) assert_true(g_done[i].op_id > g_done[i - 1].op_id);
  assert_int_equal(g_nwarnings, 0);
  pticSetPollInterval(1000);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeCommandListDestroy(l));
}

/* On an in-order list with a counter-based event (SYCL's and PyTorch's path), a callback that
   unsubscribes a later subscriber of the same APPENDED delivery: that one gets nothing more,
   neither the rest of the record (ENTER nor EXIT) nor the operation's COMPLETED; the others get
   both phases with their instance data; the kernel completes once with the device's times and
   the application's event is signalled by the signal command after it. */
static pti_callback_subscriber_handle g_off_h[3];
static int g_off_calls[3][3], g_off_bad_inst, g_off_armed;
static void off_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                   void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx;
  const int who = (int)(intptr_t)user;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    g_off_calls[who][2] += (int)((pti_callback_gpu_op_data*)cb_data)->_operation_count;
    return;
  }
  const int exit_phase = ((pti_callback_gpu_op_data*)cb_data)->_phase == PTI_CB_PHASE_API_EXIT;
  g_off_calls[who][exit_phase]++;
  void* const mine = (void*)(uintptr_t)(0x0ff0 + who);
  if (!exit_phase) *instance = mine;
  else g_off_bad_inst += *instance != mine;
  if (who == 0 && !exit_phase && g_off_armed) {
    g_off_armed = 0;
    assert_int_equal(ptiCallbackUnsubscribe(g_off_h[2]), PTI_SUCCESS);
  }
}

static void test_later_subscriber_off_on_in_order_list(void** state) {
  (void)state;
  ze_command_list_handle_t l = immediate_list(1);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1, &pool);
  memset(g_off_calls, 0, sizeof g_off_calls);
  g_off_bad_inst = g_off_armed = 0;
  for (int i = 0; i < 3; i++) {
    assert_int_equal(ptiCallbackSubscribe(&g_off_h[i], off_cb, (void*)(intptr_t)i), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_off_h[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                     PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_off_h[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1),
                     PTI_SUCCESS);
  }
  ze_launch(l, S.vadd, ev); /* (the thread's frame takes the delivery set of these subscriptions) */
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  g_off_armed = 1;
  ze_launch(l, S.vmul, ev); /* re-armed without a reset */
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(g_off_calls[i][0], 2);
    assert_int_equal(g_off_calls[i][1], 2);
    assert_int_equal(g_off_calls[i][2], 2);
  }
  assert_int_equal(g_off_calls[2][0], 1); /* the first launch only */
  assert_int_equal(g_off_calls[2][1], 1);
  assert_int_equal(g_off_calls[2][2], 1);
  assert_int_equal(g_off_bad_inst, 0);
  ze_sim_command_record_t log[16];
  size_t n = device_log(log, 16);
  assert_int_equal(n, 4);
  for (size_t i = 0; i < n; i += 2) {
    assert_int_equal(log[i].kind, ZE_SIM_CMD_KERNEL);
    assert_ptr_not_equal(log[i].signal_event, ev);
    assert_int_equal(log[i + 1].kind, ZE_SIM_CMD_SIGNAL_EVENT);
    assert_ptr_equal(log[i + 1].signal_event, ev);
  }
  check_kernels_completed(log, n, 2);
  assert_int_equal(g_nwarnings, 0);
  for (int i = 0; i < 2; i++) assert_int_equal(ptiCallbackUnsubscribe(g_off_h[i]), PTI_SUCCESS);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeCommandListDestroy(l));
}

/* A counter-based event with kernel timestamps: the library can neither read it later (re-armed
   by the next append) nor put its own event in its place (the application reads the kernel's
   timestamps from it). The operation is left alone: the kernel signals the application's event,
   no COMPLETED, one INTERNAL_EVENT for the event however often it is used. */
static void test_counter_based_timestamps_left_alone(void** state) {
  (void)state;
  ze_command_list_handle_t l = immediate_list(1);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1, &pool);
  for (int i = 0; i < 3; i++) {
    ze_launch(l, S.vmul, ev);
    ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  }
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ze_sim_command_record_t log[16];
  size_t n = device_log(log, 16);
  assert_int_equal(n, 3);
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(log[i].kind, ZE_SIM_CMD_KERNEL);
    assert_ptr_equal(log[i].signal_event, ev);
  }
  assert_int_equal(g_ndone, 0);
  assert_int_equal(g_nwarnings, 1);
  assert_non_null(strstr(g_warning, "counter-based"));
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeCommandListDestroy(l));
}

/* An event of a KERNEL_MAPPED_TIMESTAMP pool stays the kernel's (the application reads its
   timestamps), and the library reads its kernel timestamps as from a KERNEL_TIMESTAMP pool. */
static void test_mapped_timestamp_event_kept(void** state) {
  (void)state;
  ze_event_pool_desc_t probe = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP, 1};
  ze_event_pool_handle_t pool;
  if (zeEventPoolCreate(S.context, &probe, 1, &S.device, &pool) != ZE_RESULT_SUCCESS) {
    print_message("  the device has no mapped timestamps: skipped\n");
    skip();
  }
  ZE_CHECK(zeEventPoolDestroy(pool));
  ze_command_list_handle_t l = immediate_list(0);
  ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP, 0, &pool);
  ze_launch(l, S.vadd, ev);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ze_sim_command_record_t log[16];
  size_t n = device_log(log, 16);
  assert_int_equal(n, 1);
  assert_ptr_equal(log[0].signal_event, ev);
  check_kernels_completed(log, n, 1);
  assert_int_equal(g_nwarnings, 0);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeCommandListDestroy(l));
}

/* An application event without timestamps: on an in-order list a signal command right after the
   kernel signals it; on a list that is not in order a barrier does (it orders what follows). */
static void test_chain_in_order_is_a_signal(void** state) {
  (void)state;
  for (int in_order = 0; in_order < 2; in_order++) {
    before(NULL);
    ze_command_list_handle_t l = immediate_list(in_order);
    ze_event_pool_handle_t pool;
    ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 0, &pool);
    ze_launch(l, S.vmul, ev);
    ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
    ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
    assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
    ze_sim_command_record_t log[16];
    size_t n = device_log(log, 16);
    assert_int_equal(n, 2);
    assert_int_equal(log[0].kind, ZE_SIM_CMD_KERNEL);
    assert_ptr_not_equal(log[0].signal_event, ev);
    assert_int_equal(log[1].kind, in_order ? ZE_SIM_CMD_SIGNAL_EVENT : ZE_SIM_CMD_BARRIER);
    assert_ptr_equal(log[1].signal_event, ev);
    check_kernels_completed(log, n, 1);
    ZE_CHECK(zeEventDestroy(ev));
    ZE_CHECK(zeEventPoolDestroy(pool));
    ZE_CHECK(zeCommandListDestroy(l));
  }
}

/* A list recording into a graph: its appends are recorded, not executed, so the library puts
   nothing of its own into them (it would be baked into the graph and replayed with nobody to
   collect it): the replay runs exactly the application's commands; one INTERNAL_EVENT; no
   COMPLETED for recorded operations. Once the capture ended, appends are tracked again. */
static void test_graph_capture_left_alone(void** state) {
  (void)state;
  ze_command_list_handle_t l = immediate_list(1);
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 0, &pool);
  ze_event_pool_handle_t pool2;
  ze_event_handle_t done = pool_event(ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 0, &pool2);
  ZE_CHECK(zeCommandListBeginGraphCaptureExt(l, NULL));
  ze_launch(l, S.vadd, ev);
  ze_launch(l, S.vmul, NULL);
  ze_graph_handle_t gr = NULL;
  ZE_CHECK(zeCommandListEndGraphCaptureExt(l, NULL, &gr));
  ze_executable_graph_handle_t xg = NULL;
  ZE_CHECK(zeGraphInstantiateExt(gr, NULL, &xg));
  ZE_CHECK(zeCommandListAppendGraphExt(l, xg, NULL, done, 0, NULL));
  ZE_CHECK(zeEventHostSynchronize(done, UINT64_MAX));
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ze_sim_command_record_t log[16];
  size_t n = device_log(log, 16);
  assert_int_equal(n, 3); /* vadd, vmul, the graph's signal: nothing of the library's */
  assert_string_equal(log[0].kernel_name, "vadd");
  assert_ptr_equal(log[0].signal_event, ev);
  assert_string_equal(log[1].kernel_name, "vmul");
  assert_null(log[1].signal_event);
  assert_int_equal(log[2].kind, ZE_SIM_CMD_SIGNAL_EVENT);
  assert_int_equal(g_ndone, 0);
  assert_int_equal(g_nwarnings, 1);
  assert_non_null(strstr(g_warning, "graph"));
  /* capture ended: tracked again */
  ze_launch(l, S.vmul, NULL);
  ZE_CHECK(zeCommandListHostSynchronize(l, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(g_ndone, 1);
  assert_int_equal(g_done[0].status, PTIC_OP_COMPLETED);
  ZE_CHECK(zeExecutableGraphDestroyExt(xg));
  ZE_CHECK(zeGraphDestroyExt(gr));
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventDestroy(done));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeEventPoolDestroy(pool2));
  ZE_CHECK(zeCommandListDestroy(l));
}

/* A mutable command list: its commands may be updated after they were appended, so the
   library leaves them alone: DISPATCHED at each execution, no COMPLETED, one INTERNAL_EVENT;
   the device runs exactly the application's commands. */
static void test_mutable_list_left_alone(void** state) {
  (void)state;
  ze_mutable_command_list_exp_desc_t md = {ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC, NULL, 0};
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, &md, 0, 0};
  ze_command_list_handle_t list;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &list));
  ze_launch(list, S.vadd, NULL);
  ze_launch(list, S.vmul, NULL);
  ZE_CHECK(zeCommandListClose(list));
  for (int i = 0; i < 2; i++) ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  ze_sim_command_record_t log[16];
  size_t n = device_log(log, 16);
  assert_int_equal(n, 4);
  for (size_t i = 0; i < n; i++) assert_int_equal(log[i].kind, ZE_SIM_CMD_KERNEL);
  assert_int_equal(g_ndispatched, 4);
  assert_int_equal(g_ndone, 0);
  assert_int_equal(g_nwarnings, 1);
  assert_non_null(strstr(g_warning, "mutable"));
  ZE_CHECK(zeCommandListDestroy(list));
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  assert_int_equal(ptiCallbackSubscribe(&H, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 1), PTI_SUCCESS);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  assert_int_equal(ptiCallbackUnsubscribe(H), PTI_SUCCESS);
  ze_session_close(&S);
  assert_int_equal(SIM.LiveObjectCount(), 0);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_counter_based_in_order, before),
      cmocka_unit_test_setup(test_later_subscriber_off_on_in_order_list, before),
      cmocka_unit_test_setup(test_sync_delivers_in_order_counter_based, before),
      cmocka_unit_test_setup(test_counter_based_timestamps_left_alone, before),
      cmocka_unit_test_setup(test_mapped_timestamp_event_kept, before),
      cmocka_unit_test_setup(test_chain_in_order_is_a_signal, before),
      cmocka_unit_test_setup(test_mutable_list_left_alone, before),
      cmocka_unit_test_setup(test_graph_capture_left_alone, before),
  };
  return cmocka_run_group_tests_name("today's event and list kinds", tests, setup, teardown);
}
