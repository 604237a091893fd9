/* test_config.c - configuration and end of life: PTIC_POLL_INTERVAL_US parsed strictly (an
   invalid value keeps the default and raises one INTERNAL_EVENT WARNING naming the variable and
   the value), and what the public functions return after the library's destructor ran (nothing
   is delivered, and the return codes say so). Each case runs in a child process of its own:
   the variable is read once, and the destructor ends the library for the process. */
#define _GNU_SOURCE
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint32_t g_warnings, g_named, g_completed, g_calls;
static const char* g_value; /* the variable's value, looked for in the warning */

static void cfg_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                   pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  __atomic_add_fetch(&g_calls, 1, __ATOMIC_SEQ_CST);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_detail != PTI_INTERNAL_EVENT_TYPE_WARNING || !d->_message) return;
    g_warnings++;
    char want[128];
    snprintf(want, sizeof want, "PTIC_POLL_INTERVAL_US=\"%s\"", g_value ? g_value : "");
    if (strstr(d->_message, want)) g_named++;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    __atomic_add_fetch(&g_completed, g->_operation_count, __ATOMIC_SEQ_CST);
  }
}

/* Runs fn(arg) in a child; its exit status (0: every check held, else the failed step). */
static int in_child(int (*fn)(const char*), const char* arg) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(60);
    _exit(fn(arg));
  }
  int st = 0;
  if (pid < 0 || waitpid(pid, &st, 0) != pid) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 100 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* ---- item: PTIC_POLL_INTERVAL_US ---- */

/* value NULL: unset. Expects the default interval and one warning naming the value when the
   value is invalid; the value itself and no warning when it is valid (expect_us). */
static uint32_t g_expect_us;
static int child_poll_env(const char* value) {
  if (value) setenv("PTIC_POLL_INTERVAL_US", value, 1);
  else unsetenv("PTIC_POLL_INTERVAL_US");
  g_value = value;
  const int invalid = g_expect_us == 0xffffffffu;
  const uint32_t want = invalid ? 1000u : g_expect_us;
  pti_callback_subscriber_handle h;
  if (ptiCallbackSubscribe(&h, cfg_cb, NULL) != PTI_SUCCESS) return 1;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1) != PTI_SUCCESS) return 2;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1) != PTI_SUCCESS) return 3;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1) != PTI_SUCCESS) return 4;
  if (ptic__atomic_load_u32(&ptic__gpus.poll_us, PTIC_RELAXED) != want) return 5;
  if (g_warnings != (invalid ? 1u : 0u) || g_named != (invalid ? 1u : 0u)) return 6;
  if (want) { /* the poller runs: a completion arrives without any synchronisation */
    ze_session s;
    ze_session_open(&s);
    ze_launch(s.imm, s.vmul, NULL);
    for (int i = 0; i < 3000 && __atomic_load_n(&g_completed, __ATOMIC_SEQ_CST) == 0; i++) {
      struct timespec ts = {0, 1000000};
      nanosleep(&ts, NULL);
    }
    if (__atomic_load_n(&g_completed, __ATOMIC_SEQ_CST) != 1) return 7;
    ze_drain(&s, s.imm);
    ze_session_close(&s);
  }
  if (ptiCallbackUnsubscribe(h) != PTI_SUCCESS) return 8;
  return 0;
}

static void test_poll_interval_env(void** state) {
  (void)state;
  static const struct {
    const char* value;
    uint32_t us; /* 0xffffffff: invalid */
  } cases[] = {
      {"garbage", 0xffffffffu}, {"-1", 0xffffffffu}, {"99999999999", 0xffffffffu},
      {"1e3", 0xffffffffu},     {" 5", 0xffffffffu}, {"5 ", 0xffffffffu},
      {"+5", 0xffffffffu},      {"0x10", 0xffffffffu}, {"1000001", 0xffffffffu},
      {NULL, 1000u},            {"", 1000u},         {"250", 250u},
      {"0", 0u},                {"1000000", 1000000u},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    g_expect_us = cases[i].us;
    int rc = in_child(child_poll_env, cases[i].value);
    if (rc != 0) fprintf(stderr, "PTIC_POLL_INTERVAL_US=%s: step %d failed\n", cases[i].value ? cases[i].value : "(unset)", rc);
    assert_int_equal(rc, 0);
  }
}

/* ---- item: after the destructor ---- */

static int child_after_dtor(const char* unused) {
  (void)unused;
  pti_callback_subscriber_handle h, late = NULL;
  if (ptiCallbackSubscribe(&h, cfg_cb, NULL) != PTI_SUCCESS) return 1;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1) != PTI_SUCCESS) return 2;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1) != PTI_SUCCESS) return 3;
  ze_session s;
  ze_session_open(&s);
  ze_launch(s.imm, s.vmul, NULL);
  ze_drain(&s, s.imm);
  if (pticFlush(5000000000ull) != PTI_SUCCESS || g_completed == 0) return 4;
  ptic__dtor(); /* what an atexit handler or a later destructor of the tool runs after */
  const uint32_t calls = __atomic_load_n(&g_calls, __ATOMIC_SEQ_CST);
  if (ptiCallbackSubscribe(&late, cfg_cb, NULL) != PTI_ERROR_TRACING_NOT_INITIALIZED) return 5;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1) != PTI_ERROR_TRACING_NOT_INITIALIZED) return 6;
  if (pticEnableAllDomains(h, 1, 1) != PTI_ERROR_TRACING_NOT_INITIALIZED) return 7;
  ze_launch(s.imm, s.vmul, NULL);
  ze_drain(&s, s.imm);
  if (pticFlush(1000000000ull) != PTI_ERROR_TRACING_NOT_INITIALIZED) return 8;
  if (pticReplay(h) != PTI_ERROR_TRACING_NOT_INITIALIZED) return 9;
  if (ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) != PTI_SUCCESS) return 10;
  if (ptic__gpus.poller_started) return 13; /* no poller starts again: nobody would join it */
  if (ptiCallbackUnsubscribe(h) != PTI_SUCCESS) return 11;
  ze_session_close(&s);
  if (__atomic_load_n(&g_calls, __ATOMIC_SEQ_CST) != calls) return 12; /* nothing delivered */
  return 0;
}

static void test_after_destructor(void** state) {
  (void)state;
  assert_int_equal(in_child(child_after_dtor, NULL), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_poll_interval_env),
      cmocka_unit_test(test_after_destructor),
  };
  return cmocka_run_group_tests_name("configuration and exit", tests, NULL, NULL);
}
