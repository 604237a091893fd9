/* test_oom.c - out of memory keeps completions exactly once, and says so.

   The library's allocations go through a PTIC_MALLOC that fails on request: every call after
   set-up, one in 20, or those of 64 KiB and more (and none: the same workload, APPENDED and
   COMPLETED on, DISPATCHED off, once hung in ptic__ze_track_exit). Every operation appended to
   the immediate list and every execution's operation comes back exactly once (COMPLETED, of
   which PTIC_OP_LOST those the library could not keep pending, with an INTERNAL_EVENT saying
   out of memory); pticFlush does not return PTI_SUCCESS while memory fails with operations lost
   or still pending (PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY, or PTI_ERROR_INTERNAL at its
   timeout). Also with a regular list recorded while memory fails, with the library's events of
   lost operations (they go back to the library: the driver holds none of them once the context
   is gone), and with a LOST record made when the ready list just lent its buffer away. */
#include <stdlib.h>

static int g_fail_all;         /* every PTIC_MALLOC fails */
static unsigned g_fail_every;  /* one in this many fails (0: none) */
static size_t g_fail_size;     /* allocations of at least this many bytes fail (0: none) */
static unsigned g_calls;
static void* oom_malloc(size_t n) {
  const unsigned c = __atomic_add_fetch(&g_calls, 1u, __ATOMIC_RELAXED);
  if (__atomic_load_n(&g_fail_all, __ATOMIC_RELAXED)) return NULL;
  const size_t big = __atomic_load_n(&g_fail_size, __ATOMIC_RELAXED);
  if (big && n >= big) return NULL;
  const unsigned every = __atomic_load_n(&g_fail_every, __ATOMIC_RELAXED);
  if (every && c % every == 0) return NULL;
  return malloc(n);
}
#define PTIC_MALLOC(n) oom_malloc(n)
#define PTIC_FREE(p) free(p)
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_appended, g_completed, g_lost, g_oom_events; /* g_appended: on immediate lists */
static size_t g_dropped_events; /* INTERNAL_EVENT: records were not delivered */
static size_t g_off_events;     /* INTERNAL_EVENT: a list recorded while COMPLETED was off */
static ze_session S;
static ze_sim_hooks_t SIM;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "out of memory")) g_oom_events++;
    if (d->_message && strstr(d->_message, "records were not delivered")) g_dropped_events++;
    if (d->_message && strstr(d->_message, "recorded while COMPLETED was off")) g_off_events++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    if (g->_phase == PTI_CB_PHASE_API_EXIT && g->_return_code == 0 &&
        (g->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE))
      g_appended += g->_operation_count;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info info;
      if (pticGetOperationInfo(cb_data, i, &info) == PTI_SUCCESS && info.status == PTIC_OP_LOST) g_lost++;
      g_completed++;
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

static pti_result check_counted(pti_callback_subscriber_handle h, size_t expected, pti_result during, uint64_t live0);

/* 300 launches on the immediate list and 20 executions of a regular list of one launch (each
   synchronised), with PTIC_MALLOC failing as set; then memory comes back and everything is
   flushed. Returns pticFlush's answer while memory was failing. */
static pti_result workload(int fail_all, unsigned every) {
  size_t executed = 0; /* executions (of one operation each) that succeeded */
  pti_callback_subscriber_handle h;
  pthread_mutex_lock(&g_lock);
  g_appended = g_completed = g_lost = g_oom_events = g_dropped_events = g_off_events = 0;
  pthread_mutex_unlock(&g_lock);
  const uint64_t live0 = SIM.LiveObjectCount();
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_session_open(&S);
  ze_command_list_handle_t list = ze_closed_list(&S, 1, &S.vmul);
  ze_launch(S.imm, S.vmul, NULL); /* set-up: the library's pools, streams and buffers exist */
  ze_drain(&S, S.imm);
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  executed++;
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);

  __atomic_store_n(&g_fail_every, every, __ATOMIC_RELAXED);
  __atomic_store_n(&g_fail_all, fail_all, __ATOMIC_RELAXED);
  for (int i = 0; i < 300; i++) {
    ze_launch(S.imm, S.vmul, NULL);
    if (i % 15 == 0) {
      ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
      ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
      executed++;
    }
  }
  ze_drain(&S, S.imm);
  const pti_result during = pticFlush(500000000ull);
  __atomic_store_n(&g_fail_all, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&g_fail_every, 0, __ATOMIC_RELAXED);

  /* memory back: nothing is left pending (what the flush above left pending is collected now,
     and the loss it could not say yet is said now), and every operation came back once */
  ZE_CHECK(zeCommandListDestroy(list));
  const pti_result after = check_counted(h, get(&g_appended) + executed, during, live0);
  assert_true(after == PTI_SUCCESS || (after == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY && during == PTI_ERROR_INTERNAL));
  if (get(&g_lost)) assert_true(during != PTI_SUCCESS);
  return during;
}

static void test_memory_enough(void** state) {
  (void)state;
  assert_int_equal(workload(0, 0), PTI_SUCCESS);
  assert_int_equal(get(&g_lost), 0);
}

/* (what the library keeps between operations mostly suffices here; a completion whose record
   cannot be stored stays pending until memory comes back) */
static void test_every_malloc_fails(void** state) {
  (void)state;
  workload(1, 0);
}

static void test_one_malloc_in_20_fails(void** state) {
  (void)state;
  workload(0, 20);
}

/* ---- one subscriber, counted ---- */

static pti_callback_subscriber_handle subscribe_counted(void) {
  pti_callback_subscriber_handle h;
  pthread_mutex_lock(&g_lock);
  g_appended = g_completed = g_lost = g_oom_events = g_dropped_events = g_off_events = 0;
  pthread_mutex_unlock(&g_lock);
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  return h;
}

static void memory_back(void) {
  __atomic_store_n(&g_fail_all, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&g_fail_every, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&g_fail_size, 0, __ATOMIC_RELAXED);
}

/* Memory is back: every operation (`expected`: the immediate lists' APPENDED ones plus each
   execution's) came back once, or an INTERNAL_EVENT said records were dropped and pticFlush did
   not return success; LOST ones were explained as out of memory, none blamed on COMPLETED being
   off; nothing is left pending; the driver holds none of the library's objects once the context
   is gone (live0: its count before the session). Returns pticFlush's first answer once memory is
   back. */
static pti_result check_counted(pti_callback_subscriber_handle h, size_t expected, pti_result during, uint64_t live0) {
  const pti_result after = pticFlush(2000000000ull);
  const pti_result again = pticFlush(2000000000ull);
  const size_t appended = get(&g_appended), completed = get(&g_completed), lost = get(&g_lost);
  const size_t oom_events = get(&g_oom_events), dropped_events = get(&g_dropped_events);
  printf("  %zu expected, %zu completed (%zu lost), %zu INTERNAL_EVENT out of memory, %zu dropped, %zu "
         "COMPLETED off, pticFlush %d then %d, %d\n",
         expected, completed, lost, oom_events, dropped_events, get(&g_off_events), (int)during, (int)after,
         (int)again);
  (void)appended;
  assert_int_equal(again, PTI_SUCCESS);
  assert_int_equal(get(&g_off_events), 0);
  if (dropped_events) {
    assert_true(completed < expected);
    assert_true(during == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY || after == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY);
  } else {
    assert_int_equal(completed, expected);
  }
  if (lost) {
    assert_true(oom_events > 0);
    assert_true(during != PTI_SUCCESS || after == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY);
  }
  ze_session_close(&S);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(SIM.LiveObjectCount(), live0);
  return after;
}

/* Executes `list` (of `n` operations) `times` times, each synchronised; returns the operations
   executed. */
static size_t execute(ze_command_list_handle_t list, size_t n, int times) {
  for (int i = 0; i < times; i++) {
    ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
    ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  }
  return n * (size_t)times;
}

/* A regular list created and recorded while every PTIC_MALLOC fails (its record cannot be
   allocated), then executed while memory fails and after it came back: each execution's
   operations come back once, or an INTERNAL_EVENT says which records were not delivered. Once
   its operations were reported lost at the append and its executions said nothing. */
static void test_regular_list_recorded_while_failing(void** state) {
  (void)state;
  const uint64_t live0 = SIM.LiveObjectCount();
  pti_callback_subscriber_handle h = subscribe_counted();
  ze_session_open(&S);
  const ze_kernel_handle_t k3[3] = {S.vmul, S.vadd, S.vmul};
  ze_command_list_handle_t warm = ze_closed_list(&S, 3, k3); /* set-up: an execution's record */
  size_t expected = execute(warm, 3, 1);
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);

  __atomic_store_n(&g_fail_all, 1, __ATOMIC_RELAXED);
  ze_command_list_handle_t list = ze_closed_list(&S, 3, k3);
  expected += execute(list, 3, 2);
  const pti_result during = pticFlush(500000000ull);
  memory_back();
  expected += execute(list, 3, 2);
  ZE_CHECK(zeCommandListDestroy(list));
  ZE_CHECK(zeCommandListDestroy(warm));
  check_counted(h, expected, during, live0);
}

/* A regular list recorded while the library's events for regular lists are all taken and
   memory for another event pool fails: its operations have no event of the library's. Each
   execution reports them LOST (out of memory) and the others COMPLETED. Once the list's
   executions delivered nothing, with an INTERNAL_EVENT blaming COMPLETED being off. */
static void test_regular_list_without_events(void** state) {
  (void)state;
  const uint64_t live0 = SIM.LiveObjectCount();
  pti_callback_subscriber_handle h = subscribe_counted();
  ze_session_open(&S);
  const ze_kernel_handle_t k3[3] = {S.vmul, S.vadd, S.vmul};
  ze_command_list_handle_t warm = ze_closed_list(&S, 3, k3);
  size_t expected = execute(warm, 3, 1);
  /* the library's events for regular lists all taken, its table of pools full (16 pools of 256:
     its first size): warm's 3 and its execution's harvest event, list's first and big's 4091 */
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t big = NULL, list = NULL;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &big));
  for (int i = 0; i < 16 * 256 - 5; i++) ze_launch(big, S.vmul, NULL);
  ZE_CHECK(zeCommandListClose(big));
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &list));
  ze_launch(list, S.vmul, NULL); /* (its record exists, with room) */
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* (this thread alone delivers) */

  __atomic_store_n(&g_fail_all, 1, __ATOMIC_RELAXED);
  ze_launch(list, S.vadd, NULL);
  ze_launch(list, S.vmul, NULL);
  ZE_CHECK(zeCommandListClose(list));
  expected += execute(list, 3, 2);
  const pti_result during = pticFlush(500000000ull);
  memory_back();
  expected += execute(list, 3, 2);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  assert_true(get(&g_lost) >= 2 * 2); /* (at least the two operations without an event, twice) */
  assert_int_equal(get(&g_dropped_events), 0);
  ZE_CHECK(zeCommandListDestroy(list));
  ZE_CHECK(zeCommandListDestroy(big));
  ZE_CHECK(zeCommandListDestroy(warm));
  check_counted(h, expected, during, live0);
}

/* The operation table full (the device paused) and a new chunk of it too large to allocate: the
   operations appended then are LOST at once, each with an event of the library's already
   appended. Those events go back to the library: once they leaked, and the context's pools could
   not be destroyed (the driver still held them). */
static void test_lost_events_come_back(void** state) {
  (void)state;
  const uint64_t live0 = SIM.LiveObjectCount();
  pti_callback_subscriber_handle h = subscribe_counted();
  ze_session_open(&S);
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);

  __atomic_store_n(&g_fail_size, 64 * 1024, __ATOMIC_RELAXED);
  SIM.SetPaused(1);
  for (int i = 0; i < 4096 + 50; i++) ze_launch(S.imm, S.vmul, NULL);
  SIM.SetPaused(0);
  ze_drain(&S, S.imm);
  const pti_result during = pticFlush(2000000000ull);
  memory_back();
  assert_true(get(&g_lost) > 0);
  /* normal work afterwards: fully tracked */
  for (int i = 0; i < 100; i++) ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  check_counted(h, get(&g_appended), during, live0);
}

/* A thread whose first delivery takes the ready list's buffer in exchange for its own empty one,
   then no memory at all while an execution cannot be tracked (its frame's buffers cannot be
   allocated): its operations' LOST records still find room. Once they were dropped. */
static ze_command_list_handle_t g_list;
static void* flush_once(void* arg) {
  (void)arg;
  ze_launch(S.imm, S.vmul, NULL);
  while (SIM.PendingCount()) sched_yield();
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);
  return NULL;
}
static void* execute_failing(void* arg) {
  (void)arg;
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX)); /* (the thread's state exists) */
  __atomic_store_n(&g_fail_all, 1, __ATOMIC_RELAXED);
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &g_list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  return NULL;
}
static void test_lost_record_finds_room(void** state) {
  (void)state;
  const uint64_t live0 = SIM.LiveObjectCount();
  pti_callback_subscriber_handle h = subscribe_counted();
  ze_session_open(&S);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* (no poller round in between) */
  const ze_kernel_handle_t k3[3] = {S.vmul, S.vadd, S.vmul};
  g_list = ze_closed_list(&S, 3, k3);
  size_t expected = execute(g_list, 3, 1);
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, flush_once, NULL), 0);
  assert_int_equal(pthread_join(th, NULL), 0);
  assert_int_equal(pthread_create(&th, NULL, execute_failing, NULL), 0);
  assert_int_equal(pthread_join(th, NULL), 0);
  expected += 3;
  const pti_result during = pticFlush(500000000ull);
  memory_back();
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
  expected += get(&g_appended);
  ZE_CHECK(zeCommandListDestroy(g_list));
  assert_int_equal(get(&g_dropped_events), 0);
  check_counted(h, expected, during, live0);
  assert_int_equal(get(&g_lost), 3);
}

int main(void) {
  ptic_test_create_tracer();
  if (zeInit(0) != ZE_RESULT_SUCCESS || ze_sim_hooks_load(&SIM) != 0) {
    fprintf(stderr, "test_oom: needs the simulated device (ZE_ENABLE_ALT_DRIVERS)\n");
    return 1;
  }
  if (getenv("TEST_OOM_ONLY")) cmocka_set_test_filter(getenv("TEST_OOM_ONLY"));
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memory_enough),
      cmocka_unit_test(test_every_malloc_fails),
      cmocka_unit_test(test_one_malloc_in_20_fails),
      cmocka_unit_test(test_regular_list_recorded_while_failing),
      cmocka_unit_test(test_regular_list_without_events),
      cmocka_unit_test(test_lost_events_come_back),
      cmocka_unit_test(test_lost_record_finds_room),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
