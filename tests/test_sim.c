/* test_sim.c - the simulated Level Zero device's own suite, driven through the real loader.

   Run by tests/sim/run_twice.sh: plain, under ZE_ENABLE_TRACING_LAYER=1, and with
   ZE_SIM_DEVICES=2 plus an env fault spec (ZE_SIM_FAIL). Every wait is on an event, a fence,
   a queue or the pause switch: nothing asserts on wall-clock timing. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <level_zero/ze_api.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ze_sim.h"

#define OK(call) assert_int_equal((call), ZE_RESULT_SUCCESS)
#define FOREVER UINT64_MAX

static const char MODULE_TEXT[] =
    "# test module\n"
    "kernel vadd 20000\n"
    "\n"
    "kernel vmul 5000 3\n"
    "kernel tiny 100\n";

static struct {
    ze_sim_hooks_t sim;
    ze_driver_handle_t drv;
    ze_device_handle_t dev[8];
    uint32_t ndev;
    ze_context_handle_t ctx;
    ze_module_handle_t mod;
    ze_kernel_handle_t vadd, vmul, tiny;
    ze_event_pool_handle_t pool, ts_pool;
    uint64_t live_at_start;
} T;

static ze_kernel_handle_t make_kernel(const char *name) {
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, name };
    ze_kernel_handle_t k = NULL;
    OK(zeKernelCreate(T.mod, &kd, &k));
    return k;
}

static ze_result_t create_module(const char *text, size_t n, ze_module_format_t fmt, ze_module_handle_t *mod,
                                 ze_module_build_log_handle_t *log) {
    ze_module_desc_t md = { ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, fmt, n, (const uint8_t *)text, NULL, NULL };
    return zeModuleCreate(T.ctx, T.dev[0], &md, mod, log);
}

static ze_event_handle_t make_event(ze_event_pool_handle_t pool, uint32_t index) {
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, index, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_handle_t ev = NULL;
    OK(zeEventCreate(pool, &ed, &ev));
    return ev;
}

static ze_command_list_handle_t make_immediate(ze_device_handle_t dev, uint32_t ordinal, ze_command_queue_mode_t mode) {
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, ordinal, 0, 0, mode,
                                   ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_list_handle_t l = NULL;
    OK(zeCommandListCreateImmediate(T.ctx, dev, &qd, &l));
    return l;
}

static ze_command_list_handle_t make_list(ze_device_handle_t dev, uint32_t ordinal) {
    ze_command_list_desc_t ld = { ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, ordinal, 0 };
    ze_command_list_handle_t l = NULL;
    OK(zeCommandListCreate(T.ctx, dev, &ld, &l));
    return l;
}

static ze_command_queue_handle_t make_queue(ze_device_handle_t dev, uint32_t ordinal, uint32_t index,
                                            ze_command_queue_mode_t mode) {
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, ordinal, index, 0, mode,
                                   ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_queue_handle_t q = NULL;
    OK(zeCommandQueueCreate(T.ctx, dev, &qd, &q));
    return q;
}

static void *alloc_host(size_t size) {
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    void *p = NULL;
    OK(zeMemAllocHost(T.ctx, &hd, size, 0, &p));
    return p;
}

static void *alloc_device(size_t size) {
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    void *p = NULL;
    OK(zeMemAllocDevice(T.ctx, &dd, size, 0, T.dev[0], &p));
    return p;
}

/* The most recent log record whose signal event is ev. */
static ze_sim_command_record_t record_of(ze_event_handle_t ev) {
    ze_sim_command_record_t r;
    size_t n = T.sim.LogCount();
    memset(&r, 0, sizeof r);
    while (n-- > 0) {
        OK(T.sim.LogGet(n, &r));
        if (r.signal_event == ev) return r;
    }
    fail_msg("no log record for event %p", (void *)ev);
    return r;
}

static uint64_t now_raw_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int group_setup(void **state) {
    uint32_t n = 0;
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 64 };
    ze_event_pool_desc_t tpd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                 ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 64 };
    (void)state;
    if (zeInit(ZE_INIT_FLAG_GPU_ONLY) != ZE_RESULT_SUCCESS) return -1;
    if (ze_sim_hooks_load(&T.sim) != 0) return -1;
    n = 1;
    if (zeDriverGet(&n, &T.drv) != ZE_RESULT_SUCCESS || n != 1) return -1;
    n = 8;
    if (zeDeviceGet(T.drv, &n, T.dev) != ZE_RESULT_SUCCESS) return -1;
    T.ndev = n;
    T.live_at_start = T.sim.LiveObjectCount();
    if (zeContextCreate(T.drv, &cd, &T.ctx) != ZE_RESULT_SUCCESS) return -1;
    if (create_module(MODULE_TEXT, sizeof MODULE_TEXT - 1, ZE_MODULE_FORMAT_NATIVE, &T.mod, NULL) != ZE_RESULT_SUCCESS)
        return -1;
    T.vadd = make_kernel("vadd");
    T.vmul = make_kernel("vmul");
    T.tiny = make_kernel("tiny");
    if (zeEventPoolCreate(T.ctx, &pd, 0, NULL, &T.pool) != ZE_RESULT_SUCCESS) return -1;
    if (zeEventPoolCreate(T.ctx, &tpd, 1, T.dev, &T.ts_pool) != ZE_RESULT_SUCCESS) return -1;
    return 0;
}

static int group_teardown(void **state) {
    (void)state;
    zeKernelDestroy(T.vadd);
    zeKernelDestroy(T.vmul);
    zeKernelDestroy(T.tiny);
    zeModuleDestroy(T.mod);
    zeEventPoolDestroy(T.pool);
    zeEventPoolDestroy(T.ts_pool);
    zeContextDestroy(T.ctx);
    /* Every object the suite created is gone again. */
    return T.sim.LiveObjectCount() == T.live_at_start ? 0 : -1;
}

/* ---- environment fault spec: runs first, before any hook replaces the spec ---- */

static void test_fail_spec_from_env(void **state) {
    const char *spec = getenv("ZE_SIM_FAIL");
    uint32_t count = 0;
    (void)state;
    if (spec == NULL || strstr(spec, "zeKernelSuggestMaxCooperativeGroupCount") == NULL) {
        OK(zeKernelSuggestMaxCooperativeGroupCount(T.vadd, &count));
        return;
    }
    /* run_twice.sh sets zeKernelSuggestMaxCooperativeGroupCount:1-2:ZE_RESULT_ERROR_DEVICE_LOST */
    assert_int_equal(zeKernelSuggestMaxCooperativeGroupCount(T.vadd, &count), ZE_RESULT_ERROR_DEVICE_LOST);
    assert_int_equal(zeKernelSuggestMaxCooperativeGroupCount(T.vadd, &count), ZE_RESULT_ERROR_DEVICE_LOST);
    OK(zeKernelSuggestMaxCooperativeGroupCount(T.vadd, &count));
    assert_int_equal(count, 64);
}

/* ---- driver and device ---- */

static void test_driver(void **state) {
    uint32_t n = 0;
    ze_api_version_t v;
    ze_driver_properties_t dp = { ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES, NULL, { { 0 } }, 0 };
    ze_driver_ipc_properties_t ip = { ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES, NULL, 0 };
    (void)state;
    OK(zeDriverGet(&n, NULL));
    assert_int_equal(n, 1);
    OK(zeDriverGetApiVersion(T.drv, &v));
    assert_int_equal(ZE_MAJOR_VERSION(v), 1);
    OK(zeDriverGetProperties(T.drv, &dp));
    assert_int_not_equal(dp.driverVersion, 0);
    OK(zeDriverGetIpcProperties(T.drv, &ip));
    n = 5;
    OK(zeDriverGetExtensionProperties(T.drv, &n, NULL));
    assert_int_equal(n, 0);
    assert_int_equal(zeDriverGetProperties(T.drv, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeDriverGetApiVersion(NULL, &v), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
}

static void test_device_properties(void **state) {
    const char *env = getenv("ZE_SIM_DEVICES");
    uint32_t expected = env ? (uint32_t)atoi(env) : 1, n = 0, i;
    ze_device_properties_t p[8];
    (void)state;
    OK(zeDeviceGet(T.drv, &n, NULL));
    assert_int_equal(n, expected);
    for (i = 0; i < n; i++) {
        memset(&p[i], 0, sizeof p[i]);
        p[i].stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES;
        OK(zeDeviceGetProperties(T.dev[i], &p[i]));
        assert_int_equal(p[i].type, ZE_DEVICE_TYPE_GPU);
        assert_int_equal(p[i].vendorId, 0x8086);
        assert_string_equal(p[i].name, "Simulated Intel GPU (pti-callback ze_sim)");
        assert_int_equal(p[i].timerResolution, 52);
        assert_int_equal(p[i].timestampValidBits, 64);
        assert_int_equal(p[i].kernelTimestampValidBits, 32);
        if (i > 0) assert_memory_not_equal(p[i].uuid.id, p[0].uuid.id, ZE_MAX_DEVICE_UUID_SIZE);
    }
    memset(&p[0], 0, sizeof p[0]);
    p[0].stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2;
    OK(zeDeviceGetProperties(T.dev[0], &p[0]));
    assert_int_equal(p[0].timerResolution, ZE_SIM_TICKS_PER_SECOND);
    n = 4;
    OK(zeDeviceGetSubDevices(T.dev[0], &n, NULL));
    assert_int_equal(n, 0);
    OK(zeDeviceGetStatus(T.dev[0]));
}

static void test_device_more_properties(void **state) {
    ze_device_compute_properties_t cp = { .stype = ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES };
    ze_device_module_properties_t mp = { .stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES };
    ze_device_memory_properties_t mem = { .stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES };
    ze_device_memory_access_properties_t ap = { .stype = ZE_STRUCTURE_TYPE_DEVICE_MEMORY_ACCESS_PROPERTIES };
    ze_device_cache_properties_t cache = { .stype = ZE_STRUCTURE_TYPE_DEVICE_CACHE_PROPERTIES };
    ze_device_image_properties_t img = { .stype = ZE_STRUCTURE_TYPE_DEVICE_IMAGE_PROPERTIES };
    ze_device_external_memory_properties_t ext = { .stype = ZE_STRUCTURE_TYPE_DEVICE_EXTERNAL_MEMORY_PROPERTIES };
    ze_device_p2p_properties_t p2p = { .stype = ZE_STRUCTURE_TYPE_DEVICE_P2P_PROPERTIES };
    ze_command_queue_group_properties_t gp[3];
    uint32_t n = 0;
    ze_bool_t can = 0;
    (void)state;
    OK(zeDeviceGetComputeProperties(T.dev[0], &cp));
    assert_true(cp.maxTotalGroupSize >= 256);
    OK(zeDeviceGetModuleProperties(T.dev[0], &mp));
    n = 0;
    OK(zeDeviceGetMemoryProperties(T.dev[0], &n, NULL));
    assert_int_equal(n, 1);
    OK(zeDeviceGetMemoryProperties(T.dev[0], &n, &mem));
    assert_true(mem.totalSize > 0);
    OK(zeDeviceGetMemoryAccessProperties(T.dev[0], &ap));
    assert_true(ap.deviceAllocCapabilities & ZE_MEMORY_ACCESS_CAP_FLAG_RW);
    n = 1;
    OK(zeDeviceGetCacheProperties(T.dev[0], &n, &cache));
    OK(zeDeviceGetImageProperties(T.dev[0], &img));
    assert_int_equal(img.maxImageDims2D, 0);
    OK(zeDeviceGetExternalMemoryProperties(T.dev[0], &ext));
    OK(zeDeviceGetP2PProperties(T.dev[0], T.dev[0], &p2p));
    OK(zeDeviceCanAccessPeer(T.dev[0], T.dev[T.ndev - 1], &can));
    assert_true(can);
    n = 0;
    OK(zeDeviceGetCommandQueueGroupProperties(T.dev[0], &n, NULL));
    assert_int_equal(n, 2);
    memset(gp, 0, sizeof gp);
    gp[0].stype = gp[1].stype = ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES;
    OK(zeDeviceGetCommandQueueGroupProperties(T.dev[0], &n, gp));
    assert_true(gp[0].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE);
    assert_true(gp[0].flags & ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY);
    assert_int_equal(gp[1].flags, ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COPY);
    assert_int_equal(gp[0].maxMemoryFillPatternSize, 128);
    assert_true(gp[0].numQueues >= 1 && gp[1].numQueues >= 1);
}

static void test_global_timestamps(void **state) {
    uint64_t host = 0, dev = 0, before = now_raw_ns(), t0 = T.sim.DeviceTicks();
    (void)state;
    OK(zeDeviceGetGlobalTimestamps(T.dev[0], &host, &dev));
    assert_true(host >= before && host <= now_raw_ns());
    assert_true(dev >= t0 && dev <= T.sim.DeviceTicks());
    /* 19.2 MHz */
    assert_true(dev >= host / 625 * 12 && dev <= host / 625 * 12 + 12);
    assert_int_equal(zeDeviceGetGlobalTimestamps(T.dev[0], NULL, &dev), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
}

/* ---- contexts and memory ---- */

static void test_context(void **state) {
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_context_handle_t c = NULL, c2 = NULL;
    (void)state;
    OK(zeContextCreate(T.drv, &cd, &c));
    OK(zeContextGetStatus(c));
    OK(zeContextCreateEx(T.drv, &cd, 1, T.dev, &c2));
    OK(zeContextSystemBarrier(c2, T.dev[0]));
    OK(zeContextDestroy(c2));
    OK(zeContextDestroy(c));
    assert_int_equal(zeContextGetStatus(c), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeContextCreate(T.drv, NULL, &c), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeContextCreate(NULL, &cd, &c), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
}

static void test_memory(void **state) {
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    ze_memory_allocation_properties_t mp = { ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, NULL, 0, 0, 0 };
    void *h = NULL, *d = NULL, *s = NULL, *base = NULL;
    size_t size = 0;
    int local = 0;
    ze_device_handle_t owner = NULL;
    (void)state;
    OK(zeMemAllocHost(T.ctx, &hd, 100, 4096, &h));
    assert_int_equal((uintptr_t)h % 4096, 0);
    OK(zeMemAllocDevice(T.ctx, &dd, 256, 0, T.dev[0], &d));
    OK(zeMemAllocShared(T.ctx, &dd, &hd, 64, 256, T.dev[0], &s));
    assert_int_equal((uintptr_t)s % 256, 0);
    OK(zeMemGetAllocProperties(T.ctx, h, &mp, NULL));
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_HOST);
    OK(zeMemGetAllocProperties(T.ctx, (char *)d + 100, &mp, &owner));
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_DEVICE);
    assert_ptr_equal(owner, T.dev[0]);
    OK(zeMemGetAllocProperties(T.ctx, s, &mp, NULL));
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_SHARED);
    OK(zeMemGetAllocProperties(T.ctx, &local, &mp, NULL));
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_UNKNOWN);
    OK(zeMemGetAddressRange(T.ctx, (char *)d + 255, &base, &size));
    assert_ptr_equal(base, d);
    assert_int_equal(size, 256);
    assert_int_equal(zeMemGetAddressRange(T.ctx, &local, &base, &size), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemAllocHost(T.ctx, &hd, 64, 3, &h), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    assert_int_equal(zeMemAllocHost(T.ctx, &hd, 0, 0, &base), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeMemAllocDevice(T.ctx, &dd, 64, 0, NULL, &base), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    OK(zeMemFree(T.ctx, h));
    OK(zeMemFree(T.ctx, d));
    OK(zeMemFree(T.ctx, s));
    assert_int_equal(zeMemFree(T.ctx, h), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemFree(T.ctx, &local), ZE_RESULT_ERROR_INVALID_ARGUMENT);
}

/* ---- modules and kernels ---- */

static void test_module(void **state) {
    ze_module_handle_t m = NULL;
    ze_module_build_log_handle_t log = NULL;
    ze_module_properties_t mp = { ZE_STRUCTURE_TYPE_MODULE_PROPERTIES, NULL, 0 };
    const char *names[4] = { NULL };
    uint32_t n = 0;
    size_t size = 0;
    char buf[256];
    static const char bad_build[] = "kernel a 10\nerror undefined symbol foo\n";
    (void)state;
    OK(create_module(MODULE_TEXT, sizeof MODULE_TEXT - 1, ZE_MODULE_FORMAT_IL_SPIRV, &m, &log));
    OK(zeModuleBuildLogGetString(log, &size, NULL));
    assert_int_equal(size, 1);
    OK(zeModuleBuildLogDestroy(log));
    OK(zeModuleGetKernelNames(m, &n, NULL));
    assert_int_equal(n, 3);
    OK(zeModuleGetKernelNames(m, &n, names));
    assert_string_equal(names[0], "vadd");
    assert_string_equal(names[1], "vmul");
    assert_string_equal(names[2], "tiny");
    OK(zeModuleGetProperties(m, &mp));
    OK(zeModuleGetNativeBinary(m, &size, NULL));
    assert_int_equal(size, sizeof MODULE_TEXT - 1);
    OK(zeModuleGetNativeBinary(m, &size, (uint8_t *)buf));
    assert_memory_equal(buf, MODULE_TEXT, size);
    OK(zeModuleDestroy(m));
    assert_int_equal(zeModuleDestroy(m), ZE_RESULT_ERROR_INVALID_ARGUMENT);

    m = NULL;
    assert_int_equal(create_module(bad_build, sizeof bad_build - 1, ZE_MODULE_FORMAT_NATIVE, &m, &log),
                     ZE_RESULT_ERROR_MODULE_BUILD_FAILURE);
    assert_null(m);
    size = sizeof buf;
    OK(zeModuleBuildLogGetString(log, &size, buf));
    assert_string_equal(buf, "undefined symbol foo");
    OK(zeModuleBuildLogDestroy(log));
    assert_int_equal(create_module("garbage", 7, ZE_MODULE_FORMAT_NATIVE, &m, NULL), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
    assert_int_equal(create_module("# only\n\n", 8, ZE_MODULE_FORMAT_NATIVE, &m, NULL), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
    assert_int_equal(create_module("kernel x -5\n", 12, ZE_MODULE_FORMAT_NATIVE, &m, NULL), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
    assert_int_equal(create_module("kernel x 5\n", 0, ZE_MODULE_FORMAT_NATIVE, &m, NULL), ZE_RESULT_ERROR_INVALID_SIZE);
    assert_int_equal(create_module("kernel x 5\n", 11, (ze_module_format_t)7, &m, NULL), ZE_RESULT_ERROR_INVALID_ENUMERATION);
}

static void test_kernel(void **state) {
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "nope" };
    ze_kernel_handle_t k = NULL;
    ze_kernel_properties_t kp = { .stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES };
    ze_kernel_indirect_access_flags_t fl = 0;
    uint32_t x = 0, y = 0, z = 0, v = 7;
    size_t size = 0;
    char name[16];
    (void)state;
    assert_int_equal(zeKernelCreate(T.mod, &kd, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    OK(zeKernelGetName(T.vmul, &size, NULL));
    assert_int_equal(size, 5);
    OK(zeKernelGetName(T.vmul, &size, name));
    assert_string_equal(name, "vmul");
    OK(zeKernelSetGroupSize(T.vadd, 64, 2, 1));
    assert_int_equal(zeKernelSetGroupSize(T.vadd, 4096, 1, 1), ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION);
    OK(zeKernelSuggestGroupSize(T.vadd, 1000, 3, 1, &x, &y, &z));
    assert_int_equal(1000 % x, 0);
    assert_int_equal(3 % y, 0);
    assert_true(x * y * z <= 1024);
    OK(zeKernelSetArgumentValue(T.vadd, 0, sizeof v, &v));
    OK(zeKernelSetArgumentValue(T.vadd, 7, sizeof v, &v));
    assert_int_equal(zeKernelSetArgumentValue(T.vadd, 8, sizeof v, &v), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    assert_int_equal(zeKernelSetArgumentValue(T.vmul, 3, sizeof v, &v), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    OK(zeKernelGetProperties(T.vmul, &kp));
    assert_int_equal(kp.numKernelArgs, 3);
    OK(zeKernelSetIndirectAccess(T.vadd, ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE));
    OK(zeKernelGetIndirectAccess(T.vadd, &fl));
    assert_int_equal(fl, ZE_KERNEL_INDIRECT_ACCESS_FLAG_DEVICE);
    OK(zeKernelSetCacheConfig(T.vadd, 0));
}

/* ---- events ---- */

static void test_events_host(void **state) {
    ze_event_handle_t e = make_event(T.pool, 0), t = make_event(T.ts_pool, 0);
    ze_kernel_timestamp_result_t ts;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 64, 0, 0 };
    ze_event_handle_t bad = NULL;
    (void)state;
    assert_int_equal(zeEventQueryStatus(e), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventHostSynchronize(e, 0), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventHostSynchronize(e, 1000000), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(e));
    OK(zeEventQueryStatus(e));
    OK(zeEventHostSynchronize(e, 0));
    OK(zeEventHostSynchronize(e, FOREVER));
    OK(zeEventHostReset(e));
    assert_int_equal(zeEventQueryStatus(e), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventQueryKernelTimestamp(e, &ts), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventQueryKernelTimestamp(t, &ts), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventCreate(T.pool, &ed, &bad), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventDestroy(e));
    OK(zeEventDestroy(t));
    assert_int_equal(zeEventQueryStatus(e), ZE_RESULT_ERROR_INVALID_ARGUMENT);
}

/* An event pool's memory is made at zeEventPoolCreate, as a driver allocates a pool's memory:
   zeEventCreate takes none (glibc's count of bytes in use; 0 under sanitizers and valgrind, whose
   allocators it does not see: nothing to check there). "The application must ensure the
   location in the pool is not being used by another event": a second event at an index in use
   is ZE_RESULT_ERROR_INVALID_ARGUMENT; an event created again at a free index is new
   (unsignalled). */
static void test_event_pool_memory(void **state) {
    enum { N = 1024 };
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, N };
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 3, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_pool_handle_t pool = NULL;
    ze_event_handle_t *ev = calloc(N, sizeof *ev), again = NULL;
    size_t before, after;
    uint32_t i;
    (void)state;
    assert_non_null(ev);
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    before = mallinfo2().uordblks;
    for (i = 0; i < N; i++) ev[i] = make_event(pool, i);
    after = mallinfo2().uordblks;
    assert_true(after < before + N * sizeof(void *)); /* (the handle table may grow: not here) */
    assert_int_equal(zeEventCreate(pool, &ed, &again), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_null(again);
    OK(zeEventHostSignal(ev[3]));
    OK(zeEventDestroy(ev[3]));
    OK(zeEventCreate(pool, &ed, &again));
    assert_int_equal(zeEventQueryStatus(again), ZE_RESULT_NOT_READY);
    ev[3] = again;
    for (i = 0; i < N; i++) OK(zeEventDestroy(ev[i]));
    OK(zeEventPoolDestroy(pool));
    free(ev);
}

/* ---- execution ---- */

static void test_immediate_kernel_timestamp(void **state) {
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_event_handle_t ev = make_event(T.ts_pool, 1);
    ze_group_count_t gc = { 4, 2, 1 };
    ze_kernel_timestamp_result_t ts;
    ze_sim_command_record_t r;
    uint64_t before = T.sim.DeviceTicks();
    (void)state;
    OK(zeCommandListAppendLaunchKernel(l, T.vadd, &gc, ev, 0, NULL));
    OK(zeEventHostSynchronize(ev, FOREVER));
    OK(zeEventQueryKernelTimestamp(ev, &ts));
    r = record_of(ev);
    assert_int_equal(r.kind, ZE_SIM_CMD_KERNEL);
    assert_string_equal(r.kernel_name, "vadd");
    assert_int_equal(r.group_count[0], 4);
    assert_int_equal(r.group_count[1], 2);
    assert_ptr_equal(r.command_list, l);
    assert_null(r.queue);
    assert_true(r.device_start >= before);
    /* 20000 ns at 19.2 MHz = 384 ticks */
    assert_true(r.device_end - r.device_start >= 383 && r.device_end - r.device_start <= 385);
    assert_true(r.host_end_ns / 625 * 12 + 12 >= r.device_end);
    assert_int_equal(ts.global.kernelStart, r.device_start & 0xffffffffu);
    assert_int_equal(ts.global.kernelEnd, r.device_end & 0xffffffffu);
    assert_int_equal(ts.context.kernelEnd, ts.global.kernelEnd);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(ev));
}

static void test_regular_list_twice(void **state) {
    ze_command_queue_handle_t q = make_queue(T.dev[0], 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t l = make_list(T.dev[0], 0);
    ze_fence_desc_t fd = { ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0 };
    ze_fence_handle_t f = NULL;
    ze_event_handle_t e1 = make_event(T.ts_pool, 2), e2 = make_event(T.ts_pool, 3);
    uint8_t *src = alloc_host(4096), *dst = alloc_device(4096), *fill = alloc_host(1000);
    uint64_t *stamp = alloc_host(sizeof *stamp);
    ze_group_count_t gc = { 1, 1, 1 };
    uint32_t pattern = 0xa1b2c3d4u;
    size_t n0, i, run;
    ze_sim_command_record_t prev, r;
    (void)state;
    OK(zeFenceCreate(q, &fd, &f));
    for (i = 0; i < 4096; i++) src[i] = (uint8_t)(i * 7);
    OK(zeCommandListAppendMemoryCopy(l, dst, src, 4096, NULL, 0, NULL));
    OK(zeCommandListAppendMemoryFill(l, fill, &pattern, sizeof pattern, 1000, NULL, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, T.vmul, &gc, e1, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, e2, 1, &e1));
    OK(zeCommandListAppendWriteGlobalTimestamp(l, stamp, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    for (run = 0; run < 2; run++) {
        T.sim.LogClear();
        n0 = T.sim.LogCount();
        memset(dst, 0, 4096);
        memset(fill, 0, 1000);
        *stamp = 0;
        OK(zeEventHostReset(e1));
        OK(zeEventHostReset(e2));
        OK(zeFenceReset(f));
        OK(zeCommandQueueExecuteCommandLists(q, 1, &l, f));
        OK(zeFenceHostSynchronize(f, FOREVER));
        OK(zeFenceQueryStatus(f));
        OK(zeEventQueryStatus(e2));
        assert_memory_equal(dst, src, 4096);
        for (i = 0; i < 1000; i++) assert_int_equal(fill[i], ((uint8_t *)&pattern)[i % 4]);
        assert_int_equal(T.sim.LogCount(), n0 + 5);
        /* In queue order, each starting no earlier than the previous ended. */
        OK(T.sim.LogGet(n0, &prev));
        assert_int_equal(prev.kind, ZE_SIM_CMD_COPY);
        assert_int_equal(prev.bytes, 4096);
        assert_ptr_equal(prev.queue, q);
        assert_ptr_equal(prev.command_list, l);
        for (i = 1; i < 5; i++) {
            OK(T.sim.LogGet(n0 + i, &r));
            assert_true(r.device_end >= r.device_start);
            assert_true(r.device_start >= prev.device_end);
            assert_true(r.seq == prev.seq + 1);
            prev = r;
        }
        assert_int_equal(r.kind, ZE_SIM_CMD_WRITE_TIMESTAMP);
        assert_int_equal(*stamp, r.device_end);
    }
    OK(zeCommandQueueSynchronize(q, FOREVER));
    OK(zeFenceDestroy(f));
    OK(zeCommandListDestroy(l));
    OK(zeCommandQueueDestroy(q));
    OK(zeEventDestroy(e1));
    OK(zeEventDestroy(e2));
    OK(zeMemFree(T.ctx, src));
    OK(zeMemFree(T.ctx, dst));
    OK(zeMemFree(T.ctx, fill));
    OK(zeMemFree(T.ctx, stamp));
}

static void test_list_state_errors(void **state) {
    ze_command_queue_handle_t q = make_queue(T.dev[0], 0, 1, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_queue_handle_t qc = make_queue(T.dev[0], 1, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t l = make_list(T.dev[0], 0), imm = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_DEFAULT);
    ze_command_list_handle_t copy = make_list(T.dev[0], 1);
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 99, 0, 0, 0 };
    ze_command_queue_handle_t badq = NULL;
    ze_group_count_t gc = { 1, 1, 1 };
    (void)state;
    assert_int_equal(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListAppendBarrier(l, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    assert_int_equal(zeCommandListAppendBarrier(l, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandQueueExecuteCommandLists(q, 1, &imm, NULL), ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE);
    assert_int_equal(zeCommandQueueExecuteCommandLists(qc, 1, &l, NULL), ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE);
    assert_int_equal(zeCommandQueueExecuteCommandLists(q, 0, &l, NULL), ZE_RESULT_ERROR_INVALID_SIZE);
    assert_int_equal(zeCommandListClose(imm), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendLaunchKernel(copy, T.tiny, &gc, NULL, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE);
    assert_int_equal(zeCommandQueueCreate(T.ctx, T.dev[0], &qd, &badq), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListReset(l));
    OK(zeCommandListAppendBarrier(l, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeCommandQueueSynchronize(q, FOREVER));
    OK(zeCommandListDestroy(l));
    OK(zeCommandListDestroy(imm));
    OK(zeCommandListDestroy(copy));
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandQueueDestroy(qc));
}

static void test_fill_patterns(void **state) {
    ze_command_list_handle_t l = make_immediate(T.dev[0], 1, ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS);
    uint8_t *buf = alloc_host(1024), pattern[256];
    size_t ps, i;
    (void)state;
    for (i = 0; i < sizeof pattern; i++) pattern[i] = (uint8_t)(i + 1);
    for (ps = 1; ps <= 128; ps *= 2) {
        memset(buf, 0, 1024);
        OK(zeCommandListAppendMemoryFill(l, buf, pattern, ps, 1000, NULL, 0, NULL));
        /* synchronous immediate list: done on return */
        for (i = 0; i < 1000; i++) assert_int_equal(buf[i], pattern[i % ps]);
        assert_int_equal(buf[1000], 0);
    }
    assert_int_equal(zeCommandListAppendMemoryFill(l, buf, pattern, 3, 12, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_SIZE);
    assert_int_equal(zeCommandListAppendMemoryFill(l, buf, pattern, 256, 512, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_SIZE);
    assert_int_equal(zeCommandListAppendMemoryCopy(l, buf, buf + 10, 100, NULL, 0, NULL), ZE_RESULT_ERROR_OVERLAPPING_REGIONS);
    assert_int_equal(zeCommandListAppendMemoryCopy(l, NULL, buf, 100, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    OK(zeCommandListDestroy(l));
    OK(zeMemFree(T.ctx, buf));
}

static void test_copy_region_and_context(void **state) {
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_event_handle_t e = make_event(T.pool, 4), e2 = make_event(T.pool, 5);
    uint8_t *src = alloc_host(16 * 16), *dst = alloc_host(16 * 16);
    ze_copy_region_t sr = { 2, 3, 0, 4, 5, 1 }, dr = { 8, 1, 0, 4, 5, 1 };
    uint32_t x, y;
    (void)state;
    for (x = 0; x < 256; x++) src[x] = (uint8_t)x;
    memset(dst, 0, 256);
    OK(zeCommandListAppendMemoryCopyRegion(l, dst, &dr, 16, 0, src, &sr, 16, 0, e, 0, NULL));
    OK(zeEventHostSynchronize(e, FOREVER));
    for (y = 0; y < 16; y++) {
        for (x = 0; x < 16; x++) {
            int inside = x >= 8 && x < 12 && y >= 1 && y < 6;
            assert_int_equal(dst[y * 16 + x], inside ? src[(y - 1 + 3) * 16 + (x - 8 + 2)] : 0);
        }
    }
    assert_int_equal(record_of(e).bytes, 20);
    OK(zeCommandListAppendMemoryCopyFromContext(l, dst, T.ctx, src, 256, e2, 0, NULL));
    OK(zeEventHostSynchronize(e2, FOREVER));
    assert_memory_equal(dst, src, 256);
    assert_int_equal(record_of(e2).kind, ZE_SIM_CMD_COPY_FROM_CONTEXT);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(e));
    OK(zeEventDestroy(e2));
    OK(zeMemFree(T.ctx, src));
    OK(zeMemFree(T.ctx, dst));
}

static void test_wait_event_honoured(void **state) {
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_event_handle_t gate = make_event(T.pool, 6), done = make_event(T.pool, 7), after = make_event(T.pool, 8);
    ze_group_count_t gc = { 1, 1, 1 };
    uint64_t signalled_at;
    (void)state;
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, done, 1, &gate));
    OK(zeCommandListAppendBarrier(l, after, 0, NULL));
    /* Nothing can start before the gate: both stay pending whatever the scheduling. */
    assert_int_equal(zeEventHostSynchronize(done, 2000000), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventQueryStatus(after), ZE_RESULT_NOT_READY);
    assert_true(T.sim.PendingCount() >= 2);
    signalled_at = T.sim.DeviceTicks();
    OK(zeEventHostSignal(gate));
    OK(zeEventHostSynchronize(after, FOREVER));
    OK(zeEventQueryStatus(done));
    assert_true(record_of(done).device_start >= signalled_at);
    assert_true(record_of(after).device_start >= record_of(done).device_end);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(done));
    OK(zeEventDestroy(after));
}

static void test_pause_and_timeouts(void **state) {
    ze_command_queue_handle_t q = make_queue(T.dev[0], 0, 2, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t l = make_list(T.dev[0], 0);
    ze_fence_desc_t fd = { ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0 };
    ze_fence_handle_t f = NULL;
    ze_event_handle_t e = make_event(T.pool, 9);
    ze_group_count_t gc = { 1, 1, 1 };
    (void)state;
    OK(zeFenceCreate(q, &fd, &f));
    assert_int_equal(zeFenceQueryStatus(f), ZE_RESULT_NOT_READY);
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, e, 0, NULL));
    OK(zeCommandListClose(l));
    OK(T.sim.WaitIdle(FOREVER));
    T.sim.SetPaused(1);
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, f));
    assert_int_equal(T.sim.PendingCount(), 2); /* the kernel and the fence signal */
    assert_int_equal(zeCommandQueueSynchronize(q, 0), ZE_RESULT_NOT_READY);
    assert_int_equal(zeCommandQueueSynchronize(q, 1000000), ZE_RESULT_NOT_READY);
    assert_int_equal(zeFenceHostSynchronize(f, 1000000), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventHostSynchronize(e, 0), ZE_RESULT_NOT_READY);
    assert_int_equal(T.sim.WaitIdle(1000000), ZE_RESULT_NOT_READY);
    T.sim.SetPaused(0);
    OK(zeCommandQueueSynchronize(q, FOREVER));
    OK(zeFenceQueryStatus(f));
    OK(zeEventQueryStatus(e));
    assert_int_equal(T.sim.PendingCount(), 0);
    OK(zeFenceReset(f));
    assert_int_equal(zeFenceQueryStatus(f), ZE_RESULT_NOT_READY);
    OK(zeFenceDestroy(f));
    fd.flags = ZE_FENCE_FLAG_SIGNALED;
    OK(zeFenceCreate(q, &fd, &f));
    OK(zeFenceQueryStatus(f));
    OK(zeFenceDestroy(f));
    OK(zeCommandListDestroy(l));
    OK(zeCommandQueueDestroy(q));
    OK(zeEventDestroy(e));
}

static void test_fence_wrong_queue(void **state) {
    ze_command_queue_handle_t q1 = make_queue(T.dev[0], 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_queue_handle_t q2 = make_queue(T.dev[0], 0, 1, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t l = make_list(T.dev[0], 0);
    ze_fence_desc_t fd = { ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0 };
    ze_fence_handle_t f = NULL;
    (void)state;
    OK(zeFenceCreate(q1, &fd, &f));
    OK(zeCommandListClose(l));
    assert_int_equal(zeCommandQueueExecuteCommandLists(q2, 1, &l, f), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT);
    OK(zeFenceDestroy(f));
    OK(zeCommandListDestroy(l));
    OK(zeCommandQueueDestroy(q1));
    OK(zeCommandQueueDestroy(q2));
}

/* Queue A is held by an unsignalled event while queue B runs to completion: the queues are
   independent, proven without timing. */
static void test_two_queues_parallel(void **state) {
    ze_command_queue_handle_t qa = make_queue(T.dev[0], 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_queue_handle_t qb = make_queue(T.dev[0], 1, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t la = make_list(T.dev[0], 0), lb = make_list(T.dev[0], 1);
    ze_event_handle_t gate = make_event(T.pool, 10), ea = make_event(T.pool, 11), eb = make_event(T.pool, 12);
    ze_group_count_t gc = { 1, 1, 1 };
    uint8_t *a = alloc_host(64), *b = alloc_host(64);
    (void)state;
    memset(a, 1, 64);
    OK(zeCommandListAppendWaitOnEvents(la, 1, &gate));
    OK(zeCommandListAppendLaunchKernel(la, T.tiny, &gc, ea, 0, NULL));
    OK(zeCommandListAppendMemoryCopy(lb, b, a, 64, eb, 0, NULL));
    OK(zeCommandListClose(la));
    OK(zeCommandListClose(lb));
    OK(zeCommandQueueExecuteCommandLists(qa, 1, &la, NULL));
    OK(zeCommandQueueExecuteCommandLists(qb, 1, &lb, NULL));
    OK(zeCommandQueueSynchronize(qb, FOREVER));
    OK(zeEventQueryStatus(eb));
    assert_memory_equal(a, b, 64);
    assert_int_equal(zeCommandQueueSynchronize(qa, 0), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventQueryStatus(ea), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(gate));
    OK(zeCommandQueueSynchronize(qa, FOREVER));
    OK(zeEventQueryStatus(ea));
    assert_ptr_equal(record_of(ea).queue, qa);
    assert_ptr_equal(record_of(eb).queue, qb);
    OK(zeCommandListDestroy(la));
    OK(zeCommandListDestroy(lb));
    OK(zeCommandQueueDestroy(qa));
    OK(zeCommandQueueDestroy(qb));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(ea));
    OK(zeEventDestroy(eb));
    OK(zeMemFree(T.ctx, a));
    OK(zeMemFree(T.ctx, b));
}

/* ZE_SIM_OOO (zeSimSetOutOfOrder): a list without the in-order flag overlaps its commands
   ("only guaranteed to start in the same order in which they are submitted"), a barrier orders
   them; the default stays in order. The slow kernel (50 ms) keeps this independent of how fast
   the machine (or valgrind) is. */
static void test_out_of_order_hook(void **state) {
    static const char slow_text[] = "kernel slow 50000000\n";
    ze_module_handle_t mod = NULL;
    ze_kernel_handle_t slow;
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "slow" };
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_event_handle_t es = make_event(T.pool, 22), et = make_event(T.pool, 23);
    ze_group_count_t gc = { 1, 1, 1 };
    ze_sim_command_record_t a, b;
    (void)state;
    OK(create_module(slow_text, sizeof slow_text - 1, ZE_MODULE_FORMAT_NATIVE, &mod, NULL));
    OK(zeKernelCreate(mod, &kd, &slow));
    T.sim.SetOutOfOrder(1);
    T.sim.SetPaused(1);
    OK(zeCommandListAppendLaunchKernel(l, slow, &gc, es, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, et, 0, NULL));
    T.sim.SetPaused(0);
    OK(zeEventHostSynchronize(es, FOREVER));
    a = record_of(es);
    b = record_of(et);
    assert_true(b.device_start < a.device_end && b.seq < a.seq);
    OK(zeEventHostReset(es));
    OK(zeEventHostReset(et));
    OK(zeCommandListAppendLaunchKernel(l, slow, &gc, es, 0, NULL));
    OK(zeCommandListAppendBarrier(l, NULL, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, et, 0, NULL));
    OK(zeEventHostSynchronize(et, FOREVER));
    assert_true(record_of(et).device_start >= record_of(es).device_end);
    T.sim.SetOutOfOrder(0);
    OK(zeEventHostReset(es));
    OK(zeEventHostReset(et));
    OK(zeCommandListAppendLaunchKernel(l, slow, &gc, es, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, et, 0, NULL));
    OK(zeEventHostSynchronize(et, FOREVER));
    assert_true(record_of(et).device_start >= record_of(es).device_end);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(es));
    OK(zeEventDestroy(et));
    OK(zeKernelDestroy(slow));
    OK(zeModuleDestroy(mod));
}

/* IPC event pools within the process: an event of a pool opened from the handle is the exporter's
   event of the same index; zeEventPoolCloseIpcHandle destroys the opened pool and its events. */
static void test_ipc_event_pool(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_IPC, 2 };
    ze_event_pool_handle_t pool = NULL, opened = NULL;
    ze_ipc_event_pool_handle_t h;
    ze_event_handle_t e, alias;
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_group_count_t gc = { 1, 1, 1 };
    uint64_t live;
    (void)state;
    assert_int_equal(zeEventPoolGetIpcHandle(T.pool, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    e = make_event(pool, 1);
    OK(zeEventPoolGetIpcHandle(pool, &h));
    OK(zeEventPoolOpenIpcHandle(T.ctx, h, &opened));
    live = T.sim.LiveObjectCount();
    alias = make_event(opened, 1);
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, e, 0, NULL));
    OK(zeEventHostSynchronize(alias, FOREVER));
    OK(zeEventHostReset(alias));
    assert_int_equal(zeEventQueryStatus(e), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventPoolDestroy(opened), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventPoolCloseIpcHandle(opened));
    assert_int_equal(T.sim.LiveObjectCount(), live - 1);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(e));
    OK(zeEventPoolDestroy(pool));
}

/* The same with the handle table grown past its initial 4096 buckets: the export shares the
   state of every event already there, whichever bucket holds it, and zeEventPoolCloseIpcHandle
   frees the opened pool's events while the table shrinks under it (it halves when fewer than
   an eighth of its buckets' count are registered). */
static void test_ipc_event_pool_large_table(void **state) {
    enum { FILL = 9000, N = 64 };
    ze_event_pool_desc_t fd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, 0, FILL };
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_IPC, N };
    ze_event_pool_handle_t fill_pool = NULL, pool = NULL, opened = NULL;
    ze_ipc_event_pool_handle_t h;
    ze_event_handle_t *fill = calloc(FILL, sizeof *fill), e[N], alias[N];
    uint32_t i, nfill = FILL, ready = 0;
    uint64_t live;
    (void)state;
    assert_non_null(fill);
    OK(zeEventPoolCreate(T.ctx, &fd, 0, NULL, &fill_pool));
    for (i = 0; i < FILL; i++) fill[i] = make_event(fill_pool, i); /* the table: 8192 buckets */
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    for (i = 0; i < N; i++) {
        e[i] = make_event(pool, i);
        OK(zeEventHostSignal(e[i]));
    }
    OK(zeEventPoolGetIpcHandle(pool, &h));
    OK(zeEventPoolOpenIpcHandle(T.ctx, h, &opened));
    for (i = 0; i < N; i++) {
        alias[i] = make_event(opened, i);
        ready += zeEventQueryStatus(alias[i]) == ZE_RESULT_SUCCESS;
    }
    assert_int_equal(ready, N);
    /* 16 above the shrinking point (1024 registered, drivers and devices included): closing
       the handle crosses it */
    while (nfill > 0 && T.sim.LiveObjectCount() > 1024 + 16) OK(zeEventDestroy(fill[--nfill]));
    assert_true(nfill > 0);
    live = T.sim.LiveObjectCount();
    OK(zeEventPoolCloseIpcHandle(opened));
    assert_int_equal(T.sim.LiveObjectCount(), live - N - 1);
    for (i = 0; i < N; i++) assert_int_equal(zeEventQueryStatus(e[i]), ZE_RESULT_SUCCESS);
    for (i = 0; i < N; i++) OK(zeEventDestroy(e[i]));
    while (nfill > 0) OK(zeEventDestroy(fill[--nfill]));
    OK(zeEventPoolDestroy(pool));
    OK(zeEventPoolDestroy(fill_pool));
    free(fill);
}

static void test_indirect_launches(void **state) {
    ze_command_queue_handle_t q = make_queue(T.dev[0], 0, 3, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t l = make_list(T.dev[0], 0);
    ze_group_count_t *args = alloc_host(3 * sizeof *args);
    uint32_t *count = alloc_host(sizeof *count);
    ze_kernel_handle_t ks[3] = { T.vadd, T.vmul, T.tiny };
    ze_event_handle_t e1 = make_event(T.pool, 13), e2 = make_event(T.pool, 14), e3 = make_event(T.pool, 15);
    ze_group_count_t gc = { 2, 2, 2 };
    ze_sim_command_record_t r;
    size_t n;
    (void)state;
    OK(zeCommandListAppendLaunchKernelIndirect(l, T.vadd, &args[0], e1, 0, NULL));
    OK(zeCommandListAppendLaunchMultipleKernelsIndirect(l, 3, ks, count, args, e2, 0, NULL));
    OK(zeCommandListAppendLaunchCooperativeKernel(l, T.tiny, &gc, e3, 0, NULL));
    OK(zeCommandListClose(l));
    /* Written after the appends: the device reads them when it executes. */
    args[0] = (ze_group_count_t){ 3, 2, 1 };
    args[1] = (ze_group_count_t){ 5, 1, 1 };
    args[2] = (ze_group_count_t){ 9, 9, 9 };
    *count = 2;
    T.sim.LogClear();
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeCommandQueueSynchronize(q, FOREVER));
    r = record_of(e1);
    assert_int_equal(r.kind, ZE_SIM_CMD_KERNEL_INDIRECT);
    assert_int_equal(r.group_count[0], 3);
    assert_int_equal(r.group_count[1], 2);
    n = T.sim.LogCount();
    assert_int_equal(n, 4); /* indirect + 2 of the multi launch + cooperative */
    OK(T.sim.LogGet(1, &r));
    assert_int_equal(r.kind, ZE_SIM_CMD_KERNEL_MULTI_INDIRECT);
    assert_string_equal(r.kernel_name, "vadd");
    assert_int_equal(r.group_count[0], 3);
    assert_null(r.signal_event);
    OK(T.sim.LogGet(2, &r));
    assert_string_equal(r.kernel_name, "vmul");
    assert_int_equal(r.group_count[0], 5);
    assert_ptr_equal(r.signal_event, e2);
    r = record_of(e3);
    assert_int_equal(r.kind, ZE_SIM_CMD_KERNEL_COOPERATIVE);
    assert_int_equal(r.group_count[2], 2);
    OK(zeCommandListDestroy(l));
    OK(zeCommandQueueDestroy(q));
    OK(zeEventDestroy(e1));
    OK(zeEventDestroy(e2));
    OK(zeEventDestroy(e3));
    OK(zeMemFree(T.ctx, args));
    OK(zeMemFree(T.ctx, count));
}

static void test_event_appends(void **state) {
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_event_handle_t k = make_event(T.ts_pool, 4), s = make_event(T.pool, 16), done = make_event(T.pool, 17);
    ze_group_count_t gc = { 1, 1, 1 };
    ze_kernel_timestamp_result_t *out = alloc_host(2 * sizeof *out), direct;
    size_t offsets[1] = { sizeof *out };
    const void *ranges[1];
    size_t sizes[1] = { 16 };
    (void)state;
    ranges[0] = out;
    OK(zeCommandListAppendLaunchKernel(l, T.vmul, &gc, k, 0, NULL));
    OK(zeCommandListAppendSignalEvent(l, s));
    OK(zeCommandListAppendWaitOnEvents(l, 1, &s));
    OK(zeCommandListAppendQueryKernelTimestamps(l, 1, &k, out, offsets, NULL, 0, NULL));
    OK(zeCommandListAppendMemoryRangesBarrier(l, 1, sizes, ranges, NULL, 0, NULL));
    OK(zeCommandListAppendEventReset(l, s));
    OK(zeCommandListAppendMemoryPrefetch(l, out, 16));
    OK(zeCommandListAppendMemAdvise(l, T.dev[0], out, 16, ZE_MEMORY_ADVICE_SET_READ_MOSTLY));
    OK(zeCommandListAppendBarrier(l, done, 0, NULL));
    OK(zeEventHostSynchronize(done, FOREVER));
    assert_int_equal(zeEventQueryStatus(s), ZE_RESULT_NOT_READY); /* reset by the device */
    OK(zeEventQueryKernelTimestamp(k, &direct));
    assert_memory_equal(&out[1], &direct, sizeof direct);
    assert_true(direct.global.kernelEnd != direct.global.kernelStart);
    assert_int_equal(zeCommandListAppendSignalEvent(l, NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeCommandListAppendWaitOnEvents(l, 1, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeCommandListAppendQueryKernelTimestamps(l, 1, &s, out, NULL, NULL, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(k));
    OK(zeEventDestroy(s));
    OK(zeEventDestroy(done));
    OK(zeMemFree(T.ctx, out));
}

/* Destroying a queue waits for its work (documented behaviour). */
static void test_destroy_waits(void **state) {
    ze_command_queue_handle_t q = make_queue(T.dev[0], 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_command_list_handle_t l = make_list(T.dev[0], 0), imm = make_immediate(T.dev[0], 0, 0);
    ze_event_handle_t e = make_event(T.pool, 18), e2 = make_event(T.pool, 19);
    ze_group_count_t gc = { 1, 1, 1 };
    (void)state;
    OK(zeCommandListAppendLaunchKernel(l, T.vadd, &gc, e, 0, NULL));
    OK(zeCommandListClose(l));
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeCommandListAppendLaunchKernel(imm, T.vadd, &gc, e2, 0, NULL));
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(imm));
    OK(zeEventQueryStatus(e));
    OK(zeEventQueryStatus(e2));
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(e));
    OK(zeEventDestroy(e2));
}

/* ---- fault injection ---- */

static void test_fail_spec_hook(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, 0, 1 };
    ze_event_pool_handle_t p[3] = { NULL, NULL, NULL };
    int i;
    (void)state;
    OK(T.sim.SetFailSpec("zeEventPoolCreate:2:ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"));
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &p[0]));
    assert_int_equal(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &p[1]), ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
    assert_null(p[1]);
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &p[2]));
    for (i = 0; i < 3; i++) {
        if (p[i] != NULL) OK(zeEventPoolDestroy(p[i]));
    }
    OK(T.sim.SetFailSpec(" zeContextGetStatus:2-3:ZE_RESULT_ERROR_DEVICE_LOST , zeDeviceGetStatus:*:0x70000001"));
    OK(zeContextGetStatus(T.ctx));
    assert_int_equal(zeContextGetStatus(T.ctx), ZE_RESULT_ERROR_DEVICE_LOST);
    assert_int_equal(zeContextGetStatus(T.ctx), ZE_RESULT_ERROR_DEVICE_LOST);
    OK(zeContextGetStatus(T.ctx));
    for (i = 0; i < 3; i++) assert_int_equal(zeDeviceGetStatus(T.dev[0]), ZE_RESULT_ERROR_DEVICE_LOST);
    assert_int_equal(T.sim.SetFailSpec("zeContextGetStatus:0:ZE_RESULT_ERROR_DEVICE_LOST"), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(T.sim.SetFailSpec("zeContextGetStatus:1:NOT_A_RESULT"), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(T.sim.SetFailSpec("zeContextGetStatus"), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* a malformed spec kept the previous one */
    assert_int_equal(zeDeviceGetStatus(T.dev[0]), ZE_RESULT_ERROR_DEVICE_LOST);
    OK(T.sim.SetFailSpec(NULL));
    OK(zeDeviceGetStatus(T.dev[0]));
}

/* ---- bad handles and pointers: spec errors, never a crash ---- */

static void test_bad_handles(void **state) {
    uint64_t junk[8] = { 0 };
    void *garbage = (void *)(uintptr_t)0xdeadbeef0ull;
    ze_event_handle_t ev = make_event(T.pool, 20);
    ze_group_count_t gc = { 1, 1, 1 };
    ze_command_list_handle_t l = make_immediate(T.dev[0], 0, 0);
    ze_event_handle_t bad_wait[1];
    (void)state;
    assert_int_equal(zeEventHostSignal(NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeEventHostSignal((ze_event_handle_t)garbage), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventHostSignal((ze_event_handle_t)junk), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* a live handle of another kind */
    assert_int_equal(zeEventHostSignal((ze_event_handle_t)T.ctx), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendLaunchKernel((ze_command_list_handle_t)ev, T.tiny, &gc, NULL, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendLaunchKernel(l, (ze_kernel_handle_t)garbage, &gc, NULL, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendLaunchKernel(l, NULL, &gc, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeCommandListAppendLaunchKernel(l, T.tiny, NULL, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, NULL, 1, NULL), ZE_RESULT_ERROR_INVALID_SIZE);
    bad_wait[0] = (ze_event_handle_t)junk;
    assert_int_equal(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, NULL, 1, bad_wait), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, (ze_event_handle_t)junk, 0, NULL),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandQueueSynchronize((ze_command_queue_handle_t)garbage, 0), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandQueueDestroy(NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeCommandListDestroy((ze_command_list_handle_t)garbage), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeKernelDestroy((ze_kernel_handle_t)T.mod), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeModuleDestroy((ze_module_handle_t)junk), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeFenceHostSynchronize((ze_fence_handle_t)garbage, 0), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventPoolDestroy((ze_event_pool_handle_t)garbage), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeDeviceGetProperties((ze_device_handle_t)garbage, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeDeviceGetProperties(T.dev[0], NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeMemGetAllocProperties((ze_context_handle_t)garbage, junk, NULL, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeDriverGet(NULL, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(ev));
}

/* ---- devices: queues of the second device when ZE_SIM_DEVICES=2 ---- */

static void test_second_device(void **state) {
    ze_command_list_handle_t l, rl;
    ze_command_queue_handle_t q;
    ze_event_handle_t e;
    ze_group_count_t gc = { 1, 1, 1 };
    (void)state;
    if (T.ndev < 2) skip();
    l = make_immediate(T.dev[1], 0, 0);
    q = make_queue(T.dev[1], 0, 0, 0);
    rl = make_list(T.dev[0], 0);
    e = make_event(T.pool, 21);
    OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, e, 0, NULL));
    OK(zeEventHostSynchronize(e, FOREVER));
    assert_int_equal(record_of(e).device_index, 1);
    OK(zeCommandListClose(rl));
    assert_int_equal(zeCommandQueueExecuteCommandLists(q, 1, &rl, NULL), ZE_RESULT_ERROR_INVALID_COMMAND_LIST_TYPE);
    OK(zeCommandListDestroy(l));
    OK(zeCommandListDestroy(rl));
    OK(zeCommandQueueDestroy(q));
    OK(zeEventDestroy(e));
}

/* ---- many application threads ---- */

#define THREADS 4
#define LAUNCHES 40

static void *thread_body(void *arg) {
    uintptr_t id = (uintptr_t)arg;
    ze_command_list_handle_t l = make_immediate(T.dev[id % T.ndev], 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS);
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, LAUNCHES };
    ze_event_pool_handle_t pool = NULL;
    ze_event_handle_t ev[LAUNCHES];
    ze_group_count_t gc = { 1, 1, 1 };
    ze_kernel_timestamp_result_t ts;
    int i;
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    for (i = 0; i < LAUNCHES; i++) {
        ev[i] = make_event(pool, (uint32_t)i);
        OK(zeCommandListAppendLaunchKernel(l, T.tiny, &gc, ev[i], 0, NULL));
    }
    for (i = 0; i < LAUNCHES; i++) {
        OK(zeEventHostSynchronize(ev[i], FOREVER));
        OK(zeEventQueryKernelTimestamp(ev[i], &ts));
        OK(zeEventDestroy(ev[i]));
    }
    OK(zeCommandListDestroy(l));
    OK(zeEventPoolDestroy(pool));
    return NULL;
}

static void test_threads(void **state) {
    pthread_t th[THREADS];
    uintptr_t i;
    (void)state;
    OK(T.sim.WaitIdle(FOREVER));
    T.sim.LogClear();
    for (i = 0; i < THREADS; i++) assert_int_equal(pthread_create(&th[i], NULL, thread_body, (void *)i), 0);
    for (i = 0; i < THREADS; i++) pthread_join(th[i], NULL);
    assert_int_equal(T.sim.LogCount(), THREADS * LAUNCHES);
    assert_int_equal(T.sim.PendingCount(), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fail_spec_from_env),
        cmocka_unit_test(test_driver),
        cmocka_unit_test(test_device_properties),
        cmocka_unit_test(test_device_more_properties),
        cmocka_unit_test(test_global_timestamps),
        cmocka_unit_test(test_context),
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_module),
        cmocka_unit_test(test_kernel),
        cmocka_unit_test(test_events_host),
        cmocka_unit_test(test_event_pool_memory),
        cmocka_unit_test(test_immediate_kernel_timestamp),
        cmocka_unit_test(test_regular_list_twice),
        cmocka_unit_test(test_list_state_errors),
        cmocka_unit_test(test_fill_patterns),
        cmocka_unit_test(test_copy_region_and_context),
        cmocka_unit_test(test_wait_event_honoured),
        cmocka_unit_test(test_pause_and_timeouts),
        cmocka_unit_test(test_fence_wrong_queue),
        cmocka_unit_test(test_two_queues_parallel),
        cmocka_unit_test(test_out_of_order_hook),
        cmocka_unit_test(test_ipc_event_pool),
        cmocka_unit_test(test_ipc_event_pool_large_table),
        cmocka_unit_test(test_indirect_launches),
        cmocka_unit_test(test_event_appends),
        cmocka_unit_test(test_destroy_waits),
        cmocka_unit_test(test_fail_spec_hook),
        cmocka_unit_test(test_bad_handles),
        cmocka_unit_test(test_second_device),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests_name("ze_sim", tests, group_setup, group_teardown);
}
