/* test_sim_modern.c - the simulated device's event and list kinds of newer specs (issue #17),
   driven through the newest loader without the library: in-order and out-of-order command
   lists, counter-based events, graphs, mutable lists, and the memory entry points of newer
   specs (zePhysicalMemGetProperties, host physical memory, zeMemPutIpcHandle, IPC handles from
   physical memory and to file descriptors; the rest of memory is test_sim_memory.c).

   Built against the newest Level Zero headers and run on the newest loader's leg only, plain
   and under the tracing layer (tests/sim/sim.mk). Each test checks one rule of the
   specification that tests/sim/README.md lists. Timing: a "slow" kernel runs 50 ms, so "B started
   before A ended" does not depend on how fast the machine is; nothing asserts an upper bound on
   wall-clock time, and every wait gives up after 10 s (LONG) so that a broken rule fails
   instead of hanging. */
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
#include <time.h>
#include <unistd.h>

#include "ze_sim.h"

#define OK(call) assert_int_equal((call), ZE_RESULT_SUCCESS)
#define MS 1000000ull
/* Waits that a misbehaving device would never end: fail instead of hanging. */
#define LONG (10000 * MS)

static const char MODULE_TEXT[] =
    "kernel slow 50000000\n"
    "kernel vadd 20000\n"
    "kernel tiny 100\n";

static struct {
    ze_sim_hooks_t sim;
    ze_driver_handle_t drv;
    ze_device_handle_t dev;
    ze_context_handle_t ctx;
    ze_module_handle_t mod;
    ze_kernel_handle_t slow, vadd, tiny;
    ze_event_pool_handle_t pool;
    uint64_t live_at_start;
} T;

static const ze_group_count_t ONE = { 1, 1, 1 };

/* ---- helpers ---- */

static ze_kernel_handle_t make_kernel(const char *name) {
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, name };
    ze_kernel_handle_t k = NULL;
    OK(zeKernelCreate(T.mod, &kd, &k));
    return k;
}

static ze_command_list_handle_t make_immediate(uint32_t qflags) {
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, qflags,
                                   ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_list_handle_t l = NULL;
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &l));
    return l;
}

static ze_command_list_handle_t make_list(uint32_t flags) {
    ze_command_list_desc_t ld = { ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, flags };
    ze_command_list_handle_t l = NULL;
    OK(zeCommandListCreate(T.ctx, T.dev, &ld, &l));
    return l;
}

static ze_command_queue_handle_t make_queue(void) {
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                   ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_queue_handle_t q = NULL;
    OK(zeCommandQueueCreate(T.ctx, T.dev, &qd, &q));
    return q;
}

/* A regular event of the suite's host-visible pool. */
static ze_event_handle_t make_event(uint32_t index) {
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, index, 0, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_handle_t ev = NULL;
    OK(zeEventCreate(T.pool, &ed, &ev));
    return ev;
}

static ze_result_t cb_create(uint32_t flags, const void *pNext, ze_event_handle_t *ev) {
    ze_event_counter_based_desc_t d = { ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_DESC, pNext, flags, 0, 0 };
    return zeEventCounterBasedCreate(T.ctx, T.dev, &d, ev);
}

static ze_event_handle_t make_cb(uint32_t flags) {
    ze_event_handle_t ev = NULL;
    OK(cb_create(flags, NULL, &ev));
    return ev;
}

static ze_result_t launch(ze_command_list_handle_t l, ze_kernel_handle_t k, ze_event_handle_t sig, uint32_t nwait,
                          ze_event_handle_t *wait) {
    return zeCommandListAppendLaunchKernel(l, k, &ONE, sig, nwait, wait);
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

/* The most recent log record of a kernel launched from list l. */
static ze_sim_command_record_t record_of_kernel(ze_command_list_handle_t l, const char *name) {
    ze_sim_command_record_t r;
    size_t n = T.sim.LogCount();
    memset(&r, 0, sizeof r);
    while (n-- > 0) {
        OK(T.sim.LogGet(n, &r));
        if (r.command_list == l && strcmp(r.kernel_name, name) == 0) return r;
    }
    fail_msg("no log record for kernel %s", name);
    return r;
}

/* ---- setup ---- */

static int group_setup(void **state) {
    uint32_t n = 1;
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 64 };
    ze_module_desc_t md = { ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof MODULE_TEXT - 1,
                            (const uint8_t *)MODULE_TEXT, NULL, NULL };
    (void)state;
    if (zeInit(ZE_INIT_FLAG_GPU_ONLY) != ZE_RESULT_SUCCESS) return -1;
    if (ze_sim_hooks_load(&T.sim) != 0) return -1;
    if (zeDriverGet(&n, &T.drv) != ZE_RESULT_SUCCESS || n != 1) return -1;
    n = 1;
    if (zeDeviceGet(T.drv, &n, &T.dev) != ZE_RESULT_SUCCESS) return -1;
    T.live_at_start = T.sim.LiveObjectCount();
    if (zeContextCreate(T.drv, &cd, &T.ctx) != ZE_RESULT_SUCCESS) return -1;
    if (zeModuleCreate(T.ctx, T.dev, &md, &T.mod, NULL) != ZE_RESULT_SUCCESS) return -1;
    T.slow = make_kernel("slow");
    T.vadd = make_kernel("vadd");
    T.tiny = make_kernel("tiny");
    if (zeEventPoolCreate(T.ctx, &pd, 0, NULL, &T.pool) != ZE_RESULT_SUCCESS) return -1;
    return 0;
}

static int group_teardown(void **state) {
    (void)state;
    zeKernelDestroy(T.slow);
    zeKernelDestroy(T.vadd);
    zeKernelDestroy(T.tiny);
    zeModuleDestroy(T.mod);
    zeEventPoolDestroy(T.pool);
    zeContextDestroy(T.ctx);
    /* every object the suite created is gone again */
    return T.sim.LiveObjectCount() == T.live_at_start ? 0 : -1;
}

/* After each test, even a failed one: the device runs, lists are in order again. */
static int reset_device(void **state) {
    (void)state;
    T.sim.SetPaused(0);
    T.sim.SetOutOfOrder(0);
    return T.sim.WaitIdle(10000 * MS) == ZE_RESULT_SUCCESS ? 0 : -1;
}

/* ---- in-order and out-of-order command lists ---- */

/* zeCommandListGetFlags / zeCommandListImmediateGetFlags / zeCommandQueueGetFlags (1.17) report
   the creation flags; IN_ORDER "Cannot be combined with ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING". */
static void test_list_flags(void **state) {
    ze_command_list_flags_t lf = 0;
    ze_command_queue_flags_t qf = 0;
    ze_command_list_handle_t l = make_list(ZE_COMMAND_LIST_FLAG_IN_ORDER), imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t bad = NULL;
    ze_command_list_desc_t ld = { ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0,
                                  ZE_COMMAND_LIST_FLAG_IN_ORDER | ZE_COMMAND_LIST_FLAG_RELAXED_ORDERING };
    ze_command_queue_handle_t q = make_queue();
    (void)state;
    OK(zeCommandListGetFlags(l, &lf));
    assert_int_equal(lf, ZE_COMMAND_LIST_FLAG_IN_ORDER);
    OK(zeCommandListImmediateGetFlags(imm, &qf));
    assert_int_equal(qf, ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    assert_int_equal(zeCommandListImmediateGetFlags(l, &qf), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    qf = 7;
    OK(zeCommandQueueGetFlags(q, &qf));
    assert_int_equal(qf, 0);
    assert_int_equal(zeCommandListCreate(T.ctx, T.dev, &ld, &bad), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(imm));
    OK(zeCommandListDestroy(l));
}

/* Without the opt-in, a list without the in-order flag still runs one command after another. */
static void test_order_default_serial(void **state) {
    ze_command_list_handle_t imm = make_immediate(0);
    ze_sim_command_record_t a, b;
    (void)state;
    T.sim.SetPaused(1);
    OK(launch(imm, T.slow, NULL, 0, NULL));
    OK(launch(imm, T.tiny, NULL, 0, NULL));
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(imm, LONG));
    a = record_of_kernel(imm, "slow");
    b = record_of_kernel(imm, "tiny");
    assert_true(b.device_start >= a.device_end);
    assert_true(b.seq > a.seq);
    OK(zeCommandListDestroy(imm));
}

/* ZE_SIM_OOO: "Commands executed on a command list are only guaranteed to start in the same order
   in which they are submitted; i.e. there is no implicit definition of the order of completion".
   Immediate and regular lists without the in-order flag overlap their commands; the short one
   completes first. */
static void test_ooo_overlaps(void **state) {
    ze_command_list_handle_t imm = make_immediate(0), l = make_list(0);
    ze_command_queue_handle_t q = make_queue();
    ze_sim_command_record_t a, b;
    (void)state;
    T.sim.SetOutOfOrder(1);
    T.sim.SetPaused(1);
    OK(launch(imm, T.slow, NULL, 0, NULL));
    OK(launch(imm, T.tiny, NULL, 0, NULL));
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(imm, LONG));
    a = record_of_kernel(imm, "slow");
    b = record_of_kernel(imm, "tiny");
    assert_true(b.device_start >= a.device_start); /* started in order */
    assert_true(b.device_start < a.device_end);    /* while the first ran */
    assert_true(b.seq < a.seq);                    /* and completed first */

    OK(launch(l, T.slow, NULL, 0, NULL));
    OK(launch(l, T.tiny, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeCommandQueueSynchronize(q, LONG));
    a = record_of_kernel(l, "slow");
    b = record_of_kernel(l, "tiny");
    assert_true(b.device_start < a.device_end);
    assert_true(b.seq < a.seq);
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
    OK(zeCommandListDestroy(imm));
}

/* Under ZE_SIM_OOO an in-order list (ZE_COMMAND_LIST_FLAG_IN_ORDER, ZE_COMMAND_QUEUE_FLAG_IN_ORDER:
   "commands appended to this command list are executed in-order") still runs one after another. */
static void test_ooo_spares_in_order_lists(void **state) {
    ze_command_list_handle_t imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t l = make_list(ZE_COMMAND_LIST_FLAG_IN_ORDER);
    ze_command_queue_handle_t q = make_queue();
    ze_sim_command_record_t a, b;
    (void)state;
    T.sim.SetOutOfOrder(1);
    T.sim.SetPaused(1);
    OK(launch(imm, T.slow, NULL, 0, NULL));
    OK(launch(imm, T.tiny, NULL, 0, NULL));
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(imm, LONG));
    a = record_of_kernel(imm, "slow");
    b = record_of_kernel(imm, "tiny");
    assert_true(b.device_start >= a.device_end);

    OK(launch(l, T.slow, NULL, 0, NULL));
    OK(launch(l, T.tiny, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeCommandQueueSynchronize(q, LONG));
    a = record_of_kernel(l, "slow");
    b = record_of_kernel(l, "tiny");
    assert_true(b.device_start >= a.device_end);
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
    OK(zeCommandListDestroy(imm));
}

/* Under ZE_SIM_OOO what orders commands: a barrier ("ensure hKernel1 completes before hKernel2
   begins"), a wait event, and the boundary between two lists of one execution. An appended
   signal is no barrier: it may signal before the command before it completed. */
static void test_ooo_barriers_and_events(void **state) {
    ze_command_list_handle_t imm = make_immediate(0), l1 = make_list(0), l2 = make_list(0);
    ze_command_list_handle_t lists[2];
    ze_command_queue_handle_t q = make_queue();
    ze_event_handle_t e1 = make_event(0), e2 = make_event(1);
    ze_sim_command_record_t a, b;
    (void)state;
    T.sim.SetOutOfOrder(1);
    /* barrier */
    OK(launch(imm, T.slow, NULL, 0, NULL));
    OK(zeCommandListAppendBarrier(imm, NULL, 0, NULL));
    OK(launch(imm, T.tiny, NULL, 0, NULL));
    OK(zeCommandListHostSynchronize(imm, LONG));
    a = record_of_kernel(imm, "slow");
    b = record_of_kernel(imm, "tiny");
    assert_true(b.device_start >= a.device_end);
    /* wait event */
    OK(launch(imm, T.slow, e1, 0, NULL));
    OK(launch(imm, T.tiny, NULL, 1, &e1));
    OK(zeCommandListHostSynchronize(imm, LONG));
    a = record_of(e1);
    b = record_of_kernel(imm, "tiny");
    assert_true(b.device_start >= a.device_end);
    /* a signal after a kernel does not wait for it */
    OK(zeEventHostReset(e1));
    OK(launch(imm, T.slow, e1, 0, NULL));
    OK(zeCommandListAppendSignalEvent(imm, e2));
    OK(zeEventHostSynchronize(e2, LONG));
    assert_int_equal(zeEventQueryStatus(e1), ZE_RESULT_NOT_READY);
    OK(zeCommandListHostSynchronize(imm, LONG));
    /* two lists of one execution do not overlap */
    OK(launch(l1, T.slow, NULL, 0, NULL));
    OK(zeCommandListClose(l1));
    OK(launch(l2, T.tiny, NULL, 0, NULL));
    OK(zeCommandListClose(l2));
    lists[0] = l1;
    lists[1] = l2;
    OK(zeCommandQueueExecuteCommandLists(q, 2, lists, NULL));
    OK(zeCommandQueueSynchronize(q, LONG));
    a = record_of_kernel(l1, "slow");
    b = record_of_kernel(l2, "tiny");
    assert_true(b.device_start >= a.device_end);
    OK(zeEventDestroy(e1));
    OK(zeEventDestroy(e2));
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(l2));
    OK(zeCommandListDestroy(imm));
}

/* ---- counter-based events ---- */

/* zeEventCounterBasedCreate (1.15): flags checked, "After creation, a CB Event is initially marked
   as completed", zeEventGetCounterBasedFlags reports the flags (IMMEDIATE is the default mode),
   0 for a regular event. */
static void test_cb_create(void **state) {
    ze_event_handle_t ev = NULL, reg = make_event(2);
    ze_event_counter_based_flags_t f = 99;
    ze_event_pool_handle_t p = (ze_event_pool_handle_t)&f;
    (void)state;
    assert_int_equal(cb_create(0x80, NULL, &ev), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    assert_int_equal(cb_create(ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP | ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP,
                               NULL, &ev),
                     ZE_RESULT_ERROR_INVALID_ENUMERATION);
    assert_int_equal(cb_create(ZE_EVENT_COUNTER_BASED_FLAG_IPC | ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP, NULL, &ev),
                     ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(cb_create(0, NULL, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    ev = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE);
    OK(zeEventQueryStatus(ev));
    OK(zeEventHostSynchronize(ev, 0));
    OK(zeEventGetCounterBasedFlags(ev, &f));
    assert_int_equal(f, ZE_EVENT_COUNTER_BASED_FLAG_HOST_VISIBLE | ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE);
    OK(zeEventGetEventPool(ev, &p));
    assert_null(p);
    OK(zeEventGetCounterBasedFlags(reg, &f));
    assert_int_equal(f, 0);
    OK(zeEventDestroy(ev));
    OK(zeEventDestroy(reg));
}

/* "The CB Event can only be signaled on the GPU using an in-order command list"; the
   IMMEDIATE / NON_IMMEDIATE flags say for which kind of list; waiting works from any list. */
static void test_cb_signal_rules(void **state) {
    ze_command_list_handle_t imm = make_immediate(0), imm_io = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t reg = make_list(0), reg_io = make_list(ZE_COMMAND_LIST_FLAG_IN_ORDER);
    ze_event_handle_t ei = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE);
    ze_event_handle_t en = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE);
    ze_event_handle_t eb = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE | ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE);
    (void)state;
    assert_int_equal(launch(imm, T.tiny, ei, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendSignalEvent(imm, ei), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(launch(reg, T.tiny, en, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(launch(imm_io, T.tiny, en, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(launch(reg_io, T.tiny, ei, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(launch(imm_io, T.tiny, ei, 0, NULL));
    OK(launch(imm_io, T.tiny, eb, 0, NULL));
    OK(launch(reg_io, T.tiny, en, 0, NULL));
    OK(launch(reg_io, T.tiny, eb, 0, NULL));
    OK(launch(imm, T.tiny, NULL, 1, &ei)); /* a non-in-order list may wait */
    OK(zeCommandListHostSynchronize(imm_io, LONG));
    OK(zeCommandListHostSynchronize(imm, LONG));
    OK(zeEventDestroy(ei));
    OK(zeEventDestroy(en));
    OK(zeEventDestroy(eb));
    OK(zeCommandListDestroy(imm));
    OK(zeCommandListDestroy(imm_io));
    OK(zeCommandListDestroy(reg));
    OK(zeCommandListDestroy(reg_io));
}

/* "zeEventHostReset is not allowed", "zeEventHostSignal is not allowed", and
   zeCommandListAppendEventReset "is not allowed" (1.8 extension). */
static void test_cb_no_reset_no_host_signal(void **state) {
    ze_command_list_handle_t imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_event_handle_t ev = make_cb(0);
    (void)state;
    assert_int_equal(zeEventHostSignal(ev), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventHostReset(ev), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListAppendEventReset(imm, ev), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventDestroy(ev));
    OK(zeCommandListDestroy(imm));
}

/* "a signaled counter-based event always represents the completion of the last call to which it
   was passed as signal event": a second append re-arms it without a reset, and the first append
   completing does not complete it. */
static void test_cb_latest_append_wins(void **state) {
    ze_command_list_handle_t l1 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t l2 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_event_handle_t ev = make_cb(0), gate = make_event(3);
    (void)state;
    T.sim.SetPaused(1);
    OK(launch(l1, T.tiny, ev, 0, NULL));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    OK(launch(l2, T.tiny, ev, 1, &gate)); /* re-armed: now tracks the launch on l2 */
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(l1, LONG));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventHostSynchronize(ev, 1 * MS), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(gate));
    OK(zeEventHostSynchronize(ev, LONG));
    OK(zeEventQueryStatus(ev));
    OK(zeCommandListHostSynchronize(l2, LONG));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(ev));
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(l2));
}

/* A wait binds to the state the event had when the wait was appended ("cmdList2 waits for
   counter=X"): re-arming the event afterwards does not hold the waiter back. */
static void test_cb_wait_binds_at_append(void **state) {
    ze_command_list_handle_t l1 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t l2 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t waiter = make_immediate(0);
    ze_event_handle_t ev = make_cb(0), gate = make_event(4);
    ze_sim_command_record_t a, c;
    (void)state;
    T.sim.SetPaused(1);
    OK(launch(l1, T.vadd, ev, 0, NULL));       /* counter X */
    OK(launch(waiter, T.tiny, NULL, 1, &ev));  /* waits for X */
    OK(launch(l2, T.tiny, ev, 1, &gate));      /* counter Y, held back by the gate */
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(waiter, LONG));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    a = record_of_kernel(l1, "vadd");
    c = record_of_kernel(waiter, "tiny");
    assert_true(c.device_start >= a.device_end);
    OK(zeEventHostSignal(gate));
    OK(zeCommandListHostSynchronize(l2, LONG));
    OK(zeEventQueryStatus(ev));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(ev));
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(l2));
    OK(zeCommandListDestroy(waiter));
}

/* "No need to wait for completion before reusing/destroying": the event goes away at once, its
   signal and a wait bound to it still run. */
static void test_cb_destroy_before_complete(void **state) {
    ze_command_list_handle_t l1 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER), waiter = make_immediate(0);
    ze_event_handle_t ev = make_cb(0);
    uint64_t live = T.sim.LiveObjectCount();
    ze_sim_command_record_t a, c;
    (void)state;
    T.sim.SetPaused(1);
    OK(launch(l1, T.vadd, ev, 0, NULL));
    OK(launch(waiter, T.tiny, NULL, 1, &ev));
    OK(zeEventDestroy(ev));
    assert_int_equal(T.sim.LiveObjectCount(), live - 1);
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(waiter, LONG));
    a = record_of_kernel(l1, "vadd");
    c = record_of_kernel(waiter, "tiny");
    assert_true(c.device_start >= a.device_end);
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(waiter));
}

/* Regular in-order lists: appending does not touch the event, every execution re-arms it ("If
   Event state is replaced by new append call or zeCommandQueueExecuteCommandLists that signals
   such Event"). */
static void test_cb_regular_list_rearms_per_execution(void **state) {
    ze_command_list_handle_t l = make_list(ZE_COMMAND_LIST_FLAG_IN_ORDER);
    ze_command_queue_handle_t q = make_queue();
    ze_event_handle_t ev = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE), gate = make_event(5);
    (void)state;
    OK(launch(l, T.tiny, ev, 1, &gate));
    OK(zeCommandListClose(l));
    OK(zeEventQueryStatus(ev)); /* recorded, not submitted: still the initial state */
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(gate));
    OK(zeEventHostSynchronize(ev, LONG));
    OK(zeCommandQueueSynchronize(q, LONG));
    OK(zeEventHostReset(gate));
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(gate));
    OK(zeEventHostSynchronize(ev, LONG));
    OK(zeCommandQueueSynchronize(q, LONG));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(ev));
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
}

/* Kernel timestamps only with ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP / HOST_TIMESTAMP; they
   are the latest append's ("new timestamp data storage is provided implicitly"). */
static void test_cb_timestamps(void **state) {
    ze_command_list_handle_t imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_event_handle_t plain = make_cb(0), dts = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_DEVICE_TIMESTAMP);
    ze_event_handle_t hts = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_HOST_TIMESTAMP);
    ze_kernel_timestamp_result_t ts;
    ze_synchronized_timestamp_result_ext_t st;
    ze_event_query_kernel_timestamps_results_ext_properties_t res = {
        ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES, NULL, NULL, &st };
    ze_sim_command_record_t r1, r2;
    uint32_t n = 1;
    (void)state;
    OK(launch(imm, T.tiny, plain, 0, NULL));
    OK(zeCommandListHostSynchronize(imm, LONG));
    assert_int_equal(zeEventQueryKernelTimestamp(plain, &ts), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventQueryKernelTimestamp(dts, &ts), ZE_RESULT_NOT_READY); /* never signalled */
    OK(launch(imm, T.vadd, dts, 0, NULL));
    OK(zeEventHostSynchronize(dts, LONG));
    r1 = record_of(dts);
    OK(zeEventQueryKernelTimestamp(dts, &ts));
    assert_int_equal(ts.global.kernelStart, r1.device_start & 0xffffffffu);
    assert_int_equal(ts.global.kernelEnd, r1.device_end & 0xffffffffu);
    OK(launch(imm, T.tiny, dts, 0, NULL));
    OK(zeEventHostSynchronize(dts, LONG));
    r2 = record_of(dts);
    assert_true(r2.seq > r1.seq);
    OK(zeEventQueryKernelTimestamp(dts, &ts));
    assert_int_equal(ts.global.kernelStart, r2.device_start & 0xffffffffu);
    OK(launch(imm, T.vadd, hts, 0, NULL));
    OK(zeEventHostSynchronize(hts, LONG));
    r1 = record_of(hts);
    OK(zeEventQueryKernelTimestampsExt(hts, T.dev, &n, &res));
    assert_int_equal(n, 1);
    /* host time domain: ns of CLOCK_MONOTONIC_RAW (the device ticks at 19.2 MHz) */
    assert_int_equal(st.global.kernelStart, r1.device_start * 625 / 12);
    assert_true(st.global.kernelEnd - st.global.kernelStart >= 19000);
    OK(zeEventDestroy(plain));
    OK(zeEventDestroy(dts));
    OK(zeEventDestroy(hts));
    OK(zeCommandListDestroy(imm));
}

/* The deprecated pool extension (1.8): events of a pool with ze_event_pool_counter_based_exp_desc_t
   are counter-based, for immediate lists by default. */
static void test_cb_pool_extension(void **state) {
    ze_event_pool_counter_based_exp_desc_t cbd = { ZE_STRUCTURE_TYPE_COUNTER_BASED_EVENT_POOL_EXP_DESC, NULL, 0 };
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, &cbd, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 4 };
    ze_event_pool_handle_t pool = NULL;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0 };
    ze_event_handle_t ev = NULL;
    ze_event_counter_based_flags_t f = 0;
    ze_command_list_handle_t imm = make_immediate(0), imm_io = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t reg_io = make_list(ZE_COMMAND_LIST_FLAG_IN_ORDER);
    (void)state;
    cbd.flags = 4;
    assert_int_equal(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    cbd.flags = 0;
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    OK(zeEventCreate(pool, &ed, &ev));
    OK(zeEventQueryStatus(ev));
    OK(zeEventGetCounterBasedFlags(ev, &f));
    assert_int_equal(f, ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE);
    assert_int_equal(zeEventHostSignal(ev), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(launch(imm, T.tiny, ev, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(launch(reg_io, T.tiny, ev, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    T.sim.SetPaused(1);
    OK(launch(imm_io, T.tiny, ev, 0, NULL));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    T.sim.SetPaused(0);
    OK(zeEventHostSynchronize(ev, LONG));
    OK(zeEventDestroy(ev));
    OK(zeEventPoolDestroy(pool));
    OK(zeCommandListDestroy(imm));
    OK(zeCommandListDestroy(imm_io));
    OK(zeCommandListDestroy(reg_io));
}

/* IPC within the process: the handle names the state at zeEventCounterBasedGetIpcHandle ("Second
   process points to the original state until zeEventCounterBasedCloseIpcHandle is called"); the
   opened event only waits ("Opened event can be used only for waiting/querying"). */
static void test_cb_ipc(void **state) {
    ze_command_list_handle_t l1 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t l2 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_event_handle_t ev = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_IPC), plain = make_cb(0), reg = make_event(6);
    ze_event_handle_t opened = NULL, gate = make_event(7);
    ze_ipc_event_counter_based_handle_t h;
    (void)state;
    assert_int_equal(zeEventCounterBasedGetIpcHandle(plain, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventCounterBasedGetIpcHandle(reg, &h), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT);
    T.sim.SetPaused(1);
    OK(launch(l1, T.vadd, ev, 0, NULL));
    OK(zeEventCounterBasedGetIpcHandle(ev, &h));
    OK(zeEventCounterBasedOpenIpcHandle(T.ctx, h, &opened));
    assert_int_equal(zeEventQueryStatus(opened), ZE_RESULT_NOT_READY);
    OK(launch(l2, T.tiny, ev, 1, &gate)); /* the original moves on; the opened one does not */
    T.sim.SetPaused(0);
    OK(zeEventHostSynchronize(opened, LONG));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    assert_int_equal(launch(l1, T.tiny, opened, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(launch(l1, T.tiny, NULL, 1, &opened));
    assert_int_equal(zeEventDestroy(opened), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventCounterBasedCloseIpcHandle(ev), ZE_RESULT_ERROR_INVALID_SYNCHRONIZATION_OBJECT);
    OK(zeEventCounterBasedCloseIpcHandle(opened));
    memset(h.data, 0x5a, sizeof h.data);
    assert_int_equal(zeEventCounterBasedOpenIpcHandle(T.ctx, h, &opened), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventHostSignal(gate));
    OK(zeEventHostSynchronize(ev, LONG));
    OK(zeCommandListHostSynchronize(l1, LONG));
    OK(zeEventDestroy(ev));
    OK(zeEventDestroy(plain));
    OK(zeEventDestroy(reg));
    OK(zeEventDestroy(gate));
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(l2));
}

/* zeEventCounterBasedGetDeviceAddress: the counter at the address reaches the completion value
   when the latest signal completed ("waiting for completion outside the L0 Driver"). */
static void test_cb_device_address(void **state) {
    ze_command_list_handle_t imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_event_handle_t ev = make_cb(0), reg = make_event(8);
    uint64_t value = 99, addr = 0;
    const uint64_t *counter;
    (void)state;
    assert_int_equal(zeEventCounterBasedGetDeviceAddress(reg, &value, &addr), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventCounterBasedGetDeviceAddress(ev, &value, &addr));
    counter = (const uint64_t *)(uintptr_t)addr;
    assert_true(__atomic_load_n(counter, __ATOMIC_ACQUIRE) >= value); /* complete at creation */
    T.sim.SetPaused(1);
    OK(launch(imm, T.tiny, ev, 0, NULL));
    OK(zeEventCounterBasedGetDeviceAddress(ev, &value, &addr));
    counter = (const uint64_t *)(uintptr_t)addr;
    assert_true(__atomic_load_n(counter, __ATOMIC_ACQUIRE) < value);
    T.sim.SetPaused(0);
    OK(zeEventHostSynchronize(ev, LONG));
    assert_true(__atomic_load_n(counter, __ATOMIC_ACQUIRE) >= value);
    OK(zeEventDestroy(ev));
    OK(zeEventDestroy(reg));
    OK(zeCommandListDestroy(imm));
}

static uint64_t *alloc_u64(void) {
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    void *p = NULL;
    OK(zeMemAllocDevice(T.ctx, &dd, sizeof(uint64_t), 8, T.dev, &p));
    *(uint64_t *)p = 0;
    return p;
}

/* External aggregate storage: "each append will increment the storage by incrementValue", the
   event is complete when the value reaches completionValue; its state is not replaced. A
   completionValue above zeDeviceGetCounterBasedEventMaxValue is ZE_RESULT_ERROR_INVALID_ARGUMENT. */
static void test_cb_aggregate(void **state) {
    ze_command_list_handle_t imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    uint64_t *mem = alloc_u64(), max = 0;
    uint32_t inc = 0;
    ze_event_counter_based_external_aggregate_storage_desc_t agg = {
        ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE_DESC, NULL, mem, 2, 6 };
    ze_event_counter_based_external_sync_allocation_desc_t sync = {
        ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC, &agg, mem, mem, 1 };
    ze_event_handle_t ev = NULL;
    (void)state;
    OK(zeDeviceGetCounterBasedEventMaxValue(T.dev, &max));
    OK(zeDeviceGetAggregatedCopyOffloadIncrementValue(T.dev, &inc));
    assert_int_equal(inc, 1);
    agg.completionValue = max + 1;
    assert_int_equal(cb_create(0, &agg, &ev), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    agg.completionValue = 6;
    assert_int_equal(cb_create(0, &sync, &ev), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* both kinds */
    OK(cb_create(0, &agg, &ev));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY); /* 0 < 6 */
    OK(launch(imm, T.tiny, ev, 0, NULL));
    OK(launch(imm, T.tiny, ev, 0, NULL));
    OK(zeCommandListHostSynchronize(imm, LONG));
    assert_int_equal(*mem, 4);
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    OK(launch(imm, T.tiny, ev, 0, NULL));
    OK(zeEventHostSynchronize(ev, LONG));
    assert_int_equal(*mem, 6);
    OK(zeEventDestroy(ev));
    OK(zeMemFree(T.ctx, mem));
    OK(zeCommandListDestroy(imm));
}

/* External sync allocation: complete while the application's values reach completionValue (the
   host copy for host waits, the device copy for device waits); a signalling append replaces that
   state. */
static void test_cb_external_sync(void **state) {
    ze_command_list_handle_t imm = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER), waiter = make_immediate(0);
    uint64_t *dev = alloc_u64(), *host = alloc_u64();
    ze_event_counter_based_external_sync_allocation_desc_t sync = {
        ZE_STRUCTURE_TYPE_EVENT_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION_DESC, NULL, dev, host, 5 };
    ze_event_handle_t ev = NULL;
    (void)state;
    OK(cb_create(0, &sync, &ev));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY);
    OK(launch(waiter, T.tiny, NULL, 1, &ev));
    assert_int_equal(zeCommandListHostSynchronize(waiter, 5 * MS), ZE_RESULT_NOT_READY);
    __atomic_store_n(dev, 5, __ATOMIC_RELEASE); /* the device copy: the waiter runs */
    OK(zeCommandListHostSynchronize(waiter, LONG));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY); /* the host copy is still 0 */
    __atomic_store_n(host, 7, __ATOMIC_RELEASE);
    OK(zeEventQueryStatus(ev));
    OK(zeEventHostSynchronize(ev, 0));
    T.sim.SetPaused(1);
    OK(launch(imm, T.tiny, ev, 0, NULL));
    assert_int_equal(zeEventQueryStatus(ev), ZE_RESULT_NOT_READY); /* replaced by the append */
    T.sim.SetPaused(0);
    OK(zeEventHostSynchronize(ev, LONG));
    OK(zeEventDestroy(ev));
    OK(zeMemFree(T.ctx, dev));
    OK(zeMemFree(T.ctx, host));
    OK(zeCommandListDestroy(imm));
    OK(zeCommandListDestroy(waiter));
}

/* ---- kernel-mapped timestamps ---- */

static uint64_t now_raw_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP (1.6): "cannot be combined with
   ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP"; its events give kernel timestamps (zeEventQueryKernelTimestamp,
   zeCommandListAppendQueryKernelTimestamps: device ticks, 32 valid bits) and, through
   zeEventQueryKernelTimestampsExt, the same instants synchronized to the host time domain. */
static void test_mapped_timestamps(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 2 };
    ze_event_pool_handle_t pool = NULL;
    ze_event_pool_flags_t pf = 0;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0 };
    ze_event_handle_t ev = NULL, done = make_event(9);
    ze_command_list_handle_t imm = make_immediate(0);
    ze_kernel_timestamp_result_t ts, *copied;
    ze_synchronized_timestamp_result_ext_t st;
    ze_event_query_kernel_timestamps_results_ext_properties_t res = {
        ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES, NULL, &ts, &st };
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    ze_sim_command_record_t r;
    uint64_t before, after;
    uint32_t n = 0;
    (void)state;
    assert_int_equal(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    pd.flags = ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP | ZE_EVENT_POOL_FLAG_HOST_VISIBLE;
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    OK(zeEventPoolGetFlags(pool, &pf));
    assert_int_equal(pf, ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP | ZE_EVENT_POOL_FLAG_HOST_VISIBLE);
    OK(zeEventCreate(pool, &ed, &ev));
    memset(&st, 0x5a, sizeof st);
    n = 1;
    assert_int_equal(zeEventQueryKernelTimestampsExt(ev, T.dev, &n, &res), ZE_RESULT_NOT_READY);
    assert_int_equal(st.global.kernelStart, 0x5a5a5a5a5a5a5a5aull); /* "unmodified if the event has not been signaled" */
    before = now_raw_ns();
    OK(launch(imm, T.vadd, ev, 0, NULL));
    OK(zeEventHostSynchronize(ev, LONG));
    after = now_raw_ns();
    r = record_of(ev);
    OK(zeEventQueryKernelTimestamp(ev, &ts));
    assert_int_equal(ts.global.kernelStart, r.device_start & 0xffffffffu);
    assert_int_equal(ts.global.kernelEnd, r.device_end & 0xffffffffu);
    n = 0;
    OK(zeEventQueryKernelTimestampsExt(ev, T.dev, &n, NULL));
    assert_int_equal(n, 1);
    memset(&ts, 0, sizeof ts);
    OK(zeEventQueryKernelTimestampsExt(ev, T.dev, &n, &res));
    assert_int_equal(ts.global.kernelEnd, r.device_end & 0xffffffffu);
    /* host time domain: CLOCK_MONOTONIC_RAW ns, full width, within the time the host saw pass */
    assert_true(st.global.kernelStart + 100 >= before);
    assert_true(st.global.kernelEnd <= after + 100);
    assert_true(st.global.kernelEnd - st.global.kernelStart >= 19900);
    assert_int_equal(st.context.kernelStart, st.global.kernelStart);
    /* zeCommandListAppendQueryKernelTimestamps takes mapped events too */
    OK(zeMemAllocHost(T.ctx, &hd, sizeof *copied, 8, (void **)&copied));
    OK(zeCommandListAppendQueryKernelTimestamps(imm, 1, &ev, copied, NULL, done, 0, NULL));
    OK(zeEventHostSynchronize(done, LONG));
    assert_int_equal(copied->global.kernelStart, r.device_start & 0xffffffffu);
    OK(zeMemFree(T.ctx, copied));
    OK(zeEventDestroy(ev));
    OK(zeEventDestroy(done));
    OK(zeEventPoolDestroy(pool));
    OK(zeCommandListDestroy(imm));
}

/* Synchronized timestamps need a mapped pool: "For collecting synchronized timestamps, the
   application must ensure the event was created from an event pool that was created using
   ZE_EVENT_POOL_FLAG_KERNEL_MAPPED_TIMESTAMP flag"; kernel timestamps alone come from a
   ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP pool; an event without timestamps has none. */
static void test_synchronized_needs_mapped(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1 };
    ze_event_pool_handle_t pool = NULL;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0 };
    ze_event_handle_t ev = NULL, plain = make_event(10);
    ze_command_list_handle_t imm = make_immediate(0);
    ze_kernel_timestamp_result_t ts;
    ze_synchronized_timestamp_result_ext_t st;
    ze_event_query_kernel_timestamps_results_ext_properties_t res = {
        ZE_STRUCTURE_TYPE_EVENT_QUERY_KERNEL_TIMESTAMPS_RESULTS_EXT_PROPERTIES, NULL, &ts, &st };
    uint32_t n = 1;
    (void)state;
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    OK(zeEventCreate(pool, &ed, &ev));
    OK(launch(imm, T.tiny, ev, 0, NULL));
    OK(zeEventHostSynchronize(ev, LONG));
    assert_int_equal(zeEventQueryKernelTimestampsExt(ev, T.dev, &n, &res), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    res.pSynchronizedTimestampsBuffer = NULL;
    OK(zeEventQueryKernelTimestampsExt(ev, T.dev, &n, &res));
    assert_int_equal(ts.global.kernelEnd, record_of(ev).device_end & 0xffffffffu);
    assert_int_equal(zeEventQueryKernelTimestampsExt(plain, T.dev, &n, &res), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventDestroy(ev));
    OK(zeEventDestroy(plain));
    OK(zeEventPoolDestroy(pool));
    OK(zeCommandListDestroy(imm));
}

/* ---- IPC event pools, within the process ---- */

static ze_event_handle_t pool_event(ze_event_pool_handle_t pool, uint32_t index) {
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, index, 0, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_handle_t ev = NULL;
    OK(zeEventCreate(pool, &ed, &ev));
    return ev;
}

/* zeEventPoolGetIpcHandle needs ZE_EVENT_POOL_FLAG_IPC; "Multiple calls to this function with the
   same IPC handle will return unique event pool handles"; events created in an opened pool are
   the exporter's events of the same index (signalled by the device, signalled or reset by the
   host on either side), including events the exporter creates after the export. */
static void test_ipc_pool_aliases_events(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                ZE_EVENT_POOL_FLAG_IPC | ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 4 };
    ze_event_pool_handle_t pool = NULL, p1 = NULL, p2 = NULL;
    ze_event_pool_flags_t f = 0;
    ze_ipc_event_pool_handle_t h;
    ze_driver_ipc_properties_t ip = { ZE_STRUCTURE_TYPE_DRIVER_IPC_PROPERTIES, NULL, 0 };
    ze_command_list_handle_t imm = make_immediate(0);
    ze_event_handle_t e0, c2, a0, b0, a2, done = make_event(11);
    ze_kernel_timestamp_result_t ts;
    ze_sim_command_record_t r;
    (void)state;
    OK(zeDriverGetIpcProperties(T.drv, &ip));
    assert_true(ip.flags & ZE_IPC_PROPERTY_FLAG_EVENT_POOL);
    assert_int_equal(zeEventPoolGetIpcHandle(T.pool, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* no IPC flag */
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    e0 = pool_event(pool, 0);
    OK(zeEventPoolGetIpcHandle(pool, &h));
    OK(zeEventPoolOpenIpcHandle(T.ctx, h, &p1));
    OK(zeEventPoolOpenIpcHandle(T.ctx, h, &p2));
    assert_ptr_not_equal(p1, p2);
    assert_ptr_not_equal(p1, pool);
    OK(zeEventPoolGetFlags(p1, &f));
    assert_int_equal(f, pd.flags);
    a0 = pool_event(p1, 0);
    b0 = pool_event(p2, 0);
    assert_int_equal(zeEventQueryStatus(a0), ZE_RESULT_NOT_READY);
    OK(launch(imm, T.vadd, e0, 0, NULL));
    OK(zeEventHostSynchronize(a0, LONG)); /* the exporter's event, signalled by the device */
    OK(zeEventQueryStatus(b0));
    r = record_of(e0);
    OK(zeEventQueryKernelTimestamp(b0, &ts)); /* the same memory: the same timestamps */
    assert_int_equal(ts.global.kernelStart, r.device_start & 0xffffffffu);
    OK(zeEventHostReset(a0)); /* "the opener may reset them" */
    assert_int_equal(zeEventQueryStatus(e0), ZE_RESULT_NOT_READY);
    assert_int_equal(zeEventQueryStatus(b0), ZE_RESULT_NOT_READY);
    OK(launch(imm, T.tiny, done, 1, &b0)); /* a device wait on the alias */
    assert_int_equal(zeEventHostSynchronize(done, 5 * MS), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(e0));
    OK(zeEventHostSynchronize(done, LONG));
    c2 = pool_event(pool, 2); /* created after the export */
    a2 = pool_event(p1, 2);
    OK(zeEventHostSignal(c2));
    OK(zeEventQueryStatus(a2));
    /* an opened pool is closed, not destroyed, and not exported again; the original is not closed */
    assert_int_equal(zeEventPoolDestroy(p1), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventPoolGetIpcHandle(p1, &h), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeEventPoolCloseIpcHandle(pool), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventDestroy(e0));
    OK(zeEventDestroy(c2));
    OK(zeEventDestroy(b0));
    OK(zeEventPoolCloseIpcHandle(p2));
    OK(zeEventPoolCloseIpcHandle(p1)); /* "by destroying events that were opened": a0 and a2 too */
    OK(zeEventDestroy(done));
    OK(zeEventPoolDestroy(pool));
    OK(zeCommandListDestroy(imm));
}

/* zeEventPoolCloseIpcHandle destroys the events of the opened pool; zeEventPoolPutIpcHandle (1.6)
   "Returns an IPC event pool handle to the driver": opening it afterwards fails, pools opened
   before keep working. */
static void test_ipc_pool_close_and_put(void **state) {
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_IPC, 2 };
    ze_event_pool_handle_t pool = NULL, p1 = NULL, p2 = NULL;
    ze_ipc_event_pool_handle_t h, bad;
    ze_event_handle_t e1, a1;
    uint64_t live;
    (void)state;
    OK(zeEventPoolCreate(T.ctx, &pd, 0, NULL, &pool));
    e1 = pool_event(pool, 1);
    OK(zeEventPoolGetIpcHandle(pool, &h));
    OK(zeEventPoolOpenIpcHandle(T.ctx, h, &p1));
    live = T.sim.LiveObjectCount();
    a1 = pool_event(p1, 1);
    (void)pool_event(p1, 0);
    assert_int_equal(T.sim.LiveObjectCount(), live + 2);
    OK(zeEventPoolPutIpcHandle(T.ctx, h));
    assert_int_equal(zeEventPoolOpenIpcHandle(T.ctx, h, &p2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    memset(bad.data, 0x11, sizeof bad.data);
    assert_int_equal(zeEventPoolOpenIpcHandle(T.ctx, bad, &p2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventHostSignal(e1));
    OK(zeEventQueryStatus(a1)); /* still the exporter's memory */
    OK(zeEventPoolCloseIpcHandle(p1));
    assert_int_equal(T.sim.LiveObjectCount(), live - 1); /* the pool and both of its events */
    assert_int_equal(zeEventQueryStatus(a1), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeEventQueryStatus(e1));
    OK(zeEventDestroy(e1));
    OK(zeEventPoolDestroy(pool));
}

/* ---- record and replay graphs (1.17) ---- */

/* Records on list l since the log held `from` records. */
static size_t records_of_list(size_t from, ze_command_list_handle_t l, ze_sim_command_record_t *out, size_t max) {
    size_t n = 0, i, count = T.sim.LogCount();
    for (i = from; i < count && n < max; i++) {
        OK(T.sim.LogGet(i, &out[n]));
        if (out[n].command_list == l) n++;
    }
    return n;
}

/* zeCommandListBeginGraphCaptureExt: "append operations issued to the command list are recorded
   into a graph and are not submitted to the device. Events used by these operations are not
   signaled until capture ends and the graph is instantiated and executed"; host syncs on recorded
   work are ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED; zeCommandListAppendGraphExt runs the
   recorded commands with their events, in order, then signals hSignalEvent; each append of the
   executable graph runs it again. */
static void test_graph_capture_and_replay(void **state) {
    ze_command_list_handle_t l = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER), primary = NULL;
    ze_event_handle_t e = make_event(12), done = make_event(13);
    ze_graph_handle_t gr = NULL, got = NULL, src = NULL;
    ze_executable_graph_handle_t xg = NULL;
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    uint8_t *a = NULL, *b = NULL;
    ze_sim_command_record_t recs[8];
    size_t before;
    (void)state;
    OK(zeMemAllocHost(T.ctx, &hd, 64, 0, (void **)&a));
    OK(zeMemAllocHost(T.ctx, &hd, 64, 0, (void **)&b));
    memset(a, 7, 64);
    memset(b, 0, 64);
    assert_int_equal(zeCommandListIsGraphCaptureEnabledExt(l), ZE_RESULT_QUERY_FALSE);
    OK(zeCommandListBeginGraphCaptureExt(l, NULL));
    assert_int_equal(zeCommandListIsGraphCaptureEnabledExt(l), ZE_RESULT_QUERY_TRUE);
    before = T.sim.LogCount();
    OK(launch(l, T.vadd, e, 0, NULL));
    OK(zeCommandListAppendMemoryCopy(l, b, a, 64, NULL, 0, NULL));
    OK(launch(l, T.tiny, NULL, 1, &e));
    assert_int_equal(zeEventHostSynchronize(e, LONG), ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED);
    assert_int_equal(zeCommandListHostSynchronize(l, LONG), ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED);
    OK(zeCommandListGetGraphExt(l, &got));
    OK(T.sim.WaitIdle(LONG));
    assert_int_equal(T.sim.LogCount(), before); /* nothing ran */
    assert_int_equal(zeEventQueryStatus(e), ZE_RESULT_NOT_READY);
    assert_int_equal(b[0], 0);
    OK(zeCommandListEndGraphCaptureExt(l, NULL, &gr));
    assert_ptr_equal(gr, got);
    assert_int_equal(zeCommandListIsGraphCaptureEnabledExt(l), ZE_RESULT_QUERY_FALSE);
    assert_int_equal(zeCommandListGetGraphExt(l, &got), ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING);
    assert_null(got);
    assert_int_equal(zeGraphIsEmptyExt(gr), ZE_RESULT_QUERY_FALSE);
    OK(zeGraphGetPrimaryCommandListExt(gr, &primary));
    assert_ptr_equal(primary, l);
    OK(zeGraphInstantiateExt(gr, NULL, &xg));
    OK(zeExecutableGraphGetSourceGraphExt(xg, &src));
    assert_ptr_equal(src, gr);
    OK(zeCommandListAppendGraphExt(l, xg, NULL, done, 0, NULL));
    OK(zeEventHostSynchronize(done, LONG));
    OK(zeEventQueryStatus(e));
    assert_memory_equal(a, b, 64);
    assert_int_equal(records_of_list(before, l, recs, 8), 4);
    assert_string_equal(recs[0].kernel_name, "vadd");
    assert_ptr_equal(recs[0].signal_event, e);
    assert_int_equal(recs[1].kind, ZE_SIM_CMD_COPY);
    assert_string_equal(recs[2].kernel_name, "tiny");
    assert_int_equal(recs[3].kind, ZE_SIM_CMD_SIGNAL_EVENT);
    assert_ptr_equal(recs[3].signal_event, done);
    assert_true(recs[1].device_start >= recs[0].device_end && recs[2].device_start >= recs[1].device_end);
    /* again: the same commands once more */
    before = T.sim.LogCount();
    OK(zeEventHostReset(done));
    OK(zeCommandListAppendGraphExt(l, xg, NULL, done, 0, NULL));
    OK(zeEventHostSynchronize(done, LONG));
    assert_int_equal(records_of_list(before, l, recs, 8), 4);
    OK(zeExecutableGraphDestroyExt(xg));
    OK(zeGraphDestroyExt(gr));
    OK(zeEventDestroy(e));
    OK(zeEventDestroy(done));
    OK(zeMemFree(T.ctx, a));
    OK(zeMemFree(T.ctx, b));
    OK(zeCommandListDestroy(l));
}

/* Who may capture and what capture forbids: "only with an immediate command list", "not ... with a
   synchronous immediate command list"; without APPEND_COMMANDLIST and SUBGRAPHS support,
   zeCommandListImmediateAppendCommandListsExp and zeCommandListAppendGraphExt on a capturing list
   are ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED; a graph is instantiated after capture, destroyed
   after its executable graphs; an executable graph "must not be in use or executing" when
   destroyed; the destination "must match the type and execution characteristics" of the primary. */
static void test_graph_rules(void **state) {
    ze_command_list_handle_t l = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER), reg = make_list(0), other = make_immediate(0);
    ze_command_list_handle_t closed = make_list(0), sync = NULL;
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, ZE_COMMAND_QUEUE_FLAG_IN_ORDER,
                                   ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_graph_handle_t gr = NULL;
    ze_executable_graph_handle_t xg = NULL, xg2 = NULL;
    (void)state;
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &sync));
    assert_int_equal(zeCommandListBeginGraphCaptureExt(reg, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListBeginGraphCaptureExt(sync, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListEndGraphCaptureExt(l, NULL, &gr), ZE_RESULT_ERROR_COMMAND_LIST_NOT_CAPTURING);
    OK(zeCommandListBeginGraphCaptureExt(l, NULL));
    assert_int_equal(zeCommandListBeginGraphCaptureExt(l, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(launch(l, T.slow, NULL, 0, NULL));
    OK(zeCommandListClose(closed));
    assert_int_equal(zeCommandListImmediateAppendCommandListsExp(l, 1, &closed, NULL, 0, NULL),
                     ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED);
    OK(zeCommandListGetGraphExt(l, &gr));
    assert_int_equal(zeGraphInstantiateExt(gr, NULL, &xg), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeGraphDestroyExt(gr), ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
    OK(zeCommandListEndGraphCaptureExt(l, NULL, &gr));
    OK(zeGraphInstantiateExt(gr, NULL, &xg));
    OK(zeGraphInstantiateExt(gr, NULL, &xg2)); /* several from one graph */
    OK(zeCommandListBeginGraphCaptureExt(l, NULL));
    assert_int_equal(zeCommandListAppendGraphExt(l, xg, NULL, NULL, 0, NULL), ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED);
    {
        ze_graph_handle_t empty = NULL;
        OK(zeCommandListEndGraphCaptureExt(l, NULL, &empty));
        assert_int_equal(zeGraphIsEmptyExt(empty), ZE_RESULT_QUERY_TRUE);
        OK(zeGraphDestroyExt(empty));
    }
    assert_int_equal(zeCommandListAppendGraphExt(other, xg, NULL, NULL, 0, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeGraphDestroyExt(gr), ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
    T.sim.SetPaused(1);
    OK(zeCommandListAppendGraphExt(l, xg, NULL, NULL, 0, NULL));
    assert_int_equal(zeExecutableGraphDestroyExt(xg), ZE_RESULT_ERROR_HANDLE_OBJECT_IN_USE);
    T.sim.SetPaused(0);
    OK(zeCommandListHostSynchronize(l, LONG));
    OK(zeExecutableGraphDestroyExt(xg));
    OK(zeExecutableGraphDestroyExt(xg2));
    OK(zeGraphDestroyExt(gr));
    OK(zeCommandListDestroy(l));
    OK(zeCommandListDestroy(reg));
    OK(zeCommandListDestroy(closed));
    OK(zeCommandListDestroy(other));
    OK(zeCommandListDestroy(sync));
}

static int g_graph_callbacks;
static void on_graph_destroyed(void *user) { g_graph_callbacks += *(int *)user; }

/* zeGraphCreateExt gives an empty graph; zeCommandListBeginCaptureIntoGraphExt fills it ("The graph
   must be empty when capture begins") and zeCommandListEndGraphCaptureExt returns it; every
   destruction callback runs when the graph is destroyed; zeGraphDumpContentsExt writes DOT. A graph
   whose capture the list's destruction ended, and that nobody was given, goes with the list. */
static void test_graph_create_capture_into_dump(void **state) {
    ze_command_list_handle_t l = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_graph_handle_t gr = NULL, out = NULL;
    int one = 1, ten = 10;
    char path[] = "/tmp/ze_sim_graph_XXXXXX", text[512];
    FILE *f;
    size_t n;
    int fd;
    uint64_t live;
    (void)state;
    OK(zeGraphCreateExt(T.ctx, NULL, &gr));
    assert_int_equal(zeGraphIsEmptyExt(gr), ZE_RESULT_QUERY_TRUE);
    assert_int_equal(zeGraphInstantiateExt(gr, NULL, (ze_executable_graph_handle_t *)&out), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListBeginCaptureIntoGraphExt(l, gr, NULL));
    OK(launch(l, T.vadd, NULL, 0, NULL));
    OK(zeCommandListAppendBarrier(l, NULL, 0, NULL));
    OK(zeCommandListEndGraphCaptureExt(l, NULL, &out));
    assert_ptr_equal(out, gr);
    assert_int_equal(zeCommandListBeginCaptureIntoGraphExt(l, gr, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* not empty */
    fd = mkstemp(path);
    assert_true(fd >= 0);
    OK(zeGraphDumpContentsExt(gr, path, NULL));
    f = fdopen(fd, "r");
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    unlink(path);
    assert_non_null(strstr(text, "digraph"));
    assert_non_null(strstr(text, "vadd"));
    assert_non_null(strstr(text, "zeCommandListAppendBarrier"));
    assert_non_null(strstr(text, "n0 -> n1"));
    g_graph_callbacks = 0;
    OK(zeGraphSetDestructionCallbackExt(gr, on_graph_destroyed, &one, NULL));
    OK(zeGraphSetDestructionCallbackExt(gr, on_graph_destroyed, &ten, NULL));
    assert_int_equal(g_graph_callbacks, 0);
    OK(zeGraphDestroyExt(gr));
    assert_int_equal(g_graph_callbacks, 11);
    live = T.sim.LiveObjectCount();
    OK(zeCommandListBeginGraphCaptureExt(l, NULL));
    assert_int_equal(T.sim.LiveObjectCount(), live + 1);
    OK(zeCommandListDestroy(l));
    assert_int_equal(T.sim.LiveObjectCount(), live - 1);
}

/* Events across capture sessions: waiting on an event another capture records from a list not
   capturing would fork the capture (not simulated: ZE_RESULT_ERROR_UNSUPPORTED_FEATURE); from a
   list capturing into another graph "operation will return ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT";
   an internal counter-based event (no GRAPH_EXTERNAL) "cannot be used outside the graph"
   (ZE_RESULT_ERROR_GRAPH_INTERNAL_EVENT); IPC together with GRAPH_EXTERNAL needs CB_EXTERNAL_IPC
   support (ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED). */
static void test_graph_events_across_sessions(void **state) {
    ze_command_list_handle_t l1 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER), l2 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_command_list_handle_t outside = make_immediate(0);
    ze_event_handle_t e = make_event(14);
    ze_event_handle_t internal = make_cb(0), external = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL);
    ze_event_handle_t ipc_ext = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_GRAPH_EXTERNAL | ZE_EVENT_COUNTER_BASED_FLAG_IPC);
    ze_graph_handle_t g1 = NULL, g2 = NULL;
    (void)state;
    OK(zeCommandListBeginGraphCaptureExt(l1, NULL));
    OK(launch(l1, T.tiny, e, 0, NULL));
    OK(launch(l1, T.tiny, internal, 0, NULL));
    OK(launch(l1, T.tiny, external, 0, NULL));
    assert_int_equal(launch(l1, T.tiny, ipc_ext, 0, NULL), ZE_RESULT_ERROR_GRAPH_CAPTURE_UNSUPPORTED);
    assert_int_equal(launch(outside, T.tiny, NULL, 1, &e), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    assert_int_equal(launch(outside, T.tiny, NULL, 1, &external), ZE_RESULT_ERROR_UNSUPPORTED_FEATURE);
    assert_int_equal(launch(outside, T.tiny, NULL, 1, &internal), ZE_RESULT_ERROR_GRAPH_INTERNAL_EVENT);
    OK(zeCommandListBeginGraphCaptureExt(l2, NULL));
    assert_int_equal(launch(l2, T.tiny, NULL, 1, &e), ZE_RESULT_ERROR_GRAPH_CAPTURE_MERGE_ATTEMPT);
    OK(launch(l1, T.tiny, NULL, 1, &e)); /* within its own capture */
    OK(zeCommandListEndGraphCaptureExt(l2, NULL, &g2));
    OK(zeCommandListEndGraphCaptureExt(l1, NULL, &g1));
    OK(launch(outside, T.tiny, NULL, 1, &internal)); /* "After this call succeeds, internal counter-based events ... can be reused" */
    OK(zeCommandListHostSynchronize(outside, LONG));
    OK(zeGraphDestroyExt(g1));
    OK(zeGraphDestroyExt(g2));
    OK(zeEventDestroy(e));
    OK(zeEventDestroy(internal));
    OK(zeEventDestroy(external));
    OK(zeEventDestroy(ipc_ext));
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(l2));
    OK(zeCommandListDestroy(outside));
}

/* "Only one execution of the same executable graph object may run at a time ... the new execution
   is scheduled after the current execution completes", also from another list; "If wait events are
   provided, graph execution does not begin until all wait events are satisfied". */
static void test_graph_executions_serialise(void **state) {
    ze_command_list_handle_t l1 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER), l2 = make_immediate(ZE_COMMAND_QUEUE_FLAG_IN_ORDER);
    ze_event_handle_t gate = make_event(15), d1 = make_event(16), d2 = make_event(17);
    ze_graph_handle_t gr = NULL;
    ze_executable_graph_handle_t xg = NULL;
    ze_sim_command_record_t a, b;
    (void)state;
    OK(zeCommandListBeginGraphCaptureExt(l1, NULL));
    OK(launch(l1, T.slow, NULL, 0, NULL));
    OK(zeCommandListEndGraphCaptureExt(l1, NULL, &gr));
    OK(zeGraphInstantiateExt(gr, NULL, &xg));
    OK(zeCommandListAppendGraphExt(l1, xg, NULL, d1, 1, &gate));
    OK(zeCommandListAppendGraphExt(l2, xg, NULL, d2, 0, NULL));
    assert_int_equal(zeEventHostSynchronize(d2, 5 * MS), ZE_RESULT_NOT_READY); /* behind the first execution */
    OK(zeEventHostSignal(gate));
    OK(zeEventHostSynchronize(d2, LONG));
    OK(zeEventQueryStatus(d1));
    a = record_of_kernel(l1, "slow");
    b = record_of_kernel(l2, "slow");
    assert_true(b.device_start >= a.device_end);
    OK(zeExecutableGraphDestroyExt(xg));
    OK(zeGraphDestroyExt(gr));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(d1));
    OK(zeEventDestroy(d2));
    OK(zeCommandListDestroy(l1));
    OK(zeCommandListDestroy(l2));
}

/* ---- mutable command lists ---- */

static ze_command_list_handle_t make_mutable(uint32_t flags) {
    ze_mutable_command_list_exp_desc_t md = { ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC, NULL, 0 };
    ze_command_list_desc_t ld = { ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, &md, 0, flags };
    ze_command_list_handle_t l = NULL;
    OK(zeCommandListCreate(T.ctx, T.dev, &ld, &l));
    return l;
}

static uint64_t next_id(ze_command_list_handle_t l, uint32_t flags) {
    ze_mutable_command_id_exp_desc_t d = { ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC, NULL, flags };
    uint64_t id = 0;
    OK(zeCommandListGetNextCommandIdExp(l, &d, &id));
    assert_true(id != 0);
    return id;
}

/* Runs closed list l on q and waits. */
static void run_list(ze_command_queue_handle_t q, ze_command_list_handle_t l) {
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeCommandQueueSynchronize(q, LONG));
}

/* The mutable command list extension: a list made with ze_mutable_command_list_exp_desc_t
   (zeCommandListIsMutableExp), command ids for the next append ("may not be called on a closed
   command list"), updates only once closed, group count and kernel argument updates
   (zeCommandListUpdateMutableCommandsExp, all or nothing), and "The application must close a
   mutable command list after completing all updates" before it runs again. */
static void test_mutable_updates(void **state) {
    ze_command_list_handle_t l = make_mutable(0), plain = make_list(0), bad = NULL;
    ze_command_queue_handle_t q = make_queue();
    ze_mutable_command_list_exp_desc_t md = { ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_DESC, NULL, 2 };
    ze_command_list_desc_t ld = { ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, &md, 0, 0 };
    ze_mutable_command_id_exp_desc_t idd = { ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC, NULL, 0x100 };
    ze_group_count_t four = { 4, 2, 1 };
    uint32_t arg = 5;
    ze_mutable_group_count_exp_desc_t gcd = { ZE_STRUCTURE_TYPE_MUTABLE_GROUP_COUNT_EXP_DESC, NULL, 0, &four };
    ze_mutable_kernel_argument_exp_desc_t argd = { ZE_STRUCTURE_TYPE_MUTABLE_KERNEL_ARGUMENT_EXP_DESC, &gcd, 0, 99, sizeof arg, &arg };
    ze_mutable_group_size_exp_desc_t gsd = { ZE_STRUCTURE_TYPE_MUTABLE_GROUP_SIZE_EXP_DESC, NULL, 0, 8, 1, 1 };
    ze_mutable_commands_exp_desc_t upd = { ZE_STRUCTURE_TYPE_MUTABLE_COMMANDS_EXP_DESC, &argd, 0 };
    ze_bool_t is = 0;
    uint64_t id = 0, plain_id = 0;
    ze_sim_command_record_t r;
    (void)state;
    assert_int_equal(zeCommandListCreate(T.ctx, T.dev, &ld, &bad), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    OK(zeCommandListIsMutableExp(l, &is));
    assert_true(is);
    OK(zeCommandListIsMutableExp(plain, &is));
    assert_false(is);
    assert_int_equal(zeCommandListGetNextCommandIdExp(l, &idd, &plain_id), ZE_RESULT_ERROR_INVALID_ENUMERATION);
    idd.flags = 0;
    assert_int_equal(zeCommandListGetNextCommandIdExp(plain, &idd, &plain_id), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    id = next_id(l, 0);
    OK(launch(l, T.vadd, NULL, 0, NULL));
    OK(launch(l, T.tiny, NULL, 0, NULL)); /* no id: not mutable */
    gcd.commandId = argd.commandId = gsd.commandId = id;
    assert_int_equal(zeCommandListUpdateMutableCommandsExp(l, &upd), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* open */
    OK(zeCommandListClose(l));
    assert_int_equal(zeCommandListGetNextCommandIdExp(l, &idd, &plain_id), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* closed */
    run_list(q, l);
    r = record_of_kernel(l, "vadd");
    assert_int_equal(r.group_count[0], 1);
    /* a bad argument index spoils the whole update */
    assert_int_equal(zeCommandListUpdateMutableCommandsExp(l, &upd), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    run_list(q, l);
    r = record_of_kernel(l, "vadd");
    assert_int_equal(r.group_count[0], 1);
    argd.argIndex = 0;
    gcd.pNext = &gsd;
    OK(zeCommandListUpdateMutableCommandsExp(l, &upd));
    assert_int_equal(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* not closed again */
    OK(zeCommandListClose(l));
    run_list(q, l);
    r = record_of_kernel(l, "vadd");
    assert_int_equal(r.group_count[0], 4);
    assert_int_equal(r.group_count[1], 2);
    gcd.pNext = NULL;
    gcd.commandId = id + 100; /* no such command */
    assert_int_equal(zeCommandListUpdateMutableCommandsExp(l, &upd), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
    OK(zeCommandListDestroy(plain));
}

/* Event updates: "The type, scope and flags of the signal event must match those of the source
   command"; "The number of wait events must match that of the source command"
   (ZE_RESULT_ERROR_INVALID_SIZE); "Passing nullptr as the wait events will update the command to
   not wait on any events"; the id's flags must allow the update. The list then signals and waits on
   the new events. */
static void test_mutable_events(void **state) {
    ze_command_list_handle_t l = make_mutable(0);
    ze_command_queue_handle_t q = make_queue();
    ze_event_pool_desc_t tpd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE | ZE_EVENT_POOL_FLAG_KERNEL_TIMESTAMP, 1 };
    ze_event_pool_handle_t tpool = NULL;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, ZE_EVENT_SCOPE_FLAG_HOST };
    ze_event_handle_t e1 = make_event(18), e2 = make_event(19), gate = make_event(20), gate2 = make_event(21);
    ze_event_handle_t ts = NULL, scoped = NULL, cb = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE);
    ze_event_handle_t two[2];
    uint64_t id, id_nosig;
    (void)state;
    OK(zeEventPoolCreate(T.ctx, &tpd, 0, NULL, &tpool));
    OK(zeEventCreate(tpool, &ed, &ts));
    ed.index = 22;
    ed.signal = ZE_EVENT_SCOPE_FLAG_HOST;
    OK(zeEventCreate(T.pool, &ed, &scoped));
    id = next_id(l, 0);
    OK(launch(l, T.vadd, e1, 1, &gate));
    id_nosig = next_id(l, ZE_MUTABLE_COMMAND_EXP_FLAG_WAIT_EVENTS);
    OK(launch(l, T.tiny, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    assert_int_equal(zeCommandListUpdateMutableCommandSignalEventExp(l, id, cb), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListUpdateMutableCommandSignalEventExp(l, id, ts), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListUpdateMutableCommandSignalEventExp(l, id, scoped), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListUpdateMutableCommandSignalEventExp(l, id_nosig, e2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListUpdateMutableCommandSignalEventExp(l, id, e2));
    two[0] = gate2;
    two[1] = gate;
    assert_int_equal(zeCommandListUpdateMutableCommandWaitEventsExp(l, id, 2, two), ZE_RESULT_ERROR_INVALID_SIZE);
    assert_int_equal(zeCommandListUpdateMutableCommandWaitEventsExp(l, id, 1, &ts), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListUpdateMutableCommandWaitEventsExp(l, id, 1, &gate2));
    OK(zeCommandListClose(l));
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    OK(zeEventHostSignal(gate)); /* the old gate no longer holds it back ... */
    assert_int_equal(zeCommandQueueSynchronize(q, 5 * MS), ZE_RESULT_NOT_READY);
    OK(zeEventHostSignal(gate2)); /* ... the new one does */
    OK(zeCommandQueueSynchronize(q, LONG));
    OK(zeEventQueryStatus(e2));
    assert_int_equal(zeEventQueryStatus(e1), ZE_RESULT_NOT_READY); /* no longer signalled */
    OK(zeEventHostReset(gate2));
    OK(zeCommandListUpdateMutableCommandWaitEventsExp(l, id, 1, NULL));
    OK(zeCommandListClose(l));
    run_list(q, l); /* waits for nothing now */
    OK(zeEventDestroy(e1));
    OK(zeEventDestroy(e2));
    OK(zeEventDestroy(gate));
    OK(zeEventDestroy(gate2));
    OK(zeEventDestroy(ts));
    OK(zeEventDestroy(scoped));
    OK(zeEventDestroy(cb));
    OK(zeEventPoolDestroy(tpool));
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
}

/* A counter-based signal event is replaced by one of the same kind and flags only; the new one is
   re-armed by each execution. */
static void test_mutable_counter_based_signal(void **state) {
    ze_command_list_handle_t l = make_mutable(ZE_COMMAND_LIST_FLAG_IN_ORDER);
    ze_command_queue_handle_t q = make_queue();
    ze_event_handle_t a = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE), b = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE);
    ze_event_handle_t both = make_cb(ZE_EVENT_COUNTER_BASED_FLAG_NON_IMMEDIATE | ZE_EVENT_COUNTER_BASED_FLAG_IMMEDIATE);
    ze_event_handle_t reg = make_event(23);
    uint64_t id;
    (void)state;
    id = next_id(l, ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT);
    OK(launch(l, T.tiny, a, 0, NULL));
    OK(zeCommandListClose(l));
    assert_int_equal(zeCommandListUpdateMutableCommandSignalEventExp(l, id, reg), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeCommandListUpdateMutableCommandSignalEventExp(l, id, both), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListUpdateMutableCommandSignalEventExp(l, id, b));
    OK(zeCommandListClose(l));
    T.sim.SetPaused(1);
    OK(zeCommandQueueExecuteCommandLists(q, 1, &l, NULL));
    assert_int_equal(zeEventQueryStatus(b), ZE_RESULT_NOT_READY);
    OK(zeEventQueryStatus(a)); /* no longer signalled by the list: untouched */
    T.sim.SetPaused(0);
    OK(zeCommandQueueSynchronize(q, LONG));
    OK(zeEventQueryStatus(b));
    OK(zeEventDestroy(a));
    OK(zeEventDestroy(b));
    OK(zeEventDestroy(both));
    OK(zeEventDestroy(reg));
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
}

/* zeCommandListGetNextCommandIdWithKernelsExp names the kernels a command may switch to;
   zeCommandListUpdateMutableCommandKernelsExp: "The kernel handle must be from the provided list"
   (ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE), and needs ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION
   ("must be explictly included"). The command then runs the new kernel. */
static void test_mutable_kernels(void **state) {
    ze_command_list_handle_t l = make_mutable(0);
    ze_command_queue_handle_t q = make_queue();
    ze_mutable_command_id_exp_desc_t d = { ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_ID_EXP_DESC, NULL,
                                           ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION | ZE_MUTABLE_COMMAND_EXP_FLAG_GROUP_COUNT };
    ze_kernel_handle_t choices[2];
    ze_kernel_handle_t k;
    ze_sim_command_record_t r;
    uint64_t id = 0, id_plain;
    (void)state;
    choices[0] = T.vadd;
    choices[1] = T.tiny;
    OK(zeCommandListGetNextCommandIdWithKernelsExp(l, &d, 2, choices, &id));
    OK(launch(l, T.vadd, NULL, 0, NULL));
    id_plain = next_id(l, 0); /* all flags bar kernel instruction */
    OK(launch(l, T.vadd, NULL, 0, NULL));
    OK(zeCommandListClose(l));
    k = T.slow;
    assert_int_equal(zeCommandListUpdateMutableCommandKernelsExp(l, 1, &id, &k), ZE_RESULT_ERROR_INVALID_KERNEL_HANDLE);
    k = T.tiny;
    assert_int_equal(zeCommandListUpdateMutableCommandKernelsExp(l, 1, &id_plain, &k), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeCommandListUpdateMutableCommandKernelsExp(l, 1, &id, &k));
    OK(zeCommandListClose(l));
    T.sim.LogClear();
    run_list(q, l);
    assert_int_equal(T.sim.LogCount(), 2);
    OK(T.sim.LogGet(0, &r));
    assert_string_equal(r.kernel_name, "tiny");
    OK(T.sim.LogGet(1, &r));
    assert_string_equal(r.kernel_name, "vadd");
    OK(zeCommandQueueDestroy(q));
    OK(zeCommandListDestroy(l));
}

/* Properties chained to zeDeviceGetProperties say what exists: ze_device_event_properties_t,
   ze_mutable_command_list_exp_properties_t, ze_record_replay_graph_ext_properties_t. */
static void test_device_event_properties(void **state) {
    ze_record_replay_graph_ext_properties_t gp = { ZE_STRUCTURE_TYPE_RECORD_REPLAY_GRAPH_EXT_PROPERTIES, NULL, 0 };
    ze_mutable_command_list_exp_properties_t mp = { ZE_STRUCTURE_TYPE_MUTABLE_COMMAND_LIST_EXP_PROPERTIES, &gp, 9, 0 };
    ze_device_event_properties_t ep = { ZE_STRUCTURE_TYPE_DEVICE_EVENT_PROPERTIES, &mp, 0 };
    ze_device_properties_t p;
    (void)state;
    memset(&p, 0, sizeof p);
    p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2;
    p.pNext = &ep;
    OK(zeDeviceGetProperties(T.dev, &p));
    assert_int_equal(gp.graphFlags, ZE_RECORD_REPLAY_GRAPH_EXT_FLAG_IMMUTABLE_GRAPH);
    assert_int_equal(mp.mutableCommandListFlags, 0);
    assert_true(mp.mutableCommandFlags & ZE_MUTABLE_COMMAND_EXP_FLAG_SIGNAL_EVENT);
    assert_true(mp.mutableCommandFlags & ZE_MUTABLE_COMMAND_EXP_FLAG_KERNEL_INSTRUCTION);
    assert_false(mp.mutableCommandFlags & ZE_MUTABLE_COMMAND_EXP_FLAG_GRAPH_ARGUMENTS);
    assert_int_equal(ep.flags, ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_AGGREGATE_STORAGE |
                                   ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_IPC |
                                   ZE_DEVICE_EVENT_PROPERTIES_FLAG_COUNTER_BASED_EXTERNAL_SYNC_ALLOCATION);
}

/* ---- virtual and physical memory, memory IPC (spec 1.6 to 1.17 entry points) ---- */

/* A synchronous immediate list: each copy or fill has completed when the append returns. */
static ze_command_list_handle_t make_sync_list(void) {
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                   ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL };
    ze_command_list_handle_t l = NULL;
    OK(zeCommandListCreateImmediate(T.ctx, T.dev, &qd, &l));
    return l;
}

/* Whether n bytes at p (any memory the device reaches) all hold `byte`, read with a device copy. */
static int mem_holds(ze_command_list_handle_t l, const void *p, size_t n, uint8_t byte) {
    uint8_t *h = malloc(n);
    int ok = h != NULL && zeCommandListAppendMemoryCopy(l, h, p, n, NULL, 0, NULL) == ZE_RESULT_SUCCESS;
    for (size_t i = 0; ok && i < n; i++) ok = h[i] == byte;
    free(h);
    return ok;
}

static void mem_fill(ze_command_list_handle_t l, void *p, size_t n, uint8_t byte) {
    OK(zeCommandListAppendMemoryFill(l, p, &byte, 1, n, NULL, 0, NULL));
}

static ze_result_t phys_create(ze_device_handle_t dev, uint32_t flags, size_t size, ze_physical_mem_handle_t *h) {
    ze_physical_mem_desc_t pd = { ZE_STRUCTURE_TYPE_PHYSICAL_MEM_DESC, NULL, flags, size };
    return zePhysicalMemCreate(T.ctx, dev, &pd, h);
}

static size_t vm_page(void) {
    size_t pg = 0;
    OK(zeVirtualMemQueryPageSize(T.ctx, T.dev, 1, &pg));
    return pg;
}

/* zePhysicalMemGetProperties (1.15): "unique identifier for the physical memory object" and its
   size. */
static void test_physical_properties(void **state) {
    const size_t pg = vm_page();
    ze_physical_mem_handle_t a = NULL, b = NULL;
    ze_physical_mem_properties_t pa = { ZE_STRUCTURE_TYPE_PHYSICAL_MEM_PROPERTIES, NULL, 0, 0 }, pb = pa;
    (void)state;
    OK(phys_create(T.dev, ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_DEVICE, pg, &a));
    OK(phys_create(T.dev, 0, 3 * pg, &b));
    OK(zePhysicalMemGetProperties(T.ctx, a, &pa));
    OK(zePhysicalMemGetProperties(T.ctx, b, &pb));
    assert_int_equal(pa.size, pg);
    assert_int_equal(pb.size, 3 * pg);
    assert_int_not_equal(pa.id, 0);
    assert_int_not_equal(pa.id, pb.id);
    assert_int_equal(zePhysicalMemGetProperties(NULL, a, &pa), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zePhysicalMemGetProperties(T.ctx, NULL, &pa), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zePhysicalMemGetProperties(T.ctx, a, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zePhysicalMemGetProperties(T.ctx, (ze_physical_mem_handle_t)T.ctx, &pa), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zePhysicalMemDestroy(T.ctx, a));
    OK(zePhysicalMemDestroy(T.ctx, b));
    assert_int_equal(zePhysicalMemGetProperties(T.ctx, a, &pa), ZE_RESULT_ERROR_INVALID_ARGUMENT);
}

/* ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST: hDevice "can be nullptr if creating physical host memory",
   "For host memory, the operating system page size should be used"; mapped, it is host memory. */
static void test_physical_host_memory(void **state) {
    const size_t pg = vm_page(), os = (size_t)sysconf(_SC_PAGESIZE);
    ze_physical_mem_handle_t h = NULL, bad = NULL;
    ze_command_list_handle_t l = make_sync_list();
    ze_memory_allocation_properties_t mp = { ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, NULL, 0, 0, 0 };
    ze_device_handle_t owner = T.dev;
    uint8_t *r = NULL;
    void *base = NULL;
    size_t size = 0;
    (void)state;
    assert_int_equal(phys_create(NULL, 0, pg, &bad), ZE_RESULT_ERROR_INVALID_NULL_HANDLE); /* device memory */
    assert_int_equal(phys_create(T.dev, ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_DEVICE | ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST, pg, &bad),
                     ZE_RESULT_ERROR_UNSUPPORTED_ENUMERATION);
    assert_int_equal(phys_create(NULL, ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST, os + 1, &bad), ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT);
    OK(phys_create(NULL, ZE_PHYSICAL_MEM_FLAG_ALLOCATE_ON_HOST, 2 * os, &h));
    OK(zeVirtualMemReserve(T.ctx, NULL, pg, (void **)&r));
    /* host pages: mapped at the operating system's page alignment */
    OK(zeVirtualMemMap(T.ctx, r + os, 2 * os, h, 0, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE));
    OK(zeMemGetAllocProperties(T.ctx, r + os + 10, &mp, &owner));
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_HOST);
    assert_null(owner);
    assert_int_equal(mp.pageSize, os);
    OK(zeMemGetAddressRange(T.ctx, r + 2 * os, &base, &size));
    assert_ptr_equal(base, r + os);
    assert_int_equal(size, 2 * os);
    mem_fill(l, r + os, 2 * os, 0x3c);
    assert_true(mem_holds(l, r + os, 2 * os, 0x3c));
    OK(zeVirtualMemFree(T.ctx, r, pg));
    OK(zePhysicalMemDestroy(T.ctx, h));
    OK(zeCommandListDestroy(l));
}

/* zeMemPutIpcHandle (1.6): the handle is returned, opening it again fails, what was opened stays;
   zeMemGetFileDescriptorFromIpcHandleExp / zeMemGetIpcHandleFromFileDescriptorExp (1.6) go from a
   handle to its descriptor and back. */
static void test_mem_ipc_put_and_fd(void **state) {
    ze_device_mem_alloc_desc_t dd = { ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0 };
    ze_command_list_handle_t l = make_sync_list();
    ze_ipc_mem_handle_t ih, back, again;
    uint64_t fd = UINT64_MAX, live;
    void *d = NULL, *o = NULL, *o2 = NULL;
    (void)state;
    OK(zeMemAllocDevice(T.ctx, &dd, 8192, 0, T.dev, &d));
    mem_fill(l, d, 8192, 0x42);
    live = T.sim.LiveObjectCount();
    OK(zeMemGetIpcHandle(T.ctx, d, &ih));
    OK(zeMemGetFileDescriptorFromIpcHandleExp(T.ctx, ih, &fd));
    assert_true(fd < 1024 * 1024);
    OK(zeMemGetIpcHandleFromFileDescriptorExp(T.ctx, fd, &back));
    assert_memory_equal(back.data, ih.data, sizeof ih.data);
    assert_int_equal(zeMemGetFileDescriptorFromIpcHandleExp(T.ctx, ih, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeMemGetFileDescriptorFromIpcHandleExp(NULL, ih, &fd), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    assert_int_equal(zeMemGetIpcHandleFromFileDescriptorExp(T.ctx, fd, NULL), ZE_RESULT_ERROR_INVALID_NULL_POINTER);
    assert_int_equal(zeMemGetIpcHandleFromFileDescriptorExp(T.ctx, 0, &back), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0, &o));
    assert_int_equal(T.sim.LiveObjectCount(), live + 2);
    assert_int_equal(zeMemPutIpcHandle(NULL, ih), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    OK(zeMemPutIpcHandle(T.ctx, ih));
    assert_int_equal(T.sim.LiveObjectCount(), live + 1);
    assert_int_equal(zeMemPutIpcHandle(T.ctx, ih), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, T.dev, ih, 0, &o2), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_int_equal(zeMemGetFileDescriptorFromIpcHandleExp(T.ctx, ih, &fd), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    /* "This call does not free the original allocation"; the opened pointer keeps the memory */
    mem_fill(l, o, 100, 0x43);
    assert_true(mem_holds(l, d, 100, 0x43));
    assert_true(mem_holds(l, (uint8_t *)d + 100, 8092, 0x42));
    /* a new handle for the same memory */
    OK(zeMemGetIpcHandle(T.ctx, d, &again));
    assert_memory_not_equal(again.data, ih.data, sizeof ih.data);
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, again, 0, &o2));
    assert_true(mem_holds(l, o2, 100, 0x43));
    OK(zeMemCloseIpcHandle(T.ctx, o2));
    OK(zeMemCloseIpcHandle(T.ctx, o));
    OK(zeMemPutIpcHandle(T.ctx, again));
    assert_int_equal(T.sim.LiveObjectCount(), live);
    OK(zeMemFree(T.ctx, d));
    OK(zeCommandListDestroy(l));
}

/* Programming guide "Inter-Process Communication", Memory: a physical memory handle cast to
   void* ("IPC with Physical Memory - Direct Handle") and a mapped virtual address ("Mapped VA as
   IPC Source") are IPC sources; the opened pointer is backed by the physical pages. */
static void test_mem_ipc_physical(void **state) {
    const size_t pg = vm_page();
    ze_command_list_handle_t l = make_sync_list();
    ze_physical_mem_handle_t ph = NULL;
    ze_ipc_mem_handle_t whole, part;
    ze_memory_allocation_properties_t mp = { ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, NULL, 0, 0, 0 };
    uint8_t *r = NULL;
    void *ow = NULL, *op = NULL, *base = NULL;
    size_t size = 0;
    (void)state;
    OK(phys_create(T.dev, 0, 2 * pg, &ph));
    OK(zeVirtualMemReserve(T.ctx, NULL, 2 * pg, (void **)&r));
    OK(zeVirtualMemMap(T.ctx, r, pg, ph, pg, ZE_MEMORY_ACCESS_ATTRIBUTE_READWRITE)); /* the second page */
    mem_fill(l, r, pg, 0x61);
    OK(zeMemGetIpcHandle(T.ctx, (void *)ph, &whole));
    OK(zeMemGetIpcHandle(T.ctx, r, &part));
    assert_int_equal(zeMemGetIpcHandle(T.ctx, r + 4096, &part), ZE_RESULT_ERROR_INVALID_ARGUMENT); /* not a mapping's start */
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, whole, 0, &ow));
    OK(zeMemOpenIpcHandle(T.ctx, T.dev, part, 0, &op));
    OK(zeMemGetAllocProperties(T.ctx, ow, &mp, NULL));
    assert_int_equal(mp.type, ZE_MEMORY_TYPE_DEVICE);
    OK(zeMemGetAddressRange(T.ctx, ow, &base, &size));
    assert_int_equal(size, 2 * pg);
    OK(zeMemGetAddressRange(T.ctx, op, &base, &size));
    assert_int_equal(size, pg);
    assert_true(mem_holds(l, (uint8_t *)ow + pg, pg, 0x61));
    assert_true(mem_holds(l, ow, pg, 0));
    assert_true(mem_holds(l, op, pg, 0x61));
    mem_fill(l, op, 64, 0x62);
    assert_true(mem_holds(l, r, 64, 0x62));
    /* the handles go with the physical object, not what was opened from them */
    OK(zeVirtualMemUnmap(T.ctx, r, pg));
    OK(zePhysicalMemDestroy(T.ctx, ph));
    assert_int_equal(zeMemOpenIpcHandle(T.ctx, T.dev, whole, 0, &base), ZE_RESULT_ERROR_INVALID_ARGUMENT);
    assert_true(mem_holds(l, (uint8_t *)ow + pg, 64, 0x62));
    OK(zeMemCloseIpcHandle(T.ctx, ow));
    OK(zeMemCloseIpcHandle(T.ctx, op));
    OK(zeVirtualMemFree(T.ctx, r, 2 * pg));
    OK(zeCommandListDestroy(l));
}

/* ze_device_readonly_memory_ext_properties_t: the sim keeps access attributes without enforcing
   them, "ZE_DEVICE_READONLY_MEMORY_CAPABILITY_NONE". */
static void test_readonly_capability(void **state) {
    ze_device_readonly_memory_ext_properties_t ro = { ZE_STRUCTURE_TYPE_DEVICE_READONLY_MEMORY_EXT_PROPERTIES, NULL,
                                                      ZE_DEVICE_READONLY_MEMORY_CAPABILITY_ENFORCED };
    ze_device_properties_t p;
    (void)state;
    memset(&p, 0, sizeof p);
    p.stype = ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2;
    p.pNext = &ro;
    OK(zeDeviceGetProperties(T.dev, &p));
    assert_int_equal(ro.readonlyCapability, ZE_DEVICE_READONLY_MEMORY_CAPABILITY_NONE);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_list_flags, reset_device),
        cmocka_unit_test_teardown(test_order_default_serial, reset_device),
        cmocka_unit_test_teardown(test_ooo_overlaps, reset_device),
        cmocka_unit_test_teardown(test_ooo_spares_in_order_lists, reset_device),
        cmocka_unit_test_teardown(test_ooo_barriers_and_events, reset_device),
        cmocka_unit_test_teardown(test_cb_create, reset_device),
        cmocka_unit_test_teardown(test_cb_signal_rules, reset_device),
        cmocka_unit_test_teardown(test_cb_no_reset_no_host_signal, reset_device),
        cmocka_unit_test_teardown(test_cb_latest_append_wins, reset_device),
        cmocka_unit_test_teardown(test_cb_wait_binds_at_append, reset_device),
        cmocka_unit_test_teardown(test_cb_destroy_before_complete, reset_device),
        cmocka_unit_test_teardown(test_cb_regular_list_rearms_per_execution, reset_device),
        cmocka_unit_test_teardown(test_cb_timestamps, reset_device),
        cmocka_unit_test_teardown(test_cb_pool_extension, reset_device),
        cmocka_unit_test_teardown(test_cb_ipc, reset_device),
        cmocka_unit_test_teardown(test_cb_device_address, reset_device),
        cmocka_unit_test_teardown(test_cb_aggregate, reset_device),
        cmocka_unit_test_teardown(test_cb_external_sync, reset_device),
        cmocka_unit_test_teardown(test_device_event_properties, reset_device),
        cmocka_unit_test_teardown(test_mapped_timestamps, reset_device),
        cmocka_unit_test_teardown(test_synchronized_needs_mapped, reset_device),
        cmocka_unit_test_teardown(test_ipc_pool_aliases_events, reset_device),
        cmocka_unit_test_teardown(test_ipc_pool_close_and_put, reset_device),
        cmocka_unit_test_teardown(test_graph_capture_and_replay, reset_device),
        cmocka_unit_test_teardown(test_graph_rules, reset_device),
        cmocka_unit_test_teardown(test_graph_create_capture_into_dump, reset_device),
        cmocka_unit_test_teardown(test_graph_events_across_sessions, reset_device),
        cmocka_unit_test_teardown(test_graph_executions_serialise, reset_device),
        cmocka_unit_test_teardown(test_mutable_updates, reset_device),
        cmocka_unit_test_teardown(test_mutable_events, reset_device),
        cmocka_unit_test_teardown(test_mutable_counter_based_signal, reset_device),
        cmocka_unit_test_teardown(test_mutable_kernels, reset_device),
        cmocka_unit_test_teardown(test_physical_properties, reset_device),
        cmocka_unit_test_teardown(test_physical_host_memory, reset_device),
        cmocka_unit_test_teardown(test_mem_ipc_put_and_fd, reset_device),
        cmocka_unit_test_teardown(test_mem_ipc_physical, reset_device),
        cmocka_unit_test_teardown(test_readonly_capability, reset_device),
    };
    return cmocka_run_group_tests_name("ze_sim modern", tests, group_setup, group_teardown);
}
