/* test_oom.c - out of memory keeps completions exactly once, and says so.

   The library's allocations go through a PTIC_MALLOC that fails on request: every call after
   set-up, or one in 20 (and none: the same workload, APPENDED and COMPLETED on, DISPATCHED
   off, once hung in ptic__ze_track_exit). Every operation appended to the immediate list and
   every execution's operation comes back exactly once (COMPLETED, of which PTIC_OP_LOST those
   the library could not keep pending, with an INTERNAL_EVENT saying out of memory); pticFlush
   does not return PTI_SUCCESS while memory fails with operations lost or still pending
   (PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY, or PTI_ERROR_INTERNAL at its timeout). */
#include <stdlib.h>

static int g_fail_all;         /* every PTIC_MALLOC fails */
static unsigned g_fail_every;  /* one in this many fails (0: none) */
static unsigned g_calls;
static void* oom_malloc(size_t n) {
  const unsigned c = __atomic_add_fetch(&g_calls, 1u, __ATOMIC_RELAXED);
  if (__atomic_load_n(&g_fail_all, __ATOMIC_RELAXED)) return NULL;
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
static ze_session S;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "out of memory")) g_oom_events++;
    if (d->_message && strstr(d->_message, "records were not delivered")) g_dropped_events++;
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

/* 300 launches on the immediate list and 20 executions of a regular list of one launch (each
   synchronised), with PTIC_MALLOC failing as set; then memory comes back and everything is
   flushed. Returns pticFlush's answer while memory was failing. */
static pti_result workload(int fail_all, unsigned every) {
  size_t executed = 0; /* executions (of one operation each) that succeeded */
  pti_callback_subscriber_handle h;
  pthread_mutex_lock(&g_lock);
  g_appended = g_completed = g_lost = g_oom_events = g_dropped_events = 0;
  pthread_mutex_unlock(&g_lock);
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
  const pti_result after = pticFlush(2000000000ull);
  const pti_result again = pticFlush(2000000000ull);
  const size_t appended = get(&g_appended), completed = get(&g_completed), lost = get(&g_lost);
  const size_t oom_events = get(&g_oom_events), dropped_events = get(&g_dropped_events);
  printf("  %zu appended + %zu executed, %zu completed (%zu lost), %zu INTERNAL_EVENT out of memory, "
         "pticFlush %d then %d, %d\n",
         appended, executed, completed, lost, oom_events, (int)during, (int)after, (int)again);
  ZE_CHECK(zeCommandListDestroy(list));
  ze_session_close(&S);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_true(after == PTI_SUCCESS || (after == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY && during == PTI_ERROR_INTERNAL));
  assert_int_equal(again, PTI_SUCCESS);
  /* exactly once; a LOST record that could not be stored either (no memory at all) is dropped,
     never silently: an INTERNAL_EVENT says so and pticFlush does not return success */
  if (dropped_events) {
    assert_true(completed < appended + executed);
    assert_true(during == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY || after == PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY);
  } else {
    assert_int_equal(completed, appended + executed);
  }
  if (lost) {
    assert_true(oom_events > 0);
    assert_true(during != PTI_SUCCESS);
  }
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

int main(void) {
  ptic_test_create_tracer();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memory_enough),
      cmocka_unit_test(test_every_malloc_fails),
      cmocka_unit_test(test_one_malloc_in_20_fails),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
