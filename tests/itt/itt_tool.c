/* itt_tool.c - a tool preloaded into ITT-instrumented programs (tests/itt/itt_check.sh): it
   subscribes in its constructor, enables PTIC_CB_DOMAIN_MARKER (ENTER and EXIT), the APPENDED
   EXIT records and INTERNAL_EVENT, and at exit writes one line per record to $ITT_LOG
   ("$ITT_LOG.<TOOL_NAME>"). Built with PTIC_ITT_COLLECTOR it is also the ITT collector (it names
   itself in INTEL_LIBITTNOTIFY64); without, it only subscribes, and the annotations reach it when
   another copy in the process is the collector (several tools in one process act as one). */
#define _GNU_SOURCE
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TOOL_NAME
#define TOOL_NAME "tool"
#endif

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char* lines;
static size_t used, cap;
static pti_callback_subscriber_handle sub;

static void add(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
static void add(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof buf) n = sizeof buf - 1;
  pthread_mutex_lock(&lock);
  if (used + (size_t)n + 1 > cap) {
    size_t ncap = cap ? cap * 2 : 65536;
    while (ncap < used + (size_t)n + 1) ncap *= 2;
    char* p = realloc(lines, ncap);
    if (p) lines = p, cap = ncap;
  }
  if (used + (size_t)n + 1 <= cap) {
    memcpy(lines + used, buf, (size_t)n);
    used += (size_t)n;
    lines[used++] = '\n';
  }
  pthread_mutex_unlock(&lock);
}

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                      void* cb_data, void* user, void** instance) {
  (void)ctx, (void)user, (void)instance;
  ptic_record_info info;
  if (pticGetRecordInfo(cb_data, &info) != PTI_SUCCESS) {
    add("error record_info");
    return;
  }
  if (domain == PTIC_CB_DOMAIN_MARKER) {
    const ptic_marker_data* m = cb_data;
    add("marker phase=%s kind=%u corr=%u parent=%u domain=%s name=%s id=%llu pid=%llu tid=%u group=%s api=%u",
        m->_phase == PTI_CB_PHASE_API_ENTER ? "enter" : "exit", (unsigned)m->_kind, m->_correlation_id,
        m->_parent_correlation_id, m->_domain_name ? m->_domain_name : "-", m->_name ? m->_name : "-",
        (unsigned long long)m->_id, (unsigned long long)m->_parent_id, info.thread_id,
        group == PTIC_API_GROUP_ITT ? "itt" : "other", api_id);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = cb_data;
    add("appended corr=%u tid=%u name=%s", g->_correlation_id, info.thread_id,
        g->_operation_count && g->_operation_details[0]._name ? g->_operation_details[0]._name : "-");
  } else if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* e = cb_data;
    add("internal %s", e->_message ? e->_message : "");
  }
}

__attribute__((constructor)) static void start(void) {
  if (ptiCallbackSubscribe(&sub, on_record, NULL) != PTI_SUCCESS) return;
  ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1);
  ptiCallbackEnableDomain(sub, PTIC_CB_DOMAIN_MARKER, 1, 1);
  if (getenv("ITT_TOOL_APPENDED")) ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1);
}

__attribute__((destructor)) static void finish(void) {
  if (!sub) return;
  ptiCallbackUnsubscribe(sub);
  sub = NULL;
  const char* base = getenv("ITT_LOG");
  if (!base) return;
  char path[4096];
  snprintf(path, sizeof path, "%s.%s", base, TOOL_NAME);
  FILE* f = fopen(path, "w");
  if (!f) return;
  pthread_mutex_lock(&lock);
  if (used) fwrite(lines, 1, used, f);
  pthread_mutex_unlock(&lock);
  fclose(f);
}
