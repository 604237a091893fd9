/*
    pti_callback.h -- the PTI Callback API on the Level Zero tracing layer and OpenCL layers, in
    one header.

    Project: pti-callback. License: MIT, see end of file.

    WHAT IT IS
    ==========
    An stb-style single-header C library implementing Intel PTI's Callback API
    (ptiCallbackSubscribe, ptiCallbackEnableDomain, ...) directly on the Level Zero
    loader's tracing layer (zelTracerCreate, zelTracer*RegisterCallback), and for OpenCL
    (PTI_API_GROUP_OPENCL) as a layer of the OpenCL ICD loader (CL/cl_layer.h). Same names,
    enum values and struct layouts as Intel PTI's pti_callback.h, so a PTI tool compiles
    unchanged by switching the include; no PTI View needed, up to 64 subscribers,
    per-call instance data, exact phases.

    This comment is the reference to keep at hand while coding: configuration, the domains and
    their records' types, the rules for callbacks, the error codes; each public function's
    comment says its parameters, results, thread safety and callback safety. README.md is the
    manual: using the library, every Level Zero function per domain, what each record field
    holds, completions, guarantees, loaders, several tools in one process, the differences from
    Intel PTI.

    QUICK START
    ===========
    In exactly one .c (or .cpp) file of your tool:

        #define PTI_CALLBACK_IMPLEMENTATION
        #include "pti_callback.h"

    Everywhere else just #include "pti_callback.h". The implementation file needs the
    Level Zero headers on the include path (Debian: libze-dev), and for OpenCL the OpenCL
    headers (Debian: opencl-headers; without them the OpenCL backend is left out); link with
    -ldl -lpthread. The Level Zero loader is opened at run time with dlopen, never linked.
    To trace OpenCL the tool must be a shared object (preloaded or linked): the implementation
    exports clGetLayerInfo and clInitLayer, and the ICD loader loads the tool as a layer.

        static void on_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                          pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
          if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
            pti_callback_gpu_op_data* op = (pti_callback_gpu_op_data*)cb_data;
            printf("%s %s\n", ptiCallbackPhaseTypeToString(op->_phase),
                   op->_operation_details[0]._name);
          }
        }
        pti_callback_subscriber_handle sub;
        ptiCallbackSubscribe(&sub, on_cb, NULL);
        ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1);
        ... the application runs ...
        ptiCallbackUnsubscribe(sub);

    CONFIGURATION
    =============
    Define before including the implementation:

        PTIC_MAX_SUBSCRIBERS      live subscribers at once (default 64, at most 64; with
                                  several copies in one process, the largest of theirs)
        PTIC_MAX_NESTING          nested traced calls per thread that are tracked (default 8)
        PTIC_ASSERT(c)            assertion (default assert from <assert.h>)
        PTIC_MALLOC(n), PTIC_FREE(p)
                                  allocator; define both or neither
        PTIC_NO_ENV_CONSTRUCTOR   do not set ZE_ENABLE_TRACING_LAYER=1 at load time, nor name
                                  the tool in OPENCL_LAYERS
        PTIC_NO_OPENCL            leave the OpenCL backend out (also when CL/cl_layer.h is
                                  not on the include path): no OpenCL headers needed, and
                                  clGetLayerInfo / clInitLayer are not defined
        PTIC_LOADER_NAME          file passed to dlopen (default "libze_loader.so.1")
        PTIC_API                  linkage of the public functions (default extern; with
                                  PTIC_DLL defined: default visibility)
        PTIC_TLS_MODEL            TLS model of the one hot thread-local (default
                                  "initial-exec": no __tls_get_addr in a tool built as a
                                  shared library; "global-dynamic" for a tool dlopen()ed late)
        PTIC_RESYNC_NS            how long one synchronisation of the device and host clocks
                                  serves completed operations' times (default 10 ms)
        PTIC_NO_PTI_INCLUDE       do not include Intel PTI's headers even when the include
                                  path has them (see WITH INTEL PTI'S HEADERS)
        PTIC_ITT_COLLECTOR        make the tool the ITT collector (PTIC_CB_DOMAIN_MARKER): the
                                  implementation exports __itt_api_init, and its constructor sets
                                  INTEL_LIBITTNOTIFY64 to the tool's own path when the variable is
                                  unset. The tool must be a shared library (preloaded, or loaded
                                  before the program's first ITT call) and define _GNU_SOURCE. A
                                  variable naming another collector is left alone: ITT loads that
                                  one, and enabling MARKER raises one INTERNAL_EVENT WARNING
                                  naming it. Off by default: other tools export nothing more

    WITH INTEL PTI'S HEADERS
    ========================
    A tool may also include Intel PTI's pti/pti.h, pti/pti_view.h (ptiViewGetApiIdName, the View
    API), pti/pti_driver_levelzero_api_ids.h, pti/pti_version.h and pti/pti_callback.h, before
    or after this header, in any order. Each block of declarations PTI has too is skipped when
    PTI's header guard says PTI declared it, and this header declares PTI's types with PTI's
    values, so the two agree:
        pti/pti.h                        pti_result (all of PTI 1.0's values), the handle types,
                                         ptiResultTypeToString, PTI_STATIC_ASSERT
        pti/pti_view.h                   pti_api_group_id only
        pti/pti_driver_levelzero_api_ids.h   pti_api_id_driver_levelzero, the same ids
        pti/pti_callback.h               the Callback API (same guard, PTI_CALLBACK_H_: the
                                         header included second adds only what the first lacks)
    When the include path has "pti/pti_view.h", this header includes it first (define
    PTIC_NO_PTI_INCLUDE not to), so PTI's declarations are the ones used; otherwise it declares
    them itself and defines the guards of pti.h and pti_driver_levelzero_api_ids.h, whose whole
    content it declares, so those included later add nothing. pti_view.h declares much more:
    included later without having been found here, it redeclares pti_api_group_id and the
    compiler stops. PTIC_LEVELZERO_ID_MAX is this library's, whichever header declared the ids.
    PTI_EXPORT is defined only where PTI's pti_export.h has not defined it. PTI's headers older
    than 1.0 are refused (#error).

    DOMAINS
    =======
    Which Level Zero calls fire which domain (E = ENTER, X = EXIT), and the type of cb_data.
    The OpenCL calls of each domain (clEnqueue*, clFinish, clWaitForEvents, blocking reads,
    writes and maps, clCreateContext, clBuildProgram, clCreateKernel, clCreateBuffer and the
    other memory allocations, their releases and frees, every function of the ICD dispatch
    table for DRIVER_API; no DISPATCHED) are in README.md, "Domains", the OpenCL column.
    README.md, "Domains", lists every function (with its spec version) and what each record
    field holds; "Completions" says when and how COMPLETED is delivered.

        domain                            phases      cb_data
          fired by
        DRIVER_CONTEXT_CREATED            E X         ptic_context_data
          zeContextCreate, zeContextCreateEx
        PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED (ours, 4096)
                                          E X         ptic_context_data
          zeContextDestroy
        PTIC_CB_DOMAIN_MEMORY (ours, 4097) E X        ptic_memory_data
          every allocation and free: zeMemAllocHost/Device/Shared, zeMemFree, zeMemFreeExt,
          zeMemOpenIpcHandle, zeMemCloseIpcHandle, zeVirtualMemReserve/Free/Map/Unmap,
          zePhysicalMemCreate/Destroy (OpenCL: memory objects, SVM)
        DRIVER_MODULE_LOADED              E X         ptic_module_data
          zeModuleCreate
        DRIVER_MODULE_UNLOADED            E X         ptic_module_data
          zeModuleDestroy
        DRIVER_GPU_OPERATION_APPENDED     E X         pti_callback_gpu_op_data
          the appends that give the device work: kernel launches, memory and image copies,
          fills, barriers, host functions, external semaphores
        DRIVER_GPU_OPERATION_DISPATCHED   E X         pti_callback_gpu_op_data
          zeCommandQueueExecuteCommandLists, and regular lists appended to an immediate list:
          their operations, new ids per execution (none for immediate lists)
        DRIVER_GPU_OPERATION_COMPLETED      X         pti_callback_gpu_op_data
          once per tracked operation, after the device finished it; times through
          pticGetOperationInfo
        DRIVER_HOST_SYNCHRONIZATION       E X         ptic_sync_data
          zeEventHostSynchronize, zeFenceHostSynchronize, zeCommandQueueSynchronize,
          zeCommandListHostSynchronize, zeDeviceSynchronize
        DRIVER_KERNEL_CREATED             E X         pti_callback_kernel_data
          zeKernelCreate
        DRIVER_KERNEL_DESTROYED           E X         pti_callback_kernel_data
          zeKernelDestroy
        DRIVER_API                        E X         ptic_api_data
          every function the loader's tracing layer traces; per function with
          pticEnableDriverApi
        PTIC_CB_DOMAIN_DRIVER_INITIALIZATION (ours, 4098)
                                          E X         ptic_init_data
          zeInit, zeInitDrivers (as far as the loader traces them: newer loaders trace no zeInit
          after the first); and one EXIT record (kind PTIC_INIT_LIBRARY, correlation id 0) for
          the library's own zeInit at the first enable, to the subscriber whose enable turned
          this domain on with it (pticEnableAllDomains, or this domain enabled first); to the
          others through pticReplay
        PTIC_CB_DOMAIN_DRIVER_RESOURCE (ours, 4099)
                                          E X         ptic_resource_data
          zeCommandQueueCreate/Destroy, zeCommandListCreate, zeCommandListCreateImmediate,
          zeCommandListCreateCloneExp, zeCommandListDestroy, zeEventPoolCreate/Destroy,
          zeEventPoolOpenIpcHandle/CloseIpcHandle, zeFenceCreate/Destroy
        PTIC_CB_DOMAIN_MARKER (ours, 4100) E X        ptic_marker_data
          the application's ITT annotations (tasks, regions, frames, markers, thread names,
          pause, resume) when a tool in the process is the ITT collector (PTIC_ITT_COLLECTOR):
          a range's begin is ENTER, its end EXIT with the same correlation id; group
          PTIC_API_GROUP_ITT, driver_api_id the ptic_marker_kind
        INTERNAL_THREADS                  START END   pti_internal_callback_data
          the library's completion poller
        INTERNAL_EVENT                    one phase   pti_internal_callback_data
          problems of the library (_detail: pti_internal_event_type)

    Every callback gets driver_api_group_id PTI_API_GROUP_LEVELZERO or PTI_API_GROUP_OPENCL
    (MARKER's: PTIC_API_GROUP_ITT); records of the domains a call fires carry driver_api_id, PTI's
    id of the Level Zero function (pti_api_id_driver_levelzero, or this library's from 0x10000),
    or the OpenCL function's (ptic_api_id_opencl, from 0x20000), never 0. instance_user_data
    points to a slot per call, per subscriber and per domain: what a subscriber stores there at
    ENTER it reads back at EXIT of the same call.

    THREAD SAFETY
    =============
    Every function may be called from any thread at any time, also from inside a callback
    (pticFlush then only collects and delivers what it can, and never waits). Callbacks run
    synchronously on the thread that made the Level Zero call (COMPLETED also on the library's
    poller thread), ENTER callbacks in subscription order, EXIT callbacks in reverse order, with
    no library lock held: callbacks of different threads run at once. ptiCallbackUnsubscribe(s)
    returns when no callback of s runs on another thread and none will start; from inside a
    callback it does not wait, and no new callback of s starts after it returns. A callback must
    not throw, and must not wait for a thread that is inside a Level Zero synchronising call.
    Level Zero calls made inside a callback reach the driver but are not traced. A traced call
    costs one relaxed atomic load when none of its domains is enabled. README.md, "Thread
    safety", has the rest.

    LEVEL ZERO SET-UP
    =================
    The first successful ptiCallbackEnableDomain calls zeInit, creates one tracer and enables
    it; before that the Level Zero loader is not even loaded. Loader 1.8 traces only when
    ZE_ENABLE_TRACING_LAYER=1 was set before the application's first zeInit: the implementation
    sets it at load time when it is unset (a constructor; define PTIC_NO_ENV_CONSTRUCTOR to opt
    out). Loaders with zelEnableTracingLayer get the layer turned on whatever the environment
    says. Enable the first domain early: objects created before are known only partly. The
    tracer is never disabled or destroyed. At process exit the library's destructor delivers
    what finished, reports what did not as lost, and stops for good: no callback runs afterwards,
    and ptiCallbackSubscribe, the enable functions, pticFlush and pticReplay return
    PTI_ERROR_TRACING_NOT_INITIALIZED. Several copies of the implementation in one process (tools
    built from this header) act as one library, whose end comes after the destructors of every
    copy (the tools' destructors may still flush); copies of versions that exchange other
    records refuse to pair (PTIC_ERROR_INCOMPATIBLE_COPY). README.md, "Loaders" and "Several
    tools in one process", has the details.

    ERRORS
    ======
    Every function returns a pti_result:
        PTI_SUCCESS
        PTI_ERROR_BAD_ARGUMENT              null output pointer, null callback, invalid, stale or
                                            unsubscribed handle, unknown domain, enter=exit=0 for
                                            a two-phase domain, a record not being delivered
        PTI_ERROR_BAD_API_ID                not an id of the group's table
        PTI_ERROR_NOT_IMPLEMENTED           an api id this build or the loader in the process
                                            cannot trace (every OpenCL id when the tool is not
                                            an OpenCL layer); a function the process's active copy
                                            of the library lacks (several copies in one process)
        PTI_ERROR_DRIVER                    Level Zero loader missing, or zeInit failed
        PTI_ERROR_TRACING_NOT_INITIALIZED   the loader's tracing layer is not active (loader 1.8:
                                            zeInit ran without ZE_ENABLE_TRACING_LAYER=1), or the
                                            library's destructor has run (process exit)
        PTI_ERROR_INTERNAL                  PTIC_MAX_SUBSCRIBERS subscribers already live, out of
                                            memory, pticFlush timed out (or found work pending
                                            when called inside a callback)
        PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY  pticFlush: operations were lost, or records
                                            dropped, for lack of memory since it last said so
        PTIC_ERROR_INCOMPATIBLE_COPY        (ours, 4096) another copy of the implementation, of
                                            another version, is active in the process: this one
                                            does not pair with it (several copies in one process)
    Problems found while running are INTERNAL_EVENT records, also an exception that leaves a
    callback when the implementation is compiled as C++ (CRITICAL; README.md, "Thread safety").

    LICENSE: see end of file.
*/
#ifndef PTIC_CALLBACK_H_
#define PTIC_CALLBACK_H_

#include <stddef.h>
#include <stdint.h>

/* Intel PTI's headers first when the include path has them (WITH INTEL PTI'S HEADERS): a
   pti_view.h included after this header's own pti_api_group_id could not compile. */
#if !defined(PTIC_NO_PTI_INCLUDE) && !defined(INCLUDE_PTI_VIEW_H_) && defined(__has_include)
#if __has_include("pti/pti_view.h")
#include "pti/pti_view.h"
#endif
#endif
#if defined(PTI_VERSION_MAJOR) && PTI_VERSION_MAJOR < 1
#error "pti_callback.h: Intel PTI's headers are older than 1.0: use PTI 1.0's (or, if this header included them, define PTIC_NO_PTI_INCLUDE)"
#endif

#ifndef PTIC_API
#if defined(PTIC_DLL)
#define PTIC_API __attribute__((visibility("default")))
#else
#define PTIC_API
#endif
#endif
/* As PTI's generated pti_export.h has it where it has not run yet (empty with
   PTI_STATIC_DEFINE, which that header then defines again, identically). */
#ifndef PTI_EXPORT
#if defined(PTI_STATIC_DEFINE)
#define PTI_EXPORT
#else
#define PTI_EXPORT PTIC_API
#endif
#endif

#if defined(__cplusplus)
#define PTIC_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && (__STDC_VERSION__ >= 201112L)
#define PTIC_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#else
#define PTIC_STATIC_ASSERT(cond, msg) extern char ptic__static_assert_failed[(cond) ? 1 : -1]
#endif

#if defined(__cplusplus)
extern "C" {
#endif

/* ---- PTI's pti.h: all of it, so its guard is defined and a pti/pti.h included later is
   empty (it would also include pti_export.h and pti_version.h, which declare nothing used
   here: a tool that wants ptiVersion then includes pti/pti_version.h itself) ---- */

#ifndef INCLUDE_PTI_H_
#define INCLUDE_PTI_H_
#define PTIC_DEFINES_PTI_RESULT 1
#ifndef PTI_MAX_DEVICE_UUID_SIZE
#define PTI_MAX_DEVICE_UUID_SIZE 16
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
  /* metrics (pti_metrics.h) */
  PTI_ERROR_METRICS_COLLECTION_NOT_ENABLED = 100,
  PTI_ERROR_METRICS_COLLECTION_NOT_DISABLED = 101,
  PTI_ERROR_METRICS_COLLECTION_NOT_PAUSED = 102,
  PTI_ERROR_METRICS_COLLECTION_ALREADY_PAUSED = 103,
  PTI_ERROR_METRICS_COLLECTION_ALREADY_ENABLED = 104,
  PTI_ERROR_METRICS_BAD_COLLECTION_CONFIGURATION = 105,
  PTI_ERROR_METRICS_NO_DATA_COLLECTED = 106,
  /* metrics scope (pti_metrics_scope.h) */
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
  /* PC sampling (pti_pc_sampling.h) */
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

typedef void* pti_device_handle_t;        /* Level Zero device */
typedef void* pti_backend_ctx_t;          /* Level Zero context */
typedef void* pti_backend_queue_t;        /* Level Zero command queue (or immediate list) */
typedef void* pti_backend_evt_t;          /* Level Zero event */
typedef void* pti_backend_command_list_t; /* Level Zero command list */
typedef void* pti_backend_kernel_t;       /* Level Zero kernel */
typedef void* pti_backend_module_t;       /* Level Zero module */

/* Name of a pti_result value, e.g. "PTI_ERROR_BAD_ARGUMENT"; "PTIC_ERROR_INCOMPATIBLE_COPY" for
   this library's 4096; "INVALID" for a value neither names (as PTI's). Defined by this library
   also when PTI's pti.h declared it. Never NULL. Thread safety: yes. Callback safety: yes. */
PTI_EXPORT const char* ptiResultTypeToString(pti_result result_value);
#endif /* INCLUDE_PTI_H_ */
#ifndef PTI_STATIC_ASSERT
#define PTI_STATIC_ASSERT(cond, msg) PTIC_STATIC_ASSERT(cond, msg)
#endif

/* ---- PTI's pti_view.h: only pti_api_group_id, so its guard stays undefined ---- */

#if !defined(INCLUDE_PTI_VIEW_H_)
#define PTIC_DEFINES_PTI_API_GROUP_ID 1
typedef enum _pti_api_group_id {
  PTI_API_GROUP_RESERVED = 0,
  PTI_API_GROUP_LEVELZERO = 1,
  PTI_API_GROUP_OPENCL = 2,
  PTI_API_GROUP_SYCL = 3,
  PTI_API_GROUP_HYBRID_SYCL_LEVELZERO = 4,
  PTI_API_GROUP_HYBRID_SYCL_OPENCL = 5,
  PTI_API_GROUP_ALL = 0x7fffffff
} pti_api_group_id;
#endif /* INCLUDE_PTI_VIEW_H_ */

/* ---- PTI's Level Zero api ids: all of pti_driver_levelzero_api_ids.h, the same enum ---- */

#ifndef PTI_API_ID_DRIVER_LEVELZERO_H_
#define PTI_API_ID_DRIVER_LEVELZERO_H_
// >>gen:api-ids (generated by tools/gen_ze_tables.py, do not edit)
typedef enum _pti_api_id_driver_levelzero {
  reserved_driver_levelzero_id = 0,
  zeInit_id = 1,
  zeDriverGet_id = 2,
  zeDriverGetApiVersion_id = 3,
  zeDriverGetProperties_id = 4,
  zeDriverGetIpcProperties_id = 5,
  zeDriverGetExtensionProperties_id = 6,
  zeDeviceGet_id = 7,
  zeDeviceGetSubDevices_id = 8,
  zeDeviceGetProperties_id = 9,
  zeDeviceGetComputeProperties_id = 10,
  zeDeviceGetModuleProperties_id = 11,
  zeDeviceGetCommandQueueGroupProperties_id = 12,
  zeDeviceGetMemoryProperties_id = 13,
  zeDeviceGetMemoryAccessProperties_id = 14,
  zeDeviceGetCacheProperties_id = 15,
  zeDeviceGetImageProperties_id = 16,
  zeDeviceGetExternalMemoryProperties_id = 17,
  zeDeviceGetP2PProperties_id = 18,
  zeDeviceCanAccessPeer_id = 19,
  zeDeviceGetStatus_id = 20,
  zeContextCreate_id = 21,
  zeContextDestroy_id = 22,
  zeContextGetStatus_id = 23,
  zeContextSystemBarrier_id = 24,
  zeContextMakeMemoryResident_id = 25,
  zeContextEvictMemory_id = 26,
  zeContextMakeImageResident_id = 27,
  zeContextEvictImage_id = 28,
  zeCommandQueueCreate_id = 29,
  zeCommandQueueDestroy_id = 30,
  zeCommandQueueExecuteCommandLists_id = 31,
  zeCommandQueueSynchronize_id = 32,
  zeCommandListCreate_id = 33,
  zeCommandListCreateImmediate_id = 34,
  zeCommandListDestroy_id = 35,
  zeCommandListClose_id = 36,
  zeCommandListReset_id = 37,
  zeCommandListAppendWriteGlobalTimestamp_id = 38,
  zeCommandListAppendBarrier_id = 39,
  zeCommandListAppendMemoryRangesBarrier_id = 40,
  zeCommandListAppendMemoryCopy_id = 41,
  zeCommandListAppendMemoryFill_id = 42,
  zeCommandListAppendMemoryCopyRegion_id = 43,
  zeCommandListAppendMemoryCopyFromContext_id = 44,
  zeCommandListAppendImageCopy_id = 45,
  zeCommandListAppendImageCopyRegion_id = 46,
  zeCommandListAppendImageCopyToMemory_id = 47,
  zeCommandListAppendImageCopyFromMemory_id = 48,
  zeCommandListAppendMemoryPrefetch_id = 49,
  zeCommandListAppendMemAdvise_id = 50,
  zeCommandListAppendSignalEvent_id = 51,
  zeCommandListAppendWaitOnEvents_id = 52,
  zeCommandListAppendEventReset_id = 53,
  zeCommandListAppendQueryKernelTimestamps_id = 54,
  zeCommandListAppendLaunchKernel_id = 55,
  zeCommandListAppendLaunchCooperativeKernel_id = 56,
  zeCommandListAppendLaunchKernelIndirect_id = 57,
  zeCommandListAppendLaunchMultipleKernelsIndirect_id = 58,
  zeImageGetProperties_id = 59,
  zeImageCreate_id = 60,
  zeImageDestroy_id = 61,
  zeMemAllocShared_id = 62,
  zeMemAllocDevice_id = 63,
  zeMemAllocHost_id = 64,
  zeMemFree_id = 65,
  zeMemGetAllocProperties_id = 66,
  zeMemGetAddressRange_id = 67,
  zeMemGetIpcHandle_id = 68,
  zeMemOpenIpcHandle_id = 69,
  zeMemCloseIpcHandle_id = 70,
  zeFenceCreate_id = 71,
  zeFenceDestroy_id = 72,
  zeFenceHostSynchronize_id = 73,
  zeFenceQueryStatus_id = 74,
  zeFenceReset_id = 75,
  zeEventPoolCreate_id = 76,
  zeEventPoolDestroy_id = 77,
  zeEventPoolGetIpcHandle_id = 78,
  zeEventPoolOpenIpcHandle_id = 79,
  zeEventPoolCloseIpcHandle_id = 80,
  zeEventCreate_id = 81,
  zeEventDestroy_id = 82,
  zeEventHostSignal_id = 83,
  zeEventHostSynchronize_id = 84,
  zeEventQueryStatus_id = 85,
  zeEventHostReset_id = 86,
  zeEventQueryKernelTimestamp_id = 87,
  zeModuleCreate_id = 88,
  zeModuleDestroy_id = 89,
  zeModuleDynamicLink_id = 90,
  zeModuleGetNativeBinary_id = 91,
  zeModuleGetGlobalPointer_id = 92,
  zeModuleGetKernelNames_id = 93,
  zeModuleGetProperties_id = 94,
  zeModuleGetFunctionPointer_id = 95,
  zeModuleBuildLogDestroy_id = 96,
  zeModuleBuildLogGetString_id = 97,
  zeKernelCreate_id = 98,
  zeKernelDestroy_id = 99,
  zeKernelSetCacheConfig_id = 100,
  zeKernelSetGroupSize_id = 101,
  zeKernelSuggestGroupSize_id = 102,
  zeKernelSuggestMaxCooperativeGroupCount_id = 103,
  zeKernelSetArgumentValue_id = 104,
  zeKernelSetIndirectAccess_id = 105,
  zeKernelGetIndirectAccess_id = 106,
  zeKernelGetSourceAttributes_id = 107,
  zeKernelGetProperties_id = 108,
  zeKernelGetName_id = 109,
  zeSamplerCreate_id = 110,
  zeSamplerDestroy_id = 111,
  zePhysicalMemCreate_id = 112,
  zePhysicalMemDestroy_id = 113,
  zeVirtualMemReserve_id = 114,
  zeVirtualMemFree_id = 115,
  zeVirtualMemQueryPageSize_id = 116,
  zeVirtualMemMap_id = 117,
  zeVirtualMemUnmap_id = 118,
  zeVirtualMemSetAccessAttribute_id = 119,
  zeVirtualMemGetAccessAttribute_id = 120,
  zeInitDrivers_id = 121,
  zeRTASBuilderCreateExp_id = 122,
  zeRTASBuilderGetBuildPropertiesExp_id = 123,
  zeRTASBuilderBuildExp_id = 124,
  zeRTASBuilderDestroyExp_id = 125,
  zeRTASParallelOperationCreateExp_id = 126,
  zeRTASParallelOperationGetPropertiesExp_id = 127,
  zeRTASParallelOperationJoinExp_id = 128,
  zeRTASParallelOperationDestroyExp_id = 129,
  zeDriverGetExtensionFunctionAddress_id = 130,
  zeDriverGetLastErrorDescription_id = 131,
  zeDriverRTASFormatCompatibilityCheckExp_id = 132,
  zeDeviceGetGlobalTimestamps_id = 133,
  zeDeviceImportExternalSemaphoreExt_id = 134,
  zeDeviceReleaseExternalSemaphoreExt_id = 135,
  zeDeviceReserveCacheExt_id = 136,
  zeDeviceSetCacheAdviceExt_id = 137,
  zeDevicePciGetPropertiesExt_id = 138,
  zeDeviceGetFabricVertexExp_id = 139,
  zeDeviceGetRootDevice_id = 140,
  zeContextCreateEx_id = 141,
  zeCommandQueueGetOrdinal_id = 142,
  zeCommandQueueGetIndex_id = 143,
  zeCommandListGetNextCommandIdWithKernelsExp_id = 144,
  zeCommandListUpdateMutableCommandKernelsExp_id = 145,
  zeCommandListAppendSignalExternalSemaphoreExt_id = 146,
  zeCommandListAppendWaitExternalSemaphoreExt_id = 147,
  zeCommandListAppendImageCopyToMemoryExt_id = 148,
  zeCommandListAppendImageCopyFromMemoryExt_id = 149,
  zeCommandListHostSynchronize_id = 150,
  zeCommandListCreateCloneExp_id = 151,
  zeCommandListGetDeviceHandle_id = 152,
  zeCommandListGetContextHandle_id = 153,
  zeCommandListGetOrdinal_id = 154,
  zeCommandListImmediateGetIndex_id = 155,
  zeCommandListIsImmediate_id = 156,
  zeCommandListImmediateAppendCommandListsExp_id = 157,
  zeCommandListGetNextCommandIdExp_id = 158,
  zeCommandListUpdateMutableCommandsExp_id = 159,
  zeCommandListUpdateMutableCommandSignalEventExp_id = 160,
  zeCommandListUpdateMutableCommandWaitEventsExp_id = 161,
  zeEventQueryTimestampsExp_id = 162,
  zeEventQueryKernelTimestampsExt_id = 163,
  zeEventGetEventPool_id = 164,
  zeEventGetSignalScope_id = 165,
  zeEventGetWaitScope_id = 166,
  zeEventPoolPutIpcHandle_id = 167,
  zeEventPoolGetContextHandle_id = 168,
  zeEventPoolGetFlags_id = 169,
  zeImageGetMemoryPropertiesExp_id = 170,
  zeImageViewCreateExp_id = 171,
  zeImageGetAllocPropertiesExt_id = 172,
  zeImageViewCreateExt_id = 173,
  zeImageGetDeviceOffsetExp_id = 174,
  zeKernelSetGlobalOffsetExp_id = 175,
  zeKernelGetBinaryExp_id = 176,
  zeKernelSchedulingHintExp_id = 177,
  zeMemFreeExt_id = 178,
  zeMemGetIpcHandleFromFileDescriptorExp_id = 179,
  zeMemGetFileDescriptorFromIpcHandleExp_id = 180,
  zeMemPutIpcHandle_id = 181,
  zeMemSetAtomicAccessAttributeExp_id = 182,
  zeMemGetAtomicAccessAttributeExp_id = 183,
  zeMemGetPitchFor2dImage_id = 184,
  zeModuleInspectLinkageExt_id = 185,
  zeFabricEdgeGetExp_id = 186,
  zeFabricEdgeGetVerticesExp_id = 187,
  zeFabricEdgeGetPropertiesExp_id = 188,
  zeFabricVertexGetExp_id = 189,
  zeFabricVertexGetSubVerticesExp_id = 190,
  zeFabricVertexGetPropertiesExp_id = 191,
  zeFabricVertexGetDeviceExp_id = 192,
  zelTracerSetEnabled_id = 193,
  zelTracerCreate_id = 194,
  zeRTASBuilderCreateExt_id = 195,
  zeRTASBuilderGetBuildPropertiesExt_id = 196,
  zeRTASBuilderBuildExt_id = 197,
  zeRTASBuilderCommandListAppendCopyExt_id = 198,
  zeRTASBuilderDestroyExt_id = 199,
  zeRTASParallelOperationCreateExt_id = 200,
  zeRTASParallelOperationGetPropertiesExt_id = 201,
  zeRTASParallelOperationJoinExt_id = 202,
  zeRTASParallelOperationDestroyExt_id = 203,
  zeDriverRTASFormatCompatibilityCheckExt_id = 204,
  zeDeviceGetVectorWidthPropertiesExt_id = 205,
  zeDeviceSynchronize_id = 206,
  zeDriverGetDefaultContext_id = 207,
  zeCommandListAppendLaunchKernelWithParameters_id = 208,
  zeCommandListAppendLaunchKernelWithArguments_id = 209,
  zeKernelGetAllocationPropertiesExp_id = 210,
  zeDeviceGetAggregatedCopyOffloadIncrementValue_id = 211,
  zeEventCounterBasedCreate_id = 212,
  zeEventCounterBasedGetIpcHandle_id = 213,
  zeEventCounterBasedOpenIpcHandle_id = 214,
  zeEventCounterBasedCloseIpcHandle_id = 215,
  zeEventCounterBasedGetDeviceAddress_id = 216,
  zeMemGetIpcHandleWithProperties_id = 217,
  zePhysicalMemGetProperties_id = 218
} pti_api_id_driver_levelzero;
// <<gen:api-ids
#endif /* PTI_API_ID_DRIVER_LEVELZERO_H_ */

/* ---- this library's api ids for traceable functions PTI has no id for (yet) ----
   From 0x10000 up: they never collide with PTI's (which are small and dense), never change,
   and records of these functions carry them in _api_id; pticApiIdName names them. */

// >>gen:own-ids (generated by tools/gen_ze_tables.py, do not edit)
#define PTIC_LEVELZERO_ID_MAX 219u /* one past the largest of PTI's ids */
#define PTIC_OWN_API_ID_BASE 0x10000u
typedef enum _ptic_api_id_levelzero_own {
  ptic_zeDeviceGetCounterBasedEventMaxValue_id = 0x10000,
  ptic_zeDeviceGetRuntimeRequirements_id = 0x10001,
  ptic_zeDeviceGetRuntimeRequirementsKey_id = 0x10002,
  ptic_zeDeviceValidateRuntimeRequirements_id = 0x10003,
  ptic_zeCommandQueueGetFlags_id = 0x10004,
  ptic_zeCommandQueueGetMode_id = 0x10005,
  ptic_zeCommandQueueGetPriority_id = 0x10006,
  ptic_zeCommandListGetFlags_id = 0x10007,
  ptic_zeCommandListImmediateGetFlags_id = 0x10008,
  ptic_zeCommandListImmediateGetMode_id = 0x10009,
  ptic_zeCommandListImmediateGetPriority_id = 0x1000a,
  ptic_zeCommandListAppendMemoryCopyWithParameters_id = 0x1000b,
  ptic_zeCommandListAppendMemoryFillWithParameters_id = 0x1000c,
  ptic_zeEventGetCounterBasedFlags_id = 0x1000d,
  ptic_zeCommandListImmediateAppendCommandListsWithParameters_id = 0x1000e,
  ptic_zeCommandListIsMutableExp_id = 0x1000f,
  ptic_zeGraphCreateExt_id = 0x10010,
  ptic_zeCommandListBeginGraphCaptureExt_id = 0x10011,
  ptic_zeCommandListBeginCaptureIntoGraphExt_id = 0x10012,
  ptic_zeCommandListIsGraphCaptureEnabledExt_id = 0x10013,
  ptic_zeCommandListEndGraphCaptureExt_id = 0x10014,
  ptic_zeCommandListGetGraphExt_id = 0x10015,
  ptic_zeGraphGetPrimaryCommandListExt_id = 0x10016,
  ptic_zeGraphSetDestructionCallbackExt_id = 0x10017,
  ptic_zeGraphInstantiateExt_id = 0x10018,
  ptic_zeCommandListAppendGraphExt_id = 0x10019,
  ptic_zeExecutableGraphGetSourceGraphExt_id = 0x1001a,
  ptic_zeGraphIsEmptyExt_id = 0x1001b,
  ptic_zeGraphDumpContentsExt_id = 0x1001c,
  ptic_zeExecutableGraphDestroyExt_id = 0x1001d,
  ptic_zeGraphDestroyExt_id = 0x1001e,
  ptic_zeCommandListAppendHostFunction_id = 0x1001f,
  ptic_zerGetLastErrorDescription_id = 0x10020,
  ptic_zerTranslateDeviceHandleToIdentifier_id = 0x10021,
  ptic_zerTranslateIdentifierToDeviceHandle_id = 0x10022,
  ptic_zerGetDefaultContext_id = 0x10023,
  PTIC_OWN_ID_MAX = 0x10024 /* one past the largest */
} ptic_api_id_levelzero_own;
// <<gen:own-ids

/* ---- OpenCL api ids: one per member of the ICD dispatch table (CL/cl_icd.h), in its order ----
   Khronos only appends to that table, so these never change: PTIC_OPENCL_ID_BASE plus the
   member's place. Records of OpenCL functions carry them; pticApiIdName names them. */

// >>gen:opencl-ids (generated by tools/gen_cl_tables.py, do not edit)
#define PTIC_OPENCL_ID_BASE 0x20000u
typedef enum _ptic_api_id_opencl {
  ptic_clGetPlatformIDs_id = 0x20000,
  ptic_clGetPlatformInfo_id = 0x20001,
  ptic_clGetDeviceIDs_id = 0x20002,
  ptic_clGetDeviceInfo_id = 0x20003,
  ptic_clCreateContext_id = 0x20004,
  ptic_clCreateContextFromType_id = 0x20005,
  ptic_clRetainContext_id = 0x20006,
  ptic_clReleaseContext_id = 0x20007,
  ptic_clGetContextInfo_id = 0x20008,
  ptic_clCreateCommandQueue_id = 0x20009,
  ptic_clRetainCommandQueue_id = 0x2000a,
  ptic_clReleaseCommandQueue_id = 0x2000b,
  ptic_clGetCommandQueueInfo_id = 0x2000c,
  ptic_clSetCommandQueueProperty_id = 0x2000d,
  ptic_clCreateBuffer_id = 0x2000e,
  ptic_clCreateImage2D_id = 0x2000f,
  ptic_clCreateImage3D_id = 0x20010,
  ptic_clRetainMemObject_id = 0x20011,
  ptic_clReleaseMemObject_id = 0x20012,
  ptic_clGetSupportedImageFormats_id = 0x20013,
  ptic_clGetMemObjectInfo_id = 0x20014,
  ptic_clGetImageInfo_id = 0x20015,
  ptic_clCreateSampler_id = 0x20016,
  ptic_clRetainSampler_id = 0x20017,
  ptic_clReleaseSampler_id = 0x20018,
  ptic_clGetSamplerInfo_id = 0x20019,
  ptic_clCreateProgramWithSource_id = 0x2001a,
  ptic_clCreateProgramWithBinary_id = 0x2001b,
  ptic_clRetainProgram_id = 0x2001c,
  ptic_clReleaseProgram_id = 0x2001d,
  ptic_clBuildProgram_id = 0x2001e,
  ptic_clUnloadCompiler_id = 0x2001f,
  ptic_clGetProgramInfo_id = 0x20020,
  ptic_clGetProgramBuildInfo_id = 0x20021,
  ptic_clCreateKernel_id = 0x20022,
  ptic_clCreateKernelsInProgram_id = 0x20023,
  ptic_clRetainKernel_id = 0x20024,
  ptic_clReleaseKernel_id = 0x20025,
  ptic_clSetKernelArg_id = 0x20026,
  ptic_clGetKernelInfo_id = 0x20027,
  ptic_clGetKernelWorkGroupInfo_id = 0x20028,
  ptic_clWaitForEvents_id = 0x20029,
  ptic_clGetEventInfo_id = 0x2002a,
  ptic_clRetainEvent_id = 0x2002b,
  ptic_clReleaseEvent_id = 0x2002c,
  ptic_clGetEventProfilingInfo_id = 0x2002d,
  ptic_clFlush_id = 0x2002e,
  ptic_clFinish_id = 0x2002f,
  ptic_clEnqueueReadBuffer_id = 0x20030,
  ptic_clEnqueueWriteBuffer_id = 0x20031,
  ptic_clEnqueueCopyBuffer_id = 0x20032,
  ptic_clEnqueueReadImage_id = 0x20033,
  ptic_clEnqueueWriteImage_id = 0x20034,
  ptic_clEnqueueCopyImage_id = 0x20035,
  ptic_clEnqueueCopyImageToBuffer_id = 0x20036,
  ptic_clEnqueueCopyBufferToImage_id = 0x20037,
  ptic_clEnqueueMapBuffer_id = 0x20038,
  ptic_clEnqueueMapImage_id = 0x20039,
  ptic_clEnqueueUnmapMemObject_id = 0x2003a,
  ptic_clEnqueueNDRangeKernel_id = 0x2003b,
  ptic_clEnqueueTask_id = 0x2003c,
  ptic_clEnqueueNativeKernel_id = 0x2003d,
  ptic_clEnqueueMarker_id = 0x2003e,
  ptic_clEnqueueWaitForEvents_id = 0x2003f,
  ptic_clEnqueueBarrier_id = 0x20040,
  ptic_clGetExtensionFunctionAddress_id = 0x20041,
  ptic_clCreateFromGLBuffer_id = 0x20042,
  ptic_clCreateFromGLTexture2D_id = 0x20043,
  ptic_clCreateFromGLTexture3D_id = 0x20044,
  ptic_clCreateFromGLRenderbuffer_id = 0x20045,
  ptic_clGetGLObjectInfo_id = 0x20046,
  ptic_clGetGLTextureInfo_id = 0x20047,
  ptic_clEnqueueAcquireGLObjects_id = 0x20048,
  ptic_clEnqueueReleaseGLObjects_id = 0x20049,
  ptic_clGetGLContextInfoKHR_id = 0x2004a,
  ptic_clGetDeviceIDsFromD3D10KHR_id = 0x2004b,
  ptic_clCreateFromD3D10BufferKHR_id = 0x2004c,
  ptic_clCreateFromD3D10Texture2DKHR_id = 0x2004d,
  ptic_clCreateFromD3D10Texture3DKHR_id = 0x2004e,
  ptic_clEnqueueAcquireD3D10ObjectsKHR_id = 0x2004f,
  ptic_clEnqueueReleaseD3D10ObjectsKHR_id = 0x20050,
  ptic_clSetEventCallback_id = 0x20051,
  ptic_clCreateSubBuffer_id = 0x20052,
  ptic_clSetMemObjectDestructorCallback_id = 0x20053,
  ptic_clCreateUserEvent_id = 0x20054,
  ptic_clSetUserEventStatus_id = 0x20055,
  ptic_clEnqueueReadBufferRect_id = 0x20056,
  ptic_clEnqueueWriteBufferRect_id = 0x20057,
  ptic_clEnqueueCopyBufferRect_id = 0x20058,
  ptic_clCreateSubDevicesEXT_id = 0x20059,
  ptic_clRetainDeviceEXT_id = 0x2005a,
  ptic_clReleaseDeviceEXT_id = 0x2005b,
  ptic_clCreateEventFromGLsyncKHR_id = 0x2005c,
  ptic_clCreateSubDevices_id = 0x2005d,
  ptic_clRetainDevice_id = 0x2005e,
  ptic_clReleaseDevice_id = 0x2005f,
  ptic_clCreateImage_id = 0x20060,
  ptic_clCreateProgramWithBuiltInKernels_id = 0x20061,
  ptic_clCompileProgram_id = 0x20062,
  ptic_clLinkProgram_id = 0x20063,
  ptic_clUnloadPlatformCompiler_id = 0x20064,
  ptic_clGetKernelArgInfo_id = 0x20065,
  ptic_clEnqueueFillBuffer_id = 0x20066,
  ptic_clEnqueueFillImage_id = 0x20067,
  ptic_clEnqueueMigrateMemObjects_id = 0x20068,
  ptic_clEnqueueMarkerWithWaitList_id = 0x20069,
  ptic_clEnqueueBarrierWithWaitList_id = 0x2006a,
  ptic_clGetExtensionFunctionAddressForPlatform_id = 0x2006b,
  ptic_clCreateFromGLTexture_id = 0x2006c,
  ptic_clGetDeviceIDsFromD3D11KHR_id = 0x2006d,
  ptic_clCreateFromD3D11BufferKHR_id = 0x2006e,
  ptic_clCreateFromD3D11Texture2DKHR_id = 0x2006f,
  ptic_clCreateFromD3D11Texture3DKHR_id = 0x20070,
  ptic_clCreateFromDX9MediaSurfaceKHR_id = 0x20071,
  ptic_clEnqueueAcquireD3D11ObjectsKHR_id = 0x20072,
  ptic_clEnqueueReleaseD3D11ObjectsKHR_id = 0x20073,
  ptic_clGetDeviceIDsFromDX9MediaAdapterKHR_id = 0x20074,
  ptic_clEnqueueAcquireDX9MediaSurfacesKHR_id = 0x20075,
  ptic_clEnqueueReleaseDX9MediaSurfacesKHR_id = 0x20076,
  ptic_clCreateFromEGLImageKHR_id = 0x20077,
  ptic_clEnqueueAcquireEGLObjectsKHR_id = 0x20078,
  ptic_clEnqueueReleaseEGLObjectsKHR_id = 0x20079,
  ptic_clCreateEventFromEGLSyncKHR_id = 0x2007a,
  ptic_clCreateCommandQueueWithProperties_id = 0x2007b,
  ptic_clCreatePipe_id = 0x2007c,
  ptic_clGetPipeInfo_id = 0x2007d,
  ptic_clSVMAlloc_id = 0x2007e,
  ptic_clSVMFree_id = 0x2007f,
  ptic_clEnqueueSVMFree_id = 0x20080,
  ptic_clEnqueueSVMMemcpy_id = 0x20081,
  ptic_clEnqueueSVMMemFill_id = 0x20082,
  ptic_clEnqueueSVMMap_id = 0x20083,
  ptic_clEnqueueSVMUnmap_id = 0x20084,
  ptic_clCreateSamplerWithProperties_id = 0x20085,
  ptic_clSetKernelArgSVMPointer_id = 0x20086,
  ptic_clSetKernelExecInfo_id = 0x20087,
  ptic_clGetKernelSubGroupInfoKHR_id = 0x20088,
  ptic_clCloneKernel_id = 0x20089,
  ptic_clCreateProgramWithIL_id = 0x2008a,
  ptic_clEnqueueSVMMigrateMem_id = 0x2008b,
  ptic_clGetDeviceAndHostTimer_id = 0x2008c,
  ptic_clGetHostTimer_id = 0x2008d,
  ptic_clGetKernelSubGroupInfo_id = 0x2008e,
  ptic_clSetDefaultDeviceCommandQueue_id = 0x2008f,
  ptic_clSetProgramReleaseCallback_id = 0x20090,
  ptic_clSetProgramSpecializationConstant_id = 0x20091,
  ptic_clCreateBufferWithProperties_id = 0x20092,
  ptic_clCreateImageWithProperties_id = 0x20093,
  ptic_clSetContextDestructorCallback_id = 0x20094,
  PTIC_OPENCL_ID_MAX = 0x20095 /* one past the largest */
} ptic_api_id_opencl;
// <<gen:opencl-ids

/* ---- the Callback API: PTI's pti_callback.h, whose guard it shares ---- */

#ifndef PTI_CALLBACK_H_
#define PTI_CALLBACK_H_

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
  pti_gpu_operation_kind _operation_kind; /* kernel, memory or other operation */
  uint64_t _operation_id;                 /* process-unique, non-zero */
  uint64_t _kernel_handle;                /* non-zero per (module, kernel name); 0 otherwise */
  const char* _name;                      /* kernel name or memory-operation name */
} pti_gpu_op_details;

typedef struct _pti_callback_gpu_op_data {
  pti_callback_domain _domain;
  pti_backend_command_list_type _cmd_list_properties; /* IMMEDIATE, 0 (regular) or UNKNOWN */
  pti_backend_command_list_t _cmd_list_handle;
  pti_backend_queue_t _queue_handle;   /* the list itself for immediate lists */
  pti_device_handle_t _device_handle;
  pti_callback_phase _phase;
  uint32_t _return_code;               /* ze_result_t at EXIT, 0 at ENTER */
  uint32_t _correlation_id;
  uint32_t _operation_count;
  pti_gpu_op_details* _operation_details;
} pti_callback_gpu_op_data;

typedef struct _pti_callback_kernel_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  uint64_t _kernel_handle;                    /* same value as pti_gpu_op_details._kernel_handle */
  pti_backend_kernel_t _device_kernel_handle; /* the ze_kernel_handle_t; NULL at ENTER of create */
  pti_device_handle_t _device_handle;
  pti_backend_module_t _module_handle;
  const char* _name;
} pti_callback_kernel_data;

typedef struct _pti_internal_callback_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _detail;       /* pti_internal_event_type for INTERNAL_EVENT */
  const char* _message;
} pti_internal_callback_data;

typedef void (*pti_callback_function)(pti_callback_domain domain,
                                      pti_api_group_id driver_api_group_id,
                                      uint32_t driver_api_id,
                                      pti_backend_ctx_t backend_context,
                                      void* cb_data,
                                      void* global_user_data,
                                      void** instance_user_data);

/*
  ptiCallbackSubscribe: create a subscriber; its callback receives every enabled domain.
    subscriber  [out] the new handle
    callback    called for every record; must not be NULL
    user_data   passed back as global_user_data
  Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (NULL subscriber or callback), PTI_ERROR_INTERNAL
  (PTIC_MAX_SUBSCRIBERS live subscribers: with several copies in one process, the largest of
  theirs; or out of memory), PTI_ERROR_TRACING_NOT_INITIALIZED (after the library's
  destructor), PTIC_ERROR_INCOMPATIBLE_COPY (another version's copy is active).
  Thread safety: yes. Callback safety: yes.
*/
PTI_EXPORT pti_result ptiCallbackSubscribe(pti_callback_subscriber_handle* subscriber,
                                           pti_callback_function callback, void* user_data);

/*
  ptiCallbackUnsubscribe: disable every domain of the subscriber and invalidate the handle.
  When it returns no callback of this subscriber runs on another thread or will start
  (from inside a callback: none will start; see THREAD SAFETY).
  A subscriber with COMPLETED on first gets the completions of its operations that finished,
  then its operations still running as PTIC_OP_LOST, with one INTERNAL_EVENT INFO (to this
  subscriber alone, if it has INTERNAL_EVENT on) saying so.
  Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (invalid, stale or already unsubscribed handle).
  Thread safety: yes. Callback safety: yes, including for the subscriber being called.
*/
PTI_EXPORT pti_result ptiCallbackUnsubscribe(pti_callback_subscriber_handle subscriber);

/*
  ptiCallbackEnableDomain: deliver the domain's records to the subscriber, exactly in the
  phases asked for: enter_cb != 0 for ENTER, exit_cb != 0 for EXIT (for INTERNAL_THREADS:
  THREAD_START and THREAD_END). Single-phase domains (COMPLETED, INTERNAL_EVENT) ignore both
  flags, as PTI documents ("used only for domains with 2 phases"). Enabling an enabled domain
  replaces its phases.
  The first successful call creates the Level Zero tracer (see LEVEL ZERO SET-UP).
  Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (bad handle, unknown domain, enter=exit=0 for a
  two-phase domain),
  PTI_ERROR_NOT_IMPLEMENTED, PTI_ERROR_DRIVER, PTI_ERROR_TRACING_NOT_INITIALIZED (also after the
  library's destructor).
  Thread safety: yes. Callback safety: yes.
*/
PTI_EXPORT pti_result ptiCallbackEnableDomain(pti_callback_subscriber_handle subscriber,
                                              pti_callback_domain domain, uint32_t enter_cb,
                                              uint32_t exit_cb);

/*
  ptiCallbackDisableDomain: stop delivering the domain to the subscriber (both phases).
  Disabling a domain that is not enabled succeeds.
  Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (bad handle, unknown domain).
  Thread safety: yes. Callback safety: yes.
*/
PTI_EXPORT pti_result ptiCallbackDisableDomain(pti_callback_subscriber_handle subscriber,
                                               pti_callback_domain domain);

/*
  ptiCallbackDisableAllDomains: stop delivering every domain to the subscriber; the handle
  stays valid. Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (bad handle).
  Thread safety: yes. Callback safety: yes.
*/
PTI_EXPORT pti_result ptiCallbackDisableAllDomains(pti_callback_subscriber_handle subscriber);

/* Names of enum values ("PTI_CB_DOMAIN_DRIVER_API", "PTI_CB_PHASE_API_ENTER"; ours by their
   macro's name, 4096: "PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED"); "INVALID" for other values (as
   PTI's).
   Never NULL. Thread safety: yes. Callback safety: yes. */
PTI_EXPORT const char* ptiCallbackDomainTypeToString(pti_callback_domain domain);
PTI_EXPORT const char* ptiCallbackPhaseTypeToString(pti_callback_phase phase);
#endif /* PTI_CALLBACK_H_ */

/* ==== pti-callback extensions: not in Intel PTI, named ptic* ==================================
   Records of the domains PTI declares but does not define, and what CUPTI and rocprofiler-sdk
   users expect: per-API filtering, state queries, name tables, argument iteration, replay. */

/* Context destruction: a domain value of ours, outside PTI's range. Enabled like any domain;
   its records are ptic_context_data. */
#define PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED ((pti_callback_domain)4096)

/* A result of ours, outside PTI's range: another copy of the implementation in the process, of
   another version, is the active one, and this copy does not pair with it (README.md, "Several
   tools in one process"). Every function that needs the active copy answers it (and
   pticApiIdIsTraced 0); the first such call also makes the active copy raise an INTERNAL_EVENT
   WARNING to its own subscribers, when it is recent enough to be told. */
#define PTIC_ERROR_INCOMPATIBLE_COPY ((pti_result)4096)

/* cb_data of DRIVER_CONTEXT_CREATED (zeContextCreate, zeContextCreateEx) and
   PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED (zeContextDestroy). */
typedef struct ptic_context_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  void* _driver_handle;              /* ze_driver_handle_t (create); NULL for destroy */
  pti_backend_ctx_t _context_handle; /* the new context at EXIT of create; the destroyed one */
} ptic_context_data;

/* Memory allocations and frees: a domain value of ours. Its records are ptic_memory_data. */
#define PTIC_CB_DOMAIN_MEMORY ((pti_callback_domain)4097)

/* What a memory record's call does. */
typedef enum ptic_memory_operation {
  PTIC_MEMORY_ALLOCATE = 1, /* memory (or a range, a physical object) comes into use */
  PTIC_MEMORY_FREE = 2      /* and goes */
} ptic_memory_operation;

/* What kind of memory. */
typedef enum ptic_memory_kind {
  PTIC_MEMORY_HOST = 1,                /* host USM (zeMemAllocHost) */
  PTIC_MEMORY_DEVICE = 2,              /* device USM (zeMemAllocDevice) */
  PTIC_MEMORY_SHARED = 3,              /* shared USM (zeMemAllocShared) */
  PTIC_MEMORY_VIRTUAL_RESERVATION = 4, /* a reserved range of virtual addresses (zeVirtualMemReserve) */
  PTIC_MEMORY_PHYSICAL = 5,            /* a physical memory object (zePhysicalMemCreate): no address */
  PTIC_MEMORY_MAPPING = 6,             /* physical memory mapped into a reservation (zeVirtualMemMap) */
  PTIC_MEMORY_IPC = 7,                 /* another process's allocation opened here (zeMemOpenIpcHandle) */
  PTIC_MEMORY_BUFFER = 8,              /* an OpenCL buffer (clCreateBuffer): _object the cl_mem */
  PTIC_MEMORY_SUB_BUFFER = 9,          /* an OpenCL sub-buffer: _address its parent (the cl_mem),
                                          _alignment its origin in it */
  PTIC_MEMORY_IMAGE = 10,              /* an OpenCL image (clCreateImage*) */
  PTIC_MEMORY_PIPE = 11,               /* an OpenCL pipe (clCreatePipe) */
  PTIC_MEMORY_SVM = 12                 /* OpenCL shared virtual memory (clSVMAlloc) */
} ptic_memory_kind;

/* cb_data of PTIC_CB_DOMAIN_MEMORY. A free carries what its allocation carried (kind, size,
   device, flags) when the library saw the allocation; Level Zero memory allocated before the
   library traced is asked of the driver (kind, size, device; flags 0), and what it cannot tell
   is 0. OpenCL memory
   objects: _object the cl_mem (at EXIT of a successful create), _address the host memory a
   CL_MEM_USE_HOST_PTR object uses, else 0 (a sub-buffer's: its parent), _size CL_MEM_SIZE at
   EXIT; README.md, "Domains", has the rest. */
typedef struct ptic_memory_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  ptic_memory_operation _operation;
  ptic_memory_kind _kind;
  uint64_t _address;                  /* the memory: at EXIT of a successful allocation the new
                                         address (0 before, and for physical objects); the
                                         address freed, unmapped or closed */
  uint64_t _size;                     /* bytes (0 for IPC memory when the API does not tell) */
  uint64_t _alignment;                /* as asked (0: the driver chooses) */
  uint64_t _flags;                    /* the allocation's flags as the API gives them (device
                                         flags | host flags << 32 for shared memory; access
                                         attributes of a mapping) */
  pti_device_handle_t _device_handle; /* the device, NULL for host memory and reservations */
  pti_backend_ctx_t _context_handle;
  void* _object;                      /* the physical memory object (PHYSICAL, MAPPING), the
                                         OpenCL memory object (BUFFER ... PIPE), NULL otherwise */
} ptic_memory_data;

/* cb_data of DRIVER_MODULE_LOADED (zeModuleCreate) and DRIVER_MODULE_UNLOADED (zeModuleDestroy). */
typedef struct ptic_module_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  pti_backend_ctx_t _context_handle;
  pti_device_handle_t _device_handle;
  pti_backend_module_t _module_handle; /* the new module at EXIT of a load; the unloaded one */
  uint32_t _format;                    /* ze_module_format_t: 0 IL (SPIR-V), 1 native */
  uint32_t _kernel_count;              /* kernels of the module, when known (load EXIT, unload) */
  uint64_t _binary_size;               /* bytes of the module input (load) */
  const uint8_t* _binary;              /* the module input during a load callback, else NULL */
  const char* _build_flags;            /* pBuildFlags of the load, or NULL */
  const char* const* _kernel_names;    /* _kernel_count names, or NULL */
} ptic_module_data;

/* ---- the driver's initialisation: PTIC_CB_DOMAIN_DRIVER_INITIALIZATION (ours, 4098) ---- */
#define PTIC_CB_DOMAIN_DRIVER_INITIALIZATION ((pti_callback_domain)4098)

/* Who initialised the drivers. */
typedef enum ptic_init_kind {
  PTIC_INIT_ZEINIT = 1,  /* the application's zeInit (ENTER, EXIT) */
  PTIC_INIT_DRIVERS = 2, /* the application's zeInitDrivers (ENTER, EXIT) */
  PTIC_INIT_LIBRARY = 3  /* the library's own zeInit at the first enable: one EXIT record (see
                            DOMAINS), and again through pticReplay */
} ptic_init_kind;

/* One initialised driver and the Level Zero API version it supports. */
typedef struct ptic_driver_info {
  void* driver;         /* ze_driver_handle_t */
  uint32_t api_version; /* ze_api_version_t: major << 16 | minor */
  uint32_t reserved;
} ptic_driver_info;

/* cb_data of PTIC_CB_DOMAIN_DRIVER_INITIALIZATION. */
typedef struct ptic_init_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;   /* 0 for PTIC_INIT_LIBRARY */
  ptic_init_kind _kind;
  uint32_t _flags;            /* ze_init_flags_t (zeInit), the ze_init_driver_type_flags_t of
                                 zeInitDrivers' descriptor; 0 for the library's own */
  uint32_t _driver_count;     /* EXIT of a successful call: the drivers it initialised */
  uint32_t _reserved;
  const ptic_driver_info* _drivers; /* _driver_count entries, valid during the callback */
} ptic_init_data;

/* ---- queues, lists, event pools and fences: PTIC_CB_DOMAIN_DRIVER_RESOURCE (ours, 4099) ---- */
#define PTIC_CB_DOMAIN_DRIVER_RESOURCE ((pti_callback_domain)4099)

typedef enum ptic_resource_kind {
  PTIC_RESOURCE_QUEUE = 1,          /* zeCommandQueueCreate / zeCommandQueueDestroy */
  PTIC_RESOURCE_COMMAND_LIST = 2,   /* a regular list: zeCommandListCreate (or a clone of one,
                                       zeCommandListCreateCloneExp) / zeCommandListDestroy */
  PTIC_RESOURCE_IMMEDIATE_LIST = 3, /* zeCommandListCreateImmediate / zeCommandListDestroy */
  PTIC_RESOURCE_EVENT_POOL = 4,     /* zeEventPoolCreate / zeEventPoolDestroy */
  PTIC_RESOURCE_FENCE = 5           /* zeFenceCreate / zeFenceDestroy */
} ptic_resource_kind;

/* cb_data of PTIC_CB_DOMAIN_DRIVER_RESOURCE. A create's ENTER record has what the arguments
   say (no handle yet); its EXIT the new handle. A destroy's records have what the library
   tracked of the object (also of one created before the library's tracer, as far as Level
   Zero tells). */
typedef struct ptic_resource_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  ptic_resource_kind _kind;
  uint32_t _flags;       /* the descriptor's flags as given: ze_command_queue_flags_t (queues and
                            immediate lists), ze_command_list_flags_t, ze_event_pool_flags_t,
                            ze_fence_flags_t */
  void* _handle;         /* the new object at EXIT of a create; the destroyed one */
  pti_backend_ctx_t _context_handle;
  pti_device_handle_t _device_handle; /* NULL for event pools (they may span devices) */
  void* _parent;         /* a fence's queue; a cloned list's original; else NULL */
  uint32_t _ordinal;     /* command queue group ordinal (queues, lists) */
  uint32_t _index;       /* queue index in its group (queues, immediate lists) */
  uint32_t _mode;        /* ze_command_queue_mode_t (queues, immediate lists) */
  uint32_t _priority;    /* ze_command_queue_priority_t (queues, immediate lists) */
  uint32_t _in_order;    /* 1: its commands run in order (a list's IN_ORDER flag, an immediate
                            list's or a queue's IN_ORDER queue flag) */
  uint32_t _event_count; /* event pools: events it holds */
} ptic_resource_data;

/* ---- the application's ITT annotations: PTIC_CB_DOMAIN_MARKER (ours, 4100) ----
   Delivered when a copy of this library in the process is the ITT collector
   (PTIC_ITT_COLLECTOR, see CONFIGURATION). Records carry group PTIC_API_GROUP_ITT and
   driver_api_id the record's ptic_marker_kind. */
#define PTIC_CB_DOMAIN_MARKER ((pti_callback_domain)4100)
#define PTIC_API_GROUP_ITT ((pti_api_group_id)0x1000)

typedef enum ptic_marker_kind {
  PTIC_MARKER_TASK = 1,        /* __itt_task_begin[_fn] (ENTER) .. __itt_task_end (EXIT): nested
                                  on its thread */
  PTIC_MARKER_TASK_OVERLAPPED = 2, /* __itt_task_begin_overlapped .. _end_overlapped, by id */
  PTIC_MARKER_REGION = 3,      /* __itt_region_begin .. __itt_region_end, by domain and id */
  PTIC_MARKER_FRAME = 4,       /* __itt_frame_begin_v3 .. __itt_frame_end_v3, by domain and id;
                                  __itt_frame_submit_v3: both at once, with its times */
  PTIC_MARKER_INSTANT = 5,     /* __itt_marker: ENTER and EXIT at once */
  PTIC_MARKER_THREAD_NAME = 6, /* __itt_thread_set_name: ENTER and EXIT at once, _name */
  PTIC_MARKER_PAUSE = 7,       /* __itt_pause (or __itt_detach): ENTER and EXIT at once */
  PTIC_MARKER_RESUME = 8       /* __itt_resume: ENTER and EXIT at once */
} ptic_marker_kind;

/* cb_data of PTIC_CB_DOMAIN_MARKER. A range's begin is an ENTER record with a new correlation id
   (from the same counter as every call's: unique in the process, increasing on each thread);
   its end an EXIT record with the same id (0 when the library saw no begin for it). Points in
   time are an ENTER and an EXIT record at once, one id. A GPU operation appended on the thread
   of an open TASK belongs under it: ids from its ENTER's to its EXIT's on that thread. */
typedef struct ptic_marker_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;        /* 0 */
  uint32_t _correlation_id;
  ptic_marker_kind _kind;
  uint32_t _parent_correlation_id; /* the TASK open on this thread around a begin or point, 0
                                      if none */
  const char* _domain_name;     /* the ITT domain's name (NULL for THREAD_NAME, PAUSE, RESUME) */
  const char* _name;            /* the string handle's name; __itt_task_begin_fn: NULL; the
                                   thread's name for THREAD_NAME. Names live until exit */
  uint64_t _id;                 /* the __itt_id's d1 (0: __itt_null) */
  uint64_t _parent_id;          /* the parent __itt_id's d1 */
  void* _fn;                    /* __itt_task_begin_fn's function address */
  uint64_t _begin_ns;           /* __itt_frame_submit_v3's begin and end (CLOCK_MONOTONIC_RAW
                                   when the application passed ITT timestamps of it); 0 otherwise */
  uint64_t _end_ns;
} ptic_marker_data;

/* What a host synchronization waits on. */
typedef enum ptic_sync_kind {
  PTIC_SYNC_EVENT = 1,        /* zeEventHostSynchronize */
  PTIC_SYNC_FENCE = 2,        /* zeFenceHostSynchronize */
  PTIC_SYNC_QUEUE = 3,        /* zeCommandQueueSynchronize */
  PTIC_SYNC_COMMAND_LIST = 4, /* zeCommandListHostSynchronize (newer Level Zero) */
  PTIC_SYNC_DEVICE = 5,       /* zeDeviceSynchronize (newer Level Zero) */
  PTIC_SYNC_COMMAND = 6,      /* a blocking OpenCL read, write or map: _object is its queue */
  PTIC_SYNC_EVENTS = 7        /* clWaitForEvents: _object is the event list, _reserved its count */
} ptic_sync_kind;

/* cb_data of DRIVER_HOST_SYNCHRONIZATION. A wait that times out is a normal EXIT with
   _return_code ZE_RESULT_NOT_READY. */
typedef struct ptic_sync_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  ptic_sync_kind _kind;
  uint32_t _reserved;
  void* _object;        /* the event, fence, queue, list or device waited on */
  uint64_t _timeout_ns; /* as passed (UINT64_MAX: forever) */
} ptic_sync_data;

/* cb_data of DRIVER_API: every Level Zero function the loader's tracing layer traces. */
typedef struct ptic_api_data {
  pti_callback_domain _domain;
  pti_callback_phase _phase;
  uint32_t _return_code;
  uint32_t _correlation_id;
  uint32_t _api_id;     /* = driver_api_id */
  uint32_t _arg_count;
  const char* _name;    /* e.g. "zeCommandListAppendLaunchKernel" */
  void* _params;        /* the tracing layer's ze_<function>_params_t*: members point to the
                           arguments (cast to the function's params type; see ze_api.h) */
} ptic_api_data;

/* Where a record comes from, beyond what PTI's structs hold. */
typedef struct ptic_record_info {
  uint32_t thread_id;      /* OS thread id (gettid) of the thread that made the call */
  uint32_t api_id;         /* PTI id of the Level Zero function */
  pti_callback_domain domain;
  pti_callback_phase phase;
} ptic_record_info;

/* pticGetRecordInfo: what the library knows of the record `cb_data` being delivered.
   Only valid inside the callback that received cb_data, on its thread.
   Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (NULL, or not a record delivered now).
   Thread safety: yes. Callback safety: meant for callbacks. */
PTI_EXPORT pti_result pticGetRecordInfo(const void* cb_data, ptic_record_info* info);

/* pticEnableDriverApi / pticDisableDriverApi: DRIVER_API records of one function only (like
   cuptiEnableCallback). ptiCallbackEnableDomain(DRIVER_API, e, x) sets every function to (e, x);
   ptiCallbackDisableDomain(DRIVER_API) clears them all; these change one function.
   group: PTI_API_GROUP_LEVELZERO or PTI_API_GROUP_OPENCL, with an id of that group.
   Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (bad handle or group, enter=exit=0 for enable),
   PTI_ERROR_BAD_API_ID (not a PTI Level Zero id), PTI_ERROR_NOT_IMPLEMENTED (an id this build or
   the loader in the process cannot trace), PTI_ERROR_DRIVER / PTI_ERROR_TRACING_NOT_INITIALIZED
   as for EnableDomain.
   Thread safety: yes. Callback safety: yes. */
PTI_EXPORT pti_result pticEnableDriverApi(pti_callback_subscriber_handle subscriber,
                                          pti_api_group_id group, uint32_t api_id,
                                          uint32_t enter_cb, uint32_t exit_cb);
PTI_EXPORT pti_result pticDisableDriverApi(pti_callback_subscriber_handle subscriber,
                                           pti_api_group_id group, uint32_t api_id);

/* pticEnableAllDomains: enable every domain this build supports (like cuptiEnableAllDomains),
   in the phases asked for. Returns as ptiCallbackEnableDomain. Thread/callback safety: yes. */
PTI_EXPORT pti_result pticEnableAllDomains(pti_callback_subscriber_handle subscriber,
                                           uint32_t enter_cb, uint32_t exit_cb);

/* pticGetDomainState / pticGetDriverApiState: which phases are enabled (like
   cuptiGetCallbackState). For DRIVER_API, the domain state says whether any function is enabled
   in that phase. Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT, PTI_ERROR_BAD_API_ID.
   Thread safety: yes. Callback safety: yes. */
PTI_EXPORT pti_result pticGetDomainState(pti_callback_subscriber_handle subscriber,
                                         pti_callback_domain domain, uint32_t* enter_cb,
                                         uint32_t* exit_cb);
PTI_EXPORT pti_result pticGetDriverApiState(pti_callback_subscriber_handle subscriber,
                                            pti_api_group_id group, uint32_t api_id,
                                            uint32_t* enter_cb, uint32_t* exit_cb);

/* pticGetSupportedDomains: the domains this build delivers (like cuptiSupportedDomains).
   With domains == NULL, *count receives the number; else up to *count are written and *count
   receives the number written. Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (count NULL). */
PTI_EXPORT pti_result pticGetSupportedDomains(pti_callback_domain* domains, uint32_t* count);

/* Api ids and names: every id of PTI's Level Zero table, this library's own, and the OpenCL
   ids (ptic_api_id_opencl).
   pticGetApiIds: like pticGetSupportedDomains, for ids in increasing order.
   pticApiIdName: the function's name, NULL for an unknown id.
   pticApiIdFromName: the id of a name; PTI_ERROR_BAD_API_ID when unknown.
   pticApiIdIsTraced: 1 if the id's function is traced: before the first enable, if this library
   can trace it (every function of Level Zero spec 1.17); after, if the loader in the process
   let the library register it (older loaders lack the newer functions), else 0; an OpenCL
   id: 1 once the tool is (or will be, libOpenCL not loaded yet) the OpenCL layer.
   Ids: PTI's (pti_api_id_driver_levelzero), this library's from 0x10000 for functions PTI
   has no id for (ptic_api_id_levelzero_own), OpenCL's from 0x20000 (ptic_api_id_opencl).
   In a process with several copies of the implementation, the active copy's answer.
   Thread safety: yes. Callback safety: yes. */
PTI_EXPORT pti_result pticGetApiIds(uint32_t* api_ids, uint32_t* count);
PTI_EXPORT const char* pticApiIdName(uint32_t api_id);
PTI_EXPORT pti_result pticApiIdFromName(const char* name, uint32_t* api_id);
PTI_EXPORT int pticApiIdIsTraced(uint32_t api_id);

/* pticIterateArgs: the arguments of the DRIVER_API call `cb_data` (a ptic_api_data being
   delivered), in order: index, name, C type, value as text (handles and pointers as hex, enums
   by name, flags as names joined by '|', strings quoted, descriptors by their stype). The
   strings are valid during fn only. Like rocprofiler_iterate_callback_tracing_kind_operation_args.
   Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (fn NULL or cb_data not a DRIVER_API record
   being delivered). Thread safety: yes. Callback safety: meant for callbacks. */
typedef void (*ptic_arg_function)(uint32_t index, const char* name, const char* type,
                                  const char* value, void* user_data);
PTI_EXPORT pti_result pticIterateArgs(const void* cb_data, ptic_arg_function fn, void* user_data);

/* pticReplay: deliver to this subscriber only, as EXIT records with _return_code 0 and
   correlation id 0, what exists already: the library's initialisation of Level Zero
   (PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, kind PTIC_INIT_LIBRARY), live contexts
   (DRIVER_CONTEXT_CREATED), queues, lists, event pools and fences (PTIC_CB_DOMAIN_DRIVER_RESOURCE),
   modules (DRIVER_MODULE_LOADED) and kernels (DRIVER_KERNEL_CREATED), each domain only if the
   subscriber has its EXIT phase enabled, in that order, each domain's objects in creation
   order; driver_api_id is the id of the call that created the object. Objects created before
   the library's tracer existed are unknown to it (lists and queues such a program uses later
   are learned then, as far as Level Zero tells).
   Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT, PTI_ERROR_TRACING_NOT_INITIALIZED (after the
   library's destructor). Thread safety: yes. Callback safety: yes. */
PTI_EXPORT pti_result pticReplay(pti_callback_subscriber_handle subscriber);

/* ---- GPU operations: DISPATCHED and COMPLETED ----
   What pti_gpu_op_details cannot hold without changing PTI's layout, per operation of the
   record being delivered (APPENDED, DISPATCHED or COMPLETED). */
typedef enum ptic_op_status {
  PTIC_OP_APPENDED = 0,   /* an APPENDED record */
  PTIC_OP_DISPATCHED = 1, /* a DISPATCHED record: submitted, not finished */
  PTIC_OP_COMPLETED = 2,  /* finished on the device; the timestamps are valid */
  PTIC_OP_LOST = 3,       /* its completion could not be observed (an INTERNAL_EVENT says why);
                             timestamps are 0 */
  PTIC_OP_BAD_TIMES = 4   /* finished on the device, but the driver's kernel timestamps were not
                             believable (not written, end before start, in the future), or its
                             application event was reset before the library read it: times
                             are 0; one INTERNAL_EVENT says so */
} ptic_op_status;

typedef struct ptic_op_info {
  uint64_t operation_id;          /* = _operation_details[index]._operation_id: the id of its
                                     APPENDED record, in every execution of a regular list (as
                                     in PTI) */
  uint64_t execution_id;          /* this execution: unique per execution of a regular list's
                                     operation (its DISPATCHED and COMPLETED share it);
                                     = operation_id for immediate lists and APPENDED records */
  uint32_t append_correlation_id; /* correlation id of the append call */
  uint32_t submit_correlation_id; /* of zeCommandQueueExecuteCommandLists; = append's for
                                     immediate lists */
  uint32_t status;                /* ptic_op_status */
  uint32_t thread_id;             /* thread that appended (immediate) or submitted (regular) */
  uint64_t device_start;          /* device timer ticks (64-bit, unwrapped) */
  uint64_t device_end;
  uint64_t start_ns;              /* the same instants in host CLOCK_MONOTONIC_RAW nanoseconds */
  uint64_t end_ns;
  pti_backend_command_list_t cmd_list;
  pti_backend_queue_t queue;      /* the queue it ran on; the list itself for immediate lists */
} ptic_op_info;

/* pticGetOperationInfo: operation `index` of the APPENDED, DISPATCHED or COMPLETED record
   cb_data, inside the callback that received it. The times of a COMPLETED record are
   converted when a callback first asks for them (a tool that never asks pays nothing for them),
   and from then on as the library collects operations (README.md, "Completions"); an
   INTERNAL_EVENT that a conversion on request raises (unbelievable timestamps) comes once that
   record's callbacks returned.
   Returns PTI_SUCCESS, PTI_ERROR_BAD_ARGUMENT (not such a record being delivered on this
   thread, index >= _operation_count, info NULL). Thread safety: yes. Callback safety: for
   callbacks. */
PTI_EXPORT pti_result pticGetOperationInfo(const void* cb_data, uint32_t index, ptic_op_info* info);

/* pticFlush: collect the completions that are ready now and deliver them; then, while
   operations are pending and timeout_ns has not passed, keep polling (UINT64_MAX: until none is
   pending). Tools call it before writing results at exit, also from a destructor: the library
   ends after the destructors of every copy of it in the process (README.md, "At exit", says
   when the Level Zero loader's own destructor comes first).
   Returns PTI_SUCCESS when nothing is pending on return, PTI_ERROR_INTERNAL when operations
   are still pending at the timeout, PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY (PTI's only
   out-of-memory result) when nothing is pending but, since the last call that returned it,
   operations were reported PTIC_OP_LOST or records dropped because PTIC_MALLOC failed (said
   once: the next call starts afresh), PTI_ERROR_TRACING_NOT_INITIALIZED after the library's
   destructor (nothing is delivered then).
   Thread safety: yes. Callback safety: yes, but inside a callback it never waits, whatever
   timeout_ns: it collects what finished and delivers it (nested callbacks) unless a delivery is
   under way, then returns PTI_SUCCESS when nothing is pending or collected and undelivered, else
   PTI_ERROR_INTERNAL. The delivery the callback is part of, and one under way on another thread,
   finish after it returns. */
PTI_EXPORT pti_result pticFlush(uint64_t timeout_ns);

/* pticSetPollInterval: how often the library's poller thread looks for completions
   (default 1000 us; also the environment variable PTIC_POLL_INTERVAL_US, read when the first
   domain is enabled: decimal digits only, 0 to 1000000; any other value keeps 1000 and raises
   one INTERNAL_EVENT WARNING naming the variable and the value). 0 stops polling:
   completions are then noticed only at the application's synchronisation points and pticFlush.
   Returns PTI_SUCCESS. Thread safety: yes. Callback safety: yes. */
PTI_EXPORT pti_result pticSetPollInterval(uint32_t microseconds);

/* Layouts pinned to PTI's (LP64). */
PTIC_STATIC_ASSERT(sizeof(pti_result) == sizeof(uint32_t), "pti_result is 32-bit");
PTIC_STATIC_ASSERT(sizeof(pti_callback_domain) == 4, "pti_callback_domain is 32-bit");
PTIC_STATIC_ASSERT(sizeof(pti_gpu_op_details) == 32, "pti_gpu_op_details layout");
PTIC_STATIC_ASSERT(offsetof(pti_gpu_op_details, _operation_id) == 8, "pti_gpu_op_details layout");
PTIC_STATIC_ASSERT(offsetof(pti_gpu_op_details, _name) == 24, "pti_gpu_op_details layout");
PTIC_STATIC_ASSERT(sizeof(pti_callback_gpu_op_data) == 56, "pti_callback_gpu_op_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_gpu_op_data, _cmd_list_handle) == 8, "gpu_op_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_gpu_op_data, _phase) == 32, "gpu_op_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_gpu_op_data, _correlation_id) == 40, "gpu_op_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_gpu_op_data, _operation_details) == 48, "gpu_op_data layout");
/* PTI 1.0's layout, field by field */
PTIC_STATIC_ASSERT(sizeof(pti_callback_kernel_data) == 56, "pti_callback_kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _phase) == 4, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _return_code) == 8, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _correlation_id) == 12, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _kernel_handle) == 16, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _device_kernel_handle) == 24, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _device_handle) == 32, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _module_handle) == 40, "kernel_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_callback_kernel_data, _name) == 48, "kernel_data layout");
PTIC_STATIC_ASSERT(sizeof(pti_internal_callback_data) == 24, "pti_internal_callback_data layout");
PTIC_STATIC_ASSERT(offsetof(pti_internal_callback_data, _message) == 16, "internal_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_context_data, _phase) == offsetof(pti_internal_callback_data, _phase),
                   "every record starts with _domain, _phase");
PTIC_STATIC_ASSERT(offsetof(ptic_module_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_sync_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(sizeof(ptic_memory_data) == 80, "ptic_memory_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_memory_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_memory_data, _address) == 24, "ptic_memory_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_memory_data, _object) == 72, "ptic_memory_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_api_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(sizeof(ptic_driver_info) == 16, "ptic_driver_info layout");
PTIC_STATIC_ASSERT(sizeof(ptic_init_data) == 40, "ptic_init_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_init_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_init_data, _correlation_id) == 12, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_init_data, _kind) == 16, "ptic_init_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_init_data, _drivers) == 32, "ptic_init_data layout");
PTIC_STATIC_ASSERT(sizeof(ptic_resource_data) == 80, "ptic_resource_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_resource_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_resource_data, _correlation_id) == 12, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_resource_data, _handle) == 24, "ptic_resource_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_resource_data, _ordinal) == 56, "ptic_resource_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_resource_data, _event_count) == 76, "ptic_resource_data layout");
PTIC_STATIC_ASSERT(sizeof(ptic_marker_data) == 80, "ptic_marker_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_marker_data, _phase) == 4, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_marker_data, _correlation_id) == 12, "record layout");
PTIC_STATIC_ASSERT(offsetof(ptic_marker_data, _domain_name) == 24, "ptic_marker_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_marker_data, _id) == 40, "ptic_marker_data layout");
PTIC_STATIC_ASSERT(offsetof(ptic_marker_data, _end_ns) == 72, "ptic_marker_data layout");

#if defined(__cplusplus)
}
#endif
#endif /* PTIC_CALLBACK_H_ */

/* ---- implementation ---- */
#if defined(PTI_CALLBACK_IMPLEMENTATION)
#include "pti_callback_impl.h"
#endif

/*
    LICENSE
    =======
    MIT License

    Copyright (c) 2026 the pti-callback authors

    Permission is hereby granted, free of charge, to any person obtaining a copy of this
    software and associated documentation files (the "Software"), to deal in the Software
    without restriction, including without limitation the rights to use, copy, modify, merge,
    publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons
    to whom the Software is furnished to do so, subject to the following conditions:

    The above copyright notice and this permission notice shall be included in all copies or
    substantial portions of the Software.

    THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED,
    INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR
    PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE
    FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
    OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
    DEALINGS IN THE SOFTWARE.
*/
