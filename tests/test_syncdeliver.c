/* test_syncdeliver.c - when an application's synchronising call returns, every operation it
   proves finished has been delivered as COMPLETED to every subscriber, whichever thread
   delivered it (the poller, another application thread, this one).

   Four threads, each with an immediate list and a regular list on a queue of its own, append,
   execute and synchronise, then check that every operation they appended or executed has been
   completed already; the COMPLETED callback is slow, so that deliveries by other threads are
   often under way when a synchronising call returns. The main thread then unsubscribes at once:
   nothing may be missing. 100 rounds, the poller polling every 100 us. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "common.h"

#include <time.h>

#define THREADS 4
#define IMM_OPS 6
#define REG_OPS 3
#define ROUNDS 100
#define MAX_IDS (ROUNDS * THREADS * (IMM_OPS + REG_OPS) * 2)

static ze_session S;
static ze_kernel_handle_t K0;
static ze_module_handle_t M0;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_done[MAX_IDS]; /* execution ids completed in this round */
static size_t g_ndone;
static uint64_t g_not_completed; /* COMPLETED records that were not PTIC_OP_COMPLETED */
static uint64_t g_dup;

/* the operations this thread appended to its immediate list or executed in this round */
static __thread uint64_t t_mine[IMM_OPS + REG_OPS];
static __thread size_t t_nmine;

static int done_has(uint64_t id) {
  for (size_t i = 0; i < g_ndone; i++)
    if (g_done[i] == id) return 1;
  return 0;
}

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED || domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED) {
    /* immediate lists' operations when appended, regular lists' when executed */
    const int imm = (g->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) != 0;
    if (imm != (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED)) return;
    for (uint32_t i = 0; i < g->_operation_count && t_nmine < IMM_OPS + REG_OPS; i++) {
      ptic_op_info info;
      assert_int_equal(pticGetOperationInfo(cb_data, i, &info), PTI_SUCCESS);
      t_mine[t_nmine++] = info.execution_id;
    }
    return;
  }
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) return;
  pthread_mutex_lock(&g_lock);
  for (uint32_t i = 0; i < g->_operation_count; i++) {
    ptic_op_info info;
    assert_int_equal(pticGetOperationInfo(cb_data, i, &info), PTI_SUCCESS);
    if (info.status != PTIC_OP_COMPLETED) g_not_completed++;
    if (done_has(info.execution_id)) g_dup++;
    else if (g_ndone < MAX_IDS) g_done[g_ndone++] = info.execution_id;
  }
  pthread_mutex_unlock(&g_lock);
  struct timespec ts = {0, 100000}; /* a slow tool: deliveries overlap the syncs */
  nanosleep(&ts, NULL);
}

typedef struct worker {
  pthread_t th;
  ze_command_list_handle_t imm, list;
  ze_command_queue_handle_t queue;
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev;
  uint64_t ops, missing; /* over all rounds */
} worker;

static void* work(void* arg) {
  worker* w = (worker*)arg;
  t_nmine = 0;
  for (int i = 0; i < IMM_OPS; i++) ze_launch(w->imm, K0, i + 1 == IMM_OPS ? w->ev : NULL);
  ZE_CHECK(zeCommandListReset(w->list)); /* recorded while COMPLETED is on */
  for (int k = 0; k < REG_OPS; k++) ze_launch(w->list, K0, NULL);
  ZE_CHECK(zeCommandListClose(w->list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(w->queue, 1, &w->list, NULL));
  ZE_CHECK(zeEventHostSynchronize(w->ev, UINT64_MAX));
  ZE_CHECK(zeCommandQueueSynchronize(w->queue, UINT64_MAX));
  /* both calls returned: everything of this thread is delivered */
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < t_nmine; i++)
    if (!done_has(t_mine[i])) w->missing++;
  pthread_mutex_unlock(&g_lock);
  w->ops += t_nmine;
  ZE_CHECK(zeEventHostReset(w->ev));
  return NULL;
}

static void test_sync_then_unsubscribe(void** state) {
  (void)state;
  assert_int_equal(pticSetPollInterval(100), PTI_SUCCESS);
  worker w[THREADS];
  memset(w, 0, sizeof w);
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  for (int i = 0; i < THREADS; i++) {
    ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &qd, &w[i].imm));
    ZE_CHECK(zeCommandQueueCreate(S.context, S.device, &qd, &w[i].queue));
    ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &w[i].list));
    ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
    ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &w[i].pool));
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    ZE_CHECK(zeEventCreate(w[i].pool, &ed, &w[i].ev));
  }
  uint64_t total = 0;
  for (int r = 0; r < ROUNDS; r++) {
    g_ndone = 0;
    pti_callback_subscriber_handle h;
    assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
    uint64_t before = 0;
    for (int i = 0; i < THREADS; i++) before += w[i].ops;
    for (int i = 0; i < THREADS; i++) assert_int_equal(pthread_create(&w[i].th, NULL, work, &w[i]), 0);
    for (int i = 0; i < THREADS; i++) assert_int_equal(pthread_join(w[i].th, NULL), 0);
    /* every thread synchronised on all its work: unsubscribing loses nothing */
    assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
    uint64_t after = 0;
    for (int i = 0; i < THREADS; i++) after += w[i].ops;
    assert_int_equal(after - before, THREADS * (IMM_OPS + REG_OPS));
    pthread_mutex_lock(&g_lock);
    assert_int_equal(g_ndone, after - before);
    pthread_mutex_unlock(&g_lock);
    total += after - before;
  }
  uint64_t missing = 0;
  for (int i = 0; i < THREADS; i++) missing += w[i].missing;
  assert_int_equal(missing, 0);
  assert_int_equal(g_dup, 0);
  assert_int_equal(g_not_completed, 0);
  assert_int_equal(total, (uint64_t)ROUNDS * THREADS * (IMM_OPS + REG_OPS));
  for (int i = 0; i < THREADS; i++) {
    ZE_CHECK(zeEventDestroy(w[i].ev));
    ZE_CHECK(zeEventPoolDestroy(w[i].pool));
    ZE_CHECK(zeCommandListDestroy(w[i].list));
    ZE_CHECK(zeCommandQueueDestroy(w[i].queue));
    ZE_CHECK(zeCommandListDestroy(w[i].imm));
  }
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  M0 = ze_module_from_text(&S, "kernel k0 0\n");
  K0 = ze_kernel(M0, "k0");
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ZE_CHECK(zeKernelDestroy(K0));
  ZE_CHECK(zeModuleDestroy(M0));
  ze_session_close(&S);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_sync_then_unsubscribe),
  };
  return cmocka_run_group_tests_name("sync delivers what it proves", tests, setup, teardown);
}
