/* test_newest.c - the roles of the functions newer loaders trace (newest-loader leg only).

   Built against the newest Level Zero headers and run on the newest loader over the simulated
   device: every new function that puts work on a list is APPENDED and COMPLETED exactly once
   with device times; an immediate list running regular lists (zeCommandListImmediateAppend
   CommandListsExp) is DISPATCHED and COMPLETED per execution; zeCommandListHostSynchronize and
   zeDeviceSynchronize are HOST_SYNCHRONIZATION records whose EXIT delivers what they proved
   complete, as does zeEventQueryKernelTimestampsExt; DRIVER_API records carry PTI's id, or ours
   where PTI has none. The poller is off: every completion comes from a call's EXIT. */
#include "common.h"
#include "ze_sim.h"

typedef struct op {
  pti_callback_domain domain;
  pti_callback_phase phase;
  uint32_t api_id;
  uint64_t id;
  pti_gpu_operation_kind kind;
  char name[96];
  ptic_op_info info;
} op;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static op g_ops[4096];
static size_t g_n;
static ptic_sync_data g_sync[16];
static size_t g_nsync;
static uint32_t g_api_ids[64];
static size_t g_napi;
static ze_session S;
static ze_sim_hooks_t SIM;
static pti_callback_subscriber_handle H;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)ctx; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION) {
    if (g_nsync < 16) g_sync[g_nsync++] = *(const ptic_sync_data*)cb_data;
  } else if (domain == PTI_CB_DOMAIN_DRIVER_API) {
    const ptic_api_data* a = (const ptic_api_data*)cb_data;
    if (a->_phase == PTI_CB_PHASE_API_EXIT && g_napi < 64) g_api_ids[g_napi++] = a->_api_id;
  } else {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    for (uint32_t i = 0; i < g->_operation_count && g_n < 4096; i++) {
      op* o = &g_ops[g_n++];
      memset(o, 0, sizeof *o);
      o->domain = domain;
      o->phase = g->_phase;
      o->api_id = api_id;
      o->kind = g->_operation_details[i]._operation_kind;
      if (g->_operation_details[i]._name) snprintf(o->name, sizeof o->name, "%s", g->_operation_details[i]._name);
      pticGetOperationInfo(cb_data, i, &o->info);
      o->id = o->info.execution_id; /* executions of a regular list share the operation id */
    }
  }
  pthread_mutex_unlock(&g_lock);
}

static void reset(void) {
  pthread_mutex_lock(&g_lock);
  g_n = g_nsync = g_napi = 0;
  pthread_mutex_unlock(&g_lock);
}

static size_t count(pti_callback_domain d) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) k += g_ops[i].domain == d;
  pthread_mutex_unlock(&g_lock);
  return k;
}

/* The i-th record of a domain (APPENDED: EXIT phase only). */
static op nth(pti_callback_domain d, size_t i) {
  op out;
  memset(&out, 0, sizeof out);
  pthread_mutex_lock(&g_lock);
  for (size_t j = 0; j < g_n; j++) {
    if (g_ops[j].domain != d) continue;
    if (d == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && g_ops[j].phase != PTI_CB_PHASE_API_EXIT) continue;
    if (i-- == 0) {
      out = g_ops[j];
      break;
    }
  }
  pthread_mutex_unlock(&g_lock);
  return out;
}

/* A copy of the records so far (assertions never run under the lock: a failed one leaves). */
static op g_snap[4096];
static size_t snapshot(void) {
  pthread_mutex_lock(&g_lock);
  size_t n = g_n;
  memcpy(g_snap, g_ops, n * sizeof *g_ops);
  pthread_mutex_unlock(&g_lock);
  return n;
}

/* Every APPENDED (EXIT) or DISPATCHED operation was COMPLETED exactly once, with believable times. */
static void check_completed(size_t expected) {
  const size_t n = snapshot();
  size_t sources = 0, completed = 0;
  for (size_t i = 0; i < n; i++) {
    const op* o = &g_snap[i];
    if ((o->domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && o->phase == PTI_CB_PHASE_API_EXIT) ||
        (o->domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED && o->phase == PTI_CB_PHASE_API_EXIT))
      sources++;
    if (o->domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) continue;
    completed++;
    assert_int_equal(o->info.status, PTIC_OP_COMPLETED);
    assert_true(o->info.device_end >= o->info.device_start && o->info.end_ns >= o->info.start_ns);
    assert_true(o->info.start_ns > 0);
    size_t matches = 0;
    for (size_t j = 0; j < n; j++)
      matches += g_snap[j].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED && g_snap[j].id == o->id;
    assert_int_equal(matches, 1);
  }
  assert_int_equal(completed, expected);
  assert_int_equal(sources, expected);
}

static int setup(void** state) {
  (void)state;
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  assert_int_equal(pticSetPollInterval(0), PTI_SUCCESS); /* completions only at the calls' EXIT */
  assert_int_equal(ptiCallbackSubscribe(&H, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(H, PTI_CB_DOMAIN_DRIVER_HOST_SYNCHRONIZATION, 1, 1), PTI_SUCCESS);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  assert_int_equal(ptiCallbackUnsubscribe(H), PTI_SUCCESS);
  ze_session_close(&S);
  return 0;
}

static int before(void** state) {
  (void)state;
  ZE_CHECK(zeCommandListHostSynchronize(S.imm, UINT64_MAX));
  reset();
  return 0;
}

/* The launches of spec 1.14, then zeCommandListHostSynchronize: HOST_SYNCHRONIZATION of kind
   COMMAND_LIST, whose EXIT delivered every completion before the call returned. */
static void test_launch_with_arguments_and_parameters(void** state) {
  (void)state;
  ze_group_count_t groups = {1, 1, 1};
  ze_group_size_t sizes = {1, 1, 1};
  uint64_t values[8] = {0};
  void* args[8];
  for (int i = 0; i < 8; i++) args[i] = &values[i];
  ZE_CHECK(zeCommandListAppendLaunchKernelWithArguments(S.imm, S.vadd, groups, sizes, args, NULL, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendLaunchKernelWithParameters(S.imm, S.vmul, &groups, NULL, NULL, 0, NULL));
  assert_int_equal(count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), 0);
  ZE_CHECK(zeCommandListHostSynchronize(S.imm, UINT64_MAX));
  op a = nth(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0), b = nth(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1);
  assert_int_equal(a.kind, PTI_GPU_OPERATION_KIND_KERNEL);
  assert_string_equal(a.name, "vadd");
  assert_int_equal(a.api_id, zeCommandListAppendLaunchKernelWithArguments_id);
  assert_int_equal(b.kind, PTI_GPU_OPERATION_KIND_KERNEL);
  assert_string_equal(b.name, "vmul");
  assert_int_equal(b.api_id, zeCommandListAppendLaunchKernelWithParameters_id);
  check_completed(2); /* delivered by the sync's EXIT: the poller is off */
  assert_int_equal(g_nsync, 2);
  assert_int_equal(g_sync[1]._kind, PTIC_SYNC_COMMAND_LIST);
  assert_ptr_equal(g_sync[1]._object, S.imm);
  assert_int_equal(g_sync[1]._phase, PTI_CB_PHASE_API_EXIT);
}

/* Copy and fill with parameters (spec 1.16): memory operations named with their memory types;
   zeDeviceSynchronize (1.14) delivers them. */
static void test_copy_and_fill_with_parameters(void** state) {
  (void)state;
  enum { N = 4096 };
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void *host = NULL, *dev = NULL;
  ZE_CHECK(zeMemAllocHost(S.context, &hd, N, 64, &host));
  ZE_CHECK(zeMemAllocDevice(S.context, &dd, N, 64, S.device, &dev));
  memset(host, 0x5a, N);
  const uint8_t pattern = 0x77;
  ZE_CHECK(zeCommandListAppendMemoryFillWithParameters(S.imm, dev, &pattern, 1, N, NULL, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopyWithParameters(S.imm, host, dev, N, NULL, NULL, 0, NULL));
  ZE_CHECK(zeDeviceSynchronize(S.device));
  assert_int_equal(((uint8_t*)host)[0], 0x77); /* the application's bytes moved */
  assert_int_equal(((uint8_t*)host)[N - 1], 0x77);
  op f = nth(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0), c = nth(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1);
  assert_int_equal(f.kind, PTI_GPU_OPERATION_KIND_MEMORY);
  assert_string_equal(f.name, "zeCommandListAppendMemoryFillWithParameters(D)");
  assert_int_equal(c.kind, PTI_GPU_OPERATION_KIND_MEMORY);
  assert_string_equal(c.name, "zeCommandListAppendMemoryCopyWithParameters(D2H)");
  assert_int_equal(c.api_id, ptic_zeCommandListAppendMemoryCopyWithParameters_id);
  check_completed(2);
  assert_int_equal(g_nsync, 2);
  assert_int_equal(g_sync[1]._kind, PTIC_SYNC_DEVICE);
  assert_ptr_equal(g_sync[1]._object, S.device);
  ZE_CHECK(zeMemFree(S.context, host));
  ZE_CHECK(zeMemFree(S.context, dev));
}

/* Regular lists appended to an immediate list (spec 1.9), three times: DISPATCHED per execution
   with new ids, COMPLETED per executed operation. */
static void test_immediate_append_command_lists(void** state) {
  (void)state;
  const ze_kernel_handle_t k[2] = {S.vadd, S.vmul};
  ze_command_list_handle_t list = ze_closed_list(&S, 2, k);
  for (int i = 0; i < 3; i++) ZE_CHECK(zeCommandListImmediateAppendCommandListsExp(S.imm, 1, &list, NULL, 0, NULL));
  ZE_CHECK(zeCommandListHostSynchronize(S.imm, UINT64_MAX));
  assert_int_equal(count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED), 6);
  op d = nth(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0);
  assert_int_equal(d.api_id, zeCommandListImmediateAppendCommandListsExp_id);
  assert_string_equal(d.name, "vadd");
  /* the 2 appends to the regular list are APPENDED, but complete only when executed */
  const size_t n = snapshot();
  size_t completed = 0;
  for (size_t i = 0; i < n; i++) {
    if (g_snap[i].domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) continue;
    completed++;
    assert_int_equal(g_snap[i].info.status, PTIC_OP_COMPLETED);
    assert_true(g_snap[i].info.device_end >= g_snap[i].info.device_start && g_snap[i].info.start_ns > 0);
    size_t dispatched = 0;
    for (size_t j = 0; j < n; j++)
      dispatched += g_snap[j].domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED && g_snap[j].id == g_snap[i].id;
    assert_int_equal(dispatched, 1);
  }
  assert_int_equal(completed, 6);
  ZE_CHECK(zeCommandListDestroy(list));
}

/* zeEventQueryKernelTimestampsExt (spec 1.6) is a synchronisation point: at its EXIT, the
   operation it shows finished has been delivered. */
static void test_query_kernel_timestamps_ext(void** state) {
  (void)state;
  ze_event_pool_handle_t pool;
  ze_event_handle_t ev = ze_timestamp_event(&S, &pool);
  ze_launch(S.imm, S.vmul, ev);
  ZE_CHECK(SIM.WaitIdle(UINT64_MAX)); /* the device finished; no traced call noticed it */
  assert_int_equal(count(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED), 0);
  uint32_t n = 0;
  ZE_CHECK(zeEventQueryKernelTimestampsExt(ev, S.device, &n, NULL));
  check_completed(1);
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
}

/* zeInitDrivers (spec 1.10) reaches DRIVER_API with PTI's id. */
static void test_init_drivers_driver_api(void** state) {
  (void)state;
  assert_int_equal(pticEnableDriverApi(H, PTI_API_GROUP_LEVELZERO, zeInitDrivers_id, 0, 1), PTI_SUCCESS);
  uint32_t n = 0;
  ze_init_driver_type_desc_t desc = {ZE_STRUCTURE_TYPE_INIT_DRIVER_TYPE_DESC, NULL, ZE_INIT_DRIVER_TYPE_FLAG_GPU};
  ZE_CHECK(zeInitDrivers(&n, NULL, &desc));
  assert_true(n >= 1);
  assert_int_equal(pticDisableDriverApi(H, PTI_API_GROUP_LEVELZERO, zeInitDrivers_id), PTI_SUCCESS);
  assert_int_equal(g_napi, 1);
  assert_int_equal(g_api_ids[0], zeInitDrivers_id);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(test_launch_with_arguments_and_parameters, before),
      cmocka_unit_test_setup(test_copy_and_fill_with_parameters, before),
      cmocka_unit_test_setup(test_immediate_append_command_lists, before),
      cmocka_unit_test_setup(test_query_kernel_timestamps_ext, before),
      cmocka_unit_test_setup(test_init_drivers_driver_api, before),
  };
  return cmocka_run_group_tests_name("functions of the newest loaders", tests, setup, teardown);
}
