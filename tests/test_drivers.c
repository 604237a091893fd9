/* test_drivers.c - two Level Zero drivers in one process, as a machine with two GPU drivers has.

   Run with ZE_ENABLE_ALT_DRIVERS naming both simulated drivers (libze_sim.so, 19.2 MHz, and
   libze_sim2.so, 12.5 MHz counted from another origin: tests/sim/README.md), in that order.
   Four threads each launch on both drivers' devices: kernels on immediate lists (without an
   event, and with an event of a KERNEL_TIMESTAMP pool the application reads), a barrier, and
   executions of a regular list on a queue. Every operation appended to an immediate list and
   every operation of each dispatched execution gets exactly one COMPLETED, with the device,
   context, list and queue it was appended to or dispatched on, on the right driver: device ticks of that device's own
   clock, host times in order and within the test, each kernel's duration in host ns as the
   driver ran it. */
#define _GNU_SOURCE /* CLOCK_MONOTONIC_RAW */
#include "common.h"
#include "ze_sim.h"

#include <time.h>

#define NDRV 2
#define NTHREADS 4
#define ROUNDS 25

typedef struct drv {
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_module_handle_t module;
  ze_kernel_handle_t vadd, vmul, noop;
  uint64_t ticks_per_s;  /* the device's timer */
  uint64_t offset_ns;    /* its ticks count from this long before the host clock's origin */
} drv;
static drv D[NDRV];

/* What an APPENDED (immediate lists) or DISPATCHED (regular lists) record said of an operation,
   by execution id. */
typedef struct entry {
  uint64_t exec_id;
  const void* device;
  const void* ctx;
  const void* list;
  const void* queue;
  int driver;
  int completed;
} entry;
#define TABLE_SIZE 16384u
static entry g_table[TABLE_SIZE];
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static size_t g_expected, g_completed, g_regular_appended;
/* failures, counted in the callbacks (cmocka asserts only on the main thread) */
static size_t g_unknown, g_twice, g_bad_status, g_wrong_object, g_wrong_driver, g_bad_times, g_bad_clock,
    g_bad_duration, g_full, g_warnings;
static uint64_t g_t0;

static uint64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Lists, queues and contexts by driver (written before any launch, under g_lock). */
#define MAX_OBJS 64
static const void* g_obj[MAX_OBJS];
static int g_obj_driver[MAX_OBJS], g_nobj;
static void note_driver(const void* h, int d) {
  pthread_mutex_lock(&g_lock);
  if (g_nobj < MAX_OBJS) {
    g_obj[g_nobj] = h;
    g_obj_driver[g_nobj++] = d;
  }
  pthread_mutex_unlock(&g_lock);
}
static int driver_of(const void* h) { /* lock held */
  for (int i = 0; i < g_nobj; i++)
    if (g_obj[i] == h) return g_obj_driver[i];
  return -1;
}

static entry* slot(uint64_t id, int create) { /* lock held */
  for (uint32_t i = (uint32_t)(id * 2654435761u) % TABLE_SIZE, n = 0; n < TABLE_SIZE; i = (i + 1) % TABLE_SIZE, n++) {
    if (g_table[i].exec_id == id) return &g_table[i];
    if (!g_table[i].exec_id) {
      if (!create) return NULL;
      g_table[i].exec_id = id;
      return &g_table[i];
    }
  }
  g_full++;
  return NULL;
}

/* The host ns of device ticks of driver d's clock, and its duration in ns of n ticks. */
static uint64_t ticks_to_ns(int d, uint64_t ticks) {
  return (uint64_t)((long double)ticks * 1e9L / (long double)D[d].ticks_per_s) - D[d].offset_ns;
}

static uint64_t kernel_ns(const char* name) {
  if (!name) return 0;
  if (!strcmp(name, "vadd")) return 20000;
  if (!strcmp(name, "vmul")) return 5000;
  if (!strcmp(name, "noop")) return 1000;
  return 0;
}

/* The initialisation's drivers, the contexts' drivers, the kernels' devices as records said. */
static uint32_t g_init_records, g_init_drivers;
static const void* g_init_driver[NDRV + 1];
static const void* g_ctx_driver[NDRV][2]; /* (context, driver) */
static int g_nctx;
static const void* g_kernel_device[3 * NDRV][2]; /* (kernel, device) */
static int g_nkernels;

static void cb(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id, pti_backend_ctx_t ctx,
               void* cb_data, void* user, void** instance) {
  (void)group; (void)api_id; (void)user; (void)instance;
  pthread_mutex_lock(&g_lock);
  if (domain == PTIC_CB_DOMAIN_DRIVER_INITIALIZATION) {
    const ptic_init_data* d = (const ptic_init_data*)cb_data;
    if (d->_phase == PTI_CB_PHASE_API_EXIT && d->_return_code == 0) {
      g_init_records++;
      g_init_drivers = d->_driver_count;
      for (uint32_t i = 0; i < d->_driver_count && i <= NDRV; i++) g_init_driver[i] = d->_drivers[i].driver;
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED) {
    const ptic_context_data* d = (const ptic_context_data*)cb_data;
    if (d->_phase == PTI_CB_PHASE_API_EXIT && g_nctx < NDRV) {
      g_ctx_driver[g_nctx][0] = d->_context_handle;
      g_ctx_driver[g_nctx++][1] = d->_driver_handle;
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED) {
    const pti_callback_kernel_data* d = (const pti_callback_kernel_data*)cb_data;
    if (d->_phase == PTI_CB_PHASE_API_EXIT && g_nkernels < 3 * NDRV) {
      g_kernel_device[g_nkernels][0] = d->_device_kernel_handle;
      g_kernel_device[g_nkernels++][1] = d->_device_handle;
    }
  } else if (domain == PTI_CB_DOMAIN_INTERNAL_EVENT) {
    const pti_internal_callback_data* d = (const pti_internal_callback_data*)cb_data;
    if (d->_detail != PTI_INTERNAL_EVENT_TYPE_INFO) {
      g_warnings++;
      printf("  INTERNAL_EVENT: %s\n", d->_message ? d->_message : "");
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED ||
             domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    const int d = driver_of(g->_cmd_list_handle);
    if (d < 0 || driver_of(ctx) != d || g->_device_handle != (pti_device_handle_t)D[d].device) {
      if (g_wrong_object++ == 0)
        printf("  %s: list %p (driver %d), queue %p, context %p (driver %d), device %p\n",
               domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED ? "APPENDED" : "DISPATCHED",
               g->_cmd_list_handle, d, g->_queue_handle, (void*)ctx, driver_of(ctx), g->_device_handle);
    }
    if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED && g->_cmd_list_properties == 0) {
      g_regular_appended += g->_operation_count; /* completed per execution: DISPATCHED */
    } else {
      for (uint32_t i = 0; i < g->_operation_count; i++) {
        ptic_op_info info;
        if (pticGetOperationInfo(cb_data, i, &info) != PTI_SUCCESS) {
          g_bad_status++;
          continue;
        }
        entry* e = slot(info.execution_id, 1);
        if (!e) continue;
        e->device = g->_device_handle;
        e->ctx = ctx;
        e->list = info.cmd_list;
        e->queue = g->_queue_handle;
        e->driver = d;
        if (info.cmd_list != g->_cmd_list_handle) g_wrong_object++;
        g_expected++;
      }
    }
  } else if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED) {
    const pti_callback_gpu_op_data* g = (const pti_callback_gpu_op_data*)cb_data;
    const uint64_t now = now_ns();
    for (uint32_t i = 0; i < g->_operation_count; i++) {
      ptic_op_info info;
      g_completed++;
      if (pticGetOperationInfo(cb_data, i, &info) != PTI_SUCCESS || info.status != PTIC_OP_COMPLETED) {
        g_bad_status++;
        continue;
      }
      entry* e = slot(info.execution_id, 0);
      if (!e) {
        g_unknown++;
        continue;
      }
      if (e->completed++) g_twice++;
      /* (a regular list's COMPLETED names the queue only: a record holds one execution's
         operations, which may come from several lists) */
      const void* list = g->_cmd_list_properties == 0 ? NULL : e->list;
      if (e->device != g->_device_handle || e->ctx != ctx || list != info.cmd_list || e->queue != g->_queue_handle ||
          e->queue != info.queue) {
        if (g_wrong_object++ == 0)
          printf("  COMPLETED: list %p (expected %p), queue %p (%p), context %p (%p), device %p (%p)\n",
                 info.cmd_list, e->list, g->_queue_handle, e->queue, (void*)ctx, e->ctx, g->_device_handle, e->device);
      }
      const int d = e->driver;
      if (d < 0 || driver_of(e->list) != d || driver_of(info.queue) != d) {
        g_wrong_driver++;
        continue;
      }
      if (info.device_end < info.device_start || info.end_ns < info.start_ns || info.start_ns < g_t0 ||
          info.end_ns > now)
        g_bad_times++;
      /* the ticks are of this driver's device clock: its host ns agree with the library's */
      const int64_t skew = (int64_t)(ticks_to_ns(d, info.device_start) - info.start_ns);
      if (skew < -50000 || skew > 50000) {
        if (g_bad_clock++ == 0)
          printf("  driver %d: device_start %llu is host %llu, the library says %llu\n", d,
                 (unsigned long long)info.device_start, (unsigned long long)ticks_to_ns(d, info.device_start),
                 (unsigned long long)info.start_ns);
      }
      const uint64_t want = kernel_ns(g->_operation_details[i]._name);
      const uint64_t took = info.end_ns - info.start_ns;
      const uint64_t tick_ns = 1000000000ull / D[d].ticks_per_s + 1;
      if (want && (took + 2 * tick_ns < want || took > want + 2 * tick_ns)) {
        if (g_bad_duration++ == 0)
          printf("  driver %d: %s took %llu ns, not %llu\n", d, g->_operation_details[i]._name,
                 (unsigned long long)took, (unsigned long long)want);
      }
    }
  }
  pthread_mutex_unlock(&g_lock);
}

static const char module_text[] = "kernel vadd 20000\nkernel vmul 5000\nkernel noop 1000\n";

static void open_drivers(void) {
  ZE_CHECK(zeInit(0));
  uint32_t n = 0;
  ZE_CHECK(zeDriverGet(&n, NULL));
  assert_int_equal(n, NDRV);
  ze_driver_handle_t drivers[NDRV];
  ZE_CHECK(zeDriverGet(&n, drivers));
  for (uint32_t i = 0; i < n; i++) {
    ze_device_handle_t dev = NULL;
    uint32_t nd = 1;
    ZE_CHECK(zeDeviceGet(drivers[i], &nd, &dev));
    ze_device_properties_t p;
    memset(&p, 0, sizeof p);
    p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
    ZE_CHECK(zeDeviceGetProperties(dev, &p));
    const int d = p.deviceId == ZE_SIM2_DEVICE_ID; /* the loader may order the drivers either way */
    assert_true(p.deviceId == ZE_SIM2_DEVICE_ID || p.deviceId == 0x0bd5);
    assert_null(D[d].driver);
    D[d].driver = drivers[i];
    D[d].device = dev;
    D[d].ticks_per_s = d ? ZE_SIM2_TICKS_PER_SECOND : ZE_SIM_TICKS_PER_SECOND;
    D[d].offset_ns = d ? ZE_SIM2_CLOCK_OFFSET_NS : 0;
    printf("  driver %d: %s, timer %u ns\n", d, p.name, (unsigned)p.timerResolution);
  }
  for (int d = 0; d < NDRV; d++) {
    ze_context_desc_t cd;
    memset(&cd, 0, sizeof cd);
    cd.stype = ZE_STRUCTURE_TYPE_CONTEXT_DESC;
    ZE_CHECK(zeContextCreate(D[d].driver, &cd, &D[d].context));
    note_driver(D[d].context, d);
    ze_module_desc_t md = ze_module_desc(module_text, ZE_MODULE_FORMAT_NATIVE, NULL);
    ZE_CHECK(zeModuleCreate(D[d].context, D[d].device, &md, &D[d].module, NULL));
    D[d].vadd = ze_kernel(D[d].module, "vadd");
    D[d].vmul = ze_kernel(D[d].module, "vmul");
    D[d].noop = ze_kernel(D[d].module, "noop");
  }
}

static void close_drivers(void) {
  for (int d = 0; d < NDRV; d++) {
    ZE_CHECK(zeKernelDestroy(D[d].vadd));
    ZE_CHECK(zeKernelDestroy(D[d].vmul));
    ZE_CHECK(zeKernelDestroy(D[d].noop));
    ZE_CHECK(zeModuleDestroy(D[d].module));
    ZE_CHECK(zeContextDestroy(D[d].context));
  }
}

/* One thread's objects on one driver. */
typedef struct lane {
  ze_command_list_handle_t imm, list;
  ze_command_queue_handle_t queue;
  ze_event_pool_handle_t pool;
  ze_event_handle_t drain, ts;
} lane;

static void lane_open(lane* l, int d) {
  const drv* v = &D[d];
  l->imm = ze_immediate_list(v->context, v->device, 0);
  ze_command_queue_desc_t qd;
  memset(&qd, 0, sizeof qd);
  qd.stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC;
  qd.mode = ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS;
  ZE_CHECK(zeCommandQueueCreate(v->context, v->device, &qd, &l->queue));
  ze_command_list_desc_t ld;
  memset(&ld, 0, sizeof ld);
  ld.stype = ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC;
  ZE_CHECK(zeCommandListCreate(v->context, v->device, &ld, &l->list));
  note_driver(l->imm, d);
  note_driver(l->list, d);
  note_driver(l->queue, d);
  ze_launch(l->list, v->vadd, NULL);
  ze_launch(l->list, v->noop, NULL);
  ZE_CHECK(zeCommandListClose(l->list));
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 2};
  ze_device_handle_t dev = v->device;
  ZE_CHECK(zeEventPoolCreate(v->context, &pd, 1, &dev, &l->pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ZE_CHECK(zeEventCreate(l->pool, &ed, &l->drain));
  ed.index = 1;
  ZE_CHECK(zeEventCreate(l->pool, &ed, &l->ts));
}

static void lane_close(lane* l) {
  ZE_CHECK(zeEventDestroy(l->drain));
  ZE_CHECK(zeEventDestroy(l->ts));
  ZE_CHECK(zeEventPoolDestroy(l->pool));
  ZE_CHECK(zeCommandListDestroy(l->list));
  ZE_CHECK(zeCommandQueueDestroy(l->queue));
  ZE_CHECK(zeCommandListDestroy(l->imm));
}

static size_t g_thread_errors, g_app_ts_bad;

static void* worker(void* arg) {
  lane lanes[NDRV];
  (void)arg;
  for (int d = 0; d < NDRV; d++) lane_open(&lanes[d], d);
  size_t errors = 0, app_ts_bad = 0;
  for (int r = 0; r < ROUNDS; r++) {
    for (int k = 0; k < NDRV; k++) {
      const int d = (r + k) % NDRV;
      lane* l = &lanes[d];
      ze_group_count_t gc = {1, 1, 1};
      errors += zeCommandListAppendLaunchKernel(l->imm, D[d].noop, &gc, NULL, 0, NULL) != ZE_RESULT_SUCCESS;
      errors += zeCommandListAppendLaunchKernel(l->imm, D[d].vmul, &gc, l->ts, 0, NULL) != ZE_RESULT_SUCCESS;
      errors += zeCommandQueueExecuteCommandLists(l->queue, 1, &l->list, NULL) != ZE_RESULT_SUCCESS;
      errors += zeEventHostSynchronize(l->ts, UINT64_MAX) != ZE_RESULT_SUCCESS;
      ze_kernel_timestamp_result_t ts; /* the application's own timestamps: vmul's 5 us in its ticks */
      errors += zeEventQueryKernelTimestamp(l->ts, &ts) != ZE_RESULT_SUCCESS;
      const uint64_t ticks = (ts.global.kernelEnd - ts.global.kernelStart) & 0xffffffffu;
      const uint64_t want = 5000ull * D[d].ticks_per_s / 1000000000ull;
      app_ts_bad += ticks + 2 < want || ticks > want + 2;
      errors += zeEventHostReset(l->ts) != ZE_RESULT_SUCCESS;
      errors += zeCommandListAppendBarrier(l->imm, l->drain, 0, NULL) != ZE_RESULT_SUCCESS;
      errors += zeEventHostSynchronize(l->drain, UINT64_MAX) != ZE_RESULT_SUCCESS;
      errors += zeEventHostReset(l->drain) != ZE_RESULT_SUCCESS;
      errors += zeCommandQueueSynchronize(l->queue, UINT64_MAX) != ZE_RESULT_SUCCESS;
    }
  }
  for (int d = 0; d < NDRV; d++) lane_close(&lanes[d]);
  pthread_mutex_lock(&g_lock);
  g_thread_errors += errors;
  g_app_ts_bad += app_ts_bad;
  pthread_mutex_unlock(&g_lock);
  return NULL;
}

static void test_two_drivers_several_threads(void** state) {
  (void)state;
  g_t0 = now_ns();
  pti_callback_subscriber_handle h;
  assert_int_equal(ptiCallbackSubscribe(&h, cb, NULL), PTI_SUCCESS);
  /* first: the library's own zeInit comes to this subscriber as an EXIT record */
  assert_int_equal(ptiCallbackEnableDomain(h, PTIC_CB_DOMAIN_DRIVER_INITIALIZATION, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_CONTEXT_CREATED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_KERNEL_CREATED, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_INTERNAL_EVENT, 1, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_DISPATCHED, 0, 1), PTI_SUCCESS);
  assert_int_equal(ptiCallbackEnableDomain(h, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1), PTI_SUCCESS);
  open_drivers();
  /* both drivers initialised, each context of its driver, each kernel of its driver's device */
  assert_true(g_init_records >= 1);
  assert_int_equal(g_init_drivers, NDRV);
  for (int d = 0; d < NDRV; d++) {
    assert_true(g_init_driver[0] == D[d].driver || g_init_driver[1] == D[d].driver);
    int ok = 0;
    for (int i = 0; i < g_nctx; i++) ok += g_ctx_driver[i][0] == D[d].context && g_ctx_driver[i][1] == D[d].driver;
    assert_int_equal(ok, 1);
    const ze_kernel_handle_t k[3] = {D[d].vadd, D[d].vmul, D[d].noop};
    for (int j = 0; j < 3; j++) {
      ok = 0;
      for (int i = 0; i < g_nkernels; i++) ok += g_kernel_device[i][0] == k[j] && g_kernel_device[i][1] == D[d].device;
      assert_int_equal(ok, 1);
    }
  }

  pthread_t th[NTHREADS];
  for (int i = 0; i < NTHREADS; i++) assert_int_equal(pthread_create(&th[i], NULL, worker, NULL), 0);
  for (int i = 0; i < NTHREADS; i++) assert_int_equal(pthread_join(th[i], NULL), 0);
  assert_int_equal(pticFlush(10000000000ull), PTI_SUCCESS);
  assert_int_equal(ptiCallbackUnsubscribe(h), PTI_SUCCESS);

  size_t never = 0;
  for (uint32_t i = 0; i < TABLE_SIZE; i++) never += g_table[i].exec_id && !g_table[i].completed;
  printf("  %zu expected (%zu regular appended), %zu completed; never %zu, twice %zu, unknown %zu, status %zu, "
         "objects %zu, driver %zu, times %zu, clock %zu, durations %zu, app timestamps %zu, warnings %zu\n",
         g_expected, g_regular_appended, g_completed, never, g_twice, g_unknown, g_bad_status, g_wrong_object,
         g_wrong_driver, g_bad_times, g_bad_clock, g_bad_duration, g_app_ts_bad, g_warnings);
  assert_int_equal(g_thread_errors, 0);
  /* per thread, round and driver: noop, vmul, the barrier; the regular list's vadd and noop */
  assert_int_equal(g_expected, (size_t)NTHREADS * ROUNDS * NDRV * (3 + 2));
  assert_int_equal(g_regular_appended, (size_t)NTHREADS * NDRV * 2);
  assert_int_equal(g_completed, g_expected);
  assert_int_equal(never, 0);
  assert_int_equal(g_twice, 0);
  assert_int_equal(g_unknown, 0);
  assert_int_equal(g_bad_status, 0);
  assert_int_equal(g_wrong_object, 0);
  assert_int_equal(g_wrong_driver, 0);
  assert_int_equal(g_bad_times, 0);
  assert_int_equal(g_bad_clock, 0);
  assert_int_equal(g_bad_duration, 0);
  assert_int_equal(g_app_ts_bad, 0);
  assert_int_equal(g_full, 0);
  assert_int_equal(g_warnings, 0);
  close_drivers();
}

int main(void) {
  const char* alt = getenv("ZE_ENABLE_ALT_DRIVERS");
  if (!alt || !strchr(alt, ',')) {
    fprintf(stderr, "test_drivers: ZE_ENABLE_ALT_DRIVERS must name both simulated drivers (run_test_drivers)\n");
    return 1;
  }
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_two_drivers_several_threads)};
  return cmocka_run_group_tests_name("two drivers", tests, NULL, NULL);
}
