/* multi_tool.c - a tool built from the header, several copies of which are preloaded together
   into a plain Level Zero program (tests/multi/multi_check.sh). Each copy subscribes when it
   loads (APPENDED EXIT, COMPLETED, INTERNAL_EVENT), keeps the operation ids it sees and, at
   exit, prints to stderr one line:
     multi_tool NAME appended=A completed=C joined=J lost=L warnings=W dup=D
   A: operations appended; C: completions; J: appended ids that no completion names plus
   completion ids that no append names (0 when the two sets are equal); D: completions delivered
   twice; nothing when the process did no GPU work (a shell around the program). Built with -DTOOL_NAME=... and with or without -fvisibility=hidden. */
#define _GNU_SOURCE
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_IDS 4096

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t appended[MAX_IDS], completed_app[MAX_IDS], completed[MAX_IDS];
static size_t n_appended, n_completed, n_lost, n_warnings;
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

__attribute__((constructor)) static void tool_load(void) {
  subscribed = ptiCallbackSubscribe(&sub, on_record, NULL) == PTI_SUCCESS &&
               ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1) == PTI_SUCCESS &&
               ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1) == PTI_SUCCESS &&
               ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1) == PTI_SUCCESS;
  if (!subscribed) fprintf(stderr, "multi_tool %s: subscription failed\n", TOOL_NAME);
}

__attribute__((destructor)) static void tool_unload(void) {
  if (!subscribed) return;
  pticFlush(2000000000ull);
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
  size_t joined = missing(appended, n_appended, completed_app, n_completed) +
                  missing(completed_app, n_completed, appended, n_appended);
  fprintf(stderr, "multi_tool %s appended=%zu completed=%zu joined=%zu lost=%zu warnings=%zu dup=%zu\n",
          TOOL_NAME, n_appended, n_completed, joined, n_lost, n_warnings, dup);
  pthread_mutex_unlock(&lock);
}
