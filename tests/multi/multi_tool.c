/* multi_tool.c - a tool built from the header, several copies of which are preloaded together
   into a plain Level Zero program (tests/multi/multi_check.sh). Each copy subscribes when it
   loads (APPENDED EXIT, COMPLETED, KERNEL_CREATED EXIT, INTERNAL_EVENT), keeps the operation ids
   it sees and, at exit, flushes and prints to stderr one line:
     multi_tool NAME appended=A completed=C joined=J lost=L warnings=W dup=D api_dup=P api_unpaired=U kernels=K flush=F
   A: operations appended; C: completions; J: appended ids that no completion names plus
   completion ids that no append names (0 when the two sets are equal); D: completions delivered
   twice; P: DRIVER_API records delivered twice (same correlation id and phase); U: DRIVER_API
   correlation ids with an ENTER and no EXIT or the other way round (DRIVER_API only when
   MULTI_API names this copy: with it on, no launch takes the library's APPEND fast path); K:
   kernels created, each record's name read (a record of another layout has no string there); F:
   what pticFlush returned at exit (0: everything delivered). Nothing when the process did no GPU
   work (a shell around the program); "multi_tool NAME: subscription failed: RESULT" when the
   copy could not subscribe. Built with -DTOOL_NAME=... and with or without -fvisibility=hidden.
   When MULTI_CHURN names this copy, a thread of its own also subscribes and unsubscribes in a
   loop while the program runs, as fast as it can, with APPENDED, COMPLETED, DRIVER_API and
   KERNEL_CREATED on. When MULTI_CHURN_MIX names it, the subscriptions take in turn those
   domains; DRIVER_API of zeCommandListAppendLaunchKernel alone (pticEnableDriverApi); every
   domain (pticEnableAllDomains); and one in 16 lasts 50 us, long enough for records to
   arrive. The copy prints a second line at exit:
     multi_churn NAME rounds=R records=N bad=B
   R: subscriptions made and ended; N: records those subscriptions got; B: records of a domain
   they had not turned on, or a failed call (0 expected). */
#define _GNU_SOURCE
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_IDS 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t appended[MAX_IDS], completed_app[MAX_IDS], completed[MAX_IDS];
static size_t n_appended, n_completed, n_lost, n_warnings, n_kernels;
#define MAX_API (1u << 16)
static uint64_t api_keys[MAX_API]; /* DRIVER_API records: correlation id * 2 + (EXIT) */
static size_t n_api;
static pti_callback_subscriber_handle sub;
static int subscribed;

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group, (void)api_id, (void)ctx, (void)user, (void)instance;
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = cb_data;
    pthread_mutex_lock(&lock);
    if (d->_detail != PTI_INTERNAL_EVENT_TYPE_INFO) n_warnings++;
    pthread_mutex_unlock(&lock);
    fprintf(stderr, "multi_tool %s: internal event %s\n", TOOL_NAME, d->_message);
    return;
  }
  if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED) {
    const pti_callback_kernel_data* k = cb_data;
    const int named = k->_phase == PTI_CB_PHASE_API_EXIT && k->_name && strlen(k->_name) > 0;
    pthread_mutex_lock(&lock);
    n_kernels += named;
    pthread_mutex_unlock(&lock);
    return;
  }
  if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    const ptic_api_data* a = cb_data;
    pthread_mutex_lock(&lock);
    if (n_api < MAX_API) api_keys[n_api++] = (uint64_t)a->_correlation_id * 2u + (a->_phase == PTI_CB_PHASE_API_EXIT);
    pthread_mutex_unlock(&lock);
    return;
  }
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED)
    return; /* (pticEnableAllDomains: records of other types too) */
  const pti_callback_gpu_op_data* rec = cb_data;
  pthread_mutex_lock(&lock);
  for (uint32_t i = 0; i < rec->_operation_count; i++) {
    ptic_op_info op;
    if (pticGetOperationInfo(rec, i, &op) != PTI_SUCCESS) continue;
    if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
      if (n_appended < MAX_IDS) appended[n_appended++] = op.operation_id;
    } else if (op.status != PTIC_OP_COMPLETED) {
      n_lost++;
    } else if (n_completed < MAX_IDS) {
      completed[n_completed] = op.execution_id;
      completed_app[n_completed++] = op.operation_id;
    }
  }
  pthread_mutex_unlock(&lock);
}

static int cmp(const void* a, const void* b) {
  uint64_t x = *(const uint64_t*)a, y = *(const uint64_t*)b;
  return x < y ? -1 : x > y;
}

/* ids of `a` (sorted) missing from `b` (sorted) */
static size_t missing(const uint64_t* a, size_t na, const uint64_t* b, size_t nb) {
  size_t m = 0, j = 0;
  for (size_t i = 0; i < na; i++) {
    while (j < nb && b[j] < a[i]) j++;
    if (j == nb || b[j] != a[i]) m++;
  }
  return m;
}

/* ---- MULTI_CHURN: subscriptions that come and go while the program runs ---- */

static pthread_t churner;
static int churning, churn_stop, churn_mix;
static size_t churn_rounds, churn_records, churn_bad;
static int churn_kind;         /* what the current subscription has on (set while none exists) */
static uint32_t churn_launch_id; /* zeCommandListAppendLaunchKernel's api id */

static void on_churn(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group, (void)ctx, (void)cb_data, (void)user, (void)instance;
  const int kind = __atomic_load_n(&churn_kind, __ATOMIC_ACQUIRE);
  int wanted = 1; /* kind 2: every domain */
  if (kind == 0)
    wanted = domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED ||
             domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED || domain == PTI_CB_DOMAIN_DRIVER_API ||
             domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED;
  else if (kind == 1)
    wanted = domain == PTI_CB_DOMAIN_DRIVER_API && api_id == churn_launch_id;
  if (!wanted) /* (what it was: the check is a lead to follow) */
    fprintf(stderr, "multi_churn %s: subscription of kind %d got domain %d api %u\n", TOOL_NAME, kind, (int)domain,
            api_id);
  __atomic_add_fetch(wanted ? &churn_records : &churn_bad, 1, __ATOMIC_RELAXED);
}

static void* churn_main(void* arg) {
  (void)arg;
  if (churn_mix && pticApiIdFromName("zeCommandListAppendLaunchKernel", &churn_launch_id) != PTI_SUCCESS)
    __atomic_add_fetch(&churn_bad, 1, __ATOMIC_RELAXED);
  while (!__atomic_load_n(&churn_stop, __ATOMIC_ACQUIRE)) {
    const int kind = churn_mix ? (int)(churn_rounds % 3u) : 0;
    if (churn_mix) __atomic_store_n(&churn_kind, kind, __ATOMIC_RELEASE); /* (no subscription of ours now) */
    pti_callback_subscriber_handle h;
    if (ptiCallbackSubscribe(&h, on_churn, NULL) != PTI_SUCCESS) {
      __atomic_add_fetch(&churn_bad, 1, __ATOMIC_RELAXED);
      break;
    }
    int ok;
    if (kind == 0)
      ok = ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1) == PTI_SUCCESS &&
           ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1) == PTI_SUCCESS &&
           ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1) == PTI_SUCCESS &&
           ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1) == PTI_SUCCESS;
    else if (kind == 1)
      ok = pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, churn_launch_id, 1, 1) == PTI_SUCCESS;
    else
      ok = pticEnableAllDomains(h, 1, 1) == PTI_SUCCESS;
    const struct timespec pause = {0, 50000};
    if (churn_mix && churn_rounds % 16u == 15u) nanosleep(&pause, NULL);
    if (!ok || ptiCallbackUnsubscribe(h) != PTI_SUCCESS) __atomic_add_fetch(&churn_bad, 1, __ATOMIC_RELAXED);
    churn_rounds++;
  }
  return NULL;
}

/* Whether environment variable `var` names this copy. */
static int named(const char* var) {
  const char* v = getenv(var);
  return v && strstr(v, TOOL_NAME);
}

static void churn_start(void) {
  churn_mix = named("MULTI_CHURN_MIX");
  if (!churn_mix && !named("MULTI_CHURN")) return;
  churning = pthread_create(&churner, NULL, churn_main, NULL) == 0;
  if (!churning) fprintf(stderr, "multi_tool %s: no churn thread\n", TOOL_NAME);
}

/* The churn line; nothing when the process did no GPU work. */
static void churn_end(int gpu_work) {
  if (!churning) return;
  __atomic_store_n(&churn_stop, 1, __ATOMIC_RELEASE);
  pthread_join(churner, NULL);
  churning = 0;
  if (gpu_work)
    fprintf(stderr, "multi_churn %s rounds=%zu records=%zu bad=%zu\n", TOOL_NAME, churn_rounds,
            __atomic_load_n(&churn_records, __ATOMIC_RELAXED), __atomic_load_n(&churn_bad, __ATOMIC_RELAXED));
}

__attribute__((constructor)) static void tool_load(void) {
  pti_result r = ptiCallbackSubscribe(&sub, on_record, NULL);
  const pti_callback_domain doms[4] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED,
                                       PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
                                       PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, PTI_CB_DOMAIN_INTERNAL_EVENT};
  for (int i = 0; i < 4 && r == PTI_SUCCESS; i++) r = ptiCallbackEnableDomain(sub, doms[i], 0, 1);
  if (r == PTI_SUCCESS && named("MULTI_API")) r = ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_API, 1, 1);
  subscribed = r == PTI_SUCCESS;
  if (!subscribed) fprintf(stderr, "multi_tool %s: subscription failed: %s\n", TOOL_NAME, ptiResultTypeToString(r));
  churn_start();
}

__attribute__((destructor)) static void tool_unload(void) {
  if (!subscribed) {
    churn_end(0);
    return;
  }
  pthread_mutex_lock(&lock);
  const int gpu_work = n_appended || n_completed || n_lost || n_warnings;
  pthread_mutex_unlock(&lock);
  churn_end(gpu_work);
  const pti_result flushed = pticFlush(2000000000ull);
  ptiCallbackUnsubscribe(sub);
  pthread_mutex_lock(&lock);
  if (!n_appended && !n_completed && !n_lost && !n_warnings) { /* a process without GPU work */
    pthread_mutex_unlock(&lock);
    return;
  }
  qsort(appended, n_appended, sizeof *appended, cmp);
  qsort(completed_app, n_completed, sizeof *completed_app, cmp);
  qsort(completed, n_completed, sizeof *completed, cmp);
  size_t dup = 0;
  for (size_t i = 1; i < n_completed; i++) dup += completed[i] == completed[i - 1];
  qsort(api_keys, n_api, sizeof *api_keys, cmp);
  size_t api_dup = 0, api_unpaired = 0;
  for (size_t i = 0; i < n_api; i++) {
    if (i > 0 && api_keys[i] == api_keys[i - 1]) {
      api_dup++;
      continue;
    }
    const uint64_t other = api_keys[i] ^ 1u; /* the same call's other phase */
    api_unpaired += bsearch(&other, api_keys, n_api, sizeof *api_keys, cmp) == NULL;
  }
  if (n_api == MAX_API) api_unpaired++; /* (more calls than this tool keeps: say so) */
  size_t joined = missing(appended, n_appended, completed_app, n_completed) +
                  missing(completed_app, n_completed, appended, n_appended);
  fprintf(stderr,
          "multi_tool %s appended=%zu completed=%zu joined=%zu lost=%zu warnings=%zu dup=%zu api_dup=%zu "
          "api_unpaired=%zu kernels=%zu flush=%d\n",
          TOOL_NAME, n_appended, n_completed, joined, n_lost, n_warnings, dup, api_dup, api_unpaired, n_kernels,
          (int)flushed);
  pthread_mutex_unlock(&lock);
}
