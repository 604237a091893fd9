/* test_badinput.c - bad input never crashes and always gets its documented pti_result: NULL
   pointers and callbacks; NULL, garbage, stale, double-unsubscribed and tampered handles; every
   invalid domain value; impossible phase combinations; the record-bound ptic* functions outside
   callbacks or on the wrong record; the registry used from inside callbacks; 64 subscribers and
   one more; Level Zero calls with bad arguments while every domain is on. Each check counts as a
   case; the total is printed. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"
#include "ze_sim.h"

#include <time.h>

static ze_session S;
static unsigned g_cases; /* distinct bad-input cases checked */

#define CASE(expr, expected)                          \
  do {                                                \
    g_cases++;                                        \
    assert_int_equal((expr), (expected));             \
  } while (0)

static void noop_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
}

/* Handles a test made, unsubscribed after it (a failed test leaves none behind). */
static pti_callback_subscriber_handle g_made[4 * PTIC_MAX_SUBSCRIBERS];
static size_t g_nmade;

static pti_callback_subscriber_handle track(pti_callback_subscriber_handle h) {
  if (g_nmade < sizeof g_made / sizeof g_made[0]) g_made[g_nmade++] = h;
  return h;
}

static pti_callback_subscriber_handle sub(void) {
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(&h, noop_cb, NULL), PTI_SUCCESS);
  assert_non_null(h);
  return track(h);
}

static int test_done(void** state) {
  (void)state;
  for (size_t i = 0; i < g_nmade; i++) ptiCallbackUnsubscribe(g_made[i]); /* BAD_ARGUMENT if gone */
  g_nmade = 0;
  return 0;
}

/* ---- subscribe ---- */

static void test_subscribe_nulls(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = (pti_callback_subscriber_handle)(uintptr_t)0x77;
  CASE(ptiCallbackSubscribe(NULL, noop_cb, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackSubscribe(&h, NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  assert_ptr_equal(h, (pti_callback_subscriber_handle)(uintptr_t)0x77); /* untouched */
  CASE(ptiCallbackSubscribe(NULL, NULL, &h), PTI_ERROR_BAD_ARGUMENT);
}

/* ---- handles ---- */

/* Every function taking a handle rejects h with PTI_ERROR_BAD_ARGUMENT (10 cases). */
static void expect_bad_handle(pti_callback_subscriber_handle h) {
  uint32_t e = 9, x = 9;
  CASE(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackDisableAllDomains(h), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticEnableAllDomains(h, 1, 1), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeInit_id, 1, 1), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeInit_id), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, zeInit_id, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticReplay(h), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackUnsubscribe(h), PTI_ERROR_BAD_ARGUMENT);
}

/* A live subscriber is untouched by what was done with bad handles. */
static void expect_live(pti_callback_subscriber_handle h, uint32_t enter, uint32_t exit_) {
  uint32_t e = 9, x = 9;
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, &e, &x), PTI_SUCCESS);
  assert_int_equal(e, enter);
  assert_int_equal(x, exit_);
}

static void test_garbage_handles(void** state) {
  (void)state;
  pti_callback_subscriber_handle live = sub();
  assert_int_equal(ptiCallbackEnableDomain(live, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  int local = 0;
  void* heap = malloc(64);
  memset(heap, 0x5e, 64);
  const uint64_t tag = 0x5eull << 56;
  const uintptr_t garbage[] = {
      0,
      1,
      0x1234,
      UINTPTR_MAX,
      (uintptr_t)&local,
      (uintptr_t)heap,
      (uintptr_t)&noop_cb,
      (uintptr_t)(tag),                         /* slot 0 */
      (uintptr_t)(tag | (1ull << 8) | 65),      /* slot 65, beyond the table */
      (uintptr_t)(tag | (1ull << 8) | 255),     /* slot 255 */
      (uintptr_t)(tag | (2ull << 8) | 1),       /* even generation: never live */
      (uintptr_t)(tag | (0xffffffffull << 8) | 1),
      (uintptr_t)(0x5full << 56 | (1ull << 8) | 1), /* wrong tag */
  };
  for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
    expect_bad_handle((pti_callback_subscriber_handle)garbage[i]);
    expect_live(live, 1, 0);
  }
  /* the live handle with its bits tampered with: generation, slot, tag, top bit */
  const uintptr_t v = (uintptr_t)live;
  const uintptr_t tampered[] = {v + (2u << 8), v - (2u << 8), v ^ (1u << 8), v ^ (1ull << 63), v ^ (1ull << 57),
                                v + 1, v ^ 0xff};
  for (size_t i = 0; i < sizeof tampered / sizeof tampered[0]; i++) {
    if (tampered[i] == v) continue;
    expect_bad_handle((pti_callback_subscriber_handle)tampered[i]);
    expect_live(live, 1, 0);
  }
  free(heap);
  assert_int_equal(ptiCallbackUnsubscribe(live), PTI_SUCCESS);
}

/* A handle differing from the one issued only in bits the library does not use (a copy
   corrupted in memory) is not the subscriber's: only the exact value is. */
static void test_handle_unused_bits(void** state) {
  (void)state;
  pti_callback_subscriber_handle live = sub();
  assert_int_equal(ptiCallbackEnableDomain(live, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  const uintptr_t v = (uintptr_t)live;
  const uintptr_t tampered[] = {v | (1ull << 40), v | (1ull << 55), v | (0xffull << 40)};
  for (size_t i = 0; i < sizeof tampered / sizeof tampered[0]; i++) {
    if (tampered[i] == v) continue;
    expect_bad_handle((pti_callback_subscriber_handle)tampered[i]);
    expect_live(live, 1, 0);
  }
  assert_int_equal(ptiCallbackUnsubscribe(live), PTI_SUCCESS);
}

static void test_stale_and_foreign_handles(void** state) {
  (void)state;
  /* unsubscribed, then unsubscribed again */
  pti_callback_subscriber_handle a = sub();
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  expect_bad_handle(a);
  /* stale after its slot was reused: the new subscriber is not reachable through it */
  pti_callback_subscriber_handle b = sub();
  assert_int_equal(ptiCallbackEnableDomain(b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  expect_bad_handle(a);
  expect_live(b, 0, 1);
  /* a handle made of another live subscriber's slot and this one's generation, and the
     other way round */
  pti_callback_subscriber_handle c = sub();
  const uintptr_t vb = (uintptr_t)b, vc = (uintptr_t)c;
  const uintptr_t mix1 = (vb & ~(uintptr_t)0xff) | (vc & 0xff);
  const uintptr_t mix2 = (vc & ~(uintptr_t)0xff) | (vb & 0xff);
  if (mix1 != vb && mix1 != vc) expect_bad_handle((pti_callback_subscriber_handle)mix1);
  if (mix2 != vb && mix2 != vc) expect_bad_handle((pti_callback_subscriber_handle)mix2);
  expect_live(b, 0, 1);
  expect_live(c, 0, 0);
  assert_int_equal(ptiCallbackUnsubscribe(b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(c), PTI_SUCCESS);
  expect_bad_handle(b);
  expect_bad_handle(c);
}

/* ---- domains and phases ---- */

static void expect_bad_domain(pti_callback_subscriber_handle h, uint32_t d) {
  uint32_t e = 0, x = 0;
  assert_int_equal(ptiCallbackEnableDomain(h, (pti_callback_domain)d, 1, 1), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackEnableDomain(h, (pti_callback_domain)d, 0, 1), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackDisableDomain(h, (pti_callback_domain)d), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(pticGetDomainState(h, (pti_callback_domain)d, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  assert_non_null(ptiCallbackDomainTypeToString((pti_callback_domain)d));
}

static void test_bad_domains(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub();
  expect_bad_domain(h, 0);
  g_cases++;
  for (uint32_t d = 10; d <= 1022; d++) expect_bad_domain(h, d);
  g_cases++;
  for (uint32_t d = 1026; d < 70000; d++)
    if (d < 4096 || d > 4100) expect_bad_domain(h, d); /* ours: 4096..4100 */
  g_cases++;
  const uint32_t more[] = {PTI_CB_DOMAIN_MAX, 0x80000000u, 0xfffffffeu, 0xffffffffu, 4095, 4101, 1u << 20};
  for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) expect_bad_domain(h, more[i]);
  g_cases++;
  /* nothing got enabled on the way */
  uint32_t n = 0;
  assert_int_equal(pticGetSupportedDomains(NULL, &n), PTI_SUCCESS);
  pti_callback_domain doms[32];
  assert_true(n <= 32);
  assert_int_equal(pticGetSupportedDomains(doms, &n), PTI_SUCCESS);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t e = 9, x = 9;
    assert_int_equal(pticGetDomainState(h, doms[i], &e, &x), PTI_SUCCESS);
    assert_int_equal(e | x, 0);
  }
  assert_string_equal(ptiCallbackDomainTypeToString((pti_callback_domain)1022), "INVALID");
  assert_string_equal(ptiCallbackPhaseTypeToString((pti_callback_phase)6), "INVALID");
  assert_string_equal(ptiResultTypeToString((pti_result)9), "INVALID");
  g_cases += 3;
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static void test_bad_phases(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub();
  pti_callback_domain doms[32];
  uint32_t n = 32;
  assert_int_equal(pticGetSupportedDomains(doms, &n), PTI_SUCCESS);
  for (uint32_t i = 0; i < n; i++) {
    /* enter = exit = 0 is refused and changes nothing, for two-phase domains; single-phase
       ones (COMPLETED, INTERNAL_EVENT) ignore the flags, as PTI documents */
    const int single = doms[i] == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED || doms[i] == PTI_CB_DOMAIN_INTERNAL_EVENT;
    assert_int_equal(ptiCallbackEnableDomain(h, doms[i], 0, 1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(h, doms[i], 0, 0), single ? PTI_SUCCESS : PTI_ERROR_BAD_ARGUMENT);
    uint32_t e = 9, x = 9;
    assert_int_equal(pticGetDomainState(h, doms[i], &e, &x), PTI_SUCCESS);
    assert_int_equal(x, 1);
  }
  g_cases++;
  /* COMPLETED has only an EXIT phase: the flags are ignored (PTI: "used only for domains with 2
     phases"), so (1, 0) turns its EXIT on */
  CASE(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 1, 0), PTI_SUCCESS);
  uint32_t e = 9, x = 9;
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, &e, &x), PTI_SUCCESS);
  assert_int_equal(e, 0);
  assert_int_equal(x, 1);
  CASE(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), PTI_SUCCESS);
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, &e, &x), PTI_SUCCESS);
  assert_int_equal(e | x, 0);
  CASE(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 1, 1), PTI_SUCCESS);
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, &e, &x), PTI_SUCCESS);
  assert_int_equal(e, 0);
  assert_int_equal(x, 1);
  /* any non-zero value means "on" */
  CASE(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_API, 7, 0xffffffffu), PTI_SUCCESS);
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, &x), PTI_SUCCESS);
  assert_int_equal(e, 1);
  assert_int_equal(x, 1);
  CASE(pticEnableAllDomains(h, 0, 0), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackDisableAllDomains(h), PTI_SUCCESS);
  CASE(ptiCallbackDisableAllDomains(h), PTI_SUCCESS); /* twice is fine */
  CASE(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_API), PTI_SUCCESS); /* not enabled: fine */
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* ---- the ptic* extensions ---- */

static void test_driver_api_ids(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub();
  uint32_t e = 9, x = 9;
  /* a Level Zero id in the OpenCL group: a group this library traces, an id not of it */
  CASE(pticEnableDriverApi(h, PTI_API_GROUP_OPENCL, zeInit_id, 1, 1), PTI_ERROR_BAD_API_ID);
  CASE(pticDisableDriverApi(h, PTI_API_GROUP_OPENCL, zeInit_id), PTI_ERROR_BAD_API_ID);
  CASE(pticGetDriverApiState(h, PTI_API_GROUP_OPENCL, zeInit_id, &e, &x), PTI_ERROR_BAD_API_ID);
  const pti_api_group_id groups[] = {PTI_API_GROUP_RESERVED, PTI_API_GROUP_SYCL,
                                     PTI_API_GROUP_HYBRID_SYCL_LEVELZERO, PTI_API_GROUP_ALL,
                                     (pti_api_group_id)0x1234};
  for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
    CASE(pticEnableDriverApi(h, groups[i], zeInit_id, 1, 1), PTI_ERROR_BAD_ARGUMENT);
    CASE(pticDisableDriverApi(h, groups[i], zeInit_id), PTI_ERROR_BAD_ARGUMENT);
    CASE(pticGetDriverApiState(h, groups[i], zeInit_id, &e, &x), PTI_ERROR_BAD_ARGUMENT);
  }
  const uint32_t bad_ids[] = {0, PTIC_LEVELZERO_ID_MAX, PTIC_LEVELZERO_ID_MAX + 1, 1000,
                              PTIC_OWN_API_ID_BASE - 1, PTIC_OWN_ID_MAX, 0x7fffffffu, 0xffffffffu};
  for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
    CASE(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, bad_ids[i], 1, 1), PTI_ERROR_BAD_API_ID);
    CASE(pticDisableDriverApi(h, PTI_API_GROUP_LEVELZERO, bad_ids[i]), PTI_ERROR_BAD_API_ID);
    CASE(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, bad_ids[i], &e, &x), PTI_ERROR_BAD_API_ID);
    assert_null(pticApiIdName(bad_ids[i]));
    assert_int_equal(pticApiIdIsTraced(bad_ids[i]), 0);
  }
  CASE(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeInit_id, 0, 0), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, zeInit_id, NULL, &x), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, zeInit_id, &e, NULL), PTI_ERROR_BAD_ARGUMENT);
  /* ids of PTI's table this build cannot trace: NOT_IMPLEMENTED, never enabled */
  unsigned untraced = 0;
  for (uint32_t id = 1; id < PTIC_LEVELZERO_ID_MAX; id++) {
    if (!pticApiIdName(id) || pticApiIdIsTraced(id)) continue;
    untraced++;
    assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, id, 1, 1), PTI_ERROR_NOT_IMPLEMENTED);
    assert_int_equal(pticGetDriverApiState(h, PTI_API_GROUP_LEVELZERO, id, &e, &x), PTI_SUCCESS);
    assert_int_equal(e | x, 0);
  }
  if (untraced) g_cases++;
  /* the registry state is unchanged by all of it */
  assert_int_equal(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, &x), PTI_SUCCESS);
  assert_int_equal(e | x, 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static void test_query_nulls(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub();
  uint32_t e = 9, x = 9, id = 12345, n = 0;
  CASE(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, NULL, &x), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, &e, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetDomainState(h, PTI_CB_DOMAIN_DRIVER_API, NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetSupportedDomains(NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  pti_callback_domain doms[4] = {PTI_CB_DOMAIN_INVALID};
  CASE(pticGetSupportedDomains(doms, NULL), PTI_ERROR_BAD_ARGUMENT);
  n = 0; /* room for none: nothing written */
  CASE(pticGetSupportedDomains(doms, &n), PTI_SUCCESS);
  assert_int_equal(n, 0);
  assert_int_equal(doms[0], PTI_CB_DOMAIN_INVALID);
  n = 2; /* truncated */
  CASE(pticGetSupportedDomains(doms, &n), PTI_SUCCESS);
  assert_int_equal(n, 2);
  assert_int_equal(doms[2], PTI_CB_DOMAIN_INVALID);
  uint32_t ids[3] = {0, 0, 0};
  CASE(pticGetApiIds(NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetApiIds(ids, NULL), PTI_ERROR_BAD_ARGUMENT);
  n = 2;
  CASE(pticGetApiIds(ids, &n), PTI_SUCCESS);
  assert_int_equal(n, 2);
  assert_int_equal(ids[2], 0);
  CASE(pticApiIdFromName(NULL, &id), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticApiIdFromName("zeInit", NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticApiIdFromName("", &id), PTI_ERROR_BAD_API_ID);
  CASE(pticApiIdFromName("zeinit", &id), PTI_ERROR_BAD_API_ID);
  CASE(pticApiIdFromName("zeInit ", &id), PTI_ERROR_BAD_API_ID);
  CASE(pticApiIdFromName("zeInit_id", &id), PTI_ERROR_BAD_API_ID);
  char* longname = (char*)malloc(100000);
  memset(longname, 'z', 99999);
  longname[99999] = '\0';
  CASE(pticApiIdFromName(longname, &id), PTI_ERROR_BAD_API_ID);
  free(longname);
  assert_int_equal(id, 12345); /* untouched by the failures */
  CASE(pticSetPollInterval(0), PTI_SUCCESS);
  CASE(pticSetPollInterval(0xffffffffu), PTI_SUCCESS);
  CASE(pticSetPollInterval(1000), PTI_SUCCESS);
  CASE(pticFlush(0), PTI_SUCCESS); /* nothing pending */
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* pticGetRecordInfo, pticIterateArgs, pticGetOperationInfo outside a callback. */
static void arg_fn(uint32_t index, const char* name, const char* type, const char* value, void* user) {
  (void)index; (void)name; (void)type; (void)value;
  ++*(int*)user;
}

static void test_record_functions_outside_callbacks(void** state) {
  (void)state;
  ptic_record_info ri;
  ptic_op_info oi;
  int args = 0;
  pti_gpu_op_details det = {PTI_GPU_OPERATION_KIND_KERNEL, 1, 1, "fake"};
  pti_callback_gpu_op_data fake_gpu = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, NULL, NULL, NULL,
                                       PTI_CB_PHASE_API_EXIT, 0, 1, 1, &det};
  ptic_api_data fake_api = {PTI_CB_DOMAIN_DRIVER_API, PTI_CB_PHASE_API_ENTER, 0, 1, zeInit_id, 1, "zeInit", NULL};
  CASE(pticGetRecordInfo(NULL, &ri), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetRecordInfo(&fake_gpu, &ri), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetRecordInfo(&fake_api, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticIterateArgs(NULL, arg_fn, &args), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticIterateArgs(&fake_api, arg_fn, &args), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticIterateArgs(&fake_api, NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetOperationInfo(NULL, 0, &oi), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetOperationInfo(&fake_gpu, 0, &oi), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetOperationInfo(&fake_gpu, 0, NULL), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetOperationInfo(&fake_gpu, 0xffffffffu, &oi), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(args, 0);
}

/* ---- inside callbacks ---- */

typedef struct probe {
  /* what the callback found, record-bound functions used wrongly inside a callback */
  int calls;
  pti_result info_null, info_copy, args_on_gpu, args_null_fn, opinfo_on_api, opinfo_index,
      opinfo_null, opinfo_ok, info_ok;
  const void* saved; /* a record pointer kept past its callback */
  pti_result other_thread;
} probe;

static probe g_probe;

static void* other_thread_main(void* arg) {
  ptic_record_info ri;
  g_probe.other_thread = pticGetRecordInfo(arg, &ri);
  return NULL;
}

static void probe_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  probe* p = &g_probe;
  ptic_record_info ri;
  ptic_op_info oi;
  int args = 0;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && p->calls++ == 0) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    pti_callback_gpu_op_data copy = *g;
    p->info_ok = pticGetRecordInfo(cb_data, &ri);
    p->info_null = pticGetRecordInfo(cb_data, NULL);
    p->info_copy = pticGetRecordInfo(&copy, &ri);
    p->args_on_gpu = pticIterateArgs(cb_data, arg_fn, &args);
    p->opinfo_ok = pticGetOperationInfo(cb_data, 0, &oi);
    p->opinfo_index = pticGetOperationInfo(cb_data, g->_operation_count, &oi);
    p->opinfo_null = pticGetOperationInfo(cb_data, 0, NULL);
    pthread_t th; /* the record belongs to this thread */
    pthread_create(&th, NULL, other_thread_main, cb_data);
    pthread_join(th, NULL);
    p->saved = cb_data;
  }
  if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    p->opinfo_on_api = pticGetOperationInfo(cb_data, 0, &oi);
    p->args_null_fn = pticIterateArgs(cb_data, NULL, NULL);
  }
}

static void test_record_functions_wrong_record(void** state) {
  (void)state;
  memset(&g_probe, 0, sizeof g_probe);
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, probe_cb, NULL), PTI_SUCCESS);
  track(h);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  assert_int_equal(pticEnableDriverApi(h, PTI_API_GROUP_LEVELZERO, zeCommandListAppendLaunchKernel_id, 1, 0),
                   PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_true(g_probe.calls >= 1);
  CASE(g_probe.info_ok, PTI_SUCCESS);
  CASE(g_probe.opinfo_ok, PTI_SUCCESS);
  CASE(g_probe.info_null, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.info_copy, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.args_on_gpu, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.opinfo_index, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.opinfo_null, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.opinfo_on_api, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.args_null_fn, PTI_ERROR_BAD_ARGUMENT);
  CASE(g_probe.other_thread, PTI_ERROR_BAD_ARGUMENT);
  /* the record's callback has returned: the pointer is no record any more */
  ptic_record_info ri;
  ptic_op_info oi;
  CASE(pticGetRecordInfo(g_probe.saved, &ri), PTI_ERROR_BAD_ARGUMENT);
  CASE(pticGetOperationInfo(g_probe.saved, 0, &oi), PTI_ERROR_BAD_ARGUMENT);
}

/* The registry used from inside callbacks: what is allowed works. */
typedef struct actor {
  pti_callback_subscriber_handle self, other, created;
  int calls, after_self_unsubscribe, self_unsubscribed;
  pti_result r_subscribe, r_enable, r_state, r_api, r_disable, r_disable_all, r_replay, r_unsub_other,
      r_unsub_self, r_poll, r_flush, r_unsub_self_again;
  uint32_t e, x;
  int flush_returned;
  int nested_rc;
  ze_event_handle_t query_event;
} actor;

static actor g_actor;
static int g_created_calls, g_other_calls;

static void counter_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                       pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)instance;
  ++*(int*)user;
}

static void actor_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)instance;
  actor* a = (actor*)user;
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) return;
  if (a->self_unsubscribed) {
    a->after_self_unsubscribe++;
    return;
  }
  if (a->calls++ != 0) return;
  a->r_subscribe = ptiCallbackSubscribe(&a->created, counter_cb, &g_created_calls);
  a->r_enable = ptiCallbackEnableDomain(a->created, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1);
  a->r_state = pticGetDomainState(a->created, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, &a->e, &a->x);
  a->r_api = pticEnableDriverApi(a->created, PTI_API_GROUP_LEVELZERO, zeEventQueryStatus_id, 1, 1);
  a->r_replay = pticReplay(a->created);
  a->r_disable = ptiCallbackDisableDomain(a->other, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED);
  a->r_disable_all = ptiCallbackDisableAllDomains(a->other);
  a->r_unsub_other = ptiCallbackUnsubscribe(a->other);
  a->r_poll = pticSetPollInterval(500);
  a->r_flush = pticFlush(1000000ull); /* allowed to not deliver; must return */
  a->flush_returned = 1;
  /* a Level Zero call from inside a callback: works, and is reported (nested) */
  a->nested_rc = (int)zeEventQueryStatus(a->query_event);
  a->r_unsub_self = ptiCallbackUnsubscribe(a->self);
  a->self_unsubscribed = 1;
  a->r_unsub_self_again = ptiCallbackUnsubscribe(a->self);
}

static void test_registry_from_callbacks(void** state) {
  (void)state;
  memset(&g_actor, 0, sizeof g_actor);
  g_created_calls = g_other_calls = 0;
  actor* a = &g_actor;
  a->query_event = S.drain_event;
  assert_int_equal(ptiCallbackSubscribe(&a->other, counter_cb, &g_other_calls), PTI_SUCCESS);
  track(a->other);
  assert_int_equal(ptiCallbackEnableDomain(a->other, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&a->self, actor_cb, a), PTI_SUCCESS);
  track(a->self);
  assert_int_equal(ptiCallbackEnableDomain(a->self, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(a->self, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL); /* ENTER: the actor acts */
  const int other_after_first = g_other_calls;
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  CASE(a->r_subscribe, PTI_SUCCESS);
  track(a->created);
  CASE(a->r_enable, PTI_SUCCESS);
  CASE(a->r_state, PTI_SUCCESS);
  assert_int_equal(a->e, 1);
  assert_int_equal(a->x, 1);
  CASE(a->r_api, PTI_SUCCESS);
  CASE(a->r_replay, PTI_SUCCESS);
  CASE(a->r_disable, PTI_SUCCESS);
  CASE(a->r_disable_all, PTI_SUCCESS);
  CASE(a->r_unsub_other, PTI_SUCCESS);
  CASE(a->r_poll, PTI_SUCCESS);
  assert_true(a->flush_returned);
  assert_true(a->r_flush == PTI_SUCCESS || a->r_flush == PTI_ERROR_INTERNAL);
  g_cases++;
  CASE(a->nested_rc, ZE_RESULT_NOT_READY);
  CASE(a->r_unsub_self, PTI_SUCCESS);
  CASE(a->r_unsub_self_again, PTI_ERROR_BAD_ARGUMENT);
  /* effects: no record for the unsubscribed ones after their unsubscribe (the other one got
     ENTER of the first launch before the actor ran); the new one got the rest */
  assert_int_equal(a->after_self_unsubscribe, 0);
  assert_int_equal(g_other_calls, other_after_first);
  assert_true(g_created_calls >= 3); /* EXIT of the first launch, both phases of the others */
  CASE(ptiCallbackUnsubscribe(a->self), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackUnsubscribe(a->other), PTI_ERROR_BAD_ARGUMENT);
  CASE(ptiCallbackUnsubscribe(a->created), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
}

/* pticFlush(UINT64_MAX) inside a callback returns at once: it never waits, neither for the
   delivery it is part of (COMPLETED) nor for the device (APPENDED). A watchdog ends the process
   when it does not return. */
typedef struct flusher {
  pti_callback_domain domain;
  int at_call; /* the callback of that domain (EXIT) that flushes: 1, 2, ... */
  int calls, completed;
  pti_result r;
  double seconds;
} flusher;

static double now_s(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC); /* (C11: no POSIX clock in this file) */
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void flusher_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                       void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)instance;
  flusher* f = (flusher*)user;
  const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
  if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) f->completed += (int)g->_operation_count;
  if (domain != f->domain || g->_phase != PTI_CB_PHASE_API_EXIT || ++f->calls != f->at_call) return;
  const double t0 = now_s();
  f->r = pticFlush(UINT64_MAX);
  f->seconds = now_s() - t0;
}

static int g_watched_done;
static void* watchdog_main(void* arg) {
  (void)arg;
  for (int i = 0; i < 200 && !__atomic_load_n(&g_watched_done, __ATOMIC_SEQ_CST); i++) {
    struct timespec ts = {0, 100000000};
    nanosleep(&ts, NULL);
  }
  if (__atomic_load_n(&g_watched_done, __ATOMIC_SEQ_CST)) return NULL;
  fprintf(stderr, "watchdog: pticFlush inside a callback has not returned in 20 s\n");
  _Exit(1);
}

/* Three operations (two launches and the drain's barrier), the poller off: the synchronisation
   collects them all, so nothing is pending or waiting when the COMPLETED callback flushes. */
static void test_flush_inside_completed(void** state) {
  (void)state;
  flusher f = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 1, 0, 0, PTI_ERROR_BAD_ARGUMENT, 0};
  pthread_t dog;
  __atomic_store_n(&g_watched_done, 0, __ATOMIC_SEQ_CST);
  assert_int_equal(pthread_create(&dog, NULL, watchdog_main, NULL), 0);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS);
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, flusher_cb, &f), PTI_SUCCESS);
  track(h);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  __atomic_store_n(&g_watched_done, 1, __ATOMIC_SEQ_CST);
  pthread_join(dog, NULL);
  CASE(f.r, PTI_SUCCESS);
  assert_true(f.seconds < 1.0);
  assert_int_equal(f.completed, 3);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(pticSetPollInterval(1000), PTI_SUCCESS);
}

/* The device paused: the first launch stays pending while the second one's APPENDED EXIT
   callback flushes, which returns PTI_ERROR_INTERNAL (pending) at once. */
static void test_flush_inside_appended(void** state) {
  (void)state;
  flusher f = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 2, 0, 0, PTI_ERROR_BAD_ARGUMENT, 0};
  pthread_t dog;
  __atomic_store_n(&g_watched_done, 0, __ATOMIC_SEQ_CST);
  assert_int_equal(pthread_create(&dog, NULL, watchdog_main, NULL), 0);
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, flusher_cb, &f), PTI_SUCCESS);
  track(h);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_sim_hooks_t sim;
  assert_int_equal(ze_sim_hooks_load(&sim), 0);
  sim.SetPaused(1);
  ze_launch(S.imm, S.vmul, NULL);
  ze_launch(S.imm, S.vmul, NULL);
  sim.SetPaused(0);
  __atomic_store_n(&g_watched_done, 1, __ATOMIC_SEQ_CST);
  pthread_join(dog, NULL);
  ze_drain(&S, S.imm);
  CASE(f.r, PTI_ERROR_INTERNAL);
  assert_true(f.seconds < 1.0);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(f.completed, 3);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* ---- limits ---- */

static void test_max_subscribers(void** state) {
  (void)state;
  pti_callback_subscriber_handle h[PTIC_MAX_SUBSCRIBERS];
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++) h[i] = sub();
  pti_callback_subscriber_handle extra = (pti_callback_subscriber_handle)(uintptr_t)0x77;
  CASE(ptiCallbackSubscribe(&extra, noop_cb, NULL), PTI_ERROR_INTERNAL);
  assert_ptr_equal(extra, (pti_callback_subscriber_handle)(uintptr_t)0x77);
  CASE(ptiCallbackSubscribe(&extra, noop_cb, NULL), PTI_ERROR_INTERNAL); /* still full */
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++)
    for (int j = 0; j < i; j++) assert_ptr_not_equal(h[i], h[j]);
  /* one goes: one more fits, and the old handle stays invalid */
  pti_callback_subscriber_handle gone = h[PTIC_MAX_SUBSCRIBERS / 2];
  assert_int_equal(ptiCallbackUnsubscribe(gone), PTI_SUCCESS);
  CASE(ptiCallbackSubscribe(&extra, noop_cb, NULL), PTI_SUCCESS);
  track(extra);
  assert_ptr_not_equal(extra, gone);
  expect_bad_handle(gone);
  pti_callback_subscriber_handle again;
  CASE(ptiCallbackSubscribe(&again, noop_cb, NULL), PTI_ERROR_INTERNAL);
  h[PTIC_MAX_SUBSCRIBERS / 2] = extra;
  /* all of them work: enable one domain on each, then every one goes */
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++)
    assert_int_equal(ptiCallbackEnableDomain(h[i], PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1), PTI_SUCCESS);
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++) assert_int_equal(ptiCallbackUnsubscribe(h[i]), PTI_SUCCESS);
  for (int i = 0; i < 3 * PTIC_MAX_SUBSCRIBERS; i++) { /* and the slots are reused many times */
    pti_callback_subscriber_handle t = sub();
    assert_int_equal(ptiCallbackUnsubscribe(t), PTI_SUCCESS);
  }
  g_cases++;
}

/* ---- Level Zero calls with bad arguments while everything is traced ---- */

static uint64_t g_api_records;
static uint32_t g_last_exit_rc; /* _return_code of the last DRIVER_API EXIT record */

static void fmt_fn(uint32_t index, const char* name, const char* type, const char* value, void* user) {
  (void)index;
  assert_non_null(name);
  assert_non_null(type);
  assert_non_null(value);
  *(size_t*)user += strlen(value);
}

static void all_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                   pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  size_t len = 0;
  ptic_record_info ri;
  assert_int_equal(pticGetRecordInfo(cb_data, &ri), PTI_SUCCESS);
  if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    const ptic_api_data* a = (const ptic_api_data*)cb_data;
    assert_int_equal(pticIterateArgs(cb_data, fmt_fn, &len), PTI_SUCCESS);
    g_api_records++;
    if (a->_phase == PTI_CB_PHASE_API_EXIT) g_last_exit_rc = a->_return_code;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED ||
             domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED ||
             domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info oi;
      assert_int_equal(pticGetOperationInfo(cb_data, i, &oi), PTI_SUCCESS);
      if (g->_operation_details[i]._name) len += strlen(g->_operation_details[i]._name);
    }
  }
}

/* The call fails, and its DRIVER_API EXIT record carries the same result. */
#define ZE_BAD(call)                                             \
  do {                                                           \
    g_last_exit_rc = 0xdeadbeefu;                                \
    ze_result_t r_ = (call);                                     \
    g_cases++;                                                   \
    assert_int_not_equal(r_, ZE_RESULT_SUCCESS);                 \
    assert_int_equal(g_last_exit_rc, (uint32_t)r_);              \
  } while (0)

static void test_level_zero_bad_arguments(void** state) {
  (void)state;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, all_cb, NULL), PTI_SUCCESS);
  track(h);
  assert_int_equal(pticEnableAllDomains(h, 1, 1), PTI_SUCCESS);
  g_api_records = 0;
  int garbage_obj[16] = {0};
  void* garbage = garbage_obj;
  ze_group_count_t g = {1, 1, 1};
  ze_event_handle_t null_ev = NULL;
  ze_command_list_handle_t lists_with_null[2] = {S.list, NULL};
  ze_kernel_handle_t kernels[3] = {S.vadd, NULL, (ze_kernel_handle_t)garbage};
  uint32_t counts[3] = {1, 1, 1};
  char buf[64];
  /* appends */
  ZE_BAD(zeCommandListAppendLaunchKernel(NULL, S.vadd, &g, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel((ze_command_list_handle_t)garbage, S.vadd, &g, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel(S.imm, NULL, &g, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel(S.imm, (ze_kernel_handle_t)garbage, &g, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel(S.imm, S.vadd, NULL, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel(S.imm, S.vadd, &g, (ze_event_handle_t)garbage, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel(S.imm, S.vadd, &g, NULL, 2, NULL));
  ZE_BAD(zeCommandListAppendLaunchKernel(S.imm, S.vadd, &g, NULL, 1, &null_ev));
  ZE_BAD(zeCommandListAppendLaunchMultipleKernelsIndirect(S.imm, 3, NULL, counts, NULL, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchMultipleKernelsIndirect(S.imm, 3, kernels, counts, NULL, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendLaunchMultipleKernelsIndirect(S.imm, 0, NULL, NULL, NULL, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendMemoryCopy(S.imm, NULL, NULL, 16, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendMemoryCopy(NULL, buf, buf + 32, 16, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendMemoryFill(S.imm, buf, NULL, 4, 16, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendMemoryFill(S.imm, NULL, buf, 4, 16, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendBarrier(NULL, NULL, 0, NULL));
  ZE_BAD(zeCommandListAppendBarrier(S.imm, (ze_event_handle_t)garbage, 0, NULL));
  ZE_BAD(zeCommandListAppendMemoryRangesBarrier(S.imm, 2, NULL, NULL, NULL, 0, NULL));
  /* submissions and syncs */
  ZE_BAD(zeCommandQueueExecuteCommandLists(S.queue, 2, NULL, NULL));
  ZE_BAD(zeCommandQueueExecuteCommandLists(S.queue, 0, NULL, NULL));
  ZE_BAD(zeCommandQueueExecuteCommandLists(NULL, 1, &S.list, NULL));
  ZE_BAD(zeCommandQueueExecuteCommandLists(S.queue, 2, lists_with_null, NULL));
  ZE_BAD(zeCommandQueueExecuteCommandLists((ze_command_queue_handle_t)garbage, 1, &S.list, NULL));
  ZE_BAD(zeCommandQueueSynchronize(NULL, 0));
  ZE_BAD(zeEventHostSynchronize(NULL, 0));
  ZE_BAD(zeEventHostSynchronize((ze_event_handle_t)garbage, 0));
  ZE_BAD(zeFenceHostSynchronize(NULL, 0));
  ZE_BAD(zeEventQueryStatus(NULL));
  ZE_BAD(zeEventQueryKernelTimestamp(NULL, NULL));
  ZE_BAD(zeEventQueryKernelTimestamp(S.drain_event, NULL));
  ZE_BAD(zeEventHostReset(NULL));
  ZE_BAD(zeCommandListAppendEventReset(S.imm, NULL));
  /* creates and destroys */
  ze_module_handle_t m = NULL;
  ze_kernel_handle_t k = NULL;
  ze_context_handle_t c = NULL;
  ze_command_list_handle_t l = NULL;
  ze_event_pool_handle_t p = NULL;
  ze_event_handle_t e = NULL;
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, 0, NULL, NULL, NULL};
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, NULL};
  ZE_BAD(zeModuleCreate(S.context, S.device, NULL, &m, NULL));
  ZE_BAD(zeModuleCreate(S.context, S.device, &md, &m, NULL)); /* no input */
  ZE_BAD(zeModuleCreate(NULL, S.device, &md, &m, NULL));
  ZE_BAD(zeKernelCreate(S.module, NULL, &k));
  ZE_BAD(zeKernelCreate(S.module, &kd, &k)); /* no name */
  kd.pKernelName = "no_such_kernel";
  ZE_BAD(zeKernelCreate(S.module, &kd, &k));
  ZE_BAD(zeKernelCreate(NULL, &kd, &k));
  ZE_BAD(zeContextCreate(S.driver, NULL, &c));
  ZE_BAD(zeCommandListCreate(S.context, S.device, NULL, &l));
  ZE_BAD(zeEventPoolCreate(S.context, NULL, 0, NULL, &p));
  ZE_BAD(zeEventCreate(S.pool, NULL, &e));
  ZE_BAD(zeKernelDestroy(NULL));
  ZE_BAD(zeKernelDestroy((ze_kernel_handle_t)garbage));
  ZE_BAD(zeModuleDestroy(NULL));
  ZE_BAD(zeEventDestroy(NULL));
  ZE_BAD(zeEventPoolDestroy(NULL));
  ZE_BAD(zeCommandListDestroy(NULL));
  ZE_BAD(zeCommandListReset((ze_command_list_handle_t)garbage));
  ZE_BAD(zeCommandQueueDestroy(NULL));
  ZE_BAD(zeContextDestroy(NULL));
  ZE_BAD(zeContextDestroy((ze_context_handle_t)garbage));
  assert_null(m);
  assert_null(k);
  assert_true(g_api_records > 0);
  /* the session still works, traced */
  ze_launch(S.imm, S.vadd, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

/* ---- call sequences the fuzzer found ---- */

/* A thread's per-call buffers are reused from call to call: an execution of 2 operations, a
   launch of 3 kernels at once, then an execution of 3 operations (ASan: no overflow). */
static void test_execute_after_multi_kernel_launch(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = sub();
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ze_command_list_handle_t two, three;
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &two));
  ZE_CHECK(zeCommandListCreate(S.context, S.device, &ld, &three));
  for (int i = 0; i < 2; i++) ze_launch(two, S.vmul, NULL);
  for (int i = 0; i < 3; i++) ze_launch(three, S.vmul, NULL);
  ZE_CHECK(zeCommandListClose(two));
  ZE_CHECK(zeCommandListClose(three));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &two, NULL));
  ze_kernel_handle_t ks[3] = {S.vadd, S.vmul, S.vadd};
  static const uint32_t count = 3;
  static const ze_group_count_t groups[3] = {{1, 1, 1}, {1, 1, 1}, {1, 1, 1}};
  ZE_CHECK(zeCommandListAppendLaunchMultipleKernelsIndirect(S.imm, 3, ks, &count, groups, NULL, 0, NULL));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &three, NULL));
  g_cases++;
  ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  ze_drain(&S, S.imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ZE_CHECK(zeCommandListDestroy(two));
  ZE_CHECK(zeCommandListDestroy(three));
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ze_session_close(&S);
  rec_reset();
  printf("  %u bad-input cases checked\n", g_cases);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_teardown(test_subscribe_nulls, test_done),
      cmocka_unit_test_teardown(test_garbage_handles, test_done),
      cmocka_unit_test_teardown(test_handle_unused_bits, test_done),
      cmocka_unit_test_teardown(test_stale_and_foreign_handles, test_done),
      cmocka_unit_test_teardown(test_bad_domains, test_done),
      cmocka_unit_test_teardown(test_bad_phases, test_done),
      cmocka_unit_test_teardown(test_driver_api_ids, test_done),
      cmocka_unit_test_teardown(test_query_nulls, test_done),
      cmocka_unit_test_teardown(test_record_functions_outside_callbacks, test_done),
      cmocka_unit_test_teardown(test_record_functions_wrong_record, test_done),
      cmocka_unit_test_teardown(test_registry_from_callbacks, test_done),
      cmocka_unit_test_teardown(test_flush_inside_completed, test_done),
      cmocka_unit_test_teardown(test_flush_inside_appended, test_done),
      cmocka_unit_test_teardown(test_max_subscribers, test_done),
      cmocka_unit_test_teardown(test_level_zero_bad_arguments, test_done),
      cmocka_unit_test_teardown(test_execute_after_multi_kernel_launch, test_done),
  };
  return cmocka_run_group_tests_name("bad input", tests, setup, teardown);
}
