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

#include "api_counts.h"

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
