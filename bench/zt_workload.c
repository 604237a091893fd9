/* zt_workload.c - the workload of the ze_trace rows of `make bench` (bench/zt_run.sh, issue 39).

   Kernels, copies and fills on an immediate and on a regular command list, using Level Zero only
   (no pti-callback header), so that any tool (ze_trace, unitrace) can be measured on it:
     immediate list  N rounds of: a launch of a 1 us kernel, a 64-byte copy from host to device
                     memory, a 64-byte fill of device memory; every 64 rounds (and the last
                     round) the fill signals an event, which the host waits for and resets
     regular list    N rounds of the same, appended once, closed, executed X times on a queue,
                     each execution followed by zeCommandQueueSynchronize
   With -k K the immediate list is left out and the regular list holds K kernel launches only,
   executed X times: the memory a tool keeps per kernel record.

   usage: zt_workload [-n N] [-k K] [-x X]    (defaults: N 1024, X 2)
   Prints the operations appended and executed: `appended=A executed=E`. */
#include <level_zero/ze_api.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 64 /* immediate-list rounds between two waits */

static void check(ze_result_t r, const char* call, int line) {
  if (r == ZE_RESULT_SUCCESS) return;
  fprintf(stderr, "zt_workload: %s failed with 0x%x (line %d)\n", call, (unsigned)r, line);
  exit(1);
}
#define ZE(call) check((call), #call, __LINE__)

static unsigned long arg(char** argv, int* i, int argc) {
  if (*i + 1 >= argc) {
    fprintf(stderr, "zt_workload: %s needs a number\n", argv[*i]);
    exit(2);
  }
  return strtoul(argv[++*i], NULL, 10);
}

int main(int argc, char** argv) {
  unsigned long rounds = 1024, kernels = 0, runs = 2;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n")) rounds = arg(argv, &i, argc);
    else if (!strcmp(argv[i], "-k")) kernels = arg(argv, &i, argc);
    else if (!strcmp(argv[i], "-x")) runs = arg(argv, &i, argc);
    else {
      fprintf(stderr, "usage: zt_workload [-n N] [-k K] [-x X]\n");
      return 2;
    }
  }
  static const char text[] = "kernel k 1000\n";
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t context;
  ze_module_handle_t module;
  ze_kernel_handle_t kernel;
  uint32_t n = 1;
  ZE(zeInit(0));
  ZE(zeDriverGet(&n, &driver));
  n = 1;
  ZE(zeDeviceGet(driver, &n, &device));
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE(zeContextCreate(driver, &cd, &context));
  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE, sizeof text - 1,
                         (const uint8_t*)text, NULL, NULL};
  ZE(zeModuleCreate(context, device, &md, &module, NULL));
  ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "k"};
  ZE(zeKernelCreate(module, &kd, &kernel));
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  void *host, *dev;
  ZE(zeMemAllocHost(context, &hd, 4096, 64, &host));
  ZE(zeMemAllocDevice(context, &dd, 4096, 64, device, &dev));
  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL, ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
  ze_event_pool_handle_t pool;
  ZE(zeEventPoolCreate(context, &pd, 1, &device, &pool));
  ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0, ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t ev;
  ZE(zeEventCreate(pool, &ed, &ev));
  const ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                      ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS, ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  const ze_group_count_t groups = {1, 1, 1};
  static const uint32_t pattern = 0;
  unsigned long appended = 0, executed = 0;

  if (!kernels) { /* the immediate list */
    ze_command_list_handle_t imm;
    ZE(zeCommandListCreateImmediate(context, device, &qd, &imm));
    for (unsigned long r = 0; r < rounds; r++) {
      int last = r % BATCH == BATCH - 1 || r == rounds - 1;
      ZE(zeCommandListAppendLaunchKernel(imm, kernel, &groups, NULL, 0, NULL));
      ZE(zeCommandListAppendMemoryCopy(imm, (char*)dev + 64, (char*)host + 128, 64, NULL, 0, NULL));
      ZE(zeCommandListAppendMemoryFill(imm, (char*)dev + 256, &pattern, sizeof pattern, 64, last ? ev : NULL, 0, NULL));
      if (last) {
        ZE(zeEventHostSynchronize(ev, UINT64_MAX));
        ZE(zeEventHostReset(ev));
      }
    }
    ZE(zeCommandListDestroy(imm));
    appended += 3 * rounds;
    executed += 3 * rounds;
  }

  /* the regular list */
  ze_command_queue_handle_t queue;
  ze_command_list_handle_t list;
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ZE(zeCommandQueueCreate(context, device, &qd, &queue));
  ZE(zeCommandListCreate(context, device, &ld, &list));
  unsigned long ops = kernels ? kernels : 3 * rounds;
  for (unsigned long r = 0; r < (kernels ? kernels : rounds); r++) {
    ZE(zeCommandListAppendLaunchKernel(list, kernel, &groups, NULL, 0, NULL));
    if (kernels) continue;
    ZE(zeCommandListAppendMemoryCopy(list, (char*)dev + 64, (char*)host + 128, 64, NULL, 0, NULL));
    ZE(zeCommandListAppendMemoryFill(list, (char*)dev + 256, &pattern, sizeof pattern, 64, NULL, 0, NULL));
  }
  ZE(zeCommandListClose(list));
  for (unsigned long x = 0; x < runs; x++) {
    ZE(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
    ZE(zeCommandQueueSynchronize(queue, UINT64_MAX));
  }
  appended += ops;
  executed += ops * runs;
  ZE(zeCommandListDestroy(list));
  ZE(zeCommandQueueDestroy(queue));

  ZE(zeEventDestroy(ev));
  ZE(zeEventPoolDestroy(pool));
  ZE(zeMemFree(context, host));
  ZE(zeMemFree(context, dev));
  ZE(zeKernelDestroy(kernel));
  ZE(zeModuleDestroy(module));
  ZE(zeContextDestroy(context));
  printf("appended=%lu executed=%lu\n", appended, executed);
  return 0;
}
