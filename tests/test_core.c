/* test_core.c - the core of pti_callback.h on the simulated device: registry, bad input,
   APPENDED, KERNEL_CREATED / DESTROYED, phases, order, instance data, changes from callbacks. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"

#include <time.h>

static ze_session S;

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
  return 0;
}

static pti_callback_subscriber_handle subscribe_tag(int tag) {
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(&h, rec_cb, (void*)(intptr_t)tag), PTI_SUCCESS);
  assert_non_null(h);
  return h;
}

/* ---- strings and bad input ---- */

static void test_strings(void** state) {
  (void)state;
  assert_string_equal(ptiCallbackDomainTypeToString(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED),
                      "PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED");
  assert_string_equal(ptiCallbackDomainTypeToString(PTI_CB_DOMAIN_DRIVER_API), "PTI_CB_DOMAIN_DRIVER_API");
  assert_string_equal(ptiCallbackDomainTypeToString((pti_callback_domain)77), "INVALID");
  assert_string_equal(ptiCallbackPhaseTypeToString(PTI_CB_PHASE_API_EXIT), "PTI_CB_PHASE_API_EXIT");
  assert_string_equal(ptiCallbackPhaseTypeToString((pti_callback_phase)9), "INVALID");
  assert_string_equal(ptiResultTypeToString(PTI_ERROR_BAD_ARGUMENT), "PTI_ERROR_BAD_ARGUMENT");
  assert_string_equal(ptiResultTypeToString((pti_result)12345), "INVALID");
}

static void test_bad_subscribe(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = NULL;
  assert_int_equal(ptiCallbackSubscribe(NULL, rec_cb, NULL), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackSubscribe(&h, NULL, NULL), PTI_ERROR_BAD_ARGUMENT);
  assert_null(h);
}

static void expect_bad_handle(pti_callback_subscriber_handle h) {
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                   PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 1, 1),
                   PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED),
                   PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackDisableAllDomains(h), PTI_ERROR_BAD_ARGUMENT);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_ERROR_BAD_ARGUMENT);
}

static void test_bad_handles(void** state) {
  (void)state;
  expect_bad_handle(NULL);
  expect_bad_handle((pti_callback_subscriber_handle)(uintptr_t)0x1234);
  expect_bad_handle((pti_callback_subscriber_handle)(uintptr_t)0x5e00000000000101ull);
  expect_bad_handle((pti_callback_subscriber_handle)(uintptr_t)UINTPTR_MAX);
  int local = 0;
  expect_bad_handle((pti_callback_subscriber_handle)(void*)&local);
  /* stale: unsubscribed, then its slot reused by another subscriber */
  pti_callback_subscriber_handle a = subscribe_tag(1);
  assert_int_equal(ptiCallbackUnsubscribe(a), PTI_SUCCESS);
  expect_bad_handle(a); /* double unsubscribe included */
  pti_callback_subscriber_handle b = subscribe_tag(2);
  assert_ptr_not_equal(a, b);
  expect_bad_handle(a);
  assert_int_equal(ptiCallbackUnsubscribe(b), PTI_SUCCESS);
}

static void test_bad_domains(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  const uint32_t bad[] = {0, 10, 100, 1022, 1026, 5000, 0x7fffffff, 0xffffffffu};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    assert_int_equal(ptiCallbackEnableDomain(h, (pti_callback_domain)bad[i], 1, 1), PTI_ERROR_BAD_ARGUMENT);
    assert_int_equal(ptiCallbackDisableDomain(h, (pti_callback_domain)bad[i]), PTI_ERROR_BAD_ARGUMENT);
  }
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 0),
                   PTI_ERROR_BAD_ARGUMENT);
  /* single-phase domains ignore the phase flags, as PTI documents: COMPLETED is its EXIT,
     INTERNAL_EVENT its one phase, whatever is asked (even 0, 0) */
  const pti_callback_domain single[] = {PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, PTI_CB_DOMAIN_INTERNAL_EVENT};
  const uint32_t flags[][2] = {{1, 0}, {0, 0}, {0, 1}, {1, 1}};
  for (size_t d = 0; d < 2; d++) {
    for (size_t i = 0; i < 4; i++) {
      uint32_t e = 9, x = 9;
      assert_int_equal(ptiCallbackEnableDomain(h, single[d], flags[i][0], flags[i][1]), PTI_SUCCESS);
      assert_int_equal(pticGetDomainState(h, single[d], &e, &x), PTI_SUCCESS);
      assert_int_equal(x, 1);
      assert_int_equal(e, d == 0 ? 0u : 1u); /* COMPLETED has no ENTER */
      assert_int_equal(ptiCallbackDisableDomain(h, single[d]), PTI_SUCCESS);
    }
  }
  /* disabling a domain that is not enabled is fine */
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED), PTI_SUCCESS);
  assert_int_equal(ptiCallbackDisableAllDomains(h), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static void test_max_subscribers(void** state) {
  (void)state;
  pti_callback_subscriber_handle h[PTIC_MAX_SUBSCRIBERS + 1];
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++) h[i] = subscribe_tag(i);
  assert_int_equal(ptiCallbackSubscribe(&h[PTIC_MAX_SUBSCRIBERS], rec_cb, NULL), PTI_ERROR_INTERNAL);
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++)
    for (int j = 0; j < i; j++) assert_ptr_not_equal(h[i], h[j]);
  for (int i = 0; i < PTIC_MAX_SUBSCRIBERS; i++) assert_int_equal(ptiCallbackUnsubscribe(h[i]), PTI_SUCCESS);
  pti_callback_subscriber_handle again = subscribe_tag(0);
  assert_int_equal(ptiCallbackUnsubscribe(again), PTI_SUCCESS);
}

/* ---- APPENDED ---- */

static void test_append_kernel_immediate(void** state) {
  (void)state;
  rec_reset();
  pti_callback_subscriber_handle h = subscribe_tag(7);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  ze_launch(S.imm, S.vadd, NULL);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_launch(S.imm, S.vadd, NULL); /* not seen */

  rec r[4];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, r, 4), 2);
  assert_int_equal(rec_count(), 2);
  assert_int_equal(r[0].phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(r[1].phase, PTI_CB_PHASE_API_EXIT);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(r[i].tag, 7);
    assert_int_equal(r[i].api_id, zeCommandListAppendLaunchKernel_id);
    assert_ptr_equal(r[i].ctx, S.context);
    assert_int_equal(r[i].gpu._domain, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED);
    assert_ptr_equal(r[i].gpu._cmd_list_handle, S.imm);
    assert_int_equal(r[i].gpu._cmd_list_properties, PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE);
    assert_ptr_equal(r[i].gpu._queue_handle, S.imm);
    assert_ptr_equal(r[i].gpu._device_handle, S.device);
    assert_int_equal(r[i].gpu._operation_count, 1);
    assert_int_equal(r[i].op[0]._operation_kind, PTI_GPU_OPERATION_KIND_KERNEL);
    assert_string_equal(r[i].name, "vadd");
  }
  assert_int_not_equal(r[0].corr, 0);
  assert_int_equal(r[0].corr, r[1].corr);
  assert_int_equal(r[0].ret, 0);
  assert_int_equal(r[1].ret, ZE_RESULT_SUCCESS);
  assert_true(r[0].op[0]._operation_id != 0);
  assert_true(r[0].op[0]._operation_id == r[1].op[0]._operation_id);
  assert_true(r[0].op[0]._kernel_handle != 0);
  assert_true(r[0].op[0]._kernel_handle == r[1].op[0]._kernel_handle);
  rec_reset();
}

static size_t count_phase(pti_callback_phase p) {
  rec r[1];
  return rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, p, -1, r, 0);
}

static void test_phase_selection(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  rec_reset();
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(count_phase(PTI_CB_PHASE_API_ENTER), 1);
  assert_int_equal(count_phase(PTI_CB_PHASE_API_EXIT), 0);
  rec_reset();
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(count_phase(PTI_CB_PHASE_API_ENTER), 0);
  assert_int_equal(count_phase(PTI_CB_PHASE_API_EXIT), 1);
  rec_reset();
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(rec_count(), 0);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 7, 9), PTI_SUCCESS);
  assert_int_equal(ptiCallbackDisableAllDomains(h), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(rec_count(), 0);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
}

static void test_append_memory_names(void** state) {
  (void)state;
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void *host = NULL, *dev = NULL, *shared = NULL;
  ZE_CHECK(zeMemAllocHost(S.context, &hd, 256, 64, &host));
  ZE_CHECK(zeMemAllocDevice(S.context, &dd, 256, 64, S.device, &dev));
  ZE_CHECK(zeMemAllocShared(S.context, &dd, &hd, 256, 64, S.device, &shared));
  char* plain = (char*)malloc(256);
  memset(plain, 1, 256);

  pti_callback_subscriber_handle h = subscribe_tag(1);
  rec_reset();
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, dev, host, 256, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, host, dev, 256, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, dev, plain, 256, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopy(S.imm, shared, (char*)dev + 16, 128, NULL, 0, NULL));
  uint32_t pattern = 0xabcdef01;
  ZE_CHECK(zeCommandListAppendMemoryFill(S.imm, dev, &pattern, sizeof pattern, 256, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendBarrier(S.imm, NULL, 0, NULL));
  const void* ranges[1] = {dev};
  size_t sizes[1] = {256};
  ZE_CHECK(zeCommandListAppendMemoryRangesBarrier(S.imm, 1, sizes, ranges, NULL, 0, NULL));
  ze_copy_region_t region = {0, 0, 0, 16, 1, 1};
  ZE_CHECK(zeCommandListAppendMemoryCopyRegion(S.imm, host, &region, 16, 0, dev, &region, 16, 0, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopyFromContext(S.imm, host, S.context, shared, 64, NULL, 0, NULL));

  rec r[16];
  size_t n = rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_ENTER, -1, r, 16);
  assert_int_equal(n, 9);
  assert_string_equal(r[0].name, "zeCommandListAppendMemoryCopy(H2D)");
  assert_string_equal(r[1].name, "zeCommandListAppendMemoryCopy(D2H)");
  assert_string_equal(r[2].name, "zeCommandListAppendMemoryCopy(M2D)");
  assert_string_equal(r[3].name, "zeCommandListAppendMemoryCopy(D2S)");
  assert_string_equal(r[4].name, "zeCommandListAppendMemoryFill(D)");
  assert_string_equal(r[5].name, "zeCommandListAppendBarrier");
  assert_string_equal(r[6].name, "zeCommandListAppendMemoryRangesBarrier");
  assert_string_equal(r[7].name, "zeCommandListAppendMemoryCopyRegion(D2H)");
  assert_string_equal(r[8].name, "zeCommandListAppendMemoryCopyFromContext(S2H)");
  for (int i = 0; i < 5; i++) assert_int_equal(r[i].op[0]._operation_kind, PTI_GPU_OPERATION_KIND_MEMORY);
  assert_int_equal(r[5].op[0]._operation_kind, PTI_GPU_OPERATION_KIND_OTHER);
  assert_int_equal(r[6].op[0]._operation_kind, PTI_GPU_OPERATION_KIND_OTHER);
  for (int i = 0; i < 9; i++) {
    assert_true(r[i].op[0]._kernel_handle == 0);
    assert_int_equal(r[i].api_id, i < 4 ? zeCommandListAppendMemoryCopy_id
                                  : i == 4 ? zeCommandListAppendMemoryFill_id
                                  : i == 5 ? zeCommandListAppendBarrier_id
                                  : i == 6 ? zeCommandListAppendMemoryRangesBarrier_id
                                  : i == 7 ? zeCommandListAppendMemoryCopyRegion_id
                                           : zeCommandListAppendMemoryCopyFromContext_id);
    for (int j = 0; j < i; j++) assert_true(r[i].op[0]._operation_id != r[j].op[0]._operation_id);
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  free(plain);
  ZE_CHECK(zeMemFree(S.context, host));
  ZE_CHECK(zeMemFree(S.context, dev));
  ZE_CHECK(zeMemFree(S.context, shared));
  rec_reset();
}

static void test_append_regular_list(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  rec_reset();
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  ze_launch(S.list, S.vadd, NULL);
  ze_group_count_t g = {1, 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchCooperativeKernel(S.list, S.vmul, &g, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendLaunchKernelIndirect(S.list, S.vadd, &g, NULL, 0, NULL));
  ZE_CHECK(zeCommandListClose(S.list));
  ZE_CHECK(zeCommandListReset(S.list));
  rec r[4];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, -1, r, 4), 3);
  const uint32_t ids[3] = {zeCommandListAppendLaunchKernel_id, zeCommandListAppendLaunchCooperativeKernel_id,
                           zeCommandListAppendLaunchKernelIndirect_id};
  const char* names[3] = {"vadd", "vmul", "vadd"};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(r[i].api_id, ids[i]);
    assert_string_equal(r[i].name, names[i]);
    assert_int_equal(r[i].gpu._cmd_list_properties, 0);
    assert_ptr_equal(r[i].gpu._cmd_list_handle, S.list);
    assert_null(r[i].gpu._queue_handle);
    assert_ptr_equal(r[i].gpu._device_handle, S.device);
    assert_ptr_equal(r[i].ctx, S.context);
    assert_int_equal(r[i].ret, ZE_RESULT_SUCCESS);
  }
  assert_true(r[0].op[0]._kernel_handle == r[2].op[0]._kernel_handle);
  assert_true(r[0].op[0]._kernel_handle != r[1].op[0]._kernel_handle);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  rec_reset();
}

static void test_kernel_handle_identity(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  ze_kernel_handle_t vadd2 = ze_kernel(S.module, "vadd");
  ze_module_handle_t m2 = ze_module_from_text(&S, ze_test_module_text);
  ze_kernel_handle_t vadd3 = ze_kernel(m2, "vadd");
  rec_reset();
  ze_launch(S.imm, S.vadd, NULL);
  ze_launch(S.imm, vadd2, NULL);
  ze_launch(S.imm, S.vmul, NULL);
  ze_launch(S.imm, vadd3, NULL);
  rec r[4];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_ENTER, -1, r, 4), 4);
  assert_true(r[0].op[0]._kernel_handle == r[1].op[0]._kernel_handle);
  assert_true(r[0].op[0]._kernel_handle != r[2].op[0]._kernel_handle);
  assert_true(r[0].op[0]._kernel_handle != r[3].op[0]._kernel_handle);
  assert_string_equal(r[3].name, "vadd");
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  ZE_CHECK(zeKernelDestroy(vadd2));
  ZE_CHECK(zeKernelDestroy(vadd3));
  ZE_CHECK(zeModuleDestroy(m2));
  rec_reset();
}

static void test_multiple_kernels_indirect(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  rec_reset();
  ze_kernel_handle_t ks[3] = {S.vadd, S.vmul, S.vadd};
  ze_group_count_t groups[3] = {{1, 1, 1}, {2, 1, 1}, {1, 2, 1}};
  uint32_t count = 3;
  ZE_CHECK(zeCommandListAppendLaunchMultipleKernelsIndirect(S.imm, 3, ks, &count, groups, NULL, 0, NULL));
  rec r[2];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, r, 2), 2);
  for (int p = 0; p < 2; p++) {
    assert_int_equal(r[p].gpu._operation_count, 3);
    assert_int_equal(r[p].api_id, zeCommandListAppendLaunchMultipleKernelsIndirect_id);
    assert_int_equal(r[p].op[1]._operation_kind, PTI_GPU_OPERATION_KIND_KERNEL);
    assert_string_equal(r[p].op[1]._name, "vmul");
  }
  assert_true(r[0].op[0]._operation_id != r[0].op[1]._operation_id);
  assert_true(r[0].op[1]._operation_id != r[0].op[2]._operation_id);
  assert_true(r[0].op[2]._operation_id == r[1].op[2]._operation_id);
  assert_true(r[0].op[0]._kernel_handle == r[0].op[2]._kernel_handle);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  rec_reset();
}

static void test_return_code_passthrough(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  rec_reset();
  ze_group_count_t g = {1, 1, 1};
  ze_result_t r0 = zeCommandListAppendLaunchKernel(S.imm, NULL, &g, NULL, 0, NULL);
  assert_int_not_equal(r0, ZE_RESULT_SUCCESS);
  ze_result_t r1 = zeCommandListAppendMemoryCopy(S.imm, NULL, NULL, 16, NULL, 0, NULL);
  assert_int_not_equal(r1, ZE_RESULT_SUCCESS);
  rec r[4];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT, -1, r, 4), 2);
  assert_int_equal(r[0].ret, r0);
  assert_int_equal(r[1].ret, r1);
  assert_int_equal(r[0].op[0]._operation_kind, PTI_GPU_OPERATION_KIND_KERNEL);
  assert_null(r[0].op[0]._name);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  rec_reset();
}

/* ---- KERNEL_CREATED / DESTROYED ---- */

static void test_kernel_lifecycle(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  rec_reset();
  ze_kernel_handle_t k = ze_kernel(S.module, "noop");
  ze_launch(S.imm, k, NULL);
  assert_int_equal(ptiCallbackDisableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  ZE_CHECK(zeKernelDestroy(k));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "no_such_kernel"};
  ze_kernel_handle_t bad = NULL;
  ze_result_t rbad = zeKernelCreate(S.module, &kd, &bad);
  assert_int_not_equal(rbad, ZE_RESULT_SUCCESS);

  rec c[4], d[2], a[1];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 0, -1, c, 4), 4);
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, 0, -1, d, 2), 2);
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, a, 1), 1);
  /* create: ENTER then EXIT */
  assert_int_equal(c[0].phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(c[1].phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(c[0].api_id, zeKernelCreate_id);
  assert_int_equal(c[0].corr, c[1].corr);
  assert_int_not_equal(c[0].corr, 0);
  assert_string_equal(c[0].name, "noop");
  assert_string_equal(c[1].name, "noop");
  assert_ptr_equal(c[0].kern._module_handle, S.module);
  assert_ptr_equal(c[0].kern._device_handle, S.device);
  assert_ptr_equal(c[0].ctx, S.context);
  assert_null(c[0].kern._device_kernel_handle);
  assert_ptr_equal(c[1].kern._device_kernel_handle, k);
  assert_int_equal(c[1].ret, ZE_RESULT_SUCCESS);
  assert_true(c[1].kern._kernel_handle != 0);
  assert_true(c[1].kern._kernel_handle == a[0].op[0]._kernel_handle);
  /* destroy */
  assert_int_equal(d[0].phase, PTI_CB_PHASE_API_ENTER);
  assert_int_equal(d[1].phase, PTI_CB_PHASE_API_EXIT);
  assert_int_equal(d[0].api_id, zeKernelDestroy_id);
  assert_int_equal(d[0].corr, d[1].corr);
  assert_ptr_equal(d[0].kern._device_kernel_handle, k);
  assert_string_equal(d[0].name, "noop");
  assert_ptr_equal(d[0].kern._module_handle, S.module);
  assert_true(d[0].kern._kernel_handle == c[1].kern._kernel_handle);
  assert_int_equal(d[1].ret, ZE_RESULT_SUCCESS);
  /* failed create */
  assert_string_equal(c[2].name, "no_such_kernel");
  assert_int_equal(c[3].ret, rbad);
  assert_null(c[3].kern._device_kernel_handle);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  rec_reset();
}

/* ---- several subscribers ---- */

static void test_subscriber_order(void** state) {
  (void)state;
  pti_callback_subscriber_handle h[3];
  for (int i = 0; i < 3; i++) {
    h[i] = subscribe_tag(i + 1);
    assert_int_equal(ptiCallbackEnableDomain(h[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  }
  /* re-subscribing the first one moves it last */
  assert_int_equal(ptiCallbackUnsubscribe(h[0]), PTI_SUCCESS);
  h[0] = subscribe_tag(4);
  assert_int_equal(ptiCallbackEnableDomain(h[0], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  rec_reset();
  ze_launch(S.imm, S.vmul, NULL);
  rec r[6];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, r, 6), 6);
  const int tags[6] = {2, 3, 4, 4, 3, 2};
  for (int i = 0; i < 6; i++) {
    assert_int_equal(r[i].tag, tags[i]);
    assert_int_equal(r[i].phase, i < 3 ? PTI_CB_PHASE_API_ENTER : PTI_CB_PHASE_API_EXIT);
    assert_int_equal(r[i].corr, r[0].corr);
    assert_true(r[i].op[0]._operation_id == r[0].op[0]._operation_id);
  }
  for (int i = 0; i < 3; i++) assert_int_equal(ptiCallbackUnsubscribe(h[i]), PTI_SUCCESS);
  rec_reset();
}

/* Instance data: each subscriber stores a value at ENTER and must read it back at EXIT. */
typedef struct inst_check {
  int salt;
  uint64_t mismatches, enters, exits, nonnull_enter;
} inst_check;
static inst_check g_inst[2];

static void inst_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)domain;
  inst_check* c = (inst_check*)user;
  pti_callback_gpu_op_data* g = (pti_callback_gpu_op_data*)cb_data;
  uintptr_t want = ((uintptr_t)g->_operation_details[0]._operation_id << 4) | (uintptr_t)c->salt;
  if (g->_phase == PTI_CB_PHASE_API_ENTER) {
    if (*instance != NULL) __atomic_add_fetch(&c->nonnull_enter, 1, __ATOMIC_RELAXED);
    *instance = (void*)want;
    __atomic_add_fetch(&c->enters, 1, __ATOMIC_RELAXED);
  } else {
    if (*instance != (void*)want) __atomic_add_fetch(&c->mismatches, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&c->exits, 1, __ATOMIC_RELAXED);
  }
}

#define INST_THREADS 4
#define INST_CALLS 300

static void* inst_worker(void* arg) {
  ze_command_list_handle_t list = (ze_command_list_handle_t)arg;
  for (int i = 0; i < INST_CALLS; i++) ze_launch(list, (i & 1) ? S.vmul : S.vadd, NULL);
  return NULL;
}

static void test_instance_data_threads(void** state) {
  (void)state;
  pti_callback_subscriber_handle h[2];
  memset(g_inst, 0, sizeof g_inst);
  for (int i = 0; i < 2; i++) {
    g_inst[i].salt = i + 1;
    assert_int_equal(ptiCallbackSubscribe(&h[i], inst_cb, &g_inst[i]), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(h[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  }
  ze_command_list_handle_t lists[INST_THREADS];
  pthread_t th[INST_THREADS];
  for (int i = 0; i < INST_THREADS; i++) {
    lists[i] = ze_immediate_list(S.context, S.device, 0);
    assert_int_equal(pthread_create(&th[i], NULL, inst_worker, lists[i]), 0);
  }
  for (int i = 0; i < INST_THREADS; i++) pthread_join(th[i], NULL);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(ptiCallbackUnsubscribe(h[i]), PTI_SUCCESS);
    assert_int_equal(g_inst[i].enters, INST_THREADS * INST_CALLS);
    assert_int_equal(g_inst[i].exits, INST_THREADS * INST_CALLS);
    assert_int_equal(g_inst[i].mismatches, 0);
    assert_int_equal(g_inst[i].nonnull_enter, 0);
  }
  for (int i = 0; i < INST_THREADS; i++) {
    ze_drain(&S, lists[i]);
    ZE_CHECK(zeCommandListDestroy(lists[i]));
  }
}

/* Instance data is the subscription's, not the slot's: a subscriber that takes, during a call,
   the slot of one that received the call's ENTER gets no instance data at its EXIT (NULL), and
   the others keep theirs. In the keeper's ENTER callback the first subscriber goes and a new one
   takes its slot; the EXIT then goes to the new one alone or to it and the keeper: the delivery
   to one subscriber and the loop for several. */
typedef struct reuse_state {
  pti_callback_subscriber_handle first, keeper, taker;
  uint64_t taker_exits, taker_nonnull, keeper_exits, keeper_mismatch, first_exits;
} reuse_state;
static reuse_state g_reuse;

static void reuse_first_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                           pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)user;
  if (((pti_callback_gpu_op_data*)cb_data)->_phase == PTI_CB_PHASE_API_ENTER) *instance = (void*)(uintptr_t)0xf1257;
  else g_reuse.first_exits++;
}
static void reuse_taker_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                           pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)user;
  if (((pti_callback_gpu_op_data*)cb_data)->_phase != PTI_CB_PHASE_API_EXIT) return;
  g_reuse.taker_exits++;
  if (*instance != NULL) g_reuse.taker_nonnull++;
}
static void reuse_keeper_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                            pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)user;
  if (((pti_callback_gpu_op_data*)cb_data)->_phase == PTI_CB_PHASE_API_ENTER) {
    *instance = (void*)(uintptr_t)0x6ee9;
    assert_int_equal(ptiCallbackUnsubscribe(g_reuse.first), PTI_SUCCESS);
    assert_int_equal(ptiCallbackSubscribe(&g_reuse.taker, reuse_taker_cb, NULL), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_reuse.taker, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                     PTI_SUCCESS);
    return;
  }
  g_reuse.keeper_exits++;
  if (*instance != (void*)(uintptr_t)0x6ee9) g_reuse.keeper_mismatch++;
}

static void test_instance_data_of_a_reused_slot(void** state) {
  (void)state;
  for (uint32_t keeper_exit = 0; keeper_exit < 2; keeper_exit++) {
    memset(&g_reuse, 0, sizeof g_reuse);
    assert_int_equal(ptiCallbackSubscribe(&g_reuse.first, reuse_first_cb, NULL), PTI_SUCCESS);
    assert_int_equal(ptiCallbackSubscribe(&g_reuse.keeper, reuse_keeper_cb, NULL), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_reuse.first, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                     PTI_SUCCESS);
    assert_int_equal(
        ptiCallbackEnableDomain(g_reuse.keeper, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, keeper_exit),
        PTI_SUCCESS);
    ze_launch(S.imm, S.vmul, NULL);
    assert_int_equal(ptiCallbackUnsubscribe(g_reuse.taker), PTI_SUCCESS);
    assert_int_equal(ptiCallbackUnsubscribe(g_reuse.keeper), PTI_SUCCESS);
    /* the premise: the new subscriber took the first one's slot (a handle's low byte is its slot) */
    assert_int_equal((uintptr_t)g_reuse.taker & 0xffu, (uintptr_t)g_reuse.first & 0xffu);
    assert_int_equal(g_reuse.first_exits, 0);
    assert_int_equal(g_reuse.taker_exits, 1);
    assert_int_equal(g_reuse.taker_nonnull, 0);
    assert_int_equal(g_reuse.keeper_exits, keeper_exit);
    assert_int_equal(g_reuse.keeper_mismatch, 0);
  }
  ze_drain(&S, S.imm);
}

/* A subscriber with EXIT alone finds its instance data NULL at every EXIT, whatever it wrote
   there at the EXIT of an earlier call (alone in the EXIT list, and with another subscriber). */
static uint64_t g_exit_only_calls, g_exit_only_nonnull;
static void exit_only_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                         pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user;
  g_exit_only_calls++;
  if (*instance != NULL) g_exit_only_nonnull++;
  *instance = (void*)(uintptr_t)0xe1;
}

static void test_instance_data_exit_only(void** state) {
  (void)state;
  g_exit_only_calls = g_exit_only_nonnull = 0;
  pti_callback_subscriber_handle x, other;
  assert_int_equal(ptiCallbackSubscribe(&x, exit_only_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(x, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  for (int i = 0; i < 3; i++) ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(ptiCallbackSubscribe(&other, rec_cb, (void*)(intptr_t)5), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(other, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  for (int i = 0; i < 3; i++) ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(ptiCallbackUnsubscribe(other), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(x), PTI_SUCCESS);
  assert_int_equal(g_exit_only_calls, 6);
  assert_int_equal(g_exit_only_nonnull, 0);
  ze_drain(&S, S.imm);
  rec_reset();
}

/* ---- changes from inside callbacks ---- */

static pti_callback_subscriber_handle g_self;
static int g_self_calls;

static void self_unsub_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                          pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  g_self_calls++;
  assert_int_equal(ptiCallbackUnsubscribe(g_self), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(g_self), PTI_ERROR_BAD_ARGUMENT);
}

static void test_unsubscribe_self_in_callback(void** state) {
  (void)state;
  g_self_calls = 0;
  assert_int_equal(ptiCallbackSubscribe(&g_self, self_unsub_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_self, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(g_self_calls, 1); /* ENTER only: no EXIT after the unsubscribe */
  assert_int_equal(ptiCallbackEnableDomain(g_self, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                   PTI_ERROR_BAD_ARGUMENT);
}

/* ptiCallbackUnsubscribe from inside a callback does not wait for the subscriber's callbacks
   running on other threads: one of them may wait for this thread (here: W's callback on thread B
   waits until U's callback on the main thread has unsubscribed W). */
static pti_callback_subscriber_handle g_w, g_u;
static pthread_t g_b_thread;
static int g_b_in_w, g_a_done, g_b_timed_out;

static void w_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                 pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  if (!pthread_equal(pthread_self(), g_b_thread)) return;
  __atomic_store_n(&g_b_in_w, 1, __ATOMIC_SEQ_CST);
  for (int i = 0; i < 3000 && !__atomic_load_n(&g_a_done, __ATOMIC_SEQ_CST); i++) {
    struct timespec ts = {0, 1000000};
    nanosleep(&ts, NULL);
  }
  if (!__atomic_load_n(&g_a_done, __ATOMIC_SEQ_CST)) __atomic_store_n(&g_b_timed_out, 1, __ATOMIC_SEQ_CST);
}

static void u_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                 pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)user; (void)instance;
  if (pthread_equal(pthread_self(), g_b_thread) || __atomic_load_n(&g_a_done, __ATOMIC_SEQ_CST)) return;
  assert_int_equal(ptiCallbackUnsubscribe(g_w), PTI_SUCCESS);
  __atomic_store_n(&g_a_done, 1, __ATOMIC_SEQ_CST);
}

static void* b_launcher(void* arg) {
  ze_launch((ze_command_list_handle_t)arg, S.vmul, NULL);
  return NULL;
}

static void test_unsubscribe_in_callback_does_not_wait(void** state) {
  (void)state;
  ze_command_list_handle_t lb = ze_immediate_list(S.context, S.device, 0);
  g_b_in_w = g_a_done = g_b_timed_out = 0;
  assert_int_equal(ptiCallbackSubscribe(&g_w, w_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&g_u, u_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_w, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_u, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  assert_int_equal(pthread_create(&g_b_thread, NULL, b_launcher, lb), 0);
  while (!__atomic_load_n(&g_b_in_w, __ATOMIC_SEQ_CST)) sched_yield();
  ze_launch(S.imm, S.vmul, NULL); /* W (not on B: returns), then U: unsubscribes W */
  assert_int_equal(pthread_join(g_b_thread, NULL), 0);
  assert_int_equal(__atomic_load_n(&g_a_done, __ATOMIC_SEQ_CST), 1);
  assert_int_equal(g_b_timed_out, 0); /* the unsubscribe did not wait for W's callback on B */
  assert_int_equal(ptiCallbackUnsubscribe(g_u), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  ze_drain(&S, lb);
  ZE_CHECK(zeCommandListDestroy(lb));
}

/* A callback that changes subscriptions in the middle of a delivery: every subscriber still gets
   the record once (the delivery goes on through the general path for those not called yet). */
static pti_callback_subscriber_handle g_mid_a, g_mid_b;
static int g_mid_a_calls, g_mid_b_calls;

static void mid_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                   pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)instance;
  if (domain != PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) return;
  if (user == &g_mid_a_calls) {
    if (g_mid_a_calls++ == 0) /* a change of B's in A's callback, before B is called */
      assert_int_equal(ptiCallbackEnableDomain(g_mid_b, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), PTI_SUCCESS);
  } else {
    g_mid_b_calls++;
  }
}

static void test_change_mid_delivery_once_each(void** state) {
  (void)state;
  g_mid_a_calls = g_mid_b_calls = 0;
  assert_int_equal(ptiCallbackSubscribe(&g_mid_a, mid_cb, &g_mid_a_calls), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&g_mid_b, mid_cb, &g_mid_b_calls), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_mid_a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_mid_b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(g_mid_a_calls, 1);
  assert_int_equal(g_mid_b_calls, 1);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(g_mid_a_calls, 2);
  assert_int_equal(g_mid_b_calls, 2);
  assert_int_equal(ptiCallbackUnsubscribe(g_mid_a), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(g_mid_b), PTI_SUCCESS);
  ze_drain(&S, S.imm);
}

/* A subscription made in a callback moves every later subscriber one place on in the EXIT list
   (newest first): the subscriber being called then shows up again at the next place. It is
   called once all the same, at ENTER and at EXIT, and so are the others. So is the last one of
   a delivery when it unsubscribes one called before it (the list then ends before its place). */
static int g_shift_calls[3][2]; /* [subscriber][0 ENTER, 1 EXIT] */
static pti_callback_subscriber_handle g_shift_new, g_shift_h[3];
/* 1, 2: B subscribes someone at ENTER, at EXIT; 3: A, the last at EXIT, unsubscribes C there;
   4: C, the last at ENTER, unsubscribes A there */
static int g_shift_phase;
static void shift_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)instance;
  const int who = (int)(intptr_t)user, exit_phase = ((pti_callback_gpu_op_data*)cb_data)->_phase == PTI_CB_PHASE_API_EXIT;
  if (who < 0) return; /* the new subscriber */
  if (g_shift_calls[who][exit_phase]++ != 0) return;
  if (who == 1 && exit_phase + 1 == g_shift_phase) {
    assert_int_equal(ptiCallbackSubscribe(&g_shift_new, shift_cb, (void*)(intptr_t)-1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_shift_new, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                     PTI_SUCCESS);
  } else if (g_shift_phase == 3 && who == 0 && exit_phase) {
    assert_int_equal(ptiCallbackUnsubscribe(g_shift_h[2]), PTI_SUCCESS);
  } else if (g_shift_phase == 4 && who == 2 && !exit_phase) {
    assert_int_equal(ptiCallbackUnsubscribe(g_shift_h[0]), PTI_SUCCESS);
  }
}

static void test_subscriber_shifted_mid_delivery_once(void** state) {
  (void)state;
  for (g_shift_phase = 1; g_shift_phase <= 4; g_shift_phase++) {
    pti_callback_subscriber_handle* h = g_shift_h;
    memset(g_shift_calls, 0, sizeof g_shift_calls);
    for (int i = 0; i < 3; i++) {
      assert_int_equal(ptiCallbackSubscribe(&h[i], shift_cb, (void*)(intptr_t)i), PTI_SUCCESS);
      assert_int_equal(ptiCallbackEnableDomain(h[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                       PTI_SUCCESS);
    }
    ze_launch(S.imm, S.vmul, NULL);
    for (int i = 0; i < 3; i++) {
      assert_int_equal(g_shift_calls[i][0], 1);
      assert_int_equal(g_shift_calls[i][1], g_shift_phase == 4 && i == 0 ? 0 : 1); /* (gone at ENTER) */
    }
    for (int i = 0; i < 3; i++)
      if (!(g_shift_phase == 3 && i == 2) && !(g_shift_phase == 4 && i == 0))
        assert_int_equal(ptiCallbackUnsubscribe(h[i]), PTI_SUCCESS);
    if (g_shift_phase <= 2) assert_int_equal(ptiCallbackUnsubscribe(g_shift_new), PTI_SUCCESS);
  }
  ze_drain(&S, S.imm);
}

/* The general delivery path, which a delivery takes once a subscription changed under it,
   chooses its subscribers first and then calls them in subscription order (when the slots are
   not in that order). A subscription that takes, meanwhile, the slot of one chosen gets the
   record only if it has it on: here Y, made during A's callback in X's slot, has DRIVER_API on
   for another function only and must not get this launch's ENTER. */
static pti_callback_subscriber_handle g_take_h[5]; /* P, Z, A, X, Y */
static int g_take_calls[5];
static uint32_t g_take_launch, g_take_other;
static void take_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)group; (void)ctx; (void)cb_data; (void)instance;
  const int who = (int)(intptr_t)user;
  if (domain != PTI_CB_DOMAIN_DRIVER_API || api_id != g_take_launch ||
      ((const ptic_api_data*)cb_data)->_phase != PTI_CB_PHASE_API_ENTER || g_take_calls[who]++ != 0)
    return;
  if (who == 1) { /* Z: a subscription comes and goes, the rest goes through the general path */
    pti_callback_subscriber_handle d;
    assert_int_equal(ptiCallbackSubscribe(&d, take_cb, (void*)(intptr_t)0), PTI_SUCCESS);
    assert_int_equal(ptiCallbackUnsubscribe(d), PTI_SUCCESS);
  } else if (who == 2) { /* A: X goes, Y takes its slot, with another function on */
    assert_int_equal(ptiCallbackUnsubscribe(g_take_h[3]), PTI_SUCCESS);
    assert_int_equal(ptiCallbackSubscribe(&g_take_h[4], take_cb, (void*)(intptr_t)4), PTI_SUCCESS);
    assert_int_equal(pticEnableDriverApi(g_take_h[4], PTI_API_GROUP_LEVELZERO, g_take_other, 1, 1), PTI_SUCCESS);
  }
}

static void test_slot_taken_mid_delivery_gets_only_its_functions(void** state) {
  (void)state;
  assert_int_equal(pticApiIdFromName("zeCommandListAppendLaunchKernel", &g_take_launch), PTI_SUCCESS);
  assert_int_equal(pticApiIdFromName("zeEventHostReset", &g_take_other), PTI_SUCCESS);
  memset(g_take_calls, 0, sizeof g_take_calls);
  for (int i = 0; i < 4; i++) {
    assert_int_equal(ptiCallbackSubscribe(&g_take_h[i], take_cb, (void*)(intptr_t)i), PTI_SUCCESS);
    if (i > 0) assert_int_equal(ptiCallbackEnableDomain(g_take_h[i], PTI_CB_DOMAIN_DRIVER_API, 1, 1), PTI_SUCCESS);
  }
  /* P's slot taken by a newer subscription: the slots are no longer in subscription order */
  assert_int_equal(ptiCallbackUnsubscribe(g_take_h[0]), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&g_take_h[0], take_cb, (void*)(intptr_t)0), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(g_take_calls[1], 1);
  assert_int_equal(g_take_calls[2], 1);
  assert_int_equal(g_take_calls[3], 0); /* (unsubscribed before its turn) */
  assert_int_equal(g_take_calls[4], 0);
  assert_non_null(g_take_h[4]);
  for (int i = 0; i < 5; i++)
    if (i != 3) assert_int_equal(ptiCallbackUnsubscribe(g_take_h[i]), PTI_SUCCESS);
  ze_drain(&S, S.imm);
}

/* A callback that turns a later subscriber of the same delivery off: unsubscribed, it gets
   neither the record nor the EXIT; with its ENTER phase off, no ENTER but the EXIT, with NULL
   instance data. The others get both, their instance data kept. (APPENDED goes through a set of
   delivery lists made at each publication, which the change does not rewrite: the set's entry
   of the subscriber turned off must not be called.) */
static pti_callback_subscriber_handle g_later_h[3];
static int g_later_calls[3][2], g_later_bad_inst, g_later_mode, g_later_done;
static void later_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                     pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx;
  const int who = (int)(intptr_t)user;
  const int exit_phase = ((pti_callback_gpu_op_data*)cb_data)->_phase == PTI_CB_PHASE_API_EXIT;
  g_later_calls[who][exit_phase]++;
  void* const mine = (void*)(uintptr_t)(0x1a7e0 + who);
  if (!exit_phase) {
    if (*instance != NULL) g_later_bad_inst++;
    *instance = mine;
  } else if (*instance != (g_later_mode == 1 && who == 2 ? NULL : mine)) {
    g_later_bad_inst++;
  }
  if (who == 0 && !exit_phase && !g_later_done) {
    g_later_done = 1;
    if (g_later_mode == 0) assert_int_equal(ptiCallbackUnsubscribe(g_later_h[2]), PTI_SUCCESS);
    else assert_int_equal(ptiCallbackEnableDomain(g_later_h[2], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1),
                          PTI_SUCCESS);
  }
}

static void test_later_subscriber_turned_off_in_callback(void** state) {
  (void)state;
  for (g_later_mode = 0; g_later_mode < 2; g_later_mode++) {
    for (int i = 0; i < 3; i++) {
      assert_int_equal(ptiCallbackSubscribe(&g_later_h[i], later_cb, (void*)(intptr_t)i), PTI_SUCCESS);
      assert_int_equal(ptiCallbackEnableDomain(g_later_h[i], PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1),
                       PTI_SUCCESS);
    }
    g_later_done = 1;
    ze_launch(S.imm, S.vmul, NULL); /* (the frame holds the set from here on) */
    memset(g_later_calls, 0, sizeof g_later_calls);
    g_later_bad_inst = g_later_done = 0;
    ze_launch(S.imm, S.vmul, NULL);
    for (int i = 0; i < 2; i++) {
      assert_int_equal(g_later_calls[i][0], 1);
      assert_int_equal(g_later_calls[i][1], 1);
    }
    assert_int_equal(g_later_calls[2][0], 0);
    assert_int_equal(g_later_calls[2][1], g_later_mode == 1 ? 1 : 0);
    assert_int_equal(g_later_bad_inst, 0);
    for (int i = 0; i < 3; i++)
      if (g_later_mode == 1 || i != 2) assert_int_equal(ptiCallbackUnsubscribe(g_later_h[i]), PTI_SUCCESS);
  }
  ze_drain(&S, S.imm);
}

/* A subscription change during a call's ENTER callbacks: the EXIT then goes through the
   delivery lists of the new publication, and a subscriber that had the ENTER keeps its instance
   data there (here with the EXIT list of one subscriber, whose slot's generation the frame must
   hold from the ENTER). */
static pti_callback_subscriber_handle g_keep_a, g_keep_b;
static int g_keep_exits, g_keep_lost;
static void keep_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx;
  const int exit_phase = ((pti_callback_gpu_op_data*)cb_data)->_phase == PTI_CB_PHASE_API_EXIT;
  if (user == &g_keep_a) {
    if (!exit_phase) *instance = &g_keep_a;
    else g_keep_exits++, g_keep_lost += *instance != &g_keep_a;
  } else if (!exit_phase) { /* B, after A at ENTER: a subscription comes and goes */
    pti_callback_subscriber_handle d;
    assert_int_equal(ptiCallbackSubscribe(&d, rec_cb, (void*)(intptr_t)0), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(d, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackUnsubscribe(d), PTI_SUCCESS);
  }
}

static void test_instance_data_kept_across_a_change(void** state) {
  (void)state;
  g_keep_exits = g_keep_lost = 0;
  assert_int_equal(ptiCallbackSubscribe(&g_keep_a, keep_cb, &g_keep_a), PTI_SUCCESS);
  assert_int_equal(ptiCallbackSubscribe(&g_keep_b, keep_cb, &g_keep_b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_keep_a, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(g_keep_b, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  for (int i = 0; i < 3; i++) ze_launch(S.imm, S.vmul, NULL);
  assert_int_equal(ptiCallbackUnsubscribe(g_keep_b), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(g_keep_a), PTI_SUCCESS);
  assert_int_equal(g_keep_exits, 3);
  assert_int_equal(g_keep_lost, 0);
  ze_drain(&S, S.imm);
  rec_reset();
}

static pti_callback_subscriber_handle g_child;
static int g_parent_calls;

static void parent_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  pti_callback_gpu_op_data* g = (pti_callback_gpu_op_data*)cb_data;
  if (g->_phase != PTI_CB_PHASE_API_ENTER) return;
  if (g_parent_calls++ == 0) {
    /* first call: start a child subscriber */
    assert_int_equal(ptiCallbackSubscribe(&g_child, rec_cb, (void*)(intptr_t)9), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_child, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(g_child, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), PTI_SUCCESS);
  } else if (g_parent_calls == 2) {
    assert_int_equal(ptiCallbackUnsubscribe(g_child), PTI_SUCCESS);
  }
}

static void test_changes_in_callback(void** state) {
  (void)state;
  pti_callback_subscriber_handle p;
  g_parent_calls = 0;
  rec_reset();
  assert_int_equal(ptiCallbackSubscribe(&p, parent_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(p, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  ze_launch(S.imm, S.vmul, NULL); /* child created during ENTER: it sees this call's EXIT */
  ze_launch(S.imm, S.vadd, NULL); /* child unsubscribed during the parent's ENTER */
  ze_launch(S.imm, S.vadd, NULL);
  rec r[4];
  size_t n = rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 9, r, 4);
  /* child was subscribed after the parent, so its ENTER of call 1 runs after the parent's in the
     same ENTER pass or not at all; its EXIT of call 1 arrives; nothing of calls 2 and 3. */
  assert_true(n >= 1 && n <= 2);
  assert_int_equal(r[n - 1].phase, PTI_CB_PHASE_API_EXIT);
  assert_string_equal(r[n - 1].name, "vmul");
  assert_int_equal(ptiCallbackUnsubscribe(p), PTI_SUCCESS);
  rec_reset();
}

/* No callback after ptiCallbackUnsubscribe returns, while other threads append: every callback
   of the subscription that started has finished by then (the callbacks are slow, so that an
   unsubscribe that does not wait returns while one runs), and none starts later. */
typedef struct late_count { uint64_t started, finished; } late_count;
static int g_stop;

static void late_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                    pti_backend_ctx_t ctx, void* cb_data, void* user, void** instance) {
  (void)domain; (void)group; (void)api_id; (void)ctx; (void)cb_data; (void)instance;
  late_count* c = (late_count*)user;
  __atomic_add_fetch(&c->started, 1, __ATOMIC_SEQ_CST);
  for (volatile int spin = 0; spin < 20000; spin++) {}
  __atomic_add_fetch(&c->finished, 1, __ATOMIC_SEQ_CST);
}

/* The round being run (-1: none). Appenders append at most 256 kernels per round, and none
   between rounds: under valgrind, which runs one thread at a time, unbounded appends would pile
   up millions of commands in the simulated device. */
static int g_round = -1;

static void* appender(void* arg) {
  ze_command_list_handle_t list = (ze_command_list_handle_t)arg;
  int last = -1, n = 0;
  while (!__atomic_load_n(&g_stop, __ATOMIC_RELAXED)) {
    const int r = __atomic_load_n(&g_round, __ATOMIC_ACQUIRE);
    if (r != last) last = r, n = 0;
    if (r < 0 || n >= 256) {
      sched_yield();
      continue;
    }
    ze_launch(list, S.vmul, NULL);
    n++;
  }
  return NULL;
}

static void test_no_callback_after_unsubscribe(void** state) {
  (void)state;
  enum { ROUNDS = 50 };
  static late_count counts[ROUNDS];
  uint64_t running_at_return = 0, after = 0, delivered = 0;
  ze_command_list_handle_t lists[2];
  pthread_t th[2];
  g_stop = 0;
  memset(counts, 0, sizeof counts);
  for (int i = 0; i < 2; i++) lists[i] = ze_immediate_list(S.context, S.device, 0);
  for (int round = 0; round < ROUNDS; round++) {
    late_count* c = &counts[round];
    pti_callback_subscriber_handle h;
    assert_int_equal(ptiCallbackSubscribe(&h, late_cb, c), PTI_SUCCESS);
    assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
    __atomic_store_n(&g_round, round, __ATOMIC_RELEASE);
    if (round == 0)
      for (int i = 0; i < 2; i++) assert_int_equal(pthread_create(&th[i], NULL, appender, lists[i]), 0);
    while (__atomic_load_n(&c->started, __ATOMIC_SEQ_CST) < 4) sched_yield(); /* the appenders are in */
    assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
    const uint64_t started = __atomic_load_n(&c->started, __ATOMIC_SEQ_CST);
    running_at_return += started - __atomic_load_n(&c->finished, __ATOMIC_SEQ_CST);
    for (volatile int spin = 0; spin < 100000; spin++) {}
    after += __atomic_load_n(&c->started, __ATOMIC_SEQ_CST) - started;
    delivered += started;
    __atomic_store_n(&g_round, -1, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&g_stop, 1, __ATOMIC_RELAXED);
  for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
  assert_true(delivered >= 4 * ROUNDS);
  assert_int_equal(running_at_return, 0); /* unsubscribe waited for the callbacks running */
  assert_int_equal(after, 0);             /* and none started after it */
  for (int i = 0; i < 2; i++) {
    ze_drain(&S, lists[i]);
    ZE_CHECK(zeCommandListDestroy(lists[i]));
  }
}

static void test_correlation_unique(void** state) {
  (void)state;
  pti_callback_subscriber_handle h = subscribe_tag(1);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 0), PTI_SUCCESS);
  rec_reset();
  for (int i = 0; i < 50; i++) ze_launch(S.imm, S.vmul, NULL);
  rec r[50];
  assert_int_equal(rec_select(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, -1, r, 50), 50);
  for (int i = 0; i < 50; i++) {
    assert_int_not_equal(r[i].corr, 0);
    for (int j = 0; j < i; j++) {
      assert_int_not_equal(r[i].corr, r[j].corr);
      assert_true(r[i].op[0]._operation_id != r[j].op[0]._operation_id);
    }
  }
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_drain(&S, S.imm);
  rec_reset();
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strings),
      cmocka_unit_test(test_bad_subscribe),
      cmocka_unit_test(test_bad_handles),
      cmocka_unit_test(test_bad_domains),
      cmocka_unit_test(test_max_subscribers),
      cmocka_unit_test(test_append_kernel_immediate),
      cmocka_unit_test(test_phase_selection),
      cmocka_unit_test(test_append_memory_names),
      cmocka_unit_test(test_append_regular_list),
      cmocka_unit_test(test_kernel_handle_identity),
      cmocka_unit_test(test_multiple_kernels_indirect),
      cmocka_unit_test(test_return_code_passthrough),
      cmocka_unit_test(test_kernel_lifecycle),
      cmocka_unit_test(test_subscriber_order),
      cmocka_unit_test(test_instance_data_threads),
      cmocka_unit_test(test_instance_data_of_a_reused_slot),
      cmocka_unit_test(test_instance_data_exit_only),
      cmocka_unit_test(test_unsubscribe_self_in_callback),
      cmocka_unit_test(test_unsubscribe_in_callback_does_not_wait),
      cmocka_unit_test(test_change_mid_delivery_once_each),
      cmocka_unit_test(test_subscriber_shifted_mid_delivery_once),
      cmocka_unit_test(test_slot_taken_mid_delivery_gets_only_its_functions),
      cmocka_unit_test(test_later_subscriber_turned_off_in_callback),
      cmocka_unit_test(test_instance_data_kept_across_a_change),
      cmocka_unit_test(test_changes_in_callback),
      cmocka_unit_test(test_no_callback_after_unsubscribe),
      cmocka_unit_test(test_correlation_unique),
  };
  return cmocka_run_group_tests_name("core", tests, setup, teardown);
}
