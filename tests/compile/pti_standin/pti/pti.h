/* Stand-in for Intel PTI 1.0's pti/pti.h (tests/compile_check.sh): its guard, includes, macros,
   names, values and types, written for this test. What matters for pti_callback.h: an
   anonymous enum pti_result (its enumerators cannot be declared twice), PTI_STATIC_ASSERT
   defined without a guard (C99: a typedef named after the line), the handle typedefs. */
#ifndef INCLUDE_PTI_H_
#define INCLUDE_PTI_H_

#include "pti/pti_export.h"
#include "pti/pti_version.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define PTI_MAX_DEVICE_UUID_SIZE 16

#if defined(__cplusplus)
#define PTI_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && (__STDC_VERSION__ >= 201112L)
#define PTI_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#else
#define PTI_STATIC_ASSERT_CONCAT_(a, b) a##b
#define PTI_STATIC_ASSERT_CONCAT(a, b) PTI_STATIC_ASSERT_CONCAT_(a, b)
#define PTI_STATIC_ASSERT(cond, msg) \
  typedef char PTI_STATIC_ASSERT_CONCAT(pti_static_assertion_, __LINE__)[(cond) ? 1 : -1]
#endif

typedef enum {
  PTI_SUCCESS = 0,
  PTI_STATUS_END_OF_BUFFER = 1,
  PTI_ERROR_NOT_IMPLEMENTED = 2,
  PTI_ERROR_BAD_ARGUMENT = 3,
  PTI_ERROR_NO_CALLBACKS_SET = 4,
  PTI_ERROR_EXTERNAL_ID_QUEUE_EMPTY = 5,
  PTI_ERROR_BAD_TIMESTAMP = 6,
  PTI_ERROR_BAD_API_ID = 7,
  PTI_ERROR_NO_GPU_VIEWS_ENABLED = 8,
  PTI_ERROR_DRIVER = 50,
  PTI_ERROR_TRACING_NOT_INITIALIZED = 51,
  PTI_ERROR_L0_LOCAL_PROFILING_NOT_SUPPORTED = 52,
  PTI_ERROR_METRICS_COLLECTION_NOT_ENABLED = 100,
  PTI_ERROR_METRICS_COLLECTION_NOT_DISABLED = 101,
  PTI_ERROR_METRICS_COLLECTION_NOT_PAUSED = 102,
  PTI_ERROR_METRICS_COLLECTION_ALREADY_PAUSED = 103,
  PTI_ERROR_METRICS_COLLECTION_ALREADY_ENABLED = 104,
  PTI_ERROR_METRICS_BAD_COLLECTION_CONFIGURATION = 105,
  PTI_ERROR_METRICS_NO_DATA_COLLECTED = 106,
  PTI_ERROR_METRICS_SCOPE_METRIC_NOT_FOUND = 151,
  PTI_ERROR_METRICS_SCOPE_NOT_A_SINGLE_GROUP = 152,
  PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY = 153,
  PTI_ERROR_METRICS_SCOPE_COLLECTION_BUFFER_TOO_SMALL = 154,
  PTI_ERROR_METRICS_SCOPE_INSUFFICIENT_BUFFER = 155,
  PTI_ERROR_METRICS_SCOPE_INVALID_COLLECTION_BUFFER = 156,
  PTI_WARN_METRICS_SCOPE_PARTIAL_BUFFER = 157,
  PTI_WARN_BUFFER_NOT_FINALIZED = 158,
  PTI_ERROR_METRICS_SCOPE_DEVICE_TYPE_NOT_UNIFORM = 159,
  PTI_ERROR_INTERNAL = 200,
  PTI_ERROR_PC_SAMPLING_ALREADY_ENABLED = 250,
  PTI_ERROR_PC_SAMPLING_NOT_CONFIGURED = 251,
  PTI_ERROR_PC_SAMPLING_ALREADY_CONFIGURED = 252,
  PTI_ERROR_PC_SAMPLING_ALREADY_STARTED = 253,
  PTI_ERROR_PC_SAMPLING_NOT_STARTED = 254,
  PTI_ERROR_PC_SAMPLING_ALREADY_STOPPED = 255,
  PTI_ERROR_PC_SAMPLING_NOT_STOPPED = 256,
  PTI_ERROR_PC_SAMPLING_UNSUPPORTED = 257,
  PTI_RESULT_FORCE_UINT32 = 0x7fffffff
} pti_result;

PTI_STATIC_ASSERT(sizeof(pti_result) == sizeof(uint32_t), "stand-in: pti_result is 32-bit");

PTI_EXPORT const char* ptiResultTypeToString(pti_result result_value);

typedef void* pti_device_handle_t;
typedef void* pti_backend_ctx_t;
typedef void* pti_backend_queue_t;
typedef void* pti_backend_evt_t;
typedef void* pti_backend_command_list_t;
typedef void* pti_backend_kernel_t;
typedef void* pti_backend_module_t;

#if defined(__cplusplus)
}
#endif
#endif /* INCLUDE_PTI_H_ */
