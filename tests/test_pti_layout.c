/* test_pti_layout.c - a tool compiled against Intel PTI 1.0's header reads our records right.

   PTI's kernel record, declared here field by field from PTI 1.0's documented layout (not from
   pti_callback.h): _domain @0, _phase @4, _return_code @8, _correlation_id @12, _kernel_handle
   @16, _device_kernel_handle @24, _device_handle @32, _module_handle @40, _name @48, 56 bytes.
   Real KERNEL_CREATED and KERNEL_DESTROYED records are read through it. */
#define PTI_CALLBACK_IMPLEMENTATION
#include "common.h"

typedef struct pti10_kernel_data {
  uint32_t domain;
  uint32_t phase;
  uint32_t return_code;
  uint32_t correlation_id;
  uint64_t kernel_handle;
  void* device_kernel_handle;
  void* device_handle;
  void* module_handle;
  const char* name;
} pti10_kernel_data;

static pti10_kernel_data g_seen[8];
static char g_names[8][64];
static int g_n;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)ctx; (void)user; (void)instance;
  if (domain != PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED && domain != PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED) return;
  if (g_n >= 8) return;
  memcpy(&g_seen[g_n], cb_data, sizeof g_seen[g_n]);
  snprintf(g_names[g_n], sizeof g_names[g_n], "%s", g_seen[g_n].name ? g_seen[g_n].name : "(null)");
  g_n++;
}

static void test_kernel_records_in_pti_layout(void** state) {
  (void)state;
  assert_int_equal(sizeof(pti10_kernel_data), 56);
  assert_int_equal(sizeof(pti_callback_kernel_data), sizeof(pti10_kernel_data));
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED, 0, 1), PTI_SUCCESS);
  ze_session s;
  ze_session_open(&s);
  ze_kernel_handle_t k = ze_kernel(s.module, "vmul");
  ZE_CHECK(zeKernelDestroy(k));
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  void* const device = s.device;
  void* const module = s.module;
  ze_session_close(&s);
  /* the session's vadd and vmul, then ours: find our create EXIT and destroy EXIT */
  int create = -1, destroy = -1;
  for (int i = 0; i < g_n; i++) {
    if (g_seen[i].domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED && g_seen[i].phase == PTI_CB_PHASE_API_EXIT &&
        g_seen[i].device_kernel_handle == (void*)k)
      create = i;
    if (g_seen[i].domain == PTI_CB_DOMAIN_DRIVER_KERNEL_DESTROYED && g_seen[i].device_kernel_handle == (void*)k)
      destroy = i;
  }
  assert_true(create >= 0 && destroy >= 0);
  const pti10_kernel_data* c = &g_seen[create];
  assert_string_equal(g_names[create], "vmul");
  assert_int_equal(c->return_code, ZE_RESULT_SUCCESS);
  assert_true(c->correlation_id != 0);
  assert_true(c->kernel_handle != 0);
  assert_ptr_equal(c->device_handle, device);
  assert_ptr_equal(c->module_handle, module);
  const pti10_kernel_data* d = &g_seen[destroy];
  assert_int_equal(d->phase, PTI_CB_PHASE_API_EXIT);
  assert_string_equal(g_names[destroy], "vmul");
  assert_true(d->kernel_handle == c->kernel_handle);
  assert_ptr_equal(d->module_handle, module);
  assert_true(d->correlation_id != 0 && d->correlation_id != c->correlation_id);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_kernel_records_in_pti_layout)};
  return cmocka_run_group_tests_name("PTI 1.0 record layout", tests, NULL, NULL);
}
