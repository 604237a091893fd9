/* test_newdomains.c - the domains of ours beyond PTI's on the simulated device:
   PTIC_CB_DOMAIN_DRIVER_INITIALIZATION (the application's zeInit and zeInitDrivers, and the
   library's own initialisation at its first enable) and PTIC_CB_DOMAIN_DRIVER_RESOURCE (command
   queues, command lists, event pools and fences created and destroyed): ENTER and EXIT, each
   phase alone, several subscribers, pticReplay, failures, bad input. The library's first enable
   happens in the first test: it is the one that sees the library initialise. */
#define _GNU_SOURCE
#include "common.h"

static ze_session S;

typedef struct nrec {
  pti_callback_domain domain;
  pti_api_group_id group;
  uint32_t api_id;
  pti_backend_ctx_t ctx;
  int tag;
  ptic_record_info info;
  pti_result info_rc;
  union {
    ptic_init_data i;
    ptic_resource_data r;
  } u;
  ptic_driver_info drivers[4];
} nrec;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static nrec g_r[512];
static size_t g_n;

static void n_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                 void* cb_data, void* user, void** instance) {
  (void)instance;
  nrec x;
  memset(&x, 0, sizeof x);
  x.domain = domain;
  x.group = group;
  x.api_id = api_id;
  x.ctx = ctx;
  x.tag = (int)(intptr_t)user;
  x.info_rc = pticGetRecordInfo(cb_data, &x.info);
  if (domain == PTIC_CB_DOMAIN_DRIVER_INITIALIZATION) {
    x.u.i = *(const ptic_init_data*)cb_data;
    for (uint32_t k = 0; x.u.i._drivers && k < x.u.i._driver_count && k < 4; k++) x.drivers[k] = x.u.i._drivers[k];
  } else if (domain == PTIC_CB_DOMAIN_DRIVER_RESOURCE) {
    x.u.r = *(const ptic_resource_data*)cb_data;
  } else {
    return;
  }
  pthread_mutex_lock(&g_lock);
  if (g_n < sizeof g_r / sizeof g_r[0]) g_r[g_n++] = x;
  pthread_mutex_unlock(&g_lock);
}

static void n_reset(void) {
  pthread_mutex_lock(&g_lock);
  g_n = 0;
  pthread_mutex_unlock(&g_lock);
}

/* The records of domain d and tag (-1: any), in order; returns how many. */
static size_t n_select(pti_callback_domain d, int tag, nrec* out, size_t max) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++)
    if (g_r[i].domain == d && (tag < 0 || g_r[i].tag == tag) && k < max) out[k++] = g_r[i];
  pthread_mutex_unlock(&g_lock);
  return k;
}

static pti_callback_subscriber_handle sub(int tag) {
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(&h, n_cb, (void*)(intptr_t)tag), PTI_SUCCESS);
  return h;
}

/* The version the simulated driver reports, as zeDriverGetApiVersion says now. */
static uint32_t driver_version(ze_driver_handle_t d) {
  ze_api_version_t v = (ze_api_version_t)0;
  ZE_CHECK(zeDriverGetApiVersion(d, &v));
  return (uint32_t)v;
}

static void check_info(const nrec* r) {
  assert_int_equal(r->group, PTI_API_GROUP_LEVELZERO);
  assert_int_equal(r->info_rc, PTI_SUCCESS);
  assert_int_equal(r->info.domain, r->domain);
  assert_int_equal(r->info.api_id, r->api_id);
}

/* ---- DRIVER_INITIALIZATION ---- */

/* The first enable in the process initialises Level Zero: with the domain on in it, its
   subscriber gets the library's record at once; pticReplay gives it again, to one subscriber. */
static void test_init_library(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub(1);
  assert_int_equal(pticEnableAllDomains(h, 0, 1), PTI_SUCCESS); /* the first enable */
  nrec r[8];
  size_t n = n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, 1, r, 8);
  assert_int_equal(n, 1);
  check_info(&r[0]);
  assert_int_equal(r[0].api_id, zeInit_id);
  assert_int_equal(r[0].u.i._domain, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION);
  assert_int_equal(r[0].u.i._phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(r[0].u.i._kind, PTIC_INIT_LIBRARY);
  assert_int_equal(r[0].u.i._correlation_id, 0);
  assert_int_equal(r[0].u.i._return_code, 0);
  assert_int_equal(r[0].u.i._driver_count, 1);
  ze_driver_handle_t d = NULL;
  uint32_t one = 1;
  ZE_CHECK(zeInit(0));
  ZE_CHECK(zeDriverGet(&one, &d));
  assert_ptr_equal(r[0].drivers[0].driver, d);
  assert_int_equal(r[0].drivers[0].api_version, driver_version(d));
  assert_true(r[0].drivers[0].api_version >= ZE_MAKE_VERSION(1, 0));

  /* a second enable does not deliver it again; pticReplay does, to the one subscriber */
  pti_callback_subscriber_handle late = sub(2);
  n_reset();
  assert_int_equal(ptiCallbackEnableDomain(late, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, 0, 1), PTI_SUCCESS);
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8), 0);
  assert_int_equal(pticReplay(late), PTI_SUCCESS);
  n = n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8);
  assert_int_equal(n, 1);
  assert_int_equal(r[0].tag, 2);
  assert_int_equal(r[0].u.i._kind, PTIC_INIT_LIBRARY);
  assert_ptr_equal(r[0].drivers[0].driver, d);
  /* ENTER only: not replayed */
  assert_int_equal(ptiCallbackEnableDomain(late, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, 1, 0), PTI_SUCCESS);
  n_reset();
  assert_int_equal(pticReplay(late), PTI_SUCCESS);
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8), 0);
  assert_int_equal(ptiCallbackUnsubscribe(late), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  n_reset();
}

/* The application's zeInit and zeInitDrivers: ENTER and EXIT when the loader traces them (loader
   1.8 traces every zeInit; newer loaders none after the first, which was the library's). */
static void test_init_application(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub(3);
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, 1, 1), PTI_SUCCESS);
  n_reset();
  ZE_CHECK(zeInit(ZE_INIT_FLAG_GPU_ONLY));
  nrec r[8];
  size_t n = n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8);
  if (loader_traces_every_zeinit()) {
    assert_int_equal(n, 2);
    check_info(&r[0]);
    check_info(&r[1]);
    assert_int_equal(r[0].u.i._phase, PTI_CB_PHASE_API_ENTER);
    assert_int_equal(r[1].u.i._phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(r[0].api_id, zeInit_id);
    assert_int_not_equal(r[0].u.i._correlation_id, 0);
    assert_int_equal(r[0].u.i._correlation_id, r[1].u.i._correlation_id);
    for (int i = 0; i < 2; i++) {
      assert_int_equal(r[i].u.i._kind, PTIC_INIT_ZEINIT);
      assert_int_equal(r[i].u.i._flags, ZE_INIT_FLAG_GPU_ONLY);
    }
    assert_int_equal(r[0].u.i._driver_count, 0);
    assert_null(r[0].u.i._drivers);
    assert_int_equal(r[1].u.i._return_code, ZE_RESULT_SUCCESS);
    assert_int_equal(r[1].u.i._driver_count, 1);
    assert_ptr_equal(r[1].drivers[0].driver, S.driver);
    assert_int_equal(r[1].drivers[0].api_version, driver_version(S.driver));
  } else {
    assert_int_equal(n, 0);
  }
  /* zeInitDrivers (newer loaders): a count query, then the drivers */
  typedef ze_result_t (*init_drivers_fn)(uint32_t*, ze_driver_handle_t*, void*);
  void* dl = dlopen("libze_loader.so.1", RTLD_NOW | RTLD_NOLOAD);
  init_drivers_fn init_drivers = dl ? (init_drivers_fn)(uintptr_t)dlsym(dl, "zeInitDrivers") : NULL;
  if (dl) dlclose(dl);
  if (init_drivers && loader_offers("InitDrivers")) {
    struct {
      uint32_t stype;
      const void* pNext;
      uint32_t flags;
    } desc = {0x00020021 /* ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC */, NULL, 1 /* GPU */};
    n_reset();
    uint32_t count = 0;
    assert_int_equal(init_drivers(&count, NULL, &desc), ZE_RESULT_SUCCESS);
    assert_true(count >= 1);
    ze_driver_handle_t drivers[4] = {0};
    uint32_t got = count < 4 ? count : 4;
    assert_int_equal(init_drivers(&got, drivers, &desc), ZE_RESULT_SUCCESS);
    n = n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8);
    assert_int_equal(n, 4);
    for (size_t i = 0; i < 4; i++) {
      check_info(&r[i]);
      assert_int_equal(r[i].api_id, zeInitDrivers_id);
      assert_int_equal(r[i].u.i._kind, PTIC_INIT_DRIVERS);
      assert_int_equal(r[i].u.i._flags, 1);
    }
    assert_int_equal(r[1].u.i._driver_count, count); /* a count query: the number only */
    assert_null(r[1].u.i._drivers);
    assert_int_equal(r[3].u.i._driver_count, got);
    assert_ptr_equal(r[3].drivers[0].driver, drivers[0]);
    assert_int_equal(r[3].drivers[0].api_version, driver_version(drivers[0]));
  }
  /* EXIT only; and off */
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, 0, 1), PTI_SUCCESS);
  n_reset();
  ZE_CHECK(zeInit(0));
  n = n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8);
  assert_int_equal(n, loader_traces_every_zeinit() ? 1 : 0);
  if (n) assert_int_equal(r[0].u.i._phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(ptiCallbackDisableDomain(h, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION), PTI_SUCCESS);
  n_reset();
  ZE_CHECK(zeInit(0));
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, -1, r, 8), 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* ---- DRIVER_RESOURCE ---- */

static ze_command_queue_desc_t queue_desc(uint32_t ordinal, uint32_t index, uint32_t flags) {
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.ordinal = ordinal;
  qd.index = index;
  qd.flags = flags;
  qd.mode = ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS;
  qd.priority = ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH;
  return qd;
}

/* ENTER and EXIT of a create: the arguments at ENTER (no handle), the handle at EXIT. */
static void check_create(const nrec* e, const nrec* x, ptic_resource_kind kind, uint32_t api_id, void* handle) {
  check_info(e);
  check_info(x);
  assert_int_equal(e->api_id, api_id);
  assert_int_equal(x->api_id, api_id);
  assert_int_equal(e->u.r._domain, PTIC_CB_DOMAIN_DRIVER_RESOURCE);
  assert_int_equal(e->u.r._phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(x->u.r._phase, PTI_CB_PHASE_API_EXIT);
  assert_int_not_equal(e->u.r._correlation_id, 0);
  assert_int_equal(e->u.r._correlation_id, x->u.r._correlation_id);
  assert_int_equal(e->u.r._kind, kind);
  assert_int_equal(x->u.r._kind, kind);
  assert_null(e->u.r._handle);
  assert_ptr_equal(x->u.r._handle, handle);
  assert_int_equal(x->u.r._return_code, ZE_RESULT_SUCCESS);
  assert_ptr_equal(x->u.r._context_handle, S.context);
  assert_ptr_equal(x->ctx, S.context);
}

/* Every field of two records of one object but phase, result and handle. */
static void same_object(const ptic_resource_data* a, const ptic_resource_data* b) {
  assert_int_equal(a->_kind, b->_kind);
  assert_int_equal(a->_flags, b->_flags);
  assert_ptr_equal(a->_context_handle, b->_context_handle);
  assert_ptr_equal(a->_device_handle, b->_device_handle);
  assert_ptr_equal(a->_parent, b->_parent);
  assert_int_equal(a->_ordinal, b->_ordinal);
  assert_int_equal(a->_index, b->_index);
  assert_int_equal(a->_mode, b->_mode);
  assert_int_equal(a->_priority, b->_priority);
  assert_int_equal(a->_in_order, b->_in_order);
  assert_int_equal(a->_event_count, b->_event_count);
}

typedef struct objects {
  ze_command_queue_handle_t queue;
  ze_command_list_handle_t list, imm;
  ze_event_pool_handle_t pool;
  ze_fence_handle_t fence;
} objects;

static void make_objects(objects* o) {
  ze_command_queue_desc_t qd = queue_desc(0, 1, 0);
  ZE_CHECK(zeCommandQueueCreate(S.context, S.device, &qd, &o->queue));
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0x8 /* IN_ORDER */};
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &o->list));
  ze_command_queue_desc_t id = queue_desc(0, 0, 0x2 /* IN_ORDER */);
  ZE_CHECK(zeCommandListCreateImmediate(S.context, S.device, &id, &o->imm));
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 7};
  ZE_CHECK(zeEventPoolCreate(S.context, &pd, 1, &S.device, &o->pool));
  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, ZE_FENCE_FLAG_SIGNALED};
  ZE_CHECK(zeFenceCreate(o->queue, &fd, &o->fence));
}
static void destroy_objects(objects* o) {
  ZE_CHECK(zeFenceDestroy(o->fence));
  ZE_CHECK(zeEventPoolDestroy(o->pool));
  ZE_CHECK(zeCommandListDestroy(o->imm));
  ZE_CHECK(zeCommandListDestroy(o->list));
  ZE_CHECK(zeCommandQueueDestroy(o->queue));
}

static void test_resource_lifecycle(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub(10);
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 1, 1), PTI_SUCCESS);
  n_reset();
  objects o;
  make_objects(&o);
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0};
  ze_event_handle_t ev = NULL;
  ZE_CHECK(zeEventCreate(o.pool, &ed, &ev)); /* events are not resources */
  ZE_CHECK(zeEventDestroy(ev));
  nrec r[32];
  size_t n = n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, -1, r, 32);
  assert_int_equal(n, 10);
  check_create(&r[0], &r[1], PTIC_RESOURCE_QUEUE, zeCommandQueueCreate_id, o.queue);
  check_create(&r[2], &r[3], PTIC_RESOURCE_COMMAND_LIST, zeCommandListCreate_id, o.list);
  check_create(&r[4], &r[5], PTIC_RESOURCE_IMMEDIATE_LIST, zeCommandListCreateImmediate_id, o.imm);
  check_create(&r[6], &r[7], PTIC_RESOURCE_EVENT_POOL, zeEventPoolCreate_id, o.pool);
  check_create(&r[8], &r[9], PTIC_RESOURCE_FENCE, zeFenceCreate_id, o.fence);
  for (size_t i = 0; i < n; i += 2) same_object(&r[i].u.r, &r[i + 1].u.r);
  const ptic_resource_data* q = &r[1].u.r;
  assert_ptr_equal(q->_device_handle, S.device);
  assert_int_equal(q->_ordinal, 0);
  assert_int_equal(q->_index, 1);
  assert_int_equal(q->_flags, 0);
  assert_int_equal(q->_mode, ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  assert_int_equal(q->_priority, ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH);
  assert_int_equal(q->_in_order, 0);
  const ptic_resource_data* l = &r[3].u.r;
  assert_int_equal(l->_flags, 0x8);
  assert_int_equal(l->_in_order, 1);
  assert_ptr_equal(l->_device_handle, S.device);
  const ptic_resource_data* im = &r[5].u.r;
  assert_int_equal(im->_flags, 0x2);
  assert_int_equal(im->_in_order, 1);
  assert_int_equal(im->_index, 0);
  assert_int_equal(im->_mode, ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
  const ptic_resource_data* p = &r[7].u.r;
  assert_int_equal(p->_flags, ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
  assert_int_equal(p->_event_count, 7);
  assert_null(p->_device_handle);
  const ptic_resource_data* f = &r[9].u.r;
  assert_ptr_equal(f->_parent, o.queue);
  assert_int_equal(f->_flags, ZE_FENCE_FLAG_SIGNALED);
  assert_ptr_equal(f->_device_handle, S.device);

  /* the destroys: what was tracked, ENTER and EXIT */
  nrec created[5];
  for (int i = 0; i < 5; i++) created[i] = r[2 * i + 1];
  n_reset();
  destroy_objects(&o);
  n = n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, -1, r, 32);
  assert_int_equal(n, 10);
  const uint32_t ids[5] = {zeFenceDestroy_id, zeEventPoolDestroy_id, zeCommandListDestroy_id, zeCommandListDestroy_id,
                           zeCommandQueueDestroy_id};
  for (int i = 0; i < 5; i++) {
    const nrec* c = &created[4 - i];
    for (int k = 0; k < 2; k++) {
      const nrec* x = &r[2 * i + k];
      check_info(x);
      assert_int_equal(x->api_id, ids[i]);
      assert_int_equal(x->u.r._phase, k ? PTI_CB_PHASE_API_EXIT : PTI_CB_PHASE_API_ENTER);
      assert_ptr_equal(x->u.r._handle, c->u.r._handle);
      same_object(&x->u.r, &c->u.r);
    }
    assert_int_equal(r[2 * i].u.r._correlation_id, r[2 * i + 1].u.r._correlation_id);
    assert_int_equal(r[2 * i + 1].u.r._return_code, ZE_RESULT_SUCCESS);
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  n_reset();
}

/* Each phase alone; two subscribers; a failed create; a clone keeps its original's facts. */
static void test_resource_phases_and_failures(void** state) {
  (void)state;
  pti_callback_subscriber_handle a = sub(20), b = sub(21);
  assert_int_equal(ptiCallbackEnableDomain(a, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 1, 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(b, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 0, 1), PTI_SUCCESS);
  n_reset();
  ze_command_queue_desc_t qd = queue_desc(0, 0, 0);
  ze_command_queue_handle_t q = NULL;
  ZE_CHECK(zeCommandQueueCreate(S.context, S.device, &qd, &q));
  ZE_CHECK(zeCommandQueueDestroy(q));
  nrec r[16];
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, 20, r, 16), 2);
  assert_int_equal(r[0].u.r._phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(r[1].u.r._phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, 21, r, 16), 2);
  assert_int_equal(r[0].u.r._phase, PTI_CB_PHASE_API_EXIT);
  assert_ptr_equal(r[0].u.r._handle, q);
  assert_int_equal(r[1].u.r._phase, PTI_CB_PHASE_API_EXIT);

  /* a create that fails: EXIT with its result, no handle, nothing tracked */
  assert_int_equal(ptiCallbackEnableDomain(a, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackDisableDomain(b, PTIC_CB_DOMAIN_DRIVER_RESOURCE), PTI_SUCCESS);
  n_reset();
  ze_command_queue_handle_t bad = NULL;
  assert_int_not_equal(zeCommandQueueCreate(S.context, S.device, NULL, &bad), ZE_RESULT_SUCCESS);
  size_t n = n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, -1, r, 16);
  assert_int_equal(n, 2);
  assert_int_equal(r[1].u.r._phase, PTI_CB_PHASE_API_EXIT);
  assert_int_not_equal(r[1].u.r._return_code, ZE_RESULT_SUCCESS);
  assert_null(r[1].u.r._handle);
  assert_int_equal(r[1].u.r._kind, PTIC_RESOURCE_QUEUE);

  /* a destroy of a handle never seen: its kind and handle */
  n_reset();
  assert_int_not_equal(zeFenceDestroy((ze_fence_handle_t)(uintptr_t)0x5e0), ZE_RESULT_SUCCESS);
  n = n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, -1, r, 16);
  assert_int_equal(n, 2);
  assert_int_equal(r[0].u.r._kind, PTIC_RESOURCE_FENCE);
  assert_ptr_equal(r[0].u.r._handle, (void*)(uintptr_t)0x5e0);
  assert_null(r[0].u.r._context_handle);
  assert_int_not_equal(r[1].u.r._return_code, ZE_RESULT_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(b), PTI_SUCCESS);
  n_reset();
}

/* pticReplay: live queues, lists, pools and fences in creation order, between the contexts and
   the modules, with what their creation said; destroyed ones are not replayed. */
static void test_resource_replay(void** state) {
  (void)state;
  objects o, gone;
  make_objects(&gone);
  make_objects(&o);
  destroy_objects(&gone);
  pti_callback_subscriber_handle live = sub(30);
  assert_int_equal(ptiCallbackEnableDomain(live, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 0, 1), PTI_SUCCESS);
  pti_callback_subscriber_handle late = sub(31);
  assert_int_equal(ptiCallbackEnableDomain(late, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 0, 1), PTI_SUCCESS);
  n_reset();
  assert_int_equal(pticReplay(late), PTI_SUCCESS);
  nrec r[32];
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, 30, r, 32), 0);
  size_t n = n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, 31, r, 32);
  /* the session's immediate list, queue, list and pool first (common.h), then these */
  assert_int_equal(n, 4 + 5);
  const void* want[9] = {S.imm, S.queue, S.list, S.pool, o.queue, o.list, o.imm, o.pool, o.fence};
  const uint32_t api[9] = {zeCommandListCreateImmediate_id, zeCommandQueueCreate_id, zeCommandListCreate_id,
                           zeEventPoolCreate_id,           zeCommandQueueCreate_id, zeCommandListCreate_id,
                           zeCommandListCreateImmediate_id, zeEventPoolCreate_id,   zeFenceCreate_id};
  for (size_t i = 0; i < n; i++) {
    check_info(&r[i]);
    assert_ptr_equal(r[i].u.r._handle, want[i]);
    assert_int_equal(r[i].api_id, api[i]);
    assert_int_equal(r[i].u.r._phase, PTI_CB_PHASE_API_EXIT);
    assert_int_equal(r[i].u.r._correlation_id, 0);
    assert_ptr_equal(r[i].u.r._context_handle, S.context);
  }
  assert_int_equal(r[5].u.r._in_order, 1);
  assert_int_equal(r[6].u.r._kind, PTIC_RESOURCE_IMMEDIATE_LIST);
  assert_int_equal(r[6].u.r._flags, 0x2);
  assert_int_equal(r[4].u.r._index, 1);
  assert_int_equal(r[4].u.r._priority, ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH);
  assert_int_equal(r[7].u.r._event_count, 7);
  assert_ptr_equal(r[8].u.r._parent, o.queue);

  /* what a destroy record says matches the replayed one */
  nrec replayed_fence = r[8];
  assert_int_equal(ptiCallbackEnableDomain(late, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 1, 0), PTI_SUCCESS);
  n_reset();
  destroy_objects(&o);
  n = n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, 31, r, 32);
  assert_int_equal(n, 5);
  same_object(&r[0].u.r, &replayed_fence.u.r);
  /* ENTER only: nothing replayed */
  n_reset();
  assert_int_equal(pticReplay(late), PTI_SUCCESS);
  assert_int_equal(n_select(PTIC_CB_DOMAIN_DRIVER_RESOURCE, -1, r, 32), 0);
  assert_int_equal(ptiCallbackUnsubscribe(late), PTI_SUCCESS);
  assert_int_equal(pticReplay(late), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackUnsubscribe(live), PTI_SUCCESS);
  n_reset();
}

/* Bad input: the domains' values and names, single-phase enables, enter = exit = 0. */
static void test_new_domains_bad_input(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub(40);
  const pti_callback_domain doms[3] = {PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, PTIC_CB_DOMAIN_DRIVER_RESOURCE,
                                       PTIC_CB_DOMAIN_MARKER};
  const char* names[3] = {"PTIC_CB_DOMAIN_DRIVER_INITIALIZATION", "PTIC_CB_DOMAIN_DRIVER_RESOURCE",
                          "PTIC_CB_DOMAIN_MARKER"};
  pti_callback_domain supported[64];
  uint32_t count = 64;
  assert_int_equal(pticGetSupportedDomains(supported, &count), PTI_SUCCESS);
  for (int i = 0; i < 3; i++) {
    assert_string_equal(ptiCallbackDomainTypeToString(doms[i]), names[i]);
    int found = 0;
    for (uint32_t k = 0; k < count; k++) found |= supported[k] == doms[i];
    assert_true(found);
    assert_int_equal(ptiCallbackEnableDomain(h, doms[i], 0, 0), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(ptiCallbackEnableDomain(NULL, doms[i], 1, 1), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(ptiCallbackEnableDomain(h, doms[i], 1, 0), PTI_SUCCESS);
    uint32_t e = 9, x = 9;
    assert_int_equal(pticGetDomainState(h, doms[i], &e, &x), PTI_SUCCESS);
    assert_int_equal(e, 1);
    assert_int_equal(x, 0);
    assert_int_equal(ptiCallbackDisableDomain(h, doms[i]), PTI_SUCCESS);
    assert_int_equal(pticGetDomainState(h, doms[i], &e, &x), PTI_SUCCESS);
    assert_int_equal(e | x, 0);
  }
  assert_string_equal(ptiCallbackDomainTypeToString((pti_callback_domain)4101), "INVALID");
  assert_int_equal(ptiCallbackEnableDomain(h, (pti_callback_domain)4101, 1, 1), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_DRIVER_RESOURCE, 1, 1), PTI_ERROR_BAD_ARGUMENT);
}

static int setup(void** state) {
  (void)state;
  return 0;
}
/* The session is opened after the first test: that one's enable is the first. */
static int open_session(void** state) {
  (void)state;
  if (!S.context) ze_session_open(&S);
  return 0;
}
static int teardown(void** state) {
  (void)state;
  if (S.context) ze_session_close(&S);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_init_library),
      cmocka_unit_test_setup(test_init_application, open_session),
      cmocka_unit_test_setup(test_resource_lifecycle, open_session),
      cmocka_unit_test_setup(test_resource_phases_and_failures, open_session),
      cmocka_unit_test_setup(test_resource_replay, open_session),
      cmocka_unit_test_setup(test_new_domains_bad_input, open_session),
  };
  return cmocka_run_group_tests_name("newdomains", tests, setup, teardown);
}
