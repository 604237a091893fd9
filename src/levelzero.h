
/* ==== >>levelzero ========================================================================= */
/* THE LEVEL ZERO BACKEND (PTI_API_GROUP_LEVELZERO): the loader's tracing layer (zelTracer*)
   intercepts every traceable function; each one's descriptor (>>gen) gives its api id, role,
   operation, and which argument is which field of its view. Sections:
     >>ze-apis      descriptors, the view of a call's arguments
     >>ze-loader    dlopen of the loader, symbols used
     >>ze-objects   what the backend learns of lists, kernels, modules, events, late attach
     >>ze-events    the library's events, pools and execution records (harvest lists)
     >>ze-gpu-ops   reading completions, executions of regular lists, device clocks
     >>ze-roles     one ENTER and one EXIT function per role
     >>ze-tracer    trampolines, registration, the backend's table */

/* Level Zero's newer headers do not compile warning-free under -Wpedantic (typedefs declared
   twice, empty structs) unless they come from a system include folder: keep their warnings
   out of the user's build wherever they are. Any headers from spec 1.4 on will do. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wtypedef-redefinition"
#endif
#include <level_zero/ze_api.h>
#include <level_zero/ze_ddi.h>
#include <level_zero/layers/zel_tracing_api.h>
#include <level_zero/layers/zel_tracing_register_cb.h>
#pragma GCC diagnostic pop

#ifndef PTIC_LOADER_NAME
#define PTIC_LOADER_NAME "libze_loader.so.1"
#endif

/* ---- >>ze-apis ---- */
/* What the backend knows of each traceable function is one descriptor in the table at the end
   (>>gen), generated from the newest Level Zero headers. It names no Level Zero type: every
   parameter struct of the tracing layer is a struct of pointers, one per argument, so an
   argument is found by its index. The library therefore compiles against any headers from spec
   1.4 on and traces every function the loader in the process offers. */

/* Operations: what the function appends (APPEND), or the object it works on (the others). */
typedef enum ptic__ze_op {
  PTIC_OP_NONE,
  PTIC_OP_KERNEL,    /* one kernel launch */
  PTIC_OP_KERNELS,   /* several kernels (zeCommandListAppendLaunchMultipleKernelsIndirect) */
  PTIC_OP_COPY,      /* memory copy: named with the memory types, e.g. "...(H2D)" */
  PTIC_OP_FILL,      /* memory fill: named with the memory type, e.g. "...(D)" */
  PTIC_OP_IMAGE,     /* image copy */
  PTIC_OP_OTHER,     /* barrier, host function, external semaphore */
  PTIC_OP_EVENT,
  PTIC_OP_EVENT_COUNTER_BASED,
  PTIC_OP_EVENT_OPEN,          /* a counter-based event opened from another process's IPC handle */
  PTIC_OP_EVENT_POOL,
  PTIC_OP_EVENT_POOL_OPEN,     /* a pool opened from an IPC handle */
  PTIC_OP_FENCE,
  PTIC_OP_QUEUE,
  PTIC_OP_LIST,
  PTIC_OP_LIST_IMMEDIATE,
  PTIC_OP_LIST_CLONE,
  PTIC_OP_DEVICE,
  PTIC_OP_CONTEXT,
  PTIC_OP_MODULE,
  PTIC_OP_KERNEL_OBJ,
  PTIC_OP_CAPTURE_BEGIN,       /* a list starts recording into a graph */
  PTIC_OP_CAPTURE_END,
  PTIC_OP_MEM_HOST,            /* memory: host, device, shared USM (frees: USM of any kind) */
  PTIC_OP_MEM_DEVICE,
  PTIC_OP_MEM_SHARED,
  PTIC_OP_MEM_USM,
  PTIC_OP_MEM_IPC,             /* another process's allocation, opened and closed */
  PTIC_OP_MEM_VIRTUAL,         /* a reservation of virtual addresses */
  PTIC_OP_MEM_MAPPING,         /* physical memory mapped into a reservation */
  PTIC_OP_MEM_PHYSICAL,        /* a physical memory object */
  PTIC_OP_INIT,                /* zeInit */
  PTIC_OP_INIT_DRIVERS         /* zeInitDrivers */
} ptic__ze_op;

/* The arguments of a traced call that handlers use (its view), read on demand from the call's
   params struct through the function's descriptor; how each is read: P a pointer-sized value,
   U a 64-bit value, H a 32-bit one, A the argument's address (so that a prologue can change the
   argument). PTIC_VIEW_FIELDS makes the readers ptic__v_driver(f), ptic__v_device(f), ...
   ptic__v_num_cmd_lists(f): one per field, named ptic__v_<field>. */
#define PTIC_VIEW_FIELDS(F)                                                                       \
  F(driver, P, const void*) F(device, P, const void*) F(context, P, const void*)                  \
  F(queue, P, const void*) F(cmd_list, P, const void*) F(module, P, const void*)                  \
  F(kernel, P, const void*) F(event, P, const void*) F(event_pool, P, const void*)                \
  F(fence, P, const void*) F(signal_event, P, const void*) F(desc, P, const void*)                \
  F(alt_desc, P, const void*) F(dst, P, const void*) F(src, P, const void*)                      \
  F(name, P, const void*) F(kernels, P, void* const*) F(cmd_lists, P, void* const*)              \
  F(out, P, void**) F(signal_event_arg, A, void*) F(num_cmd_lists_arg, A, void*)                  \
  F(cmd_lists_arg, A, void*) F(size, U, uint64_t) F(timeout, U, uint64_t)                         \
  F(num_kernels, H, uint64_t) F(num_cmd_lists, H, uint64_t) F(physical, P, const void*)           \
  F(alignment, U, uint64_t) F(access, H, uint64_t) F(flags, H, uint64_t) F(count_ptr, P, uint32_t*) \
  F(drivers, P, void**)
enum {
  PTIC_VF_END, /* field 0: the end of a descriptor's view slots */
#define PTIC_F(n, how, type) PTIC_VF_##n,
  PTIC_VIEW_FIELDS(PTIC_F)
#undef PTIC_F
  PTIC_VF_COUNT
};

/* One view field of a function: which field, from which argument. */
typedef struct ptic__vslot {
  uint8_t field;
  uint8_t arg;
} ptic__vslot;
#define PTIC_VS(field, arg) {PTIC_VF_##field, arg}
#define PTIC_VS_END {PTIC_VF_END, 0}
#define PTIC_VIEW_SLOTS 8

typedef struct ptic__api_desc {
  const char* name;
  uint32_t id;     /* PTI's api id, or ours (ptic_api_id_levelzero_own) */
  uint8_t role;    /* ptic__role */
  uint8_t op;      /* ptic__ze_op */
  uint8_t nargs;
  const char* const* opnames; /* COPY: 16 names by memory types, FILL: 4 (>>ze-objects) */
  ptic__vslot view[PTIC_VIEW_SLOTS]; /* ends at the first PTIC_VF_END */
} ptic__api_desc;

/* The generated tables live at the end of this file; these reach them (i: the backend's own
   index, the global index minus PTIC_ZE_BASE). */
#define PTIC_ZE_BASE 0u
#define PTIC_ZE_INDEX 0u /* its place in the backends' table (>>backends) */
static PTIC_ALWAYS_INLINE const ptic__api_desc* ptic__ze_api(uint32_t i);
static const char* ptic__our_id_name(uint32_t index);
static const char* ptic__pti_id_name(uint32_t id);

/* The argument index of each view field of each function, -1 for none (from the descriptors,
   once: ptic__ze_describe). */
static int8_t ptic__vat[PTIC_LEVELZERO_API_COUNT][PTIC_VF_COUNT];
/* Where a DRIVER_API record's context comes from first: the argument index (low 4 bits) of the
   hContext argument (PTIC_CTX_ARG) or of a handle whose tracked object tells its context (its
   PTIC_OBJ_* kind from bit 8); PTIC_CTX_NONE: none in the first 16 arguments. */
#define PTIC_CTX_ARG 0x8000u
#define PTIC_CTX_NONE 0xffffu
static uint16_t ptic__ctx_src[PTIC_LEVELZERO_API_COUNT];
/* The argument index of each function's kernel (its vat entry), -1 for none: the APPEND fast
   path's key. */
static int8_t ptic__ze_kernel_at[PTIC_LEVELZERO_API_COUNT];
/* The argument index of each function's signal event, -1 for none. */
static int8_t ptic__ze_signal_at[PTIC_LEVELZERO_API_COUNT];

/* The view of a call (PTIC_VIEW_FIELDS): ptic__v_cmd_list(f), ptic__v_size(f), ... read the
   argument now (0 / NULL when the function has none). */
static PTIC_ALWAYS_INLINE uint64_t ptic__read_u64(const void* arg) {
  uint64_t x;
  memcpy(&x, arg, sizeof x);
  return x;
}
#define PTIC_VREAD_P(type, arg) PTIC_CAST(type, *PTIC_CAST(void* const*, arg))
#define PTIC_VREAD_U(type, arg) ptic__read_u64(arg)
#define PTIC_VREAD_H(type, arg) PTIC_SCAST(uint64_t, *PTIC_CAST(const uint32_t*, arg))
#define PTIC_VREAD_A(type, arg) (arg)
#define PTIC_F(n, how, type)                                                                   \
  static PTIC_ALWAYS_INLINE type ptic__v_##n(const ptic__frame* f) {                           \
    const int i = ptic__vat[f->api - PTIC_ZE_BASE][PTIC_VF_##n];                               \
    if (i < 0) return PTIC_SCAST(type, 0);                                                     \
    void* arg = PTIC_CAST(void* const*, f->params)[i];                                         \
    return PTIC_VREAD_##how(type, arg);                                                        \
  }
PTIC_VIEW_FIELDS(PTIC_F)
#undef PTIC_F

/* The descriptor of the frame's function. */
static PTIC_ALWAYS_INLINE const ptic__api_desc* ptic__ze_fdesc(const ptic__frame* f) {
  return ptic__ze_api(f->api - PTIC_ZE_BASE);
}

/* What a Level Zero call keeps in its frame (ptic__frame.be). */
typedef enum ptic__ze_track {
  PTIC_ZE_TRACK_NONE = 0, /* the call's operations are not tracked */
  PTIC_ZE_TRACK_LIST,     /* appended to a regular list: recorded for its executions, no event */
  PTIC_ZE_TRACK_EVENT     /* an event signals them (gpu_ev, or the application's app_ev) */
} ptic__ze_track;
typedef struct ptic__ze_frame {
  /* APPEND: the call whose constant fields the frame's record holds (ptic__ze_describe_append):
     its function, list, kernel and the objects' epoch then (ptic__ze_key_holds); key_api
     PTIC_NIL: none */
  uint32_t key_api;
  uint32_t name_ref;        /* its operation's name (ptic__name_ref_*) */
  void* key_list;
  void* key_kernel;         /* the handle at argument key_kat: the kernel, or for a function
                               without one the list again (key_kat 0), so that the check reads
                               one argument whatever the function */
  uint64_t key_epoch;
  void* ctx;                /* the list's context (the record's, which another role's call in
                               this frame may have changed) */
  uint32_t tkf;             /* PTIC_OP_TKF(tid, kind, 0) of its operation */
  uint32_t stream;          /* its list's stream (a hint: checked at use) */
  uint32_t list_flags;      /* the list's PTIC_LF_* */
  uint32_t track;           /* ptic__ze_track */
  uint32_t mem_name;        /* its operation's name depends on its pointers (copies, fills) */
  int8_t mem_at[2];         /* ... their argument indices: destination, source (-1: none; a
                               fill's source is its destination, in a range that holds every
                               address, so that ptic__ze_mem_same reads two arguments whatever
                               the function) */
  int8_t key_kat;           /* key_api's kernel argument index (0, the list's: none) */
  uint64_t mem_lo[2], mem_len[2]; /* the ranges of memory the last call's pointers were in */
  uint64_t mem_epoch;       /* ptic__mem_epoch then */
  uint32_t ours_ok;         /* the last call with this key and signal event app_key was given
                               an event of the library's (ptic__ze_track_enter's decision, which
                               holds while the key does) */
  void* app_key;
  ze_event_handle_t gpu_ev; /* the library's event the operation signals */
  ze_event_handle_t app_ev; /* the application's signal event */
  void* exec;               /* EXECUTE: the execution being submitted */
  void** lists;             /* EXECUTE: the submission with the harvest list */
  size_t lists_cap;
  ptic_driver_info* drivers; /* RUNTIME_INIT: its record's drivers, freed after its EXIT */
} ptic__ze_frame;
PTI_STATIC_ASSERT(sizeof(ptic__ze_frame) <= sizeof(((ptic__frame*)0)->be), "the frame's backend room holds it");
static PTIC_ALWAYS_INLINE ptic__ze_frame* ptic__zf(ptic__frame* f) {
  return PTIC_CAST(ptic__ze_frame*, PTIC_CAST(void*, f->be));
}

/* ---- >>ze-loader ---- */

typedef ze_result_t(ZE_APICALL* ptic__pfn_zeInit)(ze_init_flags_t);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeDriverGet)(uint32_t*, ze_driver_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeDriverGetApiVersion)(ze_driver_handle_t, ze_api_version_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zelTracerCreate)(const zel_tracer_desc_t*, zel_tracer_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zelTracerSetEnabled)(zel_tracer_handle_t, ze_bool_t);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zelEnableTracingLayer)(void);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeKernelGetName)(ze_kernel_handle_t, size_t*, char*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeMemGetAllocProperties)(ze_context_handle_t, const void*,
                                                                   ze_memory_allocation_properties_t*,
                                                                   ze_device_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeMemGetAddressRange)(ze_context_handle_t, const void*, void**, size_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_zeModuleGetKernelNames)(ze_module_handle_t, uint32_t*, const char**);
/* Spec 1.9 queries (newer loaders only): what is known of objects created before the tracer. */
typedef ze_result_t(ZE_APICALL* ptic__pfn_list_handle)(ze_command_list_handle_t, void**);
typedef ze_result_t(ZE_APICALL* ptic__pfn_list_bool)(ze_command_list_handle_t, ze_bool_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_list_u32)(ze_command_list_handle_t, uint32_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_queue_u32)(ze_command_queue_handle_t, uint32_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_event_pool)(ze_event_handle_t, ze_event_pool_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_pool_u32)(ze_event_pool_handle_t, uint32_t*);
typedef ze_result_t(ZE_APICALL* ptic__pfn_pool_handle)(ze_event_pool_handle_t, void**);
/* What completion tracking calls. */
typedef ze_result_t(ZE_APICALL* ptic__zfn_pool_create)(ze_context_handle_t, const ze_event_pool_desc_t*, uint32_t,
                                                      ze_device_handle_t*, ze_event_pool_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_pool_destroy)(ze_event_pool_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_event_create)(ze_event_pool_handle_t, const ze_event_desc_t*,
                                                       ze_event_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_event)(ze_event_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_event_ts)(ze_event_handle_t, ze_kernel_timestamp_result_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_barrier)(ze_command_list_handle_t, ze_event_handle_t, uint32_t,
                                                  ze_event_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_list_event)(ze_command_list_handle_t, ze_event_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_query_ts)(ze_command_list_handle_t, uint32_t, ze_event_handle_t*, void*,
                                                   const size_t*, ze_event_handle_t, uint32_t, ze_event_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_list_create)(ze_context_handle_t, ze_device_handle_t,
                                                      const ze_command_list_desc_t*, ze_command_list_handle_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_list)(ze_command_list_handle_t);
typedef ze_result_t(ZE_APICALL* ptic__zfn_alloc_host)(ze_context_handle_t, const ze_host_mem_alloc_desc_t*, size_t,
                                                     size_t, void**);
typedef ze_result_t(ZE_APICALL* ptic__zfn_free)(ze_context_handle_t, void*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_dev_props)(ze_device_handle_t, ze_device_properties_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_dev_ts)(ze_device_handle_t, uint64_t*, uint64_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_translate)(int, void*, void**); /* zelLoaderTranslateHandle */
typedef ze_result_t(ZE_APICALL* ptic__zfn_get_event_table)(ze_api_version_t, ze_event_dditable_t*);
typedef ze_result_t(ZE_APICALL* ptic__zfn_get_list_table)(ze_api_version_t, ze_command_list_dditable_t*);

typedef struct ptic__loader {
  void* dl;
  ptic__pfn_zeInit zeInit;
  ptic__pfn_zeDriverGet zeDriverGet;
  ptic__pfn_zeDriverGetApiVersion zeDriverGetApiVersion;
  ptic__pfn_zelTracerCreate zelTracerCreate;
  ptic__pfn_zelTracerSetEnabled zelTracerSetEnabled;
  ptic__pfn_zelEnableTracingLayer zelEnableTracingLayer; /* newer loaders only */
  ptic__pfn_zeKernelGetName zeKernelGetName;
  ptic__pfn_zeMemGetAllocProperties zeMemGetAllocProperties;
  ptic__pfn_zeMemGetAddressRange zeMemGetAddressRange;
  ptic__pfn_zeModuleGetKernelNames zeModuleGetKernelNames;
  ptic__pfn_list_handle zeCommandListGetContextHandle; /* the spec 1.9 queries, or NULL */
  ptic__pfn_list_handle zeCommandListGetDeviceHandle;
  ptic__pfn_list_bool zeCommandListIsImmediate;
  ptic__pfn_list_u32 zeCommandListGetOrdinal;
  ptic__pfn_queue_u32 zeCommandQueueGetOrdinal;
  ptic__pfn_event_pool zeEventGetEventPool;
  ptic__pfn_pool_u32 zeEventPoolGetFlags;
  ptic__pfn_pool_handle zeEventPoolGetContextHandle;
  /* completion tracking */
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
  int track_ok; /* every completion-tracking function resolved */
  ptic__zfn_translate translate; /* zelLoaderTranslateHandle (loaders from 1.8 on), or NULL */
  int direct_tried;              /* ptic__ze_direct ran (lock held) */
  int direct;                    /* the calls it names go to the driver directly */
  zel_tracer_handle_t tracer;
} ptic__loader;
static ptic__loader ptic__ze;

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
  PTIC_DLSYM(dl, "zeDriverGet", L->zeDriverGet);
  PTIC_DLSYM(dl, "zeDriverGetApiVersion", L->zeDriverGetApiVersion);
  PTIC_DLSYM(dl, "zelTracerCreate", L->zelTracerCreate);
  PTIC_DLSYM(dl, "zelTracerSetEnabled", L->zelTracerSetEnabled);
  PTIC_DLSYM(dl, "zelEnableTracingLayer", L->zelEnableTracingLayer);
  PTIC_DLSYM(dl, "zeKernelGetName", L->zeKernelGetName);
  PTIC_DLSYM(dl, "zeMemGetAllocProperties", L->zeMemGetAllocProperties);
  PTIC_DLSYM(dl, "zeMemGetAddressRange", L->zeMemGetAddressRange);
  PTIC_DLSYM(dl, "zeModuleGetKernelNames", L->zeModuleGetKernelNames);
  PTIC_DLSYM(dl, "zeCommandListGetContextHandle", L->zeCommandListGetContextHandle);
  PTIC_DLSYM(dl, "zeCommandListGetDeviceHandle", L->zeCommandListGetDeviceHandle);
  PTIC_DLSYM(dl, "zeCommandListIsImmediate", L->zeCommandListIsImmediate);
  PTIC_DLSYM(dl, "zeCommandListGetOrdinal", L->zeCommandListGetOrdinal);
  PTIC_DLSYM(dl, "zeCommandQueueGetOrdinal", L->zeCommandQueueGetOrdinal);
  PTIC_DLSYM(dl, "zeEventGetEventPool", L->zeEventGetEventPool);
  PTIC_DLSYM(dl, "zeEventPoolGetFlags", L->zeEventPoolGetFlags);
  PTIC_DLSYM(dl, "zeEventPoolGetContextHandle", L->zeEventPoolGetContextHandle);
  if (!L->zeInit || !L->zeDriverGet || !L->zelTracerCreate || !L->zelTracerSetEnabled) {
    dlclose(dl);
    memset(L, 0, sizeof *L);
    return PTI_ERROR_DRIVER;
  }
  PTIC_DLSYM(dl, "zeEventPoolCreate", L->pool_create);
  PTIC_DLSYM(dl, "zeEventPoolDestroy", L->pool_destroy);
  PTIC_DLSYM(dl, "zeEventCreate", L->event_create);
  PTIC_DLSYM(dl, "zeEventDestroy", L->event_destroy);
  PTIC_DLSYM(dl, "zeEventQueryStatus", L->event_query);
  PTIC_DLSYM(dl, "zeEventHostReset", L->event_reset);
  PTIC_DLSYM(dl, "zeEventQueryKernelTimestamp", L->event_ts);
  PTIC_DLSYM(dl, "zeCommandListAppendBarrier", L->append_barrier);
  PTIC_DLSYM(dl, "zeCommandListAppendEventReset", L->append_event_reset);
  PTIC_DLSYM(dl, "zeCommandListAppendSignalEvent", L->append_signal);
  PTIC_DLSYM(dl, "zeCommandListAppendQueryKernelTimestamps", L->append_query_ts);
  PTIC_DLSYM(dl, "zeCommandListCreate", L->list_create);
  PTIC_DLSYM(dl, "zeCommandListReset", L->list_reset);
  PTIC_DLSYM(dl, "zeCommandListClose", L->list_close);
  PTIC_DLSYM(dl, "zeCommandListDestroy", L->list_destroy);
  PTIC_DLSYM(dl, "zeMemAllocHost", L->alloc_host);
  PTIC_DLSYM(dl, "zeMemFree", L->mem_free);
  PTIC_DLSYM(dl, "zeDeviceGetProperties", L->dev_props);
  PTIC_DLSYM(dl, "zeDeviceGetGlobalTimestamps", L->dev_ts);
  PTIC_DLSYM(dl, "zelLoaderTranslateHandle", L->translate);
  L->track_ok = L->pool_create && L->pool_destroy && L->event_create && L->event_destroy && L->event_query &&
                L->event_reset && L->event_ts && L->append_barrier && L->append_event_reset && L->append_signal &&
                L->append_query_ts && L->list_create && L->list_reset && L->list_close && L->list_destroy &&
                L->alloc_host && L->mem_free && L->dev_props && L->dev_ts;
  L->dl = dl;
  return PTI_SUCCESS;
}

/* ---- >>ze-direct ---- */

/* The calls completion tracking makes per operation (reading and resetting the library's own
   events, the barrier that chains an application's event behind one, the event resets of a
   harvest list) are Level Zero calls like the application's: through the loader and its layers
   (about 55 instructions a call before the driver's function runs), and, outside a tracer's
   callback, seen by every other tool's tracer; so are the creation and destruction of its
   events, 256 at a time. When the loader reports one driver, passes handles through
   (zelLoaderTranslateHandle answers the context with itself), no validation layer is loaded
   (it would meet the library's events in the application's calls without having seen them
   made) and that driver's library is known, those calls go to its functions directly, where
   the loader would dispatch them. Its library: the one loaded object named as the loader names
   drivers (an entry of ZE_ENABLE_ALT_DRIVERS when set, else libze_intel_* or libze_null*) that
   defines zeGetEventProcAddrTable. Anything else: every call through the loader. Pools, lists
   and memory of the library's are made through the loader always. */
typedef struct ptic__ze_scan {
  const char* alt;  /* ZE_ENABLE_ALT_DRIVERS, or NULL */
  void* get_events; /* the candidate's zeGetEventProcAddrTable and zeGetCommandListProcAddrTable */
  void* get_lists;
  int n;            /* candidates */
  int validation;   /* the validation layer is loaded */
} ptic__ze_scan;

/* Whether path (its file name: base) names a driver as the loader would load it: an entry of
   alt (a path, or a file name), or with no alt a name of the loader's own list. */
static int ptic__ze_driver_name(const char* path, const char* base, const char* alt) {
  if (!alt)
    return strncmp(base, "libze_intel_", 12) == 0 || strncmp(base, "libze_null", 10) == 0;
  const size_t np = strlen(path), nb = strlen(base);
  for (const char* e = alt; *e;) {
    const char* end = strchr(e, ',');
    const size_t n = end ? PTIC_SCAST(size_t, end - e) : strlen(e);
    if ((n == np && strncmp(e, path, n) == 0) || (n == nb && strncmp(e, base, n) == 0)) return 1;
    if (!end) break;
    e = end + 1;
  }
  return 0;
}
/* The address of `name` if object dl (loaded at base) defines it itself (dlsym also finds its
   dependencies'), or NULL. */
static void* ptic__ze_own_sym(void* dl, const void* base, const char* name) {
  void* sym = dlsym(dl, name);
  ptic__dl_info info;
  return sym && dladdr(sym, &info) && info.dli_fbase == base ? sym : NULL;
}
static int ptic__ze_scan_one(ptic__phdr_info* info, size_t size, void* data) {
  ptic__ze_scan* scan = PTIC_CAST(ptic__ze_scan*, data);
  PTIC_UNUSED(size);
  if (!info->dlpi_name || !info->dlpi_name[0]) return 0;
  const char* base = strrchr(info->dlpi_name, '/');
  base = base ? base + 1 : info->dlpi_name;
  if (strncmp(base, "libze_validation_layer", 22) == 0) scan->validation = 1;
  if (!ptic__ze_driver_name(info->dlpi_name, base, scan->alt)) return 0;
  void* dl = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
  if (!dl) return 0;
  const void* at = PTIC_CAST(const void*, info->dlpi_addr);
  void* events = ptic__ze_own_sym(dl, at, "zeGetEventProcAddrTable");
  if (events) {
    scan->get_events = events;
    scan->get_lists = ptic__ze_own_sym(dl, at, "zeGetCommandListProcAddrTable");
    scan->n++;
  }
  dlclose(dl);
  return 0;
}

static ptic_driver_info* ptic__ze_drivers(ptic__thread* t, void* const* given, uint32_t n, uint32_t* count);
/* Decide, once, with the first context the library makes events in. Lock held. */
static void ptic__ze_direct(ptic__thread* t, void* ctx) {
  if (ptic__ze.direct_tried) return;
  ptic__ze.direct_tried = 1;
  /* The tables are asked for with the driver's own version: a driver may keep a copy of the
     table it fills (compute-runtime does), which must stay as complete as the loader's. */
  uint32_t drivers = 0;
  ptic_driver_info* const d = ptic__ze_drivers(t, NULL, 0, &drivers);
  const ze_api_version_t version = PTIC_SCAST(ze_api_version_t, d && drivers == 1 ? d[0].api_version : 0u);
  PTIC_FREE(d);
  void* out = NULL;
  if (ZE_MAJOR_VERSION(version) != 1 || !ptic__ze.translate ||
      ptic__ze.translate(2 /* ZEL_HANDLE_CONTEXT */, ctx, &out) != ZE_RESULT_SUCCESS || out != ctx)
    return;
  ptic__ze_scan scan;
  memset(&scan, 0, sizeof scan);
  scan.alt = getenv("ZE_ENABLE_ALT_DRIVERS");
  if (scan.alt && !scan.alt[0]) scan.alt = NULL;
  dl_iterate_phdr(ptic__ze_scan_one, &scan);
  if (scan.n != 1 || !scan.get_lists || scan.validation) return;
  /* (room for every entry a driver of a later version than these headers' fills) */
  union {
    ze_event_dditable_t t;
    void* room[256];
  } ev;
  union {
    ze_command_list_dditable_t t;
    void* room[256];
  } cl;
  memset(&ev, 0, sizeof ev);
  memset(&cl, 0, sizeof cl);
  ptic__zfn_get_event_table get_events;
  ptic__zfn_get_list_table get_lists;
  memcpy(&get_events, &scan.get_events, sizeof get_events);
  memcpy(&get_lists, &scan.get_lists, sizeof get_lists);
  if (get_events(version, &ev.t) != ZE_RESULT_SUCCESS || get_lists(version, &cl.t) != ZE_RESULT_SUCCESS) return;
  if (!ev.t.pfnCreate || !ev.t.pfnDestroy || !ev.t.pfnQueryKernelTimestamp || !ev.t.pfnHostReset ||
      !ev.t.pfnQueryStatus || !cl.t.pfnAppendBarrier || !cl.t.pfnAppendEventReset)
    return;
  ptic__ze.event_create = ev.t.pfnCreate;
  ptic__ze.event_destroy = ev.t.pfnDestroy;
  ptic__ze.event_ts = ev.t.pfnQueryKernelTimestamp;
  ptic__ze.event_reset = ev.t.pfnHostReset;
  ptic__ze.event_query = ev.t.pfnQueryStatus;
  ptic__ze.append_barrier = cl.t.pfnAppendBarrier;
  ptic__ze.append_event_reset = cl.t.pfnAppendEventReset;
  ptic__ze.direct = 1;
}

/* ---- >>ze-objects ---- */

/* What the backend notes in an object's flags (ptic__obj.flags of events and pools, lflags of
   lists), beyond the values Level Zero gives. */
#define PTIC_EVF_POOL_KNOWN 0x80000000u /* an event's flags are its pool's */
#define PTIC_EVF_COUNTER 0x40000000u    /* counter-based (pool extension of spec 1.8, or created by
                                           zeEventCounterBasedCreate, or without a pool) */
#define PTIC_EVF_OPENED 0x20000000u     /* opened from an IPC handle: another process may reset it */
#define PTIC_EVF_TOLD 0x10000000u       /* the INTERNAL_EVENT about it was raised */
#define PTIC_EVF_UNASKED 0x08000000u    /* a pool created before the tracer whose flags Level Zero
                                           cannot tell (no zeEventPoolGetFlags: loader 1.8) */
#define PTIC_LF_IN_ORDER 1u   /* in-order execution (list flag, or queue flag of an immediate list) */
#define PTIC_LF_MUTABLE 2u    /* a mutable command list (its commands may be updated) */
#define PTIC_LF_CAPTURING 4u  /* recording into a graph */
#define PTIC_LF_TOLD 8u       /* the INTERNAL_EVENT about it was raised */
#define PTIC_LF_UNRECORDED 16u /* a regular list: an appended operation could not be recorded (out of
                                  memory), so its executions cannot report it (until a reset) */

/* The view slots and ptic__ctx_src of each function, from the descriptors (once). */
static void ptic__ze_tables_init(void) {
  memset(ptic__vat, -1, sizeof ptic__vat);
  for (uint32_t i = 0; i < PTIC_LEVELZERO_API_COUNT; i++)
    for (const ptic__vslot* v = ptic__ze_api(i)->view; v->field != PTIC_VF_END; v++)
      ptic__vat[i][v->field] = PTIC_SCAST(int8_t, v->arg);
  for (uint32_t i = 0; i < PTIC_LEVELZERO_API_COUNT; i++) {
    static const uint8_t fields[7] = {PTIC_VF_cmd_list, PTIC_VF_queue, PTIC_VF_kernel, PTIC_VF_module,
                                      PTIC_VF_event, PTIC_VF_fence, PTIC_VF_event_pool};
    static const uint8_t kinds[7] = {PTIC_OBJ_LIST,  PTIC_OBJ_QUEUE, PTIC_OBJ_KERNEL,    PTIC_OBJ_MODULE,
                                     PTIC_OBJ_EVENT, PTIC_OBJ_FENCE, PTIC_OBJ_EVENT_POOL};
    unsigned src = PTIC_CTX_NONE;
    int at = ptic__vat[i][PTIC_VF_context];
    if (at >= 0) src = at < 16 ? PTIC_CTX_ARG | PTIC_SCAST(unsigned, at) : PTIC_CTX_NONE;
    for (int k = 0; k < 7 && at < 0; k++)
      if ((at = ptic__vat[i][fields[k]]) >= 0)
        src = at < 16 ? PTIC_SCAST(unsigned, kinds[k]) << 8 | PTIC_SCAST(unsigned, at) : PTIC_CTX_NONE;
    ptic__ctx_src[i] = PTIC_SCAST(uint16_t, src);
    ptic__ze_kernel_at[i] = ptic__vat[i][PTIC_VF_kernel];
    ptic__ze_signal_at[i] = ptic__vat[i][PTIC_VF_signal_event_arg];
    PTIC_ASSERT(ptic__ze_api(i)->role != PTIC_ROLE_APPEND || ptic__vat[i][PTIC_VF_cmd_list] == 0);
  }
}
/* A kernel the library has not seen created (before the tracer existed): its name from Level
   Zero, recorded. */
static PTIC_NOINLINE const ptic__obj* ptic__kernel_unknown(ptic__thread* t, const void* kernel) {
  char name[256];
  size_t size = sizeof name;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_kernel_handle_t zk = PTIC_CAST(ze_kernel_handle_t, PTIC_CAST(uintptr_t, kernel));
  if (ptic__ze.zeKernelGetName)
    PTIC_INTERNAL_CALL(t, r = ptic__ze.zeKernelGetName(zk, &size, name));
  if (r != ZE_RESULT_SUCCESS) {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "zeKernelGetName failed: a kernel's name is unknown");
    return NULL;
  }
  name[sizeof name - 1] = '\0';
  ptic__obj tracked;
  ptic__track_kernel(PTIC_ZE_INDEX, kernel, NULL, name, &tracked);
  return ptic__obj_peek(kernel, PTIC_OBJ_KERNEL);
}

/* What is known of a kernel, asking Level Zero for its name if it was created before the
   tracer existed. */
static PTIC_ALWAYS_INLINE const ptic__obj* ptic__kernel_info(ptic__thread* t, const void* kernel) {
  if (!kernel) return NULL;
  const ptic__obj* k = ptic__obj_peek(kernel, PTIC_OBJ_KERNEL);
  return k ? k : ptic__kernel_unknown(t, kernel);
}

/* Objects created before the tracer existed ("late attach"): what the spec 1.9 queries tell
   of them is recorded, as if the library had seen them created. Loaders without the queries
   (1.8): a list is recorded as of unknown kind, so that its APPENDED records say UNKNOWN and
   one INTERNAL_EVENT per list says that its completions cannot be observed. */
static PTIC_NOINLINE const ptic__obj* ptic__list_unknown(ptic__thread* t, const void* list) {
  const ptic__loader* L = &ptic__ze;
  ze_command_list_handle_t h = PTIC_CAST(ze_command_list_handle_t, PTIC_CAST(uintptr_t, list));
  void* ctx = NULL;
  void* dev = NULL;
  ze_bool_t imm = 0;
  uint32_t ordinal = 0;
  ze_result_t r1 = ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, r2 = r1, r3 = r1;
  const int can_ask = L->zeCommandListGetContextHandle && L->zeCommandListGetDeviceHandle && L->zeCommandListIsImmediate;
  if (can_ask) {
    PTIC_INTERNAL_CALL(t, r1 = L->zeCommandListGetContextHandle(h, &ctx));
    PTIC_INTERNAL_CALL(t, r2 = L->zeCommandListGetDeviceHandle(h, &dev));
    PTIC_INTERNAL_CALL(t, r3 = L->zeCommandListIsImmediate(h, &imm));
    if (L->zeCommandListGetOrdinal) PTIC_INTERNAL_CALL(t, L->zeCommandListGetOrdinal(h, &ordinal));
  }
  const int known = r1 == ZE_RESULT_SUCCESS && r2 == ZE_RESULT_SUCCESS && r3 == ZE_RESULT_SUCCESS;
  int fresh = 0;
  ptic__objs_lock();
  if (!ptic__obj_find(PTIC_CAST(uintptr_t, list), 0)) {
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, list), 0);
    if (o) {
      fresh = 1;
      o->kind = PTIC_OBJ_LIST;
      o->context = known ? ctx : NULL;
      o->device = known ? dev : NULL;
      o->flags = !known ? PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN : imm ? PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE : 0;
      o->count = ordinal;
      o->created_by = !known ? 0u : imm ? PTIC_SCAST(uint32_t, zeCommandListCreateImmediate_id)
                                        : PTIC_SCAST(uint32_t, zeCommandListCreate_id);
    }
  }
  ptic__objs_unlock();
  if (fresh && !known && can_ask) /* the loader has the queries; they refused this handle */
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "a command list the library never saw created is used, and Level Zero does not "
                         "tell its context, device and kind (zeCommandListGetContextHandle failed: not a "
                         "valid list?): its operations are reported as of unknown kind, without completions");
  else if (fresh && !known)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "a command list created before the library's tracer existed is used: its kind, "
                         "context and completions cannot be observed with this Level Zero loader (it lacks "
                         "zeCommandListGetContextHandle and the other spec 1.9 queries); enable a domain "
                         "before creating command lists, or use a newer loader");
  return ptic__obj_peek(list, PTIC_OBJ_LIST);
}

/* What is known of a command list, asking Level Zero if it was created before the tracer. */
static PTIC_ALWAYS_INLINE const ptic__obj* ptic__list_info(ptic__thread* t, const void* list) {
  if (!list) return NULL;
  const ptic__obj* o = ptic__obj_peek(list, PTIC_OBJ_LIST);
  return o ? o : ptic__list_unknown(t, list);
}

/* A queue created before the tracer: its ordinal from Level Zero, its context and device from a
   list executed on it (the spec requires them to match). */
static PTIC_NOINLINE void ptic__queue_unknown(ptic__thread* t, const void* queue, const void* list) {
  const ptic__loader* L = &ptic__ze;
  const ptic__obj* l = ptic__list_info(t, list);
  uint32_t ordinal = 0;
  ze_result_t r = ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
  if (L->zeCommandQueueGetOrdinal)
    PTIC_INTERNAL_CALL(t, r = L->zeCommandQueueGetOrdinal(PTIC_CAST(ze_command_queue_handle_t, PTIC_CAST(uintptr_t, queue)), &ordinal));
  if (r != ZE_RESULT_SUCCESS || !l || !l->context) return;
  void* ctx = l->context;
  void* dev = l->device;
  ptic__objs_lock();
  if (!ptic__obj_find(PTIC_CAST(uintptr_t, queue), 0)) {
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, queue), 0);
    if (o) {
      o->kind = PTIC_OBJ_QUEUE;
      o->context = ctx;
      o->device = dev;
      o->flags = ordinal;
      o->count = ordinal;
    }
  }
  ptic__objs_unlock();
}

/* An application event created before the tracer: its pool's flags from Level Zero, so that
   the library reads its timestamps only when it has them. */
static PTIC_NOINLINE void ptic__event_unknown(ptic__thread* t, const void* event) {
  const ptic__loader* L = &ptic__ze;
  ze_event_pool_handle_t pool = NULL;
  uint32_t flags = 0;
  void* ctx = NULL;
  ze_result_t r1 = ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, r2 = r1;
  if (!L->zeEventGetEventPool || !L->zeEventPoolGetFlags) return;
  PTIC_INTERNAL_CALL(t, r1 = L->zeEventGetEventPool(PTIC_CAST(ze_event_handle_t, PTIC_CAST(uintptr_t, event)), &pool));
  if (r1 == ZE_RESULT_SUCCESS && pool) PTIC_INTERNAL_CALL(t, r2 = L->zeEventPoolGetFlags(pool, &flags));
  if (r1 == ZE_RESULT_SUCCESS && !pool) { /* no pool: a counter-based event (zexCounterBasedEventCreate2) */
    r2 = ZE_RESULT_SUCCESS;
    flags = PTIC_EVF_COUNTER;
  }
  if (r2 != ZE_RESULT_SUCCESS) return;
  if (pool && L->zeEventPoolGetContextHandle) PTIC_INTERNAL_CALL(t, L->zeEventPoolGetContextHandle(pool, &ctx));
  ptic__objs_lock();
  if (!ptic__obj_find(PTIC_CAST(uintptr_t, event), 0)) {
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, event), 0);
    if (o) {
      o->kind = PTIC_OBJ_EVENT;
      o->parent = PTIC_CAST(void*, pool);
      o->context = ctx;
      o->flags = flags | PTIC_EVF_POOL_KNOWN;
    }
  }
  ptic__objs_unlock();
}

/* An application event is being created from event pool `pool`: when the pool was created
   before the tracer, its flags (and context) from Level Zero (zeEventPoolGetFlags, spec 1.9),
   remembered for its other events. A loader without the query (1.8) leaves them unknown:
   PTIC_EVF_UNASKED, and the library signals such events after its own (ptic__ze_track_event). */
static PTIC_NOINLINE void ptic__pool_unknown(ptic__thread* t, const void* pool) {
  const ptic__loader* L = &ptic__ze;
  ze_event_pool_handle_t p = PTIC_CAST(ze_event_pool_handle_t, PTIC_CAST(uintptr_t, pool));
  uint32_t flags = PTIC_EVF_UNASKED;
  void* ctx = NULL;
  if (!pool) return;
  ptic__objs_lock();
  const int known = ptic__obj_find(PTIC_CAST(uintptr_t, pool), 0) != NULL;
  ptic__objs_unlock();
  if (known) return;
  if (L->zeEventPoolGetFlags) {
    ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
    uint32_t f = 0;
    PTIC_INTERNAL_CALL(t, r = L->zeEventPoolGetFlags(p, &f));
    if (r != ZE_RESULT_SUCCESS) return; /* not a pool Level Zero knows: the event's creation fails too */
    flags = f;
    if (L->zeEventPoolGetContextHandle) PTIC_INTERNAL_CALL(t, L->zeEventPoolGetContextHandle(p, &ctx));
  }
  ptic__objs_lock();
  if (!ptic__obj_find(PTIC_CAST(uintptr_t, pool), 0)) {
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, pool), 0);
    if (o) {
      o->kind = PTIC_OBJ_EVENT_POOL;
      o->context = ctx;
      o->flags = flags;
    }
  }
  ptic__objs_unlock();
}

/* ---- memory ---- */
/* The memory the application holds (>>memory): what its allocations and frees say, and what
   Level Zero says of a pointer the library has not seen allocated. */
#define PTIC_PHYSICAL_ON_HOST 0x2u /* ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST, spec 1.12 */

/* What Level Zero says of the memory at ptr in ctx: its allocation (kind, range, device) into
   *r; 0 for plain memory, or when it cannot say. */
static PTIC_NOINLINE int ptic__ze_mem_query(ptic__thread* t, void* ctx, const void* ptr, ptic__range* r) {
  const ptic__loader* L = &ptic__ze;
  if (!ctx || !ptr || !L->zeMemGetAllocProperties) return 0;
  ze_memory_allocation_properties_t p;
  memset(&p, 0, sizeof p);
  p.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
  ze_device_handle_t dev = NULL;
  ze_result_t rc = ZE_RESULT_ERROR_UNINITIALIZED;
  const ze_context_handle_t c = PTIC_CAST(ze_context_handle_t, ctx);
  PTIC_INTERNAL_CALL(t, rc = L->zeMemGetAllocProperties(c, ptr, &p, &dev));
  if (rc != ZE_RESULT_SUCCESS) return 0;
  memset(r, 0, sizeof *r);
  switch (p.type) {
    case ZE_MEMORY_TYPE_HOST: r->kind = PTIC_MEMORY_HOST, r->cls = PTIC_MEMC_HOST; break;
    case ZE_MEMORY_TYPE_DEVICE: r->kind = PTIC_MEMORY_DEVICE, r->cls = PTIC_MEMC_DEVICE; break;
    case ZE_MEMORY_TYPE_SHARED: r->kind = PTIC_MEMORY_SHARED, r->cls = PTIC_MEMC_SHARED; break;
    default: return 0;
  }
  void* base = NULL;
  size_t size = 0;
  rc = ZE_RESULT_ERROR_UNSUPPORTED_FEATURE;
  if (L->zeMemGetAddressRange) PTIC_INTERNAL_CALL(t, rc = L->zeMemGetAddressRange(c, ptr, &base, &size));
  if (rc != ZE_RESULT_SUCCESS || !base || PTIC_CAST(uintptr_t, ptr) - PTIC_CAST(uintptr_t, base) >= size) {
    base = PTIC_PTR(ptr); /* (its range unknown: this address alone) */
    size = 0;
  }
  r->base = PTIC_CAST(uintptr_t, base);
  r->size = size;
  r->end = r->base + (size ? size : 1u);
  r->device = r->kind == PTIC_MEMORY_HOST ? NULL : PTIC_CAST(void*, dev);
  r->context = ctx;
  return 1;
}

/* The range of memory that holds p and its class: the map's, else Level Zero's (an allocation
   learned so is kept until freed; plain memory is kept by this thread as the one address). */
static ptic__mem_seen ptic__ze_mem_at(ptic__thread* t, void* ctx, uint64_t p) {
  const ptic__mem_seen* e = ptic__mem_lookup(t, p);
  if (e) return *e;
  ptic__mem_seen plain = {p, 1, PTIC_MEMC_PLAIN};
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__mem_epoch, PTIC_ACQUIRE);
  ptic__range r;
  if (!p || !ptic__ze_mem_query(t, ctx, PTIC_CAST(const void*, PTIC_CAST(uintptr_t, p)), &r)) {
    if (p && ctx) ptic__mem_keep(t, epoch, p, 1, PTIC_MEMC_PLAIN); /* (no context: not asked) */
    return plain;
  }
  ptic__objs_lock();
  if (!ptic__mem_find(PTIC_MEM_ADDRESSABLE, p)) ptic__mem_insert(PTIC_MEM_ADDRESSABLE, &r);
  ptic__objs_unlock();
  e = ptic__mem_lookup(t, p);
  return e ? *e : plain;
}

/* MEM_ALLOC, ENTER: the record of what the call asks for. */
static void ptic__mem_alloc_enter(ptic__frame* f) {
  ptic_memory_data* m = &f->r.mem;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_ALLOCATE;
  m->_context_handle = f->cur.ctx = PTIC_PTR(ptic__v_context(f));
  m->_device_handle = PTIC_PTR(ptic__v_device(f));
  m->_size = ptic__v_size(f);
  m->_alignment = ptic__v_alignment(f);
  typedef struct { /* ze_host_mem_alloc_desc_t, ze_device_mem_alloc_desc_t, ze_physical_mem_desc_t */
    uint32_t stype;
    const void* pNext;
    uint32_t flags;
    uint32_t ordinal; /* (device memory) */
    size_t size;      /* (physical memory) */
  } desc;
  const desc* dd = PTIC_CAST(const desc*, ptic__v_desc(f));
  const desc* hd = PTIC_CAST(const desc*, ptic__v_alt_desc(f));
  switch (ptic__ze_fdesc(f)->op) {
    case PTIC_OP_MEM_HOST:
      m->_kind = PTIC_MEMORY_HOST;
      m->_flags = hd ? hd->flags : 0u;
      break;
    case PTIC_OP_MEM_DEVICE:
      m->_kind = PTIC_MEMORY_DEVICE;
      m->_flags = dd ? dd->flags : 0u;
      break;
    case PTIC_OP_MEM_SHARED:
      m->_kind = PTIC_MEMORY_SHARED;
      m->_flags = (dd ? dd->flags : 0u) | PTIC_SCAST(uint64_t, hd ? hd->flags : 0u) << 32;
      break;
    case PTIC_OP_MEM_IPC:
      m->_kind = PTIC_MEMORY_IPC;
      m->_flags = ptic__v_flags(f);
      break;
    case PTIC_OP_MEM_VIRTUAL:
      m->_kind = PTIC_MEMORY_VIRTUAL_RESERVATION;
      break;
    case PTIC_OP_MEM_PHYSICAL:
      m->_kind = PTIC_MEMORY_PHYSICAL;
      if (dd) {
        m->_flags = dd->flags;
        m->_size = dd->size;
      }
      break;
    default: { /* a mapping: its address is the call's; its device the physical memory's */
      ptic__obj o;
      m->_kind = PTIC_MEMORY_MAPPING;
      m->_address = PTIC_CAST(uintptr_t, ptic__v_dst(f));
      m->_flags = ptic__v_access(f);
      m->_object = PTIC_PTR(ptic__v_physical(f));
      if (ptic__obj_get(m->_object, PTIC_OBJ_MEMORY, &o)) m->_device_handle = o.device;
      break;
    }
  }
}

/* MEM_ALLOC, EXIT: the new memory into the record and the ranges (a physical memory object into
   the objects). */
static void ptic__mem_alloc_exit(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  ptic_memory_data* m = &f->r.mem;
  void* const* out = ptic__v_out(f);
  if (r != ZE_RESULT_SUCCESS) return;
  if (m->_kind == PTIC_MEMORY_PHYSICAL) {
    if (!out || !*out) return;
    m->_object = *out;
    ptic__objs_lock();
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, *out), 0);
    if (o) {
      o->kind = PTIC_OBJ_MEMORY;
      o->context = m->_context_handle;
      o->device = m->_device_handle;
      o->size = m->_size;
      o->flags = PTIC_SCAST(uint32_t, m->_flags);
    }
    ptic__objs_unlock();
    return;
  }
  if (m->_kind != PTIC_MEMORY_MAPPING) {
    if (!out || !*out) return;
    m->_address = PTIC_CAST(uintptr_t, *out);
  }
  ptic__range g;
  memset(&g, 0, sizeof g);
  if (m->_kind == PTIC_MEMORY_IPC) { /* its kind and size: Level Zero's */
    if (ptic__ze_mem_query(t, m->_context_handle, *out, &g) && g.base == m->_address) m->_size = g.size;
    else g.cls = PTIC_MEMC_DEVICE;
  } else {
    g.cls = m->_kind == PTIC_MEMORY_HOST     ? PTIC_MEMC_HOST
            : m->_kind == PTIC_MEMORY_SHARED ? PTIC_MEMC_SHARED
                                             : PTIC_MEMC_DEVICE;
    if (m->_kind == PTIC_MEMORY_MAPPING) {
      ptic__obj o;
      if (ptic__obj_get(m->_object, PTIC_OBJ_MEMORY, &o) && (o.flags & PTIC_PHYSICAL_ON_HOST)) g.cls = PTIC_MEMC_HOST;
    }
  }
  g.base = m->_address;
  g.size = m->_size;
  g.end = g.base + (g.size ? g.size : 1u);
  g.alignment = m->_alignment;
  g.flags = m->_flags;
  g.device = m->_device_handle;
  g.context = m->_context_handle;
  g.object = m->_object;
  g.kind = m->_kind;
  ptic__objs_lock();
  const uint64_t serial =
      ptic__mem_insert(m->_kind == PTIC_MEMORY_VIRTUAL_RESERVATION ? PTIC_MEM_RESERVED : PTIC_MEM_ADDRESSABLE, &g);
  ptic__objs_unlock();
  if (!serial)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "out of memory: an allocation is not known to the library (its free has no size, "
                         "operations on it are named as plain memory)");
}

/* MEM_FREE, ENTER: the record of what goes, with what its allocation had (from the ranges, or
   for USM the library did not see allocated, from Level Zero when the MEMORY domain is on);
   f->serial: the range's (0: none). */
static void ptic__mem_free_enter(ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  ptic_memory_data* m = &f->r.mem;
  const uint32_t op = ptic__ze_fdesc(f)->op;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_FREE;
  m->_context_handle = f->cur.ctx = PTIC_PTR(ptic__v_context(f));
  m->_address = PTIC_CAST(uintptr_t, ptic__v_dst(f));
  m->_size = ptic__v_size(f);
  m->_kind = op == PTIC_OP_MEM_IPC ? PTIC_MEMORY_IPC
             : op == PTIC_OP_MEM_VIRTUAL ? PTIC_MEMORY_VIRTUAL_RESERVATION
             : op == PTIC_OP_MEM_MAPPING ? PTIC_MEMORY_MAPPING
             : op == PTIC_OP_MEM_PHYSICAL ? PTIC_MEMORY_PHYSICAL
                                          : PTIC_SCAST(ptic_memory_kind, 0);
  f->serial = 0;
  if (op == PTIC_OP_MEM_PHYSICAL) {
    ptic__obj o;
    m->_object = PTIC_PTR(ptic__v_physical(f));
    if (ptic__obj_get(m->_object, PTIC_OBJ_MEMORY, &o)) {
      m->_size = o.size;
      m->_device_handle = o.device;
      m->_flags = o.flags;
      f->serial = o.serial;
    }
    return;
  }
  ptic__objs_lock();
  const ptic__range* r =
      ptic__mem_find(op == PTIC_OP_MEM_VIRTUAL ? PTIC_MEM_RESERVED : PTIC_MEM_ADDRESSABLE, m->_address);
  if (r && r->base == m->_address && (!m->_kind || r->kind == PTIC_SCAST(uint32_t, m->_kind))) {
    m->_kind = PTIC_SCAST(ptic_memory_kind, r->kind);
    if (op != PTIC_OP_MEM_MAPPING) m->_size = r->size; /* (an unmap says its size) */
    m->_alignment = r->alignment;
    m->_flags = r->flags;
    m->_device_handle = r->device;
    m->_object = r->object;
    f->serial = r->serial;
  }
  ptic__objs_unlock();
  ptic__range g;
  if (!f->serial && op == PTIC_OP_MEM_USM && (mask & PTIC_BITS(PTIC_DOM_MEMORY)) &&
      ptic__ze_mem_query(t, m->_context_handle, PTIC_CAST(const void*, PTIC_CAST(uintptr_t, m->_address)), &g) &&
      g.base == m->_address) { /* allocated before the library saw it */
    m->_kind = PTIC_SCAST(ptic_memory_kind, g.kind);
    m->_size = g.size;
    m->_device_handle = g.device;
  }
}

/* MEM_FREE, EXIT: the memory leaves the ranges (a reservation takes its mappings with it). */
static void ptic__mem_free_exit(ptic__frame* f, ze_result_t r) {
  const ptic_memory_data* m = &f->r.mem;
  if (r != ZE_RESULT_SUCCESS) return;
  const uint32_t op = ptic__ze_fdesc(f)->op;
  ptic__objs_lock();
  if (op == PTIC_OP_MEM_PHYSICAL) {
    ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, m->_object), 0);
    if (o && f->serial && o->serial == f->serial) ptic__obj_erase(o);
  } else if (op == PTIC_OP_MEM_MAPPING) {
    if (m->_size) ptic__mem_cut(PTIC_MEM_ADDRESSABLE, m->_address, m->_address + m->_size);
  } else if (op == PTIC_OP_MEM_VIRTUAL) {
    if (f->serial) ptic__mem_remove(PTIC_MEM_RESERVED, m->_address, f->serial);
    if (m->_size) ptic__mem_cut(PTIC_MEM_ADDRESSABLE, m->_address, m->_address + m->_size);
  } else if (f->serial) {
    ptic__mem_remove(PTIC_MEM_ADDRESSABLE, m->_address, f->serial);
  }
  ptic__objs_unlock();
}

/* The names of a memory operation: the function and its memory types, e.g. "...Copy(H2D)". */
#define PTIC_COPY_NAMES(P)                                                                 \
  P "(M2M)", P "(M2H)", P "(M2D)", P "(M2S)", P "(H2M)", P "(H2H)", P "(H2D)", P "(H2S)",   \
  P "(D2M)", P "(D2H)", P "(D2D)", P "(D2S)", P "(S2M)", P "(S2H)", P "(S2D)", P "(S2S)"
#define PTIC_FILL_NAMES(P) P "(M)", P "(H)", P "(D)", P "(S)"


/* KERNEL_CREATE / KERNEL_DESTROY, ENTER. */
static void ptic__kernel_enter(ptic__thread* t, ptic__frame* f, int create) {
  pti_callback_kernel_data* k = &f->r.kern;
  memset(k, 0, sizeof *k);
  k->_phase = PTI_CB_PHASE_API_ENTER;
  k->_correlation_id = f->corr_id;
  if (create) {
    ptic__obj mod;
    const ze_kernel_desc_t* desc = PTIC_CAST(const ze_kernel_desc_t*, ptic__v_desc(f));
    k->_domain = PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED;
    k->_module_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_module(f)));
    k->_name = desc ? desc->pKernelName : NULL;
    if (ptic__obj_get(ptic__v_module(f), PTIC_OBJ_MODULE, &mod)) {
      k->_device_handle = mod.device;
      f->cur.ctx = mod.context;
    }
  } else {
    k->_domain = PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED;
    k->_device_kernel_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_kernel(f)));
    const ptic__obj* kern = ptic__kernel_info(t, ptic__v_kernel(f));
    if (kern) {
      k->_module_handle = kern->parent;
      k->_device_handle = kern->device;
      k->_kernel_handle = kern->kernel_id;
      k->_name = kern->name;
      f->cur.ctx = kern->context;
      f->serial = kern->serial;
    }
  }
}

/* KERNEL_CREATE, EXIT: track the new kernel. */
static void ptic__kernel_create_exit(ptic__frame* f, ze_result_t r) {
  pti_callback_kernel_data* k = &f->r.kern;
  if (r != ZE_RESULT_SUCCESS || !ptic__v_out(f) || !*ptic__v_out(f)) return;
  ptic__obj o;
  ptic__track_kernel(PTIC_ZE_INDEX, *ptic__v_out(f), ptic__v_module(f), k->_name, &o);
  k->_device_kernel_handle = *ptic__v_out(f);
  if (o.kind == PTIC_OBJ_KERNEL) {
    k->_kernel_handle = o.kernel_id;
    k->_name = o.name;
  }
}

/* MODULE_CREATE / MODULE_DESTROY, ENTER. */
static void ptic__module_enter(ptic__frame* f, int create) {
  ptic_module_data* m = &f->r.module;
  memset(m, 0, sizeof *m);
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  if (create) {
    const ze_module_desc_t* desc = PTIC_CAST(const ze_module_desc_t*, ptic__v_desc(f));
    m->_domain = PTI_CB_DOMAIN_DRIVER_MODULE_LOADED;
    m->_context_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_context(f)));
    m->_device_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_device(f)));
    if (desc) {
      m->_format = PTIC_SCAST(uint32_t, desc->format);
      m->_binary_size = desc->inputSize;
      m->_binary = desc->pInputModule;
      m->_build_flags = desc->pBuildFlags;
    }
    f->cur.ctx = m->_context_handle;
  } else {
    ptic__obj o;
    m->_domain = PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED;
    m->_module_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_module(f)));
    if (ptic__obj_get(ptic__v_module(f), PTIC_OBJ_MODULE, &o)) {
      ptic__module_record(m, &o);
      f->cur.ctx = o.context;
      f->serial = o.serial;
    }
  }
}

/* MODULE_CREATE, EXIT: track the module with its kernel names. */
static void ptic__module_create_exit(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  ptic_module_data* m = &f->r.module;
  if (r != ZE_RESULT_SUCCESS || !ptic__v_out(f) || !*ptic__v_out(f)) return;
  void* module = *ptic__v_out(f);
  m->_module_handle = module;
  uint32_t count = 0;
  const char* stack_names[64];
  const char** names = stack_names;
  ze_result_t nr = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_module_handle_t zm = PTIC_CAST(ze_module_handle_t, module);
  if (ptic__ze.zeModuleGetKernelNames) {
    PTIC_INTERNAL_CALL(t, nr = ptic__ze.zeModuleGetKernelNames(zm, &count, NULL));
    if (nr == ZE_RESULT_SUCCESS && count > 64) {
      names = PTIC_CAST(const char**, PTIC_MALLOC(count * sizeof *names));
      if (!names) nr = ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY;
    }
    if (nr == ZE_RESULT_SUCCESS && count)
      PTIC_INTERNAL_CALL(t, nr = ptic__ze.zeModuleGetKernelNames(zm, &count, names));
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
    c->_driver_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_driver(f)));
  } else {
    ptic__obj o;
    c->_context_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_context(f)));
    f->cur.ctx = c->_context_handle;
    if (ptic__obj_get(ptic__v_context(f), PTIC_OBJ_CONTEXT, &o)) {
      c->_driver_handle = o.parent;
      f->serial = o.serial;
    }
  }
}

/* The drivers `given` (n of them), or those zeDriverGet lists (given NULL), with their API
   versions: a new array (NULL when there are none or memory is out), *count its length. The
   library's own calls. */
static ptic_driver_info* ptic__ze_drivers(ptic__thread* t, void* const* given, uint32_t n, uint32_t* count) {
  const ptic__loader* L = &ptic__ze;
  ze_driver_handle_t* h = NULL;
  ze_result_t r = ZE_RESULT_SUCCESS;
  *count = 0;
  if (!given) {
    n = 0;
    PTIC_INTERNAL_CALL(t, r = L->zeDriverGet(&n, NULL));
    h = r == ZE_RESULT_SUCCESS && n ? PTIC_CAST(ze_driver_handle_t*, PTIC_MALLOC(n * sizeof *h)) : NULL;
    if (h) PTIC_INTERNAL_CALL(t, r = L->zeDriverGet(&n, h));
    if (!h || r != ZE_RESULT_SUCCESS) n = 0;
  }
  ptic_driver_info* d = n ? PTIC_CAST(ptic_driver_info*, PTIC_MALLOC(n * sizeof *d)) : NULL;
  for (uint32_t i = 0; d && i < n; i++) {
    d[i].driver = given ? given[i] : PTIC_CAST(void*, h[i]);
    d[i].reserved = 0;
    ze_api_version_t v = PTIC_SCAST(ze_api_version_t, 0);
    if (L->zeDriverGetApiVersion && d[i].driver) {
      PTIC_INTERNAL_CALL(t, r = L->zeDriverGetApiVersion(PTIC_CAST(ze_driver_handle_t, d[i].driver), &v));
      if (r != ZE_RESULT_SUCCESS) v = PTIC_SCAST(ze_api_version_t, 0);
    }
    d[i].api_version = PTIC_SCAST(uint32_t, v);
  }
  PTIC_FREE(h);
  if (d) *count = n;
  return d;
}

/* RUNTIME_INIT, ENTER: the call's flags (zeInitDrivers: its descriptor's, ze_init_driver_type_desc_t
   of spec 1.10 being { stype, pNext, flags }). */
static unsigned ptic__init_enter(ptic__frame* f, ptic__mask mask) {
  ptic__zf(f)->drivers = NULL;
  if (!(mask & PTIC_BITS(PTIC_DOM_DRIVER_INIT))) return PTIC_DOM_NONE;
  typedef struct {
    uint32_t stype;
    const void* pNext;
    uint32_t flags;
  } driver_type_desc;
  ptic_init_data* r = &f->r.init;
  memset(r, 0, sizeof *r);
  r->_domain = PTIC_CB_DOMAIN_DRIVER_INITIALIZATION;
  r->_phase = PTI_CB_PHASE_API_ENTER;
  r->_correlation_id = f->corr_id;
  if (ptic__ze_fdesc(f)->op == PTIC_OP_INIT) {
    r->_kind = PTIC_INIT_ZEINIT;
    r->_flags = PTIC_SCAST(uint32_t, ptic__v_flags(f));
  } else {
    const driver_type_desc* d = PTIC_CAST(const driver_type_desc*, ptic__v_desc(f));
    r->_kind = PTIC_INIT_DRIVERS;
    r->_flags = d ? d->flags : 0u;
  }
  return PTIC_DOM_DRIVER_INIT;
}
/* RUNTIME_INIT, EXIT of a successful call with its record: the drivers it initialised (zeInit:
   zeDriverGet's; zeInitDrivers: those it returned, or only their number when it was asked for
   that). */
static void ptic__init_exit(ptic__thread* t, ptic__frame* f) {
  ptic_init_data* r = &f->r.init;
  uint32_t n = 0;
  if (r->_kind == PTIC_INIT_ZEINIT) {
    ptic__zf(f)->drivers = ptic__ze_drivers(t, NULL, 0, &n);
  } else {
    const uint32_t* count = ptic__v_count_ptr(f);
    void** drivers = ptic__v_drivers(f);
    n = count ? *count : 0u;
    if (drivers && n) ptic__zf(f)->drivers = ptic__ze_drivers(t, drivers, n, &n);
  }
  r->_drivers = ptic__zf(f)->drivers;
  r->_driver_count = n;
}

/* HOST_SYNC, ENTER. */
static void ptic__sync_enter(ptic__frame* f) {
  ptic_sync_data* s = &f->r.sync;
  memset(s, 0, sizeof *s);
  s->_domain = PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION;
  s->_phase = PTI_CB_PHASE_API_ENTER;
  s->_correlation_id = f->corr_id;
  s->_timeout_ns = ptic__v_timeout(f);
  const void* obj = ptic__v_event(f);
  s->_kind = PTIC_SYNC_EVENT;
  switch (ptic__ze_fdesc(f)->op) {
    case PTIC_OP_FENCE: obj = ptic__v_fence(f); s->_kind = PTIC_SYNC_FENCE; break;
    case PTIC_OP_QUEUE: obj = ptic__v_queue(f); s->_kind = PTIC_SYNC_QUEUE; break;
    case PTIC_OP_LIST: obj = ptic__v_cmd_list(f); s->_kind = PTIC_SYNC_COMMAND_LIST; break;
    case PTIC_OP_DEVICE: obj = ptic__v_device(f); s->_kind = PTIC_SYNC_DEVICE; break;
    default: break;
  }
  s->_object = PTIC_CAST(void*, PTIC_CAST(uintptr_t, obj));
  ptic__objs_lock();
  f->cur.ctx = ptic__context_of(obj);
  ptic__objs_unlock();
}

/* The kind of object a create / destroy works on, and its handle in the view. */
static uint32_t ptic__ze_obj_kind(uint32_t api) {
  switch (ptic__ze_api(api - PTIC_ZE_BASE)->op) {
    case PTIC_OP_LIST:
    case PTIC_OP_LIST_IMMEDIATE:
    case PTIC_OP_LIST_CLONE: return PTIC_OBJ_LIST;
    case PTIC_OP_QUEUE: return PTIC_OBJ_QUEUE;
    case PTIC_OP_FENCE: return PTIC_OBJ_FENCE;
    case PTIC_OP_EVENT_POOL:
    case PTIC_OP_EVENT_POOL_OPEN: return PTIC_OBJ_EVENT_POOL;
    case PTIC_OP_EVENT:
    case PTIC_OP_EVENT_OPEN:
    case PTIC_OP_EVENT_COUNTER_BASED: return PTIC_OBJ_EVENT;
    case PTIC_OP_CONTEXT: return PTIC_OBJ_CONTEXT;
    case PTIC_OP_MODULE: return PTIC_OBJ_MODULE;
    default: return PTIC_OBJ_KERNEL;
  }
}
static const void* ptic__destroyed_handle(const ptic__frame* f) {
  switch (ptic__ze_obj_kind(f->api)) {
    case PTIC_OBJ_LIST: return ptic__v_cmd_list(f);
    case PTIC_OBJ_QUEUE: return ptic__v_queue(f);
    case PTIC_OBJ_FENCE: return ptic__v_fence(f);
    case PTIC_OBJ_EVENT_POOL: return ptic__v_event_pool(f);
    case PTIC_OBJ_EVENT: return ptic__v_event(f);
    case PTIC_OBJ_CONTEXT: return ptic__v_context(f);
    case PTIC_OBJ_MODULE: return ptic__v_module(f);
    default: return ptic__v_kernel(f);
  }
}

/* Whether a descriptor's pNext chain holds a structure of type `stype` (types of newer specs are
   named by value: the library compiles against spec 1.4 headers). */
#define PTIC_ST_COUNTER_BASED_POOL 0x00020014u   /* ze_event_pool_counter_based_exp_desc_t */
#define PTIC_ST_MUTABLE_LIST 0x00020016u         /* ze_mutable_command_list_exp_desc_t */
#define PTIC_LIST_FLAG_IN_ORDER 0x8u             /* ZE_COMMAND_LIST_FLAG_IN_ORDER, spec 1.7 */
#define PTIC_QUEUE_FLAG_IN_ORDER 0x2u            /* ZE_COMMAND_QUEUE_FLAG_IN_ORDER, spec 1.7 */
#define PTIC_POOL_FLAG_MAPPED_TIMESTAMP 0x8u     /* ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP, 1.6 */
static int ptic__chain_has(const void* desc, uint32_t stype) {
  const ze_base_desc_t* d = PTIC_CAST(const ze_base_desc_t*, desc);
  for (int hops = 0; d && hops < 32; hops++, d = PTIC_CAST(const ze_base_desc_t*, d->pNext))
    if (hops > 0 && PTIC_SCAST(uint32_t, d->stype) == stype) return 1;
  return 0;
}

/* The flags of an event of zeEventCounterBasedCreate, as a pool's: ze_event_counter_based_desc_t
   (spec 1.15) is { stype, pNext, flags, signal, wait }. */
static uint32_t ptic__counter_event_flags(const void* desc) {
  typedef struct {
    uint32_t stype;
    const void* pNext;
    uint32_t flags;
  } counter_desc;
  const uint32_t f = desc ? PTIC_CAST(const counter_desc*, desc)->flags : 0;
  return PTIC_EVF_POOL_KNOWN | PTIC_EVF_COUNTER | ((f & 0x4u) ? ZE_EVENT_POOL_FLAG_HOST_VISIBLE : 0) |
         ((f & 0x10u) ? ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP : 0) | ((f & 0x20u) ? PTIC_POOL_FLAG_MAPPED_TIMESTAMP : 0);
}

/* The fields of a resource record that a create's arguments give (no lookups); _kind 0: the call
   creates no resource (events). */
static void ptic__ze_resource_args(const ptic__frame* f, ptic_resource_data* r) {
  const uint32_t op = ptic__ze_fdesc(f)->op;
  r->_context_handle = PTIC_PTR(ptic__v_context(f));
  r->_device_handle = PTIC_PTR(ptic__v_device(f));
  switch (op) {
    case PTIC_OP_QUEUE:
    case PTIC_OP_LIST_IMMEDIATE: {
      const ze_command_queue_desc_t* d =
          PTIC_CAST(const ze_command_queue_desc_t*, op == PTIC_OP_QUEUE ? ptic__v_desc(f) : ptic__v_alt_desc(f));
      r->_kind = op == PTIC_OP_QUEUE ? PTIC_RESOURCE_QUEUE : PTIC_RESOURCE_IMMEDIATE_LIST;
      if (d) {
        r->_flags = d->flags;
        r->_ordinal = d->ordinal;
        r->_index = d->index;
        r->_mode = PTIC_SCAST(uint32_t, d->mode);
        r->_priority = PTIC_SCAST(uint32_t, d->priority);
        r->_in_order = (d->flags & PTIC_QUEUE_FLAG_IN_ORDER) ? 1u : 0u;
      }
      break;
    }
    case PTIC_OP_LIST: {
      const ze_command_list_desc_t* d = PTIC_CAST(const ze_command_list_desc_t*, ptic__v_desc(f));
      r->_kind = PTIC_RESOURCE_COMMAND_LIST;
      if (d) {
        r->_flags = d->flags;
        r->_ordinal = d->commandQueueGroupOrdinal;
        r->_in_order = (d->flags & PTIC_LIST_FLAG_IN_ORDER) ? 1u : 0u;
      }
      break;
    }
    case PTIC_OP_LIST_CLONE:
      r->_kind = PTIC_RESOURCE_COMMAND_LIST;
      r->_parent = PTIC_PTR(ptic__v_cmd_list(f));
      break;
    case PTIC_OP_EVENT_POOL:
    case PTIC_OP_EVENT_POOL_OPEN: {
      const ze_event_pool_desc_t* d =
          op == PTIC_OP_EVENT_POOL ? PTIC_CAST(const ze_event_pool_desc_t*, ptic__v_desc(f)) : NULL;
      r->_kind = PTIC_RESOURCE_EVENT_POOL;
      r->_device_handle = NULL;
      if (d) {
        r->_flags = d->flags;
        r->_event_count = d->count;
      }
      break;
    }
    case PTIC_OP_FENCE: {
      const ze_fence_desc_t* d = PTIC_CAST(const ze_fence_desc_t*, ptic__v_desc(f));
      r->_kind = PTIC_RESOURCE_FENCE;
      r->_parent = PTIC_PTR(ptic__v_queue(f));
      if (d) r->_flags = d->flags;
      break;
    }
    default: break;
  }
}

/* OBJ_CREATE / OBJ_DESTROY, ENTER: the resource record (RESOURCE on; not for events), from the
   arguments of a create (a clone's or fence's context and device from the object they come
   from), from what is tracked of the object a destroy ends. */
static unsigned ptic__resource_enter(ptic__frame* f, ptic__mask mask, int create) {
  if (!(mask & PTIC_BITS(PTIC_DOM_RESOURCE))) return PTIC_DOM_NONE;
  ptic_resource_data* r = &f->r.res;
  memset(r, 0, sizeof *r);
  ptic__obj o;
  if (create) {
    ptic__ze_resource_args(f, r);
    if (!r->_kind) return PTIC_DOM_NONE;
    const void* from = r->_parent; /* (a fence's queue, a clone's original) */
    if (from && ptic__obj_get(from, r->_kind == PTIC_RESOURCE_FENCE ? PTIC_OBJ_QUEUE : PTIC_OBJ_LIST, &o)) {
      if (r->_kind != PTIC_RESOURCE_FENCE) {
        ptic__resource_record(r, &o);
        r->_handle = NULL;
        r->_parent = PTIC_PTR(from);
      }
      r->_context_handle = o.context;
      r->_device_handle = o.device;
    }
  } else {
    const uint32_t kind = ptic__ze_obj_kind(f->api);
    const void* h = ptic__destroyed_handle(f);
    if (kind == PTIC_OBJ_EVENT) return PTIC_DOM_NONE;
    if (ptic__obj_get(h, kind, &o)) {
      ptic__resource_record(r, &o);
    } else { /* never seen: its kind, its handle */
      memset(&o, 0, sizeof o);
      o.kind = kind;
      o.a = PTIC_CAST(uintptr_t, h);
      r->_kind = ptic__resource_kind(&o);
      r->_handle = PTIC_PTR(h);
    }
  }
  r->_domain = PTIC_CB_DOMAIN_DRIVER_RESOURCE;
  r->_phase = PTI_CB_PHASE_API_ENTER;
  r->_correlation_id = f->corr_id;
  f->cur.ctx = r->_context_handle;
  return PTIC_DOM_RESOURCE;
}

/* OBJ_CREATE / CONTEXT_CREATE, EXIT: track lists, queues, fences, event pools, events and
   contexts with their context, device and parent. */
static void ptic__track_create_exit(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  if (r != ZE_RESULT_SUCCESS || !ptic__v_out(f) || !*ptic__v_out(f)) return;
  const uint32_t kind = ptic__ze_obj_kind(f->api);
  if (ptic__ze_fdesc(f)->op == PTIC_OP_EVENT) ptic__pool_unknown(t, ptic__v_event_pool(f));
  const void* parent = kind == PTIC_OBJ_FENCE ? ptic__v_queue(f)
                       : kind == PTIC_OBJ_EVENT ? ptic__v_event_pool(f)
                       : kind == PTIC_OBJ_CONTEXT ? ptic__v_driver(f) : NULL;
  ptic_resource_data res;
  memset(&res, 0, sizeof res);
  ptic__ze_resource_args(f, &res);
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, *ptic__v_out(f)), 0);
  if (o) {
    o->kind = kind;
    o->created_by = ptic__fns[f->api].id;
    o->aflags = res._flags;
    o->index = res._index;
    o->mode = PTIC_SCAST(uint8_t, res._mode);
    o->priority = PTIC_SCAST(uint8_t, res._priority);
    o->in_order = PTIC_SCAST(uint8_t, res._in_order);
    o->parent = PTIC_CAST(void*, PTIC_CAST(uintptr_t, parent));
    o->context = kind == PTIC_OBJ_CONTEXT ? NULL : PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_context(f)));
    if (!o->context && parent && kind != PTIC_OBJ_CONTEXT) o->context = ptic__context_of(parent);
    o->device = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_device(f)));
    if (kind == PTIC_OBJ_FENCE) { /* a fence: its queue's device */
      const ptic__obj* q = ptic__obj_find(PTIC_CAST(uintptr_t, parent), 0);
      if (q && q->kind == PTIC_OBJ_QUEUE) o->device = q->device;
    }
    const uint32_t op = ptic__ze_fdesc(f)->op;
    if (op == PTIC_OP_LIST_IMMEDIATE)
      o->flags = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
    if (op == PTIC_OP_LIST_CLONE) { /* a clone: the source list's context, device and kind */
      const ptic__obj* src = ptic__obj_find(PTIC_CAST(uintptr_t, ptic__v_cmd_list(f)), 0);
      if (src && src->kind == PTIC_OBJ_LIST) {
        o->context = src->context;
        o->device = src->device;
        o->flags = src->flags;
        o->lflags = src->lflags & ~(PTIC_LF_CAPTURING | PTIC_LF_TOLD | PTIC_LF_UNRECORDED);
        o->count = src->count;
        o->aflags = src->aflags;
        o->index = src->index;
        o->mode = src->mode;
        o->priority = src->priority;
        o->in_order = src->in_order;
      }
      o->parent = PTIC_PTR(ptic__v_cmd_list(f));
    }
    if (op == PTIC_OP_QUEUE && ptic__v_desc(f)) /* queues: their ordinal */
      o->flags = o->count = PTIC_CAST(const ze_command_queue_desc_t*, ptic__v_desc(f))->ordinal;
    if (op == PTIC_OP_LIST && ptic__v_desc(f)) { /* lists: their ordinal in count, in-order, mutable */
      const ze_command_list_desc_t* d = PTIC_CAST(const ze_command_list_desc_t*, ptic__v_desc(f));
      o->count = d->commandQueueGroupOrdinal;
      o->lflags = ((d->flags & PTIC_LIST_FLAG_IN_ORDER) ? PTIC_LF_IN_ORDER : 0u) |
                  (ptic__chain_has(d, PTIC_ST_MUTABLE_LIST) ? PTIC_LF_MUTABLE : 0u);
    }
    if (op == PTIC_OP_LIST_IMMEDIATE && ptic__v_alt_desc(f)) {
      const ze_command_queue_desc_t* d = PTIC_CAST(const ze_command_queue_desc_t*, ptic__v_alt_desc(f));
      o->count = d->ordinal;
      o->lflags = (d->flags & PTIC_QUEUE_FLAG_IN_ORDER) ? PTIC_LF_IN_ORDER : 0u;
    }
    if (op == PTIC_OP_EVENT_POOL && ptic__v_desc(f)) { /* pools: their flags, counter-based */
      const ze_event_pool_desc_t* d = PTIC_CAST(const ze_event_pool_desc_t*, ptic__v_desc(f));
      o->flags = d->flags | (ptic__chain_has(d, PTIC_ST_COUNTER_BASED_POOL) ? PTIC_EVF_COUNTER : 0u);
      o->count = d->count;
    }
    if (op == PTIC_OP_EVENT_POOL_OPEN) o->flags = PTIC_EVF_OPENED;
    if (op == PTIC_OP_EVENT) {                                /* events: their pool's */
      const ptic__obj* p = ptic__obj_find(PTIC_CAST(uintptr_t, parent), 0);
      if (p && p->kind == PTIC_OBJ_EVENT_POOL) o->flags = p->flags | PTIC_EVF_POOL_KNOWN;
    }
    if (op == PTIC_OP_EVENT_COUNTER_BASED) o->flags = ptic__counter_event_flags(ptic__v_desc(f));
    if (op == PTIC_OP_EVENT_OPEN) o->flags = PTIC_EVF_POOL_KNOWN | PTIC_EVF_COUNTER | PTIC_EVF_OPENED;
  }
  ptic__objs_unlock();
  if (kind == PTIC_OBJ_CONTEXT) f->r.context._context_handle = *ptic__v_out(f);
}

/* LIST_STATE, EXIT of a successful call: a list starts or ends recording into a graph. Its appends are then recorded,
   not executed: the library leaves them alone (no event of its own, nothing pending). */
static void ptic__list_capture(ptic__frame* f) {
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, ptic__v_cmd_list(f)), 0);
  if (o && o->kind == PTIC_OBJ_LIST) {
    if (ptic__ze_fdesc(f)->op == PTIC_OP_CAPTURE_BEGIN) o->lflags |= PTIC_LF_CAPTURING;
    else o->lflags &= ~PTIC_LF_CAPTURING;
    ptic__atomic_add_u64(&ptic__objs_epoch, 1, PTIC_RELEASE); /* cached copies are stale */
  }
  ptic__objs_unlock();
}

/* *_DESTROY, ENTER: note which record the handle has now; EXIT: forget it. */
static void ptic__track_destroy_enter(ptic__frame* f) {
  ptic__obj o;
  if (ptic__obj_get(ptic__destroyed_handle(f), ptic__ze_obj_kind(f->api), &o)) {
    f->serial = o.serial;
    if (!f->cur.ctx) f->cur.ctx = o.kind == PTIC_OBJ_CONTEXT ? NULL : o.context;
  }
}
static void ptic__track_destroy_exit(ptic__frame* f, ze_result_t r) {
  if (r != ZE_RESULT_SUCCESS || !f->serial) return;
  const uintptr_t h = PTIC_CAST(uintptr_t, ptic__destroyed_handle(f));
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(h, 0);
  if (o && o->serial == f->serial) ptic__obj_erase(o);
  if (ptic__ze_fdesc(f)->op == PTIC_OP_MODULE) ptic__obj_del_kernel_ids(h);
  ptic__objs_unlock();
}


/* ---- >>ze-events ---- */
/* Every GPU operation appended while a subscriber has COMPLETED on signals an event the library
   can read: its own (from pools it keeps per context, reused) when the application passed none
   or one whose pool lacks HOST_VISIBLE + KERNEL_TIMESTAMP -- then a barrier appended right after
   signals the application's event once the library's is signalled -- otherwise the
   application's own event, which the library reads before the application resets or destroys
   it (the application may read its kernel timestamps, so it must stay the one the operation
   signals). Immediate lists' operations wait in the core's OPS streams. Regular lists record
   their appended operations ("templates"); each zeCommandQueueExecuteCommandLists executes them
   as new operations, and the library adds a command list of its own to the submission ("harvest
   list") that copies their kernel timestamps to host memory, resets the library's events and
   signals one harvest event: one event to poll per execution (a BATCHES stream's element),
   however often a list is executed. All of it under the objects lock. */

#define PTIC_POOL_EVENTS 256u
/* What ptic__ze_shrink keeps when nothing is pending: event pools per context, execution
   records (each with its harvest list, event and buffer). */
#define PTIC_KEEP_POOLS 4u
#define PTIC_KEEP_EXECS 16u

/* An operation recorded into a regular list. */
typedef struct ptic__tmpl {
  uint64_t op_id;
  uint64_t kernel_id;
  const char* name;
  uint32_t name_ref;
  void* event;                /* what it signals: the library's event or the application's */
  uint32_t corr;
  uint8_t kind;
  uint8_t ours;
  uint8_t lost;               /* no event for lack of memory: each execution reports it LOST */
} ptic__tmpl;

typedef struct ptic__listrec {
  void* list;
  ptic__tmpl* ops;
  size_t n, cap;
  uint32_t untracked;         /* operations appended untracked: while COMPLETED was off, or to a
                                 mutable or capturing list */
  uint32_t explained;         /* of those, the ones an INTERNAL_EVENT already explained (mutable,
                                 capturing: told at the append, once per list) */
  uint32_t told;              /* the others were announced at an execution (once per list) */
  uint32_t pending;           /* executions not harvested yet */
  uint32_t dead;              /* reset or destroyed: freed once pending is 0 */
  uint64_t serial;            /* tells this record from any other, before or after it */
} ptic__listrec;

/* The lists a harvest list was recorded for: executing the same lists again (the same records,
   which a reset or a destroy replaces, with the same operations) harvests the same events into
   the same buffer, so the harvest list is executed again as it is. */
#define PTIC_EXEC_KEY 4u
typedef struct ptic__exec_key {
  uint32_t n;                 /* lists; 0: no harvest list recorded, or more lists than fit */
  ptic__listrec* recs[PTIC_EXEC_KEY];
  uint64_t serials[PTIC_EXEC_KEY];
  size_t ops[PTIC_EXEC_KEY];
} ptic__exec_key;

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
  uint32_t corr;              /* correlation id of its zeCommandQueueExecuteCommandLists */
  ptic__exec_key key;         /* what its harvest list holds */
} ptic__exec;

typedef struct ptic__device {
  void* device;
  uint64_t freq;              /* timer ticks per second */
  uint64_t ns_num, ns_den;    /* ns per tick, 1e9 / freq, as a reduced fraction */
  uint64_t ns_fast;           /* tick counts up to this convert with one division (ptic__ticks_ns) */
  uint64_t ts_mask;           /* kernel timestamp valid bits */
  uint64_t ts_high, ts_half;  /* the bits beyond them; half their period (ptic__ts_valid) */
  uint64_t host0, dev0;       /* a synchronisation point of the two clocks */
  uint64_t sync_at;           /* when it was taken (ptic__coarse_ns); 0: never */
  uint64_t window;            /* how long a point stays fresh: PTIC_RESYNC_NS, or a quarter of
                                 the valid bits' period when shorter */
  uint64_t fresh_host;        /* the point is fresh before this coarse time (0: never) */
  uint64_t fresh_until;       /* a device time after every end read while it is fresh
                                 (ptic__device_now) */
} ptic__device;

/* The library's events of a context come from two sets of pools, so that the events a regular
   list or an execution record holds for as long as it lives do not keep the pools that a
   backlog of immediate lists' operations made grow (ptic__ze_shrink gives a set's pools back
   once every event of the set is free). */
enum {
  PTIC_EV_OPS = 0, /* immediate lists' operations: back at their collection (or in a stash) */
  PTIC_EV_HELD = 1 /* regular lists' operations and harvest events: back with their list or record */
};
typedef struct ptic__evset {
  ze_event_pool_handle_t* pools;
  size_t npools, pools_cap;
  ze_event_handle_t* free_ev;  /* grows as events come back: no memory per event in use */
  size_t nfree, free_cap;
  size_t nevents;              /* created and not destroyed: all free means none is used */
  ze_event_handle_t* lost_ev;  /* of them out of circulation (the device may still signal them) */
  size_t nlost, lost_cap;
  size_t partial_at;           /* nfree at the last look for pools all free (ptic__pools_partial) */
} ptic__evset;
typedef struct ptic__ctxres {
  void* ctx;
  ptic__evset set[2];          /* PTIC_EV_OPS, PTIC_EV_HELD */
} ptic__ctxres;


/* The backend's state beside the core's gpu-ops (objects lock). */
typedef struct ptic__ze_gpu {
  ptic__exec** execs;
  size_t nexecs, execs_cap;
  size_t nexec_records;       /* execution records in execs[] (its other slots are NULL) */
  ptic__device* devices;
  size_t ndevices, devices_cap;
  ptic__device* last_device;  /* the one ptic__device_of found last (devices are never
                                 removed: valid until the array grows, which sets it) */
  ptic__ctxres* ctxs;
  size_t nctxs, ctxs_cap;
  int event_oom;              /* a ptic__event_get failed for lack of memory (reset by its caller) */
  uint64_t listrec_serial;    /* the last ptic__listrec.serial given */
} ptic__ze_gpu;
static ptic__ze_gpu ptic__zg;

/* A thread's event stash (ptic__thread.be): up to PTIC_STASH of the library's events, reset,
   kept for this thread's next tracked appends in context stash_ctx (ptic__stash_take). */
#define PTIC_STASH 16u
typedef struct ptic__ze_thread {
  ptic__atomic_ptr stash[PTIC_STASH];
  ptic__atomic_u32 nstash; /* how many of the first slots hold one (a hint: each slot is exchanged) */
  void* stash_ctx;         /* (written by this thread, under the objects lock) */
  struct ptic__ze_descs* descs; /* APPEND descriptions kept aside (ptic__ze_desc_keep), or NULL */
} ptic__ze_thread;
PTI_STATIC_ASSERT(sizeof(ptic__ze_thread) <= sizeof(((ptic__thread*)0)->be), "the thread's backend room holds it");
static PTIC_ALWAYS_INLINE ptic__ze_thread* ptic__zt(ptic__thread* t) {
  return PTIC_CAST(ptic__ze_thread*, PTIC_CAST(void*, t->be));
}

static PTIC_ALWAYS_INLINE uint64_t ptic__ticks_ns(const ptic__device* d, uint64_t ticks);
/* A device's timer of freq (> 0) ticks per second. */
static void ptic__device_freq(ptic__device* d, uint64_t freq) {
  uint64_t a = 1000000000ull, b = freq; /* (their greatest common divisor, a) */
  while (b) {
    const uint64_t r = a % b;
    a = b;
    b = r;
  }
  d->freq = freq;
  d->ns_num = 1000000000ull / a;
  d->ns_den = freq / a;
  d->ns_fast = ~PTIC_SCAST(uint64_t, 0) / d->ns_num;
}
/* Timer facts of a device, asked once. */
static PTIC_ALWAYS_INLINE ptic__device* ptic__device_of(ptic__thread* t, void* device) {
  if (PTIC_LIKELY(ptic__zg.last_device != NULL) && ptic__zg.last_device->device == device) return ptic__zg.last_device;
  for (size_t i = 0; i < ptic__zg.ndevices; i++)
    if (ptic__zg.devices[i].device == device) return ptic__zg.last_device = &ptic__zg.devices[i];
  if (!device || !ptic__grow(&ptic__zg.devices, ptic__zg.ndevices, &ptic__zg.devices_cap, sizeof(ptic__device)))
    return NULL;
  ptic__device* d = ptic__zg.last_device = &ptic__zg.devices[ptic__zg.ndevices++];
  memset(d, 0, sizeof *d);
  d->device = device;
  ze_device_properties_t p;
  memset(&p, 0, sizeof p);
  p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2; /* timerResolution: ticks per second */
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_device_handle_t dh = PTIC_CAST(ze_device_handle_t, device);
  PTIC_INTERNAL_CALL(t, r = ptic__ze.dev_props(dh, &p));
  if (r == ZE_RESULT_SUCCESS && p.timerResolution) {
    d->freq = p.timerResolution;
  } else {
    memset(&p, 0, sizeof p);
    p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES; /* older drivers: ns per tick */
    PTIC_INTERNAL_CALL(t, r = ptic__ze.dev_props(dh, &p));
    d->freq = (r == ZE_RESULT_SUCCESS && p.timerResolution) ? 1000000000ull / p.timerResolution : 1000000000ull;
  }
  unsigned bits = r == ZE_RESULT_SUCCESS ? p.kernelTimestampValidBits : 64u;
  d->ts_mask = (bits == 0 || bits >= 64) ? ~PTIC_SCAST(uint64_t, 0) : ((PTIC_SCAST(uint64_t, 1) << bits) - 1u);
  d->ts_high = ~d->ts_mask;
  d->ts_half = d->ts_mask >> 1;
  ptic__device_freq(d, d->freq ? d->freq : 1000000000ull);
  d->window = PTIC_RESYNC_NS;
  if (d->ts_high && d->ts_mask / d->freq < 1000000000ull) { /* (the period in ns fits) */
    const uint64_t quarter = ptic__ticks_ns(d, d->ts_mask) / 4u;
    if (quarter < d->window) d->window = quarter;
  }
  return d;
}

/* ns of `ticks` device ticks, rounded down: ticks * 1e9 / freq, in one division (the fraction
   reduced) while the product fits in 64 bits, in two beyond. */
static PTIC_ALWAYS_INLINE uint64_t ptic__ticks_ns(const ptic__device* d, uint64_t ticks) {
  if (PTIC_LIKELY(ticks <= d->ns_fast)) return ticks * d->ns_num / d->ns_den;
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
/* (ptic__device_now's synchronisation, when the last one is old) */
static PTIC_NOINLINE uint64_t ptic__device_resync(ptic__thread* t, ptic__device* d, uint64_t now) {
  uint64_t host = 0, dev = 0;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  PTIC_INTERNAL_CALL(t, r = ptic__ze.dev_ts(PTIC_CAST(ze_device_handle_t, d->device), &host, &dev));
  if (r == ZE_RESULT_SUCCESS) {
    d->host0 = host;
    d->dev0 = dev;
    d->sync_at = now;
    d->fresh_host = now + d->window;
    d->fresh_until = ptic__since_sync(d, d->fresh_host);
    return dev;
  }
  ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                       "zeDeviceGetGlobalTimestamps failed: the times of operations completed now "
                       "use an older clock synchronisation");
  return now && d->sync_at ? ptic__since_sync(d, now) : d->dev0;
}
/* While the point is fresh (younger than its window: PTIC_RESYNC_NS, at most a quarter of the
   valid bits' period), the bound for the whole window (fresh_until), one window later than the
   closest one at most. */
static PTIC_ALWAYS_INLINE uint64_t ptic__device_now(ptic__thread* t, ptic__device* d) {
  const uint64_t now = ptic__coarse_ns(); /* (0 when it fails: a fresh synchronisation then) */
  if (PTIC_LIKELY(now < d->fresh_host) && PTIC_LIKELY(now != 0)) return d->fresh_until;
  return ptic__device_resync(t, d, now);
}

/* Host ns of a device time, through the synchronisation point. */
static PTIC_ALWAYS_INLINE uint64_t ptic__host_ns(const ptic__device* d, uint64_t ticks) {
  return ticks >= d->dev0 ? d->host0 + ptic__ticks_ns(d, ticks - d->dev0)
                          : d->host0 - ptic__ticks_ns(d, d->dev0 - ticks);
}

/* Kernel timestamp results are filled with this before the driver writes them: a result still
   holding it was not written. */
#define PTIC_TS_UNWRITTEN 0xffu
static void ptic__ts_prefill(ze_kernel_timestamp_result_t* ts, size_t n) {
  memset(ts, PTIC_TS_UNWRITTEN, n * sizeof *ts);
}

/* Whether a kernel timestamp the driver reported for an operation that ended before device time
   `ref` is believable: written (not PTIC_TS_UNWRITTEN's all ones), no bit beyond the valid ones,
   and, with full 64-bit timestamps, start <= end <= ref; wrapping timestamps cannot tell order,
   but a duration of more than half the wrap period is not one. (With valid bits below 64, an
   unwritten timestamp has bits beyond them.) dur: (end - start) & ts_mask. */
static PTIC_ALWAYS_INLINE int ptic__ts_valid(const ptic__device* d, uint64_t ref, const uint64_t raw[2],
                                             uint64_t dur) {
  const uint64_t start = raw[0], end = raw[1];
  if (d->ts_high) return !((start | end) & d->ts_high) && dur <= d->ts_half;
  return start <= end && end <= ref && end != ~PTIC_SCAST(uint64_t, 0);
}

/* Full device ticks and host ns of a kernel timestamp of an operation that ended before device
   time `ref`: the latest values <= ref with the same low bits. Returns 0 for unbelievable
   timestamps (see ptic__ts_valid), with the status PTIC_OP_BAD_TIMES and the times left as
   collected: 0. */
static PTIC_ALWAYS_INLINE int ptic__fill_times(const ptic__device* d, uint64_t ref, const uint64_t raw[2],
                                               ptic_op_info* info) {
  const uint64_t m = d->ts_mask;
  const uint64_t dur = (raw[1] - raw[0]) & m;
  if (PTIC_UNLIKELY(!ptic__ts_valid(d, ref, raw, dur))) {
    info->status = PTIC_OP_BAD_TIMES;
    return 0;
  }
  const uint64_t end = ref - ((ref - raw[1]) & m);
  const uint64_t start = end - dur;
  info->device_start = start;
  info->device_end = end;
  info->start_ns = ptic__host_ns(d, start);
  info->end_ns = ptic__host_ns(d, end);
  return 1;
}

static PTIC_ALWAYS_INLINE ptic__ctxres* ptic__ctxres_of(void* ctx) {
  for (size_t i = 0; i < ptic__zg.nctxs; i++)
    if (ptic__zg.ctxs[i].ctx == ctx) return &ptic__zg.ctxs[i];
  if (!ctx || !ptic__grow(&ptic__zg.ctxs, ptic__zg.nctxs, &ptic__zg.ctxs_cap, sizeof(ptic__ctxres)))
    return NULL;
  ptic__ctxres* c = &ptic__zg.ctxs[ptic__zg.nctxs++];
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  return c;
}

/* An unsignalled event of the library's (host-visible, kernel timestamps) from set `which`
   (PTIC_EV_OPS, PTIC_EV_HELD), or NULL. */
static PTIC_ALWAYS_INLINE ze_event_handle_t ptic__event_get(ptic__thread* t, void* ctx, unsigned which) {
  ptic__ctxres* cr = ptic__ctxres_of(ctx);
  if (!cr) {
    ptic__zg.event_oom |= ctx != NULL;
    return NULL;
  }
  ptic__evset* c = &cr->set[which];
  if (c->nfree == 0) {
    ptic__ze_direct(t, ctx);
    ze_event_pool_desc_t pd;
    memset(&pd, 0, sizeof pd);
    pd.stype = ZE_STRUCTURE_TYPE_EVENT_POOL_DESC;
    pd.flags = ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP;
    pd.count = PTIC_POOL_EVENTS;
    ze_event_pool_handle_t pool = NULL;
    ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
    if (!ptic__reserve(&c->pools, c->npools, c->npools + 1, &c->pools_cap, sizeof pool) ||
        !ptic__reserve(&c->free_ev, c->nfree, PTIC_POOL_EVENTS, &c->free_cap, sizeof(ze_event_handle_t))) {
      ptic__zg.event_oom = 1;
      return NULL;
    }
    PTIC_INTERNAL_CALL(t, r = ptic__ze.pool_create(PTIC_CAST(ze_context_handle_t, ctx), &pd, 0, NULL, &pool));
    if (r != ZE_RESULT_SUCCESS) {
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "zeEventPoolCreate failed: an operation's completion is not tracked");
      return NULL;
    }
    c->pools[c->npools++] = pool;
    ptic__gpus.grown |= c->npools > PTIC_KEEP_POOLS;
    for (uint32_t i = 0; i < PTIC_POOL_EVENTS; i++) {
      ze_event_desc_t ed;
      memset(&ed, 0, sizeof ed);
      ed.stype = ZE_STRUCTURE_TYPE_EVENT_DESC;
      ed.index = PTIC_POOL_EVENTS - 1 - i;
      ed.signal = ZE_EVENT_SCOPE_FLAG_HOST;
      ed.wait = ZE_EVENT_SCOPE_FLAG_HOST;
      ze_event_handle_t ev = NULL;
      PTIC_INTERNAL_CALL(t, r = ptic__ze.event_create(pool, &ed, &ev));
      if (r == ZE_RESULT_SUCCESS) {
        c->free_ev[c->nfree++] = ev;
        c->nevents++;
      }
    }
    if (c->nfree == 0) {
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "zeEventCreate failed: an operation's completion is not tracked");
      return NULL;
    }
  }
  return c->free_ev[--c->nfree];
}

/* Keep an event of set `which` on its free list, or out of circulation until its context goes
   (`lost`); out of memory, it is destroyed now. */
static PTIC_ALWAYS_INLINE void ptic__event_keep(ptic__thread* t, ptic__ctxres* cr, unsigned which,
                                                ze_event_handle_t ev, int lost) {
  ptic__evset* c = &cr->set[which];
  ze_event_handle_t** list = lost ? &c->lost_ev : &c->free_ev;
  size_t* n = lost ? &c->nlost : &c->nfree;
  size_t* cap = lost ? &c->lost_cap : &c->free_cap;
  if (*n == *cap) { /* the free list grows to hold exactly every event: no doubling past that */
    size_t ncap = lost || *n >= c->nevents ? (*cap ? *cap * 2 : 16) : c->nevents;
    ze_event_handle_t* a = PTIC_CAST(ze_event_handle_t*, PTIC_MALLOC(ncap * sizeof ev));
    if (a) {
      if (*n) memcpy(a, *list, *n * sizeof ev);
      PTIC_FREE(*list);
      *list = a;
      *cap = ncap;
    }
  }
  if (*n < *cap) {
    (*list)[(*n)++] = ev;
    ptic__gpus.grown |= lost && which == PTIC_EV_OPS; /* (back when signalled: ptic__events_recover) */
    return;
  }
  ze_result_t r = ZE_RESULT_SUCCESS;
  PTIC_INTERNAL_CALL(t, r = ptic__ze.event_destroy(ev));
  if (r == ZE_RESULT_SUCCESS) c->nevents--;
}

/* Give an event of set `which` back (reset first when it may be signalled). */
static PTIC_ALWAYS_INLINE void ptic__event_put(ptic__thread* t, void* ctx, unsigned which, ze_event_handle_t ev,
                                               int reset) {
  ptic__ctxres* c = ptic__ctxres_of(ctx);
  if (!c || !ev) return;
  ze_result_t r = ZE_RESULT_SUCCESS;
  if (reset) PTIC_INTERNAL_CALL(t, r = ptic__ze.event_reset(ev));
  ptic__event_keep(t, c, which, ev, r != ZE_RESULT_SUCCESS); /* not reset: out of circulation */
}

/* The event of an immediate list's operation reported as lost: out of circulation, the device
   may still signal it; destroyed with its context. */
static void ptic__event_lost(ptic__thread* t, void* ctx, ze_event_handle_t ev) {
  ptic__ctxres* c = ptic__ctxres_of(ctx);
  if (c && ev) ptic__event_keep(t, c, PTIC_EV_OPS, ev, 1);
}

/* A thread's event stash: events of the library's that its next tracked appends take without
   the objects lock (ptic__stash_take). Only lock holders put events in: the collector gives the
   event of an operation a thread appended back to that thread's stash (it is likely to append
   again), the thread refills it from its context's free list when it is empty
   (ptic__stash_refill). Whoever else needs them (the pool shrink, the context's destruction)
   takes them back under the lock (ptic__stash_pull_all); the owner's take and the pull exchange
   each slot, so exactly one of them gets its event. A thread that ends gives its stash back
   (ptic__thread_free). */
static PTIC_ALWAYS_INLINE ze_event_handle_t ptic__stash_grab(ptic__thread* th, unsigned i) {
  return PTIC_CAST(ze_event_handle_t, __atomic_exchange_n(&ptic__zt(th)->stash[i].v, PTIC_CAST(void*, NULL), __ATOMIC_ACQUIRE));
}
static PTIC_ALWAYS_INLINE ze_event_handle_t ptic__stash_take(ptic__thread* t, const void* ctx) {
  ptic__ze_thread* const zt = ptic__zt(t);
  const uint32_t n = ptic__atomic_load_u32(&zt->nstash, PTIC_RELAXED);
  if (!n || zt->stash_ctx != ctx) return NULL;
  ptic__atomic_store_u32(&zt->nstash, n - 1u, PTIC_RELAXED);
  return ptic__stash_grab(t, n - 1u);
}
/* Give a reset event of an immediate list's operation back: to the stash of thread `to` when
   it keeps events of that context and has room (not the poller: it appends nothing), else to
   the context. Lock held. */
static PTIC_ALWAYS_INLINE void ptic__event_stash(ptic__thread* t, ptic__thread* to, void* ctx, ze_event_handle_t ev) {
  if (to && ptic__zt(to)->stash_ctx == ctx) {
    ptic__ze_thread* const zt = ptic__zt(to);
    const uint32_t n = ptic__atomic_load_u32(&zt->nstash, PTIC_RELAXED);
    if (n < PTIC_STASH && !ptic__atomic_load_ptr(&zt->stash[n], PTIC_RELAXED)) {
      ptic__atomic_store_ptr(&zt->stash[n], PTIC_CAST(void*, ev), PTIC_RELEASE);
      ptic__atomic_store_u32(&zt->nstash, n + 1u, PTIC_RELAXED);
      return;
    }
  }
  ptic__ctxres* c = ptic__ctxres_of(ctx);
  if (c) ptic__event_keep(t, c, PTIC_EV_OPS, ev, 0);
}
/* Thread th's stashed events back to their context's free list (dropped if the context is
   gone: its pools went with it). Lock held. */
static void ptic__stash_return(ptic__thread* t, ptic__thread* th) {
  ptic__ctxres* c = NULL;
  for (size_t i = 0; i < ptic__zg.nctxs && !c; i++)
    if (ptic__zg.ctxs[i].ctx == ptic__zt(th)->stash_ctx) c = &ptic__zg.ctxs[i];
  for (unsigned i = 0; i < PTIC_STASH; i++) {
    const ze_event_handle_t ev = ptic__stash_grab(th, i);
    if (ev && c) ptic__event_keep(t, c, PTIC_EV_OPS, ev, 0);
  }
  ptic__atomic_store_u32(&ptic__zt(th)->nstash, 0u, PTIC_RELAXED);
}
/* How many events thread th keeps. Lock held. */
static size_t ptic__stash_held(ptic__thread* th) {
  size_t n = 0;
  for (unsigned i = 0; i < PTIC_STASH; i++) n += ptic__atomic_load_ptr(&ptic__zt(th)->stash[i], PTIC_RELAXED) != NULL;
  return n;
}
/* This thread's stash filled from the free list of context ctx (the events it keeps of another
   context go back first); one of its events for the caller, or NULL when none is free. Lock
   held. */
static ze_event_handle_t ptic__stash_fill(ptic__thread* t, void* ctx) {
  ptic__ze_thread* const zt = ptic__zt(t);
  if (zt->stash_ctx != ctx) {
    ptic__stash_return(t, t);
    zt->stash_ctx = ctx;
  }
  ze_event_handle_t kept[PTIC_STASH];
  uint32_t n = 0;
  for (unsigned i = 0; i < PTIC_STASH; i++) { /* (the slots a stale count left behind) */
    const ze_event_handle_t ev = ptic__stash_grab(t, i);
    if (ev) kept[n++] = ev;
  }
  ptic__ctxres* const c = ptic__ctxres_of(ctx);
  ptic__evset* const v = c ? &c->set[PTIC_EV_OPS] : NULL;
  while (v && n < PTIC_STASH && v->nfree) kept[n++] = v->free_ev[--v->nfree];
  if (!n) return NULL;
  for (uint32_t i = 0; i + 1 < n; i++) ptic__atomic_store_ptr(&zt->stash[i], PTIC_CAST(void*, kept[i]), PTIC_RELEASE);
  ptic__atomic_store_u32(&zt->nstash, n - 1u, PTIC_RELAXED);
  return kept[n - 1];
}
/* A stash found empty refilled under the lock, for ptic__stash_take: whether it holds an event
   of ctx now. */
static PTIC_NOINLINE int ptic__stash_refill(ptic__thread* t, void* ctx) {
  ptic__ze_thread* const zt = ptic__zt(t);
  ptic__objs_lock();
  const ze_event_handle_t ev = ptic__stash_fill(t, ctx);
  if (ev) { /* (back on top: ptic__stash_fill emptied every slot it did not fill) */
    const uint32_t n = ptic__atomic_load_u32(&zt->nstash, PTIC_RELAXED);
    ptic__atomic_store_ptr(&zt->stash[n], PTIC_CAST(void*, ev), PTIC_RELEASE);
    ptic__atomic_store_u32(&zt->nstash, n + 1u, PTIC_RELAXED);
  }
  ptic__objs_unlock();
  return ev != NULL;
}
/* A thread's stash back to the free lists, when the thread ends. */
static void ptic__stash_give_back(ptic__thread* t) {
  ptic__objs_lock();
  ptic__stash_return(t, t);
  ptic__objs_unlock();
}
/* How many events threads keep of context ctx. Lock held. */
static size_t ptic__stash_count(const void* ctx) {
  size_t n = 0;
  pthread_mutex_lock(&ptic__threads_lock);
  for (ptic__thread* th = ptic__threads; th; th = th->next)
    if (ptic__zt(th)->stash_ctx == ctx) n += ptic__stash_held(th);
  pthread_mutex_unlock(&ptic__threads_lock);
  return n;
}
/* Every thread's stash back to the free lists, before the pools are counted or destroyed.
   Lock held. */
static void ptic__stash_pull_all(ptic__thread* t) {
  pthread_mutex_lock(&ptic__threads_lock);
  for (ptic__thread* th = ptic__threads; th; th = th->next)
    if (ptic__stash_held(th)) ptic__stash_return(t, th);
  pthread_mutex_unlock(&ptic__threads_lock);
}


/* Unbelievable timestamps (ptic__fill_times) are said once. Lock held. */
static PTIC_NOINLINE void ptic__bad_times(ptic__thread* t) {
  if (ptic__gpus.bad_times_told) return;
  ptic__gpus.bad_times_told = 1;
  ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                       "the driver reported kernel timestamps that are not believable (not written, "
                       "end before start or in the future): such operations are COMPLETED with "
                       "status PTIC_OP_BAD_TIMES and no times");
}
/* (ptic__ze_convert: record x, d and ref the device and its time now of the record before) */
static PTIC_ALWAYS_INLINE void ptic__ze_convert_one(ptic__thread* t, ptic__done* x, ptic__device** d,
                                                  uint64_t* ref) {
  if (!x->has_raw || x->backend != PTIC_ZE_INDEX) return;
  x->has_raw = 0;
  if (!*d || (*d)->device != x->g._device_handle) {
    *d = ptic__device_of(t, x->g._device_handle);
    if (PTIC_UNLIKELY(!*d)) return;
    *ref = ptic__device_now(t, *d);
  }
  if (PTIC_UNLIKELY(!ptic__fill_times(*d, *ref, x->raw, &x->info))) ptic__bad_times(t);
}
/* ptic__backend.convert: the raw timestamps of the Level Zero records among n collected ones
   to ticks and host ns, each device's against its time now (ptic__device_now: their events
   were read before, so every end lies before it). Without a device's timer facts (out of
   memory) its records keep the times they were collected with, 0. Lock held. */
static PTIC_ALWAYS_INLINE void ptic__ze_convert(ptic__thread* t, ptic__done* done, size_t n) {
  ptic__device* d = NULL;
  uint64_t ref = 0;
  if (PTIC_LIKELY(n == 1)) { /* (a synchronising call's own round, the common case: no loop to set up) */
    ptic__ze_convert_one(t, done, &d, &ref);
    return;
  }
  for (size_t i = 0; i < n; i++) ptic__ze_convert_one(t, &done[i], &d, &ref);
}

/* Read an event: 1 finished (raw: its global start and end), 0 not yet, -1 unreadable. One
   call: zeEventQueryKernelTimestamp answers ZE_RESULT_NOT_READY while the event is not
   signalled. */
static PTIC_ALWAYS_INLINE int ptic__read_event(ptic__thread* t, ze_event_handle_t ev, uint64_t raw[2]) {
  ze_kernel_timestamp_result_t ts;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ptic__ts_prefill(&ts, 1);
  PTIC_INTERNAL_CALL(t, r = ptic__ze.event_ts(ev, &ts));
  raw[0] = ts.global.kernelStart;
  raw[1] = ts.global.kernelEnd;
  return r == ZE_RESULT_SUCCESS ? 1 : r == ZE_RESULT_NOT_READY ? 0 : -1;
}
/* ptic__backend.read_op: an immediate list's operation, through its event. */
static int ptic__ze_read_op(ptic__thread* t, const ptic__op* o, uint64_t raw[2]) {
  return ptic__read_event(t, PTIC_CAST(ze_event_handle_t, o->u.event), raw);
}

/* ptic__backend.proves_earlier: an operation of an immediate list proves every earlier one of
   its list finished when the list is in order ("commands ... execute in order", the IN_ORDER
   flag) or when it is a barrier (zeCommandListAppendBarrier: later commands start once every
   earlier one completed). Lock held. */
static int ptic__ze_proves_earlier(const ptic__stream* s, const ptic__op* o) {
  const ptic__obj* l = ptic__obj_find(PTIC_CAST(uintptr_t, s->handle), 0);
  if (l && l->kind == PTIC_OBJ_LIST && (l->lflags & PTIC_LF_IN_ORDER)) return 1;
  const char* name = (o->name & PTIC_NAME_API) && (o->name & 31u) == PTIC_NAME_OWN ? ptic__name_at(o->name) : NULL;
  return name && !strcmp(name, "zeCommandListAppendBarrier");
}

/* A synchronising call on `api`'s object (params: its arguments) returned success: what it
   proves finished, where an operation's event may read otherwise (its application's event reset
   since, ptic__op_proven): zeCommandListHostSynchronize every operation of the list so far;
   zeDeviceSynchronize those of every list of the device; zeEventHostSynchronize and the event
   queries the operation signalling the event, with those before it when it proves them (when
   any operation signals an application's object: ptic__ze_sync_rule). Lock not held. */
static void ptic__ze_sync_proof(uint32_t api, void* params) {
  const int8_t* vat = ptic__vat[api - PTIC_ZE_BASE];
  const int list = vat[PTIC_VF_cmd_list] >= 0, device = vat[PTIC_VF_device] >= 0 && vat[PTIC_VF_event] < 0;
  const int at = list ? vat[PTIC_VF_cmd_list] : device ? vat[PTIC_VF_device] : vat[PTIC_VF_event];
  if (at < 0) return; /* (queues and fences: their executions are read through harvest lists) */
  const void* h = PTIC_VREAD_P(const void*, PTIC_CAST(void* const*, params)[at]);
  ptic__objs_lock();
  if (list || device) { /* zeDeviceSynchronize: every list of the device */
    for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
      ptic__stream* s = &ptic__gpus.streams[si];
      if (s->live && s->kind == PTIC_STREAM_OPS && s->tail != PTIC_NIL && (list ? s->handle == h : s->device == h))
        ptic__stream_prove(s, s->tail);
    }
  } else {
    for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
      ptic__stream* s = &ptic__gpus.streams[si];
      if (!s->live || s->kind != PTIC_STREAM_OPS || s->backend != PTIC_ZE_INDEX) continue;
      for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next) {
        const ptic__op* o = ptic__op_at(i);
        if (o->u.event != h || !(ptic__op_flags(o) & PTIC_OPF_APP_OBJECT)) continue;
        if (ptic__ze_proves_earlier(s, o)) ptic__stream_prove(s, i);
        break;
      }
    }
  }
  ptic__objs_unlock();
}

/* A finished op's event, when it is the library's: reset and kept (for thread `to`:
   ptic__event_stash), or out of circulation when it could not be reset. */
static PTIC_ALWAYS_INLINE void ptic__ze_op_back(ptic__thread* t, ptic__thread* to, const ptic__op* o,
                                                const ptic__stream* s) {
  if (!(ptic__op_flags(o) & PTIC_OPF_OURS)) return;
  ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
  ze_event_handle_t ev = PTIC_CAST(ze_event_handle_t, o->u.event);
  PTIC_INTERNAL_CALL(t, r = ptic__ze.event_reset(ev));
  if (r == ZE_RESULT_SUCCESS) ptic__event_stash(t, to, s->ctx, ev);
  else ptic__event_lost(t, s->ctx, ev); /* not reset: out of circulation */
}
/* ptic__backend.collect_op: read, and when finished its event back (ptic__ze_op_back). */
static PTIC_ALWAYS_INLINE int ptic__ze_collect_op(ptic__thread* t, ptic__thread* to, const ptic__op* o,
                                                  const ptic__stream* s, uint64_t raw[2]) {
  const int state = ptic__read_event(t, PTIC_CAST(ze_event_handle_t, o->u.event), raw);
  if (state == 1) ptic__ze_op_back(t, to, o, s);
  return state;
}
/* ptic__backend.op_done: as ptic__ze_op_back after a read that found it finished; otherwise the
   library's event goes out of circulation (not read, or its times gone). */
static void ptic__ze_op_done(ptic__thread* t, ptic__thread* to, const ptic__op* o, const ptic__stream* s,
                             int state) {
  if (state == 1) ptic__ze_op_back(t, to, o, s);
  else if (ptic__op_flags(o) & PTIC_OPF_OURS) ptic__event_lost(t, s->ctx, PTIC_CAST(ze_event_handle_t, o->u.event));
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
      r->serial = ++ptic__zg.listrec_serial;
    }
    o->ext = r;
  }
  return PTIC_CAST(ptic__listrec*, o->ext);
}

/* Whether regular list `list` lacks room in its record for n more operations, for lack of
   memory (the room is made now: an operation given the library's event must be recorded, or
   the event would stay in the list unknown). Lock held. */
static int ptic__listrec_no_room(const void* list, uint32_t n) {
  ptic__listrec* r = ptic__listrec_of(list, 1);
  if (r) return !ptic__reserve(&r->ops, r->n, r->n + n, &r->cap, sizeof(ptic__tmpl));
  const ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, list), 0);
  return o && o->kind == PTIC_OBJ_LIST; /* (a list the library knows: its record's allocation failed) */
}

/* Free a list's record now or, with executions pending, when the last one is harvested. */
static void ptic__listrec_retire(ptic__thread* t, ptic__listrec* r, void* ctx) {
  if (!r) return;
  r->dead = 1;
  if (r->pending) return;
  for (size_t i = 0; i < r->n; i++)
    if (r->ops[i].ours) ptic__event_put(t, ctx, PTIC_EV_HELD, PTIC_CAST(ze_event_handle_t, r->ops[i].event), 1);
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
  PTIC_INTERNAL_CALL(t, rr = ptic__ze.event_reset(x->hevent));
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

/* Free an execution record that is not in use: its harvest list, its buffer, its event (given
   back to its pool, or destroyed with `destroy`: the context goes). Its slot stays (NULL): the
   queues' FIFOs hold slot numbers. Lock held. */
static void ptic__exec_free(ptic__thread* t, ptic__exec* x, int destroy) {
  ze_result_t r = ZE_RESULT_SUCCESS;
  PTIC_INTERNAL_CALL(t, r = ptic__ze.list_destroy(x->hlist));
  if (destroy) PTIC_INTERNAL_CALL(t, r = ptic__ze.event_destroy(x->hevent));
  else ptic__event_put(t, x->ctx, PTIC_EV_HELD, x->hevent, 0); /* (reset when the record was released) */
  if (x->buf) PTIC_INTERNAL_CALL(t, r = ptic__ze.mem_free(PTIC_CAST(ze_context_handle_t, x->ctx), x->buf));
  PTIC_UNUSED(r);
  ptic__zg.execs[x->index] = NULL;
  ptic__zg.nexec_records--;
  PTIC_FREE(x->events);
  PTIC_FREE(x->recs);
  PTIC_FREE(x);
}

/* A free execution record for (ctx, device, ordinal) with room for n operations, one whose
   harvest list was recorded for list record `first` if there is one; NULL (*oom set when for
   lack of memory) otherwise. */
static ptic__exec* ptic__exec_get(ptic__thread* t, void* ctx, void* device, uint32_t ordinal, uint32_t n,
                                  const ptic__listrec* first, int* oom) {
  *oom = 1; /* (until the end) */
  ptic__exec* x = NULL;
  size_t hole = ptic__zg.nexecs;
  for (size_t i = 0; i < ptic__zg.nexecs && !(x && x->key.n && x->key.recs[0] == first); i++) {
    ptic__exec* e = ptic__zg.execs[i];
    if (!e) hole = hole < i ? hole : i;
    else if (!e->busy && e->ctx == ctx && e->device == device && e->ordinal == ordinal &&
             (!x || (e->key.n && e->key.recs[0] == first)))
      x = e;
  }
  ze_context_handle_t zc = PTIC_CAST(ze_context_handle_t, ctx);
  ze_result_t r = ZE_RESULT_SUCCESS;
  if (!x) {
    if (hole == ptic__zg.nexecs &&
        !ptic__grow(&ptic__zg.execs, ptic__zg.nexecs, &ptic__zg.execs_cap, sizeof(ptic__exec*)))
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
    PTIC_INTERNAL_CALL(t, r = ptic__ze.list_create(zc, PTIC_CAST(ze_device_handle_t, device), &ld, &x->hlist));
    x->hevent = r == ZE_RESULT_SUCCESS ? ptic__event_get(t, ctx, PTIC_EV_HELD) : NULL;
    if (r != ZE_RESULT_SUCCESS || !x->hevent) {
      if (x->hlist) PTIC_INTERNAL_CALL(t, r = ptic__ze.list_destroy(x->hlist));
      PTIC_FREE(x);
      *oom = 0; /* (the driver's failure) */
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "cannot create a harvest list: an execution's completions are not tracked");
      return NULL;
    }
    x->index = PTIC_SCAST(uint32_t, hole);
    ptic__zg.execs[hole] = x;
    if (hole == ptic__zg.nexecs) ptic__zg.nexecs++;
    ptic__gpus.grown |= ++ptic__zg.nexec_records > PTIC_KEEP_EXECS;
  }
  if (x->cap < n) {
    size_t cap = x->cap ? x->cap : 16;
    while (cap < n) cap *= 2;
    void* buf = NULL;
    ze_host_mem_alloc_desc_t hd;
    memset(&hd, 0, sizeof hd);
    hd.stype = ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC;
    PTIC_INTERNAL_CALL(t, r = ptic__ze.alloc_host(zc, &hd, cap * sizeof *x->buf, 64, &buf));
    ze_event_handle_t* ev = PTIC_CAST(ze_event_handle_t*, PTIC_MALLOC(cap * sizeof *ev));
    ptic__listrec** recs = PTIC_CAST(ptic__listrec**, PTIC_MALLOC(cap * sizeof *recs));
    if (r != ZE_RESULT_SUCCESS || !ev || !recs) {
      *oom = r == ZE_RESULT_SUCCESS; /* (PTIC_MALLOC failed, not the driver) */
      if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__ze.mem_free(zc, buf));
      PTIC_FREE(ev);
      PTIC_FREE(recs);
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "out of memory: an execution's completions are not tracked");
      return NULL;
    }
    if (x->buf) PTIC_INTERNAL_CALL(t, r = ptic__ze.mem_free(zc, x->buf));
    PTIC_FREE(x->events);
    PTIC_FREE(x->recs);
    x->buf = PTIC_CAST(ze_kernel_timestamp_result_t*, buf);
    x->events = ev;
    x->recs = recs;
    x->cap = cap;
    x->key.n = 0; /* (its harvest list wrote to the buffer freed) */
  }
  x->busy = 1;
  x->corr = 0;
  x->nops = 0;
  x->first_op = PTIC_NIL;
  x->next = PTIC_NIL;
  *oom = 0;
  return x;
}

/* The key of an execution of the nl lists at `lists` (ptic__exec_key). Lock held. */
static ptic__exec_key ptic__exec_key_of(void* const* lists, uint32_t nl) {
  ptic__exec_key k;
  memset(&k, 0, sizeof k);
  for (uint32_t l = 0; l < nl; l++) {
    ptic__listrec* r = ptic__listrec_of(lists[l], 0);
    if (!r || !r->n) continue;
    if (k.n == PTIC_EXEC_KEY) {
      k.n = 0;
      break;
    }
    k.recs[k.n] = r;
    k.ops[k.n] = r->n;
    k.serials[k.n++] = r->serial;
  }
  return k;
}

static int ptic__exec_key_same(const ptic__exec_key* a, const ptic__exec_key* b) {
  if (!a->n || a->n != b->n) return 0;
  for (uint32_t i = 0; i < a->n; i++)
    if (a->recs[i] != b->recs[i] || a->serials[i] != b->serials[i] || a->ops[i] != b->ops[i]) return 0;
  return 1;
}

/* Record the harvest list of an execution whose events are in x->events, the execution of the
   lists of `key`; a harvest list recorded for the same key is kept as it is. */
static int ptic__exec_record(ptic__thread* t, ptic__exec* x, const ptic__exec_key* key) {
  ze_result_t r = ZE_RESULT_SUCCESS;
  ptic__ts_prefill(x->buf, x->nops);
  if (ptic__exec_key_same(key, &x->key)) return 1;
  x->key.n = 0;
  PTIC_INTERNAL_CALL(t, r = ptic__ze.list_reset(x->hlist));
  if (r == ZE_RESULT_SUCCESS)
    PTIC_INTERNAL_CALL(t, r = ptic__ze.append_query_ts(x->hlist, x->nops, x->events, x->buf, NULL,
                                                          NULL, 0, NULL));
  /* reset the library's own events so that the next execution signals them afresh */
  uint32_t oi = x->first_op;
  for (uint32_t k = 0; k < x->nops && r == ZE_RESULT_SUCCESS; k++, oi = ptic__op_at(oi)->next)
    if (ptic__op_flags(ptic__op_at(oi)) & PTIC_OPF_OURS)
      PTIC_INTERNAL_CALL(t, r = ptic__ze.append_event_reset(x->hlist, x->events[k]));
  if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__ze.append_barrier(x->hlist, x->hevent, 0, NULL));
  if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__ze.list_close(x->hlist));
  if (r == ZE_RESULT_SUCCESS) x->key = *key;
  return r == ZE_RESULT_SUCCESS;
}


/* ptic__backend.poll_batches: the executions of a queue (or immediate list) in submission
   order, each read through its harvest event; with `lose`, every execution as finished or lost.
   Their records go to the ready list. Lock held. */
static void ptic__ze_poll_batches(ptic__thread* t, ptic__stream* s, int lose) {
  while (s->head != PTIC_NIL && (lose || ptic__gpus.budget)) {
    ptic__exec* x = ptic__zg.execs[s->head];
    ptic__gpus.budget -= ptic__gpus.budget < x->nops ? ptic__gpus.budget : x->nops;
    ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
    PTIC_INTERNAL_CALL(t, r = ptic__ze.event_query(x->hevent));
    if (r == ZE_RESULT_NOT_READY && !lose) break;
    if (!ptic__done_reserve(NULL, x->nops) && !lose) break; /* (out of memory: it stays pending) */
    if (r != ZE_RESULT_SUCCESS && r != ZE_RESULT_NOT_READY)
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "a harvest event cannot be read (zeEventQueryStatus failed): an execution's "
                           "operations are reported as lost");
    uint32_t oi = x->first_op;
    for (uint32_t k = 0; k < x->nops && oi != PTIC_NIL; k++) {
      ptic__op* o = ptic__op_at(oi);
      const uint32_t next = o->next;
      if (!(ptic__op_flags(o) & PTIC_OPF_DONE)) {
        const uint64_t raw[2] = {x->buf[k].global.kernelStart, x->buf[k].global.kernelEnd};
        ptic__collect_to(NULL, o, s, x->corr, r == ZE_RESULT_SUCCESS ? PTIC_OP_COMPLETED : PTIC_OP_LOST, raw);
      }
      ptic__op_free(oi);
      oi = next;
    }
    s->head = x->next;
    if (s->head == PTIC_NIL) s->tail = PTIC_NIL;
    ptic__exec_release(t, x);
  }
}

/* ptic__backend.forget_batches: the operations of a queue's executions that the subscriber of
   slot bit `bit` still expects, as lost onto thread t's list (ptiCallbackUnsubscribe). */
static uint32_t ptic__ze_forget_batches(ptic__thread* t, ptic__stream* s, uint64_t bit) {
  uint32_t lost = 0;
  for (uint32_t xi = s->head; xi != PTIC_NIL; xi = ptic__zg.execs[xi]->next) {
    ptic__exec* x = ptic__zg.execs[xi];
    uint32_t oi = x->first_op;
    for (uint32_t k = 0; k < x->nops && oi != PTIC_NIL; k++, oi = ptic__op_at(oi)->next) {
      ptic__op* o = ptic__op_at(oi);
      if (!(o->subs & bit) || (ptic__op_flags(o) & PTIC_OPF_DONE)) continue;
      o->subs &= ~bit;
      ptic__op copy = *o;
      copy.subs = bit;
      ptic__collect_to(t, &copy, s, x->corr, PTIC_OP_LOST, NULL);
      lost++;
    }
  }
  return lost;
}

/* The execution records of context ctx not in use, with their harvest event; with t, they are
   freed. Lock held. */
static size_t ptic__idle_execs(const void* ctx, ptic__thread* t) {
  size_t n = 0;
  for (size_t i = 0; i < ptic__zg.nexecs; i++) {
    ptic__exec* x = ptic__zg.execs[i];
    if (!x || x->busy || x->ctx != ctx || !x->hevent) continue;
    n++;
    if (t) ptic__exec_free(t, x, 0);
  }
  return n;
}

/* Set c keeps events in use (a regular list lives, or one was lost): its pools whose events are
   all free go back all the same, where Level Zero tells an event's pool (zeEventGetEventPool,
   spec 1.9; with loader 1.8 they stay until every event of the set is free). Each look asks the
   pool of every free event, so it is taken again only once a pool's worth and a quarter more
   events are free than at the last one: at most 5 questions per event given back. Lock held. */
static void ptic__pools_partial(ptic__thread* t, ptic__evset* c) {
  const ptic__pfn_event_pool pool_of = ptic__ze.zeEventGetEventPool;
  if (c->nfree < c->partial_at) c->partial_at = c->nfree; /* (taken since: count from there) */
  if (!pool_of || c->nfree < c->partial_at + PTIC_POOL_EVENTS + c->partial_at / 4u) return;
  uint32_t* of = PTIC_CAST(uint32_t*, PTIC_MALLOC(c->nfree * sizeof *of)); /* each free event's pool */
  uint32_t* nfree_in = PTIC_CAST(uint32_t*, PTIC_MALLOC(c->npools * sizeof *nfree_in));
  if (of && nfree_in) {
    memset(nfree_in, 0, c->npools * sizeof *nfree_in);
    for (size_t e = 0; e < c->nfree; e++) {
      ze_event_pool_handle_t pool = NULL;
      ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
      PTIC_INTERNAL_CALL(t, r = pool_of(c->free_ev[e], &pool));
      of[e] = UINT32_MAX;
      for (size_t p = 0; r == ZE_RESULT_SUCCESS && p < c->npools; p++) /* (a few pools: no index) */
        if (c->pools[p] == pool) {
          of[e] = PTIC_SCAST(uint32_t, p);
          nfree_in[p]++;
          break;
        }
    }
    ze_result_t r = ZE_RESULT_SUCCESS;
    size_t k = 0;
    for (size_t e = 0; e < c->nfree; e++) {
      if (of[e] != UINT32_MAX && nfree_in[of[e]] == PTIC_POOL_EVENTS) {
        PTIC_INTERNAL_CALL(t, r = ptic__ze.event_destroy(c->free_ev[e]));
        c->nevents--;
      } else {
        c->free_ev[k++] = c->free_ev[e];
      }
    }
    c->nfree = k;
    k = 0;
    for (size_t p = 0; p < c->npools; p++) {
      if (nfree_in[p] == PTIC_POOL_EVENTS) PTIC_INTERNAL_CALL(t, r = ptic__ze.pool_destroy(c->pools[p]));
      else c->pools[k++] = c->pools[p];
    }
    PTIC_UNUSED(r);
    c->npools = k;
  }
  PTIC_FREE(of);
  PTIC_FREE(nfree_in);
  c->partial_at = c->nfree;
}

/* The immediate lists' events of context cr out of circulation (their operation lost before it
   finished, or their reset failed) come back once the device signalled them and a reset
   works: an immediate list's command signals its event once. Lock held. */
static void ptic__events_recover(ptic__thread* t, ptic__ctxres* cr) {
  ptic__evset* c = &cr->set[PTIC_EV_OPS];
  size_t k = 0;
  for (size_t e = 0; e < c->nlost; e++) {
    const ze_event_handle_t ev = c->lost_ev[e];
    ze_result_t r = ZE_RESULT_ERROR_UNINITIALIZED;
    PTIC_INTERNAL_CALL(t, r = ptic__ze.event_query(ev));
    if (r == ZE_RESULT_SUCCESS) PTIC_INTERNAL_CALL(t, r = ptic__ze.event_reset(ev));
    if (r == ZE_RESULT_SUCCESS) ptic__event_keep(t, cr, PTIC_EV_OPS, ev, 0);
    else c->lost_ev[k++] = ev;
  }
  c->nlost = k;
  ptic__gpus.grown |= k != 0; /* (the others: looked at again when nothing is pending) */
}

/* ptic__backend.shrink: nothing is pending: give back what a backlog made grow. The execution
   records that are not in use (with their harvest lists), and the event pools of a context's
   set with every event free (a set that still holds events, for regular lists' operations or
   harvest lists, gives back the pools whose events are all free: ptic__pools_partial). Only
   past a steady state's needs (PTIC_KEEP_EXECS, PTIC_KEEP_POOLS: with the core's, at most about
   1 MiB kept), so that a workload that drains often does not create and destroy them each time. A
   record still in use (an execution between its call and its harvest, or one whose harvest
   event could not be reset) is not waited for. Cheap when there is nothing to give back. Lock
   held. */
static void ptic__ze_shrink(ptic__thread* t) {
  int released = 0, kept = 0;
  if (ptic__zg.nexec_records > PTIC_KEEP_EXECS) {
    /* from the end, so that the slots left are at the start (ptic__exec_get searches them),
       and the table shrinks to them */
    const size_t before = ptic__zg.nexec_records;
    for (size_t i = ptic__zg.nexecs; i-- > 0 && ptic__zg.nexec_records > PTIC_KEEP_EXECS;) {
      ptic__exec* x = ptic__zg.execs[i];
      if (x && !x->busy) ptic__exec_free(t, x, 0);
    }
    if (ptic__zg.nexec_records != before) { /* (all of them in use: nothing to give back) */
      released = 1;
      while (ptic__zg.nexecs && !ptic__zg.execs[ptic__zg.nexecs - 1]) ptic__zg.nexecs--;
      ptic__exec** a = PTIC_CAST(ptic__exec**, PTIC_MALLOC((ptic__zg.nexecs + 1) * sizeof *a));
      if (a) {
        if (ptic__zg.nexecs) memcpy(a, ptic__zg.execs, ptic__zg.nexecs * sizeof *a);
        PTIC_FREE(ptic__zg.execs);
        ptic__zg.execs = a;
        ptic__zg.execs_cap = ptic__zg.nexecs + 1;
      }
    }
  }
  for (size_t i = 0; i < ptic__zg.nctxs; i++)
    for (unsigned w = 0; w < 2; w++) {
      ptic__ctxres* cr = &ptic__zg.ctxs[i];
      ptic__evset* c = &cr->set[w];
      if (w == PTIC_EV_OPS && c->nlost) ptic__events_recover(t, cr);
      if (c->npools <= PTIC_KEEP_POOLS) continue;
      /* stashed events are free too: taken back when that frees every event of the set (none
         is out of circulation); so are the harvest events of the execution records kept for
         later: those records go when that frees every event of the set (made again on the next
         execution) */
      const size_t used = c->nevents - c->nfree;
      if (used && !c->nlost) {
        if (w == PTIC_EV_OPS && used <= ptic__stash_count(cr->ctx)) ptic__stash_pull_all(t);
        if (w == PTIC_EV_HELD && used == ptic__idle_execs(cr->ctx, NULL)) ptic__idle_execs(cr->ctx, t);
      }
      if (c->nfree != c->nevents) {
        const size_t npools = c->npools;
        ptic__pools_partial(t, c);
        released |= c->npools != npools;
        kept |= c->npools > PTIC_KEEP_POOLS;
        continue;
      }
      released = 1;
      ze_result_t r = ZE_RESULT_SUCCESS;
      for (size_t e = 0; e < c->nfree; e++) PTIC_INTERNAL_CALL(t, r = ptic__ze.event_destroy(c->free_ev[e]));
      for (size_t p = 0; p < c->npools; p++) PTIC_INTERNAL_CALL(t, r = ptic__ze.pool_destroy(c->pools[p]));
      PTIC_UNUSED(r);
      PTIC_FREE(c->free_ev);
      PTIC_FREE(c->pools);
      PTIC_FREE(c->lost_ev); /* (empty: every event is free) */
      memset(c, 0, sizeof *c);
    }
  ptic__gpus.grown |= kept;
#if defined(__GLIBC__)
  /* what the backlog freed in the driver is scattered over the heap: glibc gives back only its
     top unless asked */
  if (released) malloc_trim(0);
#else
  PTIC_UNUSED(released);
#endif
}

/* The application is about to reset or destroy event `ev` (or every event of pool `pool`): read
   the operations that signal it now; those not finished are lost. A reset appended to a list
   (`later`) runs when the device gets to it, perhaps never (a regular list never executed), and
   perhaps after the operation: its unfinished operations stay pending (should the reset come
   first, a later operation or a synchronisation proves them finished: ptic__op_proven). Lock
   held. */
static void ptic__app_event_gone(ptic__thread* t, const void* ev, const void* pool, int later) {
  if (!ptic__gpus.app_object_ops) return;
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live || s->head == PTIC_NIL || s->backend != PTIC_ZE_INDEX) continue;
    if (s->kind == PTIC_STREAM_OPS) {
      uint32_t prev = PTIC_NIL;
      for (uint32_t i = s->head; i != PTIC_NIL;) {
        ptic__op* o = ptic__op_at(i);
        const uint32_t next = o->next;
        const ptic__obj* eo = pool ? ptic__obj_find(PTIC_CAST(uintptr_t, o->u.event), 0) : NULL;
        const int match = (ptic__op_flags(o) & PTIC_OPF_APP_OBJECT) && (o->u.event == ev || (eo && eo->parent == pool));
        uint64_t raw[2];
        const int state = match ? ptic__read_event(t, PTIC_CAST(ze_event_handle_t, o->u.event), raw) : 0;
        if (match && (state == 1 || !later)) {
          if (state != 1)
            ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                                 "an event was reset or destroyed before its operation finished: "
                                 "the operation is reported as lost");
          ptic__stream_unlink(s, prev, i, next);
          ptic__finish_op(t, NULL, ptic__done_room(NULL), i, o, s, state == 1 ? 1 : -1, raw, 0);
        } else {
          prev = i;
        }
        i = next;
      }
      continue;
    }
    for (uint32_t xi = s->head; xi != PTIC_NIL; xi = ptic__zg.execs[xi]->next) {
      ptic__exec* x = ptic__zg.execs[xi];
      uint32_t oi = x->first_op;
      for (uint32_t k = 0; k < x->nops && oi != PTIC_NIL; k++, oi = ptic__op_at(oi)->next) {
        ptic__op* o = ptic__op_at(oi);
        if (!(ptic__op_flags(o) & PTIC_OPF_APP_OBJECT) || (ptic__op_flags(o) & PTIC_OPF_DONE) || x->events[k] != ev) continue;
        uint64_t raw[2];
        if (ptic__read_event(t, x->events[k], raw) == 1) { /* read before the harvest list does */
          ptic__collect_to(NULL, o, s, x->corr, PTIC_OP_COMPLETED, raw);
          o->tkf |= PTIC_SCAST(uint32_t, PTIC_OPF_DONE) << 28;
        }
      }
    }
  }
}

/* A context is being destroyed: collect its operations, free the library's objects in it,
   forget its memory. */
static void ptic__context_gone(ptic__thread* t, void* ctx) {
  ptic__stash_pull_all(t); /* (the pools' events are destroyed before the pools) */
  ptic__mem_drop_context(ctx);
  for (size_t i = 0; i < ptic__gpus.nstreams; i++)
    if (ptic__gpus.streams[i].live && ptic__gpus.streams[i].ctx == ctx) ptic__stream_close(t, ptic__gpus.streams[i].handle);
  ze_result_t r = ZE_RESULT_SUCCESS;
  for (size_t i = 0; i < ptic__zg.nexecs; i++) {
    ptic__exec* x = ptic__zg.execs[i];
    if (x && x->ctx == ctx) ptic__exec_free(t, x, 1);
  }
  for (size_t i = 0; i < ptic__zg.nctxs; i++) {
    ptic__ctxres* c = &ptic__zg.ctxs[i];
    if (c->ctx != ctx) continue;
    /* the pools' events first (the specification's order): harvest events went with their
       executions above, operations' with their lists and queues */
    for (unsigned w = 0; w < 2; w++) {
      ptic__evset* v = &c->set[w];
      for (size_t e = 0; e < v->nlost; e++) PTIC_INTERNAL_CALL(t, r = ptic__ze.event_destroy(v->lost_ev[e]));
      PTIC_FREE(v->lost_ev);
      for (size_t e = 0; e < v->nfree; e++) PTIC_INTERNAL_CALL(t, r = ptic__ze.event_destroy(v->free_ev[e]));
      for (size_t p = 0; p < v->npools; p++) PTIC_INTERNAL_CALL(t, r = ptic__ze.pool_destroy(v->pools[p]));
      PTIC_FREE(v->free_ev);
      PTIC_FREE(v->pools);
    }
    ptic__zg.ctxs[i] = ptic__zg.ctxs[--ptic__zg.nctxs];
    break;
  }
  PTIC_UNUSED(r);
}


/* Whether the warning about object h (of `kind`) is still to be raised: notes in the object's
   flags, under the objects lock, that it is (`told`, PTIC_LF_TOLD or PTIC_EVF_TOLD). The
   threads' copies of the object do not see the note: the object itself decides, once. */
static int ptic__tell_once(const void* h, uint32_t kind, uint32_t told) {
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, h), 0);
  uint32_t* flags = !o || o->kind != kind ? NULL : kind == PTIC_OBJ_LIST ? &o->lflags : &o->flags;
  const int tell = flags && !(*flags & told);
  if (tell) *flags |= told;
  ptic__objs_unlock();
  return tell;
}
/* What an EXECUTE call submits to: a queue (zeCommandQueueExecuteCommandLists) or an
   immediate list (zeCommandListImmediateAppendCommandLists*). */
static const void* ptic__exec_target(const ptic__frame* f) {
  return ptic__ze_fdesc(f)->op == PTIC_OP_QUEUE ? ptic__v_queue(f) : ptic__v_cmd_list(f);
}
/* What is known of it, with its queue group ordinal; NULL when unknown. Lock held. */
static const ptic__obj* ptic__exec_target_obj(const ptic__frame* f, uint32_t* ordinal) {
  const ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, ptic__exec_target(f)), 0);
  if (o && o->kind == PTIC_OBJ_QUEUE) *ordinal = o->flags;
  else if (o && o->kind == PTIC_OBJ_LIST && (o->flags & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE)) *ordinal = o->count;
  else o = NULL;
  return o;
}

/* A stand-in for the BATCHES stream of queue (or immediate list) `target`, for ptic__lose_now. */
static void ptic__ze_batches_standin(ptic__stream* s, void* target, void* ctx, void* device) {
  memset(s, 0, sizeof *s);
  s->handle = target;
  s->ctx = ctx;
  s->device = device;
  s->kind = PTIC_STREAM_BATCHES;
  s->index = PTIC_NIL;
  s->backend = PTIC_ZE_INDEX;
}

/* EXECUTE, ENTER, COMPLETED wanted: an execution that out of memory keeps from being tracked.
   Its operations (the first n have their execution ids in f->infos) are reported lost at once;
   with `unsignalled`, only those recorded without an event for lack of memory (ptic__tmpl.lost).
   Lock held. */
static PTIC_NOINLINE void ptic__ze_exec_lost(ptic__thread* t, ptic__frame* f, const ptic__obj* q, uint32_t n,
                                             int unsignalled) {
  ptic__stream s;
  ptic__ze_batches_standin(&s, PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__exec_target(f))), q->context, q->device);
  const uint64_t subs = ptic__atomic_load_u64(&ptic__g.completed_subs, PTIC_RELAXED);
  uint32_t k = 0;
  for (uint32_t l = 0; l < PTIC_SCAST(uint32_t, ptic__v_num_cmd_lists(f)); l++) {
    const ptic__listrec* r = ptic__listrec_of(ptic__v_cmd_lists(f)[l], 0);
    for (size_t i = 0; r && i < r->n; i++, k++) {
      const ptic__tmpl* tp = &r->ops[i];
      if (unsignalled && !tp->lost) continue;
      ptic__op o;
      o.op_id = k < n ? f->infos[k].execution_id : ptic__atomic_add_u64(&ptic__g.next_op, 1, PTIC_RELAXED);
      o.kernel_id = tp->kernel_id;
      o.subs = subs;
      o.u.origin = tp->op_id;
      o.name = tp->name_ref;
      o.corr_append = tp->corr;
      o.next = PTIC_NIL;
      o.tkf = PTIC_OP_TKF(t->tid, tp->kind, PTIC_OPF_EXEC);
      ptic__lose_now(t, &o, &s, f->corr_id);
    }
  }
}

/* EXECUTE, ENTER: the submitted lists' operations become new operations; DISPATCHED describes
   them; with COMPLETED on, a harvest list joins the submission. */
static void ptic__gpu_execute_enter(ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  ptic__ze_frame* const z = ptic__zf(f);
  pti_callback_gpu_op_data* g = &f->r.gpu;
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED;
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_correlation_id = f->corr_id;
  g->_queue_handle = PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__exec_target(f)));
  g->_operation_details = f->ops;
  z->exec = NULL;
  const uint32_t nl = PTIC_SCAST(uint32_t, ptic__v_num_cmd_lists(f));
  if (!ptic__ze.track_ok || !ptic__v_cmd_lists(f) || nl == 0) return;
  if (nl == 1) g->_cmd_list_handle = ptic__v_cmd_lists(f)[0];
  const void* target = ptic__exec_target(f); /* created before the tracer? */
  if (ptic__ze_fdesc(f)->op == PTIC_OP_QUEUE) {
    if (!ptic__obj_peek(target, PTIC_OBJ_QUEUE)) ptic__queue_unknown(t, target, ptic__v_cmd_lists(f)[0]);
  } else {
    ptic__list_info(t, target);
  }
  for (uint32_t l = 0; l < nl; l++) ptic__list_info(t, ptic__v_cmd_lists(f)[l]);
  ptic__objs_lock();
  uint32_t ordinal = 0;
  const ptic__obj* q = ptic__exec_target_obj(f, &ordinal);
  if (q) {
    g->_device_handle = q->device;
    f->cur.ctx = q->context;
  }
  uint32_t n = 0, untracked = 0, unexplained = 0, unrecorded = 0;
  for (uint32_t l = 0; l < nl; l++) {
    const ptic__obj* lo = ptic__obj_find(PTIC_CAST(uintptr_t, ptic__v_cmd_lists(f)[l]), 0);
    unrecorded += lo && lo->kind == PTIC_OBJ_LIST && (lo->lflags & PTIC_LF_UNRECORDED);
    ptic__listrec* r = ptic__listrec_of(ptic__v_cmd_lists(f)[l], 0);
    if (r) {
      n += PTIC_SCAST(uint32_t, r->n);
      untracked += r->untracked;
      if (r->untracked > r->explained && !r->told && (mask & PTIC_BITS(PTIC_DOM_COMPLETED))) {
        r->told = 1;
        unexplained++;
      }
    }
  }
  /* (the execution's operations, to be reported lost when out of memory keeps them from being
     tracked: ptic__ze_exec_lost) */
  const int want = (mask & PTIC_BITS(PTIC_DOM_COMPLETED)) && n && !untracked && q;
  if (unrecorded && (mask & PTIC_BITS(PTIC_DOM_COMPLETED)) && !untracked && q) {
    ptic__drop(t); /* (operations recorded out of memory: their records cannot be made) */
    ptic__oom_note(t);
  }
  int oom = 0;
  if (n && (f->ops_cap < n || f->infos_cap < n)) { /* both arrays hold n */
    pti_gpu_op_details* ops = PTIC_CAST(pti_gpu_op_details*, PTIC_MALLOC(n * sizeof *ops));
    ptic_op_info* infos = PTIC_CAST(ptic_op_info*, PTIC_MALLOC(n * sizeof *infos));
    if (!ops || !infos) {
      PTIC_FREE(ops);
      PTIC_FREE(infos);
      oom = 1;
      n = 0;
    } else {
      PTIC_FREE(f->ops);
      PTIC_FREE(f->infos);
      f->ops = ops;
      f->infos = infos;
      f->ops_cap = f->infos_cap = n;
    }
  }
  int completed = (mask & PTIC_BITS(PTIC_DOM_COMPLETED)) && n && !untracked && q;
  int get_oom = 0;
  ptic__exec_key key;
  memset(&key, 0, sizeof key);
  if (completed) key = ptic__exec_key_of(ptic__v_cmd_lists(f), nl);
  ptic__exec* x = completed ? ptic__exec_get(t, q->context, q->device, ordinal, n, key.n ? key.recs[0] : NULL, &get_oom)
                            : NULL;
  if (x) x->corr = f->corr_id;
  oom |= get_oom;
  const uint64_t subs = ptic__atomic_load_u64(&ptic__g.completed_subs, PTIC_RELAXED);
  uint32_t k = 0, last = PTIC_NIL, unsignalled = 0;
  for (uint32_t l = 0; l < nl && n; l++) {
    ptic__listrec* r = ptic__listrec_of(ptic__v_cmd_lists(f)[l], 0);
    for (size_t i = 0; r && i < r->n; i++, k++) {
      const ptic__tmpl* tp = &r->ops[i];
      pti_gpu_op_details* d = &f->ops[k];
      ptic_op_info* info = &f->infos[k];
      d->_operation_kind = PTIC_SCAST(pti_gpu_operation_kind, tp->kind);
      d->_operation_id = tp->op_id; /* PTI: the APPENDED record's id, in every execution */
      d->_kernel_handle = tp->kernel_id;
      d->_name = tp->name;
      memset(info, 0, sizeof *info);
      info->operation_id = tp->op_id;
      info->execution_id = ptic__atomic_add_u64(&ptic__g.next_op, 1, PTIC_RELAXED);
      info->append_correlation_id = tp->corr;
      info->submit_correlation_id = f->corr_id;
      info->status = PTIC_OP_DISPATCHED;
      info->thread_id = t->tid;
      info->cmd_list = r->list;
      info->queue = g->_queue_handle;
      unsignalled += tp->lost; /* (no event: reported lost below) */
      if (!x || tp->lost) continue;
      ptic__op* o = NULL;
      const uint32_t oi = ptic__op_take(&o);
      if (oi == PTIC_NIL) { /* give up on this execution: nothing is pending for it */
        ptic__op_free_chain(x->first_op, x->nops);
        x->busy = 0;
        x = NULL;
        oom = 1;
        continue;
      }
      o->op_id = info->execution_id;
      o->u.origin = tp->op_id;
      o->next = PTIC_NIL;
      o->kernel_id = tp->kernel_id;
      o->name = tp->name_ref;
      o->subs = subs;
      o->corr_append = tp->corr;
      const uint32_t opf = PTIC_OPF_EXEC | (tp->ours ? PTIC_OPF_OURS : PTIC_OPF_APP_OBJECT);
      o->tkf = PTIC_OP_TKF(t->tid, tp->kind, opf);
      if (opf & PTIC_OPF_APP_OBJECT) ptic__op_app_object();
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
  int none_signals = 0; /* every operation was recorded without an event: nothing to harvest */
  if (x && !x->nops) {
    x->busy = 0;
    x = NULL;
    none_signals = 1;
  }
  if (x && ptic__exec_record(t, x, &key)) {
    /* submit the application's lists and then the harvest list */
    if (ptic__reserve(&z->lists, 0, nl + 1, &z->lists_cap, sizeof(void*))) {
      memcpy(z->lists, ptic__v_cmd_lists(f), nl * sizeof(void*));
      z->lists[nl] = x->hlist;
      *PTIC_CAST(ze_command_list_handle_t**, ptic__v_cmd_lists_arg(f)) = PTIC_CAST(ze_command_list_handle_t*, z->lists);
      *PTIC_CAST(uint32_t*, ptic__v_num_cmd_lists_arg(f)) = nl + 1;
      z->exec = x;
    } else {
      oom = 1;
    }
  }
  if (x && !z->exec) {
    ptic__op_free_chain(x->first_op, x->nops);
    x->busy = 0;
    x->nops = 0;
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "cannot record a harvest list: an execution's completions are not tracked");
  }
  if (want && oom && !z->exec) ptic__ze_exec_lost(t, f, q, n, 0);
  else if (unsignalled && (z->exec || none_signals)) ptic__ze_exec_lost(t, f, q, n, 1);
  if (unexplained)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_INFO,
                         "a command list recorded while COMPLETED was off was executed: its operations' "
                         "completions are not tracked");
  ptic__objs_unlock();
}

/* EXECUTE, EXIT: a successful submission's execution becomes pending on its queue. */
static void ptic__gpu_execute_exit(ptic__frame* f, ze_result_t r) {
  ptic__ze_frame* const z = ptic__zf(f);
  ptic__exec* x = PTIC_CAST(ptic__exec*, z->exec);
  if (!x) return;
  ptic__objs_lock();
  if (r != ZE_RESULT_SUCCESS) {
    ptic__op_free_chain(x->first_op, x->nops);
    x->busy = 0;
    x->nops = 0;
  } else {
    uint32_t ordinal = 0;
    const ptic__obj* q = ptic__exec_target_obj(f, &ordinal);
    const uint32_t si = ptic__stream_get(PTIC_ZE_INDEX, ptic__exec_target(f), f->cur.ctx, q ? q->device : NULL, 0,
                                         PTIC_STREAM_BATCHES, 0);
    if (si == PTIC_NIL) { /* out of memory: its operations are lost */
      ptic__stream s;
      ptic__ze_batches_standin(&s, PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__exec_target(f))), f->cur.ctx,
                               q ? q->device : NULL);
      for (uint32_t k = 0, oi = x->first_op; k < x->nops && oi != PTIC_NIL; k++, oi = ptic__op_at(oi)->next)
        ptic__lose_now(f->owner, ptic__op_at(oi), &s, x->corr);
      ptic__op_free_chain(x->first_op, x->nops);
      x->busy = 0;
      x->nops = 0;
    } else {
      for (uint32_t k = 0; k < x->nops; k++)
        if (k == 0 || x->recs[k - 1] != x->recs[k]) x->recs[k]->pending++;
      ptic__stream* s = &ptic__gpus.streams[si];
      ptic__stream_push(s, x->index, s->tail == PTIC_NIL ? NULL : &ptic__zg.execs[s->tail]->next);
    }
  }
  z->exec = NULL;
  ptic__objs_unlock();
}

/* Other calls that concern pending operations (ENTER of resets and destroys). Lock not held. */
static void ptic__gpu_object_gone(ptic__thread* t, ptic__frame* f) {
  if (!ptic__ze.track_ok) return;
  ptic__objs_lock();
  switch (ptic__ze_fdesc(f)->op) { /* resets and destroys only */
    case PTIC_OP_EVENT: /* (zeCommandListAppendEventReset: a reset on the device, later) */
      ptic__app_event_gone(t, ptic__v_event(f), NULL, ptic__v_cmd_list(f) != NULL);
      break;
    case PTIC_OP_EVENT_POOL:
      ptic__app_event_gone(t, NULL, ptic__v_event_pool(f), 0);
      break;
    case PTIC_OP_QUEUE:
      ptic__stream_close(t, ptic__v_queue(f));
      break;
    case PTIC_OP_LIST: {
      ptic__stream_close(t, ptic__v_cmd_list(f));
      ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, ptic__v_cmd_list(f)), 0);
      if (o && o->ext) {
        ptic__listrec_retire(t, PTIC_CAST(ptic__listrec*, o->ext), o->context);
        o->ext = NULL;
      }
      if (o && o->kind == PTIC_OBJ_LIST) o->lflags &= ~PTIC_LF_UNRECORDED;
      break;
    }
    case PTIC_OP_CONTEXT:
      ptic__context_gone(t, PTIC_CAST(void*, PTIC_CAST(uintptr_t, ptic__v_context(f))));
      break;
    default:
      break;
  }
  ptic__objs_unlock();
}


/* ---- >>ze-roles ---- */
/* One ENTER and one EXIT function per role. APPEND, the call tracing tools make most, has its
   own: its first branch is the common case, a launch on the list and with the kernel its frame
   described last time (ptic__ze_describe_append resolves what depends only on the objects,
   once, into the frame's record; the call fills what varies: ids, names of memory
   operations). The other roles share one pair (ptic__ze_enter, ptic__ze_exit) with the role a
   constant in each. */

/* The context of a DRIVER_API record: the role's record's, the call's hContext, or that of the
   object the call works on (the first handle argument's, from this thread's object cache when
   it can). */
static PTIC_NOINLINE void* ptic__ze_api_context(ptic__thread* t, ptic__frame* f) {
  if (f->cur.ctx) return f->cur.ctx;
  const unsigned src = ptic__ctx_src[f->api - PTIC_ZE_BASE];
  if (src != PTIC_CTX_NONE) {
    const void* h = *PTIC_CAST(void* const*, PTIC_CAST(void* const*, f->params)[src & 15u]);
    if (h && (src & PTIC_CTX_ARG)) return f->cur.ctx = PTIC_PTR(h);
    if (h) {
      const ptic__obj* o = ptic__obj_last(t, h, src >> 8, ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE));
      if (o && o->context) return f->cur.ctx = o->context;
    }
  }
  const void* objs[7] = {ptic__v_cmd_list(f), ptic__v_queue(f), ptic__v_kernel(f), ptic__v_module(f),
                         ptic__v_event(f), ptic__v_fence(f), ptic__v_event_pool(f)};
  void* ctx = NULL;
  ptic__objs_lock();
  for (int i = 0; i < 7 && !ctx; i++)
    if (objs[i]) ctx = ptic__context_of(objs[i]);
  ptic__objs_unlock();
  return f->cur.ctx = ctx;
}

/* The name of a memory operation by the classes of memory its pointers are in; the frame keeps
   the ranges they fell in, so that the next call with pointers in the same ranges (in the same
   memory epoch) keeps the name (ptic__ze_mem_same). */
static PTIC_NOINLINE void ptic__ze_mem_name(ptic__thread* t, ptic__frame* f, uint32_t api, void* const* args) {
  ptic__ze_frame* const z = ptic__zf(f);
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__mem_epoch, PTIC_ACQUIRE);
  uint32_t slot = 0;
  for (unsigned k = 0; k < 2; k++) { /* destination, source */
    if (z->mem_at[k] < 0 || (k == 1 && z->mem_at[1] == z->mem_at[0])) { /* (a fill's source) */
      z->mem_lo[k] = 0;
      z->mem_len[k] = UINT64_MAX;
      continue;
    }
    const ptic__mem_seen e =
        ptic__ze_mem_at(t, z->ctx, PTIC_CAST(uintptr_t, *PTIC_CAST(void* const*, args[z->mem_at[k]])));
    z->mem_lo[k] = e.base;
    z->mem_len[k] = e.len;
    slot += e.cls << (2u * k);
  }
  z->mem_epoch = epoch;
  f->op1._name = ptic__ze_api(api - PTIC_ZE_BASE)->opnames[slot];
  z->name_ref = ptic__name_ref_api(api, slot);
}

/* Whether the pointers of a memory operation are in the ranges of the frame's last one. */
static PTIC_ALWAYS_INLINE int ptic__ze_mem_same(const ptic__ze_frame* z, void* const* args) {
  const uint64_t dst = PTIC_CAST(uintptr_t, *PTIC_CAST(void* const*, args[z->mem_at[0]]));
  const uint64_t src = PTIC_CAST(uintptr_t, *PTIC_CAST(void* const*, args[z->mem_at[1]]));
  return dst - z->mem_lo[0] < z->mem_len[0] && src - z->mem_lo[1] < z->mem_len[1] &&
         z->mem_epoch == ptic__atomic_load_u64(&ptic__mem_epoch, PTIC_ACQUIRE);
}

/* APPEND: the constant part of the call's record, from what is known of its list and kernel:
   the list's kind, device and context, the kernel's name and id, the operation's kind. Kept in
   the frame for the next call with the same function, list and kernel in this object epoch
   (but for a launch of several kernels, whose operations vary per call). */
static PTIC_NOINLINE void ptic__ze_describe_append(ptic__thread* t, ptic__frame* f, void* list_h, void* kernel_h,
                                                   uint64_t epoch) {
  ptic__ze_frame* const z = ptic__zf(f);
  const ptic__api_desc* const d = ptic__ze_fdesc(f);
  pti_callback_gpu_op_data* const g = &f->r.gpu;
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  g->_cmd_list_handle = list_h;
  g->_operation_details = &f->op1;
  g->_operation_count = 1;
  f->cur.ctx = NULL;
  z->list_flags = 0;
  const ptic__obj* list = ptic__list_info(t, list_h);
  if (list && !(list->flags & PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN)) {
    g->_cmd_list_properties = PTIC_SCAST(pti_backend_command_list_type, list->flags);
    g->_device_handle = list->device;
    f->cur.ctx = list->context;
    z->list_flags = list->lflags;
    if (list->flags & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) g->_queue_handle = list_h;
  } else {
    g->_cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_UNKNOWN;
  }
  ptic__frame_record(f, PTIC_DOM_APPENDED, PTI_CB_PHASE_API_ENTER);
  memset(&f->op1, 0, sizeof f->op1);
  z->key_api = PTIC_NIL;
  z->stream = PTIC_NIL;
  z->ours_ok = 0;
  z->mem_at[0] = ptic__vat[f->api - PTIC_ZE_BASE][PTIC_VF_dst];
  z->mem_at[1] = d->op == PTIC_OP_COPY ? ptic__vat[f->api - PTIC_ZE_BASE][PTIC_VF_src] : z->mem_at[0];
  z->mem_name = (d->op == PTIC_OP_COPY && z->mem_at[0] >= 0 && z->mem_at[1] >= 0) ||
                (d->op == PTIC_OP_FILL && z->mem_at[0] >= 0);
  z->mem_len[0] = 0; /* (no name kept) */
  if (d->op == PTIC_OP_KERNELS) { /* one operation per kernel */
    uint32_t nops = ptic__v_kernels(f) ? PTIC_SCAST(uint32_t, ptic__v_num_kernels(f)) : 0u;
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
    g->_operation_count = nops;
    for (uint32_t i = 0; i < nops; i++) {
      pti_gpu_op_details* op = &g->_operation_details[i];
      memset(op, 0, sizeof *op);
      op->_operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
      const ptic__obj* k = ptic__kernel_info(t, ptic__v_kernels(f)[i]);
      if (k) {
        op->_kernel_handle = k->kernel_id;
        op->_name = k->name;
      }
    }
    z->tkf = PTIC_OP_TKF(t->tid, PTI_GPU_OPERATION_KIND_KERNEL, 0u);
    z->ctx = f->cur.ctx;
    return; /* (no key: the kernels vary per call) */
  }
  int keep = list != NULL; /* (a list of unknown kind stays so until it is destroyed, which moves the epoch) */
  if (d->op == PTIC_OP_KERNEL) {
    f->op1._operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
    const ptic__obj* k = ptic__kernel_info(t, kernel_h);
    if (k) {
      f->op1._kernel_handle = k->kernel_id;
      f->op1._name = k->name;
    }
    keep &= k != NULL;
    z->name_ref = ptic__name_ref_kernel(f->op1._name);
  } else {
    f->op1._operation_kind = d->op == PTIC_OP_OTHER ? PTI_GPU_OPERATION_KIND_OTHER : PTI_GPU_OPERATION_KIND_MEMORY;
    f->op1._name = d->name; /* (memory operations: per call, ptic__ze_mem_name) */
    z->name_ref = ptic__name_ref_api(f->api, PTIC_NAME_OWN);
  }
  z->tkf = PTIC_OP_TKF(t->tid, f->op1._operation_kind, 0u);
  z->ctx = f->cur.ctx;
  if (!keep) return; /* (no key: an object is unknown) */
  const int kat = ptic__ze_kernel_at[f->api - PTIC_ZE_BASE];
  z->key_api = f->api;
  z->key_kat = PTIC_SCAST(int8_t, kat >= 0 ? kat : 0);
  z->key_list = list_h;
  z->key_kernel = kat >= 0 ? kernel_h : list_h;
  z->key_epoch = epoch;
}

/* Whether the frame's description holds for a call of `api` with arguments `args` in objects
   epoch `epoch` (key_kat is read only once key_api is the call's function). */
static PTIC_ALWAYS_INLINE int ptic__ze_key_holds(const ptic__ze_frame* z, uint32_t api, void* const* args,
                                                 uint64_t epoch) {
  return z->key_api == api && z->key_list == *PTIC_CAST(void* const*, args[0]) &&
         z->key_kernel == *PTIC_CAST(void* const*, args[z->key_kat]) && z->key_epoch == epoch;
}

/* A thread that alternates APPEND functions, lists or kernels on one frame (a launch, a copy and
   a fill in turn) would describe the frame at each call, and name each memory operation again:
   its last PTIC_ZE_DESCS descriptions are kept aside (ptic__ze_desc_keep), each with its key,
   its memory ranges and its tracking decision, and a call whose key one of them holds takes it
   back (ptic__ze_desc_take). What a frame keeps of its description is its record and first
   operation and its ptic__ze_frame up to gpu_ev (the per-call fields follow). Per thread,
   allocated at its first key change; freed with the thread (ptic__ze_thread_end). */
#define PTIC_ZE_DESCS 4u
#define PTIC_ZE_DESC_BYTES offsetof(ptic__ze_frame, gpu_ev)
PTI_STATIC_ASSERT(offsetof(ptic__ze_frame, app_key) < offsetof(ptic__ze_frame, gpu_ev) &&
                      offsetof(ptic__ze_frame, mem_epoch) < offsetof(ptic__ze_frame, gpu_ev) &&
                      offsetof(ptic__ze_frame, gpu_ev) < offsetof(ptic__ze_frame, lists),
                  "a kept description is ptic__ze_frame up to gpu_ev: the description, none of the per-call fields");
typedef struct ptic__ze_desc {
  ptic__ze_frame z; /* (up to gpu_ev) */
  pti_callback_gpu_op_data gpu;
  pti_gpu_op_details op1;
} ptic__ze_desc;
typedef struct ptic__ze_descs {
  ptic__ze_desc d[PTIC_ZE_DESCS];
  uint32_t next; /* the one a new description replaces */
} ptic__ze_descs;

/* The description kept for a call of `api` with `args` in objects epoch `epoch`, into frame f;
   0 when none is kept. */
static PTIC_NOINLINE int ptic__ze_desc_take(ptic__thread* t, ptic__frame* f, uint32_t api, void* const* args,
                                            uint64_t epoch) {
  const ptic__ze_descs* const ds = ptic__zt(t)->descs;
  for (uint32_t i = 0; ds && i < PTIC_ZE_DESCS; i++) {
    const ptic__ze_desc* const d = &ds->d[i];
    if (!ptic__ze_key_holds(&d->z, api, args, epoch)) continue;
    ptic__ze_frame* const z = ptic__zf(f);
    const uint32_t track = z->track; /* (the call's, among the description's fields) */
    memcpy(z, &d->z, PTIC_ZE_DESC_BYTES);
    z->track = track;
    f->r.gpu = d->gpu;
    f->r.gpu._operation_details = &f->op1;
    f->op1 = d->op1;
    ptic__frame_record(f, PTIC_DOM_APPENDED, PTI_CB_PHASE_API_ENTER);
    return 1;
  }
  return 0;
}

/* Keep frame f's description aside, in place of the one with the same key or of the oldest.
   Without memory, nothing is kept. */
static PTIC_NOINLINE void ptic__ze_desc_keep(ptic__thread* t, ptic__frame* f) {
  const ptic__ze_frame* const z = ptic__zf(f);
  ptic__ze_descs* ds = ptic__zt(t)->descs;
  if (z->key_api == PTIC_NIL) return; /* (not described for later calls) */
  if (!ds) {
    ds = PTIC_CAST(ptic__ze_descs*, PTIC_MALLOC(sizeof *ds));
    if (!ds) return;
    memset(ds, 0, sizeof *ds);
    for (uint32_t i = 0; i < PTIC_ZE_DESCS; i++) ds->d[i].z.key_api = PTIC_NIL;
    ptic__zt(t)->descs = ds;
  }
  ptic__ze_desc* d = NULL;
  for (uint32_t i = 0; i < PTIC_ZE_DESCS && !d; i++) {
    const ptic__ze_frame* const k = &ds->d[i].z;
    if (k->key_api == z->key_api && k->key_list == z->key_list && k->key_kernel == z->key_kernel &&
        k->key_epoch == z->key_epoch)
      d = &ds->d[i];
  }
  if (!d) {
    d = &ds->d[ds->next];
    ds->next = (ds->next + 1u) % PTIC_ZE_DESCS;
  }
  memcpy(&d->z, z, PTIC_ZE_DESC_BYTES);
  d->gpu = f->r.gpu;
  d->op1 = f->op1;
}

/* APPEND, ENTER, with completion tracking on (f->r.gpu describes the operations): choose the
   event each operation signals. Decided on this thread's copies of the list and the event
   (valid in the current object epoch, which every change of what is read here moves); the
   objects lock is taken only to take one of the library's events. */
static PTIC_NOINLINE void ptic__ze_track_enter(ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  ptic__ze_frame* const z = ptic__zf(f);
  z->gpu_ev = NULL;
  z->app_ev = NULL;
  z->track = PTIC_ZE_TRACK_NONE;
  const pti_callback_gpu_op_data* const g = &f->r.gpu;
  if (!ptic__ze.track_ok || !g->_operation_count) return;
  const int immediate = (g->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) != 0;
  if (!immediate && g->_cmd_list_properties != 0) return; /* a list of unknown kind */
  const uint32_t untracked = immediate ? PTIC_ZE_TRACK_NONE : PTIC_ZE_TRACK_LIST; /* (regular lists: DISPATCHED) */
  ze_event_handle_t* arg = PTIC_CAST(ze_event_handle_t*, ptic__v_signal_event_arg(f));
  ze_event_handle_t app = arg ? *arg : NULL;
  const void* const list_h = g->_cmd_list_handle;
  if (z->list_flags & (PTIC_LF_CAPTURING | PTIC_LF_MUTABLE)) {
    if (!(z->list_flags & PTIC_LF_TOLD) && ptic__tell_once(list_h, PTIC_OBJ_LIST, PTIC_LF_TOLD))
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           (z->list_flags & PTIC_LF_CAPTURING)
                               ? "a command list records into a graph: its operations are not tracked (no COMPLETED)"
                               : "a mutable command list: its operations are not tracked (no COMPLETED)");
    z->track = untracked;
    return;
  }
  if (!(mask & PTIC_BITS(PTIC_DOM_COMPLETED)) || !arg) { /* DISPATCHED only: recorded, no event */
    z->track = untracked;
    return;
  }
  const ptic__obj* e = app ? ptic__obj_peek(app, PTIC_OBJ_EVENT) : NULL;
  if (app && !e && ptic__ze.zeEventGetEventPool) { /* created before the tracer, or outside the tracing layer */
    ptic__event_unknown(t, app);
    e = ptic__obj_peek(app, PTIC_OBJ_EVENT);
  }
  const uint32_t ef = e ? e->flags : 0; /* (copied: the next look-up may replace the copy) */
  /* The application's event stays the operation's when the application may read its kernel
     timestamps and the library can read them too: a regular event of a KERNEL_TIMESTAMP or
     KERNEL_MAPPED_TIMESTAMP pool (or an event created before the tracer that the library cannot
     learn about: loaders before 1.9). An event of a pool created before the tracer whose flags
     the loader cannot tell (PTIC_EVF_UNASKED) is signalled after the library's own: its
     completion is then always read. A counter-based event is re-armed by every append that signals it, so the library
     cannot read it later: its own event signals the operation and the application's is
     signalled right after it (counter-based events live on in-order lists). An event opened
     from another process's IPC handle may be reset by that process: left alone. */
  int app_mode = app != NULL;
  if (app) {
    const uint32_t ts = ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP | PTIC_POOL_FLAG_MAPPED_TIMESTAMP;
    if ((ef & PTIC_EVF_OPENED) || ((ef & PTIC_EVF_COUNTER) && ((ef & ts) || !(z->list_flags & PTIC_LF_IN_ORDER)))) {
      if (!(ef & PTIC_EVF_TOLD) && ptic__tell_once(app, PTIC_OBJ_EVENT, PTIC_EVF_TOLD))
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                             (ef & PTIC_EVF_OPENED)
                                 ? "an event opened from an IPC handle: its operations are not tracked (no COMPLETED)"
                             : (ef & ts) ? "a counter-based event with timestamps: its operations are not tracked "
                                           "(no COMPLETED)"
                                         : "a counter-based event on a list that is not in order: its operations "
                                           "are not tracked (no COMPLETED)");
      z->track = untracked;
      return;
    }
    if ((ef & PTIC_EVF_POOL_KNOWN) && ((ef & PTIC_EVF_COUNTER) || !(ef & ts))) app_mode = 0;
    if ((ef & PTIC_EVF_UNASKED) && !(ef & PTIC_EVF_TOLD) && ptic__tell_once(app, PTIC_OBJ_EVENT, PTIC_EVF_TOLD))
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "an event of a pool the library cannot ask (created before the library's tracer; "
                           "this Level Zero loader lacks zeEventPoolGetFlags): the library signals it after "
                           "its own event, so its kernel timestamps, if it has any, are those of that signal");
  }
  int lost = 0; /* an operation without an event for lack of memory */
  if (!app_mode) { /* (a stashed event is one for an immediate list's operation) */
    z->gpu_ev = immediate ? ptic__stash_take(t, f->cur.ctx) : NULL;
    if (!z->gpu_ev) {
      ptic__objs_lock();
      ptic__zg.event_oom = 0;
      if (immediate) z->gpu_ev = ptic__stash_fill(t, f->cur.ctx);
      else ptic__zg.event_oom = ptic__listrec_no_room(list_h, g->_operation_count); /* (then no event) */
      if (!z->gpu_ev && !ptic__zg.event_oom)
        z->gpu_ev = ptic__event_get(t, f->cur.ctx, immediate ? PTIC_EV_OPS : PTIC_EV_HELD);
      lost = !z->gpu_ev && ptic__zg.event_oom;
      ptic__objs_unlock();
    }
    if (z->gpu_ev) *arg = z->gpu_ev;
  }
  z->app_ev = lost ? NULL : app; /* (lost: ptic__ze_track_exit reports it so, having no event) */
  z->track = (app_mode || z->gpu_ev || lost) ? PTIC_SCAST(uint32_t, PTIC_ZE_TRACK_EVENT) : untracked;
  /* (kept for the next call with the same key and signal event: ptic__ze_enter_append) */
  z->ours_ok = z->gpu_ev && immediate;
  z->app_key = app;
}

/* ptic__ze_track_chain's fallback: the barrier failed (list: the call's). */
static PTIC_NOINLINE void ptic__ze_track_chain_failed(ptic__thread* t, ptic__frame* f, ze_command_list_handle_t list) {
  /* in an in-order list, a signal command right after the operation signals at the same point */
  ze_result_t br = ZE_RESULT_ERROR_UNINITIALIZED;
  PTIC_INTERNAL_CALL(t, br = ptic__ze.append_signal(list, ptic__zf(f)->app_ev));
  ptic__internal_event(t, br == ZE_RESULT_SUCCESS ? PTI_INTERNAL_EVENT_TYPE_WARNING : PTI_INTERNAL_EVENT_TYPE_CRITICAL,
                       br == ZE_RESULT_SUCCESS
                           ? "zeCommandListAppendBarrier failed: the application's event is signalled by "
                             "zeCommandListAppendSignalEvent instead"
                           : "zeCommandListAppendBarrier and zeCommandListAppendSignalEvent failed: an "
                             "application event may not be signalled");
}
/* APPEND, EXIT, right after a call that succeeded with the library's event in place of the
   application's (both set): the application's event is signalled once the library's is, by a
   command appended now, before anything else can be appended. */
static PTIC_ALWAYS_INLINE void ptic__ze_track_chain(ptic__thread* t, ptic__frame* f) {
  ptic__ze_frame* const z = ptic__zf(f);
  ze_command_list_handle_t list = PTIC_CAST(ze_command_list_handle_t, f->r.gpu._cmd_list_handle);
  ze_result_t br = ZE_RESULT_SUCCESS;
  if (z->list_flags & PTIC_LF_IN_ORDER) { /* in order: a signal right after is enough */
    PTIC_INTERNAL_CALL(t, br = ptic__ze.append_signal(list, z->app_ev));
    if (br == ZE_RESULT_SUCCESS) return;
  }
  /* a barrier waits for every command before it: it needs no wait event, so it never waits on
     the library's event (which the library recycles once the operation completed). On a list
     that is not in order it also keeps later commands from starting before it. */
  PTIC_INTERNAL_CALL(t, br = ptic__ze.append_barrier(list, z->app_ev, 0, NULL));
  if (PTIC_UNLIKELY(br != ZE_RESULT_SUCCESS)) ptic__ze_track_chain_failed(t, f, list);
}

/* APPEND, EXIT: operation o (a copy) of the call in frame f on an immediate list cannot be kept
   pending for lack of memory: reported lost at once, on a stand-in of the list's stream. The
   library's event it signals goes out of circulation until the device signalled it
   (ptic__events_recover). Lock held. */
static PTIC_NOINLINE void ptic__ze_lose_appended(ptic__thread* t, const ptic__frame* f, const ptic__op* o) {
  if ((o->tkf >> 28) & PTIC_OPF_OURS) ptic__event_lost(t, f->cur.ctx, PTIC_CAST(ze_event_handle_t, o->u.event));
  ptic__stream s;
  memset(&s, 0, sizeof s);
  s.handle = f->r.gpu._cmd_list_handle;
  s.ctx = f->cur.ctx;
  s.device = f->r.gpu._device_handle;
  s.props = PTIC_SCAST(uint32_t, f->r.gpu._cmd_list_properties);
  s.kind = PTIC_STREAM_OPS;
  s.index = PTIC_NIL;
  s.backend = PTIC_ZE_INDEX;
  ptic__lose_now(t, o, &s, o->corr_append);
}

/* APPEND, EXIT: a regular list's operations that cannot be recorded for lack of memory. Its
   executions cannot report them: the list is marked (each execution says that records were
   dropped), and the library's event the call signals, should it have one, stays out of
   circulation (the list's executions signal it). Lock held. */
static PTIC_NOINLINE void ptic__ze_unrecorded(ptic__thread* t, ptic__frame* f) {
  const ptic__ze_frame* const z = ptic__zf(f);
  ptic__ctxres* c = z->gpu_ev ? ptic__ctxres_of(f->cur.ctx) : NULL;
  if (c) ptic__event_keep(t, c, PTIC_EV_HELD, z->gpu_ev, 1);
  ptic__obj* lo = ptic__obj_find(PTIC_CAST(uintptr_t, f->r.gpu._cmd_list_handle), 0);
  if (lo && lo->kind == PTIC_OBJ_LIST) lo->lflags |= PTIC_LF_UNRECORDED; /* (else: untracked) */
}

/* APPEND, EXIT, after every EXIT record of the call: the operations become pending (an
   immediate list's) or recorded for the list's executions (a regular list's), so that their
   COMPLETED never comes before their APPENDED EXIT. */
static PTIC_NOINLINE void ptic__ze_track_exit(ptic__thread* t, ptic__frame* f, ze_result_t r) {
  ptic__ze_frame* const z = ptic__zf(f);
  const pti_callback_gpu_op_data* g = &f->r.gpu;
  const int immediate = (g->_cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) != 0;
  void* const list = g->_cmd_list_handle;
  ptic__objs_lock();
  if (r != ZE_RESULT_SUCCESS) { /* nothing was appended */
    if (z->gpu_ev) ptic__event_put(t, f->cur.ctx, immediate ? PTIC_EV_OPS : PTIC_EV_HELD, z->gpu_ev, 0);
    ptic__objs_unlock();
    return;
  }
  void* ev = z->gpu_ev ? PTIC_CAST(void*, z->gpu_ev) : PTIC_CAST(void*, z->app_ev);
  const uint32_t flags = z->gpu_ev ? PTIC_SCAST(uint32_t, PTIC_OPF_OURS) : z->app_ev ? PTIC_SCAST(uint32_t, PTIC_OPF_APP_OBJECT) : 0u;
  const uint32_t n = g->_operation_count;
  if (immediate) {
    uint32_t si = z->stream;
    if (PTIC_UNLIKELY(!ptic__stream_is(si, list, PTIC_STREAM_OPS)))
      si = z->stream = ptic__stream_get(PTIC_ZE_INDEX, list, f->cur.ctx, g->_device_handle, g->_cmd_list_properties,
                                        PTIC_STREAM_OPS, 0);
    const uint64_t subs = ptic__atomic_load_u64(&ptic__g.completed_subs, PTIC_RELAXED);
    for (uint32_t i = 0; i < n; i++) {
      ptic__op lost; /* (an operation that cannot be kept pending: reported lost at once) */
      ptic__op* o = &lost;
      const uint32_t oi = si != PTIC_NIL && ev ? ptic__op_take(&o) : PTIC_NIL;
      const pti_gpu_op_details* d = &g->_operation_details[i];
      /* every field is written (no memset: this runs per operation) */
      o->op_id = d->_operation_id;
      o->kernel_id = d->_kernel_handle;
      o->subs = subs;
      o->u.event = ev;
      o->name = n == 1 ? z->name_ref : ptic__name_ref_kernel(d->_name);
      o->corr_append = f->corr_id;
      o->next = PTIC_NIL;
      /* operations of one multi-kernel launch share the event: the last one owns it */
      const uint32_t opf = i + 1 == n ? flags : (flags & PTIC_OPF_APP_OBJECT);
      o->tkf = z->tkf | opf << 28;
      if (PTIC_UNLIKELY(oi == PTIC_NIL)) {
        ptic__ze_lose_appended(t, f, o);
        continue;
      }
      if (opf & PTIC_OPF_APP_OBJECT) ptic__op_app_object();
      ptic__stream_push_op(si, oi);
    }
  } else {
    ptic__listrec* rec = ptic__listrec_of(list, 1);
    if (PTIC_UNLIKELY(!rec || !ptic__reserve(&rec->ops, rec->n, rec->n + n, &rec->cap, sizeof(ptic__tmpl)))) {
      ptic__ze_unrecorded(t, f);
      ptic__objs_unlock();
      return;
    }
    const int lost = !ev && z->track == PTIC_ZE_TRACK_EVENT; /* no event for lack of memory */
    for (uint32_t i = 0; i < n; i++) {
      ptic__tmpl* x = &rec->ops[rec->n++];
      const pti_gpu_op_details* d = &g->_operation_details[i];
      x->op_id = d->_operation_id;
      x->kernel_id = d->_kernel_handle;
      x->name = d->_name;
      x->name_ref = n == 1 ? z->name_ref : ptic__name_ref_kernel(d->_name);
      x->event = ev;
      x->corr = f->corr_id;
      x->kind = PTIC_SCAST(uint8_t, d->_operation_kind);
      x->ours = PTIC_SCAST(uint8_t, (flags & PTIC_OPF_OURS) && i + 1 == n);
      x->lost = PTIC_SCAST(uint8_t, lost);
      if (!ev && !lost) {
        rec->untracked++;
        if (z->list_flags & (PTIC_LF_CAPTURING | PTIC_LF_MUTABLE)) rec->explained++;
      }
    }
  }
  ptic__objs_unlock();
}

/* The instance pointer of a synchronising call that only COMPLETED wants: it has no frame (its
   EXIT, ptic__ze_sync_only_exit, only delivers what the call proves finished). */
static char ptic__ze_sync_only;
static void ptic__ze_sync_proof(uint32_t api, void* params);
static void ptic__ze_sync_exit(ptic__thread* t, uint32_t api_id);
/* A synchronising call (api) returned success, after its EXIT records and its frame given back:
   what it proves finished is delivered before it returns. The common case in line: no operation
   signals an application's object (nothing to prove), nothing pending or undelivered. */
static PTIC_ALWAYS_INLINE void ptic__ze_sync_rule(ptic__thread* t, uint32_t api, void* params) {
  if (ptic__mask_load() & PTIC_BIT_APP_OBJECTS) ptic__ze_sync_proof(api, params);
  if (!ptic__sync_idle()) ptic__ze_sync_exit(t, ptic__fns[api].id);
}
/* Whether calls of `role` synchronise with the device (their success proves operations
   finished: ptic__ze_sync_rule). */
static PTIC_ALWAYS_INLINE int ptic__ze_syncs(ptic__role role) {
  return role == PTIC_ROLE_HOST_SYNC || role == PTIC_ROLE_SYNC_POINT;
}
/* Whether a call of `role` is such a call now (a constant 0 for the other roles). Its ENTER and
   EXIT come straight from the trampolines (PTIC_TRAMPOLINES): the roles' functions set up
   frames of their own first. */
static PTIC_ALWAYS_INLINE int ptic__ze_sync_only_is(ptic__role role, ptic__mask mask) {
  return ptic__ze_syncs(role) &&
         !(mask & (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_DRIVER_API)));
}
static PTIC_ALWAYS_INLINE void ptic__ze_sync_only_enter(void** inst) {
  const ptic__thread* const t = ptic__tls;
  *inst = !t || !t->internal ? PTIC_CAST(void*, &ptic__ze_sync_only) : NULL;
}
static PTIC_NOINLINE void ptic__ze_sync_only_exit(ze_result_t r, uint32_t api, void* params) {
  ptic__thread* const t = ptic__thread_get();
  if (r != ZE_RESULT_SUCCESS || !t) return;
  ptic__ze_sync_rule(t, api, params);
}

/* Whether a call of `role` has nothing to do now but DRIVER_API: none of the domains and none of
   the tracking its role serves is on (the object roles always track). */
static PTIC_ALWAYS_INLINE int ptic__ze_role_idle(ptic__role role, ptic__mask mask) {
  switch (role) {
    case PTIC_ROLE_NONE: return 1;
    case PTIC_ROLE_APPEND:
    case PTIC_ROLE_EXECUTE:
      return !(mask & (PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED)));
    case PTIC_ROLE_EVENT_REUSE: return !(mask & PTIC_BIT_APP_OBJECTS);
    case PTIC_ROLE_HOST_SYNC:
    case PTIC_ROLE_SYNC_POINT:
      return !(mask & (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_COMPLETED)));
    default: return 0;
  }
}

/* ENTER of a call that has nothing to do but DRIVER_API, when its record's context is its
   hContext or that of its first handle as this thread last saw it (no lock): the frame, the
   ENTER record when wanted. Returns 0, having done nothing, otherwise. */
static PTIC_ALWAYS_INLINE int ptic__ze_api_only_enter(ptic__role role, uint32_t api, void* params, void** inst) {
  const uint32_t want = ptic__atomic_load_u32(&ptic__g.api_want[api], PTIC_RELAXED);
  ptic__thread* const t = ptic__tls;
  if (!want) { /* nobody wants this function */
    *inst = NULL;
    return 1;
  }
  if (PTIC_UNLIKELY(!t || !ptic__depth_ok(t))) return 0;
  const unsigned src = ptic__ctx_src[api - PTIC_ZE_BASE];
  if (src == PTIC_CTX_NONE) return 0;
  void* const h = *PTIC_CAST(void* const*, PTIC_CAST(void* const*, params)[src & 15u]);
  void* ctx = h; /* (PTIC_CTX_ARG: the handle is the context) */
  if (!(src & PTIC_CTX_ARG)) {
    const ptic__obj* const o = t->last[(src >> 8) & 15u];
    ctx = h && o && ptic__oc_valid(o, h, ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE)) ? o->context : NULL;
  }
  if (!ctx) return 0;
  if (PTIC_UNLIKELY(t->corr_next == t->corr_end)) return 0; /* (ids left: every call here is a tail call) */
  ptic__frame* const f = ptic__call_enter(t, api, params, inst);
  if (role == PTIC_ROLE_APPEND) ptic__zf(f)->track = PTIC_ZE_TRACK_NONE; /* (what the role's EXIT reads) */
  if (role == PTIC_ROLE_EXECUTE) ptic__zf(f)->exec = NULL;
  f->cur.dom = PTIC_DOM_NONE;
  f->cur.ctx = ctx;
  if (want & 1u) ptic__deliver_api_enter(f, ctx);
  return 1;
}

static PTIC_NOINLINE void ptic__ze_enter_append_checked(void* params, uint32_t api, ptic__mask mask, void** inst);
/* APPEND, ENTER: the record of the operations the call appends (the frame's, described once per
   list and kernel), the event that makes their completion observable, the ENTER records. The
   common case first: APPENDED alone, on the list and kernel the frame describes, ids left on
   this thread: stores, then the delivery as a tail call (nothing to keep across a call); with
   completion tracking, ptic__ze_enter_append_tracked. Every other case goes on in
   ptic__ze_enter_append_other (a call that has nothing to do but DRIVER_API, then the general
   case). */
/* The frame of a call on APPEND's fast path (its key holds: the record describes it), the
   event of its operation (ev: the library's that replaces the application's app, or NULL), the
   ENTER records as a tail call. */
static PTIC_ALWAYS_INLINE void ptic__ze_append_push(ptic__thread* t, ptic__frame* f, uint32_t api, void* params,
                                                   void** inst, ze_event_handle_t ev, ze_event_handle_t app,
                                                   ptic__mask mask) {
  ptic__ze_frame* const z = ptic__zf(f);
  ptic__append_frame_push(t, f, api, params, z->ctx);
  *inst = f;
  z->track = ev ? PTIC_ZE_TRACK_EVENT : PTIC_ZE_TRACK_NONE;
  if (ev) { /* (read only while tracked) */
    z->gpu_ev = ev;
    z->app_ev = app;
  }
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 1u)) ptic__deliver_role_enter(f, PTIC_DOM_APPENDED * 2u);
}

static PTIC_NOINLINE void ptic__ze_enter_append_refill(ptic__thread* t, ptic__frame* f, uint32_t api, void* params,
                                                       void** inst, ptic__mask mask);
/* ptic__ze_enter_append's fast path with completion tracking (the key holds; t and f: the
   thread and its next frame): an event of the library's from this thread's stash, as decided
   last time for this key and signal event. Tail calls only (the stash refilled by
   ptic__ze_enter_append_refill, which comes back here). */
static PTIC_NOINLINE void ptic__ze_enter_append_tracked(ptic__thread* t, ptic__frame* f, uint32_t api, void* params,
                                                       void** inst, ptic__mask mask) {
  ptic__ze_frame* const z = ptic__zf(f);
  const int sat = ptic__ze_signal_at[api - PTIC_ZE_BASE];
  ze_event_handle_t* const arg = sat >= 0 ? PTIC_CAST(ze_event_handle_t*, PTIC_CAST(void* const*, params)[sat]) : NULL;
  if (!arg || !z->ours_ok || *arg != z->app_key || !(mask & PTIC_BITS(PTIC_DOM_COMPLETED))) {
    ptic__ze_enter_append_checked(params, api, mask, inst);
    return;
  }
  const ze_event_handle_t ev = ptic__stash_take(t, z->ctx);
  if (PTIC_UNLIKELY(!ev)) {
    ptic__ze_enter_append_refill(t, f, api, params, inst, mask);
    return;
  }
  const ze_event_handle_t app = *arg;
  *arg = ev;
  ptic__ze_append_push(t, f, api, params, inst, ev, app, mask);
}
/* ptic__ze_enter_append_tracked with this thread's stash empty: refilled, then again. */
static PTIC_NOINLINE void ptic__ze_enter_append_refill(ptic__thread* t, ptic__frame* f, uint32_t api, void* params,
                                                       void** inst, ptic__mask mask) {
  if (ptic__stash_refill(t, ptic__zf(f)->ctx)) ptic__ze_enter_append_tracked(t, f, api, params, inst, mask);
  else ptic__ze_enter_append_checked(params, api, mask, inst);
}

/* ptic__ze_enter_append but for its common case: a call that has nothing to do but DRIVER_API
   tries its own case (ptic__ze_api_only_enter), the others the general one (out of line, with
   the same arguments: the common case then keeps nothing in registers of its own and moves
   none). */
static PTIC_NOINLINE void ptic__ze_enter_append_other(void* params, uint32_t api, ptic__mask mask, void** inst) {
  if (!ptic__ze_role_idle(PTIC_ROLE_APPEND, mask) || !ptic__ze_api_only_enter(PTIC_ROLE_APPEND, api, params, inst))
    ptic__ze_enter_append_checked(params, api, mask, inst);
}
static PTIC_NOINLINE void ptic__ze_enter_append(void* params, uint32_t api, ptic__mask mask, void** inst) {
  ptic__thread* const t = ptic__tls;
  /* (without DRIVER_API, one of the role's other domains is on: the trampoline checked) */
  if (PTIC_LIKELY(!(mask & PTIC_BITS(PTIC_DOM_DRIVER_API)) && t && ptic__depth_ok(t))) {
    ptic__frame* f = &t->frame[t->depth];
    PTIC_KEEP(f);
    ptic__ze_frame* const z = ptic__zf(f);
    void* const* const args = PTIC_CAST(void* const*, params); /* (every APPEND's list is argument 0) */
    /* (the key's epoch also stands for the ids': a subscribe moves both, and the call that
       described the frame took ids of the epoch it saw) */
    if (PTIC_LIKELY(ptic__ze_key_holds(z, api, args, ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE)) &&
                    t->corr_next != t->corr_end && /* (then an operation id too: ptic__next_op_id) */
                    /* (the memory check laid out in line: other calls jump over it) */
                    (PTIC_UNLIKELY(!z->mem_name) || ptic__ze_mem_same(z, args)))) {
      if (mask & (PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED)))
        ptic__ze_enter_append_tracked(t, f, api, params, inst, mask);
      else
        ptic__ze_append_push(t, f, api, params, inst, NULL, NULL, mask);
      return;
    }
  }
  ptic__ze_enter_append_other(params, api, mask, inst);
}
/* The general case of ptic__ze_enter_append: every step checked (out of line: the common case
   then keeps nothing in registers of its own). */
static PTIC_NOINLINE void ptic__ze_enter_append_checked(void* params, uint32_t api, ptic__mask mask, void** inst) {
  ptic__thread* const gt = ptic__call_thread();
  if (PTIC_UNLIKELY(!gt)) {
    *inst = NULL;
    return;
  }
  ptic__frame* const f = ptic__call_enter(gt, api, params, inst);
  ptic__ze_frame* const z = ptic__zf(f);
  z->track = PTIC_ZE_TRACK_NONE;
  if (!(mask & (PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED)))) {
    /* DRIVER_API alone: the list's context for its record */
    f->cur.dom = PTIC_DOM_NONE;
    const ptic__obj* list = ptic__obj_peek(ptic__v_cmd_list(f), PTIC_OBJ_LIST);
    f->cur.ctx = list ? list->context : NULL;
    if (ptic__api_wanted(api, 1u)) ptic__deliver_api(f, PTI_CB_PHASE_API_ENTER, 0, f->cur.ctx);
    return;
  }
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE);
  /* (a description made or changed here is kept aside for the calls that come back to it) */
  int keep = 0;
  if (!ptic__ze_key_holds(z, api, PTIC_CAST(void* const*, params), epoch) &&
      !ptic__ze_desc_take(gt, f, api, PTIC_CAST(void* const*, params), epoch)) {
    ptic__ze_describe_append(gt, f, PTIC_PTR(ptic__v_cmd_list(f)), PTIC_PTR(ptic__v_kernel(f)), epoch);
    keep = 1;
  }
  pti_callback_gpu_op_data* const g = &f->r.gpu;
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_return_code = 0;
  g->_correlation_id = f->corr_id;
  f->cur.dom = PTIC_DOM_APPENDED;
  f->cur.ctx = z->ctx;
  f->cur.phase = PTI_CB_PHASE_API_ENTER;
  for (uint32_t i = 0; i < g->_operation_count; i++) g->_operation_details[i]._operation_id = ptic__next_op_id(gt);
  if (z->mem_name && !ptic__ze_mem_same(z, PTIC_CAST(void* const*, params))) {
    ptic__ze_mem_name(gt, f, api, PTIC_CAST(void* const*, params));
    keep = 1;
  }
  if (mask & (PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED))) {
    const uint32_t ours_ok = z->ours_ok;
    const void* const app_key = z->app_key;
    ptic__ze_track_enter(gt, f, mask);
    keep |= z->ours_ok != ours_ok || z->app_key != app_key;
  }
  if (keep) ptic__ze_desc_keep(gt, f);
  if (ptic__api_rec_wanted(mask, api, 1u))
    ptic__deliver_api(f, PTI_CB_PHASE_API_ENTER, 0, f->cur.ctx);
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 1u)) ptic__deliver_role_enter(f, PTIC_DOM_APPENDED * 2u);
}

static PTIC_NOINLINE void ptic__ze_exit_append_checked(ptic__frame* f, ze_result_t r);
/* APPEND, EXIT, tracked: one operation of an immediate list signalling the library's event
   becomes pending on the list's stream (the frame's hint). */
static PTIC_ALWAYS_INLINE void ptic__ze_pending_one(ptic__thread* t, ptic__frame* f) {
  ptic__ze_frame* const z = ptic__zf(f);
  void* const list = f->r.gpu._cmd_list_handle;
  ptic__objs_lock();
  uint32_t si = z->stream;
  if (PTIC_UNLIKELY(!ptic__stream_is(si, list, PTIC_STREAM_OPS)))
    si = z->stream = ptic__stream_get(PTIC_ZE_INDEX, list, f->cur.ctx, f->r.gpu._device_handle,
                                      f->r.gpu._cmd_list_properties, PTIC_STREAM_OPS, 0);
  ptic__op* o = NULL;
  const uint32_t oi = si != PTIC_NIL ? ptic__op_take(&o) : PTIC_NIL;
  if (PTIC_UNLIKELY(oi == PTIC_NIL)) {
    ptic__objs_unlock();
    ptic__ze_track_exit(t, f, ZE_RESULT_SUCCESS); /* (its way: it says what cannot be tracked) */
    return;
  }
  /* every field is written (no memset: this runs per operation) */
  o->op_id = f->op1._operation_id;
  o->kernel_id = f->op1._kernel_handle;
  o->subs = ptic__atomic_load_u64(&ptic__g.completed_subs, PTIC_RELAXED);
  o->u.event = z->gpu_ev;
  o->name = z->name_ref;
  o->corr_append = f->corr_id;
  o->next = PTIC_NIL;
  o->tkf = z->tkf | PTIC_SCAST(uint32_t, PTIC_OPF_OURS) << 28;
  ptic__stream_push_op(si, oi);
  ptic__objs_unlock();
}

static PTIC_NOINLINE void ptic__ze_exit_append_checked(ptic__frame* f, ze_result_t r);
/* ptic__ze_exit_append's second common case: one operation signalling the library's event on an
   immediate list (out of line: the first case then makes tail calls only, and saves no
   register). */
static PTIC_NOINLINE void ptic__ze_exit_append_tracked(ptic__frame* f, ze_result_t r, ptic__mask mask) {
  ptic__ze_frame* const z = ptic__zf(f);
  if (!(z->track == PTIC_ZE_TRACK_EVENT && z->gpu_ev && r == ZE_RESULT_SUCCESS && f->r.gpu._operation_count == 1 &&
        (f->r.gpu._cmd_list_properties & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE))) {
    ptic__ze_exit_append_checked(f, r);
    return;
  }
  ptic__thread* const t = f->owner;
  if (z->app_ev) ptic__ze_track_chain(t, f); /* (r: success, gpu_ev: set) */
  f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
  f->r.gpu._return_code = PTIC_SCAST(uint32_t, r);
  f->cur.phase = PTI_CB_PHASE_API_EXIT;
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, 0);
  /* pending after the call's EXIT records: COMPLETED never precedes them */
  ptic__ze_pending_one(t, f);
  ptic__call_exit(t, f->cur.api_id);
}
/* ptic__ze_exit_append but for its common cases: DRIVER_API alone (its delivery ends the call),
   then the general case. */
static PTIC_NOINLINE void ptic__ze_exit_append_other(ptic__frame* f, ze_result_t r, ptic__mask mask) {
  if (f->cur.dom == PTIC_DOM_NONE && ptic__zf(f)->track == PTIC_ZE_TRACK_NONE) { /* DRIVER_API alone */
    if (ptic__api_rec_wanted(mask, f->api, 2u))
      ptic__deliver_api_exit(f, PTIC_SCAST(uint32_t, r), f->cur.ctx, 1);
    else
      ptic__call_exit(f->owner, ptic__fns[f->api].id);
    return;
  }
  ptic__ze_exit_append_checked(f, r);
}
/* APPEND, EXIT: the EXIT records, then the operations pending. The common cases first:
   APPENDED alone (the delivery ends the call: a tail call), or one operation signalling the
   library's event on an immediate list (ptic__ze_exit_append_tracked); the others in
   ptic__ze_exit_append_other. */
static PTIC_NOINLINE void ptic__ze_exit_append(ptic__frame* f, ze_result_t r, uint32_t api) {
  PTIC_UNUSED(api); /* (the frame's) */
  const ptic__mask mask = ptic__mask_load();
  if (PTIC_LIKELY(f->cur.dom == PTIC_DOM_APPENDED && !(mask & PTIC_BIT(PTIC_DOM_DRIVER_API, 2u)))) {
    if (PTIC_LIKELY(ptic__zf(f)->track == PTIC_ZE_TRACK_NONE)) {
      f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
      f->r.gpu._return_code = PTIC_SCAST(uint32_t, r);
      f->cur.phase = PTI_CB_PHASE_API_EXIT;
      if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, f->cur.api_id);
      else ptic__call_exit(f->owner, f->cur.api_id);
      return;
    }
    ptic__ze_exit_append_tracked(f, r, mask);
    return;
  }
  ptic__ze_exit_append_other(f, r, mask);
}
/* The general case of ptic__ze_exit_append. */
static PTIC_NOINLINE void ptic__ze_exit_append_checked(ptic__frame* f, ze_result_t r) {
  ptic__ze_frame* const z = ptic__zf(f);
  const ptic__mask mask = ptic__mask_load();
  if (f->cur.dom == PTIC_DOM_APPENDED) {
    f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
    f->r.gpu._return_code = PTIC_SCAST(uint32_t, r);
    f->cur.phase = PTI_CB_PHASE_API_EXIT;
    if (z->track == PTIC_ZE_TRACK_EVENT && r == ZE_RESULT_SUCCESS && z->gpu_ev && z->app_ev)
      ptic__ze_track_chain(f->owner, f);
    if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, 0);
  }
  if (ptic__api_rec_wanted(mask, f->api, 2u))
    ptic__deliver_api(f, PTI_CB_PHASE_API_EXIT, PTIC_SCAST(uint32_t, r), f->cur.ctx);
  /* operations become pending after the call's EXIT records: COMPLETED never precedes them */
  if (z->track != PTIC_ZE_TRACK_NONE) ptic__ze_track_exit(f->owner, f, r);
  ptic__call_exit(f->owner, ptic__fns[f->api].id);
}

/* The ENTER work of the other roles: fills the role's record, returns its domain (NONE: no
   record to deliver). */
static PTIC_ALWAYS_INLINE unsigned ptic__ze_role_enter(ptic__role role, ptic__thread* t, ptic__frame* f,
                                                       ptic__mask mask) {
  switch (role) {
    case PTIC_ROLE_EXECUTE:
      ptic__zf(f)->exec = NULL;
      f->r.gpu._operation_count = 0;
      if (!(mask & (PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED)))) return PTIC_DOM_NONE;
      ptic__gpu_execute_enter(t, f, mask);
      return (mask & PTIC_BITS(PTIC_DOM_DISPATCHED)) && f->r.gpu._operation_count ? PTIC_DOM_DISPATCHED : PTIC_DOM_NONE;
    case PTIC_ROLE_EVENT_REUSE:
      ptic__gpu_object_gone(t, f);
      return PTIC_DOM_NONE;
    case PTIC_ROLE_LIST_STATE:
      if (ptic__ze_fdesc(f)->op == PTIC_OP_LIST) ptic__gpu_object_gone(t, f);
      return PTIC_DOM_NONE;
    case PTIC_ROLE_KERNEL_CREATE: ptic__kernel_enter(t, f, 1); return PTIC_DOM_KERNEL_CREATED;
    case PTIC_ROLE_KERNEL_DESTROY: ptic__kernel_enter(t, f, 0); return PTIC_DOM_KERNEL_DESTROYED;
    case PTIC_ROLE_MODULE_CREATE: ptic__module_enter(f, 1); return PTIC_DOM_MODULE_LOADED;
    case PTIC_ROLE_MODULE_DESTROY: ptic__module_enter(f, 0); return PTIC_DOM_MODULE_UNLOADED;
    case PTIC_ROLE_CONTEXT_CREATE: ptic__context_enter(f, 1); return PTIC_DOM_CONTEXT_CREATED;
    case PTIC_ROLE_CONTEXT_DESTROY:
      ptic__context_enter(f, 0);
      ptic__gpu_object_gone(t, f);
      return PTIC_DOM_CONTEXT_DESTROYED;
    case PTIC_ROLE_HOST_SYNC:
      if (!(mask & PTIC_BITS(PTIC_DOM_HOST_SYNC))) return PTIC_DOM_NONE;
      ptic__sync_enter(f);
      return PTIC_DOM_HOST_SYNC;
    case PTIC_ROLE_OBJ_CREATE: return ptic__resource_enter(f, mask, 1);
    case PTIC_ROLE_OBJ_DESTROY: {
      ptic__track_destroy_enter(f);
      const unsigned dom = ptic__resource_enter(f, mask, 0);
      ptic__gpu_object_gone(t, f);
      return dom;
    }
    case PTIC_ROLE_MEM_ALLOC: ptic__mem_alloc_enter(f); return PTIC_DOM_MEMORY;
    case PTIC_ROLE_MEM_FREE: ptic__mem_free_enter(t, f, mask); return PTIC_DOM_MEMORY;
    case PTIC_ROLE_RUNTIME_INIT: return ptic__init_enter(f, mask);
    default: return PTIC_DOM_NONE;
  }
}

/* The EXIT work of the other roles: the tracking of objects, the record's phase and result. */
static PTIC_ALWAYS_INLINE void ptic__ze_role_exit(ptic__role role, ptic__thread* t, ptic__frame* f, ze_result_t r) {
  switch (role) {
    case PTIC_ROLE_KERNEL_CREATE: ptic__kernel_create_exit(f, r); break;
    case PTIC_ROLE_KERNEL_DESTROY:
    case PTIC_ROLE_MODULE_DESTROY:
    case PTIC_ROLE_CONTEXT_DESTROY:
    case PTIC_ROLE_OBJ_DESTROY: ptic__track_destroy_exit(f, r); break;
    case PTIC_ROLE_MODULE_CREATE: ptic__module_create_exit(t, f, r); break;
    case PTIC_ROLE_CONTEXT_CREATE:
    case PTIC_ROLE_OBJ_CREATE: ptic__track_create_exit(t, f, r); break;
    case PTIC_ROLE_MEM_ALLOC: ptic__mem_alloc_exit(t, f, r); break;
    case PTIC_ROLE_MEM_FREE: ptic__mem_free_exit(f, r); break;
    case PTIC_ROLE_LIST_STATE:
      if (r == ZE_RESULT_SUCCESS && ptic__ze_fdesc(f)->op != PTIC_OP_LIST) ptic__list_capture(f);
      break;
    default: break;
  }
  const uint32_t rc = PTIC_SCAST(uint32_t, r);
  f->cur.phase = PTI_CB_PHASE_API_EXIT;
  switch (f->cur.dom) {
    case PTIC_DOM_DISPATCHED:
      f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
      f->r.gpu._return_code = rc;
      break;
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
      if (f->cur.dom == PTIC_DOM_CONTEXT_CREATED && r == ZE_RESULT_SUCCESS) f->cur.ctx = f->r.context._context_handle;
      break;
    case PTIC_DOM_HOST_SYNC:
      f->r.sync._phase = PTI_CB_PHASE_API_EXIT;
      f->r.sync._return_code = rc;
      break;
    case PTIC_DOM_MEMORY:
      f->r.mem._phase = PTI_CB_PHASE_API_EXIT;
      f->r.mem._return_code = rc;
      break;
    case PTIC_DOM_RESOURCE:
      f->r.res._phase = PTI_CB_PHASE_API_EXIT;
      f->r.res._return_code = rc;
      if (role == PTIC_ROLE_OBJ_CREATE && r == ZE_RESULT_SUCCESS && ptic__v_out(f)) f->r.res._handle = *ptic__v_out(f);
      break;
    case PTIC_DOM_DRIVER_INIT:
      f->r.init._phase = PTI_CB_PHASE_API_EXIT;
      f->r.init._return_code = rc;
      if (r == ZE_RESULT_SUCCESS) ptic__init_exit(t, f);
      break;
    default: break;
  }
}

/* ENTER of a role other than APPEND: a frame, the role's record, the ENTER records (DRIVER_API
   first, then the role's domain). (The common case of a call with nothing to do but DRIVER_API
   was tried first: ptic__ze_api_only_enter.) */
static PTIC_ALWAYS_INLINE void ptic__ze_enter(ptic__role role, void* params, uint32_t api, ptic__mask mask,
                                              void** inst) {
  if (role == PTIC_ROLE_NONE && !ptic__api_wanted(api, 3u)) {
    *inst = NULL;
    return;
  }
  ptic__thread* const t = ptic__call_thread();
  if (PTIC_UNLIKELY(!t)) {
    *inst = NULL;
    return;
  }
  ptic__frame* const f = ptic__call_enter(t, api, params, inst);
  f->cur.dom = PTIC_DOM_NONE;
  f->cur.ctx = NULL;
  f->serial = 0;
  /* f->r may be this role's now, not an APPEND's, also when it has no record to deliver (an
     execution with COMPLETED on and DISPATCHED off fills it): the next APPEND describes anew */
  ptic__zf(f)->key_api = PTIC_NIL;
  const unsigned dom = ptic__ze_role_enter(role, t, f, mask);
  if (dom != PTIC_DOM_NONE) ptic__frame_record(f, dom, PTI_CB_PHASE_API_ENTER);
  if (mask & PTIC_BITS(PTIC_DOM_DRIVER_API)) { /* (the record's context: also the EXIT's, f->cur.ctx) */
    const int want = ptic__api_wanted(api, 3u);
    if (want) ptic__ze_api_context(t, f);
    if (want & 1) ptic__deliver_api(f, PTI_CB_PHASE_API_ENTER, 0, f->cur.ctx);
  }
  if (dom != PTIC_DOM_NONE && (mask & PTIC_BIT(dom, 1u))) ptic__deliver_role_enter(f, dom * 2u);
}

/* EXIT of a call that had nothing to do but DRIVER_API (a role that may have none of its own
   work), when its record's context is known: the EXIT record when wanted, which ends the call,
   or the call's end; a synchronising call that succeeded then delivers what it proves finished
   (as ptic__ze_exit). Returns 0, having done nothing, otherwise. */
static PTIC_ALWAYS_INLINE int ptic__ze_api_only_exit(ptic__role role, ptic__frame* f, ze_result_t r, uint32_t api,
                                                     void* params) {
  const int sync = ptic__ze_syncs(role);
  if ((role != PTIC_ROLE_NONE && role != PTIC_ROLE_EXECUTE && role != PTIC_ROLE_EVENT_REUSE && !sync) ||
      f->cur.dom != PTIC_DOM_NONE || (role == PTIC_ROLE_EXECUTE && ptic__zf(f)->exec))
    return 0;
  if (!ptic__api_rec_wanted(ptic__mask_load(), api, 2u)) {
    ptic__call_exit(f->owner, ptic__fns[api].id);
  } else {
    if (!f->cur.ctx) return 0;
    ptic__deliver_api_exit(f, PTIC_SCAST(uint32_t, r), f->cur.ctx, 1);
  }
  if (sync && r == ZE_RESULT_SUCCESS) ptic__ze_sync_rule(ptic__tls, api, params); /* (f's owner: f is given back) */
  return 1;
}

/* EXIT of a role other than APPEND: the role's work, the EXIT records (the role's domain, then
   DRIVER_API), the frame given back; a synchronising call that succeeded then delivers what it
   proves finished. (The common case of a call with nothing to do but DRIVER_API was tried first:
   ptic__ze_api_only_exit.) */
static PTIC_ALWAYS_INLINE void ptic__ze_exit(ptic__role role, ptic__frame* f, ze_result_t r, uint32_t api,
                                             void* params) {
  const uint32_t api_id = ptic__fns[api].id;
  ptic__thread* const t = f->owner;
  if (f->cur.dom == PTIC_DOM_NONE && (role == PTIC_ROLE_NONE || role == PTIC_ROLE_EXECUTE ||
                                      role == PTIC_ROLE_EVENT_REUSE)) { /* DRIVER_API alone: it ends the call */
    if (PTIC_LIKELY(role != PTIC_ROLE_EXECUTE || !ptic__zf(f)->exec)) {
      if (ptic__api_rec_wanted(ptic__mask_load(), f->api, 2u))
        ptic__deliver_api_exit(f, PTIC_SCAST(uint32_t, r), f->cur.ctx ? f->cur.ctx : ptic__ze_api_context(t, f), 1);
      else
        ptic__call_exit(t, api_id);
      return;
    }
  }
  ptic__ze_role_exit(role, t, f, r);
  const ptic__mask mask = ptic__mask_load();
  const unsigned dom = f->cur.dom;
  if (dom != PTIC_DOM_NONE && (mask & PTIC_BIT(dom, 2u)))
    ptic__deliver_role_exit(f, dom * 2u + 1u, 0);
  if (ptic__api_rec_wanted(mask, f->api, 2u))
    ptic__deliver_api(f, PTI_CB_PHASE_API_EXIT, PTIC_SCAST(uint32_t, r),
                      f->cur.ctx ? f->cur.ctx : ptic__ze_api_context(t, f)); /* (EXIT alone came on) */
  /* an execution becomes pending after the call's EXIT records: COMPLETED never precedes them */
  if (role == PTIC_ROLE_EXECUTE) ptic__gpu_execute_exit(f, r);
  if (role == PTIC_ROLE_RUNTIME_INIT && ptic__zf(f)->drivers) {
    PTIC_FREE(ptic__zf(f)->drivers);
    ptic__zf(f)->drivers = NULL;
  }
  ptic__call_exit(t, api_id);
  if (ptic__ze_syncs(role) && r == ZE_RESULT_SUCCESS)
    ptic__ze_sync_rule(t, api, params); /* (any other answer proves nothing finished) */
}

/* PTIC_ZE_ROLE(r) makes the ENTER and EXIT functions of role r that the trampolines call:
   ptic__ze_enter_<r> and ptic__ze_exit_<r>, for NONE, EXECUTE, HOST_SYNC, SYNC_POINT,
   EVENT_REUSE, LIST_STATE, KERNEL_CREATE, KERNEL_DESTROY, MODULE_CREATE, MODULE_DESTROY,
   CONTEXT_CREATE, CONTEXT_DESTROY, OBJ_CREATE, OBJ_DESTROY, MEM_ALLOC, MEM_FREE and RUNTIME_INIT below (APPEND's are written out
   above: ptic__ze_enter_append, ptic__ze_exit_append). Each tries the common case of a call with
   nothing to do but DRIVER_API first, where every call is a tail call (it saves no register) but
   the EXIT record of a synchronising call (its rule comes after it), then goes on in
   ptic__ze_enter_general_<r> or ptic__ze_exit_general_<r>. */
#define PTIC_ZE_ROLE(r)                                                                             \
  static PTIC_NOINLINE void ptic__ze_enter_general_##r(void* params, uint32_t api, ptic__mask mask, void** inst) { \
    ptic__ze_enter(PTIC_ROLE_##r, params, api, mask, inst);                                          \
  }                                                                                                 \
  static PTIC_NOINLINE void ptic__ze_enter_##r(void* params, uint32_t api, ptic__mask mask, void** inst) { \
    if (ptic__ze_role_idle(PTIC_ROLE_##r, mask) && ptic__ze_api_only_enter(PTIC_ROLE_##r, api, params, inst)) return; \
    ptic__ze_enter_general_##r(params, api, mask, inst);                                             \
  }                                                                                                 \
  static PTIC_NOINLINE void ptic__ze_exit_general_##r(ptic__frame* f, ze_result_t result, uint32_t api, void* params) { \
    ptic__ze_exit(PTIC_ROLE_##r, f, result, api, params);                                            \
  }                                                                                                 \
  static PTIC_NOINLINE void ptic__ze_exit_##r(ptic__frame* f, ze_result_t result, uint32_t api, void* params) { \
    if (ptic__ze_api_only_exit(PTIC_ROLE_##r, f, result, api, params)) return; /* (f is a frame) */     \
    ptic__ze_exit_general_##r(f, result, api, params);                                               \
  }
PTIC_ZE_ROLE(NONE)
PTIC_ZE_ROLE(EXECUTE)
PTIC_ZE_ROLE(HOST_SYNC)
PTIC_ZE_ROLE(SYNC_POINT)
PTIC_ZE_ROLE(EVENT_REUSE)
PTIC_ZE_ROLE(LIST_STATE)
PTIC_ZE_ROLE(KERNEL_CREATE)
PTIC_ZE_ROLE(KERNEL_DESTROY)
PTIC_ZE_ROLE(MODULE_CREATE)
PTIC_ZE_ROLE(MODULE_DESTROY)
PTIC_ZE_ROLE(CONTEXT_CREATE)
PTIC_ZE_ROLE(CONTEXT_DESTROY)
PTIC_ZE_ROLE(OBJ_CREATE)
PTIC_ZE_ROLE(OBJ_DESTROY)
PTIC_ZE_ROLE(MEM_ALLOC)
PTIC_ZE_ROLE(MEM_FREE)
PTIC_ZE_ROLE(RUNTIME_INIT)
#undef PTIC_ZE_ROLE
#define ptic__ze_enter_APPEND ptic__ze_enter_append
#define ptic__ze_exit_APPEND(f, result, api, params) ptic__ze_exit_append(f, result, api)

/* ---- >>ze-tracer ---- */

/* A tracer callback: every zelTracer*RegisterCallback takes one of this shape (its params
   struct is the function's, a struct of pointers). */
typedef void(ZE_APICALL* ptic__tracer_cb)(void* params, ze_result_t result, void* tracer_data, void** inst);
typedef ze_result_t(ZE_APICALL* ptic__pfn_register)(zel_tracer_handle_t, zel_tracer_reg_t, ptic__tracer_cb);

/* PTIC_TRAMPOLINES(i, fn, role) makes the prologue ptic__pro_<fn> and the epilogue ptic__epi_<fn>
   of traceable function fn (local index i): one pair per function of the table (>>gen,
   PTIC_ZE_TRAMPOLINES). The prologue is the hot path: one relaxed load of the mask (and a
   store to the instance pointer) when none of the role's domains is on; else the role's ENTER
   function (a synchronising call that only COMPLETED wants: its mark, ptic__ze_sync_only). The
   epilogue calls the role's EXIT function when the prologue took a frame (or made that mark). */
#define PTIC_TRAMPOLINES(i, fn, role)                                                              \
  static void ZE_APICALL ptic__pro_##fn(void* params, ze_result_t result, void* tracer_data, void** inst) { \
    PTIC_UNUSED(result);                                                                           \
    PTIC_UNUSED(tracer_data);                                                                      \
    const ptic__mask mask = ptic__mask_load();                                                     \
    if (PTIC_LIKELY(!(mask & ptic__role_mask(PTIC_ROLE_##role)))) {                                \
      *inst = NULL;                                                                                \
      return;                                                                                      \
    }                                                                                              \
    if (ptic__ze_sync_only_is(PTIC_ROLE_##role, mask)) {                                            \
      ptic__ze_sync_only_enter(inst);                                                              \
      return;                                                                                      \
    }                                                                                              \
    ptic__ze_enter_##role(params, PTIC_ZE_BASE + (i), mask, inst);                                 \
  }                                                                                                \
  static void ZE_APICALL ptic__epi_##fn(void* params, ze_result_t result, void* tracer_data, void** inst) { \
    PTIC_UNUSED(params); /* (APPEND's EXIT does not read it) */                                    \
    PTIC_UNUSED(tracer_data);                                                                      \
    if (PTIC_LIKELY(*inst == NULL)) return;                                                        \
    if (ptic__ze_syncs(PTIC_ROLE_##role) && *inst == &ptic__ze_sync_only) {                           \
      ptic__ze_sync_only_exit(result, PTIC_ZE_BASE + (i), params);                                  \
      return;                                                                                      \
    }                                                                                              \
    ptic__ze_exit_##role(PTIC_CAST(ptic__frame*, *inst), result, PTIC_ZE_BASE + (i), params);        \
  }
static void ptic__trampolines(uint32_t i, ptic__tracer_cb* pro, ptic__tracer_cb* epi);

/* Register every traced function's prologue and epilogue, and note which ones the loader
   offers: zelTracer<Name>RegisterCallback for zeName and zerName. A loader older than the
   newest headers simply lacks the newer ones. Returns how many were registered. */
static uint32_t ptic__register_all(void* dl, zel_tracer_handle_t tr) {
  static const char prefix[] = "zelTracer", suffix[] = "RegisterCallback";
  char sym[160];
  uint32_t n = 0;
  memcpy(sym, prefix, sizeof prefix - 1);
  for (uint32_t i = 0; i < PTIC_LEVELZERO_API_COUNT; i++) {
    const char* name = ptic__ze_api(i)->name;
    const char* base = name + (name[2] == 'r' ? 3 : 2);
    const size_t len = strlen(base);
    ptic__pfn_register reg;
    ptic__tracer_cb pro, epi;
    if (sizeof prefix + len + sizeof suffix > sizeof sym) continue; /* (none: the longest is 52 long) */
    /* (built with copies: snprintf cost 400 instructions a name, at every process start) */
    memcpy(sym + sizeof prefix - 1, base, len);
    memcpy(sym + sizeof prefix - 1 + len, suffix, sizeof suffix);
    PTIC_DLSYM(dl, sym, reg);
    ptic__trampolines(i, &pro, &epi);
    if (reg && reg(tr, ZEL_REGISTER_PROLOGUE, pro) == ZE_RESULT_SUCCESS &&
        reg(tr, ZEL_REGISTER_EPILOGUE, epi) == ZE_RESULT_SUCCESS) {
      ptic__api_set_traced(PTIC_ZE_BASE + i);
      n++;
    }
  }
  return n;
}

/* The probe's tracer callback: zeDriverGet was traced. */
static void ZE_APICALL ptic__probe_cb(void* params, ze_result_t result, void* hit, void** inst) {
  PTIC_UNUSED(params);
  PTIC_UNUSED(result);
  PTIC_UNUSED(inst);
  ptic__atomic_store_u32(PTIC_CAST(ptic__atomic_u32*, hit), 1, PTIC_RELAXED);
}

/* Whether the tracing layer really traces this process's calls now. Loaders that can turn it on
   at run time (zelEnableTracingLayer) create tracers whether it is on or not, so ask it: a
   second tracer traces one zeDriverGet. It stays, disabled, with the loader (as the main one). */
static int ptic__tracing_works(ptic__loader* L) {
  static ptic__atomic_u32 hit;
  zel_tracer_desc_t desc;
  memset(&desc, 0, sizeof desc);
  desc.stype = ZEL_STRUCTURE_TYPE_TRACER_DESC;
  desc.pUserData = &hit;
  zel_tracer_handle_t probe = NULL;
  ptic__pfn_register reg = NULL;
  PTIC_DLSYM(L->dl, "zelTracerDriverGetRegisterCallback", reg);
  if (!reg || L->zelTracerCreate(&desc, &probe) != ZE_RESULT_SUCCESS || !probe) return 0;
  ptic__atomic_store_u32(&hit, 0, PTIC_RELAXED);
  uint32_t n = 0;
  if (reg(probe, ZEL_REGISTER_PROLOGUE, ptic__probe_cb) == ZE_RESULT_SUCCESS &&
      L->zelTracerSetEnabled(probe, 1) == ZE_RESULT_SUCCESS) {
    L->zeDriverGet(&n, NULL);
    L->zelTracerSetEnabled(probe, 0);
  }
  return ptic__atomic_load_u32(&hit, PTIC_RELAXED) != 0;
}

/* ptic__backend.install: create, fill and enable the one tracer (registry lock held). Success
   only when records will arrive: a loader without the registration functions is
   PTI_ERROR_DRIVER, tracing that is off and cannot be turned on TRACING_NOT_INITIALIZED. The
   tracer is never disabled or destroyed: with loader 1.8 doing so while other threads are
   inside Level Zero crashes the loader. */
static pti_result ptic__ze_install(void) {
  if (ptic__ze.tracer) return PTI_SUCCESS;
  ptic__loader* L = &ptic__ze;
  pti_result pr = ptic__loader_open(L);
  if (pr != PTI_SUCCESS) return pr;
  ptic__thread* t = ptic__thread_get();
  if (!t) return PTI_ERROR_INTERNAL;
  ptic__ze_tables_init();
  t->internal++;
  ze_result_t r = L->zeInit(0);
  /* newer loaders turn the layer on at run time (after zeInit); loader 1.8 only through
     ZE_ENABLE_TRACING_LAYER=1 before the first zeInit (the constructor below sets it) */
  if (r == ZE_RESULT_SUCCESS && L->zelEnableTracingLayer) L->zelEnableTracingLayer();
  if (r != ZE_RESULT_SUCCESS) {
    t->internal--;
    return PTI_ERROR_DRIVER;
  }
  if (L->zelEnableTracingLayer && !ptic__tracing_works(L)) {
    t->internal--;
    return PTI_ERROR_TRACING_NOT_INITIALIZED;
  }
  zel_tracer_desc_t desc;
  memset(&desc, 0, sizeof desc);
  desc.stype = ZEL_STRUCTURE_TYPE_TRACER_DESC;
  zel_tracer_handle_t tr = NULL;
  r = L->zelTracerCreate(&desc, &tr);
  if (r != ZE_RESULT_SUCCESS || !tr) {
    t->internal--;
    return r == ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY ? PTI_ERROR_INTERNAL : PTI_ERROR_TRACING_NOT_INITIALIZED;
  }
  /* The loader's zelTracer*RegisterCallback look their function up in the tracing layer at
     every call and pass the tracer on unchanged: asked from the layer itself (loaded by now),
     registering takes one look-up per function instead of three (about 500 dlsym calls, 0.4M
     instructions, at every process start). The layer is only looked for, as the loader named
     it, never loaded; without it, the loader's functions. */
  void* layer = dlopen("libze_tracing_layer.so.1", RTLD_LAZY | RTLD_LOCAL | RTLD_NOLOAD);
  ptic__pfn_register probe = NULL;
  if (layer) PTIC_DLSYM(layer, "zelTracerDriverGetRegisterCallback", probe);
  const uint32_t registered = ptic__register_all(probe ? layer : L->dl, tr);
  if (layer) dlclose(layer); /* (the loader keeps it loaded) */
  if (registered == 0) { /* not a loader with the tracing API we use */
    t->internal--;
    return PTI_ERROR_DRIVER;
  }
  r = L->zelTracerSetEnabled(tr, 1);
  t->internal--;
  if (r != ZE_RESULT_SUCCESS) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  L->tracer = tr;
  ptic_init_data init; /* (the drivers its zeInit initialised: DRIVER_INIT's record) */
  memset(&init, 0, sizeof init);
  init._domain = PTIC_CB_DOMAIN_DRIVER_INITIALIZATION;
  init._phase = PTI_CB_PHASE_API_EXIT;
  init._kind = PTIC_INIT_LIBRARY;
  ptic_driver_info* drivers = ptic__ze_drivers(t, NULL, 0, &init._driver_count);
  init._drivers = drivers;
  ptic__init_note(PTIC_ZE_INDEX, zeInit_id, &init);
  PTIC_FREE(drivers);
  return PTI_SUCCESS;
}

#ifndef PTIC_NO_ENV_CONSTRUCTOR
/* Tracing works only if the variable is set before the application's first zeInit. */
__attribute__((constructor)) static void ptic__env_ctor(void) { setenv("ZE_ENABLE_TRACING_LAYER", "1", 0); }
#endif

/* ---- argument iteration ---- */

/* How an argument is printed. */
enum {
  PTIC_ARG_UINT,
  PTIC_ARG_INT,
  PTIC_ARG_BOOL,
  PTIC_ARG_HANDLE,
  PTIC_ARG_PTR,
  PTIC_ARG_STR,
  PTIC_ARG_DESC,   /* a descriptor or properties struct: its address and stype */
  PTIC_ARG_ENUM,
  PTIC_ARG_FLAGS,
  PTIC_ARG_STRUCT  /* a struct passed by value: its address */
};

typedef struct ptic__flag_name {
  uint64_t bit;
  const char* name;
} ptic__flag_name;

/* The names of one enum or flags type; table 0 is ze_structure_type_t's. */
typedef struct ptic__names {
  const ptic__flag_name* names;
  uint32_t count;
  uint32_t flags;
} ptic__names;

typedef struct ptic__arg {
  uint32_t api;
  uint32_t index;
  const char* name;
  const char* type;
  uint32_t kind;
  uint32_t size;
  uint32_t table; /* names of ENUM and FLAGS values */
} ptic__arg;

static const ptic__arg* ptic__args_of(uint32_t api);
static const ptic__names* ptic__arg_names_of(uint32_t table);

/* An enum value by name, or in hex when unknown; flags as names joined by '|' (unknown bits in
   hex), "0" when none. */
static void ptic__format_names(uint64_t v, const ptic__names* t, char* buf, size_t n) {
  size_t used = 0;
  buf[0] = '\0';
  if (!t->flags) {
    for (uint32_t i = 0; i < t->count; i++) {
      if (t->names[i].bit == v) {
        snprintf(buf, n, "%s", t->names[i].name);
        return;
      }
    }
    snprintf(buf, n, "0x%llx", PTIC_SCAST(unsigned long long, v));
    return;
  }
  if (v == 0) {
    snprintf(buf, n, "0");
    return;
  }
  for (uint32_t i = 0; i < t->count && used < n; i++) {
    const uint64_t bit = t->names[i].bit;
    if (bit == 0 || (v & bit) != bit) continue;
    used += PTIC_SCAST(size_t, snprintf(buf + used, n - used, "%s%s", used ? "|" : "", t->names[i].name));
    v &= ~bit;
  }
  if (v && used < n)
    snprintf(buf + used, n - used, "%s0x%llx", used ? "|" : "", PTIC_SCAST(unsigned long long, v));
}

/* Format one argument; `arg` points to it (params members point to the arguments). */
static void ptic__format_arg(const ptic__arg* a, const void* arg, char* buf, size_t n) {
  uint64_t v = 0;
  if (!arg) {
    snprintf(buf, n, "?");
    return;
  }
  if (a->kind == PTIC_ARG_STRUCT) {
    snprintf(buf, n, "{...} at 0x%llx", PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, arg)));
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
      uint32_t st;
      char stype[96];
      memcpy(&st, p, sizeof st);
      ptic__format_names(st, ptic__arg_names_of(0), stype, sizeof stype);
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
    case PTIC_ARG_FLAGS: ptic__format_names(v, ptic__arg_names_of(a->table), buf, n); break;
    default: snprintf(buf, n, "%llu", PTIC_SCAST(unsigned long long, v)); break;
  }
}

/* ptic__backend.iterate_args: the arguments of DRIVER_API record a of local function i. */
static void ptic__ze_iterate_args(const ptic_api_data* a, uint32_t i, ptic_arg_function fn, void* user_data) {
  char value[160];
  for (const ptic__arg* g = ptic__args_of(i); g; g = g[1].api == g->api ? g + 1 : NULL) {
    const void* arg = NULL;
    memcpy(&arg, PTIC_CAST(const char*, a->_params) + g->index * sizeof(void*), sizeof arg);
    ptic__format_arg(g, arg, value, sizeof value);
    fn(g->index, g->name, g->type, value, user_data);
  }
}

/* ---- the backend's table ---- */

static void ptic__ze_describe(uint32_t i, ptic__fn* out) {
  const ptic__api_desc* d = ptic__ze_api(i);
  out->name = d->name;
  out->id = d->id;
  out->role = d->role;
  out->nargs = d->nargs;
}
/* The name of an api id: PTI's (1 .. PTIC_LEVELZERO_ID_MAX - 1) or ours (0x10000 ..), or NULL. */
static const char* ptic__ze_id_name(uint32_t id) {
  if (id >= PTIC_OWN_API_ID_BASE) return id < PTIC_OWN_API_ID_BASE + PTIC_OWN_ID_COUNT ? ptic__our_id_name(id - PTIC_OWN_API_ID_BASE) : NULL;
  return ptic__pti_id_name(id);
}
/* The api id after `id` in increasing order (the first after 0), 0 past the last. */
static uint32_t ptic__ze_next_id(uint32_t id) {
  if (id < PTIC_OWN_API_ID_BASE) {
    while (++id < PTIC_LEVELZERO_ID_MAX)
      if (ptic__pti_id_name(id)) return id;
    return PTIC_OWN_ID_COUNT ? PTIC_OWN_API_ID_BASE : 0;
  }
  return id + 1 < PTIC_OWN_API_ID_BASE + PTIC_OWN_ID_COUNT ? id + 1 : 0;
}
static const char* ptic__ze_op_name(uint32_t i, uint32_t slot) { return ptic__ze_api(i)->opnames[slot]; }
/* A thread's state is freed: its stash back to the free lists, its frames' submissions, its
   descriptions kept aside. */
static void ptic__ze_thread_end(ptic__thread* t) {
  if (ptic__stash_held(t)) ptic__stash_give_back(t);
  for (uint32_t i = 0; i < PTIC_MAX_NESTING; i++) PTIC_FREE(ptic__zf(&t->frame[i])->lists);
  PTIC_FREE(ptic__zt(t)->descs);
}
static void ptic__ze_fork_child(void) {}

static const ptic__backend ptic__ze_backend = {
    PTI_API_GROUP_LEVELZERO,
    PTIC_ZE_BASE,
    PTIC_LEVELZERO_API_COUNT,
    ptic__ze_describe,
    ptic__ze_id_name,
    ptic__ze_next_id,
    ptic__ze_install,
    ptic__ze_iterate_args,
    ptic__ze_read_op,
    ptic__ze_collect_op,
    ptic__ze_op_done,
    ptic__ze_poll_batches,
    ptic__ze_proves_earlier,
    ptic__ze_forget_batches,
    ptic__ze_convert,
    ptic__ze_op_name,
    ptic__ze_shrink,
    ptic__ze_fork_child,
    ptic__ze_thread_end,
    /* by ptic__obj_kind: none, list, queue, fence, event pool, event, context, module, kernel */
    {0, zeCommandListCreate_id, zeCommandQueueCreate_id, zeFenceCreate_id, zeEventPoolCreate_id, zeEventCreate_id,
     zeContextCreate_id, zeModuleCreate_id, zeKernelCreate_id},
    zeEventQueryKernelTimestamp_id,
};

/* The core's rule for a synchronising call (ptic__sync_exit), made here where it knows this
   backend's functions (its caller, ptic__ze_sync_rule, looked at ptic__sync_idle). */
static PTIC_NOINLINE void ptic__ze_sync_exit(ptic__thread* t, uint32_t api_id) {
  ptic__sync_exit(t, api_id, &ptic__ze_backend);
}
