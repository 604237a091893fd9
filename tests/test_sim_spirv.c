/* test_sim_spirv.c - real SPIR-V modules on the simulated device, through the real loader: the
   module built from tests/sim/spirv_kernels.cl (SIM_SPV_PATH, built by sim.mk with clang-14 and
   llvm-spirv-14), its kernels' names, argument counts and durations on immediate and regular
   lists, the configured duration, and malformed modules (tests/sim/README.md, "Module formats",
   gives each rule and where the spec says it).

   Run plain, under ZE_ENABLE_TRACING_LAYER=1, and with ZE_SIM_SPIRV_KERNEL_NS=30000: the
   duration a module gets without zeSimSetSpirvKernelDuration is that variable's, else
   ZE_SIM_SPIRV_DEFAULT_NS. Durations are checked on the device's timestamps, which the sim
   derives from them exactly: nothing asserts on wall-clock time. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <level_zero/ze_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ze_sim.h"

#ifndef SIM_SPV_PATH
#error "SIM_SPV_PATH: the SPIR-V module that sim.mk builds"
#endif

#define OK(call) assert_int_equal((call), ZE_RESULT_SUCCESS)
#define FOREVER UINT64_MAX

static struct {
    ze_sim_hooks_t sim;
    ze_driver_handle_t drv;
    ze_device_handle_t dev;
    ze_context_handle_t ctx;
    ze_event_pool_handle_t ts_pool;
    uint8_t *spv;              /* the module from spirv_kernels.cl */
    size_t spv_size;
    uint64_t default_ns;       /* what its kernels run for */
    uint64_t live_at_start;
} T;

/* ---- helpers ---- */

static ze_result_t create(const void *bytes, size_t size, ze_module_format_t fmt, ze_module_handle_t *mod,
                          ze_module_build_log_handle_t *log) {
    ze_module_desc_t md = { ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, fmt, size, (const uint8_t *)bytes, NULL, NULL };
    return zeModuleCreate(T.ctx, T.dev, &md, mod, log);
}

/* The build log's text (destroys the log). */
static void log_text(ze_module_build_log_handle_t log, char *buf, size_t cap) {
    size_t size = 0;
    assert_non_null(log);
    OK(zeModuleBuildLogGetString(log, &size, NULL));
    assert_true(size >= 1 && size <= cap);
    OK(zeModuleBuildLogGetString(log, &size, buf));
    assert_int_equal(strlen(buf) + 1, size);
    OK(zeModuleBuildLogDestroy(log));
}

/* Creating the module fails with `want`, and the build log says `says`. */
static void expect_failure(const void *bytes, size_t size, ze_result_t want, const char *says) {
    ze_module_handle_t m = NULL;
    ze_module_build_log_handle_t log = NULL;
    char text[512];
    assert_int_equal(create(bytes, size, ZE_MODULE_FORMAT_IL_SPIRV, &m, &log), want);
    assert_null(m);
    log_text(log, text, sizeof text);
    if (strstr(text, says) == NULL) fail_msg("build log \"%s\" does not say \"%s\"", text, says);
    /* without a log asked for, the same result */
    assert_int_equal(create(bytes, size, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL), want);
}

static ze_kernel_handle_t make_kernel(ze_module_handle_t m, const char *name) {
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, name };
    ze_kernel_handle_t k = NULL;
    OK(zeKernelCreate(m, &kd, &k));
    return k;
}

static ze_event_handle_t make_event(uint32_t index) {
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, index, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_handle_t ev = NULL;
    OK(zeEventCreate(T.ts_pool, &ed, &ev));
    return ev;
}

static ze_module_handle_t spv_module(void) {
    ze_module_handle_t m = NULL;
    OK(create(T.spv, T.spv_size, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL));
    return m;
}

/* The kernel's timestamps on ev show it ran for ns (one tick of rounding each way), and the
   sim's log names it. */
static void expect_ran(ze_event_handle_t ev, const char *name, uint64_t ns) {
    ze_kernel_timestamp_result_t ts;
    ze_sim_command_record_t r;
    size_t n;
    uint64_t ticks = ns * ZE_SIM_TICKS_PER_SECOND / 1000000000ull, took;
    OK(zeEventHostSynchronize(ev, FOREVER));
    n = T.sim.LogCount();
    OK(zeEventQueryKernelTimestamp(ev, &ts));
    took = (ts.global.kernelEnd - ts.global.kernelStart) & 0xffffffffu;
    if (took + 1 < ticks || took > ticks + 1)
        fail_msg("%s: %llu ticks, expected %llu (%llu ns)", name, (unsigned long long)took, (unsigned long long)ticks,
                 (unsigned long long)ns);
    memset(&r, 0, sizeof r);
    while (n-- > 0) {
        OK(T.sim.LogGet(n, &r));
        if (r.signal_event == ev) break;
    }
    assert_ptr_equal(r.signal_event, ev);
    assert_int_equal(r.kind, ZE_SIM_CMD_KERNEL);
    assert_string_equal(r.kernel_name, name);
    assert_int_equal(r.device_end - r.device_start, took);
}

/* ---- hand-made modules, word by word (SPIR-V 2.3: a word count and opcode, then operands) ---- */

enum { OP_NAME = 5, OP_MEMORY_MODEL = 14, OP_ENTRY_POINT = 15, OP_CAPABILITY = 17, OP_TYPE_VOID = 19,
       OP_TYPE_INT = 21, OP_TYPE_FUNCTION = 33, OP_FUNCTION = 54, OP_FUNCTION_PARAMETER = 55,
       OP_FUNCTION_END = 56, OP_LABEL = 248, OP_RETURN = 253 };
enum { CAP_ADDRESSES = 4, CAP_LINKAGE = 5, CAP_KERNEL = 6, CAP_INT64 = 11 };
enum { MODEL_GLCOMPUTE = 5, MODEL_KERNEL = 6, ADDR_PHYSICAL32 = 1, ADDR_PHYSICAL64 = 2, MEM_OPENCL = 2 };

typedef struct spv {
    uint32_t w[512];
    size_t n;
} spv;

static void put(spv *s, uint32_t word) {
    assert_true(s->n < sizeof s->w / sizeof s->w[0]);
    s->w[s->n++] = word;
}

/* An instruction with `nops` operand words. */
static void inst(spv *s, uint32_t op, int nops, ...) {
    va_list ap;
    int i;
    put(s, (uint32_t)(nops + 1) << 16 | op);
    va_start(ap, nops);
    for (i = 0; i < nops; i++) put(s, va_arg(ap, uint32_t));
    va_end(ap);
}

/* An instruction with `nops` operand words, then the literal string `str` (2.2.1: nul-terminated,
   four octets a word, the first in the lowest-order bits), nul-padded to a word unless
   terminate is 0 (then the string's own bytes fill whole words, with no nul). */
static void inst_str(spv *s, uint32_t op, uint32_t a, uint32_t b, const char *str, int terminate) {
    size_t len = strlen(str), words = terminate ? len / 4 + 1 : (len + 3) / 4, i;
    put(s, (uint32_t)(1 + 2 + words) << 16 | op);
    put(s, a);
    put(s, b);
    for (i = 0; i < words * 4; i += 4) {
        uint32_t w = 0;
        size_t k;
        for (k = 0; k < 4; k++) w |= (uint32_t)(i + k < len ? (unsigned char)str[i + k] : 0) << (8 * k);
        put(s, w);
    }
}

/* The header and the module-level instructions before entry points. */
static void begin(spv *s, int linkage) {
    s->n = 0;
    put(s, 0x07230203u);
    put(s, 0x00010000u); /* version 1.0 */
    put(s, 0);           /* generator */
    put(s, 16);          /* bound */
    put(s, 0);           /* schema */
    inst(s, OP_CAPABILITY, 1, CAP_ADDRESSES);
    if (linkage) inst(s, OP_CAPABILITY, 1, CAP_LINKAGE);
    inst(s, OP_CAPABILITY, 1, CAP_KERNEL);
    inst(s, OP_CAPABILITY, 1, CAP_INT64);
}

/* Types and function %10 returning %1 (void) with two parameters. Ids: %1 void, %2 int, %3 the
   function type, %10 the function, %11 %12 its parameters, %13 its label. */
static void body(spv *s, uint32_t result_type) {
    inst(s, OP_TYPE_VOID, 1, 1);
    inst(s, OP_TYPE_INT, 3, 2, 32, 0);
    inst(s, OP_TYPE_FUNCTION, 4, 3, result_type, 2, 2);
    inst(s, OP_FUNCTION, 4, result_type, 10, 0, 3);
    inst(s, OP_FUNCTION_PARAMETER, 2, 2, 11);
    inst(s, OP_FUNCTION_PARAMETER, 2, 2, 12);
    inst(s, OP_LABEL, 1, 13);
    inst(s, OP_RETURN, 0);
    inst(s, OP_FUNCTION_END, 0);
}

/* A valid module: kernel "hand" on %10, with two arguments. */
static void good(spv *s) {
    begin(s, 1);
    inst(s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    body(s, 1);
}

/* ---- setup ---- */

static int setup(void **state) {
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 16 };
    const char *env = getenv("ZE_SIM_SPIRV_KERNEL_NS");
    uint32_t n = 1;
    FILE *f;
    long size;
    (void)state;
    OK(zeInit(0));
    assert_int_equal(ze_sim_hooks_load(&T.sim), 0);
    OK(zeDriverGet(&n, &T.drv));
    n = 1;
    OK(zeDeviceGet(T.drv, &n, &T.dev));
    OK(zeContextCreate(T.drv, &cd, &T.ctx));
    OK(zeEventPoolCreate(T.ctx, &pd, 1, &T.dev, &T.ts_pool));
    T.default_ns = env ? strtoull(env, NULL, 10) : ZE_SIM_SPIRV_DEFAULT_NS;
    f = fopen(SIM_SPV_PATH, "rb");
    if (f == NULL) {
        fprintf(stderr, "test_sim_spirv: %s is missing: sim.mk builds it from tests/sim/spirv_kernels.cl with "
                        "clang-14 and llvm-spirv-14 (apt-get install clang-14 llvm-spirv-14, as .ci/run does)\n",
                SIM_SPV_PATH);
        return -1;
    }
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    size = ftell(f);
    assert_true(size > 20);
    rewind(f);
    T.spv_size = (size_t)size;
    T.spv = malloc(T.spv_size);
    assert_non_null(T.spv);
    assert_int_equal(fread(T.spv, 1, T.spv_size, f), T.spv_size);
    fclose(f);
    T.live_at_start = T.sim.LiveObjectCount();
    return 0;
}

static int teardown(void **state) {
    (void)state;
    OK(T.sim.WaitIdle(FOREVER));
    assert_int_equal(T.sim.LiveObjectCount(), T.live_at_start);
    free(T.spv);
    OK(zeEventPoolDestroy(T.ts_pool));
    OK(zeContextDestroy(T.ctx));
    return 0;
}

/* ---- the module ---- */

static void test_module_kernels(void **state) {
    ze_module_handle_t m = NULL, again = NULL;
    ze_module_build_log_handle_t log = NULL;
    ze_device_module_properties_t dp = { .stype = ZE_STRUCTURE_TYPE_DEVICE_MODULE_PROPERTIES };
    const char *names[4] = { NULL };
    uint32_t n = 0;
    size_t size = 0;
    char text[512], expect[512], *native;
    uint8_t *unaligned;
    uint32_t version;
    (void)state;
    /* spirvVersionSupported covers the module's version (llvm-spirv-14 writes 1.0) */
    memcpy(&version, T.spv + 4, sizeof version);
    OK(zeDeviceGetModuleProperties(T.dev, &dp));
    assert_int_equal(version >> 16, 1);
    assert_true(dp.spirvVersionSupported >= ZE_MAKE_VERSION(1, version >> 8 & 0xffu));

    OK(create(T.spv, T.spv_size, ZE_MODULE_FORMAT_IL_SPIRV, &m, &log));
    log_text(log, text, sizeof text);
    assert_string_equal(text, "");
    /* the OpEntryPoint names, in the module's order; axpy is a function, not a kernel */
    OK(zeModuleGetKernelNames(m, &n, NULL));
    assert_int_equal(n, 3);
    n = 4;
    OK(zeModuleGetKernelNames(m, &n, names));
    assert_int_equal(n, 3);
    assert_string_equal(names[0], "vector_add");
    assert_string_equal(names[1], "saxpy");
    assert_string_equal(names[2], "empty");
    n = 1;
    names[1] = NULL;
    OK(zeModuleGetKernelNames(m, &n, names));
    assert_int_equal(n, 1);
    assert_null(names[1]);

    /* the native binary: the sim's text, with the durations and argument counts built */
    OK(zeModuleGetNativeBinary(m, &size, NULL));
    native = malloc(size + 1);
    assert_non_null(native);
    OK(zeModuleGetNativeBinary(m, &size, (uint8_t *)native));
    native[size] = '\0';
    snprintf(expect, sizeof expect, "kernel vector_add %llu 3\nkernel saxpy %llu 4\nkernel empty %llu 0\n",
             (unsigned long long)T.default_ns, (unsigned long long)T.default_ns, (unsigned long long)T.default_ns);
    assert_non_null(strstr(native, expect));
    OK(create(native, size, ZE_MODULE_FORMAT_NATIVE, &again, NULL));
    n = 3;
    OK(zeModuleGetKernelNames(again, &n, names));
    assert_int_equal(n, 3);
    assert_string_equal(names[1], "saxpy");
    OK(zeModuleDestroy(again));
    free(native);

    /* ze_api.h: the input need not be aligned */
    unaligned = malloc(T.spv_size + 1);
    assert_non_null(unaligned);
    memcpy(unaligned + 1, T.spv, T.spv_size);
    OK(create(unaligned + 1, T.spv_size, ZE_MODULE_FORMAT_IL_SPIRV, &again, NULL));
    OK(zeModuleDestroy(again));
    free(unaligned);

    /* SPIR-V is IL, not the device's native binary */
    again = NULL;
    log = (ze_module_build_log_handle_t)&again;
    assert_int_equal(create(T.spv, T.spv_size, ZE_MODULE_FORMAT_NATIVE, &again, &log), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
    assert_null(again);
    assert_null(log);
    OK(zeModuleDestroy(m));
}

static void test_kernel_objects(void **state) {
    ze_module_handle_t m = spv_module();
    ze_kernel_handle_t va = make_kernel(m, "vector_add"), sx = make_kernel(m, "saxpy"), em = make_kernel(m, "empty"), k = NULL;
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "axpy" };
    ze_kernel_properties_t kp = { .stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES };
    uint64_t p = 0;
    float a = 2.0f;
    uint32_t u = 64;
    size_t size = 0;
    char name[32];
    (void)state;
    /* zeKernelCreate: ZE_RESULT_ERROR_INVALID_KERNEL_NAME for a function that is no entry point,
       and for a name the module lacks */
    assert_int_equal(zeKernelCreate(m, &kd, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    kd.pKernelName = "vector_ad";
    assert_int_equal(zeKernelCreate(m, &kd, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    kd.pKernelName = "Vector_add";
    assert_int_equal(zeKernelCreate(m, &kd, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    assert_null(k);
    /* zeKernelGetName: the size includes the nul */
    OK(zeKernelGetName(va, &size, NULL));
    assert_int_equal(size, sizeof "vector_add");
    OK(zeKernelGetName(va, &size, name));
    assert_string_equal(name, "vector_add");
    size = sizeof name;
    OK(zeKernelGetName(em, &size, name));
    assert_string_equal(name, "empty");
    /* argument counts: the OpFunctionParameter of each entry point's OpFunction */
    OK(zeKernelGetProperties(va, &kp));
    assert_int_equal(kp.numKernelArgs, 3);
    OK(zeKernelGetProperties(sx, &kp));
    assert_int_equal(kp.numKernelArgs, 4);
    OK(zeKernelGetProperties(em, &kp));
    assert_int_equal(kp.numKernelArgs, 0);
    OK(zeKernelSetArgumentValue(sx, 0, sizeof a, &a));
    OK(zeKernelSetArgumentValue(sx, 1, sizeof p, &p));
    OK(zeKernelSetArgumentValue(sx, 3, sizeof u, &u));
    assert_int_equal(zeKernelSetArgumentValue(sx, 4, sizeof u, &u), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    assert_int_equal(zeKernelSetArgumentValue(va, 3, sizeof p, &p), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    assert_int_equal(zeKernelSetArgumentValue(em, 0, sizeof p, &p), ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_INDEX);
    OK(zeKernelDestroy(va));
    OK(zeKernelDestroy(sx));
    OK(zeKernelDestroy(em));
    OK(zeModuleDestroy(m));
}

/* ---- launches ---- */

static void set_vector_add_args(ze_kernel_handle_t k, void *buf) {
    void *a = buf, *b = (char *)buf + 256, *c = (char *)buf + 512;
    OK(zeKernelSetGroupSize(k, 64, 1, 1));
    OK(zeKernelSetArgumentValue(k, 0, sizeof a, &a));
    OK(zeKernelSetArgumentValue(k, 1, sizeof b, &b));
    OK(zeKernelSetArgumentValue(k, 2, sizeof c, &c));
}

static void test_launch_immediate(void **state) {
    ze_module_handle_t m = spv_module();
    ze_kernel_handle_t va = make_kernel(m, "vector_add"), em = make_kernel(m, "empty");
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                   ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    ze_command_list_handle_t l = NULL;
    ze_event_handle_t e0 = make_event(0), e1 = make_event(1);
    ze_group_count_t gc = { 1, 1, 1 };
    void *buf = NULL;
    (void)state;
    OK(zeMemAllocDevice(T.ctx, &dd, 768, 0, T.dev, &buf));
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &l));
    set_vector_add_args(va, buf);
    OK(zeCommandListAppendLaunchKernel(l, va, &gc, e0, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, em, &gc, e1, 1, &e0));
    expect_ran(e0, "vector_add", T.default_ns);
    expect_ran(e1, "empty", T.default_ns);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(e0));
    OK(zeEventDestroy(e1));
    OK(zeKernelDestroy(va));
    OK(zeKernelDestroy(em));
    OK(zeModuleDestroy(m));
    OK(zeMemFree(T.ctx, buf));
}

static void test_launch_regular(void **state) {
    ze_module_handle_t m = spv_module();
    ze_kernel_handle_t sx = make_kernel(m, "saxpy"), va = make_kernel(m, "vector_add");
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                   ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_list_desc_t ld = { ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0 };
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    ze_fence_desc_t fd = { ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0 };
    ze_command_queue_handle_t q = NULL;
    ze_command_list_handle_t l = NULL;
    ze_fence_handle_t f = NULL;
    ze_event_handle_t e0 = make_event(2), e1 = make_event(3);
    ze_group_count_t gc = { 4, 1, 1 };
    void *buf = NULL;
    float a = 0.5f;
    uint32_t n = 256, run;
    (void)state;
    OK(zeMemAllocDevice(T.ctx, &dd, 768, 0, T.dev, &buf));
    OK(zeCommandQueueCreate(T.ctx, T.dev, &qd, &q));
    OK(zeCommandListCreate(T.ctx, T.dev, &ld, &l));
    OK(zeFenceCreate(q, &fd, &f));
    OK(zeKernelSetGroupSize(sx, 64, 1, 1));
    OK(zeKernelSetArgumentValue(sx, 0, sizeof a, &a));
    OK(zeKernelSetArgumentValue(sx, 1, sizeof buf, &buf));
    OK(zeKernelSetArgumentValue(sx, 2, sizeof buf, &buf));
    OK(zeKernelSetArgumentValue(sx, 3, sizeof n, &n));
    set_vector_add_args(va, buf);
    OK(zeCommandListAppendLaunchKernel(l, sx, &gc, e0, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, va, &gc, e1, 1, &e0));
    OK(zeCommandListClose(l));
    for (run = 0; run < 2; run++) {
        OK(zeEventHostReset(e0));
        OK(zeEventHostReset(e1));
        OK(zeFenceReset(f));
        OK(zeCommandQueueExecuteCommandLists(q, 1, &l, f));
        OK(zeFenceHostSynchronize(f, FOREVER));
        expect_ran(e0, "saxpy", T.default_ns);
        expect_ran(e1, "vector_add", T.default_ns);
    }
    OK(zeFenceDestroy(f));
    OK(zeCommandListDestroy(l));
    OK(zeCommandQueueDestroy(q));
    OK(zeEventDestroy(e0));
    OK(zeEventDestroy(e1));
    OK(zeKernelDestroy(sx));
    OK(zeKernelDestroy(va));
    OK(zeModuleDestroy(m));
    OK(zeMemFree(T.ctx, buf));
}

/* zeSimSetSpirvKernelDuration applies to modules created afterwards. */
static void test_configured_duration(void **state) {
    ze_module_handle_t before = spv_module(), after, zero;
    ze_kernel_handle_t kb, ka, kz;
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                   ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_list_handle_t l = NULL;
    ze_event_handle_t e0 = make_event(4), e1 = make_event(5), e2 = make_event(6);
    ze_group_count_t gc = { 1, 1, 1 };
    uint64_t prev;
    (void)state;
    prev = T.sim.SetSpirvKernelDuration(77000);
    assert_int_equal(prev, T.default_ns);
    after = spv_module();
    assert_int_equal(T.sim.SetSpirvKernelDuration(0), 77000);
    zero = spv_module();
    assert_int_equal(T.sim.SetSpirvKernelDuration(prev), 0);
    kb = make_kernel(before, "empty");
    ka = make_kernel(after, "empty");
    kz = make_kernel(zero, "empty");
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &l));
    OK(zeCommandListAppendLaunchKernel(l, ka, &gc, e0, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, kb, &gc, e1, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, kz, &gc, e2, 0, NULL));
    expect_ran(e0, "empty", 77000);
    expect_ran(e1, "empty", T.default_ns);
    expect_ran(e2, "empty", 0);
    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(e0));
    OK(zeEventDestroy(e1));
    OK(zeEventDestroy(e2));
    OK(zeKernelDestroy(kb));
    OK(zeKernelDestroy(ka));
    OK(zeKernelDestroy(kz));
    OK(zeModuleDestroy(before));
    OK(zeModuleDestroy(after));
    OK(zeModuleDestroy(zero));
}

/* ---- malformed modules ---- */

static void test_malformed_real_module(void **state) {
    uint8_t *b = malloc(T.spv_size);
    uint32_t w;
    size_t i;
    (void)state;
    assert_non_null(b);
    /* truncated: inside the first instruction (OpCapability, 2 words), after the last function's
       OpReturn (before its OpFunctionEnd), not at a word, inside the header */
    expect_failure(T.spv, 24, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "runs past the end of the module");
    expect_failure(T.spv, T.spv_size - 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "ends inside a function");
    expect_failure(T.spv, T.spv_size - 1, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "not a whole number of 32-bit words");
    expect_failure(T.spv, 12, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "fewer than the 5 of the header");
    expect_failure(T.spv, 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "fewer than the 5 of the header");
    /* a wrong magic number: no SPIR-V (as native binary: not the device's either) */
    memcpy(b, T.spv, T.spv_size);
    b[0] ^= 0x01;
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "not a SPIR-V module");
    {
        ze_module_handle_t m = NULL;
        assert_int_equal(create(b, T.spv_size, ZE_MODULE_FORMAT_NATIVE, &m, NULL), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
        assert_null(m);
    }
    /* the other byte order: Level Zero reads words in host endianness */
    for (i = 0; i < T.spv_size; i += 4) {
        memcpy(&w, T.spv + i, 4);
        w = __builtin_bswap32(w);
        memcpy(b + i, &w, 4);
    }
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "other byte order");
    /* header words: version, bound, schema */
    memcpy(b, T.spv, T.spv_size);
    w = 0x00020000u;
    memcpy(b + 4, &w, 4);
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "no SPIR-V version");
    w = 0x00010700u;
    memcpy(b + 4, &w, 4);
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "supports up to 1.");
    memcpy(b, T.spv, T.spv_size);
    w = 0;
    memcpy(b + 12, &w, 4);
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "bound 0");
    memcpy(b, T.spv, T.spv_size);
    w = 1;
    memcpy(b + 16, &w, 4);
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "schema word 1");
    /* the first instruction with a word count of 0 */
    memcpy(b, T.spv, T.spv_size);
    memcpy(&w, b + 20, 4);
    w &= 0xffffu;
    memcpy(b + 20, &w, 4);
    expect_failure(b, T.spv_size, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "word count of 0");
    free(b);
}

static void test_malformed_hand_made(void **state) {
    spv s;
    ze_module_handle_t m = NULL;
    ze_kernel_handle_t k = NULL;
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "hand" };
    ze_kernel_properties_t kp = { .stype = ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES };
    uint32_t n = 0;
    char longname[ZE_SIM_NAME_MAX + 1];
    (void)state;
    /* the baseline builds: one kernel of two arguments */
    good(&s);
    OK(create(s.w, s.n * 4, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL));
    OK(zeKernelCreate(m, &kd, &k));
    OK(zeKernelGetProperties(k, &kp));
    assert_int_equal(kp.numKernelArgs, 2);
    OK(zeKernelDestroy(k));
    OK(zeModuleDestroy(m));

    /* no entry point: invalid without Linkage (2.16.1), a module without kernels with it */
    begin(&s, 0);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "no OpEntryPoint, and no Linkage capability");
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    body(&s, 1);
    OK(create(s.w, s.n * 4, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL));
    OK(zeModuleGetKernelNames(m, &n, NULL));
    assert_int_equal(n, 0);
    k = NULL;
    assert_int_equal(zeKernelCreate(m, &kd, &k), ZE_RESULT_ERROR_INVALID_KERNEL_NAME);
    assert_null(k);
    OK(zeModuleDestroy(m));

    /* an entry point of another execution model (SPIR-V Programming Guide: must be Kernel) */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_GLCOMPUTE, 10, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "execution model 5, not Kernel");

    /* a name without its terminating nul */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 0);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "no terminating nul");

    /* an entry point naming no function; one naming an id beyond the bound */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 9, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "which is no OpFunction");
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 16, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "not within 0 < id < Bound");

    /* a kernel returning int (Kernel Return Types) */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    body(&s, 2);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "not OpTypeVoid");

    /* 32-bit addressing; no memory model; two */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL32, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "not Physical64 OpenCL");
    begin(&s, 1);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "0 OpMemoryModel instructions");
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "2 OpMemoryModel instructions");

    /* an instruction too short for its operands */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 1, ADDR_PHYSICAL64);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "too few for its operands");

    /* two kernels of one name (OpEntryPoint); two names for one function are two kernels */
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_MODULE_BUILD_FAILURE, "two OpEntryPoint Kernel named \"hand\"");
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "hand", 1);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, "glove", 1);
    body(&s, 1);
    OK(create(s.w, s.n * 4, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL));
    n = 0;
    OK(zeModuleGetKernelNames(m, &n, NULL));
    assert_int_equal(n, 2);
    OK(zeModuleDestroy(m));

    /* valid, beyond the sim: a name of 64 bytes */
    memset(longname, 'k', ZE_SIM_NAME_MAX);
    longname[ZE_SIM_NAME_MAX] = '\0';
    begin(&s, 1);
    inst(&s, OP_MEMORY_MODEL, 2, ADDR_PHYSICAL64, MEM_OPENCL);
    inst_str(&s, OP_ENTRY_POINT, MODEL_KERNEL, 10, longname, 1);
    body(&s, 1);
    expect_failure(s.w, s.n * 4, ZE_RESULT_ERROR_UNSUPPORTED_FEATURE, "kernel name of 64 bytes");
}

/* The text format is unchanged, for both formats. */
static void test_text_still_works(void **state) {
    static const char text[] = "kernel vadd 20000\nkernel vmul 5000 3\n";
    ze_module_handle_t m = NULL;
    uint32_t n = 0;
    (void)state;
    OK(create(text, sizeof text - 1, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL));
    OK(zeModuleGetKernelNames(m, &n, NULL));
    assert_int_equal(n, 2);
    OK(zeModuleDestroy(m));
    OK(create(text, sizeof text - 1, ZE_MODULE_FORMAT_NATIVE, &m, NULL));
    OK(zeModuleDestroy(m));
    m = NULL;
    assert_int_equal(create("garbage", 7, ZE_MODULE_FORMAT_IL_SPIRV, &m, NULL), ZE_RESULT_ERROR_INVALID_NATIVE_BINARY);
    assert_null(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_module_kernels),
        cmocka_unit_test(test_kernel_objects),
        cmocka_unit_test(test_launch_immediate),
        cmocka_unit_test(test_launch_regular),
        cmocka_unit_test(test_configured_duration),
        cmocka_unit_test(test_malformed_real_module),
        cmocka_unit_test(test_malformed_hand_made),
        cmocka_unit_test(test_text_still_works),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
