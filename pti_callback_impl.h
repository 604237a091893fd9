/*
    pti_callback_impl.h -- implementation of pti_callback.h.

    Include it through pti_callback.h with PTI_CALLBACK_IMPLEMENTATION defined, in exactly
    one translation unit. Stop now, if you are only interested in the API: it is all in
    pti_callback.h.

    Map of this file, in the order data flows (search for the anchors):
      >>config     override macros
      >>atomics    ptic__atomic_* wrappers (GCC/Clang __atomic builtins, C99..C++)
      >>loader     dlopen of the Level Zero loader, symbols used
      >>registry   subscribers: slots, handles, generations
      >>masks      the global domain x phase mask: the hot path's only load
      >>threads    per-thread state: call frames, instance data, the "internal call" flag
      >>objects    what the library knows of Level Zero objects (lists, kernels, modules)
      >>dispatch   delivering one record to the subscribers, in order
      >>domains    one handler per role (APPEND, KERNEL_CREATE, ...)
      >>tracer     the per-API tracer callbacks, tracer creation, shutdown
      >>api        the public functions
      >>strings    enum names
      >>gen        generated tables (tools/gen_ze_tables.py)
*/
#ifndef PTI_CALLBACK_IMPLEMENTATION_INCLUDED
#define PTI_CALLBACK_IMPLEMENTATION_INCLUDED

#ifndef PTI_CALLBACK_H_
#include "pti_callback.h"
#endif

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(__cplusplus) && (!defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200112L)
/* strict ISO C modes hide the POSIX declaration; this is the same prototype */
extern int setenv(const char* name, const char* value, int overwrite);
#endif

#include <level_zero/ze_api.h>
#include <level_zero/layers/zel_tracing_api.h>
#include <level_zero/layers/zel_tracing_register_cb.h>

/* ==== >>config ============================================================================ */

#ifndef PTIC_MAX_SUBSCRIBERS
#define PTIC_MAX_SUBSCRIBERS 64
#endif
#if PTIC_MAX_SUBSCRIBERS < 1 || PTIC_MAX_SUBSCRIBERS > 64
#error "PTIC_MAX_SUBSCRIBERS must be 1..64"
#endif
#ifndef PTIC_MAX_NESTING
#define PTIC_MAX_NESTING 8
#endif
#ifndef PTIC_ASSERT
#include <assert.h>
#define PTIC_ASSERT(c) assert(c)
#endif
#if defined(PTIC_MALLOC) && defined(PTIC_FREE)
#elif !defined(PTIC_MALLOC) && !defined(PTIC_FREE)
#define PTIC_MALLOC(n) malloc(n)
#define PTIC_FREE(p) free(p)
#else
#error "define both PTIC_MALLOC and PTIC_FREE, or neither"
#endif
#ifndef PTIC_LOADER_NAME
#define PTIC_LOADER_NAME "libze_loader.so.1"
#endif

#define PTIC_LIKELY(x) __builtin_expect(!!(x), 1)
#define PTIC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define PTIC_UNUSED(x) (void)(x)

#if defined(__cplusplus)
#define PTIC_CAST(T, v) reinterpret_cast<T>(v)
#define PTIC_SCAST(T, v) static_cast<T>(v)
#else
#define PTIC_CAST(T, v) ((T)(v))
#define PTIC_SCAST(T, v) ((T)(v))
#endif

/* ==== >>atomics =========================================================================== */
/* The __atomic builtins work the same in C99, C11 and C++ (C++ has no _Atomic before C++23).
   Each atomic lives in a struct so that a plain access does not compile. */

typedef struct { uint32_t v; } ptic__atomic_u32;
typedef struct { uint64_t v; } ptic__atomic_u64;
typedef struct { void* v; } ptic__atomic_ptr;

#define PTIC_RELAXED __ATOMIC_RELAXED
#define PTIC_ACQUIRE __ATOMIC_ACQUIRE
#define PTIC_RELEASE __ATOMIC_RELEASE
#define PTIC_SEQ_CST __ATOMIC_SEQ_CST

static inline uint32_t ptic__atomic_load_u32(const ptic__atomic_u32* a, int order) {
  return __atomic_load_n(&a->v, order);
}
static inline void ptic__atomic_store_u32(ptic__atomic_u32* a, uint32_t x, int order) {
  __atomic_store_n(&a->v, x, order);
}
static inline uint32_t ptic__atomic_add_u32(ptic__atomic_u32* a, uint32_t x, int order) {
  return __atomic_add_fetch(&a->v, x, order);
}
static inline uint32_t ptic__atomic_sub_u32(ptic__atomic_u32* a, uint32_t x, int order) {
  return __atomic_sub_fetch(&a->v, x, order);
}
static inline uint64_t ptic__atomic_load_u64(const ptic__atomic_u64* a, int order) {
  return __atomic_load_n(&a->v, order);
}
static inline void ptic__atomic_store_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  __atomic_store_n(&a->v, x, order);
}
static inline uint64_t ptic__atomic_add_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  return __atomic_add_fetch(&a->v, x, order);
}
static inline void* ptic__atomic_load_ptr(const ptic__atomic_ptr* a, int order) {
  return __atomic_load_n(&a->v, order);
}
static inline void ptic__atomic_store_ptr(ptic__atomic_ptr* a, void* x, int order) {
  __atomic_store_n(&a->v, x, order);
}

/* ==== >>gen =============================================================================== */
/* Roles: which handler a traced function feeds besides DRIVER_API. */
enum {
  PTIC_ROLE_NONE,
  PTIC_ROLE_APPEND,
  PTIC_ROLE_KERNEL_CREATE,
  PTIC_ROLE_KERNEL_DESTROY,
  PTIC_ROLE_MODULE_CREATE,
  PTIC_ROLE_MODULE_DESTROY,
  PTIC_ROLE_LIST_CREATE,
  PTIC_ROLE_LIST_DESTROY
};

// >>gen:api-table (generated by tools/gen_ze_tables.py, do not edit)
/* X(function, PTI api id, params struct, tracer callback type, role, argument count) */
#define PTIC_ZE_API_TABLE(X) \
  X(zeInit, 1, ze_init_params_t, ze_pfnInitCb_t, NONE, 1) \
  X(zeDriverGet, 2, ze_driver_get_params_t, ze_pfnDriverGetCb_t, NONE, 2) \
  X(zeDriverGetApiVersion, 3, ze_driver_get_api_version_params_t, ze_pfnDriverGetApiVersionCb_t, NONE, 2) \
  X(zeDriverGetProperties, 4, ze_driver_get_properties_params_t, ze_pfnDriverGetPropertiesCb_t, NONE, 2) \
  X(zeDriverGetIpcProperties, 5, ze_driver_get_ipc_properties_params_t, ze_pfnDriverGetIpcPropertiesCb_t, NONE, 2) \
  X(zeDriverGetExtensionProperties, 6, ze_driver_get_extension_properties_params_t, ze_pfnDriverGetExtensionPropertiesCb_t, NONE, 3) \
  X(zeDeviceGet, 7, ze_device_get_params_t, ze_pfnDeviceGetCb_t, NONE, 3) \
  X(zeDeviceGetSubDevices, 8, ze_device_get_sub_devices_params_t, ze_pfnDeviceGetSubDevicesCb_t, NONE, 3) \
  X(zeDeviceGetProperties, 9, ze_device_get_properties_params_t, ze_pfnDeviceGetPropertiesCb_t, NONE, 2) \
  X(zeDeviceGetComputeProperties, 10, ze_device_get_compute_properties_params_t, ze_pfnDeviceGetComputePropertiesCb_t, NONE, 2) \
  X(zeDeviceGetModuleProperties, 11, ze_device_get_module_properties_params_t, ze_pfnDeviceGetModulePropertiesCb_t, NONE, 2) \
  X(zeDeviceGetCommandQueueGroupProperties, 12, ze_device_get_command_queue_group_properties_params_t, ze_pfnDeviceGetCommandQueueGroupPropertiesCb_t, NONE, 3) \
  X(zeDeviceGetMemoryProperties, 13, ze_device_get_memory_properties_params_t, ze_pfnDeviceGetMemoryPropertiesCb_t, NONE, 3) \
  X(zeDeviceGetMemoryAccessProperties, 14, ze_device_get_memory_access_properties_params_t, ze_pfnDeviceGetMemoryAccessPropertiesCb_t, NONE, 2) \
  X(zeDeviceGetCacheProperties, 15, ze_device_get_cache_properties_params_t, ze_pfnDeviceGetCachePropertiesCb_t, NONE, 3) \
  X(zeDeviceGetImageProperties, 16, ze_device_get_image_properties_params_t, ze_pfnDeviceGetImagePropertiesCb_t, NONE, 2) \
  X(zeDeviceGetExternalMemoryProperties, 17, ze_device_get_external_memory_properties_params_t, ze_pfnDeviceGetExternalMemoryPropertiesCb_t, NONE, 2) \
  X(zeDeviceGetP2PProperties, 18, ze_device_get_p2_p_properties_params_t, ze_pfnDeviceGetP2PPropertiesCb_t, NONE, 3) \
  X(zeDeviceCanAccessPeer, 19, ze_device_can_access_peer_params_t, ze_pfnDeviceCanAccessPeerCb_t, NONE, 3) \
  X(zeDeviceGetStatus, 20, ze_device_get_status_params_t, ze_pfnDeviceGetStatusCb_t, NONE, 1) \
  X(zeContextCreate, 21, ze_context_create_params_t, ze_pfnContextCreateCb_t, NONE, 3) \
  X(zeContextDestroy, 22, ze_context_destroy_params_t, ze_pfnContextDestroyCb_t, NONE, 1) \
  X(zeContextGetStatus, 23, ze_context_get_status_params_t, ze_pfnContextGetStatusCb_t, NONE, 1) \
  X(zeContextSystemBarrier, 24, ze_context_system_barrier_params_t, ze_pfnContextSystemBarrierCb_t, NONE, 2) \
  X(zeContextMakeMemoryResident, 25, ze_context_make_memory_resident_params_t, ze_pfnContextMakeMemoryResidentCb_t, NONE, 4) \
  X(zeContextEvictMemory, 26, ze_context_evict_memory_params_t, ze_pfnContextEvictMemoryCb_t, NONE, 4) \
  X(zeContextMakeImageResident, 27, ze_context_make_image_resident_params_t, ze_pfnContextMakeImageResidentCb_t, NONE, 3) \
  X(zeContextEvictImage, 28, ze_context_evict_image_params_t, ze_pfnContextEvictImageCb_t, NONE, 3) \
  X(zeCommandQueueCreate, 29, ze_command_queue_create_params_t, ze_pfnCommandQueueCreateCb_t, NONE, 4) \
  X(zeCommandQueueDestroy, 30, ze_command_queue_destroy_params_t, ze_pfnCommandQueueDestroyCb_t, NONE, 1) \
  X(zeCommandQueueExecuteCommandLists, 31, ze_command_queue_execute_command_lists_params_t, ze_pfnCommandQueueExecuteCommandListsCb_t, NONE, 4) \
  X(zeCommandQueueSynchronize, 32, ze_command_queue_synchronize_params_t, ze_pfnCommandQueueSynchronizeCb_t, NONE, 2) \
  X(zeCommandListCreate, 33, ze_command_list_create_params_t, ze_pfnCommandListCreateCb_t, LIST_CREATE, 4) \
  X(zeCommandListCreateImmediate, 34, ze_command_list_create_immediate_params_t, ze_pfnCommandListCreateImmediateCb_t, LIST_CREATE, 4) \
  X(zeCommandListDestroy, 35, ze_command_list_destroy_params_t, ze_pfnCommandListDestroyCb_t, LIST_DESTROY, 1) \
  X(zeCommandListClose, 36, ze_command_list_close_params_t, ze_pfnCommandListCloseCb_t, NONE, 1) \
  X(zeCommandListReset, 37, ze_command_list_reset_params_t, ze_pfnCommandListResetCb_t, NONE, 1) \
  X(zeCommandListAppendWriteGlobalTimestamp, 38, ze_command_list_append_write_global_timestamp_params_t, ze_pfnCommandListAppendWriteGlobalTimestampCb_t, NONE, 5) \
  X(zeCommandListAppendBarrier, 39, ze_command_list_append_barrier_params_t, ze_pfnCommandListAppendBarrierCb_t, APPEND, 4) \
  X(zeCommandListAppendMemoryRangesBarrier, 40, ze_command_list_append_memory_ranges_barrier_params_t, ze_pfnCommandListAppendMemoryRangesBarrierCb_t, APPEND, 7) \
  X(zeCommandListAppendMemoryCopy, 41, ze_command_list_append_memory_copy_params_t, ze_pfnCommandListAppendMemoryCopyCb_t, APPEND, 7) \
  X(zeCommandListAppendMemoryFill, 42, ze_command_list_append_memory_fill_params_t, ze_pfnCommandListAppendMemoryFillCb_t, APPEND, 8) \
  X(zeCommandListAppendMemoryCopyRegion, 43, ze_command_list_append_memory_copy_region_params_t, ze_pfnCommandListAppendMemoryCopyRegionCb_t, APPEND, 12) \
  X(zeCommandListAppendMemoryCopyFromContext, 44, ze_command_list_append_memory_copy_from_context_params_t, ze_pfnCommandListAppendMemoryCopyFromContextCb_t, APPEND, 8) \
  X(zeCommandListAppendImageCopy, 45, ze_command_list_append_image_copy_params_t, ze_pfnCommandListAppendImageCopyCb_t, APPEND, 6) \
  X(zeCommandListAppendImageCopyRegion, 46, ze_command_list_append_image_copy_region_params_t, ze_pfnCommandListAppendImageCopyRegionCb_t, APPEND, 8) \
  X(zeCommandListAppendImageCopyToMemory, 47, ze_command_list_append_image_copy_to_memory_params_t, ze_pfnCommandListAppendImageCopyToMemoryCb_t, APPEND, 7) \
  X(zeCommandListAppendImageCopyFromMemory, 48, ze_command_list_append_image_copy_from_memory_params_t, ze_pfnCommandListAppendImageCopyFromMemoryCb_t, APPEND, 7) \
  X(zeCommandListAppendMemoryPrefetch, 49, ze_command_list_append_memory_prefetch_params_t, ze_pfnCommandListAppendMemoryPrefetchCb_t, NONE, 3) \
  X(zeCommandListAppendMemAdvise, 50, ze_command_list_append_mem_advise_params_t, ze_pfnCommandListAppendMemAdviseCb_t, NONE, 5) \
  X(zeCommandListAppendSignalEvent, 51, ze_command_list_append_signal_event_params_t, ze_pfnCommandListAppendSignalEventCb_t, NONE, 2) \
  X(zeCommandListAppendWaitOnEvents, 52, ze_command_list_append_wait_on_events_params_t, ze_pfnCommandListAppendWaitOnEventsCb_t, NONE, 3) \
  X(zeCommandListAppendEventReset, 53, ze_command_list_append_event_reset_params_t, ze_pfnCommandListAppendEventResetCb_t, NONE, 2) \
  X(zeCommandListAppendQueryKernelTimestamps, 54, ze_command_list_append_query_kernel_timestamps_params_t, ze_pfnCommandListAppendQueryKernelTimestampsCb_t, NONE, 8) \
  X(zeCommandListAppendLaunchKernel, 55, ze_command_list_append_launch_kernel_params_t, ze_pfnCommandListAppendLaunchKernelCb_t, APPEND, 6) \
  X(zeCommandListAppendLaunchCooperativeKernel, 56, ze_command_list_append_launch_cooperative_kernel_params_t, ze_pfnCommandListAppendLaunchCooperativeKernelCb_t, APPEND, 6) \
  X(zeCommandListAppendLaunchKernelIndirect, 57, ze_command_list_append_launch_kernel_indirect_params_t, ze_pfnCommandListAppendLaunchKernelIndirectCb_t, APPEND, 6) \
  X(zeCommandListAppendLaunchMultipleKernelsIndirect, 58, ze_command_list_append_launch_multiple_kernels_indirect_params_t, ze_pfnCommandListAppendLaunchMultipleKernelsIndirectCb_t, APPEND, 8) \
  X(zeImageGetProperties, 59, ze_image_get_properties_params_t, ze_pfnImageGetPropertiesCb_t, NONE, 3) \
  X(zeImageCreate, 60, ze_image_create_params_t, ze_pfnImageCreateCb_t, NONE, 4) \
  X(zeImageDestroy, 61, ze_image_destroy_params_t, ze_pfnImageDestroyCb_t, NONE, 1) \
  X(zeMemAllocShared, 62, ze_mem_alloc_shared_params_t, ze_pfnMemAllocSharedCb_t, NONE, 7) \
  X(zeMemAllocDevice, 63, ze_mem_alloc_device_params_t, ze_pfnMemAllocDeviceCb_t, NONE, 6) \
  X(zeMemAllocHost, 64, ze_mem_alloc_host_params_t, ze_pfnMemAllocHostCb_t, NONE, 5) \
  X(zeMemFree, 65, ze_mem_free_params_t, ze_pfnMemFreeCb_t, NONE, 2) \
  X(zeMemGetAllocProperties, 66, ze_mem_get_alloc_properties_params_t, ze_pfnMemGetAllocPropertiesCb_t, NONE, 4) \
  X(zeMemGetAddressRange, 67, ze_mem_get_address_range_params_t, ze_pfnMemGetAddressRangeCb_t, NONE, 4) \
  X(zeMemGetIpcHandle, 68, ze_mem_get_ipc_handle_params_t, ze_pfnMemGetIpcHandleCb_t, NONE, 3) \
  X(zeMemOpenIpcHandle, 69, ze_mem_open_ipc_handle_params_t, ze_pfnMemOpenIpcHandleCb_t, NONE, 5) \
  X(zeMemCloseIpcHandle, 70, ze_mem_close_ipc_handle_params_t, ze_pfnMemCloseIpcHandleCb_t, NONE, 2) \
  X(zeFenceCreate, 71, ze_fence_create_params_t, ze_pfnFenceCreateCb_t, NONE, 3) \
  X(zeFenceDestroy, 72, ze_fence_destroy_params_t, ze_pfnFenceDestroyCb_t, NONE, 1) \
  X(zeFenceHostSynchronize, 73, ze_fence_host_synchronize_params_t, ze_pfnFenceHostSynchronizeCb_t, NONE, 2) \
  X(zeFenceQueryStatus, 74, ze_fence_query_status_params_t, ze_pfnFenceQueryStatusCb_t, NONE, 1) \
  X(zeFenceReset, 75, ze_fence_reset_params_t, ze_pfnFenceResetCb_t, NONE, 1) \
  X(zeEventPoolCreate, 76, ze_event_pool_create_params_t, ze_pfnEventPoolCreateCb_t, NONE, 5) \
  X(zeEventPoolDestroy, 77, ze_event_pool_destroy_params_t, ze_pfnEventPoolDestroyCb_t, NONE, 1) \
  X(zeEventPoolGetIpcHandle, 78, ze_event_pool_get_ipc_handle_params_t, ze_pfnEventPoolGetIpcHandleCb_t, NONE, 2) \
  X(zeEventPoolOpenIpcHandle, 79, ze_event_pool_open_ipc_handle_params_t, ze_pfnEventPoolOpenIpcHandleCb_t, NONE, 3) \
  X(zeEventPoolCloseIpcHandle, 80, ze_event_pool_close_ipc_handle_params_t, ze_pfnEventPoolCloseIpcHandleCb_t, NONE, 1) \
  X(zeEventCreate, 81, ze_event_create_params_t, ze_pfnEventCreateCb_t, NONE, 3) \
  X(zeEventDestroy, 82, ze_event_destroy_params_t, ze_pfnEventDestroyCb_t, NONE, 1) \
  X(zeEventHostSignal, 83, ze_event_host_signal_params_t, ze_pfnEventHostSignalCb_t, NONE, 1) \
  X(zeEventHostSynchronize, 84, ze_event_host_synchronize_params_t, ze_pfnEventHostSynchronizeCb_t, NONE, 2) \
  X(zeEventQueryStatus, 85, ze_event_query_status_params_t, ze_pfnEventQueryStatusCb_t, NONE, 1) \
  X(zeEventHostReset, 86, ze_event_host_reset_params_t, ze_pfnEventHostResetCb_t, NONE, 1) \
  X(zeEventQueryKernelTimestamp, 87, ze_event_query_kernel_timestamp_params_t, ze_pfnEventQueryKernelTimestampCb_t, NONE, 2) \
  X(zeModuleCreate, 88, ze_module_create_params_t, ze_pfnModuleCreateCb_t, MODULE_CREATE, 5) \
  X(zeModuleDestroy, 89, ze_module_destroy_params_t, ze_pfnModuleDestroyCb_t, MODULE_DESTROY, 1) \
  X(zeModuleDynamicLink, 90, ze_module_dynamic_link_params_t, ze_pfnModuleDynamicLinkCb_t, NONE, 3) \
  X(zeModuleGetNativeBinary, 91, ze_module_get_native_binary_params_t, ze_pfnModuleGetNativeBinaryCb_t, NONE, 3) \
  X(zeModuleGetGlobalPointer, 92, ze_module_get_global_pointer_params_t, ze_pfnModuleGetGlobalPointerCb_t, NONE, 4) \
  X(zeModuleGetKernelNames, 93, ze_module_get_kernel_names_params_t, ze_pfnModuleGetKernelNamesCb_t, NONE, 3) \
  X(zeModuleGetProperties, 94, ze_module_get_properties_params_t, ze_pfnModuleGetPropertiesCb_t, NONE, 2) \
  X(zeModuleGetFunctionPointer, 95, ze_module_get_function_pointer_params_t, ze_pfnModuleGetFunctionPointerCb_t, NONE, 3) \
  X(zeModuleBuildLogDestroy, 96, ze_module_build_log_destroy_params_t, ze_pfnModuleBuildLogDestroyCb_t, NONE, 1) \
  X(zeModuleBuildLogGetString, 97, ze_module_build_log_get_string_params_t, ze_pfnModuleBuildLogGetStringCb_t, NONE, 3) \
  X(zeKernelCreate, 98, ze_kernel_create_params_t, ze_pfnKernelCreateCb_t, KERNEL_CREATE, 3) \
  X(zeKernelDestroy, 99, ze_kernel_destroy_params_t, ze_pfnKernelDestroyCb_t, KERNEL_DESTROY, 1) \
  X(zeKernelSetCacheConfig, 100, ze_kernel_set_cache_config_params_t, ze_pfnKernelSetCacheConfigCb_t, NONE, 2) \
  X(zeKernelSetGroupSize, 101, ze_kernel_set_group_size_params_t, ze_pfnKernelSetGroupSizeCb_t, NONE, 4) \
  X(zeKernelSuggestGroupSize, 102, ze_kernel_suggest_group_size_params_t, ze_pfnKernelSuggestGroupSizeCb_t, NONE, 7) \
  X(zeKernelSuggestMaxCooperativeGroupCount, 103, ze_kernel_suggest_max_cooperative_group_count_params_t, ze_pfnKernelSuggestMaxCooperativeGroupCountCb_t, NONE, 2) \
  X(zeKernelSetArgumentValue, 104, ze_kernel_set_argument_value_params_t, ze_pfnKernelSetArgumentValueCb_t, NONE, 4) \
  X(zeKernelSetIndirectAccess, 105, ze_kernel_set_indirect_access_params_t, ze_pfnKernelSetIndirectAccessCb_t, NONE, 2) \
  X(zeKernelGetIndirectAccess, 106, ze_kernel_get_indirect_access_params_t, ze_pfnKernelGetIndirectAccessCb_t, NONE, 2) \
  X(zeKernelGetSourceAttributes, 107, ze_kernel_get_source_attributes_params_t, ze_pfnKernelGetSourceAttributesCb_t, NONE, 3) \
  X(zeKernelGetProperties, 108, ze_kernel_get_properties_params_t, ze_pfnKernelGetPropertiesCb_t, NONE, 2) \
  X(zeKernelGetName, 109, ze_kernel_get_name_params_t, ze_pfnKernelGetNameCb_t, NONE, 3) \
  X(zeSamplerCreate, 110, ze_sampler_create_params_t, ze_pfnSamplerCreateCb_t, NONE, 4) \
  X(zeSamplerDestroy, 111, ze_sampler_destroy_params_t, ze_pfnSamplerDestroyCb_t, NONE, 1) \
  X(zePhysicalMemCreate, 112, ze_physical_mem_create_params_t, ze_pfnPhysicalMemCreateCb_t, NONE, 4) \
  X(zePhysicalMemDestroy, 113, ze_physical_mem_destroy_params_t, ze_pfnPhysicalMemDestroyCb_t, NONE, 2) \
  X(zeVirtualMemReserve, 114, ze_virtual_mem_reserve_params_t, ze_pfnVirtualMemReserveCb_t, NONE, 4) \
  X(zeVirtualMemFree, 115, ze_virtual_mem_free_params_t, ze_pfnVirtualMemFreeCb_t, NONE, 3) \
  X(zeVirtualMemQueryPageSize, 116, ze_virtual_mem_query_page_size_params_t, ze_pfnVirtualMemQueryPageSizeCb_t, NONE, 4) \
  X(zeVirtualMemMap, 117, ze_virtual_mem_map_params_t, ze_pfnVirtualMemMapCb_t, NONE, 6) \
  X(zeVirtualMemUnmap, 118, ze_virtual_mem_unmap_params_t, ze_pfnVirtualMemUnmapCb_t, NONE, 3) \
  X(zeVirtualMemSetAccessAttribute, 119, ze_virtual_mem_set_access_attribute_params_t, ze_pfnVirtualMemSetAccessAttributeCb_t, NONE, 4) \
  X(zeVirtualMemGetAccessAttribute, 120, ze_virtual_mem_get_access_attribute_params_t, ze_pfnVirtualMemGetAccessAttributeCb_t, NONE, 5) \
  X(zeDriverGetExtensionFunctionAddress, 130, ze_driver_get_extension_function_address_params_t, ze_pfnDriverGetExtensionFunctionAddressCb_t, NONE, 3) \
  X(zeDeviceGetGlobalTimestamps, 133, ze_device_get_global_timestamps_params_t, ze_pfnDeviceGetGlobalTimestampsCb_t, NONE, 3) \
  X(zeDeviceReserveCacheExt, 136, ze_device_reserve_cache_ext_params_t, ze_pfnDeviceReserveCacheExtCb_t, NONE, 3) \
  X(zeDeviceSetCacheAdviceExt, 137, ze_device_set_cache_advice_ext_params_t, ze_pfnDeviceSetCacheAdviceExtCb_t, NONE, 4) \
  X(zeDevicePciGetPropertiesExt, 138, ze_device_pci_get_properties_ext_params_t, ze_pfnDevicePciGetPropertiesExtCb_t, NONE, 2) \
  X(zeDeviceGetFabricVertexExp, 139, ze_device_get_fabric_vertex_exp_params_t, ze_pfnDeviceGetFabricVertexExpCb_t, NONE, 2) \
  X(zeContextCreateEx, 141, ze_context_create_ex_params_t, ze_pfnContextCreateExCb_t, NONE, 5) \
  X(zeCommandListAppendImageCopyToMemoryExt, 148, ze_command_list_append_image_copy_to_memory_ext_params_t, ze_pfnCommandListAppendImageCopyToMemoryExtCb_t, APPEND, 9) \
  X(zeCommandListAppendImageCopyFromMemoryExt, 149, ze_command_list_append_image_copy_from_memory_ext_params_t, ze_pfnCommandListAppendImageCopyFromMemoryExtCb_t, APPEND, 9) \
  X(zeEventQueryTimestampsExp, 162, ze_event_query_timestamps_exp_params_t, ze_pfnEventQueryTimestampsExpCb_t, NONE, 4) \
  X(zeImageGetMemoryPropertiesExp, 170, ze_image_get_memory_properties_exp_params_t, ze_pfnImageGetMemoryPropertiesExpCb_t, NONE, 2) \
  X(zeImageViewCreateExp, 171, ze_image_view_create_exp_params_t, ze_pfnImageViewCreateExpCb_t, NONE, 5) \
  X(zeImageGetAllocPropertiesExt, 172, ze_image_get_alloc_properties_ext_params_t, ze_pfnImageGetAllocPropertiesExtCb_t, NONE, 3) \
  X(zeKernelSetGlobalOffsetExp, 175, ze_kernel_set_global_offset_exp_params_t, ze_pfnKernelSetGlobalOffsetExpCb_t, NONE, 4) \
  X(zeKernelSchedulingHintExp, 177, ze_kernel_scheduling_hint_exp_params_t, ze_pfnKernelSchedulingHintExpCb_t, NONE, 2) \
  X(zeMemFreeExt, 178, ze_mem_free_ext_params_t, ze_pfnMemFreeExtCb_t, NONE, 3) \
  X(zeModuleInspectLinkageExt, 185, ze_module_inspect_linkage_ext_params_t, ze_pfnModuleInspectLinkageExtCb_t, NONE, 4) \
  X(zeFabricEdgeGetExp, 186, ze_fabric_edge_get_exp_params_t, ze_pfnFabricEdgeGetExpCb_t, NONE, 4) \
  X(zeFabricEdgeGetVerticesExp, 187, ze_fabric_edge_get_vertices_exp_params_t, ze_pfnFabricEdgeGetVerticesExpCb_t, NONE, 3) \
  X(zeFabricEdgeGetPropertiesExp, 188, ze_fabric_edge_get_properties_exp_params_t, ze_pfnFabricEdgeGetPropertiesExpCb_t, NONE, 2) \
  X(zeFabricVertexGetExp, 189, ze_fabric_vertex_get_exp_params_t, ze_pfnFabricVertexGetExpCb_t, NONE, 3) \
  X(zeFabricVertexGetSubVerticesExp, 190, ze_fabric_vertex_get_sub_vertices_exp_params_t, ze_pfnFabricVertexGetSubVerticesExpCb_t, NONE, 3) \
  X(zeFabricVertexGetPropertiesExp, 191, ze_fabric_vertex_get_properties_exp_params_t, ze_pfnFabricVertexGetPropertiesExpCb_t, NONE, 2) \
  X(zeFabricVertexGetDeviceExp, 192, ze_fabric_vertex_get_device_exp_params_t, ze_pfnFabricVertexGetDeviceExpCb_t, NONE, 2) \
  /* end */

/* X(function, PTI api id) for every id PTI defines (traceable here or not) */
#define PTIC_ZE_ID_TABLE(X) \
  X(zeInit, 1) \
  X(zeDriverGet, 2) \
  X(zeDriverGetApiVersion, 3) \
  X(zeDriverGetProperties, 4) \
  X(zeDriverGetIpcProperties, 5) \
  X(zeDriverGetExtensionProperties, 6) \
  X(zeDeviceGet, 7) \
  X(zeDeviceGetSubDevices, 8) \
  X(zeDeviceGetProperties, 9) \
  X(zeDeviceGetComputeProperties, 10) \
  X(zeDeviceGetModuleProperties, 11) \
  X(zeDeviceGetCommandQueueGroupProperties, 12) \
  X(zeDeviceGetMemoryProperties, 13) \
  X(zeDeviceGetMemoryAccessProperties, 14) \
  X(zeDeviceGetCacheProperties, 15) \
  X(zeDeviceGetImageProperties, 16) \
  X(zeDeviceGetExternalMemoryProperties, 17) \
  X(zeDeviceGetP2PProperties, 18) \
  X(zeDeviceCanAccessPeer, 19) \
  X(zeDeviceGetStatus, 20) \
  X(zeContextCreate, 21) \
  X(zeContextDestroy, 22) \
  X(zeContextGetStatus, 23) \
  X(zeContextSystemBarrier, 24) \
  X(zeContextMakeMemoryResident, 25) \
  X(zeContextEvictMemory, 26) \
  X(zeContextMakeImageResident, 27) \
  X(zeContextEvictImage, 28) \
  X(zeCommandQueueCreate, 29) \
  X(zeCommandQueueDestroy, 30) \
  X(zeCommandQueueExecuteCommandLists, 31) \
  X(zeCommandQueueSynchronize, 32) \
  X(zeCommandListCreate, 33) \
  X(zeCommandListCreateImmediate, 34) \
  X(zeCommandListDestroy, 35) \
  X(zeCommandListClose, 36) \
  X(zeCommandListReset, 37) \
  X(zeCommandListAppendWriteGlobalTimestamp, 38) \
  X(zeCommandListAppendBarrier, 39) \
  X(zeCommandListAppendMemoryRangesBarrier, 40) \
  X(zeCommandListAppendMemoryCopy, 41) \
  X(zeCommandListAppendMemoryFill, 42) \
  X(zeCommandListAppendMemoryCopyRegion, 43) \
  X(zeCommandListAppendMemoryCopyFromContext, 44) \
  X(zeCommandListAppendImageCopy, 45) \
  X(zeCommandListAppendImageCopyRegion, 46) \
  X(zeCommandListAppendImageCopyToMemory, 47) \
  X(zeCommandListAppendImageCopyFromMemory, 48) \
  X(zeCommandListAppendMemoryPrefetch, 49) \
  X(zeCommandListAppendMemAdvise, 50) \
  X(zeCommandListAppendSignalEvent, 51) \
  X(zeCommandListAppendWaitOnEvents, 52) \
  X(zeCommandListAppendEventReset, 53) \
  X(zeCommandListAppendQueryKernelTimestamps, 54) \
  X(zeCommandListAppendLaunchKernel, 55) \
  X(zeCommandListAppendLaunchCooperativeKernel, 56) \
  X(zeCommandListAppendLaunchKernelIndirect, 57) \
  X(zeCommandListAppendLaunchMultipleKernelsIndirect, 58) \
  X(zeImageGetProperties, 59) \
  X(zeImageCreate, 60) \
  X(zeImageDestroy, 61) \
  X(zeMemAllocShared, 62) \
  X(zeMemAllocDevice, 63) \
  X(zeMemAllocHost, 64) \
  X(zeMemFree, 65) \
  X(zeMemGetAllocProperties, 66) \
  X(zeMemGetAddressRange, 67) \
  X(zeMemGetIpcHandle, 68) \
  X(zeMemOpenIpcHandle, 69) \
  X(zeMemCloseIpcHandle, 70) \
  X(zeFenceCreate, 71) \
  X(zeFenceDestroy, 72) \
  X(zeFenceHostSynchronize, 73) \
  X(zeFenceQueryStatus, 74) \
  X(zeFenceReset, 75) \
  X(zeEventPoolCreate, 76) \
  X(zeEventPoolDestroy, 77) \
  X(zeEventPoolGetIpcHandle, 78) \
  X(zeEventPoolOpenIpcHandle, 79) \
  X(zeEventPoolCloseIpcHandle, 80) \
  X(zeEventCreate, 81) \
  X(zeEventDestroy, 82) \
  X(zeEventHostSignal, 83) \
  X(zeEventHostSynchronize, 84) \
  X(zeEventQueryStatus, 85) \
  X(zeEventHostReset, 86) \
  X(zeEventQueryKernelTimestamp, 87) \
  X(zeModuleCreate, 88) \
  X(zeModuleDestroy, 89) \
  X(zeModuleDynamicLink, 90) \
  X(zeModuleGetNativeBinary, 91) \
  X(zeModuleGetGlobalPointer, 92) \
  X(zeModuleGetKernelNames, 93) \
  X(zeModuleGetProperties, 94) \
  X(zeModuleGetFunctionPointer, 95) \
  X(zeModuleBuildLogDestroy, 96) \
  X(zeModuleBuildLogGetString, 97) \
  X(zeKernelCreate, 98) \
  X(zeKernelDestroy, 99) \
  X(zeKernelSetCacheConfig, 100) \
  X(zeKernelSetGroupSize, 101) \
  X(zeKernelSuggestGroupSize, 102) \
  X(zeKernelSuggestMaxCooperativeGroupCount, 103) \
  X(zeKernelSetArgumentValue, 104) \
  X(zeKernelSetIndirectAccess, 105) \
  X(zeKernelGetIndirectAccess, 106) \
  X(zeKernelGetSourceAttributes, 107) \
  X(zeKernelGetProperties, 108) \
  X(zeKernelGetName, 109) \
  X(zeSamplerCreate, 110) \
  X(zeSamplerDestroy, 111) \
  X(zePhysicalMemCreate, 112) \
  X(zePhysicalMemDestroy, 113) \
  X(zeVirtualMemReserve, 114) \
  X(zeVirtualMemFree, 115) \
  X(zeVirtualMemQueryPageSize, 116) \
  X(zeVirtualMemMap, 117) \
  X(zeVirtualMemUnmap, 118) \
  X(zeVirtualMemSetAccessAttribute, 119) \
  X(zeVirtualMemGetAccessAttribute, 120) \
  X(zeInitDrivers, 121) \
  X(zeRTASBuilderCreateExp, 122) \
  X(zeRTASBuilderGetBuildPropertiesExp, 123) \
  X(zeRTASBuilderBuildExp, 124) \
  X(zeRTASBuilderDestroyExp, 125) \
  X(zeRTASParallelOperationCreateExp, 126) \
  X(zeRTASParallelOperationGetPropertiesExp, 127) \
  X(zeRTASParallelOperationJoinExp, 128) \
  X(zeRTASParallelOperationDestroyExp, 129) \
  X(zeDriverGetExtensionFunctionAddress, 130) \
  X(zeDriverGetLastErrorDescription, 131) \
  X(zeDriverRTASFormatCompatibilityCheckExp, 132) \
  X(zeDeviceGetGlobalTimestamps, 133) \
  X(zeDeviceImportExternalSemaphoreExt, 134) \
  X(zeDeviceReleaseExternalSemaphoreExt, 135) \
  X(zeDeviceReserveCacheExt, 136) \
  X(zeDeviceSetCacheAdviceExt, 137) \
  X(zeDevicePciGetPropertiesExt, 138) \
  X(zeDeviceGetFabricVertexExp, 139) \
  X(zeDeviceGetRootDevice, 140) \
  X(zeContextCreateEx, 141) \
  X(zeCommandQueueGetOrdinal, 142) \
  X(zeCommandQueueGetIndex, 143) \
  X(zeCommandListGetNextCommandIdWithKernelsExp, 144) \
  X(zeCommandListUpdateMutableCommandKernelsExp, 145) \
  X(zeCommandListAppendSignalExternalSemaphoreExt, 146) \
  X(zeCommandListAppendWaitExternalSemaphoreExt, 147) \
  X(zeCommandListAppendImageCopyToMemoryExt, 148) \
  X(zeCommandListAppendImageCopyFromMemoryExt, 149) \
  X(zeCommandListHostSynchronize, 150) \
  X(zeCommandListCreateCloneExp, 151) \
  X(zeCommandListGetDeviceHandle, 152) \
  X(zeCommandListGetContextHandle, 153) \
  X(zeCommandListGetOrdinal, 154) \
  X(zeCommandListImmediateGetIndex, 155) \
  X(zeCommandListIsImmediate, 156) \
  X(zeCommandListImmediateAppendCommandListsExp, 157) \
  X(zeCommandListGetNextCommandIdExp, 158) \
  X(zeCommandListUpdateMutableCommandsExp, 159) \
  X(zeCommandListUpdateMutableCommandSignalEventExp, 160) \
  X(zeCommandListUpdateMutableCommandWaitEventsExp, 161) \
  X(zeEventQueryTimestampsExp, 162) \
  X(zeEventQueryKernelTimestampsExt, 163) \
  X(zeEventGetEventPool, 164) \
  X(zeEventGetSignalScope, 165) \
  X(zeEventGetWaitScope, 166) \
  X(zeEventPoolPutIpcHandle, 167) \
  X(zeEventPoolGetContextHandle, 168) \
  X(zeEventPoolGetFlags, 169) \
  X(zeImageGetMemoryPropertiesExp, 170) \
  X(zeImageViewCreateExp, 171) \
  X(zeImageGetAllocPropertiesExt, 172) \
  X(zeImageViewCreateExt, 173) \
  X(zeImageGetDeviceOffsetExp, 174) \
  X(zeKernelSetGlobalOffsetExp, 175) \
  X(zeKernelGetBinaryExp, 176) \
  X(zeKernelSchedulingHintExp, 177) \
  X(zeMemFreeExt, 178) \
  X(zeMemGetIpcHandleFromFileDescriptorExp, 179) \
  X(zeMemGetFileDescriptorFromIpcHandleExp, 180) \
  X(zeMemPutIpcHandle, 181) \
  X(zeMemSetAtomicAccessAttributeExp, 182) \
  X(zeMemGetAtomicAccessAttributeExp, 183) \
  X(zeMemGetPitchFor2dImage, 184) \
  X(zeModuleInspectLinkageExt, 185) \
  X(zeFabricEdgeGetExp, 186) \
  X(zeFabricEdgeGetVerticesExp, 187) \
  X(zeFabricEdgeGetPropertiesExp, 188) \
  X(zeFabricVertexGetExp, 189) \
  X(zeFabricVertexGetSubVerticesExp, 190) \
  X(zeFabricVertexGetPropertiesExp, 191) \
  X(zeFabricVertexGetDeviceExp, 192) \
  X(zelTracerSetEnabled, 193) \
  X(zelTracerCreate, 194) \
  X(zeRTASBuilderCreateExt, 195) \
  X(zeRTASBuilderGetBuildPropertiesExt, 196) \
  X(zeRTASBuilderBuildExt, 197) \
  X(zeRTASBuilderCommandListAppendCopyExt, 198) \
  X(zeRTASBuilderDestroyExt, 199) \
  X(zeRTASParallelOperationCreateExt, 200) \
  X(zeRTASParallelOperationGetPropertiesExt, 201) \
  X(zeRTASParallelOperationJoinExt, 202) \
  X(zeRTASParallelOperationDestroyExt, 203) \
  X(zeDriverRTASFormatCompatibilityCheckExt, 204) \
  X(zeDeviceGetVectorWidthPropertiesExt, 205) \
  X(zeDeviceSynchronize, 206) \
  X(zeDriverGetDefaultContext, 207) \
  X(zeCommandListAppendLaunchKernelWithParameters, 208) \
  X(zeCommandListAppendLaunchKernelWithArguments, 209) \
  X(zeKernelGetAllocationPropertiesExp, 210) \
  X(zeDeviceGetAggregatedCopyOffloadIncrementValue, 211) \
  X(zeEventCounterBasedCreate, 212) \
  X(zeEventCounterBasedGetIpcHandle, 213) \
  X(zeEventCounterBasedOpenIpcHandle, 214) \
  X(zeEventCounterBasedCloseIpcHandle, 215) \
  X(zeEventCounterBasedGetDeviceAddress, 216) \
  X(zeMemGetIpcHandleWithProperties, 217) \
  X(zePhysicalMemGetProperties, 218) \
  /* end */
// <<gen:api-table

/* Dense index of every traceable function: PTIC_API_zeInit, ... */
enum {
#define PTIC_X(fn, id, pt, cbt, role, nargs) PTIC_API_##fn,
  PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
  PTIC_API_COUNT
};

/* The parameters of a traced call that handlers use, read by the generated
   ptic__view_<function> from the call's params struct. */
typedef struct ptic__view {
  const void* driver;
  const void* device;
  const void* context;
  const void* queue;
  const void* cmd_list;
  const void* module;
  const void* kernel;
  const void* event;
  const void* event_pool;
  const void* fence;
  const void* signal_event;
  const void* desc;
  const void* alt_desc;
  const void* dst;
  const void* src;
  const void* name;
  void* const* kernels;
  void* const* cmd_lists;
  void** out;
  uint64_t size;
  uint64_t timeout;
  uint64_t num_kernels;
  uint64_t num_cmd_lists;
} ptic__view;

// >>gen:api-views (generated by tools/gen_ze_tables.py, do not edit)
static void ptic__view_zeInit(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeDriverGet(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeDriverGetApiVersion(const void* params, ptic__view* v) {
  const ze_driver_get_api_version_params_t* q = (const ze_driver_get_api_version_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeDriverGetProperties(const void* params, ptic__view* v) {
  const ze_driver_get_properties_params_t* q = (const ze_driver_get_properties_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeDriverGetIpcProperties(const void* params, ptic__view* v) {
  const ze_driver_get_ipc_properties_params_t* q = (const ze_driver_get_ipc_properties_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeDriverGetExtensionProperties(const void* params, ptic__view* v) {
  const ze_driver_get_extension_properties_params_t* q = (const ze_driver_get_extension_properties_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeDeviceGet(const void* params, ptic__view* v) {
  const ze_device_get_params_t* q = (const ze_device_get_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeDeviceGetSubDevices(const void* params, ptic__view* v) {
  const ze_device_get_sub_devices_params_t* q = (const ze_device_get_sub_devices_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetProperties(const void* params, ptic__view* v) {
  const ze_device_get_properties_params_t* q = (const ze_device_get_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetComputeProperties(const void* params, ptic__view* v) {
  const ze_device_get_compute_properties_params_t* q = (const ze_device_get_compute_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetModuleProperties(const void* params, ptic__view* v) {
  const ze_device_get_module_properties_params_t* q = (const ze_device_get_module_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetCommandQueueGroupProperties(const void* params, ptic__view* v) {
  const ze_device_get_command_queue_group_properties_params_t* q = (const ze_device_get_command_queue_group_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetMemoryProperties(const void* params, ptic__view* v) {
  const ze_device_get_memory_properties_params_t* q = (const ze_device_get_memory_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetMemoryAccessProperties(const void* params, ptic__view* v) {
  const ze_device_get_memory_access_properties_params_t* q = (const ze_device_get_memory_access_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetCacheProperties(const void* params, ptic__view* v) {
  const ze_device_get_cache_properties_params_t* q = (const ze_device_get_cache_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetImageProperties(const void* params, ptic__view* v) {
  const ze_device_get_image_properties_params_t* q = (const ze_device_get_image_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetExternalMemoryProperties(const void* params, ptic__view* v) {
  const ze_device_get_external_memory_properties_params_t* q = (const ze_device_get_external_memory_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetP2PProperties(const void* params, ptic__view* v) {
  const ze_device_get_p2_p_properties_params_t* q = (const ze_device_get_p2_p_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceCanAccessPeer(const void* params, ptic__view* v) {
  const ze_device_can_access_peer_params_t* q = (const ze_device_can_access_peer_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetStatus(const void* params, ptic__view* v) {
  const ze_device_get_status_params_t* q = (const ze_device_get_status_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeContextCreate(const void* params, ptic__view* v) {
  const ze_context_create_params_t* q = (const ze_context_create_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphContext;
}
static void ptic__view_zeContextDestroy(const void* params, ptic__view* v) {
  const ze_context_destroy_params_t* q = (const ze_context_destroy_params_t*)params;
  v->context = (const void*)*q->phContext;
}
static void ptic__view_zeContextGetStatus(const void* params, ptic__view* v) {
  const ze_context_get_status_params_t* q = (const ze_context_get_status_params_t*)params;
  v->context = (const void*)*q->phContext;
}
static void ptic__view_zeContextSystemBarrier(const void* params, ptic__view* v) {
  const ze_context_system_barrier_params_t* q = (const ze_context_system_barrier_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeContextMakeMemoryResident(const void* params, ptic__view* v) {
  const ze_context_make_memory_resident_params_t* q = (const ze_context_make_memory_resident_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeContextEvictMemory(const void* params, ptic__view* v) {
  const ze_context_evict_memory_params_t* q = (const ze_context_evict_memory_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeContextMakeImageResident(const void* params, ptic__view* v) {
  const ze_context_make_image_resident_params_t* q = (const ze_context_make_image_resident_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeContextEvictImage(const void* params, ptic__view* v) {
  const ze_context_evict_image_params_t* q = (const ze_context_evict_image_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeCommandQueueCreate(const void* params, ptic__view* v) {
  const ze_command_queue_create_params_t* q = (const ze_command_queue_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphCommandQueue;
}
static void ptic__view_zeCommandQueueDestroy(const void* params, ptic__view* v) {
  const ze_command_queue_destroy_params_t* q = (const ze_command_queue_destroy_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
}
static void ptic__view_zeCommandQueueExecuteCommandLists(const void* params, ptic__view* v) {
  const ze_command_queue_execute_command_lists_params_t* q = (const ze_command_queue_execute_command_lists_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->num_cmd_lists = (uint64_t)*q->pnumCommandLists;
  v->cmd_lists = (void* const*)*q->pphCommandLists;
  v->fence = (const void*)*q->phFence;
}
static void ptic__view_zeCommandQueueSynchronize(const void* params, ptic__view* v) {
  const ze_command_queue_synchronize_params_t* q = (const ze_command_queue_synchronize_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->timeout = (uint64_t)*q->ptimeout;
}
static void ptic__view_zeCommandListCreate(const void* params, ptic__view* v) {
  const ze_command_list_create_params_t* q = (const ze_command_list_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphCommandList;
}
static void ptic__view_zeCommandListCreateImmediate(const void* params, ptic__view* v) {
  const ze_command_list_create_immediate_params_t* q = (const ze_command_list_create_immediate_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->alt_desc = (const void*)*q->paltdesc;
  v->out = (void**)*q->pphCommandList;
}
static void ptic__view_zeCommandListDestroy(const void* params, ptic__view* v) {
  const ze_command_list_destroy_params_t* q = (const ze_command_list_destroy_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
}
static void ptic__view_zeCommandListClose(const void* params, ptic__view* v) {
  const ze_command_list_close_params_t* q = (const ze_command_list_close_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
}
static void ptic__view_zeCommandListReset(const void* params, ptic__view* v) {
  const ze_command_list_reset_params_t* q = (const ze_command_list_reset_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
}
static void ptic__view_zeCommandListAppendWriteGlobalTimestamp(const void* params, ptic__view* v) {
  const ze_command_list_append_write_global_timestamp_params_t* q = (const ze_command_list_append_write_global_timestamp_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendBarrier(const void* params, ptic__view* v) {
  const ze_command_list_append_barrier_params_t* q = (const ze_command_list_append_barrier_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendMemoryRangesBarrier(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_ranges_barrier_params_t* q = (const ze_command_list_append_memory_ranges_barrier_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendMemoryCopy(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_copy_params_t* q = (const ze_command_list_append_memory_copy_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->src = (const void*)*q->psrcptr;
  v->size = (uint64_t)*q->psize;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendMemoryFill(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_fill_params_t* q = (const ze_command_list_append_memory_fill_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendMemoryCopyRegion(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_copy_region_params_t* q = (const ze_command_list_append_memory_copy_region_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->src = (const void*)*q->psrcptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendMemoryCopyFromContext(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_copy_from_context_params_t* q = (const ze_command_list_append_memory_copy_from_context_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->src = (const void*)*q->psrcptr;
  v->size = (uint64_t)*q->psize;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendImageCopy(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_params_t* q = (const ze_command_list_append_image_copy_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendImageCopyRegion(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_region_params_t* q = (const ze_command_list_append_image_copy_region_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendImageCopyToMemory(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_to_memory_params_t* q = (const ze_command_list_append_image_copy_to_memory_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendImageCopyFromMemory(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_from_memory_params_t* q = (const ze_command_list_append_image_copy_from_memory_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->src = (const void*)*q->psrcptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendMemoryPrefetch(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_prefetch_params_t* q = (const ze_command_list_append_memory_prefetch_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeCommandListAppendMemAdvise(const void* params, ptic__view* v) {
  const ze_command_list_append_mem_advise_params_t* q = (const ze_command_list_append_mem_advise_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeCommandListAppendSignalEvent(const void* params, ptic__view* v) {
  const ze_command_list_append_signal_event_params_t* q = (const ze_command_list_append_signal_event_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->event = (const void*)*q->phEvent;
}
static void ptic__view_zeCommandListAppendWaitOnEvents(const void* params, ptic__view* v) {
  const ze_command_list_append_wait_on_events_params_t* q = (const ze_command_list_append_wait_on_events_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
}
static void ptic__view_zeCommandListAppendEventReset(const void* params, ptic__view* v) {
  const ze_command_list_append_event_reset_params_t* q = (const ze_command_list_append_event_reset_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->event = (const void*)*q->phEvent;
}
static void ptic__view_zeCommandListAppendQueryKernelTimestamps(const void* params, ptic__view* v) {
  const ze_command_list_append_query_kernel_timestamps_params_t* q = (const ze_command_list_append_query_kernel_timestamps_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendLaunchKernel(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_kernel_params_t* q = (const ze_command_list_append_launch_kernel_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->kernel = (const void*)*q->phKernel;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendLaunchCooperativeKernel(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_cooperative_kernel_params_t* q = (const ze_command_list_append_launch_cooperative_kernel_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->kernel = (const void*)*q->phKernel;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendLaunchKernelIndirect(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_kernel_indirect_params_t* q = (const ze_command_list_append_launch_kernel_indirect_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->kernel = (const void*)*q->phKernel;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendLaunchMultipleKernelsIndirect(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_multiple_kernels_indirect_params_t* q = (const ze_command_list_append_launch_multiple_kernels_indirect_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->num_kernels = (uint64_t)*q->pnumKernels;
  v->kernels = (void* const*)*q->pphKernels;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeImageGetProperties(const void* params, ptic__view* v) {
  const ze_image_get_properties_params_t* q = (const ze_image_get_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
}
static void ptic__view_zeImageCreate(const void* params, ptic__view* v) {
  const ze_image_create_params_t* q = (const ze_image_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
}
static void ptic__view_zeImageDestroy(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeMemAllocShared(const void* params, ptic__view* v) {
  const ze_mem_alloc_shared_params_t* q = (const ze_mem_alloc_shared_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeMemAllocDevice(const void* params, ptic__view* v) {
  const ze_mem_alloc_device_params_t* q = (const ze_mem_alloc_device_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeMemAllocHost(const void* params, ptic__view* v) {
  const ze_mem_alloc_host_params_t* q = (const ze_mem_alloc_host_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeMemFree(const void* params, ptic__view* v) {
  const ze_mem_free_params_t* q = (const ze_mem_free_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeMemGetAllocProperties(const void* params, ptic__view* v) {
  const ze_mem_get_alloc_properties_params_t* q = (const ze_mem_get_alloc_properties_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeMemGetAddressRange(const void* params, ptic__view* v) {
  const ze_mem_get_address_range_params_t* q = (const ze_mem_get_address_range_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeMemGetIpcHandle(const void* params, ptic__view* v) {
  const ze_mem_get_ipc_handle_params_t* q = (const ze_mem_get_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeMemOpenIpcHandle(const void* params, ptic__view* v) {
  const ze_mem_open_ipc_handle_params_t* q = (const ze_mem_open_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeMemCloseIpcHandle(const void* params, ptic__view* v) {
  const ze_mem_close_ipc_handle_params_t* q = (const ze_mem_close_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeFenceCreate(const void* params, ptic__view* v) {
  const ze_fence_create_params_t* q = (const ze_fence_create_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphFence;
}
static void ptic__view_zeFenceDestroy(const void* params, ptic__view* v) {
  const ze_fence_destroy_params_t* q = (const ze_fence_destroy_params_t*)params;
  v->fence = (const void*)*q->phFence;
}
static void ptic__view_zeFenceHostSynchronize(const void* params, ptic__view* v) {
  const ze_fence_host_synchronize_params_t* q = (const ze_fence_host_synchronize_params_t*)params;
  v->fence = (const void*)*q->phFence;
  v->timeout = (uint64_t)*q->ptimeout;
}
static void ptic__view_zeFenceQueryStatus(const void* params, ptic__view* v) {
  const ze_fence_query_status_params_t* q = (const ze_fence_query_status_params_t*)params;
  v->fence = (const void*)*q->phFence;
}
static void ptic__view_zeFenceReset(const void* params, ptic__view* v) {
  const ze_fence_reset_params_t* q = (const ze_fence_reset_params_t*)params;
  v->fence = (const void*)*q->phFence;
}
static void ptic__view_zeEventPoolCreate(const void* params, ptic__view* v) {
  const ze_event_pool_create_params_t* q = (const ze_event_pool_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphEventPool;
}
static void ptic__view_zeEventPoolDestroy(const void* params, ptic__view* v) {
  const ze_event_pool_destroy_params_t* q = (const ze_event_pool_destroy_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
}
static void ptic__view_zeEventPoolGetIpcHandle(const void* params, ptic__view* v) {
  const ze_event_pool_get_ipc_handle_params_t* q = (const ze_event_pool_get_ipc_handle_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
}
static void ptic__view_zeEventPoolOpenIpcHandle(const void* params, ptic__view* v) {
  const ze_event_pool_open_ipc_handle_params_t* q = (const ze_event_pool_open_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->out = (void**)*q->pphEventPool;
}
static void ptic__view_zeEventPoolCloseIpcHandle(const void* params, ptic__view* v) {
  const ze_event_pool_close_ipc_handle_params_t* q = (const ze_event_pool_close_ipc_handle_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
}
static void ptic__view_zeEventCreate(const void* params, ptic__view* v) {
  const ze_event_create_params_t* q = (const ze_event_create_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphEvent;
}
static void ptic__view_zeEventDestroy(const void* params, ptic__view* v) {
  const ze_event_destroy_params_t* q = (const ze_event_destroy_params_t*)params;
  v->event = (const void*)*q->phEvent;
}
static void ptic__view_zeEventHostSignal(const void* params, ptic__view* v) {
  const ze_event_host_signal_params_t* q = (const ze_event_host_signal_params_t*)params;
  v->event = (const void*)*q->phEvent;
}
static void ptic__view_zeEventHostSynchronize(const void* params, ptic__view* v) {
  const ze_event_host_synchronize_params_t* q = (const ze_event_host_synchronize_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->timeout = (uint64_t)*q->ptimeout;
}
static void ptic__view_zeEventQueryStatus(const void* params, ptic__view* v) {
  const ze_event_query_status_params_t* q = (const ze_event_query_status_params_t*)params;
  v->event = (const void*)*q->phEvent;
}
static void ptic__view_zeEventHostReset(const void* params, ptic__view* v) {
  const ze_event_host_reset_params_t* q = (const ze_event_host_reset_params_t*)params;
  v->event = (const void*)*q->phEvent;
}
static void ptic__view_zeEventQueryKernelTimestamp(const void* params, ptic__view* v) {
  const ze_event_query_kernel_timestamp_params_t* q = (const ze_event_query_kernel_timestamp_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->dst = (const void*)*q->pdstptr;
}
static void ptic__view_zeModuleCreate(const void* params, ptic__view* v) {
  const ze_module_create_params_t* q = (const ze_module_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphModule;
}
static void ptic__view_zeModuleDestroy(const void* params, ptic__view* v) {
  const ze_module_destroy_params_t* q = (const ze_module_destroy_params_t*)params;
  v->module = (const void*)*q->phModule;
}
static void ptic__view_zeModuleDynamicLink(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeModuleGetNativeBinary(const void* params, ptic__view* v) {
  const ze_module_get_native_binary_params_t* q = (const ze_module_get_native_binary_params_t*)params;
  v->module = (const void*)*q->phModule;
}
static void ptic__view_zeModuleGetGlobalPointer(const void* params, ptic__view* v) {
  const ze_module_get_global_pointer_params_t* q = (const ze_module_get_global_pointer_params_t*)params;
  v->module = (const void*)*q->phModule;
}
static void ptic__view_zeModuleGetKernelNames(const void* params, ptic__view* v) {
  const ze_module_get_kernel_names_params_t* q = (const ze_module_get_kernel_names_params_t*)params;
  v->module = (const void*)*q->phModule;
}
static void ptic__view_zeModuleGetProperties(const void* params, ptic__view* v) {
  const ze_module_get_properties_params_t* q = (const ze_module_get_properties_params_t*)params;
  v->module = (const void*)*q->phModule;
}
static void ptic__view_zeModuleGetFunctionPointer(const void* params, ptic__view* v) {
  const ze_module_get_function_pointer_params_t* q = (const ze_module_get_function_pointer_params_t*)params;
  v->module = (const void*)*q->phModule;
}
static void ptic__view_zeModuleBuildLogDestroy(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeModuleBuildLogGetString(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeKernelCreate(const void* params, ptic__view* v) {
  const ze_kernel_create_params_t* q = (const ze_kernel_create_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphKernel;
}
static void ptic__view_zeKernelDestroy(const void* params, ptic__view* v) {
  const ze_kernel_destroy_params_t* q = (const ze_kernel_destroy_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSetCacheConfig(const void* params, ptic__view* v) {
  const ze_kernel_set_cache_config_params_t* q = (const ze_kernel_set_cache_config_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSetGroupSize(const void* params, ptic__view* v) {
  const ze_kernel_set_group_size_params_t* q = (const ze_kernel_set_group_size_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSuggestGroupSize(const void* params, ptic__view* v) {
  const ze_kernel_suggest_group_size_params_t* q = (const ze_kernel_suggest_group_size_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSuggestMaxCooperativeGroupCount(const void* params, ptic__view* v) {
  const ze_kernel_suggest_max_cooperative_group_count_params_t* q = (const ze_kernel_suggest_max_cooperative_group_count_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSetArgumentValue(const void* params, ptic__view* v) {
  const ze_kernel_set_argument_value_params_t* q = (const ze_kernel_set_argument_value_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSetIndirectAccess(const void* params, ptic__view* v) {
  const ze_kernel_set_indirect_access_params_t* q = (const ze_kernel_set_indirect_access_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelGetIndirectAccess(const void* params, ptic__view* v) {
  const ze_kernel_get_indirect_access_params_t* q = (const ze_kernel_get_indirect_access_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelGetSourceAttributes(const void* params, ptic__view* v) {
  const ze_kernel_get_source_attributes_params_t* q = (const ze_kernel_get_source_attributes_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelGetProperties(const void* params, ptic__view* v) {
  const ze_kernel_get_properties_params_t* q = (const ze_kernel_get_properties_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelGetName(const void* params, ptic__view* v) {
  const ze_kernel_get_name_params_t* q = (const ze_kernel_get_name_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeSamplerCreate(const void* params, ptic__view* v) {
  const ze_sampler_create_params_t* q = (const ze_sampler_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
}
static void ptic__view_zeSamplerDestroy(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zePhysicalMemCreate(const void* params, ptic__view* v) {
  const ze_physical_mem_create_params_t* q = (const ze_physical_mem_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
}
static void ptic__view_zePhysicalMemDestroy(const void* params, ptic__view* v) {
  const ze_physical_mem_destroy_params_t* q = (const ze_physical_mem_destroy_params_t*)params;
  v->context = (const void*)*q->phContext;
}
static void ptic__view_zeVirtualMemReserve(const void* params, ptic__view* v) {
  const ze_virtual_mem_reserve_params_t* q = (const ze_virtual_mem_reserve_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeVirtualMemFree(const void* params, ptic__view* v) {
  const ze_virtual_mem_free_params_t* q = (const ze_virtual_mem_free_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeVirtualMemQueryPageSize(const void* params, ptic__view* v) {
  const ze_virtual_mem_query_page_size_params_t* q = (const ze_virtual_mem_query_page_size_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeVirtualMemMap(const void* params, ptic__view* v) {
  const ze_virtual_mem_map_params_t* q = (const ze_virtual_mem_map_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeVirtualMemUnmap(const void* params, ptic__view* v) {
  const ze_virtual_mem_unmap_params_t* q = (const ze_virtual_mem_unmap_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeVirtualMemSetAccessAttribute(const void* params, ptic__view* v) {
  const ze_virtual_mem_set_access_attribute_params_t* q = (const ze_virtual_mem_set_access_attribute_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeVirtualMemGetAccessAttribute(const void* params, ptic__view* v) {
  const ze_virtual_mem_get_access_attribute_params_t* q = (const ze_virtual_mem_get_access_attribute_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
}
static void ptic__view_zeDriverGetExtensionFunctionAddress(const void* params, ptic__view* v) {
  const ze_driver_get_extension_function_address_params_t* q = (const ze_driver_get_extension_function_address_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeDeviceGetGlobalTimestamps(const void* params, ptic__view* v) {
  const ze_device_get_global_timestamps_params_t* q = (const ze_device_get_global_timestamps_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceReserveCacheExt(const void* params, ptic__view* v) {
  const ze_device_reserve_cache_ext_params_t* q = (const ze_device_reserve_cache_ext_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceSetCacheAdviceExt(const void* params, ptic__view* v) {
  const ze_device_set_cache_advice_ext_params_t* q = (const ze_device_set_cache_advice_ext_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeDevicePciGetPropertiesExt(const void* params, ptic__view* v) {
  const ze_device_pci_get_properties_ext_params_t* q = (const ze_device_pci_get_properties_ext_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeDeviceGetFabricVertexExp(const void* params, ptic__view* v) {
  const ze_device_get_fabric_vertex_exp_params_t* q = (const ze_device_get_fabric_vertex_exp_params_t*)params;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeContextCreateEx(const void* params, ptic__view* v) {
  const ze_context_create_ex_params_t* q = (const ze_context_create_ex_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphContext;
}
static void ptic__view_zeCommandListAppendImageCopyToMemoryExt(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_to_memory_ext_params_t* q = (const ze_command_list_append_image_copy_to_memory_ext_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeCommandListAppendImageCopyFromMemoryExt(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_from_memory_ext_params_t* q = (const ze_command_list_append_image_copy_from_memory_ext_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->src = (const void*)*q->psrcptr;
  v->signal_event = (const void*)*q->phSignalEvent;
}
static void ptic__view_zeEventQueryTimestampsExp(const void* params, ptic__view* v) {
  const ze_event_query_timestamps_exp_params_t* q = (const ze_event_query_timestamps_exp_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->device = (const void*)*q->phDevice;
}
static void ptic__view_zeImageGetMemoryPropertiesExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeImageViewCreateExp(const void* params, ptic__view* v) {
  const ze_image_view_create_exp_params_t* q = (const ze_image_view_create_exp_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
}
static void ptic__view_zeImageGetAllocPropertiesExt(const void* params, ptic__view* v) {
  const ze_image_get_alloc_properties_ext_params_t* q = (const ze_image_get_alloc_properties_ext_params_t*)params;
  v->context = (const void*)*q->phContext;
}
static void ptic__view_zeKernelSetGlobalOffsetExp(const void* params, ptic__view* v) {
  const ze_kernel_set_global_offset_exp_params_t* q = (const ze_kernel_set_global_offset_exp_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeKernelSchedulingHintExp(const void* params, ptic__view* v) {
  const ze_kernel_scheduling_hint_exp_params_t* q = (const ze_kernel_scheduling_hint_exp_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
}
static void ptic__view_zeMemFreeExt(const void* params, ptic__view* v) {
  const ze_mem_free_ext_params_t* q = (const ze_mem_free_ext_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
}
static void ptic__view_zeModuleInspectLinkageExt(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeFabricEdgeGetExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeFabricEdgeGetVerticesExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeFabricEdgeGetPropertiesExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeFabricVertexGetExp(const void* params, ptic__view* v) {
  const ze_fabric_vertex_get_exp_params_t* q = (const ze_fabric_vertex_get_exp_params_t*)params;
  v->driver = (const void*)*q->phDriver;
}
static void ptic__view_zeFabricVertexGetSubVerticesExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeFabricVertexGetPropertiesExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
static void ptic__view_zeFabricVertexGetDeviceExp(const void* params, ptic__view* v) {
  (void)params;
  (void)v;
}
// <<gen:api-views

// >>gen:api-args (generated by tools/gen_ze_tables.py, do not edit)
/* A(function, index, argument name, C type, kind) for every traceable function */
#define PTIC_ZE_ARG_TABLE(A) \
  A(zeInit, 0, "flags", "ze_init_flags_t", FLAGS) \
  A(zeDriverGet, 0, "pCount", "uint32_t*", PTR) \
  A(zeDriverGet, 1, "phDrivers", "ze_driver_handle_t*", PTR) \
  A(zeDriverGetApiVersion, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeDriverGetApiVersion, 1, "version", "ze_api_version_t*", PTR) \
  A(zeDriverGetProperties, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeDriverGetProperties, 1, "pDriverProperties", "ze_driver_properties_t*", PTR) \
  A(zeDriverGetIpcProperties, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeDriverGetIpcProperties, 1, "pIpcProperties", "ze_driver_ipc_properties_t*", PTR) \
  A(zeDriverGetExtensionProperties, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeDriverGetExtensionProperties, 1, "pCount", "uint32_t*", PTR) \
  A(zeDriverGetExtensionProperties, 2, "pExtensionProperties", "ze_driver_extension_properties_t*", PTR) \
  A(zeDeviceGet, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeDeviceGet, 1, "pCount", "uint32_t*", PTR) \
  A(zeDeviceGet, 2, "phDevices", "ze_device_handle_t*", PTR) \
  A(zeDeviceGetSubDevices, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetSubDevices, 1, "pCount", "uint32_t*", PTR) \
  A(zeDeviceGetSubDevices, 2, "phSubdevices", "ze_device_handle_t*", PTR) \
  A(zeDeviceGetProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetProperties, 1, "pDeviceProperties", "ze_device_properties_t*", PTR) \
  A(zeDeviceGetComputeProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetComputeProperties, 1, "pComputeProperties", "ze_device_compute_properties_t*", PTR) \
  A(zeDeviceGetModuleProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetModuleProperties, 1, "pModuleProperties", "ze_device_module_properties_t*", PTR) \
  A(zeDeviceGetCommandQueueGroupProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetCommandQueueGroupProperties, 1, "pCount", "uint32_t*", PTR) \
  A(zeDeviceGetCommandQueueGroupProperties, 2, "pCommandQueueGroupProperties", "ze_command_queue_group_properties_t*", PTR) \
  A(zeDeviceGetMemoryProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetMemoryProperties, 1, "pCount", "uint32_t*", PTR) \
  A(zeDeviceGetMemoryProperties, 2, "pMemProperties", "ze_device_memory_properties_t*", PTR) \
  A(zeDeviceGetMemoryAccessProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetMemoryAccessProperties, 1, "pMemAccessProperties", "ze_device_memory_access_properties_t*", PTR) \
  A(zeDeviceGetCacheProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetCacheProperties, 1, "pCount", "uint32_t*", PTR) \
  A(zeDeviceGetCacheProperties, 2, "pCacheProperties", "ze_device_cache_properties_t*", PTR) \
  A(zeDeviceGetImageProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetImageProperties, 1, "pImageProperties", "ze_device_image_properties_t*", PTR) \
  A(zeDeviceGetExternalMemoryProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetExternalMemoryProperties, 1, "pExternalMemoryProperties", "ze_device_external_memory_properties_t*", PTR) \
  A(zeDeviceGetP2PProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetP2PProperties, 1, "hPeerDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetP2PProperties, 2, "pP2PProperties", "ze_device_p2p_properties_t*", PTR) \
  A(zeDeviceCanAccessPeer, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceCanAccessPeer, 1, "hPeerDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceCanAccessPeer, 2, "value", "ze_bool_t*", PTR) \
  A(zeDeviceGetStatus, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeContextCreate, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeContextCreate, 1, "desc", "const ze_context_desc_t*", DESC) \
  A(zeContextCreate, 2, "phContext", "ze_context_handle_t*", PTR) \
  A(zeContextDestroy, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextGetStatus, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextSystemBarrier, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextSystemBarrier, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeContextMakeMemoryResident, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextMakeMemoryResident, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeContextMakeMemoryResident, 2, "ptr", "void*", PTR) \
  A(zeContextMakeMemoryResident, 3, "size", "size_t", UINT) \
  A(zeContextEvictMemory, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextEvictMemory, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeContextEvictMemory, 2, "ptr", "void*", PTR) \
  A(zeContextEvictMemory, 3, "size", "size_t", UINT) \
  A(zeContextMakeImageResident, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextMakeImageResident, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeContextMakeImageResident, 2, "hImage", "ze_image_handle_t", HANDLE) \
  A(zeContextEvictImage, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeContextEvictImage, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeContextEvictImage, 2, "hImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandQueueCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeCommandQueueCreate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeCommandQueueCreate, 2, "desc", "const ze_command_queue_desc_t*", DESC) \
  A(zeCommandQueueCreate, 3, "phCommandQueue", "ze_command_queue_handle_t*", PTR) \
  A(zeCommandQueueDestroy, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE) \
  A(zeCommandQueueExecuteCommandLists, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE) \
  A(zeCommandQueueExecuteCommandLists, 1, "numCommandLists", "uint32_t", UINT) \
  A(zeCommandQueueExecuteCommandLists, 2, "phCommandLists", "ze_command_list_handle_t*", PTR) \
  A(zeCommandQueueExecuteCommandLists, 3, "hFence", "ze_fence_handle_t", HANDLE) \
  A(zeCommandQueueSynchronize, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE) \
  A(zeCommandQueueSynchronize, 1, "timeout", "uint64_t", UINT) \
  A(zeCommandListCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeCommandListCreate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeCommandListCreate, 2, "desc", "const ze_command_list_desc_t*", DESC) \
  A(zeCommandListCreate, 3, "phCommandList", "ze_command_list_handle_t*", PTR) \
  A(zeCommandListCreateImmediate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeCommandListCreateImmediate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeCommandListCreateImmediate, 2, "altdesc", "const ze_command_queue_desc_t*", DESC) \
  A(zeCommandListCreateImmediate, 3, "phCommandList", "ze_command_list_handle_t*", PTR) \
  A(zeCommandListDestroy, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListClose, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListReset, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendWriteGlobalTimestamp, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendWriteGlobalTimestamp, 1, "dstptr", "uint64_t*", PTR) \
  A(zeCommandListAppendWriteGlobalTimestamp, 2, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendWriteGlobalTimestamp, 3, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendWriteGlobalTimestamp, 4, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendBarrier, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendBarrier, 1, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendBarrier, 2, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendBarrier, 3, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendMemoryRangesBarrier, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryRangesBarrier, 1, "numRanges", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryRangesBarrier, 2, "pRangeSizes", "const size_t*", PTR) \
  A(zeCommandListAppendMemoryRangesBarrier, 3, "pRanges", "const void**", PTR) \
  A(zeCommandListAppendMemoryRangesBarrier, 4, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryRangesBarrier, 5, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryRangesBarrier, 6, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendMemoryCopy, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopy, 1, "dstptr", "void*", PTR) \
  A(zeCommandListAppendMemoryCopy, 2, "srcptr", "const void*", PTR) \
  A(zeCommandListAppendMemoryCopy, 3, "size", "size_t", UINT) \
  A(zeCommandListAppendMemoryCopy, 4, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopy, 5, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopy, 6, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendMemoryFill, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryFill, 1, "ptr", "void*", PTR) \
  A(zeCommandListAppendMemoryFill, 2, "pattern", "const void*", PTR) \
  A(zeCommandListAppendMemoryFill, 3, "pattern_size", "size_t", UINT) \
  A(zeCommandListAppendMemoryFill, 4, "size", "size_t", UINT) \
  A(zeCommandListAppendMemoryFill, 5, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryFill, 6, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryFill, 7, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendMemoryCopyRegion, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopyRegion, 1, "dstptr", "void*", PTR) \
  A(zeCommandListAppendMemoryCopyRegion, 2, "dstRegion", "const ze_copy_region_t*", PTR) \
  A(zeCommandListAppendMemoryCopyRegion, 3, "dstPitch", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopyRegion, 4, "dstSlicePitch", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopyRegion, 5, "srcptr", "const void*", PTR) \
  A(zeCommandListAppendMemoryCopyRegion, 6, "srcRegion", "const ze_copy_region_t*", PTR) \
  A(zeCommandListAppendMemoryCopyRegion, 7, "srcPitch", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopyRegion, 8, "srcSlicePitch", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopyRegion, 9, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopyRegion, 10, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopyRegion, 11, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendMemoryCopyFromContext, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopyFromContext, 1, "dstptr", "void*", PTR) \
  A(zeCommandListAppendMemoryCopyFromContext, 2, "hContextSrc", "ze_context_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopyFromContext, 3, "srcptr", "const void*", PTR) \
  A(zeCommandListAppendMemoryCopyFromContext, 4, "size", "size_t", UINT) \
  A(zeCommandListAppendMemoryCopyFromContext, 5, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryCopyFromContext, 6, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendMemoryCopyFromContext, 7, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendImageCopy, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopy, 1, "hDstImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopy, 2, "hSrcImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopy, 3, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopy, 4, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopy, 5, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendImageCopyRegion, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyRegion, 1, "hDstImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyRegion, 2, "hSrcImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyRegion, 3, "pDstRegion", "const ze_image_region_t*", PTR) \
  A(zeCommandListAppendImageCopyRegion, 4, "pSrcRegion", "const ze_image_region_t*", PTR) \
  A(zeCommandListAppendImageCopyRegion, 5, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyRegion, 6, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyRegion, 7, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendImageCopyToMemory, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyToMemory, 1, "dstptr", "void*", PTR) \
  A(zeCommandListAppendImageCopyToMemory, 2, "hSrcImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyToMemory, 3, "pSrcRegion", "const ze_image_region_t*", PTR) \
  A(zeCommandListAppendImageCopyToMemory, 4, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyToMemory, 5, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyToMemory, 6, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendImageCopyFromMemory, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyFromMemory, 1, "hDstImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyFromMemory, 2, "srcptr", "const void*", PTR) \
  A(zeCommandListAppendImageCopyFromMemory, 3, "pDstRegion", "const ze_image_region_t*", PTR) \
  A(zeCommandListAppendImageCopyFromMemory, 4, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyFromMemory, 5, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyFromMemory, 6, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendMemoryPrefetch, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemoryPrefetch, 1, "ptr", "const void*", PTR) \
  A(zeCommandListAppendMemoryPrefetch, 2, "size", "size_t", UINT) \
  A(zeCommandListAppendMemAdvise, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendMemAdvise, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeCommandListAppendMemAdvise, 2, "ptr", "const void*", PTR) \
  A(zeCommandListAppendMemAdvise, 3, "size", "size_t", UINT) \
  A(zeCommandListAppendMemAdvise, 4, "advice", "ze_memory_advice_t", ENUM) \
  A(zeCommandListAppendSignalEvent, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendSignalEvent, 1, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendWaitOnEvents, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendWaitOnEvents, 1, "numEvents", "uint32_t", UINT) \
  A(zeCommandListAppendWaitOnEvents, 2, "phEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendEventReset, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendEventReset, 1, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendQueryKernelTimestamps, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendQueryKernelTimestamps, 1, "numEvents", "uint32_t", UINT) \
  A(zeCommandListAppendQueryKernelTimestamps, 2, "phEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendQueryKernelTimestamps, 3, "dstptr", "void*", PTR) \
  A(zeCommandListAppendQueryKernelTimestamps, 4, "pOffsets", "const size_t*", PTR) \
  A(zeCommandListAppendQueryKernelTimestamps, 5, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendQueryKernelTimestamps, 6, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendQueryKernelTimestamps, 7, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendLaunchKernel, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchKernel, 1, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchKernel, 2, "pLaunchFuncArgs", "const ze_group_count_t*", PTR) \
  A(zeCommandListAppendLaunchKernel, 3, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchKernel, 4, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendLaunchKernel, 5, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendLaunchCooperativeKernel, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchCooperativeKernel, 1, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchCooperativeKernel, 2, "pLaunchFuncArgs", "const ze_group_count_t*", PTR) \
  A(zeCommandListAppendLaunchCooperativeKernel, 3, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchCooperativeKernel, 4, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendLaunchCooperativeKernel, 5, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendLaunchKernelIndirect, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchKernelIndirect, 1, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchKernelIndirect, 2, "pLaunchArgumentsBuffer", "const ze_group_count_t*", PTR) \
  A(zeCommandListAppendLaunchKernelIndirect, 3, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchKernelIndirect, 4, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendLaunchKernelIndirect, 5, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 1, "numKernels", "uint32_t", UINT) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 2, "phKernels", "ze_kernel_handle_t*", PTR) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 3, "pCountBuffer", "const uint32_t*", PTR) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 4, "pLaunchArgumentsBuffer", "const ze_group_count_t*", PTR) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 5, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 6, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 7, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeImageGetProperties, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeImageGetProperties, 1, "desc", "const ze_image_desc_t*", DESC) \
  A(zeImageGetProperties, 2, "pImageProperties", "ze_image_properties_t*", PTR) \
  A(zeImageCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeImageCreate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeImageCreate, 2, "desc", "const ze_image_desc_t*", DESC) \
  A(zeImageCreate, 3, "phImage", "ze_image_handle_t*", PTR) \
  A(zeImageDestroy, 0, "hImage", "ze_image_handle_t", HANDLE) \
  A(zeMemAllocShared, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemAllocShared, 1, "device_desc", "const ze_device_mem_alloc_desc_t*", DESC) \
  A(zeMemAllocShared, 2, "host_desc", "const ze_host_mem_alloc_desc_t*", DESC) \
  A(zeMemAllocShared, 3, "size", "size_t", UINT) \
  A(zeMemAllocShared, 4, "alignment", "size_t", UINT) \
  A(zeMemAllocShared, 5, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeMemAllocShared, 6, "pptr", "void**", PTR) \
  A(zeMemAllocDevice, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemAllocDevice, 1, "device_desc", "const ze_device_mem_alloc_desc_t*", DESC) \
  A(zeMemAllocDevice, 2, "size", "size_t", UINT) \
  A(zeMemAllocDevice, 3, "alignment", "size_t", UINT) \
  A(zeMemAllocDevice, 4, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeMemAllocDevice, 5, "pptr", "void**", PTR) \
  A(zeMemAllocHost, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemAllocHost, 1, "host_desc", "const ze_host_mem_alloc_desc_t*", DESC) \
  A(zeMemAllocHost, 2, "size", "size_t", UINT) \
  A(zeMemAllocHost, 3, "alignment", "size_t", UINT) \
  A(zeMemAllocHost, 4, "pptr", "void**", PTR) \
  A(zeMemFree, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemFree, 1, "ptr", "void*", PTR) \
  A(zeMemGetAllocProperties, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemGetAllocProperties, 1, "ptr", "const void*", PTR) \
  A(zeMemGetAllocProperties, 2, "pMemAllocProperties", "ze_memory_allocation_properties_t*", PTR) \
  A(zeMemGetAllocProperties, 3, "phDevice", "ze_device_handle_t*", PTR) \
  A(zeMemGetAddressRange, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemGetAddressRange, 1, "ptr", "const void*", PTR) \
  A(zeMemGetAddressRange, 2, "pBase", "void**", PTR) \
  A(zeMemGetAddressRange, 3, "pSize", "size_t*", PTR) \
  A(zeMemGetIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemGetIpcHandle, 1, "ptr", "const void*", PTR) \
  A(zeMemGetIpcHandle, 2, "pIpcHandle", "ze_ipc_mem_handle_t*", PTR) \
  A(zeMemOpenIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemOpenIpcHandle, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeMemOpenIpcHandle, 2, "handle", "ze_ipc_mem_handle_t", HANDLE) \
  A(zeMemOpenIpcHandle, 3, "flags", "ze_ipc_memory_flags_t", FLAGS) \
  A(zeMemOpenIpcHandle, 4, "pptr", "void**", PTR) \
  A(zeMemCloseIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemCloseIpcHandle, 1, "ptr", "const void*", PTR) \
  A(zeFenceCreate, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE) \
  A(zeFenceCreate, 1, "desc", "const ze_fence_desc_t*", DESC) \
  A(zeFenceCreate, 2, "phFence", "ze_fence_handle_t*", PTR) \
  A(zeFenceDestroy, 0, "hFence", "ze_fence_handle_t", HANDLE) \
  A(zeFenceHostSynchronize, 0, "hFence", "ze_fence_handle_t", HANDLE) \
  A(zeFenceHostSynchronize, 1, "timeout", "uint64_t", UINT) \
  A(zeFenceQueryStatus, 0, "hFence", "ze_fence_handle_t", HANDLE) \
  A(zeFenceReset, 0, "hFence", "ze_fence_handle_t", HANDLE) \
  A(zeEventPoolCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeEventPoolCreate, 1, "desc", "const ze_event_pool_desc_t*", DESC) \
  A(zeEventPoolCreate, 2, "numDevices", "uint32_t", UINT) \
  A(zeEventPoolCreate, 3, "phDevices", "ze_device_handle_t*", PTR) \
  A(zeEventPoolCreate, 4, "phEventPool", "ze_event_pool_handle_t*", PTR) \
  A(zeEventPoolDestroy, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE) \
  A(zeEventPoolGetIpcHandle, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE) \
  A(zeEventPoolGetIpcHandle, 1, "phIpc", "ze_ipc_event_pool_handle_t*", PTR) \
  A(zeEventPoolOpenIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeEventPoolOpenIpcHandle, 1, "hIpc", "ze_ipc_event_pool_handle_t", HANDLE) \
  A(zeEventPoolOpenIpcHandle, 2, "phEventPool", "ze_event_pool_handle_t*", PTR) \
  A(zeEventPoolCloseIpcHandle, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE) \
  A(zeEventCreate, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE) \
  A(zeEventCreate, 1, "desc", "const ze_event_desc_t*", DESC) \
  A(zeEventCreate, 2, "phEvent", "ze_event_handle_t*", PTR) \
  A(zeEventDestroy, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventHostSignal, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventHostSynchronize, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventHostSynchronize, 1, "timeout", "uint64_t", UINT) \
  A(zeEventQueryStatus, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventHostReset, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventQueryKernelTimestamp, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventQueryKernelTimestamp, 1, "dstptr", "ze_kernel_timestamp_result_t*", PTR) \
  A(zeModuleCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeModuleCreate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeModuleCreate, 2, "desc", "const ze_module_desc_t*", DESC) \
  A(zeModuleCreate, 3, "phModule", "ze_module_handle_t*", PTR) \
  A(zeModuleCreate, 4, "phBuildLog", "ze_module_build_log_handle_t*", PTR) \
  A(zeModuleDestroy, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeModuleDynamicLink, 0, "numModules", "uint32_t", UINT) \
  A(zeModuleDynamicLink, 1, "phModules", "ze_module_handle_t*", PTR) \
  A(zeModuleDynamicLink, 2, "phLinkLog", "ze_module_build_log_handle_t*", PTR) \
  A(zeModuleGetNativeBinary, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeModuleGetNativeBinary, 1, "pSize", "size_t*", PTR) \
  A(zeModuleGetNativeBinary, 2, "pModuleNativeBinary", "uint8_t*", PTR) \
  A(zeModuleGetGlobalPointer, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeModuleGetGlobalPointer, 1, "pGlobalName", "const char*", STR) \
  A(zeModuleGetGlobalPointer, 2, "pSize", "size_t*", PTR) \
  A(zeModuleGetGlobalPointer, 3, "pptr", "void**", PTR) \
  A(zeModuleGetKernelNames, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeModuleGetKernelNames, 1, "pCount", "uint32_t*", PTR) \
  A(zeModuleGetKernelNames, 2, "pNames", "const char**", PTR) \
  A(zeModuleGetProperties, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeModuleGetProperties, 1, "pModuleProperties", "ze_module_properties_t*", PTR) \
  A(zeModuleGetFunctionPointer, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeModuleGetFunctionPointer, 1, "pFunctionName", "const char*", STR) \
  A(zeModuleGetFunctionPointer, 2, "pfnFunction", "void**", PTR) \
  A(zeModuleBuildLogDestroy, 0, "hModuleBuildLog", "ze_module_build_log_handle_t", HANDLE) \
  A(zeModuleBuildLogGetString, 0, "hModuleBuildLog", "ze_module_build_log_handle_t", HANDLE) \
  A(zeModuleBuildLogGetString, 1, "pSize", "size_t*", PTR) \
  A(zeModuleBuildLogGetString, 2, "pBuildLog", "char*", STR) \
  A(zeKernelCreate, 0, "hModule", "ze_module_handle_t", HANDLE) \
  A(zeKernelCreate, 1, "desc", "const ze_kernel_desc_t*", DESC) \
  A(zeKernelCreate, 2, "phKernel", "ze_kernel_handle_t*", PTR) \
  A(zeKernelDestroy, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSetCacheConfig, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSetCacheConfig, 1, "flags", "ze_cache_config_flags_t", FLAGS) \
  A(zeKernelSetGroupSize, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSetGroupSize, 1, "groupSizeX", "uint32_t", UINT) \
  A(zeKernelSetGroupSize, 2, "groupSizeY", "uint32_t", UINT) \
  A(zeKernelSetGroupSize, 3, "groupSizeZ", "uint32_t", UINT) \
  A(zeKernelSuggestGroupSize, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSuggestGroupSize, 1, "globalSizeX", "uint32_t", UINT) \
  A(zeKernelSuggestGroupSize, 2, "globalSizeY", "uint32_t", UINT) \
  A(zeKernelSuggestGroupSize, 3, "globalSizeZ", "uint32_t", UINT) \
  A(zeKernelSuggestGroupSize, 4, "groupSizeX", "uint32_t*", PTR) \
  A(zeKernelSuggestGroupSize, 5, "groupSizeY", "uint32_t*", PTR) \
  A(zeKernelSuggestGroupSize, 6, "groupSizeZ", "uint32_t*", PTR) \
  A(zeKernelSuggestMaxCooperativeGroupCount, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSuggestMaxCooperativeGroupCount, 1, "totalGroupCount", "uint32_t*", PTR) \
  A(zeKernelSetArgumentValue, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSetArgumentValue, 1, "argIndex", "uint32_t", UINT) \
  A(zeKernelSetArgumentValue, 2, "argSize", "size_t", UINT) \
  A(zeKernelSetArgumentValue, 3, "pArgValue", "const void*", PTR) \
  A(zeKernelSetIndirectAccess, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSetIndirectAccess, 1, "flags", "ze_kernel_indirect_access_flags_t", FLAGS) \
  A(zeKernelGetIndirectAccess, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelGetIndirectAccess, 1, "pFlags", "ze_kernel_indirect_access_flags_t*", PTR) \
  A(zeKernelGetSourceAttributes, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelGetSourceAttributes, 1, "pSize", "uint32_t*", PTR) \
  A(zeKernelGetSourceAttributes, 2, "pString", "char**", PTR) \
  A(zeKernelGetProperties, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelGetProperties, 1, "pKernelProperties", "ze_kernel_properties_t*", PTR) \
  A(zeKernelGetName, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelGetName, 1, "pSize", "size_t*", PTR) \
  A(zeKernelGetName, 2, "pName", "char*", STR) \
  A(zeSamplerCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeSamplerCreate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeSamplerCreate, 2, "desc", "const ze_sampler_desc_t*", DESC) \
  A(zeSamplerCreate, 3, "phSampler", "ze_sampler_handle_t*", PTR) \
  A(zeSamplerDestroy, 0, "hSampler", "ze_sampler_handle_t", HANDLE) \
  A(zePhysicalMemCreate, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zePhysicalMemCreate, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zePhysicalMemCreate, 2, "desc", "ze_physical_mem_desc_t*", DESC) \
  A(zePhysicalMemCreate, 3, "phPhysicalMemory", "ze_physical_mem_handle_t*", PTR) \
  A(zePhysicalMemDestroy, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zePhysicalMemDestroy, 1, "hPhysicalMemory", "ze_physical_mem_handle_t", HANDLE) \
  A(zeVirtualMemReserve, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemReserve, 1, "pStart", "const void*", PTR) \
  A(zeVirtualMemReserve, 2, "size", "size_t", UINT) \
  A(zeVirtualMemReserve, 3, "pptr", "void**", PTR) \
  A(zeVirtualMemFree, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemFree, 1, "ptr", "const void*", PTR) \
  A(zeVirtualMemFree, 2, "size", "size_t", UINT) \
  A(zeVirtualMemQueryPageSize, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemQueryPageSize, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeVirtualMemQueryPageSize, 2, "size", "size_t", UINT) \
  A(zeVirtualMemQueryPageSize, 3, "pagesize", "size_t*", PTR) \
  A(zeVirtualMemMap, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemMap, 1, "ptr", "const void*", PTR) \
  A(zeVirtualMemMap, 2, "size", "size_t", UINT) \
  A(zeVirtualMemMap, 3, "hPhysicalMemory", "ze_physical_mem_handle_t", HANDLE) \
  A(zeVirtualMemMap, 4, "offset", "size_t", UINT) \
  A(zeVirtualMemMap, 5, "access", "ze_memory_access_attribute_t", ENUM) \
  A(zeVirtualMemUnmap, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemUnmap, 1, "ptr", "const void*", PTR) \
  A(zeVirtualMemUnmap, 2, "size", "size_t", UINT) \
  A(zeVirtualMemSetAccessAttribute, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemSetAccessAttribute, 1, "ptr", "const void*", PTR) \
  A(zeVirtualMemSetAccessAttribute, 2, "size", "size_t", UINT) \
  A(zeVirtualMemSetAccessAttribute, 3, "access", "ze_memory_access_attribute_t", ENUM) \
  A(zeVirtualMemGetAccessAttribute, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeVirtualMemGetAccessAttribute, 1, "ptr", "const void*", PTR) \
  A(zeVirtualMemGetAccessAttribute, 2, "size", "size_t", UINT) \
  A(zeVirtualMemGetAccessAttribute, 3, "access", "ze_memory_access_attribute_t*", PTR) \
  A(zeVirtualMemGetAccessAttribute, 4, "outSize", "size_t*", PTR) \
  A(zeDriverGetExtensionFunctionAddress, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeDriverGetExtensionFunctionAddress, 1, "name", "const char*", STR) \
  A(zeDriverGetExtensionFunctionAddress, 2, "ppFunctionAddress", "void**", PTR) \
  A(zeDeviceGetGlobalTimestamps, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetGlobalTimestamps, 1, "hostTimestamp", "uint64_t*", PTR) \
  A(zeDeviceGetGlobalTimestamps, 2, "deviceTimestamp", "uint64_t*", PTR) \
  A(zeDeviceReserveCacheExt, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceReserveCacheExt, 1, "cacheLevel", "size_t", UINT) \
  A(zeDeviceReserveCacheExt, 2, "cacheReservationSize", "size_t", UINT) \
  A(zeDeviceSetCacheAdviceExt, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceSetCacheAdviceExt, 1, "ptr", "void*", PTR) \
  A(zeDeviceSetCacheAdviceExt, 2, "regionSize", "size_t", UINT) \
  A(zeDeviceSetCacheAdviceExt, 3, "cacheRegion", "ze_cache_ext_region_t", ENUM) \
  A(zeDevicePciGetPropertiesExt, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDevicePciGetPropertiesExt, 1, "pPciProperties", "ze_pci_ext_properties_t*", PTR) \
  A(zeDeviceGetFabricVertexExp, 0, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeDeviceGetFabricVertexExp, 1, "phVertex", "ze_fabric_vertex_handle_t*", PTR) \
  A(zeContextCreateEx, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeContextCreateEx, 1, "desc", "const ze_context_desc_t*", DESC) \
  A(zeContextCreateEx, 2, "numDevices", "uint32_t", UINT) \
  A(zeContextCreateEx, 3, "phDevices", "ze_device_handle_t*", PTR) \
  A(zeContextCreateEx, 4, "phContext", "ze_context_handle_t*", PTR) \
  A(zeCommandListAppendImageCopyToMemoryExt, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyToMemoryExt, 1, "dstptr", "void*", PTR) \
  A(zeCommandListAppendImageCopyToMemoryExt, 2, "hSrcImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyToMemoryExt, 3, "pSrcRegion", "const ze_image_region_t*", PTR) \
  A(zeCommandListAppendImageCopyToMemoryExt, 4, "destRowPitch", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyToMemoryExt, 5, "destSlicePitch", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyToMemoryExt, 6, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyToMemoryExt, 7, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyToMemoryExt, 8, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 0, "hCommandList", "ze_command_list_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 1, "hDstImage", "ze_image_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 2, "srcptr", "const void*", PTR) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 3, "pDstRegion", "const ze_image_region_t*", PTR) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 4, "srcRowPitch", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 5, "srcSlicePitch", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 6, "hSignalEvent", "ze_event_handle_t", HANDLE) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 7, "numWaitEvents", "uint32_t", UINT) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 8, "phWaitEvents", "ze_event_handle_t*", PTR) \
  A(zeEventQueryTimestampsExp, 0, "hEvent", "ze_event_handle_t", HANDLE) \
  A(zeEventQueryTimestampsExp, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeEventQueryTimestampsExp, 2, "pCount", "uint32_t*", PTR) \
  A(zeEventQueryTimestampsExp, 3, "pTimestamps", "ze_kernel_timestamp_result_t*", PTR) \
  A(zeImageGetMemoryPropertiesExp, 0, "hImage", "ze_image_handle_t", HANDLE) \
  A(zeImageGetMemoryPropertiesExp, 1, "pMemoryProperties", "ze_image_memory_properties_exp_t*", PTR) \
  A(zeImageViewCreateExp, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeImageViewCreateExp, 1, "hDevice", "ze_device_handle_t", HANDLE) \
  A(zeImageViewCreateExp, 2, "desc", "const ze_image_desc_t*", DESC) \
  A(zeImageViewCreateExp, 3, "hImage", "ze_image_handle_t", HANDLE) \
  A(zeImageViewCreateExp, 4, "phImageView", "ze_image_handle_t*", PTR) \
  A(zeImageGetAllocPropertiesExt, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeImageGetAllocPropertiesExt, 1, "hImage", "ze_image_handle_t", HANDLE) \
  A(zeImageGetAllocPropertiesExt, 2, "pImageAllocProperties", "ze_image_allocation_ext_properties_t*", PTR) \
  A(zeKernelSetGlobalOffsetExp, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSetGlobalOffsetExp, 1, "offsetX", "uint32_t", UINT) \
  A(zeKernelSetGlobalOffsetExp, 2, "offsetY", "uint32_t", UINT) \
  A(zeKernelSetGlobalOffsetExp, 3, "offsetZ", "uint32_t", UINT) \
  A(zeKernelSchedulingHintExp, 0, "hKernel", "ze_kernel_handle_t", HANDLE) \
  A(zeKernelSchedulingHintExp, 1, "pHint", "ze_scheduling_hint_exp_desc_t*", DESC) \
  A(zeMemFreeExt, 0, "hContext", "ze_context_handle_t", HANDLE) \
  A(zeMemFreeExt, 1, "pMemFreeDesc", "const ze_memory_free_ext_desc_t*", DESC) \
  A(zeMemFreeExt, 2, "ptr", "void*", PTR) \
  A(zeModuleInspectLinkageExt, 0, "pInspectDesc", "ze_linkage_inspection_ext_desc_t*", DESC) \
  A(zeModuleInspectLinkageExt, 1, "numModules", "uint32_t", UINT) \
  A(zeModuleInspectLinkageExt, 2, "phModules", "ze_module_handle_t*", PTR) \
  A(zeModuleInspectLinkageExt, 3, "phLog", "ze_module_build_log_handle_t*", PTR) \
  A(zeFabricEdgeGetExp, 0, "hVertexA", "ze_fabric_vertex_handle_t", HANDLE) \
  A(zeFabricEdgeGetExp, 1, "hVertexB", "ze_fabric_vertex_handle_t", HANDLE) \
  A(zeFabricEdgeGetExp, 2, "pCount", "uint32_t*", PTR) \
  A(zeFabricEdgeGetExp, 3, "phEdges", "ze_fabric_edge_handle_t*", PTR) \
  A(zeFabricEdgeGetVerticesExp, 0, "hEdge", "ze_fabric_edge_handle_t", HANDLE) \
  A(zeFabricEdgeGetVerticesExp, 1, "phVertexA", "ze_fabric_vertex_handle_t*", PTR) \
  A(zeFabricEdgeGetVerticesExp, 2, "phVertexB", "ze_fabric_vertex_handle_t*", PTR) \
  A(zeFabricEdgeGetPropertiesExp, 0, "hEdge", "ze_fabric_edge_handle_t", HANDLE) \
  A(zeFabricEdgeGetPropertiesExp, 1, "pEdgeProperties", "ze_fabric_edge_exp_properties_t*", PTR) \
  A(zeFabricVertexGetExp, 0, "hDriver", "ze_driver_handle_t", HANDLE) \
  A(zeFabricVertexGetExp, 1, "pCount", "uint32_t*", PTR) \
  A(zeFabricVertexGetExp, 2, "phVertices", "ze_fabric_vertex_handle_t*", PTR) \
  A(zeFabricVertexGetSubVerticesExp, 0, "hVertex", "ze_fabric_vertex_handle_t", HANDLE) \
  A(zeFabricVertexGetSubVerticesExp, 1, "pCount", "uint32_t*", PTR) \
  A(zeFabricVertexGetSubVerticesExp, 2, "phSubvertices", "ze_fabric_vertex_handle_t*", PTR) \
  A(zeFabricVertexGetPropertiesExp, 0, "hVertex", "ze_fabric_vertex_handle_t", HANDLE) \
  A(zeFabricVertexGetPropertiesExp, 1, "pVertexProperties", "ze_fabric_vertex_exp_properties_t*", PTR) \
  A(zeFabricVertexGetDeviceExp, 0, "hVertex", "ze_fabric_vertex_handle_t", HANDLE) \
  A(zeFabricVertexGetDeviceExp, 1, "phDevice", "ze_device_handle_t*", PTR) \
  /* end */
// <<gen:api-args

/* ==== >>loader ============================================================================ */

typedef ze_result_t(ZE_APICALL* ptic__pfn_zeInit)(ze_init_flags_t);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zelTracerCreate)(const zel_tracer_desc_t*,
                                                           zel_tracer_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zelTracerSetEnabled)(zel_tracer_handle_t, ze_bool_t);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zelEnableTracingLayer)(void);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeKernelGetName)(ze_kernel_handle_t, size_t*, char*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeMemGetAllocProperties)(
    ze_context_handle_t, const void*, ze_memory_allocation_properties_t*, ze_device_handle_t*);

typedef struct ptic__loader {
  void* dl;
  ptic__pfn_zeInit zeInit;
  ptic__pfn_zelTracerCreate zelTracerCreate;
  ptic__pfn_zelTracerSetEnabled zelTracerSetEnabled;
  ptic__pfn_zelEnableTracingLayer zelEnableTracingLayer; /* newer loaders only */
  ptic__pfn_zeKernelGetName zeKernelGetName;
  ptic__pfn_zeMemGetAllocProperties zeMemGetAllocProperties;
} ptic__loader;

/* dlsym returns an object pointer; converting it to a function pointer goes through memcpy
   to stay within ISO C and C++. */
static void ptic__dlsym(void* dl, const char* name, void* fnptr_out, size_t size) {
  void* sym = dlsym(dl, name);
  PTIC_ASSERT(size == sizeof sym);
  memcpy(fnptr_out, &sym, size);
}
#define PTIC_DLSYM(dl, name, dst) ptic__dlsym((dl), (name), &(dst), sizeof(dst))

static pti_result ptic__loader_open(ptic__loader* L) {
  if (L->dl) return PTI_SUCCESS;
  void* dl = dlopen(PTIC_LOADER_NAME, RTLD_NOW | RTLD_LOCAL);
  if (!dl) return PTI_ERROR_DRIVER;
  PTIC_DLSYM(dl, "zeInit", L->zeInit);
  PTIC_DLSYM(dl, "zelTracerCreate", L->zelTracerCreate);
  PTIC_DLSYM(dl, "zelTracerSetEnabled", L->zelTracerSetEnabled);
  PTIC_DLSYM(dl, "zelEnableTracingLayer", L->zelEnableTracingLayer);
  PTIC_DLSYM(dl, "zeKernelGetName", L->zeKernelGetName);
  PTIC_DLSYM(dl, "zeMemGetAllocProperties", L->zeMemGetAllocProperties);
  if (!L->zeInit || !L->zelTracerCreate || !L->zelTracerSetEnabled) {
    dlclose(dl);
    memset(L, 0, sizeof *L);
    return PTI_ERROR_DRIVER;
  }
  L->dl = dl;
  return PTI_SUCCESS;
}

/* ==== >>masks ============================================================================= */
/* Domains map to small indices; each index has two bits in a 32-bit mask: ENTER (or
   THREAD_START / INTERNAL_EVENT) and EXIT (THREAD_END). Bit 31 means "the tracer exists and
   objects are being tracked"; it is set for the library's life once the tracer is created. */

enum {
  PTIC_DOM_NONE = 0,
  PTIC_DOM_CONTEXT_CREATED = 1,
  PTIC_DOM_MODULE_LOADED = 2,
  PTIC_DOM_MODULE_UNLOADED = 3,
  PTIC_DOM_APPENDED = 4,
  PTIC_DOM_DISPATCHED = 5,
  PTIC_DOM_COMPLETED = 6,
  PTIC_DOM_HOST_SYNC = 7,
  PTIC_DOM_KERNEL_CREATED = 8,
  PTIC_DOM_KERNEL_DESTROYED = 9,
  PTIC_DOM_DRIVER_API = 10,
  PTIC_DOM_INTERNAL_THREADS = 11,
  PTIC_DOM_INTERNAL_EVENT = 12,
  PTIC_DOM_COUNT = 13
};

#define PTIC_BIT(dom, phase) (1u << ((dom) * 2u + ((phase) - 1u)))
#define PTIC_BITS(dom) (PTIC_BIT(dom, 1u) | PTIC_BIT(dom, 2u))
#define PTIC_BIT_TRACK (1u << 31)

/* What makes a traced function's prologue do anything, per role. */
#define PTIC_ROLE_MASK_NONE PTIC_BITS(PTIC_DOM_DRIVER_API)
#define PTIC_ROLE_MASK_APPEND (PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_KERNEL_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_KERNEL_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_MODULE_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_MODULE_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_LIST_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_LIST_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)

/* The domain index of a public domain value, or PTIC_DOM_NONE. */
static unsigned ptic__dom_index(pti_callback_domain d) {
  unsigned v = PTIC_SCAST(unsigned, d);
  if (v >= 1 && v <= 9) return v;
  if (v >= 1023 && v <= 1025) return v - 1023 + PTIC_DOM_DRIVER_API;
  return PTIC_DOM_NONE;
}
static const pti_callback_domain ptic__dom_public[PTIC_DOM_COUNT] = {
    PTI_CB_DOMAIN_INVALID,
    PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED,
    PTI_CB_DOMAIN_DRIVER_MODULE_LOADED,
    PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED,
    PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED,
    PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED,
    PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
    PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION,
    PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED,
    PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED,
    PTI_CB_DOMAIN_DRIVER_API,
    PTI_CB_DOMAIN_INTERNAL_THREADS,
    PTI_CB_DOMAIN_INTERNAL_EVENT,
};
/* Domains this version delivers. */
#define PTIC_IMPLEMENTED_DOMAINS                                                     \
  ((1u << PTIC_DOM_APPENDED) | (1u << PTIC_DOM_KERNEL_CREATED) | \
   (1u << PTIC_DOM_KERNEL_DESTROYED))

/* ==== >>registry ========================================================================== */
/* A subscriber lives in a slot. Its generation is odd while it is live; every subscribe and
   unsubscribe moves it on, so stale handles never match. A handle encodes tag, generation and
   slot and is never dereferenced, so garbage handles are harmless. */

typedef struct ptic__slot {
  ptic__atomic_u32 gen;      /* odd: live */
  ptic__atomic_u32 mask;     /* this subscriber's domain x phase bits */
  ptic__atomic_u32 inflight; /* callbacks of this subscriber running now */
  ptic__atomic_u64 order;    /* subscription sequence number */
  ptic__atomic_ptr cb;       /* pti_callback_function, as an object pointer slot */
  ptic__atomic_ptr user;
} ptic__slot;

typedef struct ptic__state {
  pthread_mutex_t lock; /* subscribe / enable / unsubscribe / tracer creation */
  ptic__atomic_u32 mask;  /* union of the live subscribers' masks, plus PTIC_BIT_TRACK */
  ptic__atomic_u32 slots_used; /* high-water mark of slots */
  ptic__atomic_u32 next_corr;
  ptic__atomic_u64 next_op;
  ptic__atomic_u64 next_kernel_id;
  ptic__atomic_u32 shutdown;
  uint64_t next_order;
  ptic__slot slot[PTIC_MAX_SUBSCRIBERS];
  ptic__loader loader;
  zel_tracer_handle_t tracer;
  pthread_key_t thread_key;
  int thread_key_ok;
} ptic__state;

static ptic__state ptic__g = {PTHREAD_MUTEX_INITIALIZER, {0}, {0}, {0}, {0}, {0}, {0}, 0, {{{0}, {0}, {0}, {0}, {NULL}, {NULL}}}, {NULL, NULL, NULL, NULL, NULL, NULL, NULL}, NULL, 0, 0};

#define PTIC_HANDLE_TAG (PTIC_SCAST(uint64_t, 0x5e) << 56)

static pti_callback_subscriber_handle ptic__make_handle(uint32_t slot, uint32_t gen) {
  uint64_t h = PTIC_HANDLE_TAG | (PTIC_SCAST(uint64_t, gen) << 8) | (slot + 1u);
  return PTIC_CAST(pti_callback_subscriber_handle, PTIC_SCAST(uintptr_t, h));
}

/* The slot of a live handle, or -1. Call with ptic__g.lock held. */
static int ptic__slot_of(pti_callback_subscriber_handle h) {
  uint64_t v = PTIC_SCAST(uint64_t, PTIC_CAST(uintptr_t, h));
  if ((v & (PTIC_SCAST(uint64_t, 0xff) << 56)) != PTIC_HANDLE_TAG) return -1;
  uint32_t slot = PTIC_SCAST(uint32_t, v & 0xff);
  uint32_t gen = PTIC_SCAST(uint32_t, (v >> 8) & 0xffffffffu);
  if (slot == 0 || slot > PTIC_MAX_SUBSCRIBERS) return -1;
  slot -= 1;
  if ((gen & 1u) == 0 || ptic__atomic_load_u32(&ptic__g.slot[slot].gen, PTIC_RELAXED) != gen)
    return -1;
  return PTIC_SCAST(int, slot);
}

/* Recompute the global mask from the slots. Call with ptic__g.lock held. */
static void ptic__mask_publish(void) {
  uint32_t m = ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED) & PTIC_BIT_TRACK;
  uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED);
  for (uint32_t i = 0; i < n; i++) m |= ptic__atomic_load_u32(&ptic__g.slot[i].mask, PTIC_RELAXED);
  if (ptic__atomic_load_u32(&ptic__g.shutdown, PTIC_RELAXED)) m = 0;
  ptic__atomic_store_u32(&ptic__g.mask, m, PTIC_RELEASE);
}

/* ==== >>threads =========================================================================== */
/* Each traced call that anyone listens to gets a frame on its thread's frame stack; the
   tracer's per-call instance pointer points at it, so ENTER and EXIT share it. */

typedef struct ptic__frame {
  uint32_t corr_id;
  uint32_t api;              /* PTIC_API_* */
  uint64_t entered[2];       /* lanes: 0 = role domain, 1 = DRIVER_API; bit per slot */
  uint32_t gen[PTIC_MAX_SUBSCRIBERS];
  void* inst[2][PTIC_MAX_SUBSCRIBERS];
  ptic__view view;
  uint64_t serial;           /* of the object a destroy works on */
  void* ctx;                 /* backend_context of the call's records */
  pti_callback_gpu_op_data gpu;
  pti_callback_kernel_data kern;
  pti_gpu_op_details op1;    /* storage for one operation */
  pti_gpu_op_details* ops;   /* more than one operation (multiple indirect launch) */
  uint32_t ops_cap;
} ptic__frame;

typedef struct ptic__thread {
  uint32_t internal;    /* > 0 while the library itself calls Level Zero */
  uint32_t in_callback; /* > 0 while a user callback runs on this thread */
  uint32_t depth;
  ptic__frame frame[PTIC_MAX_NESTING];
} ptic__thread;

static __thread ptic__thread* ptic__tls;

static void ptic__thread_free(void* p) {
  ptic__thread* t = PTIC_CAST(ptic__thread*, p);
  if (!t) return;
  for (uint32_t i = 0; i < PTIC_MAX_NESTING; i++) PTIC_FREE(t->frame[i].ops);
  PTIC_FREE(t);
}

static ptic__thread* ptic__thread_get(void) {
  ptic__thread* t = ptic__tls;
  if (PTIC_LIKELY(t != NULL)) return t;
  t = PTIC_CAST(ptic__thread*, PTIC_MALLOC(sizeof *t));
  if (!t) return NULL;
  memset(t, 0, sizeof *t);
  ptic__tls = t;
  if (ptic__g.thread_key_ok) pthread_setspecific(ptic__g.thread_key, t);
  return t;
}

/* ==== >>objects =========================================================================== */
/* Level Zero objects the library has seen created: a hash map keyed by (a, b) where objects
   use (handle, 0) and kernel ids use (module, interned name). One mutex (reader-writer locks are not in strict ISO C modes' headers); writes
   happen on create / destroy, reads on traced calls that need the object. */

enum { PTIC_OBJ_LIST = 1, PTIC_OBJ_KERNEL, PTIC_OBJ_MODULE, PTIC_OBJ_KERNEL_ID };

typedef struct ptic__obj {
  uintptr_t a, b;       /* key; a == 0: empty; a == 1: deleted */
  uint32_t kind;
  uint32_t flags;       /* lists: pti_backend_command_list_type */
  uint64_t serial;      /* distinguishes a reused handle */
  void* context;
  void* device;
  void* module;
  const char* name;     /* interned, lives until exit */
  uint64_t kernel_id;
} ptic__obj;

typedef struct ptic__objects {
  pthread_mutex_t lock;
  ptic__obj* tab;
  size_t cap, used; /* used counts live and deleted entries */
  char** names;     /* interned strings */
  size_t nnames, names_cap;
  uint64_t next_serial;
} ptic__objects;

static ptic__objects ptic__objs = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0, NULL, 0, 0, 0};

static size_t ptic__hash(uintptr_t a, uintptr_t b) {
  uint64_t h = (PTIC_SCAST(uint64_t, a) ^ (PTIC_SCAST(uint64_t, b) * 0x9e3779b97f4a7c15ull));
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return PTIC_SCAST(size_t, h);
}

/* Find (a, b). Call with the lock held (read or write). */
static ptic__obj* ptic__obj_find(uintptr_t a, uintptr_t b) {
  if (!ptic__objs.cap || a < 2) return NULL;
  size_t mask = ptic__objs.cap - 1;
  for (size_t i = ptic__hash(a, b) & mask;; i = (i + 1) & mask) {
    ptic__obj* o = &ptic__objs.tab[i];
    if (o->a == 0) return NULL;
    if (o->a == a && o->b == b) return o;
  }
}

static int ptic__obj_grow(void) {
  size_t ncap = ptic__objs.cap ? ptic__objs.cap * 2 : 256;
  ptic__obj* old = ptic__objs.tab;
  size_t ocap = ptic__objs.cap;
  ptic__obj* tab = PTIC_CAST(ptic__obj*, PTIC_MALLOC(ncap * sizeof *tab));
  if (!tab) return 0;
  memset(tab, 0, ncap * sizeof *tab);
  ptic__objs.tab = tab;
  ptic__objs.cap = ncap;
  ptic__objs.used = 0;
  for (size_t i = 0; i < ocap; i++) {
    if (old[i].a < 2) continue;
    size_t j = ptic__hash(old[i].a, old[i].b) & (ncap - 1);
    while (tab[j].a) j = (j + 1) & (ncap - 1);
    tab[j] = old[i];
    ptic__objs.used++;
  }
  PTIC_FREE(old);
  return 1;
}

/* Insert or replace (a, b); returns the entry or NULL when out of memory. Write lock held. */
static ptic__obj* ptic__obj_put(uintptr_t a, uintptr_t b) {
  ptic__obj* o = ptic__obj_find(a, b);
  if (!o) {
    if ((ptic__objs.used + 1) * 4 >= ptic__objs.cap * 3 && !ptic__obj_grow()) return NULL;
    size_t mask = ptic__objs.cap - 1;
    size_t i = ptic__hash(a, b) & mask;
    while (ptic__objs.tab[i].a >= 2) i = (i + 1) & mask;
    o = &ptic__objs.tab[i];
    if (o->a == 0) ptic__objs.used++;
  }
  memset(o, 0, sizeof *o);
  o->a = a;
  o->b = b;
  o->serial = ++ptic__objs.next_serial;
  return o;
}

/* Remove (a, b) if its serial matches (0: any). Write lock held. */
static void ptic__obj_del(uintptr_t a, uintptr_t b, uint64_t serial) {
  ptic__obj* o = ptic__obj_find(a, b);
  if (o && (serial == 0 || o->serial == serial)) {
    memset(o, 0, sizeof *o);
    o->a = 1;
  }
}

/* Remove the kernel ids of a module (its kernels get new ids if the handle is reused). */
static void ptic__obj_del_module_kernel_ids(uintptr_t module) {
  for (size_t i = 0; i < ptic__objs.cap; i++) {
    ptic__obj* o = &ptic__objs.tab[i];
    if (o->a == module && o->kind == PTIC_OBJ_KERNEL_ID) {
      memset(o, 0, sizeof *o);
      o->a = 1;
    }
  }
}

/* An interned copy of s (never freed before exit), or NULL when out of memory. Write lock. */
static const char* ptic__intern(const char* s) {
  if (!s) return NULL;
  for (size_t i = 0; i < ptic__objs.nnames; i++)
    if (strcmp(ptic__objs.names[i], s) == 0) return ptic__objs.names[i];
  if (ptic__objs.nnames == ptic__objs.names_cap) {
    size_t ncap = ptic__objs.names_cap ? ptic__objs.names_cap * 2 : 64;
    char** n = PTIC_CAST(char**, PTIC_MALLOC(ncap * sizeof *n));
    if (!n) return NULL;
    if (ptic__objs.nnames) memcpy(n, ptic__objs.names, ptic__objs.nnames * sizeof *n);
    PTIC_FREE(ptic__objs.names);
    ptic__objs.names = n;
    ptic__objs.names_cap = ncap;
  }
  size_t len = strlen(s) + 1;
  char* c = PTIC_CAST(char*, PTIC_MALLOC(len));
  if (!c) return NULL;
  memcpy(c, s, len);
  ptic__objs.names[ptic__objs.nnames++] = c;
  return c;
}

/* The kernel id of (module, interned name): allocated on first sight. Write lock held. */
static uint64_t ptic__kernel_id(uintptr_t module, const char* name) {
  if (!name) return 0;
  ptic__obj* o = ptic__obj_find(module ? module : 2, PTIC_CAST(uintptr_t, name));
  if (o) return o->kernel_id;
  o = ptic__obj_put(module ? module : 2, PTIC_CAST(uintptr_t, name));
  if (!o) return 0;
  o->kind = PTIC_OBJ_KERNEL_ID;
  o->kernel_id = ptic__atomic_add_u64(&ptic__g.next_kernel_id, 1, PTIC_RELAXED);
  return o->kernel_id;
}

/* A copy of what is known of object h (kind must match); returns 0 when unknown. */
static int ptic__obj_get(const void* h, uint32_t kind, ptic__obj* out) {
  int found = 0;
  pthread_mutex_lock(&ptic__objs.lock);
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, h), 0);
  if (o && o->kind == kind) {
    *out = *o;
    found = 1;
  }
  pthread_mutex_unlock(&ptic__objs.lock);
  return found;
}

/* Record a kernel: name interned, id per (module, name). Returns the record's copy. */
static void ptic__track_kernel(const void* kernel, const void* module, const char* name,
                               ptic__obj* out) {
  memset(out, 0, sizeof *out);
  pthread_mutex_lock(&ptic__objs.lock);
  ptic__obj mod;
  ptic__obj* m = ptic__obj_find(PTIC_CAST(uintptr_t, module), 0);
  if (m && m->kind == PTIC_OBJ_MODULE) mod = *m;
  else memset(&mod, 0, sizeof mod);
  const char* iname = ptic__intern(name);
  uint64_t id = ptic__kernel_id(PTIC_CAST(uintptr_t, module), iname);
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, kernel), 0);
  if (o) {
    o->kind = PTIC_OBJ_KERNEL;
    o->module = PTIC_CAST(void*, PTIC_CAST(uintptr_t, module));
    o->context = mod.context;
    o->device = mod.device;
    o->name = iname;
    o->kernel_id = id;
    *out = *o;
  }
  pthread_mutex_unlock(&ptic__objs.lock);
}

/* Level Zero calls the library makes itself: marked so that our own tracer ignores them. */
#define PTIC_INTERNAL_CALL(t, expr) ((t)->internal++, (expr), (t)->internal--)

/* What is known of a kernel, asking Level Zero for its name if it was created before the
   tracer existed. */
static int ptic__kernel_info(ptic__thread* t, const void* kernel, ptic__obj* out) {
  if (!kernel) return 0;
  if (ptic__obj_get(kernel, PTIC_OBJ_KERNEL, out)) return 1;
  char name[256];
  size_t size = sizeof name;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_kernel_handle_t k = PTIC_CAST(ze_kernel_handle_t, PTIC_CAST(uintptr_t, kernel));
  if (ptic__g.loader.zeKernelGetName)
    PTIC_INTERNAL_CALL(t, r = ptic__g.loader.zeKernelGetName(k, &size, name));
  if (r != ZE_RESULT_SUCCESS) return 0;
  name[sizeof name - 1] = '\0';
  ptic__track_kernel(kernel, NULL, name, out);
  return out->kind == PTIC_OBJ_KERNEL;
}

/* ==== >>dispatch ========================================================================== */

/* Deliver one record of domain index `dom` in phase `phase` (1 ENTER, 2 EXIT) to every
   subscriber that has it enabled: ENTER in subscription order, EXIT in reverse. `lane` selects
   the frame's instance-data lane (0 role domain, 1 DRIVER_API). */
static void ptic__deliver(ptic__thread* t, ptic__frame* f, unsigned dom, unsigned phase,
                          unsigned lane, uint32_t api_id, void* ctx, void* cb_data) {
  const uint32_t bit = PTIC_BIT(dom, phase);
  uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_ACQUIRE);
  uint32_t cand[PTIC_MAX_SUBSCRIBERS];
  uint64_t ord[PTIC_MAX_SUBSCRIBERS];
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (!(ptic__atomic_load_u32(&ptic__g.slot[i].mask, PTIC_RELAXED) & bit)) continue;
    uint64_t o = ptic__atomic_load_u64(&ptic__g.slot[i].order, PTIC_RELAXED);
    uint32_t j = k++;
    /* insertion sort: ascending order for ENTER, descending for EXIT */
    while (j > 0 && (phase == 1 ? ord[j - 1] > o : ord[j - 1] < o)) {
      cand[j] = cand[j - 1];
      ord[j] = ord[j - 1];
      j--;
    }
    cand[j] = i;
    ord[j] = o;
  }
  const pti_callback_domain domain = ptic__dom_public[dom];
  for (uint32_t c = 0; c < k; c++) {
    ptic__slot* s = &ptic__g.slot[cand[c]];
    const uint64_t sbit = PTIC_SCAST(uint64_t, 1) << cand[c];
    ptic__atomic_add_u32(&s->inflight, 1, PTIC_SEQ_CST);
    uint32_t gen = ptic__atomic_load_u32(&s->gen, PTIC_SEQ_CST);
    if ((gen & 1u) && (ptic__atomic_load_u32(&s->mask, PTIC_RELAXED) & bit) &&
        ord[c] == ptic__atomic_load_u64(&s->order, PTIC_RELAXED)) {
      void** inst = &f->inst[lane][cand[c]];
      if (phase == 1 || !(f->entered[lane] & sbit) || f->gen[cand[c]] != gen) {
        *inst = NULL;
        f->entered[lane] |= sbit;
        f->gen[cand[c]] = gen;
      }
      pti_callback_function cb;
      void* cbp = ptic__atomic_load_ptr(&s->cb, PTIC_ACQUIRE);
      memcpy(&cb, &cbp, sizeof cb);
      void* user = ptic__atomic_load_ptr(&s->user, PTIC_RELAXED);
      t->in_callback++;
      cb(domain, PTI_API_GROUP_LEVELZERO, api_id, ctx, cb_data, user, inst);
      t->in_callback--;
    }
    ptic__atomic_sub_u32(&s->inflight, 1, PTIC_SEQ_CST);
  }
}

/* ==== >>domains =========================================================================== */

static const uint32_t ptic__api_id[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) id,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    0};

/* Memory type letter of a pointer: M plain host memory, H host USM, D device, S shared. */
static char ptic__mem_letter(ptic__thread* t, void* ctx, const void* ptr) {
  if (!ctx || !ptic__g.loader.zeMemGetAllocProperties) return 'M';
  ze_memory_allocation_properties_t p;
  memset(&p, 0, sizeof p);
  p.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_context_handle_t c = PTIC_CAST(ze_context_handle_t, ctx);
  PTIC_INTERNAL_CALL(t, r = ptic__g.loader.zeMemGetAllocProperties(c, ptr, &p, NULL));
  if (r != ZE_RESULT_SUCCESS) return 'M';
  switch (p.type) {
    case ZE_MEMORY_TYPE_HOST: return 'H';
    case ZE_MEMORY_TYPE_DEVICE: return 'D';
    case ZE_MEMORY_TYPE_SHARED: return 'S';
    default: return 'M';
  }
}

#define PTIC_MEM_NAMES(F, P)                                                            \
  F(P "(M2M)"), F(P "(M2H)"), F(P "(M2D)"), F(P "(M2S)"), F(P "(H2M)"), F(P "(H2H)"),     \
  F(P "(H2D)"), F(P "(H2S)"), F(P "(D2M)"), F(P "(D2H)"), F(P "(D2D)"), F(P "(D2S)"),    \
  F(P "(S2M)"), F(P "(S2H)"), F(P "(S2D)"), F(P "(S2S)")
#define PTIC_STR(s) s
static const char* const ptic__copy_names[16] = {
    PTIC_MEM_NAMES(PTIC_STR, "zeCommandListAppendMemoryCopy")};
static const char* const ptic__copy_region_names[16] = {
    PTIC_MEM_NAMES(PTIC_STR, "zeCommandListAppendMemoryCopyRegion")};
static const char* const ptic__copy_ctx_names[16] = {
    PTIC_MEM_NAMES(PTIC_STR, "zeCommandListAppendMemoryCopyFromContext")};
static const char* const ptic__fill_names[4] = {
    "zeCommandListAppendMemoryFill(M)", "zeCommandListAppendMemoryFill(H)",
    "zeCommandListAppendMemoryFill(D)", "zeCommandListAppendMemoryFill(S)"};

static unsigned ptic__mem_index(char c) {
  return c == 'H' ? 1u : c == 'D' ? 2u : c == 'S' ? 3u : 0u;
}

static const char* ptic__api_name(uint32_t api);

static int ptic__is_launch(uint32_t api) {
  return api == PTIC_API_zeCommandListAppendLaunchKernel ||
         api == PTIC_API_zeCommandListAppendLaunchCooperativeKernel ||
         api == PTIC_API_zeCommandListAppendLaunchKernelIndirect ||
         api == PTIC_API_zeCommandListAppendLaunchMultipleKernelsIndirect;
}

/* APPEND, ENTER: describe the operation(s) the call appends. */
static void ptic__append_enter(ptic__thread* t, ptic__frame* f) {
  const ptic__view* v = &f->view;
  ptic__obj list;
  pti_callback_gpu_op_data* g = &f->gpu;
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  g->_cmd_list_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, v->cmd_list));
  if (ptic__obj_get(v->cmd_list, PTIC_OBJ_LIST, &list)) {
    g->_cmd_list_properties = PTIC_SCAST(pti_backend_command_list_type, list.flags);
    g->_device_handle = list.device;
    f->ctx = list.context;
    if (list.flags & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) g->_queue_handle = g->_cmd_list_handle;
  } else {
    g->_cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN;
  }
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_correlation_id = f->corr_id;
  g->_operation_count = 1;
  g->_operation_details = &f->op1;

  uint32_t nops = 1;
  if (f->api == PTIC_API_zeCommandListAppendLaunchMultipleKernelsIndirect) {
    nops = PTIC_SCAST(uint32_t, v->num_kernels);
    if (nops > 1) {
      if (f->ops_cap < nops) {
        pti_gpu_op_details* ops =
            PTIC_CAST(pti_gpu_op_details*, PTIC_MALLOC(nops * sizeof *ops));
        if (ops) {
          PTIC_FREE(f->ops);
          f->ops = ops;
          f->ops_cap = nops;
        } else {
          nops = 1;
        }
      }
      if (nops > 1) g->_operation_details = f->ops;
    }
    if (!v->kernels) nops = 0;
    g->_operation_count = nops;
  }
  for (uint32_t i = 0; i < nops; i++) {
    pti_gpu_op_details* d = &g->_operation_details[i];
    memset(d, 0, sizeof *d);
    d->_operation_id = ptic__atomic_add_u64(&ptic__g.next_op, 1, PTIC_RELAXED);
    if (ptic__is_launch(f->api)) {
      const void* kernel = v->kernel;
      if (f->api == PTIC_API_zeCommandListAppendLaunchMultipleKernelsIndirect) kernel = v->kernels[i];
      ptic__obj k;
      d->_operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
      if (ptic__kernel_info(t, kernel, &k)) {
        d->_kernel_handle = k.kernel_id;
        d->_name = k.name;
      }
      continue;
    }
    d->_operation_kind = PTI_GPU_OPERATION_KIND_MEMORY;
    switch (f->api) {
      case PTIC_API_zeCommandListAppendMemoryCopy:
      case PTIC_API_zeCommandListAppendMemoryCopyRegion:
      case PTIC_API_zeCommandListAppendMemoryCopyFromContext: {
        unsigned s = ptic__mem_index(ptic__mem_letter(t, f->ctx, v->src));
        unsigned dd = ptic__mem_index(ptic__mem_letter(t, f->ctx, v->dst));
        const char* const* names = f->api == PTIC_API_zeCommandListAppendMemoryCopy ? ptic__copy_names
                                   : f->api == PTIC_API_zeCommandListAppendMemoryCopyRegion
                                       ? ptic__copy_region_names
                                       : ptic__copy_ctx_names;
        d->_name = names[s * 4 + dd];
        break;
      }
      case PTIC_API_zeCommandListAppendMemoryFill:
        d->_name = ptic__fill_names[ptic__mem_index(ptic__mem_letter(t, f->ctx, v->dst))];
        break;
      case PTIC_API_zeCommandListAppendBarrier:
      case PTIC_API_zeCommandListAppendMemoryRangesBarrier:
        d->_operation_kind = PTI_GPU_OPERATION_KIND_OTHER;
        d->_name = ptic__api_name(f->api);
        break;
      default: /* image copies */
        d->_name = ptic__api_name(f->api);
        break;
    }
  }
}

/* KERNEL_CREATE / KERNEL_DESTROY, ENTER: fill the kernel record. */
static void ptic__kernel_enter(ptic__thread* t, ptic__frame* f, int create) {
  pti_callback_kernel_data* k = &f->kern;
  memset(k, 0, sizeof *k);
  k->_phase = PTI_CB_PHASE_API_ENTER;
  k->_correlation_id = f->corr_id;
  if (create) {
    ptic__obj mod;
    const ze_kernel_desc_t* desc = PTIC_CAST(const ze_kernel_desc_t*, f->view.desc);
    k->_domain = PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED;
    k->_module_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.module));
    k->_name = desc ? desc->pKernelName : NULL;
    if (ptic__obj_get(f->view.module, PTIC_OBJ_MODULE, &mod)) {
      k->_device_handle = mod.device;
      f->ctx = mod.context;
    }
  } else {
    ptic__obj kern;
    k->_domain = PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED;
    k->_device_kernel_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.kernel));
    if (ptic__kernel_info(t, f->view.kernel, &kern)) {
      k->_module_handle = kern.module;
      k->_device_handle = kern.device;
      k->_kernel_handle = kern.kernel_id;
      k->_name = kern.name;
      f->ctx = kern.context;
      f->serial = kern.serial;
    }
  }
}

/* KERNEL_CREATE, EXIT: track the new kernel and complete the record. */
static void ptic__kernel_create_exit(ptic__frame* f, ze_result_t r) {
  pti_callback_kernel_data* k = &f->kern;
  k->_phase = PTI_CB_PHASE_API_EXIT;
  k->_return_code = PTIC_SCAST(uint32_t, r);
  if (r != ZE_RESULT_SUCCESS || !f->view.out || !*f->view.out) return;
  ptic__obj o;
  ptic__track_kernel(*f->view.out, f->view.module, k->_name, &o);
  k->_device_kernel_handle = *f->view.out;
  if (o.kind == PTIC_OBJ_KERNEL) {
    k->_kernel_handle = o.kernel_id;
    k->_name = o.name;
  }
}

/* MODULE_CREATE / LIST_CREATE, EXIT: track the new object. */
static void ptic__track_create_exit(ptic__frame* f, ze_result_t r, uint32_t kind) {
  if (r != ZE_RESULT_SUCCESS || !f->view.out || !*f->view.out) return;
  pthread_mutex_lock(&ptic__objs.lock);
  if (kind == PTIC_OBJ_MODULE) ptic__obj_del_module_kernel_ids(PTIC_CAST(uintptr_t, *f->view.out));
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, *f->view.out), 0);
  if (o) {
    o->kind = kind;
    o->context = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.context));
    o->device = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.device));
    if (f->api == PTIC_API_zeCommandListCreateImmediate)
      o->flags = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
  }
  pthread_mutex_unlock(&ptic__objs.lock);
}

/* *_DESTROY, ENTER: note which record the handle has now; EXIT: forget it. */
static void ptic__track_destroy_enter(ptic__frame* f, const void* h, uint32_t kind) {
  ptic__obj o;
  if (ptic__obj_get(h, kind, &o)) f->serial = o.serial;
}
static void ptic__track_destroy_exit(ptic__frame* f, const void* h, ze_result_t r) {
  if (r != ZE_RESULT_SUCCESS || !f->serial) return;
  pthread_mutex_lock(&ptic__objs.lock);
  ptic__obj_del(PTIC_CAST(uintptr_t, h), 0, f->serial);
  if (f->api == PTIC_API_zeModuleDestroy) ptic__obj_del_module_kernel_ids(PTIC_CAST(uintptr_t, h));
  pthread_mutex_unlock(&ptic__objs.lock);
}

/* ==== >>tracer ============================================================================ */

static const uint8_t ptic__api_role[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) PTIC_ROLE_##role,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    0};

static const char* const ptic__api_names[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) #fn,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    ""};

static const char* ptic__api_name(uint32_t api) { return ptic__api_names[api]; }

typedef void (*ptic__view_fn)(const void*, ptic__view*);

/* The domain a role feeds (besides DRIVER_API), if it delivers records. */
static unsigned ptic__role_domain(uint32_t api) {
  switch (ptic__api_role[api]) {
    case PTIC_ROLE_APPEND: return PTIC_DOM_APPENDED;
    case PTIC_ROLE_KERNEL_CREATE: return PTIC_DOM_KERNEL_CREATED;
    case PTIC_ROLE_KERNEL_DESTROY: return PTIC_DOM_KERNEL_DESTROYED;
    default: return PTIC_DOM_NONE;
  }
}

/* The cb_data of a role domain's records. */
static void* ptic__role_record(ptic__frame* f, unsigned dom) {
  return dom == PTIC_DOM_APPENDED ? PTIC_CAST(void*, &f->gpu) : PTIC_CAST(void*, &f->kern);
}

/* Prologue slow path: some domain of the call is on. Push a frame, do the role's ENTER work,
   deliver ENTER records. */
static void ptic__enter(uint32_t api, ptic__view_fn view, const void* params, void** inst) {
  *inst = NULL;
  if (ptic__atomic_load_u32(&ptic__g.shutdown, PTIC_RELAXED)) return;
  ptic__thread* t = ptic__thread_get();
  if (!t || t->internal || t->depth >= PTIC_MAX_NESTING) return;
  ptic__frame* f = &t->frame[t->depth++];
  f->api = api;
  f->entered[0] = f->entered[1] = 0;
  f->serial = 0;
  f->ctx = NULL;
  f->gpu._operation_count = 0;
  memset(&f->view, 0, sizeof f->view);
  view(params, &f->view);
  uint32_t c;
  do c = ptic__atomic_add_u32(&ptic__g.next_corr, 1, PTIC_RELAXED);
  while (c == 0);
  f->corr_id = c;
  *inst = f;

  const uint32_t mask = ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED);
  switch (ptic__api_role[api]) {
    case PTIC_ROLE_APPEND:
      if (mask & PTIC_BITS(PTIC_DOM_APPENDED)) ptic__append_enter(t, f);
      break;
    case PTIC_ROLE_KERNEL_CREATE: ptic__kernel_enter(t, f, 1); break;
    case PTIC_ROLE_KERNEL_DESTROY: ptic__kernel_enter(t, f, 0); break;
    case PTIC_ROLE_MODULE_DESTROY: ptic__track_destroy_enter(f, f->view.module, PTIC_OBJ_MODULE); break;
    case PTIC_ROLE_LIST_DESTROY: ptic__track_destroy_enter(f, f->view.cmd_list, PTIC_OBJ_LIST); break;
    default: break;
  }
  const unsigned dom = ptic__role_domain(api);
  if (dom && (mask & PTIC_BIT(dom, 1u)) && (dom != PTIC_DOM_APPENDED || f->gpu._operation_count))
    ptic__deliver(t, f, dom, 1u, 0u, ptic__api_id[api], f->ctx, ptic__role_record(f, dom));
}

/* Epilogue slow path: finish the role's work, deliver EXIT records, pop the frame. */
static void ptic__exit(ptic__frame* f, ze_result_t r) {
  ptic__thread* t = ptic__tls;
  const uint32_t api = f->api;
  switch (ptic__api_role[api]) {
    case PTIC_ROLE_APPEND:
      f->gpu._phase = PTI_CB_PHASE_API_EXIT;
      f->gpu._return_code = PTIC_SCAST(uint32_t, r);
      break;
    case PTIC_ROLE_KERNEL_CREATE: ptic__kernel_create_exit(f, r); break;
    case PTIC_ROLE_KERNEL_DESTROY:
      f->kern._phase = PTI_CB_PHASE_API_EXIT;
      f->kern._return_code = PTIC_SCAST(uint32_t, r);
      ptic__track_destroy_exit(f, f->view.kernel, r);
      break;
    case PTIC_ROLE_MODULE_CREATE: ptic__track_create_exit(f, r, PTIC_OBJ_MODULE); break;
    case PTIC_ROLE_LIST_CREATE: ptic__track_create_exit(f, r, PTIC_OBJ_LIST); break;
    case PTIC_ROLE_MODULE_DESTROY: ptic__track_destroy_exit(f, f->view.module, r); break;
    case PTIC_ROLE_LIST_DESTROY: ptic__track_destroy_exit(f, f->view.cmd_list, r); break;
    default: break;
  }
  const uint32_t mask = ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED);
  const unsigned dom = ptic__role_domain(api);
  /* an APPEND call's operations exist only if the domain was on at ENTER */
  if (dom && (mask & PTIC_BIT(dom, 2u)) && (dom != PTIC_DOM_APPENDED || f->gpu._operation_count))
    ptic__deliver(t, f, dom, 2u, 0u, ptic__api_id[api], f->ctx, ptic__role_record(f, dom));
  t->depth--;
}

/* One prologue and one epilogue per traced function. The prologue is the hot path: one relaxed
   load (and a store to the instance pointer) when none of the function's domains is on. */
#define PTIC_X(fn, id, pt, cbt, role, nargs)                                                  \
  static void ZE_APICALL ptic__pro_##fn(pt* params, ze_result_t result, void* tracer_data,     \
                                        void** inst) {                                         \
    PTIC_UNUSED(result);                                                                       \
    PTIC_UNUSED(tracer_data);                                                                  \
    if (PTIC_LIKELY(!(ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED) &                    \
                      (PTIC_ROLE_MASK_##role)))) {                                             \
      *inst = NULL;                                                                            \
      return;                                                                                  \
    }                                                                                          \
    ptic__enter(PTIC_API_##fn, ptic__view_##fn, params, inst);                                 \
  }                                                                                            \
  static void ZE_APICALL ptic__epi_##fn(pt* params, ze_result_t result, void* tracer_data,     \
                                        void** inst) {                                         \
    PTIC_UNUSED(params);                                                                       \
    PTIC_UNUSED(tracer_data);                                                                  \
    if (PTIC_LIKELY(*inst == NULL)) return;                                                    \
    ptic__exit(PTIC_CAST(ptic__frame*, *inst), result);                                        \
  }
PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X

/* Register every traced function's prologue and epilogue with the loader. A loader that lacks a
   registration function (older than the headers) just does not trace that function. */
static void ptic__register_all(void* dl, zel_tracer_handle_t tr) {
  char sym[128];
#define PTIC_X(fn, id, pt, cbt, role, nargs)                                                   \
  {                                                                                             \
    ze_result_t(ZE_APICALL * reg)(zel_tracer_handle_t, zel_tracer_reg_t, cbt);                  \
    snprintf(sym, sizeof sym, "zelTracer%sRegisterCallback", &#fn[2]);                         \
    PTIC_DLSYM(dl, sym, reg);                                                                   \
    if (reg) {                                                                                  \
      reg(tr, ZEL_REGISTER_PROLOGUE, ptic__pro_##fn);                                           \
      reg(tr, ZEL_REGISTER_EPILOGUE, ptic__epi_##fn);                                           \
    }                                                                                           \
  }
  PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
}

/* Create, fill and enable the one tracer (first enable). Call with ptic__g.lock held. */
static pti_result ptic__tracer_ensure(void) {
  if (ptic__g.tracer) return PTI_SUCCESS;
  ptic__loader* L = &ptic__g.loader;
  pti_result pr = ptic__loader_open(L);
  if (pr != PTI_SUCCESS) return pr;
  ptic__thread* t = ptic__thread_get();
  if (!t) return PTI_ERROR_INTERNAL;
  t->internal++;
  if (L->zelEnableTracingLayer) L->zelEnableTracingLayer();
  ze_result_t r = L->zeInit(0);
  if (r != ZE_RESULT_SUCCESS) {
    t->internal--;
    return PTI_ERROR_DRIVER;
  }
  zel_tracer_desc_t desc;
  memset(&desc, 0, sizeof desc);
  desc.stype = ZEL_STRUCTURE_TYPE_TRACER_DESC;
  zel_tracer_handle_t tr = NULL;
  r = L->zelTracerCreate(&desc, &tr);
  if (r != ZE_RESULT_SUCCESS || !tr) {
    t->internal--;
    return r == ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY ? PTI_ERROR_INTERNAL
                                                    : PTI_ERROR_TRACING_NOT_INITIALIZED;
  }
  ptic__register_all(L->dl, tr);
  r = L->zelTracerSetEnabled(tr, 1);
  t->internal--;
  if (r != ZE_RESULT_SUCCESS) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  ptic__g.tracer = tr;
  ptic__atomic_store_u32(&ptic__g.mask,
                         ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED) | PTIC_BIT_TRACK,
                         PTIC_RELEASE);
  return PTI_SUCCESS;
}

#ifndef PTIC_NO_ENV_CONSTRUCTOR
/* Tracing works only if the variable is set before the application's first zeInit. */
__attribute__((constructor)) static void ptic__env_ctor(void) {
  setenv("ZE_ENABLE_TRACING_LAYER", "1", 0);
}
#endif

__attribute__((constructor)) static void ptic__ctor(void) {
  ptic__g.thread_key_ok = pthread_key_create(&ptic__g.thread_key, ptic__thread_free) == 0;
}

/* At exit: stop delivering. The tracer stays enabled and is left to the loader: other threads
   may still be inside Level Zero, and disabling or destroying a tracer then crashes loader
   1.8. The exiting thread's own state is freed; other threads free theirs as they end. */
__attribute__((destructor)) static void ptic__dtor(void) {
  ptic__atomic_store_u32(&ptic__g.shutdown, 1, PTIC_SEQ_CST);
  ptic__atomic_store_u32(&ptic__g.mask, 0, PTIC_SEQ_CST);
}

/* ==== >>api =============================================================================== */

PTI_EXPORT pti_result ptiCallbackSubscribe(pti_callback_subscriber_handle* subscriber,
                                           pti_callback_function callback, void* user_data) {
  if (!subscriber || !callback) return PTI_ERROR_BAD_ARGUMENT;
  pthread_mutex_lock(&ptic__g.lock);
  int slot = -1;
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++) {
    ptic__slot* s = &ptic__g.slot[i];
    if ((ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) & 1u) == 0 &&
        ptic__atomic_load_u32(&s->inflight, PTIC_SEQ_CST) == 0) {
      slot = i;
      break;
    }
  }
  if (slot < 0) {
    pthread_mutex_unlock(&ptic__g.lock);
    return PTI_ERROR_INTERNAL;
  }
  ptic__slot* s = &ptic__g.slot[slot];
  void* cbp;
  memcpy(&cbp, &callback, sizeof cbp);
  ptic__atomic_store_ptr(&s->cb, cbp, PTIC_RELAXED);
  ptic__atomic_store_ptr(&s->user, user_data, PTIC_RELAXED);
  ptic__atomic_store_u32(&s->mask, 0, PTIC_RELAXED);
  ptic__atomic_store_u64(&s->order, ++ptic__g.next_order, PTIC_RELAXED);
  uint32_t gen = ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) + 1u;
  ptic__atomic_store_u32(&s->gen, gen, PTIC_SEQ_CST);
  if (PTIC_SCAST(uint32_t, slot) >= ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED))
    ptic__atomic_store_u32(&ptic__g.slots_used, PTIC_SCAST(uint32_t, slot) + 1u, PTIC_RELEASE);
  *subscriber = ptic__make_handle(PTIC_SCAST(uint32_t, slot), gen);
  pthread_mutex_unlock(&ptic__g.lock);
  return PTI_SUCCESS;
}

PTI_EXPORT pti_result ptiCallbackUnsubscribe(pti_callback_subscriber_handle subscriber) {
  pthread_mutex_lock(&ptic__g.lock);
  int slot = ptic__slot_of(subscriber);
  if (slot < 0) {
    pthread_mutex_unlock(&ptic__g.lock);
    return PTI_ERROR_BAD_ARGUMENT;
  }
  ptic__slot* s = &ptic__g.slot[slot];
  ptic__atomic_store_u32(&s->mask, 0, PTIC_RELAXED);
  ptic__atomic_store_u32(&s->gen, ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) + 1u, PTIC_SEQ_CST);
  ptic__mask_publish();
  pthread_mutex_unlock(&ptic__g.lock);
  /* Wait for callbacks already running on other threads, unless this thread runs a callback
     itself: it might be one of them, or another thread's callback might be waiting on it. */
  ptic__thread* t = ptic__tls;
  if (!t || t->in_callback == 0)
    while (ptic__atomic_load_u32(&s->inflight, PTIC_SEQ_CST) != 0) sched_yield();
  return PTI_SUCCESS;
}

/* The bits of `dom` for the phases asked for. */
static uint32_t ptic__phase_bits(unsigned dom, uint32_t enter_cb, uint32_t exit_cb) {
  if (dom == PTIC_DOM_INTERNAL_EVENT) return PTIC_BIT(dom, 1u);
  return (enter_cb ? PTIC_BIT(dom, 1u) : 0u) | (exit_cb ? PTIC_BIT(dom, 2u) : 0u);
}

/* Replace the subscriber's bits of `dom` (and with `all`, of every domain) by `bits`. */
static pti_result ptic__set_mask(pti_callback_subscriber_handle subscriber, unsigned dom,
                                 uint32_t bits, int all) {
  pthread_mutex_lock(&ptic__g.lock);
  int slot = ptic__slot_of(subscriber);
  pti_result r = slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
  if (r == PTI_SUCCESS && bits) r = ptic__tracer_ensure();
  if (r == PTI_SUCCESS) {
    ptic__slot* s = &ptic__g.slot[slot];
    uint32_t m = all ? 0u : (ptic__atomic_load_u32(&s->mask, PTIC_RELAXED) & ~PTIC_BITS(dom));
    ptic__atomic_store_u32(&s->mask, m | bits, PTIC_RELEASE);
    ptic__mask_publish();
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return r;
}

PTI_EXPORT pti_result ptiCallbackEnableDomain(pti_callback_subscriber_handle subscriber,
                                              pti_callback_domain domain, uint32_t enter_cb,
                                              uint32_t exit_cb) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE || (!enter_cb && !exit_cb)) return PTI_ERROR_BAD_ARGUMENT;
  if (!(PTIC_IMPLEMENTED_DOMAINS & (1u << dom))) {
    pthread_mutex_lock(&ptic__g.lock);
    int slot = ptic__slot_of(subscriber);
    pthread_mutex_unlock(&ptic__g.lock);
    return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_ERROR_NOT_IMPLEMENTED;
  }
  return ptic__set_mask(subscriber, dom, ptic__phase_bits(dom, enter_cb, exit_cb), 0);
}

PTI_EXPORT pti_result ptiCallbackDisableDomain(pti_callback_subscriber_handle subscriber,
                                               pti_callback_domain domain) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE) return PTI_ERROR_BAD_ARGUMENT;
  return ptic__set_mask(subscriber, dom, 0u, 0);
}

PTI_EXPORT pti_result ptiCallbackDisableAllDomains(pti_callback_subscriber_handle subscriber) {
  return ptic__set_mask(subscriber, PTIC_DOM_NONE, 0u, 1);
}

/* ==== >>strings =========================================================================== */

#define PTIC_CASE_NAME(e) \
  case e:                 \
    return #e;

PTI_EXPORT const char* ptiCallbackDomainTypeToString(pti_callback_domain domain) {
  switch (domain) {
    PTIC_CASE_NAME(PTI_CB_DOMAIN_INVALID)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_DRIVER_API)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_INTERNAL_THREADS)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_INTERNAL_EVENT)
    PTIC_CASE_NAME(PTI_CB_DOMAIN_MAX)
  }
  return "PTI_CB_DOMAIN_UNKNOWN";
}

PTI_EXPORT const char* ptiCallbackPhaseTypeToString(pti_callback_phase phase) {
  switch (phase) {
    PTIC_CASE_NAME(PTI_CB_PHASE_INVALID)
    PTIC_CASE_NAME(PTI_CB_PHASE_API_ENTER)
    PTIC_CASE_NAME(PTI_CB_PHASE_API_EXIT)
    PTIC_CASE_NAME(PTI_CB_PHASE_INTERNAL_THREAD_START)
    PTIC_CASE_NAME(PTI_CB_PHASE_INTERNAL_THREAD_END)
    PTIC_CASE_NAME(PTI_CB_PHASE_INTERNAL_EVENT)
    PTIC_CASE_NAME(PTI_CB_PHASE_MAX)
  }
  return "PTI_CB_PHASE_UNKNOWN";
}

#if defined(PTIC_DEFINES_PTI_RESULT)
PTI_EXPORT const char* ptiResultTypeToString(pti_result result_value) {
  switch (result_value) {
    PTIC_CASE_NAME(PTI_SUCCESS)
    PTIC_CASE_NAME(PTI_STATUS_END_OF_BUFFER)
    PTIC_CASE_NAME(PTI_ERROR_NOT_IMPLEMENTED)
    PTIC_CASE_NAME(PTI_ERROR_BAD_ARGUMENT)
    PTIC_CASE_NAME(PTI_ERROR_NO_CALLBACKS_SET)
    PTIC_CASE_NAME(PTI_ERROR_EXTERNAL_ID_QUEUE_EMPTY)
    PTIC_CASE_NAME(PTI_ERROR_BAD_TIMESTAMP)
    PTIC_CASE_NAME(PTI_ERROR_BAD_API_ID)
    PTIC_CASE_NAME(PTI_ERROR_NO_GPU_VIEWS_ENABLED)
    PTIC_CASE_NAME(PTI_ERROR_DRIVER)
    PTIC_CASE_NAME(PTI_ERROR_TRACING_NOT_INITIALIZED)
    PTIC_CASE_NAME(PTI_ERROR_L0_LOCAL_PROFILING_NOT_SUPPORTED)
    PTIC_CASE_NAME(PTI_ERROR_INTERNAL)
    PTIC_CASE_NAME(PTI_RESULT_FORCE_UINT32)
  }
  return "PTI_RESULT_UNKNOWN";
}
#endif

#endif /* PTI_CALLBACK_IMPLEMENTATION_INCLUDED */
