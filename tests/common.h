/* common.h - what the library's tests share: a Level Zero session on the simulated device
   and a thread-safe recorder of callback records. */
#ifndef PTIC_TESTS_COMMON_H_
#define PTIC_TESTS_COMMON_H_

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dlfcn.h>
#include <pthread.h>

#include <level_zero/ze_api.h>

#include "pti_callback.h"

static inline void rec_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                          pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance);

/* ---- a Level Zero session ---- */

typedef struct ze_session {
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_command_list_handle_t imm;     /* immediate list, ordinal 0 */
  ze_command_queue_handle_t queue;  /* queue, ordinal 0 */
  ze_command_list_handle_t list;    /* regular list on that queue's ordinal */
  ze_module_handle_t module;
  ze_kernel_handle_t vadd, vmul;
  ze_event_pool_handle_t pool;      /* host-visible, for ze_drain */
  ze_event_handle_t drain_event;
} ze_session;

/* Kernels of the test module: vadd 20 us, vmul 5 us, noop 1 us. */
static const char ze_test_module_text[] =
    "kernel vadd 20000\n"
    "kernel vmul 5000\n"
    "kernel noop 1000\n";

#define ZE_CHECK(call) assert_int_equal((call), ZE_RESULT_SUCCESS)

/* The description of a module given as text (the sim's "kernel NAME NS" lines). */
static inline ze_module_desc_t ze_module_desc(const char* text, ze_module_format_t format, const char* flags) {
  ze_module_desc_t md;
  memset(&md, 0, sizeof md);
  md.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
  md.format = format;
  md.inputSize = strlen(text);
  md.pInputModule = (const uint8_t*)text;
  md.pBuildFlags = flags;
  return md;
}

static inline ze_module_handle_t ze_module_from_text(ze_session* s, const char* text) {
  ze_module_desc_t md = ze_module_desc(text, ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ZE_CHECK(zeModuleCreate(s->context, s->device, &md, &m, NULL));
  return m;
}

static inline ze_kernel_handle_t ze_kernel(ze_module_handle_t m, const char* name) {
  ze_kernel_desc_t kd;
  memset(&kd, 0, sizeof kd);
  kd.stype = ZE_STRUCTURE_TYPE_KERNEL_DESC;
  kd.pKernelName = name;
  ze_kernel_handle_t k = NULL;
  ZE_CHECK(zeKernelCreate(m, &kd, &k));
  return k;
}

/* Whether the test runs under valgrind (its preload library is in LD_PRELOAD). */
static inline int under_valgrind(void) {
  const char* p = getenv("LD_PRELOAD");
  return p && (strstr(p, "vgpreload") || strstr(p, "valgrind"));
}

/* Whether the loader in the process can trace a function: it exports
   zelTracer<name>RegisterCallback (name without its ze prefix). */
static inline int loader_offers(const char* name) {
  void* dl = dlopen("libze_loader.so.1", RTLD_NOW | RTLD_NOLOAD);
  char sym[160];
  snprintf(sym, sizeof sym, "zelTracer%sRegisterCallback", name);
  int yes = dl && dlsym(dl, sym) != NULL;
  if (dl) dlclose(dl);
  return yes;
}

/* Loader 1.8 traces every zeInit; newer loaders (those with zelEnableTracingLayer) run the
   drivers' initialisation once and trace no zeInit after the first. */
static inline int loader_traces_every_zeinit(void) {
  void* dl = dlopen("libze_loader.so.1", RTLD_NOW | RTLD_NOLOAD);
  int yes = dl && dlsym(dl, "zelEnableTracingLayer") == NULL;
  if (dl) dlclose(dl);
  return yes;
}

/* The library knows the objects created after its tracer exists, which the first enable of any
   domain creates: tests create it before opening their session. */
static inline void ptic_test_create_tracer(void) {
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, rec_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* An asynchronous immediate list of context ctx on device dev, queue group 0, with the queue
   flags `flags` (0, or 2 for in order: ZE_COMMAND_QUEUE_FLAG_IN_ORDER, which spec 1.4's headers
   do not name). */
static inline ze_command_list_handle_t ze_immediate_list(ze_context_handle_t ctx, ze_device_handle_t dev,
                                                         uint32_t flags) {
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.flags = flags;
  qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  qd.priority = ZE_COMMAND_QUEUE_PRIORITY_NORMAL;
  ze_command_list_handle_t l = NULL;
  ZE_CHECK(zeCommandListCreateImmediate(ctx, dev, &qd, &l));
  return l;
}

static inline void ze_session_open(ze_session* s) {
  memset(s, 0, sizeof *s);
  ZE_CHECK(zeInit(0));
  uint32_t n = 1;
  ZE_CHECK(zeDriverGet(&n, &s->driver));
  n = 1;
  ZE_CHECK(zeDeviceGet(s->driver, &n, &s->device));
  ze_context_desc_t cd;
  memset(&cd, 0, sizeof cd);
  cd.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
  ZE_CHECK(zeContextCreate(s->driver, &cd, &s->context));
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  ZE_CHECK(zeCommandListCreateImmediate(s->context, s->device, &qd, &s->imm));
  ZE_CHECK(zeCommandQueueCreate(s->context, s->device, &qd, &s->queue));
  ze_command_list_desc_t ld;
  memset(&ld, 0, sizeof ld);
  ld.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC;
  ZE_CHECK(zeCommandListCreate(s->context, s->device, &ld, &s->list));
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 4};
  ZE_CHECK(zeEventPoolCreate(s->context, &pd, 1, &s->device, &s->pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ZE_CHECK(zeEventCreate(s->pool, &ed, &s->drain_event));
  s->module = ze_module_from_text(s, ze_test_module_text);
  s->vadd = ze_kernel(s->module, "vadd");
  s->vmul = ze_kernel(s->module, "vmul");
}

static inline void ze_session_close(ze_session* s) {
  if (s->vadd) ZE_CHECK(zeKernelDestroy(s->vadd));
  if (s->vmul) ZE_CHECK(zeKernelDestroy(s->vmul));
  if (s->module) ZE_CHECK(zeModuleDestroy(s->module));
  if (s->drain_event) ZE_CHECK(zeEventDestroy(s->drain_event));
  if (s->pool) ZE_CHECK(zeEventPoolDestroy(s->pool));
  if (s->list) ZE_CHECK(zeCommandListDestroy(s->list));
  if (s->queue) ZE_CHECK(zeCommandQueueDestroy(s->queue));
  if (s->imm) ZE_CHECK(zeCommandListDestroy(s->imm));
  if (s->context) ZE_CHECK(zeContextDestroy(s->context));
  memset(s, 0, sizeof *s);
}

static inline void ze_launch(ze_command_list_handle_t list, ze_kernel_handle_t k,
                             ze_event_handle_t signal) {
  ze_group_count_t g = {1, 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchKernel(list, k, &g, signal, 0, NULL));
}

/* A regular list holding a launch of each of the n kernels, closed (destroy it). */
static inline ze_command_list_handle_t ze_closed_list(ze_session* s, int n, const ze_kernel_handle_t* k) {
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t list = NULL;
  ZE_CHECK(zeCommandListCreate(s->context, s->device, &ld, &list));
  for (int i = 0; i < n; i++) ze_launch(list, k[i], NULL);
  ZE_CHECK(zeCommandListClose(list));
  return list;
}

/* An event, host scope, in a pool of its own with `flags` (destroy both). */
static inline ze_event_handle_t ze_pool_event(ze_session* s, ze_event_pool_flags_t flags,
                                              ze_event_pool_handle_t* pool) {
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, flags, 1};
  ZE_CHECK(zeEventPoolCreate(s->context, &pd, 1, &s->device, pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev = NULL;
  ZE_CHECK(zeEventCreate(*pool, &ed, &ev));
  return ev;
}
/* A host-visible event with kernel timestamps, in a pool of its own (destroy both). */
static inline ze_event_handle_t ze_timestamp_event(ze_session* s, ze_event_pool_handle_t* pool) {
  return ze_pool_event(s, ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, pool);
}

/* Wait until everything appended to an immediate list so far has run. */
static inline void ze_drain(ze_session* s, ze_command_list_handle_t list) {
  ZE_CHECK(zeCommandListAppendBarrier(list, s->drain_event, 0, NULL));
  ZE_CHECK(zeEventHostSynchronize(s->drain_event, UINT64_MAX));
  ZE_CHECK(zeEventHostReset(s->drain_event));
}

/* ---- recording callback records ---- */

typedef struct rec {
  pti_callback_domain domain;
  pti_callback_phase phase;
  uint32_t api_id;
  pti_backend_ctx_t ctx;
  uint32_t corr;
  uint32_t ret;
  void* instance_seen;  /* *instance_user_data on entry to the callback */
  int tag;              /* which subscriber */
  pti_callback_gpu_op_data gpu;
  pti_gpu_op_details op[4];
  pti_callback_kernel_data kern;
  char name[64];
} rec;

typedef struct recorder {
  pthread_mutex_t lock;
  rec* r;
  size_t n, cap;
} recorder;

static recorder g_rec = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

static inline void rec_reset(void) {
  pthread_mutex_lock(&g_rec.lock);
  free(g_rec.r);
  g_rec.r = NULL;
  g_rec.n = g_rec.cap = 0;
  pthread_mutex_unlock(&g_rec.lock);
}

static inline void rec_push(const rec* x) {
  pthread_mutex_lock(&g_rec.lock);
  if (g_rec.n == g_rec.cap) {
    g_rec.cap = g_rec.cap ? g_rec.cap * 2 : 64;
    g_rec.r = (rec*)realloc(g_rec.r, g_rec.cap * sizeof *g_rec.r);
  }
  g_rec.r[g_rec.n++] = *x;
  pthread_mutex_unlock(&g_rec.lock);
}

/* Turn one callback into a rec. */
static inline void rec_fill(rec* x, pti_callback_domain domain, uint32_t api_id,
                            pti_backend_ctx_t ctx, void* cb_data, void** instance) {
  memset(x, 0, sizeof *x);
  x->domain = domain;
  x->api_id = api_id;
  x->ctx = ctx;
  x->instance_seen = instance ? *instance : (void*)-1;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    pti_callback_gpu_op_data* g = (pti_callback_gpu_op_data*)cb_data;
    x->gpu = *g;
    x->phase = g->_phase;
    x->corr = g->_correlation_id;
    x->ret = g->_return_code;
    for (uint32_t i = 0; i < g->_operation_count && i < 4; i++) x->op[i] = g->_operation_details[i];
    if (g->_operation_count && g->_operation_details[0]._name)
      snprintf(x->name, sizeof x->name, "%s", g->_operation_details[0]._name);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED ||
             domain == PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED) {
    pti_callback_kernel_data* k = (pti_callback_kernel_data*)cb_data;
    x->kern = *k;
    x->phase = k->_phase;
    x->corr = k->_correlation_id;
    x->ret = k->_return_code;
    if (k->_name) snprintf(x->name, sizeof x->name, "%s", k->_name);
  }
}

/* A subscriber callback that records everything; user_data is an int tag. */
static inline void rec_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                   pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  rec x;
  assert_int_equal(group, PTI_API_GROUP_LEVELZERO);
  rec_fill(&x, domain, api_id, ctx, cb_data, instance);
  x.tag = (int)(intptr_t)user;
  rec_push(&x);
}

/* Records of one domain (and phase, 0 = any) and tag (-1 = any), in order. */
static inline size_t rec_select(pti_callback_domain d, pti_callback_phase p, int tag, rec* out,
                                size_t max) {
  size_t k = 0;
  pthread_mutex_lock(&g_rec.lock);
  for (size_t i = 0; i < g_rec.n; i++) {
    rec* x = &g_rec.r[i];
    if (x->domain != d || (p && x->phase != p) || (tag >= 0 && x->tag != tag)) continue;
    if (k < max) out[k] = *x;
    k++;
  }
  pthread_mutex_unlock(&g_rec.lock);
  return k;
}

static inline size_t rec_count(void) {
  pthread_mutex_lock(&g_rec.lock);
  size_t n = g_rec.n;
  pthread_mutex_unlock(&g_rec.lock);
  return n;
}

#endif
