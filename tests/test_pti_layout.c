/* test_pti_layout.c - a tool compiled against Intel PTI 1.0's header reads our records right.

   PTI 1.0's records, declared here field by field from its documented layouts (not from
   pti_callback.h), and real records of every PTI domain read through them:
   - kernel record (KERNEL_CREATED, KERNEL_DESTROYED): _domain @0, _phase @4, _return_code @8,
     _correlation_id @12, _kernel_handle @16, _device_kernel_handle @24, _device_handle @32,
     _module_handle @40, _name @48, 56 bytes;
   - GPU operation record (APPENDED, DISPATCHED, COMPLETED): _domain @0, _cmd_list_properties @4,
     _cmd_list_handle @8, _queue_handle @16, _device_handle @24, _phase @32, _return_code @36,
     _correlation_id @40, _operation_count @44, _operation_details @48, 56 bytes; each operation:
     _operation_kind @0, _operation_id @8, _kernel_handle @16, _name @24, 32 bytes;
   - internal record (INTERNAL_THREADS, INTERNAL_EVENT): _domain @0, _phase @4, _detail @8,
     _message @16, 24 bytes. */
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

typedef struct pti10_op {
  uint32_t kind;
  uint32_t pad;
  uint64_t operation_id;
  uint64_t kernel_handle;
  const char* name;
} pti10_op;
typedef struct pti10_gpu_op_data {
  uint32_t domain;
  uint32_t cmd_list_properties;
  void* cmd_list_handle;
  void* queue_handle;
  void* device_handle;
  uint32_t phase;
  uint32_t return_code;
  uint32_t correlation_id;
  uint32_t operation_count;
  const pti10_op* operation_details;
} pti10_gpu_op_data;
typedef struct pti10_internal_data {
  uint32_t domain;
  uint32_t phase;
  uint32_t detail;
  uint32_t pad;
  const char* message;
} pti10_internal_data;

typedef struct op_seen {
  pti10_gpu_op_data rec;
  pti10_op op;
  char name[64];
  uint32_t api_id;
} op_seen;
static op_seen g_ops[16];
static int g_nops;
static pti10_internal_data g_internal;
static char g_message[256];
static int g_ninternal;
static pthread_mutex_t g_ops_lock = PTHREAD_MUTEX_INITIALIZER;

static void op_cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
                  void* cb_data, void* user, void** instance) {
  (void)group; (void)ctx; (void)user; (void)instance;
  /* the poller's thread delivers completions too: one lock for what the callbacks record */
  pthread_mutex_lock(&g_ops_lock);
  if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    if (g_ninternal++ == 0) {
      memcpy(&g_internal, cb_data, sizeof g_internal);
      snprintf(g_message, sizeof g_message, "%s", g_internal.message ? g_internal.message : "");
    }
  } else if (g_nops < 16) {
    op_seen* o = &g_ops[g_nops++];
    memcpy(&o->rec, cb_data, sizeof o->rec);
    memset(&o->op, 0, sizeof o->op);
    if (o->rec.operation_count) memcpy(&o->op, o->rec.operation_details, sizeof o->op);
    snprintf(o->name, sizeof o->name, "%s", o->op.name ? o->op.name : "(null)");
    o->api_id = api_id;
  }
  pthread_mutex_unlock(&g_ops_lock);
}

/* (read after pticFlush: every record delivered, no callback running) */
static const op_seen* op_find(uint32_t domain, uint32_t phase) {
  const op_seen* found = NULL;
  pthread_mutex_lock(&g_ops_lock);
  for (int i = 0; i < g_nops && !found; i++)
    if (g_ops[i].rec.domain == domain && g_ops[i].rec.phase == phase) found = &g_ops[i];
  pthread_mutex_unlock(&g_ops_lock);
  return found;
}

/* APPENDED (both phases), DISPATCHED and COMPLETED records read through PTI's layout: a kernel
   on an immediate list, then on a regular list executed on a queue. */
static void test_gpu_op_records_in_pti_layout(void** state) {
  (void)state;
  assert_int_equal(sizeof(pti10_gpu_op_data), 56);
  assert_int_equal(sizeof(pti10_op), 32);
  assert_int_equal(sizeof(pti_callback_gpu_op_data), sizeof(pti10_gpu_op_data));
  assert_int_equal(sizeof(pti_gpu_op_details), sizeof(pti10_op));
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, op_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  ze_session s;
  ze_session_open(&s);
  ze_launch(s.imm, s.vadd, NULL);
  ze_drain(&s, s.imm);
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  const op_seen* en = op_find(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_ENTER);
  const op_seen* ex = op_find(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT);
  const op_seen* c = op_find(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, PTI_CB_PHASE_API_EXIT);
  assert_non_null(en);
  assert_non_null(ex);
  assert_non_null(c);
  assert_int_equal(en->api_id, zeCommandListAppendLaunchKernel_id);
  assert_int_equal(ex->rec.cmd_list_properties, PTI_BACKEND_COMMAND_LIST_TYPE_IMMEDIATE);
  assert_ptr_equal(ex->rec.cmd_list_handle, s.imm);
  assert_ptr_equal(ex->rec.device_handle, s.device);
  assert_int_equal(ex->rec.return_code, ZE_RESULT_SUCCESS);
  assert_true(ex->rec.correlation_id != 0 && ex->rec.correlation_id == en->rec.correlation_id);
  assert_int_equal(ex->rec.operation_count, 1);
  assert_int_equal(ex->op.kind, PTI_GPU_OPERATION_KIND_KERNEL);
  assert_true(ex->op.operation_id != 0 && ex->op.operation_id == en->op.operation_id);
  assert_true(ex->op.kernel_handle != 0);
  assert_string_equal(ex->name, "vadd");
  assert_true(c->rec.operation_count >= 1); /* the kernel first, maybe with ze_drain's barrier */
  assert_ptr_equal(c->rec.cmd_list_handle, s.imm);
  assert_ptr_equal(c->rec.device_handle, s.device);
  assert_true(c->op.operation_id == ex->op.operation_id);
  assert_true(c->op.kernel_handle == ex->op.kernel_handle);
  assert_string_equal(c->name, "vadd");
  /* a regular list: DISPATCHED at the execution, COMPLETED with the APPENDED id */
  pthread_mutex_lock(&g_ops_lock);
  g_nops = 0;
  pthread_mutex_unlock(&g_ops_lock);
  ze_launch(s.list, s.vmul, NULL);
  ZE_CHECK(zeCommandListClose(s.list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(s.queue, 1, &s.list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(s.queue, UINT64_MAX));
  assert_int_equal(pticFlush(5000000000ull), PTI_SUCCESS);
  const op_seen* a = op_find(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, PTI_CB_PHASE_API_EXIT);
  const op_seen* d = op_find(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, PTI_CB_PHASE_API_EXIT);
  c = op_find(PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, PTI_CB_PHASE_API_EXIT);
  assert_non_null(a);
  assert_non_null(d);
  assert_non_null(c);
  assert_int_equal(a->rec.cmd_list_properties, 0);
  assert_ptr_equal(d->rec.queue_handle, s.queue);
  assert_int_equal(d->api_id, zeCommandQueueExecuteCommandLists_id);
  assert_true(d->op.operation_id == a->op.operation_id);
  assert_true(c->op.operation_id == a->op.operation_id);
  assert_ptr_equal(c->rec.queue_handle, s.queue);
  assert_string_equal(c->name, "vmul");
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  ze_session_close(&s);
}

/* An INTERNAL_EVENT record read through PTI's layout: a counter-based pool with timestamps (the
   pool extension of spec 1.8, by value) on an in-order list is left alone with a warning. */
static void test_internal_records_in_pti_layout(void** state) {
  (void)state;
  assert_int_equal(sizeof(pti10_internal_data), 24);
  assert_int_equal(sizeof(pti_internal_callback_data), sizeof(pti10_internal_data));
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, op_cb, NULL), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 0, 1), PTI_SUCCESS);
  ze_session s;
  ze_session_open(&s);
  ze_command_list_handle_t l = ze_immediate_list(s.context, s.device, 0x2u /* in order */);
  static const struct {
    uint32_t stype;
    const void* pNext;
    uint32_t flags;
  } counter_based = {0x00020014u, NULL, 0x1u};
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, &counter_based,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1};
  ze_event_pool_handle_t pool;
  ZE_CHECK(zeEventPoolCreate(s.context, &pd, 1, &s.device, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev;
  ZE_CHECK(zeEventCreate(pool, &ed, &ev));
  ze_launch(l, s.vmul, ev);
  ZE_CHECK(zeEventHostSynchronize(ev, UINT64_MAX));
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);
  assert_int_equal(g_ninternal, 1);
  assert_int_equal(g_internal.domain, PTI_CB_DOMAIN_INTERNAL_EVENT);
  assert_int_equal(g_internal.detail, PTI_INTERNAL_EVENT_TYPE_WARNING);
  assert_non_null(strstr(g_message, "counter-based"));
  ZE_CHECK(zeEventDestroy(ev));
  ZE_CHECK(zeEventPoolDestroy(pool));
  ZE_CHECK(zeCommandListDestroy(l));
  ze_session_close(&s);
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_kernel_records_in_pti_layout),
                                     cmocka_unit_test(test_gpu_op_records_in_pti_layout),
                                     cmocka_unit_test(test_internal_records_in_pti_layout)};
  return cmocka_run_group_tests_name("PTI 1.0 record layout", tests, NULL, NULL);
}
