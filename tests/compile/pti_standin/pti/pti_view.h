/* Stand-in for Intel PTI 1.0's pti/pti_view.h (tests/compile_check.sh): its guard, its includes
   and a part of its declarations (the names and types pti_callback.h shares or that a tool
   uses beside it: pti_api_group_id as enum _pti_api_group_id, ptiViewGetApiIdName, ...),
   written for this test. */
#ifndef INCLUDE_PTI_VIEW_H_
#define INCLUDE_PTI_VIEW_H_

#include <stddef.h>
#include <stdint.h>

#include "pti/pti.h"
#include "pti/pti_driver_levelzero_api_ids.h"
#include "pti/pti_export.h"
#include "pti/pti_runtime_sycl_api_ids.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define PTI_MAX_PCI_ADDRESS_SIZE 16

typedef enum _pti_view_kind {
  PTI_VIEW_INVALID = 0,
  PTI_VIEW_DEVICE_GPU_KERNEL = 1,
  PTI_VIEW_DEVICE_CPU_KERNEL = 2,
  PTI_VIEW_DRIVER_API = 3,
  PTI_VIEW_RESERVED = 4,
  PTI_VIEW_COLLECTION_OVERHEAD = 5,
  PTI_VIEW_RUNTIME_API = 6,
  PTI_VIEW_EXTERNAL_CORRELATION = 7,
  PTI_VIEW_DEVICE_GPU_MEM_COPY = 8,
  PTI_VIEW_DEVICE_GPU_MEM_FILL = 9,
  PTI_VIEW_DEVICE_GPU_MEM_COPY_P2P = 10,
  PTI_VIEW_DEVICE_SYNCHRONIZATION = 11,
  PTI_VIEW_COMMUNICATION = 12,
  PTI_VIEW_KIND_FORCE_UINT32 = 0x7fffffff
} pti_view_kind;

PTI_STATIC_ASSERT(sizeof(pti_view_kind) == sizeof(uint32_t), "stand-in: pti_view_kind is 32-bit");

typedef enum _pti_api_group_id {
  PTI_API_GROUP_RESERVED = 0,
  PTI_API_GROUP_LEVELZERO = 1,
  PTI_API_GROUP_OPENCL = 2,
  PTI_API_GROUP_SYCL = 3,
  PTI_API_GROUP_HYBRID_SYCL_LEVELZERO = 4,
  PTI_API_GROUP_HYBRID_SYCL_OPENCL = 5,
  PTI_API_GROUP_ALL = 0x7fffffff
} pti_api_group_id;

PTI_STATIC_ASSERT(sizeof(pti_api_group_id) == sizeof(uint32_t), "stand-in: pti_api_group_id is 32-bit");

typedef enum _pti_api_class {
  PTI_API_CLASS_RESERVED = 0,
  PTI_API_CLASS_GPU_OPERATION_CORE = 1,
  PTI_API_CLASS_HOST_OPERATION_SYNCHRONIZATION = 2,
  PTI_API_CLASS_ALL = 0x7fffffff
} pti_api_class;

typedef struct pti_view_record_base {
  pti_view_kind _view_kind;
} pti_view_record_base;

typedef struct pti_view_record_kernel {
  pti_view_record_base _view_kind;
  pti_backend_queue_t _queue_handle;
  pti_backend_ctx_t _context_handle;
  const char* _name;
  const char* _source_file_name;
  uint64_t _source_line_number;
  uint64_t _kernel_id;
  uint32_t _correlation_id;
  uint32_t _thread_id;
  char _pci_address[PTI_MAX_PCI_ADDRESS_SIZE];
  uint8_t _device_uuid[PTI_MAX_DEVICE_UUID_SIZE];
  uint64_t _append_timestamp;
  uint64_t _start_timestamp;
  uint64_t _end_timestamp;
  uint64_t _submit_timestamp;
  uint64_t _sycl_task_begin_timestamp;
  uint64_t _sycl_enqk_begin_timestamp;
  uint64_t _sycl_node_id;
  uint64_t _sycl_queue_id;
  uint32_t _sycl_invocation_id;
} pti_view_record_kernel;

typedef struct pti_view_record_api {
  pti_view_record_base _view_kind;
  uint64_t _start_timestamp;
  uint64_t _end_timestamp;
  pti_api_group_id _api_group;
  uint32_t _api_id;
  uint32_t _process_id;
  uint32_t _thread_id;
  uint32_t _correlation_id;
  uint32_t _return_code;
} pti_view_record_api;

typedef void (*pti_fptr_buffer_completed)(unsigned char* buffer, size_t buffer_size_in_bytes,
                                          size_t used_bytes);
typedef void (*pti_fptr_buffer_requested)(unsigned char** buffer_ptr,
                                          size_t* buffer_size_in_bytes);

pti_result PTI_EXPORT ptiViewSetCallbacks(pti_fptr_buffer_requested fptr_bufferRequested,
                                          pti_fptr_buffer_completed fptr_bufferCompleted);
pti_result PTI_EXPORT ptiViewEnable(pti_view_kind view_kind);
pti_result PTI_EXPORT ptiViewDisable(pti_view_kind view_kind);
pti_result PTI_EXPORT ptiFlushAllViews(void);
pti_result PTI_EXPORT ptiViewGetNextRecord(uint8_t* buffer, size_t valid_bytes,
                                           pti_view_record_base** record);
pti_result PTI_EXPORT ptiViewGetApiIdName(pti_api_group_id type, uint32_t unique_id,
                                          const char** name);
pti_result PTI_EXPORT ptiViewEnableDriverApi(uint32_t enable, pti_api_group_id api_group_id,
                                             uint32_t api_id);

#if defined(__cplusplus)
}
#endif
#endif /* INCLUDE_PTI_VIEW_H_ */
