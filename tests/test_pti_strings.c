/* test_pti_strings.c - pti_result has every value of Intel PTI 1.0, and ptiResultTypeToString,
   ptiCallbackDomainTypeToString and ptiCallbackPhaseTypeToString return PTI's strings: the
   enumerator's name for each value PTI names, "INVALID" for every other value (PTI's sdk/src
   pti.cc and pti_callbacks.cc). The expected table is this test's own, from PTI 1.0's pti.h. */
#include "pti_callback.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

typedef struct named {
  uint32_t value;
  const char* name;
} named;

/* PTI 1.0's pti_result, value by value */
static const named results[] = {
    {0, "PTI_SUCCESS"},
    {1, "PTI_STATUS_END_OF_BUFFER"},
    {2, "PTI_ERROR_NOT_IMPLEMENTED"},
    {3, "PTI_ERROR_BAD_ARGUMENT"},
    {4, "PTI_ERROR_NO_CALLBACKS_SET"},
    {5, "PTI_ERROR_EXTERNAL_ID_QUEUE_EMPTY"},
    {6, "PTI_ERROR_BAD_TIMESTAMP"},
    {7, "PTI_ERROR_BAD_API_ID"},
    {8, "PTI_ERROR_NO_GPU_VIEWS_ENABLED"},
    {50, "PTI_ERROR_DRIVER"},
    {51, "PTI_ERROR_TRACING_NOT_INITIALIZED"},
    {52, "PTI_ERROR_L0_LOCAL_PROFILING_NOT_SUPPORTED"},
    {100, "PTI_ERROR_METRICS_COLLECTION_NOT_ENABLED"},
    {101, "PTI_ERROR_METRICS_COLLECTION_NOT_DISABLED"},
    {102, "PTI_ERROR_METRICS_COLLECTION_NOT_PAUSED"},
    {103, "PTI_ERROR_METRICS_COLLECTION_ALREADY_PAUSED"},
    {104, "PTI_ERROR_METRICS_COLLECTION_ALREADY_ENABLED"},
    {105, "PTI_ERROR_METRICS_BAD_COLLECTION_CONFIGURATION"},
    {106, "PTI_ERROR_METRICS_NO_DATA_COLLECTED"},
    {151, "PTI_ERROR_METRICS_SCOPE_METRIC_NOT_FOUND"},
    {152, "PTI_ERROR_METRICS_SCOPE_NOT_A_SINGLE_GROUP"},
    {153, "PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY"},
    {154, "PTI_ERROR_METRICS_SCOPE_COLLECTION_BUFFER_TOO_SMALL"},
    {155, "PTI_ERROR_METRICS_SCOPE_INSUFFICIENT_BUFFER"},
    {156, "PTI_ERROR_METRICS_SCOPE_INVALID_COLLECTION_BUFFER"},
    {157, "PTI_WARN_METRICS_SCOPE_PARTIAL_BUFFER"},
    {158, "PTI_WARN_BUFFER_NOT_FINALIZED"},
    {159, "PTI_ERROR_METRICS_SCOPE_DEVICE_TYPE_NOT_UNIFORM"},
    {200, "PTI_ERROR_INTERNAL"},
    {250, "PTI_ERROR_PC_SAMPLING_ALREADY_ENABLED"},
    {251, "PTI_ERROR_PC_SAMPLING_NOT_CONFIGURED"},
    {252, "PTI_ERROR_PC_SAMPLING_ALREADY_CONFIGURED"},
    {253, "PTI_ERROR_PC_SAMPLING_ALREADY_STARTED"},
    {254, "PTI_ERROR_PC_SAMPLING_NOT_STARTED"},
    {255, "PTI_ERROR_PC_SAMPLING_ALREADY_STOPPED"},
    {256, "PTI_ERROR_PC_SAMPLING_NOT_STOPPED"},
    {257, "PTI_ERROR_PC_SAMPLING_UNSUPPORTED"},
    {4096, "PTIC_ERROR_INCOMPATIBLE_COPY"}, /* ours, beyond PTI */
};

static const named domains[] = {
    {0, "PTI_CB_DOMAIN_INVALID"},
    {1, "PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED"},
    {2, "PTI_CB_DOMAIN_DRIVER_MODULE_LOADED"},
    {3, "PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED"},
    {4, "PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED"},
    {5, "PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED"},
    {6, "PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED"},
    {7, "PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION"},
    {8, "PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED"},
    {9, "PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED"},
    {1023, "PTI_CB_DOMAIN_DRIVER_API"},
    {1024, "PTI_CB_DOMAIN_INTERNAL_THREADS"},
    {1025, "PTI_CB_DOMAIN_INTERNAL_EVENT"},
    {0x7fffffff, "PTI_CB_DOMAIN_MAX"},
    {4096, "PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED"}, /* ours, beyond PTI */
    {4097, "PTIC_CB_DOMAIN_MEMORY"},
};

static const named phases[] = {
    {0, "PTI_CB_PHASE_INVALID"},
    {1, "PTI_CB_PHASE_API_ENTER"},
    {2, "PTI_CB_PHASE_API_EXIT"},
    {3, "PTI_CB_PHASE_INTERNAL_THREAD_START"},
    {4, "PTI_CB_PHASE_INTERNAL_THREAD_END"},
    {5, "PTI_CB_PHASE_INTERNAL_EVENT"},
    {0x7fffffff, "PTI_CB_PHASE_MAX"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const char* result_name(uint32_t v) { return ptiResultTypeToString((pti_result)v); }
static const char* domain_name(uint32_t v) {
  return ptiCallbackDomainTypeToString((pti_callback_domain)v);
}
static const char* phase_name(uint32_t v) { return ptiCallbackPhaseTypeToString((pti_callback_phase)v); }

static const char* expected(const named* table, size_t n, uint32_t v) {
  for (size_t i = 0; i < n; i++)
    if (table[i].value == v) return table[i].name;
  return "INVALID";
}

/* every value 0..1100 and around the ones named, plus the extremes: the name, or "INVALID" */
static void check_all(const named* table, size_t n, const char* (*fn)(uint32_t)) {
  const uint32_t extra[] = {4095, 4096, 4097, 65536, 0x7ffffffe, 0x7fffffff, 0x80000000u, 0xffffffffu};
  for (uint32_t v = 0; v <= 1100; v++) assert_string_equal(fn(v), expected(table, n, v));
  for (size_t i = 0; i < COUNT(extra); i++)
    assert_string_equal(fn(extra[i]), expected(table, n, extra[i]));
}

static void test_result_values(void** state) {
  (void)state;
  /* each enumerator of the header has PTI's value (a missing one fails to compile) */
  const uint32_t declared[] = {
      PTI_SUCCESS, PTI_STATUS_END_OF_BUFFER, PTI_ERROR_NOT_IMPLEMENTED, PTI_ERROR_BAD_ARGUMENT,
      PTI_ERROR_NO_CALLBACKS_SET, PTI_ERROR_EXTERNAL_ID_QUEUE_EMPTY, PTI_ERROR_BAD_TIMESTAMP,
      PTI_ERROR_BAD_API_ID, PTI_ERROR_NO_GPU_VIEWS_ENABLED, PTI_ERROR_DRIVER,
      PTI_ERROR_TRACING_NOT_INITIALIZED, PTI_ERROR_L0_LOCAL_PROFILING_NOT_SUPPORTED,
      PTI_ERROR_METRICS_COLLECTION_NOT_ENABLED, PTI_ERROR_METRICS_COLLECTION_NOT_DISABLED,
      PTI_ERROR_METRICS_COLLECTION_NOT_PAUSED, PTI_ERROR_METRICS_COLLECTION_ALREADY_PAUSED,
      PTI_ERROR_METRICS_COLLECTION_ALREADY_ENABLED, PTI_ERROR_METRICS_BAD_COLLECTION_CONFIGURATION,
      PTI_ERROR_METRICS_NO_DATA_COLLECTED, PTI_ERROR_METRICS_SCOPE_METRIC_NOT_FOUND,
      PTI_ERROR_METRICS_SCOPE_NOT_A_SINGLE_GROUP, PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY,
      PTI_ERROR_METRICS_SCOPE_COLLECTION_BUFFER_TOO_SMALL,
      PTI_ERROR_METRICS_SCOPE_INSUFFICIENT_BUFFER,
      PTI_ERROR_METRICS_SCOPE_INVALID_COLLECTION_BUFFER, PTI_WARN_METRICS_SCOPE_PARTIAL_BUFFER,
      PTI_WARN_BUFFER_NOT_FINALIZED, PTI_ERROR_METRICS_SCOPE_DEVICE_TYPE_NOT_UNIFORM,
      PTI_ERROR_INTERNAL, PTI_ERROR_PC_SAMPLING_ALREADY_ENABLED,
      PTI_ERROR_PC_SAMPLING_NOT_CONFIGURED, PTI_ERROR_PC_SAMPLING_ALREADY_CONFIGURED,
      PTI_ERROR_PC_SAMPLING_ALREADY_STARTED, PTI_ERROR_PC_SAMPLING_NOT_STARTED,
      PTI_ERROR_PC_SAMPLING_ALREADY_STOPPED, PTI_ERROR_PC_SAMPLING_NOT_STOPPED,
      PTI_ERROR_PC_SAMPLING_UNSUPPORTED, PTIC_ERROR_INCOMPATIBLE_COPY};
  assert_int_equal(COUNT(declared), COUNT(results));
  for (size_t i = 0; i < COUNT(declared); i++) assert_int_equal(declared[i], results[i].value);
  assert_int_equal(PTI_RESULT_FORCE_UINT32, 0x7fffffff);
  assert_int_equal(sizeof(pti_result), 4);
}

static void test_result_strings(void** state) {
  (void)state;
  check_all(results, COUNT(results), result_name);
  assert_string_equal(ptiResultTypeToString(PTI_RESULT_FORCE_UINT32), "INVALID"); /* as PTI */
}

static void test_domain_strings(void** state) {
  (void)state;
  check_all(domains, COUNT(domains), domain_name);
}

static void test_phase_strings(void** state) {
  (void)state;
  check_all(phases, COUNT(phases), phase_name);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_result_values),
      cmocka_unit_test(test_result_strings),
      cmocka_unit_test(test_domain_strings),
      cmocka_unit_test(test_phase_strings),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
