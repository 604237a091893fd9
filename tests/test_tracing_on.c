/* test_tracing_on.c - ptiCallbackEnableDomain succeeds only when records will arrive.

   One process per scenario (the loader reads its environment once); tracing_on_check.sh runs
   them: ZE_ENABLE_TRACING_LAYER unset (linked with the implementation built with
   PTIC_NO_ENV_CONSTRUCTOR, so that nothing sets it), 0 or 1, and either the library or the application calls zeInit first.
   argv[1]: "lib" or "app" (who calls zeInit first); argv[2]: "must" when the enable has to
   succeed, "may" when an error is an acceptable answer. */
#include "common.h"

static const char* first;
static int must_succeed;

static void test_enable_tells_the_truth(void** state) {
  (void)state;
  if (strcmp(first, "app") == 0) ZE_CHECK(zeInit(0));
  rec_reset();
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, rec_cb, NULL), PTI_SUCCESS);
  pti_result r = ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1);
  printf("  ZE_ENABLE_TRACING_LAYER=%s, %s calls zeInit first: %s\n",
         getenv("ZE_ENABLE_TRACING_LAYER") ? getenv("ZE_ENABLE_TRACING_LAYER") : "(unset)", first,
         ptiResultTypeToString(r));
  if (must_succeed) assert_int_equal(r, PTI_SUCCESS);
  else if (r != PTI_SUCCESS) assert_int_equal(r, PTI_ERROR_TRACING_NOT_INITIALIZED);

  ze_session s;
  ze_session_open(&s);
  ze_launch(s.imm, s.vadd, NULL);
  ZE_CHECK(zeCommandListAppendBarrier(s.imm, NULL, 0, NULL));
  ze_drain(&s, s.imm);
  size_t appended = rec_count(); /* only APPENDED is on */
  ze_session_close(&s);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  /* 3 appends (ze_drain's barrier too), ENTER and EXIT each; none when the enable failed */
  assert_int_equal(appended, r == PTI_SUCCESS ? 6u : 0u);
}

int main(int argc, char** argv) {
  first = argc > 1 ? argv[1] : "lib";
  must_succeed = argc > 2 && strcmp(argv[2], "must") == 0;
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_enable_tells_the_truth)};
  return cmocka_run_group_tests_name("tracing on, or an error", tests, NULL, NULL);
}
