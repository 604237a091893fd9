/*
    pti_callback_impl.h -- implementation of pti_callback.h.

    Include it through pti_callback.h with PTI_CALLBACK_IMPLEMENTATION defined, in exactly
    one translation unit. Stop now, if you are only interested in the API: it is all in
    pti_callback.h.

    This file is made by tools/amalgamate.py from src/ (edit those, then run `make amalgamate`):
    a core that knows no API, then one backend per API group, then the generated tables.

    THE CORE (src/core.h), in the order data flows (search for the anchors):
      >>config     override macros
      >>atomics    ptic__atomic_* wrappers (GCC/Clang __atomic builtins, C99..C++)
      >>domains    the domain table: enum, names, phases, mask bits, all derived from one list
      >>roles      what a traced function does besides DRIVER_API, and the domains it serves
      >>backend    the interface a backend implements, and the global index of functions
      >>registry   subscribers: slots, handles, generations
      >>set        the one snapshot of the subscriptions that deliveries read
      >>threads    per-thread state: call frames, instance data, ids
      >>objects    what the library knows of the API's objects (contexts, lists, kernels, ...)
      >>delivery   one record to the subscribers of its domain and phase
      >>calls      a traced call's frame, from ENTER to EXIT, for the backends
      >>gpu-ops    pending operations, completions, the synchronisation rule, the poller
      >>api        the public functions
      >>hub        several copies in one process: one active, the others forward to it
      >>strings    enum names
    THE BACKENDS: src/levelzero.h (>>levelzero), src/levelzero_tables.h (>>gen).

    How a traced call flows: the backend's interception (a tracer callback, a layer function)
    loads the mask; when a domain of the function's role is on, it calls the role's ENTER
    function, which takes a frame (ptic__call_enter), fills the role's record, and delivers it
    (ptic__deliver_frame) through the current set; the EXIT function completes the record,
    delivers it in reverse order, hands operations to the gpu-ops engine (ptic__op_*), and
    ends the call (ptic__call_exit), which delivers what completed.
*/
#ifndef PTI_CALLBACK_IMPLEMENTATION_INCLUDED
#define PTI_CALLBACK_IMPLEMENTATION_INCLUDED

#ifndef PTIC_CALLBACK_H_
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
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_trim: ptic__gpu_shrink */
#endif

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

/* dladdr: declared by <dlfcn.h> only with _GNU_SOURCE; the same function and struct otherwise. */
#if defined(__USE_GNU)
typedef Dl_info ptic__dl_info;
#else
typedef struct ptic__dl_info {
  const char* dli_fname;
  void* dli_fbase;
  const char* dli_sname;
  void* dli_saddr;
} ptic__dl_info;
extern int dladdr(const void* addr, ptic__dl_info* info);
#endif
/* dl_iterate_phdr, the same: <link.h> declares it and its struct only with _GNU_SOURCE (of the
   struct, the library reads the first two fields). */
#if defined(__USE_GNU)
#include <link.h>
typedef struct dl_phdr_info ptic__phdr_info;
#else
typedef struct ptic__phdr_info {
  uintptr_t dlpi_addr;
  const char* dlpi_name;
} ptic__phdr_info;
extern int dl_iterate_phdr(int (*callback)(ptic__phdr_info* info, size_t size, void* data), void* data);
#endif

#if defined(__cplusplus) && (defined(__cpp_exceptions) || defined(__EXCEPTIONS))
/* compiled as C++ with exceptions: an exception a callback throws is caught where the library
   called it (callbacks must not throw; unwinding through the loader is not survivable) */
#define PTIC_CATCH_CALLBACKS 1
#include <cxxabi.h>
#endif

/* ==== >>config ============================================================================ */

#ifndef PTIC_MAX_SUBSCRIBERS
#define PTIC_MAX_SUBSCRIBERS 64
#endif
#if PTIC_MAX_SUBSCRIBERS < 1 || PTIC_MAX_SUBSCRIBERS > 64
#error "PTIC_MAX_SUBSCRIBERS must be 1..64"
#endif
/* Slots of the registry, whatever PTIC_MAX_SUBSCRIBERS says: the limit is decided at run time,
   as the largest value among the copies of the implementation in the process (>>hub). */
#define PTIC_SLOTS 64
#ifndef PTIC_MAX_NESTING
#define PTIC_MAX_NESTING 8
#endif
/* How long a synchronisation of the device and host clocks serves the conversion of completed
   operations' times before the next one, in ns. */
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

#define PTIC_LIKELY(x) __builtin_expect(!!(x), 1)
#define PTIC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define PTIC_UNUSED(x) (void)(x)
#define PTIC_NOINLINE __attribute__((noinline))
#define PTIC_ALWAYS_INLINE inline __attribute__((always_inline))
/* A function that calls one callback after another (the loops of the deliveries): gcc then
   reserves the stack slot of PTI's seventh callback argument once instead of moving the stack,
   pushing and popping around every call (-maccumulate-outgoing-args, which no attribute names:
   the tuning for Intel's cores turns it on, for that function alone). */
#if defined(__GNUC__) && __GNUC__ >= 5 && !defined(__clang__) && !defined(__INTEL_COMPILER) && \
    (defined(__x86_64__) || defined(__i386__))
#define PTIC_CALLS_MANY __attribute__((target("tune=intel")))
#else
#define PTIC_CALLS_MANY
#endif
/* PTIC_KEEP(p): the compiler forgets how pointer p was computed (an empty asm statement that
   may change it), so that it keeps p in a register instead of computing it again from its parts:
   gcc rebuilt a fast ENTER's frame address from the thread's and its depth, in registers it
   then had to save. */
#define PTIC_KEEP(p) __asm__("" : "+r"(p))

#if defined(__cplusplus)
#define PTIC_CAST(T, v) reinterpret_cast<T>(v)
#define PTIC_SCAST(T, v) static_cast<T>(v)
#else
#define PTIC_CAST(T, v) ((T)(v))
#define PTIC_SCAST(T, v) ((T)(v))
#endif
/* A handle or pointer argument as the library keeps it (void*), whatever its const-ness. */
#define PTIC_PTR(p) PTIC_CAST(void*, PTIC_CAST(uintptr_t, p))
#define PTIC_SLOT_BIT(slot) (PTIC_SCAST(uint64_t, 1) << (slot))
#define PTIC_ALL_SLOTS (~PTIC_SCAST(uint64_t, 0))

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

/* A sequentially consistent store is an exchange whose result is dropped: on x86 one locked
   `xchg` where gcc writes `mov` + `mfence` (the busy marks of every delivery are such stores). */
#define PTIC_STORE(a, x, order)                                                                \
  do {                                                                                         \
    if ((order) == PTIC_SEQ_CST) (void)__atomic_exchange_n(&(a)->v, (x), __ATOMIC_SEQ_CST);  \
    else __atomic_store_n(&(a)->v, (x), (order));                                              \
  } while (0)

static PTIC_ALWAYS_INLINE uint32_t ptic__atomic_load_u32(const ptic__atomic_u32* a, int order) {
  return __atomic_load_n(&a->v, order);
}
static PTIC_ALWAYS_INLINE void ptic__atomic_store_u32(ptic__atomic_u32* a, uint32_t x, int order) {
  PTIC_STORE(a, x, order);
}
static PTIC_ALWAYS_INLINE uint32_t ptic__atomic_add_u32(ptic__atomic_u32* a, uint32_t x, int order) {
  return __atomic_add_fetch(&a->v, x, order);
}
static PTIC_ALWAYS_INLINE uint32_t ptic__atomic_xchg_u32(ptic__atomic_u32* a, uint32_t x, int order) {
  return __atomic_exchange_n(&a->v, x, order);
}
static PTIC_ALWAYS_INLINE int ptic__atomic_cas_u32(ptic__atomic_u32* a, uint32_t expected, uint32_t x) {
  return __atomic_compare_exchange_n(&a->v, &expected, x, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}
static PTIC_ALWAYS_INLINE uint64_t ptic__atomic_load_u64(const ptic__atomic_u64* a, int order) {
  return __atomic_load_n(&a->v, order);
}
static PTIC_ALWAYS_INLINE void ptic__atomic_store_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  PTIC_STORE(a, x, order);
}
static PTIC_ALWAYS_INLINE uint64_t ptic__atomic_xchg_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  return __atomic_exchange_n(&a->v, x, order);
}
static PTIC_ALWAYS_INLINE uint64_t ptic__atomic_add_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  return __atomic_add_fetch(&a->v, x, order);
}
static PTIC_ALWAYS_INLINE void ptic__atomic_or_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  (void)__atomic_fetch_or(&a->v, x, order);
}
static PTIC_ALWAYS_INLINE void ptic__atomic_and_u64(ptic__atomic_u64* a, uint64_t x, int order) {
  (void)__atomic_fetch_and(&a->v, x, order);
}
static PTIC_ALWAYS_INLINE void* ptic__atomic_load_ptr(const ptic__atomic_ptr* a, int order) {
  return __atomic_load_n(&a->v, order);
}
static PTIC_ALWAYS_INLINE void ptic__atomic_store_ptr(ptic__atomic_ptr* a, void* x, int order) {
  PTIC_STORE(a, x, order);
}
static PTIC_ALWAYS_INLINE void* ptic__atomic_xchg_ptr(ptic__atomic_ptr* a, void* x, int order) {
  return __atomic_exchange_n(&a->v, x, order);
}

/* ==== >>domains =========================================================================== */
/* Every fact about a domain is one row here; the enum of domain indices, the public values'
   checks, the names, the phases, the delivery order and the mask bits derive from it. Adding a
   domain: a row, and the handler of the role that fills its record (>>roles, a backend).
   X(index name, public value, phases): the phases are
     API    ENTER and EXIT (EXIT delivered in reverse subscription order)
     EXIT   one phase, API_EXIT (delivered in reverse subscription order)
     EVENT  one phase, INTERNAL_EVENT (in subscription order)
     THREAD THREAD_START and THREAD_END (both in subscription order) */
#define PTIC_DOMAINS(X)                                                            \
  X(CONTEXT_CREATED, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, API)                    \
  X(MODULE_LOADED, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, API)                        \
  X(MODULE_UNLOADED, PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED, API)                    \
  X(APPENDED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, API)                    \
  X(DISPATCHED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, API)                \
  X(COMPLETED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, EXIT)                 \
  X(HOST_SYNC, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, API)                     \
  X(KERNEL_CREATED, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, API)                      \
  X(KERNEL_DESTROYED, PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, API)                  \
  X(DRIVER_API, PTI_CB_DOMAIN_DRIVER_API, API)                                     \
  X(INTERNAL_THREADS, PTI_CB_DOMAIN_INTERNAL_THREADS, THREAD)                      \
  X(INTERNAL_EVENT, PTI_CB_DOMAIN_INTERNAL_EVENT, EVENT)                           \
  X(CONTEXT_DESTROYED, PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED, API)                \
  X(MEMORY, PTIC_CB_DOMAIN_MEMORY, API)                                          \
  X(DRIVER_INIT, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, API)                       \
  X(RESOURCE, PTIC_CB_DOMAIN_DRIVER_RESOURCE, API)                                \
  X(MARKER, PTIC_CB_DOMAIN_MARKER, API)

/* Domain indices: 0 is no domain (its two mask bits are the kept bits below). */
typedef enum ptic__dom {
  PTIC_DOM_NONE = 0,
#define PTIC_X(name, value, phases) PTIC_DOM_##name,
  PTIC_DOMAINS(PTIC_X)
#undef PTIC_X
  PTIC_DOM_COUNT
} ptic__dom;

typedef enum ptic__phases { PTIC_PHASES_API, PTIC_PHASES_EXIT, PTIC_PHASES_EVENT, PTIC_PHASES_THREAD } ptic__phases;

static const pti_callback_domain ptic__dom_public[PTIC_DOM_COUNT] = {
    PTI_CB_DOMAIN_INVALID,
#define PTIC_X(name, value, phases) value,
    PTIC_DOMAINS(PTIC_X)
#undef PTIC_X
};
static const unsigned char ptic__dom_phases[PTIC_DOM_COUNT] = {
    PTIC_PHASES_API,
#define PTIC_X(name, value, phases) PTIC_PHASES_##phases,
    PTIC_DOMAINS(PTIC_X)
#undef PTIC_X
};

/* The domain mask: each domain index d owns bit 2d (ENTER, THREAD_START, INTERNAL_EVENT) and bit
   2d+1 (EXIT, THREAD_END). Index 0's two bits are kept bits, which no subscriber sets:
   PTIC_BIT_TRACK, the interception exists (objects are tracked from then on), and
   PTIC_BIT_APP_OBJECTS, operations depend on the application's own objects (a backend then
   looks at their reuse even with no domain on). */
typedef uint64_t ptic__mask;
#define PTIC_BIT(dom, p) (PTIC_SCAST(ptic__mask, 1) << ((dom) * 2u + ((p) - 1u)))
#define PTIC_BITS(dom) (PTIC_BIT(dom, 1u) | PTIC_BIT(dom, 2u))
#define PTIC_BIT_APP_OBJECTS PTIC_BIT(PTIC_DOM_NONE, 1u)
#define PTIC_BIT_TRACK PTIC_BIT(PTIC_DOM_NONE, 2u)
#define PTIC_BITS_KEPT PTIC_BITS(PTIC_DOM_NONE)
#define PTIC_MASK_BITS (PTIC_DOM_COUNT * 2u)
PTI_STATIC_ASSERT(PTIC_MASK_BITS <= 64, "every domain's two bits fit the 64-bit mask");
/* Every domain of the table. */
#define PTIC_ALL_DOMAINS ((PTIC_SCAST(uint64_t, 1) << PTIC_DOM_COUNT) - 2u)
/* The domains whose records no backend's interception makes (the ITT collector's, >>itt):
   enabling only these installs nothing, so that they work without Level Zero. */
#define PTIC_DOMS_OWN_SOURCE (PTIC_SCAST(uint64_t, 1) << PTIC_DOM_MARKER)

/* Phase 1 (ENTER, start, event) or 2 (EXIT, end) of a public phase. */
static PTIC_ALWAYS_INLINE unsigned ptic__phase_bit(pti_callback_phase phase) {
  return phase == PTI_CB_PHASE_API_EXIT || phase == PTI_CB_PHASE_INTERNAL_THREAD_END ? 2u : 1u;
}
/* The domain index of a public domain value, or PTIC_DOM_NONE. */
static unsigned ptic__dom_index(pti_callback_domain d) {
  for (unsigned i = 1; i < PTIC_DOM_COUNT; i++)
    if (ptic__dom_public[i] == d) return i;
  return PTIC_DOM_NONE;
}
/* Whether the subscribers of mask bit b are called in reverse subscription order. */
static int ptic__bit_reversed(unsigned b) {
  const unsigned ph = ptic__dom_phases[b / 2u];
  return b / 2u != PTIC_DOM_NONE && (ph == PTIC_PHASES_EXIT || (ph == PTIC_PHASES_API && (b & 1u)));
}
/* The bits of domain `dom` for the phases asked for by ptiCallbackEnableDomain. */
static ptic__mask ptic__phase_bits(unsigned dom, uint32_t enter_cb, uint32_t exit_cb) {
  switch (ptic__dom_phases[dom]) {
    case PTIC_PHASES_EVENT: return PTIC_BIT(dom, 1u);
    case PTIC_PHASES_EXIT: return exit_cb ? PTIC_BIT(dom, 2u) : 0u;
    default: return (enter_cb ? PTIC_BIT(dom, 1u) : 0u) | (exit_cb ? PTIC_BIT(dom, 2u) : 0u);
  }
}

/* ==== >>roles ============================================================================= */
/* What a traced function does besides DRIVER_API, and the domains whose bits make its
   interception do anything (with DRIVER_API's). A backend's table gives each function one
   role; a role's ENTER and EXIT are one function each, in the backend. */
#define PTIC_ROLES(X)                                                                         \
  X(NONE, 0)                                                                                  \
  X(APPEND, PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED)) \
  X(EXECUTE, PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED)) \
  X(HOST_SYNC, PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_COMPLETED))               \
  X(SYNC_POINT, PTIC_BITS(PTIC_DOM_COMPLETED))                                                \
  X(EVENT_REUSE, PTIC_BIT_APP_OBJECTS)                                                        \
  X(LIST_STATE, PTIC_BIT_TRACK)                                                               \
  X(KERNEL_CREATE, PTIC_BIT_TRACK)                                                            \
  X(KERNEL_DESTROY, PTIC_BIT_TRACK)                                                           \
  X(MODULE_CREATE, PTIC_BIT_TRACK)                                                            \
  X(MODULE_DESTROY, PTIC_BIT_TRACK)                                                           \
  X(CONTEXT_CREATE, PTIC_BIT_TRACK)                                                           \
  X(CONTEXT_DESTROY, PTIC_BIT_TRACK)                                                          \
  X(OBJ_CREATE, PTIC_BIT_TRACK | PTIC_BITS(PTIC_DOM_RESOURCE))                                \
  X(OBJ_DESTROY, PTIC_BIT_TRACK | PTIC_BITS(PTIC_DOM_RESOURCE))                               \
  X(MEM_ALLOC, PTIC_BITS(PTIC_DOM_MEMORY) | PTIC_BIT_TRACK)                                   \
  X(MEM_FREE, PTIC_BITS(PTIC_DOM_MEMORY) | PTIC_BIT_TRACK)                                    \
  X(RUNTIME_INIT, PTIC_BITS(PTIC_DOM_DRIVER_INIT))
typedef enum ptic__role {
#define PTIC_X(r, bits) PTIC_ROLE_##r,
  PTIC_ROLES(PTIC_X)
#undef PTIC_X
  PTIC_ROLE_COUNT
} ptic__role;
/* The bits a function of role r tests first (a constant where r is). */
static PTIC_ALWAYS_INLINE ptic__mask ptic__role_mask(ptic__role r) {
  switch (r) {
#define PTIC_X(name, bits) \
  case PTIC_ROLE_##name: return (bits) | PTIC_BITS(PTIC_DOM_DRIVER_API);
    PTIC_ROLES(PTIC_X)
#undef PTIC_X
    default: return 0;
  }
}
/* The library's end zeroes the mask: roles without a kept bit then do nothing at all. */
PTI_STATIC_ASSERT(!((PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_DISPATCHED) | PTIC_BITS(PTIC_DOM_COMPLETED) |
                     PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_DRIVER_API)) &
                    PTIC_BITS_KEPT),
                  "only the kept bits survive the library's end");

/* ==== >>backend =========================================================================== */
/* A backend is one API group: it installs its interception, describes its functions, fills
   the records of its roles (calling the core's frame and delivery functions), and reads its
   operations' completions. The core reaches it only through this table (as miniaudio's
   backends sit behind ma_backend_callbacks); every callback carries the backend's group.
   Every traceable function of every backend has a global index: the backend's api_base plus
   its own index. The generated tables give the counts (>>sizes). */

/* The traceable functions of every backend (generated with their tables), and their total: the
   size of the global index of functions. */
// >>gen:levelzero-count (generated by tools/gen_ze_tables.py, do not edit)
#define PTIC_LEVELZERO_API_COUNT 252u /* traceable functions of the newest headers */
#define PTIC_OWN_ID_COUNT 36u /* ids of ours (ptic_api_id_levelzero_own) */
// <<gen:levelzero-count
// >>gen:opencl-count (generated by tools/gen_cl_tables.py, do not edit)
#define PTIC_OPENCL_API_COUNT 133u /* functions of the ICD dispatch table the layer wraps */
#define PTIC_OPENCL_ID_COUNT 149u /* members of the ICD dispatch table: one id each */
#define PTIC_CL_SVM_FREE_INDEX 112u /* clEnqueueSVMFree's: it also frees (>>cl-memory) */
// <<gen:opencl-count
/* The OpenCL backend needs the OpenCL headers (CL/cl_icd.h, CL/cl_layer.h): without them, or
   with PTIC_NO_OPENCL defined, it is left out. */
#if !defined(PTIC_NO_OPENCL) && defined(__has_include)
#if !__has_include(<CL/cl_layer.h>)
#define PTIC_NO_OPENCL 1
#endif
#endif
#ifdef PTIC_NO_OPENCL
#define PTIC_API_TOTAL PTIC_LEVELZERO_API_COUNT
#else
#define PTIC_API_TOTAL (PTIC_LEVELZERO_API_COUNT + PTIC_OPENCL_API_COUNT)
#endif

struct ptic__thread;
struct ptic__op;
struct ptic__stream;
struct ptic__done;

/* A traceable function as the core knows it: what its DRIVER_API record says. `id`, `nargs` and
   `name` lie as that record's _api_id, _arg_count and _name do, `group` and `id` as ptic__cur's
   group and api_id: a record takes them in two copies (ptic__fn_describes). */
typedef struct ptic__fn {
  uint32_t backend;       /* index in the backends' table */
  pti_api_group_id group; /* its backend's */
  uint32_t id;            /* its api id (unique across groups) */
  uint32_t nargs;
  const char* name;
  uint8_t role;           /* ptic__role */
} ptic__fn;

typedef struct ptic__backend {
  pti_api_group_id group;
  uint32_t api_base, api_count; /* its functions' global indices: api_base .. + api_count - 1 */
  /* the function of local index i */
  void (*describe)(uint32_t i, ptic__fn* out);
  /* the name of an api id of this group (traceable or not), NULL if none; the next id in
     increasing order (the first after 0), 0 past the last */
  const char* (*id_name)(uint32_t api_id);
  uint32_t (*next_id)(uint32_t api_id);
  /* install the interception (registry lock held, first enable); PTI_SUCCESS once records will
     arrive. It marks the functions it intercepts with ptic__api_set_traced. */
  pti_result (*install)(void);
  /* the arguments of DRIVER_API record a, by index (pticIterateArgs) */
  void (*iterate_args)(const ptic_api_data* a, uint32_t api, ptic_arg_function fn, void* user);
  /* gpu-ops (objects lock held): read a pending operation of an OPS stream: 1 finished (raw
     times written), 0 not yet, -1 unreadable. collect_op reads it as the collection that takes
     it does: when it returns 1, the operation's resources are back already (to: the thread
     whose own list gets its record); op_done gives them back for any other end (state: 2
     finished with its times gone, -1 unreadable, 0 lost) or after a read_op. poll_batches
     polls a stream of batches (executions). */
  int (*read_op)(struct ptic__thread* t, const struct ptic__op* o, uint64_t raw[2]);
  int (*collect_op)(struct ptic__thread* t, struct ptic__thread* to, const struct ptic__op* o,
                    const struct ptic__stream* s, uint64_t raw[2]);
  void (*op_done)(struct ptic__thread* t, struct ptic__thread* to, const struct ptic__op* o,
                  const struct ptic__stream* s, int state);
  void (*poll_batches)(struct ptic__thread* t, struct ptic__stream* s, int lose);
  /* whether pending operation o having finished proves that every operation before it in its
     stream finished too (an in-order list, a barrier); NULL: never */
  int (*proves_earlier)(const struct ptic__stream* s, const struct ptic__op* o);
  /* each operation of a stream of batches that a subscriber's slot bit still expects: lost to
     it (ptiCallbackUnsubscribe) */
  uint32_t (*forget_batches)(struct ptic__thread* t, struct ptic__stream* s, uint64_t bit);
  /* raw times of its records among n collected ones (those of other backends are left) to
     device ticks and host ns (objects lock held) */
  void (*convert)(struct ptic__thread* t, struct ptic__done* done, size_t n);
  /* the name of memory operation `slot` of local function i */
  const char* (*op_name)(uint32_t i, uint32_t slot);
  /* nothing pending: give back what a backlog made grow (objects lock held) */
  void (*shrink)(struct ptic__thread* t);
  /* the child of a fork (one thread left); a thread's state is being freed */
  void (*fork_child)(void);
  void (*thread_end)(struct ptic__thread* t);
  /* per object kind (ptic__obj_kind, >>objects): the api id of the call that creates such
     objects, for pticReplay's records of objects whose creating call the library did not see
     (0: not replayed); and the one COMPLETED records carry when the library noticed the
     completions itself (its poller, pticFlush, ptiCallbackUnsubscribe, the end) */
  uint32_t replay_id[16];
  uint32_t poll_id;
} ptic__backend;

/* The backends, in group order (>>backends, after them all). */
static PTIC_ALWAYS_INLINE const ptic__backend* ptic__backend_at(uint32_t b);
static uint32_t ptic__backend_count(void);

/* Every traceable function, by global index (filled once: ptic__init). */
static ptic__fn ptic__fns[PTIC_API_TOTAL];
/* Each backend's goodbye to a thread whose state is freed. */
static void ptic__thread_end_backends(struct ptic__thread* t);

/* ==== >>registry ========================================================================== */
/* A subscriber lives in a slot. Its generation is odd while it is live; every subscribe and
   unsubscribe moves it on, so stale handles never match. A handle encodes tag, generation and
   slot and is never dereferenced, so garbage handles are harmless. */

/* Per-function DRIVER_API bits: 2 per traced function (ENTER, EXIT), in 32-bit words. */
#define PTIC_API_WORDS ((PTIC_API_TOTAL * 2u + 31u) / 32u)
#define PTIC_API_WORD(api) ((api) * 2u / 32u)
#define PTIC_API_SHIFT(api) ((api) * 2u % 32u)

/* The callback and user data of a subscription made through a forwarding copy that catches C++
   exceptions (>>hub): the slot's callback is that copy's trampoline, called with this pair as its
   user data. */
typedef struct ptic__via {
  void* cb;
  void* user;
} ptic__via;

typedef struct ptic__slot {
  ptic__atomic_u32 gen;      /* odd: live */
  ptic__atomic_u64 mask;     /* this subscriber's domain x phase bits */
  ptic__atomic_u64 order;    /* subscription sequence number */
  ptic__atomic_ptr cb;       /* pti_callback_function, stored as an object pointer */
  ptic__atomic_ptr user;
  ptic__atomic_u32 api[PTIC_API_WORDS]; /* DRIVER_API bits per function */
  ptic__atomic_u64 first_op; /* operation ids from here on are this subscription's to complete */
  ptic__via via;             /* (subscriptions through a trampoline) */
} ptic__slot;

struct ptic__set;

typedef struct ptic__state {
  pthread_mutex_t lock;          /* subscribe / enable / unsubscribe / interception */
  ptic__atomic_u64 mask;         /* union of the live subscribers' masks, plus the kept bits */
  ptic__atomic_u32 slots_used;   /* high-water mark of slots */
  ptic__atomic_u32 max_subs;     /* live subscribers allowed: PTIC_MAX_SUBSCRIBERS, or more (>>hub) */
  ptic__atomic_u32 next_corr;
  ptic__atomic_u64 next_op;
  ptic__atomic_u64 newest_first_op; /* the first_op of the newest subscription, the largest */
  ptic__atomic_u64 next_kernel_id;
  ptic__atomic_u64 completed_subs; /* the slots with COMPLETED on */
  ptic__atomic_u32 shutdown;
  ptic__atomic_u32 api_want[PTIC_API_TOTAL]; /* union of the slots' DRIVER_API bits per function:
                                               1 ENTER, 2 EXIT */
  ptic__atomic_u64 api_subs[PTIC_API_TOTAL][2]; /* per function and phase (ENTER, EXIT): the slots
                                                  that want its DRIVER_API records */
  ptic__atomic_ptr set;          /* the current ptic__set (never NULL once ptic__init ran) */
  struct ptic__set* set_retired; /* sets made current before it, not freed yet (lock held) */
  ptic__atomic_u32 ids_epoch;    /* moves on every subscribe: threads take fresh ids */
  uint64_t next_order;
  ptic__slot slot[PTIC_SLOTS];
  uint32_t installed;            /* backends whose interception is installed: a bit each */
  ptic__atomic_u32 traced[(PTIC_API_TOTAL + 31u) / 32u]; /* functions intercepted */
  ptic__atomic_u32 traced_known; /* an interception is installed: traced[] tells (release) */
  pthread_key_t thread_key;
  int thread_key_ok;
} ptic__state;

static ptic__state ptic__g; /* zero-initialised; the mutex is set up by ptic__init */
static pthread_once_t ptic__once = PTHREAD_ONCE_INIT;

static void ptic__set_init(void);
static void ptic__gpu_init(void);
static ptic__atomic_u64 ptic__objs_epoch; /* (>>objects) */
static void ptic__init_once(void) {
  pthread_mutex_init(&ptic__g.lock, NULL);
  ptic__atomic_store_u32(&ptic__g.max_subs, PTIC_MAX_SUBSCRIBERS, PTIC_RELAXED);
  ptic__atomic_store_u64(&ptic__objs_epoch, 1, PTIC_RELEASE); /* (0: no epoch, as in a zeroed frame) */
  ptic__set_init();
  ptic__gpu_init();
  for (uint32_t b = 0; b < ptic__backend_count(); b++) {
    const ptic__backend* be = ptic__backend_at(b);
    for (uint32_t i = 0; i < be->api_count; i++) {
      be->describe(i, &ptic__fns[be->api_base + i]);
      ptic__fns[be->api_base + i].backend = b;
      ptic__fns[be->api_base + i].group = be->group;
    }
  }
}
static void ptic__init(void) { pthread_once(&ptic__once, ptic__init_once); }

static PTIC_ALWAYS_INLINE ptic__mask ptic__mask_load(void) {
  return ptic__atomic_load_u64(&ptic__g.mask, PTIC_RELAXED);
}
static PTIC_ALWAYS_INLINE int ptic__is_down(void) {
  return ptic__atomic_load_u32(&ptic__g.shutdown, PTIC_RELAXED) != 0;
}
/* The backend of function `api` (global index). */
static PTIC_ALWAYS_INLINE const ptic__backend* ptic__backend_of(uint32_t api) {
  return ptic__backend_at(ptic__fns[api].backend);
}

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
  if (slot == 0 || slot > PTIC_SLOTS) return -1;
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

/* Whether any subscriber wants DRIVER_API records of `api` in phase p (1 ENTER, 2 EXIT, 3 any). */
static PTIC_ALWAYS_INLINE int ptic__api_wanted(uint32_t api, unsigned p) {
  return PTIC_SCAST(int, ptic__atomic_load_u32(&ptic__g.api_want[api], PTIC_RELAXED) & p);
}
/* Whether function api's DRIVER_API record of phase p (1 ENTER, 2 EXIT) is wanted now: the
   domain on in `mask` (ptic__mask_load's) and a subscriber wanting the function. */
static PTIC_ALWAYS_INLINE int ptic__api_rec_wanted(ptic__mask mask, uint32_t api, unsigned p) {
  return (mask & PTIC_BIT(PTIC_DOM_DRIVER_API, p)) && ptic__api_wanted(api, p);
}

/* Whether the interception of function api is installed (before any is: whether the library can
   trace it at all, which it can every function of its tables). Lock-free: callbacks may ask. */
static int ptic__api_traced(uint32_t api) {
  if (!ptic__atomic_load_u32(&ptic__g.traced_known, PTIC_ACQUIRE)) return 1;
  return (ptic__atomic_load_u32(&ptic__g.traced[api / 32u], PTIC_RELAXED) >> (api % 32u)) & 1u;
}
/* A backend's interception of function api is installed (registry lock held). */
static void ptic__api_set_traced(uint32_t api) {
  ptic__atomic_store_u32(&ptic__g.traced[api / 32u],
                         ptic__atomic_load_u32(&ptic__g.traced[api / 32u], PTIC_RELAXED) | (1u << (api % 32u)),
                         PTIC_RELAXED);
}

/* ==== >>set =============================================================================== */
/* The one snapshot of the subscriptions that every delivery reads: per mask bit (domain x
   phase), the subscribers that have it on, in delivery order (subscription order; reversed for
   EXIT phases), each with its callback, user data and slot; per list the slots it holds, per
   slot its generation at the publication. A set is made anew by
   every change (ptic__set_publish) and never rewritten, but for an entry's callback: once the
   entry's subscription no longer has the list's bit on (unsubscribed, the domain or phase turned
   off, the library's end), it becomes ptic__stub_cb. A delivery marks the entry's slot busy,
   then reads its callback; an unsubscribe stubs the entries, then waits for the busy marks
   (both sequentially consistent): it sees the mark, or the delivery sees the stub. So a
   delivery checks nothing per subscriber but that callback (and, for DRIVER_API, the function's
   slots: ptic__g.api_subs). A delivery holds the set it reads as a hazard pointer (a frame's from its ENTER on, until
   it takes another; a thread's for deliveries without a frame): a publication frees a retired
   set once nobody holds it. When a new set cannot be allocated, a change that only removes
   stubs the current set's entries in place; one that adds fails (PTI_ERROR_INTERNAL). */

typedef struct ptic__sent {
  ptic__atomic_ptr cb;          /* NULL ends the list */
  void* user;
  uint64_t sbit;                /* PTIC_SLOT_BIT(slot): the busy mark; 0 in the terminator */
  uint32_t slot;
  pti_callback_domain domain;   /* the public value of the list's domain (the callback's first
                                   argument) */
} ptic__sent;

typedef struct ptic__set {
  const ptic__sent* list[PTIC_MASK_BITS]; /* per mask bit, ending with a NULL callback */
  uint64_t slots[PTIC_MASK_BITS];         /* per mask bit, the slots of its list */
  uint32_t gen[PTIC_SLOTS];               /* each listed slot's generation at the publication */
  struct ptic__set* retired_next;
} ptic__set;

/* The set before the first publication: every list empty. */
static ptic__sent ptic__sent_end;
static ptic__set ptic__set_none;

static void ptic__set_init(void) {
  for (unsigned b = 0; b < PTIC_MASK_BITS; b++) ptic__set_none.list[b] = &ptic__sent_end;
  ptic__atomic_store_ptr(&ptic__g.set, &ptic__set_none, PTIC_RELEASE);
}

/* The callback of a stubbed entry: calls nothing. */
static void ptic__stub_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                          pti_backend_ctx_t ctx, void* cb_data, void* user, void** inst) {
  PTIC_UNUSED(domain);
  PTIC_UNUSED(group);
  PTIC_UNUSED(api_id);
  PTIC_UNUSED(ctx);
  PTIC_UNUSED(cb_data);
  PTIC_UNUSED(user);
  PTIC_UNUSED(inst);
}

/* The live slots in subscription order (lock held); returns how many. */
static uint32_t ptic__slots_in_order(uint32_t ord[PTIC_SLOTS]) {
  const uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED);
  uint32_t no = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (!(ptic__atomic_load_u32(&ptic__g.slot[i].gen, PTIC_RELAXED) & 1u)) continue;
    const uint64_t o = ptic__atomic_load_u64(&ptic__g.slot[i].order, PTIC_RELAXED);
    uint32_t j = no++;
    for (; j > 0 && ptic__atomic_load_u64(&ptic__g.slot[ord[j - 1]].order, PTIC_RELAXED) > o; j--) ord[j] = ord[j - 1];
    ord[j] = i;
  }
  return no;
}

/* A new set from the slots (lock held), or NULL when it cannot be allocated. A list without a
   subscriber is the shared empty one. */
static ptic__set* ptic__set_make(void) {
  uint32_t ord[PTIC_SLOTS];
  const uint32_t no = ptic__slots_in_order(ord);
  ptic__mask any = 0;
  size_t entries = 0;
  for (uint32_t j = 0; j < no; j++) {
    const ptic__mask m = ptic__atomic_load_u64(&ptic__g.slot[ord[j]].mask, PTIC_RELAXED) & ~PTIC_BITS_KEPT;
    entries += PTIC_SCAST(size_t, __builtin_popcountll(m));
    any |= m;
  }
  entries += PTIC_SCAST(size_t, __builtin_popcountll(any)); /* (the terminators) */
  ptic__set* set = PTIC_CAST(ptic__set*, PTIC_MALLOC(sizeof(ptic__set) + entries * sizeof(ptic__sent)));
  if (!set) return NULL;
  ptic__sent* e = PTIC_CAST(ptic__sent*, PTIC_CAST(void*, set + 1));
  memset(e, 0, entries * sizeof *e);
  memset(set->slots, 0, sizeof set->slots);
  memset(set->gen, 0, sizeof set->gen);
  set->retired_next = NULL;
  for (unsigned b = 0; b < PTIC_MASK_BITS; b++) {
    const ptic__mask bit = PTIC_SCAST(ptic__mask, 1) << b;
    if (!(any & bit)) {
      set->list[b] = &ptic__sent_end;
      continue;
    }
    set->list[b] = e;
    const int reverse = ptic__bit_reversed(b);
    for (uint32_t j = 0; j < no; j++) {
      const uint32_t i = reverse ? ord[no - 1u - j] : ord[j];
      const ptic__slot* sl = &ptic__g.slot[i];
      if (!(ptic__atomic_load_u64(&sl->mask, PTIC_RELAXED) & bit)) continue;
      ptic__atomic_store_ptr(&e->cb, ptic__atomic_load_ptr(&sl->cb, PTIC_RELAXED), PTIC_RELAXED);
      e->user = ptic__atomic_load_ptr(&sl->user, PTIC_RELAXED);
      e->sbit = PTIC_SLOT_BIT(i);
      e->slot = i;
      e->domain = ptic__dom_public[b / 2u];
      set->slots[b] |= e->sbit;
      set->gen[i] = ptic__atomic_load_u32(&sl->gen, PTIC_RELAXED);
      e++;
    }
    e++; /* the terminator, zeroed */
  }
  return set;
}

/* Stub the entries of a set whose subscription no longer has the list's bit on (lock held), or
   every entry (`down`: the library's end). */
static void ptic__set_stub(ptic__set* set, int down) {
  void* stub;
  pti_callback_function f = ptic__stub_cb;
  memcpy(&stub, &f, sizeof stub);
  for (unsigned b = 0; b < PTIC_MASK_BITS; b++) {
    for (ptic__sent* e = PTIC_CAST(ptic__sent*, PTIC_PTR(set->list[b])); e->sbit; e++) {
      const ptic__slot* sl = &ptic__g.slot[e->slot];
      if (down || ptic__atomic_load_u32(&sl->gen, PTIC_RELAXED) != set->gen[e->slot] ||
          !(ptic__atomic_load_u64(&sl->mask, PTIC_RELAXED) & (PTIC_SCAST(ptic__mask, 1) << b)))
        ptic__atomic_store_ptr(&e->cb, stub, PTIC_SEQ_CST);
    }
  }
}

static int ptic__set_held(const ptic__set* set);
/* Publish the subscriptions as they are now (lock held): a new set made current (with `adds`,
   a change that added entries; without a new set, such a change fails: 0), the retired sets'
   entries that no longer hold stubbed, those nobody holds freed; then the global mask. */
static void ptic__mask_publish(void);
static int ptic__set_publish(int adds) {
  const int down = ptic__is_down();
  ptic__set* set = down ? NULL : ptic__set_make();
  ptic__set* old = PTIC_CAST(ptic__set*, ptic__atomic_load_ptr(&ptic__g.set, PTIC_RELAXED));
  if (!set && adds) return 0;
  if (set || down) {
    ptic__atomic_store_ptr(&ptic__g.set, set ? set : &ptic__set_none, PTIC_SEQ_CST);
    if (old != &ptic__set_none) {
      old->retired_next = ptic__g.set_retired;
      ptic__g.set_retired = old;
    }
  } else if (old != &ptic__set_none) {
    ptic__set_stub(old, 0); /* (no new set: the current one loses what was removed, in place) */
  }
  for (ptic__set **r = &ptic__g.set_retired, *x; (x = *r) != NULL;) {
    ptic__set_stub(x, down);
    if (ptic__set_held(x)) {
      r = &x->retired_next;
      continue;
    }
    *r = x->retired_next;
    PTIC_FREE(x);
  }
  ptic__mask_publish();
  return 1;
}

/* The global masks from the slots (lock held): the union of the live subscribers' masks (the
   kept bits stay), the DRIVER_API union and slots per function, the slots with COMPLETED on. */
static void ptic__mask_publish(void) {
  ptic__mask m = 0;
  uint32_t api[PTIC_API_WORDS];
  uint64_t completed = 0;
  memset(api, 0, sizeof api);
  const uint32_t n = ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED);
  for (uint32_t i = 0; i < n; i++) {
    const ptic__mask sm = ptic__atomic_load_u64(&ptic__g.slot[i].mask, PTIC_RELAXED);
    m |= sm;
    if (sm & PTIC_BIT(PTIC_DOM_COMPLETED, 2u)) completed |= PTIC_SLOT_BIT(i);
    for (uint32_t w = 0; w < PTIC_API_WORDS; w++) api[w] |= ptic__atomic_load_u32(&ptic__g.slot[i].api[w], PTIC_RELAXED);
  }
  static uint32_t published[PTIC_API_WORDS]; /* (the unions of the last publish: registry lock) */
  for (uint32_t f = 0; f < PTIC_API_TOTAL; f++) {
    if (!api[PTIC_API_WORD(f)] && !published[PTIC_API_WORD(f)]) { /* 16 functions nobody wanted nor wants */
      f |= 15u;
      continue;
    }
    uint64_t subs[2] = {0, 0};
    for (uint32_t i = 0; i < n && ((api[PTIC_API_WORD(f)] >> PTIC_API_SHIFT(f)) & 3u); i++) {
      const uint32_t p = (ptic__atomic_load_u32(&ptic__g.slot[i].api[PTIC_API_WORD(f)], PTIC_RELAXED) >> PTIC_API_SHIFT(f)) & 3u;
      if (p & 1u) subs[0] |= PTIC_SLOT_BIT(i);
      if (p & 2u) subs[1] |= PTIC_SLOT_BIT(i);
    }
    ptic__atomic_store_u64(&ptic__g.api_subs[f][0], subs[0], PTIC_RELAXED);
    ptic__atomic_store_u64(&ptic__g.api_subs[f][1], subs[1], PTIC_RELAXED);
    ptic__atomic_store_u32(&ptic__g.api_want[f], (api[PTIC_API_WORD(f)] >> PTIC_API_SHIFT(f)) & 3u, PTIC_RELAXED);
  }
  memcpy(published, api, sizeof published);
  const int down = ptic__is_down();
  ptic__atomic_store_u64(&ptic__g.completed_subs, down ? 0u : completed, PTIC_RELAXED);
  /* the kept bits change outside the registry lock: compare-and-swap */
  ptic__mask old = ptic__mask_load(), want;
  do {
    want = down ? 0u : ((m & ~PTIC_BITS_KEPT) | (old & PTIC_BITS_KEPT));
  } while (!__atomic_compare_exchange_n(&ptic__g.mask.v, &old, want, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED));
}

/* Turn a kept bit on or off. */
static void ptic__mask_keep(ptic__mask bit, int on) {
  if (on) ptic__atomic_or_u64(&ptic__g.mask, bit, PTIC_RELEASE);
  else ptic__atomic_and_u64(&ptic__g.mask, ~bit, PTIC_RELEASE);
}

/* A slot's DRIVER_API domain bits follow its per-function bits: on in a phase if any function
   is on in that phase. Lock held. */
static void ptic__slot_sync_api_mask(ptic__slot* s) {
  uint32_t any = 0;
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) {
    uint32_t v = ptic__atomic_load_u32(&s->api[w], PTIC_RELAXED);
    any |= (v & 0x55555555u) ? 1u : 0u;
    any |= (v & 0xaaaaaaaau) ? 2u : 0u;
  }
  ptic__mask m = ptic__atomic_load_u64(&s->mask, PTIC_RELAXED) & ~PTIC_BITS(PTIC_DOM_DRIVER_API);
  if (any & 1u) m |= PTIC_BIT(PTIC_DOM_DRIVER_API, 1u);
  if (any & 2u) m |= PTIC_BIT(PTIC_DOM_DRIVER_API, 2u);
  ptic__atomic_store_u64(&s->mask, m, PTIC_RELEASE);
}

/* ==== >>threads =========================================================================== */
/* Each traced call that anyone listens to gets a frame on its thread's frame stack; the
   interception's per-call instance pointer points at it, so ENTER and EXIT share it. */

/* What the ptic* accessors know of a record a callback received. */
typedef struct ptic__cur {
  const void* rec;
  const struct ptic__frame* frame;
  pti_api_group_id group;
  uint32_t api_id;
  unsigned dom;
  pti_callback_phase phase;
  void* ctx;
} ptic__cur;

PTI_STATIC_ASSERT(offsetof(ptic__fn, nargs) - offsetof(ptic__fn, id) ==
                          offsetof(ptic_api_data, _arg_count) - offsetof(ptic_api_data, _api_id) &&
                      offsetof(ptic__fn, name) - offsetof(ptic__fn, id) ==
                          offsetof(ptic_api_data, _name) - offsetof(ptic_api_data, _api_id) &&
                      sizeof(((ptic__fn*)0)->name) == offsetof(ptic_api_data, _params) - offsetof(ptic_api_data, _name),
                  "ptic__fn's id, nargs and name lie as a DRIVER_API record's _api_id, _arg_count and _name");
PTI_STATIC_ASSERT(offsetof(ptic__fn, id) - offsetof(ptic__fn, group) == offsetof(ptic__cur, api_id) - offsetof(ptic__cur, group) &&
                      sizeof(((ptic__fn*)0)->id) == sizeof(((ptic__cur*)0)->api_id),
                  "ptic__fn's group and id lie as ptic__cur's group and api_id");
/* What a record of function fn and its view take of fn: the view's group and api id, and with
   a DRIVER_API record `a`, its _api_id, _arg_count and _name (two copies: ptic__fn). */
static PTIC_ALWAYS_INLINE void ptic__fn_describes(const ptic__fn* fn, ptic__cur* cur, ptic_api_data* a) {
  memcpy(PTIC_CAST(char*, cur) + offsetof(ptic__cur, group), PTIC_CAST(const char*, fn) + offsetof(ptic__fn, group),
         offsetof(ptic__cur, api_id) + sizeof cur->api_id - offsetof(ptic__cur, group));
  if (a)
    memcpy(PTIC_CAST(char*, a) + offsetof(ptic_api_data, _api_id), PTIC_CAST(const char*, fn) + offsetof(ptic__fn, id),
           offsetof(ptic_api_data, _params) - offsetof(ptic_api_data, _api_id));
}

/* Instance-data lanes of a frame: the role domain's record and the DRIVER_API record each have
   their own slot per subscriber. */
enum { PTIC_LANE_ROLE = 0, PTIC_LANE_API = 1 };

/* Room in a frame and a thread for the backend's own per-call and per-thread state. */
#define PTIC_BACKEND_FRAME_WORDS 24
#define PTIC_BACKEND_THREAD_WORDS 20

typedef struct ptic__frame {
  ptic__atomic_u64 busy;     /* the slot whose callback a delivery of this frame's record runs
                                now, 0 if none (ptiCallbackUnsubscribe waits for it) */
  ptic__atomic_ptr hp;       /* the ptic__set this frame's deliveries read: not freed while held */
  ptic__cur cur;             /* the role record as the accessors see it */
  ptic__cur acur;            /* the DRIVER_API record's */
  uint32_t live;             /* the lane whose record a delivery gives (accessors, while busy is
                                set): PTIC_LANE_ROLE but while the DRIVER_API record is delivered */
  struct ptic__thread* owner;
  uint32_t api;              /* the function's global index */
  void* params;              /* the call's arguments, as the interception gives them */
  uint64_t serial;           /* of the object a destroy works on */
  uint64_t entered[2];       /* per lane: the subscriptions that received the ENTER record, as
                                slots of the set hp holds (ptic__frame_set keeps them so) */
  uint32_t gen[PTIC_SLOTS];  /* the generations of the set hp holds */
  void* inst[2][PTIC_SLOTS];
  union {
    pti_callback_gpu_op_data gpu;
    pti_callback_kernel_data kern;
    ptic_context_data context;
    ptic_module_data module;
    ptic_sync_data sync;
    ptic_memory_data mem;
    ptic_init_data init;
    ptic_resource_data res;
  } r;                       /* the role's record (cur.rec points here when there is one) */
  ptic_api_data api_rec;     /* the DRIVER_API record */
  uint32_t api_rec_of;       /* the function whose constant fields it holds (UINT32_MAX: none) */
  uint32_t corr_id;          /* (not next to api: gcc makes adjacent stores of the fast ENTER
                                (ptic__append_frame_push) one store assembled in vector registers) */
  pti_gpu_op_details op1;    /* storage for one operation */
  pti_gpu_op_details* ops;   /* more operations (multiple kernels, executions) */
  ptic_op_info* infos;       /* of a DISPATCHED record */
  uint32_t ops_cap, infos_cap;
  uint64_t be[PTIC_BACKEND_FRAME_WORDS]; /* the backend's (ptic__ze_frame, ...) */
} ptic__frame;
/* The record of lane `lane` of frame f as the accessors see it (its role record's, or its
   DRIVER_API record's). */
static PTIC_ALWAYS_INLINE const ptic__cur* ptic__frame_view(const ptic__frame* f, uint32_t lane) {
  return lane == PTIC_LANE_API ? &f->acur : &f->cur;
}

/* How an application's synchronising call waits for what it proves finished (ptic__sync_wait). */
typedef enum ptic__sync_state {
  PTIC_SYNC_NONE = 0,  /* nothing to wait for */
  PTIC_SYNC_ROUND,     /* a full round after sync_round, then as TARGET */
  PTIC_SYNC_TARGET     /* sync_target records delivered */
} ptic__sync_state;

/* Deliveries without a frame (COMPLETED, INTERNAL_EVENT, INTERNAL_THREADS) may nest (a
   callback's call raises an event): each level holds its set in a slot of its own. */
#define PTIC_HP_DEPTH 8u
/* Open ITT tasks a thread keeps the correlation ids of (>>itt); deeper ones end with id 0. */
#define PTIC_MARK_DEPTH 32u

/* A range of memory a thread found (>>memory): len 0, none; cls its ptic__mem_class. */
typedef struct ptic__mem_seen {
  uint64_t base, len;
  uint32_t cls;
} ptic__mem_seen;

typedef struct ptic__thread {
  uint32_t depth;       /* frames in use (these two first, in this order: ptic__depth_ok) */
  uint32_t internal;    /* > 0 while the library itself calls the API */
  uint32_t tid;
  uint32_t nhp;         /* levels of deliveries without a frame running now */
  const ptic__cur* cur; /* the record such a delivery gives now (accessors) */
  ptic__atomic_u64 busy; /* the slots whose callback such a delivery runs now */
  ptic__atomic_ptr hp[PTIC_HP_DEPTH];
  uint32_t corr_next, corr_end; /* correlation ids taken for this thread */
  uint64_t op_next, op_end;     /* operation ids taken for this thread */
  uint32_t ids_epoch;           /* ptic__g.ids_epoch when they were taken */
  struct ptic__ocache* oc;      /* last objects looked up (>>objects), allocated on first use */
  const struct ptic__obj* last[16]; /* per kind: the entry of oc last found (checked on use) */
  struct ptic__done* done;      /* completions collected, delivered once the lock is released */
  uint32_t ndone, done_cap;
  struct ptic__done* cur_done;  /* the COMPLETED record being delivered: its operations */
  uint32_t cur_ndone;
  uint32_t nlate;               /* warnings kept for after a COMPLETED record's callbacks */
  const char* late_msg[2];
  pti_internal_event_type late_type[2];
  ptic__sync_state sync_wait;
  uint64_t sync_round, sync_target;
  uint64_t mem_epoch;           /* ptic__mem_epoch when mem_last was filled (>>memory) */
  ptic__mem_seen mem_last[4];   /* the ranges of memory this thread found last */
  uint32_t mem_next;            /* the entry the next one replaces */
  uint64_t be[PTIC_BACKEND_THREAD_WORDS]; /* the backend's */
  uint32_t nmarks;              /* open ITT tasks on this thread (>>itt), the innermost last */
  uint32_t marks[PTIC_MARK_DEPTH];
  struct ptic__thread *next, *prev; /* ptic__threads */
  ptic__frame frame[PTIC_MAX_NESTING];
} ptic__thread;

/* Every thread's state, for ptiCallbackUnsubscribe to see which callbacks run where: linked
   when made, unlinked when freed. */
static pthread_mutex_t ptic__threads_lock = PTHREAD_MUTEX_INITIALIZER;
static ptic__thread* ptic__threads;

/* Whether a thread other than `self` runs a callback of one of the `slots` now. */
static int ptic__slots_busy(const ptic__thread* self, uint64_t slots) {
  int busy = 0;
  pthread_mutex_lock(&ptic__threads_lock);
  for (const ptic__thread* t = ptic__threads; t && !busy; t = t->next) {
    if (t == self) continue;
    busy = (ptic__atomic_load_u64(&t->busy, PTIC_SEQ_CST) & slots) != 0;
    for (uint32_t d = 0; d < PTIC_MAX_NESTING && !busy; d++)
      busy = (ptic__atomic_load_u64(&t->frame[d].busy, PTIC_SEQ_CST) & slots) != 0;
  }
  pthread_mutex_unlock(&ptic__threads_lock);
  return busy;
}

/* Whether a thread or a frame of one holds set s (ptic__set_publish, registry lock held). */
static int ptic__set_held(const ptic__set* set) {
  int held = 0;
  pthread_mutex_lock(&ptic__threads_lock);
  for (const ptic__thread* t = ptic__threads; t && !held; t = t->next) {
    for (uint32_t d = 0; d < PTIC_HP_DEPTH && !held; d++) held = ptic__atomic_load_ptr(&t->hp[d], PTIC_SEQ_CST) == set;
    for (uint32_t d = 0; d < PTIC_MAX_NESTING && !held; d++)
      held = ptic__atomic_load_ptr(&t->frame[d].hp, PTIC_SEQ_CST) == set;
  }
  pthread_mutex_unlock(&ptic__threads_lock);
  return held;
}

/* The one thread-local variable the hot path reads: initial-exec, so that a tool built as a
   shared library (LD_PRELOAD) reads it without a __tls_get_addr call. A tool that is
   dlopen()ed late into a process with no static TLS room left can define PTIC_TLS_MODEL as
   "global-dynamic". */
#ifndef PTIC_TLS_MODEL
#define PTIC_TLS_MODEL "initial-exec"
#endif
static __thread ptic__thread* ptic__tls __attribute__((tls_model(PTIC_TLS_MODEL)));

/* Whether a traced call of this thread can have a frame: the library is not calling the API
   itself, and the frames are not all in use. On a little-endian machine one 8-byte read of depth
   and internal, which are 0 and below PTIC_MAX_NESTING exactly when it is below that. */
static PTIC_ALWAYS_INLINE int ptic__depth_ok(const ptic__thread* t) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  uint64_t both;
  memcpy(&both, &t->depth, sizeof both);
  return both < PTIC_MAX_NESTING;
#else
  return !t->internal && t->depth < PTIC_MAX_NESTING;
#endif
}

static void ptic__thread_free(void* p) {
  ptic__thread* t = PTIC_CAST(ptic__thread*, p);
  if (!t) return;
  ptic__thread_end_backends(t);
  pthread_mutex_lock(&ptic__threads_lock);
  if (t->prev) t->prev->next = t->next;
  else if (ptic__threads == t) ptic__threads = t->next;
  if (t->next) t->next->prev = t->prev;
  pthread_mutex_unlock(&ptic__threads_lock);
  for (uint32_t i = 0; i < PTIC_MAX_NESTING; i++) {
    PTIC_FREE(t->frame[i].ops);
    PTIC_FREE(t->frame[i].infos);
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

/* Records dropped because a thread's state could not be allocated (reported by the next
   thread that can: ptic__report_dropped). */
static ptic__atomic_u64 ptic__dropped;

static PTIC_NOINLINE ptic__thread* ptic__thread_new(void) {
  ptic__thread* t = PTIC_CAST(ptic__thread*, PTIC_MALLOC(sizeof *t));
  if (!t) {
    ptic__atomic_add_u64(&ptic__dropped, 1, PTIC_RELAXED);
    return NULL;
  }
  memset(t, 0, sizeof *t);
  for (uint32_t i = 0; i < PTIC_MAX_NESTING; i++) {
    ptic__frame* f = &t->frame[i];
    f->owner = t;
    f->api_rec._domain = PTI_CB_DOMAIN_DRIVER_API;
    f->api_rec_of = UINT32_MAX;
    f->acur.rec = &f->api_rec;
    f->acur.frame = f;
    f->acur.dom = PTIC_DOM_DRIVER_API;
    f->cur.rec = &f->r;
    f->cur.frame = f;
  }
  t->tid = ptic__gettid();
  pthread_mutex_lock(&ptic__threads_lock);
  t->next = ptic__threads;
  if (t->next) t->next->prev = t;
  ptic__threads = t;
  pthread_mutex_unlock(&ptic__threads_lock);
  ptic__tls = t;
  if (ptic__g.thread_key_ok) pthread_setspecific(ptic__g.thread_key, t);
  return t;
}
static PTIC_ALWAYS_INLINE ptic__thread* ptic__thread_get(void) {
  ptic__thread* t = ptic__tls;
  return PTIC_LIKELY(t != NULL) ? t : ptic__thread_new();
}

/* Correlation and operation ids: unique in the process, increasing on each thread. A thread
   takes them in blocks, so that no cache line is written by every thread per call; a subscribe
   moves ids_epoch, after which every thread takes a fresh block (operation ids from before a
   subscription stay below its first_op). A thread keeps at least as many operation ids in hand
   as correlation ids (it takes a fresh block of operation ids early when it must), so that
   APPEND's fast ENTER, which takes one of each, looks only at the correlation ids. */
#define PTIC_ID_BLOCK 256u
static void ptic__op_block(ptic__thread* t, uint32_t epoch) {
  uint64_t end = ptic__atomic_add_u64(&ptic__g.next_op, PTIC_ID_BLOCK, PTIC_SEQ_CST);
  t->op_next = end - PTIC_ID_BLOCK + 1u; /* ids start at 1 */
  t->op_end = end + 1u;
  t->ids_epoch = epoch;
}
static PTIC_NOINLINE uint32_t ptic__corr_refill(ptic__thread* t) {
  uint32_t end = ptic__atomic_add_u32(&ptic__g.next_corr, PTIC_ID_BLOCK, PTIC_RELAXED);
  t->corr_next = end - PTIC_ID_BLOCK;
  t->corr_end = end;
  if (t->corr_next == 0) t->corr_next = 1; /* 0 is no correlation id */
  if (t->op_end - t->op_next < PTIC_SCAST(uint32_t, t->corr_end - t->corr_next))
    ptic__op_block(t, ptic__atomic_load_u32(&ptic__g.ids_epoch, PTIC_ACQUIRE));
  return t->corr_next++;
}
static PTIC_ALWAYS_INLINE uint32_t ptic__next_corr_id(ptic__thread* t) {
  if (PTIC_LIKELY(t->corr_next != t->corr_end)) return t->corr_next++;
  return ptic__corr_refill(t);
}
static PTIC_NOINLINE uint64_t ptic__op_refill(ptic__thread* t, uint32_t epoch) {
  ptic__op_block(t, epoch);
  return t->op_next++;
}
static PTIC_ALWAYS_INLINE uint64_t ptic__next_op_id(ptic__thread* t) {
  const uint32_t epoch = ptic__atomic_load_u32(&ptic__g.ids_epoch, PTIC_ACQUIRE);
  if (PTIC_LIKELY(t->op_end - t->op_next > PTIC_SCAST(uint32_t, t->corr_end - t->corr_next) && t->ids_epoch == epoch))
    return t->op_next++;
  return ptic__op_refill(t, epoch);
}

/* API calls the library makes itself: marked so that its own interception ignores them. */
#define PTIC_INTERNAL_CALL(t, expr) ((t)->internal++, (expr), (t)->internal--)

/* ==== >>objects =========================================================================== */
/* The API's objects the library has seen created: a hash map keyed by (a, b) where objects use
   (handle, 0) and kernel ids use (module, interned name). One lock (ptic__objs_lock) guards it
   and the gpu-ops state; writes happen on create and destroy, reads on traced calls that need
   an object's context, device or name, through a per-thread cache. */

/* What an object is (the backends map their API's objects to these). */
typedef enum ptic__obj_kind {
  PTIC_OBJ_NONE = 0,
  PTIC_OBJ_LIST,       /* a command list, immediate or regular */
  PTIC_OBJ_QUEUE,      /* a command queue */
  PTIC_OBJ_FENCE,
  PTIC_OBJ_EVENT_POOL,
  PTIC_OBJ_EVENT,
  PTIC_OBJ_CONTEXT,
  PTIC_OBJ_MODULE,     /* a module or program: code with kernels */
  PTIC_OBJ_KERNEL,
  PTIC_OBJ_KERNEL_ID,  /* (module, kernel name): the id every kernel object made from it shares */
  PTIC_OBJ_MEMORY,     /* a physical memory object (its size, device, flags) */
  PTIC_OBJ_KIND_COUNT
} ptic__obj_kind;
PTI_STATIC_ASSERT(PTIC_OBJ_KIND_COUNT <= 16, "ptic__backend.replay_id and ptic__thread.last have 16 kinds");

typedef struct ptic__obj {
  uintptr_t a, b;       /* key; a == 0: empty; a == 1: deleted */
  uint32_t kind;        /* ptic__obj_kind */
  uint32_t flags;       /* the backend's: a list's pti_backend_command_list_type, a module's
                           format, a pool's or event's flags */
  uint64_t serial;      /* creation order; distinguishes a reused handle */
  void* context;
  void* device;
  void* parent;         /* kernel: module; event: pool; fence: queue; context: driver */
  const char* name;     /* kernel name, interned, lives until exit */
  const char* const* names; /* module: kernel names, interned, lives until exit */
  uint32_t count;       /* module: number of names; list: its queue group ordinal */
  uint32_t lflags;      /* the backend's: a list's PTIC_LF_* */
  uint64_t size;        /* module: binary size */
  uint64_t kernel_id;
  void* ext;            /* the backend's: a regular list's record */
  uint32_t backend;     /* the backend that saw it created */
  uint32_t created_by;  /* the api id of the call that created it; 0: learned otherwise */
  /* queues, lists, event pools, fences (ptic__resource_record): the application's flags, queue
     index, mode, priority, in-order execution; the ordinal (event count of a pool) is count */
  uint32_t aflags;
  uint32_t index;
  uint8_t mode, priority, in_order;
} ptic__obj;
typedef struct ptic__objects {
  ptic__obj* tab;
  size_t cap, used;     /* used counts live and deleted entries */
  char** names;         /* interned strings: the blocks, each string PTIC_INTERN_HEADER bytes in */
  size_t nnames, names_cap;
  const char*** lists;  /* interned name lists (a count first, as a pointer-sized integer) */
  size_t nlists, lists_cap;
  uint64_t next_serial;
} ptic__objects;

static ptic__objects ptic__objs;
/* The objects lock: a futex mutex (0 free, 1 held, 2 held with waiters; PTIC_OBJS_DEFERRED
   added while internal events wait for its release). Taken a few times per tracked operation;
   uncontended it is one atomic instruction each way (a pthread mutex costs ~50 instructions a
   round trip). Waiters sleep in the kernel: the holder may be inside an API call. */
#define PTIC_OBJS_DEFERRED 4u
static ptic__atomic_u32 ptic__objs_word;
/* ptic__objs_epoch (>>registry): moves on every insert and erase */
/* A thread's copy of an object, valid in the epoch it was copied in (the object first: a
   ptic__obj* into the cache points at its entry). */
typedef struct ptic__ocent {
  ptic__obj o;
  uint64_t epoch;
} ptic__ocent;
/* 16 sets of 2: an object may sit in either entry of its set, so that objects whose handles
   share a set (a list and a kernel, say) are both cached, and the lists, queues and kernels a
   thread uses in turn stay cached (32 lists round-robin: about 400 instructions less per tracked
   append than with 2 sets). */
#define PTIC_OC_SETS 16u
typedef struct ptic__ocache {
  ptic__ocent ent[PTIC_OC_SETS * 2u];
} ptic__ocache;
#define PTIC_OC_SET(h) \
  ((((PTIC_CAST(uintptr_t, h) >> 4) ^ (PTIC_CAST(uintptr_t, h) >> 9)) & (PTIC_OC_SETS - 1u)) * 2u)
static PTIC_ALWAYS_INLINE int ptic__oc_valid(const ptic__obj* c, const void* h, uint64_t epoch) {
  return c->a == PTIC_CAST(uintptr_t, h) && PTIC_CAST(const ptic__ocent*, c)->epoch == epoch;
}

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
static PTIC_ALWAYS_INLINE void ptic__objs_lock(void) {
  uint32_t expected = 0;
  if (PTIC_UNLIKELY(!__atomic_compare_exchange_n(&ptic__objs_word.v, &expected, 1u, 0, __ATOMIC_ACQUIRE,
                                                 __ATOMIC_RELAXED)))
    ptic__objs_wait();
  ptic__atomic_store_u64(&ptic__objs_owner, ptic__self(), PTIC_RELAXED);
}
/* Releasing with waiters to wake or internal events deferred (raised once the lock is
   released). A waiter's exchange may have replaced PTIC_OBJS_DEFERRED by 2: the events are
   looked for here whatever the word held. */
static PTIC_NOINLINE void ptic__objs_unlock_slow(void) {
  pti_internal_event_type type[8];
  const char* msg[8];
  const uint32_t n = ptic__defer.n;
  for (uint32_t i = 0; i < n; i++) {
    type[i] = ptic__defer.type[i];
    msg[i] = ptic__defer.msg[i];
  }
  ptic__defer.n = 0;
  if (__atomic_exchange_n(&ptic__objs_word.v, 0u, __ATOMIC_RELEASE) & 2u)
    syscall(SYS_futex, &ptic__objs_word.v, 129 /* FUTEX_WAKE_PRIVATE */, 1, NULL, NULL, 0);
  for (uint32_t i = 0; i < n; i++) ptic__internal_event_now(type[i], msg[i]);
}
/* (lock and unlock inline: taken about three times per tracked operation) */
static PTIC_ALWAYS_INLINE void ptic__objs_unlock(void) {
  ptic__atomic_store_u64(&ptic__objs_owner, 0, PTIC_RELAXED);
  uint32_t held = 1u; /* (no waiter, nothing deferred) */
  if (PTIC_UNLIKELY(!__atomic_compare_exchange_n(&ptic__objs_word.v, &held, 0u, 0, __ATOMIC_RELEASE,
                                                 __ATOMIC_RELAXED)))
    ptic__objs_unlock_slow();
}

/* An internal event raised while this thread holds the objects lock: kept (the first 8) and
   raised once the lock is released. Returns 0 when this thread does not hold it. */
static int ptic__objs_defer(pti_internal_event_type type, const char* msg) {
  if (ptic__atomic_load_u64(&ptic__objs_owner, PTIC_RELAXED) != ptic__self()) return 0;
  if (ptic__defer.n < 8) {
    ptic__defer.type[ptic__defer.n] = type;
    ptic__defer.msg[ptic__defer.n++] = msg;
    __atomic_fetch_or(&ptic__objs_word.v, PTIC_OBJS_DEFERRED, __ATOMIC_RELAXED); /* (unlock looks) */
  }
  return 1;
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

/* Make room in a malloc'd array for `need` elements (n of them in use); 0 when out of memory.
   (The check inline: collection and tracking call it per operation.) */
static PTIC_NOINLINE int ptic__reserve_grow(void* arrayp, size_t n, size_t need, size_t* cap, size_t elem) {
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
static PTIC_ALWAYS_INLINE int ptic__reserve(void* arrayp, size_t n, size_t need, size_t* cap, size_t elem) {
  return need <= *cap || ptic__reserve_grow(arrayp, n, need, cap, elem);
}
/* Room for one more. */
static PTIC_ALWAYS_INLINE int ptic__grow(void* arrayp, size_t n, size_t* cap, size_t elem) {
  return ptic__reserve(arrayp, n, n + 1, cap, elem);
}

/* An interned copy of s, or NULL when out of memory. Its index in ptic__objs.names precedes it
   (ptic__name_ref); ptic__objs.names holds the blocks (so that a leak checker at exit sees them
   reachable, not only through pointers into them). Lock held. */
#define PTIC_INTERN_HEADER 8u
#define PTIC_NAME_API 0x80000000u /* (ptic__name_ref_*) */
#define PTIC_NAME_OWN 16u
static const char* ptic__intern(const char* s) {
  if (!s) return NULL;
  for (size_t i = 0; i < ptic__objs.nnames; i++)
    if (strcmp(ptic__objs.names[i] + PTIC_INTERN_HEADER, s) == 0) return ptic__objs.names[i] + PTIC_INTERN_HEADER;
  if (ptic__objs.nnames >= 0x7fffffffu ||
      !ptic__grow(&ptic__objs.names, ptic__objs.nnames, &ptic__objs.names_cap, sizeof(char*)))
    return NULL;
  size_t len = strlen(s) + 1;
  char* c = PTIC_CAST(char*, PTIC_MALLOC(PTIC_INTERN_HEADER + len));
  if (!c) return NULL;
  const uint32_t index = PTIC_SCAST(uint32_t, ptic__objs.nnames);
  memcpy(c, &index, sizeof index);
  memcpy(c + PTIC_INTERN_HEADER, s, len);
  ptic__objs.names[ptic__objs.nnames++] = c;
  return c + PTIC_INTERN_HEADER;
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
  if (!t->oc) {
    if (!(t->oc = PTIC_CAST(ptic__ocache*, PTIC_MALLOC(sizeof *t->oc)))) return NULL;
    memset(t->oc, 0, sizeof *t->oc);
  }
  ptic__ocent* e = &t->oc->ent[PTIC_OC_SET(h)];
  /* the set's first entry unless it holds another object of this epoch: its second */
  if (e->o.a != 0 && e->o.a != PTIC_CAST(uintptr_t, h) && e->epoch == epoch) e++;
  const ptic__obj* found = NULL;
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, h), 0);
  if (o && o->kind == kind) {
    e->o = *o;
    e->epoch = epoch;
    found = &e->o;
  }
  ptic__objs_unlock();
  return found;
}

static PTIC_ALWAYS_INLINE const ptic__obj* ptic__obj_peek(const void* h, uint32_t kind) {
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE);
  ptic__thread* t = ptic__tls;
  const ptic__ocache* oc = t ? t->oc : NULL;
  if (PTIC_LIKELY(oc != NULL)) {
    const ptic__obj* c = t->last[kind & 15u]; /* the same object as last time: one compare */
    if (PTIC_LIKELY(c && ptic__oc_valid(c, h, epoch) && c->kind == kind)) return c;
    c = &oc->ent[PTIC_OC_SET(h)].o;
    if (!ptic__oc_valid(c, h, epoch)) c = &oc->ent[PTIC_OC_SET(h) + 1u].o;
    if (PTIC_LIKELY(h && ptic__oc_valid(c, h, epoch))) {
      if (c->kind != kind) return NULL;
      t->last[kind & 15u] = c;
      return c;
    }
  }
  return ptic__obj_miss(h, kind, epoch);
}

/* ptic__obj_peek for the hot paths: the object this thread looked up last of the kind, else
   the full lookup. */
static PTIC_ALWAYS_INLINE const ptic__obj* ptic__obj_last(ptic__thread* t, const void* h, uint32_t kind,
                                                         uint64_t epoch) {
  const ptic__obj* c = t->last[kind];
  if (PTIC_LIKELY(c && ptic__oc_valid(c, h, epoch) && c->kind == kind)) return c;
  return ptic__obj_peek(h, kind);
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
static void ptic__track_kernel(uint32_t backend, const void* kernel, const void* module, const char* name,
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
    o->backend = backend;
    o->parent = PTIC_PTR(module);
    o->context = mod.context;
    o->device = mod.device;
    o->name = iname;
    o->kernel_id = id;
    *out = *o;
  }
  ptic__objs_unlock();
}

/* ==== >>memory ============================================================================ */
/* The memory the application holds, as the library saw it allocated or learned of it from the
   API when a pointer it had not seen was used: two sorted arrays of address ranges, the memory
   a pointer may point into (USM of every kind, IPC memory, mappings) and the reservations of
   virtual addresses. The objects lock guards them; ptic__mem_epoch moves on every change, and
   each thread keeps the ranges it found last (ptic__mem_cached). They name memory
   operations by the kinds of their pointers and give a free what its allocation had. A range
   that overlaps a new one is stale (its free was missed, or its context destroyed): cut. */

typedef struct ptic__range {
  uint64_t base, end;  /* [base, end): end is base + size, at least base + 1 */
  uint64_t size, alignment, flags;
  void* device;
  void* context;
  void* object;        /* a mapping's physical memory */
  uint64_t serial;     /* distinguishes a reused address */
  uint32_t kind;       /* ptic_memory_kind */
  uint32_t cls;        /* ptic__mem_class */
} ptic__range;
/* How a memory operation's name shows the memory a pointer is in (its index in the names:
   "(M2D)" is source PLAIN, destination DEVICE). */
typedef enum ptic__mem_class {
  PTIC_MEMC_PLAIN = 0, /* M: memory of no allocation the API knows */
  PTIC_MEMC_HOST,      /* H */
  PTIC_MEMC_DEVICE,    /* D */
  PTIC_MEMC_SHARED     /* S */
} ptic__mem_class;
typedef struct ptic__mem_ranges {
  ptic__range* v;
  size_t n, cap;
} ptic__mem_ranges;
enum { PTIC_MEM_ADDRESSABLE = 0, PTIC_MEM_RESERVED = 1 };
static ptic__mem_ranges ptic__mem[2];
static ptic__atomic_u64 ptic__mem_epoch;
static uint64_t ptic__mem_serial;

/* The index of the first range whose base is above p. Lock held. */
static size_t ptic__mem_upper(const ptic__mem_ranges* m, uint64_t p) {
  size_t lo = 0, hi = m->n;
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (m->v[mid].base <= p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* The range that holds p, or NULL. Lock held. */
static ptic__range* ptic__mem_find(unsigned which, uint64_t p) {
  ptic__mem_ranges* m = &ptic__mem[which];
  const size_t i = ptic__mem_upper(m, p);
  return i && p < m->v[i - 1].end ? &m->v[i - 1] : NULL;
}

static int ptic__mem_room(ptic__mem_ranges* m) { return ptic__grow(&m->v, m->n, &m->cap, sizeof *m->v); }

/* Take [lo, hi) out of the ranges: those inside go, those across an end are trimmed, one
   around it is split. Returns 0 when out of memory for a split (its tail is then lost). Lock
   held. */
static int ptic__mem_cut(unsigned which, uint64_t lo, uint64_t hi) {
  ptic__mem_ranges* m = &ptic__mem[which];
  size_t i = ptic__mem_upper(m, lo);
  int ok = 1;
  if (i) i--;
  while (i < m->n && m->v[i].base < hi) {
    ptic__range* r = &m->v[i];
    if (r->end <= lo) {
      i++;
    } else if (r->base < lo && r->end > hi) { /* around it: the head stays, the tail is new */
      if (!ptic__mem_room(m)) {
        m->v[i].end = lo;
        ok = 0;
        break;
      }
      r = &m->v[i];
      memmove(r + 2, r + 1, (m->n - i - 1) * sizeof *r);
      r[1] = r[0];
      r[1].base = hi;
      r[0].end = lo;
      m->n++;
      break;
    } else if (r->base < lo) {
      r->end = lo;
      i++;
    } else if (r->end > hi) {
      r->base = hi;
      break;
    } else {
      memmove(r, r + 1, (m->n - i - 1) * sizeof *r);
      m->n--;
    }
  }
  ptic__atomic_add_u64(&ptic__mem_epoch, 1, PTIC_RELEASE);
  return ok;
}

/* Add a range (ranges it overlaps are cut first); returns its serial, 0 when out of memory.
   Lock held. */
static uint64_t ptic__mem_insert(unsigned which, const ptic__range* r) {
  ptic__mem_ranges* m = &ptic__mem[which];
  ptic__mem_cut(which, r->base, r->end);
  if (!ptic__mem_room(m)) return 0;
  const size_t i = ptic__mem_upper(m, r->base);
  memmove(&m->v[i + 1], &m->v[i], (m->n - i) * sizeof *m->v);
  m->v[i] = *r;
  m->v[i].serial = ++ptic__mem_serial;
  m->n++;
  return m->v[i].serial;
}

/* Remove the range at base if it is still the one of that serial. Lock held. */
static void ptic__mem_remove(unsigned which, uint64_t base, uint64_t serial) {
  ptic__range* r = ptic__mem_find(which, base);
  if (r && r->base == base && r->serial == serial) ptic__mem_cut(which, r->base, r->end);
}

/* A context is gone, and its memory with it. Lock held. */
static void ptic__mem_drop_context(const void* ctx) {
  for (unsigned w = 0; w < 2; w++) {
    ptic__mem_ranges* m = &ptic__mem[w];
    size_t k = 0;
    for (size_t i = 0; i < m->n; i++)
      if (m->v[i].context != ctx) m->v[k++] = m->v[i];
    m->n = k;
  }
  ptic__atomic_add_u64(&ptic__mem_epoch, 1, PTIC_RELEASE);
}

/* The range this thread found last that holds p, or NULL. */
static PTIC_ALWAYS_INLINE const ptic__mem_seen* ptic__mem_cached(const ptic__thread* t, uint64_t p) {
  if (PTIC_LIKELY(t->mem_epoch == ptic__atomic_load_u64(&ptic__mem_epoch, PTIC_ACQUIRE)))
    for (unsigned i = 0; i < 4u; i++)
      if (p - t->mem_last[i].base < t->mem_last[i].len) return &t->mem_last[i];
  return NULL;
}

/* Keep [base, base + len) of class cls as this thread's, found at epoch. */
static const ptic__mem_seen* ptic__mem_keep(ptic__thread* t, uint64_t epoch, uint64_t base, uint64_t len,
                                            uint32_t cls) {
  if (t->mem_epoch != epoch) {
    memset(t->mem_last, 0, sizeof t->mem_last);
    t->mem_epoch = epoch;
  }
  ptic__mem_seen* e = &t->mem_last[t->mem_next++ & 3u];
  e->base = base;
  e->len = len;
  e->cls = cls;
  return e;
}

/* ptic__mem_cached, else the range of the map that holds p (kept as this thread's); NULL when
   none does (the backend asks its API). */
static const ptic__mem_seen* ptic__mem_lookup(ptic__thread* t, uint64_t p) {
  const ptic__mem_seen* e = ptic__mem_cached(t, p);
  if (e) return e;
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__mem_epoch, PTIC_ACQUIRE);
  ptic__objs_lock();
  const ptic__range* r = ptic__mem_find(PTIC_MEM_ADDRESSABLE, p);
  if (r) e = ptic__mem_keep(t, epoch, r->base, r->end - r->base, r->cls);
  ptic__objs_unlock();
  return e;
}

/* ==== >>delivery ========================================================================== */
/* One record to the subscribers of its domain and phase, through the current set (>>set):
   ENTER and single-phase records in subscription order, EXIT records in reverse. Per
   subscriber: its slot marked busy, its callback read (a stub once its subscription no longer
   holds), called. A frame's records (ptic__deliver_frame) keep each subscriber's instance data
   from ENTER to EXIT; records without a frame (ptic__deliver_thread: COMPLETED, INTERNAL_EVENT,
   INTERNAL_THREADS) give a scratch slot. No library lock is held while a callback runs. */

static void ptic__internal_event(ptic__thread* t, pti_internal_event_type type, const char* msg);

/* A callback threw a C++ exception: caught here (PTIC_CATCH_CALLBACKS) or by the forwarding copy
   that subscribed it (>>hub). */
static PTIC_NOINLINE void ptic__callback_threw(ptic__thread* t) {
  ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_CRITICAL,
                       "a callback threw a C++ exception: the library caught it and went on "
                       "(callbacks must not throw)");
}

/* Call one subscriber's callback (cbp) with record `cur` of public domain `dom`. A C++ exception it throws
   (PTIC_CATCH_CALLBACKS) is caught here: reported by an INTERNAL_EVENT raised with the busy mark
   restored to `idle`, and the delivery goes on. */
static PTIC_ALWAYS_INLINE void ptic__call(ptic__thread* t, ptic__atomic_u64* busy, uint64_t idle, void* cbp,
                                          pti_callback_domain dom, const ptic__cur* cur, void* user, void** inst) {
  pti_callback_function cb;
  memcpy(&cb, &cbp, sizeof cb);
#ifdef PTIC_CATCH_CALLBACKS
  try {
#endif
    cb(dom, cur->group, cur->api_id, cur->ctx, PTIC_PTR(cur->rec), user, inst);
#ifdef PTIC_CATCH_CALLBACKS
  } catch (abi::__forced_unwind&) { /* thread cancellation: must go on, with the mark cleared */
    ptic__atomic_store_u64(busy, idle, PTIC_RELEASE);
    throw;
  } catch (...) {
    const uint64_t mark = ptic__atomic_xchg_u64(busy, idle, PTIC_RELEASE);
    if (cur->dom != PTIC_DOM_INTERNAL_EVENT) ptic__callback_threw(t); /* (not again from its own) */
    ptic__atomic_store_u64(busy, mark, PTIC_RELAXED);
  }
#else
  PTIC_UNUSED(t);
  PTIC_UNUSED(busy);
  PTIC_UNUSED(idle);
#endif
}

/* Hold the current set in hazard pointer hp: stored, then checked to be still current (a
   publication makes its set current before it looks which sets are held). */
static PTIC_NOINLINE const ptic__set* ptic__set_hold(ptic__atomic_ptr* hp) {
  for (;;) {
    void* set = ptic__atomic_load_ptr(&ptic__g.set, PTIC_SEQ_CST);
    ptic__atomic_store_ptr(hp, set, PTIC_SEQ_CST);
    if (ptic__atomic_load_ptr(&ptic__g.set, PTIC_SEQ_CST) == set) return PTIC_CAST(const ptic__set*, set);
  }
}
/* The current set, held in hp: the common case is that hp holds it already. */
static PTIC_ALWAYS_INLINE const ptic__set* ptic__set_of(ptic__atomic_ptr* hp) {
  void* const set = ptic__atomic_load_ptr(&ptic__g.set, PTIC_ACQUIRE);
  if (PTIC_LIKELY(ptic__atomic_load_ptr(hp, PTIC_RELAXED) == set)) return PTIC_CAST(const ptic__set*, set);
  return ptic__set_hold(hp);
}

/* The current set, held by frame f. When the frame takes another one, the subscriptions that
   received its ENTER records (f->entered) stay only where the slot's generation is the same in
   the new set (a slot that changed hands was unsubscribed): f->gen keeps the held set's. */
static PTIC_NOINLINE const ptic__set* ptic__frame_take_set(ptic__frame* f) {
  const ptic__set* const set = ptic__set_hold(&f->hp);
  for (unsigned lane = 0; lane < 2u; lane++)
    for (uint64_t b = f->entered[lane]; b; b &= b - 1) {
      const unsigned slot = PTIC_SCAST(unsigned, __builtin_ctzll(b));
      if (f->gen[slot] != set->gen[slot]) f->entered[lane] &= ~PTIC_SLOT_BIT(slot);
    }
  memcpy(f->gen, set->gen, sizeof f->gen);
  return set;
}
static PTIC_ALWAYS_INLINE const ptic__set* ptic__frame_set(ptic__frame* f) {
  void* const set = ptic__atomic_load_ptr(&ptic__g.set, PTIC_ACQUIRE);
  if (PTIC_LIKELY(ptic__atomic_load_ptr(&f->hp, PTIC_RELAXED) == set)) return PTIC_CAST(const ptic__set*, set);
  return ptic__frame_take_set(f);
}

/* A frame's record of `lane` (f->cur or f->acur) to the subscribers of mask bit `bit`. At ENTER
   each subscriber's instance-data slot is cleared and the frame notes who received it (the
   role's: the whole list, in one store); at EXIT a subscriber keeps its slot if it received this
   call's ENTER (the same subscription: ptic__frame_set). DRIVER_API records go to the
   subscribers that have the function on. Inline in the four functions below, one per lane and
   phase: what the loop keeps across a callback is the entry and the frame. */
static PTIC_ALWAYS_INLINE void ptic__deliver_frame_at(ptic__frame* f, unsigned lane, size_t bit, int exit_phase) {
  const ptic__set* const set = ptic__frame_set(f);
  const ptic__sent* e = set->list[bit];
  const ptic__cur* const cur = ptic__frame_view(f, lane);
  const ptic__atomic_u64* const api_subs = &ptic__g.api_subs[f->api][exit_phase ? 1 : 0];
  if (lane == PTIC_LANE_API) f->live = PTIC_LANE_API;
  if (!exit_phase) { /* (the DRIVER_API lane's: 0 since the frame's push, ptic__call_enter) */
    if (lane != PTIC_LANE_API) f->entered[lane] = set->slots[bit];
  } else if (lane != PTIC_LANE_API) { /* (those the role's ENTER missed, before the loop: usually none) */
    for (uint64_t b = set->slots[bit] & ~f->entered[lane]; b; b &= b - 1)
      f->inst[lane][__builtin_ctzll(b)] = NULL;
  }
  for (; e->sbit; e++) {
    if (lane == PTIC_LANE_API && !(ptic__atomic_load_u64(api_subs, PTIC_RELAXED) & e->sbit)) continue;
    ptic__atomic_store_u64(&f->busy, e->sbit, PTIC_SEQ_CST);
    void* const cbp = ptic__atomic_load_ptr(&e->cb, PTIC_SEQ_CST);
    void** const inst = &f->inst[lane][e->slot];
    if (!exit_phase) {
      *inst = NULL;
      if (lane == PTIC_LANE_API) f->entered[lane] |= e->sbit;
    } else if (lane == PTIC_LANE_API && !(f->entered[lane] & e->sbit)) {
      *inst = NULL;
    }
    ptic__call(f->owner, &f->busy, 0u, cbp, e->domain, cur, e->user, inst);
  }
  ptic__atomic_store_u64(&f->busy, 0u, PTIC_RELEASE);
  if (lane == PTIC_LANE_API) f->live = PTIC_LANE_ROLE;
}
/* The ENTER records and the EXIT records of the role's record (bit: its domain's bit of that
   phase) and of the DRIVER_API record. With end_api_id, the role's EXIT records end the call
   (ptic__call_exit then, with that api id). */
static PTIC_ALWAYS_INLINE void ptic__call_exit(struct ptic__thread* t, uint32_t api_id);
static PTIC_NOINLINE PTIC_CALLS_MANY void ptic__deliver_role_enter(ptic__frame* f, size_t bit) {
  ptic__deliver_frame_at(f, PTIC_LANE_ROLE, bit, 0);
}
static PTIC_NOINLINE PTIC_CALLS_MANY void ptic__deliver_role_exit(ptic__frame* f, size_t bit, uint32_t end_api_id) {
  ptic__deliver_frame_at(f, PTIC_LANE_ROLE, bit, 1);
  if (end_api_id) ptic__call_exit(f->owner, end_api_id);
}

/* Records dropped for lack of memory or of room (nested deliveries), said by an INTERNAL_EVENT
   as soon as one can be delivered. */
static PTIC_NOINLINE void ptic__drop(ptic__thread* t);

/* The slots of `subs` whose subscription is not newer than operation id `oldest` (a slot reused
   by a later subscription gets none of its predecessor's operations). */
static PTIC_NOINLINE uint64_t ptic__subs_since(uint64_t subs, uint64_t oldest) {
  for (uint64_t b = subs; b; b &= b - 1) {
    const unsigned slot = PTIC_SCAST(unsigned, __builtin_ctzll(b));
    if (ptic__atomic_load_u64(&ptic__g.slot[slot].first_op, PTIC_RELAXED) > oldest) subs &= ~PTIC_SLOT_BIT(slot);
  }
  return subs;
}

/* A record without a frame (`cur`) to the subscribers of mask bit `bit` that are in `only`. For
   COMPLETED records, `oldest` is their oldest operation's id: a subscription newer than that
   (it may have taken the slot of one the operations are for) is left out, also one made while
   the record is delivered: a set that holds it comes after its first operation id is set. The
   thread's busy mark keeps the marks of the deliveries it runs inside; the accessors see `cur`. */
static PTIC_ALWAYS_INLINE void ptic__deliver_thread_at(ptic__thread* t, const ptic__cur* cur, unsigned bit,
                                                       uint64_t only, uint64_t oldest) {
  if (PTIC_UNLIKELY(t->nhp >= PTIC_HP_DEPTH)) {
    ptic__drop(t);
    return;
  }
  const ptic__sent* e = ptic__set_of(&t->hp[t->nhp++])->list[bit];
  if (oldest && PTIC_UNLIKELY(ptic__atomic_load_u64(&ptic__g.newest_first_op, PTIC_ACQUIRE) > oldest))
    only = ptic__subs_since(only, oldest);
  const ptic__cur* const prev = t->cur;
  const uint64_t outer = ptic__atomic_load_u64(&t->busy, PTIC_RELAXED);
  t->cur = cur;
  for (; e->sbit; e++) {
    if (!(only & e->sbit)) continue;
    ptic__atomic_store_u64(&t->busy, outer | e->sbit, PTIC_SEQ_CST);
    void* scratch = NULL;
    ptic__call(t, &t->busy, outer, ptic__atomic_load_ptr(&e->cb, PTIC_SEQ_CST), e->domain, cur, e->user, &scratch);
    t->cur = cur; /* (a nested delivery of a throwing callback's event restored it) */
  }
  ptic__atomic_store_u64(&t->busy, outer, PTIC_RELEASE);
  t->cur = prev;
  t->nhp--;
}
static PTIC_NOINLINE PTIC_CALLS_MANY void ptic__deliver_thread(ptic__thread* t, const ptic__cur* cur, unsigned bit,
                                                              uint64_t only, uint64_t oldest) {
  ptic__deliver_thread_at(t, cur, bit, only, oldest);
}

/* A record without a frame to one subscription (slot, while it has generation gen), whether or
   not it still has the domain on (pticReplay, the records of ptiCallbackUnsubscribe). */
static void ptic__deliver_one(ptic__thread* t, const ptic__cur* cur, uint32_t slot, uint32_t gen) {
  ptic__slot* s = &ptic__g.slot[slot];
  const uint64_t outer = ptic__atomic_load_u64(&t->busy, PTIC_RELAXED);
  /* marked before the slot is looked at: an unsubscribe that ends it then waits */
  ptic__atomic_store_u64(&t->busy, outer | PTIC_SLOT_BIT(slot), PTIC_SEQ_CST);
  if (ptic__atomic_load_u32(&s->gen, PTIC_SEQ_CST) == gen && !ptic__is_down()) {
    const ptic__cur* const prev = t->cur;
    t->cur = cur;
    void* scratch = NULL;
    ptic__call(t, &t->busy, outer, ptic__atomic_load_ptr(&s->cb, PTIC_ACQUIRE), ptic__dom_public[cur->dom], cur,
               ptic__atomic_load_ptr(&s->user, PTIC_RELAXED), &scratch);
    t->cur = prev;
  }
  ptic__atomic_store_u64(&t->busy, outer, PTIC_RELEASE);
}

/* Whether this thread runs a callback now (a busy mark is set for the whole of it: the thread's,
   or that of a frame in use). */
static PTIC_ALWAYS_INLINE int ptic__in_callback(const ptic__thread* t) {
  if (ptic__atomic_load_u64(&t->busy, PTIC_RELAXED)) return 1;
  for (uint32_t d = t->depth; d-- > 0;)
    if (ptic__atomic_load_u64(&t->frame[d].busy, PTIC_RELAXED)) return 1;
  return 0;
}

/* The accessors' view of record `rec` while this thread runs a callback: the one a delivery
   without a frame set (t->cur), or the one a frame's delivery gives (f->live's, while the frame's
   busy mark says that delivery runs a callback). NULL otherwise: not a record being delivered
   on this thread. (t->cur is set only while such a delivery runs: the thread's busy mark is
   set while one of its callbacks runs, also when a frame's delivery runs inside it.) */
static PTIC_ALWAYS_INLINE const ptic__cur* ptic__cur_of(const ptic__thread* t, const void* rec) {
  if (!t || !rec) return NULL;
  if (ptic__atomic_load_u64(&t->busy, PTIC_RELAXED) && t->cur && t->cur->rec == rec) return t->cur;
  for (uint32_t d = t->depth; d-- > 0;) {
    const ptic__cur* live = ptic__frame_view(&t->frame[d], t->frame[d].live);
    if (ptic__atomic_load_u64(&t->frame[d].busy, PTIC_RELAXED) && live->rec == rec) return live;
  }
  return NULL;
}

/* The group an internal record carries: the API of the call this thread is in, or else the
   first backend whose interception is installed (the first backend before any is). */
static pti_api_group_id ptic__internal_group(const ptic__thread* t) {
  if (t && t->depth) return ptic__fns[t->frame[t->depth - 1].api].group;
  for (uint32_t b = 0; b < ptic__backend_count(); b++)
    if (ptic__g.installed & (1u << b)) return ptic__backend_at(b)->group;
  return ptic__backend_at(0)->group;
}

/* Report a problem of the library through INTERNAL_EVENT (never printed). msg is a literal or
   lives until exit. To the subscribers in `only`; raised while the objects lock is held, it
   waits until the lock is released (no callback runs under a library lock): then to everyone. */
static void ptic__internal_event_to(ptic__thread* t, pti_internal_event_type type, const char* msg,
                                    uint64_t only) {
  if (!(ptic__mask_load() & PTIC_BIT(PTIC_DOM_INTERNAL_EVENT, 1u))) return;
  if (ptic__objs_defer(type, msg)) return;
  if (!t && !(t = ptic__thread_get())) return;
  pti_internal_callback_data d;
  memset(&d, 0, sizeof d);
  d._domain = PTI_CB_DOMAIN_INTERNAL_EVENT;
  d._phase = PTI_CB_PHASE_INTERNAL_EVENT;
  d._detail = PTIC_SCAST(uint32_t, type);
  d._message = msg;
  ptic__cur cur;
  memset(&cur, 0, sizeof cur);
  cur.rec = &d;
  cur.dom = PTIC_DOM_INTERNAL_EVENT;
  cur.phase = PTI_CB_PHASE_INTERNAL_EVENT;
  cur.group = ptic__internal_group(t);
  ptic__deliver_thread(t, &cur, PTIC_DOM_INTERNAL_EVENT * 2u, only, 0);
}
static void ptic__internal_event(ptic__thread* t, pti_internal_event_type type, const char* msg) {
  ptic__internal_event_to(t, type, msg, PTIC_ALL_SLOTS);
}
static void ptic__internal_event_now(pti_internal_event_type type, const char* msg) {
  ptic__internal_event(ptic__tls, type, msg);
}

static PTIC_NOINLINE void ptic__drop(ptic__thread* t) {
  PTIC_UNUSED(t);
  ptic__atomic_add_u64(&ptic__dropped, 1, PTIC_RELAXED);
}
/* Say that records were dropped (from a thread that is not inside a delivery). */
static void ptic__report_dropped(ptic__thread* t) {
  if (PTIC_LIKELY(!ptic__atomic_load_u64(&ptic__dropped, PTIC_RELAXED)) || t->nhp) return;
  if (ptic__atomic_xchg_u64(&ptic__dropped, 0, PTIC_RELAXED))
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "records were not delivered: out of memory (a thread's state or a record could not "
                         "be allocated), or deliveries nested deeper than the library allows");
}

/* ==== >>calls ============================================================================= */
/* A traced call's frame, for the backends' role functions: taken at ENTER (ptic__call_enter),
   its records delivered (ptic__deliver_frame), given back at EXIT (ptic__call_exit), which
   delivers the completions collected meanwhile. */

/* The thread of a traced call that can have a frame, or NULL: a call the library makes itself,
   a thread whose state cannot be allocated, or calls nested deeper than PTIC_MAX_NESTING (said
   by an INTERNAL_EVENT). */
static PTIC_NOINLINE ptic__thread* ptic__call_thread_slow(void) {
  ptic__thread* t = ptic__thread_get();
  if (!t || t->internal) return NULL;
  if (t->depth >= PTIC_MAX_NESTING) {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "API calls nested deeper than PTIC_MAX_NESTING: one is not reported");
    return NULL;
  }
  return t;
}
static PTIC_ALWAYS_INLINE ptic__thread* ptic__call_thread(void) {
  ptic__thread* const t = ptic__tls;
  if (PTIC_LIKELY(t && ptic__depth_ok(t))) return t;
  return ptic__call_thread_slow();
}

/* The frame of a call of function `api` (global index) on thread t (ptic__call_thread); *inst
   points to it. The role sets its record's domain (f->cur.dom) and context. */
static PTIC_ALWAYS_INLINE ptic__frame* ptic__call_enter(ptic__thread* t, uint32_t api, void* params, void** inst) {
  const uint32_t corr_id = ptic__next_corr_id(t);
  ptic__frame* f = &t->frame[t->depth++];
  PTIC_KEEP(f);
  f->api = api;
  f->params = params;
  f->corr_id = corr_id;
  f->entered[PTIC_LANE_ROLE] = f->entered[PTIC_LANE_API] = 0; /* (no ENTER record may be delivered) */
  *inst = f;
  return f;
}
/* APPEND's fast ENTER, after its backend checked that this thread has a correlation id in hand
   (corr_next short of corr_end; then it has an operation id too: ptic__next_op_id): frame f
   pushed for call `api`, with one operation's ids and the APPENDED ENTER record's per-call
   fields (the rest of the record is the frame's, as its key describes it); ctx: the record's
   context. */
static PTIC_ALWAYS_INLINE void ptic__append_frame_push(ptic__thread* t, ptic__frame* f, uint32_t api, void* params,
                                                       void* ctx) {
  t->depth++;
  f->api = api;
  f->params = params;
  f->corr_id = t->corr_next++;
  f->entered[PTIC_LANE_ROLE] = f->entered[PTIC_LANE_API] = 0;
  f->r.gpu._phase = PTI_CB_PHASE_API_ENTER;
  f->r.gpu._return_code = 0;
  f->r.gpu._correlation_id = f->corr_id;
  f->op1._operation_id = t->op_next++;
  f->cur.dom = PTIC_DOM_APPENDED; /* (another role's call in this frame may have changed these) */
  f->cur.ctx = ctx;
  f->cur.phase = PTI_CB_PHASE_API_ENTER;
}
/* The role record's domain, api id and group (what its records need besides the record). */
static PTIC_ALWAYS_INLINE void ptic__frame_record(ptic__frame* f, unsigned dom, pti_callback_phase phase) {
  f->cur.dom = dom;
  f->cur.phase = phase;
  ptic__fn_describes(&ptic__fns[f->api], &f->cur, NULL);
}
/* The DRIVER_API record of the call in `phase` (rc: the call's result at EXIT), delivered to
   the subscribers that want the function in that phase; ctx: the record's context. What depends
   on the function alone is written when the frame's record last described another one. With
   `end` at EXIT, the record ends the call (ptic__call_exit then, with the record's api id). One
   function per phase. */
static PTIC_ALWAYS_INLINE void ptic__api_record(ptic__frame* f, pti_callback_phase phase, uint32_t rc, void* ctx) {
  ptic_api_data* const a = &f->api_rec;
  if (PTIC_UNLIKELY(f->api_rec_of != f->api)) {
    f->api_rec_of = f->api;
    ptic__fn_describes(&ptic__fns[f->api], &f->acur, a);
  }
  a->_phase = phase;
  a->_return_code = rc;
  a->_correlation_id = f->corr_id;
  a->_params = f->params;
  f->acur.phase = phase;
  f->acur.ctx = ctx;
}
static PTIC_NOINLINE PTIC_CALLS_MANY void ptic__deliver_api_enter(ptic__frame* f, void* ctx) {
  ptic__api_record(f, PTI_CB_PHASE_API_ENTER, 0, ctx);
  ptic__deliver_frame_at(f, PTIC_LANE_API, PTIC_DOM_DRIVER_API * 2u, 0);
}
static PTIC_NOINLINE PTIC_CALLS_MANY void ptic__deliver_api_exit(ptic__frame* f, uint32_t rc, void* ctx, int end) {
  ptic__api_record(f, PTI_CB_PHASE_API_EXIT, rc, ctx);
  ptic__deliver_frame_at(f, PTIC_LANE_API, PTIC_DOM_DRIVER_API * 2u + 1u, 1);
  if (end) ptic__call_exit(f->owner, f->acur.api_id);
}
static PTIC_ALWAYS_INLINE void ptic__deliver_api(ptic__frame* f, pti_callback_phase phase, uint32_t rc, void* ctx) {
  if (phase == PTI_CB_PHASE_API_ENTER) ptic__deliver_api_enter(f, ctx);
  else ptic__deliver_api_exit(f, rc, ctx, 0);
}

/* ==== >>gpu-ops =========================================================================== */
/* DISPATCHED and COMPLETED, as far as they know no API. Every GPU operation appended or
   dispatched while a subscriber has COMPLETED on becomes pending here, with the slots that
   receive its COMPLETED record (subs), until its backend reads that it finished (or cannot
   finish: LOST). Operations wait in streams: an immediate list's or queue's operations in
   submission order (PTIC_STREAM_OPS), or its executions of regular lists (PTIC_STREAM_BATCHES,
   the backend's records). A collected operation becomes a record (ptic__done) on the ready
   list, delivered by one thread at a time in collection order, or on the collecting thread's
   own list. The rule of synchronising calls (ptic__sync_exit): what a call proves finished is
   delivered to every subscriber before the call returns. All state here is under the objects
   lock (ptic__objs_lock); no callback runs while it is held. */

#define PTIC_NIL 0xffffffffu
#define PTIC_OPS_CHUNK 4096u
#define PTIC_OPS_CHUNKS 4096u
#define PTIC_STREAM_HINTS 64u
/* Completions collected per round: what collection holds at once stays bounded (a backlog is
   collected and delivered in rounds), and so do the buffers kept between rounds. */
#define PTIC_COLLECT_BATCH 1024u
#define PTIC_POLLER_KEEP 64u /* records the poller's own buffer keeps room for */
/* Records the ready list has room for again right after a delivery took its buffer (memory
   allowing): the LOST records of operations that cannot be kept pending for lack of memory
   (ptic__lose_now) find room there, though no memory is left to grow it. */
#define PTIC_LOST_ROOM 16u
#define PTIC_KEEP_CHUNKS 2u  /* operation chunks kept when nothing is pending */

/* What an operation signals: the library's own completion object (OURS), the application's
   (APP_OBJECT); DONE: read already; EXEC: an execution of a batch. */
enum { PTIC_OPF_OURS = 1, PTIC_OPF_APP_OBJECT = 2, PTIC_OPF_DONE = 4, PTIC_OPF_EXEC = 8 };

/* One pending GPU operation: 48 bytes of library memory (its stream is the FIFO holding it, an
   execution's submit correlation id is its batch's, its name is a 32-bit reference). */
typedef struct ptic__op {
  uint64_t op_id;             /* executions: this execution's id */
  uint64_t kernel_id;
  uint64_t subs;              /* slots that receive its COMPLETED record */
  union {
    void* event;              /* what it signals (the backend's completion object) */
    uint64_t origin;          /* executions: the APPENDED operation it executes */
  } u;
  uint32_t name;              /* ptic__name_ref */
  uint32_t corr_append;
  uint32_t next;              /* next in its FIFO, or in the free list */
  uint32_t tkf;               /* its thread id (Linux thread ids stay below 2^22, PID_MAX_LIMIT), its
                                 pti_gpu_operation_kind and its PTIC_OPF_*: PTIC_OP_TKF (one word,
                                 written with one store) */
} ptic__op;
PTI_STATIC_ASSERT(sizeof(ptic__op) == 48, "a pending operation takes 48 bytes");
PTI_STATIC_ASSERT(PTI_GPU_OPERATION_KIND_OTHER < 16 && PTIC_OPF_EXEC < 16, "kind and flags fit");
#define PTIC_OP_TID_MASK 0xffffffu
#define PTIC_OP_TKF(tid, kind, flags)                                                          \
  (((tid) & PTIC_OP_TID_MASK) | (PTIC_SCAST(uint32_t, kind) & 15u) << 24 | PTIC_SCAST(uint32_t, flags) << 28)
static PTIC_ALWAYS_INLINE uint32_t ptic__op_flags(const ptic__op* o) { return o->tkf >> 28; }

/* A GPU operation's name as 32 bits: 0 for none; an interned kernel name: its index + 1; a
   function's own or memory-operation name: PTIC_NAME_API | api << 5 | slot (global index; slot
   PTIC_NAME_OWN for the function's name, else its backend's op_name). */
#define PTIC_NAME_API 0x80000000u
#define PTIC_NAME_OWN 16u
static PTIC_ALWAYS_INLINE uint32_t ptic__name_ref_kernel(const char* interned) {
  uint32_t index = 0;
  if (interned) memcpy(&index, interned - PTIC_INTERN_HEADER, sizeof index);
  return interned ? index + 1 : 0;
}
static PTIC_ALWAYS_INLINE uint32_t ptic__name_ref_api(uint32_t api, uint32_t slot) {
  return PTIC_NAME_API | api << 5 | slot;
}
/* Lock held (the interned names may move). A kernel's name inline (collected per operation), a
   function's out of line. */
static PTIC_NOINLINE const char* ptic__name_of_api(uint32_t ref);
static PTIC_ALWAYS_INLINE const char* ptic__name_at(uint32_t ref) {
  if (!(ref & PTIC_NAME_API)) return ref ? ptic__objs.names[ref - 1] + PTIC_INTERN_HEADER : NULL;
  return ptic__name_of_api(ref);
}
static PTIC_NOINLINE const char* ptic__name_of_api(uint32_t ref) {
  const uint32_t api = (ref & ~PTIC_NAME_API) >> 5, slot = ref & 31u;
  if (slot == PTIC_NAME_OWN) return ptic__fns[api].name;
  const ptic__backend* be = ptic__backend_of(api);
  return be->op_name(api - be->api_base, slot);
}

/* The operations of an immediate list or queue (OPS), or its executions of regular lists
   (BATCHES): a handle can have both. */
typedef enum ptic__stream_kind { PTIC_STREAM_OPS = 0, PTIC_STREAM_BATCHES = 1 } ptic__stream_kind;
typedef struct ptic__stream {
  void* handle;
  void* ctx;
  void* device;
  uint32_t props;             /* pti_backend_command_list_type of its records */
  uint32_t kind;              /* ptic__stream_kind */
  uint32_t head, tail;        /* FIFO: ops (OPS), the backend's batches (BATCHES) */
  uint32_t live;              /* 0 once closed; open: kind + 1 (ptic__stream_is: one comparison) */
  uint32_t index;             /* its own, in ptic__gpus.streams */
  uint32_t backend;
  uint32_t unordered;         /* its operations may finish out of order: a poll reads them all */
  uint32_t proven;            /* the latest of its operations known finished (a later one of an
                                 in-order stream completed, or a synchronisation proved it), with
                                 every one before it; PTIC_NIL: none (ptic__stream_prove) */
} ptic__stream;

/* A collected completion waiting to be delivered. Its times are converted from the raw device
   timestamps when a callback first asks for them (ptic__times_of). The COMPLETED record that
   delivers it (with the records after it of one stream) is g, filled when it is collected but
   for its operations (ptic__deliver_rec); info's queue and list are g's (given with info:
   pticGetOperationInfo). */
typedef struct ptic__done {
  pti_callback_gpu_op_data g;
  pti_gpu_op_details det;
  ptic_op_info info;
  uint64_t raw[2];            /* device start and end as read (has_raw) */
  int has_raw;
  uint32_t backend;
  uint64_t subs;
  void* ctx;
  uint32_t stream;
} ptic__done;

PTI_STATIC_ASSERT(offsetof(ptic__done, g) == 0, "a record's address is its COMPLETED record's (cb_data)");

typedef struct ptic__gpu {
  ptic__op* chunk[PTIC_OPS_CHUNKS];
  uint32_t nchunks;
  uint32_t free_op;
  ptic__atomic_u64 pending;   /* ops not collected yet (read without the lock as a hint) */
  uint64_t app_object_ops;    /* of which signal an application's object (PTIC_BIT_APP_OBJECTS) */
  int bad_times_told;         /* the warning about unbelievable timestamps was raised */
  int reset_told;             /* the warning about an event reset before it was read was raised */
  int times_early;            /* a callback asked for an operation's times: they are converted
                                 as they are collected from now on (ptic__convert_new) */
  ptic__stream* streams;
  size_t nstreams, streams_cap;
  uint32_t stream_hint[PTIC_STREAM_HINTS]; /* per hash of a handle: the index of its stream, checked */
  ptic__done* ready;          /* collected, not yet delivered: [ready_head, nready) */
  size_t nready, ready_cap, ready_head;
  ptic__atomic_u64 nready_hint; /* nready - ready_head, read without the lock */
  ptic__atomic_u32 delivering;  /* a thread is delivering the ready list */
  ptic__atomic_u32 poll_us;
  size_t budget;              /* completions ptic__poll_all may still collect in this round */
  int grown;                  /* something ptic__gpu_shrink may give back grew past its keep */
  ptic__atomic_u32 more;      /* a round ended on its budget: more may be ready */
  size_t poll_next;           /* where the next round starts: rounds ending on their budget
                                 rotate, so that a busy stream does not starve the others */
  uint64_t full_rounds;       /* rounds that polled every stream within their budget */
  ptic__atomic_u64 collected; /* records ever collected (written under the lock) */
  ptic__atomic_u64 delivered; /* of which delivered */
  ptic__atomic_u32 env_warn;  /* 1: env_msg not raised yet (INTERNAL_EVENT off when it was read) */
  char env_msg[192];
  ptic__atomic_u32 poller_stop;
  int poller_started;
  pthread_t poller;
} ptic__gpu;

static ptic__gpu ptic__gpus; /* (ptic__gpu_init) */
static void ptic__gpu_init(void) {
  ptic__gpus.free_op = PTIC_NIL;
  ptic__gpus.budget = SIZE_MAX;
  ptic__atomic_store_u32(&ptic__gpus.poll_us, 1000u, PTIC_RELAXED);
}

/* The environment variable `name` as a decimal number from 0 to max: digits only, nothing else.
   Unset or empty: `def`. Anything else keeps `def` and leaves a warning naming the variable and
   the value for ptic__env_warn_raise. */
static uint32_t ptic__env_u32(const char* name, uint32_t def, uint32_t max) {
  const char* v = getenv(name);
  if (!v || !*v) return def;
  uint64_t n = 0;
  const char* c = v;
  while (*c >= '0' && *c <= '9' && n <= max) n = n * 10u + PTIC_SCAST(uint64_t, *c++ - '0');
  if (!*c && n <= max) return PTIC_SCAST(uint32_t, n);
  snprintf(ptic__gpus.env_msg, sizeof ptic__gpus.env_msg,
           "%s=\"%.64s\" is not a whole number from 0 to %u: the default %u is used", name, v,
           PTIC_SCAST(unsigned, max), PTIC_SCAST(unsigned, def));
  ptic__atomic_store_u32(&ptic__gpus.env_warn, 1, PTIC_RELEASE);
  return def;
}
/* Read once, when the first interception is installed. */
static void ptic__gpu_settings(void) {
  ptic__atomic_store_u32(&ptic__gpus.poll_us, ptic__env_u32("PTIC_POLL_INTERVAL_US", 1000u, 1000000u),
                         PTIC_RELAXED);
}
/* Warnings of a backend that found, while installing its interception (registry lock held: no
   callback may run), that it cannot trace: kept and raised with the environment's. */
static const char* ptic__later_msg[4];
static ptic__atomic_u32 ptic__later_n;    /* kept (registry lock) */
static ptic__atomic_u32 ptic__later_done; /* of which raised */
__attribute__((unused)) static void ptic__warn_later(const char* msg) {
  const uint32_t n = ptic__atomic_load_u32(&ptic__later_n, PTIC_RELAXED);
  if (n == 4) return;
  ptic__later_msg[n] = msg;
  ptic__atomic_store_u32(&ptic__later_n, n + 1u, PTIC_RELEASE);
}
/* Raise the warning of an invalid environment variable, once, to whoever has INTERNAL_EVENT on
   (called when that domain is enabled), and those kept by ptic__warn_later. */
static void ptic__env_warn_raise(void) {
  if (!(ptic__mask_load() & PTIC_BIT(PTIC_DOM_INTERNAL_EVENT, 1u))) return;
  for (uint32_t i = ptic__atomic_load_u32(&ptic__later_done, PTIC_ACQUIRE);
       i < ptic__atomic_load_u32(&ptic__later_n, PTIC_ACQUIRE); i = ptic__atomic_load_u32(&ptic__later_done, PTIC_ACQUIRE))
    if (ptic__atomic_cas_u32(&ptic__later_done, i, i + 1u))
      ptic__internal_event(ptic__thread_get(), PTI_INTERNAL_EVENT_TYPE_WARNING, ptic__later_msg[i]);
  if (ptic__atomic_load_u32(&ptic__gpus.env_warn, PTIC_ACQUIRE) != 1 ||
      ptic__atomic_xchg_u32(&ptic__gpus.env_warn, 2u, PTIC_SEQ_CST) != 1)
    return;
  ptic__internal_event(ptic__thread_get(), PTI_INTERNAL_EVENT_TYPE_WARNING, ptic__gpus.env_msg);
}

/* ---- storage ---- */

static PTIC_ALWAYS_INLINE ptic__op* ptic__op_at(uint32_t i) {
  return &ptic__gpus.chunk[i / PTIC_OPS_CHUNK][i % PTIC_OPS_CHUNK];
}

/* A pending op (*op: where it is) whose fields the caller writes, every one, or PTIC_NIL when
   out of memory. Chunks of 4096 are kept: no allocation per operation in steady state. */
static PTIC_ALWAYS_INLINE uint32_t ptic__op_take(ptic__op** op) {
  if (PTIC_UNLIKELY(ptic__gpus.free_op == PTIC_NIL)) {
    if (ptic__gpus.nchunks == PTIC_OPS_CHUNKS) return PTIC_NIL;
    ptic__op* c = PTIC_CAST(ptic__op*, PTIC_MALLOC(PTIC_OPS_CHUNK * sizeof *c));
    if (!c) return PTIC_NIL;
    uint32_t base = ptic__gpus.nchunks * PTIC_OPS_CHUNK;
    ptic__gpus.chunk[ptic__gpus.nchunks++] = c;
    ptic__gpus.grown |= ptic__gpus.nchunks > PTIC_KEEP_CHUNKS;
    for (uint32_t i = 0; i < PTIC_OPS_CHUNK; i++) c[i].next = i + 1 < PTIC_OPS_CHUNK ? base + i + 1 : PTIC_NIL;
    ptic__gpus.free_op = base;
  }
  const uint32_t i = ptic__gpus.free_op;
  *op = ptic__op_at(i);
  ptic__gpus.free_op = (*op)->next;
  ptic__atomic_add_u64(&ptic__gpus.pending, 1, PTIC_RELAXED);
  return i;
}
/* An operation that signals an application's object: the kept bit tells backends to watch. */
static PTIC_ALWAYS_INLINE void ptic__op_app_object(void) {
  if (ptic__gpus.app_object_ops++ == 0) ptic__mask_keep(PTIC_BIT_APP_OBJECTS, 1);
}
static PTIC_ALWAYS_INLINE void ptic__op_free_at(uint32_t i, ptic__op* o) {
  if ((ptic__op_flags(o) & PTIC_OPF_APP_OBJECT) && --ptic__gpus.app_object_ops == 0)
    ptic__mask_keep(PTIC_BIT_APP_OBJECTS, 0);
  o->next = ptic__gpus.free_op;
  ptic__gpus.free_op = i;
  ptic__atomic_add_u64(&ptic__gpus.pending, ~PTIC_SCAST(uint64_t, 0), PTIC_RELAXED);
}
static PTIC_ALWAYS_INLINE void ptic__op_free(uint32_t i) { ptic__op_free_at(i, ptic__op_at(i)); }
/* Free a chain of n operations from i. */
static void ptic__op_free_chain(uint32_t i, uint32_t n) {
  for (uint32_t k = 0; k < n && i != PTIC_NIL; k++) {
    const uint32_t next = ptic__op_at(i)->next;
    ptic__op_free(i);
    i = next;
  }
}

/* ---- streams ---- */

#define PTIC_STREAM_HINT(handle, kind)                                                         \
  PTIC_SCAST(uint32_t, ((PTIC_SCAST(uint64_t, PTIC_CAST(uintptr_t, handle)) ^ (kind)) *            \
                        0x9e3779b97f4a7c15ull) >> 58) /* 6 bits: PTIC_STREAM_HINTS */
static PTIC_ALWAYS_INLINE int ptic__stream_is(uint32_t i, const void* handle, uint32_t kind) {
  if (i >= ptic__gpus.nstreams) return 0; /* (before any stream exists, streams is NULL) */
  const ptic__stream* s = &ptic__gpus.streams[i];
  return s->handle == handle && s->live == kind + 1u;
}
/* (a hint per handle's hash first: a process with many lists does not search them all per call) */
static PTIC_ALWAYS_INLINE uint32_t ptic__stream_find(const void* handle, uint32_t kind) {
  uint32_t* hint = &ptic__gpus.stream_hint[PTIC_STREAM_HINT(handle, kind)];
  if (ptic__stream_is(*hint, handle, kind)) return *hint;
  for (uint32_t i = 0; i < ptic__gpus.nstreams; i++)
    if (ptic__stream_is(i, handle, kind)) return *hint = i;
  return PTIC_NIL;
}
static PTIC_NOINLINE uint32_t ptic__stream_new(uint32_t backend, const void* handle, void* ctx, void* device,
                                               uint32_t props, uint32_t kind, uint32_t unordered) {
  size_t slot = 0;
  while (slot < ptic__gpus.nstreams && ptic__gpus.streams[slot].live) slot++;
  if (slot == ptic__gpus.nstreams) {
    if (!ptic__grow(&ptic__gpus.streams, ptic__gpus.nstreams, &ptic__gpus.streams_cap, sizeof(ptic__stream)))
      return PTIC_NIL;
    ptic__gpus.nstreams++;
  }
  ptic__stream* s = &ptic__gpus.streams[slot];
  memset(s, 0, sizeof *s);
  s->handle = PTIC_PTR(handle);
  s->ctx = ctx;
  s->device = device;
  s->props = props;
  s->kind = kind;
  s->head = s->tail = s->proven = PTIC_NIL;
  s->live = kind + 1u;
  s->index = PTIC_SCAST(uint32_t, slot);
  s->backend = backend;
  s->unordered = unordered;
  ptic__gpus.stream_hint[PTIC_STREAM_HINT(handle, kind)] = PTIC_SCAST(uint32_t, slot);
  return PTIC_SCAST(uint32_t, slot);
}
/* The stream of (handle, kind), made on first use; PTIC_NIL when out of memory. */
static PTIC_ALWAYS_INLINE uint32_t ptic__stream_get(uint32_t backend, const void* handle, void* ctx, void* device,
                                                    uint32_t props, uint32_t kind, uint32_t unordered) {
  const uint32_t i = ptic__stream_find(handle, kind);
  return i != PTIC_NIL ? i : ptic__stream_new(backend, handle, ctx, device, props, kind, unordered);
}
/* Append operation (or batch) i at the tail of stream si; `next` is where the element keeps its
   successor. */
static PTIC_ALWAYS_INLINE void ptic__stream_push(ptic__stream* s, uint32_t i, uint32_t* tail_next) {
  if (s->tail == PTIC_NIL) s->head = i;
  else *tail_next = i;
  s->tail = i;
}
static PTIC_ALWAYS_INLINE void ptic__stream_push_op(uint32_t si, uint32_t oi) {
  ptic__stream* s = &ptic__gpus.streams[si];
  ptic__stream_push(s, oi, s->tail == PTIC_NIL ? NULL : &ptic__op_at(s->tail)->next);
}

/* ---- collecting ---- */

/* The fields of a collected op's record but its raw times (every one is written: no memset, this
   runs per operation). Lock held. */
static PTIC_ALWAYS_INLINE void ptic__done_fill(ptic__done* x, const ptic__op* o, const ptic__stream* s,
                                               uint32_t submit, uint32_t status) {
  const uint32_t tkf = o->tkf; /* (read once: the record's 32-bit fields could alias it) */
  x->det._operation_kind = PTIC_SCAST(pti_gpu_operation_kind, (tkf >> 24) & 15u);
  x->det._operation_id = ((tkf >> 28) & PTIC_OPF_EXEC) ? o->u.origin : o->op_id;
  x->det._kernel_handle = o->kernel_id;
  x->det._name = ptic__name_at(o->name);
  x->info.operation_id = x->det._operation_id;
  x->info.execution_id = o->op_id;
  x->info.append_correlation_id = o->corr_append;
  x->info.submit_correlation_id = submit;
  x->info.status = status;
  x->info.thread_id = tkf & PTIC_OP_TID_MASK;
  x->info.device_start = x->info.device_end = x->info.start_ns = x->info.end_ns = 0;
  x->subs = o->subs;
  x->stream = s->index;
  x->backend = s->backend;
  x->ctx = s->ctx;
  x->g._domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED;
  x->g._cmd_list_properties = PTIC_SCAST(pti_backend_command_list_type, s->props);
  x->g._cmd_list_handle = s->kind == PTIC_STREAM_OPS ? s->handle : NULL;
  x->g._queue_handle = s->handle;
  x->g._device_handle = s->device;
  x->g._phase = PTI_CB_PHASE_API_EXIT;
  x->g._return_code = 0;
  x->g._correlation_id = submit;
}
/* Out of memory: operations the library could not keep pending (reported LOST at once,
   ptic__lose_now) or whose records it could not store (ptic__drop), since pticFlush last said
   so. The first of them raises an INTERNAL_EVENT; pticFlush then returns
   PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY once and starts counting afresh. */
static ptic__atomic_u64 ptic__oom_lost;
static PTIC_NOINLINE void ptic__oom_note(ptic__thread* t) {
  if (ptic__atomic_add_u64(&ptic__oom_lost, 1, PTIC_RELAXED) == 1)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "out of memory: operations the library cannot keep pending are reported as lost, "
                         "and pticFlush returns PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY");
}

/* Room for one more record on thread to's own list (NULL: the ready list), not taken yet
   (ptic__done_take takes it: a collection fills the record before it knows whether it takes
   it); NULL when out of memory. Lock held. */
static PTIC_ALWAYS_INLINE ptic__done* ptic__done_slot(ptic__thread* to) {
  if (to) {
    size_t cap = to->done_cap;
    if (PTIC_UNLIKELY(!ptic__grow(&to->done, to->ndone, &cap, sizeof(ptic__done)))) return NULL;
    to->done_cap = PTIC_SCAST(uint32_t, cap);
    return &to->done[to->ndone];
  }
  if (PTIC_UNLIKELY(ptic__gpus.nready == ptic__gpus.ready_cap)) {
    if (!ptic__grow(&ptic__gpus.ready, ptic__gpus.nready, &ptic__gpus.ready_cap, sizeof(ptic__done))) return NULL;
    ptic__gpus.grown |= ptic__gpus.ready_cap > PTIC_COLLECT_BATCH;
  }
  return &ptic__gpus.ready[ptic__gpus.nready];
}
static PTIC_ALWAYS_INLINE void ptic__done_take(ptic__thread* to) {
  if (to) {
    to->ndone++;
    return;
  }
  ptic__gpus.nready++;
  ptic__atomic_store_u64(&ptic__gpus.nready_hint, ptic__gpus.nready - ptic__gpus.ready_head, PTIC_RELAXED);
}
/* Room for one more record, taken (NULL when out of memory). Lock held. */
static PTIC_ALWAYS_INLINE ptic__done* ptic__done_room(ptic__thread* to) {
  ptic__done* const x = ptic__done_slot(to);
  if (PTIC_LIKELY(x)) ptic__done_take(to);
  return x;
}
/* Whether thread to's own list (NULL: the ready list) has room for k more records, made if
   needed: when out of memory, collection leaves finished operations pending (collected when
   memory comes back) rather than drop their records. Lock held. */
static PTIC_ALWAYS_INLINE int ptic__done_reserve(ptic__thread* to, uint32_t k) {
  if (to) {
    size_t cap = to->done_cap;
    if (PTIC_UNLIKELY(!ptic__reserve(&to->done, to->ndone, to->ndone + k, &cap, sizeof(ptic__done)))) return 0;
    to->done_cap = PTIC_SCAST(uint32_t, cap);
    return 1;
  }
  if (PTIC_UNLIKELY(!ptic__reserve(&ptic__gpus.ready, ptic__gpus.nready, ptic__gpus.nready + k, &ptic__gpus.ready_cap,
                                   sizeof(ptic__done))))
    return 0;
  ptic__gpus.grown |= ptic__gpus.ready_cap > PTIC_COLLECT_BATCH;
  return 1;
}
/* The record of a finished (or lost) op in room x (ptic__done_room's): s is the stream that held
   it, raw its times when it completed. Lock held. */
static PTIC_ALWAYS_INLINE void ptic__collect_into(ptic__done* x, const ptic__op* o, const ptic__stream* s,
                                                  uint32_t submit, uint32_t status, const uint64_t* raw) {
  ptic__atomic_store_u64(&ptic__gpus.collected, ptic__atomic_load_u64(&ptic__gpus.collected, PTIC_RELAXED) + 1,
                         PTIC_RELEASE);
  ptic__done_fill(x, o, s, submit, status);
  x->has_raw = raw && status == PTIC_OP_COMPLETED;
  if (x->has_raw && raw != x->raw) { /* (a read into the record itself: ptic__poll_ops) */
    x->raw[0] = raw[0];
    x->raw[1] = raw[1];
  }
}
/* A record that found no room (out of memory): counted and said (ptic__drop). */
static PTIC_NOINLINE void ptic__collect_dropped(ptic__thread* to) {
  ptic__drop(to);
  ptic__oom_note(to);
}
/* Queue a finished (or lost) op for delivery: on the ready list (in collection order, delivered
   by one thread at a time, so that completions of a stream arrive in order), or with `to` on
   that thread's own list. Lock held. */
static PTIC_ALWAYS_INLINE void ptic__collect_to(ptic__thread* to, const ptic__op* o, const ptic__stream* s,
                                                uint32_t submit, uint32_t status, const uint64_t* raw) {
  ptic__done* x = ptic__done_room(to);
  if (PTIC_LIKELY(x)) ptic__collect_into(x, o, s, submit, status, raw);
  else ptic__collect_dropped(to);
}
/* An operation o (not in the library's storage: a copy) that cannot be kept pending for lack of
   memory: its LOST record on the ready list now (delivered when the call that made it ends), s
   describing where it runs (a stream, or a stand-in of index PTIC_NIL), submit its submission's
   correlation id. Lock held. */
static PTIC_NOINLINE void ptic__lose_now(ptic__thread* t, const ptic__op* o, const ptic__stream* s, uint32_t submit) {
  ptic__collect_to(NULL, o, s, submit, PTIC_OP_LOST, NULL);
  ptic__oom_note(t);
}
/* Finish an op of an OPS stream: its record into room x (NULL: none, out of memory: counted and
   said) as state says (1 completed with raw times; 2 finished, its times gone:
   PTIC_OP_BAD_TIMES; else lost), its resources back to its backend unless `back` says they are
   (collect_op's), freed. */
static PTIC_ALWAYS_INLINE void ptic__finish_op(ptic__thread* t, ptic__thread* to, ptic__done* x, uint32_t i,
                                               ptic__op* o, ptic__stream* s, int state, const uint64_t* raw,
                                               int back) {
  const uint32_t status = state == 1 ? PTIC_OP_COMPLETED : state == 2 ? PTIC_OP_BAD_TIMES : PTIC_OP_LOST;
  if (PTIC_LIKELY(x)) ptic__collect_into(x, o, s, o->corr_append, status, raw);
  else ptic__collect_dropped(to);
  if (!back) ptic__backend_at(s->backend)->op_done(t, to, o, s, state);
  ptic__op_free_at(i, o);
}
/* Unlink op i (whose predecessor is prev, PTIC_NIL for the head, and successor next) from OPS
   stream s. */
static PTIC_ALWAYS_INLINE void ptic__stream_unlink(ptic__stream* s, uint32_t prev, uint32_t i, uint32_t next) {
  if (prev == PTIC_NIL) s->head = next;
  else ptic__op_at(prev)->next = next;
  if (s->tail == i) s->tail = prev;
  if (s->proven == i) s->proven = prev; /* (those before it are still known finished) */
}

/* Op i of OPS stream s is known finished, with every op before it (a synchronisation proved
   it): s->proven becomes the later of i and what it was. Lock held. */
static void ptic__stream_prove(ptic__stream* s, uint32_t i) {
  if (s->proven != PTIC_NIL) { /* the later of the two */
    uint32_t k = ptic__op_at(s->proven)->next;
    while (k != PTIC_NIL && k != i) k = ptic__op_at(k)->next;
    if (k == PTIC_NIL) return;
  }
  s->proven = i;
}

/* Op i of OPS stream s signals an application's object that reads "not finished": whether it
   finished all the same, its object reset before the library read it (the application, or
   another process, may do that where the library cannot see it). It did when s->proven covers
   it, or when the op after it or the stream's last one, read now, finished and proves every one
   before it (its backend's proves_earlier): then s->proven is that op. Lock held. */
static PTIC_NOINLINE int ptic__op_proven(ptic__thread* t, ptic__stream* s, uint32_t i) {
  if (s->proven != PTIC_NIL) return 1; /* (collected in order: i is not after it) */
  const ptic__backend* be = ptic__backend_at(s->backend);
  if (!be->proves_earlier) return 0;
  const uint32_t cand[2] = {ptic__op_at(i)->next, s->tail};
  for (int c = 0; c < 2; c++) {
    if (cand[c] == PTIC_NIL || cand[c] == i || (c == 1 && cand[1] == cand[0])) continue;
    const ptic__op* o = ptic__op_at(cand[c]);
    uint64_t raw[2];
    if (be->proves_earlier(s, o) && be->read_op(t, o, raw) == 1) {
      s->proven = cand[c];
      return 1;
    }
  }
  return 0;
}

/* Poll an OPS stream: collect what finished (in order: stop at the first unfinished one, unless
   the stream is unordered), with `lose` every op as finished or lost. `to`: onto that thread's
   own list instead of the ready list, without a budget (ptic__sync_exit's own round, which
   takes at most PTIC_COLLECT_BATCH). Lock held. */
static PTIC_ALWAYS_INLINE void ptic__poll_ops(ptic__thread* t, ptic__stream* s, int lose, ptic__thread* to,
                                              const ptic__backend* be) {
  const int budgeted = !lose && !to;
  uint32_t prev = PTIC_NIL;
  for (uint32_t i = s->head; i != PTIC_NIL && (!budgeted || ptic__gpus.budget);) {
    ptic__op* o = ptic__op_at(i);
    const uint32_t next = o->next;
    /* its record's room first: the read fills its times and, when it finished, gives its
       resources back (collect_op) */
    ptic__done* const x = ptic__done_slot(to);
    if (PTIC_UNLIKELY(!x) && !lose) break; /* (out of memory: what is left stays pending) */
    uint64_t spare[2] = {0, 0};
    uint64_t* const raw = x ? x->raw : spare;
    int state = x ? be->collect_op(t, to, o, s, raw) : be->read_op(t, o, raw);
    const int back = x && state == 1;
    if (PTIC_UNLIKELY(state == 0) && !lose && (ptic__op_flags(o) & PTIC_OPF_APP_OBJECT) && ptic__op_proven(t, s, i))
      state = 2; /* finished, its object reset since: no times */
    if (state == 0 && !lose) {
      if (!s->unordered) break; /* in order: later ones are not done either */
      prev = i;
      i = next;
      continue;
    }
    if (PTIC_LIKELY(x)) ptic__done_take(to);
    if (budgeted) ptic__gpus.budget--;
    if (state < 0)
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "an operation's completion cannot be read: it is reported as lost");
    if (state == 2 && !ptic__gpus.reset_told) {
      ptic__gpus.reset_told = 1;
      ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "an application's event was reset before the library read it (on the device, "
                           "or by another process): its operation, proven finished by a later one or by a "
                           "synchronisation, is COMPLETED with status PTIC_OP_BAD_TIMES and no times");
    }
    ptic__stream_unlink(s, prev, i, next);
    ptic__finish_op(t, to, x, i, o, s, state, raw, back);
    i = next;
  }
}
/* (be: the stream's backend) */
static PTIC_ALWAYS_INLINE void ptic__poll_stream_of(ptic__thread* t, ptic__stream* s, int lose, ptic__thread* to,
                                                    const ptic__backend* be) {
  if (s->kind == PTIC_STREAM_OPS) ptic__poll_ops(t, s, lose, to, be);
  else be->poll_batches(t, s, lose);
}
static PTIC_ALWAYS_INLINE void ptic__poll_stream(ptic__thread* t, ptic__stream* s, int lose, ptic__thread* to) {
  ptic__poll_stream_of(t, s, lose, to, ptic__backend_at(s->backend));
}

/* Once a callback has asked for an operation's times (ptic__gpus.times_early), a round's records
   have them converted as the round ends, under the lock it holds, rather than at the first ask,
   which takes the lock again for each record (ptic__times_of). done: the n records the round
   collected; be: the backend known where this is made inline (its own converted there), or
   NULL. Lock held. */
static PTIC_ALWAYS_INLINE void ptic__convert_new(ptic__thread* t, ptic__done* done, size_t n,
                                                 const ptic__backend* be) {
  if (be) be->convert(t, done, n);
  for (uint32_t b = 0; b < ptic__backend_count(); b++)
    if ((ptic__g.installed & (1u << b)) && ptic__backend_at(b) != be) ptic__backend_at(b)->convert(t, done, n);
}

static void ptic__gpu_shrink(ptic__thread* t);
/* The end of a collection round: with nothing pending, give back what a backlog made grow (only
   when something grew). Lock held. */
static PTIC_ALWAYS_INLINE void ptic__shrink_when_idle(ptic__thread* t) {
  if (PTIC_UNLIKELY(ptic__gpus.grown) && !ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED))
    ptic__gpu_shrink(t);
}

/* Poll every stream onto the ready list (with `lose`, what is still pending is collected as
   lost). Without `lose` one round collects at most PTIC_COLLECT_BATCH operations and sets `more`
   when it stopped there: whoever delivers them collects the next round (ptic__drain_held),
   starting at the stream where this one stopped. A round that polled every stream is a full
   round. Lock held. */
static void ptic__poll_all(ptic__thread* t, int lose) {
  const size_t first = ptic__gpus.nready;
  ptic__gpus.budget = PTIC_COLLECT_BATCH;
  const size_t n = ptic__gpus.nstreams;
  const size_t start = lose || ptic__gpus.poll_next >= n ? 0 : ptic__gpus.poll_next;
  size_t k = 0;
  for (; k < n && (lose || ptic__gpus.budget); k++) {
    ptic__stream* s = &ptic__gpus.streams[(start + k) % n];
    if (s->live && s->head != PTIC_NIL) ptic__poll_stream(t, s, lose, NULL);
  }
  const int more = !lose && !ptic__gpus.budget;
  if (more) ptic__gpus.poll_next = (start + k - 1) % n;
  else ptic__gpus.full_rounds++;
  ptic__atomic_store_u32(&ptic__gpus.more, more, PTIC_RELAXED);
  ptic__gpus.budget = SIZE_MAX; /* other polls (a stream closing, an object reused) are not limited */
  if (ptic__gpus.times_early) ptic__convert_new(t, ptic__gpus.ready + first, ptic__gpus.nready - first, NULL);
  ptic__shrink_when_idle(t);
}

/* Forget the streams of a handle (its list or queue destroyed): what is pending is collected,
   as lost if unfinished. Lock held. */
static void ptic__stream_close(ptic__thread* t, const void* handle) {
  for (uint32_t kind = PTIC_STREAM_OPS; kind <= PTIC_STREAM_BATCHES; kind++) {
    const uint32_t si = ptic__stream_find(handle, kind);
    if (si == PTIC_NIL) continue;
    ptic__stream* s = &ptic__gpus.streams[si];
    if (s->head != PTIC_NIL) {
      ptic__poll_stream(t, s, 0, NULL);
      if (s->head != PTIC_NIL) {
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                             "a command list or queue was destroyed with operations pending: they are "
                             "reported as lost");
        ptic__poll_stream(t, s, 1, NULL);
      }
    }
    s->live = 0;
  }
}

/* Nothing is pending: give back what a backlog made grow (the operation chunks but the first,
   the ready list's buffer when large, and what the backends keep). Only past a steady state's
   needs, so that a workload that drains often does not allocate each time. Lock held. */
static void ptic__gpu_shrink(ptic__thread* t) {
  int released = 0;
  if (ptic__gpus.nchunks > PTIC_KEEP_CHUNKS) {
    released = 1;
    for (uint32_t c = 1; c < ptic__gpus.nchunks; c++) PTIC_FREE(ptic__gpus.chunk[c]);
    ptic__gpus.nchunks = 1;
    ptic__op* c0 = ptic__gpus.chunk[0];
    for (uint32_t i = 0; i < PTIC_OPS_CHUNK; i++) c0[i].next = i + 1 < PTIC_OPS_CHUNK ? i + 1 : PTIC_NIL;
    ptic__gpus.free_op = 0;
  }
  ptic__done* small = NULL; /* (room for LOST records stays: PTIC_LOST_ROOM) */
  if (ptic__gpus.nready == 0 && ptic__gpus.ready_cap > PTIC_COLLECT_BATCH &&
      (small = PTIC_CAST(ptic__done*, PTIC_MALLOC(PTIC_LOST_ROOM * sizeof *small))) != NULL) {
    released = 1;
    PTIC_FREE(ptic__gpus.ready);
    ptic__gpus.ready = small;
    ptic__gpus.ready_cap = PTIC_LOST_ROOM;
  }
  ptic__gpus.grown = ptic__gpus.ready_cap > PTIC_COLLECT_BATCH; /* (the backends set it again) */
  for (uint32_t b = 0; b < ptic__backend_count(); b++)
    if (ptic__g.installed & (1u << b)) ptic__backend_at(b)->shrink(t);
#if defined(__GLIBC__)
  /* what the backlog freed (here and in the driver) is scattered over the heap: glibc gives
     back only its top unless asked */
  if (released) malloc_trim(0);
#else
  PTIC_UNUSED(released);
#endif
}

/* ---- delivering ---- */

/* The times of the k records from x (a COMPLETED record's operations), converted from their
   raw timestamps now: when a callback first asks for them (`in_cb`: the warnings the
   conversion raises are kept and raised once the record's callbacks are done,
   ptic__late_raise). Lock not held. */
static PTIC_NOINLINE void ptic__times_of(ptic__thread* t, ptic__done* x, uint32_t k, int in_cb) {
  ptic__objs_lock();
  ptic__gpus.times_early = 1;
  ptic__backend_at(x->backend)->convert(t, x, k); /* (those it converted lose has_raw) */
  for (uint32_t i = 0; in_cb && i < ptic__defer.n; i++) {
    if (t->nlate == 2) break; /* (the first two kept: a conversion raises at most two) */
    t->late_type[t->nlate] = ptic__defer.type[i];
    t->late_msg[t->nlate++] = ptic__defer.msg[i];
  }
  if (in_cb) ptic__defer.n = 0;
  ptic__objs_unlock();
}
static PTIC_NOINLINE void ptic__late_raise(ptic__thread* t) {
  const uint32_t n = t->nlate;
  t->nlate = 0;
  for (uint32_t i = 0; i < n; i++) ptic__internal_event(t, t->late_type[i], t->late_msg[i]);
}

/* The api id a COMPLETED record of x carries: the call's at whose EXIT it was noticed (api_id),
   or its backend's poll_id when the library noticed it itself (api_id 0). */
static PTIC_ALWAYS_INLINE uint32_t ptic__done_api(uint32_t api_id, const ptic__done* x) {
  return api_id ? api_id : ptic__backend_at(x->backend)->poll_id;
}
/* One COMPLETED record: the k collected operations of one stream from `first` (their details at
   dets) to the subscribers in subs; with `force`, even if COMPLETED was turned off. api_id: the
   record's (ptic__done_api). */
static PTIC_ALWAYS_INLINE void ptic__deliver_rec(ptic__thread* t, ptic__done* first, uint32_t k,
                                                 pti_gpu_op_details* dets, uint64_t oldest, uint32_t api_id,
                                                 uint64_t subs, int force) {
  const ptic__backend* be = ptic__backend_at(first->backend);
  first->g._operation_count = k;
  first->g._operation_details = dets;
  ptic__cur cur;
  cur.rec = &first->g;
  cur.frame = NULL;
  cur.api_id = api_id;
  cur.group = be->group;
  cur.dom = PTIC_DOM_COMPLETED;
  cur.phase = PTI_CB_PHASE_API_EXIT;
  cur.ctx = first->ctx;
  t->cur_done = first;
  t->cur_ndone = k;
  if (PTIC_LIKELY(!force)) {
    ptic__deliver_thread_at(t, &cur, PTIC_DOM_COMPLETED * 2u + 1u, subs, oldest);
  } else {
    for (uint64_t b = ptic__subs_since(subs, oldest); b; b &= b - 1) {
      const unsigned slot = PTIC_SCAST(unsigned, __builtin_ctzll(b));
      ptic__deliver_one(t, &cur, slot, ptic__atomic_load_u32(&ptic__g.slot[slot].gen, PTIC_RELAXED));
    }
  }
  if (PTIC_UNLIKELY(t->nlate)) ptic__late_raise(t);
}
/* The n records from done (taken from the thread's list) in records of at most 64 operations of
   one stream with the same subscribers. */
static PTIC_NOINLINE PTIC_CALLS_MANY void ptic__deliver_many(ptic__thread* t, ptic__done* done, uint32_t n,
                                                            uint32_t api_id, uint64_t only, int force) {
  pti_gpu_op_details det[64];
  for (uint32_t i = 0; i < n;) {
    uint32_t k = 1;
    ptic__done* const first = &done[i];
    const uint32_t most = first->stream != PTIC_NIL ? 64u : 1u; /* (a stand-in stream: ptic__lose_now) */
    while (i + k < n && k < most && done[i + k].stream == first->stream && done[i + k].subs == first->subs) k++;
    pti_gpu_op_details* dets = &first->det; /* one operation: delivered from where it is */
    uint64_t oldest = first->info.execution_id;
    if (k > 1) {
      for (uint32_t j = 0; j < k; j++) {
        det[j] = done[i + j].det;
        if (done[i + j].info.execution_id < oldest) oldest = done[i + j].info.execution_id;
      }
      dets = det;
    }
    i += k;
    const uint64_t subs = first->subs & only;
    if (subs) ptic__deliver_rec(t, first, k, dets, oldest, ptic__done_api(api_id, first), subs, force);
  }
}
/* Deliver the completions this thread collected. api_id: the call at whose EXIT they were
   noticed (0: the library noticed them itself: its backend's poll_id). `only`: restrict to these
   slots; with `force`, even if COMPLETED was turned off (ptiCallbackUnsubscribe's flush). The
   common case first: one record of one operation. Called without any lock. */
static PTIC_CALLS_MANY void ptic__deliver_done(ptic__thread* t, uint32_t api_id, uint64_t only, int force) {
  if (!t || t->ndone == 0) return;
  /* the buffer taken: callbacks may collect more (nested flushes) */
  ptic__done* done = t->done;
  uint32_t n = t->ndone, cap = t->done_cap;
  t->done = NULL;
  t->ndone = t->done_cap = 0;
  ptic__done* const prev_done = t->cur_done; /* (a delivery inside a COMPLETED callback) */
  const uint32_t prev_n = t->cur_ndone;
  if (PTIC_LIKELY(n == 1 && !force)) {
    const uint64_t subs = done->subs & only;
    if (subs) ptic__deliver_rec(t, done, 1, &done->det, done->info.execution_id, ptic__done_api(api_id, done), subs, 0);
  } else {
    ptic__deliver_many(t, done, n, api_id, only, force);
  }
  t->cur_done = prev_done;
  t->cur_ndone = prev_n;
  ptic__atomic_add_u64(&ptic__gpus.delivered, n, PTIC_RELEASE);
  if (t->done == NULL && cap <= PTIC_COLLECT_BATCH) { /* keep the capacity, not a backlog's */
    t->done = done;
    t->done_cap = cap;
  } else {
    PTIC_FREE(done);
  }
}

/* The one record on this thread's own list (ptic__sync_exit's own round), delivered from where
   it is, outside any callback and with the delivery token held: nothing a callback calls
   collects onto that list meanwhile (a synchronising call there collects onto the ready list,
   which only the token's holder takes; ptiCallbackUnsubscribe collects onto a list of its own,
   and gives this one back as it was). api_id: the synchronising call's (never 0). */
static PTIC_ALWAYS_INLINE void ptic__deliver_own_one(ptic__thread* t, uint32_t api_id) {
  ptic__done* const x = t->done;
  if (x->subs) ptic__deliver_rec(t, x, 1, &x->det, x->info.execution_id, api_id, x->subs, 0);
  t->cur_done = NULL; /* (outside any callback: no outer record to give back) */
  t->cur_ndone = 0;
  t->ndone = 0;
  ptic__atomic_add_u64(&ptic__gpus.delivered, 1, PTIC_RELEASE);
}

/* Move the ready records to t->done: all of them into an empty list, up to 256 otherwise. Lock
   held, delivery token held. */
static size_t ptic__take_ready(ptic__thread* t) {
  size_t n = ptic__gpus.nready - ptic__gpus.ready_head;
  size_t cap = t->done_cap;
  if (n && n == ptic__gpus.nready && t->ndone == 0 && ptic__gpus.ready_cap <= UINT32_MAX) {
    /* all of it into an empty list: the two buffers change places, nothing is copied (the
       ready list gets room for LOST records again, when the thread's buffer lacks it and memory
       allows: ptic__lose_now finds it there) */
    ptic__done* mine = t->done;
    t->done = ptic__gpus.ready;
    t->done_cap = PTIC_SCAST(uint32_t, ptic__gpus.ready_cap);
    t->ndone = PTIC_SCAST(uint32_t, n);
    ptic__gpus.ready = mine;
    ptic__gpus.ready_cap = cap;
    ptic__gpus.ready_head = ptic__gpus.nready = 0;
    if (PTIC_UNLIKELY(cap < PTIC_LOST_ROOM))
      ptic__reserve(&ptic__gpus.ready, 0, PTIC_LOST_ROOM, &ptic__gpus.ready_cap, sizeof(ptic__done));
  } else {
    if (n > 256) n = 256; /* (copied: a piece at a time) */
    if (n && ptic__reserve(&t->done, t->ndone, t->ndone + n, &cap, sizeof(ptic__done))) {
      t->done_cap = PTIC_SCAST(uint32_t, cap);
      memcpy(t->done + t->ndone, ptic__gpus.ready + ptic__gpus.ready_head, n * sizeof(ptic__done));
      t->ndone += PTIC_SCAST(uint32_t, n);
      ptic__gpus.ready_head += n;
    } else {
      n = 0;
    }
  }
  if (ptic__gpus.ready_head == ptic__gpus.nready) ptic__gpus.ready_head = ptic__gpus.nready = 0;
  ptic__atomic_store_u64(&ptic__gpus.nready_hint, ptic__gpus.nready - ptic__gpus.ready_head, PTIC_RELAXED);
  return n;
}

static int ptic__take_token(void) { return ptic__atomic_cas_u32(&ptic__gpus.delivering, 0u, 1u); }

/* Deliver what this thread's own list holds (`first` records, taken under the lock) and then
   the ready list, holding the token, until it is empty. Returns 0 when it took nothing from the
   ready list while records were there (out of memory: they wait for the next drain). */
static PTIC_ALWAYS_INLINE int ptic__drain_held(ptic__thread* t, uint32_t api_id, size_t first) {
  int took = 1;
  for (size_t n = first;;) {
    if (n) ptic__deliver_done(t, api_id, PTIC_ALL_SLOTS, 0);
    /* (records added after this look are delivered by whoever added them: ptic__drain) */
    const int more = ptic__atomic_load_u32(&ptic__gpus.more, PTIC_RELAXED) != 0;
    if (!more && !ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED)) break;
    ptic__objs_lock();
    if (more && ptic__gpus.nready == ptic__gpus.ready_head) ptic__poll_all(t, 0); /* the next round */
    n = ptic__take_ready(t);
    took = n != 0 || ptic__gpus.nready == ptic__gpus.ready_head;
    ptic__objs_unlock();
    if (!n) break;
  }
  ptic__atomic_store_u32(&ptic__gpus.delivering, 0, PTIC_RELEASE);
  return took;
}

/* Deliver the ready list. One thread at a time does it, so records of a stream come in order; a
   thread that finds another one at it leaves the work to it. */
static PTIC_NOINLINE void ptic__drain_slow(ptic__thread* t, uint32_t api_id) {
  while (t && (ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED) ||
               ptic__atomic_load_u32(&ptic__gpus.more, PTIC_RELAXED))) {
    if (!ptic__take_token() || !ptic__drain_held(t, api_id, 0)) return;
  }
}
static PTIC_ALWAYS_INLINE void ptic__drain(ptic__thread* t, uint32_t api_id) {
  /* (both read, one branch: the common case is that neither is set) */
  const uint64_t ready = ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED);
  const uint32_t more = ptic__atomic_load_u32(&ptic__gpus.more, PTIC_RELAXED);
  if (ready | more) ptic__drain_slow(t, api_id);
}

/* The end of a traced call: its frame given back, then the completions collected meanwhile
   delivered (api_id: the call's). */
static PTIC_ALWAYS_INLINE void ptic__call_exit(ptic__thread* t, uint32_t api_id) {
  t->depth--;
  ptic__drain(t, api_id);
}

/* Whether a synchronising call has nothing to collect or wait for: no operation pending, every
   collected completion delivered. */
static PTIC_ALWAYS_INLINE int ptic__sync_idle(void) {
  return !ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) &&
         ptic__atomic_load_u64(&ptic__gpus.delivered, PTIC_ACQUIRE) ==
             ptic__atomic_load_u64(&ptic__gpus.collected, PTIC_ACQUIRE);
}

/* An application's synchronising call returned from the driver: what it proves finished must be
   delivered to every subscriber before it returns to the application, whichever thread delivers
   it. Those operations are collected by the first full round (every stream polled) that starts
   from now on: this thread's own round when it was full, or the next one; with nothing pending,
   they were collected already. Note which. Lock held. */
static void ptic__sync_mark(ptic__thread* t) {
  if (ptic__atomic_load_u32(&ptic__gpus.more, PTIC_RELAXED)) {
    t->sync_round = ptic__gpus.full_rounds;
    t->sync_wait = PTIC_SYNC_ROUND;
  } else {
    t->sync_target = ptic__atomic_load_u64(&ptic__gpus.collected, PTIC_RELAXED);
    t->sync_wait = PTIC_SYNC_TARGET;
  }
}

/* Wait until what ptic__sync_mark noted has been delivered, delivering whenever no other thread
   does. A call made inside a callback does not wait: the thread delivering may be this one, or
   may be waiting for it. */
static void ptic__sync_wait(ptic__thread* t, uint32_t api_id) {
  for (unsigned spin = 0; !ptic__in_callback(t) && !ptic__is_down(); spin++) {
    if (t->sync_wait == PTIC_SYNC_ROUND) {
      ptic__objs_lock();
      if (ptic__gpus.full_rounds != t->sync_round) {
        t->sync_target = ptic__atomic_load_u64(&ptic__gpus.collected, PTIC_RELAXED);
        t->sync_wait = PTIC_SYNC_TARGET;
      }
      ptic__objs_unlock();
    }
    if (t->sync_wait == PTIC_SYNC_TARGET && ptic__atomic_load_u64(&ptic__gpus.delivered, PTIC_ACQUIRE) >= t->sync_target)
      break;
    ptic__drain_slow(t, api_id); /* the token is free: deliver (and run the rounds) here */
    if (t->sync_wait == PTIC_SYNC_TARGET && ptic__atomic_load_u64(&ptic__gpus.delivered, PTIC_ACQUIRE) >= t->sync_target)
      break;
    if (spin < 64) {
      sched_yield();
    } else { /* another thread is inside a callback */
      struct timespec ts = {0, 50000};
      nanosleep(&ts, NULL);
    }
  }
  t->sync_wait = PTIC_SYNC_NONE;
}

/* An application's synchronising call (api_id) returned success, after its EXIT records: what it
   proves finished is delivered before it returns (see ptic__sync_mark). The common case first:
   outside any traced call or callback, with no other thread delivering, nothing on the ready
   list and at most PTIC_COLLECT_BATCH operations pending (exact under the lock), this thread's
   own round polls every stream without a budget (it is full), onto its own list (executions of
   batches onto the ready list), and it delivers that at once: nothing to note or wait for.
   Otherwise a round onto the ready list, and the wait. `be`: the backend whose call it is. Each
   backend makes this function once (its ptic__<group>_sync_exit, passing its own descriptor as
   a constant): the compiler then calls that backend's functions on its own streams directly,
   with what they do inline, where other streams go through their descriptors. Its callers
   look at ptic__sync_idle first (with nothing to do it would take the lock and find that out). */
static PTIC_ALWAYS_INLINE void ptic__sync_exit(ptic__thread* t, uint32_t api_id, const ptic__backend* be) {
  /* (outside a traced call, ptic__in_callback's answer is the busy mark) */
  const int own = !t->ndone && !t->depth && !ptic__atomic_load_u64(&t->busy, PTIC_RELAXED);
  ptic__objs_lock();
  const uint64_t pending = ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED);
  if (own && pending - 1u < PTIC_COLLECT_BATCH && !ptic__atomic_load_u64(&ptic__gpus.nready_hint, PTIC_RELAXED) &&
      !ptic__atomic_load_u32(&ptic__gpus.more, PTIC_RELAXED) && ptic__take_token()) {
    ptic__stream* const end = ptic__gpus.streams + ptic__gpus.nstreams; /* (a poll adds none) */
    for (ptic__stream* s = ptic__gpus.streams; s < end; s++) {
      if (!s->live || s->head == PTIC_NIL) continue;
      const ptic__backend* const sb = ptic__backend_at(s->backend);
      if (sb == be) ptic__poll_stream_of(t, s, 0, t, be); /* (be's functions known here) */
      else ptic__poll_stream_of(t, s, 0, t, sb);
    }
    ptic__gpus.full_rounds++;
    if (PTIC_UNLIKELY(ptic__gpus.times_early)) { /* (the ready list held nothing: executions only) */
      ptic__convert_new(t, t->done, t->ndone, be);
      if (ptic__gpus.nready > ptic__gpus.ready_head)
        ptic__convert_new(t, ptic__gpus.ready + ptic__gpus.ready_head, ptic__gpus.nready - ptic__gpus.ready_head, NULL);
    }
    ptic__shrink_when_idle(t);
    const uint32_t n = t->ndone;
    ptic__objs_unlock();
    if (PTIC_LIKELY(n == 1)) {
      ptic__deliver_own_one(t, api_id);
      ptic__drain_held(t, api_id, 0);
    } else {
      ptic__drain_held(t, api_id, n);
    }
    return;
  }
  if (pending) ptic__poll_all(t, 0);
  ptic__sync_mark(t);
  ptic__objs_unlock();
  ptic__drain(t, api_id);
  ptic__sync_wait(t, api_id);
}

/* Collect what is ready and deliver it. */
static void ptic__flush_now(ptic__thread* t, uint32_t api_id) {
  ptic__objs_lock();
  if (ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED)) ptic__poll_all(t, 0);
  ptic__objs_unlock();
  ptic__drain(t, api_id);
}

/* Operations of an OPS stream that a subscriber (slot bit) still expects: collected for it alone
   as lost onto thread t's list (ptiCallbackUnsubscribe). Lock held. Returns how many. */
static uint32_t ptic__forget_ops(ptic__thread* t, ptic__stream* s, uint64_t bit) {
  uint32_t lost = 0;
  for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next) {
    ptic__op* o = ptic__op_at(i);
    if (!(o->subs & bit)) continue;
    o->subs &= ~bit;
    ptic__op copy = *o;
    copy.subs = bit;
    ptic__collect_to(t, &copy, s, copy.corr_append, PTIC_OP_LOST, NULL);
    lost++;
  }
  return lost;
}

/* ---- the poller thread ---- */

/* After the poller's round: the buffer it delivered from (room for a whole round after a
   backlog) goes to the ready list when that list's own is smaller and empty, and is freed
   otherwise, so that one round's room stays for the whole library; the poller keeps the ready
   list's small one for its next round (no allocation per round). */
static void ptic__poller_hand_back(ptic__thread* t) {
  if (t->ndone || t->done_cap <= PTIC_POLLER_KEEP) return;
  ptic__done* mine = t->done;
  const size_t cap = t->done_cap;
  t->done = NULL;
  t->done_cap = 0;
  ptic__objs_lock();
  if (ptic__gpus.nready == 0 && ptic__gpus.ready_cap < cap) {
    ptic__done* old = ptic__gpus.ready;
    const size_t old_cap = ptic__gpus.ready_cap;
    ptic__gpus.ready = mine;
    ptic__gpus.ready_cap = cap;
    mine = old;
    if (old_cap <= PTIC_POLLER_KEEP) { /* kept: the next round's swap gives it back to the ready
                                          list, with its room for LOST records (ptic__take_ready) */
      t->done = old;
      t->done_cap = PTIC_SCAST(uint32_t, old_cap);
      mine = NULL;
    }
  }
  ptic__objs_unlock();
  PTIC_FREE(mine);
}

static void ptic__poller_threads(ptic__thread* t, pti_internal_callback_data* d, pti_callback_phase phase) {
  ptic__cur cur;
  memset(&cur, 0, sizeof cur);
  d->_phase = phase;
  cur.rec = d;
  cur.dom = PTIC_DOM_INTERNAL_THREADS;
  cur.phase = phase;
  cur.group = ptic__internal_group(t);
  ptic__deliver_thread(t, &cur, PTIC_DOM_INTERNAL_THREADS * 2u + ptic__phase_bit(phase) - 1u, PTIC_ALL_SLOTS, 0);
}

static void* ptic__poller_main(void* arg) {
  PTIC_UNUSED(arg);
  ptic__thread* t = ptic__thread_get();
  if (!t) return NULL;
  t->internal = 1; /* its API calls are the library's */
  pti_internal_callback_data d;
  memset(&d, 0, sizeof d);
  d._domain = PTI_CB_DOMAIN_INTERNAL_THREADS;
  d._message = "pti-callback completion poller";
  ptic__poller_threads(t, &d, PTI_CB_PHASE_INTERNAL_THREAD_START);
  while (!ptic__atomic_load_u32(&ptic__gpus.poller_stop, PTIC_ACQUIRE)) {
    uint32_t us = ptic__atomic_load_u32(&ptic__gpus.poll_us, PTIC_RELAXED);
    struct timespec ts;
    ts.tv_sec = (us ? us : 10000u) / 1000000u;
    ts.tv_nsec = PTIC_SCAST(long, ((us ? us : 10000u) % 1000000u) * 1000u);
    nanosleep(&ts, NULL);
    /* (read again: polling stopped during the sleep takes no round more) */
    if (ptic__atomic_load_u32(&ptic__gpus.poll_us, PTIC_RELAXED) &&
        !ptic__atomic_load_u32(&ptic__gpus.poller_stop, PTIC_ACQUIRE)) {
      ptic__flush_now(t, 0);
      ptic__poller_hand_back(t);
      ptic__report_dropped(t);
    }
  }
  ptic__poller_threads(t, &d, PTI_CB_PHASE_INTERNAL_THREAD_END);
  ptic__atomic_store_u32(&ptic__gpus.poller_stop, 2, PTIC_RELEASE);
  return NULL;
}

/* Start the poller (first COMPLETED enable). Registry lock held. */
static void ptic__poller_start(void) {
  if (ptic__gpus.poller_started || ptic__is_down()) return; /* (after the end: nothing would join it) */
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

/* ==== >>api =============================================================================== */

/* The library's own initialisation of the API (a backend's install): one DRIVER_INIT record,
   kept for pticReplay, and delivered to the subscriber whose enable made it (ptic__set_domains). */
typedef struct ptic__lib_init {
  ptic_init_data rec;
  ptic_driver_info* drivers; /* (lives until exit) */
  uint32_t api_id;
  uint32_t backend;
  int valid;
} ptic__lib_init;
static ptic__lib_init ptic__init_rec; /* registry lock (written once, at the install) */

/* A backend initialised its API (registry lock held): r and its drivers are copied. */
static void ptic__init_note(uint32_t backend, uint32_t api_id, const ptic_init_data* r) {
  if (ptic__init_rec.valid) return;
  ptic_driver_info* d = NULL;
  if (r->_driver_count && (d = PTIC_CAST(ptic_driver_info*, PTIC_MALLOC(r->_driver_count * sizeof *d))) != NULL)
    memcpy(d, r->_drivers, r->_driver_count * sizeof *d);
  ptic__init_rec.rec = *r;
  ptic__init_rec.rec._drivers = d;
  ptic__init_rec.rec._driver_count = d ? r->_driver_count : 0u;
  ptic__init_rec.drivers = d;
  ptic__init_rec.api_id = api_id;
  ptic__init_rec.backend = backend;
  ptic__init_rec.valid = 1;
}
/* That record, to one subscription (no lock held; the record no longer changes once valid). */
static void ptic__deliver_lib_init(ptic__thread* t, uint32_t slot, uint32_t gen) {
  ptic_init_data rec = ptic__init_rec.rec;
  ptic__cur cur;
  memset(&cur, 0, sizeof cur);
  cur.rec = &rec;
  cur.api_id = ptic__init_rec.api_id;
  cur.group = ptic__backend_at(ptic__init_rec.backend)->group;
  cur.dom = PTIC_DOM_DRIVER_INIT;
  cur.phase = PTI_CB_PHASE_API_EXIT;
  ptic__deliver_one(t, &cur, slot, gen);
}

/* Install every backend's interception (first enable; registry lock held). Success once one
   backend's records will arrive; otherwise the first backend's answer. */
static pti_result ptic__install(void) {
  if (ptic__is_down()) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  if (ptic__g.installed) return PTI_SUCCESS;
  pti_result first = PTI_ERROR_DRIVER;
  for (uint32_t b = 0; b < ptic__backend_count(); b++) {
    const pti_result r = ptic__backend_at(b)->install();
    if (r == PTI_SUCCESS) ptic__g.installed |= 1u << b;
    else if (b == 0) first = r;
  }
  if (!ptic__g.installed) return first;
  ptic__gpu_settings();
  ptic__atomic_store_u32(&ptic__g.traced_known, 1, PTIC_RELEASE);
  ptic__mask_keep(PTIC_BIT_TRACK, 1);
  return PTI_SUCCESS;
}

/* ptiCallbackSubscribe; with `call`, for a forwarding copy that catches C++ exceptions (>>hub):
   the subscription's callback is then `call`, given the callback and user data (ptic__via) as
   its user data. */
static pti_result ptic__own_subscribe(pti_callback_subscriber_handle* subscriber, pti_callback_function callback,
                                      void* user_data, pti_callback_function call) {
  if (!subscriber || !callback) return PTI_ERROR_BAD_ARGUMENT;
  if (ptic__is_down()) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  ptic__init();
  pthread_mutex_lock(&ptic__g.lock);
  int slot = -1;
  const int max = PTIC_SCAST(int, ptic__atomic_load_u32(&ptic__g.max_subs, PTIC_RELAXED));
  for (int i = 0; i < max && slot < 0; i++) {
    ptic__slot* s = &ptic__g.slot[i];
    if ((ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) & 1u) == 0 && !ptic__slots_busy(NULL, PTIC_SLOT_BIT(i)))
      slot = i;
  }
  if (slot < 0) {
    pthread_mutex_unlock(&ptic__g.lock);
    return PTI_ERROR_INTERNAL;
  }
  ptic__slot* s = &ptic__g.slot[slot];
  void* cbp;
  memcpy(&cbp, &callback, sizeof cbp);
  if (call) { /* (no callback of the slot's previous subscription runs: it was not busy) */
    s->via.cb = cbp;
    s->via.user = user_data;
    memcpy(&cbp, &call, sizeof cbp);
    user_data = &s->via;
  }
  ptic__atomic_store_ptr(&s->cb, cbp, PTIC_RELAXED);
  ptic__atomic_store_ptr(&s->user, user_data, PTIC_RELAXED);
  ptic__atomic_store_u64(&s->mask, 0, PTIC_RELAXED);
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) ptic__atomic_store_u32(&s->api[w], 0, PTIC_RELAXED);
  ptic__atomic_add_u32(&ptic__g.ids_epoch, 1, PTIC_SEQ_CST); /* threads take fresh operation ids */
  ptic__atomic_add_u64(&ptic__objs_epoch, 1, PTIC_RELEASE);  /* (which frames' descriptions check) */
  const uint64_t first_op = ptic__atomic_load_u64(&ptic__g.next_op, PTIC_SEQ_CST) + 1u;
  ptic__atomic_store_u64(&s->first_op, first_op, PTIC_RELAXED);
  ptic__atomic_store_u64(&ptic__g.newest_first_op, first_op, PTIC_RELEASE); /* (ids only grow) */
  ptic__atomic_store_u64(&s->order, ++ptic__g.next_order, PTIC_RELAXED);
  const uint32_t gen = ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) + 1u;
  ptic__atomic_store_u32(&s->gen, gen, PTIC_SEQ_CST);
  if (PTIC_SCAST(uint32_t, slot) >= ptic__atomic_load_u32(&ptic__g.slots_used, PTIC_RELAXED))
    ptic__atomic_store_u32(&ptic__g.slots_used, PTIC_SCAST(uint32_t, slot) + 1u, PTIC_RELEASE);
  *subscriber = ptic__make_handle(PTIC_SCAST(uint32_t, slot), gen);
  pthread_mutex_unlock(&ptic__g.lock);
  return PTI_SUCCESS;
}

/* Before a subscriber with COMPLETED goes: deliver what finished, then its operations still in
   flight, as lost (they cannot be reported after ptiCallbackUnsubscribe returns). What this
   collects goes to a list of its own: a COMPLETED callback that unsubscribes runs while its
   thread's list holds the record being delivered. */
static void ptic__unsubscribe_flush(pti_callback_subscriber_handle subscriber) {
  int slot = ptic__lock_slot(subscriber);
  const int has = slot >= 0 && (ptic__atomic_load_u64(&ptic__g.slot[slot].mask, PTIC_RELAXED) &
                                PTIC_BIT(PTIC_DOM_COMPLETED, 2u));
  pthread_mutex_unlock(&ptic__g.lock);
  ptic__thread* t = ptic__thread_get();
  if (!has || !t) return;
  ptic__done* const held = t->done;
  const uint32_t held_n = t->ndone, held_cap = t->done_cap;
  t->done = NULL;
  t->ndone = t->done_cap = 0;
  ptic__flush_now(t, 0);
  slot = ptic__lock_slot(subscriber); /* no new operation for it from here */
  uint32_t gen = 0;
  if (slot >= 0) {
    ptic__slot* s = &ptic__g.slot[slot];
    gen = ptic__atomic_load_u32(&s->gen, PTIC_RELAXED);
    ptic__atomic_store_u64(&s->mask, ptic__atomic_load_u64(&s->mask, PTIC_RELAXED) & ~PTIC_BITS(PTIC_DOM_COMPLETED),
                           PTIC_RELEASE);
    ptic__set_publish(0);
  }
  pthread_mutex_unlock(&ptic__g.lock);
  if (slot >= 0) {
    const uint64_t bit = PTIC_SLOT_BIT(slot);
    uint32_t lost = 0;
    ptic__objs_lock();
    for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
      ptic__stream* s = &ptic__gpus.streams[si];
      if (!s->live) continue;
      lost += s->kind == PTIC_STREAM_OPS ? ptic__forget_ops(t, s, bit)
                                         : ptic__backend_at(s->backend)->forget_batches(t, s, bit);
    }
    ptic__objs_unlock();
    if (lost) { /* (its own: the other subscribers lost nothing) */
      pti_internal_callback_data d;
      memset(&d, 0, sizeof d);
      d._domain = PTI_CB_DOMAIN_INTERNAL_EVENT;
      d._phase = PTI_CB_PHASE_INTERNAL_EVENT;
      d._detail = PTI_INTERNAL_EVENT_TYPE_INFO;
      d._message = "operations were still running at ptiCallbackUnsubscribe: reported as lost";
      ptic__cur cur;
      memset(&cur, 0, sizeof cur);
      cur.rec = &d;
      cur.dom = PTIC_DOM_INTERNAL_EVENT;
      cur.phase = PTI_CB_PHASE_INTERNAL_EVENT;
      cur.group = ptic__internal_group(t);
      if (ptic__atomic_load_u64(&ptic__g.slot[slot].mask, PTIC_RELAXED) & PTIC_BIT(PTIC_DOM_INTERNAL_EVENT, 1u))
        ptic__deliver_one(t, &cur, PTIC_SCAST(uint32_t, slot), gen);
    }
    ptic__deliver_done(t, 0, bit, 1);
  }
  PTIC_FREE(t->done);
  t->done = held;
  t->ndone = held_n;
  t->done_cap = held_cap;
}

static pti_result ptic__own_ptiCallbackUnsubscribe(pti_callback_subscriber_handle subscriber) {
  ptic__unsubscribe_flush(subscriber);
  int slot = ptic__lock_slot(subscriber);
  if (slot < 0) {
    pthread_mutex_unlock(&ptic__g.lock);
    return PTI_ERROR_BAD_ARGUMENT;
  }
  ptic__slot* s = &ptic__g.slot[slot];
  ptic__atomic_store_u64(&s->mask, 0, PTIC_RELAXED);
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) ptic__atomic_store_u32(&s->api[w], 0, PTIC_RELAXED);
  ptic__atomic_store_u32(&s->gen, ptic__atomic_load_u32(&s->gen, PTIC_RELAXED) + 1u, PTIC_SEQ_CST);
  ptic__set_publish(0);
  pthread_mutex_unlock(&ptic__g.lock);
  /* Wait for callbacks already running on other threads, unless this thread runs a callback
     itself: it might be one of them, or another thread's callback might be waiting on it. */
  ptic__thread* t = ptic__tls;
  if (!t || !ptic__in_callback(t))
    while (ptic__slots_busy(t, PTIC_SLOT_BIT(slot))) sched_yield();
  return PTI_SUCCESS;
}

/* Set the DRIVER_API bits of one function (api < PTIC_API_TOTAL) or all (api ==
   PTIC_API_TOTAL) to the 2-bit value p. Lock held. */
static void ptic__slot_set_api(ptic__slot* s, uint32_t api, uint32_t p) {
  for (uint32_t a = api == PTIC_API_TOTAL ? 0 : api; a < PTIC_API_TOTAL; a++) {
    ptic__atomic_u32* w = &s->api[PTIC_API_WORD(a)];
    uint32_t v = ptic__atomic_load_u32(w, PTIC_RELAXED) & ~(3u << PTIC_API_SHIFT(a));
    ptic__atomic_store_u32(w, v | (p << PTIC_API_SHIFT(a)), PTIC_RELAXED);
    if (api != PTIC_API_TOTAL) break;
  }
  ptic__slot_sync_api_mask(s);
}

/* Publish a change of slot s (lock held): when it added mask bits and no new set can be made,
   the slot's mask and DRIVER_API bits go back to what they were and PTI_ERROR_INTERNAL says so. */
static pti_result ptic__slot_publish(ptic__slot* s, ptic__mask before, const uint32_t* api_before) {
  const ptic__mask now = ptic__atomic_load_u64(&s->mask, PTIC_RELAXED);
  if (ptic__set_publish((now & ~before) != 0)) return PTI_SUCCESS;
  ptic__atomic_store_u64(&s->mask, before, PTIC_RELEASE);
  for (uint32_t w = 0; w < PTIC_API_WORDS; w++) ptic__atomic_store_u32(&s->api[w], api_before[w], PTIC_RELAXED);
  ptic__set_publish(0);
  return PTI_ERROR_INTERNAL;
}

static void ptic__itt_check(void); /* (>>itt) */
/* Set the subscriber's phases of the domains in `doms` (a bit per domain index) to the phases
   asked for (bits for the DRIVER_API functions as well). Installs the interception when
   enabling. */
static pti_result ptic__set_domains(pti_callback_subscriber_handle subscriber, uint64_t doms, uint32_t enter_cb,
                                    uint32_t exit_cb) {
  int slot = ptic__lock_slot(subscriber);
  pti_result r = slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
  const int had_init = ptic__init_rec.valid;
  if (r == PTI_SUCCESS && (enter_cb || exit_cb) && (doms & ~PTIC_DOMS_OWN_SOURCE)) r = ptic__install();
  /* the library's initialisation made by this enable: to this subscriber if it now has its
     domain's EXIT on (once the lock is released) */
  const int tell_init = r == PTI_SUCCESS && !had_init && ptic__init_rec.valid && exit_cb &&
                        (doms & (PTIC_SCAST(uint64_t, 1) << PTIC_DOM_DRIVER_INIT));
  uint32_t gen = 0;
  if (r == PTI_SUCCESS) {
    ptic__slot* s = &ptic__g.slot[slot];
    const ptic__mask before = ptic__atomic_load_u64(&s->mask, PTIC_RELAXED);
    uint32_t api_before[PTIC_API_WORDS];
    for (uint32_t w = 0; w < PTIC_API_WORDS; w++) api_before[w] = ptic__atomic_load_u32(&s->api[w], PTIC_RELAXED);
    ptic__mask m = before;
    for (unsigned d = 1; d < PTIC_DOM_COUNT; d++) {
      if (!(doms & (PTIC_SCAST(uint64_t, 1) << d))) continue;
      m = (m & ~PTIC_BITS(d)) | ((enter_cb || exit_cb) ? ptic__phase_bits(d, enter_cb, exit_cb) : 0u);
    }
    ptic__atomic_store_u64(&s->mask, m, PTIC_RELEASE);
    if (doms & (PTIC_SCAST(uint64_t, 1) << PTIC_DOM_DRIVER_API))
      ptic__slot_set_api(s, PTIC_API_TOTAL, (enter_cb ? 1u : 0u) | (exit_cb ? 2u : 0u));
    r = ptic__slot_publish(s, before, api_before);
    if (r == PTI_SUCCESS && (m & PTIC_BIT(PTIC_DOM_COMPLETED, 2u))) ptic__poller_start();
    gen = ptic__atomic_load_u32(&s->gen, PTIC_RELAXED);
  }
  pthread_mutex_unlock(&ptic__g.lock);
  if (r == PTI_SUCCESS && (doms & (PTIC_SCAST(uint64_t, 1) << PTIC_DOM_INTERNAL_EVENT))) ptic__env_warn_raise();
  if (r == PTI_SUCCESS && (enter_cb || exit_cb) && doms == (PTIC_SCAST(uint64_t, 1) << PTIC_DOM_MARKER)) ptic__itt_check();
  ptic__thread* t = tell_init ? ptic__thread_get() : NULL;
  if (t) ptic__deliver_lib_init(t, PTIC_SCAST(uint32_t, slot), gen);
  return r;
}

static pti_result ptic__own_ptiCallbackEnableDomain(pti_callback_subscriber_handle subscriber,
                                                    pti_callback_domain domain, uint32_t enter_cb, uint32_t exit_cb) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE) return PTI_ERROR_BAD_ARGUMENT;
  /* single-phase domains: the flags are ignored, as PTI documents ("used only for domains with
     2 phases"); two-phase domains get exactly the phases asked for */
  if (ptic__dom_phases[dom] == PTIC_PHASES_EXIT || ptic__dom_phases[dom] == PTIC_PHASES_EVENT) enter_cb = exit_cb = 1;
  if (!enter_cb && !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  return ptic__set_domains(subscriber, PTIC_SCAST(uint64_t, 1) << dom, enter_cb, exit_cb);
}

static pti_result ptic__own_ptiCallbackDisableDomain(pti_callback_subscriber_handle subscriber,
                                                     pti_callback_domain domain) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE) return PTI_ERROR_BAD_ARGUMENT;
  return ptic__set_domains(subscriber, PTIC_SCAST(uint64_t, 1) << dom, 0, 0);
}

static pti_result ptic__own_ptiCallbackDisableAllDomains(pti_callback_subscriber_handle subscriber) {
  return ptic__set_domains(subscriber, PTIC_ALL_DOMAINS, 0, 0);
}

static pti_result ptic__own_pticEnableAllDomains(pti_callback_subscriber_handle subscriber, uint32_t enter_cb,
                                                 uint32_t exit_cb) {
  if (!enter_cb && !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  return ptic__set_domains(subscriber, PTIC_ALL_DOMAINS, enter_cb, exit_cb);
}

/* The backend of a group, or NULL. */
static const ptic__backend* ptic__backend_of_group(pti_api_group_id group) {
  for (uint32_t b = 0; b < ptic__backend_count(); b++)
    if (ptic__backend_at(b)->group == group) return ptic__backend_at(b);
  return NULL;
}
/* The traceable function of api id `api_id` (global index), or PTIC_API_TOTAL. */
static uint32_t ptic__api_of_id(uint32_t api_id) {
  for (uint32_t i = 0; i < PTIC_API_TOTAL; i++)
    if (ptic__fns[i].id == api_id) return i;
  return PTIC_API_TOTAL;
}
/* The name of an api id of any group, NULL if none. */
static const char* ptic__id_name(uint32_t api_id) {
  for (uint32_t b = 0; b < ptic__backend_count(); b++) {
    const char* name = ptic__backend_at(b)->id_name(api_id);
    if (name) return name;
  }
  return NULL;
}
/* The api id after `id` in increasing order over every group (the first after 0), 0 past the
   last (the groups' ids are in disjoint ranges, in backend order). */
static uint32_t ptic__next_id(uint32_t id) {
  for (uint32_t b = 0; b < ptic__backend_count(); b++) {
    const ptic__backend* be = ptic__backend_at(b);
    if (id && !be->id_name(id) && b + 1 < ptic__backend_count() && ptic__backend_at(b + 1)->id_name(id)) continue;
    const uint32_t next = be->next_id(id);
    if (next) return next;
  }
  return 0;
}

/* The traceable function of a (group, id) pair, or an error: BAD_ARGUMENT for a group without a
   backend, BAD_API_ID for an id the group does not have, NOT_IMPLEMENTED for one that this
   library or the API in the process cannot trace. */
static pti_result ptic__api_arg(pti_api_group_id group, uint32_t api_id, uint32_t* api) {
  const ptic__backend* be = ptic__backend_of_group(group);
  if (!be) return PTI_ERROR_BAD_ARGUMENT;
  if (!be->id_name(api_id)) return PTI_ERROR_BAD_API_ID;
  *api = ptic__api_of_id(api_id);
  if (*api == PTIC_API_TOTAL) return PTI_ERROR_NOT_IMPLEMENTED;
  return ptic__api_traced(*api) ? PTI_SUCCESS : PTI_ERROR_NOT_IMPLEMENTED;
}

/* Checks a handle. */
static pti_result ptic__check_handle(pti_callback_subscriber_handle subscriber) {
  int slot = ptic__lock_slot(subscriber);
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
}

static pti_result ptic__own_pticEnableDriverApi(pti_callback_subscriber_handle subscriber, pti_api_group_id group,
                                                uint32_t api_id, uint32_t enter_cb, uint32_t exit_cb) {
  uint32_t api = 0;
  pti_result r = ptic__check_handle(subscriber);
  if (r == PTI_SUCCESS && !enter_cb && !exit_cb) r = PTI_ERROR_BAD_ARGUMENT;
  if (r == PTI_SUCCESS) r = ptic__api_arg(group, api_id, &api);
  if (r != PTI_SUCCESS) return r;
  int slot = ptic__lock_slot(subscriber);
  r = slot < 0 ? PTI_ERROR_BAD_ARGUMENT : ptic__install();
  if (r == PTI_SUCCESS && !ptic__api_traced(api)) r = PTI_ERROR_NOT_IMPLEMENTED;
  if (r == PTI_SUCCESS) {
    ptic__slot* s = &ptic__g.slot[slot];
    const ptic__mask before = ptic__atomic_load_u64(&s->mask, PTIC_RELAXED);
    uint32_t api_before[PTIC_API_WORDS];
    for (uint32_t w = 0; w < PTIC_API_WORDS; w++) api_before[w] = ptic__atomic_load_u32(&s->api[w], PTIC_RELAXED);
    ptic__slot_set_api(s, api, (enter_cb ? 1u : 0u) | (exit_cb ? 2u : 0u));
    r = ptic__slot_publish(s, before, api_before);
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return r;
}

static pti_result ptic__own_pticDisableDriverApi(pti_callback_subscriber_handle subscriber, pti_api_group_id group,
                                                 uint32_t api_id) {
  uint32_t api = 0;
  pti_result r = ptic__check_handle(subscriber);
  if (r == PTI_SUCCESS) r = ptic__api_arg(group, api_id, &api);
  if (r != PTI_SUCCESS) return r;
  int slot = ptic__lock_slot(subscriber);
  if (slot >= 0) {
    ptic__slot_set_api(&ptic__g.slot[slot], api, 0);
    ptic__set_publish(0);
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
}

static pti_result ptic__own_pticGetDomainState(pti_callback_subscriber_handle subscriber, pti_callback_domain domain,
                                               uint32_t* enter_cb, uint32_t* exit_cb) {
  const unsigned dom = ptic__dom_index(domain);
  if (dom == PTIC_DOM_NONE || !enter_cb || !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  int slot = ptic__lock_slot(subscriber);
  if (slot >= 0) {
    const ptic__mask m = ptic__atomic_load_u64(&ptic__g.slot[slot].mask, PTIC_RELAXED);
    *enter_cb = (m & PTIC_BIT(dom, 1u)) ? 1u : 0u;
    *exit_cb = (m & PTIC_BIT(dom, 2u)) ? 1u : 0u;
    if (ptic__dom_phases[dom] == PTIC_PHASES_EVENT) *exit_cb = *enter_cb;
  }
  pthread_mutex_unlock(&ptic__g.lock);
  return slot < 0 ? PTI_ERROR_BAD_ARGUMENT : PTI_SUCCESS;
}

static pti_result ptic__own_pticGetDriverApiState(pti_callback_subscriber_handle subscriber, pti_api_group_id group,
                                                  uint32_t api_id, uint32_t* enter_cb, uint32_t* exit_cb) {
  uint32_t api = 0;
  if (!enter_cb || !exit_cb) return PTI_ERROR_BAD_ARGUMENT;
  pti_result r = ptic__check_handle(subscriber);
  if (r == PTI_SUCCESS) r = ptic__api_arg(group, api_id, &api);
  if (r == PTI_ERROR_NOT_IMPLEMENTED) { /* never traced: never enabled */
    *enter_cb = *exit_cb = 0;
    return PTI_SUCCESS;
  }
  if (r != PTI_SUCCESS) return r;
  int slot = ptic__lock_slot(subscriber);
  if (slot >= 0) {
    const uint32_t v = ptic__atomic_load_u32(&ptic__g.slot[slot].api[PTIC_API_WORD(api)], PTIC_RELAXED) >>
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
  for (unsigned d = 1; d < PTIC_DOM_COUNT; d++, n++)
    if (domains && n < *count) domains[n] = ptic__dom_public[d];
  if (domains && n > *count) n = *count;
  *count = n;
  return PTI_SUCCESS;
}

PTI_EXPORT pti_result pticGetApiIds(uint32_t* api_ids, uint32_t* count) {
  if (!count) return PTI_ERROR_BAD_ARGUMENT;
  uint32_t n = 0;
  for (uint32_t id = ptic__next_id(0); id != 0; id = ptic__next_id(id), n++)
    if (api_ids && n < *count) api_ids[n] = id;
  if (api_ids && n > *count) n = *count;
  *count = n;
  return PTI_SUCCESS;
}

PTI_EXPORT const char* pticApiIdName(uint32_t api_id) { return ptic__id_name(api_id); }

PTI_EXPORT pti_result pticApiIdFromName(const char* name, uint32_t* api_id) {
  if (!name || !api_id) return PTI_ERROR_BAD_ARGUMENT;
  for (uint32_t id = ptic__next_id(0); id != 0; id = ptic__next_id(id)) {
    if (strcmp(ptic__id_name(id), name) == 0) {
      *api_id = id;
      return PTI_SUCCESS;
    }
  }
  return PTI_ERROR_BAD_API_ID;
}

static int ptic__own_pticApiIdIsTraced(uint32_t api_id) {
  ptic__init();
  const uint32_t api = ptic__api_of_id(api_id);
  return api != PTIC_API_TOTAL && ptic__api_traced(api);
}

static pti_result ptic__own_pticGetRecordInfo(const void* cb_data, ptic_record_info* info) {
  ptic__thread* t = ptic__tls;
  const ptic__cur* cur = ptic__cur_of(t, cb_data);
  if (!cur || !info) return PTI_ERROR_BAD_ARGUMENT;
  info->thread_id = t->tid;
  info->api_id = cur->api_id;
  info->domain = ptic__dom_public[cur->dom];
  info->phase = cur->phase;
  return PTI_SUCCESS;
}

static pti_result ptic__own_pticGetOperationInfo(const void* cb_data, uint32_t index, ptic_op_info* info);
/* (an operation of a COMPLETED record whose times are still raw: the record's converted first) */
static PTIC_NOINLINE pti_result ptic__op_info_raw(ptic__thread* t, const void* cb_data, uint32_t index,
                                                  ptic_op_info* info) {
  ptic__times_of(t, t->cur_done, t->cur_ndone, 1);
  return ptic__own_pticGetOperationInfo(cb_data, index, info);
}
/* A COMPLETED record is the one this thread is delivering (t->cur_done, the innermost: a
   delivery inside a COMPLETED callback sets its own and gives the outer one back after), its
   operations the records from there; one that is not is no longer live. */
static pti_result ptic__own_pticGetOperationInfo(const void* cb_data, uint32_t index, ptic_op_info* info) {
  ptic__thread* t = ptic__tls;
  /* (a record's address is its g's; with none delivered, a NULL cb_data matches and every
     index is out of range) */
  if (t && cb_data == PTIC_CAST(const void*, t->cur_done)) {
    if (index >= t->cur_ndone || !info) return PTI_ERROR_BAD_ARGUMENT;
    const ptic__done* const x = &t->cur_done[index];
    if (PTIC_UNLIKELY(x->has_raw)) return ptic__op_info_raw(t, cb_data, index, info);
    *info = x->info;
    info->queue = x->g._queue_handle;
    info->cmd_list = x->g._cmd_list_handle;
    return PTI_SUCCESS;
  }
  const ptic__cur* cur = ptic__cur_of(t, cb_data);
  if (!cur || !info) return PTI_ERROR_BAD_ARGUMENT;
  if (cur->dom != PTIC_DOM_APPENDED && cur->dom != PTIC_DOM_DISPATCHED) return PTI_ERROR_BAD_ARGUMENT;
  const pti_callback_gpu_op_data* g = PTIC_CAST(const pti_callback_gpu_op_data*, cb_data);
  if (index >= g->_operation_count) return PTI_ERROR_BAD_ARGUMENT;
  if (cur->dom == PTIC_DOM_DISPATCHED) {
    *info = cur->frame->infos[index];
    return PTI_SUCCESS;
  }
  memset(info, 0, sizeof *info);
  info->operation_id = info->execution_id = g->_operation_details[index]._operation_id;
  info->append_correlation_id = info->submit_correlation_id = g->_correlation_id;
  info->status = PTIC_OP_APPENDED;
  info->thread_id = t->tid;
  info->cmd_list = g->_cmd_list_handle;
  info->queue = g->_queue_handle;
  return PTI_SUCCESS;
}

static pti_result ptic__own_pticFlush(uint64_t timeout_ns) {
  if (ptic__is_down()) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  ptic__thread* t = ptic__thread_get();
  if (!t) return PTI_ERROR_INTERNAL;
  /* Inside a callback one round and no wait, whatever the timeout: the delivery that callback is
     part of ends only after it returns, and another thread's may be waiting for it. */
  const int in_callback = ptic__in_callback(t);
  ptic__report_dropped(t);
  /* time is counted in sleeps (no monotonic clock in strict ISO C modes): at least timeout_ns */
  for (uint64_t slept = 0;; slept += 200000u) {
    ptic__flush_now(t, 0);
    ptic__objs_lock();
    /* pending, collected, or (outside callbacks) being delivered by another thread */
    uint64_t left = ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) + ptic__gpus.nready -
                    ptic__gpus.ready_head;
    if (!in_callback) left += ptic__atomic_load_u32(&ptic__gpus.delivering, PTIC_ACQUIRE);
    ptic__objs_unlock();
    if (!left) /* (and what was lost for lack of memory since the last time said, once) */
      return ptic__atomic_xchg_u64(&ptic__oom_lost, 0, PTIC_RELAXED) ? PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY
                                                                       : PTI_SUCCESS;
    if (in_callback || slept >= timeout_ns) return PTI_ERROR_INTERNAL;
    struct timespec ts = {0, 200000};
    nanosleep(&ts, NULL);
  }
}

static pti_result ptic__own_pticSetPollInterval(uint32_t microseconds) {
  ptic__atomic_store_u32(&ptic__gpus.poll_us, microseconds, PTIC_RELAXED);
  return PTI_SUCCESS;
}

static pti_result ptic__own_pticIterateArgs(const void* cb_data, ptic_arg_function fn, void* user_data) {
  const ptic__cur* cur = ptic__cur_of(ptic__tls, cb_data);
  if (!fn || !cur || cur->dom != PTIC_DOM_DRIVER_API) return PTI_ERROR_BAD_ARGUMENT;
  const ptic__frame* f = cur->frame;
  ptic__backend_of(f->api)->iterate_args(&f->api_rec, f->api - ptic__backend_of(f->api)->api_base, fn, user_data);
  return PTI_SUCCESS;
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

/* The resource kind of a tracked object, 0 for objects that are not resources. */
static ptic_resource_kind ptic__resource_kind(const ptic__obj* o) {
  switch (o->kind) {
    case PTIC_OBJ_QUEUE: return PTIC_RESOURCE_QUEUE;
    case PTIC_OBJ_LIST:
      return (o->flags & PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE) ? PTIC_RESOURCE_IMMEDIATE_LIST
                                                                : PTIC_RESOURCE_COMMAND_LIST;
    case PTIC_OBJ_EVENT_POOL: return PTIC_RESOURCE_EVENT_POOL;
    case PTIC_OBJ_FENCE: return PTIC_RESOURCE_FENCE;
    default: return PTIC_SCAST(ptic_resource_kind, 0);
  }
}
/* Fill a resource record from what is tracked of its object (its other fields stay). */
static void ptic__resource_record(ptic_resource_data* r, const ptic__obj* o) {
  r->_kind = ptic__resource_kind(o);
  r->_flags = o->aflags;
  r->_handle = PTIC_PTR(o->a);
  r->_context_handle = o->context;
  r->_device_handle = o->device;
  r->_parent = o->parent;
  r->_ordinal = o->kind == PTIC_OBJ_EVENT_POOL ? 0u : o->count;
  r->_event_count = o->kind == PTIC_OBJ_EVENT_POOL ? o->count : 0u;
  r->_index = o->index;
  r->_mode = o->mode;
  r->_priority = o->priority;
  r->_in_order = o->in_order;
}

/* What pticReplay replays, in this order: the library's initialisation, then per group the live
   objects of its kinds in creation order, as EXIT records of the group's domain. */
typedef struct ptic__replay_group {
  unsigned dom;
  uint32_t kinds; /* a bit per ptic__obj_kind */
} ptic__replay_group;
#define PTIC_KIND_BIT(k) (1u << (k))
static const ptic__replay_group ptic__replay_groups[] = {
    {PTIC_DOM_CONTEXT_CREATED, PTIC_KIND_BIT(PTIC_OBJ_CONTEXT)},
    {PTIC_DOM_RESOURCE, PTIC_KIND_BIT(PTIC_OBJ_QUEUE) | PTIC_KIND_BIT(PTIC_OBJ_LIST) |
                            PTIC_KIND_BIT(PTIC_OBJ_EVENT_POOL) | PTIC_KIND_BIT(PTIC_OBJ_FENCE)},
    {PTIC_DOM_MODULE_LOADED, PTIC_KIND_BIT(PTIC_OBJ_MODULE)},
    {PTIC_DOM_KERNEL_CREATED, PTIC_KIND_BIT(PTIC_OBJ_KERNEL)},
};

/* The live objects of the kinds in `kinds`, in creation order (objects lock not held); *n
   receives their number. NULL when there are none or memory is out. */
static ptic__obj* ptic__objs_of(uint32_t kinds, size_t* n) {
  ptic__objs_lock();
  size_t k = 0;
  for (size_t i = 0; i < ptic__objs.cap; i++)
    k += ptic__objs.tab[i].a >= 2 && (kinds & PTIC_KIND_BIT(ptic__objs.tab[i].kind));
  ptic__obj* list = k ? PTIC_CAST(ptic__obj*, PTIC_MALLOC(k * sizeof *list)) : NULL;
  k = 0;
  for (size_t i = 0; list && i < ptic__objs.cap; i++)
    if (ptic__objs.tab[i].a >= 2 && (kinds & PTIC_KIND_BIT(ptic__objs.tab[i].kind))) list[k++] = ptic__objs.tab[i];
  ptic__objs_unlock();
  for (size_t i = 1; i < k; i++) /* insertion sort by serial; replays are rare */
    for (size_t j = i; j > 0 && list[j - 1].serial > list[j].serial; j--) {
      ptic__obj x = list[j];
      list[j] = list[j - 1];
      list[j - 1] = x;
    }
  *n = k;
  return list;
}

/* The replay record of object o for domain dom (rec zeroed); cur's context set. */
static void ptic__replay_record(unsigned dom, const ptic__obj* o, void* rec, ptic__cur* cur) {
  void* h = PTIC_PTR(o->a);
  cur->ctx = o->context;
  switch (dom) {
    case PTIC_DOM_CONTEXT_CREATED: {
      ptic_context_data* c = PTIC_CAST(ptic_context_data*, rec);
      c->_driver_handle = o->parent;
      c->_context_handle = h;
      cur->ctx = h;
      break;
    }
    case PTIC_DOM_RESOURCE: ptic__resource_record(PTIC_CAST(ptic_resource_data*, rec), o); break;
    case PTIC_DOM_MODULE_LOADED: {
      ptic_module_data* m = PTIC_CAST(ptic_module_data*, rec);
      m->_module_handle = h;
      ptic__module_record(m, o);
      break;
    }
    default: {
      pti_callback_kernel_data* k = PTIC_CAST(pti_callback_kernel_data*, rec);
      k->_device_handle = o->device;
      k->_module_handle = o->parent;
      k->_device_kernel_handle = h;
      k->_kernel_handle = o->kernel_id;
      k->_name = o->name;
      break;
    }
  }
}

static pti_result ptic__own_pticReplay(pti_callback_subscriber_handle subscriber) {
  const int slot = ptic__lock_slot(subscriber);
  const uint32_t gen = slot >= 0 ? ptic__atomic_load_u32(&ptic__g.slot[slot].gen, PTIC_RELAXED) : 0;
  const ptic__mask mask = slot >= 0 ? ptic__atomic_load_u64(&ptic__g.slot[slot].mask, PTIC_RELAXED) : 0;
  const int lib_init = ptic__init_rec.valid;
  pthread_mutex_unlock(&ptic__g.lock);
  if (slot < 0) return PTI_ERROR_BAD_ARGUMENT;
  if (ptic__is_down()) return PTI_ERROR_TRACING_NOT_INITIALIZED;
  ptic__thread* t = ptic__thread_get();
  if (!t) return PTI_ERROR_INTERNAL;
  if (lib_init && (mask & PTIC_BIT(PTIC_DOM_DRIVER_INIT, 2u))) ptic__deliver_lib_init(t, PTIC_SCAST(uint32_t, slot), gen);
  for (size_t g = 0; g < sizeof ptic__replay_groups / sizeof ptic__replay_groups[0]; g++) {
    const unsigned dom = ptic__replay_groups[g].dom;
    if (!(mask & PTIC_BIT(dom, 2u))) continue;
    size_t n = 0;
    ptic__obj* list = ptic__objs_of(ptic__replay_groups[g].kinds, &n);
    for (size_t i = 0; i < n; i++) {
      const ptic__obj* o = &list[i];
      const uint32_t api_id = o->created_by ? o->created_by : ptic__backend_at(o->backend)->replay_id[o->kind];
      if (!api_id) continue; /* a kind its backend delivers no records of */
      union {
        pti_callback_domain domain; /* (every record's first field) */
        ptic_context_data c;
        ptic_resource_data r;
        ptic_module_data m;
        pti_callback_kernel_data k;
      } rec;
      memset(&rec, 0, sizeof rec);
      rec.c._domain = ptic__dom_public[dom];
      rec.c._phase = PTI_CB_PHASE_API_EXIT;
      ptic__cur cur;
      memset(&cur, 0, sizeof cur);
      cur.rec = &rec;
      cur.api_id = api_id;
      cur.group = ptic__backend_at(o->backend)->group;
      cur.dom = dom;
      cur.phase = PTI_CB_PHASE_API_EXIT;
      ptic__replay_record(dom, o, &rec, &cur);
      ptic__deliver_one(t, &cur, PTIC_SCAST(uint32_t, slot), gen); /* (the replaying subscription alone) */
    }
    PTIC_FREE(list);
  }
  return PTI_SUCCESS;
}

/* ---- the library's life ---- */

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
  /* the other threads are gone: their state with them (fork from inside a callback is not
     supported: that callback's accounting is lost here) */
  pthread_mutex_init(&ptic__threads_lock, NULL);
  ptic__thread* self = ptic__tls;
  for (ptic__thread *t = ptic__threads, *next; t; t = next) {
    next = t->next;
    if (t == self) continue;
    t->prev = t->next = NULL;
    ptic__thread_free(t);
  }
  ptic__threads = self;
  if (self) self->prev = self->next = NULL;
  ptic__atomic_store_u32(&ptic__gpus.delivering, 0, PTIC_RELAXED);
  /* what another thread of the parent was delivering is not this process's to wait for */
  ptic__atomic_store_u64(&ptic__gpus.delivered,
                         ptic__atomic_load_u64(&ptic__gpus.collected, PTIC_RELAXED) -
                             (ptic__gpus.nready - ptic__gpus.ready_head),
                         PTIC_RELAXED);
  ptic__gpus.poller_started = 0;
  for (uint32_t b = 0; b < ptic__backend_count(); b++) ptic__backend_at(b)->fork_child();
}

__attribute__((constructor)) static void ptic__ctor(void) {
  ptic__init();
  ptic__g.thread_key_ok = pthread_key_create(&ptic__g.thread_key, ptic__thread_free) == 0;
  pthread_atfork(ptic__fork_prepare, ptic__fork_parent, ptic__fork_child);
}

/* The library's end, at exit: deliver what finished, report what never will be observed as lost,
   then stop delivering for good. The interceptions stay (other threads may still be inside the
   API) and are left to the API's loaders. The exiting thread's state is freed; other threads
   free theirs as they end. Run by the destructor of the last copy that needs this one (>>hub). */
static void ptic__end(void) {
  if (ptic__is_down()) return; /* (once: a copy loaded during the exit may hold this one, then let go) */
  ptic__thread* self = ptic__thread_get();
  if (self && ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED)) {
    ptic__flush_now(self, 0);
    ptic__objs_lock();
    const uint64_t left = ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED);
    if (left) ptic__poll_all(self, 1);
    ptic__objs_unlock();
    if (left)
      ptic__internal_event(self, PTI_INTERNAL_EVENT_TYPE_WARNING,
                           "operations were still running at exit: reported as lost");
    ptic__drain(self, 0);
  }
  ptic__poller_stop();
  ptic__atomic_store_u32(&ptic__g.shutdown, 1, PTIC_SEQ_CST);
  ptic__atomic_store_u64(&ptic__g.mask, 0, PTIC_SEQ_CST);
  ptic__init();
  pthread_mutex_lock(&ptic__g.lock);
  ptic__set_publish(0); /* no set current, every one stubbed: nobody is called from here on */
  pthread_mutex_unlock(&ptic__g.lock);
  ptic__thread* t = ptic__tls;
  if (t && t->depth == 0 && !ptic__in_callback(t)) {
    ptic__tls = NULL;
    if (ptic__g.thread_key_ok) pthread_setspecific(ptic__g.thread_key, NULL);
    ptic__thread_free(t);
  }
}

/* The destructor: after the object's other destructors (priority 101: a tool's destructor may
   flush), this copy lets go of the active one; the active copy's end runs when no copy needs it
   any more (ptic__hub_leave, >>hub), so that the tools of copies torn down after it still flush. */
static void ptic__hub_leave(void);
__attribute__((destructor(101))) static void ptic__dtor(void) { ptic__hub_leave(); }

/* ==== >>hub =============================================================================== */
/* Several copies of this implementation in one process (tools built from the header, each with
   hidden or default visibility) behave as one library: the first copy constructed is the
   active one (the only tracer, poller, object table and registry); every later copy forwards the
   public functions below to it through a versioned table. The copies meet through the environment
   variable PTIC_HUB = "<major>:<AT_RANDOM as hex>:<table address>": AT_RANDOM (16 bytes the
   kernel gives each exec'd image) tells a table of this process image from a stale one inherited
   across exec (same pid, other image) or from another process; a fork child keeps the image,
   so it keeps the table too. Constructors run under the dynamic linker's lock, so two copies
   never decide at once. README.md, "Several tools in one process", has the rules.
   - Copies pair only when they exchange the same things: the same major (raised by hand with any
     change of meaning: of an entry, a field, a value) and the same layouts (the offsets and sizes
     of every struct that crosses the table, compared as they are: a change of layout refuses by
     itself). A copy that does not pair forwards nothing and installs nothing: its functions
     answer PTIC_ERROR_INCOMPATIBLE_COPY, and its first call has the active copy (of major 2 or
     later) raise an INTERNAL_EVENT WARNING to its own subscribers.
   - The active copy ends last: each forwarding copy holds it from its constructor to its
     destructor, and the active copy's end runs when the last holder, itself included, lets go
     (glibc runs the executable's destructors first, then the libraries' in load order).
   - The registry's limit is the largest PTIC_MAX_SUBSCRIBERS among the paired copies.
   - A forwarding copy compiled as C++ subscribes through a trampoline of its own, which catches
     what its callbacks throw, as its build says, whatever the active copy was compiled as. */

#define PTIC_HUB_MAJOR 2u /* 2: major and layouts checked, the holders, the trampoline */
#define PTIC_HUB_ENV "PTIC_HUB"

/* What a collector function saw, as the active copy delivers it (the hub passes it between
   copies: fields are only added at the end, with PTIC_HUB_MAJOR). */
typedef enum ptic__mark_what {
  PTIC_MARK_BEGIN = 1, /* a range begins: ENTER */
  PTIC_MARK_END = 2,   /* a range ends: EXIT, matched to its BEGIN */
  PTIC_MARK_POINT = 3  /* a point in time, or a whole range at once: ENTER and EXIT */
} ptic__mark_what;

typedef struct ptic__mark {
  uint32_t kind;           /* ptic_marker_kind */
  uint32_t what;           /* ptic__mark_what */
  const void* key;         /* what an END is matched by, with id: the ITT domain */
  uint64_t id[3];          /* the __itt_id */
  uint64_t parent_id;
  const char* domain_name; /* interned: lives until exit */
  const char* name;
  void* fn;
  uint64_t begin_ns, end_ns;
} ptic__mark;

/* Every field of every struct the copies exchange: the records, the accessors' outputs, a
   trampoline's user data. Each gives its offset and its struct's size (ptic__hub_layout). */
#define PTIC_HUB_FIELDS(X)                                                                       \
  X(pti_gpu_op_details, _operation_kind) X(pti_gpu_op_details, _operation_id)                    \
  X(pti_gpu_op_details, _kernel_handle) X(pti_gpu_op_details, _name)                             \
  X(pti_callback_gpu_op_data, _domain) X(pti_callback_gpu_op_data, _cmd_list_properties)         \
  X(pti_callback_gpu_op_data, _cmd_list_handle) X(pti_callback_gpu_op_data, _queue_handle)       \
  X(pti_callback_gpu_op_data, _device_handle) X(pti_callback_gpu_op_data, _phase)                \
  X(pti_callback_gpu_op_data, _return_code) X(pti_callback_gpu_op_data, _correlation_id)         \
  X(pti_callback_gpu_op_data, _operation_count) X(pti_callback_gpu_op_data, _operation_details)  \
  X(pti_callback_kernel_data, _domain) X(pti_callback_kernel_data, _phase)                       \
  X(pti_callback_kernel_data, _return_code) X(pti_callback_kernel_data, _correlation_id)         \
  X(pti_callback_kernel_data, _kernel_handle) X(pti_callback_kernel_data, _device_kernel_handle) \
  X(pti_callback_kernel_data, _device_handle) X(pti_callback_kernel_data, _module_handle)        \
  X(pti_callback_kernel_data, _name)                                                             \
  X(pti_internal_callback_data, _domain) X(pti_internal_callback_data, _phase)                   \
  X(pti_internal_callback_data, _detail) X(pti_internal_callback_data, _message)                 \
  X(ptic_context_data, _domain) X(ptic_context_data, _phase) X(ptic_context_data, _return_code)  \
  X(ptic_context_data, _correlation_id) X(ptic_context_data, _driver_handle)                     \
  X(ptic_context_data, _context_handle)                                                          \
  X(ptic_module_data, _domain) X(ptic_module_data, _phase) X(ptic_module_data, _return_code)     \
  X(ptic_module_data, _correlation_id) X(ptic_module_data, _context_handle)                      \
  X(ptic_module_data, _device_handle) X(ptic_module_data, _module_handle)                        \
  X(ptic_module_data, _format) X(ptic_module_data, _kernel_count) X(ptic_module_data, _binary_size) \
  X(ptic_module_data, _binary) X(ptic_module_data, _build_flags) X(ptic_module_data, _kernel_names) \
  X(ptic_sync_data, _domain) X(ptic_sync_data, _phase) X(ptic_sync_data, _return_code)           \
  X(ptic_sync_data, _correlation_id) X(ptic_sync_data, _kind) X(ptic_sync_data, _reserved)       \
  X(ptic_sync_data, _object) X(ptic_sync_data, _timeout_ns)                                      \
  X(ptic_api_data, _domain) X(ptic_api_data, _phase) X(ptic_api_data, _return_code)              \
  X(ptic_api_data, _correlation_id) X(ptic_api_data, _api_id) X(ptic_api_data, _arg_count)       \
  X(ptic_api_data, _name) X(ptic_api_data, _params)                                              \
  X(ptic_record_info, thread_id) X(ptic_record_info, api_id) X(ptic_record_info, domain)         \
  X(ptic_record_info, phase)                                                                     \
  X(ptic_op_info, operation_id) X(ptic_op_info, execution_id)                                    \
  X(ptic_op_info, append_correlation_id) X(ptic_op_info, submit_correlation_id)                  \
  X(ptic_op_info, status) X(ptic_op_info, thread_id) X(ptic_op_info, device_start)               \
  X(ptic_op_info, device_end) X(ptic_op_info, start_ns) X(ptic_op_info, end_ns)                  \
  X(ptic_op_info, cmd_list) X(ptic_op_info, queue)                                               \
  X(ptic_memory_data, _domain) X(ptic_memory_data, _address) X(ptic_memory_data, _object)        \
  X(ptic_init_data, _domain) X(ptic_init_data, _driver_count) X(ptic_init_data, _drivers)          \
  X(ptic_resource_data, _domain) X(ptic_resource_data, _handle) X(ptic_resource_data, _event_count) \
  X(ptic_marker_data, _domain) X(ptic_marker_data, _name) X(ptic_marker_data, _end_ns)             \
  X(ptic__mark, kind) X(ptic__mark, id) X(ptic__mark, name) X(ptic__mark, end_ns)                 \
  X(ptic__via, cb) X(ptic__via, user)

static const uint32_t ptic__hub_layout[] = {
#define PTIC_X(type, field) PTIC_SCAST(uint32_t, offsetof(type, field)), PTIC_SCAST(uint32_t, sizeof(type)),
    PTIC_HUB_FIELDS(PTIC_X)
#undef PTIC_X
};

/* The forwarded functions whose table entry and public function have the same signature (the
   table has more entries, below). The other public functions are pure (names, ids). */
#define PTIC_HUB_API(X)                                                                          \
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

/* (>>itt) an ITT annotation a collector received, delivered by the active copy */
static void ptic__own_marker(const struct ptic__mark* m);

typedef struct ptic__hub {
  /* the preamble, the same in every major from 2 on: any later copy reads it */
  uint32_t major;
  uint32_t size;          /* sizeof of the active copy's table: entries past it are absent */
  const uint32_t* layout; /* ptic__hub_layout and its length */
  size_t nlayout;
  void (*refused)(void);  /* a copy that does not pair says so (its first call) */
  /* the entries, appended to within a major */
  pti_result (*subscribe)(pti_callback_subscriber_handle* subscriber, pti_callback_function callback,
                          void* user_data, pti_callback_function call);
#define PTIC_X(fn, params, args) pti_result(*fn) params;
  PTIC_HUB_API(PTIC_X)
#undef PTIC_X
  int (*pticApiIdIsTraced)(uint32_t api_id);
  void (*attach)(uint32_t max_subscribers); /* a forwarding copy holds the active one ... */
  void (*detach)(void);                     /* ... until its destructor */
  void (*callback_threw)(void);             /* a forwarding copy's trampoline caught an exception */
  void (*marker)(const struct ptic__mark* m);
} ptic__hub;

/* Whether the table h has entry fn. */
#define PTIC_HUB_HAS(h, fn) (offsetof(ptic__hub, fn) + sizeof(h)->fn <= (h)->size)

/* The copies that need the active copy: itself until its destructor, and each forwarding copy
   from its constructor to its destructor. Its end runs when the last lets go. */
static ptic__atomic_u32 ptic__hub_holders = {1};

static void ptic__hub_release(void) {
  if (ptic__atomic_add_u32(&ptic__hub_holders, ~0u, PTIC_SEQ_CST) == 0) ptic__end();
}
static void ptic__hub_attach(uint32_t max_subscribers) {
  ptic__atomic_add_u32(&ptic__hub_holders, 1, PTIC_SEQ_CST);
  /* (the registry lock is not taken: this runs in a constructor, under the dynamic linker's
     lock, which a thread holding the registry lock may want: ptic__install loads the loader) */
  ptic__init();
  if (max_subscribers > PTIC_SLOTS) return;
  uint32_t max = ptic__atomic_load_u32(&ptic__g.max_subs, PTIC_RELAXED);
  while (max < max_subscribers && !ptic__atomic_cas_u32(&ptic__g.max_subs, max, max_subscribers))
    max = ptic__atomic_load_u32(&ptic__g.max_subs, PTIC_RELAXED);
}
static void ptic__hub_refused_by_other(void) {
  ptic__internal_event(NULL, PTI_INTERNAL_EVENT_TYPE_WARNING,
                       "a copy of pti-callback of another version is loaded: it does not pair with this one, "
                       "and its functions return PTIC_ERROR_INCOMPATIBLE_COPY");
}
static void ptic__hub_callback_threw(void) { ptic__callback_threw(ptic__tls); }

static const ptic__hub ptic__hub_own = {
    PTIC_HUB_MAJOR, sizeof(ptic__hub), ptic__hub_layout, sizeof ptic__hub_layout / sizeof ptic__hub_layout[0],
    ptic__hub_refused_by_other,
    ptic__own_subscribe,
#define PTIC_X(fn, params, args) ptic__own_##fn,
    PTIC_HUB_API(PTIC_X)
#undef PTIC_X
    ptic__own_pticApiIdIsTraced,
    ptic__hub_attach,
    ptic__hub_release,
    ptic__hub_callback_threw,
    ptic__own_marker,
};

static pthread_once_t ptic__hub_once = PTHREAD_ONCE_INIT;
static const ptic__hub* ptic__hub_other; /* the active copy's table when this copy forwards */
static int ptic__hub_refused;            /* another copy is active, and does not pair with this one */
static const ptic__hub* ptic__hub_peer;  /* that copy's table, when it can be told (major 2 on) */
static ptic__atomic_u32 ptic__hub_told;  /* it was */

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

/* Whether this copy pairs with the active copy's table h of major `major`: the same major, the
   same layouts. */
static int ptic__hub_pairs(const ptic__hub* h, unsigned long major) {
  return major == PTIC_HUB_MAJOR && h->major == PTIC_HUB_MAJOR && h->nlayout == ptic__hub_own.nlayout &&
         memcmp(h->layout, ptic__hub_layout, sizeof ptic__hub_layout) == 0;
}

static void ptic__hub_join(void) {
  char key[33], want[40];
  ptic__hub_key(key);
  snprintf(want, sizeof want, "%u:%s:", PTIC_HUB_MAJOR, key);
  const char* v = getenv(PTIC_HUB_ENV);
  const char* tail = v ? strchr(v, ':') : NULL;
  if (tail && strncmp(tail + 1, key, 32) == 0 && tail[33] == ':') { /* a table of this image */
    const ptic__hub* h = PTIC_CAST(const ptic__hub*, PTIC_SCAST(uintptr_t, strtoull(tail + 34, NULL, 16)));
    const unsigned long major = strtoul(v, NULL, 10);
    if (h == &ptic__hub_own) return; /* (joined twice: cannot happen under the once) */
    if (h && ptic__hub_pairs(h, major)) {
      ptic__hub_other = h;
      h->attach(PTIC_MAX_SUBSCRIBERS);
      return;
    }
    ptic__hub_refused = 1;
    if (major >= 2u) ptic__hub_peer = h; /* (major 1's table has no preamble) */
    return;
  }
  char val[80];
  snprintf(val, sizeof val, "%s%llx", want,
           PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, &ptic__hub_own)));
  setenv(PTIC_HUB_ENV, val, 1);
  ptic__hub_pin();
}

/* ptic__hub_join found this copy the active one: the public functions run here, with one look
   (ptic__hub_slow_<fn> otherwise, and the first time). */
static ptic__atomic_u32 ptic__hub_active;
static void ptic__hub_join_once(void) {
  ptic__hub_join();
  if (!ptic__hub_other && !ptic__hub_refused) ptic__atomic_store_u32(&ptic__hub_active, 1, PTIC_RELEASE);
}
static void ptic__hub_ready(void) { pthread_once(&ptic__hub_once, ptic__hub_join_once); }

/* Before any other constructor of this copy (a tool's constructor may subscribe). */
__attribute__((constructor(101))) static void ptic__hub_ctor(void) {
  ptic__hub_ready();
}

/* This copy's destructor (ptic__dtor): a forwarding copy lets go of the active one; the active
   copy, or a copy alone, lets go of itself, once. */
static void ptic__hub_leave(void) {
  static ptic__atomic_u32 left;
  if (ptic__atomic_xchg_u32(&left, 1, PTIC_SEQ_CST)) return;
  const ptic__hub* h = ptic__hub_other;
  if (h) h->detach();
  else ptic__hub_release();
}

/* What a copy that does not pair answers; its first call tells the active copy. */
static PTIC_NOINLINE pti_result ptic__hub_refusal(void) {
  if (ptic__hub_peer && !ptic__atomic_xchg_u32(&ptic__hub_told, 1, PTIC_SEQ_CST)) ptic__hub_peer->refused();
  return PTIC_ERROR_INCOMPATIBLE_COPY;
}

/* A forwarding copy compiled as C++ subscribes through this trampoline: the active copy, whatever
   it was compiled as, calls it with the subscription's callback and user data (ptic__via), and
   an exception the callback throws is caught here, as this copy's build says, and reported by
   the active copy (an INTERNAL_EVENT CRITICAL, as PTIC_CATCH_CALLBACKS does). */
#ifdef PTIC_CATCH_CALLBACKS
static void ptic__hub_call(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                           void* cb_data, void* via, void** inst) {
  const ptic__via* v = PTIC_CAST(const ptic__via*, via);
  pti_callback_function cb;
  memcpy(&cb, &v->cb, sizeof cb);
  try {
    cb(domain, group, api_id, ctx, cb_data, v->user, inst);
  } catch (abi::__forced_unwind&) { /* thread cancellation: must go on */
    throw;
  } catch (...) {
    if (domain != PTI_CB_DOMAIN_INTERNAL_EVENT) ptic__hub_other->callback_threw(); /* (not from its own) */
  }
}
#define PTIC_HUB_CALL ptic__hub_call
#else
#define PTIC_HUB_CALL NULL
#endif

/* The public functions: forward, or run here when this copy is the active one. */
PTI_EXPORT pti_result ptiCallbackSubscribe(pti_callback_subscriber_handle* subscriber, pti_callback_function callback,
                                           void* user_data) {
  ptic__hub_ready();
  const ptic__hub* h = ptic__hub_other;
  if (PTIC_UNLIKELY(h != NULL)) return h->subscribe(subscriber, callback, user_data, PTIC_HUB_CALL);
  if (PTIC_UNLIKELY(ptic__hub_refused)) return ptic__hub_refusal();
  return ptic__own_subscribe(subscriber, callback, user_data, NULL);
}
/* Makes, for each function fn of PTIC_HUB_API: fn, the public function (one look when this copy
   is the active one), and ptic__hub_slow_fn, its way the first time and in a forwarding or
   refused copy. */
#define PTIC_X(fn, params, args)                                                               \
  static PTIC_NOINLINE pti_result ptic__hub_slow_##fn params {                                 \
    ptic__hub_ready();                                                                         \
    const ptic__hub* h = ptic__hub_other;                                                      \
    if (h != NULL) return PTIC_HUB_HAS(h, fn) ? h->fn args : PTI_ERROR_NOT_IMPLEMENTED;        \
    if (ptic__hub_refused) return ptic__hub_refusal();                                         \
    return ptic__own_##fn args;                                                                \
  }                                                                                            \
  PTI_EXPORT pti_result fn params {                                                            \
    if (PTIC_LIKELY(ptic__atomic_load_u32(&ptic__hub_active, PTIC_ACQUIRE))) return ptic__own_##fn args; \
    return ptic__hub_slow_##fn args;                                                           \
  }
PTIC_HUB_API(PTIC_X)
#undef PTIC_X
/* (its own: it answers an int) */
PTI_EXPORT int pticApiIdIsTraced(uint32_t api_id) {
  ptic__hub_ready();
  const ptic__hub* h = ptic__hub_other;
  if (PTIC_UNLIKELY(h != NULL)) return PTIC_HUB_HAS(h, pticApiIdIsTraced) ? h->pticApiIdIsTraced(api_id) : 0;
  if (PTIC_UNLIKELY(ptic__hub_refused)) {
    (void)ptic__hub_refusal();
    return 0;
  }
  return ptic__own_pticApiIdIsTraced(api_id);
}

/* ==== >>strings =========================================================================== */
/* PTI's names: the enumerator's, "INVALID" for any other value (also for the *_MAX /
   *_FORCE_UINT32 of pti_result, which PTI leaves out). By value, so that these compile whichever
   header declared the enums (PTI's pti.h of another version names other results). */

#define PTIC_CASE_NAME(e) \
  case e:                 \
    return #e;

PTI_EXPORT const char* ptiCallbackDomainTypeToString(pti_callback_domain domain) {
  static const char* const names[PTIC_DOM_COUNT] = {
      "PTI_CB_DOMAIN_INVALID",
#define PTIC_X(name, value, phases) #value,
      PTIC_DOMAINS(PTIC_X)
#undef PTIC_X
  };
  if (domain == PTI_CB_DOMAIN_INVALID) return names[0];
  if (domain == PTI_CB_DOMAIN_MAX) return "PTI_CB_DOMAIN_MAX";
  const unsigned d = ptic__dom_index(domain);
  return d != PTIC_DOM_NONE ? names[d] : "INVALID";
}

PTI_EXPORT const char* ptiCallbackPhaseTypeToString(pti_callback_phase phase) {
  switch (PTIC_SCAST(uint32_t, phase)) {
    PTIC_CASE_NAME(PTI_CB_PHASE_INVALID)
    PTIC_CASE_NAME(PTI_CB_PHASE_API_ENTER)
    PTIC_CASE_NAME(PTI_CB_PHASE_API_EXIT)
    PTIC_CASE_NAME(PTI_CB_PHASE_INTERNAL_THREAD_START)
    PTIC_CASE_NAME(PTI_CB_PHASE_INTERNAL_THREAD_END)
    PTIC_CASE_NAME(PTI_CB_PHASE_INTERNAL_EVENT)
    PTIC_CASE_NAME(PTI_CB_PHASE_MAX)
    default: break;
  }
  return "INVALID";
}

#undef PTIC_CASE_NAME
#define PTIC_RESULT_NAME(value, name) \
  case value:                         \
    return name;

PTI_EXPORT const char* ptiResultTypeToString(pti_result result_value) {
  switch (PTIC_SCAST(uint32_t, result_value)) {
    PTIC_RESULT_NAME(0, "PTI_SUCCESS")
    PTIC_RESULT_NAME(1, "PTI_STATUS_END_OF_BUFFER")
    PTIC_RESULT_NAME(2, "PTI_ERROR_NOT_IMPLEMENTED")
    PTIC_RESULT_NAME(3, "PTI_ERROR_BAD_ARGUMENT")
    PTIC_RESULT_NAME(4, "PTI_ERROR_NO_CALLBACKS_SET")
    PTIC_RESULT_NAME(5, "PTI_ERROR_EXTERNAL_ID_QUEUE_EMPTY")
    PTIC_RESULT_NAME(6, "PTI_ERROR_BAD_TIMESTAMP")
    PTIC_RESULT_NAME(7, "PTI_ERROR_BAD_API_ID")
    PTIC_RESULT_NAME(8, "PTI_ERROR_NO_GPU_VIEWS_ENABLED")
    PTIC_RESULT_NAME(50, "PTI_ERROR_DRIVER")
    PTIC_RESULT_NAME(51, "PTI_ERROR_TRACING_NOT_INITIALIZED")
    PTIC_RESULT_NAME(52, "PTI_ERROR_L0_LOCAL_PROFILING_NOT_SUPPORTED")
    PTIC_RESULT_NAME(100, "PTI_ERROR_METRICS_COLLECTION_NOT_ENABLED")
    PTIC_RESULT_NAME(101, "PTI_ERROR_METRICS_COLLECTION_NOT_DISABLED")
    PTIC_RESULT_NAME(102, "PTI_ERROR_METRICS_COLLECTION_NOT_PAUSED")
    PTIC_RESULT_NAME(103, "PTI_ERROR_METRICS_COLLECTION_ALREADY_PAUSED")
    PTIC_RESULT_NAME(104, "PTI_ERROR_METRICS_COLLECTION_ALREADY_ENABLED")
    PTIC_RESULT_NAME(105, "PTI_ERROR_METRICS_BAD_COLLECTION_CONFIGURATION")
    PTIC_RESULT_NAME(106, "PTI_ERROR_METRICS_NO_DATA_COLLECTED")
    PTIC_RESULT_NAME(151, "PTI_ERROR_METRICS_SCOPE_METRIC_NOT_FOUND")
    PTIC_RESULT_NAME(152, "PTI_ERROR_METRICS_SCOPE_NOT_A_SINGLE_GROUP")
    PTIC_RESULT_NAME(153, "PTI_ERROR_METRICS_SCOPE_OUT_OF_MEMORY")
    PTIC_RESULT_NAME(154, "PTI_ERROR_METRICS_SCOPE_COLLECTION_BUFFER_TOO_SMALL")
    PTIC_RESULT_NAME(155, "PTI_ERROR_METRICS_SCOPE_INSUFFICIENT_BUFFER")
    PTIC_RESULT_NAME(156, "PTI_ERROR_METRICS_SCOPE_INVALID_COLLECTION_BUFFER")
    PTIC_RESULT_NAME(157, "PTI_WARN_METRICS_SCOPE_PARTIAL_BUFFER")
    PTIC_RESULT_NAME(158, "PTI_WARN_BUFFER_NOT_FINALIZED")
    PTIC_RESULT_NAME(159, "PTI_ERROR_METRICS_SCOPE_DEVICE_TYPE_NOT_UNIFORM")
    PTIC_RESULT_NAME(200, "PTI_ERROR_INTERNAL")
    PTIC_RESULT_NAME(250, "PTI_ERROR_PC_SAMPLING_ALREADY_ENABLED")
    PTIC_RESULT_NAME(251, "PTI_ERROR_PC_SAMPLING_NOT_CONFIGURED")
    PTIC_RESULT_NAME(252, "PTI_ERROR_PC_SAMPLING_ALREADY_CONFIGURED")
    PTIC_RESULT_NAME(253, "PTI_ERROR_PC_SAMPLING_ALREADY_STARTED")
    PTIC_RESULT_NAME(254, "PTI_ERROR_PC_SAMPLING_NOT_STARTED")
    PTIC_RESULT_NAME(255, "PTI_ERROR_PC_SAMPLING_ALREADY_STOPPED")
    PTIC_RESULT_NAME(256, "PTI_ERROR_PC_SAMPLING_NOT_STOPPED")
    PTIC_RESULT_NAME(257, "PTI_ERROR_PC_SAMPLING_UNSUPPORTED")
    PTIC_RESULT_NAME(4096, "PTIC_ERROR_INCOMPATIBLE_COPY") /* (ours) */
    default: break;
  }
  return "INVALID";
}
#undef PTIC_RESULT_NAME

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

/* ==== >>gen =============================================================================== */
/* Generated by tools/gen_ze_tables.py from the newest Level Zero headers (do not edit): data a
   reader can skip. */

/* Names of the memory operations: the function and the memory types (>>domains) */
static const char* const ptic__opnames_zeCommandListAppendMemoryCopy[16] = {PTIC_COPY_NAMES("zeCommandListAppendMemoryCopy")};
static const char* const ptic__opnames_zeCommandListAppendMemoryFill[4] = {PTIC_FILL_NAMES("zeCommandListAppendMemoryFill")};
static const char* const ptic__opnames_zeCommandListAppendMemoryCopyRegion[16] = {PTIC_COPY_NAMES("zeCommandListAppendMemoryCopyRegion")};
static const char* const ptic__opnames_zeCommandListAppendMemoryCopyFromContext[16] = {PTIC_COPY_NAMES("zeCommandListAppendMemoryCopyFromContext")};
static const char* const ptic__opnames_zeRTASBuilderCommandListAppendCopyExt[16] = {PTIC_COPY_NAMES("zeRTASBuilderCommandListAppendCopyExt")};
static const char* const ptic__opnames_zeCommandListAppendMemoryCopyWithParameters[16] = {PTIC_COPY_NAMES("zeCommandListAppendMemoryCopyWithParameters")};
static const char* const ptic__opnames_zeCommandListAppendMemoryFillWithParameters[4] = {PTIC_FILL_NAMES("zeCommandListAppendMemoryFillWithParameters")};

/* {function, api id, role, operation, arguments, operation names,
    view: {field, argument index}...} */
static const ptic__api_desc ptic__apis[PTIC_LEVELZERO_API_COUNT] = {
    {"zeInit", 0x1, PTIC_ROLE_RUNTIME_INIT, PTIC_OP_INIT, 1, NULL, {PTIC_VS(flags, 0)}},
    {"zeDriverGet", 0x2, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(count_ptr, 0), PTIC_VS(drivers, 1)}},
    {"zeDriverGetApiVersion", 0x3, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(driver, 0)}},
    {"zeDriverGetProperties", 0x4, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(driver, 0)}},
    {"zeDriverGetIpcProperties", 0x5, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(driver, 0)}},
    {"zeDriverGetExtensionProperties", 0x6, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGet", 0x7, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGetSubDevices", 0x8, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGetProperties", 0x9, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetComputeProperties", 0xa, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetModuleProperties", 0xb, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetCommandQueueGroupProperties", 0xc, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGetMemoryProperties", 0xd, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGetMemoryAccessProperties", 0xe, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetCacheProperties", 0xf, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGetImageProperties", 0x10, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetExternalMemoryProperties", 0x11, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetP2PProperties", 0x12, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceCanAccessPeer", 0x13, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetStatus", 0x14, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(device, 0)}},
    {"zeContextCreate", 0x15, PTIC_ROLE_CONTEXT_CREATE, PTIC_OP_CONTEXT, 3, NULL, {PTIC_VS(driver, 0), PTIC_VS(desc, 1), PTIC_VS(out, 2)}},
    {"zeContextDestroy", 0x16, PTIC_ROLE_CONTEXT_DESTROY, PTIC_OP_CONTEXT, 1, NULL, {PTIC_VS(context, 0)}},
    {"zeContextGetStatus", 0x17, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(context, 0)}},
    {"zeContextSystemBarrier", 0x18, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1)}},
    {"zeContextMakeMemoryResident", 0x19, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(dst, 2), PTIC_VS(size, 3)}},
    {"zeContextEvictMemory", 0x1a, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(dst, 2), PTIC_VS(size, 3)}},
    {"zeContextMakeImageResident", 0x1b, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1)}},
    {"zeContextEvictImage", 0x1c, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1)}},
    {"zeCommandQueueCreate", 0x1d, PTIC_ROLE_OBJ_CREATE, PTIC_OP_QUEUE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2), PTIC_VS(out, 3)}},
    {"zeCommandQueueDestroy", 0x1e, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_QUEUE, 1, NULL, {PTIC_VS(queue, 0)}},
    {"zeCommandQueueExecuteCommandLists", 0x1f, PTIC_ROLE_EXECUTE, PTIC_OP_QUEUE, 4, NULL, {PTIC_VS(queue, 0), PTIC_VS(num_cmd_lists, 1), PTIC_VS(num_cmd_lists_arg, 1), PTIC_VS(cmd_lists, 2), PTIC_VS(cmd_lists_arg, 2), PTIC_VS(fence, 3)}},
    {"zeCommandQueueSynchronize", 0x20, PTIC_ROLE_HOST_SYNC, PTIC_OP_QUEUE, 2, NULL, {PTIC_VS(queue, 0), PTIC_VS(timeout, 1)}},
    {"zeCommandListCreate", 0x21, PTIC_ROLE_OBJ_CREATE, PTIC_OP_LIST, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2), PTIC_VS(out, 3)}},
    {"zeCommandListCreateImmediate", 0x22, PTIC_ROLE_OBJ_CREATE, PTIC_OP_LIST_IMMEDIATE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(alt_desc, 2), PTIC_VS(out, 3)}},
    {"zeCommandListDestroy", 0x23, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_LIST, 1, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListClose", 0x24, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListReset", 0x25, PTIC_ROLE_LIST_STATE, PTIC_OP_LIST, 1, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListAppendWriteGlobalTimestamp", 0x26, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(signal_event, 2), PTIC_VS(signal_event_arg, 2)}},
    {"zeCommandListAppendBarrier", 0x27, PTIC_ROLE_APPEND, PTIC_OP_OTHER, 4, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 1), PTIC_VS(signal_event_arg, 1)}},
    {"zeCommandListAppendMemoryRangesBarrier", 0x28, PTIC_ROLE_APPEND, PTIC_OP_OTHER, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendMemoryCopy", 0x29, PTIC_ROLE_APPEND, PTIC_OP_COPY, 7, ptic__opnames_zeCommandListAppendMemoryCopy, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(src, 2), PTIC_VS(size, 3), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendMemoryFill", 0x2a, PTIC_ROLE_APPEND, PTIC_OP_FILL, 8, ptic__opnames_zeCommandListAppendMemoryFill, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(size, 4), PTIC_VS(signal_event, 5), PTIC_VS(signal_event_arg, 5)}},
    {"zeCommandListAppendMemoryCopyRegion", 0x2b, PTIC_ROLE_APPEND, PTIC_OP_COPY, 12, ptic__opnames_zeCommandListAppendMemoryCopyRegion, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(src, 5), PTIC_VS(signal_event, 9), PTIC_VS(signal_event_arg, 9)}},
    {"zeCommandListAppendMemoryCopyFromContext", 0x2c, PTIC_ROLE_APPEND, PTIC_OP_COPY, 8, ptic__opnames_zeCommandListAppendMemoryCopyFromContext, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(src, 3), PTIC_VS(size, 4), PTIC_VS(signal_event, 5), PTIC_VS(signal_event_arg, 5)}},
    {"zeCommandListAppendImageCopy", 0x2d, PTIC_ROLE_APPEND, PTIC_OP_IMAGE, 6, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 3), PTIC_VS(signal_event_arg, 3)}},
    {"zeCommandListAppendImageCopyRegion", 0x2e, PTIC_ROLE_APPEND, PTIC_OP_IMAGE, 8, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 5), PTIC_VS(signal_event_arg, 5)}},
    {"zeCommandListAppendImageCopyToMemory", 0x2f, PTIC_ROLE_APPEND, PTIC_OP_IMAGE, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendImageCopyFromMemory", 0x30, PTIC_ROLE_APPEND, PTIC_OP_IMAGE, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(src, 2), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendMemoryPrefetch", 0x31, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(size, 2)}},
    {"zeCommandListAppendMemAdvise", 0x32, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(device, 1), PTIC_VS(dst, 2), PTIC_VS(size, 3)}},
    {"zeCommandListAppendSignalEvent", 0x33, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(event, 1)}},
    {"zeCommandListAppendWaitOnEvents", 0x34, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListAppendEventReset", 0x35, PTIC_ROLE_EVENT_REUSE, PTIC_OP_EVENT, 2, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(event, 1)}},
    {"zeCommandListAppendQueryKernelTimestamps", 0x36, PTIC_ROLE_NONE, PTIC_OP_NONE, 8, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 3), PTIC_VS(signal_event, 5), PTIC_VS(signal_event_arg, 5)}},
    {"zeCommandListAppendLaunchKernel", 0x37, PTIC_ROLE_APPEND, PTIC_OP_KERNEL, 6, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(kernel, 1), PTIC_VS(signal_event, 3), PTIC_VS(signal_event_arg, 3)}},
    {"zeCommandListAppendLaunchCooperativeKernel", 0x38, PTIC_ROLE_APPEND, PTIC_OP_KERNEL, 6, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(kernel, 1), PTIC_VS(signal_event, 3), PTIC_VS(signal_event_arg, 3)}},
    {"zeCommandListAppendLaunchKernelIndirect", 0x39, PTIC_ROLE_APPEND, PTIC_OP_KERNEL, 6, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(kernel, 1), PTIC_VS(signal_event, 3), PTIC_VS(signal_event_arg, 3)}},
    {"zeCommandListAppendLaunchMultipleKernelsIndirect", 0x3a, PTIC_ROLE_APPEND, PTIC_OP_KERNELS, 8, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(num_kernels, 1), PTIC_VS(kernels, 2), PTIC_VS(signal_event, 5), PTIC_VS(signal_event_arg, 5)}},
    {"zeImageGetProperties", 0x3b, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(desc, 1)}},
    {"zeImageCreate", 0x3c, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2)}},
    {"zeImageDestroy", 0x3d, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeMemAllocShared", 0x3e, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_SHARED, 7, NULL, {PTIC_VS(context, 0), PTIC_VS(desc, 1), PTIC_VS(alt_desc, 2), PTIC_VS(size, 3), PTIC_VS(alignment, 4), PTIC_VS(device, 5), PTIC_VS(out, 6)}},
    {"zeMemAllocDevice", 0x3f, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_DEVICE, 6, NULL, {PTIC_VS(context, 0), PTIC_VS(desc, 1), PTIC_VS(size, 2), PTIC_VS(alignment, 3), PTIC_VS(device, 4), PTIC_VS(out, 5)}},
    {"zeMemAllocHost", 0x40, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_HOST, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(alt_desc, 1), PTIC_VS(size, 2), PTIC_VS(alignment, 3), PTIC_VS(out, 4)}},
    {"zeMemFree", 0x41, PTIC_ROLE_MEM_FREE, PTIC_OP_MEM_USM, 2, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1)}},
    {"zeMemGetAllocProperties", 0x42, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1)}},
    {"zeMemGetAddressRange", 0x43, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1)}},
    {"zeMemGetIpcHandle", 0x44, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1)}},
    {"zeMemOpenIpcHandle", 0x45, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_IPC, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(flags, 3), PTIC_VS(out, 4)}},
    {"zeMemCloseIpcHandle", 0x46, PTIC_ROLE_MEM_FREE, PTIC_OP_MEM_IPC, 2, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1)}},
    {"zeFenceCreate", 0x47, PTIC_ROLE_OBJ_CREATE, PTIC_OP_FENCE, 3, NULL, {PTIC_VS(queue, 0), PTIC_VS(desc, 1), PTIC_VS(out, 2)}},
    {"zeFenceDestroy", 0x48, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_FENCE, 1, NULL, {PTIC_VS(fence, 0)}},
    {"zeFenceHostSynchronize", 0x49, PTIC_ROLE_HOST_SYNC, PTIC_OP_FENCE, 2, NULL, {PTIC_VS(fence, 0), PTIC_VS(timeout, 1)}},
    {"zeFenceQueryStatus", 0x4a, PTIC_ROLE_SYNC_POINT, PTIC_OP_FENCE, 1, NULL, {PTIC_VS(fence, 0)}},
    {"zeFenceReset", 0x4b, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(fence, 0)}},
    {"zeEventPoolCreate", 0x4c, PTIC_ROLE_OBJ_CREATE, PTIC_OP_EVENT_POOL, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(desc, 1), PTIC_VS(out, 4)}},
    {"zeEventPoolDestroy", 0x4d, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_EVENT_POOL, 1, NULL, {PTIC_VS(event_pool, 0)}},
    {"zeEventPoolGetIpcHandle", 0x4e, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event_pool, 0)}},
    {"zeEventPoolOpenIpcHandle", 0x4f, PTIC_ROLE_OBJ_CREATE, PTIC_OP_EVENT_POOL_OPEN, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(out, 2)}},
    {"zeEventPoolCloseIpcHandle", 0x50, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_EVENT_POOL, 1, NULL, {PTIC_VS(event_pool, 0)}},
    {"zeEventCreate", 0x51, PTIC_ROLE_OBJ_CREATE, PTIC_OP_EVENT, 3, NULL, {PTIC_VS(event_pool, 0), PTIC_VS(desc, 1), PTIC_VS(out, 2)}},
    {"zeEventDestroy", 0x52, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_EVENT, 1, NULL, {PTIC_VS(event, 0)}},
    {"zeEventHostSignal", 0x53, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(event, 0)}},
    {"zeEventHostSynchronize", 0x54, PTIC_ROLE_HOST_SYNC, PTIC_OP_EVENT, 2, NULL, {PTIC_VS(event, 0), PTIC_VS(timeout, 1)}},
    {"zeEventQueryStatus", 0x55, PTIC_ROLE_SYNC_POINT, PTIC_OP_EVENT, 1, NULL, {PTIC_VS(event, 0)}},
    {"zeEventHostReset", 0x56, PTIC_ROLE_EVENT_REUSE, PTIC_OP_EVENT, 1, NULL, {PTIC_VS(event, 0)}},
    {"zeEventQueryKernelTimestamp", 0x57, PTIC_ROLE_SYNC_POINT, PTIC_OP_EVENT, 2, NULL, {PTIC_VS(event, 0), PTIC_VS(dst, 1)}},
    {"zeModuleCreate", 0x58, PTIC_ROLE_MODULE_CREATE, PTIC_OP_MODULE, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2), PTIC_VS(out, 3)}},
    {"zeModuleDestroy", 0x59, PTIC_ROLE_MODULE_DESTROY, PTIC_OP_MODULE, 1, NULL, {PTIC_VS(module, 0)}},
    {"zeModuleDynamicLink", 0x5a, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeModuleGetNativeBinary", 0x5b, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(module, 0)}},
    {"zeModuleGetGlobalPointer", 0x5c, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(module, 0), PTIC_VS(out, 3)}},
    {"zeModuleGetKernelNames", 0x5d, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(module, 0), PTIC_VS(count_ptr, 1)}},
    {"zeModuleGetProperties", 0x5e, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(module, 0)}},
    {"zeModuleGetFunctionPointer", 0x5f, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(module, 0)}},
    {"zeModuleBuildLogDestroy", 0x60, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeModuleBuildLogGetString", 0x61, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeKernelCreate", 0x62, PTIC_ROLE_KERNEL_CREATE, PTIC_OP_KERNEL_OBJ, 3, NULL, {PTIC_VS(module, 0), PTIC_VS(desc, 1), PTIC_VS(out, 2)}},
    {"zeKernelDestroy", 0x63, PTIC_ROLE_KERNEL_DESTROY, PTIC_OP_KERNEL_OBJ, 1, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelSetCacheConfig", 0x64, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(kernel, 0), PTIC_VS(flags, 1)}},
    {"zeKernelSetGroupSize", 0x65, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelSuggestGroupSize", 0x66, PTIC_ROLE_NONE, PTIC_OP_NONE, 7, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelSuggestMaxCooperativeGroupCount", 0x67, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelSetArgumentValue", 0x68, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelSetIndirectAccess", 0x69, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(kernel, 0), PTIC_VS(flags, 1)}},
    {"zeKernelGetIndirectAccess", 0x6a, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelGetSourceAttributes", 0x6b, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelGetProperties", 0x6c, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelGetName", 0x6d, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(kernel, 0)}},
    {"zeSamplerCreate", 0x6e, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2)}},
    {"zeSamplerDestroy", 0x6f, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zePhysicalMemCreate", 0x70, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_PHYSICAL, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2), PTIC_VS(out, 3)}},
    {"zePhysicalMemDestroy", 0x71, PTIC_ROLE_MEM_FREE, PTIC_OP_MEM_PHYSICAL, 2, NULL, {PTIC_VS(context, 0), PTIC_VS(physical, 1)}},
    {"zeVirtualMemReserve", 0x72, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_VIRTUAL, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(size, 2), PTIC_VS(out, 3)}},
    {"zeVirtualMemFree", 0x73, PTIC_ROLE_MEM_FREE, PTIC_OP_MEM_VIRTUAL, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1), PTIC_VS(size, 2)}},
    {"zeVirtualMemQueryPageSize", 0x74, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(size, 2)}},
    {"zeVirtualMemMap", 0x75, PTIC_ROLE_MEM_ALLOC, PTIC_OP_MEM_MAPPING, 6, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1), PTIC_VS(size, 2), PTIC_VS(physical, 3), PTIC_VS(access, 5)}},
    {"zeVirtualMemUnmap", 0x76, PTIC_ROLE_MEM_FREE, PTIC_OP_MEM_MAPPING, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1), PTIC_VS(size, 2)}},
    {"zeVirtualMemSetAccessAttribute", 0x77, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1), PTIC_VS(size, 2)}},
    {"zeVirtualMemGetAccessAttribute", 0x78, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1), PTIC_VS(size, 2)}},
    {"zeInitDrivers", 0x79, PTIC_ROLE_RUNTIME_INIT, PTIC_OP_INIT_DRIVERS, 3, NULL, {PTIC_VS(count_ptr, 0), PTIC_VS(drivers, 1), PTIC_VS(desc, 2)}},
    {"zeRTASBuilderCreateExp", 0x7a, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0)}},
    {"zeRTASBuilderGetBuildPropertiesExp", 0x7b, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeRTASBuilderBuildExp", 0x7c, PTIC_ROLE_NONE, PTIC_OP_NONE, 10, NULL, {PTIC_VS_END}},
    {"zeRTASBuilderDestroyExp", 0x7d, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeRTASParallelOperationCreateExp", 0x7e, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(driver, 0)}},
    {"zeRTASParallelOperationGetPropertiesExp", 0x7f, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeRTASParallelOperationJoinExp", 0x80, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeRTASParallelOperationDestroyExp", 0x81, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeDriverGetExtensionFunctionAddress", 0x82, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0)}},
    {"zeDriverGetLastErrorDescription", 0x83, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(driver, 0)}},
    {"zeDriverRTASFormatCompatibilityCheckExp", 0x84, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0)}},
    {"zeDeviceGetGlobalTimestamps", 0x85, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceImportExternalSemaphoreExt", 0x86, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(desc, 1)}},
    {"zeDeviceReleaseExternalSemaphoreExt", 0x87, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeDeviceReserveCacheExt", 0x88, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceSetCacheAdviceExt", 0x89, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(device, 0), PTIC_VS(dst, 1)}},
    {"zeDevicePciGetPropertiesExt", 0x8a, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetFabricVertexExp", 0x8b, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetRootDevice", 0x8c, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeContextCreateEx", 0x8d, PTIC_ROLE_CONTEXT_CREATE, PTIC_OP_CONTEXT, 5, NULL, {PTIC_VS(driver, 0), PTIC_VS(desc, 1), PTIC_VS(out, 4)}},
    {"zeCommandQueueGetOrdinal", 0x8e, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(queue, 0)}},
    {"zeCommandQueueGetIndex", 0x8f, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(queue, 0)}},
    {"zeCommandListGetNextCommandIdWithKernelsExp", 0x90, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(desc, 1), PTIC_VS(num_kernels, 2), PTIC_VS(kernels, 3)}},
    {"zeCommandListUpdateMutableCommandKernelsExp", 0x91, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(num_kernels, 1), PTIC_VS(kernels, 3)}},
    {"zeCommandListAppendSignalExternalSemaphoreExt", 0x92, PTIC_ROLE_APPEND, PTIC_OP_OTHER, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendWaitExternalSemaphoreExt", 0x93, PTIC_ROLE_APPEND, PTIC_OP_OTHER, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendImageCopyToMemoryExt", 0x94, PTIC_ROLE_APPEND, PTIC_OP_IMAGE, 9, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(signal_event, 6), PTIC_VS(signal_event_arg, 6)}},
    {"zeCommandListAppendImageCopyFromMemoryExt", 0x95, PTIC_ROLE_APPEND, PTIC_OP_IMAGE, 9, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(src, 2), PTIC_VS(signal_event, 6), PTIC_VS(signal_event_arg, 6)}},
    {"zeCommandListHostSynchronize", 0x96, PTIC_ROLE_HOST_SYNC, PTIC_OP_LIST, 2, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(timeout, 1)}},
    {"zeCommandListCreateCloneExp", 0x97, PTIC_ROLE_OBJ_CREATE, PTIC_OP_LIST_CLONE, 2, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(out, 1)}},
    {"zeCommandListGetDeviceHandle", 0x98, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListGetContextHandle", 0x99, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(out, 1)}},
    {"zeCommandListGetOrdinal", 0x9a, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListImmediateGetIndex", 0x9b, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListIsImmediate", 0x9c, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListImmediateAppendCommandListsExp", 0x9d, PTIC_ROLE_EXECUTE, PTIC_OP_LIST, 6, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(num_cmd_lists, 1), PTIC_VS(num_cmd_lists_arg, 1), PTIC_VS(cmd_lists, 2), PTIC_VS(cmd_lists_arg, 2), PTIC_VS(signal_event, 3), PTIC_VS(signal_event_arg, 3)}},
    {"zeCommandListGetNextCommandIdExp", 0x9e, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(desc, 1)}},
    {"zeCommandListUpdateMutableCommandsExp", 0x9f, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(desc, 1)}},
    {"zeCommandListUpdateMutableCommandSignalEventExp", 0xa0, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 2), PTIC_VS(signal_event_arg, 2)}},
    {"zeCommandListUpdateMutableCommandWaitEventsExp", 0xa1, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeEventQueryTimestampsExp", 0xa2, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(event, 0), PTIC_VS(device, 1), PTIC_VS(count_ptr, 2)}},
    {"zeEventQueryKernelTimestampsExt", 0xa3, PTIC_ROLE_SYNC_POINT, PTIC_OP_EVENT, 4, NULL, {PTIC_VS(event, 0), PTIC_VS(device, 1), PTIC_VS(count_ptr, 2)}},
    {"zeEventGetEventPool", 0xa4, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event, 0), PTIC_VS(out, 1)}},
    {"zeEventGetSignalScope", 0xa5, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event, 0)}},
    {"zeEventGetWaitScope", 0xa6, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event, 0)}},
    {"zeEventPoolPutIpcHandle", 0xa7, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(context, 0)}},
    {"zeEventPoolGetContextHandle", 0xa8, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event_pool, 0), PTIC_VS(out, 1)}},
    {"zeEventPoolGetFlags", 0xa9, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event_pool, 0)}},
    {"zeImageGetMemoryPropertiesExp", 0xaa, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeImageViewCreateExp", 0xab, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2)}},
    {"zeImageGetAllocPropertiesExt", 0xac, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0)}},
    {"zeImageViewCreateExt", 0xad, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2)}},
    {"zeImageGetDeviceOffsetExp", 0xae, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeKernelSetGlobalOffsetExp", 0xaf, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelGetBinaryExp", 0xb0, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(kernel, 0)}},
    {"zeKernelSchedulingHintExp", 0xb1, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(kernel, 0)}},
    {"zeMemFreeExt", 0xb2, PTIC_ROLE_MEM_FREE, PTIC_OP_MEM_USM, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 2)}},
    {"zeMemGetIpcHandleFromFileDescriptorExp", 0xb3, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0)}},
    {"zeMemGetFileDescriptorFromIpcHandleExp", 0xb4, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0)}},
    {"zeMemPutIpcHandle", 0xb5, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(context, 0)}},
    {"zeMemSetAtomicAccessAttributeExp", 0xb6, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(dst, 2), PTIC_VS(size, 3)}},
    {"zeMemGetAtomicAccessAttributeExp", 0xb7, PTIC_ROLE_NONE, PTIC_OP_NONE, 5, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(dst, 2), PTIC_VS(size, 3)}},
    {"zeMemGetPitchFor2dImage", 0xb8, PTIC_ROLE_NONE, PTIC_OP_NONE, 6, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1)}},
    {"zeModuleInspectLinkageExt", 0xb9, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS_END}},
    {"zeFabricEdgeGetExp", 0xba, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(count_ptr, 2)}},
    {"zeFabricEdgeGetVerticesExp", 0xbb, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeFabricEdgeGetPropertiesExp", 0xbc, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeFabricVertexGetExp", 0xbd, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0), PTIC_VS(count_ptr, 1)}},
    {"zeFabricVertexGetSubVerticesExp", 0xbe, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(count_ptr, 1)}},
    {"zeFabricVertexGetPropertiesExp", 0xbf, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeFabricVertexGetDeviceExp", 0xc0, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeRTASBuilderCreateExt", 0xc3, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0)}},
    {"zeRTASBuilderGetBuildPropertiesExt", 0xc4, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeRTASBuilderBuildExt", 0xc5, PTIC_ROLE_NONE, PTIC_OP_NONE, 10, NULL, {PTIC_VS_END}},
    {"zeRTASBuilderCommandListAppendCopyExt", 0xc6, PTIC_ROLE_APPEND, PTIC_OP_COPY, 7, ptic__opnames_zeRTASBuilderCommandListAppendCopyExt, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(src, 2), PTIC_VS(size, 3), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeRTASBuilderDestroyExt", 0xc7, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeRTASParallelOperationCreateExt", 0xc8, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(driver, 0)}},
    {"zeRTASParallelOperationGetPropertiesExt", 0xc9, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeRTASParallelOperationJoinExt", 0xca, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeRTASParallelOperationDestroyExt", 0xcb, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeDriverRTASFormatCompatibilityCheckExt", 0xcc, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(driver, 0)}},
    {"zeDeviceGetVectorWidthPropertiesExt", 0xcd, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceSynchronize", 0xce, PTIC_ROLE_HOST_SYNC, PTIC_OP_DEVICE, 1, NULL, {PTIC_VS(device, 0)}},
    {"zeDriverGetDefaultContext", 0xcf, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(driver, 0)}},
    {"zeCommandListAppendLaunchKernelWithParameters", 0xd0, PTIC_ROLE_APPEND, PTIC_OP_KERNEL, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(kernel, 1), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListAppendLaunchKernelWithArguments", 0xd1, PTIC_ROLE_APPEND, PTIC_OP_KERNEL, 9, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(kernel, 1), PTIC_VS(signal_event, 6), PTIC_VS(signal_event_arg, 6)}},
    {"zeKernelGetAllocationPropertiesExp", 0xd2, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(kernel, 0), PTIC_VS(count_ptr, 1)}},
    {"zeDeviceGetAggregatedCopyOffloadIncrementValue", 0xd3, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeEventCounterBasedCreate", 0xd4, PTIC_ROLE_OBJ_CREATE, PTIC_OP_EVENT_COUNTER_BASED, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(device, 1), PTIC_VS(desc, 2), PTIC_VS(out, 3)}},
    {"zeEventCounterBasedGetIpcHandle", 0xd5, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event, 0)}},
    {"zeEventCounterBasedOpenIpcHandle", 0xd6, PTIC_ROLE_OBJ_CREATE, PTIC_OP_EVENT_OPEN, 3, NULL, {PTIC_VS(context, 0), PTIC_VS(out, 2)}},
    {"zeEventCounterBasedCloseIpcHandle", 0xd7, PTIC_ROLE_OBJ_DESTROY, PTIC_OP_EVENT, 1, NULL, {PTIC_VS(event, 0)}},
    {"zeEventCounterBasedGetDeviceAddress", 0xd8, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(event, 0)}},
    {"zeMemGetIpcHandleWithProperties", 0xd9, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(context, 0), PTIC_VS(dst, 1)}},
    {"zePhysicalMemGetProperties", 0xda, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0)}},
    {"zeDeviceGetCounterBasedEventMaxValue", 0x10000, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetRuntimeRequirements", 0x10001, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceGetRuntimeRequirementsKey", 0x10002, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(device, 0)}},
    {"zeDeviceValidateRuntimeRequirements", 0x10003, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(device, 0)}},
    {"zeCommandQueueGetFlags", 0x10004, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeCommandQueueGetMode", 0x10005, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeCommandQueueGetPriority", 0x10006, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeCommandListGetFlags", 0x10007, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListImmediateGetFlags", 0x10008, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListImmediateGetMode", 0x10009, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListImmediateGetPriority", 0x1000a, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListAppendMemoryCopyWithParameters", 0x1000b, PTIC_ROLE_APPEND, PTIC_OP_COPY, 8, ptic__opnames_zeCommandListAppendMemoryCopyWithParameters, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(src, 2), PTIC_VS(size, 3), PTIC_VS(signal_event, 5), PTIC_VS(signal_event_arg, 5)}},
    {"zeCommandListAppendMemoryFillWithParameters", 0x1000c, PTIC_ROLE_APPEND, PTIC_OP_FILL, 9, ptic__opnames_zeCommandListAppendMemoryFillWithParameters, {PTIC_VS(cmd_list, 0), PTIC_VS(dst, 1), PTIC_VS(size, 4), PTIC_VS(signal_event, 6), PTIC_VS(signal_event_arg, 6)}},
    {"zeEventGetCounterBasedFlags", 0x1000d, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(event, 0)}},
    {"zeCommandListImmediateAppendCommandListsWithParameters", 0x1000e, PTIC_ROLE_EXECUTE, PTIC_OP_LIST, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(num_cmd_lists, 1), PTIC_VS(num_cmd_lists_arg, 1), PTIC_VS(cmd_lists, 2), PTIC_VS(cmd_lists_arg, 2), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zeCommandListIsMutableExp", 0x1000f, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeGraphCreateExt", 0x10010, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS(context, 0)}},
    {"zeCommandListBeginGraphCaptureExt", 0x10011, PTIC_ROLE_LIST_STATE, PTIC_OP_CAPTURE_BEGIN, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListBeginCaptureIntoGraphExt", 0x10012, PTIC_ROLE_LIST_STATE, PTIC_OP_CAPTURE_BEGIN, 3, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListIsGraphCaptureEnabledExt", 0x10013, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListEndGraphCaptureExt", 0x10014, PTIC_ROLE_LIST_STATE, PTIC_OP_CAPTURE_END, 3, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeCommandListGetGraphExt", 0x10015, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(cmd_list, 0)}},
    {"zeGraphGetPrimaryCommandListExt", 0x10016, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS(out, 1)}},
    {"zeGraphSetDestructionCallbackExt", 0x10017, PTIC_ROLE_NONE, PTIC_OP_NONE, 4, NULL, {PTIC_VS_END}},
    {"zeGraphInstantiateExt", 0x10018, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeCommandListAppendGraphExt", 0x10019, PTIC_ROLE_NONE, PTIC_OP_NONE, 6, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 3), PTIC_VS(signal_event_arg, 3)}},
    {"zeExecutableGraphGetSourceGraphExt", 0x1001a, PTIC_ROLE_NONE, PTIC_OP_NONE, 2, NULL, {PTIC_VS_END}},
    {"zeGraphIsEmptyExt", 0x1001b, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeGraphDumpContentsExt", 0x1001c, PTIC_ROLE_NONE, PTIC_OP_NONE, 3, NULL, {PTIC_VS_END}},
    {"zeExecutableGraphDestroyExt", 0x1001d, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeGraphDestroyExt", 0x1001e, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zeCommandListAppendHostFunction", 0x1001f, PTIC_ROLE_APPEND, PTIC_OP_OTHER, 7, NULL, {PTIC_VS(cmd_list, 0), PTIC_VS(signal_event, 4), PTIC_VS(signal_event_arg, 4)}},
    {"zerGetLastErrorDescription", 0x10020, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zerTranslateDeviceHandleToIdentifier", 0x10021, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS(device, 0)}},
    {"zerTranslateIdentifierToDeviceHandle", 0x10022, PTIC_ROLE_NONE, PTIC_OP_NONE, 1, NULL, {PTIC_VS_END}},
    {"zerGetDefaultContext", 0x10023, PTIC_ROLE_NONE, PTIC_OP_NONE, 0, NULL, {PTIC_VS_END}},
};

/* X(index, function, role): one prologue and one epilogue each (>>tracer) */
#define PTIC_ZE_TRAMPOLINES(X) \
  X(0, zeInit, RUNTIME_INIT) \
  X(1, zeDriverGet, NONE) \
  X(2, zeDriverGetApiVersion, NONE) \
  X(3, zeDriverGetProperties, NONE) \
  X(4, zeDriverGetIpcProperties, NONE) \
  X(5, zeDriverGetExtensionProperties, NONE) \
  X(6, zeDeviceGet, NONE) \
  X(7, zeDeviceGetSubDevices, NONE) \
  X(8, zeDeviceGetProperties, NONE) \
  X(9, zeDeviceGetComputeProperties, NONE) \
  X(10, zeDeviceGetModuleProperties, NONE) \
  X(11, zeDeviceGetCommandQueueGroupProperties, NONE) \
  X(12, zeDeviceGetMemoryProperties, NONE) \
  X(13, zeDeviceGetMemoryAccessProperties, NONE) \
  X(14, zeDeviceGetCacheProperties, NONE) \
  X(15, zeDeviceGetImageProperties, NONE) \
  X(16, zeDeviceGetExternalMemoryProperties, NONE) \
  X(17, zeDeviceGetP2PProperties, NONE) \
  X(18, zeDeviceCanAccessPeer, NONE) \
  X(19, zeDeviceGetStatus, NONE) \
  X(20, zeContextCreate, CONTEXT_CREATE) \
  X(21, zeContextDestroy, CONTEXT_DESTROY) \
  X(22, zeContextGetStatus, NONE) \
  X(23, zeContextSystemBarrier, NONE) \
  X(24, zeContextMakeMemoryResident, NONE) \
  X(25, zeContextEvictMemory, NONE) \
  X(26, zeContextMakeImageResident, NONE) \
  X(27, zeContextEvictImage, NONE) \
  X(28, zeCommandQueueCreate, OBJ_CREATE) \
  X(29, zeCommandQueueDestroy, OBJ_DESTROY) \
  X(30, zeCommandQueueExecuteCommandLists, EXECUTE) \
  X(31, zeCommandQueueSynchronize, HOST_SYNC) \
  X(32, zeCommandListCreate, OBJ_CREATE) \
  X(33, zeCommandListCreateImmediate, OBJ_CREATE) \
  X(34, zeCommandListDestroy, OBJ_DESTROY) \
  X(35, zeCommandListClose, NONE) \
  X(36, zeCommandListReset, LIST_STATE) \
  X(37, zeCommandListAppendWriteGlobalTimestamp, NONE) \
  X(38, zeCommandListAppendBarrier, APPEND) \
  X(39, zeCommandListAppendMemoryRangesBarrier, APPEND) \
  X(40, zeCommandListAppendMemoryCopy, APPEND) \
  X(41, zeCommandListAppendMemoryFill, APPEND) \
  X(42, zeCommandListAppendMemoryCopyRegion, APPEND) \
  X(43, zeCommandListAppendMemoryCopyFromContext, APPEND) \
  X(44, zeCommandListAppendImageCopy, APPEND) \
  X(45, zeCommandListAppendImageCopyRegion, APPEND) \
  X(46, zeCommandListAppendImageCopyToMemory, APPEND) \
  X(47, zeCommandListAppendImageCopyFromMemory, APPEND) \
  X(48, zeCommandListAppendMemoryPrefetch, NONE) \
  X(49, zeCommandListAppendMemAdvise, NONE) \
  X(50, zeCommandListAppendSignalEvent, NONE) \
  X(51, zeCommandListAppendWaitOnEvents, NONE) \
  X(52, zeCommandListAppendEventReset, EVENT_REUSE) \
  X(53, zeCommandListAppendQueryKernelTimestamps, NONE) \
  X(54, zeCommandListAppendLaunchKernel, APPEND) \
  X(55, zeCommandListAppendLaunchCooperativeKernel, APPEND) \
  X(56, zeCommandListAppendLaunchKernelIndirect, APPEND) \
  X(57, zeCommandListAppendLaunchMultipleKernelsIndirect, APPEND) \
  X(58, zeImageGetProperties, NONE) \
  X(59, zeImageCreate, NONE) \
  X(60, zeImageDestroy, NONE) \
  X(61, zeMemAllocShared, MEM_ALLOC) \
  X(62, zeMemAllocDevice, MEM_ALLOC) \
  X(63, zeMemAllocHost, MEM_ALLOC) \
  X(64, zeMemFree, MEM_FREE) \
  X(65, zeMemGetAllocProperties, NONE) \
  X(66, zeMemGetAddressRange, NONE) \
  X(67, zeMemGetIpcHandle, NONE) \
  X(68, zeMemOpenIpcHandle, MEM_ALLOC) \
  X(69, zeMemCloseIpcHandle, MEM_FREE) \
  X(70, zeFenceCreate, OBJ_CREATE) \
  X(71, zeFenceDestroy, OBJ_DESTROY) \
  X(72, zeFenceHostSynchronize, HOST_SYNC) \
  X(73, zeFenceQueryStatus, SYNC_POINT) \
  X(74, zeFenceReset, NONE) \
  X(75, zeEventPoolCreate, OBJ_CREATE) \
  X(76, zeEventPoolDestroy, OBJ_DESTROY) \
  X(77, zeEventPoolGetIpcHandle, NONE) \
  X(78, zeEventPoolOpenIpcHandle, OBJ_CREATE) \
  X(79, zeEventPoolCloseIpcHandle, OBJ_DESTROY) \
  X(80, zeEventCreate, OBJ_CREATE) \
  X(81, zeEventDestroy, OBJ_DESTROY) \
  X(82, zeEventHostSignal, NONE) \
  X(83, zeEventHostSynchronize, HOST_SYNC) \
  X(84, zeEventQueryStatus, SYNC_POINT) \
  X(85, zeEventHostReset, EVENT_REUSE) \
  X(86, zeEventQueryKernelTimestamp, SYNC_POINT) \
  X(87, zeModuleCreate, MODULE_CREATE) \
  X(88, zeModuleDestroy, MODULE_DESTROY) \
  X(89, zeModuleDynamicLink, NONE) \
  X(90, zeModuleGetNativeBinary, NONE) \
  X(91, zeModuleGetGlobalPointer, NONE) \
  X(92, zeModuleGetKernelNames, NONE) \
  X(93, zeModuleGetProperties, NONE) \
  X(94, zeModuleGetFunctionPointer, NONE) \
  X(95, zeModuleBuildLogDestroy, NONE) \
  X(96, zeModuleBuildLogGetString, NONE) \
  X(97, zeKernelCreate, KERNEL_CREATE) \
  X(98, zeKernelDestroy, KERNEL_DESTROY) \
  X(99, zeKernelSetCacheConfig, NONE) \
  X(100, zeKernelSetGroupSize, NONE) \
  X(101, zeKernelSuggestGroupSize, NONE) \
  X(102, zeKernelSuggestMaxCooperativeGroupCount, NONE) \
  X(103, zeKernelSetArgumentValue, NONE) \
  X(104, zeKernelSetIndirectAccess, NONE) \
  X(105, zeKernelGetIndirectAccess, NONE) \
  X(106, zeKernelGetSourceAttributes, NONE) \
  X(107, zeKernelGetProperties, NONE) \
  X(108, zeKernelGetName, NONE) \
  X(109, zeSamplerCreate, NONE) \
  X(110, zeSamplerDestroy, NONE) \
  X(111, zePhysicalMemCreate, MEM_ALLOC) \
  X(112, zePhysicalMemDestroy, MEM_FREE) \
  X(113, zeVirtualMemReserve, MEM_ALLOC) \
  X(114, zeVirtualMemFree, MEM_FREE) \
  X(115, zeVirtualMemQueryPageSize, NONE) \
  X(116, zeVirtualMemMap, MEM_ALLOC) \
  X(117, zeVirtualMemUnmap, MEM_FREE) \
  X(118, zeVirtualMemSetAccessAttribute, NONE) \
  X(119, zeVirtualMemGetAccessAttribute, NONE) \
  X(120, zeInitDrivers, RUNTIME_INIT) \
  X(121, zeRTASBuilderCreateExp, NONE) \
  X(122, zeRTASBuilderGetBuildPropertiesExp, NONE) \
  X(123, zeRTASBuilderBuildExp, NONE) \
  X(124, zeRTASBuilderDestroyExp, NONE) \
  X(125, zeRTASParallelOperationCreateExp, NONE) \
  X(126, zeRTASParallelOperationGetPropertiesExp, NONE) \
  X(127, zeRTASParallelOperationJoinExp, NONE) \
  X(128, zeRTASParallelOperationDestroyExp, NONE) \
  X(129, zeDriverGetExtensionFunctionAddress, NONE) \
  X(130, zeDriverGetLastErrorDescription, NONE) \
  X(131, zeDriverRTASFormatCompatibilityCheckExp, NONE) \
  X(132, zeDeviceGetGlobalTimestamps, NONE) \
  X(133, zeDeviceImportExternalSemaphoreExt, NONE) \
  X(134, zeDeviceReleaseExternalSemaphoreExt, NONE) \
  X(135, zeDeviceReserveCacheExt, NONE) \
  X(136, zeDeviceSetCacheAdviceExt, NONE) \
  X(137, zeDevicePciGetPropertiesExt, NONE) \
  X(138, zeDeviceGetFabricVertexExp, NONE) \
  X(139, zeDeviceGetRootDevice, NONE) \
  X(140, zeContextCreateEx, CONTEXT_CREATE) \
  X(141, zeCommandQueueGetOrdinal, NONE) \
  X(142, zeCommandQueueGetIndex, NONE) \
  X(143, zeCommandListGetNextCommandIdWithKernelsExp, NONE) \
  X(144, zeCommandListUpdateMutableCommandKernelsExp, NONE) \
  X(145, zeCommandListAppendSignalExternalSemaphoreExt, APPEND) \
  X(146, zeCommandListAppendWaitExternalSemaphoreExt, APPEND) \
  X(147, zeCommandListAppendImageCopyToMemoryExt, APPEND) \
  X(148, zeCommandListAppendImageCopyFromMemoryExt, APPEND) \
  X(149, zeCommandListHostSynchronize, HOST_SYNC) \
  X(150, zeCommandListCreateCloneExp, OBJ_CREATE) \
  X(151, zeCommandListGetDeviceHandle, NONE) \
  X(152, zeCommandListGetContextHandle, NONE) \
  X(153, zeCommandListGetOrdinal, NONE) \
  X(154, zeCommandListImmediateGetIndex, NONE) \
  X(155, zeCommandListIsImmediate, NONE) \
  X(156, zeCommandListImmediateAppendCommandListsExp, EXECUTE) \
  X(157, zeCommandListGetNextCommandIdExp, NONE) \
  X(158, zeCommandListUpdateMutableCommandsExp, NONE) \
  X(159, zeCommandListUpdateMutableCommandSignalEventExp, NONE) \
  X(160, zeCommandListUpdateMutableCommandWaitEventsExp, NONE) \
  X(161, zeEventQueryTimestampsExp, NONE) \
  X(162, zeEventQueryKernelTimestampsExt, SYNC_POINT) \
  X(163, zeEventGetEventPool, NONE) \
  X(164, zeEventGetSignalScope, NONE) \
  X(165, zeEventGetWaitScope, NONE) \
  X(166, zeEventPoolPutIpcHandle, NONE) \
  X(167, zeEventPoolGetContextHandle, NONE) \
  X(168, zeEventPoolGetFlags, NONE) \
  X(169, zeImageGetMemoryPropertiesExp, NONE) \
  X(170, zeImageViewCreateExp, NONE) \
  X(171, zeImageGetAllocPropertiesExt, NONE) \
  X(172, zeImageViewCreateExt, NONE) \
  X(173, zeImageGetDeviceOffsetExp, NONE) \
  X(174, zeKernelSetGlobalOffsetExp, NONE) \
  X(175, zeKernelGetBinaryExp, NONE) \
  X(176, zeKernelSchedulingHintExp, NONE) \
  X(177, zeMemFreeExt, MEM_FREE) \
  X(178, zeMemGetIpcHandleFromFileDescriptorExp, NONE) \
  X(179, zeMemGetFileDescriptorFromIpcHandleExp, NONE) \
  X(180, zeMemPutIpcHandle, NONE) \
  X(181, zeMemSetAtomicAccessAttributeExp, NONE) \
  X(182, zeMemGetAtomicAccessAttributeExp, NONE) \
  X(183, zeMemGetPitchFor2dImage, NONE) \
  X(184, zeModuleInspectLinkageExt, NONE) \
  X(185, zeFabricEdgeGetExp, NONE) \
  X(186, zeFabricEdgeGetVerticesExp, NONE) \
  X(187, zeFabricEdgeGetPropertiesExp, NONE) \
  X(188, zeFabricVertexGetExp, NONE) \
  X(189, zeFabricVertexGetSubVerticesExp, NONE) \
  X(190, zeFabricVertexGetPropertiesExp, NONE) \
  X(191, zeFabricVertexGetDeviceExp, NONE) \
  X(192, zeRTASBuilderCreateExt, NONE) \
  X(193, zeRTASBuilderGetBuildPropertiesExt, NONE) \
  X(194, zeRTASBuilderBuildExt, NONE) \
  X(195, zeRTASBuilderCommandListAppendCopyExt, APPEND) \
  X(196, zeRTASBuilderDestroyExt, NONE) \
  X(197, zeRTASParallelOperationCreateExt, NONE) \
  X(198, zeRTASParallelOperationGetPropertiesExt, NONE) \
  X(199, zeRTASParallelOperationJoinExt, NONE) \
  X(200, zeRTASParallelOperationDestroyExt, NONE) \
  X(201, zeDriverRTASFormatCompatibilityCheckExt, NONE) \
  X(202, zeDeviceGetVectorWidthPropertiesExt, NONE) \
  X(203, zeDeviceSynchronize, HOST_SYNC) \
  X(204, zeDriverGetDefaultContext, NONE) \
  X(205, zeCommandListAppendLaunchKernelWithParameters, APPEND) \
  X(206, zeCommandListAppendLaunchKernelWithArguments, APPEND) \
  X(207, zeKernelGetAllocationPropertiesExp, NONE) \
  X(208, zeDeviceGetAggregatedCopyOffloadIncrementValue, NONE) \
  X(209, zeEventCounterBasedCreate, OBJ_CREATE) \
  X(210, zeEventCounterBasedGetIpcHandle, NONE) \
  X(211, zeEventCounterBasedOpenIpcHandle, OBJ_CREATE) \
  X(212, zeEventCounterBasedCloseIpcHandle, OBJ_DESTROY) \
  X(213, zeEventCounterBasedGetDeviceAddress, NONE) \
  X(214, zeMemGetIpcHandleWithProperties, NONE) \
  X(215, zePhysicalMemGetProperties, NONE) \
  X(216, zeDeviceGetCounterBasedEventMaxValue, NONE) \
  X(217, zeDeviceGetRuntimeRequirements, NONE) \
  X(218, zeDeviceGetRuntimeRequirementsKey, NONE) \
  X(219, zeDeviceValidateRuntimeRequirements, NONE) \
  X(220, zeCommandQueueGetFlags, NONE) \
  X(221, zeCommandQueueGetMode, NONE) \
  X(222, zeCommandQueueGetPriority, NONE) \
  X(223, zeCommandListGetFlags, NONE) \
  X(224, zeCommandListImmediateGetFlags, NONE) \
  X(225, zeCommandListImmediateGetMode, NONE) \
  X(226, zeCommandListImmediateGetPriority, NONE) \
  X(227, zeCommandListAppendMemoryCopyWithParameters, APPEND) \
  X(228, zeCommandListAppendMemoryFillWithParameters, APPEND) \
  X(229, zeEventGetCounterBasedFlags, NONE) \
  X(230, zeCommandListImmediateAppendCommandListsWithParameters, EXECUTE) \
  X(231, zeCommandListIsMutableExp, NONE) \
  X(232, zeGraphCreateExt, NONE) \
  X(233, zeCommandListBeginGraphCaptureExt, LIST_STATE) \
  X(234, zeCommandListBeginCaptureIntoGraphExt, LIST_STATE) \
  X(235, zeCommandListIsGraphCaptureEnabledExt, NONE) \
  X(236, zeCommandListEndGraphCaptureExt, LIST_STATE) \
  X(237, zeCommandListGetGraphExt, NONE) \
  X(238, zeGraphGetPrimaryCommandListExt, NONE) \
  X(239, zeGraphSetDestructionCallbackExt, NONE) \
  X(240, zeGraphInstantiateExt, NONE) \
  X(241, zeCommandListAppendGraphExt, NONE) \
  X(242, zeExecutableGraphGetSourceGraphExt, NONE) \
  X(243, zeGraphIsEmptyExt, NONE) \
  X(244, zeGraphDumpContentsExt, NONE) \
  X(245, zeExecutableGraphDestroyExt, NONE) \
  X(246, zeGraphDestroyExt, NONE) \
  X(247, zeCommandListAppendHostFunction, APPEND) \
  X(248, zerGetLastErrorDescription, NONE) \
  X(249, zerTranslateDeviceHandleToIdentifier, NONE) \
  X(250, zerTranslateIdentifierToDeviceHandle, NONE) \
  X(251, zerGetDefaultContext, NONE) \
  /* end */

/* Names of PTI's ids (traceable here or not), then of ours */
static const char* const ptic__pti_id_names[PTIC_LEVELZERO_ID_MAX] = {
    NULL,
    "zeInit",
    "zeDriverGet",
    "zeDriverGetApiVersion",
    "zeDriverGetProperties",
    "zeDriverGetIpcProperties",
    "zeDriverGetExtensionProperties",
    "zeDeviceGet",
    "zeDeviceGetSubDevices",
    "zeDeviceGetProperties",
    "zeDeviceGetComputeProperties",
    "zeDeviceGetModuleProperties",
    "zeDeviceGetCommandQueueGroupProperties",
    "zeDeviceGetMemoryProperties",
    "zeDeviceGetMemoryAccessProperties",
    "zeDeviceGetCacheProperties",
    "zeDeviceGetImageProperties",
    "zeDeviceGetExternalMemoryProperties",
    "zeDeviceGetP2PProperties",
    "zeDeviceCanAccessPeer",
    "zeDeviceGetStatus",
    "zeContextCreate",
    "zeContextDestroy",
    "zeContextGetStatus",
    "zeContextSystemBarrier",
    "zeContextMakeMemoryResident",
    "zeContextEvictMemory",
    "zeContextMakeImageResident",
    "zeContextEvictImage",
    "zeCommandQueueCreate",
    "zeCommandQueueDestroy",
    "zeCommandQueueExecuteCommandLists",
    "zeCommandQueueSynchronize",
    "zeCommandListCreate",
    "zeCommandListCreateImmediate",
    "zeCommandListDestroy",
    "zeCommandListClose",
    "zeCommandListReset",
    "zeCommandListAppendWriteGlobalTimestamp",
    "zeCommandListAppendBarrier",
    "zeCommandListAppendMemoryRangesBarrier",
    "zeCommandListAppendMemoryCopy",
    "zeCommandListAppendMemoryFill",
    "zeCommandListAppendMemoryCopyRegion",
    "zeCommandListAppendMemoryCopyFromContext",
    "zeCommandListAppendImageCopy",
    "zeCommandListAppendImageCopyRegion",
    "zeCommandListAppendImageCopyToMemory",
    "zeCommandListAppendImageCopyFromMemory",
    "zeCommandListAppendMemoryPrefetch",
    "zeCommandListAppendMemAdvise",
    "zeCommandListAppendSignalEvent",
    "zeCommandListAppendWaitOnEvents",
    "zeCommandListAppendEventReset",
    "zeCommandListAppendQueryKernelTimestamps",
    "zeCommandListAppendLaunchKernel",
    "zeCommandListAppendLaunchCooperativeKernel",
    "zeCommandListAppendLaunchKernelIndirect",
    "zeCommandListAppendLaunchMultipleKernelsIndirect",
    "zeImageGetProperties",
    "zeImageCreate",
    "zeImageDestroy",
    "zeMemAllocShared",
    "zeMemAllocDevice",
    "zeMemAllocHost",
    "zeMemFree",
    "zeMemGetAllocProperties",
    "zeMemGetAddressRange",
    "zeMemGetIpcHandle",
    "zeMemOpenIpcHandle",
    "zeMemCloseIpcHandle",
    "zeFenceCreate",
    "zeFenceDestroy",
    "zeFenceHostSynchronize",
    "zeFenceQueryStatus",
    "zeFenceReset",
    "zeEventPoolCreate",
    "zeEventPoolDestroy",
    "zeEventPoolGetIpcHandle",
    "zeEventPoolOpenIpcHandle",
    "zeEventPoolCloseIpcHandle",
    "zeEventCreate",
    "zeEventDestroy",
    "zeEventHostSignal",
    "zeEventHostSynchronize",
    "zeEventQueryStatus",
    "zeEventHostReset",
    "zeEventQueryKernelTimestamp",
    "zeModuleCreate",
    "zeModuleDestroy",
    "zeModuleDynamicLink",
    "zeModuleGetNativeBinary",
    "zeModuleGetGlobalPointer",
    "zeModuleGetKernelNames",
    "zeModuleGetProperties",
    "zeModuleGetFunctionPointer",
    "zeModuleBuildLogDestroy",
    "zeModuleBuildLogGetString",
    "zeKernelCreate",
    "zeKernelDestroy",
    "zeKernelSetCacheConfig",
    "zeKernelSetGroupSize",
    "zeKernelSuggestGroupSize",
    "zeKernelSuggestMaxCooperativeGroupCount",
    "zeKernelSetArgumentValue",
    "zeKernelSetIndirectAccess",
    "zeKernelGetIndirectAccess",
    "zeKernelGetSourceAttributes",
    "zeKernelGetProperties",
    "zeKernelGetName",
    "zeSamplerCreate",
    "zeSamplerDestroy",
    "zePhysicalMemCreate",
    "zePhysicalMemDestroy",
    "zeVirtualMemReserve",
    "zeVirtualMemFree",
    "zeVirtualMemQueryPageSize",
    "zeVirtualMemMap",
    "zeVirtualMemUnmap",
    "zeVirtualMemSetAccessAttribute",
    "zeVirtualMemGetAccessAttribute",
    "zeInitDrivers",
    "zeRTASBuilderCreateExp",
    "zeRTASBuilderGetBuildPropertiesExp",
    "zeRTASBuilderBuildExp",
    "zeRTASBuilderDestroyExp",
    "zeRTASParallelOperationCreateExp",
    "zeRTASParallelOperationGetPropertiesExp",
    "zeRTASParallelOperationJoinExp",
    "zeRTASParallelOperationDestroyExp",
    "zeDriverGetExtensionFunctionAddress",
    "zeDriverGetLastErrorDescription",
    "zeDriverRTASFormatCompatibilityCheckExp",
    "zeDeviceGetGlobalTimestamps",
    "zeDeviceImportExternalSemaphoreExt",
    "zeDeviceReleaseExternalSemaphoreExt",
    "zeDeviceReserveCacheExt",
    "zeDeviceSetCacheAdviceExt",
    "zeDevicePciGetPropertiesExt",
    "zeDeviceGetFabricVertexExp",
    "zeDeviceGetRootDevice",
    "zeContextCreateEx",
    "zeCommandQueueGetOrdinal",
    "zeCommandQueueGetIndex",
    "zeCommandListGetNextCommandIdWithKernelsExp",
    "zeCommandListUpdateMutableCommandKernelsExp",
    "zeCommandListAppendSignalExternalSemaphoreExt",
    "zeCommandListAppendWaitExternalSemaphoreExt",
    "zeCommandListAppendImageCopyToMemoryExt",
    "zeCommandListAppendImageCopyFromMemoryExt",
    "zeCommandListHostSynchronize",
    "zeCommandListCreateCloneExp",
    "zeCommandListGetDeviceHandle",
    "zeCommandListGetContextHandle",
    "zeCommandListGetOrdinal",
    "zeCommandListImmediateGetIndex",
    "zeCommandListIsImmediate",
    "zeCommandListImmediateAppendCommandListsExp",
    "zeCommandListGetNextCommandIdExp",
    "zeCommandListUpdateMutableCommandsExp",
    "zeCommandListUpdateMutableCommandSignalEventExp",
    "zeCommandListUpdateMutableCommandWaitEventsExp",
    "zeEventQueryTimestampsExp",
    "zeEventQueryKernelTimestampsExt",
    "zeEventGetEventPool",
    "zeEventGetSignalScope",
    "zeEventGetWaitScope",
    "zeEventPoolPutIpcHandle",
    "zeEventPoolGetContextHandle",
    "zeEventPoolGetFlags",
    "zeImageGetMemoryPropertiesExp",
    "zeImageViewCreateExp",
    "zeImageGetAllocPropertiesExt",
    "zeImageViewCreateExt",
    "zeImageGetDeviceOffsetExp",
    "zeKernelSetGlobalOffsetExp",
    "zeKernelGetBinaryExp",
    "zeKernelSchedulingHintExp",
    "zeMemFreeExt",
    "zeMemGetIpcHandleFromFileDescriptorExp",
    "zeMemGetFileDescriptorFromIpcHandleExp",
    "zeMemPutIpcHandle",
    "zeMemSetAtomicAccessAttributeExp",
    "zeMemGetAtomicAccessAttributeExp",
    "zeMemGetPitchFor2dImage",
    "zeModuleInspectLinkageExt",
    "zeFabricEdgeGetExp",
    "zeFabricEdgeGetVerticesExp",
    "zeFabricEdgeGetPropertiesExp",
    "zeFabricVertexGetExp",
    "zeFabricVertexGetSubVerticesExp",
    "zeFabricVertexGetPropertiesExp",
    "zeFabricVertexGetDeviceExp",
    "zelTracerSetEnabled",
    "zelTracerCreate",
    "zeRTASBuilderCreateExt",
    "zeRTASBuilderGetBuildPropertiesExt",
    "zeRTASBuilderBuildExt",
    "zeRTASBuilderCommandListAppendCopyExt",
    "zeRTASBuilderDestroyExt",
    "zeRTASParallelOperationCreateExt",
    "zeRTASParallelOperationGetPropertiesExt",
    "zeRTASParallelOperationJoinExt",
    "zeRTASParallelOperationDestroyExt",
    "zeDriverRTASFormatCompatibilityCheckExt",
    "zeDeviceGetVectorWidthPropertiesExt",
    "zeDeviceSynchronize",
    "zeDriverGetDefaultContext",
    "zeCommandListAppendLaunchKernelWithParameters",
    "zeCommandListAppendLaunchKernelWithArguments",
    "zeKernelGetAllocationPropertiesExp",
    "zeDeviceGetAggregatedCopyOffloadIncrementValue",
    "zeEventCounterBasedCreate",
    "zeEventCounterBasedGetIpcHandle",
    "zeEventCounterBasedOpenIpcHandle",
    "zeEventCounterBasedCloseIpcHandle",
    "zeEventCounterBasedGetDeviceAddress",
    "zeMemGetIpcHandleWithProperties",
    "zePhysicalMemGetProperties",
};
static const char* const ptic__our_id_names[PTIC_OWN_ID_COUNT + 1] = {
    "zeDeviceGetCounterBasedEventMaxValue",
    "zeDeviceGetRuntimeRequirements",
    "zeDeviceGetRuntimeRequirementsKey",
    "zeDeviceValidateRuntimeRequirements",
    "zeCommandQueueGetFlags",
    "zeCommandQueueGetMode",
    "zeCommandQueueGetPriority",
    "zeCommandListGetFlags",
    "zeCommandListImmediateGetFlags",
    "zeCommandListImmediateGetMode",
    "zeCommandListImmediateGetPriority",
    "zeCommandListAppendMemoryCopyWithParameters",
    "zeCommandListAppendMemoryFillWithParameters",
    "zeEventGetCounterBasedFlags",
    "zeCommandListImmediateAppendCommandListsWithParameters",
    "zeCommandListIsMutableExp",
    "zeGraphCreateExt",
    "zeCommandListBeginGraphCaptureExt",
    "zeCommandListBeginCaptureIntoGraphExt",
    "zeCommandListIsGraphCaptureEnabledExt",
    "zeCommandListEndGraphCaptureExt",
    "zeCommandListGetGraphExt",
    "zeGraphGetPrimaryCommandListExt",
    "zeGraphSetDestructionCallbackExt",
    "zeGraphInstantiateExt",
    "zeCommandListAppendGraphExt",
    "zeExecutableGraphGetSourceGraphExt",
    "zeGraphIsEmptyExt",
    "zeGraphDumpContentsExt",
    "zeExecutableGraphDestroyExt",
    "zeGraphDestroyExt",
    "zeCommandListAppendHostFunction",
    "zerGetLastErrorDescription",
    "zerTranslateDeviceHandleToIdentifier",
    "zerTranslateIdentifierToDeviceHandle",
    "zerGetDefaultContext",
    ""};

static PTIC_ALWAYS_INLINE const ptic__api_desc* ptic__ze_api(uint32_t i) { return &ptic__apis[i]; }

/* The trampolines of every function (ptic__pro_<fn>, ptic__epi_<fn>: >>ze-tracer). */
PTIC_ZE_TRAMPOLINES(PTIC_TRAMPOLINES)
static void ptic__trampolines(uint32_t i, ptic__tracer_cb* pro, ptic__tracer_cb* epi) {
  static const ptic__tracer_cb table[PTIC_LEVELZERO_API_COUNT][2] = {
#define PTIC_X(i, fn, role) {ptic__pro_##fn, ptic__epi_##fn},
      PTIC_ZE_TRAMPOLINES(PTIC_X)
#undef PTIC_X
  };
  *pro = table[i][0];
  *epi = table[i][1];
}
static const char* ptic__pti_id_name(uint32_t id) {
  return id < PTIC_LEVELZERO_ID_MAX ? ptic__pti_id_names[id] : NULL;
}
static const char* ptic__our_id_name(uint32_t index) {
  return index < PTIC_OWN_ID_COUNT ? ptic__our_id_names[index] : NULL;
}

static const ptic__flag_name ptic__names_0[] = { /* ze_structure_type_t */
    {0x1ull, "ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES"},
    {0x2ull, "ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES"},
    {0x3ull, "ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES"},
    {0x4ull, "ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES"},
    {0x5ull, "ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES"},
    {0x6ull, "ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES"},
    {0x7ull, "ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES"},
    {0x8ull, "ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES"},
    {0x9ull, "ZE_STRUCTURE_TYPE_DEVICE_CACHE_PROPERTIES"},
    {0xaull, "ZE_STRUCTURE_TYPE_DEVICE_IMAGE_PROPERTIES"},
    {0xbull, "ZE_STRUCTURE_TYPE_DEVICE_P2P_PROPERTIES"},
    {0xcull, "ZE_STRUCTURE_TYPE_DEVICE_EXTERNAL_MEMORY_PROPERTIES"},
    {0xdull, "ZE_STRUCTURE_TYPE_CONTEXT_DESC"},
    {0xeull, "ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC"},
    {0xfull, "ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC"},
    {0x10ull, "ZE_STRUCTURE_TYPE_EVENT_POOL_DESC"},
    {0x11ull, "ZE_STRUCTURE_TYPE_EVENT_DESC"},
    {0x12ull, "ZE_STRUCTURE_TYPE_FENCE_DESC"},
    {0x13ull, "ZE_STRUCTURE_TYPE_IMAGE_DESC"},
    {0x14ull, "ZE_STRUCTURE_TYPE_IMAGE_PROPERTIES"},
    {0x15ull, "ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC"},
    {0x16ull, "ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC"},
    {0x17ull, "ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES"},
    {0x18ull, "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC"},
    {0x19ull, "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_FD"},
    {0x1aull, "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_FD"},
    {0x1bull, "ZE_STRUCTURE_TYPE_MODULE_DESC"},
    {0x1cull, "ZE_STRUCTURE_TYPE_MODULE_PROPERTIES"},
    {0x1dull, "ZE_STRUCTURE_TYPE_KERNEL_DESC"},
    {0x1eull, "ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES"},
    {0x1full, "ZE_STRUCTURE_TYPE_SAMPLER_DESC"},
    {0x20ull, "ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC"},
    {0x21ull, "ZE_STRUCTURE_TYPE_KERNEL_PREFERRED_GROUP_SIZE_PROPERTIES"},
    {0x22ull, "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMPORT_WIN32"},
    {0x23ull, "ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_WIN32"},
    {0x10001ull, "ZE_STRUCTURE_TYPE_DEVICE_RAYTRACING_EXT_PROPERTIES"},
    {0x10002ull, "ZE_STRUCTURE_TYPE_RAYTRACING_MEM_ALLOC_EXT_DESC"},
    {0x10003ull, "ZE_STRUCTURE_TYPE_FLOAT_ATOMIC_EXT_PROPERTIES"},
    {0x10004ull, "ZE_STRUCTURE_TYPE_CACHE_RESERVATION_EXT_DESC"},
    {0x10005ull, "ZE_STRUCTURE_TYPE_EU_COUNT_EXT"},
    {0x10006ull, "ZE_STRUCTURE_TYPE_SRGB_EXT_DESC"},
    {0x10007ull, "ZE_STRUCTURE_TYPE_LINKAGE_INSPECTION_EXT_DESC"},
    {0x10008ull, "ZE_STRUCTURE_TYPE_PCI_EXT_PROPERTIES"},
    {0x10009ull, "ZE_STRUCTURE_TYPE_DRIVER_MEMORY_FREE_EXT_PROPERTIES"},
    {0x1000aull, "ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC"},
    {0x1000bull, "ZE_STRUCTURE_TYPE_MEMORY_COMPRESSION_HINTS_EXT_DESC"},
    {0x1000cull, "ZE_STRUCTURE_TYPE_IMAGE_ALLOCATION_EXT_PROPERTIES"},
    {0x1000dull, "ZE_STRUCTURE_TYPE_DEVICE_LUID_EXT_PROPERTIES"},
    {0x1000eull, "ZE_STRUCTURE_TYPE_DEVICE_MEMORY_EXT_PROPERTIES"},
    {0x1000full, "ZE_STRUCTURE_TYPE_DEVICE_IP_VERSION_EXT"},
    {0x10010ull, "ZE_STRUCTURE_TYPE_IMAGE_VIEW_PLANAR_EXT_DESC"},
    {0x10011ull, "ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_EXT_PROPERTIES"},
    {0x10012ull, "ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES"},
    {0x10013ull, "ZE_STRUCTURE_TYPE_KERNEL_MAX_GROUP_SIZE_EXT_PROPERTIES"},
    {0x10014ull, "ZE_STRUCTURE_TYPE_IMAGE_FORMAT_SUPPORT_EXT_PROPERTIES"},
    {0x10015ull, "ZE_STRUCTURE_TYPE_DEVICE_READONLY_MEMORY_EXT_PROPERTIES"},
    {0x10016ull, "ZE_STRUCTURE_TYPE_RELAXED_ALLOCATION_LIMITS_EXT_DESC"},
    {0x20001ull, "ZE_STRUCTURE_TYPE_RELAXED_ALLOCATION_LIMITS_EXP_DESC"},
    {0x20002ull, "ZE_STRUCTURE_TYPE_MODULE_PROGRAM_EXP_DESC"},
    {0x20003ull, "ZE_STRUCTURE_TYPE_SCHEDULING_HINT_EXP_PROPERTIES"},
    {0x20004ull, "ZE_STRUCTURE_TYPE_SCHEDULING_HINT_EXP_DESC"},
    {0x20005ull, "ZE_STRUCTURE_TYPE_IMAGE_VIEW_PLANAR_EXP_DESC"},
    {0x20006ull, "ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2"},
    {0x20007ull, "ZE_STRUCTURE_TYPE_IMAGE_MEMORY_EXP_PROPERTIES"},
    {0x20008ull, "ZE_STRUCTURE_TYPE_POWER_SAVING_HINT_EXP_DESC"},
    {0x20009ull, "ZE_STRUCTURE_TYPE_COPY_BANDWIDTH_EXP_PROPERTIES"},
    {0x2000aull, "ZE_STRUCTURE_TYPE_DEVICE_P2P_BANDWIDTH_EXP_PROPERTIES"},
    {0x2000bull, "ZE_STRUCTURE_TYPE_FABRIC_VERTEX_EXP_PROPERTIES"},
    {0x2000cull, "ZE_STRUCTURE_TYPE_FABRIC_EDGE_EXP_PROPERTIES"},
    {0x2000dull, "ZE_STRUCTURE_TYPE_MEMORY_SUB_ALLOCATIONS_EXP_PROPERTIES"},
    {0x2000eull, "ZE_STRUCTURE_TYPE_RTAS_BUILDER_EXP_DESC"},
    {0x2000full, "ZE_STRUCTURE_TYPE_RTAS_BUILDER_BUILD_OP_EXP_DESC"},
    {0x20010ull, "ZE_STRUCTURE_TYPE_RTAS_BUILDER_EXP_PROPERTIES"},
    {0x20011ull, "ZE_STRUCTURE_TYPE_RTAS_PARALLEL_OPERATION_EXP_PROPERTIES"},
    {0x20012ull, "ZE_STRUCTURE_TYPE_RTAS_DEVICE_EXP_PROPERTIES"},
    {0x20013ull, "ZE_STRUCTURE_TYPE_RTAS_GEOMETRY_AABBS_EXP_CB_PARAMS"},
    {0x20014ull, "ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC"},
    {0x20015ull, "ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES"},
    {0x20016ull, "ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC"},
    {0x20017ull, "ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC"},
    {0x20018ull, "ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC"},
    {0x20019ull, "ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC"},
    {0x2001aull, "ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC"},
    {0x2001bull, "ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC"},
    {0x2001cull, "ZE_STRUCTURE_TYPE_MUTABLE_GLOBAL_OFFSET_EXP_DESC"},
    {0x2001dull, "ZE_STRUCTURE_TYPE_PITCHED_ALLOC_DEVICE_EXP_PROPERTIES"},
    {0x2001eull, "ZE_STRUCTURE_TYPE_BINDLESS_IMAGE_EXP_DESC"},
    {0x2001full, "ZE_STRUCTURE_TYPE_PITCHED_IMAGE_EXP_DESC"},
    {0x20020ull, "ZE_STRUCTURE_TYPE_MUTABLE_GRAPH_ARGUMENT_EXP_DESC"},
    {0x20021ull, "ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC"},
    {0x20022ull, "ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_EXT_DESC"},
    {0x20023ull, "ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WIN32_EXT_DESC"},
    {0x20024ull, "ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_FD_EXT_DESC"},
    {0x20025ull, "ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_EXT"},
    {0x20026ull, "ZE_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_WAIT_PARAMS_EXT"},
    {0x20027ull, "ZE_STRUCTURE_TYPE_DRIVER_DDI_HANDLES_EXT_PROPERTIES"},
    {0x20028ull, "ZE_STRUCTURE_TYPE_DEVICE_CACHELINE_SIZE_EXT"},
    {0x20029ull, "ZE_STRUCTURE_TYPE_DEVICE_VECTOR_WIDTH_PROPERTIES_EXT"},
    {0x20030ull, "ZE_STRUCTURE_TYPE_RTAS_BUILDER_EXT_DESC"},
    {0x20031ull, "ZE_STRUCTURE_TYPE_RTAS_BUILDER_BUILD_OP_EXT_DESC"},
    {0x20032ull, "ZE_STRUCTURE_TYPE_RTAS_BUILDER_EXT_PROPERTIES"},
    {0x20033ull, "ZE_STRUCTURE_TYPE_RTAS_PARALLEL_OPERATION_EXT_PROPERTIES"},
    {0x20034ull, "ZE_STRUCTURE_TYPE_RTAS_DEVICE_EXT_PROPERTIES"},
    {0x20035ull, "ZE_STRUCTURE_TYPE_RTAS_GEOMETRY_AABBS_EXT_CB_PARAMS"},
    {0x20036ull, "ZE_STRUCTURE_TYPE_COMMAND_LIST_APPEND_PARAM_COOPERATIVE_DESC"},
    {0x20037ull, "ZE_STRUCTURE_TYPE_EXTERNAL_MEMMAP_SYSMEM_EXT_DESC"},
    {0x20038ull, "ZE_STRUCTURE_TYPE_PITCHED_ALLOC_2DIMAGE_LINEAR_PITCH_EXP_INFO"},
    {0x20039ull, "ZE_STRUCTURE_TYPE_KERNEL_ALLOCATION_PROPERTIES"},
    {0x2003aull, "ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC"},
    {0x2003bull, "ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC"},
    {0x2003cull, "ZE_STRUCTURE_TYPE_EVENT_SYNC_MODE_DESC"},
    {0x2003dull, "ZE_STRUCTURE_TYPE_IPC_MEM_HANDLE_TYPE_EXT_DESC"},
    {0x2003eull, "ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES"},
    {0x2003full, "ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC"},
    {0x20040ull, "ZE_STRUCTURE_TYPE_PHYSICAL_MEM_PROPERTIES"},
    {0x20041ull, "ZE_STRUCTURE_TYPE_DEVICE_USABLEMEM_SIZE_EXT_PROPERTIES"},
    {0x20042ull, "ZE_STRUCTURE_TYPE_CUSTOM_PITCH_EXP_DESC"},
    {0x20043ull, "ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_DOTPRODUCT_EXT_PROPERTIES"},
    {0x20044ull, "ZE_STRUCTURE_TYPE_RUNTIME_REQUIREMENTS_MODULE_DESC"},
    {0x20045ull, "ZE_STRUCTURE_TYPE_RUNTIME_REQUIREMENTS_GRAPH_DESC"},
    {0x20046ull, "ZE_STRUCTURE_TYPE_RUNTIME_REQUIREMENTS_OUTPUT"},
    {0x20047ull, "ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES"},
    {0x20048ull, "ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_DUMP_DESC"},
};
static const ptic__flag_name ptic__names_1[] = { /* ze_init_flags_t */
    {0x1ull, "ZE_INIT_FLAG_GPU_ONLY"},
    {0x2ull, "ZE_INIT_FLAG_VPU_ONLY"},
};
static const ptic__flag_name ptic__names_2[] = { /* ze_memory_advice_t */
    {0x0ull, "ZE_MEMORY_ADVICE_SET_READ_MOSTLY"},
    {0x1ull, "ZE_MEMORY_ADVICE_CLEAR_READ_MOSTLY"},
    {0x2ull, "ZE_MEMORY_ADVICE_SET_PREFERRED_LOCATION"},
    {0x3ull, "ZE_MEMORY_ADVICE_CLEAR_PREFERRED_LOCATION"},
    {0x4ull, "ZE_MEMORY_ADVICE_SET_NON_ATOMIC_MOSTLY"},
    {0x5ull, "ZE_MEMORY_ADVICE_CLEAR_NON_ATOMIC_MOSTLY"},
    {0x6ull, "ZE_MEMORY_ADVICE_BIAS_CACHED"},
    {0x7ull, "ZE_MEMORY_ADVICE_BIAS_UNCACHED"},
    {0x8ull, "ZE_MEMORY_ADVICE_SET_SYSTEM_MEMORY_PREFERRED_LOCATION"},
    {0x9ull, "ZE_MEMORY_ADVICE_CLEAR_SYSTEM_MEMORY_PREFERRED_LOCATION"},
};
static const ptic__flag_name ptic__names_3[] = { /* ze_ipc_memory_flags_t */
    {0x1ull, "ZE_IPC_MEMORY_FLAG_BIAS_CACHED"},
    {0x2ull, "ZE_IPC_MEMORY_FLAG_BIAS_UNCACHED"},
};
static const ptic__flag_name ptic__names_4[] = { /* ze_cache_config_flags_t */
    {0x1ull, "ZE_CACHE_CONFIG_FLAG_LARGE_SLM"},
    {0x2ull, "ZE_CACHE_CONFIG_FLAG_LARGE_DATA"},
};
static const ptic__flag_name ptic__names_5[] = { /* ze_kernel_indirect_access_flags_t */
    {0x1ull, "ZE_KERNEL_INDIRECT_ACCESS_FLAG_HOST"},
    {0x2ull, "ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE"},
    {0x4ull, "ZE_KERNEL_INDIRECT_ACCESS_FLAG_SHARED"},
};
static const ptic__flag_name ptic__names_6[] = { /* ze_memory_access_attribute_t */
    {0x0ull, "ZE_MEMORY_ACCESS_ATTRIBUTE_NONE"},
    {0x1ull, "ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE"},
    {0x2ull, "ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY"},
};
static const ptic__flag_name ptic__names_7[] = { /* ze_rtas_format_exp_t */
    {0x0ull, "ZE_RTAS_FORMAT_EXP_INVALID"},
    {0x7ffffffeull, "ZE_RTAS_FORMAT_EXP_MAX"},
};
static const ptic__flag_name ptic__names_8[] = { /* ze_cache_ext_region_t */
    {0x0ull, "ZE_CACHE_EXT_REGION_ZE_CACHE_REGION_DEFAULT"},
    {0x1ull, "ZE_CACHE_EXT_REGION_ZE_CACHE_RESERVE_REGION"},
    {0x2ull, "ZE_CACHE_EXT_REGION_ZE_CACHE_NON_RESERVED_REGION"},
    {0x0ull, "ZE_CACHE_EXT_REGION_DEFAULT"},
    {0x1ull, "ZE_CACHE_EXT_REGION_RESERVED"},
    {0x2ull, "ZE_CACHE_EXT_REGION_NON_RESERVED"},
};
static const ptic__flag_name ptic__names_9[] = { /* ze_memory_atomic_attr_exp_flags_t */
    {0x1ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_NO_ATOMICS"},
    {0x2ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_NO_HOST_ATOMICS"},
    {0x4ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_HOST_ATOMICS"},
    {0x8ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_NO_DEVICE_ATOMICS"},
    {0x10ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_DEVICE_ATOMICS"},
    {0x20ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_NO_SYSTEM_ATOMICS"},
    {0x40ull, "ZE_MEMORY_ATOMIC_ATTR_EXP_FLAG_SYSTEM_ATOMICS"},
};
static const ptic__flag_name ptic__names_10[] = { /* ze_rtas_format_ext_t */
    {0x0ull, "ZE_RTAS_FORMAT_EXT_INVALID"},
    {0x7ffffffeull, "ZE_RTAS_FORMAT_EXT_MAX"},
};
static const ptic__names ptic__arg_names[] = {
    {ptic__names_0, 123, 0},
    {ptic__names_1, 2, 1},
    {ptic__names_2, 10, 0},
    {ptic__names_3, 2, 1},
    {ptic__names_4, 2, 1},
    {ptic__names_5, 3, 1},
    {ptic__names_6, 3, 0},
    {ptic__names_7, 2, 0},
    {ptic__names_8, 6, 0},
    {ptic__names_9, 7, 1},
    {ptic__names_10, 2, 0},
};

/* {traceable function, argument index, name, C type, PTIC_ARG_*, size, names} */
static const ptic__arg ptic__args[] = {
    {0, 0, "flags", "ze_init_flags_t", PTIC_ARG_FLAGS, 4, 1},
    {1, 0, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {1, 1, "phDrivers", "ze_driver_handle_t*", PTIC_ARG_PTR, 8, 0},
    {2, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {2, 1, "version", "ze_api_version_t*", PTIC_ARG_PTR, 8, 0},
    {3, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {3, 1, "pDriverProperties", "ze_driver_properties_t*", PTIC_ARG_DESC, 8, 0},
    {4, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {4, 1, "pIpcProperties", "ze_driver_ipc_properties_t*", PTIC_ARG_DESC, 8, 0},
    {5, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {5, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {5, 2, "pExtensionProperties", "ze_driver_extension_properties_t*", PTIC_ARG_DESC, 8, 0},
    {6, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {6, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {6, 2, "phDevices", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {7, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {7, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {7, 2, "phSubdevices", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {8, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {8, 1, "pDeviceProperties", "ze_device_properties_t*", PTIC_ARG_DESC, 8, 0},
    {9, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {9, 1, "pComputeProperties", "ze_device_compute_properties_t*", PTIC_ARG_DESC, 8, 0},
    {10, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {10, 1, "pModuleProperties", "ze_device_module_properties_t*", PTIC_ARG_DESC, 8, 0},
    {11, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {11, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {11, 2, "pCommandQueueGroupProperties", "ze_command_queue_group_properties_t*", PTIC_ARG_DESC, 8, 0},
    {12, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {12, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {12, 2, "pMemProperties", "ze_device_memory_properties_t*", PTIC_ARG_DESC, 8, 0},
    {13, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {13, 1, "pMemAccessProperties", "ze_device_memory_access_properties_t*", PTIC_ARG_DESC, 8, 0},
    {14, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {14, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {14, 2, "pCacheProperties", "ze_device_cache_properties_t*", PTIC_ARG_DESC, 8, 0},
    {15, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {15, 1, "pImageProperties", "ze_device_image_properties_t*", PTIC_ARG_DESC, 8, 0},
    {16, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {16, 1, "pExternalMemoryProperties", "ze_device_external_memory_properties_t*", PTIC_ARG_DESC, 8, 0},
    {17, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {17, 1, "hPeerDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {17, 2, "pP2PProperties", "ze_device_p2p_properties_t*", PTIC_ARG_DESC, 8, 0},
    {18, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {18, 1, "hPeerDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {18, 2, "value", "ze_bool_t*", PTIC_ARG_PTR, 8, 0},
    {19, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {20, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {20, 1, "desc", "const ze_context_desc_t*", PTIC_ARG_DESC, 8, 0},
    {20, 2, "phContext", "ze_context_handle_t*", PTIC_ARG_PTR, 8, 0},
    {21, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {22, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {23, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {23, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {24, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {24, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {24, 2, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {24, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {25, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {25, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {25, 2, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {25, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {26, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {26, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {26, 2, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {27, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {27, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {27, 2, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {28, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {28, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {28, 2, "desc", "const ze_command_queue_desc_t*", PTIC_ARG_DESC, 8, 0},
    {28, 3, "phCommandQueue", "ze_command_queue_handle_t*", PTIC_ARG_PTR, 8, 0},
    {29, 0, "hCommandQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {30, 0, "hCommandQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {30, 1, "numCommandLists", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {30, 2, "phCommandLists", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {30, 3, "hFence", "ze_fence_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {31, 0, "hCommandQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {31, 1, "timeout", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {32, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {32, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {32, 2, "desc", "const ze_command_list_desc_t*", PTIC_ARG_DESC, 8, 0},
    {32, 3, "phCommandList", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {33, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {33, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {33, 2, "altdesc", "const ze_command_queue_desc_t*", PTIC_ARG_DESC, 8, 0},
    {33, 3, "phCommandList", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {34, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {35, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {36, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {37, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {37, 1, "dstptr", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {37, 2, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {37, 3, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {37, 4, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {38, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {38, 1, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {38, 2, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {38, 3, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {39, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {39, 1, "numRanges", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {39, 2, "pRangeSizes", "const size_t*", PTIC_ARG_PTR, 8, 0},
    {39, 3, "pRanges", "const void**", PTIC_ARG_PTR, 8, 0},
    {39, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {39, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {39, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {40, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {40, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {40, 2, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {40, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {40, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {40, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {40, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {41, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {41, 1, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {41, 2, "pattern", "const void*", PTIC_ARG_PTR, 8, 0},
    {41, 3, "pattern_size", "size_t", PTIC_ARG_UINT, 8, 0},
    {41, 4, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {41, 5, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {41, 6, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {41, 7, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {42, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {42, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {42, 2, "dstRegion", "const ze_copy_region_t*", PTIC_ARG_PTR, 8, 0},
    {42, 3, "dstPitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {42, 4, "dstSlicePitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {42, 5, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {42, 6, "srcRegion", "const ze_copy_region_t*", PTIC_ARG_PTR, 8, 0},
    {42, 7, "srcPitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {42, 8, "srcSlicePitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {42, 9, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {42, 10, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {42, 11, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {43, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {43, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {43, 2, "hContextSrc", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {43, 3, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {43, 4, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {43, 5, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {43, 6, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {43, 7, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {44, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {44, 1, "hDstImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {44, 2, "hSrcImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {44, 3, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {44, 4, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {44, 5, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {45, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {45, 1, "hDstImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {45, 2, "hSrcImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {45, 3, "pDstRegion", "const ze_image_region_t*", PTIC_ARG_PTR, 8, 0},
    {45, 4, "pSrcRegion", "const ze_image_region_t*", PTIC_ARG_PTR, 8, 0},
    {45, 5, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {45, 6, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {45, 7, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {46, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {46, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {46, 2, "hSrcImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {46, 3, "pSrcRegion", "const ze_image_region_t*", PTIC_ARG_PTR, 8, 0},
    {46, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {46, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {46, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {47, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {47, 1, "hDstImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {47, 2, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {47, 3, "pDstRegion", "const ze_image_region_t*", PTIC_ARG_PTR, 8, 0},
    {47, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {47, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {47, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {48, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {48, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {48, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {49, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {49, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {49, 2, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {49, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {49, 4, "advice", "ze_memory_advice_t", PTIC_ARG_ENUM, 4, 2},
    {50, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {50, 1, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {51, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {51, 1, "numEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {51, 2, "phEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {52, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {52, 1, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {53, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {53, 1, "numEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {53, 2, "phEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {53, 3, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {53, 4, "pOffsets", "const size_t*", PTIC_ARG_PTR, 8, 0},
    {53, 5, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {53, 6, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {53, 7, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {54, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {54, 1, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {54, 2, "pLaunchFuncArgs", "const ze_group_count_t*", PTIC_ARG_PTR, 8, 0},
    {54, 3, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {54, 4, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {54, 5, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {55, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {55, 1, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {55, 2, "pLaunchFuncArgs", "const ze_group_count_t*", PTIC_ARG_PTR, 8, 0},
    {55, 3, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {55, 4, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {55, 5, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {56, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {56, 1, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {56, 2, "pLaunchArgumentsBuffer", "const ze_group_count_t*", PTIC_ARG_PTR, 8, 0},
    {56, 3, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {56, 4, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {56, 5, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {57, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {57, 1, "numKernels", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {57, 2, "phKernels", "ze_kernel_handle_t*", PTIC_ARG_PTR, 8, 0},
    {57, 3, "pCountBuffer", "const uint32_t*", PTIC_ARG_PTR, 8, 0},
    {57, 4, "pLaunchArgumentsBuffer", "const ze_group_count_t*", PTIC_ARG_PTR, 8, 0},
    {57, 5, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {57, 6, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {57, 7, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {58, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {58, 1, "desc", "const ze_image_desc_t*", PTIC_ARG_DESC, 8, 0},
    {58, 2, "pImageProperties", "ze_image_properties_t*", PTIC_ARG_DESC, 8, 0},
    {59, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {59, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {59, 2, "desc", "const ze_image_desc_t*", PTIC_ARG_DESC, 8, 0},
    {59, 3, "phImage", "ze_image_handle_t*", PTIC_ARG_PTR, 8, 0},
    {60, 0, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {61, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {61, 1, "device_desc", "const ze_device_mem_alloc_desc_t*", PTIC_ARG_DESC, 8, 0},
    {61, 2, "host_desc", "const ze_host_mem_alloc_desc_t*", PTIC_ARG_DESC, 8, 0},
    {61, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {61, 4, "alignment", "size_t", PTIC_ARG_UINT, 8, 0},
    {61, 5, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {61, 6, "pptr", "void**", PTIC_ARG_PTR, 8, 0},
    {62, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {62, 1, "device_desc", "const ze_device_mem_alloc_desc_t*", PTIC_ARG_DESC, 8, 0},
    {62, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {62, 3, "alignment", "size_t", PTIC_ARG_UINT, 8, 0},
    {62, 4, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {62, 5, "pptr", "void**", PTIC_ARG_PTR, 8, 0},
    {63, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {63, 1, "host_desc", "const ze_host_mem_alloc_desc_t*", PTIC_ARG_DESC, 8, 0},
    {63, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {63, 3, "alignment", "size_t", PTIC_ARG_UINT, 8, 0},
    {63, 4, "pptr", "void**", PTIC_ARG_PTR, 8, 0},
    {64, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {64, 1, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {65, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {65, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {65, 2, "pMemAllocProperties", "ze_memory_allocation_properties_t*", PTIC_ARG_DESC, 8, 0},
    {65, 3, "phDevice", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {66, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {66, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {66, 2, "pBase", "void**", PTIC_ARG_PTR, 8, 0},
    {66, 3, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {67, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {67, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {67, 2, "pIpcHandle", "ze_ipc_mem_handle_t*", PTIC_ARG_PTR, 8, 0},
    {68, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {68, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {68, 2, "handle", "ze_ipc_mem_handle_t", PTIC_ARG_STRUCT, 0, 0},
    {68, 3, "flags", "ze_ipc_memory_flags_t", PTIC_ARG_FLAGS, 4, 3},
    {68, 4, "pptr", "void**", PTIC_ARG_PTR, 8, 0},
    {69, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {69, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {70, 0, "hCommandQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {70, 1, "desc", "const ze_fence_desc_t*", PTIC_ARG_DESC, 8, 0},
    {70, 2, "phFence", "ze_fence_handle_t*", PTIC_ARG_PTR, 8, 0},
    {71, 0, "hFence", "ze_fence_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {72, 0, "hFence", "ze_fence_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {72, 1, "timeout", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {73, 0, "hFence", "ze_fence_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {74, 0, "hFence", "ze_fence_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {75, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {75, 1, "desc", "const ze_event_pool_desc_t*", PTIC_ARG_DESC, 8, 0},
    {75, 2, "numDevices", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {75, 3, "phDevices", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {75, 4, "phEventPool", "ze_event_pool_handle_t*", PTIC_ARG_PTR, 8, 0},
    {76, 0, "hEventPool", "ze_event_pool_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {77, 0, "hEventPool", "ze_event_pool_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {77, 1, "phIpc", "ze_ipc_event_pool_handle_t*", PTIC_ARG_PTR, 8, 0},
    {78, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {78, 1, "hIpc", "ze_ipc_event_pool_handle_t", PTIC_ARG_STRUCT, 0, 0},
    {78, 2, "phEventPool", "ze_event_pool_handle_t*", PTIC_ARG_PTR, 8, 0},
    {79, 0, "hEventPool", "ze_event_pool_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {80, 0, "hEventPool", "ze_event_pool_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {80, 1, "desc", "const ze_event_desc_t*", PTIC_ARG_DESC, 8, 0},
    {80, 2, "phEvent", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {81, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {82, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {83, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {83, 1, "timeout", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {84, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {85, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {86, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {86, 1, "dstptr", "ze_kernel_timestamp_result_t*", PTIC_ARG_PTR, 8, 0},
    {87, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {87, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {87, 2, "desc", "const ze_module_desc_t*", PTIC_ARG_DESC, 8, 0},
    {87, 3, "phModule", "ze_module_handle_t*", PTIC_ARG_PTR, 8, 0},
    {87, 4, "phBuildLog", "ze_module_build_log_handle_t*", PTIC_ARG_PTR, 8, 0},
    {88, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {89, 0, "numModules", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {89, 1, "phModules", "ze_module_handle_t*", PTIC_ARG_PTR, 8, 0},
    {89, 2, "phLinkLog", "ze_module_build_log_handle_t*", PTIC_ARG_PTR, 8, 0},
    {90, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {90, 1, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {90, 2, "pModuleNativeBinary", "uint8_t*", PTIC_ARG_PTR, 8, 0},
    {91, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {91, 1, "pGlobalName", "const char*", PTIC_ARG_STR, 8, 0},
    {91, 2, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {91, 3, "pptr", "void**", PTIC_ARG_PTR, 8, 0},
    {92, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {92, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {92, 2, "pNames", "const char**", PTIC_ARG_PTR, 8, 0},
    {93, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {93, 1, "pModuleProperties", "ze_module_properties_t*", PTIC_ARG_DESC, 8, 0},
    {94, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {94, 1, "pFunctionName", "const char*", PTIC_ARG_STR, 8, 0},
    {94, 2, "pfnFunction", "void**", PTIC_ARG_PTR, 8, 0},
    {95, 0, "hModuleBuildLog", "ze_module_build_log_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {96, 0, "hModuleBuildLog", "ze_module_build_log_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {96, 1, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {96, 2, "pBuildLog", "char*", PTIC_ARG_STR, 8, 0},
    {97, 0, "hModule", "ze_module_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {97, 1, "desc", "const ze_kernel_desc_t*", PTIC_ARG_DESC, 8, 0},
    {97, 2, "phKernel", "ze_kernel_handle_t*", PTIC_ARG_PTR, 8, 0},
    {98, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {99, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {99, 1, "flags", "ze_cache_config_flags_t", PTIC_ARG_FLAGS, 4, 4},
    {100, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {100, 1, "groupSizeX", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {100, 2, "groupSizeY", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {100, 3, "groupSizeZ", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {101, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {101, 1, "globalSizeX", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {101, 2, "globalSizeY", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {101, 3, "globalSizeZ", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {101, 4, "groupSizeX", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {101, 5, "groupSizeY", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {101, 6, "groupSizeZ", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {102, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {102, 1, "totalGroupCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {103, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {103, 1, "argIndex", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {103, 2, "argSize", "size_t", PTIC_ARG_UINT, 8, 0},
    {103, 3, "pArgValue", "const void*", PTIC_ARG_PTR, 8, 0},
    {104, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {104, 1, "flags", "ze_kernel_indirect_access_flags_t", PTIC_ARG_FLAGS, 4, 5},
    {105, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {105, 1, "pFlags", "ze_kernel_indirect_access_flags_t*", PTIC_ARG_PTR, 8, 0},
    {106, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {106, 1, "pSize", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {106, 2, "pString", "char**", PTIC_ARG_PTR, 8, 0},
    {107, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {107, 1, "pKernelProperties", "ze_kernel_properties_t*", PTIC_ARG_DESC, 8, 0},
    {108, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {108, 1, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {108, 2, "pName", "char*", PTIC_ARG_STR, 8, 0},
    {109, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {109, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {109, 2, "desc", "const ze_sampler_desc_t*", PTIC_ARG_DESC, 8, 0},
    {109, 3, "phSampler", "ze_sampler_handle_t*", PTIC_ARG_PTR, 8, 0},
    {110, 0, "hSampler", "ze_sampler_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {111, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {111, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {111, 2, "desc", "ze_physical_mem_desc_t*", PTIC_ARG_DESC, 8, 0},
    {111, 3, "phPhysicalMemory", "ze_physical_mem_handle_t*", PTIC_ARG_PTR, 8, 0},
    {112, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {112, 1, "hPhysicalMemory", "ze_physical_mem_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {113, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {113, 1, "pStart", "const void*", PTIC_ARG_PTR, 8, 0},
    {113, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {113, 3, "pptr", "void**", PTIC_ARG_PTR, 8, 0},
    {114, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {114, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {114, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {115, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {115, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {115, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {115, 3, "pagesize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {116, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {116, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {116, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {116, 3, "hPhysicalMemory", "ze_physical_mem_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {116, 4, "offset", "size_t", PTIC_ARG_UINT, 8, 0},
    {116, 5, "access", "ze_memory_access_attribute_t", PTIC_ARG_ENUM, 4, 6},
    {117, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {117, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {117, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {118, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {118, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {118, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {118, 3, "access", "ze_memory_access_attribute_t", PTIC_ARG_ENUM, 4, 6},
    {119, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {119, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {119, 2, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {119, 3, "access", "ze_memory_access_attribute_t*", PTIC_ARG_PTR, 8, 0},
    {119, 4, "outSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {120, 0, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {120, 1, "phDrivers", "ze_driver_handle_t*", PTIC_ARG_PTR, 8, 0},
    {120, 2, "desc", "ze_init_driver_type_desc_t*", PTIC_ARG_DESC, 8, 0},
    {121, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {121, 1, "pDescriptor", "const ze_rtas_builder_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {121, 2, "phBuilder", "ze_rtas_builder_exp_handle_t*", PTIC_ARG_PTR, 8, 0},
    {122, 0, "hBuilder", "ze_rtas_builder_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {122, 1, "pBuildOpDescriptor", "const ze_rtas_builder_build_op_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {122, 2, "pProperties", "ze_rtas_builder_exp_properties_t*", PTIC_ARG_DESC, 8, 0},
    {123, 0, "hBuilder", "ze_rtas_builder_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {123, 1, "pBuildOpDescriptor", "const ze_rtas_builder_build_op_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {123, 2, "pScratchBuffer", "void*", PTIC_ARG_PTR, 8, 0},
    {123, 3, "scratchBufferSizeBytes", "size_t", PTIC_ARG_UINT, 8, 0},
    {123, 4, "pRtasBuffer", "void*", PTIC_ARG_PTR, 8, 0},
    {123, 5, "rtasBufferSizeBytes", "size_t", PTIC_ARG_UINT, 8, 0},
    {123, 6, "hParallelOperation", "ze_rtas_parallel_operation_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {123, 7, "pBuildUserPtr", "void*", PTIC_ARG_PTR, 8, 0},
    {123, 8, "pBounds", "ze_rtas_aabb_exp_t*", PTIC_ARG_PTR, 8, 0},
    {123, 9, "pRtasBufferSizeBytes", "size_t*", PTIC_ARG_PTR, 8, 0},
    {124, 0, "hBuilder", "ze_rtas_builder_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {125, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {125, 1, "phParallelOperation", "ze_rtas_parallel_operation_exp_handle_t*", PTIC_ARG_PTR, 8, 0},
    {126, 0, "hParallelOperation", "ze_rtas_parallel_operation_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {126, 1, "pProperties", "ze_rtas_parallel_operation_exp_properties_t*", PTIC_ARG_DESC, 8, 0},
    {127, 0, "hParallelOperation", "ze_rtas_parallel_operation_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {128, 0, "hParallelOperation", "ze_rtas_parallel_operation_exp_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {129, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {129, 1, "name", "const char*", PTIC_ARG_STR, 8, 0},
    {129, 2, "ppFunctionAddress", "void**", PTIC_ARG_PTR, 8, 0},
    {130, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {130, 1, "ppString", "const char**", PTIC_ARG_PTR, 8, 0},
    {131, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {131, 1, "rtasFormatA", "ze_rtas_format_exp_t", PTIC_ARG_ENUM, 4, 7},
    {131, 2, "rtasFormatB", "ze_rtas_format_exp_t", PTIC_ARG_ENUM, 4, 7},
    {132, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {132, 1, "hostTimestamp", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {132, 2, "deviceTimestamp", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {133, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {133, 1, "desc", "const ze_external_semaphore_ext_desc_t*", PTIC_ARG_DESC, 8, 0},
    {133, 2, "phSemaphore", "ze_external_semaphore_ext_handle_t*", PTIC_ARG_PTR, 8, 0},
    {134, 0, "hSemaphore", "ze_external_semaphore_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {135, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {135, 1, "cacheLevel", "size_t", PTIC_ARG_UINT, 8, 0},
    {135, 2, "cacheReservationSize", "size_t", PTIC_ARG_UINT, 8, 0},
    {136, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {136, 1, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {136, 2, "regionSize", "size_t", PTIC_ARG_UINT, 8, 0},
    {136, 3, "cacheRegion", "ze_cache_ext_region_t", PTIC_ARG_ENUM, 4, 8},
    {137, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {137, 1, "pPciProperties", "ze_pci_ext_properties_t*", PTIC_ARG_DESC, 8, 0},
    {138, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {138, 1, "phVertex", "ze_fabric_vertex_handle_t*", PTIC_ARG_PTR, 8, 0},
    {139, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {139, 1, "phRootDevice", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {140, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {140, 1, "desc", "const ze_context_desc_t*", PTIC_ARG_DESC, 8, 0},
    {140, 2, "numDevices", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {140, 3, "phDevices", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {140, 4, "phContext", "ze_context_handle_t*", PTIC_ARG_PTR, 8, 0},
    {141, 0, "hCommandQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {141, 1, "pOrdinal", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {142, 0, "hCommandQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {142, 1, "pIndex", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {143, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {143, 1, "desc", "const ze_mutable_command_id_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {143, 2, "numKernels", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {143, 3, "phKernels", "ze_kernel_handle_t*", PTIC_ARG_PTR, 8, 0},
    {143, 4, "pCommandId", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {144, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {144, 1, "numKernels", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {144, 2, "pCommandId", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {144, 3, "phKernels", "ze_kernel_handle_t*", PTIC_ARG_PTR, 8, 0},
    {145, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {145, 1, "numSemaphores", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {145, 2, "phSemaphores", "ze_external_semaphore_ext_handle_t*", PTIC_ARG_PTR, 8, 0},
    {145, 3, "signalParams", "ze_external_semaphore_signal_params_ext_t*", PTIC_ARG_PTR, 8, 0},
    {145, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {145, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {145, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {146, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {146, 1, "numSemaphores", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {146, 2, "phSemaphores", "ze_external_semaphore_ext_handle_t*", PTIC_ARG_PTR, 8, 0},
    {146, 3, "waitParams", "ze_external_semaphore_wait_params_ext_t*", PTIC_ARG_PTR, 8, 0},
    {146, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {146, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {146, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {147, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {147, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {147, 2, "hSrcImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {147, 3, "pSrcRegion", "const ze_image_region_t*", PTIC_ARG_PTR, 8, 0},
    {147, 4, "destRowPitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {147, 5, "destSlicePitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {147, 6, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {147, 7, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {147, 8, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {148, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {148, 1, "hDstImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {148, 2, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {148, 3, "pDstRegion", "const ze_image_region_t*", PTIC_ARG_PTR, 8, 0},
    {148, 4, "srcRowPitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {148, 5, "srcSlicePitch", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {148, 6, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {148, 7, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {148, 8, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {149, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {149, 1, "timeout", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {150, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {150, 1, "phClonedCommandList", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {151, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {151, 1, "phDevice", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {152, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {152, 1, "phContext", "ze_context_handle_t*", PTIC_ARG_PTR, 8, 0},
    {153, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {153, 1, "pOrdinal", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {154, 0, "hCommandListImmediate", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {154, 1, "pIndex", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {155, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {155, 1, "pIsImmediate", "ze_bool_t*", PTIC_ARG_PTR, 8, 0},
    {156, 0, "hCommandListImmediate", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {156, 1, "numCommandLists", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {156, 2, "phCommandLists", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {156, 3, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {156, 4, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {156, 5, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {157, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {157, 1, "desc", "const ze_mutable_command_id_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {157, 2, "pCommandId", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {158, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {158, 1, "desc", "const ze_mutable_commands_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {159, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {159, 1, "commandId", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {159, 2, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {160, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {160, 1, "commandId", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {160, 2, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {160, 3, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {161, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {161, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {161, 2, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {161, 3, "pTimestamps", "ze_kernel_timestamp_result_t*", PTIC_ARG_PTR, 8, 0},
    {162, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {162, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {162, 2, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {162, 3, "pResults", "ze_event_query_kernel_timestamps_results_ext_properties_t*", PTIC_ARG_DESC, 8, 0},
    {163, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {163, 1, "phEventPool", "ze_event_pool_handle_t*", PTIC_ARG_PTR, 8, 0},
    {164, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {164, 1, "pSignalScope", "ze_event_scope_flags_t*", PTIC_ARG_PTR, 8, 0},
    {165, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {165, 1, "pWaitScope", "ze_event_scope_flags_t*", PTIC_ARG_PTR, 8, 0},
    {166, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {166, 1, "hIpc", "ze_ipc_event_pool_handle_t", PTIC_ARG_STRUCT, 0, 0},
    {167, 0, "hEventPool", "ze_event_pool_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {167, 1, "phContext", "ze_context_handle_t*", PTIC_ARG_PTR, 8, 0},
    {168, 0, "hEventPool", "ze_event_pool_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {168, 1, "pFlags", "ze_event_pool_flags_t*", PTIC_ARG_PTR, 8, 0},
    {169, 0, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {169, 1, "pMemoryProperties", "ze_image_memory_properties_exp_t*", PTIC_ARG_PTR, 8, 0},
    {170, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {170, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {170, 2, "desc", "const ze_image_desc_t*", PTIC_ARG_DESC, 8, 0},
    {170, 3, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {170, 4, "phImageView", "ze_image_handle_t*", PTIC_ARG_PTR, 8, 0},
    {171, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {171, 1, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {171, 2, "pImageAllocProperties", "ze_image_allocation_ext_properties_t*", PTIC_ARG_DESC, 8, 0},
    {172, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {172, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {172, 2, "desc", "const ze_image_desc_t*", PTIC_ARG_DESC, 8, 0},
    {172, 3, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {172, 4, "phImageView", "ze_image_handle_t*", PTIC_ARG_PTR, 8, 0},
    {173, 0, "hImage", "ze_image_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {173, 1, "pDeviceOffset", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {174, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {174, 1, "offsetX", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {174, 2, "offsetY", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {174, 3, "offsetZ", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {175, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {175, 1, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {175, 2, "pKernelBinary", "uint8_t*", PTIC_ARG_PTR, 8, 0},
    {176, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {176, 1, "pHint", "ze_scheduling_hint_exp_desc_t*", PTIC_ARG_DESC, 8, 0},
    {177, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {177, 1, "pMemFreeDesc", "const ze_memory_free_ext_desc_t*", PTIC_ARG_DESC, 8, 0},
    {177, 2, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {178, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {178, 1, "handle", "uint64_t", PTIC_ARG_UINT, 8, 0},
    {178, 2, "pIpcHandle", "ze_ipc_mem_handle_t*", PTIC_ARG_PTR, 8, 0},
    {179, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {179, 1, "ipcHandle", "ze_ipc_mem_handle_t", PTIC_ARG_STRUCT, 0, 0},
    {179, 2, "pHandle", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {180, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {180, 1, "handle", "ze_ipc_mem_handle_t", PTIC_ARG_STRUCT, 0, 0},
    {181, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {181, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {181, 2, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {181, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {181, 4, "attr", "ze_memory_atomic_attr_exp_flags_t", PTIC_ARG_FLAGS, 4, 9},
    {182, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {182, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {182, 2, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {182, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {182, 4, "pAttr", "ze_memory_atomic_attr_exp_flags_t*", PTIC_ARG_PTR, 8, 0},
    {183, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {183, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {183, 2, "imageWidth", "size_t", PTIC_ARG_UINT, 8, 0},
    {183, 3, "imageHeight", "size_t", PTIC_ARG_UINT, 8, 0},
    {183, 4, "elementSizeInBytes", "unsigned int", PTIC_ARG_UINT, 4, 0},
    {183, 5, "rowPitch", "size_t*", PTIC_ARG_PTR, 8, 0},
    {184, 0, "pInspectDesc", "ze_linkage_inspection_ext_desc_t*", PTIC_ARG_DESC, 8, 0},
    {184, 1, "numModules", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {184, 2, "phModules", "ze_module_handle_t*", PTIC_ARG_PTR, 8, 0},
    {184, 3, "phLog", "ze_module_build_log_handle_t*", PTIC_ARG_PTR, 8, 0},
    {185, 0, "hVertexA", "ze_fabric_vertex_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {185, 1, "hVertexB", "ze_fabric_vertex_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {185, 2, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {185, 3, "phEdges", "ze_fabric_edge_handle_t*", PTIC_ARG_PTR, 8, 0},
    {186, 0, "hEdge", "ze_fabric_edge_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {186, 1, "phVertexA", "ze_fabric_vertex_handle_t*", PTIC_ARG_PTR, 8, 0},
    {186, 2, "phVertexB", "ze_fabric_vertex_handle_t*", PTIC_ARG_PTR, 8, 0},
    {187, 0, "hEdge", "ze_fabric_edge_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {187, 1, "pEdgeProperties", "ze_fabric_edge_exp_properties_t*", PTIC_ARG_DESC, 8, 0},
    {188, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {188, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {188, 2, "phVertices", "ze_fabric_vertex_handle_t*", PTIC_ARG_PTR, 8, 0},
    {189, 0, "hVertex", "ze_fabric_vertex_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {189, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {189, 2, "phSubvertices", "ze_fabric_vertex_handle_t*", PTIC_ARG_PTR, 8, 0},
    {190, 0, "hVertex", "ze_fabric_vertex_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {190, 1, "pVertexProperties", "ze_fabric_vertex_exp_properties_t*", PTIC_ARG_DESC, 8, 0},
    {191, 0, "hVertex", "ze_fabric_vertex_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {191, 1, "phDevice", "ze_device_handle_t*", PTIC_ARG_PTR, 8, 0},
    {192, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {192, 1, "pDescriptor", "const ze_rtas_builder_ext_desc_t*", PTIC_ARG_DESC, 8, 0},
    {192, 2, "phBuilder", "ze_rtas_builder_ext_handle_t*", PTIC_ARG_PTR, 8, 0},
    {193, 0, "hBuilder", "ze_rtas_builder_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {193, 1, "pBuildOpDescriptor", "const ze_rtas_builder_build_op_ext_desc_t*", PTIC_ARG_DESC, 8, 0},
    {193, 2, "pProperties", "ze_rtas_builder_ext_properties_t*", PTIC_ARG_DESC, 8, 0},
    {194, 0, "hBuilder", "ze_rtas_builder_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {194, 1, "pBuildOpDescriptor", "const ze_rtas_builder_build_op_ext_desc_t*", PTIC_ARG_DESC, 8, 0},
    {194, 2, "pScratchBuffer", "void*", PTIC_ARG_PTR, 8, 0},
    {194, 3, "scratchBufferSizeBytes", "size_t", PTIC_ARG_UINT, 8, 0},
    {194, 4, "pRtasBuffer", "void*", PTIC_ARG_PTR, 8, 0},
    {194, 5, "rtasBufferSizeBytes", "size_t", PTIC_ARG_UINT, 8, 0},
    {194, 6, "hParallelOperation", "ze_rtas_parallel_operation_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {194, 7, "pBuildUserPtr", "void*", PTIC_ARG_PTR, 8, 0},
    {194, 8, "pBounds", "ze_rtas_aabb_ext_t*", PTIC_ARG_PTR, 8, 0},
    {194, 9, "pRtasBufferSizeBytes", "size_t*", PTIC_ARG_PTR, 8, 0},
    {195, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {195, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {195, 2, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {195, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {195, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {195, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {195, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {196, 0, "hBuilder", "ze_rtas_builder_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {197, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {197, 1, "phParallelOperation", "ze_rtas_parallel_operation_ext_handle_t*", PTIC_ARG_PTR, 8, 0},
    {198, 0, "hParallelOperation", "ze_rtas_parallel_operation_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {198, 1, "pProperties", "ze_rtas_parallel_operation_ext_properties_t*", PTIC_ARG_DESC, 8, 0},
    {199, 0, "hParallelOperation", "ze_rtas_parallel_operation_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {200, 0, "hParallelOperation", "ze_rtas_parallel_operation_ext_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {201, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {201, 1, "rtasFormatA", "ze_rtas_format_ext_t", PTIC_ARG_ENUM, 4, 10},
    {201, 2, "rtasFormatB", "ze_rtas_format_ext_t", PTIC_ARG_ENUM, 4, 10},
    {202, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {202, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {202, 2, "pVectorWidthProperties", "ze_device_vector_width_properties_ext_t*", PTIC_ARG_PTR, 8, 0},
    {203, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {204, 0, "hDriver", "ze_driver_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {205, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {205, 1, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {205, 2, "pGroupCounts", "const ze_group_count_t*", PTIC_ARG_PTR, 8, 0},
    {205, 3, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {205, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {205, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {205, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {206, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {206, 1, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {206, 2, "groupCounts", "const ze_group_count_t", PTIC_ARG_STRUCT, 0, 0},
    {206, 3, "groupSizes", "const ze_group_size_t", PTIC_ARG_STRUCT, 0, 0},
    {206, 4, "pArguments", "void**", PTIC_ARG_PTR, 8, 0},
    {206, 5, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {206, 6, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {206, 7, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {206, 8, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {207, 0, "hKernel", "ze_kernel_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {207, 1, "pCount", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {207, 2, "pAllocationProperties", "ze_kernel_allocation_exp_properties_t*", PTIC_ARG_DESC, 8, 0},
    {208, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {208, 1, "incrementValue", "uint32_t*", PTIC_ARG_PTR, 8, 0},
    {209, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {209, 1, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {209, 2, "desc", "const ze_event_counter_based_desc_t*", PTIC_ARG_DESC, 8, 0},
    {209, 3, "phEvent", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {210, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {210, 1, "phIpc", "ze_ipc_event_counter_based_handle_t*", PTIC_ARG_PTR, 8, 0},
    {211, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {211, 1, "hIpc", "ze_ipc_event_counter_based_handle_t", PTIC_ARG_STRUCT, 0, 0},
    {211, 2, "phEvent", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {212, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {213, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {213, 1, "completionValue", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {213, 2, "deviceAddress", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {214, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {214, 1, "ptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {214, 2, "pNext", "void*", PTIC_ARG_PTR, 8, 0},
    {214, 3, "pIpcHandle", "ze_ipc_mem_handle_t*", PTIC_ARG_PTR, 8, 0},
    {215, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {215, 1, "hPhysicalMem", "ze_physical_mem_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {215, 2, "pMemProperties", "ze_physical_mem_properties_t*", PTIC_ARG_DESC, 8, 0},
    {216, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {216, 1, "maxValue", "uint64_t*", PTIC_ARG_PTR, 8, 0},
    {217, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {217, 1, "pObjDesc", "const void*", PTIC_ARG_PTR, 8, 0},
    {217, 2, "pSize", "size_t*", PTIC_ARG_PTR, 8, 0},
    {217, 3, "pRequirements", "char*", PTIC_ARG_STR, 8, 0},
    {218, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {218, 1, "pKey", "const char**", PTIC_ARG_PTR, 8, 0},
    {219, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {219, 1, "pRequirements", "const char*", PTIC_ARG_STR, 8, 0},
    {219, 2, "pOut", "ze_validate_runtime_requirements_output_t*", PTIC_ARG_PTR, 8, 0},
    {220, 0, "hCmdQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {220, 1, "pFlags", "ze_command_queue_flags_t*", PTIC_ARG_PTR, 8, 0},
    {221, 0, "hCmdQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {221, 1, "pMode", "ze_command_queue_mode_t*", PTIC_ARG_PTR, 8, 0},
    {222, 0, "hCmdQueue", "ze_command_queue_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {222, 1, "pPriority", "ze_command_queue_priority_t*", PTIC_ARG_PTR, 8, 0},
    {223, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {223, 1, "pFlags", "ze_command_list_flags_t*", PTIC_ARG_PTR, 8, 0},
    {224, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {224, 1, "pFlags", "ze_command_queue_flags_t*", PTIC_ARG_PTR, 8, 0},
    {225, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {225, 1, "pMode", "ze_command_queue_mode_t*", PTIC_ARG_PTR, 8, 0},
    {226, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {226, 1, "pPriority", "ze_command_queue_priority_t*", PTIC_ARG_PTR, 8, 0},
    {227, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {227, 1, "dstptr", "void*", PTIC_ARG_PTR, 8, 0},
    {227, 2, "srcptr", "const void*", PTIC_ARG_PTR, 8, 0},
    {227, 3, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {227, 4, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {227, 5, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {227, 6, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {227, 7, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {228, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {228, 1, "ptr", "void*", PTIC_ARG_PTR, 8, 0},
    {228, 2, "pattern", "const void*", PTIC_ARG_PTR, 8, 0},
    {228, 3, "pattern_size", "size_t", PTIC_ARG_UINT, 8, 0},
    {228, 4, "size", "size_t", PTIC_ARG_UINT, 8, 0},
    {228, 5, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {228, 6, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {228, 7, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {228, 8, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {229, 0, "hEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {229, 1, "pFlags", "ze_event_counter_based_flags_t*", PTIC_ARG_PTR, 8, 0},
    {230, 0, "hCommandListImmediate", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {230, 1, "numCommandLists", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {230, 2, "phCommandLists", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {230, 3, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {230, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {230, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {230, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {231, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {231, 1, "pIsMutable", "ze_bool_t*", PTIC_ARG_PTR, 8, 0},
    {232, 0, "hContext", "ze_context_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {232, 1, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {232, 2, "phGraph", "ze_graph_handle_t*", PTIC_ARG_PTR, 8, 0},
    {233, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {233, 1, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {234, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {234, 1, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {234, 2, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {235, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {236, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {236, 1, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {236, 2, "phGraph", "ze_graph_handle_t*", PTIC_ARG_PTR, 8, 0},
    {237, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {237, 1, "phGraph", "ze_graph_handle_t*", PTIC_ARG_PTR, 8, 0},
    {238, 0, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {238, 1, "phCommandList", "ze_command_list_handle_t*", PTIC_ARG_PTR, 8, 0},
    {239, 0, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {239, 1, "pfnCallback", "zex_mem_graph_free_callback_fn_t", PTIC_ARG_PTR, 8, 0},
    {239, 2, "pUserData", "void*", PTIC_ARG_PTR, 8, 0},
    {239, 3, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {240, 0, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {240, 1, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {240, 2, "phExecutableGraph", "ze_executable_graph_handle_t*", PTIC_ARG_PTR, 8, 0},
    {241, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {241, 1, "hGraph", "ze_executable_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {241, 2, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {241, 3, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {241, 4, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {241, 5, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {242, 0, "hGraph", "ze_executable_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {242, 1, "phSourceGraph", "ze_graph_handle_t*", PTIC_ARG_PTR, 8, 0},
    {243, 0, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {244, 0, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {244, 1, "filePath", "const char*", PTIC_ARG_STR, 8, 0},
    {244, 2, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {245, 0, "hGraph", "ze_executable_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {246, 0, "hGraph", "ze_graph_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {247, 0, "hCommandList", "ze_command_list_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {247, 1, "pfnHostFunction", "ze_host_function_callback_t", PTIC_ARG_PTR, 8, 0},
    {247, 2, "pUserData", "void*", PTIC_ARG_PTR, 8, 0},
    {247, 3, "pNext", "const void*", PTIC_ARG_PTR, 8, 0},
    {247, 4, "hSignalEvent", "ze_event_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {247, 5, "numWaitEvents", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {247, 6, "phWaitEvents", "ze_event_handle_t*", PTIC_ARG_PTR, 8, 0},
    {248, 0, "ppString", "const char**", PTIC_ARG_PTR, 8, 0},
    {249, 0, "hDevice", "ze_device_handle_t", PTIC_ARG_HANDLE, 8, 0},
    {250, 0, "identifier", "uint32_t", PTIC_ARG_UINT, 4, 0},
    {PTIC_LEVELZERO_API_COUNT, 0, "", "", 0, 0, 0}};

/* The arguments of a traceable function (in index order), NULL for none. */
static const ptic__arg* ptic__args_of(uint32_t i) {
  size_t lo = 0, hi = sizeof ptic__args / sizeof ptic__args[0] - 1; /* the table is in function order */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (ptic__args[mid].api < i) lo = mid + 1;
    else hi = mid;
  }
  return ptic__args[lo].api == i && i < PTIC_LEVELZERO_API_COUNT ? &ptic__args[lo] : NULL;
}
static const ptic__names* ptic__arg_names_of(uint32_t table) { return &ptic__arg_names[table]; }

/* ==== >>opencl ============================================================================ */
/* THE OPENCL BACKEND (PTI_API_GROUP_OPENCL): an OpenCL layer (CL/cl_layer.h). The ICD loader
   (ocl-icd, or Khronos's) loads the shared objects that OPENCL_LAYERS names, calls their
   clInitLayer with the next dispatch table, and from then on every OpenCL call of the process
   goes through the table the layer returns: every call, whether the program linked libOpenCL or
   dlopen()ed it, on every thread. The tool names itself in OPENCL_LAYERS from its constructor;
   a tool built into the executable cannot be a layer (dlopen cannot load an executable): its
   pticApiIdIsTraced answers 0 for every OpenCL id. The library's own OpenCL calls go to the next
   table: never traced. Sections:
     >>cl-apis      descriptors, the view of a call's arguments, the frame
     >>cl-objects   queues (profiling forced, hidden from the program), contexts, programs, kernels
     >>cl-memory    memory objects and SVM: the MEMORY domain
     >>cl-gpu-ops   the event each command signals, reading completions, device clocks, waits
     >>cl-roles     one ENTER and one EXIT function per role
     >>cl-layer     the wrappers, clInitLayer and clGetLayerInfo, the backend's table */

#ifndef PTIC_NO_OPENCL
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 300
#endif
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#include <CL/cl_icd.h>
#include <CL/cl_layer.h>
#pragma GCC diagnostic pop
#if !defined(__cplusplus) && !defined(__USE_XOPEN_EXTENDED) && !defined(__USE_MISC)
extern char* realpath(const char* path, char* resolved); /* (hidden in strict ISO C modes) */
#endif

/* ---- >>cl-apis ---- */

/* What a function appends, or the object it works on (the generated table's PTIC_CLOP_*). */
typedef enum ptic__cl_op {
  PTIC_CLOP_NONE,
  PTIC_CLOP_KERNEL,      /* a kernel, task or native kernel */
  PTIC_CLOP_MEMORY,      /* a read, write, copy, fill, map, unmap, migration, SVM operation */
  PTIC_CLOP_OTHER,       /* a marker or barrier */
  PTIC_CLOP_QUEUE,       /* clCreateCommandQueue, clFinish, clReleaseCommandQueue */
  PTIC_CLOP_QUEUE_PROPS, /* clCreateCommandQueueWithProperties */
  PTIC_CLOP_EVENTS,      /* clWaitForEvents */
  PTIC_CLOP_CONTEXT,
  PTIC_CLOP_SOURCE,      /* programs: how they are made */
  PTIC_CLOP_BINARY,
  PTIC_CLOP_IL,
  PTIC_CLOP_BUILTIN,
  PTIC_CLOP_BUILD,
  PTIC_CLOP_LINK,
  PTIC_CLOP_PROGRAM,
  PTIC_CLOP_KERNEL_OBJ,
  PTIC_CLOP_KERNELS_OBJ, /* clCreateKernelsInProgram */
  PTIC_CLOP_CLONE,       /* clCloneKernel */
  PTIC_CLOP_QUEUE_INFO,  /* what the program reads back: as without the layer */
  PTIC_CLOP_EVENT_INFO,
  PTIC_CLOP_EVENT_PROFILING,
  PTIC_CLOP_SVM_FREE,    /* clEnqueueSVMFree: a MEMORY operation that frees when it runs */
  PTIC_CLOP_BUFFER,      /* memory objects: how they are made */
  PTIC_CLOP_SUB_BUFFER,
  PTIC_CLOP_IMAGE,
  PTIC_CLOP_PIPE,
  PTIC_CLOP_SVM,         /* clSVMAlloc, clSVMFree */
  PTIC_CLOP_MEM_OBJ      /* clReleaseMemObject */
} ptic__cl_op;

/* The arguments the roles read (the view of a call): PTIC_CL_VIEW(F) makes the field indices
   PTIC_CLVF_<field>; ptic__clv(f, PTIC_CLVF_<field>) is the argument's address, NULL when the
   function has no such argument. */
#define PTIC_CL_VIEW(F)                                                                          \
  F(context) F(queue) F(kernel) F(program) F(device) F(devices) F(num_devices) F(event)          \
  F(errcode) F(props) F(blocking) F(num_events) F(events) F(param_name) F(value_size) F(value)   \
  F(value_size_ret) F(name) F(kernels) F(num_kernels) F(num_kernels_ret) F(count) F(lengths)     \
  F(length) F(programs) F(num_programs) F(strings) F(binaries) F(il) F(options) F(flags) F(size)  \
  F(host_ptr) F(mem) F(create_type) F(region) F(alignment) F(svm) F(free_fn)
enum {
  PTIC_CLVF_END,
#define PTIC_F(n) PTIC_CLVF_##n,
  PTIC_CL_VIEW(PTIC_F)
#undef PTIC_F
  PTIC_CLVF_COUNT
};
typedef struct ptic__cl_vslot {
  uint8_t field;
  uint8_t arg;
} ptic__cl_vslot;
#define PTIC_CLVS(field, arg) {PTIC_CLVF_##field, arg}
#define PTIC_CLVS_END {PTIC_CLVF_END, 0}

typedef struct ptic__cl_desc {
  const char* name;
  uint32_t id;     /* PTIC_OPENCL_ID_BASE + its place in the dispatch table */
  uint8_t role;    /* ptic__role */
  uint8_t op;      /* ptic__cl_op */
  uint8_t nargs;
  ptic__cl_vslot view[10]; /* ends at the first PTIC_CLVF_END */
} ptic__cl_desc;

/* How pticIterateArgs prints an argument. */
enum { PTIC_CLARG_UINT, PTIC_CLARG_INT, PTIC_CLARG_BOOL, PTIC_CLARG_HANDLE, PTIC_CLARG_PTR, PTIC_CLARG_STR, PTIC_CLARG_HEX };
typedef struct ptic__cl_arg {
  uint32_t api;
  uint32_t index;
  const char* name;
  const char* type;
  uint32_t kind;
  uint32_t size;
} ptic__cl_arg;

#define PTIC_CL_BASE PTIC_LEVELZERO_API_COUNT /* its functions' global indices start here */
#define PTIC_CL_INDEX 1u                      /* its place in the backends' table (>>backends) */
static PTIC_ALWAYS_INLINE const ptic__cl_desc* ptic__cl_api(uint32_t i);
static const char* ptic__cl_id_name_at(uint32_t index);
static const ptic__cl_arg* ptic__cl_args_of(uint32_t i);

/* The argument index of each view field of each function, -1 for none (once: install). */
static int8_t ptic__cl_vat[PTIC_OPENCL_API_COUNT][PTIC_CLVF_COUNT];
static void ptic__cl_tables_init(void) {
  memset(ptic__cl_vat, -1, sizeof ptic__cl_vat);
  for (uint32_t i = 0; i < PTIC_OPENCL_API_COUNT; i++)
    for (const ptic__cl_vslot* v = ptic__cl_api(i)->view; v->field != PTIC_CLVF_END; v++)
      ptic__cl_vat[i][v->field] = PTIC_SCAST(int8_t, v->arg);
  for (uint32_t i = 0; i < PTIC_OPENCL_API_COUNT; i++) /* (the APPEND fast path reads argument 0) */
    PTIC_ASSERT(ptic__cl_api(i)->role != PTIC_ROLE_APPEND || ptic__cl_vat[i][PTIC_CLVF_queue] == 0);
}
/* The address of a view field's argument in the call of frame f, NULL when it has none. */
static PTIC_ALWAYS_INLINE void* ptic__clv(const ptic__frame* f, unsigned field) {
  const int i = ptic__cl_vat[f->api - PTIC_CL_BASE][field];
  return i < 0 ? NULL : PTIC_CAST(void* const*, f->params)[i];
}
/* The argument itself: a pointer-sized value, or a 32-bit one. */
static PTIC_ALWAYS_INLINE void* ptic__clv_p(const ptic__frame* f, unsigned field) {
  void* const* a = PTIC_CAST(void* const*, ptic__clv(f, field));
  return a ? *a : NULL;
}
static PTIC_ALWAYS_INLINE uint32_t ptic__clv_u(const ptic__frame* f, unsigned field) {
  const uint32_t* a = PTIC_CAST(const uint32_t*, ptic__clv(f, field));
  return a ? *a : 0u;
}
static PTIC_ALWAYS_INLINE uint64_t ptic__clv_u64(const ptic__frame* f, unsigned field) {
  const uint64_t* a = PTIC_CAST(const uint64_t*, ptic__clv(f, field));
  return a ? *a : 0u;
}
static PTIC_ALWAYS_INLINE const ptic__cl_desc* ptic__cl_fdesc(const ptic__frame* f) {
  return ptic__cl_api(f->api - PTIC_CL_BASE);
}

/* What an OpenCL call keeps in its frame (ptic__frame.be). APPEND: what depends only on the
   call's function, queue and kernel (the record's constant fields, its name, its queue's
   context and flags) is described once into the frame and its record, and kept while the key
   holds: the same function (key_api, at offset 0, where the Level Zero backend keeps its own:
   the two backends' function indices never meet, so a call of either invalidates the other's
   key), queue and kernel, in the same objects epoch. */
typedef struct ptic__cl_frame {
  uint32_t key_api;     /* APPEND: the function the frame describes; PTIC_NIL: none */
  uint32_t track;       /* the command's completion is tracked (its event is read) */
  uint32_t name_ref;    /* its operation's name (ptic__name_ref_*) */
  uint32_t tkf;         /* PTIC_OP_TKF(tid, kind, 0) */
  uint32_t lflags;      /* its queue's PTIC_CLQ_* */
  uint32_t ctx_known;   /* the DRIVER_API record's context was looked for (once: an event the
                           call releases cannot be asked at EXIT) */
  uint32_t stream;      /* its queue's stream (a hint: checked at use) */
  uint32_t blocking;    /* the function has a blocking argument */
  cl_event own_ev;      /* the event the layer asked for where the program passed none */
  cl_event* app_evp;    /* the program's event pointer, or NULL */
  void* queue;
  ptic__frame* sync;    /* a blocking APPEND's HOST_SYNCHRONIZATION frame, or NULL */
  union {
    struct {
      void* kernel;     /* APPEND's key: the kernel, the objects' epoch, and the queue's context */
      uint64_t epoch;
      void* ctx;
    } key;
    cl_queue_properties props[7]; /* clCreateCommandQueueWithProperties: profiling on */
    uint64_t scratch;   /* what a hidden query writes instead of the program's buffer */
  } u;
} ptic__cl_frame;
PTI_STATIC_ASSERT(sizeof(ptic__cl_frame) <= sizeof(((ptic__frame*)0)->be), "the frame's backend room holds it");
static PTIC_ALWAYS_INLINE ptic__cl_frame* ptic__cf(ptic__frame* f) {
  return PTIC_CAST(ptic__cl_frame*, PTIC_CAST(void*, f->be));
}

/* The layer's state: the next table (where every call goes on, and the library's own calls),
   the table handed to the loader, whether a loader asked for it. */
typedef struct ptic__cl_state {
  cl_icd_dispatch next;
  cl_icd_dispatch layer;
  ptic__atomic_u32 layered; /* clInitLayer ran */
  int installed;
  int self_is_lib;          /* the tool is a shared object the loader can load (constructor) */
  char self[4096];         /* its path */
} ptic__cl_state;
static ptic__cl_state ptic__cl;

/* ---- >>cl-objects ---- */
/* Queues: every queue created while a subscriber has COMPLETED on has profiling on, so that
   its commands' times can be read; what the program asked for is kept in the queue's record
   (flags: its cl_command_queue_properties) and is what clGetCommandQueueInfo and
   clGetEventProfilingInfo answer. */
#define PTIC_CLQ_FORCED 1u   /* profiling was turned on by the layer */
#define PTIC_CLQ_OOO 2u      /* out-of-order execution: its commands finish in any order */
#define PTIC_CLQ_ADDED 4u    /* the layer added the CL_QUEUE_PROPERTIES pair to the array */
#define PTIC_CLQ_NO_TIMES 8u /* profiling could not be turned on: no times */

/* Module formats of programs (ptic_module_data._format). */
#define PTIC_CL_FORMAT_IL 0u
#define PTIC_CL_FORMAT_BINARY 1u
#define PTIC_CL_FORMAT_SOURCE 2u
#define PTIC_CL_FORMAT_BUILTIN 3u

/* The device clock of a device: host CLOCK_MONOTONIC_RAW ns = device ns + offset. */
typedef struct ptic__cl_device {
  void* device;
  int64_t offset;
  uint64_t sync_at;   /* when a timer query set it (ptic__coarse_ns); 0: calibrated once */
  int timer;          /* clGetDeviceAndHostTimer works */
} ptic__cl_device;
typedef struct ptic__cl_gpu {
  ptic__cl_device* devices;
  size_t ndevices, devices_cap;
  int times_told;     /* the INTERNAL_EVENT about a queue without profiling was raised */
} ptic__cl_gpu;
static ptic__cl_gpu ptic__cg;

static uint64_t ptic__raw_ns(void) {
  struct timespec ts;
  if (clock_gettime(4 /* CLOCK_MONOTONIC_RAW */, &ts) != 0) return 0;
  return PTIC_SCAST(uint64_t, ts.tv_sec) * 1000000000ull + PTIC_SCAST(uint64_t, ts.tv_nsec);
}

static void ptic__cl_device_seen(ptic__thread* t, void* ctx, void* device);
/* A queue created before the library tracked queues (before the first enable): its context,
   device and properties from OpenCL, recorded (its profiling is the program's: without it, its
   commands have no times). NULL when OpenCL does not know it either. */
static PTIC_NOINLINE const ptic__obj* ptic__cl_queue_unknown(const void* q) {
  cl_command_queue cq = PTIC_CAST(cl_command_queue, PTIC_PTR(q));
  cl_context ctx = NULL;
  cl_device_id dev = NULL;
  cl_command_queue_properties props = 0;
  const cl_icd_dispatch* n = &ptic__cl.next;
  if (n->clGetCommandQueueInfo(cq, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL) != CL_SUCCESS ||
      n->clGetCommandQueueInfo(cq, CL_QUEUE_DEVICE, sizeof dev, &dev, NULL) != CL_SUCCESS ||
      n->clGetCommandQueueInfo(cq, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL) != CL_SUCCESS)
    return NULL;
  ptic__objs_lock();
  if (!ptic__obj_find(PTIC_CAST(uintptr_t, q), 0)) {
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, q), 0);
    if (o) {
      o->kind = PTIC_OBJ_QUEUE;
      o->backend = PTIC_CL_INDEX;
      o->context = ctx;
      o->device = dev;
      o->flags = PTIC_SCAST(uint32_t, props);
      o->lflags = ((props & CL_QUEUE_PROFILING_ENABLE) ? 0u : PTIC_CLQ_NO_TIMES) |
                  ((props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) ? PTIC_CLQ_OOO : 0u);
    }
  }
  ptic__objs_unlock();
  ptic__cl_device_seen(NULL, ctx, dev);
  return ptic__obj_peek(q, PTIC_OBJ_QUEUE);
}
/* What is known of a queue (asking OpenCL about one created before the library tracked
   queues); NULL when unknown. */
static PTIC_ALWAYS_INLINE const ptic__obj* ptic__cl_queue(const void* q) {
  if (!q) return NULL;
  const ptic__obj* o = ptic__obj_peek(q, PTIC_OBJ_QUEUE);
  return o ? o : ptic__cl_queue_unknown(q);
}

/* The offset of a device's clock from the host's CLOCK_MONOTONIC_RAW, measured: through
   clGetDeviceAndHostTimer (with clGetHostTimer bracketed by the host clock: the host timer's
   base is the implementation's), else through markers on a private queue of context ctx (the
   program's), whose QUEUED time the runtime takes on the host while the call runs: between two
   host readings. When every bracket holds offset 0, the device clock is the host's (PoCL's).
   Lock not held. */
static int ptic__cl_measure(void* ctx, void* device, int64_t* offset, int* timer) {
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_device_id dev = PTIC_CAST(cl_device_id, device);
  cl_ulong d = 0, h = 0, h2 = 0;
  if (n->clGetDeviceAndHostTimer && n->clGetHostTimer && n->clGetDeviceAndHostTimer(dev, &d, &h) == CL_SUCCESS) {
    const uint64_t r1 = ptic__raw_ns();
    const cl_int r = n->clGetHostTimer(dev, &h2);
    const uint64_t r2 = ptic__raw_ns();
    if (r == CL_SUCCESS) {
      const int64_t host_to_raw = PTIC_SCAST(int64_t, r1 / 2u + r2 / 2u) - PTIC_SCAST(int64_t, h2);
      *offset = PTIC_SCAST(int64_t, h) + host_to_raw - PTIC_SCAST(int64_t, d);
      *timer = 1;
      return 1;
    }
  }
  *timer = 0;
  cl_int err = CL_SUCCESS;
  cl_command_queue q = ctx ? n->clCreateCommandQueue(PTIC_CAST(cl_context, ctx), dev, CL_QUEUE_PROFILING_ENABLE, &err) : NULL;
  if (!q) return 0;
  int64_t lo = INT64_MIN, hi = INT64_MAX; /* the offset lies in [lo, hi] */
  for (int i = 0; i < 3; i++) {
    cl_event ev = NULL;
    cl_ulong queued = 0;
    const uint64_t r1 = ptic__raw_ns();
    err = n->clEnqueueMarkerWithWaitList ? n->clEnqueueMarkerWithWaitList(q, 0, NULL, &ev) : n->clEnqueueMarker(q, &ev);
    const uint64_t r2 = ptic__raw_ns();
    if (err != CL_SUCCESS || !ev) break;
    n->clWaitForEvents(1, &ev);
    err = n->clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_QUEUED, sizeof queued, &queued, NULL);
    n->clReleaseEvent(ev);
    if (err != CL_SUCCESS) break;
    const int64_t a = PTIC_SCAST(int64_t, r1 - queued), b = PTIC_SCAST(int64_t, r2 - queued);
    if (a > lo) lo = a;
    if (b < hi) hi = b;
  }
  n->clReleaseCommandQueue(q);
  if (lo == INT64_MIN || lo > hi) return 0;
  *offset = lo <= 0 && 0 <= hi ? 0 : lo / 2 + hi / 2;
  return 1;
}

/* A device's clock, measured the first time a queue is created on it (in context ctx). Lock
   not held. */
static void ptic__cl_device_seen(ptic__thread* t, void* ctx, void* device) {
  ptic__objs_lock();
  int known = 0;
  for (size_t i = 0; i < ptic__cg.ndevices && !known; i++) known = ptic__cg.devices[i].device == device;
  ptic__objs_unlock();
  if (known || !device) return;
  int64_t offset = 0;
  int timer = 0;
  const int ok = ptic__cl_measure(ctx, device, &offset, &timer);
  ptic__objs_lock();
  for (size_t i = 0; i < ptic__cg.ndevices; i++) known |= ptic__cg.devices[i].device == device;
  if (!known && ptic__grow(&ptic__cg.devices, ptic__cg.ndevices, &ptic__cg.devices_cap, sizeof(ptic__cl_device))) {
    ptic__cl_device* d = &ptic__cg.devices[ptic__cg.ndevices++];
    d->device = device;
    d->offset = offset;
    d->timer = timer;
    d->sync_at = timer ? ptic__coarse_ns() : 0;
  }
  ptic__objs_unlock();
  if (!ok)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "an OpenCL device's clock cannot be related to the host's (no timer query, no "
                         "marker could be timed): its operations' host times assume the same clock");
}

/* The properties of clCreateCommandQueueWithProperties with profiling on, in the frame; 0 when
   they do not fit (profiling is then not forced). */
static int ptic__cl_props_with_profiling(ptic__cl_frame* c, const cl_queue_properties* in, uint32_t* app_props,
                                         uint32_t* lflags) {
  size_t n = 0;
  int has = 0;
  *app_props = 0;
  for (; in && in[n] != 0; n += 2) {
    if (n + 2 >= sizeof c->u.props / sizeof c->u.props[0]) return 0;
    c->u.props[n] = in[n];
    c->u.props[n + 1] = in[n + 1];
    if (in[n] == CL_QUEUE_PROPERTIES) {
      has = 1;
      *app_props = PTIC_SCAST(uint32_t, in[n + 1]);
      c->u.props[n + 1] |= CL_QUEUE_PROFILING_ENABLE;
    }
  }
  if (!has) {
    if (n + 3 > sizeof c->u.props / sizeof c->u.props[0]) return 0;
    c->u.props[n++] = CL_QUEUE_PROPERTIES;
    c->u.props[n++] = CL_QUEUE_PROFILING_ENABLE;
    *lflags |= PTIC_CLQ_ADDED;
  }
  c->u.props[n] = 0;
  return 1;
}

/* OBJ_CREATE of a queue, ENTER: profiling on while a subscriber has COMPLETED on (what the
   program asked for is noted in the frame: serial holds its properties, lflags how they were
   changed). Queues made while COMPLETED is off keep the program's properties: profiling costs
   the runtime work per command. */
static void ptic__cl_queue_enter(ptic__frame* f, ptic__mask mask) {
  ptic__cl_frame* const c = ptic__cf(f);
  uint32_t props = 0, lflags = 0;
  if (!(mask & PTIC_BITS(PTIC_DOM_COMPLETED))) {
    if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
      props = PTIC_SCAST(uint32_t, *PTIC_CAST(const cl_command_queue_properties*, ptic__clv(f, PTIC_CLVF_props)));
    } else {
      const cl_queue_properties* p = *PTIC_CAST(const cl_queue_properties* const*, ptic__clv(f, PTIC_CLVF_props));
      for (size_t i = 0; p && p[i] != 0; i += 2)
        if (p[i] == CL_QUEUE_PROPERTIES) props = PTIC_SCAST(uint32_t, p[i + 1]);
    }
    lflags = (props & CL_QUEUE_PROFILING_ENABLE) ? 0u : PTIC_CLQ_NO_TIMES;
  } else if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
    cl_command_queue_properties* p = PTIC_CAST(cl_command_queue_properties*, ptic__clv(f, PTIC_CLVF_props));
    props = PTIC_SCAST(uint32_t, *p);
    if (!(*p & CL_QUEUE_PROFILING_ENABLE)) lflags |= PTIC_CLQ_FORCED;
    *p |= CL_QUEUE_PROFILING_ENABLE;
  } else {
    const cl_queue_properties** p = PTIC_CAST(const cl_queue_properties**, ptic__clv(f, PTIC_CLVF_props));
    uint32_t added = 0;
    if (ptic__cl_props_with_profiling(c, *p, &props, &added)) {
      if (!(props & CL_QUEUE_PROFILING_ENABLE)) lflags |= PTIC_CLQ_FORCED | added;
      *p = c->u.props;
    } else if (!(props & CL_QUEUE_PROFILING_ENABLE)) {
      lflags |= PTIC_CLQ_NO_TIMES;
    }
  }
  if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) lflags |= PTIC_CLQ_OOO;
  f->serial = props;
  c->lflags = lflags;
}

/* OBJ_CREATE of a queue, EXIT: its record. */
static void ptic__cl_queue_exit(ptic__thread* t, ptic__frame* f, void* q) {
  void* ctx = ptic__clv_p(f, PTIC_CLVF_context);
  void* dev = ptic__clv_p(f, PTIC_CLVF_device);
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, q), 0);
  if (o) {
    o->kind = PTIC_OBJ_QUEUE;
    o->backend = PTIC_CL_INDEX;
    o->context = ctx;
    o->device = dev;
    o->flags = PTIC_SCAST(uint32_t, f->serial);
    o->lflags = ptic__cf(f)->lflags;
  }
  ptic__objs_unlock();
  ptic__cl_device_seen(t, ctx, dev);
}

/* The program's view of a queue's properties: profiling as it asked. */
static void ptic__cl_queue_info_exit(ptic__frame* f, cl_int r) {
  const uint32_t what = ptic__clv_u(f, PTIC_CLVF_param_name);
  if (r != CL_SUCCESS || (what != CL_QUEUE_PROPERTIES && what != CL_QUEUE_PROPERTIES_ARRAY)) return;
  ptic__obj q;
  if (!ptic__obj_get(ptic__clv_p(f, PTIC_CLVF_queue), PTIC_OBJ_QUEUE, &q) || !(q.lflags & PTIC_CLQ_FORCED)) return;
  void* value = ptic__clv_p(f, PTIC_CLVF_value);
  size_t* size_ret = PTIC_CAST(size_t*, ptic__clv_p(f, PTIC_CLVF_value_size_ret));
  if (what == CL_QUEUE_PROPERTIES) {
    if (value) *PTIC_CAST(cl_command_queue_properties*, value) &= ~PTIC_SCAST(cl_command_queue_properties, CL_QUEUE_PROFILING_ENABLE);
    return;
  }
  /* the array: the pair the layer added taken out, or the bit it set cleared */
  if (size_ret && (q.lflags & PTIC_CLQ_ADDED)) *size_ret -= 2u * sizeof(cl_queue_properties);
  cl_queue_properties* a = PTIC_CAST(cl_queue_properties*, value);
  const size_t n = PTIC_CAST(size_t, ptic__clv_p(f, PTIC_CLVF_value_size)) / sizeof *a;
  for (size_t i = 0; a && i + 1 < n && a[i] != 0; i += 2) {
    if (a[i] != CL_QUEUE_PROPERTIES) continue;
    if (q.lflags & PTIC_CLQ_ADDED) a[i] = 0;
    else a[i + 1] &= ~PTIC_SCAST(cl_queue_properties, CL_QUEUE_PROFILING_ENABLE);
    break;
  }
}

/* The queue of an event, and whether the program asked for profiling on it; 0 when unknown. */
static int ptic__cl_event_queue_hides(const void* ev) {
  cl_command_queue q = NULL;
  if (!ev || ptic__cl.next.clGetEventInfo(PTIC_CAST(cl_event, PTIC_PTR(ev)), CL_EVENT_COMMAND_QUEUE, sizeof q, &q, NULL) != CL_SUCCESS)
    return 0;
  ptic__obj o;
  return q && ptic__obj_get(q, PTIC_OBJ_QUEUE, &o) && (o.lflags & PTIC_CLQ_FORCED);
}

/* clGetEventProfilingInfo, ENTER: an event of a queue the program made without profiling has no
   profiling info: the answer goes to the frame, and EXIT says CL_PROFILING_INFO_NOT_AVAILABLE. */
static void ptic__cl_profiling_enter(ptic__frame* f) {
  ptic__cl_frame* const c = ptic__cf(f);
  c->track = ptic__cl_event_queue_hides(ptic__clv_p(f, PTIC_CLVF_event));
  if (!c->track) return;
  *PTIC_CAST(void**, ptic__clv(f, PTIC_CLVF_value)) = &c->u.scratch;
  *PTIC_CAST(size_t*, ptic__clv(f, PTIC_CLVF_value_size)) = sizeof c->u.scratch;
  *PTIC_CAST(size_t**, ptic__clv(f, PTIC_CLVF_value_size_ret)) = NULL;
}

/* How many references to event ev the layer holds (its pending operations). Lock held. */
static uint32_t ptic__cl_holds(const void* ev) {
  uint32_t n = 0;
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    const ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live || s->backend != PTIC_CL_INDEX) continue;
    for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next)
      n += ptic__op_at(i)->u.event == ev && (ptic__op_flags(ptic__op_at(i)) & PTIC_OPF_APP_OBJECT);
  }
  return n;
}

/* clGetEventInfo, EXIT: the reference count as without the layer's references. */
static void ptic__cl_event_info_exit(ptic__frame* f, cl_int r) {
  cl_uint* count = PTIC_CAST(cl_uint*, ptic__clv_p(f, PTIC_CLVF_value));
  if (r != CL_SUCCESS || ptic__clv_u(f, PTIC_CLVF_param_name) != CL_EVENT_REFERENCE_COUNT || !count) return;
  ptic__objs_lock();
  const uint32_t held = ptic__gpus.app_object_ops ? ptic__cl_holds(ptic__clv_p(f, PTIC_CLVF_event)) : 0u;
  ptic__objs_unlock();
  *count -= held <= *count ? held : 0u;
}

/* The platform of a device (a context's record), NULL when unknown. */
static void* ptic__cl_platform_of(const void* dev) {
  cl_platform_id p = NULL;
  if (!dev || ptic__cl.next.clGetDeviceInfo(PTIC_CAST(cl_device_id, PTIC_PTR(dev)), CL_DEVICE_PLATFORM, sizeof p, &p, NULL) != CL_SUCCESS)
    return NULL;
  return p;
}

/* CONTEXT_CREATE / CONTEXT_DESTROY, ENTER. */
static void ptic__cl_context_enter(ptic__frame* f, int create) {
  ptic_context_data* c = &f->r.context;
  memset(c, 0, sizeof *c);
  c->_domain = create ? PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED : PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED;
  c->_phase = PTI_CB_PHASE_API_ENTER;
  c->_correlation_id = f->corr_id;
  if (create) {
    const cl_context_properties* p = PTIC_CAST(const cl_context_properties*, ptic__clv_p(f, PTIC_CLVF_context));
    for (size_t i = 0; p && p[i] != 0; i += 2)
      if (p[i] == CL_CONTEXT_PLATFORM) c->_driver_handle = PTIC_CAST(void*, p[i + 1]);
    const cl_device_id* devs = PTIC_CAST(const cl_device_id*, ptic__clv_p(f, PTIC_CLVF_devices));
    if (!c->_driver_handle && devs) c->_driver_handle = ptic__cl_platform_of(devs[0]);
    return;
  }
  c->_context_handle = ptic__clv_p(f, PTIC_CLVF_context);
  f->cur.ctx = c->_context_handle;
  ptic__obj o;
  if (ptic__obj_get(c->_context_handle, PTIC_OBJ_CONTEXT, &o)) c->_driver_handle = o.parent;
}

/* The reference count of an object (clGet*Info), 0 when unknown. */
static cl_uint ptic__cl_refs(const ptic__frame* f, uint32_t kind) {
  cl_uint n = 0;
  cl_int r = CL_INVALID_VALUE;
  const cl_icd_dispatch* d = &ptic__cl.next;
  switch (kind) {
    case PTIC_OBJ_CONTEXT:
      r = d->clGetContextInfo(PTIC_CAST(cl_context, ptic__clv_p(f, PTIC_CLVF_context)), CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    case PTIC_OBJ_MODULE:
      r = d->clGetProgramInfo(PTIC_CAST(cl_program, ptic__clv_p(f, PTIC_CLVF_program)), CL_PROGRAM_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    case PTIC_OBJ_KERNEL:
      r = d->clGetKernelInfo(PTIC_CAST(cl_kernel, ptic__clv_p(f, PTIC_CLVF_kernel)), CL_KERNEL_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    case PTIC_OBJ_MEMORY:
      r = d->clGetMemObjectInfo(PTIC_CAST(cl_mem, ptic__clv_p(f, PTIC_CLVF_mem)), CL_MEM_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
    default:
      r = d->clGetCommandQueueInfo(PTIC_CAST(cl_command_queue, ptic__clv_p(f, PTIC_CLVF_queue)), CL_QUEUE_REFERENCE_COUNT, sizeof n, &n, NULL);
      break;
  }
  return r == CL_SUCCESS ? n : 0u;
}

/* A program's record at its creation: its context, first device, format, size. */
static void ptic__cl_program_exit(ptic__frame* f, void* program) {
  const uint32_t op = ptic__cl_fdesc(f)->op;
  uint64_t size = 0;
  const cl_device_id* devs = PTIC_CAST(const cl_device_id*, ptic__clv_p(f, PTIC_CLVF_devices));
  const size_t* lengths = PTIC_CAST(const size_t*, ptic__clv_p(f, PTIC_CLVF_lengths));
  if (op == PTIC_CLOP_SOURCE) {
    const char* const* strings = PTIC_CAST(const char* const*, ptic__clv_p(f, PTIC_CLVF_strings));
    for (uint32_t i = 0; strings && i < ptic__clv_u(f, PTIC_CLVF_count); i++)
      size += lengths && lengths[i] ? lengths[i] : strings[i] ? strlen(strings[i]) : 0u;
  } else if (op == PTIC_CLOP_BINARY) {
    size = lengths ? lengths[0] : 0u;
  } else if (op == PTIC_CLOP_IL) {
    size = PTIC_CAST(uintptr_t, ptic__clv_p(f, PTIC_CLVF_length));
  }
  ptic__objs_lock();
  ptic__obj_del_kernel_ids(PTIC_CAST(uintptr_t, program));
  ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, program), 0);
  if (o) {
    o->kind = PTIC_OBJ_MODULE;
    o->backend = PTIC_CL_INDEX;
    o->context = ptic__clv_p(f, PTIC_CLVF_context);
    o->device = devs ? PTIC_CAST(void*, devs[0]) : NULL;
    o->flags = op == PTIC_CLOP_SOURCE ? PTIC_CL_FORMAT_SOURCE
               : op == PTIC_CLOP_BINARY ? PTIC_CL_FORMAT_BINARY
               : op == PTIC_CLOP_IL ? PTIC_CL_FORMAT_IL : PTIC_CL_FORMAT_BUILTIN;
    o->size = size;
  }
  ptic__objs_unlock();
}

/* MODULE_CREATE / MODULE_DESTROY, ENTER: the program's record (a build or link loads it). */
static void ptic__cl_module_enter(ptic__frame* f, int create) {
  ptic_module_data* m = &f->r.module;
  memset(m, 0, sizeof *m);
  m->_domain = create ? PTI_CB_DOMAIN_DRIVER_MODULE_LOADED : PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_module_handle = ptic__clv_p(f, PTIC_CLVF_program);
  m->_build_flags = PTIC_CAST(const char*, ptic__clv_p(f, PTIC_CLVF_options));
  ptic__obj o;
  const int known = m->_module_handle && ptic__obj_get(m->_module_handle, PTIC_OBJ_MODULE, &o);
  if (known) {
    ptic__module_record(m, &o);
    f->cur.ctx = o.context;
    f->serial = o.serial;
  } else {
    m->_context_handle = ptic__clv_p(f, PTIC_CLVF_context);
    f->cur.ctx = m->_context_handle;
    const cl_device_id* devs = PTIC_CAST(const cl_device_id*, ptic__clv_p(f, PTIC_CLVF_devices));
    m->_device_handle = devs ? PTIC_CAST(void*, devs[0]) : NULL;
    m->_format = ptic__cl_fdesc(f)->op == PTIC_CLOP_BUILTIN ? PTIC_CL_FORMAT_BUILTIN : PTIC_CL_FORMAT_BINARY;
  }
  if (create && known && m->_format == PTIC_CL_FORMAT_BINARY) m->_binary = NULL;
}

/* MODULE_CREATE, EXIT: the program's kernel names, now that it is built. */
static void ptic__cl_module_create_exit(ptic__thread* t, ptic__frame* f, void* program) {
  ptic_module_data* m = &f->r.module;
  if (!program) return;
  if (!m->_module_handle) { /* linked, or made of built-in kernels: a new program */
    m->_module_handle = program;
    ptic__objs_lock();
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, program), 0);
    if (o) {
      o->kind = PTIC_OBJ_MODULE;
      o->backend = PTIC_CL_INDEX;
      o->context = m->_context_handle;
      o->device = m->_device_handle;
      o->flags = m->_format;
    }
    ptic__objs_unlock();
  }
  char stack[1024];
  size_t len = 0;
  char* text = stack;
  cl_program p = PTIC_CAST(cl_program, program);
  cl_int r = ptic__cl.next.clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, NULL, &len);
  if (r == CL_SUCCESS && len > sizeof stack) text = PTIC_CAST(char*, PTIC_MALLOC(len));
  if (r == CL_SUCCESS && text) r = ptic__cl.next.clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, len, text, NULL);
  const char* names[256];
  uint32_t count = 0;
  if (r == CL_SUCCESS && text && len) {
    text[len - 1] = '\0';
    for (char* s = text; *s && count < 256;) { /* "a;b;c" */
      names[count++] = s;
      char* semi = strchr(s, ';');
      if (!semi) break;
      *semi = '\0';
      s = semi + 1;
    }
  } else {
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "clGetProgramInfo(CL_PROGRAM_KERNEL_NAMES) failed: a program's kernel names are unknown");
  }
  ptic__objs_lock();
  const char* const* list = count ? ptic__intern_list(names, count) : NULL;
  ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, program), 0);
  if (o && o->kind == PTIC_OBJ_MODULE) {
    o->names = list;
    o->count = list ? count : 0;
    ptic__atomic_add_u64(&ptic__objs_epoch, 1, PTIC_RELEASE); /* cached copies are stale */
    ptic__module_record(m, o);
  }
  ptic__objs_unlock();
  if (text != stack) PTIC_FREE(text);
}

/* KERNEL_CREATE / KERNEL_DESTROY, ENTER. */
static void ptic__cl_kernel_enter(ptic__frame* f, int create) {
  pti_callback_kernel_data* k = &f->r.kern;
  memset(k, 0, sizeof *k);
  k->_domain = create ? PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED : PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED;
  k->_phase = PTI_CB_PHASE_API_ENTER;
  k->_correlation_id = f->corr_id;
  const uint32_t op = ptic__cl_fdesc(f)->op;
  ptic__obj o;
  if (create && op != PTIC_CLOP_CLONE) {
    k->_module_handle = ptic__clv_p(f, PTIC_CLVF_program);
    if (op == PTIC_CLOP_KERNEL_OBJ) k->_name = PTIC_CAST(const char*, ptic__clv_p(f, PTIC_CLVF_name));
    if (ptic__obj_get(k->_module_handle, PTIC_OBJ_MODULE, &o)) {
      k->_device_handle = o.device;
      f->cur.ctx = o.context;
    }
    return;
  }
  if (ptic__obj_get(ptic__clv_p(f, PTIC_CLVF_kernel), PTIC_OBJ_KERNEL, &o)) {
    k->_module_handle = o.parent;
    k->_device_handle = o.device;
    k->_name = o.name;
    f->cur.ctx = o.context;
    if (!create) {
      k->_device_kernel_handle = ptic__clv_p(f, PTIC_CLVF_kernel);
      k->_kernel_handle = o.kernel_id;
      f->serial = o.serial;
    }
  }
}

/* A kernel the library has not seen created: its name and program from OpenCL, recorded. */
static PTIC_NOINLINE const ptic__obj* ptic__cl_kernel_unknown(const void* kernel, const void* program) {
  char name[256];
  cl_program prog = PTIC_CAST(cl_program, PTIC_PTR(program));
  cl_kernel k = PTIC_CAST(cl_kernel, PTIC_PTR(kernel));
  if (ptic__cl.next.clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL) != CL_SUCCESS) return NULL;
  name[sizeof name - 1] = '\0';
  if (!prog) ptic__cl.next.clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof prog, &prog, NULL);
  ptic__obj tracked;
  ptic__track_kernel(PTIC_CL_INDEX, kernel, prog, name, &tracked);
  return ptic__obj_peek(kernel, PTIC_OBJ_KERNEL);
}

/* KERNEL_CREATE, EXIT: the new kernels tracked; clCreateKernelsInProgram's each get an EXIT
   record of their own (all but the last delivered here; the last one by the role's EXIT). */
static void ptic__cl_kernel_create_exit(ptic__frame* f, void* kernel, ptic__mask mask) {
  pti_callback_kernel_data* k = &f->r.kern;
  const uint32_t op = ptic__cl_fdesc(f)->op;
  if (op == PTIC_CLOP_KERNELS_OBJ) {
    cl_kernel* ks = PTIC_CAST(cl_kernel*, ptic__clv_p(f, PTIC_CLVF_kernels));
    cl_uint* nret = PTIC_CAST(cl_uint*, ptic__clv_p(f, PTIC_CLVF_num_kernels_ret));
    const uint32_t n = ks ? (nret ? *nret : ptic__clv_u(f, PTIC_CLVF_num_kernels)) : 0u;
    k->_phase = PTI_CB_PHASE_API_EXIT; /* (a success: the EXIT records of all but the last now) */
    f->cur.phase = PTI_CB_PHASE_API_EXIT;
    for (uint32_t i = 0; i < n; i++) {
      const ptic__obj* o = ptic__cl_kernel_unknown(ks[i], k->_module_handle);
      k->_device_kernel_handle = ks[i];
      k->_kernel_handle = o ? o->kernel_id : 0;
      k->_name = o ? o->name : NULL;
      if (i + 1 < n && (mask & PTIC_BIT(PTIC_DOM_KERNEL_CREATED, 2u))) ptic__deliver_role_exit(f, PTIC_DOM_KERNEL_CREATED * 2u + 1u, 0);
    }
    return;
  }
  if (!kernel) return;
  const ptic__obj* o = ptic__cl_kernel_unknown(kernel, op == PTIC_CLOP_CLONE ? k->_module_handle : ptic__clv_p(f, PTIC_CLVF_program));
  k->_device_kernel_handle = kernel;
  if (o) {
    k->_kernel_handle = o->kernel_id;
    k->_name = o->name;
    k->_module_handle = o->parent;
  }
}

/* *_DESTROY, ENTER: whether this release destroys the object (its last reference), and which
   record the handle has now (f->serial; 0: not destroyed, nothing to forget). */
static const void* ptic__cl_destroyed(const ptic__frame* f, uint32_t* kind) {
  switch (ptic__cl_fdesc(f)->role) {
    case PTIC_ROLE_CONTEXT_DESTROY: *kind = PTIC_OBJ_CONTEXT; return ptic__clv_p(f, PTIC_CLVF_context);
    case PTIC_ROLE_MODULE_DESTROY: *kind = PTIC_OBJ_MODULE; return ptic__clv_p(f, PTIC_CLVF_program);
    case PTIC_ROLE_KERNEL_DESTROY: *kind = PTIC_OBJ_KERNEL; return ptic__clv_p(f, PTIC_CLVF_kernel);
    default: *kind = PTIC_OBJ_QUEUE; return ptic__clv_p(f, PTIC_CLVF_queue);
  }
}
static int ptic__cl_destroy_enter(ptic__frame* f) {
  uint32_t kind = 0;
  const void* h = ptic__cl_destroyed(f, &kind);
  ptic__obj o;
  f->serial = 0;
  if (!h || ptic__cl_refs(f, kind) != 1u) return 0;
  if (ptic__obj_get(h, kind, &o)) f->serial = o.serial;
  return 1;
}
static void ptic__cl_destroy_exit(ptic__thread* t, ptic__frame* f, cl_int r) {
  if (r != CL_SUCCESS || !f->serial) return;
  uint32_t kind = 0;
  const uintptr_t h = PTIC_CAST(uintptr_t, ptic__cl_destroyed(f, &kind));
  ptic__objs_lock();
  ptic__obj* o = ptic__obj_find(h, 0);
  if (o && o->serial == f->serial) ptic__obj_erase(o);
  if (kind == PTIC_OBJ_MODULE) ptic__obj_del_kernel_ids(h);
  if (kind == PTIC_OBJ_CONTEXT) ptic__mem_drop_context(PTIC_CAST(const void*, h)); /* (its SVM) */
  if (kind == PTIC_OBJ_QUEUE) { /* (pending operations hold their events: they still complete) */
    const uint32_t si = ptic__stream_find(PTIC_PTR(h), PTIC_STREAM_OPS);
    if (si != PTIC_NIL && ptic__gpus.streams[si].head == PTIC_NIL) ptic__stream_close(t, PTIC_PTR(h));
  }
  ptic__objs_unlock();
}

/* ---- >>cl-memory ---- */
/* The MEMORY domain: memory objects (buffers, sub-buffers, images, pipes) are created by
   clCreate* and destroyed by the clReleaseMemObject that releases the last reference; SVM is
   allocated by clSVMAlloc and freed by clSVMFree, or by the command of clEnqueueSVMFree when it
   runs. A memory object is kept in the objects (kind PTIC_OBJ_MEMORY: context, size; flags its
   ptic_memory_kind, aflags its cl_mem_flags (every flag OpenCL and its extensions define lies
   below bit 32), parent a sub-buffer's parent, ext a sub-buffer's origin or the host memory of a
   CL_MEM_USE_HOST_PTR object), SVM in the ranges (>>memory), so that a free carries what its
   allocation had. */

/* MEM_ALLOC, ENTER: the record of what the call asks for. */
static void ptic__cl_mem_alloc_enter(ptic__frame* f) {
  ptic_memory_data* m = &f->r.mem;
  const uint32_t op = ptic__cl_fdesc(f)->op;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_ALLOCATE;
  m->_context_handle = ptic__clv_p(f, PTIC_CLVF_context);
  m->_flags = ptic__clv_u64(f, PTIC_CLVF_flags);
  m->_size = PTIC_CAST(uintptr_t, ptic__clv_p(f, PTIC_CLVF_size)); /* (images and pipes: at EXIT) */
  switch (op) {
    case PTIC_CLOP_SVM:
      m->_kind = PTIC_MEMORY_SVM;
      m->_alignment = ptic__clv_u(f, PTIC_CLVF_alignment);
      break;
    case PTIC_CLOP_SUB_BUFFER: {
      void* parent = ptic__clv_p(f, PTIC_CLVF_mem);
      const cl_buffer_region* region = PTIC_CAST(const cl_buffer_region*, ptic__clv_p(f, PTIC_CLVF_region));
      ptic__obj o;
      m->_kind = PTIC_MEMORY_SUB_BUFFER;
      m->_address = PTIC_CAST(uintptr_t, parent);
      if (ptic__clv_u(f, PTIC_CLVF_create_type) == CL_BUFFER_CREATE_TYPE_REGION && region) {
        m->_alignment = region->origin;
        m->_size = region->size;
      }
      if (ptic__obj_get(parent, PTIC_OBJ_MEMORY, &o) && o.backend == PTIC_CL_INDEX) m->_context_handle = o.context;
      else if (!parent || ptic__cl.next.clGetMemObjectInfo(PTIC_CAST(cl_mem, parent), CL_MEM_CONTEXT, sizeof m->_context_handle,
                                                           &m->_context_handle, NULL) != CL_SUCCESS)
        m->_context_handle = NULL;
      break;
    }
    default:
      m->_kind = op == PTIC_CLOP_IMAGE ? PTIC_MEMORY_IMAGE : op == PTIC_CLOP_PIPE ? PTIC_MEMORY_PIPE : PTIC_MEMORY_BUFFER;
      if (m->_flags & CL_MEM_USE_HOST_PTR) m->_address = PTIC_CAST(uintptr_t, ptic__clv_p(f, PTIC_CLVF_host_ptr));
      break;
  }
  f->cur.ctx = m->_context_handle;
}

/* MEM_ALLOC, EXIT: the new memory into the record, and into the objects or the ranges. */
static void ptic__cl_mem_alloc_exit(ptic__thread* t, ptic__frame* f, cl_int r, void* ret) {
  ptic_memory_data* m = &f->r.mem;
  if (r != CL_SUCCESS || !ret) return; /* (clSVMAlloc's failure: no address) */
  int kept = 1;
  if (m->_kind == PTIC_MEMORY_SVM) {
    ptic__range g;
    memset(&g, 0, sizeof g);
    m->_address = PTIC_CAST(uintptr_t, ret);
    g.base = m->_address;
    g.size = m->_size;
    g.end = g.base + (g.size ? g.size : 1u);
    g.alignment = m->_alignment;
    g.flags = m->_flags;
    g.context = m->_context_handle;
    g.kind = PTIC_MEMORY_SVM;
    g.cls = PTIC_MEMC_SHARED; /* (the host's and the devices') */
    ptic__objs_lock();
    kept = ptic__mem_insert(PTIC_MEM_ADDRESSABLE, &g) != 0;
    ptic__objs_unlock();
  } else {
    size_t size = 0;
    m->_object = ret;
    if (ptic__cl.next.clGetMemObjectInfo(PTIC_CAST(cl_mem, ret), CL_MEM_SIZE, sizeof size, &size, NULL) == CL_SUCCESS)
      m->_size = size;
    ptic__objs_lock();
    ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, ret), 0);
    if (o) {
      o->kind = PTIC_OBJ_MEMORY;
      o->backend = PTIC_CL_INDEX;
      o->context = m->_context_handle;
      o->size = m->_size;
      o->flags = PTIC_SCAST(uint32_t, m->_kind);
      o->aflags = PTIC_SCAST(uint32_t, m->_flags);
      if (m->_kind == PTIC_MEMORY_SUB_BUFFER) {
        o->parent = PTIC_CAST(void*, PTIC_SCAST(uintptr_t, m->_address));
        o->ext = PTIC_CAST(void*, PTIC_SCAST(uintptr_t, m->_alignment));
      } else {
        o->ext = PTIC_CAST(void*, PTIC_SCAST(uintptr_t, m->_address));
      }
    }
    kept = o != NULL;
    ptic__objs_unlock();
  }
  if (!kept)
    ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "out of memory: an OpenCL allocation is not known to the library (its free has no size)");
}

/* A memory object the library did not see created (before the first enable): what OpenCL
   says of it. */
static void ptic__cl_mem_unknown(ptic_memory_data* m) {
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_mem mem = PTIC_CAST(cl_mem, m->_object);
  cl_mem_object_type type = 0;
  cl_mem parent = NULL;
  cl_mem_flags flags = 0;
  size_t size = 0, offset = 0;
  void* host = NULL;
  if (n->clGetMemObjectInfo(mem, CL_MEM_TYPE, sizeof type, &type, NULL) != CL_SUCCESS) return;
  n->clGetMemObjectInfo(mem, CL_MEM_CONTEXT, sizeof m->_context_handle, &m->_context_handle, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_FLAGS, sizeof flags, &flags, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_OFFSET, sizeof offset, &offset, NULL);
  n->clGetMemObjectInfo(mem, CL_MEM_HOST_PTR, sizeof host, &host, NULL);
  m->_flags = flags;
  m->_size = size;
  if (type == CL_MEM_OBJECT_BUFFER && parent) {
    m->_kind = PTIC_MEMORY_SUB_BUFFER;
    m->_address = PTIC_CAST(uintptr_t, parent);
    m->_alignment = offset;
  } else {
    m->_kind = type == CL_MEM_OBJECT_BUFFER ? PTIC_MEMORY_BUFFER : type == CL_MEM_OBJECT_PIPE ? PTIC_MEMORY_PIPE : PTIC_MEMORY_IMAGE;
    if (flags & CL_MEM_USE_HOST_PTR) m->_address = PTIC_CAST(uintptr_t, host);
  }
}

/* The FREE record of SVM at ptr in context ctx, with what its allocation had; f->serial: its
   range's (0: none). */
static void ptic__cl_svm_free_record(ptic__frame* f, void* ctx, void* ptr) {
  ptic_memory_data* m = &f->r.mem;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_FREE;
  m->_context_handle = ctx;
  m->_address = PTIC_CAST(uintptr_t, ptr);
  f->serial = 0;
  f->cur.ctx = ctx;
  ptic__objs_lock();
  const ptic__range* r = ptr ? ptic__mem_find(PTIC_MEM_ADDRESSABLE, m->_address) : NULL;
  if (r && r->base == m->_address && r->kind == PTIC_MEMORY_SVM) {
    m->_kind = PTIC_MEMORY_SVM;
    m->_size = r->size;
    m->_alignment = r->alignment;
    m->_flags = r->flags;
    f->serial = r->serial;
  }
  ptic__objs_unlock();
}

/* MEM_FREE, ENTER: the record of what goes (clSVMFree; the clReleaseMemObject that releases
   the last reference, asked of OpenCL just before), with what its allocation had; 0 when the
   call frees nothing (no record). f->serial: the allocation's (0: not seen). */
static int ptic__cl_mem_free_enter(ptic__frame* f, ptic__mask mask) {
  ptic_memory_data* m = &f->r.mem;
  ptic__obj o;
  if (ptic__cl_fdesc(f)->op == PTIC_CLOP_SVM) {
    ptic__cl_svm_free_record(f, ptic__clv_p(f, PTIC_CLVF_context), ptic__clv_p(f, PTIC_CLVF_svm));
    return 1;
  }
  void* mem = ptic__clv_p(f, PTIC_CLVF_mem);
  f->serial = 0;
  if (!mem || ptic__cl_refs(f, PTIC_OBJ_MEMORY) != 1u) return 0;
  memset(m, 0, sizeof *m);
  m->_domain = PTIC_CB_DOMAIN_MEMORY;
  m->_phase = PTI_CB_PHASE_API_ENTER;
  m->_correlation_id = f->corr_id;
  m->_operation = PTIC_MEMORY_FREE;
  m->_object = mem;
  if (ptic__obj_get(mem, PTIC_OBJ_MEMORY, &o) && o.backend == PTIC_CL_INDEX) {
    m->_kind = PTIC_SCAST(ptic_memory_kind, o.flags);
    m->_context_handle = o.context;
    m->_size = o.size;
    m->_flags = o.aflags;
    if (o.flags == PTIC_MEMORY_SUB_BUFFER) {
      m->_address = PTIC_CAST(uintptr_t, o.parent);
      m->_alignment = PTIC_CAST(uintptr_t, o.ext);
    } else {
      m->_address = PTIC_CAST(uintptr_t, o.ext);
    }
    f->serial = o.serial;
  } else if (mask & PTIC_BITS(PTIC_DOM_MEMORY)) {
    ptic__cl_mem_unknown(m);
  }
  f->cur.ctx = m->_context_handle;
  return 1;
}

/* MEM_FREE, EXIT: the memory leaves the objects or the ranges. */
static void ptic__cl_mem_free_exit(ptic__frame* f, cl_int r) {
  const ptic_memory_data* m = &f->r.mem;
  if (r != CL_SUCCESS || !f->serial) return;
  ptic__objs_lock();
  if (m->_object) {
    ptic__obj* o = ptic__obj_find(PTIC_CAST(uintptr_t, m->_object), 0);
    if (o && o->serial == f->serial) ptic__obj_erase(o);
  } else {
    ptic__mem_remove(PTIC_MEM_ADDRESSABLE, m->_address, f->serial);
  }
  ptic__objs_unlock();
}

/* clEnqueueSVMFree frees when its command runs: where the program passes no pfn_free_func (the
   runtime would free), the layer passes ptic__cl_svm_free_run, which frees each pointer
   through the next layer's clSVMFree between the ENTER and EXIT records of a FREE, on the
   thread that runs the command, with correlation ids of their own. A program that passes its
   own function frees in it (its clSVMFree calls are recorded as such). */
static void CL_CALLBACK ptic__cl_svm_free_run(cl_command_queue q, cl_uint n, void** ptrs, void* user_data) {
  PTIC_UNUSED(user_data);
  cl_context ctx = NULL;
  const ptic__obj* qo = ptic__cl_queue(q);
  if (qo) ctx = PTIC_CAST(cl_context, qo->context);
  else if (ptic__cl.next.clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL) != CL_SUCCESS) ctx = NULL;
  for (cl_uint i = 0; i < n; i++) {
    ptic__thread* const t = ptic__call_thread();
    const uint32_t api = PTIC_CL_BASE + PTIC_CL_SVM_FREE_INDEX;
    void* inst = NULL;
    ptic__frame* const f = t ? ptic__call_enter(t, api, NULL, &inst) : NULL;
    if (f) {
      ptic__cl_svm_free_record(f, ctx, ptrs[i]);
      ptic__frame_record(f, PTIC_DOM_MEMORY, PTI_CB_PHASE_API_ENTER);
      if (ptic__mask_load() & PTIC_BIT(PTIC_DOM_MEMORY, 1u)) ptic__deliver_role_enter(f, PTIC_DOM_MEMORY * 2u);
    }
    ptic__cl.next.clSVMFree(ctx, ptrs[i]);
    if (!f) { /* (no frame: the memory leaves the ranges all the same) */
      const uint64_t p = PTIC_CAST(uintptr_t, ptrs[i]);
      ptic__objs_lock();
      const ptic__range* r = p ? ptic__mem_find(PTIC_MEM_ADDRESSABLE, p) : NULL;
      if (r && r->base == p && r->kind == PTIC_MEMORY_SVM) ptic__mem_cut(PTIC_MEM_ADDRESSABLE, r->base, r->end);
      ptic__objs_unlock();
      continue;
    }
    f->r.mem._phase = PTI_CB_PHASE_API_EXIT;
    f->cur.phase = PTI_CB_PHASE_API_EXIT;
    ptic__cl_mem_free_exit(f, CL_SUCCESS);
    if (ptic__mask_load() & PTIC_BIT(PTIC_DOM_MEMORY, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_MEMORY * 2u + 1u, 0);
    ptic__call_exit(t, ptic__fns[api].id);
  }
}
/* clEnqueueSVMFree, before the call: ptic__cl_svm_free_run where the program passes no function. */
static void ptic__cl_svm_free_hook(uint32_t api, void* params) {
  typedef void(CL_CALLBACK * free_fn)(cl_command_queue, cl_uint, void**, void*);
  const int8_t i = ptic__cl_vat[api - PTIC_CL_BASE][PTIC_CLVF_free_fn];
  free_fn* fn = i < 0 ? NULL : PTIC_CAST(free_fn*, PTIC_CAST(void**, params)[i]);
  if (fn && !*fn) *fn = ptic__cl_svm_free_run;
}

/* ---- >>cl-gpu-ops ---- */
/* Every command appended while a subscriber has COMPLETED on has an event the layer reads: the
   program's, retained by the layer until it is read (clGetEventInfo's reference count does not
   show that reference), or the layer's own where the program passed none. Queues are OPS
   streams (unordered when out of order); the poller and the synchronising calls read the
   events' status and profiling times through the next table. */

static void ptic__cl_sync_exit(ptic__thread* t, uint32_t api_id);

/* ptic__backend.read_op: 1 finished (raw: profiling START and END, all ones when the queue has
   no profiling), 0 not yet, -1 failed (the command was abandoned: lost). */
PTIC_STATIC_ASSERT(sizeof(cl_ulong) == sizeof(uint64_t), "the profiling times are read into raw");
static PTIC_ALWAYS_INLINE int ptic__cl_read_op(ptic__thread* t, const ptic__op* o, uint64_t raw[2]) {
  PTIC_UNUSED(t);
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_event ev = PTIC_CAST(cl_event, o->u.event);
  cl_int st = CL_QUEUED;
  if (n->clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL) != CL_SUCCESS || st < 0) return -1;
  if (st != CL_COMPLETE) return 0;
  if (n->clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof raw[0], &raw[0], NULL) != CL_SUCCESS ||
      n->clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof raw[1], &raw[1], NULL) != CL_SUCCESS)
    raw[0] = raw[1] = ~PTIC_SCAST(uint64_t, 0);
  return 1;
}

/* ptic__backend.collect_op: read, and when finished the layer's reference to the event goes. */
static PTIC_ALWAYS_INLINE int ptic__cl_collect_op(ptic__thread* t, ptic__thread* to, const ptic__op* o,
                                                  const ptic__stream* s, uint64_t raw[2]) {
  PTIC_UNUSED(to);
  PTIC_UNUSED(s);
  const int state = ptic__cl_read_op(t, o, raw);
  if (state == 1) ptic__cl.next.clReleaseEvent(PTIC_CAST(cl_event, o->u.event));
  return state;
}
/* ptic__backend.op_done: the layer's reference to the event goes. */
static void ptic__cl_op_done(ptic__thread* t, ptic__thread* to, const ptic__op* o, const ptic__stream* s, int state) {
  PTIC_UNUSED(t);
  PTIC_UNUSED(to);
  PTIC_UNUSED(s);
  PTIC_UNUSED(state);
  ptic__cl.next.clReleaseEvent(PTIC_CAST(cl_event, o->u.event));
}

/* (ptic__cl_convert: the device of a record, measured again when its measure is older than
   PTIC_RESYNC_NS and its timer query works) */
static ptic__cl_device* ptic__cl_device_now(const void* device) {
  ptic__cl_device* d = NULL;
  for (size_t i = 0; i < ptic__cg.ndevices && !d; i++)
    if (ptic__cg.devices[i].device == device) d = &ptic__cg.devices[i];
  if (d && d->timer && ptic__coarse_ns() - d->sync_at >= PTIC_RESYNC_NS) {
    int timer = 0;
    int64_t offset = 0;
    if (ptic__cl_measure(NULL, d->device, &offset, &timer) && timer) d->offset = offset;
    d->sync_at = ptic__coarse_ns();
  }
  return d;
}
/* ptic__backend.convert: the OpenCL records among n, device ns to host CLOCK_MONOTONIC_RAW ns.
   Lock held. */
static void ptic__cl_convert(ptic__thread* t, ptic__done* done, size_t n) {
  ptic__cl_device* d = NULL;
  const void* dev = NULL;
  for (size_t i = 0; i < n; i++) {
    ptic__done* x = &done[i];
    if (!x->has_raw || x->backend != PTIC_CL_INDEX) continue;
    x->has_raw = 0;
    if (!dev || dev != x->g._device_handle) d = ptic__cl_device_now(dev = x->g._device_handle);
    ptic_op_info* info = &x->info;
    if (x->raw[0] == ~PTIC_SCAST(uint64_t, 0) || x->raw[0] > x->raw[1]) {
      info->status = PTIC_OP_BAD_TIMES;
      if (!ptic__cg.times_told) {
        ptic__cg.times_told = 1;
        ptic__internal_event(t, PTI_INTERNAL_EVENT_TYPE_WARNING,
                             "an OpenCL command has no profiling times (its queue was created without "
                             "profiling while COMPLETED was off, or the runtime reported none): it is COMPLETED "
                             "with status PTIC_OP_BAD_TIMES and no times");
      }
      continue;
    }
    const int64_t off = d ? d->offset : 0;
    info->device_start = x->raw[0];
    info->device_end = x->raw[1];
    info->start_ns = PTIC_SCAST(uint64_t, PTIC_SCAST(int64_t, x->raw[0]) + off);
    info->end_ns = PTIC_SCAST(uint64_t, PTIC_SCAST(int64_t, x->raw[1]) + off);
  }
}

/* What a synchronising call proves finished is delivered before the call returns: the core's
   rule (ptic__sync_exit) delivers what reads finished now; what the call proves finished (every
   operation of queue q; or those of the n events evs, with, on in-order queues, the operations
   before them) but does not read finished yet (the runtime may set an event's status after the
   call returned) is then waited for through the next table (retained meanwhile: the poller may
   collect it), and delivered (ptic__cl_sync_wait, after ptic__cl_sync_rule). */
static PTIC_NOINLINE void ptic__cl_sync_wait(ptic__thread* t, uint32_t api_id, const void* q, const cl_event* evs,
                                             uint32_t n) {
  cl_event stack[64];
  cl_event* wait = stack;
  size_t nw = 0, cap = 64;
  ptic__objs_lock();
  for (size_t si = 0; si < ptic__gpus.nstreams; si++) {
    const ptic__stream* s = &ptic__gpus.streams[si];
    if (!s->live || s->backend != PTIC_CL_INDEX || s->head == PTIC_NIL) continue;
    if (q && s->handle != q) continue;
    uint32_t last = PTIC_NIL; /* the last operation to wait for */
    for (uint32_t i = s->head; i != PTIC_NIL; i = ptic__op_at(i)->next) {
      int hit = q != NULL;
      for (uint32_t k = 0; !hit && k < n; k++) hit = ptic__op_at(i)->u.event == PTIC_CAST(void*, evs[k]);
      if (hit) last = i;
    }
    for (uint32_t i = s->head; last != PTIC_NIL && i != PTIC_NIL; i = ptic__op_at(i)->next) {
      const ptic__op* o = ptic__op_at(i);
      int hit = q != NULL || !s->unordered || i == last;
      for (uint32_t k = 0; !hit && k < n; k++) hit = o->u.event == PTIC_CAST(void*, evs[k]);
      if (hit) {
        if (nw == cap) {
          cl_event* w = PTIC_CAST(cl_event*, PTIC_MALLOC(cap * 2 * sizeof *w));
          if (!w) break;
          memcpy(w, wait, nw * sizeof *w);
          if (wait != stack) PTIC_FREE(wait);
          wait = w;
          cap *= 2;
        }
        wait[nw] = PTIC_CAST(cl_event, o->u.event);
        ptic__cl.next.clRetainEvent(wait[nw++]);
      }
      if (i == last) break;
    }
  }
  ptic__objs_unlock();
  if (nw) {
    ptic__cl.next.clWaitForEvents(PTIC_SCAST(cl_uint, nw), wait);
    for (size_t i = 0; i < nw; i++) ptic__cl.next.clReleaseEvent(wait[i]);
    if (!ptic__sync_idle()) ptic__cl_sync_exit(t, api_id);
  }
  if (wait != stack) PTIC_FREE(wait);
}
/* The core's rule for synchronising call api_id; 1 when operations are still pending after it
   (the caller then waits for those the call proves finished: ptic__cl_sync_wait). */
static PTIC_ALWAYS_INLINE int ptic__cl_sync_rule(ptic__thread* t, uint32_t api_id) {
  if (ptic__sync_idle()) return 0;
  ptic__cl_sync_exit(t, api_id);
  return ptic__atomic_load_u64(&ptic__gpus.pending, PTIC_RELAXED) != 0;
}

/* A synchronising call (HOST_SYNC role) that succeeded while no subscriber wants its records
   (no HOST_SYNCHRONIZATION, no DRIVER_API): no frame, only the rule (its arguments read only
   when it waits). Inline in the traced clFinish and clWaitForEvents: their function's id and
   view are constants there. */
static PTIC_ALWAYS_INLINE void ptic__cl_sync_only(uint32_t api, void* const* argv) {
  ptic__thread* const t = ptic__call_thread();
  const uint32_t api_id = ptic__fns[api].id;
  if (!t || !ptic__cl_sync_rule(t, api_id)) return;
  const int8_t* const vat = ptic__cl_vat[api - PTIC_CL_BASE];
  const void* q = vat[PTIC_CLVF_queue] >= 0 ? *PTIC_CAST(void* const*, argv[vat[PTIC_CLVF_queue]]) : NULL;
  const cl_event* evs = vat[PTIC_CLVF_events] >= 0 ? *PTIC_CAST(const cl_event* const*, argv[vat[PTIC_CLVF_events]]) : NULL;
  const uint32_t n = evs && vat[PTIC_CLVF_num_events] >= 0 ? *PTIC_CAST(const cl_uint*, argv[vat[PTIC_CLVF_num_events]]) : 0u;
  ptic__cl_sync_wait(t, api_id, q, evs, n);
}

/* ---- >>cl-roles ---- */

/* The context of a DRIVER_API record: the role's, the call's cl_context, or that of the queue,
   kernel, program or event it works on. */
static PTIC_NOINLINE void* ptic__cl_api_context(ptic__frame* f) {
  if (f->cur.ctx || ptic__cf(f)->ctx_known) return f->cur.ctx;
  ptic__cf(f)->ctx_known = 1;
  const ptic__cl_desc* d = ptic__cl_fdesc(f);
  void* ctx = NULL;
  if (d->role != PTIC_ROLE_CONTEXT_CREATE && ptic__clv(f, PTIC_CLVF_context)) return f->cur.ctx = ptic__clv_p(f, PTIC_CLVF_context);
  static const uint8_t fields[4] = {PTIC_CLVF_queue, PTIC_CLVF_kernel, PTIC_CLVF_program, PTIC_CLVF_mem};
  for (int i = 0; i < 4 && !ctx; i++) {
    const void* h = ptic__clv_p(f, fields[i]);
    if (!h) continue;
    ptic__objs_lock();
    ctx = ptic__context_of(h);
    ptic__objs_unlock();
  }
  void* ev = ptic__clv_p(f, PTIC_CLVF_event);
  if (!ctx && ev && d->role != PTIC_ROLE_APPEND && ptic__cl.next.clGetEventInfo(PTIC_CAST(cl_event, ev), CL_EVENT_CONTEXT, sizeof ctx, &ctx, NULL) != CL_SUCCESS)
    ctx = NULL;
  return f->cur.ctx = ctx;
}

/* APPEND: the constant part of the call's record, from what is known of its queue and kernel
   (the record's fields, the operation's kind and name, the queue's context and flags), kept
   in the frame while its key holds. */
static PTIC_NOINLINE void ptic__cl_describe_append(ptic__thread* t, ptic__frame* f, void* q, void* kh, uint64_t epoch) {
  ptic__cl_frame* const c = ptic__cf(f);
  const ptic__cl_desc* const d = ptic__cl_fdesc(f);
  pti_callback_gpu_op_data* const g = &f->r.gpu;
  const ptic__obj* const qo = ptic__cl_queue(q);
  memset(g, 0, sizeof *g);
  g->_domain = PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED;
  g->_cmd_list_properties = PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE;
  g->_cmd_list_handle = q;
  g->_queue_handle = q;
  g->_operation_count = 1;
  g->_operation_details = &f->op1;
  c->queue = q;
  c->lflags = qo ? qo->lflags : PTIC_CLQ_NO_TIMES;
  c->u.key.ctx = qo ? qo->context : NULL;
  g->_device_handle = qo ? qo->device : NULL;
  c->stream = PTIC_NIL;
  c->blocking = ptic__clv(f, PTIC_CLVF_blocking) != NULL;
  memset(&f->op1, 0, sizeof f->op1);
  f->op1._name = d->name;
  c->name_ref = ptic__name_ref_api(f->api, PTIC_NAME_OWN);
  int keep = qo != NULL;
  if (d->op == PTIC_CLOP_KERNEL) {
    f->op1._operation_kind = PTI_GPU_OPERATION_KIND_KERNEL;
    const ptic__obj* k = kh ? ptic__obj_peek(kh, PTIC_OBJ_KERNEL) : NULL;
    if (kh && !k) k = ptic__cl_kernel_unknown(kh, NULL);
    if (k) {
      f->op1._kernel_handle = k->kernel_id;
      f->op1._name = k->name;
      c->name_ref = ptic__name_ref_kernel(k->name);
    }
    keep &= kh == NULL || k != NULL;
  } else {
    f->op1._operation_kind = d->op == PTIC_CLOP_MEMORY || d->op == PTIC_CLOP_SVM_FREE ? PTI_GPU_OPERATION_KIND_MEMORY
                                                                                      : PTI_GPU_OPERATION_KIND_OTHER;
  }
  keep &= d->op != PTIC_CLOP_SVM_FREE; /* (its ENTER takes the general path: ptic__cl_svm_free_hook) */
  c->tkf = PTIC_OP_TKF(t->tid, f->op1._operation_kind, 0u);
  ptic__frame_record(f, PTIC_DOM_APPENDED, PTI_CB_PHASE_API_ENTER);
  c->key_api = keep ? f->api : PTIC_NIL; /* (unknown objects: asked again next time) */
  c->u.key.kernel = kh;
  c->u.key.epoch = epoch;
}

/* APPEND, ENTER, per call: the ids, the event that makes the command's completion observable,
   and, for a blocking call with HOST_SYNCHRONIZATION on, a frame for that record. */
static void ptic__cl_append_enter(ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  ptic__cl_frame* const c = ptic__cf(f);
  void* const q = ptic__clv_p(f, PTIC_CLVF_queue);
  void* const kh = ptic__clv_p(f, PTIC_CLVF_kernel);
  const uint64_t epoch = ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE);
  if (c->key_api != f->api || c->queue != q || c->u.key.kernel != kh || c->u.key.epoch != epoch)
    ptic__cl_describe_append(t, f, q, kh, epoch);
  pti_callback_gpu_op_data* const g = &f->r.gpu;
  g->_phase = PTI_CB_PHASE_API_ENTER;
  g->_return_code = 0;
  g->_correlation_id = f->corr_id;
  f->op1._operation_id = ptic__next_op_id(t);
  f->cur.dom = PTIC_DOM_APPENDED;
  f->cur.phase = PTI_CB_PHASE_API_ENTER;
  f->cur.ctx = c->u.key.ctx;
  c->own_ev = NULL;
  c->app_evp = NULL;
  c->track = 0;
  c->sync = NULL;
  if ((mask & PTIC_BITS(PTIC_DOM_COMPLETED)) && q && g->_device_handle) {
    cl_event** evp = PTIC_CAST(cl_event**, ptic__clv(f, PTIC_CLVF_event));
    c->track = 1;
    if (evp) {
      c->app_evp = *evp;
      if (!*evp) *evp = &c->own_ev;
    }
  }
  if ((mask & PTIC_BITS(PTIC_DOM_HOST_SYNC)) && c->blocking && ptic__clv_u(f, PTIC_CLVF_blocking) &&
      t->depth < PTIC_MAX_NESTING) {
    void* inst = NULL;
    const uint32_t corr = f->corr_id;
    ptic__frame* s = ptic__call_enter(t, f->api, f->params, &inst);
    s->corr_id = corr;
    ptic_sync_data* sd = &s->r.sync;
    memset(sd, 0, sizeof *sd);
    sd->_domain = PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION;
    sd->_phase = PTI_CB_PHASE_API_ENTER;
    sd->_correlation_id = corr;
    sd->_kind = PTIC_SYNC_COMMAND;
    sd->_object = q;
    sd->_timeout_ns = UINT64_MAX;
    s->cur.ctx = f->cur.ctx;
    ptic__cf(s)->key_api = PTIC_NIL; /* (its record is not an APPEND's) */
    ptic__frame_record(s, PTIC_DOM_HOST_SYNC, PTI_CB_PHASE_API_ENTER);
    c->sync = s;
  }
}

/* APPEND, EXIT, of a command that returned no event: a barrier (clEnqueueBarrier has no event
   argument) gets a marker of the layer's right after it, whose event is returned; otherwise
   NULL, said by an INTERNAL_EVENT. */
static PTIC_NOINLINE cl_event ptic__cl_no_event(ptic__frame* f) {
  const cl_icd_dispatch* n = &ptic__cl.next;
  cl_command_queue q = PTIC_CAST(cl_command_queue, ptic__cf(f)->queue);
  cl_event ev = NULL;
  if (ptic__cl_vat[f->api - PTIC_CL_BASE][PTIC_CLVF_event] < 0) {
    if (n->clEnqueueMarkerWithWaitList) n->clEnqueueMarkerWithWaitList(q, 0, NULL, &ev);
    else n->clEnqueueMarker(q, &ev);
  }
  if (!ev)
    ptic__internal_event(f->owner, PTI_INTERNAL_EVENT_TYPE_WARNING,
                         "an OpenCL command returned no event: its completion is not tracked");
  return ev;
}

/* APPEND, EXIT, after the EXIT records: the command becomes pending on its queue's stream (after
   its APPENDED EXIT: COMPLETED never comes first). */
static PTIC_ALWAYS_INLINE void ptic__cl_append_track(ptic__frame* f, cl_int r) {
  ptic__cl_frame* const c = ptic__cf(f);
  if (r != CL_SUCCESS) return;
  cl_event ev = c->app_evp ? *c->app_evp : c->own_ev;
  if (PTIC_UNLIKELY(!ev) && !(ev = ptic__cl_no_event(f))) return;
  if (c->app_evp) ptic__cl.next.clRetainEvent(ev); /* (the program's: the layer's reference until it is read) */
  ptic__objs_lock();
  uint32_t si = c->stream;
  if (PTIC_UNLIKELY(!ptic__stream_is(si, c->queue, PTIC_STREAM_OPS)))
    si = c->stream = ptic__stream_get(PTIC_CL_INDEX, c->queue, f->cur.ctx, f->r.gpu._device_handle,
                                      PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE, PTIC_STREAM_OPS,
                                      (c->lflags & PTIC_CLQ_OOO) != 0);
  ptic__op* o = NULL;
  const uint32_t oi = si != PTIC_NIL ? ptic__op_take(&o) : PTIC_NIL;
  if (oi == PTIC_NIL) {
    ptic__objs_unlock();
    ptic__cl.next.clReleaseEvent(ev);
    ptic__internal_event(f->owner, PTI_INTERNAL_EVENT_TYPE_WARNING, "out of memory: an operation is not tracked");
    return;
  }
  o->op_id = f->op1._operation_id;
  o->kernel_id = f->op1._kernel_handle;
  o->subs = ptic__atomic_load_u64(&ptic__g.completed_subs, PTIC_RELAXED);
  o->u.event = ev;
  o->name = c->name_ref;
  o->corr_append = f->corr_id;
  o->next = PTIC_NIL;
  const uint32_t opf = c->app_evp ? PTIC_SCAST(uint32_t, PTIC_OPF_APP_OBJECT) : PTIC_SCAST(uint32_t, PTIC_OPF_OURS);
  o->tkf = c->tkf | opf << 28;
  if (opf & PTIC_OPF_APP_OBJECT) ptic__op_app_object();
  ptic__stream_push_op(si, oi);
  ptic__objs_unlock();
}

/* HOST_SYNC, ENTER. */
static void ptic__cl_sync_enter(ptic__frame* f) {
  ptic_sync_data* s = &f->r.sync;
  memset(s, 0, sizeof *s);
  s->_domain = PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION;
  s->_phase = PTI_CB_PHASE_API_ENTER;
  s->_correlation_id = f->corr_id;
  s->_timeout_ns = UINT64_MAX;
  if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
    s->_kind = PTIC_SYNC_QUEUE;
    s->_object = ptic__clv_p(f, PTIC_CLVF_queue);
    const ptic__obj* q = ptic__cl_queue(s->_object);
    if (q) f->cur.ctx = q->context;
  } else {
    s->_kind = PTIC_SYNC_EVENTS;
    s->_object = ptic__clv_p(f, PTIC_CLVF_events);
    s->_reserved = ptic__clv_u(f, PTIC_CLVF_num_events);
  }
}

/* Whether a call of `role` has nothing to do now but DRIVER_API. */
static PTIC_ALWAYS_INLINE int ptic__cl_role_idle(ptic__role role, ptic__mask mask) {
  switch (role) {
    case PTIC_ROLE_NONE: return 1;
    case PTIC_ROLE_APPEND:
      return !(mask & (PTIC_BITS(PTIC_DOM_APPENDED) | PTIC_BITS(PTIC_DOM_COMPLETED) | PTIC_BITS(PTIC_DOM_HOST_SYNC)));
    case PTIC_ROLE_HOST_SYNC: return !(mask & (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_COMPLETED)));
    default: return 0;
  }
}

/* The role's ENTER work: fills its record, returns its domain (NONE: no record). */
static unsigned ptic__cl_role_enter(ptic__role role, ptic__thread* t, ptic__frame* f, ptic__mask mask) {
  const uint32_t op = ptic__cl_fdesc(f)->op;
  switch (role) {
    case PTIC_ROLE_APPEND: ptic__cl_append_enter(t, f, mask); return PTIC_DOM_APPENDED;
    case PTIC_ROLE_HOST_SYNC:
      if (!(mask & PTIC_BITS(PTIC_DOM_HOST_SYNC))) return PTIC_DOM_NONE;
      ptic__cl_sync_enter(f);
      return PTIC_DOM_HOST_SYNC;
    case PTIC_ROLE_CONTEXT_CREATE: ptic__cl_context_enter(f, 1); return PTIC_DOM_CONTEXT_CREATED;
    case PTIC_ROLE_CONTEXT_DESTROY:
      if (!ptic__cl_destroy_enter(f)) return PTIC_DOM_NONE;
      ptic__cl_context_enter(f, 0);
      return PTIC_DOM_CONTEXT_DESTROYED;
    case PTIC_ROLE_MODULE_CREATE: ptic__cl_module_enter(f, 1); return PTIC_DOM_MODULE_LOADED;
    case PTIC_ROLE_MODULE_DESTROY:
      if (!ptic__cl_destroy_enter(f)) return PTIC_DOM_NONE;
      ptic__cl_module_enter(f, 0);
      return PTIC_DOM_MODULE_UNLOADED;
    case PTIC_ROLE_KERNEL_CREATE: ptic__cl_kernel_enter(f, 1); return PTIC_DOM_KERNEL_CREATED;
    case PTIC_ROLE_KERNEL_DESTROY:
      if (!ptic__cl_destroy_enter(f)) return PTIC_DOM_NONE;
      ptic__cl_kernel_enter(f, 0);
      return PTIC_DOM_KERNEL_DESTROYED;
    case PTIC_ROLE_OBJ_CREATE:
      if (op == PTIC_CLOP_QUEUE || op == PTIC_CLOP_QUEUE_PROPS) ptic__cl_queue_enter(f, mask);
      return PTIC_DOM_NONE;
    case PTIC_ROLE_OBJ_DESTROY: ptic__cl_destroy_enter(f); return PTIC_DOM_NONE;
    case PTIC_ROLE_LIST_STATE:
      if (op == PTIC_CLOP_EVENT_PROFILING) ptic__cl_profiling_enter(f);
      return PTIC_DOM_NONE;
    case PTIC_ROLE_MEM_ALLOC: ptic__cl_mem_alloc_enter(f); return PTIC_DOM_MEMORY;
    case PTIC_ROLE_MEM_FREE: return ptic__cl_mem_free_enter(f, mask) ? PTIC_SCAST(unsigned, PTIC_DOM_MEMORY) : PTIC_SCAST(unsigned, PTIC_DOM_NONE);
    default: return PTIC_DOM_NONE;
  }
}

/* The role's EXIT work (before the EXIT records): objects tracked, the record's phase and
   result. Returns the call's result as the program sees it. */
static cl_int ptic__cl_role_exit(ptic__role role, ptic__thread* t, ptic__frame* f, cl_int r, void* ret, ptic__mask mask) {
  const uint32_t op = ptic__cl_fdesc(f)->op;
  switch (role) {
    case PTIC_ROLE_CONTEXT_CREATE:
      if (r == CL_SUCCESS && ret) {
        ptic__objs_lock();
        ptic__obj* o = ptic__obj_put(PTIC_CAST(uintptr_t, ret), 0);
        if (o) {
          o->kind = PTIC_OBJ_CONTEXT;
          o->backend = PTIC_CL_INDEX;
          o->parent = f->r.context._driver_handle;
        }
        ptic__objs_unlock();
        f->r.context._context_handle = ret;
        f->cur.ctx = ret;
      }
      break;
    case PTIC_ROLE_MODULE_CREATE:
      if (r == CL_SUCCESS) ptic__cl_module_create_exit(t, f, op == PTIC_CLOP_BUILD ? f->r.module._module_handle : ret);
      break;
    case PTIC_ROLE_KERNEL_CREATE:
      if (r == CL_SUCCESS) ptic__cl_kernel_create_exit(f, ret, mask);
      break;
    case PTIC_ROLE_CONTEXT_DESTROY:
    case PTIC_ROLE_MODULE_DESTROY:
    case PTIC_ROLE_KERNEL_DESTROY:
    case PTIC_ROLE_OBJ_DESTROY: ptic__cl_destroy_exit(t, f, r); break;
    case PTIC_ROLE_OBJ_CREATE:
      if (r == CL_SUCCESS && ret && (op == PTIC_CLOP_QUEUE || op == PTIC_CLOP_QUEUE_PROPS)) ptic__cl_queue_exit(t, f, ret);
      else if (r == CL_SUCCESS && ret) ptic__cl_program_exit(f, ret);
      break;
    case PTIC_ROLE_LIST_STATE:
      if (op == PTIC_CLOP_QUEUE_INFO) ptic__cl_queue_info_exit(f, r);
      else if (op == PTIC_CLOP_EVENT_INFO) ptic__cl_event_info_exit(f, r);
      else if (ptic__cf(f)->track && r == CL_SUCCESS) r = CL_PROFILING_INFO_NOT_AVAILABLE;
      break;
    case PTIC_ROLE_MEM_ALLOC: ptic__cl_mem_alloc_exit(t, f, r, ret); break;
    case PTIC_ROLE_MEM_FREE: ptic__cl_mem_free_exit(f, r); break;
    default: break;
  }
  const uint32_t rc = PTIC_SCAST(uint32_t, r);
  f->cur.phase = PTI_CB_PHASE_API_EXIT;
  switch (f->cur.dom) {
    case PTIC_DOM_APPENDED:
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
      break;
    case PTIC_DOM_HOST_SYNC:
      f->r.sync._phase = PTI_CB_PHASE_API_EXIT;
      f->r.sync._return_code = rc;
      break;
    case PTIC_DOM_MEMORY:
      f->r.mem._phase = PTI_CB_PHASE_API_EXIT;
      f->r.mem._return_code = rc;
      break;
    default: break;
  }
  return r;
}

/* ENTER of every role: a frame, the role's record, the ENTER records (DRIVER_API first, then the
   role's domain); NULL when nothing is to be done at EXIT. */
static PTIC_NOINLINE ptic__frame* ptic__cl_enter_checked(ptic__role role, uint32_t api, void* params, ptic__mask mask);
/* APPEND, ENTER, the common case, called by the wrapper with the arguments it needs (no array
   of the arguments' addresses: the wrapper makes one only when this declines): no DRIVER_API
   or HOST_SYNCHRONIZATION, a call that does not block (its blocking argument, CL_FALSE for a
   function that has none: a constant), on the queue and with the kernel the frame describes,
   ids left on this thread. Stores, the event when COMPLETED is on, the ENTER records.
   NULL: declined (the general path, ptic__cl_enter, then runs). The frame has no params: its
   EXIT (ptic__cl_exit_append) takes the common path, whatever the mask says then. */
static PTIC_ALWAYS_INLINE ptic__frame* ptic__cl_enter_fast(uint32_t api, ptic__mask mask, const void* q,
                                                           const void* kernel, cl_event** evp, cl_bool blocking) {
  ptic__thread* const t = ptic__tls;
  if (PTIC_UNLIKELY(blocking || !t || !ptic__depth_ok(t) ||
                    (mask & (PTIC_BITS(PTIC_DOM_DRIVER_API) | PTIC_BITS(PTIC_DOM_HOST_SYNC)))))
    return NULL;
  ptic__frame* f = &t->frame[t->depth];
  PTIC_KEEP(f);
  ptic__cl_frame* const c = ptic__cf(f);
  if (PTIC_UNLIKELY(c->key_api != api || c->queue != q || c->u.key.kernel != kernel ||
                    c->u.key.epoch != ptic__atomic_load_u64(&ptic__objs_epoch, PTIC_ACQUIRE) ||
                    t->corr_next == t->corr_end)) /* (ids left, then an operation id too: ptic__next_op_id) */
    return NULL;
  ptic__append_frame_push(t, f, api, NULL, c->u.key.ctx);
  c->track = 0; /* (c->sync is not read: the frame's EXIT is ptic__cl_exit_append) */
  if (mask & PTIC_BITS(PTIC_DOM_COMPLETED)) {
    c->own_ev = NULL;
    c->app_evp = NULL;
    c->track = f->r.gpu._device_handle != NULL;
    if (evp && c->track) {
      c->app_evp = *evp;
      if (!*evp) *evp = &c->own_ev;
    }
  }
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 1u)) ptic__deliver_role_enter(f, PTIC_DOM_APPENDED * 2u);
  return f;
}

static PTIC_ALWAYS_INLINE ptic__frame* ptic__cl_enter(ptic__role role, uint32_t api, void* params, ptic__mask mask) {
  return ptic__cl_enter_checked(role, api, params, mask);
}
/* The general case of every role's ENTER. */
static PTIC_NOINLINE ptic__frame* ptic__cl_enter_checked(ptic__role role, uint32_t api, void* params, ptic__mask mask) {
  if (PTIC_UNLIKELY(api == PTIC_CL_BASE + PTIC_CL_SVM_FREE_INDEX)) ptic__cl_svm_free_hook(api, params);
  if (role == PTIC_ROLE_NONE && !ptic__api_wanted(api, 3u)) return NULL;
  if (ptic__cl_role_idle(role, mask) && !ptic__api_wanted(api, 3u)) return NULL;
  ptic__thread* const t = ptic__call_thread();
  if (PTIC_UNLIKELY(!t)) return NULL;
  void* inst = NULL;
  ptic__frame* const f = ptic__call_enter(t, api, params, &inst);
  f->cur.dom = PTIC_DOM_NONE;
  f->cur.ctx = NULL;
  f->serial = 0;
  const unsigned dom = ptic__cl_role_idle(role, mask) ? PTIC_SCAST(unsigned, PTIC_DOM_NONE) : ptic__cl_role_enter(role, t, f, mask);
  ptic__cl_frame* const c = ptic__cf(f);
  if (role != PTIC_ROLE_APPEND) c->sync = NULL;
  c->ctx_known = 0;
  if (dom != PTIC_DOM_NONE) ptic__frame_record(f, dom, PTI_CB_PHASE_API_ENTER);
  if (mask & PTIC_BITS(PTIC_DOM_DRIVER_API)) {
    const int want = ptic__api_wanted(api, 3u);
    if (want) ptic__cl_api_context(f);
    if (want & 1) ptic__deliver_api_enter(f, f->cur.ctx);
  }
  if (dom != PTIC_DOM_NONE && (mask & PTIC_BIT(dom, 1u))) ptic__deliver_role_enter(f, dom * 2u);
  if (role == PTIC_ROLE_APPEND && c->sync && (mask & PTIC_BIT(PTIC_DOM_HOST_SYNC, 1u)))
    ptic__deliver_role_enter(c->sync, PTIC_DOM_HOST_SYNC * 2u);
  return f;
}

/* EXIT of every role: the role's work, the EXIT records (a blocking command's
   HOST_SYNCHRONIZATION, the role's domain, then DRIVER_API), the frame given back; a
   synchronising call that succeeded then delivers what it proves finished. Returns the call's
   result as the program sees it. */
static PTIC_NOINLINE cl_int ptic__cl_exit_checked(ptic__role role, ptic__frame* f, cl_int r, void* ret);
/* APPEND, EXIT, of a frame the fast ENTER pushed (ptic__cl_enter_fast: APPENDED's record, a
   call that does not block, no HOST_SYNCHRONIZATION frame, no params, so no DRIVER_API record
   whatever the mask says now): APPENDED alone (the delivery ends the call), or with the
   command's completion tracked. */
static PTIC_ALWAYS_INLINE cl_int ptic__cl_exit_append(ptic__frame* f, cl_int r) {
  const ptic__mask mask = ptic__mask_load();
  ptic__cl_frame* const c = ptic__cf(f);
  f->r.gpu._phase = PTI_CB_PHASE_API_EXIT;
  f->r.gpu._return_code = PTIC_SCAST(uint32_t, r);
  f->cur.phase = PTI_CB_PHASE_API_EXIT;
  if (PTIC_LIKELY(!c->track)) {
    if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, f->cur.api_id);
    else ptic__call_exit(f->owner, f->cur.api_id);
    return r;
  }
  if (mask & PTIC_BIT(PTIC_DOM_APPENDED, 2u)) ptic__deliver_role_exit(f, PTIC_DOM_APPENDED * 2u + 1u, 0);
  ptic__cl_append_track(f, r); /* (pending after its EXIT records) */
  ptic__call_exit(f->owner, f->cur.api_id);
  return r;
}
static PTIC_ALWAYS_INLINE cl_int ptic__cl_exit(ptic__role role, ptic__frame* f, cl_int r, void* ret) {
  return ptic__cl_exit_checked(role, f, r, ret);
}
/* The general case of every role's EXIT. */
static PTIC_NOINLINE cl_int ptic__cl_exit_checked(ptic__role role, ptic__frame* f, cl_int r, void* ret) {
  ptic__thread* const t = f->owner;
  const uint32_t api_id = ptic__fns[f->api].id;
  ptic__mask mask = ptic__mask_load();
  ptic__cl_frame* const c = ptic__cf(f);
  ptic__frame* const s = role == PTIC_ROLE_APPEND ? c->sync : NULL;
  if (s) { /* the blocking command's wait */
    s->r.sync._phase = PTI_CB_PHASE_API_EXIT;
    s->r.sync._return_code = PTIC_SCAST(uint32_t, r);
    s->cur.phase = PTI_CB_PHASE_API_EXIT;
    if (mask & PTIC_BIT(PTIC_DOM_HOST_SYNC, 2u)) ptic__deliver_role_exit(s, PTIC_DOM_HOST_SYNC * 2u + 1u, 0);
    t->depth--;
  }
  r = ptic__cl_role_exit(role, t, f, r, ret, mask);
  mask = ptic__mask_load();
  const unsigned dom = f->cur.dom;
  if (dom != PTIC_DOM_NONE && (mask & PTIC_BIT(dom, 2u))) ptic__deliver_role_exit(f, dom * 2u + 1u, 0);
  if (ptic__api_rec_wanted(mask, f->api, 2u))
    ptic__deliver_api_exit(f, PTIC_SCAST(uint32_t, r), f->cur.ctx ? f->cur.ctx : ptic__cl_api_context(f), 0);
  int sync = 0;
  const void* q = NULL;
  const cl_event* evs = NULL;
  uint32_t nev = 0;
  if (role == PTIC_ROLE_APPEND && dom == PTIC_DOM_APPENDED) {
    if (c->track) ptic__cl_append_track(f, r);
    if (r == CL_SUCCESS && c->blocking && ptic__clv_u(f, PTIC_CLVF_blocking)) {
      sync = 1;
      evs = c->app_evp ? c->app_evp : &c->own_ev;
      nev = c->track ? 1u : 0u;
      if (!(c->lflags & PTIC_CLQ_OOO) && c->track) q = c->queue;
    }
  } else if (role == PTIC_ROLE_HOST_SYNC && r == CL_SUCCESS) {
    sync = 1;
    if (ptic__cl_fdesc(f)->op == PTIC_CLOP_QUEUE) {
      q = ptic__clv_p(f, PTIC_CLVF_queue);
    } else {
      evs = PTIC_CAST(const cl_event*, ptic__clv_p(f, PTIC_CLVF_events));
      nev = evs ? ptic__clv_u(f, PTIC_CLVF_num_events) : 0u;
    }
  }
  cl_event one = NULL;
  if (sync && nev == 1 && !q) one = evs[0]; /* (the frame is given back below) */
  ptic__call_exit(t, api_id);
  if (sync && ptic__cl_sync_rule(t, api_id)) ptic__cl_sync_wait(t, api_id, q, one ? &one : evs, nev);
  return r;
}

/* ---- >>cl-layer ---- */

/* The mask bits that make function i of role `role` do anything: the role's domains,
   HOST_SYNCHRONIZATION for the APPENDs (blocking commands), MEM_FREE's for clEnqueueSVMFree. */
static PTIC_ALWAYS_INLINE ptic__mask ptic__cl_role_mask(ptic__role role, uint32_t i) {
  return ptic__role_mask(role) | (role == PTIC_ROLE_APPEND ? PTIC_BITS(PTIC_DOM_HOST_SYNC) : 0u) |
         (i == PTIC_CL_SVM_FREE_INDEX ? ptic__role_mask(PTIC_ROLE_MEM_FREE) : 0u);
}

/* PTIC_CL_WRAPPER(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event,
   blocking) makes the layer's function ptic__cl_<fn> of each function of the table (>>cl-gen,
   PTIC_CL_FUNCTIONS): one relaxed load of the mask picks the function it tail-calls (its
   arguments in place): the next layer's with no domain of its role on, else
   ptic__cl_traced_<fn> (one call site: gcc copies the arguments passed on the stack, those of
   calls of more than six arguments, at the second of two), made by PTIC_CL_TRACED_<kind>: the
   role's ENTER, the call, the role's EXIT. Kinds:
   INT returns cl_int (the APPENDs among them try the fast ENTER and EXIT inline, with the
   queue, kernel, event and blocking arguments, before making the array of the arguments'
   addresses; the synchronising calls take no frame when nobody wants their records);
   OBJ returns an object and reports through errcode_ret (the layer passes its own where the
   program passes NULL, so that EXIT records know the result); PTR returns a pointer, VOID
   nothing (their result: 0). */
#define PTIC_CL_LIST(...) __VA_ARGS__
#define PTIC_CL_NO_KERNEL PTIC_CAST(void*, PTIC_SCAST(uintptr_t, 0))
#define PTIC_CL_NO_EVENT PTIC_CAST(cl_event**, PTIC_SCAST(uintptr_t, 0))
#define PTIC_CL_TRACED_INT(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)  \
  static PTIC_NOINLINE cl_int ptic__cl_traced_##fn params {                                     \
    const ptic__mask mask = ptic__mask_load();                                                  \
    if (PTIC_ROLE_##role == PTIC_ROLE_APPEND) {                                                 \
      ptic__frame* const f = ptic__cl_enter_fast(PTIC_CL_BASE + (i), mask, PTIC_PTR(queue), PTIC_PTR(kernel), event, \
                                                 blocking);                                     \
      if (f) return ptic__cl_exit_append(f, ptic__cl.next.fn args);                             \
    }                                                                                           \
    if (PTIC_ROLE_##role == PTIC_ROLE_HOST_SYNC &&                                              \
        !(mask & (PTIC_BITS(PTIC_DOM_HOST_SYNC) | PTIC_BITS(PTIC_DOM_DRIVER_API)))) {           \
      const cl_int r = ptic__cl.next.fn args;                                                   \
      if (r == CL_SUCCESS) {                                                                    \
        void* const argv[] = {PTIC_CL_LIST addrs};                                              \
        ptic__cl_sync_only(PTIC_CL_BASE + (i), argv);                                           \
      }                                                                                         \
      return r;                                                                                 \
    }                                                                                           \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, mask);    \
    if (!f) return ptic__cl.next.fn args;                                                       \
    return ptic__cl_exit(PTIC_ROLE_##role, f, ptic__cl.next.fn args, NULL);                     \
  }
#define PTIC_CL_TRACED_OBJ(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)  \
  static PTIC_NOINLINE type ptic__cl_traced_##fn params {                                       \
    cl_int own_err = CL_SUCCESS;                                                                \
    if (!err) err = &own_err;                                                                   \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, ptic__mask_load()); \
    type const r = ptic__cl.next.fn args;                                                       \
    if (f) ptic__cl_exit(PTIC_ROLE_##role, f, *err, PTIC_CAST(void*, r));                       \
    return r;                                                                                   \
  }
#define PTIC_CL_TRACED_PTR(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)  \
  static PTIC_NOINLINE type ptic__cl_traced_##fn params {                                       \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, ptic__mask_load()); \
    type const r = ptic__cl.next.fn args;                                                       \
    if (f) ptic__cl_exit(PTIC_ROLE_##role, f, CL_SUCCESS, PTIC_CAST(void*, r));                 \
    return r;                                                                                   \
  }
#define PTIC_CL_TRACED_VOID(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking) \
  static PTIC_NOINLINE void ptic__cl_traced_##fn params {                                       \
    void* argv[] = {PTIC_CL_LIST addrs};                                                        \
    ptic__frame* const f = ptic__cl_enter(PTIC_ROLE_##role, PTIC_CL_BASE + (i), argv, ptic__mask_load()); \
    ptic__cl.next.fn args;                                                                      \
    if (f) ptic__cl_exit(PTIC_ROLE_##role, f, CL_SUCCESS, NULL);                                \
  }
#define PTIC_CL_RETURN_INT(call) return call
#define PTIC_CL_RETURN_OBJ(call) return call
#define PTIC_CL_RETURN_PTR(call) return call
#define PTIC_CL_RETURN_VOID(call) call
#define PTIC_CL_WRAPPER(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event, blocking) \
  PTIC_CL_TRACED_##kind(i, fn, type, role, params, args, addrs, err, queue, kernel, event, blocking)     \
  static type CL_API_CALL ptic__cl_##fn params {                                                \
    type(CL_API_CALL * call) params = ptic__cl.next.fn;                                         \
    if (PTIC_UNLIKELY(ptic__mask_load() & ptic__cl_role_mask(PTIC_ROLE_##role, i))) call = ptic__cl_traced_##fn; \
    PTIC_CL_RETURN_##kind(call args);                                                           \
  }

/* The name the layer gives the loader (clGetLayerInfo CL_LAYER_NAME). */
#define PTIC_CL_LAYER_NAME "pti-callback"

#if defined(__GNUC__)
#define PTIC_CL_EXPORT __attribute__((visibility("default")))
#else
#define PTIC_CL_EXPORT
#endif

/* ptic__backend.install: the layer must be in the loader's chain. When libOpenCL is loaded
   already, it is asked for its platforms (the loader loads its layers on its first call); when
   it is not, the layer is loaded with it later, if the tool is a shared object the loader can
   load. Registry lock held. */
static void ptic__cl_mark_traced(void);
static pti_result ptic__cl_install(void) {
  if (ptic__cl.installed) return PTI_SUCCESS;
  ptic__cl_tables_init();
  void* dl = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (dl && !ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE)) {
    cl_api_clGetPlatformIDs get = NULL;
    void* sym = dlsym(dl, "clGetPlatformIDs");
    memcpy(&get, &sym, sizeof get);
    cl_uint n = 0;
    if (get) get(0, NULL, &n);
  }
  if (dl) dlclose(dl);
  if (ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE) || (!dl && ptic__cl.self_is_lib)) {
    ptic__cl.installed = 1;
    ptic__cl_mark_traced();
    return PTI_SUCCESS;
  }
  if (dl)
    ptic__warn_later(ptic__cl.self_is_lib
                         ? "OpenCL calls are not traced: the OpenCL ICD loader did not load this tool as a "
                           "layer (it started before the tool set OPENCL_LAYERS, or it has no layer support)"
                         : "OpenCL calls are not traced: only a tool built as a shared object (preloaded or "
                           "linked) can be the OpenCL layer the library needs");
  return PTI_ERROR_NOT_IMPLEMENTED;
}

/* The tool names itself in OPENCL_LAYERS before the program's first OpenCL call, when it is a
   shared object (an executable cannot be loaded as a layer). */
#ifndef PTIC_NO_ENV_CONSTRUCTOR
__attribute__((constructor)) static void ptic__cl_env_ctor(void) {
  ptic__dl_info info;
  void* self = NULL;
  memset(&info, 0, sizeof info);
  if (!dladdr(PTIC_CAST(const void*, &ptic__cl), &info) || !info.dli_fname || !info.dli_fname[0]) return;
  if (!realpath(info.dli_fname, ptic__cl.self)) return;
  self = dlopen(ptic__cl.self, RTLD_LAZY | RTLD_NOLOAD);
  if (!self) return; /* the executable itself */
  dlclose(self);
  ptic__cl.self_is_lib = 1;
  const char* v = getenv("OPENCL_LAYERS");
  if (!v || !*v) {
    setenv("OPENCL_LAYERS", ptic__cl.self, 1);
    return;
  }
  const size_t len = strlen(ptic__cl.self);
  for (const char* p = v; (p = strstr(p, ptic__cl.self)) != NULL; p += len)
    if ((p == v || p[-1] == ':') && (p[len] == ':' || p[len] == '\0')) return; /* named already */
  const size_t vl = strlen(v);
  char* both = PTIC_CAST(char*, PTIC_MALLOC(vl + len + 2));
  if (!both) return;
  memcpy(both, v, vl);
  both[vl] = ':';
  memcpy(both + vl + 1, ptic__cl.self, len + 1);
  setenv("OPENCL_LAYERS", both, 1);
  PTIC_FREE(both);
}
#endif

/* The layer's entry points, which the ICD loader finds with dlsym. */
static void ptic__cl_fill_layer(void);
PTIC_CL_EXPORT cl_int CL_API_CALL clGetLayerInfo(cl_layer_info param_name, size_t param_value_size, void* param_value,
                                                 size_t* param_value_size_ret) {
  const cl_layer_api_version version = CL_LAYER_API_VERSION_100;
  const void* v = &version;
  size_t size = sizeof version;
  if (param_name == CL_LAYER_NAME) {
    v = PTIC_CL_LAYER_NAME;
    size = sizeof PTIC_CL_LAYER_NAME;
  } else if (param_name != CL_LAYER_API_VERSION) {
    return CL_INVALID_VALUE;
  }
  if (param_value && param_value_size < size) return CL_INVALID_VALUE;
  if (param_value) memcpy(param_value, v, size);
  if (param_value_size_ret) *param_value_size_ret = size;
  return CL_SUCCESS;
}
/* The next table is kept (the first loader's, should two ask) and the layer's table is a copy
   of it with the wrapped members replaced: a member the next layer lacks stays NULL. */
PTIC_CL_EXPORT cl_int CL_API_CALL clInitLayer(cl_uint num_entries, const cl_icd_dispatch* target_dispatch,
                                              cl_uint* num_entries_ret, const cl_icd_dispatch** layer_dispatch_ret) {
  const cl_uint count = PTIC_SCAST(cl_uint, sizeof(cl_icd_dispatch) / sizeof(void*));
  if (!target_dispatch || !num_entries_ret || !layer_dispatch_ret) return CL_INVALID_VALUE;
  if (!ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE)) {
    memcpy(&ptic__cl.next, target_dispatch, (num_entries < count ? num_entries : count) * sizeof(void*));
    ptic__cl.layer = ptic__cl.next;
    ptic__cl_fill_layer();
    ptic__atomic_store_u32(&ptic__cl.layered, 1, PTIC_RELEASE);
  }
  *num_entries_ret = count;
  *layer_dispatch_ret = &ptic__cl.layer;
  return CL_SUCCESS;
}

/* ---- argument iteration ---- */

/* ptic__backend.iterate_args. */
static void ptic__cl_iterate_args(const ptic_api_data* a, uint32_t i, ptic_arg_function fn, void* user_data) {
  char value[160];
  for (const ptic__cl_arg* g = ptic__cl_args_of(i); g; g = g[1].api == g->api ? g + 1 : NULL) {
    const void* arg = PTIC_CAST(void* const*, a->_params)[g->index];
    uint64_t v = 0;
    const void* p = NULL;
    if (g->kind == PTIC_CLARG_HANDLE || g->kind == PTIC_CLARG_PTR || g->kind == PTIC_CLARG_STR) memcpy(&p, arg, sizeof p);
    else memcpy(&v, arg, g->size < sizeof v ? g->size : sizeof v);
    switch (g->kind) {
      case PTIC_CLARG_STR:
        if (p) snprintf(value, sizeof value, "\"%.96s\"", PTIC_CAST(const char*, p));
        else snprintf(value, sizeof value, "0x0");
        break;
      case PTIC_CLARG_HANDLE:
      case PTIC_CLARG_PTR: snprintf(value, sizeof value, "0x%llx", PTIC_SCAST(unsigned long long, PTIC_CAST(uintptr_t, p))); break;
      case PTIC_CLARG_INT:
        snprintf(value, sizeof value, "%lld", PTIC_SCAST(long long, g->size == 4 ? PTIC_SCAST(int32_t, v) : PTIC_SCAST(int64_t, v)));
        break;
      case PTIC_CLARG_BOOL: snprintf(value, sizeof value, "%s", v ? "CL_TRUE" : "CL_FALSE"); break;
      case PTIC_CLARG_HEX: snprintf(value, sizeof value, "0x%llx", PTIC_SCAST(unsigned long long, v)); break;
      default: snprintf(value, sizeof value, "%llu", PTIC_SCAST(unsigned long long, v)); break;
    }
    fn(g->index, g->name, g->type, value, user_data);
  }
}

/* ---- the backend's table ---- */

static void ptic__cl_describe(uint32_t i, ptic__fn* out) {
  const ptic__cl_desc* d = ptic__cl_api(i);
  out->name = d->name;
  out->id = d->id;
  out->role = d->role;
  out->nargs = d->nargs;
}
static const char* ptic__cl_id_name(uint32_t id) {
  return id >= PTIC_OPENCL_ID_BASE && id < PTIC_OPENCL_ID_BASE + PTIC_OPENCL_ID_COUNT ? ptic__cl_id_name_at(id - PTIC_OPENCL_ID_BASE)
                                                                                      : NULL;
}
static uint32_t ptic__cl_next_id(uint32_t id) {
  if (id < PTIC_OPENCL_ID_BASE) return PTIC_OPENCL_ID_BASE;
  return id + 1 < PTIC_OPENCL_ID_BASE + PTIC_OPENCL_ID_COUNT ? id + 1 : 0;
}
static const char* ptic__cl_op_name(uint32_t i, uint32_t slot) {
  PTIC_UNUSED(slot);
  return ptic__cl_api(i)->name;
}
static void ptic__cl_poll_batches(ptic__thread* t, ptic__stream* s, int lose) {
  PTIC_UNUSED(t);
  PTIC_UNUSED(s);
  PTIC_UNUSED(lose);
}
static uint32_t ptic__cl_forget_batches(ptic__thread* t, ptic__stream* s, uint64_t bit) {
  PTIC_UNUSED(t);
  PTIC_UNUSED(s);
  PTIC_UNUSED(bit);
  return 0;
}
static void ptic__cl_shrink(ptic__thread* t) { PTIC_UNUSED(t); }
static void ptic__cl_fork_child(void) {}
static void ptic__cl_thread_end(ptic__thread* t) { PTIC_UNUSED(t); }

static const ptic__backend ptic__cl_backend = {
    PTI_API_GROUP_OPENCL,
    PTIC_CL_BASE,
    PTIC_OPENCL_API_COUNT,
    ptic__cl_describe,
    ptic__cl_id_name,
    ptic__cl_next_id,
    ptic__cl_install,
    ptic__cl_iterate_args,
    ptic__cl_read_op,
    ptic__cl_collect_op,
    ptic__cl_op_done,
    ptic__cl_poll_batches,
    NULL, /* (an OpenCL event is never reset: it reads finished once it is) */
    ptic__cl_forget_batches,
    ptic__cl_convert,
    ptic__cl_op_name,
    ptic__cl_shrink,
    ptic__cl_fork_child,
    ptic__cl_thread_end,
    /* (indexed by ptic__obj_kind: its queues are no resources of PTIC_DOM_RESOURCE, not replayed) */
    {0, 0, 0, 0, 0, 0, ptic_clCreateContext_id, ptic_clBuildProgram_id, ptic_clCreateKernel_id},
    ptic_clGetEventProfilingInfo_id,
};

/* The core's rule for a synchronising call (ptic__sync_exit), made here where it knows this
   backend's functions (its callers look at ptic__sync_idle first). */
static PTIC_NOINLINE void ptic__cl_sync_exit(ptic__thread* t, uint32_t api_id) {
  ptic__sync_exit(t, api_id, &ptic__cl_backend);
}
#endif /* PTIC_NO_OPENCL */

/* ==== >>cl-gen ============================================================================ */
/* Generated by tools/gen_cl_tables.py from CL/cl_icd.h (do not edit): data a reader can skip. */
#ifndef PTIC_NO_OPENCL

/* {function, api id, role, operation, arguments, view: {field, argument index}...} */
static const ptic__cl_desc ptic__cl_apis[PTIC_OPENCL_API_COUNT] = {
    {"clGetPlatformIDs", 0x20000, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS_END}},
    {"clGetPlatformInfo", 0x20001, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clGetDeviceIDs", 0x20002, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(devices, 3), PTIC_CLVS(num_devices, 4)}},
    {"clGetDeviceInfo", 0x20003, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(device, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clCreateContext", 0x20004, PTIC_ROLE_CONTEXT_CREATE, PTIC_CLOP_CONTEXT, 6, {PTIC_CLVS(props, 0), PTIC_CLVS(num_devices, 1), PTIC_CLVS(devices, 2), PTIC_CLVS(errcode, 5)}},
    {"clCreateContextFromType", 0x20005, PTIC_ROLE_CONTEXT_CREATE, PTIC_CLOP_CONTEXT, 5, {PTIC_CLVS(props, 0), PTIC_CLVS(errcode, 4)}},
    {"clRetainContext", 0x20006, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(context, 0)}},
    {"clReleaseContext", 0x20007, PTIC_ROLE_CONTEXT_DESTROY, PTIC_CLOP_CONTEXT, 1, {PTIC_CLVS(context, 0)}},
    {"clGetContextInfo", 0x20008, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(context, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clCreateCommandQueue", 0x20009, PTIC_ROLE_OBJ_CREATE, PTIC_CLOP_QUEUE, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(device, 1), PTIC_CLVS(props, 2), PTIC_CLVS(errcode, 3)}},
    {"clRetainCommandQueue", 0x2000a, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(queue, 0)}},
    {"clReleaseCommandQueue", 0x2000b, PTIC_ROLE_OBJ_DESTROY, PTIC_CLOP_QUEUE, 1, {PTIC_CLVS(queue, 0)}},
    {"clGetCommandQueueInfo", 0x2000c, PTIC_ROLE_LIST_STATE, PTIC_CLOP_QUEUE_INFO, 5, {PTIC_CLVS(queue, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clSetCommandQueueProperty", 0x2000d, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(queue, 0), PTIC_CLVS(props, 1)}},
    {"clCreateBuffer", 0x2000e, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_BUFFER, 5, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(size, 2), PTIC_CLVS(host_ptr, 3), PTIC_CLVS(errcode, 4)}},
    {"clCreateImage2D", 0x2000f, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_IMAGE, 8, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(host_ptr, 6), PTIC_CLVS(errcode, 7)}},
    {"clCreateImage3D", 0x20010, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_IMAGE, 10, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(host_ptr, 8), PTIC_CLVS(errcode, 9)}},
    {"clRetainMemObject", 0x20011, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(mem, 0)}},
    {"clReleaseMemObject", 0x20012, PTIC_ROLE_MEM_FREE, PTIC_CLOP_MEM_OBJ, 1, {PTIC_CLVS(mem, 0)}},
    {"clGetSupportedImageFormats", 0x20013, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1)}},
    {"clGetMemObjectInfo", 0x20014, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(mem, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clGetImageInfo", 0x20015, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clCreateSampler", 0x20016, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(context, 0), PTIC_CLVS(errcode, 4)}},
    {"clRetainSampler", 0x20017, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS_END}},
    {"clReleaseSampler", 0x20018, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS_END}},
    {"clGetSamplerInfo", 0x20019, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clCreateProgramWithSource", 0x2001a, PTIC_ROLE_OBJ_CREATE, PTIC_CLOP_SOURCE, 5, {PTIC_CLVS(context, 0), PTIC_CLVS(count, 1), PTIC_CLVS(strings, 2), PTIC_CLVS(lengths, 3), PTIC_CLVS(errcode, 4)}},
    {"clCreateProgramWithBinary", 0x2001b, PTIC_ROLE_OBJ_CREATE, PTIC_CLOP_BINARY, 7, {PTIC_CLVS(context, 0), PTIC_CLVS(num_devices, 1), PTIC_CLVS(devices, 2), PTIC_CLVS(lengths, 3), PTIC_CLVS(binaries, 4), PTIC_CLVS(errcode, 6)}},
    {"clRetainProgram", 0x2001c, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(program, 0)}},
    {"clReleaseProgram", 0x2001d, PTIC_ROLE_MODULE_DESTROY, PTIC_CLOP_PROGRAM, 1, {PTIC_CLVS(program, 0)}},
    {"clBuildProgram", 0x2001e, PTIC_ROLE_MODULE_CREATE, PTIC_CLOP_BUILD, 6, {PTIC_CLVS(program, 0), PTIC_CLVS(num_devices, 1), PTIC_CLVS(devices, 2), PTIC_CLVS(options, 3)}},
    {"clUnloadCompiler", 0x2001f, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 0, {PTIC_CLVS_END}},
    {"clGetProgramInfo", 0x20020, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(program, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clGetProgramBuildInfo", 0x20021, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(program, 0), PTIC_CLVS(device, 1), PTIC_CLVS(param_name, 2), PTIC_CLVS(value_size, 3), PTIC_CLVS(value, 4), PTIC_CLVS(value_size_ret, 5)}},
    {"clCreateKernel", 0x20022, PTIC_ROLE_KERNEL_CREATE, PTIC_CLOP_KERNEL_OBJ, 3, {PTIC_CLVS(program, 0), PTIC_CLVS(name, 1), PTIC_CLVS(errcode, 2)}},
    {"clCreateKernelsInProgram", 0x20023, PTIC_ROLE_KERNEL_CREATE, PTIC_CLOP_KERNELS_OBJ, 4, {PTIC_CLVS(program, 0), PTIC_CLVS(num_kernels, 1), PTIC_CLVS(kernels, 2), PTIC_CLVS(num_kernels_ret, 3)}},
    {"clRetainKernel", 0x20024, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(kernel, 0)}},
    {"clReleaseKernel", 0x20025, PTIC_ROLE_KERNEL_DESTROY, PTIC_CLOP_KERNEL_OBJ, 1, {PTIC_CLVS(kernel, 0)}},
    {"clSetKernelArg", 0x20026, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(kernel, 0)}},
    {"clGetKernelInfo", 0x20027, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(kernel, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clGetKernelWorkGroupInfo", 0x20028, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(kernel, 0), PTIC_CLVS(device, 1), PTIC_CLVS(param_name, 2), PTIC_CLVS(value_size, 3), PTIC_CLVS(value, 4), PTIC_CLVS(value_size_ret, 5)}},
    {"clWaitForEvents", 0x20029, PTIC_ROLE_HOST_SYNC, PTIC_CLOP_EVENTS, 2, {PTIC_CLVS(num_events, 0), PTIC_CLVS(events, 1)}},
    {"clGetEventInfo", 0x2002a, PTIC_ROLE_LIST_STATE, PTIC_CLOP_EVENT_INFO, 5, {PTIC_CLVS(event, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clRetainEvent", 0x2002b, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(event, 0)}},
    {"clReleaseEvent", 0x2002c, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(event, 0)}},
    {"clGetEventProfilingInfo", 0x2002d, PTIC_ROLE_LIST_STATE, PTIC_CLOP_EVENT_PROFILING, 5, {PTIC_CLVS(event, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clFlush", 0x2002e, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(queue, 0)}},
    {"clFinish", 0x2002f, PTIC_ROLE_HOST_SYNC, PTIC_CLOP_QUEUE, 1, {PTIC_CLVS(queue, 0)}},
    {"clEnqueueReadBuffer", 0x20030, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 8)}},
    {"clEnqueueWriteBuffer", 0x20031, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 8)}},
    {"clEnqueueCopyBuffer", 0x20032, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 8)}},
    {"clEnqueueReadImage", 0x20033, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 11, {PTIC_CLVS(queue, 0), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 10)}},
    {"clEnqueueWriteImage", 0x20034, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 11, {PTIC_CLVS(queue, 0), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 10)}},
    {"clEnqueueCopyImage", 0x20035, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 8)}},
    {"clEnqueueCopyImageToBuffer", 0x20036, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 8)}},
    {"clEnqueueCopyBufferToImage", 0x20037, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 8)}},
    {"clEnqueueMapBuffer", 0x20038, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 10, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 8), PTIC_CLVS(errcode, 9)}},
    {"clEnqueueMapImage", 0x20039, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 12, {PTIC_CLVS(queue, 0), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 10), PTIC_CLVS(errcode, 11)}},
    {"clEnqueueUnmapMemObject", 0x2003a, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 6, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(event, 5)}},
    {"clEnqueueNDRangeKernel", 0x2003b, PTIC_ROLE_APPEND, PTIC_CLOP_KERNEL, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(kernel, 1), PTIC_CLVS(event, 8)}},
    {"clEnqueueTask", 0x2003c, PTIC_ROLE_APPEND, PTIC_CLOP_KERNEL, 5, {PTIC_CLVS(queue, 0), PTIC_CLVS(kernel, 1), PTIC_CLVS(event, 4)}},
    {"clEnqueueNativeKernel", 0x2003d, PTIC_ROLE_APPEND, PTIC_CLOP_KERNEL, 10, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 9)}},
    {"clEnqueueMarker", 0x2003e, PTIC_ROLE_APPEND, PTIC_CLOP_OTHER, 2, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 1)}},
    {"clEnqueueWaitForEvents", 0x2003f, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(queue, 0), PTIC_CLVS(num_events, 1), PTIC_CLVS(events, 2)}},
    {"clEnqueueBarrier", 0x20040, PTIC_ROLE_APPEND, PTIC_CLOP_OTHER, 1, {PTIC_CLVS(queue, 0)}},
    {"clGetExtensionFunctionAddress", 0x20041, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS_END}},
    {"clCreateFromGLBuffer", 0x20042, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(errcode, 3)}},
    {"clCreateFromGLTexture2D", 0x20043, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(errcode, 5)}},
    {"clCreateFromGLTexture3D", 0x20044, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(errcode, 5)}},
    {"clCreateFromGLRenderbuffer", 0x20045, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(errcode, 3)}},
    {"clGetGLObjectInfo", 0x20046, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(mem, 0)}},
    {"clGetGLTextureInfo", 0x20047, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(mem, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clEnqueueAcquireGLObjects", 0x20048, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 5)}},
    {"clEnqueueReleaseGLObjects", 0x20049, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 5)}},
    {"clGetGLContextInfoKHR", 0x2004a, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(props, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clSetEventCallback", 0x20051, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(event, 0)}},
    {"clCreateSubBuffer", 0x20052, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_SUB_BUFFER, 5, {PTIC_CLVS(mem, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(create_type, 2), PTIC_CLVS(region, 3), PTIC_CLVS(errcode, 4)}},
    {"clSetMemObjectDestructorCallback", 0x20053, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(mem, 0)}},
    {"clCreateUserEvent", 0x20054, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 2, {PTIC_CLVS(context, 0), PTIC_CLVS(errcode, 1)}},
    {"clSetUserEventStatus", 0x20055, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 2, {PTIC_CLVS(event, 0)}},
    {"clEnqueueReadBufferRect", 0x20056, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 14, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 13)}},
    {"clEnqueueWriteBufferRect", 0x20057, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 14, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(blocking, 2), PTIC_CLVS(event, 13)}},
    {"clEnqueueCopyBufferRect", 0x20058, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 13, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 12)}},
    {"clCreateSubDevicesEXT", 0x20059, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(num_devices, 4)}},
    {"clRetainDeviceEXT", 0x2005a, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(device, 0)}},
    {"clReleaseDeviceEXT", 0x2005b, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(device, 0)}},
    {"clCreateEventFromGLsyncKHR", 0x2005c, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(context, 0), PTIC_CLVS(errcode, 2)}},
    {"clCreateSubDevices", 0x2005d, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(num_devices, 4)}},
    {"clRetainDevice", 0x2005e, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(device, 0)}},
    {"clReleaseDevice", 0x2005f, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS(device, 0)}},
    {"clCreateImage", 0x20060, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_IMAGE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(host_ptr, 4), PTIC_CLVS(errcode, 5)}},
    {"clCreateProgramWithBuiltInKernels", 0x20061, PTIC_ROLE_MODULE_CREATE, PTIC_CLOP_BUILTIN, 5, {PTIC_CLVS(context, 0), PTIC_CLVS(num_devices, 1), PTIC_CLVS(devices, 2), PTIC_CLVS(name, 3), PTIC_CLVS(errcode, 4)}},
    {"clCompileProgram", 0x20062, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 9, {PTIC_CLVS(program, 0), PTIC_CLVS(num_devices, 1), PTIC_CLVS(devices, 2), PTIC_CLVS(options, 3)}},
    {"clLinkProgram", 0x20063, PTIC_ROLE_MODULE_CREATE, PTIC_CLOP_LINK, 9, {PTIC_CLVS(context, 0), PTIC_CLVS(num_devices, 1), PTIC_CLVS(devices, 2), PTIC_CLVS(options, 3), PTIC_CLVS(num_programs, 4), PTIC_CLVS(programs, 5), PTIC_CLVS(errcode, 8)}},
    {"clUnloadPlatformCompiler", 0x20064, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 1, {PTIC_CLVS_END}},
    {"clGetKernelArgInfo", 0x20065, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(kernel, 0), PTIC_CLVS(param_name, 2), PTIC_CLVS(value_size, 3), PTIC_CLVS(value, 4), PTIC_CLVS(value_size_ret, 5)}},
    {"clEnqueueFillBuffer", 0x20066, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 9, {PTIC_CLVS(queue, 0), PTIC_CLVS(mem, 1), PTIC_CLVS(event, 8)}},
    {"clEnqueueFillImage", 0x20067, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 8, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 7)}},
    {"clEnqueueMigrateMemObjects", 0x20068, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 7, {PTIC_CLVS(queue, 0), PTIC_CLVS(flags, 3), PTIC_CLVS(event, 6)}},
    {"clEnqueueMarkerWithWaitList", 0x20069, PTIC_ROLE_APPEND, PTIC_CLOP_OTHER, 4, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 3)}},
    {"clEnqueueBarrierWithWaitList", 0x2006a, PTIC_ROLE_APPEND, PTIC_CLOP_OTHER, 4, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 3)}},
    {"clGetExtensionFunctionAddressForPlatform", 0x2006b, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 2, {PTIC_CLVS_END}},
    {"clCreateFromGLTexture", 0x2006c, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(errcode, 5)}},
    {"clCreateFromEGLImageKHR", 0x20077, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 3), PTIC_CLVS(props, 4), PTIC_CLVS(errcode, 5)}},
    {"clEnqueueAcquireEGLObjectsKHR", 0x20078, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 5)}},
    {"clEnqueueReleaseEGLObjectsKHR", 0x20079, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 6, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 5)}},
    {"clCreateEventFromEGLSyncKHR", 0x2007a, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(errcode, 3)}},
    {"clCreateCommandQueueWithProperties", 0x2007b, PTIC_ROLE_OBJ_CREATE, PTIC_CLOP_QUEUE_PROPS, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(device, 1), PTIC_CLVS(props, 2), PTIC_CLVS(errcode, 3)}},
    {"clCreatePipe", 0x2007c, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_PIPE, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(props, 4), PTIC_CLVS(errcode, 5)}},
    {"clGetPipeInfo", 0x2007d, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 5, {PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3), PTIC_CLVS(value_size_ret, 4)}},
    {"clSVMAlloc", 0x2007e, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_SVM, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(flags, 1), PTIC_CLVS(size, 2), PTIC_CLVS(alignment, 3)}},
    {"clSVMFree", 0x2007f, PTIC_ROLE_MEM_FREE, PTIC_CLOP_SVM, 2, {PTIC_CLVS(context, 0), PTIC_CLVS(svm, 1)}},
    {"clEnqueueSVMFree", 0x20080, PTIC_ROLE_APPEND, PTIC_CLOP_SVM_FREE, 8, {PTIC_CLVS(queue, 0), PTIC_CLVS(free_fn, 3), PTIC_CLVS(event, 7)}},
    {"clEnqueueSVMMemcpy", 0x20081, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 8, {PTIC_CLVS(queue, 0), PTIC_CLVS(blocking, 1), PTIC_CLVS(size, 4), PTIC_CLVS(event, 7)}},
    {"clEnqueueSVMMemFill", 0x20082, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 8, {PTIC_CLVS(queue, 0), PTIC_CLVS(size, 4), PTIC_CLVS(event, 7)}},
    {"clEnqueueSVMMap", 0x20083, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 8, {PTIC_CLVS(queue, 0), PTIC_CLVS(blocking, 1), PTIC_CLVS(size, 4), PTIC_CLVS(event, 7)}},
    {"clEnqueueSVMUnmap", 0x20084, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 5, {PTIC_CLVS(queue, 0), PTIC_CLVS(event, 4)}},
    {"clCreateSamplerWithProperties", 0x20085, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(context, 0), PTIC_CLVS(errcode, 2)}},
    {"clSetKernelArgSVMPointer", 0x20086, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(kernel, 0)}},
    {"clSetKernelExecInfo", 0x20087, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(kernel, 0), PTIC_CLVS(param_name, 1), PTIC_CLVS(value_size, 2), PTIC_CLVS(value, 3)}},
    {"clGetKernelSubGroupInfoKHR", 0x20088, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 8, {PTIC_CLVS(param_name, 2), PTIC_CLVS(value_size, 5), PTIC_CLVS(value, 6), PTIC_CLVS(value_size_ret, 7)}},
    {"clCloneKernel", 0x20089, PTIC_ROLE_KERNEL_CREATE, PTIC_CLOP_CLONE, 2, {PTIC_CLVS(kernel, 0), PTIC_CLVS(errcode, 1)}},
    {"clCreateProgramWithIL", 0x2008a, PTIC_ROLE_OBJ_CREATE, PTIC_CLOP_IL, 4, {PTIC_CLVS(context, 0), PTIC_CLVS(il, 1), PTIC_CLVS(length, 2), PTIC_CLVS(errcode, 3)}},
    {"clEnqueueSVMMigrateMem", 0x2008b, PTIC_ROLE_APPEND, PTIC_CLOP_MEMORY, 8, {PTIC_CLVS(queue, 0), PTIC_CLVS(flags, 4), PTIC_CLVS(event, 7)}},
    {"clGetDeviceAndHostTimer", 0x2008c, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(device, 0)}},
    {"clGetHostTimer", 0x2008d, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 2, {PTIC_CLVS(device, 0)}},
    {"clGetKernelSubGroupInfo", 0x2008e, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 8, {PTIC_CLVS(kernel, 0), PTIC_CLVS(device, 1), PTIC_CLVS(param_name, 2), PTIC_CLVS(value_size, 5), PTIC_CLVS(value, 6), PTIC_CLVS(value_size_ret, 7)}},
    {"clSetDefaultDeviceCommandQueue", 0x2008f, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(context, 0), PTIC_CLVS(device, 1), PTIC_CLVS(queue, 2)}},
    {"clSetProgramReleaseCallback", 0x20090, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(program, 0)}},
    {"clSetProgramSpecializationConstant", 0x20091, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 4, {PTIC_CLVS(program, 0)}},
    {"clCreateBufferWithProperties", 0x20092, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_BUFFER, 6, {PTIC_CLVS(context, 0), PTIC_CLVS(props, 1), PTIC_CLVS(flags, 2), PTIC_CLVS(size, 3), PTIC_CLVS(host_ptr, 4), PTIC_CLVS(errcode, 5)}},
    {"clCreateImageWithProperties", 0x20093, PTIC_ROLE_MEM_ALLOC, PTIC_CLOP_IMAGE, 7, {PTIC_CLVS(context, 0), PTIC_CLVS(props, 1), PTIC_CLVS(flags, 2), PTIC_CLVS(host_ptr, 5), PTIC_CLVS(errcode, 6)}},
    {"clSetContextDestructorCallback", 0x20094, PTIC_ROLE_NONE, PTIC_CLOP_NONE, 3, {PTIC_CLVS(context, 0)}},
};

/* X(index, function, return kind, return type, role, (parameters), (arguments),
     (argument addresses), errcode_ret argument, APPEND's queue, kernel and event arguments (the
     last by address) and its blocking argument (CL_FALSE for none)):
   one wrapper each (>>cl-layer) */
#define PTIC_CL_FUNCTIONS(X) \
  X(0, clGetPlatformIDs, INT, cl_int, NONE, (cl_uint a0, cl_platform_id* a1, cl_uint* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(1, clGetPlatformInfo, INT, cl_int, NONE, (cl_platform_id a0, cl_platform_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(2, clGetDeviceIDs, INT, cl_int, NONE, (cl_platform_id a0, cl_device_type a1, cl_uint a2, cl_device_id* a3, cl_uint* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(3, clGetDeviceInfo, INT, cl_int, NONE, (cl_device_id a0, cl_device_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(4, clCreateContext, OBJ, cl_context, CONTEXT_CREATE, (const cl_context_properties* a0, cl_uint a1, const cl_device_id* a2, void (*a3)(const char *, const void *, size_t, void *), void* a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(5, clCreateContextFromType, OBJ, cl_context, CONTEXT_CREATE, (const cl_context_properties* a0, cl_device_type a1, void (*a2)(const char *, const void *, size_t, void *), void* a3, cl_int* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), a4, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(6, clRetainContext, INT, cl_int, NONE, (cl_context a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(7, clReleaseContext, INT, cl_int, CONTEXT_DESTROY, (cl_context a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(8, clGetContextInfo, INT, cl_int, NONE, (cl_context a0, cl_context_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(9, clCreateCommandQueue, OBJ, cl_command_queue, OBJ_CREATE, (cl_context a0, cl_device_id a1, cl_command_queue_properties a2, cl_int* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), a3, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(10, clRetainCommandQueue, INT, cl_int, NONE, (cl_command_queue a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(11, clReleaseCommandQueue, INT, cl_int, OBJ_DESTROY, (cl_command_queue a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(12, clGetCommandQueueInfo, INT, cl_int, LIST_STATE, (cl_command_queue a0, cl_command_queue_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(13, clSetCommandQueueProperty, INT, cl_int, NONE, (cl_command_queue a0, cl_command_queue_properties a1, cl_bool a2, cl_command_queue_properties* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(14, clCreateBuffer, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, cl_mem_flags a1, size_t a2, void* a3, cl_int* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), a4, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(15, clCreateImage2D, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, cl_mem_flags a1, const cl_image_format* a2, size_t a3, size_t a4, size_t a5, void* a6, cl_int* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), a7, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(16, clCreateImage3D, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, cl_mem_flags a1, const cl_image_format* a2, size_t a3, size_t a4, size_t a5, size_t a6, size_t a7, void* a8, cl_int* a9), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9), a9, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(17, clRetainMemObject, INT, cl_int, NONE, (cl_mem a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(18, clReleaseMemObject, INT, cl_int, MEM_FREE, (cl_mem a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(19, clGetSupportedImageFormats, INT, cl_int, NONE, (cl_context a0, cl_mem_flags a1, cl_mem_object_type a2, cl_uint a3, cl_image_format* a4, cl_uint* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(20, clGetMemObjectInfo, INT, cl_int, NONE, (cl_mem a0, cl_mem_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(21, clGetImageInfo, INT, cl_int, NONE, (cl_mem a0, cl_image_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(22, clCreateSampler, OBJ, cl_sampler, NONE, (cl_context a0, cl_bool a1, cl_addressing_mode a2, cl_filter_mode a3, cl_int* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), a4, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(23, clRetainSampler, INT, cl_int, NONE, (cl_sampler a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(24, clReleaseSampler, INT, cl_int, NONE, (cl_sampler a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(25, clGetSamplerInfo, INT, cl_int, NONE, (cl_sampler a0, cl_sampler_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(26, clCreateProgramWithSource, OBJ, cl_program, OBJ_CREATE, (cl_context a0, cl_uint a1, const char** a2, const size_t* a3, cl_int* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), a4, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(27, clCreateProgramWithBinary, OBJ, cl_program, OBJ_CREATE, (cl_context a0, cl_uint a1, const cl_device_id* a2, const size_t* a3, const unsigned char** a4, cl_int* a5, cl_int* a6), (a0, a1, a2, a3, a4, a5, a6), (&a0, &a1, &a2, &a3, &a4, &a5, &a6), a6, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(28, clRetainProgram, INT, cl_int, NONE, (cl_program a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(29, clReleaseProgram, INT, cl_int, MODULE_DESTROY, (cl_program a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(30, clBuildProgram, INT, cl_int, MODULE_CREATE, (cl_program a0, cl_uint a1, const cl_device_id* a2, const char* a3, void (*a4)(cl_program program, void *user_data), void* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(31, clUnloadCompiler, INT, cl_int, NONE, (void), (), (NULL), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(32, clGetProgramInfo, INT, cl_int, NONE, (cl_program a0, cl_program_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(33, clGetProgramBuildInfo, INT, cl_int, NONE, (cl_program a0, cl_device_id a1, cl_program_build_info a2, size_t a3, void* a4, size_t* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(34, clCreateKernel, OBJ, cl_kernel, KERNEL_CREATE, (cl_program a0, const char* a1, cl_int* a2), (a0, a1, a2), (&a0, &a1, &a2), a2, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(35, clCreateKernelsInProgram, INT, cl_int, KERNEL_CREATE, (cl_program a0, cl_uint a1, cl_kernel* a2, cl_uint* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(36, clRetainKernel, INT, cl_int, NONE, (cl_kernel a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(37, clReleaseKernel, INT, cl_int, KERNEL_DESTROY, (cl_kernel a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(38, clSetKernelArg, INT, cl_int, NONE, (cl_kernel a0, cl_uint a1, size_t a2, const void* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(39, clGetKernelInfo, INT, cl_int, NONE, (cl_kernel a0, cl_kernel_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(40, clGetKernelWorkGroupInfo, INT, cl_int, NONE, (cl_kernel a0, cl_device_id a1, cl_kernel_work_group_info a2, size_t a3, void* a4, size_t* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(41, clWaitForEvents, INT, cl_int, HOST_SYNC, (cl_uint a0, const cl_event* a1), (a0, a1), (&a0, &a1), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(42, clGetEventInfo, INT, cl_int, LIST_STATE, (cl_event a0, cl_event_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(43, clRetainEvent, INT, cl_int, NONE, (cl_event a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(44, clReleaseEvent, INT, cl_int, NONE, (cl_event a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(45, clGetEventProfilingInfo, INT, cl_int, LIST_STATE, (cl_event a0, cl_profiling_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(46, clFlush, INT, cl_int, NONE, (cl_command_queue a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(47, clFinish, INT, cl_int, HOST_SYNC, (cl_command_queue a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(48, clEnqueueReadBuffer, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, size_t a3, size_t a4, void* a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, a2) \
  X(49, clEnqueueWriteBuffer, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, size_t a3, size_t a4, const void* a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, a2) \
  X(50, clEnqueueCopyBuffer, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_mem a2, size_t a3, size_t a4, size_t a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, CL_FALSE) \
  X(51, clEnqueueReadImage, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, const size_t* a3, const size_t* a4, size_t a5, size_t a6, void* a7, cl_uint a8, const cl_event* a9, cl_event* a10), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9, &a10), none, a0, PTIC_CL_NO_KERNEL, &a10, a2) \
  X(52, clEnqueueWriteImage, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, const size_t* a3, const size_t* a4, size_t a5, size_t a6, const void* a7, cl_uint a8, const cl_event* a9, cl_event* a10), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9, &a10), none, a0, PTIC_CL_NO_KERNEL, &a10, a2) \
  X(53, clEnqueueCopyImage, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_mem a2, const size_t* a3, const size_t* a4, const size_t* a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, CL_FALSE) \
  X(54, clEnqueueCopyImageToBuffer, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_mem a2, const size_t* a3, const size_t* a4, size_t a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, CL_FALSE) \
  X(55, clEnqueueCopyBufferToImage, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_mem a2, size_t a3, const size_t* a4, const size_t* a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, CL_FALSE) \
  X(56, clEnqueueMapBuffer, OBJ, void *, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, cl_map_flags a3, size_t a4, size_t a5, cl_uint a6, const cl_event* a7, cl_event* a8, cl_int* a9), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9), a9, a0, PTIC_CL_NO_KERNEL, &a8, a2) \
  X(57, clEnqueueMapImage, OBJ, void *, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, cl_map_flags a3, const size_t* a4, const size_t* a5, size_t* a6, size_t* a7, cl_uint a8, const cl_event* a9, cl_event* a10, cl_int* a11), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9, &a10, &a11), a11, a0, PTIC_CL_NO_KERNEL, &a10, a2) \
  X(58, clEnqueueUnmapMemObject, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, void* a2, cl_uint a3, const cl_event* a4, cl_event* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, a0, PTIC_CL_NO_KERNEL, &a5, CL_FALSE) \
  X(59, clEnqueueNDRangeKernel, INT, cl_int, APPEND, (cl_command_queue a0, cl_kernel a1, cl_uint a2, const size_t* a3, const size_t* a4, const size_t* a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, a1, &a8, CL_FALSE) \
  X(60, clEnqueueTask, INT, cl_int, APPEND, (cl_command_queue a0, cl_kernel a1, cl_uint a2, const cl_event* a3, cl_event* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, a0, a1, &a4, CL_FALSE) \
  X(61, clEnqueueNativeKernel, INT, cl_int, APPEND, (cl_command_queue a0, void (*a1)(void *), void* a2, size_t a3, cl_uint a4, const cl_mem* a5, const void** a6, cl_uint a7, const cl_event* a8, cl_event* a9), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9), none, a0, PTIC_CL_NO_KERNEL, &a9, CL_FALSE) \
  X(62, clEnqueueMarker, INT, cl_int, APPEND, (cl_command_queue a0, cl_event* a1), (a0, a1), (&a0, &a1), none, a0, PTIC_CL_NO_KERNEL, &a1, CL_FALSE) \
  X(63, clEnqueueWaitForEvents, INT, cl_int, NONE, (cl_command_queue a0, cl_uint a1, const cl_event* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(64, clEnqueueBarrier, INT, cl_int, APPEND, (cl_command_queue a0), (a0), (&a0), none, a0, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(65, clGetExtensionFunctionAddress, PTR, void *, NONE, (const char* a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(66, clCreateFromGLBuffer, OBJ, cl_mem, NONE, (cl_context a0, cl_mem_flags a1, cl_GLuint a2, int* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), a3, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(67, clCreateFromGLTexture2D, OBJ, cl_mem, NONE, (cl_context a0, cl_mem_flags a1, cl_GLenum a2, cl_GLint a3, cl_GLuint a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(68, clCreateFromGLTexture3D, OBJ, cl_mem, NONE, (cl_context a0, cl_mem_flags a1, cl_GLenum a2, cl_GLint a3, cl_GLuint a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(69, clCreateFromGLRenderbuffer, OBJ, cl_mem, NONE, (cl_context a0, cl_mem_flags a1, cl_GLuint a2, cl_int* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), a3, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(70, clGetGLObjectInfo, INT, cl_int, NONE, (cl_mem a0, cl_gl_object_type* a1, cl_GLuint* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(71, clGetGLTextureInfo, INT, cl_int, NONE, (cl_mem a0, cl_gl_texture_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(72, clEnqueueAcquireGLObjects, INT, cl_int, NONE, (cl_command_queue a0, cl_uint a1, const cl_mem* a2, cl_uint a3, const cl_event* a4, cl_event* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(73, clEnqueueReleaseGLObjects, INT, cl_int, NONE, (cl_command_queue a0, cl_uint a1, const cl_mem* a2, cl_uint a3, const cl_event* a4, cl_event* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(74, clGetGLContextInfoKHR, INT, cl_int, NONE, (const cl_context_properties* a0, cl_gl_context_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(75, clSetEventCallback, INT, cl_int, NONE, (cl_event a0, cl_int a1, void (*a2)(cl_event, cl_int, void *), void* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(76, clCreateSubBuffer, OBJ, cl_mem, MEM_ALLOC, (cl_mem a0, cl_mem_flags a1, cl_buffer_create_type a2, const void* a3, cl_int* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), a4, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(77, clSetMemObjectDestructorCallback, INT, cl_int, NONE, (cl_mem a0, void (*a1)(cl_mem , void * ), void* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(78, clCreateUserEvent, OBJ, cl_event, NONE, (cl_context a0, cl_int* a1), (a0, a1), (&a0, &a1), a1, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(79, clSetUserEventStatus, INT, cl_int, NONE, (cl_event a0, cl_int a1), (a0, a1), (&a0, &a1), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(80, clEnqueueReadBufferRect, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, const size_t* a3, const size_t* a4, const size_t* a5, size_t a6, size_t a7, size_t a8, size_t a9, void* a10, cl_uint a11, const cl_event* a12, cl_event* a13), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9, &a10, &a11, &a12, &a13), none, a0, PTIC_CL_NO_KERNEL, &a13, a2) \
  X(81, clEnqueueWriteBufferRect, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_bool a2, const size_t* a3, const size_t* a4, const size_t* a5, size_t a6, size_t a7, size_t a8, size_t a9, const void* a10, cl_uint a11, const cl_event* a12, cl_event* a13), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9, &a10, &a11, &a12, &a13), none, a0, PTIC_CL_NO_KERNEL, &a13, a2) \
  X(82, clEnqueueCopyBufferRect, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, cl_mem a2, const size_t* a3, const size_t* a4, const size_t* a5, size_t a6, size_t a7, size_t a8, size_t a9, cl_uint a10, const cl_event* a11, cl_event* a12), (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9, &a10, &a11, &a12), none, a0, PTIC_CL_NO_KERNEL, &a12, CL_FALSE) \
  X(83, clCreateSubDevicesEXT, INT, cl_int, NONE, (cl_device_id a0, const cl_device_partition_property_ext* a1, cl_uint a2, cl_device_id* a3, cl_uint* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(84, clRetainDeviceEXT, INT, cl_int, NONE, (cl_device_id a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(85, clReleaseDeviceEXT, INT, cl_int, NONE, (cl_device_id a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(86, clCreateEventFromGLsyncKHR, OBJ, cl_event, NONE, (cl_context a0, cl_GLsync a1, cl_int* a2), (a0, a1, a2), (&a0, &a1, &a2), a2, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(87, clCreateSubDevices, INT, cl_int, NONE, (cl_device_id a0, const cl_device_partition_property* a1, cl_uint a2, cl_device_id* a3, cl_uint* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(88, clRetainDevice, INT, cl_int, NONE, (cl_device_id a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(89, clReleaseDevice, INT, cl_int, NONE, (cl_device_id a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(90, clCreateImage, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, cl_mem_flags a1, const cl_image_format* a2, const cl_image_desc* a3, void* a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(91, clCreateProgramWithBuiltInKernels, OBJ, cl_program, MODULE_CREATE, (cl_context a0, cl_uint a1, const cl_device_id* a2, const char* a3, cl_int* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), a4, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(92, clCompileProgram, INT, cl_int, NONE, (cl_program a0, cl_uint a1, const cl_device_id* a2, const char* a3, cl_uint a4, const cl_program* a5, const char** a6, void (*a7)(cl_program program, void *user_data), void* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(93, clLinkProgram, OBJ, cl_program, MODULE_CREATE, (cl_context a0, cl_uint a1, const cl_device_id* a2, const char* a3, cl_uint a4, const cl_program* a5, void (*a6)(cl_program program, void *user_data), void* a7, cl_int* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), a8, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(94, clUnloadPlatformCompiler, INT, cl_int, NONE, (cl_platform_id a0), (a0), (&a0), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(95, clGetKernelArgInfo, INT, cl_int, NONE, (cl_kernel a0, cl_uint a1, cl_kernel_arg_info a2, size_t a3, void* a4, size_t* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(96, clEnqueueFillBuffer, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, const void* a2, size_t a3, size_t a4, size_t a5, cl_uint a6, const cl_event* a7, cl_event* a8), (a0, a1, a2, a3, a4, a5, a6, a7, a8), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8), none, a0, PTIC_CL_NO_KERNEL, &a8, CL_FALSE) \
  X(97, clEnqueueFillImage, INT, cl_int, APPEND, (cl_command_queue a0, cl_mem a1, const void* a2, const size_t a3[3], const size_t a4[3], cl_uint a5, const cl_event* a6, cl_event* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, a0, PTIC_CL_NO_KERNEL, &a7, CL_FALSE) \
  X(98, clEnqueueMigrateMemObjects, INT, cl_int, APPEND, (cl_command_queue a0, cl_uint a1, const cl_mem* a2, cl_mem_migration_flags a3, cl_uint a4, const cl_event* a5, cl_event* a6), (a0, a1, a2, a3, a4, a5, a6), (&a0, &a1, &a2, &a3, &a4, &a5, &a6), none, a0, PTIC_CL_NO_KERNEL, &a6, CL_FALSE) \
  X(99, clEnqueueMarkerWithWaitList, INT, cl_int, APPEND, (cl_command_queue a0, cl_uint a1, const cl_event* a2, cl_event* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, a0, PTIC_CL_NO_KERNEL, &a3, CL_FALSE) \
  X(100, clEnqueueBarrierWithWaitList, INT, cl_int, APPEND, (cl_command_queue a0, cl_uint a1, const cl_event* a2, cl_event* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, a0, PTIC_CL_NO_KERNEL, &a3, CL_FALSE) \
  X(101, clGetExtensionFunctionAddressForPlatform, PTR, void *, NONE, (cl_platform_id a0, const char* a1), (a0, a1), (&a0, &a1), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(102, clCreateFromGLTexture, OBJ, cl_mem, NONE, (cl_context a0, cl_mem_flags a1, cl_GLenum a2, cl_GLint a3, cl_GLuint a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(103, clCreateFromEGLImageKHR, OBJ, cl_mem, NONE, (cl_context a0, CLeglDisplayKHR a1, CLeglImageKHR a2, cl_mem_flags a3, const cl_egl_image_properties_khr* a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(104, clEnqueueAcquireEGLObjectsKHR, INT, cl_int, NONE, (cl_command_queue a0, cl_uint a1, const cl_mem* a2, cl_uint a3, const cl_event* a4, cl_event* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(105, clEnqueueReleaseEGLObjectsKHR, INT, cl_int, NONE, (cl_command_queue a0, cl_uint a1, const cl_mem* a2, cl_uint a3, const cl_event* a4, cl_event* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(106, clCreateEventFromEGLSyncKHR, OBJ, cl_event, NONE, (cl_context a0, CLeglSyncKHR a1, CLeglDisplayKHR a2, cl_int* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), a3, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(107, clCreateCommandQueueWithProperties, OBJ, cl_command_queue, OBJ_CREATE, (cl_context a0, cl_device_id a1, const cl_queue_properties* a2, cl_int* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), a3, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(108, clCreatePipe, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, cl_mem_flags a1, cl_uint a2, cl_uint a3, const cl_pipe_properties* a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(109, clGetPipeInfo, INT, cl_int, NONE, (cl_mem a0, cl_pipe_info a1, size_t a2, void* a3, size_t* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(110, clSVMAlloc, PTR, void *, MEM_ALLOC, (cl_context a0, cl_svm_mem_flags a1, size_t a2, unsigned int a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(111, clSVMFree, VOID, void, MEM_FREE, (cl_context a0, void* a1), (a0, a1), (&a0, &a1), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(112, clEnqueueSVMFree, INT, cl_int, APPEND, (cl_command_queue a0, cl_uint a1, void** a2, void (*a3)(cl_command_queue , cl_uint , void ** , void * ), void* a4, cl_uint a5, const cl_event* a6, cl_event* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, a0, PTIC_CL_NO_KERNEL, &a7, CL_FALSE) \
  X(113, clEnqueueSVMMemcpy, INT, cl_int, APPEND, (cl_command_queue a0, cl_bool a1, void* a2, const void* a3, size_t a4, cl_uint a5, const cl_event* a6, cl_event* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, a0, PTIC_CL_NO_KERNEL, &a7, a1) \
  X(114, clEnqueueSVMMemFill, INT, cl_int, APPEND, (cl_command_queue a0, void* a1, const void* a2, size_t a3, size_t a4, cl_uint a5, const cl_event* a6, cl_event* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, a0, PTIC_CL_NO_KERNEL, &a7, CL_FALSE) \
  X(115, clEnqueueSVMMap, INT, cl_int, APPEND, (cl_command_queue a0, cl_bool a1, cl_map_flags a2, void* a3, size_t a4, cl_uint a5, const cl_event* a6, cl_event* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, a0, PTIC_CL_NO_KERNEL, &a7, a1) \
  X(116, clEnqueueSVMUnmap, INT, cl_int, APPEND, (cl_command_queue a0, void* a1, cl_uint a2, const cl_event* a3, cl_event* a4), (a0, a1, a2, a3, a4), (&a0, &a1, &a2, &a3, &a4), none, a0, PTIC_CL_NO_KERNEL, &a4, CL_FALSE) \
  X(117, clCreateSamplerWithProperties, OBJ, cl_sampler, NONE, (cl_context a0, const cl_sampler_properties* a1, cl_int* a2), (a0, a1, a2), (&a0, &a1, &a2), a2, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(118, clSetKernelArgSVMPointer, INT, cl_int, NONE, (cl_kernel a0, cl_uint a1, const void* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(119, clSetKernelExecInfo, INT, cl_int, NONE, (cl_kernel a0, cl_kernel_exec_info a1, size_t a2, const void* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(120, clGetKernelSubGroupInfoKHR, INT, cl_int, NONE, (cl_kernel a0, cl_device_id a1, cl_kernel_sub_group_info a2, size_t a3, const void* a4, size_t a5, void* a6, size_t* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(121, clCloneKernel, OBJ, cl_kernel, KERNEL_CREATE, (cl_kernel a0, cl_int* a1), (a0, a1), (&a0, &a1), a1, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(122, clCreateProgramWithIL, OBJ, cl_program, OBJ_CREATE, (cl_context a0, const void* a1, size_t a2, cl_int* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), a3, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(123, clEnqueueSVMMigrateMem, INT, cl_int, APPEND, (cl_command_queue a0, cl_uint a1, const void** a2, const size_t* a3, cl_mem_migration_flags a4, cl_uint a5, const cl_event* a6, cl_event* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, a0, PTIC_CL_NO_KERNEL, &a7, CL_FALSE) \
  X(124, clGetDeviceAndHostTimer, INT, cl_int, NONE, (cl_device_id a0, cl_ulong* a1, cl_ulong* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(125, clGetHostTimer, INT, cl_int, NONE, (cl_device_id a0, cl_ulong* a1), (a0, a1), (&a0, &a1), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(126, clGetKernelSubGroupInfo, INT, cl_int, NONE, (cl_kernel a0, cl_device_id a1, cl_kernel_sub_group_info a2, size_t a3, const void* a4, size_t a5, void* a6, size_t* a7), (a0, a1, a2, a3, a4, a5, a6, a7), (&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(127, clSetDefaultDeviceCommandQueue, INT, cl_int, NONE, (cl_context a0, cl_device_id a1, cl_command_queue a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(128, clSetProgramReleaseCallback, INT, cl_int, NONE, (cl_program a0, void (*a1)(cl_program program, void *user_data), void* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(129, clSetProgramSpecializationConstant, INT, cl_int, NONE, (cl_program a0, cl_uint a1, size_t a2, const void* a3), (a0, a1, a2, a3), (&a0, &a1, &a2, &a3), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(130, clCreateBufferWithProperties, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, const cl_mem_properties* a1, cl_mem_flags a2, size_t a3, void* a4, cl_int* a5), (a0, a1, a2, a3, a4, a5), (&a0, &a1, &a2, &a3, &a4, &a5), a5, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(131, clCreateImageWithProperties, OBJ, cl_mem, MEM_ALLOC, (cl_context a0, const cl_mem_properties* a1, cl_mem_flags a2, const cl_image_format* a3, const cl_image_desc* a4, void* a5, cl_int* a6), (a0, a1, a2, a3, a4, a5, a6), (&a0, &a1, &a2, &a3, &a4, &a5, &a6), a6, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  X(132, clSetContextDestructorCallback, INT, cl_int, NONE, (cl_context a0, void (*a1)(cl_context context, void* user_data), void* a2), (a0, a1, a2), (&a0, &a1, &a2), none, PTIC_CL_NO_KERNEL, PTIC_CL_NO_KERNEL, PTIC_CL_NO_EVENT, CL_FALSE) \
  /* end */

/* The name of every member of the dispatch table, by id - PTIC_OPENCL_ID_BASE */
static const char* const ptic__cl_id_names[PTIC_OPENCL_ID_COUNT] = {
    "clGetPlatformIDs",
    "clGetPlatformInfo",
    "clGetDeviceIDs",
    "clGetDeviceInfo",
    "clCreateContext",
    "clCreateContextFromType",
    "clRetainContext",
    "clReleaseContext",
    "clGetContextInfo",
    "clCreateCommandQueue",
    "clRetainCommandQueue",
    "clReleaseCommandQueue",
    "clGetCommandQueueInfo",
    "clSetCommandQueueProperty",
    "clCreateBuffer",
    "clCreateImage2D",
    "clCreateImage3D",
    "clRetainMemObject",
    "clReleaseMemObject",
    "clGetSupportedImageFormats",
    "clGetMemObjectInfo",
    "clGetImageInfo",
    "clCreateSampler",
    "clRetainSampler",
    "clReleaseSampler",
    "clGetSamplerInfo",
    "clCreateProgramWithSource",
    "clCreateProgramWithBinary",
    "clRetainProgram",
    "clReleaseProgram",
    "clBuildProgram",
    "clUnloadCompiler",
    "clGetProgramInfo",
    "clGetProgramBuildInfo",
    "clCreateKernel",
    "clCreateKernelsInProgram",
    "clRetainKernel",
    "clReleaseKernel",
    "clSetKernelArg",
    "clGetKernelInfo",
    "clGetKernelWorkGroupInfo",
    "clWaitForEvents",
    "clGetEventInfo",
    "clRetainEvent",
    "clReleaseEvent",
    "clGetEventProfilingInfo",
    "clFlush",
    "clFinish",
    "clEnqueueReadBuffer",
    "clEnqueueWriteBuffer",
    "clEnqueueCopyBuffer",
    "clEnqueueReadImage",
    "clEnqueueWriteImage",
    "clEnqueueCopyImage",
    "clEnqueueCopyImageToBuffer",
    "clEnqueueCopyBufferToImage",
    "clEnqueueMapBuffer",
    "clEnqueueMapImage",
    "clEnqueueUnmapMemObject",
    "clEnqueueNDRangeKernel",
    "clEnqueueTask",
    "clEnqueueNativeKernel",
    "clEnqueueMarker",
    "clEnqueueWaitForEvents",
    "clEnqueueBarrier",
    "clGetExtensionFunctionAddress",
    "clCreateFromGLBuffer",
    "clCreateFromGLTexture2D",
    "clCreateFromGLTexture3D",
    "clCreateFromGLRenderbuffer",
    "clGetGLObjectInfo",
    "clGetGLTextureInfo",
    "clEnqueueAcquireGLObjects",
    "clEnqueueReleaseGLObjects",
    "clGetGLContextInfoKHR",
    "clGetDeviceIDsFromD3D10KHR",
    "clCreateFromD3D10BufferKHR",
    "clCreateFromD3D10Texture2DKHR",
    "clCreateFromD3D10Texture3DKHR",
    "clEnqueueAcquireD3D10ObjectsKHR",
    "clEnqueueReleaseD3D10ObjectsKHR",
    "clSetEventCallback",
    "clCreateSubBuffer",
    "clSetMemObjectDestructorCallback",
    "clCreateUserEvent",
    "clSetUserEventStatus",
    "clEnqueueReadBufferRect",
    "clEnqueueWriteBufferRect",
    "clEnqueueCopyBufferRect",
    "clCreateSubDevicesEXT",
    "clRetainDeviceEXT",
    "clReleaseDeviceEXT",
    "clCreateEventFromGLsyncKHR",
    "clCreateSubDevices",
    "clRetainDevice",
    "clReleaseDevice",
    "clCreateImage",
    "clCreateProgramWithBuiltInKernels",
    "clCompileProgram",
    "clLinkProgram",
    "clUnloadPlatformCompiler",
    "clGetKernelArgInfo",
    "clEnqueueFillBuffer",
    "clEnqueueFillImage",
    "clEnqueueMigrateMemObjects",
    "clEnqueueMarkerWithWaitList",
    "clEnqueueBarrierWithWaitList",
    "clGetExtensionFunctionAddressForPlatform",
    "clCreateFromGLTexture",
    "clGetDeviceIDsFromD3D11KHR",
    "clCreateFromD3D11BufferKHR",
    "clCreateFromD3D11Texture2DKHR",
    "clCreateFromD3D11Texture3DKHR",
    "clCreateFromDX9MediaSurfaceKHR",
    "clEnqueueAcquireD3D11ObjectsKHR",
    "clEnqueueReleaseD3D11ObjectsKHR",
    "clGetDeviceIDsFromDX9MediaAdapterKHR",
    "clEnqueueAcquireDX9MediaSurfacesKHR",
    "clEnqueueReleaseDX9MediaSurfacesKHR",
    "clCreateFromEGLImageKHR",
    "clEnqueueAcquireEGLObjectsKHR",
    "clEnqueueReleaseEGLObjectsKHR",
    "clCreateEventFromEGLSyncKHR",
    "clCreateCommandQueueWithProperties",
    "clCreatePipe",
    "clGetPipeInfo",
    "clSVMAlloc",
    "clSVMFree",
    "clEnqueueSVMFree",
    "clEnqueueSVMMemcpy",
    "clEnqueueSVMMemFill",
    "clEnqueueSVMMap",
    "clEnqueueSVMUnmap",
    "clCreateSamplerWithProperties",
    "clSetKernelArgSVMPointer",
    "clSetKernelExecInfo",
    "clGetKernelSubGroupInfoKHR",
    "clCloneKernel",
    "clCreateProgramWithIL",
    "clEnqueueSVMMigrateMem",
    "clGetDeviceAndHostTimer",
    "clGetHostTimer",
    "clGetKernelSubGroupInfo",
    "clSetDefaultDeviceCommandQueue",
    "clSetProgramReleaseCallback",
    "clSetProgramSpecializationConstant",
    "clCreateBufferWithProperties",
    "clCreateImageWithProperties",
    "clSetContextDestructorCallback",
};

/* {wrapped function, argument index, name, C type, PTIC_CLARG_*, size} */
static const ptic__cl_arg ptic__cl_args[] = {
    {0, 0, "num_entries", "cl_uint", PTIC_CLARG_UINT, 4},
    {0, 1, "platforms", "cl_platform_id*", PTIC_CLARG_PTR, 8},
    {0, 2, "num_platforms", "cl_uint*", PTIC_CLARG_PTR, 8},
    {1, 0, "platform", "cl_platform_id", PTIC_CLARG_HANDLE, 8},
    {1, 1, "param_name", "cl_platform_info", PTIC_CLARG_HEX, 4},
    {1, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {1, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {1, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {2, 0, "platform", "cl_platform_id", PTIC_CLARG_HANDLE, 8},
    {2, 1, "device_type", "cl_device_type", PTIC_CLARG_HEX, 8},
    {2, 2, "num_entries", "cl_uint", PTIC_CLARG_UINT, 4},
    {2, 3, "devices", "cl_device_id*", PTIC_CLARG_PTR, 8},
    {2, 4, "num_devices", "cl_uint*", PTIC_CLARG_PTR, 8},
    {3, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {3, 1, "param_name", "cl_device_info", PTIC_CLARG_HEX, 4},
    {3, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {3, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {3, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {4, 0, "properties", "const cl_context_properties*", PTIC_CLARG_PTR, 8},
    {4, 1, "num_devices", "cl_uint", PTIC_CLARG_UINT, 4},
    {4, 2, "devices", "const cl_device_id*", PTIC_CLARG_PTR, 8},
    {4, 3, "pfn_notify", "void (*)(const char *, const void *, size_t, void *)", PTIC_CLARG_PTR, 8},
    {4, 4, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {4, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {5, 0, "properties", "const cl_context_properties*", PTIC_CLARG_PTR, 8},
    {5, 1, "device_type", "cl_device_type", PTIC_CLARG_HEX, 8},
    {5, 2, "pfn_notify", "void (*)(const char *, const void *, size_t, void *)", PTIC_CLARG_PTR, 8},
    {5, 3, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {5, 4, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {6, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {7, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {8, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {8, 1, "param_name", "cl_context_info", PTIC_CLARG_HEX, 4},
    {8, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {8, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {8, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {9, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {9, 1, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {9, 2, "properties", "cl_command_queue_properties", PTIC_CLARG_HEX, 8},
    {9, 3, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {10, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {11, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {12, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {12, 1, "param_name", "cl_command_queue_info", PTIC_CLARG_HEX, 4},
    {12, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {12, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {12, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {13, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {13, 1, "properties", "cl_command_queue_properties", PTIC_CLARG_HEX, 8},
    {13, 2, "enable", "cl_bool", PTIC_CLARG_BOOL, 4},
    {13, 3, "old_properties", "cl_command_queue_properties*", PTIC_CLARG_PTR, 8},
    {14, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {14, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {14, 2, "size", "size_t", PTIC_CLARG_UINT, 8},
    {14, 3, "host_ptr", "void*", PTIC_CLARG_PTR, 8},
    {14, 4, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {15, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {15, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {15, 2, "image_format", "const cl_image_format*", PTIC_CLARG_PTR, 8},
    {15, 3, "image_width", "size_t", PTIC_CLARG_UINT, 8},
    {15, 4, "image_height", "size_t", PTIC_CLARG_UINT, 8},
    {15, 5, "image_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {15, 6, "host_ptr", "void*", PTIC_CLARG_PTR, 8},
    {15, 7, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {16, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {16, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {16, 2, "image_format", "const cl_image_format*", PTIC_CLARG_PTR, 8},
    {16, 3, "image_width", "size_t", PTIC_CLARG_UINT, 8},
    {16, 4, "image_height", "size_t", PTIC_CLARG_UINT, 8},
    {16, 5, "image_depth", "size_t", PTIC_CLARG_UINT, 8},
    {16, 6, "image_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {16, 7, "image_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {16, 8, "host_ptr", "void*", PTIC_CLARG_PTR, 8},
    {16, 9, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {17, 0, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {18, 0, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {19, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {19, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {19, 2, "image_type", "cl_mem_object_type", PTIC_CLARG_HEX, 4},
    {19, 3, "num_entries", "cl_uint", PTIC_CLARG_UINT, 4},
    {19, 4, "image_formats", "cl_image_format*", PTIC_CLARG_PTR, 8},
    {19, 5, "num_image_formats", "cl_uint*", PTIC_CLARG_PTR, 8},
    {20, 0, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {20, 1, "param_name", "cl_mem_info", PTIC_CLARG_HEX, 4},
    {20, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {20, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {20, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {21, 0, "image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {21, 1, "param_name", "cl_image_info", PTIC_CLARG_HEX, 4},
    {21, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {21, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {21, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {22, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {22, 1, "normalized_coords", "cl_bool", PTIC_CLARG_BOOL, 4},
    {22, 2, "addressing_mode", "cl_addressing_mode", PTIC_CLARG_HEX, 4},
    {22, 3, "filter_mode", "cl_filter_mode", PTIC_CLARG_HEX, 4},
    {22, 4, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {23, 0, "sampler", "cl_sampler", PTIC_CLARG_HANDLE, 8},
    {24, 0, "sampler", "cl_sampler", PTIC_CLARG_HANDLE, 8},
    {25, 0, "sampler", "cl_sampler", PTIC_CLARG_HANDLE, 8},
    {25, 1, "param_name", "cl_sampler_info", PTIC_CLARG_HEX, 4},
    {25, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {25, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {25, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {26, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {26, 1, "count", "cl_uint", PTIC_CLARG_UINT, 4},
    {26, 2, "strings", "const char**", PTIC_CLARG_PTR, 8},
    {26, 3, "lengths", "const size_t*", PTIC_CLARG_PTR, 8},
    {26, 4, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {27, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {27, 1, "num_devices", "cl_uint", PTIC_CLARG_UINT, 4},
    {27, 2, "device_list", "const cl_device_id*", PTIC_CLARG_PTR, 8},
    {27, 3, "lengths", "const size_t*", PTIC_CLARG_PTR, 8},
    {27, 4, "binaries", "const unsigned char**", PTIC_CLARG_PTR, 8},
    {27, 5, "binary_status", "cl_int*", PTIC_CLARG_PTR, 8},
    {27, 6, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {28, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {29, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {30, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {30, 1, "num_devices", "cl_uint", PTIC_CLARG_UINT, 4},
    {30, 2, "device_list", "const cl_device_id*", PTIC_CLARG_PTR, 8},
    {30, 3, "options", "const char*", PTIC_CLARG_STR, 8},
    {30, 4, "pfn_notify", "void (*)(cl_program program, void *user_data)", PTIC_CLARG_PTR, 8},
    {30, 5, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {32, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {32, 1, "param_name", "cl_program_info", PTIC_CLARG_HEX, 4},
    {32, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {32, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {32, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {33, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {33, 1, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {33, 2, "param_name", "cl_program_build_info", PTIC_CLARG_HEX, 4},
    {33, 3, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {33, 4, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {33, 5, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {34, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {34, 1, "kernel_name", "const char*", PTIC_CLARG_STR, 8},
    {34, 2, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {35, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {35, 1, "num_kernels", "cl_uint", PTIC_CLARG_UINT, 4},
    {35, 2, "kernels", "cl_kernel*", PTIC_CLARG_PTR, 8},
    {35, 3, "num_kernels_ret", "cl_uint*", PTIC_CLARG_PTR, 8},
    {36, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {37, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {38, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {38, 1, "arg_index", "cl_uint", PTIC_CLARG_UINT, 4},
    {38, 2, "arg_size", "size_t", PTIC_CLARG_UINT, 8},
    {38, 3, "arg_value", "const void*", PTIC_CLARG_PTR, 8},
    {39, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {39, 1, "param_name", "cl_kernel_info", PTIC_CLARG_HEX, 4},
    {39, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {39, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {39, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {40, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {40, 1, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {40, 2, "param_name", "cl_kernel_work_group_info", PTIC_CLARG_HEX, 4},
    {40, 3, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {40, 4, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {40, 5, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {41, 0, "num_events", "cl_uint", PTIC_CLARG_UINT, 4},
    {41, 1, "event_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {42, 0, "event", "cl_event", PTIC_CLARG_HANDLE, 8},
    {42, 1, "param_name", "cl_event_info", PTIC_CLARG_HEX, 4},
    {42, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {42, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {42, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {43, 0, "event", "cl_event", PTIC_CLARG_HANDLE, 8},
    {44, 0, "event", "cl_event", PTIC_CLARG_HANDLE, 8},
    {45, 0, "event", "cl_event", PTIC_CLARG_HANDLE, 8},
    {45, 1, "param_name", "cl_profiling_info", PTIC_CLARG_HEX, 4},
    {45, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {45, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {45, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {46, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {47, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {48, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {48, 1, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {48, 2, "blocking_read", "cl_bool", PTIC_CLARG_BOOL, 4},
    {48, 3, "offset", "size_t", PTIC_CLARG_UINT, 8},
    {48, 4, "cb", "size_t", PTIC_CLARG_UINT, 8},
    {48, 5, "ptr", "void*", PTIC_CLARG_PTR, 8},
    {48, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {48, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {48, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {49, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {49, 1, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {49, 2, "blocking_write", "cl_bool", PTIC_CLARG_BOOL, 4},
    {49, 3, "offset", "size_t", PTIC_CLARG_UINT, 8},
    {49, 4, "cb", "size_t", PTIC_CLARG_UINT, 8},
    {49, 5, "ptr", "const void*", PTIC_CLARG_PTR, 8},
    {49, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {49, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {49, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {50, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {50, 1, "src_buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {50, 2, "dst_buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {50, 3, "src_offset", "size_t", PTIC_CLARG_UINT, 8},
    {50, 4, "dst_offset", "size_t", PTIC_CLARG_UINT, 8},
    {50, 5, "cb", "size_t", PTIC_CLARG_UINT, 8},
    {50, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {50, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {50, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {51, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {51, 1, "image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {51, 2, "blocking_read", "cl_bool", PTIC_CLARG_BOOL, 4},
    {51, 3, "origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {51, 4, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {51, 5, "row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {51, 6, "slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {51, 7, "ptr", "void*", PTIC_CLARG_PTR, 8},
    {51, 8, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {51, 9, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {51, 10, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {52, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {52, 1, "image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {52, 2, "blocking_write", "cl_bool", PTIC_CLARG_BOOL, 4},
    {52, 3, "origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {52, 4, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {52, 5, "input_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {52, 6, "input_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {52, 7, "ptr", "const void*", PTIC_CLARG_PTR, 8},
    {52, 8, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {52, 9, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {52, 10, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {53, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {53, 1, "src_image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {53, 2, "dst_image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {53, 3, "src_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {53, 4, "dst_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {53, 5, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {53, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {53, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {53, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {54, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {54, 1, "src_image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {54, 2, "dst_buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {54, 3, "src_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {54, 4, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {54, 5, "dst_offset", "size_t", PTIC_CLARG_UINT, 8},
    {54, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {54, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {54, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {55, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {55, 1, "src_buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {55, 2, "dst_image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {55, 3, "src_offset", "size_t", PTIC_CLARG_UINT, 8},
    {55, 4, "dst_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {55, 5, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {55, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {55, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {55, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {56, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {56, 1, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {56, 2, "blocking_map", "cl_bool", PTIC_CLARG_BOOL, 4},
    {56, 3, "map_flags", "cl_map_flags", PTIC_CLARG_HEX, 8},
    {56, 4, "offset", "size_t", PTIC_CLARG_UINT, 8},
    {56, 5, "cb", "size_t", PTIC_CLARG_UINT, 8},
    {56, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {56, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {56, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {56, 9, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {57, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {57, 1, "image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {57, 2, "blocking_map", "cl_bool", PTIC_CLARG_BOOL, 4},
    {57, 3, "map_flags", "cl_map_flags", PTIC_CLARG_HEX, 8},
    {57, 4, "origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {57, 5, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {57, 6, "image_row_pitch", "size_t*", PTIC_CLARG_PTR, 8},
    {57, 7, "image_slice_pitch", "size_t*", PTIC_CLARG_PTR, 8},
    {57, 8, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {57, 9, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {57, 10, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {57, 11, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {58, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {58, 1, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {58, 2, "mapped_ptr", "void*", PTIC_CLARG_PTR, 8},
    {58, 3, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {58, 4, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {58, 5, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {59, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {59, 1, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {59, 2, "work_dim", "cl_uint", PTIC_CLARG_UINT, 4},
    {59, 3, "global_work_offset", "const size_t*", PTIC_CLARG_PTR, 8},
    {59, 4, "global_work_size", "const size_t*", PTIC_CLARG_PTR, 8},
    {59, 5, "local_work_size", "const size_t*", PTIC_CLARG_PTR, 8},
    {59, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {59, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {59, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {60, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {60, 1, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {60, 2, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {60, 3, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {60, 4, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {61, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {61, 1, "user_func", "void (*)(void *)", PTIC_CLARG_PTR, 8},
    {61, 2, "args", "void*", PTIC_CLARG_PTR, 8},
    {61, 3, "cb_args", "size_t", PTIC_CLARG_UINT, 8},
    {61, 4, "num_mem_objects", "cl_uint", PTIC_CLARG_UINT, 4},
    {61, 5, "mem_list", "const cl_mem*", PTIC_CLARG_PTR, 8},
    {61, 6, "args_mem_loc", "const void**", PTIC_CLARG_PTR, 8},
    {61, 7, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {61, 8, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {61, 9, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {62, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {62, 1, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {63, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {63, 1, "num_events", "cl_uint", PTIC_CLARG_UINT, 4},
    {63, 2, "event_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {64, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {65, 0, "function_name", "const char*", PTIC_CLARG_STR, 8},
    {66, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {66, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {66, 2, "bufobj", "cl_GLuint", PTIC_CLARG_UINT, 4},
    {66, 3, "errcode_ret", "int*", PTIC_CLARG_PTR, 8},
    {67, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {67, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {67, 2, "target", "cl_GLenum", PTIC_CLARG_UINT, 4},
    {67, 3, "miplevel", "cl_GLint", PTIC_CLARG_INT, 4},
    {67, 4, "texture", "cl_GLuint", PTIC_CLARG_UINT, 4},
    {67, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {68, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {68, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {68, 2, "target", "cl_GLenum", PTIC_CLARG_UINT, 4},
    {68, 3, "miplevel", "cl_GLint", PTIC_CLARG_INT, 4},
    {68, 4, "texture", "cl_GLuint", PTIC_CLARG_UINT, 4},
    {68, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {69, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {69, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {69, 2, "renderbuffer", "cl_GLuint", PTIC_CLARG_UINT, 4},
    {69, 3, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {70, 0, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {70, 1, "gl_object_type", "cl_gl_object_type*", PTIC_CLARG_PTR, 8},
    {70, 2, "gl_object_name", "cl_GLuint*", PTIC_CLARG_PTR, 8},
    {71, 0, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {71, 1, "param_name", "cl_gl_texture_info", PTIC_CLARG_HEX, 4},
    {71, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {71, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {71, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {72, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {72, 1, "num_objects", "cl_uint", PTIC_CLARG_UINT, 4},
    {72, 2, "mem_objects", "const cl_mem*", PTIC_CLARG_PTR, 8},
    {72, 3, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {72, 4, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {72, 5, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {73, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {73, 1, "num_objects", "cl_uint", PTIC_CLARG_UINT, 4},
    {73, 2, "mem_objects", "const cl_mem*", PTIC_CLARG_PTR, 8},
    {73, 3, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {73, 4, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {73, 5, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {74, 0, "properties", "const cl_context_properties*", PTIC_CLARG_PTR, 8},
    {74, 1, "param_name", "cl_gl_context_info", PTIC_CLARG_HEX, 4},
    {74, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {74, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {74, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {75, 0, "event", "cl_event", PTIC_CLARG_HANDLE, 8},
    {75, 1, "command_exec_callback_type", "cl_int", PTIC_CLARG_INT, 4},
    {75, 2, "pfn_notify", "void (*)(cl_event, cl_int, void *)", PTIC_CLARG_PTR, 8},
    {75, 3, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {76, 0, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {76, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {76, 2, "buffer_create_type", "cl_buffer_create_type", PTIC_CLARG_HEX, 4},
    {76, 3, "buffer_create_info", "const void*", PTIC_CLARG_PTR, 8},
    {76, 4, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {77, 0, "memobj", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {77, 1, "pfn_notify", "void (*)(cl_mem , void * )", PTIC_CLARG_PTR, 8},
    {77, 2, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {78, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {78, 1, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {79, 0, "event", "cl_event", PTIC_CLARG_HANDLE, 8},
    {79, 1, "execution_status", "cl_int", PTIC_CLARG_INT, 4},
    {80, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {80, 1, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {80, 2, "blocking_read", "cl_bool", PTIC_CLARG_BOOL, 4},
    {80, 3, "buffer_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {80, 4, "host_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {80, 5, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {80, 6, "buffer_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {80, 7, "buffer_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {80, 8, "host_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {80, 9, "host_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {80, 10, "ptr", "void*", PTIC_CLARG_PTR, 8},
    {80, 11, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {80, 12, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {80, 13, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {81, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {81, 1, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {81, 2, "blocking_read", "cl_bool", PTIC_CLARG_BOOL, 4},
    {81, 3, "buffer_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {81, 4, "host_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {81, 5, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {81, 6, "buffer_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {81, 7, "buffer_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {81, 8, "host_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {81, 9, "host_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {81, 10, "ptr", "const void*", PTIC_CLARG_PTR, 8},
    {81, 11, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {81, 12, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {81, 13, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {82, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {82, 1, "src_buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {82, 2, "dst_buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {82, 3, "src_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {82, 4, "dst_origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {82, 5, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {82, 6, "src_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {82, 7, "src_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {82, 8, "dst_row_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {82, 9, "dst_slice_pitch", "size_t", PTIC_CLARG_UINT, 8},
    {82, 10, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {82, 11, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {82, 12, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {83, 0, "in_device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {83, 1, "partition_properties", "const cl_device_partition_property_ext*", PTIC_CLARG_PTR, 8},
    {83, 2, "num_entries", "cl_uint", PTIC_CLARG_UINT, 4},
    {83, 3, "out_devices", "cl_device_id*", PTIC_CLARG_PTR, 8},
    {83, 4, "num_devices", "cl_uint*", PTIC_CLARG_PTR, 8},
    {84, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {85, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {86, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {86, 1, "sync", "cl_GLsync", PTIC_CLARG_UINT, 8},
    {86, 2, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {87, 0, "in_device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {87, 1, "partition_properties", "const cl_device_partition_property*", PTIC_CLARG_PTR, 8},
    {87, 2, "num_entries", "cl_uint", PTIC_CLARG_UINT, 4},
    {87, 3, "out_devices", "cl_device_id*", PTIC_CLARG_PTR, 8},
    {87, 4, "num_devices", "cl_uint*", PTIC_CLARG_PTR, 8},
    {88, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {89, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {90, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {90, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {90, 2, "image_format", "const cl_image_format*", PTIC_CLARG_PTR, 8},
    {90, 3, "image_desc", "const cl_image_desc*", PTIC_CLARG_PTR, 8},
    {90, 4, "host_ptr", "void*", PTIC_CLARG_PTR, 8},
    {90, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {91, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {91, 1, "num_devices", "cl_uint", PTIC_CLARG_UINT, 4},
    {91, 2, "device_list", "const cl_device_id*", PTIC_CLARG_PTR, 8},
    {91, 3, "kernel_names", "const char*", PTIC_CLARG_STR, 8},
    {91, 4, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {92, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {92, 1, "num_devices", "cl_uint", PTIC_CLARG_UINT, 4},
    {92, 2, "device_list", "const cl_device_id*", PTIC_CLARG_PTR, 8},
    {92, 3, "options", "const char*", PTIC_CLARG_STR, 8},
    {92, 4, "num_input_headers", "cl_uint", PTIC_CLARG_UINT, 4},
    {92, 5, "input_headers", "const cl_program*", PTIC_CLARG_PTR, 8},
    {92, 6, "header_include_names", "const char**", PTIC_CLARG_PTR, 8},
    {92, 7, "pfn_notify", "void (*)(cl_program program, void *user_data)", PTIC_CLARG_PTR, 8},
    {92, 8, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {93, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {93, 1, "num_devices", "cl_uint", PTIC_CLARG_UINT, 4},
    {93, 2, "device_list", "const cl_device_id*", PTIC_CLARG_PTR, 8},
    {93, 3, "options", "const char*", PTIC_CLARG_STR, 8},
    {93, 4, "num_input_programs", "cl_uint", PTIC_CLARG_UINT, 4},
    {93, 5, "input_programs", "const cl_program*", PTIC_CLARG_PTR, 8},
    {93, 6, "pfn_notify", "void (*)(cl_program program, void *user_data)", PTIC_CLARG_PTR, 8},
    {93, 7, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {93, 8, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {94, 0, "platform", "cl_platform_id", PTIC_CLARG_HANDLE, 8},
    {95, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {95, 1, "arg_indx", "cl_uint", PTIC_CLARG_UINT, 4},
    {95, 2, "param_name", "cl_kernel_arg_info", PTIC_CLARG_HEX, 4},
    {95, 3, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {95, 4, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {95, 5, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {96, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {96, 1, "buffer", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {96, 2, "pattern", "const void*", PTIC_CLARG_PTR, 8},
    {96, 3, "pattern_size", "size_t", PTIC_CLARG_UINT, 8},
    {96, 4, "offset", "size_t", PTIC_CLARG_UINT, 8},
    {96, 5, "cb", "size_t", PTIC_CLARG_UINT, 8},
    {96, 6, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {96, 7, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {96, 8, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {97, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {97, 1, "image", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {97, 2, "fill_color", "const void*", PTIC_CLARG_PTR, 8},
    {97, 3, "origin", "const size_t*", PTIC_CLARG_PTR, 8},
    {97, 4, "region", "const size_t*", PTIC_CLARG_PTR, 8},
    {97, 5, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {97, 6, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {97, 7, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {98, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {98, 1, "num_mem_objects", "cl_uint", PTIC_CLARG_UINT, 4},
    {98, 2, "mem_objects", "const cl_mem*", PTIC_CLARG_PTR, 8},
    {98, 3, "flags", "cl_mem_migration_flags", PTIC_CLARG_HEX, 8},
    {98, 4, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {98, 5, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {98, 6, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {99, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {99, 1, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {99, 2, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {99, 3, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {100, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {100, 1, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {100, 2, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {100, 3, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {101, 0, "platform", "cl_platform_id", PTIC_CLARG_HANDLE, 8},
    {101, 1, "function_name", "const char*", PTIC_CLARG_STR, 8},
    {102, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {102, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {102, 2, "target", "cl_GLenum", PTIC_CLARG_UINT, 4},
    {102, 3, "miplevel", "cl_GLint", PTIC_CLARG_INT, 4},
    {102, 4, "texture", "cl_GLuint", PTIC_CLARG_UINT, 4},
    {102, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {103, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {103, 1, "display", "CLeglDisplayKHR", PTIC_CLARG_HEX, 4},
    {103, 2, "image", "CLeglImageKHR", PTIC_CLARG_HEX, 4},
    {103, 3, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {103, 4, "properties", "const cl_egl_image_properties_khr*", PTIC_CLARG_PTR, 8},
    {103, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {104, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {104, 1, "num_objects", "cl_uint", PTIC_CLARG_UINT, 4},
    {104, 2, "mem_objects", "const cl_mem*", PTIC_CLARG_PTR, 8},
    {104, 3, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {104, 4, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {104, 5, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {105, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {105, 1, "num_objects", "cl_uint", PTIC_CLARG_UINT, 4},
    {105, 2, "mem_objects", "const cl_mem*", PTIC_CLARG_PTR, 8},
    {105, 3, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {105, 4, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {105, 5, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {106, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {106, 1, "sync", "CLeglSyncKHR", PTIC_CLARG_HEX, 4},
    {106, 2, "display", "CLeglDisplayKHR", PTIC_CLARG_HEX, 4},
    {106, 3, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {107, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {107, 1, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {107, 2, "properties", "const cl_queue_properties*", PTIC_CLARG_PTR, 8},
    {107, 3, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {108, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {108, 1, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {108, 2, "pipe_packet_size", "cl_uint", PTIC_CLARG_UINT, 4},
    {108, 3, "pipe_max_packets", "cl_uint", PTIC_CLARG_UINT, 4},
    {108, 4, "properties", "const cl_pipe_properties*", PTIC_CLARG_PTR, 8},
    {108, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {109, 0, "pipe", "cl_mem", PTIC_CLARG_HANDLE, 8},
    {109, 1, "param_name", "cl_pipe_info", PTIC_CLARG_HEX, 4},
    {109, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {109, 3, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {109, 4, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {110, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {110, 1, "flags", "cl_svm_mem_flags", PTIC_CLARG_HEX, 8},
    {110, 2, "size", "size_t", PTIC_CLARG_UINT, 8},
    {110, 3, "alignment", "unsigned int", PTIC_CLARG_UINT, 4},
    {111, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {111, 1, "svm_pointer", "void*", PTIC_CLARG_PTR, 8},
    {112, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {112, 1, "num_svm_pointers", "cl_uint", PTIC_CLARG_UINT, 4},
    {112, 2, "svm_pointers", "void**", PTIC_CLARG_PTR, 8},
    {112, 3, "pfn_free_func", "void (*)(cl_command_queue , cl_uint , void ** , void * )", PTIC_CLARG_PTR, 8},
    {112, 4, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {112, 5, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {112, 6, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {112, 7, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {113, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {113, 1, "blocking_copy", "cl_bool", PTIC_CLARG_BOOL, 4},
    {113, 2, "dst_ptr", "void*", PTIC_CLARG_PTR, 8},
    {113, 3, "src_ptr", "const void*", PTIC_CLARG_PTR, 8},
    {113, 4, "size", "size_t", PTIC_CLARG_UINT, 8},
    {113, 5, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {113, 6, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {113, 7, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {114, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {114, 1, "svm_ptr", "void*", PTIC_CLARG_PTR, 8},
    {114, 2, "pattern", "const void*", PTIC_CLARG_PTR, 8},
    {114, 3, "pattern_size", "size_t", PTIC_CLARG_UINT, 8},
    {114, 4, "size", "size_t", PTIC_CLARG_UINT, 8},
    {114, 5, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {114, 6, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {114, 7, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {115, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {115, 1, "blocking_map", "cl_bool", PTIC_CLARG_BOOL, 4},
    {115, 2, "map_flags", "cl_map_flags", PTIC_CLARG_HEX, 8},
    {115, 3, "svm_ptr", "void*", PTIC_CLARG_PTR, 8},
    {115, 4, "size", "size_t", PTIC_CLARG_UINT, 8},
    {115, 5, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {115, 6, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {115, 7, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {116, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {116, 1, "svm_ptr", "void*", PTIC_CLARG_PTR, 8},
    {116, 2, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {116, 3, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {116, 4, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {117, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {117, 1, "sampler_properties", "const cl_sampler_properties*", PTIC_CLARG_PTR, 8},
    {117, 2, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {118, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {118, 1, "arg_index", "cl_uint", PTIC_CLARG_UINT, 4},
    {118, 2, "arg_value", "const void*", PTIC_CLARG_PTR, 8},
    {119, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {119, 1, "param_name", "cl_kernel_exec_info", PTIC_CLARG_HEX, 4},
    {119, 2, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {119, 3, "param_value", "const void*", PTIC_CLARG_PTR, 8},
    {120, 0, "in_kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {120, 1, "in_device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {120, 2, "param_name", "cl_kernel_sub_group_info", PTIC_CLARG_HEX, 4},
    {120, 3, "input_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {120, 4, "input_value", "const void*", PTIC_CLARG_PTR, 8},
    {120, 5, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {120, 6, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {120, 7, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {121, 0, "source_kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {121, 1, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {122, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {122, 1, "il", "const void*", PTIC_CLARG_PTR, 8},
    {122, 2, "length", "size_t", PTIC_CLARG_UINT, 8},
    {122, 3, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {123, 0, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {123, 1, "num_svm_pointers", "cl_uint", PTIC_CLARG_UINT, 4},
    {123, 2, "svm_pointers", "const void**", PTIC_CLARG_PTR, 8},
    {123, 3, "sizes", "const size_t*", PTIC_CLARG_PTR, 8},
    {123, 4, "flags", "cl_mem_migration_flags", PTIC_CLARG_HEX, 8},
    {123, 5, "num_events_in_wait_list", "cl_uint", PTIC_CLARG_UINT, 4},
    {123, 6, "event_wait_list", "const cl_event*", PTIC_CLARG_PTR, 8},
    {123, 7, "event", "cl_event*", PTIC_CLARG_PTR, 8},
    {124, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {124, 1, "device_timestamp", "cl_ulong*", PTIC_CLARG_PTR, 8},
    {124, 2, "host_timestamp", "cl_ulong*", PTIC_CLARG_PTR, 8},
    {125, 0, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {125, 1, "host_timestamp", "cl_ulong*", PTIC_CLARG_PTR, 8},
    {126, 0, "kernel", "cl_kernel", PTIC_CLARG_HANDLE, 8},
    {126, 1, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {126, 2, "param_name", "cl_kernel_sub_group_info", PTIC_CLARG_HEX, 4},
    {126, 3, "input_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {126, 4, "input_value", "const void*", PTIC_CLARG_PTR, 8},
    {126, 5, "param_value_size", "size_t", PTIC_CLARG_UINT, 8},
    {126, 6, "param_value", "void*", PTIC_CLARG_PTR, 8},
    {126, 7, "param_value_size_ret", "size_t*", PTIC_CLARG_PTR, 8},
    {127, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {127, 1, "device", "cl_device_id", PTIC_CLARG_HANDLE, 8},
    {127, 2, "command_queue", "cl_command_queue", PTIC_CLARG_HANDLE, 8},
    {128, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {128, 1, "pfn_notify", "void (*)(cl_program program, void *user_data)", PTIC_CLARG_PTR, 8},
    {128, 2, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {129, 0, "program", "cl_program", PTIC_CLARG_HANDLE, 8},
    {129, 1, "spec_id", "cl_uint", PTIC_CLARG_UINT, 4},
    {129, 2, "spec_size", "size_t", PTIC_CLARG_UINT, 8},
    {129, 3, "spec_value", "const void*", PTIC_CLARG_PTR, 8},
    {130, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {130, 1, "properties", "const cl_mem_properties*", PTIC_CLARG_PTR, 8},
    {130, 2, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {130, 3, "size", "size_t", PTIC_CLARG_UINT, 8},
    {130, 4, "host_ptr", "void*", PTIC_CLARG_PTR, 8},
    {130, 5, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {131, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {131, 1, "properties", "const cl_mem_properties*", PTIC_CLARG_PTR, 8},
    {131, 2, "flags", "cl_mem_flags", PTIC_CLARG_HEX, 8},
    {131, 3, "image_format", "const cl_image_format*", PTIC_CLARG_PTR, 8},
    {131, 4, "image_desc", "const cl_image_desc*", PTIC_CLARG_PTR, 8},
    {131, 5, "host_ptr", "void*", PTIC_CLARG_PTR, 8},
    {131, 6, "errcode_ret", "cl_int*", PTIC_CLARG_PTR, 8},
    {132, 0, "context", "cl_context", PTIC_CLARG_HANDLE, 8},
    {132, 1, "pfn_notify", "void (*)(cl_context context, void* user_data)", PTIC_CLARG_PTR, 8},
    {132, 2, "user_data", "void*", PTIC_CLARG_PTR, 8},
    {PTIC_OPENCL_API_COUNT, 0, "", "", 0, 0}};
static PTIC_ALWAYS_INLINE const ptic__cl_desc* ptic__cl_api(uint32_t i) { return &ptic__cl_apis[i]; }
static const char* ptic__cl_id_name_at(uint32_t index) { return ptic__cl_id_names[index]; }
/* The arguments of a wrapped function (in index order), NULL for none. */
static const ptic__cl_arg* ptic__cl_args_of(uint32_t i) {
  size_t lo = 0, hi = sizeof ptic__cl_args / sizeof ptic__cl_args[0] - 1; /* the table is in function order */
  while (lo < hi) {
    const size_t mid = (lo + hi) / 2;
    if (ptic__cl_args[mid].api < i) lo = mid + 1;
    else hi = mid;
  }
  return ptic__cl_args[lo].api == i && i < PTIC_OPENCL_API_COUNT ? &ptic__cl_args[lo] : NULL;
}

/* The layer's function of every wrapped member (ptic__cl_<fn>: >>cl-layer). */
PTIC_CL_FUNCTIONS(PTIC_CL_WRAPPER)
static void ptic__cl_fill_layer(void) {
#define PTIC_X(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event, blocking) \
  if (ptic__cl.next.fn) ptic__cl.layer.fn = ptic__cl_##fn;
  PTIC_CL_FUNCTIONS(PTIC_X)
#undef PTIC_X
}
/* Every wrapped member is traced (once the loader gave its table: those it has). */
static void ptic__cl_mark_traced(void) {
  const int known = ptic__atomic_load_u32(&ptic__cl.layered, PTIC_ACQUIRE) != 0;
#define PTIC_X(i, fn, kind, type, role, params, args, addrs, err, queue, kernel, event, blocking) \
  if (!known || ptic__cl.next.fn) ptic__api_set_traced(PTIC_CL_BASE + (i));
  PTIC_CL_FUNCTIONS(PTIC_X)
#undef PTIC_X
}
#endif /* PTIC_NO_OPENCL */

/* ==== >>itt =============================================================================== */
/* THE APPLICATION'S ITT ANNOTATIONS (PTIC_CB_DOMAIN_MARKER). ITT (Intel's instrumentation and
   tracing API: __itt_task_begin, __itt_frame_begin_v3, ...) is a static part compiled into each
   instrumented module (the application, oneTBB, oneDNN, PyTorch) whose functions are pointers.
   At its first call, the static part dlopens the collector that INTEL_LIBITTNOTIFY64 names and
   calls the collector's __itt_api_init with its descriptor: the collector points the functions
   it implements at its own. Until then, and for the functions it leaves alone, they cost the
   application a call that returns.
     >>itt-deliver   an annotation to the MARKER subscribers: ranges matched to their begins,
                     correlation ids; always compiled (a copy of the library that is not the
                     collector delivers what the collector's copy forwards: >>hub)
     >>itt-collector the collector's side of the protocol, with PTIC_ITT_COLLECTOR only: the
                     exported __itt_api_init, the functions it points the static part at, the
                     constructor that names this library in INTEL_LIBITTNOTIFY64 */

/* (ptic__mark, what a collector function saw, is in the core: the hub passes it between copies) */

/* ---- >>itt-deliver ---- */

/* The open ranges matched by domain and id (overlapped tasks, regions, frames): their begins'
   correlation ids, under their own lock. */
typedef struct ptic__open_range {
  const void* key;
  uint64_t id[3];
  uint32_t kind;
  uint32_t corr;
} ptic__open_range;
#define PTIC_OPEN_RANGES_MAX 4096u /* past this, a range's end is delivered with id 0 */
static struct {
  pthread_mutex_t lock;
  ptic__open_range* r;
  size_t n, cap;
} ptic__ranges = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

/* The correlation id a range matched by (kind, key, id) ends with: its begin's, forgotten
   (0 when its begin was not seen). */
static uint32_t ptic__range_end(const ptic__mark* m) {
  uint32_t corr = 0;
  pthread_mutex_lock(&ptic__ranges.lock);
  for (size_t i = ptic__ranges.n; i-- > 0;) {
    const ptic__open_range* o = &ptic__ranges.r[i];
    if (o->kind != m->kind || o->key != m->key || memcmp(o->id, m->id, sizeof o->id) != 0) continue;
    corr = o->corr;
    ptic__ranges.r[i] = ptic__ranges.r[--ptic__ranges.n];
    break;
  }
  pthread_mutex_unlock(&ptic__ranges.lock);
  return corr;
}
static void ptic__range_begin(const ptic__mark* m, uint32_t corr) {
  pthread_mutex_lock(&ptic__ranges.lock);
  if (ptic__ranges.n < PTIC_OPEN_RANGES_MAX &&
      ptic__grow(&ptic__ranges.r, ptic__ranges.n, &ptic__ranges.cap, sizeof(ptic__open_range))) {
    ptic__open_range* o = &ptic__ranges.r[ptic__ranges.n++];
    o->key = m->key;
    memcpy(o->id, m->id, sizeof o->id);
    o->kind = m->kind;
    o->corr = corr;
  }
  pthread_mutex_unlock(&ptic__ranges.lock);
}

/* The record of m in one phase to the MARKER subscribers that have it on. */
static void ptic__mark_deliver(ptic__thread* t, ptic_marker_data* rec, pti_callback_phase phase) {
  ptic__cur cur;
  memset(&cur, 0, sizeof cur);
  rec->_phase = phase;
  cur.rec = rec;
  cur.api_id = rec->_kind;
  cur.group = PTIC_API_GROUP_ITT;
  cur.dom = PTIC_DOM_MARKER;
  cur.phase = phase;
  ptic__deliver_thread(t, &cur, PTIC_DOM_MARKER * 2u + (phase == PTI_CB_PHASE_API_EXIT ? 1u : 0u), PTIC_ALL_SLOTS, 0);
}

/* ptic__hub.marker: an annotation, in the active copy. Ranges are matched whether or not
   anyone listens to their phase, while the domain is on. */
static void ptic__own_marker(const ptic__mark* m) {
  const ptic__mask mask = ptic__mask_load();
  if (PTIC_LIKELY(!(mask & PTIC_BITS(PTIC_DOM_MARKER)))) return;
  ptic__thread* t = ptic__thread_get();
  if (!t || t->internal) return;
  ptic_marker_data rec;
  memset(&rec, 0, sizeof rec);
  rec._domain = PTIC_CB_DOMAIN_MARKER;
  rec._kind = PTIC_SCAST(ptic_marker_kind, m->kind);
  rec._domain_name = m->domain_name;
  rec._name = m->name;
  rec._id = m->id[0];
  rec._parent_id = m->parent_id;
  rec._fn = m->fn;
  rec._begin_ns = m->begin_ns;
  rec._end_ns = m->end_ns;
  if (m->what == PTIC_MARK_END) {
    if (m->kind == PTIC_MARKER_TASK) {
      if (t->nmarks) {
        t->nmarks--;
        rec._correlation_id = t->nmarks < PTIC_MARK_DEPTH ? t->marks[t->nmarks] : 0u;
      }
    } else {
      rec._correlation_id = ptic__range_end(m);
    }
    rec._parent_correlation_id = t->nmarks && t->nmarks <= PTIC_MARK_DEPTH ? t->marks[t->nmarks - 1] : 0u;
    if (mask & PTIC_BIT(PTIC_DOM_MARKER, 2u)) ptic__mark_deliver(t, &rec, PTI_CB_PHASE_API_EXIT);
    return;
  }
  rec._correlation_id = ptic__next_corr_id(t);
  rec._parent_correlation_id = t->nmarks && t->nmarks <= PTIC_MARK_DEPTH ? t->marks[t->nmarks - 1] : 0u;
  if (m->what == PTIC_MARK_BEGIN) {
    if (m->kind == PTIC_MARKER_TASK) {
      if (t->nmarks < PTIC_MARK_DEPTH) t->marks[t->nmarks] = rec._correlation_id;
      t->nmarks++;
    } else {
      ptic__range_begin(m, rec._correlation_id);
    }
  }
  if (mask & PTIC_BIT(PTIC_DOM_MARKER, 1u)) ptic__mark_deliver(t, &rec, PTI_CB_PHASE_API_ENTER);
  if (m->what == PTIC_MARK_POINT && (mask & PTIC_BIT(PTIC_DOM_MARKER, 2u)))
    ptic__mark_deliver(t, &rec, PTI_CB_PHASE_API_EXIT);
}

/* The collector's name for the warning below, when another one is named (>>itt-collector). */
static const char* ptic__itt_other;

/* ptiCallbackEnableDomain(MARKER): one INTERNAL_EVENT WARNING when no annotation can arrive:
   INTEL_LIBITTNOTIFY64 unset, or naming another collector than this copy. */
static void ptic__itt_check(void) {
  static ptic__atomic_u32 told;
  const char* v = getenv("INTEL_LIBITTNOTIFY64");
  const char* msg = NULL;
  if (!v || !*v)
    msg = "PTIC_CB_DOMAIN_MARKER is enabled, but INTEL_LIBITTNOTIFY64 names no ITT collector: build the "
          "tool (a shared library) with PTIC_ITT_COLLECTOR, or set the variable to it before the program "
          "starts";
  else if (ptic__itt_other)
    msg = ptic__itt_other;
  if (msg && !ptic__atomic_xchg_u32(&told, 1, PTIC_RELAXED))
    ptic__internal_event(NULL, PTI_INTERNAL_EVENT_TYPE_WARNING, msg);
}

/* ---- >>itt-collector ---- */
#if defined(PTIC_ITT_COLLECTOR)
#if !defined(_GNU_SOURCE)
#error "PTIC_ITT_COLLECTOR needs _GNU_SOURCE (dladdr, realpath) defined before the first #include"
#endif
#include <limits.h>

/* An annotation to the active copy: this one, or the one this copy forwards to (which may be too
   old to take it: then nothing). Only the mask of the copy that delivers counts. */
static void ptic__mark_send(const ptic__mark* m) {
  const ptic__hub* h = ptic__hub_other;
  if (PTIC_UNLIKELY(h != NULL)) {
    if (PTIC_HUB_HAS(h, marker)) h->marker(m);
    return;
  }
  if (!ptic__hub_refused) ptic__own_marker(m);
}
/* Whether an annotation can reach a subscriber: forwarded, or the domain is on here. */
static PTIC_ALWAYS_INLINE int ptic__mark_wanted(void) {
  return PTIC_UNLIKELY(ptic__hub_other != NULL) || (ptic__mask_load() & PTIC_BITS(PTIC_DOM_MARKER));
}

/* ITT's types as its static part passes them (ittnotify.h, ittnotify_config.h: these are the
   layouts of ITT's API version 3 on LP64, the same since its public release). Domains and string
   handles of ITT's own making have extra1 0; the collector marks those it has seen with
   PTIC_ITT_TAG in extra1, their interned name in extra2. */
typedef struct ptic__itt_domain {
  volatile int flags; /* non-zero: enabled (the application tests it before each call) */
  const char* nameA;
  void* nameW;
  int extra1;
  void* extra2;
  struct ptic__itt_domain* next;
} ptic__itt_domain;
typedef struct ptic__itt_string {
  const char* strA;
  void* strW;
  int extra1;
  void* extra2;
  struct ptic__itt_string* next;
} ptic__itt_string;
typedef struct ptic__itt_id {
  unsigned long long d1, d2, d3;
} ptic__itt_id;
/* One function of the static part: its name ("__itt_task_begin"), the pointer the
   application calls through, its stubs, and its group (a bit set). */
typedef struct ptic__itt_api_info {
  const char* name;
  void** func_ptr;
  void* init_func;
  void* null_func;
  int group;
} ptic__itt_api_info;
/* The static part's descriptor, as far as the collector reads it. */
typedef struct ptic__itt_global {
  unsigned char magic[8];
  unsigned long version_major, version_minor, version_build;
  volatile long api_initialized, mutex_initialized, atomic_counter;
  pthread_mutex_t mutex;
  void* lib;
  void* error_handler;
  const char** dll_path_ptr;
  ptic__itt_api_info* api_list_ptr;
} ptic__itt_global;
#define PTIC_ITT_TAG 0x63697470 /* "ptic" */
#define PTIC_ITT_OLDEST_BUILD 20180723ul /* the first public ITT: its descriptor's layout */

/* A domain's or string handle's name, interned (it lives until exit, the key of its one
   object), or NULL. */
static const char* ptic__itt_intern(const char* name) {
  if (!name) return NULL;
  ptic__init();
  ptic__objs_lock();
  const char* const in = ptic__intern(name);
  ptic__objs_unlock();
  return in;
}
/* The interned name of a domain or string handle (extra1, extra2: tagged on first sight). */
static const char* ptic__itt_name(int* extra1, void** extra2, const char* name) {
  if (__atomic_load_n(extra1, __ATOMIC_ACQUIRE) == PTIC_ITT_TAG)
    return PTIC_CAST(const char*, __atomic_load_n(extra2, __ATOMIC_RELAXED));
  const char* const in = ptic__itt_intern(name);
  if (!in) return name;
  __atomic_store_n(extra2, PTIC_PTR(in), __ATOMIC_RELAXED);
  __atomic_store_n(extra1, PTIC_ITT_TAG, __ATOMIC_RELEASE);
  return in;
}
static const char* ptic__itt_dname(const ptic__itt_domain* d) {
  ptic__itt_domain* w = PTIC_CAST(ptic__itt_domain*, PTIC_PTR(d));
  return d ? ptic__itt_name(&w->extra1, &w->extra2, d->nameA) : NULL;
}
static const char* ptic__itt_sname(const ptic__itt_string* s) {
  ptic__itt_string* w = PTIC_CAST(ptic__itt_string*, PTIC_PTR(s));
  return s ? ptic__itt_name(&w->extra1, &w->extra2, s->strA) : NULL;
}

/* Domains and string handles the collector made: one per name, never freed. */
static pthread_mutex_t ptic__itt_lock = PTHREAD_MUTEX_INITIALIZER;
static ptic__itt_domain* ptic__itt_domains;
static ptic__itt_string* ptic__itt_strings;

static ptic__itt_domain* ptic__itt_domain_create(const char* name) {
  const char* const in = ptic__itt_intern(name);
  if (!in) return NULL;
  pthread_mutex_lock(&ptic__itt_lock);
  ptic__itt_domain* d = ptic__itt_domains;
  while (d && d->extra2 != PTIC_PTR(in)) d = d->next;
  if (!d && (d = PTIC_CAST(ptic__itt_domain*, PTIC_MALLOC(sizeof *d))) != NULL) {
    memset(d, 0, sizeof *d);
    d->flags = 1;
    d->nameA = in;
    d->extra1 = PTIC_ITT_TAG;
    d->extra2 = PTIC_PTR(in);
    d->next = ptic__itt_domains;
    ptic__itt_domains = d;
  }
  pthread_mutex_unlock(&ptic__itt_lock);
  return d;
}
static ptic__itt_string* ptic__itt_string_handle_create(const char* name) {
  const char* const in = ptic__itt_intern(name);
  if (!in) return NULL;
  pthread_mutex_lock(&ptic__itt_lock);
  ptic__itt_string* s = ptic__itt_strings;
  while (s && s->extra2 != PTIC_PTR(in)) s = s->next;
  if (!s && (s = PTIC_CAST(ptic__itt_string*, PTIC_MALLOC(sizeof *s))) != NULL) {
    memset(s, 0, sizeof *s);
    s->strA = in;
    s->extra1 = PTIC_ITT_TAG;
    s->extra2 = PTIC_PTR(in);
    s->next = ptic__itt_strings;
    ptic__itt_strings = s;
  }
  pthread_mutex_unlock(&ptic__itt_lock);
  return s;
}

/* An annotation of domain d (its name, its key) with id, name and parent. */
static void ptic__itt_send(uint32_t kind, uint32_t what, const ptic__itt_domain* d, const ptic__itt_id* id,
                           const ptic__itt_id* parent, const char* name, void* fn) {
  ptic__mark m;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  m.what = what;
  m.key = d;
  if (id) {
    m.id[0] = id->d1;
    m.id[1] = id->d2;
    m.id[2] = id->d3;
  }
  m.parent_id = parent ? parent->d1 : 0u;
  m.domain_name = ptic__itt_dname(d);
  m.name = name;
  m.fn = fn;
  ptic__mark_send(&m);
}

static void ptic__itt_task_begin(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent,
                                 ptic__itt_string* name) {
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_TASK, PTIC_MARK_BEGIN, d, &id, &parent, ptic__itt_sname(name), NULL);
}
static void ptic__itt_task_begin_fn(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent, void* fn) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_TASK, PTIC_MARK_BEGIN, d, &id, &parent, NULL, fn);
}
static void ptic__itt_task_end(const ptic__itt_domain* d) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_TASK, PTIC_MARK_END, d, NULL, NULL, NULL, NULL);
}
static void ptic__itt_task_begin_overlapped(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent,
                                            ptic__itt_string* name) {
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_TASK_OVERLAPPED, PTIC_MARK_BEGIN, d, &id, &parent, ptic__itt_sname(name), NULL);
}
static void ptic__itt_task_end_overlapped(const ptic__itt_domain* d, ptic__itt_id id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_TASK_OVERLAPPED, PTIC_MARK_END, d, &id, NULL, NULL, NULL);
}
static void ptic__itt_region_begin(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_id parent,
                                   ptic__itt_string* name) {
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_REGION, PTIC_MARK_BEGIN, d, &id, &parent, ptic__itt_sname(name), NULL);
}
static void ptic__itt_region_end(const ptic__itt_domain* d, ptic__itt_id id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_REGION, PTIC_MARK_END, d, &id, NULL, NULL, NULL);
}
static void ptic__itt_frame_begin_v3(const ptic__itt_domain* d, ptic__itt_id* id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_FRAME, PTIC_MARK_BEGIN, d, id, NULL, NULL, NULL);
}
static void ptic__itt_frame_end_v3(const ptic__itt_domain* d, ptic__itt_id* id) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_FRAME, PTIC_MARK_END, d, id, NULL, NULL, NULL);
}
static void ptic__itt_frame_submit_v3(const ptic__itt_domain* d, ptic__itt_id* id, unsigned long long begin,
                                      unsigned long long end) {
  if (!ptic__mark_wanted()) return;
  ptic__mark m;
  memset(&m, 0, sizeof m);
  m.kind = PTIC_MARKER_FRAME;
  m.what = PTIC_MARK_POINT;
  m.key = d;
  m.id[0] = id ? id->d1 : 0u;
  m.domain_name = ptic__itt_dname(d);
  m.begin_ns = begin;
  m.end_ns = end;
  ptic__mark_send(&m);
}
static void ptic__itt_marker(const ptic__itt_domain* d, ptic__itt_id id, ptic__itt_string* name, int scope) {
  PTIC_UNUSED(scope);
  if (ptic__mark_wanted())
    ptic__itt_send(PTIC_MARKER_INSTANT, PTIC_MARK_POINT, d, &id, NULL, ptic__itt_sname(name), NULL);
}
static void ptic__itt_thread_set_name(const char* name) {
  if (!ptic__mark_wanted() || !name) return;
  ptic__init();
  ptic__objs_lock();
  const char* in = ptic__intern(name);
  ptic__objs_unlock();
  ptic__itt_send(PTIC_MARKER_THREAD_NAME, PTIC_MARK_POINT, NULL, NULL, NULL, in, NULL);
}
static void ptic__itt_pause(void) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_PAUSE, PTIC_MARK_POINT, NULL, NULL, NULL, NULL, NULL);
}
static void ptic__itt_resume(void) {
  if (ptic__mark_wanted()) ptic__itt_send(PTIC_MARKER_RESUME, PTIC_MARK_POINT, NULL, NULL, NULL, NULL, NULL);
}
/* ITT's clock: the one of ptic_op_info's times, so that frames submitted with it line up. */
static unsigned long long ptic__itt_get_timestamp(void) {
  struct timespec ts;
  if (clock_gettime(4 /* CLOCK_MONOTONIC_RAW */, &ts) != 0) return 0;
  return PTIC_SCAST(unsigned long long, ts.tv_sec) * 1000000000ull + PTIC_SCAST(unsigned long long, ts.tv_nsec);
}

/* The functions the collector implements, by the name the static part lists them under. */
#define PTIC_ITT_FUNCTIONS(X)                                                                  \
  X(domain_create) X(string_handle_create) X(task_begin) X(task_begin_fn) X(task_end)         \
  X(task_begin_overlapped) X(task_end_overlapped) X(region_begin) X(region_end)                \
  X(frame_begin_v3) X(frame_end_v3) X(frame_submit_v3) X(marker) X(thread_set_name) X(pause)   \
  X(resume) X(get_timestamp)
typedef struct ptic__itt_fn {
  const char* name;
  void* fn;
} ptic__itt_fn;
/* (function pointers as object pointers, as the static part keeps them: POSIX dlsym's rule) */
static void* ptic__itt_fnptr(const void* fnp, size_t size) {
  void* p = NULL;
  memcpy(&p, fnp, size);
  return p;
}

/* __itt_api_init: a static part's first call. It points the functions of the groups it asks for
   that the collector implements at the collector's, and leaves the others to its stubs. A
   descriptor of another layout (a static part older than ITT's public release) is left alone. */
#if defined(__cplusplus)
extern "C" {
#endif
__attribute__((visibility("default"))) void __itt_api_init(ptic__itt_global* g, int init_groups);
#if defined(__cplusplus)
}
#endif
void __itt_api_init(ptic__itt_global* g, int init_groups) {
  static const unsigned char magic[8] = {0xED, 0xAB, 0xAB, 0xEC, 0x0D, 0xEE, 0xDA, 0x30};
  if (!g || memcmp(g->magic, magic, sizeof magic) != 0 || g->version_major != 3 ||
      g->version_build < PTIC_ITT_OLDEST_BUILD || !g->api_list_ptr)
    return;
#define PTIC_X(n)                                                                    \
  {"__itt_" #n, NULL},
  ptic__itt_fn fns[] = {PTIC_ITT_FUNCTIONS(PTIC_X)};
#undef PTIC_X
  size_t k = 0;
#define PTIC_X(n)                                                                    \
  {                                                                                  \
    const __typeof__(&ptic__itt_##n) f = ptic__itt_##n;                              \
    fns[k++].fn = ptic__itt_fnptr(&f, sizeof f);                                      \
  }
  PTIC_ITT_FUNCTIONS(PTIC_X)
#undef PTIC_X
  for (ptic__itt_api_info* a = g->api_list_ptr; a->name; a++) {
    if (!(a->group & init_groups) || !a->func_ptr) continue;
    for (size_t i = 0; i < k; i++)
      if (strcmp(a->name, fns[i].name) == 0) *a->func_ptr = fns[i].fn;
  }
}

/* Load time: INTEL_LIBITTNOTIFY64 names this library (its real path) unless it names a file
   already, which ITT will load instead: then MARKER's enable says so (ptic__itt_check). */
__attribute__((constructor)) static void ptic__itt_ctor(void) {
  Dl_info info;
  static char self[PATH_MAX], named[PATH_MAX];
  static char other[PATH_MAX + 200];
  const __typeof__(&ptic__itt_ctor) me = ptic__itt_ctor;
  if (!dladdr(ptic__itt_fnptr(&me, sizeof me), &info) || !info.dli_fname || !realpath(info.dli_fname, self)) return;
  const char* v = getenv("INTEL_LIBITTNOTIFY64");
  if (!v || !*v) {
    setenv("INTEL_LIBITTNOTIFY64", self, 1);
    return;
  }
  if (realpath(v, named) && strcmp(named, self) == 0) return;
  snprintf(other, sizeof other,
           "INTEL_LIBITTNOTIFY64 names another ITT collector (%s): the application's ITT annotations go to "
           "it, and PTIC_CB_DOMAIN_MARKER has none",
           v);
  ptic__itt_other = other;
}
#endif /* PTIC_ITT_COLLECTOR */

/* ==== >>backends ========================================================================== */
/* The backends, one per API group, in the order of their api ids' ranges. */

static const ptic__backend* const ptic__backend_list[] = {
    &ptic__ze_backend,
#ifndef PTIC_NO_OPENCL
    &ptic__cl_backend,
#endif
};

static PTIC_ALWAYS_INLINE const ptic__backend* ptic__backend_at(uint32_t b) { return ptic__backend_list[b]; }
static uint32_t ptic__backend_count(void) {
  return PTIC_SCAST(uint32_t, sizeof ptic__backend_list / sizeof ptic__backend_list[0]);
}
static void ptic__thread_end_backends(ptic__thread* t) {
  for (uint32_t b = 0; b < ptic__backend_count(); b++) ptic__backend_at(b)->thread_end(t);
}

#endif /* PTI_CALLBACK_IMPLEMENTATION_INCLUDED */
