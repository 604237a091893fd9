/* test_multi_hub.c - several copies of the implementation in one process (README "Several
   tools in one process"), driven from a program whose own copy is the active one (constructed
   first) and built with PTIC_MAX_SUBSCRIBERS=1. It dlopens tools built from
   tests/multi/hub_tool.c (argv[1]: the build folder): the C one (64 subscribers), the C++ one
   (its callback throws) and one whose ptic_op_info has another layout. The tests run in order:
   the first one needs the C tool not loaded yet.
     - The registry's limit is the largest PTIC_MAX_SUBSCRIBERS among the copies.
     - pticApiIdIsTraced in a forwarding copy answers as the active copy: 0 for a function the
       loader in the process cannot trace.
     - An exception thrown by a callback of a forwarding C++ copy is caught by that copy (the
       active one is C) and reported by an INTERNAL_EVENT CRITICAL; the process goes on.
     - A copy of another layout refuses to pair: its functions answer
       PTIC_ERROR_INCOMPATIBLE_COPY (pticApiIdIsTraced 0), and its first call makes the active
       copy raise one INTERNAL_EVENT WARNING to its own subscribers. */
#define _GNU_SOURCE
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"

static const char* g_dir;
static ze_session S;

/* A tool library of the build folder, and one of its entry points. */
static void* tool(const char* name) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", g_dir, name);
  void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) fprintf(stderr, "%s\n", dlerror());
  assert_non_null(h);
  return h;
}
/* (memcpy, not a cast: ISO C has no conversion from void * to a function pointer) */
static void entry(void* lib, const char* name, void* fn, size_t size) {
  void* f = dlsym(lib, name);
  assert_non_null(f);
  assert_int_equal(size, sizeof f);
  memcpy(fn, &f, sizeof f);
}
#define ENTRY(fn, lib, name) entry(lib, name, &(fn), sizeof(fn))
typedef pti_result (*subscribe_fn)(pti_callback_subscriber_handle*, int);
typedef pti_result (*unsubscribe_fn)(pti_callback_subscriber_handle);
typedef int (*int_fn)(void);
typedef int (*is_traced_fn)(uint32_t);

/* INTERNAL_EVENT records of this program's subscriber, by type. */
static int g_events[3];
static char g_last_event[256];
static void event_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                     void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain != PTI_CB_DOMAIN_INTERNAL_EVENT) return;
  const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
  if (d->_detail < 3) g_events[d->_detail]++;
  snprintf(g_last_event, sizeof g_last_event, "%s", d->_message);
}
static pti_callback_subscriber_handle events_subscribe(void) {
  memset(g_events, 0, sizeof g_events);
  g_last_event[0] = 0;
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, event_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  return h;
}

static void test_limit_is_the_largest_of_the_copies(void** state) {
  (void)state;
  pti_callback_subscriber_handle mine, more, theirs[3];
  assert_int_equal(ptiCallbackSubscribe(&mine, rec_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&more, rec_cb, NULL), PTI_ERROR_INTERNAL); /* this copy's 1 */
  void* lib = tool("libhub_c.so"); /* built with 64 */
  subscribe_fn subscribe;
  unsubscribe_fn unsubscribe;
  ENTRY(subscribe, lib, "hub_tool_subscribe");
  ENTRY(unsubscribe, lib, "hub_tool_unsubscribe");
  for (int i = 0; i < 3; i++) assert_int_equal(subscribe(&theirs[i], 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&more, rec_cb, NULL), PTI_SUCCESS); /* 64 for every copy */
  for (int i = 0; i < 3; i++) assert_int_equal(unsubscribe(theirs[i]), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(more), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(mine), PTI_SUCCESS);
}

static void test_is_traced_answers_as_the_active_copy(void** state) {
  (void)state;
  ptic_test_create_tracer(); /* the active copy now knows what the loader traces */
  is_traced_fn theirs;
  ENTRY(theirs, tool("libhub_c.so"), "hub_tool_is_traced");
  uint32_t n = 0;
  assert_int_equal(pticGetApiIds(NULL, &n), PTI_SUCCESS);
  uint32_t* ids = (uint32_t*)malloc(n * sizeof *ids);
  assert_non_null(ids);
  assert_int_equal(pticGetApiIds(ids, &n), PTI_SUCCESS);
  uint32_t untraceable = 0;
  for (uint32_t i = 0; i < n; i++) {
    const char* name = pticApiIdName(ids[i]);
    const int ze = strncmp(name, "ze", 2) == 0 && name[2] >= 'A' && name[2] <= 'Z';
    if (ze && !untraceable && !loader_offers(name + 2)) untraceable = ids[i];
    if (theirs(ids[i]) != pticApiIdIsTraced(ids[i])) fail_msg("%s: %d in the tool's copy", name, theirs(ids[i]));
  }
  free(ids);
  if (loader_traces_every_zeinit()) assert_int_not_equal(untraceable, 0); /* (loader 1.8 lacks spec 1.17's) */
  if (untraceable) { /* (the newest loader may trace them all) */
    assert_int_equal(pticApiIdIsTraced(untraceable), 0);
    assert_int_equal(theirs(untraceable), 0);
  }
}

static void test_throw_is_caught_by_the_subscribing_copy(void** state) {
  (void)state;
  void* lib = tool("libhub_cxx.so");
  subscribe_fn subscribe;
  unsubscribe_fn unsubscribe;
  ENTRY(subscribe, lib, "hub_tool_subscribe");
  ENTRY(unsubscribe, lib, "hub_tool_unsubscribe");
  int_fn records, throws;
  ENTRY(records, lib, "hub_tool_records");
  ENTRY(throws, lib, "hub_tool_throws");
  pti_callback_subscriber_handle events = events_subscribe(), thrower;
  assert_int_equal(subscribe(&thrower, 1), PTI_SUCCESS);
  ze_session_open(&S);
  for (int i = 0; i < 3; i++) ze_launch(S.imm, S.vmul, NULL);
  ze_drain(&S, S.imm);
  assert_int_equal(records(), 4); /* (three launches and the drain's barrier) */
  assert_int_equal(throws(), 4);
  assert_int_equal(g_events[PTI_INTERNAL_EVENT_TYPE_CRITICAL], 4);
  assert_non_null(strstr(g_last_event, "threw"));
  assert_int_equal(unsubscribe(thrower), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(events), PTI_SUCCESS);
  ze_session_close(&S);
}

static void test_other_layout_refuses_visibly(void** state) {
  (void)state;
  void* lib = tool("libhub_skew.so");
  subscribe_fn subscribe;
  is_traced_fn is_traced;
  ENTRY(subscribe, lib, "hub_tool_subscribe");
  ENTRY(is_traced, lib, "hub_tool_is_traced");
  pti_callback_subscriber_handle events = events_subscribe(), h = NULL;
  assert_int_equal(subscribe(&h, 0), PTIC_ERROR_INCOMPATIBLE_COPY);
  assert_null(h);
  assert_int_equal(g_events[PTI_INTERNAL_EVENT_TYPE_WARNING], 1);
  assert_non_null(strstr(g_last_event, "PTIC_ERROR_INCOMPATIBLE_COPY"));
  assert_int_equal(subscribe(&h, 0), PTIC_ERROR_INCOMPATIBLE_COPY);
  assert_int_equal(is_traced(zeInit_id), 0);
  assert_int_equal(g_events[PTI_INTERNAL_EVENT_TYPE_WARNING], 1); /* (said once) */
  assert_string_equal(ptiResultTypeToString(PTIC_ERROR_INCOMPATIBLE_COPY), "PTIC_ERROR_INCOMPATIBLE_COPY");
  assert_int_equal(ptiCallbackUnsubscribe(events), PTI_SUCCESS);
}

int main(int argc, char** argv) {
  g_dir = argc > 1 ? argv[1] : "build";
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_limit_is_the_largest_of_the_copies),
      cmocka_unit_test(test_is_traced_answers_as_the_active_copy),
      cmocka_unit_test(test_throw_is_caught_by_the_subscribing_copy),
      cmocka_unit_test(test_other_layout_refuses_visibly),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
