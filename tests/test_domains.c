/* test_domains.c - the domains beyond APPENDED and KERNEL_* and the ptic* extensions, on the
   simulated device: CONTEXT_CREATED / DESTROYED, MODULE_LOADED / UNLOADED, HOST_SYNCHRONIZATION,
   DRIVER_API with per-function filtering, state queries, supported domains, name tables,
   argument iteration, record info, replay and INTERNAL_EVENT. */
#define _GNU_SOURCE /* syscall(SYS_gettid) */
#include "common.h"
#include "ze_sim.h"

#include <sys/syscall.h>
#include <unistd.h>

static ze_session S;
static ze_sim_hooks_t SIM;

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  ze_session_open(&S);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ze_session_close(&S);
  rec_reset();
  return 0;
}

static uint32_t gettid_now(void) { return (uint32_t)syscall(SYS_gettid); }

/* ---- a recorder for every kind of record ---- */

typedef struct drec {
  pti_callback_domain domain; /* as passed to the callback */
  pti_api_group_id group;
  uint32_t api_id;
  pti_backend_ctx_t ctx;
  int tag;
  pti_callback_phase phase; /* from the record */
  uint32_t corr, ret;
  union {
    ptic_context_data c;
    ptic_module_data m;
    ptic_sync_data s;
    ptic_api_data a;
    pti_callback_kernel_data k;
    pti_callback_gpu_op_data g;
    pti_internal_callback_data e;
  } u;
  char name[128];        /* function, kernel or operation name; internal event message */
  char knames[4][32];    /* module: the first kernel names */
  char flags[32];        /* module: build flags */
  void* arg0;            /* DRIVER_API zeCommandListAppendLaunchKernel: *phCommandList */
  pti_result info_rc;    /* pticGetRecordInfo in the callback */
  ptic_record_info info;
  uint32_t tid;          /* gettid of the thread running the callback */
} drec;

typedef struct drecorder {
  pthread_mutex_t lock;
  drec* r;
  size_t n, cap;
} drecorder;

static drecorder g_d = {PTHREAD_MUTEX_INITIALIZER, NULL, 0, 0};

static void d_reset(void) {
  pthread_mutex_lock(&g_d.lock);
  free(g_d.r);
  g_d.r = NULL;
  g_d.n = g_d.cap = 0;
  pthread_mutex_unlock(&g_d.lock);
}

static void d_push(const drec* x) {
  pthread_mutex_lock(&g_d.lock);
  if (g_d.n == g_d.cap) {
    g_d.cap = g_d.cap ? g_d.cap * 2 : 256;
    g_d.r = (drec*)realloc(g_d.r, g_d.cap * sizeof *g_d.r);
  }
  g_d.r[g_d.n++] = *x;
  pthread_mutex_unlock(&g_d.lock);
}

static size_t d_count(void) {
  pthread_mutex_lock(&g_d.lock);
  size_t n = g_d.n;
  pthread_mutex_unlock(&g_d.lock);
  return n;
}

/* Selections of the running test, freed after it (also when it fails). */
static drec* g_sel[64];
static size_t g_nsel;

static void d_free_selections(void) {
  for (size_t i = 0; i < g_nsel; i++) free(g_sel[i]);
  g_nsel = 0;
}

/* A copy of the records of domain d (phase 0 = any, tag -1 = any), in order; valid until the
   test ends. */
static drec* d_select(pti_callback_domain d, pti_callback_phase p, int tag, size_t* n) {
  assert_true(g_nsel < sizeof g_sel / sizeof g_sel[0]);
  pthread_mutex_lock(&g_d.lock);
  drec* out = (drec*)malloc((g_d.n + 1) * sizeof *out);
  size_t k = 0;
  for (size_t i = 0; out && i < g_d.n; i++) {
    const drec* x = &g_d.r[i];
    if (x->domain != d || (p && x->phase != p) || (tag >= 0 && x->tag != tag)) continue;
    out[k++] = *x;
  }
  pthread_mutex_unlock(&g_d.lock);
  assert_non_null(out);
  g_sel[g_nsel++] = out;
  *n = k;
  return out;
}

static void d_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                 pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)instance;
  drec x;
  memset(&x, 0, sizeof x);
  x.domain = domain;
  x.group = group;
  x.api_id = api_id;
  x.ctx = ctx;
  x.tag = (int)(intptr_t)user;
  x.tid = gettid_now();
  x.info_rc = pticGetRecordInfo(cb_data, &x.info);
  if (domain == PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED || domain == PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED) {
    x.u.c = *(const ptic_context_data*)cb_data;
    x.phase = x.u.c._phase;
    x.corr = x.u.c._correlation_id;
    x.ret = x.u.c._return_code;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_MODULE_LOADED || domain == PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED) {
    const ptic_module_data* m = (const ptic_module_data*)cb_data;
    x.u.m = *m;
    x.phase = m->_phase;
    x.corr = m->_correlation_id;
    x.ret = m->_return_code;
    for (uint32_t i = 0; m->_kernel_names && i < m->_kernel_count && i < 4; i++)
      snprintf(x.knames[i], sizeof x.knames[i], "%s", m->_kernel_names[i]);
    if (m->_build_flags) snprintf(x.flags, sizeof x.flags, "%s", m->_build_flags);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION) {
    x.u.s = *(const ptic_sync_data*)cb_data;
    x.phase = x.u.s._phase;
    x.corr = x.u.s._correlation_id;
    x.ret = x.u.s._return_code;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    const ptic_api_data* a = (const ptic_api_data*)cb_data;
    x.u.a = *a;
    x.phase = a->_phase;
    x.corr = a->_correlation_id;
    x.ret = a->_return_code;
    if (a->_name) snprintf(x.name, sizeof x.name, "%s", a->_name);
    if (a->_api_id == zeCommandListAppendLaunchKernel_id && a->_params)
      x.arg0 = *((const ze_command_list_append_launch_kernel_params_t*)a->_params)->phCommandList;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED || domain == PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED) {
    x.u.k = *(const pti_callback_kernel_data*)cb_data;
    x.phase = x.u.k._phase;
    x.corr = x.u.k._correlation_id;
    x.ret = x.u.k._return_code;
    if (x.u.k._name) snprintf(x.name, sizeof x.name, "%s", x.u.k._name);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    x.u.g = *g;
    x.u.g._operation_details = NULL;
    x.phase = g->_phase;
    x.corr = g->_correlation_id;
    x.ret = g->_return_code;
    if (g->_operation_count && g->_operation_details[0]._name)
      snprintf(x.name, sizeof x.name, "%s", g->_operation_details[0]._name);
  } else if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    x.u.e = *(const pti_internal_callback_data*)cb_data;
    x.phase = x.u.e._phase;
    if (x.u.e._message) snprintf(x.name, sizeof x.name, "%s", x.u.e._message);
  }
  d_push(&x);
}

/* Subscribers of the running test: a failed test leaves none behind (see test_teardown). */
static pti_callback_subscriber_handle g_subs[16];
static size_t g_nsubs;

static pti_callback_subscriber_handle track(pti_callback_subscriber_handle h) {
  if (g_nsubs < sizeof g_subs / sizeof g_subs[0]) g_subs[g_nsubs++] = h;
  return h;
}

static pti_callback_subscriber_handle subscribe_with(pti_callback_function cb, int tag) {
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, (void*)(intptr_t)tag), PTI_SUCCESS);
  assert_non_null(h);
  return track(h);
}

static pti_callback_subscriber_handle d_subscribe(int tag) { return subscribe_with(d_cb, tag); }

/* After each test, also a failed one: no subscriber, device running, no faults, S.list open. */
static int test_teardown(void** state) {
  (void)state;
  for (size_t i = 0; i < g_nsubs; i++) (void)ptiCallbackUnsubscribe(g_subs[i]);
  g_nsubs = 0;
  SIM.SetPaused(0);
  (void)SIM.SetFailSpec(NULL);
  (void)zeCommandQueueSynchronize(S.queue, UINT64_MAX);
  (void)zeCommandListReset(S.list);
  d_reset();
  d_free_selections();
  rec_reset();
  return 0;
}

/* What every delivered record must satisfy: Level Zero group, and pticGetRecordInfo called in
   the callback agrees with the callback's arguments and the calling thread. */
static void check_common(const drec* r) {
  assert_int_equal(r->group, PTI_API_GROUP_LEVELZERO);
  assert_int_equal(r->info_rc, PTI_SUCCESS);
  assert_int_equal(r->info.thread_id, r->tid);
  assert_int_equal(r->info.api_id, r->api_id);
  assert_int_equal(r->info.domain, r->domain);
  assert_int_equal(r->info.phase, r->phase);
}

/* ENTER then EXIT of one call. */
static void check_pair(const drec* enter, const drec* exit, pti_callback_domain d, uint32_t api_id) {
  check_common(enter);
  check_common(exit);
  assert_int_equal(enter->domain, d);
  assert_int_equal(exit->domain, d);
  assert_int_equal(enter->phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(exit->phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(enter->api_id, api_id);
  assert_int_equal(exit->api_id, api_id);
  assert_int_not_equal(enter->corr, 0);
  assert_int_equal(enter->corr, exit->corr);
  assert_int_equal(enter->ret, 0);
}

static ze_event_handle_t make_event(uint32_t index) {
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, index, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t e = NULL;
  ZE_CHECK(zeEventCreate(S.pool, &ed, &e));
  return e;
}

static ze_context_handle_t make_context(void) {
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_context_handle_t c = NULL;
  ZE_CHECK(zeContextCreate(S.driver, &cd, &c));
  return c;
}

/* ---- CONTEXT_CREATED / CONTEXT_DESTROYED ---- */

static void test_context_lifecycle(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED, 1, 1), PTI_SUCCESS);
  d_reset();
  ze_context_handle_t c = make_context();
  ZE_CHECK(zeContextDestroy(c));
  ze_launch(S.imm, S.vmul, NULL); /* no context record */

  size_t n, nd;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, 0, -1, &n);
  drec* d = d_select(PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED, 0, -1, &nd);
  assert_int_equal(d_count(), 4);
  assert_int_equal(n, 2);
  assert_int_equal(nd, 2);
  check_pair(&r[0], &r[1], PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, zeContextCreate_id);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(r[i].tag, 1);
    assert_int_equal(r[i].u.c._domain, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED);
    assert_ptr_equal(r[i].u.c._driver_handle, S.driver);
  }
  assert_null(r[0].u.c._context_handle);
  assert_ptr_equal(r[1].u.c._context_handle, c);
  assert_int_equal(r[1].ret, ZE_RESULT_SUCCESS);
  assert_ptr_equal(r[1].ctx, c);

  check_pair(&d[0], &d[1], PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED, zeContextDestroy_id);
  assert_int_not_equal(d[0].corr, r[0].corr);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(d[i].u.c._domain, PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED);
    assert_ptr_equal(d[i].u.c._context_handle, c);
    assert_ptr_equal(d[i].ctx, c);
  }
  assert_int_equal(d[1].ret, ZE_RESULT_SUCCESS);
  assert_string_equal(ptiCallbackDomainTypeToString(PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED),
                      "PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED");
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

static void test_context_create_ex_and_failure(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, 0, 1), PTI_SUCCESS);
  d_reset();
  /* zeContextCreateEx feeds the same domain */
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ze_context_handle_t cx = NULL;
  ZE_CHECK(zeContextCreateEx(S.driver, &cd, 1, &S.device, &cx));
  /* a failing create: EXIT with the error and no context */
  assert_int_equal(SIM.SetFailSpec("zeContextCreate:*:ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"), ZE_RESULT_SUCCESS);
  ze_context_handle_t bad = NULL;
  ze_result_t rbad = zeContextCreate(S.driver, &cd, &bad);
  assert_int_equal(SIM.SetFailSpec(NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(rbad, ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
  /* only CONTEXT_CREATED is on: destroying gives nothing */
  ZE_CHECK(zeContextDestroy(cx));

  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, 0, -1, &n);
  assert_int_equal(d_count(), 2);
  assert_int_equal(n, 2);
  for (int i = 0; i < 2; i++) {
    check_common(&r[i]);
    assert_int_equal(r[i].phase, PTI_CB_PHASE_API_EXIT);
    assert_ptr_equal(r[i].u.c._driver_handle, S.driver);
    assert_int_not_equal(r[i].corr, 0);
  }
  assert_int_equal(r[0].api_id, zeContextCreateEx_id);
  assert_ptr_equal(r[0].u.c._context_handle, cx);
  assert_int_equal(r[0].ret, ZE_RESULT_SUCCESS);
  assert_int_equal(r[1].api_id, zeContextCreate_id);
  assert_int_equal(r[1].ret, ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
  assert_null(r[1].u.c._context_handle);
  assert_int_not_equal(r[0].corr, r[1].corr);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

/* ---- MODULE_LOADED / MODULE_UNLOADED ---- */

static void test_module_lifecycle(void** state) {
  (void)state;
  static const char text[] = "kernel alpha 1000\nkernel beta 2000 3\nkernel gamma 1000\n";
  static const char flags[] = "-g -O2";
  pti_callback_subscriber_handle h = d_subscribe(2);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED, 1, 1), PTI_SUCCESS);
  d_reset();
  ze_module_desc_t md = ze_module_desc(text, ZE_MODULE_FORMAT_IL_SPIRV, flags);
  ze_module_handle_t m = NULL;
  ZE_CHECK(zeModuleCreate(S.context, S.device, &md, &m, NULL));
  ze_kernel_handle_t k = ze_kernel(m, "beta"); /* no module record */
  ZE_CHECK(zeKernelDestroy(k));
  ZE_CHECK(zeModuleDestroy(m));

  size_t n, nu;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, -1, &n);
  drec* u = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED, 0, -1, &nu);
  assert_int_equal(d_count(), 4);
  assert_int_equal(n, 2);
  assert_int_equal(nu, 2);
  check_pair(&r[0], &r[1], PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, zeModuleCreate_id);
  for (int i = 0; i < 2; i++) {
    const ptic_module_data* d = &r[i].u.m;
    assert_int_equal(r[i].tag, 2);
    assert_int_equal(d->_domain, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED);
    assert_ptr_equal(d->_context_handle, S.context);
    assert_ptr_equal(d->_device_handle, S.device);
    assert_int_equal(d->_format, ZE_MODULE_FORMAT_IL_SPIRV);
    assert_int_equal(d->_binary_size, strlen(text));
    assert_ptr_equal(d->_binary, (const uint8_t*)text);
    assert_ptr_equal(d->_build_flags, flags);
    assert_string_equal(r[i].flags, flags);
    assert_ptr_equal(r[i].ctx, S.context);
  }
  /* ENTER: nothing known of the module yet */
  assert_null(r[0].u.m._module_handle);
  assert_int_equal(r[0].u.m._kernel_count, 0);
  assert_null(r[0].u.m._kernel_names);
  /* EXIT: the module and its kernels */
  assert_int_equal(r[1].ret, ZE_RESULT_SUCCESS);
  assert_ptr_equal(r[1].u.m._module_handle, m);
  assert_int_equal(r[1].u.m._kernel_count, 3);
  assert_non_null(r[1].u.m._kernel_names);
  assert_string_equal(r[1].knames[0], "alpha");
  assert_string_equal(r[1].knames[1], "beta");
  assert_string_equal(r[1].knames[2], "gamma");

  check_pair(&u[0], &u[1], PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED, zeModuleDestroy_id);
  assert_int_not_equal(u[0].corr, r[0].corr);
  for (int i = 0; i < 2; i++) {
    const ptic_module_data* d = &u[i].u.m;
    assert_int_equal(d->_domain, PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED);
    assert_ptr_equal(d->_module_handle, m);
    assert_ptr_equal(d->_context_handle, S.context);
    assert_ptr_equal(d->_device_handle, S.device);
    assert_int_equal(d->_format, ZE_MODULE_FORMAT_IL_SPIRV);
    assert_int_equal(d->_kernel_count, 3);
    assert_string_equal(u[i].knames[2], "gamma");
    assert_null(d->_binary);
    assert_ptr_equal(u[i].ctx, S.context);
  }
  assert_int_equal(u[1].ret, ZE_RESULT_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

static void test_module_native_no_flags(void** state) {
  (void)state;
  static const char text[] = "kernel only 500\n";
  pti_callback_subscriber_handle h = d_subscribe(2);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, 1), PTI_SUCCESS);
  d_reset();
  ze_module_desc_t md = ze_module_desc(text, ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ZE_CHECK(zeModuleCreate(S.context, S.device, &md, &m, NULL));
  ZE_CHECK(zeModuleDestroy(m)); /* UNLOADED is off */
  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, -1, &n);
  assert_int_equal(d_count(), 1);
  assert_int_equal(n, 1);
  check_common(&r[0]);
  assert_int_equal(r[0].phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(r[0].u.m._format, ZE_MODULE_FORMAT_NATIVE);
  assert_null(r[0].u.m._build_flags);
  assert_int_equal(r[0].u.m._binary_size, strlen(text));
  assert_ptr_equal(r[0].u.m._module_handle, m);
  assert_int_equal(r[0].u.m._kernel_count, 1);
  assert_string_equal(r[0].knames[0], "only");
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

static void test_module_build_failure(void** state) {
  (void)state;
  static const char text[] = "kernel fine 1000\nerror undefined symbol foo\n";
  pti_callback_subscriber_handle h = d_subscribe(2);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED, 1, 1), PTI_SUCCESS);
  d_reset();
  ze_module_desc_t md = ze_module_desc(text, ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ze_module_build_log_handle_t log = NULL;
  ze_result_t r0 = zeModuleCreate(S.context, S.device, &md, &m, &log);
  assert_int_equal(r0, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE);
  assert_null(m);
  if (log) ZE_CHECK(zeModuleBuildLogDestroy(log));
  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, -1, &n);
  assert_int_equal(d_count(), 2); /* no UNLOADED */
  assert_int_equal(n, 2);
  check_pair(&r[0], &r[1], PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, zeModuleCreate_id);
  assert_int_equal(r[1].ret, r0);
  assert_null(r[1].u.m._module_handle);
  assert_int_equal(r[1].u.m._kernel_count, 0);
  assert_null(r[1].u.m._kernel_names);
  assert_ptr_equal(r[1].u.m._context_handle, S.context);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

/* ---- DRIVER_HOST_SYNCHRONIZATION ---- */

static void check_sync(const drec* e, const drec* x, uint32_t api_id, ptic_sync_kind kind,
                       const void* object, uint64_t timeout, ze_result_t rc) {
  check_pair(e, x, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, api_id);
  for (int i = 0; i < 2; i++) {
    const drec* r = i ? x : e;
    assert_int_equal(r->u.s._domain, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION);
    assert_int_equal(r->u.s._kind, kind);
    assert_ptr_equal(r->u.s._object, object);
    assert_true(r->u.s._timeout_ns == timeout);
    assert_ptr_equal(r->ctx, S.context);
  }
  assert_int_equal(x->ret, rc);
}

static void test_host_sync(void** state) {
  (void)state;
  ze_event_handle_t ev = make_event(1);
  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0};
  ze_fence_handle_t fence = NULL;
  ZE_CHECK(zeFenceCreate(S.queue, &fd, &fence));
  pti_callback_subscriber_handle h = d_subscribe(3);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 1, 1), PTI_SUCCESS);
  d_reset();
  ze_launch(S.imm, S.vmul, ev);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(zeEventQueryStatus(ev)); /* not a synchronization */
  ze_launch(S.list, S.vmul, NULL);
  ZE_CHECK(zeCommandListClose(S.list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, fence));
  ZE_CHECK(zeFenceHostSynchronize(fence, UINT64_MAX));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));

  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 0, -1, &n);
  assert_int_equal(d_count(), 6);
  assert_int_equal(n, 6);
  check_sync(&r[0], &r[1], zeEventHostSynchronize_id, PTIC_SYNC_EVENT, ev, UINT64_MAX, ZE_RESULT_SUCCESS);
  check_sync(&r[2], &r[3], zeFenceHostSynchronize_id, PTIC_SYNC_FENCE, fence, UINT64_MAX, ZE_RESULT_SUCCESS);
  check_sync(&r[4], &r[5], zeCommandQueueSynchronize_id, PTIC_SYNC_QUEUE, S.queue, UINT64_MAX, ZE_RESULT_SUCCESS);
  assert_int_not_equal(r[0].corr, r[2].corr);
  assert_int_not_equal(r[2].corr, r[4].corr);

  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeCommandListReset(S.list));
  ZE_CHECK(zeFenceDestroy(fence));
  ZE_CHECK(zeEventDestroy(ev));
  d_reset();
}

static void test_host_sync_timeout(void** state) {
  (void)state;
  ze_event_handle_t ev = make_event(1);
  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0};
  ze_fence_handle_t fence = NULL;
  ZE_CHECK(zeFenceCreate(S.queue, &fd, &fence));
  ze_launch(S.list, S.vmul, NULL);
  ZE_CHECK(zeCommandListClose(S.list));
  pti_callback_subscriber_handle h = d_subscribe(3);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 1, 1), PTI_SUCCESS);

  SIM.SetPaused(1); /* hold the work: the waits below time out */
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &S.list, fence));
  ze_launch(S.imm, S.vmul, ev);
  d_reset();
  ze_result_t rf = zeFenceHostSynchronize(fence, 1000);
  ze_result_t rq = zeCommandQueueSynchronize(S.queue, 1000);
  ze_result_t re = zeEventHostSynchronize(ev, 1000);
  SIM.SetPaused(0);
  assert_int_equal(rf, ZE_RESULT_NOT_READY);
  assert_int_equal(rq, ZE_RESULT_NOT_READY);
  assert_int_equal(re, ZE_RESULT_NOT_READY);

  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 0, -1, &n);
  assert_int_equal(n, 6);
  check_sync(&r[0], &r[1], zeFenceHostSynchronize_id, PTIC_SYNC_FENCE, fence, 1000, ZE_RESULT_NOT_READY);
  check_sync(&r[2], &r[3], zeCommandQueueSynchronize_id, PTIC_SYNC_QUEUE, S.queue, 1000, ZE_RESULT_NOT_READY);
  check_sync(&r[4], &r[5], zeEventHostSynchronize_id, PTIC_SYNC_EVENT, ev, 1000, ZE_RESULT_NOT_READY);

  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeFenceHostSynchronize(fence, UINT64_MAX));
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  ZE_CHECK(zeCommandListReset(S.list));
  ZE_CHECK(zeFenceDestroy(fence));
  ZE_CHECK(zeEventDestroy(ev));
  d_reset();
}

/* ---- DRIVER_API ---- */

/* The application's calls, in order, with what each returned. */
typedef struct app_call {
  const char* name;
  ze_result_t rc;
} app_call;
static app_call g_calls[128];
static size_t g_ncalls;

static ze_result_t logged(const char* name, ze_result_t rc) {
  assert_true(g_ncalls < sizeof g_calls / sizeof g_calls[0]);
  g_calls[g_ncalls].name = name;
  g_calls[g_ncalls].rc = rc;
  g_ncalls++;
  return rc;
}
#define L0(fn, ...) logged(#fn, fn(__VA_ARGS__))

static size_t count_api(const drec* r, size_t n, const char* name) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) k += strcmp(r[i].name, name) == 0;
  return k;
}

static const drec* find_api(const drec* r, size_t n, const char* name, pti_callback_phase p) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(r[i].name, name) == 0 && r[i].phase == p) return &r[i];
  return NULL;
}

static int g_not_a_kernel; /* its address is a handle the sim does not know */

/* A workload over contexts, queues, lists, events, fences, modules, kernels, memory, appends
   and synchronizations, every call logged. */
typedef struct workload {
  ze_context_handle_t c;
  ze_command_list_handle_t l, imm;
  ze_kernel_handle_t k;
  ze_event_handle_t ev;
  ze_result_t r_not_ready, r_bad_kernel, r_garbage_launch;
} workload;

static void run_workload(workload* w) {
  memset(w, 0, sizeof *w);
  g_ncalls = 0;
  uint32_t n = 1;
  ze_driver_handle_t drv = NULL;
  ze_device_handle_t dev = NULL;
  if (loader_traces_every_zeinit()) ZE_CHECK(L0(zeInit, 0));
  else ZE_CHECK(zeInit(0)); /* not traced again: not expected */
  ZE_CHECK(L0(zeDriverGet, &n, &drv));
  n = 1;
  ZE_CHECK(L0(zeDeviceGet, drv, &n, &dev));
  ze_device_properties_t dp;
  memset(&dp, 0, sizeof dp);
  dp.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
  ZE_CHECK(L0(zeDeviceGetProperties, dev, &dp));
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE_CHECK(L0(zeContextCreate, drv, &cd, &w->c));
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_queue_handle_t q = NULL;
  ZE_CHECK(L0(zeCommandQueueCreate, w->c, dev, &qd, &q));
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ZE_CHECK(L0(zeCommandListCreate, w->c, dev, &ld, &w->l));
  ZE_CHECK(L0(zeCommandListCreateImmediate, w->c, dev, &qd, &w->imm));
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2};
  ze_event_pool_handle_t pool = NULL;
  ZE_CHECK(L0(zeEventPoolCreate, w->c, &pd, 1, &dev, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ZE_CHECK(L0(zeEventCreate, pool, &ed, &w->ev));
  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0};
  ze_fence_handle_t fence = NULL;
  ZE_CHECK(L0(zeFenceCreate, q, &fd, &fence));
  ze_module_desc_t md = ze_module_desc(ze_test_module_text, ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ZE_CHECK(L0(zeModuleCreate, w->c, dev, &md, &m, NULL));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "vadd"};
  ZE_CHECK(L0(zeKernelCreate, m, &kd, &w->k));
  ZE_CHECK(L0(zeKernelSetGroupSize, w->k, 1, 1, 1));
  uint64_t argv = 7;
  ZE_CHECK(L0(zeKernelSetArgumentValue, w->k, 0, sizeof argv, &argv));
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  void *dmem = NULL, *hmem = NULL, *smem = NULL;
  ZE_CHECK(L0(zeMemAllocDevice, w->c, &dd, 256, 64, dev, &dmem));
  ZE_CHECK(L0(zeMemAllocHost, w->c, &hd, 256, 64, &hmem));
  ZE_CHECK(L0(zeMemAllocShared, w->c, &dd, &hd, 256, 64, dev, &smem));
  /* the application's own calls of the functions the library uses internally: once each */
  ze_memory_allocation_properties_t mp;
  memset(&mp, 0, sizeof mp);
  mp.stype = ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES;
  ZE_CHECK(L0(zeMemGetAllocProperties, w->c, dmem, &mp, NULL));
  char kname[32];
  size_t ksize = sizeof kname;
  ZE_CHECK(L0(zeKernelGetName, w->k, &ksize, kname));
  assert_string_equal(kname, "vadd");
  /* a regular list on a queue with a fence */
  ze_group_count_t g = {1, 1, 1};
  ZE_CHECK(L0(zeCommandListAppendLaunchKernel, w->l, w->k, &g, NULL, 0, NULL));
  ZE_CHECK(L0(zeCommandListAppendMemoryCopy, w->l, dmem, hmem, 256, NULL, 0, NULL));
  ZE_CHECK(L0(zeCommandListClose, w->l));
  ZE_CHECK(L0(zeCommandQueueExecuteCommandLists, q, 1, &w->l, fence));
  ZE_CHECK(L0(zeFenceHostSynchronize, fence, UINT64_MAX));
  ZE_CHECK(L0(zeCommandQueueSynchronize, q, UINT64_MAX));
  ZE_CHECK(L0(zeFenceQueryStatus, fence));
  /* an immediate list with events */
  ZE_CHECK(L0(zeCommandListAppendLaunchKernel, w->imm, w->k, &g, w->ev, 0, NULL));
  ZE_CHECK(L0(zeEventHostSynchronize, w->ev, UINT64_MAX));
  ZE_CHECK(L0(zeEventQueryStatus, w->ev));
  ZE_CHECK(L0(zeEventHostReset, w->ev));
  w->r_not_ready = L0(zeEventQueryStatus, w->ev);
  ZE_CHECK(L0(zeCommandListAppendMemoryCopy, w->imm, hmem, smem, 128, NULL, 0, NULL));
  uint32_t pattern = 0x5a5a5a5a;
  ZE_CHECK(L0(zeCommandListAppendMemoryFill, w->imm, dmem, &pattern, sizeof pattern, 256, NULL, 0, NULL));
  ZE_CHECK(L0(zeCommandListAppendBarrier, w->imm, w->ev, 0, NULL));
  ZE_CHECK(L0(zeEventHostSynchronize, w->ev, UINT64_MAX));
  /* failing calls */
  ze_kernel_desc_t bad_kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "no_such_kernel"};
  ze_kernel_handle_t bad_k = NULL;
  w->r_bad_kernel = L0(zeKernelCreate, m, &bad_kd, &bad_k);
  /* a kernel the library does not know: it asks zeKernelGetName itself */
  ze_kernel_handle_t garbage = (ze_kernel_handle_t)(void*)&g_not_a_kernel;
  w->r_garbage_launch = L0(zeCommandListAppendLaunchKernel, w->imm, garbage, &g, NULL, 0, NULL);
  /* teardown */
  ZE_CHECK(L0(zeMemFree, w->c, dmem));
  ZE_CHECK(L0(zeMemFree, w->c, hmem));
  ZE_CHECK(L0(zeMemFree, w->c, smem));
  ZE_CHECK(L0(zeKernelDestroy, w->k));
  ZE_CHECK(L0(zeModuleDestroy, m));
  ZE_CHECK(L0(zeFenceDestroy, fence));
  ZE_CHECK(L0(zeEventDestroy, w->ev));
  ZE_CHECK(L0(zeEventPoolDestroy, pool));
  ZE_CHECK(L0(zeCommandListDestroy, w->l));
  ZE_CHECK(L0(zeCommandListDestroy, w->imm));
  ZE_CHECK(L0(zeCommandQueueDestroy, q));
  ZE_CHECK(L0(zeContextDestroy, w->c));
  assert_int_equal(w->r_not_ready, ZE_RESULT_NOT_READY);
  assert_int_not_equal(w->r_bad_kernel, ZE_RESULT_SUCCESS);
  assert_int_not_equal(w->r_garbage_launch, ZE_RESULT_SUCCESS);
}

static void test_driver_api_workload(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(4);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  /* these make the library call Level Zero itself: copy names, kernel names, module names */
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  d_reset();
  workload w;
  run_workload(&w);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);

  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_API, 0, -1, &n);
  /* one ENTER and one EXIT per application call, in call order, nothing else */
  assert_int_equal(n, 2 * g_ncalls);
  for (size_t i = 0; i < g_ncalls; i++) {
    const drec* e = &r[2 * i];
    const drec* x = &r[2 * i + 1];
    uint32_t id = 0;
    assert_string_equal(e->name, g_calls[i].name);
    assert_string_equal(x->name, g_calls[i].name);
    assert_int_equal(pticApiIdFromName(e->name, &id), PTI_SUCCESS);
    check_pair(e, x, PTI_CB_DOMAIN_DRIVER_API, id);
    assert_int_equal(e->u.a._api_id, id);
    assert_int_equal(x->u.a._api_id, id);
    assert_int_equal(e->u.a._domain, PTI_CB_DOMAIN_DRIVER_API);
    assert_non_null(e->u.a._params);
    assert_ptr_equal(e->u.a._params, x->u.a._params);
    assert_true(e->u.a._arg_count >= 1);
    assert_int_equal(e->u.a._arg_count, x->u.a._arg_count);
    assert_int_equal(x->ret, (uint32_t)g_calls[i].rc);
    for (size_t j = 0; j < i; j++) assert_int_not_equal(e->corr, r[2 * j].corr);
  }
  /* the library's own calls are not reported */
  assert_int_equal(count_api(r, n, "zeMemGetAllocProperties"), 2);
  assert_int_equal(count_api(r, n, "zeKernelGetName"), 2);
  assert_int_equal(count_api(r, n, "zeModuleGetKernelNames"), 0);
  /* ... although they happened: kernel counts need zeModuleGetKernelNames, the unknown kernel
     made zeKernelGetName fail (copy names come from the library's map of allocations) */
  size_t na, nm, ni;
  drec* a = d_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, &na);
  drec* m = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, -1, &nm);
  drec* ie = d_select(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, -1, &ni);
  assert_int_equal(na, 7);
  assert_string_equal(a[1].name, "zeCommandListAppendMemoryCopy(H2D)");
  assert_string_equal(a[3].name, "zeCommandListAppendMemoryCopy(S2H)");
  assert_int_equal(nm, 1);
  assert_int_equal(m[0].u.m._kernel_count, 3);
  assert_true(ni >= 1);
  assert_non_null(strstr(ie[0].name, "zeKernelGetName"));
  /* return codes of the calls that failed (all were compared above; these must be among them) */
  size_t failed = 0;
  for (size_t i = 0; i < g_ncalls; i++) {
    if (g_calls[i].rc == ZE_RESULT_SUCCESS) continue;
    failed++;
    assert_int_equal(r[2 * i + 1].ret, (uint32_t)g_calls[i].rc);
  }
  assert_int_equal(failed, 3); /* NOT_READY, unknown kernel name, unknown kernel handle */
  /* the params are the tracing layer's: members point to the arguments */
  const drec* x = find_api(r, n, "zeCommandListAppendLaunchKernel", PTI_CB_PHASE_API_ENTER);
  assert_non_null(x);
  assert_ptr_equal(x->arg0, w.l);
  /* backend_context of calls on objects whose context is known */
  x = find_api(r, n, "zeMemAllocDevice", PTI_CB_PHASE_API_ENTER);
  assert_ptr_equal(x->ctx, w.c);
  x = find_api(r, n, "zeCommandListAppendLaunchKernel", PTI_CB_PHASE_API_EXIT);
  assert_ptr_equal(x->ctx, w.c);
  x = find_api(r, n, "zeEventHostSynchronize", PTI_CB_PHASE_API_EXIT);
  assert_ptr_equal(x->ctx, w.c);
  x = find_api(r, n, "zeContextCreate", PTI_CB_PHASE_API_EXIT);
  assert_ptr_equal(x->ctx, w.c);
  d_reset();
}

/* backend_context is the context of the object a call works on, for every record: also for
   functions of no other domain, whose object (list, kernel, event) the library saw created. */
static void test_driver_api_context_of_objects(void** state) {
  (void)state;
  ze_event_handle_t ev = make_event(2);
  pti_callback_subscriber_handle h = d_subscribe(4);
  const uint32_t ids[] = {zeCommandListClose_id, zeCommandListReset_id, zeKernelSetGroupSize_id,
                          zeEventHostReset_id, zeEventQueryStatus_id};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
    assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, ids[i], 0, 1), PTI_SUCCESS);
  d_reset();
  ZE_CHECK(zeCommandListClose(S.list));
  ZE_CHECK(zeCommandListReset(S.list));
  ZE_CHECK(zeKernelSetGroupSize(S.vadd, 1, 1, 1));
  ZE_CHECK(zeEventHostReset(ev));
  assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_API, 0, -1, &n);
  assert_int_equal(n, 5);
  for (size_t i = 0; i < n; i++) {
    assert_int_equal(r[i].api_id, ids[i]);
    assert_ptr_equal(r[i].ctx, S.context);
  }
  ZE_CHECK(zeEventDestroy(ev));
  d_reset();
}

static size_t count_driver_api(int tag, const char* name) {
  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_API, 0, tag, &n);
  return name ? count_api(r, n, name) : n;
}

static void expect_api_state(pti_callback_subscriber_handle h, uint32_t id, uint32_t e, uint32_t x) {
  uint32_t a = 9, b = 9;
  assert_int_equal(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, id, &a, &b), PTI_SUCCESS);
  assert_int_equal(a, e);
  assert_int_equal(b, x);
}

static void expect_domain_state(pti_callback_subscriber_handle h, pti_callback_domain d, uint32_t e,
                                uint32_t x) {
  uint32_t a = 9, b = 9;
  assert_int_equal(pticGetDomainState(h, d, &a, &b), PTI_SUCCESS);
  assert_int_equal(a, e);
  assert_int_equal(b, x);
}

static void test_driver_api_one_function(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(5);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 0);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 1, 1),
                   PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 1, 1);
  expect_api_state(h, zeCommandListAppendBarrier_id, 0, 0);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1);
  d_reset();
  ze_launch(S.imm, S.vmul, NULL);
  ZE_CHECK(zeKernelSetGroupSize(S.vmul, 1, 1, 1));
  ze_drain(&S, S.imm);
  size_t n;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_API, 0, -1, &n);
  assert_int_equal(d_count(), 2);
  assert_int_equal(n, 2);
  check_pair(&r[0], &r[1], PTI_CB_DOMAIN_DRIVER_API, zeCommandListAppendLaunchKernel_id);
  assert_string_equal(r[0].name, "zeCommandListAppendLaunchKernel");
  assert_ptr_equal(r[0].arg0, S.imm);
  assert_ptr_equal(r[0].ctx, S.context);
  assert_int_equal(r[1].ret, ZE_RESULT_SUCCESS);

  /* EXIT only */
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 0, 1),
                   PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 0, 1);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 1);
  d_reset();
  ze_launch(S.imm, S.vmul, NULL);
  r = d_select(PTI_CB_DOMAIN_DRIVER_API, 0, -1, &n);
  assert_int_equal(n, 1);
  assert_int_equal(r[0].phase, PTI_CB_PHASE_API_EXIT);

  /* disabling the only function turns the domain off */
  assert_int_equal(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id),
                   PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 0, 0);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 0);
  d_reset();
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(d_count(), 0);
  /* disabling one that is not enabled is fine */
  assert_int_equal(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendBarrier_id), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

static void test_driver_api_all_but_one(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(5);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendBarrier_id, 1, 1);
  expect_api_state(h, zeInit_id, 1, 1);
  assert_int_equal(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendBarrier_id), PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendBarrier_id, 0, 0);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 1, 1);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 1, 1);
  d_reset();
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm); /* barrier, host synchronize, host reset */
  assert_int_equal(count_driver_api(-1, NULL), 6);
  assert_int_equal(count_driver_api(-1, "zeCommandListAppendLaunchKernel"), 2);
  assert_int_equal(count_driver_api(-1, "zeEventHostSynchronize"), 2);
  assert_int_equal(count_driver_api(-1, "zeEventHostReset"), 2);
  assert_int_equal(count_driver_api(-1, "zeCommandListAppendBarrier"), 0);
  /* DisableDomain clears every function */
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_API), PTI_SUCCESS);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 0);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 0, 0);
  d_reset();
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(d_count(), 0);
  /* EnableDomain sets every function, also the one disabled before */
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 1, 0), PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendBarrier_id, 1, 0);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 1, 0);
  assert_int_equal(ptiCallbackDisableAllDomains(h), PTI_SUCCESS);
  expect_api_state(h, zeCommandListAppendBarrier_id, 0, 0);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

/* Per-function filters belong to each subscriber. */
static void test_driver_api_two_subscribers(void** state) {
  (void)state;
  pti_callback_subscriber_handle a = d_subscribe(6), b = d_subscribe(7);
  assert_int_equal(pticEnableDriverApi(a, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 1, 1),
                   PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(b, PTI_API_GROUP_LEVELZERO, zeCommandListAppendBarrier_id, 0, 1),
                   PTI_SUCCESS);
  expect_api_state(a, zeCommandListAppendBarrier_id, 0, 0);
  expect_api_state(b, zeCommandListAppendLaunchKernel_id, 0, 0);
  d_reset();
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(count_driver_api(6, NULL), 2);
  assert_int_equal(count_driver_api(6, "zeCommandListAppendLaunchKernel"), 2);
  assert_int_equal(count_driver_api(7, NULL), 1);
  assert_int_equal(count_driver_api(7, "zeCommandListAppendBarrier"), 1);
  assert_int_equal(d_count(), 3);
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(b), PTI_SUCCESS);
  d_reset();
}

static void test_driver_api_bad_input(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(5);
  const uint32_t id = zeCommandListAppendLaunchKernel_id;
  uint32_t e = 0, x = 0;
  /* group */
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, id, 1, 1), PTI_ERROR_BAD_API_ID); /* (not OpenCL's) */
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_ALL, id, 1, 1), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticDisableDriverApi(h, PTI_API_GROUP_SYCL, id), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDriverApiState(h, PTI_API_GROUP_RESERVED, id, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  /* unknown ids */
  const uint32_t unknown[] = {0, 9999, PTIC_LEVELZERO_ID_MAX, 0xffffffffu};
  for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
    assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, unknown[i], 1, 1), PTI_ERROR_BAD_API_ID);
    assert_int_equal(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, unknown[i]), PTI_ERROR_BAD_API_ID);
    assert_int_equal(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, unknown[i], &e, &x), PTI_ERROR_BAD_API_ID);
  }
  /* known to this library; traced only where the loader offers it (loader 1.8 does not) */
  const pti_result offered = loader_offers("CommandListHostSynchronize") ? PTI_SUCCESS : PTI_ERROR_NOT_IMPLEMENTED;
  assert_non_null(pticApiIdName(zeCommandListHostSynchronize_id));
  assert_int_equal(pticApiIdIsTraced(zeCommandListHostSynchronize_id), offered == PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListHostSynchronize_id, 1, 1),
                   offered);
  assert_int_equal(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListHostSynchronize_id), offered);
  expect_api_state(h, zeCommandListHostSynchronize_id, 0, 0);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 0);
  /* phases, NULL outputs, handles */
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, id, 0, 0), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, id, NULL, &x), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, id, &e, NULL), PTI_ERROR_BAD_ARGUMENT);
  pti_callback_subscriber_handle bad[3] = {NULL, (pti_callback_subscriber_handle)(uintptr_t)0x1234, NULL};
  bad[2] = d_subscribe(9);
  assert_int_equal(ptiCallbackUnsubscribe(bad[2]), PTI_SUCCESS);
  for (int i = 0; i < 3; i++) {
    assert_int_equal(pticEnableDriverApi(bad[i], PTI_API_GROUP_LEVELZERO, id, 1, 1), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(pticDisableDriverApi(bad[i], PTI_API_GROUP_LEVELZERO, id), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(pticGetDriverApiState(bad[i], PTI_API_GROUP_LEVELZERO, id, &e, &x), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(pticGetDomainState(bad[i], PTI_CB_DOMAIN_DRIVER_API, &e, &x), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(pticEnableAllDomains(bad[i], 1, 1), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(pticReplay(bad[i]), PTI_ERROR_BAD_ARGUMENT);
  }
  /* every id of PTI's table: enabled when traced, NOT_IMPLEMENTED otherwise */
  uint32_t ids[PTIC_LEVELZERO_ID_MAX];
  uint32_t n = PTIC_LEVELZERO_ID_MAX;
  assert_int_equal(pticGetApiIds(ids, &n), PTI_SUCCESS);
  size_t traced = 0;
  for (uint32_t i = 0; i < n; i++) {
    pti_result want = pticApiIdIsTraced(ids[i]) ? PTI_SUCCESS : PTI_ERROR_NOT_IMPLEMENTED;
    traced += want == PTI_SUCCESS;
    assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, ids[i], 0, 1), want);
    if (want == PTI_SUCCESS) expect_api_state(h, ids[i], 0, 1);
  }
  assert_true(traced > 100);
  expect_domain_state(h, PTI_CB_DOMAIN_DRIVER_API, 0, 1);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* ---- supported domains, EnableAllDomains, state ---- */

static const pti_callback_domain g_all_domains[] = {
    PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED,          PTI_CB_DOMAIN_DRIVER_MODULE_LOADED,
    PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED,          PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED,
    PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED,
    PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION,     PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED,
    PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED,         PTI_CB_DOMAIN_DRIVER_API,
    PTI_CB_DOMAIN_INTERNAL_THREADS,                PTI_CB_DOMAIN_INTERNAL_EVENT,
    PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED,       PTIC_CB_DOMAIN_MEMORY,
    PTIC_CB_DOMAIN_DRIVER_INITIALIZATION,          PTIC_CB_DOMAIN_DRIVER_RESOURCE,
    PTIC_CB_DOMAIN_MARKER};
#define N_ALL_DOMAINS (sizeof g_all_domains / sizeof g_all_domains[0])

/* Domains of the ones this suite covers whose records have an ENTER and an EXIT phase. */
static const pti_callback_domain g_api_domains[] = {
    PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED,      PTI_CB_DOMAIN_DRIVER_MODULE_LOADED,
    PTI_CB_DOMAIN_DRIVER_MODULE_UNLOADED,      PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED,
    PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED,
    PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED,     PTI_CB_DOMAIN_DRIVER_API,
    PTIC_CB_DOMAIN_DRIVER_CONTEXT_DESTROYED,   PTIC_CB_DOMAIN_MEMORY,
    PTIC_CB_DOMAIN_DRIVER_INITIALIZATION,      PTIC_CB_DOMAIN_DRIVER_RESOURCE,
    PTIC_CB_DOMAIN_MARKER};
#define N_API_DOMAINS (sizeof g_api_domains / sizeof g_api_domains[0])

static int in_list(const pti_callback_domain* d, uint32_t n, pti_callback_domain x) {
  for (uint32_t i = 0; i < n; i++)
    if (d[i] == x) return 1;
  return 0;
}

static void test_supported_domains(void** state) {
  (void)state;
  uint32_t n = 0;
  assert_int_equal(pticGetSupportedDomains(NULL, &n), PTI_SUCCESS);
  assert_true(n >= 10 && n <= N_ALL_DOMAINS);
  pti_callback_domain d[N_ALL_DOMAINS + 1];
  uint32_t m = N_ALL_DOMAINS + 1;
  assert_int_equal(pticGetSupportedDomains(d, &m), PTI_SUCCESS);
  assert_int_equal(m, n);
  for (size_t i = 0; i < N_API_DOMAINS; i++) assert_true(in_list(d, n, g_api_domains[i]));
  assert_true(in_list(d, n, PTI_CB_DOMAIN_INTERNAL_EVENT));
  for (uint32_t i = 0; i < n; i++) {
    assert_true(in_list(g_all_domains, N_ALL_DOMAINS, d[i]));
    for (uint32_t j = 0; j < i; j++) assert_int_not_equal(d[i], d[j]);
  }
  /* a short array: filled up to its size */
  pti_callback_domain few[3] = {PTI_CB_DOMAIN_INVALID, PTI_CB_DOMAIN_INVALID, PTI_CB_DOMAIN_MAX};
  uint32_t two = 2;
  assert_int_equal(pticGetSupportedDomains(few, &two), PTI_SUCCESS);
  assert_int_equal(two, 2);
  assert_int_equal(few[0], d[0]);
  assert_int_equal(few[1], d[1]);
  assert_int_equal(few[2], PTI_CB_DOMAIN_MAX);
  /* count is required */
  assert_int_equal(pticGetSupportedDomains(NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetSupportedDomains(d, NULL), PTI_ERROR_BAD_ARGUMENT);
  /* supported domains can be enabled, the others cannot */
  pti_callback_subscriber_handle h = d_subscribe(8);
  for (size_t i = 0; i < N_ALL_DOMAINS; i++) {
    pti_result want = in_list(d, n, g_all_domains[i]) ? PTI_SUCCESS : PTI_ERROR_NOT_IMPLEMENTED;
    assert_int_equal(ptiCallbackEnableDomain(h, g_all_domains[i], 1, 1), want);
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static void test_enable_all_domains(void** state) {
  (void)state;
  pti_callback_domain d[N_ALL_DOMAINS];
  uint32_t n = N_ALL_DOMAINS;
  assert_int_equal(pticGetSupportedDomains(d, &n), PTI_SUCCESS);
  pti_callback_subscriber_handle h = d_subscribe(8);
  for (size_t i = 0; i < N_ALL_DOMAINS; i++) expect_domain_state(h, g_all_domains[i], 0, 0);

  assert_int_equal(pticEnableAllDomains(h, 1, 1), PTI_SUCCESS);
  for (size_t i = 0; i < N_ALL_DOMAINS; i++) {
    uint32_t e = 9, x = 9;
    assert_int_equal(pticGetDomainState(h, g_all_domains[i], &e, &x), PTI_SUCCESS);
    if (!in_list(d, n, g_all_domains[i])) {
      assert_int_equal(e | x, 0);
    } else if (in_list(g_api_domains, N_API_DOMAINS, g_all_domains[i])) {
      assert_int_equal(e, 1);
      assert_int_equal(x, 1);
    } else {
      assert_int_not_equal(e | x, 0); /* a domain with phases of its own */
    }
  }
  expect_api_state(h, zeInit_id, 1, 1);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 1, 1);
  expect_api_state(h, zeEventHostSynchronize_id, 1, 1);

  /* again with EXIT only: the phases are replaced */
  assert_int_equal(pticEnableAllDomains(h, 0, 1), PTI_SUCCESS);
  for (size_t i = 0; i < N_ALL_DOMAINS; i++) {
    uint32_t e = 9, x = 9;
    assert_int_equal(pticGetDomainState(h, g_all_domains[i], &e, &x), PTI_SUCCESS);
    if (!in_list(d, n, g_all_domains[i])) {
      assert_int_equal(e | x, 0);
    } else if (in_list(g_api_domains, N_API_DOMAINS, g_all_domains[i])) {
      assert_int_equal(e, 0);
      assert_int_equal(x, 1);
    }
  }
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 0, 1);
  assert_int_equal(pticEnableAllDomains(h, 0, 0), PTI_ERROR_BAD_ARGUMENT);

  assert_int_equal(ptiCallbackDisableAllDomains(h), PTI_SUCCESS);
  for (size_t i = 0; i < N_ALL_DOMAINS; i++) expect_domain_state(h, g_all_domains[i], 0, 0);
  expect_api_state(h, zeCommandListAppendLaunchKernel_id, 0, 0);
  /* bad arguments of the state query */
  uint32_t e = 0, x = 0;
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_INVALID, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDomainState(h, (pti_callback_domain)77, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, NULL, &x), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, NULL), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, &x), PTI_ERROR_BAD_ARGUMENT);
}

/* ---- name tables ---- */

static void test_api_id_tables(void** state) {
  (void)state;
  /* PTI's ids, then this library's own (from 0x10000) */
  const char* dir = getenv("PTIC_API_IDS_DIR");
  if (!dir || !*dir) dir = "tools";
  uint32_t tsv_ids[1024];
  size_t lines = 0;
  char line[512];
  for (int file = 0; file < 2; file++) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, file == 0 ? "levelzero_api_ids.tsv" : "ptic_api_ids.tsv");
  FILE* f = fopen(path, "r");
  if (!f) fail_msg("cannot open %s (run from the repository root or set PTIC_API_IDS_DIR)", path);
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n' || line[0] == '\0') continue;
    unsigned id = 0;
    char name[256];
    if (sscanf(line, "%u\t%255s", &id, name) != 2) {
      fclose(f);
      fail_msg("malformed line in %s: %s", path, line);
    }
    const char* got = pticApiIdName(id);
    if (!got || strcmp(got, name) != 0) {
      fclose(f);
      fail_msg("pticApiIdName(%u) = %s, want %s", id, got ? got : "NULL", name);
    }
    uint32_t back = 0;
    if (pticApiIdFromName(name, &back) != PTI_SUCCESS || back != id) {
      fclose(f);
      fail_msg("pticApiIdFromName(%s) = %u, want %u", name, back, id);
    }
    assert_true(lines < sizeof tsv_ids / sizeof tsv_ids[0]);
    tsv_ids[lines++] = id;
  }
  fclose(f);
  }
  assert_true(lines > 250);
  /* pticGetApiIds: exactly the TSV's ids, in order, then the OpenCL group's (one per member of
     the ICD dispatch table, from PTIC_OPENCL_ID_BASE) */
  uint32_t n = 0;
  assert_int_equal(pticGetApiIds(NULL, &n), PTI_SUCCESS);
  const uint32_t opencl = PTIC_OPENCL_ID_MAX - PTIC_OPENCL_ID_BASE;
  assert_int_equal(n, lines + opencl);
  static uint32_t ids[1024];
  assert_true(n < 1024);
  uint32_t m = n + 1;
  assert_int_equal(pticGetApiIds(ids, &m), PTI_SUCCESS);
  assert_int_equal(m, n);
  for (uint32_t i = 0; i < lines; i++) assert_int_equal(ids[i], tsv_ids[i]);
  for (uint32_t i = 0; i < opencl; i++) assert_int_equal(ids[lines + i], PTIC_OPENCL_ID_BASE + i);
  uint32_t three = 3;
  assert_int_equal(pticGetApiIds(ids, &three), PTI_SUCCESS);
  assert_int_equal(three, 3);
  assert_int_equal(pticGetApiIds(NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  /* unknown ids and names */
  assert_null(pticApiIdName(0));
  assert_null(pticApiIdName(PTIC_LEVELZERO_ID_MAX));
  assert_null(pticApiIdName(9999));
  assert_null(pticApiIdName(PTIC_OWN_API_ID_BASE - 1));
  assert_null(pticApiIdName(PTIC_OWN_ID_MAX));
  uint32_t id = 12345;
  assert_int_equal(pticApiIdFromName("zeNoSuchFunction", &id), PTI_ERROR_BAD_API_ID);
  assert_int_equal(pticApiIdFromName("", &id), PTI_ERROR_BAD_API_ID);
  assert_int_equal(pticApiIdFromName("zeinit", &id), PTI_ERROR_BAD_API_ID);
  assert_int_equal(pticApiIdFromName(NULL, &id), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticApiIdFromName("zeInit", NULL), PTI_ERROR_BAD_ARGUMENT);
  /* the header's enum agrees */
  assert_int_equal(pticApiIdFromName("zeCommandListAppendLaunchKernel", &id), PTI_SUCCESS);
  assert_int_equal(id, zeCommandListAppendLaunchKernel_id);
  assert_string_equal(pticApiIdName(zePhysicalMemGetProperties_id), "zePhysicalMemGetProperties");
  /* traced: functions of the Level Zero 1.4 headers; not traced: newer ones */
  assert_int_equal(pticApiIdIsTraced(zeCommandListAppendLaunchKernel_id), 1);
  assert_int_equal(pticApiIdIsTraced(zeContextCreateEx_id), 1);
  assert_int_equal(pticApiIdIsTraced(0), 0);
  assert_int_equal(pticApiIdIsTraced(9999), 0);
}

/* ---- argument iteration ---- */

#define MAX_ARGS 16
typedef struct arg_list {
  uint32_t api_id, arg_count, n;
  pti_result rc;
  uint32_t index[MAX_ARGS];
  char name[MAX_ARGS][48];
  char type[MAX_ARGS][64];
  char value[MAX_ARGS][160];
} arg_list;

static arg_list g_args[8];
static size_t g_nargs;
static pti_result g_iter_null_fn, g_iter_appended, g_iter_api_info;
static const void* g_stale_record;

static void collect_arg(uint32_t index, const char* name, const char* type, const char* value, void* user) {
  arg_list* a = (arg_list*)user;
  if (a->n >= MAX_ARGS) return;
  a->index[a->n] = index;
  snprintf(a->name[a->n], sizeof a->name[0], "%s", name);
  snprintf(a->type[a->n], sizeof a->type[0], "%s", type);
  snprintf(a->value[a->n], sizeof a->value[0], "%s", value);
  a->n++;
}

static void args_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)ctx; (void)user; (void)instance;
  g_stale_record = cb_data;
  if (domain != PTI_CB_DOMAIN_DRIVER_API) {
    g_iter_appended = pticIterateArgs(cb_data, collect_arg, &g_args[7]);
    return;
  }
  const ptic_api_data* d = (const ptic_api_data*)cb_data;
  ptic_record_info info;
  g_iter_api_info = pticGetRecordInfo(cb_data, &info);
  g_iter_null_fn = pticIterateArgs(cb_data, NULL, NULL);
  if (d->_phase != PTI_CB_PHASE_API_ENTER || g_nargs >= 7) return;
  arg_list* a = &g_args[g_nargs++];
  memset(a, 0, sizeof *a);
  a->api_id = api_id;
  a->arg_count = d->_arg_count;
  a->rc = pticIterateArgs(cb_data, collect_arg, a);
}

/* The value of a handle or pointer printed as hex. */
static uintptr_t hex_value(const char* s) {
  if (strncmp(s, "0x", 2) != 0) fail_msg("not hex: \"%s\"", s);
  char* end = NULL;
  unsigned long long v = strtoull(s, &end, 16);
  if (*end != '\0' && *end != ' ') fail_msg("not hex: \"%s\"", s);
  return (uintptr_t)v;
}

/* Argument i of a, checked by name and type; returns its value text. */
static const char* arg_at(const arg_list* a, uint32_t i, const char* name, const char* type) {
  assert_true(i < a->n);
  assert_int_equal(a->index[i], i);
  assert_string_equal(a->name[i], name);
  assert_string_equal(a->type[i], type);
  return a->value[i];
}

static void test_iterate_args(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_with(args_cb, 0);
  const uint32_t ids[] = {zeCommandListAppendLaunchKernel_id, zeMemAllocDevice_id, zeModuleCreate_id,
                          zeKernelSetArgumentValue_id, zeCommandListAppendMemAdvise_id,
                          zeKernelSetCacheConfig_id, zeInit_id};
  for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
    assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, ids[i], 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  g_nargs = 0;
  g_iter_null_fn = g_iter_appended = g_iter_api_info = PTI_SUCCESS;
  ze_event_handle_t ev = make_event(3);
  ze_group_count_t g = {2, 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchKernel(S.imm, S.vadd, &g, ev, 0, NULL));
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void* mem = NULL;
  ZE_CHECK(zeMemAllocDevice(S.context, &dd, 4096, 128, S.device, &mem));
  ze_module_desc_t md = ze_module_desc("kernel argk 1000 4\n", ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ZE_CHECK(zeModuleCreate(S.context, S.device, &md, &m, NULL));
  ze_kernel_handle_t k = ze_kernel(m, "argk");
  uint64_t v = 42;
  ZE_CHECK(zeKernelSetArgumentValue(k, 2, sizeof v, &v));
  ZE_CHECK(zeCommandListAppendMemAdvise(S.imm, S.device, mem, 4096, ZE_MEMORY_ADVICE_SET_READ_MOSTLY));
  ZE_CHECK(zeKernelSetCacheConfig(k, ZE_CACHE_CONFIG_FLAG_LARGE_SLM | ZE_CACHE_CONFIG_FLAG_LARGE_DATA));
  ZE_CHECK(zeInit(0));
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));

  const int init_traced = loader_traces_every_zeinit();
  assert_int_equal(g_nargs, init_traced ? 7 : 6);
  assert_int_equal(g_iter_null_fn, PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(g_iter_appended, PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(g_iter_api_info, PTI_SUCCESS);
  for (size_t i = 0; i < g_nargs; i++) {
    assert_int_equal(g_args[i].api_id, ids[i]);
    assert_int_equal(g_args[i].rc, PTI_SUCCESS);
    assert_int_equal(g_args[i].n, g_args[i].arg_count);
  }
  const arg_list* a = &g_args[0]; /* zeCommandListAppendLaunchKernel */
  assert_int_equal(a->n, 6);
  assert_true(hex_value(arg_at(a, 0, "hCommandList", "ze_command_list_handle_t")) == (uintptr_t)S.imm);
  assert_true(hex_value(arg_at(a, 1, "hKernel", "ze_kernel_handle_t")) == (uintptr_t)S.vadd);
  assert_true(hex_value(arg_at(a, 2, "pLaunchFuncArgs", "const ze_group_count_t*")) == (uintptr_t)&g);
  assert_true(hex_value(arg_at(a, 3, "hSignalEvent", "ze_event_handle_t")) == (uintptr_t)ev);
  assert_string_equal(arg_at(a, 4, "numWaitEvents", "uint32_t"), "0");
  arg_at(a, 5, "phWaitEvents", "ze_event_handle_t*");

  a = &g_args[1]; /* zeMemAllocDevice */
  assert_int_equal(a->n, 6);
  assert_true(hex_value(arg_at(a, 0, "hContext", "ze_context_handle_t")) == (uintptr_t)S.context);
  const char* desc = arg_at(a, 1, "device_desc", "const ze_device_mem_alloc_desc_t*");
  assert_true(hex_value(desc) == (uintptr_t)&dd);
  assert_non_null(strstr(desc, "ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC"));
  assert_string_equal(arg_at(a, 2, "size", "size_t"), "4096");
  assert_string_equal(arg_at(a, 3, "alignment", "size_t"), "128");
  assert_true(hex_value(arg_at(a, 4, "hDevice", "ze_device_handle_t")) == (uintptr_t)S.device);
  assert_true(hex_value(arg_at(a, 5, "pptr", "void**")) == (uintptr_t)&mem);

  a = &g_args[2]; /* zeModuleCreate */
  assert_int_equal(a->n, 5);
  assert_true(hex_value(arg_at(a, 0, "hContext", "ze_context_handle_t")) == (uintptr_t)S.context);
  desc = arg_at(a, 2, "desc", "const ze_module_desc_t*");
  assert_true(hex_value(desc) == (uintptr_t)&md);
  assert_non_null(strstr(desc, "{stype=ZE_STRUCTURE_TYPE_MODULE_DESC}"));
  assert_true(hex_value(arg_at(a, 3, "phModule", "ze_module_handle_t*")) == (uintptr_t)&m);

  a = &g_args[3]; /* zeKernelSetArgumentValue */
  assert_int_equal(a->n, 4);
  assert_true(hex_value(arg_at(a, 0, "hKernel", "ze_kernel_handle_t")) == (uintptr_t)k);
  assert_string_equal(arg_at(a, 1, "argIndex", "uint32_t"), "2");
  assert_string_equal(arg_at(a, 2, "argSize", "size_t"), "8");
  assert_true(hex_value(arg_at(a, 3, "pArgValue", "const void*")) == (uintptr_t)&v);

  a = &g_args[4]; /* zeCommandListAppendMemAdvise */
  assert_int_equal(a->n, 5);
  assert_true(hex_value(arg_at(a, 2, "ptr", "const void*")) == (uintptr_t)mem);
  assert_string_equal(arg_at(a, 3, "size", "size_t"), "4096");
  assert_string_equal(arg_at(a, 4, "advice", "ze_memory_advice_t"), "ZE_MEMORY_ADVICE_SET_READ_MOSTLY");

  a = &g_args[5]; /* zeKernelSetCacheConfig */
  assert_int_equal(a->n, 2);
  assert_string_equal(arg_at(a, 1, "flags", "ze_cache_config_flags_t"),
                      "ZE_CACHE_CONFIG_FLAG_LARGE_SLM|ZE_CACHE_CONFIG_FLAG_LARGE_DATA");

  if (init_traced) {
    a = &g_args[6]; /* zeInit */
    assert_int_equal(a->n, 1);
    assert_string_equal(arg_at(a, 0, "flags", "ze_init_flags_t"), "0");
  }

  /* outside a callback */
  arg_list out;
  memset(&out, 0, sizeof out);
  assert_int_equal(pticIterateArgs(g_stale_record, collect_arg, &out), PTI_ERROR_BAD_ARGUMENT);
  ptic_api_data fake;
  memset(&fake, 0, sizeof fake);
  fake._domain = PTI_CB_DOMAIN_DRIVER_API;
  fake._api_id = zeInit_id;
  assert_int_equal(pticIterateArgs(&fake, collect_arg, &out), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticIterateArgs(NULL, collect_arg, &out), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(out.n, 0);

  ZE_CHECK(zeKernelDestroy(k));
  ZE_CHECK(zeModuleDestroy(m));
  ZE_CHECK(zeMemFree(S.context, mem));
  ZE_CHECK(zeEventDestroy(ev));
}

/* The header promises handles and pointers as hex: a NULL one too. */
static void test_iterate_args_null_handle_is_hex(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_with(args_cb, 0);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 1, 0),
                   PTI_SUCCESS);
  g_nargs = 0;
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(g_nargs, 1);
  assert_true(hex_value(arg_at(&g_args[0], 3, "hSignalEvent", "ze_event_handle_t")) == 0);
  assert_true(hex_value(arg_at(&g_args[0], 5, "phWaitEvents", "ze_event_handle_t*")) == 0);
  ze_drain(&S, S.imm);
}

/* ---- record info ---- */

typedef struct info_thread {
  ze_command_list_handle_t list;
  uint32_t tid;
  ze_result_t rc;
} info_thread;

static void* info_worker(void* arg) {
  info_thread* w = (info_thread*)arg;
  ze_group_count_t g = {1, 1, 1};
  w->tid = gettid_now();
  w->rc = zeCommandListAppendLaunchKernel(w->list, S.vmul, &g, NULL, 0, NULL);
  return NULL;
}

static void test_record_info(void** state) {
  (void)state;
  info_thread w;
  memset(&w, 0, sizeof w);
  w.list = ze_immediate_list(S.context, S.device, 0);
  pti_callback_subscriber_handle h = d_subscribe(10);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 0, 1),
                   PTI_SUCCESS);
  d_reset();
  const uint32_t main_tid = gettid_now();
  ze_launch(S.imm, S.vadd, NULL);
  pthread_t th;
  assert_int_equal(pthread_create(&th, NULL, info_worker, &w), 0);
  assert_int_equal(pthread_join(th, NULL), 0);
  assert_int_equal(w.rc, ZE_RESULT_SUCCESS);
  assert_int_not_equal(w.tid, main_tid);

  size_t n, na;
  drec* r = d_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, &n);
  drec* a = d_select(PTI_CB_DOMAIN_DRIVER_API, 0, -1, &na);
  assert_int_equal(n, 4);
  assert_int_equal(na, 2);
  for (size_t i = 0; i < n; i++) {
    check_common(&r[i]);
    assert_int_equal(r[i].info.thread_id, i < 2 ? main_tid : w.tid);
    assert_int_equal(r[i].info.api_id, zeCommandListAppendLaunchKernel_id);
    assert_int_equal(r[i].info.domain, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED);
    assert_int_equal(r[i].info.phase, (i % 2) ? PTI_CB_PHASE_API_EXIT : PTI_CB_PHASE_API_ENTER);
  }
  for (size_t i = 0; i < na; i++) {
    check_common(&a[i]);
    assert_int_equal(a[i].info.thread_id, i == 0 ? main_tid : w.tid);
    assert_int_equal(a[i].info.domain, PTI_CB_DOMAIN_DRIVER_API);
    assert_int_equal(a[i].info.phase, PTI_CB_PHASE_API_EXIT);
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);

  /* outside a callback */
  ptic_record_info info;
  pti_internal_callback_data fake;
  memset(&fake, 0, sizeof fake);
  assert_int_equal(pticGetRecordInfo(&fake, &info), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetRecordInfo(NULL, &info), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetRecordInfo(&fake, NULL), PTI_ERROR_BAD_ARGUMENT);
  ze_drain(&S, S.imm);
  ze_drain(&S, w.list);
  ZE_CHECK(zeCommandListDestroy(w.list));
  d_reset();
}

/* Inside a callback: only the record being delivered, with an output. */
static pti_result g_info_other, g_info_null, g_info_stale;
static const void* g_prev_record;

static void info_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  ptic_record_info info;
  pti_callback_gpu_op_data other;
  memset(&other, 0, sizeof other);
  g_info_other = pticGetRecordInfo(&other, &info);
  g_info_null = pticGetRecordInfo(cb_data, NULL);
  if (g_prev_record && g_prev_record != cb_data) g_info_stale = pticGetRecordInfo(g_prev_record, &info);
  g_prev_record = cb_data;
}

static void test_record_info_in_callback(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_with(info_cb, 0);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 1, 1),
                   PTI_SUCCESS);
  g_info_other = g_info_null = g_info_stale = PTI_SUCCESS;
  g_prev_record = NULL;
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(g_info_other, PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(g_info_null, PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(g_info_stale, PTI_ERROR_BAD_ARGUMENT);
  ze_drain(&S, S.imm);
}

/* ---- replay ---- */

static void test_replay(void** state) {
  (void)state;
  /* objects created while the library tracks; some destroyed again */
  ze_context_handle_t c[3];
  for (int i = 0; i < 3; i++) c[i] = make_context();
  ze_module_handle_t m[3];
  m[0] = ze_module_from_text(&S, "kernel ra 1000\nkernel rb 1000\n");
  m[1] = ze_module_from_text(&S, "kernel rc 1000\n");
  m[2] = ze_module_from_text(&S, "kernel rd 1000\n");
  ze_kernel_handle_t k[3];
  k[0] = ze_kernel(m[0], "ra");
  k[1] = ze_kernel(m[0], "rb");
  k[2] = ze_kernel(m[2], "rd");
  ZE_CHECK(zeKernelDestroy(k[1]));
  ZE_CHECK(zeModuleDestroy(m[1]));
  ZE_CHECK(zeContextDestroy(c[1]));

  /* a subscriber with other domains, or ENTER only, receives nothing */
  pti_callback_subscriber_handle quiet = d_subscribe(20);
  d_reset();
  assert_int_equal(pticReplay(quiet), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(quiet, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(quiet, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(quiet, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 1, 0), PTI_SUCCESS);
  assert_int_equal(pticReplay(quiet), PTI_SUCCESS);
  assert_int_equal(d_count(), 0);

  /* a bystander with the same domains: replay is for the one subscriber only */
  pti_callback_subscriber_handle bystander = subscribe_with(rec_cb, 21);
  pti_callback_subscriber_handle late = d_subscribe(22);
  const pti_callback_domain doms[3] = {PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED,
                                       PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(ptiCallbackEnableDomain(bystander, doms[i], 1, 1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(late, doms[i], 0, 1), PTI_SUCCESS);
  }
  rec_reset();
  d_reset();
  assert_int_equal(pticReplay(late), PTI_SUCCESS);
  assert_int_equal(rec_count(), 0);

  size_t nc, nm, nk;
  drec* rc = d_select(PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, 0, -1, &nc);
  drec* rm = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, -1, &nm);
  drec* rk = d_select(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, -1, &nk);
  assert_int_equal(d_count(), nc + nm + nk);
  /* kinds in order: contexts, then modules, then kernels */
  pthread_mutex_lock(&g_d.lock);
  for (size_t i = 0; i < g_d.n; i++)
    assert_int_equal(g_d.r[i].domain, doms[i < nc ? 0 : i < nc + nm ? 1 : 2]);
  pthread_mutex_unlock(&g_d.lock);

  const ze_context_handle_t want_c[3] = {S.context, c[0], c[2]};
  assert_int_equal(nc, 3);
  for (size_t i = 0; i < nc; i++) {
    check_common(&rc[i]);
    assert_int_equal(rc[i].tag, 22);
    assert_int_equal(rc[i].phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(rc[i].api_id, zeContextCreate_id);
    assert_int_equal(rc[i].corr, 0);
    assert_int_equal(rc[i].ret, 0);
    assert_int_equal(rc[i].u.c._domain, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED);
    assert_ptr_equal(rc[i].u.c._context_handle, want_c[i]);
    assert_ptr_equal(rc[i].u.c._driver_handle, S.driver);
    assert_ptr_equal(rc[i].ctx, want_c[i]);
  }

  const ze_module_handle_t want_m[3] = {S.module, m[0], m[2]};
  const uint32_t want_count[3] = {3, 2, 1};
  const char* want_first[3] = {"vadd", "ra", "rd"};
  assert_int_equal(nm, 3);
  for (size_t i = 0; i < nm; i++) {
    check_common(&rm[i]);
    assert_int_equal(rm[i].phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(rm[i].api_id, zeModuleCreate_id);
    assert_int_equal(rm[i].corr, 0);
    assert_int_equal(rm[i].ret, 0);
    assert_int_equal(rm[i].u.m._domain, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED);
    assert_ptr_equal(rm[i].u.m._module_handle, want_m[i]);
    assert_ptr_equal(rm[i].u.m._context_handle, S.context);
    assert_ptr_equal(rm[i].u.m._device_handle, S.device);
    assert_int_equal(rm[i].u.m._format, ZE_MODULE_FORMAT_NATIVE);
    assert_int_equal(rm[i].u.m._kernel_count, want_count[i]);
    assert_string_equal(rm[i].knames[0], want_first[i]);
    assert_ptr_equal(rm[i].ctx, S.context);
  }
  assert_string_equal(rm[1].knames[1], "rb");

  const ze_kernel_handle_t want_k[4] = {S.vadd, S.vmul, k[0], k[2]};
  const ze_module_handle_t want_km[4] = {S.module, S.module, m[0], m[2]};
  const char* want_kn[4] = {"vadd", "vmul", "ra", "rd"};
  assert_int_equal(nk, 4);
  for (size_t i = 0; i < nk; i++) {
    check_common(&rk[i]);
    assert_int_equal(rk[i].phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(rk[i].api_id, zeKernelCreate_id);
    assert_int_equal(rk[i].corr, 0);
    assert_int_equal(rk[i].ret, 0);
    assert_int_equal(rk[i].u.k._domain, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED);
    assert_ptr_equal(rk[i].u.k._device_kernel_handle, want_k[i]);
    assert_ptr_equal(rk[i].u.k._module_handle, want_km[i]);
    assert_ptr_equal(rk[i].u.k._device_handle, S.device);
    assert_string_equal(rk[i].name, want_kn[i]);
    assert_true(rk[i].u.k._kernel_handle != 0);
    assert_ptr_equal(rk[i].ctx, S.context);
    for (size_t j = 0; j < i; j++) assert_true(rk[i].u.k._kernel_handle != rk[j].u.k._kernel_handle);
  }

  /* EXIT of one kind only */
  assert_int_equal(ptiCallbackDisableDomain(late, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(late, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 0), PTI_SUCCESS);
  d_reset();
  assert_int_equal(pticReplay(late), PTI_SUCCESS);
  assert_int_equal(d_count(), 3);
  (void)d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, -1, &nm);
  assert_int_equal(nm, 3);

  assert_int_equal(ptiCallbackUnsubscribe(late), PTI_SUCCESS);
  assert_int_equal(pticReplay(late), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackUnsubscribe(bystander), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(quiet), PTI_SUCCESS);
  assert_int_equal(pticReplay(NULL), PTI_ERROR_BAD_ARGUMENT);
  ZE_CHECK(zeKernelDestroy(k[0]));
  ZE_CHECK(zeKernelDestroy(k[2]));
  ZE_CHECK(zeModuleDestroy(m[0]));
  ZE_CHECK(zeModuleDestroy(m[2]));
  ZE_CHECK(zeContextDestroy(c[0]));
  ZE_CHECK(zeContextDestroy(c[2]));
  rec_reset();
  d_reset();
}

/* ---- INTERNAL_EVENT ---- */

static void check_warning(const drec* r) {
  check_common(r);
  assert_int_equal(r->domain, PTI_CB_DOMAIN_INTERNAL_EVENT);
  assert_int_equal(r->u.e._domain, PTI_CB_DOMAIN_INTERNAL_EVENT);
  assert_int_equal(r->u.e._phase, PTI_CB_PHASE_INTERNAL_EVENT);
  assert_int_equal(r->u.e._detail, PTI_INTERNAL_EVENT_TYPE_WARNING);
  assert_non_null(r->u.e._message);
  assert_true(strlen(r->name) > 0);
}

static void test_internal_event_module_names(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(30);
  pti_callback_subscriber_handle deaf = d_subscribe(31); /* no INTERNAL_EVENT */
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(deaf, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, 1), PTI_SUCCESS);
  d_reset();
  assert_int_equal(SIM.SetFailSpec("zeModuleGetKernelNames:*:ZE_RESULT_ERROR_DEVICE_LOST"), ZE_RESULT_SUCCESS);
  ze_module_desc_t md = ze_module_desc("kernel lost 1000\n", ZE_MODULE_FORMAT_NATIVE, NULL);
  ze_module_handle_t m = NULL;
  ze_result_t r0 = zeModuleCreate(S.context, S.device, &md, &m, NULL);
  assert_int_equal(SIM.SetFailSpec(NULL), ZE_RESULT_SUCCESS);
  assert_int_equal(r0, ZE_RESULT_SUCCESS); /* the application is not affected */
  assert_non_null(m);

  size_t n, nm;
  drec* e = d_select(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, -1, &n);
  drec* l = d_select(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, 30, &nm);
  assert_int_equal(n, 1);
  assert_int_equal(e[0].tag, 30);
  check_warning(&e[0]);
  assert_non_null(strstr(e[0].name, "zeModuleGetKernelNames"));
  assert_int_equal(nm, 1);
  assert_ptr_equal(l[0].u.m._module_handle, m);
  assert_int_equal(l[0].ret, ZE_RESULT_SUCCESS);
  assert_int_equal(l[0].u.m._kernel_count, 0);
  assert_null(l[0].u.m._kernel_names);
  /* the module still works, and its kernels have their names */
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1), PTI_SUCCESS);
  d_reset();
  ze_kernel_handle_t k = ze_kernel(m, "lost");
  ze_launch(S.imm, k, NULL);
  drec* a = d_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, &n);
  assert_int_equal(n, 2);
  assert_string_equal(a[0].name, "lost");
  ze_drain(&S, S.imm);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(deaf), PTI_SUCCESS);
  ZE_CHECK(zeKernelDestroy(k));
  ZE_CHECK(zeModuleDestroy(m));
  d_reset();
}

static void test_internal_event_kernel_name(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = d_subscribe(32);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 1), PTI_SUCCESS);
  uint32_t e = 0, x = 0;
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_INTERNAL_EVENT, &e, &x), PTI_SUCCESS);
  assert_int_not_equal(e | x, 0);
  d_reset();
  /* a kernel the library never saw created: it asks Level Zero for the name, which fails */
  ze_group_count_t g = {1, 1, 1};
  ze_kernel_handle_t unknown = (ze_kernel_handle_t)(void*)&g_not_a_kernel;
  ze_result_t r0 = zeCommandListAppendLaunchKernel(S.imm, unknown, &g, NULL, 0, NULL);
  assert_int_not_equal(r0, ZE_RESULT_SUCCESS);
  size_t n, na;
  drec* ev = d_select(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, -1, &n);
  drec* a = d_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, &na);
  assert_int_equal(n, 1);
  check_warning(&ev[0]);
  assert_non_null(strstr(ev[0].name, "zeKernelGetName"));
  assert_int_equal(na, 2);
  assert_int_equal(a[0].u.g._operation_count, 1);
  assert_int_equal(a[1].ret, r0);
  assert_string_equal(a[0].name, "");
  /* the event comes first: the library asked while preparing the ENTER record */
  pthread_mutex_lock(&g_d.lock);
  assert_int_equal(g_d.r[0].domain, PTI_CB_DOMAIN_INTERNAL_EVENT);
  pthread_mutex_unlock(&g_d.lock);
  /* with INTERNAL_EVENT off, nothing */
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT), PTI_SUCCESS);
  d_reset();
  assert_int_not_equal(zeCommandListAppendLaunchKernel(S.imm, unknown, &g, NULL, 0, NULL), ZE_RESULT_SUCCESS);
  ev = d_select(PTI_CB_DOMAIN_INTERNAL_EVENT, 0, -1, &n);
  assert_int_equal(n, 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  d_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(test_context_lifecycle, test_teardown),
      cmocka_unit_test_teardown(test_context_create_ex_and_failure, test_teardown),
      cmocka_unit_test_teardown(test_module_lifecycle, test_teardown),
      cmocka_unit_test_teardown(test_module_native_no_flags, test_teardown),
      cmocka_unit_test_teardown(test_module_build_failure, test_teardown),
      cmocka_unit_test_teardown(test_host_sync, test_teardown),
      cmocka_unit_test_teardown(test_host_sync_timeout, test_teardown),
      cmocka_unit_test_teardown(test_replay, test_teardown),
      cmocka_unit_test_teardown(test_driver_api_workload, test_teardown),
      cmocka_unit_test_teardown(test_driver_api_context_of_objects, test_teardown),
      cmocka_unit_test_teardown(test_driver_api_one_function, test_teardown),
      cmocka_unit_test_teardown(test_driver_api_all_but_one, test_teardown),
      cmocka_unit_test_teardown(test_driver_api_two_subscribers, test_teardown),
      cmocka_unit_test_teardown(test_driver_api_bad_input, test_teardown),
      cmocka_unit_test_teardown(test_supported_domains, test_teardown),
      cmocka_unit_test_teardown(test_enable_all_domains, test_teardown),
      cmocka_unit_test_teardown(test_api_id_tables, test_teardown),
      cmocka_unit_test_teardown(test_iterate_args, test_teardown),
      cmocka_unit_test_teardown(test_iterate_args_null_handle_is_hex, test_teardown),
      cmocka_unit_test_teardown(test_record_info, test_teardown),
      cmocka_unit_test_teardown(test_record_info_in_callback, test_teardown),
      cmocka_unit_test_teardown(test_internal_event_module_names, test_teardown),
      cmocka_unit_test_teardown(test_internal_event_kernel_name, test_teardown),
  };
  return cmocka_run_group_tests_name("domains", tests, setup, teardown);
}
