/* test_spirv.c - the library traces kernels of a real SPIR-V module (tests/sim/spirv_kernels.cl,
   SIM_SPV_PATH, built by sim.mk with clang-14 and llvm-spirv-14) as it traces those of the sim's
   text modules: MODULE_LOADED lists the module's entry points, KERNEL_CREATED and the APPENDED,
   DISPATCHED and COMPLETED operations name the kernel, and COMPLETED carries the device's times,
   which show the sim's duration for SPIR-V kernels. */
#include "common.h"
#include "ze_sim.h"

#ifndef SIM_SPV_PATH
#error "SIM_SPV_PATH: the SPIR-V module that sim.mk builds"
#endif

static ze_session S;
static ze_sim_hooks_t SIM;
static uint8_t* g_spv;
static size_t g_spv_size;

/* ---- what the subscriber saw ---- */

typedef struct srec {
  pti_callback_domain domain;
  pti_callback_phase phase;
  uint32_t count;        /* kernels of a module; operations of a record */
  char name[4][32];      /* kernel names of a module; the operation's or kernel's name */
  uint64_t kernel_handle;
  void* list;
  uint64_t device_start, device_end;
} srec;

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static srec g_recs[64];
static size_t g_n;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  srec r;
  memset(&r, 0, sizeof r);
  r.domain = domain;
  if (domain == PTI_CB_DOMAIN_DRIVER_MODULE_LOADED) {
    const ptic_module_data* d = (const ptic_module_data*)cb_data;
    r.phase = d->_phase;
    r.count = d->_kernel_count;
    for (uint32_t i = 0; i < d->_kernel_count && i < 4 && d->_kernel_names; i++)
      snprintf(r.name[i], sizeof r.name[i], "%s", d->_kernel_names[i]);
  } else if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED) {
    const pti_callback_kernel_data* k = (const pti_callback_kernel_data*)cb_data;
    r.phase = k->_phase;
    r.kernel_handle = k->_kernel_handle;
    if (k->_name) snprintf(r.name[0], sizeof r.name[0], "%s", k->_name);
  } else {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    ptic_op_info info;
    r.phase = g->_phase;
    r.count = g->_operation_count;
    r.list = g->_cmd_list_handle;
    if (g->_operation_count == 0) return; /* the ENTER of an append */
    r.kernel_handle = g->_operation_details[0]._kernel_handle;
    if (g->_operation_details[0]._name) snprintf(r.name[0], sizeof r.name[0], "%s", g->_operation_details[0]._name);
    if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED && pticGetOperationInfo(cb_data, 0, &info) == PTI_SUCCESS) {
      r.device_start = info.device_start;
      r.device_end = info.device_end;
    }
  }
  pthread_mutex_lock(&g_lock);
  if (g_n < sizeof g_recs / sizeof g_recs[0]) g_recs[g_n++] = r;
  pthread_mutex_unlock(&g_lock);
}

/* Records of domain d at phase p (0: any), in order (copied to out, at most max). */
static size_t select_recs(pti_callback_domain d, pti_callback_phase p, srec* out, size_t max) {
  size_t k = 0;
  pthread_mutex_lock(&g_lock);
  for (size_t i = 0; i < g_n; i++) {
    if (g_recs[i].domain != d || (p && g_recs[i].phase != p)) continue;
    if (k < max) out[k] = g_recs[i];
    k++;
  }
  pthread_mutex_unlock(&g_lock);
  return k;
}

/* ---- setup ---- */

static int setup(void** state) {
  (void)state;
  FILE* f = fopen(SIM_SPV_PATH, "rb");
  if (f == NULL) {
    fprintf(stderr, "test_spirv: %s is missing: sim.mk builds it from tests/sim/spirv_kernels.cl with clang-14 and "
                    "llvm-spirv-14 (apt-get install clang-14 llvm-spirv-14, as .ci/run does)\n", SIM_SPV_PATH);
    return -1;
  }
  assert_int_equal(fseek(f, 0, SEEK_END), 0);
  long size = ftell(f);
  assert_true(size > 20);
  rewind(f);
  g_spv_size = (size_t)size;
  g_spv = (uint8_t*)malloc(g_spv_size);
  assert_non_null(g_spv);
  assert_int_equal(fread(g_spv, 1, g_spv_size, f), g_spv_size);
  fclose(f);
  ptic_test_create_tracer();
  ze_session_open(&S);
  assert_int_equal(ze_sim_hooks_load(&SIM), 0);
  return 0;
}

static int teardown(void** state) {
  (void)state;
  ze_session_close(&S);
  free(g_spv);
  return 0;
}

/* The device ran the operation for the SPIR-V kernel duration (one tick of rounding). */
static void check_duration(const srec* r, uint64_t ns) {
  uint64_t ticks = ns * ZE_SIM_TICKS_PER_SECOND / 1000000000ull, took = r->device_end - r->device_start;
  assert_true(r->device_end >= r->device_start);
  if (took + 1 < ticks || took > ticks + 1)
    fail_msg("%s: %llu ticks, expected %llu", r->name[0], (unsigned long long)took, (unsigned long long)ticks);
}

static void test_spirv_kernels_traced(void** state) {
  (void)state;
  /* a duration of this test's own, so that the times are the SPIR-V module's */
  const uint64_t ns = 40000;
  uint64_t prev = SIM.SetSpirvKernelDuration(ns);
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);

  ze_module_desc_t md;
  memset(&md, 0, sizeof md);
  md.stype = ZE_STRUCTURE_TYPE_MODULE_DESC;
  md.format = ZE_MODULE_FORMAT_IL_SPIRV;
  md.inputSize = g_spv_size;
  md.pInputModule = g_spv;
  ze_module_handle_t m = NULL;
  ZE_CHECK(zeModuleCreate(S.context, S.device, &md, &m, NULL));
  SIM.SetSpirvKernelDuration(prev);
  ze_kernel_handle_t va = ze_kernel(m, "vector_add"), sx = ze_kernel(m, "saxpy");
  /* on the immediate list, and on a regular list executed twice */
  ze_launch(S.imm, va, NULL);
  ze_drain(&S, S.imm);
  ze_command_list_handle_t list = ze_closed_list(&S, 1, &sx);
  for (int i = 0; i < 2; i++) {
    ZE_CHECK(zeCommandQueueExecuteCommandLists(S.queue, 1, &list, NULL));
    ZE_CHECK(zeCommandQueueSynchronize(S.queue, UINT64_MAX));
  }
  assert_int_equal(pticFlush(UINT64_MAX), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);

  srec r[8];
  assert_int_equal(select_recs(PTI_CB_DOMAIN_DRIVER_MODULE_LOADED, PTI_CB_PHASE_API_EXIT, r, 8), 1);
  assert_int_equal(r[0].count, 3);
  assert_string_equal(r[0].name[0], "vector_add");
  assert_string_equal(r[0].name[1], "saxpy");
  assert_string_equal(r[0].name[2], "empty");

  srec kc[4];
  assert_int_equal(select_recs(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, PTI_CB_PHASE_API_EXIT, kc, 4), 2);
  assert_string_equal(kc[0].name[0], "vector_add");
  assert_string_equal(kc[1].name[0], "saxpy");
  assert_int_not_equal(kc[0].kernel_handle, 0);
  assert_int_not_equal(kc[0].kernel_handle, kc[1].kernel_handle);

  /* APPENDED: the immediate launch, the regular list's launch, and the drain's barrier */
  size_t na = select_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, r, 8);
  assert_int_equal(na, 3);
  assert_string_equal(r[0].name[0], "vector_add");
  assert_int_equal(r[0].kernel_handle, kc[0].kernel_handle);
  assert_ptr_equal(r[0].list, S.imm);
  assert_string_equal(r[2].name[0], "saxpy");
  assert_int_equal(r[2].kernel_handle, kc[1].kernel_handle);
  assert_ptr_equal(r[2].list, list);

  /* COMPLETED: vector_add once, saxpy per execution, each for the module's duration */
  size_t nc = select_recs(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, r, 8);
  size_t kernels = 0;
  for (size_t i = 0; i < nc; i++) {
    if (r[i].kernel_handle == 0) continue; /* the barrier */
    kernels++;
    assert_string_equal(r[i].name[0], r[i].kernel_handle == kc[0].kernel_handle ? "vector_add" : "saxpy");
    check_duration(&r[i], ns);
  }
  assert_int_equal(kernels, 3);

  ZE_CHECK(zeCommandListDestroy(list));
  ZE_CHECK(zeKernelDestroy(va));
  ZE_CHECK(zeKernelDestroy(sx));
  ZE_CHECK(zeModuleDestroy(m));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_spirv_kernels_traced),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
