/* fuzz_api.c - libFuzzer harness: bytes become a sequence of PTI Callback API calls (subscribe,
   enable and disable of any domain value and phases, unsubscribe of live, stale and garbage
   handles, per-function DRIVER_API, replay, flush, poll interval) interleaved with Level Zero
   calls on the simulated device (appends to immediate and regular lists with every kind of
   event (counter-based ones too), in-order lists and not, executions, syncs, event create /
   reset / destroy, kernels made and destroyed).

   Besides crashes and sanitizer reports it checks, against a model of the registry: every
   result is the documented one, pticGetDomainState matches what was enabled, no callback
   reaches a subscriber after its ptiCallbackUnsubscribe returned, no operation completes twice
   to one subscriber. A violation is a __builtin_trap().

     make fuzz FUZZ_SECONDS=600            (clang, libFuzzer; see tests/reliability.mk)

   Op bytes from 0xe0 are today's calls: mapped-timestamp events (both builds), and, built with
   -DFUZZ_NEWEST against the newest headers (fuzz_replay_newest, the newest loader's leg),
   zeCommandListHostSynchronize, zeCommandListAppendLaunchKernelWithArguments, counter-based
   events of zeEventCounterBasedCreate (made, signalled on the in-order list, destroyed while
   pending), zeEventQueryKernelTimestampsExt and zeCommandListImmediateAppendCommandListsExp.
   The model knows the counter-based rules: signalled only from in-order lists, never reset
   (the driver's refusal must reach the application unchanged).

   Built with -DFUZZ_REPLAY_MAIN it is a cmocka test that replays tests/fuzz/corpus/ with any
   compiler (part of `make test`). */
#define _GNU_SOURCE
#include "pti_callback.h"
#include "ze_sim.h"

#include <level_zero/ze_api.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(c)                                                                  \
  do {                                                                            \
    if (!(c)) {                                                                   \
      fprintf(stderr, "fuzz_api: check failed at line %d: %s\n", __LINE__, #c);  \
      __builtin_trap();                                                           \
    }                                                                             \
  } while (0)

/* ---- the fixed Level Zero world (made once) ---- */

enum { N_IMM = 2, N_LISTS = 2, N_POOLS = 6, N_EVENTS = 4, N_TRANSIENT = 4, N_SUBS = 8 };

static struct world {
  ze_sim_hooks_t sim;
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_command_list_handle_t imm[N_IMM];
  ze_command_queue_handle_t queue;
  ze_command_list_handle_t list[N_LISTS];
  int list_closed[N_LISTS];
  ze_event_pool_handle_t pool[N_POOLS]; /* none, host-visible, kernel-timestamp, both; counter-based
                                           host-visible, counter-based with both */
  ze_event_handle_t ev[N_POOLS][N_EVENTS];
  ze_event_handle_t transient[N_TRANSIENT];
  ze_event_pool_handle_t tpool;
  ze_module_handle_t module;
  ze_kernel_handle_t k[2];
  ze_kernel_handle_t extra_kernel; /* made and destroyed by the input */
  ze_event_pool_handle_t mpool;    /* KERNEL_MAPPED_TIMESTAMP (spec 1.6, by value), host-visible */
  ze_event_handle_t mev[N_EVENTS];
  ze_event_handle_t cbev[2];       /* FUZZ_NEWEST: zeEventCounterBasedCreate, made by the input */
  void* host[N_IMM]; /* buffers per immediate list: lists run concurrently */
  void* dev[N_IMM];
  uint8_t plain[N_IMM][4096];
  int ok;
} W;

static const char k_module[] = "kernel k0 0\nkernel k1 2000\nkernel k2 0 3\n";
static uint32_t g_counts[3] = {1, 1, 1};
static ze_group_count_t g_groups[3] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};

static void noop_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
}

static int world_open(void) {
  if (!getenv("ZE_ENABLE_ALT_DRIVERS")) {
#ifdef FUZZ_SIM_PATH
    setenv("ZE_ENABLE_ALT_DRIVERS", FUZZ_SIM_PATH, 1);
#else
    return -1;
#endif
  }
  /* the tracer exists before any object: the library knows all of them */
  pti_callback_subscriber_handle h;
  if (ptiCallbackSubscribe(&h, noop_cb, NULL) != PTI_SUCCESS) return -1;
  if (ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1) != PTI_SUCCESS) return -1;
  ptiCallbackUnsubscribe(h);
  if (zeInit(0) != ZE_RESULT_SUCCESS || ze_sim_hooks_load(&W.sim) != 0) return -1;
  uint32_t n = 1;
  if (zeDriverGet(&n, &W.driver) != ZE_RESULT_SUCCESS) return -1;
  n = 1;
  if (zeDeviceGet(W.driver, &n, &W.device) != ZE_RESULT_SUCCESS) return -1;
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  if (zeContextCreate(W.driver, &cd, &W.context) != ZE_RESULT_SUCCESS) return -1;
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  /* the second immediate and regular lists are in order (ZE_COMMAND_*_FLAG_IN_ORDER, spec 1.7;
     by value: this harness also builds against spec 1.4 headers) */
  for (int i = 0; i < N_IMM; i++) {
    qd.flags = i == 1 ? 0x2u : 0u;
    if (zeCommandListCreateImmediate(W.context, W.device, &qd, &W.imm[i]) != ZE_RESULT_SUCCESS) return -1;
  }
  qd.flags = 0;
  if (zeCommandQueueCreate(W.context, W.device, &qd, &W.queue) != ZE_RESULT_SUCCESS) return -1;
  for (int i = 0; i < N_LISTS; i++) {
    ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, i == 1 ? 0x8u : 0u};
    if (zeCommandListCreate(W.context, W.device, &ld, &W.list[i]) != ZE_RESULT_SUCCESS) return -1;
  }
  const ze_event_pool_flags_t kinds[N_POOLS] = {
      0, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP,
      ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, ZE_EVENT_POOL_FLAG_HOST_VISIBLE,
      ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP};
  /* pools 4 and 5: counter-based (ze_event_pool_counter_based_exp_desc_t of spec 1.8, by value) */
  static const struct {
    uint32_t stype;
    const void* pNext;
    uint32_t flags;
  } counter_based = {0x00020014u, NULL, 0x3u};
  for (int p = 0; p < N_POOLS; p++) {
    ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, p >= 4 ? &counter_based : NULL, kinds[p], N_EVENTS};
    if (zeEventPoolCreate(W.context, &pd, 1, &W.device, &W.pool[p]) != ZE_RESULT_SUCCESS) return -1;
    for (uint32_t e = 0; e < N_EVENTS; e++) {
      ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, e, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
      if (zeEventCreate(W.pool[p], &ed, &W.ev[p][e]) != ZE_RESULT_SUCCESS) return -1;
    }
  }
  ze_event_pool_desc_t tpd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                              ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, N_TRANSIENT};
  if (zeEventPoolCreate(W.context, &tpd, 1, &W.device, &W.tpool) != ZE_RESULT_SUCCESS) return -1;
  /* (a device without mapped timestamps, e.g. the simulator built against the 1.4 headers,
     refuses the pool: then the ops that use it are ordinary ops) */
  ze_event_pool_desc_t mpd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE | 0x8u, N_EVENTS};
  if (zeEventPoolCreate(W.context, &mpd, 1, &W.device, &W.mpool) != ZE_RESULT_SUCCESS) W.mpool = NULL;
  for (uint32_t e = 0; W.mpool && e < N_EVENTS; e++) {
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, e, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    if (zeEventCreate(W.mpool, &ed, &W.mev[e]) != ZE_RESULT_SUCCESS) return -1;
  }
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof k_module - 1,
                         (const uint8_t*)k_module, NULL, NULL};
  if (zeModuleCreate(W.context, W.device, &md, &W.module, NULL) != ZE_RESULT_SUCCESS) return -1;
  for (int i = 0; i < 2; i++) {
    ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, i ? "k1" : "k0"};
    if (zeKernelCreate(W.module, &kd, &W.k[i]) != ZE_RESULT_SUCCESS) return -1;
  }
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  for (int i = 0; i < N_IMM; i++) {
    if (zeMemAllocHost(W.context, &hd, 4096, 64, &W.host[i]) != ZE_RESULT_SUCCESS) return -1;
    if (zeMemAllocDevice(W.context, &dd, 4096, 64, W.device, &W.dev[i]) != ZE_RESULT_SUCCESS) return -1;
  }
  W.ok = 1;
  return 0;
}

/* ---- subscribers and their model ---- */

static const pti_callback_domain k_domains[] = {
    PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED,         PTI_CB_DOMAIN_DRIVER_MODULE_LOADED,
    PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED,         PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED,
    PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
    PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION,    PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED,
    PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED,        PTI_CB_DOMAIN_DRIVER_API,
    PTI_CB_DOMAIN_INTERNAL_THREADS,               PTI_CB_DOMAIN_INTERNAL_EVENT,
    PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED,      PTIC_CB_DOMAIN_MEMORY};
#define N_DOMAINS ((int)(sizeof k_domains / sizeof k_domains[0]))
#define DOM_COMPLETED 5
#define DOM_API 9
#define DOM_INTERNAL_EVENT 11

typedef struct fsub {
  pti_callback_subscriber_handle h; /* NULL: free; else live or (if dead) stale */
  int live;
  int dead;                         /* unsubscribed outside a callback: no callback may come */
  int mode;                         /* what its callback does */
  uint8_t dom[N_DOMAINS];           /* model: bit 0 ENTER, bit 1 EXIT */
  uint8_t api[PTIC_LEVELZERO_ID_MAX]; /* model: DRIVER_API bits per PTI id */
  uint8_t own_api[PTIC_OWN_ID_MAX - PTIC_OWN_API_ID_BASE]; /* and per id of this library's */
  uint64_t* done;                   /* COMPLETED operation ids seen (this input) */
  size_t ndone, done_cap;
  int self_unsubscribed;            /* mode 2 unsubscribed itself from its callback */
} fsub;

/* Subscriber records come from a ring, reused only long after: a subscriber that unsubscribed
   itself from a callback may still be running callbacks on other threads for a while. */
#define POOL_SIZE 4096
static fsub g_pool[POOL_SIZE];
static unsigned g_pool_next;
static fsub* g_subs[N_SUBS];
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_forged_calls; /* calls made with a forged handle that may name a live subscriber */

static void arg_fn(uint32_t index, const char* name, const char* type, const char* value, void* user) {
  (void)index;
  CHECK(name && type && value);
  *(size_t*)user += strlen(value);
}

static void fuzz_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)api_id; (void)ctx;
  fsub* s = (fsub*)user;
  CHECK(group == PTI_API_GROUP_LEVELZERO);
  CHECK(!__atomic_load_n(&s->dead, __ATOMIC_ACQUIRE)); /* nothing after unsubscribe returned */
  ptic_record_info ri;
  CHECK(pticGetRecordInfo(cb_data, &ri) == PTI_SUCCESS && ri.domain == domain);
  *instance = (void*)(uintptr_t)1;
  size_t len = 0;
  if (domain == PTI_CB_DOMAIN_DRIVER_API) CHECK(pticIterateArgs(cb_data, arg_fn, &len) == PTI_SUCCESS);
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED ||
      domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED ||
      domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info oi;
      CHECK(pticGetOperationInfo(cb_data, i, &oi) == PTI_SUCCESS);
      CHECK(oi.operation_id == g->_operation_details[i]._operation_id);
      CHECK(g->_operation_details[i]._operation_id != 0);
      if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
        /* (BAD_TIMES: finished, its times unreadable, e.g. its event reset before they were read) */
        CHECK(oi.status == PTIC_OP_COMPLETED || oi.status == PTIC_OP_LOST || oi.status == PTIC_OP_BAD_TIMES);
        if (oi.status == PTIC_OP_COMPLETED) CHECK(oi.device_end >= oi.device_start);
        pthread_mutex_lock(&g_lock);
        for (size_t k = 0; k < s->ndone; k++) CHECK(s->done[k] != oi.execution_id); /* once */
        if (s->ndone == s->done_cap) {
          s->done_cap = s->done_cap ? 2 * s->done_cap : 64;
          s->done = (uint64_t*)realloc(s->done, s->done_cap * sizeof *s->done);
          CHECK(s->done != NULL);
        }
        s->done[s->ndone++] = oi.execution_id;
        pthread_mutex_unlock(&g_lock);
      }
    }
  }
  /* mode 1: changes the registry from inside the callback; mode 2: unsubscribes itself */
  if (s->mode == 1) {
    /* another thread may name t with a forged handle meanwhile: then t may be gone */
    const uint64_t forged = __atomic_load_n(&g_forged_calls, __ATOMIC_ACQUIRE);
    pti_callback_subscriber_handle t;
    if (ptiCallbackSubscribe(&t, noop_cb, NULL) == PTI_SUCCESS) {
      pti_result r1 = ptiCallbackEnableDomain(t, PTI_CB_DOMAIN_DRIVER_API, 1, 1);
      pti_result r2 = ptiCallbackUnsubscribe(t);
      if (r1 != PTI_SUCCESS || r2 != PTI_SUCCESS) CHECK(__atomic_load_n(&g_forged_calls, __ATOMIC_ACQUIRE) != forged);
    }
  } else if (s->mode == 2 && !__atomic_exchange_n(&s->self_unsubscribed, 1, __ATOMIC_ACQ_REL)) {
    /* whoever sets self_unsubscribed first unsubscribes: this callback or the main thread */
    const uint64_t forged = __atomic_load_n(&g_forged_calls, __ATOMIC_ACQUIRE);
    if (ptiCallbackUnsubscribe(s->h) != PTI_SUCCESS) CHECK(__atomic_load_n(&g_forged_calls, __ATOMIC_ACQUIRE) != forged);
  }
}

/* ---- reading the input ---- */

typedef struct reader {
  const uint8_t* p;
  size_t n;
} reader;

static uint8_t u8(reader* r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}
static uint32_t u32(reader* r) {
  uint32_t v = 0;
  for (int i = 0; i < 4; i++) v = (v << 8) | u8(r);
  return v;
}

static pti_callback_domain pick_domain(reader* r, int* index) {
  uint8_t b = u8(r);
  *index = -1;
  if (b < 0xe0) {
    *index = b % N_DOMAINS;
    return k_domains[*index];
  }
  const uint32_t v = u32(r); /* anything, mostly invalid */
  for (int i = 0; i < N_DOMAINS; i++)
    if ((uint32_t)k_domains[i] == v) *index = i;
  return (pti_callback_domain)v;
}

/* A forged handle that may name a subscriber the model does not know (one a callback made):
   its results are not checked. */
static int g_forged;

/* A subscriber handle: one of ours (live or stale), or garbage. */
static pti_callback_subscriber_handle pick_handle(reader* r, fsub** out) {
  uint8_t b = u8(r);
  *out = NULL;
  g_forged = 0;
  if (b < 0xf0) {
    fsub* s = g_subs[b % N_SUBS];
    if (s && s->h) {
      *out = s;
      return s->h;
    }
    return NULL;
  }
  uintptr_t v = (uintptr_t)u32(r);
  if (b & 1) v |= (uintptr_t)0x5e << 56; /* looks like one of the library's: may be valid */
  for (int i = 0; i < N_SUBS; i++)
    if (g_subs[i] && (uintptr_t)g_subs[i]->h == v) *out = g_subs[i];
  g_forged = (b & 1) && !*out;
  if (g_forged) __atomic_add_fetch(&g_forged_calls, 1, __ATOMIC_ACQ_REL);
  return (pti_callback_subscriber_handle)v;
}

static int sub_valid(const fsub* s) {
  return s && s->live && !__atomic_load_n(&s->self_unsubscribed, __ATOMIC_ACQUIRE);
}

/* The main thread unsubscribes a live subscriber of ours. A mode 2 subscriber may be
   unsubscribing itself in a callback on another thread: whoever sets self_unsubscribed first
   does it. Once this returns after an unsubscribe of its own, no callback may come. */
static void main_unsubscribe(fsub* s) {
  if (s->mode == 2 && __atomic_exchange_n(&s->self_unsubscribed, 1, __ATOMIC_ACQ_REL)) {
    s->live = 0; /* the callback does it */
    return;
  }
  const uint64_t forged = __atomic_load_n(&g_forged_calls, __ATOMIC_ACQUIRE);
  pti_result res = ptiCallbackUnsubscribe(s->h);
  CHECK(res == PTI_SUCCESS || __atomic_load_n(&g_forged_calls, __ATOMIC_ACQUIRE) != forged);
  s->live = 0;
  __atomic_store_n(&s->dead, 1, __ATOMIC_RELEASE);
}

/* A subscriber in mode 2 unsubscribes itself from any callback, on any thread, at any time:
   what is done with its handle may find it gone. */
static int may_vanish(const fsub* s) { return s && (s->mode == 2 || s->self_unsubscribed); }

/* res is SUCCESS for a valid subscriber, BAD_ARGUMENT for anything else. */
#define EXPECT_VALID(res, s)                                                                \
  do {                                                                                      \
    if (sub_valid(s)) CHECK((res) == PTI_SUCCESS || (may_vanish(s) && (res) == PTI_ERROR_BAD_ARGUMENT)); \
    else CHECK((res) == PTI_ERROR_BAD_ARGUMENT || (s && s->self_unsubscribed) || g_forged); \
  } while (0)

/* The model's phase bits of an enable: COMPLETED is EXIT only, INTERNAL_EVENT one phase. */
static uint8_t phase_bits(int di, uint32_t e, uint32_t x) {
  if (di == DOM_INTERNAL_EVENT) return 3;
  if (di == DOM_COMPLETED) return x ? 2 : 0;
  return (uint8_t)((e ? 1 : 0) | (x ? 2 : 0));
}

/* The model's DRIVER_API bits of an api id: PTI's ids and this library's own (from
   PTIC_OWN_API_ID_BASE, traced only where the loader has the function); NULL for no id. */
static uint8_t* model_api(fsub* s, uint32_t id) {
  if (id < PTIC_LEVELZERO_ID_MAX) return &s->api[id];
  if (id >= PTIC_OWN_API_ID_BASE && id < PTIC_OWN_ID_MAX) return &s->own_api[id - PTIC_OWN_API_ID_BASE];
  return NULL;
}

static void model_set_api_all(fsub* s, uint8_t bits) {
  for (uint32_t id = 1; id < PTIC_LEVELZERO_ID_MAX; id++)
    if (pticApiIdIsTraced(id)) s->api[id] = bits;
  for (uint32_t id = PTIC_OWN_API_ID_BASE; id < PTIC_OWN_ID_MAX; id++)
    if (pticApiIdIsTraced(id)) *model_api(s, id) = bits;
}

static void model_sync_api_domain(fsub* s) {
  uint8_t any = 0;
  for (uint32_t id = 1; id < PTIC_LEVELZERO_ID_MAX; id++) any |= s->api[id];
  for (uint32_t id = PTIC_OWN_API_ID_BASE; id < PTIC_OWN_ID_MAX; id++) any |= *model_api(s, id);
  s->dom[DOM_API] = any;
}

static void check_state(fsub* s) {
  if (!sub_valid(s) || may_vanish(s)) return;
  for (int d = 0; d < N_DOMAINS; d++) {
    uint32_t e = 9, x = 9;
    CHECK(pticGetDomainState(s->h, k_domains[d], &e, &x) == PTI_SUCCESS);
    uint8_t m = s->dom[d];
    if (d == DOM_INTERNAL_EVENT) CHECK(e == x && e == (m ? 1u : 0u));
    else CHECK(e == (m & 1u) && x == ((m >> 1) & 1u));
  }
}

/* ---- one input ---- */

static ze_event_handle_t pick_event(reader* r) {
  uint8_t b = u8(r);
  if (b < 64) return NULL;
  if (b < 224) return W.ev[(b >> 2) % N_POOLS][b % N_EVENTS];
  return W.transient[b % N_TRANSIENT]; /* may be NULL */
}

/* Today's calls (op bytes from 0xe0). Returns 0 when this build has no such call: the byte is
   then an ordinary op. */
static int modern_op(reader* r, unsigned which) {
  switch (which) {
    case 0: { /* a kernel signalling a mapped-timestamp event, on either immediate list */
      if (!W.mpool) return 0;
      zeCommandListAppendLaunchKernel(W.imm[u8(r) % N_IMM], W.k[u8(r) & 1], &g_groups[0], W.mev[u8(r) % N_EVENTS], 0, NULL);
      return 1;
    }
    case 1: { /* wait for, read or reset a mapped-timestamp event */
      if (!W.mpool) return 0;
      ze_event_handle_t e = W.mev[u8(r) % N_EVENTS];
      const uint8_t b = u8(r);
      ze_kernel_timestamp_result_t ts;
      if (b % 3 == 0) zeEventHostSynchronize(e, (b & 4) ? 1000000ull : 0);
      else if (b % 3 == 1) zeEventQueryKernelTimestamp(e, &ts);
      else CHECK(zeEventHostReset(e) == ZE_RESULT_SUCCESS);
      return 1;
    }
#ifdef FUZZ_NEWEST
    case 2: /* zeCommandListHostSynchronize (1.9) */
      zeCommandListHostSynchronize(W.imm[u8(r) % N_IMM], (u8(r) & 1) ? 1000000ull : 0);
      return 1;
    case 3: { /* a launch with its arguments (1.14) */
      ze_group_count_t groups = {1, 1, 1};
      ze_group_size_t sizes = {1, 1, 1};
      static uint64_t values[4];
      void* args[4] = {&values[0], &values[1], &values[2], &values[3]};
      zeCommandListAppendLaunchKernelWithArguments(W.imm[u8(r) % N_IMM], W.k[u8(r) & 1], groups, sizes, args, NULL,
                                                   pick_event(r), 0, NULL);
      return 1;
    }
    case 4: { /* a counter-based event of zeEventCounterBasedCreate (1.15) made, or destroyed
                 (its kernel may still run: allowed for counter-based events) */
      const int i = u8(r) & 1;
      const uint8_t b = u8(r);
      if (W.cbev[i]) {
        CHECK(zeEventDestroy(W.cbev[i]) == ZE_RESULT_SUCCESS);
        W.cbev[i] = NULL;
      } else {
        ze_event_counter_based_desc_t d = {ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC, NULL,
                                           ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE | ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE |
                                               ((b & 1) ? ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP : 0),
                                           ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
        CHECK(zeEventCounterBasedCreate(W.context, W.device, &d, &W.cbev[i]) == ZE_RESULT_SUCCESS);
      }
      return 1;
    }
    case 5: { /* a counter-based event signalled: only an in-order list may (imm[1] is one); a
                 reset is refused; the driver's answers reach the application unchanged */
      const int li = u8(r) % N_IMM;
      ze_event_handle_t e = W.cbev[u8(r) & 1];
      const uint8_t b = u8(r);
      if (!e) return 1;
      ze_result_t res = zeCommandListAppendLaunchKernel(W.imm[li], W.k[b & 1], &g_groups[0], e, 0, NULL);
      CHECK(res == (li == 1 ? ZE_RESULT_SUCCESS : ZE_RESULT_ERROR_INVALID_ARGUMENT));
      if (b & 2) CHECK(zeEventHostReset(e) == ZE_RESULT_ERROR_INVALID_ARGUMENT);
      if (b & 4) CHECK(zeEventHostSynchronize(e, 5000000000ull) == ZE_RESULT_SUCCESS);
      return 1;
    }
    case 6: { /* zeEventQueryKernelTimestampsExt (1.6), a synchronisation point */
      ze_event_handle_t e = (u8(r) & 1) && W.mpool ? W.mev[u8(r) % N_EVENTS] : pick_event(r);
      uint32_t count = 0;
      if (e) zeEventQueryKernelTimestampsExt(e, W.device, &count, NULL);
      return 1;
    }
    case 7: { /* a closed regular list appended to an immediate list (1.9) */
      const int j = u8(r) % N_LISTS;
      if (W.list_closed[j])
        zeCommandListImmediateAppendCommandListsExp(W.imm[u8(r) % N_IMM], 1, &W.list[j], pick_event(r), 0, NULL);
      return 1;
    }
#endif
    default:
      return 0;
  }
}

static void run_ops(reader* r) {
  int steps = 0;
  while (r->n && steps++ < 512) {
    const uint8_t op = u8(r);
    fsub* s = NULL;
    pti_callback_subscriber_handle h;
    if (op >= 0xe0 && modern_op(r, op & 7u)) continue;
    switch (op % 32) {
      case 0: { /* subscribe */
        fsub** where = &g_subs[u8(r) % N_SUBS];
        if (sub_valid(*where)) break;
        uint8_t mode = u8(r) % 8;
        fsub* slot = &g_pool[g_pool_next++ % POOL_SIZE];
        pthread_mutex_lock(&g_lock);
        free(slot->done);
        memset(slot, 0, sizeof *slot);
        slot->mode = mode < 6 ? 0 : mode - 5;
        pthread_mutex_unlock(&g_lock);
        pti_callback_subscriber_handle nh = NULL;
        pti_result res = ptiCallbackSubscribe(&nh, fuzz_cb, slot);
        CHECK(res == PTI_SUCCESS || res == PTI_ERROR_INTERNAL);
        if (res == PTI_SUCCESS) {
          slot->h = nh;
          slot->live = 1;
          *where = slot;
        }
        break;
      }
      case 1: /* unsubscribe */
        h = pick_handle(r, &s);
        if (sub_valid(s)) {
          main_unsubscribe(s);
        } else if (!(s && s->live)) { /* not a self-unsubscribing one that may still be at it */
          pti_result res = ptiCallbackUnsubscribe(h);
          EXPECT_VALID(res, s);
        }
        break;
      case 2:
      case 3: { /* enable a domain */
        h = pick_handle(r, &s);
        int di;
        pti_callback_domain d = pick_domain(r, &di);
        uint8_t ph = u8(r);
        uint32_t e = ph & 1u, x = (ph >> 1) & 1u;
        if (ph & 4u) e = u32(r);
        pti_result res = ptiCallbackEnableDomain(h, d, e, x);
        /* single-phase domains ignore the flags (PTI's rule) */
        if (di == DOM_COMPLETED) e = 0, x = 1;
        if (di == DOM_INTERNAL_EVENT) e = x = 1;
        if (sub_valid(s) && di >= 0 && (e || x)) {
          EXPECT_VALID(res, s);
          s->dom[di] = phase_bits(di, e, x);
          if (di == DOM_API) model_set_api_all(s, (uint8_t)((e ? 1 : 0) | (x ? 2 : 0)));
        } else if (s || di < 0 || !g_forged) {
          CHECK(res == PTI_ERROR_BAD_ARGUMENT || (s && s->self_unsubscribed) || (may_vanish(s) && di >= 0));
        }
        break;
      }
      case 4: { /* disable a domain */
        h = pick_handle(r, &s);
        int di;
        pti_callback_domain d = pick_domain(r, &di);
        pti_result res = ptiCallbackDisableDomain(h, d);
        if (sub_valid(s) && di >= 0) {
          EXPECT_VALID(res, s);
          s->dom[di] = 0;
          if (di == DOM_API) model_set_api_all(s, 0);
        } else if (s || di < 0 || !g_forged) {
          CHECK(res == PTI_ERROR_BAD_ARGUMENT || (s && s->self_unsubscribed));
        }
        break;
      }
      case 5: /* disable all */
        h = pick_handle(r, &s);
        {
          const int valid = sub_valid(s);
          pti_result res = ptiCallbackDisableAllDomains(h);
          EXPECT_VALID(res, s);
          if (valid) {
            memset(s->dom, 0, sizeof s->dom);
            model_set_api_all(s, 0);
          }
        }
        break;
      case 6: { /* enable all */
        h = pick_handle(r, &s);
        uint8_t ph = u8(r);
        uint32_t e = ph & 1u, x = (ph >> 1) & 1u;
        pti_result res = pticEnableAllDomains(h, e, x);
        if (sub_valid(s) && (e || x)) {
          EXPECT_VALID(res, s);
          for (int d = 0; d < N_DOMAINS; d++) s->dom[d] = phase_bits(d, e, x);
          model_set_api_all(s, (uint8_t)((e ? 1 : 0) | (x ? 2 : 0)));
          model_sync_api_domain(s);
        } else if (s || !(e || x) || !g_forged) {
          CHECK(res == PTI_ERROR_BAD_ARGUMENT || (s && s->self_unsubscribed));
        }
        break;
      }
      case 7:
      case 8: { /* one DRIVER_API function on or off */
        h = pick_handle(r, &s);
        uint32_t id = u8(r);
        if (id >= 0xf0) id = u32(r);
        uint8_t ph = u8(r);
        uint32_t e = ph & 1u, x = (ph >> 1) & 1u;
        pti_result res = op % 32 == 7 ? pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, id, e, x)
                                      : pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, id);
        const int gone = may_vanish(s) && res == PTI_ERROR_BAD_ARGUMENT;
        if (!sub_valid(s)) {
          CHECK(res == PTI_ERROR_BAD_ARGUMENT || (s && s->self_unsubscribed) || g_forged);
        } else if (op % 32 == 7 && !e && !x) {
          CHECK(res == PTI_ERROR_BAD_ARGUMENT);
        } else if (!pticApiIdName(id) || id >= PTIC_OPENCL_ID_BASE) { /* not Level Zero's */
          CHECK(res == PTI_ERROR_BAD_API_ID || gone);
        } else if (!pticApiIdIsTraced(id)) {
          CHECK(res == PTI_ERROR_NOT_IMPLEMENTED || gone);
        } else {
          CHECK(res == PTI_SUCCESS || gone);
          uint8_t* bits = model_api(s, id);
          CHECK(bits != NULL); /* a traced function has an id of one of the two ranges */
          *bits = op % 32 == 7 ? (uint8_t)((e ? 1 : 0) | (x ? 2 : 0)) : 0;
          model_sync_api_domain(s);
        }
        break;
      }
      case 9: /* replay */
        h = pick_handle(r, &s);
        {
          pti_result res = pticReplay(h);
          EXPECT_VALID(res, s);
        }
        break;
      case 10: { /* flush */
        pti_result res = pticFlush((uint64_t)(u8(r) % 4) * 1000000ull);
        CHECK(res == PTI_SUCCESS || res == PTI_ERROR_INTERNAL);
        break;
      }
      case 11: {
        static const uint32_t us[4] = {0, 1, 100, 1000};
        CHECK(pticSetPollInterval(us[u8(r) % 4]) == PTI_SUCCESS);
        break;
      }
      case 12:
      case 13:
      case 14: { /* a kernel on an immediate list */
        ze_command_list_handle_t l = W.imm[u8(r) % N_IMM];
        zeCommandListAppendLaunchKernel(l, W.k[u8(r) & 1], &g_groups[0], pick_event(r), 0, NULL);
        break;
      }
      case 15: { /* memory on an immediate list */
        const int li = u8(r) % N_IMM;
        ze_command_list_handle_t l = W.imm[li];
        uint8_t b = u8(r);
        void* bufs[3] = {W.host[li], W.dev[li], W.plain[li]};
        size_t size = (size_t)(u8(r) % 64) * 16 + 16;
        if (b & 1)
          zeCommandListAppendMemoryCopy(l, bufs[b % 3], bufs[(b >> 2) % 3] == bufs[b % 3] ? (uint8_t*)bufs[b % 3] + 2048 : bufs[(b >> 2) % 3],
                                        size, pick_event(r), 0, NULL);
        else
          zeCommandListAppendMemoryFill(l, bufs[b % 3], &g_counts[0], 4, size, pick_event(r), 0, NULL);
        break;
      }
      case 16: /* barrier */
        zeCommandListAppendBarrier(W.imm[u8(r) % N_IMM], pick_event(r), 0, NULL);
        break;
      case 17: { /* several kernels at once */
        ze_kernel_handle_t ks[3] = {W.k[0], W.k[1], W.k[u8(r) & 1]};
        zeCommandListAppendLaunchMultipleKernelsIndirect(W.imm[u8(r) % N_IMM], 1 + u8(r) % 3, ks, g_counts, g_groups,
                                                         pick_event(r), 0, NULL);
        break;
      }
      case 18: { /* append to a regular list */
        int j = u8(r) % N_LISTS;
        zeCommandListAppendLaunchKernel(W.list[j], W.k[u8(r) & 1], &g_groups[0], pick_event(r), 0, NULL);
        break;
      }
      case 19: { /* close / execute a regular list */
        int j = u8(r) % N_LISTS;
        if (!W.list_closed[j]) {
          if (zeCommandListClose(W.list[j]) == ZE_RESULT_SUCCESS) W.list_closed[j] = 1;
        } else {
          zeCommandQueueExecuteCommandLists(W.queue, 1, &W.list[j], NULL);
        }
        break;
      }
      case 20: { /* reset a regular list (after the queue is idle, as an application must) */
        int j = u8(r) % N_LISTS;
        CHECK(zeCommandQueueSynchronize(W.queue, 5000000000ull) == ZE_RESULT_SUCCESS);
        CHECK(zeCommandListReset(W.list[j]) == ZE_RESULT_SUCCESS);
        W.list_closed[j] = 0;
        break;
      }
      case 21:
        zeCommandQueueSynchronize(W.queue, (u8(r) & 1) ? 1000000ull : 0);
        break;
      case 22: {
        ze_event_handle_t e = pick_event(r);
        if (e) zeEventHostSynchronize(e, (u8(r) & 1) ? 1000000ull : 0);
        break;
      }
      case 23: {
        ze_event_handle_t e = pick_event(r);
        if (e) zeEventQueryStatus(e);
        break;
      }
      case 24: { /* reset an event: the operations it belongs to may still run */
        ze_event_handle_t e = pick_event(r);
        if (e) zeEventHostReset(e);
        break;
      }
      case 25: {
        ze_event_handle_t e = pick_event(r);
        ze_kernel_timestamp_result_t ts;
        if (e) zeEventQueryKernelTimestamp(e, &ts);
        break;
      }
      case 26: { /* a transient event made or destroyed (its operations may still run) */
        int i = u8(r) % N_TRANSIENT;
        if (W.transient[i]) {
          CHECK(zeEventDestroy(W.transient[i]) == ZE_RESULT_SUCCESS);
          W.transient[i] = NULL;
        } else {
          ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, (uint32_t)i, ZE_EVENT_SCOPE_FLAG_HOST,
                                ZE_EVENT_SCOPE_FLAG_HOST};
          CHECK(zeEventCreate(W.tpool, &ed, &W.transient[i]) == ZE_RESULT_SUCCESS);
        }
        break;
      }
      case 27: { /* a kernel made or destroyed */
        if (W.extra_kernel) {
          CHECK(zeKernelDestroy(W.extra_kernel) == ZE_RESULT_SUCCESS);
          W.extra_kernel = NULL;
        } else {
          ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, (u8(r) & 1) ? "k2" : "nope"};
          zeKernelCreate(W.module, &kd, &W.extra_kernel);
        }
        break;
      }
      case 28: /* host signal */
      {
        ze_event_handle_t e = pick_event(r);
        if (e) zeEventHostSignal(e);
        break;
      }
      case 29: { /* the model and the library agree */
        h = pick_handle(r, &s);
        if (s) check_state(s);
        uint32_t e, x;
        pti_result res = pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, &x);
        EXPECT_VALID(res, s);
        break;
      }
      case 30: /* an append to a closed list or with garbage: the driver refuses */
        zeCommandListAppendLaunchKernel(W.list[u8(r) % N_LISTS], (ze_kernel_handle_t)(uintptr_t)&g_counts, &g_groups[0],
                                        NULL, 0, NULL);
        break;
      default: /* the kernel made by the input, if any */
        if (W.extra_kernel)
          zeCommandListAppendLaunchKernel(W.imm[u8(r) % N_IMM], W.extra_kernel, &g_groups[0], pick_event(r), 0, NULL);
        break;
    }
  }
}

/* Back to a clean world: everything finished, every subscriber gone, events reset. */
static void cleanup(void) {
  CHECK(W.sim.WaitIdle(10000000000ull) == ZE_RESULT_SUCCESS); /* nothing stuck on the device */
  CHECK(pticFlush(5000000000ull) == PTI_SUCCESS);
  for (int i = 0; i < N_SUBS; i++) {
    fsub* s = g_subs[i];
    if (!s) continue;
    if (sub_valid(s)) {
      check_state(s);
      main_unsubscribe(s);
    }
    s->live = 0;
    g_subs[i] = NULL;
  }
  for (int i = 0; i < N_TRANSIENT; i++)
    if (W.transient[i]) {
      CHECK(zeEventDestroy(W.transient[i]) == ZE_RESULT_SUCCESS);
      W.transient[i] = NULL;
    }
  if (W.extra_kernel) {
    CHECK(zeKernelDestroy(W.extra_kernel) == ZE_RESULT_SUCCESS);
    W.extra_kernel = NULL;
  }
  for (int p = 0; p < 4; p++) /* (counter-based events, pools 4 and 5, cannot be reset: re-armed by use) */
    for (int e = 0; e < N_EVENTS; e++) CHECK(zeEventHostReset(W.ev[p][e]) == ZE_RESULT_SUCCESS);
  for (int e = 0; W.mpool && e < N_EVENTS; e++) CHECK(zeEventHostReset(W.mev[e]) == ZE_RESULT_SUCCESS);
  for (int i = 0; i < 2; i++)
    if (W.cbev[i]) {
      CHECK(zeEventDestroy(W.cbev[i]) == ZE_RESULT_SUCCESS);
      W.cbev[i] = NULL;
    }
  for (int j = 0; j < N_LISTS; j++) {
    CHECK(zeCommandListReset(W.list[j]) == ZE_RESULT_SUCCESS);
    W.list_closed[j] = 0;
  }
  CHECK(pticSetPollInterval(1000) == PTI_SUCCESS);
}

int LLVMFuzzerInitialize(int* argc, char*** argv);
int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int LLVMFuzzerInitialize(int* argc, char*** argv) {
  (void)argc; (void)argv;
  if (world_open() != 0) {
    fprintf(stderr, "fuzz_api: cannot set up the simulated device (ZE_ENABLE_ALT_DRIVERS?)\n");
    abort();
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (!W.ok) LLVMFuzzerInitialize(NULL, NULL);
  reader r = {data, size};
  run_ops(&r);
  cleanup();
  return 0;
}

#ifdef FUZZ_REPLAY_MAIN
/* ---- the seed corpus as a cmocka test ---- */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

static void test_replay_corpus(void** state) {
  (void)state;
  DIR* d = opendir(FUZZ_CORPUS_DIR);
  assert_non_null(d);
  unsigned n = 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", FUZZ_CORPUS_DIR, e->d_name);
    FILE* f = fopen(path, "rb");
    assert_non_null(f);
    uint8_t buf[65536];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    n++;
  }
  closedir(d);
  printf("  %u corpus inputs replayed\n", n);
  assert_true(n > 0);
}

int main(void) {
  LLVMFuzzerInitialize(NULL, NULL);
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_replay_corpus)};
  return cmocka_run_group_tests_name("fuzz corpus", tests, NULL, NULL);
}
#endif
