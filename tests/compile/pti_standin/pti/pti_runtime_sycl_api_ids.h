/* Stand-in for Intel PTI's pti/pti_runtime_sycl_api_ids.h (tests/compile_check.sh): its guard
   and enum name; a few ids only (pti_callback.h uses none). */
#ifndef PTI_API_ID_RUNTIME_SYCL_H_
#define PTI_API_ID_RUNTIME_SYCL_H_

typedef enum _pti_api_id_runtime_sycl {
  reserved_runtime_sycl_id = 0,
  urContextCreate_id = 1,
  urContextRetain_id = 2,
} pti_api_id_runtime_sycl;

#endif /* PTI_API_ID_RUNTIME_SYCL_H_ */
