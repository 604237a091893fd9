/* test_sim_tracer.c - a plain zelTracer of the loader's tracing layer sees calls that land on
   the simulated device, with the sim's own handles; and the sim shuts down cleanly at exit with
   work still in flight. Run with ZE_ENABLE_TRACING_LAYER=1. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <level_zero/layers/zel_tracing_api.h>
#include <level_zero/layers/zel_tracing_register_cb.h>
#include <level_zero/ze_api.h>
#include <string.h>

#include "ze_sim.h"

#define OK(call) assert_int_equal((call), ZE_RESULT_SUCCESS)

typedef struct counts {
    int launch_pro, launch_epi, sync_pro, sync_epi;
    ze_command_list_handle_t seen_list;
    ze_event_handle_t seen_event;
    ze_result_t sync_result;
} counts;

static void ZE_APICALL on_launch_pro(ze_command_list_append_launch_kernel_params_t *p, ze_result_t r, void *user,
                                     void **inst) {
    counts *c = user;
    (void)r;
    (void)inst;
    c->launch_pro++;
    c->seen_list = *p->phCommandList;
}

static void ZE_APICALL on_launch_epi(ze_command_list_append_launch_kernel_params_t *p, ze_result_t r, void *user,
                                     void **inst) {
    counts *c = user;
    (void)p;
    (void)inst;
    assert_int_equal(r, ZE_RESULT_SUCCESS);
    c->launch_epi++;
}

static void ZE_APICALL on_sync_pro(ze_event_host_synchronize_params_t *p, ze_result_t r, void *user, void **inst) {
    counts *c = user;
    (void)r;
    (void)inst;
    c->sync_pro++;
    c->seen_event = *p->phEvent;
}

static void ZE_APICALL on_sync_epi(ze_event_host_synchronize_params_t *p, ze_result_t r, void *user, void **inst) {
    counts *c = user;
    (void)p;
    (void)inst;
    c->sync_epi++;
    c->sync_result = r;
}

static void test_tracer_sees_sim_calls(void **state) {
    static const char text[] = "kernel k 1000\n";
    counts c;
    ze_sim_hooks_t sim;
    zel_tracer_desc_t td = { ZEL_STRUCTURE_TYPE_TRACER_DESC, NULL, &c };
    zel_tracer_handle_t tracer = NULL;
    zel_core_callbacks_t pro, epi;
    ze_driver_handle_t drv = NULL;
    ze_device_handle_t dev = NULL;
    ze_context_handle_t ctx = NULL;
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_module_desc_t md = { ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof text - 1,
                            (const uint8_t *)text, NULL, NULL };
    ze_module_handle_t mod = NULL;
    ze_kernel_desc_t kd = { ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "k" };
    ze_kernel_handle_t k = NULL;
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, 0, 0 };
    ze_command_list_handle_t l = NULL;
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1 };
    ze_event_pool_handle_t pool = NULL;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0 };
    ze_event_handle_t ev = NULL;
    ze_group_count_t gc = { 1, 1, 1 };
    ze_sim_command_record_t r;
    uint32_t n = 1;
    (void)state;
    memset(&c, 0, sizeof c);
    memset(&sim, 0, sizeof sim);
    OK(zeInit(0));
    assert_int_equal(ze_sim_hooks_load(&sim), 0);
    OK(zeDriverGet(&n, &drv));
    OK(zeDeviceGet(drv, &n, &dev));
    OK(zelTracerCreate(&td, &tracer));
    memset(&pro, 0, sizeof pro);
    memset(&epi, 0, sizeof epi);
    pro.CommandList.pfnAppendLaunchKernelCb = on_launch_pro;
    epi.CommandList.pfnAppendLaunchKernelCb = on_launch_epi;
    OK(zelTracerSetPrologues(tracer, &pro));
    OK(zelTracerSetEpilogues(tracer, &epi));
    /* the per-API registration path too */
    OK(zelTracerEventHostSynchronizeRegisterCallback(tracer, ZEL_REGISTER_PROLOGUE, on_sync_pro));
    OK(zelTracerEventHostSynchronizeRegisterCallback(tracer, ZEL_REGISTER_EPILOGUE, on_sync_epi));
    OK(zelTracerSetEnabled(tracer, 1));

    OK(zeContextCreate(drv, &cd, &ctx));
    OK(zeModuleCreate(ctx, dev, &md, &mod, NULL));
    OK(zeKernelCreate(mod, &kd, &k));
    OK(zeCommandListCreateImmediate(ctx, dev, &qd, &l));
    OK(zeEventPoolCreate(ctx, &pd, 0, NULL, &pool));
    OK(zeEventCreate(pool, &ed, &ev));
    sim.LogClear();
    OK(zeCommandListAppendLaunchKernel(l, k, &gc, ev, 0, NULL));
    OK(zeCommandListAppendLaunchKernel(l, k, &gc, NULL, 0, NULL));
    OK(zeEventHostSynchronize(ev, UINT64_MAX));
    assert_int_equal(zeEventHostSynchronize(NULL, 0), ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    OK(sim.WaitIdle(UINT64_MAX));

    assert_int_equal(c.launch_pro, 2);
    assert_int_equal(c.launch_epi, 2);
    assert_int_equal(c.sync_pro, 2);
    assert_int_equal(c.sync_epi, 2);
    assert_int_equal(c.sync_result, ZE_RESULT_ERROR_INVALID_NULL_HANDLE);
    /* The tracer saw the handles the sim itself records. */
    assert_int_equal(sim.LogCount(), 2);
    OK(sim.LogGet(0, &r));
    assert_ptr_equal(r.command_list, l);
    assert_ptr_equal(r.signal_event, ev);
    assert_ptr_equal(c.seen_list, l);

    OK(zelTracerSetEnabled(tracer, 0));
    OK(zeCommandListAppendLaunchKernel(l, k, &gc, NULL, 0, NULL));
    assert_int_equal(c.launch_pro, 2);
    OK(zelTracerDestroy(tracer));

    OK(zeCommandListDestroy(l));
    OK(zeEventDestroy(ev));
    OK(zeEventPoolDestroy(pool));
    OK(zeKernelDestroy(k));
    OK(zeModuleDestroy(mod));
    OK(zeContextDestroy(ctx));
}

/* Leaves work in flight and objects alive on purpose: at process exit the sim's destructor
   must cancel the blocked command, join its workers and free everything (valgrind and ASan
   check that nothing leaks and that the exit does not hang). */
static void test_exit_with_work_in_flight(void **state) {
    ze_sim_hooks_t sim;
    ze_driver_handle_t drv = NULL;
    ze_device_handle_t dev = NULL;
    ze_context_handle_t ctx = NULL;
    ze_context_desc_t cd = { ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0 };
    ze_command_queue_desc_t qd = { ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0, 0, 0 };
    ze_command_list_handle_t l = NULL;
    ze_event_pool_desc_t pd = { ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, 0, 2 };
    ze_event_pool_handle_t pool = NULL;
    ze_event_desc_t ed = { ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, 0, 0 };
    ze_event_handle_t never = NULL;
    ze_host_mem_alloc_desc_t hd = { ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0 };
    void *buf = NULL;
    uint32_t n = 1;
    (void)state;
    memset(&sim, 0, sizeof sim);
    OK(zeInit(0));
    assert_int_equal(ze_sim_hooks_load(&sim), 0);
    OK(zeDriverGet(&n, &drv));
    OK(zeDeviceGet(drv, &n, &dev));
    OK(zeContextCreate(drv, &cd, &ctx));
    OK(zeCommandListCreateImmediate(ctx, dev, &qd, &l));
    OK(zeEventPoolCreate(ctx, &pd, 0, NULL, &pool));
    OK(zeEventCreate(pool, &ed, &never));
    OK(zeMemAllocHost(ctx, &hd, 64, 0, &buf));
    OK(zeCommandListAppendMemoryFill(l, buf, &n, sizeof n, 64, NULL, 1, &never));
    OK(zeCommandListAppendBarrier(l, NULL, 0, NULL));
    assert_int_equal(sim.PendingCount(), 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tracer_sees_sim_calls),
        cmocka_unit_test(test_exit_with_work_in_flight),
    };
    return cmocka_run_group_tests_name("ze_sim_tracer", tests, NULL, NULL);
}
