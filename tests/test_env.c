/* test_env.c - the library in environments that go wrong: no loader, no driver, tracing layer
   off; and the idle library, which must not even load Level Zero. Each mode runs in its own
   process (tests/env_check.sh) because the loader reads its environment once. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <dlfcn.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
               pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)instance;
  ++*(int*)user;
}

static int calls;
static pti_result expected; /* of the first enable */

/* The library does not load Level Zero before a domain is enabled. */
static void test_idle_loads_nothing(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, &calls), PTI_SUCCESS);
  assert_null(dlopen(PTIC_LOADER_NAME, RTLD_NOW | RTLD_NOLOAD));
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED), PTI_SUCCESS);
  assert_null(dlopen(PTIC_LOADER_NAME, RTLD_NOW | RTLD_NOLOAD));
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_string_equal(getenv("ZE_ENABLE_TRACING_LAYER"), "1");
}

/* The first enable reports the environment's problem; the registry keeps working. */
static void test_first_enable(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, &calls), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), expected);
  /* a failed enable changes nothing; asking again gives the same answer */
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), expected);
  assert_int_equal(ptiCallbackDisableAllDomains(h), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(calls, 0);
  if (expected == PTI_SUCCESS) assert_non_null(dlopen(PTIC_LOADER_NAME, RTLD_NOW | RTLD_NOLOAD));
}

/* The application's own zeInit ran with the tracing layer off. */
static void test_app_init_without_layer(void** state) {
  (void)state;
  void* dl = dlopen(PTIC_LOADER_NAME, RTLD_NOW);
  assert_non_null(dl);
  ze_result_t (*init)(ze_init_flags_t);
  void* sym = dlsym(dl, "zeInit");
  memcpy(&init, &sym, sizeof init);
  assert_int_equal(init(0), ZE_RESULT_SUCCESS);
  /* loaders that can turn tracing on at run time do; loader 1.8 cannot (test_tracing_on checks
     that records then really arrive) */
  if (dlsym(dl, "zelEnableTracingLayer")) expected = PTI_SUCCESS;
  test_first_enable(state);
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "idle";
  const struct CMUnitTest idle[] = {cmocka_unit_test(test_idle_loads_nothing),
                                    cmocka_unit_test(test_first_enable)};
  const struct CMUnitTest failing[] = {cmocka_unit_test(test_first_enable)};
  const struct CMUnitTest app_first[] = {cmocka_unit_test(test_app_init_without_layer)};
  if (strcmp(mode, "idle") == 0) {
    expected = PTI_SUCCESS;
    return cmocka_run_group_tests_name("env: idle, then enabled", idle, NULL, NULL);
  }
  if (strcmp(mode, "nodriver") == 0 || strcmp(mode, "noloader") == 0) {
    expected = PTI_ERROR_DRIVER;
    return cmocka_run_group_tests_name(mode, failing, NULL, NULL);
  }
  if (strcmp(mode, "notracing") == 0) {
    expected = PTI_ERROR_TRACING_NOT_INITIALIZED;
    return cmocka_run_group_tests_name(mode, app_first, NULL, NULL);
  }
  return 2;
}
