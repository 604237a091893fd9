/* minimal.c - the smallest complete pti-callback tool (pti-callback example).

   What it demonstrates: the whole life of a subscriber. Subscribe, enable
   GPU_OPERATION_APPENDED and GPU_OPERATION_COMPLETED (EXIT), print one line per operation, read
   a completed operation's device time with pticGetOperationInfo, pticFlush before the results
   are read, unsubscribe. The program runs a tiny Level Zero workload of its own: a fill, a copy
   and, on the simulated device, a kernel.

     make build/minimal && ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so ./build/minimal
*/
#define PTI_CALLBACK_IMPLEMENTATION
#include "pti_callback.h"

#include <level_zero/ze_api.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_uint appended, completed; /* callbacks run on several threads */

static void on_record(pti_callback_domain domain, pti_api_group_id group, uint32_t api_id,
                      pti_backend_ctx_t context, void* cb_data, void* user_data,
                      void** instance_user_data) {
  const pti_callback_gpu_op_data* rec = cb_data; /* what both enabled domains deliver */
  (void)group, (void)api_id, (void)context, (void)user_data, (void)instance_user_data;
  for (uint32_t i = 0; i < rec->_operation_count; i++) {
    const char* name = rec->_operation_details[i]._name;
    ptic_op_info op;
    if (pticGetOperationInfo(rec, i, &op) != PTI_SUCCESS) continue;
    if (domain == PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED) {
      printf("appended  op %llu %s\n", (unsigned long long)op.operation_id, name);
      atomic_fetch_add(&appended, 1);
    } else if (op.status == PTIC_OP_COMPLETED) {
      printf("completed op %llu %s: %.3f us on the device\n", (unsigned long long)op.operation_id,
             name, (double)(op.end_ns - op.start_ns) / 1e3);
      atomic_fetch_add(&completed, 1);
    } else {
      printf("lost      op %llu %s\n", (unsigned long long)op.operation_id, name);
    }
  }
}

static void run_workload(void);

int main(void) {
  pti_callback_subscriber_handle sub;
  if (ptiCallbackSubscribe(&sub, on_record, NULL) != PTI_SUCCESS || /* PTI_SUCCESS is 0 */
      ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_APPENDED, 0, 1) ||
      ptiCallbackEnableDomain(sub, PTI_CB_DOMAIN_DRIVER_GPU_OPERATION_COMPLETED, 0, 1)) {
    fprintf(stderr, "minimal: cannot trace Level Zero (no driver?)\n");
    return 1;
  }
  run_workload();
  pticFlush(1000000000);       /* completions not delivered yet: now (waits up to 1 s) */
  ptiCallbackUnsubscribe(sub); /* no callback runs after this */
  unsigned a = atomic_load(&appended), c = atomic_load(&completed);
  printf("minimal: %u operations appended, %u completed: %s\n", a, c,
         a > 0 && a == c ? "OK" : "FAILED");
  return a > 0 && a == c ? 0 : 1;
}

/* ---- the application: plain Level Zero ---- */

#define ZE(call)                                                      \
  do {                                                                \
    if ((call) != ZE_RESULT_SUCCESS) {                                \
      fprintf(stderr, "minimal: %s failed (line %d)\n", #call, __LINE__); \
      exit(1);                                                        \
    }                                                                 \
  } while (0)

static void run_workload(void) {
  uint32_t n = 1;
  uint8_t pattern = 0x5a;
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t ctx;
  ze_command_list_handle_t list;
  void *dev, *host;
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  /* synchronous: each append returns when the device is done with it */
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ZE(zeInit(0));
  ZE(zeDriverGet(&n, &driver));
  ZE(zeDeviceGet(driver, &n, &device));
  ZE(zeContextCreate(driver, &cd, &ctx));
  ZE(zeCommandListCreateImmediate(ctx, device, &qd, &list));
  ZE(zeMemAllocDevice(ctx, &dd, 4096, 64, device, &dev));
  ZE(zeMemAllocHost(ctx, &hd, 4096, 64, &host));
  ZE(zeCommandListAppendMemoryFill(list, dev, &pattern, 1, 4096, NULL, 0, NULL));

  /* a kernel, when the device takes the simulated device's text module (tests/sim) */
  static const char text[] = "kernel hello 20000\n";
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE,
                         sizeof text - 1, (const uint8_t*)text, NULL, NULL};
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "hello"};
  ze_group_count_t groups = {1, 1, 1};
  ze_module_handle_t module;
  ze_kernel_handle_t kernel;
  if (zeModuleCreate(ctx, device, &md, &module, NULL) == ZE_RESULT_SUCCESS) {
    ZE(zeKernelCreate(module, &kd, &kernel));
    ZE(zeCommandListAppendLaunchKernel(list, kernel, &groups, NULL, 0, NULL));
    ZE(zeKernelDestroy(kernel));
    ZE(zeModuleDestroy(module));
  }

  ZE(zeCommandListAppendMemoryCopy(list, host, dev, 4096, NULL, 0, NULL));
  if (((uint8_t*)host)[4095] != pattern) fprintf(stderr, "minimal: the copy did not arrive\n");
  ZE(zeMemFree(ctx, host));
  ZE(zeMemFree(ctx, dev));
  ZE(zeCommandListDestroy(list));
  ZE(zeContextDestroy(ctx));
}
