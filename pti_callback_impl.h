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
      >>gpu-ops    DISPATCHED and COMPLETED: events, pending operations, harvest lists, poller
      >>tracer     the per-API tracer callbacks, tracer creation, shutdown
      >>api        the public functions
      >>hub        several copies in one process: one active, the others forward to it
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

#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

#if !defined(__cplusplus) && (!defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 200112L)
/* strict ISO C modes hide these POSIX declarations; these are the same prototypes */
extern int setenv(const char* name, const char* value, int overwrite);
#endif
#include <time.h>
#if !defined(__cplusplus) && (!defined(_POSIX_C_SOURCE) || _POSIX_C_SOURCE < 199309L)
extern int nanosleep(const struct timespec* req, struct timespec* rem);
extern int clock_gettime(int clock, struct timespec* tp); /* clockid_t is int on Linux */
#endif
#if !defined(__cplusplus) && !defined(_DEFAULT_SOURCE) && !defined(_GNU_SOURCE) && \
    !defined(_BSD_SOURCE)
extern long syscall(long number, ...);
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
/* How long a synchronisation of the device and host clocks (zeDeviceGetGlobalTimestamps) serves
   the conversion of completed operations' times before the next one, in ns. */
#ifndef PTIC_RESYNC_NS
#define PTIC_RESYNC_NS 10000000ull
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
#define PTIC_NOINLINE __attribute__((noinline))
#define PTIC_ALWAYS_INLINE inline __attribute__((always_inline))

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
/* Roles: which handler a traced function feeds besides DRIVER_API (column 5 of the table). */
#define PTIC_ROLES(X)                                                                           \
  X(NONE) X(APPEND) X(KERNEL_CREATE) X(KERNEL_DESTROY) X(MODULE_CREATE) X(MODULE_DESTROY)       \
  X(CONTEXT_CREATE) X(CONTEXT_DESTROY) X(HOST_SYNC) X(OBJ_CREATE) X(OBJ_DESTROY) X(EXECUTE)     \
  X(SYNC_POINT) X(EVENT_REUSE) X(LIST_RESET)
enum {
#define PTIC_X(r) PTIC_ROLE_##r,
  PTIC_ROLES(PTIC_X)
#undef PTIC_X
  PTIC_ROLE_COUNT
};

/* How argument iteration prints an argument (column 5 of the argument table). */
enum {
  PTIC_ARG_UINT,
  PTIC_ARG_INT,
  PTIC_ARG_BOOL,
  PTIC_ARG_HANDLE,
  PTIC_ARG_PTR,
  PTIC_ARG_STR,
  PTIC_ARG_DESC,
  PTIC_ARG_ENUM,
  PTIC_ARG_FLAGS
};

typedef struct ptic__flag_name {
  uint64_t bit;
  const char* name;
} ptic__flag_name;

/* An enum value by name, or in hex when unknown. */
static void ptic__fmt_enum(uint64_t v, const char* name, char* buf, size_t n) {
  if (name) snprintf(buf, n, "%s", name);
  else snprintf(buf, n, "0x%llx", PTIC_SCAST(unsigned long long, v));
}

/* Flags as names joined by '|' (unknown bits in hex), "0" when none. */
static void ptic__fmt_flags(uint64_t v, const ptic__flag_name* names, size_t count, char* buf,
                            size_t n) {
  size_t used = 0;
  buf[0] = '\0';
  if (v == 0) {
    snprintf(buf, n, "0");
    return;
  }
  for (size_t i = 0; i < count && used < n; i++) {
    if (names[i].bit == 0 || (v & names[i].bit) != names[i].bit) continue;
    used += PTIC_SCAST(size_t, snprintf(buf + used, n - used, "%s%s", used ? "|" : "", names[i].name));
    v &= ~names[i].bit;
  }
  if (v && used < n)
    snprintf(buf + used, n - used, "%s0x%llx", used ? "|" : "", PTIC_SCAST(unsigned long long, v));
}

static void ptic__fmt_none(uint64_t v, char* buf, size_t n) {
  PTIC_UNUSED(v);
  PTIC_UNUSED(buf);
  PTIC_UNUSED(n);
}

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
  X(zeContextCreate, 21, ze_context_create_params_t, ze_pfnContextCreateCb_t, CONTEXT_CREATE, 3) \
  X(zeContextDestroy, 22, ze_context_destroy_params_t, ze_pfnContextDestroyCb_t, CONTEXT_DESTROY, 1) \
  X(zeContextGetStatus, 23, ze_context_get_status_params_t, ze_pfnContextGetStatusCb_t, NONE, 1) \
  X(zeContextSystemBarrier, 24, ze_context_system_barrier_params_t, ze_pfnContextSystemBarrierCb_t, NONE, 2) \
  X(zeContextMakeMemoryResident, 25, ze_context_make_memory_resident_params_t, ze_pfnContextMakeMemoryResidentCb_t, NONE, 4) \
  X(zeContextEvictMemory, 26, ze_context_evict_memory_params_t, ze_pfnContextEvictMemoryCb_t, NONE, 4) \
  X(zeContextMakeImageResident, 27, ze_context_make_image_resident_params_t, ze_pfnContextMakeImageResidentCb_t, NONE, 3) \
  X(zeContextEvictImage, 28, ze_context_evict_image_params_t, ze_pfnContextEvictImageCb_t, NONE, 3) \
  X(zeCommandQueueCreate, 29, ze_command_queue_create_params_t, ze_pfnCommandQueueCreateCb_t, OBJ_CREATE, 4) \
  X(zeCommandQueueDestroy, 30, ze_command_queue_destroy_params_t, ze_pfnCommandQueueDestroyCb_t, OBJ_DESTROY, 1) \
  X(zeCommandQueueExecuteCommandLists, 31, ze_command_queue_execute_command_lists_params_t, ze_pfnCommandQueueExecuteCommandListsCb_t, EXECUTE, 4) \
  X(zeCommandQueueSynchronize, 32, ze_command_queue_synchronize_params_t, ze_pfnCommandQueueSynchronizeCb_t, HOST_SYNC, 2) \
  X(zeCommandListCreate, 33, ze_command_list_create_params_t, ze_pfnCommandListCreateCb_t, OBJ_CREATE, 4) \
  X(zeCommandListCreateImmediate, 34, ze_command_list_create_immediate_params_t, ze_pfnCommandListCreateImmediateCb_t, OBJ_CREATE, 4) \
  X(zeCommandListDestroy, 35, ze_command_list_destroy_params_t, ze_pfnCommandListDestroyCb_t, OBJ_DESTROY, 1) \
  X(zeCommandListClose, 36, ze_command_list_close_params_t, ze_pfnCommandListCloseCb_t, NONE, 1) \
  X(zeCommandListReset, 37, ze_command_list_reset_params_t, ze_pfnCommandListResetCb_t, LIST_RESET, 1) \
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
  X(zeCommandListAppendEventReset, 53, ze_command_list_append_event_reset_params_t, ze_pfnCommandListAppendEventResetCb_t, EVENT_REUSE, 2) \
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
  X(zeFenceCreate, 71, ze_fence_create_params_t, ze_pfnFenceCreateCb_t, OBJ_CREATE, 3) \
  X(zeFenceDestroy, 72, ze_fence_destroy_params_t, ze_pfnFenceDestroyCb_t, OBJ_DESTROY, 1) \
  X(zeFenceHostSynchronize, 73, ze_fence_host_synchronize_params_t, ze_pfnFenceHostSynchronizeCb_t, HOST_SYNC, 2) \
  X(zeFenceQueryStatus, 74, ze_fence_query_status_params_t, ze_pfnFenceQueryStatusCb_t, SYNC_POINT, 1) \
  X(zeFenceReset, 75, ze_fence_reset_params_t, ze_pfnFenceResetCb_t, NONE, 1) \
  X(zeEventPoolCreate, 76, ze_event_pool_create_params_t, ze_pfnEventPoolCreateCb_t, OBJ_CREATE, 5) \
  X(zeEventPoolDestroy, 77, ze_event_pool_destroy_params_t, ze_pfnEventPoolDestroyCb_t, OBJ_DESTROY, 1) \
  X(zeEventPoolGetIpcHandle, 78, ze_event_pool_get_ipc_handle_params_t, ze_pfnEventPoolGetIpcHandleCb_t, NONE, 2) \
  X(zeEventPoolOpenIpcHandle, 79, ze_event_pool_open_ipc_handle_params_t, ze_pfnEventPoolOpenIpcHandleCb_t, NONE, 3) \
  X(zeEventPoolCloseIpcHandle, 80, ze_event_pool_close_ipc_handle_params_t, ze_pfnEventPoolCloseIpcHandleCb_t, NONE, 1) \
  X(zeEventCreate, 81, ze_event_create_params_t, ze_pfnEventCreateCb_t, OBJ_CREATE, 3) \
  X(zeEventDestroy, 82, ze_event_destroy_params_t, ze_pfnEventDestroyCb_t, OBJ_DESTROY, 1) \
  X(zeEventHostSignal, 83, ze_event_host_signal_params_t, ze_pfnEventHostSignalCb_t, NONE, 1) \
  X(zeEventHostSynchronize, 84, ze_event_host_synchronize_params_t, ze_pfnEventHostSynchronizeCb_t, HOST_SYNC, 2) \
  X(zeEventQueryStatus, 85, ze_event_query_status_params_t, ze_pfnEventQueryStatusCb_t, SYNC_POINT, 1) \
  X(zeEventHostReset, 86, ze_event_host_reset_params_t, ze_pfnEventHostResetCb_t, EVENT_REUSE, 1) \
  X(zeEventQueryKernelTimestamp, 87, ze_event_query_kernel_timestamp_params_t, ze_pfnEventQueryKernelTimestampCb_t, SYNC_POINT, 2) \
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
  X(zeContextCreateEx, 141, ze_context_create_ex_params_t, ze_pfnContextCreateExCb_t, CONTEXT_CREATE, 5) \
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
  void* signal_event_arg;   /* ze_event_handle_t*: the signal-event argument itself */
  void* num_cmd_lists_arg;  /* uint32_t* */
  void* cmd_lists_arg;      /* ze_command_list_handle_t** */
  uint64_t size;
  uint64_t timeout;
  uint64_t num_kernels;
  uint64_t num_cmd_lists;
} ptic__view;

// >>gen:api-views (generated by tools/gen_ze_tables.py, do not edit)
static void ptic__view_zeInit(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDriverGet(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDriverGetApiVersion(const void* params, ptic__view* v) {
  const ze_driver_get_api_version_params_t* q = (const ze_driver_get_api_version_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDriverGetProperties(const void* params, ptic__view* v) {
  const ze_driver_get_properties_params_t* q = (const ze_driver_get_properties_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDriverGetIpcProperties(const void* params, ptic__view* v) {
  const ze_driver_get_ipc_properties_params_t* q = (const ze_driver_get_ipc_properties_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDriverGetExtensionProperties(const void* params, ptic__view* v) {
  const ze_driver_get_extension_properties_params_t* q = (const ze_driver_get_extension_properties_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGet(const void* params, ptic__view* v) {
  const ze_device_get_params_t* q = (const ze_device_get_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetSubDevices(const void* params, ptic__view* v) {
  const ze_device_get_sub_devices_params_t* q = (const ze_device_get_sub_devices_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetProperties(const void* params, ptic__view* v) {
  const ze_device_get_properties_params_t* q = (const ze_device_get_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetComputeProperties(const void* params, ptic__view* v) {
  const ze_device_get_compute_properties_params_t* q = (const ze_device_get_compute_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetModuleProperties(const void* params, ptic__view* v) {
  const ze_device_get_module_properties_params_t* q = (const ze_device_get_module_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetCommandQueueGroupProperties(const void* params, ptic__view* v) {
  const ze_device_get_command_queue_group_properties_params_t* q = (const ze_device_get_command_queue_group_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetMemoryProperties(const void* params, ptic__view* v) {
  const ze_device_get_memory_properties_params_t* q = (const ze_device_get_memory_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetMemoryAccessProperties(const void* params, ptic__view* v) {
  const ze_device_get_memory_access_properties_params_t* q = (const ze_device_get_memory_access_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetCacheProperties(const void* params, ptic__view* v) {
  const ze_device_get_cache_properties_params_t* q = (const ze_device_get_cache_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetImageProperties(const void* params, ptic__view* v) {
  const ze_device_get_image_properties_params_t* q = (const ze_device_get_image_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetExternalMemoryProperties(const void* params, ptic__view* v) {
  const ze_device_get_external_memory_properties_params_t* q = (const ze_device_get_external_memory_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetP2PProperties(const void* params, ptic__view* v) {
  const ze_device_get_p2_p_properties_params_t* q = (const ze_device_get_p2_p_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceCanAccessPeer(const void* params, ptic__view* v) {
  const ze_device_can_access_peer_params_t* q = (const ze_device_can_access_peer_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetStatus(const void* params, ptic__view* v) {
  const ze_device_get_status_params_t* q = (const ze_device_get_status_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextCreate(const void* params, ptic__view* v) {
  const ze_context_create_params_t* q = (const ze_context_create_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphContext;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextDestroy(const void* params, ptic__view* v) {
  const ze_context_destroy_params_t* q = (const ze_context_destroy_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextGetStatus(const void* params, ptic__view* v) {
  const ze_context_get_status_params_t* q = (const ze_context_get_status_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextSystemBarrier(const void* params, ptic__view* v) {
  const ze_context_system_barrier_params_t* q = (const ze_context_system_barrier_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextMakeMemoryResident(const void* params, ptic__view* v) {
  const ze_context_make_memory_resident_params_t* q = (const ze_context_make_memory_resident_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextEvictMemory(const void* params, ptic__view* v) {
  const ze_context_evict_memory_params_t* q = (const ze_context_evict_memory_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextMakeImageResident(const void* params, ptic__view* v) {
  const ze_context_make_image_resident_params_t* q = (const ze_context_make_image_resident_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextEvictImage(const void* params, ptic__view* v) {
  const ze_context_evict_image_params_t* q = (const ze_context_evict_image_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandQueueCreate(const void* params, ptic__view* v) {
  const ze_command_queue_create_params_t* q = (const ze_command_queue_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphCommandQueue;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandQueueDestroy(const void* params, ptic__view* v) {
  const ze_command_queue_destroy_params_t* q = (const ze_command_queue_destroy_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->driver = v->device = v->context = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandQueueExecuteCommandLists(const void* params, ptic__view* v) {
  const ze_command_queue_execute_command_lists_params_t* q = (const ze_command_queue_execute_command_lists_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->num_cmd_lists = (uint64_t)*q->pnumCommandLists;
  v->num_cmd_lists_arg = (void*)q->pnumCommandLists;
  v->cmd_lists = (void* const*)*q->pphCommandLists;
  v->cmd_lists_arg = (void*)q->pphCommandLists;
  v->fence = (const void*)*q->phFence;
  v->driver = v->device = v->context = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = NULL;
  v->out = NULL;
  v->signal_event_arg = NULL;
  v->size = v->timeout = v->num_kernels = 0;
}
static void ptic__view_zeCommandQueueSynchronize(const void* params, ptic__view* v) {
  const ze_command_queue_synchronize_params_t* q = (const ze_command_queue_synchronize_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->timeout = (uint64_t)*q->ptimeout;
  v->driver = v->device = v->context = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListCreate(const void* params, ptic__view* v) {
  const ze_command_list_create_params_t* q = (const ze_command_list_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphCommandList;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListCreateImmediate(const void* params, ptic__view* v) {
  const ze_command_list_create_immediate_params_t* q = (const ze_command_list_create_immediate_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->alt_desc = (const void*)*q->paltdesc;
  v->out = (void**)*q->pphCommandList;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListDestroy(const void* params, ptic__view* v) {
  const ze_command_list_destroy_params_t* q = (const ze_command_list_destroy_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListClose(const void* params, ptic__view* v) {
  const ze_command_list_close_params_t* q = (const ze_command_list_close_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListReset(const void* params, ptic__view* v) {
  const ze_command_list_reset_params_t* q = (const ze_command_list_reset_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendWriteGlobalTimestamp(const void* params, ptic__view* v) {
  const ze_command_list_append_write_global_timestamp_params_t* q = (const ze_command_list_append_write_global_timestamp_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendBarrier(const void* params, ptic__view* v) {
  const ze_command_list_append_barrier_params_t* q = (const ze_command_list_append_barrier_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemoryRangesBarrier(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_ranges_barrier_params_t* q = (const ze_command_list_append_memory_ranges_barrier_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemoryCopy(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_copy_params_t* q = (const ze_command_list_append_memory_copy_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->src = (const void*)*q->psrcptr;
  v->size = (uint64_t)*q->psize;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemoryFill(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_fill_params_t* q = (const ze_command_list_append_memory_fill_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemoryCopyRegion(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_copy_region_params_t* q = (const ze_command_list_append_memory_copy_region_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->src = (const void*)*q->psrcptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemoryCopyFromContext(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_copy_from_context_params_t* q = (const ze_command_list_append_memory_copy_from_context_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->src = (const void*)*q->psrcptr;
  v->size = (uint64_t)*q->psize;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendImageCopy(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_params_t* q = (const ze_command_list_append_image_copy_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendImageCopyRegion(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_region_params_t* q = (const ze_command_list_append_image_copy_region_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendImageCopyToMemory(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_to_memory_params_t* q = (const ze_command_list_append_image_copy_to_memory_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendImageCopyFromMemory(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_from_memory_params_t* q = (const ze_command_list_append_image_copy_from_memory_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->src = (const void*)*q->psrcptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemoryPrefetch(const void* params, ptic__view* v) {
  const ze_command_list_append_memory_prefetch_params_t* q = (const ze_command_list_append_memory_prefetch_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendMemAdvise(const void* params, ptic__view* v) {
  const ze_command_list_append_mem_advise_params_t* q = (const ze_command_list_append_mem_advise_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendSignalEvent(const void* params, ptic__view* v) {
  const ze_command_list_append_signal_event_params_t* q = (const ze_command_list_append_signal_event_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->event = (const void*)*q->phEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendWaitOnEvents(const void* params, ptic__view* v) {
  const ze_command_list_append_wait_on_events_params_t* q = (const ze_command_list_append_wait_on_events_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendEventReset(const void* params, ptic__view* v) {
  const ze_command_list_append_event_reset_params_t* q = (const ze_command_list_append_event_reset_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->event = (const void*)*q->phEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendQueryKernelTimestamps(const void* params, ptic__view* v) {
  const ze_command_list_append_query_kernel_timestamps_params_t* q = (const ze_command_list_append_query_kernel_timestamps_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendLaunchKernel(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_kernel_params_t* q = (const ze_command_list_append_launch_kernel_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->kernel = (const void*)*q->phKernel;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendLaunchCooperativeKernel(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_cooperative_kernel_params_t* q = (const ze_command_list_append_launch_cooperative_kernel_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->kernel = (const void*)*q->phKernel;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendLaunchKernelIndirect(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_kernel_indirect_params_t* q = (const ze_command_list_append_launch_kernel_indirect_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->kernel = (const void*)*q->phKernel;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendLaunchMultipleKernelsIndirect(const void* params, ptic__view* v) {
  const ze_command_list_append_launch_multiple_kernels_indirect_params_t* q = (const ze_command_list_append_launch_multiple_kernels_indirect_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->num_kernels = (uint64_t)*q->pnumKernels;
  v->kernels = (void* const*)*q->pphKernels;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_cmd_lists = 0;
}
static void ptic__view_zeImageGetProperties(const void* params, ptic__view* v) {
  const ze_image_get_properties_params_t* q = (const ze_image_get_properties_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeImageCreate(const void* params, ptic__view* v) {
  const ze_image_create_params_t* q = (const ze_image_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeImageDestroy(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemAllocShared(const void* params, ptic__view* v) {
  const ze_mem_alloc_shared_params_t* q = (const ze_mem_alloc_shared_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
  v->device = (const void*)*q->phDevice;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemAllocDevice(const void* params, ptic__view* v) {
  const ze_mem_alloc_device_params_t* q = (const ze_mem_alloc_device_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
  v->device = (const void*)*q->phDevice;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemAllocHost(const void* params, ptic__view* v) {
  const ze_mem_alloc_host_params_t* q = (const ze_mem_alloc_host_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemFree(const void* params, ptic__view* v) {
  const ze_mem_free_params_t* q = (const ze_mem_free_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemGetAllocProperties(const void* params, ptic__view* v) {
  const ze_mem_get_alloc_properties_params_t* q = (const ze_mem_get_alloc_properties_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemGetAddressRange(const void* params, ptic__view* v) {
  const ze_mem_get_address_range_params_t* q = (const ze_mem_get_address_range_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemGetIpcHandle(const void* params, ptic__view* v) {
  const ze_mem_get_ipc_handle_params_t* q = (const ze_mem_get_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemOpenIpcHandle(const void* params, ptic__view* v) {
  const ze_mem_open_ipc_handle_params_t* q = (const ze_mem_open_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemCloseIpcHandle(const void* params, ptic__view* v) {
  const ze_mem_close_ipc_handle_params_t* q = (const ze_mem_close_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFenceCreate(const void* params, ptic__view* v) {
  const ze_fence_create_params_t* q = (const ze_fence_create_params_t*)params;
  v->queue = (const void*)*q->phCommandQueue;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphFence;
  v->driver = v->device = v->context = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFenceDestroy(const void* params, ptic__view* v) {
  const ze_fence_destroy_params_t* q = (const ze_fence_destroy_params_t*)params;
  v->fence = (const void*)*q->phFence;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFenceHostSynchronize(const void* params, ptic__view* v) {
  const ze_fence_host_synchronize_params_t* q = (const ze_fence_host_synchronize_params_t*)params;
  v->fence = (const void*)*q->phFence;
  v->timeout = (uint64_t)*q->ptimeout;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFenceQueryStatus(const void* params, ptic__view* v) {
  const ze_fence_query_status_params_t* q = (const ze_fence_query_status_params_t*)params;
  v->fence = (const void*)*q->phFence;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFenceReset(const void* params, ptic__view* v) {
  const ze_fence_reset_params_t* q = (const ze_fence_reset_params_t*)params;
  v->fence = (const void*)*q->phFence;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventPoolCreate(const void* params, ptic__view* v) {
  const ze_event_pool_create_params_t* q = (const ze_event_pool_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphEventPool;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventPoolDestroy(const void* params, ptic__view* v) {
  const ze_event_pool_destroy_params_t* q = (const ze_event_pool_destroy_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventPoolGetIpcHandle(const void* params, ptic__view* v) {
  const ze_event_pool_get_ipc_handle_params_t* q = (const ze_event_pool_get_ipc_handle_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventPoolOpenIpcHandle(const void* params, ptic__view* v) {
  const ze_event_pool_open_ipc_handle_params_t* q = (const ze_event_pool_open_ipc_handle_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->out = (void**)*q->pphEventPool;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventPoolCloseIpcHandle(const void* params, ptic__view* v) {
  const ze_event_pool_close_ipc_handle_params_t* q = (const ze_event_pool_close_ipc_handle_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventCreate(const void* params, ptic__view* v) {
  const ze_event_create_params_t* q = (const ze_event_create_params_t*)params;
  v->event_pool = (const void*)*q->phEventPool;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphEvent;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventDestroy(const void* params, ptic__view* v) {
  const ze_event_destroy_params_t* q = (const ze_event_destroy_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventHostSignal(const void* params, ptic__view* v) {
  const ze_event_host_signal_params_t* q = (const ze_event_host_signal_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventHostSynchronize(const void* params, ptic__view* v) {
  const ze_event_host_synchronize_params_t* q = (const ze_event_host_synchronize_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->timeout = (uint64_t)*q->ptimeout;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventQueryStatus(const void* params, ptic__view* v) {
  const ze_event_query_status_params_t* q = (const ze_event_query_status_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventHostReset(const void* params, ptic__view* v) {
  const ze_event_host_reset_params_t* q = (const ze_event_host_reset_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventQueryKernelTimestamp(const void* params, ptic__view* v) {
  const ze_event_query_kernel_timestamp_params_t* q = (const ze_event_query_kernel_timestamp_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->dst = (const void*)*q->pdstptr;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleCreate(const void* params, ptic__view* v) {
  const ze_module_create_params_t* q = (const ze_module_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphModule;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleDestroy(const void* params, ptic__view* v) {
  const ze_module_destroy_params_t* q = (const ze_module_destroy_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleDynamicLink(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleGetNativeBinary(const void* params, ptic__view* v) {
  const ze_module_get_native_binary_params_t* q = (const ze_module_get_native_binary_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleGetGlobalPointer(const void* params, ptic__view* v) {
  const ze_module_get_global_pointer_params_t* q = (const ze_module_get_global_pointer_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleGetKernelNames(const void* params, ptic__view* v) {
  const ze_module_get_kernel_names_params_t* q = (const ze_module_get_kernel_names_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleGetProperties(const void* params, ptic__view* v) {
  const ze_module_get_properties_params_t* q = (const ze_module_get_properties_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleGetFunctionPointer(const void* params, ptic__view* v) {
  const ze_module_get_function_pointer_params_t* q = (const ze_module_get_function_pointer_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleBuildLogDestroy(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleBuildLogGetString(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelCreate(const void* params, ptic__view* v) {
  const ze_kernel_create_params_t* q = (const ze_kernel_create_params_t*)params;
  v->module = (const void*)*q->phModule;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelDestroy(const void* params, ptic__view* v) {
  const ze_kernel_destroy_params_t* q = (const ze_kernel_destroy_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSetCacheConfig(const void* params, ptic__view* v) {
  const ze_kernel_set_cache_config_params_t* q = (const ze_kernel_set_cache_config_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSetGroupSize(const void* params, ptic__view* v) {
  const ze_kernel_set_group_size_params_t* q = (const ze_kernel_set_group_size_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSuggestGroupSize(const void* params, ptic__view* v) {
  const ze_kernel_suggest_group_size_params_t* q = (const ze_kernel_suggest_group_size_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSuggestMaxCooperativeGroupCount(const void* params, ptic__view* v) {
  const ze_kernel_suggest_max_cooperative_group_count_params_t* q = (const ze_kernel_suggest_max_cooperative_group_count_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSetArgumentValue(const void* params, ptic__view* v) {
  const ze_kernel_set_argument_value_params_t* q = (const ze_kernel_set_argument_value_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSetIndirectAccess(const void* params, ptic__view* v) {
  const ze_kernel_set_indirect_access_params_t* q = (const ze_kernel_set_indirect_access_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelGetIndirectAccess(const void* params, ptic__view* v) {
  const ze_kernel_get_indirect_access_params_t* q = (const ze_kernel_get_indirect_access_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelGetSourceAttributes(const void* params, ptic__view* v) {
  const ze_kernel_get_source_attributes_params_t* q = (const ze_kernel_get_source_attributes_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelGetProperties(const void* params, ptic__view* v) {
  const ze_kernel_get_properties_params_t* q = (const ze_kernel_get_properties_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelGetName(const void* params, ptic__view* v) {
  const ze_kernel_get_name_params_t* q = (const ze_kernel_get_name_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeSamplerCreate(const void* params, ptic__view* v) {
  const ze_sampler_create_params_t* q = (const ze_sampler_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeSamplerDestroy(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zePhysicalMemCreate(const void* params, ptic__view* v) {
  const ze_physical_mem_create_params_t* q = (const ze_physical_mem_create_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zePhysicalMemDestroy(const void* params, ptic__view* v) {
  const ze_physical_mem_destroy_params_t* q = (const ze_physical_mem_destroy_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemReserve(const void* params, ptic__view* v) {
  const ze_virtual_mem_reserve_params_t* q = (const ze_virtual_mem_reserve_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemFree(const void* params, ptic__view* v) {
  const ze_virtual_mem_free_params_t* q = (const ze_virtual_mem_free_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemQueryPageSize(const void* params, ptic__view* v) {
  const ze_virtual_mem_query_page_size_params_t* q = (const ze_virtual_mem_query_page_size_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->size = (uint64_t)*q->psize;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemMap(const void* params, ptic__view* v) {
  const ze_virtual_mem_map_params_t* q = (const ze_virtual_mem_map_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemUnmap(const void* params, ptic__view* v) {
  const ze_virtual_mem_unmap_params_t* q = (const ze_virtual_mem_unmap_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemSetAccessAttribute(const void* params, ptic__view* v) {
  const ze_virtual_mem_set_access_attribute_params_t* q = (const ze_virtual_mem_set_access_attribute_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeVirtualMemGetAccessAttribute(const void* params, ptic__view* v) {
  const ze_virtual_mem_get_access_attribute_params_t* q = (const ze_virtual_mem_get_access_attribute_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->size = (uint64_t)*q->psize;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDriverGetExtensionFunctionAddress(const void* params, ptic__view* v) {
  const ze_driver_get_extension_function_address_params_t* q = (const ze_driver_get_extension_function_address_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetGlobalTimestamps(const void* params, ptic__view* v) {
  const ze_device_get_global_timestamps_params_t* q = (const ze_device_get_global_timestamps_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceReserveCacheExt(const void* params, ptic__view* v) {
  const ze_device_reserve_cache_ext_params_t* q = (const ze_device_reserve_cache_ext_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceSetCacheAdviceExt(const void* params, ptic__view* v) {
  const ze_device_set_cache_advice_ext_params_t* q = (const ze_device_set_cache_advice_ext_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->dst = (const void*)*q->pptr;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDevicePciGetPropertiesExt(const void* params, ptic__view* v) {
  const ze_device_pci_get_properties_ext_params_t* q = (const ze_device_pci_get_properties_ext_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeDeviceGetFabricVertexExp(const void* params, ptic__view* v) {
  const ze_device_get_fabric_vertex_exp_params_t* q = (const ze_device_get_fabric_vertex_exp_params_t*)params;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeContextCreateEx(const void* params, ptic__view* v) {
  const ze_context_create_ex_params_t* q = (const ze_context_create_ex_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->desc = (const void*)*q->pdesc;
  v->out = (void**)*q->pphContext;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendImageCopyToMemoryExt(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_to_memory_ext_params_t* q = (const ze_command_list_append_image_copy_to_memory_ext_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->dst = (const void*)*q->pdstptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeCommandListAppendImageCopyFromMemoryExt(const void* params, ptic__view* v) {
  const ze_command_list_append_image_copy_from_memory_ext_params_t* q = (const ze_command_list_append_image_copy_from_memory_ext_params_t*)params;
  v->cmd_list = (const void*)*q->phCommandList;
  v->src = (const void*)*q->psrcptr;
  v->signal_event = (const void*)*q->phSignalEvent;
  v->signal_event_arg = (void*)q->phSignalEvent;
  v->driver = v->device = v->context = v->queue = v->module = v->kernel = v->event = v->event_pool = v->fence = v->desc = v->alt_desc = v->dst = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeEventQueryTimestampsExp(const void* params, ptic__view* v) {
  const ze_event_query_timestamps_exp_params_t* q = (const ze_event_query_timestamps_exp_params_t*)params;
  v->event = (const void*)*q->phEvent;
  v->device = (const void*)*q->phDevice;
  v->driver = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeImageGetMemoryPropertiesExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeImageViewCreateExp(const void* params, ptic__view* v) {
  const ze_image_view_create_exp_params_t* q = (const ze_image_view_create_exp_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->device = (const void*)*q->phDevice;
  v->desc = (const void*)*q->pdesc;
  v->driver = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeImageGetAllocPropertiesExt(const void* params, ptic__view* v) {
  const ze_image_get_alloc_properties_ext_params_t* q = (const ze_image_get_alloc_properties_ext_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSetGlobalOffsetExp(const void* params, ptic__view* v) {
  const ze_kernel_set_global_offset_exp_params_t* q = (const ze_kernel_set_global_offset_exp_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeKernelSchedulingHintExp(const void* params, ptic__view* v) {
  const ze_kernel_scheduling_hint_exp_params_t* q = (const ze_kernel_scheduling_hint_exp_params_t*)params;
  v->kernel = (const void*)*q->phKernel;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeMemFreeExt(const void* params, ptic__view* v) {
  const ze_mem_free_ext_params_t* q = (const ze_mem_free_ext_params_t*)params;
  v->context = (const void*)*q->phContext;
  v->dst = (const void*)*q->pptr;
  v->driver = v->device = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeModuleInspectLinkageExt(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricEdgeGetExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricEdgeGetVerticesExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricEdgeGetPropertiesExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricVertexGetExp(const void* params, ptic__view* v) {
  const ze_fabric_vertex_get_exp_params_t* q = (const ze_fabric_vertex_get_exp_params_t*)params;
  v->driver = (const void*)*q->phDriver;
  v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricVertexGetSubVerticesExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricVertexGetPropertiesExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
static void ptic__view_zeFabricVertexGetDeviceExp(const void* params, ptic__view* v) {
  (void)params;
  v->driver = v->device = v->context = v->queue = v->cmd_list = v->module = v->kernel = v->event = v->event_pool = v->fence = v->signal_event = v->desc = v->alt_desc = v->dst = v->src = v->name = NULL;
  v->kernels = v->cmd_lists = NULL;
  v->out = NULL;
  v->signal_event_arg = v->num_cmd_lists_arg = v->cmd_lists_arg = NULL;
  v->size = v->timeout = v->num_kernels = v->num_cmd_lists = 0;
}
// <<gen:api-views

// >>gen:api-args (generated by tools/gen_ze_tables.py, do not edit)
static void ptic__fmt_ze_cache_config_flags_t(uint64_t v, char* buf, size_t n) {
  static const ptic__flag_name names[] = {
    {(uint64_t)ZE_CACHE_CONFIG_FLAG_LARGE_SLM, "ZE_CACHE_CONFIG_FLAG_LARGE_SLM"},
    {(uint64_t)ZE_CACHE_CONFIG_FLAG_LARGE_DATA, "ZE_CACHE_CONFIG_FLAG_LARGE_DATA"},
  };
  ptic__fmt_flags(v, names, sizeof names / sizeof names[0], buf, n);
}
static void ptic__fmt_ze_cache_ext_region_t(uint64_t v, char* buf, size_t n) {
  const char* s = NULL;
  if (!s && v == (uint64_t)ZE_CACHE_EXT_REGION_ZE_CACHE_REGION_DEFAULT) s = "ZE_CACHE_EXT_REGION_ZE_CACHE_REGION_DEFAULT";
  if (!s && v == (uint64_t)ZE_CACHE_EXT_REGION_ZE_CACHE_RESERVE_REGION) s = "ZE_CACHE_EXT_REGION_ZE_CACHE_RESERVE_REGION";
  if (!s && v == (uint64_t)ZE_CACHE_EXT_REGION_ZE_CACHE_NON_RESERVED_REGION) s = "ZE_CACHE_EXT_REGION_ZE_CACHE_NON_RESERVED_REGION";
  ptic__fmt_enum(v, s, buf, n);
}
static void ptic__fmt_ze_init_flags_t(uint64_t v, char* buf, size_t n) {
  static const ptic__flag_name names[] = {
    {(uint64_t)ZE_INIT_FLAG_GPU_ONLY, "ZE_INIT_FLAG_GPU_ONLY"},
    {(uint64_t)ZE_INIT_FLAG_VPU_ONLY, "ZE_INIT_FLAG_VPU_ONLY"},
  };
  ptic__fmt_flags(v, names, sizeof names / sizeof names[0], buf, n);
}
static void ptic__fmt_ze_ipc_memory_flags_t(uint64_t v, char* buf, size_t n) {
  static const ptic__flag_name names[] = {
    {(uint64_t)ZE_IPC_MEMORY_FLAG_BIAS_CACHED, "ZE_IPC_MEMORY_FLAG_BIAS_CACHED"},
    {(uint64_t)ZE_IPC_MEMORY_FLAG_BIAS_UNCACHED, "ZE_IPC_MEMORY_FLAG_BIAS_UNCACHED"},
  };
  ptic__fmt_flags(v, names, sizeof names / sizeof names[0], buf, n);
}
static void ptic__fmt_ze_kernel_indirect_access_flags_t(uint64_t v, char* buf, size_t n) {
  static const ptic__flag_name names[] = {
    {(uint64_t)ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST, "ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST"},
    {(uint64_t)ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE, "ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE"},
    {(uint64_t)ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED, "ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED"},
  };
  ptic__fmt_flags(v, names, sizeof names / sizeof names[0], buf, n);
}
static void ptic__fmt_ze_memory_access_attribute_t(uint64_t v, char* buf, size_t n) {
  const char* s = NULL;
  if (!s && v == (uint64_t)ZE_MEMORY_ACCESS_ATTRIBUTE_NONE) s = "ZE_MEMORY_ACCESS_ATTRIBUTE_NONE";
  if (!s && v == (uint64_t)ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE) s = "ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE";
  if (!s && v == (uint64_t)ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY) s = "ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY";
  ptic__fmt_enum(v, s, buf, n);
}
static void ptic__fmt_ze_memory_advice_t(uint64_t v, char* buf, size_t n) {
  const char* s = NULL;
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_SET_READ_MOSTLY) s = "ZE_MEMORY_ADVICE_SET_READ_MOSTLY";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_CLEAR_READ_MOSTLY) s = "ZE_MEMORY_ADVICE_CLEAR_READ_MOSTLY";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_SET_PREFERRED_LOCATION) s = "ZE_MEMORY_ADVICE_SET_PREFERRED_LOCATION";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_CLEAR_PREFERRED_LOCATION) s = "ZE_MEMORY_ADVICE_CLEAR_PREFERRED_LOCATION";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_SET_NON_ATOMIC_MOSTLY) s = "ZE_MEMORY_ADVICE_SET_NON_ATOMIC_MOSTLY";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_CLEAR_NON_ATOMIC_MOSTLY) s = "ZE_MEMORY_ADVICE_CLEAR_NON_ATOMIC_MOSTLY";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_BIAS_CACHED) s = "ZE_MEMORY_ADVICE_BIAS_CACHED";
  if (!s && v == (uint64_t)ZE_MEMORY_ADVICE_BIAS_UNCACHED) s = "ZE_MEMORY_ADVICE_BIAS_UNCACHED";
  ptic__fmt_enum(v, s, buf, n);
}
static void ptic__fmt_ze_structure_type_t(uint64_t v, char* buf, size_t n) {
  const char* s = NULL;
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_CACHE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_CACHE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_IMAGE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_IMAGE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_P2P_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_P2P_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_EXTERNAL_MEMORY_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_EXTERNAL_MEMORY_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_CONTEXT_DESC) s = "ZE_STRUCTURE_TYPE_CONTEXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC) s = "ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC) s = "ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EVENT_POOL_DESC) s = "ZE_STRUCTURE_TYPE_EVENT_POOL_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EVENT_DESC) s = "ZE_STRUCTURE_TYPE_EVENT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_FENCE_DESC) s = "ZE_STRUCTURE_TYPE_FENCE_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_IMAGE_DESC) s = "ZE_STRUCTURE_TYPE_IMAGE_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_IMAGE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_IMAGE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC) s = "ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC) s = "ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES) s = "ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC) s = "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD) s = "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD) s = "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_MODULE_DESC) s = "ZE_STRUCTURE_TYPE_MODULE_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_MODULE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_MODULE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_KERNEL_DESC) s = "ZE_STRUCTURE_TYPE_KERNEL_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES) s = "ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_SAMPLER_DESC) s = "ZE_STRUCTURE_TYPE_SAMPLER_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC) s = "ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_KERNEL_PREFERRED_GROUP_SIZE_PROPERTIES) s = "ZE_STRUCTURE_TYPE_KERNEL_PREFERRED_GROUP_SIZE_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_WIN32) s = "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_WIN32";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_WIN32) s = "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_WIN32";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_RAYTRACING_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_RAYTRACING_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_RAYTRACING_MEM_ALLOC_EXT_DESC) s = "ZE_STRUCTURE_TYPE_RAYTRACING_MEM_ALLOC_EXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_FLOAT_ATOMIC_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_FLOAT_ATOMIC_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_CACHE_RESERVATION_EXT_DESC) s = "ZE_STRUCTURE_TYPE_CACHE_RESERVATION_EXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_EU_COUNT_EXT) s = "ZE_STRUCTURE_TYPE_EU_COUNT_EXT";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_SRGB_EXT_DESC) s = "ZE_STRUCTURE_TYPE_SRGB_EXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_LINKAGE_INSPECTION_EXT_DESC) s = "ZE_STRUCTURE_TYPE_LINKAGE_INSPECTION_EXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DRIVER_MEMORY_FREE_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DRIVER_MEMORY_FREE_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC) s = "ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_MEMORY_COMPRESSION_HINTS_EXT_DESC) s = "ZE_STRUCTURE_TYPE_MEMORY_COMPRESSION_HINTS_EXT_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_IMAGE_ALLOCATION_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_IMAGE_ALLOCATION_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_LUID_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_LUID_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_MEMORY_EXT_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_MEMORY_EXT_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_RELAXED_ALLOCATION_LIMITS_EXP_DESC) s = "ZE_STRUCTURE_TYPE_RELAXED_ALLOCATION_LIMITS_EXP_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_MODULE_PROGRAM_EXP_DESC) s = "ZE_STRUCTURE_TYPE_MODULE_PROGRAM_EXP_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_SCHEDULING_HINT_EXP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_SCHEDULING_HINT_EXP_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_SCHEDULING_HINT_EXP_DESC) s = "ZE_STRUCTURE_TYPE_SCHEDULING_HINT_EXP_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_IMAGE_VIEW_PLANAR_EXP_DESC) s = "ZE_STRUCTURE_TYPE_IMAGE_VIEW_PLANAR_EXP_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2) s = "ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_IMAGE_MEMORY_EXP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_IMAGE_MEMORY_EXP_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_POWER_SAVING_HINT_EXP_DESC) s = "ZE_STRUCTURE_TYPE_POWER_SAVING_HINT_EXP_DESC";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_COPY_BANDWIDTH_EXP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_COPY_BANDWIDTH_EXP_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_DEVICE_P2P_BANDWIDTH_EXP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_DEVICE_P2P_BANDWIDTH_EXP_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_FABRIC_VERTEX_EXP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_FABRIC_VERTEX_EXP_PROPERTIES";
  if (!s && v == (uint64_t)ZE_STRUCTURE_TYPE_FABRIC_EDGE_EXP_PROPERTIES) s = "ZE_STRUCTURE_TYPE_FABRIC_EDGE_EXP_PROPERTIES";
  ptic__fmt_enum(v, s, buf, n);
}

/* A(function, index, argument name, C type, kind, size of the type, formatter) */
#define PTIC_ZE_ARG_TABLE(A) \
  A(zeInit, 0, "flags", "ze_init_flags_t", FLAGS, sizeof(ze_init_flags_t), ptic__fmt_ze_init_flags_t) \
  A(zeDriverGet, 0, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDriverGet, 1, "phDrivers", "ze_driver_handle_t*", PTR, sizeof(ze_driver_handle_t*), ptic__fmt_none) \
  A(zeDriverGetApiVersion, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeDriverGetApiVersion, 1, "version", "ze_api_version_t*", PTR, sizeof(ze_api_version_t*), ptic__fmt_none) \
  A(zeDriverGetProperties, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeDriverGetProperties, 1, "pDriverProperties", "ze_driver_properties_t*", DESC, sizeof(ze_driver_properties_t*), ptic__fmt_none) \
  A(zeDriverGetIpcProperties, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeDriverGetIpcProperties, 1, "pIpcProperties", "ze_driver_ipc_properties_t*", DESC, sizeof(ze_driver_ipc_properties_t*), ptic__fmt_none) \
  A(zeDriverGetExtensionProperties, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeDriverGetExtensionProperties, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDriverGetExtensionProperties, 2, "pExtensionProperties", "ze_driver_extension_properties_t*", DESC, sizeof(ze_driver_extension_properties_t*), ptic__fmt_none) \
  A(zeDeviceGet, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeDeviceGet, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDeviceGet, 2, "phDevices", "ze_device_handle_t*", PTR, sizeof(ze_device_handle_t*), ptic__fmt_none) \
  A(zeDeviceGetSubDevices, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetSubDevices, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDeviceGetSubDevices, 2, "phSubdevices", "ze_device_handle_t*", PTR, sizeof(ze_device_handle_t*), ptic__fmt_none) \
  A(zeDeviceGetProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetProperties, 1, "pDeviceProperties", "ze_device_properties_t*", DESC, sizeof(ze_device_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetComputeProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetComputeProperties, 1, "pComputeProperties", "ze_device_compute_properties_t*", DESC, sizeof(ze_device_compute_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetModuleProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetModuleProperties, 1, "pModuleProperties", "ze_device_module_properties_t*", DESC, sizeof(ze_device_module_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetCommandQueueGroupProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetCommandQueueGroupProperties, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDeviceGetCommandQueueGroupProperties, 2, "pCommandQueueGroupProperties", "ze_command_queue_group_properties_t*", DESC, sizeof(ze_command_queue_group_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetMemoryProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetMemoryProperties, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDeviceGetMemoryProperties, 2, "pMemProperties", "ze_device_memory_properties_t*", DESC, sizeof(ze_device_memory_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetMemoryAccessProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetMemoryAccessProperties, 1, "pMemAccessProperties", "ze_device_memory_access_properties_t*", DESC, sizeof(ze_device_memory_access_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetCacheProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetCacheProperties, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeDeviceGetCacheProperties, 2, "pCacheProperties", "ze_device_cache_properties_t*", DESC, sizeof(ze_device_cache_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetImageProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetImageProperties, 1, "pImageProperties", "ze_device_image_properties_t*", DESC, sizeof(ze_device_image_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetExternalMemoryProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetExternalMemoryProperties, 1, "pExternalMemoryProperties", "ze_device_external_memory_properties_t*", DESC, sizeof(ze_device_external_memory_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetP2PProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetP2PProperties, 1, "hPeerDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetP2PProperties, 2, "pP2PProperties", "ze_device_p2p_properties_t*", DESC, sizeof(ze_device_p2p_properties_t*), ptic__fmt_none) \
  A(zeDeviceCanAccessPeer, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceCanAccessPeer, 1, "hPeerDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceCanAccessPeer, 2, "value", "ze_bool_t*", PTR, sizeof(ze_bool_t*), ptic__fmt_none) \
  A(zeDeviceGetStatus, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeContextCreate, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeContextCreate, 1, "desc", "const ze_context_desc_t*", DESC, sizeof(const ze_context_desc_t*), ptic__fmt_none) \
  A(zeContextCreate, 2, "phContext", "ze_context_handle_t*", PTR, sizeof(ze_context_handle_t*), ptic__fmt_none) \
  A(zeContextDestroy, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextGetStatus, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextSystemBarrier, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextSystemBarrier, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeContextMakeMemoryResident, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextMakeMemoryResident, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeContextMakeMemoryResident, 2, "ptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeContextMakeMemoryResident, 3, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeContextEvictMemory, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextEvictMemory, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeContextEvictMemory, 2, "ptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeContextEvictMemory, 3, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeContextMakeImageResident, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextMakeImageResident, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeContextMakeImageResident, 2, "hImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeContextEvictImage, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeContextEvictImage, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeContextEvictImage, 2, "hImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandQueueCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeCommandQueueCreate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeCommandQueueCreate, 2, "desc", "const ze_command_queue_desc_t*", DESC, sizeof(const ze_command_queue_desc_t*), ptic__fmt_none) \
  A(zeCommandQueueCreate, 3, "phCommandQueue", "ze_command_queue_handle_t*", PTR, sizeof(ze_command_queue_handle_t*), ptic__fmt_none) \
  A(zeCommandQueueDestroy, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE, sizeof(ze_command_queue_handle_t), ptic__fmt_none) \
  A(zeCommandQueueExecuteCommandLists, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE, sizeof(ze_command_queue_handle_t), ptic__fmt_none) \
  A(zeCommandQueueExecuteCommandLists, 1, "numCommandLists", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandQueueExecuteCommandLists, 2, "phCommandLists", "ze_command_list_handle_t*", PTR, sizeof(ze_command_list_handle_t*), ptic__fmt_none) \
  A(zeCommandQueueExecuteCommandLists, 3, "hFence", "ze_fence_handle_t", HANDLE, sizeof(ze_fence_handle_t), ptic__fmt_none) \
  A(zeCommandQueueSynchronize, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE, sizeof(ze_command_queue_handle_t), ptic__fmt_none) \
  A(zeCommandQueueSynchronize, 1, "timeout", "uint64_t", UINT, sizeof(uint64_t), ptic__fmt_none) \
  A(zeCommandListCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeCommandListCreate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeCommandListCreate, 2, "desc", "const ze_command_list_desc_t*", DESC, sizeof(const ze_command_list_desc_t*), ptic__fmt_none) \
  A(zeCommandListCreate, 3, "phCommandList", "ze_command_list_handle_t*", PTR, sizeof(ze_command_list_handle_t*), ptic__fmt_none) \
  A(zeCommandListCreateImmediate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeCommandListCreateImmediate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeCommandListCreateImmediate, 2, "altdesc", "const ze_command_queue_desc_t*", DESC, sizeof(const ze_command_queue_desc_t*), ptic__fmt_none) \
  A(zeCommandListCreateImmediate, 3, "phCommandList", "ze_command_list_handle_t*", PTR, sizeof(ze_command_list_handle_t*), ptic__fmt_none) \
  A(zeCommandListDestroy, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListClose, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListReset, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendWriteGlobalTimestamp, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendWriteGlobalTimestamp, 1, "dstptr", "uint64_t*", PTR, sizeof(uint64_t*), ptic__fmt_none) \
  A(zeCommandListAppendWriteGlobalTimestamp, 2, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendWriteGlobalTimestamp, 3, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendWriteGlobalTimestamp, 4, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendBarrier, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendBarrier, 1, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendBarrier, 2, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendBarrier, 3, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 1, "numRanges", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 2, "pRangeSizes", "const size_t*", PTR, sizeof(const size_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 3, "pRanges", "const void**", PTR, sizeof(const void**), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 4, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 5, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryRangesBarrier, 6, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 1, "dstptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 2, "srcptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 3, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 4, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 5, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopy, 6, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 1, "ptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 2, "pattern", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 3, "pattern_size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 4, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 5, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 6, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryFill, 7, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 1, "dstptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 2, "dstRegion", "const ze_copy_region_t*", PTR, sizeof(const ze_copy_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 3, "dstPitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 4, "dstSlicePitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 5, "srcptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 6, "srcRegion", "const ze_copy_region_t*", PTR, sizeof(const ze_copy_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 7, "srcPitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 8, "srcSlicePitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 9, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 10, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyRegion, 11, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 1, "dstptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 2, "hContextSrc", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 3, "srcptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 4, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 5, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 6, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryCopyFromContext, 7, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopy, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopy, 1, "hDstImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopy, 2, "hSrcImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopy, 3, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopy, 4, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopy, 5, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 1, "hDstImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 2, "hSrcImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 3, "pDstRegion", "const ze_image_region_t*", PTR, sizeof(const ze_image_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 4, "pSrcRegion", "const ze_image_region_t*", PTR, sizeof(const ze_image_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 5, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 6, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyRegion, 7, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 1, "dstptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 2, "hSrcImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 3, "pSrcRegion", "const ze_image_region_t*", PTR, sizeof(const ze_image_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 4, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 5, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemory, 6, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 1, "hDstImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 2, "srcptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 3, "pDstRegion", "const ze_image_region_t*", PTR, sizeof(const ze_image_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 4, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 5, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemory, 6, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryPrefetch, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemoryPrefetch, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendMemoryPrefetch, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeCommandListAppendMemAdvise, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemAdvise, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendMemAdvise, 2, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendMemAdvise, 3, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeCommandListAppendMemAdvise, 4, "advice", "ze_memory_advice_t", ENUM, sizeof(ze_memory_advice_t), ptic__fmt_ze_memory_advice_t) \
  A(zeCommandListAppendSignalEvent, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendSignalEvent, 1, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendWaitOnEvents, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendWaitOnEvents, 1, "numEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendWaitOnEvents, 2, "phEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendEventReset, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendEventReset, 1, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 1, "numEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 2, "phEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 3, "dstptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 4, "pOffsets", "const size_t*", PTR, sizeof(const size_t*), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 5, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 6, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendQueryKernelTimestamps, 7, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernel, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernel, 1, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernel, 2, "pLaunchFuncArgs", "const ze_group_count_t*", PTR, sizeof(const ze_group_count_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernel, 3, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernel, 4, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernel, 5, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchCooperativeKernel, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchCooperativeKernel, 1, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchCooperativeKernel, 2, "pLaunchFuncArgs", "const ze_group_count_t*", PTR, sizeof(const ze_group_count_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchCooperativeKernel, 3, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchCooperativeKernel, 4, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchCooperativeKernel, 5, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernelIndirect, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernelIndirect, 1, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernelIndirect, 2, "pLaunchArgumentsBuffer", "const ze_group_count_t*", PTR, sizeof(const ze_group_count_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernelIndirect, 3, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernelIndirect, 4, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchKernelIndirect, 5, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 1, "numKernels", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 2, "phKernels", "ze_kernel_handle_t*", PTR, sizeof(ze_kernel_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 3, "pCountBuffer", "const uint32_t*", PTR, sizeof(const uint32_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 4, "pLaunchArgumentsBuffer", "const ze_group_count_t*", PTR, sizeof(const ze_group_count_t*), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 5, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 6, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendLaunchMultipleKernelsIndirect, 7, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeImageGetProperties, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeImageGetProperties, 1, "desc", "const ze_image_desc_t*", DESC, sizeof(const ze_image_desc_t*), ptic__fmt_none) \
  A(zeImageGetProperties, 2, "pImageProperties", "ze_image_properties_t*", DESC, sizeof(ze_image_properties_t*), ptic__fmt_none) \
  A(zeImageCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeImageCreate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeImageCreate, 2, "desc", "const ze_image_desc_t*", DESC, sizeof(const ze_image_desc_t*), ptic__fmt_none) \
  A(zeImageCreate, 3, "phImage", "ze_image_handle_t*", PTR, sizeof(ze_image_handle_t*), ptic__fmt_none) \
  A(zeImageDestroy, 0, "hImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeMemAllocShared, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemAllocShared, 1, "device_desc", "const ze_device_mem_alloc_desc_t*", DESC, sizeof(const ze_device_mem_alloc_desc_t*), ptic__fmt_none) \
  A(zeMemAllocShared, 2, "host_desc", "const ze_host_mem_alloc_desc_t*", DESC, sizeof(const ze_host_mem_alloc_desc_t*), ptic__fmt_none) \
  A(zeMemAllocShared, 3, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeMemAllocShared, 4, "alignment", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeMemAllocShared, 5, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeMemAllocShared, 6, "pptr", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeMemAllocDevice, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemAllocDevice, 1, "device_desc", "const ze_device_mem_alloc_desc_t*", DESC, sizeof(const ze_device_mem_alloc_desc_t*), ptic__fmt_none) \
  A(zeMemAllocDevice, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeMemAllocDevice, 3, "alignment", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeMemAllocDevice, 4, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeMemAllocDevice, 5, "pptr", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeMemAllocHost, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemAllocHost, 1, "host_desc", "const ze_host_mem_alloc_desc_t*", DESC, sizeof(const ze_host_mem_alloc_desc_t*), ptic__fmt_none) \
  A(zeMemAllocHost, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeMemAllocHost, 3, "alignment", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeMemAllocHost, 4, "pptr", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeMemFree, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemFree, 1, "ptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeMemGetAllocProperties, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemGetAllocProperties, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeMemGetAllocProperties, 2, "pMemAllocProperties", "ze_memory_allocation_properties_t*", DESC, sizeof(ze_memory_allocation_properties_t*), ptic__fmt_none) \
  A(zeMemGetAllocProperties, 3, "phDevice", "ze_device_handle_t*", PTR, sizeof(ze_device_handle_t*), ptic__fmt_none) \
  A(zeMemGetAddressRange, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemGetAddressRange, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeMemGetAddressRange, 2, "pBase", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeMemGetAddressRange, 3, "pSize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeMemGetIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemGetIpcHandle, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeMemGetIpcHandle, 2, "pIpcHandle", "ze_ipc_mem_handle_t*", PTR, sizeof(ze_ipc_mem_handle_t*), ptic__fmt_none) \
  A(zeMemOpenIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemOpenIpcHandle, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeMemOpenIpcHandle, 2, "handle", "ze_ipc_mem_handle_t", HANDLE, sizeof(ze_ipc_mem_handle_t), ptic__fmt_none) \
  A(zeMemOpenIpcHandle, 3, "flags", "ze_ipc_memory_flags_t", FLAGS, sizeof(ze_ipc_memory_flags_t), ptic__fmt_ze_ipc_memory_flags_t) \
  A(zeMemOpenIpcHandle, 4, "pptr", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeMemCloseIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemCloseIpcHandle, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeFenceCreate, 0, "hCommandQueue", "ze_command_queue_handle_t", HANDLE, sizeof(ze_command_queue_handle_t), ptic__fmt_none) \
  A(zeFenceCreate, 1, "desc", "const ze_fence_desc_t*", DESC, sizeof(const ze_fence_desc_t*), ptic__fmt_none) \
  A(zeFenceCreate, 2, "phFence", "ze_fence_handle_t*", PTR, sizeof(ze_fence_handle_t*), ptic__fmt_none) \
  A(zeFenceDestroy, 0, "hFence", "ze_fence_handle_t", HANDLE, sizeof(ze_fence_handle_t), ptic__fmt_none) \
  A(zeFenceHostSynchronize, 0, "hFence", "ze_fence_handle_t", HANDLE, sizeof(ze_fence_handle_t), ptic__fmt_none) \
  A(zeFenceHostSynchronize, 1, "timeout", "uint64_t", UINT, sizeof(uint64_t), ptic__fmt_none) \
  A(zeFenceQueryStatus, 0, "hFence", "ze_fence_handle_t", HANDLE, sizeof(ze_fence_handle_t), ptic__fmt_none) \
  A(zeFenceReset, 0, "hFence", "ze_fence_handle_t", HANDLE, sizeof(ze_fence_handle_t), ptic__fmt_none) \
  A(zeEventPoolCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeEventPoolCreate, 1, "desc", "const ze_event_pool_desc_t*", DESC, sizeof(const ze_event_pool_desc_t*), ptic__fmt_none) \
  A(zeEventPoolCreate, 2, "numDevices", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeEventPoolCreate, 3, "phDevices", "ze_device_handle_t*", PTR, sizeof(ze_device_handle_t*), ptic__fmt_none) \
  A(zeEventPoolCreate, 4, "phEventPool", "ze_event_pool_handle_t*", PTR, sizeof(ze_event_pool_handle_t*), ptic__fmt_none) \
  A(zeEventPoolDestroy, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE, sizeof(ze_event_pool_handle_t), ptic__fmt_none) \
  A(zeEventPoolGetIpcHandle, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE, sizeof(ze_event_pool_handle_t), ptic__fmt_none) \
  A(zeEventPoolGetIpcHandle, 1, "phIpc", "ze_ipc_event_pool_handle_t*", PTR, sizeof(ze_ipc_event_pool_handle_t*), ptic__fmt_none) \
  A(zeEventPoolOpenIpcHandle, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeEventPoolOpenIpcHandle, 1, "hIpc", "ze_ipc_event_pool_handle_t", HANDLE, sizeof(ze_ipc_event_pool_handle_t), ptic__fmt_none) \
  A(zeEventPoolOpenIpcHandle, 2, "phEventPool", "ze_event_pool_handle_t*", PTR, sizeof(ze_event_pool_handle_t*), ptic__fmt_none) \
  A(zeEventPoolCloseIpcHandle, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE, sizeof(ze_event_pool_handle_t), ptic__fmt_none) \
  A(zeEventCreate, 0, "hEventPool", "ze_event_pool_handle_t", HANDLE, sizeof(ze_event_pool_handle_t), ptic__fmt_none) \
  A(zeEventCreate, 1, "desc", "const ze_event_desc_t*", DESC, sizeof(const ze_event_desc_t*), ptic__fmt_none) \
  A(zeEventCreate, 2, "phEvent", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeEventDestroy, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventHostSignal, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventHostSynchronize, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventHostSynchronize, 1, "timeout", "uint64_t", UINT, sizeof(uint64_t), ptic__fmt_none) \
  A(zeEventQueryStatus, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventHostReset, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventQueryKernelTimestamp, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventQueryKernelTimestamp, 1, "dstptr", "ze_kernel_timestamp_result_t*", PTR, sizeof(ze_kernel_timestamp_result_t*), ptic__fmt_none) \
  A(zeModuleCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeModuleCreate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeModuleCreate, 2, "desc", "const ze_module_desc_t*", DESC, sizeof(const ze_module_desc_t*), ptic__fmt_none) \
  A(zeModuleCreate, 3, "phModule", "ze_module_handle_t*", PTR, sizeof(ze_module_handle_t*), ptic__fmt_none) \
  A(zeModuleCreate, 4, "phBuildLog", "ze_module_build_log_handle_t*", PTR, sizeof(ze_module_build_log_handle_t*), ptic__fmt_none) \
  A(zeModuleDestroy, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeModuleDynamicLink, 0, "numModules", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeModuleDynamicLink, 1, "phModules", "ze_module_handle_t*", PTR, sizeof(ze_module_handle_t*), ptic__fmt_none) \
  A(zeModuleDynamicLink, 2, "phLinkLog", "ze_module_build_log_handle_t*", PTR, sizeof(ze_module_build_log_handle_t*), ptic__fmt_none) \
  A(zeModuleGetNativeBinary, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeModuleGetNativeBinary, 1, "pSize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeModuleGetNativeBinary, 2, "pModuleNativeBinary", "uint8_t*", PTR, sizeof(uint8_t*), ptic__fmt_none) \
  A(zeModuleGetGlobalPointer, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeModuleGetGlobalPointer, 1, "pGlobalName", "const char*", STR, sizeof(const char*), ptic__fmt_none) \
  A(zeModuleGetGlobalPointer, 2, "pSize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeModuleGetGlobalPointer, 3, "pptr", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeModuleGetKernelNames, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeModuleGetKernelNames, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeModuleGetKernelNames, 2, "pNames", "const char**", PTR, sizeof(const char**), ptic__fmt_none) \
  A(zeModuleGetProperties, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeModuleGetProperties, 1, "pModuleProperties", "ze_module_properties_t*", DESC, sizeof(ze_module_properties_t*), ptic__fmt_none) \
  A(zeModuleGetFunctionPointer, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeModuleGetFunctionPointer, 1, "pFunctionName", "const char*", STR, sizeof(const char*), ptic__fmt_none) \
  A(zeModuleGetFunctionPointer, 2, "pfnFunction", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeModuleBuildLogDestroy, 0, "hModuleBuildLog", "ze_module_build_log_handle_t", HANDLE, sizeof(ze_module_build_log_handle_t), ptic__fmt_none) \
  A(zeModuleBuildLogGetString, 0, "hModuleBuildLog", "ze_module_build_log_handle_t", HANDLE, sizeof(ze_module_build_log_handle_t), ptic__fmt_none) \
  A(zeModuleBuildLogGetString, 1, "pSize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeModuleBuildLogGetString, 2, "pBuildLog", "char*", STR, sizeof(char*), ptic__fmt_none) \
  A(zeKernelCreate, 0, "hModule", "ze_module_handle_t", HANDLE, sizeof(ze_module_handle_t), ptic__fmt_none) \
  A(zeKernelCreate, 1, "desc", "const ze_kernel_desc_t*", DESC, sizeof(const ze_kernel_desc_t*), ptic__fmt_none) \
  A(zeKernelCreate, 2, "phKernel", "ze_kernel_handle_t*", PTR, sizeof(ze_kernel_handle_t*), ptic__fmt_none) \
  A(zeKernelDestroy, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSetCacheConfig, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSetCacheConfig, 1, "flags", "ze_cache_config_flags_t", FLAGS, sizeof(ze_cache_config_flags_t), ptic__fmt_ze_cache_config_flags_t) \
  A(zeKernelSetGroupSize, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSetGroupSize, 1, "groupSizeX", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSetGroupSize, 2, "groupSizeY", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSetGroupSize, 3, "groupSizeZ", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 1, "globalSizeX", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 2, "globalSizeY", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 3, "globalSizeZ", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 4, "groupSizeX", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 5, "groupSizeY", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeKernelSuggestGroupSize, 6, "groupSizeZ", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeKernelSuggestMaxCooperativeGroupCount, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSuggestMaxCooperativeGroupCount, 1, "totalGroupCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeKernelSetArgumentValue, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSetArgumentValue, 1, "argIndex", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSetArgumentValue, 2, "argSize", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeKernelSetArgumentValue, 3, "pArgValue", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeKernelSetIndirectAccess, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSetIndirectAccess, 1, "flags", "ze_kernel_indirect_access_flags_t", FLAGS, sizeof(ze_kernel_indirect_access_flags_t), ptic__fmt_ze_kernel_indirect_access_flags_t) \
  A(zeKernelGetIndirectAccess, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelGetIndirectAccess, 1, "pFlags", "ze_kernel_indirect_access_flags_t*", PTR, sizeof(ze_kernel_indirect_access_flags_t*), ptic__fmt_none) \
  A(zeKernelGetSourceAttributes, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelGetSourceAttributes, 1, "pSize", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeKernelGetSourceAttributes, 2, "pString", "char**", PTR, sizeof(char**), ptic__fmt_none) \
  A(zeKernelGetProperties, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelGetProperties, 1, "pKernelProperties", "ze_kernel_properties_t*", DESC, sizeof(ze_kernel_properties_t*), ptic__fmt_none) \
  A(zeKernelGetName, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelGetName, 1, "pSize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeKernelGetName, 2, "pName", "char*", STR, sizeof(char*), ptic__fmt_none) \
  A(zeSamplerCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeSamplerCreate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeSamplerCreate, 2, "desc", "const ze_sampler_desc_t*", DESC, sizeof(const ze_sampler_desc_t*), ptic__fmt_none) \
  A(zeSamplerCreate, 3, "phSampler", "ze_sampler_handle_t*", PTR, sizeof(ze_sampler_handle_t*), ptic__fmt_none) \
  A(zeSamplerDestroy, 0, "hSampler", "ze_sampler_handle_t", HANDLE, sizeof(ze_sampler_handle_t), ptic__fmt_none) \
  A(zePhysicalMemCreate, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zePhysicalMemCreate, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zePhysicalMemCreate, 2, "desc", "ze_physical_mem_desc_t*", DESC, sizeof(ze_physical_mem_desc_t*), ptic__fmt_none) \
  A(zePhysicalMemCreate, 3, "phPhysicalMemory", "ze_physical_mem_handle_t*", PTR, sizeof(ze_physical_mem_handle_t*), ptic__fmt_none) \
  A(zePhysicalMemDestroy, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zePhysicalMemDestroy, 1, "hPhysicalMemory", "ze_physical_mem_handle_t", HANDLE, sizeof(ze_physical_mem_handle_t), ptic__fmt_none) \
  A(zeVirtualMemReserve, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemReserve, 1, "pStart", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeVirtualMemReserve, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemReserve, 3, "pptr", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeVirtualMemFree, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemFree, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeVirtualMemFree, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemQueryPageSize, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemQueryPageSize, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeVirtualMemQueryPageSize, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemQueryPageSize, 3, "pagesize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeVirtualMemMap, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemMap, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeVirtualMemMap, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemMap, 3, "hPhysicalMemory", "ze_physical_mem_handle_t", HANDLE, sizeof(ze_physical_mem_handle_t), ptic__fmt_none) \
  A(zeVirtualMemMap, 4, "offset", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemMap, 5, "access", "ze_memory_access_attribute_t", ENUM, sizeof(ze_memory_access_attribute_t), ptic__fmt_ze_memory_access_attribute_t) \
  A(zeVirtualMemUnmap, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemUnmap, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeVirtualMemUnmap, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemSetAccessAttribute, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemSetAccessAttribute, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeVirtualMemSetAccessAttribute, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemSetAccessAttribute, 3, "access", "ze_memory_access_attribute_t", ENUM, sizeof(ze_memory_access_attribute_t), ptic__fmt_ze_memory_access_attribute_t) \
  A(zeVirtualMemGetAccessAttribute, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeVirtualMemGetAccessAttribute, 1, "ptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeVirtualMemGetAccessAttribute, 2, "size", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeVirtualMemGetAccessAttribute, 3, "access", "ze_memory_access_attribute_t*", PTR, sizeof(ze_memory_access_attribute_t*), ptic__fmt_none) \
  A(zeVirtualMemGetAccessAttribute, 4, "outSize", "size_t*", PTR, sizeof(size_t*), ptic__fmt_none) \
  A(zeDriverGetExtensionFunctionAddress, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeDriverGetExtensionFunctionAddress, 1, "name", "const char*", STR, sizeof(const char*), ptic__fmt_none) \
  A(zeDriverGetExtensionFunctionAddress, 2, "ppFunctionAddress", "void**", PTR, sizeof(void**), ptic__fmt_none) \
  A(zeDeviceGetGlobalTimestamps, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetGlobalTimestamps, 1, "hostTimestamp", "uint64_t*", PTR, sizeof(uint64_t*), ptic__fmt_none) \
  A(zeDeviceGetGlobalTimestamps, 2, "deviceTimestamp", "uint64_t*", PTR, sizeof(uint64_t*), ptic__fmt_none) \
  A(zeDeviceReserveCacheExt, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceReserveCacheExt, 1, "cacheLevel", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeDeviceReserveCacheExt, 2, "cacheReservationSize", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeDeviceSetCacheAdviceExt, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceSetCacheAdviceExt, 1, "ptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeDeviceSetCacheAdviceExt, 2, "regionSize", "size_t", UINT, sizeof(size_t), ptic__fmt_none) \
  A(zeDeviceSetCacheAdviceExt, 3, "cacheRegion", "ze_cache_ext_region_t", ENUM, sizeof(ze_cache_ext_region_t), ptic__fmt_ze_cache_ext_region_t) \
  A(zeDevicePciGetPropertiesExt, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDevicePciGetPropertiesExt, 1, "pPciProperties", "ze_pci_ext_properties_t*", DESC, sizeof(ze_pci_ext_properties_t*), ptic__fmt_none) \
  A(zeDeviceGetFabricVertexExp, 0, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeDeviceGetFabricVertexExp, 1, "phVertex", "ze_fabric_vertex_handle_t*", PTR, sizeof(ze_fabric_vertex_handle_t*), ptic__fmt_none) \
  A(zeContextCreateEx, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeContextCreateEx, 1, "desc", "const ze_context_desc_t*", DESC, sizeof(const ze_context_desc_t*), ptic__fmt_none) \
  A(zeContextCreateEx, 2, "numDevices", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeContextCreateEx, 3, "phDevices", "ze_device_handle_t*", PTR, sizeof(ze_device_handle_t*), ptic__fmt_none) \
  A(zeContextCreateEx, 4, "phContext", "ze_context_handle_t*", PTR, sizeof(ze_context_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 1, "dstptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 2, "hSrcImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 3, "pSrcRegion", "const ze_image_region_t*", PTR, sizeof(const ze_image_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 4, "destRowPitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 5, "destSlicePitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 6, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 7, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyToMemoryExt, 8, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 0, "hCommandList", "ze_command_list_handle_t", HANDLE, sizeof(ze_command_list_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 1, "hDstImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 2, "srcptr", "const void*", PTR, sizeof(const void*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 3, "pDstRegion", "const ze_image_region_t*", PTR, sizeof(const ze_image_region_t*), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 4, "srcRowPitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 5, "srcSlicePitch", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 6, "hSignalEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 7, "numWaitEvents", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeCommandListAppendImageCopyFromMemoryExt, 8, "phWaitEvents", "ze_event_handle_t*", PTR, sizeof(ze_event_handle_t*), ptic__fmt_none) \
  A(zeEventQueryTimestampsExp, 0, "hEvent", "ze_event_handle_t", HANDLE, sizeof(ze_event_handle_t), ptic__fmt_none) \
  A(zeEventQueryTimestampsExp, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeEventQueryTimestampsExp, 2, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeEventQueryTimestampsExp, 3, "pTimestamps", "ze_kernel_timestamp_result_t*", PTR, sizeof(ze_kernel_timestamp_result_t*), ptic__fmt_none) \
  A(zeImageGetMemoryPropertiesExp, 0, "hImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeImageGetMemoryPropertiesExp, 1, "pMemoryProperties", "ze_image_memory_properties_exp_t*", PTR, sizeof(ze_image_memory_properties_exp_t*), ptic__fmt_none) \
  A(zeImageViewCreateExp, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeImageViewCreateExp, 1, "hDevice", "ze_device_handle_t", HANDLE, sizeof(ze_device_handle_t), ptic__fmt_none) \
  A(zeImageViewCreateExp, 2, "desc", "const ze_image_desc_t*", DESC, sizeof(const ze_image_desc_t*), ptic__fmt_none) \
  A(zeImageViewCreateExp, 3, "hImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeImageViewCreateExp, 4, "phImageView", "ze_image_handle_t*", PTR, sizeof(ze_image_handle_t*), ptic__fmt_none) \
  A(zeImageGetAllocPropertiesExt, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeImageGetAllocPropertiesExt, 1, "hImage", "ze_image_handle_t", HANDLE, sizeof(ze_image_handle_t), ptic__fmt_none) \
  A(zeImageGetAllocPropertiesExt, 2, "pImageAllocProperties", "ze_image_allocation_ext_properties_t*", DESC, sizeof(ze_image_allocation_ext_properties_t*), ptic__fmt_none) \
  A(zeKernelSetGlobalOffsetExp, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSetGlobalOffsetExp, 1, "offsetX", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSetGlobalOffsetExp, 2, "offsetY", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSetGlobalOffsetExp, 3, "offsetZ", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeKernelSchedulingHintExp, 0, "hKernel", "ze_kernel_handle_t", HANDLE, sizeof(ze_kernel_handle_t), ptic__fmt_none) \
  A(zeKernelSchedulingHintExp, 1, "pHint", "ze_scheduling_hint_exp_desc_t*", DESC, sizeof(ze_scheduling_hint_exp_desc_t*), ptic__fmt_none) \
  A(zeMemFreeExt, 0, "hContext", "ze_context_handle_t", HANDLE, sizeof(ze_context_handle_t), ptic__fmt_none) \
  A(zeMemFreeExt, 1, "pMemFreeDesc", "const ze_memory_free_ext_desc_t*", DESC, sizeof(const ze_memory_free_ext_desc_t*), ptic__fmt_none) \
  A(zeMemFreeExt, 2, "ptr", "void*", PTR, sizeof(void*), ptic__fmt_none) \
  A(zeModuleInspectLinkageExt, 0, "pInspectDesc", "ze_linkage_inspection_ext_desc_t*", DESC, sizeof(ze_linkage_inspection_ext_desc_t*), ptic__fmt_none) \
  A(zeModuleInspectLinkageExt, 1, "numModules", "uint32_t", UINT, sizeof(uint32_t), ptic__fmt_none) \
  A(zeModuleInspectLinkageExt, 2, "phModules", "ze_module_handle_t*", PTR, sizeof(ze_module_handle_t*), ptic__fmt_none) \
  A(zeModuleInspectLinkageExt, 3, "phLog", "ze_module_build_log_handle_t*", PTR, sizeof(ze_module_build_log_handle_t*), ptic__fmt_none) \
  A(zeFabricEdgeGetExp, 0, "hVertexA", "ze_fabric_vertex_handle_t", HANDLE, sizeof(ze_fabric_vertex_handle_t), ptic__fmt_none) \
  A(zeFabricEdgeGetExp, 1, "hVertexB", "ze_fabric_vertex_handle_t", HANDLE, sizeof(ze_fabric_vertex_handle_t), ptic__fmt_none) \
  A(zeFabricEdgeGetExp, 2, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeFabricEdgeGetExp, 3, "phEdges", "ze_fabric_edge_handle_t*", PTR, sizeof(ze_fabric_edge_handle_t*), ptic__fmt_none) \
  A(zeFabricEdgeGetVerticesExp, 0, "hEdge", "ze_fabric_edge_handle_t", HANDLE, sizeof(ze_fabric_edge_handle_t), ptic__fmt_none) \
  A(zeFabricEdgeGetVerticesExp, 1, "phVertexA", "ze_fabric_vertex_handle_t*", PTR, sizeof(ze_fabric_vertex_handle_t*), ptic__fmt_none) \
  A(zeFabricEdgeGetVerticesExp, 2, "phVertexB", "ze_fabric_vertex_handle_t*", PTR, sizeof(ze_fabric_vertex_handle_t*), ptic__fmt_none) \
  A(zeFabricEdgeGetPropertiesExp, 0, "hEdge", "ze_fabric_edge_handle_t", HANDLE, sizeof(ze_fabric_edge_handle_t), ptic__fmt_none) \
  A(zeFabricEdgeGetPropertiesExp, 1, "pEdgeProperties", "ze_fabric_edge_exp_properties_t*", DESC, sizeof(ze_fabric_edge_exp_properties_t*), ptic__fmt_none) \
  A(zeFabricVertexGetExp, 0, "hDriver", "ze_driver_handle_t", HANDLE, sizeof(ze_driver_handle_t), ptic__fmt_none) \
  A(zeFabricVertexGetExp, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeFabricVertexGetExp, 2, "phVertices", "ze_fabric_vertex_handle_t*", PTR, sizeof(ze_fabric_vertex_handle_t*), ptic__fmt_none) \
  A(zeFabricVertexGetSubVerticesExp, 0, "hVertex", "ze_fabric_vertex_handle_t", HANDLE, sizeof(ze_fabric_vertex_handle_t), ptic__fmt_none) \
  A(zeFabricVertexGetSubVerticesExp, 1, "pCount", "uint32_t*", PTR, sizeof(uint32_t*), ptic__fmt_none) \
  A(zeFabricVertexGetSubVerticesExp, 2, "phSubvertices", "ze_fabric_vertex_handle_t*", PTR, sizeof(ze_fabric_vertex_handle_t*), ptic__fmt_none) \
  A(zeFabricVertexGetPropertiesExp, 0, "hVertex", "ze_fabric_vertex_handle_t", HANDLE, sizeof(ze_fabric_vertex_handle_t), ptic__fmt_none) \
  A(zeFabricVertexGetPropertiesExp, 1, "pVertexProperties", "ze_fabric_vertex_exp_properties_t*", DESC, sizeof(ze_fabric_vertex_exp_properties_t*), ptic__fmt_none) \
  A(zeFabricVertexGetDeviceExp, 0, "hVertex", "ze_fabric_vertex_handle_t", HANDLE, sizeof(ze_fabric_vertex_handle_t), ptic__fmt_none) \
  A(zeFabricVertexGetDeviceExp, 1, "phDevice", "ze_device_handle_t*", PTR, sizeof(ze_device_handle_t*), ptic__fmt_none) \
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
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeModuleGetKernelNames)(ze_module_handle_t, uint32_t*,
                                                                   const char**);

typedef struct ptic__loader {
  void* dl;
  ptic__pfn_zeInit zeInit;
  ptic__pfn_zelTracerCreate zelTracerCreate;
  ptic__pfn_zelTracerSetEnabled zelTracerSetEnabled;
  ptic__pfn_zelEnableTracingLayer zelEnableTracingLayer; /* newer loaders only */
  ptic__pfn_zeKernelGetName zeKernelGetName;
  ptic__pfn_zeMemGetAllocProperties zeMemGetAllocProperties;
  ptic__pfn_zeModuleGetKernelNames zeModuleGetKernelNames;
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
  PTIC_DLSYM(dl, "zeModuleGetKernelNames", L->zeModuleGetKernelNames);
  if (!L->zeInit || !L->zelTracerCreate || !L->zelTracerSetEnabled) {
    dlclose(dl);
    memset(L, 0, sizeof *L);
    return PTI_ERROR_DRIVER;
  }
  L->dl = dl;
  return PTI_SUCCESS;
}

/* ==== >>masks ============================================================================= */
/* Domains map to small indices; each index d owns bits 2d (ENTER, THREAD_START, INTERNAL_EVENT)
   and 2d+1 (EXIT, THREAD_END) of a 32-bit mask. Bit 31 means "the tracer exists: track objects";
   it stays set for the library's life once the tracer is created. */

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
  PTIC_DOM_CONTEXT_DESTROYED = 13,
  PTIC_DOM_COUNT = 14
};

#define PTIC_BIT(dom, phase) (1u << ((dom) * 2u + ((phase) - 1u)))
#define PTIC_BITS(dom) (PTIC_BIT(dom, 1u) | PTIC_BIT(dom, 2u))
#define PTIC_BIT_TRACK (1u << 31)
/* Bit 0 (domain index 0 is no domain): operations signalling application events are pending,
   so resets and destroys of events must be looked at even with COMPLETED off. */
#define PTIC_BIT_APP_EVENTS (1u << 0)
#define PTIC_BITS_KEPT (PTIC_BIT_TRACK | PTIC_BIT_APP_EVENTS)

/* What makes a traced function's prologue do anything, per role. */
#define PTIC_ROLE_MASK_NONE PTIC_BITS(PTIC_DOM_DRIVER_API)
#define PTIC_GPU_BITS \
  (PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED))
#define PTIC_ROLE_MASK_APPEND (PTIC_GPU_BITS | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_EXECUTE (PTIC_GPU_BITS | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_SYNC_POINT (PTIC_BITS(PTIC_DOM_COMPLETED) | PTIC_ROLE_MASK_NONE)
/* only operations that signal an application's own event care when it is reset */
#define PTIC_ROLE_MASK_EVENT_REUSE (PTIC_BIT_APP_EVENTS | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_LIST_RESET (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_KERNEL_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_KERNEL_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_MODULE_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_MODULE_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_CONTEXT_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_CONTEXT_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_HOST_SYNC \
  (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_COMPLETED) | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_OBJ_CREATE (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)
#define PTIC_ROLE_MASK_OBJ_DESTROY (PTIC_BIT_TRACK | PTIC_ROLE_MASK_NONE)

/* The domain index of a public domain value, or PTIC_DOM_NONE. */
static unsigned ptic__dom_index(pti_callback_domain d) {
  unsigned v = PTIC_SCAST(unsigned, d);
  if (v >= 1 && v <= 9) return v;
  if (v >= 1023 && v <= 1025) return v - 1023 + PTIC_DOM_DRIVER_API;
  if (v == 4096) return PTIC_DOM_CONTEXT_DESTROYED;
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
    PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED,
};
/* Domains this version delivers. */
#define PTIC_IMPLEMENTED_DOMAINS                                                             \
  ((1u << PTIC_DOM_CONTEXT_CREATED) | (1u << PTIC_DOM_MODULE_LOADED) |                     \
   (1u << PTIC_DOM_MODULE_UNLOADED) | (1u << PTIC_DOM_APPENDED) | (1u << PTIC_DOM_HOST_SYNC) | \
   (1u << PTIC_DOM_KERNEL_CREATED) | (1u << PTIC_DOM_KERNEL_DESTROYED) |                    \
   (1u << PTIC_DOM_DRIVER_API) | (1u << PTIC_DOM_INTERNAL_EVENT) |                          \
   (1u << PTIC_DOM_CONTEXT_DESTROYED) | (1u << PTIC_DOM_DISPATCHED) |                       \
   (1u << PTIC_DOM_COMPLETED) | (1u << PTIC_DOM_INTERNAL_THREADS))

/* Per-function DRIVER_API bits: 2 per traced function (ENTER, EXIT), in 32-bit words. */
#define PTIC_API_WORDS ((PTIC_API_COUNT * 2u + 31u) / 32u)
#define PTIC_API_WORD(api) ((api) * 2u / 32u)
#define PTIC_API_SHIFT(api) ((api) * 2u % 32u)

/* ==== >>registry ========================================================================== */
/* A subscriber lives in a slot. Its generation is odd while it is live; every subscribe and
   unsubscribe moves it on, so stale handles never match. A handle encodes tag, generation and
   slot and is never dereferenced, so garbage handles are harmless. */

typedef struct ptic__slot {
  ptic__atomic_u32 gen;      /* odd: live */
  ptic__atomic_u32 mask;     /* this subscriber's domain x phase bits */
  ptic__atomic_u32 inflight; /* callbacks of this subscriber running now */
  ptic__atomic_u64 order;    /* subscription sequence number */
  ptic__atomic_ptr cb;       /* pti_callback_function, stored as an object pointer */
  ptic__atomic_ptr user;
  ptic__atomic_u32 api[PTIC_API_WORDS]; /* DRIVER_API bits per function */
  ptic__atomic_u64 first_op; /* operation ids from here on are this subscription's to complete */
} ptic__slot;

typedef struct ptic__state {
  pthread_mutex_t lock;          /* subscribe / enable / unsubscribe / tracer creation */
  ptic__atomic_u32 mask;         /* union of the live subscribers' masks, plus PTIC_BIT_TRACK */
  ptic__atomic_u32 slots_used;   /* high-water mark of slots */
  ptic__atomic_u32 next_corr;
  ptic__atomic_u64 next_op;
  ptic__atomic_u64 next_kernel_id;
  ptic__atomic_u32 shutdown;
  ptic__atomic_u32 api[PTIC_API_WORDS]; /* union of the slots' DRIVER_API bits */
  ptic__atomic_u32 in_order;     /* live slots' subscription order follows their index */
  uint64_t next_order;
  ptic__slot slot[PTIC_MAX_SUBSCRIBERS];
  ptic__loader loader;
  zel_tracer_handle_t tracer;
  pthread_key_t thread_key;
  int thread_key_ok;
} ptic__state;

static ptic__state ptic__g; /* zero-initialised; the mutex is set up by ptic__ctor */
static pthread_once_t ptic__once = PTHREAD_ONCE_INIT;

static void ptic__init_once(void) {
  pthread_mutex_init(&ptic__g.lock, NULL);
}
static void ptic__init(void) { pthread_once(&ptic__once, ptic__init_once); }

#define PTIC_HANDLE_TAG (PTIC_SCAST(uint64_t, 0x5e) << 56)

static pti_callback_subscriber_handle ptic__make_handle(uint32_t slot, uint32_t gen) {
  uint64_t h = PTIC_HANDLE_TAG | (PTIC_SCAST(uint64_t, gen) << 8) | (slot + 1u);
  return PTIC_CAST(pti_callback_subscriber_handle, PTIC_SCAST(uintptr_t, h));
}

/* The slot of a live handle, or -1. Call with ptic__g.lock held. */
static int ptic__slot_of(pti_callback_subscriber_handle h) {
  uint64_t v = PTIC_SCAST(uint64_t, PTIC_CAST(uintptr_t, h));
  if ((v & (PTIC_SCAST(uint64_t, 0xff) << 56)) != PTIC_HANDLE_TAG) return -1;
  if ((v >> 40) & 0xffffu) return -1; /* bits no handle has */
  uint32_t slot = PTIC_SCAST(uint32_t, v & 0xff);
  uint32_t gen = PTIC_SCAST(uint32_t, (v >> 8) & 0xffffffffu);
  if (slot == 0 || slot > PTIC_MAX_SUBSCRIBERS) return -1;
  slot -= 1;
  if ((gen & 1u) == 0 || ptic__atomic_load_u32(&ptic__g.slot[slot].gen, PTIC_RELAXED) != gen)
    return -1;
  return PTIC_SCAST(int, slot);
}

/* Lock the registry and find the slot of h (-1: invalid; the lock is held either way). */
static int ptic__lock_slot(pti_callback_subscriber_handle h) {
  ptic__init();
  pthread_mutex_lock(&ptic__g.lock);
  return ptic__slot_of(h);
}

/* Recompute the global masks from the slots. Call with ptic__g.lock held. */
static void ptic__mask_publish(void) {
  uint32_t m = 0;
  uint32_t api[PTIC_API_WORDS];
  memset(api, 0, sizeof api);
  uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED);
  for (uint32_t i = 0; i < n; i++) {
    m |= ptic__atomic_load_u32(&ptic__g.slot[i].mask, PTIC_RELAXED);
    for (uint32_t w = 0; w < PTIC_API_WORDS; w++)
      api[w] |= ptic__atomic_load_u32(&ptic__g.slot[i].api[w], PTIC_RELAXED);
  }
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) ptic__atomic_store_u32(&ptic__g.api[w], api[w], PTIC_RELAXED);
  /* the kept bits change outside the registry lock: compare-and-swap */
  uint32_t old = ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED), want;
  do {
    want = ptic__atomic_load_u32(&ptic__g.shutdown, PTIC_RELAXED) ? 0u : (m | (old & PTIC_BITS_KEPT));
  } while (!__atomic_compare_exchange_n(&ptic__g.mask.v, &old, want, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
}

/* Turn a kept bit on or off. */
static void ptic__mask_keep(uint32_t bit, int on) {
  if (on) __atomic_fetch_or(&ptic__g.mask.v, bit, __ATOMIC_RELEASE);
  else __atomic_fetch_and(&ptic__g.mask.v, ~bit, __ATOMIC_RELEASE);
}

/* Whether the live slots' subscription order follows their index. Call with the lock held.
   A slot being vacated may still be delivering: it counts as live. */
static void ptic__order_publish(void) {
  uint64_t last = 0;
  uint32_t ok = 1, n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED);
  for (uint32_t i = 0; i < n && ok; i++) {
    ptic__slot* s = &ptic__g.slot[i];
    if (!(ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) & 1u)) continue;
    uint64_t o = ptic__atomic_load_u64(&s->order, PTIC_RELAXED);
    ok = o > last;
    last = o;
  }
  ptic__atomic_store_u32(&ptic__g.in_order, ok, PTIC_RELEASE);
}

/* A slot's DRIVER_API domain bits follow its per-function bits: on in a phase if any function
   is on in that phase. Call with ptic__g.lock held. */
static void ptic__slot_sync_api_mask(ptic__slot* s) {
  uint32_t any = 0;
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) {
    uint32_t v = ptic__atomic_load_u32(&s->api[w], PTIC_RELAXED);
    any |= (v & 0x55555555u) ? 1u : 0u;
    any |= (v & 0xaaaaaaaau) ? 2u : 0u;
  }
  uint32_t m = ptic__atomic_load_u32(&s->mask, PTIC_RELAXED) & ~PTIC_BITS(PTIC_DOM_DRIVER_API);
  if (any & 1u) m |= PTIC_BIT(PTIC_DOM_DRIVER_API, 1u);
  if (any & 2u) m |= PTIC_BIT(PTIC_DOM_DRIVER_API, 2u);
  ptic__atomic_store_u32(&s->mask, m, PTIC_RELEASE);
}

/* ==== >>threads =========================================================================== */
/* Each traced call that anyone listens to gets a frame on its thread's frame stack; the tracer's
   per-call instance pointer points at it, so ENTER and EXIT share it. */

typedef struct ptic__frame {
  uint32_t corr_id;
  uint32_t api;              /* PTIC_API_* */
  uint64_t entered[2];       /* lanes: 0 = role domain, 1 = DRIVER_API; bit per slot */
  uint32_t gen[PTIC_MAX_SUBSCRIBERS];
  void* inst[2][PTIC_MAX_SUBSCRIBERS];
  ptic__view view;
  void* params;
  uint64_t serial;           /* of the object a destroy works on */
  void* ctx;                 /* backend_context of the call's records */
  unsigned dom;              /* the role domain whose record is filled, or PTIC_DOM_NONE */
  void* record;              /* that record */
  union {
    pti_callback_gpu_op_data gpu;
    pti_callback_kernel_data kern;
    ptic_context_data context;
    ptic_module_data module;
    ptic_sync_data sync;
  } r;
  ptic_api_data api_rec;
  pti_gpu_op_details op1;    /* storage for one operation */
  pti_gpu_op_details* ops;   /* more operations (multiple indirect launch, executions) */
  ptic_op_info* infos;       /* of a DISPATCHED record */
  uint32_t ops_cap, infos_cap;
  int gpu_track;             /* APPEND: the operations are tracked (>>gpu-ops) */
  ze_event_handle_t gpu_ev;  /* APPEND: the library's event the operation signals */
  ze_event_handle_t app_ev;  /* APPEND: the application's signal event */
  void* exec;                /* EXECUTE: the execution being submitted */
  void** lists;              /* EXECUTE: the submission with the harvest list */
  size_t lists_cap;
} ptic__frame;

/* What the ptic* accessors know of the record a callback received. */
typedef struct ptic__cur {
  const void* rec;
  const ptic__frame* frame;
  uint32_t api_id;
  unsigned dom;
  pti_callback_phase phase;
} ptic__cur;

typedef struct ptic__thread {
  uint32_t internal;    /* > 0 while the library itself calls Level Zero */
  uint32_t in_callback; /* > 0 while a user callback runs on this thread */
  uint32_t depth;
  uint32_t tid;
  const struct ptic__cur* cur;   /* the record being delivered on this thread (accessors) */
  const ptic_op_info* cur_infos; /* operations of the COMPLETED record being delivered */
  uint32_t cur_ninfos;
  struct ptic__ocache* oc;       /* last objects looked up (>>objects), allocated on first use */
  struct ptic__done* done;       /* completions collected, delivered once the lock is released */
  uint32_t ndone, done_cap;
  ptic__frame frame[PTIC_MAX_NESTING];
} ptic__thread;

/* The one thread-local variable the hot path reads: initial-exec, so that a tool built as a
   shared library (LD_PRELOAD) reads it without a __tls_get_addr call. A tool that is
   dlopen()ed late into a process with no static TLS room left can define PTIC_TLS_MODEL as
   "global-dynamic". */
#ifndef PTIC_TLS_MODEL
#define PTIC_TLS_MODEL "initial-exec"
#endif
static __thread ptic__thread* ptic__tls __attribute__((tls_model(PTIC_TLS_MODEL)));

static void ptic__thread_free(void* p) {
  ptic__thread* t = PTIC_CAST(ptic__thread*, p);
  if (!t) return;
  for (uint32_t i = 0; i < PTIC_MAX_NESTING; i++) {
    PTIC_FREE(t->frame[i].ops);
    PTIC_FREE(t->frame[i].infos);
    PTIC_FREE(t->frame[i].lists);
  }
  PTIC_FREE(t->done);
  PTIC_FREE(t->oc);
  PTIC_FREE(t);
}

static uint32_t ptic__gettid(void) {
#if defined(__linux__)
  return PTIC_SCAST(uint32_t, syscall(SYS_gettid));
#else
  return PTIC_SCAST(uint32_t, PTIC_CAST(uintptr_t, pthread_self()));
#endif
}

static ptic__thread* ptic__thread_get(void) {
  ptic__thread* t = ptic__tls;
  if (PTIC_LIKELY(t != NULL)) return t;
  t = PTIC_CAST(ptic__thread*, PTIC_MALLOC(sizeof *t));
  if (!t) return NULL;
  memset(t, 0, sizeof *t);
  t->tid = ptic__gettid();
  ptic__tls = t;
  if (ptic__g.thread_key_ok) pthread_setspecific(ptic__g.thread_key, t);
  return t;
}

/* Level Zero calls the library makes itself: marked so that its own tracer ignores them. */
#define PTIC_INTERNAL_CALL(t, expr) ((t)->internal++, (expr), (t)->internal--)

/* ==== >>objects =========================================================================== */
/* Level Zero objects the library has seen created: a hash map keyed by (a, b) where objects use
   (handle, 0) and kernel ids use (module, interned name). One mutex (reader-writer locks are not
   declared in strict ISO C modes); writes happen on create and destroy, reads on traced calls
   that need an object's context, device or name. */

enum {
  PTIC_OBJ_LIST = 1,
  PTIC_OBJ_QUEUE,
  PTIC_OBJ_FENCE,
  PTIC_OBJ_EVENT_POOL,
  PTIC_OBJ_EVENT,
  PTIC_OBJ_CONTEXT,
  PTIC_OBJ_MODULE,
  PTIC_OBJ_KERNEL,
  PTIC_OBJ_KERNEL_ID
};

typedef struct ptic__obj {
  uintptr_t a, b;       /* key; a == 0: empty; a == 1: deleted */
  uint32_t kind;
  uint32_t flags;       /* lists: pti_backend_command_list_type; modules: format; pools:
                           ze_event_pool_flags_t; events: their pool's, | PTIC_EVF_POOL_KNOWN */
  uint64_t serial;      /* creation order; distinguishes a reused handle */
  void* context;
  void* device;
  void* parent;         /* kernel: module; event: pool; fence: queue; context: driver */
  const char* name;     /* kernel name, interned, lives until exit */
  const char* const* names; /* module: kernel names, interned, lives until exit */
  uint32_t count;       /* module: number of names */
  uint64_t size;        /* module: binary size */
  uint64_t kernel_id;
  void* ext;            /* regular list: its ptic__listrec */
} ptic__obj;
#define PTIC_EVF_POOL_KNOWN 0x80000000u /* an event's flags are its pool's */

typedef struct ptic__objects {
  ptic__obj* tab;
  size_t cap, used;     /* used counts live and deleted entries */
  char** names;         /* interned strings */
  size_t nnames, names_cap;
  const char*** lists;  /* interned name lists (a count first, as a pointer-sized integer) */
  size_t nlists, lists_cap;
  uint64_t next_serial;
} ptic__objects;

static ptic__objects ptic__objs;
/* The objects lock: a futex mutex (0 free, 1 held, 2 held with waiters). Taken a few times per
   tracked operation; uncontended it is one atomic instruction each way (a pthread mutex costs
   ~50 instructions a round trip). Waiters sleep in the kernel: the holder may be inside a Level
   Zero call. */
static ptic__atomic_u32 ptic__objs_word;
static ptic__atomic_u64 ptic__objs_epoch; /* moves on every insert and erase */
typedef struct ptic__ocache {
  uint64_t epoch;
  ptic__obj obj[4];
} ptic__ocache;

/* Internal events raised while the lock is held wait until it is released: no callback runs
   under a library lock. */
typedef struct ptic__deferred {
  uint32_t n;
  pti_internal_event_type type[8];
  const char* msg[8];
} ptic__deferred;
static ptic__deferred ptic__defer;        /* under the objects lock */
static ptic__atomic_u64 ptic__objs_owner; /* ptic__self() of the thread holding it, or 0 */
static void ptic__internal_event_now(pti_internal_event_type type, const char* msg);

/* This thread, as a number: the address of its ptic__tls (no call with the default TLS model). */
static uint64_t ptic__self(void) { return PTIC_SCAST(uint64_t, PTIC_CAST(uintptr_t, &ptic__tls)); }

static PTIC_NOINLINE void ptic__objs_wait(void) {
  while (__atomic_exchange_n(&ptic__objs_word.v, 2u, __ATOMIC_ACQUIRE) != 0)
    syscall(SYS_futex, &ptic__objs_word.v, 128 /* FUTEX_WAIT_PRIVATE */, 2u, NULL, NULL, 0);
}
static void ptic__objs_lock(void) {
  uint32_t expected = 0;
  if (PTIC_UNLIKELY(!__atomic_compare_exchange_n(&ptic__objs_word.v, &expected, 1u, 0, __ATOMIC_ACQUIRE,
                                                 __ATOMIC_RELAXED)))
    ptic__objs_wait();
  ptic__atomic_store_u64(&ptic__objs_owner, ptic__self(), PTIC_RELAXED);
}
static void ptic__objs_release(void) {
  if (PTIC_UNLIKELY(__atomic_exchange_n(&ptic__objs_word.v, 0u, __ATOMIC_RELEASE) == 2u))
    syscall(SYS_futex, &ptic__objs_word.v, 129 /* FUTEX_WAKE_PRIVATE */, 1, NULL, NULL, 0);
}
static void ptic__objs_unlock(void) {
  ptic__atomic_store_u64(&ptic__objs_owner, 0, PTIC_RELAXED);
  const uint32_t n = ptic__defer.n;
  if (PTIC_LIKELY(n == 0)) {
    ptic__objs_release();
    return;
  }
  pti_internal_event_type type[8];
  const char* msg[8];
  for (uint32_t i = 0; i < n; i++) {
    type[i] = ptic__defer.type[i];
    msg[i] = ptic__defer.msg[i];
  }
  ptic__defer.n = 0;
  ptic__objs_release();
  for (uint32_t i = 0; i < n; i++) ptic__internal_event_now(type[i], msg[i]);
}

static size_t ptic__hash(uintptr_t a, uintptr_t b) {
  uint64_t h = (PTIC_SCAST(uint64_t, a) ^ (PTIC_SCAST(uint64_t, b) * 0x9e3779b97f4a7c15ull));
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return PTIC_SCAST(size_t, h);
}

/* Find (a, b). Lock held. */
static ptic__obj* ptic__obj_find(uintptr_t a, uintptr_t b) {
  if (!ptic__objs.cap || a < 2) return NULL;
  size_t mask = ptic__objs.cap - 1;
  for (size_t i = ptic__hash(a, b) & mask;; i = (i + 1) & mask) {
    ptic__obj* o = &ptic__objs.tab[i];
    if (o->a == 0) return NULL;
    if (o->a == a && o->b == b) return o;
  }
}

/* Rebuild the table with room to grow (also drops deleted entries). Lock held. */
static int ptic__obj_rehash(void) {
  size_t live = 0;
  for (size_t i = 0; i < ptic__objs.cap; i++) live += ptic__objs.tab[i].a >= 2;
  size_t ncap = 256;
  while (ncap < live * 4) ncap *= 2;
  ptic__obj* tab = PTIC_CAST(ptic__obj*, PTIC_MALLOC(ncap * sizeof *tab));
  if (!tab) return 0;
  memset(tab, 0, ncap * sizeof *tab);
  for (size_t i = 0; i < ptic__objs.cap; i++) {
    ptic__obj* o = &ptic__objs.tab[i];
    if (o->a < 2) continue;
    size_t j = ptic__hash(o->a, o->b) & (ncap - 1);
    while (tab[j].a) j = (j + 1) & (ncap - 1);
    tab[j] = *o;
  }
  PTIC_FREE(ptic__objs.tab);
  ptic__objs.tab = tab;
  ptic__objs.cap = ncap;
  ptic__objs.used = live;
  return 1;
}

/* Insert or replace (a, b); returns the zeroed entry or NULL when out of memory. Lock held. */
static ptic__obj* ptic__obj_put(uintptr_t a, uintptr_t b) {
  ptic__obj* o = ptic__obj_find(a, b);
  if (!o) {
    if ((ptic__objs.used + 1) * 4 >= ptic__objs.cap * 3 && !ptic__obj_rehash()) return NULL;
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
  ptic__atomic_add_u64(&ptic__objs_epoch, 1, PTIC_RELEASE);
  return o;
}

static void ptic__obj_erase(ptic__obj* o) {
  ptic__atomic_add_u64(&ptic__objs_epoch, 1, PTIC_RELEASE);
  memset(o, 0, sizeof *o);
  o->a = 1;
}

/* Remove the kernel ids of a module (its kernels get new ids if the handle is reused). Lock. */
static void ptic__obj_del_kernel_ids(uintptr_t module) {
  for (size_t i = 0; i < ptic__objs.cap; i++) {
    ptic__obj* o = &ptic__objs.tab[i];
    if (o->a == module && o->kind == PTIC_OBJ_KERNEL_ID) ptic__obj_erase(o);
  }
}

/* Make room in a malloc'd array for `need` elements (n of them in use); 0 when out of memory. */
static int ptic__reserve(void* arrayp, size_t n, size_t need, size_t* cap, size_t elem) {
  if (need <= *cap) return 1;
  size_t ncap = *cap ? *cap : 16;
  while (ncap < need) ncap *= 2;
  void** array = PTIC_CAST(void**, arrayp);
  void* a = PTIC_MALLOC(ncap * elem);
  if (!a) return 0;
  if (n) memcpy(a, *array, n * elem);
  PTIC_FREE(*array);
  *array = a;
  *cap = ncap;
  return 1;
}
/* Room for one more. */
static int ptic__grow(void* arrayp, size_t n, size_t* cap, size_t elem) {
  return ptic__reserve(arrayp, n, n + 1, cap, elem);
}

/* An interned copy of s, or NULL when out of memory. Lock held. */
static const char* ptic__intern(const char* s) {
  if (!s) return NULL;
  for (size_t i = 0; i < ptic__objs.nnames; i++)
    if (strcmp(ptic__objs.names[i], s) == 0) return ptic__objs.names[i];
  if (!ptic__grow(&ptic__objs.names, ptic__objs.nnames, &ptic__objs.names_cap, sizeof(char*)))
    return NULL;
  size_t len = strlen(s) + 1;
  char* c = PTIC_CAST(char*, PTIC_MALLOC(len));
  if (!c) return NULL;
  memcpy(c, s, len);
  ptic__objs.names[ptic__objs.nnames++] = c;
  return c;
}

/* An interned list of interned names (the same list for a module loaded again). Lock held. */
static const char* const* ptic__intern_list(const char* const* names, uint32_t count) {
  const char* tmp[64];
  const char** in = count <= 64 ? tmp : PTIC_CAST(const char**, PTIC_MALLOC(count * sizeof *in));
  if (!in) return NULL;
  const char* const* found = NULL;
  for (uint32_t i = 0; i < count; i++) in[i] = ptic__intern(names[i]);
  for (size_t l = 0; l < ptic__objs.nlists && !found; l++) {
    const char** x = ptic__objs.lists[l];
    if (PTIC_CAST(uintptr_t, x[0]) == count && memcmp(x + 1, in, count * sizeof *in) == 0) found = x + 1;
  }
  if (!found && ptic__grow(&ptic__objs.lists, ptic__objs.nlists, &ptic__objs.lists_cap, sizeof(char**))) {
    const char** x = PTIC_CAST(const char**, PTIC_MALLOC((count + 1) * sizeof *x));
    if (x) {
      x[0] = PTIC_CAST(const char*, PTIC_SCAST(uintptr_t, count));
      memcpy(x + 1, in, count * sizeof *in);
      ptic__objs.lists[ptic__objs.nlists++] = x;
      found = x + 1;
    }
  }
  if (in != tmp) PTIC_FREE(PTIC_CAST(void*, in));
  return found;
}

/* The kernel id of (module, interned name), allocated on first sight. Lock held. */
static uint64_t ptic__kernel_id(uintptr_t module, const char* name) {
  if (!name) return 0;
  uintptr_t a = module ? module : 2;
  ptic__obj* o = ptic__obj_find(a, PTIC_CAST(uintptr_t, name));
  if (o) return o->kernel_id;
  o = ptic__obj_put(a, PTIC_CAST(uintptr_t, name));
  if (!o) return 0;
  o->kind = PTIC_OBJ_KERNEL_ID;
  o->kernel_id = ptic__atomic_add_u64(&ptic__g.next_kernel_id, 1, PTIC_RELAXED);
  return o->kernel_id;
}

/* What is known of object h of a kind, or NULL: a pointer into a per-thread cache, valid until
   this thread looks up another object. The cache holds the last objects looked up and stays
   valid while no object is created or destroyed (epoch): traced calls on the same list and
   kernel take no lock. The hit is inline; the miss (lock, table) is not. */
static PTIC_NOINLINE const ptic__obj* ptic__obj_miss(const void* h, uint32_t kind, uint64_t epoch) {
  ptic__thread* t = ptic__thread_get();
  if (!t) return NULL;
  const int fresh = t->oc == NULL;
  if (fresh && !(t->oc = PTIC_CAST(ptic__ocache*, PTIC_MALLOC(sizeof *t->oc)))) return NULL;
  ptic__ocache* oc = t->oc;
  ptic__obj* c = &oc->obj[(PTIC_CAST(uintptr_t, h) >> 4) & 3u];
  if (fresh || oc->epoch != epoch) {
    memset(oc, 0, sizeof *oc);
    oc->epoch = epoch;
  }
  const ptic__obj* found = NULL;
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, h), 0);
  if (o && o->kind == kind) {
    *c = *o;
    found = c;
  }
  ptic__objs_unlock();
  return found;
}

static PTIC_ALWAYS_INLINE const ptic__obj* ptic__obj_peek(const void* h, uint32_t kind) {
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE);
  const ptic__thread* t = ptic__tls;
  const ptic__ocache* oc = t ? t->oc : NULL;
  if (PTIC_LIKELY(oc != NULL)) {
    const ptic__obj* c = &oc->obj[(PTIC_CAST(uintptr_t, h) >> 4) & 3u];
    if (PTIC_LIKELY(oc->epoch == epoch && h && c->a == PTIC_CAST(uintptr_t, h)))
      return c->kind == kind ? c : NULL;
  }
  return ptic__obj_miss(h, kind, epoch);
}

/* A copy of what is known of object h of a kind; 0 when unknown. */
static int ptic__obj_get(const void* h, uint32_t kind, ptic__obj* out) {
  const ptic__obj* o = ptic__obj_peek(h, kind);
  if (o) *out = *o;
  return o != NULL;
}

/* The context of an object, through its parent when it has none itself. Lock held. */
static void* ptic__context_of(const void* h) {
  for (int hops = 0; h && hops < 3; hops++) {
    ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, h), 0);
    if (!o) return NULL;
    if (o->kind == PTIC_OBJ_CONTEXT) return PTIC_CAST(void*, o->a);
    if (o->context) return o->context;
    h = o->parent;
  }
  return NULL;
}

/* Record a kernel: name interned, id per (module, name). *out receives the record. */
static void ptic__track_kernel(const void* kernel, const void* module, const char* name,
                               ptic__obj* out) {
  memset(out, 0, sizeof *out);
  ptic__objs_lock();
  ptic__obj mod;
  ptic__obj* m = ptic__obj_find(PTIC_CAST(uintptr_t, module), 0);
  if (m && m->kind == PTIC_OBJ_MODULE) mod = *m;
  else memset(&mod, 0, sizeof mod);
  const char* iname = ptic__intern(name);
  uint64_t id = ptic__kernel_id(PTIC_CAST(uintptr_t, module), iname);
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, kernel), 0);
  if (o) {
    o->kind = PTIC_OBJ_KERNEL;
    o->parent = PTIC_CAST(void*, PTIC_CAST(uintptr_t, module));
    o->context = mod.context;
    o->device = mod.device;
    o->name = iname;
    o->kernel_id = id;
    *out = *o;
  }
  ptic__objs_unlock();
}

/* ==== >>dispatch ========================================================================== */

/* One record being delivered: what every subscriber's call shares. */
typedef struct ptic__delivery {
  ptic__cur cur;              /* record, frame, api id, domain, phase: what the accessors see */
  void* ctx;
  uint32_t bit;               /* the domain x phase bit a subscriber must have */
  unsigned lane;              /* instance-data lane of the frame */
  int force;                  /* deliver even if the subscriber turned the domain off */
} ptic__delivery;

/* Call subscriber `slot` if it is live and still wants the record (whichever subscription
   holds the slot now: one that took it meanwhile has the domain on itself). */
static PTIC_ALWAYS_INLINE void ptic__call_slot(ptic__thread* t, const ptic__delivery* d, uint32_t slot) {
  ptic__slot* s = &ptic__g.slot[slot];
  ptic__atomic_add_u32(&s->inflight, 1, PTIC_SEQ_CST);
  uint32_t gen = ptic__atomic_load_u32(&s->gen, PTIC_SEQ_CST);
  if ((gen & 1u) && (d->force || (ptic__atomic_load_u32(&s->mask, PTIC_RELAXED) & d->bit))) {
    void* scratch = NULL;
    void** inst = &scratch;
    ptic__frame* f = PTIC_CAST(ptic__frame*, PTIC_CAST(uintptr_t, d->cur.frame));
    if (f) {
      const uint64_t sbit = PTIC_SCAST(uint64_t, 1) << slot;
      inst = &f->inst[d->lane][slot];
      if (d->cur.phase == PTI_CB_PHASE_API_ENTER || !(f->entered[d->lane] & sbit) || f->gen[slot] != gen) {
        *inst = NULL;
        f->entered[d->lane] |= sbit;
        f->gen[slot] = gen;
      }
    }
    pti_callback_function cb;
    void* cbp = ptic__atomic_load_ptr(&s->cb, PTIC_ACQUIRE);
    memcpy(&cb, &cbp, sizeof cb);
    void* user = ptic__atomic_load_ptr(&s->user, PTIC_RELAXED);
    const ptic__cur* prev = NULL;
    if (t) { /* restored for nested deliveries */
      prev = t->cur;
      t->cur = &d->cur;
      t->in_callback++;
    }
    cb(ptic__dom_public[d->cur.dom], PTI_API_GROUP_LEVELZERO, d->cur.api_id, d->ctx,
       PTIC_CAST(void*, PTIC_CAST(uintptr_t, d->cur.rec)), user, inst);
    if (t) {
      t->in_callback--;
      t->cur = prev;
    }
  }
  ptic__atomic_sub_u32(&s->inflight, 1, PTIC_SEQ_CST);
}

/* Fill a delivery; returns the phase bit index (1 ENTER or single-phase, 2 EXIT / thread end). */
static PTIC_ALWAYS_INLINE unsigned ptic__delivery_init(ptic__delivery* d, ptic__frame* f, unsigned dom,
                                                       pti_callback_phase phase, unsigned lane,
                                                       uint32_t api_id, void* ctx, void* cb_data, int force) {
  const unsigned p = phase == PTI_CB_PHASE_API_EXIT || phase == PTI_CB_PHASE_INTERNAL_THREAD_END ? 2u : 1u;
  d->cur.rec = cb_data;
  d->cur.frame = f;
  d->cur.api_id = api_id;
  d->cur.dom = dom;
  d->cur.phase = phase;
  d->ctx = ctx;
  d->bit = PTIC_BIT(dom, p);
  d->lane = lane;
  d->force = force;
  return p;
}

/* Whether slot i takes delivery d (phase bit p): in `only`, the domain on (or `force`), and for
   DRIVER_API the function's bit. */
static PTIC_ALWAYS_INLINE int ptic__wants(uint32_t i, const ptic__delivery* d, unsigned dom, uint32_t api,
                                          unsigned p, uint64_t only, int force) {
  return ((only >> i) & 1u) &&
         (force || (ptic__atomic_load_u32(&ptic__g.slot[i].mask, PTIC_RELAXED) & d->bit)) &&
         (dom != PTIC_DOM_DRIVER_API ||
          ((ptic__atomic_load_u32(&ptic__g.slot[i].api[PTIC_API_WORD(api)], PTIC_RELAXED) >>
            PTIC_API_SHIFT(api)) & p));
}

/* ptic__deliver_to when the slots are not in subscription order (a slot was reused): sorted by
   subscription order. */
static PTIC_NOINLINE void ptic__deliver_sorted(ptic__thread* t, const ptic__delivery* d, uint32_t api,
                                               unsigned p, uint64_t only, int force) {
  const int reverse = d->cur.phase == PTI_CB_PHASE_API_EXIT;
  const uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_ACQUIRE);
  uint32_t cand[PTIC_MAX_SUBSCRIBERS];
  uint64_t ord[PTIC_MAX_SUBSCRIBERS];
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (!ptic__wants(i, d, d->cur.dom, api, p, only, force)) continue;
    uint64_t o = ptic__atomic_load_u64(&ptic__g.slot[i].order, PTIC_RELAXED);
    uint32_t j = k++;
    while (j > 0 && (reverse ? ord[j - 1] < o : ord[j - 1] > o)) { /* insertion sort */
      cand[j] = cand[j - 1];
      ord[j] = ord[j - 1];
      j--;
    }
    cand[j] = i;
    ord[j] = o;
  }
  for (uint32_t c = 0; c < k; c++) ptic__call_slot(t, d, cand[c]);
}

/* Deliver one record of domain `dom` in `phase` to every subscriber that has it enabled: ENTER
   (and single-phase records) in subscription order, EXIT in reverse. `lane` selects the frame's
   instance-data lane (0 role domain, 1 DRIVER_API); f may be NULL (no instance data). For
   DRIVER_API, `api` (PTIC_API_*) filters by the subscribers' per-function bits. Only the slots
   in `only` are considered; `force` skips the check that they still have the domain on. Inline:
   the common case (slots in subscription order) is a plain loop. */
static PTIC_ALWAYS_INLINE void ptic__deliver_to(ptic__thread* t, ptic__frame* f, unsigned dom,
                                                 pti_callback_phase phase, unsigned lane, uint32_t api,
                                                 uint32_t api_id, void* ctx, void* cb_data, uint64_t only,
                                                 int force) {
  ptic__delivery d;
  const unsigned p = ptic__delivery_init(&d, f, dom, phase, lane, api_id, ctx, cb_data, force);
  if (PTIC_UNLIKELY(!ptic__atomic_load_u32(&ptic__g.in_order, PTIC_ACQUIRE))) {
    ptic__deliver_sorted(t, &d, api, p, only, force);
    return;
  }
  const uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_ACQUIRE);
  if (phase != PTI_CB_PHASE_API_EXIT) {
    for (uint32_t i = 0; i < n; i++)
      if (ptic__wants(i, &d, dom, api, p, only, force)) ptic__call_slot(t, &d, i);
  } else {
    for (uint32_t i = n; i-- > 0;)
      if (ptic__wants(i, &d, dom, api, p, only, force)) ptic__call_slot(t, &d, i);
  }
}

/* To every subscriber that has the domain on. */
static PTIC_ALWAYS_INLINE void ptic__deliver(ptic__thread* t, ptic__frame* f, unsigned dom, pti_callback_phase phase,
                                             unsigned lane, uint32_t api, uint32_t api_id, void* ctx, void* cb_data) {
  ptic__deliver_to(t, f, dom, phase, lane, api, api_id, ctx, cb_data, ~PTIC_SCAST(uint64_t, 0), 0);
}

/* Report a problem of the library through INTERNAL_EVENT (never printed). msg is a literal. */
static void ptic__internal_event(ptic__thread* t, pti_internal_event_type type, const char* msg) {
  if (!(ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED) & PTIC_BIT(PTIC_DOM_INTERNAL_EVENT, 1u)))
    return;
  if (ptic__atomic_load_u64(&ptic__objs_owner, PTIC_RELAXED) == ptic__self()) {
    /* this thread holds the objects lock: delivered when it is released; the first 8 are kept */
    if (ptic__defer.n < 8) {
      ptic__defer.type[ptic__defer.n] = type;
      ptic__defer.msg[ptic__defer.n++] = msg;
    }
    return;
  }
  pti_internal_callback_data d;
  memset(&d, 0, sizeof d);
  d._domain = PTI_CB_DOMAIN_INTERNAL_EVENT;
  d._phase = PTI_CB_PHASE_INTERNAL_EVENT;
  d._detail = PTIC_SCAST(uint32_t, type);
  d._message = msg;
  ptic__deliver(t, NULL, PTIC_DOM_INTERNAL_EVENT, PTI_CB_PHASE_INTERNAL_EVENT, 0, 0, 0, NULL, &d);
}

static void ptic__internal_event_now(pti_internal_event_type type, const char* msg) {
  ptic__internal_event(ptic__tls, type, msg);
}

/* ==== >>domains =========================================================================== */

static const uint32_t ptic__api_id[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) id,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    0};
static const uint8_t ptic__api_role[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) PTIC_ROLE_##role,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    0};
static const uint8_t ptic__api_nargs[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) nargs,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    0};
static const char* const ptic__api_names[PTIC_API_COUNT + 1] = {
#define PTIC_X(fn, id, pt, cbt, role, nargs) #fn,
    PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X
    ""};

/* PTIC_API_* of a PTI id, or PTIC_API_COUNT. */
static uint32_t ptic__api_of_id(uint32_t api_id) {
  for (uint32_t i = 0; i < PTIC_API_COUNT; i++)
    if (ptic__api_id[i] == api_id) return i;
  return PTIC_API_COUNT;
}

/* A kernel the library has not seen created (before the tracer existed): its name from Level
   Zero, recorded. */
static PTIC_NOINLINE const ptic__obj* ptic__kernel_unknown(ptic__thread* t, const void* kernel) {
  char name[256];
  size_t size = sizeof name;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_kernel_handle_t zk = PTIC_CAST(ze_kernel_handle_t, PTIC_CAST(uintptr_t, kernel));
  if (ptic__g.loader.zeKernelGetName)
    PTIC_INTERNAL_CALL(t, r = ptic__g.loader.zeKernelGetName(zk, &size, name));
  if (r != ZE_RESULT_SUCCESS) {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "zeKernelGetName failed: a kernel's name is unknown");
    return NULL;
  }
  name[sizeof name - 1] = '\0';
  ptic__obj tracked;
  ptic__track_kernel(kernel, NULL, name, &tracked);
  return ptic__obj_peek(kernel, PTIC_OBJ_KERNEL);
}

/* What is known of a kernel, asking Level Zero for its name if it was created before the
   tracer existed. */
static PTIC_ALWAYS_INLINE const ptic__obj* ptic__kernel_info(ptic__thread* t, const void* kernel) {
  if (!kernel) return NULL;
  const ptic__obj* k = ptic__obj_peek(kernel, PTIC_OBJ_KERNEL);
  return k ? k : ptic__kernel_unknown(t, kernel);
}

/* Memory type letter of a pointer: M plain host memory, H host USM, D device, S shared. */
static char ptic__mem_letter(ptic__thread* t, void* ctx, const void* ptr) {
  if (!ctx || !ptr || !ptic__g.loader.zeMemGetAllocProperties) return 'M';
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

#define PTIC_MEM_NAMES(P)                                                                  \
  P "(M2M)", P "(M2H)", P "(M2D)", P "(M2S)", P "(H2M)", P "(H2H)", P "(H2D)", P "(H2S)",   \
  P "(D2M)", P "(D2H)", P "(D2D)", P "(D2S)", P "(S2M)", P "(S2H)", P "(S2D)", P "(S2S)"
static const char* const ptic__copy_names[3][16] = {
    {PTIC_MEM_NAMES("zeCommandListAppendMemoryCopy")},
    {PTIC_MEM_NAMES("zeCommandListAppendMemoryCopyRegion")},
    {PTIC_MEM_NAMES("zeCommandListAppendMemoryCopyFromContext")}};
static const char* const ptic__fill_names[4] = {
    "zeCommandListAppendMemoryFill(M)", "zeCommandListAppendMemoryFill(H)",
    "zeCommandListAppendMemoryFill(D)", "zeCommandListAppendMemoryFill(S)"};

static unsigned ptic__mem_index(char c) { return c == 'H' ? 1u : c == 'D' ? 2u : c == 'S' ? 3u : 0u; }

static int ptic__is_launch(uint32_t api) {
  return api == PTIC_API_zeCommandListAppendLaunchKernel ||
         api == PTIC_API_zeCommandListAppendLaunchCooperativeKernel ||
         api == PTIC_API_zeCommandListAppendLaunchKernelIndirect ||
         api == PTIC_API_zeCommandListAppendLaunchMultipleKernelsIndirect;
}

/* APPEND, ENTER: describe the operation(s) the call appends. */
static void ptic__append_enter(ptic__thread* t, ptic__frame* f) {
  const ptic__view* v = &f->view;
  pti_callback_gpu_op_data* g = &f->r.gpu;
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  g->_cmd_list_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, v->cmd_list));
  const ptic__obj* list = ptic__obj_peek(v->cmd_list, PTIC_OBJ_LIST);
  if (list) {
    g->_cmd_list_properties = PTIC_SCAST(pti_backend_command_list_type, list->flags);
    g->_device_handle = list->device;
    f->ctx = list->context;
    if (list->flags & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) g->_queue_handle = g->_cmd_list_handle;
  } else {
    g->_cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN;
  }
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_correlation_id = f->corr_id;
  g->_operation_details = &f->op1;

  uint32_t nops = 1;
  if (f->api == PTIC_API_zeCommandListAppendLaunchMultipleKernelsIndirect) {
    nops = v->kernels ? PTIC_SCAST(uint32_t, v->num_kernels) : 0u;
    if (nops > 1 && f->ops_cap < nops) {
      pti_gpu_op_details* ops = PTIC_CAST(pti_gpu_op_details*, PTIC_MALLOC(nops * sizeof *ops));
      if (ops) {
        PTIC_FREE(f->ops);
        f->ops = ops;
        f->ops_cap = nops;
      } else {
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                             "out of memory: a multiple-kernel launch is reported as one operation");
        nops = 1;
      }
    }
    if (nops > 1) g->_operation_details = f->ops;
  }
  g->_operation_count = nops;
  for (uint32_t i = 0; i < nops; i++) {
    pti_gpu_op_details* d = &g->_operation_details[i];
    memset(d, 0, sizeof *d);
    d->_operation_id = ptic__atomic_add_u64(&ptic__g.next_op, 1, PTIC_RELAXED);
    if (ptic__is_launch(f->api)) {
      const void* kernel = f->api == PTIC_API_zeCommandListAppendLaunchMultipleKernelsIndirect
                               ? v->kernels[i] : v->kernel;
      d->_operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
      const ptic__obj* k = ptic__kernel_info(t, kernel);
      if (k) {
        d->_kernel_handle = k->kernel_id;
        d->_name = k->name;
      }
      continue;
    }
    d->_operation_kind = PTI_GPU_OPERATION_KIND_MEMORY;
    d->_name = ptic__api_names[f->api];
    switch (f->api) {
      case PTIC_API_zeCommandListAppendMemoryCopy:
      case PTIC_API_zeCommandListAppendMemoryCopyRegion:
      case PTIC_API_zeCommandListAppendMemoryCopyFromContext: {
        unsigned which = f->api == PTIC_API_zeCommandListAppendMemoryCopy ? 0u
                         : f->api == PTIC_API_zeCommandListAppendMemoryCopyRegion ? 1u : 2u;
        unsigned src = ptic__mem_index(ptic__mem_letter(t, f->ctx, v->src));
        unsigned dst = ptic__mem_index(ptic__mem_letter(t, f->ctx, v->dst));
        d->_name = ptic__copy_names[which][src * 4u + dst];
        break;
      }
      case PTIC_API_zeCommandListAppendMemoryFill:
        d->_name = ptic__fill_names[ptic__mem_index(ptic__mem_letter(t, f->ctx, v->dst))];
        break;
      case PTIC_API_zeCommandListAppendBarrier:
      case PTIC_API_zeCommandListAppendMemoryRangesBarrier:
        d->_operation_kind = PTI_GPU_OPERATION_KIND_OTHER;
        break;
      default: /* image copies */
        break;
    }
  }
}

/* KERNEL_CREATE / KERNEL_DESTROY, ENTER. */
static void ptic__kernel_enter(ptic__thread* t, ptic__frame* f, int create) {
  pti_callback_kernel_data* k = &f->r.kern;
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
    k->_domain = PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED;
    k->_device_kernel_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.kernel));
    const ptic__obj* kern = ptic__kernel_info(t, f->view.kernel);
    if (kern) {
      k->_module_handle = kern->parent;
      k->_device_handle = kern->device;
      k->_kernel_handle = kern->kernel_id;
      k->_name = kern->name;
      f->ctx = kern->context;
      f->serial = kern->serial;
    }
  }
}

/* KERNEL_CREATE, EXIT: track the new kernel. */
static void ptic__kernel_create_exit(ptic__frame* f, ze_result_t r) {
  pti_callback_kernel_data* k = &f->r.kern;
  if (r != ZE_RESULT_SUCCESS || !f->view.out || !*f->view.out) return;
  ptic__obj o;
  ptic__track_kernel(*f->view.out, f->view.module, k->_name, &o);
  k->_device_kernel_handle = *f->view.out;
  if (o.kind == PTIC_OBJ_KERNEL) {
    k->_kernel_handle = o.kernel_id;
    k->_name = o.name;
  }
}

/* Fill a module record from what is tracked of it. */
static void ptic__module_record(ptic_module_data* m, const ptic__obj* o) {
  m->_context_handle = o->context;
  m->_device_handle = o->device;
  m->_format = o->flags;
  m->_kernel_count = o->count;
  m->_kernel_names = o->names;
  m->_binary_size = o->size;
}

/* MODULE_CREATE / MODULE_DESTROY, ENTER. */
static void ptic__module_enter(ptic__frame* f, int create) {
  ptic_module_data* m = &f->r.module;
  memset(m, 0, sizeof *m);
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  if (create) {
    const ze_module_desc_t* desc = PTIC_CAST(const ze_module_desc_t*, f->view.desc);
    m->_domain = PTI_CB_DOMAIN_DRIVER_MODULE_LOADED;
    m->_context_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.context));
    m->_device_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.device));
    if (desc) {
      m->_format = PTIC_SCAST(uint32_t, desc->format);
      m->_binary_size = desc->inputSize;
      m->_binary = desc->pInputModule;
      m->_build_flags = desc->pBuildFlags;
    }
    f->ctx = m->_context_handle;
  } else {
    ptic__obj o;
    m->_domain = PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED;
    m->_module_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.module));
    if (ptic__obj_get(f->view.module, PTIC_OBJ_MODULE, &o)) {
      ptic__module_record(m, &o);
      f->ctx = o.context;
      f->serial = o.serial;
    }
  }
}

/* MODULE_CREATE, EXIT: track the module with its kernel names. */
static void ptic__module_create_exit(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  ptic_module_data* m = &f->r.module;
  if (r != ZE_RESULT_SUCCESS || !f->view.out || !*f->view.out) return;
  void* module = *f->view.out;
  m->_module_handle = module;
  uint32_t count = 0;
  const char* stack_names[64];
  const char** names = stack_names;
  ze_result_t nr = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_module_handle_t zm = PTIC_CAST(ze_module_handle_t, module);
  if (ptic__g.loader.zeModuleGetKernelNames) {
    PTIC_INTERNAL_CALL(t, nr = ptic__g.loader.zeModuleGetKernelNames(zm, &count, NULL));
    if (nr == ZE_RESULT_SUCCESS && count > 64) {
      names = PTIC_CAST(const char**, PTIC_MALLOC(count * sizeof *names));
      if (!names) nr = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (nr == ZE_RESULT_SUCCESS && count)
      PTIC_INTERNAL_CALL(t, nr = ptic__g.loader.zeModuleGetKernelNames(zm, &count, names));
  }
  if (nr != ZE_RESULT_SUCCESS) {
    count = 0;
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "zeModuleGetKernelNames failed: a module's kernel names are unknown");
  }
  ptic__objs_lock();
  ptic__obj_del_kernel_ids(PTIC_CAST(uintptr_t, module));
  const char* const* list = count ? ptic__intern_list(names, count) : NULL;
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, module), 0);
  if (o) {
    o->kind = PTIC_OBJ_MODULE;
    o->context = m->_context_handle;
    o->device = m->_device_handle;
    o->flags = m->_format;
    o->size = m->_binary_size;
    o->names = list;
    o->count = list ? count : 0;
    ptic__module_record(m, o);
  }
  ptic__objs_unlock();
  if (names != stack_names) PTIC_FREE(PTIC_CAST(void*, names));
}

/* CONTEXT_CREATE / CONTEXT_DESTROY, ENTER. */
static void ptic__context_enter(ptic__frame* f, int create) {
  ptic_context_data* c = &f->r.context;
  memset(c, 0, sizeof *c);
  c->_domain = create ? PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED : PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED;
  c->_phase = PTI_CB_PHASE_API_ENTER;
  c->_correlation_id = f->corr_id;
  if (create) {
    c->_driver_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.driver));
  } else {
    ptic__obj o;
    c->_context_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.context));
    f->ctx = c->_context_handle;
    if (ptic__obj_get(f->view.context, PTIC_OBJ_CONTEXT, &o)) {
      c->_driver_handle = o.parent;
      f->serial = o.serial;
    }
  }
}

/* HOST_SYNC, ENTER. */
static void ptic__sync_enter(ptic__frame* f) {
  ptic_sync_data* s = &f->r.sync;
  memset(s, 0, sizeof *s);
  s->_domain = PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION;
  s->_phase = PTI_CB_PHASE_API_ENTER;
  s->_correlation_id = f->corr_id;
  s->_timeout_ns = f->view.timeout;
  const void* obj = f->view.event;
  s->_kind = PTIC_SYNC_EVENT;
  if (f->api == PTIC_API_zeFenceHostSynchronize) {
    obj = f->view.fence;
    s->_kind = PTIC_SYNC_FENCE;
  } else if (f->api == PTIC_API_zeCommandQueueSynchronize) {
    obj = f->view.queue;
    s->_kind = PTIC_SYNC_QUEUE;
  }
  s->_object = PTIC_CAST(void*, PTIC_CAST(uintptr_t, obj));
  ptic__objs_lock();
  f->ctx = ptic__context_of(obj);
  ptic__objs_unlock();
}

/* The kind of object a create / destroy works on, and its handle in the view. */
static uint32_t ptic__obj_kind(uint32_t api) {
  switch (api) {
    case PTIC_API_zeCommandListCreate:
    case PTIC_API_zeCommandListCreateImmediate:
    case PTIC_API_zeCommandListDestroy: return PTIC_OBJ_LIST;
    case PTIC_API_zeCommandQueueCreate:
    case PTIC_API_zeCommandQueueDestroy: return PTIC_OBJ_QUEUE;
    case PTIC_API_zeFenceCreate:
    case PTIC_API_zeFenceDestroy: return PTIC_OBJ_FENCE;
    case PTIC_API_zeEventPoolCreate:
    case PTIC_API_zeEventPoolDestroy: return PTIC_OBJ_EVENT_POOL;
    case PTIC_API_zeEventCreate:
    case PTIC_API_zeEventDestroy: return PTIC_OBJ_EVENT;
    case PTIC_API_zeContextCreate:
    case PTIC_API_zeContextCreateEx:
    case PTIC_API_zeContextDestroy: return PTIC_OBJ_CONTEXT;
    case PTIC_API_zeModuleCreate:
    case PTIC_API_zeModuleDestroy: return PTIC_OBJ_MODULE;
    default: return PTIC_OBJ_KERNEL;
  }
}
static const void* ptic__destroyed_handle(const ptic__frame* f) {
  switch (ptic__obj_kind(f->api)) {
    case PTIC_OBJ_LIST: return f->view.cmd_list;
    case PTIC_OBJ_QUEUE: return f->view.queue;
    case PTIC_OBJ_FENCE: return f->view.fence;
    case PTIC_OBJ_EVENT_POOL: return f->view.event_pool;
    case PTIC_OBJ_EVENT: return f->view.event;
    case PTIC_OBJ_CONTEXT: return f->view.context;
    case PTIC_OBJ_MODULE: return f->view.module;
    default: return f->view.kernel;
  }
}

/* OBJ_CREATE / CONTEXT_CREATE, EXIT: track lists, queues, fences, event pools, events and
   contexts with their context, device and parent. */
static void ptic__track_create_exit(ptic__frame* f, ze_result_t r) {
  if (r != ZE_RESULT_SUCCESS || !f->view.out || !*f->view.out) return;
  const uint32_t kind = ptic__obj_kind(f->api);
  const void* parent = kind == PTIC_OBJ_FENCE ? f->view.queue
                       : kind == PTIC_OBJ_EVENT ? f->view.event_pool
                       : kind == PTIC_OBJ_CONTEXT ? f->view.driver : NULL;
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, *f->view.out), 0);
  if (o) {
    o->kind = kind;
    o->parent = PTIC_CAST(void*, PTIC_CAST(uintptr_t, parent));
    o->context = kind == PTIC_OBJ_CONTEXT ? NULL : PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.context));
    if (!o->context && parent && kind != PTIC_OBJ_CONTEXT) o->context = ptic__context_of(parent);
    o->device = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.device));
    if (f->api == PTIC_API_zeCommandListCreateImmediate)
      o->flags = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
    if (f->api == PTIC_API_zeCommandQueueCreate && f->view.desc) /* queues: their ordinal */
      o->flags = PTIC_CAST(const ze_command_queue_desc_t*, f->view.desc)->ordinal;
    if (f->api == PTIC_API_zeEventPoolCreate && f->view.desc)    /* pools: their flags */
      o->flags = PTIC_CAST(const ze_event_pool_desc_t*, f->view.desc)->flags;
    if (kind == PTIC_OBJ_EVENT) {                                /* events: their pool's */
      const ptic__obj* p = ptic__obj_find(PTIC_CAST(uintptr_t, parent), 0);
      if (p && p->kind == PTIC_OBJ_EVENT_POOL) o->flags = p->flags | PTIC_EVF_POOL_KNOWN;
    }
  }
  ptic__objs_unlock();
  if (kind == PTIC_OBJ_CONTEXT) f->r.context._context_handle = *f->view.out;
}

/* *_DESTROY, ENTER: note which record the handle has now; EXIT: forget it. */
static void ptic__track_destroy_enter(ptic__frame* f) {
  ptic__obj o;
  if (ptic__obj_get(ptic__destroyed_handle(f), ptic__obj_kind(f->api), &o)) {
    f->serial = o.serial;
    if (!f->ctx) f->ctx = o.kind == PTIC_OBJ_CONTEXT ? NULL : o.context;
  }
}
static void ptic__track_destroy_exit(ptic__frame* f, ze_result_t r) {
  if (r != ZE_RESULT_SUCCESS || !f->serial) return;
  const uintptr_t h = PTIC_CAST(uintptr_t, ptic__destroyed_handle(f));
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(h, 0);
  if (o && o->serial == f->serial) ptic__obj_erase(o);
  if (f->api == PTIC_API_zeModuleDestroy) ptic__obj_del_kernel_ids(h);
  ptic__objs_unlock();
}

/* ==== >>gpu-ops =========================================================================== */
/* DISPATCHED and COMPLETED.
   Every GPU operation appended while a subscriber has COMPLETED on signals an event the library
   can read: its own (from pools it keeps per context, reused) when the application passed none
   or one whose pool lacks HOST_VISIBLE + KERNEL_TIMESTAMP -- then a barrier appended right after
   signals the application's event once the library's is signalled -- otherwise the
   application's own event, which the library reads before the application resets or destroys
   it (the application may read its kernel timestamps, so it must stay the one the operation
   signals).
   Immediate lists run in order: each keeps a FIFO of its pending operations and a poll stops at
   the first unfinished one. Regular lists record their appended operations ("templates"); each
   zeCommandQueueExecuteCommandLists executes them as new operations, and the library adds a
   command list of its own to the submission ("harvest list") that copies their kernel
   timestamps to host memory, resets the library's events and signals one harvest event: one
   event to poll per execution, however often a list is executed.
   All state here is under the objects lock (ptic__objs_lock); no callback runs while it is held. */

#define PTIC_NIL 0xffffffffu
#define PTIC_OPS_CHUNK 4096u
#define PTIC_OPS_CHUNKS 4096u
#define PTIC_POOL_EVENTS 256u

/* OURS: the library's event; APP_EVENT: the application's; DONE: read already; EXEC: an
   execution of a regular list */
enum { PTIC_OPF_OURS = 1, PTIC_OPF_APP_EVENT = 2, PTIC_OPF_DONE = 4, PTIC_OPF_EXEC = 8 };

/* One pending GPU operation: 64 bytes of library memory. */
typedef struct ptic__op {
  uint64_t op_id;
  uint64_t kernel_id;
  const char* name;
  uint64_t subs;              /* slots that receive its COMPLETED record */
  union {
    void* event;              /* immediate lists: the event it signals */
    uint64_t origin;          /* executions: the APPENDED operation it executes */
  } u;
  uint32_t corr_append, corr_submit;
  uint32_t stream;
  uint32_t next;              /* next in its FIFO, or in the free list */
  uint32_t tid;
  uint8_t kind;
  uint8_t flags;
  uint16_t pad;
} ptic__op;
PTI_STATIC_ASSERT(sizeof(ptic__op) == 64, "a pending operation takes 64 bytes");

/* An operation recorded into a regular list. */
typedef struct ptic__tmpl {
  uint64_t op_id;
  uint64_t kernel_id;
  const char* name;
  void* event;                /* what it signals: the library's event or the application's */
  uint32_t corr;
  uint8_t kind;
  uint8_t ours;
} ptic__tmpl;

typedef struct ptic__listrec {
  void* list;
  ptic__tmpl* ops;
  size_t n, cap;
  uint32_t untracked;         /* operations appended while COMPLETED was off */
  uint32_t pending;           /* executions not harvested yet */
  uint32_t dead;              /* reset or destroyed: freed once pending is 0 */
} ptic__listrec;

/* An immediate list or a queue. */
typedef struct ptic__stream {
  void* handle;
  void* ctx;
  void* device;
  uint32_t props;             /* pti_backend_command_list_type of an immediate list */
  uint32_t is_queue;
  uint32_t head, tail;        /* FIFO: ops (lists) or execs (queues) */
  uint32_t live;
} ptic__stream;

/* One execution of regular lists on a queue and its harvest list. */
typedef struct ptic__exec {
  void* ctx;
  void* device;
  uint32_t ordinal;
  uint32_t busy;
  ze_command_list_handle_t hlist;
  ze_event_handle_t hevent;
  ze_kernel_timestamp_result_t* buf; /* host USM, one result per operation */
  ze_event_handle_t* events;  /* the operations' events, in order */
  ptic__listrec** recs;       /* the list each operation came from */
  size_t cap;
  uint32_t first_op;          /* the execution's ops, chained by next */
  uint32_t nops;
  uint32_t next;              /* next exec of the queue's FIFO */
  uint32_t index;
} ptic__exec;

typedef struct ptic__device {
  void* device;
  uint64_t freq;              /* timer ticks per second */
  uint64_t ts_mask;           /* kernel timestamp valid bits */
  uint64_t host0, dev0;       /* a synchronisation point of the two clocks */
  uint64_t sync_at;           /* when it was taken (ptic__coarse_ns); 0: never */
} ptic__device;

typedef struct ptic__ctxres {
  void* ctx;
  ze_event_pool_handle_t* pools;
  size_t npools, pools_cap;
  ze_event_handle_t* free_ev;
  size_t nfree, free_cap;
} ptic__ctxres;

/* A collected completion waiting to be delivered. */
typedef struct ptic__done {
  pti_gpu_op_details det;
  ptic_op_info info;
  ze_kernel_timestamp_result_t raw; /* converted once the clocks are synchronised afterwards */
  int has_raw;
  uint64_t subs;
  void* ctx;
  void* device;
  uint32_t props;
  uint32_t stream;
} ptic__done;

typedef ze_result_t(ZE_APICALL* ptic__zfn_pool_create)(ze_context_handle_t, const ze_event_pool_desc_t*,
                                                      uint32_t, ze_device_handle_t*, ze_event_pool_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_pool_destroy)(ze_event_pool_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_event_create)(ze_event_pool_handle_t, const ze_event_desc_t*,
                                                       ze_event_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_event)(ze_event_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_event_ts)(ze_event_handle_t, ze_kernel_timestamp_result_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_barrier)(ze_command_list_handle_t, ze_event_handle_t, uint32_t,
                                                  ze_event_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_list_event)(ze_command_list_handle_t, ze_event_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_query_ts)(ze_command_list_handle_t, uint32_t, ze_event_handle_t*,
                                                   void*, const size_t*, ze_event_handle_t, uint32_t,
                                                   ze_event_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_list_create)(ze_context_handle_t, ze_device_handle_t,
                                                      const ze_command_list_desc_t*, ze_command_list_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_list)(ze_command_list_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_alloc_host)(ze_context_handle_t, const ze_host_mem_alloc_desc_t*,
                                                     size_t, size_t, void**);
typedef ze_result_t(ZE_APICALL* ptic__zfn_free)(ze_context_handle_t, void*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_dev_props)(ze_device_handle_t, ze_device_properties_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_dev_ts)(ze_device_handle_t, uint64_t*, uint64_t*);

/* The Level Zero functions completion tracking calls. */
typedef struct ptic__zfns {
  ptic__zfn_pool_create pool_create;
  ptic__zfn_pool_destroy pool_destroy;
  ptic__zfn_event_create event_create;
  ptic__zfn_event event_destroy, event_query, event_reset;
  ptic__zfn_event_ts event_ts;
  ptic__zfn_barrier append_barrier;
  ptic__zfn_list_event append_event_reset, append_signal;
  ptic__zfn_query_ts append_query_ts;
  ptic__zfn_list_create list_create;
  ptic__zfn_list list_reset, list_close, list_destroy;
  ptic__zfn_alloc_host alloc_host;
  ptic__zfn_free mem_free;
  ptic__zfn_dev_props dev_props;
  ptic__zfn_dev_ts dev_ts;
} ptic__zfns;

typedef struct ptic__gpu {
  ptic__zfns z;
  int ok;                     /* every function above resolved */
  ptic__op* chunk[PTIC_OPS_CHUNKS];
  uint32_t nchunks;
  uint32_t free_op;
  ptic__atomic_u64 pending;   /* ops not collected yet (read without the lock as a hint) */
  uint64_t app_event_ops;     /* of which signal an application's event */
  ptic__stream* streams;
  size_t nstreams, streams_cap;
  ptic__exec** execs;
  size_t nexecs, execs_cap;
  ptic__device* devices;
  size_t ndevices, devices_cap;
  ptic__ctxres* ctxs;
  size_t nctxs, ctxs_cap;
  ptic__done* ready;          /* collected, not yet delivered: [ready_head, nready) */
  size_t nready, ready_cap, ready_head;
  ptic__atomic_u64 nready_hint; /* nready - ready_head, read without the lock */
  ptic__atomic_u32 delivering;  /* a thread is delivering the ready list */
  ptic__atomic_u32 poll_us;
  ptic__atomic_u32 poller_stop;
  int poller_started;
  pthread_t poller;
} ptic__gpu;

static ptic__gpu ptic__gpus;

static void ptic__gpu_resolve(void* dl) {
  ptic__zfns* z = &ptic__gpus.z;
  PTIC_DLSYM(dl, "zeEventPoolCreate", z->pool_create);
  PTIC_DLSYM(dl, "zeEventPoolDestroy", z->pool_destroy);
  PTIC_DLSYM(dl, "zeEventCreate", z->event_create);
  PTIC_DLSYM(dl, "zeEventDestroy", z->event_destroy);
  PTIC_DLSYM(dl, "zeEventQueryStatus", z->event_query);
  PTIC_DLSYM(dl, "zeEventHostReset", z->event_reset);
  PTIC_DLSYM(dl, "zeEventQueryKernelTimestamp", z->event_ts);
  PTIC_DLSYM(dl, "zeCommandListAppendBarrier", z->append_barrier);
  PTIC_DLSYM(dl, "zeCommandListAppendEventReset", z->append_event_reset);
  PTIC_DLSYM(dl, "zeCommandListAppendSignalEvent", z->append_signal);
  PTIC_DLSYM(dl, "zeCommandListAppendQueryKernelTimestamps", z->append_query_ts);
  PTIC_DLSYM(dl, "zeCommandListCreate", z->list_create);
  PTIC_DLSYM(dl, "zeCommandListReset", z->list_reset);
  PTIC_DLSYM(dl, "zeCommandListClose", z->list_close);
  PTIC_DLSYM(dl, "zeCommandListDestroy", z->list_destroy);
  PTIC_DLSYM(dl, "zeMemAllocHost", z->alloc_host);
  PTIC_DLSYM(dl, "zeMemFree", z->mem_free);
  PTIC_DLSYM(dl, "zeDeviceGetProperties", z->dev_props);
  PTIC_DLSYM(dl, "zeDeviceGetGlobalTimestamps", z->dev_ts);
  ptic__gpus.ok = z->pool_create && z->pool_destroy && z->event_create && z->event_destroy &&
                  z->event_query && z->event_reset && z->event_ts && z->append_barrier &&
                  z->append_event_reset && z->append_signal && z->append_query_ts && z->list_create && z->list_reset &&
                  z->list_close && z->list_destroy && z->alloc_host && z->mem_free && z->dev_props &&
                  z->dev_ts;
  ptic__gpus.free_op = PTIC_NIL;
  const char* env = getenv("PTIC_POLL_INTERVAL_US");
  ptic__atomic_store_u32(&ptic__gpus.poll_us, env ? PTIC_SCAST(uint32_t, strtoul(env, NULL, 10)) : 1000u,
                         PTIC_RELAXED);
}

/* ---- storage ---- */

static ptic__op* ptic__op_at(uint32_t i) { return &ptic__gpus.chunk[i / PTIC_OPS_CHUNK][i % PTIC_OPS_CHUNK]; }

/* A zeroed pending op, or PTIC_NIL when out of memory. Chunks of 4096 are never freed: no
   allocation per operation in steady state. */
static uint32_t ptic__op_alloc(void) {
  if (ptic__gpus.free_op == PTIC_NIL) {
    if (ptic__gpus.nchunks == PTIC_OPS_CHUNKS) return PTIC_NIL;
    ptic__op* c = PTIC_CAST(ptic__op*, PTIC_MALLOC(PTIC_OPS_CHUNK * sizeof *c));
    if (!c) return PTIC_NIL;
    uint32_t base = ptic__gpus.nchunks * PTIC_OPS_CHUNK;
    ptic__gpus.chunk[ptic__gpus.nchunks++] = c;
    for (uint32_t i = 0; i < PTIC_OPS_CHUNK; i++) c[i].next = i + 1 < PTIC_OPS_CHUNK ? base + i + 1 : PTIC_NIL;
    ptic__gpus.free_op = base;
  }
  uint32_t i = ptic__gpus.free_op;
  ptic__op* o = ptic__op_at(i);
  ptic__gpus.free_op = o->next;
  memset(o, 0, sizeof *o);
  o->next = PTIC_NIL;
  ptic__atomic_add_u64(&ptic__gpus.pending, 1, PTIC_RELAXED);
  return i;
}

static void ptic__op_free(uint32_t i) {
  ptic__op* o = ptic__op_at(i);
  if ((o->flags & PTIC_OPF_APP_EVENT) && --ptic__gpus.app_event_ops == 0) ptic__mask_keep(PTIC_BIT_APP_EVENTS, 0);
  o->next = ptic__gpus.free_op;
  ptic__gpus.free_op = i;
  ptic__atomic_add_u64(&ptic__gpus.pending, ~PTIC_SCAST(uint64_t, 0), PTIC_RELAXED);
}

/* The stream of an immediate list or queue; created on first use when ctx is given. */
static uint32_t ptic__stream_find(const void* handle) {
  for (size_t i = 0; i < ptic__gpus.nstreams; i++)
    if (ptic__gpus.streams[i].live && ptic__gpus.streams[i].handle == handle) return PTIC_SCAST(uint32_t, i);
  return PTIC_NIL;
}
static uint32_t ptic__stream_get(const void* handle, void* ctx, void* device, uint32_t props,
                                 uint32_t is_queue) {
  uint32_t i = ptic__stream_find(handle);
  if (i != PTIC_NIL) return i;
  size_t slot = 0;
  while (slot < ptic__gpus.nstreams && ptic__gpus.streams[slot].live) slot++;
  if (slot == ptic__gpus.nstreams) {
    if (!ptic__grow(&ptic__gpus.streams, ptic__gpus.nstreams, &ptic__gpus.streams_cap, sizeof(ptic__stream)))
      return PTIC_NIL;
    ptic__gpus.nstreams++;
  }
  ptic__stream* s = &ptic__gpus.streams[slot];
  memset(s, 0, sizeof *s);
  s->handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, handle));
  s->ctx = ctx;
  s->device = device;
  s->props = props;
  s->is_queue = is_queue;
  s->head = s->tail = PTIC_NIL;
  s->live = 1;
  return PTIC_SCAST(uint32_t, slot);
}

/* Timer facts of a device, asked once. */
static ptic__device* ptic__device_of(ptic__thread* t, void* device) {
  for (size_t i = 0; i < ptic__gpus.ndevices; i++)
    if (ptic__gpus.devices[i].device == device) return &ptic__gpus.devices[i];
  if (!device || !ptic__grow(&ptic__gpus.devices, ptic__gpus.ndevices, &ptic__gpus.devices_cap, sizeof(ptic__device)))
    return NULL;
  ptic__device* d = &ptic__gpus.devices[ptic__gpus.ndevices++];
  memset(d, 0, sizeof *d);
  d->device = device;
  ze_device_properties_t p;
  memset(&p, 0, sizeof p);
  p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2; /* timerResolution: ticks per second */
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_device_handle_t dh = PTIC_CAST(ze_device_handle_t, device);
  PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.dev_props(dh, &p));
  if (r == ZE_RESULT_SUCCESS && p.timerResolution) {
    d->freq = p.timerResolution;
  } else {
    memset(&p, 0, sizeof p);
    p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES; /* older drivers: ns per tick */
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.dev_props(dh, &p));
    d->freq = (r == ZE_RESULT_SUCCESS && p.timerResolution) ? 1000000000ull / p.timerResolution : 1000000000ull;
  }
  unsigned bits = r == ZE_RESULT_SUCCESS ? p.kernelTimestampValidBits : 64u;
  d->ts_mask = (bits == 0 || bits >= 64) ? ~PTIC_SCAST(uint64_t, 0) : ((PTIC_SCAST(uint64_t, 1) << bits) - 1u);
  if (!d->freq) d->freq = 1000000000ull;
  return d;
}

static uint64_t ptic__ticks_ns(const ptic__device* d, uint64_t ticks) {
  return (ticks / d->freq) * 1000000000ull + ((ticks % d->freq) * 1000000000ull) / d->freq;
}

static uint64_t ptic__ns_ticks(const ptic__device* d, uint64_t ns) {
  return (ns / 1000000000ull) * d->freq + ((ns % 1000000000ull) * d->freq) / 1000000000ull;
}

/* A cheap monotonic clock, only to know how old a synchronisation point is; 0 if it fails. */
static uint64_t ptic__coarse_ns(void) {
  struct timespec ts;
#if defined(CLOCK_MONOTONIC_COARSE)
  if (clock_gettime(CLOCK_MONOTONIC_COARSE, &ts) != 0) return 0;
#else
  if (clock_gettime(6 /* Linux's CLOCK_MONOTONIC_COARSE, hidden in strict ISO C modes */, &ts) != 0)
    return 0;
#endif
  return PTIC_SCAST(uint64_t, ts.tv_sec) * 1000000000ull + PTIC_SCAST(uint64_t, ts.tv_nsec) + 1u;
}

/* The device time at or after the end of every operation whose event was read before this
   call: a fresh synchronisation point when the last one is older than PTIC_RESYNC_NS (or none
   was taken), else the last one moved forward by the time passed plus a margin (20 ms, far
   above the coarse clock's resolution, plus 0.1 % of the time passed for the clocks' drift),
   small against the period of the kernel timestamps' valid bits. */
static uint64_t ptic__since_sync(const ptic__device* d, uint64_t now) {
  const uint64_t passed = now - d->sync_at;
  return d->dev0 + ptic__ns_ticks(d, passed + passed / 1000u + 20000000u);
}
static uint64_t ptic__device_now(ptic__thread* t, ptic__device* d) {
  const uint64_t now = ptic__coarse_ns();
  if (now && d->sync_at && now - d->sync_at < PTIC_RESYNC_NS)
    return ptic__since_sync(d, now);
  uint64_t host = 0, dev = 0;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.dev_ts(PTIC_CAST(ze_device_handle_t, d->device), &host, &dev));
  if (r == ZE_RESULT_SUCCESS) {
    d->host0 = host;
    d->dev0 = dev;
    d->sync_at = now;
    return dev;
  }
  ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                       "zeDeviceGetGlobalTimestamps failed: the times of operations completed now "
                       "use an older clock synchronisation");
  return now && d->sync_at ? ptic__since_sync(d, now) : d->dev0;
}

/* Host ns of a device time, through the synchronisation point. */
static uint64_t ptic__host_ns(const ptic__device* d, uint64_t ticks) {
  return ticks >= d->dev0 ? d->host0 + ptic__ticks_ns(d, ticks - d->dev0)
                          : d->host0 - ptic__ticks_ns(d, d->dev0 - ticks);
}

/* Full device ticks and host ns of a kernel timestamp of an operation that ended before device
   time `ref`: the latest values <= ref with the same low bits. */
static void ptic__fill_times(const ptic__device* d, uint64_t ref, const ze_kernel_timestamp_result_t* ts,
                             ptic_op_info* info) {
  if (!d) return;
  const uint64_t m = d->ts_mask;
  const uint64_t end = ref - ((ref - ts->global.kernelEnd) & m);
  const uint64_t start = end - ((ts->global.kernelEnd - ts->global.kernelStart) & m);
  info->device_start = start;
  info->device_end = end;
  info->start_ns = ptic__host_ns(d, start);
  info->end_ns = ptic__host_ns(d, end);
}

static ptic__ctxres* ptic__ctxres_of(void* ctx) {
  for (size_t i = 0; i < ptic__gpus.nctxs; i++)
    if (ptic__gpus.ctxs[i].ctx == ctx) return &ptic__gpus.ctxs[i];
  if (!ctx || !ptic__grow(&ptic__gpus.ctxs, ptic__gpus.nctxs, &ptic__gpus.ctxs_cap, sizeof(ptic__ctxres)))
    return NULL;
  ptic__ctxres* c = &ptic__gpus.ctxs[ptic__gpus.nctxs++];
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  return c;
}

/* An unsignalled event of the library's (host-visible, kernel timestamps), or NULL. */
static ze_event_handle_t ptic__event_get(ptic__thread* t, void* ctx) {
  ptic__ctxres* c = ptic__ctxres_of(ctx);
  if (!c) return NULL;
  if (c->nfree == 0) {
    ze_event_pool_desc_t pd;
    memset(&pd, 0, sizeof pd);
    pd.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
    pd.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;
    pd.count = PTIC_POOL_EVENTS;
    ze_event_pool_handle_t pool = NULL;
    ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
    if (!ptic__reserve(&c->pools, c->npools, c->npools + 1, &c->pools_cap, sizeof pool) ||
        !ptic__reserve(&c->free_ev, c->nfree, c->npools * PTIC_POOL_EVENTS + PTIC_POOL_EVENTS,
                       &c->free_cap, sizeof(ze_event_handle_t)))
      return NULL;
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.pool_create(PTIC_CAST(ze_context_handle_t, ctx), &pd, 0, NULL, &pool));
    if (r != ZE_RESULT_SUCCESS) {
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "zeEventPoolCreate failed: an operation's completion is not tracked");
      return NULL;
    }
    c->pools[c->npools++] = pool;
    for (uint32_t i = 0; i < PTIC_POOL_EVENTS; i++) {
      ze_event_desc_t ed;
      memset(&ed, 0, sizeof ed);
      ed.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
      ed.index = PTIC_POOL_EVENTS - 1 - i;
      ed.signal = ZE_EVENT_SCOPE_FLAG_HOST;
      ed.wait = ZE_EVENT_SCOPE_FLAG_HOST;
      ze_event_handle_t ev = NULL;
      PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.event_create(pool, &ed, &ev));
      if (r == ZE_RESULT_SUCCESS) c->free_ev[c->nfree++] = ev;
    }
    if (c->nfree == 0) {
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "zeEventCreate failed: an operation's completion is not tracked");
      return NULL;
    }
  }
  return c->free_ev[--c->nfree];
}

/* Give an event back (reset first when it may be signalled). */
static void ptic__event_put(ptic__thread* t, void* ctx, ze_event_handle_t ev, int reset) {
  ptic__ctxres* c = ptic__ctxres_of(ctx);
  if (!c || !ev) return;
  if (reset) {
    ze_result_t r = ZE_RESULT_SUCCESS;
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.event_reset(ev));
    if (r != ZE_RESULT_SUCCESS) return; /* keep it out of circulation */
  }
  if (c->nfree < c->free_cap) c->free_ev[c->nfree++] = ev;
}

/* ---- collecting and delivering ---- */

/* Queue a finished (or lost) op for delivery: on the global ready list (in collection order,
   delivered by one thread at a time, so that completions of a stream arrive in order), or with
   `to` on that thread's own list. Lock held. */
static void ptic__collect_to(ptic__thread* to, const ptic__op* o, const ptic__stream* s, uint32_t status,
                             const ze_kernel_timestamp_result_t* ts, const ptic__device* d) {
  ptic__done* x;
  if (to) {
    size_t cap = to->done_cap;
    if (!ptic__grow(&to->done, to->ndone, &cap, sizeof(ptic__done))) return;
    to->done_cap = PTIC_SCAST(uint32_t, cap);
    x = &to->done[to->ndone++];
  } else {
    if (!ptic__grow(&ptic__gpus.ready, ptic__gpus.nready, &ptic__gpus.ready_cap, sizeof(ptic__done))) return;
    x = &ptic__gpus.ready[ptic__gpus.nready++];
    ptic__atomic_store_u64(&ptic__gpus.nready_hint, ptic__gpus.nready - ptic__gpus.ready_head, PTIC_RELAXED);
  }
  memset(x, 0, sizeof *x);
  x->det._operation_kind = PTIC_SCAST(pti_gpu_operation_kind, o->kind);
  x->det._operation_id = o->op_id;
  x->det._kernel_handle = o->kernel_id;
  x->det._name = o->name;
  x->info.operation_id = o->op_id;
  x->info.appended_operation_id = (o->flags & PTIC_OPF_EXEC) ? o->u.origin : o->op_id;
  x->info.append_correlation_id = o->corr_append;
  x->info.submit_correlation_id = o->corr_submit;
  x->info.status = status;
  x->info.thread_id = o->tid;
  x->subs = o->subs;
  x->stream = o->stream;
  if (s) {
    x->ctx = s->ctx;
    x->device = s->device;
    x->props = s->props;
    x->info.queue = s->handle;
    x->info.cmd_list = s->is_queue ? NULL : s->handle;
  }
  if (ts && status == PTIC_OP_COMPLETED) {
    x->raw = *ts;
    x->has_raw = 1;
  }
  PTIC_UNUSED(d);
}

/* Convert the raw timestamps collected on the ready list since `from`: the events were read
   before ptic__device_now, so every end lies before the time it returns. */
static void ptic__convert_ready(ptic__thread* t, size_t from, ptic__device* d) {
  if (!d || from >= ptic__gpus.nready) return;
  const uint64_t ref = ptic__device_now(t, d);
  for (size_t i = from; i < ptic__gpus.nready; i++) {
    ptic__done* x = &ptic__gpus.ready[i];
    if (x->has_raw) {
      ptic__fill_times(d, ref, &x->raw, &x->info);
      x->has_raw = 0;
    }
  }
}

/* Read an op's event: 1 finished (ts filled), 0 not yet, -1 unreadable. One call:
   zeEventQueryKernelTimestamp answers ZE_RESULT_NOT_READY while the event is not signalled. */
static int ptic__read_event(ptic__thread* t, ze_event_handle_t ev, ze_kernel_timestamp_result_t* ts) {
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.event_ts(ev, ts));
  return r == ZE_RESULT_SUCCESS ? 1 : r == ZE_RESULT_NOT_READY ? 0 : -1;
}

/* Finish an immediate list's op: collected with its timestamps (or as lost). */
static void ptic__finish_op(ptic__thread* t, uint32_t i, ptic__stream* s, int state,
                            const ze_kernel_timestamp_result_t* ts, const ptic__device* d) {
  ptic__op* o = ptic__op_at(i);
  ptic__collect_to(NULL, o, s, state == 1 ? PTIC_OP_COMPLETED : PTIC_OP_LOST, ts, d);
  if ((o->flags & PTIC_OPF_OURS) && state == 1)
    ptic__event_put(t, s->ctx, PTIC_CAST(ze_event_handle_t, o->u.event), 1);
  /* the event of a lost op stays out of circulation: the device may still signal it; the
     context's destruction frees it */
  ptic__op_free(i);
}

static void ptic__exec_release(ptic__thread* t, ptic__exec* x);

/* Poll one stream; with `lose`, every op still pending is collected as lost. */
static void ptic__poll_stream_raw(ptic__thread* t, uint32_t si, int lose, ptic__device* d);
static void ptic__poll_stream(ptic__thread* t, uint32_t si, int lose) {
  ptic__device* d = ptic__device_of(t, ptic__gpus.streams[si].device);
  const size_t from = ptic__gpus.nready;
  ptic__poll_stream_raw(t, si, lose, d);
  ptic__convert_ready(t, from, d);
}
static void ptic__poll_stream_raw(ptic__thread* t, uint32_t si, int lose, ptic__device* d) {
  ptic__stream* s = &ptic__gpus.streams[si];
  if (!s->is_queue) {
    while (s->head != PTIC_NIL) {
      uint32_t i = s->head;
      ptic__op* o = ptic__op_at(i);
      ze_kernel_timestamp_result_t ts;
      int state = ptic__read_event(t, PTIC_CAST(ze_event_handle_t, o->u.event), &ts);
      if (state == 0 && !lose) break; /* in order: later ones are not done either */
      if (state < 0)
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                             "an operation's event cannot be read (zeEventQueryKernelTimestamp failed): "
                             "it is reported as lost");
      s->head = o->next;
      if (s->head == PTIC_NIL) s->tail = PTIC_NIL;
      ptic__finish_op(t, i, s, state, &ts, d);
    }
    return;
  }
  while (s->head != PTIC_NIL) {
    ptic__exec* x = ptic__gpus.execs[s->head];
    ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.event_query(x->hevent));
    if (r == ZE_RESULT_NOT_READY && !lose) break;
    if (r != ZE_RESULT_SUCCESS && r != ZE_RESULT_NOT_READY)
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "a harvest event cannot be read (zeEventQueryStatus failed): an execution's "
                           "operations are reported as lost");
    uint32_t oi = x->first_op;
    for (uint32_t k = 0; k < x->nops && oi != PTIC_NIL; k++) {
      ptic__op* o = ptic__op_at(oi);
      uint32_t next = o->next;
      if (!(o->flags & PTIC_OPF_DONE))
        ptic__collect_to(NULL, o, s, r == ZE_RESULT_SUCCESS ? PTIC_OP_COMPLETED : PTIC_OP_LOST, &x->buf[k], d);
      ptic__op_free(oi);
      oi = next;
    }
    s->head = x->next;
    if (s->head == PTIC_NIL) s->tail = PTIC_NIL;
    ptic__exec_release(t, x);
  }
}

/* ---- executions of regular lists ---- */

static ptic__listrec* ptic__listrec_of(const void* list, int create) {
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, list), 0);
  if (!o || o->kind != PTIC_OBJ_LIST || (o->flags & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE)) return NULL;
  if (!o->ext && create) {
    ptic__listrec* r = PTIC_CAST(ptic__listrec*, PTIC_MALLOC(sizeof *r));
    if (r) {
      memset(r, 0, sizeof *r);
      r->list = PTIC_CAST(void*, o->a);
    }
    o->ext = r;
  }
  return PTIC_CAST(ptic__listrec*, o->ext);
}

/* Free a list's record now or, with executions pending, when the last one is harvested. */
static void ptic__listrec_retire(ptic__thread* t, ptic__listrec* r, void* ctx) {
  if (!r) return;
  r->dead = 1;
  if (r->pending) return;
  for (size_t i = 0; i < r->n; i++)
    if (r->ops[i].ours) ptic__event_put(t, ctx, PTIC_CAST(ze_event_handle_t, r->ops[i].event), 1);
  PTIC_FREE(r->ops);
  PTIC_FREE(r);
}

static void ptic__exec_release(ptic__thread* t, ptic__exec* x) {
  for (uint32_t k = 0; k < x->nops; k++) {
    ptic__listrec* r = x->recs[k];
    if (r && (k == 0 || x->recs[k - 1] != r)) {
      r->pending--;
      if (r->dead && r->pending == 0) ptic__listrec_retire(t, r, x->ctx);
    }
  }
  ze_result_t rr = ZE_RESULT_SUCCESS;
  PTIC_INTERNAL_CALL(t, rr = ptic__gpus.z.event_reset(x->hevent));
  x->nops = 0;
  x->first_op = PTIC_NIL;
  /* a harvest event that could not be reset would make the next execution look complete at
     once: this record is not used again (freed with its context) */
  if (rr != ZE_RESULT_SUCCESS) {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "zeEventHostReset failed on a harvest event: it is retired");
    return;
  }
  x->busy = 0;
}

/* A free execution record for (ctx, device, ordinal) with room for n operations. */
static ptic__exec* ptic__exec_get(ptic__thread* t, void* ctx, void* device, uint32_t ordinal, uint32_t n) {
  ptic__exec* x = NULL;
  size_t hole = ptic__gpus.nexecs;
  for (size_t i = 0; i < ptic__gpus.nexecs && !x; i++) {
    ptic__exec* e = ptic__gpus.execs[i];
    if (!e) hole = hole < i ? hole : i;
    else if (!e->busy && e->ctx == ctx && e->device == device && e->ordinal == ordinal) x = e;
  }
  ze_context_handle_t zc = PTIC_CAST(ze_context_handle_t, ctx);
  ze_result_t r = ZE_RESULT_SUCCESS;
  if (!x) {
    if (hole == ptic__gpus.nexecs &&
        !ptic__grow(&ptic__gpus.execs, ptic__gpus.nexecs, &ptic__gpus.execs_cap, sizeof(ptic__exec*)))
      return NULL;
    x = PTIC_CAST(ptic__exec*, PTIC_MALLOC(sizeof *x));
    if (!x) return NULL;
    memset(x, 0, sizeof *x);
    x->ctx = ctx;
    x->device = device;
    x->ordinal = ordinal;
    ze_command_list_desc_t ld;
    memset(&ld, 0, sizeof ld);
    ld.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC;
    ld.commandQueueGroupOrdinal = ordinal;
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.list_create(zc, PTIC_CAST(ze_device_handle_t, device), &ld, &x->hlist));
    x->hevent = r == ZE_RESULT_SUCCESS ? ptic__event_get(t, ctx) : NULL;
    if (r != ZE_RESULT_SUCCESS || !x->hevent) {
      if (x->hlist) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.list_destroy(x->hlist));
      PTIC_FREE(x);
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "cannot create a harvest list: an execution's completions are not tracked");
      return NULL;
    }
    x->index = PTIC_SCAST(uint32_t, hole);
    ptic__gpus.execs[hole] = x;
    if (hole == ptic__gpus.nexecs) ptic__gpus.nexecs++;
  }
  if (x->cap < n) {
    size_t cap = x->cap ? x->cap : 16;
    while (cap < n) cap *= 2;
    void* buf = NULL;
    ze_host_mem_alloc_desc_t hd;
    memset(&hd, 0, sizeof hd);
    hd.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC;
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.alloc_host(zc, &hd, cap * sizeof *x->buf, 64, &buf));
    ze_event_handle_t* ev = PTIC_CAST(ze_event_handle_t*, PTIC_MALLOC(cap * sizeof *ev));
    ptic__listrec** recs = PTIC_CAST(ptic__listrec**, PTIC_MALLOC(cap * sizeof *recs));
    if (r != ZE_RESULT_SUCCESS || !ev || !recs) {
      if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.mem_free(zc, buf));
      PTIC_FREE(ev);
      PTIC_FREE(recs);
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "out of memory: an execution's completions are not tracked");
      return NULL;
    }
    if (x->buf) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.mem_free(zc, x->buf));
    PTIC_FREE(x->events);
    PTIC_FREE(x->recs);
    x->buf = PTIC_CAST(ze_kernel_timestamp_result_t*, buf);
    x->events = ev;
    x->recs = recs;
    x->cap = cap;
  }
  x->busy = 1;
  x->nops = 0;
  x->first_op = PTIC_NIL;
  x->next = PTIC_NIL;
  return x;
}

/* Record the harvest list of an execution whose events are in x->events. */
static int ptic__exec_record(ptic__thread* t, ptic__exec* x) {
  ze_result_t r = ZE_RESULT_SUCCESS;
  PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.list_reset(x->hlist));
  if (r == ZE_RESULT_SUCCESS)
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.append_query_ts(x->hlist, x->nops, x->events, x->buf, NULL,
                                                          NULL, 0, NULL));
  /* reset the library's own events so that the next execution signals them afresh */
  uint32_t oi = x->first_op;
  for (uint32_t k = 0; k < x->nops && r == ZE_RESULT_SUCCESS; k++, oi = ptic__op_at(oi)->next)
    if (ptic__op_at(oi)->flags & PTIC_OPF_OURS)
      PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.append_event_reset(x->hlist, x->events[k]));
  if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.append_barrier(x->hlist, x->hevent, 0, NULL));
  if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.list_close(x->hlist));
  return r == ZE_RESULT_SUCCESS;
}

/* ---- collecting ---- */

/* Poll every stream (with `lose`, what is still pending is collected as lost). Lock held. */
static void ptic__poll_all(ptic__thread* t, int lose) {
  for (size_t i = 0; i < ptic__gpus.nstreams; i++)
    if (ptic__gpus.streams[i].live && ptic__gpus.streams[i].head != PTIC_NIL)
      ptic__poll_stream(t, PTIC_SCAST(uint32_t, i), lose);
}

/* The application is about to reset or destroy event `ev` (or every event of pool `pool`): read
   the operations that signal it now; those not finished are lost. Lock held. */
static void ptic__app_event_gone(ptic__thread* t, const void* ev, const void* pool) {
  if (!ptic__gpus.app_event_ops) return;
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live || s->head == PTIC_NIL) continue;
    ptic__device* d = ptic__device_of(t, s->device);
    const size_t from = ptic__gpus.nready;
    if (!s->is_queue) {
      uint32_t prev = PTIC_NIL;
      for (uint32_t i = s->head; i != PTIC_NIL;) {
        ptic__op* o = ptic__op_at(i);
        uint32_t next = o->next;
        const ptic__obj* eo = pool ? ptic__obj_find(PTIC_CAST(uintptr_t, o->u.event), 0) : NULL;
        int match = (o->flags & PTIC_OPF_APP_EVENT) && (o->u.event == ev || (eo && eo->parent == pool));
        if (match) {
          ze_kernel_timestamp_result_t ts;
          int state = ptic__read_event(t, PTIC_CAST(ze_event_handle_t, o->u.event), &ts);
          if (state != 1)
            ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                                 "an event was reset or destroyed before its operation finished: "
                                 "the operation is reported as lost");
          if (prev == PTIC_NIL) s->head = next;
          else ptic__op_at(prev)->next = next;
          if (s->tail == i) s->tail = prev;
          ptic__finish_op(t, i, s, state == 1 ? 1 : -1, &ts, d);
        } else {
          prev = i;
        }
        i = next;
      }
      ptic__convert_ready(t, from, d);
      continue;
    }
    for (uint32_t xi = s->head; xi != PTIC_NIL; xi = ptic__gpus.execs[xi]->next) {
      ptic__exec* x = ptic__gpus.execs[xi];
      uint32_t oi = x->first_op;
      for (uint32_t k = 0; k < x->nops && oi != PTIC_NIL; k++, oi = ptic__op_at(oi)->next) {
        ptic__op* o = ptic__op_at(oi);
        if (!(o->flags & PTIC_OPF_APP_EVENT) || (o->flags & PTIC_OPF_DONE) || x->events[k] != ev) continue;
        ze_kernel_timestamp_result_t ts;
        if (ptic__read_event(t, x->events[k], &ts) == 1) { /* read before the harvest list does */
          ptic__collect_to(NULL, o, s, PTIC_OP_COMPLETED, &ts, d);
          o->flags |= PTIC_OPF_DONE;
        }
      }
    }
    ptic__convert_ready(t, from, d);
  }
}

/* Forget a stream (immediate list or queue destroyed): what is pending is collected, as lost
   if unfinished. Lock held. */
static void ptic__stream_close(ptic__thread* t, const void* handle) {
  uint32_t si = ptic__stream_find(handle);
  if (si == PTIC_NIL) return;
  if (ptic__gpus.streams[si].head != PTIC_NIL) {
    ptic__poll_stream(t, si, 0);
    if (ptic__gpus.streams[si].head != PTIC_NIL) {
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "a command list or queue was destroyed with operations pending: they are "
                           "reported as lost");
      ptic__poll_stream(t, si, 1);
    }
  }
  ptic__gpus.streams[si].live = 0;
}

/* A context is being destroyed: collect its operations and free the library's objects in it. */
static void ptic__context_gone(ptic__thread* t, void* ctx) {
  for (size_t i = 0; i < ptic__gpus.nstreams; i++)
    if (ptic__gpus.streams[i].live && ptic__gpus.streams[i].ctx == ctx) ptic__stream_close(t, ptic__gpus.streams[i].handle);
  ze_result_t r = ZE_RESULT_SUCCESS;
  for (size_t i = 0; i < ptic__gpus.nexecs; i++) { /* slots stay: FIFOs hold exec indices */
    ptic__exec* x = ptic__gpus.execs[i];
    if (!x || x->ctx != ctx) continue;
    PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.list_destroy(x->hlist));
    if (x->buf) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.mem_free(PTIC_CAST(ze_context_handle_t, ctx), x->buf));
    PTIC_FREE(x->events);
    PTIC_FREE(x->recs);
    PTIC_FREE(x);
    ptic__gpus.execs[i] = NULL;
  }
  for (size_t i = 0; i < ptic__gpus.nctxs; i++) {
    ptic__ctxres* c = &ptic__gpus.ctxs[i];
    if (c->ctx != ctx) continue;
    for (size_t e = 0; e < c->nfree; e++) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.event_destroy(c->free_ev[e]));
    for (size_t p = 0; p < c->npools; p++) PTIC_INTERNAL_CALL(t, r = ptic__gpus.z.pool_destroy(c->pools[p]));
    PTIC_FREE(c->free_ev);
    PTIC_FREE(c->pools);
    ptic__gpus.ctxs[i] = ptic__gpus.ctxs[--ptic__gpus.nctxs];
    break;
  }
  PTIC_UNUSED(r);
}

/* ---- delivering ---- */

/* Deliver the completions this thread collected, in records of at most 64 operations of one
   stream with the same subscribers. api_id: the call at whose EXIT they were noticed (0: the
   poller or pticFlush). `only`: restrict to these slots (forced even if COMPLETED was turned
   off: the unsubscribe flush). Called without any lock. */
static void ptic__deliver_done(ptic__thread* t, uint32_t api_id, uint64_t only, int force) {
  if (!t || t->ndone == 0) return;
  /* take the buffer: callbacks may collect more (nested flushes) */
  ptic__done* done = t->done;
  uint32_t n = t->ndone, cap = t->done_cap;
  t->done = NULL;
  t->ndone = t->done_cap = 0;
  pti_gpu_op_details det[64];
  ptic_op_info info[64];
  /* a slot reused by a later subscription gets none of its predecessor's operations */
  for (uint32_t i = 0; i < n; i++) {
    for (uint64_t b = done[i].subs; b; b &= b - 1) {
      const unsigned slot = PTIC_SCAST(unsigned, __builtin_ctzll(b));
      if (ptic__atomic_load_u64(&ptic__g.slot[slot].first_op, PTIC_RELAXED) > done[i].det._operation_id)
        done[i].subs &= ~(PTIC_SCAST(uint64_t, 1) << slot);
    }
  }
  for (uint32_t i = 0; i < n;) {
    uint32_t k = 0;
    const ptic__done* first = &done[i];
    while (i + k < n && k < 64 && done[i + k].stream == first->stream && done[i + k].subs == first->subs)
      k++;
    pti_gpu_op_details* dets = &done[i].det; /* one record: delivered from where it is */
    ptic_op_info* infos = &done[i].info;
    if (k > 1) {
      for (uint32_t j = 0; j < k; j++) {
        det[j] = done[i + j].det;
        info[j] = done[i + j].info;
      }
      dets = det;
      infos = info;
    }
    i += k;
    uint64_t subs = first->subs & only;
    if (!subs) continue;
    pti_callback_gpu_op_data g;
    memset(&g, 0, sizeof g);
    g._domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED;
    g._cmd_list_properties = PTIC_SCAST(pti_backend_command_list_type, first->props);
    g._cmd_list_handle = first->info.cmd_list;
    g._queue_handle = first->info.queue;
    g._device_handle = first->device;
    g._phase = PTI_CB_PHASE_API_EXIT;
    g._correlation_id = first->info.submit_correlation_id;
    g._operation_count = k;
    g._operation_details = dets;
    const ptic_op_info* prev_infos = t->cur_infos;
    uint32_t prev_n = t->cur_ninfos;
    t->cur_infos = infos;
    t->cur_ninfos = k;
    ptic__deliver_to(t, NULL, PTIC_DOM_COMPLETED, PTI_CB_PHASE_API_EXIT, 0, 0, api_id, first->ctx, &g,
                     subs, force);
    t->cur_infos = prev_infos;
    t->cur_ninfos = prev_n;
  }
  if (t->done == NULL) { /* keep the capacity */
    t->done = done;
    t->done_cap = cap;
  } else {
    PTIC_FREE(done);
  }
}

/* Deliver the ready list. One thread at a time does it, so records of a stream come in order; a
   thread that finds another one at it leaves the work to it. */
/* Move up to 256 ready records to t->done. Lock held, delivery token held. */
static size_t ptic__take_ready(ptic__thread* t) {
  size_t n = ptic__gpus.nready - ptic__gpus.ready_head;
  if (n > 256) n = 256;
  size_t cap = t->done_cap;
  if (n && n == ptic__gpus.nready && t->ndone == 0 && ptic__gpus.ready_cap <= UINT32_MAX) {
    /* all of it into an empty list: the two buffers change places, nothing is copied */
    ptic__done* mine = t->done;
    t->done = ptic__gpus.ready;
    t->done_cap = PTIC_SCAST(uint32_t, ptic__gpus.ready_cap);
    t->ndone = PTIC_SCAST(uint32_t, n);
    ptic__gpus.ready = mine;
    ptic__gpus.ready_cap = cap;
    ptic__gpus.ready_head = ptic__gpus.nready = 0;
  } else if (n && ptic__reserve(&t->done, t->ndone, t->ndone + n, &cap, sizeof(ptic__done))) {
    t->done_cap = PTIC_SCAST(uint32_t, cap);
    memcpy(t->done + t->ndone, ptic__gpus.ready + ptic__gpus.ready_head, n * sizeof(ptic__done));
    t->ndone += PTIC_SCAST(uint32_t, n);
    ptic__gpus.ready_head += n;
  } else {
    n = 0;
  }
  if (ptic__gpus.ready_head == ptic__gpus.nready) ptic__gpus.ready_head = ptic__gpus.nready = 0;
  ptic__atomic_store_u64(&ptic__gpus.nready_hint, ptic__gpus.nready - ptic__gpus.ready_head, PTIC_RELAXED);
  return n;
}

static int ptic__take_token(void) {
  uint32_t expected = 0;
  return __atomic_compare_exchange_n(&ptic__gpus.delivering.v, &expected, 1u, 0, __ATOMIC_ACQUIRE,
                                     __ATOMIC_RELAXED);
}

/* Deliver the ready list, holding the token, until it is empty; `first`: records already
   taken under the lock by the caller. */
static void ptic__drain_held(ptic__thread* t, uint32_t api_id, size_t first) {
  for (size_t n = first;;) {
    if (n) ptic__deliver_done(t, api_id, ~PTIC_SCAST(uint64_t, 0), 0);
    /* (records added after this look are delivered by whoever added them: ptic__drain) */
    if (!ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED)) break;
    ptic__objs_lock();
    n = ptic__take_ready(t);
    ptic__objs_unlock();
    if (!n) break;
  }
  ptic__atomic_store_u32(&ptic__gpus.delivering, 0, PTIC_RELEASE);
}

/* Deliver the ready list. One thread at a time does it, so records of a stream come in order; a
   thread that finds another one at it leaves the work to it. */
static void ptic__drain_slow(ptic__thread* t, uint32_t api_id) {
  while (t && ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED)) {
    if (!ptic__take_token()) return;
    ptic__drain_held(t, api_id, 0);
  }
}

/* After a synchronizing call: collect what finished and, in the same critical section, take
   the records to deliver when no other thread delivers. */
static void ptic__sync_collect(ptic__thread* t, uint32_t api_id) {
  if (!ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) &&
      !ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED))
    return;
  ptic__objs_lock();
  ptic__poll_all(t, 0);
  const int token = ptic__gpus.nready != ptic__gpus.ready_head && ptic__take_token();
  const size_t n = token ? ptic__take_ready(t) : 0;
  ptic__objs_unlock();
  if (token) ptic__drain_held(t, api_id, n);
}

static inline void ptic__drain(ptic__thread* t, uint32_t api_id) {
  if (ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED)) ptic__drain_slow(t, api_id);
}

/* The slots that have COMPLETED on now. */
static uint64_t ptic__completed_slots(void) {
  uint64_t m = 0;
  uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_ACQUIRE);
  for (uint32_t i = 0; i < n; i++)
    if (ptic__atomic_load_u32(&ptic__g.slot[i].mask, PTIC_RELAXED) & PTIC_BIT(PTIC_DOM_COMPLETED, 2u))
      m |= PTIC_SCAST(uint64_t, 1) << i;
  return m;
}

/* Collect what is ready and deliver it. */
static void ptic__flush_now(ptic__thread* t, uint32_t api_id) {
  if (!ptic__gpus.ok) return;
  ptic__objs_lock();
  if (ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED)) ptic__poll_all(t, 0);
  ptic__objs_unlock();
  ptic__drain(t, api_id);
}

/* ---- the hooks called from the traced calls ---- */

/* APPEND, ENTER (f->r.gpu describes the operations): choose the event each operation signals.
   Returns 1 when the call is tracked and its EXIT must finish the job. */
static int ptic__gpu_append_enter(ptic__thread* t, ptic__frame* f, uint32_t mask) {
  f->gpu_ev = NULL;
  f->app_ev = NULL;
  f->gpu_track = 0;
  if (!ptic__gpus.ok || !(mask & (PTIC_BITS(PTIC_DOM_COMPLETED) | PTIC_BITS(PTIC_DOM_DISPATCHED))) ||
      !f->r.gpu._operation_count)
    return 0;
  ze_event_handle_t* arg = PTIC_CAST(ze_event_handle_t*, f->view.signal_event_arg);
  ze_event_handle_t app = arg ? *arg : NULL;
  const int immediate = (f->r.gpu._cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) != 0;
  if (!immediate && f->r.gpu._cmd_list_properties != 0) return 0; /* a list of unknown kind */
  if (!(mask & PTIC_BITS(PTIC_DOM_COMPLETED)) || !arg) { /* DISPATCHED only: record, no event */
    f->gpu_track = immediate ? 0 : 1;
    return f->gpu_track;
  }
  ptic__objs_lock();
  int app_mode = app != NULL;
  if (app) {
    /* the application's event stays the operation's when the application may read its kernel
       timestamps (its pool has KERNEL_TIMESTAMP, or is unknown); otherwise the library's */
    const ptic__obj* e = ptic__obj_find(PTIC_CAST(uintptr_t, app), 0);
    if (e && e->kind == PTIC_OBJ_EVENT &&
        (e->flags & (PTIC_EVF_POOL_KNOWN | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP)) == PTIC_EVF_POOL_KNOWN)
      app_mode = 0;
  }
  if (!app_mode) {
    f->gpu_ev = ptic__event_get(t, f->ctx);
    if (f->gpu_ev) *arg = f->gpu_ev;
  }
  ptic__objs_unlock();
  f->app_ev = app;
  f->gpu_track = (app_mode || f->gpu_ev) ? 2 : 0;
  return f->gpu_track;
}

/* APPEND, EXIT, right after the call: the application's event is signalled once the library's
   is, by a barrier appended now, before anything else can be appended. */
static void ptic__gpu_append_chain(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  if (!f->gpu_track || r != ZE_RESULT_SUCCESS || !f->gpu_ev || !f->app_ev) return;
  ze_command_list_handle_t list = PTIC_CAST(ze_command_list_handle_t, f->r.gpu._cmd_list_handle);
  /* a barrier waits for every command before it: it needs no wait event, so it never waits on
     the library's event (which the library recycles once the operation completed) */
  ze_result_t br = ZE_RESULT_SUCCESS;
  PTIC_INTERNAL_CALL(t, br = ptic__gpus.z.append_barrier(list, f->app_ev, 0, NULL));
  if (br == ZE_RESULT_SUCCESS) return;
  /* in an in-order list, a signal command right after the operation signals at the same point */
  PTIC_INTERNAL_CALL(t, br = ptic__gpus.z.append_signal(list, f->app_ev));
  ptic__internal_event(t, br == ZE_RESULT_SUCCESS ? PTI_INTERNAL_EVENT_TYPE_WARNING : PTI_INTERNAL_EVENT_TYPE_CRITICAL,
                       br == ZE_RESULT_SUCCESS
                           ? "zeCommandListAppendBarrier failed: the application's event is signalled by "
                             "zeCommandListAppendSignalEvent instead"
                           : "zeCommandListAppendBarrier and zeCommandListAppendSignalEvent failed: an "
                             "application event may not be signalled");
}

/* APPEND, EXIT, after every EXIT record of the call: the operations become pending, so that
   their COMPLETED never comes before their APPENDED EXIT. */
static void ptic__gpu_append_exit(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  if (!f->gpu_track) return;
  const pti_callback_gpu_op_data* g = &f->r.gpu;
  ze_command_list_handle_t list = PTIC_CAST(ze_command_list_handle_t, g->_cmd_list_handle);
  ptic__objs_lock();
  if (r != ZE_RESULT_SUCCESS) { /* nothing was appended */
    if (f->gpu_ev) ptic__event_put(t, f->ctx, f->gpu_ev, 0);
    ptic__objs_unlock();
    return;
  }
  void* ev = f->gpu_ev ? PTIC_CAST(void*, f->gpu_ev) : PTIC_CAST(void*, f->app_ev);
  const uint8_t flags = f->gpu_ev ? PTIC_OPF_OURS : (f->app_ev ? PTIC_OPF_APP_EVENT : 0);
  if (g->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) {
    uint32_t si = ptic__stream_get(list, f->ctx, g->_device_handle, g->_cmd_list_properties, 0);
    const uint64_t subs = ptic__completed_slots();
    for (uint32_t i = 0; i < g->_operation_count && si != PTIC_NIL; i++) {
      uint32_t oi = ptic__op_alloc();
      if (oi == PTIC_NIL) {
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING, "out of memory: an operation is not tracked");
        break;
      }
      ptic__op* o = ptic__op_at(oi);
      const pti_gpu_op_details* d = &g->_operation_details[i];
      o->op_id = d->_operation_id;
      o->kernel_id = d->_kernel_handle;
      o->name = d->_name;
      o->kind = PTIC_SCAST(uint8_t, d->_operation_kind);
      o->subs = subs;
      o->u.event = ev;
      o->corr_append = o->corr_submit = f->corr_id;
      o->stream = si;
      o->tid = t->tid;
      /* operations of one multi-kernel launch share the event: the last one owns it */
      o->flags = PTIC_SCAST(uint8_t, i + 1 == g->_operation_count ? flags : (flags & PTIC_OPF_APP_EVENT));
      if ((o->flags & PTIC_OPF_APP_EVENT) && ptic__gpus.app_event_ops++ == 0) ptic__mask_keep(PTIC_BIT_APP_EVENTS, 1);
      ptic__stream* s = &ptic__gpus.streams[si];
      if (s->tail == PTIC_NIL) s->head = oi;
      else ptic__op_at(s->tail)->next = oi;
      s->tail = oi;
    }
  } else {
    ptic__listrec* rec = ptic__listrec_of(list, 1);
    for (uint32_t i = 0; rec && i < g->_operation_count; i++) {
      if (!ptic__grow(&rec->ops, rec->n, &rec->cap, sizeof(ptic__tmpl))) {
        rec->untracked++;
        break;
      }
      ptic__tmpl* x = &rec->ops[rec->n++];
      const pti_gpu_op_details* d = &g->_operation_details[i];
      x->op_id = d->_operation_id;
      x->kernel_id = d->_kernel_handle;
      x->name = d->_name;
      x->event = ev;
      x->corr = f->corr_id;
      x->kind = PTIC_SCAST(uint8_t, d->_operation_kind);
      x->ours = PTIC_SCAST(uint8_t, (flags & PTIC_OPF_OURS) && i + 1 == g->_operation_count);
      if (!ev) rec->untracked++;
    }
  }
  ptic__objs_unlock();
}

/* EXECUTE, ENTER: the submitted lists' operations become new operations; DISPATCHED describes
   them; with COMPLETED on, a harvest list joins the submission. */
static void ptic__gpu_execute_enter(ptic__thread* t, ptic__frame* f, uint32_t mask) {
  pti_callback_gpu_op_data* g = &f->r.gpu;
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED;
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_correlation_id = f->corr_id;
  g->_queue_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.queue));
  g->_operation_details = f->ops;
  f->exec = NULL;
  const uint32_t nl = PTIC_SCAST(uint32_t, f->view.num_cmd_lists);
  if (!ptic__gpus.ok || !f->view.cmd_lists || nl == 0) return;
  if (nl == 1) g->_cmd_list_handle = f->view.cmd_lists[0];
  ptic__objs_lock();
  ptic__obj* q = ptic__obj_find(PTIC_CAST(uintptr_t, f->view.queue), 0);
  if (q && q->kind == PTIC_OBJ_QUEUE) {
    g->_device_handle = q->device;
    f->ctx = q->context;
  }
  uint32_t n = 0, untracked = 0;
  for (uint32_t l = 0; l < nl; l++) {
    ptic__listrec* r = ptic__listrec_of(f->view.cmd_lists[l], 0);
    if (r) {
      n += PTIC_SCAST(uint32_t, r->n);
      untracked += r->untracked;
    }
  }
  if (n && (f->ops_cap < n || f->infos_cap < n)) { /* both arrays hold n */
    pti_gpu_op_details* ops = PTIC_CAST(pti_gpu_op_details*, PTIC_MALLOC(n * sizeof *ops));
    ptic_op_info* infos = PTIC_CAST(ptic_op_info*, PTIC_MALLOC(n * sizeof *infos));
    if (!ops || !infos) {
      PTIC_FREE(ops);
      PTIC_FREE(infos);
      n = 0;
    } else {
      PTIC_FREE(f->ops);
      PTIC_FREE(f->infos);
      f->ops = ops;
      f->infos = infos;
      f->ops_cap = f->infos_cap = n;
    }
  }
  int completed = (mask & PTIC_BITS(PTIC_DOM_COMPLETED)) && n && !untracked && q && q->kind == PTIC_OBJ_QUEUE;
  ptic__exec* x = completed ? ptic__exec_get(t, q->context, q->device, q->flags, n) : NULL;
  const uint64_t subs = ptic__completed_slots();
  uint32_t k = 0, last = PTIC_NIL;
  for (uint32_t l = 0; l < nl && n; l++) {
    ptic__listrec* r = ptic__listrec_of(f->view.cmd_lists[l], 0);
    for (size_t i = 0; r && i < r->n; i++, k++) {
      const ptic__tmpl* tp = &r->ops[i];
      pti_gpu_op_details* d = &f->ops[k];
      ptic_op_info* info = &f->infos[k];
      d->_operation_kind = PTIC_SCAST(pti_gpu_operation_kind, tp->kind);
      d->_operation_id = ptic__atomic_add_u64(&ptic__g.next_op, 1, PTIC_RELAXED);
      d->_kernel_handle = tp->kernel_id;
      d->_name = tp->name;
      memset(info, 0, sizeof *info);
      info->operation_id = d->_operation_id;
      info->appended_operation_id = tp->op_id;
      info->append_correlation_id = tp->corr;
      info->submit_correlation_id = f->corr_id;
      info->status = PTIC_OP_DISPATCHED;
      info->thread_id = t->tid;
      info->cmd_list = r->list;
      info->queue = g->_queue_handle;
      if (!x) continue;
      uint32_t oi = ptic__op_alloc();
      if (oi == PTIC_NIL) { /* give up on this execution: nothing is pending for it */
        for (uint32_t j = x->first_op; j != PTIC_NIL;) {
          uint32_t next = ptic__op_at(j)->next;
          ptic__op_free(j);
          j = next;
        }
        x->busy = 0;
        x = NULL;
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING, "out of memory: an execution is not tracked");
        continue;
      }
      ptic__op* o = ptic__op_at(oi);
      o->op_id = d->_operation_id;
      o->u.origin = tp->op_id;
      o->kernel_id = tp->kernel_id;
      o->name = tp->name;
      o->kind = tp->kind;
      o->subs = subs;
      o->corr_append = tp->corr;
      o->corr_submit = f->corr_id;
      o->tid = t->tid;
      o->flags = PTIC_SCAST(uint8_t, PTIC_OPF_EXEC | (tp->ours ? PTIC_OPF_OURS : PTIC_OPF_APP_EVENT));
      if ((o->flags & PTIC_OPF_APP_EVENT) && ptic__gpus.app_event_ops++ == 0) ptic__mask_keep(PTIC_BIT_APP_EVENTS, 1);
      if (last == PTIC_NIL) x->first_op = oi;
      else ptic__op_at(last)->next = oi;
      last = oi;
      x->events[x->nops] = PTIC_CAST(ze_event_handle_t, tp->event);
      x->recs[x->nops] = r;
      x->nops++;
    }
  }
  g->_operation_count = n ? k : 0;
  g->_operation_details = f->ops;
  if (x && ptic__exec_record(t, x)) {
    /* submit the application's lists and then the harvest list */
    if (ptic__reserve(&f->lists, 0, nl + 1, &f->lists_cap, sizeof(void*))) {
      memcpy(f->lists, f->view.cmd_lists, nl * sizeof(void*));
      f->lists[nl] = x->hlist;
      *PTIC_CAST(ze_command_list_handle_t**, f->view.cmd_lists_arg) = PTIC_CAST(ze_command_list_handle_t*, f->lists);
      *PTIC_CAST(uint32_t*, f->view.num_cmd_lists_arg) = nl + 1;
      f->exec = x;
    }
  }
  if (x && !f->exec) {
    for (uint32_t j = x->first_op; j != PTIC_NIL;) {
      uint32_t next = ptic__op_at(j)->next;
      ptic__op_free(j);
      j = next;
    }
    x->busy = 0;
    x->nops = 0;
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "cannot record a harvest list: an execution's completions are not tracked");
  }
  if (untracked && (mask & PTIC_BITS(PTIC_DOM_COMPLETED)))
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_INFO,
                         "a command list recorded while COMPLETED was off was executed: its operations' "
                         "completions are not tracked");
  ptic__objs_unlock();
}

/* EXECUTE, EXIT: a successful submission's execution becomes pending on its queue. */
static void ptic__gpu_execute_exit(ptic__frame* f, ze_result_t r) {
  ptic__exec* x = PTIC_CAST(ptic__exec*, f->exec);
  if (!x) return;
  ptic__objs_lock();
  if (r != ZE_RESULT_SUCCESS) {
    for (uint32_t j = x->first_op; j != PTIC_NIL;) {
      uint32_t next = ptic__op_at(j)->next;
      ptic__op_free(j);
      j = next;
    }
    x->busy = 0;
    x->nops = 0;
  } else {
    ptic__obj* q = ptic__obj_find(PTIC_CAST(uintptr_t, f->view.queue), 0);
    uint32_t si = ptic__stream_get(f->view.queue, f->ctx, q ? q->device : NULL, 0, 1);
    if (si == PTIC_NIL) {
      x->busy = 0;
    } else {
      for (uint32_t j = x->first_op; j != PTIC_NIL; j = ptic__op_at(j)->next) ptic__op_at(j)->stream = si;
      for (uint32_t k = 0; k < x->nops; k++)
        if (k == 0 || x->recs[k - 1] != x->recs[k]) x->recs[k]->pending++;
      ptic__stream* s = &ptic__gpus.streams[si];
      if (s->tail == PTIC_NIL) s->head = x->index;
      else ptic__gpus.execs[s->tail]->next = x->index;
      s->tail = x->index;
    }
  }
  f->exec = NULL;
  ptic__objs_unlock();
}

/* Other calls that concern pending operations (ENTER of resets and destroys). Lock not held. */
static void ptic__gpu_object_gone(ptic__thread* t, ptic__frame* f) {
  if (!ptic__gpus.ok) return;
  ptic__objs_lock();
  switch (f->api) {
    case PTIC_API_zeEventHostReset:
    case PTIC_API_zeCommandListAppendEventReset:
    case PTIC_API_zeEventDestroy:
      ptic__app_event_gone(t, f->view.event, NULL);
      break;
    case PTIC_API_zeEventPoolDestroy:
      ptic__app_event_gone(t, NULL, f->view.event_pool);
      break;
    case PTIC_API_zeCommandQueueDestroy:
      ptic__stream_close(t, f->view.queue);
      break;
    case PTIC_API_zeCommandListReset:
    case PTIC_API_zeCommandListDestroy: {
      ptic__stream_close(t, f->view.cmd_list);
      ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, f->view.cmd_list), 0);
      if (o && o->ext) {
        ptic__listrec_retire(t, PTIC_CAST(ptic__listrec*, o->ext), o->context);
        o->ext = NULL;
      }
      break;
    }
    case PTIC_API_zeContextDestroy:
      ptic__context_gone(t, PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.context)));
      break;
    default:
      break;
  }
  ptic__objs_unlock();
}

/* ---- the poller thread ---- */

static void* ptic__poller_main(void* arg) {
  PTIC_UNUSED(arg);
  ptic__thread* t = ptic__thread_get();
  if (!t) return NULL;
  t->internal = 1; /* its Level Zero calls are the library's */
  pti_internal_callback_data d;
  memset(&d, 0, sizeof d);
  d._domain = PTI_CB_DOMAIN_INTERNAL_THREADS;
  d._phase = PTI_CB_PHASE_INTERNAL_THREAD_START;
  d._message = "pti-callback completion poller";
  ptic__deliver(t, NULL, PTIC_DOM_INTERNAL_THREADS, PTI_CB_PHASE_INTERNAL_THREAD_START, 0, 0, 0, NULL, &d);
  while (!ptic__atomic_load_u32(&ptic__gpus.poller_stop, PTIC_ACQUIRE)) {
    uint32_t us = ptic__atomic_load_u32(&ptic__gpus.poll_us, PTIC_RELAXED);
    struct timespec ts;
    ts.tv_sec = (us ? us : 10000u) / 1000000u;
    ts.tv_nsec = PTIC_SCAST(long, ((us ? us : 10000u) % 1000000u) * 1000u);
    nanosleep(&ts, NULL);
    if (us && !ptic__atomic_load_u32(&ptic__gpus.poller_stop, PTIC_ACQUIRE)) ptic__flush_now(t, 0);
  }
  d._phase = PTI_CB_PHASE_INTERNAL_THREAD_END;
  ptic__deliver(t, NULL, PTIC_DOM_INTERNAL_THREADS, PTI_CB_PHASE_INTERNAL_THREAD_END, 0, 0, 0, NULL, &d);
  ptic__atomic_store_u32(&ptic__gpus.poller_stop, 2, PTIC_RELEASE);
  return NULL;
}

/* Start the poller (first COMPLETED enable). Registry lock held. */
static void ptic__poller_start(void) {
  if (ptic__gpus.poller_started || !ptic__gpus.ok) return;
  if (pthread_create(&ptic__gpus.poller, NULL, ptic__poller_main, NULL) == 0) ptic__gpus.poller_started = 1;
}

/* Stop it (exit): it finishes its round; a poller stuck in a callback is left behind. */
static void ptic__poller_stop(void) {
  if (!ptic__gpus.poller_started) return;
  ptic__atomic_store_u32(&ptic__gpus.poller_stop, 1, PTIC_RELEASE);
  for (int i = 0; i < 2000 && ptic__atomic_load_u32(&ptic__gpus.poller_stop, PTIC_ACQUIRE) != 2; i++) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  if (ptic__atomic_load_u32(&ptic__gpus.poller_stop, PTIC_ACQUIRE) == 2) pthread_join(ptic__gpus.poller, NULL);
  else pthread_detach(ptic__gpus.poller);
  ptic__gpus.poller_started = 0;
}


/* The role's ENTER work. Fills f->dom / f->record when the role domain has a record to deliver. */
static PTIC_ALWAYS_INLINE void ptic__role_enter(uint32_t role, ptic__thread* t, ptic__frame* f, uint32_t mask) {
  f->dom = PTIC_DOM_NONE;
  switch (role) {
    case PTIC_ROLE_APPEND:
      f->gpu_track = 0;
      if (mask & PTIC_GPU_BITS) {
        ptic__append_enter(t, f);
        if (mask & PTIC_BITS(PTIC_DOM_APPENDED)) f->dom = PTIC_DOM_APPENDED;
        ptic__gpu_append_enter(t, f, mask);
      } else {
        ptic__obj list;
        if (ptic__obj_get(f->view.cmd_list, PTIC_OBJ_LIST, &list)) f->ctx = list.context;
      }
      break;
    case PTIC_ROLE_EXECUTE:
      f->exec = NULL;
      f->r.gpu._operation_count = 0;
      if (mask & (PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED))) {
        ptic__gpu_execute_enter(t, f, mask);
        if (mask & PTIC_BITS(PTIC_DOM_DISPATCHED)) f->dom = PTIC_DOM_DISPATCHED;
      }
      break;
    case PTIC_ROLE_EVENT_REUSE:
    case PTIC_ROLE_LIST_RESET:
      ptic__gpu_object_gone(t, f);
      break;
    case PTIC_ROLE_KERNEL_CREATE:
      ptic__kernel_enter(t, f, 1);
      f->dom = PTIC_DOM_KERNEL_CREATED;
      break;
    case PTIC_ROLE_KERNEL_DESTROY:
      ptic__kernel_enter(t, f, 0);
      f->dom = PTIC_DOM_KERNEL_DESTROYED;
      break;
    case PTIC_ROLE_MODULE_CREATE:
      ptic__module_enter(f, 1);
      f->dom = PTIC_DOM_MODULE_LOADED;
      break;
    case PTIC_ROLE_MODULE_DESTROY:
      ptic__module_enter(f, 0);
      f->dom = PTIC_DOM_MODULE_UNLOADED;
      break;
    case PTIC_ROLE_CONTEXT_CREATE:
      ptic__context_enter(f, 1);
      f->dom = PTIC_DOM_CONTEXT_CREATED;
      break;
    case PTIC_ROLE_CONTEXT_DESTROY:
      ptic__context_enter(f, 0);
      f->dom = PTIC_DOM_CONTEXT_DESTROYED;
      break;
    case PTIC_ROLE_HOST_SYNC:
      if (mask & PTIC_BITS(PTIC_DOM_HOST_SYNC)) {
        ptic__sync_enter(f);
        f->dom = PTIC_DOM_HOST_SYNC;
      }
      break;
    case PTIC_ROLE_OBJ_DESTROY:
      ptic__track_destroy_enter(f);
      ptic__gpu_object_gone(t, f);
      break;
    default:
      break;
  }
  if (role == PTIC_ROLE_CONTEXT_DESTROY) ptic__gpu_object_gone(t, f);
  f->record = &f->r;
}

/* The role's EXIT work: complete the record (phase, return code) and the tracking. */
static PTIC_ALWAYS_INLINE void ptic__role_exit(uint32_t role, ptic__thread* t, ptic__frame* f, ze_result_t r) {
  switch (role) {
    case PTIC_ROLE_APPEND: ptic__gpu_append_chain(t, f, r); break;
    case PTIC_ROLE_HOST_SYNC:
    case PTIC_ROLE_SYNC_POINT:
      if (ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED)) { /* the application synchronised: collect what finished */
        ptic__objs_lock();
        ptic__poll_all(t, 0);
        ptic__objs_unlock();
      }
      break;
    case PTIC_ROLE_KERNEL_CREATE: ptic__kernel_create_exit(f, r); break;
    case PTIC_ROLE_KERNEL_DESTROY:
    case PTIC_ROLE_MODULE_DESTROY:
    case PTIC_ROLE_CONTEXT_DESTROY:
    case PTIC_ROLE_OBJ_DESTROY: ptic__track_destroy_exit(f, r); break;
    case PTIC_ROLE_MODULE_CREATE: ptic__module_create_exit(t, f, r); break;
    case PTIC_ROLE_CONTEXT_CREATE:
    case PTIC_ROLE_OBJ_CREATE: ptic__track_create_exit(f, r); break;
    default: break;
  }
  if (f->dom == PTIC_DOM_NONE) return;
  const uint32_t rc = PTIC_SCAST(uint32_t, r);
  if (f->dom == PTIC_DOM_APPENDED || f->dom == PTIC_DOM_DISPATCHED) {
    f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
    f->r.gpu._return_code = rc;
  } else {
    switch (f->dom) {
      case PTIC_DOM_KERNEL_CREATED:
      case PTIC_DOM_KERNEL_DESTROYED:
        f->r.kern._phase = PTI_CB_PHASE_API_EXIT;
        f->r.kern._return_code = rc;
        break;
      case PTIC_DOM_MODULE_LOADED:
      case PTIC_DOM_MODULE_UNLOADED:
        f->r.module._phase = PTI_CB_PHASE_API_EXIT;
        f->r.module._return_code = rc;
        break;
      case PTIC_DOM_CONTEXT_CREATED:
      case PTIC_DOM_CONTEXT_DESTROYED:
        f->r.context._phase = PTI_CB_PHASE_API_EXIT;
        f->r.context._return_code = rc;
        break;
      case PTIC_DOM_HOST_SYNC:
        f->r.sync._phase = PTI_CB_PHASE_API_EXIT;
        f->r.sync._return_code = rc;
        break;
      default: break;
    }
  }
  if (f->dom == PTIC_DOM_CONTEXT_CREATED && r == ZE_RESULT_SUCCESS) f->ctx = f->r.context._context_handle;
}

/* ==== >>tracer ============================================================================ */

typedef void (*ptic__view_fn)(const void*, ptic__view*);

/* Whether any subscriber wants DRIVER_API records of `api` in phase p (1 ENTER, 2 EXIT). */
static int ptic__api_wanted(uint32_t api, unsigned p) {
  return PTIC_SCAST(int, (ptic__atomic_load_u32(&ptic__g.api[PTIC_API_WORD(api)], PTIC_RELAXED) >>
                          PTIC_API_SHIFT(api)) & p);
}

/* The context of a DRIVER_API record: the role's, the call's hContext, or that of the object
   the call works on. */
static void* ptic__api_context(ptic__frame* f) {
  if (f->ctx) return f->ctx;
  if (f->view.context) return PTIC_CAST(void*, PTIC_CAST(uintptr_t, f->view.context));
  const void* objs[7] = {f->view.cmd_list, f->view.queue, f->view.kernel, f->view.module,
                         f->view.event, f->view.fence, f->view.event_pool};
  void* ctx = NULL;
  ptic__objs_lock();
  for (int i = 0; i < 7 && !ctx; i++)
    if (objs[i]) ctx = ptic__context_of(objs[i]);
  ptic__objs_unlock();
  f->ctx = ctx;
  return ctx;
}

static void ptic__api_record(ptic__frame* f, pti_callback_phase phase, uint32_t rc) {
  ptic_api_data* a = &f->api_rec;
  a->_domain = PTI_CB_DOMAIN_DRIVER_API;
  a->_phase = phase;
  a->_return_code = rc;
  a->_correlation_id = f->corr_id;
  a->_api_id = ptic__api_id[f->api];
  a->_arg_count = ptic__api_nargs[f->api];
  a->_name = ptic__api_names[f->api];
  a->_params = f->params;
}

/* Deliver the call's DRIVER_API record (out of line: the role slow paths stay small). */
static PTIC_NOINLINE void ptic__deliver_api(ptic__thread* t, ptic__frame* f, pti_callback_phase phase,
                                            uint32_t rc) {
  ptic__api_record(f, phase, rc);
  void* ctx = ptic__api_context(f);
  ptic__deliver(t, f, PTIC_DOM_DRIVER_API, phase, 1, f->api, ptic__api_id[f->api], ctx, &f->api_rec);
}

/* The one domain whose record a role can fill (a constant in each role's slow path). */
static PTIC_ALWAYS_INLINE unsigned ptic__role_dom(uint32_t role) {
  switch (role) {
    case PTIC_ROLE_APPEND: return PTIC_DOM_APPENDED;
    case PTIC_ROLE_EXECUTE: return PTIC_DOM_DISPATCHED;
    case PTIC_ROLE_KERNEL_CREATE: return PTIC_DOM_KERNEL_CREATED;
    case PTIC_ROLE_KERNEL_DESTROY: return PTIC_DOM_KERNEL_DESTROYED;
    case PTIC_ROLE_MODULE_CREATE: return PTIC_DOM_MODULE_LOADED;
    case PTIC_ROLE_MODULE_DESTROY: return PTIC_DOM_MODULE_UNLOADED;
    case PTIC_ROLE_CONTEXT_CREATE: return PTIC_DOM_CONTEXT_CREATED;
    case PTIC_ROLE_CONTEXT_DESTROY: return PTIC_DOM_CONTEXT_DESTROYED;
    case PTIC_ROLE_HOST_SYNC: return PTIC_DOM_HOST_SYNC;
    default: return PTIC_DOM_NONE;
  }
}

/* Whether the role's record goes out in phase p (1 ENTER, 2 EXIT). APPENDED records exist for
   calls that append something; DISPATCHED records for submissions of lists whose operations the
   library recorded. */
static PTIC_ALWAYS_INLINE int ptic__role_record(uint32_t role, const ptic__frame* f, uint32_t mask, unsigned p) {
  const unsigned d = ptic__role_dom(role);
  if (d == PTIC_DOM_NONE || f->dom != d || !(mask & PTIC_BIT(d, p))) return 0;
  return (d != PTIC_DOM_APPENDED && d != PTIC_DOM_DISPATCHED) || f->r.gpu._operation_count != 0;
}

/* The instance pointer of a synchronizing call that only COMPLETED wants (one byte per API):
   its epilogue collects what finished, without a frame. */
static unsigned char ptic__poll_only[PTIC_API_COUNT];

/* Prologue slow path: some domain of the call is on. Push a frame, do the role's ENTER work,
   deliver ENTER records: DRIVER_API first, then the role domain. */
static PTIC_ALWAYS_INLINE void ptic__enter(uint32_t role, uint32_t api, ptic__view_fn view, void* params,
                                            void** inst) {
  *inst = NULL;
  if (ptic__atomic_load_u32(&ptic__g.shutdown, PTIC_RELAXED)) return;
  const uint32_t mask = ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED);
  /* DRIVER_API alone, and nobody wants this function: nothing to do */
  if (role == PTIC_ROLE_NONE && !ptic__api_wanted(api, 3u)) return;
  ptic__thread* t = ptic__thread_get();
  if (!t || t->internal) return;
  if ((role == PTIC_ROLE_HOST_SYNC || role == PTIC_ROLE_SYNC_POINT) &&
      !(mask & PTIC_BITS(PTIC_DOM_HOST_SYNC)) && !ptic__api_wanted(api, 3u)) {
    *inst = &ptic__poll_only[api]; /* COMPLETED alone: no frame, the epilogue collects */
    return;
  }
  if (t->depth >= PTIC_MAX_NESTING) {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "Level Zero calls nested deeper than PTIC_MAX_NESTING: one is not reported");
    return;
  }
  ptic__frame* f = &t->frame[t->depth++];
  f->api = api;
  f->entered[0] = f->entered[1] = 0;
  f->serial = 0;
  f->ctx = NULL;
  f->params = params;
  view(params, &f->view); /* writes every field */
  uint32_t c;
  do c = ptic__atomic_add_u32(&ptic__g.next_corr, 1, PTIC_RELAXED);
  while (c == 0);
  f->corr_id = c;
  *inst = f;

  ptic__role_enter(role, t, f, mask);
  const uint32_t api_id = ptic__api_id[api];
  if ((mask & PTIC_BIT(PTIC_DOM_DRIVER_API, 1u)) && ptic__api_wanted(api, 1u))
    ptic__deliver_api(t, f, PTI_CB_PHASE_API_ENTER, 0);
  if (ptic__role_record(role, f, mask, 1u))
    ptic__deliver(t, f, f->dom, PTI_CB_PHASE_API_ENTER, 0, api, api_id, f->ctx, f->record);
  ptic__drain(t, api_id);
}

/* Epilogue slow path: finish the role's work, deliver EXIT records (role domain first, then
   DRIVER_API), pop the frame. */
static PTIC_ALWAYS_INLINE void ptic__exit(uint32_t role, ptic__frame* f, ze_result_t r) {
  ptic__thread* t = ptic__tls;
  if ((role == PTIC_ROLE_HOST_SYNC || role == PTIC_ROLE_SYNC_POINT) && PTIC_CAST(uintptr_t, f) - PTIC_CAST(uintptr_t, ptic__poll_only) < sizeof ptic__poll_only) {
    const uint32_t api = PTIC_SCAST(uint32_t, PTIC_CAST(unsigned char*, f) - ptic__poll_only);
    ptic__sync_collect(t, ptic__api_id[api]);
    ptic__drain(t, ptic__api_id[api]);
    return;
  }
  const uint32_t api = f->api;
  const uint32_t api_id = ptic__api_id[api];
  ptic__role_exit(role, t, f, r);
  const uint32_t mask = ptic__atomic_load_u32(&ptic__g.mask, PTIC_RELAXED);
  if (ptic__role_record(role, f, mask, 2u))
    ptic__deliver(t, f, f->dom, PTI_CB_PHASE_API_EXIT, 0, api, api_id, f->ctx, f->record);
  if ((mask & PTIC_BIT(PTIC_DOM_DRIVER_API, 2u)) && ptic__api_wanted(api, 2u))
    ptic__deliver_api(t, f, PTI_CB_PHASE_API_EXIT, PTIC_SCAST(uint32_t, r));
  /* operations become pending after the call's EXIT records: COMPLETED never precedes them */
  if (role == PTIC_ROLE_APPEND) ptic__gpu_append_exit(t, f, r);
  else if (role == PTIC_ROLE_EXECUTE) ptic__gpu_execute_exit(f, r);
  ptic__drain(t, api_id);
  t->depth--;
}

/* One prologue and one epilogue slow path per role, the role a constant in each. */
#define PTIC_X(r)                                                                                 \
  static PTIC_NOINLINE void ptic__enter_##r(uint32_t api, ptic__view_fn view, void* params,       \
                                            void** inst) {                                        \
    ptic__enter(PTIC_ROLE_##r, api, view, params, inst);                                          \
  }                                                                                               \
  static PTIC_NOINLINE void ptic__exit_##r(ptic__frame* f, ze_result_t r_) {                     \
    ptic__exit(PTIC_ROLE_##r, f, r_);                                                             \
  }
PTIC_ROLES(PTIC_X)
#undef PTIC_X

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
    ptic__enter_##role(PTIC_API_##fn, ptic__view_##fn, params, inst);                          \
  }                                                                                            \
  static void ZE_APICALL ptic__epi_##fn(pt* params, ze_result_t result, void* tracer_data,     \
                                        void** inst) {                                         \
    PTIC_UNUSED(params);                                                                       \
    PTIC_UNUSED(tracer_data);                                                                  \
    if (PTIC_LIKELY(*inst == NULL)) return;                                                    \
    ptic__exit_##role(PTIC_CAST(ptic__frame*, *inst), result);                                 \
  }
PTIC_ZE_API_TABLE(PTIC_X)
#undef PTIC_X

/* Register every traced function's prologue and epilogue. A loader that lacks a registration
   function (older than the headers) just does not trace that function. */
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
  ptic__gpu_resolve(L->dl);
  r = L->zelTracerSetEnabled(tr, 1);
  t->internal--;
  if (r != ZE_RESULT_SUCCESS) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  ptic__g.tracer = tr;
  ptic__mask_keep(PTIC_BIT_TRACK, 1);
  return PTI_SUCCESS;
}

#ifndef PTIC_NO_ENV_CONSTRUCTOR
/* Tracing works only if the variable is set before the application's first zeInit. */
__attribute__((constructor)) static void ptic__env_ctor(void) {
  setenv("ZE_ENABLE_TRACING_LAYER", "1", 0);
}
#endif

/* fork(): no library lock may be held across it, and the child has only the forking thread:
   nobody else is inside a callback and no poller runs there. */
static void ptic__fork_prepare(void) {
  ptic__init();
  pthread_mutex_lock(&ptic__g.lock);
  ptic__objs_lock();
}
static void ptic__fork_parent(void) {
  ptic__objs_unlock();
  pthread_mutex_unlock(&ptic__g.lock);
}
static void ptic__fork_child(void) {
  ptic__objs_unlock(); /* this thread locked both in ptic__fork_prepare */
  pthread_mutex_unlock(&ptic__g.lock);
  /* (fork from inside a callback is not supported: that callback's accounting is lost here) */
  for (uint32_t i = 0; i < PTIC_MAX_SUBSCRIBERS; i++)
    ptic__atomic_store_u32(&ptic__g.slot[i].inflight, 0, PTIC_RELAXED);
  ptic__atomic_store_u32(&ptic__gpus.delivering, 0, PTIC_RELAXED);
  ptic__gpus.poller_started = 0;
}

__attribute__((constructor)) static void ptic__ctor(void) {
  ptic__init();
  ptic__g.thread_key_ok = pthread_key_create(&ptic__g.thread_key, ptic__thread_free) == 0;
  pthread_atfork(ptic__fork_prepare, ptic__fork_parent, ptic__fork_child);
}

/* At exit: stop delivering. The tracer stays enabled and is left to the loader: other threads
   may still be inside Level Zero, and disabling or destroying a tracer then crashes loader 1.8.
   The exiting thread's state is freed; other threads free theirs as they end. */
__attribute__((destructor)) static void ptic__dtor(void) {
  /* last completions: what finished, then what never will be observed, as lost */
  ptic__thread* self = ptic__thread_get();
  if (self && ptic__gpus.ok && ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) &&
      !ptic__atomic_load_u32(&ptic__g.shutdown, PTIC_RELAXED)) {
    ptic__flush_now(self, 0);
    ptic__objs_lock();
    uint64_t left = ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED);
    if (left) ptic__poll_all(self, 1);
    ptic__objs_unlock();
    if (left)
      ptic__internal_event(self, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "operations were still running at exit: reported as lost");
    ptic__drain(self, 0);
  }
  ptic__poller_stop();
  ptic__atomic_store_u32(&ptic__g.shutdown, 1, PTIC_SEQ_CST);
  ptic__atomic_store_u32(&ptic__g.mask, 0, PTIC_SEQ_CST);
  ptic__thread* t = ptic__tls;
  if (t && t->depth == 0 && t->in_callback == 0) {
    ptic__tls = NULL;
    if (ptic__g.thread_key_ok) pthread_setspecific(ptic__g.thread_key, NULL);
    ptic__thread_free(t);
  }
}

/* ==== >>api =============================================================================== */

static pti_result ptic__own_ptiCallbackSubscribe(pti_callback_subscriber_handle* subscriber,
                                           pti_callback_function callback, void* user_data) {
  if (!subscriber || !callback) return PTI_ERROR_BAD_ARGUMENT;
  ptic__init();
  pthread_mutex_lock(&ptic__g.lock);
  int slot = -1;
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS && slot < 0; i++) {
    ptic__slot* s = &ptic__g.slot[i];
    if ((ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) & 1u) == 0 &&
        ptic__atomic_load_u32(&s->inflight, PTIC_SEQ_CST) == 0)
      slot = i;
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
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) ptic__atomic_store_u32(&s->api[w], 0, PTIC_RELAXED);
  ptic__atomic_store_u64(&s->first_op, ptic__atomic_load_u64(&ptic__g.next_op, PTIC_SEQ_CST) + 1u,
                         PTIC_RELAXED);
  /* not in order once this slot takes a later number than a live slot above it */
  ptic__atomic_store_u32(&ptic__g.in_order, 0, PTIC_SEQ_CST);
  ptic__atomic_store_u64(&s->order, ++ptic__g.next_order, PTIC_RELAXED);
  uint32_t gen = ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) + 1u;
  ptic__atomic_store_u32(&s->gen, gen, PTIC_SEQ_CST);
  if (PTIC_SCAST(uint32_t, slot) >= ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED))
    ptic__atomic_store_u32(&ptic__g.slots_used, PTIC_SCAST(uint32_t, slot) + 1u, PTIC_RELEASE);
  ptic__order_publish();
  *subscriber = ptic__make_handle(PTIC_SCAST(uint32_t, slot), gen);
  pthread_mutex_unlock(&ptic__g.lock);
  return PTI_SUCCESS;
}

/* Before a subscriber with COMPLETED goes: deliver what finished, then its operations still in
   flight, as lost (they cannot be reported after ptiCallbackUnsubscribe returns). */
static void ptic__unsubscribe_flush(pti_callback_subscriber_handle subscriber) {
  int slot = ptic__lock_slot(subscriber);
  int has = slot >= 0 && (ptic__atomic_load_u32(&ptic__g.slot[slot].mask, PTIC_RELAXED) &
                          PTIC_BIT(PTIC_DOM_COMPLETED, 2u));
  pthread_mutex_unlock(&ptic__g.lock);
  ptic__thread* t = ptic__thread_get();
  if (!has || !t || !ptic__gpus.ok) return;
  ptic__flush_now(t, 0);
  slot = ptic__lock_slot(subscriber); /* no new operation for it from here */
  if (slot >= 0) {
    ptic__slot* s = &ptic__g.slot[slot];
    ptic__atomic_store_u32(&s->mask, ptic__atomic_load_u32(&s->mask, PTIC_RELAXED) & ~PTIC_BITS(PTIC_DOM_COMPLETED),
                           PTIC_RELEASE);
    ptic__mask_publish();
  }
  pthread_mutex_unlock(&ptic__g.lock);
  if (slot < 0) return;
  const uint64_t bit = PTIC_SCAST(uint64_t, 1) << slot;
  uint32_t lost = 0;
  ptic__objs_lock();
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live) continue;
    if (!s->is_queue) {
      for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next) {
        ptic__op* o = ptic__op_at(i);
        if (!(o->subs & bit)) continue;
        o->subs &= ~bit;
        ptic__op copy = *o;
        copy.subs = bit;
        ptic__collect_to(t, &copy, s, PTIC_OP_LOST, NULL, NULL);
        lost++;
      }
      continue;
    }
    for (uint32_t xi = s->head; xi != PTIC_NIL; xi = ptic__gpus.execs[xi]->next) {
      ptic__exec* x = ptic__gpus.execs[xi];
      uint32_t oi = x->first_op;
      for (uint32_t k = 0; k < x->nops && oi != PTIC_NIL; k++, oi = ptic__op_at(oi)->next) {
        ptic__op* o = ptic__op_at(oi);
        if (!(o->subs & bit) || (o->flags & PTIC_OPF_DONE)) continue;
        o->subs &= ~bit;
        ptic__op copy = *o;
        copy.subs = bit;
        ptic__collect_to(t, &copy, s, PTIC_OP_LOST, NULL, NULL);
        lost++;
      }
    }
  }
  ptic__objs_unlock();
  if (lost)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_INFO,
                         "operations were still running at ptiCallbackUnsubscribe: reported as lost");
  ptic__deliver_done(t, 0, bit, 1);
}

static pti_result ptic__own_ptiCallbackUnsubscribe(pti_callback_subscriber_handle subscriber) {
  ptic__unsubscribe_flush(subscriber);
  int slot = ptic__lock_slot(subscriber);
  if (slot < 0) {
    pthread_mutex_unlock(&ptic__g.lock);
    return PTI_ERROR_BAD_ARGUMENT;
  }
  ptic__slot* s = &ptic__g.slot[slot];
  ptic__atomic_store_u32(&s->mask, 0, PTIC_RELAXED);
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) ptic__atomic_store_u32(&s->api[w], 0, PTIC_RELAXED);
  ptic__atomic_store_u32(&s->gen, ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) + 1u, PTIC_SEQ_CST);
  ptic__mask_publish();
  ptic__order_publish();
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
  if (dom == PTIC_DOM_COMPLETED) return exit_cb ? PTIC_BIT(dom, 2u) : 0u; /* EXIT only, as PTI */
  return (enter_cb ? PTIC_BIT(dom, 1u) : 0u) | (exit_cb ? PTIC_BIT(dom, 2u) : 0u);
}

/* Set the DRIVER_API bits of one function (api < PTIC_API_COUNT) or all (api == PTIC_API_COUNT)
   to the 2-bit value p. Lock held. */
static void ptic__slot_set_api(ptic__slot* s, uint32_t api, uint32_t p) {
  for (uint32_t a = api == PTIC_API_COUNT ? 0 : api; a < PTIC_API_COUNT; a++) {
    ptic__atomic_u32* w = &s->api[PTIC_API_WORD(a)];
    uint32_t v = ptic__atomic_load_u32(w, PTIC_RELAXED) & ~(3u << PTIC_API_SHIFT(a));
    ptic__atomic_store_u32(w, v | (p << PTIC_API_SHIFT(a)), PTIC_RELAXED);
    if (api != PTIC_API_COUNT) break;
  }
  ptic__slot_sync_api_mask(s);
}

/* Set the subscriber's phases of the domains in `doms` (a bit per domain index) to the phases
   asked for (bits for the DRIVER_API functions as well). Creates the tracer when enabling. */
static pti_result ptic__set_domains(pti_callback_subscriber_handle subscriber, uint32_t doms,
                                    uint32_t enter_cb, uint32_t exit_cb) {
  int slot = ptic__lock_slot(subscriber);
  pti_result r = slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
  if (r == PTI_SUCCESS && (enter_cb || exit_cb)) r = ptic__tracer_ensure();
  if (r == PTI_SUCCESS) {
    ptic__slot* s = &ptic__g.slot[slot];
    uint32_t m = ptic__atomic_load_u32(&s->mask, PTIC_RELAXED);
    for (unsigned d = 1; d < PTIC_DOM_COUNT; d++) {
      if (!(doms & (1u << d))) continue;
      m = (m & ~PTIC_BITS(d)) | ((enter_cb || exit_cb) ? ptic__phase_bits(d, enter_cb, exit_cb) : 0u);
    }
    ptic__atomic_store_u32(&s->mask, m, PTIC_RELEASE);
    if (doms & (1u << PTIC_DOM_DRIVER_API))
      ptic__slot_set_api(s, PTIC_API_COUNT, (enter_cb ? 1u : 0u) | (exit_cb ? 2u : 0u));
    ptic__mask_publish();
    if (m & PTIC_BIT(PTIC_DOM_COMPLETED, 2u)) ptic__poller_start();
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return r;
}

/* Checks a handle; for an unimplemented domain: BAD_ARGUMENT first, then NOT_IMPLEMENTED. */
static pti_result ptic__check_handle(pti_callback_subscriber_handle subscriber, pti_result ok) {
  int slot = ptic__lock_slot(subscriber);
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : ok;
}

static pti_result ptic__own_ptiCallbackEnableDomain(pti_callback_subscriber_handle subscriber,
                                              pti_callback_domain domain, uint32_t enter_cb,
                                              uint32_t exit_cb) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE || (!enter_cb && !exit_cb)) return PTI_ERROR_BAD_ARGUMENT;
  if (dom == PTIC_DOM_COMPLETED && !exit_cb) return PTI_ERROR_BAD_ARGUMENT; /* EXIT only */
  if (!(PTIC_IMPLEMENTED_DOMAINS & (1u << dom)))
    return ptic__check_handle(subscriber, PTI_ERROR_NOT_IMPLEMENTED);
  return ptic__set_domains(subscriber, 1u << dom, enter_cb, exit_cb);
}

static pti_result ptic__own_ptiCallbackDisableDomain(pti_callback_subscriber_handle subscriber,
                                               pti_callback_domain domain) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE) return PTI_ERROR_BAD_ARGUMENT;
  return ptic__set_domains(subscriber, 1u << dom, 0, 0);
}

static pti_result ptic__own_ptiCallbackDisableAllDomains(pti_callback_subscriber_handle subscriber) {
  return ptic__set_domains(subscriber, ~1u, 0, 0);
}

static pti_result ptic__own_pticEnableAllDomains(pti_callback_subscriber_handle subscriber,
                                           uint32_t enter_cb, uint32_t exit_cb) {
  if (!enter_cb && !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  return ptic__set_domains(subscriber, PTIC_IMPLEMENTED_DOMAINS, enter_cb, exit_cb);
}

/* The PTIC_API_* of a (group, id) pair, or an error. */
static pti_result ptic__api_arg(pti_api_group_id group, uint32_t api_id, uint32_t* api) {
  if (group != PTI_API_GROUP_LEVELZERO) return PTI_ERROR_BAD_ARGUMENT;
  if (!pticApiIdName(api_id)) return PTI_ERROR_BAD_API_ID;
  *api = ptic__api_of_id(api_id);
  return *api == PTIC_API_COUNT ? PTI_ERROR_NOT_IMPLEMENTED : PTI_SUCCESS;
}

static pti_result ptic__own_pticEnableDriverApi(pti_callback_subscriber_handle subscriber,
                                          pti_api_group_id group, uint32_t api_id,
                                          uint32_t enter_cb, uint32_t exit_cb) {
  uint32_t api = 0;
  pti_result r = ptic__check_handle(subscriber, PTI_SUCCESS);
  if (r == PTI_SUCCESS && !enter_cb && !exit_cb) r = PTI_ERROR_BAD_ARGUMENT;
  if (r == PTI_SUCCESS) r = ptic__api_arg(group, api_id, &api);
  if (r != PTI_SUCCESS) return r;
  int slot = ptic__lock_slot(subscriber);
  r = slot < 0 ? PTI_ERROR_BAD_ARGUMENT : ptic__tracer_ensure();
  if (r == PTI_SUCCESS) {
    ptic__slot_set_api(&ptic__g.slot[slot], api, (enter_cb ? 1u : 0u) | (exit_cb ? 2u : 0u));
    ptic__mask_publish();
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return r;
}

static pti_result ptic__own_pticDisableDriverApi(pti_callback_subscriber_handle subscriber,
                                           pti_api_group_id group, uint32_t api_id) {
  uint32_t api = 0;
  pti_result r = ptic__check_handle(subscriber, PTI_SUCCESS);
  if (r == PTI_SUCCESS) r = ptic__api_arg(group, api_id, &api);
  if (r != PTI_SUCCESS) return r;
  int slot = ptic__lock_slot(subscriber);
  if (slot >= 0) {
    ptic__slot_set_api(&ptic__g.slot[slot], api, 0);
    ptic__mask_publish();
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
}

static pti_result ptic__own_pticGetDomainState(pti_callback_subscriber_handle subscriber,
                                         pti_callback_domain domain, uint32_t* enter_cb,
                                         uint32_t* exit_cb) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE || !enter_cb || !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  int slot = ptic__lock_slot(subscriber);
  if (slot >= 0) {
    uint32_t m = ptic__atomic_load_u32(&ptic__g.slot[slot].mask, PTIC_RELAXED);
    *enter_cb = (m & PTIC_BIT(dom, 1u)) ? 1u : 0u;
    *exit_cb = (m & PTIC_BIT(dom, 2u)) ? 1u : 0u;
    if (dom == PTIC_DOM_INTERNAL_EVENT) *exit_cb = *enter_cb;
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
}

static pti_result ptic__own_pticGetDriverApiState(pti_callback_subscriber_handle subscriber,
                                            pti_api_group_id group, uint32_t api_id,
                                            uint32_t* enter_cb, uint32_t* exit_cb) {
  uint32_t api = 0;
  if (!enter_cb || !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  pti_result r = ptic__check_handle(subscriber, PTI_SUCCESS);
  if (r == PTI_SUCCESS) r = ptic__api_arg(group, api_id, &api);
  if (r == PTI_ERROR_NOT_IMPLEMENTED) { /* never traced: never enabled */
    *enter_cb = *exit_cb = 0;
    return PTI_SUCCESS;
  }
  if (r != PTI_SUCCESS) return r;
  int slot = ptic__lock_slot(subscriber);
  if (slot >= 0) {
    uint32_t v = ptic__atomic_load_u32(&ptic__g.slot[slot].api[PTIC_API_WORD(api)], PTIC_RELAXED) >>
                 PTIC_API_SHIFT(api);
    *enter_cb = v & 1u;
    *exit_cb = (v >> 1) & 1u;
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
}

PTI_EXPORT pti_result pticGetSupportedDomains(pti_callback_domain* domains, uint32_t* count) {
  if (!count) return PTI_ERROR_BAD_ARGUMENT;
  uint32_t n = 0;
  for (unsigned d = 1; d < PTIC_DOM_COUNT; d++) {
    if (!(PTIC_IMPLEMENTED_DOMAINS & (1u << d))) continue;
    if (domains && n < *count) domains[n] = ptic__dom_public[d];
    n++;
  }
  if (domains && n > *count) n = *count;
  *count = n;
  return PTI_SUCCESS;
}

static const char* const ptic__id_names[PTIC_LEVELZERO_ID_MAX] = {
#define PTIC_X(fn, id) (id) == 0 ? NULL : #fn,
    NULL, PTIC_ZE_ID_TABLE(PTIC_X)
#undef PTIC_X
};

PTI_EXPORT pti_result pticGetApiIds(uint32_t* api_ids, uint32_t* count) {
  if (!count) return PTI_ERROR_BAD_ARGUMENT;
  uint32_t n = 0;
  for (uint32_t id = 1; id < PTIC_LEVELZERO_ID_MAX; id++) {
    if (!ptic__id_names[id]) continue;
    if (api_ids && n < *count) api_ids[n] = id;
    n++;
  }
  if (api_ids && n > *count) n = *count;
  *count = n;
  return PTI_SUCCESS;
}

PTI_EXPORT const char* pticApiIdName(uint32_t api_id) {
  return api_id < PTIC_LEVELZERO_ID_MAX ? ptic__id_names[api_id] : NULL;
}

PTI_EXPORT pti_result pticApiIdFromName(const char* name, uint32_t* api_id) {
  if (!name || !api_id) return PTI_ERROR_BAD_ARGUMENT;
  for (uint32_t id = 1; id < PTIC_LEVELZERO_ID_MAX; id++) {
    if (ptic__id_names[id] && strcmp(ptic__id_names[id], name) == 0) {
      *api_id = id;
      return PTI_SUCCESS;
    }
  }
  return PTI_ERROR_BAD_API_ID;
}

PTI_EXPORT int pticApiIdIsTraced(uint32_t api_id) { return ptic__api_of_id(api_id) != PTIC_API_COUNT; }

static pti_result ptic__own_pticGetRecordInfo(const void* cb_data, ptic_record_info* info) {
  ptic__thread* t = ptic__tls;
  if (!cb_data || !info || !t || !t->cur || t->cur->rec != cb_data) return PTI_ERROR_BAD_ARGUMENT;
  info->thread_id = t->tid;
  info->api_id = t->cur->api_id;
  info->domain = ptic__dom_public[t->cur->dom];
  info->phase = t->cur->phase;
  return PTI_SUCCESS;
}

static pti_result ptic__own_pticGetOperationInfo(const void* cb_data, uint32_t index, ptic_op_info* info) {
  ptic__thread* t = ptic__tls;
  if (!cb_data || !info || !t || !t->cur || t->cur->rec != cb_data) return PTI_ERROR_BAD_ARGUMENT;
  if (t->cur->dom == PTIC_DOM_COMPLETED) {
    if (!t->cur_infos || index >= t->cur_ninfos) return PTI_ERROR_BAD_ARGUMENT;
    *info = t->cur_infos[index];
    return PTI_SUCCESS;
  }
  if (t->cur->dom != PTIC_DOM_APPENDED && t->cur->dom != PTIC_DOM_DISPATCHED) return PTI_ERROR_BAD_ARGUMENT;
  const pti_callback_gpu_op_data* g = PTIC_CAST(const pti_callback_gpu_op_data*, cb_data);
  if (index >= g->_operation_count) return PTI_ERROR_BAD_ARGUMENT;
  if (t->cur->dom == PTIC_DOM_DISPATCHED) {
    *info = t->cur->frame->infos[index];
    return PTI_SUCCESS;
  }
  memset(info, 0, sizeof *info);
  info->operation_id = info->appended_operation_id = g->_operation_details[index]._operation_id;
  info->append_correlation_id = info->submit_correlation_id = g->_correlation_id;
  info->status = PTIC_OP_APPENDED;
  info->thread_id = t->tid;
  info->cmd_list = g->_cmd_list_handle;
  info->queue = g->_queue_handle;
  return PTI_SUCCESS;
}

static pti_result ptic__own_pticFlush(uint64_t timeout_ns) {
  ptic__thread* t = ptic__thread_get();
  if (!t) return PTI_ERROR_INTERNAL;
  /* time is counted in sleeps (no monotonic clock in strict ISO C modes): at least timeout_ns */
  for (uint64_t slept = 0;; slept += 200000u) {
    ptic__flush_now(t, 0);
    ptic__objs_lock();
    /* pending, collected, or being delivered by another thread */
    uint64_t left = ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) + ptic__gpus.nready -
                    ptic__gpus.ready_head + ptic__atomic_load_u32(&ptic__gpus.delivering, PTIC_ACQUIRE);
    ptic__objs_unlock();
    if (!left) return PTI_SUCCESS;
    if (slept >= timeout_ns) return PTI_ERROR_INTERNAL;
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
  }
}

static pti_result ptic__own_pticSetPollInterval(uint32_t microseconds) {
  ptic__atomic_store_u32(&ptic__gpus.poll_us, microseconds, PTIC_RELAXED);
  return PTI_SUCCESS;
}

/* ---- argument iteration ---- */

typedef struct ptic__arg {
  uint32_t api;
  uint32_t index;
  const char* name;
  const char* type;
  uint32_t kind;
  uint32_t size;
  void (*fmt)(uint64_t, char*, size_t);
} ptic__arg;

static const ptic__arg ptic__args[] = {
#define PTIC_A(fn, i, n, ty, kind, size, fmt) \
  {PTIC_API_##fn, i, n, ty, PTIC_ARG_##kind, PTIC_SCAST(uint32_t, size), fmt},
    PTIC_ZE_ARG_TABLE(PTIC_A)
#undef PTIC_A
    {PTIC_API_COUNT, 0, "", "", 0, 0, ptic__fmt_none}};

/* Format one argument; `arg` points to it (params members point to the arguments). */
static void ptic__format_arg(const ptic__arg* a, const void* arg, char* buf, size_t n) {
  uint64_t v = 0;
  if (!arg) {
    snprintf(buf, n, "?");
    return;
  }
  if (a->kind == PTIC_ARG_HANDLE || a->kind == PTIC_ARG_PTR || a->kind == PTIC_ARG_STR ||
      a->kind == PTIC_ARG_DESC) {
    const void* p;
    memcpy(&p, arg, sizeof p);
    if (a->kind == PTIC_ARG_STR && p) {
      snprintf(buf, n, "\"%.96s\"", PTIC_CAST(const char*, p));
    } else if (a->kind == PTIC_ARG_DESC && p) {
      /* every ze descriptor and properties struct starts with its ze_structure_type_t */
      ze_structure_type_t st;
      char stype[96];
      memcpy(&st, p, sizeof st);
      ptic__fmt_ze_structure_type_t(PTIC_SCAST(uint64_t, st), stype, sizeof stype);
      snprintf(buf, n, "0x%llx {stype=%s}", PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, p)), stype);
    } else {
      snprintf(buf, n, "0x%llx", PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, p)));
    }
    return;
  }
  memcpy(&v, arg, a->size < sizeof v ? a->size : sizeof v); /* little-endian value */
  switch (a->kind) {
    case PTIC_ARG_INT:
      snprintf(buf, n, "%lld", PTIC_SCAST(long long, a->size == 4 ? PTIC_SCAST(int32_t, v) : PTIC_SCAST(int64_t, v)));
      break;
    case PTIC_ARG_BOOL: snprintf(buf, n, "%s", v ? "true" : "false"); break;
    case PTIC_ARG_ENUM:
    case PTIC_ARG_FLAGS: a->fmt(v, buf, n); break;
    default: snprintf(buf, n, "%llu", PTIC_SCAST(unsigned long long, v)); break;
  }
}

static pti_result ptic__own_pticIterateArgs(const void* cb_data, ptic_arg_function fn, void* user_data) {
  ptic__thread* t = ptic__tls;
  if (!fn || !cb_data || !t || !t->cur || t->cur->rec != cb_data || t->cur->dom != PTIC_DOM_DRIVER_API)
    return PTI_ERROR_BAD_ARGUMENT;
  const ptic_api_data* a = PTIC_CAST(const ptic_api_data*, cb_data);
  const uint32_t api = ptic__api_of_id(a->_api_id);
  size_t first = 0;
  while (ptic__args[first].api < api) first++; /* the table is in api order */
  char value[160];
  for (size_t i = first; ptic__args[i].api == api; i++) {
    const void* arg = NULL;
    memcpy(&arg, PTIC_CAST(const char*, a->_params) + ptic__args[i].index * sizeof(void*), sizeof arg);
    ptic__format_arg(&ptic__args[i], arg, value, sizeof value);
    fn(ptic__args[i].index, ptic__args[i].name, ptic__args[i].type, value, user_data);
  }
  return PTI_SUCCESS;
}

/* ---- replay ---- */

static pti_result ptic__own_pticReplay(pti_callback_subscriber_handle subscriber) {
  int slot = ptic__lock_slot(subscriber);
  uint64_t order = slot >= 0 ? ptic__atomic_load_u64(&ptic__g.slot[slot].order, PTIC_RELAXED) : 0;
  uint32_t mask = slot >= 0 ? ptic__atomic_load_u32(&ptic__g.slot[slot].mask, PTIC_RELAXED) : 0;
  pthread_mutex_unlock(&ptic__g.lock);
  if (slot < 0) return PTI_ERROR_BAD_ARGUMENT;
  static const uint32_t kinds[3] = {PTIC_OBJ_CONTEXT, PTIC_OBJ_MODULE, PTIC_OBJ_KERNEL};
  static const unsigned doms[3] = {PTIC_DOM_CONTEXT_CREATED, PTIC_DOM_MODULE_LOADED, PTIC_DOM_KERNEL_CREATED};
  static const uint32_t ids[3] = {zeContextCreate_id, zeModuleCreate_id, zeKernelCreate_id};
  ptic__thread* t = ptic__thread_get();
  for (int k = 0; k < 3; k++) {
    const uint32_t bit = PTIC_BIT(doms[k], 2u);
    if (!(mask & bit)) continue;
    /* copy the live objects of this kind, in creation order, then call without the lock */
    ptic__objs_lock();
    size_t n = 0;
    for (size_t i = 0; i < ptic__objs.cap; i++) n += ptic__objs.tab[i].kind == kinds[k];
    ptic__obj* list = n ? PTIC_CAST(ptic__obj*, PTIC_MALLOC(n * sizeof *list)) : NULL;
    n = 0;
    for (size_t i = 0; list && i < ptic__objs.cap; i++)
      if (ptic__objs.tab[i].kind == kinds[k]) list[n++] = ptic__objs.tab[i];
    ptic__objs_unlock();
    for (size_t i = 1; i < n; i++) /* insertion sort by serial; replays are rare */
      for (size_t j = i; j > 0 && list[j - 1].serial > list[j].serial; j--) {
        ptic__obj x = list[j];
        list[j] = list[j - 1];
        list[j - 1] = x;
      }
    for (size_t i = 0; i < n; i++) {
      const ptic__obj* o = &list[i];
      void* h = PTIC_CAST(void*, o->a);
      union {
        ptic_context_data c;
        ptic_module_data m;
        pti_callback_kernel_data k;
      } rec;
      memset(&rec, 0, sizeof rec);
      void* ctx = o->context;
      if (kinds[k] == PTIC_OBJ_CONTEXT) {
        rec.c._domain = PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED;
        rec.c._phase = PTI_CB_PHASE_API_EXIT;
        rec.c._driver_handle = o->parent;
        rec.c._context_handle = h;
        ctx = h;
      } else if (kinds[k] == PTIC_OBJ_MODULE) {
        rec.m._domain = PTI_CB_DOMAIN_DRIVER_MODULE_LOADED;
        rec.m._phase = PTI_CB_PHASE_API_EXIT;
        rec.m._module_handle = h;
        ptic__module_record(&rec.m, o);
      } else {
        rec.k._domain = PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED;
        rec.k._phase = PTI_CB_PHASE_API_EXIT;
        rec.k._device_handle = o->device;
        rec.k._module_handle = o->parent;
        rec.k._device_kernel_handle = h;
        rec.k._kernel_handle = o->kernel_id;
        rec.k._name = o->name;
      }
      ptic__delivery d;
      d.cur.rec = &rec;
      d.cur.frame = NULL;
      d.cur.api_id = ids[k];
      d.cur.dom = doms[k];
      d.cur.phase = PTI_CB_PHASE_API_EXIT;
      d.ctx = ctx;
      d.bit = bit;
      d.lane = 0;
      d.force = 0;
      if (ptic__atomic_load_u64(&ptic__g.slot[slot].order, PTIC_RELAXED) == order) /* still it */
        ptic__call_slot(t, &d, PTIC_SCAST(uint32_t, slot));
    }
    PTIC_FREE(list);
  }
  return PTI_SUCCESS;
}

/* ==== >>hub =============================================================================== */
/* Several copies of this implementation in one process (tools built from the header, each with
   hidden or default visibility) behave as one library: the first copy constructed is the
   active one (the only tracer, poller and object table); every later copy forwards the public
   functions below to it through a versioned table. The copies meet through the environment
   variable PTIC_HUB = "<major>:<AT_RANDOM as hex>:<table address>": AT_RANDOM (16 bytes the
   kernel gives each exec'd image) tells a table of this process image from a stale one inherited
   across exec (same pid, other image) or from another process; a fork child keeps the image,
   so it keeps the table too. Constructors run under the dynamic linker's lock, so two copies
   never decide at once. README.md, "Several tools in one process", has the rules. */

#define PTIC_HUB_MAJOR 1u /* a change of an entry's meaning or signature; entries are only added */
#define PTIC_HUB_ENV "PTIC_HUB"

/* The forwarded functions, in table order (append only). The others are pure (names, ids). */
#define PTIC_HUB_API(X)                                                                          \
  X(ptiCallbackSubscribe, (pti_callback_subscriber_handle * a, pti_callback_function b, void* c), \
    (a, b, c))                                                                                   \
  X(ptiCallbackUnsubscribe, (pti_callback_subscriber_handle a), (a))                             \
  X(ptiCallbackEnableDomain,                                                                     \
    (pti_callback_subscriber_handle a, pti_callback_domain b, uint32_t c, uint32_t d), (a, b, c, d)) \
  X(ptiCallbackDisableDomain, (pti_callback_subscriber_handle a, pti_callback_domain b), (a, b)) \
  X(ptiCallbackDisableAllDomains, (pti_callback_subscriber_handle a), (a))                       \
  X(pticEnableAllDomains, (pti_callback_subscriber_handle a, uint32_t b, uint32_t c), (a, b, c)) \
  X(pticEnableDriverApi,                                                                         \
    (pti_callback_subscriber_handle a, pti_api_group_id b, uint32_t c, uint32_t d, uint32_t e),  \
    (a, b, c, d, e))                                                                             \
  X(pticDisableDriverApi, (pti_callback_subscriber_handle a, pti_api_group_id b, uint32_t c),    \
    (a, b, c))                                                                                   \
  X(pticGetDomainState,                                                                          \
    (pti_callback_subscriber_handle a, pti_callback_domain b, uint32_t * c, uint32_t * d),       \
    (a, b, c, d))                                                                                \
  X(pticGetDriverApiState,                                                                       \
    (pti_callback_subscriber_handle a, pti_api_group_id b, uint32_t c, uint32_t * d, uint32_t * e), \
    (a, b, c, d, e))                                                                             \
  X(pticGetRecordInfo, (const void* a, ptic_record_info* b), (a, b))                             \
  X(pticGetOperationInfo, (const void* a, uint32_t b, ptic_op_info* c), (a, b, c))               \
  X(pticFlush, (uint64_t a), (a))                                                                \
  X(pticSetPollInterval, (uint32_t a), (a))                                                      \
  X(pticIterateArgs, (const void* a, ptic_arg_function b, void* c), (a, b, c))                   \
  X(pticReplay, (pti_callback_subscriber_handle a), (a))

typedef struct ptic__hub {
  uint32_t major;
  uint32_t size; /* sizeof of the active copy's table: entries past it are absent */
#define PTIC_X(fn, params, args) pti_result(*fn) params;
  PTIC_HUB_API(PTIC_X)
#undef PTIC_X
} ptic__hub;

static const ptic__hub ptic__hub_own = {
    PTIC_HUB_MAJOR, sizeof(ptic__hub),
#define PTIC_X(fn, params, args) ptic__own_##fn,
    PTIC_HUB_API(PTIC_X)
#undef PTIC_X
};

static pthread_once_t ptic__hub_once = PTHREAD_ONCE_INIT;
static const ptic__hub* ptic__hub_other; /* the active copy's table when this copy forwards */
static int ptic__hub_refused;            /* another copy is active, with another major version */

/* This process image's key: AT_RANDOM's 16 bytes in hex. */
static void ptic__hub_key(char key[33]) {
  const unsigned char* r = PTIC_CAST(const unsigned char*, getauxval(AT_RANDOM));
  static const char hex[] = "0123456789abcdef";
  for (int i = 0; i < 16; i++) {
    key[2 * i] = r ? hex[r[i] >> 4] : '0';
    key[2 * i + 1] = r ? hex[r[i] & 15u] : '0';
  }
  key[32] = 0;
}

/* Keep the active copy's code mapped: forwarding copies and subscribers' records point into it
   until the process ends. (Needs dladdr, declared with _GNU_SOURCE; a strict-ISO build of the
   active copy is not pinned: do not dlclose it.) */
static void ptic__hub_pin(void) {
#if defined(RTLD_NODELETE) && defined(RTLD_NOLOAD) && defined(_GNU_SOURCE)
  Dl_info info;
  if (dladdr(PTIC_CAST(const void*, &ptic__hub_own), &info) && info.dli_fname) {
    void* self = dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
    if (self) dlclose(self);
  }
#endif
}

static void ptic__hub_join(void) {
  char key[33], want[40];
  ptic__hub_key(key);
  snprintf(want, sizeof want, "%u:%s:", PTIC_HUB_MAJOR, key);
  const char* v = getenv(PTIC_HUB_ENV);
  const char* tail = v ? strchr(v, ':') : NULL;
  if (tail && strncmp(tail + 1, key, 32) == 0 && tail[33] == ':') { /* a table of this image */
    const ptic__hub* h = PTIC_CAST(const ptic__hub*, PTIC_SCAST(uintptr_t, strtoull(tail + 34, NULL, 16)));
    if (h == &ptic__hub_own) return; /* (joined twice: cannot happen under the once) */
    if (strtoul(v, NULL, 10) == PTIC_HUB_MAJOR && h && h->major == PTIC_HUB_MAJOR) ptic__hub_other = h;
    else ptic__hub_refused = 1;
    return;
  }
  char val[80];
  snprintf(val, sizeof val, "%s%llx", want,
           PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, &ptic__hub_own)));
  setenv(PTIC_HUB_ENV, val, 1);
  ptic__hub_pin();
}

/* Before any other constructor of this copy (a tool's constructor may subscribe). */
__attribute__((constructor(101))) static void ptic__hub_ctor(void) {
  pthread_once(&ptic__hub_once, ptic__hub_join);
}

/* The public functions: forward, or run here when this copy is the active one. */
#define PTIC_X(fn, params, args)                                                               \
  PTI_EXPORT pti_result fn params {                                                            \
    pthread_once(&ptic__hub_once, ptic__hub_join);                                             \
    const ptic__hub* h = ptic__hub_other;                                                      \
    if (PTIC_UNLIKELY(h != NULL)) {                                                            \
      if (offsetof(ptic__hub, fn) + sizeof h->fn > h->size) return PTI_ERROR_NOT_IMPLEMENTED;  \
      return h->fn args;                                                                       \
    }                                                                                          \
    if (PTIC_UNLIKELY(ptic__hub_refused)) return PTI_ERROR_NOT_IMPLEMENTED;                    \
    return ptic__own_##fn args;                                                                \
  }
PTIC_HUB_API(PTIC_X)
#undef PTIC_X

/* ==== >>strings =========================================================================== */

#define PTIC_CASE_NAME(e) \
  case e:                 \
    return #e;

PTI_EXPORT const char* ptiCallbackDomainTypeToString(pti_callback_domain domain) {
  switch (PTIC_SCAST(uint32_t, domain)) {
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
    case 4096: return "PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED";
    default: break;
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
