/* workload.c - a small Level Zero application to trace (pti-callback example).

   What it demonstrates: the Level Zero calls a profiling tool sees in a typical program. Two
   threads share one context and one module of three kernels; each thread creates its own
   kernels and
     - on an immediate list: fills device memory, launches the kernels, appends a barrier and
       copies the result back to host memory, then waits on an event (zeEventHostSynchronize);
     - on a regular list: copies host memory to the device, launches the kernels, copies the
       device buffer to shared memory and fills host memory; it executes the list on its own
       command queue twice, waiting once on a fence (zeFenceHostSynchronize) and once on the
       queue (zeCommandQueueSynchronize).
   It checks the copied and filled bytes and prints what it appended and what the device
   executed, for a tool such as ze_trace.c to be compared with. It uses Level Zero only (no
   pti-callback header).

   The module is text in the format of the simulated device (tests/sim/ze_sim.h); a real GPU
   rejects it, and the workload then says so and exits with status 0.

     make build/workload && ZE_ENABLE_ALT_DRIVERS=$PWD/build/libze_sim.so ./build/workload
*/
#include <level_zero/ze_api.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 2
#define ROUNDS 2       /* kernel rounds per list */
#define KERNELS 3      /* kernels in the module */
#define SIZE 4096      /* bytes per buffer */
#define RUNS 2         /* executions of each regular list (worker() executes it twice) */

static const char module_text[] =
    "kernel vadd 200000\n"
    "kernel vmul 50000\n"
    "kernel reduce 120000\n";
static const char* const kernel_names[KERNELS] = {"vadd", "vmul", "reduce"};

/* What the program appends, known before it runs. Per thread, immediate list: 1 fill,
   KERNELS*ROUNDS kernels, 1 barrier, 1 copy; regular list (executed RUNS times): 2 copies,
   1 barrier, KERNELS*ROUNDS kernels, 1 fill. */
enum {
  N_KERNELS = THREADS * 2 * KERNELS * ROUNDS,
  N_COPIES = THREADS * 3,
  N_FILLS = THREADS * 2,
  N_BARRIERS = THREADS * 2,
  N_APPENDS = N_KERNELS + N_COPIES + N_FILLS + N_BARRIERS,
  N_KERNELS_CREATED = THREADS * KERNELS,
  /* what the device executes: the immediate list's operations once, the regular list's RUNS
     times */
  X_PER_KERNEL = THREADS * ROUNDS * (1 + RUNS),
  X_COPIES = THREADS * (1 + 2 * RUNS),
  X_FILLS = THREADS * (1 + RUNS),
  X_BARRIERS = THREADS * (1 + RUNS),
  X_ALL = KERNELS * X_PER_KERNEL + X_COPIES + X_FILLS + X_BARRIERS
};

static ze_context_handle_t context;
static ze_device_handle_t device;
static ze_module_handle_t module;
static ze_event_handle_t done_event[THREADS];

/* Prints the error and ends the process. exit() must not run twice at once: a second thread
   failing meanwhile waits on the lock until the process is gone. */
static pthread_mutex_t die_lock = PTHREAD_MUTEX_INITIALIZER;
static void die(const char* fmt, ...) {
  va_list args;
  pthread_mutex_lock(&die_lock);
  va_start(args, fmt);
  fputs("workload: ", stderr);
  vfprintf(stderr, fmt, args);
  va_end(args);
  exit(1);
}

static void check(ze_result_t r, const char* call, int line) {
  if (r != ZE_RESULT_SUCCESS) die("%s failed with 0x%x (line %d)\n", call, (unsigned)r, line);
}
#define ZE(call) check((call), #call, __LINE__)

static void expect_bytes(const void* p, uint8_t value, const char* what) {
  const uint8_t* b = (const uint8_t*)p;
  for (size_t i = 0; i < SIZE; i++)
    if (b[i] != value) die("%s: byte %zu is 0x%02x, expected 0x%02x\n", what, i, b[i], value);
}

static void launch_all(ze_command_list_handle_t list, ze_kernel_handle_t* k) {
  ze_group_count_t groups = {64, 1, 1};
  for (int r = 0; r < ROUNDS; r++)
    for (int i = 0; i < KERNELS; i++)
      ZE(zeCommandListAppendLaunchKernel(list, k[i], &groups, NULL, 0, NULL));
}

static void* worker(void* arg) {
  int t = (int)(intptr_t)arg;
  uint8_t fill_a = (uint8_t)(0xA0 + t), host_b = (uint8_t)(0xB0 + t), fill_c = (uint8_t)(0xC0 + t);

  ze_kernel_handle_t k[KERNELS];
  for (int i = 0; i < KERNELS; i++) {
    ze_kernel_desc_t kd = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, kernel_names[i]};
    ZE(zeKernelCreate(module, &kd, &k[i]));
  }

  ze_device_mem_alloc_desc_t dd = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC, NULL, 0, 0};
  ze_host_mem_alloc_desc_t hd = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC, NULL, 0};
  void *dev, *shared, *host_in, *host_out;
  ZE(zeMemAllocDevice(context, &dd, SIZE, 64, device, &dev));
  ZE(zeMemAllocShared(context, &dd, &hd, SIZE, 64, device, &shared));
  ZE(zeMemAllocHost(context, &hd, SIZE, 64, &host_in));
  ZE(zeMemAllocHost(context, &hd, SIZE, 64, &host_out));

  /* Immediate list: fill, kernels, barrier, copy back; the copy signals this thread's event. */
  ze_command_queue_desc_t qd = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC, NULL, 0, 0, 0,
                                ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_list_handle_t imm;
  ZE(zeCommandListCreateImmediate(context, device, &qd, &imm));
  ZE(zeCommandListAppendMemoryFill(imm, dev, &fill_a, 1, SIZE, NULL, 0, NULL));
  launch_all(imm, k);
  ZE(zeCommandListAppendBarrier(imm, NULL, 0, NULL));
  ZE(zeCommandListAppendMemoryCopy(imm, host_out, dev, SIZE, done_event[t], 0, NULL));
  ZE(zeEventHostSynchronize(done_event[t], UINT64_MAX));
  expect_bytes(host_out, fill_a, "immediate list: fill then copy to host");

  /* Regular list on this thread's queue: upload, kernels, copy to shared memory, fill. */
  ze_command_queue_handle_t queue;
  ze_command_list_handle_t list;
  ze_command_list_desc_t ld = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0, 0};
  ZE(zeCommandQueueCreate(context, device, &qd, &queue));
  ZE(zeCommandListCreate(context, device, &ld, &list));
  memset(host_in, host_b, SIZE);
  ZE(zeCommandListAppendMemoryCopy(list, dev, host_in, SIZE, NULL, 0, NULL));
  ZE(zeCommandListAppendBarrier(list, NULL, 0, NULL));
  launch_all(list, k);
  ZE(zeCommandListAppendMemoryCopy(list, shared, dev, SIZE, NULL, 0, NULL));
  ZE(zeCommandListAppendMemoryFill(list, host_out, &fill_c, 1, SIZE, NULL, 0, NULL));
  ZE(zeCommandListClose(list));

  ze_fence_desc_t fd = {ZE_STRUCTURE_TYPE_FENCE_DESC, NULL, 0};
  ze_fence_handle_t fence;
  ZE(zeFenceCreate(queue, &fd, &fence));
  ZE(zeCommandQueueExecuteCommandLists(queue, 1, &list, fence));
  ZE(zeFenceHostSynchronize(fence, UINT64_MAX));
  expect_bytes(shared, host_b, "regular list: copy to shared memory");
  expect_bytes(host_out, fill_c, "regular list: fill of host memory");

  /* A closed list runs again as is: clear the outputs and execute it once more. */
  memset(shared, 0, SIZE);
  memset(host_out, 0, SIZE);
  ZE(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
  ZE(zeCommandQueueSynchronize(queue, UINT64_MAX));
  expect_bytes(shared, host_b, "regular list, second run: copy to shared memory");
  expect_bytes(host_out, fill_c, "regular list, second run: fill of host memory");

  ZE(zeFenceDestroy(fence));
  ZE(zeCommandListDestroy(list));
  ZE(zeCommandQueueDestroy(queue));
  ZE(zeCommandListDestroy(imm));
  ZE(zeMemFree(context, host_out));
  ZE(zeMemFree(context, host_in));
  ZE(zeMemFree(context, shared));
  ZE(zeMemFree(context, dev));
  for (int i = 0; i < KERNELS; i++) ZE(zeKernelDestroy(k[i]));
  return NULL;
}

int main(void) {
  if (zeInit(0) != ZE_RESULT_SUCCESS)
    die("no Level Zero driver (for the simulated device set "
        "ZE_ENABLE_ALT_DRIVERS=/abs/path/build/libze_sim.so)\n");
  uint32_t n = 1;
  ze_driver_handle_t driver;
  ZE(zeDriverGet(&n, &driver));
  n = 1;
  ZE(zeDeviceGet(driver, &n, &device));
  ze_context_desc_t cd = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE(zeContextCreate(driver, &cd, &context));

  ze_module_desc_t md = {ZE_STRUCTURE_TYPE_MODULE_DESC, NULL, ZE_MODULE_FORMAT_NATIVE,
                         sizeof module_text - 1, (const uint8_t*)module_text, NULL, NULL};
  if (zeModuleCreate(context, device, &md, &module, NULL) != ZE_RESULT_SUCCESS) {
    printf("workload: no simulated device (the module is tests/sim text; run with "
           "ZE_ENABLE_ALT_DRIVERS=/abs/path/libze_sim.so): skipped\n");
    ZE(zeContextDestroy(context));
    return 0;
  }

  ze_event_pool_desc_t pd = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                             ZE_EVENT_POOL_FLAG_HOST_VISIBLE, THREADS};
  ze_event_pool_handle_t pool;
  ZE(zeEventPoolCreate(context, &pd, 1, &device, &pool));
  for (uint32_t i = 0; i < THREADS; i++) {
    ze_event_desc_t ed = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, i, ZE_EVENT_SCOPE_FLAG_HOST,
                          ZE_EVENT_SCOPE_FLAG_HOST};
    ZE(zeEventCreate(pool, &ed, &done_event[i]));
  }

  pthread_t threads[THREADS];
  for (int t = 0; t < THREADS; t++) {
    if (pthread_create(&threads[t], NULL, worker, (void*)(intptr_t)t) != 0)
      die("pthread_create failed\n");
  }
  for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);

  for (int i = 0; i < THREADS; i++) ZE(zeEventDestroy(done_event[i]));
  ZE(zeEventPoolDestroy(pool));
  ZE(zeModuleDestroy(module));
  ZE(zeContextDestroy(context));

  printf("workload: %d kernels, %d copies, %d fills, %d barriers on %d threads: OK\n", N_KERNELS,
         N_COPIES, N_FILLS, N_BARRIERS, THREADS);
  printf("appends=%d kernels_created=%d\n", N_APPENDS, N_KERNELS_CREATED);
  printf("executed=%d", X_ALL);
  for (int i = 0; i < KERNELS; i++) printf(" %s=%d", kernel_names[i], X_PER_KERNEL);
  printf(" copies=%d fills=%d barriers=%d\n", X_COPIES, X_FILLS, X_BARRIERS);
  printf("host_syncs zeEventHostSynchronize=%d zeFenceHostSynchronize=%d "
         "zeCommandQueueSynchronize=%d\n", THREADS, THREADS, THREADS);
  return 0;
}
