/* test_oom.c - out of memory keeps completions exactly once, and says so.

   The library's allocations go through a PTIC_MALLOC that fails on request: every call after
   set-up, or one in 20. Every operation appended while a subscriber has COMPLETED on still
   comes back exactly once (APPENDED = COMPLETED + LOST), those the library could not track as
   PTIC_OP_LOST with an INTERNAL_EVENT saying out of memory, and pticFlush does not return
   PTI_SUCCESS over a period in which operations were dropped (PTI_STATUS_END_OF_BUFFER). */
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
static size_t g_appended, g_completed, g_lost, g_oom_events;
static ze_session S;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_message && strstr(d->_message, "out of memory")) g_oom_events++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    if (g->_phase == PTI_CB_PHASE_API_EXIT && g->_return_code == 0) g_appended += g->_operation_count;
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
  pti_callback_subscriber_handle h;
  pthread_mutex_lock(&g_lock);
  g_appended = g_completed = g_lost = g_oom_events = 0;
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
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);

  __atomic_store_n(&g_fail_every, every, __ATOMIC_RELAXED);
  __atomic_store_n(&g_fail_all, fail_all, __ATOMIC_RELAXED);
  for (int i = 0; i < 300; i++) {
    ze_launch(S.imm, S.vmul, NULL);
    if (i % 15 == 0) {
      ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
      ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
    }
  }
  ze_drain(&S, S.imm);
  const pti_result during = pticFlush(500000000ull);
  __atomic_store_n(&g_fail_all, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&g_fail_every, 0, __ATOMIC_RELAXED);

  /* memory back: nothing is left pending, and every operation came back once */
  assert_int_equal(pticFlush(2000000000ull), PTI_SUCCESS);
  printf("  %zu appended, %zu completed (%zu lost), %zu INTERNAL_EVENT out of memory, pticFlush %d\n",
         get(&g_appended), get(&g_completed), get(&g_lost), get(&g_oom_events), (int)during);
  assert_int_equal(get(&g_completed), get(&g_appended));
  if (get(&g_lost)) assert_true(get(&g_oom_events) > 0);
  ZE_CHECK(zeCommandListDestroy(list));
  ze_session_close(&S);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  return during;
}

static void test_every_malloc_fails(void** state) {
  (void)state;
  const pti_result during = workload(1, 0);
  assert_true(get(&g_lost) > 0);
  assert_int_equal(during, PTI_STATUS_END_OF_BUFFER);
}

static void test_one_malloc_in_20_fails(void** state) {
  (void)state;
  const pti_result during = workload(0, 20);
  if (get(&g_lost)) assert_int_equal(during, PTI_STATUS_END_OF_BUFFER);
}

int main(void) {
  ptic_test_create_tracer();
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_every_malloc_fails),
      cmocka_unit_test(test_one_malloc_in_20_fails),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
