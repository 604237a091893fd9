/* test_throw.cpp - the implementation compiled as C++, with a callback that throws. Callbacks
   must not throw; when one does, the library catches the exception where it called the
   callback, reports it through INTERNAL_EVENT, and its state stays consistent: the Level Zero
   call returns the driver's result, the throwing thread still gets its records, and
   ptiCallbackUnsubscribe from another thread returns. */
#define PTI_CALLBACK_IMPLEMENTATION
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
extern "C" {
#include <cmocka.h> /* declares C functions without extern "C" */
}
#include "common.h"

#include <stdexcept>

static ze_session S;
static int g_throws_left;
static unsigned g_api_records, g_appended, g_errors;

static void throwing_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                        pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain == PTI_CB_DOMAIN_DRIVER_API) __atomic_add_fetch(&g_api_records, 1, __ATOMIC_SEQ_CST);
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    __atomic_add_fetch(&g_appended, 1, __ATOMIC_SEQ_CST);
    const pti_callback_gpu_op_data* g = static_cast<const pti_callback_gpu_op_data*>(cb_data);
    if (g->_phase == PTI_CB_PHASE_API_ENTER && g_throws_left > 0) {
      g_throws_left--;
      throw std::runtime_error("a tool's bug");
    }
  }
}

static void internal_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                        pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain != PTI_CB_DOMAIN_INTERNAL_EVENT) return;
  const pti_internal_callback_data* d = static_cast<const pti_internal_callback_data*>(cb_data);
  if (d->_message && strstr(d->_message, "threw")) __atomic_add_fetch(&g_errors, 1, __ATOMIC_SEQ_CST);
}

struct unsub_arg {
  pti_callback_subscriber_handle h;
  pti_result r;
  int done;
};
static void* unsubscribe_thread(void* p) {
  unsub_arg* a = static_cast<unsub_arg*>(p);
  a->r = ptiCallbackUnsubscribe(a->h);
  __atomic_store_n(&a->done, 1, __ATOMIC_SEQ_CST);
  return NULL;
}

/* Unsubscribe h from another thread: it returns PTI_SUCCESS within 10 s (no busy mark left). */
static void unsubscribe_elsewhere(pti_callback_subscriber_handle h) {
  unsub_arg a = {h, PTI_ERROR_INTERNAL, 0};
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, unsubscribe_thread, &a), 0);
  for (int i = 0; i < 10000 && !__atomic_load_n(&a.done, __ATOMIC_SEQ_CST); i++) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  assert_int_equal(__atomic_load_n(&a.done, __ATOMIC_SEQ_CST), 1);
  pthread_join(th, NULL);
  assert_int_equal(a.r, PTI_SUCCESS);
}

static void test_throwing_callback(void** state) {
  (void)state;
  pti_callback_subscriber_handle h, w;
  assert_int_equal(ptiCallbackSubscribe(&w, internal_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(w, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&h, throwing_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  g_throws_left = 3;
  ze_group_count_t gc = {1, 1, 1};
  for (int i = 0; i < 3; i++)
    assert_int_equal(zeCommandListAppendLaunchKernel(S.imm, S.vmul, &gc, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(__atomic_load_n(&g_errors, __ATOMIC_SEQ_CST), 3);
  /* the throwing thread still gets every record: ENTER and EXIT of DRIVER_API and APPENDED */
  g_api_records = g_appended = 0;
  assert_int_equal(zeCommandListAppendLaunchKernel(S.imm, S.vmul, &gc, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(g_api_records, 2);
  assert_int_equal(g_appended, 2);
  ze_drain(&S, S.imm);
  unsubscribe_elsewhere(h);
  assert_int_equal(ptiCallbackUnsubscribe(w), PTI_SUCCESS);
}

/* The same among several subscribers of a launch's APPENDED records (the delivery loop of the
   APPEND fast path), then alone (its delivery to one subscriber): the one that throws, at ENTER
   and at EXIT, does not keep the others from their records, and can be unsubscribed from
   another thread. */
static unsigned g_other_records;
static void throw_always_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                            pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  throw std::runtime_error("a tool's bug");
}
static void other_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  __atomic_add_fetch(&g_other_records, 1, __ATOMIC_SEQ_CST);
}

/* A thrower that subscribes someone first (its first call only): the lists change during its
   callback, and it is still called once per phase. */
static pti_callback_subscriber_handle g_newcomer;
static unsigned g_subscribing_calls;
static void subscribe_then_throw_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance);

/* Three subscribers of APPENDED, ENTER and EXIT: one that counts, the thrower, one that counts. */
static void subscribe_around(pti_callback_function thrower_cb, pti_callback_subscriber_handle* before,
                             pti_callback_subscriber_handle* thrower, pti_callback_subscriber_handle* after) {
  assert_int_equal(ptiCallbackSubscribe(before, other_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(thrower, thrower_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(after, other_cb, NULL), PTI_SUCCESS);
  const pti_callback_subscriber_handle all[3] = {*before, *thrower, *after};
  for (int i = 0; i < 3; i++)
    assert_int_equal(ptiCallbackEnableDomain(all[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
}

static void test_throwing_callback_among_several(void** state) {
  (void)state;
  pti_callback_subscriber_handle w, before, thrower, after;
  g_errors = g_other_records = 0;
  assert_int_equal(ptiCallbackSubscribe(&w, internal_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(w, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  subscribe_around(throw_always_cb, &before, &thrower, &after);
  ze_group_count_t gc = {1, 1, 1};
  for (int i = 0; i < 3; i++)
    assert_int_equal(zeCommandListAppendLaunchKernel(S.imm, S.vmul, &gc, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(__atomic_load_n(&g_errors, __ATOMIC_SEQ_CST), 6); /* ENTER and EXIT of 3 launches */
  assert_int_equal(__atomic_load_n(&g_other_records, __ATOMIC_SEQ_CST), 12);
  ze_drain(&S, S.imm);
  /* then alone: the delivery to one subscriber */
  assert_int_equal(ptiCallbackUnsubscribe(before), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(after), PTI_SUCCESS);
  g_errors = 0;
  for (int i = 0; i < 3; i++)
    assert_int_equal(zeCommandListAppendLaunchKernel(S.imm, S.vmul, &gc, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(__atomic_load_n(&g_errors, __ATOMIC_SEQ_CST), 6);
  ze_drain(&S, S.imm);
  unsubscribe_elsewhere(thrower);
  /* a thrower that changes the lists in its callback */
  subscribe_around(subscribe_then_throw_cb, &before, &thrower, &after);
  g_subscribing_calls = 0;
  assert_int_equal(zeCommandListAppendLaunchKernel(S.imm, S.vmul, &gc, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(__atomic_load_n(&g_subscribing_calls, __ATOMIC_SEQ_CST), 2); /* ENTER and EXIT */
  ze_drain(&S, S.imm);
  assert_int_equal(ptiCallbackUnsubscribe(g_newcomer), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(before), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(after), PTI_SUCCESS);
  unsubscribe_elsewhere(thrower);
  assert_int_equal(ptiCallbackUnsubscribe(w), PTI_SUCCESS);
}

static void subscribe_then_throw_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  if (__atomic_fetch_add(&g_subscribing_calls, 1, __ATOMIC_SEQ_CST) == 0) {
    assert_int_equal(ptiCallbackSubscribe(&g_newcomer, other_cb, NULL), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_newcomer, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                     PTI_SUCCESS);
  }
  throw std::runtime_error("a tool's bug");
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ze_session_close(&S);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_throwing_callback),
                                     cmocka_unit_test(test_throwing_callback_among_several)};
  return cmocka_run_group_tests_name("a throwing callback (C++)", tests, setup, teardown);
}
