/* test_fork.c - fork() after subscribing. The child of a process that uses the library may use
   the registry (subscribe, enable, disable, state queries, unsubscribe of subscribers without
   COMPLETED) and leaves with _exit() or exec(); it makes no Level Zero call (the driver's threads
   do not survive fork: the simulated device's workers are gone, so are a GPU driver's). The
   parent is not affected by what the child does, and keeps its completions exactly once.
   A child that hangs is killed by alarm() and fails the test. */
#define _GNU_SOURCE
#include "common.h"
#include "ze_sim.h"

#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static ze_session S;
static ze_sim_hooks_t SIM;
static ze_module_handle_t M0;
static ze_kernel_handle_t K0;

static uint64_t g_completed, g_appended;
static void count_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    __atomic_add_fetch(&g_completed, g->_operation_count, __ATOMIC_RELAXED);
  else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && g->_phase == PTI_CB_PHASE_API_EXIT)
    __atomic_add_fetch(&g_appended, g->_operation_count, __ATOMIC_RELAXED);
}

static void noop_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
}

/* What a child does: registry calls only. Returns 0 when all gave the documented results, else
   the number of the step that did not. `inherited` is a subscriber of the parent. */
static int child_registry(pti_callback_subscriber_handle inherited) {
  pti_callback_subscriber_handle c = NULL;
  uint32_t e = 9, x = 9;
  if (ptiCallbackSubscribe(&c, noop_cb, NULL) != PTI_SUCCESS) return 1;
  if (ptiCallbackEnableDomain(c, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1) != PTI_SUCCESS) return 2;
  if (pticEnableDriverApi(c, PTI_API_GROUP_LEVELZERO, zeInit_id, 1, 0) != PTI_SUCCESS) return 3;
  if (pticGetDomainState(c, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, &e, &x) != PTI_SUCCESS || e != 1 || x != 1)
    return 4;
  if (ptiCallbackDisableDomain(c, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) != PTI_SUCCESS) return 5;
  if (ptiCallbackUnsubscribe(c) != PTI_SUCCESS) return 6;
  if (ptiCallbackUnsubscribe(c) != PTI_ERROR_BAD_ARGUMENT) return 7;
  if (inherited) {
    /* the parent's subscriber exists in the child's copy: its domains can be turned off */
    if (pticGetDomainState(inherited, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, &e, &x) != PTI_SUCCESS || x != 1)
      return 8;
    if (ptiCallbackDisableAllDomains(inherited) != PTI_SUCCESS) return 9;
  }
  if (ptiCallbackUnsubscribe((pti_callback_subscriber_handle)(uintptr_t)0x1234) != PTI_ERROR_BAD_ARGUMENT) return 10;
  return 0;
}

/* Fork; the child runs child_registry under a time limit and _exits with its result. Returns
   the child's status as text for messages, and whether it exited 0. */
static int fork_child(pti_callback_subscriber_handle inherited, char* why, size_t n) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    alarm(3); /* a deadlock in the child ends it with SIGALRM */
    _exit(child_registry(inherited));
  }
  int status = 0;
  assert_int_equal(waitpid(pid, &status, 0), pid);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return 1;
  if (WIFSIGNALED(status))
    snprintf(why, n, "the child died of signal %d%s", WTERMSIG(status),
             WTERMSIG(status) == SIGALRM ? " (it hung: alarm)" : "");
  else
    snprintf(why, n, "the child failed at step %d", WEXITSTATUS(status));
  return 0;
}

/* Quiet fork: the parent has a COMPLETED subscriber, operations in flight and its poller. */
static void test_fork_after_subscribe(void** state) {
  (void)state;
  if (under_valgrind()) { /* the child's leak check would count the parent's threads' memory as lost */
    printf("  skipped under valgrind\n");
    return;
  }
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, count_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  g_completed = g_appended = 0;
  SIM.SetPaused(1); /* operations in flight across the fork */
  for (int i = 0; i < 50; i++) ze_launch(S.imm, K0, NULL);
  char why[128] = "";
  int ok = fork_child(h, why, sizeof why);
  SIM.SetPaused(0);
  if (!ok) fail_msg("%s", why);
  /* the parent: its subscriber untouched by the child, every operation completed once */
  uint32_t e = 9, x = 9;
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, &e, &x), PTI_SUCCESS);
  assert_int_equal(x, 1);
  for (int i = 0; i < 50; i++) ze_launch(S.imm, K0, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(g_appended, 101);
  assert_int_equal(g_completed, 101);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* Fork while other threads are inside the registry and inside traced Level Zero calls: the
   child's registry calls must not find a lock taken for ever. */
static int g_stop;
static void* registry_hammer(void* arg) {
  (void)arg;
  while (!__atomic_load_n(&g_stop, __ATOMIC_ACQUIRE)) {
    pti_callback_subscriber_handle t;
    if (ptiCallbackSubscribe(&t, noop_cb, NULL) != PTI_SUCCESS) continue;
    ptiCallbackEnableDomain(t, PTI_CB_DOMAIN_DRIVER_API, 1, 1);
    ptiCallbackDisableAllDomains(t);
    ptiCallbackUnsubscribe(t);
  }
  return NULL;
}
static void* launcher(void* arg) {
  ze_command_list_handle_t l = (ze_command_list_handle_t)arg;
  ze_group_count_t g = {1, 1, 1};
  while (!__atomic_load_n(&g_stop, __ATOMIC_ACQUIRE)) zeCommandListAppendLaunchKernel(l, K0, &g, NULL, 0, NULL);
  return NULL;
}

static void test_fork_while_busy(void** state) {
  (void)state;
  if (under_valgrind()) { /* the child's leak check would count the parent's threads' memory as lost */
    printf("  skipped under valgrind\n");
    return;
  }
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, count_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_command_list_handle_t imm = ze_immediate_list(S.context, S.device, 0);
  g_stop = 0;
  pthread_t th[2];
  assert_int_equal(pthread_create(&th[0], NULL, registry_hammer, NULL), 0);
  assert_int_equal(pthread_create(&th[1], NULL, launcher, imm), 0);
  int failures = 0;
  char why[128] = "";
  const int forks = 30;
  int made = 0;
  for (int i = 0; i < forks && failures < 2; i++, made++) { /* a hung child costs its alarm */
    struct timespec ts = {0, 2000000};
    nanosleep(&ts, NULL);
    if (!fork_child(NULL, why, sizeof why)) failures++;
  }
  __atomic_store_n(&g_stop, 1, __ATOMIC_RELEASE);
  pthread_join(th[0], NULL);
  pthread_join(th[1], NULL);
  ze_session tmp = S;
  tmp.imm = imm;
  ze_drain(&tmp, imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeCommandListDestroy(imm));
  if (failures) printf("  %d of %d children failed; the last: %s\n", failures, made, why);
  assert_int_equal(failures, 0);
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  M0 = ze_module_from_text(&S, "kernel k0 0\n");
  K0 = ze_kernel(M0, "k0");
  return 0;
}

static int teardown(void** state) {
  (void)state;
  SIM.SetPaused(0);
  ZE_CHECK(zeKernelDestroy(K0));
  ZE_CHECK(zeModuleDestroy(M0));
  ze_session_close(&S);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fork_after_subscribe),
      cmocka_unit_test(test_fork_while_busy),
  };
  return cmocka_run_group_tests_name("fork", tests, setup, teardown);
}
