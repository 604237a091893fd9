/* test_sim_memory.c - the simulated device's virtual and physical memory, memory IPC handles and
   free policies (tests/sim/README.md, "Virtual memory, physical memory and memory IPC"), through
   the real loader, with the spec 1.4 headers: it runs on both loaders' legs, plain and under the
   tracing layer. Entry points only newer loaders have are tested in test_sim_modern.c.

   One test starts this binary again as another process (argv[1] "--ipc-child", under $VALGRIND
   like the parent) that opens the parent's memory IPC handle. Every wait is on an event, a list
   or a thread: nothing asserts on wall-clock timing. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <level_zero/ze_api.h>
#include <pthread.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ze_sim.h"

#define OK(call) assert_int_equal((call), ZE_RESULT_SUCCESS)
#define FOREVER UINT64_MAX

extern char **environ;

static struct {
    ze_sim_hooks_t sim;
    ze_driver_handle_t drv;
    ze_device_handle_t dev;
    ze_context_handle_t ctx;
    ze_command_list_handle_t imm; /* synchronous: each append has completed when it returns */
    size_t pg;                    /* zeVirtualMemQueryPageSize */
    const char *self;             /* argv[0], for the child process */
    uint64_t live_at_start;
} T;

/* ---- helpers ---- */

static void *alloc_host(size_t size) {
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    void *p = NULL;
    OK(zeMemAllocHost(T.ctx, &hd, size, 0, &p));
    return p;
}

static void *alloc_device(size_t size) {
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    void *p = NULL;
    OK(zeMemAllocDevice(T.ctx, &dd, size, 0, T.dev, &p));
    return p;
}

static void *alloc_shared(size_t size) {
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    void *p = NULL;
    OK(zeMemAllocShared(T.ctx, &dd, &hd, size, 0, T.dev, &p));
    return p;
}

/* Device copy and fill on the synchronous immediate list. */
static void copy(void *dst, const void *src, size_t n) {
    OK(zeCommandListAppendMemoryCopy(T.imm, dst, src, n, NULL, 0, NULL));
}

static void fill(void *dst, uint8_t byte, size_t n) {
    OK(zeCommandListAppendMemoryFill(T.imm, dst, &byte, 1, n, NULL, 0, NULL));
}

/* Host memory holding i * 7 + seed at byte i. */
static void pattern(uint8_t *p, size_t n, unsigned seed) {
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(i * 7 + seed);
}

/* Whether n bytes of device memory src hold what pattern(seed) writes (read back with a copy). */
static int holds_pattern(const void *src, size_t n, unsigned seed) {
    uint8_t *h = alloc_host(n);
    int ok = 1;
    copy(h, src, n);
    for (size_t i = 0; i < n && ok; i++) ok = h[i] == (uint8_t)(i * 7 + seed);
    OK(zeMemFree(T.ctx, h));
    return ok;
}

static int holds_byte(const void *src, size_t n, uint8_t byte) {
    uint8_t *h = alloc_host(n);
    int ok = 1;
    copy(h, src, n);
    for (size_t i = 0; i < n && ok; i++) ok = h[i] == byte;
    OK(zeMemFree(T.ctx, h));
    return ok;
}

/* Writes pattern(seed) into n bytes of device memory dst with a copy. */
static void put_pattern(void *dst, size_t n, unsigned seed) {
    uint8_t *h = alloc_host(n);
    pattern(h, n, seed);
    copy(dst, h, n);
    OK(zeMemFree(T.ctx, h));
}

static ze_memory_allocation_properties_t props(const void *p, ze_device_handle_t *dev) {
    ze_memory_allocation_properties_t mp = { ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, NULL, 0, 0, 0 };
    OK(zeMemGetAllocProperties(T.ctx, p, &mp, dev));
    return mp;
}

static ze_physical_mem_handle_t make_phys(size_t size) {
    ze_physical_mem_desc_t pd = { ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC, NULL, 0, size };
    ze_physical_mem_handle_t h = NULL;
    OK(zePhysicalMemCreate(T.ctx, T.dev, &pd, &h));
    return h;
}

static void *reserve(size_t size) {
    void *p = NULL;
    OK(zeVirtualMemReserve(T.ctx, NULL, size, &p));
    assert_non_null(p);
    assert_int_equal((uintptr_t)p % T.pg, 0);
    return p;
}

static int overlaps(const void *a, size_t an, const void *b, size_t bn) {
    return (const uint8_t *)a < (const uint8_t *)b + bn && (const uint8_t *)b < (const uint8_t *)a + an;
}

static int group_setup(void **state) {
    uint32_t n = 1;
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                   ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    (void)state;
    if (zeInit(ZE_INIT_FLAG_GPU_ONLY) != ZE_RESULT_SUCCESS) return -1;
    if (ze_sim_hooks_load(&T.sim) != 0) return -1;
    if (zeDriverGet(&n, &T.drv) != ZE_RESULT_SUCCESS || n != 1) return -1;
    n = 1;
    if (zeDeviceGet(T.drv, &n, &T.dev) != ZE_RESULT_SUCCESS || n != 1) return -1;
    T.live_at_start = T.sim.LiveObjectCount();
    if (zeContextCreate(T.drv, &cd, &T.ctx) != ZE_RESULT_SUCCESS) return -1;
    if (zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &T.imm) != ZE_RESULT_SUCCESS) return -1;
    if (zeVirtualMemQueryPageSize(T.ctx, T.dev, 1, &T.pg) != ZE_RESULT_SUCCESS || T.pg == 0) return -1;
    return 0;
}

static int group_teardown(void **state) {
    (void)state;
    zeCommandListDestroy(T.imm);
    zeContextDestroy(T.ctx);
    /* every reservation, physical object, mapping, IPC handle and allocation is gone again */
    return T.sim.LiveObjectCount() == T.live_at_start ? 0 : -1;
}

/* ---- driver properties ---- */

static void test_driver_properties(void **state) {
    ze_driver_ipc_properties_t ip = { ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES, NULL, 0 };
    ze_driver_memory_free_ext_properties_t fp = { ZE_STRUCTURE_TYPE_DRIVER_MEMORY_FREE_EXT_PROPERTIES, NULL, 0 };
    ze_driver_properties_t dp = { ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES, &fp, { { 0 } }, 0 };
    (void)state;
    OK(zeDriverGetIpcProperties(T.drv, &ip));
    assert_true(ip.flags & ZE_IPC_PROPERTY_FLAG_MEMORY);
    assert_true(ip.flags & ZE_IPC_PROPERTY_FLAG_EVENT_POOL);
    OK(zeDriverGetProperties(T.drv, &dp));
    assert_int_equal(fp.freePolicies,
                     ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE | ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE);
}

/* ---- virtual address reservations ---- */

static void test_page_size_and_reserve(void **state) {
    size_t pg = 0;
    void *p = NULL, *q = NULL;
    ze_memory_allocation_properties_t mp;
    void *base = NULL;
    size_t size = 0;
    (void)state;
    OK(zeVirtualMemQueryPageSize(T.ctx, T.dev, 1u << 20, &pg));
    assert_int_equal(pg, T.pg);
    assert_int_equal(pg & (pg - 1), 0);
    assert_true(pg >= 4096);
    assert_int_equal(zeVirtualMemQueryPageSize(NULL, T.dev, 1, &pg), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemQueryPageSize(T.ctx, NULL, 1, &pg), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemQueryPageSize(T.ctx, T.dev, 1, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemQueryPageSize(T.ctx, T.dev, 0, &pg), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemQueryPageSize(T.ctx, (ze_device_handle_t)&pg, 1, &pg), ZE_RESULT_ERROR_INVALID_ARGUMENT);

    assert_int_equal(zeVirtualMemReserve(NULL, NULL, T.pg, &p), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemReserve(T.ctx, NULL, T.pg, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemReserve(T.ctx, NULL, 0, &p), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemReserve(T.ctx, NULL, T.pg + 4096, &p), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    p = reserve(4 * T.pg);
    /* reserved, nothing mapped: no allocation there */
    mp = props((char *)p + T.pg, NULL);
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_UNKNOWN);
    assert_int_equal(zeMemGetAddressRange(T.ctx, p, &base, &size), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* "If not available then will find another suitable starting address": p itself is taken */
    OK(zeVirtualMemReserve(T.ctx, p, T.pg, &q));
    assert_ptr_not_equal(q, p);
    assert_false(overlaps(p, 4 * T.pg, q, T.pg));
    OK(zeVirtualMemFree(T.ctx, q, T.pg));
    /* an unaligned start is not available either */
    OK(zeVirtualMemReserve(T.ctx, (char *)p + 4 * T.pg + 4096, T.pg, &q));
    assert_int_equal((uintptr_t)q % T.pg, 0);
    OK(zeVirtualMemFree(T.ctx, q, T.pg));

    assert_int_equal(zeVirtualMemFree(NULL, p, 4 * T.pg), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemFree(T.ctx, NULL, 4 * T.pg), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemFree(T.ctx, p, 0), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemFree(T.ctx, p, T.pg + 4096), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemFree(T.ctx, (char *)p + 4096, T.pg), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    /* part of a reservation: not simulated */
    assert_int_equal(zeVirtualMemFree(T.ctx, p, T.pg), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    assert_int_equal(zeVirtualMemFree(T.ctx, (char *)p + T.pg, T.pg), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    OK(zeVirtualMemFree(T.ctx, p, 4 * T.pg));
    assert_int_equal(zeVirtualMemFree(T.ctx, p, 4 * T.pg), ZE_RESULT_ERROR_INVALID_ARGUMENT);
}

/* "Reserving Virtual Address Space", "Growing Virtual Address Reservations": a reservation right
   after another is granted when the range is free; none overlaps an allocation. */
static void test_reserve_grow_and_no_overlap(void **state) {
    void *h = alloc_host(3 * 4096), *d = alloc_device(3 * 4096), *s = alloc_shared(3 * 4096);
    void *r[8], *next = NULL;
    (void)state;
    for (int i = 0; i < 8; i++) {
        r[i] = reserve((size_t)(i + 1) * T.pg);
        assert_false(overlaps(r[i], (size_t)(i + 1) * T.pg, h, 3 * 4096));
        assert_false(overlaps(r[i], (size_t)(i + 1) * T.pg, d, 3 * 4096));
        assert_false(overlaps(r[i], (size_t)(i + 1) * T.pg, s, 3 * 4096));
        for (int j = 0; j < i; j++) assert_false(overlaps(r[i], (size_t)(i + 1) * T.pg, r[j], (size_t)(j + 1) * T.pg));
    }
    /* grow r[0]: the spec lets the implementation choose another address when the wanted one
       is taken, so only check that whatever came back is a free, aligned range */
    OK(zeVirtualMemReserve(T.ctx, (char *)r[0] + T.pg, T.pg, &next));
    assert_int_equal((uintptr_t)next % T.pg, 0);
    for (int j = 0; j < 8; j++) assert_false(overlaps(next, T.pg, r[j], (size_t)(j + 1) * T.pg));
    OK(zeVirtualMemFree(T.ctx, next, T.pg));
    for (int i = 0; i < 8; i++) OK(zeVirtualMemFree(T.ctx, r[i], (size_t)(i + 1) * T.pg));
    OK(zeMemFree(T.ctx, h));
    OK(zeMemFree(T.ctx, d));
    OK(zeMemFree(T.ctx, s));
}

/* ---- physical memory ---- */

static void test_physical_create_destroy(void **state) {
    ze_physical_mem_desc_t pd = { ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC, NULL, 0, 0 };
    ze_external_memory_export_desc_t ed = { ZE_STRUCTURE_TYPE_EXTERNAL_MEMORY_EXPORT_DESC, NULL,
                                            ZE_EXTERNAL_MEMORY_TYPE_FLAG_OPAQUE_FD };
    ze_physical_mem_handle_t h = NULL;
    uint64_t live = T.sim.LiveObjectCount();
    (void)state;
    pd.size = T.pg;
    assert_int_equal(zePhysicalMemCreate(NULL, T.dev, &pd, &h), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zePhysicalMemCreate(T.ctx, NULL, &pd, &h), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zePhysicalMemCreate(T.ctx, T.dev, NULL, &h), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zePhysicalMemCreate(T.ctx, T.dev, &pd, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    pd.flags = 0x4;
    assert_int_equal(zePhysicalMemCreate(T.ctx, T.dev, &pd, &h), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    pd.flags = 0;
    pd.size = 0;
    assert_int_equal(zePhysicalMemCreate(T.ctx, T.dev, &pd, &h), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    pd.size = T.pg / 2; /* device memory: pages of zeVirtualMemQueryPageSize */
    assert_int_equal(zePhysicalMemCreate(T.ctx, T.dev, &pd, &h), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    pd.size = T.pg;
    pd.pNext = &ed; /* external memory: not simulated */
    assert_int_equal(zePhysicalMemCreate(T.ctx, T.dev, &pd, &h), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    pd.pNext = NULL;
    assert_int_equal(T.sim.LiveObjectCount(), live);
    OK(zePhysicalMemCreate(T.ctx, T.dev, &pd, &h));
    assert_non_null(h);
    assert_int_equal(T.sim.LiveObjectCount(), live + 1);
    assert_int_equal(zePhysicalMemDestroy(NULL, h), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zePhysicalMemDestroy(T.ctx, NULL), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zePhysicalMemDestroy(T.ctx, (ze_physical_mem_handle_t)T.ctx), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zePhysicalMemDestroy(T.ctx, h));
    assert_int_equal(zePhysicalMemDestroy(T.ctx, h), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(T.sim.LiveObjectCount(), live);
}

/* ---- mapping ---- */

/* Map errors, then copies and fills into the mapping, and what the allocation queries say. */
static void test_map_copy_fill_properties(void **state) {
    const size_t pg = T.pg;
    uint8_t *r = reserve(4 * pg);
    ze_physical_mem_handle_t ph = make_phys(2 * pg);
    ze_memory_allocation_properties_t mp, dmp;
    ze_device_handle_t owner = NULL;
    void *base = NULL, *d = alloc_device(64);
    size_t size = 0;
    uint64_t live = T.sim.LiveObjectCount();
    int local = 0;
    (void)state;
    /* ze_api.h, zeVirtualMemMap returns */
    assert_int_equal(zeVirtualMemMap(NULL, r, pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, pg, NULL, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemMap(T.ctx, NULL, pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, pg, ph, 0, (ze_memory_access_attribute_t)3), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, 0, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, pg / 2, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemMap(T.ctx, r + pg / 2, pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
                     ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, pg, ph, pg / 2, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
                     ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    /* beyond the physical object; outside any reservation; past the reservation's end */
    assert_int_equal(zeVirtualMemMap(T.ctx, r, 2 * pg, ph, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, 3 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeVirtualMemMap(T.ctx, (void *)(uintptr_t)pg, pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeVirtualMemMap(T.ctx, r + 3 * pg, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeVirtualMemMap(T.ctx, r, pg, (ze_physical_mem_handle_t)T.ctx, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(T.sim.LiveObjectCount(), live);

    OK(zeVirtualMemMap(T.ctx, r + pg, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    assert_int_equal(T.sim.LiveObjectCount(), live + 1); /* the mapping is an allocation */
    /* pages already mapped: not simulated */
    assert_int_equal(zeVirtualMemMap(T.ctx, r, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE),
                     ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);

    /* copies and fills reach the mapped pages */
    put_pattern(r + pg, 2 * pg, 1);
    assert_true(holds_pattern(r + pg, 2 * pg, 1));
    fill(r + pg + 100, 0xa5, pg);
    assert_true(holds_byte(r + pg + 100, pg, 0xa5));
    assert_true(holds_pattern(r + pg, 100, 1));
    copy(d, r + 2 * pg + 200, 64); /* mapped -> device allocation */
    assert_true(holds_pattern(d, 64, 1 + (unsigned)(pg + 200) * 7));

    /* the mapping is a device allocation ("Reserved Device Allocations") of the physical
       object's device, with the device page size; its range is the mapping */
    mp = props(r + pg + 12345, &owner);
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_DEVICE);
    assert_ptr_equal(owner, T.dev);
    assert_int_equal(mp.pageSize, pg);
    assert_int_not_equal(mp.id, 0);
    dmp = props(d, NULL);
    assert_int_not_equal(mp.id, dmp.id);
    assert_int_equal(props(r + 3 * pg - 1, NULL).id, mp.id);
    OK(zeMemGetAddressRange(T.ctx, r + 2 * pg + 7, &base, &size));
    assert_ptr_equal(base, r + pg);
    assert_int_equal(size, 2 * pg);
    /* the reservation's other pages are not */
    assert_int_equal(props(r, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    assert_int_equal(props(r + 3 * pg, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    assert_int_equal(zeMemGetAddressRange(T.ctx, r + 3 * pg, &base, &size), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* no allocation of zeMemAlloc*: zeMemFree does not take it */
    assert_int_equal(zeMemFree(T.ctx, r + pg), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(props(&local, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);

    /* mapped: in use */
    assert_int_equal(zePhysicalMemDestroy(T.ctx, ph), ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
    OK(zeVirtualMemUnmap(T.ctx, r + pg, 2 * pg));
    assert_int_equal(props(r + pg, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    assert_int_equal(T.sim.LiveObjectCount(), live);
    OK(zePhysicalMemDestroy(T.ctx, ph));
    OK(zeVirtualMemFree(T.ctx, r, 4 * pg));
    OK(zeMemFree(T.ctx, d));
}

/* Physical pages keep their contents across mappings; two mappings of one object alias; a
   mapping at an offset sees the pages from there. */
static void test_map_alias_offset_persist(void **state) {
    const size_t pg = T.pg;
    uint8_t *a = reserve(2 * pg), *b = reserve(4 * pg);
    ze_physical_mem_handle_t ph = make_phys(2 * pg);
    (void)state;
    OK(zeVirtualMemMap(T.ctx, a, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeVirtualMemMap(T.ctx, b, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeVirtualMemMap(T.ctx, b + 3 * pg, pg, ph, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    put_pattern(a, 2 * pg, 3);
    assert_true(holds_pattern(b, 2 * pg, 3));
    assert_true(holds_pattern(b + 3 * pg, 16, 3 + (unsigned)pg * 7));
    assert_int_not_equal(props(a, NULL).id, props(b, NULL).id); /* two allocations */
    fill(b + 3 * pg, 0x11, pg);
    assert_true(holds_byte(a + pg, pg, 0x11));
    /* zeVirtualMemFree unmaps what is mapped in the reservation; the physical object stays */
    OK(zeVirtualMemFree(T.ctx, b, 4 * pg));
    OK(zeVirtualMemUnmap(T.ctx, a, 2 * pg));
    b = reserve(2 * pg);
    OK(zeVirtualMemMap(T.ctx, b, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    assert_true(holds_pattern(b, pg, 3));
    assert_true(holds_byte(b + pg, pg, 0x11));
    OK(zeVirtualMemFree(T.ctx, b, 2 * pg)); /* unmaps: the object can go */
    OK(zePhysicalMemDestroy(T.ctx, ph));
    OK(zeVirtualMemFree(T.ctx, a, 2 * pg));
}

/* Access attributes: "default to none", set by zeVirtualMemMap and zeVirtualMemSetAccessAttribute,
   back to none after zeVirtualMemUnmap; outSize is the run of pages with the same attribute. */
static void test_access_attributes(void **state) {
    const size_t pg = T.pg;
    uint8_t *r = reserve(4 * pg);
    ze_physical_mem_handle_t ph = make_phys(2 * pg);
    ze_memory_access_attribute_t acc = ZE_MEMORY_ACCESS_ATTRIBUTE_FORCE_UINT32;
    size_t out = 0;
    (void)state;
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r, 4 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE);
    assert_int_equal(out, 4 * pg);
    OK(zeVirtualMemMap(T.ctx, r + pg, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r, 4 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE);
    assert_int_equal(out, pg);
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r + pg, 3 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
    assert_int_equal(out, 2 * pg);
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r + pg, pg, &acc, &out)); /* at most size */
    assert_int_equal(out, pg);
    OK(zeVirtualMemSetAccessAttribute(T.ctx, r + 2 * pg, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY));
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r + pg, 3 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
    assert_int_equal(out, pg);
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r + 2 * pg, 2 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_READONLY);
    assert_int_equal(out, pg);
    /* not enforced: the device still writes read-only pages */
    fill(r + 2 * pg, 0x22, pg);
    assert_true(holds_byte(r + 2 * pg, pg, 0x22));
    OK(zeVirtualMemSetAccessAttribute(T.ctx, r, 4 * pg, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r, 4 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
    assert_int_equal(out, 4 * pg);
    OK(zeVirtualMemUnmap(T.ctx, r + pg, 2 * pg));
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r + pg, 2 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE);
    assert_int_equal(out, 2 * pg);
    OK(zeVirtualMemGetAccessAttribute(T.ctx, r, 4 * pg, &acc, &out));
    assert_int_equal(acc, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE);
    assert_int_equal(out, pg);

    /* ze_api.h returns of both */
    assert_int_equal(zeVirtualMemGetAccessAttribute(NULL, r, pg, &acc, &out), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, NULL, pg, &acc, &out), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, r, pg, NULL, &out), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, r, pg, &acc, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, r + 1, pg, &acc, &out), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, r, 0, &acc, &out), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, r, 100, &acc, &out), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemGetAccessAttribute(T.ctx, r, 5 * pg, &acc, &out), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeVirtualMemSetAccessAttribute(NULL, r, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemSetAccessAttribute(T.ctx, NULL, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemSetAccessAttribute(T.ctx, r, pg, (ze_memory_access_attribute_t)3), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    assert_int_equal(zeVirtualMemSetAccessAttribute(T.ctx, r + 1, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    assert_int_equal(zeVirtualMemSetAccessAttribute(T.ctx, r, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemSetAccessAttribute(T.ctx, r + 3 * pg, 2 * pg, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeVirtualMemSetAccessAttribute(T.ctx, (void *)(uintptr_t)pg, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_NONE),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT); /* reserved by nobody */
    OK(zePhysicalMemDestroy(T.ctx, ph));
    OK(zeVirtualMemFree(T.ctx, r, 4 * pg));
}

static void test_unmap(void **state) {
    const size_t pg = T.pg;
    uint8_t *r = reserve(4 * pg);
    ze_physical_mem_handle_t ph = make_phys(2 * pg);
    (void)state;
    OK(zeVirtualMemMap(T.ctx, r, pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeVirtualMemMap(T.ctx, r + 2 * pg, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    assert_int_equal(zeVirtualMemUnmap(NULL, r, pg), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeVirtualMemUnmap(T.ctx, NULL, pg), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeVirtualMemUnmap(T.ctx, r + 1, pg), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    assert_int_equal(zeVirtualMemUnmap(T.ctx, r, 0), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemUnmap(T.ctx, r, 100), ZE_RESULT_ERROR_UNSUPPORTED_SIZE);
    assert_int_equal(zeVirtualMemUnmap(T.ctx, r + 3 * pg, 2 * pg), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* part of a mapping: not simulated */
    assert_int_equal(zeVirtualMemUnmap(T.ctx, r + 2 * pg, pg), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    assert_int_equal(zeVirtualMemUnmap(T.ctx, r + pg, 2 * pg), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    /* both mappings and the page between them at once */
    assert_int_equal(props(r, NULL).type, ZE_MEMORY_TYPE_DEVICE);
    OK(zeVirtualMemUnmap(T.ctx, r, 4 * pg));
    assert_int_equal(props(r, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    assert_int_equal(props(r + 2 * pg, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    /* nothing mapped there any more: nothing to do */
    OK(zeVirtualMemUnmap(T.ctx, r, 4 * pg));
    /* the pages can be mapped again */
    OK(zeVirtualMemMap(T.ctx, r + pg, 2 * pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeVirtualMemUnmap(T.ctx, r + pg, 2 * pg));
    OK(zePhysicalMemDestroy(T.ctx, ph));
    OK(zeVirtualMemFree(T.ctx, r, 4 * pg));
}

/* ---- memory IPC ---- */

static void test_ipc_same_process(void **state) {
    const size_t n = 10000;
    uint8_t *d = alloc_device(n), *h = alloc_host(n), *s = alloc_shared(n);
    ze_ipc_mem_handle_t ih, ih2, bad;
    void *o1 = NULL, *o2 = NULL, *base = NULL;
    size_t size = 0;
    ze_device_handle_t owner = NULL;
    ze_memory_allocation_properties_t mp;
    uint64_t live;
    (void)state;
    put_pattern(d, n, 5);
    assert_int_equal(zeMemGetIpcHandle(NULL, d, &ih), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeMemGetIpcHandle(T.ctx, NULL, &ih), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeMemGetIpcHandle(T.ctx, d, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    /* "The pointer must be base pointer of the device memory allocation" */
    assert_int_equal(zeMemGetIpcHandle(T.ctx, d + 16, &ih), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemGetIpcHandle(T.ctx, h, &ih), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemGetIpcHandle(T.ctx, s, &ih), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemGetIpcHandle(T.ctx, &size, &ih), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    live = T.sim.LiveObjectCount();
    OK(zeMemGetIpcHandle(T.ctx, d, &ih));
    assert_int_equal(T.sim.LiveObjectCount(), live + 1);
    OK(zeMemGetIpcHandle(T.ctx, d, &ih2)); /* the same memory: the same handle */
    assert_memory_equal(ih.data, ih2.data, sizeof ih.data);
    assert_int_equal(T.sim.LiveObjectCount(), live + 1);
    /* exporting kept the contents and the address */
    assert_true(holds_pattern(d, n, 5));

    assert_int_equal(zeMemOpenIpcHandle(NULL, T.dev, ih, 0, &o1), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, NULL, ih, 0, &o1), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0x4, &o1), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    memset(&bad, 0x5c, sizeof bad);
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, T.dev, bad, 0, &o1), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* "Multiple calls to this function with the same IPC handle will return unique pointers" */
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, ih, ZE_IPC_MEMORY_FLAG_BIAS_CACHED, &o1));
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0, &o2));
    assert_non_null(o1);
    assert_ptr_not_equal(o1, o2);
    assert_ptr_not_equal(o1, d);
    assert_int_equal(T.sim.LiveObjectCount(), live + 3);
    /* the same memory */
    assert_true(holds_pattern(o1, n, 5));
    fill((uint8_t *)o2 + 100, 0x77, 50);
    assert_true(holds_byte(d + 100, 50, 0x77));
    assert_true(holds_byte((uint8_t *)o1 + 100, 50, 0x77));
    copy(d, (uint8_t *)o1 + 5000, 10); /* between the aliases */
    /* an opened pointer is a device allocation of the device it was opened on */
    mp = props((uint8_t *)o1 + 9999, &owner);
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_DEVICE);
    assert_ptr_equal(owner, T.dev);
    assert_int_not_equal(mp.id, props(d, NULL).id);
    assert_int_not_equal(mp.id, props(o2, NULL).id);
    OK(zeMemGetAddressRange(T.ctx, (uint8_t *)o1 + 77, &base, &size));
    assert_ptr_equal(base, o1);
    assert_int_equal(size, n);
    /* "should not be freed with zeMemFree, but rather with zeMemCloseIpcHandle"; it is not
       exported again either */
    assert_int_equal(zeMemFree(T.ctx, o1), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemGetIpcHandle(T.ctx, o1, &ih2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemCloseIpcHandle(NULL, o1), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeMemCloseIpcHandle(T.ctx, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeMemCloseIpcHandle(T.ctx, d), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemCloseIpcHandle(T.ctx, (uint8_t *)o1 + 1), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeMemCloseIpcHandle(T.ctx, o2));
    assert_int_equal(zeMemCloseIpcHandle(T.ctx, o2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(props(o2, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);

    /* freeing the allocation ends its handles ("eventually done by zeMemFree"), not the memory
       opened from them ("must not release the underlying physical memory until all IPC handles
       referencing it have been closed") */
    OK(zeMemFree(T.ctx, d));
    assert_int_equal(T.sim.LiveObjectCount(), live); /* o1 open, the handle and d gone */
    assert_true(holds_pattern(o1, 10, 5 + 5000 * 7));
    assert_true(holds_pattern((uint8_t *)o1 + 150, n - 150, 5 + 150 * 7));
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0, &o2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeMemCloseIpcHandle(T.ctx, o1));
    assert_int_equal(T.sim.LiveObjectCount(), live - 1);
    OK(zeMemFree(T.ctx, h));
    OK(zeMemFree(T.ctx, s));
}

/* The handle's bytes as hex, for the child's command line. */
static void to_hex(const ze_ipc_mem_handle_t *h, char *out) {
    for (size_t i = 0; i < sizeof h->data; i++) sprintf(out + 2 * i, "%02x", (unsigned char)h->data[i]);
}

static int from_hex(const char *s, ze_ipc_mem_handle_t *h) {
    if (strlen(s) != 2 * sizeof h->data) return -1;
    for (size_t i = 0; i < sizeof h->data; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        h->data[i] = (char)v;
    }
    return 0;
}

/* Runs this binary as another process: `mode` and the handle; returns its exit status. */
static int run_child(const char *mode, const ze_ipc_mem_handle_t *h) {
    char hex[2 * ZE_MAX_IPC_HANDLE_SIZE + 1];
    char *argv[] = { "sh", "-c", "exec $VALGRIND \"$0\" \"$1\" \"$2\"", (char *)T.self, (char *)mode, hex, NULL };
    pid_t pid;
    int status = 0;
    to_hex(h, hex);
    if (posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ) != 0) return -1;
    if (waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The child: opens the parent's handle (mode "--ipc-child": checks pattern(9) in the first
   4096 bytes with a device copy, fills them with 0x5a, closes; "--ipc-child-gone": the open
   must fail). Returns its exit status: 0, or the step that failed. */
static int ipc_child(const char *mode, const char *hex) {
    ze_ipc_mem_handle_t ih;
    ze_driver_handle_t drv = NULL;
    ze_device_handle_t dev = NULL;
    ze_context_handle_t ctx = NULL;
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                   ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    ze_command_list_handle_t imm = NULL;
    ze_memory_allocation_properties_t mp = { ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, NULL, 0, 0, 0 };
    uint8_t *h = NULL, byte = 0x5a;
    void *o = NULL;
    uint32_t n = 1;
    int rc = 0;
    if (from_hex(hex, &ih) != 0) return 2;
    if (zeInit(ZE_INIT_FLAG_GPU_ONLY) != ZE_RESULT_SUCCESS || zeDriverGet(&n, &drv) != ZE_RESULT_SUCCESS) return 3;
    if (zeDeviceGet(drv, &n, &dev) != ZE_RESULT_SUCCESS || zeContextCreate(drv, &cd, &ctx) != ZE_RESULT_SUCCESS) return 4;
    if (strcmp(mode, "--ipc-child-gone") == 0) {
        rc = zeMemOpenIpcHandle(ctx, dev, ih, 0, &o) == ZE_RESULT_ERROR_INVALID_ARGUMENT ? 0 : 5;
        zeContextDestroy(ctx);
        return rc;
    }
    if (zeCommandListCreateImmediate(ctx, dev, &qd, &imm) != ZE_RESULT_SUCCESS) return 6;
    if (zeMemAllocHost(ctx, &hd, 4096, 0, (void **)&h) != ZE_RESULT_SUCCESS) return 7;
    if (zeMemOpenIpcHandle(ctx, dev, ih, 0, &o) != ZE_RESULT_SUCCESS) rc = 8;
    else if (zeMemGetAllocProperties(ctx, o, &mp, NULL) != ZE_RESULT_SUCCESS || mp.type != ZE_MEMORY_TYPE_DEVICE) rc = 9;
    else if (zeCommandListAppendMemoryCopy(imm, h, o, 4096, NULL, 0, NULL) != ZE_RESULT_SUCCESS) rc = 10;
    for (size_t i = 0; rc == 0 && i < 4096; i++) rc = h[i] == (uint8_t)(i * 7 + 9) ? 0 : 11;
    if (rc == 0 && zeCommandListAppendMemoryFill(imm, o, &byte, 1, 4096, NULL, 0, NULL) != ZE_RESULT_SUCCESS) rc = 12;
    if (o != NULL && zeMemCloseIpcHandle(ctx, o) != ZE_RESULT_SUCCESS && rc == 0) rc = 13;
    zeMemFree(ctx, h);
    zeCommandListDestroy(imm);
    zeContextDestroy(ctx);
    return rc;
}

/* Another process opens the handle and sees the parent's data; the parent sees what it writes.
   Once the allocation is freed, the handle opens nowhere. */
static void test_ipc_other_process(void **state) {
    const size_t n = 3 * 4096;
    uint8_t *d = alloc_device(n);
    ze_ipc_mem_handle_t ih;
    (void)state;
    put_pattern(d, n, 9);
    OK(zeMemGetIpcHandle(T.ctx, d, &ih));
    assert_int_equal(run_child("--ipc-child", &ih), 0);
    assert_true(holds_byte(d, 4096, 0x5a));
    assert_true(holds_pattern(d + 4096, n - 4096, 9 + 4096 * 7));
    assert_int_equal(run_child("--ipc-child", &ih), 11); /* it sees its own writes of the first run */
    OK(zeMemFree(T.ctx, d));
    assert_int_equal(run_child("--ipc-child-gone", &ih), 0);
}

/* ---- free policies (zeMemFreeExt, 1.3) ---- */

static ze_result_t free_ext(void *p, ze_driver_memory_free_policy_ext_flags_t policy) {
    ze_memory_free_ext_desc_t fd = { ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC, NULL, policy };
    return zeMemFreeExt(T.ctx, &fd, p);
}

static void test_free_ext_immediate_and_errors(void **state) {
    ze_memory_free_ext_desc_t fd = { ZE_STRUCTURE_TYPE_MEMORY_FREE_EXT_DESC, NULL, 0 };
    uint8_t *d = alloc_device(64), *h = alloc_host(64), *s = alloc_shared(64);
    uint8_t *r = reserve(T.pg);
    ze_physical_mem_handle_t ph = make_phys(T.pg);
    int local = 0;
    (void)state;
    assert_int_equal(zeMemFreeExt(NULL, &fd, d), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeMemFreeExt(T.ctx, NULL, d), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeMemFreeExt(T.ctx, &fd, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(free_ext(d, 0x4), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    assert_int_equal(free_ext(d, 0x3), ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION); /* one policy */
    assert_int_equal(free_ext(d + 1, 0), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(free_ext(&local, 0), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeVirtualMemMap(T.ctx, r, T.pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    assert_int_equal(free_ext(r, ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(free_ext(d, 0));
    OK(free_ext(h, ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE)); /* nothing pending */
    OK(free_ext(s, ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE));
    assert_int_equal(free_ext(d, 0), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemFree(T.ctx, s), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeVirtualMemFree(T.ctx, r, T.pg));
    OK(zePhysicalMemDestroy(T.ctx, ph));
}

struct blocking_free {
    void *ptr;
    ze_event_handle_t ev;
    ze_result_t result, event_status;
};

static void *blocking_free_thread(void *arg) {
    struct blocking_free *b = arg;
    b->result = free_ext(b->ptr, ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_BLOCKING_FREE);
    b->event_status = zeEventQueryStatus(b->ev); /* the command using the memory */
    return NULL;
}

/* BLOCKING_FREE "Blocks until all commands using the memory are complete before scheduling memory
   to be freed": when it returns, the copy out of the memory (held back by an event) has run. */
static void test_free_ext_blocking(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 2 };
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                   ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_event_pool_handle_t pool = NULL;
    ze_event_handle_t gate = NULL, done = NULL;
    ze_command_list_handle_t l = NULL;
    struct blocking_free b;
    pthread_t th;
    uint8_t *d = alloc_device(4096), *h = alloc_host(4096);
    (void)state;
    put_pattern(d, 4096, 13);
    OK(zeEventPoolCreate(T.ctx, &pd, 1, &T.dev, &pool));
    OK(zeEventCreate(pool, &ed, &gate));
    ed.index = 1;
    OK(zeEventCreate(pool, &ed, &done));
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &l));
    OK(zeCommandListAppendMemoryCopy(l, h, d, 4096, done, 1, &gate));
    b.ptr = d;
    b.ev = done;
    b.result = b.event_status = ZE_RESULT_ERROR_UNKNOWN;
    assert_int_equal(pthread_create(&th, NULL, blocking_free_thread, &b), 0);
    OK(zeEventHostSignal(gate)); /* whenever the thread got there, the copy may now run */
    pthread_join(th, NULL);
    OK(b.result);
    OK(b.event_status);
    for (size_t i = 0; i < 4096; i++) assert_int_equal(h[i], (uint8_t)(i * 7 + 13));
    assert_int_equal(props(d, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(done));
    OK(zeEventPoolDestroy(pool));
    OK(zeMemFree(T.ctx, h));
}

/* DEFER_FREE "Immediately schedules the memory to be freed and returns without blocking. Memory
   may be freed after all commands using the memory are complete": with the device paused, the
   call returns, the pointer is no allocation any more, the memory stays until the copy that
   reads it has run. */
static void test_free_ext_defer(void **state) {
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                   ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_list_handle_t l = NULL;
    uint8_t *d = alloc_device(4096), *h = alloc_host(4096);
    uint64_t live;
    (void)state;
    put_pattern(d, 4096, 17);
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &l));
    live = T.sim.LiveObjectCount();
    T.sim.SetPaused(1);
    OK(zeCommandListAppendMemoryCopy(l, h, d, 4096, NULL, 0, NULL));
    OK(free_ext(d, ZE_DRIVER_MEMORY_FREE_POLICY_EXT_FLAG_DEFER_FREE));
    assert_int_equal(props(d, NULL).type, ZE_MEMORY_TYPE_UNKNOWN);
    assert_int_equal(zeMemFree(T.ctx, d), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(T.sim.LiveObjectCount(), live); /* its memory is still there */
    T.sim.SetPaused(0);
    OK(T.sim.WaitIdle(FOREVER));
    for (size_t i = 0; i < 4096; i++) assert_int_equal(h[i], (uint8_t)(i * 7 + 17));
    assert_int_equal(T.sim.LiveObjectCount(), live - 1); /* now it is not */
    OK(zeCommandListDestroy(l));
    OK(zeMemFree(T.ctx, h));
}

/* Each kind of object counts in zeSimLiveObjectCount while it lives (leak checks). */
static void test_live_objects(void **state) {
    const uint64_t live = T.sim.LiveObjectCount();
    uint8_t *r = reserve(T.pg), *d = alloc_device(64);
    ze_physical_mem_handle_t ph = make_phys(T.pg);
    ze_ipc_mem_handle_t ih;
    void *o = NULL;
    (void)state;
    assert_int_equal(T.sim.LiveObjectCount(), live + 3);
    OK(zeVirtualMemMap(T.ctx, r, T.pg, ph, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeMemGetIpcHandle(T.ctx, d, &ih));
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0, &o));
    assert_int_equal(T.sim.LiveObjectCount(), live + 6);
    OK(zeMemCloseIpcHandle(T.ctx, o));
    OK(zeMemFree(T.ctx, d));
    OK(zeVirtualMemFree(T.ctx, r, T.pg));
    assert_int_equal(T.sim.LiveObjectCount(), live + 1);
    OK(zePhysicalMemDestroy(T.ctx, ph));
    assert_int_equal(T.sim.LiveObjectCount(), live);
}

/* Fault injection covers the new entry points by name. */
static void test_fail_spec(void **state) {
    void *p = NULL;
    (void)state;
    OK(T.sim.SetFailSpec("zeVirtualMemReserve:1:ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY,zeMemOpenIpcHandle:*:ZE_RESULT_ERROR_DEVICE_LOST"));
    assert_int_equal(zeVirtualMemReserve(T.ctx, NULL, T.pg, &p), ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY);
    OK(zeVirtualMemReserve(T.ctx, NULL, T.pg, &p));
    OK(zeVirtualMemFree(T.ctx, p, T.pg));
    OK(T.sim.SetFailSpec(NULL));
}

int main(int argc, char **argv) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_driver_properties),
        cmocka_unit_test(test_page_size_and_reserve),
        cmocka_unit_test(test_reserve_grow_and_no_overlap),
        cmocka_unit_test(test_physical_create_destroy),
        cmocka_unit_test(test_map_copy_fill_properties),
        cmocka_unit_test(test_map_alias_offset_persist),
        cmocka_unit_test(test_access_attributes),
        cmocka_unit_test(test_unmap),
        cmocka_unit_test(test_ipc_same_process),
        cmocka_unit_test(test_ipc_other_process),
        cmocka_unit_test(test_free_ext_immediate_and_errors),
        cmocka_unit_test(test_free_ext_blocking),
        cmocka_unit_test(test_free_ext_defer),
        cmocka_unit_test(test_live_objects),
        cmocka_unit_test(test_fail_spec),
    };
    if (argc == 3 && strncmp(argv[1], "--ipc-child", 11) == 0) return ipc_child(argv[1], argv[2]);
    T.self = argv[0];
    return cmocka_run_group_tests_name("ze_sim memory", tests, group_setup, group_teardown);
}
