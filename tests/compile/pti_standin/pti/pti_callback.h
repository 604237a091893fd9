/* Stand-in for Intel PTI 1.0's pti/pti_callback.h (tests/compile_check.sh): its guard (the one
   pti-callback's header uses for the same declarations), its includes, its names, values and
   layouts, written for this test. */
#ifndef PTI_CALLBACK_H_
#define PTI_CALLBACK_H_

#include <stdint.h>

#include "pti/pti.h"
#include "pti/pti_view.h"

#if defined(__cplusplus)
extern "C" {
#endif

typedef struct _pti_callback_subscriber* pti_callback_subscriber_handle;

typedef enum _pti_callback_domain {
  PTI_CB_DOMAIN_INVALID = 0,
  PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED = 1,
  PTI_CB_DOMAIN_DRIVER_MODULE_LOADED = 2,
  PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED = 3,
  PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED = 4,
  PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED = 5,
  PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED = 6,
  PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION = 7,
  PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED = 8,
  PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED = 9,
  PTI_CB_DOMAIN_DRIVER_API = 1023,
  PTI_CB_DOMAIN_INTERNAL_THREADS = 1024,
  PTI_CB_DOMAIN_INTERNAL_EVENT = 1025,
  PTI_CB_DOMAIN_MAX = 0x7fffffff
} pti_callback_domain;

PTI_STATIC_ASSERT(sizeof(pti_callback_domain) == sizeof(uint32_t), "stand-in: domain is 32-bit");

typedef enum _pti_callback_phase {
  PTI_CB_PHASE_INVALID = 0,
  PTI_CB_PHASE_API_ENTER = 1,
  PTI_CB_PHASE_API_EXIT = 2,
  PTI_CB_PHASE_INTERNAL_THREAD_START = 3,
  PTI_CB_PHASE_INTERNAL_THREAD_END = 4,
  PTI_CB_PHASE_INTERNAL_EVENT = 5,
  PTI_CB_PHASE_MAX = 0x7fffffff
} pti_callback_phase;

typedef enum _pti_backend_command_list_type {
  PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN = (1 << 0),
  PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE = (1 << 1),
  PTI_BACKEND_COMMAND_LIST_TYPE_MUTABLE = (1 << 2),
  PTI_BACKEND_COMMAND_LIST_TYPE_MAX = 0x7fffffff
} pti_backend_command_list_type;

typedef enum _pti_internal_event_type {
  PTI_INTERNAL_EVENT_TYPE_INFO = 0,
  PTI_INTERNAL_EVENT_TYPE_WARNING = 1,
  PTI_INTERNAL_EVENT_TYPE_CRITICAL = 2,
  PTI_INTERNAL_EVENT_TYPE_MAX = 0x7fffffff
} pti_internal_event_type;

typedef enum _pti_gpu_operation_kind {
  PTI_GPU_OPERATION_KIND_INVALID = 0,
  PTI_GPU_OPERATION_KIND_KERNEL = 1,
  PTI_GPU_OPERATION_KIND_MEMORY = 2,
  PTI_GPU_OPERATION_KIND_OTHER = 3,
  PTI_GPU_OPERATION_KIND_MAX = 0x7fffffff
} pti_gpu_operation_kind;

typedef struct _pti_gpu_op_details {
  pti_gpu_operation_kind _operation_kind;
  uint64_t _operation_id;
  uint64_t _kernel_handle;
  const char* _name;
} pti_gpu_op_details;

typedef struct _pti_callback_gpu_op_data {
  pti_callback_domain _domain;
  pti_backend_command_list_type _cmd_list_properties;
  pti_backend_command_list_t _cmd_list_handle;
  pti_backend_queue_t _queue_handle;
  pti_device_handle_t _device_handle;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  uint32_t _operation_count;
  pti_gpu_op_details* _operation_details;
} pti_callback_gpu_op_data;

typedef struct _pti_callback_kernel_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  uint64_t _kernel_handle;
  pti_backend_kernel_t _device_kernel_handle;
  pti_device_handle_t _device_handle;
  pti_backend_module_t _module_handle;
  const char* _name;
} pti_callback_kernel_data;

typedef struct _pti_internal_callback_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _detail;
  const char* _message;
} pti_internal_callback_data;

typedef void (*pti_callback_function)(pti_callback_domain domain,
                                      pti_api_group_id driver_api_group_id,
                                      uint32_t driver_api_id, pti_backend_ctx_t backend_context,
                                      void* cb_data, void* global_user_data,
                                      void** instance_user_data);

pti_result PTI_EXPORT ptiCallbackSubscribe(pti_callback_subscriber_handle* subscriber,
                                           pti_callback_function callback, void* user_data);
pti_result PTI_EXPORT ptiCallbackUnsubscribe(pti_callback_subscriber_handle subscriber);
pti_result PTI_EXPORT ptiCallbackEnableDomain(pti_callback_subscriber_handle subscriber,
                                              pti_callback_domain domain, uint32_t enter_cb,
                                              uint32_t exit_cb);
pti_result PTI_EXPORT ptiCallbackDisableDomain(pti_callback_subscriber_handle subscriber,
                                               pti_callback_domain domain);
pti_result PTI_EXPORT ptiCallbackDisableAllDomains(pti_callback_subscriber_handle subscriber);
PTI_EXPORT const char* ptiCallbackDomainTypeToString(pti_callback_domain domain);
PTI_EXPORT const char* ptiCallbackPhaseTypeToString(pti_callback_phase phase);

#if defined(__cplusplus)
}
#endif
#endif /* PTI_CALLBACK_H_ */
