/* test_objchurn.c - what the library knows of lists and kernels stays right while objects come
   and go: launchers append round-robin to more immediate lists than the thread's object cache
   holds (36 > 32 entries), with several kernels, while other threads destroy and create lists,
   kernels and modules, often at the address of the object just destroyed (the allocator hands
   it out again) with other properties: a regular list where an immediate one was, a list of
   another context, a kernel of another name or module. Every delivered APPENDED record must
   name the list, queue, list type, device, context, kernel and kernel id of the launch the
   thread just made; each ENTER has one EXIT; with COMPLETED on, every operation appended to an
   immediate list is completed exactly once, with the same list, kernel and context.

   Threads: per launcher one replacer that swaps the launcher's lists and the shared kernels at
   random, and on the launcher's request between two launches with the same list and kernel (so
   the second meets the same handle, now another object: the thread's cached copy and the APPEND
   fast path's frame key must both see that objects changed); two churners that make a module,
   two kernels and a list, launch, replace the list by one of the other type at (mostly) the
   same address, launch again, and destroy it all. The expected record is a thread-local set
   right before each append; the callback compares. Iterations are cut under valgrind and
   ThreadSanitizer.

   A shared kernel is destroyed only once the device ran every launch of it (the spec: "the
   device is not currently referencing the kernel"): launches hold its slot's mutex, so after
   the replacer took it, the device being idle once means they ran. When the device does not
   get idle within a few seconds the kernel stays (counted, not an error). */
#define _GNU_SOURCE
#include "common.h"
#include "ze_sim.h"

#include <time.h>

#define ATOMIC_ADD(p, v) __atomic_add_fetch((p), (v), __ATOMIC_RELAXED)
#define ATOMIC_LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define ATOMIC_STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)

#define NCTX 2        /* contexts: lists move between them */
#define NLAUNCHERS 2
#define NLISTS 36     /* per launcher: more than the object cache's 16 sets of 2 */
#define NKSLOTS 6     /* shared kernels per context */
#define NNAMES 8      /* kernel names per slot module; two slot modules per context */
#define NCHURNERS 2

static ze_session S;
static ze_context_handle_t CTX[NCTX]; /* CTX[0] is S.context */
static ze_module_handle_t SLOT_MOD[NCTX][2];

/* ThreadSanitizer runs this test about 15 times slower: fewer iterations there too. */
#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif
#ifndef UNDER_TSAN
#define UNDER_TSAN 0
#endif

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static uint32_t rng_next(uint64_t* s) {
  *s = *s * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(*s >> 33);
}

/* ---- what each append must deliver ---- */

typedef struct expect {
  int active;
  ze_command_list_handle_t list;
  int immediate;
  ze_context_handle_t ctx;
  ze_kernel_handle_t kernel; /* NULL: a barrier */
  uint64_t kid;              /* the kernel id KERNEL_CREATED gave */
  char name[32];             /* (as long as oprec's) */
  int enters, exits;
  uint32_t corr;
  uint64_t op_id;
  int role;                  /* who appends (ROLE_*) */
} expect;

enum { ROLE_LAUNCHER, ROLE_REPLACER, ROLE_CHURNER, ROLE_MAIN, NROLES };
static const char* const k_role[NROLES] = {"launcher", "replacer", "churner", "main"};
static _Thread_local int tl_role = ROLE_MAIN;

static _Thread_local expect tl_exp;
/* The last KERNEL_CREATED EXIT of this thread: the id of the kernel it just created. */
static _Thread_local ze_kernel_handle_t tl_created;
static _Thread_local uint64_t tl_created_id;

/* an operation seen: at APPENDED EXIT (immediate lists) or at COMPLETED */
typedef struct oprec {
  uint64_t op;
  void* list;
  void* ctx;
  uint64_t kid;
  uint32_t status;
  char name[32];
} oprec;

typedef struct oplog {
  oprec* r;
  uint64_t n, cap, overflow;
} oplog;

static oplog g_appended, g_completed;
static int g_want_completed; /* this run has COMPLETED on */

static uint64_t g_mismatch;   /* records whose fields are not the launch's */
static uint64_t g_mismatch_by[NROLES];
static uint64_t g_wrong_type, g_wrong_ctx, g_wrong_kernel; /* type or queue, context, name or id */
static uint64_t g_unexpected; /* APPENDED records on a thread that made no append */
static uint64_t g_unpaired;   /* appends without exactly one ENTER and one EXIT */
static uint64_t g_errors;     /* Level Zero or PTI calls that failed off the main thread */
static uint64_t g_info_errors;
static uint64_t g_reused;     /* new objects at the address of the one just destroyed */
static uint64_t g_kept;       /* kernel replacements skipped: the device was never idle */
static ze_sim_hooks_t SIM;
static uint64_t g_appends;

static void oplog_init(oplog* l, uint64_t cap) {
  l->r = (oprec*)calloc(cap, sizeof *l->r);
  l->n = 0;
  l->cap = cap;
  l->overflow = 0;
  assert_non_null(l->r);
}

static void oplog_push(oplog* l, const oprec* x) {
  const uint64_t i = __atomic_fetch_add(&l->n, 1, __ATOMIC_RELAXED);
  if (i >= l->cap) {
    ATOMIC_ADD(&l->overflow, 1);
    return;
  }
  l->r[i] = *x;
}

static void report_mismatch(const char* what, const expect* e, const pti_callback_gpu_op_data* g,
                            pti_backend_ctx_t ctx) {
  const pti_gpu_op_details* d = g->_operation_count ? &g->_operation_details[0] : NULL;
  ATOMIC_ADD(&g_mismatch_by[e->role], 1);
  if (g->_cmd_list_properties != (e->immediate ? PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE : 0) ||
      g->_queue_handle != (e->immediate ? (void*)e->list : NULL))
    ATOMIC_ADD(&g_wrong_type, 1);
  if (ctx != e->ctx) ATOMIC_ADD(&g_wrong_ctx, 1);
  if (e->kernel && d && (d->_kernel_handle != e->kid || !d->_name || strcmp(d->_name, e->name) != 0))
    ATOMIC_ADD(&g_wrong_kernel, 1);
  if (ATOMIC_ADD(&g_mismatch, 1) > 6) return;
  fprintf(stderr,
          "test_objchurn: %s on a %s thread: expected list %p (%s) ctx %p kernel %s id %llu; got list %p "
          "props %d queue %p ctx %p kernel %s id %llu (%u operations)\n",
          what, k_role[e->role], (void*)e->list, e->immediate ? "immediate" : "regular", (void*)e->ctx,
          e->kernel ? e->name : "(barrier)", (unsigned long long)e->kid, g->_cmd_list_handle,
          (int)g->_cmd_list_properties, g->_queue_handle, ctx, d && d->_name ? d->_name : "(null)",
          d ? (unsigned long long)d->_kernel_handle : 0ull, g->_operation_count);
}

/* Whether an APPENDED or COMPLETED record describes the launch e. */
static int record_matches(const expect* e, const pti_callback_gpu_op_data* g, pti_backend_ctx_t ctx) {
  if (g->_cmd_list_handle != e->list || ctx != e->ctx || g->_device_handle != S.device) return 0;
  if (g->_cmd_list_properties != (e->immediate ? PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE : 0)) return 0;
  if (g->_queue_handle != (e->immediate ? (void*)e->list : NULL)) return 0;
  if (g->_operation_count != 1 || !g->_operation_details) return 0;
  const pti_gpu_op_details* d = &g->_operation_details[0];
  if (d->_operation_id == 0) return 0;
  if (!e->kernel) return d->_operation_kind != PTI_GPU_OPERATION_KIND_KERNEL && d->_kernel_handle == 0;
  return d->_operation_kind == PTI_GPU_OPERATION_KIND_KERNEL && d->_kernel_handle == e->kid &&
         d->_name && strcmp(d->_name, e->name) == 0;
}

static void on_appended(const pti_callback_gpu_op_data* g, pti_backend_ctx_t ctx, void** instance) {
  expect* e = &tl_exp;
  if (!e->active) {
    ATOMIC_ADD(&g_unexpected, 1);
    return;
  }
  const int enter = g->_phase == PTI_CB_PHASE_API_ENTER;
  if (!record_matches(e, g, ctx)) report_mismatch(enter ? "APPENDED ENTER" : "APPENDED EXIT", e, g, ctx);
  const uint64_t op = g->_operation_count && g->_operation_details ? g->_operation_details[0]._operation_id : 0;
  if (enter) {
    e->enters++;
    e->corr = g->_correlation_id;
    e->op_id = op;
    *instance = e;
    return;
  }
  e->exits++;
  if (*instance != e || g->_correlation_id != e->corr || op != e->op_id || g->_return_code != ZE_RESULT_SUCCESS)
    report_mismatch("APPENDED EXIT (pairing with its ENTER)", e, g, ctx);
  if (!g_want_completed || !e->immediate) return; /* regular lists here are never executed */
  oprec x;
  memset(&x, 0, sizeof x);
  x.op = op;
  x.list = e->list;
  x.ctx = e->ctx;
  x.kid = e->kernel ? e->kid : 0;
  if (e->kernel) memcpy(x.name, e->name, sizeof x.name); /* (the same size) */
  oplog_push(&g_appended, &x);
}

static void on_completed(void* cb_data, const pti_callback_gpu_op_data* g, pti_backend_ctx_t ctx) {
  for (uint32_t i = 0; i < g->_operation_count; i++) {
    const pti_gpu_op_details* d = &g->_operation_details[i];
    ptic_op_info info;
    memset(&info, 0, sizeof info);
    if (pticGetOperationInfo(cb_data, i, &info) != PTI_SUCCESS || info.operation_id != d->_operation_id)
      ATOMIC_ADD(&g_info_errors, 1);
    oprec x;
    memset(&x, 0, sizeof x);
    x.op = d->_operation_id;
    x.list = g->_cmd_list_handle;
    x.ctx = ctx;
    x.kid = d->_kernel_handle;
    x.status = info.status;
    snprintf(x.name, sizeof x.name, "%s", d->_operation_kind == PTI_GPU_OPERATION_KIND_KERNEL && d->_name ? d->_name : "");
    oplog_push(&g_completed, &x);
  }
}

static void churn_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)user;
  if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED) {
    const pti_callback_kernel_data* k = (const pti_callback_kernel_data*)cb_data;
    if (k->_phase == PTI_CB_PHASE_API_EXIT) {
      tl_created = (ze_kernel_handle_t)k->_device_kernel_handle;
      tl_created_id = k->_kernel_handle;
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    on_appended((const pti_callback_gpu_op_data*)cb_data, ctx, instance);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    on_completed(cb_data, (const pti_callback_gpu_op_data*)cb_data, ctx);
  }
}

/* ---- objects ---- */

#define Z(call)                                                 \
  do {                                                          \
    if ((call) != ZE_RESULT_SUCCESS) ATOMIC_ADD(&g_errors, 1);  \
  } while (0)

/* A kernel and the id KERNEL_CREATED reported for it (0 when none was). */
static ze_kernel_handle_t make_kernel(ze_module_handle_t m, const char* name, uint64_t* kid) {
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, name};
  ze_kernel_handle_t k = NULL;
  tl_created = NULL;
  tl_created_id = 0;
  Z(zeKernelCreate(m, &kd, &k));
  *kid = tl_created == k ? tl_created_id : 0;
  if (!*kid) ATOMIC_ADD(&g_errors, 1);
  return k;
}

static ze_module_handle_t make_module(ze_context_handle_t ctx, const char* text) {
  ze_module_desc_t md = ze_module_desc(text, ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  Z(zeModuleCreate(ctx, S.device, &md, &m, NULL));
  return m;
}

static ze_command_list_handle_t make_list(int c, int immediate) {
  ze_command_list_handle_t l = NULL;
  if (immediate) {
    ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                  ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
    Z(zeCommandListCreateImmediate(CTX[c], S.device, &qd, &l));
  } else {
    ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
    Z(zeCommandListCreate(CTX[c], S.device, &ld, &l));
  }
  return l;
}

/* Per thread: a host-visible event in each context, to wait for an immediate list's work. */
typedef struct drainer {
  ze_event_pool_handle_t pool[NCTX];
  ze_event_handle_t ev[NCTX];
} drainer;

static void drainer_open(drainer* d) {
  for (int c = 0; c < NCTX; c++) {
    ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
    Z(zeEventPoolCreate(CTX[c], &pd, 1, &S.device, &d->pool[c]));
    Z(zeEventCreate(d->pool[c], &ed, &d->ev[c]));
  }
}

static void drainer_close(drainer* d) {
  for (int c = 0; c < NCTX; c++) {
    Z(zeEventDestroy(d->ev[c]));
    Z(zeEventPoolDestroy(d->pool[c]));
  }
}

/* One checked append: the launch of k (NULL: a barrier signalling ev) on list l of context c. */
static void append_checked(ze_command_list_handle_t l, int c, int immediate, ze_kernel_handle_t k,
                           uint64_t kid, const char* name, ze_event_handle_t ev) {
  expect* e = &tl_exp;
  memset(e, 0, sizeof *e);
  e->list = l;
  e->immediate = immediate;
  e->ctx = CTX[c];
  e->kernel = k;
  e->kid = kid;
  e->role = tl_role;
  if (name) snprintf(e->name, sizeof e->name, "%s", name);
  e->active = 1;
  if (k) {
    ze_group_count_t g = {1, 1, 1};
    Z(zeCommandListAppendLaunchKernel(l, k, &g, NULL, 0, NULL));
  } else {
    Z(zeCommandListAppendBarrier(l, ev, 0, NULL));
  }
  e->active = 0;
  if (e->enters != 1 || e->exits != 1) ATOMIC_ADD(&g_unpaired, 1);
  ATOMIC_ADD(&g_appends, 1);
}

/* Wait until an immediate list's work has run (a checked barrier). */
static void drain(drainer* d, ze_command_list_handle_t l, int c) {
  append_checked(l, c, 1, NULL, 0, NULL, d->ev[c]);
  Z(zeEventHostSynchronize(d->ev[c], UINT64_MAX));
  Z(zeEventHostReset(d->ev[c]));
}

/* ---- shared kernels and the launchers' lists ---- */

typedef struct kslot {
  pthread_mutex_t mu;
  ze_kernel_handle_t k;
  uint64_t kid;
  int gen;   /* which name: module gen % 2, name gen / 2 % NNAMES */
  char name[32];
} kslot;

typedef struct lslot {
  pthread_mutex_t mu;
  ze_command_list_handle_t l;
  int ctx, immediate;
} lslot;

static kslot KS[NCTX][NKSLOTS];

static void slot_kernel_name(char* out, size_t n, int c, int gen) {
  snprintf(out, n, "c%d%c_k%02d", c, 'a' + gen % 2, gen / 2 % NNAMES);
}

static void kslot_make(kslot* s, int c, int gen) {
  s->gen = gen;
  slot_kernel_name(s->name, sizeof s->name, c, gen);
  s->k = make_kernel(SLOT_MOD[c][gen % 2], s->name, &s->kid);
}

/* Another kernel in the slot: another name, of the other module (so another id). */
static void kslot_replace(kslot* s, int c) {
  pthread_mutex_lock(&s->mu);
  const ze_kernel_handle_t old = s->k;
  int idle = 0;
  for (int i = 0; i < 100 && !idle; i++) idle = SIM.WaitIdle(50000000ull) == ZE_RESULT_SUCCESS;
  if (!idle) {
    ATOMIC_ADD(&g_kept, 1);
    pthread_mutex_unlock(&s->mu);
    return;
  }
  Z(zeKernelDestroy(s->k));
  kslot_make(s, c, s->gen + 1 + 2 * NKSLOTS);
  if (s->k == old) ATOMIC_ADD(&g_reused, 1);
  pthread_mutex_unlock(&s->mu);
}

/* Another list in the slot: of the other type; of the other context when `move`. */
static void lslot_replace(lslot* s, drainer* d, int move) {
  pthread_mutex_lock(&s->mu);
  const ze_command_list_handle_t old = s->l;
  if (s->immediate) drain(d, s->l, s->ctx);
  Z(zeCommandListDestroy(s->l));
  s->immediate = !s->immediate;
  if (move) s->ctx = (s->ctx + 1) % NCTX;
  s->l = make_list(s->ctx, s->immediate);
  if (s->l == old) ATOMIC_ADD(&g_reused, 1);
  pthread_mutex_unlock(&s->mu);
}

typedef struct launcher {
  int index;
  uint64_t iters;
  lslot lists[NLISTS];
  /* the replacer's mailbox: one request at a time, the launcher waits for it */
  pthread_mutex_t mu;
  pthread_cond_t cv;
  kslot* req_k;
  int req_k_ctx;
  lslot* req_l;
  int busy, stop;
  uint64_t replaced;
  pthread_t th, rth;
} launcher;

static int g_launchers_done;

/* Ask the replacer for one replacement and wait until it is made. */
static void request(launcher* L, kslot* k, int c, lslot* l) {
  pthread_mutex_lock(&L->mu);
  L->req_k = k;
  L->req_k_ctx = c;
  L->req_l = l;
  L->busy = 1;
  pthread_cond_broadcast(&L->cv);
  while (L->busy) pthread_cond_wait(&L->cv, &L->mu);
  pthread_mutex_unlock(&L->mu);
}

static void launch_slot(lslot* ls, int j) {
  kslot* ks = &KS[ls->ctx][j];
  pthread_mutex_lock(&ks->mu);
  append_checked(ls->l, ls->ctx, ls->immediate, ks->k, ks->kid, ks->name, NULL);
  pthread_mutex_unlock(&ks->mu);
}

static void* launcher_main(void* arg) {
  tl_role = ROLE_LAUNCHER;
  launcher* L = (launcher*)arg;
  for (uint64_t it = 0; it < L->iters; it++) {
    const int i = (int)(it % NLISTS);
    const int j = (int)((it / NLISTS * 5 + (uint64_t)i) % NKSLOTS);
    lslot* ls = &L->lists[i];
    pthread_mutex_lock(&ls->mu);
    launch_slot(ls, j);
    if (it % 7 == 0) launch_slot(ls, j); /* the same list and kernel again: the fast path's key holds */
    const int c = ls->ctx;
    pthread_mutex_unlock(&ls->mu);
    if (it % 29 == 0) { /* the same list and kernel handles, now another kernel */
      request(L, &KS[c][j], c, NULL);
      pthread_mutex_lock(&ls->mu);
      launch_slot(ls, j);
      pthread_mutex_unlock(&ls->mu);
    } else if (it % 31 == 0) { /* the same handles, now another list (same context) */
      request(L, NULL, 0, ls);
      pthread_mutex_lock(&ls->mu);
      launch_slot(ls, j);
      pthread_mutex_unlock(&ls->mu);
    }
  }
  pthread_mutex_lock(&L->mu);
  L->stop = 1;
  pthread_cond_broadcast(&L->cv);
  pthread_mutex_unlock(&L->mu);
  return NULL;
}

/* Serves the launcher's requests; between them, replaces a random list of it or shared kernel
   (a list moves to the other context every other time). */
static void* replacer_main(void* arg) {
  tl_role = ROLE_REPLACER;
  launcher* L = (launcher*)arg;
  drainer d;
  drainer_open(&d);
  uint64_t rng = 0x51ed2701u + (uint64_t)L->index;
  for (;;) {
    pthread_mutex_lock(&L->mu);
    if (!L->busy && !L->stop) {
      struct timespec dl;
      clock_gettime(CLOCK_REALTIME, &dl);
      dl.tv_nsec += 300000;
      if (dl.tv_nsec >= 1000000000) dl.tv_sec++, dl.tv_nsec -= 1000000000;
      pthread_cond_timedwait(&L->cv, &L->mu, &dl);
    }
    const int stop = L->stop, busy = L->busy;
    kslot* rk = L->req_k;
    lslot* rl = L->req_l;
    const int rc = L->req_k_ctx;
    pthread_mutex_unlock(&L->mu);
    if (busy) {
      if (rk) kslot_replace(rk, rc);
      if (rl) lslot_replace(rl, &d, 0);
      pthread_mutex_lock(&L->mu);
      L->busy = 0;
      L->req_k = NULL;
      L->req_l = NULL;
      pthread_cond_broadcast(&L->cv);
      pthread_mutex_unlock(&L->mu);
    } else if (stop) {
      break;
    } else {
      const uint32_t r = rng_next(&rng);
      if (r & 1u) {
        const int c = (int)((r >> 1) % NCTX);
        kslot_replace(&KS[c][(r >> 3) % NKSLOTS], c);
      } else {
        lslot_replace(&L->lists[(r >> 3) % NLISTS], &d, (r >> 9) & 1u);
      }
    }
    L->replaced++;
  }
  drainer_close(&d);
  return NULL;
}

/* ---- churners: modules, kernels and lists of their own, made, used and destroyed ---- */

typedef struct churner {
  int index;
  uint64_t rounds;
  pthread_t th;
} churner;

static void* churner_main(void* arg) {
  tl_role = ROLE_CHURNER;
  churner* C = (churner*)arg;
  drainer d;
  drainer_open(&d);
  for (uint64_t r = 0; r < C->rounds || (!ATOMIC_LOAD(&g_launchers_done) && r < 100 * C->rounds); r++) {
    const int c = (int)(r % NCTX);
    const int gen = (int)(r % 4); /* names come back: a module loaded again gets new kernel ids */
    char text[160], na[32], nb[32];
    snprintf(na, sizeof na, "z%d_g%d_a", C->index, gen);
    snprintf(nb, sizeof nb, "z%d_g%d_b", C->index, gen);
    snprintf(text, sizeof text, "kernel %s 0\nkernel %s 0\n", na, nb);
    const ze_module_handle_t m = make_module(CTX[c], text);
    uint64_t ida = 0, idb = 0;
    const ze_kernel_handle_t ka = make_kernel(m, na, &ida);
    const ze_kernel_handle_t kb = make_kernel(m, nb, &idb);
    /* a regular list, launched on; then an immediate list, most often at its address, launched
       on with the same kernel right away (no call between that would reset the frame key) */
    ze_command_list_handle_t l = make_list(c, 0);
    append_checked(l, c, 0, ka, ida, na, NULL);
    append_checked(l, c, 0, kb, idb, nb, NULL);
    append_checked(l, c, 0, ka, ida, na, NULL);
    const ze_command_list_handle_t old = l;
    Z(zeCommandListDestroy(l));
    l = make_list(c, 1);
    if (l == old) ATOMIC_ADD(&g_reused, 1);
    append_checked(l, c, 1, ka, ida, na, NULL);
    append_checked(l, c, 1, kb, idb, nb, NULL);
    append_checked(l, c, 1, kb, idb, nb, NULL);
    drain(&d, l, c);
    Z(zeCommandListDestroy(l));
    Z(zeKernelDestroy(kb));
    Z(zeKernelDestroy(ka));
    Z(zeModuleDestroy(m));
  }
  drainer_close(&d);
  return NULL;
}

/* ---- watchdog: a hang (a deadlock, or a crash whose exit handlers wait for a lock the crashed
   thread held) fails the run after OBJCHURN_TIMEOUT seconds (default 300) ---- */

static pthread_mutex_t g_wd_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_wd_cond = PTHREAD_COND_INITIALIZER;
static int g_wd_stop;
static pthread_t g_wd;

static void* watchdog_main(void* arg) {
  const char* v = getenv("OBJCHURN_TIMEOUT");
  const long seconds = v && *v ? strtol(v, NULL, 10) : 300;
  (void)arg;
  struct timespec dl;
  clock_gettime(CLOCK_REALTIME, &dl);
  dl.tv_sec += seconds;
  pthread_mutex_lock(&g_wd_lock);
  while (!g_wd_stop) {
    if (pthread_cond_timedwait(&g_wd_cond, &g_wd_lock, &dl) != 0 && !g_wd_stop) {
      fflush(stdout);
      fprintf(stderr, "test_objchurn: WATCHDOG: not done after %ld s (deadlock?); %llu appends made\n", seconds,
              (unsigned long long)ATOMIC_LOAD(&g_appends));
      abort();
    }
  }
  pthread_mutex_unlock(&g_wd_lock);
  return NULL;
}

/* ---- the checks ---- */

static int cmp_op(const void* a, const void* b) {
  const uint64_t x = ((const oprec*)a)->op, y = ((const oprec*)b)->op;
  return x < y ? -1 : x > y;
}

/* Every operation appended to an immediate list completed exactly once, as PTIC_OP_COMPLETED,
   with the list, context, kernel id and name of its append; no other completion. */
static void check_completions(void) {
  assert_int_equal(g_appended.overflow, 0);
  assert_int_equal(g_completed.overflow, 0);
  const uint64_t ne = g_appended.n, nc = g_completed.n;
  oprec* e = g_appended.r;
  oprec* c = g_completed.r;
  qsort(e, ne, sizeof *e, cmp_op);
  qsort(c, nc, sizeof *c, cmp_op);
  uint64_t dup = 0, missing = 0, extra = 0, differ = 0, not_completed = 0;
  for (uint64_t i = 1; i < nc; i++) dup += c[i].op == c[i - 1].op;
  for (uint64_t i = 0; i < nc; i++) not_completed += c[i].status != PTIC_OP_COMPLETED;
  for (uint64_t i = 0, j = 0; i < ne || j < nc;) {
    if (j >= nc || (i < ne && e[i].op < c[j].op)) {
      missing++, i++;
    } else if (i >= ne || c[j].op < e[i].op) {
      extra++, j++;
    } else {
      if (e[i].list != c[j].list || e[i].ctx != c[j].ctx || e[i].kid != c[j].kid || strcmp(e[i].name, c[j].name) != 0) {
        if (differ++ < 4)
          fprintf(stderr, "test_objchurn: COMPLETED op %llu: appended list %p ctx %p kernel '%s' id %llu; "
                  "completed list %p ctx %p kernel '%s' id %llu\n", (unsigned long long)e[i].op,
                  e[i].list, e[i].ctx, e[i].name, (unsigned long long)e[i].kid, c[j].list, c[j].ctx,
                  c[j].name, (unsigned long long)c[j].kid);
      }
      i++, j++;
    }
  }
  printf("  COMPLETED: %llu operations appended to immediate lists, %llu completions; missing %llu, "
         "extra %llu, duplicates %llu, not PTIC_OP_COMPLETED %llu, other list or kernel %llu\n",
         (unsigned long long)ne, (unsigned long long)nc, (unsigned long long)missing,
         (unsigned long long)extra, (unsigned long long)dup, (unsigned long long)not_completed,
         (unsigned long long)differ);
  assert_true(ne > 0);
  assert_int_equal(missing, 0);
  assert_int_equal(extra, 0);
  assert_int_equal(dup, 0);
  assert_int_equal(not_completed, 0);
  assert_int_equal(differ, 0);
  assert_int_equal(g_info_errors, 0);
}

static void run_churn(int with_completed) {
  const int vg = under_valgrind();
  const uint64_t iters = vg ? 400 : UNDER_TSAN ? 1000 : 6000; /* per launcher */
  const uint64_t rounds = vg ? 10 : UNDER_TSAN ? 30 : 150;    /* per churner, at least */
  const uint64_t t0 = now_ms();
  g_want_completed = with_completed;
  g_mismatch = g_unexpected = g_unpaired = g_errors = g_info_errors = g_reused = g_appends = g_kept = 0;
  g_wrong_type = g_wrong_ctx = g_wrong_kernel = 0;
  memset(g_mismatch_by, 0, sizeof g_mismatch_by);
  g_launchers_done = 0;
  const uint64_t cap = 3 * NLAUNCHERS * iters + 200 * NCHURNERS * rounds * 8 + 4096;
  oplog_init(&g_appended, cap);
  oplog_init(&g_completed, cap);

  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, churn_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  if (with_completed)
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);

  for (int c = 0; c < NCTX; c++) {
    for (int m = 0; m < 2; m++) {
      char text[NNAMES * 32] = "";
      for (int n = 0; n < NNAMES; n++) {
        char name[32];
        slot_kernel_name(name, sizeof name, c, m + 2 * n);
        snprintf(text + strlen(text), sizeof text - strlen(text), "kernel %s 0\n", name);
      }
      SLOT_MOD[c][m] = make_module(CTX[c], text);
    }
    for (int j = 0; j < NKSLOTS; j++) {
      pthread_mutex_init(&KS[c][j].mu, NULL);
      kslot_make(&KS[c][j], c, 2 * j + c);
    }
  }
  static launcher Ls[NLAUNCHERS];
  memset(Ls, 0, sizeof Ls);
  for (int a = 0; a < NLAUNCHERS; a++) {
    launcher* L = &Ls[a];
    L->index = a;
    L->iters = iters;
    pthread_mutex_init(&L->mu, NULL);
    pthread_cond_init(&L->cv, NULL);
    for (int i = 0; i < NLISTS; i++) {
      pthread_mutex_init(&L->lists[i].mu, NULL);
      L->lists[i].ctx = i % 5 == 4; /* most in the first context */
      L->lists[i].immediate = 1;
      L->lists[i].l = make_list(L->lists[i].ctx, 1);
    }
  }
  assert_int_equal(g_errors, 0);
  churner Cs[NCHURNERS];
  for (int i = 0; i < NCHURNERS; i++) {
    Cs[i].index = i;
    Cs[i].rounds = rounds;
    assert_int_equal(pthread_create(&Cs[i].th, NULL, churner_main, &Cs[i]), 0);
  }
  for (int a = 0; a < NLAUNCHERS; a++) {
    assert_int_equal(pthread_create(&Ls[a].rth, NULL, replacer_main, &Ls[a]), 0);
    assert_int_equal(pthread_create(&Ls[a].th, NULL, launcher_main, &Ls[a]), 0);
  }
  uint64_t replaced = 0;
  for (int a = 0; a < NLAUNCHERS; a++) {
    pthread_join(Ls[a].th, NULL);
    pthread_join(Ls[a].rth, NULL);
    replaced += Ls[a].replaced;
  }
  ATOMIC_STORE(&g_launchers_done, 1);
  for (int i = 0; i < NCHURNERS; i++) pthread_join(Cs[i].th, NULL);

  /* the launchers' lists drained (checked barriers) and destroyed, then the kernels */
  drainer d;
  drainer_open(&d);
  for (int a = 0; a < NLAUNCHERS; a++) {
    for (int i = 0; i < NLISTS; i++) {
      lslot* s = &Ls[a].lists[i];
      if (s->immediate) drain(&d, s->l, s->ctx);
      Z(zeCommandListDestroy(s->l));
      pthread_mutex_destroy(&s->mu);
    }
    pthread_mutex_destroy(&Ls[a].mu);
    pthread_cond_destroy(&Ls[a].cv);
  }
  drainer_close(&d);
  pti_result fr = PTI_SUCCESS;
  if (with_completed) fr = pticFlush(30000000000ull);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  for (int c = 0; c < NCTX; c++) {
    for (int j = 0; j < NKSLOTS; j++) {
      Z(zeKernelDestroy(KS[c][j].k));
      pthread_mutex_destroy(&KS[c][j].mu);
    }
    for (int m = 0; m < 2; m++) Z(zeModuleDestroy(SLOT_MOD[c][m]));
  }
  printf("  %llu appends on %d launchers x %d lists (+ churners), %llu replacements, %llu objects "
         "at the address of the one just destroyed, %llu kernel replacements skipped (device never idle); "
         "records not of their launch %llu (launchers %llu, "
         "replacers %llu, churners %llu, main %llu; wrong list type or queue %llu, context %llu, kernel "
         "%llu), unexpected records %llu, unpaired %llu, errors %llu; %.1f s\n",
         (unsigned long long)g_appends, NLAUNCHERS, NLISTS, (unsigned long long)replaced,
         (unsigned long long)g_reused, (unsigned long long)g_kept, (unsigned long long)g_mismatch,
         (unsigned long long)g_mismatch_by[ROLE_LAUNCHER], (unsigned long long)g_mismatch_by[ROLE_REPLACER],
         (unsigned long long)g_mismatch_by[ROLE_CHURNER], (unsigned long long)g_mismatch_by[ROLE_MAIN],
         (unsigned long long)g_wrong_type, (unsigned long long)g_wrong_ctx, (unsigned long long)g_wrong_kernel,
         (unsigned long long)g_unexpected,
         (unsigned long long)g_unpaired, (unsigned long long)g_errors, (double)(now_ms() - t0) / 1000.0);
  assert_int_equal(g_errors, 0);
  assert_int_equal(g_mismatch, 0);
  assert_int_equal(g_unexpected, 0);
  assert_int_equal(g_unpaired, 0);
  assert_true(g_appends >= NLAUNCHERS * iters);
  if (with_completed) {
    assert_int_equal(fr, PTI_SUCCESS);
    check_completions();
  }
  free(g_appended.r);
  free(g_completed.r);
  memset(&g_appended, 0, sizeof g_appended);
  memset(&g_completed, 0, sizeof g_completed);
}

/* APPENDED ENTER and EXIT: every record is the launch's (list, queue, type, device, context,
   kernel, id); one EXIT per ENTER, instance data paired. */
static void test_appended_under_object_churn(void** state) {
  (void)state;
  run_churn(0);
}

/* The same with COMPLETED on (completion tracking on the append path): also every operation
   appended to an immediate list completed exactly once with its append's list and kernel. */
static void test_completed_under_object_churn(void** state) {
  (void)state;
  run_churn(1);
}

static int setup(void** state) {
  (void)state;
  assert_int_equal(pthread_create(&g_wd, NULL, watchdog_main, NULL), 0);
  ptic_test_create_tracer(); /* the library knows the objects created after this */
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  CTX[0] = S.context;
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE_CHECK(zeContextCreate(S.driver, &cd, &CTX[1]));
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ZE_CHECK(zeContextDestroy(CTX[1]));
  ze_session_close(&S);
  rec_reset();
  pthread_mutex_lock(&g_wd_lock);
  g_wd_stop = 1;
  pthread_cond_signal(&g_wd_cond);
  pthread_mutex_unlock(&g_wd_lock);
  pthread_join(g_wd, NULL);
  return 0;
}

int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0); /* lines out before a crash or the watchdog */
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_appended_under_object_churn),
      cmocka_unit_test(test_completed_under_object_churn),
  };
  return cmocka_run_group_tests_name("objchurn", tests, setup, teardown);
}
